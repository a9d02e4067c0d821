#!/bin/sh
# Runs one test program or script, logging to $LOGS/NAME.log (+ .rc, and
# .time: "seconds NAME"), then prints one progress line.
#   tests/run-one.sh NAME PATH
name=$1; t=$2; log="$LOGS/$name.log"
start=$(date +%s.%N)
case "$t" in
    *.sh) sh "$t" >"$log" 2>&1 ;;
    *) "$t" >"$log" 2>&1 ;;
esac
rc=$?
secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
echo "exit $rc after ${secs}s" >>"$log"
echo "$rc" >"$log.rc"
echo "$secs $name" >"$LOGS/$name.time"
p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log")
status=ok; { [ "$f" != 0 ] || [ "$rc" != 0 ]; } && status=FAILED
finished=$(ls "$LOGS" | grep -c '\.rc$')
printf '[%3d/%d] %-32s %-6s %4d passed %3d failed %7.1fs\n' "$finished" "${total:-0}" "$name" \
    "$status" "$p" "$f" "$secs"
