#!/bin/sh
# gemgames replay --events: the event stream of a game record as one viewer
# saw it during play (secret fields left out, "masked"), everything once the
# game is over (refused before), as JSON or as sentences.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

"$G" selfplay ys --players 3 --games 1 --seed 5 --bots heuristic --records "$TMP" >/dev/null
R="$TMP/game-00000.json"
ok_if "replay --events runs" "$G" replay "$R" --events
all=$("$G" replay "$R" --events --viewer all)
contains "everything after the game: the bids' values" "$all" '"kind":"ys.bid","seat":1,"brokers":['
contains "a district revealed with its brokers" "$all" '"kind":"ys.reveal","district":1,"zones":[{"zone":"port","brokers":[{"seat":'
contains "the final scoring" "$all" '"kind":"ys.final"'
contains "the winner" "$all" '"kind":"game.over"'
seat0=$("$G" replay "$R" --events --viewer 0)
contains "seat 0 sees its own bid" "$seat0" '"kind":"ys.bid","seat":0,"brokers":['
contains "seat 0 saw seat 1's bid masked" "$seat0" '{"kind":"ys.bid","seat":1,"masked":true}'
spect=$("$G" replay "$R" --events --viewer spectator)
contains "the spectator saw every bid masked" "$spect" '{"kind":"ys.bid","seat":0,"masked":true}'
text=$("$G" replay "$R" --events --viewer 1 --text)
contains "sentences: seat 1's own bid" "$text" "Seat 2 bids "
contains "sentences: the others' bids face down" "$text" "Seat 1 bids two brokers, face down."
contains "sentences: a district's result" "$text" "District 1 trade: "
contains "sentences: the end" "$text" "Game over — points "
# A record cut before the end: everything is refused, a seat's view is not.
awk '/"action":/ { n++ } n == 10 && /^[[:space:]]*}/ { print "}]}"; exit } { print }' "$R" >"$TMP/cut.json"
ok_if "a cut record replays as seat 2 saw it" "$G" replay "$TMP/cut.json" --events --viewer 2
expect_fail "--viewer all is refused before the end" "$G" replay "$TMP/cut.json" --events --viewer all
contains "and says why" "$("$G" replay "$TMP/cut.json" --events --viewer all 2>&1)" "the game is not over"
expect_fail "a seat that is not at the table is refused" "$G" replay "$R" --events --viewer 4
expect_fail "a bad viewer is refused" "$G" replay "$R" --events --viewer x
expect_fail "--text without --events is refused" "$G" replay "$R" --text
echo "1..$T_N"
