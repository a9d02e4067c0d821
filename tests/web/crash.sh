#!/bin/sh
# kill -9 the server at random moments during bot games (tests/web/crash.mjs):
# 100 times in the test run (issue 18's CI size; about 5 minutes under ASan on
# 2 busy cores); CRASH_KILLS=N for another count (make soak: 200).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - crash # SKIP node_modules missing (run npm ci)"; exit 0; fi
CRASH_KILLS=${CRASH_KILLS:-100} exec node tests/web/crash.mjs
