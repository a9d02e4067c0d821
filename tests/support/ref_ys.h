/* ref_ys.h — a plain reference for Ys's legal actions, written from the
 * rules reference (docs/rules/ys.md): every candidate of the stage (for a
 * placement every guard × front × value × face × place 0..63, every neutral
 * value × place) tried one by one against the rule that allows it, no masks,
 * no cached fields, no rows written 32 at a time. ys_legal must equal it, in
 * order, at every step of every simulated game (sim_ys.c's check_legal).
 *
 * What it takes from the engine: the plain predicates ys_knows (who knows a
 * value, Y-11), ys_line_zones (Y-10.12), ys_event_refusal (Y-10.25, Y-10.29,
 * Y-10.32) and ys_ref_of (how an action names a broker). Card plays
 * (YS_A_PLAY) come from ys_card_plays: the reference only checks that each
 * names a card the seat holds, did not win this round, within 2 a round
 * (Y-7.1); each card's own arguments are not derived again here.
 *
 * Cost: test_ys_sim_4p at -O3 took 36.4 s of CPU with it and 34.4 s without
 * (2026-11-25, a loaded machine): about 6%. */
#ifndef GG_TESTS_REF_YS_H
#define GG_TESTS_REF_YS_H

#include <stddef.h>

#include "gemgames.h"

/* Returns 0 when the k actions in `legal` equal the reference for `seat`,
 * else 1 with msg saying where they first differ. */
int ref_ys_check_legal(const gg_state *s, int seat, const gg_action *legal, int k, char *msg, size_t n);

#endif
