/* test_bots_ismcts.c — ISMCTS through the game API, on the test-only
 * Goofspiel (tests/support/goof.c): legality, reproducibility, that choices
 * and hints depend only on the seat's view, and that it beats random. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bots/bot.h"
#include "core/game.h"
#include "learn/value.h"
#include "../support/goof.h"

static gg_state *goof_new(int players, uint64_t seed)
{
    gg_options o;
    gg_options_init(&o, &goof_game, players);
    gg_error err;
    gg_state *s = gg_new(&goof_game, &o, seed, &err);
    assert_non_null(s);
    return s;
}

/* Plays one game with one bot per seat; returns seat 0's result share and
 * writes the choices made into trace (if given). */
static double play_game(gg_bot **bots, int players, uint64_t seed, gg_action *trace, int *len)
{
    gg_state *s = goof_new(players, seed);
    gg_error err;
    int n = 0;
    while (!gg_is_over(s)) {
        int seats[GG_MAX_SEATS];
        int k = gg_actors(s, seats);
        for (int i = 0; i < k; i++) {
            gg_action a;
            assert_int_equal(gg_bot_choose(bots[seats[i]], s, seats[i], &a, &err), GG_OK);
            if (trace) trace[n] = a;
            n++;
            assert_int_equal(gg_apply(s, seats[i], a, &err), GG_OK); /* always legal */
        }
    }
    if (len) *len = n;
    gg_result r;
    gg_result_get(s, &r);
    gg_free(s);
    return r.rank[0] == 1 ? 1.0 / r.winners : 0.0;
}

static void test_ismcts_plays_legal_games(void **unused)
{
    (void)unused;
    const char *specs[] = {"ismcts:iters=200", "ismcts:iters=200:threads=2",
                           "ismcts:iters=100:rollout=heuristic:reward=rank:c=1.2",
                           "ismcts:ms=5", "ismcts:iters=50:depth=2:nodes=8"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        for (int players = 2; players <= 3; players++) {
            gg_bot *bots[GG_MAX_SEATS];
            gg_error err;
            for (int p = 0; p < players; p++) {
                bots[p] = gg_bot_new(p == 0 ? specs[i] : "random", 7 + (uint64_t)p, &err);
                assert_non_null(bots[p]);
            }
            play_game(bots, players, 11 + i, NULL, NULL);
            for (int p = 0; p < players; p++) gg_bot_free(bots[p]);
        }
    }
}

static void test_ismcts_is_reproducible(void **unused)
{
    (void)unused;
    gg_action t1[64], t2[64];
    int n1, n2;
    for (int run = 0; run < 2; run++) {
        gg_error err;
        gg_bot *bots[3] = {gg_bot_new("ismcts:iters=300", 5, &err),
                           gg_bot_new("ismcts:iters=300:threads=2", 6, &err),
                           gg_bot_new("random", 7, &err)};
        play_game(bots, 3, 42, run ? t2 : t1, run ? &n2 : &n1);
        for (int p = 0; p < 3; p++) gg_bot_free(bots[p]);
    }
    assert_int_equal(n1, n2);
    assert_memory_equal(t1, t2, sizeof(gg_action) * (size_t)n1);
}

static void test_ismcts_spec_errors(void **unused)
{
    (void)unused;
    gg_error err;
    const char *bad[] = {"ismcts:iters=-1", "ismcts:threads=3", "ismcts:iters=10:ms=10",
                         "ismcts:foo=1", "ismcts:rollout=smart", "ismcts:c=x", "ismcts:iters",
                         "ismcts:eval=magic", "ismcts:sim=cfr", "ismcts:gamma=0",
                         "ismcts:gamma=1.5", "ismcts:gamma=x", "ismcts:threshold=2",
                         "ismcts:threshold=-0.1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_null(gg_bot_new(bad[i], 1, &err));
        assert_int_equal(err.code, GG_EOPTION);
        assert_true(strlen(err.msg) > 0);
    }
}

/* The learned evaluation (data/learn/splendor-2p.value): found for Splendor
 * 2p, each seat's chance in [0, 1] summing to 1 along random games, and not
 * a constant (it reads the position); a game without a network falls back
 * to its own evaluation. */
static void test_learned_eval(void **unused)
{
    (void)unused;
    const gg_game *sp = gg_game_find("splendor");
    assert_true(gg_learned_eval_available(sp, 2));
    assert_false(gg_learned_eval_available(&goof_game, 2));
    gg_options o;
    gg_options_init(&o, sp, 2);
    gg_error err;
    double lo = 1, hi = 0;
    for (int g = 0; g < 5; g++) {
        gg_state *s = gg_new(sp, &o, 40 + (uint64_t)g, &err);
        gg_rng r;
        gg_rng_seed(&r, (uint64_t)g);
        gg_action list[GG_MAX_ACTIONS];
        for (int i = 0; i < 60 && !gg_is_over(s); i++) {
            double v[GG_MAX_SEATS];
            gg_learned_eval(s, v);
            assert_true(v[0] >= 0 && v[0] <= 1 && v[1] >= 0 && v[1] <= 1);
            assert_true(fabs(v[0] + v[1] - 1) < 1e-9);
            if (v[0] < lo) lo = v[0];
            if (v[0] > hi) hi = v[0];
            int seats[GG_MAX_SEATS];
            gg_actors(s, seats);
            int n = gg_legal(s, seats[0], list);
            gg_apply_trusted(s, seats[0], list[gg_rng_below(&r, (uint32_t)n)]);
        }
        gg_free(s);
    }
    assert_true(hi - lo > 0.1);
}

/* --- choices depend only on the view ---------------------------------- */

/* A bot that cheats: it bids one more than the opponent's secret bid when
 * that bid is already in (reads the true state through its JSON). Used to
 * show that the view test below can catch a peeking bot. */
static gg_status peek_choose(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                             gg_error *err)
{
    (void)bot, (void)err;
    char *json = gg_state_json(s);
    cJSON *root = cJSON_Parse(json);
    free(json);
    const cJSON *bid = cJSON_GetObjectItem(root, "bid");
    int theirs = cJSON_GetArrayItem(bid, 1 - seat)->valueint;
    cJSON_Delete(root);
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, list);
    *out = list[0];
    for (int i = 0; i < n; i++)
        if ((int)list[i] == theirs + 1) *out = list[i];
    return GG_OK;
}
static const gg_bot_kind peek_kind = {"peek", NULL, peek_choose, NULL};

/* Two states in which seat 0 sees the same view but the hidden parts (the
 * opponent's secret bid, the order of the prize deck) differ. */
static void same_view_pair(int k, gg_state **a, gg_state **b)
{
    gg_error err;
    for (uint64_t seed = 1;; seed++) {
        gg_state *x = goof_new(2, 1000 * (uint64_t)k + seed);
        gg_state *y = goof_new(2, 1000 * (uint64_t)k + seed + 500);
        assert_int_equal(gg_apply(x, 1, (gg_action)(1 + k % 5), &err), GG_OK);
        assert_int_equal(gg_apply(y, 1, (gg_action)(5 - k % 5 == 1 + k % 5 ? 1 : 5 - k % 5), &err),
                         GG_OK);
        char *vx = gg_view_json(x, 0), *vy = gg_view_json(y, 0);
        int same = strcmp(vx, vy) == 0;
        free(vx), free(vy);
        if (same && !gg_state_equal(x, y)) {
            *a = x, *b = y;
            return;
        }
        gg_free(x), gg_free(y);
    }
}

static int same_choice_on_same_view(gg_bot *b1, gg_bot *b2, gg_state *x, gg_state *y)
{
    gg_action ax, ay;
    gg_error err;
    assert_int_equal(gg_bot_choose(b1, x, 0, &ax, &err), GG_OK);
    assert_int_equal(gg_bot_choose(b2, y, 0, &ay, &err), GG_OK);
    return ax == ay;
}

static void test_view_check_catches_a_peeking_bot(void **unused)
{
    (void)unused;
    int differs = 0;
    for (int k = 0; k < 5; k++) {
        gg_state *x, *y;
        same_view_pair(k, &x, &y);
        gg_bot p1 = {.kind = &peek_kind}, p2 = {.kind = &peek_kind};
        if (!same_choice_on_same_view(&p1, &p2, x, y)) differs++;
        gg_free(x), gg_free(y);
    }
    assert_true(differs > 0);
}

static void test_ismcts_depends_only_on_the_view(void **unused)
{
    (void)unused;
    const char *specs[] = {"ismcts:iters=400", "ismcts:iters=400:threads=2",
                           "ismcts:iters=200:depth=1"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        for (int k = 0; k < 8; k++) {
            gg_state *x, *y;
            same_view_pair(k, &x, &y);
            gg_error err;
            gg_bot *b1 = gg_bot_new(specs[i], 99 + (uint64_t)k, &err);
            gg_bot *b2 = gg_bot_new(specs[i], 99 + (uint64_t)k, &err);
            assert_true(same_choice_on_same_view(b1, b2, x, y));
            /* and the next choices too, bot state carried along */
            assert_true(same_choice_on_same_view(b1, b2, x, y));
            gg_bot_free(b1), gg_bot_free(b2);
            gg_free(x), gg_free(y);
        }
    }
}

/* Hints (gg_bot_hint) on two states with the same view for `seat`: the same
 * moves, win estimates and visits, for the same seed; a bot without hints
 * refuses on both. */
static void check_hints_view_only(const gg_game *game, const char *spec, const gg_state *s,
                                  const gg_state *y, int seat, uint64_t seed)
{
    gg_error err;
    gg_bot *b1 = gg_bot_new(spec, seed, &err), *b2 = gg_bot_new(spec, seed, &err);
    gg_hint h1[4], h2[4];
    int n1 = gg_bot_hint(b1, s, seat, h1, 4, &err);
    int n2 = gg_bot_hint(b2, y, seat, h2, 4, &err);
    assert_int_equal(n1, n2);
    if (strncmp(spec, "ismcts", 6) != 0) {
        assert_int_equal(n1, -1);
        assert_int_equal(err.code, GG_EOPTION);
    } else {
        assert_true(n1 >= 1);
        for (int i = 0; i < n1; i++) {
            if (h1[i].action != h2[i].action || h1[i].win != h2[i].win ||
                h1[i].visits != h2[i].visits)
                fail_msg("%s, %s: seat %d got different hints on two states with the same view",
                         gg_game_name(game), spec, seat);
            assert_true(h1[i].win >= 0 && h1[i].win <= 1);
            assert_true(i == 0 || h1[i].visits <= h1[i - 1].visits); /* best first */
            gg_action legal[GG_MAX_ACTIONS];
            int n = gg_legal(s, seat, legal), found = 0;
            for (int j = 0; j < n; j++) found |= legal[j] == h1[i].action;
            assert_true(found);
        }
    }
    gg_bot_free(b1), gg_bot_free(b2);
}

/* Post-game analysis of one decision (gg_analyse_decision) on two states
 * with the same view: the same preferred move, estimates and loss for each
 * move played (here the first and the last legal one). */
static void check_analysis_view_only(const gg_game *game, const char *spec, const gg_state *s,
                                     const gg_state *y, int seat, uint64_t seed)
{
    if (strncmp(spec, "ismcts", 6) != 0) return;
    gg_action legal[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, legal);
    for (int k = 0; k < 2; k++) {
        gg_action played = legal[k ? n - 1 : 0];
        gg_error err;
        gg_bot *b1 = gg_bot_new(spec, seed, &err), *b2 = gg_bot_new(spec, seed, &err);
        gg_analysis a1, a2;
        assert_int_equal(gg_analyse_decision(b1, s, seat, played, &a1, &err), GG_OK);
        assert_int_equal(gg_analyse_decision(b2, y, seat, played, &a2, &err), GG_OK);
        if (strcmp(a1.best, a2.best) || strcmp(a1.played, a2.played) ||
            a1.best_win != a2.best_win || a1.played_win != a2.played_win || a1.loss != a2.loss)
            fail_msg("%s, %s: seat %d got a different analysis on two states with the same view",
                     gg_game_name(game), spec, seat);
        assert_int_equal(a1.choices, n);
        assert_true(a1.loss == -1 || (a1.loss >= 0 && a1.loss <= 1));
        assert_true(a1.loss == -1 || a1.played_win + a1.loss >= a1.best_win - 1e-9);
        gg_bot_free(b1), gg_bot_free(b2);
    }
}

/* For every registered game (and Goofspiel): play some random moves, then
 * give each actor two states with the same view — the true one and one whose
 * hidden parts were replaced by gg_determinize — and check the bot chooses
 * the same on both. This also catches a game whose determinize reads the
 * hidden parts it is replacing. */
static void check_view_only(const gg_game *game, const char *spec, int positions)
{
    gg_options o;
    gg_options_init(&o, game, gg_game_min_players(game));
    gg_error err;
    for (int k = 0; k < positions; k++) {
        gg_state *s = gg_new(game, &o, 500 + (uint64_t)k, &err);
        assert_non_null(s);
        gg_rng walk;
        gg_rng_seed(&walk, 77 + (uint64_t)k);
        int steps = (int)gg_rng_below(&walk, 30);
        gg_action list[GG_MAX_ACTIONS];
        for (int i = 0; i < steps && !gg_is_over(s); i++) {
            int seats[GG_MAX_SEATS];
            int n = gg_actors(s, seats);
            int who = seats[gg_rng_below(&walk, (uint32_t)n)];
            int m = gg_legal(s, who, list);
            gg_apply_trusted(s, who, list[gg_rng_below(&walk, (uint32_t)m)]);
        }
        if (gg_is_over(s)) {
            gg_free(s);
            continue;
        }
        int seats[GG_MAX_SEATS];
        int n = gg_actors(s, seats);
        for (int i = 0; i < n; i++) {
            gg_state *y = gg_clone(s);
            gg_rng r;
            gg_rng_seed(&r, 1234 + (uint64_t)k);
            gg_determinize(y, seats[i], &r);
            char *vs = gg_view_json(s, seats[i]), *vy = gg_view_json(y, seats[i]);
            assert_string_equal(vs, vy);
            free(vs), free(vy);
            gg_bot *b1 = gg_bot_new(spec, 9 + (uint64_t)k, &err);
            gg_bot *b2 = gg_bot_new(spec, 9 + (uint64_t)k, &err);
            assert_non_null(b1);
            gg_action a1, a2;
            assert_int_equal(gg_bot_choose(b1, s, seats[i], &a1, &err), GG_OK);
            assert_int_equal(gg_bot_choose(b2, y, seats[i], &a2, &err), GG_OK);
            if (a1 != a2)
                fail_msg("%s, %s: seat %d chose differently on two states with the same view",
                         gg_game_name(game), spec, seats[i]);
            gg_bot_free(b1), gg_bot_free(b2);
            check_hints_view_only(game, spec, s, y, seats[i], 9 + (uint64_t)k);
            check_analysis_view_only(game, spec, s, y, seats[i], 9 + (uint64_t)k);
            gg_free(y);
        }
        gg_free(s);
    }
}

static void test_every_game_choices_depend_only_on_the_view(void **unused)
{
    (void)unused;
    check_view_only(&goof_game, "ismcts:iters=300", 10);
    for (int g = 0; g < gg_game_count(); g++) {
        const gg_game *game = gg_game_at(g);
        /* short rollouts keep the sanitizer build quick */
        check_view_only(game, "ismcts:iters=200:depth=30", 6);
        check_view_only(game, "ismcts:iters=200:threads=2:depth=30", 2);
        if (gg_heuristic_policy(game))
            check_view_only(game, "ismcts:iters=100:rollout=heuristic:depth=8", 4);
        check_view_only(game, "ismcts:iters=100:rollout=light:depth=30", 2);
        check_view_only(game, "ismcts:iters=200:depth=30:belief=1", 4);
        check_view_only(game, "ismcts:iters=100:rollout=light:depth=4:eval=learned", 2);
        if (gg_heuristic_policy(game)) check_view_only(game, "heuristic", 10);
    }
}

/* --- strength ------------------------------------------------------------ */

static void test_ismcts_beats_random(void **unused)
{
    (void)unused;
    double share = 0;
    int games = 40;
    for (int g = 0; g < games; g++) {
        gg_error err;
        gg_bot *bots[2];
        /* alternate seats so neither seat's luck decides */
        int me = g % 2;
        bots[me] = gg_bot_new("ismcts:iters=500", 1000 + (uint64_t)g, &err);
        bots[1 - me] = gg_bot_new("random", 2000 + (uint64_t)g, &err);
        double r = play_game(bots, 2, 300 + (uint64_t)g, NULL, NULL);
        /* seat 0's share; with two players seat 1 has the rest */
        share += me == 0 ? r : 1.0 - r;
        gg_bot_free(bots[0]), gg_bot_free(bots[1]);
    }
    print_message("ismcts:iters=500 vs random, Goofspiel 2p: %.1f%% of %d games\n",
                  100 * share / games, games);
    assert_true(share / games > 0.7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ismcts_plays_legal_games),
        cmocka_unit_test(test_ismcts_is_reproducible),
        cmocka_unit_test(test_ismcts_spec_errors),
        cmocka_unit_test(test_learned_eval),
        cmocka_unit_test(test_view_check_catches_a_peeking_bot),
        cmocka_unit_test(test_ismcts_depends_only_on_the_view),
        cmocka_unit_test(test_ismcts_beats_random),
        cmocka_unit_test(test_every_game_choices_depend_only_on_the_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
