/*
 * sim.h — a random-simulation harness for any registered game (in the manner
 * of OpenSpiel's and TAG's random simulation tests).
 *
 * sim_run plays `games` seeded games with uniformly random legal actions and,
 * at every step, checks the invariants every game must keep:
 *   - a clone equals the original, and replaying the chosen action on the
 *     clone gives the same state again (independence, determinism);
 *   - gg_state_json round-trips byte-exactly (gg_state_equal after load, and
 *     the reloaded state saves to the same text);
 *   - every legal action is sorted, unique, formats within GG_MAX_NOTATION and
 *     parses back to itself; gg_apply accepts it;
 *   - gg_legal_random, from the same generator state, picks the very action
 *     the list gives at the drawn index (the count, the action and the
 *     generator state after the draw);
 *   - view(determinize(s, p), p) == view(s, p) for every seat and the spectator,
 *     and determinize's result depends only on that view (the same random
 *     numbers give the same state from s and from any determinization of s);
 *   - each game ends within max_steps decisions;
 * plus the game's own hooks (conservation, leaks) on every state and view,
 * and on every move (check_apply).
 *
 * Events (gg_apply_events): every decision of every `events_every`-th game
 * (0 or 1: every game; SIM_FULL=1: every game) is applied through
 * gg_apply_events (the clone through gg_apply_trusted must still follow it),
 * and the game's hooks reconcile the events with the state change: at the
 * steps of the JSON checks check_events on the printed JSON as a consumer
 * reads it, at the others check_event_list on the engine's list (the same
 * checks, without the cost of printing and parsing numbers). At the steps of
 * the JSON checks the events are also checked for leaks: for each viewer, the same action on a determinization of the state
 * for that viewer must give the same events for that viewer whenever it
 * gives the same view after, up to the first event that the hook
 * events_reveal says reveals by the rules what was hidden (a Ys district
 * turned face up).
 *
 * The JSON checks (state round trip, determinize, views and their hooks) cost
 * far more than playing, above all in the sanitizer build. They run at every
 * step of the first `full_games` games, and at every `json_every`-th step of
 * the others (the offset moves from game to game, so every step index is
 * covered), and always on the final position. The environment variable
 * SIM_FULL=1 runs them at every step of every game.
 *
 * Game counts: the optimised test build (build/rel, assertions on) plays
 * every game; the sanitizer build plays the first games/SIM_SHARE of them
 * (at least one, and at least the full_games), SIM_SHARE coming from the
 * Makefile (-DSIM_SHARE=N), or from the environment (SIM_SHARE=1 plays them
 * all under the sanitizers too). The summary line says how many were played.
 */
#ifndef GG_TESTS_SIM_H
#define GG_TESTS_SIM_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "gemgames.h"

typedef struct sim_hooks {
    /* Checks a state (e.g. conservation); returns 0, or 1 with msg filled. */
    int (*check_state)(const gg_state *s, char *msg, size_t n);
    /* Checks the view `view` made for `seat` (GG_SPECTATOR too) from `s`
     * (e.g. that it leaks nothing); returns 0, or 1 with msg filled. */
    int (*check_view)(const gg_state *s, int seat, const char *view, char *msg, size_t n);
    /* Checks the k legal actions gg_legal gave `seat` (e.g. against a plain
     * reference generator); may be NULL. Returns 0, or 1 with msg filled. */
    int (*check_legal)(const gg_state *s, int seat, const gg_action *legal, int k, char *msg,
                       size_t n);
    /* Checks one move: `before`, seat played `a`, giving `after` (e.g. that a
     * secret becomes public only by the move that shows it); may be NULL.
     * Returns 0, or 1 with msg filled. */
    int (*check_apply)(const gg_state *before, int seat, gg_action a, const gg_state *after,
                       char *msg, size_t n);
    /* Reconciles the events of one decision (`events`: the JSON array as
     * GG_EVERYONE sees it) with the change from `before` to `after`; may be
     * NULL. Returns 0, or 1 with msg filled. */
    int (*check_events)(const gg_state *before, int seat, gg_action a, const gg_state *after,
                        const char *events, char *msg, size_t n);
    /* Nonzero for an event kind that reveals by the rules what was hidden
     * before it (the leak check compares the events before it); may be NULL. */
    int (*events_reveal)(const char *kind);
    /* check_events on the engine's own list (gg_events_items: as GG_EVERYONE
     * sees it, plus internal "_" fields), with no printing or parsing; may be
     * NULL. Used at the steps without the JSON checks, check_events (the
     * printed text, parsed) at the others. */
    int (*check_event_list)(const gg_state *before, int seat, gg_action a, const gg_state *after,
                            const cJSON *events, char *msg, size_t n);
} sim_hooks;

typedef struct sim_config {
    const char *game;
    int players;
    const char *options[4]; /* "key=value" strings, NULL-terminated (may be empty) */
    uint64_t first_seed;    /* games use first_seed, first_seed+1, ... */
    int games;              /* before the share (see above) */
    int max_steps;          /* a game longer than this fails */
    const sim_hooks *hooks; /* may be NULL */
    int full_games;         /* games with the JSON checks at every step */
    int json_every;         /* otherwise every n-th step (0 or 1: every step) */
    int events_every;       /* events checked in every n-th game (0 or 1: all) */
} sim_config;

typedef struct sim_stats {
    long games, steps, actions_checked, json_checked;
    long share; /* games played = games given / share */
    long longest; /* most decisions in one game */
} sim_stats;

/* Runs the simulation. Returns 0 when every check held; otherwise 1 with
 * msg saying which check failed, for which seed, at which step. */
int sim_run(const sim_config *cfg, sim_stats *stats, char *msg, size_t n);

/* sim_run inside a cmocka test: a failed check fails the test with its
 * message; then a "# N games, ..." summary line, and every game played. */
void sim_run_checked(const sim_config *cfg);

/* The sentences of events ev as `viewer` was told them, one a line, the
 * whole text starting and ending with a newline (so "\nSENTENCE\n" finds
 * a whole sentence); caller frees. */
char *sim_told(const gg_events *ev, int viewer);
/* Fails the cmocka test unless `told` (sim_told) holds `sentence` whole. */
void sim_assert_told(const char *told, const char *sentence);

#endif
