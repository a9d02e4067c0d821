/*
 * server.h — internal to `gemgames serve` (docs/server.md).
 *
 *   serve.c        command line, start-up (restore by replay), shutdown
 *   http.c         libwebsockets: HTTP API, static files, WebSocket protocol
 *   tables.c       tables, seats, tokens; the one path every move takes
 *                  (validate → store → acknowledge → push views)
 *   bots.c         bot workers: a timed queue of tables where a bot is to act
 *   botlist.c      the bots a client may ask for (built-ins with bounded
 *                  budgets, operator-named engines); nothing else runs
 *   guard.c        checks on bytes before anything parses them (JSON depth,
 *                  UTF-8) and client addresses (exact, IPv6 /64, proxies)
 *   util.c         tokens from getrandom, rate limits, clocks
 *   people.c       display names (untrusted text, checked), the lobby of
 *                  public tables, taking a free seat, "my tables" status
 *   chat.c         each table's chat: checked, rate-limited, stored, pushed
 *   clock.c        time controls: each seat's clock, derived from move times
 *   store.h        the storage interface (store_sqlite.c, store_pg.c)
 *   sync.c         several servers on one database: catching a table up
 *                  with other servers' moves, bot move claims, notifications
 *
 * Nothing that leaves the server is made from gg_state_json: a client gets
 * gg_view_json for its seat, its own legal moves and gg_action_announce lines.
 */
#ifndef GG_SERVER_H
#define GG_SERVER_H

#include <cjson/cJSON.h>
#include <pthread.h>
#include <stdint.h>

#include "gemgames.h"
#include "store.h"

enum {
    SRV_TOKEN_HEX = 32,        /* 128 random bits */
    SRV_ID_HEX = 12,           /* table ids: 48 random bits, public */
    SRV_MAX_MESSAGE = 16384,   /* largest WebSocket message / request body */
    SRV_MAX_BOT_SPEC = 64,
    SRV_MAX_DEPTH = 16,        /* deepest JSON nesting accepted from a client */
    SRV_MAX_LIST = 16,         /* --allowed-origin, --trusted-proxy entries */
    SRV_ADDR_KEY = 64,         /* a client address key: exact IPv4, IPv6 /64 */
    SRV_NAME_CHARS = 24,       /* a display name: 1 to 24 characters */
    SRV_NAME_BYTES = SRV_NAME_CHARS * 4 + 1,
    SRV_CHAT_CHARS = 500,      /* a chat message: 1 to 500 characters */
    SRV_CHAT_BYTES = SRV_CHAT_CHARS * 4 + 1,
    SRV_PLAYER_HEX = 16        /* a player id: 64 random bits, stored, not sent */
};

/* An error for a client: a stable code, an HTTP status and a sentence. */
typedef struct srv_err {
    int http;
    const char *code; /* "bad_json", "unknown_table", "bad_token", ... */
    char msg[240];    /* English, for API clients; the browser shows its own
                         sentence for the code (web/js/errors.js) */
    const char *reason; /* NULL, or which of the code's cases: "empty", ... */
    int count, max;     /* the reason's numbers (0: none), as "params" */
    int min;            /* a range's low end (srv_fail_range), as "params" */
} srv_err;

int srv_fail(srv_err *e, int http, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* After srv_fail: the case of the code and its numbers, sent as "reason"
 * and "params": {"count", "max"} so that a page can say it in its own
 * language. Returns -1. */
int srv_fail_reason(srv_err *e, const char *reason, int count, int max);
/* After srv_fail: a range the value must be in, sent as "reason" (may be
 * NULL) and "params": {"min", "max"} (the players a game seats: the page
 * says "2 to 4 players" in its own language). Returns -1. */
int srv_fail_range(srv_err *e, const char *reason, int min, int max);

typedef struct srv_config {
    const char *host;         /* NULL: every interface */
    int port;                 /* 0: any free port */
    const char *db_path;
    const char *web_root;     /* web/ */
    const char *vendor_root;  /* node_modules/ (preact, htm) */
    int threads;              /* accepted for old command lines; one service thread serves all */
    int bot_threads;
    int bot_delay_ms;         /* pause before a bot moves, so people can follow */
    double rate;              /* messages per second per connection/address; 0: off */
    double burst;
    long bot_max_ms;          /* most an ismcts bot may think (clients' specs) */
    long bot_max_iters;
    const char *engines_file; /* name=command lines: external engines clients may name */
    const char *origins[SRV_MAX_LIST]; /* pages allowed to open WebSockets */
    int n_origins;                     /* 0: same origin as the Host header */
    const char *proxies[SRV_MAX_LIST]; /* addresses whose X-Forwarded-For counts */
    int n_proxies;
    int tables_per_addr;      /* live tables one creator address may have */
    long expire_over_s;       /* finished tables go this long after their last move */
    long expire_idle_s;       /* unfinished tables with no move for this long go */
    long ws_idle_s;           /* a WebSocket silent this long (no pong either) is dropped */
    int ws_per_addr;          /* open WebSockets one client key may hold */
    int quiet;
    int log_json; /* --log-json: the request and table log as JSON lines */
} srv_config;

int cmd_serve(int argc, char **argv);
struct cli_spec;
extern const struct cli_spec srv_serve_spec; /* its options (common/opts.h) */

/* -------------------------------------------------------------- botlist */
int srv_botlist_init(const srv_config *cfg, char *err);
/* A client's (or the store's) bot spec: 0 and the gg_bot spec to run in
 * `run`, or -1 and a sentence in `why`. */
int srv_bot_allowed(const char *spec, char *run, size_t rn, char *why, size_t wn);
cJSON *srv_bot_offers(void); /* the specs /api/games lists */

/* -------------------------------------------------------------- choices */
/* GET /api/games/GAME/options: every value of every option of `game` for
 * the player count and options in `chosen`, each tried with gg_new. */
cJSON *srv_option_choices(const gg_game *game, const gg_options *chosen);

/* ---------------------------------------------------------------- guard */
/* 0 when `text` nests arrays/objects at most `max` deep (strings skipped);
 * checked before cJSON sees a client's bytes. */
int srv_json_depth_ok(const char *text, size_t len, int max);
/* 1 when the bytes are well-formed UTF-8 (RFC 3629: no overlongs, no
 * surrogates, nothing above U+10FFFF). */
int srv_utf8_ok(const char *text, size_t len);
/* Parses a client's JSON object after the depth check; NULL with e filled. */
cJSON *srv_parse_client_json(const char *text, size_t len, srv_err *e);
/* The rate-limit / creator key of a client: the exact IPv4 address, or the
 * /64 of an IPv6 one. `forwarded` (X-Forwarded-For, may be NULL) counts only
 * when `peer` is a configured trusted proxy: then its last address is used. */
void srv_client_key(const srv_config *cfg, const char *peer, const char *forwarded,
                    char key[SRV_ADDR_KEY]);

/* ------------------------------------------------------------------ util */
/* hex random from getrandom(2); out has room for 2*bytes+1. 0 or -1. */
int srv_random_hex(char *out, size_t bytes);
uint64_t srv_random_u64(void);
int srv_token_equal(const char *a, const char *b); /* constant time in the length */
double srv_now(void);                               /* monotonic seconds */

/* A token bucket: `rate` per second, at most `burst`. */
typedef struct srv_bucket {
    double tokens, last;
} srv_bucket;
/* 1 when one more message is allowed now (always, if rate <= 0). */
int srv_bucket_take(srv_bucket *b, double rate, double burst);
/* Per-address buckets for HTTP requests, keyed on the exact key (never
 * shared by two addresses); idle buckets are forgotten. */
int srv_addr_allow(const char *key, double rate, double burst);
/* Adds delta to the open WebSockets of a client key; returns the count. */
int srv_addr_conns(const char *key, int delta);

/* --------------------------------------------------------------- tables */
typedef struct srv_conn srv_conn;
typedef struct srv_table srv_table;

/* A subscriber (a WebSocket joined to a table as a seat or spectator).
 * `send` queues one text frame and never blocks: it is called with the
 * table locked, and the socket write happens elsewhere (outq.c). */
struct srv_conn {
    void *handle;
    int (*send)(void *handle, const char *text, size_t len);
    srv_table *table;
    int seat;      /* GG_SPECTATOR for spectators */
    int log_sent;  /* log lines this connection has received */
    int ev_sent;   /* events this connection has received (tables.c) */
    int ev_all;    /* it has had every event unmasked (the game is over) */
    srv_bucket chat; /* chat messages from this connection (chat.c) */
    srv_conn *next;
};

int srv_tables_init(store *st, const srv_config *cfg, char *err);
void srv_tables_shutdown(void);
int srv_table_count(void);

/* POST /api/tables: creates from a request by `creator` (a client key);
 * returns the reply object. */
cJSON *srv_table_create(const cJSON *req, const char *creator, srv_err *e);
/* Deletes tables past the expiry rules (run every second by serve.c). */
void srv_tables_expire(void);
/* Set once a write to the store failed: no move is acknowledged after it,
 * and serve.c exits non-zero. */
int srv_store_failed(void);
const char *srv_store_error(void);
/* The table with this id, or NULL. Tables are never freed while serving. */
srv_table *srv_table_find(const char *id);
const char *srv_table_id(const srv_table *t);

/* Public description of one table / all tables (the start page's list). */
cJSON *srv_table_info(srv_table *t);
/* The printed data of a game's cards as JSON (malloc'd; NULL: no such game). */
char *srv_printed_json(const char *game_name);
cJSON *srv_tables_list(void);

/* Checks `token` for `seat`; GG_SPECTATOR needs none. 0 or -1 with e. */
int srv_table_check_seat(srv_table *t, int seat, const char *token, srv_err *e);

/* The one path of a move: parse, validate, store, then push. On success
 * fills *index (the move's number) and canon (its notation). */
int srv_table_act(srv_table *t, int seat, const char *text, int *index,
                  char canon[GG_MAX_NOTATION], srv_err *e);

/* The "state" message for a seat (view, its own legal moves, log lines from
 * log_from on). Caller deletes. */
cJSON *srv_table_state(srv_table *t, int seat, int log_from);

/* Joins/leaves a connection (sends it the full state on join). */
void srv_table_subscribe(srv_table *t, srv_conn *c);
void srv_table_unsubscribe(srv_conn *c);

/* Hands a seat to a bot for good. `token` must be that seat's or the admin's. */
int srv_table_to_bot(srv_table *t, int seat, const char *token, const char *spec, srv_err *e);

/* Undo against bots (issue 21): back to before seat's last move and the
 * bots' replies, never across a move that revealed something or drew
 * chance (gg_action_reveals), only where every other seat is a bot.
 * *moves: the moves left. */
int srv_table_undo(srv_table *t, int seat, const char *token, int *moves, srv_err *e);
/* Rematch (issue 21): once the game is over a seated person offers (the new
 * table is made: same game, options, seats, clock; bots stay bots) or
 * accepts; the reply carries that seat's token at the new table. */
cJSON *srv_table_rematch(srv_table *t, int seat, const char *token, const char *creator,
                         srv_err *e);

/* GET /api/tables/ID/record (finished games only). */
char *srv_table_record(srv_table *t, srv_err *e);
/* GET /api/tables/ID/replay: view of `viewer` after `step` moves. */
cJSON *srv_table_replay(srv_table *t, int viewer, const char *token, int step, srv_err *e);

/* For the bot workers: if a bot is to act, chooses (without the table lock)
 * and plays one move. Returns 1 if it moved. */
int srv_table_bot_step(srv_table *t);

/* What sync.c needs from a table (tables.c); all with the table locked. */
int srv_table_moves_locked(const srv_table *t);
/* Applies stored move `index` (the next one) as a restore does; -1 when it
 * does not replay (the table is then broken, with the reason). */
int srv_table_apply_stored_locked(srv_table *t, int index, int seat, const char *text,
                                  int64_t ts_ms, int flags);
/* The stored seats (JSON): seats handed to a bot elsewhere become bots here;
 * people's names, tokens and open flags are copied. */
void srv_table_seats_stored_locked(srv_table *t, const char *seats);
/* The store's log is shorter than ours (an undo through another server):
 * back to `moves` moves, as the undo did there. */
void srv_table_truncate_stored_locked(srv_table *t, int moves);
/* The clock start and rematch as stored (set through another server). */
void srv_table_meta_stored_locked(srv_table *t, int64_t clock_start, const char *rematch,
                                  int rematch_seats);
/* Moves or seats came from the store: push every connection, wake bots. */
void srv_table_changed_locked(srv_table *t);
/* Reads a table another server created from the store and registers it
 * (NULL: no such table). */
srv_table *srv_table_fetch(const char *id);
/* The table if this server holds it (never read from the store). */
srv_table *srv_table_find_held(const char *id);
/* Another server deleted it from the store: it leaves the registry. */
void srv_table_forget(srv_table *t);
/* Calls fn on every registered table (not under the registry's lock). */
void srv_tables_each(void (*fn)(srv_table *t));

/* ----------------------------------------------------------------- sync */
/* sync.c: several servers on one database (a store with listen/read_tail).
 * With a single-server store every call is a no-op (shared() is 0). */
int srv_sync_init(store *st, const srv_config *cfg, char *err);
void srv_sync_stop(void); /* before the tables are freed */
int srv_sync_shared(void);
/* Reads the table's moves and seats newer than ours (table locked), applies
 * them and pushes them; -1 when the store could not be read. */
int srv_sync_catch_up_locked(srv_table *t);
/* 1 when this server may play bot move `index` of the table now; else 0
 * and *retry_s, when to ask again (another server holds the claim). */
int srv_sync_claim_bot(srv_table *t, int index, double *retry_s);
/* Reads the chat messages other servers stored after ours (table locked). */
int srv_sync_chat_catch_up_locked(srv_table *t);
void srv_sync_lost_race(void);  /* a move lost its index to another server's */
long srv_sync_races_lost(void); /* how many since start (GET /healthz) */
/* ------------------------------------------------- people (people.c) */
/* A display name or chat text from a client: valid UTF-8 (checked before
 * parsing), spaces trimmed at both ends, min..max characters (code points),
 * no control characters, no bidirectional overrides. Copies the cleaned text
 * to out; 0, or -1 with e (400 and `code`). */
int srv_text_clean(const char *in, int min_chars, int max_chars, char *out, size_t n,
                   const char *code, const char *what, srv_err *e);
int srv_name_clean(const char *in, char out[SRV_NAME_BYTES], srv_err *e);
/* `name` (clean), or when one of `others` (n names, "" or NULL: none) is the
 * same name but for ASCII letter case, the name with the first free suffix
 * " (2)", " (3)"... (cut to fit SRV_NAME_CHARS): unique at a table. */
void srv_name_unique(const char *const others[], int n, const char *name,
                     char out[SRV_NAME_BYTES]);

/* Seats and names (tables.c). A seat's player is a public id for whoever
 * holds it (its token is the credential): the hook for accounts later. */
int srv_table_set_name(srv_table *t, int seat, const char *token, const char *name, srv_err *e);
/* Takes an open seat of a public table: a new token is issued (the seat's
 * old invite stops working). Fills token (SRV_TOKEN_HEX + 1). */
int srv_table_take_seat(srv_table *t, int seat, const char *name, char *token, srv_err *e);
/* Lobby entry of a public table with an open seat (NULL: none). */
cJSON *srv_table_lobby_entry(srv_table *t);
cJSON *srv_tables_lobby(void);
/* "My tables": the public status of a seat holder's table, checked by token. */
cJSON *srv_table_seat_status(srv_table *t, int seat, const char *token, srv_err *e);
/* HTTP bodies of people.c: POST /api/tables/ID/take, POST /api/status. */
cJSON *srv_api_take(srv_table *t, const cJSON *req, srv_err *e);
cJSON *srv_api_status(const cJSON *req, srv_err *e);

/* Access for chat.c: the table's lock, its chat, a seat's name ("" if
 * none), a frame to every connection (table locked), the store. */
typedef struct srv_chat srv_chat;
void srv_table_lock(srv_table *t);
void srv_table_unlock(srv_table *t);
srv_chat *srv_table_chat_of(srv_table *t);
int srv_table_players(const srv_table *t);
int srv_table_gone(const srv_table *t);
const char *srv_table_name_locked(const srv_table *t, int seat);
void srv_table_send_all_locked(srv_table *t, const char *text, size_t len);
store *srv_tables_store(void);
int srv_tables_store_fail(srv_err *e, const char *err);
double srv_tables_chat_rate(void); /* 0: limits off (--rate 0) */

/* ------------------------------------------------------- chat (chat.c) */
enum { SRV_CHAT_KEEP = 200,     /* messages kept in memory and sent on join */
       SRV_CHAT_MAX = 5000 };   /* messages one table may store */
srv_chat *srv_chat_new(void);
void srv_chat_free(srv_chat *c);
/* A stored message, at restart (index order). */
int srv_chat_count(const srv_chat *c); /* messages the table has (the next index) */
/* A message another server stored (table locked): kept and pushed; -1 on
 * a gap or out of memory, 0 if already held. */
int srv_chat_stored_locked(srv_table *t, int index, int seat, const char *name,
                           const char *text, int64_t ts);
int srv_chat_restore(srv_chat *c, int index, int seat, const char *name, const char *text,
                     int64_t ts);
/* Posts a message from `seat` (GG_SPECTATOR: a watcher, who may give a
 * name); `bucket` is the sender's rate limit (NULL: checked by the caller).
 * Stored before it is pushed; fills *index. */
int srv_chat_post(srv_table *t, int seat, const char *name, const char *text,
                  srv_bucket *bucket, int *index, srv_err *e);
/* {"type":"chat","table","messages":[...],"history":true}: the last
 * messages, for a newcomer (table locked) or GET /api/tables/ID/chat. */
cJSON *srv_chat_history_locked(srv_table *t);
cJSON *srv_chat_history(srv_table *t);
/* ---------------------------------------------------------------- clock */
/* The time control of a table (clock.c; docs/server.md "Clocks"). */
enum { SRV_CLOCK_NONE, SRV_CLOCK_MOVE, SRV_CLOCK_BANK };
typedef struct srv_clock_cfg {
    int kind;
    int64_t move_ms;               /* SRV_CLOCK_MOVE: each turn */
    int64_t bank_ms, increment_ms; /* SRV_CLOCK_BANK: the start, added per turn */
    int timeouts;                  /* after this many the seat goes to a bot; 0 never */
} srv_clock_cfg;
typedef struct srv_clock {
    srv_clock_cfg cfg;
    int players;
    int64_t start_ms;                 /* unix ms the clocks started; 0 not yet */
    int64_t bank[GG_MAX_SEATS];       /* bank at the start of the current turn */
    int64_t turn_from[GG_MAX_SEATS];  /* unix ms the seat's turn began; 0 not to act */
    int timeouts[GG_MAX_SEATS];       /* moves the clock played for the seat in a row */
} srv_clock;
int64_t srv_wall_ms(void);
/* A creation request's "clock" (absent or null: none); 0 or -1 with e. */
int srv_clock_parse(const cJSON *o, srv_clock_cfg *c, srv_err *e);
cJSON *srv_clock_cfg_json(const srv_clock_cfg *c);
char *srv_clock_cfg_text(const srv_clock_cfg *c); /* "" for none; caller frees */
int srv_clock_cfg_load(const char *text, srv_clock_cfg *c);
/* Clocks at the start of a game whose first seats to act are `actors`
 * (start_ms is kept). */
void srv_clock_reset(srv_clock *k, const srv_clock_cfg *cfg, int players, const int *actors,
                     int n);
/* One move by `seat` at unix ms `at`, the seats to act before and after. */
void srv_clock_move(srv_clock *k, int seat, const int *before, int nb, const int *after, int na,
                    int64_t at, int flags);
int64_t srv_clock_remaining(const srv_clock *k, int seat, int64_t now);
/* Whether seat's clock runs: a person (bit in `people`) to act, the table
 * `playing` (not over, not broken), the clocks started. */
int srv_clock_running(const srv_clock *k, int seat, unsigned people, int playing);
/* A seat whose time is out (-1: none); *next_due the earliest deadline of a
 * running clock (unix ms; 0 none). */
int srv_clock_expired(const srv_clock *k, unsigned people, int playing, int64_t now,
                      int64_t *next_due);
/* The "clock" of state messages; NULL for a table without one. */
cJSON *srv_clock_json(const srv_clock *k, unsigned people, int playing, int64_t now);
/* Hints and post-game analysis (issue 27; advice.c queues, tables.c
 * computes). Allowed only for the one person at a table whose other seats
 * are all bots: a hint while that seat is to act, the analysis once the game
 * is over. 0, or -1 with e (403 advice_off, 409 not_your_turn / not_over). */
enum { SRV_ADVICE_HINT = 1, SRV_ADVICE_ANALYSIS = 2 };
int srv_table_advice_allowed(srv_table *t, int seat, int kind, srv_err *e);
/* Computes with the server's budget (never the client's) from the seat's
 * view only, and sends {"type":"hint"} or {"type":"analysis"} to every
 * connection of that seat. */
void srv_table_advise(srv_table *t, int seat, int kind);
int srv_advice_request(srv_table *t, int seat, int kind, srv_err *e);
int srv_advice_start(void);
void srv_advice_stop(void);

/* ----------------------------------------------------------------- bots */
int srv_bots_start(int threads, int delay_ms);
void srv_bots_stop(void);
/* Queues the table for a bot move (no-op if already queued). */
void srv_bots_schedule(srv_table *t);
void srv_bots_schedule_in(srv_table *t, double delay_s); /* or sooner, if queued */
/* Queues the table at unix ms `at_ms` (a clock's deadline), or moves its
 * place earlier if it waits for later. */
void srv_bots_schedule_at(srv_table *t, int64_t at_ms);
int srv_bots_queued(const srv_table *t); /* 1 while the table waits in the queue */

/* ----------------------------------------------------------------- outq */
/* A WebSocket's bounded outgoing queue (outq.c). */
typedef struct srv_outq srv_outq;
struct lws;
struct lws_context;
srv_outq *srv_outq_new(struct lws *wsi);
int srv_outq_push(srv_outq *q, const char *text, size_t len); /* -1: dropped */
void srv_outq_heard(srv_outq *q);  /* a frame arrived from the client */
int srv_outq_dropped(srv_outq *q); /* fell behind or went quiet */
void srv_outq_free(srv_outq *q);   /* service thread, at the close */
void srv_outq_attach(struct lws_context *ctx); /* whom a push wakes */
void srv_outq_wake_all(void);       /* service thread: writable callbacks asked */
int srv_outq_write(srv_outq *q);    /* service thread: one frame; -1 close */
int srv_outq_start(double idle_s, int quiet); /* the reaper of silent WebSockets */
void srv_outq_stop(void);
int srv_outq_dropped_count(void);
int srv_outq_busy(void); /* some WebSocket still has frames to write */

/* oplog.c: the request and table log on stderr (text or --log-json lines;
 * off with --quiet). A request: srv_oplog_begin when it starts,
 * srv_oplog_sent for the body bytes written, srv_oplog_request at its end,
 * all on the request's thread. A table event: seat, index -1 when none. */
void srv_oplog_init(const srv_config *cfg);
void srv_oplog_begin(void);
void srv_oplog_sent(size_t n);
void srv_oplog_request(const char *method, const char *path, int status, const char *client);
void srv_oplog_table(const char *table, const char *event, int seat, int index,
                     const char *detail);

/* health.c: GET /healthz; *status 200 while the store takes writes, else 503.
 * And the graceful stop: a request or WebSocket message that may change a
 * table runs between srv_drain_enter (-1 once stopping: refuse it, change
 * nothing) and srv_drain_leave (for an HTTP request, once its reply is
 * written); srv_drain_wait stops new ones, waits for those running and for
 * their acks to be written (at most max_s seconds). */
void srv_health_init(const srv_config *cfg);
cJSON *srv_health_json(int *status);
int srv_drain_enter(void);
void srv_drain_leave(void);
void srv_drain_wait(double max_s);

/* ----------------------------------------------------------------- http */
int srv_http_start(const srv_config *cfg, char *err);
/* "Content-Security-Policy: ..." for the pages under web_root (csp.c). */
void srv_csp_header(const char *web_root, char *out, size_t n);
int srv_http_port(void); /* the port actually listened on */
void srv_http_stop(void);

#endif
