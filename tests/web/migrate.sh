#!/bin/sh
# The schema is created and migrated by the server itself (schema_version),
# for SQLite and PostgreSQL; a database from a newer server is refused; the
# PostgreSQL password never reaches the output.
cd "$(dirname "$0")/../.." || exit 1
. tests/lib/tap.sh
BIN=${GEMGAMES:-build/rel/gemgames}
mkdir -p build/tmp
D=$(mktemp -d build/tmp/migrate-XXXXXX)
serve_once() { # db: start, wait for the listening line, stop; prints stdout+stderr
    "$BIN" serve --port 0 --host 127.0.0.1 --db "$1" >"$D/out" 2>&1 &
    pid=$!
    for _ in $(seq 300); do grep -q "listening on\|gemgames serve:.*storage\|schema version\|cannot connect" "$D/out" 2>/dev/null && break; sleep 0.1; done
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
    cat "$D/out"
}

# A database from before schema versions (the first release's columns only).
sqlite3 "$D/old.db" "CREATE TABLE tables(id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
  seed TEXT NOT NULL, seats TEXT NOT NULL, admin TEXT NOT NULL, created INTEGER NOT NULL);
  CREATE TABLE actions(table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,
  seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY(table_id, idx)) WITHOUT ROWID;
  INSERT INTO tables VALUES('0123456789ab','splendor','{}','7','[{\"bot\":\"random\"},{\"bot\":\"random\"}]','0123456789abcdef0123456789abcdef',1);"
out=$(serve_once "$D/old.db")
contains "a database from before schema versions opens" "$out" "listening on"
v=$(sqlite3 "$D/old.db" "PRAGMA user_version")
contains "it is migrated to the newest version (3)" "v=$v" "v=3"
contains "its columns were added (creator)" "$(sqlite3 "$D/old.db" "PRAGMA table_info(tables)")" "creator"
contains "its table is still there" "$(sqlite3 "$D/old.db" "SELECT id FROM tables")" "0123456789ab"
out=$(serve_once "$D/old.db")
contains "opening it again keeps it at 3" "$(sqlite3 "$D/old.db" "PRAGMA user_version")" "3"
sqlite3 "$D/old.db" "PRAGMA user_version = 99"
out=$(serve_once "$D/old.db")
contains "a database from a newer server is refused (SQLite)" "$out" "schema version 99"

. tests/lib/pg.sh
why=$(pg_skip_reason)
if [ -n "$why" ]; then
    T_N=$((T_N + 1)); echo "ok $T_N - PostgreSQL migrations # SKIP $why"
else
    pg_start || { T_N=$((T_N + 1)); echo "not ok $T_N - a PostgreSQL 15 starts"; }
    url="postgresql://gemgames:s3cr3t-pw@127.0.0.1:$PG_PORT/postgres"
    out=$(serve_once "$url")
    contains "a fresh PostgreSQL database gets the schema" "$out" "listening on"
    contains "the listening line names the database without its password" "$out" "(db postgresql://gemgames@127.0.0.1:$PG_PORT/postgres)"
    T_N=$((T_N + 1))
    case "$out" in *s3cr3t*) echo "not ok $T_N - the password is never printed";; *) echo "ok $T_N - the password is never printed";; esac
    v=$("$GG_PG_BIN/psql" "$GG_PG_URL" -Atc "SELECT string_agg(version::text, ',' ORDER BY version) FROM schema_version")
    contains "PostgreSQL is at every version (1,2,3), as SQLite" "v=$v" "v=1,2,3"
    out=$(serve_once "$url")
    contains "a second server on it migrates nothing" "$("$GG_PG_BIN/psql" "$GG_PG_URL" -Atc "SELECT count(*) FROM schema_version")" "3"
    "$GG_PG_BIN/psql" "$GG_PG_URL" -qc "INSERT INTO schema_version(version) VALUES(99)"
    out=$(serve_once "$url")
    contains "a database from a newer server is refused (PostgreSQL)" "$out" "schema version 99, newer"
    out=$(serve_once "postgresql://gemgames:s3cr3t-pw@127.0.0.1:1/postgres")
    contains "an unreachable database is named without its password" "$out" "cannot connect to postgresql://gemgames@127.0.0.1:1/postgres"
    T_N=$((T_N + 1))
    case "$out" in *s3cr3t*) echo "not ok $T_N - nor in the error";; *) echo "ok $T_N - nor in the error";; esac
fi
rm -rf "$D"
echo "1..$T_N"
