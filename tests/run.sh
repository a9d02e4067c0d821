#!/bin/sh
# Runs every test and ends with "N passed, N failed".
#   tests/run.sh BUILD_DIR        (BUILD_DIR holds gemgames and tests/)
# Unit tests are cmocka binaries speaking TAP; CLI tests are tests/cli/*.sh,
# which print TAP too ("ok N - what" / "not ok N - what"). A program that
# exits non-zero without reporting a failure counts as one failure.
# TESTS=pattern runs only the tests whose file name matches.
set -u
B=${1:-build/san}
LOGS=${TEST_LOGS:-build/test-logs}
rm -rf "$LOGS"; mkdir -p "$LOGS"
export GEMGAMES="$PWD/$B/gemgames"
export CMOCKA_MESSAGE_OUTPUT=TAP
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
PATTERN=${TESTS:-}

list=""
for t in "$B"/tests/test_*; do [ -x "$t" ] && list="$list $t"; done
for t in tests/cli/*.sh tests/web/*.sh tests/python/*.sh; do [ -f "$t" ] && list="$list $t"; done

export LOGS
selected=""
for t in $list; do
    if [ -n "$PATTERN" ]; then case "$(basename "$t")" in *$PATTERN*) ;; *) continue ;; esac; fi
    selected="$selected $t"
done
# shellcheck disable=SC2086
printf '%s\n' $selected | xargs -P "$JOBS" -n 1 sh tests/run-one.sh

passed=0; failed=0
for t in $selected; do
    name=$(basename "$t"); log="$LOGS/$name.log"
    [ -f "$log" ] || { echo "not run: $name"; failed=$((failed + 1)); continue; }
    p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log")
    rc=$(cat "$log.rc" 2>/dev/null || echo 1)
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then f=1; fi
    passed=$((passed + p)); failed=$((failed + f))
    status="ok"; [ "$f" != 0 ] && status="FAILED"
    printf '%-34s %4d passed %3d failed  %s (%s)\n' "$name" "$p" "$f" "$status" "$(tail -n 1 "$log")"
    if [ "$f" != 0 ]; then
        echo "---- $log (failures) ----"
        grep -B2 -A12 -E '^not ok |ERROR|runtime error|Sanitizer' "$log" | head -n 80
        echo "----"
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
