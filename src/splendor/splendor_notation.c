/*
 * splendor_notation.c — the text notation for Splendor actions
 * (docs/notation.md). Positions, not card names: "buy 2-3" is the third
 * face-up card of tier 2, "buy r1" the first reserved card, so a notation
 * never reveals a hidden card.
 *
 *   take W B G      three (or, when fewer colours are left, fewer) different
 *   take W W        two of one colour (also accepted: "take2 W")
 *   reserve 2-3     reserve deck 2
 *   buy 2-3         buy r1         buy 3-1 gold B B   (gold stands in for 2 blue)
 *   return W Y      give back tokens (Y = gold)
 *   noble 2         pass
 */
#include <ctype.h>
#include <string.h>

#include "splendor/splendor.h"

/* ------------------------------------------------------------- format */


static void put_tokens(gg_out *o, unsigned field, int bits)
{
    for (int k = 0; k < SPL_TOKEN_KINDS; k++)
        for (unsigned r = field >> (bits * k) & ((1u << bits) - 1); r; r--)
            gg_put(o, " %c", spl_colour_letter[k]);
}

int spl_format(const gg_state *s, int seat, gg_action a, char *buf, size_t n)
{
    (void)s;
    (void)seat;
    gg_out o = {buf, n, 0};
    if (n) buf[0] = '\0';
    unsigned pay = SPL_PAYLOAD(a);
    switch (SPL_KIND(a)) {
    case SPL_A_TAKE3:
        gg_put(&o, "take");
        put_tokens(&o, pay & 31, 1);
        break;
    case SPL_A_TAKE2:
        gg_put(&o, "take %c %c", spl_colour_letter[pay % 5], spl_colour_letter[pay % 5]);
        break;
    case SPL_A_RESERVE:
        if (pay < 12) gg_put(&o, "reserve %u-%u", pay / 4 + 1, pay % 4 + 1);
        else gg_put(&o, "reserve deck %u", pay - SPL_SRC_DECK + 1);
        break;
    case SPL_A_BUY: {
        unsigned src = SPL_BUY_SRC(a), gold = SPL_BUY_GOLD(a);
        if (src < 12) gg_put(&o, "buy %u-%u", src / 4 + 1, src % 4 + 1);
        else gg_put(&o, "buy r%u", src - SPL_SRC_HAND + 1);
        if (gold) {
            gg_put(&o, " gold");
            put_tokens(&o, gold & 0x7fff, 3);
        }
        break;
    }
    case SPL_A_RETURN:
        gg_put(&o, "return");
        put_tokens(&o, pay & 0xfff, 2);
        break;
    case SPL_A_NOBLE:
        gg_put(&o, "noble %u", pay + 1);
        break;
    case SPL_A_PASS:
        gg_put(&o, "pass");
        break;
    default:
        gg_put(&o, "?");
    }
    return o.len < n ? (int)o.len : (n ? (int)n - 1 : 0);
}

/* -------------------------------------------------------------- parse */

typedef gg_words words;

/* Splendor's words are short: 15 characters at most. */
static gg_status split(const char *text, words *ws, gg_error *err)
{
    return gg_split_words(text, ws, 16, err);
}

/* A token colour by letter (W B G R K Y) or name; -1 if none. */
static int colour_of(const char *w)
{
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) {
        if (w[0] == tolower((unsigned char)spl_colour_letter[k]) && w[1] == '\0') return k;
        if (strcmp(w, spl_colour_name[k]) == 0) return k;
    }
    return -1;
}

/* Colour words ws->w[from..] into counts; gold allowed or not. */
static gg_status read_colours(const words *ws, int from, int allow_gold, int counts[6],
                              gg_error *err)
{
    memset(counts, 0, 6 * sizeof counts[0]);
    for (int i = from; i < ws->n; i++) {
        int c = colour_of(ws->w[i]);
        if (c < 0 || (c == SPL_GOLD && !allow_gold))
            return gg_fail(err, GG_EPARSE,
                           "\"%s\" is not a %s colour (W B G R K%s, or their names)", ws->w[i],
                           allow_gold ? "token" : "gem", allow_gold ? " Y" : "");
        counts[c]++;
    }
    return GG_OK;
}

/* "T-S" (tier 1..3, slot 1..4) → 0..11, or -1. */
static int board_pos(const char *w)
{
    if (w[0] < '1' || w[0] > '3' || w[1] != '-' || w[2] < '1' || w[2] > '4' || w[3]) return -1;
    return (w[0] - '1') * 4 + (w[2] - '1');
}

static gg_status parse_take(const words *ws, int two, gg_action *out, gg_error *err)
{
    int counts[6], total = 0, kinds = 0, colour = 0;
    gg_status st = read_colours(ws, 1, 0, counts, err);
    if (st) return st;
    for (int c = 0; c < SPL_COLOURS; c++) {
        total += counts[c];
        if (counts[c]) kinds++, colour = c;
    }
    if (two) {
        if (ws->n != 2) return gg_fail(err, GG_EPARSE, "write take2 and one colour, e.g. \"take2 W\"");
        *out = SPL_ACTION(SPL_A_TAKE2, colour);
        return GG_OK;
    }
    if (total == 2 && kinds == 1) {
        *out = SPL_ACTION(SPL_A_TAKE2, colour);
        return GG_OK;
    }
    if (total == 0 || total > 3 || kinds != total)
        return gg_fail(err, GG_EPARSE,
                       "take names 1 to 3 different colours (\"take W B G\") or one colour "
                       "twice (\"take R R\")");
    unsigned mask = 0;
    for (int c = 0; c < SPL_COLOURS; c++)
        if (counts[c]) mask |= 1u << c;
    *out = SPL_ACTION(SPL_A_TAKE3, mask);
    return GG_OK;
}

static gg_status parse_reserve(const words *ws, gg_action *out, gg_error *err)
{
    int pos;
    if (ws->n == 2 && (pos = board_pos(ws->w[1])) >= 0) {
        *out = SPL_ACTION(SPL_A_RESERVE, pos);
        return GG_OK;
    }
    if (ws->n == 3 && strcmp(ws->w[1], "deck") == 0 && ws->w[2][0] >= '1' &&
        ws->w[2][0] <= '3' && ws->w[2][1] == '\0') {
        *out = SPL_ACTION(SPL_A_RESERVE, SPL_SRC_DECK + ws->w[2][0] - '1');
        return GG_OK;
    }
    return gg_fail(err, GG_EPARSE,
                   "reserve takes a face-up card as tier-slot (\"reserve 2-3\") or a deck "
                   "(\"reserve deck 1\")");
}

static gg_status parse_buy(const words *ws, gg_action *out, gg_error *err)
{
    int src = ws->n >= 2 ? board_pos(ws->w[1]) : -1;
    if (src < 0 && ws->n >= 2 && ws->w[1][0] == 'r' && ws->w[1][1] >= '1' &&
        ws->w[1][1] <= '3' && ws->w[1][2] == '\0')
        src = SPL_SRC_HAND + ws->w[1][1] - '1';
    if (src < 0)
        return gg_fail(err, GG_EPARSE,
                       "buy takes a face-up card as tier-slot (\"buy 2-3\") or a reserved "
                       "card (\"buy r1\")");
    unsigned gold = 0;
    if (ws->n > 2) {
        if (strcmp(ws->w[2], "gold") != 0 || ws->n == 3)
            return gg_fail(err, GG_EPARSE,
                           "after the card, write \"gold\" and the colours gold stands in for, "
                           "e.g. \"buy 2-3 gold B B\"");
        int counts[6], total = 0;
        gg_status st = read_colours(ws, 3, 0, counts, err);
        if (st) return st;
        for (int c = 0; c < SPL_COLOURS; c++) {
            total += counts[c];
            gold |= (unsigned)counts[c] << (3 * c);
        }
        if (total > SPL_GOLD_TOKENS)
            return gg_fail(err, GG_EPARSE, "there are only 5 gold tokens");
    }
    *out = SPL_ACTION(SPL_A_BUY, (unsigned)src << 16 | gold);
    return GG_OK;
}

static gg_status parse_return(const words *ws, gg_action *out, gg_error *err)
{
    int counts[6];
    if (ws->n < 2 || ws->n > 4)
        return gg_fail(err, GG_EPARSE, "return names 1 to 3 tokens, e.g. \"return W Y\"");
    gg_status st = read_colours(ws, 1, 1, counts, err);
    if (st) return st;
    unsigned field = 0;
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) field |= (unsigned)counts[k] << (2 * k);
    *out = SPL_ACTION(SPL_A_RETURN, field);
    return GG_OK;
}

gg_status spl_parse(const gg_state *s, int seat, const char *text, gg_action *out,
                    gg_error *err)
{
    (void)s;
    (void)seat;
    words ws;
    gg_status st = split(text, &ws, err);
    if (st) return st;
    if (ws.n == 0) return gg_fail(err, GG_EPARSE, "no action given");
    const char *verb = ws.w[0];
    if (strcmp(verb, "take") == 0) return parse_take(&ws, 0, out, err);
    if (strcmp(verb, "take2") == 0) return parse_take(&ws, 1, out, err);
    if (strcmp(verb, "reserve") == 0) return parse_reserve(&ws, out, err);
    if (strcmp(verb, "buy") == 0) return parse_buy(&ws, out, err);
    if (strcmp(verb, "return") == 0) return parse_return(&ws, out, err);
    if (strcmp(verb, "noble") == 0) {
        const char *w = ws.n == 2 ? ws.w[1] : "";
        if (w[0] < '1' || w[0] > '5' || w[1])
            return gg_fail(err, GG_EPARSE, "noble takes a noble's place, 1 to 5 (\"noble 2\")");
        *out = SPL_ACTION(SPL_A_NOBLE, w[0] - '1');
        return GG_OK;
    }
    if (strcmp(verb, "pass") == 0) {
        if (ws.n != 1) return gg_fail(err, GG_EPARSE, "pass takes nothing after it");
        *out = SPL_ACTION(SPL_A_PASS, 0);
        return GG_OK;
    }
    return gg_fail(err, GG_EPARSE,
                   "unknown action \"%.20s\": use take, take2, reserve, buy, return, noble or "
                   "pass",
                   verb);
}
