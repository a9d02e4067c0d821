#!/bin/sh
# gemgames match with misbehaving engines (tests/cli/bad_engine.py): an
# engine that hangs, crashes mid-game, prints noise on stdout, chatters after
# a reply, floods a reply, answers illegally, answers garbage, refuses, or
# exceeds its move time or its bank forfeits each game it misbehaves in
# (reason recorded), is
# restarted for the next game, and the match finishes with the well-behaved
# engine's results intact; engines' stderr goes to their log, never to the
# match's output. Bounded: every case is 2 short games.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
BAD="python3 tests/cli/bad_engine.py"
GOOD="engine:python3 examples/bots/random_bot.py"

# field FILE KEY: the n-th bot's value of "KEY" in match --json output
bot_field() { tr -d ' \t\n' <"$1" | grep -o "\"bots\":.*" | grep -o "\"$2\":[^,}]*" | sed -n "${3}p" | cut -d: -f2; }

check_case() { # how reason [extra match flags...]
    how=$1 reason=$2; shift 2
    out=$TMP/$how.json
    # one thread: both games in turn on one engine process, so its log shows the restart
    "$G" match --game splendor --players 2 --games 2 --seed 7 --reply-timeout 4000 --threads 1 \
        --logs "$TMP/logs-$how" --json "$@" --bots "engine:$BAD $how,$GOOD" >"$out" 2>"$TMP/$how.err"
    rc=$?
    T_N=$((T_N + 1))
    if [ "$rc" = 0 ]; then echo "ok $T_N - $how: the match finishes"; else echo "not ok $T_N - $how: the match failed ($rc): $(head -c 300 "$TMP/$how.err")"; fi
    T_N=$((T_N + 1))
    f=$(bot_field "$out" forfeits 1); g=$(bot_field "$out" forfeits 2)
    if [ "$f" = 2 ] && [ "$g" = 0 ]; then echo "ok $T_N - $how: both games forfeited by the bad engine, none by the good one"; else echo "not ok $T_N - $how: forfeits $f and $g"; fi
    n=$(grep -c "\"reason\":	\"$reason\"" "$out")
    T_N=$((T_N + 1))
    if [ "$n" = 2 ]; then echo "ok $T_N - $how: the reason is $reason"; else echo "not ok $T_N - $how: $n games with reason $reason"; grep '"detail"' "$out" | head -2; fi
    w=$(bot_field "$out" win_share 2)
    T_N=$((T_N + 1))
    if [ "$w" = 1 ]; then echo "ok $T_N - $how: the good engine won both games"; else echo "not ok $T_N - $how: the good engine's win share is $w"; fi
    T_N=$((T_N + 1))
    if [ ! -s "$TMP/$how.err" ]; then echo "ok $T_N - $how: nothing on the match's stderr"; else echo "not ok $T_N - $how: stderr: $(head -c 300 "$TMP/$how.err")"; fi
    n=$(grep -c '== gemgames: engine started ==' "$TMP/logs-$how/entrant-0.log")
    T_N=$((T_N + 1))
    if [ "$n" -ge 2 ]; then echo "ok $T_N - $how: the engine was restarted ($n starts)"; else echo "not ok $T_N - $how: $n starts"; fi
}

check_case hang timeout
check_case crash crash
check_case noise noise
check_case chatter noise
check_case flood malformed
check_case illegal illegal
check_case garbage malformed
check_case refuse refused
# time limits far from both engines' real times, so a loaded machine does not
# make the good engine forfeit too: the slow one takes 4 s over a 2 s move time;
# the sleepy one 0.5 s a move against a 2.5 s bank gaining 0.1 s a move
check_case slow timeout --move-time 2000
check_case sleepy timeout --bank 2500 --increment 100

contains "crash: the engine's stderr is in its log" "$(cat "$TMP/logs-crash/entrant-0.log")" "bad_engine: crashing now"
contains "crash: the exit status is the reason's detail" "$(cat "$TMP/crash.json")" "it exited with status 3"
# the move that ran out had less than the whole bank left
limits=$(grep -o -E 'within [0-9]+ ms|the limit was [0-9]+ ms' "$TMP/sleepy.json" | grep -o -E '[0-9]+')
T_N=$((T_N + 1))
if [ -n "$limits" ] && printf '%s\n' "$limits" | awk '$1 >= 2500 { bad = 1 } END { exit bad }'; then
    echo "ok $T_N - sleepy: the bank ran out (limits $(echo $limits) ms, under the 2500 ms bank)"
else echo "not ok $T_N - sleepy: limits '$limits'"; fi
contains "slow: the limit is the move time" "$(cat "$TMP/slow.json")" "within 2000 ms"
contains "the time control is in the output" "$(cat "$TMP/sleepy.json")" '"bank_ms":	2500,
		"inc_ms":	100'

# the text form reports forfeits per engine, with reasons
text=$("$G" match --game splendor --players 2 --games 2 --seed 7 --reply-timeout 4000 --logs "$TMP/logs-text" \
    --bots "engine:$BAD illegal,$GOOD" 2>&1)
contains "text: forfeits per engine with their reasons" "$text" "2 forfeits (illegal 2)"
contains "text: the good engine has none" "$text" "0 forfeits"
contains "text: each forfeit named" "$text" "forfeit: game 1, seat 1, engine:$BAD illegal: illegal: genmove answered \"pass\""
contains "text: where the engines' stderr is" "$text" "engines' stderr: $TMP/logs-text"

# a bot of ours over its time forfeits too
out=$("$G" match --game splendor --players 2 --games 2 --seed 7 --move-time 5 --json --bots ismcts:ms=40,random)
contains "an internal bot over its move time forfeits" "$out" '"reason":	"timeout"'

# no hung engine is left behind: every process of the hang case is gone
sleep 0.2
T_N=$((T_N + 1))
if ps -eo args | grep -v grep | grep -q "bad_engine.py hang"; then echo "not ok $T_N - a hung engine is left running"; else echo "ok $T_N - hung engines are killed"; fi

# an engine that is not there: the match cannot begin, and says so
expect_fail "an engine that cannot start fails the match" "$G" match --game splendor --players 2 --games 2 --logs "$TMP/l" --bots "engine:/nonexistent/engine,random"
contains "the failed start names the engine's log" "$("$G" match --game splendor --players 2 --games 2 --logs "$TMP/l" --bots "engine:/nonexistent/engine,random" 2>&1)" "did not start"
