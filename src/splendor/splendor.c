/*
 * splendor.c — Splendor rules: set-up, legal actions, applying them, the end
 * of a turn and of the game (rules reference S-1 … S-5).
 *
 * Speed matters here (random playouts, search): legal() and apply() never
 * allocate, and colour vectors are handled eight bytes at a time.
 */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "splendor/splendor.h"

const char spl_colour_letter[SPL_TOKEN_KINDS] = {'W', 'B', 'G', 'R', 'K', 'Y'};
const char *const spl_colour_name[SPL_TOKEN_KINDS] = {"white", "blue", "green",
                                                       "red",   "black", "gold"};

static const gg_option_info spl_options[] = {
    {"first", {"seat0", "random"}, 2, "who takes the first turn (S-2.2)"},
};

/* ------------------------------------------------------ colour vectors */

#define HI8 0x8080808080808080ull
#define COLOURS5 0x000000ffffffffffull

static inline uint64_t vec_load(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* Per byte max(a - b, 0); every byte below 128. A byte of d keeps its top
 * bit exactly when a >= b there, and then its low seven bits are a - b: the
 * mask h - (h >> 7) is 0x7f in those bytes and 0 in the others. */
static inline uint64_t vec_sat_sub(uint64_t a, uint64_t b)
{
    uint64_t d = (a | HI8) - b, h = d & HI8;
    return d & (h - (h >> 7));
}

/* Sum of the bytes (the total stays below 256). */
static inline unsigned vec_sum(uint64_t v) { return (unsigned)((v * 0x0101010101010101ull) >> 56); }

/* 1 when every byte of a is >= the matching byte of b. */
static inline int vec_covers(uint64_t a, uint64_t b) { return (((a | HI8) - b) & HI8) == HI8; }

static inline void vec_store(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

/* Colour mask bit c (m < 32) → byte c holding 1: the multiplier makes copies
 * of m shifted by 0, 7, 14, 21 and 28, so bit c of the copy shifted by 7c
 * lands on bit 8c; no two copies set the same bit (c + 7k = 8j only for
 * k = j = c), so there are no carries, and the mask keeps those bits. */
static inline uint64_t vec_of_mask(unsigned m)
{
    return ((uint64_t)m * 0x10204081ull) & 0x0101010101ull;
}

static inline spl_state *ST(gg_state *s) { return (spl_state *)s; }
static inline const spl_state *CST(const gg_state *s) { return (const spl_state *)s; }

/* ---------------------------------------------------------------- set-up */

int spl_tokens_per_colour(int players)
{
    return players == 2 ? 4 : players == 3 ? 5 : 7; /* S-1.3 */
}

/* A face-up slot changes: its card, and its cost per colour in slot_cost
 * (spl_cost64: an empty slot costs 127 of every colour). */
static inline void set_slot(spl_state *st, int tier, int slot, int card)
{
    uint64_t cost = spl_cost64[card];
    int k = tier * SPL_SLOTS + slot;
    st->board[tier][slot] = (uint8_t)card;
    st->slot_cost[0][k] = (uint8_t)cost;
    st->slot_cost[1][k] = (uint8_t)(cost >> 8);
    st->slot_cost[2][k] = (uint8_t)(cost >> 16);
    st->slot_cost[3][k] = (uint8_t)(cost >> 24);
    st->slot_cost[4][k] = (uint8_t)(cost >> 32);
}

void spl_board_derive(spl_state *st)
{
    memset(st->slot_cost, 127, sizeof st->slot_cost); /* slots 12..15: never bought */
    for (int t = 0; t < SPL_TIERS; t++)
        for (int k = 0; k < SPL_SLOTS; k++) set_slot(st, t, k, st->board[t][k]);
}

static inline void refill_slot(spl_state *st, int tier, int slot)
{
    /* S-3.5: replaced at once from the deck; an empty deck leaves it empty. */
    if (st->deck_n[tier] == 0) {
        set_slot(st, tier, slot, SPL_NONE);
        return;
    }
    int top = --st->deck_n[tier];
    set_slot(st, tier, slot, st->deck[tier][top]);
    st->deck[tier][top] = 0;
}

/* 0, 1, ..., 89: a tier's cards in id order, before the shuffle. */
static const uint8_t card_ids[SPL_CARDS] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
    23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45,
    46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68,
    69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89,
};

static gg_status spl_init(gg_state *s, gg_error *err)
{
    (void)err;
    spl_state *st = ST(s);
    int n = s->players;
    /* S-2.2: seat 0 begins unless the table asked for a random first player. */
    st->first = s->opts.value[0] == 1 ? (uint8_t)gg_rng_below(&s->rng, (uint32_t)n) : 0;
    st->turn = st->first;
    for (int c = 0; c < SPL_COLOURS; c++) st->supply[c] = (uint8_t)spl_tokens_per_colour(n);
    st->supply[SPL_GOLD] = SPL_GOLD_TOKENS; /* S-1.3 */
    /* S-2.1: shuffle each tier, deal four face up. */
    memset(st->slot_cost, 127, sizeof st->slot_cost); /* slots 12..15: never bought */
    for (int t = 0; t < SPL_TIERS; t++) {
        int first = spl_tier_start[t];
        st->deck_n[t] = (uint8_t)(spl_tier_start[t + 1] - first);
        memcpy(st->deck[t], card_ids + first, st->deck_n[t]);
        gg_shuffle_bytes(st->deck[t], st->deck_n[t], &s->rng);
        for (int k = 0; k < SPL_SLOTS; k++) refill_slot(st, t, k);
    }
    /* S-1.4, S-2.1: players + 1 nobles at random. */
    uint8_t nobles[SPL_NOBLES];
    for (int i = 0; i < SPL_NOBLES; i++) nobles[i] = (uint8_t)i;
    gg_shuffle_bytes(nobles, SPL_NOBLES, &s->rng);
    memset(st->noble, SPL_NONE, sizeof st->noble);
    for (int i = 0; i <= n; i++) st->noble[i] = nobles[i];
    for (int p = 0; p < SPL_MAX_PLAYERS; p++) memset(st->pl[p].reserved, SPL_NONE, SPL_HAND);
    return GG_OK;
}

/* ----------------------------------------------------------- who acts */

int spl_actors(const gg_state *s, int seats[GG_MAX_SEATS])
{
    const spl_state *st = CST(s);
    if (st->over) return 0;
    seats[0] = st->turn;
    return 1;
}

int spl_is_over(const gg_state *s) { return CST(s)->over; }

int spl_excess(const spl_state *st)
{
    int e = st->pl[st->turn].ntokens - SPL_TOKEN_LIMIT;
    return st->phase == SPL_RETURN && e > 0 ? e : 0;
}

int spl_source_card(const spl_state *st, int seat, int src, int reserve)
{
    if (src < 12) return st->board[src / 4][src % 4];
    if (reserve) {
        int t = src - SPL_SRC_DECK;
        return t < SPL_TIERS && st->deck_n[t] ? st->deck[t][st->deck_n[t] - 1] : SPL_NONE;
    }
    int i = src - SPL_SRC_HAND;
    return i < st->pl[seat].nreserved ? st->pl[seat].reserved[i] : SPL_NONE;
}

/* Inline for the end of every turn; spl_qualifying_nobles is the same. */
static inline unsigned qualifying_nobles(const spl_state *st, int seat)
{
    const spl_player *p = &st->pl[seat];
    if (p->ncards < 8) return 0; /* every noble asks for at least 8 bonuses */
    uint64_t bonus = vec_load(p->bonus);
    unsigned q = 0;
    for (int i = 0; i <= st->base.players; i++) {
        int id = st->noble[i];
        /* without a branch on the slot (an empty one reads noble 0, not kept) */
        uint64_t need = vec_load(spl_nobles[id < SPL_NOBLES ? id : 0].need);
        q |= (unsigned)(id != SPL_NONE && vec_covers(bonus, need)) << i;
    }
    return q;
}

unsigned spl_qualifying_nobles(const spl_state *st, int seat) { return qualifying_nobles(st, seat); }

/* --------------------------------------------------------- legal actions */

/* Hot path: candidates are written unconditionally and kept by adding the
 * condition to n (no unpredictable branches in random playouts). */
/* Bit c set when byte c (c < 5) of v has its top bit set: the five bits,
 * each shifted to byte c's bit 0, meet at bits 28..32 under this multiplier
 * without carries. */
static inline unsigned gather5(uint64_t v)
{
    return (unsigned)((((v >> 7) & 0x0000000101010101ull) * 0x10204081ull) >> 28) & 31u;
}

/* Set bits of a 5-bit mask (a table: without -mpopcnt, gcc calls libgcc). */
static const uint8_t bit_count5[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                       1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};

static int legal_take(const spl_state *st, gg_action *out, int n)
{
    uint64_t supply = vec_load(st->supply) & COLOURS5; /* piles hold at most 7 */
    unsigned avail = gather5(supply + 0x7f7f7f7f7full);   /* top bit: pile not empty */
    unsigned four = gather5(supply + 0x7c7c7c7c7cull);    /* top bit: pile holds >= 4 */
    /* S-3.1: three colours; any one or two when fewer than three remain. */
    const spl_take_list *t3 = &spl_take3[avail], *t2 = &spl_take2[four];
    memcpy(out + n, t3->act, sizeof t3->act);
    n += (int)t3->n;
    memcpy(out + n, t2->act, 5 * sizeof(gg_action)); /* S-3.2 */
    return n + (int)t2->n;
}

static int legal_reserve(const spl_state *st, const spl_player *p, gg_action *out, int n)
{
    if (p->nreserved >= SPL_HAND) return n; /* S-3.3 */
    const uint8_t *board = &st->board[0][0];
    uint64_t lo8 = vec_load(board);
    uint32_t hi4;
    memcpy(&hi4, board + 8, 4);
    /* no byte is SPL_NONE (0xFF): "has a zero byte" on the complement */
    if (((~lo8 - 0x0101010101010101ull) & lo8 & HI8) == 0 &&
        ((~hi4 - 0x01010101u) & hi4 & 0x80808080u) == 0 && st->deck_n[0] && st->deck_n[1] &&
        st->deck_n[2]) { /* the usual case: every slot and every deck has a card */
        /* Copied in four 16-byte pieces (the last entry lies past the
         * list): one 60-byte memcpy became a `rep movs`, slow to start. */
        static const gg_action every_source[16] = {
#define R(src) SPL_ACTION(SPL_A_RESERVE, src)
            R(0), R(1), R(2), R(3), R(4), R(5), R(6), R(7),
            R(8), R(9), R(10), R(11), R(12), R(13), R(14), R(15),
#undef R
        };
        for (int i = 0; i < 16; i += 4) memcpy(out + n + i, every_source + i, 16);
        return n + 15;
    }
    for (int src = 0; src < 12; src++) {
        out[n] = SPL_ACTION(SPL_A_RESERVE, src);
        n += board[src] != SPL_NONE;
    }
    for (int t = 0; t < SPL_TIERS; t++) {
        out[n] = SPL_ACTION(SPL_A_RESERVE, SPL_SRC_DECK + t);
        n += st->deck_n[t] != 0;
    }
    return n;
}

/* base + each one-gold field of `mask` (spl_one_gold): one more gold in
 * that colour (a 3-bit digit of base that stays below 8); all 8 slots written
 * at once; the caller keeps popcount(mask) of them (out[] has room to spare:
 * GG_MAX_ACTIONS). */
static inline void write_one_gold_row(unsigned mask, gg_action base, gg_action *out)
{
#ifdef __SSE2__
    __m128i row = _mm_loadu_si128((const __m128i *)(const void *)spl_one_gold[mask]);
    __m128i zero = _mm_setzero_si128(), b = _mm_set1_epi32((int)base);
    _mm_storeu_si128((__m128i *)(void *)out, _mm_add_epi32(_mm_unpacklo_epi16(row, zero), b));
    _mm_storeu_si128((__m128i *)(void *)(out + 4), _mm_add_epi32(_mm_unpackhi_epi16(row, zero), b));
#else
    for (int j = 0; j < 8; j++) out[j] = base + spl_one_gold[mask][j];
#endif
}

/* field + (j << shift) for j = 0..7, all eight written at once (a run is
 * at most 6 long: the gold held is at most 5); the caller keeps the run. No
 * loop: its length is data to the branch predictor. */
static inline void write_run(unsigned field, unsigned shift, gg_action *out)
{
#ifdef __SSE2__
    __m128i f = _mm_set1_epi32((int)field), sh = _mm_cvtsi32_si128((int)shift);
    __m128i j03 = _mm_set_epi32(3, 2, 1, 0), j47 = _mm_set_epi32(7, 6, 5, 4);
    _mm_storeu_si128((__m128i *)(void *)out, _mm_add_epi32(f, _mm_sll_epi32(j03, sh)));
    _mm_storeu_si128((__m128i *)(void *)(out + 4), _mm_add_epi32(f, _mm_sll_epi32(j47, sh)));
#else
    for (unsigned j = 0; j < 8; j++) out[j] = field + (j << shift);
#endif
}

/* Every way to pay a card with gold standing in for some coloured tokens
 * (S-3.4), in ascending order of the 3-bit-per-colour gold field: in colour
 * c, gold pays at least lacking[c] (what the tokens held cannot cover) and at
 * most need[c] (all the card still costs in c), `gold` at most in all. An
 * odometer over the colours where gold may pay more than it must; the lowest
 * such colour (the least significant digit) comes out as a run. */
__attribute__((noinline)) static int enum_payments_spread(uint64_t room, unsigned spare,
                                                         unsigned field, gg_action *out, int n);

static inline int enum_payments(uint64_t lacking, uint64_t need, unsigned gold, gg_action base,
                                gg_action *out, int n)
{
    uint64_t room = need - lacking; /* per colour: gold that may also pay there */
    unsigned spare = gold - vec_sum(lacking);
    /* lacking as 3-bit digits (every byte is at most 7) */
    unsigned field = base | (unsigned)((lacking & 7) | (lacking >> 5 & 070) |
                                       (lacking >> 10 & 0700) | (lacking >> 15 & 07000) |
                                       (lacking >> 20 & 070000));
    if (spare <= 1 || room == 0) {
        /* gold pays what is lacking and, with one to spare, perhaps one more
         * in a colour with room (as in buy_with_gold) */
        unsigned more = gather5(room + 0x7f7f7f7f7full) & -(spare == 1);
        out[n] = field;
        write_one_gold_row(more, field, out + n + 1);
        return n + 1 + (int)bit_count5[more];
    }
    return enum_payments_spread(room, spare, field, out, n);
}

/* enum_payments with two or more gold to spare and room for it: the
 * odometer, out of line (rare: 5% of decisions in random playouts). */
__attribute__((noinline)) static int enum_payments_spread(uint64_t room, unsigned spare,
                                                         unsigned field, gg_action *out, int n)
{
    /* the digits: the colours with room, lowest first (written for every
     * colour, kept by counting only those with room: no branches) */
    unsigned x[5], d[5], step[5];
    int m = 0;
    for (int c = 0; c < SPL_COLOURS; c++) {
        unsigned r = (unsigned)(room >> (8 * c)) & 0xffu;
        x[m] = 0, d[m] = r < spare ? r : spare, step[m] = 1u << (3 * c);
        m += r != 0;
    }
    unsigned shift0 = (unsigned)__builtin_ctz(step[0]); /* step[0] = 1 << shift0 */
    unsigned used = 0; /* spare gold paid in the digits above the lowest */
    for (;;) {
        unsigned run = d[0] < spare - used ? d[0] : spare - used;
        write_run(field, shift0, out + n); /* field + j * step[0], j = 0..7 */
        n += (int)run + 1;
        int i = 1;
        for (; i < m; i++) { /* advance the lowest digit that can, reset those below */
            if (x[i] < d[i] && used < spare) {
                x[i]++, used++;
                field += step[i];
                break;
            }
            used -= x[i];
            field -= x[i] * step[i];
            x[i] = 0;
        }
        if (i == m) return n;
    }
}

/* The payments of one card the player can afford with gold: `lacking` is
 * what bonuses and coloured tokens leave unpaid, per colour. */
static inline int buy_with_gold(const spl_player *p, uint64_t cost, uint64_t lacking, int src,
                                gg_action *out, int n)
{
    unsigned gold = p->tokens[SPL_GOLD];
    gg_action base = SPL_ACTION(SPL_A_BUY, (unsigned)src << 16);
    uint64_t need = vec_sat_sub(cost, vec_load(p->bonus));
    if (gold >= 2) return enum_payments(lacking, need, gold, base, out, n);
    /* The usual case, one gold token, without branches on the card: lacking
     * one token, the gold pays for it (one way); lacking nothing, pay without
     * gold, or with the gold for one of the colours still needed. The same
     * payments as enum_payments' "at most one to spare" row, found with less
     * work (no digit spread, no token sum): 2% faster on the 2p bench. */
    unsigned lacks = lacking != 0; /* (bit 40, beyond the colours: ctz defined) */
    unsigned lack_field = 1u << (3 * (__builtin_ctzll(lacking | 1ull << 40) / 8)) & -lacks;
    unsigned spend = gather5(need + 0x7f7f7f7f7full) & (lacks - 1);
    out[n] = base | lack_field;
    write_one_gold_row(spend, base, out + n + 1);
    return n + 1 + (int)bit_count5[spend];
}

/* The exact test for one card (S-3.4): the shortfall of `wealth` (bonuses +
 * coloured tokens held, per colour), summed over the colours, is no more
 * than the gold held; then every way to pay it. */
static inline int legal_buy_one(const spl_player *p, uint64_t wealth, int card, int src,
                                gg_action *out, int n)
{
    uint64_t cost = spl_cost64[card];
    uint64_t lacking = vec_sat_sub(cost, wealth);
    if (vec_sum(lacking) > p->tokens[SPL_GOLD]) return n; /* out of reach even with gold */
    return buy_with_gold(p, cost, lacking, src, out, n);
}

/* Whether `card` costs no more than the wealth w in any colour, given
 * not_w = ~(w | HI8): per byte, cost + not_w is ~((w | HI8) - cost) (no
 * carries between bytes), whose top bit is clear exactly when that colour is
 * covered. A hand place past nreserved (SPL_NONE) costs 127: never covered. */
static inline int covered(uint64_t not_w, int card)
{
    return ((spl_cost64[card] + not_w) & HI8) == 0;
}

/* S-3.4 for the twelve face-up cards at once: bit k (tier*4+slot) set when
 * the card in slot k can be paid with `wealth` (bonuses + coloured tokens,
 * per colour) and at most `gold` gold tokens, that is when its shortfall,
 * summed over the colours, is no more than gold. Empty slots are never set.
 * This is the portable reference; board_within_reach below is the same test
 * on sixteen bytes at a time (the simulation tests check they agree). */
unsigned spl_board_within_reach_ref(const spl_state *st, uint64_t wealth, unsigned gold)
{
    unsigned m = 0;
    for (int k = 0; k < 12; k++) {
        int card = (&st->board[0][0])[k];
        if (card != SPL_NONE && vec_sum(vec_sat_sub(spl_cost64[card], wealth)) <= gold) m |= 1u << k;
    }
    return m;
}

#ifdef __SSE2__
/* slot_cost holds, per colour, the sixteen slot costs in one SSE2 register:
 * the shortfall in a colour is one saturating subtraction of the wealth in
 * that colour, copied to every byte (a broadcast); the shortfalls add up with
 * saturation too (an empty slot's 5 x 127 stays at 255, beyond any gold). */
static inline unsigned board_within_reach(const spl_state *st, uint64_t wealth, unsigned gold)
{
    /* wealth in bytes 0..4, the gold in byte 5 */
    __m128i w = _mm_cvtsi64_si128((long long)(wealth | (uint64_t)gold << 40));
    w = _mm_unpacklo_epi8(w, w);               /* each byte twice */
    __m128i w03 = _mm_unpacklo_epi16(w, w);    /* bytes 0..3, four times each */
    __m128i w45 = _mm_unpackhi_epi16(w, w);    /* bytes 4..7, four times each */
#define COST(c) _mm_loadu_si128((const __m128i *)st->slot_cost[c]) /* states may be unaligned */
    __m128i shortfall = _mm_subs_epu8(COST(0), _mm_shuffle_epi32(w03, 0x00));
    shortfall = _mm_adds_epu8(shortfall, _mm_subs_epu8(COST(1), _mm_shuffle_epi32(w03, 0x55)));
    shortfall = _mm_adds_epu8(shortfall, _mm_subs_epu8(COST(2), _mm_shuffle_epi32(w03, 0xaa)));
    shortfall = _mm_adds_epu8(shortfall, _mm_subs_epu8(COST(3), _mm_shuffle_epi32(w03, 0xff)));
    shortfall = _mm_adds_epu8(shortfall, _mm_subs_epu8(COST(4), _mm_shuffle_epi32(w45, 0x00)));
#undef COST
    __m128i beyond_gold = _mm_subs_epu8(shortfall, _mm_shuffle_epi32(w45, 0x55)); /* gold */
    __m128i in_reach = _mm_cmpeq_epi8(beyond_gold, _mm_setzero_si128());
    return (unsigned)_mm_movemask_epi8(in_reach) & 0xfffu;
}
#else
static inline unsigned board_within_reach(const spl_state *st, uint64_t wealth, unsigned gold)
{
    return spl_board_within_reach_ref(st, wealth, gold);
}
#endif

unsigned spl_board_within_reach(const spl_state *st, uint64_t wealth, unsigned gold)
{
    return board_within_reach(st, wealth, gold);
}

/* The buy actions for the face-up slots in `reach` (one way to pay each: no
 * gold held), branch-free, four slots at a time: per nibble of reach, a row
 * of the slots' actions, ascending, is written and n grows by its bit count. */
typedef uint32_t spl_actions4 __attribute__((vector_size(16)));
#define B(k, i) SPL_ACTION(SPL_A_BUY, (unsigned)(4 * (k) + (i)) << 16)
#define ROW(k)                                                                                \
    {                                                                                         \
        {0}, {B(k, 0)}, {B(k, 1)}, {B(k, 0), B(k, 1)}, {B(k, 2)}, {B(k, 0), B(k, 2)},       \
            {B(k, 1), B(k, 2)}, {B(k, 0), B(k, 1), B(k, 2)}, {B(k, 3)}, {B(k, 0), B(k, 3)},   \
            {B(k, 1), B(k, 3)}, {B(k, 0), B(k, 1), B(k, 3)}, {B(k, 2), B(k, 3)},              \
            {B(k, 0), B(k, 2), B(k, 3)}, {B(k, 1), B(k, 2), B(k, 3)},                         \
            {B(k, 0), B(k, 1), B(k, 2), B(k, 3)},                                             \
    }
static const spl_actions4 board_buy_rows[3][16] = {ROW(0), ROW(1), ROW(2)};
#undef ROW
#undef B

static inline int board_buys_row(int k, unsigned reach, gg_action *out, int n)
{
    unsigned nib = reach >> (4 * k) & 15;
    memcpy(out + n, &board_buy_rows[k][nib], sizeof(spl_actions4));
    return n + bit_count5[nib];
}

/* With gold: the hand places (bit i) whose card no colour alone puts out of
 * reach of the wealth plus all the gold held; branch-free. The exact test
 * (legal_buy_one) follows for these only. */
static inline unsigned hand_candidates_with_gold(const spl_player *p, uint64_t wealth)
{
    uint64_t nwg = ~((wealth + p->tokens[SPL_GOLD] * 0x0101010101ull) | HI8);
    const uint8_t *r = p->reserved;
    return (unsigned)covered(nwg, r[0]) | (unsigned)covered(nwg, r[1]) << 1 |
           (unsigned)covered(nwg, r[2]) << 2;
}

static uint64_t wealth_of(const spl_player *p)
{
    return vec_load(p->bonus) + (vec_load(p->tokens) & COLOURS5);
}

/* One "can afford" test without gold (S-3.4), branch-free: the action is
 * written and kept when covered (see covered()). */
static inline int buy_if_covered(uint64_t not_w, int card, gg_action a, gg_action *out, int n)
{
    out[n] = a;
    return n + covered(not_w, card);
}

#define BUY_AT(src) SPL_ACTION(SPL_A_BUY, (unsigned)(src) << 16)

/* The buys (S-3.4), given the player's wealth (bonuses + coloured tokens),
 * gold and the face-up cards within reach (board_within_reach), which
 * spl_legal computes first. */
static inline __attribute__((always_inline)) int legal_buy(const spl_state *st,
                                                           const spl_player *p, uint64_t wealth,
                                                           unsigned gold, unsigned reach,
                                                           gg_action *out, int n)
{
    const uint8_t *r = p->reserved;
    if (gold == 0) { /* no gold: one way to pay, if any */
        uint64_t nw = ~(wealth | HI8);
        /* the face-up slots, then the three hand places (past nreserved a
         * hand place holds SPL_NONE), in action order */
        n = board_buys_row(0, reach, out, n);
        n = board_buys_row(1, reach, out, n);
        n = board_buys_row(2, reach, out, n);
        n = buy_if_covered(nw, r[0], BUY_AT(SPL_SRC_HAND + 0), out, n);
        n = buy_if_covered(nw, r[1], BUY_AT(SPL_SRC_HAND + 1), out, n);
        return buy_if_covered(nw, r[2], BUY_AT(SPL_SRC_HAND + 2), out, n);
    }
    for (; reach; reach &= reach - 1) {
        int src = __builtin_ctz(reach); /* ascending: the actions come out sorted */
        int card = (&st->board[0][0])[src];
        uint64_t cost = spl_cost64[card];
        n = buy_with_gold(p, cost, vec_sat_sub(cost, wealth), src, out, n);
    }
    for (unsigned m = hand_candidates_with_gold(p, wealth); m; m &= m - 1) {
        int i = __builtin_ctz(m);
        n = legal_buy_one(p, wealth, r[i], SPL_SRC_HAND + i, out, n);
    }
    return n;
}

/* base | each low half of l, all 12 slots written at once (no loop exit for
 * the branch predictor to guess); the caller keeps the first l->n, and out[]
 * has room to spare (GG_MAX_ACTIONS). */
_Static_assert(sizeof(spl_return_lo) == 16, "write_return_row loads a row as one vector");
static inline void write_return_row(const spl_return_lo *l, gg_action base, gg_action *out)
{
#ifdef __SSE2__
    __m128i halves = _mm_loadu_si128((const __m128i *)(const void *)l); /* half[0..11], n */
    __m128i zero = _mm_setzero_si128(), b = _mm_set1_epi32((int)base);
    __m128i lo16 = _mm_unpacklo_epi8(halves, zero), hi16 = _mm_unpackhi_epi8(halves, zero);
    _mm_storeu_si128((__m128i *)(void *)out, _mm_or_si128(_mm_unpacklo_epi16(lo16, zero), b));
    _mm_storeu_si128((__m128i *)(void *)(out + 4), _mm_or_si128(_mm_unpackhi_epi16(lo16, zero), b));
    _mm_storeu_si128((__m128i *)(void *)(out + 8), _mm_or_si128(_mm_unpacklo_epi16(hi16, zero), b));
#else
    for (int j = 0; j < 12; j++) out[j] = base | l->half[j];
#endif
}

/* S-4.1: every multiset of exactly `left` (1..3) held tokens, as a field of
 * 2 bits per kind, ascending. From generated tables (splendor.h): each high
 * half (red, black, gold) that the holdings allow, then every low half
 * (white, blue, green) that returns the rest. */
static inline unsigned cap3(unsigned t) { return t < 3 ? t : 3; }

static int legal_return(const spl_player *p, int left, gg_action *out)
{
    const uint8_t *t = p->tokens;
    GG_ASSERT(left >= 0 && left <= 3); /* 11 to 13 tokens while returning */
    unsigned lo_caps = cap3(t[0]) | cap3(t[1]) << 2 | cap3(t[2]) << 4;
    unsigned hi_caps = cap3(t[3]) | cap3(t[4]) << 2 | cap3(t[5]) << 4;
    const spl_return_hi *hi = &spl_ret_hi[left][hi_caps];
    const spl_return_lo *lo = spl_ret_lo[lo_caps];
    int n = 0;
    for (int i = 0; i < hi->n; i++) {
        const spl_return_lo *l = &lo[hi->e[i].low_left];
        gg_action base = SPL_ACTION(SPL_A_RETURN, (unsigned)hi->e[i].half << 6);
        write_return_row(l, base, out + n);
        n += l->n;
    }
    return n;
}

int spl_legal(const gg_state *s, int seat, gg_action *out)
{
    const spl_state *st = CST(s);
    if (st->over || seat != st->turn) return 0;
    const spl_player *p = &st->pl[seat];
    int n = 0;
    switch (st->phase) {
    case SPL_MAIN: {
        /* The longest chain of the count first, in program order: what the
         * face-up cards cost this player (the list's order is unchanged). */
        uint64_t wealth = wealth_of(p);
        unsigned gold = p->tokens[SPL_GOLD];
        unsigned reach = board_within_reach(st, wealth, gold);
        n = legal_take(st, out, n);
        n = legal_reserve(st, p, out, n);
        n = legal_buy(st, p, wealth, gold, reach, out, n);
        if (n == 0) out[n++] = SPL_ACTION(SPL_A_PASS, 0); /* S-3.6 */
        return n;
    }
    case SPL_RETURN:
        return legal_return(p, spl_excess(st), out);
    case SPL_NOBLE: {
        unsigned q = spl_qualifying_nobles(st, seat);
        for (int i = 0; i < SPL_MAX_NOBLE_SLOTS; i++)
            if (q & 1u << i) out[n++] = SPL_ACTION(SPL_A_NOBLE, i);
        return n;
    }
    }
    return 0;
}

/* ------------------------------------------------------------- applying */

void spl_player_derive(spl_player *p)
{
    memset(p->bonus, 0, sizeof p->bonus);
    int points = 0, cards = 0, tokens = 0;
    for (int id = 0; id < SPL_CARDS; id++) {
        if (!(p->bought[id >> 6] >> (id & 63) & 1)) continue;
        p->bonus[spl_cards[id].bonus]++;
        points += spl_cards[id].points;
        cards++;
    }
    for (int i = 0; i < SPL_NOBLES; i++)
        if (p->nobles >> i & 1) points += spl_nobles[i].points;
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) tokens += p->tokens[k];
    p->points = (uint8_t)points;
    p->ncards = (uint8_t)cards;
    p->ntokens = (uint8_t)tokens;
}

static void take_noble(spl_state *st, spl_player *p, int slot)
{
    int id = st->noble[slot];
    p->nobles |= (uint16_t)(1u << id);
    p->points = (uint8_t)(p->points + spl_nobles[id].points);
    st->noble[slot] = SPL_NONE;
}

/* S-5.1, S-3.6: the next seat; the game ends when a round completes after
 * someone reached 15 points, or after a round in which everyone passed. */
static inline void end_turn(spl_state *st)
{
    int n = st->base.players;
    st->phase = SPL_MAIN;
    /* Branch-free: who comes next is data to the branch predictor. */
    st->last_round |= st->pl[st->turn].points >= SPL_WIN_POINTS;
    int next = st->turn + 1;
    next &= -(next != n);
    int round_done = next == st->first;
    st->over |= round_done & (st->last_round | (st->passes == n));
    st->passes = (uint8_t)(st->passes & -!round_done);
    st->turn = (uint8_t)next;
}

/* S-4.2: a qualifying noble visits (at most one); several → the player picks. */
static inline void visit_nobles(spl_state *st)
{
    unsigned q = qualifying_nobles(st, st->turn);
    if (q && (q & (q - 1))) {
        st->phase = SPL_NOBLE;
        return;
    }
    if (q) take_noble(st, &st->pl[st->turn], __builtin_ctz(q));
    end_turn(st);
}

/* Tokens move between a player and the supply as whole words (byte k =
 * tokens of kind k, gold at byte 5): the next legal() reads these words
 * whole, and a load over several narrower pending stores would stall. */
static inline void gain_tokens(spl_state *st, spl_player *p, uint64_t v)
{
    vec_store(st->supply, vec_load(st->supply) - v);
    vec_store(p->tokens, vec_load(p->tokens) + v);
    p->ntokens = (uint8_t)(p->ntokens + vec_sum(v));
}

static inline void pay_tokens(spl_state *st, spl_player *p, uint64_t v)
{
    vec_store(p->tokens, vec_load(p->tokens) - v);
    vec_store(st->supply, vec_load(st->supply) + v);
    p->ntokens = (uint8_t)(p->ntokens - vec_sum(v));
}

static void take_tokens(spl_state *st, spl_player *p, unsigned mask)
{
    gain_tokens(st, p, vec_of_mask(mask)); /* never below 0: only piles with tokens */
}

static void reserve_card(spl_state *st, spl_player *p, int src)
{
    int card, hidden = 0;
    if (src < 12) {
        card = st->board[src / 4][src % 4];
        refill_slot(st, src / 4, src % 4);
    } else {
        int t = src - SPL_SRC_DECK;
        int top = --st->deck_n[t];
        card = st->deck[t][top];
        st->deck[t][top] = 0;
        hidden = 1; /* S-6.2: unseen by the others */
    }
    p->hidden = (uint8_t)(p->hidden | hidden << p->nreserved);
    p->reserved[p->nreserved++] = (uint8_t)card;
    /* S-3.3: one gold if any is left */
    gain_tokens(st, p, (uint64_t)(st->supply[SPL_GOLD] != 0) << (8 * SPL_GOLD));
}

static void remove_reserved(spl_player *p, int i)
{
    for (int k = i; k + 1 < p->nreserved; k++) p->reserved[k] = p->reserved[k + 1];
    unsigned low = p->hidden & ((1u << i) - 1), high = p->hidden >> (i + 1);
    p->hidden = (uint8_t)(low | high << i);
    low = p->shown & ((1u << i) - 1), high = p->shown >> (i + 1);
    p->shown = (uint8_t)(low | high << i);
    p->reserved[--p->nreserved] = SPL_NONE;
}

static void buy_card(spl_state *st, spl_player *p, int src, unsigned goldfield)
{
    int card;
    if (src < 12) {
        card = st->board[src / 4][src % 4];
        refill_slot(st, src / 4, src % 4);
    } else {
        card = p->reserved[src - SPL_SRC_HAND];
        remove_reserved(p, src - SPL_SRC_HAND);
    }
    const spl_card *c = &spl_cards[card];
    /* S-3.4: cost minus bonuses; gold stands in where the action says */
    uint64_t need = vec_sat_sub(spl_cost64[card], vec_load(p->bonus));
    /* the 3-bit digits of the gold field spread to one byte per colour,
     * without a loop (how many digits are set is random to the predictor) */
    uint64_t f = goldfield;
    uint64_t gold = (f & 07) | (f & 070) << 5 | (f & 0700) << 10 | (f & 07000) << 15 |
                    (f & 070000) << 20;
    unsigned gold_total = vec_sum(gold);
    /* per colour, gold <= need: no borrow; the gold tokens themselves at byte 5 */
    pay_tokens(st, p, (need - gold) | (uint64_t)gold_total << (8 * SPL_GOLD));
    p->bought[card >> 6] |= 1ull << (card & 63);
    p->bonus[c->bonus]++;
    p->points = (uint8_t)(p->points + c->points);
    p->ncards++;
}

static void return_tokens(spl_state *st, spl_player *p, unsigned field)
{
    uint64_t f = field; /* 2 bits per kind, spread to one byte per kind */
    pay_tokens(st, p, (f & 03) | (f & 014) << 6 | (f & 060) << 12 | (f & 0300) << 18 |
                          (f & 01400) << 24 | (f & 06000) << 30);
}

void spl_apply(gg_state *s, int seat, gg_action a)
{
    spl_state *st = ST(s);
    spl_player *p = &st->pl[seat];
    unsigned pay = SPL_PAYLOAD(a), kind = SPL_KIND(a);
    /* The kinds as a chain of tests, the most frequent in random playouts
     * first (2 players: buy 39% of decisions, take 3 about 33%, reserve 12%,
     * return 11%), not a switch: a jump through a table is resolved only
     * once the table entry is loaded, one more load after the action. */
    if (kind == SPL_A_BUY)
        buy_card(st, p, (int)SPL_BUY_SRC(a), SPL_BUY_GOLD(a));
    else if (kind == SPL_A_TAKE3)
        take_tokens(st, p, pay);
    else if (kind == SPL_A_RESERVE)
        reserve_card(st, p, (int)pay);
    else if (kind == SPL_A_RETURN) /* leaves exactly 10: on to the nobles below */
        return_tokens(st, p, pay);
    else if (kind == SPL_A_TAKE2)
        gain_tokens(st, p, 2ull << (8 * pay));
    else switch (kind) { /* the rare ones (gcc turns a full chain of ifs back into a table) */
    case SPL_A_NOBLE:
        take_noble(st, p, (int)pay);
        end_turn(st);
        return;
    case SPL_A_PASS:
        /* S-3.6: he shows his reserved cards to prove he cannot buy them;
         * every card in his hand now is public from here on (S-6.2) */
        p->shown |= p->hidden;
        st->passes++;
        end_turn(st);
        return;
    default:
        GG_ASSERT(!"unknown Splendor action");
        return;
    }
    /* After the turn's action: S-4.1 ten tokens, then S-4.2 nobles. */
    if (p->ntokens > SPL_TOKEN_LIMIT) {
        st->phase = SPL_RETURN;
        return;
    }
    visit_nobles(st);
}

/* ------------------------------------------------------------ validation */

static const char *source_name(int src, int reserve, char *buf, size_t n)
{
    if (src < 12)
        snprintf(buf, n, "face-up card %d-%d", src / 4 + 1, src % 4 + 1);
    else if (reserve)
        snprintf(buf, n, "the tier %d deck", src - SPL_SRC_DECK + 1);
    else
        snprintf(buf, n, "reserved card r%d", src - SPL_SRC_HAND + 1);
    return buf;
}

static gg_status explain_main(const spl_state *st, const spl_player *p, gg_action a,
                              gg_error *err)
{
    unsigned pay = SPL_PAYLOAD(a);
    char name[48];
    switch (SPL_KIND(a)) {
    case SPL_A_TAKE3: {
        unsigned avail = 0;
        for (int c = 0; c < SPL_COLOURS; c++)
            if (st->supply[c]) avail |= 1u << c;
        for (int c = 0; c < SPL_COLOURS; c++)
            if ((pay >> c & 1) && !st->supply[c])
                return gg_fail(err, GG_EILLEGAL, "there are no %s tokens left (S-3.1)",
                               spl_colour_name[c]);
        int left = __builtin_popcount(avail);
        if (left < 3)
            return gg_fail(err, GG_EILLEGAL,
                           "take 1 to %d different colours: only %d colour%s still ha%s tokens "
                           "(S-3.1)",
                           left, left, left == 1 ? "" : "s", left == 1 ? "s" : "ve");
        return gg_fail(err, GG_EILLEGAL,
                       "take exactly 3 different colours: %d colours still have tokens (fewer "
                       "than 3 only when fewer than 3 colours are left, S-3.1)",
                       left);
    }
    case SPL_A_TAKE2:
        return gg_fail(err, GG_EILLEGAL,
                       "taking 2 %s needs at least 4 in the pile; it holds %d (S-3.2)",
                       spl_colour_name[pay % 5], st->supply[pay % 5]);
    case SPL_A_RESERVE:
        if (p->nreserved >= SPL_HAND)
            return gg_fail(err, GG_EILLEGAL, "you already hold 3 reserved cards (S-3.3)");
        return gg_fail(err, GG_EILLEGAL, "%s is empty",
                       source_name((int)pay, 1, name, sizeof name));
    case SPL_A_BUY: {
        int src = (int)SPL_BUY_SRC(a);
        int card = spl_source_card(st, st->turn, src, 0);
        if (card == SPL_NONE)
            return gg_fail(err, GG_EILLEGAL, "there is no %s",
                           source_name(src, 0, name, sizeof name));
        gg_action list[GG_MAX_ACTIONS];
        int n = legal_buy_one(p, wealth_of(p), card, src, list, 0);
        if (n == 0)
            return gg_fail(err, GG_EILLEGAL, "you cannot afford %s, even with gold (S-3.4)",
                           source_name(src, 0, name, sizeof name));
        return gg_fail(err, GG_EILLEGAL,
                       "that gold payment does not fit %s: gold can only stand in for "
                       "tokens the card still costs, and only as much gold as you hold (S-3.4)",
                       source_name(src, 0, name, sizeof name));
    }
    case SPL_A_PASS:
        return gg_fail(err, GG_EILLEGAL, "you may pass only when no other action is legal (S-3.6)");
    case SPL_A_RETURN:
        return gg_fail(err, GG_EILLEGAL, "you hold no more than 10 tokens: nothing to return");
    case SPL_A_NOBLE:
        return gg_fail(err, GG_EILLEGAL, "there is no noble to choose now");
    }
    return gg_fail(err, GG_EILLEGAL, "that is not a Splendor action");
}

gg_status spl_validate(const gg_state *s, int seat, gg_action a, gg_error *err)
{
    const spl_state *st = CST(s);
    gg_action list[GG_MAX_ACTIONS];
    int n = spl_legal(s, seat, list);
    for (int i = 0; i < n; i++)
        if (list[i] == a) return GG_OK;
    const spl_player *p = &st->pl[seat];
    if (st->phase == SPL_RETURN) {
        int e = spl_excess(st);
        if (SPL_KIND(a) != SPL_A_RETURN)
            return gg_fail(err, GG_EILLEGAL,
                           "you hold %d tokens: first return %d to get down to 10 (S-4.1)",
                           p->ntokens, e);
        return gg_fail(err, GG_EILLEGAL,
                       "return exactly %d token%s that you hold (S-4.1)", e, e == 1 ? "" : "s");
    }
    if (st->phase == SPL_NOBLE) {
        if (SPL_KIND(a) != SPL_A_NOBLE)
            return gg_fail(err, GG_EILLEGAL, "choose which noble visits you first (S-4.2)");
        return gg_fail(err, GG_EILLEGAL, "that noble does not qualify to visit you (S-4.2)");
    }
    return explain_main(st, p, a, err);
}

/* --------------------------------------------------------------- result */

/* S-5.2: most points; ties to the fewest purchased cards; else shared. */
static int beats(const spl_player *a, const spl_player *b)
{
    return a->points > b->points || (a->points == b->points && a->ncards < b->ncards);
}

void spl_result(const gg_state *s, gg_result *r)
{
    const spl_state *st = CST(s);
    int n = s->players;
    r->over = st->over;
    r->winners = 0;
    for (int p = 0; p < n; p++) {
        r->score[p] = st->pl[p].points;
        int better = 0;
        for (int q = 0; q < n; q++) better += beats(&st->pl[q], &st->pl[p]);
        r->rank[p] = better + 1;
        if (better == 0) r->winners++;
    }
}

const gg_game gg_splendor_game = {
    .name = "splendor",
    .title = "Splendor",
    .min_players = 2,
    .max_players = 4,
    .options = spl_options,
    .n_options = 1,
    .state_size = sizeof(spl_state),
    .init = spl_init,
    .actors = spl_actors,
    .legal = spl_legal,
    .legal_checks_seat = 1, /* spl_legal returns 0 for a seat not to act */
    .validate = spl_validate,
    .apply = spl_apply,
    .is_over = spl_is_over,
    .result = spl_result,
    .format = spl_format,
    .announce = NULL, /* the notation names positions only: nothing secret */
    .parse = spl_parse,
    .view = spl_view,
    .save = spl_save,
    .load = spl_load,
    .determinize = spl_determinize,
    .ai = &spl_ai,
    .event_kinds = spl_event_kinds,
    .n_event_kinds = SPL_N_EVENT_KINDS,
    .after_events = spl_after_events,
    .setup_events = spl_setup_events,
};
