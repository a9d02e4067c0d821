/* api.c — the public game API: dispatch to the game's table, plus the parts
 * every game shares (state header, validation, JSON envelope). */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

static gg_state *alloc_state(const gg_game *game)
{
    gg_state *s = calloc(1, game->state_size);
    if (s) {
        s->game = game;
        s->size = (uint32_t)game->state_size;
    }
    return s;
}

gg_state *gg_new(const gg_game *game, const gg_options *opts, uint64_t seed, gg_error *err)
{
    if (!game) {
        gg_fail(err, GG_EOPTION, "no such game");
        return NULL;
    }
    if (opts->players < game->min_players || opts->players > game->max_players) {
        gg_fail(err, GG_EOPTION, "%s is for %d to %d players, not %d", game->title,
                game->min_players, game->max_players, opts->players);
        return NULL;
    }
    gg_state *s = alloc_state(game);
    if (!s) {
        gg_fail(err, GG_ENOMEM, "out of memory");
        return NULL;
    }
    s->players = opts->players;
    s->opts = *opts;
    gg_options_normalize(&s->opts, game); /* the state says what is played */
    s->seed = seed;
    gg_rng_seed(&s->rng, seed);
    if (game->init(s, err) != GG_OK) {
        free(s);
        return NULL;
    }
    return s;
}

void gg_free(gg_state *s) { free(s); }

gg_state *gg_clone(const gg_state *s)
{
    gg_state *c = malloc(s->size);
    if (c) memcpy(c, s, s->size);
    return c;
}

void gg_copy(gg_state *dst, const gg_state *src)
{
    GG_ASSERT(dst->game == src->game);
    memcpy(dst, src, src->size);
}

size_t gg_state_size(const gg_state *s) { return s->size; }
const gg_game *gg_state_game(const gg_state *s) { return s->game; }
const gg_options *gg_state_options(const gg_state *s) { return &s->opts; }
int gg_players(const gg_state *s) { return s->players; }
uint64_t gg_state_seed(const gg_state *s) { return s->seed; }

int gg_state_equal(const gg_state *a, const gg_state *b)
{
    return a->size == b->size && memcmp(a, b, a->size) == 0;
}

int gg_actors(const gg_state *s, int seats[GG_MAX_SEATS])
{
    return s->game->actors(s, seats);
}

int gg_is_actor(const gg_state *s, int seat)
{
    int seats[GG_MAX_SEATS];
    int n = s->game->actors(s, seats);
    for (int i = 0; i < n; i++)
        if (seats[i] == seat) return 1;
    return 0;
}

/* gg_legal for modules whose legal() does not refuse other seats itself.
 * Kept out of line so that the usual path of gg_legal needs no stack frame
 * (the seats array lives here). */
__attribute__((noinline)) static int legal_if_actor(const gg_state *s, int seat, gg_action *out)
{
    return gg_is_actor(s, seat) ? s->game->legal(s, seat, out) : 0;
}

int gg_legal(const gg_state *s, int seat, gg_action *out)
{
    if (seat < 0 || seat >= s->players) return 0;
    if (s->game->legal_checks_seat) return s->game->legal(s, seat, out);
    return legal_if_actor(s, seat, out);
}

/* gg_legal_random through the list, out of line: the usual path below then
 * needs no stack frame (the list lives here). */
__attribute__((noinline)) static int legal_random_listed(const gg_state *s, int seat, gg_rng *rng, gg_action *a)
{
    gg_action legal[GG_MAX_ACTIONS];
    int k = gg_legal(s, seat, legal);
    if (k > 0) *a = legal[gg_rng_below(rng, (uint32_t)k)];
    return k;
}

int gg_legal_random(const gg_state *s, int seat, gg_rng *rng, gg_action *a)
{
    if (seat < 0 || seat >= s->players) return 0;
    if (s->game->legal_random && (s->game->legal_checks_seat || gg_is_actor(s, seat)))
        return s->game->legal_random(s, seat, rng, a);
    return legal_random_listed(s, seat, rng, a);
}

static gg_status check_seat(const gg_state *s, int seat, gg_error *err)
{
    if (s->game->is_over(s)) return gg_fail(err, GG_EOVER, "the game is over");
    if (seat < 0 || seat >= s->players)
        return gg_fail(err, GG_ESEAT, "there is no seat %d at this %d-player table", seat,
                       s->players);
    if (!gg_is_actor(s, seat)) {
        int seats[GG_MAX_SEATS];
        int n = gg_actors(s, seats);
        char who[64] = "";
        for (int i = 0; i < n; i++) {
            char one[8];
            snprintf(one, sizeof one, "%s%d", i ? ", " : "", seats[i]);
            strncat(who, one, sizeof who - strlen(who) - 1);
        }
        return gg_fail(err, GG_ESEAT, "seat %d is not to act now (waiting for seat %s)", seat,
                       who);
    }
    return GG_OK;
}

static gg_status validate(const gg_state *s, int seat, gg_action a, gg_error *err)
{
    gg_status st = check_seat(s, seat, err);
    if (st) return st;
    if (s->game->validate) return s->game->validate(s, seat, a, err);
    gg_action list[GG_MAX_ACTIONS];
    int n = s->game->legal(s, seat, list);
    for (int i = 0; i < n; i++)
        if (list[i] == a) return GG_OK;
    return gg_fail(err, GG_EILLEGAL, "that action is not legal now");
}

gg_status gg_apply(gg_state *s, int seat, gg_action a, gg_error *err)
{
    gg_status st = validate(s, seat, a, err);
    if (st) return st;
    s->game->apply(s, seat, a);
    return GG_OK;
}

void gg_apply_trusted(gg_state *s, int seat, gg_action a) { s->game->apply(s, seat, a); }

/* gg_apply with the event sink attached for this one call (events.c). */
void gg_events_setup(const gg_state *s, gg_events *ev)
{
    if (!s || !ev || !s->game->setup_events) return;
    gg_events *outer = gg_ev_sink;
    gg_ev_sink = ev;
    s->game->setup_events(s, ev);
    gg_ev_sink = outer;
}

gg_status gg_apply_events(gg_state *s, int seat, gg_action a, gg_events *ev, gg_error *err)
{
    gg_status st = validate(s, seat, a, err);
    if (st) return st;
    gg_state *before = gg_clone(s);
    if (!before) return gg_fail(err, GG_ENOMEM, "out of memory");
    gg_events *outer = gg_ev_sink;
    gg_ev_sink = ev;
    if (s->game->decision_events) s->game->decision_events(before, seat, a, ev);
    s->game->apply(s, seat, a);
    gg_ev_sink = outer;
    if (s->game->after_events) s->game->after_events(before, seat, a, s, ev);
    if (s->game->is_over(s)) gg_ev_game_over(s, ev);
    free(before);
    return GG_OK;
}

int gg_action_format(const gg_state *s, int seat, gg_action a, char *buf, size_t n)
{
    return s->game->format(s, seat, a, buf, n);
}

int gg_action_announce(const gg_state *s, int seat, gg_action a, int viewer, char *buf,
                       size_t n)
{
    if (!s->game->announce) return s->game->format(s, seat, a, buf, n);
    return s->game->announce(s, seat, a, viewer, buf, n);
}

gg_status gg_action_parse(const gg_state *s, int seat, const char *text, gg_action *out,
                          gg_error *err)
{
    if (!text) return gg_fail(err, GG_EPARSE, "no action given");
    if (strlen(text) > 200) return gg_fail(err, GG_EPARSE, "action text too long");
    return s->game->parse(s, seat, text, out, err);
}

gg_status gg_play(gg_state *s, int seat, const char *text, gg_error *err)
{
    gg_action a;
    gg_status st = check_seat(s, seat, err);
    if (st) return st;
    st = gg_action_parse(s, seat, text, &a, err);
    if (st) return st;
    return gg_apply(s, seat, a, err);
}

int gg_is_over(const gg_state *s) { return s->game->is_over(s); }

void gg_result_get(const gg_state *s, gg_result *r)
{
    memset(r, 0, sizeof *r);
    r->players = s->players;
    s->game->result(s, r);
}

char *gg_result_json(const gg_state *s)
{
    gg_result r;
    gg_result_get(s, &r);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddBoolToObject(o, "over", r.over);
    cJSON_AddItemToObject(o, "score", cJSON_CreateIntArray((const int *)r.score, r.players));
    cJSON_AddItemToObject(o, "rank", cJSON_CreateIntArray(r.rank, r.players));
    cJSON_AddNumberToObject(o, "winners", r.winners);
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return text;
}

/* ------------------------------------------------------------------ JSON */

cJSON *gg_u64_to_cjson(uint64_t v)
{
    /* cJSON prints 15 significant digits and takes 16-digit numbers as
     * equal to their rounding, so only numbers below 10^15 stay exact */
    if (v < 1000000000000000ull) return cJSON_CreateNumber((double)v);
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRIu64, v);
    return cJSON_CreateString(buf);
}

gg_status gg_u64_from_cjson(const cJSON *v, const char *key, uint64_t *out, gg_error *err)
{
    if (cJSON_IsNumber(v)) {
        double d = v->valuedouble;
        if (d < 0 || d > 9007199254740992.0 || d != (double)(uint64_t)d)
            return gg_fail(err, GG_EJSON, "\"%s\" must be a whole number from 0 to 2^53 "
                                          "(or a decimal string)", key);
        *out = (uint64_t)d;
        return GG_OK;
    }
    if (cJSON_IsString(v)) {
        const char *p = v->valuestring;
        uint64_t x = 0;
        if (!*p || strlen(p) > 20) return gg_fail(err, GG_EJSON, "\"%s\" is not a number", key);
        for (; *p; p++) {
            if (*p < '0' || *p > '9') return gg_fail(err, GG_EJSON, "\"%s\" is not a number", key);
            uint64_t nx = x * 10 + (uint64_t)(*p - '0');
            if (nx / 10 != x) return gg_fail(err, GG_EJSON, "\"%s\" is too large", key);
            x = nx;
        }
        *out = x;
        return GG_OK;
    }
    return gg_fail(err, GG_EJSON, "\"%s\" must be a number", key);
}

static char *print_and_delete(cJSON *root)
{
    char *out = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return out;
}

char *gg_view_json(const gg_state *s, int seat)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "game", s->game->name);
    cJSON_AddItemToObject(root, "options", gg_options_to_cjson(&s->opts, s->game));
    if (seat >= 0 && seat < s->players)
        cJSON_AddNumberToObject(root, "seat", seat);
    else
        cJSON_AddStringToObject(root, "seat", "spectator");
    int seats[GG_MAX_SEATS];
    int n = gg_actors(s, seats);
    cJSON_AddItemToObject(root, "actors", cJSON_CreateIntArray(seats, n));
    cJSON_AddBoolToObject(root, "over", s->game->is_over(s));
    s->game->view(s, seat >= 0 && seat < s->players ? seat : GG_SPECTATOR, root);
    return print_and_delete(root);
}

/* gg_view_hash: the view's tree hashed as it stands, member names, kinds
 * and values in order, instead of printed (printing the numbers was most of
 * a search's time in Ys). A number is hashed by its value with -0 taken as 0
 * and every non-finite value alike (as cJSON prints them), so two views with
 * the same text have the same hash. */
static uint64_t hash_mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 31);
}

/* A text, 8 bytes at a time (its length first, so "a" and "a\0" differ). */
static uint64_t hash_text(const char *t)
{
    size_t n = strlen(t);
    uint64_t h = n * 0x9E3779B97F4A7C15ull, w;
    for (; n >= 8; n -= 8, t += 8) {
        memcpy(&w, t, 8);
        h = (h ^ w) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    if (n) {
        w = 0;
        memcpy(&w, t, n);
        h = (h ^ w) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    return h;
}

static uint64_t hash_tree(uint64_t h, const cJSON *item)
{
    for (; item; item = item->next) {
        uint64_t x = (uint64_t)(item->type & 0xFF);
        if (item->string) x ^= hash_text(item->string) << 8;
        if (item->type & cJSON_Number) {
            double d = item->valuedouble + 0.0; /* -0 as 0 */
            uint64_t bits;
            if (!isfinite(d)) d = 0x1p1023; /* printed "null" */
            memcpy(&bits, &d, sizeof bits);
            h = hash_mix(h, x);
            h = hash_mix(h, bits);
        } else if (item->type & (cJSON_String | cJSON_Raw)) {
            h = hash_mix(h, x);
            h = hash_mix(h, hash_text(item->valuestring ? item->valuestring : ""));
        } else if (item->child) {
            h = hash_mix(hash_tree(hash_mix(h, x), item->child), 0x5D); /* then the end of it */
        } else {
            h = hash_mix(h, x);
        }
    }
    return h;
}

uint64_t gg_view_hash(const gg_state *s, int seat)
{
    cJSON *root = cJSON_CreateObject();
    if (!root) return 0;
    int seats[GG_MAX_SEATS];
    int n = gg_actors(s, seats);
    cJSON_AddItemToObject(root, "actors", cJSON_CreateIntArray(seats, n));
    cJSON_AddBoolToObject(root, "over", s->game->is_over(s));
    s->game->view(s, seat >= 0 && seat < s->players ? seat : GG_SPECTATOR, root);
    uint64_t h = hash_tree(0, root->child);
    cJSON_Delete(root);
    return h;
}

char *gg_state_json(const gg_state *s)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "game", s->game->name);
    cJSON_AddItemToObject(root, "options", gg_options_to_cjson(&s->opts, s->game));
    cJSON_AddItemToObject(root, "seed", gg_u64_to_cjson(s->seed));
    char rng[24];
    snprintf(rng, sizeof rng, "%016" PRIx64, s->rng.state);
    cJSON_AddStringToObject(root, "rng", rng);
    s->game->save(s, root);
    return print_and_delete(root);
}

static gg_status load_rng(const cJSON *root, gg_rng *rng, gg_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "rng");
    if (!cJSON_IsString(v) || strlen(v->valuestring) != 16)
        return gg_fail(err, GG_EJSON, "\"rng\" must be 16 hex digits");
    uint64_t x = 0;
    for (const char *p = v->valuestring; *p; p++) {
        int d = (*p >= '0' && *p <= '9')   ? *p - '0'
                : (*p >= 'a' && *p <= 'f') ? *p - 'a' + 10
                                           : -1;
        if (d < 0) return gg_fail(err, GG_EJSON, "\"rng\" must be 16 lowercase hex digits");
        x = x << 4 | (uint64_t)d;
    }
    rng->state = x;
    return GG_OK;
}

gg_state *gg_state_load(const char *json, gg_error *err)
{
    if (!json) {
        gg_fail(err, GG_EJSON, "no JSON given");
        return NULL;
    }
    cJSON *root = cJSON_Parse(json);
    if (!root) {
        gg_fail(err, GG_EJSON, "malformed JSON near offset %ld",
                (long)(cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() - json : 0));
        return NULL;
    }
    gg_state *s = NULL;
    gg_status st = GG_OK;
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(root, "game");
    const gg_game *game = cJSON_IsString(g) ? gg_game_find(g->valuestring) : NULL;
    if (!cJSON_IsObject(root)) {
        st = gg_fail(err, GG_EJSON, "a state must be a JSON object");
    } else if (!game) {
        st = gg_fail(err, GG_EJSON, "\"game\" must name a known game");
    } else if (!(s = alloc_state(game))) {
        st = gg_fail(err, GG_ENOMEM, "out of memory");
    } else {
        st = gg_options_from_cjson(&s->opts, game,
                                   cJSON_GetObjectItemCaseSensitive(root, "options"), err);
        if (!st) {
            s->players = s->opts.players;
            st = gg_u64_from_cjson(cJSON_GetObjectItemCaseSensitive(root, "seed"), "seed",
                                   &s->seed, err);
        }
        if (!st) st = load_rng(root, &s->rng, err);
        if (!st) st = game->load(s, root, err);
    }
    cJSON_Delete(root);
    if (st) {
        free(s);
        return NULL;
    }
    return s;
}

void gg_determinize(gg_state *s, int seat, gg_rng *rng)
{
    s->game->determinize(s, seat, rng);
}
