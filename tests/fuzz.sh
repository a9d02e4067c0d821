#!/bin/sh
# Runs every built libFuzzer target (build/fuzz/fuzzers/*) for SECONDS each,
# starting from its seed corpus (fuzz/corpus/NAME, made from real games by
# fuzz/make_corpus.sh when missing). Prints TAP; exits non-zero on a crash.
#   tests/fuzz.sh [SECONDS]
set -u
SECONDS_EACH=${1:-10}
DIR=build/fuzz/fuzzers
WORK=build/fuzz/corpus
n=0; bad=0
[ -d fuzz/corpus ] || true
for f in "$DIR"/fuzz_*; do
    [ -x "$f" ] || continue
    name=$(basename "$f")
    n=$((n + 1))
    mkdir -p "$WORK/$name"
    [ -d "fuzz/corpus/$name" ] && cp -n fuzz/corpus/"$name"/* "$WORK/$name/" 2>/dev/null
    log="build/fuzz/$name.log"
    if "$f" -max_total_time="$SECONDS_EACH" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="build/fuzz/$name-" "$WORK/$name" >"$log" 2>&1; then
        echo "ok $n - $name ran ${SECONDS_EACH}s: $(grep -o 'Done [0-9]* runs' "$log" | tail -n 1)"
    else
        bad=$((bad + 1))
        echo "not ok $n - $name crashed (see $log and build/fuzz/$name-*)"
        grep -A20 -E 'ERROR|runtime error|fuzz_' "$log" | head -n 30 | sed 's/^/# /'
    fi
done
[ "$n" = 0 ] && { echo "not ok 1 - no fuzzers built in $DIR"; exit 1; }
echo "$((n - bad)) passed, $bad failed"
[ "$bad" = 0 ]
