#!/bin/sh
# today's default (74e6137, ismcts:ms=25 = widening k=1 from 3 players) against three
# 7729645 bots (ismcts:ms=25, through tools/proto1_shim.py), Ys 4p, match seed 2803,
# rotations $1..$2 (shards of 5 rotations = 20 games) into /tmp/27ym/A
cd /work/wt/27ym
NEW=/tmp/27ym/new
FB="--fallback '$NEW engine --bot ismcts:ms=25'"
OLDYS="/usr/bin/python3 tools/proto1_shim.py $FB /work/wt/old27/build/rel/gemgames engine --bot"
nice -n 10 scripts/match-shards.sh /tmp/27ym/A $1 $2 5 $NEW match --game ys --players 4 \
    --seed 2803 --threads 1 --bots "ismcts:ms=25,engine:$OLDYS ismcts:ms=25"
