/* splendor_stream.c — the Splendor event stream (docs/formats.md, "Events:
 * Splendor"), read from the states before and after each decision, so the
 * rules in splendor.c carry no hook at all: tokens taken, a card reserved or
 * bought (what it cost, what was paid), the slot refilled, tokens returned,
 * a noble's visit, a pass, the end of a round. */
#include <string.h>

#include "splendor/splendor.h"

const gg_event_kind spl_event_kinds[SPL_N_EVENT_KINDS] = {
    {"splendor.take", "seat, tokens: {colour: n}", "a seat takes tokens (S-3.1, S-3.2)"},
    {"splendor.reserve", "seat, from: board|deck, tier: n, card: card (secret from the deck: the seat), "
                         "gold: n",
     "a seat reserves a card and takes a gold if any is left (S-3.3)"},
    {"splendor.buy", "seat, from: board|reserve, card: card, paid: {colour: n}",
     "a seat buys a card; paid counts the tokens given, gold included (S-3.4)"},
    {"splendor.refill", "tier: n, slot: n, card: card|null", "a face-up slot is refilled from its deck (S-3.5)"},
    {"splendor.return", "seat, tokens: {colour: n}", "a seat gives back tokens down to 10 (S-4.1)"},
    {"splendor.noble", "seat, noble: noble, chosen: bool", "a noble visits (S-4.2)"},
    {"splendor.pass", "seat, shown: [card]", "a seat can do nothing and passes; the cards it reserved from a deck are shown (S-3.6)"},
    {"splendor.last_round", "seat, points: n", "a seat has reached 15: the round is played out (S-5.1)"},
    {"splendor.round", "final: bool", "a round is complete (every seat has had its turn)"},
    {"splendor.setup", "nobles: [noble], tiers: [{tier: n, cards: [card]}] (tier 3 first)",
     "the table is laid out: the nobles and the face-up cards of each tier (S-2)"},
};

/* card: {tier, colour, points, cost: {colour: n}} */
static cJSON *card_json(int id)
{
    cJSON *c = cJSON_CreateObject(), *cost = cJSON_CreateObject();
    const spl_card *k = &spl_cards[id];
    cJSON_AddNumberToObject(c, "id", id);
    cJSON_AddNumberToObject(c, "tier", k->tier + 1);
    cJSON_AddStringToObject(c, "colour", spl_colour_name[k->bonus]);
    cJSON_AddNumberToObject(c, "points", k->points);
    for (int i = 0; i < SPL_COLOURS; i++)
        if (k->cost[i]) cJSON_AddNumberToObject(cost, spl_colour_name[i], k->cost[i]);
    cJSON_AddItemToObject(c, "cost", cost);
    return c;
}

static cJSON *noble_json(int id)
{
    cJSON *c = cJSON_CreateObject(), *need = cJSON_CreateObject();
    cJSON_AddNumberToObject(c, "id", id);
    cJSON_AddNumberToObject(c, "points", spl_nobles[id].points);
    for (int i = 0; i < SPL_COLOURS; i++)
        if (spl_nobles[id].need[i]) cJSON_AddNumberToObject(need, spl_colour_name[i], spl_nobles[id].need[i]);
    cJSON_AddItemToObject(c, "needs", need);
    return c;
}

/* {colour: n} of sign * (after - before) where that is positive. */
static cJSON *token_diff(const uint8_t *before, const uint8_t *after, int sign)
{
    cJSON *t = cJSON_CreateObject();
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) {
        int d = sign * (after[k] - before[k]);
        if (d > 0) cJSON_AddNumberToObject(t, spl_colour_name[k], d);
    }
    return t;
}

static cJSON *seat_event(gg_events *ev, const char *kind, int seat)
{
    cJSON *e = gg_ev_add(ev, kind);
    if (e) cJSON_AddNumberToObject(e, "seat", seat);
    return e;
}

static void action_event(const spl_state *b, int seat, gg_action a, const spl_state *s, gg_events *ev)
{
    const spl_player *pb = &b->pl[seat], *pa = &s->pl[seat];
    unsigned pay = SPL_PAYLOAD(a);
    cJSON *e;
    switch (SPL_KIND(a)) {
    case SPL_A_TAKE3:
    case SPL_A_TAKE2:
        if ((e = seat_event(ev, "splendor.take", seat)))
            cJSON_AddItemToObject(e, "tokens", token_diff(pb->tokens, pa->tokens, 1));
        break;
    case SPL_A_RESERVE: {
        if (!(e = seat_event(ev, "splendor.reserve", seat))) break;
        int deck = pay >= 12;
        cJSON_AddStringToObject(e, "from", deck ? "deck" : "board");
        cJSON_AddStringToObject(e, "variant", deck ? "deck" : "board");
        cJSON_AddNumberToObject(e, "tier", (deck ? (int)pay - 12 : (int)pay / 4) + 1);
        if (!deck) cJSON_AddNumberToObject(e, "slot", pay % 4);
        cJSON_AddItemToObject(e, "card", card_json(pa->reserved[pa->nreserved - 1]));
        if (deck) gg_ev_secret(e, "card", 1u << seat); /* S-6.2 */
        cJSON_AddNumberToObject(e, "gold", pa->tokens[SPL_GOLD] - pb->tokens[SPL_GOLD]);
        break;
    }
    case SPL_A_BUY: {
        int src = (int)SPL_BUY_SRC(a);
        if (!(e = seat_event(ev, "splendor.buy", seat))) break;
        cJSON_AddStringToObject(e, "from", src < 12 ? "board" : "reserve");
        cJSON_AddItemToObject(e, "card", card_json(spl_source_card(b, seat, src, 0)));
        cJSON_AddItemToObject(e, "paid", token_diff(pb->tokens, pa->tokens, -1));
        break;
    }
    case SPL_A_RETURN:
        if ((e = seat_event(ev, "splendor.return", seat)))
            cJSON_AddItemToObject(e, "tokens", token_diff(pb->tokens, pa->tokens, -1));
        break;
    case SPL_A_PASS: { /* S-3.6: a passer shows the cards in his hand */
        if (!(e = seat_event(ev, "splendor.pass", seat))) break;
        cJSON *shown = cJSON_AddArrayToObject(e, "shown");
        for (int i = 0; i < pa->nreserved; i++)
            if (spl_secret(pb) >> i & 1 && !(spl_secret(pa) >> i & 1))
                cJSON_AddItemToArray(shown, card_json(pa->reserved[i]));
        if (cJSON_GetArraySize(shown) > 0) cJSON_AddStringToObject(e, "variant", "shows");
        break;
    }
    default: break; /* SPL_A_NOBLE: the visit below */
    }
}

/* S-2: the nobles and the 12 face-up cards (everything public). */
void spl_setup_events(const gg_state *st, gg_events *ev)
{
    const spl_state *s = (const spl_state *)st;
    cJSON *e = gg_ev_add(ev, "splendor.setup");
    if (!e) return;
    cJSON *nobles = cJSON_AddArrayToObject(e, "nobles");
    for (int i = 0; i < SPL_MAX_NOBLE_SLOTS; i++)
        if (s->noble[i] != SPL_NONE) cJSON_AddItemToArray(nobles, noble_json(s->noble[i]));
    cJSON *tiers = cJSON_AddArrayToObject(e, "tiers");
    for (int t = SPL_TIERS - 1; t >= 0; t--) {
        cJSON *o = cJSON_CreateObject(), *cards = cJSON_CreateArray();
        cJSON_AddNumberToObject(o, "tier", t + 1);
        for (int k = 0; k < SPL_SLOTS; k++)
            if (s->board[t][k] != SPL_NONE) cJSON_AddItemToArray(cards, card_json(s->board[t][k]));
        cJSON_AddItemToObject(o, "cards", cards);
        cJSON_AddItemToArray(tiers, o);
    }
}

void spl_after_events(const gg_state *before, int seat, gg_action a, const gg_state *after, gg_events *ev)
{
    const spl_state *b = (const spl_state *)before, *s = (const spl_state *)after;
    action_event(b, seat, a, s, ev);
    for (int t = 0; t < SPL_TIERS; t++) /* S-3.5 */
        for (int k = 0; k < SPL_SLOTS; k++) {
            if (b->board[t][k] == s->board[t][k]) continue;
            cJSON *e = gg_ev_add(ev, "splendor.refill");
            if (!e) return;
            cJSON_AddNumberToObject(e, "tier", t + 1);
            cJSON_AddNumberToObject(e, "slot", k);
            if (s->board[t][k] == SPL_NONE) cJSON_AddNullToObject(e, "card");
            else cJSON_AddItemToObject(e, "card", card_json(s->board[t][k]));
            if (s->board[t][k] == SPL_NONE) cJSON_AddStringToObject(e, "variant", "empty");
        }
    unsigned won = (unsigned)(s->pl[seat].nobles & ~b->pl[seat].nobles);
    for (int id = 0; id < SPL_NOBLES; id++) /* S-4.2 */
        if (won >> id & 1) {
            cJSON *e = seat_event(ev, "splendor.noble", seat);
            if (!e) return;
            cJSON_AddItemToObject(e, "noble", noble_json(id));
            cJSON_AddBoolToObject(e, "chosen", SPL_KIND(a) == SPL_A_NOBLE);
        }
    if (s->last_round && !b->last_round) { /* S-5.1 */
        cJSON *e = seat_event(ev, "splendor.last_round", seat);
        if (e) cJSON_AddNumberToObject(e, "points", s->pl[seat].points);
    }
    if (s->turn != b->turn && s->turn == s->first) {
        cJSON *e = gg_ev_add(ev, "splendor.round");
        if (e) cJSON_AddBoolToObject(e, "final", s->over);
    }
}
