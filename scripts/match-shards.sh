#!/bin/sh
# Runs one long `gemgames match` as a series of short shards, so that a run of
# many hours can be stopped and picked up again without losing finished games.
#
#   scripts/match-shards.sh OUTDIR FIRST LAST STEP GEMGAMES match-args...
#
# The match is seat rotations FIRST..LAST (1-based; a rotation is N games, one
# per seat, so every shard is seat-balanced) of one match seed: --seed S among
# the match-args, else the seed kept in OUTDIR/seed (64 random bits, made on
# the first run). Shard k plays rotations FIRST+k*STEP .. FIRST+k*STEP+STEP-1
# (`match --first-game`) and writes `gemgames match --json` to
# OUTDIR/seeds-A-B.json. A shard whose file exists is skipped; a shard that is
# interrupted leaves nothing behind. Together the shards are the same deals
# and seatings as one match over those rotations:
#
#   gemgames match --combine OUTDIR/seeds-*.json
#
# prints the whole table. Example (Splendor, 400 games = 200 rotations):
#
#   scripts/match-shards.sh runs/sp-heur 1 200 10 build/rel/gemgames \
#       match --game splendor --players 2 --bots ismcts:ms=1000,heuristic
set -eu
[ $# -ge 6 ] || { sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
out=$1 first=$2 last=$3 step=$4 bin=$5
shift 5
[ "$1" = match ] || { echo "match-shards: the command must be 'match'" >&2; exit 2; }
shift
players=2
seed=
prev=
for arg in "$@"; do
    [ "$prev" = --players ] && players=$arg
    [ "$prev" = --seed ] && seed=$arg
    case "$arg" in --players=*) players=${arg#--players=} ;; --seed=*) seed=${arg#--seed=} ;; esac
    prev=$arg
done
mkdir -p "$out"
if [ -z "$seed" ]; then
    [ -s "$out/seed" ] || od -An -N8 -tu8 /dev/urandom | tr -d ' ' >"$out/seed"
    seed=$(cat "$out/seed")
fi
a=$first
while [ "$a" -le "$last" ]; do
    b=$((a + step - 1))
    [ "$b" -gt "$last" ] && b=$last
    file=$out/seeds-$(printf %05d "$a")-$(printf %05d "$b").json
    if [ ! -s "$file" ]; then
        games=$(((b - a + 1) * players))
        "$bin" match "$@" --seed "$seed" --first-game $(((a - 1) * players)) --games "$games" --json >"$file.part"
        mv "$file.part" "$file"
        echo "match-shards: $file"
    fi
    a=$((b + 1))
done
