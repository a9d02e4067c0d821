#!/bin/sh
# The learned evaluation's training and data path (issue 27): the trainer is
# reproducible from its seed (the same file twice, another seed another
# file), its output is a weights file the build accepts, its --data file has
# the documented header and size, and a malformed weights file is refused by
# the generator with its name and line.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
T=${TRAIN_VALUE:-$(dirname "$G")/train_value}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
AWK=src/learn/gen_value.awk

run() { "$T" --game splendor --players 2 --games 30 --hidden 4 --epochs 1 --every 4 "$@" 2>/dev/null; }
ok_if "the trainer runs" run --seed 5 --out "$TMP/a.value" --data "$TMP/a.data"
run --seed 5 --out "$TMP/b.value"
run --seed 6 --out "$TMP/c.value"
ok_if "the same seed gives the same weights" cmp -s "$TMP/a.value" "$TMP/b.value"
expect_fail "another seed gives other weights" cmp -s "$TMP/a.value" "$TMP/c.value"
ok_if "the generator accepts the trained file" awk -f "$AWK" "$TMP/a.value"
out=$(awk -f "$AWK" "$TMP/a.value")
contains "and makes one network of it" "$out" '{"splendor", 2, 455, 4,'
# --data: "GGVD", version 1, players 2, inputs 455, count; then per sample
# 2 x 455 int8 + 2 x 4 + 2 x 4 bytes.
T_N=$((T_N + 1))
magic=$(head -c 4 "$TMP/a.data")
set -- $(od -An -tu4 -j4 -N16 "$TMP/a.data")
size=$(wc -c <"$TMP/a.data")
if [ "$magic" = GGVD ] && [ "$1" = 1 ] && [ "$2" = 2 ] && [ "$3" = 455 ] && [ "$4" -gt 0 ] &&
   [ "$size" -eq $((20 + $4 * (910 + 16))) ]; then echo "ok $T_N - the data file has the documented layout ($4 samples)"
else echo "not ok $T_N - the data file has the documented layout ($magic $* $size bytes)"; fi
# Ys --policy light asks the game's list-free light pick (gg_ai.light_pick)
# as ISMCTS's rollout=light does: its games (so its weights) are not the
# uniform ones of --policy random, and the same seed still gives the same file.
ys() { "$T" --game ys --players 4 --games 20 --hidden 4 --epochs 1 --every 8 "$@" 2>/dev/null; }
ys --seed 5 --policy light --out "$TMP/yl1.value"
ys --seed 5 --policy light --out "$TMP/yl2.value"
ys --seed 5 --policy random --out "$TMP/yr.value"
ok_if "Ys light self-play: the same seed gives the same weights" cmp -s "$TMP/yl1.value" "$TMP/yl2.value"
grep -v '^#' "$TMP/yl1.value" >"$TMP/yl.net"   # the comments name the policy: compare the numbers
grep -v '^#' "$TMP/yr.value" >"$TMP/yr.net"
ok_if "both trainings wrote a network" test -s "$TMP/yl.net" -a -s "$TMP/yr.net"
expect_fail "Ys light self-play is not uniform self-play" cmp -s "$TMP/yl.net" "$TMP/yr.net"
# --policy bot:SPEC: a bot in every seat plays the games (stronger play than
# any rollout policy's); seeded from --seed, so again the same file twice.
yb() { "$T" --game ys --players 4 --games 10 --hidden 4 --epochs 1 --every 8 "$@" 2>/dev/null; }
yb --seed 5 --policy bot:ismcts:iters=20 --out "$TMP/yb1.value" --data "$TMP/yb1.data"
yb --seed 5 --policy bot:ismcts:iters=20 --out "$TMP/yb2.value"
yb --seed 6 --policy bot:ismcts:iters=20 --out "$TMP/yb3.value" --data "$TMP/yb3.data"
ok_if "bot self-play: the same seed gives the same weights" cmp -s "$TMP/yb1.value" "$TMP/yb2.value"
grep -v '^#' "$TMP/yb1.value" >"$TMP/yb.net"
expect_fail "bot self-play is not light self-play" cmp -s "$TMP/yb.net" "$TMP/yl.net"
expect_fail "an unknown bot is refused" yb --seed 5 --policy bot:nosuchbot --out "$TMP/x.value"
# --load trains on data files written side by side: all their samples, and
# only files of the same game and player count, whole.
n1=$(od -An -tu4 -j16 -N4 "$TMP/yb1.data"); n3=$(od -An -tu4 -j16 -N4 "$TMP/yb3.data")
said=$("$T" --game ys --players 4 --games 20 --hidden 4 --epochs 1 --seed 1 \
          --load "$TMP/yb1.data,$TMP/yb3.data" --out "$TMP/yload.value" 2>&1)
contains "--load reads every sample of both files" "$said" "$((n1 + n3)) samples from 20 games"
ok_if "--load writes a network the build accepts" awk -f "$AWK" "$TMP/yload.value"
expect_fail "--load refuses another game's samples" \
    "$T" --game ys --players 4 --games 20 --seed 1 --load "$TMP/a.data" --out "$TMP/x.value"
head -c 1000 "$TMP/yb1.data" >"$TMP/cut.data"
expect_fail "--load refuses a file cut short" \
    "$T" --game ys --players 4 --games 20 --seed 1 --load "$TMP/cut.data" --out "$TMP/x.value"
# Broken files stop the build.
sed 's/^hidden 4$/hidden 5/' "$TMP/a.value" >"$TMP/bad1.value"
err=$(awk -f "$AWK" "$TMP/bad1.value" 2>&1 >/dev/null)
contains "a wrong count of weights is refused with the file and line" "$err" "bad1.value:"
printf 'gemgames-value 1\ngame splendor\nbogus 1\n' >"$TMP/bad2.value"
expect_fail "an unknown line is refused" awk -f "$AWK" "$TMP/bad2.value"
printf 'something else\n' >"$TMP/bad3.value"
expect_fail "a file without the header is refused" awk -f "$AWK" "$TMP/bad3.value"
echo "1..$T_N"
