#!/bin/sh
cd /work/main
nice -n 10 scripts/match-shards.sh /tmp/s7/runs/desc $1 $2 5 /tmp/s7/base match --game ys \
    --players 4 --seed 2805 --threads 1 --bots ismcts:iters=1000,heuristic,heuristic,heuristic
