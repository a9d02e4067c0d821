/* sim_splendor.c — Splendor's simulation hooks (see sim_splendor.h). */
#include "sim_splendor.h"
#include "sim_events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "splendor/splendor.h"

#define FAIL(...) (snprintf(msg, n, __VA_ARGS__), 1)

/* The per-colour slot costs that legal() reads are those of the face-up
 * cards, and its sixteen-at-a-time affordability test agrees with the
 * card-by-card reference for every seat's wealth and every amount of gold. */
static int check_board_reach(const spl_state *st, char *msg, size_t n)
{
    spl_state fresh = *st;
    spl_board_derive(&fresh);
    if (memcmp(fresh.slot_cost, st->slot_cost, sizeof st->slot_cost) != 0)
        return FAIL("slot_cost does not match the face-up cards");
    for (int q = 0; q < st->base.players; q++) {
        uint64_t wealth = 0;
        for (int c = 0; c < SPL_COLOURS; c++)
            wealth |= (uint64_t)(st->pl[q].bonus[c] + st->pl[q].tokens[c]) << (8 * c);
        for (unsigned gold = 0; gold <= SPL_GOLD_TOKENS; gold++) {
            unsigned fast = spl_board_within_reach(st, wealth, gold);
            unsigned ref = spl_board_within_reach_ref(st, wealth, gold);
            if (fast != ref)
                return FAIL("seat %d, %u gold: slots within reach %03x, reference %03x", q, gold,
                            fast, ref);
        }
    }
    return 0;
}

int sim_splendor_check_state(const gg_state *s, char *msg, size_t n)
{
    const spl_state *st = (const spl_state *)s;
    int players = s->players, where[SPL_CARDS] = {0};
    for (int k = 0; k < SPL_TOKEN_KINDS; k++) { /* S-1.3: tokens conserved */
        int total = st->supply[k];
        for (int q = 0; q < players; q++) total += st->pl[q].tokens[k];
        int want = k == SPL_GOLD ? SPL_GOLD_TOKENS : spl_tokens_per_colour(players);
        if (total != want) return FAIL("%d %s tokens in the game, not %d", total,
                                       spl_colour_name[k], want);
    }
    for (int t = 0; t < SPL_TIERS; t++) { /* S-1.2: every card exactly once */
        for (int i = 0; i < st->deck_n[t]; i++) where[st->deck[t][i]]++;
        for (int i = st->deck_n[t]; i < SPL_DECK_MAX; i++)
            if (st->deck[t][i]) return FAIL("tier %d deck has junk past its end", t + 1);
        for (int k = 0; k < SPL_SLOTS; k++) {
            int id = st->board[t][k];
            if (id == SPL_NONE) {
                if (st->deck_n[t]) return FAIL("slot %d-%d empty with cards in the deck", t + 1, k + 1);
                continue;
            }
            if (spl_cards[id].tier != t) return FAIL("card %d in the wrong tier", id);
            where[id]++;
        }
    }
    for (int q = 0; q < players; q++) {
        spl_player p = st->pl[q];
        for (int id = 0; id < SPL_CARDS; id++) where[id] += (int)(p.bought[id >> 6] >> (id & 63) & 1);
        for (int i = 0; i < p.nreserved; i++) where[p.reserved[i]]++;
        if (p.nreserved > SPL_HAND) return FAIL("seat %d holds %d reserved cards", q, p.nreserved);
        if (p.shown & ~p.hidden) /* S-3.6: only a secret card is "shown" */
            return FAIL("seat %d: a card not from a deck is marked shown", q);
        if ((p.hidden | p.shown) >> p.nreserved)
            return FAIL("seat %d: hidden or shown marks past the reserved cards", q);
        spl_player_derive(&p);
        if (memcmp(&p, &st->pl[q], sizeof p) != 0)
            return FAIL("seat %d's bonuses, points or counts are inconsistent", q);
        int limit = (!st->over && st->phase == SPL_RETURN && q == st->turn) ? 13 : 10;
        if (p.ntokens > limit) return FAIL("seat %d holds %d tokens", q, p.ntokens);
    }
    for (int id = 0; id < SPL_CARDS; id++)
        if (where[id] != 1) return FAIL("card %d appears %d times", id, where[id]);
    return check_board_reach(st, msg, n);
}

/* Marks every card the view shows as a card object ("card":N,). */
static void cards_shown(const char *view, uint8_t shown[SPL_CARDS])
{
    memset(shown, 0, SPL_CARDS);
    for (const char *p = strstr(view, "\"card\":"); p; p = strstr(p + 1, "\"card\":")) {
        int id = 0, digits = 0;
        for (p += 7; *p >= '0' && *p <= '9' && digits < 3; p++, digits++) id = id * 10 + (*p - '0');
        if (digits && *p == ',' && id < SPL_CARDS) shown[id] = 1;
    }
}

int sim_splendor_check_view(const gg_state *s, int seat, const char *view, char *msg, size_t n)
{
    const spl_state *st = (const spl_state *)s;
    uint8_t shown[SPL_CARDS];
    if (strstr(view, "\"rng\"") || strstr(view, "\"seed\"") || strstr(view, "\"decks\""))
        return FAIL("the view contains the RNG, the seed or deck contents (S-6.3)");
    cards_shown(view, shown);
    for (int t = 0; t < SPL_TIERS; t++) /* S-6.3: never a deck card */
        for (int i = 0; i < st->deck_n[t]; i++)
            if (shown[st->deck[t][i]])
                return FAIL("card %d, in the tier %d deck, is in the view", st->deck[t][i], t + 1);
    for (int t = 0; t < SPL_TIERS; t++)
        for (int k = 0; k < SPL_SLOTS; k++)
            if (st->board[t][k] != SPL_NONE && !shown[st->board[t][k]])
                return FAIL("face-up card %d is missing from the view (S-6.1)", st->board[t][k]);
    for (int q = 0; q < s->players; q++) {
        const spl_player *p = &st->pl[q];
        for (int i = 0; i < p->nreserved; i++) {
            /* S-6.1, S-6.2, S-6.4; S-3.6: shown at a pass (check_apply says
             * a card becomes shown only by its owner's pass) */
            int visible = !(spl_secret(p) >> i & 1) || q == seat || st->over;
            if (visible != shown[p->reserved[i]])
                return FAIL("seat %d's reserved card %d is %s", q, p->reserved[i],
                            visible ? "missing from the view" : "visible to another seat (S-6.2)");
        }
    }
    return 0;
}

/* ------------------------------------------- reference legal actions */

/* The legal actions written plainly from the rules reference, one candidate
 * at a time, with none of legal()'s tables, word tricks or SSE2: what the
 * fast generator must equal at every step of every simulated game. */

static int ref_add(gg_action *out, int n, gg_action a)
{
    if (n < GG_MAX_ACTIONS) out[n] = a;
    return n + 1;
}

/* S-3.4: every gold vector g (g[c] <= what the card still costs in c, the
 * sum <= the gold held) whose remainder the coloured tokens cover. */
static int ref_payments(const spl_player *p, int card, int src, gg_action *out, int n)
{
    int need[SPL_COLOURS], g[SPL_COLOURS] = {0};
    for (int c = 0; c < SPL_COLOURS; c++) {
        int left = spl_cards[card].cost[c] - p->bonus[c];
        need[c] = left > 0 ? left : 0;
    }
    for (;;) {
        int used = 0, fits = 1;
        unsigned field = 0;
        for (int c = 0; c < SPL_COLOURS; c++) {
            used += g[c];
            fits &= p->tokens[c] >= need[c] - g[c];
            field |= (unsigned)g[c] << (3 * c);
        }
        if (fits && used <= p->tokens[SPL_GOLD])
            n = ref_add(out, n, SPL_ACTION(SPL_A_BUY, (unsigned)src << 16 | field));
        int c = 0; /* next g: an odometer over the colours */
        while (c < SPL_COLOURS && g[c] == need[c]) g[c++] = 0;
        if (c == SPL_COLOURS) return n;
        g[c]++;
    }
}

static int ref_main(const spl_state *st, const spl_player *p, gg_action *out)
{
    int n = 0, avail = 0;
    for (int c = 0; c < SPL_COLOURS; c++) avail += st->supply[c] > 0;
    /* S-3.1: three different colours; with fewer than 3 colours left, any 1
     * or 2 of them (2 left: one of each, or one of either) */
    for (unsigned m = 1; m < 32; m++) {
        int k = 0, ok = 1;
        for (int c = 0; c < SPL_COLOURS; c++)
            if (m >> c & 1) k++, ok &= st->supply[c] > 0;
        if (ok && (k == 3 || (avail < 3 && k <= avail))) n = ref_add(out, n, SPL_ACTION(SPL_A_TAKE3, m));
    }
    for (int c = 0; c < SPL_COLOURS; c++) /* S-3.2 */
        if (st->supply[c] >= 4) n = ref_add(out, n, SPL_ACTION(SPL_A_TAKE2, c));
    if (p->nreserved < SPL_HAND) { /* S-3.3 */
        for (int src = 0; src < 12; src++)
            if (st->board[src / 4][src % 4] != SPL_NONE)
                n = ref_add(out, n, SPL_ACTION(SPL_A_RESERVE, src));
        for (int t = 0; t < SPL_TIERS; t++)
            if (st->deck_n[t]) n = ref_add(out, n, SPL_ACTION(SPL_A_RESERVE, SPL_SRC_DECK + t));
    }
    for (int src = 0; src < 12; src++) /* S-3.4 */
        if (st->board[src / 4][src % 4] != SPL_NONE)
            n = ref_payments(p, st->board[src / 4][src % 4], src, out, n);
    for (int i = 0; i < p->nreserved; i++)
        n = ref_payments(p, p->reserved[i], SPL_SRC_HAND + i, out, n);
    if (n == 0) n = ref_add(out, n, SPL_ACTION(SPL_A_PASS, 0)); /* S-3.6 */
    return n;
}

/* S-4.1: every way to return exactly `left` held tokens (gold included). */
static int ref_returns(const spl_player *p, int left, gg_action *out)
{
    int n = 0, r[SPL_TOKEN_KINDS] = {0};
    for (;;) {
        int sum = 0;
        unsigned field = 0;
        for (int k = 0; k < SPL_TOKEN_KINDS; k++) sum += r[k], field |= (unsigned)r[k] << (2 * k);
        if (sum == left) n = ref_add(out, n, SPL_ACTION(SPL_A_RETURN, field));
        int k = 0;
        while (k < SPL_TOKEN_KINDS && (r[k] == p->tokens[k] || r[k] == 3)) r[k++] = 0;
        if (k == SPL_TOKEN_KINDS) return n;
        r[k]++;
    }
}

static int ref_legal(const spl_state *st, int seat, gg_action *out)
{
    if (st->over || seat != st->turn) return 0;
    const spl_player *p = &st->pl[seat];
    if (st->phase == SPL_RETURN) return ref_returns(p, p->ntokens - SPL_TOKEN_LIMIT, out);
    if (st->phase == SPL_NOBLE) { /* S-4.2: the qualifying nobles */
        int n = 0;
        for (int i = 0; i < SPL_MAX_NOBLE_SLOTS; i++) {
            int id = st->noble[i], ok = id != SPL_NONE;
            for (int c = 0; ok && c < SPL_COLOURS; c++) ok = p->bonus[c] >= spl_nobles[id].need[c];
            if (ok) n = ref_add(out, n, SPL_ACTION(SPL_A_NOBLE, i));
        }
        return n;
    }
    return ref_main(st, p, out);
}

static int by_value(const void *a, const void *b)
{
    gg_action x = *(const gg_action *)a, y = *(const gg_action *)b;
    return (x > y) - (x < y);
}

int sim_splendor_check_legal(const gg_state *s, int seat, const gg_action *legal, int k,
                             char *msg, size_t n)
{
    gg_action ref[GG_MAX_ACTIONS];
    int m = ref_legal((const spl_state *)s, seat, ref);
    if (m > GG_MAX_ACTIONS) return FAIL("the reference found %d actions, over GG_MAX_ACTIONS", m);
    qsort(ref, (size_t)m, sizeof ref[0], by_value);
    for (int i = 0; i < k || i < m; i++) {
        if (i < k && i < m && legal[i] == ref[i]) continue;
        char want[GG_MAX_NOTATION] = "(none)", got[GG_MAX_NOTATION] = "(none)";
        if (i < m) gg_action_format(s, seat, ref[i], want, sizeof want);
        if (i < k) gg_action_format(s, seat, legal[i], got, sizeof got);
        return FAIL("%d actions where the reference has %d; first difference at %d: "
                    "\"%s\" where the reference has \"%s\"", k, m, i, got, want);
    }
    return 0;
}

/* S-3.6, S-6.2: a reserved card becomes public ("shown") only when its owner
 * passes, and then every card in his hand does; a shown card stays shown
 * while it is in the hand. Followed by card id, not hand position. */
static int was_shown(const spl_player *p, int card, int *in_hand)
{
    for (int i = 0; i < p->nreserved; i++)
        if (p->reserved[i] == card) {
            *in_hand = 1;
            return p->shown >> i & 1;
        }
    *in_hand = 0;
    return 0;
}

int sim_splendor_check_apply(const gg_state *before, int seat, gg_action a,
                             const gg_state *after, char *msg, size_t n)
{
    const spl_state *b = (const spl_state *)before, *s = (const spl_state *)after;
    int pass = SPL_KIND(a) == SPL_A_PASS;
    for (int q = 0; q < after->players; q++) {
        const spl_player *p = &s->pl[q];
        for (int i = 0; i < p->nreserved; i++) {
            int held, card = p->reserved[i];
            int earlier = was_shown(&b->pl[q], card, &held);
            int hidden_before = 0;
            for (int k = 0; k < b->pl[q].nreserved; k++)
                if (b->pl[q].reserved[k] == card) hidden_before = b->pl[q].hidden >> k & 1;
            int want = earlier || (pass && q == seat && held && hidden_before);
            if ((p->shown >> i & 1) != want)
                return FAIL("seat %d's reserved card %d is %s after %s", q, card,
                            want ? "not shown" : "shown", pass ? "a pass" : "a move other than a pass");
        }
    }
    return 0;
}

const sim_hooks sim_splendor_hooks = {sim_splendor_check_state, sim_splendor_check_view,
                                      sim_splendor_check_legal, sim_splendor_check_apply,
                                      sim_splendor_check_events, NULL, sim_splendor_check_event_list};

void sim_splendor_run(int players, const char *option, uint64_t first_seed, int games, int full,
                      int every)
{
    sim_config cfg = {.game = "splendor", .players = players, .options = {option, NULL},
                      .first_seed = first_seed, .games = games, .max_steps = 5000,
                      .hooks = &sim_splendor_hooks, .full_games = full, .json_every = every, .events_every = 1};
    sim_run_checked(&cfg);
}
