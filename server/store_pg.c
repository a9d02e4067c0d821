/* store_pg.c — the shared store: PostgreSQL through libpq, for one or
 * several `gemgames serve` processes on one database (docs/deploy.md).
 *
 * The same tables as the SQLite store, plus what several servers need:
 *   - actions has PRIMARY KEY (table_id, idx) and every append is
 *     conditional (the previous index exists, this one does not): of two
 *     servers appending the same index, exactly one gets a row back, the
 *     other STORE_CONFLICT (store.h), and no gap can be written;
 *   - every write notifies channel "gemgames" in its own transaction
 *     ("c:ID", "m:ID:INDEX", "s:ID", "d:ID", "h:ID:INDEX" chat,
 *     "u:ID:INDEX" undo), delivered at
 *     commit to every server's listener (listen, sync.c);
 *   - bot_claims leases one bot move of a table to one server (claim_bot):
 *     an upsert that takes the row only when it is for an older move, its
 *     lease ran out, or it is already ours — the conditional-update form of
 *     FOR UPDATE SKIP LOCKED, which also survives the claimer's kill -9.
 * The schema is created and migrated by the server (schema_version, all
 * pending migrations in one transaction under an advisory lock).
 *
 * A few connections are pooled; each call takes one. A connection that
 * breaks fails the store (as a failed SQLite write does): the server stops
 * acknowledging and exits, and its supervisor starts it again. */
#include <libpq-fe.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store.h"

enum { POOL = 4, LISTEN_RETRY_MS = 1000 };

typedef struct pg_store {
    store base;
    char *conninfo;
    PGconn *pool[POOL];
    int busy[POOL];
    pthread_mutex_t mu;
    pthread_cond_t cv;
    char failed[STORE_ERR];
    char server_id[64]; /* who holds a bot claim */
    pthread_t listener;
    int listening, stop;
    void (*on_change)(void *ctx, char kind, const char *table_id, int index);
    void *ctx;
} pg_store;

int store_is_pg(const char *db)
{
    return db && (!strncmp(db, "postgresql://", 13) || !strncmp(db, "postgres://", 11));
}

/* user@host:port/dbname, never the password (libpq parses the string). */
void store_pg_redact(const char *conninfo, char *out, size_t n)
{
    char *msg = NULL;
    PQconninfoOption *o = PQconninfoParse(conninfo, &msg);
    const char *user = "", *host = "", *port = "", *db = "";
    for (PQconninfoOption *p = o; p && p->keyword; p++) {
        if (!p->val) continue;
        if (!strcmp(p->keyword, "user")) user = p->val;
        else if (!strcmp(p->keyword, "host")) host = p->val;
        else if (!strcmp(p->keyword, "port")) port = p->val;
        else if (!strcmp(p->keyword, "dbname")) db = p->val;
    }
    snprintf(out, n, "postgresql://%.60s%s%.120s%s%.10s/%.60s", user, *user ? "@" : "", host,
             *port ? ":" : "", port, db);
    PQconninfoFree(o);
    PQfreemem(msg);
}

static int fail_msg(char *err, const char *what, const char *msg)
{
    char one[300];
    snprintf(one, sizeof one, "%s", msg ? msg : "no connection");
    one[strcspn(one, "\n")] = 0;
    snprintf(err, STORE_ERR, "storage: %.100s: %.280s", what, one);
    return -1;
}

static void no_notice(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

/* ----------------------------------------------------------- the pool */

static PGconn *take(pg_store *s, int *slot)
{
    pthread_mutex_lock(&s->mu);
    for (;;) {
        for (int i = 0; i < POOL; i++)
            if (!s->busy[i]) {
                s->busy[i] = 1;
                *slot = i;
                pthread_mutex_unlock(&s->mu);
                return s->pool[i];
            }
        pthread_cond_wait(&s->cv, &s->mu);
    }
}

static void give(pg_store *s, int slot)
{
    pthread_mutex_lock(&s->mu);
    s->busy[slot] = 0;
    pthread_cond_signal(&s->cv);
    pthread_mutex_unlock(&s->mu);
}

static int healthy(pg_store *s, char *err)
{
    pthread_mutex_lock(&s->mu);
    int ok = !s->failed[0];
    if (!ok) snprintf(err, STORE_ERR, "%s", s->failed);
    pthread_mutex_unlock(&s->mu);
    return ok ? 0 : -1;
}

/* A statement failed: a broken connection fails the store for good; a
 * refused row (a constraint) is that write's own problem. */
static int query_failed(pg_store *s, PGconn *c, PGresult *res, const char *what, char *err)
{
    fail_msg(err, what, res ? PQresultErrorMessage(res) : PQerrorMessage(c));
    const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
    int constraint = state && !strncmp(state, "23", 2);
    if (!constraint || PQstatus(c) != CONNECTION_OK) {
        pthread_mutex_lock(&s->mu);
        if (!s->failed[0]) snprintf(s->failed, STORE_ERR, "%s", err);
        pthread_mutex_unlock(&s->mu);
    }
    return -1;
}

/* Runs one statement with text parameters; returns the result (the caller
 * clears it) or NULL with err filled. */
static PGresult *run(pg_store *s, PGconn *c, const char *what, const char *sql, int n,
                     const char *const *params, char *err)
{
    if (healthy(s, err) != 0) return NULL;
    PGresult *res = PQexecParams(c, sql, n, NULL, params, NULL, NULL, 0);
    ExecStatusType st = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return res;
    query_failed(s, c, res, what, err);
    PQclear(res);
    return NULL;
}

/* One statement on a pooled connection: -1, or the number of rows it
 * returned. */
static int exec_rows(pg_store *s, const char *what, const char *sql, int n,
                     const char *const *params, char *err)
{
    int slot;
    PGconn *c = take(s, &slot);
    PGresult *res = run(s, c, what, sql, n, params, err);
    int rows = res ? PQntuples(res) : -1;
    PQclear(res);
    give(s, slot);
    return rows;
}

/* ----------------------------------------------------------- migrations */

/* Each entry is one schema version; pending ones run in one transaction. */
static const char *const migrations[] = {
    /* 1: tables, their action logs, bot move claims */
    "CREATE TABLE tables("
    " id text PRIMARY KEY, game text NOT NULL, options text NOT NULL,"
    " seed text NOT NULL, seats text NOT NULL, admin text NOT NULL,"
    " created bigint NOT NULL, creator text NOT NULL DEFAULT '',"
    " seed_chosen integer NOT NULL DEFAULT 0);"
    "CREATE TABLE actions("
    " table_id text NOT NULL REFERENCES tables(id) ON DELETE CASCADE,"
    " idx integer NOT NULL, seat integer NOT NULL, action text NOT NULL,"
    " ts bigint NOT NULL DEFAULT 0, PRIMARY KEY(table_id, idx));"
    "CREATE TABLE bot_claims("
    " table_id text PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,"
    " idx integer NOT NULL, server text NOT NULL, until timestamptz NOT NULL);",
    /* 2: chat per table; public tables (the lobby) — as SQLite's version 2 */
    "ALTER TABLE tables ADD COLUMN public integer NOT NULL DEFAULT 0;"
    "CREATE TABLE chat("
    " table_id text NOT NULL REFERENCES tables(id) ON DELETE CASCADE,"
    " idx integer NOT NULL, seat integer NOT NULL, name text NOT NULL, text text NOT NULL,"
    " ts bigint NOT NULL, PRIMARY KEY(table_id, idx));",
    /* 3: clocks (each move's time in ms and flags, the time control, when the
     * clocks started) and the rematch — as SQLite's version 3 */
    "ALTER TABLE tables ADD COLUMN clock text NOT NULL DEFAULT '';"
    "ALTER TABLE tables ADD COLUMN clock_start bigint NOT NULL DEFAULT 0;"
    "ALTER TABLE tables ADD COLUMN rematch text NOT NULL DEFAULT '';"
    "ALTER TABLE tables ADD COLUMN rematch_seats integer NOT NULL DEFAULT 0;"
    "ALTER TABLE actions ADD COLUMN ts_ms bigint NOT NULL DEFAULT 0;"
    "ALTER TABLE actions ADD COLUMN flags integer NOT NULL DEFAULT 0;",
};
enum { SCHEMA_VERSION = (int)(sizeof migrations / sizeof migrations[0]) };

static int simple(PGconn *c, const char *sql, const char *what, char *err)
{
    PGresult *res = PQexec(c, sql);
    int ok = res && (PQresultStatus(res) == PGRES_COMMAND_OK ||
                     PQresultStatus(res) == PGRES_TUPLES_OK);
    if (!ok) fail_msg(err, what, res ? PQresultErrorMessage(res) : PQerrorMessage(c));
    PQclear(res);
    return ok ? 0 : -1;
}

static int migrate(PGconn *c, char *err)
{
    if (simple(c, "BEGIN", "migrate", err) != 0) return -1;
    /* servers starting together take turns; the lock goes with the transaction */
    int r = simple(c, "SELECT pg_advisory_xact_lock(7125190325)", "migrate", err);
    if (r == 0)
        r = simple(c, "CREATE TABLE IF NOT EXISTS schema_version(version integer PRIMARY KEY,"
                      " applied timestamptz NOT NULL DEFAULT now())", "schema_version", err);
    int v = -1;
    if (r == 0) {
        PGresult *res = PQexec(c, "SELECT coalesce(max(version), 0) FROM schema_version");
        if (res && PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1)
            v = atoi(PQgetvalue(res, 0, 0));
        else r = fail_msg(err, "schema_version", PQerrorMessage(c));
        PQclear(res);
    }
    if (r == 0 && v > SCHEMA_VERSION) {
        snprintf(err, STORE_ERR, "storage: the database has schema version %d, newer than this "
                 "server's %d: upgrade gemgames", v, SCHEMA_VERSION);
        r = -1;
    }
    for (int i = v; r == 0 && i < SCHEMA_VERSION; i++) {
        char stamp[80], what[40];
        snprintf(stamp, sizeof stamp, "INSERT INTO schema_version(version) VALUES(%d)", i + 1);
        snprintf(what, sizeof what, "migration %d", i + 1);
        r = simple(c, migrations[i], what, err);
        if (r == 0) r = simple(c, stamp, what, err);
    }
    if (r == 0) return simple(c, "COMMIT", "migrate", err);
    PQclear(PQexec(c, "ROLLBACK"));
    return -1;
}

/* ----------------------------------------------------------- writes */

static int pg_create_table(store *base, const store_table *t, char *err)
{
    pg_store *s = (pg_store *)base;
    char created[24], chosen[8], pub[8], cstart[24], rseats[16];
    snprintf(created, sizeof created, "%lld", (long long)t->created);
    snprintf(chosen, sizeof chosen, "%d", t->seed_chosen);
    snprintf(pub, sizeof pub, "%d", t->is_public);
    snprintf(cstart, sizeof cstart, "%lld", (long long)t->clock_start);
    snprintf(rseats, sizeof rseats, "%d", t->rematch_seats);
    const char *p[] = {t->id,      t->game,    t->options,
                       t->seed,    t->seats,   t->admin,
                       created,    t->creator ? t->creator : "", chosen,
                       pub,        t->clock ? t->clock : "", cstart,
                       t->rematch ? t->rematch : "", rseats};
    int rows = exec_rows(s, "create table",
                         "WITH ins AS (INSERT INTO tables(id, game, options, seed, seats, admin,"
                         " created, creator, seed_chosen, public, clock, clock_start, rematch,"
                         " rematch_seats) VALUES($1, $2, $3, $4, $5, $6, $7::bigint, $8,"
                         " $9::integer, $10::integer, $11, $12::bigint, $13, $14::integer)"
                         " RETURNING id)"
                         " SELECT pg_notify('gemgames', 'c:' || id) FROM ins",
                         14, p, err);
    return rows == 1 ? 0 : -1;
}

static int pg_append_action(store *base, const char *table_id, int index, int seat,
                            const char *text, int64_t ts_ms, int flags, char *err)
{
    pg_store *s = (pg_store *)base;
    char idx[16], st[16], ts[24], ms[24], fl[16];
    snprintf(idx, sizeof idx, "%d", index);
    snprintf(st, sizeof st, "%d", seat);
    snprintf(ts, sizeof ts, "%lld", (long long)(ts_ms / 1000));
    snprintf(ms, sizeof ms, "%lld", (long long)ts_ms);
    snprintf(fl, sizeof fl, "%d", flags);
    const char *p[] = {table_id, idx, st, text, ts, ms, fl};
    int rows = exec_rows(
        s, "append action",
        "WITH ins AS (INSERT INTO actions(table_id, idx, seat, action, ts, ts_ms, flags)"
        " SELECT $1, $2::integer, $3::integer, $4, $5::bigint, $6::bigint, $7::integer"
        " WHERE $2::integer = 0 OR EXISTS (SELECT 1 FROM actions"
        "  WHERE table_id = $1 AND idx = $2::integer - 1)"
        " ON CONFLICT DO NOTHING RETURNING idx)"
        " SELECT pg_notify('gemgames', 'm:' || $1 || ':' || idx) FROM ins",
        7, p, err);
    if (rows == 0) {
        snprintf(err, STORE_ERR, "storage: move %d of table %.20s was taken by another server",
                 index, table_id);
        return STORE_CONFLICT;
    }
    return rows == 1 ? 0 : -1;
}

static int pg_update_seats(store *base, const char *table_id, const char *seats, char *err)
{
    pg_store *s = (pg_store *)base;
    const char *p[] = {seats, table_id};
    int rows = exec_rows(s, "update seats",
                         "WITH up AS (UPDATE tables SET seats = $1 WHERE id = $2 RETURNING id)"
                         " SELECT pg_notify('gemgames', 's:' || id) FROM up",
                         2, p, err);
    return rows >= 0 ? 0 : -1;
}

/* The seats change only if they are still `old` and, when moves >= 0, the
 * table has exactly that many moves: a seat handed to a bot on a stale
 * reading loses (STORE_CONFLICT) and its server reads the table again. The
 * row lock makes two such updates of one table take turns, and the second
 * compares the seats the first wrote (READ COMMITTED re-checks the row). */
static int pg_update_seats_if(store *base, const char *table_id, const char *old, int moves,
                              const char *seats, char *err)
{
    pg_store *s = (pg_store *)base;
    char n[16];
    snprintf(n, sizeof n, "%d", moves);
    const char *p[] = {seats, table_id, old, n};
    int rows = exec_rows(s, "update seats",
                         "WITH up AS (UPDATE tables SET seats = $1 WHERE id = $2 AND seats = $3"
                         " AND ($4::integer < 0 OR (SELECT count(*) FROM actions"
                         "  WHERE table_id = $2) = $4::integer)"
                         " RETURNING id) SELECT pg_notify('gemgames', 's:' || id) FROM up",
                         4, p, err);
    if (rows == 0) {
        snprintf(err, STORE_ERR, "storage: the seats or moves of table %.20s changed on another "
                 "server", table_id);
        return STORE_CONFLICT;
    }
    return rows == 1 ? 0 : -1;
}

static int pg_delete_table(store *base, const char *table_id, char *err)
{
    pg_store *s = (pg_store *)base;
    const char *p[] = {table_id};
    int rows = exec_rows(s, "delete table",
                         "WITH d AS (DELETE FROM tables WHERE id = $1 RETURNING id)"
                         " SELECT pg_notify('gemgames', 'd:' || id) FROM d",
                         1, p, err);
    return rows >= 0 ? 0 : -1;
}

static int pg_claim_bot(store *base, const char *table_id, int index, int lease_ms, char *err)
{
    pg_store *s = (pg_store *)base;
    char idx[16], lease[16];
    snprintf(idx, sizeof idx, "%d", index);
    snprintf(lease, sizeof lease, "%d", lease_ms);
    const char *p[] = {table_id, idx, s->server_id, lease};
    int rows = exec_rows(
        s, "claim bot move",
        "INSERT INTO bot_claims AS c(table_id, idx, server, until)"
        " VALUES($1, $2::integer, $3, now() + $4::integer * interval '1 millisecond')"
        " ON CONFLICT (table_id) DO UPDATE SET idx = excluded.idx, server = excluded.server,"
        "  until = excluded.until"
        " WHERE c.idx < excluded.idx OR c.until < now() OR c.server = excluded.server"
        " RETURNING 1",
        4, p, err);
    return rows < 0 ? -1 : rows > 0;
}

/* A chat message: conditional like a move (the index free, the one before
 * stored), notified as "h:ID:INDEX". */
static int pg_append_chat(store *base, const store_chat *m, char *err)
{
    pg_store *s = (pg_store *)base;
    char idx[16], st[16], ts[24];
    snprintf(idx, sizeof idx, "%d", m->index);
    snprintf(st, sizeof st, "%d", m->seat);
    snprintf(ts, sizeof ts, "%lld", (long long)m->ts);
    const char *p[] = {m->table_id, idx, st, m->name ? m->name : "", m->text, ts};
    int rows = exec_rows(
        s, "append chat",
        "WITH ins AS (INSERT INTO chat(table_id, idx, seat, name, text, ts)"
        " SELECT $1, $2::integer, $3::integer, $4, $5, $6::bigint"
        " WHERE $2::integer = 0 OR EXISTS (SELECT 1 FROM chat"
        "  WHERE table_id = $1 AND idx = $2::integer - 1)"
        " ON CONFLICT DO NOTHING RETURNING idx)"
        " SELECT pg_notify('gemgames', 'h:' || $1 || ':' || idx) FROM ins",
        6, p, err);
    if (rows == 0) {
        snprintf(err, STORE_ERR, "storage: chat message %d was taken by another server",
                 m->index);
        return STORE_CONFLICT;
    }
    return rows == 1 ? 0 : -1;
}

/* An undo: the moves from `index` on go; notified as "u:ID:INDEX". */
static int pg_truncate_actions(store *base, const char *table_id, int index, char *err)
{
    pg_store *s = (pg_store *)base;
    char idx[16];
    snprintf(idx, sizeof idx, "%d", index);
    const char *p[] = {table_id, idx};
    int rows = exec_rows(s, "undo",
                         "WITH d AS (DELETE FROM actions WHERE table_id = $1"
                         " AND idx >= $2::integer RETURNING idx)"
                         " SELECT pg_notify('gemgames', 'u:' || $1 || ':' || $2)",
                         2, p, err);
    return rows >= 0 ? 0 : -1;
}

static int pg_set_clock_start(store *base, const char *table_id, int64_t ms, char *err)
{
    pg_store *s = (pg_store *)base;
    char v[24];
    snprintf(v, sizeof v, "%lld", (long long)ms);
    const char *p[] = {v, table_id};
    int rows = exec_rows(s, "start the clocks",
                         "WITH up AS (UPDATE tables SET clock_start = $1::bigint WHERE id = $2"
                         " RETURNING id) SELECT pg_notify('gemgames', 's:' || id) FROM up",
                         2, p, err);
    return rows >= 0 ? 0 : -1;
}

static int pg_set_rematch(store *base, const char *table_id, const char *rematch, int seats,
                          char *err)
{
    pg_store *s = (pg_store *)base;
    char v[16];
    snprintf(v, sizeof v, "%d", seats);
    const char *p[] = {rematch, v, table_id};
    int rows = exec_rows(s, "rematch",
                         "WITH up AS (UPDATE tables SET rematch = $1, rematch_seats = $2::integer"
                         " WHERE id = $3 RETURNING id)"
                         " SELECT pg_notify('gemgames', 's:' || id) FROM up",
                         3, p, err);
    return rows >= 0 ? 0 : -1;
}

/* ----------------------------------------------------------- reads */

/* Feeds a table's actions (idx, seat, action, ts_ms, flags rows from
 * `first`) to the loader, stopping at a gap. */
static void feed_actions(const store_loader *ld, const char *id, PGresult *res, int first,
                         char problem[STORE_ERR])
{
    int expect = first;
    for (int i = 0; i < PQntuples(res); i++) {
        if (PQgetisnull(res, i, 0)) break; /* read_tail's row of a table with no new move */
        int idx = atoi(PQgetvalue(res, i, 0));
        if (idx != expect) {
            snprintf(problem, STORE_ERR, "stored move %d is missing", expect);
            break;
        }
        if (ld->action(ld->ctx, id, idx, atoi(PQgetvalue(res, i, 1)), PQgetvalue(res, i, 2),
                       atoll(PQgetvalue(res, i, 3)), atoi(PQgetvalue(res, i, 4))))
            break;
        expect++;
    }
}

/* Chat rows (idx, seat, name, text, ts) to ld->chat. */
static void feed_chat(const store_loader *ld, const char *id, PGresult *res)
{
    for (int i = 0; ld->chat && i < PQntuples(res); i++) {
        store_chat m = {id, atoi(PQgetvalue(res, i, 0)), atoi(PQgetvalue(res, i, 1)),
                        PQgetvalue(res, i, 2), PQgetvalue(res, i, 3), atoll(PQgetvalue(res, i, 4))};
        if (ld->chat(ld->ctx, &m) != 0) break;
    }
}

static const char table_cols[] =
    "SELECT id, game, options, seed, seats, admin, created, creator, seed_chosen,"
    " coalesce((SELECT max(ts) FROM actions WHERE table_id = id), 0), public, clock,"
    " clock_start, rematch, rematch_seats FROM tables";

/* The tables of one query result, each with its actions and newest chat. */
static int load_rows(pg_store *s, PGconn *c, PGresult *tq, const store_loader *ld, char *err)
{
    for (int i = 0; i < PQntuples(tq); i++) {
        store_table t = {PQgetvalue(tq, i, 0), PQgetvalue(tq, i, 1), PQgetvalue(tq, i, 2),
                         PQgetvalue(tq, i, 3), PQgetvalue(tq, i, 4), PQgetvalue(tq, i, 5),
                         atoll(PQgetvalue(tq, i, 6)), PQgetvalue(tq, i, 7),
                         atoll(PQgetvalue(tq, i, 9)), atoi(PQgetvalue(tq, i, 8)),
                         atoi(PQgetvalue(tq, i, 10)), PQgetvalue(tq, i, 11),
                         atoll(PQgetvalue(tq, i, 12)), PQgetvalue(tq, i, 13),
                         atoi(PQgetvalue(tq, i, 14))};
        if (ld->table(ld->ctx, &t) != 0) continue;
        char keep[16];
        snprintf(keep, sizeof keep, "%d", ld->chat_keep);
        const char *p[] = {t.id, keep};
        PGresult *aq = run(s, c, "load",
                           "SELECT idx, seat, action, ts_ms, flags FROM actions"
                           " WHERE table_id = $1 ORDER BY idx",
                           1, p, err);
        PGresult *cq = aq && ld->chat && ld->chat_keep > 0
                           ? run(s, c, "load chat",
                                 "SELECT idx, seat, name, text, ts FROM chat WHERE table_id = $1"
                                 " AND idx > (SELECT coalesce(max(idx), -1) FROM chat"
                                 " WHERE table_id = $1) - $2::integer ORDER BY idx",
                                 2, p, err)
                           : NULL;
        if (!aq) {
            ld->done(ld->ctx, t.id, "its stored moves could not be read");
            return -1;
        }
        char problem[STORE_ERR] = "";
        feed_actions(ld, t.id, aq, 0, problem);
        if (cq) feed_chat(ld, t.id, cq);
        int stop = ld->done(ld->ctx, t.id, problem[0] ? problem : NULL);
        PQclear(aq);
        PQclear(cq);
        if (stop) break;
    }
    return 0;
}

static int pg_load_all(store *base, const store_loader *ld, char *err)
{
    pg_store *s = (pg_store *)base;
    int slot;
    PGconn *c = take(s, &slot);
    char sql[sizeof table_cols + 40];
    snprintf(sql, sizeof sql, "%s ORDER BY created, id", table_cols);
    PGresult *tq = run(s, c, "load", sql, 0, NULL, err);
    int r = tq ? load_rows(s, c, tq, ld, err) : -1;
    PQclear(tq);
    give(s, slot);
    return r;
}

static int pg_load_table(store *base, const char *table_id, const store_loader *ld, char *err)
{
    pg_store *s = (pg_store *)base;
    int slot;
    PGconn *c = take(s, &slot);
    char sql[sizeof table_cols + 40];
    snprintf(sql, sizeof sql, "%s WHERE id = $1", table_cols);
    const char *p[] = {table_id};
    PGresult *tq = run(s, c, "load table", sql, 1, p, err);
    int r = tq ? load_rows(s, c, tq, ld, err) : -1;
    PQclear(tq);
    give(s, slot);
    return r;
}

static int pg_read_tail(store *base, const char *table_id, int from, store_tail *out,
                        const store_loader *ld, char *err)
{
    pg_store *s = (pg_store *)base;
    char f[16];
    snprintf(f, sizeof f, "%d", from);
    const char *p[] = {table_id, f};
    int slot;
    PGconn *c = take(s, &slot);
    memset(out, 0, sizeof *out);
    /* one statement: the moves and the rest are one snapshot */
    PGresult *res = run(s, c, "read moves",
                        "SELECT a.idx, a.seat, a.action, a.ts_ms, a.flags, t.seats,"
                        " (SELECT count(*) FROM actions WHERE table_id = t.id),"
                        " t.clock_start, t.rematch, t.rematch_seats FROM tables t"
                        " LEFT JOIN actions a ON a.table_id = t.id AND a.idx >= $2::integer"
                        " WHERE t.id = $1 ORDER BY a.idx",
                        2, p, err);
    int r = res ? 0 : -1;
    if (res && PQntuples(res) > 0) {
        out->seats = strdup(PQgetvalue(res, 0, 5));
        out->moves = atoi(PQgetvalue(res, 0, 6));
        out->clock_start = atoll(PQgetvalue(res, 0, 7));
        snprintf(out->rematch, sizeof out->rematch, "%s", PQgetvalue(res, 0, 8));
        out->rematch_seats = atoi(PQgetvalue(res, 0, 9));
        char problem[STORE_ERR] = "";
        feed_actions(ld, table_id, res, from, problem);
        ld->done(ld->ctx, table_id, problem[0] ? problem : NULL);
    }
    PQclear(res);
    give(s, slot);
    return r;
}

static int pg_read_chat(store *base, const char *table_id, int from, const store_loader *ld,
                        char *err)
{
    pg_store *s = (pg_store *)base;
    char f[16];
    snprintf(f, sizeof f, "%d", from);
    const char *p[] = {table_id, f};
    int slot;
    PGconn *c = take(s, &slot);
    PGresult *res = run(s, c, "read chat",
                        "SELECT idx, seat, name, text, ts FROM chat WHERE table_id = $1"
                        " AND idx >= $2::integer ORDER BY idx",
                        2, p, err);
    if (res) feed_chat(ld, table_id, res);
    int r = res ? 0 : -1;
    PQclear(res);
    give(s, slot);
    return r;
}

static const char *pg_failure(store *base)
{
    pg_store *s = (pg_store *)base;
    pthread_mutex_lock(&s->mu);
    const char *f = s->failed[0] ? s->failed : NULL;
    pthread_mutex_unlock(&s->mu);
    return f;
}

/* ----------------------------------------------------------- listening */

static PGconn *listen_connect(pg_store *s)
{
    PGconn *c = PQconnectdb(s->conninfo);
    char err[STORE_ERR];
    if (PQstatus(c) != CONNECTION_OK || simple(c, "LISTEN gemgames", "listen", err) != 0) {
        PQfinish(c);
        return NULL;
    }
    return c;
}

/* "m:ID:INDEX" and the like into the callback. */
static void deliver(pg_store *s, const char *payload)
{
    char kind = payload[0], id[64];
    if (!kind || payload[1] != ':') return;
    const char *rest = payload + 2, *colon = strchr(rest, ':');
    size_t n = colon ? (size_t)(colon - rest) : strlen(rest);
    if (n >= sizeof id) return;
    memcpy(id, rest, n);
    id[n] = 0;
    s->on_change(s->ctx, kind, id, colon ? atoi(colon + 1) : -1);
}

static void *listener(void *arg)
{
    pg_store *s = arg;
    PGconn *c = NULL;
    while (!s->stop) {
        if (!c) {
            if (!(c = listen_connect(s))) {
                usleep(LISTEN_RETRY_MS * 1000);
                continue;
            }
            s->on_change(s->ctx, 'r', "", -1); /* what came meanwhile is unknown */
        }
        struct pollfd pfd = {PQsocket(c), POLLIN, 0};
        if (poll(&pfd, 1, 200) < 0) continue;
        if (!PQconsumeInput(c) || PQstatus(c) != CONNECTION_OK) {
            PQfinish(c);
            c = NULL;
            continue;
        }
        PGnotify *nt;
        while ((nt = PQnotifies(c))) {
            deliver(s, nt->extra);
            PQfreemem(nt);
            PQconsumeInput(c);
        }
    }
    PQfinish(c);
    return NULL;
}

static int pg_listen(store *base, void (*on_change)(void *, char, const char *, int), void *ctx,
                     char *err)
{
    pg_store *s = (pg_store *)base;
    s->on_change = on_change;
    s->ctx = ctx;
    if (pthread_create(&s->listener, NULL, listener, s) != 0) {
        snprintf(err, STORE_ERR, "storage: no thread for the listener");
        return -1;
    }
    s->listening = 1;
    return 0;
}

static void pg_close(store *base)
{
    pg_store *s = (pg_store *)base;
    if (!s) return;
    if (s->listening) {
        s->stop = 1;
        pthread_join(s->listener, NULL);
    }
    for (int i = 0; i < POOL; i++) PQfinish(s->pool[i]);
    free(s->conninfo);
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    free(s);
}

static const store_ops pg_ops = {
    .name = "postgresql",
    .create_table = pg_create_table,
    .append_action = pg_append_action,
    .update_seats = pg_update_seats,
    .delete_table = pg_delete_table,
    .load_all = pg_load_all,
    .failure = pg_failure,
    .close = pg_close,
    .load_table = pg_load_table,
    .read_tail = pg_read_tail,
    .claim_bot = pg_claim_bot,
    .update_seats_if = pg_update_seats_if,
    .listen = pg_listen,
    .append_chat = pg_append_chat,
    .truncate_actions = pg_truncate_actions,
    .set_clock_start = pg_set_clock_start,
    .set_rematch = pg_set_rematch,
    .read_chat = pg_read_chat,
};

store *store_pg_open(const char *conninfo, char *err)
{
    pg_store *s = calloc(1, sizeof *s);
    if (!s || !(s->conninfo = strdup(conninfo))) {
        free(s);
        snprintf(err, STORE_ERR, "storage: out of memory");
        return NULL;
    }
    s->base.ops = &pg_ops;
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    char host[40] = "";
    gethostname(host, sizeof host - 1);
    snprintf(s->server_id, sizeof s->server_id, "%.40s:%ld:%ld", host, (long)getpid(),
             (long)time(NULL));
    err[0] = 0;
    for (int i = 0; i < POOL; i++) {
        s->pool[i] = PQconnectdb(conninfo);
        if (PQstatus(s->pool[i]) != CONNECTION_OK) {
            char where[200];
            store_pg_redact(conninfo, where, sizeof where);
            char what[260];
            snprintf(what, sizeof what, "cannot connect to %s", where);
            fail_msg(err, what, PQerrorMessage(s->pool[i]));
            pg_close(&s->base);
            return NULL;
        }
        /* quiet: "NOTICE: relation already exists" and the like */
        PQsetNoticeProcessor(s->pool[i], no_notice, NULL);
    }
    if (migrate(s->pool[0], err) != 0) {
        pg_close(&s->base);
        return NULL;
    }
    return &s->base;
}
