#!/bin/sh
# Extra runners: the last shard of each range (rotations 21-25, 46-50, 71-75, 96-100), same match.
cd /work/wt/27a
NEW=/work/tmp27a/final/gemgames
FB="--fallback '$NEW engine --bot ismcts:ms=25'"
OLDYS="/usr/bin/python3 tools/proto1_shim.py $FB /work/wt/old27/build/rel/gemgames engine --bot"
for r in "21 25" "46 50" "71 75" "96 100"; do
  set -- $r
  nohup nice -n 10 scripts/match-shards.sh /work/tmp27a/final/ys $1 $2 5 $NEW match --game ys --players 4 \
    --seed 2702 --threads 1 --bots "ismcts:ms=25,engine:$OLDYS ismcts:ms=25" > /work/tmp27a/final/runner2-$1.log 2>&1 &
done
