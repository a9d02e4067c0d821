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
echo "1..$T_N"
