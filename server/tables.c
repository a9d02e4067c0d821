/* tables.c — tables, seats and the one path every move takes.
 *
 * A table is game + options + seed + action log (a gg_record) plus seats:
 * each seat is a person (holding a secret token) or a bot. A move is parsed
 * and validated on a copy of the state, appended to the store, and only then
 * applied, acknowledged and pushed: each connection gets the view of its own
 * seat, its own legal moves, and the move announced as its seat may see it.
 * A table lives until the expiry rules delete it (srv_tables_expire): it then
 * leaves the registry and the store at once, and its memory is freed after a
 * grace period, so a request that found it a moment before still reads valid
 * memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server.h"
#include "bots/protocol.h" /* gg_proto_view_json: the printed card data */

typedef struct srv_seat {
    int bot; /* 1: a bot plays this seat */
    char spec[SRV_MAX_BOT_SPEC];
    char token[SRV_TOKEN_HEX + 1]; /* people only */
    gg_bot *b;
    char name[SRV_NAME_BYTES];       /* people: the display name they chose, "" none */
    char player[SRV_PLAYER_HEX + 1]; /* people: who holds the seat (stored, not sent) */
    int open;                        /* a free seat of a public table (the lobby) */
} srv_seat;

struct srv_table {
    char id[SRV_ID_HEX + 1];
    char admin[SRV_TOKEN_HEX + 1];
    char creator[SRV_ADDR_KEY]; /* who created it (per-address cap) */
    int64_t created, last_move; /* unix seconds */
    int seed_chosen;            /* the creator gave the seed: shown to everyone */
    double gone_at;             /* expired: when it left the registry (srv_now) */
    const gg_game *game;
    uint64_t seed;
    int players;
    srv_seat seats[GG_MAX_SEATS];
    gg_state *state;
    gg_record *rec;
    gg_events *ev; /* every move's events, made by gg_apply_events */
    int *ev_at;    /* ev_at[i]: events before move i (moves + 1 entries) */
    int ev_at_cap;
    int broken; /* its stored log did not replay; read-only */
    char broken_reason[STORE_ERR];
    int bot_busy;
    int is_public;   /* its open seats are listed in the lobby */
    srv_chat *chat;  /* chat.c */
    pthread_mutex_t mu;
    srv_conn *conns;
    srv_table *hnext;
    /* issue 21: clocks, the game-length rule, undo, rematch */
    srv_clock clock;        /* clock.c: derived from the moves' times */
    int64_t *move_ms;       /* each move's time (unix ms) */
    unsigned char *move_flags; /* STORE_MOVE_TIMEOUT: the clock played it */
    int move_cap;
    unsigned arrived;       /* person seats that came to the table (clock start) */
    unsigned gen;           /* bumped by an undo: a bot's older thought is dropped */
    int adjudicated;        /* ended by the game-length rule G-1 (only bots left) */
    char rematch[SRV_ID_HEX + 1]; /* the rematch's table, "" none */
    int rematch_seats;      /* bit k: seat k moved over */
    char *seats_text;       /* the seats as this server last read or wrote them in the
                             * store: what a conditional seats update compares */
};

enum { HASH_SLOTS = 8192, GRACE_S = 600 };
static struct {
    pthread_mutex_t mu;
    srv_table **all;
    int n, cap;
    srv_table *hash[HASH_SLOTS];
    srv_table **gone; /* expired, freed GRACE_S after they left */
    int n_gone, cap_gone;
    double next_sweep;
    store *st;
    const srv_config *cfg;
    volatile int store_failed;
    char store_error[STORE_ERR];
} reg = {PTHREAD_MUTEX_INITIALIZER};

/* A store write failed: the store refuses every later write too, so no move
 * is acknowledged from now on; serve.c sees the flag and exits non-zero. */
static int store_fail(srv_err *e, const char *err)
{
    if (!reg.store_failed && reg.st->ops->failure(reg.st)) {
        fprintf(stderr, "gemgames serve: %s\n", err);
        snprintf(reg.store_error, sizeof reg.store_error, "%s", err);
        reg.store_failed = 1;
    }
    return srv_fail(e, 503, "storage", "%s", err);
}

int srv_store_failed(void) { return reg.store_failed; }
const char *srv_store_error(void) { return reg.store_error; }

/* Over by the game's rules, or by the game-length rule G-1. */
static int table_over(const srv_table *t)
{
    return t->adjudicated || gg_is_over(t->state);
}

static char *result_text(const srv_table *t)
{
    if (!t->adjudicated) return gg_is_over(t->state) ? gg_result_json(t->state) : NULL;
    gg_result r;
    gg_result_adjudicate(t->state, &r); /* rule G-1: scored as it stands */
    cJSON *o = cJSON_CreateObject();
    cJSON_AddBoolToObject(o, "over", 1);
    cJSON_AddItemToObject(o, "score", cJSON_CreateIntArray((const int *)r.score, r.players));
    cJSON_AddItemToObject(o, "rank", cJSON_CreateIntArray(r.rank, r.players));
    cJSON_AddNumberToObject(o, "winners", r.winners);
    cJSON_AddBoolToObject(o, "adjudicated", 1);
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return text;
}

/* issue 21 (clocks, rule G-1, undo, rematch): defined further down */
static int moves_reserve(srv_table *t, int n);
static void moved_issue21(srv_table *t, int seat, const int *before, int nb, int64_t at,
                          int flags);
static void info_issue21(srv_table *t, cJSON *o);
static void mark_line(const srv_table *t, cJSON *l, int i, int seat);
static void clock_schedule(srv_table *t);
static int clock_timed_out(const srv_table *t);
static gg_bot *clock_stand_in(const srv_table *t, int seat);
static int seat_arrives(srv_table *t, int seat);
static int hand_over_locked(srv_table *t, int seat, const char *spec, srv_err *e);
static void length_rule(srv_table *t);
static void push_all(srv_table *t, char lines[][GG_MAX_NOTATION], int mover);

static unsigned hash_id(const char *id)
{
    unsigned h = 5381;
    for (; *id; id++) h = h * 33 + (unsigned char)*id;
    return h % HASH_SLOTS;
}

const char *srv_table_id(const srv_table *t) { return t->id; }

int srv_table_count(void)
{
    pthread_mutex_lock(&reg.mu);
    int n = reg.n;
    pthread_mutex_unlock(&reg.mu);
    return n;
}

static srv_table *find_local(const char *id)
{
    pthread_mutex_lock(&reg.mu);
    srv_table *t = reg.hash[hash_id(id)];
    while (t && strcmp(t->id, id) != 0) t = t->hnext;
    pthread_mutex_unlock(&reg.mu);
    return t;
}

srv_table *srv_table_find_held(const char *id) { return id ? find_local(id) : NULL; }

srv_table *srv_table_find(const char *id)
{
    if (!id) return NULL;
    srv_table *t = find_local(id);
    /* several servers: another one may have created it (sync.c) */
    if (!t && srv_sync_shared() && strlen(id) == SRV_ID_HEX &&
        strspn(id, "0123456789abcdef") == SRV_ID_HEX)
        t = srv_table_fetch(id);
    return t;
}

/* -1 out of memory, 1 a table with this id is there already (two threads
 * fetched it from the store at once: the caller frees its copy). */
static int register_table(srv_table *t)
{
    pthread_mutex_lock(&reg.mu);
    for (srv_table *o = reg.hash[hash_id(t->id)]; o; o = o->hnext)
        if (!strcmp(o->id, t->id)) {
            pthread_mutex_unlock(&reg.mu);
            return 1;
        }
    if (reg.n == reg.cap) {
        int cap = reg.cap ? reg.cap * 2 : 256;
        srv_table **a = realloc(reg.all, (size_t)cap * sizeof *a);
        if (!a) {
            pthread_mutex_unlock(&reg.mu);
            return -1;
        }
        reg.all = a;
        reg.cap = cap;
    }
    reg.all[reg.n++] = t;
    unsigned h = hash_id(t->id);
    t->hnext = reg.hash[h];
    reg.hash[h] = t;
    pthread_mutex_unlock(&reg.mu);
    return 0;
}

static void table_free(srv_table *t)
{
    if (!t) return;
    for (int i = 0; i < GG_MAX_SEATS; i++) gg_bot_free(t->seats[i].b);
    gg_free(t->state);
    gg_record_free(t->rec);
    gg_events_free(t->ev);
    free(t->ev_at);
    srv_chat_free(t->chat);
    free(t->move_ms);
    free(t->move_flags);
    free(t->seats_text);
    pthread_mutex_destroy(&t->mu);
    free(t);
}

/* ------------------------------------------------------------ events */

/* Notes where move `moves` ends in the event list (ev_at[moves]). */
static int events_mark(srv_table *t, int moves)
{
    if (moves + 1 > t->ev_at_cap) {
        int cap = t->ev_at_cap ? t->ev_at_cap * 2 : 64;
        while (cap < moves + 1) cap *= 2;
        int *a = realloc(t->ev_at, (size_t)cap * sizeof *a);
        if (!a) return -1;
        t->ev_at = a;
        t->ev_at_cap = cap;
    }
    t->ev_at[moves] = gg_events_count(t->ev);
    return 0;
}

static int events_reset(srv_table *t)
{
    if (!t->ev && !(t->ev = gg_events_new())) return -1;
    gg_events_clear(t->ev);
    gg_events_setup(t->state, t->ev); /* what was dealt: before move 1 */
    return events_mark(t, 0);
}

/* Who a viewer is for the events: its seat (or the spectator) during play;
 * once the game is over everything is public (the record is too). */
static int events_viewer(const srv_table *t, int seat)
{
    return table_over(t) ? GG_EVERYONE : seat;
}

/* Events [from, upto) for `viewer`, as a JSON array. */
static cJSON *events_slice(const srv_table *t, int from, int upto, int viewer)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = from; i < upto; i++) {
        char *one = gg_event_json(t->ev, i, viewer);
        cJSON *o = one ? cJSON_Parse(one) : NULL;
        free(one);
        if (o) cJSON_AddItemToArray(a, o);
    }
    return a;
}

/* The printed data of a game's cards (characters, events, ships, Splendor's
 * cards and nobles, with their texts from data/), as the engine protocol's
 * views carry it (src/bots/printed.c): public, the same for every table. */
char *srv_printed_json(const char *game_name)
{
    const gg_game *game = gg_game_find(game_name);
    if (!game) return NULL;
    gg_options opts;
    gg_options_init(&opts, game, gg_game_min_players(game));
    gg_error ge;
    gg_state *s = gg_new(game, &opts, 1, &ge);
    char *view = s ? gg_proto_view_json(s, GG_SPECTATOR) : NULL;
    gg_free(s);
    cJSON *root = view ? cJSON_Parse(view) : NULL;
    free(view);
    cJSON *printed = cJSON_GetObjectItemCaseSensitive(root, "printed");
    char *out = printed ? cJSON_PrintUnformatted(printed) : NULL;
    cJSON_Delete(root);
    return out;
}

/* ------------------------------------------------------------ seats */

static uint64_t bot_seed(const srv_table *t, int seat)
{
    return t->seed ^ (0x9E3779B97F4A7C15u * (uint64_t)(seat + 1)) ^
           ((uint64_t)gg_record_length(t->rec) << 32);
}

/* Only specs from the server's list ever reach gg_bot_new (botlist.c). */
static int seat_make_bot(srv_table *t, int seat, const char *spec, srv_err *e)
{
    gg_error ge;
    char run[1024], why[200];
    if (srv_bot_allowed(spec, run, sizeof run, why, sizeof why) != 0)
        return srv_fail(e, 400, "bad_bot", "seat %d: %s", seat, why);
    gg_bot *b = gg_bot_new(run, bot_seed(t, seat), &ge);
    if (!b) return srv_fail(e, 400, "bad_request", "seat %d: %s", seat, ge.msg);
    srv_seat *s = &t->seats[seat];
    gg_bot_free(s->b);
    s->b = b;
    s->bot = 1;
    s->name[0] = s->player[0] = 0; /* a bot is known by its bot name */
    s->open = 0;
    if (spec != s->spec) snprintf(s->spec, sizeof s->spec, "%s", spec); /* reseeding passes its own */
    memset(s->token, 0, sizeof s->token);
    return 0;
}

static char *seats_store_json(const srv_table *t)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < t->players; i++) {
        cJSON *o = cJSON_CreateObject();
        if (t->seats[i].bot) cJSON_AddStringToObject(o, "bot", t->seats[i].spec);
        else cJSON_AddStringToObject(o, "token", t->seats[i].token);
        if (t->seats[i].name[0]) cJSON_AddStringToObject(o, "name", t->seats[i].name);
        if (t->seats[i].player[0]) cJSON_AddStringToObject(o, "player", t->seats[i].player);
        if (t->seats[i].open) cJSON_AddBoolToObject(o, "open", 1);
        cJSON_AddItemToArray(a, o);
    }
    char *s = cJSON_PrintUnformatted(a);
    cJSON_Delete(a);
    return s;
}

/* A person's name, player id and open flag from the stored seats (checked
 * again: the file is input too). */
static void seat_people_from_store(srv_seat *s, const cJSON *o)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(o, "name");
    const cJSON *player = cJSON_GetObjectItemCaseSensitive(o, "player");
    srv_err e = {0};
    if (cJSON_IsString(name) && srv_name_clean(name->valuestring, s->name, &e) != 0)
        s->name[0] = 0;
    if (cJSON_IsString(player) && strlen(player->valuestring) == SRV_PLAYER_HEX)
        strcpy(s->player, player->valuestring);
    s->open = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "open"));
}

/* A stored bot the server's list no longer allows (an "engine:" spec from
 * before issue 18, a budget over today's maximum) never runs: the seat keeps
 * its spec for the record and the table is broken, with the reason. */
static int seats_from_store(srv_table *t, const char *json)
{
    cJSON *a = cJSON_Parse(json);
    int ok = cJSON_IsArray(a) && cJSON_GetArraySize(a) == t->players;
    for (int i = 0; ok && i < t->players; i++) {
        const cJSON *o = cJSON_GetArrayItem(a, i);
        const cJSON *bot = cJSON_GetObjectItemCaseSensitive(o, "bot");
        const cJSON *tok = cJSON_GetObjectItemCaseSensitive(o, "token");
        srv_err e = {0};
        if (cJSON_IsString(bot) && seat_make_bot(t, i, bot->valuestring, &e) != 0) {
            t->seats[i].bot = 1;
            snprintf(t->seats[i].spec, sizeof t->seats[i].spec, "%.*s", SRV_MAX_BOT_SPEC - 1,
                     bot->valuestring);
            if (!t->broken)
                snprintf(t->broken_reason, sizeof t->broken_reason,
                         "a stored bot is refused by this server: %s", e.msg);
            t->broken = 1;
        } else if (cJSON_IsString(bot)) {
            /* allowed: made above */
        } else if (cJSON_IsString(tok) && strlen(tok->valuestring) == SRV_TOKEN_HEX) {
            strcpy(t->seats[i].token, tok->valuestring);
            seat_people_from_store(&t->seats[i], o);
        } else {
            ok = 0;
        }
    }
    cJSON_Delete(a);
    return ok ? 0 : -1;
}

static int seat_connections(const srv_table *t, int seat)
{
    int n = 0;
    for (const srv_conn *c = t->conns; c; c = c->next) n += c->seat == seat;
    return n;
}

int srv_table_check_seat(srv_table *t, int seat, const char *token, srv_err *e)
{
    if (seat == GG_SPECTATOR) return 0;
    if (seat < 0 || seat >= t->players)
        return srv_fail(e, 400, "bad_seat", "this table has seats 0 to %d", t->players - 1);
    pthread_mutex_lock(&t->mu);
    int bot = t->seats[seat].bot;
    int ok = !bot && srv_token_equal(token, t->seats[seat].token);
    pthread_mutex_unlock(&t->mu);
    if (bot) return srv_fail(e, 403, "bot_seat", "seat %d is played by a bot", seat);
    if (!token || !*token)
        return srv_fail(e, 403, "bad_token", "a token is needed to sit at seat %d", seat);
    if (!ok) return srv_fail(e, 403, "bad_token", "wrong token for seat %d", seat);
    return 0;
}

/* ------------------------------------------------------------ info */


/* Called with the table locked. */
static cJSON *info_locked(srv_table *t)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", t->id);
    cJSON_AddStringToObject(o, "game", gg_game_name(t->game));
    cJSON_AddStringToObject(o, "title", gg_game_title(t->game));
    cJSON_AddNumberToObject(o, "players", t->players);
    char *opts = gg_options_json(gg_state_options(t->state), t->game);
    cJSON_AddItemToObject(o, "options", opts ? cJSON_Parse(opts) : cJSON_CreateObject());
    free(opts);
    cJSON *seats = cJSON_AddArrayToObject(o, "seats");
    for (int i = 0; i < t->players; i++) {
        cJSON *s = cJSON_CreateObject();
        cJSON_AddNumberToObject(s, "seat", i);
        cJSON_AddStringToObject(s, "kind", t->seats[i].bot ? "bot" : "human");
        if (t->seats[i].bot) cJSON_AddStringToObject(s, "bot", t->seats[i].spec);
        if (t->seats[i].name[0]) cJSON_AddStringToObject(s, "name", t->seats[i].name);
        if (t->seats[i].open) cJSON_AddBoolToObject(s, "open", 1);
        cJSON_AddNumberToObject(s, "connected", seat_connections(t, i));
        cJSON_AddItemToArray(seats, s);
    }
    cJSON_AddNumberToObject(o, "spectators", seat_connections(t, GG_SPECTATOR));
    cJSON_AddNumberToObject(o, "moves", gg_record_length(t->rec));
    int actors[GG_MAX_SEATS];
    int n = gg_actors(t->state, actors);
    cJSON_AddItemToObject(o, "actors", cJSON_CreateIntArray(actors, n));
    cJSON_AddBoolToObject(o, "over", table_over(t));
    char *res = result_text(t);
    if (res) cJSON_AddRawToObject(o, "result", res);
    free(res);
    info_issue21(t, o);
    if (t->broken) {
        cJSON_AddBoolToObject(o, "broken", 1);
        cJSON_AddStringToObject(o, "broken_reason", t->broken_reason);
    }
    /* A seed the creator chose is known to everyone, so nothing rests on it
     * being secret (only tables with one person may choose one). */
    if (t->seed_chosen) cJSON_AddNumberToObject(o, "seed", (double)t->seed);
    cJSON_AddNumberToObject(o, "created", (double)t->created);
    if (t->is_public) cJSON_AddBoolToObject(o, "public", 1);
    return o;
}

cJSON *srv_table_info(srv_table *t)
{
    pthread_mutex_lock(&t->mu);
    cJSON *o = info_locked(t);
    pthread_mutex_unlock(&t->mu);
    return o;
}

/* The registered tables as they are now (a copy taken under the registry's
 * lock, so callers may lock each table after it without holding the
 * registry); NULL when out of memory. The caller frees it. */
static srv_table **registry_snapshot(int *n)
{
    pthread_mutex_lock(&reg.mu);
    *n = reg.n;
    srv_table **copy = malloc(((size_t)*n + 1) * sizeof *copy);
    if (copy && *n) memcpy(copy, reg.all, (size_t)*n * sizeof *copy);
    pthread_mutex_unlock(&reg.mu);
    return copy;
}

cJSON *srv_tables_list(void)
{
    int n;
    srv_table **copy = registry_snapshot(&n);
    cJSON *a = cJSON_CreateArray();
    /* Newest first; the start page shows at most the latest 200. */
    for (int i = n - 1; copy && i >= 0 && n - i <= 200; i--)
        cJSON_AddItemToArray(a, srv_table_info(copy[i]));
    free(copy);
    return a;
}

/* ------------------------------------------------------------ creation */

static srv_table *table_new(const gg_game *game, const gg_options *opts, uint64_t seed,
                            srv_err *e)
{
    srv_table *t = calloc(1, sizeof *t);
    if (!t) {
        srv_fail(e, 500, "internal", "out of memory");
        return NULL;
    }
    pthread_mutex_init(&t->mu, NULL);
    t->game = game;
    t->seed = seed;
    t->players = opts->players;
    gg_error ge;
    t->state = gg_new(game, opts, seed, &ge);
    t->rec = t->state ? gg_record_new(game, opts, seed) : NULL;
    t->chat = srv_chat_new();
    if (!t->state || !t->rec || !t->chat || events_reset(t) != 0) {
        srv_fail(e, 400, "bad_options", "%s", t->state ? "out of memory" : ge.msg);
        table_free(t);
        return NULL;
    }
    return t;
}

/* Deals the game again with its real seed (the seats are set by then). */
static int table_seed(srv_table *t, const gg_options *opts, uint64_t seed, srv_err *e)
{
    gg_error ge;
    gg_state *s = gg_new(t->game, opts, seed, &ge);
    gg_record *rec = s ? gg_record_new(t->game, opts, seed) : NULL;
    if (!s || !rec) {
        gg_free(s);
        return srv_fail(e, 503, "internal", "out of memory");
    }
    gg_free(t->state);
    gg_record_free(t->rec);
    t->state = s;
    t->rec = rec;
    t->seed = seed;
    if (events_reset(t) != 0) return srv_fail(e, 503, "internal", "out of memory");
    for (int i = 0; i < t->players; i++)
        if (t->seats[i].b) seat_make_bot(t, i, t->seats[i].spec, NULL); /* reseed */
    return 0;
}

static int parse_options(const gg_game *game, const cJSON *req, gg_options *opts, srv_err *e)
{
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(req, "players");
    int players = gg_game_min_players(game);
    if (p) {
        /* compare as doubles first: (int)1e10 is undefined behaviour */
        if (!cJSON_IsNumber(p) || !(p->valuedouble >= gg_game_min_players(game)) ||
            !(p->valuedouble <= gg_game_max_players(game)) ||
            p->valuedouble != (double)(int)p->valuedouble)
            return srv_fail(e, 400, "bad_options", "\"players\" must be %d to %d for %s",
                            gg_game_min_players(game), gg_game_max_players(game),
                            gg_game_name(game)),
                   srv_fail_range(e, "players", gg_game_min_players(game),
                                  gg_game_max_players(game));
        players = p->valueint;
    }
    gg_options_init(opts, game, players);
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(req, "options");
    if (o && !cJSON_IsObject(o))
        return srv_fail(e, 400, "bad_options", "\"options\" must be an object of strings");
    const cJSON *it;
    cJSON_ArrayForEach(it, o)
    {
        gg_error ge;
        if (!cJSON_IsString(it))
            return srv_fail(e, 400, "bad_options", "option \"%.40s\" must be a string",
                            it->string);
        if (gg_options_set(opts, game, it->string, it->valuestring, &ge) != GG_OK)
            return srv_fail(e, 400, "bad_options", "%s", ge.msg);
    }
    return 0;
}

/* seats: ["human", "open", "random", ...] — a person (by invite), a free
 * seat anyone may take from the lobby, or a bot spec per seat. */
static int parse_seats(srv_table *t, const cJSON *req, srv_err *e)
{
    const cJSON *seats = cJSON_GetObjectItemCaseSensitive(req, "seats");
    if (seats && (!cJSON_IsArray(seats) || cJSON_GetArraySize(seats) != t->players))
        return srv_fail(e, 400, "bad_seats",
                        "\"seats\" must list %d entries, each \"human\" or a bot spec",
                        t->players);
    for (int i = 0; i < t->players; i++) {
        const cJSON *s = seats ? cJSON_GetArrayItem(seats, i) : NULL;
        if (s && !cJSON_IsString(s))
            return srv_fail(e, 400, "bad_seats", "seat %d must be \"human\" or a bot spec", i);
        if (!s || strcmp(s->valuestring, "human") == 0 || strcmp(s->valuestring, "open") == 0) {
            /* "open": a person's seat for anyone, from the lobby (parse_people) */
            t->seats[i].open = s && !strcmp(s->valuestring, "open");
            if (srv_random_hex(t->seats[i].token, SRV_TOKEN_HEX / 2) != 0 ||
                srv_random_hex(t->seats[i].player, SRV_PLAYER_HEX / 2) != 0)
                return srv_fail(e, 500, "internal", "no random source");
        } else if (seat_make_bot(t, i, s->valuestring, e) != 0) {
            return -1;
        }
    }
    return 0;
}

static int people_at(const srv_table *t)
{
    int n = 0;
    for (int i = 0; i < t->players; i++) n += !t->seats[i].bot;
    return n;
}

/* The seed decides every hidden card: whoever chose it knows them all. So a
 * chosen seed is only for practice at a table of one person and bots, and it
 * is shown to everyone at the table (info "seed"). */
static int parse_seed(const cJSON *req, const srv_table *t, uint64_t *seed, int *chosen,
                      srv_err *e)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(req, "seed");
    *seed = srv_random_u64() >> 11; /* fits a JSON number exactly */
    *chosen = 0;
    if (!s) return 0;
    *chosen = 1;
    if (people_at(t) > 1)
        return srv_fail(e, 400, "seed_not_allowed",
                        "a chosen seed would let its chooser know the hidden cards: it is only "
                        "allowed at a table with one person (the others bots)");
    if (cJSON_IsNumber(s) && s->valuedouble >= 0 && s->valuedouble < 9007199254740992.0 &&
        s->valuedouble == (double)(uint64_t)s->valuedouble) {
        *seed = (uint64_t)s->valuedouble;
        return 0;
    }
    return srv_fail(e, 400, "bad_request", "\"seed\" must be a whole number from 0 to 2^53");
}

static void schedule_if_bot(srv_table *t)
{
    if (table_over(t) || t->broken) return;
    clock_schedule(t);
    int actors[GG_MAX_SEATS];
    int n = gg_actors(t->state, actors);
    for (int i = 0; i < n; i++)
        if (t->seats[actors[i]].bot) {
            srv_bots_schedule(t);
            return;
        }
}

static cJSON *creation_reply(const srv_table *t)
{
    char link[160];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", t->id);
    cJSON_AddStringToObject(o, "admin", t->admin);
    cJSON *seats = cJSON_AddArrayToObject(o, "seats");
    for (int i = 0; i < t->players; i++) {
        cJSON *s = cJSON_CreateObject();
        cJSON_AddNumberToObject(s, "seat", i);
        if (t->seats[i].bot) {
            cJSON_AddStringToObject(s, "kind", "bot");
            cJSON_AddStringToObject(s, "bot", t->seats[i].spec);
        } else if (t->seats[i].open) {
            /* its token is never given out: whoever takes it gets a new one */
            cJSON_AddStringToObject(s, "kind", "human");
            cJSON_AddBoolToObject(s, "open", 1);
        } else {
            cJSON_AddStringToObject(s, "kind", "human");
            cJSON_AddStringToObject(s, "token", t->seats[i].token);
            snprintf(link, sizeof link, "/table.html#table=%s&seat=%d&token=%s", t->id, i,
                     t->seats[i].token);
            cJSON_AddStringToObject(s, "invite", link);
        }
        cJSON_AddItemToArray(seats, s);
    }
    snprintf(link, sizeof link, "/table.html#table=%s", t->id);
    cJSON_AddStringToObject(o, "spectate", link);
    return o;
}

/* Open seats ("open" in seats) are listed in the lobby until someone takes
 * one; "public": true opens every person's seat but the creator's (the
 * first). Their tokens are never given out, so nobody plays or reads such a
 * seat before it is taken. "name": the creator's display name, for the
 * first person's seat that is not open. */
static int parse_people(const cJSON *req, srv_table *t, int seed_chosen, srv_err *e)
{
    const cJSON *pub = cJSON_GetObjectItemCaseSensitive(req, "public");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(req, "name");
    if (pub && !cJSON_IsBool(pub))
        return srv_fail(e, 400, "bad_request", "\"public\" must be true or false");
    int first = -1, open = 0;
    if (cJSON_IsTrue(pub)) {
        for (int i = 0; i < t->players; i++)
            if (!t->seats[i].bot && !t->seats[i].open && first < 0) first = i;
            else if (!t->seats[i].bot) t->seats[i].open = 1;
    } else {
        for (int i = 0; i < t->players && first < 0; i++)
            if (!t->seats[i].bot && !t->seats[i].open) first = i;
    }
    for (int i = 0; i < t->players; i++) open += t->seats[i].open;
    if (name) {
        if (!cJSON_IsString(name))
            return srv_fail(e, 400, "bad_name", "\"name\" must be text");
        if (first < 0 || t->seats[first].open)
            return srv_fail(e, 400, "bad_name", "a name needs a seat for a person");
        if (srv_name_clean(name->valuestring, t->seats[first].name, e) != 0) return -1;
    }
    if (!cJSON_IsTrue(pub) && !open) return 0;
    if (seed_chosen)
        return srv_fail(e, 400, "seed_not_allowed",
                        "a public table cannot have a chosen seed (whoever takes a seat "
                        "would know the hidden cards)");
    t->is_public = 1;
    return 0;
}

/* Live tables created from one address key. Called with reg.mu held. */
static int tables_of(const char *creator)
{
    int n = 0;
    for (int i = 0; i < reg.n; i++) n += !strcmp(reg.all[i]->creator, creator);
    return n;
}

cJSON *srv_table_create(const cJSON *req, const char *creator, srv_err *e)
{
    if (!cJSON_IsObject(req)) {
        srv_fail(e, 400, "bad_request", "the request must be a JSON object");
        return NULL;
    }
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(req, "game");
    const gg_game *game = cJSON_IsString(g) ? gg_game_find(g->valuestring) : NULL;
    if (!game) {
        srv_fail(e, 400, "bad_game", "\"game\" must name a game this server plays");
        return NULL;
    }
    pthread_mutex_lock(&reg.mu);
    int mine = tables_of(creator);
    pthread_mutex_unlock(&reg.mu);
    if (mine >= reg.cfg->tables_per_addr) {
        srv_fail(e, 429, "too_many_tables",
                 "your address has %d open tables, the most this server keeps for one; "
                 "finished and abandoned tables expire", mine);
        return NULL;
    }
    gg_options opts;
    srv_clock_cfg clock;
    if (parse_options(game, req, &opts, e) != 0 ||
        srv_clock_parse(cJSON_GetObjectItemCaseSensitive(req, "clock"), &clock, e) != 0)
        return NULL;
    /* set up with a throwaway seed first: the seats decide whether one may be chosen */
    srv_table *t = table_new(game, &opts, 0, e);
    uint64_t seed;
    int chosen;
    if (!t) return NULL;
    if (parse_seats(t, req, e) != 0 || parse_seed(req, t, &seed, &chosen, e) != 0 ||
        srv_random_hex(t->id, SRV_ID_HEX / 2) != 0 ||
        srv_random_hex(t->admin, SRV_TOKEN_HEX / 2) != 0) {
        if (!e->code) srv_fail(e, 503, "internal", "no random source");
        table_free(t);
        return NULL;
    }
    if (table_seed(t, &opts, seed, e) != 0 || parse_people(req, t, chosen, e) != 0) {
        table_free(t);
        return NULL;
    }
    t->seed_chosen = chosen;
    snprintf(t->creator, sizeof t->creator, "%s", creator);
    t->created = t->last_move = (int64_t)time(NULL);
    {
        int actors[GG_MAX_SEATS];
        int n = gg_actors(t->state, actors);
        srv_clock_reset(&t->clock, &clock, t->players, actors, n);
    }
    char seedtxt[24], err[STORE_ERR];
    snprintf(seedtxt, sizeof seedtxt, "%llu", (unsigned long long)seed);
    char *optjson = gg_options_json(&opts, game);
    char *seats = seats_store_json(t);
    char *clocktxt = srv_clock_cfg_text(&clock);
    store_table row = {t->id,      gg_game_name(game), optjson,    seedtxt,       seats,
                       t->admin,   t->created,         t->creator, 0,             chosen,
                       t->is_public, clocktxt ? clocktxt : "", 0, "", 0};
    int r = (optjson && seats && clocktxt) ? reg.st->ops->create_table(reg.st, &row, err) : -2;
    free(optjson);
    if (r == 0) t->seats_text = seats; /* as stored */
    else free(seats);
    free(clocktxt);
    int rr = r == 0 ? register_table(t) : -1;
    if (rr == 1) {
        /* several servers: the store's notice of this very table came first
         * and the listener registered a copy read back from the store (the
         * same tokens): that copy is the table from now on */
        char id[SRV_ID_HEX + 1];
        memcpy(id, t->id, sizeof id);
        table_free(t);
        t = find_local(id);
        rr = t ? 0 : -1;
        r = t ? 0 : -2;
    }
    if (rr != 0) {
        if (r == -1) store_fail(e, err);
        else srv_fail(e, 503, "internal", "out of memory");
        table_free(t);
        return NULL;
    }
    char what[SRV_ADDR_KEY + 64];
    snprintf(what, sizeof what, "%s players=%d creator=%s", gg_game_name(game), t->players, t->creator);
    srv_oplog_table(t->id, "created", -1, -1, what);
    pthread_mutex_lock(&t->mu);
    cJSON *reply = creation_reply(t);
    schedule_if_bot(t);
    pthread_mutex_unlock(&t->mu);
    return reply;
}

/* ------------------------------------------------------------ messages */

/* Log lines i in [from, upto) as `viewer` may read them, by replaying. */
static cJSON *log_lines(const srv_table *t, int viewer, int from, int upto)
{
    cJSON *a = cJSON_CreateArray();
    if (from >= upto) return a;
    gg_error ge;
    gg_state *s = gg_record_start(t->rec, &ge);
    for (int i = 0; s && i < upto; i++) {
        int seat;
        const char *text = gg_record_action_text(t->rec, i, &seat);
        gg_action act;
        if (gg_action_parse(s, seat, text, &act, &ge) != GG_OK) break;
        if (i >= from) {
            char buf[GG_MAX_NOTATION];
            gg_action_announce(s, seat, act, viewer, buf, sizeof buf);
            cJSON *l = cJSON_CreateObject();
            cJSON_AddNumberToObject(l, "i", i);
            cJSON_AddNumberToObject(l, "seat", seat);
            cJSON_AddStringToObject(l, "text", buf);
            mark_line(t, l, i, seat);
            cJSON_AddItemToArray(a, l);
        }
        if (gg_apply(s, seat, act, &ge) != GG_OK) break;
    }
    gg_free(s);
    return a;
}

static cJSON *legal_json(const gg_state *s, int seat)
{
    cJSON *a = cJSON_CreateArray();
    if (seat < 0) return a;
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, list);
    for (int i = 0; i < n; i++) {
        char buf[GG_MAX_NOTATION];
        gg_action_format(s, seat, list[i], buf, sizeof buf);
        cJSON_AddItemToArray(a, cJSON_CreateString(buf));
    }
    return a;
}

/* The "state" message; `log` (owned by the message) or NULL to replay. */
static cJSON *state_locked(srv_table *t, int seat, int log_from, cJSON *log, const char *view,
                           int events_from)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "type", "state");
    cJSON_AddItemToObject(m, "table", info_locked(t));
    cJSON_AddNumberToObject(m, "seat", seat);
    int moves = gg_record_length(t->rec);
    cJSON_AddNumberToObject(m, "moves", moves);
    char *own = view ? NULL : gg_view_json(t->state, seat);
    cJSON_AddRawToObject(m, "view", view ? view : own ? own : "null");
    free(own);
    int actors[GG_MAX_SEATS];
    int n = gg_actors(t->state, actors);
    cJSON_AddItemToObject(m, "actors", cJSON_CreateIntArray(actors, n));
    cJSON_AddItemToObject(m, "legal", legal_json(t->state, seat));
    cJSON_AddNumberToObject(m, "log_from", log_from);
    cJSON_AddItemToObject(m, "log", log ? log : log_lines(t, seat, log_from, moves));
    int n_ev = gg_events_count(t->ev);
    if (events_from < 0 || events_from > n_ev) events_from = n_ev;
    cJSON_AddNumberToObject(m, "events_from", events_from);
    cJSON_AddNumberToObject(m, "events_to", n_ev);
    char *evs = gg_events_json(t->ev, events_from, events_viewer(t, seat));
    cJSON_AddRawToObject(m, "events", evs ? evs : "[]");
    free(evs);
    cJSON_AddBoolToObject(m, "over", table_over(t));
    /* hints and analysis offered (issue 27): the one person at a bots' table */
    cJSON_AddBoolToObject(m, "advice", seat >= 0 && seat < t->players && !t->seats[seat].bot &&
                                           people_at(t) == 1);
    char *res = result_text(t);
    if (res) cJSON_AddRawToObject(m, "result", res);
    free(res);
    return m;
}

cJSON *srv_table_state(srv_table *t, int seat, int log_from)
{
    pthread_mutex_lock(&t->mu);
    if (log_from > gg_record_length(t->rec)) log_from = gg_record_length(t->rec);
    if (seat_arrives(t, seat)) push_all(t, NULL, -1);
    cJSON *m = state_locked(t, seat, log_from, NULL, NULL, t->ev_at[log_from]);
    pthread_mutex_unlock(&t->mu);
    return m;
}

static void send_json(srv_conn *c, cJSON *m)
{
    char *text = cJSON_PrintUnformatted(m);
    if (text) c->send(c->handle, text, strlen(text));
    free(text);
}

/* Sends every connection its state; `lines[v + 1]` is the newest move as
 * viewer v sees it (NULL when nothing moved). Table locked. */
static void push_all(srv_table *t, char lines[][GG_MAX_NOTATION], int mover)
{
    char *views[GG_MAX_SEATS + 1] = {0};
    int moves = gg_record_length(t->rec);
    for (srv_conn *c = t->conns; c; c = c->next) {
        int v = c->seat + 1;
        if (!views[v]) views[v] = gg_view_json(t->state, c->seat);
        cJSON *log = NULL;
        int from = c->log_sent;
        if (lines && from == moves - 1) {
            log = cJSON_CreateArray();
            cJSON *l = cJSON_CreateObject();
            cJSON_AddNumberToObject(l, "i", moves - 1);
            cJSON_AddNumberToObject(l, "seat", mover);
            cJSON_AddStringToObject(l, "text", lines[v]);
            mark_line(t, l, moves - 1, mover);
            cJSON_AddItemToArray(log, l);
        }
        /* Events this connection has not had; all of them again, unmasked,
         * once the game is over (what was hidden is public then). */
        int ev_from = c->ev_sent;
        if (table_over(t) && !c->ev_all) ev_from = 0, c->ev_all = 1;
        cJSON *m = state_locked(t, c->seat, from, log, views[v] ? views[v] : "null", ev_from);
        send_json(c, m);
        cJSON_Delete(m);
        c->log_sent = moves;
        c->ev_sent = gg_events_count(t->ev);
    }
    for (int i = 0; i <= GG_MAX_SEATS; i++) free(views[i]);
}

void srv_table_subscribe(srv_table *t, srv_conn *c)
{
    pthread_mutex_lock(&t->mu);
    c->table = t;
    c->next = t->conns;
    t->conns = c;
    c->log_sent = 0;
    c->ev_sent = 0;
    c->ev_all = 0;
    seat_arrives(t, c->seat); /* the clocks start once every person has come */
    push_all(t, NULL, -1); /* the newcomer gets everything; others see who is here */
    cJSON *chat = srv_chat_history_locked(t); /* then the table's recent chat */
    send_json(c, chat);
    cJSON_Delete(chat);
    pthread_mutex_unlock(&t->mu);
}

void srv_table_unsubscribe(srv_conn *c)
{
    srv_table *t = c->table;
    if (!t) return;
    pthread_mutex_lock(&t->mu);
    for (srv_conn **p = &t->conns; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    c->table = NULL;
    /* Tell the others this seat went away (a cheap state, no log lines). */
    push_all(t, NULL, -1);
    pthread_mutex_unlock(&t->mu);
}

/* ------------------------------------------------------------ moves */

/* `flags`: STORE_MOVE_TIMEOUT when the clock plays the move for the seat.
 * One attempt: STORE_CONFLICT when another server's move took the index. */
static int act_flags(srv_table *t, int seat, const char *text, int flags, int *index,
                     char canon[GG_MAX_NOTATION], srv_err *e)
{
    gg_error ge;
    gg_action a;
    if (t->broken)
        return srv_fail(e, 409, "broken", "this table could not be restored: %s",
                        t->broken_reason);
    if (reg.store_failed) return srv_fail(e, 503, "storage", "%s", reg.store_error);
    if (t->gone_at) return srv_fail(e, 404, "unknown_table", "this table has expired");
    if (table_over(t)) return srv_fail(e, 409, "game_over", "the game is over");
    if (!gg_is_actor(t->state, seat))
        return srv_fail(e, 409, "not_your_turn", "seat %d is not to act now", seat);
    if (gg_action_parse(t->state, seat, text, &a, &ge) != GG_OK)
        return srv_fail(e, 400, "bad_notation", "%s", ge.msg);
    gg_state *next = gg_clone(t->state);
    if (!next) return srv_fail(e, 500, "internal", "out of memory");
    int ev_before = gg_events_count(t->ev);
    int idx0 = gg_record_length(t->rec);
    if (events_mark(t, idx0 + 1) != 0) { /* room for the move's mark */
        gg_free(next);
        return srv_fail(e, 500, "internal", "out of memory");
    }
    if (gg_apply_events(next, seat, a, t->ev, &ge) != GG_OK) {
        gg_free(next);
        return srv_fail(e, 409, ge.code == GG_ESEAT ? "not_your_turn" : "illegal", "%s",
                        ge.msg);
    }
    char lines[GG_MAX_SEATS + 1][GG_MAX_NOTATION];
    gg_action_format(t->state, seat, a, canon, GG_MAX_NOTATION);
    for (int v = -1; v < t->players; v++)
        gg_action_announce(t->state, seat, a, v, lines[v + 1], GG_MAX_NOTATION);
    int idx = gg_record_length(t->rec);
    char err[STORE_ERR];
    int64_t now_ms = srv_wall_ms();
    int before[GG_MAX_SEATS];
    int nb = gg_actors(t->state, before);
    int stored = moves_reserve(t, idx + 1) != 0
                     ? -3
                     : reg.st->ops->append_action(reg.st, t->id, idx, seat, canon, now_ms,
                                                  flags, err);
    if (stored != 0) {
        gg_free(next);
        gg_events_truncate(t->ev, ev_before);
        if (stored == STORE_CONFLICT) return STORE_CONFLICT;
        return stored == -3 ? srv_fail(e, 500, "internal", "out of memory") : store_fail(e, err);
    }
    t->last_move = (int64_t)time(NULL);
    /* Stored: from here the move is part of the game. */
    gg_record_add(t->rec, t->state, seat, a);
    gg_copy(t->state, next);
    gg_free(next);
    t->ev_at[idx + 1] = gg_events_count(t->ev);
    *index = idx;
    srv_oplog_table(t->id, "move", seat, idx, NULL);
    if (flags & STORE_MOVE_TIMEOUT) srv_oplog_table(t->id, "timeout", seat, idx, NULL);
    moved_issue21(t, seat, before, nb, now_ms, flags);
    if (table_over(t)) srv_oplog_table(t->id, "over", -1, idx, NULL);
    push_all(t, lines, seat);
    schedule_if_bot(t);
    return 0;
}

/* A move another server's move beat to its index (STORE_CONFLICT) is
 * checked again against the state after that move (caught up from the
 * store): it is then played at the next index, or refused as any move
 * would be (not your turn, illegal). */
static int act_locked(srv_table *t, int seat, const char *text, int *index,
                      char canon[GG_MAX_NOTATION], srv_err *e)
{
    enum { TRIES = 8 };
    for (int tries = 0;; tries++) {
        int r = act_flags(t, seat, text, 0, index, canon, e);
        if (r != STORE_CONFLICT) return r;
        srv_sync_lost_race();
        if (tries == TRIES || srv_sync_catch_up_locked(t) < 0)
            return srv_fail(e, 503, "storage", "the move could not be stored: the table kept "
                            "changing or its moves could not be read; try again");
    }
}

int srv_table_act(srv_table *t, int seat, const char *text, int *index,
                  char canon[GG_MAX_NOTATION], srv_err *e)
{
    if (seat < 0 || seat >= t->players)
        return srv_fail(e, 400, "bad_seat", "this table has seats 0 to %d", t->players - 1);
    pthread_mutex_lock(&t->mu);
    int r = t->seats[seat].bot
                ? srv_fail(e, 403, "bot_seat", "seat %d is played by a bot", seat)
                : act_locked(t, seat, text, index, canon, e);
    pthread_mutex_unlock(&t->mu);
    return r;
}

int srv_table_bot_step(srv_table *t)
{
    pthread_mutex_lock(&t->mu);
    int actors[GG_MAX_SEATS], seat = -1;
    int n = t->broken || t->bot_busy || table_over(t) ? 0 : gg_actors(t->state, actors);
    for (int i = 0; i < n && seat < 0; i++)
        if (t->seats[actors[i]].bot) seat = actors[i];
    /* No bot to move: a person whose time is out gets the clock's move. */
    gg_bot *stand_in = NULL;
    if (seat < 0 && n > 0 && (seat = clock_timed_out(t)) >= 0 && !(stand_in = clock_stand_in(t, seat)))
        seat = -1;
    if (seat < 0) {
        if (n > 0) clock_schedule(t); /* woken early: wait for the next deadline */
        pthread_mutex_unlock(&t->mu);
        return 0;
    }
    gg_state *copy = gg_clone(t->state);
    int moves = gg_record_length(t->rec);
    unsigned gen = t->gen;
    gg_bot *bot = stand_in ? stand_in : t->seats[seat].b;
    int timeout = stand_in != NULL;
    t->bot_busy = 1;
    pthread_mutex_unlock(&t->mu);
    double retry_s;
    if (!srv_sync_claim_bot(t, moves, &retry_s)) { /* another server plays this move */
        gg_free(copy);
        gg_bot_free(stand_in);
        pthread_mutex_lock(&t->mu);
        t->bot_busy = 0;
        srv_bots_schedule_in(t, retry_s); /* its move, or its lease running out, comes first */
        pthread_mutex_unlock(&t->mu);
        return 0;
    }

    /* Think without the lock: people may watch and join meanwhile. */
    gg_action a;
    gg_error ge;
    int ok = copy && gg_bot_choose(bot, copy, seat, &a, &ge) == GG_OK;
    if (!ok && copy) {
        /* A bot that fails must not stall the table: a random legal move instead. */
        fprintf(stderr, "gemgames serve: table %s: bot at seat %d failed (%s); moving at random\n",
                t->id, seat, ge.msg);
        gg_action list[GG_MAX_ACTIONS];
        int count = gg_legal(copy, seat, list);
        if (count > 0) {
            a = list[srv_random_u64() % (uint64_t)count];
            ok = 1;
        }
    }
    char text[GG_MAX_NOTATION], canon[GG_MAX_NOTATION];
    if (ok) gg_action_format(copy, seat, a, text, sizeof text);
    gg_free(copy);
    gg_bot_free(stand_in);

    pthread_mutex_lock(&t->mu);
    t->bot_busy = 0;
    int moved = 0, index;
    srv_err e = {0};
    if (ok && gg_record_length(t->rec) == moves && t->gen == gen &&
        (!timeout || !t->seats[seat].bot)) {
        /* no retry on another server's move: the bot chose for this state */
        int r = act_flags(t, seat, text, timeout ? STORE_MOVE_TIMEOUT : 0, &index, canon, &e);
        moved = r == 0;
        if (r == STORE_CONFLICT) {
            srv_sync_lost_race();
            srv_sync_catch_up_locked(t); /* and think again if a bot is still to act */
        } else if (!moved) {
            fprintf(stderr, "gemgames serve: table %s: bot move \"%s\" refused: %s\n", t->id,
                    text, e.msg);
        }
    } else if (ok) {
        schedule_if_bot(t); /* someone moved meanwhile: think again */
    }
    pthread_mutex_unlock(&t->mu);
    return moved;
}

/* ------------------------------------------------ hints and analysis */

/* The server's budget for advice (a client never chooses it): iterations
 * per hint, and per analysed decision, at most the analysed decisions of one
 * game; --bot-max-iters lowers them. */
enum { ADVICE_HINT_ITERS = 4000, ADVICE_ANALYSIS_ITERS = 1000, ADVICE_MAX_DECISIONS = 150,
       ADVICE_HINTS = 5 };

static long advice_iters(long want)
{
    long cap = reg.cfg ? reg.cfg->bot_max_iters : 0;
    return cap > 0 && cap < want ? cap : want;
}

/* Called with the table locked. */
static int advice_allowed_locked(const srv_table *t, int seat, int kind, srv_err *e)
{
    if (seat < 0 || seat >= t->players || t->seats[seat].bot)
        return srv_fail(e, 403, "advice_off", "hints are for a person's own seat");
    if (people_at(t) != 1)
        return srv_fail(e, 403, "advice_off",
                        "hints and analysis are off: other people play at this table");
    if (t->broken) return srv_fail(e, 409, "broken", "%s", t->broken_reason);
    if (kind == SRV_ADVICE_HINT && !gg_is_actor(t->state, seat))
        return srv_fail(e, 409, "not_your_turn", "a hint is for your own decision");
    if (kind == SRV_ADVICE_ANALYSIS && !gg_is_over(t->state))
        return srv_fail(e, 409, "not_over", "the analysis comes once the game is over");
    return 0;
}

int srv_table_advice_allowed(srv_table *t, int seat, int kind, srv_err *e)
{
    pthread_mutex_lock(&t->mu);
    int r = advice_allowed_locked(t, seat, kind, e);
    pthread_mutex_unlock(&t->mu);
    return r;
}

static cJSON *hint_message(const gg_state *s, int seat, gg_bot *bot)
{
    gg_hint h[ADVICE_HINTS];
    gg_error ge;
    int n = gg_bot_hint(bot, s, seat, h, ADVICE_HINTS, &ge);
    if (n < 1) return NULL;
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "type", "hint");
    cJSON *a = cJSON_AddArrayToObject(m, "hints");
    for (int i = 0; i < n; i++) {
        char buf[GG_MAX_NOTATION];
        gg_action_format(s, seat, h[i].action, buf, sizeof buf);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "action", buf);
        cJSON_AddNumberToObject(o, "win", (double)(long)(h[i].win * 1000 + 0.5) / 1000);
        cJSON_AddNumberToObject(o, "visits", (double)h[i].visits);
        cJSON_AddItemToArray(a, o);
    }
    return m;
}

static cJSON *analysis_message(const gg_record *rec, int seat, gg_bot *bot)
{
    gg_analysis *items;
    gg_error ge;
    int n = gg_analyse_record(bot, rec, seat, ADVICE_MAX_DECISIONS, &items, &ge);
    if (n < 0) return NULL;
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "type", "analysis");
    cJSON *a = cJSON_AddArrayToObject(m, "decisions");
    for (int i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "index", items[i].index);
        cJSON_AddStringToObject(o, "played", items[i].played);
        cJSON_AddStringToObject(o, "best", items[i].best);
        cJSON_AddNumberToObject(o, "choices", items[i].choices);
        cJSON_AddNumberToObject(o, "best_win", (double)(long)(items[i].best_win * 1000 + 0.5) / 1000);
        if (items[i].loss >= 0) {
            cJSON_AddNumberToObject(o, "played_win",
                                    (double)(long)(items[i].played_win * 1000 + 0.5) / 1000);
            cJSON_AddNumberToObject(o, "loss", (double)(long)(items[i].loss * 1000 + 0.5) / 1000);
        } else {
            cJSON_AddNullToObject(o, "played_win");
            cJSON_AddNullToObject(o, "loss");
        }
        cJSON_AddItemToArray(a, o);
    }
    free(items);
    return m;
}

void srv_table_advise(srv_table *t, int seat, int kind)
{
    srv_err e = {0};
    pthread_mutex_lock(&t->mu);
    if (t->gone_at || advice_allowed_locked(t, seat, kind, &e) != 0) {
        pthread_mutex_unlock(&t->mu);
        return;
    }
    int moves = gg_record_length(t->rec);
    gg_state *copy = kind == SRV_ADVICE_HINT ? gg_clone(t->state) : NULL;
    char *rec_json = kind == SRV_ADVICE_ANALYSIS ? gg_record_json(t->rec) : NULL;
    uint64_t seed = bot_seed(t, seat) ^ 0x616476696365ull;
    pthread_mutex_unlock(&t->mu);

    /* Think without the lock, from the seat's view only (gg_bot_hint). */
    char spec[96];
    snprintf(spec, sizeof spec, "ismcts:iters=%ld:rollout=light",
             advice_iters(kind == SRV_ADVICE_HINT ? ADVICE_HINT_ITERS : ADVICE_ANALYSIS_ITERS));
    gg_error ge;
    gg_bot *bot = gg_bot_new(spec, seed, &ge);
    gg_record *rec = rec_json ? gg_record_parse(rec_json, &ge) : NULL;
    cJSON *m = NULL;
    if (bot && copy) m = hint_message(copy, seat, bot);
    if (bot && rec) m = analysis_message(rec, seat, bot);
    gg_bot_free(bot);
    gg_record_free(rec);
    gg_free(copy);
    free(rec_json);
    if (!m) return;
    cJSON_AddNumberToObject(m, "seat", seat);
    cJSON_AddNumberToObject(m, "moves", moves); /* a hint is for the position after these */
    cJSON_AddStringToObject(m, "budget", spec);

    pthread_mutex_lock(&t->mu);
    for (srv_conn *c = t->conns; c; c = c->next)
        if (c->seat == seat) send_json(c, m);
    pthread_mutex_unlock(&t->mu);
    cJSON_Delete(m);
}

int srv_table_to_bot(srv_table *t, int seat, const char *token, const char *spec, srv_err *e)
{
    if (seat < 0 || seat >= t->players)
        return srv_fail(e, 400, "bad_seat", "this table has seats 0 to %d", t->players - 1);
    if (!spec || !*spec) spec = "random";
    pthread_mutex_lock(&t->mu);
    int r = STORE_CONFLICT;
    /* a hand-over another server's seat change beat: read again, check again */
    for (int tries = 0; r == STORE_CONFLICT && tries < 8; tries++) {
        srv_seat saved = t->seats[seat];
        if (t->gone_at) {
            r = srv_fail(e, 404, "unknown_table", "this table has expired");
        } else if (t->broken) {
            r = srv_fail(e, 409, "broken", "this table could not be restored: %s",
                         t->broken_reason);
        } else if (saved.bot) {
            r = srv_fail(e, 409, "bot_seat", "seat %d is already played by a bot", seat);
        } else if (!srv_token_equal(token, saved.token) && !srv_token_equal(token, t->admin)) {
            r = srv_fail(e, 403, "bad_token", "only seat %d or the table's creator may do that",
                         seat);
        } else {
            r = hand_over_locked(t, seat, spec, e);
        }
    }
    if (r == STORE_CONFLICT)
        r = srv_fail(e, 503, "storage", "the seats kept changing; try again");
    if (r == 0) {
        push_all(t, NULL, -1);
        schedule_if_bot(t);
    }
    pthread_mutex_unlock(&t->mu);
    return r;
}

/* ------------------------------------------------ clocks, rule G-1 (issue 21) */

static unsigned people_mask(const srv_table *t)
{
    unsigned m = 0;
    for (int i = 0; i < t->players; i++) m |= (unsigned)!t->seats[i].bot << i;
    return m;
}

/* Moves may be made: the clocks run only then. */
static int playing(const srv_table *t)
{
    return !table_over(t) && !t->broken && !t->gone_at;
}

static int moves_reserve(srv_table *t, int n)
{
    if (n <= t->move_cap) return 0;
    int cap = t->move_cap ? t->move_cap * 2 : 64;
    while (cap < n) cap *= 2;
    int64_t *ms = realloc(t->move_ms, (size_t)cap * sizeof *ms);
    if (!ms) return -1;
    t->move_ms = ms;
    unsigned char *fl = realloc(t->move_flags, (size_t)cap);
    if (!fl) return -1;
    t->move_flags = fl;
    t->move_cap = cap;
    return 0;
}

/* The next deadline goes to the bot workers' queue (bots.c): the move for a
 * seat out of time is chosen there, never on the service thread. */
static void clock_schedule(srv_table *t)
{
    int64_t due;
    if (!t->clock.cfg.kind || !playing(t)) return;
    srv_clock_expired(&t->clock, people_mask(t), 1, srv_wall_ms(), &due);
    if (due) srv_bots_schedule_at(t, due);
}

static int clock_timed_out(const srv_table *t)
{
    int64_t due;
    if (!t->clock.cfg.kind || !playing(t)) return -1;
    return srv_clock_expired(&t->clock, people_mask(t), 1, srv_wall_ms(), &due);
}

/* The heuristic bot that makes the move of a seat whose time ran out. */
static gg_bot *clock_stand_in(const srv_table *t, int seat)
{
    char run[1024], why[200];
    gg_error ge;
    if (srv_bot_allowed("heuristic", run, sizeof run, why, sizeof why) != 0) return NULL;
    return gg_bot_new(run, bot_seed(t, seat), &ge);
}

/* The clocks start once every person seat has come to the table (joined,
 * asked for its state or moved): until then nobody can be asked to hurry.
 * seat -1 only checks (a seat went to a bot). Returns 1 when they started. */
static int seat_arrives(srv_table *t, int seat)
{
    if (!t->clock.cfg.kind || t->clock.start_ms || !playing(t)) return 0;
    if (seat >= 0 && seat < t->players && !t->seats[seat].bot) t->arrived |= 1u << seat;
    unsigned people = people_mask(t);
    if (!people || (t->arrived & people) != people) return 0; /* no person: no clock */
    int64_t now = srv_wall_ms();
    char err[STORE_ERR];
    if (reg.st->ops->set_clock_start(reg.st, t->id, now, err) != 0) {
        store_fail(NULL, err);
        return 0;
    }
    t->clock.start_ms = now;
    srv_oplog_table(t->id, "clock_start", -1, gg_record_length(t->rec), NULL);
    clock_schedule(t);
    return 1;
}

/* Rule G-1 (docs/rules-notes.md): a table whose seats are all bots ends
 * once the game-length limit is reached, scored as it stands. */
static void length_rule(srv_table *t)
{
    int moves = gg_record_length(t->rec);
    if (t->adjudicated || gg_is_over(t->state) || people_at(t) > 0 ||
        !gg_length_reached(t->state, moves))
        return;
    t->adjudicated = 1;
    srv_oplog_table(t->id, "over", -1, moves - 1, "length rule G-1");
}

/* Writes the seats (`seats`, taken over) if the store still holds what this
 * server last read or wrote (t->seats_text) and, when moves >= 0, exactly
 * `moves` moves: 0, STORE_CONFLICT when another server changed either
 * first, -1 a store error (err). Unconditional only when the text is unknown
 * (out of memory at load) or the store cannot compare. */
static int seats_write_if(srv_table *t, char *seats, int moves, char *err)
{
    int r = reg.st->ops->update_seats_if && t->seats_text
                ? reg.st->ops->update_seats_if(reg.st, t->id, t->seats_text, moves, seats, err)
                : reg.st->ops->update_seats(reg.st, t->id, seats, err);
    if (r == 0) {
        free(t->seats_text);
        t->seats_text = seats;
    } else {
        free(seats);
    }
    return r;
}

/* Hands a seat to a bot (checks done by the caller); no push. A
 * compare-and-swap in the store: the seats are written only if they and
 * the number of moves are still what this server decided on, so of two
 * servers handing a seat over (a person leaving on one while the clock gives
 * the seat away on the other, or any other seat change) one wins; the
 * loser gets STORE_CONFLICT after reading the table again (catch-up) and
 * its caller checks again whether the hand-over is still due. */
static int hand_over_locked(srv_table *t, int seat, const char *spec, srv_err *e)
{
    srv_seat saved = t->seats[seat];
    t->seats[seat].b = NULL;
    if (seat_make_bot(t, seat, spec, e) != 0) {
        t->seats[seat] = saved;
        return -1;
    }
    char *seats = seats_store_json(t);
    char err[STORE_ERR];
    int r = !seats               ? -3
            : reg.store_failed ? -4
                               : seats_write_if(t, seats, gg_record_length(t->rec), err);
    if (r != 0) {
        if (r == -4) free(seats);
        gg_bot_free(t->seats[seat].b);
        t->seats[seat] = saved;
        if (r == STORE_CONFLICT) {
            srv_oplog_table(t->id, "seat_to_bot_lost", seat, -1, spec);
            if (srv_sync_catch_up_locked(t) < 0) /* one server alone: nothing to re-read */
                return srv_fail(e, 503, "storage", "the seats changed in the database "
                                "outside this server");
            return STORE_CONFLICT;
        }
        return r == -3   ? srv_fail(e, 503, "internal", "out of memory")
               : r == -4 ? srv_fail(e, 503, "storage", "%s", reg.store_error)
                         : store_fail(e, err);
    }
    /* The seat's private view goes with it: whoever still watches through
     * it sees what a spectator sees from this frame on. */
    srv_oplog_table(t->id, "seat_to_bot", seat, -1, spec);
    for (srv_conn *c = t->conns; c; c = c->next)
        if (c->seat == seat) c->seat = GG_SPECTATOR;
    length_rule(t);
    seat_arrives(t, -1);
    return 0;
}

/* A seat whose clock ran out the table's number of times goes to the
 * heuristic bot for good (also after a restart that found it owed). */
static void clock_owed_to_bots(srv_table *t)
{
    for (int s = 0; t->clock.cfg.timeouts && s < t->players; s++)
        for (int tries = 0; tries < 8 && !t->seats[s].bot &&
                            t->clock.timeouts[s] >= t->clock.cfg.timeouts; tries++) {
            srv_err e = {0};
            int r = hand_over_locked(t, s, "heuristic", &e);
            if (r == STORE_CONFLICT) continue; /* read again: still due? */
            if (r != 0)
                fprintf(stderr, "gemgames serve: table %s: seat %d out of time: %s\n", t->id, s,
                        e.msg);
            break;
        }
}

/* After move `moves - 1` was stored and applied: its time, the clocks,
 * what the timeouts and rule G-1 then do. */
static void moved_issue21(srv_table *t, int seat, const int *before, int nb, int64_t at,
                          int flags)
{
    int idx = gg_record_length(t->rec) - 1;
    int after[GG_MAX_SEATS];
    int na = gg_actors(t->state, after);
    t->move_ms[idx] = at;
    t->move_flags[idx] = (unsigned char)flags;
    srv_clock_move(&t->clock, seat, before, nb, after, na, at, flags);
    if (!flags) seat_arrives(t, seat);
    clock_owed_to_bots(t);
    length_rule(t);
}

/* The clocks again from the start, from the moves' stored times (undo). */
static void clock_rebuild(srv_table *t)
{
    gg_error ge;
    gg_state *s = gg_record_start(t->rec, &ge);
    int before[GG_MAX_SEATS], after[GG_MAX_SEATS];
    int nb = s ? gg_actors(s, before) : 0;
    srv_clock_reset(&t->clock, &t->clock.cfg, t->players, before, nb);
    for (int i = 0; s && i < gg_record_length(t->rec); i++) {
        int seat;
        gg_action a;
        const char *text = gg_record_action_text(t->rec, i, &seat);
        if (gg_action_parse(s, seat, text, &a, &ge) != GG_OK || gg_apply(s, seat, a, &ge) != GG_OK)
            break;
        int na = gg_actors(s, after);
        srv_clock_move(&t->clock, seat, before, nb, after, na, t->move_ms[i], t->move_flags[i]);
        memcpy(before, after, sizeof after);
        nb = na;
    }
    gg_free(s);
}

/* How many of seat's moves up to move i the clock played in a row (a move
 * the seat made in time starts the count again, as srv_clock_move does). */
static int timeouts_upto(const srv_table *t, int seat, int i)
{
    int n = 0;
    for (int k = 0; k <= i && k < t->move_cap; k++) {
        int s;
        gg_record_action_text(t->rec, k, &s);
        if (s == seat) n = t->move_flags[k] & STORE_MOVE_TIMEOUT ? n + 1 : 0;
    }
    return n;
}

/* A log line of a move the clock played says so; and whether that timeout
 * gave the seat to a bot. */
static void mark_line(const srv_table *t, cJSON *l, int i, int seat)
{
    if (i < 0 || i >= gg_record_length(t->rec) || !(t->move_flags[i] & STORE_MOVE_TIMEOUT)) return;
    cJSON_AddBoolToObject(l, "timeout", 1);
    if (t->clock.cfg.timeouts && timeouts_upto(t, seat, i) == t->clock.cfg.timeouts)
        cJSON_AddBoolToObject(l, "to_bot", 1);
}

/* Issue 21's parts of a table's public info: the clocks, the rematch. */
static void info_issue21(srv_table *t, cJSON *o)
{
    cJSON *ck = srv_clock_json(&t->clock, people_mask(t), playing(t), srv_wall_ms());
    if (ck) cJSON_AddItemToObject(o, "clock", ck);
    if (t->rematch[0]) {
        cJSON *r = cJSON_AddObjectToObject(o, "rematch");
        cJSON_AddStringToObject(r, "table", t->rematch);
        cJSON *a = cJSON_AddArrayToObject(r, "seats");
        for (int i = 0; i < t->players; i++)
            if (t->rematch_seats >> i & 1) cJSON_AddItemToArray(a, cJSON_CreateNumber(i));
    }
}

/* ------------------------------------------------ undo against bots (issue 21) */

/* Back to `last` moves in memory (the store already is): the state
 * replayed, events and clocks cut back, connections resent from there. */
static int truncate_locked(srv_table *t, int last, gg_error *ge)
{
    gg_record_truncate(t->rec, last);
    gg_state *now = gg_record_replay(t->rec, -1, ge);
    if (!now) { /* cannot happen: the record replayed before */
        t->broken = 1;
        snprintf(t->broken_reason, sizeof t->broken_reason, "undo: %.200s", ge->msg);
        return -1;
    }
    gg_free(t->state);
    t->state = now;
    gg_events_truncate(t->ev, t->ev_at[last]);
    clock_rebuild(t);
    t->gen++; /* a bot thinking about the old position moves no more */
    for (srv_conn *c = t->conns; c; c = c->next) {
        if (c->log_sent > last) c->log_sent = last;
        if (c->ev_sent > t->ev_at[last]) c->ev_sent = t->ev_at[last];
        c->ev_all = 0;
    }
    return 0;
}

/* Back to before seat's last move (and the bots' replies), with the
 * terminal's rule (gg_action_reveals): never across a move that told the
 * person something hidden or drew chance. Only at a table where every
 * other seat is a bot. Table locked. */
static int undo_locked(srv_table *t, int seat, const char *token, srv_err *e)
{
    if (t->gone_at) return srv_fail(e, 404, "unknown_table", "this table has expired");
    if (t->broken)
        return srv_fail(e, 409, "broken", "this table could not be restored: %s", t->broken_reason);
    if (t->seats[seat].bot) return srv_fail(e, 403, "bot_seat", "seat %d is played by a bot", seat);
    if (!token || !srv_token_equal(token, t->seats[seat].token))
        return srv_fail(e, 403, "bad_token", "wrong token for seat %d", seat);
    if (people_at(t) != 1)
        return srv_fail(e, 409, "not_alone", "undo is only for a table whose other seats are all "
                        "bots; here %d people play", people_at(t));
    if (table_over(t)) return srv_fail(e, 409, "game_over", "the game is over");
    if (reg.store_failed) return srv_fail(e, 503, "storage", "%s", reg.store_error);
    int n = gg_record_length(t->rec), last = -1;
    for (int i = n - 1; i >= 0 && last < 0; i--) {
        int s;
        gg_record_action_text(t->rec, i, &s);
        if (s == seat) last = i;
    }
    if (last < 0) return srv_fail(e, 409, "nothing_to_undo", "you have not moved yet: nothing to take back");
    gg_error ge;
    gg_state *s = gg_record_replay(t->rec, last, &ge);
    if (!s) return srv_fail(e, 500, "internal", "%s", ge.msg);
    gg_rng rng;
    gg_rng_seed(&rng, t->seed ^ 0x756e646f756e646full ^ (uint64_t)last);
    int bad = -1;
    for (int i = last; i < n && bad < 0; i++) {
        int si;
        gg_action a;
        const char *text = gg_record_action_text(t->rec, i, &si);
        if (gg_action_parse(s, si, text, &a, &ge) != GG_OK || gg_action_reveals(s, si, a, seat, &rng) ||
            gg_apply(s, si, a, &ge) != GG_OK)
            bad = i;
    }
    gg_free(s);
    if (bad >= 0)
        return srv_fail(e, 409, "cannot_undo", "move %d revealed something hidden or drew a card "
                        "or chance: undo never goes back across it", bad + 1);
    char err[STORE_ERR];
    if (reg.st->ops->truncate_actions(reg.st, t->id, last, err) != 0) return store_fail(e, err);
    if (truncate_locked(t, last, &ge) != 0) return srv_fail(e, 500, "internal", "%s", ge.msg);
    srv_oplog_table(t->id, "undo", seat, last, NULL);
    push_all(t, NULL, -1);
    schedule_if_bot(t);
    return 0;
}

int srv_table_undo(srv_table *t, int seat, const char *token, int *moves, srv_err *e)
{
    if (seat < 0 || seat >= t->players)
        return srv_fail(e, 400, "bad_seat", "this table has seats 0 to %d", t->players - 1);
    pthread_mutex_lock(&t->mu);
    int r = undo_locked(t, seat, token, e);
    *moves = gg_record_length(t->rec);
    pthread_mutex_unlock(&t->mu);
    return r;
}

/* ------------------------------------------------ rematch (issue 21) */

/* One rematch is made at a time: creating it takes the registry's lock,
 * which must never be taken while a table is locked. */
static pthread_mutex_t rematch_mu = PTHREAD_MUTEX_INITIALIZER;

/* The creation request of the same game, options, seats and clock. Table locked. */
static cJSON *rematch_request(const srv_table *t)
{
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "game", gg_game_name(t->game));
    cJSON_AddNumberToObject(req, "players", t->players);
    char *opts = gg_options_json(gg_state_options(t->state), t->game);
    cJSON *o = opts ? cJSON_Parse(opts) : NULL;
    free(opts);
    cJSON_DeleteItemFromObjectCaseSensitive(o, "players");
    cJSON_AddItemToObject(req, "options", o ? o : cJSON_CreateObject());
    cJSON *seats = cJSON_AddArrayToObject(req, "seats");
    for (int i = 0; i < t->players; i++)
        cJSON_AddItemToArray(seats, cJSON_CreateString(t->seats[i].bot ? t->seats[i].spec : "human"));
    if (t->clock.cfg.kind) cJSON_AddItemToObject(req, "clock", srv_clock_cfg_json(&t->clock.cfg));
    return req;
}

static int rematch_check(const srv_table *t, int seat, const char *token, srv_err *e)
{
    if (t->gone_at) return srv_fail(e, 404, "unknown_table", "this table has expired");
    if (t->seats[seat].bot) return srv_fail(e, 403, "bot_seat", "seat %d is played by a bot", seat);
    if (!token || !srv_token_equal(token, t->seats[seat].token))
        return srv_fail(e, 403, "bad_token", "only the players seated here may offer or accept "
                        "a rematch; wrong token for seat %d", seat);
    if (!table_over(t)) return srv_fail(e, 409, "not_over", "a rematch is offered once the game is over");
    return 0;
}

/* Offers (the first call makes the new table) or accepts the rematch:
 * returns {"type":"rematch","table","seat","token","invite"} for the new
 * table (plus "admin" for the one who offered), or NULL with e. */
cJSON *srv_table_rematch(srv_table *t, int seat, const char *token, const char *creator,
                         srv_err *e)
{
    if (seat < 0 || seat >= t->players) {
        srv_fail(e, 400, "bad_seat", "this table has seats 0 to %d", t->players - 1);
        return NULL;
    }
    pthread_mutex_lock(&rematch_mu);
    pthread_mutex_lock(&t->mu);
    int ok = rematch_check(t, seat, token, e) == 0;
    char rid[SRV_ID_HEX + 1];
    snprintf(rid, sizeof rid, "%s", t->rematch);
    cJSON *req = ok && !rid[0] ? rematch_request(t) : NULL;
    pthread_mutex_unlock(&t->mu);
    cJSON *made = req ? srv_table_create(req, creator, e) : NULL;
    cJSON_Delete(req);
    if (made) snprintf(rid, sizeof rid, "%s", cJSON_GetObjectItemCaseSensitive(made, "id")->valuestring);
    srv_table *nt = ok && rid[0] ? srv_table_find(rid) : NULL;
    if (ok && !nt && !e->code) srv_fail(e, 410, "gone", "the rematch's table has expired");
    cJSON *reply = NULL;
    if (nt) {
        char tok[SRV_TOKEN_HEX + 1];
        pthread_mutex_lock(&nt->mu);
        snprintf(tok, sizeof tok, "%s", nt->seats[seat].bot ? "" : nt->seats[seat].token);
        pthread_mutex_unlock(&nt->mu);
        pthread_mutex_lock(&t->mu);
        int seats = t->rematch_seats | 1 << seat;
        char err[STORE_ERR];
        if (!tok[0]) {
            srv_fail(e, 409, "bot_seat", "your seat at the rematch is played by a bot now");
        } else if (reg.st->ops->set_rematch(reg.st, t->id, rid, seats, err) != 0) {
            store_fail(e, err);
        } else {
            snprintf(t->rematch, sizeof t->rematch, "%s", rid);
            t->rematch_seats = seats;
            srv_oplog_table(t->id, "rematch", seat, -1, rid);
            reply = cJSON_CreateObject();
            cJSON_AddStringToObject(reply, "type", "rematch");
            cJSON_AddStringToObject(reply, "table", rid);
            cJSON_AddNumberToObject(reply, "seat", seat);
            cJSON_AddStringToObject(reply, "token", tok);
            char link[160];
            snprintf(link, sizeof link, "/table.html#table=%s&seat=%d&token=%s", rid, seat, tok);
            cJSON_AddStringToObject(reply, "invite", link);
            const cJSON *admin = cJSON_GetObjectItemCaseSensitive(made, "admin");
            if (cJSON_IsString(admin)) cJSON_AddStringToObject(reply, "admin", admin->valuestring);
            push_all(t, NULL, -1);
        }
        pthread_mutex_unlock(&t->mu);
    }
    cJSON_Delete(made);
    pthread_mutex_unlock(&rematch_mu);
    return reply;
}

/* ------------------------------------------------------------ records */

char *srv_table_record(srv_table *t, srv_err *e)
{
    pthread_mutex_lock(&t->mu);
    char *r = NULL;
    if (!table_over(t))
        srv_fail(e, 403, "not_over", "the record is shown once the game is over");
    else if (!(r = gg_record_json(t->rec)))
        srv_fail(e, 500, "internal", "out of memory");
    if (r && t->adjudicated) { /* rule G-1 ended it: the record says so, as match's do */
        cJSON *root = cJSON_Parse(r);
        cJSON_AddTrueToObject(root, "adjudicated");
        char *with = root ? cJSON_PrintUnformatted(root) : NULL;
        cJSON_Delete(root);
        if (with) free(r), r = with;
    }
    pthread_mutex_unlock(&t->mu);
    return r;
}

cJSON *srv_table_replay(srv_table *t, int viewer, const char *token, int step, srv_err *e)
{
    pthread_mutex_lock(&t->mu);
    cJSON *m = NULL;
    int moves = gg_record_length(t->rec);
    int over = table_over(t);
    if (viewer < GG_SPECTATOR || viewer >= t->players) {
        srv_fail(e, 400, "bad_seat", "viewer must be -1 (spectator) or 0 to %d",
                 t->players - 1);
    } else if (!over && viewer >= 0 && !srv_token_equal(token, t->seats[viewer].token)) {
        srv_fail(e, 403, "bad_token",
                 "until the game is over, only seat %d may replay its own view", viewer);
    } else if (step < 0 || step > moves) {
        srv_fail(e, 400, "bad_step", "step must be 0 to %d", moves);
        srv_fail_range(e, NULL, 0, moves);
    } else {
        gg_error ge;
        gg_record *rec = t->rec;
        gg_state *s = gg_record_replay(rec, step, &ge);
        char *view = s ? gg_view_json(s, viewer) : NULL;
        if (!view) {
            srv_fail(e, 500, "internal", "%s", s ? "out of memory" : ge.msg);
        } else {
            m = cJSON_CreateObject();
            cJSON_AddStringToObject(m, "type", "replay");
            cJSON_AddStringToObject(m, "table", t->id);
            cJSON_AddNumberToObject(m, "viewer", viewer);
            cJSON_AddNumberToObject(m, "step", step);
            cJSON_AddNumberToObject(m, "moves", moves);
            cJSON_AddBoolToObject(m, "over", over);
            cJSON_AddRawToObject(m, "view", view);
            cJSON_AddItemToObject(m, "log", log_lines(t, viewer, 0, step));
            /* the events up to this step, as this viewer saw them during
             * play; everything once the game is over */
            cJSON_AddItemToObject(m, "events",
                                  events_slice(t, 0, t->ev_at[step], over ? GG_EVERYONE : viewer));
            cJSON_AddNumberToObject(m, "events_before", step > 0 ? t->ev_at[step - 1] : 0);
        }
        free(view);
        gg_free(s);
    }
    pthread_mutex_unlock(&t->mu);
    return m;
}

/* ------------------------------------------------------------ restore */

typedef struct restore_ctx {
    srv_table *cur;
    int tables, moves, broken;
    int replay_failed; /* the current table's log stopped replaying */
} restore_ctx;

static int restore_table(void *ctx, const store_table *row)
{
    restore_ctx *rc = ctx;
    rc->cur = NULL;
    rc->replay_failed = 0;
    const gg_game *game = gg_game_find(row->game);
    if (!game) {
        fprintf(stderr, "gemgames serve: table %s: unknown game %s, skipped\n", row->id,
                row->game);
        return 1;
    }
    /* Options and seed are read back through the record format. */
    size_t n = strlen(row->game) + strlen(row->options) + strlen(row->seed) + 64;
    char *json = malloc(n);
    if (!json) return 1;
    snprintf(json, n, "{\"game\":\"%s\",\"options\":%s,\"seed\":\"%s\"}", row->game,
             row->options, row->seed);
    gg_error ge;
    gg_record *hdr = gg_record_parse(json, &ge);
    free(json);
    srv_table *t = NULL;
    srv_err e;
    if (hdr) {
        gg_state *s0 = gg_record_start(hdr, &ge);
        if (s0) t = table_new(game, gg_state_options(s0), gg_state_seed(s0), &e);
        gg_free(s0);
    }
    gg_record_free(hdr);
    if (!t || strlen(row->id) != SRV_ID_HEX || strlen(row->admin) != SRV_TOKEN_HEX ||
        seats_from_store(t, row->seats) != 0) {
        fprintf(stderr, "gemgames serve: table %s: unreadable header, skipped\n", row->id);
        table_free(t);
        return 1;
    }
    strcpy(t->id, row->id);
    strcpy(t->admin, row->admin);
    t->seats_text = strdup(row->seats); /* NULL (out of memory): seat updates unconditional */
    snprintf(t->creator, sizeof t->creator, "%s", row->creator);
    t->created = row->created;
    t->last_move = row->last_move > row->created ? row->last_move : row->created;
    t->seed_chosen = row->seed_chosen;
    t->is_public = row->is_public;
    {
        srv_clock_cfg ck;
        int actors[GG_MAX_SEATS];
        int na = gg_actors(t->state, actors);
        if (srv_clock_cfg_load(row->clock, &ck) != 0) {
            fprintf(stderr, "gemgames serve: table %s: unreadable clock, played without\n", t->id);
            memset(&ck, 0, sizeof ck);
        }
        t->clock.start_ms = row->clock_start;
        srv_clock_reset(&t->clock, &ck, t->players, actors, na);
        if (row->rematch && strlen(row->rematch) == SRV_ID_HEX) strcpy(t->rematch, row->rematch);
        t->rematch_seats = row->rematch_seats;
    }
    if (t->broken) fprintf(stderr, "gemgames serve: table %s: %s; marked broken\n", t->id,
                           t->broken_reason);
    rc->cur = t;
    return 0;
}

/* Applies stored move `index` (the table's next) as a restore does, its
 * clocks from the stored time. */
static int apply_stored_locked(srv_table *t, int index, int seat, const char *text,
                               int64_t ts_ms, int flags)
{
    gg_error ge;
    gg_action a;
    int len = gg_record_length(t->rec);
    int before[GG_MAX_SEATS], after[GG_MAX_SEATS];
    int nb = gg_actors(t->state, before);
    if (seat < 0 || seat >= t->players || moves_reserve(t, len + 1) != 0 ||
        gg_action_parse(t->state, seat, text, &a, &ge) != GG_OK ||
        events_mark(t, len + 1) != 0 || gg_record_add(t->rec, t->state, seat, a) != GG_OK ||
        gg_apply_events(t->state, seat, a, t->ev, &ge) != GG_OK) {
        fprintf(stderr, "gemgames serve: table %s: move %d \"%s\" does not replay\n", t->id,
                index, text);
        gg_record_truncate(t->rec, len);
        snprintf(t->broken_reason, sizeof t->broken_reason,
                 "stored move %d \"%.60s\" does not replay (%.80s)", index, text,
                 seat < 0 || seat >= t->players ? "no such seat" : ge.msg);
        t->broken = 1;
        return -1;
    }
    t->ev_at[len + 1] = gg_events_count(t->ev);
    /* the clocks from the stored times: the same as before the restart */
    t->move_ms[len] = ts_ms;
    t->move_flags[len] = (unsigned char)flags;
    int na = gg_actors(t->state, after);
    srv_clock_move(&t->clock, seat, before, nb, after, na, ts_ms, flags);
    return 0;
}

static int restore_action(void *ctx, const char *id, int index, int seat, const char *text,
                          int64_t ts_ms, int flags)
{
    restore_ctx *rc = ctx;
    srv_table *t = rc->cur;
    (void)id;
    if (!t || rc->replay_failed) return 1;
    if (apply_stored_locked(t, index, seat, text, ts_ms, flags) != 0) {
        rc->replay_failed = 1;
        return 1;
    }
    rc->moves++;
    return 0;
}

static int restore_chat(void *ctx, const store_chat *m)
{
    restore_ctx *rc = ctx;
    if (!rc->cur) return 1;
    srv_chat_restore(rc->cur->chat, m->index, m->seat, m->name, m->text, m->ts);
    return 0;
}

static int restore_done(void *ctx, const char *id, const char *problem)
{
    restore_ctx *rc = ctx;
    srv_table *t = rc->cur;
    rc->cur = NULL;
    if (!t) return 0;
    if (problem && !t->broken) {
        fprintf(stderr, "gemgames serve: table %s: %s; marked broken\n", id, problem);
        snprintf(t->broken_reason, sizeof t->broken_reason, "%s", problem);
        t->broken = 1;
    }
    for (int i = 0; i < t->players; i++)
        if (t->seats[i].b) seat_make_bot(t, i, t->seats[i].spec, NULL); /* reseed */
    int reg_r = register_table(t);
    if (reg_r != 0) {
        table_free(t);
        return reg_r < 0; /* 1: fetched twice at once, the other copy is registered */
    }
    rc->tables++;
    rc->broken += t->broken;
    pthread_mutex_lock(&t->mu);
    if (!t->broken) length_rule(t); /* before any bot may move (no write) */
    pthread_mutex_unlock(&t->mu);
    return 0; /* bots are scheduled once every table is read (srv_tables_init) */
}

/* ------------------------------------------------------------ sync hooks */

int srv_table_moves_locked(const srv_table *t) { return gg_record_length(t->rec); }

int srv_table_apply_stored_locked(srv_table *t, int index, int seat, const char *text,
                                  int64_t ts_ms, int flags)
{
    if (t->broken || index != gg_record_length(t->rec)) return -1;
    if (apply_stored_locked(t, index, seat, text, ts_ms, flags) != 0) return -1;
    t->last_move = (int64_t)time(NULL);
    return 0;
}

void srv_table_seats_stored_locked(srv_table *t, const char *seats)
{
    char *text = strdup(seats);
    if (text) {
        free(t->seats_text);
        t->seats_text = text; /* what the next conditional update compares */
    }
    cJSON *a = cJSON_Parse(seats);
    for (int i = 0; i < t->players && cJSON_IsArray(a); i++) {
        const cJSON *o = cJSON_GetArrayItem(a, i);
        const cJSON *bot = cJSON_GetObjectItemCaseSensitive(o, "bot");
        const cJSON *tok = cJSON_GetObjectItemCaseSensitive(o, "token");
        if (!t->seats[i].bot && cJSON_IsString(tok) && strlen(tok->valuestring) == SRV_TOKEN_HEX) {
            /* a person's seat changed elsewhere: a name, or taken from the lobby
             * (a new token: whoever sat with the old one watches from now on) */
            if (strcmp(t->seats[i].token, tok->valuestring) != 0) {
                strcpy(t->seats[i].token, tok->valuestring);
                for (srv_conn *c = t->conns; c; c = c->next)
                    if (c->seat == i) c->seat = GG_SPECTATOR;
            }
            seat_people_from_store(&t->seats[i], o);
            continue;
        }
        if (!cJSON_IsString(bot) || t->seats[i].bot) continue;
        /* handed to a bot through another server: the same as here */
        srv_seat saved = t->seats[i];
        t->seats[i].b = NULL;
        if (seat_make_bot(t, i, bot->valuestring, NULL) != 0) {
            t->seats[i] = saved;
            continue;
        }
        for (srv_conn *c = t->conns; c; c = c->next)
            if (c->seat == i) c->seat = GG_SPECTATOR;
    }
    cJSON_Delete(a);
}

void srv_table_truncate_stored_locked(srv_table *t, int moves)
{
    gg_error ge;
    if (moves >= 0 && moves < gg_record_length(t->rec)) truncate_locked(t, moves, &ge);
}

void srv_table_meta_stored_locked(srv_table *t, int64_t clock_start, const char *rematch,
                                  int rematch_seats)
{
    if (clock_start && !t->clock.start_ms) t->clock.start_ms = clock_start;
    if (rematch && strlen(rematch) == SRV_ID_HEX) strcpy(t->rematch, rematch);
    t->rematch_seats |= rematch_seats;
}

void srv_table_changed_locked(srv_table *t)
{
    push_all(t, NULL, -1);
    if (!t->broken) schedule_if_bot(t);
}

/* What a loaded table's stored moves imply but a crash may have left
 * unwritten: a seat out of time too often goes to its bot; rule G-1 ends a
 * table of bots past the limit; a bot to act is queued. */
static void after_load(srv_table *t)
{
    pthread_mutex_lock(&t->mu);
    if (!t->broken) {
        clock_owed_to_bots(t);
        length_rule(t);
        schedule_if_bot(t);
    }
    pthread_mutex_unlock(&t->mu);
}

srv_table *srv_table_fetch(const char *id)
{
    restore_ctx rc = {0};
    store_loader ld = {&rc, restore_table, restore_action, restore_done, restore_chat,
                       SRV_CHAT_KEEP};
    char err[STORE_ERR];
    if (!reg.st->ops->load_table || reg.st->ops->load_table(reg.st, id, &ld, err) != 0)
        return NULL;
    srv_table *t = find_local(id);
    if (t && rc.tables) after_load(t); /* as srv_tables_init does for every table */
    return t;
}

void srv_tables_each(void (*fn)(srv_table *t))
{
    int n;
    srv_table **copy = registry_snapshot(&n);
    for (int i = 0; copy && i < n; i++) fn(copy[i]);
    free(copy);
}

int srv_tables_init(store *st, const srv_config *cfg, char *err)
{
    reg.st = st;
    reg.cfg = cfg;
    restore_ctx rc = {0};
    store_loader ld = {&rc, restore_table, restore_action, restore_done, restore_chat,
                       SRV_CHAT_KEEP};
    double t0 = srv_now();
    if (st->ops->load_all(st, &ld, err) != 0) return -1;
    /* What the stored moves imply but a crash may have left unwritten: a
     * seat out of time too often goes to its bot; rule G-1 ends a table of
     * bots past the limit (both write, so not inside load_all). */
    int n;
    srv_table **all = registry_snapshot(&n);
    for (int i = 0; all && i < n; i++) after_load(all[i]);
    free(all);
    if (!cfg->quiet)
        fprintf(stderr, "gemgames serve: restored %d tables (%d moves%s) in %.0f ms\n",
                rc.tables, rc.moves, rc.broken ? ", some broken" : "",
                (srv_now() - t0) * 1000);
    return 0;
}

/* ------------------------------------------------------------ expiry */

/* Expired by the rules, and nobody is there: no connection, no bot thinking
 * or queued. Table locked. */
static int expired_locked(const srv_table *t, int64_t wall)
{
    int64_t idle = wall - t->last_move;
    long limit = table_over(t) ? reg.cfg->expire_over_s : reg.cfg->expire_idle_s;
    return idle >= limit && !t->conns && !t->bot_busy && !srv_bots_queued(t);
}

/* Takes expired tables out of the registry (reg.mu held); returns how many
 * were put at the start of `out`. */
static int unregister_expired(srv_table **out, int max, double now)
{
    int64_t wall = (int64_t)time(NULL);
    int kept = 0, n = 0;
    for (int i = 0; i < reg.n; i++) {
        srv_table *t = reg.all[i];
        pthread_mutex_lock(&t->mu);
        int go = n < max && expired_locked(t, wall);
        if (go) t->gone_at = now;
        pthread_mutex_unlock(&t->mu);
        if (!go) {
            reg.all[kept++] = t;
            continue;
        }
        out[n++] = t;
        for (srv_table **p = &reg.hash[hash_id(t->id)]; *p; p = &(*p)->hnext)
            if (*p == t) {
                *p = t->hnext;
                break;
            }
    }
    reg.n = kept;
    return n;
}

/* Frees expired tables whose grace period is over and that nobody reached
 * meanwhile (reg.mu held). */
static void free_gone(double now)
{
    int kept = 0;
    for (int i = 0; i < reg.n_gone; i++) {
        srv_table *t = reg.gone[i];
        pthread_mutex_lock(&t->mu);
        int free_it = now - t->gone_at >= GRACE_S && !t->conns && !t->bot_busy &&
                      !srv_bots_queued(t);
        pthread_mutex_unlock(&t->mu);
        if (free_it) table_free(t);
        else reg.gone[kept++] = t;
    }
    reg.n_gone = kept;
}

/* Another server deleted the table from the store (expiry): it leaves the
 * registry as an expired one does; its memory goes after the grace period. */
void srv_table_forget(srv_table *t)
{
    double now = srv_now();
    pthread_mutex_lock(&reg.mu);
    int found = 0;
    for (int i = 0; i < reg.n && !found; i++)
        if (reg.all[i] == t) { /* keep the order: newest last */
            memmove(&reg.all[i], &reg.all[i + 1], (size_t)(reg.n - i - 1) * sizeof *reg.all);
            reg.n--;
            found = 1;
        }
    if (found && reg.n_gone == reg.cap_gone) {
        int cap = reg.cap_gone ? reg.cap_gone * 2 : 64;
        srv_table **g = realloc(reg.gone, (size_t)cap * sizeof *g);
        if (g) reg.gone = g, reg.cap_gone = cap;
    }
    if (found) {
        for (srv_table **p = &reg.hash[hash_id(t->id)]; *p; p = &(*p)->hnext)
            if (*p == t) {
                *p = t->hnext;
                break;
            }
        if (reg.n_gone < reg.cap_gone) reg.gone[reg.n_gone++] = t; /* else leaked, not freed early */
        pthread_mutex_lock(&t->mu);
        t->gone_at = now;
        pthread_mutex_unlock(&t->mu);
    }
    pthread_mutex_unlock(&reg.mu);
}

void srv_tables_expire(void)
{
    double now = srv_now();
    long shortest = reg.cfg->expire_over_s < reg.cfg->expire_idle_s ? reg.cfg->expire_over_s
                                                                    : reg.cfg->expire_idle_s;
    if (now < reg.next_sweep) return;
    reg.next_sweep = now + (shortest < 240 ? 1.0 : 60.0);
    enum { BATCH = 1024 };
    srv_table *batch[BATCH];
    pthread_mutex_lock(&reg.mu);
    free_gone(now);
    int n = unregister_expired(batch, BATCH, now);
    if (n > 0 && reg.n_gone + n > reg.cap_gone) {
        int cap = (reg.n_gone + n) * 2;
        srv_table **g = realloc(reg.gone, (size_t)cap * sizeof *g);
        if (g) reg.gone = g, reg.cap_gone = cap;
    }
    for (int i = 0; i < n; i++) {
        if (reg.n_gone < reg.cap_gone) reg.gone[reg.n_gone++] = batch[i];
        /* else: out of memory for the list; the table stays allocated (a leak, not a crash) */
    }
    pthread_mutex_unlock(&reg.mu);
    for (int i = 0; i < n; i++) {
        char err[STORE_ERR];
        if (reg.st->ops->delete_table(reg.st, batch[i]->id, err) != 0) {
            store_fail(NULL, err);
            return;
        }
    }
}

void srv_tables_shutdown(void)
{
    pthread_mutex_lock(&reg.mu);
    for (int i = 0; i < reg.n; i++) table_free(reg.all[i]);
    for (int i = 0; i < reg.n_gone; i++) table_free(reg.gone[i]);
    free(reg.all);
    free(reg.gone);
    reg.all = reg.gone = NULL;
    reg.n = reg.cap = reg.n_gone = reg.cap_gone = 0;
    memset(reg.hash, 0, sizeof reg.hash);
    pthread_mutex_unlock(&reg.mu);
}

/* ------------------------------------------------------------ people */

/* Stores the seats after a change to one; on failure puts `saved` back.
 * Table locked. The seats are replaced only if the store still holds what
 * this server last read or wrote (seats_write_if); STORE_CONFLICT when
 * another server changed them (the caller catches up and checks again). */
static int seats_commit(srv_table *t, int seat, const srv_seat *saved, srv_err *e)
{
    char *seats = seats_store_json(t);
    char err[STORE_ERR];
    int r = 0;
    if (!seats) r = srv_fail(e, 503, "internal", "out of memory");
    else if (reg.store_failed) {
        free(seats);
        r = srv_fail(e, 503, "storage", "%s", reg.store_error);
    } else {
        int c = seats_write_if(t, seats, -1, err);
        r = c == STORE_CONFLICT ? STORE_CONFLICT : c != 0 ? store_fail(e, err) : 0;
    }
    if (r != 0) t->seats[seat] = *saved;
    return r;
}

/* `clean` made unique among the other seats' names (people.c). Table locked. */
static void name_for_seat(const srv_table *t, int seat, const char *clean,
                          char out[SRV_NAME_BYTES])
{
    const char *others[GG_MAX_SEATS];
    int n = 0;
    for (int i = 0; i < t->players; i++)
        if (i != seat && !t->seats[i].bot) others[n++] = t->seats[i].name;
    srv_name_unique(others, n, clean, out);
}

/* A person names themselves: shown on the board, in the log and chat. (An
 * open seat has no holder yet: its token was never given out.) A name
 * another seat holds is given with a suffix: "Anna (2)". */
int srv_table_set_name(srv_table *t, int seat, const char *token, const char *name, srv_err *e)
{
    char clean[SRV_NAME_BYTES], given[SRV_NAME_BYTES];
    if (seat < 0 || seat >= t->players)
        return srv_fail(e, 400, "bad_seat", "this table has seats 0 to %d", t->players - 1);
    if (!name) return srv_fail(e, 400, "bad_name", "\"name\" must be text");
    if (srv_name_clean(name, clean, e) != 0) return -1;
    pthread_mutex_lock(&t->mu);
    srv_seat *s = &t->seats[seat], saved = *s;
    name_for_seat(t, seat, clean, given);
    int r = 0;
    if (t->gone_at) r = srv_fail(e, 404, "unknown_table", "this table has expired");
    else if (s->bot) r = srv_fail(e, 403, "bot_seat", "seat %d is played by a bot", seat);
    else if (!token || !srv_token_equal(token, s->token))
        r = srv_fail(e, 403, "bad_token", "wrong token for seat %d", seat);
    else if (strcmp(s->name, given) != 0 || s->open) {
        snprintf(s->name, sizeof s->name, "%s", given);
        s->open = 0;
        if (!(r = seats_commit(t, seat, &saved, e))) push_all(t, NULL, -1);
        else if (r == STORE_CONFLICT) { /* another server changed the seats first */
            srv_sync_catch_up_locked(t);
            r = srv_fail(e, 409, "seats_changed", "the seats just changed; try again");
        }
    }
    pthread_mutex_unlock(&t->mu);
    return r;
}

int srv_table_take_seat(srv_table *t, int seat, const char *name, char *token, srv_err *e)
{
    char clean[SRV_NAME_BYTES];
    if (seat < 0 || seat >= t->players)
        return srv_fail(e, 400, "bad_seat", "this table has seats 0 to %d", t->players - 1);
    if (!name) return srv_fail(e, 400, "bad_name", "\"name\" must be text: who takes the seat");
    if (srv_name_clean(name, clean, e) != 0) return -1;
    pthread_mutex_lock(&t->mu);
    int r = 0;
    for (int tries = 0; tries < 8; tries++) {
    srv_seat *s = &t->seats[seat], saved = *s;
    r = 0;
    if (t->gone_at) r = srv_fail(e, 404, "unknown_table", "this table has expired");
    else if (!t->is_public) r = srv_fail(e, 403, "not_public", "this table is by invitation only");
    else if (gg_is_over(t->state)) r = srv_fail(e, 409, "game_over", "the game is over");
    else if (!s->open || s->bot) r = srv_fail(e, 409, "seat_taken", "seat %d is not free", seat);
    else if (srv_random_hex(s->token, SRV_TOKEN_HEX / 2) != 0 ||
             srv_random_hex(s->player, SRV_PLAYER_HEX / 2) != 0) {
        *s = saved;
        r = srv_fail(e, 503, "internal", "no random source");
    } else {
        name_for_seat(t, seat, clean, s->name); /* unique at the table */
        s->open = 0;
        if (!(r = seats_commit(t, seat, &saved, e))) {
            strcpy(token, s->token);
            srv_oplog_table(t->id, "seat_taken", seat, -1, NULL);
            /* whoever sat there with the old invite now only watches */
            for (srv_conn *c = t->conns; c; c = c->next)
                if (c->seat == seat) c->seat = GG_SPECTATOR;
            push_all(t, NULL, -1);
        }
    }
    /* another server changed the seats first (maybe took this one): read
     * them and decide again */
    if (r != STORE_CONFLICT || srv_sync_catch_up_locked(t) < 0) break;
    }
    if (r == STORE_CONFLICT)
        r = srv_fail(e, 503, "storage", "the seats kept changing; try again");
    pthread_mutex_unlock(&t->mu);
    return r;
}

/* Table locked. Only public facts: what info says, for open seats. */
static cJSON *lobby_entry_locked(srv_table *t)
{
    int open = 0;
    for (int i = 0; i < t->players; i++) open += t->seats[i].open;
    if (!t->is_public || !open || t->broken || t->gone_at || gg_is_over(t->state)) return NULL;
    return info_locked(t);
}

cJSON *srv_table_lobby_entry(srv_table *t)
{
    pthread_mutex_lock(&t->mu);
    cJSON *o = lobby_entry_locked(t);
    pthread_mutex_unlock(&t->mu);
    return o;
}

/* The public tables with a free seat, newest first (at most 100). */
cJSON *srv_tables_lobby(void)
{
    int n;
    srv_table **copy = registry_snapshot(&n);
    cJSON *a = cJSON_CreateArray();
    for (int i = n - 1, k = 0; copy && i >= 0 && k < 100; i--) {
        cJSON *o = srv_table_lobby_entry(copy[i]);
        if (o) cJSON_AddItemToArray(a, o), k++;
    }
    free(copy);
    return a;
}

/* What "my tables" shows of one seat's table: the public info (whose turn,
 * names, moves, result) plus "your_turn" — nothing of any view. */
cJSON *srv_table_seat_status(srv_table *t, int seat, const char *token, srv_err *e)
{
    if (srv_table_check_seat(t, seat, token, e) != 0) return NULL;
    pthread_mutex_lock(&t->mu);
    cJSON *o = info_locked(t);
    cJSON_AddNumberToObject(o, "seat", seat);
    cJSON_AddBoolToObject(o, "your_turn", !gg_is_over(t->state) && gg_is_actor(t->state, seat));
    cJSON_AddNumberToObject(o, "last_move", (double)t->last_move);
    pthread_mutex_unlock(&t->mu);
    return o;
}

/* Access for chat.c. */
void srv_table_lock(srv_table *t) { pthread_mutex_lock(&t->mu); }
void srv_table_unlock(srv_table *t) { pthread_mutex_unlock(&t->mu); }
srv_chat *srv_table_chat_of(srv_table *t) { return t->chat; }
int srv_table_players(const srv_table *t) { return t->players; }
int srv_table_gone(const srv_table *t) { return t->gone_at != 0; }
const char *srv_table_name_locked(const srv_table *t, int seat)
{
    return seat >= 0 && seat < t->players && !t->seats[seat].bot ? t->seats[seat].name : "";
}
void srv_table_send_all_locked(srv_table *t, const char *text, size_t len)
{
    for (srv_conn *c = t->conns; c; c = c->next) c->send(c->handle, text, len);
}
store *srv_tables_store(void) { return reg.st; }
int srv_tables_store_fail(srv_err *e, const char *err)
{
    if (reg.store_failed) return srv_fail(e, 503, "storage", "%s", reg.store_error);
    return store_fail(e, err);
}
double srv_tables_chat_rate(void) { return reg.cfg && reg.cfg->rate > 0 ? 1.0 : 0; }
