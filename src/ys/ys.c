/* ys.c — the Ys rules (Y-1 … Y-9): set-up, the round as a step machine
 * (preparation, bid, turn places, placement, scoring, King's Favour), final
 * scoring, who knows what (Y-11), legal actions and their validation.
 * Character cards live in ys_cards.c. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "ys/ys.h"
#include "ys/ys_stream.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

const char *const ys_gem_name[YS_GEM_KINDS] = {"blue", "green", "yellow", "red", "black", "white"};
const char *const ys_zone_name[YS_ZONES] = {"port", "trade", "palace"};

static const gg_option_info ys_options[YS_OPT_COUNT] = {
    {"districts", {"4", "3"}, 2, "districts in play: 3 is for 3 players (2 players always play 3, and the options then say 3)"},
    {"kings_favour", {"off", "on"}, 2, "King's Favour: a throne room and a fifth phase (3-5 players)"},
    {"express", {"off", "on"}, 2, "Ys Express: 9 brokers, 3 placement turns (3-4 players)"},
    {"ysplus", {"off", "on"}, 2, "the Ys+ characters join the yellow deck (Y-10.2; 5 players need no option)"},
    {"events", {"off", "on"}, 2, "the 14 Ys+ events in the palace piles (Y-10.3)"},
    {"strong_neutral", {"off", "on"}, 2, "2 players: neutral brokers 4 3 1 0 instead of 4 2 1 0"},
    {"see_own_hidden", {"on", "off"}, 2, "may a player look at his own face-down brokers (Y-6.5)"},
};

int ys_opt(const ys_state *st, enum ys_option o) { return st->base.opts.value[o]; }

/* Y-2.2: a 2-player game always plays 3 districts, so its options say
 * districts "3" whatever was asked (docs/rules/ys.md, Y-2.2). */
static void ys_normalize_options(gg_options *opts)
{
    if (opts->players == 2) opts->value[YS_OPT_DISTRICTS] = 1;
}

/* The base game's options as played (ys.h). */
int ys_base_game(const gg_options *opts)
{
    gg_options base = {.players = opts->players};
    ys_normalize_options(&base);
    for (int o = 0; o < YS_OPT_COUNT; o++)
        if (opts->value[o] != base.value[o]) return 0;
    return 1;
}

int ys_see_own_hidden(const ys_state *st) { return ys_opt(st, YS_OPT_SEE_OWN_HIDDEN) == 0; }
static int kings_favour(const ys_state *st) { return ys_opt(st, YS_OPT_KINGS_FAVOUR) == 1; }
static int players_of(const ys_state *st) { return st->base.players; }
static int two_players(const ys_state *st) { return st->base.players == 2; }

/* Y-2.3: the 15 base characters; Y-10.2: with Ys+ also the Ys+ ones, the
 * Favourite only with King's Favour (Y-10.9). */
int ys_in_deck(const ys_state *st, int card)
{
    if (card < 0 || card >= YS_CARD_KINDS) return 0;
    if (ys_cards[card].set == 0) return 1;
    if (ys_cards[card].set != 1 || !ys_opt(st, YS_OPT_YSPLUS)) return 0;
    return card != YC_FAVOURITE || kings_favour(st);
}

int ys_is_kept(int card) { return card == YC_FAVOURITE || card == YC_POPE || card == YC_TRAFFICKER; }

/* ------------------------------------------------------------ set-up (Y-2) */

static gg_status check_options(const ys_state *st, gg_error *err)
{
    int n = players_of(st);
    if (kings_favour(st) && n < 3)
        return gg_fail(err, GG_EOPTION, "King's Favour is for 3 to 5 players, not %d (Y-9.1)", n);
    if (ys_opt(st, YS_OPT_EXPRESS) && (n < 3 || n > 4))
        return gg_fail(err, GG_EOPTION, "Ys Express is for 3 or 4 players, not %d (Y-9.2)", n);
    if (ys_opt(st, YS_OPT_DISTRICTS) == 1 && n > 3)
        return gg_fail(err, GG_EOPTION, "3 districts is for 2 or 3 players, not %d (Y-2.2)", n);
    if (ys_opt(st, YS_OPT_STRONG_NEUTRAL) && n != 2)
        return gg_fail(err, GG_EOPTION, "the strong neutral is for 2 players, not %d (Y-9.4)", n);
    if (ys_opt(st, YS_OPT_EVENTS) && ys_opt(st, YS_OPT_EXPRESS) && (n == 4 || ys_opt(st, YS_OPT_DISTRICTS) == 0))
        return gg_fail(err, GG_EOPTION, "the events with Ys Express need 3 districts: the Embassy's ship would "
                       "be the 21st of 20 ship cards (Y-9.2, Y-10.20)");
    return GG_OK;
}

/* Y-1.2: each player's brokers, ascending; King's Favour `2`s in reserve. */
static void deal_brokers(ys_state *st, ys_player *p)
{
    /* Y-9.2 Ys Express and Y-10.1 five players: 9 brokers */
    int short_set = ys_opt(st, YS_OPT_EXPRESS) || players_of(st) == 5;
    const ys_broker_set *set = short_set ? &ys_brokers_short : &ys_brokers_standard;
    int n = 0;
    for (int i = 0; i < set->n; i++) p->b[n++] = (ys_broker){set->v[i], YS_LOC_SCREEN, 0, 0};
    if (kings_favour(st))
        for (int i = 0; i < ys_brokers_reserve.n; i++)
            p->b[n++] = (ys_broker){ys_brokers_reserve.v[i], YS_LOC_RESERVE, 0, 0};
    p->n_brokers = (uint8_t)n;
    if (two_players(st)) {
        const ys_broker_set *ns = ys_opt(st, YS_OPT_STRONG_NEUTRAL) ? &ys_brokers_strong_neutral
                                                                     : &ys_brokers_neutral;
        for (int i = 0; i < YS_NEUTRAL_BROKERS; i++)
            p->nb[i] = (ys_broker){ns->v[i], YS_LOC_HAND, 0, 0};
    }
}

static gg_status ys_init(gg_state *s, gg_error *err)
{
    ys_state *st = (ys_state *)s;
    gg_status e = check_options(st, err);
    if (e) return e;
    int n = players_of(st);
    st->districts = (uint8_t)((n == 2 || ys_opt(st, YS_OPT_DISTRICTS) == 1) ? 3 : 4);
    st->turns = (uint8_t)(ys_opt(st, YS_OPT_EXPRESS) || n == 5 ? 3 : 4); /* Y-6.1 */
    uint8_t order[YS_MAX_PLAYERS];
    for (int q = 0; q < n; q++) order[q] = (uint8_t)(q + 1);
    gg_shuffle_bytes(order, n, &s->rng); /* Y-2.1 */
    for (int q = 0; q < n; q++) {
        deal_brokers(st, &st->pl[q]);
        st->pl[q].order = order[q];
        st->turn_order[order[q] - 1] = (uint8_t)q;
    }
    /* Y-2.3: 3 characters face down on each palace pile in play; the rest out unseen */
    uint8_t deck[YS_CARD_KINDS];
    int nd = 0;
    for (int c = 0; c < YS_CARD_KINDS; c++)
        if (ys_in_deck(st, c)) deck[nd++] = (uint8_t)c;
    gg_shuffle_bytes(deck, nd, &s->rng);
    int k = 0;
    memset(st->pile, 0, sizeof st->pile);
    for (int d = 0; d < st->districts; d++) {
        for (int i = 0; i < 3; i++) st->pile[d][i] = deck[k++];
        st->pile_n[d] = 3;
    }
    while (k < nd) st->unused[st->unused_n++] = deck[k++];
    if (ys_events_on(st)) ys_events_deal(st); /* Y-10.3 */
    st->blue_left = 4; /* Y-2.4 */
    /* Y-2.5: ships (Ys Express: without the 4 that show white) */
    for (int i = 0; i < YS_SHIPS; i++) {
        const ys_ship *sh = &ys_ships[i];
        if (ys_opt(st, YS_OPT_EXPRESS) && (sh->small[0] == YS_WHITE || sh->small[1] == YS_WHITE))
            continue;
        st->ship_deck[st->ship_n++] = (uint8_t)i;
    }
    gg_shuffle_bytes(st->ship_deck, st->ship_n, &s->rng);
    for (int c = 0; c < YS_COLOURS; c++) st->rate[c] = YS_RATE_START; /* Y-2.6 */
    memset(st->port_ship, YS_NONE, sizeof st->port_ship);
    memset(st->market_gem, YS_NONE, sizeof st->market_gem);
    memset(st->palace_card, YS_NONE, sizeof st->palace_card);
    st->queen_loc = st->queen_owner = YS_NONE;
    st->round = 1;
    st->step = YS_STEP_PREPARE;
    ys_advance(st);
    return GG_OK;
}

/* ------------------------------------------------------------ who knows what */

static int board_revealed(const ys_state *st, int loc)
{
    if (YS_IS_SMUGGLE(loc)) return st->revealed >> 5 & 1; /* Y-10.21 */
    if (YS_IS_ZONE(loc)) return st->revealed >> YS_LOC_DISTRICT(loc) & 1;
    return YS_IS_CELL(loc) && (st->revealed >> 4 & 1);
}

/* Y-11: a broker's value is public face up, in front once bids are revealed,
 * on a revealed district or market; otherwise its owner knows it (Y-6.5 may
 * say no for his own face-down brokers) and so does anyone who peeked. */
int ys_knows(const ys_state *st, int viewer, int q, const ys_broker *b)
{
    if (st->over) return 1; /* Y-11.4 */
    switch (b->loc) {
    case YS_LOC_RESERVE: return 1;
    case YS_LOC_SCREEN: return viewer == q;
    case YS_LOC_FRONT: return !(b->flags & YS_F_BID) || viewer == q;
    default: break;
    }
    if (b->flags & (YS_F_UP | YS_F_ILLUSION)) return 1;
    if (board_revealed(st, b->loc)) return 1;
    if (viewer >= 0 && (b->known >> viewer & 1)) return 1;
    return viewer == q && ys_see_own_hidden(st);
}

/* Y-9.4: once placed, only the placer knows a neutral broker's value. */
int ys_knows_neutral(const ys_state *st, int viewer, int q, const ys_broker *b)
{
    if (st->over || viewer == q) return 1;
    return (YS_IS_BOARD(b->loc) || YS_IS_SMUGGLE(b->loc)) && board_revealed(st, b->loc);
}

/* ------------------------------------------------------------ board queries */

/* Bit i set for each of p's brokers i (i < n_brokers) standing at a place
 * lo <= loc < hi (1 <= hi <= 255). With SSE2 the places of all brokers are
 * tested at once: a broker is 4 bytes (value, loc, flags, known), so 64
 * bytes from b[0] hold the 14 records (and 2 neutral ones, masked off). */
_Static_assert(offsetof(ys_player, b) == 0 && offsetof(ys_broker, loc) == 1 && sizeof(ys_broker) == 4 &&
               offsetof(ys_player, nb) + sizeof(((ys_player *)0)->nb) >= 64, "the 64 bytes from b[0] are a player's");
#ifdef __SSE2__
/* One 16-bit lane per record of the 64 bytes from b[0] (records 0-7 in w[0],
 * 8-15 in w[1]; 14 and 15 are nb[0..1], for the callers to mask off): the
 * value and loc bytes as one key (key16), or the loc byte alone. */
static inline __attribute__((always_inline)) void record_words(const ys_player *p, int key16, __m128i w[2])
{
    const uint8_t *bytes = (const uint8_t *)p;
    __m128i x[4];
    for (int k = 0; k < 4; k++) {
        x[k] = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * k));
        /* key16: value and loc (bytes 0-1, < 0x8000: loc < 128); else the loc byte alone */
        x[k] = key16 ? _mm_srli_epi32(_mm_slli_epi32(x[k], 16), 16) : _mm_srli_epi32(_mm_slli_epi32(x[k], 16), 24);
    }
    w[0] = _mm_packs_epi32(x[0], x[1]);
    w[1] = _mm_packs_epi32(x[2], x[3]);
}
#endif

static unsigned brokers_between(const ys_player *p, int lo, int hi)
{
#ifdef __SSE2__ /* the 16 loc bytes in one register, then one range test: loc - lo <= hi - 1 - lo */
    __m128i w[2];
    record_words(p, 0, w);
    __m128i x = _mm_sub_epi8(_mm_packus_epi16(w[0], w[1]), _mm_set1_epi8((char)lo));
    __m128i in = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8((char)(hi - 1 - lo))), x);
    return (unsigned)_mm_movemask_epi8(in) & ((1u << p->n_brokers) - 1);
#else
    unsigned m = 0;
    for (int i = 0; i < p->n_brokers; i++) m |= (unsigned)(p->b[i].loc >= lo && p->b[i].loc < hi) << i;
    return m;
#endif
}

int ys_count_value(const ys_broker *b) { return (b->flags & YS_F_MERC) ? 5 : b->value; } /* Y-8.1 */

int ys_front_sum(const ys_state *st, int q)
{
    const ys_player *p = &st->pl[q];
#ifdef __SSE2__ /* the records whose loc is the front keep their value byte, one sum of absolute differences */
    const uint8_t *bytes = (const uint8_t *)p;
    const __m128i front = _mm_set1_epi32(YS_LOC_FRONT << 8), loc_value = _mm_set1_epi32(0xFFFF);
    __m128i acc = _mm_setzero_si128();
    for (int k = 0; k < 4; k++) {
        __m128i x = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * k)), loc_value);
        __m128i at = _mm_cmpeq_epi32(_mm_andnot_si128(_mm_set1_epi32(0xFF), x), front);
        if (k == 3) at = _mm_and_si128(at, _mm_setr_epi32(-1, -1, 0, 0)); /* records 14, 15: nb[0..1] */
        acc = _mm_add_epi32(acc, _mm_and_si128(at, _mm_xor_si128(x, front))); /* the value byte alone */
    }
    acc = _mm_sad_epu8(acc, _mm_setzero_si128());
    return _mm_cvtsi128_si32(acc) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(acc, acc));
#else
    int sum = 0;
    for (unsigned m = brokers_between(p, YS_LOC_FRONT, YS_LOC_FRONT + 1); m; m &= m - 1)
        sum += p->b[__builtin_ctz(m)].value;
    return sum;
#endif
}

static int intriguer(const ys_state *st, int q)
{
    if (!(q < YS_NEUTRAL && (st->pl[q].active >> YC_INTRIGUER & 1))) return 0;
    return !(st->step == YS_STEP_DISTRICT && ys_revolt_in(st, st->district)); /* Y-10.30 */
}

/* Y-8.3: the Intriguer wins every tie he is in; then the neutral; then the
 * higher front-broker sum (fa, fb); then the lower order card. */
static int wins_tie_fronts(const ys_state *st, int a, int b, int fa, int fb)
{
    int ia = intriguer(st, a), ib = intriguer(st, b);
    if (ia != ib) return ia;
    if (a == YS_NEUTRAL) return 1;
    if (b == YS_NEUTRAL) return 0;
    if (fa != fb) return fa > fb;
    return st->pl[a].order < st->pl[b].order;
}

int ys_wins_tie(const ys_state *st, int a, int b)
{
    int fa = a < YS_NEUTRAL ? ys_front_sum(st, a) : 0, fb = b < YS_NEUTRAL ? ys_front_sum(st, b) : 0;
    return wins_tie_fronts(st, a, b, fa, fb);
}

/* Present participants ranked by total, best first (ties Y-8.3). */
static int rank_present(const ys_state *st, const int total[], const int present[],
                        uint8_t out[YS_MAX_PLAYERS + 1])
{
    int n = 0, front[YS_MAX_PLAYERS + 1] = {-1, -1, -1, -1, -1, 0}; /* summed when a tie needs it */
    for (int q = 0; q <= YS_NEUTRAL; q++) {
        if (!present[q]) continue;
        int i = n++;
        while (i > 0) {
            int o = out[i - 1];
            if (total[q] == total[o]) {
                if (front[q] < 0) front[q] = ys_front_sum(st, q);
                if (front[o] < 0) front[o] = ys_front_sum(st, o);
            }
            if (total[q] > total[o] ||
                (total[q] == total[o] && wins_tie_fronts(st, q, o, front[q], front[o]))) {
                out[i] = out[i - 1];
                i--;
            } else {
                break;
            }
        }
        out[i] = (uint8_t)q;
    }
    return n;
}

/* Y-10.13 Professor: +1 for each of his brokers in the district he named. */
static int professor_bonus(const ys_player *p, int loc)
{
    return p->professor_district && YS_IS_ZONE(loc) && YS_LOC_DISTRICT(loc) == p->professor_district - 1;
}

/* What p's broker b counts where it stands (Y-8.1): its value or the
 * Mercenary's 5, the Professor's +1, then Democracy and Revolt (Y-10.23,
 * Y-10.30). */
static int broker_count(const ys_state *st, const ys_player *p, const ys_broker *b)
{
    int v = ys_count_value(b) + professor_bonus(p, b->loc);
    if (ys_events_on(st)) v = ys_event_value(st, b->loc, b->value, v);
    return v;
}

/* The same for the other files (ys_events.c); scoring here inlines it. */
int ys_broker_count(const ys_state *st, const ys_player *p, const ys_broker *b) { return broker_count(st, p, b); }

/* Totals over `n` consecutive places from `first`, in groups of `per`
 * places (a district's zones: 3 groups of 1; the market rows: 4 groups of
 * 4), in one pass over the brokers. */
enum { YS_GROUPS = 4 };
typedef struct group_totals {
    int16_t total[YS_GROUPS][YS_MAX_PLAYERS + 1];
    uint8_t present[YS_GROUPS]; /* bit q: participant q has a broker in the group */
} group_totals;

static inline __attribute__((always_inline)) void totals_by_group(const ys_state *st, int first, int n, int per,
                                                                   int16_t total[][YS_MAX_PLAYERS + 1], uint8_t present[])
{ /* inline at each call: `per` and `n` are constants there (no division) */
    memset(total, 0, sizeof(int16_t) * (YS_MAX_PLAYERS + 1) * (size_t)(n / per));
    memset(present, 0, (size_t)(n / per));
    for (int q = 0; q < players_of(st); q++) {
        const ys_player *p = &st->pl[q];
        for (unsigned m = brokers_between(p, first, first + n); m; m &= m - 1) {
            int i = __builtin_ctz(m);
            unsigned k = (unsigned)(p->b[i].loc - first) / (unsigned)per;
            total[k][q] = (int16_t)(total[k][q] + broker_count(st, p, &p->b[i]));
            present[k] |= (uint8_t)(1u << q);
        }
        for (int i = 0; two_players(st) && i < YS_NEUTRAL_BROKERS; i++) {
            unsigned k = (unsigned)(p->nb[i].loc - first);
            if (k >= (unsigned)n) continue;
            total[k / per][YS_NEUTRAL] = (int16_t)(total[k / per][YS_NEUTRAL] +
                (ys_events_on(st) ? ys_event_value(st, p->nb[i].loc, p->nb[i].value, p->nb[i].value) : p->nb[i].value));
            present[k / per] |= 1u << YS_NEUTRAL;
        }
    }
}

/* For the event stream: one group's totals and presence as int arrays. */
static void group_arrays(const int16_t total16[], unsigned present_bits, int total[], int present[])
{
    for (int q = 0; q <= YS_NEUTRAL; q++) {
        total[q] = total16[q];
        present[q] = present_bits >> q & 1;
    }
}

/* The first of rank_present's ranking, or -1 with nobody present: one pass
 * keeping the best so far (the tie order of Y-8.3 is total: one Intriguer,
 * one neutral, distinct order cards), front sums only summed for ties. */
static int group_winner(const ys_state *st, const int16_t total[], unsigned present)
{
    int best = -1, best_front = -1;
    for (; present; present &= present - 1) {
        int q = __builtin_ctz(present);
        if (best < 0 || total[q] > total[best]) {
            best = q;
            best_front = -1;
            continue;
        }
        if (total[q] < total[best]) continue;
        if (best_front < 0) best_front = best < YS_NEUTRAL ? ys_front_sum(st, best) : 0;
        int front = q < YS_NEUTRAL ? ys_front_sum(st, q) : 0;
        if (wins_tie_fronts(st, q, best, front, best_front)) {
            best = q;
            best_front = front;
        }
    }
    return best;
}


static uint64_t district_locs(int d) { return 7ull << YS_ZONE_LOC(d, 0); }

/* Y-10.12: lines join adjacent rings of a district (port/trade, trade/palace)
 * or one ring of two neighbouring districts in play (d1-d2, d2-d3, d3-d4,
 * d4-d1; with 3 districts only d1-d2 and d2-d3). */
int ys_line_zones(const ys_state *st, int loc, int zones[2])
{
    if (loc >= YS_LOC_RLINE0 && loc < YS_LOC_RLINE0 + 8) {
        int d = (loc - YS_LOC_RLINE0) / 2, k = (loc - YS_LOC_RLINE0) % 2;
        zones[0] = YS_ZONE_LOC(d, k);
        zones[1] = YS_ZONE_LOC(d, k + 1);
        return d < st->districts;
    }
    if (loc >= YS_LOC_DLINE0 && loc < YS_LOC_DLINE0 + 12) {
        int d = (loc - YS_LOC_DLINE0) / 3, z = (loc - YS_LOC_DLINE0) % 3, e = (d + 1) % YS_DISTRICTS;
        zones[0] = YS_ZONE_LOC(d, z);
        zones[1] = YS_ZONE_LOC(e, z);
        return d < st->districts && e < st->districts && (e > d || st->districts == YS_DISTRICTS);
    }
    return 0;
}

/* Lines in play, as a mask of locs. */
static uint64_t lines_in_play(const ys_state *st)
{
    uint64_t m = 0;
    int z[2];
    for (int l = YS_LOC_RLINE0; l < YS_LOC_DLINE0 + 12; l++)
        if (YS_IS_LINE(l) && ys_line_zones(st, l, z)) m |= 1ull << l;
    return m;
}

/* Y-4.3: market rows open for this player count. */
int ys_row_open(const ys_state *st, int r)
{
    int n = players_of(st);
    return n >= 5 ? 1 : n == 4 ? r >= 1 : r >= 2;
}

/* Market cells holding a broker (bit = 4*row + colour). */
unsigned ys_cells_taken(const ys_state *st) { return st->cells; }

static void cache_zone_totals(ys_state *st, int d);
static int zone_totals_kept(const ys_state *st)
{
    return st->step == YS_STEP_DISTRICT && (st->dstep == 1 || st->dstep == 2) && st->district < st->districts;
}

static void cache_market(ys_state *st);
static void clear_market(ys_state *st);
/* The market's totals are kept from the start of its scoring (dstep 0 of
 * the rows counts them) to the majority, which clears them. */
static int market_kept(const ys_state *st)
{
    return (st->step == YS_STEP_MARKET_ROWS && st->dstep > 0) || st->step == YS_STEP_COLUMNS ||
           st->step == YS_STEP_MAJORITY;
}

void ys_sync_cells(ys_state *st)
{
    st->cells = (uint16_t)ys_count_cells(st);
    memset(st->zone_total, 0, sizeof st->zone_total);
    memset(st->zone_present, 0, sizeof st->zone_present);
    if (zone_totals_kept(st)) cache_zone_totals(st, st->district);
    clear_market(st);
    if (market_kept(st)) cache_market(st);
}

unsigned ys_count_cells(const ys_state *st)
{
    unsigned m = 0;
    for (int q = 0; q < players_of(st); q++) {
        const ys_player *p = &st->pl[q];
        for (int i = 0; i < p->n_brokers; i++)
            if (YS_IS_CELL(p->b[i].loc)) m |= 1u << (p->b[i].loc - YS_LOC_CELL0);
        for (int i = 0; two_players(st) && i < YS_NEUTRAL_BROKERS; i++)
            if (YS_IS_CELL(p->nb[i].loc)) m |= 1u << (p->nb[i].loc - YS_LOC_CELL0);
    }
    return m;
}

/* Y-6.3: may a broker go to `loc` now (open empty cell, zone not locked)? */
int ys_loc_free(const ys_state *st, int loc, unsigned taken)
{
    if (YS_IS_ZONE(loc)) return YS_LOC_DISTRICT(loc) < st->districts && loc != st->queen_loc;
    if (!YS_IS_CELL(loc)) return 0;
    return ys_row_open(st, YS_LOC_ROW(loc)) && !(taken >> (loc - YS_LOC_CELL0) & 1);
}

/* Y-4.2: a port's gems; the large one twice with 4 or 5 players. */
int ys_ship_gems(const ys_state *st, int ship, uint8_t out[4])
{
    if (ship == YS_NONE || ship >= YS_SHIPS) return 0;
    const ys_ship *sh = &ys_ships[ship];
    int n = 0;
    out[n++] = sh->large;
    if (players_of(st) >= 4) out[n++] = sh->large;
    out[n++] = sh->small[0];
    out[n++] = sh->small[1];
    return n;
}

/* ------------------------------------------------------------ gems and points */

/* The highest-rated colour, leftmost on equal rates (the neutral's choice). */
static int best_rated(const ys_state *st)
{
    int best = 0;
    for (int c = 1; c < YS_COLOURS; c++)
        if (st->rate[c] > st->rate[best]) best = c;
    return best;
}

static void add_points(ys_state *st, int who, int pts, int16_t *bucket_of_seat)
{
    if (GG_EV_ON()) ys_ev_points(st, who, pts);
    if (who == YS_NEUTRAL) {
        st->neutral_score = (int16_t)(st->neutral_score + pts);
        return;
    }
    st->pl[who].score = (int16_t)(st->pl[who].score + pts);
    if (bucket_of_seat) *bucket_of_seat = (int16_t)(*bucket_of_seat + pts);
}

static void give_gem(ys_state *st, int who, int gem)
{
    GG_ASSERT(gem >= 0 && gem < YS_WHITE);
    if (GG_EV_ON()) ys_ev_gem(st, who, gem, 1);
    if (who == YS_NEUTRAL) st->neutral_gems[gem]++;
    else st->pl[who].gems[gem]++;
}

static void move_rate(ys_state *st, int c, int delta) /* Y-1.6: stops at the ends */
{
    int r = st->rate[c] + delta;
    r = r < YS_RATE_MIN ? YS_RATE_MIN : r > YS_RATE_MAX ? YS_RATE_MAX : r;
    if (GG_EV_ON()) ys_ev_rate(st, c, st->rate[c], r);
    st->rate[c] = (int8_t)r;
}

/* --------------------------------------------------------------- preparation */

static uint8_t draw_ship(ys_state *st)
{
    GG_ASSERT(st->ship_n > 0);
    return st->ship_deck[--st->ship_n]; /* past ship_n: the ships drawn, in order */
}

/* Y-4.3: the market row gems from one more ship card. */
static void prepare_market(ys_state *st)
{
    const ys_ship *sh = &ys_ships[draw_ship(st)];
    int n = players_of(st);
    memset(st->market_gem, YS_NONE, sizeof st->market_gem);
    if (n >= 5) {
        uint8_t g[4] = {sh->large, sh->large, sh->small[0], sh->small[1]};
        gg_shuffle_bytes(g, 4, &st->base.rng);
        memcpy(st->market_gem, g, 4);
    } else if (n == 4) {
        uint8_t g[3] = {sh->large, sh->small[0], sh->small[1]};
        if (g[2] == YS_WHITE) { g[2] = g[0]; g[0] = YS_WHITE; }
        if (g[1] == YS_WHITE) { g[1] = g[0]; g[0] = YS_WHITE; }
        if (g[0] == YS_WHITE) { /* white must go on row 1; the others at random */
            st->market_gem[1] = YS_WHITE;
            uint8_t rest[2] = {g[1], g[2]};
            gg_shuffle_bytes(rest, 2, &st->base.rng);
            st->market_gem[2] = rest[0];
            st->market_gem[3] = rest[1];
        } else {
            gg_shuffle_bytes(g, 3, &st->base.rng);
            memcpy(st->market_gem + 1, g, 3);
        }
    } else {
        uint8_t g[2] = {sh->small[0], sh->small[1]};
        gg_shuffle_bytes(g, 2, &st->base.rng);
        st->market_gem[2] = g[0];
        st->market_gem[3] = g[1];
    }
}

static void prepare_round(ys_state *st)
{
    if (ys_events_on(st)) ys_events_turn(st); /* Y-10.3: events and characters */
    for (int d = 0; d < st->districts && !ys_events_on(st); d++) { /* Y-4.1 */
        if (st->round < YS_ROUNDS) {
            GG_ASSERT(st->pile_n[d] > 0);
            st->palace_card[d] = st->pile[d][--st->pile_n[d]];
            st->pile[d][st->pile_n[d]] = 0;
        } else {
            st->palace_card[d] = YC_BLUE;
            st->blue_left--;
        }
    }
    for (int d = 0; d < st->districts; d++) st->port_ship[d] = draw_ship(st); /* Y-4.2 */
    if (ys_events_on(st)) ys_events_ships(st); /* Y-10.20 */
    prepare_market(st);
    if (GG_EV_ON()) ys_ev_round(st);
}

/* ------------------------------------------------------------------- bids */

/* The first of p's brokers at loc with printed value `value`, or -1: value
 * and loc are a broker's first two bytes, compared as one 16-bit key. */
static int find_broker(const ys_player *p, int loc, int value)
{
    _Static_assert(offsetof(ys_broker, value) == 0 && offsetof(ys_broker, loc) == 1, "value, loc lead a broker");
    uint16_t key;
    memcpy(&key, &(ys_broker){(uint8_t)value, (uint8_t)loc, 0, 0}, sizeof key);
#ifdef __SSE2__ /* the 16 records' keys as 16-bit lanes (brokers_between's 64 bytes), compared at once */
    __m128i w[2], k16 = _mm_set1_epi16((short)key);
    record_words(p, 1, w);
    __m128i eq = _mm_packs_epi16(_mm_cmpeq_epi16(w[0], k16), _mm_cmpeq_epi16(w[1], k16));
    unsigned m = (unsigned)_mm_movemask_epi8(eq) & ((1u << p->n_brokers) - 1);
    return m ? __builtin_ctz(m) : -1;
#else
    for (int i = 0; i < p->n_brokers; i++) {
        uint16_t k;
        memcpy(&k, &p->b[i], sizeof k);
        if (k == key) return i;
    }
    return -1;
#endif
}

/* Clears the flag bits f of every broker of p (the records past n_brokers
 * are zero: clearing them changes nothing). */
static void clear_flags(ys_player *p, uint8_t f)
{
#if defined __SSE2__ && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* records 0-11 as three vectors, 12-13 as one word (14 and 15 are nb[0..1]: not touched) */
    uint8_t *bytes = (uint8_t *)p;
    const __m128i keep = _mm_set1_epi32(~((int)f << 16));
    for (int k = 0; k < 3; k++) {
        __m128i *at = (__m128i *)(void *)(bytes + 16 * k);
        _mm_storeu_si128(at, _mm_and_si128(_mm_loadu_si128(at), keep));
    }
    uint64_t w;
    memcpy(&w, bytes + 48, sizeof w);
    w &= ~((uint64_t)f << 16 | (uint64_t)f << 48);
    memcpy(bytes + 48, &w, sizeof w);
    _Static_assert(YS_BROKERS == 14, "three vectors and a word");
#elif __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w[YS_BROKERS / 2]; /* the flags byte (byte 2) of each 4-byte record, two records at a time */
    memcpy(w, p->b, sizeof w);
    for (int i = 0; i < YS_BROKERS / 2; i++) w[i] &= ~((uint64_t)f << 16 | (uint64_t)f << 48);
    memcpy(p->b, w, sizeof w);
#else
    for (int i = 0; i < YS_BROKERS; i++) p->b[i].flags &= (uint8_t)~f;
#endif
}

/* Y-5.2: ranked by bid sum, highest first; equal sums by order card. */
static void rank_bids(ys_state *st)
{
    int n = players_of(st), sum[YS_MAX_PLAYERS];
    for (int q = 0; q < n; q++) sum[q] = ys_front_sum(st, q);
    for (int q = 0; q < n; q++) {
        int i = q;
        while (i > 0) {
            int o = st->bid_rank[i - 1];
            if (sum[q] > sum[o] || (sum[q] == sum[o] && st->pl[q].order < st->pl[o].order)) {
                st->bid_rank[i] = st->bid_rank[i - 1];
                i--;
            } else {
                break;
            }
        }
        st->bid_rank[i] = (uint8_t)q;
    }
}

static void apply_bid(ys_state *st, int seat, int a, int b)
{
    ys_player *p = &st->pl[seat];
    int vals[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        int i = find_broker(p, YS_LOC_SCREEN, vals[k]);
        GG_ASSERT(i >= 0);
        p->b[i].loc = YS_LOC_FRONT;
        p->b[i].flags = YS_F_BID;
    }
    p->bid_done = 1;
    for (int q = 0; q < players_of(st); q++)
        if (!st->pl[q].bid_done) return;
    for (int q = 0; q < players_of(st); q++) clear_flags(&st->pl[q], YS_F_BID); /* Y-5.1: revealed together */
    rank_bids(st);
    if (GG_EV_ON()) ys_ev_bids(st);
    st->step = YS_STEP_ORDER;
    st->cursor = 0;
    st->places_taken = 0;
    memset(st->place_of, 0, sizeof st->place_of);
}

/* Y-5.3: the player who picked place k takes order card k. */
static void deal_order_cards(ys_state *st)
{
    for (int q = 0; q < players_of(st); q++) {
        st->pl[q].order = st->place_of[q];
        st->turn_order[st->place_of[q] - 1] = (uint8_t)q;
    }
}

static void apply_order(ys_state *st, int seat, int place)
{
    st->place_of[seat] = (uint8_t)place;
    st->places_taken |= (uint8_t)(1u << (place - 1));
    st->cursor++;
    int n = players_of(st);
    if (st->cursor == n - 1) { /* the last player takes the place left */
        for (int k = 0; k < n; k++)
            if (!(st->places_taken >> k & 1)) st->place_of[st->bid_rank[n - 1]] = (uint8_t)(k + 1);
        st->cursor = (uint8_t)n;
    }
    if (st->cursor >= n) {
        deal_order_cards(st);
        st->step = YS_STEP_PLACEMENT_WINDOW;
        st->window = YS_WIN_NONE;
        st->cursor = 0;
    }
}

/* --------------------------------------------------------------- placement */

static int placed_this_turn(const ys_state *st) { return st->n_up + st->n_down; }

/* Y-6.2: one face up and one face down; Y-7.7: the Bishop's owner places
 * each of the two face up or face down as he likes. */
static int bishop(const ys_state *st, int seat) { return st->pl[seat].active >> YC_BISHOP & 1; }
static int may_place_up(const ys_state *st, int seat)
{
    return placed_this_turn(st) < 2 && (st->n_up == 0 || bishop(st, seat));
}
static int may_place_down(const ys_state *st, int seat)
{
    return placed_this_turn(st) < 2 && (st->n_down == 0 || bishop(st, seat));
}
static int turn_brokers_done(const ys_state *st)
{
    return placed_this_turn(st) == 2 && (!two_players(st) || st->n_neutral == 1);
}

static void begin_turn(ys_state *st)
{
    int seat = st->turn_order[st->cursor];
    st->actor = (uint8_t)seat;
    st->n_up = st->n_down = st->n_neutral = 0;
    clear_flags(&st->pl[seat], YS_F_JUST);
    st->stage = YS_ST_PLACE;
}

/* Y-10.6 Royal Guard: one front broker face up on the board, besides the
 * turn's 2 (not one of them: the Mercenary cannot mark it). */
static void apply_guard(ys_state *st, int seat, int loc, int value)
{
    ys_player *p = &st->pl[seat];
    int i = find_broker(p, YS_LOC_FRONT, value);
    GG_ASSERT(i >= 0);
    p->b[i] = (ys_broker){p->b[i].value, (uint8_t)loc, YS_F_UP, 0};
    p->guard_placed = 1;
    if (YS_IS_CELL(loc)) { /* Y-6.4 */
        add_points(st, seat, 1, &p->pts_market);
        st->cells |= (uint16_t)(1u << (loc - YS_LOC_CELL0));
    }
}

static void apply_place(ys_state *st, int seat, gg_action a)
{
    unsigned pay = YS_PAYLOAD(a);
    int loc = pay & 0x7F, up = pay >> 7 & 1, value = pay >> 8 & 7, front = pay >> 11 & 1;
    ys_player *p = &st->pl[seat];
    if (pay >> 12 & 1) {
        apply_guard(st, seat, loc, value);
        return;
    }
    int i = find_broker(p, front ? YS_LOC_FRONT : YS_LOC_SCREEN, value);
    GG_ASSERT(i >= 0);
    _Static_assert(YS_F_UP == 1 && YS_F_ILLUSION == 16, "flags from the action's bits");
    p->b[i].loc = (uint8_t)loc;
    p->b[i].flags = (uint8_t)(up | YS_F_JUST | front << 4);
    p->b[i].known = 0;
    /* face and place are a random playout's coin tosses: counted without branches */
    st->n_up = (uint8_t)(st->n_up + up);
    st->n_down = (uint8_t)(st->n_down + !up);
    if (YS_IS_LINE(loc)) p->lines_placed++; /* Y-10.12 */
    unsigned cell = (unsigned)loc - YS_LOC_CELL0, in_cell = cell < 16;
    if (GG_EV_ON() && in_cell) ys_ev_points(st, seat, 1);
    p->score = (int16_t)(p->score + (int)in_cell); /* Y-6.4: add_points(st, seat, 1, &p->pts_market) in a cell */
    p->pts_market = (int16_t)(p->pts_market + (int)in_cell);
    st->cells |= (uint16_t)(in_cell << (cell & 15));
    if (front) st->stage = YS_ST_REFILL; /* Y-7.10: replaced from behind the screen */
}

static void apply_neutral(ys_state *st, int seat, gg_action a)
{
    unsigned pay = YS_PAYLOAD(a);
    int loc = pay & 0x7F, value = pay >> 8 & 7;
    ys_player *p = &st->pl[seat];
    unsigned match = 0; /* the first neutral broker in hand with that value: found without a branch per broker */
    for (int i = 0; i < YS_NEUTRAL_BROKERS; i++)
        match |= (unsigned)(p->nb[i].loc == YS_LOC_HAND && p->nb[i].value == value) << i;
    if (match) {
        int i = __builtin_ctz(match);
        p->nb[i].loc = (uint8_t)loc;
        p->nb[i].flags = 0;
    }
    st->n_neutral++;
    if (YS_IS_CELL(loc)) { /* Y-9.4 decision: the neutral's market point */
        st->neutral_score++;
        st->neutral_market++;
        st->cells |= (uint16_t)(1u << (loc - YS_LOC_CELL0));
    }
}

static void apply_refill(ys_state *st, int seat, int value)
{
    ys_player *p = &st->pl[seat];
    int i = find_broker(p, YS_LOC_SCREEN, value);
    GG_ASSERT(i >= 0);
    p->b[i].loc = YS_LOC_FRONT;
    p->b[i].flags = 0;
    st->stage = YS_ST_PLACE;
}

static void apply_peek(ys_state *st, int seat, gg_action a)
{
    unsigned pay = YS_PAYLOAD(a);
    int loc = pay & 0x7F, q = pay >> 7 & 7;
    ys_player *p = &st->pl[q];
    for (int i = 0; i < p->n_brokers; i++)
        if (p->b[i].loc == loc && !ys_knows(st, seat, q, &p->b[i])) {
            p->b[i].known |= (uint8_t)(1u << seat);
            break;
        }
    st->pl[seat].spy_peeks--;
}

static int spy_offer_from(ys_state *st, int k);
static int spy_offer_listed(ys_state *st, int k);

/* A placement turn is over: the Spy owners are asked (Y-7.8), then the
 * flow goes on to the next turn (stage 0). */
static void turn_over(ys_state *st)
{
    st->cursor++;
    if (!spy_offer_from(st, 0)) st->stage = 0;
}

/* After a turn's brokers: the ★ cards, else the turn is over. */
static void end_of_turn_brokers(ys_state *st)
{
    st->stage = YS_ST_AFTER;
    if (ys_may_hold_play(&st->pl[st->actor]) && ys_has_card_play(st, st->actor)) return;
    turn_over(st);
}

static int legal_peeks(const ys_state *st, int seat, gg_action *out);

/* Y-7.8: whenever a placement turn ends (the last of the round too, before
 * the start-of-scoring window), each Spy owner with peeks left and a
 * face-down broker he has not seen is asked, in turn order from the k-th
 * seat: peek or pass (stage YS_ST_SPY). 0 when nobody is left to ask. */
static int spy_offer_from(ys_state *st, int k)
{
    unsigned peeks = 0; /* no Spy in effect with peeks left: nobody to ask (the usual case) */
    for (int q = 0; q < players_of(st); q++) peeks |= st->pl[q].spy_peeks;
    return peeks ? spy_offer_listed(st, k) : 0;
}

static int spy_offer_listed(ys_state *st, int k)
{
    gg_action tmp[GG_MAX_ACTIONS];
    for (; k < players_of(st); k++) {
        int q = st->turn_order[k];
        if (!st->pl[q].spy_peeks || legal_peeks(st, q, tmp) == 0) continue;
        st->stage = YS_ST_SPY;
        st->actor = (uint8_t)q;
        return 1;
    }
    return 0;
}

/* Between placement turns (stage 0): the next turn, or the end of placement
 * after the last one. */
static void to_end_placement(ys_state *st);
static void next_placement_turn(ys_state *st)
{
    if (st->cursor >= players_of(st)) {
        st->cursor = 0;
        if (++st->turn >= st->turns) {
            to_end_placement(st);
            return;
        }
    }
    begin_turn(st);
}

/* The Spy owner asked after a turn peeked (and may go on) or passed: the
 * next Spy owner in turn order, else the next turn. */
static void spy_done(ys_state *st, int passed)
{
    gg_action tmp[GG_MAX_ACTIONS];
    int q = st->actor, k = st->pl[q].order - 1;
    if (!passed && st->pl[q].spy_peeks && legal_peeks(st, q, tmp) > 0) return;
    if (spy_offer_from(st, k + 1)) return;
    st->stage = 0;
    next_placement_turn(st);
}

/* ----------------------------------------------------------------- scoring */

/* p's brokers at lo <= loc < hi (1 <= lo) go behind the screen: the value
 * kept, the place, flags and peeks cleared. With SSE2 the 64 bytes from
 * b[0] at once (records 14 and 15 are nb[0..1], left as they are; records
 * past n_brokers are zero, behind the screen: never in the range), without
 * a branch per broker. */
static void home_range(ys_player *p, int lo, int hi)
{
#ifdef __SSE2__
    uint8_t *bytes = (uint8_t *)p;
    const __m128i above = _mm_set1_epi32((lo - 1) << 8), below = _mm_set1_epi32(hi << 8),
                  loc_byte = _mm_set1_epi32(0xFF00), all_but_value = _mm_set1_epi32((int)0xFFFFFF00u);
    for (int k = 0; k < 4; k++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * k)), loc = _mm_and_si128(x, loc_byte);
        __m128i in = _mm_and_si128(_mm_cmpgt_epi32(loc, above), _mm_cmplt_epi32(loc, below));
        if (k == 3) in = _mm_and_si128(in, _mm_setr_epi32(-1, -1, 0, 0)); /* not nb[0..1] */
        _mm_storeu_si128((__m128i *)(void *)(bytes + 16 * k), _mm_andnot_si128(_mm_and_si128(in, all_but_value), x));
    }
#else
    for (unsigned m = brokers_between(p, lo, hi); m; m &= m - 1) {
        int i = __builtin_ctz(m);
        p->b[i] = (ys_broker){p->b[i].value, YS_LOC_SCREEN, 0, 0};
    }
#endif
}

static void return_brokers_in(ys_state *st, uint64_t locs)
{
    st->cells &= (uint16_t)~(locs >> YS_LOC_CELL0);
    if (!locs) return;
    int lo = __builtin_ctzll(locs), hi = 64 - __builtin_clzll(locs); /* the range the places span */
    int range = ((locs >> lo) & ((locs >> lo) + 1)) == 0; /* every place from lo to hi */
    for (int q = 0; q < players_of(st); q++) {
        ys_player *p = &st->pl[q];
        if (range) home_range(p, lo, hi);
        else
            for (unsigned m = brokers_between(p, lo, hi); m; m &= m - 1) {
                int i = __builtin_ctz(m);
                if (locs >> p->b[i].loc & 1) p->b[i] = (ys_broker){p->b[i].value, YS_LOC_SCREEN, 0, 0};
            }
        for (int i = 0; two_players(st) && i < YS_NEUTRAL_BROKERS; i++) { /* to the hand, without a branch */
            ys_broker *b = &p->nb[i], home = {b->value, YS_LOC_HAND, 0, 0};
            uint32_t was, now;
            memcpy(&was, b, sizeof was);
            memcpy(&now, &home, sizeof now);
            uint32_t in = (uint32_t)0 - (uint32_t)(b->loc < 64 && (locs >> (b->loc & 63) & 1));
            was ^= (was ^ now) & in;
            memcpy(b, &was, sizeof was);
        }
    }
}

/* The neutral takes gems by itself (Y-9.4): white first (as the best-rated
 * colour), then the best-rated colours offered. */
static void neutral_takes_port_gem(ys_state *st)
{
    int pick = -1;
    for (int i = 0; i < st->port_gems_n; i++)
        if (st->port_gems[i] == YS_WHITE) pick = i;
    if (pick < 0) {
        for (int i = 0; i < st->port_gems_n; i++)
            if (pick < 0 || st->rate[st->port_gems[i]] > st->rate[st->port_gems[pick]] ||
                (st->rate[st->port_gems[i]] == st->rate[st->port_gems[pick]] &&
                 st->port_gems[i] < st->port_gems[pick]))
                pick = i;
    }
    int g = st->port_gems[pick];
    give_gem(st, YS_NEUTRAL, g == YS_WHITE ? best_rated(st) : g);
    if (ys_events_on(st)) ys_event_gem_won(st, YS_NEUTRAL); /* Y-10.24 */
    st->port_gems[pick] = st->port_gems[--st->port_gems_n];
    st->port_gems[st->port_gems_n] = 0;
    st->share_left--;
}

void ys_take_port_gem(ys_state *st, int who, int gem, int to)
{
    for (int i = 0; i < st->port_gems_n; i++)
        if (st->port_gems[i] == gem) {
            st->port_gems[i] = st->port_gems[--st->port_gems_n];
            st->port_gems[st->port_gems_n] = 0;
            break;
        }
    give_gem(st, who, gem == YS_WHITE ? to : gem);
    if (ys_events_on(st)) ys_event_gem_won(st, who); /* Y-10.24 */
    st->share_left--;
}

/* Y-8.4: 1st takes 2, 2nd 1, 3rd the last (2-3 players: 2, then the last). */
static int share_due(const ys_state *st, int pos)
{
    static const int big[3] = {2, 1, 1}, small[2] = {2, 1};
    if (players_of(st) >= 4) return pos < 3 ? big[pos] : 0;
    return pos < 2 ? small[pos] : 0;
}

/* Y-10.4 Customs Officer: the named gem kind leaves the port ships. */
static void remove_customs_gems(ys_state *st)
{
    for (int q = 0; q < players_of(st); q++) {
        int c = st->pl[q].customs_colour - 1;
        if (c < 0) continue;
        int k = 0;
        for (int i = 0; i < st->port_gems_n; i++)
            if (st->port_gems[i] != c) st->port_gems[k++] = st->port_gems[i];
        for (int i = k; i < st->port_gems_n; i++) st->port_gems[i] = 0;
        st->port_gems_n = (uint8_t)k;
    }
}

#ifdef __SSE2__
/* totals_by_group for district d's three zones without events, without a
 * branch per broker: per player the 16 records' places and counts (Y-8.1:
 * the value, 5 with the Mercenary's mark) as bytes, then per zone one
 * compare and one sum of absolute differences. Records past n_brokers are
 * zero (behind the screen), records 14 and 15 (nb[0..1]) are masked off;
 * the Professor's +1 a broker (Y-10.13) from the count of matches. */
static void zone_totals_sse(ys_state *st, int d)
{
    memset(st->zone_total, 0, sizeof st->zone_total);
    memset(st->zone_present, 0, sizeof st->zone_present);
    const __m128i value_byte = _mm_set1_epi32(0xFF), merc = _mm_set1_epi32(YS_F_MERC << 16),
                  five = _mm_set1_epi32(5), zero = _mm_setzero_si128(),
                  brokers = _mm_setr_epi32(-1, -1, -1, 0x0000FFFF); /* byte lanes 0..13 */
    for (int q = 0; q < players_of(st); q++) {
        const ys_player *p = &st->pl[q];
        const uint8_t *bytes = (const uint8_t *)p;
        __m128i w[2];
        record_words(p, 0, w);
        __m128i loc = _mm_packus_epi16(w[0], w[1]), cv4[4];
        for (int k = 0; k < 4; k++) {
            __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * k));
            __m128i m = _mm_cmpeq_epi32(_mm_and_si128(x, merc), merc);
            cv4[k] = _mm_or_si128(_mm_andnot_si128(m, _mm_and_si128(x, value_byte)), _mm_and_si128(m, five));
        }
        __m128i cv = _mm_packus_epi16(_mm_packs_epi32(cv4[0], cv4[1]), _mm_packs_epi32(cv4[2], cv4[3]));
        for (int z = 0; z < YS_ZONES; z++) {
            __m128i at = _mm_and_si128(_mm_cmpeq_epi8(loc, _mm_set1_epi8((char)YS_ZONE_LOC(d, z))), brokers);
            __m128i sad = _mm_sad_epu8(_mm_and_si128(at, cv), zero);
            int sum = _mm_cvtsi128_si32(sad) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sad, sad));
            unsigned here = (unsigned)_mm_movemask_epi8(at);
            if (p->professor_district == d + 1) sum += __builtin_popcount(here);
            st->zone_total[z][q] = (int16_t)sum;
            st->zone_present[z] |= (uint8_t)((here != 0) << q);
        }
    }
    int neutral[YS_ZONES + 1] = {0}; /* the neutral's brokers (Y-9.4); [YS_ZONES]: elsewhere */
    unsigned seen = 0;
    for (int q = 0; two_players(st) && q < players_of(st); q++)
        for (int i = 0; i < YS_NEUTRAL_BROKERS; i++) { /* without a branch per broker */
            unsigned z = (unsigned)(st->pl[q].nb[i].loc - YS_ZONE_LOC(d, 0));
            z = z < YS_ZONES ? z : YS_ZONES;
            neutral[z] += st->pl[q].nb[i].value;
            seen |= 1u << z;
        }
    for (int z = 0; z < YS_ZONES; z++) {
        st->zone_total[z][YS_NEUTRAL] = (int16_t)neutral[z];
        st->zone_present[z] |= (uint8_t)((seen >> z & 1) << YS_NEUTRAL);
    }
}
#endif

/* District d's zone totals into zone_total and zone_present: one pass for
 * the port share and the zones (the brokers stay where they are between). */
static void cache_zone_totals(ys_state *st, int d)
{
#ifdef __SSE2__
    if (!ys_events_on(st)) { /* (with events a broker's count depends on its place: Y-10.23, Y-10.30) */
        zone_totals_sse(st, d);
        return;
    }
#endif
    totals_by_group(st, YS_ZONE_LOC(d, 0), 3, 1, st->zone_total, st->zone_present);
}

static void start_district(ys_state *st, int d)
{
    int total[YS_MAX_PLAYERS + 1] = {0}, present[YS_MAX_PLAYERS + 1] = {0};
    st->revealed |= (uint8_t)(1u << d);
    cache_zone_totals(st, d);
    for (int q = 0; q <= YS_NEUTRAL; q++) { /* the whole district: its zones summed */
        total[q] = st->zone_total[0][q] + st->zone_total[1][q] + st->zone_total[2][q];
        present[q] = (st->zone_present[0] | st->zone_present[1] | st->zone_present[2]) >> q & 1;
    }
    st->share_n = (uint8_t)rank_present(st, total, present, st->share_rank);
    st->port_gems_n = (uint8_t)ys_ship_gems(st, st->port_ship[d], st->port_gems);
    if (ys_events_on(st) && ys_port_event(st, d) == YE_SHIPWRECK) { /* Y-10.27: no ship gems */
        memset(st->port_gems, 0, sizeof st->port_gems);
        st->port_gems_n = 0;
    }
    if (!ys_events_on(st) || !ys_revolt_in(st, d)) remove_customs_gems(st); /* Y-10.30 */
    if (GG_EV_ON()) {
        ys_ev_reveal(st, d);
        ys_ev_port(st, d, total, present);
    }
    st->share_pos = 0;
    st->share_left = (uint8_t)share_due(st, 0);
}

/* Shares the port's gems; returns 1 when a seat must choose. */
static int share_port(ys_state *st)
{
    while (st->port_gems_n > 0 && st->share_pos < st->share_n) {
        if (st->share_left == 0) {
            st->share_pos++;
            st->share_left = (uint8_t)share_due(st, st->share_pos);
            if (st->share_left == 0) break;
            continue;
        }
        int who = st->share_rank[st->share_pos];
        if (who == YS_NEUTRAL) {
            neutral_takes_port_gem(st);
            continue;
        }
        int same = 1;
        for (int i = 1; i < st->port_gems_n; i++) same &= st->port_gems[i] == st->port_gems[0];
        if (same && st->port_gems[0] != YS_WHITE) { /* no choice to make */
            ys_take_port_gem(st, who, st->port_gems[0], st->port_gems[0]);
            continue;
        }
        st->stage = YS_ST_GEM;
        st->gem_kind = YS_GEM_PORT;
        st->actor = (uint8_t)who;
        return 1;
    }
    /* gems nobody is entitled to stay in the bank */
    memset(st->port_gems, 0, sizeof st->port_gems);
    memset(st->share_rank, 0, sizeof st->share_rank);
    st->port_gems_n = st->share_n = st->share_pos = st->share_left = 0;
    return 0;
}

/* Y-8.4: the palace card goes to the palace winner; returns 1 when the
 * winner must choose a gem (a blue card). */
static int award_palace(ys_state *st, int d, int who)
{
    int card = st->palace_card[d];
    st->palace_card[d] = YS_NONE;
    if (card == YS_NONE || who < 0) return 0;
    if (card == YC_KING || card == YC_PRINCE) { /* Y-7.17, Y-7.18: immediate */
        int pts = card == YC_KING ? 5 : 4;
        add_points(st, who, pts, who == YS_NEUTRAL ? NULL : &st->pl[who].pts_cards);
        return 0;
    }
    if (who == YS_NEUTRAL) { /* Y-9.4: other cards are discarded; it takes a gem */
        give_gem(st, YS_NEUTRAL, best_rated(st));
        return 0;
    }
    if (ys_is_kept(card)) { /* Y-10.9, Y-10.11, Y-10.15: kept, in effect at the end */
        st->pl[who].kept |= 1u << card;
        return 0;
    }
    if (card == YC_BLUE) { /* Y-7.19: one coloured gem of choice */
        st->stage = YS_ST_GEM;
        st->gem_kind = YS_GEM_ANY;
        st->actor = (uint8_t)who;
        return 1;
    }
    st->pl[who].hand |= 1u << card;
    st->pl[who].fresh |= 1u << card; /* Y-7.1: playable from next round */
    return 0;
}

/* Trade zone points (Y-8.4; Merchant Y-7.14 5, Financier Y-10.5 1, both 3). */
static int trade_points(const ys_state *st)
{
    int merchant = 0, financier = 0;
    for (int q = 0; q < players_of(st); q++) {
        merchant |= st->pl[q].active >> YC_MERCHANT & 1;
        financier |= st->pl[q].active >> YC_FINANCIER & 1;
    }
    return merchant == financier ? 3 : merchant ? 5 : 1;
}

/* One district: dstep 0 reveal and rank, 1 share the port, 2 zones, 3 palace
 * card decision done, 4 clean up. Returns 1 when a decision is due. */
static int score_district(ys_state *st)
{
    int d = st->district;
    switch (st->dstep) {
    case 0:
        start_district(st, d);
        st->dstep = 1;
        /* fall through */
    case 1:
        if (share_port(st)) return 1;
        st->dstep = 2;
        /* fall through */
    case 2: {
        group_totals g; /* the zones' totals kept since dstep 0, then cleared */
        memcpy(g.total, st->zone_total, sizeof st->zone_total);
        memcpy(g.present, st->zone_present, sizeof st->zone_present);
        memset(st->zone_total, 0, sizeof st->zone_total);
        memset(st->zone_present, 0, sizeof st->zone_present);
        if (ys_events_on(st) && ys_port_event(st, d) == YE_QUARANTINE) /* Y-10.28: only the ship */
            memset(g.present, 0, sizeof g.present);
        int total[YS_MAX_PLAYERS + 1], present[YS_MAX_PLAYERS + 1]; /* the event stream's */
        int w = group_winner(st, g.total[0], g.present[0]); /* port: a black gem */
        if (GG_EV_ON()) {
            group_arrays(g.total[0], g.present[0], total, present);
            ys_ev_zone(st, d, 0, total, present, w, 0);
        }
        if (w >= 0) give_gem(st, w, YS_BLACK);
        if (w >= 0 && ys_events_on(st)) ys_event_gem_won(st, w); /* Y-10.24 */
        w = group_winner(st, g.total[1], g.present[1]); /* trade: points */
        int tp = ys_events_on(st) && ys_revolt_in(st, d) ? 3 : trade_points(st); /* Y-10.30 */
        if (GG_EV_ON()) {
            group_arrays(g.total[1], g.present[1], total, present);
            ys_ev_zone(st, d, 1, total, present, w, tp);
        }
        if (w >= 0) add_points(st, w, tp, w == YS_NEUTRAL ? NULL : &st->pl[w].pts_trade);
        st->dstep = 3;
        w = group_winner(st, g.total[2], g.present[2]); /* palace: the card */
        if (GG_EV_ON()) {
            group_arrays(g.total[2], g.present[2], total, present);
            ys_ev_zone(st, d, 2, total, present, w, st->palace_card[d]);
        }
        if (award_palace(st, d, w)) return 1;
    }
        /* fall through */
    case 3:
        if (st->queen_loc != YS_NONE && YS_LOC_DISTRICT(st->queen_loc) == d) { /* Y-7.16 */
            st->pl[st->queen_owner].active &= ~(1u << YC_QUEEN);
            st->queen_loc = st->queen_owner = YS_NONE;
        }
        if (ys_events_on(st) && ys_event_count(st, YE_EMBASSY)) { /* Y-10.20: palace brokers stay */
            return_brokers_in(st, district_locs(d) & ~(1ull << YS_ZONE_LOC(d, 2)));
        } else {
            return_brokers_in(st, district_locs(d));
            st->revealed &= (uint8_t)~(1u << d);
        }
        st->district++;
        st->dstep = 0;
        return 0;
    }
    return 0;
}

/* The market's totals into row_total, row_present (as scoring counts them:
 * broker_count, the neutral too), col_total and col_count (printed values,
 * the Mercenary's 5), in one pass over the brokers on it. */
static void cache_market(ys_state *st)
{
    totals_by_group(st, YS_LOC_CELL0, 16, 4, st->row_total, st->row_present);
    memset(st->col_total, 0, sizeof st->col_total);
    memset(st->col_count, 0, sizeof st->col_count);
    for (int q = 0; q < players_of(st); q++) {
        const ys_player *p = &st->pl[q];
        for (unsigned m = brokers_between(p, YS_LOC_CELL0, YS_LOC_CELL0 + 16); m; m &= m - 1) {
            int i = __builtin_ctz(m);
            st->col_total[YS_LOC_COLOUR(p->b[i].loc)] += (int16_t)ys_count_value(&p->b[i]);
            st->col_count[YS_LOC_COLOUR(p->b[i].loc)]++;
        }
        for (int i = 0; two_players(st) && i < YS_NEUTRAL_BROKERS; i++)
            if (YS_IS_CELL(p->nb[i].loc)) {
                st->col_total[YS_LOC_COLOUR(p->nb[i].loc)] += p->nb[i].value;
                st->col_count[YS_LOC_COLOUR(p->nb[i].loc)]++;
            }
    }
}

static void clear_market(ys_state *st)
{
    memset(st->row_total, 0, sizeof st->row_total);
    memset(st->row_present, 0, sizeof st->row_present);
    memset(st->col_total, 0, sizeof st->col_total);
    memset(st->col_count, 0, sizeof st->col_count);
}

/* Y-8.6: each row's gem to the highest total in that row (dstep = row). */
static int score_rows(ys_state *st)
{
    st->revealed |= 16;
    if (st->dstep == 0) cache_market(st); /* kept to the majority */
    if (GG_EV_ON() && st->dstep == 0) ys_ev_market(st);
    while (st->dstep < YS_ROWS) {
        int r = st->dstep++;
        int gem = st->market_gem[r];
        if (gem == YS_NONE) continue;
        st->market_gem[r] = YS_NONE;
        int w = group_winner(st, st->row_total[r], st->row_present[r]);
        if (GG_EV_ON()) {
            int total[YS_MAX_PLAYERS + 1], present[YS_MAX_PLAYERS + 1];
            group_arrays(st->row_total[r], st->row_present[r], total, present);
            ys_ev_row(st, r, gem, total, present, w);
        }
        if (w < 0) continue;
        if (gem != YS_WHITE) {
            give_gem(st, w, gem);
        } else if (w == YS_NEUTRAL) {
            give_gem(st, w, best_rated(st));
        } else { /* Y-8.5 */
            st->stage = YS_ST_GEM;
            st->gem_kind = YS_GEM_WHITE;
            st->actor = (uint8_t)w;
            return 1;
        }
    }
    return 0;
}

/* Y-8.7: columns by total, then by broker count; still tied, ordered by a
 * player. col_fixed is advanced past every position that needs no choice. */
static void settle_columns(ys_state *st, const int total[4], const int count[4])
{
    while (st->col_fixed < YS_COLOURS) {
        int a = st->col_order[st->col_fixed], k = st->col_fixed + 1;
        while (k < YS_COLOURS && total[st->col_order[k]] == total[a] && count[st->col_order[k]] == count[a]) k++;
        if (k - st->col_fixed > 1) return; /* a tie to order */
        st->col_fixed++;
    }
}

/* Each column's total and broker count (Y-8.7), as cache_market counted them. */
static void column_stats(const ys_state *st, int total[4], int count[4])
{
    for (int c = 0; c < YS_COLOURS; c++) {
        total[c] = st->col_total[c];
        count[c] = st->col_count[c];
    }
}

/* Who orders tied columns: the Intriguer's owner, else the highest
 * front-broker sum (ties Y-8.3). */
static int column_chooser(const ys_state *st)
{
    int best = -1, fb = 0; /* each front sum once */
    for (int q = 0; q < players_of(st); q++) {
        if (intriguer(st, q)) return q;
        int fq = ys_front_sum(st, q);
        if (best < 0 || fq > fb || (fq == fb && wins_tie_fronts(st, q, best, fq, fb))) {
            best = q;
            fb = fq;
        }
    }
    return best;
}

/* Y-10.8 Investor: the named column is first; the others ranked as usual. */
static void put_investor_first(ys_state *st)
{
    for (int t = 0; t < players_of(st); t++) { /* an Imitator's copy too: in turn order */
        int c = st->pl[st->turn_order[t]].investor_colour - 1;
        if (c < 0) continue;
        int k = st->col_fixed;
        while (k < YS_COLOURS && st->col_order[k] != c) k++;
        if (k >= YS_COLOURS) continue; /* already first */
        for (; k > st->col_fixed; k--) st->col_order[k] = st->col_order[k - 1];
        st->col_order[st->col_fixed++] = (uint8_t)c;
    }
}

static void start_columns(ys_state *st)
{
    int total[4], count[4];
    column_stats(st, total, count);
    for (int c = 0; c < YS_COLOURS; c++) {
        int i = c;
        while (i > 0) {
            int o = st->col_order[i - 1];
            if (total[c] > total[o] || (total[c] == total[o] && count[c] > count[o])) {
                st->col_order[i] = st->col_order[i - 1];
                i--;
            } else {
                break;
            }
        }
        st->col_order[i] = (uint8_t)c;
    }
    st->col_fixed = 0;
    put_investor_first(st);
    settle_columns(st, total, count);
    st->col_chooser = (uint8_t)column_chooser(st);
}

void ys_choose_column(ys_state *st, int colour)
{
    int total[4], count[4];
    column_stats(st, total, count);
    int k = st->col_fixed;
    while (st->col_order[k] != colour) k++;
    for (; k > st->col_fixed; k--) st->col_order[k] = st->col_order[k - 1];
    st->col_order[st->col_fixed++] = (uint8_t)colour;
    settle_columns(st, total, count);
}

static void apply_column_rates(ys_state *st)
{
    static const int delta[4] = {2, 1, -1, -2}, indiscretion[4] = {4, 2, -1, -2}; /* Y-10.26 */
    int ind = ys_events_on(st) && ys_event_count(st, YE_INDISCRETION);
    if (GG_EV_ON()) ys_ev_columns(st, ind ? indiscretion : delta);
    for (int k = 0; k < YS_COLOURS; k++) move_rate(st, st->col_order[k], ind ? indiscretion[k] : delta[k]);
}

/* Y-8.8: the market majority; -1 when nobody is on the market. */
static int market_majority(const ys_state *st)
{
    int16_t total[YS_MAX_PLAYERS + 1];
    unsigned present = 0;
    for (int q = 0; q <= YS_NEUTRAL; q++)
        total[q] = (int16_t)(st->row_total[0][q] + st->row_total[1][q] + st->row_total[2][q] + st->row_total[3][q]);
    for (int r = 0; r < YS_ROWS; r++) present |= st->row_present[r];
    return group_winner(st, total, present);
}

static void neutral_majority(ys_state *st) /* Y-9.4: raise what it holds most */
{
    int best = 0;
    for (int c = 1; c < YS_COLOURS; c++)
        if (st->neutral_gems[c] > st->neutral_gems[best]) best = c;
    move_rate(st, best, 1);
}

/* Y-8.9: board brokers go home; front ones too unless King's Favour. */
static void end_scoring(ys_state *st)
{
    /* the zones, lines and cells (YS_LOC_ZONE0 .. YS_LOC_CELL0 + 15), then the Smuggling cards (Y-10.21) */
    const uint64_t board = (1ull << (YS_LOC_CELL0 + 16)) - (1ull << YS_LOC_ZONE0); /* one range */
    if (GG_EV_ON()) ys_ev_home(st);
    return_brokers_in(st, board);
    if (ys_events_on(st)) return_brokers_in(st, 3ull << YS_LOC_SMUGGLE0); /* only events put brokers there */
    for (int q = 0; q < players_of(st); q++) {
        ys_player *p = &st->pl[q];
        p->active &= ~(1u << YC_INTRIGUER | 1u << YC_MERCHANT | 1u << YC_MERCENARY | 1u << YC_FINANCIER |
                       1u << YC_INVESTOR | 1u << YC_PROFESSOR | 1u << YC_CUSTOMS_OFFICER);
        p->investor_colour = p->professor_district = p->customs_colour = 0;
        if (p->imitated && !(p->active >> (p->imitated - 1) & 1)) p->imitated = 0; /* Y-10.7 */
        if (kings_favour(st)) continue;
        for (unsigned m = brokers_between(p, YS_LOC_FRONT, YS_LOC_FRONT + 1); m; m &= m - 1)
            p->b[__builtin_ctz(m)] = (ys_broker){p->b[__builtin_ctz(m)].value, YS_LOC_SCREEN, 0, 0};
    }
    memset(st->port_ship, YS_NONE, sizeof st->port_ship);
    memset(st->market_gem, YS_NONE, sizeof st->market_gem);
    memset(st->palace_card, YS_NONE, sizeof st->palace_card);
    st->revealed = 0;
}

static int has_front(const ys_player *p) { return brokers_between(p, YS_LOC_FRONT, YS_LOC_FRONT + 1) != 0; }

/* Y-9.1: one front broker to the throne, the rest home, one `2` from reserve. */
static void apply_throne(ys_state *st, int seat, int value)
{
    ys_player *p = &st->pl[seat];
    int i = find_broker(p, YS_LOC_FRONT, value);
    GG_ASSERT(i >= 0);
    p->b[i] = (ys_broker){p->b[i].value, YS_LOC_THRONE, 0, 0};
    p->throne_done = 1;
    for (int q = 0; q < players_of(st); q++)
        if (!st->pl[q].throne_done) return;
    if (GG_EV_ON()) ys_ev_throne(st);
    for (int q = 0; q < players_of(st); q++) {
        ys_player *o = &st->pl[q];
        for (int k = 0; k < o->n_brokers; k++)
            if (o->b[k].loc == YS_LOC_FRONT) o->b[k] = (ys_broker){o->b[k].value, YS_LOC_SCREEN, 0, 0};
        int r = find_broker(o, YS_LOC_RESERVE, 2);
        if (r >= 0) o->b[r].loc = YS_LOC_SCREEN;
    }
    st->step = YS_STEP_END_ROUND;
}

static void end_round(ys_state *st)
{
    for (int q = 0; q < players_of(st); q++) {
        ys_player *p = &st->pl[q];
        p->active = 0; /* Bishop, Spy, Illusionist: end of round (Y-7.7, Y-7.8, Y-7.10) */
        p->fresh = 0;
        p->played = 0;
        p->spy_peeks = 0;
        p->bid_done = 0;
        p->throne_done = 0;
        p->guard_placed = 0; /* Y-10.6: once this round */
        p->imitated = 0;
        p->lines_placed = 0; /* Y-10.12 */
    }
    if (ys_events_on(st)) ys_events_end_round(st); /* Y-10.3: events last one round */
    st->round++;
    st->step = st->round > YS_ROUNDS ? YS_STEP_FINAL : YS_STEP_PREPARE;
}

/* ------------------------------------------------------------ final scoring */

static int pope(const ys_state *st, int q) { return q < YS_NEUTRAL && (st->pl[q].kept >> YC_POPE & 1); }

/* Points of `n` tied entries covering places first..first+n-1 (0-based):
 * the lowest place shared (Y-8.10). */
void ys_final_scores(const ys_state *st, ys_final *f)
{
    memset(f, 0, sizeof *f);
    int n = players_of(st), neutral = two_players(st);
    for (int c = 0; c < YS_COLOURS; c++) { /* Y-8.10: by rate, leftmost first */
        int i = c;
        while (i > 0 && st->rate[c] > st->rate[f->colour_rank[i - 1]]) {
            f->colour_rank[i] = f->colour_rank[i - 1];
            i--;
        }
        f->colour_rank[i] = c;
    }
    for (int k = 0; k < YS_COLOURS; k++) {
        int c = f->colour_rank[k];
        int gems[YS_MAX_PLAYERS + 1] = {0};
        for (int q = 0; q < n; q++) gems[q] = st->pl[q].gems[c];
        if (neutral) gems[YS_NEUTRAL] = st->neutral_gems[c];
        int in[YS_MAX_PLAYERS + 1]; /* the participants: the seats, and the 2-player neutral */
        for (int q = 0; q <= YS_NEUTRAL; q++) in[q] = q < n || (q == YS_NEUTRAL && neutral);
        for (int q = 0; q <= YS_NEUTRAL; q++) {
            if (!in[q] || gems[q] == 0) continue;
            int place = 0, pope_q = pope(st, q); /* tied players score the lowest place they share */
            for (int o = 0; o <= YS_NEUTRAL; o++) /* (counted with & and |: the comparisons are coin tosses) */
                place += in[o] & (gems[o] >= gems[q]) & ((o == q) | (gems[o] > gems[q]) | !pope_q);
            /* Y-10.11: the Pope's owner wins the ties he is in */
            f->colour_pts[q][c] = place <= 5 ? ys_colour_points[k][place - 1] : 0;
        }
        if (neutral && gems[YS_NEUTRAL] == 0) /* Y-9.4: 3rd place for a colour it lacks */
            f->colour_pts[YS_NEUTRAL][c] = ys_colour_points[k][2];
    }
    for (int q = 0; q < n; q++) { /* Y-8.11 */
        int b = st->pl[q].gems[YS_BLACK];
        f->black_pts[q] = ys_black_points[b > 7 ? 7 : b];
        if ((st->pl[q].kept >> YC_TRAFFICKER & 1) && b >= 8) f->kept_pts[q] = 5; /* Y-10.15 */
    }
    if (neutral) {
        int b = st->neutral_gems[YS_BLACK];
        f->black_pts[YS_NEUTRAL] = ys_black_points[b > 7 ? 7 : b];
    }
    for (int q = 0; q < n; q++) /* Y-10.31 Speculation */
        if (st->spec_pick[q]) f->spec_pts[q] = st->spec_pick[q] - 1 == f->colour_rank[0] ? 3 : -2;
    if (!kings_favour(st)) return;
    for (int q = 0; q < n; q++) /* Y-9.1: throne totals 12, 7, 3 */
        for (int i = 0; i < st->pl[q].n_brokers; i++)
            if (st->pl[q].b[i].loc == YS_LOC_THRONE) f->throne_total[q] += st->pl[q].b[i].value;
    for (int q = 0; q < n; q++) /* Y-10.9 Favourite: +2 to the throne total */
        if (st->pl[q].kept >> YC_FAVOURITE & 1) f->throne_total[q] += 2;
    for (int q = 0; q < n; q++) {
        int above = 0, same = 0;
        for (int o = 0; o < n; o++) {
            above += f->throne_total[o] > f->throne_total[q];
            same += f->throne_total[o] == f->throne_total[q];
        }
        int sum = 0;
        for (int p = above; p < above + same; p++) sum += p < 5 ? ys_throne_points[p] : 0;
        f->throne_pts[q] = sum / same; /* shared, rounded down */
    }
}

static void final_scoring(ys_state *st)
{
    ys_final f;
    ys_final_scores(st, &f);
    if (GG_EV_ON()) ys_ev_final(st, &f);
    for (int q = 0; q <= YS_NEUTRAL; q++) {
        if (q >= players_of(st) && q != YS_NEUTRAL) continue;
        if (q == YS_NEUTRAL && !two_players(st)) continue;
        int pts = f.black_pts[q] + (q < YS_NEUTRAL ? f.throne_pts[q] + f.kept_pts[q] + f.spec_pts[q] : 0);
        for (int c = 0; c < YS_COLOURS; c++) pts += f.colour_pts[q][c];
        add_points(st, q, pts, NULL);
    }
    st->over = 1;
    st->stage = YS_ST_OVER;
    st->step = YS_STEP_OVER;
}

/* -------------------------------------------------------------- the machine */

/* A card window: the next seat in turn order (from cursor) with a card it
 * may play now; returns 0 when the window is over. */
static int window_next(ys_state *st, int window)
{
    st->window = (uint8_t)window;
    st->stage = YS_ST_WINDOW;
    while (st->cursor < players_of(st)) {
        st->actor = st->turn_order[st->cursor];
        if (ys_may_hold_play(&st->pl[st->actor]) && ys_has_card_play(st, st->actor)) return 1;
        st->cursor++;
    }
    st->window = YS_WIN_NONE;
    st->stage = 0;
    return 0;
}

static void to_end_placement(ys_state *st)
{
    for (int q = 0; q < players_of(st); q++) { /* Y-6.6: the last broker to the front */
        ys_player *p = &st->pl[q];
        clear_flags(p, YS_F_JUST);
        for (unsigned m = brokers_between(p, YS_LOC_SCREEN, YS_LOC_SCREEN + 1); m; m &= m - 1)
            p->b[__builtin_ctz(m)] = (ys_broker){p->b[__builtin_ctz(m)].value, YS_LOC_FRONT, 0, 0};
        p->spy_peeks = 0; /* Y-7.8: during this placement phase */
    }
    st->step = YS_STEP_SCORING_WINDOW;
    st->cursor = 0;
    st->window = YS_WIN_NONE;
}

/* Y-10.12: just before scoring, each broker on a line goes into one of its
 * zones, chosen by its owner (one at a time). */
static int settle_next(ys_state *st)
{
    for (int q = 0; q < players_of(st); q++) {
        const ys_player *p = &st->pl[q];
        for (int i = 0; i < p->n_brokers; i++)
            if (YS_IS_LINE(p->b[i].loc)) {
                st->stage = YS_ST_SETTLE;
                st->actor = (uint8_t)q;
                return 1;
            }
    }
    return 0;
}

void ys_advance(ys_state *st)
{
    if (st->stage == YS_ST_IMITATE) return; /* Y-10.7: the copy or pass first */
    for (;;) {
        switch (st->step) {
        case YS_STEP_PREPARE:
            prepare_round(st);
            if (ys_events_on(st) && ys_events_speculate_now(st)) { /* Y-10.31: before the bid */
                st->step = YS_STEP_SPECULATE;
                st->stage = YS_ST_SPECULATE;
                return;
            }
            st->step = YS_STEP_BID;
            st->stage = YS_ST_BID;
            return;
        case YS_STEP_SPECULATE:
            st->stage = YS_ST_SPECULATE;
            return;
        case YS_STEP_EVENTS: /* Y-10.20 Embassy, Y-10.21 Smuggling */
            if (GG_EV_ON()) ys_ev_context("event");
            if (ys_events_step(st)) return;
            st->step = YS_STEP_MARKET_ROWS;
            st->dstep = 0;
            break;
        case YS_STEP_BID:
            st->stage = YS_ST_BID;
            return;
        case YS_STEP_ORDER:
            st->stage = YS_ST_ORDER;
            st->actor = st->bid_rank[st->cursor];
            return;
        case YS_STEP_PLACEMENT_WINDOW: /* cursor was set to 0 on the way in */
            if (window_next(st, YS_WIN_START_OF_PLACEMENT)) return;
            st->step = YS_STEP_PLACEMENT;
            st->turn = 0;
            st->cursor = 0;
            st->stage = 0;
            break;
        case YS_STEP_PLACEMENT:
            if (st->stage == YS_ST_PLACE || st->stage == YS_ST_REFILL) {
                if (st->stage == YS_ST_PLACE && turn_brokers_done(st)) {
                    end_of_turn_brokers(st);
                    if (st->stage == YS_ST_AFTER || st->stage == YS_ST_SPY) return;
                    continue;
                }
                return;
            }
            if (st->stage == YS_ST_AFTER || st->stage == YS_ST_SPY) return;
            next_placement_turn(st);
            if (st->step != YS_STEP_PLACEMENT) break;
            return;
        case YS_STEP_SCORING_WINDOW:
            if (st->window == YS_WIN_NONE && ys_opt(st, YS_OPT_YSPLUS) && settle_next(st)) return;
            if (window_next(st, YS_WIN_START_OF_SCORING)) return;
            st->step = YS_STEP_DISTRICT;
            st->district = 0;
            st->dstep = 0;
            break;
        case YS_STEP_DISTRICT:
            if (st->district >= st->districts) {
                st->step = ys_events_on(st) ? YS_STEP_EVENTS : YS_STEP_MARKET_ROWS;
                st->dstep = 0;
                break;
            }
            if (score_district(st)) return;
            break;
        case YS_STEP_MARKET_ROWS:
            if (score_rows(st)) return;
            if (GG_EV_ON()) ys_ev_context("brokerage");
            if (ys_events_on(st)) ys_events_brokerage(st); /* Y-10.22 */
            start_columns(st);
            st->step = YS_STEP_COLUMNS;
            break;
        case YS_STEP_COLUMNS:
            if (st->col_fixed < YS_COLOURS) {
                st->stage = YS_ST_COLUMN;
                st->actor = st->col_chooser;
                return;
            }
            apply_column_rates(st);
            st->step = YS_STEP_MAJORITY;
            break;
        case YS_STEP_MAJORITY: {
            int w = market_majority(st);
            clear_market(st); /* the market's totals were kept to here */
            if (GG_EV_ON()) ys_ev_majority(st, w);
            st->step = YS_STEP_END_WINDOW;
            st->cursor = 0;
            st->window = YS_WIN_NONE;
            if (w == YS_NEUTRAL) neutral_majority(st);
            if (w >= 0 && w != YS_NEUTRAL) { /* resumes at the end window after the choice */
                st->stage = YS_ST_MAJORITY;
                st->actor = (uint8_t)w;
                return;
            }
            break;
        }
        case YS_STEP_END_WINDOW:
            if (window_next(st, YS_WIN_END_OF_SCORING)) return;
            end_scoring(st);
            st->step = YS_STEP_RETURN;
            break;
        case YS_STEP_RETURN:
            st->step = kings_favour(st) ? YS_STEP_THRONE : YS_STEP_END_ROUND;
            break;
        case YS_STEP_THRONE:
            st->stage = YS_ST_THRONE;
            for (int q = 0; q < players_of(st); q++)
                if (!has_front(&st->pl[q])) st->pl[q].throne_done = 1;
            return;
        case YS_STEP_END_ROUND:
            end_round(st);
            break;
        case YS_STEP_FINAL:
            final_scoring(st);
            return;
        case YS_STEP_OVER:
        default:
            st->stage = YS_ST_OVER;
            return;
        }
    }
}

/* ------------------------------------------------------------------- apply */

/* Y-10.7: right after `from` played `card`, the Imitator's holder may copy it. */
static int offer_imitation(ys_state *st, int from, int card)
{
    int q = ys_imitator_for(st, from, card);
    if (q < 0) return 0;
    st->imitating = (uint8_t)(card + 1);
    st->imit_stage = st->stage;
    st->imit_from = (uint8_t)from;
    st->stage = YS_ST_IMITATE;
    st->actor = (uint8_t)q;
    return 1;
}

/* The flow goes on as right after the copied card's play. */
static void end_imitation(ys_state *st)
{
    st->stage = st->imit_stage;
    st->actor = st->imit_from;
    st->imitating = st->imit_stage = st->imit_from = 0;
    if (st->stage == YS_ST_AFTER) end_of_turn_brokers(st);
}

void ys_apply(gg_state *s, int seat, gg_action a)
{
    ys_state *st = (ys_state *)s;
    unsigned pay = YS_PAYLOAD(a);
    switch (YS_KIND(a)) {
    case YS_A_BID: apply_bid(st, seat, pay & 7, pay >> 3 & 7); break;
    case YS_A_ORDER: apply_order(st, seat, (int)pay); break;
    case YS_A_PLACE: apply_place(st, seat, a); break;
    case YS_A_NEUTRAL: apply_neutral(st, seat, a); break;
    case YS_A_REFILL: apply_refill(st, seat, (int)pay); break;
    case YS_A_PEEK:
        apply_peek(st, seat, a);
        if (st->stage == YS_ST_SPY) spy_done(st, 0); /* Y-7.8: more, or the next */
        break;
    case YS_A_PASS: /* my turn, or my part of a card window, ends */
        if (st->stage == YS_ST_IMITATE) {
            end_imitation(st);
            break;
        }
        if (st->stage == YS_ST_SPY) { /* Y-7.8: no more peeks after this turn */
            spy_done(st, 1);
            break;
        }
        if (st->stage == YS_ST_AFTER) turn_over(st);
        else st->cursor++;
        break;
    case YS_A_GEM: {
        int gem = pay & 7, to = pay >> 3 & 7;
        st->stage = 0;
        if (st->gem_kind == YS_GEM_PORT) ys_take_port_gem(st, seat, gem, to);
        else give_gem(st, seat, to);
        st->gem_kind = 0;
        break;
    }
    case YS_A_COLUMN: ys_choose_column(st, (int)pay); break;
    case YS_A_RATE:
        move_rate(st, pay & 7, (pay >> 3 & 1) ? 1 : -1);
        st->stage = 0;
        break;
    case YS_A_THRONE: apply_throne(st, seat, (int)pay); break;
    case YS_A_SETTLE:
        ys_settle_apply(st, seat, a);
        st->stage = 0;
        break;
    case YS_A_SPECULATE: ys_apply_speculate(st, seat, (int)pay); break;
    case YS_A_SMUGGLE: ys_apply_smuggle(st, seat, pay); break;
    case YS_A_PLAY:
        ys_card_apply(st, seat, a);
        if (st->stage == YS_ST_IMITATE) {
            end_imitation(st);
            break;
        }
        if (offer_imitation(st, seat, (int)YS_PLAY_CARD(a))) break;
        if (st->stage == YS_ST_AFTER) end_of_turn_brokers(st); /* more to play, or the turn ends */
        break;
    default: GG_ASSERT(0);
    }
    ys_advance(st);
}

/* ------------------------------------------------------------------- actors */

/* In a simultaneous secret choice (the bid Y-5.1, the throne pick Y-9.1,
 * Speculation Y-10.31) every seat that has not chosen acts; otherwise the
 * one `actor`. */
static int is_actor(const ys_state *st, int seat)
{
    if (st->over) return 0;
    switch (st->stage) {
    case YS_ST_BID: return !st->pl[seat].bid_done;
    case YS_ST_THRONE: return !st->pl[seat].throne_done;
    case YS_ST_SPECULATE: return !(st->spec_done >> seat & 1);
    default: return st->actor == seat;
    }
}

int ys_actors(const gg_state *s, int seats[GG_MAX_SEATS])
{
    const ys_state *st = (const ys_state *)s;
    int n = 0;
    if (st->over) return 0;
    if (st->stage == YS_ST_BID || st->stage == YS_ST_THRONE || st->stage == YS_ST_SPECULATE) {
        for (int q = 0; q < players_of(st); q++)
            if (is_actor(st, q)) seats[n++] = q;
        return n;
    }
    seats[0] = st->actor;
    return 1;
}

/* ------------------------------------------------------------------- legal */

/* Distinct values of seat's brokers at loc, as a bitmask. */
static unsigned values_at(const ys_broker *b, int n, int loc)
{
    unsigned m = 0;
    for (int i = 0; i < n; i++) m |= (unsigned)(b[i].loc == loc) << b[i].value; /* no branch to guess */
    return m;
}

static int legal_bids(const ys_state *st, int seat, gg_action *out)
{
    const ys_player *p = &st->pl[seat];
    int cnt[5] = {0}, n = 0;
    for (int i = 0; i < p->n_brokers; i++)
        if (p->b[i].loc == YS_LOC_SCREEN) cnt[p->b[i].value]++;
    for (int b = 0; b < 5; b++) /* ascending: a | b << 3 */
        for (int a = 0; a <= b; a++)
            if (cnt[a] && cnt[b] && (a != b || cnt[a] >= 2))
                out[n++] = YS_ACTION(YS_A_BID, (unsigned)a | (unsigned)b << 3);
    return n;
}

static int legal_order(const ys_state *st, gg_action *out)
{
    int n = 0;
    for (int k = 0; k < players_of(st); k++)
        if (!(st->places_taken >> k & 1)) out[n++] = YS_ACTION(YS_A_ORDER, (unsigned)k + 1);
    return n;
}

/* Y-4.3: the market cells open with this player count (bit 4*row + colour). */
static unsigned open_cells(const ys_state *st)
{
    return players_of(st) >= 5 ? 0xFFFFu : players_of(st) == 4 ? 0xFFF0u : 0xFF00u;
}

/* Free places to put a broker now, as a mask of locs: zones of the
 * districts in play but the Queen's; open empty cells. */
static uint64_t free_mask(const ys_state *st)
{
    uint64_t m = ((1ull << (3 * st->districts)) - 1) << YS_LOC_ZONE0;
    if (st->queen_loc != YS_NONE) m &= ~(1ull << st->queen_loc);
    m |= (uint64_t)(open_cells(st) & ~ys_cells_taken(st)) << YS_LOC_CELL0;
    if (ys_events_on(st)) /* Y-10.21: the Smuggling cards in play */
        for (int c = 0; c < YS_EVENT_CARDS; c++)
            if ((st->ev_active >> c & 1) && ys_event_card_kind[c] == YE_SMUGGLING)
                m |= 1ull << (YS_LOC_SMUGGLE0 + ys_event_card_copy[c]);
    return m;
}

uint64_t ys_free_places(const ys_state *st) { return free_mask(st); }

/* The places in mask m, in loc order. */
static int locs_of(uint64_t m, uint32_t *locs)
{
    int n = 0;
    for (; m; m &= m - 1) locs[n++] = (uint32_t)__builtin_ctzll(m);
    return n;
}

/* Free places with the Philosopher's lines (Y-10.12), in loc order. */
static int free_locs_and_lines(const ys_state *st, uint32_t locs[64])
{
    return locs_of(free_mask(st) | lines_in_play(st), locs);
}

/* Free places to put a broker now, in loc order. */
static int free_locs(const ys_state *st, uint32_t locs[32])
{
    int n = locs_of(free_mask(st), locs);
    for (int i = n; i < 32; i++) locs[i] = 0; /* rows are written 32 at a time */
    return n;
}

static int legal_peeks(const ys_state *st, int seat, gg_action *out)
{
    int n = 0;
    if (!st->pl[seat].spy_peeks) return 0;
    for (int q = 0; q < players_of(st); q++) {
        if (q == seat) continue;
        const ys_player *p = &st->pl[q];
        uint64_t seen = 0; /* one action per place */
        /* the board, the lines and the Smuggling cards are places 8..61 (none at 28..31), and the throne */
        _Static_assert(YS_LOC_ZONE0 == 8 && YS_LOC_SMUGGLE0 + 1 == 61 && YS_LOC_RLINE0 + 8 == 28 &&
                       YS_LOC_CELL0 == 32, "peekable places");
        unsigned m = brokers_between(p, YS_LOC_ZONE0, YS_LOC_SMUGGLE0 + 2) |
                     brokers_between(p, YS_LOC_THRONE, YS_LOC_THRONE + 1);
        for (; m; m &= m - 1) {
            int i = __builtin_ctz(m), l = p->b[i].loc;
            if ((seen >> l & 1) || ys_knows(st, seat, q, &p->b[i])) continue;
            seen |= 1ull << l;
        }
        for (; seen; seen &= seen - 1) /* ascending places */
            out[n++] = YS_ACTION(YS_A_PEEK, (unsigned)__builtin_ctzll(seen) | (unsigned)q << 7);
    }
    return n;
}

/* Y-10.6: the Royal Guard in effect and its broker not yet placed this round. */
static int may_place_guard(const ys_player *p)
{
    return (p->active >> YC_ROYAL_GUARD & 1) && !p->guard_placed;
}

/* A placement list is rows: one per (front, value, face) the seat may play
 * (Y-6.2, Y-7.7, Y-7.10), then the Royal Guard's front values (Y-10.6), then
 * the neutral's (Y-9.4); each row is a base action combined with every place
 * of one place list, in loc order. So the list ascends, and its length is
 * the sum of the rows' list lengths (ys_legal_random picks from it unbuilt). */
enum { PL_DOWN, PL_UP, PL_NEUTRAL, PL_LINES_DOWN, PL_LINES_UP }; /* place lists, by face */
enum { PL_MAX_ROWS = 2 * 5 * 2 + 5 + 5 };
typedef struct place_rows {
    int n;
    gg_action base[PL_MAX_ROWS];
    uint8_t list[PL_MAX_ROWS]; /* PL_*: free places (by face: events), or with lines */
} place_rows;

static void add_row(place_rows *r, gg_action base, int list)
{
    r->base[r->n] = base;
    r->list[r->n++] = (uint8_t)list;
}

/* lines: the Philosopher may put this turn's brokers on lines (Y-10.12). */
static void placement_rows(const ys_state *st, int seat, int lines, place_rows *r)
{
    const ys_player *p = &st->pl[seat];
    int up = may_place_up(st, seat), down = may_place_down(st, seat);
    unsigned screen = values_at(p->b, p->n_brokers, YS_LOC_SCREEN);
    unsigned front = (p->active >> YC_ILLUSIONIST & 1) ? values_at(p->b, p->n_brokers, YS_LOC_FRONT) : 0;
    r->n = 0;
    for (int fr = 0; fr < 2; fr++) { /* ascending: front, value, face, place */
        unsigned vals = fr ? front : screen;
        for (int v = 0; v < 5; v++) {
            if (!(vals >> v & 1)) continue;
            for (int face = 0; face < 2; face++)
                if (face ? up : down)
                    add_row(r, YS_ACTION(YS_A_PLACE, (unsigned)v << 8 | (unsigned)fr << 11 | (unsigned)face << 7),
                            (lines ? PL_LINES_DOWN : PL_DOWN) + face);
        }
    }
    if (may_place_guard(p)) { /* Y-10.6: a front broker, face up, besides the turn's 2 */
        unsigned vals = values_at(p->b, p->n_brokers, YS_LOC_FRONT);
        for (int v = 0; v < 5; v++)
            if (vals >> v & 1) add_row(r, YS_ACTION(YS_A_PLACE, (unsigned)v << 8 | 1u << 7 | 1u << 12), PL_UP);
    }
    if (two_players(st) && st->n_neutral == 0) { /* Y-9.4 */
        unsigned hand = values_at(p->nb, YS_NEUTRAL_BROKERS, YS_LOC_HAND);
        for (int v = 0; v < 5; v++)
            if (hand >> v & 1) add_row(r, YS_ACTION(YS_A_NEUTRAL, (unsigned)v << 8), PL_NEUTRAL);
    }
}

/* Y-10.12: may the seat's turn brokers go on lines now? */
static int lines_now(const ys_state *st, int seat)
{
    return (st->pl[seat].active >> YC_PHILOSOPHER & 1) && ys_may_place_line(st, seat);
}

static int legal_place(const ys_state *st, int seat, gg_action *out)
{
    uint32_t locs[32]; /* whole rows are written past nl, then overwritten */
    int nl = free_locs(st, locs), n = 0;
    uint32_t wide[64]; /* Y-10.12: with the Philosopher's lines */
    int nw = lines_now(st, seat) ? free_locs_and_lines(st, wide) : 0;
    /* by face (0 down, 1 up; 2 a neutral broker): the places events leave (Y-10.25, Y-10.29, Y-10.32) */
    uint32_t ev_locs[3][32];
    const uint32_t *lf[3] = {locs, locs, locs};
    int nf[3] = {nl, nl, nl};
    if (ys_events_on(st))
        for (int f = 0; f < 3; f++) {
            nf[f] = 0;
            for (int l = 0; l < nl; l++)
                if (!ys_event_refusal(st, f == 2 ? YS_NEUTRAL : seat, (int)locs[l], f == 1, YS_LOC_SCREEN))
                    ev_locs[f][nf[f]++] = locs[l];
            for (int l = nf[f]; l < 32; l++) ev_locs[f][l] = 0;
            lf[f] = ev_locs[f];
        }
    place_rows r;
    placement_rows(st, seat, nw > 0, &r);
    for (int i = 0; i < r.n; i++) {
        gg_action base = r.base[i];
        if (r.list[i] >= PL_LINES_DOWN) { /* Y-10.12: lines too; a line is judged by events when settled */
            int face = r.list[i] - PL_LINES_DOWN;
            for (int l = 0; l < nw; l++) /* (ys_event_refusal lets every line through) */
                if (!ys_events_on(st) || !ys_event_refusal(st, seat, (int)wide[l], face, YS_LOC_SCREEN))
                    out[n++] = base | wide[l];
            continue;
        }
        const uint32_t *row = lf[r.list[i]];
        for (int l = 0; l < 32; l++) out[n + l] = base | row[l]; /* fixed count: vectorised */
        n += nf[r.list[i]];
    }
    return n;
}

/* Bits set in each byte (no popcnt instruction without -march). */
#define PC2(n) n, n + 1, n + 1, n + 2
#define PC4(n) PC2(n), PC2(n + 1), PC2(n + 1), PC2(n + 2)
#define PC6(n) PC4(n), PC4(n + 1), PC4(n + 1), PC4(n + 2)
static const uint8_t bits_in_byte[256] = {PC6(0), PC6(1), PC6(1), PC6(2)};
#undef PC2
#undef PC4
#undef PC6

/* Bits set in a mask of broker values (bits 0..4). */
static int bit_count(unsigned m) { return bits_in_byte[m & 0xFF]; }

/* free_mask without events, counted: the zones of the districts in play but
 * the Queen's (a run from YS_LOC_ZONE0 with at most one gap), then the open
 * empty cells (`cells`, bit 4*row + colour). */
typedef struct free_places {
    uint32_t zones, n; /* zones free; places free */
    unsigned cells;
    int queen;         /* the Queen's zone or YS_NONE */
} free_places;

static free_places count_free(const ys_state *st)
{
    free_places f;
    f.queen = st->queen_loc;
    f.zones = (uint32_t)(3 * st->districts - (f.queen != YS_NONE));
    f.cells = open_cells(st) & ~ys_cells_taken(st);
    f.n = f.zones + bits_in_byte[f.cells & 0xFF] + bits_in_byte[f.cells >> 8];
    return f;
}

/* The k-th (0-based, k < f->n) free place in loc order, without a branch
 * on which kind it is (a random pick: a zone or a cell is a coin toss the
 * branch predictor would lose): both are computed, one kept. */
static int nth_free(const free_places *f, uint32_t k)
{
    int zone = YS_LOC_ZONE0 + (int)k;
    zone += zone >= f->queen; /* the Queen's zone skipped (YS_NONE: never) */
    uint32_t c = k - f->zones;  /* among the cells (wraps for a zone: masked below, then not kept) */
    uint32_t low = bits_in_byte[f->cells & 0xFF], high = c >= low;
    unsigned byte = (f->cells >> (8 * high)) & 0xFF;
    int cell = YS_LOC_CELL0 + 8 * (int)high + ys_nth_bit[byte][(c - (high ? low : 0)) & 7];
    int is_zone = k < f->zones;
    return cell ^ ((zone ^ cell) & -is_zone);
}

/* i / d for a count of free places d (1 <= d <= 28: 12 zones and 16 cells;
 * lines never come here), by one multiplication with m = ceil(2^32 / d)
 * instead of a division: i * m / 2^32 = i / d + i * e / (d * 2^32) with
 * e = m * d - 2^32 < d, so the floor is exact while i * e < 2^32, i.e. for
 * every i < 2^27 (a placement list is a few hundred actions). */
#define RECIP(d) (((1ull << 32) + (d) - 1) / (d))
#define RECIP4(d) RECIP(d), RECIP(d + 1), RECIP(d + 2), RECIP(d + 3)
static const uint64_t recip_free[33] = {0, RECIP4(1), RECIP4(5), RECIP4(9), RECIP4(13), RECIP4(17),
                                        RECIP4(21), RECIP4(25), RECIP4(29)};
#undef RECIP4
#undef RECIP
static uint32_t div_free(uint32_t i, uint32_t d)
{
    return (uint32_t)((uint64_t)i * recip_free[d] >> 32);
}

/* The value of the k-th (0-based) set bit of vals (bits 0..4). */
static unsigned nth_value(unsigned vals, int k)
{
    return ys_nth_bit[vals & 0xFF][k & 7];
}

/* The j-th row of placement_rows without events or lines, found by counting:
 * (screen values, then front values) × the faces allowed (down before up),
 * then the Royal Guard's front values, then the neutral's hand. */
static inline __attribute__((always_inline)) gg_action place_row(int j, int down, int up, unsigned screen, unsigned front, unsigned guard)
{
    int faces = down + up, ns = bit_count(screen) * faces, nf = bit_count(front) * faces;
    if (j < ns + nf) {
        int fr = j >= ns, k = j - (fr ? ns : 0), two = faces == 2;
        unsigned face = two ? (unsigned)k & 1 : (unsigned)up;
        unsigned v = nth_value(fr ? front : screen, k >> two);
        return YS_ACTION(YS_A_PLACE, v << 8 | (unsigned)fr << 11 | face << 7);
    }
    j -= ns + nf;
    int ng = bit_count(guard);
    if (j < ng) return YS_ACTION(YS_A_PLACE, nth_value(guard, j) << 8 | 1u << 7 | 1u << 12);
    return YS_ACTION(YS_A_NEUTRAL, 0) | (gg_action)(j - ng); /* the neutral's value, filled by the caller */
}

/* The values a player has behind the screen (bit v) and in front of it
 * (bit 8 + v), in one pass. With SSE2 four brokers at a time: a broker's
 * 32-bit record gives 2^(value + 8 * loc) through a float's exponent, kept
 * where loc is the screen or the front and the broker is in use. */
static unsigned screen_front_values(const ys_player *p)
{
#ifdef __SSE2__
    const uint8_t *bytes = (const uint8_t *)p;
    const __m128i ff = _mm_set1_epi32(0xFF), two = _mm_set1_epi32(2), bias = _mm_set1_epi32(127),
                  four = _mm_set1_epi32(4), n = _mm_set1_epi32(p->n_brokers);
    __m128i idx = _mm_setr_epi32(0, 1, 2, 3), acc = _mm_setzero_si128();
    for (int k = 0; k < 4; k++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * k));
        __m128i value = _mm_and_si128(x, ff), loc = _mm_and_si128(_mm_srli_epi32(x, 8), ff);
        __m128i bit = _mm_add_epi32(value, _mm_slli_epi32(loc, 3));
        __m128i pow = _mm_cvttps_epi32(_mm_castsi128_ps(_mm_slli_epi32(_mm_add_epi32(bit, bias), 23)));
        __m128i keep = _mm_and_si128(_mm_cmplt_epi32(loc, two), _mm_cmplt_epi32(idx, n));
        acc = _mm_or_si128(acc, _mm_and_si128(pow, keep));
        idx = _mm_add_epi32(idx, four);
    }
    acc = _mm_or_si128(acc, _mm_shuffle_epi32(acc, _MM_SHUFFLE(1, 0, 3, 2)));
    acc = _mm_or_si128(acc, _mm_shuffle_epi32(acc, _MM_SHUFFLE(2, 3, 0, 1)));
    return (unsigned)_mm_cvtsi128_si32(acc);
#else
    unsigned at = 0;
    for (int i = 0; i < p->n_brokers; i++)
        at |= (unsigned)(p->b[i].loc <= YS_LOC_FRONT) << (p->b[i].value + 8 * (p->b[i].loc & 1));
    return at;
#endif
}

/* gg_legal_random for a placement without events or lines (the bulk of a
 * playout's decisions): the rows of placement_rows are counted, each as long
 * as the free places, and only the chosen action is built; a draw past the
 * placements picks from the peeks and card plays that follow them in
 * ys_legal. The simulations check it against the list at every step. */
static inline __attribute__((always_inline)) int
random_place_core(const ys_state *st, int seat, gg_rng *rng, gg_action *a, int more)
{
    const ys_player *p = &st->pl[seat];
    unsigned at = screen_front_values(p);
    unsigned screen = at & 0x1F, in_front = at >> 8 & 0x1F;
    int down = may_place_down(st, seat), up = may_place_up(st, seat);
    unsigned front = (p->active >> YC_ILLUSIONIST & 1) ? in_front : 0;
    unsigned guard = may_place_guard(p) ? in_front : 0;
    unsigned hand = two_players(st) && st->n_neutral == 0 ? values_at(p->nb, YS_NEUTRAL_BROKERS, YS_LOC_HAND) : 0;
    int rows = (bit_count(screen) + bit_count(front)) * (down + up) + bit_count(guard) + bit_count(hand);
    free_places free = count_free(st);
    uint32_t nl = free.n, np = (uint32_t)rows * nl;
    gg_action rest[GG_MAX_ACTIONS]; /* unused (and not kept) without `more` */
    int nr = 0;
    if (more) {
        nr = p->spy_peeks ? legal_peeks(st, seat, rest) : 0;
        if (st->n_up + st->n_down + st->n_neutral == 0) /* the ★ window closes with the first broker (Y-7.2) */
            nr += ys_card_plays(st, seat, rest + nr);
    }
    uint32_t i = gg_rng_below(rng, np + (uint32_t)nr);
    if (more && i >= np) {
        *a = rest[i - np];
        return (int)np + nr;
    }
    uint32_t row = div_free(i, nl);
    gg_action base = place_row((int)row, down, up, screen, front, guard);
    if (YS_KIND(base) == YS_A_NEUTRAL) base = YS_ACTION(YS_A_NEUTRAL, nth_value(hand, (int)YS_PAYLOAD(base)) << 8);
    *a = base | (gg_action)nth_free(&free, i - row * nl); /* the (i % nl)-th free place */
    return (int)np + nr;
}

/* With peeks (Y-7.8) or card plays (Y-7.2) after the placements: they are listed. */
static __attribute__((noinline)) int random_place_more(const ys_state *st, int seat, gg_rng *rng, gg_action *a)
{
    return random_place_core(st, seat, rng, a, 1);
}

/* Without them (the usual case: no Spy peeks left, no card the seat may
 * play now), nothing is listed and the function needs no list on its stack. */
static int random_place(const ys_state *st, int seat, gg_rng *rng, gg_action *a)
{
    const ys_player *p = &st->pl[seat];
    if (p->spy_peeks || (st->n_up + st->n_down + st->n_neutral == 0 && ys_may_hold_play(p)))
        return random_place_more(st, seat, rng, a);
    return random_place_core(st, seat, rng, a, 0);
}

/* gg_legal_random for a bid (Y-5.1), counted as legal_bids lists them: the
 * pairs a <= b of values behind the screen (a == b: two such brokers), by b
 * then a. */
static int random_bid(const ys_state *st, int seat, gg_rng *rng, gg_action *act)
{
    const ys_player *p = &st->pl[seat];
    unsigned one = 0, two = 0; /* values with at least one, two brokers behind the screen */
    for (unsigned m = brokers_between(p, YS_LOC_SCREEN, YS_LOC_SCREEN + 1); m; m &= m - 1) {
        unsigned bit = 1u << p->b[__builtin_ctz(m)].value;
        two |= one & bit;
        one |= bit;
    }
    uint32_t per[5], n = 0; /* the pairs whose higher value is b */
    for (int b = 0; b < 5; b++) {
        per[b] = (one >> b & 1) ? (uint32_t)bit_count(one & ((1u << b) - 1)) + (two >> b & 1) : 0;
        n += per[b];
    }
    if (n == 0) return 0;
    uint32_t k = gg_rng_below(rng, n);
    unsigned b = 0;
    while (k >= per[b]) k -= per[b++];
    unsigned below = one & ((1u << b) - 1); /* a < b first, then a == b */
    unsigned a = k < (uint32_t)bit_count(below) ? nth_value(below, (int)k) : b;
    *act = YS_ACTION(YS_A_BID, a | b << 3);
    return (int)n;
}

/* gg_legal_random for a gem (Y-8.4, Y-8.5, Y-7.19), counted as legal_gems
 * lists them: by colour, the colour itself (when offered), then a white
 * gem turned into it (when a white one is offered). */
static int random_gem(const ys_state *st, gg_rng *rng, gg_action *act)
{
    unsigned white, kinds = ys_gems_on_offer(st, &white);
    uint32_t n = (uint32_t)bit_count(kinds) + 4 * white;
    if (n == 0) return 0;
    uint32_t k = gg_rng_below(rng, n);
    for (unsigned c = 0;; c++) {
        if (kinds >> c & 1) {
            if (k-- == 0) {
                *act = YS_ACTION(YS_A_GEM, c | c << 3);
                break;
            }
        }
        if (white && k-- == 0) {
            *act = YS_ACTION(YS_A_GEM, YS_WHITE | c << 3);
            break;
        }
    }
    return (int)n;
}

/* The other decisions: from ys_legal's list (out of line: the list's
 * stack space is not the placement's). */
static __attribute__((noinline)) int random_listed(const gg_state *s, int seat, gg_rng *rng, gg_action *a)
{
    gg_action legal[GG_MAX_ACTIONS];
    int k = ys_legal(s, seat, legal);
    if (k > 0) *a = legal[gg_rng_below(rng, (uint32_t)k)];
    return k;
}

static int ys_legal_random(const gg_state *s, int seat, gg_rng *rng, gg_action *a)
{
    const ys_state *st = (const ys_state *)s;
    if (st->stage == YS_ST_PLACE && is_actor(st, seat) && !ys_events_on(st) && !lines_now(st, seat))
        return random_place(st, seat, rng, a);
    if (st->stage == YS_ST_BID && is_actor(st, seat)) return random_bid(st, seat, rng, a);
    if (st->stage == YS_ST_GEM && is_actor(st, seat)) return random_gem(st, rng, a);
    if (st->stage == YS_ST_ORDER && is_actor(st, seat)) { /* legal_order, counted: the free turn places */
        unsigned free = ~(unsigned)st->places_taken & ((1u << players_of(st)) - 1);
        uint32_t n = (uint32_t)bit_count(free), k = gg_rng_below(rng, n);
        *a = YS_ACTION(YS_A_ORDER, (unsigned)ys_nth_bit[free][k] + 1);
        return (int)n;
    }
    if (st->stage == YS_ST_MAJORITY && is_actor(st, seat)) { /* ys_legal's 8: colour | up << 3, by up then colour */
        uint32_t k = gg_rng_below(rng, 2 * YS_COLOURS);
        *a = YS_ACTION(YS_A_RATE, (k & 3) | (k >> 2) << 3);
        return 2 * YS_COLOURS;
    }
    return random_listed(s, seat, rng, a);
}

static int legal_refill(const ys_state *st, int seat, gg_action *out)
{
    const ys_player *p = &st->pl[seat];
    unsigned vals = values_at(p->b, p->n_brokers, YS_LOC_SCREEN);
    int n = 0;
    for (int v = 0; v < 5; v++)
        if (vals >> v & 1) out[n++] = YS_ACTION(YS_A_REFILL, (unsigned)v);
    return n;
}

static int legal_gems(const ys_state *st, gg_action *out)
{
    int n = 0;
    if (st->gem_kind == YS_GEM_PORT) {
        unsigned kinds = 0;
        for (int i = 0; i < st->port_gems_n; i++) kinds |= 1u << st->port_gems[i];
        for (int c = 0; c < YS_COLOURS; c++) { /* ascending: gem | to << 3 */
            if (kinds >> c & 1) out[n++] = YS_ACTION(YS_A_GEM, (unsigned)c | (unsigned)c << 3);
            if (kinds >> YS_WHITE & 1) out[n++] = YS_ACTION(YS_A_GEM, YS_WHITE | (unsigned)c << 3);
        }
    } else if (st->gem_kind == YS_GEM_WHITE) {
        for (int c = 0; c < YS_COLOURS; c++) out[n++] = YS_ACTION(YS_A_GEM, YS_WHITE | (unsigned)c << 3);
    } else {
        for (int c = 0; c < YS_COLOURS; c++) out[n++] = YS_ACTION(YS_A_GEM, (unsigned)c | (unsigned)c << 3);
    }
    return n;
}

static int legal_columns(const ys_state *st, gg_action *out)
{
    int total[4], count[4], n = 0;
    column_stats(st, total, count);
    int a = st->col_order[st->col_fixed];
    unsigned m = 0;
    for (int k = st->col_fixed; k < YS_COLOURS; k++) {
        int c = st->col_order[k];
        if (total[c] == total[a] && count[c] == count[a]) m |= 1u << c;
    }
    for (int c = 0; c < YS_COLOURS; c++)
        if (m >> c & 1) out[n++] = YS_ACTION(YS_A_COLUMN, (unsigned)c);
    return n;
}

static int legal_throne(const ys_state *st, int seat, gg_action *out)
{
    const ys_player *p = &st->pl[seat];
    unsigned vals = values_at(p->b, p->n_brokers, YS_LOC_FRONT);
    int n = 0;
    for (int v = 0; v < 5; v++)
        if (vals >> v & 1) out[n++] = YS_ACTION(YS_A_THRONE, (unsigned)v);
    return n;
}

int ys_legal(const gg_state *s, int seat, gg_action *out)
{
    const ys_state *st = (const ys_state *)s;
    if (seat < 0 || seat >= players_of(st) || !is_actor(st, seat)) return 0;
    int n = 0;
    switch (st->stage) {
    case YS_ST_BID: return legal_bids(st, seat, out);
    case YS_ST_ORDER: return legal_order(st, out);
    case YS_ST_WINDOW: /* in ascending kind order: pass, play */
        out[n++] = YS_ACTION(YS_A_PASS, 0);
        return n + ys_card_plays(st, seat, out + n);
    case YS_ST_PLACE: /* in ascending kind order: place, neutral, peek, play */
        n = legal_place(st, seat, out);
        if (st->pl[seat].spy_peeks) n += legal_peeks(st, seat, out + n);
        n += ys_card_plays(st, seat, out + n); /* the Queen, before the brokers */
        return n;
    case YS_ST_REFILL: return legal_refill(st, seat, out);
    case YS_ST_AFTER: /* peek, pass, play */
        n = legal_peeks(st, seat, out);
        out[n++] = YS_ACTION(YS_A_PASS, 0);
        return n + ys_card_plays(st, seat, out + n);
    case YS_ST_SPY: /* Y-7.8: peek, pass */
        n = legal_peeks(st, seat, out);
        out[n++] = YS_ACTION(YS_A_PASS, 0);
        return n;
    case YS_ST_GEM: return legal_gems(st, out);
    case YS_ST_COLUMN: return legal_columns(st, out);
    case YS_ST_MAJORITY:
        for (unsigned up = 0; up < 2; up++) /* ascending: colour | up << 3 */
            for (int c = 0; c < YS_COLOURS; c++) out[n++] = YS_ACTION(YS_A_RATE, (unsigned)c | up << 3);
        return n;
    case YS_ST_THRONE: return legal_throne(st, seat, out);
    case YS_ST_SETTLE: return ys_settle_plays(st, seat, out); /* Y-10.12 */
    case YS_ST_IMITATE: /* Y-10.7: pass, or copy */
        out[n++] = YS_ACTION(YS_A_PASS, 0);
        return n + ys_card_plays(st, seat, out + n);
    case YS_ST_SPECULATE: return ys_legal_speculate(st, seat, out);
    case YS_ST_SMUGGLE: return ys_legal_smuggle(st, out);
    default: return 0;
    }
}

/* ---------------------------------------------------------------- validate */

static gg_status explain_place(const ys_state *st, int seat, gg_action a, gg_error *err)
{
    unsigned pay = YS_PAYLOAD(a);
    int loc = pay & 0x7F, up = pay >> 7 & 1, value = pay >> 8 & 7, front = pay >> 11 & 1;
    const ys_player *p = &st->pl[seat];
    int neutral = YS_KIND(a) == YS_A_NEUTRAL;
    if (neutral) {
        if (!two_players(st)) return gg_fail(err, GG_EILLEGAL, "there is no neutral player with %d players (Y-9.4)", players_of(st));
        if (st->n_neutral) return gg_fail(err, GG_EILLEGAL, "you already placed a neutral broker this turn (Y-9.4)");
        if (!(values_at(p->nb, YS_NEUTRAL_BROKERS, YS_LOC_HAND) >> value & 1))
            return gg_fail(err, GG_EILLEGAL, "you hold no neutral broker %d (Y-9.4)", value);
    } else if (pay >> 12 & 1) {
        if (!(p->active >> YC_ROYAL_GUARD & 1))
            return gg_fail(err, GG_EILLEGAL, "an extra front broker goes to the board only with the Royal Guard (Y-10.6)");
        if (p->guard_placed) return gg_fail(err, GG_EILLEGAL, "the Royal Guard places one front broker once a round (Y-10.6)");
        if (!up || front) return gg_fail(err, GG_EILLEGAL, "the Royal Guard's broker goes face up (Y-10.6)");
        if (!(values_at(p->b, p->n_brokers, YS_LOC_FRONT) >> value & 1))
            return gg_fail(err, GG_EILLEGAL, "you have no broker %d in front of your screen (Y-10.6)", value);
    } else {
        if (placed_this_turn(st) >= 2) return gg_fail(err, GG_EILLEGAL, "you have placed your 2 brokers this turn (Y-6.2)");
        if (front && !(p->active >> YC_ILLUSIONIST & 1))
            return gg_fail(err, GG_EILLEGAL, "front brokers stay in front without the Illusionist (Y-5.4, Y-7.10)");
        if (!(values_at(p->b, p->n_brokers, front ? YS_LOC_FRONT : YS_LOC_SCREEN) >> value & 1))
            return gg_fail(err, GG_EILLEGAL, "you have no broker %d %s (Y-6.2)", value,
                           front ? "in front of your screen" : "behind your screen");
        if (up && !may_place_up(st, seat))
            return gg_fail(err, GG_EILLEGAL, "you already placed this turn's face-up broker; two face up needs the Bishop (Y-6.2, Y-7.7)");
        if (!up && !may_place_down(st, seat))
            return gg_fail(err, GG_EILLEGAL, "you already placed this turn's face-down broker; two face down needs the Bishop (Y-6.2, Y-7.7)");
    }
    if (ys_events_on(st) && (YS_IS_ZONE(loc) || YS_IS_SMUGGLE(loc))) {
        const char *why = ys_event_refusal(st, neutral ? YS_NEUTRAL : seat, loc, neutral ? 0 : up, YS_LOC_SCREEN);
        if (why) return gg_fail(err, GG_EILLEGAL, "%s", why);
    }
    int z[2];
    if (YS_IS_LINE(loc)) {
        if (neutral || (pay >> 12 & 1))
            return gg_fail(err, GG_EILLEGAL, "only the Philosopher's own turn brokers go on a line (Y-10.12)");
        if (!(p->active >> YC_PHILOSOPHER & 1))
            return gg_fail(err, GG_EILLEGAL, "brokers go on a line between zones only with the Philosopher (Y-10.12)");
        if (p->lines_placed >= 2) return gg_fail(err, GG_EILLEGAL, "the Philosopher puts at most 2 brokers on lines a round (Y-10.12)");
        if (!ys_line_zones(st, loc, z)) return gg_fail(err, GG_EILLEGAL, "that line joins a district not in play (Y-10.12)");
    } else if (YS_IS_ZONE(loc)) {
        if (YS_LOC_DISTRICT(loc) >= st->districts)
            return gg_fail(err, GG_EILLEGAL, "district %d is not in play (Y-2.2)", YS_LOC_DISTRICT(loc) + 1);
        if (loc == st->queen_loc) return gg_fail(err, GG_EILLEGAL, "the Queen locks that zone this round (Y-7.16)");
    } else if (YS_IS_CELL(loc)) {
        if (!ys_row_open(st, YS_LOC_ROW(loc)))
            return gg_fail(err, GG_EILLEGAL, "market row %d is closed with %d players (Y-4.3)", YS_LOC_ROW(loc), players_of(st));
        if (ys_cells_taken(st) >> (loc - YS_LOC_CELL0) & 1)
            return gg_fail(err, GG_EILLEGAL, "that market cell already holds a broker (Y-6.3)");
    } else {
        return gg_fail(err, GG_EILLEGAL, "a broker goes to a city zone or a market cell (Y-6.3)");
    }
    return gg_fail(err, GG_EILLEGAL, "that placement is not allowed now");
}

static const char *stage_hint(const ys_state *st)
{
    switch (st->stage) {
    case YS_ST_BID: return "now every player secretly bids two brokers (Y-5.1)";
    case YS_ST_ORDER: return "now the ranked player chooses a turn place (Y-5.2)";
    case YS_ST_WINDOW: return "now cards may be played, or pass (Y-7.2)";
    case YS_ST_PLACE: return "now brokers are placed (Y-6.2)";
    case YS_ST_REFILL: return "now a broker from behind the screen replaces the front one (Y-7.10)";
    case YS_ST_AFTER: return "now the Magician or the Mercenary may be played, or pass (Y-7.13, Y-7.15)";
    case YS_ST_SPY: return "now the Spy's owner may look at a face-down broker, or pass (Y-7.8)";
    case YS_ST_GEM: return "now a gem is chosen (Y-8.4, Y-8.5)";
    case YS_ST_COLUMN: return "now tied market columns are ordered (Y-8.7)";
    case YS_ST_MAJORITY: return "now the market majority moves a rate (Y-8.8)";
    case YS_ST_THRONE: return "now each player puts a front broker in the throne room (Y-9.1)";
    case YS_ST_IMITATE: return "now the Imitator may copy the card just played, or pass (Y-10.7)";
    case YS_ST_SETTLE: return "now the Philosopher's owner puts a line broker into one of its two zones (Y-10.12)";
    case YS_ST_SPECULATE: return "now every player may secretly pick a coloured gem for Speculation (Y-10.31)";
    case YS_ST_SMUGGLE: return "now the Smuggling winner takes 2 coloured gems, 1 black gem or 3 points (Y-10.21)";
    default: return "the game is over";
    }
}


gg_status ys_validate(const gg_state *s, int seat, gg_action a, gg_error *err)
{
    const ys_state *st = (const ys_state *)s;
    gg_action legal[GG_MAX_ACTIONS];
    int n = ys_legal(s, seat, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == a) return GG_OK;
    int kind = YS_KIND(a);
    if (st->stage == YS_ST_BID && kind == YS_A_BID) {
        if (st->pl[seat].bid_done) return gg_fail(err, GG_EILLEGAL, "you have already bid this round");
        const ys_player *p = &st->pl[seat];
        unsigned pay = YS_PAYLOAD(a);
        int v[2] = {(int)(pay & 7), (int)(pay >> 3 & 7)}, cnt[8] = {0};
        for (int i = 0; i < p->n_brokers; i++)
            if (p->b[i].loc == YS_LOC_SCREEN) cnt[p->b[i].value]++;
        for (int k = 0; k < 2; k++)
            if (cnt[v[k]] < 1 + (k == 1 && v[0] == v[1]))
                return gg_fail(err, GG_EILLEGAL, "you have %s broker %d behind your screen to bid (Y-5.1)",
                               cnt[v[k]] ? "only one" : "no", v[k]);
        return gg_fail(err, GG_EILLEGAL, "a bid uses two brokers that are behind your screen (Y-5.1, Y-5.4)");
    }
    if (st->stage == YS_ST_PLACE && (kind == YS_A_PLACE || kind == YS_A_NEUTRAL))
        return explain_place(st, seat, a, err);
    if (kind == YS_A_PLAY) return ys_card_explain(st, seat, a, err);
    if (kind == YS_A_PEEK) return gg_fail(err, GG_EILLEGAL, "peeking needs the Spy's peeks and a face-down broker you have not seen (Y-7.8)");
    if (kind == YS_A_ORDER && st->stage == YS_ST_ORDER) return gg_fail(err, GG_EILLEGAL, "that turn place is taken (Y-5.2)");
    if (kind == YS_A_GEM && st->stage == YS_ST_GEM) return gg_fail(err, GG_EILLEGAL, "that gem is not on offer (Y-8.4)");
    if (kind == YS_A_THRONE && st->stage == YS_ST_THRONE) return gg_fail(err, GG_EILLEGAL, "the throne broker must be one of your front brokers (Y-9.1)");
    if (kind == YS_A_COLUMN && st->stage == YS_ST_COLUMN) return gg_fail(err, GG_EILLEGAL, "that column is not among the tied ones (Y-8.7)");
    if (kind == YS_A_SPECULATE && st->stage == YS_ST_SPECULATE)
        return gg_fail(err, GG_EILLEGAL, (st->spec_done >> seat & 1) ? "you have already made your Speculation choice (Y-10.31)"
                                                                     : "Speculation picks one coloured gem, or none (Y-10.31)");
    if (kind == YS_A_SMUGGLE && st->stage == YS_ST_SMUGGLE)
        return gg_fail(err, GG_EILLEGAL, "Smuggling pays 2 coloured gems, 1 black gem or 3 points (Y-10.21)");
    return gg_fail(err, GG_EILLEGAL, "not now: %s", stage_hint(st));
}

/* ------------------------------------------------------------------ result */

int ys_is_over(const gg_state *s) { return ((const ys_state *)s)->over; }

static int total_gems(const ys_player *p)
{
    int n = 0;
    for (int g = 0; g <= YS_BLACK; g++) n += p->gems[g];
    return n;
}

/* Y-8.12: most points; then most gems; still tied, shared. */
void ys_result(const gg_state *s, gg_result *r)
{
    const ys_state *st = (const ys_state *)s;
    int n = players_of(st);
    memset(r, 0, sizeof *r);
    r->players = n;
    r->over = st->over;
    for (int q = 0; q < n; q++) r->score[q] = st->pl[q].score;
    for (int q = 0; q < n; q++) {
        int better = 0;
        for (int o = 0; o < n; o++) {
            int so = st->pl[o].score, sq = st->pl[q].score;
            if (so > sq || (so == sq && total_gems(&st->pl[o]) > total_gems(&st->pl[q]))) better++;
        }
        r->rank[q] = better + 1;
        r->winners += better == 0;
    }
}

/* ------------------------------------------------------------------- words */

const char *ys_stage_name(const ys_state *st)
{
    switch (st->stage) {
    case YS_ST_BID: return "bid";
    case YS_ST_ORDER: return "turn_places";
    case YS_ST_WINDOW:
        return st->window == YS_WIN_START_OF_PLACEMENT ? "start_of_placement"
               : st->window == YS_WIN_START_OF_SCORING ? "start_of_scoring"
                                                       : "end_of_scoring";
    case YS_ST_PLACE: return "placement";
    case YS_ST_REFILL: return "refill";
    case YS_ST_AFTER: return "after_placing";
    case YS_ST_SPY: return "spy";
    case YS_ST_GEM: return "gem";
    case YS_ST_COLUMN: return "columns";
    case YS_ST_MAJORITY: return "market_majority";
    case YS_ST_THRONE: return "throne";
    case YS_ST_IMITATE: return "imitate";
    case YS_ST_SETTLE: return "settle";
    case YS_ST_SPECULATE: return "speculation";
    case YS_ST_SMUGGLE: return "smuggling";
    default: return "over";
    }
}

static int first_winner(const gg_result *r)
{
    for (int q = 0; q < r->players; q++)
        if (r->rank[q] == 1) return q;
    return 0;
}

void ys_decision_text(const ys_state *st, char *buf, size_t n)
{
    int a = st->actor;
    switch (st->stage) {
    case YS_ST_BID: snprintf(buf, n, "every player secretly bids two brokers from behind the screen"); break;
    case YS_ST_ORDER: snprintf(buf, n, "seat %d chooses a turn place", a); break;
    case YS_ST_WINDOW:
        snprintf(buf, n, "seat %d may play a card (%s) or pass", a, ys_stage_name(st));
        break;
    case YS_ST_PLACE:
        snprintf(buf, n, "seat %d places brokers (turn %d of %d): one face up, one face down%s", a,
                 st->turn + 1, st->turns, two_players(st) ? ", one neutral" : "");
        break;
    case YS_ST_REFILL: snprintf(buf, n, "seat %d moves a broker from behind the screen to the front", a); break;
    case YS_ST_AFTER: snprintf(buf, n, "seat %d may play the Magician or the Mercenary, or pass", a); break;
    case YS_ST_SPY:
        snprintf(buf, n, "a placement turn ended: seat %d may look at a face-down broker with the Spy (%d left) or pass",
                 a, st->pl[a].spy_peeks);
        break;
    case YS_ST_GEM:
        snprintf(buf, n, "seat %d chooses %s", a,
                 st->gem_kind == YS_GEM_PORT ? "a gem from the port"
                 : st->gem_kind == YS_GEM_WHITE ? "the colour of a white gem"
                                                : "a gem of any colour");
        break;
    case YS_ST_COLUMN: snprintf(buf, n, "seat %d orders the tied market columns", a); break;
    case YS_ST_MAJORITY: snprintf(buf, n, "seat %d (market majority) moves one rate by 1", a); break;
    case YS_ST_THRONE: snprintf(buf, n, "every player secretly puts a front broker in the throne room"); break;
    case YS_ST_SETTLE: snprintf(buf, n, "seat %d puts a broker from a line into one of its two zones (Philosopher)", a); break;
    case YS_ST_IMITATE:
        snprintf(buf, n, "seat %d may copy the %s seat %d just played (Imitator) or pass", a,
                 st->imitating ? ys_cards[st->imitating - 1].name : "card", st->imit_from);
        break;
    case YS_ST_SPECULATE: snprintf(buf, n, "every player may secretly pick a coloured gem (Speculation)"); break;
    case YS_ST_SMUGGLE:
        snprintf(buf, n, "seat %d (Smuggling) takes 2 coloured gems, 1 black gem or 3 points", a);
        break;
    default: {
        gg_result r;
        ys_result(&st->base, &r);
        int len = snprintf(buf, n, "the game is over: ");
        for (int q = 0, k = 0; q < r.players && len > 0 && (size_t)len < n; q++)
            if (r.rank[q] == 1)
                len += snprintf(buf + len, n - (size_t)len, "%sseat %d", k++ ? " and " : "", q);
        if (len > 0 && (size_t)len < n)
            snprintf(buf + len, n - (size_t)len, " %s with %d points (Y-8.12)",
                     r.winners > 1 ? "share the win" : "wins", r.score[first_winner(&r)]);
        break;
    }
    }
}

/* ------------------------------------------------- shared with ys_events.c */

void ys_give_gem(ys_state *st, int who, int gem) { give_gem(st, who, gem); }
void ys_add_points(ys_state *st, int who, int pts, int16_t *bucket) { add_points(st, who, pts, bucket); }
int ys_best_rated(const ys_state *st) { return best_rated(st); }
int ys_rank_present(const ys_state *st, const int total[], const int present[], uint8_t out[YS_MAX_PLAYERS + 1])
{
    return rank_present(st, total, present, out);
}
int ys_share_port(ys_state *st) { return share_port(st); }
int ys_share_due(const ys_state *st, int pos) { return share_due(st, pos); }
void ys_return_brokers_in(ys_state *st, uint64_t locs) { return_brokers_in(st, locs); }
uint8_t ys_draw_ship(ys_state *st) { return draw_ship(st); }

const gg_game gg_ys_game = {
    .name = "ys",
    .title = "Ys",
    .min_players = 2,
    .max_players = 5, /* Y-10.1: the fifth seat of Ys+ */
    .options = ys_options,
    .n_options = YS_OPT_COUNT,
    .state_size = sizeof(ys_state),
    .normalize_options = ys_normalize_options,
    .init = ys_init,
    .actors = ys_actors,
    .legal = ys_legal,
    .legal_checks_seat = 1, /* ys_legal returns 0 for a seat not to act */
    .legal_random = ys_legal_random,
    .validate = ys_validate,
    .apply = ys_apply,
    .is_over = ys_is_over,
    .result = ys_result,
    .format = ys_format,
    .announce = ys_announce,
    .parse = ys_parse,
    .view = ys_view,
    .save = ys_save,
    .load = ys_load,
    .determinize = ys_determinize,
    .ai = &ys_ai,
    .event_kinds = ys_event_kinds,
    .n_event_kinds = YS_N_EVENT_KINDS,
    .decision_events = ys_decision_events,
    .setup_events = ys_setup_events,
};
