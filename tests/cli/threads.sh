#!/bin/sh
# --threads (issue 26, "every core"): bench, selfplay and match give the same
# output for --threads 1 and --threads 2 — checksums, records, results —
# since every game's seeds come from its number and results are taken in game
# order (cli/par.c); a match with an external engine runs one engine process
# per thread. Kept small: a few seconds under the sanitizers.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
same() { # what file1 file2
    T_N=$((T_N + 1))
    if [ -s "$2" ] && cmp -s "$2" "$3"; then echo "ok $T_N - $1"
    else echo "not ok $T_N - $1"; diff "$2" "$3" | head -8 | sed 's/^/# /'; fi
}
# timings differ from run to run; everything else must not
untimed() { grep -v -e '_per_s' -e 'seconds' -e 'ms_per' -e 'per_second' -e 'per_cpu' -e 'ms each' "$@"; }

# bench: the checksums and the signature (text and JSON)
for t in 1 2; do
    "$G" bench --games 150 --threads $t >"$TMP/bench$t.txt"
    "$G" bench --games 150 --threads $t --json >"$TMP/bench$t.json"
done
sed -n 's/.*\(checksum [0-9a-f]*\)$/\1/p; /^bench signature/p' "$TMP/bench1.txt" >"$TMP/b1"
sed -n 's/.*\(checksum [0-9a-f]*\)$/\1/p; /^bench signature/p' "$TMP/bench2.txt" >"$TMP/b2"
same "bench: the same checksums and signature with 1 and 2 threads" "$TMP/b1" "$TMP/b2"
grep '"checksum"' "$TMP/bench1.json" >"$TMP/j1"; grep '"checksum"' "$TMP/bench2.json" >"$TMP/j2"
same "bench --json: the same checksums with 1 and 2 threads" "$TMP/j1" "$TMP/j2"
contains "bench --threads 2 reports each thread" "$(cat "$TMP/bench2.txt")" "  thread 2 "
T_N=$((T_N + 1))
games=$(tr -d ' \t\n' <"$TMP/bench2.json" | grep -o '"per_thread":\[[^]]*\]' | head -1 | grep -o '"games":[0-9]*' | sed 's/.*://' | awk "{ s += \$1 } END { print s }")
if [ "$games" = 150 ]; then echo "ok $T_N - bench --json: the threads' games add up to the run's"; else echo "not ok $T_N - per-thread games add up to '$games'"; fi

# selfplay: summaries and records, both games, bots with and without memory
for t in 1 2; do
    "$G" selfplay splendor --players 3 --games 6 --seed 3 --threads $t \
        --bots heuristic,random,ismcts:iters=40 --records "$TMP/sp$t" >"$TMP/sp$t.txt"
    "$G" selfplay ys --players 3 --games 3 --seed 9 --threads $t \
        --bots random,heuristic,random --records "$TMP/ys$t" >"$TMP/ys$t.txt"
done
same "selfplay splendor: the same summary with 1 and 2 threads" "$TMP/sp1.txt" "$TMP/sp2.txt"
ok_if "selfplay splendor: the same records with 1 and 2 threads" diff -r "$TMP/sp1" "$TMP/sp2"
ok_if "selfplay splendor: every record is written" test -s "$TMP/sp2/game-00005.json"
same "selfplay ys: the same summary with 1 and 2 threads" "$TMP/ys1.txt" "$TMP/ys2.txt"
ok_if "selfplay ys: the same records with 1 and 2 threads" diff -r "$TMP/ys1" "$TMP/ys2"

# match: the result (JSON and text without times) and the records
for t in 1 2; do
    "$G" match --game splendor --players 2 --games 6 --seed 11 --threads $t \
        --bots heuristic,ismcts:iters=40 --records "$TMP/m$t" --json >"$TMP/m$t.json"
    "$G" match --game ys --players 3 --games 3 --seed 4 --duplicate --threads $t \
        --bots random,heuristic >"$TMP/mys$t.txt"
done
untimed "$TMP/m1.json" >"$TMP/mj1"; untimed "$TMP/m2.json" >"$TMP/mj2"
same "match --json: the same result with 1 and 2 threads" "$TMP/mj1" "$TMP/mj2"
ok_if "match: the same records with 1 and 2 threads" diff -r "$TMP/m1" "$TMP/m2"
untimed "$TMP/mys1.txt" >"$TMP/y1"; untimed "$TMP/mys2.txt" >"$TMP/y2"
same "match ys --duplicate: the same table with 1 and 2 threads" "$TMP/y1" "$TMP/y2"

# --legacy-deals replays old matches: its bots keep their streams, so it stays on one thread
for t in 1 2; do
    "$G" match --game splendor --players 2 --games 4 --seed 3 --legacy-deals --threads $t \
        --bots heuristic,random --json | untimed >"$TMP/leg$t"
done
same "match --legacy-deals: the same result with --threads 1 and 2" "$TMP/leg1" "$TMP/leg2"

# an external engine: one process per thread, each with its own log
out=$("$G" match --game splendor --players 2 --games 4 --threads 2 --logs "$TMP/logs" --json \
    --bots "engine:python3 examples/bots/random_bot.py,random" 2>"$TMP/eng.err")
T_N=$((T_N + 1))
if [ "$(printf '%s\n' "$out" | grep -c '"forfeits":	0')" = 2 ]; then echo "ok $T_N - an engine match on 2 threads: no forfeit"; else echo "not ok $T_N - forfeits: $(printf '%s\n' "$out" | grep -A3 '"forfeit":' | head -8)"; fi
ok_if "each thread's engine has its log" test -e "$TMP/logs/entrant-0.log" -a -e "$TMP/logs/entrant-0-thread-2.log"

# the option itself
for cmd in "bench --games 1" "selfplay splendor --games 1" "match --game splendor --games 2 --bots random"; do
    "$G" $cmd --threads 0 >/dev/null 2>&1; rc=$?
    T_N=$((T_N + 1)); if [ "$rc" = 2 ]; then echo "ok $T_N - ${cmd%% *} --threads 0 is a usage error"; else echo "not ok $T_N - ${cmd%% *} --threads 0 exits $rc"; fi
done
