#!/bin/sh
# Retrains the learned evaluation (docs/bots.md, "Learned evaluation") from a
# seed: self-play, training, and the weights file the build turns into C.
#   scripts/train-value.sh [SEED] [GAMES]
# defaults: seed 1, 200000 games, 3 epochs (the committed data/learn/splendor-2p.value:
# 5.5 GB of memory at most, all samples are kept in RAM, and about 7 CPU
# minutes; one thread). The same seed and games
# give the same file (with the same compiler and libm: tanhf and exp round alike).
set -eu
seed=${1:-1}
games=${2:-200000}
make build/rel/train_value
build/rel/train_value --game splendor --players 2 --games "$games" --seed "$seed" \
    --hidden 16 --epochs 3 --lr 0.003 --every 2 --epsilon 0.1 --policy light \
    --out data/learn/splendor-2p.value
make build/rel/gemgames
