/* ys_stream.c — the Ys event stream (docs/formats.md, "Events: Ys"): the
 * events of each decision (made here from the state before it), and the
 * hooks the round's automatic steps call while someone listens (GG_EV_ON):
 * reveals, each district's port, zones and palace card, the market rows,
 * columns and majority, gems, points and rates as they move, King's Favour,
 * the final scoring. Nothing here runs unless gg_apply_events asked. */
#include <stdlib.h>
#include <string.h>

#include "ys/ys.h"
#include "ys/ys_stream.h"

/* What the gems, points and rates that move now are for ("port", "trade",
 * "row", "card", ...): set by the step that moves them (one thread, one
 * gg_apply_events at a time). */
static _Thread_local const char *why = "";

const char *ys_ev_context(const char *for_what)
{
    const char *was = why;
    why = for_what;
    return was;
}

static int players(const ys_state *st) { return st->base.players; }
static void seat_field(cJSON *e, const char *f, int q, const ys_state *st) { gg_ev_seat(e, f, q, players(st)); }

/* A place as fields: district and zone, market row and colour, a line or a
 * Smuggling card; "where" names which. */
static void where(cJSON *e, int loc)
{
    cJSON_AddStringToObject(e, "variant", YS_IS_ZONE(loc) ? "zone" : YS_IS_CELL(loc) ? "market" : "other");
    if (YS_IS_ZONE(loc)) {
        cJSON_AddStringToObject(e, "where", "zone");
        cJSON_AddNumberToObject(e, "district", YS_LOC_DISTRICT(loc) + 1);
        cJSON_AddStringToObject(e, "zone", ys_zone_name[YS_LOC_ZONE(loc)]);
    } else if (YS_IS_CELL(loc)) {
        cJSON_AddStringToObject(e, "where", "market");
        cJSON_AddNumberToObject(e, "row", YS_LOC_ROW(loc));
        cJSON_AddStringToObject(e, "colour", ys_gem_name[YS_LOC_COLOUR(loc)]);
    } else {
        char t[24];
        ys_loc_text(loc, t, sizeof t);
        cJSON_AddStringToObject(e, "where", YS_IS_LINE(loc) ? "line" : YS_IS_SMUGGLE(loc) ? "smuggling" : "other");
        cJSON_AddStringToObject(e, "place", t);
    }
}

static cJSON *add(const char *kind) { return gg_ev_add(gg_ev_sink, kind); }

static void sort_ints(int *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

static cJSON *ascending(int *v, int n)
{
    sort_ints(v, n);
    return cJSON_CreateIntArray(v, n);
}

/* ------------------------------------------------------------- the ledger */

void ys_ev_gem(const ys_state *st, int who, int gem, int n)
{
    cJSON *e = add("ys.gem");
    if (!e) return;
    seat_field(e, "seat", who, st);
    cJSON_AddStringToObject(e, "gem", ys_gem_name[gem]);
    cJSON_AddNumberToObject(e, "n", n);
    cJSON_AddStringToObject(e, "for", why);
    if (n < 0) cJSON_AddStringToObject(e, "variant", "lose");
}

void ys_ev_points(const ys_state *st, int who, int pts)
{
    if (pts == 0) return;
    cJSON *e = add("ys.points");
    if (!e) return;
    seat_field(e, "seat", who, st);
    cJSON_AddNumberToObject(e, "points", pts);
    cJSON_AddStringToObject(e, "for", why);
}

void ys_ev_rate(const ys_state *st, int colour, int from, int to)
{
    (void)st;
    if (from == to) return;
    cJSON *e = add("ys.rate");
    if (!e) return;
    cJSON_AddStringToObject(e, "colour", ys_gem_name[colour]);
    cJSON_AddNumberToObject(e, "from", from);
    cJSON_AddNumberToObject(e, "to", to);
    cJSON_AddStringToObject(e, "for", why);
}

/* ------------------------------------------------------- the round's steps */

static cJSON *gem_list(const uint8_t *g, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        if (g[i] < YS_GEM_KINDS) cJSON_AddItemToArray(a, cJSON_CreateString(ys_gem_name[g[i]]));
    return a;
}

void ys_ev_round(const ys_state *st)
{
    cJSON *e = add("ys.round");
    if (!e) return;
    cJSON_AddNumberToObject(e, "round", st->round);
    cJSON *ports = cJSON_AddArrayToObject(e, "ports");
    for (int d = 0; d < st->districts; d++) {
        cJSON *p = cJSON_CreateObject();
        uint8_t g[4];
        cJSON_AddNumberToObject(p, "district", d + 1);
        cJSON_AddItemToObject(p, "gems", gem_list(g, ys_ship_gems(st, st->port_ship[d], g)));
        cJSON_AddItemToArray(ports, p);
    }
    cJSON *rows = cJSON_AddArrayToObject(e, "market");
    for (int r = 0; r < YS_ROWS; r++) {
        if (st->market_gem[r] == YS_NONE) continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "row", r);
        cJSON_AddStringToObject(o, "gem", ys_gem_name[st->market_gem[r]]);
        cJSON_AddItemToArray(rows, o);
    }
    cJSON *pal = cJSON_AddArrayToObject(e, "palace");
    for (int d = 0; d < st->districts; d++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "district", d + 1);
        int c = st->palace_card[d];
        if (c < YS_CARD_KINDS) cJSON_AddStringToObject(o, "card", ys_cards[c].key);
        else cJSON_AddNullToObject(o, "card");
        cJSON_AddItemToArray(pal, o);
    }
    cJSON *evs = cJSON_AddArrayToObject(e, "events"); /* Y-10.3: in effect this round */
    for (int c = 0; c < YS_EVENT_CARDS; c++)
        if (st->ev_active >> c & 1) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "event", ys_events[ys_event_card_kind[c]].key);
            for (int d = 0; d < st->districts; d++)
                if (st->port_event[d] == c + 1) cJSON_AddNumberToObject(o, "district", d + 1);
            cJSON_AddItemToArray(evs, o);
        }
    if (cJSON_GetArraySize(evs) == 0) cJSON_DeleteItemFromObject(e, "events");
}

void ys_setup_events(const gg_state *s, gg_events *ev)
{
    (void)ev; /* the sink is set: ys_ev_round adds to it */
    ys_ev_round((const ys_state *)s);
}

void ys_ev_bids(const ys_state *st)
{
    cJSON *e = add("ys.bids");
    if (!e) return;
    cJSON *bids = cJSON_AddArrayToObject(e, "bids");
    for (int k = 0; k < players(st); k++) {
        int q = st->bid_rank[k];
        cJSON *o = cJSON_CreateObject();
        int v[YS_BROKERS], nv = 0;
        cJSON_AddNumberToObject(o, "seat", q);
        for (int i = 0; i < st->pl[q].n_brokers; i++)
            if (st->pl[q].b[i].loc == YS_LOC_FRONT) v[nv++] = st->pl[q].b[i].value;
        cJSON_AddItemToObject(o, "brokers", ascending(v, nv));
        cJSON_AddNumberToObject(o, "total", ys_front_sum(st, q));
        cJSON_AddItemToArray(bids, o);
    }
}

/* Participants (seats and the neutral) ranked, best first, with totals. */
static cJSON *standings(const ys_state *st, const int total[], const int present[])
{
    uint8_t rk[YS_MAX_PLAYERS + 1];
    int n = ys_rank_present(st, total, present, rk);
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        seat_field(o, "seat", rk[i], st);
        cJSON_AddNumberToObject(o, "total", total[rk[i]]);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

/* Every broker (and neutral broker) at loc, as {seat, value}: by seat, then
 * by value (never in the order of the state's records, which is hidden). */
static cJSON *brokers_at(const ys_state *st, int loc)
{
    cJSON *a = cJSON_CreateArray();
    int neutral[YS_MAX_PLAYERS * YS_NEUTRAL_BROKERS], nn = 0;
    for (int q = 0; q < players(st); q++) {
        const ys_player *p = &st->pl[q];
        int v[YS_BROKERS], nv = 0;
        for (int i = 0; i < p->n_brokers; i++)
            if (p->b[i].loc == loc) v[nv++] = ys_count_value(&p->b[i]);
        for (int i = 0; players(st) == 2 && i < YS_NEUTRAL_BROKERS; i++)
            if (p->nb[i].loc == loc) neutral[nn++] = p->nb[i].value;
        sort_ints(v, nv);
        for (int i = 0; i < nv; i++) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddNumberToObject(o, "seat", q);
            cJSON_AddNumberToObject(o, "value", v[i]);
            cJSON_AddItemToArray(a, o);
        }
    }
    sort_ints(neutral, nn);
    for (int i = 0; i < nn; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "seat", "neutral");
        cJSON_AddNumberToObject(o, "value", neutral[i]);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

void ys_ev_embassy(const ys_state *st, const int total[], const int present[])
{
    cJSON *e = add("ys.embassy");
    if (!e) return;
    cJSON_AddItemToObject(e, "standings", standings(st, total, present));
    cJSON_AddItemToObject(e, "gems", gem_list(st->port_gems, st->port_gems_n));
    if (cJSON_GetArraySize(cJSON_GetObjectItem(e, "standings")) == 0)
        cJSON_AddStringToObject(e, "variant", "empty");
}

void ys_ev_smuggling(const ys_state *st, int card, const int total[], const int present[], int winner,
                     int colour)
{
    cJSON *e = add("ys.smuggling");
    if (!e) return;
    cJSON_AddNumberToObject(e, "card", card + 1);
    cJSON_AddItemToObject(e, "standings", standings(st, total, present));
    seat_field(e, "winner", winner, st);
    if (winner < 0) cJSON_AddStringToObject(e, "variant", "empty");
    else if (winner == YS_NEUTRAL) {
        cJSON_AddStringToObject(e, "variant", "neutral");
        cJSON_AddStringToObject(e, "colour", ys_gem_name[colour]);
    }
}

void ys_ev_brokerage(const ys_state *st, const int winner[YS_COLOURS])
{
    cJSON *e = add("ys.brokerage");
    if (!e) return;
    cJSON *cols = cJSON_AddArrayToObject(e, "columns");
    for (int c = 0; c < YS_COLOURS; c++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "colour", ys_gem_name[c]);
        seat_field(o, "winner", winner[c], st);
        cJSON_AddItemToArray(cols, o);
    }
}

void ys_ev_reveal(const ys_state *st, int d)
{
    cJSON *e = add("ys.reveal");
    if (!e) return;
    cJSON_AddNumberToObject(e, "district", d + 1);
    cJSON *zones = cJSON_AddArrayToObject(e, "zones");
    for (int z = 0; z < YS_ZONES; z++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "zone", ys_zone_name[z]);
        cJSON_AddItemToObject(o, "brokers", brokers_at(st, YS_ZONE_LOC(d, z)));
        cJSON_AddItemToArray(zones, o);
    }
}

void ys_ev_port(const ys_state *st, int d, const int total[], const int present[])
{
    ys_ev_context("port");
    cJSON *e = add("ys.port");
    if (!e) return;
    cJSON_AddNumberToObject(e, "district", d + 1);
    cJSON_AddItemToObject(e, "standings", standings(st, total, present));
    cJSON_AddItemToObject(e, "gems", gem_list(st->port_gems, st->port_gems_n));
    if (cJSON_GetArraySize(cJSON_GetObjectItem(e, "standings")) == 0)
        cJSON_AddStringToObject(e, "variant", "empty");
}

void ys_ev_zone(const ys_state *st, int d, int z, const int total[], const int present[], int winner,
                int prize)
{
    static const char *const for_zone[YS_ZONES] = {"port zone", "trade", "palace"};
    ys_ev_context(for_zone[z]);
    cJSON *e = add("ys.zone");
    if (!e) return;
    cJSON_AddNumberToObject(e, "district", d + 1);
    cJSON_AddStringToObject(e, "zone", ys_zone_name[z]);
    cJSON_AddItemToObject(e, "standings", standings(st, total, present));
    seat_field(e, "winner", winner, st);
    if (z == 1) cJSON_AddNumberToObject(e, "points", prize);
    if (z == 2) {
        if (prize >= 0 && prize < YS_CARD_KINDS) cJSON_AddStringToObject(e, "card", ys_cards[prize].key);
        else cJSON_AddNullToObject(e, "card");
    }
    static const char *const variant[YS_ZONES] = {"port", "trade", "palace"};
    cJSON_AddStringToObject(e, "variant", winner < 0 ? "empty" : z == 2 && !(prize >= 0 && prize < YS_CARD_KINDS) ? "nocard" : variant[z]);
}

void ys_ev_market(const ys_state *st)
{
    cJSON *e = add("ys.market");
    if (!e) return;
    cJSON *rows = cJSON_AddArrayToObject(e, "rows");
    for (int r = 0; r < YS_ROWS; r++) {
        if (!ys_row_open(st, r)) continue;
        cJSON *o = cJSON_CreateObject(), *cells = cJSON_CreateArray();
        cJSON_AddNumberToObject(o, "row", r);
        for (int c = 0; c < YS_COLOURS; c++) {
            cJSON *b = brokers_at(st, YS_CELL_LOC(c, r));
            const cJSON *x;
            cJSON_ArrayForEach(x, b) cJSON_AddStringToObject((cJSON *)x, "colour", ys_gem_name[c]);
            while (cJSON_GetArraySize(b) > 0) cJSON_AddItemToArray(cells, cJSON_DetachItemFromArray(b, 0));
            cJSON_Delete(b);
        }
        cJSON_AddItemToObject(o, "brokers", cells);
        cJSON_AddItemToArray(rows, o);
    }
}

void ys_ev_row(const ys_state *st, int r, int gem, const int total[], const int present[], int winner)
{
    ys_ev_context("row");
    cJSON *e = add("ys.row");
    if (!e) return;
    cJSON_AddNumberToObject(e, "row", r);
    cJSON_AddStringToObject(e, "gem", ys_gem_name[gem]);
    cJSON_AddItemToObject(e, "standings", standings(st, total, present));
    seat_field(e, "winner", winner, st);
    if (winner < 0) cJSON_AddStringToObject(e, "variant", "empty");
}

/* Y-8.7: the columns, best first, with totals and broker counts; the rate
 * moves follow as ys.rate. */
void ys_ev_columns(const ys_state *st, const int moves[YS_COLOURS])
{
    ys_ev_context("columns");
    cJSON *e = add("ys.columns");
    if (!e) return;
    int total[YS_COLOURS] = {0}, count[YS_COLOURS] = {0};
    for (int q = 0; q < players(st); q++) {
        const ys_player *p = &st->pl[q];
        for (int i = 0; i < p->n_brokers; i++)
            if (YS_IS_CELL(p->b[i].loc)) {
                total[YS_LOC_COLOUR(p->b[i].loc)] += ys_count_value(&p->b[i]);
                count[YS_LOC_COLOUR(p->b[i].loc)]++;
            }
        for (int i = 0; players(st) == 2 && i < YS_NEUTRAL_BROKERS; i++)
            if (YS_IS_CELL(p->nb[i].loc)) {
                total[YS_LOC_COLOUR(p->nb[i].loc)] += p->nb[i].value;
                count[YS_LOC_COLOUR(p->nb[i].loc)]++;
            }
    }
    cJSON *cols = cJSON_AddArrayToObject(e, "columns");
    for (int k = 0; k < YS_COLOURS; k++) {
        int c = st->col_order[k];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "colour", ys_gem_name[c]);
        cJSON_AddNumberToObject(o, "total", total[c]);
        cJSON_AddNumberToObject(o, "brokers", count[c]);
        cJSON_AddNumberToObject(o, "move", moves[k]);
        cJSON_AddItemToArray(cols, o);
    }
}

void ys_ev_majority(const ys_state *st, int winner)
{
    ys_ev_context("majority");
    cJSON *e = add("ys.majority");
    if (!e) return;
    int total[YS_MAX_PLAYERS + 1] = {0}, present[YS_MAX_PLAYERS + 1] = {0};
    for (int q = 0; q < players(st); q++) {
        const ys_player *p = &st->pl[q];
        for (int i = 0; i < p->n_brokers; i++)
            if (YS_IS_CELL(p->b[i].loc)) {
                total[q] += ys_broker_count(st, p, &p->b[i]);
                present[q] = 1;
            }
        for (int i = 0; players(st) == 2 && i < YS_NEUTRAL_BROKERS; i++)
            if (YS_IS_CELL(p->nb[i].loc)) {
                total[YS_NEUTRAL] += ys_events_on(st) ? ys_event_value(st, p->nb[i].loc, p->nb[i].value, p->nb[i].value)
                                                      : p->nb[i].value;
                present[YS_NEUTRAL] = 1;
            }
    }
    cJSON_AddItemToObject(e, "standings", standings(st, total, present));
    seat_field(e, "winner", winner, st);
    if (winner < 0) cJSON_AddStringToObject(e, "variant", "empty");
    else if (winner >= players(st)) cJSON_AddStringToObject(e, "variant", "neutral");
}

void ys_ev_home(const ys_state *st)
{
    cJSON *e = add("ys.home");
    if (!e) return;
    cJSON_AddBoolToObject(e, "front", !ys_opt(st, YS_OPT_KINGS_FAVOUR));
}

/* Y-9.1: every seat has put a broker in the throne room (face down until
 * the game ends); the others went home and each took a 2 from the reserve. */
void ys_ev_throne(const ys_state *st)
{
    cJSON *e = add("ys.throne");
    if (!e) return;
    cJSON_AddNumberToObject(e, "round", st->round);
}

void ys_ev_final(const ys_state *st, const ys_final *f)
{
    ys_ev_context("final");
    cJSON *e = add("ys.final");
    if (!e) return;
    cJSON *rank = cJSON_AddArrayToObject(e, "rates");
    for (int k = 0; k < YS_COLOURS; k++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "colour", ys_gem_name[f->colour_rank[k]]);
        cJSON_AddNumberToObject(o, "rate", st->rate[f->colour_rank[k]]);
        cJSON_AddItemToArray(rank, o);
    }
    cJSON *seats = cJSON_AddArrayToObject(e, "seats");
    int n = players(st), neutral = n == 2;
    for (int q = 0; q <= YS_NEUTRAL; q++) {
        if (q >= n && !(q == YS_NEUTRAL && neutral)) continue;
        cJSON *o = cJSON_CreateObject(), *cols = cJSON_CreateObject();
        seat_field(o, "seat", q, st);
        int sum = f->black_pts[q];
        for (int c = 0; c < YS_COLOURS; c++) {
            cJSON_AddNumberToObject(cols, ys_gem_name[c], f->colour_pts[q][c]);
            sum += f->colour_pts[q][c];
        }
        cJSON_AddItemToObject(o, "colours", cols);
        cJSON_AddNumberToObject(o, "black", f->black_pts[q]);
        int mine = q < YS_NEUTRAL;
        cJSON_AddNumberToObject(o, "throne", mine ? f->throne_pts[q] : 0);
        cJSON_AddNumberToObject(o, "kept", mine ? f->kept_pts[q] : 0);
        cJSON_AddNumberToObject(o, "speculation", mine ? f->spec_pts[q] : 0);
        if (mine) sum += f->throne_pts[q] + f->kept_pts[q] + f->spec_pts[q];
        if (ys_opt(st, YS_OPT_KINGS_FAVOUR) || (mine && (f->kept_pts[q] || f->spec_pts[q])))
            cJSON_AddStringToObject(o, "variant", "full");
        cJSON_AddNumberToObject(o, "points", sum);
        cJSON_AddItemToArray(seats, o);
    }
}

/* ----------------------------------------------------------- the decisions */

/* A card's own effect (Y-7, Y-10): gems, points and rates as they are after
 * the card alone, on a copy, as ledger events. */
static void card_effect_events(const ys_state *before, int seat, gg_action a)
{
    ys_state *copy = malloc(before->base.size);
    if (!copy) return;
    memcpy(copy, before, before->base.size);
    gg_events *sink = gg_ev_sink;
    gg_ev_sink = NULL; /* the copy's steps are not the game's */
    ys_card_apply(copy, seat, a);
    gg_ev_sink = sink;
    ys_ev_context("card");
    for (int q = 0; q < players(before); q++) {
        for (int g = 0; g < YS_GEM_KINDS; g++) {
            int dg = copy->pl[q].gems[g] - before->pl[q].gems[g];
            if (dg) ys_ev_gem(before, q, g, dg);
        }
        int dp = copy->pl[q].score - before->pl[q].score;
        if (dp) ys_ev_points(before, q, dp);
    }
    for (int c = 0; c < YS_COLOURS; c++) ys_ev_rate(before, c, before->rate[c], copy->rate[c]);
    free(copy);
}

static cJSON *decision(const char *kind, int seat)
{
    cJSON *e = add(kind);
    if (e) cJSON_AddNumberToObject(e, "seat", seat);
    return e;
}

/* The notation as everyone may read it (nothing secret). */
static void notation(cJSON *e, const ys_state *st, int seat, gg_action a)
{
    char t[GG_MAX_NOTATION];
    ys_announce(&st->base, seat, a, GG_SPECTATOR, t, sizeof t);
    cJSON_AddStringToObject(e, "notation", t);
}

static void peek_event(const ys_state *st, int seat, gg_action a)
{
    unsigned pay = YS_PAYLOAD(a);
    int loc = pay & 0x7F, q = pay >> 7 & 7, value = -1;
    for (int i = 0; i < st->pl[q].n_brokers; i++)
        if (st->pl[q].b[i].loc == loc && !ys_knows(st, seat, q, &st->pl[q].b[i])) {
            value = st->pl[q].b[i].value;
            break;
        }
    cJSON *e = decision("ys.peek", seat);
    if (!e) return;
    cJSON_AddNumberToObject(e, "target", q);
    where(e, loc);
    if (loc == YS_LOC_THRONE) {
        cJSON_ReplaceItemInObject(e, "where", cJSON_CreateString("throne"));
        cJSON_ReplaceItemInObject(e, "variant", cJSON_CreateString("throne"));
    }
    cJSON_AddNumberToObject(e, "value", value);
    gg_ev_secret(e, "value", 1u << seat);
}

static void place_event(const ys_state *st, int seat, gg_action a)
{
    unsigned pay = YS_PAYLOAD(a);
    int loc = pay & 0x7F, up = pay >> 7 & 1, value = pay >> 8 & 7;
    int front = pay >> 11 & 1, guard = pay >> 12 & 1;
    cJSON *e = decision("ys.place", seat);
    if (!e) return;
    where(e, loc);
    cJSON_AddStringToObject(e, "face", up || guard ? "up" : "down");
    if (front) cJSON_AddBoolToObject(e, "illusion", 1);
    if (guard) cJSON_AddBoolToObject(e, "guard", 1);
    if (value == YS_UNKNOWN_VALUE) return; /* a broker even its owner does not see (Y-6.5) */
    cJSON_AddNumberToObject(e, "value", value);
    if (!(up || guard || front)) gg_ev_secret(e, "value", ys_see_own_hidden(st) ? 1u << seat : 0);
    ys_ev_context("market"); /* Y-6.4: a point for a market place */
}

void ys_decision_events(const gg_state *s, int seat, gg_action a, gg_events *ev)
{
    (void)ev;
    const ys_state *st = (const ys_state *)s;
    unsigned pay = YS_PAYLOAD(a);
    cJSON *e;
    ys_ev_context("");
    switch (YS_KIND(a)) {
    case YS_A_BID:
        if (!(e = decision("ys.bid", seat))) break;
        cJSON_AddItemToObject(e, "brokers", cJSON_CreateIntArray((const int[]){(int)(pay & 7), (int)(pay >> 3 & 7)}, 2));
        gg_ev_secret(e, "brokers", 1u << seat);
        break;
    case YS_A_ORDER:
        if ((e = decision("ys.order", seat))) cJSON_AddNumberToObject(e, "place", pay);
        break;
    case YS_A_PLACE: place_event(st, seat, a); break;
    case YS_A_NEUTRAL:
        if (!(e = decision("ys.neutral", seat))) break;
        where(e, (int)(pay & 0x7F));
        cJSON_AddNumberToObject(e, "value", pay >> 8 & 7);
        gg_ev_secret(e, "value", 1u << seat); /* Y-9.4: only its placer knows */
        if (YS_IS_CELL(pay & 0x7F)) { /* the neutral's market point (Y-9.4, Y-6.4) */
            ys_ev_context("market");
            ys_ev_points(st, YS_NEUTRAL, 1);
        }
        break;
    case YS_A_REFILL:
        if ((e = decision("ys.refill", seat))) cJSON_AddNumberToObject(e, "value", pay);
        break;
    case YS_A_PEEK: peek_event(st, seat, a); break;
    case YS_A_PASS: decision("ys.pass", seat); break;
    case YS_A_GEM:
        ys_ev_context(st->gem_kind == YS_GEM_PORT ? "port" : st->gem_kind == YS_GEM_WHITE ? "white" : "blue");
        break;
    case YS_A_COLUMN:
        if ((e = decision("ys.column", seat))) cJSON_AddStringToObject(e, "colour", ys_gem_name[pay & 7]);
        break;
    case YS_A_RATE: ys_ev_context("majority"); break;
    case YS_A_THRONE:
        if (!(e = decision("ys.throne_pick", seat))) break;
        cJSON_AddNumberToObject(e, "value", pay);
        gg_ev_secret(e, "value", 1u << seat);
        break;
    case YS_A_SPECULATE:
        if (!(e = decision("ys.speculate", seat))) break;
        if (pay < YS_COLOURS) cJSON_AddStringToObject(e, "colour", ys_gem_name[pay]);
        else cJSON_AddNullToObject(e, "colour");
        gg_ev_secret(e, "colour", 1u << seat);
        break;
    case YS_A_PLAY: {
        int card = (int)YS_PLAY_CARD(a);
        if (!(e = decision("ys.play", seat))) break;
        cJSON_AddStringToObject(e, "card", ys_cards[card].key);
        if (card == YC_IMITATOR && st->imitating)
            cJSON_AddStringToObject(e, "copies", ys_cards[st->imitating - 1].key);
        notation(e, st, seat, a);
        card_effect_events(st, seat, a);
        ys_ev_context("card");
        break;
    }
    case YS_A_SMUGGLE:
        if ((e = decision("ys.action", seat))) notation(e, st, seat, a);
        ys_ev_context("smuggling");
        break;
    default:
        if ((e = decision("ys.action", seat))) notation(e, st, seat, a);
        break;
    }
}

/* ------------------------------------------------------------- the kinds */

const gg_event_kind ys_event_kinds[YS_N_EVENT_KINDS] = {
    {"ys.round", "round: n, ports: [{district: n, gems: [gem]}], market: [{row: n, gem}], "
                 "palace: [{district: n, card: card|null}], events?: [{event, district?: n}]",
     "a round begins: the ships in the ports, the market gems, the palace cards (Y-4)"},
    {"ys.bid", "seat, brokers: [n, n] (secret: the seat)", "a seat bids two brokers (Y-5.1)"},
    {"ys.bids", "bids: [{seat, brokers: [n], total: n}] best first",
     "every bid is in and revealed: the ranking that chooses turn places (Y-5.2)"},
    {"ys.order", "seat, place: n", "a seat takes a turn place (Y-5.2)"},
    {"ys.place", "seat, where: zone|market|line|smuggling|other, district?: n, zone?, row?: n, "
                 "colour?, place?, face: up|down, value?: n (secret when face down: the seat), "
                 "illusion?: true, guard?: true",
     "a seat places a broker (Y-6.2)"},
    {"ys.neutral", "seat, where…, value: n (secret: the seat)", "a seat places a neutral broker (Y-9.4)"},
    {"ys.refill", "seat, value: n", "the Illusionist's owner refills the front (Y-7.10)"},
    {"ys.peek", "seat, target: seat, where…|throne, value: n (secret: the seat)", "a Spy peek (Y-7.8)"},
    {"ys.pass", "seat", "a seat passes (a card window, or after placing)"},
    {"ys.play", "seat, card, copies?: card, notation", "a seat plays a character card (Y-7)"},
    {"ys.column", "seat, colour", "a seat puts a tied market column next (Y-8.7)"},
    {"ys.throne_pick", "seat, value: n (secret: the seat)", "a seat puts a broker in the throne room (Y-9.1)"},
    {"ys.speculate", "seat, colour|null (secret: the seat)", "a Speculation pick (Y-10.31)"},
    {"ys.action", "seat, notation", "any other decision, in public notation"},
    {"ys.reveal", "district: n, zones: [{zone, brokers: [{seat, value: n}]}]",
     "a district's brokers are turned face up before it is scored (Y-8.2)"},
    {"ys.port", "district: n, standings: [{seat, total: n}], gems: [gem]",
     "a port's ship gems are shared by rank (Y-8.4); the gems follow as ys.gem"},
    {"ys.zone", "district: n, zone, standings, winner: seat|null, points?: n, card?: card|null",
     "a zone is scored: the port zone's black gem, the trade points, the palace card (Y-8.4)"},
    {"ys.market", "rows: [{row: n, brokers: [{seat, value: n, colour}]}]",
     "the market's brokers are turned face up (Y-8.6)"},
    {"ys.row", "row: n, gem, standings, winner: seat|null", "a market row's gem goes to its best total (Y-8.6)"},
    {"ys.columns", "columns: [{colour, total: n, brokers: n, move: n}] best first",
     "the market columns move the rates (Y-8.7); the moves follow as ys.rate"},
    {"ys.majority", "standings, winner: seat|null", "the market majority (Y-8.8)"},
    {"ys.gem", "seat, gem, n: n (negative: lost), for", "a seat's gems change"},
    {"ys.points", "seat, points: n, for", "a seat scores (or loses) points"},
    {"ys.rate", "colour, from: n, to: n, for", "a colour's rate moves (Y-1.6)"},
    {"ys.home", "front: bool", "the brokers on the board (and in front) go home (Y-8.9)"},
    {"ys.throne", "round: n", "every seat has chosen its throne broker (Y-9.1)"},
    {"ys.embassy", "standings, gems: [gem]",
     "the Embassy: every palace scored as one district, the centre ship's gems shared by rank (Y-10.20); the gems follow as ys.gem"},
    {"ys.smuggling", "card: n (1|2), standings, winner: seat|null, colour? (the neutral's)",
     "a Smuggling card's brokers are counted: the best total chooses 2 coloured gems, 1 black gem or 3 points (Y-10.21)"},
    {"ys.brokerage", "columns: [{colour, winner: seat|null}]",
     "Brokerage: each market column's gem to its best total (Y-10.22); the gems follow as ys.gem"},
    {"ys.final", "rates: [{colour, rate: n}], seats: [{seat, colours: {colour: n}, black: n, "
                 "throne?: n, kept?: n, speculation?: n, points: n}]",
     "the final scoring (Y-8.10, Y-8.11, Y-9.1); the points follow as ys.points"},
};
_Static_assert(sizeof ys_event_kinds / sizeof ys_event_kinds[0] == YS_N_EVENT_KINDS, "count");
