#!/bin/sh
# screen-ms.sh MS OUTDIR SEED FIRST LAST : today's default vs three 7729645, all at ms=MS, Ys 4p
MS=$1 OUT=$2 SEED=$3 FIRST=$4 LAST=$5
cd /work/main
FB="--fallback '/tmp/s7/base engine --bot ismcts:ms=$MS'"
OLDYS="/usr/bin/python3 tools/proto1_shim.py $FB /work/wt/old27/build/rel/gemgames engine --bot"
nice -n 10 scripts/match-shards.sh $OUT $FIRST $LAST 1 /tmp/s7/base match --game ys --players 4 \
    --seed $SEED --threads 1 --bots "ismcts:ms=$MS,engine:$OLDYS ismcts:ms=$MS"
