/* bot.h — internal: the table every kind of bot provides. */
#ifndef GG_BOTS_BOT_H
#define GG_BOTS_BOT_H

#include "core/ai.h"
#include "gemgames.h"

typedef struct gg_bot_kind {
    const char *name; /* the spec's word before ':' */
    /* Parse the parameters after ':' (may be "") into a new bot's private data. */
    gg_status (*create)(gg_bot *bot, const char *params, gg_error *err);
    gg_status (*choose)(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                        gg_error *err);
    void (*destroy)(gg_bot *bot);
    /* Optional (gg_bot_hint): the bot's top moves; the count, or -1 and err. */
    int (*hint)(gg_bot *bot, const gg_state *s, int seat, gg_hint *out, int max,
                gg_error *err);
    /* Optional (gg_bot_reseed): forget what the bot remembers of a game. */
    void (*forget)(gg_bot *bot);
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

/* gg_rollout_policy, gg_state_eval: core/ai.h (each game brings its own). */

/* The heuristic policy / evaluation of a game, or NULL when it has none. */
gg_rollout_policy gg_heuristic_policy(const gg_game *game);
gg_state_eval gg_heuristic_eval(const gg_game *game);
/* Iterations the last gg_bot_choose of an ISMCTS bot ran (all threads); -1
 * for another kind of bot. For benchmarks. */
long gg_ismcts_last_iterations(const gg_bot *bot);
/* Rollouts of that search cut by the game-length limit (rule G-1); -1 for
 * another kind of bot. */
long gg_ismcts_last_capped(const gg_bot *bot);
/* With audit=1: children of that search's tree that differ from a sibling
 * only by what the searching seat cannot know (the same view after the step
 * and the same own action, yet a different child). 0 when the tree is keyed
 * by the searcher's observations; -1 for another kind of bot. */
long gg_ismcts_last_hidden_siblings(const gg_bot *bot);

#endif
