#!/bin/sh
# Retrains a Ys learned evaluation (docs/bots.md, "Learned evaluation")
# from the outcomes of ISMCTS self-play: two self-play runs side by side (one
# per core, seeds 11 and 12, GAMES_PER_RUN games each, ismcts:iters=200:soft=0:depth=0
# in every seat: the search as it was before soft= became its default from 4
# players and before a trained network became its default cut-off (depth=0:
# full rollouts, so a retraining plays the same games whether or not a
# network is already there); 10% random decisions, a sample every other
# decision), then training
# on both runs' samples (seed 1, hidden 8, 3 epochs) into data/learn/ys-Np.value.
#   scripts/train-value-ys.sh [GAMES_PER_RUN [PLAYERS]]     (defaults 2000, 4)
# Ys 4p: about 14 minutes on two free cores and 1 GB of memory with the
# defaults; the samples stay in build/train-ys/ (build/train-ys-Np/ for other
# player counts). The same command gives the same file (with the same
# compiler and libm).
set -eu
games=${1:-2000}
players=${2:-4}
case $players in 2|3|4|5) ;; *) echo "train-value-ys: PLAYERS is 2 to 5" >&2; exit 2 ;; esac
dir=build/train-ys
[ "$players" = 4 ] || dir=build/train-ys-${players}p
mkdir -p $dir
make build/rel/train_value
selfplay() {
    build/rel/train_value --game ys --players "$players" --games "$games" --seed "$1" \
        --policy bot:ismcts:iters=200:soft=0:depth=0 --hidden 8 --epochs 1 --every 2 --epsilon 0.1 \
        --data "$dir/run-$1.data" --out "$dir/run-$1.value"
}
selfplay 11 & a=$!
selfplay 12 & b=$!
wait $a
wait $b
build/rel/train_value --game ys --players "$players" --games $((2 * games)) --seed 1 \
    --load "$dir/run-11.data,$dir/run-12.data" --hidden 8 --epochs 3 --every 2 \
    --policy bot:ismcts:iters=200:soft=0:depth=0 --out data/learn/ys-${players}p.value
make build/rel/gemgames
