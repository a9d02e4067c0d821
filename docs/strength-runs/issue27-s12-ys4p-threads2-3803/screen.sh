#!/bin/sh
# screen.sh BIN SPEC OUTDIR SEED FIRST LAST : candidate SPEC vs three 7729645 at ms=25, Ys 4p
BIN=$1 SPEC=$2 OUT=$3 SEED=$4 FIRST=$5 LAST=$6
cd /work/main
FB="--fallback '/tmp/s12/base engine --bot ismcts:ms=25'"
OLDYS="/usr/bin/python3 tools/proto1_shim.py $FB /work/wt/old27/build/rel/gemgames engine --bot"
nice -n 10 scripts/match-shards.sh $OUT $FIRST $LAST 5 $BIN match --game ys --players 4 \
    --seed $SEED --threads 1 --bots "$SPEC,engine:$OLDYS ismcts:ms=25"
