#!/bin/sh
# Several servers on one PostgreSQL (tests/web/multi.mjs): tables played
# through three servers, then RACE_ROUNDS (default 10000) races of two
# servers for one move index. A PostgreSQL 15 of its own (tests/lib/pg.sh).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - several servers # SKIP node_modules missing (run npm ci)"; exit 0; fi
. tests/lib/pg.sh
why=$(pg_skip_reason)
if [ -n "$why" ]; then echo "ok 1 - several servers # SKIP $why"; exit 0; fi
pg_start || { echo "not ok 1 - a PostgreSQL 15 starts for the test"; exit 1; }
node tests/web/multi.mjs
