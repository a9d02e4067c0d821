#!/bin/sh
# Second 400-game Ys 4p match (threshold=0.3 default): new ismcts:ms=25 vs three old (7729645) ismcts:ms=25.
# Eight shard runners over rotations 1-100 of seed 2702 (the same deals as the first match).
cd /work/wt/27a
NEW=/work/tmp27a/final2/gemgames
FB="--fallback '$NEW engine --bot ismcts:ms=25'"
OLDYS="/usr/bin/python3 tools/proto1_shim.py $FB /work/wt/old27/build/rel/gemgames engine --bot"
for r in "1 13" "14 25" "26 38" "39 50" "51 63" "64 75" "76 88" "89 100"; do
  set -- $r
  nohup nice -n 10 scripts/match-shards.sh /work/tmp27a/final2/ys $1 $2 5 $NEW match --game ys --players 4 \
    --seed 2702 --threads 1 --bots "ismcts:ms=25,engine:$OLDYS ismcts:ms=25" > /work/tmp27a/final2/runner-$1.log 2>&1 &
done
