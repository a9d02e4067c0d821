#!/bin/sh
# The full-screen game at the smallest size it supports and below (issue 20):
# at 80x24 one's own cards are read in full (Ys: a hand of four characters and
# a kept Ys+ card; Splendor: three reserved cards), and below 80x24 a centred
# message gives the size needed and the size now, every key waits (nothing is
# played blind), and the board comes back when the window grows.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
need_game ys
need_game splendor
FIX="$(cd "$(dirname "$0")" && pwd)/fixtures"
TMP=$(mktemp -d); trap 'tui_stop; rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1

# fixtures/ys_own_cards_many.json: a Ys+ game of random bots cut in round 4
# where seat 1 holds the Captain, Illusionist, Intriguer and Magician and
# keeps the Trafficker (before, the line read "cards: Captain Illusionist*
# Intriguer M" and the kept card was not shown at all).
tui_start 80 24 play --load "$FIX/ys_own_cards_many.json" --seat 1 --bots random
tui_wait "S2 (you) to play"
for card in Captain Illusionist Intriguer Magician "kept: Trafficker"; do
    T_N=$((T_N + 1))
    if tui_screen | grep -Eq "(^| )$card( |\*|\$)"; then echo "ok $T_N - our card '$card' is whole at 80x24"
    else echo "not ok $T_N - our card '$card' is whole at 80x24"; tui_screen | sed 's/^/#  /'; fi
done
tui_stop

# Splendor: our three reserved cards, each whole (bonus, points, cost).
tui_start 80 24 play splendor --players 4 --seed 5 --bots random
for k in 1 2 3; do
    tui_wait "S1 (you) to play"
    tui_type "reserve deck 3"
    tui_keys Enter
done
tui_wait "S1 (you) to play"
tui_keys F4
tui_keys End
sleep 0.3
# The log names every card we reserved ("... the tier 3 deck, the blue
# 4-point card (...)"); the board must show each as B4 W7 etc. Compare the
# board's reserved list with the cards the engine dealt us.
tui_keys q
tui_wait "S1 (you) to play"
line=$(tui_screen | grep -A1 '^>\?S1 you' | tail -1)
[ -n "$line" ] || line=$(tui_screen | sed -n '/S1 you/{n;p;}')
T_N=$((T_N + 1))
if printf '%s\n' "$line" | grep -Eq 'r1 [WBGRK][0-9 ] ([WBGRK][0-9])+ +r2 [WBGRK][0-9 ] ([WBGRK][0-9])+ +r3 [WBGRK][0-9 ] ([WBGRK][0-9])+ *$'; then
    echo "ok $T_N - our three reserved cards are whole at 80x24"
else echo "not ok $T_N - our three reserved cards are whole at 80x24 ($line)"; tui_screen | sed 's/^/#  /'; fi
tui_stop

# Too small: the message, every key waits, then the board comes back.
tui_start 80 24 play ys --players 4 --seed 7 --bots random
tui_wait "secretly bids two brokers"
tmux -L "$TUI_SOCK" resize-window -t t -x 60 -y 20 2>/dev/null
screen_has "below 80x24 the screen gives both sizes" "The terminal is 60x20; gemgames needs 80x24."
T_N=$((T_N + 1))
row=$(tui_screen | grep -n 'gemgames needs' | cut -d: -f1)
col=$(tui_screen | grep 'gemgames needs' | sed 's/The terminal.*//' | wc -c)
if [ "$row" -ge 8 ] && [ "$row" -le 12 ] && [ "$col" -ge 5 ]; then echo "ok $T_N - the message is centred (row $row, column $col)"
else echo "not ok $T_N - the message is centred (row $row, column $col)"; tui_screen | sed 's/^/#  /'; fi
screen_lacks "no clipped board under the message" "District"
tui_keys Enter
sleep 0.5
screen_has "a key pressed while too small plays nothing" "gemgames needs 80x24"
tmux -L "$TUI_SOCK" resize-window -t t -x 70 -y 24 2>/dev/null
screen_has "the message follows the resize" "The terminal is 70x24"
tmux -L "$TUI_SOCK" resize-window -t t -x 80 -y 24 2>/dev/null
screen_has "back at 80x24 the board returns" "District 4"
screen_has "the game resumes where it was (still our bid)" "secretly bids two brokers"
screen_lacks "nothing was bid blind" "last: Seat 1 bids"
tui_keys Enter
T_N=$((T_N + 1)) k=0
while [ $k -lt 50 ] && tui_screen | grep -q "secretly bids two brokers"; do sleep 0.2; k=$((k + 1)); done
if tui_screen | grep -q "secretly bids two brokers"; then echo "not ok $T_N - and a key plays again (our bid is made)"; tui_screen | sed 's/^/#  /'
else echo "ok $T_N - and a key plays again (our bid is made)"; fi
tui_stop

# Splendor too, and a dialog (the help) waits the same way.
tui_start 80 24 play splendor --players 2 --seed 11 --bots random
tui_wait "S1 (you) to play"
tui_keys '?'
tui_wait "Reserve (S-3.3)"
tmux -L "$TUI_SOCK" resize-window -t t -x 79 -y 24 2>/dev/null
screen_has "one column short is too small" "The terminal is 79x24; gemgames needs 80x24."
tui_keys q Enter
sleep 0.5
tmux -L "$TUI_SOCK" resize-window -t t -x 80 -y 24 2>/dev/null
screen_has "the help is back after the resize" "Reserve (S-3.3)"
tui_keys q
screen_has "the Splendor board is back" "Tier 3"
screen_lacks "no move was played while too small" "last: "
tui_stop
echo "1..$T_N"
