/*
 * splendor_ai.c — what the Splendor module knows about playing Splendor
 * (core/ai.h): a hand-written player, the heuristic bot and ISMCTS's
 * rollout=heuristic policy (one ply, fast, no allocation), and the
 * evaluation of an unfinished game.
 *
 * It looks only at what its seat may know: it is given a determinization
 * (bot: src/bots/heuristic.c; search: ismcts.c), and reads of it only public parts
 * plus its own reserved cards — never another player's hidden reserve or
 * the decks.
 *
 * The plan: value every card it could aim for (board and own reserve) by
 * points, by how its bonus moves it toward the nobles on the table and
 * toward the other cards, divided by how far away it is (tokens still
 * missing after bonuses and gold). Then:
 *   buy      a buy that reaches 15 points (S-5.1, with the noble it brings)
 *            above everything else; otherwise the card's value, more for
 *            points, less for gold spent;
 *   take     tokens that close the gap to the best planned cards, less what
 *            the plan loses by the tokens it must then give back (S-4.1);
 *   reserve  a planned card it cannot afford yet (and a gold), or to deny an
 *            opponent a card worth 3+ points that they could buy next turn;
 *   return   the tokens its plan needs least (never gold first), and never
 *            a token of a colour it has just taken while another return
 *            exists: taking K and giving K back changes nothing, and two
 *            players doing it would play forever;
 *   noble    the first (every noble is worth 3).
 */
#include <math.h>
#include <string.h>

#include "core/ai.h"
#include "splendor/splendor.h"

/* How many more tokens of each colour `p` needs for card `c` (after bonuses),
 * and in total after gold. */
static int missing(const spl_player *p, const spl_card *c, int need[SPL_COLOURS])
{
    int total = 0;
    for (int k = 0; k < SPL_COLOURS; k++) {
        int eff = c->cost[k] > p->bonus[k] ? c->cost[k] - p->bonus[k] : 0;
        need[k] = eff > p->tokens[k] ? eff - p->tokens[k] : 0;
        total += need[k];
    }
    total -= p->tokens[SPL_GOLD];
    return total > 0 ? total : 0;
}

/* What a bonus of colour k is worth to p: toward nobles and board cards. */
static double bonus_worth(const spl_state *st, const spl_player *p, int k)
{
    double v = 0;
    for (int i = 0; i < st->base.players + 1; i++) {
        if (st->noble[i] == SPL_NONE) continue;
        const spl_noble *n = &spl_nobles[st->noble[i]];
        if (n->need[k] <= p->bonus[k]) continue;
        int gap = 0;
        for (int j = 0; j < SPL_COLOURS; j++)
            gap += n->need[j] > p->bonus[j] ? n->need[j] - p->bonus[j] : 0;
        v += 3.0 * n->points / (gap + 1);
    }
    for (int t = 0; t < SPL_TIERS; t++)
        for (int s = 0; s < SPL_SLOTS; s++) {
            int id = st->board[t][s];
            if (id != SPL_NONE && spl_cards[id].cost[k] > p->bonus[k])
                v += 0.25 + 0.1 * spl_cards[id].points;
        }
    return v;
}

/* The value of owning card c (points first, then its bonus worth bw[]). A
 * card that would reach 15 is worth more to plan for, but only a little:
 * this is summed over every planned card, and must never outweigh an actual
 * winning buy (score_action). */
static double card_worth(const spl_player *p, const double *bw, const spl_card *c)
{
    double v = 3.0 * c->points + bw[c->bonus];
    if (p->points + c->points >= SPL_WIN_POINTS) v += 5;
    return v;
}

/* Points `seat` has after buying card id: the card's, plus a noble's if the
 * new bonus makes one visit at the end of the turn (S-4.2: at most one). */
static int points_after_buy(const spl_state *st, const spl_player *p, int id)
{
    const spl_card *c = &spl_cards[id];
    int pts = p->points + c->points, noble = 0;
    for (int i = 0; i < st->base.players + 1; i++) {
        if (st->noble[i] == SPL_NONE) continue;
        const spl_noble *n = &spl_nobles[st->noble[i]];
        int meets = 1;
        for (int k = 0; k < SPL_COLOURS; k++)
            meets &= p->bonus[k] + (c->bonus == k) >= n->need[k];
        if (meets && n->points > noble) noble = n->points;
    }
    return pts + noble;
}

enum { WINNING_BUY = 100000 };

enum { MAX_PLAN = SPL_TIERS * SPL_SLOTS + SPL_HAND };

typedef struct plan {
    int n;
    double weight[MAX_PLAN]; /* worth / distance */
    int need[MAX_PLAN][SPL_COLOURS];
    int card[MAX_PLAN];
    double demand[SPL_COLOURS]; /* how much the plan wants tokens of a colour */
    double bw[SPL_COLOURS];     /* bonus_worth per colour */
} plan;

static void add_plan(plan *pl, const spl_state *st, const spl_player *p, int id)
{
    const spl_card *c = &spl_cards[id];
    int i = pl->n++;
    int miss = missing(p, c, pl->need[i]);
    pl->card[i] = id;
    (void)st;
    pl->weight[i] = card_worth(p, pl->bw, c) / (1.0 + miss * miss * 0.5);
    for (int k = 0; k < SPL_COLOURS; k++)
        if (c->cost[k] > p->bonus[k]) pl->demand[k] += pl->weight[i];
}

static void make_plan(plan *pl, const spl_state *st, int seat)
{
    const spl_player *p = &st->pl[seat];
    memset(pl, 0, sizeof *pl);
    for (int k = 0; k < SPL_COLOURS; k++) pl->bw[k] = bonus_worth(st, p, k);
    for (int t = 0; t < SPL_TIERS; t++)
        for (int s = 0; s < SPL_SLOTS; s++)
            if (st->board[t][s] != SPL_NONE) add_plan(pl, st, p, st->board[t][s]);
    for (int r = 0; r < p->nreserved; r++) add_plan(pl, st, p, p->reserved[r]);
}

/* How much taking `take[k]` tokens of each colour helps the plan. */
static double take_worth(const plan *pl, const int take[SPL_COLOURS])
{
    double v = 0;
    for (int i = 0; i < pl->n; i++) {
        int helps = 0;
        for (int k = 0; k < SPL_COLOURS; k++)
            helps += take[k] < pl->need[i][k] ? take[k] : pl->need[i][k];
        v += pl->weight[i] * helps;
    }
    return v;
}

/* Can an opponent buy card id on their next turn? (public information) */
static int opponent_can_buy(const spl_state *st, int seat, int id)
{
    for (int q = 0; q < st->base.players; q++) {
        if (q == seat) continue;
        int need[SPL_COLOURS];
        if (missing(&st->pl[q], &spl_cards[id], need) == 0) return 1;
    }
    return 0;
}

/* Colours (bit k) of the tokens action `prev` took: a take, or a reserve's gold. */
static unsigned taken_colours(gg_action prev)
{
    if (prev == GG_NO_ACTION) return 0;
    uint32_t pay = SPL_PAYLOAD(prev);
    switch (SPL_KIND(prev)) {
    case SPL_A_TAKE3: return pay & 31;
    case SPL_A_TAKE2: return 1u << (pay % SPL_COLOURS);
    case SPL_A_RESERVE: return 1u << SPL_GOLD;
    default: return 0;
    }
}

/* What the plan loses by giving back `excess` tokens after taking take[]:
 * the least demanded held colours not just taken (S-4.1). */
static double forced_return_cost(const spl_player *p, const plan *pl,
                                 const int take[SPL_COLOURS], int excess)
{
    double cost = 0;
    int left[SPL_COLOURS];
    for (int k = 0; k < SPL_COLOURS; k++) left[k] = take[k] ? 0 : p->tokens[k];
    for (int e = 0; e < excess; e++) {
        int best = -1;
        for (int k = 0; k < SPL_COLOURS; k++)
            if (left[k] && (best < 0 || pl->demand[k] < pl->demand[best])) best = k;
        if (best < 0) return cost + 10.0 * (excess - e); /* only gold or the new ones */
        left[best]--;
        cost += pl->demand[best];
    }
    return cost;
}

static double take_score(const spl_player *p, const plan *pl, const int take[SPL_COLOURS])
{
    int n = 0;
    for (int k = 0; k < SPL_COLOURS; k++) n += take[k];
    int excess = p->ntokens + n - SPL_TOKEN_LIMIT;
    double v = 1 + take_worth(pl, take);
    if (excess > 0) v -= forced_return_cost(p, pl, take, excess);
    return v;
}

static double score_action(const spl_state *st, int seat, const plan *pl, gg_action a,
                           unsigned just_taken)
{
    const spl_player *p = &st->pl[seat];
    uint32_t pay = SPL_PAYLOAD(a);
    int take[SPL_COLOURS] = {0};
    switch (SPL_KIND(a)) {
    case SPL_A_BUY: {
        int src = SPL_BUY_SRC(a);
        int id = spl_source_card(st, seat, src, 0);
        if (id == SPL_NONE) return 0;
        int gold = 0;
        for (int k = 0; k < SPL_COLOURS; k++) gold += (SPL_BUY_GOLD(a) >> (3 * k)) & 7;
        int after = points_after_buy(st, p, id);
        if (after >= SPL_WIN_POINTS) return WINNING_BUY + 10 * after - gold;
        return 20 + 2 * card_worth(p, pl->bw, &spl_cards[id]) - 1.5 * gold;
    }
    case SPL_A_TAKE3:
        for (int k = 0; k < SPL_COLOURS; k++) take[k] = pay >> k & 1;
        return take_score(p, pl, take);
    case SPL_A_TAKE2:
        take[pay % SPL_COLOURS] = 2;
        return take_score(p, pl, take);
    case SPL_A_RESERVE: {
        double gold = st->supply[SPL_GOLD] ? 1.5 : 0;
        if (p->ntokens >= SPL_TOKEN_LIMIT) gold = 0;
        if (pay >= SPL_SRC_DECK) return 0.2 + gold;
        int id = st->board[pay / SPL_SLOTS][pay % SPL_SLOTS];
        if (id == SPL_NONE) return 0;
        double v = gold + 0.3 * card_worth(p, pl->bw, &spl_cards[id]);
        if (spl_cards[id].points >= 3 && opponent_can_buy(st, seat, id)) v += 4 * spl_cards[id].points;
        return v;
    }
    case SPL_A_RETURN: {
        /* each token returned costs what the plan would have used it for */
        double v = 0;
        for (int k = 0; k < SPL_TOKEN_KINDS; k++) {
            int back = (int)(pay >> (2 * k) & 3);
            if (just_taken >> k & 1) v -= 1e6 * back; /* never take back what it took */
            if (k == SPL_GOLD) v -= 10.0 * back;
            else v -= back * pl->demand[k];
        }
        return v;
    }
    case SPL_A_NOBLE:
        return 1;
    default:
        return 0;
    }
}

static int splendor_policy(const gg_state *s, int seat, const gg_action *legal, int n,
                           gg_action prev, gg_rng *rng)
{
    const spl_state *st = (const spl_state *)s;
    plan pl;
    make_plan(&pl, st, seat);
    unsigned just_taken = st->phase == SPL_RETURN ? taken_colours(prev) : 0;
    int best = 0, ties = 0;
    double best_v = -1e300;
    for (int i = 0; i < n; i++) {
        double v = score_action(st, seat, &pl, legal[i], just_taken);
        if (v > best_v + 1e-9) {
            best_v = v, best = i, ties = 1;
        } else if (v > best_v - 1e-9 && gg_rng_below(rng, (uint32_t)++ties) == 0) {
            best = i;
        }
    }
    return best;
}

/* An unfinished game: points, plus what cards, nobles in reach and tokens
 * promise; each seat's lead over the best other seat through a logistic. */
static void splendor_eval(const gg_state *s, double value[GG_MAX_SEATS])
{
    const spl_state *st = (const spl_state *)s;
    double v[GG_MAX_SEATS];
    int n = s->players;
    for (int p = 0; p < n; p++) {
        const spl_player *pl = &st->pl[p];
        v[p] = pl->points + 0.4 * pl->ncards + 0.08 * pl->ntokens + 0.1 * pl->tokens[SPL_GOLD];
    }
    for (int p = 0; p < n; p++) {
        double best = -1e9;
        for (int q = 0; q < n; q++)
            if (q != p && v[q] > best) best = v[q];
        value[p] = 1.0 / (1.0 + exp(-(v[p] - best) / 2.5));
    }
}

/* ------------------------------------------------ a light rollout policy */

/* ISMCTS's rollout=light: nearly as cheap as a random choice, less aimless.
 * With a buy among the actions it buys (7 times in 8) the card with the
 * most points (ties at random) — uniform rollouts buy too rarely and reserve
 * too often, so they undervalue buying (issue 27: 5.6 reserves a game);
 * otherwise it picks at random, reserving only 1 time in 8 when something
 * else is legal. */
static int splendor_light(const gg_state *s, int seat, const gg_action *legal, int n,
                          gg_action prev, gg_rng *rng)
{
    (void)prev;
    const spl_state *st = (const spl_state *)s;
    int best = -1, best_pts = -1, ties = 0, others = 0;
    for (int i = 0; i < n; i++) {
        unsigned kind = SPL_KIND(legal[i]);
        others += kind != SPL_A_RESERVE;
        if (kind != SPL_A_BUY) continue;
        int id = spl_source_card(st, seat, (int)SPL_BUY_SRC(legal[i]), 0);
        int pts = id == SPL_NONE ? 0 : spl_cards[id].points;
        if (pts > best_pts) best_pts = pts, best = i, ties = 1;
        else if (pts == best_pts && gg_rng_below(rng, (uint32_t)++ties) == 0) best = i;
    }
    if (best >= 0 && gg_rng_below(rng, 8) != 0) return best;
    if (others == n || others == 0 || gg_rng_below(rng, 8) == 0)
        return (int)gg_rng_below(rng, (uint32_t)n);
    int pick = (int)gg_rng_below(rng, (uint32_t)others);
    for (int i = 0; i < n; i++)
        if (SPL_KIND(legal[i]) != SPL_A_RESERVE && pick-- == 0) return i;
    return 0;
}

/* ------------------------------------------------ search-only pruning */

static int gold_of_buy(gg_action a)
{
    int g = 0;
    for (int k = 0; k < SPL_COLOURS; k++) g += (SPL_BUY_GOLD(a) >> (3 * k)) & 7;
    return g;
}

/* Dominated actions, for search only (never what gg_legal offers):
 *   - a payment that spends gold where coloured tokens would do (S-3.4): for
 *     each card only the payments with the least gold stay — the same card,
 *     the player keeps a gold (which stands in for any colour) instead of a
 *     coloured token, nothing is lost;
 *   - a return that gives back gold where a coloured token could go back
 *     (S-4.1): only the returns with the least gold stay.
 * The list stays sorted; at least one action stays. */
static int splendor_prune(const gg_state *s, int seat, gg_action *list, int n)
{
    (void)s, (void)seat;
    int least_return_gold = 99;
    for (int i = 0; i < n; i++)
        if (SPL_KIND(list[i]) == SPL_A_RETURN) {
            int g = (int)(SPL_PAYLOAD(list[i]) >> (2 * SPL_GOLD) & 3);
            if (g < least_return_gold) least_return_gold = g;
        }
    int m = 0;
    for (int i = 0; i < n; i++) {
        gg_action a = list[i];
        if (SPL_KIND(a) == SPL_A_BUY) {
            /* buys of one source are adjacent (source << 16 | gold) */
            int least = gold_of_buy(a);
            for (int j = i - 1; j >= 0 && SPL_KIND(list[j]) == SPL_A_BUY &&
                                SPL_BUY_SRC(list[j]) == SPL_BUY_SRC(a); j--)
                if (gold_of_buy(list[j]) < least) least = gold_of_buy(list[j]);
            for (int j = i + 1; j < n && SPL_KIND(list[j]) == SPL_A_BUY &&
                                SPL_BUY_SRC(list[j]) == SPL_BUY_SRC(a); j++)
                if (gold_of_buy(list[j]) < least) least = gold_of_buy(list[j]);
            if (gold_of_buy(a) > least) continue;
        } else if (SPL_KIND(a) == SPL_A_RETURN) {
            if ((int)(SPL_PAYLOAD(a) >> (2 * SPL_GOLD) & 3) > least_return_gold) continue;
        }
        list[m++] = a;
    }
    return m;
}

/* ISMCTS rolls out with the light policy unless told otherwise, at any
 * cut-off: it beat random rollouts at equal time, 75.5% of 200 games
 * (docs/strength.md). */
static int splendor_rollout_at(const gg_state *s, int depth)
{
    (void)s;
    (void)depth;
    return GG_ROLLOUT_LIGHT;
}

/* Rule G-1: S-5.2 ranks an unfinished game as it ranks a finished one (most
 * points, then fewest purchased cards), and spl_result ranks at any time. */
const gg_ai spl_ai = {.policy = splendor_policy, .eval = splendor_eval, .adjudicate = spl_result,
                      .prune = splendor_prune, .light = splendor_light,
                      .rollout_at = splendor_rollout_at};
