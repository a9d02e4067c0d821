#!/bin/sh
# final.sh NAME SPEC : 400 games (seed 3101), this runner's half
H=$3
if [ $H = A ]; then exec /tmp/s7/screen.sh /tmp/s7/base "$2" /tmp/s7/runs/$1 3101 1 50
else exec /tmp/s7/screen.sh /tmp/s7/base "$2" /tmp/s7/runs/$1 3101 51 100; fi
