#!/bin/sh
# Ys scoring as it happens in the full-screen game (issue 20): a round is
# played to its scoring against bots; the screen then walks through it a key
# at a time: each district with every broker face up (values, not "?") and
# the ship's gems, the result of each of its zones in words, the market, the
# rates; the log and the last-moves line read as sentences; own cards stay
# visible at 80x24; a terminal too small says so; GEMGAMES_SCORING=off
# plays on without stopping.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
need_game ys
FIX="$(cd "$(dirname "$0")" && pwd)/fixtures/ys_own_card.json"
TMP=$(mktemp -d); trap 'tui_stop; rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1

# Plays the first listed move until the scoring walk-through shows.
to_scoring() {
    n=0
    while [ $n -lt 200 ]; do
        case "$(tui_screen)" in
            *"Scoring - page"*) return 0 ;;
            *"to play"*) tui_keys Enter ;;
        esac
        sleep 0.2
        n=$((n + 1))
    done
    return 1
}

# Goes on (Enter) until TEXT shows on a scoring page, playing when asked.
until_shown() {
    n=0
    while [ $n -lt 100 ]; do
        case "$(tui_screen)" in *"$1"*) return 0 ;; esac
        case "$(tui_screen)" in *"Scoring - page"*|*"to play"*) tui_keys Enter ;; esac
        sleep 0.2
        n=$((n + 1))
    done
    return 1
}

# TAP: TEXT reached on the scoring pages (playing through choices).
reached() {
    T_N=$((T_N + 1))
    if until_shown "$2"; then echo "ok $T_N - $1"; else
        echo "not ok $T_N - $1"; echo "# expected: $2"; tui_screen | sed 's/^/#  /'; fi
}

tui_start 80 24 play ys --players 4 --seed 7 --bots random
T_N=$((T_N + 1))
if to_scoring; then echo "ok $T_N - the round's last placement opens the scoring walk-through"
else echo "not ok $T_N - the round's last placement opens the scoring walk-through"; tui_screen | sed 's/^/#  /'; fi
screen_has "district 1 is shown with every broker face up" "District 1 - every broker face up"
screen_has "its ship's gems are shown" "ship  G G B R"
screen_has "the revealed brokers carry values" "port    S1:"
screen_lacks "no broker of a revealed district is hidden" "S2:?"
screen_has "the reveal is told in words" "District 1 is revealed — port: Seat 1 "
screen_has "the district totals that share the port are told" "District 1: Seat 1 18, Seat 3 8, Seat 4 4 and Seat 2 1"
screen_has "a key goes on" "Enter or space: go on"
reached "district 1's port zone result is told" "District 1 port: Seat 1 18"
screen_has "district 1's trade result is told" "District 1 trade: Seat 4 3 — Seat 4 scores 3 points."
screen_has "district 1's palace result is told" "District 1 palace: Seat 3 1 — Seat 3 wins the Magician."
screen_has "each zone's winner is marked" "-> S4"
reached "district 2 is revealed" "District 2 - every broker face up"
reached "district 2's result is told" "District 2 trade: "
reached "district 3 is revealed" "District 3 - every broker face up"
reached "district 4 is revealed" "District 4 - every broker face up"
reached "district 4's result is told" "District 4 trade: Seat 3 3 — Seat 3 scores 3 points."
reached "the market is shown face up" "Market - every broker face up"
reached "the columns move the rates" "Market columns, best first: "
# Back at the board: the log reads as sentences; our cards are never cut.
T_N=$((T_N + 1))
n=0
while [ $n -lt 100 ]; do
    case "$(tui_screen)" in *"Round 2 of 4"*"to play"*) break ;; *"Scoring - page"*|*"to play"*) tui_keys Enter ;; esac
    sleep 0.2; n=$((n + 1))
done
if tui_screen | grep -q "Round 2 of 4"; then echo "ok $T_N - round 2 follows the scoring"; else
    echo "not ok $T_N - round 2 follows the scoring"; tui_screen | sed 's/^/#  /'; fi
tui_keys F4
screen_has "the log tells each move in words" "Seat 1 bids "
tui_keys End
screen_has "the log tells the new round" "Round 2 begins. Ships: district 1 "
screen_has "the log tells the brokers going home" "The brokers on the board go back behind their screens."
tui_keys q
tui_stop

# One's own card in full at 80x24 (fixtures/ys_own_card.json: a heuristic
# self-play game cut where seat 0, holding the Jeweller, is to place; before,
# the line read "cards: Jewell").
tui_start 80 24 play --load "$FIX" --bots heuristic
screen_has "our card's name is whole at 80x24" "cards: Jeweller"
tui_stop

# A terminal too small for the board says so, and the board comes back.
tui_start 80 24 play ys --players 4 --seed 7 --bots random
tui_keys Enter
sleep 0.3
tmux -L "$TUI_SOCK" resize-window -t t -x 60 -y 20 2>/dev/null
screen_has "a too small terminal says so" "gemgames needs 80x24"
tmux -L "$TUI_SOCK" resize-window -t t -x 80 -y 24 2>/dev/null
screen_has "back at 80x24 the board returns" "District 4"
tui_stop

# Against bots the walk-through can be switched off.
TUI_ENV="GEMGAMES_SCORING=off" tui_start 80 24 play ys --players 4 --seed 7 --bots random
T_N=$((T_N + 1))
n=0
while [ $n -lt 200 ]; do
    s=$(tui_screen)
    case "$s" in *"Scoring - page"*) break ;; *"Round 2 of 4"*) break ;; *"to play"*) tui_keys Enter ;; esac
    sleep 0.2; n=$((n + 1))
done
case "$(tui_screen)" in
    *"Scoring - page"*) echo "not ok $T_N - GEMGAMES_SCORING=off plays on without stopping"; tui_screen | sed 's/^/#  /' ;;
    *) echo "ok $T_N - GEMGAMES_SCORING=off plays on without stopping" ;;
esac
tui_stop
echo "1..$T_N"
