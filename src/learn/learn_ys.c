/*
 * learn_ys.c — Ys for learning programs: the observation of one seat and the
 * fixed action index space. docs/python.md documents both layouts.
 *
 * The observation is read from the seat's view itself (ys_view builds the
 * same cJSON tree gg_view_json prints), so it cannot hold anything the view
 * does not show (Y-11). That costs a view per observation: Ys observations
 * are tens of microseconds, not the Splendor encoder's fraction of one.
 */
#include <string.h>

#include "learn/learn.h"
#include "ys/ys.h"

/* ---------------------------------------------------------- action space */

/* Ranges, in this order (sizes in brackets). A broker reference (REF) in a
 * card play is turned into the index of the acting seat's broker it names
 * (ys_find_ref, 0..13); a place (loc) fits 6 bits (0..63).
 *   bid [64]       a | b << 3                             Y-5.1
 *   order [8]      turn place                             Y-5.2
 *   place [4096]   loc | up << 6 | value << 7 | front << 10 | guard << 11   Y-6.2
 *   neutral [512]  loc | value << 6                       Y-9.4
 *   refill [8]     value                                  Y-7.10
 *   peek [512]     loc | seat << 6                        Y-7.8
 *   pass [1]
 *   gem [64]       colour | to << 3                       Y-8.4, Y-8.5
 *   column [8]     colour                                 Y-8.7
 *   rate [16]      colour | up << 3                       Y-8.8
 *   throne [8]     value                                  Y-9.1
 *   play [5156]    card by card (card ids ascending), each card's range
 *       holding its argument index: args as written for most cards [128]
 *       (banker, captain, jeweller, alchemist, queen, investor, professor,
 *       customs officer, rogue; 0 for the others), mercenary broker [14],
 *       magician broker_a * 14 + broker_b [196], herald broker * 64 + loc
 *       [896], monk broker_a * 15 + (broker_b, or 14 for none) [210]; the
 *       Imitator [896]: the index of the copied card's arguments
 *   settle [14 * 64] broker * 64 + zone loc                Y-10.12
 *   speculate [8]  colour (4: none)                       Y-10.31
 *   smuggle [256]  the payload                            Y-10.21 */
enum {
    PLAY_ARGS = 23 * 128 + 14 + 196 + 896 + 210 + 896,
    N_BID = 64, N_ORDER = 8, N_PLACE = 4096, N_NEUTRAL = 512, N_REFILL = 8, N_PEEK = 512,
    N_PASS = 1, N_GEM = 64, N_COLUMN = 8, N_RATE = 16, N_THRONE = 8,
    N_PLAY = PLAY_ARGS, N_SETTLE = 14 * 64, N_SPECULATE = 8, N_SMUGGLE = 256,
    AT_BID = 0,
    AT_ORDER = AT_BID + N_BID,
    AT_PLACE = AT_ORDER + N_ORDER,
    AT_NEUTRAL = AT_PLACE + N_PLACE,
    AT_REFILL = AT_NEUTRAL + N_NEUTRAL,
    AT_PEEK = AT_REFILL + N_REFILL,
    AT_PASS = AT_PEEK + N_PEEK,
    AT_GEM = AT_PASS + N_PASS,
    AT_COLUMN = AT_GEM + N_GEM,
    AT_RATE = AT_COLUMN + N_COLUMN,
    AT_THRONE = AT_RATE + N_RATE,
    AT_PLAY = AT_THRONE + N_THRONE,
    AT_SETTLE = AT_PLAY + N_PLAY,
    AT_SPECULATE = AT_SETTLE + N_SETTLE,
    AT_SMUGGLE = AT_SPECULATE + N_SPECULATE,
    SPACE = AT_SMUGGLE + N_SMUGGLE
};

/* The seat's broker that `ref` names, skipping broker `not` (the second of a
 * pair: as the Magician and the Monk find it). */
static int broker_of(const ys_state *st, int seat, unsigned ref, int not)
{
    const ys_player *p = &st->pl[seat];
    for (int i = 0; i < p->n_brokers; i++) {
        const ys_broker *b = &p->b[i];
        if (i == not || b->loc != YS_REF_LOC(ref) || ((b->flags & YS_F_UP) ? 1u : 0u) != YS_REF_UP(ref))
            continue;
        if (YS_REF_VALUE(ref) == YS_UNKNOWN_VALUE ? !ys_knows(st, seat, seat, b) : b->value == YS_REF_VALUE(ref))
            return i;
    }
    return -1;
}

static int in(unsigned v, unsigned n) { return v < n ? (int)v : -1; }

/* How many argument indices a card's range holds. */
static int card_args_size(int card)
{
    switch (card) {
    case YC_MERCENARY: return 14;
    case YC_MAGICIAN: return 14 * 14;
    case YC_HERALD: return 14 * 64;
    case YC_MONK: return 14 * 15;
    case YC_IMITATOR: return 14 * 64; /* the largest of the others */
    default: return 128;
    }
}

static int card_args_start(int card)
{
    int at = 0;
    for (int c = 0; c < card; c++) at += card_args_size(c);
    return at;
}

/* The index of a card's arguments within its range. */
static int card_args_index(const ys_state *st, int seat, int card, unsigned args)
{
    switch (card) {
    case YC_MERCENARY: return broker_of(st, seat, args & 0x7FF, -1);
    case YC_MAGICIAN: {
        int i = broker_of(st, seat, args & 0x7FF, -1);
        int j = i < 0 ? -1 : broker_of(st, seat, args >> 11 & 0x7FF, i);
        return j < 0 ? -1 : i * 14 + j;
    }
    case YC_HERALD: {
        int i = broker_of(st, seat, args & 0x7FF, -1);
        unsigned dest = args >> 11 & 0x7F;
        return i < 0 || dest >= 64 ? -1 : i * 64 + (int)dest;
    }
    case YC_MONK: {
        int i = broker_of(st, seat, args & 0x7FF, -1);
        unsigned rb = args >> 11 & 0x7FF;
        int j = rb == 0 ? 14 : broker_of(st, seat, rb, i);
        return i < 0 || j < 0 ? -1 : i * 15 + j;
    }
    default: return in(args, 128);
    }
}

static int ys_index(const gg_state *s, int seat, gg_action a)
{
    const ys_state *st = (const ys_state *)s;
    unsigned p = YS_PAYLOAD(a);
    int k;
    switch (YS_KIND(a)) {
    case YS_A_BID: k = in(p, N_BID); return k < 0 ? -1 : AT_BID + k;
    case YS_A_ORDER: k = in(p, N_ORDER); return k < 0 ? -1 : AT_ORDER + k;
    case YS_A_PLACE: {
        unsigned loc = p & 0x7F;
        if (loc >= 64 || p >> 13) return -1;
        return AT_PLACE + (int)(loc | (p >> 7 & 1) << 6 | (p >> 8 & 7) << 7 | (p >> 11 & 3) << 10);
    }
    case YS_A_NEUTRAL: {
        unsigned loc = p & 0x7F;
        if (loc >= 64 || p >> 11 || (p >> 7 & 1)) return -1;
        return AT_NEUTRAL + (int)(loc | (p >> 8 & 7) << 6);
    }
    case YS_A_REFILL: k = in(p, N_REFILL); return k < 0 ? -1 : AT_REFILL + k;
    case YS_A_PEEK: {
        unsigned loc = p & 0x7F;
        if (loc >= 64 || p >> 10) return -1;
        return AT_PEEK + (int)(loc | (p >> 7 & 7) << 6);
    }
    case YS_A_PASS: return p == 0 ? AT_PASS : -1;
    case YS_A_GEM: k = in(p, N_GEM); return k < 0 ? -1 : AT_GEM + k;
    case YS_A_COLUMN: k = in(p, N_COLUMN); return k < 0 ? -1 : AT_COLUMN + k;
    case YS_A_RATE: k = in(p, N_RATE); return k < 0 ? -1 : AT_RATE + k;
    case YS_A_THRONE: k = in(p, N_THRONE); return k < 0 ? -1 : AT_THRONE + k;
    case YS_A_PLAY: {
        int card = (int)YS_PLAY_CARD(a);
        if (card >= YS_CARD_KINDS) return -1;
        int as = card == YC_IMITATOR && st->imitating ? st->imitating - 1 : card;
        k = card_args_index(st, seat, as, YS_PLAY_ARGS(a));
        return k < 0 || k >= card_args_size(card) ? -1 : AT_PLAY + card_args_start(card) + k;
    }
    case YS_A_SETTLE: {
        int i = broker_of(st, seat, p & 0x7FF, -1);
        unsigned zone = p >> 11 & 0x7F;
        return i < 0 || zone >= 64 ? -1 : AT_SETTLE + i * 64 + (int)zone;
    }
    case YS_A_SPECULATE: k = in(p, N_SPECULATE); return k < 0 ? -1 : AT_SPECULATE + k;
    case YS_A_SMUGGLE: k = in(p, N_SMUGGLE); return k < 0 ? -1 : AT_SMUGGLE + k;
    default: return -1;
    }
}

static int ys_space(int players) { (void)players; return SPACE; }

/* ----------------------------------------------------------- observation */

/* Read from the view (keys as in docs/formats.md). Owners of brokers are
 * seat-relative: 0 the observer, 1 the next seat, ...; 5 the 2-player
 * neutral. Sizes of each section below; docs/python.md lists the fields. */
enum {
    OWNERS = 6, BROKER_STATS = 4, /* per owner: face up, face down, known value sum, values hidden */
    N_STAGE_NAMES = 17,
    HEADER = 1 + N_STAGE_NAMES + 6 + 5 + 5 + 3 + 6 + 16 + 1 + 5 + 5 + YS_SHIPS + YS_CARD_KINDS + 5,
    ZONE = OWNERS * BROKER_STATS + 1,
    DISTRICT = 1 + 6 + 3 * ZONE + YS_CARD_KINDS + 1,
    LINES = 20, LINE = OWNERS * BROKER_STATS,
    CELL = 1 + OWNERS + 3,
    MARKET = 4 * 7 + 16 * CELL,
    PLAYER = 4 + 6 + 6 + 6 + 1 + 7 + 1 + 3 * YS_CARD_KINDS + YS_CARD_KINDS + 1 + 5 + 4 + 6 +
             YS_CARD_KINDS + 4 + 4 + 6 + 1 + YS_CARD_KINDS + 1,
    NEUTRAL = 8,
    SPEC_CHOICES = 7,
    EVENTS = YS_EVENT_CARDS + 4 * YS_EVENT_CARDS + 7 + YS_EVENT_CARDS + YS_EVENT_CARDS +
             YS_CARD_KINDS + 2 * OWNERS * BROKER_STATS + 5 * SPEC_CHOICES,
    O_CITY = HEADER,
    O_LINES = O_CITY + 4 * DISTRICT,
    O_MARKET = O_LINES + LINES * LINE,
    O_RATES = O_MARKET + MARKET,
    O_PLAYERS = O_RATES + 4,
    O_NEUTRAL = O_PLAYERS + 5 * PLAYER,
    O_EVENTS = O_NEUTRAL + NEUTRAL,
    OBS = O_EVENTS + EVENTS
};

static const char *const stage_names[N_STAGE_NAMES] = {
    "bid", "turn_places", "start_of_placement", "start_of_scoring", "end_of_scoring", "placement",
    "refill", "after_placing", "gem", "columns", "market_majority", "throne", "imitate", "settle",
    "speculation", "smuggling", "over"};

typedef struct enc {
    const ys_state *st;
    int seat, n;
} enc;

static const cJSON *get(const cJSON *o, const char *key) { return cJSON_GetObjectItemCaseSensitive(o, key); }
static double num(const cJSON *o, const char *key)
{
    const cJSON *v = get(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : cJSON_IsTrue(v) ? 1 : 0;
}
static int rel(const enc *e, int q) { return (q - e->seat + e->n) % e->n; }

static int name_index(const char *const *names, int n, const cJSON *v)
{
    if (!cJSON_IsString(v)) return -1;
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], v->valuestring) == 0) return i;
    return -1;
}

static int card_index(const cJSON *v)
{
    if (!cJSON_IsString(v)) return -1;
    for (int c = 0; c < YS_CARD_KINDS; c++)
        if (strcmp(ys_cards[c].key, v->valuestring) == 0) return c;
    return -1;
}

static int event_index(const cJSON *v)
{
    if (!cJSON_IsString(v)) return -1;
    for (int c = 0; c < YS_EVENT_CARDS; c++) {
        char buf[40];
        snprintf(buf, sizeof buf, "%s%s", ys_events[ys_event_card_kind[c]].key,
                 ys_event_card_copy[c] ? "2" : "");
        if (strcmp(buf, v->valuestring) == 0) return c;
    }
    return -1;
}

static int gem_index(const cJSON *v) { return name_index(ys_gem_name, YS_GEM_KINDS, v); }

static void one_hot(float *o, int i, int n)
{
    if (i >= 0 && i < n) o[i] = 1;
}

/* Each item of a list of names (cards / events) sets its bit. */
static void name_set(float *o, const cJSON *list, int events)
{
    const cJSON *v;
    cJSON_ArrayForEach(v, list) one_hot(o, events ? event_index(v) : card_index(v),
                                        events ? YS_EVENT_CARDS : YS_CARD_KINDS);
}

static void values_hist(float *o, const cJSON *list)
{
    const cJSON *v;
    cJSON_ArrayForEach(v, list) if (cJSON_IsNumber(v) && v->valueint >= 0 && v->valueint < 5) o[v->valueint]++;
}

/* A broker object adds to its owner's stats: up, down, known values, hidden. */
static void broker_stats(const enc *e, float *o, const cJSON *b)
{
    const cJSON *seat = get(b, "seat");
    int owner = cJSON_IsNumber(seat) ? rel(e, seat->valueint) : OWNERS - 1;
    float *s = o + owner * BROKER_STATS;
    const cJSON *face = get(b, "face"), *value = get(b, "value");
    int down = cJSON_IsString(face) && strcmp(face->valuestring, "down") == 0;
    s[down]++;
    if (cJSON_IsNumber(value)) s[2] += (float)value->valuedouble;
    else s[3]++;
}

static void put_header(const enc *e, const cJSON *v, float *o)
{
    o[0] = (float)num(v, "round");
    one_hot(o + 1, name_index(stage_names, N_STAGE_NAMES, get(v, "stage")), N_STAGE_NAMES);
    float *h = o + 1 + N_STAGE_NAMES;
    h[0] = (float)num(v, "turn");
    h[1] = (float)num(v, "turns");
    h[2] = (float)num(v, "ship_deck_left");
    h[3] = (float)num(v, "palace_piles_left");
    h[4] = (float)num(v, "blue_cards_waiting");
    h[5] = (float)num(v, "districts");
    h += 6;
    if (cJSON_IsNumber(get(v, "intriguer"))) h[rel(e, get(v, "intriguer")->valueint)] = 1;
    h += 5;
    if (cJSON_IsNumber(get(v, "merchant"))) h[rel(e, get(v, "merchant")->valueint)] = 1;
    h += 5;
    static const char *const gem_for[] = {"port", "any", "white"};
    one_hot(h, name_index(gem_for, 3, get(v, "gem_for")), 3);
    h += 3;
    const cJSON *x;
    cJSON_ArrayForEach(x, get(v, "port_gems_left")) { int g = gem_index(x); if (g >= 0) h[g]++; }
    h += 6;
    int k = 0;
    cJSON_ArrayForEach(x, get(v, "column_order")) { if (k < 4) one_hot(h + 4 * k, gem_index(x), 4); k++; }
    h += 16;
    h[0] = (float)num(v, "columns_fixed");
    h += 1;
    k = 0;
    cJSON_ArrayForEach(x, get(v, "bid_ranking")) { if (cJSON_IsNumber(x)) h[rel(e, x->valueint)] = (float)++k; }
    h += 5;
    k = 0;
    cJSON_ArrayForEach(x, get(v, "turn_places")) { k++; if (cJSON_IsNumber(x)) h[rel(e, x->valueint)] = (float)k; }
    h += 5;
    cJSON_ArrayForEach(x, get(v, "ship_discards")) if (cJSON_IsNumber(x)) one_hot(h, x->valueint - 1, YS_SHIPS);
    h += YS_SHIPS;
    one_hot(h, card_index(get(v, "imitating")), YS_CARD_KINDS);
    h += YS_CARD_KINDS;
    if (cJSON_IsNumber(get(v, "imitating_from"))) h[rel(e, get(v, "imitating_from")->valueint)] = 1;
}

static void ship_gems(const cJSON *ship, float *o)
{
    const cJSON *g;
    if (!cJSON_IsObject(ship)) return;
    o[0] = 1;
    cJSON_ArrayForEach(g, get(ship, "gems")) { int k = gem_index(g); if (k >= 0) o[1 + k]++; }
}

static void put_city(const enc *e, const cJSON *v, float *o)
{
    const cJSON *d;
    int i = 0;
    cJSON_ArrayForEach(d, get(v, "city")) {
        if (i >= 4) break;
        float *x = o + i++ * DISTRICT;
        ship_gems(get(d, "ship"), x);
        for (int z = 0; z < YS_ZONES; z++) {
            const cJSON *zone = get(d, ys_zone_name[z]), *b;
            float *zo = x + 7 + z * ZONE;
            cJSON_ArrayForEach(b, get(zone, "brokers")) broker_stats(e, zo, b);
            zo[OWNERS * BROKER_STATS] = cJSON_IsTrue(get(zone, "queen"));
        }
        one_hot(x + 7 + 3 * ZONE, card_index(get(d, "palace_card")), YS_CARD_KINDS);
        x[7 + 3 * ZONE + YS_CARD_KINDS] = (float)num(d, "pile");
    }
}

static int line_slot(const cJSON *name)
{
    if (!cJSON_IsString(name)) return -1;
    int k = 0;
    for (int loc = 0; loc < 64; loc++) {
        if (!YS_IS_LINE(loc)) continue;
        char buf[24];
        ys_loc_text(loc, buf, sizeof buf);
        if (strcmp(buf, name->valuestring) == 0) return k;
        k++;
    }
    return -1;
}

static void put_lines(const enc *e, const cJSON *v, float *o)
{
    const cJSON *b;
    cJSON_ArrayForEach(b, get(v, "lines")) {
        int k = line_slot(get(b, "line"));
        if (k >= 0 && k < LINES) broker_stats(e, o + k * LINE, b);
    }
}

static void put_market(const enc *e, const cJSON *v, float *o)
{
    const cJSON *m = get(v, "market"), *r;
    int i = 0;
    cJSON_ArrayForEach(r, get(m, "rows")) {
        if (i >= 4) break;
        one_hot(o + i * 7, gem_index(get(r, "gem")), 6);
        o[i * 7 + 6] = cJSON_IsTrue(get(r, "open"));
        i++;
    }
    const cJSON *cols = get(m, "columns");
    for (int c = 0; c < YS_COLOURS; c++) {
        const cJSON *b;
        int row = 0;
        cJSON_ArrayForEach(b, get(cols, ys_gem_name[c])) {
            if (row >= 4) break;
            float *x = o + 28 + (4 * row + c) * CELL;
            row++;
            if (!cJSON_IsObject(b)) continue;
            x[0] = 1;
            const cJSON *seat = get(b, "seat"), *face = get(b, "face"), *value = get(b, "value");
            x[1 + (cJSON_IsNumber(seat) ? rel(e, seat->valueint) : OWNERS - 1)] = 1;
            x[1 + OWNERS] = cJSON_IsString(face) && strcmp(face->valuestring, "down") == 0;
            x[2 + OWNERS] = !cJSON_IsNumber(value);
            x[3 + OWNERS] = cJSON_IsNumber(value) ? (float)value->valuedouble : 0;
        }
    }
}

static void put_player(const enc *e, const cJSON *p, float *o)
{
    int q = (int)num(p, "seat");
    o[0] = 1;
    o[1] = gg_is_actor(&e->st->base, q) != 0; /* who must act is public */
    o[2] = (float)num(p, "score");
    o[3] = (float)num(p, "order");
    float *x = o + 4;
    const cJSON *gems = get(p, "gems");
    for (int g = 0; g < YS_GEM_KINDS; g++) x[g] = (float)num(gems, ys_gem_name[g]);
    x += 6;
    values_hist(x, get(p, "front"));
    x[5] = (float)num(p, "front_hidden");
    x += 6;
    values_hist(x, get(p, "screen"));
    x[5] = (float)num(p, "screen_count");
    x += 6;
    x[0] = (float)num(p, "bid_done");
    x += 1;
    values_hist(x, get(p, "throne"));
    x[5] = (float)num(p, "throne_hidden");
    x[6] = (float)num(p, "reserve");
    x += 7;
    x[0] = (float)num(p, "spy_peeks_left");
    x += 1;
    const cJSON *c;
    cJSON_ArrayForEach(c, get(p, "cards")) {
        int k = card_index(get(c, "card"));
        if (k < 0) continue;
        x[k] = 1;
        x[YS_CARD_KINDS + k] = cJSON_IsTrue(get(c, "playable"));
        x[2 * YS_CARD_KINDS + k] = cJSON_IsTrue(get(c, "fresh"));
    }
    x += 3 * YS_CARD_KINDS;
    name_set(x, get(p, "active"), 0);
    x += YS_CARD_KINDS;
    x[0] = (float)num(p, "played");
    x += 1;
    values_hist(x, get(p, "unseen"));
    x += 5;
    const cJSON *pts = get(p, "points");
    x[0] = (float)num(pts, "trade"), x[1] = (float)num(pts, "market");
    x[2] = (float)num(pts, "cards"), x[3] = (float)num(pts, "events");
    x += 4;
    values_hist(x, get(p, "neutral_hand"));
    x[5] = (float)num(p, "neutral_hand_count");
    x += 6;
    name_set(x, get(p, "kept"), 0);
    x += YS_CARD_KINDS;
    one_hot(x, gem_index(get(p, "investor")), 4);
    x += 4;
    if (cJSON_IsNumber(get(p, "professor"))) one_hot(x, get(p, "professor")->valueint - 1, 4);
    x += 4;
    one_hot(x, gem_index(get(p, "customs_officer")), 6);
    x += 6;
    x[0] = (float)num(p, "guard_placed");
    x += 1;
    one_hot(x, card_index(get(p, "imitated")), YS_CARD_KINDS);
    x += YS_CARD_KINDS;
    x[0] = (float)num(p, "lines_placed");
}

static void put_events(const enc *e, const cJSON *v, float *o)
{
    const cJSON *ev = get(v, "events"), *x;
    if (!cJSON_IsObject(ev)) return;
    name_set(o, get(ev, "active"), 1);
    o += YS_EVENT_CARDS;
    int d = 0;
    cJSON_ArrayForEach(x, get(ev, "ports")) {
        if (d < 4) one_hot(o + d * YS_EVENT_CARDS, event_index(x), YS_EVENT_CARDS);
        d++;
    }
    o += 4 * YS_EVENT_CARDS;
    ship_gems(get(ev, "centre_ship"), o);
    o += 7;
    name_set(o, get(ev, "gone"), 1);
    o += YS_EVENT_CARDS;
    name_set(o, get(ev, "discarded"), 1);
    o += YS_EVENT_CARDS;
    name_set(o, get(ev, "characters_discarded"), 0);
    o += YS_CARD_KINDS;
    cJSON_ArrayForEach(x, get(ev, "smuggling1")) broker_stats(e, o, x);
    o += OWNERS * BROKER_STATS;
    cJSON_ArrayForEach(x, get(ev, "smuggling2")) broker_stats(e, o, x);
    o += OWNERS * BROKER_STATS;
    static const char *const spec[SPEC_CHOICES] = {"", "hidden", "none", "blue", "green", "yellow", "red"};
    int q = 0;
    cJSON_ArrayForEach(x, get(ev, "speculation")) {
        if (q < e->n) {
            int k = cJSON_IsNull(x) ? 0 : name_index(spec, SPEC_CHOICES, x);
            one_hot(o + rel(e, q) * SPEC_CHOICES, k, SPEC_CHOICES);
        }
        q++;
    }
}

static void ys_observe(const gg_state *s, int seat, float *o)
{
    cJSON *v = cJSON_CreateObject();
    GG_ASSERT(v != NULL);
    ys_view(s, seat, v);
    enc e = {(const ys_state *)s, seat, s->players};
    put_header(&e, v, o);
    put_city(&e, v, o + O_CITY);
    put_lines(&e, v, o + O_LINES);
    put_market(&e, v, o + O_MARKET);
    const cJSON *rates = get(v, "rates"), *p;
    for (int c = 0; c < YS_COLOURS; c++) o[O_RATES + c] = (float)num(rates, ys_gem_name[c]);
    cJSON_ArrayForEach(p, get(v, "players"))
        put_player(&e, p, o + O_PLAYERS + rel(&e, (int)num(p, "seat")) * PLAYER);
    const cJSON *ne = get(v, "neutral");
    if (cJSON_IsObject(ne)) {
        o[O_NEUTRAL] = (float)num(ne, "score");
        o[O_NEUTRAL + 1] = (float)num(ne, "market_points");
        for (int g = 0; g < YS_GEM_KINDS; g++) o[O_NEUTRAL + 2 + g] = (float)num(get(ne, "gems"), ys_gem_name[g]);
    }
    put_events(&e, v, o + O_EVENTS);
    cJSON_Delete(v);
}

static int ys_obs_size(int players) { (void)players; return OBS; }

const gg_encoding gg_encoding_ys = {
    .game = &gg_ys_game,
    .obs_size = ys_obs_size,
    .observe = ys_observe,
    .space = ys_space,
    .index = ys_index,
    .value_size = ys_value_size,
    .value_features = ys_value_features,
};
