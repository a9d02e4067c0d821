#!/bin/sh
B=/work/base/gemgames-widen
S=/work/main/scripts/match-shards.sh
one() { d=$1; last=$2; shift 2; nice -n 19 sh $S $d 1 $last 5 $B match --game ys --seed 2801 --threads 1 --bots ismcts:iters=1000,heuristic "$@" > $d.log 2>&1; echo "$d $(date +%T)" >> done.log; }
one ys3p 35 --players 3
one ys5p 20 --players 5
one ysplus 25 --players 4 --option ysplus=on --option events=on
one kf 25 --players 4 --option kings_favour=on
one express 25 --players 4 --option express=on
