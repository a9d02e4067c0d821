/* sim_events.c — events reconciled with the state change (sim_events.h). */
#include "sim_events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "splendor/splendor.h"
#include "ys/ys.h"

static const cJSON *get(const cJSON *o, const char *k) { return cJSON_GetObjectItemCaseSensitive(o, k); }
static int num(const cJSON *o, const char *k) { const cJSON *v = get(o, k); return cJSON_IsNumber(v) ? v->valueint : -999; }
static const char *str(const cJSON *o, const char *k) { const cJSON *v = get(o, k); return cJSON_IsString(v) ? v->valuestring : ""; }

static int index_of(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], s) == 0) return i;
    return -1;
}

/* ------------------------------------------------------------------- Ys */

/* A seat field: 0..players-1, YS_NEUTRAL for "neutral", -1 for null. */
static int ys_who(const cJSON *o, const char *k)
{
    const cJSON *v = get(o, k);
    if (cJSON_IsNumber(v)) return v->valueint;
    if (cJSON_IsString(v) && strcmp(v->valuestring, "neutral") == 0) return YS_NEUTRAL;
    return -1;
}

static int ys_card_index(const char *key)
{
    for (int c = 0; c < YS_CARD_KINDS; c++)
        if (strcmp(ys_cards[c].key, key) == 0) return c;
    return -1;
}

int sim_ys_events_reveal(const char *kind)
{
    return strcmp(kind, "ys.reveal") == 0 || strcmp(kind, "ys.market") == 0 ||
           strcmp(kind, "ys.smuggling") == 0 || /* Y-10.21: the card's brokers counted */
           strcmp(kind, "ys.final") == 0 || strcmp(kind, "game.over") == 0;
}

typedef struct ys_ledger {
    int gems[YS_MAX_PLAYERS + 1][YS_GEM_KINDS];
    int score[YS_MAX_PLAYERS + 1];
    int rate[YS_COLOURS];
    uint32_t hand[YS_MAX_PLAYERS], kept[YS_MAX_PLAYERS];
    /* prizes the summaries promise, and the ledger events that pay them */
    int trade_due[YS_MAX_PLAYERS + 1], trade_paid[YS_MAX_PLAYERS + 1];
    int black_due[YS_MAX_PLAYERS + 1], black_paid[YS_MAX_PLAYERS + 1];
    int row_due[YS_MAX_PLAYERS + 1][YS_GEM_KINDS], row_paid[YS_MAX_PLAYERS + 1][YS_GEM_KINDS];
} ys_ledger;

static void ys_ledger_of(const ys_state *st, ys_ledger *l)
{
    memset(l, 0, sizeof *l);
    for (int q = 0; q < st->base.players; q++) {
        for (int g = 0; g < YS_GEM_KINDS; g++) l->gems[q][g] = st->pl[q].gems[g];
        l->score[q] = st->pl[q].score;
        l->hand[q] = st->pl[q].hand;
        l->kept[q] = st->pl[q].kept;
    }
    for (int g = 0; g < YS_GEM_KINDS; g++) l->gems[YS_NEUTRAL][g] = st->neutral_gems[g];
    l->score[YS_NEUTRAL] = st->neutral_score;
    for (int c = 0; c < YS_COLOURS; c++) l->rate[c] = st->rate[c];
}

/* Each seat's revealed brokers in the district add up to its standing. */
static int ys_reveal_adds_up(const cJSON *reveal, const cJSON *port, char *msg, size_t n)
{
    int sum[YS_MAX_PLAYERS + 1] = {0}, seen[YS_MAX_PLAYERS + 1] = {0};
    const cJSON *z, *b, *s;
    cJSON_ArrayForEach(z, get(reveal, "zones")) cJSON_ArrayForEach(b, get(z, "brokers"))
    {
        int q = ys_who(b, "seat");
        if (q < 0) return snprintf(msg, n, "a revealed broker of no seat"), 1;
        sum[q] += num(b, "value");
        seen[q] = 1;
    }
    int listed = 0;
    cJSON_ArrayForEach(s, get(port, "standings"))
    {
        int q = ys_who(s, "seat");
        if (q < 0 || !seen[q] || sum[q] != num(s, "total"))
            return snprintf(msg, n, "district %d: standing %d of seat %d is not its revealed brokers (%d)",
                            num(port, "district"), num(s, "total"), q, q >= 0 ? sum[q] : -1), 1;
        listed++;
    }
    int present = 0;
    for (int q = 0; q <= YS_NEUTRAL; q++) present += seen[q];
    if (listed != present) return snprintf(msg, n, "district %d: %d seats revealed, %d in the standings",
                                           num(port, "district"), present, listed), 1;
    return 0;
}

static int ys_apply_event(const ys_state *B, const cJSON *e, const cJSON *prev, ys_ledger *l, char *msg,
                          size_t n)
{
    const char *kind = str(e, "kind"), *why = str(e, "for");
    int q = ys_who(e, "seat");
    if (strcmp(kind, "ys.gem") == 0) {
        int g = index_of(ys_gem_name, YS_GEM_KINDS, str(e, "gem"));
        if (q < 0 || g < 0 || g == YS_WHITE) return snprintf(msg, n, "a gem event of no seat or gem"), 1;
        l->gems[q][g] += num(e, "n");
        if (strcmp(why, "trade") == 0 || strcmp(why, "palace") == 0) {}
        if (strcmp(why, "port zone") == 0 && g == YS_BLACK) l->black_paid[q] += num(e, "n");
        if (strcmp(why, "row") == 0) l->row_paid[q][g] += num(e, "n");
    } else if (strcmp(kind, "ys.points") == 0) {
        if (q < 0) return snprintf(msg, n, "points for no seat"), 1;
        l->score[q] += num(e, "points");
        if (strcmp(why, "trade") == 0) l->trade_paid[q] += num(e, "points");
    } else if (strcmp(kind, "ys.rate") == 0) {
        int c = index_of(ys_gem_name, YS_COLOURS, str(e, "colour"));
        if (c < 0 || num(e, "from") != l->rate[c])
            return snprintf(msg, n, "a rate moves from %d but stood at %d", num(e, "from"), c < 0 ? -99 : l->rate[c]), 1;
        l->rate[c] = num(e, "to");
    } else if (strcmp(kind, "ys.play") == 0) {
        int c = ys_card_index(str(e, "card"));
        if (q < 0 || q >= YS_NEUTRAL || c < 0 || !(l->hand[q] >> c & 1))
            return snprintf(msg, n, "a card played that was not in hand"), 1;
        l->hand[q] &= ~(1u << c);
    } else if (strcmp(kind, "ys.zone") == 0) {
        int w = ys_who(e, "winner"), d = num(e, "district") - 1;
        const char *zone = str(e, "zone");
        if (strcmp(zone, "port") == 0 && w >= 0) l->black_due[w]++;
        if (strcmp(zone, "trade") == 0 && w >= 0) l->trade_due[w] += num(e, "points");
        if (strcmp(zone, "palace") == 0) {
            const cJSON *cj = get(e, "card");
            int c = cJSON_IsString(cj) ? ys_card_index(cj->valuestring) : -1;
            int lay = d >= 0 && d < YS_DISTRICTS ? B->palace_card[d] : YS_NONE;
            if (lay != YS_NONE && c != lay && B->step < YS_STEP_END_ROUND)
                return snprintf(msg, n, "district %d's palace card is %s, not %s", d + 1,
                                lay < YS_CARD_KINDS ? ys_cards[lay].key : "?", c >= 0 ? ys_cards[c].key : "none"), 1;
            if (w >= 0 && w < YS_NEUTRAL && c >= 0 && c != YC_KING && c != YC_PRINCE && c != YC_BLUE) {
                if (ys_is_kept(c)) l->kept[w] |= 1u << c;
                else l->hand[w] |= 1u << c;
            }
        }
    } else if (strcmp(kind, "ys.row") == 0) {
        int w = ys_who(e, "winner"), g = index_of(ys_gem_name, YS_GEM_KINDS, str(e, "gem"));
        if (w >= 0 && g >= 0 && g != YS_WHITE) l->row_due[w][g]++;
    } else if (strcmp(kind, "ys.port") == 0 && prev && strcmp(str(prev, "kind"), "ys.reveal") == 0 &&
               !ys_opt(B, YS_OPT_YSPLUS) && !ys_events_on(B) && B->base.players > 2) {
        return ys_reveal_adds_up(prev, e, msg, n);
    }
    return 0;
}

/* The text as a consumer reads it: parsed, then reconciled. */
static int check_text(int (*check)(const gg_state *, int, gg_action, const gg_state *, const cJSON *,
                                   char *, size_t),
                      const gg_state *before, int seat, gg_action a, const gg_state *after,
                      const char *events, char *msg, size_t n)
{
    cJSON *arr = cJSON_Parse(events);
    if (!cJSON_IsArray(arr)) {
        cJSON_Delete(arr);
        return snprintf(msg, n, "the events are not a JSON array"), 1;
    }
    int bad = check(before, seat, a, after, arr, msg, n);
    cJSON_Delete(arr);
    return bad;
}

int sim_ys_check_events(const gg_state *before, int seat, gg_action a, const gg_state *after,
                        const char *events, char *msg, size_t n)
{
    return check_text(sim_ys_check_event_list, before, seat, a, after, events, msg, n);
}

int sim_ys_check_event_list(const gg_state *before, int seat, gg_action a, const gg_state *after,
                            const cJSON *arr, char *msg, size_t n)
{
    (void)seat;
    (void)a;
    const ys_state *B = (const ys_state *)before, *A = (const ys_state *)after;
    ys_ledger l, want;
    ys_ledger_of(B, &l);
    ys_ledger_of(A, &want);
    if (!cJSON_IsArray(arr)) return snprintf(msg, n, "the events are not a JSON array"), 1;
    const cJSON *e, *prev = NULL;
    int bad = 0;
    cJSON_ArrayForEach(e, arr)
    {
        if (!cJSON_IsString(get(e, "kind"))) bad = snprintf(msg, n, "an event without a kind") > 0;
        if (!bad) bad = ys_apply_event(B, e, prev, &l, msg, n);
        if (bad) break;
        prev = e;
    }
    if (bad) return 1;
    int P = B->base.players;
    for (int q = 0; q <= YS_NEUTRAL; q++) {
        if (q >= P && !(q == YS_NEUTRAL && P == 2)) continue;
        for (int g = 0; g < YS_GEM_KINDS; g++)
            if (l.gems[q][g] != want.gems[q][g])
                return snprintf(msg, n, "seat %d has %d %s gems, the events say %d", q, want.gems[q][g],
                                ys_gem_name[g], l.gems[q][g]), 1;
        if (l.score[q] != want.score[q])
            return snprintf(msg, n, "seat %d has %d points, the events say %d", q, want.score[q], l.score[q]), 1;
        if (l.trade_due[q] != l.trade_paid[q])
            return snprintf(msg, n, "seat %d won %d trade points, was paid %d", q, l.trade_due[q], l.trade_paid[q]), 1;
        if (l.black_due[q] != l.black_paid[q])
            return snprintf(msg, n, "seat %d won %d port zones, was paid %d black gems", q, l.black_due[q], l.black_paid[q]), 1;
        for (int g = 0; g < YS_GEM_KINDS; g++)
            if (l.row_due[q][g] > l.row_paid[q][g] && !(q == YS_NEUTRAL))
                return snprintf(msg, n, "seat %d won a %s market row gem it did not get", q, ys_gem_name[g]), 1;
        if (q < P && (l.hand[q] != want.hand[q] || l.kept[q] != want.kept[q]))
            return snprintf(msg, n, "seat %d holds cards %#x kept %#x, the events say %#x kept %#x", q,
                            want.hand[q], want.kept[q], l.hand[q], l.kept[q]), 1;
    }
    for (int c = 0; c < YS_COLOURS; c++)
        if (l.rate[c] != want.rate[c])
            return snprintf(msg, n, "the %s rate is %d, the events say %d", ys_gem_name[c], want.rate[c], l.rate[c]), 1;
    (void)A;
    return 0;
}

/* ------------------------------------------------------------- Splendor */

static int spl_tokens(const cJSON *o, int out[SPL_TOKEN_KINDS])
{
    memset(out, 0, sizeof(int) * SPL_TOKEN_KINDS);
    const cJSON *f;
    cJSON_ArrayForEach(f, o)
    {
        int k = index_of(spl_colour_name, SPL_TOKEN_KINDS, f->string);
        if (k < 0 || !cJSON_IsNumber(f) || f->valueint <= 0) return 1;
        out[k] = f->valueint;
    }
    return 0;
}

/* The card an event names, checked against the printed card. */
static int spl_card_of(const cJSON *c)
{
    int id = num(c, "id");
    if (id < 0 || id >= SPL_CARDS) return -1;
    const spl_card *k = &spl_cards[id];
    int cost[SPL_TOKEN_KINDS];
    if (num(c, "tier") != k->tier + 1 || num(c, "points") != k->points ||
        strcmp(str(c, "colour"), spl_colour_name[k->bonus]) != 0 || spl_tokens(get(c, "cost"), cost))
        return -1;
    for (int i = 0; i < SPL_COLOURS; i++)
        if (cost[i] != k->cost[i]) return -1;
    return id;
}

int sim_splendor_check_events(const gg_state *before, int seat, gg_action a,
                              const gg_state *after, const char *events, char *msg, size_t n)
{
    return check_text(sim_splendor_check_event_list, before, seat, a, after, events, msg, n);
}

int sim_splendor_check_event_list(const gg_state *before, int seat, gg_action a,
                                  const gg_state *after, const cJSON *arr, char *msg, size_t n)
{
    (void)a;
    const spl_state *B = (const spl_state *)before, *A = (const spl_state *)after;
    spl_state L = *B; /* the ledger: B changed as the events say */
    if (!cJSON_IsArray(arr)) return snprintf(msg, n, "the events are not a JSON array"), 1;
    const cJSON *e;
    int bad = 0, t[SPL_TOKEN_KINDS];
    spl_player *p = &L.pl[seat];
    cJSON_ArrayForEach(e, arr)
    {
        const char *kind = str(e, "kind");
        if (strcmp(kind, "splendor.take") == 0 || strcmp(kind, "splendor.return") == 0) {
            int sign = kind[9] == 't' ? 1 : -1;
            if ((bad = spl_tokens(get(e, "tokens"), t))) break;
            for (int k = 0; k < SPL_TOKEN_KINDS; k++) p->tokens[k] = (uint8_t)(p->tokens[k] + sign * t[k]);
        } else if (strcmp(kind, "splendor.reserve") == 0) {
            int id = spl_card_of(get(e, "card"));
            if ((bad = id < 0)) break;
            if (strcmp(str(e, "from"), "board") == 0) {
                int tier = num(e, "tier") - 1, slot = num(e, "slot");
                if ((bad = tier < 0 || tier > 2 || slot < 0 || slot > 3 || L.board[tier][slot] != id)) break;
                L.board[tier][slot] = SPL_NONE;
            }
            p->reserved[p->nreserved++] = (uint8_t)id;
            p->tokens[SPL_GOLD] = (uint8_t)(p->tokens[SPL_GOLD] + num(e, "gold"));
        } else if (strcmp(kind, "splendor.buy") == 0) {
            int id = spl_card_of(get(e, "card"));
            if ((bad = id < 0 || spl_tokens(get(e, "paid"), t) != 0)) break;
            int owed = 0, paid = 0; /* S-3.4: cost less bonuses, gold standing in */
            for (int k = 0; k < SPL_COLOURS; k++) {
                int c = spl_cards[id].cost[k] - p->bonus[k];
                owed += c > 0 ? c : 0;
                if ((bad = t[k] > (c > 0 ? c : 0))) break;
            }
            for (int k = 0; k < SPL_TOKEN_KINDS; k++) paid += t[k];
            if (bad || (bad = owed != paid)) break;
            for (int k = 0; k < SPL_TOKEN_KINDS; k++) p->tokens[k] = (uint8_t)(p->tokens[k] - t[k]);
            int found = 0;
            if (strcmp(str(e, "from"), "reserve") == 0) {
                for (int i = 0; i < p->nreserved && !found; i++)
                    if (p->reserved[i] == id) {
                        for (int k = i; k + 1 < p->nreserved; k++) p->reserved[k] = p->reserved[k + 1];
                        p->reserved[--p->nreserved] = SPL_NONE;
                        found = 1;
                    }
            } else {
                for (int s = 0; s < 12 && !found; s++)
                    if ((&L.board[0][0])[s] == id) (&L.board[0][0])[s] = SPL_NONE, found = 1;
            }
            if ((bad = !found)) break;
            p->bought[id >> 6] |= 1ull << (id & 63);
            p->bonus[spl_cards[id].bonus]++;
            p->points = (uint8_t)(p->points + spl_cards[id].points);
        } else if (strcmp(kind, "splendor.refill") == 0) {
            int tier = num(e, "tier") - 1, slot = num(e, "slot");
            const cJSON *c = get(e, "card");
            int id = cJSON_IsNull(c) ? SPL_NONE : spl_card_of(c);
            if ((bad = tier < 0 || tier > 2 || slot < 0 || slot > 3 || id < 0)) break;
            L.board[tier][slot] = (uint8_t)id;
        } else if (strcmp(kind, "splendor.noble") == 0) {
            int id = num(get(e, "noble"), "id");
            if ((bad = id < 0 || id >= SPL_NOBLES || num(get(e, "noble"), "points") != spl_nobles[id].points)) break;
            p->nobles |= (uint16_t)(1u << id);
            p->points = (uint8_t)(p->points + spl_nobles[id].points);
        }
    }
    if (bad) return snprintf(msg, n, "an event does not match the state it was made from"), 1;
    const spl_player *q = &A->pl[seat];
    if (memcmp(p->tokens, q->tokens, SPL_TOKEN_KINDS) != 0) return snprintf(msg, n, "tokens differ from the events"), 1;
    if (p->bought[0] != q->bought[0] || p->bought[1] != q->bought[1]) return snprintf(msg, n, "bought cards differ"), 1;
    if (p->nreserved != q->nreserved || memcmp(p->reserved, q->reserved, SPL_HAND) != 0)
        return snprintf(msg, n, "reserved cards differ from the events"), 1;
    if (p->nobles != q->nobles || p->points != q->points) return snprintf(msg, n, "nobles or points differ"), 1;
    if (memcmp(L.board, A->board, sizeof L.board) != 0) return snprintf(msg, n, "the face-up cards differ from the events"), 1;
    for (int o = 0; o < B->base.players; o++)
        if (o != seat && memcmp(&B->pl[o], &A->pl[o], sizeof B->pl[o]) != 0)
            return snprintf(msg, n, "seat %d changed without an event", o), 1;
    return 0;
}
