/* test_splendor_sim3p.c — 2,000 seeded random 3-player Splendor games through
 * the simulation harness (tests/support/sim.h): clone, state JSON, notation,
 * determinize, conservation of tokens and cards (S-1.2, S-1.3) and no view
 * leaking a deck card or another seat's deck-reserved card (S-6.2, S-6.3). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "../support/sim_splendor.h"

#ifndef SIM_GAMES_SEAT0
#define SIM_GAMES_SEAT0 1600
#define SIM_GAMES_RANDOM 400
#endif

/* JSON checks at every step of the first FULL games, then every EVERY-th
 * step (SIM_FULL=1 in the environment: every step of every game). */
enum { FULL = 12, EVERY = 40 };

static void run(const char *option, uint64_t first_seed, int games, int full)
{
    sim_config cfg = {.game = "splendor", .players = 3, .options = {option, NULL},
                      .first_seed = first_seed, .games = games, .max_steps = 5000,
                      .hooks = &sim_splendor_hooks,
                      .full_games = full, .json_every = EVERY};
    sim_stats stats;
    char msg[1200] = "";
    int bad = sim_run(&cfg, &stats, msg, sizeof msg);
    if (bad) fail_msg("%s", msg);
    printf("# %ld games, %ld decisions, %ld legal actions round-tripped, %ld positions "
           "through the JSON checks, longest game %ld decisions\n",
           stats.games, stats.steps, stats.actions_checked, stats.json_checked, stats.longest);
    assert_int_equal(stats.games, games);
}

static void test_splendor_sim_3p_first_seat0(void **unused)
{
    (void)unused;
    run("first=seat0", 3000000, SIM_GAMES_SEAT0, FULL);
}

static void test_splendor_sim_3p_first_random(void **unused)
{
    (void)unused;
    run("first=random", 3500000, SIM_GAMES_RANDOM, FULL / 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_splendor_sim_3p_first_seat0),
        cmocka_unit_test(test_splendor_sim_3p_first_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
