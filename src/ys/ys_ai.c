/* ys_ai.c — what the Ys module knows about playing Ys (core/ai.h): the Ys
 * heuristic, a hand-written policy a decent player would recognise, and the
 * evaluation of an unfinished game. It looks one decision ahead and weighs the position
 * that results for the deciding seat against its best rival:
 *   - points now, plus the final scoring the gems and rates would give if the
 *     game ended now (colour ranks and places, black gems, throne: Y-8.10,
 *     Y-8.11, Y-9.1) — so gems are worth what their colour's rate promises;
 *   - the places a seat leads on the board before scoring: district share
 *     of the port gems, port / trade / palace majorities (Y-8.4), market
 *     rows (Y-8.6), and brokers pushing the columns of colours it holds (Y-8.7);
 *   - brokers still behind the screen (strength for later turns).
 * Bids aim at a moderate sum drawn at random (keeping the 4s for placement);
 * turn places go to the earliest free place. It sees only a determinization
 * (Y-11), never the true hidden values. */
#include <math.h>
#include <string.h>

#include "core/ai.h"
#include "ys/ys.h"

/* Rough worth of one gem of colour c in points, from the final table and
 * the colour's rate rank now. */
static double gem_worth(const ys_state *st, int c)
{
    int above = 0;
    for (int o = 0; o < YS_COLOURS; o++)
        above += (st->rate[o] > st->rate[c]) | ((st->rate[o] == st->rate[c]) & (o < c));
    static const double by_rank[4] = {6.0, 5.0, 4.0, 3.0};
    return by_rank[above];
}

/* Every participant's brokers summed by place, in one pass over the board
 * (the evaluation asks for a few dozen sets of places for every seat). */
typedef struct board_sums {
    uint64_t used;                     /* places with a broker (bit = loc code) */
    int t[64][YS_MAX_PLAYERS + 1];     /* valid where `used` */
    uint8_t present[64];               /* bit q: participant q has a broker there */
} board_sums;

static void sum_at(board_sums *bs, int loc, int q, int value)
{
    if (loc >= 64) return;
    if (!(bs->used >> loc & 1)) {
        bs->used |= 1ull << loc;
        memset(bs->t[loc], 0, sizeof bs->t[loc]);
        bs->present[loc] = 0;
    }
    bs->t[loc][q] += value;
    bs->present[loc] |= (uint8_t)(1u << q);
}

static void sum_board(const ys_state *st, board_sums *bs)
{
    bs->used = 0;
    for (int q = 0; q < st->base.players; q++) {
        const ys_player *p = &st->pl[q];
        for (int i = 0; i < p->n_brokers; i++) sum_at(bs, p->b[i].loc, q, ys_count_value(&p->b[i]));
        for (int i = 0; st->base.players == 2 && i < YS_NEUTRAL_BROKERS; i++)
            sum_at(bs, p->nb[i].loc, YS_NEUTRAL, p->nb[i].value);
    }
}

/* Totals of every participant over a set of places (bit = loc code). */
static void totals(const board_sums *bs, uint64_t locs, double t[YS_MAX_PLAYERS + 1],
                   int present[YS_MAX_PLAYERS + 1])
{
    int sum[YS_MAX_PLAYERS + 1] = {0};
    unsigned seen = 0;
    for (uint64_t m = locs & bs->used; m; m &= m - 1) {
        int loc = __builtin_ctzll(m);
        for (int q = 0; q <= YS_MAX_PLAYERS; q++) sum[q] += bs->t[loc][q];
        seen |= bs->present[loc];
    }
    for (int q = 0; q <= YS_MAX_PLAYERS; q++) t[q] = sum[q], present[q] = seen >> q & 1;
}

/* Place (0 = first) of participant q among those present, or -1. */
static int place_of(const ys_state *st, int q, const double t[], const int present[])
{
    if (!present[q]) return -1;
    int place = 0;
    for (int o = 0; o <= YS_MAX_PLAYERS; o++)
        if (o != q && present[o] && (t[o] > t[q] || (t[o] == t[q] && ys_wins_tie(st, o, q)))) place++;
    return place;
}

/* What the board promises every seat before this round's scoring, v[q] for
 * each seat q (each place's totals made once for all seats). */
static void board_promise(const ys_state *st, double v[YS_MAX_PLAYERS + 1])
{
    int n = st->base.players;
    board_sums bs;
    sum_board(st, &bs);
    double t[YS_MAX_PLAYERS + 1];
    int present[YS_MAX_PLAYERS + 1];
    for (int q = 0; q < n; q++) v[q] = 0;
    double avg_gem = 0;
    for (int c = 0; c < YS_COLOURS; c++) avg_gem += gem_worth(st, c) / YS_COLOURS;
    /* districts still to score this round */
    int first = st->step < YS_STEP_DISTRICT || st->step == YS_STEP_SPECULATE ? 0 /* Y-10.31: before the bid */
                : st->step == YS_STEP_DISTRICT ? st->district : st->districts;
    for (int d = first; d < st->districts; d++) {
        uint64_t all = 7ull << YS_ZONE_LOC(d, 0);
        totals(&bs, all, t, present);
        static const double share4[3] = {2, 1, 1}, share3[2] = {2, 1};
        for (int q = 0; q < n; q++) {
            int k = place_of(st, q, t, present);
            if (k >= 0) v[q] += avg_gem * (n >= 4 ? (k < 3 ? share4[k] : 0) : (k < 2 ? share3[k] : 0));
        }
        static const double zone_worth[3] = {4.0, 3.0, 3.0}; /* black gem, trade, card */
        for (int z = 0; z < YS_ZONES; z++) {
            totals(&bs, 1ull << YS_ZONE_LOC(d, z), t, present);
            for (int q = 0; q < n; q++)
                if (place_of(st, q, t, present) == 0) v[q] += zone_worth[z];
        }
    }
    for (int r = 0; r < YS_ROWS; r++) {
        if (st->market_gem[r] == YS_NONE) continue;
        totals(&bs, 15ull << YS_CELL_LOC(0, r), t, present);
        for (int q = 0; q < n; q++)
            if (place_of(st, q, t, present) == 0)
                v[q] += st->market_gem[r] == YS_WHITE ? 6 : gem_worth(st, st->market_gem[r]);
    }
    for (int c = 0; c < YS_COLOURS; c++) {
        uint64_t col = 0;
        for (int r = 0; r < YS_ROWS; r++) col |= 1ull << YS_CELL_LOC(c, r);
        totals(&bs, col, t, present);
        double sum = 0;
        for (int o = 0; o <= YS_MAX_PLAYERS; o++) sum += t[o];
        for (int q = 0; q < n; q++) v[q] += 0.12 * sum * (st->pl[q].gems[c] - 1.0);
    }
    for (int q = 0; q < n; q++) {
        const ys_player *p = &st->pl[q];
        for (int i = 0; i < p->n_brokers; i++)
            if (p->b[i].loc == YS_LOC_SCREEN) v[q] += 0.35 * p->b[i].value;
    }
}

/* Seat q's worth: points, final scoring as if it ended now, the board. */
static void worth_all(const ys_state *st, double w[YS_MAX_PLAYERS + 1])
{
    ys_final f;
    ys_final_scores(st, &f);
    double promise[YS_MAX_PLAYERS + 1];
    if (!st->over) board_promise(st, promise);
    for (int q = 0; q <= YS_MAX_PLAYERS; q++) w[q] = -1e9;
    for (int q = 0; q < st->base.players; q++) {
        double v = st->pl[q].score;
        if (!st->over) {
            for (int c = 0; c < YS_COLOURS; c++) v += f.colour_pts[q][c];
            v += f.black_pts[q] + f.throne_pts[q];
            v += promise[q];
        }
        w[q] = v;
    }
}

static double relative_worth(const ys_state *st, int seat)
{
    double w[YS_MAX_PLAYERS + 1], best = -1e9;
    worth_all(st, w);
    for (int q = 0; q < st->base.players; q++)
        if (q != seat && w[q] > best) best = w[q];
    return w[seat] - best;
}

/* A bid: aim for a sum drawn around 3-5, keeping the 4s when possible. */
static int choose_bid(const gg_action *legal, int n, gg_rng *rng)
{
    int target = 2 + (int)gg_rng_below(rng, 5), best = 0, best_d = 99;
    for (int i = 0; i < n; i++) {
        unsigned pay = YS_PAYLOAD(legal[i]);
        int a = pay & 7, b = pay >> 3 & 7, d = a + b - target;
        if (d < 0) d = -d;
        d = 2 * d + (b == 4) + (a == 4);
        if (d < best_d) best_d = d, best = i;
    }
    return best;
}

static int ys_policy(const gg_state *s, int seat, const gg_action *legal, int n, gg_action prev,
                     gg_rng *rng)
{
    (void)prev;
    const ys_state *st = (const ys_state *)s;
    if (n <= 1) return 0;
    if (YS_KIND(legal[0]) == YS_A_BID) return choose_bid(legal, n, rng);
    if (YS_KIND(legal[0]) == YS_A_ORDER) return 0; /* the earliest free turn place */
    ys_state tmp;
    int best = 0, ties = 0;
    double best_v = -1e18;
    for (int i = 0; i < n; i++) {
        memcpy(&tmp, st, sizeof tmp);
        gg_apply_trusted(&tmp.base, seat, legal[i]);
        double v = relative_worth(&tmp, seat);
        if (YS_KIND(legal[i]) == YS_A_PLACE && !(YS_PAYLOAD(legal[i]) >> 7 & 1))
            v += 0.05 * (YS_PAYLOAD(legal[i]) >> 8 & 7); /* hide the strong ones */
        if (v > best_v + 1e-9) {
            best_v = v, best = i, ties = 1;
        } else if (v > best_v - 1e-9 && gg_rng_below(rng, (uint32_t)++ties) == 0) {
            best = i;
        }
    }
    return best;
}

/* ------------------------------------------------ a light rollout choice */

/* ISMCTS's rollout=light for Ys (gg_ai.light_pick): a few cheap rules in
 * place of a uniform draw where a uniform draw is plainly self-harming — the
 * bid (two 4s thrown away), the turn place (the first bidder taking the last
 * place), the gem taken, the market majority's rate (`rate red-` while
 * leading in red) — computed from the state without a legal list or any
 * allocation, with randomness left so rollouts stay diverse. One decision in
 * LIGHT_EPS is left to the caller's uniform draw, and so is every decision
 * it does not know: the placements (a placement rule scoring four drawn
 * places by the contests they win cost a quarter of the iterations and
 * gained nothing at equal time, docs/strength.md), card windows, the throne,
 * the Ys+ steps. Scores are in quarter points. */
enum { LIGHT_EPS = 8, LIGHT_NONE = -(1 << 30) };

/* A seat's edge in colour c: its gems against the others' mean, times 3
 * (4 players: 3 * mine - theirs). */
static int colour_edge(const ys_state *st, int seat, int c)
{
    int n = st->base.players, all = 0;
    for (int q = 0; q < n; q++) all += st->pl[q].gems[c];
    return n * st->pl[seat].gems[c] - all;
}

/* Y-5.1 as the heuristic bids (choose_bid): a sum drawn from 2..6 aimed at
 * with the pairs behind the screen, keeping the 4s for placement. */
static int light_bid(const ys_state *st, int seat, gg_rng *rng, gg_action *out)
{
    const ys_player *p = &st->pl[seat];
    int cnt[5] = {0};
    for (int i = 0; i < p->n_brokers; i++)
        if (p->b[i].loc == YS_LOC_SCREEN && p->b[i].value < 5) cnt[p->b[i].value]++;
    int target = 2 + (int)gg_rng_below(rng, 5), best_d = 99;
    for (int b = 0; b < 5; b++)
        for (int a = 0; a <= b; a++) {
            if (!cnt[a] || !cnt[b] || (a == b && cnt[a] < 2)) continue;
            int d = a + b - target;
            d = 2 * (d < 0 ? -d : d) + (a == 4) + (b == 4);
            if (d < best_d) best_d = d, *out = YS_ACTION(YS_A_BID, (unsigned)a | (unsigned)b << 3);
        }
    return best_d < 99;
}

/* Y-5.2: the earliest free turn place. */
static int light_order(const ys_state *st, gg_action *out)
{
    for (int k = 0; k < st->base.players; k++)
        if (!(st->places_taken >> k & 1)) {
            *out = YS_ACTION(YS_A_ORDER, (unsigned)k + 1);
            return 1;
        }
    return 0;
}

/* Colours by rate rank, as gem_worth: 6, 5, 4, 3 points a gem. */
static int gem_quarters(const ys_state *st, int c) { return (int)(4 * gem_worth(st, c)); }

/* Y-8.4, Y-8.5, Y-7.19: the colour worth most to the seat — its rate rank,
 * and a gem that lifts the seat to the lead in that colour (Y-8.10). */
static int light_gem(const ys_state *st, int seat, gg_rng *rng, gg_action *out)
{
    unsigned white, kinds = ys_gems_on_offer(st, &white);
    int best = LIGHT_NONE, ties = 0;
    for (int c = 0; c < YS_COLOURS; c++) {
        if (!(kinds >> c & 1) && !white) continue;
        int mine = st->pl[seat].gems[c], top = 0;
        for (int q = 0; q < st->base.players; q++)
            if (q != seat && st->pl[q].gems[c] > top) top = st->pl[q].gems[c];
        int v = gem_quarters(st, c) + (mine <= top && mine + 1 > top ? 12 : 0) + (int)gg_rng_below(rng, 4);
        if (v > best) best = v, ties = 1;
        else if (v < best || gg_rng_below(rng, (uint32_t)++ties) != 0) continue;
        unsigned from = (kinds >> c & 1) ? (unsigned)c : YS_WHITE;
        *out = YS_ACTION(YS_A_GEM, from | (unsigned)c << 3);
    }
    return best > LIGHT_NONE;
}

/* Y-8.8: raise the colour the seat holds most of against the others, or
 * lower the one it holds least of (never `rate red-` while leading in red). */
static int light_rate(const ys_state *st, int seat, gg_rng *rng, gg_action *out)
{
    int best = LIGHT_NONE, ties = 0;
    for (unsigned up = 0; up < 2; up++)
        for (int c = 0; c < YS_COLOURS; c++) {
            int e = colour_edge(st, seat, c), v = up ? e : -e;
            if (v > best) best = v, ties = 1;
            else if (v < best || gg_rng_below(rng, (uint32_t)++ties) != 0) continue;
            *out = YS_ACTION(YS_A_RATE, (unsigned)c | up << 3);
        }
    return 1;
}

static int ys_light_pick(const gg_state *s, int seat, gg_action prev, gg_rng *rng, gg_action *out)
{
    (void)prev;
    const ys_state *st = (const ys_state *)s;
    if (st->over || gg_rng_below(rng, LIGHT_EPS) == 0) return 0;
    switch (st->stage) {
    case YS_ST_BID: return !st->pl[seat].bid_done && light_bid(st, seat, rng, out);
    case YS_ST_ORDER: return st->actor == seat && light_order(st, out);
    case YS_ST_GEM: return st->actor == seat && light_gem(st, seat, rng, out);
    case YS_ST_MAJORITY: return st->actor == seat && light_rate(st, seat, rng, out);
    default: return 0; /* placements too: see the comment above */
    }
}

/* Each seat's chance to win from its lead over the best rival. */
static void ys_eval(const gg_state *s, double value[GG_MAX_SEATS])
{
    const ys_state *st = (const ys_state *)s;
    double w[YS_MAX_PLAYERS + 1];
    worth_all(st, w);
    for (int p = 0; p < s->players; p++) {
        double best = -1e9;
        for (int q = 0; q < s->players; q++)
            if (q != p && w[q] > best) best = w[q];
        value[p] = 1.0 / (1.0 + exp(-(w[p] - best) / 8.0));
    }
}

/* Rule G-1: an unfinished game scored as it stands: the final scoring of
 * Y-8.10, Y-8.11, Y-9.1 (and the Ys+ kept cards and Speculation) added to
 * the points now, then ranked as Y-8.12 ranks a finished game. */
static void ys_adjudicate(const gg_state *s, gg_result *r)
{
    ys_state end; /* on the stack: a few kilobytes, once per adjudication */
    memcpy(&end, s, sizeof end);
    ys_final f;
    ys_final_scores(&end, &f);
    for (int q = 0; q < s->players; q++) {
        int pts = f.black_pts[q] + f.throne_pts[q] + f.kept_pts[q] + f.spec_pts[q];
        for (int c = 0; c < YS_COLOURS; c++) pts += f.colour_pts[q][c];
        end.pl[q].score = (int16_t)(end.pl[q].score + pts);
    }
    ys_result(&end.base, r);
}

/* Search only (gg_ai.withdraw), on a determinization for `viewer`: the bids
 * (Y-5.1) and Speculation picks (Y-10.31) other seats have submitted but
 * nobody else has seen yet go back, so the search chooses them as it
 * chooses the bids still to come. The throne pick (Y-9.1) is not taken
 * back: which broker went to the throne room this round is not marked. */
static int ys_withdraw(gg_state *s, int viewer)
{
    ys_state *st = (ys_state *)s;
    int n = 0;
    if (st->over) return 0;
    for (int q = 0; q < s->players; q++) {
        if (q == viewer) continue;
        ys_player *p = &st->pl[q];
        if (st->stage == YS_ST_BID && p->bid_done) {
            for (int i = 0; i < p->n_brokers; i++)
                if (p->b[i].loc == YS_LOC_FRONT && (p->b[i].flags & YS_F_BID)) {
                    p->b[i].loc = YS_LOC_SCREEN;
                    p->b[i].flags = 0;
                }
            p->bid_done = 0;
            n++;
        } else if (st->stage == YS_ST_SPECULATE && (st->spec_done >> q & 1)) {
            st->spec_done = (uint8_t)(st->spec_done & ~(1u << q));
            st->spec_pick[q] = 0;
            n++;
        }
    }
    return n;
}

/* Search only (gg_ai.public_step): the bids are revealed together once all
 * are in (Y-5.2) and the places are then ranked by them and the order cards,
 * both public, with no chance; the throne pick (Y-9.1) and Speculation
 * (Y-10.31) stay secret. */
static int ys_public_step(const gg_state *s)
{
    const ys_state *st = (const ys_state *)s;
    return !st->over && st->stage == YS_ST_BID;
}

/* ISMCTS's default widening (gg_ai.widen): a placement has a few hundred
 * actions and a search at 25 ms a few hundred iterations, so without
 * widening each gets about one rollout. With 4 players or more, k = 1 (Ys
 * 4p at 25 ms a move against three 7729645 bots: k = 1 won 46% of 200
 * games, k = 2 38%, none 27%: docs/strength.md, fourth session). In 3p at
 * 25 ms a move k = 1 won 30.2% of 300 games against two bots without it
 * (parity 33.3%), and at 1000 iterations it did worse against the heuristic
 * (70.5% against 82.9%: fifth and fourth sessions), so none; in 2 players
 * k = 2 lost against the heuristic (60% of 40 games where none won 77.5%),
 * so none. */
static double ys_widen(const gg_state *s) { return s->players >= 4 ? 1.0 : 0.0; }

/* ISMCTS's default reward (gg_ai.soft): with 4 players or more a uniform
 * rollout's winner is close to a coin toss among four, and paying the
 * logistic of the lead (T points) tells a near miss from a rout. Ys 4p at
 * 25 ms a move against three 7729645 bots: docs/strength.md, eighth session.
 * With 2 and 3 players (not measured) the win share, as before. */
enum { YS_SOFT_POINTS = 5 };
static double ys_soft(const gg_state *s) { return s->players >= 4 ? YS_SOFT_POINTS : 0.0; }

/* ISMCTS's default cut-off (gg_ai.cutoff): in the base game, where
 * data/learn/ys-Np.value were trained (on ISMCTS self-play), rollouts stop
 * after 30 steps and the network scores them; ISMCTS asks for it only where
 * a network exists for the player count (gg_learned_eval_available). At
 * 25 ms a move: Ys 4p against three 7729645 bots 62.5% of 400 deals where
 * full rollouts won 38.4%; Ys 5p against four full-rollout searches 37.8% of
 * 400 (parity 20%): docs/strength.md, ninth session. Against the
 * full-rollout search: Ys 2p 73.5% of 200, Ys 3p 55.5% of 201 (parity
 * 33.3%; eleventh session). Every variant, the 2-player strong neutral
 * included (no network trained for them): full rollouts. */
enum { YS_CUTOFF_STEPS = 30 };
static int ys_cutoff(const gg_state *s)
{
    return ys_base_game(&s->opts) ? YS_CUTOFF_STEPS : 0;
}

/* ISMCTS's default determinization (gg_ai.belief): in the 4-player base
 * game, where the weights of src/ys/ys_belief.inc were fitted (on 4-player
 * ISMCTS self-play), face-down brokers are dealt by where they lie. At equal
 * time against three 7729645 bots, paired on the same deals: with the learned
 * cut-off (the default) 73.6% against 67.2% of 400 games (+6.4 points, 95%
 * [+0.0, +12.7]); with full rollouts +2.1 to +3.0 points in each of three
 * 400-game matches at 25 and 40 ms a move; all 1,600 games pooled +3.4, 95%
 * [+0.1, +6.8] (docs/strength.md, fourteenth and fifteenth sessions). Other
 * player counts and variants (no weights fitted for them): uniform deals. */
static int ys_belief(const gg_state *s) { return s->players == 4 && ys_base_game(&s->opts); }

/* ISMCTS's default rollout policy (gg_ai.rollout_at): where rollouts play to
 * the end (every variant, and a spec asking depth=0) the light rules above;
 * where they are cut off (the base game's learned cut-off, ys_cutoff, or a
 * spec's depth=D) uniform, with which the cut-off was measured. Ys 4p with
 * full rollouts at 25 ms a move (about 3,200 iterations a decision) against
 * three 7729645 bots, on the same 400 deals: light 44.2%, uniform 36.6%
 * (paired +7.6 points, 95% [+1.3, +14.0]; docs/strength.md, sixteenth
 * session). Under the learned cut-off light rollouts were not shown better:
 * +3.5 points, 95% [-2.4, +9.4], over 500 paired deals (seventeenth). */
static int ys_rollout_at(const gg_state *s, int depth)
{
    (void)s;
    return depth > 0 ? GG_ROLLOUT_RANDOM : GG_ROLLOUT_LIGHT;
}

const gg_ai ys_ai = {.policy = ys_policy, .eval = ys_eval, .adjudicate = ys_adjudicate,
                     .withdraw = ys_withdraw, .public_step = ys_public_step,
                     .widen = ys_widen, .soft = ys_soft, .light_pick = ys_light_pick,
                     .cutoff = ys_cutoff, .determinize_belief = ys_determinize_belief,
                     .belief = ys_belief, .rollout_at = ys_rollout_at};
