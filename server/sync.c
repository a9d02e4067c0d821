/* sync.c — several `gemgames serve` processes on one database.
 *
 * Every server keeps every table in memory, as a single server does, and
 * the database decides the order of moves: an append is conditional
 * (store.h STORE_CONFLICT), so of two servers storing a move for the same
 * index exactly one wins, and the loser catches up and checks its move again
 * (tables.c act_locked). What one server stores, the others learn from the
 * store's notifications (store_pg.c: LISTEN/NOTIFY, delivered at commit):
 *
 *   'c' a table was created      → read it (srv_table_fetch) and register it
 *   'm' move INDEX was stored    → catch the table up: read the moves after
 *                                   ours and the seats, apply, push
 *   's' seats changed            → the same (a seat went to a bot)
 *   'd' deleted (expired)        → forget it here too
 *   'h' chat message INDEX       → read the messages after ours, push them
 *   'u' moves from INDEX undone  → catch up: the shorter log is replayed
 *   'r' the listener reconnected → catch every table up (notifications
 *                                   sent meanwhile are lost)
 *
 * A catch-up pushes each connection the moves it has not had, from the
 * index it was last sent (tables.c push_all), so a client sees each move
 * once whichever server stored it; a client that reconnects (to any server)
 * joins again or asks `log_from`.
 *
 * Bots: each server schedules a table's bot as usual, but before thinking it
 * claims the move (claim_bot: a lease on (table, move index) in the
 * database). The one that wins thinks and plays; the others wait for its
 * move's notification, or for the lease to run out if it died. The
 * conditional append still guarantees the move is stored once even if a
 * lease ran out under a slow claimer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

static struct {
    store *st;
    const srv_config *cfg;
    int shared;
    int stopped;
    pthread_mutex_t mu; /* held by a notification's work; srv_sync_stop waits for it */
} sy = {.mu = PTHREAD_MUTEX_INITIALIZER};

int srv_sync_shared(void) { return sy.shared; }

static long races_lost; /* appends another server's move beat (GET /healthz) */
void srv_sync_lost_race(void) { __atomic_add_fetch(&races_lost, 1, __ATOMIC_RELAXED); }
long srv_sync_races_lost(void) { return __atomic_load_n(&races_lost, __ATOMIC_RELAXED); }

typedef struct tail_ctx {
    srv_table *t;
    int applied, failed;
} tail_ctx;

static int tail_action(void *ctx, const char *id, int index, int seat, const char *text,
                       int64_t ts_ms, int flags)
{
    tail_ctx *c = ctx;
    (void)id;
    if (srv_table_apply_stored_locked(c->t, index, seat, text, ts_ms, flags) != 0) {
        c->failed = 1;
        return 1;
    }
    c->applied++;
    return 0;
}

static int tail_done(void *ctx, const char *id, const char *problem)
{
    (void)ctx;
    (void)id;
    (void)problem; /* a gap: the next catch-up reads from the same index again */
    return 0;
}

int srv_sync_catch_up_locked(srv_table *t)
{
    if (!sy.shared) return -1;
    tail_ctx c = {t, 0, 0};
    store_loader ld = {&c, NULL, tail_action, tail_done};
    store_tail tail;
    char err[STORE_ERR];
    if (sy.st->ops->read_tail(sy.st, srv_table_id(t), srv_table_moves_locked(t), &tail, &ld,
                              err) != 0)
        return -1;
    if (!tail.seats) return 0; /* deleted meanwhile: its 'd' comes */
    /* an undo elsewhere: the log is shorter than ours */
    if (tail.moves < srv_table_moves_locked(t)) srv_table_truncate_stored_locked(t, tail.moves);
    srv_table_seats_stored_locked(t, tail.seats);
    srv_table_meta_stored_locked(t, tail.clock_start, tail.rematch, tail.rematch_seats);
    free(tail.seats);
    srv_table_changed_locked(t);
    return c.applied;
}

/* Chat messages other servers stored that this one has not (table locked). */
static int chat_row(void *ctx, const store_chat *m)
{
    return srv_chat_stored_locked(ctx, m->index, m->seat, m->name, m->text, m->ts) < 0;
}

int srv_sync_chat_catch_up_locked(srv_table *t)
{
    if (!sy.shared) return -1;
    store_loader ld = {t, NULL, NULL, NULL, chat_row, 0};
    char err[STORE_ERR];
    return sy.st->ops->read_chat(sy.st, srv_table_id(t), srv_chat_count(srv_table_chat_of(t)),
                                 &ld, err);
}

/* The longest a claimer may think before others take its move over: its
 * longest thinking time plus room for a slow database. */
static int lease_ms(void) { return (int)sy.cfg->bot_max_ms + 2000; }

int srv_sync_claim_bot(srv_table *t, int index, double *retry_s)
{
    *retry_s = 0;
    if (!sy.shared) return 1;
    char err[STORE_ERR];
    int r = sy.st->ops->claim_bot(sy.st, srv_table_id(t), index, lease_ms(), err);
    if (r == 1) return 1;
    *retry_s = lease_ms() / 1000.0 + 0.1;
    if (r < 0) *retry_s = 1.0; /* the store will tell serve.c if it failed for good */
    return 0;
}

static void catch_up(srv_table *t)
{
    srv_table_lock(t);
    srv_sync_catch_up_locked(t);
    srv_sync_chat_catch_up_locked(t);
    srv_table_unlock(t);
}

/* From the store's listener thread. */
static void on_change(void *ctx, char kind, const char *id, int index)
{
    (void)ctx;
    pthread_mutex_lock(&sy.mu);
    if (sy.stopped) {
        pthread_mutex_unlock(&sy.mu);
        return;
    }
    /* 'c' (and a move of a table we never heard of): fetched by find */
    srv_table *t = kind == 'c' || kind == 'm' || kind == 's' ? srv_table_find(id)
                   : kind == 'h' || kind == 'u'               ? srv_table_find_held(id)
                                                              : NULL;
    if (kind == 'r') {
        srv_tables_each(catch_up);
    } else if (kind == 'd' && (t = srv_table_find_held(id))) {
        srv_table_forget(t); /* expired by another server */
    } else if (t && kind == 'h') {
        srv_table_lock(t);
        if (index >= srv_chat_count(srv_table_chat_of(t))) srv_sync_chat_catch_up_locked(t);
        srv_table_unlock(t);
    } else if (t && kind == 'u') {
        srv_table_lock(t);
        if (index < srv_table_moves_locked(t)) srv_sync_catch_up_locked(t); /* sees the undo */
        srv_table_unlock(t);
    } else if (t && (kind == 'm' || kind == 's')) {
        srv_table_lock(t);
        /* our own move, or one a catch-up already read: nothing to read */
        if (kind == 's' || index >= srv_table_moves_locked(t)) srv_sync_catch_up_locked(t);
        srv_table_unlock(t);
    }
    pthread_mutex_unlock(&sy.mu);
}

int srv_sync_init(store *st, const srv_config *cfg, char *err)
{
    sy.st = st;
    sy.cfg = cfg;
    sy.shared = st->ops->listen && st->ops->read_tail && st->ops->load_table &&
                st->ops->claim_bot && st->ops->read_chat;
    if (!sy.shared) return 0;
    return st->ops->listen(st, on_change, NULL, err);
}

void srv_sync_stop(void)
{
    pthread_mutex_lock(&sy.mu);
    sy.stopped = 1;
    pthread_mutex_unlock(&sy.mu);
}
