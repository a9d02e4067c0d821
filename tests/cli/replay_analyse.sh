#!/bin/sh
# gemgames replay --analyse K: one seat's decisions with the bot's preferred
# move and the estimated loss, biggest first (issue 27, post-game analysis).
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

"$G" selfplay splendor --players 2 --games 1 --seed 7 --bots heuristic,random --records "$TMP" >/dev/null
R="$TMP/game-00000.json"
out=$("$G" replay "$R" --analyse 1 --bot ismcts:iters=300)
contains "the analysis names the seat, numbered from 1" "$out" "Seat 2's decisions, the biggest estimated loss first"
# Every line is a decision of seat 1 in the record (0-based seat in the file).
T_N=$((T_N + 1))
bad=0
lines=$(printf '%s\n' "$out" | sed 1d)
n=$(printf '%s\n' "$lines" | grep -c '^move')
for m in $(printf '%s\n' "$lines" | sed -n 's/^move *\([0-9]*\):.*/\1/p'); do
    seat=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['actions'][int(sys.argv[2])-1]['seat'])" "$R" "$m")
    [ "$seat" = 1 ] || bad=$((bad + 1))
done
if [ "$n" -gt 5 ] && [ "$bad" = 0 ]; then echo "ok $T_N - $n decisions listed, all seat 2's"
else echo "not ok $T_N - $n decisions listed, $bad of another seat"; fi
# Biggest loss first.
T_N=$((T_N + 1))
if printf '%s\n' "$lines" | sed -n 's/.*estimated loss \([0-9]*\)%$/\1/p' | sort -n -r -c 2>/dev/null
then echo "ok $T_N - losses in decreasing order"; else echo "not ok $T_N - losses in decreasing order"; fi
contains "a random player's losses are named" "$out" "estimated loss"
# The analysis of a seat does not depend on another seat's hidden cards: the
# same record analysed twice gives the same lines (bots are seeded).
out2=$("$G" replay "$R" --analyse 1 --bot ismcts:iters=300)
T_N=$((T_N + 1))
if [ "$out" = "$out2" ]; then echo "ok $T_N - reproducible"; else echo "not ok $T_N - reproducible"; fi
expect_fail "a bot without hints is refused" "$G" replay "$R" --analyse 0 --bot random
err=$("$G" replay "$R" --analyse 0 --bot random 2>&1)
contains "and says why" "$err" "gives no hints"
expect_fail "no such seat" "$G" replay "$R" --analyse 4
expect_fail "--analyse with --events is a usage error" "$G" replay "$R" --analyse 0 --events
echo "1..$T_N"
