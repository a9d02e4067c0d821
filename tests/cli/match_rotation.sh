#!/bin/sh
# gemgames match: argument errors; for each registered game, seat rotation is
# fair (every entrant in every seat equally often), the same seed gives the
# same result, records are written.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

expect_fail "match needs --game" "$G" match --games 2 --bots random
out=$("$G" match --help); rc=$?
contains "match --help prints the usage on stdout" "$out" "usage: gemgames match"
T_N=$((T_N + 1)); if [ "$rc" = 0 ]; then echo "ok $T_N - match --help exits 0"; else echo "not ok $T_N - match --help exits $rc"; fi
"$G" match --frobnicate >/dev/null 2>"$TMP/err"; rc=$?
T_N=$((T_N + 1)); if [ "$rc" = 2 ]; then echo "ok $T_N - a bad option exits 2"; else echo "not ok $T_N - a bad option exits $rc"; fi
contains "a bad option is named" "$(cat "$TMP/err")" "unknown option '--frobnicate'"
"$G" match --game splendor --games >/dev/null 2>"$TMP/err"; rc=$?
T_N=$((T_N + 1)); if [ "$rc" = 2 ]; then echo "ok $T_N - a missing value exits 2"; else echo "not ok $T_N - a missing value exits $rc"; fi
contains "a missing value is named" "$(cat "$TMP/err")" "option '--games' needs a value"
contains "--games=N form" "$("$G" match --game=splendor --games=2 --bots=random --seed=3)" "2 games (match seed 3"
expect_fail "match of an unknown game fails" "$G" match --game chess --games 2 --bots random
contains "an unknown game is named" "$("$G" match --game chess --games 2 --bots random 2>&1)" "unknown game"

for game in $("$G" --help | sed -n 's/^games://p'); do
    expect_fail "$game: match needs --games" "$G" match --game "$game" --bots random
    expect_fail "$game: match needs --bots" "$G" match --game "$game" --games 2
    expect_fail "$game: an unknown bot fails" "$G" match --game "$game" --games 2 --bots random,nonsense
    expect_fail "$game: more specs than seats fails" "$G" match --game "$game" --players 2 --games 2 --bots random,random,random
    a=$("$G" match --game "$game" --players 2 --games 6 --seed 9 --bots random,random --json | grep -v ms_per_decision)
    b=$("$G" match --game "$game" --players 2 --games 6 --seed 9 --bots random,random --json | grep -v ms_per_decision)
    T_N=$((T_N + 1))
    if [ -n "$a" ] && [ "$a" = "$b" ]; then echo "ok $T_N - $game: same seed, same match"; else echo "not ok $T_N - $game: same seed, same match"; fi
    c=$("$G" match --game "$game" --players 2 --games 6 --seed 10 --bots random,random --json)
    T_N=$((T_N + 1))
    if [ "$a" != "$c" ]; then echo "ok $T_N - $game: another seed, another match"; else echo "not ok $T_N - $game: another seed, another match"; fi
    # rotation: 6 games at 2 seats -> each entrant 3 times in each seat
    n=$(printf '%s\n' "$a" | grep -c '"seat_games":	\[3, 3\]')
    T_N=$((T_N + 1))
    if [ "$n" = 2 ]; then echo "ok $T_N - $game: 2 players, each entrant 3 games in each seat"; else echo "not ok $T_N - $game: seat counts"; printf '%s\n' "$a" | grep seat_games; fi
    d=$("$G" match --game "$game" --players 3 --games 5 --seed 1 --bots random,random,random --json 2>/dev/null)
    if [ -n "$d" ]; then
        # 5 games rounded up to 6: each of 3 entrants twice in each of 3 seats
        n=$(printf '%s\n' "$d" | grep -c '"seat_games":	\[2, 2, 2\]')
        T_N=$((T_N + 1))
        if [ "$n" = 3 ]; then echo "ok $T_N - $game: 3 players, games rounded to whole rotations, fair seats"; else echo "not ok $T_N - $game: 3-player seat counts"; fi
        contains "$game: 6 games played" "$d" '"games":	6'
    fi
    out=$("$G" match --game "$game" --players 2 --games 2 --seed 4 --bots random,random --records "$TMP/$game")
    contains "$game: text output has win shares" "$out" "win share"
    ok_if "$game: a record per game" test -f "$TMP/$game/game-00001.json"
    contains "$game: records name the bots" "$(cat "$TMP/$game/game-00000.json")" '"bots":["random","random"]'
    ok_if "$game: records replay" "$G" replay "$TMP/$game/game-00001.json"
done

# --combine: a match played in pieces (scripts/match-shards.sh) is one table
"$G" match --game splendor --players 2 --games 4 --seed 1 --bots ismcts:iters=2,random --json >"$TMP/p1.json"
"$G" match --game splendor --players 2 --games 6 --seed 1 --first-game 4 --bots ismcts:iters=2,random --json >"$TMP/p2.json"
"$G" match --game splendor --players 2 --games 10 --seed 1 --bots ismcts:iters=2,random --json >"$TMP/whole.json"
"$G" match --game splendor --players 2 --games 2 --seed 9 --bots random,random --json >"$TMP/other.json"
"$G" match --game splendor --players 2 --games 2 --seed 2 --first-game 4 --bots ismcts:iters=2,random --json >"$TMP/seed2.json"
expect_fail "--first-game must be whole rotations" "$G" match --game splendor --players 2 --games 2 --first-game 3 --bots random
both=$("$G" match --combine "$TMP/p1.json" "$TMP/p2.json" --json)
contains "combine: the games of both pieces" "$both" '"games":	10'
contains "combine: seat counts add up" "$both" '"seat_games":	[5, 5]'
contains "combine: the match seed" "$both" '"seed":	1,'
T_N=$((T_N + 1))
strip() { grep -v -e ms_per_decision -e iterations_per; }
# the deals and seatings (the bots' own random draws run on across games, so
# results may differ between pieces and the whole)
deals() { tr -d ' \t\n' | grep -o '"index":[0-9]*,"seed":"*[0-9]*"*,"seat_entrant":\[[0-9,]*\]'; }
if [ "$(printf '%s\n' "$both" | deals)" = "$(deals <"$TMP/whole.json")" ] && [ -n "$(deals <"$TMP/whole.json")" ]; then echo "ok $T_N - combine: two pieces are the whole match's deals and seats"; else echo "not ok $T_N - combine: two pieces are not the whole match"; fi
one=$("$G" match --combine "$TMP/p1.json" --json | strip)
T_N=$((T_N + 1))
if [ "$one" = "$(strip <"$TMP/p1.json")" ]; then echo "ok $T_N - combine: one piece gives back its own table"; else echo "not ok $T_N - combine: one piece gives back its own table"; fi
# the same statistics as the match itself: the per-game shares recomputed here
wins=$(printf '%s\n' "$both" | tr -d ' \t\n' | grep -o '"seat_entrant":\[[01],[01]\],"score":\[[0-9]*,[0-9]*\],"rank":\[[12],[12]\]' |
    awk -F'[][,]' '{ if ($10 == 1 && $11 == 1) w += 0.5; else if ($2 == 0) w += ($10 == 1); else w += ($11 == 1) } END { print w / NR }')
share=$(printf '%s\n' "$both" | tr -d ' \t\n' | sed 's/.*"bots":\[{"spec":"ismcts:iters=2","entrants":1,"win_share":\([0-9.]*\).*/\1/')
T_N=$((T_N + 1))
if awk -v a="$wins" -v b="$share" 'BEGIN { exit !(a - b < 1e-4 && b - a < 1e-4) }'; then
    echo "ok $T_N - combine: win share is the share over all the pieces' games ($share)"
else echo "not ok $T_N - combine: win share $share, games say $wins"; fi
text=$("$G" match --combine "$TMP/p1.json" "$TMP/p2.json")
contains "combine: text table" "$text" "10 games (match seed 1: a new deal every game, seats rotated)"
contains "combine: says how many files" "$text" "combined from 2 files"
expect_fail "combine: overlapping pieces are refused" "$G" match --combine "$TMP/p1.json" "$TMP/p1.json"
contains "combine: the overlap is named" "$("$G" match --combine "$TMP/p1.json" "$TMP/p1.json" 2>&1)" "game 0 is in more than one file"
expect_fail "combine: pieces of another match are refused" "$G" match --combine "$TMP/p1.json" "$TMP/other.json"
contains "combine: another match is named" "$("$G" match --combine "$TMP/p1.json" "$TMP/other.json" 2>&1)" "another match"
expect_fail "combine: pieces of another match seed are refused" "$G" match --combine "$TMP/p1.json" "$TMP/seed2.json"
old=$("$G" match --combine docs/strength-runs/splendor-ismcts-ms1000-vs-random/*.json)
contains "combine: pieces of an older match (consecutive seeds) still combine" "$old" "(seeds 1..200, seats rotated)"
printf '{"game": "splendor"' >"$TMP/bad.json"
expect_fail "combine: a file that is not match output is refused" "$G" match --combine "$TMP/bad.json"
expect_fail "combine: needs files" "$G" match --combine
expect_fail "combine: a missing file is refused" "$G" match --combine "$TMP/nothing.json"

# scripts/match-shards.sh: a long match as resumable pieces
S=scripts/match-shards.sh
out=$(sh "$S" "$TMP/shards" 1 5 2 "$G" match --game splendor --players 2 --bots heuristic,random 2>&1)
ok_if "shards: one file per piece, the last one short" test -s "$TMP/shards/seeds-00001-00002.json" -a -s "$TMP/shards/seeds-00003-00004.json" -a -s "$TMP/shards/seeds-00005-00005.json"
contains "shards: says what it wrote" "$out" "seeds-00003-00004.json"
contains "shards: a piece is a whole number of seat rotations" "$(cat "$TMP/shards/seeds-00005-00005.json")" '"games":	2'
before=$(cat "$TMP/shards/seeds-00003-00004.json")
rm "$TMP/shards/seeds-00001-00002.json"
again=$(sh "$S" "$TMP/shards" 1 5 2 "$G" match --game splendor --players 2 --bots heuristic,random 2>&1)
T_N=$((T_N + 1))
if [ "$again" = "match-shards: $TMP/shards/seeds-00001-00002.json" ]; then echo "ok $T_N - shards: a second run plays only the missing piece"; else echo "not ok $T_N - shards: a second run plays only the missing piece: $again"; fi
T_N=$((T_N + 1))
if [ "$before" = "$(cat "$TMP/shards/seeds-00003-00004.json")" ]; then echo "ok $T_N - shards: finished pieces are kept"; else echo "not ok $T_N - shards: finished pieces are kept"; fi
whole=$("$G" match --combine "$TMP"/shards/seeds-*.json)
contains "shards: combined, the whole match" "$whole" "10 games (match seed $(cat "$TMP/shards/seed"): a new deal every game, seats rotated)"
sh "$S" "$TMP/shards7" 1 5 2 "$G" match --game splendor --players 2 --seed 7 --bots heuristic,random >/dev/null 2>&1
T_N=$((T_N + 1))
if [ "$("$G" match --combine "$TMP"/shards7/seeds-*.json --json | deals)" = "$("$G" match --game splendor --players 2 --games 10 --seed 7 --bots heuristic,random --json | deals)" ]; then
    echo "ok $T_N - shards with --seed are the one match with that seed"
else echo "not ok $T_N - shards with --seed differ from the one match"; fi
expect_fail "shards: a failing piece stops the run" sh "$S" "$TMP/bad" 1 2 1 "$G" match --game splendor --players 2 --bots nonsense
ok_if "shards: a failed piece leaves no file" test ! -e "$TMP/bad/seeds-00001-00001.json"
expect_fail "shards: the command must be match" sh "$S" "$TMP/x" 1 2 1 "$G" selfplay splendor

# --legacy-deals: the deals (and bot seeds) of matches played before 64-bit
# seeds, to replay published results: deal seed S + game / N
leg=$("$G" match --game splendor --players 2 --games 4 --seed 5 --legacy-deals --bots heuristic,random --json | tr -d ' \t\n')
contains "legacy deals: seeds S + g / N" "$leg" '"index":0,"seed":5,"seat_entrant":[0,1]'
contains "legacy deals: the same deal twice, seats rotated" "$leg" '"index":1,"seed":5,"seat_entrant":[1,0]'
contains "legacy deals: then the next seed" "$leg" '"index":2,"seed":6,'
contains "legacy deals: named in the output" "$leg" '"deals":"legacy"'
