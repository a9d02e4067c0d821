#!/bin/sh
# screen.sh BIN SPEC OUTDIR SEED FIRST LAST MS : candidate SPEC vs three 7729645 at ms=MS, Ys 4p
# (the shim's fallback engine: $BASE, /tmp/s14/base unless set; the fifteenth session ran it
# with BASE=/tmp/s15/base)
BASE=${BASE:-/tmp/s14/base}
BIN=$1 SPEC=$2 OUT=$3 SEED=$4 FIRST=$5 LAST=$6 MS=$7
cd /work/main
FB="--fallback '$BASE engine --bot ismcts:ms=$MS'"
OLDYS="/usr/bin/python3 tools/proto1_shim.py $FB /work/wt/old27/build/rel/gemgames engine --bot"
scripts/match-shards.sh $OUT $FIRST $LAST 5 $BIN match --game ys --players 4 \
    --seed $SEED --threads 1 --bots "$SPEC,engine:$OLDYS ismcts:ms=$MS"
