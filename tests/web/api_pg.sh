#!/bin/sh
# The whole API test (tests/web/api.mjs) against the PostgreSQL store: a
# PostgreSQL 15 of its own in a temporary directory (tests/lib/pg.sh).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - api on PostgreSQL # SKIP node_modules missing (run npm ci)"; exit 0; fi
. tests/lib/pg.sh
why=$(pg_skip_reason)
if [ -n "$why" ]; then echo "ok 1 - api on PostgreSQL # SKIP $why"; exit 0; fi
pg_start || { echo "not ok 1 - a PostgreSQL 15 starts for the test"; exit 1; }
node tests/web/api.mjs
