#!/bin/sh
# spl.sh BIN SPEC1 SPEC2 OUTDIR SEED FIRST LAST : Splendor 2p, SPEC1 vs SPEC2
cd /work/main
nice -n 10 scripts/match-shards.sh $4 $6 $7 10 $1 match --game splendor --players 2 \
    --seed $5 --threads 1 --bots "$2,$3"
