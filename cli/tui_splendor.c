/* tui_splendor.c — the Splendor board for the full-screen game, drawn from
 * a seat's view (docs/formats.md, Splendor section): nobles, the token
 * supply, the three tiers of face-up cards, and every player's points,
 * tokens, bonuses and reserved cards (a card reserved from a deck shows only
 * its tier to the other seats: S-6.2). Help texts quote the rules reference
 * (rules/splendor.md). */
#include <stdio.h>
#include <string.h>

#include "tui.h"

static const char *const colour[6] = {"white", "blue", "green", "red", "black", "gold"};
static const char letter[6] = {'W', 'B', 'G', 'R', 'K', 'Y'};

/* "W3B2R1" in the gem colours; returns the column after it. */
static int put_cost(const tui_box *b, int y, int x, const cJSON *cost, int colours)
{
    for (int k = 0; k < colours; k++) {
        int v = tj_int(cost, colour[k]);
        if (!v) continue;
        x = tui_put(b, y, x, tui_attr(tui_colour_role(colour[k])), "%c%d", letter[k], v);
    }
    return x;
}

/* Token or bonus counts "W2 B0 G1 ..." (zeros dimmed). */
static int put_counts(const tui_box *b, int y, int x, const cJSON *counts, int kinds)
{
    for (int k = 0; k < kinds; k++) {
        int v = tj_int(counts, colour[k]);
        int attr = v ? tui_attr(tui_colour_role(colour[k])) : tui_attr(TR_DIM);
        x = tui_put(b, y, x, attr, "%c%d", letter[k], v);
        x = tui_put(b, y, x, 0, " ");
    }
    return x;
}

/* One card: its bonus letter, its points, its cost. */
static int put_card(const tui_box *b, int y, int x, const cJSON *card)
{
    const char *bonus = tj_str(card, "bonus");
    int k = 0;
    while (k < 5 && strcmp(colour[k], bonus)) k++;
    x = tui_put(b, y, x, tui_attr(tui_colour_role(bonus)) | tui_attr(TR_HEAD), "%c",
                k < 5 ? letter[k] : '?');
    int pts = tj_int(card, "points");
    x = pts ? tui_put(b, y, x, tui_attr(TR_GOOD), "%d ", pts) : tui_put(b, y, x, 0, "  ");
    return put_cost(b, y, x, tj(card, "cost"), 5);
}

static void draw_nobles(const cJSON *view, const tui_box *b, int y)
{
    int x = tui_put(b, y, 0, tui_attr(TR_HEAD), _("Nobles "));
    int i = 0;
    const cJSON *n;
    cJSON_ArrayForEach(n, tj(view, "nobles"))
    {
        i++;
        if (cJSON_IsNull(n)) continue;
        x = tui_put(b, y, x + 1, tui_attr(TR_DIM), "n%d:", i);
        x = tui_put(b, y, x, tui_attr(TR_GOOD), "%d ", tj_int(n, "points"));
        x = put_cost(b, y, x, tj(n, "requires"), 5);
    }
}

static void draw_supply(const cJSON *view, const tui_box *b, int y)
{
    int x = tui_put(b, y, 0, tui_attr(TR_HEAD), _("Supply  "));
    x = put_counts(b, y, x, tj(view, "supply"), 6);
    if (tj_bool(view, "last_round") && !tj_bool(view, "over"))
        tui_put(b, y, x + 2, tui_attr(TR_ERROR), _("LAST ROUND (someone has 15)"));
}

static void draw_tiers(const cJSON *view, const tui_box *b, int y)
{
    int cellw = (b->w - 12) / 4;
    if (cellw > 24) cellw = 24;
    const cJSON *tiers = tj(view, "tiers");
    for (int t = 3; t >= 1; t--, y++) {
        const cJSON *tier = cJSON_GetArrayItem(tiers, t - 1);
        tui_put(b, y, 0, tui_attr(TR_HEAD), _("Tier %d"), t);
        tui_put(b, y, 6, tui_attr(TR_DIM), "(%2d)", tj_int(tier, "deck"));
        int slot = 0;
        const cJSON *card;
        cJSON_ArrayForEach(card, tj(tier, "cards"))
        {
            int x = 12 + slot * cellw;
            slot++;
            x = tui_put(b, y, x, tui_attr(TR_DIM), "%d-%d ", t, slot);
            if (cJSON_IsNull(card)) tui_put(b, y, x, tui_attr(TR_DIM), _("(empty)"));
            else put_card(b, y, x, card);
        }
    }
}

/* The reserved cards from column x; returns the column after them. Drawn
 * only on a row of the box (y = -1 measures). */
static int draw_reserved(const cJSON *player, const tui_box *b, int y, int x)
{
    x = tui_put(b, y, x, tui_attr(TR_DIM), _("reserved:"));
    int i = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, tj(player, "reserved"))
    {
        i++;
        x = tui_put(b, y, x + 1, tui_attr(TR_DIM), "r%d ", i);
        if (tj_bool(r, "hidden"))
            x = tui_put(b, y, x, tui_attr(TR_HIDDEN), _("[tier %d, hidden]"), tj_int(r, "tier"));
        else
            x = put_card(b, y, x, r);
        if (tj_bool(r, "shown")) x = tui_put(b, y, x, tui_attr(TR_DIM), _(" shown")); /* S-3.6 */
    }
    if (!i) x = tui_put(b, y, x + 1, tui_attr(TR_DIM), _("none"));
    return x;
}

/* Every player on two lines; one's own reserved cards, when they do not
 * fit after the bonuses (two-digit bonuses, "shown" cards), get a third line
 * if the box has room, so they are always read in full. */
static void draw_players(const cJSON *view, int seat, const tui_box *b, int y, int gap)
{
    int left = b->h - y - (2 + gap) * cJSON_GetArraySize(tj(view, "players"));
    const cJSON *actors = tj(view, "actors");
    const cJSON *pl;
    cJSON_ArrayForEach(pl, tj(view, "players"))
    {
        int q = tj_int(pl, "seat"), acting = 0;
        const cJSON *a;
        cJSON_ArrayForEach(a, actors) acting |= cJSON_IsNumber(a) && a->valueint == q;
        int x = tui_put(b, y, 0, tui_attr(TR_HEAD), "%s", acting ? ">" : " ");
        x = tui_put(b, y, x, tui_attr(tui_seat_role(q)), "S%d%s", q + 1, q == seat ? _(" you") : "");
        x = tui_put(b, y, 9, tui_attr(TR_GOOD), _("%2d pts"), tj_int(pl, "points"));
        x = tui_put(b, y, x + 2, tui_attr(TR_DIM), _("cards %d  nobles %d"), tj_int(pl, "card_count"),
                    cJSON_GetArraySize(tj(pl, "nobles")));
        x = tui_put(b, y, x + 3, tui_attr(TR_DIM), _("tokens "));
        x = put_counts(b, y, x, tj(pl, "tokens"), 6);
        tui_put(b, y, x, tui_attr(TR_TEXT), "=%d", tj_int(pl, "token_count"));
        x = tui_put(b, y + 1, 4, tui_attr(TR_DIM), _("bonus "));
        x = put_counts(b, y + 1, x, tj(pl, "bonus"), 5);
        if (q == seat && left > 0 && draw_reserved(pl, b, -1, x + 1) > b->w) {
            draw_reserved(pl, b, y + 2, 4);
            y++;
        } else {
            draw_reserved(pl, b, y + 1, x + 1);
        }
        y += 2 + gap;
    }
}

static void splendor_draw(const cJSON *view, int seat, const tui_box *b)
{
    int players = cJSON_GetArraySize(tj(view, "players"));
    int need = 1 + 1 + 3 + 1 + 2 * players; /* rows without spacing */
    int spare = b->h - need;
    int gap = spare >= 4 ? 1 : 0;
    int y = 0;
    draw_nobles(view, b, y++);
    draw_supply(view, b, y++);
    if (gap) y++;
    draw_tiers(view, b, y);
    y += 3;
    tui_rule(b, y++, _("Players"));
    draw_players(view, seat, b, y, spare >= 4 + players ? 1 : 0);
}

/* --------------------------------------------------------------- help */

static void help_turn(tui_text *h)
{
    tui_text_add(h, TR_TEXT, _("A turn is exactly one action (S-3):"));
    tui_text_add(h, TR_TEXT,
                 _("  Take 3 different (S-3.1): one token each of 3 different colours (never gold). "
                 "When fewer than 3 colours have tokens left, take 2 different or only 1 (2 "
                 "left: one of each, or one of either). Notation: take W B G, take W B, take W"));
    tui_text_add(h, TR_TEXT,
                 _("  Take 2 same (S-3.2): two tokens of one colour, only if that pile holds at "
                 "least 4 before taking. Notation: take R R"));
    tui_text_add(h, TR_TEXT,
                 _("  Reserve (S-3.3): take one face-up card, or the top card of a tier's deck "
                 "unseen by the others, into the hand, and one gold if any is left. At most 3 "
                 "reserved cards; a reserved card can only leave the hand by being bought. "
                 "Notation: reserve 2-3 (tier 2, third card), reserve deck 2"));
    tui_text_add(h, TR_TEXT,
                 _("  Buy (S-3.4): buy one face-up card or one of your own reserved cards. Cost "
                 "minus your bonuses (never below 0) is paid in tokens; gold may replace any "
                 "coloured token, and you choose how much gold to spend. Notation: buy 2-3, "
                 "buy r1, buy 3-1 gold B B (gold stands in for two blue)"));
    tui_text_add(h, TR_TEXT,
                 _("  Refill (S-3.5): a face-up card taken is replaced from its tier's deck at once."));
    tui_text_add(h, TR_TEXT,
                 _("  Pass (S-3.6): only when you have no legal action; you first show your "
                 "reserved cards, which stay public from then on (marked shown)."));
}

static void splendor_help(const cJSON *view, tui_text *h)
{
    const char *phase = tj_str(view, "phase");
    if (!strcmp(phase, "return")) {
        tui_text_add(h, TR_TEXT,
                     _("Ten tokens (S-4.1): a player holding more than 10 tokens (gold included) "
                     "returns tokens of his choice, any colours including gold and including "
                     "tokens just taken, down to exactly 10. Notation: return W Y (Y = gold)."));
    } else if (!strcmp(phase, "noble")) {
        tui_text_add(h, TR_TEXT,
                     _("Nobles (S-4.2): if your bonuses (cards only, not tokens) meet a noble's "
                     "requirement, that noble visits you: it is not an action and cannot be "
                     "refused. If several qualify you choose one; at most one per turn. "
                     "Notation: noble 2 (the noble's place in the row)."));
    } else {
        help_turn(h);
    }
    tui_text_add(h, TR_TEXT, " ");
    tui_text_add(h, TR_HEAD, _("The board"));
    tui_text_add(h, TR_TEXT,
                 _("  Cards read: position (tier-slot), bonus colour letter, points, then the cost. "
                 "W white, B blue, G green, R red, K black, Y gold. Nobles (3 points each) show "
                 "the bonuses they require. Tier lines show the cards left in the deck in "
                 "brackets. A card another player reserved from a deck shows only its tier (S-6.2), "
                 "until he passes (S-3.6)."));
    tui_text_add(h, TR_TEXT, _("  Every rule id (S-3.1 ...) is an entry of docs/rules/splendor.md."));
    tui_text_add(h, TR_TEXT, " ");
    tui_text_add(h, TR_HEAD, _("End of the game"));
    tui_text_add(h, TR_TEXT,
                 _("  S-5.1: when a player ends a turn with 15 or more prestige points, the round is "
                 "completed so that every player has had the same number of turns."));
    tui_text_add(h, TR_TEXT,
                 _("  S-5.2: most points wins; ties go to the tied player with the fewest purchased "
                 "cards (reserved cards do not count); still tied, a shared win."));
}

/* -------------------------------------------------------------- score */

static void splendor_score(const cJSON *view, tui_text *h)
{
    tui_text_add(h, TR_HEAD, _("Where every point came from (S-5.2: most points; ties: fewest cards)"));
    const cJSON *r;
    cJSON_ArrayForEach(r, tj(view, "result"))
    {
        int q = tj_int(r, "seat");
        const cJSON *pl = cJSON_GetArrayItem(tj(view, "players"), q);
        tui_text_add(h, tui_seat_role(q),
                     ngettext("  S%d: %d points = %d from development cards + %d from %d noble; "
                              "%d cards bought; place %d",
                              "  S%d: %d points = %d from development cards + %d from %d nobles; "
                              "%d cards bought; place %d",
                              (unsigned long)cJSON_GetArraySize(tj(pl, "nobles"))),
                     q + 1, tj_int(r, "points"), tj_int(r, "card_points"), tj_int(r, "noble_points"),
                     cJSON_GetArraySize(tj(pl, "nobles")), tj_int(r, "cards"), tj_int(r, "rank"));
    }
}

/* ------------------------------------------------------------ changes */

/* Nobles arrive without an action of their own when only one qualifies
 * (S-4.2); the last round starts at 15 points (S-5.1). */
static void splendor_changes(const cJSON *before, const cJSON *after, char *buf, size_t n)
{
    buf[0] = '\0';
    size_t len = 0;
    const cJSON *pb = tj(before, "players"), *pa = tj(after, "players");
    for (int q = 0; q < cJSON_GetArraySize(pa) && len < n; q++) {
        int d = cJSON_GetArraySize(tj(cJSON_GetArrayItem(pa, q), "nobles")) -
                cJSON_GetArraySize(tj(cJSON_GetArrayItem(pb, q), "nobles"));
        if (d > 0)
            len += (size_t)snprintf(buf + len, n - len, _("%sa noble visits S%d (+3)"),
                                    len ? "; " : "", q + 1);
    }
    if (len < n && tj_bool(after, "last_round") && !tj_bool(before, "last_round"))
        snprintf(buf + len, n - len, _("%s15 points reached: the round is completed (S-5.1)"),
                 len ? "; " : "");
}

const tui_board tui_board_splendor = {"splendor", splendor_draw, splendor_help, splendor_score,
                                      splendor_changes};
