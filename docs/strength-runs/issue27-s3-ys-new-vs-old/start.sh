#!/bin/sh
# The 400-game Ys 4p match: new (this binary, default spec ismcts:ms=25) vs three old (7729645) at ms=25.
# Run from /work/wt/27a (tools/proto1_shim.py). Four shard runners over rotations 1-100 of seed 2702.
cd /work/wt/27a
NEW=/work/tmp27a/final/gemgames
FB="--fallback '$NEW engine --bot ismcts:ms=25'"
OLDYS="/usr/bin/python3 tools/proto1_shim.py $FB /work/wt/old27/build/rel/gemgames engine --bot"
for r in "1 25" "26 50" "51 75" "76 100"; do
  set -- $r
  nohup nice -n 10 scripts/match-shards.sh /work/tmp27a/final/ys $1 $2 5 $NEW match --game ys --players 4 \
    --seed 2702 --threads 1 --bots "ismcts:ms=25,engine:$OLDYS ismcts:ms=25" > /work/tmp27a/final/runner-$1.log 2>&1 &
done
