#!/bin/sh
# The line-based Ys game (--plain): whole games against random bots, always
# answering "1", read as text. The board (cli/render_ys.c) shows the
# districts, the market grid, the rates and the players, hides what the
# seat may not see as "?" (Y-11), never falls back to JSON, fits in 80
# columns, and ends with the final breakdown (Y-8.10 to Y-8.12).
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
need_game ys
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

# play OUT ARGS...: a whole game, seat 0 always choosing move 1.
play() {
    out=$1; shift
    yes 1 | head -n 2000 | "$G" play ys --plain --bots random "$@" >"$out" 2>&1
}

play "$TMP/four" --players 4 --seed 7
four=$(cat "$TMP/four")
contains "4p: the game reaches its end" "$four" "Game over."
contains "4p: the board shows the districts" "$four" "District 1"
contains "4p: zones are named as the notation names them" "$four" "d4-palace"
contains "4p: the board shows the market" "$four" "Market"
contains "4p: a closed market row says so (Y-4.3)" "$four" "closed (Y-4.3)"
contains "4p: the board shows the rates" "$four" "Rates (Y-1.6, -7..+7):  blue"
contains "4p: the market shows the rates under the columns" "$four" "  rate  "
contains "4p: our own screen values are shown" "$four" "screen: 0 0 1 1 1 2 3 3 3 4 4"
contains "4p: others' screens are counted" "$four" "screen: 11 brokers"
contains "4p: face-down brokers we have not seen are ?" "$four" ":?"
contains "4p: the players' gems are listed" "$four" "gems B"
contains "4p: the decision is named" "$four" "Now: "
contains "4p: the final breakdown lists a colour by rank" "$four" "(rank 1)"
contains "4p: the final breakdown lists black gems" "$four" "black gems (Y-8.11)"
contains "4p: the final breakdown lists trade zones" "$four" "trade zones"
contains "4p: the final breakdown lists market brokers" "$four" "market brokers"
contains "4p: the final breakdown lists character cards" "$four" "character cards"
contains "4p: the final breakdown has totals" "$four" "  total  "
T_N=$((T_N + 1))
if grep -q '"city"' "$TMP/four"; then echo "not ok $T_N - 4p: no JSON fallback"; else echo "ok $T_N - 4p: no JSON fallback"; fi
T_N=$((T_N + 1))
wide=$(awk '/^== Ys ==/ { on = 1 } on && length($0) > 80 { print } /^Now: / { on = 0 }' "$TMP/four" | head -n 3)
if [ -z "$wide" ]; then echo "ok $T_N - 4p: the board fits in 80 columns"; else
    echo "not ok $T_N - 4p: the board fits in 80 columns"; printf '%s\n' "$wide" | sed 's/^/#  /'; fi

play "$TMP/two" --players 2 --seed 3
two=$(cat "$TMP/two")
contains "2p: the game reaches its end" "$two" "Game over."
contains "2p: the neutral is shown (Y-9.4)" "$two" "neutral "
contains "2p: the neutral has a column in the final breakdown" "$two" "points [gems held]     S1 (you)   S2         neutral"

play "$TMP/three" --players 3 --seed 5 --option kings_favour=on
three=$(cat "$TMP/three")
contains "3p King's Favour: the variant is named" "$three" "Variants: King's Favour"
contains "3p King's Favour: the throne room is shown" "$three" "throne: "
contains "3p King's Favour: the final breakdown has its row (Y-9.1)" "$three" "King's Favour [throne]"
# A placement offers up to ~190 moves: the list under the board is grouped by
# notation (cli/moves.c) so the board stays in view; "moves" numbers them all;
# both name the same moves. A long engine reason wraps between words.
printf '1\nmoves\nfoo bar\nquit\n' | "$G" play ys --plain --players 4 --bots heuristic --seed 5 >"$TMP/list" 2>&1
list=$(cat "$TMP/list")
contains "placement: the list is grouped by notation" "$list" "Your legal moves (192) by notation"
contains "placement: starts share their ends" "$list" "  down 1, up 1, down 2, up 2, down 3, up 3, down 4, up 4, then one of:"
contains "placement: the grouped list says how to type a move" "$list" 'e.g. "down 1 d1-port"'
contains "placement: 'moves' numbers every move" "$list" "Your legal moves (192):"
contains "placement: the numbered list runs to the last move" "$list" "192  up 4 red3"
# the grouped block expanded (every start with every end of its line) ...
awk '/by notation/ { on = 1; next } on && /^Type a start/ { exit }
     on && /then one of:$/ { sub(/^  /, ""); sub(/, then one of:$/, ""); n = split($0, st, ", "); next }
     on { for (i = 1; i <= NF; i++) for (k = 1; k <= n; k++) print st[k] " " $i }' \
    "$TMP/list" | sort >"$TMP/grouped"
# ... and the numbered list (cells "  N  move")
awk '/Your legal moves \(192\):/ { on = 1; next } on && !/^ +[0-9]+  / { exit }
     on { line = $0; while (match(line, /[0-9]+  [a-z]+ [0-9] [a-z0-9-]+/)) {
            m = substr(line, RSTART, RLENGTH); sub(/^[0-9]+  /, "", m); print m
            line = substr(line, RSTART + RLENGTH) } }' "$TMP/list" | sort >"$TMP/numbered"
T_N=$((T_N + 1))
if [ "$(wc -l <"$TMP/grouped")" -eq 192 ] && cmp -s "$TMP/grouped" "$TMP/numbered"; then
    echo "ok $T_N - placement: the grouped list names exactly the 192 numbered moves"
else
    echo "not ok $T_N - placement: the grouped list names exactly the 192 numbered moves"
    echo "# grouped $(wc -l <"$TMP/grouped"), numbered $(wc -l <"$TMP/numbered")"
fi
T_N=$((T_N + 1))
rows=$(awk '/^Now: Seat 1 places/ { on = 1; n = 0; next } on && /^seat 1>/ { print n; exit } on { n++ }' "$TMP/list")
if [ "${rows:-99}" -le 8 ]; then echo "ok $T_N - placement: the grouped list takes $rows rows, not 64"; else
    echo "not ok $T_N - placement: the grouped list takes at most 8 rows (got ${rows:-none})"; fi
contains "an unknown action is answered in words" "$list" '"foo bar" is not a move: unknown action "foo"'
T_N=$((T_N + 1))
wide=$(awk 'length($0) > 80' "$TMP/list" | head -n 3)
if [ -z "$wide" ]; then echo "ok $T_N - every row of the game, lists and answers fits in 80 columns"; else
    echo "not ok $T_N - every row of the game, lists and answers fits in 80 columns"; printf '%s\n' "$wide" | sed 's/^/#  /'; fi
# Hostile lines at the prompt: a 5,000-byte line gets one answer quoting its
# first 40 bytes, and a typed escape sequence is not played back.
{ printf '1\n'; head -c 5000 /dev/zero | tr '\0' x; printf '\n\001\033[2J\nquit\n'; } |
    "$G" play ys --plain --players 4 --bots heuristic --seed 5 >"$TMP/hostile" 2>&1
T_N=$((T_N + 1))
n=$(grep -c 'is not a move' "$TMP/hostile")
if [ "$n" = 2 ] && grep -q '"x\{40\}\.\.\." is not a move' "$TMP/hostile"; then
    echo "ok $T_N - a 5,000-byte line: one answer, quoting 40 bytes"
else echo "not ok $T_N - a 5,000-byte line: one answer, quoting 40 bytes (answers: $n)"; fi
T_N=$((T_N + 1))
if grep -q "$(printf '\033')" "$TMP/hostile"; then echo "not ok $T_N - no escape character is played back"
else echo "ok $T_N - no escape character is played back"; fi
contains "a control character is shown as ?" "$(cat "$TMP/hostile")" '"??[2J" is not a move'
echo "1..$T_N"
