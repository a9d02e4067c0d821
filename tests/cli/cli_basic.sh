#!/bin/sh
# The command-line contract that holds for every game (DESIGN.md): help,
# errors on stderr with a non-zero exit, replay and bench behaviour.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

ok_if "help exits 0" "$G" --help
contains "help lists the commands" "$("$G" --help)" "gemgames replay FILE"
expect_fail "no command is an error" "$G"
expect_fail "an unknown command is an error" "$G" frobnicate
contains "an unknown command is named on stderr" "$("$G" frobnicate 2>&1 >/dev/null)" 'unknown command "frobnicate"'
expect_fail "play of an unknown game fails" "$G" play chess
contains "unknown game names the games" "$("$G" play chess 2>&1)" "unknown game"
expect_fail "replay of a missing file fails" "$G" replay "$TMP/nope.json"
echo '{"game":' >"$TMP/broken.json"
expect_fail "replay of broken JSON fails" "$G" replay "$TMP/broken.json"
contains "replay of broken JSON says why" "$("$G" replay "$TMP/broken.json" 2>&1)" "valid JSON"
expect_fail "bench of an unknown game fails" "$G" bench --game chess
expect_fail "bench with a bad --players fails" "$G" bench --players x

# For every registered game: a seeded selfplay record replays to a finished game,
# and bench gives the same signature twice.
for game in $("$G" --help | sed -n 's/^games://p'); do
    mkdir -p "$TMP/$game"
    ok_if "$game: selfplay writes records" "$G" selfplay "$game" --games 2 --seed 7 --records "$TMP/$game"
    out=$("$G" replay "$TMP/$game/game-00000.json")
    contains "$game: replay prints the final state" "$out" '"state"'
    contains "$game: replayed game is over" "$out" "$(printf '"over":\ttrue')"
    a=$("$G" bench --game "$game" --games 20 --json | grep '"checksum"' | tail -n 1)
    b=$("$G" bench --game "$game" --games 20 --json | grep '"checksum"' | tail -n 1)
    T_N=$((T_N + 1))
    if [ -n "$a" ] && [ "$a" = "$b" ]; then echo "ok $T_N - $game: bench signature is stable"; else echo "not ok $T_N - $game: bench signature is stable ($a / $b)"; fi
done
echo "1..$T_N"
