#!/bin/sh
# splold.sh SPEC OUTDIR FIRST LAST : Splendor 2p, SPEC vs 7729645 ismcts:ms=25, seed 2701
cd /work/main
OLD="/usr/bin/python3 tools/proto1_shim.py /work/wt/old27/build/rel/gemgames engine --bot"
nice -n 10 scripts/match-shards.sh $2 $3 $4 10 /tmp/s6/base match --game splendor --players 2 \
    --seed 2701 --threads 1 --bots "$1,engine:$OLD ismcts:ms=25"
