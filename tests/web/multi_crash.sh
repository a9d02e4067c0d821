#!/bin/sh
# kill -9 a random one of three servers on one PostgreSQL during bot games
# (tests/web/multi_crash.mjs), MULTI_KILLS times (default 50); nothing acknowledged
# is lost, every game ends, every client resumes. Its own PostgreSQL 15 (tests/lib/pg.sh).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - kill -9 of one of several servers # SKIP node_modules missing (run npm ci)"; exit 0; fi
. tests/lib/pg.sh
why=$(pg_skip_reason)
if [ -n "$why" ]; then echo "ok 1 - kill -9 of one of several servers # SKIP $why"; exit 0; fi
pg_start || { echo "not ok 1 - a PostgreSQL 15 starts for the test"; exit 1; }
node tests/web/multi_crash.mjs
