/* goof.c — Goofspiel, the test-only game of goof.h. */
#include <stdlib.h>
#include <string.h>

#include "goof.h"

enum { GOOF_MAX = 5 };

typedef struct goof_state {
    gg_state base;
    int32_t cards;                  /* K */
    int32_t round;                  /* 0..K; K = over */
    int32_t deck[GOOF_MAX];         /* prize order; deck[round] is face up */
    int32_t hand[GG_MAX_SEATS];     /* bitmask of cards still held (bit v) */
    int32_t bid[GG_MAX_SEATS];      /* this round's secret bid, 0 = none yet */
    int32_t last_bid[GG_MAX_SEATS]; /* last round's bids, revealed */
    int32_t score[GG_MAX_SEATS];
} goof_state;

static const gg_option_info goof_options[] = {
    {"cards", {"5", "3"}, 2, "cards per hand and prizes in the deck"},
};

static gg_status goof_init(gg_state *base, gg_error *err)
{
    (void)err;
    goof_state *s = (goof_state *)base;
    s->cards = base->opts.value[0] ? 3 : 5;
    for (int i = 0; i < s->cards; i++) s->deck[i] = i + 1;
    for (int i = s->cards - 1; i > 0; i--) {
        int j = (int)gg_rng_below(&base->rng, (uint32_t)i + 1);
        int t = s->deck[i];
        s->deck[i] = s->deck[j];
        s->deck[j] = t;
    }
    for (int p = 0; p < base->players; p++) s->hand[p] = ((1 << s->cards) - 1) << 1;
    return GG_OK;
}

static int goof_over(const gg_state *base) { return ((const goof_state *)base)->round >= ((const goof_state *)base)->cards; }

static int goof_actors(const gg_state *base, int seats[GG_MAX_SEATS])
{
    const goof_state *s = (const goof_state *)base;
    int n = 0;
    if (goof_over(base)) return 0;
    for (int p = 0; p < base->players; p++)
        if (!s->bid[p]) seats[n++] = p;
    return n;
}

static int goof_legal(const gg_state *base, int seat, gg_action *out)
{
    const goof_state *s = (const goof_state *)base;
    int n = 0;
    for (int v = 1; v <= s->cards; v++)
        if (s->hand[seat] >> v & 1) out[n++] = (gg_action)v;
    return n;
}

static void resolve_round(goof_state *s)
{
    int best = 0, count = 0, who = -1;
    for (int p = 0; p < s->base.players; p++) {
        if (s->bid[p] > best) best = s->bid[p], count = 1, who = p;
        else if (s->bid[p] == best) count++;
    }
    if (count == 1) s->score[who] += s->deck[s->round];
    for (int p = 0; p < s->base.players; p++) {
        s->hand[p] &= ~(1 << s->bid[p]);
        s->last_bid[p] = s->bid[p];
        s->bid[p] = 0;
    }
    s->round++;
}

static void goof_apply(gg_state *base, int seat, gg_action a)
{
    goof_state *s = (goof_state *)base;
    s->bid[seat] = (int32_t)a;
    for (int p = 0; p < base->players; p++)
        if (!s->bid[p]) return;
    resolve_round(s);
}

static void goof_result(const gg_state *base, gg_result *r)
{
    const goof_state *s = (const goof_state *)base;
    r->over = goof_over(base);
    for (int p = 0; p < base->players; p++) r->score[p] = s->score[p];
    for (int p = 0; p < base->players; p++) {
        r->rank[p] = 1;
        for (int q = 0; q < base->players; q++)
            if (s->score[q] > s->score[p]) r->rank[p]++;
        if (r->rank[p] == 1) r->winners++;
    }
}

static int goof_format(const gg_state *base, int seat, gg_action a, char *buf, size_t n)
{
    (void)base, (void)seat;
    return snprintf(buf, n, "c%u", (unsigned)a);
}

static int goof_announce(const gg_state *base, int seat, gg_action a, int viewer, char *buf,
                         size_t n)
{
    if (viewer == seat) return goof_format(base, seat, a, buf, n);
    return snprintf(buf, n, "bid");
}

static gg_status goof_parse(const gg_state *base, int seat, const char *text, gg_action *out,
                            gg_error *err)
{
    (void)base, (void)seat;
    if (text[0] != 'c' || text[1] < '1' || text[1] > '9' || text[2])
        return gg_fail(err, GG_EPARSE, "a bid is c1..c%d, not \"%s\"",
                       ((const goof_state *)base)->cards, text);
    *out = (gg_action)(text[1] - '0');
    return GG_OK;
}

static void goof_view(const gg_state *base, int seat, cJSON *obj)
{
    const goof_state *s = (const goof_state *)base;
    int over = goof_over(base);
    cJSON_AddNumberToObject(obj, "round", s->round);
    cJSON_AddNumberToObject(obj, "prize", over ? 0 : s->deck[s->round]);
    cJSON_AddItemToObject(obj, "prizes_seen",
                          cJSON_CreateIntArray(s->deck, over ? s->cards : s->round + 1));
    cJSON_AddNumberToObject(obj, "deck_left", over ? 0 : s->cards - s->round - 1);
    cJSON *players = cJSON_AddArrayToObject(obj, "players");
    for (int p = 0; p < base->players; p++) {
        cJSON *pl = cJSON_CreateObject();
        cJSON_AddNumberToObject(pl, "hand", s->hand[p]);
        cJSON_AddNumberToObject(pl, "score", s->score[p]);
        cJSON_AddNumberToObject(pl, "last_bid", s->last_bid[p]);
        cJSON_AddBoolToObject(pl, "has_bid", s->bid[p] != 0);
        if (p == seat && s->bid[p]) cJSON_AddNumberToObject(pl, "bid", s->bid[p]);
        cJSON_AddItemToArray(players, pl);
    }
}

static void goof_save(const gg_state *base, cJSON *obj)
{
    const goof_state *s = (const goof_state *)base;
    cJSON_AddNumberToObject(obj, "round", s->round);
    cJSON_AddItemToObject(obj, "deck", cJSON_CreateIntArray(s->deck, s->cards));
    cJSON_AddItemToObject(obj, "hand", cJSON_CreateIntArray(s->hand, base->players));
    cJSON_AddItemToObject(obj, "bid", cJSON_CreateIntArray(s->bid, base->players));
    cJSON_AddItemToObject(obj, "last_bid", cJSON_CreateIntArray(s->last_bid, base->players));
    cJSON_AddItemToObject(obj, "score", cJSON_CreateIntArray(s->score, base->players));
}

static gg_status goof_load(gg_state *base, const cJSON *obj, gg_error *err)
{
    goof_state *s = (goof_state *)base;
    int n, np = base->players;
    s->cards = base->opts.value[0] ? 3 : 5;
    gg_status st = ggj_int(obj, "round", 0, s->cards, &s->round, err);
    if (!st) st = ggj_ints(obj, "deck", 1, s->cards, s->deck, s->cards, s->cards, &n, err);
    if (!st) st = ggj_ints(obj, "hand", 0, (1 << (s->cards + 1)) - 2, s->hand, np, np, &n, err);
    if (!st) st = ggj_ints(obj, "bid", 0, s->cards, s->bid, np, np, &n, err);
    if (!st) st = ggj_ints(obj, "last_bid", 0, s->cards, s->last_bid, np, np, &n, err);
    if (!st) st = ggj_ints(obj, "score", 0, 100, s->score, np, np, &n, err);
    return st;
}

/* Hidden from `seat`: the deck beyond the face-up prize, others' bids this
 * round, the RNG. The deck rest is rebuilt from what is known (its set) so
 * the result depends only on the view and `rng`. */
static void goof_determinize(gg_state *base, int seat, gg_rng *rng)
{
    goof_state *s = (goof_state *)base;
    if (goof_over(base)) return;
    int rest = s->round + 1, n = s->cards - rest;
    int used = 0;
    for (int i = 0; i <= s->round; i++) used |= 1 << s->deck[i];
    for (int v = 1, k = rest; v <= s->cards; v++)
        if (!(used >> v & 1)) s->deck[k++] = v;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gg_rng_below(rng, (uint32_t)i + 1);
        int t = s->deck[rest + i];
        s->deck[rest + i] = s->deck[rest + j];
        s->deck[rest + j] = t;
    }
    for (int p = 0; p < base->players; p++) {
        if (p == seat || !s->bid[p]) continue;
        int cards[GOOF_MAX], m = 0;
        for (int v = 1; v <= s->cards; v++)
            if (s->hand[p] >> v & 1) cards[m++] = v;
        s->bid[p] = cards[gg_rng_below(rng, (uint32_t)m)];
    }
    gg_rng_seed(&base->rng, gg_rng_next(rng));
}

const gg_game goof_game = {
    .name = "goof",
    .title = "Goofspiel (test game)",
    .min_players = 2,
    .max_players = 3,
    .options = goof_options,
    .n_options = 1,
    .state_size = sizeof(goof_state),
    .init = goof_init,
    .actors = goof_actors,
    .legal = goof_legal,
    .apply = goof_apply,
    .is_over = goof_over,
    .result = goof_result,
    .format = goof_format,
    .announce = goof_announce,
    .parse = goof_parse,
    .view = goof_view,
    .save = goof_save,
    .load = goof_load,
    .determinize = goof_determinize,
};
