#!/bin/sh
# Compares the bench speed of two gemgames binaries on a noisy machine: runs
# them alternately, pinned to one core, and prints each one's sorted
# decisions/s (millions) and median.
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
        printf '%s %s\n' "$b" "$(taskset -c "$cpu" "$bin" bench "$@" | head -1 | awk '{print $(NF-3)}')"
    done
    i=$((i + 1))
done | sort -k1,1 -k2n | awk '
    { v[$1, ++c[$1]] = $2 / 1e6; line[$1] = line[$1] sprintf(" %.2f", $2 / 1e6) }
    END {
        for (k in c) {
            n = c[k]; m = n % 2 ? v[k, (n + 1) / 2] : (v[k, n / 2] + v[k, n / 2 + 1]) / 2
            printf "%s median %.2f M decisions/s:%s\n", k, m, line[k]
        }
    }'
