#!/bin/sh
# gemgames match: argument errors; for each registered game, seat rotation is
# fair (every entrant in every seat equally often), the same seed gives the
# same result, records are written.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

expect_fail "match needs --game" "$G" match --games 2 --bots random
expect_fail "match of an unknown game fails" "$G" match --game chess --games 2 --bots random
contains "an unknown game is named" "$("$G" match --game chess --games 2 --bots random 2>&1)" "unknown game"

for game in $("$G" --help | sed -n 's/^games://p'); do
    expect_fail "$game: match needs --games" "$G" match --game "$game" --bots random
    expect_fail "$game: match needs --bots" "$G" match --game "$game" --games 2
    expect_fail "$game: an unknown bot fails" "$G" match --game "$game" --games 2 --bots random,nonsense
    expect_fail "$game: more specs than seats fails" "$G" match --game "$game" --players 2 --games 2 --bots random,random,random
    a=$("$G" match --game "$game" --players 2 --games 6 --seed 9 --bots random,random --json | grep -v ms_per_decision)
    b=$("$G" match --game "$game" --players 2 --games 6 --seed 9 --bots random,random --json | grep -v ms_per_decision)
    T_N=$((T_N + 1))
    if [ -n "$a" ] && [ "$a" = "$b" ]; then echo "ok $T_N - $game: same seed, same match"; else echo "not ok $T_N - $game: same seed, same match"; fi
    c=$("$G" match --game "$game" --players 2 --games 6 --seed 10 --bots random,random --json)
    T_N=$((T_N + 1))
    if [ "$a" != "$c" ]; then echo "ok $T_N - $game: another seed, another match"; else echo "not ok $T_N - $game: another seed, another match"; fi
    # rotation: 6 games at 2 seats -> each entrant 3 times in each seat
    n=$(printf '%s\n' "$a" | grep -c '"seat_games":	\[3, 3\]')
    T_N=$((T_N + 1))
    if [ "$n" = 2 ]; then echo "ok $T_N - $game: 2 players, each entrant 3 games in each seat"; else echo "not ok $T_N - $game: seat counts"; printf '%s\n' "$a" | grep seat_games; fi
    d=$("$G" match --game "$game" --players 3 --games 5 --seed 1 --bots random,random,random --json 2>/dev/null)
    if [ -n "$d" ]; then
        # 5 games rounded up to 6: each of 3 entrants twice in each of 3 seats
        n=$(printf '%s\n' "$d" | grep -c '"seat_games":	\[2, 2, 2\]')
        T_N=$((T_N + 1))
        if [ "$n" = 3 ]; then echo "ok $T_N - $game: 3 players, games rounded to whole rotations, fair seats"; else echo "not ok $T_N - $game: 3-player seat counts"; fi
        contains "$game: 6 games played" "$d" '"games":	6'
    fi
    out=$("$G" match --game "$game" --players 2 --games 2 --seed 4 --bots random,random --records "$TMP/$game")
    contains "$game: text output has win shares" "$out" "win share"
    ok_if "$game: a record per game" test -f "$TMP/$game/game-00001.json"
    contains "$game: records name the bots" "$(cat "$TMP/$game/game-00000.json")" '"bots":["random","random"]'
    ok_if "$game: records replay" "$G" replay "$TMP/$game/game-00001.json"
done
