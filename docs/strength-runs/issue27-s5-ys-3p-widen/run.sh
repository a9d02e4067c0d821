#!/bin/sh
# Ys 3p at equal time: today's default (74e6137, ismcts:ms=25 = widening k=1) against two
# ismcts:ms=25:widen=0 (the same bot without widening), match seed 2804, rotations $1..$2
# (shards of 10 rotations = 30 games) into /tmp/27ym/B
cd /work/wt/27ym
NEW=/tmp/27ym/new
nice -n 10 scripts/match-shards.sh /tmp/27ym/B $1 $2 10 $NEW match --game ys --players 3 \
    --seed 2804 --threads 1 --bots "ismcts:ms=25,ismcts:ms=25:widen=0"
