/*
 * learn_splendor.c — Splendor for learning programs: the observation of one
 * seat (only what its view shows, S-6) and the fixed action index space.
 * docs/python.md documents both layouts; keep it in step with this file.
 */
#include <pthread.h>
#include <string.h>

#include "learn/learn.h"
#include "splendor/splendor.h"

/* ---------------------------------------------------------- action space */

/* Index ranges, in this order (S-3 … S-4):
 *   take3    25  the colour masks of 1..3 colours, ascending (S-3.1)
 *   take2     5  colour (S-3.2)
 *   reserve  15  source: tier*4+slot, then 12+tier for a deck top (S-3.3)
 *   buy    3780  source (tier*4+slot, then 12+hand index) * 252 + the gold
 *                payment's rank among the 252 ways to spend at most 5 gold
 *                over the 5 colours (S-3.4)
 *   return   83  the rank of the returned tokens among the 83 ways to return
 *                1..3 tokens of 6 kinds (S-4.1)
 *   noble     5  noble slot (S-4.2)
 *   pass      1  (S-3.6) */
enum {
    N_TAKE3 = 25, N_TAKE2 = 5, N_RESERVE = 15, N_PAY = 252, N_BUY = 15 * N_PAY,
    N_RETURN = 83, N_NOBLE = 5,
    AT_TAKE3 = 0,
    AT_TAKE2 = AT_TAKE3 + N_TAKE3,
    AT_RESERVE = AT_TAKE2 + N_TAKE2,
    AT_BUY = AT_RESERVE + N_RESERVE,
    AT_RETURN = AT_BUY + N_BUY,
    AT_NOBLE = AT_RETURN + N_RETURN,
    AT_PASS = AT_NOBLE + N_NOBLE,
    SPACE = AT_PASS + 1
};

/* Binomial coefficients C(n, k) for n < 12, k < 7 (what digit_rank needs). */
static const uint16_t binom[12][7] = {
    {1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}, {1, 5, 10, 10, 5, 1},
    {1, 6, 15, 20, 15, 6, 1}, {1, 7, 21, 35, 35, 21, 7}, {1, 8, 28, 56, 70, 56, 28},
    {1, 9, 36, 84, 126, 126, 84}, {1, 10, 45, 120, 210, 252, 210},
    {1, 11, 55, 165, 330, 462, 462}};

/* The rank of `field` (ndigits digits of `bits` bits each, digit sum at most
 * budget) among all such fields, in ascending order of value. */
static int digit_rank(unsigned field, int bits, int ndigits, int budget)
{
    int rank = 0, left = budget;
    for (int i = ndigits - 1; i >= 0; i--) {
        int d = (int)(field >> (bits * i)) & ((1 << bits) - 1);
        if (d > left) return -1;
        for (int v = 0; v < d; v++) rank += binom[left - v + i][i];
        left -= d;
    }
    return rank;
}

/* Rank of a take3 colour mask among the masks of 1..3 colours, ascending;
 * -1 for any other mask. */
static const int8_t take3_rank[32] = {-1, 0,  1,  2,  3,  4,  5,  6,  7,  8,  9,
                                      10, 11, 12, 13, -1, 14, 15, 16, 17, 18, 19,
                                      20, -1, 21, 22, 23, -1, 24, -1, -1, -1};

static inline int index_of(gg_action a)
{
    unsigned p = SPL_PAYLOAD(a);
    switch (SPL_KIND(a)) {
    case SPL_A_TAKE3: { int r = p < 32 ? take3_rank[p] : -1; return r < 0 ? -1 : AT_TAKE3 + r; }
    case SPL_A_TAKE2: return p < 5 ? AT_TAKE2 + (int)p : -1;
    case SPL_A_RESERVE: return p < 15 ? AT_RESERVE + (int)p : -1;
    case SPL_A_BUY: {
        unsigned src = SPL_BUY_SRC(a), gold = SPL_BUY_GOLD(a);
        int r = gold == 0 ? 0 : gold >> 15 ? -1 : digit_rank(gold, 3, 5, 5);
        return src < 15 && r >= 0 ? AT_BUY + (int)src * N_PAY + r : -1;
    }
    case SPL_A_RETURN: {
        int r = p >> 12 || p == 0 ? -1 : digit_rank(p, 2, 6, 3);
        return r < 1 ? -1 : AT_RETURN + r - 1;
    }
    case SPL_A_NOBLE: return p < 5 ? AT_NOBLE + (int)p : -1;
    case SPL_A_PASS: return p == 0 ? AT_PASS : -1;
    default: return -1;
    }
}

static int spl_index(const gg_state *s, int seat, gg_action a)
{
    (void)s, (void)seat;
    return index_of(a);
}

static int spl_legal_indexed(const gg_state *s, int seat, gg_action *out, int *index)
{
    int n = gg_legal(s, seat, out);
    for (int i = 0; i < n; i++) index[i] = index_of(out[i]);
    return n;
}

static int spl_space(int players) { (void)players; return SPACE; }

/* ----------------------------------------------------------- observation */

/* Layout (floats, plain counts unless said; "one-hot" is 0/1):
 *   header   8  phase main/return/noble (one-hot), 1 if `seat` is to act,
 *               last round (S-5.1), tokens the actor must return (S-4.1),
 *               game over, seat's position after the first player (0..n-1)
 *   supply   6  white blue green red black gold
 *   board  144  12 face-up slots (tier 1 slots 1-4, tier 2, tier 3) x CARD
 *   decks    3  cards left per tier (S-6.1: sizes, never order)
 *   nobles  30  5 slots x (present, requirement in the 5 colours)
 *   players 4 x PLAYER, seat-relative: the observer first, then the seats
 *               after it in turn order; rows past the player count are 0
 * CARD (12): present, points, bonus colour (one-hot 5), cost (5).
 * PLAYER (66): present, to act, points, cards bought, tokens held,
 *   tokens (6), bonuses (5), nobles, reserved count, then 3 reserved slots x
 *   RESERVED (16): present, known, tier (one-hot 3), and CARD without its
 *   `present` (points, bonus 5, cost 5) when known — another seat's card
 *   reserved from a deck top is known only by its tier (S-6.2). */
enum {
    CARD = 12, RESERVED = 16, PLAYER = 18 + 3 * RESERVED, HEADER = 8,
    O_SUPPLY = HEADER, O_BOARD = O_SUPPLY + 6, O_DECKS = O_BOARD + 12 * CARD,
    O_NOBLES = O_DECKS + 3, O_PLAYERS = O_NOBLES + 5 * 6, OBS = O_PLAYERS + 4 * PLAYER
};

/* Every card's 11 CARD floats after `present`, made once from the card
 * table (an observation copies them: the encoder runs at every step of the
 * vector environment). */
static float card_floats[SPL_CARDS][CARD - 1];
static pthread_once_t card_floats_once = PTHREAD_ONCE_INIT;

static void make_card_floats(void)
{
    for (int id = 0; id < SPL_CARDS; id++) {
        const spl_card *c = &spl_cards[id];
        float *o = card_floats[id];
        o[0] = c->points;
        o[1 + c->bonus] = 1;
        for (int k = 0; k < SPL_COLOURS; k++) o[6 + k] = c->cost[k];
    }
}

static void put_card(float *o, int id) { memcpy(o, card_floats[id], sizeof card_floats[id]); }

static void put_player(const spl_state *st, int q, int seat, float *o)
{
    const spl_player *p = &st->pl[q];
    o[0] = 1;
    o[1] = !st->over && st->turn == q;
    o[2] = p->points;
    o[3] = p->ncards;
    o[4] = p->ntokens;
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) o[5 + k] = p->tokens[k];
    for (int k = 0; k < SPL_COLOURS; k++) o[11 + k] = p->bonus[k];
    o[16] = __builtin_popcount(p->nobles);
    o[17] = p->nreserved;
    for (int i = 0; i < p->nreserved; i++) {
        float *r = o + 18 + i * RESERVED;
        int id = p->reserved[i];
        int known = q == seat || !(p->hidden >> i & 1) || st->over; /* S-6.2 */
        r[0] = 1;
        r[1] = known;
        r[2 + spl_cards[id].tier] = 1;
        if (known) put_card(r + 5, id);
    }
}

static void spl_observe(const gg_state *s, int seat, float *o)
{
    const spl_state *st = (const spl_state *)s;
    int n = s->players;
    pthread_once(&card_floats_once, make_card_floats);
    if (!st->over) o[st->phase] = 1;
    o[3] = !st->over && st->turn == seat;
    o[4] = st->last_round;
    o[5] = st->over ? 0 : spl_excess(st);
    o[6] = st->over;
    o[7] = (seat - st->first + n) % n;
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) o[O_SUPPLY + k] = st->supply[k];
    for (int slot = 0; slot < 12; slot++) {
        int id = st->board[slot / 4][slot % 4];
        if (id == SPL_NONE) continue;
        o[O_BOARD + slot * CARD] = 1;
        put_card(o + O_BOARD + slot * CARD + 1, id);
    }
    for (int t = 0; t < SPL_TIERS; t++) o[O_DECKS + t] = st->deck_n[t];
    for (int i = 0; i <= n; i++) {
        int id = st->noble[i];
        if (id == SPL_NONE) continue;
        o[O_NOBLES + 6 * i] = 1;
        for (int k = 0; k < SPL_COLOURS; k++) o[O_NOBLES + 6 * i + 1 + k] = spl_nobles[id].need[k];
    }
    for (int r = 0; r < n; r++) put_player(st, (seat + r) % n, seat, o + O_PLAYERS + r * PLAYER);
}

static int spl_obs_size(int players) { (void)players; return OBS; }

const gg_encoding gg_encoding_splendor = {
    .game = &gg_splendor_game,
    .obs_size = spl_obs_size,
    .observe = spl_observe,
    .space = spl_space,
    .index = spl_index,
    .legal_indexed = spl_legal_indexed,
};
