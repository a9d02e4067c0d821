# pg.sh — a throwaway PostgreSQL 15 for the server tests (sourced, not run).
#   pg_start     initdb + pg_ctl in a fresh temporary directory, on a free
#                loopback port, its unix socket in that directory; exports
#                GG_PG_URL (a libpq URI, database "postgres", trust auth) and
#                GG_PG_BIN. Stopped and removed on exit, even on failure.
#   pg_skip_reason  non-empty when no PostgreSQL 15 is installed.
# PostgreSQL refuses to run as root: when the tests run as root (CI), the
# cluster belongs to the system user "postgres" (or "nobody") and its
# commands run through runuser.
GG_PG_BIN=${GG_PG_BIN:-/usr/lib/postgresql/15/bin}

pg_skip_reason() {
    [ -x "$GG_PG_BIN/initdb" ] || { echo "no PostgreSQL 15 in $GG_PG_BIN (apt-get install postgresql)"; return; }
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1 && ! id nobody >/dev/null 2>&1; then
        echo "running as root with no postgres or nobody user"
    fi
}

pg_as() {
    if [ "$(id -u)" = 0 ]; then runuser -u "$PG_USER" -- "$@"; else "$@"; fi
}

pg_free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

pg_stop() {
    [ -n "$PG_DIR" ] || return 0
    pg_as "$GG_PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1
    rm -rf "$PG_DIR"
    PG_DIR=
}

pg_start() {
    PG_USER=$(id -un)
    if [ "$(id -u)" = 0 ]; then
        if id postgres >/dev/null 2>&1; then PG_USER=postgres; else PG_USER=nobody; fi
    fi
    PG_DIR=$(mktemp -d /tmp/gg-pg.XXXXXX) || return 1
    trap 'pg_stop' EXIT
    trap 'pg_stop; exit 1' INT TERM HUP
    [ "$(id -u)" = 0 ] && chown "$PG_USER" "$PG_DIR"
    chmod 700 "$PG_DIR"
    pg_as "$GG_PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U gemgames --no-sync -E UTF8 \
        >"$PG_DIR/initdb.log" 2>&1 || { cat "$PG_DIR/initdb.log" >&2; return 1; }
    for try in 1 2 3; do
        PG_PORT=$(pg_free_port)
        # fsync off: the tests kill servers, never PostgreSQL
        if pg_as "$GG_PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -t 60 \
            -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300 -c shared_buffers=32MB" \
            start >/dev/null 2>&1; then
            export GG_PG_URL="postgresql://gemgames@127.0.0.1:$PG_PORT/postgres"
            export GG_PG_BIN PG_PORT
            return 0
        fi
    done
    cat "$PG_DIR/log" >&2
    return 1
}
