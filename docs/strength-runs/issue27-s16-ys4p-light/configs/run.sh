#!/bin/sh
# Every Ys variant whose default changed (full rollouts: light now), ismcts:iters=1000 vs the heuristic, seed 2801, 400 games
B=/tmp/s16/new   # this session's branch at d89bb8e
cd /tmp/s16/configs
$B match --game ys --players 4 --option kings_favour=on --games 400 --seed 2801 --threads 2 --json --bots ismcts:iters=1000,heuristic > kings_favour.json
$B match --game ys --players 4 --option express=on --games 400 --seed 2801 --threads 2 --json --bots ismcts:iters=1000,heuristic > express.json
$B match --game ys --players 4 --option ysplus=on --option events=on --games 400 --seed 2801 --threads 2 --json --bots ismcts:iters=1000,heuristic > ysplus_events.json
echo done
