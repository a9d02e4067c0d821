#!/bin/sh
# gemgames engine: the line protocol through the binary (docs/protocol.md),
# and engine:CMD players in a match. The full scripted session with every
# command and error is tests/unit/test_bots_protocol.c; this checks the real
# stdin/stdout wiring and, for each registered game, a real game.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}

out=$(printf 'protocol_version\nname\nlist_commands\nfrobnicate\nlegal\001\nlegal\nnew_game chess\nquit\nname\n' | "$G" engine --bot random)
contains "protocol_version is 1" "$out" "= 1"
contains "name names the bot" "$out" "= gemgames"
contains "list_commands lists genmove" "$out" "genmove"
contains "unknown command is refused" "$out" '? unknown: unknown command "frobnicate"'
contains "a malformed line is refused" "$out" "? malformed: byte 0x01"
contains "legal needs a game" "$out" "? state: no game yet"
contains "an unknown game is refused" "$out" "? option: unknown game"
T_N=$((T_N + 1))
# quit ends the session: "name" after it gets no reply (2 names would be 2 replies)
if [ "$(printf '%s\n' "$out" | grep -c '^= gemgames')" = 1 ]; then echo "ok $T_N - quit ends the session"; else echo "not ok $T_N - quit ends the session"; fi
T_N=$((T_N + 1))
# every reply ends with an empty line ($(...) drops the last one)
replies=$(printf '%s\n' "$out" | grep -c '^[=?]')
blanks=$(printf '%s\n' "$out" | grep -c '^$')
if [ "$replies" = 8 ] && [ "$blanks" = 7 ]; then echo "ok $T_N - 8 replies, each ended by an empty line"; else echo "not ok $T_N - replies $replies, blank lines $blanks"; fi
expect_fail "engine refuses an unknown argument" "$G" engine --frob
expect_fail "engine refuses a bad bot" "$G" engine --bot nonsense

for game in $("$G" --help | sed -n 's/^games://p'); do
    out=$(printf 'new_game %s players=2 seed=5\nset_seat 1\nview\nlegal\ngenmove\nset_seat 0\nlegal\nplay 0 no-such-move\nplay 1 x\nset_seat 9\nquit\n' "$game" | "$G" engine --bot random)
    contains "$game: new_game and set_seat" "$out" "=

=

= {\"game\":\"$game\""
    contains "$game: the view is seat 0's... of seat 1" "$out" '"seat":1'
    contains "$game: set_seat out of range" "$out" "? seat: there is no seat 9"
    contains "$game: a bad move is refused" "$out" "? parse"
    # engine:CMD in a match, both ways round
    m=$("$G" match --game "$game" --players 2 --games 2 --seed 3 --bots "engine:$G engine --bot random,random")
    contains "$game: a match with an engine player runs" "$m" "engine:"
    expect_fail "$game: an engine that is not there fails cleanly" "$G" match --game "$game" --players 2 --games 2 --bots "engine:/nonexistent/engine,random"
done
