/* ys_cards.c — the character cards (Y-7.4 … Y-7.19): when a card may be
 * played, the plays it offers, and what each does. Immediate cards (King,
 * Prince, the blue cards) act when won (ys.c, award_palace). */
#include <string.h>

#include "ys/ys.h"


/* Is the current moment card c's window for `seat` (Y-7.2)? */
static int in_window(const ys_state *st, int seat, int card)
{
    if (st->over || st->actor != seat) return 0;
    int w = ys_cards[card].window;
    switch (st->stage) {
    case YS_ST_WINDOW: return w == st->window;
    case YS_ST_PLACE: /* ★ before this turn's brokers */
        return w == YS_WIN_BEFORE_PLACING && st->n_up + st->n_down + st->n_neutral == 0;
    case YS_ST_AFTER: return w == YS_WIN_AFTER_PLACING;
    case YS_ST_IMITATE: return w == YS_WIN_REACTION; /* Y-10.7 */
    default: return 0;
    }
}

/* Y-7.1: held, not won this round, fewer than 2 played this round, and now
 * is its window. */
int ys_can_play(const ys_state *st, int seat, int card)
{
    const ys_player *p = &st->pl[seat];
    if (!(p->hand >> card & 1) || (p->fresh >> card & 1) || p->played >= 2) return 0;
    if (ys_cards[card].window == YS_WIN_IMMEDIATE) return 0;
    return in_window(st, seat, card);
}

/* The acting seat's reference to its broker i: the value masked when the
 * seat may not see it (Y-6.5). */
unsigned ys_ref_of(const ys_state *st, int seat, int i)
{
    const ys_broker *b = &st->pl[seat].b[i];
    int v = ys_knows(st, seat, seat, b) ? b->value : YS_UNKNOWN_VALUE;
    return YS_REF(b->loc, (b->flags & YS_F_UP) ? 1 : 0, v);
}

int ys_find_ref(const ys_state *st, int seat, int q, unsigned ref)
{
    const ys_player *p = &st->pl[q];
    for (int i = 0; i < p->n_brokers; i++) {
        const ys_broker *b = &p->b[i];
        if (b->loc != YS_REF_LOC(ref) || ((b->flags & YS_F_UP) ? 1u : 0u) != YS_REF_UP(ref)) continue;
        if (YS_REF_VALUE(ref) == YS_UNKNOWN_VALUE ? !ys_knows(st, seat, q, b) : b->value == YS_REF_VALUE(ref))
            return i;
    }
    return -1;
}

/* Distinct references to the seat's brokers that `ok` accepts, ascending. */
static int own_refs(const ys_state *st, int seat, int (*ok)(const ys_state *, const ys_broker *),
                    unsigned refs[YS_BROKERS])
{
    int n = 0;
    const ys_player *p = &st->pl[seat];
    for (int i = 0; i < p->n_brokers; i++) {
        if (!ok(st, &p->b[i])) continue;
        unsigned r = ys_ref_of(st, seat, i);
        int k = n; /* kept ascending, without repeats */
        while (k > 0 && refs[k - 1] > r) k--;
        if (k > 0 && refs[k - 1] == r) continue;
        for (int j = n; j > k; j--) refs[j] = refs[j - 1];
        refs[k] = r;
        n++;
    }
    return n;
}

/* Brokers a card may move: on the board, not in a Queen zone (Y-7.16). */
static int movable(const ys_state *st, const ys_broker *b)
{
    return YS_IS_BOARD(b->loc) && b->loc != st->queen_loc;
}
static int movable_or_throne(const ys_state *st, const ys_broker *b) /* Y-7.13 */
{
    return movable(st, b) || (b->loc == YS_LOC_THRONE && st->base.opts.value[YS_OPT_KINGS_FAVOUR]);
}
static int just_placed(const ys_state *st, const ys_broker *b)
{
    (void)st;
    return (b->flags & YS_F_JUST) && YS_IS_BOARD(b->loc);
}

/* How many of the seat's brokers REF r names. */
static int ref_count(const ys_state *st, int seat, unsigned r)
{
    int n = 0;
    const ys_player *p = &st->pl[seat];
    for (int i = 0; i < p->n_brokers; i++) n += ys_ref_of(st, seat, i) == r && movable(st, &p->b[i]);
    return n;
}

/* Y-10.10 Monk: one or two own brokers off the board (not in a Queen zone):
 * first every single broker (REF_b 0), then every pair REF_a <= REF_b. */
static int monk_plays(const ys_state *st, int seat, gg_action *out)
{
    unsigned refs[YS_BROKERS];
    int k = own_refs(st, seat, movable, refs), n = 0;
    for (int i = 0; i < k; i++) out[n++] = YS_PLAY(YC_MONK, refs[i]);
    for (int j = 0; j < k; j++)
        for (int i = 0; i <= j; i++)
            if (i < j || ref_count(st, seat, refs[i]) >= 2) out[n++] = YS_PLAY(YC_MONK, refs[i] | refs[j] << 11);
    return n;
}

/* Y-10.14 Rogue: any two own gems, coloured or black in any mix, for a black
 * gem (0) or 3 points (1). */
static int rogue_plays(const ys_state *st, int seat, gg_action *out)
{
    const uint8_t *g = st->pl[seat].gems;
    int n = 0;
    for (unsigned pts = 0; pts < 2; pts++)
        for (int b = 0; b <= YS_BLACK; b++)
            for (int a = 0; a <= b; a++)
                if (a == b ? g[a] >= 2 : g[a] && g[b])
                    out[n++] = YS_PLAY(YC_ROGUE, (unsigned)a | (unsigned)b << 3 | pts << 6);
    return n;
}

static int plays_of(const ys_state *st, int seat, int card, gg_action *out);

/* Y-10.7: the Imitator copies any card played from a hand but the Intriguer
 * (and the Pope, which is never played); not the Queen either: there is one
 * lock (docs/rules/ys.md, Ruling). */
int ys_copyable(int card)
{
    if (card < 0 || card >= YS_CARD_KINDS || ys_cards[card].window == YS_WIN_IMMEDIATE) return 0;
    return card != YC_INTRIGUER && card != YC_POPE && card != YC_QUEEN && card != YC_IMITATOR;
}

int ys_imitator_for(const ys_state *st, int from, int card)
{
    if (!ys_copyable(card)) return -1;
    gg_action tmp[GG_MAX_ACTIONS];
    for (int q = 0; q < st->base.players; q++) {
        const ys_player *p = &st->pl[q];
        if (q == from || !(p->hand >> YC_IMITATOR & 1) || (p->fresh >> YC_IMITATOR & 1) || p->played >= 2) continue;
        return plays_of(st, q, card, tmp) > 0 ? q : -1;
    }
    return -1;
}

/* Y-10.27 Shipwreck, Y-10.30 Revolt: the Captain leaves that district's ship alone. */
static int captain_may_touch(const ys_state *st, int d)
{
    int k = ys_port_event(st, d);
    return k != YE_SHIPWRECK && k != YE_REVOLT;
}

/* A card's plays, in ascending order of their arguments (the outer loop
 * runs over the high bits), so that legal lists need no sorting. */
static int plays_of(const ys_state *st, int seat, int card, gg_action *out)
{
    int n = 0;
    unsigned refs[YS_BROKERS];
    switch (card) {
    case YC_BISHOP: case YC_SPY: case YC_ILLUSIONIST: case YC_INTRIGUER: case YC_MERCHANT:
    case YC_FINANCIER: case YC_ROYAL_GUARD: case YC_PHILOSOPHER:
        out[n++] = YS_PLAY(card, 0);
        break;
    case YC_INVESTOR: /* Y-10.8: name a colour */
        for (int c = 0; c < YS_COLOURS; c++) out[n++] = YS_PLAY(card, (unsigned)c);
        break;
    case YC_CUSTOMS_OFFICER: /* Y-10.4: name a colour, white allowed, not black */
        for (int c = 0; c < YS_COLOURS; c++) out[n++] = YS_PLAY(card, (unsigned)c);
        out[n++] = YS_PLAY(card, YS_WHITE);
        break;
    case YC_PROFESSOR: /* Y-10.13: name a district in play */
        for (int d = 0; d < st->districts; d++) out[n++] = YS_PLAY(card, (unsigned)d);
        break;
    case YC_MONK: n = monk_plays(st, seat, out); break;
    case YC_IMITATOR: /* Y-10.7: the copied card's plays, as the Imitator */
        if (st->imitating == 0 || !ys_copyable(st->imitating - 1)) break;
        n = plays_of(st, seat, st->imitating - 1, out);
        for (int i = 0; i < n; i++) out[i] = YS_PLAY(YC_IMITATOR, YS_PLAY_ARGS(out[i]));
        break;
    case YC_ROGUE: n = rogue_plays(st, seat, out); break;
    case YC_BANKER: /* Y-7.5: one colour +1 and another -1 */
        for (int d = 0; d < YS_COLOURS; d++)
            for (int u = 0; u < YS_COLOURS; u++)
                if (u != d) out[n++] = YS_PLAY(card, (unsigned)u | (unsigned)d << 3);
        break;
    case YC_CAPTAIN: /* Y-7.6: swap two ports' ships */
        for (int b = 1; b < st->districts; b++)
            for (int a = 0; a < b; a++)
                if ((st->port_ship[a] != YS_NONE || st->port_ship[b] != YS_NONE) &&
                    !(ys_events_on(st) && (!captain_may_touch(st, a) || !captain_may_touch(st, b))))
                    out[n++] = YS_PLAY(card, (unsigned)a | (unsigned)b << 3);
        break;
    case YC_JEWELLER: /* Y-7.12: 2 coloured gems of choice */
        for (int b = 0; b < YS_COLOURS; b++)
            for (int a = 0; a <= b; a++) out[n++] = YS_PLAY(card, (unsigned)a | (unsigned)b << 3);
        break;
    case YC_ALCHEMIST: /* Y-7.4: one own coloured gem for another colour */
        for (int t = 0; t < YS_COLOURS; t++)
            for (int g = 0; g < YS_COLOURS; g++)
                if (t != g && st->pl[seat].gems[g]) out[n++] = YS_PLAY(card, (unsigned)g | (unsigned)t << 3);
        break;
    case YC_QUEEN: /* Y-7.16: lock one city zone */
        for (int l = YS_LOC_ZONE0; l < YS_LOC_ZONE0 + 3 * st->districts; l++)
            if (!ys_events_on(st) || !ys_revolt_in(st, YS_LOC_DISTRICT(l))) /* Y-10.30 */
                out[n++] = YS_PLAY(card, (unsigned)l);
        break;
    case YC_MERCENARY: { /* Y-7.15: one of the two just placed counts 5 */
        int k = own_refs(st, seat, just_placed, refs);
        for (int i = 0; i < k; i++) out[n++] = YS_PLAY(card, refs[i]);
        break;
    }
    case YC_MAGICIAN: { /* Y-7.13: swap two own brokers; at most one in the throne */
        int k = own_refs(st, seat, movable_or_throne, refs);
        for (int j = 1; j < k; j++) /* refs ascending: the lower reference first */
            for (int i = 0; i < j; i++) {
                int la = YS_REF_LOC(refs[i]), lb = YS_REF_LOC(refs[j]);
                if (la == lb || (la == YS_LOC_THRONE && lb == YS_LOC_THRONE)) continue;
                if (ys_events_on(st) && /* Y-10.25, Y-10.32: each keeps its face where it goes */
                    (ys_event_refusal(st, seat, lb, (int)YS_REF_UP(refs[i]), lb) ||
                     ys_event_refusal(st, seat, la, (int)YS_REF_UP(refs[j]), la)))
                    continue;
                out[n++] = YS_PLAY(card, refs[i] | refs[j] << 11);
            }
        break;
    }
    case YC_HERALD: { /* Y-7.9: move one own broker to another free place */
        int k = own_refs(st, seat, movable, refs);
        unsigned taken = ys_cells_taken(st);
        for (int l = YS_LOC_ZONE0; l < YS_LOC_CELL0 + 16; l++) {
            if (!ys_loc_free(st, l, taken)) continue;
            for (int i = 0; i < k; i++)
                if (l != (int)YS_REF_LOC(refs[i]) &&
                    !(ys_events_on(st) && ys_event_refusal(st, seat, l, (int)YS_REF_UP(refs[i]), (int)YS_REF_LOC(refs[i]))))
                    out[n++] = YS_PLAY(card, refs[i] | (unsigned)l << 11);
        }
        break;
    }
    default: break;
    }
    return n;
}

/* Cards whose plays never run out: no arguments, or arguments that are
 * always available (colours, districts' zones). */
static int always_playable(int card)
{
    switch (card) {
    case YC_BISHOP: case YC_SPY: case YC_ILLUSIONIST: case YC_INTRIGUER: case YC_MERCHANT:
    case YC_BANKER: case YC_JEWELLER: case YC_QUEEN: case YC_FINANCIER: case YC_INVESTOR:
    case YC_CUSTOMS_OFFICER: case YC_PROFESSOR: case YC_ROYAL_GUARD: case YC_PHILOSOPHER: return 1;
    default: return 0;
    }
}

/* The places (bit loc) of the seat's brokers that `ok` accepts. */
static uint64_t own_locs(const ys_state *st, int seat, int (*ok)(const ys_state *, const ys_broker *))
{
    uint64_t m = 0;
    const ys_player *p = &st->pl[seat];
    for (int i = 0; i < p->n_brokers; i++)
        if (ok(st, &p->b[i])) m |= 1ull << (p->b[i].loc & 63);
    return m;
}

/* Would plays_of list anything? Without events, the cards whose lists are
 * long are answered from where the brokers stand, without the list:
 *   Herald (Y-7.9): a movable broker and a free place other than its own;
 *   Magician (Y-7.13): movable (or throne) brokers on two different places
 *     (the only pairs plays_of skips are those on one place);
 *   Mercenary (Y-7.15), Monk (Y-10.10): any broker their list would name.
 * With events (refusals by place and face) and for the other cards: the list. */
static int has_plays(const ys_state *st, int seat, int card)
{
    if (always_playable(card)) return 1;
    if (!ys_events_on(st)) {
        switch (card) {
        case YC_HERALD: {
            uint64_t at = own_locs(st, seat, movable), free = ys_free_places(st);
            if (!at || !free) return 0;
            return (free & (free - 1)) || (at & ~free); /* two free places, or one not its own */
        }
        case YC_MAGICIAN: {
            uint64_t at = own_locs(st, seat, movable_or_throne);
            return (at & (at - 1)) != 0;
        }
        case YC_MERCENARY: return own_locs(st, seat, just_placed) != 0;
        case YC_MONK: return own_locs(st, seat, movable) != 0;
        default: break;
        }
    }
    gg_action tmp[GG_MAX_ACTIONS];
    return plays_of(st, seat, card, tmp) > 0;
}

/* The cards ys_can_play allows the seat now (bit c: card c): held, not
 * fresh, fewer than 2 played, and in the window open now (in_window). */
static uint32_t playable_now(const ys_state *st, int seat)
{
    const ys_player *p = &st->pl[seat];
    uint32_t hand = p->hand & ~p->fresh;
    if (!hand || p->played >= 2 || st->over || st->actor != seat) return 0;
    switch (st->stage) {
    case YS_ST_WINDOW: return st->window <= YS_WIN_REACTION ? hand & ys_window_cards[st->window] : 0;
    case YS_ST_PLACE: /* ★ before this turn's brokers */
        return st->n_up + st->n_down + st->n_neutral == 0 ? hand & ys_window_cards[YS_WIN_BEFORE_PLACING] : 0;
    case YS_ST_AFTER: return hand & ys_window_cards[YS_WIN_AFTER_PLACING];
    case YS_ST_IMITATE: return hand & ys_window_cards[YS_WIN_REACTION]; /* Y-10.7 */
    default: return 0;
    }
}

int ys_has_card_play(const ys_state *st, int seat)
{
    for (uint32_t hand = playable_now(st, seat); hand; hand &= hand - 1)
        if (has_plays(st, seat, __builtin_ctz(hand))) return 1;
    return 0;
}

int ys_card_plays(const ys_state *st, int seat, gg_action *out)
{
    int n = 0;
    for (uint32_t hand = playable_now(st, seat); hand; hand &= hand - 1)
        n += plays_of(st, seat, __builtin_ctz(hand), out + n);
    return n;
}

static void shift_rate(ys_state *st, int c, int delta)
{
    int r = st->rate[c] + delta;
    st->rate[c] = (int8_t)(r < YS_RATE_MIN ? YS_RATE_MIN : r > YS_RATE_MAX ? YS_RATE_MAX : r);
}

static void play_herald(ys_state *st, int seat, unsigned args)
{
    ys_player *p = &st->pl[seat];
    int i = ys_find_ref(st, seat, seat, args & 0x7FF), dest = (int)(args >> 11 & 0x7F);
    GG_ASSERT(i >= 0);
    int from = p->b[i].loc, from_city = YS_IS_ZONE(from);
    if (YS_IS_CELL(from)) st->cells &= (uint16_t)~(1u << (from - YS_LOC_CELL0));
    if (YS_IS_CELL(dest)) st->cells |= (uint16_t)(1u << (dest - YS_LOC_CELL0));
    p->b[i].loc = (uint8_t)dest; /* the face stays as it was */
    if (from_city && YS_IS_CELL(dest)) { /* city -> market scores 1 (Y-7.9) */
        p->score++;
        p->pts_market++;
    }
}

/* Y-10.10 Monk: the brokers go behind the screen; their face values score. */
static void play_monk(ys_state *st, int seat, unsigned args)
{
    ys_player *p = &st->pl[seat];
    unsigned refs[2] = {args & 0x7FF, args >> 11 & 0x7FF};
    for (int m = 0; m < 2 && refs[m]; m++) {
        int i = ys_find_ref(st, seat, seat, refs[m]);
        GG_ASSERT(i >= 0);
        if (YS_IS_CELL(p->b[i].loc)) st->cells &= (uint16_t)~(1u << (p->b[i].loc - YS_LOC_CELL0));
        p->score = (int16_t)(p->score + p->b[i].value);
        p->pts_cards = (int16_t)(p->pts_cards + p->b[i].value);
        p->b[i] = (ys_broker){p->b[i].value, YS_LOC_SCREEN, 0, 0};
    }
}

/* Y-10.14 Rogue: two own gems (black too) for a black gem or 3 points. */
static void play_rogue(ys_state *st, int seat, unsigned args)
{
    ys_player *p = &st->pl[seat];
    p->gems[args & 7]--;
    p->gems[args >> 3 & 7]--;
    if (args >> 6 & 1) {
        p->score = (int16_t)(p->score + 3);
        p->pts_cards = (int16_t)(p->pts_cards + 3);
    } else {
        p->gems[YS_BLACK]++;
    }
}

static void play_magician(ys_state *st, int seat, unsigned args)
{
    ys_player *p = &st->pl[seat];
    int i = ys_find_ref(st, seat, seat, args & 0x7FF);
    int j = -1;
    /* the second broker: the first match other than i */
    for (int k = 0; k < p->n_brokers; k++) {
        if (k == i) continue;
        unsigned r = args >> 11 & 0x7FF;
        const ys_broker *b = &p->b[k];
        if (b->loc != YS_REF_LOC(r) || ((b->flags & YS_F_UP) ? 1u : 0u) != YS_REF_UP(r)) continue;
        if (YS_REF_VALUE(r) == YS_UNKNOWN_VALUE ? !ys_knows(st, seat, seat, b) : b->value == YS_REF_VALUE(r)) {
            j = k;
            break;
        }
    }
    GG_ASSERT(i >= 0 && j >= 0);
    uint8_t li = p->b[i].loc;
    p->b[i].loc = p->b[j].loc;
    p->b[j].loc = li;
    /* each keeps its face; the throne room is face down (Y-9.1), but a
     * broker everyone saw face up stays known to all; no mark counts there */
    int k[2] = {i, j};
    for (int m = 0; m < 2; m++) {
        ys_broker *b = &p->b[k[m]];
        if (b->loc != YS_LOC_THRONE) continue;
        if (b->flags & YS_F_UP) b->known = (uint8_t)(((1u << st->base.players) - 1) & ~(1u << seat));
        b->flags &= (uint8_t)~(YS_F_UP | YS_F_MERC);
    }
}

static void card_effect(ys_state *st, int seat, int card, unsigned args);

/* ------------------------------------------------ Y-10.12 Philosopher lines */

int ys_may_place_line(const ys_state *st, int seat)
{
    const ys_player *p = &st->pl[seat];
    return (p->active >> YC_PHILOSOPHER & 1) && p->lines_placed < 2;
}

static int on_line(const ys_state *st, const ys_broker *b)
{
    (void)st;
    return YS_IS_LINE(b->loc);
}

/* May the line broker `ref` settle into zone `dest`, one of its zones z[2]?
 * Not into a Queen zone (Y-7.16); with events, the district's event must
 * let it in (Incognito, Transparency, Restriction: Y-10.25, Y-10.32,
 * Y-10.29) unless neither zone would, so the broker always lands
 * (docs/rules/ys.md, Ruling). */
static int settle_allowed(const ys_state *st, int seat, unsigned ref, int dest, const int z[2])
{
    if (dest == st->queen_loc || (z[0] != dest && z[1] != dest)) return 0;
    if (!ys_events_on(st)) return 1;
    int line = (int)YS_REF_LOC(ref), up = (int)YS_REF_UP(ref);
    if (!ys_event_refusal(st, seat, dest, up, line)) return 1;
    int other = z[0] == dest ? z[1] : z[0];
    return other == st->queen_loc || ys_event_refusal(st, seat, other, up, line) != NULL;
}

/* Each line broker into either of its zones: the zone is the high part, so
 * the outer loop runs over the zones. */
int ys_settle_plays(const ys_state *st, int seat, gg_action *out)
{
    unsigned refs[YS_BROKERS];
    int k = own_refs(st, seat, on_line, refs), n = 0;
    for (int dest = YS_LOC_ZONE0; dest < YS_LOC_ZONE0 + 12; dest++) {
        for (int i = 0; i < k; i++) {
            int z[2];
            if (ys_line_zones(st, (int)YS_REF_LOC(refs[i]), z) && settle_allowed(st, seat, refs[i], dest, z))
                out[n++] = YS_ACTION(YS_A_SETTLE, refs[i] | (unsigned)dest << 11);
        }
    }
    return n;
}

void ys_settle_apply(ys_state *st, int seat, gg_action a)
{
    unsigned pay = YS_PAYLOAD(a);
    int i = ys_find_ref(st, seat, seat, pay & 0x7FF);
    GG_ASSERT(i >= 0);
    st->pl[seat].b[i].loc = (uint8_t)(pay >> 11 & 0x7F); /* face and marks stay */
}

void ys_card_apply(ys_state *st, int seat, gg_action a)
{
    ys_player *p = &st->pl[seat];
    int card = (int)YS_PLAY_CARD(a);
    p->hand &= ~(1u << card);
    p->played++;
    if (card == YC_IMITATOR) card = st->imitating - 1; /* Y-10.7: the copied card's power */
    card_effect(st, seat, card, YS_PLAY_ARGS(a));
    if ((int)YS_PLAY_CARD(a) == YC_IMITATOR && (p->active >> card & 1)) p->imitated = (uint8_t)(card + 1);
}

/* What a card does for `seat` (its own play, or the Imitator's copy). */
static void card_effect(ys_state *st, int seat, int card, unsigned args)
{
    ys_player *p = &st->pl[seat];
    switch (card) {
    case YC_SPY: p->spy_peeks = 3; /* fall through */
    case YC_BISHOP: case YC_ILLUSIONIST: case YC_INTRIGUER: case YC_MERCHANT:
        p->active |= 1u << card; /* until its discard moment (characters.csv) */
        break;
    case YC_BANKER:
        shift_rate(st, args & 7, 1);
        shift_rate(st, args >> 3 & 7, -1);
        break;
    case YC_CAPTAIN: {
        int da = args & 7, db = args >> 3 & 7;
        uint8_t t = st->port_ship[da];
        st->port_ship[da] = st->port_ship[db];
        st->port_ship[db] = t;
        break;
    }
    case YC_JEWELLER:
        p->gems[args & 7]++;
        p->gems[args >> 3 & 7]++;
        break;
    case YC_ALCHEMIST:
        p->gems[args & 7]--;
        p->gems[args >> 3 & 7]++;
        break;
    case YC_QUEEN:
        st->queen_loc = (uint8_t)args;
        st->queen_owner = (uint8_t)seat;
        p->active |= 1u << card;
        break;
    case YC_MERCENARY: {
        int i = ys_find_ref(st, seat, seat, args);
        GG_ASSERT(i >= 0);
        p->b[i].flags |= YS_F_MERC;
        p->active |= 1u << card;
        break;
    }
    case YC_MAGICIAN: play_magician(st, seat, args); break;
    case YC_FINANCIER: /* Y-10.5: until the end of scoring */
    case YC_ROYAL_GUARD: /* Y-10.6: this round (ys.c: legal_place, apply_guard) */
    case YC_PHILOSOPHER: /* Y-10.12: this round (ys.c: legal_place; settled before scoring) */
        p->active |= 1u << card;
        break;
    case YC_INVESTOR: /* Y-10.8 */
        p->investor_colour = (uint8_t)(args + 1);
        p->active |= 1u << card;
        break;
    case YC_PROFESSOR: /* Y-10.13 */
        p->professor_district = (uint8_t)(args + 1);
        p->active |= 1u << card;
        break;
    case YC_CUSTOMS_OFFICER: /* Y-10.4 */
        p->customs_colour = (uint8_t)(args + 1);
        p->active |= 1u << card;
        break;
    case YC_MONK: play_monk(st, seat, args); break;
    case YC_ROGUE: play_rogue(st, seat, args); break;
    case YC_HERALD: play_herald(st, seat, args); break;
    default: GG_ASSERT(0);
    }
}

static const char *window_words(int w)
{
    switch (w) {
    case YS_WIN_START_OF_PLACEMENT: return "at the start of placement";
    case YS_WIN_BEFORE_PLACING: return "in your placement turn, before your brokers";
    case YS_WIN_AFTER_PLACING: return "in your placement turn, right after your 2 brokers";
    case YS_WIN_START_OF_SCORING: return "at the start of scoring";
    case YS_WIN_END_OF_SCORING: return "at the end of scoring";
    case YS_WIN_REACTION: return "right after another player plays a card it may copy";
    default: return "at once when won";
    }
}

/* Why a card play is refused (Y-7.1, Y-7.2, the card's own limits). */
gg_status ys_card_explain(const ys_state *st, int seat, gg_action a, gg_error *err)
{
    int card = (int)YS_PLAY_CARD(a);
    if (card >= YS_CARD_KINDS) return gg_fail(err, GG_EILLEGAL, "there is no such card");
    const ys_card_info *ci = &ys_cards[card];
    const ys_player *p = &st->pl[seat];
    if (!(p->hand >> card & 1)) return gg_fail(err, GG_EILLEGAL, "you do not hold the %s", ci->name);
    if (ci->window == YS_WIN_IMMEDIATE)
        return gg_fail(err, GG_EILLEGAL, "the %s acts at once when won (%s)", ci->name, ci->rule);
    if (p->fresh >> card & 1)
        return gg_fail(err, GG_EILLEGAL, "the %s was won this round: playable from next round (Y-7.1)", ci->name);
    if (p->played >= 2) return gg_fail(err, GG_EILLEGAL, "you have already played 2 cards this round (Y-7.1)");
    if (!in_window(st, seat, card))
        return gg_fail(err, GG_EILLEGAL, "the %s is played %s (%s)", ci->name, window_words(ci->window), ci->rule);
    return gg_fail(err, GG_EILLEGAL, "that use of the %s is not allowed (%s)", ci->name, ci->rule);
}
