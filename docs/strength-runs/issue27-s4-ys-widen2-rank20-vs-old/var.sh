#!/bin/sh
# variant against three 7729645 bots, Ys 4p, match seed 2702, rotations $2..$3; $1 = spec tail
cd /work/wt/27ysb
NEW=/tmp/27ysb/dec/new
FB="--fallback '$NEW engine --bot ismcts:ms=25'"
OLDYS="/usr/bin/python3 tools/proto1_shim.py $FB /work/wt/old27/build/rel/gemgames engine --bot"
nice -n 10 scripts/match-shards.sh /tmp/27ysb/dec/var-$1 $2 $3 5 $NEW match --game ys --players 4 \
    --seed 2702 --threads 1 --bots "ismcts:ms=25:$1,engine:$OLDYS ismcts:ms=25"
