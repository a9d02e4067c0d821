#!/bin/sh
# Runs every test and ends with "N passed, N failed".
#   tests/run.sh BUILD_DIR [FULL_DIR]
# BUILD_DIR (build/san) holds gemgames and tests/. FULL_DIR (build/rel), when
# given, holds the random-simulation tests built optimised with assertions on;
# they play every game of each simulation and run as NAME_rel, next to the
# sanitizer build's NAME, which plays one game in SIM_SHARE (tests/support/sim.h).
# Unit tests are cmocka binaries speaking TAP; CLI tests are tests/cli/*.sh,
# which print TAP too ("ok N - what" / "not ok N - what"). A program that
# exits non-zero without reporting a failure counts as one failure.
# Each test prints a line as it finishes, with its time; the longest tests
# start first (by the times of the last run, kept in build/test-times). At the
# end: the total time, the five slowest tests, and the count as the last line.
# TESTS=pattern runs only the tests whose name matches.
set -u
B=${1:-build/san}
FULL=${2:-}
LOGS=${TEST_LOGS:-build/test-logs}
TIMES=${TEST_TIMES:-build/test-times}
started=$(date +%s)
rm -rf "$LOGS"; mkdir -p "$LOGS"
export GEMGAMES="$PWD/$B/gemgames"
export CMOCKA_MESSAGE_OUTPUT=TAP
# the messages in English whatever the caller's locale (tests grep them);
# the language tests choose theirs with --lang or LANG=
unset LC_ALL LC_MESSAGES LANGUAGE; export LANG=C.UTF-8
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
PATTERN=${TESTS:-}

# "name path" lines: every test there is.
all_tests() {
    for t in "$B"/tests/test_*; do [ -x "$t" ] && echo "$(basename "$t") $t"; done
    if [ -n "$FULL" ]; then
        for t in "$FULL"/tests/test_*sim*; do [ -x "$t" ] && echo "$(basename "$t")_rel $t"; done
    fi
    for t in tests/cli/*.sh tests/web/*.sh tests/python/*.sh; do [ -f "$t" ] && echo "$(basename "$t") $t"; done
}

# Expected seconds of a test: its time in the last run, else a guess by name
# (simulations, browsers, terminals and server crashes are the slow ones).
expected() {
    last=$(awk -v n="$1" '$2 == n { print $1; exit }' "$TIMES" 2>/dev/null)
    if [ -n "$last" ]; then echo "$last"; return; fi
    case "$1" in
        *sim*|*browser*|*crash*|*tui*) echo 1000 ;;
        *) echo 0 ;;
    esac
}

all_tests | while read -r name path; do
    if [ -n "$PATTERN" ]; then case "$name" in *$PATTERN*) ;; *) continue ;; esac; fi
    echo "$(expected "$name") $name $path"
done | sort -k1,1nr -k2,2 | awk '{ print $2, $3 }' >"$LOGS/.selected"
total=$(wc -l <"$LOGS/.selected" | tr -d ' ')
echo "running $total tests, $JOBS at a time (logs in $LOGS/)"
export LOGS total
xargs -P "$JOBS" -n 2 sh tests/run-one.sh <"$LOGS/.selected"

passed=0; failed=0; report=""
while read -r name path; do
    log="$LOGS/$name.log"
    [ -f "$log" ] || { echo "not run: $name"; failed=$((failed + 1)); continue; }
    p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log")
    rc=$(cat "$log.rc" 2>/dev/null || echo 1)
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then f=1; fi
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$f" != 0 ]; then
        echo "---- $name FAILED: $f failed, $p passed ($path, log $log) ----"
        grep -B2 -A12 -E '^not ok |ERROR|runtime error|Sanitizer' "$log" | head -n 80
        echo "----"
    fi
done <"$LOGS/.selected"

# Keep this run's times for the next run's order (tests not run keep theirs).
cat "$LOGS"/*.time 2>/dev/null | sort -k2,2 >"$LOGS/.times"
if [ -f "$TIMES" ]; then
    awk 'NR == FNR { seen[$2] = 1; print; next } !($2 in seen)' "$LOGS/.times" "$TIMES" \
        >"$LOGS/.merged" && mv "$LOGS/.merged" "$TIMES"
else
    cp "$LOGS/.times" "$TIMES" 2>/dev/null
fi

now=$(date +%s)
echo "tests ran in $((now - started))s${GG_TEST_START:+ (make test: $((now - GG_TEST_START))s with the build)}; the five slowest:"
sort -k1,1nr "$LOGS/.times" | head -n 5 | awk '{ printf "  %6.1fs  %s\n", $1, $2 }'
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
