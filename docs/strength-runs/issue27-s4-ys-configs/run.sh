#!/bin/sh
# Every Ys configuration of issue 27's table: ISMCTS (default spec, iters=1000) against the heuristic, 400 games each.
B=/work/base/gemgames
run() { name=$1; shift; nice -n 15 $B match --game ys --games 400 --seed 2801 --threads 1 --json --bots ismcts:iters=1000,heuristic "$@" > $name.json 2> $name.err; echo "$name rc=$? $(date +%T)" >> done.log; }
run ys2p --players 2
run ys3p --players 3
run ys5p --players 5
run ysplus --players 4 --option ysplus=on --option events=on
run kf --players 4 --option kings_favour=on
run express --players 4 --option express=on
