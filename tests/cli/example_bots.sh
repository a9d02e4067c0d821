#!/bin/sh
# examples/bots: the Python random bot plays a 20-game match and loses no
# game to a forfeit; the C random bot, compiled with the system's cc, plays a
# short match of each game. Both only pick from the legal moves genmove lists.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

out=$("$G" match --game splendor --players 2 --games 20 --logs "$TMP/py" --json \
    --bots "engine:python3 examples/bots/random_bot.py,random" 2>"$TMP/py.err")
contains "python: a 20-game match" "$out" '"games":	20'
contains "python: the bot is an entrant" "$(printf '%s\n' "$out" | tr -d ' \t\n')" '"spec":"engine:python3examples/bots/random_bot.py","entrants":1'
T_N=$((T_N + 1))
n=$(printf '%s\n' "$out" | grep -c '"forfeits":	0')
if [ "$n" = 2 ] && ! printf '%s\n' "$out" | grep -q '"forfeit":'; then echo "ok $T_N - python: no forfeit in 20 games"; else echo "not ok $T_N - python: forfeits: $(printf '%s\n' "$out" | grep -A3 '"forfeit":' | head -8)"; fi
ok_if "python: nothing on the match's stderr" test ! -s "$TMP/py.err"
T_N=$((T_N + 1))
if grep -q -e Traceback -e Error "$TMP/py/entrant-0.log"; then echo "not ok $T_N - python: errors in its log"; else echo "ok $T_N - python: a clean log"; fi
T_N=$((T_N + 1))
lines=$(grep -c '' examples/bots/random_bot.py)
if [ "$lines" -le 40 ]; then echo "ok $T_N - python: the bot is $lines lines with its comments"; else echo "not ok $T_N - python: $lines lines"; fi

CC=${CC:-cc}
if $CC -std=c11 -Wall -Wextra -Werror -O2 -o "$TMP/random_bot" examples/bots/random_bot.c 2>"$TMP/cc.err"; then
    echo "ok $((T_N + 1)) - c: the bot compiles with -Wall -Wextra -Werror"; T_N=$((T_N + 1))
    for game in $("$G" --help | sed -n 's/^games://p'); do
        out=$("$G" match --game "$game" --players 2 --games 4 --logs "$TMP/c-$game" --json --bots "engine:$TMP/random_bot,random")
        T_N=$((T_N + 1))
        if [ "$(printf '%s\n' "$out" | grep -c '"forfeits":	0')" = 2 ]; then echo "ok $T_N - c: a $game match without forfeits"; else echo "not ok $T_N - c: $game: $(printf '%s\n' "$out" | grep -A3 '"forfeit":' | head -8)"; fi
    done
else
    echo "not ok $((T_N + 1)) - c: the bot does not compile: $(cat "$TMP/cc.err")"; T_N=$((T_N + 1))
fi
