/*
 * value_ys.c — the Ys value features (issue 27): a few aggregates of each
 * seat's knowledge, read from ys_state directly for the learned evaluation
 * at ISMCTS's rollout cut-off (src/learn/value.c). No view, no JSON, no
 * allocation, every seat's at once: the cost of a few Ys moves. The Python
 * observation (learn_ys.c, docs/python.md) is a separate, richer layout.
 *
 * Only what the seat may know (Y-11). Most numbers are public: points,
 * gems, rates, order cards, cards held, where every broker stands (Y-11.1),
 * and the board estimated as anyone may estimate it: a broker value counts
 * where everybody may know it (ys_knows / ys_knows_neutral for a spectator),
 * every other broker of a player the mean of that player's brokers nobody
 * has seen, a number the public broker set fixes. Each seat adds what only
 * it knows: its own brokers' values behind the screen and on the board. So
 * a seat's features are the same for a state and for any determinization of
 * it for that seat (tests/unit/test_learn_value_ys.c).
 *
 * Layout (docs/bots.md, "Learned evaluation"): YV_GLOBAL numbers, then
 * YV_SEAT numbers for each seat, the seat itself first and the others in
 * seat order after it. Every number is a small whole number (|x| <= 127):
 * brokers' estimated values are kept in sixteenths and given in halves.
 */
#include <string.h>

#include "learn/learn.h"
#include "ys/ys.h"

enum {
    /* global */
    YV_ROUND = 0,      /* [4] one-hot: round 1..4 */
    YV_TURNS_LEFT = 4, /* placement turns still to come this round */
    YV_SCORED = 5,     /* districts and market scored (revealed) this round */
    YV_RATES = 6,      /* [4] the rate of the colours by rank, best first (Y-8.10) */
    YV_ROW_GEMS = 10,  /* market rows holding a gem */
    YV_MARKET_N = 11,  /* brokers on the market */
    YV_OWN_SCREEN = 12, /* the seat's own brokers behind its screen: their sum (halves) */
    YV_OWN_BOARD = 13, /* its own brokers on the city and market, as it knows them (halves) */
    YV_GLOBAL = 14,
    /* per seat */
    YV_SCORE = 0,      /* own: points / 2; others: their points minus own */
    YV_FINAL = 1,      /* colour and black gem points if the game ended now (Y-8.10,
                          Y-8.11), own / 2; others: minus own */
    YV_GEMS = 2,       /* [4] coloured gems, by the colour's rank */
    YV_BLACK = 6,
    YV_SCREEN_N = 7,   /* brokers behind the screen */
    YV_SCREEN = 8,     /* their publicly estimated sum (halves) */
    YV_HAND = 9,       /* characters held */
    YV_KEPT = 10,      /* Ys+ kept cards */
    YV_PORT_GEMS = 11, /* port gems the district ranks promise (Y-8.4) */
    YV_PORTS = 12,     /* zones led, by kind: port, trade, palace (Y-8.4) */
    YV_ROWS_LED = 15,  /* market rows with a gem led (Y-8.6) */
    YV_MARKET = 16,    /* estimated sum on the market (halves) */
    YV_BOARD = 17,     /* estimated sum on the city and market (halves) */
    YV_FRONT = 18,     /* estimated sum in front of the screen (halves) */
    YV_ORDER = 19,     /* order card, 0 before the turn places */
    YV_SEAT = 20
};

enum { PARTS = YS_MAX_PLAYERS + 1, SIXTEENTH = 16 };

int ys_value_size(int players) { return YV_GLOBAL + YV_SEAT * players; }

/* Estimated totals of every participant (the seats, and the 2-player
 * neutral at YS_NEUTRAL) on the 12 zones and the 16 market cells, in
 * sixteenths of a point, as `seat` knows them. */
typedef struct estimate {
    int zone[12][PARTS], cell[16][PARTS];
    int screen[PARTS], front[PARTS], screen_n[PARTS];
    uint16_t zone_in[12], cell_in[16]; /* bit q: participant q is there */
} estimate;

/* Adds a list of brokers of seat q (its own, or the 2-player neutral's it
 * holds) to the estimate: a value `viewer` (GG_SPECTATOR: everybody) knows
 * counts as it is, every other one the mean of the unseen ones (in
 * sixteenths). */
static void add_brokers(const ys_state *st, int viewer, int q, int part, const ys_broker *b, int n,
                        int neutral, estimate *e)
{
    uint8_t known[YS_BROKERS];
    int sum = 0, k = 0;
    for (int i = 0; i < n; i++) {
        known[i] = (uint8_t)(neutral ? ys_knows_neutral(st, viewer, q, &b[i]) : ys_knows(st, viewer, q, &b[i]));
        if (!known[i]) sum += b[i].value, k++;
    }
    int mean = k ? (SIXTEENTH * sum + k / 2) / k : 0;
    for (int i = 0; i < n; i++) {
        int v = (b[i].flags & YS_F_MERC) ? 5 * SIXTEENTH /* Y-7.15: public mark */
                : known[i] ? SIXTEENTH * ys_count_value(&b[i]) : mean;
        int loc = b[i].loc;
        if (YS_IS_ZONE(loc)) {
            e->zone[loc - YS_LOC_ZONE0][part] += v;
            e->zone_in[loc - YS_LOC_ZONE0] |= (uint16_t)(1u << part);
        } else if (YS_IS_CELL(loc)) {
            e->cell[loc - YS_LOC_CELL0][part] += v;
            e->cell_in[loc - YS_LOC_CELL0] |= (uint16_t)(1u << part);
        } else if (loc == YS_LOC_SCREEN && !neutral) {
            e->screen[part] += v;
            e->screen_n[part]++;
        } else if (loc == YS_LOC_FRONT && !neutral) {
            e->front[part] += v;
        }
    }
}

static void estimate_public(const ys_state *st, estimate *e)
{
    memset(e, 0, sizeof *e);
    int n = st->base.players;
    for (int q = 0; q < n; q++) {
        add_brokers(st, GG_SPECTATOR, q, q, st->pl[q].b, st->pl[q].n_brokers, 0, e);
        if (n == 2) add_brokers(st, GG_SPECTATOR, q, YS_NEUTRAL, st->pl[q].nb, YS_NEUTRAL_BROKERS, 1, e);
    }
}

/* Y-8.3, roughly: the 2-player neutral wins ties, else the lower order card
 * (the front-broker sums that come first are left out). */
static int wins_tie(const ys_state *st, int a, int b)
{
    if (a == YS_NEUTRAL) return 1;
    if (b == YS_NEUTRAL) return 0;
    return st->pl[a].order < st->pl[b].order;
}

/* Participant q's place (1 = first) among those present by `total`, or 0. */
static int place(const ys_state *st, int q, const int total[PARTS], unsigned present)
{
    if (!(present >> q & 1)) return 0;
    int k = 1;
    for (unsigned m = present & ~(1u << q); m; m &= m - 1) {
        int o = __builtin_ctz(m);
        k += total[o] > total[q] || (total[o] == total[q] && wins_tie(st, o, q));
    }
    return k;
}

static int clamp(int x) { return x > 127 ? 127 : x < -127 ? -127 : x; }
static int halves(int sixteenths) { return (sixteenths + 4) / 8; }

/* What each seat may expect from the city and the market this round, as
 * `e` estimates it: x[q] is seat q's block of features. */
static void board_features(const ys_state *st, const estimate *e, float x[][YV_SEAT])
{
    static const int share4[4] = {0, 2, 1, 1}, share3[4] = {0, 2, 1, 0}; /* Y-8.4 */
    int n = st->base.players;
    const int *share = n >= 4 ? share4 : share3;
    int gems[YS_MAX_PLAYERS] = {0}, led[YS_MAX_PLAYERS][YS_ZONES] = {{0}}, rows[YS_MAX_PLAYERS] = {0},
        market[YS_MAX_PLAYERS] = {0}, board[YS_MAX_PLAYERS] = {0};
    for (int d = 0; d < st->districts; d++) {
        int total[PARTS] = {0};
        unsigned present = 0;
        for (int z = 0; z < YS_ZONES; z++) {
            const int *t = e->zone[3 * d + z];
            unsigned in = e->zone_in[3 * d + z];
            if (!in) continue;
            for (int p = 0; p < PARTS; p++) total[p] += t[p];
            present |= in;
            for (unsigned m = in & ((1u << n) - 1); m; m &= m - 1) {
                int q = __builtin_ctz(m);
                board[q] += t[q];
                led[q][z] += place(st, q, t, in) == 1;
            }
        }
        for (unsigned m = present & ((1u << n) - 1); m; m &= m - 1) {
            int q = __builtin_ctz(m), k = place(st, q, total, present);
            if (k <= 3) gems[q] += share[k];
        }
    }
    for (int r = 0; r < YS_ROWS; r++) {
        int total[PARTS] = {0};
        unsigned present = 0;
        for (int c = 0; c < YS_COLOURS; c++) {
            const int *t = e->cell[4 * r + c];
            for (int p = 0; p < PARTS; p++) total[p] += t[p];
            present |= e->cell_in[4 * r + c];
        }
        for (unsigned m = present & ((1u << n) - 1); m; m &= m - 1) {
            int q = __builtin_ctz(m);
            market[q] += total[q];
            rows[q] += st->market_gem[r] != YS_NONE && place(st, q, total, present) == 1;
        }
    }
    for (int q = 0; q < n; q++) {
        float *o = x[q];
        o[YV_PORT_GEMS] = (float)gems[q];
        for (int z = 0; z < YS_ZONES; z++) o[YV_PORTS + z] = (float)led[q][z];
        o[YV_ROWS_LED] = (float)rows[q];
        o[YV_MARKET] = (float)clamp(halves(market[q]));
        o[YV_BOARD] = (float)clamp(halves(board[q] + market[q]));
    }
}

/* Every seat's public numbers: x[q] is seat q's block, as seen from q. */
static void public_seats(const ys_state *st, const int final[], const int rank[], float x[][YV_SEAT])
{
    estimate e;
    estimate_public(st, &e);
    for (int q = 0; q < st->base.players; q++) {
        const ys_player *p = &st->pl[q];
        float *y = x[q];
        y[YV_SCORE] = (float)p->score;
        y[YV_FINAL] = (float)final[q];
        for (int k = 0; k < YS_COLOURS; k++) y[YV_GEMS + k] = (float)p->gems[rank[k]];
        y[YV_BLACK] = (float)p->gems[YS_BLACK];
        y[YV_SCREEN_N] = (float)e.screen_n[q];
        y[YV_SCREEN] = (float)clamp(halves(e.screen[q]));
        y[YV_HAND] = (float)__builtin_popcount(p->hand);
        y[YV_KEPT] = (float)__builtin_popcount(p->kept);
        y[YV_FRONT] = (float)clamp(halves(e.front[q]));
        y[YV_ORDER] = (float)p->order;
    }
    board_features(st, &e, x);
}

/* What every seat sees alike: the round, the rates, the market. */
static void public_features(const ys_state *st, const int rank[YS_COLOURS], float *o)
{
    if (st->round >= 1 && st->round <= YS_ROUNDS) o[YV_ROUND + st->round - 1] = 1;
    int placing = st->step <= YS_STEP_PLACEMENT || st->step == YS_STEP_SPECULATE;
    o[YV_TURNS_LEFT] = (float)(placing ? st->turns - st->turn : 0);
    o[YV_SCORED] = (float)__builtin_popcount(st->revealed & 0x1F);
    for (int k = 0; k < YS_COLOURS; k++) o[YV_RATES + k] = (float)clamp(st->rate[rank[k]]);
    for (int r = 0; r < YS_ROWS; r++) o[YV_ROW_GEMS] += st->market_gem[r] != YS_NONE;
    o[YV_MARKET_N] = (float)__builtin_popcount(ys_cells_taken(st));
}

/* What only the seat knows: its own brokers' values (Y-11.2). */
static void own_features(const ys_state *st, int seat, float *o)
{
    const ys_player *p = &st->pl[seat];
    int screen = 0, board = 0;
    for (int i = 0; i < p->n_brokers; i++) {
        const ys_broker *b = &p->b[i];
        if (b->loc == YS_LOC_SCREEN) screen += b->value;
        else if ((YS_IS_ZONE(b->loc) || YS_IS_CELL(b->loc)) && ys_knows(st, seat, seat, b))
            board += ys_count_value(b);
    }
    o[YV_OWN_SCREEN] = (float)clamp(2 * screen);
    o[YV_OWN_BOARD] = (float)clamp(2 * board);
}

/* Every seat's features at once (seat p's at out + p * ys_value_size):
 * the public part is worked out once. */
void ys_value_features(const gg_state *s, float *out)
{
    const ys_state *st = (const ys_state *)s;
    int n = s->players, size = ys_value_size(n);
    memset(out, 0, sizeof(float) * (size_t)(size * n));
    ys_final f; /* only its colour and black gem points: public (gems, rates, kept cards) */
    ys_final_scores(st, &f);
    int final[YS_MAX_PLAYERS];
    for (int q = 0; q < n; q++) {
        final[q] = f.black_pts[q];
        for (int c = 0; c < YS_COLOURS; c++) final[q] += f.colour_pts[q][c];
    }
    float x[YS_MAX_PLAYERS][YV_SEAT];
    memset(x, 0, sizeof x);
    public_seats(st, final, f.colour_rank, x);
    public_features(st, f.colour_rank, out);
    for (int p = 0; p < n; p++) {
        float *o = out + p * size;
        if (p) memcpy(o, out, sizeof(float) * YV_GLOBAL);
        own_features(st, p, o);
        for (int r = 0; r < n; r++) {
            int q = (p + r) % n;
            float *y = o + YV_GLOBAL + YV_SEAT * r;
            memcpy(y, x[q], sizeof x[q]);
            /* the others' points as their lead over the seat's, the seat's own halved */
            y[YV_SCORE] = (float)clamp(r ? st->pl[q].score - st->pl[p].score : st->pl[p].score / 2);
            y[YV_FINAL] = (float)clamp(r ? final[q] - final[p] : final[p] / 2);
        }
    }
}
