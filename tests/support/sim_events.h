/* sim_events.h — the event checks of the simulation hooks (sim.h): each
 * decision's events (gg_apply_events, as GG_EVERYONE sees them) reconciled
 * with the state change. What the events say changed is what changed:
 *   Ys: every seat's (and the neutral's) gems and points, the rates (each
 *   move from the rate it was at), the cards in hand and kept; each zone's
 *   and row's prize paid to its winner; a palace card is the one that lay
 *   there; without Ys+ and events, each district's revealed brokers add up
 *   to its standings.
 *   Splendor: every seat's tokens, bought and reserved cards, nobles and
 *   points; the face-up cards after each refill; what a buy paid is what the
 *   card cost less the bonuses.
 * The *_check_events hooks parse the JSON text the way any consumer would;
 * the *_event_list ones reconcile the engine's own list (gg_events_items),
 * the same checks without printing and parsing, cheap enough for every step
 * of every simulated game. */
#ifndef GG_TESTS_SIM_EVENTS_H
#define GG_TESTS_SIM_EVENTS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "gemgames.h"

int sim_ys_check_events(const gg_state *before, int seat, gg_action a, const gg_state *after,
                        const char *events, char *msg, size_t n);
int sim_ys_check_event_list(const gg_state *before, int seat, gg_action a, const gg_state *after,
                            const cJSON *events, char *msg, size_t n);
int sim_ys_events_reveal(const char *kind);
int sim_splendor_check_events(const gg_state *before, int seat, gg_action a,
                              const gg_state *after, const char *events, char *msg, size_t n);
int sim_splendor_check_event_list(const gg_state *before, int seat, gg_action a,
                                  const gg_state *after, const cJSON *events, char *msg, size_t n);

#endif
