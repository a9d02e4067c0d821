/* store_sqlite.c — the embedded store: one SQLite file in WAL mode.
 *
 * Writes go through one connection guarded by a mutex; each append is its
 * own transaction, so once sqlite3_step returns SQLITE_DONE the move survives
 * a crash of the process (WAL, synchronous=NORMAL) and the server may
 * acknowledge it. Checkpoints (copying the WAL into the database, with its
 * fsyncs) run on a thread of their own and a connection of their own, so no
 * move ever waits for one. */
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store.h"

typedef struct sqlite_store {
    store base;
    sqlite3 *db;
    pthread_mutex_t mu;
    sqlite3_stmt *ins_table, *ins_action, *upd_seats;
    sqlite3 *ck; /* the checkpointer's connection */
    pthread_t ck_thread;
    int ck_running, ck_stop;
    pthread_mutex_t ck_mu;
    pthread_cond_t ck_cv;
} sqlite_store;

/* Every half second: a passive checkpoint, which never blocks the writer. */
static void *checkpointer(void *arg)
{
    sqlite_store *s = arg;
    pthread_mutex_lock(&s->ck_mu);
    while (!s->ck_stop) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 500000000;
        if (ts.tv_nsec >= 1000000000) ts.tv_sec++, ts.tv_nsec -= 1000000000;
        pthread_cond_timedwait(&s->ck_cv, &s->ck_mu, &ts);
        if (s->ck_stop) break;
        pthread_mutex_unlock(&s->ck_mu);
        sqlite3_wal_checkpoint_v2(s->ck, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
        pthread_mutex_lock(&s->ck_mu);
    }
    pthread_mutex_unlock(&s->ck_mu);
    return NULL;
}

static void checkpointer_start(sqlite_store *s, const char *path)
{
    pthread_mutex_init(&s->ck_mu, NULL);
    pthread_cond_init(&s->ck_cv, NULL);
    if (sqlite3_open_v2(path, &s->ck, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, NULL) !=
            SQLITE_OK ||
        sqlite3_exec(s->db, "PRAGMA wal_autocheckpoint=0", NULL, NULL, NULL) != SQLITE_OK ||
        pthread_create(&s->ck_thread, NULL, checkpointer, s) != 0) {
        /* No thread: SQLite checkpoints on commit as usual. */
        sqlite3_exec(s->db, "PRAGMA wal_autocheckpoint=1000", NULL, NULL, NULL);
        return;
    }
    sqlite3_busy_timeout(s->ck, 5000);
    s->ck_running = 1;
}

static void checkpointer_stop(sqlite_store *s)
{
    if (s->ck_running) {
        pthread_mutex_lock(&s->ck_mu);
        s->ck_stop = 1;
        pthread_cond_signal(&s->ck_cv);
        pthread_mutex_unlock(&s->ck_mu);
        pthread_join(s->ck_thread, NULL);
        s->ck_running = 0;
    }
    sqlite3_close(s->ck);
    s->ck = NULL;
}

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS tables("
    " id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,"
    " seed TEXT NOT NULL, seats TEXT NOT NULL, admin TEXT NOT NULL,"
    " created INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS actions("
    " table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,"
    " seat INTEGER NOT NULL, action TEXT NOT NULL,"
    " PRIMARY KEY(table_id, idx)) WITHOUT ROWID;";

static int fail(char *err, sqlite3 *db, const char *what)
{
    snprintf(err, STORE_ERR, "storage: %s: %s", what, db ? sqlite3_errmsg(db) : "no database");
    return -1;
}

/* Runs a prepared statement that returns no rows, then resets it. */
static int step_done(sqlite_store *s, sqlite3_stmt *st, const char *what, char *err)
{
    int rc = sqlite3_step(st);
    int r = rc == SQLITE_DONE ? 0 : fail(err, s->db, what);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return r;
}

static int sq_create_table(store *base, const store_table *t, char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    sqlite3_stmt *st = s->ins_table;
    sqlite3_bind_text(st, 1, t->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, t->game, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, t->options, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, t->seed, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, t->seats, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, t->admin, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 7, t->created);
    int r = step_done(s, st, "create table", err);
    pthread_mutex_unlock(&s->mu);
    return r;
}

static int sq_append_action(store *base, const char *table_id, int index, int seat,
                            const char *text, char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    sqlite3_stmt *st = s->ins_action;
    sqlite3_bind_text(st, 1, table_id, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, index);
    sqlite3_bind_int(st, 3, seat);
    sqlite3_bind_text(st, 4, text, -1, SQLITE_STATIC);
    int r = step_done(s, st, "append action", err);
    pthread_mutex_unlock(&s->mu);
    return r;
}

static int sq_update_seats(store *base, const char *table_id, const char *seats, char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    sqlite3_stmt *st = s->upd_seats;
    sqlite3_bind_text(st, 1, seats, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, table_id, -1, SQLITE_STATIC);
    int r = step_done(s, st, "update seats", err);
    pthread_mutex_unlock(&s->mu);
    return r;
}

static const char *col(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? (const char *)t : "";
}

/* Tables in creation order, each followed by its actions in index order. */
static int sq_load_all(store *base, const store_loader *ld, char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *tq = NULL, *aq = NULL;
    int r = -1;
    pthread_mutex_lock(&s->mu);
    if (sqlite3_prepare_v2(s->db,
                           "SELECT id, game, options, seed, seats, admin, created FROM tables"
                           " ORDER BY created, id",
                           -1, &tq, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db,
                           "SELECT idx, seat, action FROM actions WHERE table_id = ?1"
                           " ORDER BY idx",
                           -1, &aq, NULL) != SQLITE_OK) {
        fail(err, s->db, "load");
        goto out;
    }
    int rc;
    while ((rc = sqlite3_step(tq)) == SQLITE_ROW) {
        store_table t = {col(tq, 0), col(tq, 1), col(tq, 2), col(tq, 3),
                         col(tq, 4), col(tq, 5), sqlite3_column_int64(tq, 6)};
        if (ld->table(ld->ctx, &t) != 0) continue; /* the loader skipped it */
        sqlite3_bind_text(aq, 1, t.id, -1, SQLITE_TRANSIENT);
        int expect = 0, arc;
        while ((arc = sqlite3_step(aq)) == SQLITE_ROW) {
            int idx = sqlite3_column_int(aq, 0);
            if (idx != expect) break; /* a gap cannot happen; stop at it if it does */
            if (ld->action(ld->ctx, t.id, idx, sqlite3_column_int(aq, 1), col(aq, 2)) != 0)
                break;
            expect++;
        }
        sqlite3_reset(aq);
        if (ld->done(ld->ctx, t.id) != 0) break;
    }
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        fail(err, s->db, "load");
        goto out;
    }
    r = 0;
out:
    sqlite3_finalize(tq);
    sqlite3_finalize(aq);
    pthread_mutex_unlock(&s->mu);
    return r;
}

static void sq_close(store *base)
{
    sqlite_store *s = (sqlite_store *)base;
    if (!s) return;
    checkpointer_stop(s);
    if (s->db) sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
    sqlite3_finalize(s->ins_table);
    sqlite3_finalize(s->ins_action);
    sqlite3_finalize(s->upd_seats);
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->mu);
    free(s);
}

static const store_ops sqlite_ops = {"sqlite", sq_create_table, sq_append_action,
                                     sq_update_seats, sq_load_all, sq_close};

store *store_sqlite_open(const char *path, char *err)
{
    sqlite_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, STORE_ERR, "storage: out of memory");
        return NULL;
    }
    s->base.ops = &sqlite_ops;
    pthread_mutex_init(&s->mu, NULL);
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                          SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK) {
        fail(err, s->db, path);
        sq_close(&s->base);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 5000);
    if (sqlite3_exec(s->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
                            "PRAGMA foreign_keys=ON;", NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(s->db, schema, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db,
                           "INSERT INTO tables(id, game, options, seed, seats, admin, created)"
                           " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                           -1, &s->ins_table, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db,
                           "INSERT INTO actions(table_id, idx, seat, action)"
                           " VALUES(?1, ?2, ?3, ?4)",
                           -1, &s->ins_action, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "UPDATE tables SET seats = ?1 WHERE id = ?2", -1,
                           &s->upd_seats, NULL) != SQLITE_OK) {
        fail(err, s->db, path);
        sq_close(&s->base);
        return NULL;
    }
    checkpointer_start(s, path);
    return &s->base;
}
