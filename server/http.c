/* http.c — libwebsockets: the HTTP API under /api/, the WebSocket protocol
 * at /ws, the browser UI from web/ and its two npm libraries under /vendor/,
 * the rules reference under /rules/.
 * Every request and message is checked here before it reaches a table; a bad
 * one gets {"type":"error","code":...,"message":...} and changes nothing.
 *
 * One service thread runs every connection (docs/architecture.md, "The
 * server's connection model"): an idle WebSocket or a request whose headers
 * trickle in costs some memory and no thread. Requests are answered on that
 * thread (a table's work is short; bots think on their own threads), and all
 * socket writes happen there, at writable callbacks: WebSocket frames come
 * from the connection's queue (outq.c), never from whoever holds a table. */
#include <arpa/inet.h>
#include <libwebsockets.h>
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "server.h"

/* A declared frame or message this far over the limit is not read on: the
 * connection is closed (1009) from the frame's header. Up to it, an
 * oversized message is skipped (not stored) and answered `too_large`. */
enum { WS_HANG_UP_OVER = 1 << 20, WRITE_CHUNK = 16384 };

static struct lws_context *ctx;
static struct lws_vhost *vhost;
static const srv_config *cfg;
static pthread_t service_thread;
static volatile int stopping;
/* Sent with every reply, pages and API alike (docs/server.md, "Security"). */
static char csp_value[700];
static const char *const security_headers[][2] = {
    {"x-content-type-options:", "nosniff"},
    {"referrer-policy:", "no-referrer"},
    {"x-frame-options:", "DENY"},
};

/* ------------------------------------------------------------ a request */

enum { M_GET, M_POST, M_HEAD, M_OTHER };

typedef struct ws_client ws_client;

/* One connection's state (lws's per-session data): the request being
 * answered while it speaks HTTP, its WebSocket state once upgraded. */
typedef struct http_req {
    struct lws *wsi;
    char uri[512];
    int method;
    int has_body;      /* wait for the body before answering */
    char *body;        /* up to SRV_MAX_MESSAGE bytes, the rest only counted */
    size_t body_n, body_seen;
    /* the reply, written at writable callbacks */
    unsigned char *head;  /* LWS_PRE, then the headers */
    size_t head_len;
    char *out;
    size_t out_len, out_off;
    int head_sent, close_after;
    int status; /* the reply's, for the request log (oplog.c) */
    int drain_held; /* an /api/ reply not yet written: the drain waits for it */
    ws_client *ws;
} http_req;

static void req_reset(http_req *r)
{
    free(r->body);
    free(r->head);
    free(r->out);
    r->body = NULL;
    r->head = NULL;
    r->out = NULL;
    r->body_n = r->body_seen = r->head_len = r->out_len = r->out_off = 0;
    r->head_sent = r->close_after = r->has_body = 0;
    if (r->drain_held) { /* written whole, or its connection gone */
        r->drain_held = 0;
        srv_drain_leave();
    }
}

/* A request header, "" when absent or longer than n. */
static const char *header(struct lws *wsi, enum lws_token_indexes tok, char *buf, int n)
{
    buf[0] = 0;
    if (lws_hdr_total_length(wsi, tok) <= 0 || lws_hdr_copy(wsi, buf, n, tok) < 0) buf[0] = 0;
    return buf;
}

static int method_of(struct lws *wsi)
{
    if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI)) return M_GET;
    if (lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI)) return M_POST;
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI)) return M_HEAD;
    return M_OTHER;
}

/* ------------------------------------------------------------ replies */

static int add_header(struct lws *wsi, const char *name, const char *value, unsigned char **p,
                      unsigned char *end)
{
    return lws_add_http_header_by_name(wsi, (const unsigned char *)name,
                                       (const unsigned char *)value, (int)strlen(value), p, end);
}

static int add_security_headers(struct lws *wsi, unsigned char **p, unsigned char *end)
{
    if (add_header(wsi, "content-security-policy:", csp_value, p, end)) return -1;
    for (size_t i = 0; i < sizeof security_headers / sizeof *security_headers; i++)
        if (add_header(wsi, security_headers[i][0], security_headers[i][1], p, end)) return -1;
    return 0;
}

/* Prepares the reply (status, JSON body) and asks to be told when the socket
 * can take it. */
static int reply_text(http_req *r, int code, const char *body)
{
    size_t n = strlen(body);
    enum { HEAD_MAX = 2048 };
    free(r->head);
    free(r->out);
    r->head = malloc(LWS_PRE + HEAD_MAX);
    r->out = malloc(n ? n : 1);
    if (!r->head || !r->out) {
        free(r->head);
        free(r->out);
        r->head = NULL;
        r->out = NULL;
        r->close_after = 1;
        lws_callback_on_writable(r->wsi);
        return code;
    }
    memcpy(r->out, body, n);
    r->status = code;
    srv_oplog_sent(n);
    r->out_len = n;
    r->out_off = 0;
    unsigned char *start = r->head + LWS_PRE, *p = start, *end = start + HEAD_MAX;
    if (lws_add_http_common_headers(r->wsi, (unsigned)code, "application/json", n, &p, end) ||
        add_header(r->wsi, "cache-control:", "no-store", &p, end) ||
        (code == 405 && add_header(r->wsi, "allow:", r->uri[1] == 'a' ? "GET, POST" : "GET, HEAD",
                                   &p, end)) ||
        add_security_headers(r->wsi, &p, end) || lws_finalize_http_header(r->wsi, &p, end))
        r->close_after = 1;
    r->head_len = (size_t)(p - start);
    r->head_sent = 0;
    lws_callback_on_writable(r->wsi);
    return code;
}

/* The writable callback of a connection answering a request: headers, then
 * the body in chunks; then the next request on the connection, or close. */
static int reply_write(http_req *r)
{
    static unsigned char chunk[LWS_PRE + WRITE_CHUNK]; /* service thread only */
    if (!r->head) return -1;
    if (!r->head_sent) {
        if (lws_write(r->wsi, r->head + LWS_PRE, r->head_len, LWS_WRITE_HTTP_HEADERS) <
            (int)r->head_len)
            return -1;
        r->head_sent = 1;
    }
    if (r->out_off < r->out_len) {
        size_t n = r->out_len - r->out_off;
        if (n > WRITE_CHUNK) n = WRITE_CHUNK;
        int last = r->out_off + n == r->out_len;
        memcpy(chunk + LWS_PRE, r->out + r->out_off, n);
        if (lws_write(r->wsi, chunk + LWS_PRE, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) <
            (int)n)
            return -1;
        r->out_off += n;
        if (!last) {
            lws_callback_on_writable(r->wsi);
            return 0;
        }
    }
    int close_after = r->close_after;
    req_reset(r);
    if (close_after) return -1;
    return lws_http_transaction_completed(r->wsi) ? -1 : 0;
}

static int reply_json(http_req *r, int code, cJSON *o)
{
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    int c = reply_text(r, text ? code : 500, text ? text : "{\"error\":\"out of memory\"}");
    free(text);
    return c;
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
    if (e->reason) cJSON_AddStringToObject(o, "reason", e->reason);
    if (e->count || e->max || e->min) {
        cJSON *p = cJSON_AddObjectToObject(o, "params");
        if (e->count) cJSON_AddNumberToObject(p, "count", e->count);
        if (e->min) cJSON_AddNumberToObject(p, "min", e->min);
        if (e->max) cJSON_AddNumberToObject(p, "max", e->max);
    }
    return o;
}

static int reply_error(http_req *r, const srv_err *e)
{
    return reply_json(r, e->http ? e->http : 500, error_json(e));
}

/* ------------------------------------------------------------ requests */

/* The body as JSON; NULL with e filled when too large or malformed. */
static cJSON *read_body(http_req *r, srv_err *e)
{
    if (r->body_seen > SRV_MAX_MESSAGE) {
        srv_fail(e, 413, "too_large", "requests are limited to %d bytes", SRV_MAX_MESSAGE);
        return NULL;
    }
    return srv_parse_client_json(r->body ? r->body : "", r->body_n, e);
}

/* A query parameter's (decoded) value, or NULL; lws copies "name=value"
 * into buf and points past the name. */
static const char *query_arg(http_req *r, const char *name, char *buf, size_t n)
{
    char key[24];
    snprintf(key, sizeof key, "%s=", name);
    return lws_get_urlarg_by_name(r->wsi, key, buf, (int)n);
}

/* An integer query parameter; `def` when absent; -2 on junk. */
static int query_int(http_req *r, const char *name, int def)
{
    char buf[40];
    const char *v = query_arg(r, name, buf, sizeof buf);
    if (!v) return def;
    char *end;
    long x = strtol(v, &end, 10);
    if (*v == 0 || *end || x < -1 || x > 1000000) return -2;
    return (int)x;
}

static void query_str(http_req *r, const char *name, char *out, size_t n)
{
    char buf[128];
    const char *v = query_arg(r, name, buf, sizeof buf);
    snprintf(out, n, "%s", v ? v : "");
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

static void client_key(struct lws *wsi, char key[SRV_ADDR_KEY]);

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

/* The arguments of an options query: at most 512 bytes, each "players" or
 * one of the game's options, each under 64 bytes (so none is skipped). */
static int choices_args_ok(http_req *r, const gg_game *g, srv_err *e)
{
    if (lws_hdr_total_length(r->wsi, WSI_TOKEN_HTTP_URI_ARGS) > 512)
        return srv_fail(e, 400, "bad_options", "the options query is too long");
    for (int i = 0; i < 32; i++) {
        char arg[64];
        int n = lws_hdr_fragment_length(r->wsi, WSI_TOKEN_HTTP_URI_ARGS, i);
        if (n <= 0) continue;
        if (n >= (int)sizeof arg ||
            lws_hdr_copy_fragment(r->wsi, arg, sizeof arg, WSI_TOKEN_HTTP_URI_ARGS, i) < 0)
            return srv_fail(e, 400, "bad_options", "an option in the query is too long");
        char *eq = strchr(arg, '=');
        if (eq) *eq = 0;
        if (!strcmp(arg, "players") || gg_options_get(&(gg_options){0}, g, arg)) continue;
        return srv_fail(e, 400, "bad_options", "%s has no option \"%.40s\"", gg_game_title(g), arg);
    }
    return 0;
}

/* GET /api/games/GAME/options?players=N&KEY=VALUE...: which values of each
 * option the rules allow with the others as given (server/choices.c). */
static int api_choices(http_req *r, const char *name)
{
    srv_err e = {0};
    const gg_game *g = strlen(name) < 32 ? gg_game_find(name) : NULL;
    if (!g) return reply_error(r, (srv_fail(&e, 404, "bad_game", "no such game"), &e));
    if (choices_args_ok(r, g, &e) != 0) return reply_error(r, &e);
    int players = query_int(r, "players", gg_game_min_players(g));
    if (players < gg_game_min_players(g) || players > gg_game_max_players(g))
        return reply_error(r, (srv_fail(&e, 400, "bad_options", "\"players\" must be %d to %d for %s",
                                        gg_game_min_players(g), gg_game_max_players(g),
                                        gg_game_title(g)),
                               srv_fail_range(&e, "players", gg_game_min_players(g),
                                              gg_game_max_players(g)),
                               &e));
    gg_options opts;
    gg_options_init(&opts, g, players);
    for (int k = 0; k < gg_game_option_count(g); k++) {
        const gg_option_info *oi = gg_game_option(g, k);
        char buf[64];
        const char *v = query_arg(r, oi->key, buf, sizeof buf);
        gg_error ge = {0};
        if (v && gg_options_set(&opts, g, oi->key, v, &ge) != GG_OK)
            return reply_error(r, (srv_fail(&e, 400, "bad_options", "%s", ge.msg), &e));
    }
    return reply_json(r, 200, srv_option_choices(g, &opts));
}

static int api_action(http_req *r, srv_table *t, const cJSON *req)
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
        return reply_error(r, &e);
    cJSON *m = srv_table_state(t, seat, index + 1);
    cJSON_ReplaceItemInObject(m, "type", cJSON_CreateString("ack"));
    cJSON_AddNumberToObject(m, "index", index);
    cJSON_AddStringToObject(m, "action", canon);
    return reply_json(r, 200, m);
}

static int api_bot(http_req *r, srv_table *t, const cJSON *req)
{
    srv_err e = {0};
    int seat = -1;
    if (json_int(req, "seat", 0, GG_MAX_SEATS - 1, -1, &seat) != 0 || seat < 0)
        return reply_error(r, (srv_fail(&e, 400, "bad_seat", "\"seat\" must be a seat"), &e));
    if (srv_table_to_bot(t, seat, json_str(req, "token"), json_str(req, "bot"), &e) != 0)
        return reply_error(r, &e);
    return reply_json(r, 200, srv_table_info(t));
}

/* POST /api/tables/ID/name {"seat","token","name"} */
static int api_name(http_req *r, srv_table *t, const cJSON *req)
{
    srv_err e = {0};
    int seat = -1;
    if (json_int(req, "seat", 0, GG_MAX_SEATS - 1, -1, &seat) != 0 || seat < 0)
        return reply_error(r, (srv_fail(&e, 400, "bad_seat", "\"seat\" must be your seat"), &e));
    if (srv_table_set_name(t, seat, json_str(req, "token"), json_str(req, "name"), &e) != 0)
        return reply_error(r, &e);
    return reply_json(r, 200, srv_table_info(t));
}

/* POST /api/tables/ID/chat {"seat","token","text"[,"name"]}: seat -1 (or
 * none) is a spectator; a client key may post one message a second. */
static int api_chat(http_req *r, srv_table *t, const cJSON *req, const char *who)
{
    srv_err e = {0};
    int seat = -1, index = -1;
    char key[SRV_ADDR_KEY + 8];
    snprintf(key, sizeof key, "CHAT %s", who);
    if (json_int(req, "seat", -1, GG_MAX_SEATS - 1, -1, &seat) != 0)
        srv_fail(&e, 400, "bad_seat", "\"seat\" must be your seat (or -1 to watch)");
    else if (srv_table_check_seat(t, seat, json_str(req, "token"), &e) != 0)
        ; /* e filled */
    else if (srv_tables_chat_rate() > 0 && !srv_addr_allow(key, srv_tables_chat_rate(), 5))
        srv_fail(&e, 429, "rate_limited",
                 "too many chat messages; wait a moment (this one was not sent)");
    else
        srv_chat_post(t, seat, json_str(req, "name"), json_str(req, "text"), NULL, &index, &e);
    if (e.code) return reply_error(r, &e);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "chat_ack");
    cJSON_AddNumberToObject(o, "i", index);
    return reply_json(r, 200, o);
}


/* POST /api/tables/ID/undo and /rematch (issue 21): {"seat","token"}. */
static int api_undo(http_req *r, srv_table *t, const cJSON *req)
{
    srv_err e = {0};
    int seat = -1, moves = 0;
    if (json_int(req, "seat", 0, GG_MAX_SEATS - 1, -1, &seat) != 0 || seat < 0)
        return reply_error(r, (srv_fail(&e, 400, "bad_seat", "\"seat\" must be your seat"), &e));
    if (srv_table_undo(t, seat, json_str(req, "token"), &moves, &e) != 0) return reply_error(r, &e);
    cJSON *m = srv_table_state(t, seat, 0);
    cJSON_ReplaceItemInObject(m, "type", cJSON_CreateString("undone"));
    return reply_json(r, 200, m);
}

static int api_rematch(http_req *r, srv_table *t, const cJSON *req)
{
    srv_err e = {0};
    int seat = -1;
    char who[SRV_ADDR_KEY];
    if (json_int(req, "seat", 0, GG_MAX_SEATS - 1, -1, &seat) != 0 || seat < 0)
        return reply_error(r, (srv_fail(&e, 400, "bad_seat", "\"seat\" must be your seat"), &e));
    client_key(r->wsi, who);
    cJSON *m = srv_table_rematch(t, seat, json_str(req, "token"), who, &e);
    return m ? reply_json(r, 200, m) : reply_error(r, &e);
}

/* /api/tables/ID[/what] */
static int api_table(http_req *r, const char *rest, int post)
{
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
    if (!t) return reply_error(r, (srv_fail(&e, 404, "unknown_table", "no such table"), &e));
    if (post) {
        cJSON *req = read_body(r, &e);
        if (!req) return reply_error(r, &e);
        int rc;
        char who[SRV_ADDR_KEY];
        client_key(r->wsi, who);
        cJSON *o = NULL;
        if (!strcmp(what, "action")) rc = api_action(r, t, req);
        else if (!strcmp(what, "bot")) rc = api_bot(r, t, req);
        else if (!strcmp(what, "name")) rc = api_name(r, t, req);
        else if (!strcmp(what, "chat")) rc = api_chat(r, t, req, who);
        else if (!strcmp(what, "take"))
            rc = (o = srv_api_take(t, req, &e)) ? reply_json(r, 200, o) : reply_error(r, &e);
        else if (!strcmp(what, "undo")) rc = api_undo(r, t, req);
        else if (!strcmp(what, "rematch")) rc = api_rematch(r, t, req);
        else rc = reply_error(r, (srv_fail(&e, 404, "not_found", "no such request"), &e));
        cJSON_Delete(req);
        return rc;
    }
    char token[80];
    query_str(r, "token", token, sizeof token);
    if (!*what) return reply_json(r, 200, srv_table_info(t));
    if (!strcmp(what, "state")) {
        int seat = query_int(r, "seat", GG_SPECTATOR);
        if (seat == -2) return reply_error(r, (srv_fail(&e, 400, "bad_seat", "bad seat"), &e));
        int from = query_int(r, "log_from", 0);
        if (from < 0) return reply_error(r, (srv_fail(&e, 400, "bad_request", "bad log_from"), &e));
        if (srv_table_check_seat(t, seat, token, &e) != 0) return reply_error(r, &e);
        return reply_json(r, 200, srv_table_state(t, seat, from));
    }
    if (!strcmp(what, "chat")) return reply_json(r, 200, srv_chat_history(t));
    if (!strcmp(what, "record")) {
        char *rec = srv_table_record(t, &e);
        if (!rec) return reply_error(r, &e);
        reply_text(r, 200, rec);
        free(rec);
        return 200;
    }
    if (!strcmp(what, "replay")) {
        int viewer = query_int(r, "viewer", GG_SPECTATOR), step = query_int(r, "step", 0);
        if (viewer == -2 || step < 0)
            return reply_error(r, (srv_fail(&e, 400, "bad_request",
                                               "viewer and step must be numbers"), &e));
        cJSON *m = srv_table_replay(t, viewer, token, step, &e);
        return m ? reply_json(r, 200, m) : reply_error(r, &e);
    }
    return reply_error(r, (srv_fail(&e, 404, "not_found", "no such request"), &e));
}

/* The peer's address as text; an IPv4 peer of a dual-stack socket without
 * its "::ffff:" prefix. */
static void peer_addr(struct lws *wsi, char *buf, size_t n)
{
    char tmp[128];
    if (!lws_get_peer_simple(wsi, tmp, sizeof tmp)) tmp[0] = 0;
    const char *a = !strncmp(tmp, "::ffff:", 7) && strchr(tmp + 7, '.') ? tmp + 7 : tmp;
    snprintf(buf, n, "%s", a);
}

/* The client's key for rate limits and the per-creator cap (guard.c). */
static void client_key(struct lws *wsi, char key[SRV_ADDR_KEY])
{
    char addr[128], fwd[512];
    peer_addr(wsi, addr, sizeof addr);
    header(wsi, WSI_TOKEN_X_FORWARDED_FOR, fwd, sizeof fwd);
    srv_client_key(cfg, addr, *fwd ? fwd : NULL, key);
}

/* A browser page may only reach us from an allowed origin: the configured
 * ones, else our own (the Host it asked for). No Origin: not a page's
 * script (curl, the engine, a navigation), allowed. */
static int origin_allowed(struct lws *wsi)
{
    char origin[512], host[512];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0) return 1;
    header(wsi, WSI_TOKEN_ORIGIN, origin, sizeof origin);
    if (cfg->n_origins > 0) {
        for (int i = 0; i < cfg->n_origins; i++)
            if (!strcmp(origin, cfg->origins[i])) return 1;
        return 0;
    }
    if (!*header(wsi, WSI_TOKEN_HOST, host, sizeof host)) return 0;
    const char *rest = !strncmp(origin, "http://", 7) ? origin + 7
                       : !strncmp(origin, "https://", 8) ? origin + 8 : NULL;
    return rest && !strcmp(rest, host);
}

/* POSTs carry JSON: a page elsewhere can send text/plain or a form without
 * asking (no CORS preflight), but not application/json. */
static int is_json_post(struct lws *wsi)
{
    char ct[128];
    header(wsi, WSI_TOKEN_HTTP_CONTENT_TYPE, ct, sizeof ct);
    return !strncmp(ct, "application/json", 16) && (!ct[16] || ct[16] == ';');
}

static int api_request(http_req *r)
{
    const char *uri = r->uri;
    int post = r->method == M_POST;
    srv_err e = {0};
    if (!post && r->method != M_GET)
        return reply_error(r, (srv_fail(&e, 405, "bad_method", "use GET or POST"), &e));
    if (post && !origin_allowed(r->wsi))
        return reply_error(r, (srv_fail(&e, 403, "bad_origin",
                                        "requests from that page are not allowed"), &e));
    if (post && !is_json_post(r->wsi))
        return reply_error(r, (srv_fail(&e, 415, "bad_content_type",
                                        "send the body as application/json"), &e));
    /* Reads are cheap and pages poll: they get five times the rate of writes. */
    char who[SRV_ADDR_KEY], key[SRV_ADDR_KEY + 8];
    client_key(r->wsi, who);
    snprintf(key, sizeof key, "%s%s", post ? "" : "GET ", who);
    if (!srv_addr_allow(key, post ? cfg->rate : 5 * cfg->rate, post ? cfg->burst : 5 * cfg->burst))
        return reply_error(r, (srv_fail(&e, 429, "rate_limited",
                                        "too many requests; slow down"), &e));
    if (!strcmp(uri, "/api/games") && !post) return reply_json(r, 200, games_json());
    if (!strncmp(uri, "/api/games/", 11) && !post) {
        const char *slash = strchr(uri + 11, '/');
        if (slash && !strcmp(slash, "/options") && slash - (uri + 11) < 32) {
            char name[32];
            snprintf(name, sizeof name, "%.*s", (int)(slash - (uri + 11)), uri + 11);
            return api_choices(r, name);
        }
    }
    if (!strncmp(uri, "/api/catalogue/", 15) && !post) { /* event sentences (formats.md) */
        const char *cat = strlen(uri + 15) < 16 ? gg_catalogue_json(uri + 15) : NULL;
        if (!cat) return reply_error(r, (srv_fail(&e, 404, "not_found", "no such language"), &e));
        return reply_text(r, 200, cat);
    }
    if (!strncmp(uri, "/api/printed/", 13) && !post) { /* card texts for the pages */
        char *pr = strlen(uri + 13) < 16 ? srv_printed_json(uri + 13) : NULL;
        if (!pr) return reply_error(r, (srv_fail(&e, 404, "not_found", "no such game"), &e));
        reply_text(r, 200, pr);
        free(pr);
        return 200;
    }
    if (!strcmp(uri, "/api/tables")) {
        if (!post) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddItemToObject(o, "tables", srv_tables_list());
            return reply_json(r, 200, o);
        }
        cJSON *req = read_body(r, &e);
        cJSON *reply = req ? srv_table_create(req, who, &e) : NULL;
        cJSON_Delete(req);
        return reply ? reply_json(r, 200, reply) : reply_error(r, &e);
    }
    if (!strcmp(uri, "/api/lobby") && !post) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToObject(o, "tables", srv_tables_lobby());
        return reply_json(r, 200, o);
    }
    if (!strcmp(uri, "/api/status") && post) {
        cJSON *req = read_body(r, &e);
        cJSON *reply = req ? srv_api_status(req, &e) : NULL;
        cJSON_Delete(req);
        return reply ? reply_json(r, 200, reply) : reply_error(r, &e);
    }
    if (!strncmp(uri, "/api/tables/", 12)) return api_table(r, uri + 12, post);
    return reply_error(r, (srv_fail(&e, 404, "not_found", "no such request"), &e));
}

/* ------------------------------------------------------------ files */

static const char *mime_of(const char *path)
{
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript"},
        {".mjs", "text/javascript"},           {".css", "text/css"},
        {".json", "application/json"},         {".svg", "image/svg+xml"},
        {".png", "image/png"},                 {".ico", "image/x-icon"},
        {".md", "text/markdown; charset=utf-8"}, {".txt", "text/plain; charset=utf-8"},
        {".map", "application/json"},          {".woff2", "font/woff2"},
    };
    const char *dot = strrchr(path, '.');
    if (dot && !strchr(dot, '/'))
        for (size_t i = 0; i < sizeof types / sizeof *types; i++)
            if (!strcmp(dot, types[i][0])) return types[i][1];
    return "application/octet-stream";
}

/* Returns 0: what the HTTP callback returns (the reply goes out later). */
static int not_found(http_req *r)
{
    srv_err e = {0};
    reply_error(r, (srv_fail(&e, 404, "not_found", "not found"), &e));
    return 0;
}

/* A regular file, with the security headers; lws sends it at writable
 * callbacks. Returns what the HTTP callback returns. */
static int send_file(http_req *r, const char *path, const char *mime)
{
    unsigned char extra[1536], *p = extra, *end = extra + sizeof extra;
    if (add_security_headers(r->wsi, &p, end)) return -1;
    struct stat sb;
    if (stat(path, &sb) == 0) srv_oplog_sent((size_t)sb.st_size);
    r->status = 200;
    int n = lws_serve_http_file(r->wsi, path, mime, (const char *)extra, (int)(p - extra));
    if (n < 0) return -1;
    if (n > 0 && lws_http_transaction_completed(r->wsi)) return -1;
    return 0;
}

/* A path under a root that names a regular file; 0 if none. */
static int file_under(const char *root, const char *rel, char *path, size_t n)
{
    struct stat sb;
    if (strstr(rel, "..") || (size_t)snprintf(path, n, "%s/%s", root, rel) >= n) return 0;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        size_t len = strlen(path);
        if (len + 12 >= n) return 0;
        snprintf(path + len, n - len, "%sindex.html", path[len - 1] == '/' ? "" : "/");
    }
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* Outside /api/: only GET and HEAD. /vendor/preact/... and /vendor/htm/...:
 * the UI's two libraries; /rules/ys.md and /rules/splendor.md: the rules
 * reference (docs/rules/, next to web/) the browser quotes; else web/. */
static int static_request(http_req *r)
{
    char path[1024];
    srv_err e = {0};
    if (r->method != M_GET && r->method != M_HEAD) {
        reply_error(r, (srv_fail(&e, 405, "bad_method", "only GET and HEAD here"), &e));
        return 0;
    }
    const char *uri = r->uri;
    if (!strncmp(uri, "/vendor/", 8)) {
        const char *rel = uri + 8;
        if ((strncmp(rel, "preact/", 7) != 0 && strncmp(rel, "htm/", 4) != 0) ||
            !file_under(cfg->vendor_root, rel, path, sizeof path))
            return not_found(r);
        return send_file(r, path, "text/javascript");
    }
    if (!strncmp(uri, "/rules/", 7)) {
        char root[1024];
        const char *name = uri + 7;
        if ((strcmp(name, "ys.md") != 0 && strcmp(name, "splendor.md") != 0) ||
            (size_t)snprintf(root, sizeof root, "%s/../docs/rules", cfg->web_root) >= sizeof root ||
            !file_under(root, name, path, sizeof path))
            return not_found(r);
        return send_file(r, path, mime_of(path));
    }
    if (!file_under(cfg->web_root, uri + 1, path, sizeof path)) return not_found(r);
    return send_file(r, path, mime_of(path));
}

/* /api/ requests are refused once the server stops (health.c, the drain),
 * else served to their end before it closes: the drain is left once the
 * reply has been written (req_reset), not when it is queued, so a stop never
 * cuts the reply of a move already stored. */
static void api_dispatch(http_req *r)
{
    srv_err e = {0};
    if (srv_drain_enter() != 0) {
        reply_error(r, (srv_fail(&e, 503, "stopping", "the server is stopping; nothing was done"), &e));
        return;
    }
    api_request(r);
    if (r->head) r->drain_held = 1;
    else srv_drain_leave();
}

/* Answers a whole request and writes its line in the log (oplog.c; the
 * path lws gives has no query string, so no token is logged). */
static int dispatch(http_req *r)
{
    static const char *const names[] = {"GET", "POST", "HEAD", "OTHER"};
    srv_oplog_begin();
    r->status = 0;
    int rc = 0;
    if (!strcmp(r->uri, "/healthz") && r->method == M_GET) { /* health.c: no limit, no drain */
        int status;
        cJSON *o = srv_health_json(&status);
        reply_json(r, status, o);
    } else if (!strncmp(r->uri, "/api/", 5)) {
        api_dispatch(r);
    } else {
        rc = static_request(r);
    }
    char who[SRV_ADDR_KEY];
    client_key(r->wsi, who);
    srv_oplog_request(names[r->method], r->uri, r->status ? r->status : 500, who);
    return rc;
}

/* The request's headers are in: answer now, or once its body is in. */
static int request_begin(http_req *r, const char *uri)
{
    req_reset(r);
    snprintf(r->uri, sizeof r->uri, "%s", uri);
    r->method = method_of(r->wsi);
    char cl[32];
    long long len = atoll(header(r->wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH, cl, sizeof cl));
    if (len > 0) {
        r->has_body = 1;
        return 0; /* request_end at LWS_CALLBACK_HTTP_BODY_COMPLETION */
    }
    return dispatch(r);
}

/* A piece of a request body: kept up to the limit, the rest only counted
 * (and answered 413 once it is in, so the connection stays usable). */
static void request_body(http_req *r, const char *in, size_t len)
{
    if (!r->has_body) return;
    if (r->body_seen + len <= SRV_MAX_MESSAGE) {
        if (!r->body) r->body = malloc(SRV_MAX_MESSAGE + 1);
        if (r->body) {
            memcpy(r->body + r->body_n, in, len);
            r->body_n += len;
        }
    }
    r->body_seen += len;
}

static int request_end(http_req *r)
{
    if (!r->has_body) return 0;
    r->has_body = 0;
    return dispatch(r);
}

/* ------------------------------------------------------------ /ws */

struct ws_client {
    srv_conn c;
    struct lws *wsi;
    srv_outq *out; /* every frame to this client goes through it (outq.c) */
    srv_bucket bucket;
    int drops;
    char token[SRV_TOKEN_HEX + 1];
    char who[SRV_ADDR_KEY]; /* client key: counted in srv_addr_conns */
    /* the message being received */
    char *msg;      /* allocated only while a message arrives */
    size_t msg_n, msg_seen;
    int in_msg, binary;
};

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

/* The upgrade: refused (the connection closed) for another path, a page
 * from another origin, or an address that holds its share. */
static int ws_allowed(struct lws *wsi)
{
    char uri[64], who[SRV_ADDR_KEY];
    header(wsi, WSI_TOKEN_GET_URI, uri, sizeof uri);
    client_key(wsi, who);
    return !strcmp(uri, "/ws") && origin_allowed(wsi) &&
           srv_addr_conns(who, 0) < cfg->ws_per_addr;
}

static ws_client *ws_open(struct lws *wsi)
{
    ws_client *w = calloc(1, sizeof *w);
    if (w && !(w->out = srv_outq_new(wsi))) {
        free(w);
        w = NULL;
    }
    if (!w) return NULL;
    w->c.seat = GG_SPECTATOR;
    w->c.send = ws_send;
    w->wsi = wsi;
    w->c.handle = w;
    client_key(wsi, w->who);
    srv_addr_conns(w->who, +1);
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "type", "hello");
    cJSON_AddStringToObject(m, "server", "gemgames " GG_VERSION);
    cJSON_AddNumberToObject(m, "max_message", SRV_MAX_MESSAGE);
    ws_json(w, m);
    return w;
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

/* {"type":"name","name":N}: the joined seat's display name. */
static void ws_name(ws_client *w, const cJSON *m)
{
    srv_err e = {0};
    if (!w->c.table) srv_fail(&e, 400, "not_joined", "join a table first");
    else if (w->c.seat < 0) srv_fail(&e, 403, "spectator", "spectators give their name with each chat message");
    else if (srv_table_set_name(w->c.table, w->c.seat, w->token, json_str(m, "name"), &e) == 0) {
        cJSON *ack = cJSON_CreateObject();
        cJSON_AddStringToObject(ack, "type", "name_ack");
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(m, "id");
        if (id) cJSON_AddItemToObject(ack, "id", cJSON_Duplicate(id, 1));
        ws_json(w, ack);
    }
    if (e.code) ws_error(w, &e, cJSON_GetObjectItemCaseSensitive(m, "id"));
}

/* {"type":"chat","text":T[,"name":N]}: a message to the joined table. */
static void ws_chat(ws_client *w, const cJSON *m)
{
    srv_err e = {0};
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(m, "id");
    int index = -1;
    if (!w->c.table) srv_fail(&e, 400, "not_joined", "join a table first");
    else if (w->c.seat >= 0 && srv_table_check_seat(w->c.table, w->c.seat, w->token, &e) != 0)
        ; /* e filled: the seat went to a bot meanwhile */
    else
        srv_chat_post(w->c.table, w->c.seat, json_str(m, "name"), json_str(m, "text"),
                      &w->c.chat, &index, &e);
    if (e.code) {
        ws_error(w, &e, id);
        return;
    }
    cJSON *ack = cJSON_CreateObject();
    cJSON_AddStringToObject(ack, "type", "chat_ack");
    if (id) cJSON_AddItemToObject(ack, "id", cJSON_Duplicate(id, 1));
    cJSON_AddNumberToObject(ack, "i", index);
    ws_json(w, ack);
}

/* {"type":"undo"} and {"type":"rematch"} for the joined seat (issue 21). */
static void ws_undo(ws_client *w, const cJSON *m)
{
    srv_err e = {0};
    int moves = 0;
    if (!w->c.table) srv_fail(&e, 400, "not_joined", "join a table first");
    else if (w->c.seat < 0) srv_fail(&e, 403, "spectator", "spectators cannot undo");
    else srv_table_undo(w->c.table, w->c.seat, w->token, &moves, &e);
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(m, "id");
    if (e.code) {
        ws_error(w, &e, id);
        return;
    }
    cJSON *ok = cJSON_CreateObject();
    cJSON_AddStringToObject(ok, "type", "undone");
    if (id) cJSON_AddItemToObject(ok, "id", cJSON_Duplicate(id, 1));
    cJSON_AddNumberToObject(ok, "moves", moves);
    ws_json(w, ok);
}

static void ws_rematch(ws_client *w, const cJSON *m)
{
    srv_err e = {0};
    cJSON *r = NULL;
    if (!w->c.table) srv_fail(&e, 400, "not_joined", "join a table first");
    else if (w->c.seat < 0)
        srv_fail(&e, 403, "spectator", "only the players seated here may offer or accept a rematch");
    else r = srv_table_rematch(w->c.table, w->c.seat, w->token, w->who, &e);
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(m, "id");
    if (!r) {
        ws_error(w, &e, id);
        return;
    }
    if (id) cJSON_AddItemToObject(r, "id", cJSON_Duplicate(id, 1));
    ws_json(w, r);
}

/* "hint" / "analysis": asked for the connection's own seat; the answer comes
 * later as {"type":"hint"} / {"type":"analysis"} (advice.c). */
static void ws_advice(ws_client *w, const cJSON *m, int kind)
{
    srv_err e = {0};
    if (!w->c.table) srv_fail(&e, 400, "not_joined", "join a table first");
    else if (w->c.seat < 0) srv_fail(&e, 403, "spectator", "hints are for a seat, not a spectator");
    else if (srv_table_check_seat(w->c.table, w->c.seat, w->token, &e) == 0)
        srv_advice_request(w->c.table, w->c.seat, kind, &e);
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
    else if (!strcmp(type, "chat")) ws_chat(w, m);
    else if (!strcmp(type, "name")) ws_name(w, m);
    else if (!strcmp(type, "undo")) ws_undo(w, m);
    else if (!strcmp(type, "rematch")) ws_rematch(w, m);
    else if (!strcmp(type, "hint")) ws_advice(w, m, SRV_ADVICE_HINT);
    else if (!strcmp(type, "analysis")) ws_advice(w, m, SRV_ADVICE_ANALYSIS);
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

/* A whole message has arrived (or been skipped): answer it. 0, or -1 to
 * hang up on a flood. */
static int ws_message_end(ws_client *w, int too_large)
{
    srv_err e = {0};
    if (!srv_bucket_take(&w->bucket, cfg->rate, cfg->burst)) {
        if (++w->drops > 200) return -1; /* a flood that does not stop: hang up */
        if (w->drops == 1 || w->drops % 20 == 0)
            ws_error(w, (srv_fail(&e, 429, "rate_limited",
                                  "too many messages; this one was ignored"), &e), NULL);
        return 0;
    }
    w->drops = 0;
    if (too_large)
        srv_fail(&e, 413, "too_large", "messages are limited to %d bytes", SRV_MAX_MESSAGE);
    else if (w->binary)
        srv_fail(&e, 400, "bad_frame", "send each message as a text frame");
    else if (srv_drain_enter() != 0)
        srv_fail(&e, 503, "stopping", "the server is stopping; nothing was done");
    if (e.code) {
        ws_error(w, &e, NULL);
        return 0;
    }
    ws_message(w, w->msg ? w->msg : "", w->msg_n);
    srv_drain_leave();
    return 0;
}

/* A piece of a message (lws hands frames over as they arrive, in pieces of
 * at most the protocol's rx_buffer_size): kept up to the limit. A message
 * whose first frame declares more than WS_HANG_UP_OVER is refused from its
 * header: the connection is closed before its payload is read. -1: close. */
static int ws_receive(struct lws *wsi, ws_client *w, const char *in, size_t len)
{
    srv_outq_heard(w->out);
    if (srv_outq_dropped(w->out)) return -1; /* fell behind or idle: goodbye */
    if (!w->in_msg) {
        w->in_msg = 1;
        w->msg_n = w->msg_seen = 0;
        w->binary = lws_frame_is_binary(wsi);
    }
    w->msg_seen += len;
    if (w->msg_seen + lws_remaining_packet_payload(wsi) > WS_HANG_UP_OVER) {
        static const char why[] = "too_large";
        lws_close_reason(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, (unsigned char *)why,
                         sizeof why - 1);
        return -1;
    }
    int too_large = w->msg_seen + lws_remaining_packet_payload(wsi) > SRV_MAX_MESSAGE;
    if (!too_large && !w->binary) {
        if (!w->msg && !(w->msg = malloc(SRV_MAX_MESSAGE + 1))) return -1;
        memcpy(w->msg + w->msg_n, in, len);
        w->msg_n += len;
    }
    if (!lws_is_final_fragment(wsi)) return 0;
    w->in_msg = 0;
    int r = ws_message_end(w, too_large);
    free(w->msg); /* an idle connection holds no buffer */
    w->msg = NULL;
    w->msg_n = 0;
    return r;
}

static void ws_close(ws_client *w)
{
    if (!w) return;
    srv_oplog_begin(); /* a WebSocket's line when it closes (its time is not kept) */
    srv_oplog_request("GET", "/ws", 101, w->who);
    srv_table_unsubscribe(&w->c); /* no push reaches w after this */
    srv_outq_free(w->out);
    srv_addr_conns(w->who, -1);
    free(w->msg);
    free(w);
}

/* ------------------------------------------------------------ lws */

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    http_req *r = user;
    switch (reason) {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED: /* a push (outq.c) or the stop */
        srv_outq_wake_all();
        return 0;
    case LWS_CALLBACK_HTTP:
        r->wsi = wsi;
        return request_begin(r, in);
    case LWS_CALLBACK_HTTP_BODY:
        request_body(r, in, len);
        return 0;
    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        return request_end(r);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return r && r->head ? reply_write(r) : 0;
    case LWS_CALLBACK_CLOSED_HTTP:
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
        if (r) req_reset(r);
        return 0;
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return ws_allowed(wsi) ? 0 : 1;
    case LWS_CALLBACK_ESTABLISHED:
        req_reset(r);
        r->wsi = wsi;
        r->ws = ws_open(wsi);
        return r->ws ? 0 : -1;
    case LWS_CALLBACK_RECEIVE:
        return r->ws ? ws_receive(wsi, r->ws, in, len) : -1;
    case LWS_CALLBACK_RECEIVE_PONG:
        if (r->ws) srv_outq_heard(r->ws->out);
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        if (!r->ws || srv_outq_write(r->ws->out) != 0) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_GOINGAWAY, NULL, 0);
            return -1;
        }
        return 0;
    case LWS_CALLBACK_CLOSED:
        ws_close(r->ws);
        r->ws = NULL;
        return 0;
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

static const struct lws_protocols protocols[] = {
    /* the first protocol takes plain HTTP and WebSockets that name none */
    {"gemgames", callback, sizeof(http_req), 4096, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

static void log_line(int level, const char *line)
{
    (void)level;
    if (!cfg->quiet) fprintf(stderr, "gemgames serve: lws: %s", line);
}

static void *service(void *arg)
{
    (void)arg;
    while (!stopping)
        if (lws_service(ctx, 0) < 0) break;
    return NULL;
}

/* --host as lws wants it: a numeric address (a name such as "localhost" is
 * looked up; lws would take it for an interface name). 0, or -1. */
static int numeric_host(const char *host, char *out, size_t n, int *v4)
{
    struct addrinfo hints, *ai = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    if (getaddrinfo(host, NULL, &hints, &ai) != 0 || !ai) return -1;
    const void *a = ai->ai_family == AF_INET6
                        ? (const void *)&((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr
                        : (const void *)&((struct sockaddr_in *)ai->ai_addr)->sin_addr;
    *v4 = ai->ai_family == AF_INET;
    int ok = inet_ntop(ai->ai_family, a, out, (socklen_t)n) != NULL;
    freeaddrinfo(ai);
    return ok ? 0 : -1;
}

int srv_http_start(const srv_config *c, char *err)
{
    cfg = c;
    stopping = 0;
    srv_csp_header(c->web_root, csp_value, sizeof csp_value);
    /* csp.c gives the whole header line: keep the value */
    const char *colon = strchr(csp_value, ':');
    if (colon) memmove(csp_value, colon + 2, strlen(colon + 2) + 1);
    lws_set_log_level(c->quiet ? 0 : LLL_ERR, log_line);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    char host[INET6_ADDRSTRLEN];
    int v4 = 0;
    if (c->host && numeric_host(c->host, host, sizeof host, &v4) != 0) {
        snprintf(err, STORE_ERR, "could not listen on %s: no such address", c->host);
        return -1;
    }
    info.port = c->port;
    info.iface = c->host ? host : NULL;
    info.protocols = protocols;
    info.gid = -1;
    info.uid = -1;
    info.options = c->host && v4 ? LWS_SERVER_OPTION_DISABLE_IPV6 : 0;
    info.timeout_secs = 10;     /* a request must arrive whole within 10 s */
    info.keepalive_timeout = 5; /* an idle kept-alive HTTP connection */
    info.max_http_header_pool = 0; /* header space for every connection that needs it */
    info.max_http_header_data = 8192;
    ctx = lws_create_context(&info);
    vhost = ctx ? lws_get_vhost_by_name(ctx, "default") : NULL;
    if (!ctx || !vhost || lws_get_vhost_listen_port(vhost) <= 0) {
        char where[80];
        snprintf(where, sizeof where, "%s:%d", c->host ? c->host : "*", c->port);
        snprintf(err, STORE_ERR, "could not listen on %s (port in use?)", where);
        if (ctx) lws_context_destroy(ctx);
        ctx = NULL;
        return -1;
    }
    srv_outq_attach(ctx);
    if (pthread_create(&service_thread, NULL, service, NULL) != 0) {
        srv_outq_attach(NULL);
        lws_context_destroy(ctx);
        ctx = NULL;
        snprintf(err, STORE_ERR, "no thread for the server");
        return -1;
    }
    return 0;
}

int srv_http_port(void) { return vhost ? lws_get_vhost_listen_port(vhost) : -1; }

void srv_http_stop(void)
{
    if (!ctx) return;
    stopping = 1;
    lws_cancel_service(ctx);
    pthread_join(service_thread, NULL);
    srv_outq_attach(NULL);
    lws_context_destroy(ctx); /* closes every connection: each leaves its table */
    ctx = NULL;
    vhost = NULL;
}
