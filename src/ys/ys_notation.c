/*
 * ys_notation.c — the text notation for Ys actions (docs/notation.md, "Ys").
 *
 * Places: "d2-trade" (district 1..4, zone port/trade/palace), "blue1" (market
 * column by colour, row 0..3), "throne" (King's Favour).
 *
 *   bid 1+3            order 2             pass
 *   up 3 d1-port       down 2 blue1        up front 4 d2-trade (Illusionist)
 *   up guard 4 d2-trade (Royal Guard)
 *   neutral 2 d3-port  refill 3            peek S1 d2-palace
 *   gem red            gem white>blue      column red
 *   rate green+        rate red-           throne 3
 *   play banker blue+ red-     play captain d1 d3     play jeweller blue red
 *   play alchemist red>blue    play queen d2-trade    play mercenary down 2 d1-port
 *   play magician up 3 d1-port with down ? throne     play herald up 1 red2 to d3-trade
 *   play investor red   play customs_officer white   play professor d2
 *   play monk up 3 d1-port and down 1 blue2            play rogue blue black for points
 *   down 2 smuggling1 (Y-10.21)   speculate red   speculate none   smuggle blue red
 *   smuggle black   smuggle points
 *
 * A broker named inside a card play (a REF) is "up|down VALUE PLACE"; "?" is
 * a value its owner may not see (Y-6.5). Announcements (Y-11) are the notation
 * with what the viewer may not know replaced by "?" or left out.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ys/ys.h"

/* How a card's arguments are written (the PLAY args of ys.h). Cards not
 * listed take none: "play spy". */
enum card_args {
    ARGS_NONE = 0,
    ARGS_RATES,     /* banker     blue+ red- */
    ARGS_DISTRICTS, /* captain    d1 d3 */
    ARGS_COLOURS,   /* jeweller   blue red */
    ARGS_EXCHANGE,  /* alchemist  red>blue */
    ARGS_ZONE,      /* queen      d2-trade */
    ARGS_REF,       /* mercenary  REF */
    ARGS_SWAP,      /* magician   REF with REF */
    ARGS_MOVE,      /* herald     REF to PLACE */
    ARGS_COLOUR,    /* investor   red */
    ARGS_GEM,       /* customs_officer  red | white */
    ARGS_DISTRICT,  /* professor  d2 */
    ARGS_REFS,      /* monk       REF [and REF] */
    ARGS_TRADE      /* rogue      blue red for black|points */
};

static const uint8_t card_args[YS_CARD_KINDS] = {
    [YC_BANKER] = ARGS_RATES,     [YC_CAPTAIN] = ARGS_DISTRICTS, [YC_JEWELLER] = ARGS_COLOURS,
    [YC_ALCHEMIST] = ARGS_EXCHANGE, [YC_QUEEN] = ARGS_ZONE,      [YC_MERCENARY] = ARGS_REF,
    [YC_MAGICIAN] = ARGS_SWAP,    [YC_HERALD] = ARGS_MOVE,
    [YC_INVESTOR] = ARGS_COLOUR,  [YC_CUSTOMS_OFFICER] = ARGS_GEM, [YC_PROFESSOR] = ARGS_DISTRICT,
    [YC_MONK] = ARGS_REFS,        [YC_ROGUE] = ARGS_TRADE,
};

enum { REF_BITS = 11, REF_MASK = (1 << REF_BITS) - 1, LOC_MASK = 0x7F };

/* ------------------------------------------------------------- places */

int ys_loc_text(int loc, char *buf, size_t n)
{
    if (YS_IS_ZONE(loc))
        return snprintf(buf, n, "d%d-%s", YS_LOC_DISTRICT(loc) + 1, ys_zone_name[YS_LOC_ZONE(loc)]);
    if (YS_IS_CELL(loc))
        return snprintf(buf, n, "%s%d", ys_gem_name[YS_LOC_COLOUR(loc)], YS_LOC_ROW(loc));
    if (loc >= YS_LOC_RLINE0 && loc < YS_LOC_RLINE0 + 8) { /* Y-10.12: "d1-port/trade" */
        int d = (loc - YS_LOC_RLINE0) / 2, k = (loc - YS_LOC_RLINE0) % 2;
        return snprintf(buf, n, "d%d-%s/%s", d + 1, ys_zone_name[k], ys_zone_name[k + 1]);
    }
    if (loc >= YS_LOC_DLINE0 && loc < YS_LOC_DLINE0 + 12) { /* Y-10.12: "d1/d2-port" */
        int d = (loc - YS_LOC_DLINE0) / 3, z = (loc - YS_LOC_DLINE0) % 3;
        return snprintf(buf, n, "d%d/d%d-%s", d + 1, (d + 1) % YS_DISTRICTS + 1, ys_zone_name[z]);
    }
    if (YS_IS_SMUGGLE(loc)) return snprintf(buf, n, "smuggling%d", loc - YS_LOC_SMUGGLE0 + 1); /* Y-10.21 */
    switch (loc) {
    case YS_LOC_SCREEN: return snprintf(buf, n, "screen");
    case YS_LOC_FRONT: return snprintf(buf, n, "front");
    case YS_LOC_THRONE: return snprintf(buf, n, "throne");
    case YS_LOC_RESERVE: return snprintf(buf, n, "reserve");
    case YS_LOC_HAND: return snprintf(buf, n, "hand");
    default: return snprintf(buf, n, "?");
    }
}

/* ------------------------------------------------------------- format */


static void put_loc(gg_out *o, unsigned loc)
{
    char t[16];
    ys_loc_text((int)loc, t, sizeof t);
    gg_put(o, "%s", t);
}

static const char *gem_word(unsigned g)
{
    return g < YS_GEM_KINDS ? ys_gem_name[g] : "?";
}

/* A broker value; "?" for YS_UNKNOWN_VALUE or when masked. */
static void put_value(gg_out *o, unsigned v, int masked)
{
    if (masked || v == YS_UNKNOWN_VALUE) gg_put(o, "?");
    else gg_put(o, "%u", v);
}

/* "up 3 d1-port" / "down ? throne": a face-down broker's value is hidden from
 * everyone but its owner (Y-11.2). */
static void put_ref(gg_out *o, unsigned ref, int masked)
{
    int up = YS_REF_UP(ref);
    gg_put(o, "%s ", up ? "up" : "down");
    put_value(o, YS_REF_VALUE(ref), masked && !up);
    gg_put(o, " ");
    put_loc(o, YS_REF_LOC(ref));
}

/* How card's arguments are written; the Imitator's are those of the card it
 * copies (`copied`: the card just played, or -1). */
static int args_kind(int card, int copied)
{
    if (card == YC_IMITATOR) return copied >= 0 && copied < YS_CARD_KINDS ? card_args[copied] : ARGS_NONE;
    return card_args[card];
}

static int copied_card(const gg_state *s)
{
    const ys_state *st = (const ys_state *)s;
    return st->stage == YS_ST_IMITATE && st->imitating ? st->imitating - 1 : -1;
}

static void put_play(gg_out *o, gg_action a, int masked, int copied)
{
    unsigned card = YS_PLAY_CARD(a), args = YS_PLAY_ARGS(a);
    if (card >= YS_CARD_KINDS || !ys_cards[card].key[0]) {
        gg_put(o, "play ?");
        return;
    }
    gg_put(o, "play %s", ys_cards[card].key);
    unsigned lo = args & 7, hi = args >> 3 & 7;
    switch (args_kind((int)card, copied)) {
    case ARGS_RATES: gg_put(o, " %s+ %s-", gem_word(lo), gem_word(hi)); break;
    case ARGS_DISTRICTS: gg_put(o, " d%u d%u", lo + 1, hi + 1); break;
    case ARGS_COLOURS: gg_put(o, " %s %s", gem_word(lo), gem_word(hi)); break;
    case ARGS_EXCHANGE: gg_put(o, " %s>%s", gem_word(lo), gem_word(hi)); break;
    case ARGS_ZONE:
        gg_put(o, " ");
        put_loc(o, args & LOC_MASK);
        break;
    case ARGS_REF:
        gg_put(o, " ");
        put_ref(o, args & REF_MASK, masked);
        break;
    case ARGS_SWAP:
        gg_put(o, " ");
        put_ref(o, args & REF_MASK, masked);
        gg_put(o, " with ");
        put_ref(o, args >> REF_BITS & REF_MASK, masked);
        break;
    case ARGS_MOVE:
        gg_put(o, " ");
        put_ref(o, args & REF_MASK, masked);
        gg_put(o, " to ");
        put_loc(o, args >> REF_BITS & LOC_MASK);
        break;
    case ARGS_COLOUR: case ARGS_GEM: gg_put(o, " %s", gem_word(lo)); break;
    case ARGS_DISTRICT: gg_put(o, " d%u", lo + 1); break;
    case ARGS_REFS:
        gg_put(o, " ");
        put_ref(o, args & REF_MASK, masked);
        if (args >> REF_BITS & REF_MASK) {
            gg_put(o, " and ");
            put_ref(o, args >> REF_BITS & REF_MASK, masked);
        }
        break;
    case ARGS_TRADE: gg_put(o, " %s %s for %s", gem_word(lo), gem_word(hi), (args >> 6 & 1) ? "points" : "black"); break;
    default: break;
    }
}

/* The notation of `a`; with `masked`, as a seat other than the actor (or a
 * spectator) may see it (Y-11). */
static void put_action(gg_out *o, gg_action a, int masked, int copied)
{
    unsigned pay = YS_PAYLOAD(a);
    switch (YS_KIND(a)) {
    case YS_A_BID: /* Y-5.1: secret until all are revealed together */
        if (masked) gg_put(o, "bid");
        else gg_put(o, "bid %u+%u", pay & 7, pay >> 3 & 7);
        break;
    case YS_A_ORDER: gg_put(o, "order %u", pay); break;
    case YS_A_PLACE: {
        int up = pay >> 7 & 1, front = pay >> 11 & 1, guard = pay >> 12 & 1;
        gg_put(o, "%s%s%s ", up ? "up" : "down", front ? " front" : "", guard ? " guard" : "");
        /* a front broker's value is public (Y-5.4, Y-6.6), even placed face down */
        put_value(o, pay >> 8 & 7, masked && !up && !front);
        gg_put(o, " ");
        put_loc(o, pay & LOC_MASK);
        break;
    }
    case YS_A_NEUTRAL: /* Y-9.4: only the placer knows a neutral broker */
        gg_put(o, "neutral ");
        put_value(o, pay >> 8 & 7, masked);
        gg_put(o, " ");
        put_loc(o, pay & LOC_MASK);
        break;
    case YS_A_REFILL: gg_put(o, "refill %u", pay); break;
    case YS_A_PEEK:
        gg_put(o, "peek S%u ", pay >> 7 & 7);
        put_loc(o, pay & LOC_MASK);
        break;
    case YS_A_PASS: gg_put(o, "pass"); break;
    case YS_A_GEM:
        if ((pay & 7) == (pay >> 3 & 7)) gg_put(o, "gem %s", gem_word(pay & 7));
        else gg_put(o, "gem %s>%s", gem_word(pay & 7), gem_word(pay >> 3 & 7));
        break;
    case YS_A_COLUMN: gg_put(o, "column %s", gem_word(pay)); break;
    case YS_A_RATE: gg_put(o, "rate %s%c", gem_word(pay & 7), pay >> 3 & 1 ? '+' : '-'); break;
    case YS_A_SETTLE: /* Y-10.12 */
        gg_put(o, "settle ");
        put_ref(o, pay & REF_MASK, masked);
        gg_put(o, " to ");
        put_loc(o, pay >> REF_BITS & LOC_MASK);
        break;
    case YS_A_THRONE: /* Y-9.1: face down in the throne room */
        gg_put(o, "throne ");
        put_value(o, pay, masked);
        break;
    case YS_A_PLAY: put_play(o, a, masked, copied); break;
    case YS_A_SPECULATE: /* Y-10.31, Y-11.2: the pick is private */
        if (masked) gg_put(o, "speculate");
        else gg_put(o, "speculate %s", pay == YS_SPEC_NONE ? "none" : gem_word(pay));
        break;
    case YS_A_SMUGGLE: /* Y-10.21 */
        if (pay == YS_SMUGGLE_BLACK) gg_put(o, "smuggle black");
        else if (pay == YS_SMUGGLE_POINTS) gg_put(o, "smuggle points");
        else gg_put(o, "smuggle %s %s", gem_word(pay & 7), gem_word(pay >> 3 & 7));
        break;
    default: gg_put(o, "?");
    }
}

static int finish(const gg_out *o, size_t n)
{
    return o->len < n ? (int)o->len : (n ? (int)n - 1 : 0);
}

int ys_format(const gg_state *s, int seat, gg_action a, char *buf, size_t n)
{
    (void)seat;
    gg_out o = {buf, n, 0};
    if (n) buf[0] = '\0';
    put_action(&o, a, 0, copied_card(s));
    return finish(&o, n);
}

int ys_announce(const gg_state *s, int seat, gg_action a, int viewer, char *buf, size_t n)
{
    gg_out o = {buf, n, 0};
    if (n) buf[0] = '\0';
    put_action(&o, a, viewer != seat, copied_card(s));
    return finish(&o, n);
}

/* -------------------------------------------------------------- parse */

typedef gg_words words;

static gg_status split(const char *text, words *ws, gg_error *err)
{
    return gg_split_words(text, ws, GG_WORD_LEN, err);
}

/* Words from..n-1 run together ("white > blue" reads as "white>blue"). */
static gg_status join(const words *ws, int from, char *buf, size_t n, gg_error *err)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = from; i < ws->n; i++) {
        size_t k = strlen(ws->w[i]);
        if (len + k + 1 > n) return gg_fail(err, GG_EPARSE, "too long: \"%.40s...\"", buf);
        memcpy(buf + len, ws->w[i], k + 1);
        len += k;
    }
    return GG_OK;
}

/* A one-digit number lo..hi, or -1. */
static int digit_word(const char *w, int lo, int hi)
{
    if (w[0] < '0' || w[0] > '9' || w[1]) return -1;
    int v = w[0] - '0';
    return v >= lo && v <= hi ? v : -1;
}

/* The gem kind whose name starts w (its length in *len), or -1. */
static int gem_prefix(const char *w, size_t *len)
{
    for (int g = 0; g < YS_GEM_KINDS; g++) {
        size_t k = strlen(ys_gem_name[g]);
        if (strncmp(w, ys_gem_name[g], k) == 0) {
            *len = k;
            return g;
        }
    }
    return -1;
}

/* A coloured gem's name (blue green yellow red), or -1. */
static int colour_word(const char *w)
{
    size_t k;
    int g = gem_prefix(w, &k);
    return g >= 0 && g < YS_COLOURS && w[k] == '\0' ? g : -1;
}

static gg_status bad_colour(gg_error *err, const char *w)
{
    return gg_fail(err, GG_EPARSE, "\"%.24s\" is not a colour (blue, green, yellow, red)", w);
}

static gg_status bad_value(gg_error *err, const char *w, int unknown_ok)
{
    return gg_fail(err, GG_EPARSE, "\"%.24s\" is not a broker value (0..4%s)", w,
                   unknown_ok ? ", or ? for one you may not see" : "");
}

/* Which places a word may name where it is read. */
enum { PL_ZONE = 1, PL_CELL = 2, PL_THRONE = 4, PL_BOARD = PL_ZONE | PL_CELL, PL_SMUGGLE = 8 };

static int place_word(const char *w, unsigned allow)
{
    if ((allow & PL_SMUGGLE) && strncmp(w, "smuggling", 9) == 0 && (w[9] == '1' || w[9] == '2') && !w[10])
        return YS_LOC_SMUGGLE0 + (w[9] - '1'); /* Y-10.21 */
    if ((allow & PL_THRONE) && strcmp(w, "throne") == 0) return YS_LOC_THRONE;
    if ((allow & PL_CELL) && w[0] == 'd' && strchr(w, '/')) /* Y-10.12: a line, on the board */
        for (int l = YS_LOC_RLINE0; l < YS_LOC_DLINE0 + 12; l++) {
            char t[24];
            if (YS_IS_LINE(l) && ys_loc_text(l, t, sizeof t) > 0 && strcmp(t, w) == 0) return l;
        }
    if ((allow & PL_ZONE) && w[0] == 'd' && w[1] >= '1' && w[1] <= '0' + YS_DISTRICTS &&
        w[2] == '-')
        for (int z = 0; z < YS_ZONES; z++)
            if (strcmp(w + 3, ys_zone_name[z]) == 0) return YS_ZONE_LOC(w[1] - '1', z);
    size_t k;
    int c = gem_prefix(w, &k);
    if ((allow & PL_CELL) && c >= 0 && c < YS_COLOURS) {
        int row = digit_word(w + k, 0, YS_ROWS - 1);
        if (row >= 0) return YS_CELL_LOC(c, row);
    }
    return -1;
}

static gg_status bad_place(gg_error *err, const char *w, unsigned allow)
{
    if (allow == PL_ZONE)
        return gg_fail(err, GG_EPARSE,
                       "\"%.24s\" is not a city zone (districts d1..d4, zones port/trade/palace, "
                       "e.g. d2-trade)",
                       w);
    return gg_fail(err, GG_EPARSE,
                   "\"%.24s\" is not a place (districts d1..d4, zones port/trade/palace, or a "
                   "market cell like blue2%s%s)",
                   w, allow & PL_THRONE ? ", or throne" : "", allow & PL_SMUGGLE ? ", or smuggling1/2" : "");
}

static gg_status read_place(const char *w, unsigned allow, unsigned *loc, gg_error *err)
{
    *loc = 0;
    int l = place_word(w, allow);
    if (l < 0) return bad_place(err, w, allow);
    *loc = (unsigned)l;
    return GG_OK;
}

/* "up|down VALUE PLACE" at ws->w[i..i+2] into a REF. */
static gg_status read_ref(const words *ws, int i, unsigned *ref, gg_error *err)
{
    if (i + 3 > ws->n)
        return gg_fail(err, GG_EPARSE,
                       "name a broker as up or down, its value and its place, e.g. \"down 2 "
                       "d1-port\"");
    const char *face = ws->w[i], *vw = ws->w[i + 1];
    int up = strcmp(face, "up") == 0;
    if (!up && strcmp(face, "down") != 0)
        return gg_fail(err, GG_EPARSE,
                       "\"%.24s\": a broker is named up or down, its value and its place, e.g. "
                       "\"down 2 d1-port\"",
                       face);
    int v = strcmp(vw, "?") == 0 ? YS_UNKNOWN_VALUE : digit_word(vw, 0, 4);
    if (v < 0) return bad_value(err, vw, 1);
    unsigned loc = 0;
    gg_status st = read_place(ws->w[i + 2], PL_BOARD | PL_THRONE, &loc, err);
    if (st) return st;
    *ref = YS_REF(loc, up, v);
    return GG_OK;
}

static gg_status parse_bid(const words *ws, gg_action *out, gg_error *err)
{
    char t[32];
    gg_status st = join(ws, 1, t, sizeof t, err);
    if (st) return st;
    char *plus = strchr(t, '+');
    if (ws->n < 2 || !plus)
        return gg_fail(err, GG_EPARSE, "bid names two broker values joined by +, e.g. \"bid 1+3\"");
    *plus = '\0';
    int a = digit_word(t, 0, 4), b = digit_word(plus + 1, 0, 4);
    if (a < 0) return bad_value(err, t, 0);
    if (b < 0) return bad_value(err, plus + 1, 0);
    if (a > b) { /* written either way; encoded lower first */
        int x = a;
        a = b;
        b = x;
    }
    *out = YS_ACTION(YS_A_BID, (unsigned)a | (unsigned)b << 3);
    return GG_OK;
}

/* "up 3 d1-port", "down front 4 d2-trade". */
static gg_status parse_place(const words *ws, gg_action *out, gg_error *err)
{
    int up = strcmp(ws->w[0], "up") == 0;
    int front = ws->n == 4 && strcmp(ws->w[1], "front") == 0;
    int guard = ws->n == 4 && strcmp(ws->w[1], "guard") == 0; /* Y-10.6 */
    if (ws->n != 3 + (front | guard))
        return gg_fail(err, GG_EPARSE,
                       "%s takes a value and a place, e.g. \"%s 3 d1-port\" (or \"%s front 3 "
                       "d1-port\" for a front broker)",
                       ws->w[0], ws->w[0], ws->w[0]);
    const char *vw = ws->w[1 + (front | guard)];
    int v = digit_word(vw, 0, 4);
    if (v < 0) return bad_value(err, vw, 0);
    unsigned loc = 0;
    gg_status st = read_place(ws->w[2 + (front | guard)], PL_BOARD | PL_SMUGGLE, &loc, err);
    if (st) return st;
    *out = YS_ACTION(YS_A_PLACE, loc | (unsigned)up << 7 | (unsigned)v << 8 | (unsigned)front << 11 |
                                     (unsigned)guard << 12);
    return GG_OK;
}

static gg_status parse_neutral(const words *ws, gg_action *out, gg_error *err)
{
    if (ws->n != 3)
        return gg_fail(err, GG_EPARSE,
                       "neutral takes a value and a place, e.g. \"neutral 2 d3-port\"");
    int v = digit_word(ws->w[1], 0, 4);
    if (v < 0) return bad_value(err, ws->w[1], 0);
    unsigned loc = 0;
    gg_status st = read_place(ws->w[2], PL_BOARD | PL_SMUGGLE, &loc, err);
    if (st) return st;
    *out = YS_ACTION(YS_A_NEUTRAL, loc | (unsigned)v << 8);
    return GG_OK;
}

static gg_status parse_peek(const words *ws, gg_action *out, gg_error *err)
{
    if (ws->n != 3)
        return gg_fail(err, GG_EPARSE, "peek takes a seat and a place, e.g. \"peek S1 d2-port\"");
    const char *sw = ws->w[1];
    int q = sw[0] == 's' ? digit_word(sw + 1, 0, GG_MAX_SEATS - 1) : -1;
    if (q < 0)
        return gg_fail(err, GG_EPARSE, "\"%.24s\" is not a seat (S0..S%d)", sw, GG_MAX_SEATS - 1);
    unsigned loc = 0;
    gg_status st = read_place(ws->w[2], PL_BOARD | PL_THRONE | PL_SMUGGLE, &loc, err);
    if (st) return st;
    *out = YS_ACTION(YS_A_PEEK, loc | (unsigned)q << 7);
    return GG_OK;
}

/* "gem red", "gem white>blue" (Y-8.5: a white gem becomes a colour at once). */
static gg_status parse_gem(const words *ws, gg_action *out, gg_error *err)
{
    char t[32];
    if (ws->n < 2)
        return gg_fail(err, GG_EPARSE,
                       "gem takes a colour, e.g. \"gem red\" or \"gem white>blue\"");
    gg_status st = join(ws, 1, t, sizeof t, err);
    if (st) return st;
    char *arrow = strchr(t, '>');
    if (arrow) *arrow = '\0';
    size_t k;
    int g = gem_prefix(t, &k);
    if (g < 0 || t[k] || g == YS_BLACK)
        return gg_fail(err, GG_EPARSE,
                       "\"%.24s\" is not a gem to choose (blue, green, yellow, red, or "
                       "white>COLOUR, e.g. \"gem white>blue\")",
                       t);
    if (!arrow) {
        if (g == YS_WHITE)
            return gg_fail(err, GG_EPARSE,
                           "a white gem is exchanged at once: write the colour it becomes, e.g. "
                           "\"gem white>blue\"");
        *out = YS_ACTION(YS_A_GEM, (unsigned)g | (unsigned)g << 3);
        return GG_OK;
    }
    if (g != YS_WHITE)
        return gg_fail(err, GG_EPARSE, "only a white gem is exchanged, e.g. \"gem white>blue\"");
    int to = colour_word(arrow + 1);
    if (to < 0) return bad_colour(err, arrow + 1);
    *out = YS_ACTION(YS_A_GEM, (unsigned)g | (unsigned)to << 3);
    return GG_OK;
}

/* "COLOUR+" or "COLOUR-" at *p; advances p. Returns the colour or -1. */
static int signed_colour(const char **p, int *up)
{
    size_t k;
    int c = gem_prefix(*p, &k);
    if (c < 0 || c >= YS_COLOURS || ((*p)[k] != '+' && (*p)[k] != '-')) return -1;
    *up = (*p)[k] == '+';
    *p += k + 1;
    return c;
}

static gg_status parse_rate(const words *ws, gg_action *out, gg_error *err)
{
    if (ws->n < 2)
        return gg_fail(err, GG_EPARSE, "rate takes a colour and + or -, e.g. \"rate green+\"");
    char t[32];
    gg_status st = join(ws, 1, t, sizeof t, err);
    if (st) return st;
    const char *p = t;
    int up, c = signed_colour(&p, &up);
    if (c < 0 || *p)
        return gg_fail(err, GG_EPARSE,
                       "\"%.24s\" is not a colour and + or - (e.g. \"rate green+\")", t);
    *out = YS_ACTION(YS_A_RATE, (unsigned)c | (unsigned)up << 3);
    return GG_OK;
}

/* A one-argument action whose argument is a digit lo..hi. */
static gg_status parse_number(const words *ws, int kind, int lo, int hi, const char *what,
                              gg_action *out, gg_error *err)
{
    if (ws->n != 2)
        return gg_fail(err, GG_EPARSE, "%s takes one %s, e.g. \"%s 2\"", ws->w[0], what, ws->w[0]);
    int v = digit_word(ws->w[1], lo, hi);
    if (v < 0)
        return gg_fail(err, GG_EPARSE, "\"%.24s\" is not a %s (%d..%d)", ws->w[1], what, lo, hi);
    *out = YS_ACTION(kind, (unsigned)v);
    return GG_OK;
}

static gg_status unknown_card(const char *w, gg_error *err)
{
    char list[150];
    gg_out o = {list, sizeof list, 0};
    list[0] = '\0';
    for (int c = 0; c < YS_CARD_KINDS; c++)
        if (ys_cards[c].key[0]) gg_put(&o, "%s%s", o.len ? ", " : "", ys_cards[c].key);
    if (o.len >= sizeof list) memcpy(list + sizeof list - 4, "...", 4);
    return gg_fail(err, GG_EPARSE, "\"%.24s\" is not a card (%s)", w, list);
}

static gg_status card_usage(gg_error *err, const char *key, const char *example)
{
    return gg_fail(err, GG_EPARSE, "write it as \"play %s %s\"", key, example);
}

/* "play KEY ARGS...": the arguments as ys.h lays them out for the card. */
static gg_status parse_play(const words *ws, int copied, gg_action *out, gg_error *err)
{
    if (ws->n < 2) return gg_fail(err, GG_EPARSE, "play takes a card, e.g. \"play spy\"");
    const char *key = ws->w[1];
    int card = -1;
    for (int c = 0; c < YS_CARD_KINDS && card < 0; c++)
        if (ys_cards[c].key[0] && strcmp(key, ys_cards[c].key) == 0) card = c;
    if (card < 0) return unknown_card(key, err);
    unsigned args = 0, r1, r2, loc = 0;
    gg_status st = GG_OK;
    char t[48];
    switch (args_kind(card, copied)) { /* the Imitator: as the card it copies (Y-10.7) */
    case ARGS_NONE:
        if (ws->n != 2) return gg_fail(err, GG_EPARSE, "play %s takes nothing after it", key);
        break;
    case ARGS_RATES: { /* Y-7.5: one colour +1, another -1, written either way */
        if ((st = join(ws, 2, t, sizeof t, err))) return st;
        const char *p = t;
        int u1, u2, c1 = signed_colour(&p, &u1), c2 = c1 < 0 ? -1 : signed_colour(&p, &u2);
        if (ws->n < 3 || c2 < 0 || *p || u1 == u2) return card_usage(err, key, "blue+ red-");
        args = u1 ? (unsigned)c1 | (unsigned)c2 << 3 : (unsigned)c2 | (unsigned)c1 << 3;
        break;
    }
    case ARGS_DISTRICTS: { /* Y-7.6: two ports, lower district first */
        if (ws->n != 4) return card_usage(err, key, "d1 d3");
        int d[2];
        for (int i = 0; i < 2; i++) {
            const char *w = ws->w[2 + i];
            d[i] = w[0] == 'd' ? digit_word(w + 1, 1, YS_DISTRICTS) - 1 : -1;
            if (d[i] < 0)
                return gg_fail(err, GG_EPARSE, "\"%.24s\" is not a district (d1..d%d)", w,
                               YS_DISTRICTS);
        }
        args = d[0] < d[1] ? (unsigned)d[0] | (unsigned)d[1] << 3
                           : (unsigned)d[1] | (unsigned)d[0] << 3;
        break;
    }
    case ARGS_COLOURS: { /* Y-7.12: two coloured gems, leftmost first */
        if (ws->n != 4) return card_usage(err, key, "blue red");
        int c[2];
        for (int i = 0; i < 2; i++)
            if ((c[i] = colour_word(ws->w[2 + i])) < 0) return bad_colour(err, ws->w[2 + i]);
        args = c[0] <= c[1] ? (unsigned)c[0] | (unsigned)c[1] << 3
                            : (unsigned)c[1] | (unsigned)c[0] << 3;
        break;
    }
    case ARGS_EXCHANGE: { /* Y-7.4: give>take */
        if ((st = join(ws, 2, t, sizeof t, err))) return st;
        char *arrow = strchr(t, '>');
        if (ws->n < 3 || !arrow) return card_usage(err, key, "red>blue");
        *arrow = '\0';
        int give = colour_word(t), take = colour_word(arrow + 1);
        if (give < 0) return bad_colour(err, t);
        if (take < 0) return bad_colour(err, arrow + 1);
        args = (unsigned)give | (unsigned)take << 3;
        break;
    }
    case ARGS_ZONE: /* Y-7.16 */
        if (ws->n != 3) return card_usage(err, key, "d2-trade");
        if ((st = read_place(ws->w[2], PL_ZONE, &loc, err))) return st;
        args = loc;
        break;
    case ARGS_REF: /* Y-7.15 */
        if (ws->n != 5) return card_usage(err, key, "down 2 d1-port");
        if ((st = read_ref(ws, 2, &r1, err))) return st;
        args = r1;
        break;
    case ARGS_SWAP: /* Y-7.13 */
        if (ws->n != 9 || strcmp(ws->w[5], "with") != 0)
            return card_usage(err, key, "up 3 d1-port with down 2 blue2");
        if ((st = read_ref(ws, 2, &r1, err)) || (st = read_ref(ws, 6, &r2, err))) return st;
        /* a swap names the same two brokers either way: the lower reference first */
        args = r1 < r2 ? (r1 | r2 << REF_BITS) : (r2 | r1 << REF_BITS);
        break;
    case ARGS_MOVE: /* Y-7.9 */
        if (ws->n != 7 || strcmp(ws->w[5], "to") != 0)
            return card_usage(err, key, "up 3 d1-port to blue2");
        if ((st = read_ref(ws, 2, &r1, err)) || (st = read_place(ws->w[6], PL_BOARD, &loc, err)))
            return st;
        args = r1 | loc << REF_BITS;
        break;
    case ARGS_COLOUR: case ARGS_GEM: { /* Y-10.8, Y-10.4 (white too) */
        if (ws->n != 3) return card_usage(err, key, args_kind(card, copied) == ARGS_GEM ? "white" : "red");
        int c = colour_word(ws->w[2]);
        if (c < 0 && args_kind(card, copied) == ARGS_GEM && strcmp(ws->w[2], "white") == 0) c = YS_WHITE;
        if (c < 0) return bad_colour(err, ws->w[2]);
        args = (unsigned)c;
        break;
    }
    case ARGS_DISTRICT: { /* Y-10.13 */
        const char *w = ws->n == 3 ? ws->w[2] : "";
        int d = w[0] == 'd' ? digit_word(w + 1, 1, YS_DISTRICTS) - 1 : -1;
        if (ws->n != 3) return card_usage(err, key, "d2");
        if (d < 0) return gg_fail(err, GG_EPARSE, "\"%.24s\" is not a district (d1..d%d)", w, YS_DISTRICTS);
        args = (unsigned)d;
        break;
    }
    case ARGS_REFS: /* Y-10.10: one broker, or two, the lower reference first */
        if (ws->n == 5) {
            if ((st = read_ref(ws, 2, &r1, err))) return st;
            args = r1;
            break;
        }
        if (ws->n != 9 || strcmp(ws->w[5], "and") != 0)
            return card_usage(err, key, "up 3 d1-port and down 2 blue2");
        if ((st = read_ref(ws, 2, &r1, err)) || (st = read_ref(ws, 6, &r2, err))) return st;
        args = r1 <= r2 ? (r1 | r2 << REF_BITS) : (r2 | r1 << REF_BITS);
        break;
    case ARGS_TRADE: { /* Y-10.14: two gems, coloured or black, leftmost first */
        if (ws->n != 6 || strcmp(ws->w[4], "for") != 0) return card_usage(err, key, "blue red for black");
        int c[2];
        for (int i = 0; i < 2; i++) {
            c[i] = strcmp(ws->w[2 + i], "black") == 0 ? YS_BLACK : colour_word(ws->w[2 + i]);
            if (c[i] < 0)
                return gg_fail(err, GG_EPARSE, "\"%.24s\" is not a gem the Rogue takes (blue, green, yellow, red, black)",
                               ws->w[2 + i]);
        }
        int pts = strcmp(ws->w[5], "points") == 0;
        if (!pts && strcmp(ws->w[5], "black") != 0)
            return gg_fail(err, GG_EPARSE, "the Rogue gives \"black\" or \"points\", not \"%.24s\"", ws->w[5]);
        args = (c[0] <= c[1] ? (unsigned)c[0] | (unsigned)c[1] << 3 : (unsigned)c[1] | (unsigned)c[0] << 3) |
               (unsigned)pts << 6;
        break;
    }
    default: break;
    }
    *out = YS_PLAY((unsigned)card, args);
    return GG_OK;
}

gg_status ys_parse(const gg_state *s, int seat, const char *text, gg_action *out, gg_error *err)
{
    (void)s;
    (void)seat;
    words ws;
    gg_status st = split(text ? text : "", &ws, err);
    if (st) return st;
    if (ws.n == 0) return gg_fail(err, GG_EPARSE, "no action given");
    const char *verb = ws.w[0];
    if (strcmp(verb, "bid") == 0) return parse_bid(&ws, out, err);
    if (strcmp(verb, "order") == 0)
        return parse_number(&ws, YS_A_ORDER, 1, YS_MAX_PLAYERS, "turn place", out, err);
    if (strcmp(verb, "up") == 0 || strcmp(verb, "down") == 0) return parse_place(&ws, out, err);
    if (strcmp(verb, "neutral") == 0) return parse_neutral(&ws, out, err);
    if (strcmp(verb, "refill") == 0)
        return parse_number(&ws, YS_A_REFILL, 0, 4, "broker value", out, err);
    if (strcmp(verb, "peek") == 0) return parse_peek(&ws, out, err);
    if (strcmp(verb, "pass") == 0) {
        if (ws.n != 1) return gg_fail(err, GG_EPARSE, "pass takes nothing after it");
        *out = YS_ACTION(YS_A_PASS, 0);
        return GG_OK;
    }
    if (strcmp(verb, "gem") == 0) return parse_gem(&ws, out, err);
    if (strcmp(verb, "column") == 0) {
        int c = ws.n == 2 ? colour_word(ws.w[1]) : -1;
        if (ws.n != 2) return gg_fail(err, GG_EPARSE, "column takes a colour, e.g. \"column red\"");
        if (c < 0) return bad_colour(err, ws.w[1]);
        *out = YS_ACTION(YS_A_COLUMN, (unsigned)c);
        return GG_OK;
    }
    if (strcmp(verb, "rate") == 0) return parse_rate(&ws, out, err);
    if (strcmp(verb, "settle") == 0) { /* Y-10.12: "settle down 2 d1-port/trade to d1-trade" */
        unsigned ref, loc;
        gg_status e;
        if (ws.n != 6 || strcmp(ws.w[4], "to") != 0)
            return gg_fail(err, GG_EPARSE, "write it as \"settle down 2 d1-port/trade to d1-trade\"");
        if ((e = read_ref(&ws, 1, &ref, err)) || (e = read_place(ws.w[5], PL_ZONE, &loc, err))) return e;
        *out = YS_ACTION(YS_A_SETTLE, ref | loc << REF_BITS);
        return GG_OK;
    }
    if (strcmp(verb, "throne") == 0)
        return parse_number(&ws, YS_A_THRONE, 0, 4, "broker value", out, err);
    if (strcmp(verb, "play") == 0) return parse_play(&ws, copied_card(s), out, err);
    if (strcmp(verb, "speculate") == 0) { /* Y-10.31 */
        if (ws.n != 2) return gg_fail(err, GG_EPARSE, "speculate takes a colour or none, e.g. \"speculate red\"");
        int c = strcmp(ws.w[1], "none") == 0 ? YS_SPEC_NONE : colour_word(ws.w[1]);
        if (c < 0) return bad_colour(err, ws.w[1]);
        *out = YS_ACTION(YS_A_SPECULATE, (unsigned)c);
        return GG_OK;
    }
    if (strcmp(verb, "smuggle") == 0) { /* Y-10.21 */
        if (ws.n == 2 && strcmp(ws.w[1], "black") == 0) *out = YS_ACTION(YS_A_SMUGGLE, YS_SMUGGLE_BLACK);
        else if (ws.n == 2 && strcmp(ws.w[1], "points") == 0) *out = YS_ACTION(YS_A_SMUGGLE, YS_SMUGGLE_POINTS);
        else if (ws.n == 3) {
            int a = colour_word(ws.w[1]), b = colour_word(ws.w[2]);
            if (a < 0) return bad_colour(err, ws.w[1]);
            if (b < 0) return bad_colour(err, ws.w[2]);
            if (a > b) { int x = a; a = b; b = x; } /* read either way; leftmost first */
            *out = YS_ACTION(YS_A_SMUGGLE, (unsigned)a | (unsigned)b << 3);
        } else
            return gg_fail(err, GG_EPARSE, "smuggle takes two colours, black or points, e.g. \"smuggle blue red\"");
        return GG_OK;
    }
    return gg_fail(err, GG_EPARSE,
                   "unknown action \"%.20s\": use bid, order, up, down, neutral, refill, peek, "
                   "pass, gem, column, rate, throne, play, settle, speculate or smuggle",
                   verb);
}
