/* ref_ys.c — the Ys legal actions written plainly from the rules reference
 * (see ref_ys.h): every candidate action of a stage tried one by one
 * against the rule that allows it, with none of ys_legal's masks, rows
 * written 32 at a time or cached fields (the market cells are counted from
 * the brokers here). */
#include "ref_ys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "ys/ys.h"

#define FAIL(...) (snprintf(msg, n, __VA_ARGS__), 1)

static int ref_add(gg_action *out, int n, gg_action a)
{
    if (n < GG_MAX_ACTIONS) out[n] = a;
    return n + 1;
}

static int players(const ys_state *st) { return st->base.players; }

/* How many brokers of seat q stand at loc with printed value v. */
static int brokers_at(const ys_state *st, int q, int loc, int v)
{
    int k = 0;
    for (int i = 0; i < st->pl[q].n_brokers; i++) k += st->pl[q].b[i].loc == loc && st->pl[q].b[i].value == v;
    return k;
}

/* Y-6.3: a market cell holds one broker: any player's or a neutral one. */
static int cell_taken(const ys_state *st, int loc)
{
    for (int q = 0; q < players(st); q++) {
        for (int i = 0; i < st->pl[q].n_brokers; i++)
            if (st->pl[q].b[i].loc == loc) return 1;
        for (int i = 0; players(st) == 2 && i < YS_NEUTRAL_BROKERS; i++)
            if (st->pl[q].nb[i].loc == loc) return 1;
    }
    return 0;
}

/* Y-10.21: a Smuggling card lies at loc this round. */
static int smuggling_at(const ys_state *st, int loc)
{
    for (int c = 0; c < YS_EVENT_CARDS; c++)
        if ((st->ev_active >> c & 1) && ys_event_card_kind[c] == YE_SMUGGLING && YS_LOC_SMUGGLE0 + ys_event_card_copy[c] == loc)
            return 1;
    return 0;
}

/* Y-6.3, Y-4.3, Y-7.16, Y-2.2: a zone of a district in play the Queen does
 * not lock, or an open empty market cell; Y-10.21 a Smuggling card. */
static int place_free(const ys_state *st, int loc)
{
    if (YS_IS_ZONE(loc)) return YS_LOC_DISTRICT(loc) < st->districts && loc != st->queen_loc;
    if (YS_IS_CELL(loc)) {
        int r = YS_LOC_ROW(loc), np = players(st);
        int open = np >= 5 ? 1 : np == 4 ? r >= 1 : r >= 2;
        return open && !cell_taken(st, loc);
    }
    return ys_events_on(st) && YS_IS_SMUGGLE(loc) && smuggling_at(st, loc);
}

/* Y-10.25, Y-10.29, Y-10.32: the district's event lets this broker in
 * (the game's own event rule, a plain predicate); lines are judged when
 * settled. */
static int events_allow(const ys_state *st, int who, int loc, int up)
{
    return !ys_events_on(st) || YS_IS_LINE(loc) || !ys_event_refusal(st, who, loc, up, YS_LOC_SCREEN);
}

/* Y-6.2, Y-7.7, Y-7.10, Y-10.6: may seat put a broker of value v now (from
 * the front: front; the Royal Guard's: guard), face `up`, somewhere? */
static int broker_ok(const ys_state *st, int seat, int guard, int front, int v, int up)
{
    const ys_player *p = &st->pl[seat];
    int placed = st->n_up + st->n_down, bishop = p->active >> YC_BISHOP & 1;
    if (guard) /* Y-10.6: a front broker, face up, once a round, besides the turn's 2 */
        return (p->active >> YC_ROYAL_GUARD & 1) && !p->guard_placed && !front && up &&
               brokers_at(st, seat, YS_LOC_FRONT, v);
    if (placed >= 2) return 0;
    if (up ? st->n_up && !bishop : st->n_down && !bishop) return 0; /* Y-6.2, Y-7.7 */
    if (front && !(p->active >> YC_ILLUSIONIST & 1)) return 0;   /* Y-7.10 */
    return brokers_at(st, seat, front ? YS_LOC_FRONT : YS_LOC_SCREEN, v) > 0;
}

/* Y-6.3, Y-10.12: ... and may that broker go to loc? (the guard's not on a line) */
static int where_ok(const ys_state *st, int seat, int guard, int up, int loc)
{
    const ys_player *p = &st->pl[seat];
    if (YS_IS_LINE(loc)) { /* Y-10.12 */
        int z[2];
        return !guard && (p->active >> YC_PHILOSOPHER & 1) && p->lines_placed < 2 && ys_line_zones(st, loc, z);
    }
    return place_free(st, loc) && events_allow(st, seat, loc, up);
}

/* Y-9.4: the neutral broker of value v from the hand, face down, at loc. */
static int neutral_ok(const ys_state *st, int seat, int v, int loc)
{
    int held = 0;
    for (int i = 0; i < YS_NEUTRAL_BROKERS; i++) held += st->pl[seat].nb[i].loc == YS_LOC_HAND && st->pl[seat].nb[i].value == v;
    return players(st) == 2 && !st->n_neutral && held && !YS_IS_LINE(loc) && place_free(st, loc) &&
           events_allow(st, YS_NEUTRAL, loc, 0);
}

static int ref_place(const ys_state *st, int seat, gg_action *out, int n)
{
    for (int guard = 0; guard < 2; guard++) /* each broker, then each place it may go */
        for (int front = 0; front < 2; front++)
            for (int v = 0; v < 5; v++)
                for (int up = 0; up < 2; up++) {
                    if (!broker_ok(st, seat, guard, front, v, up)) continue;
                    for (int loc = 0; loc < 64; loc++)
                        if (where_ok(st, seat, guard, up, loc))
                            n = ref_add(out, n, YS_ACTION(YS_A_PLACE, (unsigned)loc | (unsigned)up << 7 | (unsigned)v << 8 |
                                                                         (unsigned)front << 11 | (unsigned)guard << 12));
                }
    for (int v = 0; players(st) == 2 && v < 5; v++) /* Y-9.4: the neutral's brokers */
        for (int loc = 0; loc < 64; loc++)
            if (neutral_ok(st, seat, v, loc)) n = ref_add(out, n, YS_ACTION(YS_A_NEUTRAL, (unsigned)loc | (unsigned)v << 8));
    return n;
}

/* Y-7.8: with peeks left, one face-down broker of another seat (on the
 * board, a Smuggling card or the throne room) whose value the seat does
 * not know; one action per place. */
static int ref_peeks(const ys_state *st, int seat, gg_action *out, int n)
{
    if (!st->pl[seat].spy_peeks) return n;
    for (int q = 0; q < players(st); q++)
        for (int loc = 0; q != seat && loc < 64; loc++) {
            if (!(YS_IS_BOARD(loc) || YS_IS_SMUGGLE(loc) || loc == YS_LOC_THRONE)) continue;
            int unseen = 0;
            for (int i = 0; i < st->pl[q].n_brokers; i++)
                unseen |= st->pl[q].b[i].loc == loc && !ys_knows(st, seat, q, &st->pl[q].b[i]);
            if (unseen) n = ref_add(out, n, YS_ACTION(YS_A_PEEK, (unsigned)loc | (unsigned)q << 7));
        }
    return n;
}

/* Y-5.1: two brokers from behind the screen, a <= b. */
static int ref_bids(const ys_state *st, int seat, gg_action *out, int n)
{
    for (int a = 0; a < 5; a++)
        for (int b = a; b < 5; b++) {
            int have_a = brokers_at(st, seat, YS_LOC_SCREEN, a), have_b = brokers_at(st, seat, YS_LOC_SCREEN, b);
            if (a == b ? have_a >= 2 : have_a && have_b)
                n = ref_add(out, n, YS_ACTION(YS_A_BID, (unsigned)a | (unsigned)b << 3));
        }
    return n;
}

/* Values 0..4 of which seat has a broker at loc, as actions of `kind`. */
static int ref_values(const ys_state *st, int seat, int loc, int kind, gg_action *out, int n)
{
    for (int v = 0; v < 5; v++)
        if (brokers_at(st, seat, loc, v)) n = ref_add(out, n, YS_ACTION(kind, (unsigned)v));
    return n;
}

/* Y-8.4, Y-8.5, Y-7.19: the gem decisions. */
static int ref_gems(const ys_state *st, gg_action *out, int n)
{
    for (int gem = 0; gem <= YS_WHITE; gem++)
        for (int to = 0; to < YS_COLOURS; to++) {
            int ok;
            if (st->gem_kind == YS_GEM_PORT) { /* a gem left in the port; a white one becomes any colour */
                int there = 0;
                for (int i = 0; i < st->port_gems_n; i++) there |= st->port_gems[i] == gem;
                ok = there && (gem == YS_WHITE || gem == to);
            } else if (st->gem_kind == YS_GEM_WHITE) {
                ok = gem == YS_WHITE;
            } else {
                ok = gem == to;
            }
            if (ok && gem != YS_BLACK) n = ref_add(out, n, YS_ACTION(YS_A_GEM, (unsigned)gem | (unsigned)to << 3));
        }
    return n;
}

/* Y-8.7: the columns tied (total, then broker count) with the first one
 * not yet settled. */
static int ref_columns(const ys_state *st, gg_action *out, int n)
{
    int total[YS_COLOURS] = {0}, count[YS_COLOURS] = {0};
    for (int q = 0; q < players(st); q++) {
        for (int i = 0; i < st->pl[q].n_brokers; i++) {
            const ys_broker *b = &st->pl[q].b[i];
            if (!YS_IS_CELL(b->loc)) continue;
            total[YS_LOC_COLOUR(b->loc)] += (b->flags & YS_F_MERC) ? 5 : b->value; /* Y-7.15 */
            count[YS_LOC_COLOUR(b->loc)]++;
        }
        for (int i = 0; players(st) == 2 && i < YS_NEUTRAL_BROKERS; i++) {
            const ys_broker *b = &st->pl[q].nb[i];
            if (!YS_IS_CELL(b->loc)) continue;
            total[YS_LOC_COLOUR(b->loc)] += b->value;
            count[YS_LOC_COLOUR(b->loc)]++;
        }
    }
    int a = st->col_order[st->col_fixed];
    for (int c = 0; c < YS_COLOURS; c++) {
        int unsettled = 0;
        for (int k = st->col_fixed; k < YS_COLOURS; k++) unsettled |= st->col_order[k] == c;
        if (unsettled && total[c] == total[a] && count[c] == count[a]) n = ref_add(out, n, YS_ACTION(YS_A_COLUMN, (unsigned)c));
    }
    return n;
}

/* Y-10.12: each own broker on a line into one of its two zones: not the
 * Queen's, and with events a zone whose event lets it in unless neither
 * does (docs/rules/ys.md, Ruling). */
static int ref_settle(const ys_state *st, int seat, gg_action *out, int n)
{
    const ys_player *p = &st->pl[seat];
    for (int i = 0; i < p->n_brokers; i++) {
        int z[2], loc = p->b[i].loc, up = (p->b[i].flags & YS_F_UP) ? 1 : 0;
        if (!YS_IS_LINE(loc) || !ys_line_zones(st, loc, z)) continue;
        int lets[2];
        for (int k = 0; k < 2; k++)
            lets[k] = z[k] != st->queen_loc && (!ys_events_on(st) || !ys_event_refusal(st, seat, z[k], up, loc));
        for (int k = 0; k < 2; k++)
            if (z[k] != st->queen_loc && (lets[k] || !lets[1 - k]))
                n = ref_add(out, n, YS_ACTION(YS_A_SETTLE, ys_ref_of(st, seat, i) | (unsigned)z[k] << 11));
    }
    return n;
}

/* Y-7.1, Y-7.2: card plays are listed by ys_card_plays (each card's own
 * arguments); here only that each one names a card the seat holds, did not
 * win this round, within the limit of 2 a round (an Imitator's copy: the
 * Imitator). */
static int ref_plays(const ys_state *st, int seat, const gg_action *legal, int k, gg_action *out, int n)
{
    const ys_player *p = &st->pl[seat];
    for (int i = 0; i < k; i++) {
        if (YS_KIND(legal[i]) != YS_A_PLAY) continue;
        int card = (int)YS_PLAY_CARD(legal[i]);
        if (card < YS_CARD_KINDS && (p->hand >> card & 1) && !(p->fresh >> card & 1) && p->played < 2)
            n = ref_add(out, n, legal[i]);
    }
    return n;
}

static int is_actor(const ys_state *st, int seat)
{
    if (st->over || seat < 0 || seat >= players(st)) return 0;
    if (st->stage == YS_ST_BID) return !st->pl[seat].bid_done;
    if (st->stage == YS_ST_THRONE) return !st->pl[seat].throne_done;
    if (st->stage == YS_ST_SPECULATE) return !(st->spec_done >> seat & 1);
    return st->actor == seat;
}

static int ref_legal(const ys_state *st, int seat, const gg_action *legal, int k, gg_action *out)
{
    int n = 0;
    const gg_action pass = YS_ACTION(YS_A_PASS, 0);
    if (!is_actor(st, seat)) return 0;
    switch (st->stage) {
    case YS_ST_BID: return ref_bids(st, seat, out, 0);
    case YS_ST_ORDER: /* Y-5.2: a free turn place */
        for (int k2 = 1; k2 <= players(st); k2++)
            if (!(st->places_taken >> (k2 - 1) & 1)) n = ref_add(out, n, YS_ACTION(YS_A_ORDER, (unsigned)k2));
        return n;
    case YS_ST_WINDOW:   /* Y-7.2: play, or pass */
    case YS_ST_IMITATE:  /* Y-10.7: copy, or pass */
        n = ref_add(out, 0, pass);
        return ref_plays(st, seat, legal, k, out, n);
    case YS_ST_PLACE: /* Y-6.2: brokers, the Spy's peeks, the Queen before */
        n = ref_place(st, seat, out, 0);
        n = ref_peeks(st, seat, out, n);
        return ref_plays(st, seat, legal, k, out, n);
    case YS_ST_REFILL: return ref_values(st, seat, YS_LOC_SCREEN, YS_A_REFILL, out, 0); /* Y-7.10 */
    case YS_ST_AFTER: /* Y-7.8, Y-7.13, Y-7.15 */
        n = ref_peeks(st, seat, out, 0);
        n = ref_add(out, n, pass);
        return ref_plays(st, seat, legal, k, out, n);
    case YS_ST_SPY: /* Y-7.8: peek, or pass */
        n = ref_peeks(st, seat, out, 0);
        return ref_add(out, n, pass);
    case YS_ST_GEM: return ref_gems(st, out, 0);
    case YS_ST_COLUMN: return ref_columns(st, out, 0);
    case YS_ST_MAJORITY: /* Y-8.8: any rate one up or one down */
        for (int c = 0; c < YS_COLOURS; c++)
            for (unsigned up = 0; up < 2; up++) n = ref_add(out, n, YS_ACTION(YS_A_RATE, (unsigned)c | up << 3));
        return n;
    case YS_ST_THRONE: return ref_values(st, seat, YS_LOC_FRONT, YS_A_THRONE, out, 0); /* Y-9.1 */
    case YS_ST_SETTLE: return ref_settle(st, seat, out, 0);
    case YS_ST_SPECULATE: /* Y-10.31: a coloured gem, or none */
        for (unsigned c = 0; c <= YS_SPEC_NONE; c++) n = ref_add(out, n, YS_ACTION(YS_A_SPECULATE, c));
        return n;
    case YS_ST_SMUGGLE: /* Y-10.21: 2 coloured gems, 1 black, or 3 points */
        for (int a = 0; a < YS_COLOURS; a++)
            for (int b = a; b < YS_COLOURS; b++) n = ref_add(out, n, YS_ACTION(YS_A_SMUGGLE, (unsigned)a | (unsigned)b << 3));
        n = ref_add(out, n, YS_ACTION(YS_A_SMUGGLE, YS_SMUGGLE_BLACK));
        return ref_add(out, n, YS_ACTION(YS_A_SMUGGLE, YS_SMUGGLE_POINTS));
    default: return 0;
    }
}

static int by_value(const void *a, const void *b)
{
    gg_action x = *(const gg_action *)a, y = *(const gg_action *)b;
    return (x > y) - (x < y);
}

int ref_ys_check_legal(const gg_state *s, int seat, const gg_action *legal, int k, char *msg, size_t n)
{
    gg_action ref[GG_MAX_ACTIONS];
    int m = ref_legal((const ys_state *)s, seat, legal, k, ref);
    if (m > GG_MAX_ACTIONS) return FAIL("the reference found %d actions, over GG_MAX_ACTIONS", m);
    qsort(ref, (size_t)m, sizeof ref[0], by_value);
    int u = 0; /* one action per distinct choice (a REF names like brokers once) */
    for (int i = 0; i < m; i++)
        if (u == 0 || ref[u - 1] != ref[i]) ref[u++] = ref[i];
    m = u;
    for (int i = 0; i < k || i < m; i++) {
        if (i < k && i < m && legal[i] == ref[i]) continue;
        char want[GG_MAX_NOTATION] = "(none)", got[GG_MAX_NOTATION] = "(none)";
        if (i < m) gg_action_format(s, seat, ref[i], want, sizeof want);
        if (i < k) gg_action_format(s, seat, legal[i], got, sizeof got);
        return FAIL("stage %d: %d actions where the reference has %d; first difference at %d: "
                    "\"%s\" where the reference has \"%s\"",
                    ((const ys_state *)s)->stage, k, m, i, got, want);
    }
    return 0;
}
