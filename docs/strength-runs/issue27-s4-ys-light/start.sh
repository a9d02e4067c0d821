#!/bin/sh
# Fourth session, issue 27: Ys 4p, the new ISMCTS with NEWSPEC (25 ms a move) against three old
# (7729645) ismcts:ms=25 through tools/proto1_shim.py, rotations 1-100 of match seed 2702 (the
# deals of the earlier 400-game matches). Two shard runners (the session's limit of 2 heavy
# processes), niced.
#   start.sh NEW_BINARY NEWSPEC OUTDIR
cd /work/wt/27ys
NEW=$1 SPEC=$2 OUT=$3
FB="--fallback '$NEW engine --bot ismcts:ms=25:rollout=random'"
OLDYS="/usr/bin/python3 tools/proto1_shim.py $FB /work/wt/old27/build/rel/gemgames engine --bot"
mkdir -p "$OUT"
for r in "1 50" "51 100"; do
  set -- $r
  nohup nice -n 10 scripts/match-shards.sh "$OUT/ys" $1 $2 5 "$NEW" match --game ys --players 4 \
    --seed 2702 --threads 1 --bots "$SPEC,engine:$OLDYS ismcts:ms=25" > "$OUT/runner-$1.log" 2>&1 &
done
