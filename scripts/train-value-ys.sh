#!/bin/sh
# Retrains the Ys 4p learned evaluation (docs/bots.md, "Learned evaluation")
# from the outcomes of ISMCTS self-play: two self-play runs side by side (one
# per core, seeds 11 and 12, 2,000 games each, ismcts:iters=200:soft=0 in every
# seat: the search as it was before soft= became its Ys 4p default; 10% random
# decisions, a sample every other decision), then training
# on both runs' samples (seed 1, hidden 8, 3 epochs).
#   scripts/train-value-ys.sh [GAMES_PER_RUN]
# About 14 minutes on two free cores and 1 GB of memory with the defaults;
# the samples stay in build/train-ys/. The same command gives the same file
# (with the same compiler and libm).
set -eu
games=${1:-2000}
dir=build/train-ys
mkdir -p $dir
make build/rel/train_value
selfplay() {
    build/rel/train_value --game ys --players 4 --games "$games" --seed "$1" \
        --policy bot:ismcts:iters=200:soft=0 --hidden 8 --epochs 1 --every 2 --epsilon 0.1 \
        --data "$dir/run-$1.data" --out "$dir/run-$1.value"
}
selfplay 11 & a=$!
selfplay 12 & b=$!
wait $a
wait $b
build/rel/train_value --game ys --players 4 --games $((2 * games)) --seed 1 \
    --load "$dir/run-11.data,$dir/run-12.data" --hidden 8 --epochs 3 --every 2 \
    --policy bot:ismcts:iters=200:soft=0 --out data/learn/ys-4p.value
make build/rel/gemgames
