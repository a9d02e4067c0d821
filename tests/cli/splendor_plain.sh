#!/bin/sh
# The line-based Splendor game (--plain) shows what S-3.6 makes public: a
# whole 4-player game against random bots, seat 1 always answering "1", in
# which seat 3 passes while holding a card it reserved from a deck. Before
# the pass seat 1's board shows that card as "[tier 3, hidden]"; from the pass
# on it shows the card itself, marked as shown. Seat 1's first choice is also
# a "take" of fewer tokens than three colours (S-3.1: fewer than 3 colours
# left). The seed was found by trying seeds: if the rules or the random bot
# change, another seed may be needed (the first test then says so).
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

yes 1 | head -n 3000 | "$G" play splendor --plain --bots random --players 4 --seed 55 >"$TMP/game" 2>&1
game=$(cat "$TMP/game")
contains "the game reaches its end" "$game" "Game over."
contains "seat 3 passes in this game (seed 55; if not, pick another seed)" "$game" "seat 3: pass"
# the game split at seat 3's first pass
awk '/^seat 3: pass/ { after = 1 } { print > (after ? "'"$TMP/after"'" : "'"$TMP/before"'") }' "$TMP/game"
before=$(grep -A1 '^  seat 3:' "$TMP/before" | tail -1)
# seat 3's lines after its header, joined (a long line goes on, indented, on the next row:
# the plain board keeps to 80 columns)
after=$(awk '/^  seat 3:/ { on = 1; next } on && (/^(  |> )seat / || !/^ /) { exit } on' "$TMP/after" | tr -s ' \n' '  ')
contains "before the pass seat 3's deck-reserved card is hidden from seat 1 (S-6.2)" "$before" "r1 [tier 3, hidden]"
contains "after the pass seat 1 sees it, marked as shown (S-3.6)" "$after" "r1 [G 3p: W5 B3 R3 K3] (shown at a pass, S-3.6)"
T_N=$((T_N + 1))
case "$after" in
    *hidden*) echo "not ok $T_N - after the pass none of seat 3's cards is hidden"; echo "# $after" ;;
    *) echo "ok $T_N - after the pass none of seat 3's cards is hidden" ;;
esac
contains "a take of fewer than 3 colours is played and written as notation (S-3.1)" "$game" "you, seat 1: take G"
