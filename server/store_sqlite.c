/* store_sqlite.c — the embedded store: one SQLite file in WAL mode.
 *
 * Writes go through one connection guarded by a mutex; each append is its
 * own transaction, so once sqlite3_step returns SQLITE_DONE the move survives
 * a crash of the process (WAL, synchronous=NORMAL) and the server may
 * acknowledge it. Checkpoints (copying the WAL into the database, with its
 * fsyncs) run on a thread of their own and a connection of their own, so no
 * move ever waits for one. That connection reads the database once before its
 * first checkpoint (a connection that never read it has no WAL index, and its
 * checkpoints did nothing: the WAL grew without bound), and the writer keeps
 * journal_size_limit so a reset WAL is also cut back on disk. A passive
 * checkpoint only resets the WAL when it has caught up with the writer; when
 * moves come faster than checkpoints (many bot tables on a loaded machine)
 * it never does, so past CK_HARD pages the writer checkpoints itself right
 * after its commit, with its mutex still held: it then catches up, and the
 * next move restarts the WAL from its beginning. Moves wait for a
 * checkpoint only then.
 *
 * Health: every write first checks that the path still names the file that
 * was opened (a deleted or replaced database would otherwise take writes
 * into an unlinked inode and lose them at restart); the first failed write
 * makes every later one fail, so nothing is acknowledged after it. */
#include <errno.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "store.h"

typedef struct sqlite_store {
    store base;
    sqlite3 *db;
    pthread_mutex_t mu;
    sqlite3_stmt *ins_table, *ins_action, *upd_seats, *upd_seats_if, *del_actions, *del_table;
    sqlite3_stmt *ins_chat, *del_chat;
    sqlite3_stmt *trunc_actions, *upd_clock_start, *upd_rematch;
    char path[4096];
    dev_t dev;
    ino_t ino;
    char failed[STORE_ERR]; /* the first write failure; "" while healthy */
    sqlite3 *ck; /* the checkpointer's connection */
    pthread_t ck_thread;
    int ck_running, ck_stop, ck_due;
    pthread_mutex_t ck_mu;
    pthread_cond_t ck_cv;
} sqlite_store;

/* After every commit (sqlite3_wal_hook): past CK_PAGES pages of WAL, the
 * checkpointer is woken at once instead of at its next half second; past
 * CK_HARD (the 4 MiB of journal_size_limit) the writer checkpoints itself,
 * here, before it lets go of s->mu: no write can come in between, so the
 * checkpoint reaches the WAL's end and the next move restarts the WAL, and
 * the WAL stays near that size however fast moves come. (Until 2026-12-02
 * the checkpointer thread took s->mu for that checkpoint, and the WAL grew
 * by whatever was written while it waited and copied: 7.4-13.6 MiB in
 * tests/web/wal.sh on an idle machine, 23.96 MiB once in CI, where the
 * limit is 16; now 4.00-4.02 MiB, idle and beside a 2-thread bench.) */
enum { CK_PAGES = 512, CK_HARD = 1024 };
static int on_commit(void *arg, sqlite3 *db, const char *name, int pages)
{
    sqlite_store *s = arg;
    (void)name;
    pthread_mutex_lock(&s->ck_mu);
    if (pages >= CK_PAGES) {
        s->ck_due = 1;
        pthread_cond_signal(&s->ck_cv);
    }
    pthread_mutex_unlock(&s->ck_mu);
    /* Busy while the checkpointer's own runs: wait for it (at most 2 s), so
     * the WAL cannot pass CK_HARD by more than one checkpoint's writes. */
    if (pages < CK_HARD) return SQLITE_OK;
    struct timespec ms = {0, 1000 * 1000};
    for (int tries = 0; tries < 2000; tries++) {
        if (sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL) !=
            SQLITE_BUSY)
            break;
        nanosleep(&ms, NULL);
    }
    return SQLITE_OK;
}

/* Every half second, or when woken: a passive checkpoint, which never
 * blocks the writer (past CK_HARD the writer checkpoints too: on_commit). */
static void *checkpointer(void *arg)
{
    sqlite_store *s = arg;
    pthread_mutex_lock(&s->ck_mu);
    while (!s->ck_stop) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 500000000;
        if (ts.tv_nsec >= 1000000000) ts.tv_sec++, ts.tv_nsec -= 1000000000;
        if (!s->ck_due) pthread_cond_timedwait(&s->ck_cv, &s->ck_mu, &ts);
        s->ck_due = 0;
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
    sqlite3_exec(s->ck, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
    sqlite3_wal_hook(s->db, on_commit, s);
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
    " created INTEGER NOT NULL, creator TEXT NOT NULL DEFAULT '',"
    " seed_chosen INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS actions("
    " table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,"
    " seat INTEGER NOT NULL, action TEXT NOT NULL, ts INTEGER NOT NULL DEFAULT 0,"
    " PRIMARY KEY(table_id, idx)) WITHOUT ROWID;";

/* Columns added before the schema had a version; "duplicate column" is fine. */
static const char *const migrations[] = {
    "ALTER TABLE tables ADD COLUMN creator TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE actions ADD COLUMN ts INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE tables ADD COLUMN seed_chosen INTEGER NOT NULL DEFAULT 0",
};

/* Versioned schema changes (PRAGMA user_version): step k brings version k-1
 * to k, in one transaction with the version bump. Version 1 is the schema
 * above with the unversioned migrations. */
static const char *const versions[] = {
    NULL,
    "",
    /* 2: chat per table; public tables (the lobby) */
    "ALTER TABLE tables ADD COLUMN public INTEGER NOT NULL DEFAULT 0;"
    "CREATE TABLE IF NOT EXISTS chat("
    " table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,"
    " seat INTEGER NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, ts INTEGER NOT NULL,"
    " PRIMARY KEY(table_id, idx)) WITHOUT ROWID;",
    /* 3: clocks (issue 21): the time control, when the clocks started, each
     * move's time in ms and whether the clock played it; the rematch. */
    "ALTER TABLE tables ADD COLUMN clock TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE tables ADD COLUMN clock_start INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE tables ADD COLUMN rematch TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE tables ADD COLUMN rematch_seats INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE actions ADD COLUMN ts_ms INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE actions ADD COLUMN flags INTEGER NOT NULL DEFAULT 0;"
    "UPDATE actions SET ts_ms = ts * 1000;",
};
enum { SCHEMA_VERSION = (int)(sizeof versions / sizeof versions[0]) - 1 };

static int fail(char *err, sqlite3 *db, const char *what);

static int user_version(sqlite3 *db)
{
    sqlite3_stmt *q = NULL;
    int v = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, NULL) == SQLITE_OK &&
        sqlite3_step(q) == SQLITE_ROW)
        v = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
    return v;
}

/* Brings the schema to SCHEMA_VERSION; refuses a newer database. */
static int upgrade(sqlite_store *s, char *err)
{
    int v = user_version(s->db);
    if (v < 0) return fail(err, s->db, "schema version");
    if (v > SCHEMA_VERSION) {
        snprintf(err, STORE_ERR, "storage: %.120s has schema version %d; this server knows up "
                 "to %d (a newer gemgames made it)", s->path, v, SCHEMA_VERSION);
        return -1;
    }
    for (int k = v + 1; k <= SCHEMA_VERSION; k++) {
        char bump[64];
        snprintf(bump, sizeof bump, "PRAGMA user_version = %d", k);
        if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_exec(s->db, versions[k], NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_exec(s->db, bump, NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
            fail(err, s->db, "schema upgrade");
            sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
            return -1;
        }
    }
    return 0;
}

static int fail(char *err, sqlite3 *db, const char *what)
{
    snprintf(err, STORE_ERR, "storage: %.120s: %.200s", what, db ? sqlite3_errmsg(db) : "no database");
    return -1;
}

/* 0 while the database is healthy and its path still names the opened
 * file; else -1 with the (first) failure. Called with s->mu held. */
static int healthy(sqlite_store *s, char *err)
{
    struct stat sb;
    if (!s->failed[0]) {
        if (stat(s->path, &sb) != 0)
            snprintf(s->failed, STORE_ERR, "storage: the database %.120s is gone (%s)", s->path,
                     strerror(errno));
        else if (sb.st_dev != s->dev || sb.st_ino != s->ino)
            snprintf(s->failed, STORE_ERR, "storage: the database %.120s was replaced", s->path);
    }
    if (!s->failed[0]) return 0;
    snprintf(err, STORE_ERR, "%s", s->failed);
    return -1;
}

/* Runs a prepared statement that returns no rows, then resets it. A failed
 * write fails the store for good. Called with s->mu held. */
static int step_done(sqlite_store *s, sqlite3_stmt *st, const char *what, char *err)
{
    int r = healthy(s, err);
    if (r == 0) {
        int rc = sqlite3_step(st);
        if (rc != SQLITE_DONE) {
            r = fail(err, s->db, what);
            /* a refused row (a constraint) is that write's problem; anything
             * else means the database itself is in trouble */
            if ((rc & 0xff) != SQLITE_CONSTRAINT) snprintf(s->failed, STORE_ERR, "%s", err);
            else r = STORE_CONFLICT;
        }
    }
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
    sqlite3_bind_text(st, 8, t->creator ? t->creator : "", -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 9, t->seed_chosen);
    sqlite3_bind_int(st, 10, t->is_public);
    sqlite3_bind_text(st, 11, t->clock ? t->clock : "", -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 12, t->clock_start);
    sqlite3_bind_text(st, 13, t->rematch ? t->rematch : "", -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 14, t->rematch_seats);
    int r = step_done(s, st, "create table", err) ? -1 : 0;
    pthread_mutex_unlock(&s->mu);
    return r;
}

static int sq_append_action(store *base, const char *table_id, int index, int seat,
                            const char *text, int64_t ts_ms, int flags, char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    sqlite3_stmt *st = s->ins_action;
    sqlite3_bind_text(st, 1, table_id, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, index);
    sqlite3_bind_int(st, 3, seat);
    sqlite3_bind_text(st, 4, text, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 5, (sqlite3_int64)(ts_ms / 1000));
    sqlite3_bind_int64(st, 6, (sqlite3_int64)ts_ms);
    sqlite3_bind_int(st, 7, flags);
    int r = step_done(s, st, "append action", err);
    if (r == 0 && sqlite3_changes(s->db) == 0) { /* conditional: the one before is missing */
        snprintf(err, STORE_ERR, "storage: move %d of table %.20s would leave a gap", index,
                 table_id);
        r = STORE_CONFLICT;
    }
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
    int r = step_done(s, st, "update seats", err) ? -1 : 0;
    pthread_mutex_unlock(&s->mu);
    return r;
}

/* One statement (SQLite runs it atomically): the seats change only if they
 * are still `old` and, when moves >= 0, the table has that many moves. */
static int sq_update_seats_if(store *base, const char *table_id, const char *old, int moves,
                              const char *seats, char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    sqlite3_stmt *st = s->upd_seats_if;
    sqlite3_bind_text(st, 1, seats, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, table_id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, old, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 4, moves);
    int r = step_done(s, st, "update seats", err) ? -1 : 0;
    if (r == 0 && sqlite3_changes(s->db) == 0) {
        snprintf(err, STORE_ERR, "storage: the seats or moves of table %.20s changed meanwhile",
                 table_id);
        r = STORE_CONFLICT;
    }
    pthread_mutex_unlock(&s->mu);
    return r;
}

static int sq_append_chat(store *base, const store_chat *m, char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    sqlite3_stmt *st = s->ins_chat;
    sqlite3_bind_text(st, 1, m->table_id, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, m->index);
    sqlite3_bind_int(st, 3, m->seat);
    sqlite3_bind_text(st, 4, m->name ? m->name : "", -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, m->text, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 6, m->ts);
    int r = step_done(s, st, "append chat", err);
    pthread_mutex_unlock(&s->mu);
    return r;
}

static int sq_truncate_actions(store *base, const char *table_id, int index, char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    sqlite3_bind_text(s->trunc_actions, 1, table_id, -1, SQLITE_STATIC);
    sqlite3_bind_int(s->trunc_actions, 2, index);
    int r = step_done(s, s->trunc_actions, "undo", err);
    pthread_mutex_unlock(&s->mu);
    return r;
}

static int sq_set_clock_start(store *base, const char *table_id, int64_t ms, char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    sqlite3_bind_int64(s->upd_clock_start, 1, (sqlite3_int64)ms);
    sqlite3_bind_text(s->upd_clock_start, 2, table_id, -1, SQLITE_STATIC);
    int r = step_done(s, s->upd_clock_start, "start the clocks", err);
    pthread_mutex_unlock(&s->mu);
    return r;
}

static int sq_set_rematch(store *base, const char *table_id, const char *rematch, int seats,
                          char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    sqlite3_bind_text(s->upd_rematch, 1, rematch, -1, SQLITE_STATIC);
    sqlite3_bind_int(s->upd_rematch, 2, seats);
    sqlite3_bind_text(s->upd_rematch, 3, table_id, -1, SQLITE_STATIC);
    int r = step_done(s, s->upd_rematch, "rematch", err);
    pthread_mutex_unlock(&s->mu);
    return r;
}

/* The actions and chat first (they refer to the table), all in one transaction. */
static int sq_delete_table(store *base, const char *table_id, char *err)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    int r = healthy(s, err);
    if (r == 0 && sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
        r = fail(err, s->db, "delete table");
    if (r == 0) {
        sqlite3_bind_text(s->del_actions, 1, table_id, -1, SQLITE_STATIC);
        sqlite3_bind_text(s->del_table, 1, table_id, -1, SQLITE_STATIC);
        sqlite3_bind_text(s->del_chat, 1, table_id, -1, SQLITE_STATIC);
        r = step_done(s, s->del_actions, "delete table", err);
        if (r == 0) r = step_done(s, s->del_chat, "delete table", err);
        if (r == 0) r = step_done(s, s->del_table, "delete table", err);
        if (sqlite3_exec(s->db, r == 0 ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL) != SQLITE_OK &&
            r == 0) {
            r = fail(err, s->db, "delete table");
            snprintf(s->failed, STORE_ERR, "%s", err);
        }
    }
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
    sqlite3_stmt *tq = NULL, *aq = NULL, *cq = NULL;
    int r = -1;
    pthread_mutex_lock(&s->mu);
    if (sqlite3_prepare_v2(s->db,
                           "SELECT id, game, options, seed, seats, admin, created, creator, seed_chosen,"
                           " (SELECT max(ts) FROM actions WHERE table_id = id), public,"
                           " clock, clock_start, rematch, rematch_seats"
                           " FROM tables ORDER BY created, id",
                           -1, &tq, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db,
                           "SELECT idx, seat, action, ts_ms, flags FROM actions WHERE table_id = ?1"
                           " ORDER BY idx",
                           -1, &aq, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db,
                           "SELECT idx, seat, name, text, ts FROM chat WHERE table_id = ?1"
                           " AND idx > (SELECT coalesce(max(idx), -1) FROM chat"
                           " WHERE table_id = ?1) - ?2 ORDER BY idx",
                           -1, &cq, NULL) != SQLITE_OK) {
        fail(err, s->db, "load");
        goto out;
    }
    int rc;
    while ((rc = sqlite3_step(tq)) == SQLITE_ROW) {
        store_table t = {col(tq, 0), col(tq, 1), col(tq, 2), col(tq, 3),
                         col(tq, 4), col(tq, 5), sqlite3_column_int64(tq, 6), col(tq, 7),
                         sqlite3_column_int64(tq, 9), sqlite3_column_int(tq, 8),
                         sqlite3_column_int(tq, 10),
                         col(tq, 11), sqlite3_column_int64(tq, 12), col(tq, 13),
                         sqlite3_column_int(tq, 14)};
        if (ld->table(ld->ctx, &t) != 0) continue; /* the loader skipped it */
        sqlite3_bind_text(aq, 1, t.id, -1, SQLITE_TRANSIENT);
        int expect = 0, arc;
        char problem[STORE_ERR] = "";
        while ((arc = sqlite3_step(aq)) == SQLITE_ROW) {
            int idx = sqlite3_column_int(aq, 0);
            if (idx != expect) { /* a gap cannot happen unless the file was damaged */
                snprintf(problem, sizeof problem, "stored move %d is missing", expect);
                break;
            }
            if (ld->action(ld->ctx, t.id, idx, sqlite3_column_int(aq, 1), col(aq, 2),
                           sqlite3_column_int64(aq, 3), sqlite3_column_int(aq, 4)) != 0)
                break;
            expect++;
        }
        if (arc != SQLITE_ROW && arc != SQLITE_DONE)
            snprintf(problem, sizeof problem, "stored moves from %d could not be read: %s",
                     expect, sqlite3_errmsg(s->db));
        sqlite3_reset(aq);
        if (ld->chat && ld->chat_keep > 0) {
            sqlite3_bind_text(cq, 1, t.id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int(cq, 2, ld->chat_keep);
            while (sqlite3_step(cq) == SQLITE_ROW) {
                store_chat m = {t.id, sqlite3_column_int(cq, 0), sqlite3_column_int(cq, 1),
                                col(cq, 2), col(cq, 3), sqlite3_column_int64(cq, 4)};
                if (ld->chat(ld->ctx, &m) != 0) break;
            }
            sqlite3_reset(cq);
        }
        if (ld->done(ld->ctx, t.id, problem[0] ? problem : NULL) != 0) break;
    }
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        fail(err, s->db, "load");
        goto out;
    }
    r = 0;
out:
    sqlite3_finalize(tq);
    sqlite3_finalize(aq);
    sqlite3_finalize(cq);
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
    sqlite3_finalize(s->upd_seats_if);
    sqlite3_finalize(s->del_actions);
    sqlite3_finalize(s->del_table);
    sqlite3_finalize(s->ins_chat);
    sqlite3_finalize(s->del_chat);
    sqlite3_finalize(s->trunc_actions);
    sqlite3_finalize(s->upd_clock_start);
    sqlite3_finalize(s->upd_rematch);
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->mu);
    free(s);
}

static const char *sq_failure(store *base)
{
    sqlite_store *s = (sqlite_store *)base;
    pthread_mutex_lock(&s->mu);
    const char *f = s->failed[0] ? s->failed : NULL;
    pthread_mutex_unlock(&s->mu);
    return f;
}

static const store_ops sqlite_ops = {.name = "sqlite",
                                     .create_table = sq_create_table,
                                     .append_action = sq_append_action,
                                     .update_seats = sq_update_seats,
                                     .update_seats_if = sq_update_seats_if,
                                     .delete_table = sq_delete_table,
                                     .append_chat = sq_append_chat,
                                     .truncate_actions = sq_truncate_actions,
                                     .set_clock_start = sq_set_clock_start,
                                     .set_rematch = sq_set_rematch,
                                     .load_all = sq_load_all,
                                     .failure = sq_failure,
                                     .close = sq_close};

/* "ok", or the first problems PRAGMA integrity_check reports. */
static int integrity(sqlite_store *s, char *err)
{
    sqlite3_stmt *q = NULL;
    char found[STORE_ERR] = "";
    int rc = sqlite3_prepare_v2(s->db, "PRAGMA integrity_check(5)", -1, &q, NULL);
    while (rc == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW) {
        const char *line = col(q, 0);
        if (strcmp(line, "ok") != 0 && strlen(found) + strlen(line) + 3 < sizeof found)
            strcat(strcat(found, found[0] ? "; " : ""), line);
    }
    sqlite3_finalize(q);
    if (rc != SQLITE_OK) return fail(err, s->db, "integrity check");
    if (!found[0]) return 0;
    snprintf(err, STORE_ERR, "storage: %.60s fails its integrity check (%.100s); restore a backup "
             "or recover it (sqlite3 .recover)", s->path, found);
    return -1;
}

/* The file must be writable now, or the server would take moves it cannot keep. */
static int writable(sqlite_store *s, char *err)
{
    struct stat sb;
    if (sqlite3_db_readonly(s->db, "main") == 1 ||
        sqlite3_exec(s->db, "BEGIN IMMEDIATE; UPDATE tables SET id = id WHERE 0; COMMIT", NULL,
                     NULL, NULL) != SQLITE_OK) {
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        snprintf(err, STORE_ERR, "storage: %.120s is not writable (%s)", s->path,
                 sqlite3_db_readonly(s->db, "main") == 1 ? "opened read-only"
                                                          : sqlite3_errmsg(s->db));
        return -1;
    }
    if (stat(s->path, &sb) != 0) return fail(err, s->db, s->path);
    s->dev = sb.st_dev;
    s->ino = sb.st_ino;
    return 0;
}

store *store_sqlite_open(const char *path, char *err)
{
    sqlite_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, STORE_ERR, "storage: out of memory");
        return NULL;
    }
    s->base.ops = &sqlite_ops;
    pthread_mutex_init(&s->mu, NULL);
    snprintf(s->path, sizeof s->path, "%s", path);
    err[0] = 0;
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                          SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK) {
        fail(err, s->db, path);
        sq_close(&s->base);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 5000);
    if (sqlite3_exec(s->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
                            "PRAGMA foreign_keys=ON; PRAGMA journal_size_limit=4194304;",
                     NULL, NULL, NULL) != SQLITE_OK ||
        integrity(s, err) != 0) {
        if (!err[0]) fail(err, s->db, path);
        sq_close(&s->base);
        return NULL;
    }
    int schema_ok = sqlite3_exec(s->db, schema, NULL, NULL, NULL) == SQLITE_OK;
    for (size_t i = 0; schema_ok && i < sizeof migrations / sizeof migrations[0]; i++)
        sqlite3_exec(s->db, migrations[i], NULL, NULL, NULL);
    if (!schema_ok || writable(s, err) != 0 || upgrade(s, err) != 0 ||
        sqlite3_prepare_v2(s->db,
                           "INSERT INTO tables(id, game, options, seed, seats, admin, created,"
                           " creator, seed_chosen, public, clock, clock_start, rematch, rematch_seats)"
                           " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                           -1, &s->ins_table, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db,
                           "INSERT INTO chat(table_id, idx, seat, name, text, ts)"
                           " VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
                           -1, &s->ins_chat, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "DELETE FROM chat WHERE table_id = ?1", -1, &s->del_chat,
                           NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db,
                           "INSERT INTO actions(table_id, idx, seat, action, ts, ts_ms, flags)"
                           " SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ?2 = 0 OR EXISTS (SELECT 1"
                           " FROM actions WHERE table_id = ?1 AND idx = ?2 - 1)",
                           -1, &s->ins_action, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "DELETE FROM actions WHERE table_id = ?1 AND idx >= ?2", -1,
                           &s->trunc_actions, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "UPDATE tables SET clock_start = ?1 WHERE id = ?2", -1,
                           &s->upd_clock_start, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db,
                           "UPDATE tables SET rematch = ?1, rematch_seats = ?2 WHERE id = ?3",
                           -1, &s->upd_rematch, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "UPDATE tables SET seats = ?1 WHERE id = ?2", -1,
                           &s->upd_seats, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db,
                           "UPDATE tables SET seats = ?1 WHERE id = ?2 AND seats = ?3 AND"
                           " (?4 < 0 OR (SELECT count(*) FROM actions WHERE table_id = ?2) = ?4)",
                           -1, &s->upd_seats_if, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "DELETE FROM actions WHERE table_id = ?1", -1,
                           &s->del_actions, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "DELETE FROM tables WHERE id = ?1", -1, &s->del_table,
                           NULL) != SQLITE_OK) {
        if (!err[0]) fail(err, s->db, path);
        sq_close(&s->base);
        return NULL;
    }
    checkpointer_start(s, path);
    return &s->base;
}
