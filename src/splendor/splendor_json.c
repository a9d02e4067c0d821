/*
 * splendor_json.c — Splendor as JSON: the per-seat view (S-6), the full
 * referee state (a position format) with a loader that refuses anything
 * inconsistent, and determinize. Formats: docs/formats.md.
 */
#include <string.h>

#include "splendor/splendor.h"

static const char *const phase_name[] = {"main", "return", "noble"};

/* Keys are string literals: add them without copying (fewer allocations). */
static void add_num(cJSON *o, const char *key, double v)
{
    cJSON_AddItemToObjectCS(o, key, cJSON_CreateNumber(v));
}

static void add_bool(cJSON *o, const char *key, int v)
{
    cJSON_AddItemToObjectCS(o, key, cJSON_CreateBool(v));
}

static cJSON *add_array(cJSON *o, const char *key)
{
    cJSON *a = cJSON_CreateArray();
    cJSON_AddItemToObjectCS(o, key, a);
    return a;
}

static int has_card(const spl_player *p, int id) { return p->bought[id >> 6] >> (id & 63) & 1; }

static cJSON *colour_object(const uint8_t *v, int kinds)
{
    cJSON *o = cJSON_CreateObject();
    for (int k = 0; k < kinds; k++) add_num(o, spl_colour_name[k], v[k]);
    return o;
}

static cJSON *card_object(int id)
{
    const spl_card *c = &spl_cards[id];
    cJSON *o = cJSON_CreateObject();
    add_num(o, "card", id);
    add_num(o, "tier", c->tier + 1);
    cJSON_AddItemToObjectCS(o, "bonus", cJSON_CreateStringReference(spl_colour_name[c->bonus]));
    add_num(o, "points", c->points);
    cJSON_AddItemToObjectCS(o, "cost", colour_object(c->cost, SPL_COLOURS));
    return o;
}

static cJSON *noble_object(int slot, int id)
{
    cJSON *o = cJSON_CreateObject();
    add_num(o, "slot", slot + 1);
    add_num(o, "noble", id);
    add_num(o, "points", spl_nobles[id].points);
    cJSON_AddItemToObjectCS(o, "requires", colour_object(spl_nobles[id].need, SPL_COLOURS));
    return o;
}

/* ------------------------------------------------------------------ view */

/* The decision in words for players, as catalogue id + fields (issue 23):
 * {"kind": "splendor.decide.<what>", "seat", ...}, written in the reader's
 * language by gg_event_text (data/i18n/<lang>.json); it says what the
 * English "decision" says (tests/unit/test_words_prompt.c). must_pass: this
 * viewer knows the seat to act can only pass (S-6.2). */
static void add_prompt(const spl_state *st, int must_pass, cJSON *obj)
{
    cJSON *o = cJSON_AddObjectToObject(obj, "prompt");
    const spl_player *p = &st->pl[st->turn];
    if (st->over) {
        gg_result r;
        memset(&r, 0, sizeof r);
        spl_result(&st->base, &r);
        cJSON_AddStringToObject(o, "kind", "splendor.decide.over");
        cJSON *w = cJSON_AddArrayToObject(o, "winners");
        int best = 0;
        for (int q = 0; q < st->base.players; q++)
            if (r.rank[q] == 1) {
                best = r.score[q];
                cJSON_AddItemToArray(w, cJSON_CreateNumber(q));
            }
        add_num(o, "points", best);
        if (r.winners > 1) cJSON_AddStringToObject(o, "variant", "shared");
        return;
    }
    add_num(o, "seat", st->turn);
    if (st->phase == SPL_RETURN) {
        cJSON_AddStringToObject(o, "kind", "splendor.decide.return");
        add_num(o, "tokens", p->ntokens);
        add_num(o, "excess", spl_excess(st));
    } else if (st->phase == SPL_NOBLE) {
        cJSON_AddStringToObject(o, "kind", "splendor.decide.noble");
        add_num(o, "nobles", __builtin_popcount(spl_qualifying_nobles(st, st->turn)));
    } else {
        cJSON_AddStringToObject(o, "kind", "splendor.decide.turn");
        if (must_pass) cJSON_AddStringToObject(o, "variant", "pass");
        else if (st->last_round) cJSON_AddStringToObject(o, "variant", "last");
    }
}

static void add_decision(const spl_state *st, int viewer, cJSON *obj)
{
    char text[200];
    const spl_player *p = &st->pl[st->turn];
    int must_pass = 0;
    if (st->over) {
        gg_result r;
        memset(&r, 0, sizeof r);
        spl_result(&st->base, &r);
        int best = 0, len = snprintf(text, sizeof text, "the game is over: ");
        for (int q = 0, k = 0; q < st->base.players; q++)
            if (r.rank[q] == 1) {
                best = r.score[q];
                len += snprintf(text + len, sizeof text - (size_t)len, "%sseat %d", k++ ? " and " : "", q);
            }
        snprintf(text + len, sizeof text - (size_t)len, " %s with %d points",
                 r.winners > 1 ? "share the win" : "wins", best);
    } else if (st->phase == SPL_RETURN) {
        int e = spl_excess(st);
        snprintf(text, sizeof text,
                 "seat %d holds %d tokens and must return %d of them (any colours, gold "
                 "included) to get down to 10",
                 st->turn, p->ntokens, e);
    } else if (st->phase == SPL_NOBLE) {
        snprintf(text, sizeof text,
                 "seat %d qualifies for %d nobles and must choose which one visits",
                 st->turn, __builtin_popcount(spl_qualifying_nobles(st, st->turn)));
    } else {
        /* Whether a player with cards reserved from a deck can buy one is
         * known only to him (S-6.2), so only he is told he must pass. */
        gg_action list[GG_MAX_ACTIONS];
        int n = spl_legal(&st->base, st->turn, list);
        int knows = viewer == st->turn || spl_secret(p) == 0;
        must_pass = knows && n == 1 && SPL_KIND(list[0]) == SPL_A_PASS;
        if (must_pass)
            snprintf(text, sizeof text, "seat %d has no legal action and must pass", st->turn);
        else
            snprintf(text, sizeof text,
                     "seat %d takes tokens, reserves a card or buys a card (and passes only "
                     "if none of these is possible)%s", st->turn,
                     st->last_round ? " (last round: someone has 15 points)" : "");
    }
    cJSON_AddStringToObject(obj, "decision", text);
    add_prompt(st, must_pass, obj);
}

static cJSON *view_player(const spl_state *st, int q, int viewer)
{
    const spl_player *p = &st->pl[q];
    cJSON *o = cJSON_CreateObject();
    add_num(o, "seat", q);
    add_num(o, "points", p->points);
    cJSON_AddItemToObjectCS(o, "tokens", colour_object(p->tokens, SPL_TOKEN_KINDS));
    add_num(o, "token_count", p->ntokens);
    cJSON_AddItemToObjectCS(o, "bonus", colour_object(p->bonus, SPL_COLOURS));
    cJSON *cards = add_array(o, "cards");
    for (int id = 0; id < SPL_CARDS; id++)
        if (has_card(p, id)) cJSON_AddItemToArray(cards, cJSON_CreateNumber(id));
    add_num(o, "card_count", p->ncards);
    cJSON *nobles = add_array(o, "nobles");
    for (int i = 0; i < SPL_NOBLES; i++)
        if (p->nobles >> i & 1) cJSON_AddItemToArray(nobles, cJSON_CreateNumber(i));
    cJSON *res = add_array(o, "reserved");
    for (int i = 0; i < p->nreserved; i++) {
        int id = p->reserved[i], from_deck = p->hidden >> i & 1;
        int secret = spl_secret(p) >> i & 1;
        cJSON *c;
        if (secret && viewer != q && !st->over) { /* S-6.2: only its tier is public */
            c = cJSON_CreateObject();
            add_num(c, "tier", spl_cards[id].tier + 1);
            add_bool(c, "hidden", 1);
        } else {
            c = card_object(id);
        }
        add_bool(c, "from_deck", from_deck);
        if (p->shown >> i & 1) add_bool(c, "shown", 1); /* S-3.6: shown at a pass */
        cJSON_AddItemToArray(res, c);
    }
    return o;
}

static cJSON *score_breakdown(const spl_state *st)
{
    gg_result r;
    memset(&r, 0, sizeof r);
    spl_result(&st->base, &r);
    cJSON *arr = cJSON_CreateArray();
    for (int q = 0; q < st->base.players; q++) {
        const spl_player *p = &st->pl[q];
        int noble_points = 0;
        for (int i = 0; i < SPL_NOBLES; i++)
            if (p->nobles >> i & 1) noble_points += spl_nobles[i].points;
        cJSON *o = cJSON_CreateObject();
        add_num(o, "seat", q);
        add_num(o, "points", p->points);
        add_num(o, "card_points", p->points - noble_points);
        add_num(o, "noble_points", noble_points);
        add_num(o, "cards", p->ncards);
        add_num(o, "rank", r.rank[q]);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

void spl_view(const gg_state *s, int seat, cJSON *obj)
{
    const spl_state *st = (const spl_state *)s;
    int n = s->players;
    cJSON_AddStringToObject(obj, "phase", st->over ? "over" : phase_name[st->phase]);
    add_num(obj, "turn", st->turn);
    add_num(obj, "first", st->first);
    add_bool(obj, "last_round", st->last_round);
    add_decision(st, seat, obj);
    if (!st->over && st->phase == SPL_RETURN)
        add_num(obj, "must_return", spl_excess(st));
    cJSON_AddItemToObjectCS(obj, "supply", colour_object(st->supply, SPL_TOKEN_KINDS));
    cJSON *nobles = add_array(obj, "nobles");
    for (int i = 0; i <= n; i++)
        cJSON_AddItemToArray(nobles, st->noble[i] == SPL_NONE ? cJSON_CreateNull()
                                                              : noble_object(i, st->noble[i]));
    cJSON *tiers = add_array(obj, "tiers");
    for (int t = 0; t < SPL_TIERS; t++) {
        cJSON *o = cJSON_CreateObject();
        add_num(o, "tier", t + 1);
        add_num(o, "deck", st->deck_n[t]); /* S-6.1: size, never order */
        cJSON *cards = add_array(o, "cards");
        for (int k = 0; k < SPL_SLOTS; k++)
            cJSON_AddItemToArray(cards, st->board[t][k] == SPL_NONE ? cJSON_CreateNull()
                                                                   : card_object(st->board[t][k]));
        cJSON_AddItemToArray(tiers, o);
    }
    cJSON *players = add_array(obj, "players");
    for (int q = 0; q < n; q++) cJSON_AddItemToArray(players, view_player(st, q, seat));
    if (st->over) cJSON_AddItemToObjectCS(obj, "result", score_breakdown(st));
}

/* ------------------------------------------------------------------ save */

static cJSON *card_or_null(int id) { return id == SPL_NONE ? cJSON_CreateNull() : cJSON_CreateNumber(id); }

void spl_save(const gg_state *s, cJSON *obj)
{
    const spl_state *st = (const spl_state *)s;
    int n = s->players;
    cJSON_AddStringToObject(obj, "phase", phase_name[st->phase]);
    add_num(obj, "turn", st->turn);
    add_num(obj, "first", st->first);
    add_bool(obj, "last_round", st->last_round);
    add_num(obj, "passes", st->passes);
    add_bool(obj, "over", st->over);
    int supply[SPL_TOKEN_KINDS];
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) supply[k] = st->supply[k];
    cJSON_AddItemToObjectCS(obj, "supply", cJSON_CreateIntArray(supply, SPL_TOKEN_KINDS));
    cJSON *nobles = add_array(obj, "nobles");
    for (int i = 0; i <= n; i++) cJSON_AddItemToArray(nobles, card_or_null(st->noble[i]));
    cJSON *board = add_array(obj, "board");
    cJSON *decks = add_array(obj, "decks");
    for (int t = 0; t < SPL_TIERS; t++) {
        cJSON *row = cJSON_CreateArray();
        for (int k = 0; k < SPL_SLOTS; k++) cJSON_AddItemToArray(row, card_or_null(st->board[t][k]));
        cJSON_AddItemToArray(board, row);
        cJSON *deck = cJSON_CreateArray();
        for (int i = 0; i < st->deck_n[t]; i++)
            cJSON_AddItemToArray(deck, cJSON_CreateNumber(st->deck[t][i]));
        cJSON_AddItemToArray(decks, deck);
    }
    cJSON *players = add_array(obj, "players");
    for (int q = 0; q < n; q++) {
        const spl_player *p = &st->pl[q];
        cJSON *o = cJSON_CreateObject();
        int tokens[SPL_TOKEN_KINDS];
        for (int k = 0; k < SPL_TOKEN_KINDS; k++) tokens[k] = p->tokens[k];
        cJSON_AddItemToObjectCS(o, "tokens", cJSON_CreateIntArray(tokens, SPL_TOKEN_KINDS));
        cJSON *cards = add_array(o, "cards");
        for (int id = 0; id < SPL_CARDS; id++)
            if (has_card(p, id)) cJSON_AddItemToArray(cards, cJSON_CreateNumber(id));
        cJSON *pn = add_array(o, "nobles");
        for (int i = 0; i < SPL_NOBLES; i++)
            if (p->nobles >> i & 1) cJSON_AddItemToArray(pn, cJSON_CreateNumber(i));
        cJSON *res = add_array(o, "reserved");
        for (int i = 0; i < p->nreserved; i++) {
            cJSON *c = cJSON_CreateObject();
            add_num(c, "card", p->reserved[i]);
            add_bool(c, "from_deck", p->hidden >> i & 1);
            if (p->shown >> i & 1) add_bool(c, "shown", 1); /* S-3.6 */
            cJSON_AddItemToArray(res, c);
        }
        cJSON_AddItemToArray(players, o);
    }
}

/* ------------------------------------------------------------------ load */

typedef struct load_ctx {
    spl_state *st;
    gg_error *err;
    uint8_t seen[SPL_CARDS];
    int cards_seen;
} load_ctx;

static gg_status bool_field(const cJSON *obj, const char *key, uint8_t *out, gg_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsBool(v)) return gg_fail(err, GG_EJSON, "\"%s\" must be true or false", key);
    *out = cJSON_IsTrue(v) ? 1 : 0;
    return GG_OK;
}

static int whole_in(const cJSON *v, int lo, int hi)
{
    return cJSON_IsNumber(v) && v->valuedouble >= lo && v->valuedouble <= hi &&
           v->valuedouble == (double)(int)v->valuedouble;
}

/* A card id in `where`, of tier `tier` (-1: any), seen nowhere else. */
static gg_status claim_card(load_ctx *c, const cJSON *v, int tier, const char *where, int *out)
{
    if (!whole_in(v, 0, SPL_CARDS - 1))
        return gg_fail(c->err, GG_EJSON, "%s: a card must be a number from 0 to 89", where);
    int id = (int)v->valuedouble;
    if (tier >= 0 && spl_cards[id].tier != tier)
        return gg_fail(c->err, GG_EJSON, "%s: card %d is a tier %d card", where, id,
                       spl_cards[id].tier + 1);
    if (c->seen[id])
        return gg_fail(c->err, GG_EJSON, "%s: card %d appears twice", where, id);
    c->seen[id] = 1;
    c->cards_seen++;
    *out = id;
    return GG_OK;
}

static gg_status load_board(load_ctx *c, const cJSON *obj)
{
    spl_state *st = c->st;
    const cJSON *board, *decks;
    gg_status e;
    if ((e = ggj_array(obj, "board", 3, 3, &board, NULL, c->err))) return e;
    if ((e = ggj_array(obj, "decks", 3, 3, &decks, NULL, c->err))) return e;
    for (int t = 0; t < SPL_TIERS; t++) {
        const cJSON *row = cJSON_GetArrayItem(board, t);
        const cJSON *deck = cJSON_GetArrayItem(decks, t);
        char where[40];
        if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != SPL_SLOTS)
            return gg_fail(c->err, GG_EJSON, "\"board\"[%d] must list 4 cards or nulls", t);
        if (!cJSON_IsArray(deck) || cJSON_GetArraySize(deck) > SPL_DECK_MAX)
            return gg_fail(c->err, GG_EJSON, "\"decks\"[%d] must be an array of cards", t);
        snprintf(where, sizeof where, "tier %d deck", t + 1);
        const cJSON *it;
        cJSON_ArrayForEach(it, deck)
        {
            int id;
            if ((e = claim_card(c, it, t, where, &id))) return e;
            st->deck[t][st->deck_n[t]++] = (uint8_t)id;
        }
        for (int k = 0; k < SPL_SLOTS; k++) {
            const cJSON *v = cJSON_GetArrayItem(row, k);
            snprintf(where, sizeof where, "face-up card %d-%d", t + 1, k + 1);
            if (cJSON_IsNull(v)) {
                if (st->deck_n[t])
                    return gg_fail(c->err, GG_EJSON,
                                   "%s is empty although its deck is not (S-3.5)", where);
                st->board[t][k] = SPL_NONE;
                continue;
            }
            int id;
            if ((e = claim_card(c, v, t, where, &id))) return e;
            st->board[t][k] = (uint8_t)id;
        }
    }
    spl_board_derive(st);
    return GG_OK;
}

static gg_status load_player(load_ctx *c, const cJSON *o, int q, uint16_t *nobles_used)
{
    spl_player *p = &c->st->pl[q];
    gg_error *err = c->err;
    char where[48];
    int tokens[SPL_TOKEN_KINDS], n, id;
    const cJSON *arr, *it;
    gg_status e;
    if (!cJSON_IsObject(o)) return gg_fail(err, GG_EJSON, "\"players\"[%d] must be an object", q);
    if ((e = ggj_ints(o, "tokens", 0, 13, tokens, SPL_TOKEN_KINDS, SPL_TOKEN_KINDS, NULL, err)))
        return e;
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) p->tokens[k] = (uint8_t)tokens[k];
    if ((e = ggj_array(o, "cards", 0, SPL_CARDS, &arr, NULL, err))) return e;
    snprintf(where, sizeof where, "seat %d's cards", q);
    cJSON_ArrayForEach(it, arr)
    {
        if ((e = claim_card(c, it, -1, where, &id))) return e;
        p->bought[id >> 6] |= 1ull << (id & 63);
    }
    if ((e = ggj_array(o, "nobles", 0, SPL_MAX_NOBLE_SLOTS, &arr, NULL, err))) return e;
    cJSON_ArrayForEach(it, arr)
    {
        if (!whole_in(it, 0, SPL_NOBLES - 1))
            return gg_fail(err, GG_EJSON, "seat %d's nobles must be numbers from 0 to 9", q);
        id = (int)it->valuedouble;
        if (*nobles_used >> id & 1) return gg_fail(err, GG_EJSON, "noble %d appears twice", id);
        *nobles_used |= (uint16_t)(1u << id);
        p->nobles |= (uint16_t)(1u << id);
    }
    if ((e = ggj_array(o, "reserved", 0, SPL_HAND, &arr, &n, err))) return e;
    snprintf(where, sizeof where, "seat %d's reserved cards", q);
    cJSON_ArrayForEach(it, arr)
    {
        uint8_t from_deck = 0;
        if (!cJSON_IsObject(it))
            return gg_fail(err, GG_EJSON, "%s must be objects {\"card\":N,\"from_deck\":B}", where);
        if ((e = claim_card(c, cJSON_GetObjectItemCaseSensitive(it, "card"), -1, where, &id)))
            return e;
        if ((e = bool_field(it, "from_deck", &from_deck, err))) return e;
        uint8_t shown = 0; /* S-3.6: optional, false when absent */
        if (cJSON_GetObjectItemCaseSensitive(it, "shown") &&
            (e = bool_field(it, "shown", &shown, err)))
            return e;
        if (shown && !from_deck)
            return gg_fail(err, GG_EJSON,
                           "%s: only a card reserved from a deck can be \"shown\" (S-3.6)", where);
        p->hidden = (uint8_t)(p->hidden | from_deck << p->nreserved);
        p->shown = (uint8_t)(p->shown | shown << p->nreserved);
        p->reserved[p->nreserved++] = (uint8_t)id;
    }
    spl_player_derive(p);
    for (int i = 0; i < SPL_NOBLES; i++) { /* S-4.2: a noble only visits qualifying bonuses */
        if (!(p->nobles >> i & 1)) continue;
        for (int k = 0; k < SPL_COLOURS; k++)
            if (p->bonus[k] < spl_nobles[i].need[k])
                return gg_fail(err, GG_EJSON, "seat %d has noble %d without the bonuses it requires",
                               q, i);
    }
    return GG_OK;
}

static gg_status check_tokens(const spl_state *st, gg_error *err)
{
    int n = st->base.players;
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) { /* S-1.3: tokens are conserved */
        int total = st->supply[k], want = k == SPL_GOLD ? SPL_GOLD_TOKENS : spl_tokens_per_colour(n);
        for (int q = 0; q < n; q++) total += st->pl[q].tokens[k];
        if (total != want)
            return gg_fail(err, GG_EJSON, "there must be %d %s tokens in all, not %d", want,
                           spl_colour_name[k], total);
    }
    for (int q = 0; q < n; q++) { /* S-4.1 */
        int t = st->pl[q].ntokens;
        int returning = !st->over && st->phase == SPL_RETURN && q == st->turn;
        if (returning ? (t <= SPL_TOKEN_LIMIT || t > SPL_TOKEN_LIMIT + 3) : t > SPL_TOKEN_LIMIT)
            return gg_fail(err, GG_EJSON,
                           returning ? "seat %d must hold 11 to 13 tokens while returning"
                                     : "seat %d holds more than 10 tokens",
                           q);
    }
    return GG_OK;
}

static gg_status check_turn(const spl_state *st, gg_error *err)
{
    int n = st->base.players, someone_won = 0;
    if (st->over) return GG_OK;
    for (int q = 0; q < n; q++) {
        if (st->pl[q].points < SPL_WIN_POINTS) continue;
        someone_won = 1;
        /* S-5.1: a turn ended with 15+ points starts the last round. */
        if (!st->last_round && !(q == st->turn && st->phase != SPL_MAIN))
            return gg_fail(err, GG_EJSON, "seat %d has %d points, so \"last_round\" must be true",
                           q, st->pl[q].points);
    }
    if (st->last_round && !someone_won)
        return gg_fail(err, GG_EJSON, "\"last_round\" is true but nobody has 15 points");
    if (st->last_round && st->turn == st->first) /* S-5.1: that round has been completed */
        return gg_fail(err, GG_EJSON,
                       "in the last round the first seat cannot be to play: the game is over");
    if (st->passes > (st->turn - st->first + n) % n)
        return gg_fail(err, GG_EJSON, "\"passes\" counts more seats than have played this round");
    if (st->phase == SPL_NOBLE) {
        unsigned q = spl_qualifying_nobles(st, st->turn);
        if (!(q & (q - 1)))
            return gg_fail(err, GG_EJSON,
                           "phase \"noble\" needs seat %d to qualify for several nobles", st->turn);
    }
    return GG_OK;
}

gg_status spl_load(gg_state *s, const cJSON *obj, gg_error *err)
{
    spl_state *st = (spl_state *)s;
    int n = s->players, v[SPL_TOKEN_KINDS];
    load_ctx c = {.st = st, .err = err};
    gg_status e;
    memset(st->noble, SPL_NONE, sizeof st->noble);
    for (int q = 0; q < SPL_MAX_PLAYERS; q++) memset(st->pl[q].reserved, SPL_NONE, SPL_HAND);

    const cJSON *ph = cJSON_GetObjectItemCaseSensitive(obj, "phase");
    int phase = cJSON_IsString(ph) ? gg_name_index(phase_name, 3, ph->valuestring) : -1;
    if (phase < 0) return gg_fail(err, GG_EJSON, "\"phase\" must be \"main\", \"return\" or \"noble\"");
    st->phase = (uint8_t)phase;
    if ((e = ggj_int(obj, "turn", 0, n - 1, &v[0], err))) return e;
    if ((e = ggj_int(obj, "first", 0, n - 1, &v[1], err))) return e;
    if ((e = ggj_int(obj, "passes", 0, n, &v[2], err))) return e;
    st->turn = (uint8_t)v[0];
    st->first = (uint8_t)v[1];
    st->passes = (uint8_t)v[2];
    if ((e = bool_field(obj, "last_round", &st->last_round, err))) return e;
    if ((e = bool_field(obj, "over", &st->over, err))) return e;
    if (s->opts.value[0] == 0 && st->first != 0)
        return gg_fail(err, GG_EJSON, "with option first=seat0, \"first\" must be 0 (S-2.2)");

    if ((e = ggj_ints(obj, "supply", 0, 7, v, SPL_TOKEN_KINDS, SPL_TOKEN_KINDS, NULL, err)))
        return e;
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) st->supply[k] = (uint8_t)v[k];

    const cJSON *arr, *it;
    uint16_t nobles_used = 0;
    if ((e = ggj_array(obj, "nobles", n + 1, n + 1, &arr, NULL, err))) return e;
    int i = 0, nobles_in_game = 0;
    cJSON_ArrayForEach(it, arr)
    {
        if (cJSON_IsNull(it)) {
            i++;
            continue;
        }
        if (!whole_in(it, 0, SPL_NOBLES - 1))
            return gg_fail(err, GG_EJSON, "\"nobles\"[%d] must be a noble 0 to 9 or null", i);
        int id = (int)it->valuedouble;
        if (nobles_used >> id & 1) return gg_fail(err, GG_EJSON, "noble %d appears twice", id);
        nobles_used |= (uint16_t)(1u << id);
        st->noble[i++] = (uint8_t)id;
    }
    if ((e = load_board(&c, obj))) return e;
    if ((e = ggj_array(obj, "players", n, n, &arr, NULL, err))) return e;
    i = 0;
    cJSON_ArrayForEach(it, arr)
    {
        if ((e = load_player(&c, it, i, &nobles_used))) return e;
        i++;
    }
    if (c.cards_seen != SPL_CARDS) /* S-1.2: all 90 cards, each exactly once */
        return gg_fail(err, GG_EJSON, "the state holds %d of the 90 cards", c.cards_seen);
    for (int id = 0; id < SPL_NOBLES; id++) nobles_in_game += nobles_used >> id & 1;
    if (nobles_in_game != n + 1) /* S-1.4 */
        return gg_fail(err, GG_EJSON, "a %d-player game has %d nobles, not %d", n, n + 1,
                       nobles_in_game);
    if ((e = check_tokens(st, err))) return e;
    return check_turn(st, err);
}

/* ----------------------------------------------------------- determinize */

void spl_determinize(gg_state *s, int seat, gg_rng *rng)
{
    spl_state *st = (spl_state *)s;
    for (int t = 0; t < SPL_TIERS; t++) {
        /* Unseen by `seat`: the deck (S-6.3) and, until the end, the others'
         * cards reserved from this tier's deck (S-6.2) that were not shown at a
         * pass (S-3.6: those stay where they are). */
        uint8_t pool[SPL_CARDS], *where[SPL_CARDS];
        int n = 0;
        for (int i = 0; i < st->deck_n[t]; i++) where[n] = &st->deck[t][i], pool[n++] = st->deck[t][i];
        for (int q = 0; q < s->players && !st->over; q++) {
            spl_player *p = &st->pl[q];
            if (q == seat) continue;
            for (int i = 0; i < p->nreserved; i++)
                if ((spl_secret(p) >> i & 1) && spl_cards[p->reserved[i]].tier == t)
                    where[n] = &p->reserved[i], pool[n++] = p->reserved[i];
        }
        /* Sorted first, so that the result depends only on what `seat` sees,
         * not on the hidden order being replaced (bots rely on it). */
        for (int i = 1; i < n; i++) {
            uint8_t x = pool[i];
            int j = i;
            for (; j > 0 && pool[j - 1] > x; j--) pool[j] = pool[j - 1];
            pool[j] = x;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = (int)gg_rng_below(rng, (uint32_t)i + 1);
            uint8_t x = pool[i];
            pool[i] = pool[j];
            pool[j] = x;
        }
        for (int i = 0; i < n; i++) *where[i] = pool[i];
    }
    s->rng.state = gg_rng_next(rng);
}
