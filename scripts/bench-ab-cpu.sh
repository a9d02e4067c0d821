#!/bin/sh
# Compares the CPU time of two gemgames binaries' bench runs, alternating
# them: on a machine shared with other work, wall-clock rates (what
# scripts/bench-ab.sh reads) follow the load, while the CPU time a run
# spends moves much less. Prints each binary's sorted CPU milliseconds and
# median, and the median of the old/new ratio of runs side by side (above 1:
# new is faster).
#
#   scripts/bench-ab-cpu.sh OLD NEW [ROUNDS] [bench options ...]
#
# Defaults: 9 rounds of `bench --game splendor --players 2 --games 100000
# --threads 1`. CPU time is perf's task-clock when perf can read it, else
# GNU time's user + system seconds (10 ms steps).
set -eu
[ $# -ge 2 ] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
old=$1 new=$2
shift 2
rounds=9
case "${1:-}" in [0-9]*) rounds=$1; shift ;; esac
[ $# -gt 0 ] || set -- --game splendor --players 2 --games 100000 --threads 1
if perf stat -x, -e task-clock true >/dev/null 2>&1; then
    cpu_ms() { perf stat -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ { print $1 }'; }
else
    cpu_ms() { { /usr/bin/time -f '%U %S' "$@" >/dev/null; } 2>&1 | awk '{ print ($1 + $2) * 1000 }'; }
fi
i=0
while [ $i -lt "$rounds" ]; do
    for b in old new; do
        eval bin=\$$b
        printf '%s %d %s\n' "$b" "$i" "$(cpu_ms "$bin" bench "$@")"
    done
    i=$((i + 1))
done | awk '
    function sort(a, n,    i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    }
    function median(a, n) { sort(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    { v[$1, $2] = $3; rounds = $2 + 1 }
    END {
        for (b = 0; b < 2; b++) {
            k = b ? "new" : "old"; line = ""
            for (r = 0; r < rounds; r++) s[r + 1] = v[k, r]
            m = median(s, rounds)
            for (r = 1; r <= rounds; r++) line = line sprintf(" %.0f", s[r])
            printf "%s median %.0f CPU ms:%s\n", k, m, line
        }
        for (r = 0; r < rounds; r++) q[r + 1] = v["old", r] / v["new", r]
        wins = 0
        for (r = 1; r <= rounds; r++) wins += q[r] > 1
        printf "old/new CPU time, run by run: median %.3f, new faster in %d of %d rounds\n", median(q, rounds), wins, rounds
    }'
