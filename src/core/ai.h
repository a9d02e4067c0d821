/*
 * ai.h — internal: what a rules module knows about *playing* its game, for
 * bots and for the game-length rule. A game points to one `gg_ai` from its
 * table (gg_game.ai, may be NULL); src/bots/ reaches a game's knowledge only
 * through it, so a new game brings its heuristic, evaluation and search hints
 * in its own folder (src/<game>/<game>_ai.c) without touching src/bots/.
 *
 * Everything here is given a state that a bot may look at: a determinization
 * for the deciding seat (gg_determinize), never the true hidden parts. Each
 * function must read only what that seat may know.
 */
#ifndef GG_CORE_AI_H
#define GG_CORE_AI_H

#include "gemgames.h"

/* "No previous action known" for a policy's `prev`. */
#define GG_NO_ACTION ((gg_action)0xFFFFFFFFu)

/* A fast playing policy: the index of the chosen action in legal[0..n-1] for
 * `seat`, which must act in `s`. `prev` is the action this seat made at its
 * previous decision when the caller knows it (else GG_NO_ACTION): a policy
 * may use it not to undo what it just did (e.g. give back tokens just taken). */
typedef int (*gg_rollout_policy)(const gg_state *s, int seat, const gg_action *legal, int n,
                                 gg_action prev, gg_rng *rng);

/* A rollout choice made without the legal list (for games whose lists are
 * long, where building one per step would cost more than the choice saves):
 * writes an action gg_legal lists for `seat` to *out and returns 1, or
 * returns 0 to leave the choice to the caller (the list policy, or a uniform
 * draw). It must not allocate and must be a function of (s, seat, prev, rng). */
typedef int (*gg_rollout_pick)(const gg_state *s, int seat, gg_action prev, gg_rng *rng,
                               gg_action *out);

/* An evaluation of an unfinished state: each seat's chance to win, in [0, 1]. */
typedef void (*gg_state_eval)(const gg_state *s, double value[GG_MAX_SEATS]);

/* The rollout policies of ISMCTS (its spec's rollout=), for gg_ai.rollout_at. */
enum { GG_ROLLOUT_RANDOM, GG_ROLLOUT_HEURISTIC, GG_ROLLOUT_LIGHT };

typedef struct gg_ai {
    /* The heuristic bot's choice (also ISMCTS's rollout=heuristic). */
    gg_rollout_policy policy;
    /* Where a search cuts a rollout short (depth, or the rollout cap). */
    gg_state_eval eval;
    /* The game-length rule (docs/rules-notes.md, G-1): the result of an
     * unfinished game scored as it stands by the game's own end-of-game
     * scoring. NULL: the points so far, ties shared. */
    void (*adjudicate)(const gg_state *s, gg_result *r);
    /* Search only: removes from list[0..n-1] (kept sorted) actions that a
     * sibling dominates (same outcome for the mover, never worse), returns the
     * new count (>= 1). Never used for what a person or a bot is offered. */
    int (*prune)(const gg_state *s, int seat, gg_action *list, int n);
    /* A cheap informed rollout policy (ISMCTS rollout=light); NULL: none. */
    gg_rollout_policy light;
    /* The rollout policy (GG_ROLLOUT_*) of an ISMCTS spec that names none,
     * for a search from `s` whose rollouts are cut after `depth` steps (0:
     * played to the end): the one measured strongest at equal time there
     * (docs/strength.md); an explicit rollout= always wins. NULL:
     * GG_ROLLOUT_RANDOM everywhere. */
    int (*rollout_at)(const gg_state *s, int depth);
    /* The light policy without a list (ISMCTS rollout=light asks it first,
     * then `light`, then a uniform draw); NULL: none. */
    gg_rollout_pick light_pick;
    /* In a determinization for `viewer`, during a simultaneous secret step,
     * takes back the choices other seats have already submitted (their
     * values are sampled there anyway), so a search models every other seat
     * alike, whatever the order they chose in; returns how many. Optional. */
    int (*withdraw)(gg_state *s, int viewer);
    /* 1 when every choice of the simultaneous step about to be played at `s`
     * is shown to every seat once all are in and the step tells nothing else
     * hidden (no chance, no other reveal): the search may then key the step
     * by the choices themselves instead of hashing the searcher's view after
     * it (the same children, much cheaper). Optional (NULL: never). */
    int (*public_step)(const gg_state *s);
    /* ISMCTS's progressive widening by default in a game like `s` (its
     * widen=k: a node visited N times chooses among its k * (N + 1)^0.5
     * actions ranked best by `eval` after them); 0: none. Optional (NULL:
     * none). */
    double (*widen)(const gg_state *s);
    /* ISMCTS's reward by default in a game like `s`: T > 0 pays a finished
     * rollout the logistic of the seat's lead over the best other seat in
     * points, 1 / (1 + e^(-lead / T)), instead of its win share (its
     * soft=T); 0: the win share. Optional (NULL: the win share). */
    double (*soft)(const gg_state *s);
    /* ISMCTS's rollout cut-off by default in a game like `s`, for a spec
     * that names neither depth= nor eval=: D > 0 stops every rollout after D
     * steps and scores it by the learned evaluation (src/learn/value.h, its
     * eval=learned; none where no network exists for the game and player
     * count); 0: rollouts play to the end. Optional (NULL: 0). */
    int (*cutoff)(const gg_state *s);
    /* A determinization for ISMCTS's belief=1: as the game's determinize,
     * with the same view-only inputs, but hidden values dealt as players are
     * seen to choose them (Ys: face-down brokers by where they lie) instead
     * of uniformly. Optional (NULL: belief=1 is the plain determinize). */
    void (*determinize_belief)(gg_state *s, int seat, gg_rng *rng);
    /* ISMCTS's determinization by default in a game like `s`, for a spec
     * that does not name belief=: 1 deals by determinize_belief, 0 by the
     * game's determinize. Optional (NULL: 0). */
    int (*belief)(const gg_state *s);
} gg_ai;

#endif
