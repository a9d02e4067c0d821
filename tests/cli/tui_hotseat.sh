#!/bin/sh
# Hotseat in the full-screen game: two people at one keyboard. Before each
# person's decision a hand-over screen shows no board at all, and the next
# person's board never shows the card the previous one reserved face down
# from a deck (S-6.2).
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
need_game splendor
TMP=$(mktemp -d); trap 'tui_stop; rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1

tui_start 80 24 play splendor --seats human,human --seed 21
screen_has "a hand-over screen comes before the first person's turn" "Pass the keyboard to S1"
screen_lacks "the hand-over screen shows no board" "Nobles"
tui_keys Enter
screen_has "after Enter S1 sees the board" "S1 to play"

# S1 reserves the top card of tier 2, unseen by S2.
tui_type "reserve deck 2"
tui_keys Enter
screen_has "the hand-over screen names the next person" "Pass the keyboard to S2"
screen_lacks "the hand-over screen shows no board" "Tier"
screen_lacks "the hand-over screen shows no reserved card" "reserved"
tui_keys Escape x; sleep 1
screen_lacks "only Enter leaves the hand-over screen" "S2 to play"
tui_keys Enter
screen_has "S2 sees the board" "S2 to play"
screen_has "S2 sees that S1 holds a tier-2 card, face down" "r1 [tier 2, hidden]"

# S2 moves; back at S1, S1 sees the card again, with its cost.
tui_keys Enter
screen_has "hand-over back to S1" "Pass the keyboard to S1"
tui_keys Enter
tui_wait "S1 to play"
card=$(tui_screen | grep -A1 '^>S1' | sed -n 's/.*reserved: r1 \(.*\)$/\1/p' | sed 's/ *$//')
T_N=$((T_N + 1))
case "$card" in
    ""|*hidden*) echo "not ok $T_N - S1 sees the reserved card's face"; tui_screen | sed 's/^/#  /' ;;
    *) echo "ok $T_N - S1 sees the reserved card's face ($card)" ;;
esac
tui_keys Enter
tui_wait "Pass the keyboard to S2"
tui_keys Enter
tui_wait "S2 to play"
screen_lacks "S2's screen never shows the face of S1's deck-reserved card" "r1 $card"
screen_has "S2's screen still shows it hidden" "r1 [tier 2, hidden]"
echo "1..$T_N"
