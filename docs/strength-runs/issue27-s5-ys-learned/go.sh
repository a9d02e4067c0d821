#!/bin/sh
# Issue 27, fifth session: the learned Ys evaluation against today's default (docs/strength.md,
# "a learned Ys evaluation"). As run, from the repository root of branch s5-27ylv at e8c4d4c,
# with NEW = that build/rel/gemgames copied aside; two runners side by side, nice -n 10.
NEW=${NEW:-/tmp/27ylv/bin/new}
R=docs/strength-runs/issue27-s5-ys-learned
# equal time, 25 ms a move for all four seats
for D in 10 30; do
  nice -n 10 scripts/match-shards.sh $R/ms25-depth$D 1 15 5 $NEW match --game ys --players 4 \
      --seed 100 --threads 1 --bots ismcts:ms=25:depth=$D:eval=learned,ismcts:ms=25 &
done; wait
# equal iterations
for D in 10 30; do
  nice -n 10 scripts/match-shards.sh $R/iters1000-depth$D 1 15 5 $NEW match --game ys --players 4 \
      --seed 100 --threads 1 --bots ismcts:iters=1000:depth=$D:eval=learned,ismcts:iters=1000 &
done; wait
for d in $R/ms25-depth* $R/iters1000-depth*; do $NEW match --combine $d/seeds-*.json >$d/combined.txt; done
