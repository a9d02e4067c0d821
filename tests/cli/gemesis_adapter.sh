#!/bin/sh
# tools/gemesis_adapter.py, the adapter for the external Splendor agent Gemesis:
# its translation checked without the agent (tests/cli/gemesis_adapter_test.py:
# tables found from our printed data, the input written from a view only, the
# agent's answers turned into our legal moves, the protocol with a fake agent).
# With the agent built (GEMESIS_DIR=OUT of tools/gemesis_build.sh), also the
# rules-parity check on 3 random games and a 2-game match against random.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
export GEMGAMES="$G"
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
python3 tests/cli/gemesis_adapter_test.py >"$TMP/unit" 2>&1
status=$?
grep -v '^1\.\.' "$TMP/unit"
T_N=$(grep -c -E '^(not )?ok ' "$TMP/unit")
if [ "$status" != 0 ]; then T_N=$((T_N + 1)); echo "not ok $T_N - gemesis_adapter_test.py ended with status $status"; fi
D=${GEMESIS_DIR:-}
if [ -z "$D" ] || [ ! -x "$D/gemesis-mcts" ] || [ ! -x "$D/gemesis-moves" ]; then
    T_N=$((T_N + 1))
    echo "ok $T_N - # skip the agent is not built: set GEMESIS_DIR to the OUT of tools/gemesis_build.sh"
    exit 0
fi
ok_if "parity: every Gemesis move in 3 random games is legal for us and leaves the same tokens" \
    python3 tools/gemesis_parity.py --gemgames "$G" --moves "$D/gemesis-moves" --games 3 --seed 5
out=$("$G" match --game splendor --players 2 --games 2 --seed 3 --logs "$TMP/m" --json \
    --bots "engine:python3 tools/gemesis_adapter.py --agent $D/gemesis-mcts --seconds 0.05,random" 2>&1)
T_N=$((T_N + 1))
if [ "$(printf '%s\n' "$out" | grep -c '"forfeits":	0')" = 2 ]; then echo "ok $T_N - a 2-game match without forfeits"; else echo "not ok $T_N - forfeits: $(printf '%s\n' "$out" | head -c 600)"; fi
T_N=$((T_N + 1))
if grep -q -e fallback -e Traceback "$TMP/m/entrant-0.log"; then echo "not ok $T_N - the adapter fell back: $(grep -m3 -e fallback -e Traceback "$TMP/m/entrant-0.log")"; else echo "ok $T_N - every move was the agent's (no fallback)"; fi
