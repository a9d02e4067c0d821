/* clock.c — the time control of a table (docs/server.md, "Clocks").
 *
 * Pure accounting, no locks, no threads: tables.c feeds it every move (who
 * moved, who was to act before and after, when) and asks who is out of
 * time. Everything here is derived from stored data — the time control, the
 * moment the clocks started, each move's time in ms and whether the clock
 * played it — so a restart that replays the moves rebuilds exactly the same
 * clocks (no in-memory counter survives or is needed).
 *
 * A seat's turn runs from the moment it became one of the seats to act (the
 * time of the move after which it was, or the start of the clocks, whichever
 * is later) until it is no longer to act: a seat that makes several
 * decisions in a row (a Ys card then its placement) is on one turn. With
 * several seats to act at once (the Ys bid, Speculation, the throne pick)
 * every one of them has its clock running. Kinds:
 *   move  each turn has move_ms;
 *   bank  each seat has a bank (bank_ms at the start); a turn spends from it,
 *         and increment_ms is added when the turn ends.
 * Clocks only run for people, only while the game is on and the table
 * playable, and only once every person seat has come to the table. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server.h"

int64_t srv_wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Limits of the settings a client may ask for. */
enum {
    MIN_MS = 3 * 1000,                /* 3 s */
    MAX_MS = 14 * 24 * 3600 * 1000,   /* 14 days */
    MAX_INCREMENT_MS = 24 * 3600 * 1000,
    MAX_TIMEOUTS = 100
};

/* A whole number of seconds in [lo, hi]; -1 otherwise (no field: def). */
static int seconds(const cJSON *o, const char *key, long lo, long hi, long def, long *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) {
        *out = def;
        return 0;
    }
    /* compare as doubles first: a cast of 1e300 is undefined behaviour */
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= (double)lo) || !(v->valuedouble <= (double)hi) ||
        v->valuedouble != (double)(long)v->valuedouble)
        return -1;
    *out = (long)v->valuedouble;
    return 0;
}

static int known_keys(const cJSON *o, srv_err *e)
{
    static const char *const keys[] = {"kind", "move_s", "bank_s", "increment_s", "timeouts"};
    const cJSON *it;
    cJSON_ArrayForEach(it, o)
    {
        int known = 0;
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) known |= !strcmp(it->string, keys[i]);
        if (!known)
            return srv_fail(e, 400, "bad_clock", "unknown clock setting \"%.40s\" (kind, move_s, "
                            "bank_s, increment_s, timeouts)", it->string);
    }
    return 0;
}

int srv_clock_parse(const cJSON *o, srv_clock_cfg *c, srv_err *e)
{
    memset(c, 0, sizeof *c);
    if (!o || cJSON_IsNull(o)) return 0;
    if (!cJSON_IsObject(o))
        return srv_fail(e, 400, "bad_clock", "\"clock\" must be an object such as "
                        "{\"kind\":\"bank\",\"bank_s\":120,\"increment_s\":20}");
    if (known_keys(o, e) != 0) return -1;
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(o, "kind");
    const char *kind = cJSON_IsString(k) ? k->valuestring : NULL;
    long move = 0, bank = 0, inc = 0, timeouts = 0;
    const long lo = MIN_MS / 1000, hi = MAX_MS / 1000;
    if (seconds(o, "timeouts", 0, MAX_TIMEOUTS, 3, &timeouts) != 0)
        return srv_fail(e, 400, "bad_clock", "\"timeouts\" must be a whole number from 0 (never) "
                        "to %d: the timeouts after which a bot takes the seat", MAX_TIMEOUTS);
    if (!kind)
        return srv_fail(e, 400, "bad_clock", "\"clock\" needs \"kind\": \"none\", \"move\" or \"bank\"");
    if (!strcmp(kind, "none")) return 0;
    if (!strcmp(kind, "move")) {
        if (seconds(o, "move_s", lo, hi, -1, &move) != 0 || move < 0)
            return srv_fail(e, 400, "bad_clock", "\"move_s\" must be a whole number of seconds "
                            "from %ld to %ld (14 days)", lo, hi);
        c->kind = SRV_CLOCK_MOVE;
        c->move_ms = (int64_t)move * 1000;
    } else if (!strcmp(kind, "bank")) {
        if (seconds(o, "bank_s", lo, hi, -1, &bank) != 0 || bank < 0)
            return srv_fail(e, 400, "bad_clock", "\"bank_s\" must be a whole number of seconds "
                            "from %ld to %ld (14 days)", lo, hi);
        if (seconds(o, "increment_s", 0, MAX_INCREMENT_MS / 1000, 0, &inc) != 0)
            return srv_fail(e, 400, "bad_clock", "\"increment_s\" must be a whole number of "
                            "seconds from 0 to %d (a day)", MAX_INCREMENT_MS / 1000);
        c->kind = SRV_CLOCK_BANK;
        c->bank_ms = (int64_t)bank * 1000;
        c->increment_ms = (int64_t)inc * 1000;
    } else {
        return srv_fail(e, 400, "bad_clock", "clock \"kind\" must be \"none\", \"move\" or \"bank\"");
    }
    c->timeouts = (int)timeouts;
    return 0;
}

/* The settings as a client would send them (also what the store keeps). */
cJSON *srv_clock_cfg_json(const srv_clock_cfg *c)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "kind", c->kind == SRV_CLOCK_MOVE   ? "move"
                                       : c->kind == SRV_CLOCK_BANK ? "bank"
                                                                   : "none");
    if (c->kind == SRV_CLOCK_MOVE) cJSON_AddNumberToObject(o, "move_s", (double)(c->move_ms / 1000));
    if (c->kind == SRV_CLOCK_BANK) {
        cJSON_AddNumberToObject(o, "bank_s", (double)(c->bank_ms / 1000));
        cJSON_AddNumberToObject(o, "increment_s", (double)(c->increment_ms / 1000));
    }
    if (c->kind) cJSON_AddNumberToObject(o, "timeouts", c->timeouts);
    return o;
}

char *srv_clock_cfg_text(const srv_clock_cfg *c)
{
    if (!c->kind) return strdup("");
    cJSON *o = srv_clock_cfg_json(c);
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return s;
}

int srv_clock_cfg_load(const char *text, srv_clock_cfg *c)
{
    memset(c, 0, sizeof *c);
    if (!text || !*text) return 0;
    cJSON *o = cJSON_Parse(text);
    srv_err e = {0};
    int r = o ? srv_clock_parse(o, c, &e) : -1;
    cJSON_Delete(o);
    return r;
}

/* ------------------------------------------------------------ accounting */

void srv_clock_reset(srv_clock *k, const srv_clock_cfg *cfg, int players, const int *actors,
                     int n)
{
    int64_t start = k->start_ms;
    srv_clock_cfg c = *cfg; /* cfg may be k's own */
    memset(k, 0, sizeof *k);
    k->cfg = c;
    k->players = players;
    k->start_ms = start;
    for (int i = 0; i < players; i++) k->bank[i] = c.bank_ms;
    for (int i = 0; i < n; i++) k->turn_from[actors[i]] = 1; /* since the start */
}

static int in(const int *a, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (a[i] == x) return 1;
    return 0;
}

/* When seat's current turn began, counting from the start of the clocks. */
static int64_t turn_began(const srv_clock *k, int seat)
{
    return k->turn_from[seat] > k->start_ms ? k->turn_from[seat] : k->start_ms;
}

static void turn_ends(srv_clock *k, int seat, int64_t at)
{
    if (k->cfg.kind == SRV_CLOCK_BANK && k->start_ms && at >= k->start_ms) {
        int64_t left = k->bank[seat] - (at - turn_began(k, seat));
        k->bank[seat] = (left > 0 ? left : 0) + k->cfg.increment_ms;
    }
    k->turn_from[seat] = 0;
}

void srv_clock_move(srv_clock *k, int seat, const int *before, int nb, const int *after, int na,
                    int64_t at, int flags)
{
    /* timeouts in a row: a move the seat made in time starts the count again */
    if (flags & STORE_MOVE_TIMEOUT) k->timeouts[seat]++;
    else k->timeouts[seat] = 0;
    for (int s = 0; s < k->players; s++) {
        int was = in(before, nb, s), is = in(after, na, s);
        if (was && !is) turn_ends(k, s, at);
        else if (!was && is) k->turn_from[s] = at;
        else if (was && is && !k->turn_from[s]) k->turn_from[s] = at;
    }
}

int64_t srv_clock_remaining(const srv_clock *k, int seat, int64_t now)
{
    int64_t allowed = k->cfg.kind == SRV_CLOCK_MOVE ? k->cfg.move_ms : k->bank[seat];
    if (!k->cfg.kind) return 0;
    if (!k->start_ms || !k->turn_from[seat] || now < k->start_ms) return allowed;
    return allowed - (now - turn_began(k, seat));
}

int srv_clock_running(const srv_clock *k, int seat, unsigned people, int playing)
{
    return k->cfg.kind && k->start_ms && playing && (people >> seat & 1u) &&
           k->turn_from[seat] != 0;
}

int srv_clock_expired(const srv_clock *k, unsigned people, int playing, int64_t now,
                      int64_t *next_due)
{
    int out = -1;
    *next_due = 0;
    for (int s = 0; s < k->players; s++) {
        if (!srv_clock_running(k, s, people, playing)) continue;
        int64_t left = srv_clock_remaining(k, s, now);
        if (left <= 0 && out < 0) out = s;
        int64_t due = now + (left > 0 ? left : 0);
        if (!*next_due || due < *next_due) *next_due = due;
    }
    return out;
}

cJSON *srv_clock_json(const srv_clock *k, unsigned people, int playing, int64_t now)
{
    if (!k->cfg.kind) return NULL;
    cJSON *o = srv_clock_cfg_json(&k->cfg);
    cJSON_AddBoolToObject(o, "started", k->start_ms != 0);
    cJSON_AddNumberToObject(o, "now", (double)now);
    cJSON *seats = cJSON_AddArrayToObject(o, "seats");
    for (int s = 0; s < k->players; s++) {
        cJSON *x = cJSON_CreateObject();
        int64_t left = srv_clock_remaining(k, s, now);
        cJSON_AddNumberToObject(x, "remaining_ms", (double)(left > 0 ? left : 0));
        cJSON_AddBoolToObject(x, "running", srv_clock_running(k, s, people, playing));
        cJSON_AddNumberToObject(x, "timeouts", k->timeouts[s]);
        cJSON_AddItemToArray(seats, x);
    }
    return o;
}
