/*
 * ys_json.c — Ys as JSON: the per-seat view (Y-11), the full referee state
 * (a position format) with a loader that refuses anything inconsistent, and
 * determinize. Formats: docs/formats.md, Ys section.
 *
 * What a seat may know about a broker is decided in one place, ys_knows()
 * and ys_knows_neutral() (ys.c); this file only asks. Once the game is over
 * every view shows everything (Y-11.4).
 */
#include <string.h>

#include "ys/ys.h"

/* Keys are string literals: add them without copying (fewer allocations). */
static void add_num(cJSON *o, const char *key, double v)
{
    cJSON_AddItemToObjectCS(o, key, cJSON_CreateNumber(v));
}

static void add_bool(cJSON *o, const char *key, int v)
{
    cJSON_AddItemToObjectCS(o, key, cJSON_CreateBool(v));
}

static void add_str(cJSON *o, const char *key, const char *v)
{
    cJSON_AddItemToObjectCS(o, key, cJSON_CreateStringReference(v));
}

static cJSON *add_array(cJSON *o, const char *key)
{
    cJSON *a = cJSON_CreateArray();
    cJSON_AddItemToObjectCS(o, key, a);
    return a;
}

static cJSON *add_object(cJSON *o, const char *key)
{
    cJSON *a = cJSON_CreateObject();
    cJSON_AddItemToObjectCS(o, key, a);
    return a;
}

static void push_num(cJSON *a, double v) { cJSON_AddItemToArray(a, cJSON_CreateNumber(v)); }
static void push_str(cJSON *a, const char *v) { cJSON_AddItemToArray(a, cJSON_CreateStringReference(v)); }

static void sort_u8(uint8_t *v, int n)
{
    for (int i = 1; i < n; i++) {
        uint8_t x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];
        v[j] = x;
    }
}

static cJSON *values_array(uint8_t *v, int n)
{
    sort_u8(v, n);
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) push_num(a, v[i]);
    return a;
}

/* Coloured and black gems, keyed by colour (white never stays: Y-1.7). */
static cJSON *gems_object(const uint8_t *g)
{
    cJSON *o = cJSON_CreateObject();
    for (int k = 0; k <= YS_BLACK; k++) add_num(o, ys_gem_name[k], g[k]);
    return o;
}

static int kings_favour(const ys_state *st) { return ys_opt(st, YS_OPT_KINGS_FAVOUR) != 0; }

/* Y-10.3: event card c as files and views name it: its key, "2" added for
 * the second copy ("smuggling2"). */
static const char *event_name(int c, char buf[32])
{
    snprintf(buf, 32, "%s%s", ys_events[ys_event_card_kind[c]].key, ys_event_card_copy[c] ? "2" : "");
    return buf;
}

static int embassy_card(void)
{
    for (int c = 0; c < YS_EVENT_CARDS; c++)
        if (ys_event_card_kind[c] == YE_EMBASSY) return c;
    return 0;
}

static int parse_event(const cJSON *v)
{
    char buf[32];
    if (!cJSON_IsString(v)) return -1;
    for (int c = 0; c < YS_EVENT_CARDS; c++)
        if (!strcmp(event_name(c, buf), v->valuestring)) return c;
    return -1;
}

static cJSON *event_list(uint16_t mask)
{
    char buf[32];
    cJSON *a = cJSON_CreateArray();
    for (int c = 0; c < YS_EVENT_CARDS; c++)
        if (mask >> c & 1) cJSON_AddItemToArray(a, cJSON_CreateString(event_name(c, buf)));
    return a;
}


/* Inside the placement turns (Y-6.1): the turn number means something. */
static int in_placement(const ys_state *st)
{
    return !st->over && (st->stage == YS_ST_PLACE || st->stage == YS_ST_REFILL || st->stage == YS_ST_AFTER ||
                         st->stage == YS_ST_SPY);
}

/* ------------------------------------------------------------------ view */

/* One broker on the board as the viewer sees it. The fields are exactly
 * what the view prints, so sorting by them gives an order that reveals
 * nothing: two brokers that print alike are interchangeable. */
typedef struct seen_broker {
    uint8_t seat;   /* owner, or YS_NEUTRAL */
    uint8_t placer; /* neutral: the seat that placed it */
    uint8_t down, hidden, value, merc, just, seen;
} seen_broker;

static seen_broker see(const ys_state *st, int viewer, int q, const ys_broker *b, int neutral)
{
    seen_broker s;
    int known = st->over || (neutral ? ys_knows_neutral(st, viewer, q, b) : ys_knows(st, viewer, q, b));
    s.seat = (uint8_t)(neutral ? YS_NEUTRAL : q);
    s.placer = (uint8_t)(neutral ? q : 0);
    s.down = !(b->flags & YS_F_UP);
    s.hidden = !known;
    s.value = known ? b->value : 0;
    s.merc = (b->flags & YS_F_MERC) != 0;
    s.just = (b->flags & YS_F_JUST) != 0;
    s.seen = b->known;
    return s;
}

/* Canonical order: seat (the neutral last), face (up first), known values
 * ascending with hidden ones last, then the public marks. */
static int seen_cmp(const seen_broker *a, const seen_broker *b)
{
    const uint8_t ka[] = {a->seat, a->placer, a->down, a->hidden, a->value, a->merc, a->just, a->seen};
    const uint8_t kb[] = {b->seat, b->placer, b->down, b->hidden, b->value, b->merc, b->just, b->seen};
    return memcmp(ka, kb, sizeof ka);
}

static cJSON *broker_object(const seen_broker *s)
{
    cJSON *o = cJSON_CreateObject();
    if (s->seat == YS_NEUTRAL) {
        add_str(o, "seat", "neutral");
        add_num(o, "placer", s->placer);
    } else {
        add_num(o, "seat", s->seat);
    }
    add_str(o, "face", s->down ? "down" : "up");
    if (!s->hidden) add_num(o, "value", s->value);
    if (s->merc) add_bool(o, "mercenary", 1);
    if (s->just) add_bool(o, "just_placed", 1);
    if (s->seen) {
        cJSON *a = add_array(o, "seen_by");
        for (int q = 0; q < YS_MAX_PLAYERS; q++)
            if (s->seen >> q & 1) push_num(a, q);
    }
    return o;
}

/* Every broker on the board (zones and market cells), grouped by place. */
typedef struct board_view {
    seen_broker zone[YS_DISTRICTS * YS_ZONES][YS_MAX_PLAYERS * (YS_BROKERS + YS_NEUTRAL_BROKERS)];
    int zone_n[YS_DISTRICTS * YS_ZONES];
    seen_broker cell[YS_COLOURS * YS_ROWS];
    uint8_t cell_used[YS_COLOURS * YS_ROWS];
    seen_broker line[YS_BROKERS]; /* Y-10.12: the Philosopher's brokers between zones */
    uint8_t line_loc[YS_BROKERS];
    int line_n;
} board_view;

static void board_put(board_view *bv, int loc, seen_broker s)
{
    if (YS_IS_ZONE(loc)) {
        int z = loc - YS_LOC_ZONE0, n = bv->zone_n[z]++;
        seen_broker *arr = bv->zone[z];
        int j = n;
        for (; j > 0 && seen_cmp(&arr[j - 1], &s) > 0; j--) arr[j] = arr[j - 1];
        arr[j] = s;
    } else if (YS_IS_CELL(loc)) {
        bv->cell[loc - YS_LOC_CELL0] = s;
        bv->cell_used[loc - YS_LOC_CELL0] = 1;
    } else if (YS_IS_LINE(loc) && bv->line_n < YS_BROKERS) { /* by place, then as seen */
        int j = bv->line_n++;
        for (; j > 0 && (bv->line_loc[j - 1] > loc || (bv->line_loc[j - 1] == loc && seen_cmp(&bv->line[j - 1], &s) > 0)); j--) {
            bv->line[j] = bv->line[j - 1];
            bv->line_loc[j] = bv->line_loc[j - 1];
        }
        bv->line[j] = s;
        bv->line_loc[j] = (uint8_t)loc;
    }
}

static cJSON *loc_string(int loc);

/* Y-10.12, Y-11.1: brokers on lines, each with its line and the two zones. */
static cJSON *view_lines(const ys_state *st, const board_view *bv)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < bv->line_n; i++) {
        int z[2];
        cJSON *o = broker_object(&bv->line[i]);
        cJSON_AddItemToObjectCS(o, "line", loc_string(bv->line_loc[i]));
        ys_line_zones(st, bv->line_loc[i], z);
        cJSON *zs = add_array(o, "zones");
        cJSON_AddItemToArray(zs, loc_string(z[0]));
        cJSON_AddItemToArray(zs, loc_string(z[1]));
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static void board_collect(const ys_state *st, int viewer, board_view *bv)
{
    memset(bv->zone_n, 0, sizeof bv->zone_n);
    memset(bv->cell_used, 0, sizeof bv->cell_used);
    bv->line_n = 0;
    for (int q = 0; q < st->base.players; q++) {
        const ys_player *p = &st->pl[q];
        for (int i = 0; i < p->n_brokers; i++)
            if (YS_IS_BOARD(p->b[i].loc)) board_put(bv, p->b[i].loc, see(st, viewer, q, &p->b[i], 0));
        if (st->base.players != 2) continue;
        for (int i = 0; i < YS_NEUTRAL_BROKERS; i++)
            if (YS_IS_BOARD(p->nb[i].loc)) board_put(bv, p->nb[i].loc, see(st, viewer, q, &p->nb[i], 1));
    }
}

static cJSON *view_city(const ys_state *st, const board_view *bv)
{
    cJSON *city = cJSON_CreateArray();
    for (int d = 0; d < st->districts; d++) {
        cJSON *o = cJSON_CreateObject();
        add_num(o, "district", d + 1);
        if (st->port_ship[d] == YS_NONE) {
            cJSON_AddItemToObjectCS(o, "ship", cJSON_CreateNull());
        } else {
            uint8_t gems[4];
            int n = ys_ship_gems(st, st->port_ship[d], gems);
            cJSON *ship = add_object(o, "ship");
            add_num(ship, "card", st->port_ship[d] + 1);
            cJSON *g = add_array(ship, "gems");
            for (int i = 0; i < n; i++) push_str(g, ys_gem_name[gems[i]]);
        }
        for (int z = 0; z < YS_ZONES; z++) {
            int loc = YS_ZONE_LOC(d, z), k = loc - YS_LOC_ZONE0;
            cJSON *zone = add_object(o, ys_zone_name[z]);
            cJSON *arr = add_array(zone, "brokers");
            for (int i = 0; i < bv->zone_n[k]; i++) cJSON_AddItemToArray(arr, broker_object(&bv->zone[k][i]));
            add_bool(zone, "queen", st->queen_loc == loc); /* Y-7.16 */
        }
        if (st->palace_card[d] == YS_NONE) cJSON_AddItemToObjectCS(o, "palace_card", cJSON_CreateNull());
        else add_str(o, "palace_card", ys_cards[st->palace_card[d]].key);
        add_num(o, "pile", st->pile_n[d]); /* Y-11.1: how many, never which (Y-11.3) */
        cJSON_AddItemToArray(city, o);
    }
    return city;
}

static cJSON *view_market(const ys_state *st, const board_view *bv)
{
    cJSON *m = cJSON_CreateObject();
    cJSON *rows = add_array(m, "rows");
    for (int r = 0; r < YS_ROWS; r++) {
        cJSON *o = cJSON_CreateObject();
        add_num(o, "row", r);
        if (st->market_gem[r] == YS_NONE) cJSON_AddItemToObjectCS(o, "gem", cJSON_CreateNull());
        else add_str(o, "gem", ys_gem_name[st->market_gem[r]]);
        add_bool(o, "open", ys_row_open(st, r));
        cJSON_AddItemToArray(rows, o);
    }
    cJSON *cols = add_object(m, "columns");
    for (int c = 0; c < YS_COLOURS; c++) {
        cJSON *a = add_array(cols, ys_gem_name[c]);
        for (int r = 0; r < YS_ROWS; r++) {
            int k = YS_CELL_LOC(c, r) - YS_LOC_CELL0;
            cJSON_AddItemToArray(a, bv->cell_used[k] ? broker_object(&bv->cell[k]) : cJSON_CreateNull());
        }
    }
    return m;
}

static cJSON *card_list(uint32_t mask)
{
    cJSON *a = cJSON_CreateArray();
    for (int c = 0; c < YS_CARD_KINDS; c++)
        if (mask >> c & 1) push_str(a, ys_cards[c].key);
    return a;
}

/* Ys+ (Y-10.2): kept cards and the choices named this scoring, public;
 * written only in a Ys+ game so other games' files stay as they were. */
static void add_ysplus_player(const ys_state *st, const ys_player *p, cJSON *o)
{
    if (!ys_opt(st, YS_OPT_YSPLUS)) return;
    cJSON_AddItemToObjectCS(o, "kept", card_list(p->kept));
    if (p->investor_colour) add_str(o, "investor", ys_gem_name[p->investor_colour - 1]);
    if (p->professor_district) add_num(o, "professor", p->professor_district);
    if (p->customs_colour) add_str(o, "customs_officer", ys_gem_name[p->customs_colour - 1]);
    if (p->guard_placed) add_bool(o, "guard_placed", 1);
    if (p->imitated) add_str(o, "imitated", ys_cards[p->imitated - 1].key); /* Y-10.7 */
    if (p->lines_placed) add_num(o, "lines_placed", p->lines_placed); /* Y-10.12 */
}

static cJSON *view_player(const ys_state *st, int q, int viewer)
{
    const ys_player *p = &st->pl[q];
    int mine = viewer == q || st->over;
    uint8_t front[YS_BROKERS], screen[YS_BROKERS], throne[YS_BROKERS], unseen[YS_BROKERS];
    int nf = 0, nfh = 0, ns = 0, nt = 0, nth = 0, nu = 0, reserve = 0;
    for (int i = 0; i < p->n_brokers; i++) {
        const ys_broker *b = &p->b[i];
        int known = st->over || ys_knows(st, viewer, q, b);
        if (!known) unseen[nu++] = b->value; /* Y-11.1: follows from the public set */
        switch (b->loc) {
        case YS_LOC_SCREEN:
            if (mine) screen[ns] = b->value;
            ns++;
            break;
        case YS_LOC_FRONT:
            if (known) front[nf++] = b->value;
            else nfh++; /* a bid not yet revealed (Y-5.1) */
            break;
        case YS_LOC_THRONE:
            if (known) throne[nt++] = b->value;
            else nth++;
            break;
        case YS_LOC_RESERVE: reserve++; break;
        default: break;
        }
    }
    cJSON *o = cJSON_CreateObject();
    add_num(o, "seat", q);
    add_num(o, "score", p->score);
    add_num(o, "order", p->order);
    cJSON_AddItemToObjectCS(o, "gems", gems_object(p->gems));
    cJSON_AddItemToObjectCS(o, "front", values_array(front, nf));
    add_num(o, "front_hidden", nfh);
    if (mine) cJSON_AddItemToObjectCS(o, "screen", values_array(screen, ns));
    add_num(o, "screen_count", ns);
    add_bool(o, "bid_done", p->bid_done);
    if (kings_favour(st)) {
        cJSON_AddItemToObjectCS(o, "throne", values_array(throne, nt));
        add_num(o, "throne_hidden", nth);
        add_num(o, "reserve", reserve);
    }
    if (p->spy_peeks) add_num(o, "spy_peeks_left", p->spy_peeks);
    cJSON *cards = add_array(o, "cards");
    for (int c = 0; c < YS_CARD_KINDS; c++) {
        if (!(p->hand >> c & 1)) continue;
        cJSON *co = cJSON_CreateObject();
        add_str(co, "card", ys_cards[c].key);
        add_bool(co, "playable", !st->over && ys_can_play(st, q, c)); /* Y-7.1, Y-7.2: public */
        if (p->fresh >> c & 1) add_bool(co, "fresh", 1);
        cJSON_AddItemToArray(cards, co);
    }
    cJSON_AddItemToObjectCS(o, "active", card_list(p->active));
    add_ysplus_player(st, p, o);
    add_num(o, "played", p->played);
    cJSON_AddItemToObjectCS(o, "unseen", values_array(unseen, nu));
    cJSON *pts = add_object(o, "points");
    add_num(pts, "trade", p->pts_trade);
    add_num(pts, "market", p->pts_market);
    add_num(pts, "cards", p->pts_cards);
    if (ys_events_on(st)) add_num(pts, "events", p->pts_events); /* Y-10.21, Y-10.24 */
    if (st->base.players == 2) {
        /* Y-9.4: the neutral brokers in this seat's hand; the opponent
         * knows only how many. */
        uint8_t hand[YS_NEUTRAL_BROKERS];
        int nh = 0;
        for (int i = 0; i < YS_NEUTRAL_BROKERS; i++)
            if (p->nb[i].loc == YS_LOC_HAND) hand[nh++] = p->nb[i].value;
        if (mine) cJSON_AddItemToObjectCS(o, "neutral_hand", values_array(hand, nh));
        add_num(o, "neutral_hand_count", nh);
    }
    return o;
}

static cJSON *final_entry(const ys_state *st, const ys_final *f, int q)
{
    int neutral = q == YS_NEUTRAL;
    const uint8_t *gems = neutral ? st->neutral_gems : st->pl[q].gems;
    cJSON *o = cJSON_CreateObject();
    if (neutral) cJSON_AddItemToObjectCS(o, "seat", cJSON_CreateNull());
    else add_num(o, "seat", q);
    add_num(o, "total", neutral ? st->neutral_score : st->pl[q].score);
    cJSON *cols = add_object(o, "colours");
    for (int c = 0; c < YS_COLOURS; c++) {
        cJSON *e = add_object(cols, ys_gem_name[c]);
        add_num(e, "gems", gems[c]);
        add_num(e, "points", f->colour_pts[q][c]);
    }
    add_num(o, "black_gems", gems[YS_BLACK]);
    add_num(o, "black_points", f->black_pts[q]);
    if (neutral) {
        add_num(o, "market_points", st->neutral_market);
        return o;
    }
    if (kings_favour(st)) {
        add_num(o, "throne_total", f->throne_total[q]);
        add_num(o, "kings_favour_points", f->throne_pts[q]);
    }
    if (ys_opt(st, YS_OPT_YSPLUS)) add_num(o, "trafficker_points", f->kept_pts[q]); /* Y-10.15 */
    if (ys_events_on(st)) {
        add_num(o, "speculation_points", f->spec_pts[q]); /* Y-10.31 */
        add_num(o, "event_points", st->pl[q].pts_events);
    }
    add_num(o, "trade_points", st->pl[q].pts_trade);
    add_num(o, "market_points", st->pl[q].pts_market);
    add_num(o, "card_points", st->pl[q].pts_cards);
    return o;
}

static void view_final(const ys_state *st, cJSON *obj)
{
    ys_final f;
    memset(&f, 0, sizeof f);
    ys_final_scores(st, &f);
    cJSON *ranks = add_array(obj, "colour_ranks");
    for (int i = 0; i < YS_COLOURS; i++) push_str(ranks, ys_gem_name[f.colour_rank[i]]);
    cJSON *fin = add_array(obj, "final");
    for (int q = 0; q < st->base.players; q++) cJSON_AddItemToArray(fin, final_entry(st, &f, q));
    if (st->base.players == 2) cJSON_AddItemToArray(fin, final_entry(st, &f, YS_NEUTRAL));
}

static int holder_of(const ys_state *st, int card)
{
    for (int q = 0; q < st->base.players; q++)
        if (st->pl[q].active >> card & 1) return q;
    return -1;
}

/* "4 2 1 0": the neutral's broker set (Y-9.4). */
static const ys_broker_set *neutral_set(const ys_state *st)
{
    return ys_opt(st, YS_OPT_STRONG_NEUTRAL) ? &ys_brokers_strong_neutral : &ys_brokers_neutral;
}

/* How many ship cards the game was dealt: 24, or 20 in Ys Express (Y-2.5). */
static int ships_in_game(const ys_state *st)
{
    int n = 0;
    for (int i = 0; i < YS_SHIPS; i++)
        if (!ys_opt(st, YS_OPT_EXPRESS) ||
            (ys_ships[i].small[0] != YS_WHITE && ys_ships[i].small[1] != YS_WHITE))
            n++;
    return n;
}

/* Y-11.1: the events in effect are public; Y-11.2: a Speculation pick only
 * for its own seat (everyone once the game is over, Y-11.4). */
static void view_events(const ys_state *st, int viewer, cJSON *obj)
{
    char buf[32];
    cJSON *ev = add_object(obj, "events");
    cJSON_AddItemToObjectCS(ev, "active", event_list(st->ev_active));
    cJSON *ports = add_array(ev, "ports");
    for (int d = 0; d < st->districts; d++)
        cJSON_AddItemToArray(ports, st->port_event[d] ? cJSON_CreateString(event_name(st->port_event[d] - 1, buf))
                                                      : cJSON_CreateNull());
    if (st->centre_ship) { /* Y-10.20 */
        uint8_t gems[4];
        int n = ys_ship_gems(st, st->centre_ship - 1, gems);
        cJSON *ship = add_object(ev, "centre_ship");
        add_num(ship, "card", st->centre_ship);
        cJSON *g = add_array(ship, "gems");
        for (int i = 0; i < n; i++) push_str(g, ys_gem_name[gems[i]]);
    }
    cJSON_AddItemToObjectCS(ev, "gone", event_list(st->ev_gone));
    cJSON_AddItemToObjectCS(ev, "discarded", event_list(st->ev_discarded));
    cJSON_AddItemToObjectCS(ev, "characters_discarded", card_list(st->char_gone));
    for (int copy = 0; copy < 2; copy++) { /* Y-10.21: the brokers on each Smuggling card */
        int loc = YS_LOC_SMUGGLE0 + copy;
        seen_broker arr[YS_MAX_PLAYERS * (YS_BROKERS + YS_NEUTRAL_BROKERS)];
        int n = 0;
        for (int q = 0; q < st->base.players; q++)
            for (int i = 0; i < st->pl[q].n_brokers + (st->base.players == 2 ? YS_NEUTRAL_BROKERS : 0); i++) {
                int neutral = i >= st->pl[q].n_brokers;
                const ys_broker *b = neutral ? &st->pl[q].nb[i - st->pl[q].n_brokers] : &st->pl[q].b[i];
                if (b->loc != loc) continue;
                seen_broker sb = see(st, viewer, q, b, neutral);
                int j = n++;
                for (; j > 0 && seen_cmp(&arr[j - 1], &sb) > 0; j--) arr[j] = arr[j - 1];
                arr[j] = sb;
            }
        if (!n && ys_event_refusal(st, 0, loc, 1, YS_LOC_SCREEN)) continue; /* no such card out */
        cJSON *a = add_array(ev, copy ? "smuggling2" : "smuggling1");
        for (int i = 0; i < n; i++) cJSON_AddItemToArray(a, broker_object(&arr[i]));
    }
    cJSON *sp = add_array(ev, "speculation"); /* per seat: null not chosen (or hidden), "none", a colour */
    for (int q = 0; q < st->base.players; q++) {
        int done = st->spec_done >> q & 1;
        if (!done) cJSON_AddItemToArray(sp, cJSON_CreateNull());
        else if (q != viewer && !st->over) cJSON_AddItemToArray(sp, cJSON_CreateStringReference("hidden"));
        else cJSON_AddItemToArray(sp, cJSON_CreateStringReference(st->spec_pick[q] ? ys_gem_name[st->spec_pick[q] - 1] : "none"));
    }
}

/* The decision in words for players, as catalogue id + fields (issue 23):
 * {"kind": "ys.decide.<stage>", "seat": actor, ...}, written in the reader's
 * language by gg_event_text from data/i18n/<lang>.json like an event. It says
 * what ys_decision_text says (tests/unit/test_words_prompt.c checks the two
 * agree in English); "decision" stays the engine's English line. */
static void view_prompt(const ys_state *st, cJSON *obj)
{
    cJSON *p = add_object(obj, "prompt");
    char kind[48];
    snprintf(kind, sizeof kind, "ys.decide.%s", ys_stage_name(st));
    cJSON_AddItemToObjectCS(p, "kind", cJSON_CreateString(kind)); /* a copy: kind is on the stack */
    int a = st->actor;
    switch (st->stage) {
    case YS_ST_BID: case YS_ST_THRONE: case YS_ST_SPECULATE: return; /* every seat at once */
    case YS_ST_WINDOW: case YS_ST_ORDER: case YS_ST_REFILL: case YS_ST_AFTER: case YS_ST_COLUMN:
    case YS_ST_MAJORITY: case YS_ST_SETTLE: case YS_ST_SMUGGLE:
        add_num(p, "seat", a);
        return;
    case YS_ST_PLACE:
        add_num(p, "seat", a);
        add_num(p, "turn", st->turn + 1);
        add_num(p, "turns", st->turns);
        if (st->base.players == 2) add_str(p, "variant", "neutral");
        return;
    case YS_ST_SPY:
        add_num(p, "seat", a);
        add_num(p, "left", st->pl[a].spy_peeks);
        return;
    case YS_ST_GEM:
        add_num(p, "seat", a);
        add_str(p, "variant", st->gem_kind == YS_GEM_PORT ? "port" : st->gem_kind == YS_GEM_WHITE ? "white" : "any");
        return;
    case YS_ST_IMITATE:
        add_num(p, "seat", a);
        add_num(p, "from", st->imit_from);
        if (st->imitating) add_str(p, "card", ys_cards[st->imitating - 1].key);
        else add_str(p, "variant", "unknown");
        return;
    default: {
        gg_result r;
        ys_result(&st->base, &r);
        cJSON *w = add_array(p, "winners");
        int best = 0;
        for (int q = 0; q < r.players; q++)
            if (r.rank[q] == 1) {
                if (!cJSON_GetArraySize(w)) best = r.score[q];
                push_num(w, q);
            }
        add_num(p, "points", best);
        if (r.winners > 1) add_str(p, "variant", "shared");
        return;
    }
    }
}

void ys_view(const gg_state *s, int seat, cJSON *obj)
{
    const ys_state *st = (const ys_state *)s;
    int n = s->players;
    char text[256];
    add_num(obj, "round", st->round > YS_ROUNDS ? YS_ROUNDS : st->round);
    add_str(obj, "stage", ys_stage_name(st));
    if (st->stage == YS_ST_IMITATE && st->imitating) { /* Y-10.7: public */
        add_str(obj, "imitating", ys_cards[st->imitating - 1].key);
        add_num(obj, "imitating_from", st->imit_from);
    }
    ys_decision_text(st, text, sizeof text);
    cJSON_AddStringToObject(obj, "decision", text);
    view_prompt(st, obj);
    if (in_placement(st)) add_num(obj, "turn", st->turn + 1);
    add_num(obj, "turns", st->turns);
    cJSON *order = add_array(obj, "turn_order"); /* Y-5.3: seats by order card */
    for (int k = 1; k <= n; k++)
        for (int q = 0; q < n; q++)
            if (st->pl[q].order == k) push_num(order, q);
    add_num(obj, "ship_deck_left", st->ship_n); /* Y-11.3: never the order */
    /* Ships drawn and no longer in a port (the market's, earlier rounds'):
     * every player saw them. */
    uint8_t gone[YS_SHIPS];
    int ng = 0, total = ships_in_game(st);
    for (int i = st->ship_n; i < total; i++) {
        int in_port = 0;
        for (int d = 0; d < YS_DISTRICTS; d++) in_port |= st->port_ship[d] == st->ship_deck[i];
        if (!in_port) gone[ng++] = (uint8_t)(st->ship_deck[i] + 1);
    }
    cJSON_AddItemToObjectCS(obj, "ship_discards", values_array(gone, ng));
    int piles = 0;
    for (int d = 0; d < YS_DISTRICTS; d++) piles += st->pile_n[d];
    add_num(obj, "palace_piles_left", piles);
    add_num(obj, "blue_cards_waiting", st->blue_left);
    add_num(obj, "districts", st->districts);
    int q = holder_of(st, YC_INTRIGUER);
    if (q >= 0) add_num(obj, "intriguer", q);
    if ((q = holder_of(st, YC_MERCHANT)) >= 0) add_num(obj, "merchant", q);
    if (!st->over && st->stage == YS_ST_GEM) {
        static const char *const gem_for[] = {"", "port", "any", "white"};
        if (st->gem_kind >= YS_GEM_PORT && st->gem_kind <= YS_GEM_WHITE)
            add_str(obj, "gem_for", gem_for[st->gem_kind]);
        if (st->gem_kind == YS_GEM_PORT) { /* Y-8.4: what is left to choose from */
            uint8_t g[4];
            int k = 0;
            for (int i = 0; i < st->port_gems_n && i < 4; i++) g[k++] = st->port_gems[i];
            sort_u8(g, k);
            cJSON *a = add_array(obj, "port_gems_left");
            for (int i = 0; i < k; i++) push_str(a, ys_gem_name[g[i]]);
        }
    }
    if (!st->over && st->stage == YS_ST_COLUMN) { /* Y-8.7 */
        cJSON *a = add_array(obj, "column_order");
        for (int c = 0; c < YS_COLOURS; c++) push_str(a, ys_gem_name[st->col_order[c] & 3]);
        add_num(obj, "columns_fixed", st->col_fixed);
    }
    if (!st->over && st->stage == YS_ST_ORDER) {
        /* Y-5.2: the bids are revealed; in this ranking seats pick places. */
        cJSON *a = add_array(obj, "bid_ranking");
        for (int k = 0; k < n; k++) push_num(a, st->bid_rank[k]);
        cJSON *pl = add_array(obj, "turn_places");
        for (int k = 1; k <= n; k++) {
            int who = -1;
            for (int i = 0; i < st->cursor; i++)
                if (st->place_of[st->bid_rank[i]] == k) who = st->bid_rank[i];
            cJSON_AddItemToArray(pl, who < 0 ? cJSON_CreateNull() : cJSON_CreateNumber(who));
        }
    }

    board_view bv;
    board_collect(st, seat, &bv);
    cJSON_AddItemToObjectCS(obj, "city", view_city(st, &bv));
    if (ys_opt(st, YS_OPT_YSPLUS)) cJSON_AddItemToObjectCS(obj, "lines", view_lines(st, &bv));
    cJSON_AddItemToObjectCS(obj, "market", view_market(st, &bv));

    cJSON *rates = add_object(obj, "rates");
    for (int c = 0; c < YS_COLOURS; c++) add_num(rates, ys_gem_name[c], st->rate[c]);
    cJSON *players = add_array(obj, "players");
    for (int p = 0; p < n; p++) cJSON_AddItemToArray(players, view_player(st, p, seat));
    if (n == 2) { /* Y-9.4 */
        const ys_broker_set *set = neutral_set(st);
        char b[24] = "";
        for (int i = 0; i < set->n; i++)
            snprintf(b + strlen(b), sizeof b - strlen(b), "%s%d", i ? " " : "", set->v[i]);
        cJSON *ne = add_object(obj, "neutral");
        add_num(ne, "score", st->neutral_score);
        add_num(ne, "market_points", st->neutral_market);
        cJSON_AddStringToObject(ne, "brokers", b);
        cJSON_AddItemToObjectCS(ne, "gems", gems_object(st->neutral_gems));
    }
    if (ys_events_on(st)) view_events(st, seat, obj);
    if (st->over) view_final(st, obj);
}

/* ------------------------------------------------------------------ save */

static const char *const step_name[] = {
    "prepare", "bid", "order", "placement_window", "placement", "end_placement", "scoring_window",
    "district", "market_rows", "columns", "majority", "end_window", "return", "throne",
    "end_round", "final", "speculate", "events"}; /* index 16 ("over") was never written */
static const char *const stage_name[] = {"none", "bid", "order", "window", "place", "refill",
                                         "after", "gem", "column", "majority", "throne", "over",
                                         "imitate", "settle", "speculate", "smuggle", "spy"};
static const char *const window_name[] = {"none", "start_of_placement", "before_placing",
                                          "after_placing", "start_of_scoring", "end_of_scoring",
                                          "immediate"};
static const char *const gem_kind_name[] = {"none", "port", "any", "white"};
static const char *const flag_name[8] = {"up", "bid", "mercenary", "just", "illusion",
                                         "bit5", "bit6", "bit7"};
enum { N_STEPS = YS_STEP_EVENTS + 1, N_STAGES = YS_ST_SPY + 1, N_WINDOWS = YS_WIN_IMMEDIATE + 1,
       N_GEM_KINDS = YS_GEM_WHITE + 1, KNOWN_FLAGS = 5 };

static const char *name_of(const char *const *names, int n, int v) { return v >= 0 && v < n ? names[v] : "?"; }

static cJSON *loc_string(int loc)
{
    char buf[24];
    ys_loc_text(loc, buf, sizeof buf);
    return cJSON_CreateString(buf);
}

static cJSON *save_broker(const ys_broker *b)
{
    cJSON *o = cJSON_CreateObject();
    add_num(o, "value", b->value);
    cJSON_AddItemToObjectCS(o, "loc", loc_string(b->loc));
    if (b->flags) {
        cJSON *f = add_array(o, "flags");
        for (int i = 0; i < 8; i++)
            if (b->flags >> i & 1) push_str(f, flag_name[i]);
    }
    if (b->known) {
        cJSON *k = add_array(o, "known");
        for (int i = 0; i < 8; i++)
            if (b->known >> i & 1) push_num(k, i);
    }
    return o;
}

static cJSON *gem_or_null(int g)
{
    return g == YS_NONE ? cJSON_CreateNull() : cJSON_CreateStringReference(name_of(ys_gem_name, YS_GEM_KINDS, g));
}

static cJSON *card_or_null(int c)
{
    return c == YS_NONE ? cJSON_CreateNull() : cJSON_CreateStringReference(ys_cards[c].key);
}

static cJSON *all_gems_object(const uint8_t *g)
{
    cJSON *o = cJSON_CreateObject();
    for (int k = 0; k < YS_GEM_KINDS; k++) add_num(o, ys_gem_name[k], g[k]);
    return o;
}

static cJSON *u8_array(const uint8_t *v, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) push_num(a, v[i]);
    return a;
}

static cJSON *participant(int q)
{
    return q == YS_NEUTRAL ? cJSON_CreateStringReference("neutral") : cJSON_CreateNumber(q);
}

static cJSON *save_player(const ys_state *st, const ys_player *p)
{
    cJSON *o = cJSON_CreateObject();
    add_num(o, "score", p->score);
    cJSON *pts = add_object(o, "points");
    add_num(pts, "trade", p->pts_trade);
    add_num(pts, "market", p->pts_market);
    add_num(pts, "cards", p->pts_cards);
    if (ys_events_on(st)) add_num(pts, "events", p->pts_events);
    cJSON_AddItemToObjectCS(o, "gems", all_gems_object(p->gems));
    add_num(o, "order", p->order);
    add_bool(o, "bid_done", p->bid_done);
    add_num(o, "played", p->played);
    add_num(o, "spy_peeks", p->spy_peeks);
    add_bool(o, "throne_done", p->throne_done);
    cJSON_AddItemToObjectCS(o, "hand", card_list(p->hand));
    cJSON_AddItemToObjectCS(o, "fresh", card_list(p->fresh));
    cJSON_AddItemToObjectCS(o, "active", card_list(p->active));
    add_ysplus_player(st, p, o);
    cJSON *b = add_array(o, "brokers");
    for (int i = 0; i < p->n_brokers; i++) cJSON_AddItemToArray(b, save_broker(&p->b[i]));
    if (st->base.players == 2) {
        cJSON *nb = add_array(o, "neutral_brokers");
        for (int i = 0; i < YS_NEUTRAL_BROKERS; i++) cJSON_AddItemToArray(nb, save_broker(&p->nb[i]));
    }
    return o;
}

/* Y-10.3: the events (written only in a game with events). */
static void save_events(const ys_state *st, cJSON *obj)
{
    char buf[32];
    cJSON *ev = add_object(obj, "events");
    cJSON_AddItemToObjectCS(ev, "active", event_list(st->ev_active));
    cJSON *ports = add_array(ev, "ports");
    for (int d = 0; d < YS_DISTRICTS; d++)
        cJSON_AddItemToArray(ports, st->port_event[d] ? cJSON_CreateString(event_name(st->port_event[d] - 1, buf))
                                                      : cJSON_CreateNull());
    cJSON_AddItemToObjectCS(ev, "out", event_list(st->ev_out));
    cJSON_AddItemToObjectCS(ev, "gone", event_list(st->ev_gone));
    cJSON_AddItemToObjectCS(ev, "discarded", event_list(st->ev_discarded));
    cJSON_AddItemToObjectCS(ev, "centre_ship", st->centre_ship ? cJSON_CreateNumber(st->centre_ship) : cJSON_CreateNull());
    cJSON_AddItemToObjectCS(ev, "characters_discarded", card_list(st->char_gone));
    cJSON *sp = add_array(ev, "speculation");
    for (int q = 0; q < st->base.players; q++)
        cJSON_AddItemToArray(sp, !(st->spec_done >> q & 1) ? cJSON_CreateNull()
                                 : cJSON_CreateStringReference(st->spec_pick[q] ? ys_gem_name[st->spec_pick[q] - 1] : "none"));
}

void ys_save(const gg_state *s, cJSON *obj)
{
    const ys_state *st = (const ys_state *)s;
    int n = s->players;
    add_num(obj, "round", st->round);
    add_str(obj, "step", name_of(step_name, N_STEPS, st->step));
    add_str(obj, "stage", name_of(stage_name, N_STAGES, st->stage));
    add_str(obj, "window", name_of(window_name, N_WINDOWS, st->window));
    add_bool(obj, "over", st->over);
    if (st->stage == YS_ST_IMITATE) { /* Y-10.7: the card to copy, and where the flow resumes */
        cJSON *im = add_object(obj, "imitation");
        add_str(im, "card", st->imitating ? ys_cards[st->imitating - 1].key : "?");
        add_str(im, "stage", name_of(stage_name, N_STAGES, st->imit_stage));
        add_num(im, "from", st->imit_from);
    }
    add_num(obj, "actor", st->actor);
    add_num(obj, "cursor", st->cursor);
    add_num(obj, "turn", st->turn);
    add_num(obj, "turns", st->turns);
    add_num(obj, "districts", st->districts);
    cJSON *rates = add_object(obj, "rates");
    for (int c = 0; c < YS_COLOURS; c++) add_num(rates, ys_gem_name[c], st->rate[c]);

    /* Ship cards numbered from 1; the deck bottom first, then the cards
     * drawn from it, in the order they still lie above the deck. */
    int total = ships_in_game(st);
    cJSON *a = add_array(obj, "ship_deck");
    for (int i = 0; i < st->ship_n; i++) push_num(a, st->ship_deck[i] + 1);
    a = add_array(obj, "ships_drawn");
    for (int i = st->ship_n; i < total; i++) push_num(a, st->ship_deck[i] + 1);
    a = add_array(obj, "ports");
    for (int d = 0; d < YS_DISTRICTS; d++)
        cJSON_AddItemToArray(a, st->port_ship[d] == YS_NONE ? cJSON_CreateNull()
                                                           : cJSON_CreateNumber(st->port_ship[d] + 1));
    a = add_array(obj, "market");
    for (int r = 0; r < YS_ROWS; r++) cJSON_AddItemToArray(a, gem_or_null(st->market_gem[r]));

    a = add_array(obj, "piles");
    for (int d = 0; d < YS_DISTRICTS; d++) {
        cJSON *pile = cJSON_CreateArray();
        for (int i = 0; i < st->pile_n[d]; i++) {
            char buf[40], eb[32];
            int x = st->pile[d][i];
            if (YS_IS_EVENT_CODE(x)) { /* Y-10.3 */
                snprintf(buf, sizeof buf, "event:%s", event_name(x - YS_EVENT_CODE0, eb));
                cJSON_AddItemToArray(pile, cJSON_CreateString(buf));
            } else {
                push_str(pile, ys_cards[x].key);
            }
        }
        cJSON_AddItemToArray(a, pile);
    }
    a = add_array(obj, "palace_cards");
    for (int d = 0; d < YS_DISTRICTS; d++) cJSON_AddItemToArray(a, card_or_null(st->palace_card[d]));
    a = add_array(obj, "unused");
    for (int i = 0; i < st->unused_n; i++) push_str(a, ys_cards[st->unused[i]].key);
    add_num(obj, "blue_left", st->blue_left);
    if (st->queen_loc == YS_NONE) {
        cJSON_AddItemToObjectCS(obj, "queen", cJSON_CreateNull());
    } else {
        cJSON *q = add_object(obj, "queen");
        cJSON_AddItemToObjectCS(q, "zone", loc_string(st->queen_loc));
        add_num(q, "owner", st->queen_owner);
    }

    cJSON_AddItemToObjectCS(obj, "turn_order", u8_array(st->turn_order, n));
    cJSON_AddItemToObjectCS(obj, "bid_rank", u8_array(st->bid_rank, n));
    cJSON_AddItemToObjectCS(obj, "place_of", u8_array(st->place_of, n));
    a = add_array(obj, "places_taken");
    for (int k = 0; k < YS_MAX_PLAYERS; k++)
        if (st->places_taken >> k & 1) push_num(a, k + 1);
    cJSON *placed = add_object(obj, "placed");
    add_num(placed, "up", st->n_up);
    add_num(placed, "down", st->n_down);
    add_num(placed, "neutral", st->n_neutral);
    add_num(obj, "district", st->district);
    add_num(obj, "dstep", st->dstep);
    a = add_array(obj, "revealed");
    for (int d = 0; d < YS_DISTRICTS; d++)
        if (st->revealed >> d & 1) push_num(a, d + 1);
    if (st->revealed >> 4 & 1) push_str(a, "market");
    if (st->revealed >> 5 & 1) push_str(a, "smuggling"); /* Y-10.21 */
    add_str(obj, "gem_kind", name_of(gem_kind_name, N_GEM_KINDS, st->gem_kind));
    a = add_array(obj, "port_gems");
    for (int i = 0; i < 4; i++) push_str(a, name_of(ys_gem_name, YS_GEM_KINDS, st->port_gems[i]));
    add_num(obj, "port_gems_n", st->port_gems_n);
    a = add_array(obj, "share_rank");
    for (int i = 0; i < YS_MAX_PLAYERS + 1; i++) cJSON_AddItemToArray(a, participant(st->share_rank[i]));
    add_num(obj, "share_n", st->share_n);
    add_num(obj, "share_pos", st->share_pos);
    add_num(obj, "share_left", st->share_left);
    a = add_array(obj, "col_order");
    for (int c = 0; c < YS_COLOURS; c++) push_str(a, name_of(ys_gem_name, YS_COLOURS, st->col_order[c]));
    add_num(obj, "col_fixed", st->col_fixed);
    add_num(obj, "col_chooser", st->col_chooser);

    cJSON *ne = add_object(obj, "neutral");
    add_num(ne, "score", st->neutral_score);
    add_num(ne, "market", st->neutral_market);
    cJSON_AddItemToObjectCS(ne, "gems", all_gems_object(st->neutral_gems));
    cJSON *players = add_array(obj, "players");
    for (int q = 0; q < n; q++) cJSON_AddItemToArray(players, save_player(st, &st->pl[q]));
    if (ys_events_on(st)) save_events(st, obj);
}

/* ------------------------------------------------------------------ load */

typedef struct load_ctx {
    ys_state *st;
    gg_error *err;
    int n;               /* players */
    uint8_t card_seen[YS_CARD_KINDS];
    uint16_t event_seen; /* event cards found in the piles */
} load_ctx;

static const cJSON *item(const cJSON *o, const char *key) { return cJSON_GetObjectItemCaseSensitive(o, key); }

static int whole_in(const cJSON *v, int lo, int hi)
{
    return cJSON_IsNumber(v) && v->valuedouble >= lo && v->valuedouble <= hi &&
           v->valuedouble == (double)(int)v->valuedouble;
}

static gg_status get_int(load_ctx *c, const cJSON *o, const char *key, int lo, int hi, int *out)
{
    return ggj_int(o, key, lo, hi, out, c->err);
}

static gg_status get_u8(load_ctx *c, const cJSON *o, const char *key, int lo, int hi, uint8_t *out)
{
    int v;
    gg_status e = ggj_int(o, key, lo, hi, &v, c->err);
    if (!e) *out = (uint8_t)v;
    return e;
}

static gg_status get_bool(load_ctx *c, const cJSON *o, const char *key, uint8_t *out)
{
    const cJSON *v = item(o, key);
    if (!cJSON_IsBool(v)) return gg_fail(c->err, GG_EJSON, "\"%s\" must be true or false", key);
    *out = cJSON_IsTrue(v) ? 1 : 0;
    return GG_OK;
}

static gg_status get_name(load_ctx *c, const cJSON *o, const char *key, const char *const *names, int n,
                          int *out)
{
    const cJSON *v = item(o, key);
    int i = cJSON_IsString(v) ? gg_name_index(names, n, v->valuestring) : -1;
    if (i < 0) {
        char list[300] = "";
        for (int k = 0; k < n; k++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s\"%s\"",
                     k == 0 ? "" : k == n - 1 ? " or " : ", ", names[k]);
        return gg_fail(c->err, GG_EJSON, "\"%s\" must be %s", key, list);
    }
    *out = i;
    return GG_OK;
}

static gg_status get_object(load_ctx *c, const cJSON *o, const char *key, const cJSON **out)
{
    *out = item(o, key);
    if (!cJSON_IsObject(*out)) return gg_fail(c->err, GG_EJSON, "\"%s\" must be an object", key);
    return GG_OK;
}

/* A place by its notation name ("screen", "d2-trade", "blue1"), or -1. */
static int parse_loc(const cJSON *v)
{
    if (!cJSON_IsString(v)) return -1;
    for (int loc = 0; loc < 64; loc++) {
        if (!(loc <= YS_LOC_HAND || YS_IS_BOARD(loc) || YS_IS_SMUGGLE(loc))) continue;
        char buf[24];
        ys_loc_text(loc, buf, sizeof buf);
        if (strcmp(buf, v->valuestring) == 0) return loc;
    }
    return -1;
}

static int parse_card(const cJSON *v)
{
    if (!cJSON_IsString(v)) return -1;
    for (int c = 0; c < YS_CARD_KINDS; c++)
        if (strcmp(ys_cards[c].key, v->valuestring) == 0) return c;
    return -1;
}

/* A gem name: colours and white (what ships show), black only if allowed. */
static int parse_gem(const cJSON *v, int black_ok)
{
    int g = cJSON_IsString(v) ? gg_name_index(ys_gem_name, YS_GEM_KINDS, v->valuestring) : -1;
    return g == YS_BLACK && !black_ok ? -1 : g;
}

/* Y-7: a character may be in one place only (pile, out of the game,
 * palace, a hand, in effect). */
static gg_status claim_card(load_ctx *c, int card, const char *where)
{
    if (card == YC_BLUE) return GG_OK; /* four alike (Y-1.4): counted by blue_left */
    if (c->card_seen[card])
        return gg_fail(c->err, GG_EJSON, "%s: the %s is in two places", where, ys_cards[card].key);
    c->card_seen[card] = 1;
    return GG_OK;
}

static gg_status get_cards(load_ctx *c, const cJSON *o, const char *key, int max, uint8_t *out, int *n,
                           uint32_t *mask)
{
    const cJSON *arr, *it;
    gg_status e = ggj_array(o, key, 0, max, &arr, NULL, c->err);
    if (e) return e;
    int k = 0;
    cJSON_ArrayForEach(it, arr)
    {
        int card = parse_card(it);
        if (card < 0) return gg_fail(c->err, GG_EJSON, "\"%s\"[%d] is not a card key", key, k);
        if (mask) {
            if (*mask >> card & 1) return gg_fail(c->err, GG_EJSON, "\"%s\" lists the %s twice", key, ys_cards[card].key);
            *mask |= 1u << card;
        }
        if (out) out[k] = (uint8_t)card;
        k++;
    }
    if (n) *n = k;
    return GG_OK;
}

static gg_status load_broker(load_ctx *c, const cJSON *o, const char *where, ys_broker *b)
{
    int v;
    gg_error *err = c->err;
    if (!cJSON_IsObject(o)) return gg_fail(err, GG_EJSON, "%s must be objects {\"value\", \"loc\", ...}", where);
    if (ggj_int(o, "value", 0, 4, &v, err)) return gg_fail(err, GG_EJSON, "%s: \"value\" must be 0 to 4", where);
    int loc = parse_loc(item(o, "loc"));
    if (loc < 0) return gg_fail(err, GG_EJSON, "%s: \"loc\" must name a place (screen, front, throne, reserve, hand, d1-port, blue2, ...)", where);
    b->value = (uint8_t)v;
    b->loc = (uint8_t)loc;
    const cJSON *f = item(o, "flags"), *it;
    if (f) {
        if (!cJSON_IsArray(f)) return gg_fail(err, GG_EJSON, "%s: \"flags\" must be an array of names", where);
        cJSON_ArrayForEach(it, f)
        {
            int i = cJSON_IsString(it) ? gg_name_index(flag_name, KNOWN_FLAGS, it->valuestring) : -1;
            if (i < 0 || (b->flags >> i & 1))
                return gg_fail(err, GG_EJSON, "%s: \"flags\" takes up, bid, mercenary, just, illusion, each once", where);
            b->flags |= (uint8_t)(1u << i);
        }
    }
    const cJSON *k = item(o, "known");
    if (k) {
        if (!cJSON_IsArray(k)) return gg_fail(err, GG_EJSON, "%s: \"known\" must be an array of seats", where);
        cJSON_ArrayForEach(it, k)
        {
            if (!whole_in(it, 0, c->n - 1) || (b->known >> (int)it->valuedouble & 1))
                return gg_fail(err, GG_EJSON, "%s: \"known\" lists seats 0 to %d, each once", where, c->n - 1);
            b->known |= (uint8_t)(1u << (int)it->valuedouble);
        }
    }
    return GG_OK;
}

/* Y-1.2: the broker values a player owns, as counts per value. */
static void expected_values(const ys_state *st, int count[5])
{
    const ys_broker_set *set = ys_opt(st, YS_OPT_EXPRESS) || st->base.players == 5 ? &ys_brokers_short
                                                                                   : &ys_brokers_standard;
    memset(count, 0, 5 * sizeof(int));
    for (int i = 0; i < set->n; i++) count[set->v[i]]++;
    if (kings_favour(st))
        for (int i = 0; i < ys_brokers_reserve.n; i++) count[ys_brokers_reserve.v[i]]++;
}

static gg_status load_gems(load_ctx *c, const cJSON *o, const char *who, uint8_t *g)
{
    const cJSON *gems = item(o, "gems");
    if (!cJSON_IsObject(gems)) return gg_fail(c->err, GG_EJSON, "%s: \"gems\" must be an object", who);
    for (int k = 0; k < YS_GEM_KINDS; k++) {
        int v;
        if (ggj_int(gems, ys_gem_name[k], 0, k == YS_WHITE ? 0 : 99, &v, NULL))
            return gg_fail(c->err, GG_EJSON, k == YS_WHITE ? "%s: \"white\" gems must be 0 (Y-1.7, Y-8.5)"
                                                          : "%s: \"%s\" gems must be 0 to 99",
                           who, ys_gem_name[k]);
        g[k] = (uint8_t)v;
    }
    return GG_OK;
}

/* Ys+ player fields (Y-10.2): kept cards, the choices named this scoring. */
static gg_status load_ysplus_player(load_ctx *c, const cJSON *o, ys_player *p, const char *where)
{
    const ys_state *st = c->st;
    gg_status e;
    const char *keys[7] = {"kept", "investor", "professor", "customs_officer", "guard_placed", "imitated",
                           "lines_placed"};
    if (!ys_opt(st, YS_OPT_YSPLUS)) {
        for (int k = 0; k < 7; k++)
            if (item(o, keys[k])) return gg_fail(c->err, GG_EJSON, "%s: \"%s\" is for Ys+ games (Y-10.2)", where, keys[k]);
        return GG_OK;
    }
    if ((e = get_cards(c, o, "kept", 3, NULL, NULL, &p->kept))) return e;
    for (int card = 0; card < YS_CARD_KINDS; card++) {
        if (!(p->kept >> card & 1)) continue;
        if (!ys_is_kept(card) || !ys_in_deck(st, card))
            return gg_fail(c->err, GG_EJSON, "%s: \"kept\" lists only the favourite, pope, trafficker of this game", where);
        if ((e = claim_card(c, card, where))) return e;
    }
    const int card_of[3] = {YC_INVESTOR, YC_PROFESSOR, YC_CUSTOMS_OFFICER};
    uint8_t *field[3] = {&p->investor_colour, &p->professor_district, &p->customs_colour};
    for (int k = 0; k < 3; k++) {
        const cJSON *v = item(o, keys[k + 1]);
        *field[k] = 0;
        if (!v) continue;
        if (!(p->active >> card_of[k] & 1))
            return gg_fail(c->err, GG_EJSON, "%s: \"%s\" needs the %s in effect", where, keys[k + 1], ys_cards[card_of[k]].key);
        int x = k == 1 ? (cJSON_IsNumber(v) && v->valuedouble >= 1 && v->valuedouble <= st->districts ? (int)v->valuedouble - 1 : -1)
                       : parse_gem(v, 0);
        if (x < 0 || (k == 0 && x >= YS_COLOURS))
            return gg_fail(c->err, GG_EJSON, "%s: \"%s\" must name %s", where, keys[k + 1],
                           k == 1 ? "a district in play (1..)" : k == 0 ? "a colour" : "a colour or white");
        *field[k] = (uint8_t)(x + 1);
    }
    for (int k = 0; k < 3; k++)
        if ((p->active >> card_of[k] & 1) && !*field[k])
            return gg_fail(c->err, GG_EJSON, "%s: the %s in effect needs \"%s\"", where, ys_cards[card_of[k]].key, keys[k + 1]);
    const cJSON *g = item(o, "guard_placed"); /* Y-10.6 */
    p->guard_placed = 0;
    if (g) {
        if (!cJSON_IsTrue(g)) return gg_fail(c->err, GG_EJSON, "%s: \"guard_placed\" is true or left out", where);
        if (!(p->active >> YC_ROYAL_GUARD & 1) || st->step < YS_STEP_PLACEMENT ||
            (st->step > YS_STEP_THRONE && st->step != YS_STEP_EVENTS))
            return gg_fail(c->err, GG_EJSON, "%s: \"guard_placed\" needs the royal_guard in effect, from placement to the round's end (Y-10.6)", where);
        p->guard_placed = 1;
    }
    const cJSON *im = item(o, "imitated"); /* Y-10.7: an active bit that is the Imitator's copy */
    p->imitated = 0;
    if (im) {
        int card = parse_card(im);
        if (!ys_copyable(card) || !(p->active >> card & 1))
            return gg_fail(c->err, GG_EJSON, "%s: \"imitated\" names a card in effect for this seat (Y-10.7)", where);
        p->imitated = (uint8_t)(card + 1);
    }
    p->lines_placed = 0; /* Y-10.12 */
    if (item(o, "lines_placed")) {
        if ((e = get_u8(c, o, "lines_placed", 1, 2, &p->lines_placed))) return e;
        if (!(p->active >> YC_PHILOSOPHER & 1) || st->step < YS_STEP_PLACEMENT ||
            (st->step > YS_STEP_THRONE && st->step != YS_STEP_EVENTS))
            return gg_fail(c->err, GG_EJSON, "%s: \"lines_placed\" needs the philosopher in effect, from placement to the round's end (Y-10.12)", where);
    }
    return GG_OK;
}

static gg_status load_player(load_ctx *c, const cJSON *o, int q)
{
    ys_state *st = c->st;
    ys_player *p = &st->pl[q];
    gg_error *err = c->err;
    char where[48];
    int v;
    gg_status e;
    snprintf(where, sizeof where, "seat %d", q);
    if (!cJSON_IsObject(o)) return gg_fail(err, GG_EJSON, "\"players\"[%d] must be an object", q);
    if ((e = get_int(c, o, "score", ys_events_on(st) ? -30 : 0, 30000, &v))) return e; /* Y-10.31: -2 at the end */
    p->score = (int16_t)v;
    const cJSON *pts;
    if ((e = get_object(c, o, "points", &pts))) return e;
    if ((e = get_int(c, pts, "trade", 0, 30000, &v))) return e;
    p->pts_trade = (int16_t)v;
    if ((e = get_int(c, pts, "market", 0, 30000, &v))) return e;
    p->pts_market = (int16_t)v;
    if ((e = get_int(c, pts, "cards", 0, 30000, &v))) return e;
    p->pts_cards = (int16_t)v;
    if (ys_events_on(st)) { /* Y-10.21, Y-10.24 */
        if ((e = get_int(c, pts, "events", 0, 30000, &v))) return e;
        p->pts_events = (int16_t)v;
    } else if (item(pts, "events")) {
        return gg_fail(err, GG_EJSON, "seat %d: \"events\" points are for games with the events (Y-10.3)", q);
    }
    if ((e = load_gems(c, o, where, p->gems))) return e;
    if ((e = get_u8(c, o, "order", 1, c->n, &p->order))) return e;
    if ((e = get_bool(c, o, "bid_done", &p->bid_done))) return e;
    if ((e = get_u8(c, o, "played", 0, 2, &p->played))) return e; /* Y-7.1 */
    if ((e = get_u8(c, o, "spy_peeks", 0, 3, &p->spy_peeks))) return e; /* Y-7.8 */
    if ((e = get_bool(c, o, "throne_done", &p->throne_done))) return e;
    if ((e = get_cards(c, o, "hand", YS_CARD_KINDS, NULL, NULL, &p->hand))) return e;
    if ((e = get_cards(c, o, "fresh", YS_CARD_KINDS, NULL, NULL, &p->fresh))) return e;
    if ((e = get_cards(c, o, "active", YS_CARD_KINDS, NULL, NULL, &p->active))) return e;
    if ((e = load_ysplus_player(c, o, p, where))) return e;
    for (int card = 0; card < YS_CARD_KINDS; card++) {
        uint32_t mine = (p->hand | p->active) & ~(p->imitated ? 1u << (p->imitated - 1) : 0u); /* Y-10.7 */
        if ((mine >> card & 1) && (e = claim_card(c, card, where))) return e;
        if ((p->hand >> card & 1) && (p->active >> card & 1))
            return gg_fail(err, GG_EJSON, "seat %d both holds and has played the %s", q, ys_cards[card].key);
        if ((p->hand >> card & 1) && ys_cards[card].window == YS_WIN_IMMEDIATE)
            return gg_fail(err, GG_EJSON, "seat %d holds the %s, which acts at once when won (%s)", q,
                           ys_cards[card].key, ys_cards[card].rule);
    }
    if (p->fresh & ~p->hand) return gg_fail(err, GG_EJSON, "seat %d: \"fresh\" cards must be in its hand (Y-7.1)", q);
    const uint32_t lasting = 1u << YC_BISHOP | 1u << YC_SPY | 1u << YC_ILLUSIONIST | 1u << YC_INTRIGUER |
                             1u << YC_MERCHANT | 1u << YC_QUEEN | 1u << YC_MERCENARY | 1u << YC_FINANCIER |
                             1u << YC_INVESTOR | 1u << YC_PROFESSOR | 1u << YC_CUSTOMS_OFFICER | 1u << YC_ROYAL_GUARD |
                             1u << YC_PHILOSOPHER;
    if (p->active & ~lasting)
        return gg_fail(err, GG_EJSON, "seat %d: \"active\" may list only bishop, spy, illusionist, intriguer, merchant, queen, mercenary, financier, investor, professor, customs_officer, royal_guard, philosopher", q);
    for (int card = 0; card < YS_CARD_KINDS; card++)
        if (((p->hand | p->active) >> card & 1) && !ys_in_deck(st, card))
            return gg_fail(err, GG_EJSON, "seat %d: the %s is not in this game's deck (Y-2.3, Y-10.2)", q, ys_cards[card].key);
    if (p->spy_peeks && !(p->active >> YC_SPY & 1))
        return gg_fail(err, GG_EJSON, "seat %d has Spy peeks without the Spy in effect (Y-7.8)", q);

    /* Brokers (Y-1.2): the whole set, each in a valid place. */
    int want[5], have[5] = {0}, total = 0;
    expected_values(st, want);
    for (int k = 0; k < 5; k++) total += want[k];
    const cJSON *arr, *it;
    if ((e = ggj_array(o, "brokers", 0, YS_BROKERS, &arr, NULL, err))) return e;
    int i = 0;
    snprintf(where, sizeof where, "seat %d's brokers", q);
    cJSON_ArrayForEach(it, arr)
    {
        if ((e = load_broker(c, it, where, &p->b[i]))) return e;
        if (p->b[i].loc == YS_LOC_HAND) return gg_fail(err, GG_EJSON, "%s: only neutral brokers are in a hand", where);
        have[p->b[i].value]++;
        i++;
    }
    p->n_brokers = (uint8_t)i;
    if (memcmp(have, want, sizeof have) != 0)
        return gg_fail(err, GG_EJSON,
                       "%s: a player has %d brokers: %d 0s, %d 1s, %d 2s, %d 3s, %d 4s (Y-1.2, Y-9.1, Y-9.2)",
                       where, total, want[0], want[1], want[2], want[3], want[4]);
    const cJSON *nb = item(o, "neutral_brokers");
    if (c->n != 2) {
        if (nb) return gg_fail(err, GG_EJSON, "seat %d: \"neutral_brokers\" exist only with 2 players (Y-9.4)", q);
        return GG_OK;
    }
    if ((e = ggj_array(o, "neutral_brokers", YS_NEUTRAL_BROKERS, YS_NEUTRAL_BROKERS, &arr, NULL, err))) return e;
    const ys_broker_set *set = neutral_set(st);
    int nhave[5] = {0}, nwant[5] = {0};
    for (int k = 0; k < set->n; k++) nwant[set->v[k]]++;
    i = 0;
    snprintf(where, sizeof where, "seat %d's neutral brokers", q);
    cJSON_ArrayForEach(it, arr)
    {
        ys_broker *b = &p->nb[i++];
        if ((e = load_broker(c, it, where, b))) return e;
        /* Y-9.4; Y-10.21 ruling: the neutral may go to a Smuggling card (whether
         * that card is out this round is checked with the other brokers). */
        int placed = YS_IS_BOARD(b->loc) || YS_IS_SMUGGLE(b->loc);
        if (!(b->loc == YS_LOC_HAND || placed) || YS_IS_LINE(b->loc) || b->flags || b->known)
            return gg_fail(err, GG_EJSON,
                           "%s are in the hand, on the board (never on a line) or on a Smuggling card, "
                           "face down, unseen (Y-9.4, Y-10.21)", where);
        nhave[b->value]++;
    }
    if (memcmp(nhave, nwant, sizeof nhave) != 0)
        return gg_fail(err, GG_EJSON, "%s must be %s (Y-9.4)", where,
                       set == &ys_brokers_neutral ? "4 2 1 0" : "4 3 1 0 (strong neutral)");
    return GG_OK;
}

/* Ship cards: the deck, the cards drawn from it, the ports, the market. */
static gg_status load_ships(load_ctx *c, const cJSON *obj)
{
    ys_state *st = c->st;
    gg_error *err = c->err;
    const cJSON *deck, *drawn, *ports, *it;
    uint8_t seen[YS_SHIPS] = {0};
    int total = ships_in_game(st), nd, nr;
    gg_status e;
    if ((e = ggj_array(obj, "ship_deck", 0, total, &deck, &nd, err))) return e;
    if ((e = ggj_array(obj, "ships_drawn", 0, total, &drawn, &nr, err))) return e;
    if (nd + nr != total)
        return gg_fail(err, GG_EJSON, "\"ship_deck\" and \"ships_drawn\" must hold the %d ship cards of the game (Y-2.5)", total);
    int k = 0;
    for (int part = 0; part < 2; part++) {
        const cJSON *list = part ? drawn : deck;
        cJSON_ArrayForEach(it, list)
        {
            if (!whole_in(it, 1, YS_SHIPS))
                return gg_fail(err, GG_EJSON, "ship cards are numbers from 1 to %d", YS_SHIPS);
            int s = (int)it->valuedouble - 1;
            const ys_ship *sh = &ys_ships[s];
            if (seen[s]) return gg_fail(err, GG_EJSON, "ship card %d appears twice", s + 1);
            if (ys_opt(st, YS_OPT_EXPRESS) && (sh->small[0] == YS_WHITE || sh->small[1] == YS_WHITE))
                return gg_fail(err, GG_EJSON, "ship card %d shows white: not in Ys Express (Y-9.2)", s + 1);
            seen[s] = 1;
            st->ship_deck[k++] = (uint8_t)s;
        }
    }
    st->ship_n = (uint8_t)nd;
    if ((e = ggj_array(obj, "ports", YS_DISTRICTS, YS_DISTRICTS, &ports, NULL, err))) return e;
    k = 0;
    cJSON_ArrayForEach(it, ports)
    {
        if (cJSON_IsNull(it)) {
            st->port_ship[k++] = YS_NONE;
            continue;
        }
        if (!whole_in(it, 1, YS_SHIPS) || k >= st->districts)
            return gg_fail(err, GG_EJSON, "\"ports\"[%d] must be a ship card 1 to %d of a district in play, or null", k, YS_SHIPS);
        st->port_ship[k++] = (uint8_t)(it->valuedouble - 1);
    }
    const cJSON *market;
    if ((e = ggj_array(obj, "market", YS_ROWS, YS_ROWS, &market, NULL, err))) return e;
    k = 0;
    cJSON_ArrayForEach(it, market)
    {
        int g = cJSON_IsNull(it) ? YS_NONE : parse_gem(it, 0);
        if (g < 0) return gg_fail(err, GG_EJSON, "\"market\"[%d] must be a gem a ship shows (not black), or null", k);
        if (g != YS_NONE && !ys_row_open(st, k))
            return gg_fail(err, GG_EJSON, "market row %d is closed with %d players (Y-4.3)", k, c->n);
        st->market_gem[k++] = (uint8_t)g;
    }
    return GG_OK;
}

/* Character cards: palace piles, palace cards, the unused ones (Y-2.3). */
static gg_status load_characters(load_ctx *c, const cJSON *obj)
{
    ys_state *st = c->st;
    gg_error *err = c->err;
    const cJSON *piles, *it;
    gg_status e;
    if ((e = ggj_array(obj, "piles", YS_DISTRICTS, YS_DISTRICTS, &piles, NULL, err))) return e;
    int d = 0;
    cJSON_ArrayForEach(it, piles)
    {
        int n = 0;
        char where[32];
        snprintf(where, sizeof where, "district %d's pile", d + 1);
        if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) > YS_PILE_MAX)
            return gg_fail(err, GG_EJSON, "\"piles\"[%d] must be an array of at most %d card keys", d, YS_PILE_MAX);
        const cJSON *card;
        cJSON_ArrayForEach(card, it)
        {
            if (ys_events_on(st) && cJSON_IsString(card) && !strncmp(card->valuestring, "event:", 6)) { /* Y-10.3 */
                cJSON tmp = *card;
                tmp.valuestring = card->valuestring + 6;
                int ev = parse_event(&tmp);
                if (ev < 0) return gg_fail(err, GG_EJSON, "%s: \"%.40s\" is not an event card", where, card->valuestring);
                if (c->event_seen >> ev & 1) return gg_fail(err, GG_EJSON, "%s: an event card is in two places", where);
                c->event_seen |= (uint16_t)(1u << ev);
                st->pile[d][n++] = (uint8_t)(YS_EVENT_CODE0 + ev);
                continue;
            }
            int id = parse_card(card);
            if (id < 0 || !ys_in_deck(st, id))
                return gg_fail(err, GG_EJSON, "%s holds characters of this game's deck only (Y-2.3, Y-10.2)", where);
            if ((e = claim_card(c, id, where))) return e;
            st->pile[d][n++] = (uint8_t)id;
        }
        st->pile_n[d++] = (uint8_t)n;
    }
    const cJSON *pal;
    if ((e = ggj_array(obj, "palace_cards", YS_DISTRICTS, YS_DISTRICTS, &pal, NULL, err))) return e;
    d = 0;
    cJSON_ArrayForEach(it, pal)
    {
        int id = cJSON_IsNull(it) ? YS_NONE : parse_card(it);
        if (id < 0) return gg_fail(err, GG_EJSON, "\"palace_cards\"[%d] must be a card key or null", d);
        if (id != YS_NONE) {
            if (d >= st->districts) return gg_fail(err, GG_EJSON, "district %d is not in play (Y-2.2)", d + 1);
            if ((e = claim_card(c, id, "\"palace_cards\""))) return e;
        }
        st->palace_card[d++] = (uint8_t)id;
    }
    uint8_t unused[YS_CARD_KINDS];
    int nu;
    if ((e = get_cards(c, obj, "unused", YS_CARD_KINDS, unused, &nu, NULL))) return e;
    for (int i = 0; i < nu; i++) {
        if (!ys_in_deck(st, unused[i]))
            return gg_fail(err, GG_EJSON, "\"unused\" holds characters of this game's deck only (Y-2.3, Y-10.2)");
        if ((e = claim_card(c, unused[i], "\"unused\""))) return e;
        st->unused[i] = unused[i];
    }
    st->unused_n = (uint8_t)nu;
    return get_u8(c, obj, "blue_left", 0, 4, &st->blue_left);
}

/* Step-machine fields (where ys_advance resumes, who decides). */
static gg_status load_machine(load_ctx *c, const cJSON *obj)
{
    ys_state *st = c->st;
    gg_error *err = c->err;
    int n = c->n, v[YS_MAX_PLAYERS + 1];
    gg_status e;
    if ((e = ggj_ints(obj, "turn_order", 0, n - 1, v, n, n, NULL, err))) return e;
    for (int i = 0; i < n; i++) st->turn_order[i] = (uint8_t)v[i];
    if ((e = ggj_ints(obj, "bid_rank", 0, n - 1, v, n, n, NULL, err))) return e;
    for (int i = 0; i < n; i++) st->bid_rank[i] = (uint8_t)v[i];
    if ((e = ggj_ints(obj, "place_of", 0, n, v, n, n, NULL, err))) return e;
    for (int i = 0; i < n; i++) st->place_of[i] = (uint8_t)v[i];
    int k;
    if ((e = ggj_ints(obj, "places_taken", 1, n, v, 0, n, &k, err))) return e;
    for (int i = 0; i < k; i++) {
        if (st->places_taken >> (v[i] - 1) & 1) return gg_fail(err, GG_EJSON, "\"places_taken\" lists a place twice");
        st->places_taken |= (uint8_t)(1u << (v[i] - 1));
    }
    const cJSON *placed;
    if ((e = get_object(c, obj, "placed", &placed))) return e;
    if ((e = get_u8(c, placed, "up", 0, 2, &st->n_up))) return e; /* 2: the Bishop, Y-7.7 */
    if ((e = get_u8(c, placed, "down", 0, 2, &st->n_down))) return e;
    if ((e = get_u8(c, placed, "neutral", 0, n == 2 ? 1 : 0, &st->n_neutral))) return e;
    if (st->n_up + st->n_down > 2) return gg_fail(err, GG_EJSON, "a turn places 2 brokers (Y-6.2)");
    if ((e = get_u8(c, obj, "district", 0, st->districts, &st->district))) return e;
    if ((e = get_u8(c, obj, "dstep", 0, ys_events_on(st) ? 5 : 4, &st->dstep))) return e;
    const cJSON *rev, *it;
    if ((e = ggj_array(obj, "revealed", 0, YS_DISTRICTS + 2, &rev, NULL, err))) return e;
    cJSON_ArrayForEach(it, rev)
    {
        int bit = cJSON_IsString(it) && !strcmp(it->valuestring, "market") ? 4
                  : cJSON_IsString(it) && !strcmp(it->valuestring, "smuggling") && ys_events_on(st) ? 5
                  : whole_in(it, 1, st->districts)                          ? (int)it->valuedouble - 1
                                                                            : -1;
        if (bit < 0 || (st->revealed >> bit & 1))
            return gg_fail(err, GG_EJSON, "\"revealed\" lists districts in play and \"market\", each once");
        st->revealed |= (uint8_t)(1u << bit);
    }
    if ((e = get_name(c, obj, "gem_kind", gem_kind_name, N_GEM_KINDS, &k))) return e;
    st->gem_kind = (uint8_t)k;
    const cJSON *pg;
    if ((e = ggj_array(obj, "port_gems", 4, 4, &pg, NULL, err))) return e;
    k = 0;
    cJSON_ArrayForEach(it, pg)
    {
        int g = parse_gem(it, 0);
        if (g < 0) return gg_fail(err, GG_EJSON, "\"port_gems\"[%d] must be a gem a ship shows", k);
        st->port_gems[k++] = (uint8_t)g;
    }
    if ((e = get_u8(c, obj, "port_gems_n", 0, n >= 4 ? 4 : 3, &st->port_gems_n))) return e;
    const cJSON *sr;
    if ((e = ggj_array(obj, "share_rank", YS_MAX_PLAYERS + 1, YS_MAX_PLAYERS + 1, &sr, NULL, err))) return e;
    k = 0;
    cJSON_ArrayForEach(it, sr)
    {
        int who = cJSON_IsString(it) && !strcmp(it->valuestring, "neutral") && n == 2 ? YS_NEUTRAL
                  : whole_in(it, 0, n - 1)                                          ? (int)it->valuedouble
                                                                                    : -1;
        if (who < 0) return gg_fail(err, GG_EJSON, "\"share_rank\"[%d] must be a seat (or \"neutral\" with 2 players)", k);
        st->share_rank[k++] = (uint8_t)who;
    }
    if ((e = get_u8(c, obj, "share_n", 0, n == 2 ? 3 : n, &st->share_n))) return e;
    if ((e = get_u8(c, obj, "share_pos", 0, n == 2 ? 3 : n, &st->share_pos))) return e;
    if ((e = get_u8(c, obj, "share_left", 0, 2, &st->share_left))) return e;
    const cJSON *co;
    if ((e = ggj_array(obj, "col_order", YS_COLOURS, YS_COLOURS, &co, NULL, err))) return e;
    k = 0;
    cJSON_ArrayForEach(it, co)
    {
        int g = cJSON_IsString(it) ? gg_name_index(ys_gem_name, YS_COLOURS, it->valuestring) : -1;
        if (g < 0) return gg_fail(err, GG_EJSON, "\"col_order\"[%d] must be blue, green, yellow or red", k);
        st->col_order[k++] = (uint8_t)g;
    }
    if ((e = get_u8(c, obj, "col_fixed", 0, YS_COLOURS, &st->col_fixed))) return e;
    if ((e = get_u8(c, obj, "col_chooser", 0, n - 1, &st->col_chooser))) return e;
    const cJSON *q = item(obj, "queen");
    if (cJSON_IsNull(q)) {
        st->queen_loc = st->queen_owner = YS_NONE;
    } else {
        int loc = cJSON_IsObject(q) ? parse_loc(item(q, "zone")) : -1;
        if (!YS_IS_ZONE(loc) || YS_LOC_DISTRICT(loc) >= st->districts)
            return gg_fail(err, GG_EJSON, "\"queen\" must be null or {\"zone\": a city zone in play, \"owner\": seat}");
        if ((e = get_u8(c, q, "owner", 0, n - 1, &st->queen_owner))) return e;
        st->queen_loc = (uint8_t)loc;
    }
    return GG_OK;
}

/* Where a player's brokers are, counted. */
typedef struct broker_counts {
    int screen, front, throne, reserve, board, bids, just, neutral_board;
} broker_counts;

static broker_counts count_brokers(const ys_state *st, int q)
{
    const ys_player *p = &st->pl[q];
    broker_counts k;
    memset(&k, 0, sizeof k);
    for (int i = 0; i < p->n_brokers; i++) {
        const ys_broker *b = &p->b[i];
        k.screen += b->loc == YS_LOC_SCREEN;
        k.front += b->loc == YS_LOC_FRONT;
        k.throne += b->loc == YS_LOC_THRONE;
        k.reserve += b->loc == YS_LOC_RESERVE;
        k.board += YS_IS_BOARD(b->loc) || YS_IS_SMUGGLE(b->loc);
        k.bids += (b->flags & YS_F_BID) != 0;
        k.just += (b->flags & YS_F_JUST) != 0;
    }
    for (int i = 0; st->base.players == 2 && i < YS_NEUTRAL_BROKERS; i++)
        k.neutral_board += YS_IS_BOARD(p->nb[i].loc) || YS_IS_SMUGGLE(p->nb[i].loc);
    return k;
}

static int in_scoring(int step)
{
    return (step >= YS_STEP_SCORING_WINDOW && step <= YS_STEP_END_WINDOW) || step == YS_STEP_EVENTS;
}

/* The step/stage/window combinations ys_advance rests in. */
static gg_status check_flow(load_ctx *c)
{
    const ys_state *st = c->st;
    gg_error *err = c->err;
    int ok;
    switch (st->stage) {
    case YS_ST_BID: ok = st->step == YS_STEP_BID; break;
    case YS_ST_ORDER: ok = st->step == YS_STEP_ORDER; break;
    case YS_ST_WINDOW:
        ok = (st->step == YS_STEP_PLACEMENT_WINDOW && st->window == YS_WIN_START_OF_PLACEMENT) ||
             (st->step == YS_STEP_SCORING_WINDOW && st->window == YS_WIN_START_OF_SCORING) ||
             (st->step == YS_STEP_END_WINDOW && st->window == YS_WIN_END_OF_SCORING);
        break;
    case YS_ST_PLACE:
    case YS_ST_REFILL:
    case YS_ST_AFTER: ok = st->step == YS_STEP_PLACEMENT; break;
    case YS_ST_SPY: ok = st->step == YS_STEP_PLACEMENT && st->cursor > 0; break; /* Y-7.8: a turn ended */
    case YS_ST_GEM:
        ok = (st->step == YS_STEP_DISTRICT && st->gem_kind == YS_GEM_PORT && st->dstep == 1) ||
             (st->step == YS_STEP_DISTRICT && st->gem_kind == YS_GEM_ANY && st->dstep == 3) ||
             (st->step == YS_STEP_MARKET_ROWS && st->gem_kind == YS_GEM_WHITE && st->dstep >= 1) ||
             (st->step == YS_STEP_EVENTS && st->gem_kind == YS_GEM_PORT && st->dstep == 1); /* Y-10.20 */
        break;
    case YS_ST_SPECULATE: ok = st->step == YS_STEP_SPECULATE && st->spec_done != (1u << c->n) - 1; break;
    case YS_ST_SMUGGLE: ok = st->step == YS_STEP_EVENTS && (st->dstep == 4 || st->dstep == 5); break;
    case YS_ST_COLUMN: ok = st->step == YS_STEP_COLUMNS; break;
    case YS_ST_MAJORITY: ok = st->step == YS_STEP_END_WINDOW && st->cursor == 0; break;
    case YS_ST_THRONE: ok = st->step == YS_STEP_THRONE && kings_favour(st); break;
    case YS_ST_OVER: ok = st->step == YS_STEP_OVER; break;
    case YS_ST_SETTLE: ok = st->step == YS_STEP_SCORING_WINDOW && st->window == YS_WIN_NONE; break; /* Y-10.12 */
    default: ok = 0;
    }
    if (!ok)
        return gg_fail(err, GG_EJSON, "\"stage\" %s cannot rest at \"step\" %s (window %s, gem_kind %s, dstep %d)",
                       stage_name[st->stage], step_name[st->step], window_name[st->window],
                       gem_kind_name[st->gem_kind], st->dstep);
    if ((st->window != YS_WIN_NONE) != (st->stage == YS_ST_WINDOW))
        return gg_fail(err, GG_EJSON, "\"window\" is set exactly in stage \"window\"");
    if ((st->gem_kind != 0) != (st->stage == YS_ST_GEM))
        return gg_fail(err, GG_EJSON, "\"gem_kind\" is set exactly in stage \"gem\"");
    if (st->over != (st->stage == YS_ST_OVER) || st->over != (st->round > YS_ROUNDS))
        return gg_fail(err, GG_EJSON, "a game is over exactly after round 4 (\"round\" 5, stage \"over\")");
    int n = c->n;
    if (st->step == YS_STEP_DISTRICT && st->district >= st->districts)
        return gg_fail(err, GG_EJSON, "\"district\" must be a district in play while districts are scored");
    /* who decides */
    switch (st->stage) {
    case YS_ST_ORDER:
        if (st->cursor > n - 2 || st->actor != st->bid_rank[st->cursor])
            return gg_fail(err, GG_EJSON, "in stage \"order\" the actor is bid_rank[cursor], the last seat gets the place left (Y-5.2)");
        break;
    case YS_ST_WINDOW:
    case YS_ST_PLACE:
    case YS_ST_REFILL:
    case YS_ST_AFTER:
        if (st->cursor >= n || st->actor != st->turn_order[st->cursor])
            return gg_fail(err, GG_EJSON, "the actor must be turn_order[cursor] (Y-5.3, Y-7.2)");
        break;
    case YS_ST_SPY: /* Y-7.8: a Spy owner with peeks left, asked after a turn */
        if (st->actor >= n || st->cursor > n || !st->pl[st->actor].spy_peeks)
            return gg_fail(err, GG_EJSON, "in stage \"spy\" the actor has Spy peeks left and a turn has just ended (Y-7.8)");
        break;
    case YS_ST_GEM:
        if (st->gem_kind == YS_GEM_PORT &&
            (st->share_pos >= st->share_n || st->share_rank[st->share_pos] != st->actor || st->share_left == 0 ||
             st->port_gems_n == 0))
            return gg_fail(err, GG_EJSON, "a port share needs gems left and the actor at share_rank[share_pos] (Y-8.4)");
        if (st->gem_kind == YS_GEM_ANY && (st->round != YS_ROUNDS || st->palace_card[st->district] != YS_NONE))
            return gg_fail(err, GG_EJSON, "a gem of any colour comes from a blue card won in round 4 (Y-7.19)");
        if (st->gem_kind == YS_GEM_WHITE && st->market_gem[st->dstep - 1] != YS_NONE)
            return gg_fail(err, GG_EJSON, "a white market gem being exchanged has left its row (Y-8.5)");
        break;
    case YS_ST_SETTLE: { /* Y-10.12: the first seat with a broker on a line */
        int first = -1;
        for (int q = n - 1; q >= 0; q--)
            for (int i = 0; i < st->pl[q].n_brokers; i++)
                if (YS_IS_LINE(st->pl[q].b[i].loc)) first = q;
        if (first < 0 || st->actor != first || st->cursor != 0)
            return gg_fail(err, GG_EJSON, "in stage \"settle\" the actor is the first seat with a broker on a line, cursor 0 (Y-10.12)");
        break;
    }
    case YS_ST_COLUMN: {
        unsigned m = 0;
        for (int k = 0; k < YS_COLOURS; k++) m |= 1u << st->col_order[k];
        if (m != 15 || st->col_fixed >= YS_COLOURS || st->actor != st->col_chooser)
            return gg_fail(err, GG_EJSON, "ordering columns needs \"col_order\" of all 4 colours, col_fixed < 4 and the actor col_chooser (Y-8.7)");
        break;
    }
    default: break;
    }
    if (st->stage != YS_ST_GEM || st->gem_kind != YS_GEM_PORT) {
        if (st->port_gems_n || st->share_n)
            return gg_fail(err, GG_EJSON, "\"port_gems_n\" and \"share_n\" are 0 except while a port is shared");
    }
    /* placement turns (Y-6.1, Y-6.2) */
    int expect_turn = st->step < YS_STEP_PLACEMENT || st->step == YS_STEP_SPECULATE ? (st->round == 1 ? 0 : st->turns)
                                                                                       : st->turns;
    if (st->step == YS_STEP_PLACEMENT) {
        if (st->turn >= st->turns) return gg_fail(err, GG_EJSON, "\"turn\" counts from 0 to turns-1 during placement");
        /* in stage spy the turn counted by n_up/n_down was the previous seat's */
        int placer = st->stage == YS_ST_SPY && st->cursor >= 1 && st->cursor <= n ? st->turn_order[st->cursor - 1]
                                                                                   : st->actor;
        const ys_player *a = &st->pl[placer];
        int bishop = a->active >> YC_BISHOP & 1;
        if ((st->n_down == 2 || st->n_up == 2) && !bishop)
            return gg_fail(err, GG_EJSON, "two brokers of one face in a turn need the Bishop (Y-6.2, Y-7.7)");
        int done = st->n_up + st->n_down == 2 && (n != 2 || st->n_neutral == 1);
        if (st->stage == YS_ST_PLACE && done)
            return gg_fail(err, GG_EJSON, "stage \"place\" with the turn's brokers all placed");
        if ((st->stage == YS_ST_AFTER || st->stage == YS_ST_SPY) && !done)
            return gg_fail(err, GG_EJSON, "stages \"after\" and \"spy\" come after the turn's brokers (Y-7.13, Y-7.15, Y-7.8)");
    } else if (st->turn != expect_turn) {
        return gg_fail(err, GG_EJSON, "\"turn\" must be %d at step %s", expect_turn, step_name[st->step]);
    }
    /* revealed places (Y-8.4, Y-8.6) */
    int want = st->step == YS_STEP_DISTRICT                                           ? 1 << st->district
               : st->step >= YS_STEP_MARKET_ROWS && st->step <= YS_STEP_END_WINDOW ? 16
                                                                                    : 0;
    int extra = 0; /* Y-10.20: palaces stay until the Embassy; Y-10.21: the Smuggling cards from their scoring */
    if (ys_events_on(st)) {
        int embassy = st->ev_active >> embassy_card() & 1;
        if (embassy && st->step == YS_STEP_DISTRICT) extra |= (1 << st->district) - 1;
        if (st->step == YS_STEP_EVENTS) want = embassy && st->dstep <= 2 ? (1 << st->districts) - 1 : 0;
        if ((st->step == YS_STEP_EVENTS && st->dstep >= 4) ||
            (st->step >= YS_STEP_MARKET_ROWS && st->step <= YS_STEP_END_WINDOW))
            extra |= 32;
    }
    if ((st->revealed & ~extra) != want)
        return gg_fail(err, GG_EJSON, "\"revealed\" is the district being scored, or the market from its scoring on");
    return GG_OK;
}

/* Cards, ships and gems dealt so far follow from the round (Y-2, Y-4). */
static gg_status check_supplies(load_ctx *c)
{
    const ys_state *st = c->st;
    gg_error *err = c->err;
    int r = st->round > YS_ROUNDS ? YS_ROUNDS : st->round, D = st->districts, n = c->n;
    int drawn = ships_in_game(st) - st->ship_n, events = ys_events_on(st);
    int pstep = st->step == YS_STEP_SPECULATE ? YS_STEP_BID : st->step; /* Y-10.31: before the bid */
    int mstep = st->step == YS_STEP_EVENTS ? YS_STEP_DISTRICT : pstep;  /* Y-10.20, Y-10.21: before the market */
    if (events && ((st->ev_active | st->ev_gone) >> embassy_card() & 1)) drawn--; /* Y-10.20: the centre ship */
    if (drawn != r * (D + 1))
        return gg_fail(err, GG_EJSON, "after %d preparations %d ship cards have been drawn, not %d (Y-4.2, Y-4.3)",
                       r, r * (D + 1), drawn);
    int base = 0;
    for (int k = 0; k < YS_CARD_KINDS; k++) base += ys_in_deck(st, k);
    if (st->unused_n != base - 3 * D)
        return gg_fail(err, GG_EJSON, "%d characters are out of the game unseen, not %d (Y-2.3)", base - 3 * D, st->unused_n);
    for (int d = 0; d < YS_DISTRICTS; d++) {
        int want = d < D ? (r >= 3 ? 0 : 3 - r) : 0;
        if (events) { /* Y-10.3: characters left as in the base game, or more after a Quarantine */
            int chars = 0;
            for (int i = 0; i < st->pile_n[d]; i++) chars += !YS_IS_EVENT_CODE(st->pile[d][i]);
            if (d >= D ? st->pile_n[d] != 0 : (chars < want || chars > 3 || st->pile_n[d] - chars > 3))
                return gg_fail(err, GG_EJSON, "district %d's pile holds %d characters in round %d, not %d to 3, and "
                               "at most 3 events (Y-2.3, Y-10.3)", d + 1, chars, r, want);
            continue;
        }
        if (st->pile_n[d] != want)
            return gg_fail(err, GG_EJSON, "district %d's pile holds %d cards in round %d, not %d (Y-2.3, Y-4.1)",
                           d + 1, want, r, st->pile_n[d]);
    }
    if (st->blue_left != (r >= YS_ROUNDS ? 4 - D : 4))
        return gg_fail(err, GG_EJSON, "\"blue_left\" must be %d in round %d (Y-2.4, Y-4.1)", r >= YS_ROUNDS ? 4 - D : 4, r);
    /* palace cards: turned at preparation, won as each district is scored */
    for (int d = 0; d < D; d++) {
        int present = pstep < YS_STEP_DISTRICT ||
                      (st->step == YS_STEP_DISTRICT && (d > st->district || (d == st->district && st->dstep < 3)));
        int card = st->palace_card[d];
        if (events && present && card == YS_NONE) continue; /* Y-10.28 Quarantine, or a pile turned out (Y-10.3) */
        if (!present && card != YS_NONE)
            return gg_fail(err, GG_EJSON, "district %d's palace card has been won already", d + 1);
        if (present && (card == YS_NONE || (r == YS_ROUNDS) != (card == YC_BLUE)))
            return gg_fail(err, GG_EJSON, "district %d's palace must show %s (Y-4.1)", d + 1,
                           r == YS_ROUNDS ? "a blue card in round 4" : "a character in rounds 1-3");
    }
    /* ports: this round's ships, until the brokers return (Y-4.2, Y-8.9) */
    int have_ports = st->stage != YS_ST_THRONE && !st->over;
    for (int d = 0; d < YS_DISTRICTS; d++) {
        int s = st->port_ship[d];
        if ((s != YS_NONE) != (have_ports && d < D))
            return gg_fail(err, GG_EJSON, "\"ports\"[%d] must %s", d,
                           have_ports && d < D ? "hold this round's ship" : "be null");
        if (s == YS_NONE) continue;
        int found = 0; /* drawn this round: just above the market's ship */
        for (int i = st->ship_n + 1; i <= st->ship_n + D + (events ? ships_in_game(st) : 0) && i < ships_in_game(st); i++)
            found |= st->ship_deck[i] == s; /* with events the centre ship lies among them (Y-10.20) */
        for (int e = 0; e < d; e++) found &= st->port_ship[e] != s;
        if (!found)
            return gg_fail(err, GG_EJSON, "\"ports\" must hold the ships drawn for this round's ports, each once");
    }
    /* the market: the last ship drawn this round (Y-4.3) */
    int rows_left = !have_ports ? 0
                    : mstep < YS_STEP_MARKET_ROWS ? YS_ROWS
                    : st->step == YS_STEP_MARKET_ROWS ? YS_ROWS - st->dstep
                                                      : 0;
    uint8_t pool[4];
    int np = 0;
    if (have_ports) {
        const ys_ship *sh = &ys_ships[st->ship_deck[st->ship_n]];
        if (n >= 4) pool[np++] = sh->large;
        if (n >= 5) pool[np++] = sh->large;
        pool[np++] = sh->small[0];
        pool[np++] = sh->small[1];
    }
    for (int row = 0; row < YS_ROWS; row++) {
        int g = st->market_gem[row], should = ys_row_open(st, row) && row >= YS_ROWS - rows_left;
        if ((g != YS_NONE) != should)
            return gg_fail(err, GG_EJSON, "market row %d must %s (Y-4.3, Y-8.6)", row,
                           should ? "hold its gem until the market is scored" : "be empty");
        if (g == YS_NONE) continue;
        int i = 0;
        while (i < np && pool[i] != g) i++;
        if (i == np)
            return gg_fail(err, GG_EJSON, "market row %d's gem is not on the market's ship card (Y-4.3)", row);
        pool[i] = pool[--np];
        if (n == 4 && g == YS_WHITE && row != 1)
            return gg_fail(err, GG_EJSON, "with 4 players a white market gem lies on row 1 (Y-4.3)");
    }
    return GG_OK;
}

/* Order cards and turn places (Y-2.1, Y-5.2, Y-5.3). */
static gg_status check_order(load_ctx *c)
{
    const ys_state *st = c->st;
    gg_error *err = c->err;
    int n = c->n;
    unsigned cards = 0, zeros = 1;
    for (int q = 0; q < n; q++) {
        cards |= 1u << (st->pl[q].order - 1);
        zeros &= st->turn_order[q] == 0;
    }
    if (cards != (1u << n) - 1) return gg_fail(err, GG_EJSON, "the order cards must be 1 to %d, one each (Y-1.3)", n);
    int dealt = 1;
    for (int q = 0; q < n; q++) dealt &= st->turn_order[st->pl[q].order - 1] == q;
    if (!dealt && !(zeros && st->round == 1 && st->step <= YS_STEP_ORDER))
        return gg_fail(err, GG_EJSON, "\"turn_order\" must list the seats by order card (Y-5.3)");
    if (st->stage != YS_ST_ORDER) return GG_OK;
    /* Y-5.2: ranked by bid sum, then by the lower order card */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int a = st->bid_rank[i], b = st->bid_rank[j];
            int sa = ys_front_sum(st, a), sb = ys_front_sum(st, b);
            if (a == b || sa < sb || (sa == sb && st->pl[a].order > st->pl[b].order))
                return gg_fail(err, GG_EJSON, "\"bid_rank\" must rank the seats by bid, ties by order card (Y-5.2)");
        }
    unsigned taken = 0;
    for (int i = 0; i < n; i++) {
        int q = st->bid_rank[i], place = st->place_of[q];
        if (i < st->cursor) {
            if (place == 0 || (taken >> (place - 1) & 1))
                return gg_fail(err, GG_EJSON, "the seats ranked before the cursor each hold their own turn place");
            taken |= 1u << (place - 1);
        } else if (place != 0) {
            return gg_fail(err, GG_EJSON, "seat %d has a turn place before its pick", q);
        }
    }
    if (taken != st->places_taken) return gg_fail(err, GG_EJSON, "\"places_taken\" must be the places picked");
    return GG_OK;
}

/* Where every broker may be at this moment of the round. */
static gg_status check_brokers(load_ctx *c)
{
    const ys_state *st = c->st;
    gg_error *err = c->err;
    int n = c->n, kf = kings_favour(st);
    int placement = st->step == YS_STEP_PLACEMENT, scoring = in_scoring(st->step);
    int thrones = st->over ? YS_ROUNDS : st->round - 1; /* King's Favour phases done */
    unsigned cells = 0;
    for (int q = 0; q < n; q++) {
        const ys_player *p = &st->pl[q];
        broker_counts k = count_brokers(st, q);
        for (int i = 0; i < p->n_brokers + (n == 2 ? YS_NEUTRAL_BROKERS : 0); i++) {
            int neutral = i >= p->n_brokers;
            const ys_broker *b = neutral ? &p->nb[i - p->n_brokers] : &p->b[i];
            int loc = b->loc, board = YS_IS_BOARD(loc) || YS_IS_SMUGGLE(loc), f = b->flags;
            if (YS_IS_SMUGGLE(loc) && (!ys_events_on(st) || ys_event_refusal(st, q, loc, 1, YS_LOC_SCREEN)))
                return gg_fail(err, GG_EJSON, "seat %d has a broker on a Smuggling card not out this round (Y-10.21)", q);
            int embassy_wait = ys_events_on(st) && (st->ev_active >> embassy_card() & 1) && YS_IS_ZONE(loc) &&
                               YS_LOC_ZONE(loc) == 2 && (st->step == YS_STEP_DISTRICT || (st->step == YS_STEP_EVENTS && st->dstep <= 1));
            if (board && !(placement || scoring))
                return gg_fail(err, GG_EJSON, "seat %d has a broker on the board outside placement and scoring", q);
            if (YS_IS_ZONE(loc) && YS_LOC_DISTRICT(loc) >= st->districts)
                return gg_fail(err, GG_EJSON, "seat %d has a broker in district %d, not in play (Y-2.2)", q, YS_LOC_DISTRICT(loc) + 1);
            if (YS_IS_ZONE(loc) && !embassy_wait && ((st->step == YS_STEP_DISTRICT && YS_LOC_DISTRICT(loc) < st->district) ||
                                    st->step > YS_STEP_DISTRICT))
                return gg_fail(err, GG_EJSON, "seat %d has a broker in district %d, already scored (Y-8.4)", q, YS_LOC_DISTRICT(loc) + 1);
            if (YS_IS_CELL(loc)) {
                unsigned bit = 1u << (loc - YS_LOC_CELL0);
                if (!ys_row_open(st, YS_LOC_ROW(loc)))
                    return gg_fail(err, GG_EJSON, "seat %d has a broker on closed market row %d (Y-4.3)", q, YS_LOC_ROW(loc));
                if (cells & bit) return gg_fail(err, GG_EJSON, "two brokers share a market cell (Y-6.3)");
                cells |= bit;
            }
            if (neutral) continue;
            if (YS_IS_LINE(loc)) { /* Y-10.12: the Philosopher's, until settled before scoring */
                int z[2], lines = 0;
                for (int j = 0; j < p->n_brokers; j++) lines += YS_IS_LINE(p->b[j].loc);
                if (!ys_line_zones(st, loc, z) || !(p->active >> YC_PHILOSOPHER & 1) || lines > p->lines_placed ||
                    !(st->step == YS_STEP_PLACEMENT || st->stage == YS_ST_SETTLE ||
                      (st->stage == YS_ST_IMITATE && st->step == YS_STEP_PLACEMENT)))
                    return gg_fail(err, GG_EJSON, "seat %d: a broker on a line needs the philosopher in effect, a line in play, "
                                   "at most \"lines_placed\", and the moment before scoring (Y-10.12)", q);
            }
            if (loc == YS_LOC_RESERVE && !kf)
                return gg_fail(err, GG_EJSON, "seat %d has reserve brokers without King's Favour (Y-9.1)", q);
            if (loc == YS_LOC_RESERVE && b->value != 2)
                return gg_fail(err, GG_EJSON, "seat %d: only `2`s wait in reserve (Y-9.1)", q);
            if ((f & YS_F_BID) && !(loc == YS_LOC_FRONT && st->stage == YS_ST_BID))
                return gg_fail(err, GG_EJSON, "seat %d: \"bid\" marks a front broker before the bids are revealed (Y-5.1)", q);
            if ((f & YS_F_UP) && !board)
                return gg_fail(err, GG_EJSON, "seat %d: \"up\" is a face on the board", q);
            if ((f & (YS_F_MERC | YS_F_JUST | YS_F_ILLUSION)) && !(board || loc == YS_LOC_THRONE))
                return gg_fail(err, GG_EJSON, "seat %d: mercenary, just and illusion mark brokers on the board", q);
            if ((f & YS_F_JUST) && !placement)
                return gg_fail(err, GG_EJSON, "seat %d: \"just\" marks brokers placed in a placement turn", q);
            if ((f & YS_F_MERC) && board && !(p->active >> YC_MERCENARY & 1))
                return gg_fail(err, GG_EJSON, "seat %d: a mercenary mark needs the Mercenary in effect (Y-7.15)", q);
            if (b->known && !(board || loc == YS_LOC_THRONE))
                return gg_fail(err, GG_EJSON, "seat %d: \"known\" marks face-down brokers a Spy saw (Y-7.8)", q);
            if (b->known >> q & 1) return gg_fail(err, GG_EJSON, "seat %d: a seat never peeks at its own broker", q);
        }
        if (k.just > 2) return gg_fail(err, GG_EJSON, "seat %d: at most 2 brokers are \"just\" placed", q);
        /* King's Favour: one front broker to the throne per round, one `2` back from reserve (Y-9.1) */
        int done = st->stage == YS_ST_THRONE && p->throne_done;
        if (p->throne_done && st->stage != YS_ST_THRONE)
            return gg_fail(err, GG_EJSON, "seat %d: \"throne_done\" is set only in stage throne", q);
        if (kf && (k.throne != thrones + done || k.reserve != 3 - (thrones < 3 ? thrones : 3)))
            return gg_fail(err, GG_EJSON, "seat %d must have %d brokers in the throne room and %d in reserve (Y-9.1)", q,
                           thrones + done, 3 - (thrones < 3 ? thrones : 3));
        /* front brokers and brokers on the board, by the moment of the round */
        int front, bid_done = 1, on_board = -1, neutral_on_board = -1;
        switch (st->stage) {
        case YS_ST_BID:
            bid_done = p->bid_done;
            front = p->bid_done ? 2 : 0;
            if (k.bids != front) return gg_fail(err, GG_EJSON, "seat %d: bid brokers are front brokers marked \"bid\" (Y-5.1)", q);
            on_board = neutral_on_board = 0;
            break;
        case YS_ST_ORDER:
        case YS_ST_WINDOW:
            front = st->step == YS_STEP_PLACEMENT_WINDOW || st->stage == YS_ST_ORDER ? 2 : 3;
            if (front == 2) on_board = neutral_on_board = 0;
            break;
        case YS_ST_PLACE:
        case YS_ST_REFILL:
        case YS_ST_AFTER:
        case YS_ST_SPY: { /* Y-7.8: between turns, every turn so far complete */
            int pos = st->pl[q].order - 1, turns_done = st->turn + (pos < st->cursor);
            int mine = q == st->actor && st->stage != YS_ST_SPY;
            front = st->stage == YS_ST_REFILL && mine ? 1 : 2;
            on_board = 2 * turns_done + (mine ? st->n_up + st->n_down : 0);
            neutral_on_board = n == 2 ? turns_done + (mine ? st->n_neutral : 0) : 0;
            break;
        }
        case YS_ST_THRONE: front = done ? 2 : 3, on_board = neutral_on_board = 0; break;
        case YS_ST_SPECULATE: front = 0, bid_done = 0, on_board = neutral_on_board = 0; break; /* Y-10.31 */
        case YS_ST_OVER: front = 0, bid_done = 0, on_board = neutral_on_board = 0; break;
        default: front = 3; break; /* scoring: the 2 bid brokers and the last one (Y-6.6) */
        }
        if (p->guard_placed) { /* Y-10.6: one front broker went to the board */
            front--;
            if (on_board >= 0 && st->stage != YS_ST_THRONE) on_board++;
        }
        if (p->bid_done != bid_done)
            return gg_fail(err, GG_EJSON, "seat %d: \"bid_done\" must be %s now", q, bid_done ? "true" : "false");
        if (k.front != front)
            return gg_fail(err, GG_EJSON, "seat %d must have %d front brokers now (Y-5.4, Y-6.6)", q, front);
        if (on_board >= 0 && k.board != on_board)
            return gg_fail(err, GG_EJSON, "seat %d must have %d brokers on the board now (Y-6.2)", q, on_board);
        if (neutral_on_board >= 0 && k.neutral_board != neutral_on_board)
            return gg_fail(err, GG_EJSON, "seat %d must have placed %d neutral brokers now (Y-9.4)", q, neutral_on_board);
    }
    return GG_OK;
}

/* Cards in effect, scores (Y-7, Y-8). */
static gg_status check_cards_and_scores(load_ctx *c)
{
    const ys_state *st = c->st;
    gg_error *err = c->err;
    int n = c->n;
    for (int q = 0; q < n; q++) {
        const ys_player *p = &st->pl[q];
        if ((p->active >> YC_QUEEN & 1) != (st->queen_loc != YS_NONE && st->queen_owner == q))
            return gg_fail(err, GG_EJSON, "seat %d: the Queen in effect and \"queen\" must agree (Y-7.16)", q);
        if (p->spy_peeks && st->step != YS_STEP_PLACEMENT_WINDOW && st->step != YS_STEP_PLACEMENT)
            return gg_fail(err, GG_EJSON, "seat %d: Spy peeks last only during placement (Y-7.8)", q);
        int quiet = st->stage == YS_ST_BID || st->stage == YS_ST_ORDER || st->stage == YS_ST_SPECULATE || st->over;
        if (quiet && (p->active || p->played || p->fresh))
            return gg_fail(err, GG_EJSON, "seat %d: no card is in effect, played or fresh before placement (Y-7.1)", q);
        if (st->stage == YS_ST_THRONE &&
            (p->active & ~(1u << YC_BISHOP | 1u << YC_SPY | 1u << YC_ILLUSIONIST | 1u << YC_ROYAL_GUARD | 1u << YC_PHILOSOPHER)))
            return gg_fail(err, GG_EJSON, "seat %d: only the Bishop, Spy, Illusionist, Royal Guard and Philosopher last past scoring (Y-7, Y-10.6, Y-10.12)", q);
    }
    if (st->queen_loc != YS_NONE) {
        int d = YS_LOC_DISTRICT(st->queen_loc);
        if (st->step < YS_STEP_PLACEMENT || st->step > YS_STEP_DISTRICT ||
            (st->step == YS_STEP_DISTRICT && d < st->district))
            return gg_fail(err, GG_EJSON, "the Queen is discarded once her district is scored (Y-7.16)");
    }
    /* Points come from trade zones, the market and cards, plus final scoring. */
    ys_final f;
    if (st->over) ys_final_scores(st, &f);
    for (int q = 0; q < n; q++) {
        const ys_player *p = &st->pl[q];
        int want = p->pts_trade + p->pts_market + p->pts_cards + p->pts_events;
        if (st->over) {
            want += f.black_pts[q] + f.throne_pts[q] + f.kept_pts[q] + f.spec_pts[q];
            for (int k = 0; k < YS_COLOURS; k++) want += f.colour_pts[q][k];
        }
        if (p->score != want)
            return gg_fail(err, GG_EJSON, "seat %d's score must be %d: its trade, market and card points%s", q, want,
                           st->over ? " and final scoring (Y-8.10, Y-8.11)" : "");
    }
    if (n != 2) {
        int any = st->neutral_score || st->neutral_market;
        for (int k = 0; k < YS_GEM_KINDS; k++) any |= st->neutral_gems[k];
        if (any) return gg_fail(err, GG_EJSON, "the neutral plays only with 2 players (Y-9.4)");
    } else {
        int least = st->neutral_market;
        if (st->over) {
            least += f.black_pts[YS_NEUTRAL];
            for (int k = 0; k < YS_COLOURS; k++) least += f.colour_pts[YS_NEUTRAL][k];
        }
        if (st->neutral_score < least)
            return gg_fail(err, GG_EJSON, "the neutral's score is at least its market%s points", st->over ? " and final" : "");
    }
    return GG_OK;
}

/* Y-9.1 … Y-9.4, Y-10: option combinations the game accepts (as ys_init). */
static gg_status check_options(load_ctx *c)
{
    const ys_state *st = c->st;
    int n = c->n;
    if (ys_opt(st, YS_OPT_EVENTS) && ys_opt(st, YS_OPT_EXPRESS) && (n == 4 || ys_opt(st, YS_OPT_DISTRICTS) == 0))
        return gg_fail(c->err, GG_EJSON, "the events with Ys Express need 3 districts (Y-9.2, Y-10.20)");
    if ((kings_favour(st) && n < 3) || (ys_opt(st, YS_OPT_EXPRESS) && (n < 3 || n > 4)) ||
        (ys_opt(st, YS_OPT_DISTRICTS) == 1 && n > 3) || (ys_opt(st, YS_OPT_STRONG_NEUTRAL) && n != 2))
        return gg_fail(c->err, GG_EJSON, "these options do not go together with %d players (Y-9)", n);
    return GG_OK;
}

/* Y-10.7: "imitation" exactly in stage imitate; the flow is then put back
 * at the copied play (the caller restores the stage and the Imitator). */
static gg_status load_imitation(load_ctx *c, const cJSON *obj)
{
    ys_state *st = c->st;
    const cJSON *im = item(obj, "imitation");
    gg_status e;
    int v = 0;
    st->imitating = st->imit_stage = st->imit_from = 0;
    if (st->stage != YS_ST_IMITATE) {
        if (im) return gg_fail(c->err, GG_EJSON, "\"imitation\" is there exactly in stage \"imitate\"");
        return GG_OK;
    }
    if (!cJSON_IsObject(im)) return gg_fail(c->err, GG_EJSON, "stage \"imitate\" needs the \"imitation\" object (Y-10.7)");
    int card = parse_card(item(im, "card"));
    if (!ys_copyable(card) || !ys_in_deck(st, card))
        return gg_fail(c->err, GG_EJSON, "\"imitation\": \"card\" must be a card of this game the imitator may copy (Y-10.7)");
    if ((e = get_name(c, im, "stage", stage_name, N_STAGES, &v))) return e;
    if (v != YS_ST_WINDOW && v != YS_ST_AFTER)
        return gg_fail(c->err, GG_EJSON, "\"imitation\": \"stage\" is window or after, where the copied card was played");
    if ((e = get_u8(c, im, "from", 0, c->n - 1, &st->imit_from))) return e;
    if (st->imit_from == st->actor) return gg_fail(c->err, GG_EJSON, "\"imitation\": a player does not copy his own card (Y-10.7)");
    st->imitating = (uint8_t)(card + 1);
    st->imit_stage = (uint8_t)v;
    st->stage = st->imit_stage;
    st->actor = st->imit_from;
    return GG_OK;
}

static gg_status get_events(load_ctx *c, const cJSON *o, const char *key, uint16_t *mask)
{
    const cJSON *arr, *it;
    gg_status e = ggj_array(o, key, 0, YS_EVENT_CARDS, &arr, NULL, c->err);
    if (e) return e;
    *mask = 0;
    cJSON_ArrayForEach(it, arr)
    {
        int ev = parse_event(it);
        if (ev < 0) return gg_fail(c->err, GG_EJSON, "\"events\".\"%s\" lists event cards (keys of data/ys/events.csv)", key);
        if ((*mask >> ev & 1) || (c->event_seen >> ev & 1))
            return gg_fail(c->err, GG_EJSON, "\"events\".\"%s\": an event card is in two places", key);
        *mask |= (uint16_t)(1u << ev);
    }
    c->event_seen |= *mask;
    return GG_OK;
}

/* Y-10.3: the events, in a game with them; every card in one place. */
static gg_status load_events(load_ctx *c, const cJSON *obj)
{
    ys_state *st = c->st;
    gg_error *err = c->err;
    const cJSON *ev = item(obj, "events"), *it;
    gg_status e;
    if (!ys_events_on(st)) {
        if (ev) return gg_fail(err, GG_EJSON, "\"events\" is for games with the events option (Y-10.3)");
        return GG_OK;
    }
    if (!cJSON_IsObject(ev)) return gg_fail(err, GG_EJSON, "a game with the events needs the \"events\" object (Y-10.3)");
    if ((e = get_events(c, ev, "active", &st->ev_active))) return e;
    if ((e = get_events(c, ev, "out", &st->ev_out))) return e;
    if ((e = get_events(c, ev, "gone", &st->ev_gone))) return e;
    if ((e = get_events(c, ev, "discarded", &st->ev_discarded))) return e;
    if (c->event_seen != (1u << YS_EVENT_CARDS) - 1)
        return gg_fail(err, GG_EJSON, "every event card must be in a pile, active, out, gone or discarded (Y-10.3)");
    if (__builtin_popcount(st->ev_out) != YS_EVENT_CARDS - 3 * st->districts)
        return gg_fail(err, GG_EJSON, "%d event cards are out of the game unseen, not %d (Y-10.3)",
                       YS_EVENT_CARDS - 3 * st->districts, __builtin_popcount(st->ev_out));
    const cJSON *ports;
    if ((e = ggj_array(ev, "ports", YS_DISTRICTS, YS_DISTRICTS, &ports, NULL, err))) return e;
    int d = 0;
    uint16_t in_ports = 0;
    cJSON_ArrayForEach(it, ports)
    {
        st->port_event[d] = 0;
        if (!cJSON_IsNull(it)) {
            int x = parse_event(it);
            if (x < 0 || d >= st->districts || !(st->ev_active >> x & 1) || !ys_events[ys_event_card_kind[x]].district ||
                (in_ports >> x & 1))
                return gg_fail(err, GG_EJSON, "\"events\".\"ports\"[%d] is null or an active district event of a district in play", d);
            in_ports |= (uint16_t)(1u << x);
            st->port_event[d] = (uint8_t)(x + 1);
        }
        d++;
    }
    for (int x = 0; x < YS_EVENT_CARDS; x++)
        if ((st->ev_active >> x & 1) && ys_events[ys_event_card_kind[x]].district && !(in_ports >> x & 1))
            return gg_fail(err, GG_EJSON, "an active district event lies in a port (Y-10.3)");
    const cJSON *cs = item(ev, "centre_ship");
    st->centre_ship = 0;
    int embassy = st->ev_active >> embassy_card() & 1;
    if (cs && !cJSON_IsNull(cs)) {
        if (!whole_in(cs, 1, YS_SHIPS)) return gg_fail(err, GG_EJSON, "\"centre_ship\" is a ship card 1 to %d or null", YS_SHIPS);
        st->centre_ship = (uint8_t)cs->valuedouble;
    }
    if (!!st->centre_ship != embassy)
        return gg_fail(err, GG_EJSON, "the Embassy in effect and its \"centre_ship\" go together (Y-10.20)");
    if (st->centre_ship) {
        int found = 0, total = ships_in_game(st);
        for (int i = st->ship_n + 1; i < total; i++) found |= st->ship_deck[i] == st->centre_ship - 1;
        for (int k = 0; k < YS_DISTRICTS; k++) found &= st->port_ship[k] != st->centre_ship - 1;
        if (!found) return gg_fail(err, GG_EJSON, "\"centre_ship\" is a ship drawn this round, not a port's (Y-10.20)");
    }
    uint8_t gone[YS_CARD_KINDS];
    int ng;
    if ((e = get_cards(c, ev, "characters_discarded", YS_CARD_KINDS, gone, &ng, &st->char_gone))) return e;
    for (int i = 0; i < ng; i++) {
        if (!ys_in_deck(st, gone[i]) || st->round < YS_ROUNDS)
            return gg_fail(err, GG_EJSON, "\"characters_discarded\" holds characters of this game turned in round 4 (Y-10.3)");
        if ((e = claim_card(c, gone[i], "\"characters_discarded\""))) return e;
    }
    const cJSON *sp;
    if ((e = ggj_array(ev, "speculation", c->n, c->n, &sp, NULL, err))) return e;
    int q = 0, spec = 0;
    for (int x = 0; x < YS_EVENT_CARDS; x++)
        if (ys_event_card_kind[x] == YE_SPECULATION) spec = ((st->ev_active | st->ev_gone) >> x & 1) != 0;
    st->spec_done = 0;
    cJSON_ArrayForEach(it, sp)
    {
        st->spec_pick[q] = 0;
        if (!cJSON_IsNull(it)) {
            int g = cJSON_IsString(it) && !strcmp(it->valuestring, "none") ? YS_SPEC_NONE : parse_gem(it, 0);
            if (g < 0 || (g >= YS_COLOURS && g != YS_SPEC_NONE) || !spec)
                return gg_fail(err, GG_EJSON, "\"speculation\"[%d] is null, \"none\" or a colour, once Speculation is out (Y-10.31)", q);
            st->spec_done |= (uint8_t)(1u << q);
            st->spec_pick[q] = (uint8_t)(g < YS_COLOURS ? g + 1 : 0);
        }
        q++;
    }
    if (spec && st->step != YS_STEP_SPECULATE && st->spec_done != (1u << c->n) - 1)
        return gg_fail(err, GG_EJSON, "every seat has made its Speculation choice once it is out (Y-10.31)");
    for (int k = 0; k < YS_DISTRICTS; k++)
        for (int i = 0; i < st->pile_n[k]; i++)
            if (YS_IS_EVENT_CODE(st->pile[k][i]) && k >= st->districts)
                return gg_fail(err, GG_EJSON, "district %d is not in play (Y-2.2)", k + 1);
    return GG_OK;
}

gg_status ys_load(gg_state *s, const cJSON *obj, gg_error *err)
{
    ys_state *st = (ys_state *)s;
    load_ctx c = {.st = st, .err = err, .n = s->players};
    int n = s->players, v;
    gg_status e;
    if (n < 2 || n > YS_MAX_PLAYERS) return gg_fail(err, GG_EJSON, "Ys is for 2 to %d players", YS_MAX_PLAYERS);
    if ((e = check_options(&c))) return e;
    if ((e = get_u8(&c, obj, "round", 1, YS_ROUNDS + 1, &st->round))) return e;
    if ((e = get_name(&c, obj, "step", step_name, N_STEPS, &v))) return e;
    st->step = (uint8_t)v;
    if ((e = get_name(&c, obj, "stage", stage_name, N_STAGES, &v))) return e;
    st->stage = (uint8_t)v;
    if ((e = get_name(&c, obj, "window", window_name, N_WINDOWS, &v))) return e;
    st->window = (uint8_t)v;
    if ((e = get_bool(&c, obj, "over", &st->over))) return e;
    if ((e = get_u8(&c, obj, "actor", 0, n - 1, &st->actor))) return e;
    if ((e = get_u8(&c, obj, "cursor", 0, n, &st->cursor))) return e;
    int turns = ys_opt(st, YS_OPT_EXPRESS) || n == 5 ? 3 : 4; /* Y-6.1 */
    int districts = n == 2 || ys_opt(st, YS_OPT_DISTRICTS) == 1 ? 3 : 4; /* Y-2.2 */
    if ((e = get_u8(&c, obj, "turns", turns, turns, &st->turns))) return e;
    if ((e = get_u8(&c, obj, "districts", districts, districts, &st->districts))) return e;
    if ((e = get_u8(&c, obj, "turn", 0, turns, &st->turn))) return e;
    const cJSON *rates;
    if ((e = get_object(&c, obj, "rates", &rates))) return e;
    for (int k = 0; k < YS_COLOURS; k++) {
        if ((e = get_int(&c, rates, ys_gem_name[k], YS_RATE_MIN, YS_RATE_MAX, &v))) return e; /* Y-1.6 */
        st->rate[k] = (int8_t)v;
    }
    if ((e = load_ships(&c, obj))) return e;
    if ((e = load_characters(&c, obj))) return e;
    if ((e = load_machine(&c, obj))) return e;
    if ((e = load_events(&c, obj))) return e; /* Y-10.3 */
    const cJSON *ne;
    if ((e = get_object(&c, obj, "neutral", &ne))) return e;
    if ((e = get_int(&c, ne, "score", 0, 30000, &v))) return e;
    st->neutral_score = (int16_t)v;
    if ((e = get_int(&c, ne, "market", 0, 30000, &v))) return e;
    st->neutral_market = (int16_t)v;
    if ((e = load_gems(&c, ne, "the neutral", st->neutral_gems))) return e;
    const cJSON *players, *it;
    if ((e = ggj_array(obj, "players", n, n, &players, NULL, err))) return e;
    int q = 0;
    cJSON_ArrayForEach(it, players)
    {
        if ((e = load_player(&c, it, q))) return e;
        q++;
    }
    /* Y-10.7: a pending copy is checked as the moment right after the play */
    uint8_t imitator = st->actor;
    if ((e = load_imitation(&c, obj))) return e;
    if ((e = check_flow(&c))) return e;
    if ((e = check_supplies(&c))) return e;
    if ((e = check_order(&c))) return e;
    if ((e = check_brokers(&c))) return e;
    if ((e = check_cards_and_scores(&c))) return e;
    if (st->imitating) {
        st->stage = YS_ST_IMITATE;
        st->actor = imitator;
        if (ys_imitator_for(st, st->imit_from, st->imitating - 1) != imitator)
            return gg_fail(err, GG_EJSON, "seat %d cannot copy the %s now: it needs the imitator in hand, not won "
                           "this round, fewer than 2 cards played, and a use of the card (Y-10.7)",
                           imitator, ys_cards[st->imitating - 1].key);
    }
    ys_sync_cells(st); /* derived, not saved */
    if (st->over) return GG_OK;
    /* Last line of defence: someone must be able to act. */
    int seats[GG_MAX_SEATS], na = ys_actors(s, seats);
    if (na <= 0) return gg_fail(err, GG_EJSON, "nobody is to act in a game that is not over");
    for (int i = 0; i < na; i++) {
        gg_action list[GG_MAX_ACTIONS];
        if (ys_legal(s, seats[i], list) <= 0)
            return gg_fail(err, GG_EJSON, "seat %d is to act but has no legal action", seats[i]);
    }
    return GG_OK;
}

/* ----------------------------------------------------------- determinize */

/* How players choose the value of a face-down broker, by where it lies
 * (port, trade, palace zone, market cell): the weight of each value 0..4
 * against a uniform choice, in 1/64. Fitted to ISMCTS self-play, 4 players
 * (scripts/ys-belief.py; docs/bots.md, "belief"): a face-down broker on the
 * market is rarely a 4, one in a port rarely a 0 or 1. */
static const uint8_t belief_weight[4][5] = {
#include "ys_belief.inc"
};

/* A face-down broker's row of belief_weight, or -1 (the screen, the
 * front, the throne room, lines: dealt uniformly from what is left). */
static int belief_row(const ys_broker *b)
{
    if (YS_IS_ZONE(b->loc)) return YS_LOC_ZONE(b->loc);
    if (YS_IS_CELL(b->loc)) return 3;
    return -1;
}

/* ismcts:belief=1 (gg_ai.determinize_belief): the unknown values pool[0..np-1]
 * are dealt to the unknown brokers of b[0..n-1] (already in the order of what
 * the viewer sees) as players choose them: the placed face-down ones first,
 * in random order, each drawing value v with probability proportional to
 * count(v) * belief_weight[where][v]; the others take what is left, shuffled.
 * Reads only where the brokers lie, which everyone sees (Y-11.1). */
static void deal_by_belief(ys_broker *b, const uint8_t *known, int n, uint8_t *pool, int np,
                           gg_rng *rng)
{
    int count[5] = {0};
    for (int k = 0; k < np; k++) count[pool[k]]++;
    uint8_t placed[YS_BROKERS], rest[YS_BROKERS];
    int npl = 0, nr = 0;
    for (int i = 0; i < n; i++) {
        if (known[i]) continue;
        if (belief_row(&b[i]) >= 0) placed[npl++] = (uint8_t)i;
        else rest[nr++] = (uint8_t)i;
    }
    gg_shuffle_bytes(placed, npl, rng);
    for (int k = 0; k < npl; k++) {
        const uint8_t *wt = belief_weight[belief_row(&b[placed[k]])];
        uint32_t total = 0;
        for (int v = 0; v < 5; v++) total += (uint32_t)count[v] * wt[v];
        int v = 0;
        if (total) {
            uint32_t r = gg_rng_below(rng, total);
            while (r >= (uint32_t)count[v] * wt[v]) r -= (uint32_t)count[v] * wt[v], v++;
        } else {
            while (!count[v]) v++;
        }
        count[v]--;
        b[placed[k]].value = (uint8_t)v;
    }
    int k = 0;
    for (int v = 0; v < 5; v++)
        while (count[v]--) pool[k++] = (uint8_t)v;
    gg_shuffle_bytes(pool, k, rng);
    for (int j = 0; j < nr; j++) b[rest[j]].value = pool[j];
}

/* The sort key of a broker as `seat` sees it: place, marks, who peeked,
 * and the value only when `seat` knows it. */
static uint32_t broker_key(const ys_broker *b, int known)
{
    return (uint32_t)b->loc << 24 | (uint32_t)b->flags << 16 | (uint32_t)b->known << 8 |
           (uint32_t)(known ? b->value + 1 : 0);
}

/* Sorts brokers by what `seat` sees of them, then deals the values it does
 * not know at random over the brokers it does not know (the multiset is
 * public: Y-11.1). The result depends only on what `seat` sees. */
static void deal_unknown(const ys_state *st, int seat, int q, ys_broker *b, int n, int neutral,
                         int belief, gg_rng *rng)
{
    uint8_t known[YS_BROKERS];
    uint32_t key[YS_BROKERS];
    for (int i = 0; i < n; i++) {
        known[i] = (uint8_t)(neutral ? ys_knows_neutral(st, seat, q, &b[i]) : ys_knows(st, seat, q, &b[i]));
        key[i] = broker_key(&b[i], known[i]);
    }
    for (int i = 1; i < n; i++) { /* insertion sort on the visible key */
        ys_broker x = b[i];
        uint32_t kx = key[i];
        uint8_t nx = known[i];
        int j = i;
        for (; j > 0 && key[j - 1] > kx; j--) {
            b[j] = b[j - 1];
            key[j] = key[j - 1];
            known[j] = known[j - 1];
        }
        b[j] = x;
        key[j] = kx;
        known[j] = nx;
    }
    uint8_t pool[YS_BROKERS];
    int np = 0;
    for (int i = 0; i < n; i++)
        if (!known[i]) pool[np++] = b[i].value;
    if (belief && !neutral) {
        deal_by_belief(b, known, n, pool, np, rng);
        return;
    }
    sort_u8(pool, np);
    gg_shuffle_bytes(pool, np, rng);
    for (int i = 0, k = 0; i < n; i++)
        if (!known[i]) b[i].value = pool[k++];
}

/* Y-10.3, Y-11.3: with events, how many characters and events each pile
 * holds is public (3 of each were dealt, the turned ones are known); which
 * ones and their order are not. Unseen characters and events are dealt
 * again, each pile shuffled; other seats' Speculation picks (Y-11.2) are
 * drawn again among the 5 choices. */
static void determinize_events(ys_state *st, int seat, gg_rng *rng)
{
    uint8_t chars[YS_CARD_KINDS + YS_DISTRICTS * YS_PILE_MAX], evs[YS_EVENT_CARDS];
    int nc = 0, ne = 0, nchar[YS_DISTRICTS] = {0};
    for (int d = 0; d < YS_DISTRICTS; d++)
        for (int i = 0; i < st->pile_n[d]; i++) {
            int x = st->pile[d][i];
            if (YS_IS_EVENT_CODE(x)) evs[ne++] = (uint8_t)x;
            else chars[nc++] = (uint8_t)x, nchar[d]++;
        }
    for (int i = 0; i < st->unused_n; i++) chars[nc++] = st->unused[i];
    for (int c = 0; c < YS_EVENT_CARDS; c++)
        if (st->ev_out >> c & 1) evs[ne++] = (uint8_t)(YS_EVENT_CODE0 + c);
    sort_u8(chars, nc);
    sort_u8(evs, ne);
    gg_shuffle_bytes(chars, nc, rng);
    gg_shuffle_bytes(evs, ne, rng);
    int kc = 0, ke = 0;
    for (int d = 0; d < YS_DISTRICTS; d++) {
        int n = st->pile_n[d];
        for (int i = 0; i < n; i++) st->pile[d][i] = i < nchar[d] ? chars[kc++] : evs[ke++];
        gg_shuffle_bytes(st->pile[d], n, rng);
    }
    for (int i = 0; i < st->unused_n; i++) st->unused[i] = chars[kc++];
    st->ev_out = 0;
    while (ke < ne) st->ev_out |= (uint16_t)(1u << (evs[ke++] - YS_EVENT_CODE0));
    for (int q = 0; q < st->base.players; q++)
        if (q != seat && (st->spec_done >> q & 1) && !st->over) { /* Y-11.4: all public at the end */
            int x = (int)(gg_rng_next(rng) % 5);
            st->spec_pick[q] = (uint8_t)(x < YS_COLOURS ? x + 1 : 0);
        }
}

static void determinize(gg_state *s, int seat, int belief, gg_rng *rng)
{
    ys_state *st = (ys_state *)s;
    int n = s->players;
    if (seat < 0 || seat >= n) seat = GG_SPECTATOR;
    /* Brokers: screens, unrevealed bids, face-down and throne brokers not
     * seen (Y-11.1, Y-11.2); with 2 players the neutral's (Y-9.4). */
    for (int q = 0; q < n; q++) {
        ys_player *p = &st->pl[q];
        deal_unknown(st, seat, q, p->b, p->n_brokers, 0, belief, rng);
        if (n == 2) deal_unknown(st, seat, q, p->nb, YS_NEUTRAL_BROKERS, 1, 0, rng);
    }
    /* The ship deck (Y-11.3). The ships drawn were seen by all; only their
     * order is made canonical: this round's port ships, then the earlier
     * ones (the market's ship, just above the deck, stays where it is). */
    sort_u8(st->ship_deck, st->ship_n);
    gg_shuffle_bytes(st->ship_deck, st->ship_n, rng);
    int total = ships_in_game(st), ports = st->ship_n + 1 + st->districts;
    if (ys_events_on(st) && st->ship_n + 1 <= total) { /* the centre ship among them (Y-10.20) */
        sort_u8(st->ship_deck + st->ship_n + 1, total - st->ship_n - 1);
    } else if (ports <= total) {
        sort_u8(st->ship_deck + st->ship_n + 1, st->districts);
        sort_u8(st->ship_deck + ports, total - ports);
    }
    /* Characters nobody has seen: the palace piles and those out of the
     * game (Y-2.3), dealt again into the same pile sizes. */
    uint8_t pool[YS_CARD_KINDS + YS_DISTRICTS * YS_PILE_MAX];
    int np = 0;
    if (ys_events_on(st)) {
        determinize_events(st, seat, rng);
    } else {
    for (int d = 0; d < YS_DISTRICTS; d++)
        for (int i = 0; i < st->pile_n[d]; i++) pool[np++] = st->pile[d][i];
    for (int i = 0; i < st->unused_n; i++) pool[np++] = st->unused[i];
    sort_u8(pool, np);
    gg_shuffle_bytes(pool, np, rng);
    int k = 0;
    for (int d = 0; d < YS_DISTRICTS; d++)
        for (int i = 0; i < st->pile_n[d]; i++) st->pile[d][i] = pool[k++];
    for (int i = 0; i < st->unused_n; i++) st->unused[i] = pool[k++];
    }
    /* Future chance; and no seed, which would tell the deal. */
    s->rng.state = gg_rng_next(rng);
    s->seed = 0;
}

void ys_determinize(gg_state *s, int seat, gg_rng *rng)
{
    determinize(s, seat, 0, rng);
}

void ys_determinize_belief(gg_state *s, int seat, gg_rng *rng)
{
    determinize(s, seat, 1, rng);
}
