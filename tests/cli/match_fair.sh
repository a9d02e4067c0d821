#!/bin/sh
# Fair deals in gemgames match (issue 22): the match seed is 64 random bits
# unless given, printed, and --seed replays the match; every game has its own
# deal unless --duplicate; no engine is told a seed (a spying engine logs all
# it is sent); a deal's records are written only when its block is over.
# (tests/unit/test_match_deals.c: no deal of a match is the deal of a seed
# from 0 to 2^20.)
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

seeds() { tr -d ' \t\n' <"$1" | grep -o '"index":[0-9]*,"seed":"*[0-9]*' | sed 's/.*"seed":"*//'; }
match_seed() { tr -d ' \t\n' <"$1" | sed 's/.*"games":[0-9]*,"seed":"*\([0-9]*\).*/\1/'; }

"$G" match --game splendor --players 2 --games 6 --bots random --json >"$TMP/a.json"
"$G" match --game splendor --players 2 --games 6 --bots random --json >"$TMP/b.json"
sa=$(match_seed "$TMP/a.json"); sb=$(match_seed "$TMP/b.json")
T_N=$((T_N + 1))
if [ -n "$sa" ] && [ "$sa" != "$sb" ]; then echo "ok $T_N - two matches without --seed have different seeds ($sa, $sb)"; else echo "not ok $T_N - seeds $sa and $sb"; fi
T_N=$((T_N + 1))
if [ "$(seeds "$TMP/a.json" | sort)" != "$(seeds "$TMP/b.json" | sort)" ] && [ -z "$(seeds "$TMP/a.json" | sort | comm -12 - "$(seeds "$TMP/b.json" | sort >"$TMP/bs"; echo "$TMP/bs")")" ]; then
    echo "ok $T_N - two matches without --seed deal different games"
else echo "not ok $T_N - two matches without --seed share deals"; fi
T_N=$((T_N + 1))
if [ "$(seeds "$TMP/a.json" | sort -u | wc -l)" = 6 ]; then echo "ok $T_N - every game of a match has its own deal"; else echo "not ok $T_N - deals repeat: $(seeds "$TMP/a.json" | tr '\n' ' ')"; fi
T_N=$((T_N + 1))
big=$(seeds "$TMP/a.json" | awk 'length($0) >= 12' | wc -l)
if [ "$big" -ge 5 ]; then echo "ok $T_N - deal seeds are large ($big of 6 have 12 digits or more)"; else echo "not ok $T_N - small deal seeds: $(seeds "$TMP/a.json" | tr '\n' ' ')"; fi

# the seed is printed; --seed replays the same match
"$G" match --game splendor --players 2 --games 6 --bots random --json --seed "$sa" >"$TMP/a2.json"
T_N=$((T_N + 1))
if [ "$(grep -v ms_per_decision "$TMP/a.json")" = "$(grep -v ms_per_decision "$TMP/a2.json")" ]; then echo "ok $T_N - --seed with the printed seed plays the same match"; else echo "not ok $T_N - --seed $sa gave another match"; fi
text=$("$G" match --game splendor --players 2 --games 2 --bots random)
contains "the text output prints the match seed" "$text" "match seed "
s=$(printf '%s\n' "$text" | sed -n 's/.*match seed \([0-9]*\).*/\1/p')
contains "--seed with the printed seed replays the text" "$("$G" match --game splendor --players 2 --games 2 --bots random --seed "$s")" "$(printf '%s\n' "$text" | sed -n 2,4p)"
contains "--progress prints the seed on stderr" "$("$G" match --game splendor --players 2 --games 2 --bots random --seed 42 --progress 2>&1 >/dev/null)" "match: seed 42 (--seed 42 plays this match again)"

# duplicate deals only when asked: pairs of games share a deal, seats rotated
"$G" match --game splendor --players 2 --games 4 --bots random --json --duplicate --seed 5 >"$TMP/d.json"
T_N=$((T_N + 1))
d=$(seeds "$TMP/d.json" | tr '\n' ' ')
set -- $d
if [ "$1" = "$2" ] && [ "$3" = "$4" ] && [ "$1" != "$3" ]; then echo "ok $T_N - --duplicate: each deal twice, seats rotated"; else echo "not ok $T_N - --duplicate deals: $d"; fi
contains "--duplicate is in the output" "$(cat "$TMP/d.json")" '"deals":	"duplicate"'

# no engine is told a seed: everything a spying engine got has none
SPY="engine:python3 tests/cli/bad_engine.py spy"
mkdir -p "$TMP/rec"
SPY_RECORDS="$TMP/rec" "$G" match --game splendor --players 2 --games 2 --duplicate --json --records "$TMP/rec" \
    --logs "$TMP/logs" --bots "$SPY,$SPY" >"$TMP/spy.json"
log=$TMP/logs/entrant-0.log
ok_if "the spy played" grep -q '^got: genmove ' "$log"
ok_if "the spy was sent positions" grep -q '^got: position {' "$log"
T_N=$((T_N + 1))
if grep '^got: position' "$log" | grep -v '"seed":0,' | grep -q .; then echo "not ok $T_N - a position carried a seed"; else echo "ok $T_N - every position it was sent has seed 0"; fi
leak=""
for x in $(seeds "$TMP/spy.json") $(match_seed "$TMP/spy.json"); do
    grep -q "$x" "$TMP"/logs/*.log && leak="$leak $x"
done
T_N=$((T_N + 1))
if [ -z "$leak" ]; then echo "ok $T_N - no deal seed nor the match seed in anything the engines were sent"; else echo "not ok $T_N - seeds sent to engines:$leak"; fi
T_N=$((T_N + 1))
if grep -q 'records on disk' "$TMP"/logs/*.log; then echo "not ok $T_N - a record of the deal was on disk while its block was played"; else echo "ok $T_N - no record of a deal on disk while its games are played"; fi
ok_if "the block's records are written when it is over" test -s "$TMP/rec/game-00000.json" -a -s "$TMP/rec/game-00001.json"
ok_if "the records replay" "$G" replay "$TMP/rec/game-00001.json"
# the spy can see records: with a fresh deal each game, game 0's record is written before game 1
# (one thread: with two, game 1 is played beside game 0)
mkdir -p "$TMP/rec2"
SPY_RECORDS="$TMP/rec2" "$G" match --game splendor --players 2 --games 2 --threads 1 --records "$TMP/rec2" \
    --logs "$TMP/logs2" --bots "$SPY,random" >/dev/null
ok_if "(control) without --duplicate a finished deal's record is on disk during the next game" grep -q 'records on disk during a game: game-00000.json' "$TMP/logs2/entrant-0.log"
