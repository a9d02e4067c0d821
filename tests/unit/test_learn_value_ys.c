/* test_learn_value_ys.c — the Ys value features of the learned evaluation
 * (src/learn/value_ys.c, docs/bots.md "Learned evaluation"): in random games
 * of every player count and option set, each seat's features are the same
 * for a state and for any determinization of it for that seat (they read
 * only what the seat may know, Y-11), and are small whole numbers; on a
 * position built by hand they hold the expected values; and the learned
 * evaluation uses them (gg_value_inputs). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "learn/value.h"
#include "ys/ys.h"
#include "../support/ys_pos.h"

enum { GAMES = 6, MAXIN = 256 };

/* The layout of value_ys.c: 14 global numbers, then 20 per seat. */
enum { G = 14, SEAT = 20, ROUND1 = 0, OWN_SCREEN = 12, OWN_BOARD = 13, SCORE = 0, FINAL = 1, GEMS = 2, BLACK = 6, SCREEN_N = 7,
       SCREEN = 8, PORT_GEMS = 11, PORTS = 12, TRADES = 13, BOARD = 17 };

static void check_seat(const gg_state *s, int seat, gg_rng *rng)
{
    int n = gg_value_inputs(s->game, s->players);
    float a[MAXIN], b[MAXIN];
    gg_value_features(s, seat, a);
    for (int i = 0; i < n; i++) {
        assert_true(a[i] >= -127 && a[i] <= 127);
        assert_true(a[i] == (float)(int)a[i]);
    }
    for (int k = 0; k < 2; k++) {
        gg_state *d = gg_clone(s);
        assert_non_null(d);
        gg_determinize(d, seat, rng);
        gg_value_features(d, seat, b);
        assert_memory_equal(a, b, sizeof(float) * (size_t)n);
        gg_free(d);
    }
}

static void play(int players, const char *opt)
{
    gg_rng rng;
    gg_rng_seed(&rng, 2711);
    const gg_game *game = gg_game_find("ys");
    assert_int_equal(gg_value_inputs(game, players), G + SEAT * players);
    assert_true(gg_value_inputs(game, players) <= MAXIN);
    for (int g = 0; g < GAMES; g++) {
        gg_state *s = ysp_new(players, opt, 100 + (uint64_t)g);
        for (int step = 0; !gg_is_over(s); step++) {
            int seats[GG_MAX_SEATS];
            int k = gg_actors(s, seats), who = seats[gg_rng_below(&rng, (uint32_t)k)];
            if (step % 3 == 0)
                for (int q = 0; q < players; q++) check_seat(s, q, &rng);
            gg_action legal[GG_MAX_ACTIONS];
            int m = gg_legal(s, who, legal);
            gg_apply_trusted(s, who, legal[gg_rng_below(&rng, (uint32_t)m)]);
        }
        gg_free(s);
    }
}

static void test_2p(void **u) { (void)u; play(2, NULL); }
static void test_3p_kings_favour(void **u) { (void)u; play(3, "kings_favour=on"); }
static void test_4p(void **u) { (void)u; play(4, NULL); }
static void test_4p_events(void **u) { (void)u; play(4, "events=on"); }
static void test_5p_ysplus(void **u) { (void)u; play(5, "ysplus=on"); }

/* The first broker of seat q behind its screen with value v. */
static ys_broker *screen_broker(ys_state *st, int q, int v)
{
    for (int i = 0; i < st->pl[q].n_brokers; i++)
        if (st->pl[q].b[i].loc == YS_LOC_SCREEN && st->pl[q].b[i].value == v) return &st->pl[q].b[i];
    fail_msg("seat %d has no %d behind its screen", q, v);
    return NULL;
}

/* Seat 0 (10 points, 2 blue and 2 black gems) has a face-up 4 in district
 * 1's port; seat 1 (14 points, 1 blue) a face-down 3 there, which only seat
 * 1 knows: the public estimate counts the mean of seat 1's unseen brokers,
 * 22 / 11 = 2. */
static void test_known_position(void **u)
{
    (void)u;
    gg_state *s = ysp_new(4, NULL, 5);
    ys_state *st = (ys_state *)s;
    assert_int_equal(st->round, 1);
    for (int q = 0; q < 4; q++) {
        assert_int_equal(st->pl[q].n_brokers, 11);
        for (int i = 0; i < 11; i++) assert_int_equal(st->pl[q].b[i].loc, YS_LOC_SCREEN);
    }
    st->pl[0].score = 10;
    st->pl[1].score = 14;
    st->pl[0].gems[0] = 2; /* blue */
    st->pl[0].gems[YS_BLACK] = 2;
    st->pl[1].gems[0] = 1;
    st->rate[0] = 3, st->rate[1] = 1, st->rate[2] = 2, st->rate[3] = 0; /* blue, yellow, green, red */
    *screen_broker(st, 0, 4) = (ys_broker){4, YS_ZONE_LOC(0, 0), YS_F_UP, 0};
    *screen_broker(st, 1, 3) = (ys_broker){3, YS_ZONE_LOC(0, 0), 0, 0};
    ys_sync_cells(st);
    float o[MAXIN];
    gg_value_features(s, 0, o);
    const float *me = o + G, *next = o + G + SEAT;
    assert_true(o[ROUND1] == 1);
    assert_true(me[SCORE] == 5 && next[SCORE] == 4);      /* 10 / 2; 14 - 10 */
    /* blue ranks first (Y-8.10): seat 0 first 24 + black 4 (Y-8.11), seat 1 second 18 */
    assert_true(me[FINAL] == 14 && next[FINAL] == -10);   /* 28 / 2; 18 - 28 */
    assert_true(me[GEMS] == 2 && next[GEMS] == 1 && me[GEMS + 1] == 0 && me[BLACK] == 2);
    assert_true(me[SCREEN_N] == 10 && me[SCREEN] == 36);  /* 22 - 4 = 18 points, in halves */
    assert_true(o[OWN_SCREEN] == 36 && o[OWN_BOARD] == 8);
    assert_true(next[SCREEN_N] == 10 && next[SCREEN] == 40); /* 10 x 2, in halves */
    assert_true(me[PORTS] == 1 && next[PORTS] == 0 && me[TRADES] == 0);
    assert_true(me[PORT_GEMS] == 2 && next[PORT_GEMS] == 1); /* Y-8.4, 4 players: 2, 1 */
    assert_true(me[BOARD] == 8 && next[BOARD] == 4);
    /* seat 1 sees seat 0's 4 (face up) and its own 3 (Y-6.5: on by default),
     * which its public estimate still counts as 2 */
    gg_value_features(s, 1, o);
    assert_true(o[G + SEAT * 3 + BOARD] == 8 && o[G + BOARD] == 4 && o[G + PORTS] == 0);
    assert_true(o[OWN_BOARD] == 6 && o[OWN_SCREEN] == 38); /* 2 x (22 - 3) */
    assert_true(o[G + SCORE] == 7 && o[G + SEAT * 3 + SCORE] == -4);
    gg_free(s);
}

/* The evaluation has a network for Ys 4 players, and it reads these features. */
static void test_learned_eval_uses_the_features(void **u)
{
    (void)u;
    const gg_game *game = gg_game_find("ys");
    const gg_value_net *net = gg_value_net_find(game, 4);
    assert_non_null(net);
    assert_int_equal(net->inputs, gg_value_inputs(game, 4));
    gg_state *s = ysp_new(4, NULL, 9);
    double v[GG_MAX_SEATS], sum = 0;
    gg_learned_eval(s, v);
    for (int q = 0; q < 4; q++) assert_true(v[q] > 0 && v[q] < 1), sum += v[q];
    assert_true(sum > 0.999 && sum < 1.001);
    gg_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2p),
        cmocka_unit_test(test_3p_kings_favour),
        cmocka_unit_test(test_4p),
        cmocka_unit_test(test_4p_events),
        cmocka_unit_test(test_5p_ysplus),
        cmocka_unit_test(test_known_position),
        cmocka_unit_test(test_learned_eval_uses_the_features),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
