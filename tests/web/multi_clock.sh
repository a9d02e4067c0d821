#!/bin/sh
# Two servers on one PostgreSQL 15 of its own (tests/lib/pg.sh): seats handed
# to bots through both at once (the store's compare-and-swap), and a clock
# running out for a person while both servers hold the table
# (tests/web/multi_clock.mjs). About 20 s.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - several servers # SKIP node_modules missing (run npm ci)"; exit 0; fi
. tests/lib/pg.sh
why=$(pg_skip_reason)
if [ -n "$why" ]; then echo "ok 1 - several servers # SKIP $why"; exit 0; fi
pg_start || { echo "not ok 1 - a PostgreSQL 15 starts for the test"; exit 1; }
node tests/web/multi_clock.mjs
