/* sim_ys.h — Ys's hooks for the simulation harness (sim.h).
 *
 * sim_ys_check_state: every broker accounted for exactly once in a place it
 * may be at this moment of the round (Y-1.2, Y-5.4, Y-6.3, Y-6.6, Y-8.9,
 * Y-9.1, Y-9.4), one broker per market cell, white gems never held (Y-1.7),
 * rates on the track (Y-1.6), ships and characters each in one place (Y-1.4,
 * Y-1.5, Y-2.3 … Y-4.3), and points only through a rule (score = trade +
 * market + cards, plus the final breakdown once over: Y-8.10, Y-8.11, Y-9.1).
 *
 * check_legal (ref_ys.h): the legal actions equal, in order, a plain reference
 * generator written from the rules, at every step of every game.
 *
 * sim_ys_check_view: the leak check (Y-11). The view must not change when
 * everything its seat may not know is changed: the values of the brokers it
 * may not see (ys_knows / ys_knows_neutral) are rotated among themselves,
 * the face-down ship deck reversed, the unseen characters (palace piles and
 * those out of the game) rotated, the seed and RNG altered. And no key of the
 * view names the seed, the RNG, the ship deck or the hidden characters.
 * While several seats choose at once (the bid Y-5.1, the throne Y-9.1) the
 * harness only sees positions where nobody or everybody has chosen, so this
 * hook also makes the first actor's choice (and, with 3 or more actors, all
 * but the last one's) and checks that position: state, leaks, and
 * view(determinize) == view for `seat`. */
#ifndef GG_TESTS_SIM_YS_H
#define GG_TESTS_SIM_YS_H

#include "sim.h"

extern const sim_hooks sim_ys_hooks;

/* Runs SIM_YS_GAMES seeded random Ys games (players, up to 3 "key=value"
 * options, NULL-terminated; seeds from first_seed) through sim_run with these
 * hooks, as a cmocka test: a failed check fails the test with its message.
 * JSON checks at every step of the first SIM_YS_FULL games, then at every
 * SIM_YS_EVERY-th step and on each final position (SIM_FULL=1 in the
 * environment: every step of every game). All SIM_YS_GAMES are played in
 * the optimised test build (build/rel, about 3 minutes of CPU for every
 * test_ys_sim_* together); the sanitizer build plays one in SIM_SHARE
 * (sim.h), as the sanitizers make each game several times slower. */
#ifndef SIM_YS_GAMES
#define SIM_YS_GAMES 2000
#endif
#define SIM_YS_FULL 3
#define SIM_YS_EVERY 150
/* Events (gg_apply_events) reconciled at every step of every game (release
 * build; every 4th game of the sanitizer build's share): at the
 * JSON-check steps from the printed JSON, at the others from the engine's
 * list (sim.h, check_event_list), which costs about half as much as
 * printing and parsing them (docs/performance.md). A number n > 1 here
 * would check every n-th game only. */
#ifndef SIM_YS_EVENTS_EVERY
#if defined(__SANITIZE_ADDRESS__)
/* the sanitizer build plays one game in SIM_SHARE and reconciles every 4th of
 * those (as before); the release build above reconciles all 2,000 */
#define SIM_YS_EVENTS_EVERY 4
#else
#define SIM_YS_EVENTS_EVERY 1
#endif
#endif
void sim_ys_run(int players, const char *const opts[4], uint64_t first_seed);

/* The individual checks, also usable on their own. */
int sim_ys_check_state(const gg_state *s, char *msg, size_t n);
int sim_ys_check_view(const gg_state *s, int seat, const char *view, char *msg, size_t n);

#endif
