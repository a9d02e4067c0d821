#!/bin/sh
# The full-screen game on Ys, driven inside tmux: the board (districts,
# market, rates, players), the secret bid chosen with the keys, a move typed
# in notation with Tab completion, an illegal move explained, save and
# resume, then the whole game played to the end against bots and the score
# sheet read; and a hotseat bid that the next person never sees.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
need_game ys
TMP=$(mktemp -d); trap 'tui_stop; rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1

tui_start 80 24 play ys --players 4 --seed 7 --bots random
screen_has "the board shows the districts" "District 4"
screen_has "the board shows the market" "Market"
screen_has "the board shows the rates" "rate"
screen_has "the board shows our screen" "screen 0 0 1 1 1 2 3 3 3 4 4"
screen_has "the status line says what is decided" "secretly bids two brokers"

# An illegal bid is explained.
tui_type "bid 2+2"   # one 2 behind the screen: well-formed, illegal
tui_keys Enter
screen_has "an illegal bid is explained" "Illegal: "
tui_keys Escape

# Tab completion, then the bid typed in notation.
tui_type "bid 4+"
tui_keys Tab
screen_has "Tab completes the only bid with a 4 and a 4" "move> bid 4+4"
tui_keys Enter
screen_has "the typed bid is told in words" "last: Seat 1 bids 4 and 4."
tui_keys F4
screen_has "the log shows our bid" "S1 (you)       bid 4+4"
screen_has "the log shows the bots' bids" "S2 random      bid"
T_N=$((T_N + 1))
if tui_screen | grep -Eq 'S[234] random +bid [0-9]'; then echo "not ok $T_N - the bots' bids are announced without values"; tui_screen | sed 's/^/#  /'
else echo "ok $T_N - the bots' bids are announced without values"; fi
tui_keys q

# Undo never crosses the reveal of the bids.
tui_wait "S1 (you) to play"
tui_keys F3
screen_has "undo is refused once the bids were revealed" "Cannot undo: move 4 (bid 4+4)"

# A move with the keys: Enter plays the highlighted (first) move.
tui_wait "S1 (you) to play"
first=$(tui_screen | sed -n '/ to play/{n;p;}' | sed 's/  .*//')
tui_keys Enter
tui_wait "S1 (you) to play"
# The board marks where the last move landed (a "*" after the zone's or the
# market cell's brokers) whenever that move placed a broker.
# Play on until the last decision before our turn was a placement.
T_N=$((T_N + 1))
placed=0 k=0
while [ $k -lt 6 ]; do
    screen=$(tui_screen)
    if printf '%s\n' "$screen" | grep '^last: ' | grep -Eq 'places [^|]*$'; then placed=1; break; fi
    tui_keys Enter; tui_wait "S1 (you) to play"; k=$((k + 1))
done
marked=$(printf '%s\n' "$screen" | grep -Ec '^(port|trade|palace|row[0-3]) .*\*')
if [ $placed = 1 ] && [ "$marked" -eq 1 ]; then echo "ok $T_N - the last placement is marked on the board"
else echo "not ok $T_N - the last placement is marked on the board (placed $placed, $marked marks)"; printf '%s\n' "$screen" | sed 's/^/#  /'; fi
tui_keys F4
screen_has "a move chosen with the keys is logged ($first)" "$first"
tui_keys q

# Help lists the character cards.
tui_wait "S1 (you) to play"
tui_keys '?'
screen_has "help explains the decision" "Now: "
tui_keys End
screen_has "help says what the King does" "King (Y-7.18, immediate): +5 points."
tui_keys q

# Save, quit, resume.
tui_keys F2
tui_wait "Save the game record to:"
tui_keys C-u
tui_type "$TMP/ys.json"
tui_keys Enter
screen_has "the game is saved" "Saved "
tui_keys F10
screen_has "quit" "[exit 0]"
tui_stop
tui_start 100 30 play --load "$TMP/ys.json" --bots random
screen_has "the record is resumed" "moves replayed"
screen_has "the resumed game shows the board" "District 1"

# Play on (the first legal move each time) until the game ends.
game_ends "the game against bots ends" 400
screen_has "the score sheet names the winner" "Game over: "
screen_has "the score sheet explains colour points" "(colour rank 1)"
screen_has "the score sheet explains black gems" "black gems: "
screen_has "the score sheet explains trade and market points" "trade zones won: "
tui_keys q
screen_has "after the sheet the final board stays" "Game over"
tui_wait "Enter score sheet"
T_N=$((T_N + 1))
if tui_screen | grep -Eq '^Game over: S[1-4].* (wins|share the win) with [0-9]+ points\.'; then echo "ok $T_N - the status line names the winner, seats counted from 1"
else echo "not ok $T_N - the status line names the winner, seats counted from 1"; tui_screen | sed 's/^/#  /'; fi
screen_lacks "the winner is named once (no second 'the game is over' banner)" "the game is over"
tui_keys q
screen_has "leaving asks to save the unsaved moves" "Save before quitting?"
tui_type n
tui_keys Enter
screen_has "q leaves the finished game" "[exit 0]"
tui_stop

# Hotseat: S1 bids; S2's screen never shows S1's bid before the reveal.
tui_start 80 24 play ys --seats human,human,random --seed 4
tui_wait "Pass the keyboard to S1"
tui_keys Enter
tui_wait "S1 to play"
tui_type "bid 4+4"
tui_keys Enter
screen_has "hand-over after S1's secret bid" "Pass the keyboard to S2"
screen_lacks "the hand-over screen shows no board" "front"
tui_keys Enter
tui_wait "S2 to play"
screen_has "S2 sees S1's bid as hidden" "front ? ?"
screen_lacks "S2 never sees S1's bid values" "front 4 4"
tui_stop
# Ys+ (Y-10.3, Y-10.21): the events of the round on their own row, district
# events in their port, and brokers on a Smuggling card (seed 3: Enrichment
# in d1's port, Smuggling and Brokerage general).
tui_start 120 36 play ys --players 4 --option ysplus=on --option events=on --seed 3 --bots random
screen_has "the general events are listed" "events: Smuggling 2 Brokerage"
screen_has "a district event lies in its port" "B B W R Enrichment"
tui_type "bid 0+1"
tui_keys Enter
tui_wait "S1 (you) to play"
tui_type "up 3 smuggling2"
tui_keys Enter
screen_has "a broker on the Smuggling card is shown" "Smuggling 2 1:3"
tui_stop
echo "1..$T_N"
