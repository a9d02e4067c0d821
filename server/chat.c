/* chat.c — each table's chat, for its players and spectators.
 *
 * A message is checked (srv_text_clean: UTF-8, trimmed, 1..500 characters,
 * no control characters), rate-limited per connection (a clear error; the
 * connection stays), stored (store.h append_chat, durable before anything
 * is acknowledged), then pushed to every connection at the table as
 * {"type":"chat","messages":[...]}. A player's message carries the seat's
 * name; a spectator may give one with the message. The last SRV_CHAT_KEEP
 * messages are kept in memory (and read back at restart) and sent to each
 * newcomer; a table stores at most SRV_CHAT_MAX. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server.h"

/* Per connection: one message a second, bursts of 5 (off with --rate 0). */
enum { CHAT_BURST = 5 };

typedef struct chat_msg {
    int index, seat;
    char name[SRV_NAME_BYTES];
    char *text;
    int64_t ts;
} chat_msg;

struct srv_chat {
    chat_msg *ring; /* SRV_CHAT_KEEP entries once the first message comes;
                       message i is at ring[i % KEEP] */
    int count;      /* messages the table has (next index) */
};

srv_chat *srv_chat_new(void) { return calloc(1, sizeof(srv_chat)); }

void srv_chat_free(srv_chat *c)
{
    if (!c) return;
    for (int i = 0; c->ring && i < SRV_CHAT_KEEP; i++) free(c->ring[i].text);
    free(c->ring);
    free(c);
}

static int keep(srv_chat *c, int index, int seat, const char *name, const char *text, int64_t ts)
{
    c->count = index + 1; /* stored by now: the next message takes the next index */
    if (!c->ring && !(c->ring = calloc(SRV_CHAT_KEEP, sizeof *c->ring))) return -1;
    char *copy = strdup(text);
    if (!copy) return -1;
    chat_msg *m = &c->ring[index % SRV_CHAT_KEEP];
    free(m->text);
    m->index = index;
    m->seat = seat;
    snprintf(m->name, sizeof m->name, "%s", name ? name : "");
    m->text = copy;
    m->ts = ts;
    return 0;
}

int srv_chat_count(const srv_chat *c) { return c ? c->count : 0; }

int srv_chat_restore(srv_chat *c, int index, int seat, const char *name, const char *text,
                     int64_t ts)
{
    if (!c || index < c->count || index < 0) return -1; /* index order only */
    return keep(c, index, seat, name, text, ts);
}

static cJSON *msg_json(const chat_msg *m)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "i", m->index);
    cJSON_AddNumberToObject(o, "seat", m->seat);
    if (m->name[0]) cJSON_AddStringToObject(o, "name", m->name);
    cJSON_AddStringToObject(o, "text", m->text);
    cJSON_AddNumberToObject(o, "ts", (double)m->ts);
    return o;
}

static cJSON *frame(srv_table *t, int history)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "chat");
    cJSON_AddStringToObject(o, "table", srv_table_id(t));
    if (history) cJSON_AddBoolToObject(o, "history", 1);
    return o;
}

cJSON *srv_chat_history_locked(srv_table *t)
{
    srv_chat *c = srv_table_chat_of(t);
    cJSON *o = frame(t, 1);
    cJSON *a = cJSON_AddArrayToObject(o, "messages");
    int from = c->count > SRV_CHAT_KEEP ? c->count - SRV_CHAT_KEEP : 0;
    for (int i = from; c->ring && i < c->count; i++) {
        const chat_msg *m = &c->ring[i % SRV_CHAT_KEEP];
        if (m->text && m->index == i) cJSON_AddItemToArray(a, msg_json(m));
    }
    cJSON_AddNumberToObject(o, "count", c->count);
    return o;
}

cJSON *srv_chat_history(srv_table *t)
{
    srv_table_lock(t);
    cJSON *o = srv_chat_history_locked(t);
    srv_table_unlock(t);
    return o;
}

int srv_chat_stored_locked(srv_table *t, int index, int seat, const char *name,
                           const char *text, int64_t ts)
{
    srv_chat *c = srv_table_chat_of(t);
    if (!c || index < c->count) return 0;
    if (index > c->count || keep(c, index, seat, name, text, ts) != 0) return -1;
    cJSON *o = frame(t, 0);
    cJSON *a = cJSON_AddArrayToObject(o, "messages");
    cJSON_AddItemToArray(a, msg_json(&c->ring[index % SRV_CHAT_KEEP]));
    char *out = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (out) srv_table_send_all_locked(t, out, strlen(out));
    free(out);
    return 0;
}

int srv_chat_post(srv_table *t, int seat, const char *name, const char *text,
                  srv_bucket *bucket, int *index, srv_err *e)
{
    char clean[SRV_CHAT_BYTES], who[SRV_NAME_BYTES] = "";
    if (seat < GG_SPECTATOR || seat >= srv_table_players(t))
        return srv_fail(e, 400, "bad_seat", "this table has seats 0 to %d (-1: watching)",
                        srv_table_players(t) - 1);
    if (!text) return srv_fail(e, 400, "bad_chat", "\"text\" must be the message");
    if (srv_text_clean(text, 1, SRV_CHAT_CHARS, clean, sizeof clean, "bad_chat", "a chat message",
                       e) != 0)
        return -1;
    if (seat == GG_SPECTATOR && name && srv_name_clean(name, who, e) != 0) return -1;
    double rate = srv_tables_chat_rate();
    if (bucket && !srv_bucket_take(bucket, rate, CHAT_BURST))
        return srv_fail(e, 429, "rate_limited",
                        "too many chat messages; wait a moment (this one was not sent)");
    srv_table_lock(t);
    srv_chat *c = srv_table_chat_of(t);
    int r = 0;
    if (srv_table_gone(t)) {
        r = srv_fail(e, 404, "unknown_table", "this table has expired");
    } else if (c->count >= SRV_CHAT_MAX) {
        r = srv_fail(e, 409, "chat_full", "this table's chat is full (%d messages)", SRV_CHAT_MAX),
        srv_fail_reason(e, NULL, 0, SRV_CHAT_MAX);
    } else {
        if (seat >= 0) snprintf(who, sizeof who, "%s", srv_table_name_locked(t, seat));
        char err[STORE_ERR];
        store *st = srv_tables_store();
        store_chat row = {srv_table_id(t), c->count, seat, who, clean, (int64_t)time(NULL)};
        int stored = st->ops->failure(st) ? -1 : st->ops->append_chat(st, &row, err);
        /* several servers: another's message took the index; read it, go on */
        for (int tries = 0; stored == STORE_CONFLICT && tries < 8; tries++) {
            if (srv_sync_chat_catch_up_locked(t) != 0) break;
            row.index = c->count;
            stored = st->ops->append_chat(st, &row, err);
        }
        if (st->ops->failure(st)) r = srv_tables_store_fail(e, st->ops->failure(st));
        else if (stored != 0) r = srv_tables_store_fail(e, err);
        else if (keep(c, row.index, seat, who, clean, row.ts) != 0)
            r = srv_fail(e, 500, "internal", "out of memory"); /* stored: back at restart */
        if (r == 0) {
            *index = row.index;
            cJSON *o = frame(t, 0);
            cJSON *a = cJSON_AddArrayToObject(o, "messages");
            cJSON_AddItemToArray(a, msg_json(&c->ring[row.index % SRV_CHAT_KEEP]));
            char *out = cJSON_PrintUnformatted(o);
            cJSON_Delete(o);
            if (out) srv_table_send_all_locked(t, out, strlen(out));
            free(out);
        }
    }
    srv_table_unlock(t);
    return r;
}
