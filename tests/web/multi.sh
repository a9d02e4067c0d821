#!/bin/sh
# Several servers on one PostgreSQL, with a PostgreSQL 15 of its own
# (tests/lib/pg.sh):
# - the store's conditional append raced by two processes at the same
#   instant STORE_RACE_ROUNDS times (default 10000; tests/unit/test_store_race.c);
# - tests/web/multi.mjs: tables played through three servers, then
#   RACE_ROUNDS races of two real servers for one move index (default 10000,
#   the issue's count: about 3 minutes under the sanitizers on 2 busy cores,
#   run beside the other tests; RACE_ROUNDS=500 for a quick look).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - several servers # SKIP node_modules missing (run npm ci)"; exit 0; fi
. tests/lib/pg.sh
why=$(pg_skip_reason)
if [ -n "$why" ]; then echo "ok 1 - several servers # SKIP $why"; exit 0; fi
pg_start || { echo "not ok 1 - a PostgreSQL 15 starts for the test"; exit 1; }
race=$(dirname "${GEMGAMES:-build/rel/gemgames}")/tests/test_store_race
[ -x "$race" ] || race=build/rel/tests/test_store_race
if [ -x "$race" ]; then
    CMOCKA_MESSAGE_OUTPUT=TAP STORE_RACE_ROUNDS=${STORE_RACE_ROUNDS:-10000} "$race"
else
    echo "not ok - the store race program was built ($race)"
fi
RACE_ROUNDS=${RACE_ROUNDS:-10000} node tests/web/multi.mjs
