/*
 * gemgames.h — the one public door into the gemgames rules engines.
 *
 * gemgames plays two gem-trading board games, Ys and Splendor. Everything
 * above the rules modules (bots, terminal, engine protocol, server) uses only
 * what is declared here, and works for every registered game.
 *
 * Conventions
 *   - Functions that can fail return a gg_status (GG_OK == 0) and fill a
 *     gg_error with a sentence a person can read. On failure nothing changes.
 *   - A state is one flat block of memory: gg_clone is malloc + memcpy,
 *     gg_copy is a plain memcpy into a state you already own.
 *   - Chance lives inside the state (a seeded gg_rng); the same seed and the
 *     same actions give the same game on every machine.
 *   - Seats are numbered 0..players-1. GG_SPECTATOR asks for what someone
 *     who sits at no seat may see.
 *   - Strings returned as char * are malloc'd; release them with free().
 *   - No hidden globals: everything is passed in. Distinct states may be used
 *     from distinct threads at once.
 */
#ifndef GEMGAMES_H
#define GEMGAMES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GG_VERSION "0.1.0"

enum {
    GG_MAX_SEATS = 5,       /* most seats any game has (Ys+ five players) */
    GG_MAX_ACTIONS = 1024,  /* capacity gg_legal needs in out[] */
    GG_MAX_OPTIONS = 12,    /* most table options a game declares */
    GG_MAX_NOTATION = 96,   /* buffer that holds any formatted action */
    GG_SPECTATOR = -1       /* "seat" of a spectator in gg_view_json */
};

/* ---------------------------------------------------------------- errors */

typedef enum gg_status {
    GG_OK = 0,
    GG_EILLEGAL, /* a well-formed action that the rules do not allow now */
    GG_ESEAT,    /* that seat does not exist or is not to act now */
    GG_EPARSE,   /* text that is not valid notation */
    GG_EJSON,    /* JSON that is malformed or describes no valid state */
    GG_EOPTION,  /* unknown game or option, bad value, invalid combination */
    GG_EOVER,    /* the game is already over */
    GG_ENOMEM,   /* out of memory */
    GG_EIO       /* a file could not be read or written */
} gg_status;

typedef struct gg_error {
    gg_status code;
    char msg[200];
} gg_error;

/* A short name for a status code ("illegal", "seat", ...). */
const char *gg_status_name(gg_status code);

/* ------------------------------------------------------------------- rng */

/*
 * The engine's random source: SplitMix64 (Steele, Lea, Flood 2014).
 * state += 0x9E3779B97F4A7C15; z = state; z = (z ^ z>>30) * 0xBF58476D1CE4E5B9;
 * z = (z ^ z>>27) * 0x94D049BB133111EB; return z ^ z>>31.
 * gg_rng_below(n) draws uniformly from 0..n-1 by rejection (no modulo bias).
 * Fully specified, so identical on every machine.
 */
typedef struct gg_rng {
    uint64_t state;
} gg_rng;

/* Defined here, inline: playouts draw a number at every decision, and a call
 * would keep the generator's state in memory instead of a register. */
static inline void gg_rng_seed(gg_rng *rng, uint64_t seed) { rng->state = seed; }

static inline uint64_t gg_rng_next(gg_rng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* n >= 1. Lemire's multiply-shift on the high 32 bits of a draw, with
 * rejection (exact uniformity; it draws again with probability below n/2^32). */
static inline uint32_t gg_rng_below(gg_rng *rng, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(gg_rng_next(rng) >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while ((uint32_t)m < threshold) m = (uint64_t)(uint32_t)(gg_rng_next(rng) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

/* -------------------------------------------------------------- registry */

typedef struct gg_game gg_game; /* a game: its rules, options and formats */

typedef struct gg_option_info {
    const char *key;        /* e.g. "districts" */
    const char *values[8];  /* allowed values, the default first */
    int n_values;
    const char *help;       /* one line for people */
} gg_option_info;

int gg_game_count(void);
const gg_game *gg_game_at(int i);               /* 0 <= i < gg_game_count() */
const gg_game *gg_game_find(const char *name);  /* "ys", "splendor"; NULL if none */
const char *gg_game_name(const gg_game *game);  /* short id */
const char *gg_game_title(const gg_game *game); /* display name */
int gg_game_min_players(const gg_game *game);
int gg_game_max_players(const gg_game *game);
int gg_game_option_count(const gg_game *game);
const gg_option_info *gg_game_option(const gg_game *game, int i);

/* --------------------------------------------------------- table options */

/* Player count plus one value index per declared option (0 = default). */
typedef struct gg_options {
    int players;
    uint8_t value[GG_MAX_OPTIONS];
} gg_options;

/* Defaults for `players` seats. */
void gg_options_init(gg_options *opts, const gg_game *game, int players);
/* Set option `key` to `value` (both as in the option table). */
gg_status gg_options_set(gg_options *opts, const gg_game *game, const char *key,
                         const char *value, gg_error *err);
/* Parse "key=value". */
gg_status gg_options_set_kv(gg_options *opts, const gg_game *game, const char *kv,
                            gg_error *err);
/* The current value of `key`, or NULL when the game has no such option. */
const char *gg_options_get(const gg_options *opts, const gg_game *game, const char *key);

/* ----------------------------------------------------------------- state */

typedef struct gg_state gg_state; /* one flat block; see gg_copy */

/* A new game. Checks the player count and option combination (a clear error
 * if the rules do not allow it). */
gg_state *gg_new(const gg_game *game, const gg_options *opts, uint64_t seed, gg_error *err);
void gg_free(gg_state *s);
gg_state *gg_clone(const gg_state *s);                 /* malloc + memcpy */
void gg_copy(gg_state *dst, const gg_state *src);      /* memcpy; dst of the same game */
size_t gg_state_size(const gg_state *s);
const gg_game *gg_state_game(const gg_state *s);
const gg_options *gg_state_options(const gg_state *s);
int gg_players(const gg_state *s);
uint64_t gg_state_seed(const gg_state *s);
/* Byte-for-byte equality of two states (used by tests and search). */
int gg_state_equal(const gg_state *a, const gg_state *b);

/* --------------------------------------------------------------- actions */

/*
 * An action is a compact integer whose meaning belongs to the game. Legal
 * actions come from gg_legal; people and files use the notation
 * (docs/notation.md) through gg_action_format / gg_action_parse.
 */
typedef uint32_t gg_action;

/* Seats that must act now, ascending; returns how many (0 when over).
 * Several seats at once means simultaneous secret choices: each submits
 * privately and nothing is revealed until all have. */
int gg_actors(const gg_state *s, int seats[GG_MAX_SEATS]);
int gg_is_actor(const gg_state *s, int seat);

/* Legal actions for `seat`, sorted ascending, into out[GG_MAX_ACTIONS].
 * Returns the count; 0 when the seat is not to act. Never allocates. */
int gg_legal(const gg_state *s, int seat, gg_action *out);

/* One uniformly random legal action for `seat`: legal[gg_rng_below(rng, k)]
 * of the k actions gg_legal gives, drawn with that very call, so the same
 * generator state picks the same action. Stores it in *a and returns k; 0
 * when the seat is not to act (nothing drawn). A game may count its actions
 * and build only the chosen one instead of the list (random playouts). */
int gg_legal_random(const gg_state *s, int seat, gg_rng *rng, gg_action *a);
/* Does the game build the chosen action itself in gg_legal_random? When it
 * does not, gg_legal and a draw into the caller's own list is the same
 * choice and cheaper (one call layer fewer per decision). */
int gg_game_has_legal_random(const gg_game *game);

/* Validates, then applies. An illegal action, a wrong seat or a finished game
 * returns an error saying why and leaves the state exactly as it was. */
gg_status gg_apply(gg_state *s, int seat, gg_action a, gg_error *err);

/* Applies an action that came from gg_legal(s, seat) without checking it.
 * For bots and search only; anything else must use gg_apply. */
void gg_apply_trusted(gg_state *s, int seat, gg_action a);

/* Formats `a` (an action for `seat` in state `s`) into buf; returns its length.
 * parse(format(a)) == a for every legal action. */
int gg_action_format(const gg_state *s, int seat, gg_action a, char *buf, size_t n);
/* Parses notation. Checks form, not legality (gg_apply does that). */
gg_status gg_action_parse(const gg_state *s, int seat, const char *text, gg_action *out,
                          gg_error *err);
/* The action as `viewer` may see it announced: the notation with anything
 * secret from `viewer` masked (e.g. a face-down broker's value). Use this,
 * never gg_action_format, for logs that other seats read. Must be called on
 * the state before the action is applied. */
int gg_action_announce(const gg_state *s, int seat, gg_action a, int viewer, char *buf,
                       size_t n);
/* Parse and apply in one step. */
gg_status gg_play(gg_state *s, int seat, const char *text, gg_error *err);

/* ---------------------------------------------------------------- result */

typedef struct gg_result {
    int players;
    int over;                      /* 1 once the game has ended */
    int32_t score[GG_MAX_SEATS];   /* points (so far, while not over) */
    int rank[GG_MAX_SEATS];        /* 1 = winner; tied seats share a rank */
    int winners;                   /* how many seats share rank 1 */
    int adjudicated;               /* 1: ended by the game-length rule (below) */
} gg_result;

int gg_is_over(const gg_state *s);
void gg_result_get(const gg_state *s, gg_result *r);
/* The result as JSON: {"over":B,"score":[..],"rank":[..],"winners":N}
 * (docs/formats.md); caller frees, NULL when out of memory. */
char *gg_result_json(const gg_state *s);

/*
 * The game-length rule (rule G-1, docs/rules-notes.md). A game whose seats
 * are all bots (match, selfplay, bench, a server table whose people have all
 * left) ends once gg_length_limit() decisions have been applied without the
 * game ending, and is scored as it stands by the game's own end-of-game
 * scoring (gg_result_adjudicate). Splendor allows endless play (take a token,
 * give it back); this rule makes every bots' game end. It is never applied
 * to a game with a person at the table: only a caller that knows every seat
 * is a bot may apply it, and nothing in the engine applies it by itself.
 */
enum { GG_LENGTH_PER_SEAT = 200 }; /* decisions per seat */

/* Decisions (actions applied, every seat's, simultaneous ones included) after
 * which rule G-1 ends a bots' game of `players` seats. */
long gg_length_limit(const gg_game *game, int players);
/* Whether rule G-1 ends a bots' game after `decisions` applied actions. */
int gg_length_reached(const gg_state *s, long decisions);
/* The result of `s` as if the game ended now (rule G-1): over = 1,
 * adjudicated = 1 (0 when the game had ended by its own rules, whose result
 * is returned as is), ranked by the game's end-of-game scoring: Splendor S-5
 * (points, then fewer purchased cards), Ys the final scoring of Y-8.10,
 * Y-8.11, Y-9.1 added to the points (then most gems, Y-8.12). */
void gg_result_adjudicate(const gg_state *s, gg_result *r);

/* ------------------------------------------------------- views and saves */

/* What `seat` may know (GG_SPECTATOR: a non-player), as JSON. The only data
 * that ever leaves the engine. Once the game is over every view shows all.
 * Returns a malloc'd string (free()) or NULL on out-of-memory. */
char *gg_view_json(const gg_state *s, int seat);

/* The full referee state, hidden parts and RNG included: a position format.
 * gg_state_load(gg_state_json(s)) reproduces s byte for byte. */
char *gg_state_json(const gg_state *s);
/* Loads a position; refuses malformed or inconsistent input with an error. */
gg_state *gg_state_load(const char *json, gg_error *err);

/* Replaces everything `seat` cannot see (hidden cards, deck orders, other
 * players' secrets, the RNG) by a random assignment consistent with what
 * `seat` knows: view(determinize(s, p), p) == view(s, p). In place. */
void gg_determinize(gg_state *s, int seat, gg_rng *rng);

/* The undo rule (the terminal's and the server's undo against bots): 1 when
 * `viewer` would learn something hidden, or chance would be drawn, by seat
 * `seat` playing `a` in `s` — the view after it depends on what `viewer`
 * cannot see (tested on a few determinizations drawn from rng), or the
 * action, seen in full, could not be played in some world `viewer` thinks
 * possible. An undo never goes back across such an action. */
int gg_action_reveals(const gg_state *s, int seat, gg_action a, int viewer, gg_rng *rng);

/* ---------------------------------------------------------------- events */

/*
 * What happened, in order, as structured events (docs/formats.md lists every
 * kind and its fields). gg_apply_events is gg_apply that also records the
 * decision itself and every automatic step the game then runs (reveals,
 * scoring, refills, nobles, end of the game). The rules engine records
 * nothing unless a gg_events is attached this way, so gg_apply and
 * gg_apply_trusted cost exactly what they did.
 *
 * An event is a JSON object {"kind": "ys.zone", ...fields}. A gg_events holds
 * them with what each seat may know; the only way out is for one viewer
 * (gg_events_json): a field a viewer may not know is left out and the event
 * says "masked": true. GG_EVERYONE sees every field: use it only once the
 * game is over (a replay after the game, a final log).
 *
 * Every kind has a sentence (gg_event_text) from a message catalogue
 * (data/i18n/<lang>.json): a template with named placeholders, the same file
 * the browser reads.
 */
enum { GG_EVERYONE = -2 }; /* a viewer who may see everything (finished games) */

typedef struct gg_events gg_events;

typedef struct gg_event_kind {
    const char *kind;   /* "ys.zone", "splendor.buy", ... */
    const char *fields; /* its fields in docs/formats.md notation */
    const char *help;   /* one line: when it happens */
} gg_event_kind;

/* The kinds of events a game makes (its own, then the core's "game.*"). */
int gg_game_event_kind_count(const gg_game *game);
const gg_event_kind *gg_game_event_kind(const gg_game *game, int i);

gg_events *gg_events_new(void);
void gg_events_free(gg_events *ev);
void gg_events_clear(gg_events *ev);
/* An independent copy (secret marks included), or NULL when out of memory. */
gg_events *gg_events_clone(const gg_events *ev);
int gg_events_count(const gg_events *ev);
/* Keeps the first n events (an undo). */
void gg_events_truncate(gg_events *ev, int n);

/* Appends the events of a new game's set-up (Ys: the first round's ports,
 * market gems, palace cards and events; Splendor: the nobles and the face-up
 * cards), with what a viewer may not know marked as for any event. Call it
 * once, on the state gg_new gave, before the first gg_apply_events. */
void gg_events_setup(const gg_state *s, gg_events *ev);

/* gg_apply, appending to `ev` the events of the action and of everything the
 * game does by itself after it. On error nothing changes (state nor ev). */
gg_status gg_apply_events(gg_state *s, int seat, gg_action a, gg_events *ev, gg_error *err);

/* Events from `from` on, as `viewer` (a seat, GG_SPECTATOR or GG_EVERYONE)
 * may see them: a malloc'd JSON array. */
char *gg_events_json(const gg_events *ev, int from, int viewer);
/* One event as `viewer` may see it (malloc'd JSON object), NULL past the end. */
char *gg_event_json(const gg_events *ev, int i, int viewer);

/* The sentence for one event (a JSON object as gg_events_json gives it), in
 * language `lang` ("en"; NULL: "en"), malloc'd. An event kind the catalogue
 * does not know gives its kind and fields, never nothing. */
char *gg_event_text(const char *event_json, const char *lang);
/* The message catalogue of a language, as JSON (static; NULL if none). */
const char *gg_catalogue_json(const char *lang);
/* One word of that catalogue by id, e.g. "ys:card.spy" (a character's name
 * as the published edition of the language calls it), ":gem.red",
 * "ys:zone.port"; NULL when the catalogue has no such entry (static). */
const char *gg_catalogue_word(const char *lang, const char *id);

/* ---------------------------------------------------------- game records */

/*
 * A record is JSON: {"game":..., "options":{"players":N, key:value...},
 * "seed":S, "actions":[{"seat":K,"action":"notation"}, ...]} (docs/formats.md).
 */
typedef struct gg_record gg_record;

gg_record *gg_record_new(const gg_game *game, const gg_options *opts, uint64_t seed);
void gg_record_free(gg_record *rec);
/* Appends an action (formatted in the state before it is applied). */
gg_status gg_record_add(gg_record *rec, const gg_state *before, int seat, gg_action a);
/* Removes the last `n` actions (undo). */
void gg_record_truncate(gg_record *rec, int length);
int gg_record_length(const gg_record *rec);
const char *gg_record_action_text(const gg_record *rec, int i, int *seat);
char *gg_record_json(const gg_record *rec);
/* Parses a record (without replaying it). */
gg_record *gg_record_parse(const char *json, gg_error *err);
/* The new game of a record, before any action. */
gg_state *gg_record_start(const gg_record *rec, gg_error *err);
/* Replays the first `upto` actions (-1: all); NULL and an error naming the
 * failing action if one does not apply. */
gg_state *gg_record_replay(const gg_record *rec, int upto, gg_error *err);
const gg_game *gg_record_game(const gg_record *rec);

/* Options as a JSON object {"players":N, key:value, ...} (malloc'd). */
char *gg_options_json(const gg_options *opts, const gg_game *game);


/* ------------------------------------------------------------------ bots */

/*
 * A bot chooses actions for one seat using only what that seat may know: it
 * reads the state through gg_view_json / gg_determinize, never the hidden
 * parts directly. Specs: "random", "heuristic", "ismcts:iters=2000",
 * "ismcts:ms=1000", "engine:CMD" (docs/bots.md). Seeded and deterministic.
 */
typedef struct gg_bot gg_bot;

gg_bot *gg_bot_new(const char *spec, uint64_t seed, gg_error *err);
void gg_bot_free(gg_bot *bot);
const char *gg_bot_spec(const gg_bot *bot);
/* Starts the bot's random choices afresh from `seed`, as gg_bot_new would:
 * a bot reseeded from a game's own number plays that game the same whichever
 * bot object, thread or order plays it (`--threads` of selfplay and match). */
void gg_bot_reseed(gg_bot *bot, uint64_t seed);
/* Chooses a legal action for `seat`, which must be an actor in `s`. */
gg_status gg_bot_choose(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                        gg_error *err);

/* ------------------------------------------------- encodings for learning */

/*
 * Fixed-size numbers for learning programs (docs/python.md lists every field).
 * An observation is gg_obs_size floats holding only what `seat` may know:
 * the facts its view (gg_view_json) shows, never anything hidden from it.
 * Actions have a fixed index space of gg_action_space indices per game and
 * player count in which every legal action has its own index (a mask over
 * it marks the legal ones). src/learn/.
 */
int gg_obs_size(const gg_game *game, int players);
void gg_observe(const gg_state *s, int seat, float *out);
int gg_action_space(const gg_game *game, int players);
/* The index of `a` for `seat` in `s`, or -1 when `a` is not a legal action
 * there (every legal action has one, and no two share one). */
int gg_action_index(const gg_state *s, int seat, gg_action a);
/* The legal action of `seat` at `index`; GG_EILLEGAL when none has it. */
gg_status gg_action_at(const gg_state *s, int seat, int index, gg_action *out, gg_error *err);
/* gg_legal, and each action's index into index[GG_MAX_ACTIONS]. */
int gg_legal_indexed(const gg_state *s, int seat, gg_action *out, int *index);

/*
 * Hints: the bot's top moves for `seat` (an actor in `s`) with its estimate
 * of the chance to win after each, best first — for a person to learn from
 * (the terminal and the browser, at tables where every person agreed to
 * hints; never offered in rated or human-only games by default: that is the
 * caller's rule). Computed like a choice, from what `seat` may know only
 * (the same view gives the same hints for the same seed). ISMCTS bots give
 * hints ("ismcts:ms=1000"); other bots refuse (GG_EOPTION). Dominated
 * actions the search leaves out (docs/bots.md) are not listed.
 */
typedef struct gg_hint {
    gg_action action;
    double win;  /* estimated win share after this action, 0..1 */
    long visits; /* how much the search looked at it */
} gg_hint;
/* Fills out[0..max) and returns how many (>= 1), or -1 with err. */
int gg_bot_hint(gg_bot *bot, const gg_state *s, int seat, gg_hint *out, int max,
                gg_error *err);

/*
 * Post-game analysis: for one decision of `seat` in `s` (the state just
 * before it), the hints of `bot` and where the move `played` stands among
 * them. Like a hint, computed from what `seat` may know only. `loss` is the
 * estimated win share given up (best's estimate minus the played move's, at
 * least 0); `played_win` < 0 when the search never tried the played move (a
 * dominated action it leaves out, or too few iterations): its loss is then
 * unknown and given as -1.
 */
typedef struct gg_analysis {
    int index;   /* the decision's index in the game record (0-based) */
    int seat;
    int choices; /* legal actions the seat had */
    char played[GG_MAX_NOTATION], best[GG_MAX_NOTATION];
    double played_win, best_win, loss;
} gg_analysis;
gg_status gg_analyse_decision(gg_bot *bot, const gg_state *s, int seat, gg_action played,
                              gg_analysis *out, gg_error *err);
/* Every decision `seat` made in `rec` with a real choice (two or more legal
 * actions), analysed as above, biggest loss first (unknown losses last, then
 * in game order). *out is malloc'd (free it); returns the count or -1. At
 * most `max_decisions` decisions are analysed (the first ones; <= 0: all). */
int gg_analyse_record(gg_bot *bot, const gg_record *rec, int seat, int max_decisions,
                      gg_analysis **out, gg_error *err);

#ifdef __cplusplus
}
#endif

#endif /* GEMGAMES_H */
