#!/bin/sh
# The full-screen game on Splendor, driven inside tmux: board and status
# line, a move chosen with the arrow keys, one typed in notation with Tab
# completion, an illegal move explained, undo, save, quit, resume, resize,
# NO_COLOR and the --plain fallback.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
need_game splendor
TMP=$(mktemp -d); trap 'tui_stop; rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1

tui_start 80 24 play splendor --players 2 --seed 11 --bots random
screen_has "the board shows the nobles" "Nobles"
screen_has "the board shows the three tiers" "Tier 3"
screen_has "the status line says whose turn it is" "S1 (you) to play"
screen_has "the status line says what is decided" "takes tokens, reserves a card or buys a card"
screen_has "the legal moves are listed" "take W B G"

# A move with the keys: Right selects the second listed move.
second=$(tui_screen | grep -o 'take [WBGRK] [WBGRK] [WBGRK]' | sed -n 2p)
tui_keys Right Enter
# the bot's reply on the last-moves line (the status line names "Seat 2" as soon as it is its turn)
waited=0
while [ "$waited" -lt $((TUI_TIMEOUT * 10)) ] && ! tui_screen | grep -Eq '^last: .*Seat 2 [a-z]'; do sleep 0.1; waited=$((waited + 1)); done
T_N=$((T_N + 1))
if tui_screen | grep -Eq '^last: .*Seat 2 [a-z]'; then echo "ok $T_N - the bot's reply is told in words on the last-moves line"
else echo "not ok $T_N - the bot's reply is told in words on the last-moves line"; tui_screen | sed 's/^/#  /'; fi
tui_keys F4
screen_has "a move chosen with the arrow keys is played ($second)" "S1 (you)       $second"
screen_has "and told in words" "Seat 1 takes 1 "
tui_keys q
tui_wait "S1 (you) to play"

# Undo a token move (no card was drawn by us; the bot's reply decides).
tui_keys F3
T_N=$((T_N + 1))
if tui_wait "Undone:" 10; then
    echo "ok $T_N - undo takes back our token move and the bot's reply"
    screen_has "after undo our tokens are back to none" "tokens W0 B0 G0 R0 K0 Y0"
    tui_keys Right Enter
    tui_wait "S1 (you) to play"
elif tui_wait "Cannot undo" 1; then
    echo "ok $T_N - undo refused: the bot's reply drew a card ($(tui_screen | grep 'Cannot undo'))"
else
    echo "not ok $T_N - undo answers"; tui_screen | sed 's/^/#  /'
fi

# An illegal move typed in notation is explained and changes nothing.
tui_type "buy 3-1"
tui_keys Enter
screen_has "an illegal move is explained" "Illegal: "
screen_has "the game goes on after an illegal move" "S1 (you) to play"

# A move typed with Tab completion: "reserve d" + Tab completes to "reserve deck ".
tui_keys Escape
tui_type "reserve d"
tui_keys Tab
screen_has "Tab completes the notation" "move> reserve deck"
tui_type "1"
tui_keys Enter
tui_wait "S1 (you) to play"
tui_keys F4
screen_has "a typed move is played" "S1 (you)       reserve deck 1"
screen_has "we read which card we reserved" "Seat 1 reserves the top card of the tier 1 deck, the "
tui_keys q
tui_wait "S1 (you) to play"
screen_has "our deck-reserved card is shown to us" "reserved: r1 "
tui_keys F3
screen_has "undo is refused after a card was drawn from a deck" "Cannot undo"

# Help, log.
tui_keys '?'
screen_has "? shows the help" "Reserve (S-3.3)"
tui_keys q F4
screen_has "F4 shows the log" "Game log"
screen_has "the log lists our typed move" "reserve deck 1"
tui_keys q

# Resize: a wide terminal gets a log pane.
tmux -L "$TUI_SOCK" resize-window -t t -x 130 -y 40
screen_has "a larger terminal shows the log pane" "Log"
# Resized twice at once, back to 130x40: the game may learn of the final size
# only, the one it had, while tmux dropped the top lines in the smaller one.
# The whole screen must be drawn again.
tmux -L "$TUI_SOCK" resize-window -t t -x 100 -y 30
tmux -L "$TUI_SOCK" resize-window -t t -x 130 -y 40
line_has "after 130x40, 100x30, 130x40 at once the title is on the top line" 1 " gemgames - Splendor"
line_has "and the log pane on line 2" 2 "│Log"
line_has "and the key help on the last line" '$' "arrows+Enter"
# Back to 80x24 (tmux drops the top lines again): the 80x24 screen, whole.
tmux -L "$TUI_SOCK" resize-window -t t -x 80 -y 24
line_has "back at 80x24 the title is on the top line" 1 " gemgames - Splendor"
line_has "and the key help on line 24" 24 "arrows+Enter"
screen_lacks "and there is no log pane" "Log"

# Save and quit.
tui_keys F2
screen_has "F2 asks where to save" "Save the game record to:"
tui_keys C-u
tui_type "$TMP/game.json"
tui_keys Enter
screen_has "the game is saved" "Saved "
tui_keys F10
screen_has "F10 quits (saved, so without asking)" "[exit 0]"
ok_if "the saved record replays" "$G" replay "$TMP/game.json"
moves=$(grep -c '"seat"' "$TMP/game.json")
tui_stop

# Resume from the record.
tui_start 80 24 play --load "$TMP/game.json" --bots random
screen_has "resume replays the record" "Resumed $TMP/game.json: $moves moves replayed"
screen_has "the resumed game waits for us" "S1 (you) to play"
screen_has "the resumed game still has our reserved card" "reserved: r1 "
tui_keys F10
screen_has "quit after resuming without new moves" "[exit 0]"
tui_stop

# Quit with unsaved moves asks first.
tui_start 80 24 play splendor --players 2 --seed 5 --bots random
tui_wait "S1 (you) to play"
tui_keys Enter
tui_wait "last: S2"
tui_keys F10
screen_has "quitting with unsaved moves asks" "Save before quitting?"
tui_type "n"
tui_keys Enter
screen_has "answering n quits without saving" "[exit 0]"
tui_stop

# A whole game against the heuristic bot (we always play the first listed
# move), then the score sheet.
tui_start 80 24 play splendor --players 2 --seed 4 --bots heuristic
game_ends "the game against the heuristic bot ends" 600
screen_has "the score sheet names the winner" "Game over: "
screen_has "the score sheet explains card and noble points" "from development cards + "
screen_has "the score sheet gives the tie-break count" "cards bought"
tui_stop

# NO_COLOR: the board still reads (letters carry the colours).
TUI_ENV=NO_COLOR=1 tui_start 80 24 play splendor --players 3 --seed 2 --bots random
screen_has "NO_COLOR: the board is drawn" "Supply  W5 B5 G5 R5 K5 Y5"
tui_stop

# --plain keeps the line-based game even on a terminal.
tui_start 80 24 play splendor --players 2 --seed 1 --plain
screen_has "--plain gives the line-based prompt" "seat 1>"
tui_type "quit"
tui_keys Enter
screen_has "--plain quits" "[exit 0]"
tui_stop
out=$(echo quit | "$G" play splendor --players 2 --seed 1)
contains "a pipe gets the line-based game" "$out" "bye"
echo "1..$T_N"
