/* test_ys_rulebook.c — the worked examples of the Ys rulebooks as scenario
 * tests: EX-YS-BID-1, PLACE-1, PLACE-2, DIST-1 (with PAL-1), SHIP-1,
 * MKTSET-1, MKT-1, END-1..3 and KF-1 of docs/rulebook-examples.md, which
 * gives each example's source lines, exact situation and stated outcome, and
 * the completion of the details the missing pictures leave open.
 *
 * Players wear the rulebook's colours: Blue seat 0, Orange seat 1, Purple
 * seat 2, Yellow seat 3. A position is a new game edited in its flat state
 * (tests/support/ys_pos.h); from there the example's actions are played with
 * gg_play and the outcome the rulebook states is checked. Rule ids refer to
 * shared/rules/ys.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "../support/ys_pos.h"

enum { BLUE_P = 0, ORANGE_P = 1, PURPLE_P = 2, YELLOW_P = 3 };
enum { BLUE = 0, GREEN = 1, YELLOW = 2, RED = 3, BLACK = 4, WHITE = 5 };

/* ------------------------------------------------------------- helpers */

/* The first legal action of the seat whose notation starts with `prefix`
 * and contains `part` (either may be ""); returns 0 when there is none. */
static int play_first(gg_state *s, int seat, const char *prefix, const char *part)
{
    static gg_action acts[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, acts);
    for (int i = 0; i < n; i++) {
        char a[GG_MAX_NOTATION];
        gg_action_format(s, seat, acts[i], a, sizeof a);
        if (strncmp(a, prefix, strlen(prefix)) == 0 && strstr(a, part)) {
            ysp_play(s, seat, a);
            return 1;
        }
    }
    return 0;
}

static int front_sum(const gg_state *s, int q) { return ys_front_sum(ysp_c(s), q); }

/* ------------------------------------------------------- EX-YS-BID-1 */

/* A new 4-player game with the order cards of the bidding example: Orange 2,
 * Yellow 4 (stated), Blue `blue_card` and Purple the other of 1 and 3. */
static gg_state *bidding_start(int blue_card)
{
    gg_state *s = ysp_new(4, NULL, 11);
    int order[4] = {blue_card, 2, blue_card == 1 ? 3 : 1, 4};
    ysp_orders(ysp(s), order);
    return s;
}

/* The bids and turn-place choices of EX-YS-BID-1 (PL 163-172). */
static void play_bidding(gg_state *s)
{
    ysp_play(s, BLUE_P, "bid 1+0");
    ysp_play(s, ORANGE_P, "bid 4+1");
    ysp_play(s, PURPLE_P, "bid 4+2");
    ysp_play(s, YELLOW_P, "bid 3+2");
    /* Y-5.2: Purple (6) chooses first and takes the 4th place */
    assert_int_equal(ysp_actor(s), PURPLE_P);
    ysp_play(s, PURPLE_P, "order 4");
    /* Y-5.2: Orange and Yellow tie at 5; Orange's card 2 beats Yellow's 4 */
    assert_int_equal(ysp_actor(s), ORANGE_P);
    ysp_play(s, ORANGE_P, "order 1");
    assert_int_equal(ysp_actor(s), YELLOW_P);
    ysp_play(s, YELLOW_P, "order 3");
    /* Blue is left with the 2nd place: no choice is asked of him */
}

/* EX-YS-BID-1 — Y-5.1, Y-5.2, Y-5.3, Y-5.4, both ways of dealing Blue and
 * Purple the cards 1 and 3 (the picture is missing). */
static void ex_ys_bid_1(void **unused)
{
    (void)unused;
    for (int blue_card = 1; blue_card <= 3; blue_card += 2) {
        gg_state *s = bidding_start(blue_card);
        ysp_roundtrip(s);
        play_bidding(s);
        const ys_state *st = ysp_c(s);
        /* Y-5.3: new cards Orange 1, Blue 2, Yellow 3, Purple 4 */
        assert_int_equal(st->pl[ORANGE_P].order, 1);
        assert_int_equal(st->pl[BLUE_P].order, 2);
        assert_int_equal(st->pl[YELLOW_P].order, 3);
        assert_int_equal(st->pl[PURPLE_P].order, 4);
        /* Y-5.4: the bid brokers stay face up in front of the screens */
        assert_int_equal(front_sum(s, BLUE_P), 1);
        assert_int_equal(front_sum(s, ORANGE_P), 5);
        assert_int_equal(front_sum(s, PURPLE_P), 6);
        assert_int_equal(front_sum(s, YELLOW_P), 5);
        for (int q = 0; q < 4; q++) {
            assert_int_equal(ysp_count_at(st, q, YS_LOC_FRONT), 2);
            for (int i = 0; i < st->pl[q].n_brokers; i++)
                if (st->pl[q].b[i].loc == YS_LOC_FRONT) assert_int_equal(st->pl[q].b[i].flags & YS_F_BID, 0);
        }
        /* placement follows the new order: Orange first */
        assert_int_equal(st->stage, YS_ST_PLACE);
        assert_int_equal(ysp_actor(s), ORANGE_P);
        cJSON *v = ysp_view(s, GG_SPECTATOR);
        cJSON *order = cJSON_GetObjectItem(v, "turn_order");
        int want[4] = {ORANGE_P, BLUE_P, YELLOW_P, PURPLE_P};
        for (int k = 0; k < 4; k++) assert_int_equal(cJSON_GetArrayItem(order, k)->valueint, want[k]);
        cJSON_Delete(v);
        ysp_roundtrip(s);
        gg_free(s);
    }
}

/* ------------------------------------------- EX-YS-PLACE-1, PLACE-2 */

/* EX-YS-PLACE-1 — Y-4.3, Y-6.2, Y-6.3, Y-6.4: Purple puts a face-up broker
 * on the bottom-left market cell (blue column, row 3) and a face-down one in
 * the city; Orange then may use neither row 0 nor that cell, but any other
 * free cell of rows 1-3 and any city zone. */
static void ex_ys_place_1(void **unused)
{
    (void)unused;
    gg_state *s = bidding_start(1);
    play_bidding(s);
    ysp_play(s, ORANGE_P, "up 3 d1-port");
    ysp_play(s, ORANGE_P, "down 2 d1-trade");
    ysp_play(s, BLUE_P, "up 2 d1-port");
    ysp_play(s, BLUE_P, "down 1 d1-trade");
    ysp_play(s, YELLOW_P, "up 0 d2-port");
    ysp_play(s, YELLOW_P, "down 1 d2-trade");
    assert_int_equal(ysp_actor(s), PURPLE_P);
    int purple_before = ysp(s)->pl[PURPLE_P].score;
    ysp_play(s, PURPLE_P, "up 3 blue3");
    ysp_play(s, PURPLE_P, "down 0 d1-palace");
    assert_int_equal(ysp(s)->pl[PURPLE_P].score, purple_before + 1); /* Y-6.4 */

    assert_int_equal(ysp_actor(s), ORANGE_P);
    int orange_before = ysp(s)->pl[ORANGE_P].score;
    ysp_refused(s, ORANGE_P, "up 3 blue0", GG_EILLEGAL, "closed"); /* Y-4.3: row 0 closed with 4 */
    ysp_refused(s, ORANGE_P, "up 3 red0", GG_EILLEGAL, "closed");
    ysp_refused(s, ORANGE_P, "up 3 blue3", GG_EILLEGAL, "already holds a broker"); /* Y-6.3 */
    static const char *const colours[4] = {"blue", "green", "yellow", "red"};
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++) {
            char line[32];
            snprintf(line, sizeof line, "up 3 %s%d", colours[c], r);
            int want = r >= 1 && !(c == 0 && r == 3);
            assert_int_equal(ysp_legal(s, ORANGE_P, line), want);
        }
    assert_true(ysp_legal(s, ORANGE_P, "up 3 d1-port")); /* the city takes any number */
    assert_true(ysp_legal(s, ORANGE_P, "down 3 d1-port"));
    ysp_play(s, ORANGE_P, "up 3 green3");
    assert_int_equal(ysp(s)->pl[ORANGE_P].score, orange_before + 1);
    ysp_roundtrip(s);
    gg_free(s);
}

/* EX-YS-PLACE-2 — Y-6.1, Y-6.2, Y-6.6: four turns of one face-up and one
 * face-down broker each; then every player has 8 brokers on the board (4 up,
 * 4 down) and his last one joins the two bid brokers in front. Every broker
 * goes to district 1, so scoring stops at its first port-gem choice with the
 * brokers still there. */
static void ex_ys_place_2(void **unused)
{
    (void)unused;
    gg_state *s = bidding_start(1);
    play_bidding(s);
    int placed = 0;
    while (ysp(s)->stage == YS_ST_PLACE) {
        int seat = ysp_actor(s);
        const char *face = ysp(s)->n_up ? "down " : "up "; /* up first, then down */
        assert_true(play_first(s, seat, face, " d1-"));
        assert_true(++placed <= 32);
    }
    assert_int_equal(placed, 32); /* 4 players x 4 turns x 2 brokers */
    const ys_state *st = ysp_c(s);
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(st->district, 0);
    int bid[4] = {1, 5, 6, 5};
    for (int q = 0; q < 4; q++) {
        int board = 0, down = 0, front = 0, screen = 0, front_sum_ = 0;
        for (int i = 0; i < st->pl[q].n_brokers; i++) {
            const ys_broker *b = &st->pl[q].b[i];
            board += YS_IS_BOARD(b->loc);
            down += YS_IS_BOARD(b->loc) && !(b->flags & YS_F_UP);
            front += b->loc == YS_LOC_FRONT;
            screen += b->loc == YS_LOC_SCREEN;
            if (b->loc == YS_LOC_FRONT) front_sum_ += b->value;
        }
        assert_int_equal(board, 8);
        assert_int_equal(down, 4);
        assert_int_equal(front, 3);
        assert_int_equal(screen, 0);
        assert_true(front_sum_ >= bid[q]); /* the two bid brokers plus the last one */
    }
    ysp_roundtrip(s);
    gg_free(s);
}

/* --------------------------------------------- EX-YS-DIST-1 and PAL-1 */

/* EX-YS-DIST-1 (and EX-YS-PAL-1) — Y-8.1, Y-8.2, Y-8.3, Y-8.4, Y-4.1, Y-7.3.
 * Order cards Orange 1, Blue 2, Yellow 3, Purple 4; fronts Blue 1+0+4,
 * Orange 4+1+0, Purple 4+2+1, Yellow 3+2+1. District 1: port Yellow 4, Blue
 * 3, Purple 3; trade Yellow 4, Orange 4, Blue 2; palace Blue 4, Purple 3,
 * Orange 1 (totals Blue 9, Yellow 8, Purple 6, Orange 5); its ship is card #2
 * (blue | green, red): 2 blue, 1 green, 1 red. The position is the second
 * half of Purple's last placement turn of round 1; every other broker stands
 * in districts 2-4; district 1's outcome is checked when district 2's gems
 * are being shared. */
static void ex_ys_dist_1(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(4, NULL, 5);
    ys_state *st = ysp(s);
    int order[4] = {2, 1, 4, 3};
    ysp_orders(st, order);
    ysp_layout(st, BLUE_P,
               "f1 f0 u4:d1-palace d3:d1-port u2:d1-trade "
               "d0:d2-port u1:d2-trade d1:d3-port u3:d3-trade d3:d4-palace s4");
    ysp_layout(st, ORANGE_P,
               "f4 f1 u4:d1-trade d1:d1-palace "
               "u0:d2-palace d1:d2-port u2:d3-palace d3:d3-trade u3:d4-port d3:d4-trade s0");
    ysp_layout(st, PURPLE_P,
               "f4 f2 u3:d1-port d3:d1-palace "
               "u1:d2-port d0:d2-trade u1:d3-palace d3:d4-trade s4 s0 s1");
    ysp_layout(st, YELLOW_P,
               "f3 f2 u4:d1-port d4:d1-trade "
               "u0:d2-port d0:d2-palace u1:d3-port d1:d4-palace u3:d4-port d3:d2-trade s1");
    ysp_port(st, 0, 2);
    ysp_palace(st, 0, YC_CAPTAIN); /* a character the winner keeps (not King or Prince) */
    ysp_turn(st, 3, 3);
    assert_int_equal(ysp_actor(s), PURPLE_P);
    ysp_roundtrip(s);
    ysp_play(s, PURPLE_P, "up 4 d3-port");
    char *told = ysp_play_told(s, PURPLE_P, "down 0 d4-port"); /* his 1 joins his front (Y-6.6) */
    /* the events say it in words: every broker of district 1 face up, the
     * district totals that share the port (Blue 9, Yellow 8, Purple 6,
     * Orange 5) and the ship's gems */
    ysp_assert_told(told, "District 1 is revealed — port: Seat 1 3, Seat 3 3 and Seat 4 4; "
                          "trade: Seat 1 2, Seat 2 4 and Seat 4 4; palace: Seat 1 4, Seat 2 1 and Seat 3 3.");
    ysp_assert_told(told, "District 1: Seat 1 9, Seat 4 8, Seat 3 6 and Seat 2 5 — they share the "
                          "port's blue, blue, green and red in that order.");
    assert_int_equal(front_sum(s, PURPLE_P), 7);
    assert_int_equal(front_sum(s, BLUE_P), 5);
    assert_int_equal(front_sum(s, ORANGE_P), 5);
    assert_int_equal(front_sum(s, YELLOW_P), 6);

    /* Y-8.4: Blue (9) first chooses two gems: blue and red */
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(st->district, 0);
    assert_int_equal(ysp_actor(s), BLUE_P);
    ysp_roundtrip(s);
    ysp_refused(s, BLUE_P, "gem yellow", GG_EILLEGAL, "not on offer");
    ysp_play(s, BLUE_P, "gem blue");
    assert_int_equal(ysp_actor(s), BLUE_P);
    ysp_play(s, BLUE_P, "gem red");
    /* Yellow (8) second chooses the other blue */
    assert_int_equal(ysp_actor(s), YELLOW_P);
    free(told);
    told = ysp_play_told(s, YELLOW_P, "gem blue");
    ysp_assert_told(told, "Seat 4 gains 1 blue (port share).");
    ysp_assert_told(told, "Seat 3 gains 1 green (port share).");
    ysp_assert_told(told, "District 1 port: Seat 4 4, Seat 3 3 and Seat 1 3 — Seat 4 takes a black gem.");
    ysp_assert_told(told, "District 1 trade: Seat 4 4, Seat 2 4 and Seat 1 2 — Seat 4 scores 3 points.");
    ysp_assert_told(told, "Seat 4 scores +3 (trade zone).");
    ysp_assert_told(told, "District 1 palace: Seat 1 4, Seat 3 3 and Seat 2 1 — Seat 1 wins the Captain.");
    assert_null(strstr(told, "Seat 2 gains")); /* Orange gets no gem */
    free(told);
    /* Purple (6) gets the last gem, green, without a choice; Orange (5) none.
     * Port: Yellow's 4; trade: Yellow and Orange tie 4-4, fronts 6 to 5;
     * palace: Blue's 4. Now district 2 is shared. */
    assert_int_equal(st->step, YS_STEP_DISTRICT);
    assert_int_equal(st->district, 1);
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(st->pl[BLUE_P].gems[BLUE], 1);
    assert_int_equal(st->pl[BLUE_P].gems[RED], 1);
    assert_int_equal(st->pl[YELLOW_P].gems[BLUE], 1);
    assert_int_equal(st->pl[PURPLE_P].gems[GREEN], 1);
    int total[4] = {0};
    for (int q = 0; q < 4; q++)
        for (int g = 0; g < 6; g++) total[q] += st->pl[q].gems[g];
    assert_int_equal(total[BLUE_P], 2);
    assert_int_equal(total[YELLOW_P], 2); /* the blue and the port's black */
    assert_int_equal(total[PURPLE_P], 1);
    assert_int_equal(total[ORANGE_P], 0); /* Orange gets no gem */
    assert_int_equal(st->pl[YELLOW_P].gems[BLACK], 1);
    assert_int_equal(st->pl[YELLOW_P].score, 3);
    assert_int_equal(st->pl[YELLOW_P].pts_trade, 3);
    assert_int_equal(st->pl[ORANGE_P].score, 0);
    assert_int_equal(st->pl[BLUE_P].score, 0);
    /* EX-YS-PAL-1: the palace card goes to Blue's hand, no longer on the palace */
    assert_int_equal(st->pl[BLUE_P].hand, 1u << YC_CAPTAIN);
    assert_int_equal(st->palace_card[0], YS_NONE);
    for (int q = 1; q < 4; q++) assert_int_equal(st->pl[q].hand, 0);
    cJSON *v = ysp_view(s, YELLOW_P); /* Y-7.3: every view shows it */
    cJSON *cards =
        cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(v, "players"), BLUE_P), "cards");
    assert_int_equal(cJSON_GetArraySize(cards), 1);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(cards, 0), "card")->valuestring, "captain");
    cJSON_Delete(v);
    /* the district's brokers went back behind the screens */
    for (int q = 0; q < 4; q++)
        for (int z = 0; z < 3; z++) assert_int_equal(ysp_count_at(st, q, YS_ZONE_LOC(0, z)), 0);
    ysp_roundtrip(s);
    gg_free(s);
}

/* ------------------------------------------------ EX-YS-SHIP-1, MKTSET-1 */

/* EX-YS-SHIP-1 and EX-YS-MKTSET-1 — Y-1.5, Y-4.2, Y-4.3: what ports and the
 * market offer, over many seeded games. With 4 players every port offers 4
 * gems (the large one twice), with 3 players 3; white is never twice on a
 * card; the market's white gem (4 players) lies on row 1 and row 0 is empty;
 * with 3 players rows 2 and 3 hold the card's two small gems (white too). */
static void ex_ys_ship_1_and_mktset_1(void **unused)
{
    (void)unused;
    for (int players = 3; players <= 4; players++)
        for (uint64_t seed = 1; seed <= 40; seed++) {
            gg_state *s = ysp_new(players, NULL, seed);
            const ys_state *st = ysp_c(s);
            for (int d = 0; d < st->districts; d++) {
                uint8_t g[4];
                int n = ys_ship_gems(st, st->port_ship[d], g), white = 0;
                assert_int_equal(n, players == 4 ? 4 : 3);
                for (int i = 0; i < n; i++) white += g[i] == WHITE;
                assert_true(white <= 1);
                if (players == 4) assert_int_equal(g[0], g[1]); /* the large gem counts twice */
            }
            /* the market card is the last one drawn (Y-4.3) */
            const ys_ship *card = &ys_ships[st->ship_deck[st->ship_n]];
            assert_int_equal(st->market_gem[0], YS_NONE); /* row 0 closed */
            if (players == 4) {
                for (int r = 2; r < 4; r++) assert_int_not_equal(st->market_gem[r], WHITE);
            } else { /* 3 players: only the two small gems, on rows 2 and 3 */
                assert_int_equal(st->market_gem[1], YS_NONE);
                int a = st->market_gem[2], b = st->market_gem[3];
                assert_true((a == card->small[0] && b == card->small[1]) ||
                            (a == card->small[1] && b == card->small[0]));
            }
            gg_free(s);
        }
}

/* EX-YS-SHIP-1 exactly — Y-4.2, Y-8.4, Y-8.5: ship card #5 (blue | white,
 * red) offers two blue, one white and one red gem with 4 players; the
 * district's first takes the two blues, the second the white, which he at
 * once turns into a colour of his choice, the third the red. */
static void ex_ys_ship_1_exact(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(4, NULL, 3);
    ys_state *st = ysp(s);
    int order[4] = {1, 2, 3, 4};
    ysp_orders(st, order);
    ysp_port(st, 0, 5);
    uint8_t g[4];
    assert_int_equal(ys_ship_gems(st, st->port_ship[0], g), 4);
    assert_int_equal(g[0], BLUE);
    assert_int_equal(g[1], BLUE);
    assert_int_equal(g[2], WHITE);
    assert_int_equal(g[3], RED);
    ysp_layout(st, 0, "f0 f0 f1 u4:d1-port");
    ysp_layout(st, 1, "f0 f0 f1 u3:d1-trade");
    ysp_layout(st, 2, "f0 f0 f1 u2:d1-palace");
    ysp_layout(st, 3, "f0 f0 f1");
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    assert_int_equal(ysp_actor(s), 0);
    assert_true(ysp_legal(s, 0, "gem blue"));
    assert_true(ysp_legal(s, 0, "gem red"));
    assert_true(ysp_legal(s, 0, "gem white>green"));
    assert_false(ysp_legal(s, 0, "gem green"));
    ysp_play(s, 0, "gem blue");
    ysp_play(s, 0, "gem blue");
    assert_int_equal(ysp_actor(s), 1);
    ysp_refused(s, 1, "gem white", GG_EPARSE, "white>"); /* Y-8.5: the colour is named at once */
    ysp_play(s, 1, "gem white>yellow");
    /* the third takes the last gem, the red, without a choice */
    assert_int_equal(st->pl[0].gems[BLUE], 2);
    assert_int_equal(st->pl[1].gems[YELLOW], 1);
    assert_int_equal(st->pl[2].gems[RED], 1);
    for (int q = 0; q < 4; q++) assert_int_equal(st->pl[q].gems[WHITE], 0); /* Y-1.7 */
    gg_free(s);
}

/* EX-YS-MKTSET-1 exactly — Y-4.3: in 120 seeded 4-player games the round-1
 * market rows 1-3 hold exactly the market ship card's three gems (the large
 * one once), a white one always on row 1, row 0 empty; at least 3 games drew
 * a card with white, so the rule is exercised. */
static void ex_ys_mktset_1_exact(void **unused)
{
    (void)unused;
    int whites = 0;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        gg_state *s = ysp_new(4, NULL, seed);
        const ys_state *st = ysp_c(s);
        const ys_ship *card = &ys_ships[st->ship_deck[st->ship_n]]; /* the last card drawn */
        int want[6] = {0}, got[6] = {0};
        want[card->large]++;
        want[card->small[0]]++;
        want[card->small[1]]++;
        assert_int_equal(st->market_gem[0], YS_NONE);
        for (int r = 1; r < 4; r++) {
            assert_int_not_equal(st->market_gem[r], YS_NONE);
            got[st->market_gem[r]]++;
        }
        assert_memory_equal(want, got, sizeof want);
        if (want[WHITE]) {
            whites++;
            assert_int_equal(st->market_gem[1], WHITE);
        }
        gg_free(s);
    }
    assert_true(whites >= 3);
}

/* ------------------------------------------------------- EX-YS-MKT-1 */

/* Plays the district decisions (gem choices) with the first legal action. */
static void play_districts(gg_state *s)
{
    for (int guard = 0; ysp(s)->step == YS_STEP_DISTRICT; guard++) {
        assert_true(guard < 64);
        int seat = ysp_actor(s);
        assert_true(play_first(s, seat, "", ""));
    }
}

/* EX-YS-MKT-1 — Y-8.3, Y-8.5, Y-8.6, Y-8.7, Y-8.8. Order cards Orange 1, Blue
 * 2, Yellow 3, Purple 4; fronts Blue 5, Orange 5, Yellow 6, Purple 7. Market
 * gems: row 1 white, row 2 yellow, row 3 red. Cells: row 1 — blue Blue 3,
 * green Orange 4, red Blue 1; row 2 — blue Orange 0, red Yellow 3; row 3 —
 * blue Purple 1, red Blue 0. The brokers the example does not mention stand
 * in the city, whose choices are played first. */
static void ex_ys_mkt_1(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(4, NULL, 9);
    ys_state *st = ysp(s);
    int order[4] = {2, 1, 4, 3};
    ysp_orders(st, order);
    ysp_layout(st, BLUE_P,
               "f1 f0 f4 u3:blue1 d1:red1 u0:red3 "
               "u1:d1-port d2:d2-trade u3:d3-palace d3:d4-port u4:d2-port");
    ysp_layout(st, ORANGE_P,
               "f4 f1 f0 u4:green1 d0:blue2 "
               "u1:d1-trade d1:d2-port u2:d3-port d3:d4-trade u3:d1-palace d3:d2-palace");
    ysp_layout(st, PURPLE_P,
               "f4 f2 f1 u1:blue3 "
               "d0:d1-port u0:d2-trade d1:d3-trade u3:d4-palace d3:d1-trade u3:d2-palace d4:d3-port");
    ysp_layout(st, YELLOW_P,
               "f3 f2 f1 u3:red2 "
               "d0:d1-palace u0:d2-port d1:d3-port u1:d4-port d3:d4-trade u4:d3-trade d4:d1-port");
    ysp_market(st, YS_NONE, WHITE, YELLOW, RED);
    ysp_jump(st, YS_STEP_SCORING_WINDOW);
    play_districts(s);

    /* Row 1: Blue 3+1 = 4 ties Orange's 4; fronts 5-5; Orange's order card 1
     * wins: Orange takes the white gem and turns it into green (Y-8.5). */
    assert_int_equal(st->stage, YS_ST_GEM);
    assert_int_equal(st->gem_kind, YS_GEM_WHITE);
    assert_int_equal(ysp_actor(s), ORANGE_P);
    uint8_t before[4][6];
    for (int q = 0; q < 4; q++) memcpy(before[q], st->pl[q].gems, 6);
    char *told = ysp_play_told(s, ORANGE_P, "gem white>green");
    ysp_assert_told(told, "Seat 2 gains 1 green (white gem).");
    ysp_assert_told(told, "Market row 2 (yellow gem): Seat 4 3 and Seat 2 0 — Seat 4 takes it.");
    ysp_assert_told(told, "Seat 4 gains 1 yellow (market row).");
    ysp_assert_told(told, "Market row 3 (red gem): Seat 3 1 and Seat 1 0 — Seat 3 takes it.");
    ysp_assert_told(told, "Seat 3 gains 1 red (market row).");
    free(told);
    /* Row 2: Yellow's 3 beats Orange's 0; row 3: Purple's 1 beats Blue's 0 */
    assert_int_equal(st->pl[ORANGE_P].gems[GREEN], before[ORANGE_P][GREEN] + 1);
    assert_int_equal(st->pl[YELLOW_P].gems[YELLOW], before[YELLOW_P][YELLOW] + 1);
    assert_int_equal(st->pl[PURPLE_P].gems[RED], before[PURPLE_P][RED] + 1);
    for (int g = 0; g < 6; g++) assert_int_equal(st->pl[BLUE_P].gems[g], before[BLUE_P][g]);
    int added = 0;
    for (int q = 0; q < 4; q++)
        for (int g = 0; g < 6; g++) added += st->pl[q].gems[g] - before[q][g];
    assert_int_equal(added, 3);

    /* Columns: blue, green, red at 4; blue and red with 3 brokers, green 1:
     * green third. Purple (front 7, the highest) orders blue before red. */
    assert_int_equal(st->stage, YS_ST_COLUMN);
    assert_int_equal(ysp_actor(s), PURPLE_P);
    assert_true(ysp_legal(s, PURPLE_P, "column blue"));
    assert_true(ysp_legal(s, PURPLE_P, "column red"));
    assert_false(ysp_legal(s, PURPLE_P, "column green"));
    assert_false(ysp_legal(s, PURPLE_P, "column yellow"));
    told = ysp_play_told(s, PURPLE_P, "column blue");
    ysp_assert_told(told, "Seat 3 ranks the blue column next.");
    ysp_assert_told(told, "Market columns, best first: blue 4 (+2), red 4 (+1), green 4 (-1) and yellow 0 (-2).");
    ysp_assert_told(told, "The green rate moves from 0 to -1 (market columns).");
    ysp_assert_told(told, "Market majority: Seat 2 4, Seat 1 4, Seat 4 3 and Seat 3 1 — Seat 2 moves a rate by one.");
    free(told);
    /* rates: blue +2, red +1, green -1, yellow -2 */
    assert_int_equal(st->rate[BLUE], 2);
    assert_int_equal(st->rate[RED], 1);
    assert_int_equal(st->rate[GREEN], -1);
    assert_int_equal(st->rate[YELLOW], -2);
    /* Majority: Orange and Blue both 4 on the market, fronts 5-5, Orange's
     * better order card: Orange raises green by 1. */
    assert_int_equal(st->stage, YS_ST_MAJORITY);
    assert_int_equal(ysp_actor(s), ORANGE_P);
    told = ysp_play_told(s, ORANGE_P, "rate green+");
    ysp_assert_told(told, "The green rate moves from -1 to 0 (market majority).");
    free(told);
    assert_int_equal(st->rate[BLUE], 2);
    assert_int_equal(st->rate[GREEN], 0);
    assert_int_equal(st->rate[YELLOW], -2);
    assert_int_equal(st->rate[RED], 1);
    gg_free(s);
}

/* ---------------------------------------------- EX-YS-END-1..3, KF-1 */

/* Round 4 at its last decision: `seat` is the market majority (its one
 * broker on the market) and must move a rate; final scoring follows. */
static gg_state *last_decision(int seat, const char *options)
{
    gg_state *s = ysp_new(4, options, 21);
    ys_state *st = ysp(s);
    int order[4] = {1, 2, 3, 4};
    ysp_orders(st, order);
    ysp_round(st, 4);
    for (int q = 0; q < 4; q++) ysp_layout(st, q, q == seat ? "f0 f0 f1 u1:blue1" : "f0 f0 f1");
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_MAJORITY);
    assert_int_equal(st->stage, YS_ST_MAJORITY);
    assert_int_equal(ysp_actor(s), seat);
    return s;
}

static void set_gems(ys_state *st, int q, int blue, int green, int yellow, int red, int black)
{
    uint8_t g[6] = {(uint8_t)blue, (uint8_t)green, (uint8_t)yellow, (uint8_t)red, (uint8_t)black, 0};
    memcpy(st->pl[q].gems, g, 6);
}

static void assert_scores(const gg_state *s, int a, int b, int c, int d)
{
    assert_true(gg_is_over(s));
    gg_result r;
    gg_result_get(s, &r);
    int want[4] = {a, b, c, d};
    for (int q = 0; q < 4; q++) assert_int_equal(r.score[q], want[q]);
}

/* EX-YS-END-1 — Y-8.10: blue is the highest-rated colour; blue gems A 6, B 5,
 * C 5, D 3 score 24, 12, 12 (both take the 3rd place, the lowest they
 * share), 6. */
static void ex_ys_end_1(void **unused)
{
    (void)unused;
    gg_state *s = last_decision(3, NULL);
    ys_state *st = ysp(s);
    st->rate[BLUE] = 1;
    set_gems(st, 0, 6, 0, 0, 0, 0);
    set_gems(st, 1, 5, 0, 0, 0, 0);
    set_gems(st, 2, 5, 0, 0, 0, 0);
    set_gems(st, 3, 3, 0, 0, 0, 0);
    char *told = ysp_play_told(s, 3, "rate blue+");
    ysp_assert_told(told, "Final scoring. Rates, best first: blue 2, green 0, yellow 0 and red 0. "
                          "Seat 1 +24 (colours: 24 blue; black gems: 0); Seat 2 +12 (colours: 12 blue; "
                          "black gems: 0); Seat 3 +12 (colours: 12 blue; black gems: 0); Seat 4 +6 "
                          "(colours: 6 blue; black gems: 0).");
    ysp_assert_told(told, "Game over — points 24, 12, 12 and 6; Seat 1 wins.");
    free(told);
    assert_scores(s, 24, 12, 12, 6);
    gg_free(s);
}

/* EX-YS-END-2 — Y-8.10: blue and red share the highest rate, then yellow,
 * then green; blue (further left) ranks first: 24/18/12/6, red 20/15/10/5,
 * yellow 16/12/8/4, green 12/9/6/3. Rates blue +3, red +3 (the majority
 * raises red from +2), yellow +1, green -2; players hold 4, 3, 2, 1 gems of
 * every colour. */
static void ex_ys_end_2(void **unused)
{
    (void)unused;
    gg_state *s = last_decision(0, NULL);
    ys_state *st = ysp(s);
    st->rate[BLUE] = 3;
    st->rate[RED] = 2;
    st->rate[YELLOW] = 1;
    st->rate[GREEN] = -2;
    for (int q = 0; q < 4; q++) set_gems(st, q, 4 - q, 4 - q, 4 - q, 4 - q, 0);
    ysp_play(s, 0, "rate red+");
    ys_final f;
    ys_final_scores(st, &f);
    assert_int_equal(f.colour_rank[0], BLUE);
    assert_int_equal(f.colour_rank[1], RED);
    assert_int_equal(f.colour_rank[2], YELLOW);
    assert_int_equal(f.colour_rank[3], GREEN);
    int blue[4] = {24, 18, 12, 6}, red[4] = {20, 15, 10, 5}, yellow[4] = {16, 12, 8, 4},
        green[4] = {12, 9, 6, 3};
    for (int q = 0; q < 4; q++) {
        assert_int_equal(f.colour_pts[q][BLUE], blue[q]);
        assert_int_equal(f.colour_pts[q][RED], red[q]);
        assert_int_equal(f.colour_pts[q][YELLOW], yellow[q]);
        assert_int_equal(f.colour_pts[q][GREEN], green[q]);
    }
    assert_scores(s, 72, 54, 36, 18);
    gg_free(s);
}

/* EX-YS-END-3 — Y-8.11: black gems 1->1, 2->4, 3->8, 4->12, 5->16, 6->20, 7 or
 * more -> 24; players with 0, 2, 7 and 9 black gems score 0, 4, 24, 24. */
static void ex_ys_end_3(void **unused)
{
    (void)unused;
    gg_state *s = last_decision(1, NULL);
    ys_state *st = ysp(s);
    set_gems(st, 0, 0, 0, 0, 0, 0);
    set_gems(st, 1, 0, 0, 0, 0, 2);
    set_gems(st, 2, 0, 0, 0, 0, 7);
    set_gems(st, 3, 0, 0, 0, 0, 9);
    ysp_play(s, 1, "rate green-");
    assert_scores(s, 0, 4, 24, 24);
    static const int table[8] = {0, 1, 4, 8, 12, 16, 20, 24};
    for (int k = 0; k < 8; k++) assert_int_equal(ys_black_points[k], table[k]);
    gg_free(s);
}

/* EX-YS-KF-1 — Y-9.1: King's Favour, end of the game: two players tie for the
 * highest throne total and score (12+7)/2 = 9 each, rounded down; the next
 * scores 3. Throne totals 6, 6, 4, 2 -> 9, 9, 3, 0. The position is round 4's
 * throne choice (each seat has 3 brokers in the throne from rounds 1-3). */
static void ex_ys_kf_1(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(4, "kings_favour=on", 21);
    ys_state *st = ysp(s);
    int order[4] = {1, 2, 3, 4};
    ysp_orders(st, order);
    ysp_round(st, 4);
    ysp_layout(st, 0, "t2 t2 t1 f1 f3 f4"); /* 5 + 1 */
    ysp_layout(st, 1, "t1 t1 t4 f0 f3 f3"); /* 6 + 0 */
    ysp_layout(st, 2, "t0 t1 t2 f1 f3 f4"); /* 3 + 1 */
    ysp_layout(st, 3, "t0 t0 t1 f1 f3 f4"); /* 1 + 1 */
    memset(st->port_ship, YS_NONE, sizeof st->port_ship);
    memset(st->palace_card, YS_NONE, sizeof st->palace_card);
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_THRONE);
    assert_int_equal(st->stage, YS_ST_THRONE);
    int seats[GG_MAX_SEATS];
    assert_int_equal(gg_actors(s, seats), 4); /* all at once, secretly */
    ysp_play(s, 0, "throne 1");
    ysp_play(s, 1, "throne 0");
    ysp_play(s, 2, "throne 1");
    assert_false(gg_is_over(s));
    char *told = ysp_play_told(s, 3, "throne 1");
    ysp_assert_told(told, "Final scoring. Rates, best first: blue 0, green 0, yellow 0 and red 0. "
                          "Seat 1 +9 (colours: nothing; black gems: 0; throne: 9; kept cards: 0; Speculation: 0); "
                          "Seat 2 +9 (colours: nothing; black gems: 0; throne: 9; kept cards: 0; Speculation: 0); "
                          "Seat 3 +3 (colours: nothing; black gems: 0; throne: 3; kept cards: 0; Speculation: 0); "
                          "Seat 4 +0 (colours: nothing; black gems: 0; throne: 0; kept cards: 0; Speculation: 0).");
    ysp_assert_told(told, "Game over — points 9, 9, 3 and 0; Seat 1 and Seat 2 share the win.");
    free(told);
    ys_final f;
    ys_final_scores(st, &f);
    int totals[4] = {6, 6, 4, 2};
    for (int q = 0; q < 4; q++) assert_int_equal(f.throne_total[q], totals[q]);
    assert_scores(s, 9, 9, 3, 0);
    gg_free(s);
}

/* EX-YSP-5P-1 — Y-10.1, Y-8.10: with five players the 5th place in a colour
 * scores nothing, and two players tied for 4th share places 4 and 5 and take
 * the lower, 0. Blue (rank 1) held 5, 4, 3, 2, 1 -> 24, 18, 12, 6, 0; green
 * (rank 2) held 5, 4, 3, 1, 1 -> 20, 15, 10, 0, 0. Seat 4 holds the market
 * majority and raises blue. */
static void ex_ysp_5p_1(void **unused)
{
    (void)unused;
    gg_state *s = ysp_new(5, NULL, 23);
    ys_state *st = ysp(s);
    int order[5] = {1, 2, 3, 4, 5};
    ysp_orders(st, order);
    ysp_round(st, 4);
    for (int q = 0; q < 5; q++) ysp_layout(st, q, q == 4 ? "f0 f0 f1 u1:blue1" : "f0 f0 f1");
    ysp_market(st, YS_NONE, YS_NONE, YS_NONE, YS_NONE);
    ysp_jump(st, YS_STEP_MAJORITY);
    assert_int_equal(st->stage, YS_ST_MAJORITY);
    assert_int_equal(ysp_actor(s), 4);
    st->rate[BLUE] = 3;
    st->rate[GREEN] = 2;
    static const int blue[5] = {5, 4, 3, 2, 1}, green[5] = {5, 4, 3, 1, 1};
    for (int q = 0; q < 5; q++) set_gems(st, q, blue[q], green[q], 0, 0, 0);
    ysp_play(s, 4, "rate blue+");
    assert_true(gg_is_over(s));
    gg_result r;
    gg_result_get(s, &r);
    static const int want[5] = {24 + 20, 18 + 15, 12 + 10, 6 + 0, 0 + 0};
    for (int q = 0; q < 5; q++) assert_int_equal(r.score[q], want[q]);
    gg_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ex_ys_bid_1),
        cmocka_unit_test(ex_ys_place_1),
        cmocka_unit_test(ex_ys_place_2),
        cmocka_unit_test(ex_ys_dist_1),
        cmocka_unit_test(ex_ys_ship_1_and_mktset_1),
        cmocka_unit_test(ex_ys_ship_1_exact),
        cmocka_unit_test(ex_ys_mktset_1_exact),
        cmocka_unit_test(ex_ys_mkt_1),
        cmocka_unit_test(ex_ys_end_1),
        cmocka_unit_test(ex_ys_end_2),
        cmocka_unit_test(ex_ys_end_3),
        cmocka_unit_test(ex_ys_kf_1),
        cmocka_unit_test(ex_ysp_5p_1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
