/* http.c — civetweb: the HTTP API under /api/, the WebSocket protocol at
 * /ws, the browser UI from web/ and its two npm libraries under /vendor/,
 * the rules reference under /rules/.
 * Every request and message is checked here before it reaches a table; a bad
 * one gets {"type":"error","code":...,"message":...} and changes nothing. */
#include <civetweb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "server.h"

static struct mg_context *ctx;
static const srv_config *cfg;
/* Sent with every reply, pages and API alike (docs/server.md, "Security"). */
static char security_headers[1024];

/* ------------------------------------------------------------ replies */

static const char *status_text(int code)
{
    switch (code) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 413: return "Payload Too Large";
    case 415: return "Unsupported Media Type";
    case 429: return "Too Many Requests";
    case 503: return "Service Unavailable";
    default: return "Internal Server Error";
    }
}

/* Headers and body in one write, so no small packet waits for an ACK. */
static int reply_text(struct mg_connection *conn, int code, const char *body)
{
    size_t n = strlen(body);
    char head[1536];
    int hn = snprintf(head, sizeof head,
                      "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\n"
                      "Content-Length: %zu\r\nCache-Control: no-store\r\n"
                      "Keep-Alive: timeout=5\r\n%s\r\n\r\n",
                      code, status_text(code), n, security_headers);
    srv_oplog_sent(n);
    char *buf = malloc((size_t)hn + n);
    if (!buf) {
        mg_write(conn, head, (size_t)hn);
        mg_write(conn, body, n);
        return code;
    }
    memcpy(buf, head, (size_t)hn);
    memcpy(buf + hn, body, n);
    mg_write(conn, buf, (size_t)hn + n);
    free(buf);
    return code;
}

static int reply_json(struct mg_connection *conn, int code, cJSON *o)
{
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    int r = reply_text(conn, text ? code : 500, text ? text : "{\"error\":\"out of memory\"}");
    free(text);
    return r;
}

/* Messages may quote a client's bytes, cut to a length: what goes out is
 * always valid UTF-8 (bytes of a broken sequence become '?'). */
static cJSON *error_json(const srv_err *e)
{
    char msg[sizeof e->msg];
    snprintf(msg, sizeof msg, "%s", e->msg);
    if (!srv_utf8_ok(msg, strlen(msg)))
        for (char *p = msg; *p; p++)
            if ((unsigned char)*p >= 0x80) *p = '?';
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "error");
    cJSON_AddStringToObject(o, "code", e->code ? e->code : "internal");
    cJSON_AddStringToObject(o, "message", msg);
    return o;
}

static int reply_error(struct mg_connection *conn, const srv_err *e)
{
    return reply_json(conn, e->http ? e->http : 500, error_json(e));
}

/* ------------------------------------------------------------ requests */

/* The body as JSON; NULL with e filled when too large or malformed. */
static cJSON *read_body(struct mg_connection *conn, srv_err *e)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    if (ri->content_length > SRV_MAX_MESSAGE) {
        srv_fail(e, 413, "too_large", "requests are limited to %d bytes", SRV_MAX_MESSAGE);
        return NULL;
    }
    char *buf = malloc(SRV_MAX_MESSAGE + 1);
    if (!buf) {
        srv_fail(e, 500, "internal", "out of memory");
        return NULL;
    }
    size_t n = 0;
    int r;
    while (n <= SRV_MAX_MESSAGE && (r = mg_read(conn, buf + n, SRV_MAX_MESSAGE + 1 - n)) > 0)
        n += (size_t)r;
    cJSON *o = NULL;
    if (n > SRV_MAX_MESSAGE) srv_fail(e, 413, "too_large", "requests are limited to %d bytes",
                                      SRV_MAX_MESSAGE);
    else o = srv_parse_client_json(buf, n, e);
    free(buf);
    return o;
}

/* An integer query parameter; `def` when absent; -2 on junk. */
static int query_int(const struct mg_request_info *ri, const char *name, int def)
{
    char buf[16];
    const char *q = ri->query_string;
    if (!q || mg_get_var(q, strlen(q), name, buf, sizeof buf) < 0) return def;
    char *end;
    long v = strtol(buf, &end, 10);
    if (*buf == 0 || *end || v < -1 || v > 1000000) return -2;
    return (int)v;
}

static void query_str(const struct mg_request_info *ri, const char *name, char *buf, size_t n)
{
    const char *q = ri->query_string;
    buf[0] = 0;
    if (q && mg_get_var(q, strlen(q), name, buf, n) < 0) buf[0] = 0;
}

static const char *json_str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* An int member in [lo, hi]; `def` when absent; 0 or -1 (not a whole number). */
static int json_int(const cJSON *o, const char *key, int lo, int hi, int def, int *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) {
        *out = def;
        return 0;
    }
    /* the range first: (int) of a double out of range is undefined */
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= lo) || !(v->valuedouble <= hi) ||
        v->valuedouble != (double)(int)v->valuedouble)
        return -1;
    *out = v->valueint;
    return 0;
}

/* ------------------------------------------------------------ /api */

static cJSON *games_json(void)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *games = cJSON_AddArrayToObject(o, "games");
    for (int i = 0; i < gg_game_count(); i++) {
        const gg_game *g = gg_game_at(i);
        cJSON *gj = cJSON_CreateObject();
        cJSON_AddStringToObject(gj, "name", gg_game_name(g));
        cJSON_AddStringToObject(gj, "title", gg_game_title(g));
        cJSON_AddNumberToObject(gj, "min_players", gg_game_min_players(g));
        cJSON_AddNumberToObject(gj, "max_players", gg_game_max_players(g));
        cJSON *opts = cJSON_AddArrayToObject(gj, "options");
        for (int k = 0; k < gg_game_option_count(g); k++) {
            const gg_option_info *oi = gg_game_option(g, k);
            cJSON *oj = cJSON_CreateObject();
            cJSON_AddStringToObject(oj, "key", oi->key);
            cJSON_AddItemToObject(oj, "values", cJSON_CreateStringArray(oi->values, oi->n_values));
            cJSON_AddStringToObject(oj, "help", oi->help ? oi->help : "");
            cJSON_AddItemToArray(opts, oj);
        }
        cJSON_AddItemToArray(games, gj);
    }
    cJSON_AddItemToObject(o, "bots", srv_bot_offers());
    cJSON *lim = cJSON_AddObjectToObject(o, "bot_limits");
    cJSON_AddNumberToObject(lim, "max_ms", (double)cfg->bot_max_ms);
    cJSON_AddNumberToObject(lim, "max_iters", (double)cfg->bot_max_iters);
    return o;
}

static int api_action(struct mg_connection *conn, srv_table *t, const cJSON *req)
{
    srv_err e = {0};
    int seat = -1, index = -1;
    char canon[GG_MAX_NOTATION];
    const char *action = json_str(req, "action");
    if (json_int(req, "seat", 0, GG_MAX_SEATS - 1, -1, &seat) != 0 || seat < 0)
        srv_fail(&e, 400, "bad_seat", "\"seat\" must be the number of your seat");
    else if (!action)
        srv_fail(&e, 400, "bad_request", "\"action\" must be a move in notation");
    if (e.code || srv_table_check_seat(t, seat, json_str(req, "token"), &e) != 0 ||
        srv_table_act(t, seat, action, &index, canon, &e) != 0)
        return reply_error(conn, &e);
    cJSON *m = srv_table_state(t, seat, index + 1);
    cJSON_ReplaceItemInObject(m, "type", cJSON_CreateString("ack"));
    cJSON_AddNumberToObject(m, "index", index);
    cJSON_AddStringToObject(m, "action", canon);
    return reply_json(conn, 200, m);
}

static int api_bot(struct mg_connection *conn, srv_table *t, const cJSON *req)
{
    srv_err e = {0};
    int seat = -1;
    if (json_int(req, "seat", 0, GG_MAX_SEATS - 1, -1, &seat) != 0 || seat < 0)
        return reply_error(conn, (srv_fail(&e, 400, "bad_seat", "\"seat\" must be a seat"), &e));
    if (srv_table_to_bot(t, seat, json_str(req, "token"), json_str(req, "bot"), &e) != 0)
        return reply_error(conn, &e);
    return reply_json(conn, 200, srv_table_info(t));
}

/* /api/tables/ID[/what] */
static int api_table(struct mg_connection *conn, const char *rest, int post)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    char id[SRV_ID_HEX + 2];
    const char *slash = strchr(rest, '/');
    size_t len = slash ? (size_t)(slash - rest) : strlen(rest);
    const char *what = slash ? slash + 1 : "";
    srv_err e = {0};
    srv_table *t = NULL;
    if (len < sizeof id) {
        memcpy(id, rest, len);
        id[len] = 0;
        t = srv_table_find(id);
    }
    if (!t) return reply_error(conn, (srv_fail(&e, 404, "unknown_table", "no such table"), &e));
    if (post) {
        cJSON *req = read_body(conn, &e);
        if (!req) return reply_error(conn, &e);
        int r;
        if (!strcmp(what, "action")) r = api_action(conn, t, req);
        else if (!strcmp(what, "bot")) r = api_bot(conn, t, req);
        else r = reply_error(conn, (srv_fail(&e, 404, "not_found", "no such request"), &e));
        cJSON_Delete(req);
        return r;
    }
    char token[80];
    query_str(ri, "token", token, sizeof token);
    if (!*what) return reply_json(conn, 200, srv_table_info(t));
    if (!strcmp(what, "state")) {
        int seat = query_int(ri, "seat", GG_SPECTATOR);
        if (seat == -2) return reply_error(conn, (srv_fail(&e, 400, "bad_seat", "bad seat"), &e));
        int from = query_int(ri, "log_from", 0);
        if (from < 0) return reply_error(conn, (srv_fail(&e, 400, "bad_request", "bad log_from"), &e));
        if (srv_table_check_seat(t, seat, token, &e) != 0) return reply_error(conn, &e);
        return reply_json(conn, 200, srv_table_state(t, seat, from));
    }
    if (!strcmp(what, "record")) {
        char *rec = srv_table_record(t, &e);
        if (!rec) return reply_error(conn, &e);
        reply_text(conn, 200, rec);
        free(rec);
        return 200;
    }
    if (!strcmp(what, "replay")) {
        int viewer = query_int(ri, "viewer", GG_SPECTATOR), step = query_int(ri, "step", 0);
        if (viewer == -2 || step < 0)
            return reply_error(conn, (srv_fail(&e, 400, "bad_request",
                                               "viewer and step must be numbers"), &e));
        cJSON *m = srv_table_replay(t, viewer, token, step, &e);
        return m ? reply_json(conn, 200, m) : reply_error(conn, &e);
    }
    return reply_error(conn, (srv_fail(&e, 404, "not_found", "no such request"), &e));
}

/* The client's key for rate limits and the per-creator cap (guard.c). */
static void client_key(const struct mg_connection *conn, char key[SRV_ADDR_KEY])
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    srv_client_key(cfg, ri->remote_addr, mg_get_header(conn, "X-Forwarded-For"), key);
}

/* A browser page may only reach us from an allowed origin: the configured
 * ones, else our own (the Host it asked for). No Origin: not a page's
 * script (curl, the engine, a navigation), allowed. */
static int origin_allowed(const struct mg_connection *conn)
{
    const char *origin = mg_get_header(conn, "Origin");
    if (!origin) return 1;
    if (cfg->n_origins > 0) {
        for (int i = 0; i < cfg->n_origins; i++)
            if (!strcmp(origin, cfg->origins[i])) return 1;
        return 0;
    }
    const char *host = mg_get_header(conn, "Host");
    if (!host) return 0;
    const char *rest = !strncmp(origin, "http://", 7) ? origin + 7
                       : !strncmp(origin, "https://", 8) ? origin + 8 : NULL;
    return rest && !strcmp(rest, host);
}

/* POSTs carry JSON: a page elsewhere can send text/plain or a form without
 * asking (no CORS preflight), but not application/json. */
static int is_json_post(const struct mg_connection *conn)
{
    const char *ct = mg_get_header(conn, "Content-Type");
    return ct && !strncmp(ct, "application/json", 16) && (!ct[16] || ct[16] == ';');
}

static int api_request(struct mg_connection *conn)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    const char *uri = ri->local_uri;
    int post = !strcmp(ri->request_method, "POST");
    srv_err e = {0};
    if (!post && strcmp(ri->request_method, "GET") != 0)
        return reply_error(conn, (srv_fail(&e, 405, "bad_method", "use GET or POST"), &e));
    if (post && !origin_allowed(conn))
        return reply_error(conn, (srv_fail(&e, 403, "bad_origin",
                                           "requests from that page are not allowed"), &e));
    if (post && !is_json_post(conn))
        return reply_error(conn, (srv_fail(&e, 415, "bad_content_type",
                                           "send the body as application/json"), &e));
    /* Reads are cheap and pages poll: they get five times the rate of writes. */
    char who[SRV_ADDR_KEY], key[SRV_ADDR_KEY + 8];
    client_key(conn, who);
    snprintf(key, sizeof key, "%s%s", post ? "" : "GET ", who);
    if (!srv_addr_allow(key, post ? cfg->rate : 5 * cfg->rate, post ? cfg->burst : 5 * cfg->burst))
        return reply_error(conn, (srv_fail(&e, 429, "rate_limited",
                                           "too many requests; slow down"), &e));
    if (!strcmp(uri, "/api/games") && !post) return reply_json(conn, 200, games_json());
    if (!strncmp(uri, "/api/catalogue/", 15) && !post) { /* event sentences (formats.md) */
        const char *cat = strlen(uri + 15) < 16 ? gg_catalogue_json(uri + 15) : NULL;
        if (!cat) return reply_error(conn, (srv_fail(&e, 404, "not_found", "no such language"), &e));
        return reply_text(conn, 200, cat), 200;
    }
    if (!strncmp(uri, "/api/printed/", 13) && !post) { /* card texts for the pages */
        char *pr = strlen(uri + 13) < 16 ? srv_printed_json(uri + 13) : NULL;
        if (!pr) return reply_error(conn, (srv_fail(&e, 404, "not_found", "no such game"), &e));
        reply_text(conn, 200, pr);
        free(pr);
        return 200;
    }
    if (!strcmp(uri, "/api/tables")) {
        if (!post) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddItemToObject(o, "tables", srv_tables_list());
            return reply_json(conn, 200, o);
        }
        cJSON *req = read_body(conn, &e);
        cJSON *reply = req ? srv_table_create(req, who, &e) : NULL;
        cJSON_Delete(req);
        return reply ? reply_json(conn, 200, reply) : reply_error(conn, &e);
    }
    if (!strncmp(uri, "/api/tables/", 12)) return api_table(conn, uri + 12, post);
    return reply_error(conn, (srv_fail(&e, 404, "not_found", "no such request"), &e));
}

/* /api/: refused once the server stops (health.c, the drain), else served
 * to its end before the server closes. */
static int api_handler(struct mg_connection *conn, void *cbdata)
{
    (void)cbdata;
    srv_err e = {0};
    if (srv_drain_enter() != 0)
        return reply_error(conn, (srv_fail(&e, 503, "stopping",
                                           "the server is stopping; nothing was done"), &e));
    int r = api_request(conn);
    srv_drain_leave();
    return r;
}

/* Every request passes here first: outside /api/, only GET and HEAD (the
 * pages, /vendor/ and the WebSocket upgrade). */
static int begin_request(struct mg_connection *conn)
{
    srv_oplog_begin();
    const struct mg_request_info *ri = mg_get_request_info(conn);
    if (!strncmp(ri->local_uri, "/api/", 5) || !strcmp(ri->request_method, "GET") ||
        !strcmp(ri->request_method, "HEAD"))
        return 0;
    static const char body[] = "{\"type\":\"error\",\"code\":\"bad_method\","
                               "\"message\":\"only GET and HEAD here\"}";
    mg_printf(conn,
              "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\n"
              "Content-Type: application/json\r\nContent-Length: %zu\r\n%s\r\n"
              "Connection: close\r\n\r\n%s",
              sizeof body - 1, security_headers, body);
    return 405;
}

/* Every request ends here: its line in the log (oplog.c). A WebSocket's
 * comes when it closes. The path without the query string (tokens). */
static void end_request(const struct mg_connection *conn, int status)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    char who[SRV_ADDR_KEY];
    client_key(conn, who);
    if (status <= 0 && mg_get_header(conn, "Upgrade")) status = 101; /* civetweb says -1 */
    srv_oplog_request(ri->request_method, ri->local_uri, status, who);
}

/* GET /healthz (health.c). */
static int health_handler(struct mg_connection *conn, void *cbdata)
{
    (void)cbdata;
    int status;
    cJSON *o = srv_health_json(&status);
    return reply_json(conn, status, o);
}

/* /vendor/preact/... and /vendor/htm/...: the UI's two libraries. */
static int vendor_handler(struct mg_connection *conn, void *cbdata)
{
    (void)cbdata;
    const char *uri = mg_get_request_info(conn)->local_uri + strlen("/vendor/");
    char path[1024];
    struct stat sb;
    if (strstr(uri, "..") || (strncmp(uri, "preact/", 7) != 0 && strncmp(uri, "htm/", 4) != 0) ||
        (size_t)snprintf(path, sizeof path, "%s/%s", cfg->vendor_root, uri) >= sizeof path ||
        stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        mg_send_http_error(conn, 404, "not found");
        return 404;
    }
    mg_send_mime_file(conn, path, "text/javascript");
    srv_oplog_sent((size_t)sb.st_size);
    return 200;
}

/* /rules/ys.md and /rules/splendor.md: the project's rules reference
 * (docs/rules/, next to web/), which the browser quotes where it shows a
 * rule id. Only those two names. */
static int rules_handler(struct mg_connection *conn, void *cbdata)
{
    (void)cbdata;
    const char *name = mg_get_request_info(conn)->local_uri + strlen("/rules/");
    char path[1024];
    struct stat sb;
    if ((strcmp(name, "ys.md") != 0 && strcmp(name, "splendor.md") != 0) ||
        (size_t)snprintf(path, sizeof path, "%s/../docs/rules/%s", cfg->web_root, name) >= sizeof path ||
        stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        mg_send_http_error(conn, 404, "not found");
        return 404;
    }
    mg_send_mime_file(conn, path, "text/markdown; charset=utf-8");
    srv_oplog_sent((size_t)sb.st_size);
    return 200;
}

/* ------------------------------------------------------------ /ws */

typedef struct ws_client {
    srv_conn c;
    struct mg_connection *mg;
    srv_outq *out; /* every frame to this client goes through it (outq.c) */
    srv_bucket bucket;
    int drops;
    char token[SRV_TOKEN_HEX + 1];
    char who[SRV_ADDR_KEY]; /* client key: counted in srv_addr_conns */
} ws_client;

/* Queues a frame; never blocks (a table may be locked). */
static int ws_send(void *handle, const char *text, size_t len)
{
    ws_client *w = handle;
    return srv_outq_push(w->out, text, len);
}

static void ws_json(ws_client *w, cJSON *m)
{
    char *text = cJSON_PrintUnformatted(m);
    cJSON_Delete(m);
    if (text) ws_send(w, text, strlen(text));
    free(text);
}

static void ws_error(ws_client *w, const srv_err *e, const cJSON *id)
{
    cJSON *m = error_json(e);
    if (id) cJSON_AddItemToObject(m, "id", cJSON_Duplicate(id, 1));
    ws_json(w, m);
}

/* The upgrade: refused (civetweb closes) for a page from another origin. */
static int ws_connect(const struct mg_connection *conn, void *cbdata)
{
    (void)cbdata;
    char who[SRV_ADDR_KEY];
    client_key(conn, who);
    /* one address cannot take every connection thread */
    return origin_allowed(conn) && srv_addr_conns(who, 0) < cfg->ws_per_addr ? 0 : 1;
}

/* The connection's state is made only once the handshake is done: the close
 * handler runs for every connection that got this far, so it is always freed. */
static void ws_ready(struct mg_connection *conn, void *cbdata)
{
    (void)cbdata;
    ws_client *w = calloc(1, sizeof *w);
    if (w && !(w->out = srv_outq_new(conn))) {
        free(w);
        w = NULL;
    }
    if (!w) return; /* ws_data then hangs up */
    w->c.seat = GG_SPECTATOR;
    w->c.send = ws_send;
    w->mg = conn;
    w->c.handle = w;
    client_key(conn, w->who);
    srv_addr_conns(w->who, +1);
    mg_set_user_connection_data(conn, w);
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "type", "hello");
    cJSON_AddStringToObject(m, "server", "gemgames " GG_VERSION);
    cJSON_AddNumberToObject(m, "max_message", SRV_MAX_MESSAGE);
    ws_json(w, m);
}

static void ws_join(ws_client *w, const cJSON *m)
{
    srv_err e = {0};
    int seat = GG_SPECTATOR;
    const char *token = json_str(m, "token");
    srv_table *t = srv_table_find(json_str(m, "table"));
    if (!t) srv_fail(&e, 404, "unknown_table", "no such table");
    else if (json_int(m, "seat", -1, GG_MAX_SEATS - 1, GG_SPECTATOR, &seat) != 0)
        srv_fail(&e, 400, "bad_seat", "\"seat\" must be a seat number (or -1 to watch)");
    else srv_table_check_seat(t, seat, token, &e);
    if (e.code) {
        ws_error(w, &e, cJSON_GetObjectItemCaseSensitive(m, "id"));
        return;
    }
    if (w->c.table) srv_table_unsubscribe(&w->c);
    w->c.seat = seat;
    snprintf(w->token, sizeof w->token, "%s", seat >= 0 ? token : "");
    srv_table_subscribe(t, &w->c);
}

static void ws_action(ws_client *w, const cJSON *m)
{
    srv_err e = {0};
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(m, "id");
    const char *action = json_str(m, "action");
    int seat = -1, index = -1;
    char canon[GG_MAX_NOTATION];
    if (!w->c.table)
        srv_fail(&e, 400, "not_joined", "join a table first");
    else if (w->c.seat < 0)
        srv_fail(&e, 403, "spectator", "spectators cannot move");
    else if (json_int(m, "seat", 0, GG_MAX_SEATS - 1, w->c.seat, &seat) != 0 ||
             seat != w->c.seat)
        srv_fail(&e, 403, "not_your_seat", "you sit at seat %d; that move is not yours",
                 w->c.seat);
    else if (!action)
        srv_fail(&e, 400, "bad_request", "\"action\" must be a move in notation");
    else if (srv_table_check_seat(w->c.table, seat, w->token, &e) == 0)
        srv_table_act(w->c.table, seat, action, &index, canon, &e);
    if (e.code) {
        ws_error(w, &e, id);
        return;
    }
    cJSON *ack = cJSON_CreateObject();
    cJSON_AddStringToObject(ack, "type", "ack");
    if (id) cJSON_AddItemToObject(ack, "id", cJSON_Duplicate(id, 1));
    cJSON_AddNumberToObject(ack, "index", index);
    cJSON_AddStringToObject(ack, "action", canon);
    ws_json(w, ack);
}

static void ws_bot(ws_client *w, const cJSON *m)
{
    srv_err e = {0};
    int seat = -1;
    const char *token = json_str(m, "token");
    if (!w->c.table) srv_fail(&e, 400, "not_joined", "join a table first");
    else if (json_int(m, "seat", 0, GG_MAX_SEATS - 1, w->c.seat, &seat) != 0 || seat < 0)
        srv_fail(&e, 400, "bad_seat", "\"seat\" must be a seat");
    else srv_table_to_bot(w->c.table, seat, token ? token : w->token, json_str(m, "bot"), &e);
    if (e.code) ws_error(w, &e, cJSON_GetObjectItemCaseSensitive(m, "id"));
}

/* A message type worth quoting back: short and plain. */
static int plain_word(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 24) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')) return 0;
    return 1;
}

static void ws_message(ws_client *w, const char *data, size_t len)
{
    srv_err e = {0};
    cJSON *m = srv_parse_client_json(data, len, &e);
    const char *type = json_str(m, "type");
    if (!m) {
        /* e filled */
    } else if (!type)
        srv_fail(&e, 400, "bad_request", "a message is an object with a \"type\"");
    else if (!strcmp(type, "join")) ws_join(w, m);
    else if (!strcmp(type, "action")) ws_action(w, m);
    else if (!strcmp(type, "bot")) ws_bot(w, m);
    else if (!strcmp(type, "ping")) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "type", "pong");
        ws_json(w, p);
    } else if (plain_word(type))
        srv_fail(&e, 400, "bad_request", "unknown message type \"%s\"", type);
    else
        srv_fail(&e, 400, "bad_request", "unknown message type");
    if (e.code) ws_error(w, &e, NULL);
    cJSON_Delete(m);
}

static int ws_data(struct mg_connection *conn, int flags, char *data, size_t len, void *cbdata)
{
    (void)cbdata;
    ws_client *w = mg_get_user_connection_data(conn);
    int op = flags & 0x0f, fin = flags & 0x80;
    srv_err e = {0};
    if (!w || op == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) return 0;
    srv_outq_heard(w->out);
    if (srv_outq_dropped(w->out)) return 0; /* fell behind or idle: goodbye */
    if (op == MG_WEBSOCKET_OPCODE_PING) {
        mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_PONG, data, len);
        return 1;
    }
    if (op == MG_WEBSOCKET_OPCODE_PONG) return 1;
    if (!srv_bucket_take(&w->bucket, cfg->rate, cfg->burst)) {
        if (++w->drops > 200) return 0; /* a flood that does not stop: hang up */
        if (w->drops == 1 || w->drops % 20 == 0)
            ws_error(w, (srv_fail(&e, 429, "rate_limited",
                                  "too many messages; this one was ignored"), &e), NULL);
        return 1;
    }
    w->drops = 0;
    if (len > SRV_MAX_MESSAGE)
        srv_fail(&e, 413, "too_large", "messages are limited to %d bytes", SRV_MAX_MESSAGE);
    else if (op != MG_WEBSOCKET_OPCODE_TEXT || !fin)
        srv_fail(&e, 400, "bad_frame", "send each message as one text frame");
    else if (srv_drain_enter() != 0)
        srv_fail(&e, 503, "stopping", "the server is stopping; nothing was done");
    if (e.code) {
        ws_error(w, &e, NULL);
        return 1;
    }
    ws_message(w, data, len);
    srv_drain_leave();
    return 1;
}

static void ws_close(const struct mg_connection *conn, void *cbdata)
{
    (void)cbdata;
    ws_client *w = mg_get_user_connection_data(conn);
    if (!w) return;
    srv_table_unsubscribe(&w->c); /* no push reaches w after this */
    srv_outq_free(w->out);        /* waits for its writer */
    srv_addr_conns(w->who, -1);
    mg_set_user_connection_data(conn, NULL);
    free(w);
}

/* ------------------------------------------------------------ start */

static int log_message(const struct mg_connection *conn, const char *msg)
{
    (void)conn;
    if (!cfg->quiet) fprintf(stderr, "gemgames serve: civetweb: %s\n", msg);
    return 1;
}

int srv_http_start(const srv_config *c, char *err)
{
    cfg = c;
    char ports[80], threads[16], maxreq[16], ping[32];
    snprintf(ping, sizeof ping, "%ld", c->ws_idle_s * 1000 + 5000);
    int v6 = c->host && strchr(c->host, ':');
    snprintf(ports, sizeof ports, "%s%s%s%s%d", v6 ? "[" : "", c->host ? c->host : "",
             v6 ? "]" : "", c->host ? ":" : "", c->port);
    /* Every reply: the policy (pages may run only our scripts and talk only
     * to us, in no frame), no MIME sniffing, no referrer. */
    char csp[700];
    srv_csp_header(c->web_root, csp, sizeof csp);
    snprintf(security_headers, sizeof security_headers,
             "%s\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
             "X-Frame-Options: DENY",
             csp);
    snprintf(threads, sizeof threads, "%d", c->threads);
    snprintf(maxreq, sizeof maxreq, "%d", 16384);
    const char *options[] = {"listening_ports", ports,
                             "num_threads", threads,
                             "document_root", c->web_root,
                             "enable_directory_listing", "no",
                             "enable_keep_alive", "yes",
                             "max_request_size", maxreq,
                             /* outq.c pings and drops silent clients */
                             "websocket_timeout_ms", ping,
                             "enable_websocket_ping_pong", "no",
                             /* also the slow-header limit: a request must
                              * arrive whole within 10 s */
                             "request_timeout_ms", "10000",
                             /* no CORS: only our own pages use the API */
                             "access_control_allow_origin", "",
                             "access_control_allow_methods", "",
                             "access_control_allow_headers", "",
                             "additional_header", security_headers,
                             "keep_alive_timeout_ms", "5000",
                             "tcp_nodelay", "1",
                             NULL};
    struct mg_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.log_message = log_message;
    cb.begin_request = begin_request;
    cb.end_request = end_request;
    mg_init_library(0);
    ctx = mg_start(&cb, NULL, options);
    if (!ctx) {
        snprintf(err, STORE_ERR, "could not listen on %s (port in use?)", ports);
        return -1;
    }
    mg_set_request_handler(ctx, "/api/", api_handler, NULL);
    mg_set_request_handler(ctx, "/healthz", health_handler, NULL);
    mg_set_request_handler(ctx, "/vendor/", vendor_handler, NULL);
    mg_set_request_handler(ctx, "/rules/", rules_handler, NULL);
    mg_set_websocket_handler(ctx, "/ws", ws_connect, ws_ready, ws_data, ws_close, NULL);
    return 0;
}

int srv_http_port(void)
{
    struct mg_server_port ports[4];
    int n = ctx ? mg_get_server_ports(ctx, 4, ports) : 0;
    return n > 0 ? ports[0].port : -1;
}

void srv_http_stop(void)
{
    if (ctx) mg_stop(ctx);
    ctx = NULL;
    mg_exit_library();
}
