/*
 * ys_pos.h — building Ys positions for tests (test_ys_rules.c,
 * test_ys_rulebook.c).
 *
 * A position starts as a new game (ysp_new) and is then edited in its flat
 * state (ys_state, src/ys/ys.h): brokers moved with ysp_layout, order cards
 * dealt with ysp_orders, ships, palace cards, hands, gems and rates set, and
 * the step machine put at the moment the test needs (ysp_jump and friends).
 * From there the engine is driven through the public API (ysp_play), exactly
 * as a player would.
 *
 * Broker layouts (ysp_layout) are written as space-separated tokens, one per
 * broker, each taking a broker of that value from behind the seat's screen:
 *   u3:d1-port   face up at a city zone or market cell ("blue1": colour, row)
 *   d2:blue2     face down there
 *   f4           in front of the screen (a revealed bid or the last broker)
 *   b4           a bid not yet revealed (in front, marked "bid")
 *   t2           in the King's Favour throne room
 *   r2           in the King's Favour reserve
 *   s1           stays behind the screen (only documents the layout)
 * A token may end in "*": placed in the current placement turn (YS_F_JUST).
 * Before the tokens, every broker of the seat goes behind the screen.
 *
 * Every helper fails the running cmocka test with a message when it cannot do
 * what it is asked (no such broker, unknown place, a refused action).
 */
#ifndef GG_TESTS_YS_POS_H
#define GG_TESTS_YS_POS_H

#include <cjson/cJSON.h>

#include "gemgames.h"
#include "ys/ys.h"

/* A new game: `options` is NULL or "key=value" pairs separated by spaces. */
gg_state *ysp_new(int players, const char *options, uint64_t seed);
static inline ys_state *ysp(gg_state *s) { return (ys_state *)s; }
static inline const ys_state *ysp_c(const gg_state *s) { return (const ys_state *)s; }

/* A place in notation ("d2-trade", "blue1", "front", "throne", "screen",
 * "reserve") as a loc code. */
int ysp_loc(const char *place);

/* Brokers of seat q (see above). */
void ysp_layout(ys_state *st, int q, const char *spec);
/* The neutral brokers seat q placed (2 players), e.g. "2:d1-port 0:blue2";
 * the others go back to its hand. */
void ysp_neutral(ys_state *st, int q, const char *spec);
/* Index of seat q's broker of `value` at `loc` (the first), or fails. */
int ysp_broker(const ys_state *st, int q, int value, int loc);
/* How many brokers seat q has at loc. */
int ysp_count_at(const ys_state *st, int q, int loc);

/* Order cards: order[q] is seat q's card (1..N); turn_order follows. */
void ysp_orders(ys_state *st, const int *order);
/* Port of district d (0-based) gets ship card `number` (1..24, as in Y-1.5);
 * the ship decks stay a permutation. */
void ysp_port(ys_state *st, int d, int number);
/* The face-up palace card of district d (0-based) becomes `card` (YC_*): the
 * card comes from wherever it was, the old one takes its place. */
void ysp_palace(ys_state *st, int d, int card);
/* Seat q holds `card` (taken from piles, palace or the unused cards, whose
 * place gets a card already gone from the game when there is one);
 * `fresh`: won this round (Y-7.1). */
void ysp_give(ys_state *st, int q, int card, int fresh);
/* Market row gems (YS_NONE for none). */
void ysp_market(ys_state *st, int row0, int row1, int row2, int row3);

/* Prepares the rounds up to `round` (palace cards turned, ships drawn, as
 * the engine does), leaving the game at that round's bid. */
void ysp_round(ys_state *st, int round);
/* Puts the step machine at `step` (stage, window, cursor cleared) and runs
 * ys_advance, e.g. YS_STEP_SCORING_WINDOW: the start of scoring. */
void ysp_jump(ys_state *st, int step);
/* Placement turn `turn` (0-based) of the seat at turn_order[cursor]. */
void ysp_turn(ys_state *st, int turn, int cursor);

/* The one seat to act now (fails when several or none). */
int ysp_actor(const gg_state *s);
/* Plays notation; fails the test when refused. */
void ysp_play(gg_state *s, int seat, const char *text);
/* Expects `text` to be refused with `code` and a message containing `needle`
 * (NULL: any message), and the state to be byte-for-byte unchanged. */
/* ysp_play through gg_apply_events: the sentences of everything the action
 * set off (as everyone reads them after the game), one per line, each line
 * between newlines (free()). ysp_assert_told fails unless `sentence` is one
 * of those lines exactly. */
char *ysp_play_told(gg_state *s, int seat, const char *text);
void ysp_assert_told(const char *told, const char *sentence);
void ysp_refused(gg_state *s, int seat, const char *text, gg_status code, const char *needle);
/* Is `text` (which must parse) among the seat's legal actions? */
int ysp_legal(const gg_state *s, int seat, const char *text);
/* The seat's view (GG_SPECTATOR too), parsed. */
cJSON *ysp_view(const gg_state *s, int seat);
/* State JSON round trip: the saved position loads back byte for byte. */
void ysp_roundtrip(const gg_state *s);

#endif
