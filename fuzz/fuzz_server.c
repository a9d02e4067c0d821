/* fuzz_server.c — libFuzzer target for what the server does with a client's
 * bytes (server/guard.c, tables.c, botlist.c, people.c, chat.c): the first
 * byte picks a request, the rest is its body, as POST /api/tables, a move, a
 * hand-over, a name, a chat message or taking the free seat at a table of
 * three (two people by invite, one open seat), or POST /api/status (HTTP
 * /action, /bot, /name, /chat, /take and WebSocket "action", "bot", "name",
 * "chat" take these same paths). Checks: the depth guard holds (cJSON never
 * sees deeper input), an error always has a code, a status and a message of
 * valid UTF-8, and every frame pushed to a watcher is valid UTF-8 JSON. The
 * store is a real SQLite file, renewed every few thousand inputs so memory
 * stays bounded. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../server/server.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static srv_config cfg = {.bot_max_ms = 100, .bot_max_iters = 1000, .tables_per_addr = 1000000,
                         .expire_over_s = 3600, .expire_idle_s = 3600, .quiet = 1};
static store *st;
static srv_table *table;
static char tokens[3][64], admin[64], dbpath[64]; /* seat 2: open until taken */
static srv_conn watcher;
static int runs;

static int check_frame(void *handle, const char *text, size_t len)
{
    (void)handle;
    cJSON *m = srv_utf8_ok(text, len) ? cJSON_ParseWithLength(text, len) : NULL;
    if (!m) abort();
    cJSON_Delete(m);
    return (int)len;
}

static void check_error(const srv_err *e)
{
    if (!e->code || e->http < 400 || e->http > 599 || !e->msg[0]) abort();
}

/* A fresh store and one table (two people, an open seat) with a watcher. */
static void reset(void)
{
    char err[STORE_ERR];
    if (st) {
        srv_table_unsubscribe(&watcher);
        srv_bots_stop();
        srv_tables_shutdown();
        st->ops->close(st);
        unlink(dbpath);
    }
    snprintf(dbpath, sizeof dbpath, "/tmp/fuzz_server-%d.db", (int)getpid());
    unlink(dbpath);
    if (srv_botlist_init(&cfg, err) != 0 || !(st = store_sqlite_open(dbpath, err)) ||
        srv_tables_init(st, &cfg, err) != 0) {
        fprintf(stderr, "fuzz_server: %s\n", err);
        abort();
    }
    cJSON *req = cJSON_Parse(
        "{\"game\":\"splendor\",\"players\":3,\"seats\":[\"human\",\"human\",\"open\"]}");
    srv_err e = {0};
    cJSON *made = srv_table_create(req, "fuzz", &e);
    cJSON_Delete(req);
    if (!made) abort();
    table = srv_table_find(cJSON_GetObjectItem(made, "id")->valuestring);
    snprintf(admin, sizeof admin, "%s", cJSON_GetObjectItem(made, "admin")->valuestring);
    tokens[2][0] = 0;
    for (int i = 0; i < 2; i++)
        snprintf(tokens[i], sizeof tokens[i], "%s",
                 cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(made, "seats"), i),
                                     "token")->valuestring);
    cJSON_Delete(made);
    watcher = (srv_conn){.send = check_frame, .seat = GG_SPECTATOR};
    srv_table_subscribe(table, &watcher);
}

static int member_int(const cJSON *o, const char *key, int def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= -2 && v->valuedouble <= 8)) return def;
    return (int)v->valuedouble;
}

static const char *member_str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!st || ++runs % 3000 == 0) reset();
    if (size < 1 || size > SRV_MAX_MESSAGE + 1) return 0;
    int what = data[0] % 7;
    const char *body = (const char *)data + 1;
    size_t len = size - 1;
    srv_err e = {0};
    cJSON *req = srv_parse_client_json(body, len, &e);
    if (!req) {
        check_error(&e);
        return 0;
    }
    if (!srv_json_depth_ok(body, len, SRV_MAX_DEPTH)) abort(); /* the guard let it through */
    int seat = member_int(req, "seat", 0);
    const char *token = member_str(req, "token");
    /* a token of "0"/"1"/"admin" stands for the real one, so moves get through */
    if (token && !strcmp(token, "0")) token = tokens[0];
    else if (token && !strcmp(token, "1")) token = tokens[1];
    else if (token && !strcmp(token, "2")) token = tokens[2];
    else if (token && !strcmp(token, "admin")) token = admin;
    if (what == 0) {
        cJSON *made = srv_table_create(req, "fuzz", &e);
        if (made) cJSON_Delete(made);
        else check_error(&e);
    } else if (what == 1) {
        int index;
        char canon[GG_MAX_NOTATION];
        const char *action = member_str(req, "action");
        if (action && (srv_table_check_seat(table, seat, token, &e) != 0 ||
                       srv_table_act(table, seat, action, &index, canon, &e) != 0))
            check_error(&e);
    } else if (what == 2) {
        if (srv_table_to_bot(table, seat, token, member_str(req, "bot"), &e) != 0) check_error(&e);
    } else if (what == 3) {
        if (srv_table_set_name(table, seat, token, member_str(req, "name"), &e) != 0) check_error(&e);
    } else if (what == 4) {
        int index, s = member_int(req, "seat", -1);
        if ((s >= 0 && srv_table_check_seat(table, s, token, &e) != 0) ||
            srv_chat_post(table, s, member_str(req, "name"), member_str(req, "text"), NULL, &index,
                          &e) != 0)
            check_error(&e);
    } else if (what == 5) {
        cJSON *took = srv_api_take(table, req, &e);
        const cJSON *tok = cJSON_GetObjectItemCaseSensitive(took, "token");
        if (!took) check_error(&e);
        else if (cJSON_IsString(tok) && seat >= 0 && seat < 3) /* the seat's new token */
            snprintf(tokens[seat], sizeof tokens[seat], "%s", tok->valuestring);
        cJSON_Delete(took);
    } else {
        /* {"seats":[{"table":"T","seat":0,"token":"0"}]}: "T" is the table */
        cJSON *it;
        cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(req, "seats"))
        {
            cJSON *t = cJSON_GetObjectItemCaseSensitive(it, "table");
            if (cJSON_IsString(t) && !strcmp(t->valuestring, "T"))
                cJSON_SetValuestring(t, srv_table_id(table));
            cJSON *k = cJSON_GetObjectItemCaseSensitive(it, "token");
            if (cJSON_IsString(k) && strlen(k->valuestring) == 1 && k->valuestring[0] >= '0' &&
                k->valuestring[0] <= '2')
                cJSON_SetValuestring(k, tokens[k->valuestring[0] - '0']);
        }
        cJSON *status = srv_api_status(req, &e);
        if (!status) check_error(&e);
        cJSON_Delete(status);
    }
    cJSON_Delete(req);
    return 0;
}
