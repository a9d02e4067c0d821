/* sim_splendor.h — Splendor's hooks for the simulation harness (sim.h):
 * tokens and cards conserved, derived fields consistent, and no view showing
 * another seat's deck-reserved card (until he shows it at a pass, S-3.6) or any
 * card still in a deck. */
#ifndef GG_TESTS_SIM_SPLENDOR_H
#define GG_TESTS_SIM_SPLENDOR_H

#include "sim.h"

extern const sim_hooks sim_splendor_hooks;

/* `games` seeded games of `players` with one table option ("first=seat0"),
 * from first_seed, inside a cmocka test (sim_run_checked): the JSON checks at
 * every step of the first `full` games, then at every `every`-th step. */
void sim_splendor_run(int players, const char *option, uint64_t first_seed, int games, int full,
                      int every);

/* The individual checks, also usable on their own. */
int sim_splendor_check_state(const gg_state *s, char *msg, size_t n);
int sim_splendor_check_view(const gg_state *s, int seat, const char *view, char *msg, size_t n);
/* gg_legal's list for `seat` equals, in order, a plain reference generator
 * written from the rules (every candidate tried one by one). */
int sim_splendor_check_legal(const gg_state *s, int seat, const gg_action *legal, int k,
                             char *msg, size_t n);
/* A reserved card becomes public only by its owner's pass (S-3.6), and every
 * card in his hand then does. */
int sim_splendor_check_apply(const gg_state *before, int seat, gg_action a,
                             const gg_state *after, char *msg, size_t n);

#endif
