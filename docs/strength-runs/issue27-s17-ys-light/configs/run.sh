#!/bin/sh
# The two Ys configurations whose default became light rollouts in the sixteenth session and were
# not measured then: ismcts:iters=1000 (light by default) and the same with rollout=random (the
# default before), each against the heuristic, 400 games, match seed 2802 (the same deals for both).
B=/tmp/s17/base
cd /tmp/s17/cfg
for r in light random; do
  spec=ismcts:iters=1000; [ $r = random ] && spec=ismcts:iters=1000:rollout=random
  $B match --game ys --players 2 --option strong_neutral=on --games 400 --seed 2802 --threads 2 --json --bots $spec,heuristic > strong_neutral-$r.json
  $B match --game ys --players 3 --option districts=3 --games 402 --seed 2802 --threads 2 --json --bots $spec,heuristic > districts3-$r.json
done
echo done
