/* test_ys_rules.c — one or more tests for every Ys rule id (Y-1.1 … Y-9.4,
 * Y-11.1 … Y-11.4 of shared/rules/ys.md), every character card (Y-7.4 …
 * Y-7.19), and bad input. Test names carry the rule id they check.
 *
 * A position is a new game edited in its flat state (tests/support/ys_pos.h:
 * brokers laid out, order cards dealt, ships, palace cards, hands, gems and
 * rates set, the step machine put at the moment wanted); from there the
 * engine is driven through the public API with the notation
 * (docs/notation.md), and the outcome is read from the state, the views and
 * the result. Seats are 0..N-1; unless a test says otherwise seat q holds
 * order card q+1. Where the engine decides something the rules leave open
 * (docs/rules/ys.md, Ruling), the test checks the engine's choice and says so. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "../support/sim.h"
#include "../support/ys_pos.h"
#include "core/game.h" /* gg_ev_sink: a jump's automatic steps recorded too */

enum { BLUE = 0, GREEN = 1, YELLOW = 2, RED = 3, BLACK = 4, WHITE = 5 };

/* ------------------------------------------------------------ helpers */

/* A game whose seat q holds order card q+1, at the bid of round `round`
 * (the rounds before prepared as the engine does). */
static gg_state *game(int players, const char *options, uint64_t seed, int round)
{
    gg_state *s = ysp_new(players, options, seed);
    int order[5] = {1, 2, 3, 4, 5};
    ysp_orders(ysp(s), order);
    ysp_round(ysp(s), round);
    return s;
}

/* Every seat's layout, NULL for the usual front "f0 f0 f1". */
static void layouts(ys_state *st, const char *l0, const char *l1, const char *l2, const char *l3)
{
    const char *l[4] = {l0, l1, l2, l3};
    for (int q = 0; q < st->base.players; q++) ysp_layout(st, q, l[q] ? l[q] : "f0 f0 f1");
}

/* While `telling`, every action played here goes through gg_apply_events and
 * its sentences are kept in told_all ("\nSENTENCE\n" finds a whole one). */
static int telling;
static char told_all[1 << 16];

static void play_telling(gg_state *s, int seat, const char *a)
{
    if (!telling) {
        ysp_play(s, seat, a);
        return;
    }
    char *t = ysp_play_told(s, seat, a);
    strncat(told_all, t, sizeof told_all - strlen(told_all) - 1);
    free(t);
}

/* ysp_jump with the automatic steps it runs recorded as events, their
 * sentences kept in told_all (telling on from here). */
static void jump_telling(ys_state *st, int step)
{
    gg_events *ev = gg_events_new();
    gg_ev_sink = ev;
    ysp_jump(st, step);
    gg_ev_sink = NULL;
    char *t = sim_told(ev, GG_EVERYONE);
    told_all[0] = 0;
    strncat(told_all, t, sizeof told_all - 1);
    free(t);
    gg_events_free(ev);
    telling = 1;
}

static void assert_told_all(const char *sentence)
{
    char want[512];
    snprintf(want, sizeof want, "\n%s\n", sentence);
    if (!strstr(told_all, want)) fail_msg("not told: \"%s\"; the events said:%s", sentence, told_all);
}

/* The first legal action of `seat` (in gg_legal's order) whose notation
 * starts with `prefix` and contains `part`; 0 when there is none. */
static int play_first(gg_state *s, int seat, const char *prefix, const char *part)
{
    static gg_action acts[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, acts);
    for (int i = 0; i < n; i++) {
        char a[GG_MAX_NOTATION];
        gg_action_format(s, seat, acts[i], a, sizeof a);
        if (strncmp(a, prefix, strlen(prefix)) == 0 && strstr(a, part)) {
            play_telling(s, seat, a);
            return 1;
        }
    }
    return 0;
}

/* Plays the pending port-gem choices with the first legal gem. */
static void play_gems(gg_state *s)
{
    for (int guard = 0; ysp(s)->stage == YS_ST_GEM && ysp(s)->gem_kind == YS_GEM_PORT; guard++) {
        assert_true(guard < 64);
        assert_true(play_first(s, ysp_actor(s), "gem ", ""));
    }
}

/* Plays every decision with the first legal action until `stage` (or over). */
static void play_until(gg_state *s, int stage)
{
    for (int guard = 0; ysp(s)->stage != stage && !gg_is_over(s); guard++) {
        assert_true(guard < 400);
        int seats[GG_MAX_SEATS];
        gg_actors(s, seats);
        assert_true(play_first(s, seats[0], "", ""));
    }
}

/* Number of legal actions of `seat` whose notation starts with `prefix`. */
static int count_legal(const gg_state *s, int seat, const char *prefix)
{
    static gg_action acts[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, acts), k = 0;
    for (int i = 0; i < n; i++) {
        char a[GG_MAX_NOTATION];
        gg_action_format(s, seat, acts[i], a, sizeof a);
        k += strncmp(a, prefix, strlen(prefix)) == 0;
    }
    return k;
}

static int gem_total(const ys_state *st, int q)
{
    int n = 0;
    for (int g = 0; g < YS_GEM_KINDS; g++) n += st->pl[q].gems[g];
    return n;
}

/* Values of seat q's brokers at loc, ascending, written as "0 0 1". */
static const char *values_at(const ys_state *st, int q, int loc)
{
    static char buf[64];
    int cnt[5] = {0};
    for (int i = 0; i < st->pl[q].n_brokers; i++)
        if (st->pl[q].b[i].loc == loc) cnt[st->pl[q].b[i].value]++;
    buf[0] = 0;
    for (int v = 0; v < 5; v++)
        for (int k = 0; k < cnt[v]; k++)
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%d", buf[0] ? " " : "", v);
    return buf;
}

static cJSON *jget(const cJSON *o, const char *key)
{
    cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) fail_msg("no \"%s\" in the view", key);
    return v;
}

static cJSON *view_player(const cJSON *view, int q) { return cJSON_GetArrayItem(jget(view, "players"), q); }

/* The brokers listed in a city zone of a view ("d1-port" etc.). */
static cJSON *view_zone(const cJSON *view, int d, const char *zone)
{
    return jget(jget(cJSON_GetArrayItem(jget(view, "city"), d), zone), "brokers");
}

/* The first broker of `seat` in a zone of a view, or NULL. */
static cJSON *zone_broker(const cJSON *view, int d, const char *zone, int seat)
{
    cJSON *it;
    cJSON_ArrayForEach(it, view_zone(view, d, zone))
    {
        cJSON *who = jget(it, "seat");
        if (cJSON_IsNumber(who) && who->valueint == seat) return it;
    }
    return NULL;
}

static int int_array_equals(const cJSON *arr, const char *want)
{
    char buf[64] = "";
    const cJSON *it;
    cJSON_ArrayForEach(it, arr)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%d", buf[0] ? " " : "", it->valueint);
    return strcmp(buf, want) == 0;
}

/* ---------------------------------------------------------- Y-1 components */

/* Y-1.1: blue, green, yellow, red is the column order and "leftmost". */
static void test_Y_1_1_colours_in_column_order(void **unused)
{
    (void)unused;
    static const char *const names[6] = {"blue", "green", "yellow", "red", "black", "white"};
    for (int g = 0; g < 6; g++) assert_string_equal(ys_gem_name[g], names[g]);
    gg_state *s = game(4, NULL, 1, 1);
    ys_state *st = ysp(s);
    /* market cells are named by column colour: green is the second column */
    gg_action a;
    assert_int_equal(gg_action_parse(s, 0, "up 3 green2", &a, NULL), GG_OK);
    assert_int_equal(YS_PAYLOAD(a) & 0x7F, YS_CELL_LOC(1, 2));
    /* "leftmost" is this order: with equal rates colours rank blue, green,
     * yellow, red (Y-8.10) */
    ys_final f;
    ys_final_scores(st, &f);
    for (int k = 0; k < 4; k++) assert_int_equal(f.colour_rank[k], k);
    st->rate[RED] = 2;
    st->rate[YELLOW] = 2;
    ys_final_scores(st, &f);
    assert_int_equal(f.colour_rank[0], YELLOW);
    assert_int_equal(f.colour_rank[1], RED);
    assert_int_equal(f.colour_rank[2], BLUE);
    assert_int_equal(f.colour_rank[3], GREEN);
    /* the view's market columns come in the same order */
    cJSON *v = ysp_view(s, 0);
    const cJSON *col = jget(jget(v, "market"), "columns")->child;
    for (int k = 0; k < 4; k++, col = col->next) assert_string_equal(col->string, names[k]);
    cJSON_Delete(v);
    gg_free(s);
}

/* Y-1.2: 0 0 1 1 1 2 3 3 3 4 4; Express 9; King's Favour 3 extra 2s. */
static void test_Y_1_2_broker_sets(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(4, NULL, 1);
    for (int q = 0; q < 4; q++) {
        assert_int_equal(ysp(s)->pl[q].n_brokers, 11);
        assert_string_equal(values_at(ysp(s), q, YS_LOC_SCREEN), "0 0 1 1 1 2 3 3 3 4 4");
    }
    gg_free(s);
    /* Ys Express: one 1 and one 3 fewer (9) */
    s = ysp_new(4, "express=on", 1);
    assert_int_equal(ysp(s)->pl[2].n_brokers, 9);
    assert_string_equal(values_at(ysp(s), 2, YS_LOC_SCREEN), "0 0 1 1 2 3 3 4 4");
    gg_free(s);
    /* King's Favour: 3 extra 2s in reserve */
    s = ysp_new(3, "kings_favour=on", 1);
    assert_int_equal(ysp(s)->pl[1].n_brokers, 14);
    assert_string_equal(values_at(ysp(s), 1, YS_LOC_SCREEN), "0 0 1 1 1 2 3 3 3 4 4");
    assert_string_equal(values_at(ysp(s), 1, YS_LOC_RESERVE), "2 2 2");
    gg_free(s);
    /* 2 players: each also holds the neutral brokers 4 2 1 0 (Y-9.4) */
    s = ysp_new(2, NULL, 1);
    for (int q = 0; q < 2; q++) {
        int cnt[5] = {0};
        for (int i = 0; i < YS_NEUTRAL_BROKERS; i++) {
            assert_int_equal(ysp(s)->pl[q].nb[i].loc, YS_LOC_HAND);
            cnt[ysp(s)->pl[q].nb[i].value]++;
        }
        int want[5] = {1, 1, 1, 0, 1};
        assert_memory_equal(cnt, want, sizeof cnt);
    }
    gg_free(s);
}

/* Y-1.3: order cards 1..N, one each. */
static void test_Y_1_3_order_cards(void **unused)
{
    (void)unused;
    for (int n = 2; n <= 4; n++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            gg_state *s = ysp_new(n, NULL, seed);
            unsigned seen = 0;
            for (int q = 0; q < n; q++) seen |= 1u << ysp(s)->pl[q].order;
            assert_int_equal(seen, ((1u << n) - 1) << 1); /* exactly 1..N */
            gg_free(s);
        }
}

/* Y-1.4: the base deck is the 15 distinct characters, one of each; the blue
 * cards are apart (Y-2.3: 3 per district pile, the rest out). */
static void test_Y_1_4_character_deck(void **unused)
{
    (void)unused;
    /* the base deck: 15 distinct characters, one of each; the blue cards apart */
    int base = 0;
    for (int c = 0; c < YS_CARD_KINDS; c++) base += ys_cards[c].set == 0;
    assert_int_equal(base, 15);
    assert_int_equal(ys_cards[YC_BLUE].set, 2);
    for (int players = 3; players <= 4; players++) {
        gg_state *s = ysp_new(players, players == 3 ? "districts=3" : NULL, 7);
        const ys_state *st = ysp_c(s);
        int count[YS_CARD_KINDS] = {0};
        for (int d = 0; d < YS_DISTRICTS; d++) {
            for (int i = 0; i < st->pile_n[d]; i++) count[st->pile[d][i]]++;
            if (st->palace_card[d] != YS_NONE) count[st->palace_card[d]]++;
        }
        for (int i = 0; i < st->unused_n; i++) count[st->unused[i]]++;
        for (int c = 0; c < YS_CARD_KINDS; c++)
            assert_int_equal(count[c], c == YC_BLUE || ys_cards[c].set != 0 ? 0 : 1);
        gg_free(s);
    }
}

/* Y-1.5: 24 ship cards, one large and two small gems, white never twice and
 * only small (the assumed table). */
static void test_Y_1_5_ship_cards(void **unused)
{
    (void)unused;
    int large[6] = {0}, with_white = 0;
    for (int i = 0; i < YS_SHIPS; i++) {
        const ys_ship *sh = &ys_ships[i];
        large[sh->large]++;
        assert_int_not_equal(sh->large, WHITE); /* white only as a small gem */
        assert_false(sh->small[0] == WHITE && sh->small[1] == WHITE); /* never twice */
        assert_int_not_equal(sh->small[0], sh->large);
        assert_int_not_equal(sh->small[1], sh->large);
        with_white += sh->small[0] == WHITE || sh->small[1] == WHITE;
    }
    for (int c = 0; c < 4; c++) assert_int_equal(large[c], 6); /* 6 per large colour */
    assert_int_equal(with_white, 4);
    /* spot checks against the table: #5 blue | white, red; #22 red | white, green */
    assert_int_equal(ys_ships[4].large, BLUE);
    assert_int_equal(ys_ships[4].small[0], WHITE);
    assert_int_equal(ys_ships[4].small[1], RED);
    assert_int_equal(ys_ships[21].large, RED);
    assert_int_equal(ys_ships[21].small[0], WHITE);
    assert_int_equal(ys_ships[21].small[1], GREEN);
}

/* Y-1.6: rates run from -7 to +7, start at 0, and stop at the ends: the
 * Banker cannot push a rate past them. */
static void test_Y_1_6_rate_track_stops_at_the_ends(void **unused)
{
    (void)unused;
    assert_int_equal(YS_RATE_MIN, -7);
    assert_int_equal(YS_RATE_MAX, 7);
    gg_state *s = game(4, NULL, 2, 2);
    ys_state *st = ysp(s);
    for (int c = 0; c < 4; c++) assert_int_equal(st->rate[c], 0);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 1, YC_BANKER, 0);
    st->rate[BLUE] = 7;
    st->rate[RED] = -7;
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(ysp_actor(s), 1);
    ysp_play(s, 1, "play banker blue+ red-");
    assert_int_equal(st->rate[BLUE], 7);
    assert_int_equal(st->rate[RED], -7);
    gg_free(s);
}

/* Y-1.7: the bank never runs out, and a white gem never stays with a player
 * (Y-8.5): it is exchanged at once. */
static void test_Y_1_7_bank_and_white_gems(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 3, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u2:blue1", NULL, NULL, NULL);
    ysp_give(st, 0, YC_JEWELLER, 0);
    st->pl[0].gems[RED] = 60; /* far more than any physical supply */
    ysp_market(st, YS_NONE, WHITE, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    ysp_play(s, 0, "play jeweller red red");
    assert_int_equal(st->pl[0].gems[RED], 62);
    /* the market's white gem: row 1 goes to seat 0, who names its colour */
    play_until(s, YS_ST_GEM);
    assert_int_equal(st->gem_kind, YS_GEM_WHITE);
    ysp_play(s, 0, "gem white>red");
    assert_int_equal(st->pl[0].gems[RED], 63);
    assert_int_equal(st->pl[0].gems[WHITE], 0);
    gg_free(s);
}

/* ------------------------------------------------------------- Y-2 set-up */

/* Y-2.1: scores start at 0; order cards dealt at random. */
static void test_Y_2_1_scores_zero_order_cards_random(void **unused)
{
    (void)unused;
    unsigned dealt[30];
    int distinct = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        gg_state *s = ysp_new(4, NULL, seed);
        unsigned code = 0;
        for (int q = 0; q < 4; q++) {
            assert_int_equal(ysp(s)->pl[q].score, 0);
            code = code * 8 + ysp(s)->pl[q].order;
        }
        int seen = 0;
        for (int i = 0; i < distinct; i++) seen |= dealt[i] == code;
        if (!seen) dealt[distinct++] = code;
        gg_free(s);
    }
    assert_true(distinct >= 5); /* dealt at random: not always the same */
}

/* Y-2.2: 4 districts; 3 with 2 players and optionally with 3. */
/* Y-2.2: "players=2 districts=4" plays 3 districts, and every echo of the
 * options says so: the state's options, the views, the saved state, the
 * record, gg_options_json (what the server stores and sends); whichever
 * order the two were given in. An old state saying "4" loads as "3". A
 * 3-player game keeps what was asked. */
static void test_Y_2_2_options_echo_the_districts_played(void **unused)
{
    (void)unused;
    const gg_game *g = gg_game_find("ys");
    const char *orders[2][2] = {{"players=2", "districts=4"}, {"districts=4", "players=2"}};
    for (int k = 0; k < 2; k++) {
        gg_options o;
        gg_error err = {0};
        gg_options_init(&o, g, 3);
        for (int i = 0; i < 2; i++) assert_int_equal(gg_options_set_kv(&o, g, orders[k][i], &err), GG_OK);
        char *oj = gg_options_json(&o, g);
        assert_non_null(strstr(oj, "\"districts\":\"3\""));
        free(oj);
        gg_state *s = gg_new(g, &o, 7, &err);
        assert_non_null(s);
        assert_int_equal(ysp_c(s)->districts, 3);
        assert_string_equal(gg_options_get(gg_state_options(s), g, "districts"), "3");
        char *v = gg_view_json(s, 0), *sp = gg_view_json(s, GG_SPECTATOR), *j = gg_state_json(s);
        assert_non_null(strstr(v, "\"districts\":\"3\""));
        assert_non_null(strstr(sp, "\"districts\":\"3\""));
        assert_non_null(strstr(j, "\"districts\":\"3\""));
        assert_null(strstr(j, "\"districts\":\"4\""));
        /* an old save that says "4" loads as what it plays */
        char *old = strstr(j, "\"districts\":\"3\"");
        old[strlen("\"districts\":\"")] = '4';
        gg_state *back = gg_state_load(j, &err);
        assert_non_null(back);
        assert_true(gg_state_equal(back, s));
        gg_free(back);
        gg_record *rec = gg_record_new(g, &o, 7);
        char *rj = gg_record_json(rec);
        cJSON *r = cJSON_Parse(rj);
        assert_string_equal(jget(jget(r, "options"), "districts")->valuestring, "3");
        cJSON_Delete(r);
        free(rj);
        gg_record_free(rec);
        free(v);
        free(sp);
        free(j);
        gg_free(s);
    }
    /* 3 players: 4 or 3 as asked */
    gg_state *s = ysp_new(3, "districts=4", 7);
    assert_string_equal(gg_options_get(gg_state_options(s), g, "districts"), "4");
    assert_int_equal(ysp_c(s)->districts, 4);
    gg_free(s);
}

static void test_Y_2_2_districts_in_play(void **unused)
{
    (void)unused;
    struct {
        int players;
        const char *opt;
        int districts;
    } cases[] = {{4, NULL, 4}, {3, NULL, 4}, {3, "districts=3", 3}, {2, NULL, 3}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        gg_state *s = ysp_new(cases[k].players, cases[k].opt, 4);
        const ys_state *st = ysp_c(s);
        assert_int_equal(st->districts, cases[k].districts);
        for (int d = 0; d < 4; d++) {
            int in_play = d < cases[k].districts;
            assert_int_equal(st->port_ship[d] != YS_NONE, in_play);
            assert_int_equal(st->palace_card[d] != YS_NONE, in_play);
            assert_int_equal(st->pile_n[d], in_play ? 2 : 0);
        }
        gg_free(s);
    }
    /* 3 districts is not for 4 players */
    const gg_game *g = gg_game_find("ys");
    gg_options o;
    gg_error err = {0};
    gg_options_init(&o, g, 4);
    assert_int_equal(gg_options_set_kv(&o, g, "districts=3", &err), GG_OK);
    assert_null(gg_new(g, &o, 1, &err));
    assert_int_equal(err.code, GG_EOPTION);
    assert_non_null(strstr(err.msg, "Y-2.2"));
    /* district 4 is not used at all with 3 districts */
    gg_state *s = game(3, "districts=3", 4, 1);
    layouts(ysp(s), "f0 f0", "f0 f0", "f0 f0", NULL);
    ysp_turn(ysp(s), 0, 0);
    ysp_refused(s, 0, "up 1 d4-port", GG_EILLEGAL, "district 4 is not in play");
    assert_int_equal(count_legal(s, 0, "up 1 d4"), 0);
    assert_true(ysp_legal(s, 0, "up 1 d3-palace"));
    gg_free(s);
}

/* Y-2.3: 3 characters face down on each district's palace pile; the rest
 * leave the game unseen. */
static void test_Y_2_3_palace_piles(void **unused)
{
    (void)unused;
    for (int players = 2; players <= 4; players++) {
        gg_state *s = ysp_new(players, NULL, 9);
        const ys_state *st = ysp_c(s);
        /* 3 face down per district in play; round 1 turned the top one */
        for (int d = 0; d < st->districts; d++) assert_int_equal(st->pile_n[d] + 1, 3);
        assert_int_equal(st->unused_n, 15 - 3 * st->districts); /* the rest, unseen */
        cJSON *v = ysp_view(s, 0);
        assert_int_equal(jget(v, "palace_piles_left")->valueint, 2 * st->districts);
        char *text = cJSON_PrintUnformatted(v);
        /* nobody sees which cards left the game or lie in the piles (Y-11.3) */
        for (int i = 0; i < st->unused_n; i++) {
            char key[40];
            snprintf(key, sizeof key, "\"%s\"", ys_cards[st->unused[i]].key);
            assert_null(strstr(text, key));
        }
        free(text);
        cJSON_Delete(v);
        gg_free(s);
    }
}

/* Y-2.4: the blue-bordered cards wait for round 4 (Y-4.1). */
static void test_Y_2_4_blue_cards_wait_for_round_4(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 5, 1);
    ys_state *st = ysp(s);
    assert_int_equal(st->blue_left, 4);
    for (int d = 0; d < 4; d++) assert_int_not_equal(st->palace_card[d], YC_BLUE);
    /* round 4's preparation puts one on each palace (Y-4.1) */
    st->round = 4;
    layouts(st, "", "", "", "");
    ysp_jump(st, YS_STEP_PREPARE);
    for (int d = 0; d < 4; d++) assert_int_equal(st->palace_card[d], YC_BLUE);
    assert_int_equal(st->blue_left, 0);
    gg_free(s);
}

/* Y-2.5: the 24 ship cards shuffled (Ys Express: without white). */
static void test_Y_2_5_ship_deck(void **unused)
{
    (void)unused;
    int differs = 0;
    uint8_t first[YS_SHIPS];
    for (uint64_t seed = 1; seed <= 5; seed++) {
        gg_state *s = ysp_new(4, NULL, seed);
        const ys_state *st = ysp_c(s);
        int seen[YS_SHIPS] = {0};
        for (int i = 0; i < YS_SHIPS; i++) seen[st->ship_deck[i]]++;
        for (int i = 0; i < YS_SHIPS; i++) assert_int_equal(seen[i], 1); /* all 24 */
        assert_int_equal(st->ship_n, 24 - 5); /* 4 ports and the market drawn */
        if (seed == 1)
            memcpy(first, st->ship_deck, sizeof first);
        else
            differs |= memcmp(first, st->ship_deck, sizeof first) != 0;
        gg_free(s);
    }
    assert_true(differs); /* shuffled */
    /* Ys Express: without the 4 cards that show white (Y-9.2) */
    for (uint64_t seed = 1; seed <= 10; seed++) {
        gg_state *s = ysp_new(3, "express=on", seed);
        const ys_state *st = ysp_c(s);
        assert_int_equal(st->ship_n, 20 - 5);
        for (int i = 0; i < 20; i++) {
            const ys_ship *sh = &ys_ships[st->ship_deck[i]];
            assert_true(sh->small[0] != WHITE && sh->small[1] != WHITE);
        }
        for (int r = 0; r < 4; r++) assert_int_not_equal(st->market_gem[r], WHITE);
        gg_free(s);
    }
}

/* Y-2.6: every rate marker on 0. */
static void test_Y_2_6_rates_start_at_zero(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(3, NULL, 8);
    cJSON *v = ysp_view(s, GG_SPECTATOR);
    static const char *const c[4] = {"blue", "green", "yellow", "red"};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(ysp(s)->rate[k], 0);
        assert_int_equal(jget(jget(v, "rates"), c[k])->valueint, 0);
    }
    cJSON_Delete(v);
    gg_free(s);
}

/* ------------------------------------------------------- Y-3 the rounds */

/* Y-3.1: 4 rounds, then final scoring — whole games with random legal
 * actions (4 players, 2 players, 3 with King's Favour). */
static void test_Y_3_1_four_rounds_then_final_scoring(void **unused)
{
    (void)unused;
    struct {
        int players;
        const char *opt;
    } cases[] = {{4, NULL}, {2, NULL}, {3, "kings_favour=on"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        gg_state *s = ysp_new(cases[k].players, cases[k].opt, 100 + k);
        gg_rng rng;
        gg_rng_seed(&rng, 7 + k);
        int bids_seen = 0, last_round = 0, steps = 0;
        while (!gg_is_over(s)) {
            const ys_state *st = ysp_c(s);
            if (st->stage == YS_ST_BID && st->round != last_round) {
                assert_int_equal(st->round, last_round + 1); /* rounds in sequence */
                last_round = st->round;
                bids_seen++;
            }
            int seats[GG_MAX_SEATS], na = gg_actors(s, seats);
            assert_true(na >= 1);
            static gg_action acts[GG_MAX_ACTIONS];
            int seat = seats[gg_rng_below(&rng, (uint32_t)na)];
            int n = gg_legal(s, seat, acts);
            assert_true(n >= 1);
            gg_error err = {0};
            assert_int_equal(gg_apply(s, seat, acts[gg_rng_below(&rng, (uint32_t)n)], &err), GG_OK);
            assert_true(++steps < 5000);
        }
        assert_int_equal(bids_seen, 4);
        assert_int_equal(last_round, 4);
        assert_int_equal(ysp(s)->stage, YS_ST_OVER);
        cJSON *v = ysp_view(s, 0);
        assert_int_equal(cJSON_GetArraySize(jget(v, "final")), cases[k].players + (cases[k].players == 2));
        cJSON_Delete(v);
        gg_free(s);
    }
}

/* -------------------------------------------------- Y-4 preparation */

/* Y-4.1: rounds 1-3 turn each palace pile's top card. */
static void test_Y_4_1_palace_card_turned_each_round(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 6, 2);
    ys_state *st = ysp(s);
    layouts(st, "", "", "", "");
    uint8_t top[4];
    for (int d = 0; d < 4; d++) top[d] = st->pile[d][st->pile_n[d] - 1];
    ysp_jump(st, YS_STEP_PREPARE);
    for (int d = 0; d < 4; d++) {
        assert_int_equal(st->palace_card[d], top[d]); /* the top card, face up */
        assert_int_equal(st->pile_n[d], 0);
    }
    assert_int_equal(st->stage, YS_ST_BID);
    gg_free(s);
}

/* Y-4.2: one ship per district; the large gem counts twice with 4 players
 * (4 gems a port), once with 2 or 3 (3 gems). */
static void test_Y_4_2_port_gems_by_player_count(void **unused)
{
    (void)unused;
    for (int players = 2; players <= 4; players++) {
        gg_state *s = ysp_new(players, NULL, 12);
        const ys_state *st = ysp_c(s);
        cJSON *v = ysp_view(s, 0);
        for (int d = 0; d < st->districts; d++) {
            const ys_ship *sh = &ys_ships[st->port_ship[d]];
            cJSON *gems = jget(jget(cJSON_GetArrayItem(jget(v, "city"), d), "ship"), "gems");
            int n = cJSON_GetArraySize(gems), large = 0;
            assert_int_equal(n, players >= 4 ? 4 : 3); /* the large gem counts 2, or 1 */
            for (int i = 0; i < n; i++)
                large += strcmp(cJSON_GetArrayItem(gems, i)->valuestring, ys_gem_name[sh->large]) == 0;
            assert_int_equal(large, players >= 4 ? 2 : 1);
        }
        cJSON_Delete(v);
        gg_free(s);
    }
}

/* Y-4.3: 4 players rows 1-3 (row 0 closed), 2-3 players rows 2-3. */
static void test_Y_4_3_market_rows(void **unused)
{
    (void)unused;
    for (int players = 2; players <= 4; players++) {
        gg_state *s = ysp_new(players, NULL, 13);
        const ys_state *st = ysp_c(s);
        int lowest_open = players == 4 ? 1 : 2;
        cJSON *v = ysp_view(s, 0);
        for (int r = 0; r < 4; r++) {
            assert_int_equal(st->market_gem[r] != YS_NONE, r >= lowest_open);
            cJSON *row = cJSON_GetArrayItem(jget(jget(v, "market"), "rows"), r);
            assert_int_equal(cJSON_IsTrue(jget(row, "open")), r >= lowest_open);
        }
        cJSON_Delete(v);
        gg_free(s);
    }
    /* a closed row takes no broker: row 1 with 3 players */
    gg_state *s = game(3, NULL, 13, 1);
    layouts(ysp(s), "f0 f0", "f0 f0", "f0 f0", NULL);
    ysp_turn(ysp(s), 0, 0);
    ysp_refused(s, 0, "up 1 blue1", GG_EILLEGAL, "market row 1 is closed with 3 players (Y-4.3)");
    ysp_refused(s, 0, "up 1 red0", GG_EILLEGAL, "closed");
    ysp_play(s, 0, "up 1 blue2");
    gg_free(s);
}

/* ------------------------------------------------------ Y-5 turn order */

/* Y-5.1: bids are secret, all at once, revealed together. */
static void test_Y_5_1_bids_secret_then_revealed_together(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 14, 1);
    int seats[GG_MAX_SEATS];
    assert_int_equal(gg_actors(s, seats), 4); /* everyone at once */
    ysp_play(s, 0, "bid 4+3");
    assert_int_equal(gg_actors(s, seats), 3);
    /* nobody else sees it before the reveal; its owner does */
    cJSON *v = ysp_view(s, 1);
    assert_int_equal(cJSON_GetArraySize(jget(view_player(v, 0), "front")), 0);
    assert_int_equal(jget(view_player(v, 0), "front_hidden")->valueint, 2);
    assert_true(cJSON_IsTrue(jget(view_player(v, 0), "bid_done")));
    cJSON_Delete(v);
    v = ysp_view(s, 0);
    assert_true(int_array_equals(jget(view_player(v, 0), "front"), "3 4"));
    cJSON_Delete(v);
    gg_action a;
    char buf[GG_MAX_NOTATION];
    assert_int_equal(gg_action_parse(s, 0, "bid 3+4", &a, NULL), GG_OK);
    gg_action_announce(s, 0, a, 1, buf, sizeof buf);
    assert_string_equal(buf, "bid");
    gg_action_announce(s, 0, a, 0, buf, sizeof buf);
    assert_string_equal(buf, "bid 3+4");
    /* one bid per round */
    ysp_refused(s, 0, "bid 0+1", GG_ESEAT, "not to act");
    ysp_play(s, 1, "bid 0+0");
    ysp_play(s, 2, "bid 1+2");
    v = ysp_view(s, 1);
    assert_int_equal(cJSON_GetArraySize(jget(view_player(v, 0), "front")), 0);
    cJSON_Delete(v);
    ysp_play(s, 3, "bid 1+1");
    /* all revealed together */
    v = ysp_view(s, 1);
    assert_true(int_array_equals(jget(view_player(v, 0), "front"), "3 4"));
    assert_true(int_array_equals(jget(view_player(v, 3), "front"), "1 1"));
    assert_int_equal(jget(view_player(v, 0), "front_hidden")->valueint, 0);
    cJSON_Delete(v);
    ysp_roundtrip(s);
    gg_free(s);
    /* 2 players: the neutral does not bid */
    s = game(2, NULL, 14, 1);
    assert_int_equal(gg_actors(s, seats), 2);
    gg_free(s);
}

/* Y-5.2: ranked by bid sum, highest first; equal sums by the current order
 * card, lowest first; the last ranked takes the place left (docs/rules/ys.md, Ruling). */
static void test_Y_5_2_ranking_by_bid_then_order_card(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(4, NULL, 15);
    int order[4] = {3, 1, 4, 2};
    ysp_orders(ysp(s), order);
    ysp_play(s, 0, "bid 2+3"); /* 5, card 3 */
    ysp_play(s, 1, "bid 1+4"); /* 5, card 1 */
    ysp_play(s, 2, "bid 0+0"); /* 0 */
    ysp_play(s, 3, "bid 1+1"); /* 2 */
    cJSON *v = ysp_view(s, 2);
    assert_true(int_array_equals(jget(v, "bid_ranking"), "1 0 3 2"));
    cJSON_Delete(v);
    assert_int_equal(ysp_actor(s), 1);
    ysp_play(s, 1, "order 3");
    assert_int_equal(ysp_actor(s), 0);
    ysp_refused(s, 0, "order 3", GG_EILLEGAL, "taken");
    ysp_play(s, 0, "order 1");
    assert_int_equal(ysp_actor(s), 3);
    ysp_play(s, 3, "order 4");
    /* seat 2, last, got the 2nd place without being asked */
    assert_int_equal(ysp(s)->pl[2].order, 2);
    gg_free(s);
}

/* Y-5.3: the seat that picked place k takes order card k; that is the turn
 * order from now on. */
static void test_Y_5_3_order_cards_dealt_again(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 16, 1);
    ysp_play(s, 0, "bid 0+0");
    ysp_play(s, 1, "bid 4+4");
    ysp_play(s, 2, "bid 3+3");
    ysp_play(s, 3, "bid 1+0");
    ysp_play(s, 1, "order 4");
    ysp_play(s, 2, "order 1");
    ysp_play(s, 3, "order 2");
    const ys_state *st = ysp_c(s);
    int want[4] = {3, 4, 1, 2};
    for (int q = 0; q < 4; q++) assert_int_equal(st->pl[q].order, want[q]);
    int turn[4] = {2, 3, 0, 1};
    for (int k = 0; k < 4; k++) assert_int_equal(st->turn_order[k], turn[k]);
    /* placement in that order */
    assert_int_equal(ysp_actor(s), 2);
    ysp_play(s, 2, "up 0 d1-port");
    ysp_play(s, 2, "down 0 d1-port");
    assert_int_equal(ysp_actor(s), 3);
    gg_free(s);
}

/* Y-5.4: the bid brokers stay in front and cannot be placed. */
static void test_Y_5_4_bid_brokers_stay_in_front(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 17, 1);
    ysp_play(s, 0, "bid 4+4");
    ysp_play(s, 1, "bid 0+1");
    ysp_play(s, 2, "bid 0+2");
    ysp_play(s, 3, "bid 0+3");
    ysp_play(s, 0, "order 1");
    ysp_play(s, 3, "order 2");
    ysp_play(s, 2, "order 3");
    assert_int_equal(ysp_actor(s), 0);
    assert_string_equal(values_at(ysp(s), 0, YS_LOC_FRONT), "4 4");
    ysp_refused(s, 0, "up 4 d1-port", GG_EILLEGAL, "you have no broker 4 behind your screen");
    ysp_refused(s, 0, "up front 4 d1-port", GG_EILLEGAL, "without the Illusionist");
    assert_int_equal(count_legal(s, 0, "up 4"), 0);
    assert_int_equal(count_legal(s, 0, "down 4"), 0);
    gg_free(s);
}

/* ------------------------------------------------------ Y-6 placement */

/* Places brokers with the first legal up/down action in the city until the
 * placement phase is over; counts the placements of each seat. */
static void place_all(gg_state *s, int per_seat[4])
{
    memset(per_seat, 0, 4 * sizeof(int));
    for (int guard = 0; ysp(s)->stage == YS_ST_PLACE; guard++) {
        assert_true(guard < 100);
        int seat = ysp_actor(s);
        const char *face = ysp(s)->n_up ? "down " : "up ";
        assert_true(play_first(s, seat, face, " d"));
        per_seat[seat]++;
    }
}

/* Y-6.1: in turn order, 4 placement turns each (3 with Ys Express). */
static void test_Y_6_1_four_placement_turns_or_three(void **unused)
{
    (void)unused;
    for (int express = 0; express <= 1; express++) {
        gg_state *s = game(4, express ? "express=on" : NULL, 18, 1);
        layouts(ysp(s), "f0 f0", "f0 f0", "f0 f0", "f0 f0");
        /* who acts: the turn order, round and round */
        int sequence[16], k = 0;
        ysp_turn(ysp(s), 0, 0);
        int per_seat[4];
        memset(per_seat, 0, sizeof per_seat);
        for (int guard = 0; ysp(s)->stage == YS_ST_PLACE; guard++) {
            assert_true(guard < 100);
            int seat = ysp_actor(s);
            if (ysp(s)->n_up == 0 && ysp(s)->n_down == 0) sequence[k++] = seat;
            const char *face = ysp(s)->n_up ? "down " : "up ";
            assert_true(play_first(s, seat, face, " d"));
            per_seat[seat]++;
        }
        int turns = express ? 3 : 4;
        assert_int_equal(k, 4 * turns);
        for (int i = 0; i < k; i++) assert_int_equal(sequence[i], i % 4);
        for (int q = 0; q < 4; q++) assert_int_equal(per_seat[q], 2 * turns);
        assert_int_equal(ysp(s)->turns, turns);
        gg_free(s);
    }
}

/* Y-6.2: a turn places exactly 2 brokers, one face up, one face down. */
static void test_Y_6_2_two_brokers_one_up_one_down(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 19, 1);
    layouts(ysp(s), "f0 f0", "f0 f0", "f0 f0", "f0 f0");
    ysp_turn(ysp(s), 0, 0);
    ysp_play(s, 0, "up 1 d1-port");
    ysp_refused(s, 0, "up 2 d1-trade", GG_EILLEGAL, "face-up broker");
    assert_int_equal(count_legal(s, 0, "up "), 0);
    ysp_play(s, 0, "down 2 d1-trade");
    /* exactly two: the turn has passed */
    assert_int_equal(ysp_actor(s), 1);
    ysp_refused(s, 0, "up 3 d2-port", GG_ESEAT, "not to act");
    ysp_play(s, 1, "down 1 d1-port");
    ysp_refused(s, 1, "down 2 d1-trade", GG_EILLEGAL, "two face down needs the Bishop");
    ysp_play(s, 1, "up 2 d1-trade");
    assert_int_equal(ysp_actor(s), 2);
    const ys_state *st = ysp_c(s);
    int i = ysp_broker(st, 1, 1, YS_ZONE_LOC(0, 0));
    assert_int_equal(st->pl[1].b[i].flags & YS_F_UP, 0);
    i = ysp_broker(st, 1, 2, YS_ZONE_LOC(0, 1));
    assert_int_equal(st->pl[1].b[i].flags & YS_F_UP, YS_F_UP);
    ysp_roundtrip(s);
    gg_free(s);
}

/* Y-6.3: any number of brokers share a city zone; a market cell of an open
 * row takes one broker; the throne is no place to put one. */
static void test_Y_6_3_city_zones_and_market_cells(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 20, 1);
    layouts(ysp(s), "f0 f0", "f0 f0", "f0 f0", "f0 f0");
    ysp_turn(ysp(s), 0, 0);
    ysp_play(s, 0, "up 1 d2-trade");
    ysp_play(s, 0, "down 1 yellow2");
    ysp_play(s, 1, "up 1 d2-trade");
    ysp_refused(s, 1, "down 1 yellow2", GG_EILLEGAL, "that market cell already holds a broker (Y-6.3)");
    assert_false(ysp_legal(s, 1, "down 1 yellow2"));
    ysp_play(s, 1, "down 1 d2-trade");
    assert_int_equal(ysp_count_at(ysp(s), 0, YS_ZONE_LOC(1, 1)), 1);
    assert_int_equal(ysp_count_at(ysp(s), 1, YS_ZONE_LOC(1, 1)), 2);
    ysp_refused(s, 2, "up 1 throne", GG_EPARSE, "not a place");
    ysp_refused(s, 2, "up 1 d2-kitchen", GG_EPARSE, "not a place");
    /* free cells: rows 1-3 (12) minus the one taken; zones: 12 */
    assert_int_equal(count_legal(s, 2, "up 1 "), 12 + 11);
    gg_free(s);
}

/* Y-6.4: a broker placed on the market scores 1 point at once. */
static void test_Y_6_4_market_point(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 21, 1);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0", "f1 f2", "f0 f0", "f0 f0");
    ysp_turn(st, 0, 0);
    ysp_play(s, 0, "up 3 d1-port");
    assert_int_equal(st->pl[0].score, 0);
    ysp_play(s, 0, "down 2 red3");
    assert_int_equal(st->pl[0].score, 1);
    assert_int_equal(st->pl[0].pts_market, 1);
    ysp_play(s, 1, "up 0 blue1");
    assert_int_equal(st->pl[1].score, 1); /* a 0 counts as well */
    ysp_roundtrip(s);
    gg_free(s);
}

/* Y-6.5: with see_own_hidden=off a player's own face-down brokers are hidden
 * from him as from anyone (his view, and "?" where he names one). */
static void test_Y_6_5_own_hidden_brokers_option(void **unused)
{
    (void)unused;
    for (int off = 0; off <= 1; off++) {
        gg_state *s = game(4, off ? "see_own_hidden=off" : NULL, 22, 2);
        ys_state *st = ysp(s);
        layouts(st, "f0 f0", "f0 f0", "f0 f0", "f0 f0");
        ysp_give(st, 0, YC_MERCENARY, 0);
        ysp_turn(st, 0, 0);
        ysp_play(s, 0, "down 3 d1-port");
        ysp_play(s, 0, "up 2 d1-trade");
        int i = ysp_broker(st, 0, 3, YS_ZONE_LOC(0, 0));
        assert_int_equal(ys_knows(st, 0, 0, &st->pl[0].b[i]), !off);
        cJSON *v = ysp_view(s, 0);
        cJSON *b = zone_broker(v, 0, "port", 0);
        assert_non_null(b);
        assert_int_equal(cJSON_GetObjectItem(b, "value") != NULL, !off);
        cJSON_Delete(v);
        /* the Mercenary names it with "?" when its owner may not see it */
        assert_int_equal(st->stage, YS_ST_AFTER);
        assert_int_equal(ysp_legal(s, 0, "play mercenary down ? d1-port"), off);
        assert_int_equal(ysp_legal(s, 0, "play mercenary down 3 d1-port"), !off);
        ysp_play(s, 0, off ? "play mercenary down ? d1-port" : "play mercenary down 3 d1-port");
        assert_true(st->pl[0].b[i].flags & YS_F_MERC);
        gg_free(s);
    }
}

/* Y-6.6: each player's last broker joins the two bid brokers in front. */
static void test_Y_6_6_last_broker_joins_the_front(void **unused)
{
    (void)unused;
    gg_state *s = game(3, NULL, 23, 1);
    ysp_play(s, 0, "bid 0+1");
    ysp_play(s, 1, "bid 2+3");
    ysp_play(s, 2, "bid 4+4");
    play_until(s, YS_ST_PLACE);
    int per_seat[4];
    place_all(s, per_seat);
    const ys_state *st = ysp_c(s);
    /* placed lowest first: each seat's last broker is its highest left */
    assert_string_equal(values_at(st, 0, YS_LOC_FRONT), "0 1 4");
    assert_string_equal(values_at(st, 1, YS_LOC_FRONT), "2 3 4");
    assert_string_equal(values_at(st, 2, YS_LOC_FRONT), "3 4 4");
    for (int q = 0; q < 3; q++) {
        assert_int_equal(ysp_count_at(st, q, YS_LOC_SCREEN), 0);
        assert_int_equal(per_seat[q], 8);
    }
    assert_int_equal(ys_front_sum(st, 2), 11);
    gg_free(s);
}

/* ------------------------------------------------------ Y-7 characters */

/* Y-7.1: at most 2 cards a round; a card won this round waits for the next;
 * immediate cards (King, Prince, blue) act at once and do not count. */
static void test_Y_7_1_card_limits(void **unused)
{
    (void)unused;
    /* two cards at the start of placement; the Queen then is refused */
    gg_state *s = game(4, NULL, 30, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0", "f0 f0", "f0 f0", "f0 f0");
    ysp_give(st, 1, YC_BISHOP, 0);
    ysp_give(st, 1, YC_SPY, 0);
    ysp_give(st, 1, YC_QUEEN, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    assert_int_equal(st->window, YS_WIN_START_OF_PLACEMENT);
    assert_int_equal(ysp_actor(s), 1);
    ysp_play(s, 1, "play bishop");
    assert_int_equal(ysp_actor(s), 1); /* several cards before passing */
    ysp_play(s, 1, "play spy");
    assert_int_equal(st->pl[1].played, 2);
    assert_int_equal(st->stage, YS_ST_PLACE);
    ysp_play(s, 0, "up 1 d1-port");
    ysp_play(s, 0, "down 1 d1-trade");
    assert_int_equal(ysp_actor(s), 1);
    assert_int_equal(count_legal(s, 1, "play "), 0);
    ysp_refused(s, 1, "play queen d2-port", GG_EILLEGAL,
                "you have already played 2 cards this round (Y-7.1)");
    gg_free(s);

    /* a card won this round: not playable until the next round */
    s = game(4, NULL, 31, 2);
    st = ysp(s);
    layouts(st, "f0 f0 f1 u1:blue1", NULL, NULL, NULL);
    ysp_give(st, 0, YC_ALCHEMIST, 1);
    st->pl[0].gems[RED] = 1;
    ysp_jump(st, YS_STEP_MAJORITY);
    assert_int_equal(st->stage, YS_ST_MAJORITY);
    ysp_refused(s, 0, "play alchemist red>blue", GG_EILLEGAL,
                "was won this round: playable from next round (Y-7.1)");
    ysp_play(s, 0, "rate blue+");
    /* the end-of-scoring window had nobody to ask: the next round began */
    assert_int_equal(st->stage, YS_ST_BID);
    assert_int_equal(st->round, 3);
    assert_int_equal(st->pl[0].hand, 1u << YC_ALCHEMIST);
    assert_int_equal(st->pl[0].fresh, 0);
    gg_free(s);

    /* the King acts at once even after 2 cards, and does not count */
    s = game(4, NULL, 32, 2);
    st = ysp(s);
    layouts(st, "f0 f0 f1 u1:d1-palace", NULL, NULL, NULL);
    ysp_give(st, 0, YC_BANKER, 0);
    ysp_give(st, 0, YC_JEWELLER, 0);
    ysp_palace(st, 0, YC_KING);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    ysp_play(s, 0, "play banker blue+ red-");
    ysp_play(s, 0, "play jeweller green green");
    assert_int_equal(st->pl[0].played, 2);
    play_gems(s);
    assert_int_equal(st->pl[0].score, 5);
    assert_int_equal(st->pl[0].pts_cards, 5);
    assert_int_equal(st->pl[0].played, 2);
    assert_int_equal(st->pl[0].hand, 0);
    gg_free(s);
}

/* Y-7.2: each card in its window; a window stops only at players holding a
 * card playable in it, in turn order; several cards may be played, then
 * pass. */
static void test_Y_7_2_card_windows(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 33, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0", "f0 f0", "f0 f0", "f0 f0");
    ysp_give(st, 2, YC_BANKER, 0);
    ysp_give(st, 2, YC_JEWELLER, 0);
    ysp_give(st, 3, YC_CAPTAIN, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    /* nobody holds a start-of-placement card: no stop, seat 0 places */
    assert_int_equal(st->stage, YS_ST_PLACE);
    assert_int_equal(ysp_actor(s), 0);
    ysp_play(s, 0, "up 1 d1-port");
    ysp_play(s, 0, "down 1 d1-trade");
    ysp_play(s, 1, "up 1 d1-port");
    ysp_play(s, 1, "down 1 d1-trade");
    assert_int_equal(ysp_actor(s), 2);
    ysp_refused(s, 2, "play banker blue+ red-", GG_EILLEGAL,
                "the Banker is played at the start of scoring (Y-7.5)");
    ysp_refused(s, 2, "play captain d1 d2", GG_EILLEGAL, "you do not hold the Captain");
    ysp_refused(s, 2, "pass", GG_EILLEGAL, "now brokers are placed");
    /* the start of scoring: the window goes straight to seat 2, then seat 3 */
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->window, YS_WIN_START_OF_SCORING);
    assert_int_equal(ysp_actor(s), 2);
    assert_true(ysp_legal(s, 2, "pass"));
    cJSON *v = ysp_view(s, 0);
    cJSON *it;
    cJSON_ArrayForEach(it, jget(view_player(v, 2), "cards")) assert_true(cJSON_IsTrue(jget(it, "playable")));
    cJSON_Delete(v);
    ysp_play(s, 2, "play jeweller blue blue");
    assert_int_equal(ysp_actor(s), 2);
    ysp_play(s, 2, "pass");
    assert_int_equal(st->pl[2].hand, 1u << YC_BANKER); /* kept for a later round */
    assert_int_equal(ysp_actor(s), 3);
    ysp_play(s, 3, "pass");
    assert_int_not_equal(st->stage, YS_ST_WINDOW);
    gg_free(s);
}

/* Y-7.3: the cards a player holds are public: every view lists them. */
static void test_Y_7_3_hands_are_public(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 34, 2);
    ysp_give(ysp(s), 3, YC_CAPTAIN, 0);
    ysp_give(ysp(s), 3, YC_HERALD, 1);
    int viewers[3] = {0, 3, GG_SPECTATOR};
    for (int k = 0; k < 3; k++) {
        cJSON *v = ysp_view(s, viewers[k]);
        cJSON *cards = jget(view_player(v, 3), "cards");
        assert_int_equal(cJSON_GetArraySize(cards), 2);
        assert_string_equal(jget(cJSON_GetArrayItem(cards, 0), "card")->valuestring, "captain");
        assert_string_equal(jget(cJSON_GetArrayItem(cards, 1), "card")->valuestring, "herald");
        assert_true(cJSON_IsTrue(jget(cJSON_GetArrayItem(cards, 1), "fresh")));
        cJSON_Delete(v);
    }
    gg_free(s);
}

/* Y-7.4 Alchemist: at the end of scoring, one own coloured gem for one of
 * another coloured colour (never black or white). */
static void test_Y_7_4_alchemist(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 35, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 2, YC_ALCHEMIST, 0);
    st->pl[2].gems[RED] = 1;
    st->pl[2].gems[BLACK] = 2;
    /* not at the start of scoring: the window passes it by */
    gg_state *early = gg_clone(s);
    ysp_jump(ysp(early), YS_STEP_SCORING_WINDOW);
    assert_int_not_equal(ysp(early)->stage, YS_ST_WINDOW);
    gg_free(early);
    ysp_jump(st, YS_STEP_END_WINDOW);
    assert_int_equal(st->window, YS_WIN_END_OF_SCORING);
    assert_int_equal(ysp_actor(s), 2);
    assert_int_equal(count_legal(s, 2, "play alchemist"), 3); /* red to blue, green, yellow */
    assert_true(ysp_legal(s, 2, "play alchemist red>yellow"));
    ysp_refused(s, 2, "play alchemist green>blue", GG_EILLEGAL, "not allowed");
    ysp_refused(s, 2, "play alchemist red>red", GG_EILLEGAL, "not allowed");
    ysp_refused(s, 2, "play alchemist black>blue", GG_EPARSE, "not a colour");
    ysp_refused(s, 2, "play alchemist red>white", GG_EPARSE, "not a colour");
    ysp_play(s, 2, "play alchemist red>blue");
    assert_int_equal(st->pl[2].gems[RED], 0);
    assert_int_equal(st->pl[2].gems[BLUE], 1);
    assert_int_equal(st->pl[2].gems[BLACK], 2);
    assert_int_equal(st->pl[2].hand, 0); /* discarded when played */
    gg_free(s);
}

/* Y-7.5 Banker: one colour's rate +1 and another's -1, both required. */
static void test_Y_7_5_banker(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 36, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 1, YC_BANKER, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(ysp_actor(s), 1);
    assert_int_equal(count_legal(s, 1, "play banker"), 12);
    ysp_refused(s, 1, "play banker blue+", GG_EPARSE, "play banker blue+ red-");
    ysp_refused(s, 1, "play banker blue+ blue-", GG_EILLEGAL, "not allowed");
    ysp_refused(s, 1, "play banker blue+ red+", GG_EPARSE, "play banker blue+ red-");
    ysp_refused(s, 1, "play banker blue+ black-", GG_EPARSE, "play banker blue+ red-");
    ysp_play(s, 1, "play banker yellow- green+"); /* written either way */
    assert_int_equal(st->rate[GREEN], 1);
    assert_int_equal(st->rate[YELLOW], -1);
    assert_int_equal(st->rate[BLUE], 0);
    assert_int_equal(st->rate[RED], 0);
    assert_int_equal(st->pl[1].hand, 0);
    gg_free(s);
}

/* Y-7.6 Captain: swap the ship cards of two ports. */
static void test_Y_7_6_captain(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 37, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 0, YC_CAPTAIN, 0);
    uint8_t ports[4];
    memcpy(ports, st->port_ship, 4);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(count_legal(s, 0, "play captain"), 6);
    ysp_refused(s, 0, "play captain d2 d2", GG_EILLEGAL, "not allowed");
    ysp_play(s, 0, "play captain d3 d1");
    assert_int_equal(st->port_ship[0], ports[2]);
    assert_int_equal(st->port_ship[2], ports[0]);
    assert_int_equal(st->port_ship[1], ports[1]);
    assert_int_equal(st->port_ship[3], ports[3]);
    gg_free(s);
    /* only districts in play */
    s = game(3, "districts=3", 37, 2);
    st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 0, YC_CAPTAIN, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(count_legal(s, 0, "play captain"), 3);
    ysp_refused(s, 0, "play captain d1 d4", GG_EILLEGAL, "not allowed");
    gg_free(s);
}

/* Y-7.7 Bishop (Y-6.2): this round each of the owner's brokers goes face up
 * or face down as he likes: two down, two up, or one of each; without the
 * Bishop a turn is still one up and one down; discarded at the round's end. */
static void test_Y_7_7_bishop(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 38, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0", "f0 f0", "f0 f0", "f0 f0");
    ysp_give(st, 1, YC_BISHOP, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    assert_int_equal(ysp_actor(s), 1);
    ysp_play(s, 1, "play bishop");
    assert_true(st->pl[1].active >> YC_BISHOP & 1);
    /* the limit that holds: seat 0 has no Bishop, neither two down nor two up */
    ysp_play(s, 0, "down 1 d1-port");
    ysp_refused(s, 0, "down 1 d1-trade", GG_EILLEGAL, "two face down needs the Bishop");
    ysp_play(s, 0, "up 1 d1-trade");
    /* seat 1: both face down */
    ysp_play(s, 1, "down 1 d1-port");
    ysp_play(s, 1, "down 2 d1-trade");
    assert_int_equal(ysp_actor(s), 2);
    for (int q = 2; q <= 3; q++) {
        ysp_play(s, q, "up 1 d2-port");
        ysp_play(s, q, "down 1 d2-trade");
    }
    ysp_play(s, 0, "up 2 d2-port");
    ysp_refused(s, 0, "up 3 d2-trade", GG_EILLEGAL, "two face up needs the Bishop");
    ysp_play(s, 0, "down 3 d2-trade");
    /* seat 1: both face up (newly allowed), and the turn then ends */
    assert_int_equal(count_legal(s, 1, "up "), count_legal(s, 1, "down "));
    ysp_play(s, 1, "up 3 d3-port");
    assert_true(ysp_legal(s, 1, "up 3 d3-trade"));
    assert_true(ysp_legal(s, 1, "down 3 d3-trade"));
    ysp_play(s, 1, "up 3 d3-trade");
    assert_int_equal(ysp_actor(s), 2);
    assert_int_equal(ysp_count_at(st, 1, YS_ZONE_LOC(2, 0)) + ysp_count_at(st, 1, YS_ZONE_LOC(2, 1)), 2);
    for (int z = 0; z < 2; z++) { /* both face up: every seat sees the values */
        int i = ysp_broker(st, 1, 3, YS_ZONE_LOC(2, z));
        assert_int_equal(st->pl[1].b[i].flags & YS_F_UP, YS_F_UP);
        cJSON *v = ysp_view(s, GG_SPECTATOR);
        cJSON *b = zone_broker(v, 2, z ? "trade" : "port", 1);
        assert_non_null(b);
        assert_int_equal(jget(b, "value")->valueint, 3);
        cJSON_Delete(v);
    }
    ysp_roundtrip(s);
    for (int q = 2; q <= 3; q++) {
        ysp_play(s, q, "up 2 d4-port");
        ysp_play(s, q, "down 3 d4-trade");
    }
    ysp_play(s, 0, "up 3 d4-port");
    ysp_play(s, 0, "down 3 d4-trade");
    /* seat 1: one of each, down first */
    ysp_play(s, 1, "down 4 d4-palace");
    ysp_play(s, 1, "up 4 d3-palace");
    assert_int_equal(ysp_actor(s), 2);
    /* discarded at the end of the round */
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_jump(st, YS_STEP_END_ROUND);
    assert_int_equal(st->pl[1].active, 0);
    assert_int_equal(st->pl[1].hand, 0);
    gg_free(s);
}

/* Y-7.8 Spy: in this placement phase, up to 3 looks at face-down brokers of
 * other players, in the owner's own turns and whenever any placement turn
 * ends; the value is his alone; never his own nor a neutral broker. */
static void test_Y_7_8_spy(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 39, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 u1:d1-port d1:d1-trade", "f0 f0 d3:d2-trade d2:d2-palace",
            "f0 f0 u1:d3-port d4:d3-trade", "f0 f0 u1:d4-port d2:d4-trade");
    ysp_give(st, 0, YC_SPY, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    assert_int_equal(ysp_actor(s), 0);
    ysp_play(s, 0, "play spy");
    assert_int_equal(st->pl[0].spy_peeks, 3);
    assert_int_equal(st->stage, YS_ST_PLACE);
    ysp_turn(st, 1, 0); /* the brokers laid out are those of turn 1 */
    assert_int_equal(ysp_actor(s), 0);
    assert_int_equal(count_legal(s, 0, "peek "), 4);
    ysp_refused(s, 0, "peek S2 d3-port", GG_EILLEGAL, "peeking needs"); /* face up */
    ysp_refused(s, 0, "peek S0 d1-trade", GG_EILLEGAL, "peeking needs"); /* his own */
    ysp_play(s, 0, "peek S1 d2-trade");
    assert_int_equal(st->pl[0].spy_peeks, 2);
    int i = ysp_broker(st, 1, 3, YS_ZONE_LOC(1, 1));
    assert_true(ys_knows(st, 0, 1, &st->pl[1].b[i]));
    assert_false(ys_knows(st, 2, 1, &st->pl[1].b[i]));
    cJSON *v = ysp_view(s, 0);
    cJSON *b = zone_broker(v, 1, "trade", 1);
    assert_int_equal(jget(b, "value")->valueint, 3);
    assert_true(int_array_equals(jget(b, "seen_by"), "0"));
    cJSON_Delete(v);
    int others[2] = {2, GG_SPECTATOR};
    for (int k = 0; k < 2; k++) {
        v = ysp_view(s, others[k]);
        b = zone_broker(v, 1, "trade", 1);
        assert_null(cJSON_GetObjectItem(b, "value"));
        assert_true(int_array_equals(jget(b, "seen_by"), "0")); /* which one: public */
        cJSON_Delete(v);
    }
    ysp_refused(s, 0, "peek S1 d2-trade", GG_EILLEGAL, "not seen"); /* seen already */
    /* at any moment of his turn */
    ysp_play(s, 0, "up 2 d1-palace");
    ysp_play(s, 0, "peek S2 d3-trade");
    ysp_play(s, 0, "peek S3 d4-trade");
    assert_int_equal(st->pl[0].spy_peeks, 0);
    /* three only */
    ysp_refused(s, 0, "peek S1 d2-palace", GG_EILLEGAL, "peeking needs the Spy's peeks");
    assert_int_equal(count_legal(s, 0, "peek "), 0);
    ysp_play(s, 0, "down 3 d3-port");
    assert_int_equal(ysp_actor(s), 1); /* no peeks left: nobody is asked after the turn */
    assert_int_equal(st->stage, YS_ST_PLACE);
    ysp_refused(s, 0, "peek S1 d2-palace", GG_ESEAT, "not to act");
    gg_free(s);

    /* 2 players: a neutral broker is looked at by nobody (Y-9.4) */
    s = game(2, NULL, 39, 2);
    st = ysp(s);
    layouts(st, "f0 f0", "f0 f0", NULL, NULL);
    ysp_neutral(st, 1, "2:d1-port");
    st->pl[0].active |= 1u << YC_SPY;
    st->pl[0].spy_peeks = 3;
    st->pl[0].played = 1;
    ysp_turn(st, 0, 0);
    assert_int_equal(count_legal(s, 0, "peek "), 0);
    ysp_refused(s, 0, "peek S1 d1-port", GG_EILLEGAL, "peeking needs");
    gg_free(s);
}

/* Places the actor's two brokers (the first legal up and down ones, with 2
 * players the first neutral one too), and passes any Spy question. */
static void place_a_turn(gg_state *s)
{
    int seat = ysp_actor(s);
    assert_int_equal(ysp(s)->stage, YS_ST_PLACE);
    assert_true(play_first(s, seat, "down ", ""));
    assert_true(play_first(s, seat, "up ", ""));
    if (ysp(s)->stage == YS_ST_PLACE && ysp_actor(s) == seat) assert_true(play_first(s, seat, "neutral ", ""));
}

/* Y-7.8: the Spy's owner is asked whenever a placement turn ends, anyone's,
 * including the last of the round before the start-of-scoring window: so
 * an owner who places first still looks at brokers placed after his last
 * turn. A fourth look is refused. */
static void test_Y_7_8_spy_after_any_turn(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 139, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0", "f0 f0", "f0 f0", "f0 f0");
    ysp_give(st, 0, YC_SPY, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    ysp_play(s, 0, "play spy");
    /* seat 0 (order card 1) places first: nothing of the others to see yet,
     * so nobody is asked after his turn */
    ysp_play(s, 0, "up 1 d1-port");
    ysp_play(s, 0, "down 1 d1-trade");
    assert_int_equal(st->stage, YS_ST_PLACE);
    assert_int_equal(ysp_actor(s), 1);
    ysp_play(s, 1, "up 2 d2-port");
    ysp_play(s, 1, "down 3 d2-trade");
    /* seat 1's turn ended: the Spy's owner may look now (stage spy) */
    assert_int_equal(st->stage, YS_ST_SPY);
    assert_int_equal(ysp_actor(s), 0);
    assert_int_equal(count_legal(s, 0, "peek "), 1);
    assert_true(ysp_legal(s, 0, "pass"));
    ysp_refused(s, 2, "up 1 d3-port", GG_ESEAT, "not to act");
    ysp_refused(s, 0, "up 1 d3-port", GG_EILLEGAL, NULL);
    cJSON *v = ysp_view(s, 2);
    assert_string_equal(jget(v, "stage")->valuestring, "spy");
    cJSON_Delete(v);
    ysp_roundtrip(s);
    { /* the position format refuses a Spy question that cannot be */
        char *json = gg_state_json(s);
        cJSON *root = cJSON_Parse(json);
        free(json);
        const char *edits[2] = {"cursor", "spy_peeks"};
        for (int k = 0; k < 2; k++) {
            cJSON *r = cJSON_Duplicate(root, 1);
            if (k == 0) cJSON_ReplaceItemInObject(r, "cursor", cJSON_CreateNumber(0));
            else cJSON_ReplaceItemInObject(cJSON_GetArrayItem(jget(r, "players"), 0), "spy_peeks", cJSON_CreateNumber(0));
            char *bad = cJSON_PrintUnformatted(r);
            gg_error err = {0};
            gg_state *b = gg_state_load(bad, &err);
            if (b) fail_msg("a Spy question with %s edited loads", edits[k]);
            if (!strstr(err.msg, "spy") && !strstr(err.msg, "Spy")) fail_msg("%s: refused for another reason: %s", edits[k], err.msg);
            free(bad);
            cJSON_Delete(r);
        }
        cJSON_Delete(root);
    }
    ysp_play(s, 0, "peek S1 d2-trade"); /* the effect: seat 0 knows the 3 */
    int i = ysp_broker(st, 1, 3, YS_ZONE_LOC(1, 1));
    assert_true(ys_knows(st, 0, 1, &st->pl[1].b[i]));
    assert_false(ys_knows(st, 2, 1, &st->pl[1].b[i]));
    assert_int_equal(st->pl[0].spy_peeks, 2);
    /* nothing else unseen: on to seat 2's turn */
    assert_int_equal(st->stage, YS_ST_PLACE);
    assert_int_equal(ysp_actor(s), 2);
    ysp_play(s, 2, "up 2 d3-port");
    ysp_play(s, 2, "down 4 d3-trade");
    assert_int_equal(st->stage, YS_ST_SPY);
    ysp_play(s, 0, "pass"); /* keeps his peeks for later */
    assert_int_equal(st->pl[0].spy_peeks, 2);
    assert_int_equal(ysp_actor(s), 3);
    /* every later turn: pass, until the round's last placement turn */
    while (!(st->turn == st->turns - 1 && st->cursor == 3 && st->stage == YS_ST_PLACE)) {
        if (st->stage == YS_ST_SPY) ysp_play(s, 0, "pass");
        else place_a_turn(s);
    }
    assert_int_equal(ysp_actor(s), 3);
    place_a_turn(s); /* the last placement turn of the round */
    assert_int_equal(st->stage, YS_ST_SPY);
    assert_int_equal(st->step, YS_STEP_PLACEMENT);
    int fd = 0; /* seat 3's face-down brokers, placed after seat 0's last turn */
    for (int k = 0; k < st->pl[3].n_brokers; k++) fd += YS_IS_BOARD(st->pl[3].b[k].loc) && !(st->pl[3].b[k].flags & YS_F_UP);
    assert_int_equal(fd, 4);
    assert_true(play_first(s, 0, "peek S3", ""));
    int seen = 0;
    for (int k = 0; k < st->pl[3].n_brokers; k++)
        seen += YS_IS_BOARD(st->pl[3].b[k].loc) && !(st->pl[3].b[k].flags & YS_F_UP) &&
                ys_knows(st, 0, 3, &st->pl[3].b[k]) && !ys_knows(st, 1, 3, &st->pl[3].b[k]);
    assert_int_equal(seen, 1);
    assert_int_equal(st->stage, YS_ST_SPY); /* one more */
    assert_true(play_first(s, 0, "peek S3", ""));
    assert_int_equal(st->pl[0].spy_peeks, 0);
    /* three used: the placement phase ends, the scoring begins */
    assert_true(st->step > YS_STEP_PLACEMENT);
    /* the fourth look is refused */
    gg_error err = {0};
    gg_action a;
    assert_int_equal(gg_action_parse(s, 0, "peek S3 d1-port", &a, &err), GG_OK);
    assert_int_not_equal(gg_apply(s, 0, a, &err), GG_OK);
    gg_free(s);

    /* while peeks are left, a turn-end question comes only when there is
     * something unseen; the fourth look is refused in his own turn too */
    s = game(4, NULL, 140, 2);
    st = ysp(s);
    layouts(st, "f0 f0", "f0 f0", "f0 f0", "f0 f0");
    ysp_give(st, 2, YC_SPY, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    ysp_play(s, 2, "play spy");
    place_a_turn(s); /* seat 0: a face-down broker seat 2 has not seen */
    assert_int_equal(st->stage, YS_ST_SPY);
    assert_int_equal(ysp_actor(s), 2);
    int peeks = 0;
    while (st->pl[2].spy_peeks) {
        if (st->stage == YS_ST_SPY) {
            assert_int_equal(ysp_actor(s), 2);
            assert_true(play_first(s, 2, "peek ", ""));
            peeks++;
        } else {
            place_a_turn(s);
        }
    }
    assert_int_equal(peeks, 3);
    while (ysp_actor(s) != 2) { /* no peeks left: nobody asked any more */
        if (st->stage == YS_ST_SPY) fail_msg("asked with no peeks left");
        place_a_turn(s);
    }
    ysp_refused(s, 2, "peek S0 d1-port", GG_EILLEGAL, "peeking needs the Spy's peeks");
    gg_free(s);
}

/* Y-7.9 Herald: move one own broker: city->market scores 1, market->market
 * nothing, market->city keeps the point; the face stays; an empty open cell,
 * no Queen zone either way; never the throne. */
static void test_Y_7_9_herald(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 40, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 d2:d1-port u3:blue2 u1:d2-palace", "f0 f0 f1 u2:red1", NULL, NULL);
    st->pl[0].score = st->pl[0].pts_market = 1; /* blue2's point */
    ysp_give(st, 0, YC_HERALD, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(ysp_actor(s), 0);
    assert_true(ysp_legal(s, 0, "play herald down 2 d1-port to blue3"));
    assert_false(ysp_legal(s, 0, "play herald down 2 d1-port to red1")); /* taken */
    assert_false(ysp_legal(s, 0, "play herald down 2 d1-port to blue0")); /* closed row */
    assert_false(ysp_legal(s, 0, "play herald down 2 d1-port to d1-port")); /* nowhere */
    ysp_refused(s, 0, "play herald up 2 red1 to d1-port", GG_EILLEGAL, "not allowed"); /* not his */
    ysp_refused(s, 0, "play herald down 2 d1-port to throne", GG_EPARSE, "not a place");
    gg_state *m2m = gg_clone(s), *m2c = gg_clone(s), *queen = gg_clone(s);

    ysp_play(s, 0, "play herald down 2 d1-port to blue3"); /* city -> market: +1 */
    int i = ysp_broker(st, 0, 2, YS_CELL_LOC(BLUE, 3));
    assert_int_equal(st->pl[0].b[i].flags & YS_F_UP, 0); /* still face down */
    assert_int_equal(st->pl[0].score, 2);
    assert_int_equal(st->pl[0].pts_market, 2);
    assert_int_equal(st->pl[0].hand, 0);
    ysp_roundtrip(s);

    ysp_play(m2m, 0, "play herald up 3 blue2 to green3"); /* market -> market: nothing */
    assert_int_equal(ysp(m2m)->pl[0].score, 1);
    i = ysp_broker(ysp(m2m), 0, 3, YS_CELL_LOC(GREEN, 3));
    assert_true(ysp(m2m)->pl[0].b[i].flags & YS_F_UP);

    ysp_play(m2c, 0, "play herald up 3 blue2 to d3-trade"); /* market -> city: keeps it */
    assert_int_equal(ysp(m2c)->pl[0].score, 1);
    assert_int_equal(ysp_count_at(ysp(m2c), 0, YS_ZONE_LOC(2, 1)), 1);

    ys_state *qs = ysp(queen); /* seat 1's Queen on d2-palace */
    qs->queen_loc = YS_ZONE_LOC(1, 2);
    qs->queen_owner = 1;
    qs->pl[1].active |= 1u << YC_QUEEN;
    ysp_refused(queen, 0, "play herald up 1 d2-palace to d3-port", GG_EILLEGAL, "not allowed");
    ysp_refused(queen, 0, "play herald down 2 d1-port to d2-palace", GG_EILLEGAL, "not allowed");
    assert_int_equal(count_legal(queen, 0, "play herald up 1 d2-palace"), 0);
    gg_free(m2m);
    gg_free(m2c);
    gg_free(queen);
    gg_free(s);
}

/* Y-7.10 Illusionist: a front broker may be placed (face as the turn
 * requires) and is replaced from behind the screen; repeatable; still 2 a
 * turn; ties use what is in front at the end. */
static void test_Y_7_10_illusionist(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 41, 2);
    ys_state *st = ysp(s);
    layouts(st, "f3 f4", "f0 f0", "f0 f0", "f0 f0");
    ysp_give(st, 0, YC_ILLUSIONIST, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    ysp_play(s, 0, "play illusionist");
    assert_int_equal(st->stage, YS_ST_PLACE);
    assert_true(ysp_legal(s, 0, "up front 4 d1-port"));
    assert_true(ysp_legal(s, 0, "down front 3 blue1"));
    ysp_play(s, 0, "up front 4 d1-port");
    assert_int_equal(st->stage, YS_ST_REFILL);
    assert_int_equal(ysp_actor(s), 0);
    assert_int_equal(count_legal(s, 0, "refill "), 5); /* values behind the screen: 0..4 */
    ysp_refused(s, 0, "down 1 d1-trade", GG_EILLEGAL, "replaces the front one");
    ysp_play(s, 0, "refill 0");
    assert_string_equal(values_at(st, 0, YS_LOC_FRONT), "0 3");
    ysp_roundtrip(s);
    ysp_play(s, 0, "down front 3 d1-trade"); /* again, face down as the turn requires */
    ysp_play(s, 0, "refill 1");
    assert_string_equal(values_at(st, 0, YS_LOC_FRONT), "0 1");
    assert_int_equal(ys_front_sum(st, 0), 1); /* ties now use 0 + 1 */
    /* still 2 a turn: the turn is over */
    assert_int_equal(ysp_actor(s), 1);
    /* a front broker placed face down stays known (its value was public) */
    int i = ysp_broker(st, 0, 3, YS_ZONE_LOC(0, 1));
    assert_int_equal(st->pl[0].b[i].flags & YS_F_UP, 0);
    assert_true(ys_knows(st, 1, 0, &st->pl[0].b[i]));
    cJSON *v = ysp_view(s, 1);
    assert_int_equal(jget(zone_broker(v, 0, "trade", 0), "value")->valueint, 3);
    cJSON_Delete(v);
    /* only with the card */
    ysp_refused(s, 1, "up front 0 d2-port", GG_EILLEGAL, "without the Illusionist");
    gg_free(s);
}

/* Y-7.11 Intriguer: wins every tie he is part of this scoring (district
 * ranking, zones, market rows, majority); orders tied market columns. */
static void test_Y_7_11_intriguer(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(4, NULL, 42);
    ys_state *st = ysp(s);
    int order[4] = {4, 1, 2, 3}; /* seat 0 has the worst card and the lowest front */
    ysp_orders(st, order);
    ysp_round(st, 2);
    layouts(st, "f0 f0 f1 u3:d1-palace u2:d1-trade u1:blue1", "f4 f4 f3 u3:d1-palace u2:d1-trade u1:green1",
            NULL, NULL);
    ysp_give(st, 0, YC_INTRIGUER, 0);
    ysp_palace(st, 0, YC_BANKER);
    ysp_port(st, 0, 2); /* blue | green, red: no yellow */
    ysp_market(st, YS_NONE, YELLOW, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(ysp_actor(s), 0);
    gg_state *plain = gg_clone(s);
    ysp_play(s, 0, "play intriguer");
    /* district 1 totals 5 to 5: seat 0 first */
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(ysp_actor(s), 0);
    cJSON *v = ysp_view(s, 1);
    assert_int_equal(jget(v, "intriguer")->valueint, 0);
    cJSON_Delete(v);
    play_gems(s);
    assert_int_equal(st->pl[0].hand, 1u << YC_BANKER); /* palace 3-3 */
    assert_int_equal(st->pl[0].pts_trade, 3); /* trade 2-2 */
    assert_int_equal(st->pl[1].pts_trade, 0);
    assert_int_equal(st->pl[0].gems[YELLOW], 1); /* market row 1: 1-1 */
    assert_int_equal(st->pl[1].gems[YELLOW], 0);
    /* columns blue and green tie (1, one broker each), yellow and red too
     * (empty): the Intriguer orders them, not seat 1 with the highest front */
    assert_int_equal(st->stage, YS_ST_COLUMN);
    assert_int_equal(ysp_actor(s), 0);
    ysp_roundtrip(s);
    ysp_play(s, 0, "column green");
    assert_int_equal(ysp_actor(s), 0);
    ysp_play(s, 0, "column red");
    assert_int_equal(st->rate[GREEN], 2);
    assert_int_equal(st->rate[BLUE], 1);
    assert_int_equal(st->rate[RED], -1);
    assert_int_equal(st->rate[YELLOW], -2);
    /* market majority 1-1: seat 0 */
    assert_int_equal(st->stage, YS_ST_MAJORITY);
    assert_int_equal(ysp_actor(s), 0);
    ysp_play(s, 0, "rate blue+");
    /* discarded at the end of scoring */
    assert_false(st->pl[0].active >> YC_INTRIGUER & 1);
    assert_int_equal(st->pl[0].hand, 1u << YC_BANKER);

    /* without it, seat 1 (front 11) wins those ties */
    ysp_play(plain, 0, "pass");
    assert_int_equal(ysp(plain)->stage, YS_ST_GEM);
    assert_int_equal(ysp_actor(plain), 1);
    play_gems(plain);
    assert_int_equal(ysp(plain)->pl[1].pts_trade, 3);
    assert_int_equal(ysp(plain)->pl[1].hand, 1u << YC_BANKER);
    assert_int_equal(ysp_actor(plain), 1); /* columns */
    gg_free(plain);
    gg_free(s);
}

/* Y-7.12 Jeweller: 2 coloured gems of choice from the bank. */
static void test_Y_7_12_jeweller(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 43, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 3, YC_JEWELLER, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(ysp_actor(s), 3);
    assert_int_equal(count_legal(s, 3, "play jeweller"), 10); /* pairs of 4 colours */
    ysp_refused(s, 3, "play jeweller black red", GG_EPARSE, "not a colour");
    ysp_refused(s, 3, "play jeweller white red", GG_EPARSE, "not a colour");
    gg_state *two = gg_clone(s);
    ysp_play(s, 3, "play jeweller red blue");
    assert_int_equal(st->pl[3].gems[RED], 1);
    assert_int_equal(st->pl[3].gems[BLUE], 1);
    assert_int_equal(gem_total(st, 3), 2);
    ysp_play(two, 3, "play jeweller green green");
    assert_int_equal(ysp(two)->pl[3].gems[GREEN], 2);
    gg_free(two);
    gg_free(s);
}

/* The Magician names two brokers; the engine offers each swap once, with
 * the two in its own order (reported: the other order is refused), so these
 * helpers try both. */
static int magician_legal(const gg_state *s, int seat, const char *a, const char *b)
{
    char t1[GG_MAX_NOTATION * 2], t2[GG_MAX_NOTATION * 2];
    snprintf(t1, sizeof t1, "play magician %s with %s", a, b);
    snprintf(t2, sizeof t2, "play magician %s with %s", b, a);
    return ysp_legal(s, seat, t1) || ysp_legal(s, seat, t2);
}

static void play_magician(gg_state *s, int seat, const char *a, const char *b)
{
    char t[GG_MAX_NOTATION * 2];
    snprintf(t, sizeof t, "play magician %s with %s", a, b);
    if (!ysp_legal(s, seat, t)) snprintf(t, sizeof t, "play magician %s with %s", b, a);
    ysp_play(s, seat, t);
}

/* Y-7.13 Magician: right after his 2 brokers, swap two of his brokers on
 * the board (each keeps its face); not in a Queen zone; with King's Favour
 * one may be in the throne room; no points gained or lost. */
static void test_Y_7_13_magician(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 44, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 u3:d1-port d2:blue2", "f0 f0 u1:d2-port d1:d2-trade", "f0 f0 u1:d3-port d1:d3-trade",
            "f0 f0 u1:d4-port d1:d4-trade");
    st->pl[0].score = st->pl[0].pts_market = 1;
    ysp_give(st, 0, YC_MAGICIAN, 0);
    ysp_turn(st, 1, 0);
    ysp_refused(s, 0, "play magician up 3 d1-port with down 2 blue2", GG_EILLEGAL,
                "right after your 2 brokers");
    ysp_play(s, 0, "up 4 d2-palace");
    ysp_play(s, 0, "down 1 d3-palace");
    assert_int_equal(st->stage, YS_ST_AFTER);
    assert_int_equal(ysp_actor(s), 0);
    assert_true(ysp_legal(s, 0, "pass"));
    assert_true(magician_legal(s, 0, "down 1 d3-palace", "up 4 d2-palace"));
    ysp_roundtrip(s);
    gg_state *queen = gg_clone(s);
    play_magician(s, 0, "up 3 d1-port", "down 2 blue2");
    int i = ysp_broker(st, 0, 3, YS_CELL_LOC(BLUE, 2)), j = ysp_broker(st, 0, 2, YS_ZONE_LOC(0, 0));
    assert_true(st->pl[0].b[i].flags & YS_F_UP);
    assert_false(st->pl[0].b[j].flags & YS_F_UP);
    assert_int_equal(st->pl[0].score, 1); /* no market point for the swap (Decision) */
    assert_int_equal(st->pl[0].hand, 0);
    assert_int_equal(ysp_actor(s), 1); /* the turn is over */

    ys_state *qs = ysp(queen); /* a broker in a Queen zone is not touched */
    qs->queen_loc = YS_ZONE_LOC(0, 0);
    qs->queen_owner = 1;
    qs->pl[1].active |= 1u << YC_QUEEN;
    ysp_refused(queen, 0, "play magician up 3 d1-port with down 2 blue2", GG_EILLEGAL, "not allowed");
    ysp_refused(queen, 0, "play magician down 2 blue2 with up 3 d1-port", GG_EILLEGAL, "not allowed");
    assert_false(magician_legal(queen, 0, "up 3 d1-port", "up 4 d2-palace"));
    assert_true(magician_legal(queen, 0, "down 2 blue2", "up 4 d2-palace"));
    gg_free(queen);
    gg_free(s);

    /* King's Favour: one of the two may be in the throne room (face down there) */
    s = game(4, "kings_favour=on", 44, 2);
    st = ysp(s);
    layouts(st, "r2 r2 t1 f0 f0 u3:d1-port d2:blue2", "r2 r2 t1 f0 f0 u1:d2-port d1:d2-trade",
            "r2 r2 t1 f0 f0 u1:d3-port d1:d3-trade", "r2 r2 t1 f0 f0 u1:d4-port d1:d4-trade");
    ysp_give(st, 0, YC_MAGICIAN, 0);
    ysp_turn(st, 1, 0);
    ysp_play(s, 0, "up 4 d2-palace");
    ysp_play(s, 0, "down 1 d3-palace");
    play_magician(s, 0, "up 3 d1-port", "down 1 throne");
    i = ysp_broker(st, 0, 3, YS_LOC_THRONE);
    assert_false(st->pl[0].b[i].flags & YS_F_UP);
    j = ysp_broker(st, 0, 1, YS_ZONE_LOC(0, 0));
    assert_false(st->pl[0].b[j].flags & YS_F_UP);
    assert_int_equal(ysp_count_at(st, 0, YS_LOC_THRONE), 1);
    ysp_roundtrip(s);
    gg_free(s);
}

/* Y-7.14 Merchant: this scoring every trade zone pays 5, to whoever wins it;
 * discarded at the end of scoring. */
static void test_Y_7_14_merchant(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 45, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, "f0 f0 f1 u3:d1-trade", "f0 f0 f1 u2:d2-trade", NULL);
    ysp_give(st, 0, YC_MERCHANT, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    ysp_play(s, 0, "play merchant");
    play_gems(s);
    assert_int_equal(st->pl[1].pts_trade, 5);
    assert_int_equal(st->pl[2].pts_trade, 5);
    assert_int_equal(st->pl[0].pts_trade, 0);
    play_until(s, YS_ST_BID);
    assert_int_equal(st->pl[0].active, 0);
    assert_int_equal(st->pl[0].hand, 0);
    /* the next scoring pays 3 again */
    layouts(st, NULL, "f0 f0 f1 u3:d1-trade", NULL, NULL);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    play_gems(s);
    assert_int_equal(st->pl[1].pts_trade, 8);
    gg_free(s);
}

/* Y-7.15 Mercenary (and Y-8.1): right after his 2 brokers, mark one of the
 * two just placed: it counts 5 in this round's scoring. */
static void test_Y_7_15_mercenary_Y_8_1_counts_5(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 46, 2);
    ys_state *st = ysp(s);
    layouts(st, "f3 f3 u2:d2-port d4:d2-trade", "f0 f0 u4:d1-palace d1:d1-trade",
            "f0 f0 u1:d3-port d1:d3-trade", "f0 f0 u1:d4-port d1:d4-trade");
    ysp_give(st, 0, YC_MERCENARY, 0);
    ysp_palace(st, 0, YC_CAPTAIN);
    ysp_turn(st, 1, 0);
    ysp_refused(s, 0, "play mercenary up 2 d2-port", GG_EILLEGAL, "right after your 2 brokers");
    ysp_play(s, 0, "up 0 d1-palace");
    ysp_play(s, 0, "down 1 d1-port");
    assert_int_equal(st->stage, YS_ST_AFTER);
    assert_int_equal(count_legal(s, 0, "play mercenary"), 2);
    ysp_refused(s, 0, "play mercenary up 2 d2-port", GG_EILLEGAL, "not allowed"); /* an earlier turn's */
    ysp_play(s, 0, "play mercenary up 0 d1-palace");
    int i = ysp_broker(st, 0, 0, YS_ZONE_LOC(0, 2));
    assert_true(st->pl[0].b[i].flags & YS_F_MERC);
    assert_int_equal(ys_count_value(&st->pl[0].b[i]), 5);
    assert_int_equal(ysp_actor(s), 1);
    ysp_roundtrip(s);
    cJSON *v = ysp_view(s, 2); /* the mark is public */
    assert_true(cJSON_IsTrue(jget(zone_broker(v, 0, "palace", 0), "mercenary")));
    cJSON_Delete(v);
    /* scoring: district 1 seat 0 5+1 = 6 beats seat 1's 4+1; palace 5 beats 4 */
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(ysp_actor(s), 0);
    play_gems(s);
    assert_int_equal(st->pl[0].hand, 1u << YC_CAPTAIN);
    /* the mark left with the broker */
    for (int k = 0; k < st->pl[0].n_brokers; k++) assert_false(st->pl[0].b[k].flags & YS_F_MERC);
    gg_free(s);
}

/* Y-7.16 Queen: right before his brokers, lock one city zone: nobody, the
 * owner included, places there this round; brokers there stay; discarded
 * once that district is scored. */
static void test_Y_7_16_queen(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 47, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 u1:d1-port d2:d1-trade", "f0 f0 u1:d2-port d1:d2-trade",
            "f0 f0 u3:d1-palace d2:d3-port", "f0 f0 u1:d4-port d2:d4-trade");
    ysp_give(st, 1, YC_QUEEN, 0);
    ysp_turn(st, 1, 0);
    assert_int_equal(count_legal(s, 0, "play "), 0);
    ysp_play(s, 0, "up 3 d3-trade");
    ysp_play(s, 0, "down 1 d3-trade");
    assert_int_equal(ysp_actor(s), 1);
    assert_int_equal(count_legal(s, 1, "play queen"), 12);
    gg_state *late = gg_clone(s);
    ysp_play(s, 1, "play queen d1-palace");
    assert_int_equal(st->queen_loc, YS_ZONE_LOC(0, 2));
    ysp_roundtrip(s);
    assert_int_equal(st->pl[1].hand, 0);
    cJSON *v = ysp_view(s, 3);
    assert_true(cJSON_IsTrue(jget(jget(cJSON_GetArrayItem(jget(v, "city"), 0), "palace"), "queen")));
    cJSON_Delete(v);
    ysp_refused(s, 1, "up 2 d1-palace", GG_EILLEGAL, "the Queen locks that zone this round (Y-7.16)");
    ysp_play(s, 1, "up 2 d1-port");
    ysp_play(s, 1, "down 3 d1-trade");
    ysp_refused(s, 2, "down 1 d1-palace", GG_EILLEGAL, "the Queen locks that zone");
    assert_int_equal(count_legal(s, 2, "up 1 d1-palace"), 0);
    assert_int_equal(ysp_count_at(st, 2, YS_ZONE_LOC(0, 2)), 1); /* stays */
    /* only before his brokers */
    ysp_play(late, 1, "up 2 d1-port");
    ysp_refused(late, 1, "play queen d2-port", GG_EILLEGAL, "before your brokers");
    gg_free(late);
    /* scoring: the Queen stays while district 1 is shared, then goes */
    layouts(st, "f0 f0 f1 u1:d1-port d2:d1-trade", "f0 f0 f1 u2:d1-port d3:d1-trade u1:d2-port",
            "f0 f0 f1 u3:d1-palace", NULL);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(st->district, 0);
    assert_int_equal(st->queen_loc, YS_ZONE_LOC(0, 2));
    for (int guard = 0; st->district == 0; guard++) {
        assert_true(guard < 8);
        assert_true(play_first(s, ysp_actor(s), "gem ", ""));
    }
    assert_int_equal(st->queen_loc, YS_NONE);
    assert_false(st->pl[1].active >> YC_QUEEN & 1);
    gg_free(s);
}

/* Y-7.17 Prince (+4) and Y-7.18 King (+5): immediate when won; not kept. */
static void test_Y_7_17_prince_Y_7_18_king(void **unused)
{
    (void)unused;
    for (int king = 0; king <= 1; king++) {
        gg_state *s = game(4, NULL, 48, 2);
        ys_state *st = ysp(s);
        layouts(st, NULL, NULL, "f0 f0 f1 u1:d1-palace", NULL);
        ysp_palace(st, 0, king ? YC_KING : YC_PRINCE);
        ysp_jump(st, YS_STEP_SCORING_WINDOW);
        play_gems(s);
        assert_int_equal(st->pl[2].score, king ? 5 : 4);
        assert_int_equal(st->pl[2].pts_cards, king ? 5 : 4);
        assert_int_equal(st->pl[2].hand, 0);
        assert_int_equal(st->pl[2].played, 0);
        gg_free(s);
    }
}

/* Y-7.19 blue card (round 4): one coloured gem of choice at once. */
static void test_Y_7_19_blue_card(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 49, 4);
    ys_state *st = ysp(s);
    for (int d = 0; d < 4; d++) st->palace_card[d] = YC_BLUE;
    st->blue_left = 0;
    layouts(st, NULL, "f0 f1 f1 u0:d2-palace", NULL, NULL);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    play_gems(s);
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(st->gem_kind, YS_GEM_ANY);
    assert_int_equal(ysp_actor(s), 1);
    assert_int_equal(count_legal(s, 1, "gem "), 4);
    ysp_refused(s, 1, "gem white>red", GG_EILLEGAL, "not on offer");
    int before = st->pl[1].gems[GREEN];
    ysp_play(s, 1, "gem green");
    assert_int_equal(st->pl[1].gems[GREEN], before + 1);
    assert_int_equal(st->pl[1].hand, 0);
    assert_int_equal(st->pl[1].played, 0);
    gg_free(s);
}

/* ------------------------------------------------------- Y-8 scoring */

/* Y-8.2: only players present take part; a lone 0 wins its place; a place
 * nobody is in awards nothing (gems stay in the bank, the card is discarded). */
static void test_Y_8_2_lone_zero_wins_empty_place_awards_nothing(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 50, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f1 f1 u0:d1-palace", NULL, NULL, NULL);
    ysp_palace(st, 0, YC_BANKER);
    ysp_palace(st, 1, YC_CAPTAIN);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->stage, YS_ST_GEM); /* the lone 0 ranks first in district 1 */
    assert_int_equal(ysp_actor(s), 0);
    play_gems(s);
    assert_int_equal(gem_total(st, 0), 2); /* 2 port gems; the other 2 stay in the bank */
    assert_int_equal(st->pl[0].gems[BLACK], 0); /* nobody in the port zone */
    assert_int_equal(st->pl[0].hand, 1u << YC_BANKER); /* the lone 0 wins the palace */
    assert_int_equal(st->pl[0].score, 0); /* nobody in the trade zone */
    for (int q = 1; q < 4; q++) {
        assert_int_equal(gem_total(st, q), 0);
        assert_int_equal(st->pl[q].hand, 0);
        assert_int_equal(st->pl[q].score, 0);
    }
    for (int d = 0; d < 4; d++) assert_int_equal(st->palace_card[d], YS_NONE); /* discarded */
    gg_free(s);
}

/* Y-8.3: ties go to the higher front-broker sum, then the lower order card;
 * the Intriguer beats both; the 2-player neutral wins except against him. */
static void test_Y_8_3_ties(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(4, NULL, 51);
    ys_state *st = ysp(s);
    int order[4] = {2, 1, 3, 4};
    ysp_orders(st, order);
    ysp_round(st, 2);
    layouts(st, "f0 f1 f3 u2:d1-trade", "f0 f0 f3 u2:d1-trade", "f0 f0 f1 u1:d2-trade",
            "f0 f0 f1 u1:d2-trade");
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    /* district 1, 2-2: seat 0's front 4 beats seat 1's 3 (order card 2 vs 1) */
    assert_int_equal(ysp_actor(s), 0);
    for (int guard = 0; st->district == 0; guard++) {
        assert_true(guard < 8);
        assert_true(play_first(s, ysp_actor(s), "gem ", ""));
    }
    /* district 2, 1-1, fronts 1-1: seat 2's order card 3 beats seat 3's 4 */
    assert_int_equal(st->district, 1);
    assert_int_equal(ysp_actor(s), 2);
    play_gems(s);
    assert_int_equal(st->pl[0].pts_trade, 3);
    assert_int_equal(st->pl[1].pts_trade, 0);
    assert_int_equal(st->pl[2].pts_trade, 3);
    assert_int_equal(st->pl[3].pts_trade, 0);
    assert_true(ys_wins_tie(st, 0, 1) && !ys_wins_tie(st, 1, 0));
    st->pl[1].active |= 1u << YC_INTRIGUER;
    assert_true(ys_wins_tie(st, 1, 0) && !ys_wins_tie(st, 0, 1));
    gg_free(s);
    /* the neutral */
    s = game(2, NULL, 51, 2);
    st = ysp(s);
    layouts(st, "f4 f4 f3", "f0 f0 f1", NULL, NULL);
    assert_true(ys_wins_tie(st, YS_NEUTRAL, 0) && !ys_wins_tie(st, 0, YS_NEUTRAL));
    st->pl[1].active |= 1u << YC_INTRIGUER;
    assert_true(ys_wins_tie(st, 1, YS_NEUTRAL) && !ys_wins_tie(st, YS_NEUTRAL, 1));
    gg_free(s);
}

/* Y-8.4: a district's port gems to its ranking (4 players: 2, 1, 1; 3
 * players: 2, 1, none), then the zones: port a black gem, trade 3 points,
 * palace the card; its brokers go home. */
static void test_Y_8_4_district_scoring(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 52, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u4:d1-port", "f0 f0 f1 u3:d1-trade", "f0 f0 f1 u2:d1-palace",
            "f0 f0 f1 d1:d1-palace");
    ysp_port(st, 0, 1); /* blue | green, yellow: blue blue green yellow */
    ysp_palace(st, 0, YC_JEWELLER);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(ysp_actor(s), 0);
    ysp_play(s, 0, "gem green");
    ysp_play(s, 0, "gem yellow");
    /* the 2nd and 3rd get a blue each without a choice (only blues left); the 4th none */
    assert_int_equal(st->pl[0].gems[GREEN], 1);
    assert_int_equal(st->pl[0].gems[YELLOW], 1);
    assert_int_equal(st->pl[0].gems[BLACK], 1); /* port zone */
    assert_int_equal(st->pl[1].gems[BLUE], 1);
    assert_int_equal(st->pl[1].score, 3); /* trade zone */
    assert_int_equal(st->pl[2].gems[BLUE], 1);
    assert_int_equal(st->pl[2].hand, 1u << YC_JEWELLER); /* palace: 2 beats 1 */
    assert_int_equal(gem_total(st, 3), 0);
    for (int q = 0; q < 4; q++) {
        for (int z = 0; z < 3; z++) assert_int_equal(ysp_count_at(st, q, YS_ZONE_LOC(0, z)), 0);
        assert_int_equal(ysp_count_at(st, q, YS_LOC_SCREEN), 8);
    }
    gg_free(s);

    s = game(3, NULL, 52, 2);
    st = ysp(s);
    layouts(st, "f0 f0 f1 u4:d1-port", "f0 f0 f1 u3:d1-trade", "f0 f0 f1 u2:d1-palace", NULL);
    ysp_port(st, 0, 1); /* 3 players: blue green yellow */
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(ysp_actor(s), 0);
    assert_int_equal(count_legal(s, 0, "gem "), 3);
    ysp_play(s, 0, "gem blue");
    ysp_play(s, 0, "gem green");
    assert_int_equal(st->pl[1].gems[YELLOW], 1);
    assert_int_equal(st->pl[2].gems[BLUE] + st->pl[2].gems[GREEN] + st->pl[2].gems[YELLOW], 0);
    gg_free(s);
}

/* Y-8.5: a white gem is exchanged at once for a coloured gem of choice. */
static void test_Y_8_5_white_gem_exchanged_at_once(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 53, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, "f0 f0 f1 u1:green1", NULL);
    ysp_market(st, YS_NONE, WHITE, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(st->gem_kind, YS_GEM_WHITE);
    assert_int_equal(ysp_actor(s), 2);
    assert_int_equal(count_legal(s, 2, "gem white>"), 4);
    assert_int_equal(count_legal(s, 2, "gem "), 4);
    ysp_refused(s, 2, "gem green", GG_EILLEGAL, "not on offer");
    ysp_refused(s, 2, "gem white>black", GG_EPARSE, "not a colour");
    ysp_refused(s, 2, "gem white>white", GG_EPARSE, "not a colour");
    ysp_play(s, 2, "gem white>yellow");
    assert_int_equal(st->pl[2].gems[YELLOW], 1);
    assert_int_equal(st->pl[2].gems[WHITE], 0);
    gg_free(s);
}

/* Y-8.6: each row's gem to the highest total in that row; a row nobody is
 * in keeps its gem in the bank. */
static void test_Y_8_6_market_rows(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 54, 2);
    ys_state *st = ysp(s);
    layouts(st, "f1 f1 f2 u1:blue1 u0:green1", "f0 f0 f1 u3:red1", "f1 f1 f2 d0:yellow3", NULL);
    ysp_market(st, YS_NONE, RED, YELLOW, BLUE);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->pl[1].gems[RED], 1); /* row 1: 3 beats 1+0 */
    assert_int_equal(st->pl[2].gems[BLUE], 1); /* row 3: a lone 0 */
    assert_int_equal(gem_total(st, 0), 0);
    for (int q = 0; q < 4; q++) assert_int_equal(st->pl[q].gems[YELLOW], 0); /* row 2: nobody */
    for (int r = 0; r < 4; r++) assert_int_equal(st->market_gem[r], YS_NONE);
    gg_free(s);
}

/* Y-8.7: columns by total (+2, +1, -1, -2); equal totals: more brokers is
 * higher (a lone 0 beats an empty column); still equal: the highest
 * front-broker sum orders them — chosen among all players (docs/rules/ys.md, Ruling). */
static void test_Y_8_7_market_columns(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 55, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u4:blue1", "f0 f0 f1 u3:green1", NULL, "f1 f1 f2 u0:red1");
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    /* blue 4, green 3, red 0 with a broker, yellow empty: no choice */
    assert_int_equal(st->stage, YS_ST_MAJORITY);
    assert_int_equal(st->rate[BLUE], 2);
    assert_int_equal(st->rate[GREEN], 1);
    assert_int_equal(st->rate[RED], -1);
    assert_int_equal(st->rate[YELLOW], -2);
    gg_free(s);

    s = game(4, NULL, 55, 2);
    st = ysp(s);
    layouts(st, "f0 f0 f1 u2:blue1", "f0 f0 f1 u2:green2", "f0 f0 f1 u1:yellow1 u2:yellow2 u3:red1",
            "f4 f4 f3");
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    /* yellow 3 (2 brokers) over red 3 (1); blue and green tie at 2 with one
     * broker each: seat 3, not on the market, has the highest front */
    assert_int_equal(st->stage, YS_ST_COLUMN);
    assert_int_equal(ysp_actor(s), 3);
    assert_int_equal(count_legal(s, 3, "column "), 2);
    assert_true(ysp_legal(s, 3, "column blue"));
    assert_true(ysp_legal(s, 3, "column green"));
    ysp_refused(s, 3, "column red", GG_EILLEGAL, "not among the tied");
    ysp_refused(s, 3, "column black", GG_EPARSE, "not a colour");
    ysp_play(s, 3, "column green");
    assert_int_equal(st->rate[YELLOW], 2);
    assert_int_equal(st->rate[RED], 1);
    assert_int_equal(st->rate[GREEN], -1);
    assert_int_equal(st->rate[BLUE], -2);
    assert_int_equal(st->stage, YS_ST_MAJORITY);
    assert_int_equal(ysp_actor(s), 2);
    gg_free(s);
}

/* Y-8.8: the highest total over the market (ties Y-8.3) moves one rate by
 * 1, up or down; nobody on the market: skipped. */
static void test_Y_8_8_market_majority(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 56, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u1:blue1", "f0 f0 f1 u3:red1", "f1 f1 f2 u0:green1", NULL);
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->stage, YS_ST_MAJORITY);
    assert_int_equal(ysp_actor(s), 1);
    assert_int_equal(count_legal(s, 1, "rate "), 8);
    ysp_refused(s, 1, "rate red", GG_EPARSE, "+ or -");
    assert_int_equal(st->rate[RED], 2);
    ysp_play(s, 1, "rate red-");
    assert_int_equal(st->rate[RED], 1);
    gg_free(s);

    /* a tie: seat 1 has order card 1, seat 0 the higher front */
    s = ysp_new(4, NULL, 56);
    st = ysp(s);
    int order[4] = {2, 1, 3, 4};
    ysp_orders(st, order);
    layouts(st, "f4 f4 f3 u3:blue1", "f0 f0 f1 u3:green2", NULL, NULL);
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    play_until(s, YS_ST_MAJORITY);
    assert_int_equal(ysp_actor(s), 0);
    gg_free(s);

    /* nobody on the market: no majority */
    s = game(4, NULL, 56, 2);
    st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    for (int guard = 0; st->stage != YS_ST_BID; guard++) {
        assert_true(guard < 10);
        assert_int_not_equal(st->stage, YS_ST_MAJORITY);
        assert_true(play_first(s, ysp_actor(s), "", ""));
    }
    assert_int_equal(st->round, 3);
    gg_free(s);
}

/* Y-8.9: after the end-of-scoring window every broker goes home (board and
 * front; the front stays for the throne with King's Favour); port ships
 * are discarded. */
static void test_Y_8_9_brokers_return_ships_discarded(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 57, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u1:d1-port d3:blue1", "f0 f0 f1 u2:red3", NULL, NULL);
    uint8_t old[4];
    memcpy(old, st->port_ship, 4);
    int left = st->ship_n;
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    play_until(s, YS_ST_BID);
    assert_int_equal(st->round, 3);
    for (int q = 0; q < 4; q++) assert_int_equal(ysp_count_at(st, q, YS_LOC_SCREEN), 11);
    assert_int_equal(st->ship_n, left - 5); /* a new round's ships */
    for (int d = 0; d < 4; d++) {
        for (int i = 0; i < st->ship_n; i++) assert_int_not_equal(st->ship_deck[i], old[d]);
        for (int e = 0; e < 4; e++) assert_int_not_equal(st->port_ship[e], old[d]);
    }
    gg_free(s);

    s = game(4, "kings_favour=on", 57, 2);
    st = ysp(s);
    for (int q = 0; q < 4; q++) ysp_layout(st, q, q ? "r2 r2 t1 f0 f0 f1" : "r2 r2 t1 f0 f0 f1 u1:d1-port");
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    play_until(s, YS_ST_THRONE);
    for (int q = 0; q < 4; q++) {
        assert_int_equal(ysp_count_at(st, q, YS_LOC_FRONT), 3);
        assert_int_equal(ysp_count_at(st, q, YS_ZONE_LOC(0, 0)), 0);
    }
    gg_free(s);
}

/* Final scoring straight from an edited round-4 state. */
static gg_state *final_position(int players, uint64_t seed)
{
    gg_state *s = game(players, NULL, seed, 4);
    for (int q = 0; q < players; q++) ysp_layout(ysp(s), q, "");
    return s;
}

static void set_gems(ys_state *st, int q, int blue, int green, int yellow, int red, int black)
{
    uint8_t g[6] = {(uint8_t)blue, (uint8_t)green, (uint8_t)yellow, (uint8_t)red, (uint8_t)black, 0};
    memcpy(st->pl[q].gems, g, 6);
}

/* Y-8.10: colours ranked by rate (equal: leftmost first); per colour the
 * holders ranked by count; tied players take the lowest place they share;
 * none of a colour scores nothing. */
static void test_Y_8_10_colour_scoring(void **unused)
{
    (void)unused;
    gg_state *s = final_position(4, 58);
    ys_state *st = ysp(s);
    st->rate[BLUE] = 1;
    st->rate[GREEN] = 1;
    st->rate[YELLOW] = 0;
    st->rate[RED] = -3;
    set_gems(st, 0, 6, 2, 0, 0, 0);
    set_gems(st, 1, 5, 2, 0, 0, 0);
    set_gems(st, 2, 5, 0, 0, 0, 0);
    set_gems(st, 3, 3, 1, 1, 0, 0);
    ys_final f;
    ys_final_scores(st, &f);
    int rank[4] = {BLUE, GREEN, YELLOW, RED};
    for (int k = 0; k < 4; k++) assert_int_equal(f.colour_rank[k], rank[k]);
    int blue[4] = {24, 12, 12, 6}, green[4] = {15, 15, 0, 10}, yellow[4] = {0, 0, 0, 16};
    for (int q = 0; q < 4; q++) {
        assert_int_equal(f.colour_pts[q][BLUE], blue[q]);
        assert_int_equal(f.colour_pts[q][GREEN], green[q]);
        assert_int_equal(f.colour_pts[q][YELLOW], yellow[q]);
        assert_int_equal(f.colour_pts[q][RED], 0);
    }
    /* the engine adds them at the end */
    st->pl[2].score = st->pl[2].pts_trade = 3;
    ysp_jump(st, YS_STEP_FINAL);
    assert_true(gg_is_over(s));
    int total[4] = {39, 27, 15, 32};
    for (int q = 0; q < 4; q++) assert_int_equal(st->pl[q].score, total[q]);
    gg_free(s);
}

/* Y-8.11: black gems 1, 4, 8, 12, 16, 20, then 24 for 7 or more. */
static void test_Y_8_11_black_gems(void **unused)
{
    (void)unused;
    gg_state *s = final_position(4, 59);
    ys_state *st = ysp(s);
    static const int want[10] = {0, 1, 4, 8, 12, 16, 20, 24, 24, 24};
    for (int k = 0; k < 10; k++) {
        set_gems(st, 0, 0, 0, 0, 0, k);
        ys_final f;
        ys_final_scores(st, &f);
        assert_int_equal(f.black_pts[0], want[k]);
    }
    gg_free(s);
}

/* Y-8.12: most points; tie: most gems (coloured + black); still tied: shared. */
static void test_Y_8_12_winner_and_tie_break(void **unused)
{
    (void)unused;
    gg_state *s = final_position(4, 60);
    ys_state *st = ysp(s);
    int score[4] = {30, 30, 30, 10};
    for (int q = 0; q < 4; q++) st->pl[q].score = (int16_t)score[q];
    set_gems(st, 0, 1, 0, 0, 0, 2); /* 3 gems */
    set_gems(st, 1, 0, 2, 1, 0, 2); /* 5 */
    set_gems(st, 2, 4, 0, 0, 0, 1); /* 5 */
    set_gems(st, 3, 9, 0, 0, 0, 0);
    gg_result r;
    gg_result_get(s, &r);
    int rank[4] = {3, 1, 1, 4};
    for (int q = 0; q < 4; q++) assert_int_equal(r.rank[q], rank[q]);
    assert_int_equal(r.winners, 2);
    set_gems(st, 2, 4, 0, 0, 0, 0); /* now 4: seat 1 alone */
    gg_result_get(s, &r);
    assert_int_equal(r.rank[1], 1);
    assert_int_equal(r.rank[2], 2);
    assert_int_equal(r.winners, 1);
    gg_free(s);
}

/* ------------------------------------------------------- Y-9 variants */

static void refused_options(int players, const char *kv, const char *needle)
{
    const gg_game *g = gg_game_find("ys");
    gg_options o;
    gg_error err = {0};
    gg_options_init(&o, g, players);
    assert_int_equal(gg_options_set_kv(&o, g, kv, &err), GG_OK);
    gg_state *s = gg_new(g, &o, 1, &err);
    if (s) fail_msg("%d players with %s accepted", players, kv);
    assert_int_equal(err.code, GG_EOPTION);
    if (!strstr(err.msg, needle)) fail_msg("\"%s\" lacks \"%s\"", err.msg, needle);
}

/* Y-9.1 King's Favour: after each scoring every player secretly puts one
 * front broker in the throne room, the others go home, one 2 comes from the
 * reserve; only the Spy (look) and the Magician (Y-7.13) touch the throne;
 * at the end 12, 7, 3, shared by ties and rounded down. */
static void test_Y_9_1_kings_favour(void **unused)
{
    (void)unused;
    refused_options(2, "kings_favour=on", "Y-9.1");
    gg_state *s = game(4, "kings_favour=on", 61, 1);
    ys_state *st = ysp(s);
    layouts(st, "r2 r2 r2 f0 f1 f3", "r2 r2 r2 f0 f1 f4", "r2 r2 r2 f1 f1 f1", "r2 r2 r2 f0 f0 f2");
    ysp_jump(st, YS_STEP_END_WINDOW);
    assert_int_equal(st->stage, YS_ST_THRONE);
    int seats[GG_MAX_SEATS];
    assert_int_equal(gg_actors(s, seats), 4);
    assert_int_equal(count_legal(s, 0, "throne "), 3);
    assert_int_equal(count_legal(s, 2, "throne "), 1);
    ysp_refused(s, 0, "throne 4", GG_EILLEGAL, "must be one of your front brokers");
    ysp_roundtrip(s);
    ysp_play(s, 0, "throne 3");
    assert_int_equal(gg_actors(s, seats), 3);
    ysp_refused(s, 0, "throne 1", GG_ESEAT, "not to act");
    cJSON *v = ysp_view(s, 1);
    assert_int_equal(cJSON_GetArraySize(jget(view_player(v, 0), "throne")), 0);
    assert_int_equal(jget(view_player(v, 0), "throne_hidden")->valueint, 1);
    cJSON_Delete(v);
    v = ysp_view(s, 0);
    assert_true(int_array_equals(jget(view_player(v, 0), "throne"), "3"));
    cJSON_Delete(v);
    gg_action a;
    char buf[GG_MAX_NOTATION];
    assert_int_equal(gg_action_parse(s, 0, "throne 3", &a, NULL), GG_OK);
    gg_action_announce(s, 0, a, 2, buf, sizeof buf);
    assert_string_equal(buf, "throne ?");
    ysp_play(s, 1, "throne 4");
    ysp_play(s, 2, "throne 1");
    ysp_play(s, 3, "throne 2");
    assert_int_equal(st->stage, YS_ST_BID);
    assert_int_equal(st->round, 2);
    for (int q = 0; q < 4; q++) {
        assert_int_equal(ysp_count_at(st, q, YS_LOC_THRONE), 1);
        assert_int_equal(ysp_count_at(st, q, YS_LOC_RESERVE), 2);
        assert_int_equal(ysp_count_at(st, q, YS_LOC_FRONT), 0);
        assert_int_equal(ysp_count_at(st, q, YS_LOC_SCREEN), 11);
    }
    gg_free(s);

    /* the Spy may look into the throne room */
    s = game(4, "kings_favour=on", 62, 2);
    st = ysp(s);
    layouts(st, "r2 r2 t1 f0 f0", "r2 r2 t3 f0 f0", "r2 r2 t1 f0 f0", "r2 r2 t1 f0 f0");
    st->pl[0].active |= 1u << YC_SPY;
    st->pl[0].spy_peeks = 3;
    st->pl[0].played = 1;
    ysp_turn(st, 0, 0);
    assert_true(ysp_legal(s, 0, "peek S1 throne"));
    ysp_play(s, 0, "peek S1 throne");
    v = ysp_view(s, 0);
    assert_true(int_array_equals(jget(view_player(v, 1), "throne"), "3"));
    cJSON_Delete(v);
    v = ysp_view(s, 2);
    assert_int_equal(jget(view_player(v, 1), "throne_hidden")->valueint, 1);
    cJSON_Delete(v);
    gg_free(s);

    /* the Herald may not move a broker out of it */
    s = game(4, "kings_favour=on", 63, 2);
    st = ysp(s);
    layouts(st, "r2 r2 t2 f0 f0 f1 u1:d1-port", "r2 r2 t1 f0 f0 f1", "r2 r2 t1 f0 f0 f1",
            "r2 r2 t1 f0 f0 f1");
    ysp_give(st, 0, YC_HERALD, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(ysp_actor(s), 0);
    assert_true(ysp_legal(s, 0, "play herald up 1 d1-port to d2-port"));
    ysp_refused(s, 0, "play herald down 2 throne to d2-port", GG_EILLEGAL, "not allowed");
    gg_free(s);

    /* 12, 7, 3, 0; ties share the places they cover, rounded down */
    s = game(4, "kings_favour=on", 64, 4);
    st = ysp(s);
    layouts(st, "t2 t3", "t4 t1", "t0 t2 t3", "t1");
    ys_final f;
    ys_final_scores(st, &f);
    int three_way[4] = {7, 7, 7, 0}; /* (12+7+3)/3 */
    for (int q = 0; q < 4; q++) assert_int_equal(f.throne_pts[q], three_way[q]);
    layouts(st, "t2 t4", "t4", "t1 t3", "t2");
    ys_final_scores(st, &f);
    int two_way[4] = {12, 5, 5, 0}; /* (7+3)/2 */
    for (int q = 0; q < 4; q++) assert_int_equal(f.throne_pts[q], two_way[q]);
    gg_free(s);
}

/* Y-9.2 Ys Express (3-4 players): 9 brokers, no ship cards with white, 3
 * placement turns (Y-1.2, Y-2.5, Y-6.1 check the details). */
static void test_Y_9_2_express(void **unused)
{
    (void)unused;
    refused_options(2, "express=on", "Y-9.2");
    for (int players = 3; players <= 4; players++) {
        gg_state *s = ysp_new(players, "express=on", 65);
        const ys_state *st = ysp_c(s);
        assert_int_equal(st->turns, 3);
        for (int q = 0; q < players; q++) assert_int_equal(st->pl[q].n_brokers, 9);
        for (int i = 0; i < 20; i++) {
            const ys_ship *sh = &ys_ships[st->ship_deck[i]];
            assert_true(sh->small[0] != WHITE && sh->small[1] != WHITE);
        }
        gg_free(s);
    }
}

/* Y-9.3 3 players: 3 or 4 districts, 3 gems a port, market rows 2-3 (the
 * sharing 2/1/none is in test_Y_8_4). */
static void test_Y_9_3_three_players(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(3, NULL, 66);
    const ys_state *st = ysp_c(s);
    assert_int_equal(st->districts, 4);
    uint8_t g[4];
    for (int d = 0; d < 4; d++) assert_int_equal(ys_ship_gems(st, st->port_ship[d], g), 3);
    assert_int_equal(st->market_gem[0], YS_NONE);
    assert_int_equal(st->market_gem[1], YS_NONE);
    assert_int_not_equal(st->market_gem[2], YS_NONE);
    assert_int_not_equal(st->market_gem[3], YS_NONE);
    gg_free(s);
    s = ysp_new(3, "districts=3 kings_favour=on", 66);
    assert_int_equal(ysp(s)->districts, 3);
    gg_free(s);
}

/* Y-9.4 2 players: the neutral. */
static void test_Y_9_4_two_players_neutral(void **unused)
{
    (void)unused;
    /* strong neutral: 4 3 1 0 */
    gg_state *s = ysp_new(2, "strong_neutral=on", 67);
    for (int q = 0; q < 2; q++) {
        int cnt[5] = {0}, want[5] = {1, 1, 0, 1, 1};
        for (int i = 0; i < YS_NEUTRAL_BROKERS; i++) cnt[ysp(s)->pl[q].nb[i].value]++;
        assert_memory_equal(cnt, want, sizeof cnt);
    }
    gg_free(s);
    refused_options(3, "strong_neutral=on", "Y-9.4");

    /* each turn: 2 brokers and 1 neutral broker face down, in any order */
    s = game(2, NULL, 68, 1);
    ys_state *st = ysp(s);
    ysp_play(s, 0, "bid 0+1");
    ysp_play(s, 1, "bid 2+3");
    assert_int_equal(ysp_actor(s), 1); /* no choice for the last: seat 0 gets place 2 */
    ysp_play(s, 1, "order 1");
    assert_int_equal(ysp_actor(s), 1);
    ysp_play(s, 1, "up 0 d1-port");
    ysp_play(s, 1, "down 0 d1-trade");
    assert_int_equal(ysp_actor(s), 1); /* the neutral broker is still due */
    ysp_refused(s, 1, "neutral 3 d1-port", GG_EILLEGAL, "you hold no neutral broker 3");
    ysp_play(s, 1, "neutral 4 red2");
    assert_int_equal(st->neutral_score, 1); /* its market point (Decision) */
    assert_int_equal(st->neutral_market, 1);
    assert_int_equal(st->pl[1].score, 0);
    assert_int_equal(ysp_actor(s), 0);
    ysp_play(s, 0, "neutral 2 d1-palace");
    ysp_refused(s, 0, "neutral 1 d2-port", GG_EILLEGAL, "already placed a neutral broker");
    ysp_refused(s, 0, "up 1 red2", GG_EILLEGAL, "already holds a broker"); /* the neutral's cell */
    ysp_play(s, 0, "up 0 d1-trade");
    ysp_play(s, 0, "down 2 d2-port");
    assert_int_equal(ysp_actor(s), 1);
    /* nobody but its placer knows a neutral broker's value */
    cJSON *v = ysp_view(s, 1);
    cJSON *b = cJSON_GetArrayItem(view_zone(v, 0, "palace"), 0);
    assert_string_equal(jget(b, "seat")->valuestring, "neutral");
    assert_int_equal(jget(b, "placer")->valueint, 0);
    assert_null(cJSON_GetObjectItem(b, "value"));
    cJSON_Delete(v);
    v = ysp_view(s, 0);
    b = cJSON_GetArrayItem(view_zone(v, 0, "palace"), 0);
    assert_int_equal(jget(b, "value")->valueint, 2);
    cJSON_Delete(v);
    gg_action a;
    char buf[GG_MAX_NOTATION];
    assert_int_equal(gg_action_parse(s, 0, "neutral 2 d1-palace", &a, NULL), GG_OK);
    gg_action_announce(s, 0, a, 1, buf, sizeof buf);
    assert_string_equal(buf, "neutral ? d1-palace");
    ysp_roundtrip(s);
    gg_free(s);

    /* scoring: the neutral wins ties and decides by itself */
    s = game(2, NULL, 69, 2);
    st = ysp(s);
    st->rate[RED] = 2;
    layouts(st, "f0 f0 f1 u1:red3", "f0 f0 f1 u4:d1-trade", NULL, NULL);
    ysp_neutral(st, 0, "4:d1-port 2:d2-palace");
    ysp_neutral(st, 1, "4:green2");
    ysp_port(st, 0, 5); /* 2 players: blue, white, red */
    ysp_port(st, 1, 1); /* blue, green, yellow */
    ysp_palace(st, 0, YC_BANKER);
    ysp_palace(st, 1, YC_KING);
    ysp_market(st, YS_NONE, YS_NONE, YELLOW, GREEN);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    /* district 1: neutral 4 ties seat 1's 4 and ranks first: white first (as
     * red, the best rate), then the best-rated gem offered: red; seat 1 gets
     * the blue left; the port's black to the neutral; trade to seat 1; the
     * palace (nobody) discards the Banker. District 2: the neutral alone
     * takes blue and green (equal rates: leftmost) and scores the King. */
    assert_int_equal(st->stage, YS_ST_COLUMN);
    uint8_t want_n[6] = {1, 1, 0, 2, 1, 0};
    want_n[YELLOW] = 1; /* market row 2 */
    assert_memory_equal(st->neutral_gems, want_n, 6);
    assert_int_equal(st->pl[1].gems[BLUE], 1);
    assert_int_equal(st->pl[1].pts_trade, 3);
    assert_int_equal(st->pl[0].gems[GREEN], 1); /* market row 3 */
    assert_int_equal(st->neutral_score, 5);
    for (int q = 0; q < 2; q++) assert_int_equal(st->pl[q].hand, 0);
    /* columns: green 4 (the neutral's broker counts), red 1, blue and yellow
     * empty: ordered by seat 0 (fronts equal, order card 1) */
    assert_int_equal(ysp_actor(s), 0);
    ysp_roundtrip(s);
    ysp_play(s, 0, "column yellow");
    /* majority: the neutral (4), raising the colour it holds most: red */
    assert_int_equal(st->stage, YS_ST_BID);
    assert_int_equal(st->rate[GREEN], 2);
    assert_int_equal(st->rate[RED], 2 + 1 + 1);
    assert_int_equal(st->rate[YELLOW], -1);
    assert_int_equal(st->rate[BLUE], -2);
    gg_free(s);

    /* a neutral's card other than King/Prince is discarded for a gem */
    s = game(2, NULL, 70, 2);
    st = ysp(s);
    st->rate[YELLOW] = 1;
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_neutral(st, 1, "0:d3-palace");
    ysp_palace(st, 2, YC_CAPTAIN);
    ysp_port(st, 2, 13); /* yellow | blue, green */
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->palace_card[2], YS_NONE);
    assert_int_equal(st->neutral_gems[YELLOW], 1 + 1); /* port (best rate) + the card's gem */
    assert_int_equal(st->neutral_gems[BLUE], 1);
    for (int q = 0; q < 2; q++) assert_int_equal(st->pl[q].hand, 0);
    gg_free(s);

    /* the Intriguer beats the neutral */
    s = game(2, NULL, 71, 2);
    st = ysp(s);
    layouts(st, NULL, "f0 f0 f1 u4:d1-trade", NULL, NULL);
    ysp_neutral(st, 0, "4:d1-port");
    ysp_give(st, 1, YC_INTRIGUER, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    ysp_play(s, 1, "play intriguer");
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(ysp_actor(s), 1);
    gg_free(s);

    /* final scoring: for each colour it holds none of, the neutral scores
     * that colour's 3rd place */
    s = game(2, NULL, 72, 4);
    st = ysp(s);
    layouts(st, "", "", NULL, NULL);
    set_gems(st, 0, 3, 1, 0, 0, 0);
    set_gems(st, 1, 1, 0, 0, 0, 0);
    st->neutral_gems[BLUE] = 2;
    ys_final f;
    ys_final_scores(st, &f);
    assert_int_equal(f.colour_pts[0][BLUE], 24);
    assert_int_equal(f.colour_pts[YS_NEUTRAL][BLUE], 18);
    assert_int_equal(f.colour_pts[1][BLUE], 12);
    assert_int_equal(f.colour_pts[0][GREEN], 20);
    assert_int_equal(f.colour_pts[YS_NEUTRAL][GREEN], 10);
    assert_int_equal(f.colour_pts[YS_NEUTRAL][YELLOW], 8);
    assert_int_equal(f.colour_pts[YS_NEUTRAL][RED], 6);
    ysp_jump(st, YS_STEP_FINAL);
    assert_int_equal(st->neutral_score, 18 + 10 + 8 + 6);
    gg_result r;
    gg_result_get(s, &r);
    assert_int_equal(r.players, 2); /* the neutral takes no rank */
    assert_int_equal(r.rank[0], 1);
    gg_free(s);
}

/* ------------------------------------------------------- Y-11 views */

/* A King's Favour position in round 2, seat 1's second placement turn,
 * with brokers face up and down, a throne, gems, a card and a score. */
static gg_state *view_position(void)
{
    gg_state *s = game(4, "kings_favour=on", 73, 2);
    ys_state *st = ysp(s);
    layouts(st, "r2 r2 t3 f0 f1 u4:d1-port d2:d1-trade", "r2 r2 t1 f0 f0 u3:blue1 d1:d2-port",
            "r2 r2 t1 f0 f0 u1:d3-port d1:d3-trade", "r2 r2 t1 f0 f0 u1:d4-port d1:d4-trade");
    st->pl[0].gems[RED] = 2;
    st->pl[0].gems[BLACK] = 1;
    st->pl[1].score = st->pl[1].pts_market = 1;
    st->rate[GREEN] = 3;
    ysp_give(st, 0, YC_CAPTAIN, 0);
    ysp_turn(st, 1, 1);
    assert_int_equal(ysp_actor(s), 1);
    return s;
}

/* The values of seat q's brokers `viewer` does not know, as "0 1 3". */
static const char *unknown_values(const ys_state *st, int viewer, int q)
{
    static char buf[64];
    int cnt[5] = {0};
    for (int i = 0; i < st->pl[q].n_brokers; i++) {
        const ys_broker *b = &st->pl[q].b[i];
        int seen = b->loc == YS_LOC_RESERVE || (b->loc == YS_LOC_FRONT && !(b->flags & YS_F_BID)) ||
                   (YS_IS_BOARD(b->loc) && (b->flags & YS_F_UP)) || q == viewer;
        if (!seen) cnt[b->value]++;
    }
    buf[0] = 0;
    for (int v = 0; v < 5; v++)
        for (int k = 0; k < cnt[v]; k++)
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%d", buf[0] ? " " : "", v);
    return buf;
}

/* Y-11.1: the public part of a view. */
static void test_Y_11_1_public_view(void **unused)
{
    (void)unused;
    gg_state *s = view_position();
    const ys_state *st = ysp_c(s);
    cJSON *v = ysp_view(s, 2);
    cJSON *b = zone_broker(v, 0, "port", 0);
    assert_string_equal(jget(b, "face")->valuestring, "up");
    assert_int_equal(jget(b, "value")->valueint, 4); /* face-up value */
    b = zone_broker(v, 0, "trade", 0);
    assert_string_equal(jget(b, "face")->valuestring, "down"); /* place and owner, no value */
    assert_null(cJSON_GetObjectItem(b, "value"));
    cJSON *cell = cJSON_GetArrayItem(jget(jget(jget(v, "market"), "columns"), "blue"), 1);
    assert_int_equal(jget(cell, "seat")->valueint, 1);
    assert_int_equal(jget(cell, "value")->valueint, 3);
    cJSON *p0 = view_player(v, 0);
    assert_true(int_array_equals(jget(p0, "front"), "0 1"));
    assert_int_equal(jget(p0, "order")->valueint, 1);
    assert_int_equal(jget(jget(p0, "gems"), "red")->valueint, 2);
    assert_int_equal(jget(jget(p0, "gems"), "black")->valueint, 1);
    assert_string_equal(jget(cJSON_GetArrayItem(jget(p0, "cards"), 0), "card")->valuestring, "captain");
    assert_int_equal(cJSON_GetArraySize(jget(p0, "throne")), 0);
    assert_int_equal(jget(p0, "throne_hidden")->valueint, 1); /* how many, not which */
    assert_int_equal(jget(p0, "reserve")->valueint, 2);
    assert_int_equal(jget(p0, "screen_count")->valueint, ysp_count_at(st, 0, YS_LOC_SCREEN));
    assert_true(int_array_equals(jget(p0, "unseen"), unknown_values(st, 2, 0)));
    assert_int_equal(jget(view_player(v, 1), "score")->valueint, 1);
    assert_int_equal(jget(jget(v, "rates"), "green")->valueint, 3);
    cJSON *d1 = cJSON_GetArrayItem(jget(v, "city"), 0);
    assert_string_equal(jget(d1, "palace_card")->valuestring, ys_cards[st->palace_card[0]].key);
    assert_int_equal(jget(jget(d1, "ship"), "card")->valueint, st->port_ship[0] + 1);
    assert_int_equal(jget(d1, "pile")->valueint, st->pile_n[0]);
    assert_int_equal(jget(v, "ship_deck_left")->valueint, st->ship_n);
    cJSON_Delete(v);
    gg_free(s);
}

/* Y-11.2: what only P sees: his screen, his face-down brokers (Y-6.5), his
 * throne; (his bid before the reveal: test_Y_5_1; his Spy's looks:
 * test_Y_7_8; the neutral values he placed: test_Y_9_4). */
static void test_Y_11_2_private_to_the_seat(void **unused)
{
    (void)unused;
    gg_state *s = view_position();
    const ys_state *st = ysp_c(s);
    cJSON *v = ysp_view(s, 0);
    cJSON *p0 = view_player(v, 0);
    assert_true(int_array_equals(jget(p0, "screen"), values_at(st, 0, YS_LOC_SCREEN)));
    assert_true(int_array_equals(jget(p0, "throne"), "3"));
    assert_int_equal(jget(p0, "throne_hidden")->valueint, 0);
    assert_int_equal(jget(zone_broker(v, 0, "trade", 0), "value")->valueint, 2);
    assert_true(int_array_equals(jget(p0, "unseen"), ""));
    /* ... and nobody else's */
    assert_null(cJSON_GetObjectItem(view_player(v, 1), "screen"));
    assert_null(cJSON_GetObjectItem(zone_broker(v, 1, "port", 1), "value"));
    cJSON_Delete(v);
    gg_free(s);
}

/* Two positions that differ only in what `owner` keeps secret must give
 * every other seat (and a spectator) exactly the same view. */
static void same_views_but_owner(const gg_state *a, const gg_state *b, int owner)
{
    for (int viewer = -1; viewer < gg_players(a); viewer++) {
        int seat = viewer < 0 ? GG_SPECTATOR : viewer;
        char *va = gg_view_json(a, seat), *vb = gg_view_json(b, seat);
        if (viewer == owner)
            assert_string_not_equal(va, vb);
        else if (strcmp(va, vb) != 0)
            fail_msg("seat %d's view shows seat %d's secret:\n%s\n%s", seat, owner, va, vb);
        free(va);
        free(vb);
    }
}

/* May `viewer` know the value of seat q's broker b (Y-11), by the rules? */
static int may_know(const ys_state *st, int viewer, int q, const ys_broker *b, int see_own)
{
    if (b->flags & (YS_F_UP | YS_F_ILLUSION)) return 1;
    if (YS_IS_ZONE(b->loc) && (st->revealed >> YS_LOC_DISTRICT(b->loc) & 1)) return 1;
    if (YS_IS_CELL(b->loc) && (st->revealed >> 4 & 1)) return 1;
    if (b->known >> viewer & 1) return 1;
    return q == viewer && see_own;
}

/* Every value the view of `viewer` shows on the board belongs to a broker
 * of that owner, at that place, that the viewer may know. */
static void check_board_broker(const ys_state *st, int viewer, int loc, const cJSON *it, int see_own)
{
    const cJSON *who = jget(it, "seat"), *val = cJSON_GetObjectItem(it, "value");
    if (!val) return;
    if (!cJSON_IsNumber(who)) { /* a neutral broker: only its placer (Y-9.4) */
        assert_true(jget(it, "placer")->valueint == viewer ||
                    (st->revealed & (YS_IS_CELL(loc) ? 16 : 1 << YS_LOC_DISTRICT(loc))));
        return;
    }
    int q = who->valueint, ok = 0;
    for (int i = 0; i < st->pl[q].n_brokers; i++) {
        const ys_broker *b = &st->pl[q].b[i];
        ok |= b->loc == loc && b->value == val->valueint && may_know(st, viewer, q, b, see_own);
    }
    if (!ok) fail_msg("seat %d sees value %d of seat %d at loc %d", viewer, val->valueint, q, loc);
}

static void check_view_values(const gg_state *s, int viewer, int see_own)
{
    const ys_state *st = ysp_c(s);
    cJSON *v = ysp_view(s, viewer);
    for (int d = 0; d < st->districts; d++)
        for (int z = 0; z < 3; z++) {
            cJSON *it;
            cJSON_ArrayForEach(it, view_zone(v, d, ys_zone_name[z]))
                check_board_broker(st, viewer, YS_ZONE_LOC(d, z), it, see_own);
        }
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++) {
            cJSON *it = cJSON_GetArrayItem(jget(jget(jget(v, "market"), "columns"), ys_gem_name[c]), r);
            if (cJSON_IsObject(it)) check_board_broker(st, viewer, YS_CELL_LOC(c, r), it, see_own);
        }
    for (int q = 0; q < gg_players(s); q++) {
        cJSON *p = view_player(v, q);
        if (q != viewer) assert_null(cJSON_GetObjectItem(p, "screen"));
        int hidden_bids = 0;
        for (int i = 0; i < st->pl[q].n_brokers; i++) hidden_bids += (st->pl[q].b[i].flags & YS_F_BID) != 0;
        if (q != viewer) assert_int_equal(jget(p, "front_hidden")->valueint, hidden_bids);
    }
    cJSON_Delete(v);
}

/* Y-11.3: never in any view: another seat's screen, face-down values,
 * unrevealed bids, throne picks or neutral values; pile and deck orders; the
 * seed and the random state. */
static void test_Y_11_3_secrets_never_leak(void **unused)
{
    (void)unused;
    /* a face-down broker (and so the screen) */
    gg_state *a = view_position(), *b = view_position();
    ysp_layout(ysp(b), 0, "r2 r2 t3 f0 f1 u4:d1-port d3:d1-trade"); /* a 3 face down, not the 2 */
    same_views_but_owner(a, b, 0);
    /* the throne */
    ysp_layout(ysp(b), 0, "r2 r2 t4 f0 f1 u4:d1-port d2:d1-trade");
    same_views_but_owner(a, b, 0);
    gg_free(b);
    /* no seed, random state, deck or pile order */
    char *text = gg_view_json(a, 1);
    assert_null(strstr(text, "\"seed\""));
    assert_null(strstr(text, "\"rng\""));
    assert_null(strstr(text, "ship_deck\""));
    assert_null(strstr(text, "\"piles\""));
    assert_null(strstr(text, "\"unused\""));
    free(text);
    gg_free(a);

    /* an unrevealed bid */
    a = game(4, NULL, 74, 1);
    b = game(4, NULL, 74, 1);
    ysp_play(a, 2, "bid 4+4");
    ysp_play(b, 2, "bid 0+1");
    same_views_but_owner(a, b, 2);
    gg_free(a);
    gg_free(b);

    /* a neutral broker */
    a = game(2, NULL, 75, 1);
    b = game(2, NULL, 75, 1);
    for (int k = 0; k < 2; k++) {
        gg_state *s = k ? b : a;
        layouts(ysp(s), "f0 f0", "f1 f2", NULL, NULL);
        ysp_turn(ysp(s), 0, 1);
        ysp_play(s, 1, "up 0 d1-port");
        ysp_play(s, 1, "down 0 d1-trade");
        ysp_play(s, 1, k ? "neutral 4 d2-port" : "neutral 1 d2-port");
    }
    same_views_but_owner(a, b, 1);
    gg_free(a);
    gg_free(b);

    /* over whole random games: every broker value a view shows is one the
     * viewer may know (face up, from the front, revealed by scoring, seen
     * with the Spy, or his own — unless see_own_hidden=off) */
    for (int k = 0; k < 2; k++) {
        gg_state *s = ysp_new(4, k ? "see_own_hidden=off" : NULL, 76 + k);
        gg_rng rng;
        gg_rng_seed(&rng, 3 + k);
        for (int steps = 0; !gg_is_over(s) && steps < 300; steps++) {
            for (int viewer = 0; viewer < 4; viewer++) check_view_values(s, viewer, !k);
            int seats[GG_MAX_SEATS], na = gg_actors(s, seats);
            static gg_action acts[GG_MAX_ACTIONS];
            int seat = seats[gg_rng_below(&rng, (uint32_t)na)];
            int n = gg_legal(s, seat, acts);
            gg_apply_trusted(s, seat, acts[gg_rng_below(&rng, (uint32_t)n)]);
        }
        gg_free(s);
    }
}

/* The action `text` of `seat` as `viewer` hears it announced. */
static const char *announced(const gg_state *s, int seat, const char *text, int viewer)
{
    static char buf[GG_MAX_NOTATION];
    gg_action a;
    gg_error err = {0};
    if (gg_action_parse(s, seat, text, &a, &err) != GG_OK) fail_msg("\"%s\": %s", text, err.msg);
    gg_action_announce(s, seat, a, viewer, buf, sizeof buf);
    return buf;
}

/* Y-11.3 (announcements): what others hear of an action leaves out what
 * they may not know; its actor hears it whole. */
static void test_Y_11_3_announcements_mask_secrets(void **unused)
{
    (void)unused;
    gg_state *s = view_position();
    struct {
        const char *text, *others;
    } cases[] = {
        {"bid 1+3", "bid"},
        {"up 3 d1-port", "up 3 d1-port"},
        {"down 3 d1-port", "down ? d1-port"},
        {"up front 4 d2-trade", "up front 4 d2-trade"},
        {"down front 4 d2-trade", "down front 4 d2-trade"}, /* a front value is public */
        {"neutral 2 d3-port", "neutral ? d3-port"},
        {"throne 3", "throne ?"},
        {"peek S1 d2-port", "peek S1 d2-port"}, /* which broker: public */
        {"play mercenary down 2 d1-port", "play mercenary down ? d1-port"},
        {"play mercenary up 2 d1-port", "play mercenary up 2 d1-port"},
        /* a swap is written with the lower broker reference first (Y-7.13: either order names it) */
        {"play magician down 2 blue2 with up 3 d1-port", "play magician down ? blue2 with up 3 d1-port"},
        {"play herald down 2 d1-trade to blue3", "play herald down ? d1-trade to blue3"},
        {"play banker blue+ red-", "play banker blue+ red-"},
        {"gem white>blue", "gem white>blue"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        assert_string_equal(announced(s, 0, cases[k].text, 0), cases[k].text);
        assert_string_equal(announced(s, 0, cases[k].text, 2), cases[k].others);
        assert_string_equal(announced(s, 0, cases[k].text, GG_SPECTATOR), cases[k].others);
    }
    gg_free(s);
}

/* Y-11.4: once the game is over every view shows everything. */
static void test_Y_11_4_everything_once_over(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "kings_favour=on", 78, 4);
    ys_state *st = ysp(s);
    layouts(st, "t2 t2 t1 f1 f3 f4", "t1 t1 t4 f0 f3 f3", "t0 t1 t2 f1 f3 f4", "t0 t0 t1 f1 f3 f4");
    memset(st->port_ship, YS_NONE, sizeof st->port_ship);
    memset(st->palace_card, YS_NONE, sizeof st->palace_card);
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_THRONE);
    cJSON *v = ysp_view(s, 1);
    assert_null(cJSON_GetObjectItem(view_player(v, 0), "screen"));
    cJSON_Delete(v);
    ysp_play(s, 0, "throne 1");
    ysp_play(s, 1, "throne 0");
    ysp_play(s, 2, "throne 1");
    ysp_play(s, 3, "throne 1");
    assert_true(gg_is_over(s));
    int viewers[2] = {1, GG_SPECTATOR};
    for (int k = 0; k < 2; k++) {
        v = ysp_view(s, viewers[k]);
        for (int q = 0; q < 4; q++) {
            cJSON *p = view_player(v, q);
            assert_true(int_array_equals(jget(p, "screen"), values_at(st, q, YS_LOC_SCREEN)));
            assert_true(int_array_equals(jget(p, "throne"), values_at(st, q, YS_LOC_THRONE)));
            assert_int_equal(jget(p, "throne_hidden")->valueint, 0);
            assert_true(int_array_equals(jget(p, "unseen"), ""));
        }
        assert_int_equal(cJSON_GetArraySize(jget(v, "final")), 4);
        cJSON_Delete(v);
    }
    gg_free(s);
}

/* ------------------------------------------------------- bad input */

/* Illegal placements: each refused with a clear message, nothing changed. */
static void test_bad_placements(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 80, 1);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0", "f0 f0 u2:red3 d1:d1-port", "f0 f0", "f0 f0");
    st->queen_loc = YS_ZONE_LOC(1, 1);
    st->queen_owner = 3;
    st->pl[3].active |= 1u << YC_QUEEN;
    ysp_turn(st, 0, 0);
    ysp_refused(s, 0, "up 1 blue0", GG_EILLEGAL, "market row 0 is closed with 4 players (Y-4.3)");
    ysp_refused(s, 0, "up 1 red3", GG_EILLEGAL, "that market cell already holds a broker (Y-6.3)");
    ysp_refused(s, 0, "up 1 d2-trade", GG_EILLEGAL, "the Queen locks that zone this round (Y-7.16)");
    ysp_refused(s, 0, "up 0 d1-port", GG_EILLEGAL, "you have no broker 0 behind your screen (Y-6.2)");
    ysp_refused(s, 0, "neutral 2 d1-port", GG_EILLEGAL, "there is no neutral player with 4 players (Y-9.4)");
    ysp_refused(s, 0, "refill 1", GG_EILLEGAL, "not now");
    ysp_refused(s, 0, "up front 0 d1-port", GG_EILLEGAL, "without the Illusionist");
    ysp_play(s, 0, "up 1 d1-port");
    ysp_refused(s, 0, "up 2 d1-trade", GG_EILLEGAL, "you already placed this turn's face-up broker; two face up needs the Bishop (Y-6.2, Y-7.7)");
    ysp_play(s, 0, "down 1 d1-trade");
    ysp_play(s, 1, "down 1 d1-trade");
    ysp_refused(s, 1, "down 3 d2-port", GG_EILLEGAL, "two face down needs the Bishop");
    ysp_refused(s, 1, "up 0 d1-trade", GG_EILLEGAL, "no broker 0");
    gg_free(s);
}

/* Card plays refused: a third card, a card won this round, a card not held,
 * an immediate card, a card outside its window. */
static void test_bad_card_plays(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 81, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u1:blue1", NULL, NULL, NULL);
    ysp_give(st, 0, YC_BANKER, 0);
    ysp_give(st, 0, YC_JEWELLER, 0);
    ysp_give(st, 0, YC_CAPTAIN, 0);
    ysp_give(st, 0, YC_ALCHEMIST, 1);
    st->pl[0].gems[RED] = 1;
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    ysp_refused(s, 0, "play alchemist red>blue", GG_EILLEGAL,
                "the Alchemist was won this round: playable from next round (Y-7.1)");
    ysp_refused(s, 0, "play spy", GG_EILLEGAL, "you do not hold the Spy");
    ysp_refused(s, 0, "play king", GG_EILLEGAL, "you do not hold the King");
    ysp_refused(s, 0, "play bishop", GG_EILLEGAL, "you do not hold the Bishop");
    ysp_play(s, 0, "play banker blue+ red-");
    ysp_play(s, 0, "play jeweller red red");
    /* the window moved on; seat 0 is the market majority later: a third card
     * is refused there too */
    play_until(s, YS_ST_MAJORITY);
    assert_int_equal(ysp_actor(s), 0);
    ysp_refused(s, 0, "play captain d1 d2", GG_EILLEGAL,
                "you have already played 2 cards this round (Y-7.1)");
    ysp_refused(s, 1, "play captain d1 d2", GG_ESEAT, "not to act");
    gg_free(s);
}

/* Bids refused: brokers not behind the screen, a second bid, a bid out of
 * time. */
static void test_bad_bids(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "kings_favour=on", 82, 3);
    ys_state *st = ysp(s);
    /* round 3: 2 brokers in each throne, one 2 still in reserve */
    layouts(st, "t4 t4 r2", "t2 t2 r2", "t1 t1 r2", "t1 t1 r2");
    ysp_refused(s, 0, "bid 4+0", GG_EILLEGAL, "you have no broker 4 behind your screen to bid (Y-5.1)");
    ysp_refused(s, 1, "bid 2+2", GG_EILLEGAL, "you have only one broker 2 behind your screen");
    ysp_refused(s, 1, "bid 5+1", GG_EPARSE, "not a broker value");
    ysp_refused(s, 1, "bid 1", GG_EPARSE, "two broker values");
    ysp_refused(s, 1, "bid 1+2+3", GG_EPARSE, "not a broker value");
    ysp_play(s, 1, "bid 0+3");
    ysp_refused(s, 1, "bid 0+3", GG_ESEAT, "not to act"); /* already bid */
    for (int q = 0; q < 4; q++)
        if (q != 1) ysp_play(s, q, "bid 0+0");
    assert_int_equal(st->stage, YS_ST_ORDER);
    ysp_refused(s, ysp_actor(s), "bid 1+2", GG_EILLEGAL, "not now");
    gg_free(s);
}

static void test_bad_seats_and_finished_game(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 83, 1);
    ysp_refused(s, 4, "bid 0+1", GG_ESEAT, "there is no seat 4 at this 4-player table");
    ysp_refused(s, -1, "bid 0+1", GG_ESEAT, "there is no seat -1");
    for (int q = 0; q < 4; q++) ysp_play(s, q, q == 2 ? "bid 4+4" : "bid 0+0");
    ysp_refused(s, 0, "order 1", GG_ESEAT, "seat 0 is not to act now (waiting for seat 2)");
    gg_action a;
    gg_error err = {0};
    assert_int_equal(gg_action_parse(s, 2, "order 1", &a, &err), GG_OK);
    gg_state *before = gg_clone(s);
    assert_int_equal(gg_apply(s, 3, a, &err), GG_ESEAT);
    assert_true(gg_state_equal(before, s));
    gg_free(before);
    gg_free(s);
    /* a finished game takes nothing */
    s = game(4, NULL, 84, 4);
    for (int q = 0; q < 4; q++) ysp_layout(ysp(s), q, "");
    ysp_jump(ysp(s), YS_STEP_FINAL);
    assert_true(gg_is_over(s));
    ysp_refused(s, 0, "pass", GG_EOVER, "the game is over");
    gg_free(s);
}

/* Malformed notation: refused with a message saying what is wrong. */
static void test_bad_notation(void **unused)
{
    (void)unused;
    gg_state *s = game(4, NULL, 85, 1);
    char huge[600];
    memset(huge, 'x', sizeof huge - 1);
    huge[sizeof huge - 1] = 0;
    struct {
        const char *text, *needle;
    } cases[] = {
        {"", "no action given"},
        {"   ", "no action given"},
        {"fly", "unknown action"},
        {huge, "too long"},
        {"bid", "two broker values"},
        {"bid a+b", "not a broker value"},
        {"order 0", "not a turn place"},
        {"order", "takes one turn place"},
        {"up 3", "takes a value and a place"},
        {"up 9 d1-port", "not a broker value"},
        {"up 3 d5-port", "not a place"},
        {"up 3 purple1", "not a place"},
        {"up 3 blue4", "not a place"},
        {"down 3 d1-port extra", "takes a value and a place"},
        {"neutral 2", "takes a value and a place"},
        {"refill", "takes one broker value"},
        {"peek X1 d1-port", "not a seat"},
        {"peek S1", "takes a seat and a place"},
        {"pass now", "pass takes nothing"},
        {"gem", "gem takes a colour"},
        {"gem black", "not a gem to choose"},
        {"gem white", "white>"},
        {"gem red>blue", "only a white gem is exchanged"},
        {"column purple", "not a colour"},
        {"rate green", "+ or -"},
        {"rate green+ red-", "+ or -"},
        {"throne x", "not a broker value"},
        {"play", "play takes a card"},
        {"play wizard", "is not a card"},
        {"play spy now", "takes nothing after it"},
        {"play banker blue+", "play banker blue+ red-"},
        {"play captain d1", "play captain d1 d3"},
        {"play captain d1 d9", "not a district"},
        {"play jeweller blue", "play jeweller blue red"},
        {"play alchemist red", "play alchemist red>blue"},
        {"play queen blue1", "not a city zone"},
        {"play mercenary up 3", "play mercenary down 2 d1-port"},
        {"play mercenary sideways 3 d1-port", "up or down"},
        {"play magician up 3 d1-port", "with"},
        {"play herald up 3 d1-port blue2", "to"},
        {"play herald up 3 d1-port to throne", "not a place"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        ysp_refused(s, 0, cases[k].text, GG_EPARSE, cases[k].needle);
    /* case and spacing do not matter */
    ysp_play(s, 0, "  BID  4 + 1 ");
    assert_string_equal(values_at(ysp(s), 0, YS_LOC_FRONT), "1 4");
    gg_free(s);
}

/* ------------------------------------------------------------ Ys+ (Y-10) */

/* Where a character is: 1 in a pile, the palace, out of the game, a hand, in
 * effect or kept; 0 nowhere. */
static int card_somewhere(const ys_state *st, int card)
{
    int n = 0;
    for (int d = 0; d < YS_DISTRICTS; d++) {
        for (int i = 0; i < st->pile_n[d]; i++) n += st->pile[d][i] == card;
        n += st->palace_card[d] == card;
    }
    for (int i = 0; i < st->unused_n; i++) n += st->unused[i] == card;
    for (int q = 0; q < st->base.players; q++)
        n += (int)((st->pl[q].hand | st->pl[q].active | st->pl[q].kept) >> card & 1);
    return n;
}

/* Y-10.1 5 players: 9 brokers each (one 1 and one 3 fewer), 3 placement
 * turns, order cards 1..5, every market row open with the card's 4 gems
 * (the large one twice) in random order, a 5th place worth 0 in colour scoring, and King's Favour
 * paying only the first three (its worked example: test_ys_rulebook's
 * ex_ysp_5p_1; whole games: test_ys_sim_5p). */
static void test_Y_10_1_five_players(void **unused)
{
    (void)unused;
    int moved = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        gg_state *s = ysp_new(5, NULL, seed);
        ys_state *st = ysp(s);
        assert_int_equal(st->turns, 3);
        unsigned cards = 0;
        for (int q = 0; q < 5; q++) {
            assert_int_equal(st->pl[q].n_brokers, 9);
            assert_string_equal(values_at(st, q, YS_LOC_SCREEN), "0 0 1 1 2 3 3 4 4");
            cards |= 1u << st->pl[q].order;
        }
        assert_int_equal(cards, 0x3E); /* order cards 1..5, one each */
        /* the market's ship card is the last one drawn: its large gem twice
         * and its two small ones, one per row (Y-4.3) */
        const ys_ship *sh = &ys_ships[st->ship_deck[st->ship_n]];
        int want[8] = {0}, got[8] = {0};
        want[sh->large] += 2;
        want[sh->small[0]]++;
        want[sh->small[1]]++;
        for (int r = 0; r < YS_ROWS; r++) {
            assert_true(ys_row_open(st, r));
            assert_true(st->market_gem[r] < 8);
            got[st->market_gem[r]]++;
        }
        assert_memory_equal(want, got, sizeof want);
        uint8_t printed[4] = {sh->large, sh->large, sh->small[0], sh->small[1]};
        moved += memcmp(printed, st->market_gem, 4) != 0;
        gg_free(s);
    }
    assert_true(moved > 0); /* shuffled, not laid out as printed on the card */
    for (int rank = 0; rank < 4; rank++) assert_int_equal(ys_colour_points[rank][4], 0);
    assert_true(ys_throne_points[2] > 0);
    assert_int_equal(ys_throne_points[3], 0);
    assert_int_equal(ys_throne_points[4], 0);
}

/* Y-10.2: with ysplus=on the yellow deck is the 15 base characters plus the
 * Ys+ ones (the Favourite only with King's Favour, Y-10.9); with it off, the
 * base deck alone. Events stay refused. */
static void test_Y_10_2_ysplus_deck(void **unused)
{
    (void)unused;
    int plus = 0;
    for (int c = 0; c < YS_CARD_KINDS; c++) plus += ys_cards[c].set == 1;
    assert_true(plus >= 9);
    const char *opts[3] = {NULL, "ysplus=on", "ysplus=on kings_favour=on"};
    for (int k = 0; k < 3; k++) {
        gg_state *s = ysp_new(4, opts[k], 70 + (uint64_t)k);
        const ys_state *st = ysp_c(s);
        int in_deck = 0;
        for (int c = 0; c < YS_CARD_KINDS; c++) {
            if (c == YC_BLUE) continue;
            int want = ys_cards[c].set == 0 || (k > 0 && (c != YC_FAVOURITE || k == 2));
            assert_int_equal(ys_in_deck(st, c), want);
            assert_int_equal(card_somewhere(st, c), want);
            in_deck += want;
        }
        assert_int_equal(in_deck, k == 0 ? 15 : k == 1 ? 15 + plus - 1 : 15 + plus);
        assert_int_equal(st->unused_n, in_deck - 12); /* 3 per palace pile (Y-2.3) */
        ysp_roundtrip(s);
        gg_free(s);
    }
    const gg_game *g = gg_game_find("ys");
    gg_error err = {0};
    gg_options o;
    gg_options_init(&o, g, 4);
    assert_int_equal(gg_options_set_kv(&o, g, "events=on", &err), GG_OK);
    gg_state *ev = gg_new(g, &o, 1, &err); /* the events are their own option (Y-10.3) */
    assert_non_null(ev);
    gg_free(ev);
    assert_int_equal(gg_options_set_kv(&o, g, "express=on", &err), GG_OK);
    assert_null(gg_new(g, &o, 1, &err)); /* 21 ship cards of 20 (Y-9.2, Y-10.20) */
    assert_non_null(strstr(err.msg, "Y-10.20"));
}

/* Y-10.6 Royal Guard: played at the start of placement; once this round, in
 * one of his turns, one front broker goes to the board face up besides the
 * turn's 2; ties then use the front brokers left. */
static void test_Y_10_6_royal_guard(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 92, 2);
    ys_state *st = ysp(s);
    layouts(st, "f3 f4", "f0 f0", "f0 f0", "f0 f0");
    ysp_give(st, 0, YC_ROYAL_GUARD, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    ysp_play(s, 0, "play royal_guard");
    assert_int_equal(st->stage, YS_ST_PLACE);
    assert_int_equal(ysp_actor(s), 0);
    ysp_refused(s, 0, "down guard 4 d1-port", GG_EILLEGAL, "face up");
    ysp_refused(s, 0, "up guard 2 d1-port", GG_EILLEGAL, "no broker 2 in front");
    ysp_play(s, 0, "up guard 4 blue1");
    assert_int_equal(ysp_count_at(st, 0, YS_LOC_FRONT), 1);
    assert_int_equal(ys_front_sum(st, 0), 3); /* ties use the front left */
    assert_int_equal(st->pl[0].pts_market, 1); /* a market cell scores as usual (Y-6.4) */
    assert_int_equal(st->n_up + st->n_down, 0); /* not one of the turn's 2 */
    ysp_refused(s, 0, "up guard 3 d1-trade", GG_EILLEGAL, "once a round");
    ysp_roundtrip(s);
    ysp_play(s, 0, "up 1 d2-port");
    ysp_play(s, 0, "down 1 d2-trade");
    assert_int_equal(ysp_actor(s), 1);
    ysp_refused(s, 1, "up guard 0 d1-port", GG_EILLEGAL, "only with the Royal Guard");
    play_until(s, YS_ST_WINDOW); /* the start of scoring (if anyone may play) or later */
    play_until(s, YS_ST_BID);
    assert_int_equal(st->pl[0].guard_placed, 0);
    assert_int_equal(st->pl[0].active, 0); /* discarded at the end of the round */
    gg_free(s);
}

/* Y-10.7 Imitator: right after another player plays a character card, its
 * holder may copy that card's power for himself (his own arguments; it counts
 * as his played card, Y-7.1) or pass; never the Intriguer or the Pope. */
static void test_Y_10_7_imitator(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 93, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 0, YC_JEWELLER, 0);
    ysp_give(st, 2, YC_IMITATOR, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(ysp_actor(s), 0); /* the Imitator alone is never played in a window */
    ysp_refused(s, 0, "play imitator", GG_EILLEGAL, NULL);
    ysp_play(s, 0, "play jeweller blue green");
    assert_int_equal(st->stage, YS_ST_IMITATE);
    assert_int_equal(ysp_actor(s), 2);
    cJSON *v = ysp_view(s, 1); /* public */
    assert_string_equal(jget(v, "stage")->valuestring, "imitate");
    assert_string_equal(jget(v, "imitating")->valuestring, "jeweller");
    cJSON_Delete(v);
    assert_int_equal(count_legal(s, 2, "play imitator"), 10); /* the Jeweller's 10 plays */
    assert_true(ysp_legal(s, 2, "pass"));
    ysp_refused(s, 2, "play imitator blue", GG_EPARSE, "play imitator blue red");
    ysp_roundtrip(s);
    ysp_play(s, 2, "play imitator red red");
    assert_int_equal(st->pl[2].gems[RED], 2);
    assert_int_equal(st->pl[0].gems[BLUE], 1);
    assert_int_equal(st->pl[2].hand, 0);
    assert_int_equal(st->pl[2].played, 1);
    assert_int_not_equal(st->stage, YS_ST_IMITATE);
    gg_free(s);

    /* never the Intriguer; a pass keeps the Imitator */
    s = game(4, "ysplus=on", 94, 2);
    st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 0, YC_INTRIGUER, 0);
    ysp_give(st, 1, YC_BANKER, 0);
    ysp_give(st, 2, YC_IMITATOR, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    ysp_play(s, 0, "play intriguer");
    assert_int_equal(st->stage, YS_ST_WINDOW); /* no copy offered */
    assert_int_equal(ysp_actor(s), 1);
    ysp_play(s, 1, "play banker blue+ red-");
    assert_int_equal(st->stage, YS_ST_IMITATE);
    ysp_play(s, 2, "pass");
    assert_true(st->pl[2].hand >> YC_IMITATOR & 1);
    assert_int_equal(st->rate[BLUE], 1);
    gg_free(s);
    assert_false(ys_copyable(YC_INTRIGUER));
    assert_false(ys_copyable(YC_POPE)); /* kept when won, never played */
    assert_false(ys_copyable(YC_KING));
    assert_true(ys_copyable(YC_JEWELLER));

    /* a start-of-placement card: the copy is in effect for the Imitator */
    s = game(4, "ysplus=on", 95, 2);
    st = ysp(s);
    layouts(st, "f0 f0", "f0 f0", "f0 f0", "f0 f0");
    ysp_give(st, 1, YC_BISHOP, 0);
    ysp_give(st, 3, YC_IMITATOR, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    ysp_play(s, 1, "play bishop");
    assert_int_equal(ysp_actor(s), 3);
    ysp_play(s, 3, "play imitator");
    assert_true(st->pl[3].active >> YC_BISHOP & 1);
    assert_true(st->pl[1].active >> YC_BISHOP & 1);
    assert_int_equal(st->pl[3].imitated, YC_BISHOP + 1); /* the copy, not a second Bishop */
    ysp_roundtrip(s);
    gg_free(s);
}

/* Y-10.9 Favourite (and Y-7.1 for kept cards): only with King's Favour; won
 * in a palace it is kept, never played, never counts toward the 2-card limit;
 * +2 to its owner's throne total at the end. */
static void test_Y_10_9_favourite_kept_throne_plus_2(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 80, 2);
    assert_false(ys_in_deck(ysp(s), YC_FAVOURITE)); /* left out without King's Favour */
    gg_free(s);

    s = game(4, "ysplus=on kings_favour=on", 80, 2);
    ys_state *st = ysp(s);
    layouts(st, "r2 r2 t2 f0 f0 f1", "r2 r2 t2 f0 f0 f1 u3:d1-palace", "r2 r2 t2 f0 f0 f1", "r2 r2 t2 f0 f0 f1");
    ysp_palace(st, 0, YC_FAVOURITE);
    ysp_give(st, 1, YC_FINANCIER, 0);
    ysp_give(st, 1, YC_INVESTOR, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    ysp_play(s, 1, "play financier");
    ysp_play(s, 1, "play investor red");
    assert_int_equal(st->pl[1].played, 2);
    play_gems(s);
    play_until(s, YS_ST_THRONE);
    assert_int_equal(st->pl[1].kept, 1u << YC_FAVOURITE); /* kept, not in the hand */
    assert_false(st->pl[1].hand >> YC_FAVOURITE & 1);
    assert_int_equal(st->pl[1].played, 2); /* it acted without counting */
    cJSON *v = ysp_view(s, 0); /* public (Y-7.3) */
    assert_string_equal(cJSON_GetArrayItem(jget(view_player(v, 1), "kept"), 0)->valuestring, "favourite");
    cJSON_Delete(v);
    ysp_roundtrip(s);
    ysp_refused(s, 1, "play favourite", GG_EILLEGAL, NULL);
    /* the end: +2 to the throne total; 3 and 3 would tie, 5 beats 3 */
    layouts(st, "t3", "t3", "t1", "t0");
    ys_final f;
    ys_final_scores(st, &f);
    assert_int_equal(f.throne_total[1], 5);
    assert_int_equal(f.throne_total[0], 3);
    assert_int_equal(f.throne_pts[1], 12);
    assert_int_equal(f.throne_pts[0], 7);
    gg_free(s);
}

/* Y-10.11 Pope: kept; its owner wins every tie in final colour scoring
 * (6, 5, 5, 3 blue: the Pope's 5 takes 2nd place, the other 5 3rd), but not
 * the King's Favour throne ties. */
static void test_Y_10_11_pope_colour_ties_not_throne(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on kings_favour=on", 81, 4);
    ys_state *st = ysp(s);
    for (int q = 0; q < 4; q++) ysp_layout(st, q, "");
    st->rate[BLUE] = 1;
    set_gems(st, 0, 6, 0, 0, 0, 0);
    set_gems(st, 1, 5, 0, 0, 0, 0);
    set_gems(st, 2, 5, 0, 0, 0, 0);
    set_gems(st, 3, 3, 0, 0, 0, 0);
    layouts(st, "t4", "t2", "t2", "t0");
    ys_final f;
    ys_final_scores(st, &f);
    assert_int_equal(f.colour_pts[1][BLUE], 12); /* without the Pope: shared 3rd */
    assert_int_equal(f.colour_pts[2][BLUE], 12);
    st->pl[2].kept = 1u << YC_POPE;
    ys_final_scores(st, &f);
    int blue[4] = {24, 12, 18, 6};
    for (int q = 0; q < 4; q++) assert_int_equal(f.colour_pts[q][BLUE], blue[q]);
    assert_int_equal(f.throne_pts[1], 5); /* throne: (7+3)/2 each, Pope or not */
    assert_int_equal(f.throne_pts[2], 5);
    /* a tie he is not in is shared as usual */
    set_gems(st, 0, 5, 0, 0, 0, 0);
    set_gems(st, 1, 5, 0, 0, 0, 0);
    set_gems(st, 2, 1, 0, 0, 0, 0);
    ys_final_scores(st, &f);
    assert_int_equal(f.colour_pts[0][BLUE], 18);
    assert_int_equal(f.colour_pts[1][BLUE], 18);
    gg_free(s);
}

/* Y-10.15 Trafficker: kept; at the end 8 or more black gems score +5. */
static void test_Y_10_15_trafficker_8_black(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 82, 4);
    ys_state *st = ysp(s);
    for (int q = 0; q < 4; q++) ysp_layout(st, q, "");
    st->pl[0].kept = 1u << YC_TRAFFICKER;
    set_gems(st, 0, 0, 0, 0, 0, 7);
    set_gems(st, 1, 0, 0, 0, 0, 8); /* 8 black without the card: nothing */
    ys_final f;
    ys_final_scores(st, &f);
    assert_int_equal(f.kept_pts[0], 0);
    assert_int_equal(f.kept_pts[1], 0);
    set_gems(st, 0, 0, 0, 0, 0, 8);
    ys_final_scores(st, &f);
    assert_int_equal(f.kept_pts[0], 5);
    ysp_jump(st, YS_STEP_FINAL);
    assert_true(gg_is_over(s));
    assert_int_equal(st->pl[0].score, 24 + 5);
    assert_int_equal(st->pl[1].score, 24);
    gg_free(s);
}

/* Y-10.5 Financier (Y-8.4): this scoring every trade zone pays 1; with the
 * Merchant also played both cancel: 3; the next scoring pays 3 again. */
static void test_Y_10_5_financier_merchant_cancel(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 83, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, "f0 f0 f1 u3:d1-trade", "f0 f0 f1 u2:d2-trade", NULL);
    ysp_give(st, 0, YC_FINANCIER, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    ysp_play(s, 0, "play financier");
    play_gems(s);
    assert_int_equal(st->pl[1].pts_trade, 1);
    assert_int_equal(st->pl[2].pts_trade, 1);
    play_until(s, YS_ST_BID);
    assert_int_equal(st->pl[0].active, 0); /* discarded at the end of scoring */
    gg_free(s);

    s = game(4, "ysplus=on", 84, 2);
    st = ysp(s);
    layouts(st, NULL, "f0 f0 f1 u3:d1-trade", "f0 f0 f1 u2:d2-trade", NULL);
    ysp_give(st, 0, YC_FINANCIER, 0);
    ysp_give(st, 3, YC_MERCHANT, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    ysp_play(s, 0, "play financier");
    ysp_play(s, 3, "play merchant");
    play_gems(s);
    assert_int_equal(st->pl[1].pts_trade, 3); /* both: 3 per trade zone */
    assert_int_equal(st->pl[2].pts_trade, 3);
    play_until(s, YS_ST_BID);
    layouts(st, NULL, "f0 f0 f1 u3:d1-trade", NULL, NULL);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    play_gems(s);
    assert_int_equal(st->pl[1].pts_trade, 6); /* the next scoring: 3 */
    gg_free(s);
}

/* Y-10.8 Investor (Y-8.7): the named column is first in column scoring, even
 * empty; the others are ranked as usual; a colour, never black or white. */
static void test_Y_10_8_investor_column_first(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 85, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u4:blue1", "f0 f0 f1 u3:green1", NULL, "f1 f1 f2 u0:red1");
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    ysp_give(st, 2, YC_INVESTOR, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(count_legal(s, 2, "play investor"), 4);
    ysp_refused(s, 2, "play investor black", GG_EPARSE, NULL);
    ysp_refused(s, 2, "play investor white", GG_EPARSE, NULL);
    ysp_play(s, 2, "play investor yellow");
    cJSON *v = ysp_view(s, 0); /* the named colour is public */
    assert_string_equal(jget(view_player(v, 2), "investor")->valuestring, "yellow");
    cJSON_Delete(v);
    ysp_roundtrip(s);
    /* yellow (empty) first, then blue 4, green 3, red 0 */
    assert_int_equal(st->stage, YS_ST_MAJORITY);
    assert_int_equal(st->rate[YELLOW], 2);
    assert_int_equal(st->rate[BLUE], 1);
    assert_int_equal(st->rate[GREEN], -1);
    assert_int_equal(st->rate[RED], -2);
    gg_free(s);
}

/* Y-10.12 Philosopher: this round up to 2 of his brokers may go on a line
 * between two zones (adjacent rings of a district, or one ring of two
 * neighbouring districts in play); just before scoring he puts each into one
 * of its two zones (never a Queen zone). Face-down values stay hidden (Y-11). */
static void test_Y_10_12_philosopher_lines(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 96, 2);
    ys_state *st = ysp(s);
    layouts(st, "f3 f4", "f0 f0", "f0 f0", "f0 f0");
    ysp_give(st, 0, YC_PHILOSOPHER, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    ysp_play(s, 0, "play philosopher");
    assert_int_equal(ysp_actor(s), 0);
    assert_true(ysp_legal(s, 0, "up 1 d1-port/trade"));
    assert_true(ysp_legal(s, 0, "down 2 d4/d1-palace")); /* d4 and d1 are neighbours with 4 districts */
    ysp_refused(s, 0, "up 1 d1-port/palace", GG_EPARSE, "not a place"); /* not adjacent rings */
    ysp_play(s, 0, "up 1 d1-port/trade");
    ysp_play(s, 0, "down 2 d1/d2-port");
    assert_int_equal(st->pl[0].lines_placed, 2);
    cJSON *v = ysp_view(s, 1);
    cJSON *lines = jget(v, "lines");
    assert_int_equal(cJSON_GetArraySize(lines), 2);
    assert_string_equal(jget(cJSON_GetArrayItem(lines, 0), "line")->valuestring, "d1-port/trade");
    assert_int_equal(jget(cJSON_GetArrayItem(lines, 0), "value")->valueint, 1);
    assert_string_equal(jget(cJSON_GetArrayItem(lines, 1), "line")->valuestring, "d1/d2-port");
    assert_null(cJSON_GetObjectItem(cJSON_GetArrayItem(lines, 1), "value")); /* face down: hidden */
    cJSON_Delete(v);
    ysp_roundtrip(s);
    assert_int_equal(ysp_actor(s), 1);
    ysp_refused(s, 1, "up 1 d1-port/trade", GG_EILLEGAL, "only with the Philosopher");
    ysp_turn(st, 1, 0); /* his next turn: 2 a round at most */
    ysp_refused(s, 0, "up 3 d2-trade/palace", GG_EILLEGAL, "at most 2");
    /* just before scoring: into one of the two zones, one at a time; not the Queen's */
    ysp_give(st, 3, YC_QUEEN, 0); /* played on d2-port */
    st->pl[3].hand &= ~(1u << YC_QUEEN);
    st->queen_loc = (uint8_t)YS_ZONE_LOC(1, 0);
    st->queen_owner = 3;
    st->pl[3].active |= 1u << YC_QUEEN;
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->stage, YS_ST_SETTLE);
    assert_int_equal(ysp_actor(s), 0);
    assert_int_equal(count_legal(s, 0, "settle "), 3);
    ysp_refused(s, 0, "settle down 2 d1/d2-port to d2-port", GG_EILLEGAL, NULL);
    ysp_refused(s, 0, "settle up 1 d1-port/trade to d1-palace", GG_EILLEGAL, NULL);
    /* (the settle stage's save and load: the Ys+ simulations, test_ys_sim_ysplus) */
    ysp_play(s, 0, "settle down 2 d1/d2-port to d1-port");
    assert_int_equal(st->stage, YS_ST_SETTLE);
    ysp_play(s, 0, "settle up 1 d1-port/trade to d1-trade");
    assert_int_not_equal(st->stage, YS_ST_SETTLE);
    assert_int_equal(ysp_count_at(st, 0, YS_ZONE_LOC(0, 0)), 1);
    assert_int_equal(ysp_count_at(st, 0, YS_ZONE_LOC(0, 1)), 1);
    gg_free(s);

    /* 3 districts: d3 and d1 are not neighbours (district 4 lies between) */
    s = game(3, "ysplus=on districts=3", 97, 2);
    st = ysp(s);
    int z[2];
    assert_true(ys_line_zones(st, YS_LOC_DLINE0 + 3 * 1 + 2, z)); /* d2/d3-palace */
    assert_false(ys_line_zones(st, YS_LOC_DLINE0 + 3 * 2 + 0, z)); /* d3/d4-port */
    assert_false(ys_line_zones(st, YS_LOC_DLINE0 + 3 * 3 + 0, z)); /* d4/d1-port */
    assert_false(ys_line_zones(st, YS_LOC_RLINE0 + 2 * 3, z));     /* d4-port/trade */
    gg_free(s);
}

/* Y-10.13 Professor: name a district; each of HIS brokers there counts +1
 * this scoring (for the district and its zones), nobody else's. */
static void test_Y_10_13_professor_plus_one(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 86, 2);
    ys_state *st = ysp(s);
    layouts(st, "f1 f1 f2 u3:d1-trade d0:d1-trade", "f1 f1 f2 u4:d1-trade d4:d2-trade", NULL, NULL);
    ysp_give(st, 0, YC_PROFESSOR, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(count_legal(s, 0, "play professor"), 4);
    ysp_refused(s, 0, "play professor d5", GG_EPARSE, NULL);
    ysp_play(s, 0, "play professor d1");
    assert_int_equal(st->pl[0].professor_district, 1);
    ysp_roundtrip(s);
    play_gems(s);
    /* d1 trade: 3+1 and 0+1 = 5 beat 4; d2 trade: his card does not reach */
    assert_int_equal(st->pl[0].pts_trade, 3);
    assert_int_equal(st->pl[1].pts_trade, 3);
    play_until(s, YS_ST_BID);
    assert_int_equal(st->pl[0].professor_district, 0);
    gg_free(s);
}

/* Y-10.4 Customs Officer: name a colour (white allowed, not black): gems of
 * it leave the port ships this scoring; the market is unchanged. */
static void test_Y_10_4_customs_officer(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 87, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, "f0 f0 f1 u3:d1-port", "f0 f0 f1 u1:blue1", NULL);
    ysp_port(st, 0, 1); /* blue (large, twice), green, yellow */
    ysp_market(st, YS_NONE, BLUE, YS_NONE, YS_NONE);
    ysp_give(st, 0, YC_CUSTOMS_OFFICER, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(count_legal(s, 0, "play customs_officer"), 5);
    assert_true(ysp_legal(s, 0, "play customs_officer white"));
    ysp_refused(s, 0, "play customs_officer black", GG_EPARSE, NULL);
    ysp_play(s, 0, "play customs_officer blue");
    play_gems(s);
    play_until(s, YS_ST_MAJORITY);
    /* seat 1 alone in d1: 1st takes 2 of green, yellow; no blue left */
    assert_int_equal(st->pl[1].gems[BLUE], 0);
    assert_int_equal(st->pl[1].gems[GREEN], 1);
    assert_int_equal(st->pl[1].gems[YELLOW], 1);
    assert_int_equal(st->pl[1].gems[BLACK], 1);
    assert_int_equal(st->pl[2].gems[BLUE], 1); /* the market's blue stays */
    gg_free(s);
}

/* Y-10.10 Monk: one or two own brokers from the city or market back behind
 * the screen, scoring their face values; never from a Queen zone. */
static void test_Y_10_10_monk_face_values(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 88, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u3:d1-trade d4:blue1 u2:d2-port", NULL, NULL, NULL);
    ysp_give(st, 0, YC_MONK, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(count_legal(s, 0, "play monk"), 6); /* 3 alone, 3 pairs */
    st->queen_loc = (uint8_t)YS_ZONE_LOC(1, 0);
    st->queen_owner = 3;
    st->pl[3].active |= 1u << YC_QUEEN;
    assert_int_equal(count_legal(s, 0, "play monk"), 3); /* d2-port is locked */
    ysp_refused(s, 0, "play monk up 2 d2-port", GG_EILLEGAL, "not allowed");
    int score = st->pl[0].score;
    ysp_play(s, 0, "play monk down 4 blue1 and up 3 d1-trade");
    assert_int_equal(st->pl[0].score, score + 7);
    assert_int_equal(st->pl[0].pts_cards, 7);
    assert_int_equal(ysp_count_at(st, 0, YS_LOC_SCREEN), 5 + 2); /* the two went home */
    assert_int_equal(st->cells, ys_count_cells(st));
    gg_free(s);
}

/* Y-10.14 Rogue: at the end of scoring, any 2 own gems — coloured or black,
 * in any mix — for 1 black gem or 3 points. */
static void test_Y_10_14_rogue_exchange(void **unused)
{
    (void)unused;
    gg_state *s = game(4, "ysplus=on", 89, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 0, YC_ROGUE, 0);
    set_gems(st, 0, 2, 0, 0, 1, 0);
    ysp_jump(st, YS_STEP_END_WINDOW);
    assert_int_equal(ysp_actor(s), 0);
    assert_int_equal(count_legal(s, 0, "play rogue"), 4); /* blue+blue, blue+red; black or points */
    assert_true(ysp_legal(s, 0, "play rogue blue blue for points"));
    ysp_refused(s, 0, "play rogue red red for black", GG_EILLEGAL, "not allowed");
    ysp_refused(s, 0, "play rogue blue red for gold", GG_EPARSE, NULL);
    ysp_play(s, 0, "play rogue red blue for black");
    int score;
    assert_int_equal(st->pl[0].gems[BLUE], 1);
    assert_int_equal(st->pl[0].gems[RED], 0);
    assert_int_equal(st->pl[0].gems[BLACK], 1);
    gg_free(s);

    s = game(4, "ysplus=on", 90, 2);
    st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 0, YC_ROGUE, 0);
    set_gems(st, 0, 1, 0, 0, 0, 0);
    ysp_jump(st, YS_STEP_END_WINDOW);
    assert_int_not_equal(st->stage, YS_ST_WINDOW); /* one gem: nothing to exchange */
    gg_free(s);
    /* black gems count among the two (the French "deux gemmes de son choix") */
    s = game(4, "ysplus=on", 92, 2);
    st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 0, YC_ROGUE, 0);
    set_gems(st, 0, 1, 0, 0, 1, 2);
    ysp_jump(st, YS_STEP_END_WINDOW);
    assert_int_equal(ysp_actor(s), 0);
    /* blue+red, blue+black, red+black, black+black; each for black or points */
    assert_int_equal(count_legal(s, 0, "play rogue"), 8);
    assert_true(ysp_legal(s, 0, "play rogue black black for points"));
    assert_true(ysp_legal(s, 0, "play rogue red black for black"));
    ysp_refused(s, 0, "play rogue blue blue for points", GG_EILLEGAL, "not allowed"); /* one blue */
    ysp_refused(s, 0, "play rogue blue white for points", GG_EPARSE, "not a gem the Rogue takes");
    score = st->pl[0].score;
    ysp_play(s, 0, "play rogue black blue for points"); /* either order */
    assert_int_equal(st->pl[0].gems[BLUE], 0);
    assert_int_equal(st->pl[0].gems[BLACK], 1);
    assert_int_equal(st->pl[0].gems[RED], 1);
    assert_int_equal(st->pl[0].score, score + 3);
    gg_free(s);
    s = game(4, "ysplus=on", 93, 2);
    st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 0, YC_ROGUE, 0);
    set_gems(st, 0, 0, 0, 0, 0, 1); /* one black gem alone: still nothing to exchange */
    ysp_jump(st, YS_STEP_END_WINDOW);
    assert_int_not_equal(st->stage, YS_ST_WINDOW);
    gg_free(s);
    s = game(4, "ysplus=on", 91, 2);
    st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    ysp_give(st, 0, YC_ROGUE, 0);
    set_gems(st, 0, 0, 1, 1, 0, 0);
    score = st->pl[0].score;
    ysp_jump(st, YS_STEP_END_WINDOW);
    ysp_play(s, 0, "play rogue yellow green for points");
    assert_int_equal(st->pl[0].score, score + 3);
    assert_int_equal(gem_total(st, 0), 0);
    gg_free(s);
}

/* ------------------------------------------------------- Ys+ events (Y-10.3) */

/* A game as game() with the events option set afterwards, so that the
 * position is the test's own: which events are out is set by put_event. */
static gg_state *ev_game(int players, const char *options, uint64_t seed, int round)
{
    gg_state *s = game(players, options, seed, round);
    ysp(s)->base.opts.value[YS_OPT_EVENTS] = 1;
    return s;
}

/* Event card of `kind` (its copy `copy`) in effect this round; a district
 * event lies in district d's port. */
static void put_event(ys_state *st, int kind, int copy, int d)
{
    for (int c = 0; c < YS_EVENT_CARDS; c++)
        if (ys_event_card_kind[c] == kind && ys_event_card_copy[c] == copy) {
            st->ev_active |= (uint16_t)(1u << c);
            st->ev_out &= (uint16_t)~(1u << c);
            if (ys_events[kind].district) st->port_event[d] = (uint8_t)(c + 1);
            return;
        }
    fail_msg("no event card %d copy %d", kind, copy);
}

static uint8_t event_code(int kind, int copy)
{
    for (int c = 0; c < YS_EVENT_CARDS; c++)
        if (ys_event_card_kind[c] == kind && ys_event_card_copy[c] == copy) return (uint8_t)(YS_EVENT_CODE0 + c);
    fail_msg("no event card %d copy %d", kind, copy);
    return 0;
}

/* Y-10.3: the 14 events shuffled, 3 into each palace pile with its
 * characters; the rest out of the game unseen. */
static void test_y10_3_events_dealt_three_per_palace(void **unused)
{
    (void)unused;
    for (int players = 3; players <= 4; players++) {
        gg_state *s = ev_game(players, players == 3 ? "districts=3" : NULL, 300 + (uint64_t)players, 1);
        ys_state *st = ysp(s);
        int before[YS_DISTRICTS];
        for (int d = 0; d < st->districts; d++) before[d] = st->pile_n[d];
        ys_events_deal(st);
        uint16_t seen = 0;
        for (int d = 0; d < st->districts; d++) {
            int ev = 0;
            assert_int_equal(st->pile_n[d], before[d] + 3);
            for (int i = 0; i < st->pile_n[d]; i++)
                if (YS_IS_EVENT_CODE(st->pile[d][i])) {
                    ev++;
                    seen |= (uint16_t)(1u << (st->pile[d][i] - YS_EVENT_CODE0));
                }
            assert_int_equal(ev, 3);
        }
        assert_int_equal(__builtin_popcount(st->ev_out), YS_EVENT_CARDS - 3 * st->districts);
        assert_int_equal(seen & st->ev_out, 0);
        assert_int_equal(seen | st->ev_out, (1u << YS_EVENT_CARDS) - 1);
        gg_free(s);
    }
    /* a new game with the option: 6 cards a pile, one turned for round 1 */
    gg_state *s = ysp_new(4, "events=on", 305);
    const ys_state *st = ysp_c(s);
    int cards = 0;
    for (int d = 0; d < st->districts; d++) cards += st->pile_n[d] + (st->palace_card[d] != YS_NONE);
    cards += __builtin_popcount(st->ev_active) + __builtin_popcount(st->ev_discarded);
    assert_int_equal(cards, 4 * 6);
    assert_int_equal(__builtin_popcount(st->ev_out), YS_EVENT_CARDS - 12);
    ysp_roundtrip(s);
    gg_free(s);
}

/* Y-10.3 phase 1: an event turned in a palace applies (a district event to
 * its port), then the next card is turned; a second event in the same palace
 * is discarded; Quarantine stops the character draw. */
static void test_y10_3_turning_second_event_discarded_quarantine(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 311, 1);
    ys_state *st = ysp(s);
    st->round = 2;
    /* tops at the end */
    uint8_t p0[4] = {YC_KING, YC_SPY, event_code(YE_BROKERAGE, 0), event_code(YE_EMBASSY, 0)};
    uint8_t p1[3] = {YC_PRINCE, YC_MERCHANT, event_code(YE_QUARANTINE, 0)};
    uint8_t p2[3] = {YC_BISHOP, event_code(YE_REVOLT, 0), YC_QUEEN};
    uint8_t p3[4] = {YC_HERALD, YC_CAPTAIN, event_code(YE_SMUGGLING, 1), event_code(YE_DEMOCRACY, 0)};
    memset(st->pile, 0, sizeof st->pile);
    memcpy(st->pile[0], p0, 4), st->pile_n[0] = 4;
    memcpy(st->pile[1], p1, 3), st->pile_n[1] = 3;
    memcpy(st->pile[2], p2, 3), st->pile_n[2] = 3;
    memcpy(st->pile[3], p3, 4), st->pile_n[3] = 4;
    st->ev_active = st->ev_gone = st->ev_discarded = 0;
    memset(st->port_event, 0, sizeof st->port_event);
    ys_events_turn(st);
    /* d1: Embassy applies (general), Brokerage discarded, the Spy turned */
    assert_int_equal(ys_event_count(st, YE_EMBASSY), 1);
    assert_int_equal(ys_event_count(st, YE_BROKERAGE), 0);
    assert_int_equal(st->ev_discarded, 1u << (event_code(YE_BROKERAGE, 0) - YS_EVENT_CODE0) |
                                      1u << (event_code(YE_SMUGGLING, 1) - YS_EVENT_CODE0)); /* d1 and d4 */
    assert_int_equal(st->palace_card[0], YC_SPY);
    assert_int_equal(st->pile_n[0], 1);
    assert_int_equal(st->port_event[0], 0); /* a general event takes no port */
    /* d2: Quarantine to the port; no character turned */
    assert_int_equal(ys_port_event(st, 1), YE_QUARANTINE);
    assert_int_equal(st->palace_card[1], YS_NONE);
    assert_int_equal(st->pile_n[1], 2);
    /* d3: a character on top: no event this round */
    assert_int_equal(st->palace_card[2], YC_QUEEN);
    assert_int_equal(ys_port_event(st, 2), -1);
    /* d4: Democracy to the port; the second Smuggling discarded; the Captain turned */
    assert_int_equal(ys_port_event(st, 3), YE_DEMOCRACY);
    assert_int_equal(ys_event_count(st, YE_SMUGGLING), 0);
    assert_int_equal(st->palace_card[3], YC_CAPTAIN);
    /* events last one round (Y-10.3) */
    ys_events_end_round(st);
    assert_int_equal(st->ev_active, 0);
    assert_int_equal(st->port_event[1], 0);
    assert_int_equal(__builtin_popcount(st->ev_gone), 3);
    gg_free(s);
}

/* Y-10.3 in the position format: a game with events saves its event cards
 * and loads back; the loader refuses an event card in two places, a missing
 * "events" object, and "events" in a game without the option. */
static char *edited_state(const gg_state *s, const char *what)
{
    char *json = gg_state_json(s);
    cJSON *o = cJSON_Parse(json);
    free(json);
    assert_non_null(o);
    cJSON *ev = cJSON_GetObjectItemCaseSensitive(o, "events");
    if (!strcmp(what, "drop")) {
        cJSON_DeleteItemFromObjectCaseSensitive(o, "events");
    } else if (!strcmp(what, "twice")) { /* the first card out also in effect */
        cJSON *out = cJSON_GetObjectItemCaseSensitive(ev, "out");
        cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(ev, "active"),
                             cJSON_CreateString(cJSON_GetArrayItem(out, 0)->valuestring));
    } else if (!strcmp(what, "add")) {
        cJSON_AddItemToObject(o, "events", cJSON_CreateObject());
    }
    char *back = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return back;
}

static void test_y10_3_state_format_events(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(3, "events=on", 315);
    ysp_roundtrip(s);
    static const char *const cases[2][2] = {{"twice", "two places"}, {"drop", "events"}};
    for (int k = 0; k < 2; k++) {
        char *json = edited_state(s, cases[k][0]);
        gg_error err = {0};
        gg_state *back = gg_state_load(json, &err);
        assert_null(back);
        assert_non_null(strstr(err.msg, cases[k][1]));
        free(json);
    }
    gg_free(s);
    s = ysp_new(3, NULL, 315);
    char *json = edited_state(s, "add");
    gg_error err = {0};
    assert_null(gg_state_load(json, &err));
    assert_non_null(strstr(err.msg, "Y-10.3"));
    free(json);
    gg_free(s);
}

/* Y-10.3 decision: in round 4 the top card of each pile is turned before the
 * blue cards: an event applies, a character is discarded; a quarantined
 * palace's blue card is discarded. */
static void test_y10_3_round_4_top_card_before_blue(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 312, 3);
    ys_state *st = ysp(s);
    st->round = 4;
    memset(st->pile, 0, sizeof st->pile);
    uint8_t p0[2] = {YC_KING, event_code(YE_REVOLT, 0)};
    uint8_t p1[2] = {event_code(YE_INDISCRETION, 0), YC_PRINCE};
    uint8_t p2[1] = {event_code(YE_QUARANTINE, 0)};
    memcpy(st->pile[0], p0, 2), st->pile_n[0] = 2;
    memcpy(st->pile[1], p1, 2), st->pile_n[1] = 2;
    memcpy(st->pile[2], p2, 1), st->pile_n[2] = 1;
    st->pile_n[3] = 0;
    st->blue_left = 4;
    st->ev_active = 0;
    memset(st->port_event, 0, sizeof st->port_event);
    ys_events_turn(st);
    assert_int_equal(ys_port_event(st, 0), YE_REVOLT);
    assert_int_equal(st->pile_n[0], 1); /* only the top card */
    assert_int_equal(st->char_gone, 1u << YC_PRINCE);
    assert_int_equal(ys_event_count(st, YE_INDISCRETION), 0);
    assert_int_equal(ys_port_event(st, 2), YE_QUARANTINE);
    assert_int_equal(st->palace_card[0], YC_BLUE);
    assert_int_equal(st->palace_card[1], YC_BLUE);
    assert_int_equal(st->palace_card[2], YS_NONE);
    assert_int_equal(st->palace_card[3], YC_BLUE);
    assert_int_equal(st->blue_left, 0); /* the quarantined palace's is discarded */
    gg_free(s);
}

/* Y-10.20 Embassy: a centre ship; palace brokers stay after their district;
 * before the market the palace totals share its gems as in a district. */
static void test_y10_20_embassy_palace_totals_share_centre_ship(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 320, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u3:d1-palace", "f0 f0 f1 u2:d1-palace u4:d2-palace", NULL, NULL);
    put_event(st, YE_EMBASSY, 0, 0);
    st->centre_ship = 1 + 0; /* ship 1: blue (large), green, yellow */
    int g0 = gem_total(st, 0), g1 = gem_total(st, 1);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    telling = 1, told_all[0] = 0;
    for (int guard = 0; st->step != YS_STEP_EVENTS; guard++) {
        assert_true(guard < 40);
        play_first(s, ysp_actor(s), "", "");
    }
    telling = 0;
    /* told in words before its gems are shared (seats counted from 1) */
    assert_non_null(strstr(told_all, "\nEmbassy (every palace as one district): Seat 2 6 and Seat 1 3 — "
                                     "they share the centre ship's "));
    /* the districts are scored; the palace brokers are still there */
    assert_int_equal(ysp_count_at(st, 0, YS_ZONE_LOC(0, 2)), 1);
    assert_int_equal(ysp_count_at(st, 1, YS_ZONE_LOC(1, 2)), 1);
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(ysp_actor(s), 1); /* palaces 6 against 3 */
    g0 = gem_total(st, 0) - g0 - 0, g1 = gem_total(st, 1) - g1; /* from the districts */
    ysp_play(s, 1, "gem blue");
    ysp_play(s, 1, "gem green");
    assert_int_equal(ysp_actor(s), 0);
    ysp_refused(s, 0, "gem green", GG_EILLEGAL, NULL);
    ysp_play(s, 0, "gem yellow");
    assert_int_equal(ysp_count_at(st, 0, YS_ZONE_LOC(0, 2)), 0); /* home after the Embassy */
    assert_int_equal(ysp_count_at(st, 1, YS_ZONE_LOC(1, 2)), 0);
    assert_int_equal(st->pl[1].gems[GREEN] >= 1, 1);
    assert_int_equal(st->pl[0].gems[YELLOW] >= 1, 1);
    (void)g0;
    (void)g1;
    gg_free(s);
}

/* Y-10.21 Smuggling: each card out is a place for any number of brokers, face
 * up or down; before the market the highest total takes 2 coloured gems of
 * choice, 1 black gem or 3 points. Both cards may be out. */
static void test_y10_21_smuggling_two_cards(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(3, NULL, 321, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    put_event(st, YE_SMUGGLING, 0, 0);
    ysp_turn(st, 0, 0);
    ysp_refused(s, 0, "up 3 smuggling2", GG_EILLEGAL, "no Smuggling card");
    put_event(st, YE_SMUGGLING, 1, 0);
    assert_true(ysp_legal(s, 0, "down 3 smuggling1"));
    assert_true(ysp_legal(s, 0, "up 3 smuggling1"));
    ysp_play(s, 0, "down 3 smuggling1");
    ysp_play(s, 0, "up 4 smuggling2");
    assert_int_equal(st->pl[0].pts_market, 0); /* not a market cell */
    ysp_layout(st, 1, "f0 f0 f1 u2:smuggling1 d1:smuggling1 u1:smuggling2");
    jump_telling(st, YS_STEP_SCORING_WINDOW);
    for (int guard = 0; st->stage != YS_ST_SMUGGLE; guard++) {
        assert_true(guard < 40);
        play_first(s, ysp_actor(s), "", "");
    }
    /* smuggling1: seat 0's 3 against seat 1's 2+1: a tie, front brokers equal, order card 1 */
    assert_int_equal(ysp_actor(s), 0);
    assert_int_equal(count_legal(s, 0, "smuggle "), 12);
    play_telling(s, 0, "smuggle points");
    telling = 0;
    assert_told_all("Smuggling card 1: Seat 1 3 and Seat 2 3 — Seat 1 takes 2 coloured gems, 1 black gem or 3 points.");
    assert_told_all("Seat 1 scores +3 (Smuggling).");
    assert_told_all("Smuggling card 2: Seat 1 4 and Seat 2 1 — Seat 1 takes 2 coloured gems, 1 black gem or 3 points.");
    assert_int_equal(st->pl[0].pts_events, 3);
    assert_int_equal(st->stage, YS_ST_SMUGGLE); /* smuggling2: 4 against 1 */
    assert_int_equal(ysp_actor(s), 0);
    int blue = st->pl[0].gems[BLUE], red = st->pl[0].gems[RED];
    ysp_play(s, 0, "smuggle red blue");
    assert_int_equal(st->pl[0].gems[BLUE], blue + 1);
    assert_int_equal(st->pl[0].gems[RED], red + 1);
    play_until(s, YS_ST_BID);
    assert_int_equal(ysp_count_at(st, 0, YS_LOC_SMUGGLE0), 0);
    assert_int_equal(ysp_count_at(st, 1, YS_LOC_SMUGGLE0 + 1), 0);
    assert_int_equal(st->ev_active, 0);
    gg_free(s);
}

/* Y-10.21 ruling with Y-9.4: the neutral may go to a Smuggling card that is
 * out; winning there, it takes 2 gems of the best-rated colour. (The JSON
 * round trip of such a state, once refused, is checked by test_ys_sim_events:
 * ev_game's events are not dealt, so this position is not a loadable save.) */
static void test_y10_21_neutral_on_smuggling(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(2, NULL, 421, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    put_event(st, YE_SMUGGLING, 0, 0);
    ysp_turn(st, 0, 0);
    ysp_refused(s, 0, "neutral 2 smuggling2", GG_EILLEGAL, "no Smuggling card");
    assert_true(ysp_legal(s, 0, "neutral 2 smuggling1"));
    ysp_play(s, 0, "neutral 2 smuggling1");
    assert_int_equal(st->neutral_market, 0); /* not a market cell */
    st->rate[BLUE] = 0, st->rate[GREEN] = 1, st->rate[YELLOW] = -1, st->rate[RED] = 3;
    uint8_t before[6];
    memcpy(before, st->neutral_gems, sizeof before);
    jump_telling(st, YS_STEP_SCORING_WINDOW);
    for (int guard = 0; st->step == YS_STEP_SCORING_WINDOW || st->step == YS_STEP_DISTRICT ||
                        (st->step == YS_STEP_EVENTS && st->stage != YS_ST_SMUGGLE); guard++) {
        assert_true(guard < 40);
        play_first(s, ysp_actor(s), "", "");
    }
    telling = 0;
    assert_told_all("Smuggling card 1: the neutral 2 — the neutral takes two red gems.");
    assert_int_not_equal(st->stage, YS_ST_SMUGGLE); /* the neutral decides by itself */
    assert_int_equal(st->neutral_gems[RED], before[RED] + 2);
    gg_free(s);
}

/* Y-10.22 Brokerage: each column's highest total also takes a gem of its
 * colour; the columns are then scored as usual. */
static void test_y10_22_brokerage_column_gems(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 322, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u3:blue1", "f0 f0 f1 u2:blue2 u1:red3", NULL, NULL);
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    put_event(st, YE_BROKERAGE, 0, 0);
    jump_telling(st, YS_STEP_SCORING_WINDOW);
    play_until(s, YS_ST_MAJORITY);
    telling = 0;
    assert_told_all("Brokerage, each market column's gem to its best total: blue to Seat 1; green to nobody; "
                    "yellow to nobody; red to Seat 2.");
    assert_int_equal(st->pl[0].gems[BLUE], 1);
    assert_int_equal(st->pl[0].gems[RED], 0);
    assert_int_equal(st->pl[1].gems[RED], 1);
    assert_int_equal(st->pl[1].gems[BLUE], 0);
    assert_int_equal(st->rate[BLUE], 2); /* columns as usual: blue 5 first */
    assert_int_equal(st->rate[RED], 1);
    gg_free(s);
}

/* Y-10.23 Democracy: every broker in the district counts 1, whatever else
 * applies (the Mercenary's mark too). */
static void test_y10_23_democracy_every_broker_counts_one(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 323, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u4:d1-trade", "f0 f1 f1 u1:d1-trade d0:d1-trade", NULL, NULL);
    st->pl[0].b[ysp_broker(st, 0, 4, YS_ZONE_LOC(0, 1))].flags |= YS_F_MERC;
    ysp_port(st, 0, 1);
    put_event(st, YE_DEMOCRACY, 0, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(ysp_actor(s), 1); /* 2 brokers = 2 against 1 */
    play_gems(s);
    play_until(s, YS_ST_BID);
    assert_int_equal(st->pl[1].pts_trade, 3);
    assert_int_equal(st->pl[0].pts_trade, 0);
    gg_free(s);
}

/* Y-10.24 Enrichment: every gem won in the district's scoring, black too,
 * scores its winner 1 point; elsewhere nothing. */
static void test_y10_24_enrichment_point_per_gem(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 324, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u3:d1-port", "f0 f0 f1 u3:d2-port", NULL, NULL);
    ysp_port(st, 0, 1);
    ysp_port(st, 1, 2);
    put_event(st, YE_ENRICHMENT, 0, 0);
    int score1 = st->pl[1].score;
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    play_gems(s);
    play_until(s, YS_ST_BID);
    assert_int_equal(st->pl[0].pts_events, 3); /* 2 port gems and the black one */
    assert_int_equal(st->pl[0].gems[BLACK], 1);
    assert_int_equal(st->pl[1].pts_events, 0); /* d2 has no Enrichment */
    assert_int_equal(st->pl[1].score, score1);
    gg_free(s);
}

/* Y-10.25 Incognito: only face-down brokers go to that district; the turn's
 * face-up broker goes elsewhere. */
static void test_y10_25_incognito_refuses_face_up(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 325, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    put_event(st, YE_INCOGNITO, 0, 1);
    ysp_turn(st, 0, 0);
    ysp_refused(s, 0, "up 3 d2-port", GG_EILLEGAL, "Incognito");
    assert_false(ysp_legal(s, 0, "up 3 d2-palace"));
    assert_true(ysp_legal(s, 0, "down 3 d2-palace"));
    assert_true(ysp_legal(s, 0, "up 3 d1-palace"));
    ysp_play(s, 0, "down 3 d2-port");
    ysp_play(s, 0, "up 4 d1-port");
    gg_free(s);
}

/* Y-10.26 Indiscretion: the first column rises 4 and the second 2; the
 * falls are unchanged. */
static void test_y10_26_indiscretion_columns_4_2(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 326, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u4:blue1", "f0 f0 f1 u3:green1", "f0 f0 f1 u1:yellow1", NULL);
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    put_event(st, YE_INDISCRETION, 0, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    play_until(s, YS_ST_MAJORITY);
    assert_int_equal(st->rate[BLUE], 4);
    assert_int_equal(st->rate[GREEN], 2);
    assert_int_equal(st->rate[YELLOW], -1);
    assert_int_equal(st->rate[RED], -2);
    gg_free(s);
}

/* Y-10.27 Shipwreck: no ship gems in that district; the zones score as
 * usual; the Captain cannot touch its ship. */
static void test_y10_27_shipwreck_no_ship_gems(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 327, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, "f0 f0 f1 u3:d1-port u2:d1-trade", NULL, NULL);
    ysp_port(st, 0, 1);
    ysp_give(st, 0, YC_CAPTAIN, 0);
    put_event(st, YE_SHIPWRECK, 0, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(count_legal(s, 0, "play captain"), 3); /* d2 d3, d2 d4, d3 d4 */
    ysp_refused(s, 0, "play captain d1 d2", GG_EILLEGAL, NULL);
    ysp_play(s, 0, "pass");
    play_until(s, YS_ST_BID);
    assert_int_equal(st->pl[1].gems[BLACK], 1);
    assert_int_equal(gem_total(st, 1), 1);
    assert_int_equal(st->pl[1].pts_trade, 3);
    gg_free(s);
}

/* Y-10.28 Quarantine: no character card; its zones award nothing; only the
 * ship is scored. */
static void test_y10_28_quarantine_only_the_ship(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 328, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u3:d1-port u4:d1-trade u2:d1-palace", NULL, NULL, NULL);
    ysp_port(st, 0, 1);
    put_event(st, YE_QUARANTINE, 0, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    play_gems(s);
    play_until(s, YS_ST_BID);
    assert_int_equal(gem_total(st, 0), 2); /* the ship's 2 for the first */
    assert_int_equal(st->pl[0].gems[BLACK], 0);
    assert_int_equal(st->pl[0].pts_trade, 0);
    assert_int_equal(st->pl[0].hand, 0);
    gg_free(s);
}

/* Y-10.29 Restriction: at most 2 of a player's brokers in that district this
 * round; others elsewhere and other players are not limited by his. */
static void test_y10_29_restriction_refuses_third_broker(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, NULL, 329, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u3:d1-port d1:d1-trade", "f0 f0 f1 u1:d1-port", NULL, NULL);
    put_event(st, YE_RESTRICTION, 0, 0);
    ysp_turn(st, 1, 0);
    ysp_refused(s, 0, "up 3 d1-palace", GG_EILLEGAL, "Restriction");
    assert_false(ysp_legal(s, 0, "down 3 d1-port"));
    assert_true(ysp_legal(s, 0, "up 3 d2-port"));
    ysp_play(s, 0, "up 3 d2-port");
    ysp_play(s, 0, "down 4 blue1");
    assert_int_equal(ysp_actor(s), 1);
    ysp_play(s, 1, "up 3 d1-palace"); /* his second there */
    ysp_refused(s, 1, "down 3 d1-trade", GG_EILLEGAL, "Restriction");
    gg_free(s);
}

/* Y-10.30 Revolt: no character card has any effect in that district: the
 * Professor's +1 and the Merchant's 5 stay out of it, but apply elsewhere. */
static void test_y10_30_revolt_cancels_professor_in_district(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, "ysplus=on", 330, 2);
    ys_state *st = ysp(s);
    layouts(st, "f0 f0 f1 u3:d1-trade u2:d2-trade", "f0 f0 f1 u4:d1-trade", NULL, NULL);
    ysp_give(st, 0, YC_PROFESSOR, 0);
    ysp_give(st, 0, YC_MERCHANT, 0);
    ysp_give(st, 2, YC_QUEEN, 0);
    put_event(st, YE_REVOLT, 0, 0);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    ysp_play(s, 0, "play professor d1");
    ysp_play(s, 0, "play merchant");
    play_until(s, YS_ST_BID);
    /* d1 trade: 3 (no +1) against 4, and it pays 3; d2 trade pays 5 */
    assert_int_equal(st->pl[1].pts_trade, 3);
    assert_int_equal(st->pl[0].pts_trade, 5);
    /* the Queen cannot lock a zone of the district in revolt */
    put_event(st, YE_REVOLT, 0, 1);
    ysp_turn(st, 0, 2);
    assert_int_equal(count_legal(s, 2, "play queen"), 9);
    ysp_refused(s, 2, "play queen d2-port", GG_EILLEGAL, NULL);
    gg_free(s);
}

/* Y-10.31 Speculation: each player may secretly pick a coloured gem; at the
 * end the highest-rated colour (leftmost on ties) scores +3, another -2,
 * none 0. */
static void test_y10_31_speculation_secret_then_scored(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(3, NULL, 331, 2);
    ys_state *st = ysp(s);
    put_event(st, YE_SPECULATION, 0, 0);
    st->step = YS_STEP_SPECULATE;
    st->stage = 0;
    ys_advance(st);
    int seats[GG_MAX_SEATS];
    assert_int_equal(gg_actors(s, seats), 3);
    assert_int_equal(count_legal(s, 0, "speculate "), 5);
    ysp_play(s, 0, "speculate red");
    ysp_refused(s, 0, "speculate green", GG_ESEAT, "not to act");
    for (int viewer = -1; viewer < 2; viewer++) { /* Y-11.1 the event public; Y-11.2 the pick private */
        cJSON *v = ysp_view(s, viewer), *ev = jget(v, "events");
        assert_string_equal(cJSON_GetArrayItem(jget(ev, "active"), 0)->valuestring, "speculation");
        assert_string_equal(cJSON_GetArrayItem(jget(ev, "speculation"), 0)->valuestring, viewer == 0 ? "red" : "hidden");
        assert_true(cJSON_IsNull(cJSON_GetArrayItem(jget(ev, "speculation"), 1)));
        cJSON_Delete(v);
    }
    assert_int_equal(gg_actors(s, seats), 2);
    char text[GG_MAX_NOTATION];
    gg_action a;
    gg_error err = {0};
    assert_int_equal(gg_action_parse(s, 1, "speculate blue", &a, &err), GG_OK);
    gg_action_announce(s, 1, a, 0, text, sizeof text);
    assert_string_equal(text, "speculate"); /* Y-11.2: the pick is private */
    ysp_play(s, 1, "speculate blue");
    ysp_play(s, 2, "speculate none");
    assert_int_equal(st->stage, YS_ST_BID);
    st->rate[RED] = 3;
    st->rate[BLUE] = 3; /* a tie: blue is leftmost, so first */
    ys_final f;
    ys_final_scores(st, &f);
    assert_int_equal(f.spec_pts[0], -2);
    assert_int_equal(f.spec_pts[1], 3);
    assert_int_equal(f.spec_pts[2], 0);
    gg_free(s);
}


/* Y-10.12 with Y-10.32 / Y-10.29 / Y-10.21: a line is in no district, so
 * events never stop a broker going onto one; settling into a zone is going
 * to that district (docs/rules/ys.md, Ruling). Transparency in d1 keeps a
 * face-down line broker out of d1 while d2 will take it; Restriction counts
 * a settled broker; a Smuggling card (place 60/61) and the lines (48..59)
 * are distinct places. */
static void test_Y_10_12_philosopher_with_events(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(4, "ysplus=on", 96, 2);
    ys_state *st = ysp(s);
    layouts(st, "f3 f4", "f0 f0", "f0 f0", "f0 f0");
    put_event(st, YE_TRANSPARENCY, 0, 0);
    put_event(st, YE_SMUGGLING, 0, 0);
    ysp_give(st, 0, YC_PHILOSOPHER, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    ysp_play(s, 0, "play philosopher");
    assert_true(ysp_legal(s, 0, "down 2 d1/d2-port")); /* onto a line next to Transparency */
    assert_true(ysp_legal(s, 0, "down 2 smuggling1"));
    assert_false(ysp_legal(s, 0, "down 2 d1-port"));
    ysp_play(s, 0, "down 2 d1/d2-port");
    ysp_play(s, 0, "up 1 smuggling1");
    assert_int_equal(ysp_count_at(st, 0, YS_LOC_SMUGGLE0), 1);
    assert_int_equal(ysp_count_at(st, 0, YS_LOC_DLINE0 + 0), 1);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->stage, YS_ST_SETTLE);
    assert_int_equal(count_legal(s, 0, "settle "), 1);
    ysp_refused(s, 0, "settle down 2 d1/d2-port to d1-port", GG_EILLEGAL, NULL);
    ysp_play(s, 0, "settle down 2 d1/d2-port to d2-port");
    assert_int_equal(ysp_count_at(st, 0, YS_ZONE_LOC(1, 0)), 1);
    gg_free(s);

    /* Restriction in d2 with 2 of his brokers there already; Transparency in
     * d1 and the line broker face down: neither zone takes it, so either may. */
    s = ev_game(4, "ysplus=on", 97, 2);
    st = ysp(s);
    layouts(st, "f3 f4", "f0 f0", "f0 f0", "f0 f0");
    put_event(st, YE_TRANSPARENCY, 0, 0);
    put_event(st, YE_RESTRICTION, 0, 1);
    ysp_give(st, 0, YC_PHILOSOPHER, 0);
    ysp_jump(st, YS_STEP_PLACEMENT_WINDOW);
    ysp_play(s, 0, "play philosopher");
    ysp_play(s, 0, "up 3 d2-trade");
    ysp_play(s, 0, "down 2 d1/d2-port");
    ysp_turn(st, 0, 0);
    ysp_play(s, 0, "up 4 d2-palace");
    assert_false(ysp_legal(s, 0, "down 1 d2-port")); /* Restriction: 2 there already */
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(st->stage, YS_ST_SETTLE);
    assert_int_equal(count_legal(s, 0, "settle "), 2);
    ysp_play(s, 0, "settle down 2 d1/d2-port to d2-port");
    assert_int_equal(ysp_count_at(st, 0, YS_ZONE_LOC(1, 0)), 1);
    gg_free(s);
}

/* Y-10.32 Transparency: only face-up brokers go to that district; the
 * turn's face-down broker (and a neutral one, always face down) elsewhere. */
static void test_y10_32_transparency_refuses_face_down(void **unused)
{
    (void)unused;
    gg_state *s = ev_game(2, NULL, 332, 2);
    ys_state *st = ysp(s);
    layouts(st, NULL, NULL, NULL, NULL);
    put_event(st, YE_TRANSPARENCY, 0, 0);
    ysp_turn(st, 0, 0);
    ysp_refused(s, 0, "down 3 d1-port", GG_EILLEGAL, "Transparency");
    ysp_refused(s, 0, "neutral 2 d1-trade", GG_EILLEGAL, "Transparency");
    assert_true(ysp_legal(s, 0, "up 3 d1-port"));
    assert_true(ysp_legal(s, 0, "down 3 d2-port"));
    ysp_play(s, 0, "up 3 d1-port");
    ysp_play(s, 0, "down 3 d2-port");
    ysp_play(s, 0, "neutral 2 d3-port");
    gg_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_Y_1_1_colours_in_column_order),
        cmocka_unit_test(test_Y_1_2_broker_sets),
        cmocka_unit_test(test_Y_1_3_order_cards),
        cmocka_unit_test(test_Y_1_4_character_deck),
        cmocka_unit_test(test_Y_1_5_ship_cards),
        cmocka_unit_test(test_Y_1_6_rate_track_stops_at_the_ends),
        cmocka_unit_test(test_Y_1_7_bank_and_white_gems),
        cmocka_unit_test(test_Y_2_1_scores_zero_order_cards_random),
        cmocka_unit_test(test_Y_2_2_districts_in_play),
        cmocka_unit_test(test_Y_2_2_options_echo_the_districts_played),
        cmocka_unit_test(test_Y_2_3_palace_piles),
        cmocka_unit_test(test_Y_2_4_blue_cards_wait_for_round_4),
        cmocka_unit_test(test_Y_2_5_ship_deck),
        cmocka_unit_test(test_Y_2_6_rates_start_at_zero),
        cmocka_unit_test(test_Y_3_1_four_rounds_then_final_scoring),
        cmocka_unit_test(test_Y_4_1_palace_card_turned_each_round),
        cmocka_unit_test(test_Y_4_2_port_gems_by_player_count),
        cmocka_unit_test(test_Y_4_3_market_rows),
        cmocka_unit_test(test_Y_5_1_bids_secret_then_revealed_together),
        cmocka_unit_test(test_Y_5_2_ranking_by_bid_then_order_card),
        cmocka_unit_test(test_Y_5_3_order_cards_dealt_again),
        cmocka_unit_test(test_Y_5_4_bid_brokers_stay_in_front),
        cmocka_unit_test(test_Y_6_1_four_placement_turns_or_three),
        cmocka_unit_test(test_Y_6_2_two_brokers_one_up_one_down),
        cmocka_unit_test(test_Y_6_3_city_zones_and_market_cells),
        cmocka_unit_test(test_Y_6_4_market_point),
        cmocka_unit_test(test_Y_6_5_own_hidden_brokers_option),
        cmocka_unit_test(test_Y_6_6_last_broker_joins_the_front),
        cmocka_unit_test(test_Y_7_1_card_limits),
        cmocka_unit_test(test_Y_7_2_card_windows),
        cmocka_unit_test(test_Y_7_3_hands_are_public),
        cmocka_unit_test(test_Y_7_4_alchemist),
        cmocka_unit_test(test_Y_7_5_banker),
        cmocka_unit_test(test_Y_7_6_captain),
        cmocka_unit_test(test_Y_7_7_bishop),
        cmocka_unit_test(test_Y_7_8_spy),
        cmocka_unit_test(test_Y_7_8_spy_after_any_turn),
        cmocka_unit_test(test_Y_7_9_herald),
        cmocka_unit_test(test_Y_7_10_illusionist),
        cmocka_unit_test(test_Y_7_11_intriguer),
        cmocka_unit_test(test_Y_7_12_jeweller),
        cmocka_unit_test(test_Y_7_13_magician),
        cmocka_unit_test(test_Y_7_14_merchant),
        cmocka_unit_test(test_Y_7_15_mercenary_Y_8_1_counts_5),
        cmocka_unit_test(test_Y_7_16_queen),
        cmocka_unit_test(test_Y_7_17_prince_Y_7_18_king),
        cmocka_unit_test(test_Y_7_19_blue_card),
        cmocka_unit_test(test_Y_8_2_lone_zero_wins_empty_place_awards_nothing),
        cmocka_unit_test(test_Y_8_3_ties),
        cmocka_unit_test(test_Y_8_4_district_scoring),
        cmocka_unit_test(test_Y_8_5_white_gem_exchanged_at_once),
        cmocka_unit_test(test_Y_8_6_market_rows),
        cmocka_unit_test(test_Y_8_7_market_columns),
        cmocka_unit_test(test_Y_8_8_market_majority),
        cmocka_unit_test(test_Y_8_9_brokers_return_ships_discarded),
        cmocka_unit_test(test_Y_8_10_colour_scoring),
        cmocka_unit_test(test_Y_8_11_black_gems),
        cmocka_unit_test(test_Y_8_12_winner_and_tie_break),
        cmocka_unit_test(test_Y_9_1_kings_favour),
        cmocka_unit_test(test_Y_9_2_express),
        cmocka_unit_test(test_Y_9_3_three_players),
        cmocka_unit_test(test_Y_9_4_two_players_neutral),
        cmocka_unit_test(test_Y_10_1_five_players),
        cmocka_unit_test(test_Y_10_2_ysplus_deck),
        cmocka_unit_test(test_Y_10_4_customs_officer),
        cmocka_unit_test(test_Y_10_5_financier_merchant_cancel),
        cmocka_unit_test(test_Y_10_6_royal_guard),
        cmocka_unit_test(test_Y_10_7_imitator),
        cmocka_unit_test(test_Y_10_8_investor_column_first),
        cmocka_unit_test(test_Y_10_9_favourite_kept_throne_plus_2),
        cmocka_unit_test(test_Y_10_10_monk_face_values),
        cmocka_unit_test(test_Y_10_11_pope_colour_ties_not_throne),
        cmocka_unit_test(test_Y_10_12_philosopher_lines),
        cmocka_unit_test(test_Y_10_12_philosopher_with_events),
        cmocka_unit_test(test_Y_10_13_professor_plus_one),
        cmocka_unit_test(test_Y_10_14_rogue_exchange),
        cmocka_unit_test(test_Y_10_15_trafficker_8_black),
        cmocka_unit_test(test_y10_3_events_dealt_three_per_palace),
        cmocka_unit_test(test_y10_3_turning_second_event_discarded_quarantine),
        cmocka_unit_test(test_y10_3_round_4_top_card_before_blue),
        cmocka_unit_test(test_y10_3_state_format_events),
        cmocka_unit_test(test_y10_20_embassy_palace_totals_share_centre_ship),
        cmocka_unit_test(test_y10_21_smuggling_two_cards),
        cmocka_unit_test(test_y10_21_neutral_on_smuggling),
        cmocka_unit_test(test_y10_22_brokerage_column_gems),
        cmocka_unit_test(test_y10_23_democracy_every_broker_counts_one),
        cmocka_unit_test(test_y10_24_enrichment_point_per_gem),
        cmocka_unit_test(test_y10_25_incognito_refuses_face_up),
        cmocka_unit_test(test_y10_26_indiscretion_columns_4_2),
        cmocka_unit_test(test_y10_27_shipwreck_no_ship_gems),
        cmocka_unit_test(test_y10_28_quarantine_only_the_ship),
        cmocka_unit_test(test_y10_29_restriction_refuses_third_broker),
        cmocka_unit_test(test_y10_30_revolt_cancels_professor_in_district),
        cmocka_unit_test(test_y10_31_speculation_secret_then_scored),
        cmocka_unit_test(test_y10_32_transparency_refuses_face_down),
        cmocka_unit_test(test_Y_11_1_public_view),
        cmocka_unit_test(test_Y_11_2_private_to_the_seat),
        cmocka_unit_test(test_Y_11_3_secrets_never_leak),
        cmocka_unit_test(test_Y_11_3_announcements_mask_secrets),
        cmocka_unit_test(test_Y_11_4_everything_once_over),
        cmocka_unit_test(test_bad_placements),
        cmocka_unit_test(test_bad_card_plays),
        cmocka_unit_test(test_bad_bids),
        cmocka_unit_test(test_bad_seats_and_finished_game),
        cmocka_unit_test(test_bad_notation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
