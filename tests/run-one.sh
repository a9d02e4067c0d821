#!/bin/sh
# Runs one test program or script, logging to $LOGS/NAME.log (+ .rc).
t=$1; name=$(basename "$t"); log="$LOGS/$name.log"
start=$(date +%s)
case "$t" in
    *.sh) sh "$t" >"$log" 2>&1 ;;
    *) "$t" >"$log" 2>&1 ;;
esac
rc=$?
echo "exit $rc after $(( $(date +%s) - start ))s" >>"$log"
echo "$rc" >"$log.rc"
