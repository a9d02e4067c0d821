/* ys_pos.c — building Ys positions for tests (see ys_pos.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sim.h"
#include "ys_pos.h"

gg_state *ysp_new(int players, const char *options, uint64_t seed)
{
    const gg_game *g = gg_game_find("ys");
    if (!g) fail_msg("the game \"ys\" is not registered");
    gg_options o;
    gg_error err = {0};
    gg_options_init(&o, g, players);
    if (options) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", options);
        for (char *kv = strtok(buf, " "); kv; kv = strtok(NULL, " "))
            if (gg_options_set_kv(&o, g, kv, &err) != GG_OK) fail_msg("option %s: %s", kv, err.msg);
    }
    gg_state *s = gg_new(g, &o, seed, &err);
    if (!s) fail_msg("gg_new(ys, %d players, %s): %s", players, options ? options : "-", err.msg);
    return s;
}

int ysp_loc(const char *w)
{
    static const char *const zones[3] = {"port", "trade", "palace"};
    static const char *const colours[4] = {"blue", "green", "yellow", "red"};
    if (!strcmp(w, "screen")) return YS_LOC_SCREEN;
    if (!strcmp(w, "front")) return YS_LOC_FRONT;
    if (!strcmp(w, "throne")) return YS_LOC_THRONE;
    if (!strcmp(w, "reserve")) return YS_LOC_RESERVE;
    if (!strcmp(w, "smuggling1")) return YS_LOC_SMUGGLE0; /* Y-10.21 */
    if (!strcmp(w, "smuggling2")) return YS_LOC_SMUGGLE0 + 1;
    if (w[0] == 'd' && w[1] >= '1' && w[1] <= '4' && w[2] == '-')
        for (int z = 0; z < 3; z++)
            if (!strcmp(w + 3, zones[z])) return YS_ZONE_LOC(w[1] - '1', z);
    for (int c = 0; c < 4; c++) {
        size_t k = strlen(colours[c]);
        if (!strncmp(w, colours[c], k) && w[k] >= '0' && w[k] <= '3' && !w[k + 1])
            return YS_CELL_LOC(c, w[k] - '0');
    }
    fail_msg("ysp_loc: \"%s\" is not a place", w);
    return -1;
}

/* Moves a broker of `value` from `from` to `loc` with `flags`. */
static void move_one(ys_state *st, int q, int value, int from, int loc, uint8_t flags)
{
    ys_player *p = &st->pl[q];
    for (int i = 0; i < p->n_brokers; i++)
        if (p->b[i].loc == from && p->b[i].value == value) {
            p->b[i] = (ys_broker){(uint8_t)value, (uint8_t)loc, flags, 0};
            return;
        }
    fail_msg("ysp_layout: seat %d has no broker %d left to place", q, value);
}

void ysp_layout(ys_state *st, int q, const char *spec)
{
    ys_player *p = &st->pl[q];
    for (int i = 0; i < p->n_brokers; i++) p->b[i] = (ys_broker){p->b[i].value, YS_LOC_SCREEN, 0, 0};
    char buf[512];
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        size_t len = strlen(t);
        uint8_t just = 0;
        if (len && t[len - 1] == '*') {
            just = YS_F_JUST;
            t[--len] = 0;
        }
        if (len < 2 || t[1] < '0' || t[1] > '4') fail_msg("ysp_layout: bad token \"%s\"", t);
        int v = t[1] - '0';
        switch (t[0]) {
        case 'u':
        case 'd':
            if (t[2] != ':') fail_msg("ysp_layout: \"%s\" needs :PLACE", t);
            move_one(st, q, v, YS_LOC_SCREEN, ysp_loc(t + 3), (uint8_t)((t[0] == 'u' ? YS_F_UP : 0) | just));
            break;
        case 'f':
            move_one(st, q, v, YS_LOC_SCREEN, YS_LOC_FRONT, 0);
            break;
        case 'b':
            move_one(st, q, v, YS_LOC_SCREEN, YS_LOC_FRONT, YS_F_BID);
            break;
        case 't':
            move_one(st, q, v, YS_LOC_SCREEN, YS_LOC_THRONE, 0);
            break;
        case 'r':
            move_one(st, q, v, YS_LOC_SCREEN, YS_LOC_RESERVE, 0);
            break;
        case 's':
            (void)ysp_broker(st, q, v, YS_LOC_SCREEN);
            break;
        default:
            fail_msg("ysp_layout: bad token \"%s\"", t);
        }
    }
    ys_sync_cells(st); /* brokers moved in place: the market cache follows */
}

void ysp_neutral(ys_state *st, int q, const char *spec)
{
    ys_player *p = &st->pl[q];
    for (int i = 0; i < YS_NEUTRAL_BROKERS; i++) p->nb[i] = (ys_broker){p->nb[i].value, YS_LOC_HAND, 0, 0};
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        if (t[0] < '0' || t[0] > '4' || t[1] != ':') fail_msg("ysp_neutral: bad token \"%s\"", t);
        int v = t[0] - '0', loc = ysp_loc(t + 2), done = 0;
        for (int i = 0; i < YS_NEUTRAL_BROKERS && !done; i++)
            if (p->nb[i].loc == YS_LOC_HAND && p->nb[i].value == v) {
                p->nb[i].loc = (uint8_t)loc;
                done = 1;
            }
        if (!done) fail_msg("ysp_neutral: seat %d holds no neutral broker %d", q, v);
    }
    ys_sync_cells(st); /* brokers moved in place: the market cache follows */
}

int ysp_broker(const ys_state *st, int q, int value, int loc)
{
    const ys_player *p = &st->pl[q];
    for (int i = 0; i < p->n_brokers; i++)
        if (p->b[i].loc == loc && p->b[i].value == value) return i;
    fail_msg("seat %d has no broker %d at loc %d", q, value, loc);
    return -1;
}

int ysp_count_at(const ys_state *st, int q, int loc)
{
    int n = 0;
    for (int i = 0; i < st->pl[q].n_brokers; i++) n += st->pl[q].b[i].loc == loc;
    return n;
}

void ysp_orders(ys_state *st, const int *order)
{
    for (int q = 0; q < st->base.players; q++) {
        st->pl[q].order = (uint8_t)order[q];
        st->turn_order[order[q] - 1] = (uint8_t)q;
    }
}

static int deck_index(const ys_state *st, int ship, int from, int to)
{
    for (int i = from; i < to; i++)
        if (st->ship_deck[i] == ship) return i;
    return -1;
}

void ysp_port(ys_state *st, int d, int number)
{
    int ship = number - 1, old = st->port_ship[d];
    if (ship == old) return;
    int other = -1;
    for (int e = 0; e < YS_DISTRICTS; e++)
        if (st->port_ship[e] == ship) other = e;
    if (other >= 0) { /* two ports trade their ships */
        st->port_ship[other] = (uint8_t)old;
        st->port_ship[d] = (uint8_t)ship;
        return;
    }
    /* keep the deck a permutation: the two cards trade places (the drawn
     * ones lie past ship_n) */
    int i = deck_index(st, ship, 0, YS_SHIPS),
        j = old == YS_NONE ? -1 : deck_index(st, old, st->ship_n, YS_SHIPS);
    if (i < 0) fail_msg("ship %d is not in the ship deck", number);
    if (j >= 0) st->ship_deck[j] = (uint8_t)ship;
    st->ship_deck[i] = (uint8_t)(old == YS_NONE ? ship : old);
    st->port_ship[d] = (uint8_t)ship;
}

/* Takes `card` out of piles, palaces and the unused cards; returns where it
 * was through *slot (a pointer to the byte that held it), or NULL. */
static uint8_t *card_slot(ys_state *st, int card)
{
    for (int d = 0; d < YS_DISTRICTS; d++) {
        if (st->palace_card[d] == card) return &st->palace_card[d];
        for (int i = 0; i < st->pile_n[d]; i++)
            if (st->pile[d][i] == card) return &st->pile[d][i];
    }
    for (int i = 0; i < st->unused_n; i++)
        if (st->unused[i] == card) return &st->unused[i];
    return NULL;
}

void ysp_palace(ys_state *st, int d, int card)
{
    int old = st->palace_card[d];
    if (old == card) return;
    uint8_t *slot = card_slot(st, card);
    if (slot && old != YS_NONE)
        *slot = (uint8_t)old;
    else if (slot)
        *slot = YS_NONE;
    st->palace_card[d] = (uint8_t)card;
}

/* A base character that is nowhere any more (won and played, or discarded
 * with its palace in an earlier round), or -1. */
static int gone_card(const ys_state *st, int except)
{
    uint32_t seen = 1u << except;
    for (int d = 0; d < YS_DISTRICTS; d++) {
        for (int i = 0; i < st->pile_n[d]; i++) seen |= 1u << st->pile[d][i];
        if (st->palace_card[d] != YS_NONE) seen |= 1u << st->palace_card[d];
    }
    for (int i = 0; i < st->unused_n; i++) seen |= 1u << st->unused[i];
    for (int q = 0; q < st->base.players; q++) seen |= st->pl[q].hand | st->pl[q].active | st->pl[q].kept;
    for (int c = 0; c < YS_CARD_KINDS; c++)
        if (ys_in_deck(st, c) && !(seen >> c & 1)) return c;
    return -1;
}

void ysp_give(ys_state *st, int q, int card, int fresh)
{
    uint8_t *slot = card_slot(st, card);
    if (slot) {
        /* its place gets a card no longer in the game (so every count stays
         * as the round makes it), else the card just leaves it */
        int other = gone_card(st, card);
        int in_unused = slot >= st->unused && slot < st->unused + st->unused_n;
        if (other >= 0) {
            *slot = (uint8_t)other;
        } else if (in_unused) {
            *slot = st->unused[--st->unused_n];
            st->unused[st->unused_n] = 0;
        } else if (st->unused_n > 0) {
            *slot = st->unused[--st->unused_n];
            st->unused[st->unused_n] = 0;
        } else {
            *slot = YS_NONE;
        }
    }
    st->pl[q].hand |= 1u << card;
    if (fresh)
        st->pl[q].fresh |= 1u << card;
    else
        st->pl[q].fresh &= ~(1u << card);
}

void ysp_market(ys_state *st, int row0, int row1, int row2, int row3)
{
    st->market_gem[0] = (uint8_t)row0;
    st->market_gem[1] = (uint8_t)row1;
    st->market_gem[2] = (uint8_t)row2;
    st->market_gem[3] = (uint8_t)row3;
}

/* From the turn places on, every seat's bid is in (Y-5.1). */
static void bids_done(ys_state *st)
{
    for (int q = 0; q < st->base.players; q++) st->pl[q].bid_done = 1;
}

void ysp_round(ys_state *st, int round)
{
    while (st->round < round) {
        st->round++;
        st->step = YS_STEP_PREPARE;
        st->stage = 0;
        ys_advance(st); /* Y-4: palace cards, ships, market; then the bid */
    }
}

void ysp_jump(ys_state *st, int step)
{
    if (step >= YS_STEP_PLACEMENT_WINDOW && step < YS_STEP_FINAL) bids_done(st);
    st->step = (uint8_t)step;
    st->stage = 0;
    st->window = YS_WIN_NONE;
    st->cursor = 0;
    st->dstep = 0;
    st->district = 0;
    st->gem_kind = 0;
    st->revealed = 0;
    if (step > YS_STEP_PLACEMENT) st->turn = st->turns;
    ys_sync_cells(st); /* the derived totals kept at the step jumped to (the market's at the majority) */
    ys_advance(st);
}

void ysp_turn(ys_state *st, int turn, int cursor)
{
    bids_done(st);
    st->step = YS_STEP_PLACEMENT;
    st->stage = 0;
    st->window = YS_WIN_NONE;
    st->turn = (uint8_t)turn;
    st->cursor = (uint8_t)cursor;
    ys_advance(st);
}

int ysp_actor(const gg_state *s)
{
    int seats[GG_MAX_SEATS];
    int n = gg_actors(s, seats);
    if (n != 1) fail_msg("expected one seat to act, not %d (stage %s)", n, ys_stage_name(ysp_c(s)));
    return seats[0];
}

void ysp_play(gg_state *s, int seat, const char *text)
{
    gg_error err = {0};
    if (gg_play(s, seat, text, &err) != GG_OK)
        fail_msg("seat %d \"%s\" refused (stage %s): %s", seat, text, ys_stage_name(ysp_c(s)), err.msg);
}

char *ysp_play_told(gg_state *s, int seat, const char *text)
{
    gg_error err = {0};
    gg_action a;
    gg_events *ev = gg_events_new();
    if (gg_action_parse(s, seat, text, &a, &err) != GG_OK || gg_apply_events(s, seat, a, ev, &err) != GG_OK)
        fail_msg("seat %d \"%s\" refused (stage %s): %s", seat, text, ys_stage_name(ysp_c(s)), err.msg);
    char *told = sim_told(ev, GG_EVERYONE);
    gg_events_free(ev);
    return told;
}

void ysp_assert_told(const char *told, const char *sentence) { sim_assert_told(told, sentence); }

void ysp_refused(gg_state *s, int seat, const char *text, gg_status code, const char *needle)
{
    gg_state *before = gg_clone(s);
    gg_error err = {0};
    gg_status got = gg_play(s, seat, text, &err);
    if (got == GG_OK) fail_msg("seat %d \"%s\" was accepted", seat, text);
    if (got != code)
        fail_msg("seat %d \"%s\": expected %s, got %s (%s)", seat, text, gg_status_name(code),
                 gg_status_name(got), err.msg);
    if (!err.msg[0]) fail_msg("seat %d \"%s\": refused without a message", seat, text);
    if (needle && !strstr(err.msg, needle))
        fail_msg("seat %d \"%s\": message \"%s\" lacks \"%s\"", seat, text, err.msg, needle);
    if (!gg_state_equal(before, s)) fail_msg("seat %d \"%s\": refused but the state changed", seat, text);
    gg_free(before);
}

int ysp_legal(const gg_state *s, int seat, const char *text)
{
    gg_action a, list[GG_MAX_ACTIONS];
    gg_error err = {0};
    if (gg_action_parse(s, seat, text, &a, &err) != GG_OK) fail_msg("\"%s\": %s", text, err.msg);
    int n = gg_legal(s, seat, list);
    for (int i = 0; i < n; i++)
        if (list[i] == a) return 1;
    return 0;
}

cJSON *ysp_view(const gg_state *s, int seat)
{
    char *text = gg_view_json(s, seat);
    if (!text) fail_msg("no view for seat %d", seat);
    cJSON *v = cJSON_Parse(text);
    free(text);
    if (!v) fail_msg("the view of seat %d is not JSON", seat);
    return v;
}

void ysp_roundtrip(const gg_state *s)
{
    char *json = gg_state_json(s);
    if (!json) fail_msg("gg_state_json failed");
    gg_error err = {0};
    gg_state *back = gg_state_load(json, &err);
    if (!back) {
        fprintf(stderr, "# position: %s\n", json);
        free(json);
        fail_msg("the saved position does not load: %s", err.msg);
    }
    if (!gg_state_equal(s, back)) {
        free(json);
        gg_free(back);
        fail_msg("the saved position loads back different");
    }
    char *again = gg_state_json(back);
    if (strcmp(json, again) != 0) fail_msg("the reloaded position saves differently");
    free(again);
    free(json);
    gg_free(back);
}
