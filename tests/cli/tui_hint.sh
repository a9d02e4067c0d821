#!/bin/sh
# Hints and post-game analysis in the full-screen game (issue 27): F5 shows
# the bot's top moves with their estimated chances to win when the person
# plays alone against bots; `a` at the end of the game lists each of their
# decisions with the bot's preferred move and the estimated loss; both are
# refused when several people play at the table.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
need_game splendor
TMP=$(mktemp -d); trap 'tui_stop; rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1

tui_start 100 30 play splendor --players 2 --seed 11 --bots heuristic
screen_has "the game waits for us" "S1 (you) to play"
screen_has "the key line offers a hint" "F5 hint"
tui_keys F5
screen_has "F5 shows the bot's top moves for our seat" "The bot's top moves for Seat 1, best first:"
screen_has "each with an estimated chance to win" "estimated chance to win"
hinted=$(tui_screen | sed -n 's/^ *1\. \(.*[^ ]\) *estimated chance to win.*/\1/p' | head -1)
tui_keys q
screen_has "the hint stays on the message line" "Hint: $hinted ("
# The hinted move is one of the legal moves listed under the status line.
T_N=$((T_N + 1))
if [ -n "$hinted" ] && tui_screen | grep -v '^Hint' | grep -q "$hinted"; then
    echo "ok $T_N - the hinted move ($hinted) is listed as legal"
else echo "not ok $T_N - the hinted move ($hinted) is listed as legal"; tui_screen | sed 's/^/#  /'; fi
# :hint does the same.
tui_type ":hint"
tui_keys Enter
screen_has ":hint shows the hint too" "The bot's top moves for Seat 1"
tui_keys q

game_ends "the game against the heuristic bot ends" 900
tui_keys q
screen_has "the game-over line offers the analysis" "a analysis"
tui_keys a
screen_has "a shows the analysis of our decisions" "Your decisions as Seat 1, the biggest estimated loss first:" 120
T_N=$((T_N + 1))
if tui_screen | grep -Eq 'move +[0-9]+: you played .*(the bot prefers|the bot.s choice too)'; then
    echo "ok $T_N - each decision names the move played and the bot's"
else echo "not ok $T_N - each decision names the move played and the bot's"; tui_screen | sed 's/^/#  /'; fi
tui_keys q
tui_stop

# A bid (Ys, Y-5.1): the list is in the search's order, which is not the
# estimates' (issue 27's hint listed a bid of 34% below one of 33% as "best
# first" without a word), and the page says so.
tui_start 100 30 play ys --players 3 --seed 5 --bots heuristic
screen_has "the Ys game waits for our bid" "F5 hint"
tui_keys F5
screen_has "F5 at a bid lists the bot's moves" "The bot's top moves for Seat 1" 120
screen_has "and says how they are ranked" "Ranked by how much the search looked at each move"
tui_keys q
tui_stop

# Two people at the keyboard: no hints.
tui_start 100 30 play splendor --seats human,human --seed 21
screen_has "a hand-over screen first" "Pass the keyboard to S1"
tui_keys Enter
screen_has "S1 plays" "S1 to play"
tui_keys F5
screen_has "F5 is refused when other people play" "Hints and analysis are off: other people play at this table."
screen_lacks "no hint is shown" "The bot's top moves"
tui_stop
echo "1..$T_N"
