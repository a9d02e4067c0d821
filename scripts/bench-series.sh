#!/bin/sh
# Measures the Splendor bench over a long stretch of time, so that a figure
# does not depend on the moment it was taken: this 2-core virtual machine
# moves between a fast and a slow state (docs/performance.md). Every GAP
# seconds, one round: for each player count, one `bench --game splendor`
# pinned to the last core. Prints a line per run (UTC time, players,
# decisions/s) as it goes, then per player count the median, the quartiles,
# the range and how many runs reached TARGET.
#
#   scripts/bench-series.sh BIN ROUNDS GAP GAMES [PLAYERS...]
#
# e.g. scripts/bench-series.sh build/rel/gemgames 150 20 0 2 3 4
# (GAMES 0: bench's default game count, i.e. the plain
# `gemgames bench --game splendor --players P`). TARGET=15000000 by default.
set -eu
[ $# -ge 4 ] || { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
bin=$1 rounds=$2 gap=$3 games=$4
shift 4
[ $# -gt 0 ] || set -- 2 3 4
target=${TARGET:-15000000}
cpu=$(($(nproc) - 1))
games_arg=""
[ "$games" = 0 ] || games_arg="--games $games"
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
i=0
while [ "$i" -lt "$rounds" ]; do
    [ "$i" -eq 0 ] || sleep "$gap"
    for p in "$@"; do
        # shellcheck disable=SC2086 # games_arg is two words or none
        d=$(taskset -c "$cpu" "$bin" bench --game splendor --players "$p" $games_arg |
            head -1 | awk '{print $(NF-3)}')
        printf '%s %s %s\n' "$(date -u +%H:%M:%S)" "$p" "$d" | tee -a "$runs"
    done
    i=$((i + 1))
done
awk -v target="$target" '
    function sort(a, n,    i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    }
    function q(a, n, f,    x, k) { x = 1 + (n - 1) * f; k = int(x); return k >= n ? a[n] : a[k] + (x - k) * (a[k + 1] - a[k]) }
    { n[$2]++; v[$2, n[$2]] = $3 / 1e6; if (!($2 in seen)) { seen[$2] = 1; order[++np] = $2 } }
    END {
        for (k = 1; k <= np; k++) {
            p = order[k]; m = n[p]; hit = 0
            for (i = 1; i <= m; i++) { s[i] = v[p, i]; hit += v[p, i] * 1e6 >= target }
            sort(s, m)
            printf "%sp: %d runs, median %.2f M decisions/s, quartiles %.2f-%.2f, range %.2f-%.2f, %d of %d at >= %.0f M\n",
                p, m, q(s, m, 0.5), q(s, m, 0.25), q(s, m, 0.75), s[1], s[m], hit, m, target / 1e6
        }
    }' "$runs"
