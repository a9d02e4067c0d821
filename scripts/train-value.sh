#!/bin/sh
# Retrains the learned evaluation (docs/bots.md, "Learned evaluation") from a
# seed: self-play, training, and the weights file the build turns into C.
#   scripts/train-value.sh [SEED] [GAMES]
# defaults: seed 1, 40000 games, 2 epochs (the committed data/learn/splendor-2p.value:
# about 1.1 GB of memory at most and a few CPU minutes; one thread, so two
# trainings of different seeds can run on two cores). The same seed and games
# give the same file (with the same compiler and libm: tanhf and exp round alike).
set -eu
seed=${1:-1}
games=${2:-40000}
make build/rel/train_value
build/rel/train_value --game splendor --players 2 --games "$games" --seed "$seed" \
    --hidden 16 --epochs 2 --lr 0.003 --every 2 --epsilon 0.1 --policy light \
    --out data/learn/splendor-2p.value
make build/rel/gemgames
