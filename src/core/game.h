/*
 * game.h — internal: what a rules module provides to the core (the gg_game
 * table) and the header every game's state starts with. Only src/ includes
 * this; everything else goes through include/gemgames.h.
 *
 * A game's state struct must start with `gg_state base;` and contain no
 * pointers: it is cloned by memcpy and compared by memcmp (so padding must be
 * zeroed: states are created with calloc and only ever memcpy'd).
 */
#ifndef GG_CORE_GAME_H
#define GG_CORE_GAME_H

#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>

#include "gemgames.h"

struct gg_state {
    const gg_game *game;
    uint32_t size;     /* sizeof the whole game state */
    int32_t players;
    gg_options opts;
    uint64_t seed;     /* the seed the game was created with (never in a view) */
    gg_rng rng;        /* chance (never in a view) */
};

struct gg_game {
    const char *name;
    const char *title;
    int min_players, max_players;
    const gg_option_info *options;
    int n_options;
    size_t state_size;
    /* Optional: makes the options say what the rules will play where the
     * player count forces a value (Ys: 2 players always play 3 districts,
     * Y-2.2), so options, views, records and the server echo what is played.
     * Called on every option set a game is created from, loaded from or
     * printed from (never while options are being set one by one). */
    void (*normalize_options)(gg_options *opts);

    /* Set up a new game; base fields (game, size, players, opts, seed, rng
     * seeded from seed) are already filled and the rest is zero. Refuses
     * invalid option combinations. */
    gg_status (*init)(gg_state *s, gg_error *err);
    int (*actors)(const gg_state *s, int seats[GG_MAX_SEATS]);
    int (*legal)(const gg_state *s, int seat, gg_action *out);
    /* Nonzero when legal() itself returns 0 for a seat that is not to act
     * now: gg_legal then calls it directly, without asking actors() first
     * (one call fewer per decision in playouts). */
    int legal_checks_seat;
    /* Optional (gg_legal_random): the action legal[gg_rng_below(rng, k)]
     * of legal()'s list, into *a, returning k (0: not to act, nothing
     * drawn), without necessarily building the list. */
    int (*legal_random)(const gg_state *s, int seat, gg_rng *rng, gg_action *a);
    /* Explains why `a` is not legal for `seat` (GG_OK when it is). Optional:
     * when NULL the core checks membership in legal() with a generic message. */
    gg_status (*validate)(const gg_state *s, int seat, gg_action a, gg_error *err);
    void (*apply)(gg_state *s, int seat, gg_action a); /* trusted */
    int (*is_over)(const gg_state *s);
    void (*result)(const gg_state *s, gg_result *r);
    int (*format)(const gg_state *s, int seat, gg_action a, char *buf, size_t n);
    /* Optional: the action as `viewer` may see it (secrets masked); when NULL
     * the notation itself is public. */
    int (*announce)(const gg_state *s, int seat, gg_action a, int viewer, char *buf, size_t n);
    gg_status (*parse)(const gg_state *s, int seat, const char *text, gg_action *out,
                       gg_error *err);
    /* Game part of the view / the full state, added to `obj`. */
    void (*view)(const gg_state *s, int seat, cJSON *obj);
    void (*save)(const gg_state *s, cJSON *obj);
    /* Reads the game part back into s (base already loaded, rest zero) and
     * checks it is a consistent position. */
    gg_status (*load)(gg_state *s, const cJSON *obj, gg_error *err);
    void (*determinize)(gg_state *s, int seat, gg_rng *rng);
    /* Optional: what the game knows about playing it (core/ai.h). */
    const struct gg_ai *ai;

    /* Events (events.c, docs/formats.md). The kinds this game makes. */
    const gg_event_kind *event_kinds;
    int n_event_kinds;
    /* Optional: the events of the decision itself, from the state before it
     * (called by gg_apply_events just before apply, with the sink set). The
     * automatic steps then record their own events through the hooks below. */
    void (*decision_events)(const gg_state *before, int seat, gg_action a, gg_events *ev);
    /* Optional: events read from the states before and after the decision
     * (a game whose apply has no hooks, e.g. Splendor). */
    void (*after_events)(const gg_state *before, int seat, gg_action a, const gg_state *after,
                         gg_events *ev);
    /* Optional: the events of the set-up itself (what was dealt and turned
     * face up), from the new game's state (gg_events_setup; the sink set). */
    void (*setup_events)(const gg_state *s, gg_events *ev);
};

/* ---- event recording (events.c)
 * While gg_apply_events runs, gg_ev_sink is the list being filled, on this
 * thread; NULL the rest of the time. A rules module records an automatic
 * step only `if (GG_EV_ON())`: one predictable branch when nobody listens,
 * never an allocation in legal or apply. */
extern _Thread_local gg_events *gg_ev_sink;
#define GG_EV_ON() __builtin_expect(gg_ev_sink != NULL, 0)
/* Appends {"kind": kind} to ev and returns it to be filled (cJSON_Add...),
 * or NULL when ev is full (then every later hook records nothing). */
cJSON *gg_ev_add(gg_events *ev, const char *kind);
/* Field `field` of event e is known only to the seats in `seats` (bit q:
 * seat q); everyone else gets the event without it, marked "masked". */
void gg_ev_secret(cJSON *e, const char *field, unsigned seats);
/* A seat as an event field: the number, or "neutral" for the Ys 2-player
 * neutral (any seat >= players). */
void gg_ev_seat(cJSON *e, const char *field, int seat, int players);
/* The recorded events themselves, as everyone sees them plus the internal
 * "_see"/"_secret" fields: for the simulation tests, which reconcile them at
 * every step without printing and parsing them (gg_events_json does that). */
const cJSON *gg_events_items(const gg_events *ev);

/* The registered games (src/core/registry.c). */
extern const gg_game gg_splendor_game;
extern const gg_game gg_ys_game;

/* What `seat` sees of `s`, hashed: its view as gg_view_json gives it, less
 * the parts fixed for a game (name, options, seat), never printed. Equal
 * views give equal hashes; searches key information sets by it. */
uint64_t gg_view_hash(const gg_state *s, int seat);

/* Fill err (may be NULL) with a code and a printf-style message; returns code. */
gg_status gg_fail(gg_error *err, gg_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A text buffer for formatters: gg_put appends like snprintf, never past
 * cap, and len counts everything asked for (so len >= cap means "cut"). */
typedef struct gg_out {
    char *buf;
    size_t cap, len;
} gg_out;
void gg_put(gg_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* JSON helpers for loaders: each returns GG_OK or fills err naming `key`. */
gg_status ggj_int(const cJSON *obj, const char *key, int lo, int hi, int *out, gg_error *err);
gg_status ggj_array(const cJSON *obj, const char *key, int min_len, int max_len,
                    const cJSON **out, int *len, gg_error *err);
/* Reads an int array of exactly/at most len items in [lo,hi]. */
gg_status ggj_ints(const cJSON *obj, const char *key, int lo, int hi, int *out, int min_len,
                   int max_len, int *len, gg_error *err);
/* Notation as words: at most GG_MAX_WORDS, lower-cased, each shorter than
 * `len` characters (len <= GG_WORD_LEN); too many or too long is an error. */
enum { GG_MAX_WORDS = 12, GG_WORD_LEN = 24 };
typedef struct gg_words {
    char w[GG_MAX_WORDS][GG_WORD_LEN];
    int n;
} gg_words;
gg_status gg_split_words(const char *text, gg_words *ws, size_t len, gg_error *err);
/* Fisher-Yates shuffle of n bytes with the engine's RNG (from the top down). */
void gg_shuffle_bytes(uint8_t *a, int n, gg_rng *rng);
/* Index of `str` in names[0..n-1], or -1. */
int gg_name_index(const char *const *names, int n, const char *str);

/* A loud internal-invariant check (a bug, never bad input). */
#define GG_ASSERT(cond)                                                                \
    do {                                                                               \
        if (!(cond)) gg_assert_fail(__FILE__, __LINE__, #cond);                        \
    } while (0)
void gg_assert_fail(const char *file, int line, const char *what) __attribute__((noreturn));

#endif
