/* test_ys_light.c — the Ys light rollout choice (gg_ai.light_pick, ISMCTS
 * rollout=light): over many seeded states of every player count and option
 * set it only ever returns an action gg_legal lists for the seat, it is a
 * function of (state, seat, rng) alone (the same seed gives the same choice
 * and the state is left as it was), and it chooses at most of the bids,
 * turn places, gems and market-majority rates (one in 8 is left to a uniform
 * draw) and leaves the placements to the caller. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/ai.h"
#include "core/game.h"
#include "ys/ys.h"
#include "../support/ys_pos.h"

static int listed(const gg_action *list, int n, gg_action a)
{
    for (int i = 0; i < n; i++)
        if (list[i] == a) return 1;
    return 0;
}

typedef struct tally {
    long asked, chosen, ruled, ruled_chosen, placements, placed;
} tally;

/* The decisions the light choice knows (Y-5.1, Y-5.2, Y-8.4/Y-8.5/Y-7.19, Y-8.8). */
static int ruled(const ys_state *st)
{
    return st->stage == YS_ST_BID || st->stage == YS_ST_ORDER || st->stage == YS_ST_GEM ||
           st->stage == YS_ST_MAJORITY;
}

/* Every decision of `games` random games: the pick is legal, repeatable and
 * leaves the state untouched. */
static void check_games(int players, const char *opt, int games, tally *t)
{
    const gg_ai *ai = gg_game_find("ys")->ai;
    gg_state *copy = NULL;
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
        gg_state *s = ysp_new(players, opt, seed * 7919 + (uint64_t)players);
        if (!copy) copy = gg_clone(s);
        assert_non_null(copy);
        gg_rng rng;
        gg_rng_seed(&rng, seed);
        while (!gg_is_over(s)) {
            int seats[GG_MAX_SEATS], k = gg_actors(s, seats);
            gg_action chosen[GG_MAX_SEATS];
            for (int i = 0; i < k; i++) {
                gg_action list[GG_MAX_ACTIONS], a = GG_NO_ACTION, b = GG_NO_ACTION;
                int n = gg_legal(s, seats[i], list);
                assert_true(n > 0);
                memcpy(copy, s, s->size);
                gg_rng r1, r2;
                gg_rng_seed(&r1, gg_rng_next(&rng));
                r2 = r1;
                int got = ai->light_pick(s, seats[i], GG_NO_ACTION, &r1, &a);
                assert_int_equal(ai->light_pick(s, seats[i], GG_NO_ACTION, &r2, &b), got);
                assert_memory_equal(copy, s, s->size);
                int placing = ((const ys_state *)s)->stage == YS_ST_PLACE;
                int known = ruled((const ys_state *)s);
                t->asked++;
                t->placements += placing;
                t->ruled += known;
                if (got) {
                    assert_true(listed(list, n, a));
                    assert_int_equal(a, b);
                    t->chosen++;
                    t->placed += placing;
                    t->ruled_chosen += known;
                    chosen[i] = a;
                } else {
                    chosen[i] = list[gg_rng_below(&rng, (uint32_t)n)];
                }
            }
            for (int i = 0; i < k; i++) gg_apply_trusted(s, seats[i], chosen[i]);
        }
        gg_free(s);
    }
    gg_free(copy);
}

static void test_light_pick_is_legal_and_repeatable(void **unused)
{
    (void)unused;
    assert_non_null(gg_game_find("ys")->ai->light_pick);
    tally t = {0};
    for (int players = 2; players <= 5; players++) check_games(players, NULL, 12, &t);
    print_message("light pick: %ld of %ld decisions chosen (%ld of %ld bids, turn places, gems, "
                  "rates; %ld of %ld placements)\n",
                  t.chosen, t.asked, t.ruled_chosen, t.ruled, t.placed, t.placements);
    /* one decision in 8 is left to a uniform draw; placements all of them */
    assert_true(t.ruled > 500 && t.ruled_chosen * 10 >= t.ruled * 8);
    assert_int_equal(t.placed, 0);
    assert_true(t.placements > 1000);
}

/* The options that change placement (events, lines, the throne, Express):
 * still only legal actions, declined where it does not know the step. */
static void test_light_pick_with_options(void **unused)
{
    (void)unused;
    tally t = {0};
    check_games(4, "ysplus=on", 6, &t);
    check_games(4, "events=on", 6, &t);
    check_games(3, "kings_favour=on", 6, &t);
    check_games(4, "express=on", 6, &t);
    check_games(2, "ysplus=on", 6, &t);
    assert_true(t.asked > 0 && t.chosen > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_light_pick_is_legal_and_repeatable),
        cmocka_unit_test(test_light_pick_with_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
