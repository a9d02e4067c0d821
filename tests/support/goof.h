/* goof.h — a test-only game (never registered): Goofspiel for 2–3 players.
 *
 * Each player holds cards 1..K (K = 5, or 3 with the option cards=3). A
 * shuffled prize deck of 1..K is turned up one prize per round; every player
 * then bids one card in secret and at the same time (a simultaneous secret
 * choice, like the Ys bid). The single highest bid wins the prize's value;
 * when the highest bid is tied nobody wins it. Bids are revealed once all
 * are in. Hidden: the order of the rest of the prize deck, and the bids of
 * players who have already bid this round. Used by the bot, match and
 * engine-protocol tests to exercise everything generic before (and besides)
 * the real games. Actions are card values 1..K, notation "c3". */
#ifndef GG_TESTS_GOOF_H
#define GG_TESTS_GOOF_H

#include "core/game.h"

extern const gg_game goof_game;

#endif
