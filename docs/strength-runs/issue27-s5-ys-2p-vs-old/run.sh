#!/bin/sh
# Ys 2p at equal time: today's default (74e6137, ismcts:ms=25; no widening in 2p) against
# 7729645 (ismcts:ms=25, through tools/proto1_shim.py), match seed 2805, rotations $1..$2
# (shards of 10 rotations = 20 games) into /tmp/27ym/C
cd /work/wt/27ym
NEW=/tmp/27ym/new
FB="--fallback '$NEW engine --bot ismcts:ms=25'"
OLDYS="/usr/bin/python3 tools/proto1_shim.py $FB /work/wt/old27/build/rel/gemgames engine --bot"
nice -n 10 scripts/match-shards.sh /tmp/27ym/C $1 $2 10 $NEW match --game ys --players 2 \
    --seed 2805 --threads 1 --bots "ismcts:ms=25,engine:$OLDYS ismcts:ms=25"
