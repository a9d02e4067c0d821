/* test_learn.c — the encodings for learning (src/learn/, gemgames.h) under
 * the sanitizers: in random games of both games and every player count,
 * every legal action has an index in range and no two share one, gg_action_at
 * inverts gg_action_index, gg_legal_indexed agrees with both, and a seat's
 * observation is the same for a state and its determinization for that seat
 * (only what the seat may know). docs/python.md documents the layouts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gemgames.h"

enum { GAMES = 12 };

static void check_decision(gg_state *s, int seat, int space, float *a, float *b, gg_rng *rng)
{
    gg_action legal[GG_MAX_ACTIONS], again[GG_MAX_ACTIONS];
    int index[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, legal);
    assert_true(n > 0);
    assert_int_equal(gg_legal_indexed(s, seat, again, index), n);
    unsigned char *seen = calloc((size_t)space, 1);
    assert_non_null(seen);
    for (int i = 0; i < n; i++) {
        assert_true(again[i] == legal[i]);
        int k = gg_action_index(s, seat, legal[i]);
        assert_int_equal(k, index[i]);
        assert_true(k >= 0 && k < space);
        assert_false(seen[k]);
        seen[k] = 1;
        gg_action back;
        assert_int_equal(gg_action_at(s, seat, k, &back, NULL), GG_OK);
        assert_true(back == legal[i]);
    }
    free(seen);
    /* an action that is not legal has no index; an index out of range is refused */
    assert_int_equal(gg_action_index(s, seat, 0xFFFFFFFFu), -1);
    gg_action out;
    gg_error err;
    assert_int_equal(gg_action_at(s, seat, space, &out, &err), GG_EILLEGAL);
    /* every seat's observation survives its own determinization */
    int size = gg_obs_size(gg_state_game(s), gg_players(s));
    for (int q = 0; q < gg_players(s); q++) {
        gg_state *d = gg_clone(s);
        assert_non_null(d);
        gg_determinize(d, q, rng);
        gg_observe(s, q, a);
        gg_observe(d, q, b);
        assert_memory_equal(a, b, sizeof(float) * (size_t)size);
        gg_free(d);
    }
}

static void play(const char *game, int players, const char *option)
{
    const gg_game *g = gg_game_find(game);
    assert_non_null(g);
    int size = gg_obs_size(g, players), space = gg_action_space(g, players);
    assert_true(size > 0 && space > 0);
    float *a = malloc(sizeof(float) * (size_t)size), *b = malloc(sizeof(float) * (size_t)size);
    assert_true(a && b);
    gg_rng rng;
    gg_rng_seed(&rng, 77);
    for (int game_no = 0; game_no < GAMES; game_no++) {
        gg_options opts;
        gg_options_init(&opts, g, players);
        if (option) assert_int_equal(gg_options_set_kv(&opts, g, option, NULL), GG_OK);
        gg_state *s = gg_new(g, &opts, (uint64_t)game_no, NULL);
        assert_non_null(s);
        while (!gg_is_over(s)) {
            int seats[GG_MAX_SEATS];
            int n = gg_actors(s, seats), seat = seats[gg_rng_below(&rng, (uint32_t)n)];
            check_decision(s, seat, space, a, b, &rng);
            gg_action legal[GG_MAX_ACTIONS];
            int m = gg_legal(s, seat, legal);
            assert_int_equal(gg_apply(s, seat, legal[gg_rng_below(&rng, (uint32_t)m)], NULL), GG_OK);
        }
        gg_observe(s, 0, a); /* a finished game still encodes */
        gg_free(s);
    }
    free(a);
    free(b);
}

static void test_splendor_2p(void **u) { (void)u; play("splendor", 2, NULL); }
static void test_splendor_4p(void **u) { (void)u; play("splendor", 4, NULL); }
static void test_ys_2p(void **u) { (void)u; play("ys", 2, NULL); }
static void test_ys_3p_kings_favour(void **u) { (void)u; play("ys", 3, "kings_favour=on"); }
static void test_ys_4p_ysplus(void **u) { (void)u; play("ys", 4, "ysplus=on"); }
static void test_ys_5p_events(void **u) { (void)u; play("ys", 5, "events=on"); }

static void test_sizes_for_bad_player_counts(void **u)
{
    (void)u;
    const gg_game *s = gg_game_find("splendor");
    assert_int_equal(gg_obs_size(s, 1), 0);
    assert_int_equal(gg_action_space(s, 5), 0);
    assert_int_equal(gg_obs_size(s, 2), gg_obs_size(s, 4));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_splendor_2p),
        cmocka_unit_test(test_splendor_4p),
        cmocka_unit_test(test_ys_2p),
        cmocka_unit_test(test_ys_3p_kings_favour),
        cmocka_unit_test(test_ys_4p_ysplus),
        cmocka_unit_test(test_ys_5p_events),
        cmocka_unit_test(test_sizes_for_bad_player_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
