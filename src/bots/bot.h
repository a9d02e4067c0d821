/* bot.h — internal: the table every kind of bot provides. */
#ifndef GG_BOTS_BOT_H
#define GG_BOTS_BOT_H

#include "gemgames.h"

typedef struct gg_bot_kind {
    const char *name; /* the spec's word before ':' */
    /* Parse the parameters after ':' (may be "") into a new bot's private data. */
    gg_status (*create)(gg_bot *bot, const char *params, gg_error *err);
    gg_status (*choose)(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                        gg_error *err);
    void (*destroy)(gg_bot *bot);
} gg_bot_kind;

struct gg_bot {
    const gg_bot_kind *kind;
    char spec[1024]; /* engine specs carry a command line */
    gg_rng rng;
    void *data; /* the kind's own */
};

extern const gg_bot_kind gg_bot_random;
extern const gg_bot_kind gg_bot_ismcts;    /* ismcts.c */
extern const gg_bot_kind gg_bot_heuristic; /* heuristic.c */
extern const gg_bot_kind gg_bot_engine;    /* engine.c */
extern const gg_bot_kind gg_bot_engine_sh; /* engine.c: engine-sh:CMD */

/* A game's fast playing policy (heuristic_<game>.c): the index of the chosen
 * action in legal[0..n-1] for `seat`, which must act in `s`. It may look only
 * at what `seat` may know (a search calls it on a determinization). */
typedef int (*gg_rollout_policy)(const gg_state *s, int seat, const gg_action *legal, int n,
                                 gg_rng *rng);

/* A game's evaluation of an unfinished state (a determinization): each
 * seat's chance to win, in [0, 1]. Used where ISMCTS cuts a rollout short. */
typedef void (*gg_state_eval)(const gg_state *s, double value[GG_MAX_SEATS]);

/* One game's heuristic: a name, its policy, optionally an evaluation. */
typedef struct gg_heuristic {
    const char *game; /* gg_game_name */
    gg_rollout_policy policy;
    gg_state_eval eval;
} gg_heuristic;



extern const gg_heuristic gg_heuristic_splendor; /* heuristic_splendor.c */
extern const gg_heuristic gg_heuristic_ys;       /* heuristic_ys.c */

/* The heuristic policy / evaluation of a game, or NULL when it has none. */
gg_rollout_policy gg_heuristic_policy(const gg_game *game);
gg_state_eval gg_heuristic_eval(const gg_game *game);
/* Iterations the last gg_bot_choose of an ISMCTS bot ran (all threads); -1
 * for another kind of bot. For benchmarks. */
long gg_ismcts_last_iterations(const gg_bot *bot);

#endif
