#!/bin/sh
# kill -9 the server at random moments during bot games (tests/web/crash.mjs);
# CRASH_KILLS=N for more (make soak).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - crash # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/crash.mjs
