#!/bin/sh
# Compares the bench speed of two gemgames binaries on a noisy machine: runs
# them alternately, pinned to one core, and prints each one's sorted
# decisions/s (millions) and median, and the median of the new/old ratio of
# runs side by side (the machine's speed drifts; a pair shares its state).
#
#   scripts/bench-ab.sh OLD NEW [ROUNDS] [--game G --players P --games M ...]
#
# Defaults: 12 rounds of `bench --game splendor --players 2 --games 100000`.
# Medians compare better than single runs: the same binary swings by 20% on
# the 2-core build machine (docs/performance.md).
set -eu
[ $# -ge 2 ] || { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
old=$1 new=$2
shift 2
rounds=12
case "${1:-}" in [0-9]*) rounds=$1; shift ;; esac
[ $# -gt 0 ] || set -- --game splendor --players 2 --games 100000
cpu=$(($(nproc) - 1))
i=0
while [ $i -lt "$rounds" ]; do
    for b in old new; do
        eval bin=\$$b
        printf '%s %d %s\n' "$b" "$i" "$(taskset -c "$cpu" "$bin" bench "$@" | head -1 | awk '{print $(NF-3)}')"
    done
    i=$((i + 1))
done | awk '
    function median(a, n,    i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    { v[$1, $2] = $3 / 1e6; rounds = $2 + 1 }
    END {
        for (b = 0; b < 2; b++) {
            k = b ? "new" : "old"; line = ""
            for (r = 0; r < rounds; r++) s[r + 1] = v[k, r]
            m = median(s, rounds)
            for (r = 1; r <= rounds; r++) line = line sprintf(" %.2f", s[r])
            printf "%s median %.2f M decisions/s:%s\n", k, m, line
        }
        for (r = 0; r < rounds; r++) q[r + 1] = v["new", r] / v["old", r]
        m = median(q, rounds); wins = 0
        for (r = 1; r <= rounds; r++) wins += q[r] > 1
        printf "new/old, run by run: median %.3f, new faster in %d of %d rounds\n", m, wins, rounds
    }'
