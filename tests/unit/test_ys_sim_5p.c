/* test_ys_sim_5p.c — Ys with five players (Y-10.1: 9 brokers, 3 placement
 * turns, order card 5, market rows 0-3 with all 4 gems, 4 gems per port,
 * 5th place scoring 0, King's Favour paying the first three), with and
 * without King's Favour.
 *
 * The same checks as the other test_ys_sim_* binaries (see test_ys_sim_kf.c):
 * clone independence, state JSON and notation round trips, determinize,
 * every game ends; brokers, cards and ships accounted for, points only
 * through a rule; no view changing when what its seat may not know changes
 * (Y-11). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "../support/sim_ys.h"

#ifndef SIM_YS_GAMES
#define SIM_YS_GAMES 2000
#endif
/* JSON checks (state round trip, determinize, views and the leak check) at
 * every step of the first SIM_YS_FULL games, then at every SIM_YS_EVERY-th
 * step and the final position (SIM_FULL=1 in the environment: every step of
 * every game). In the sanitizer build the four test_ys_sim_* binaries take
 * about 6 minutes of CPU together, 4.6 of them without any JSON check but the
 * final position's (the notation of every legal action at every decision). */
#ifndef SIM_YS_FULL
#define SIM_YS_FULL 3
#endif
#ifndef SIM_YS_EVERY
#define SIM_YS_EVERY 150
#endif
enum { MAX_STEPS = 2000 }; /* a game is about 130-230 decisions */

static void run(int players, const char *const opts[4], uint64_t first_seed)
{
    sim_config cfg = {.game = "ys", .players = players,
                      .options = {opts[0], opts[1], opts[2], opts[3]},
                      .first_seed = first_seed, .games = SIM_YS_GAMES, .max_steps = MAX_STEPS,
                      .hooks = &sim_ys_hooks, .full_games = SIM_YS_FULL, .json_every = SIM_YS_EVERY};
    sim_stats stats;
    char msg[1200] = "";
    int bad = sim_run(&cfg, &stats, msg, sizeof msg);
    if (bad) fail_msg("%s", msg);
    printf("# %ld games, %ld decisions, %ld legal actions round-tripped, %ld positions "
           "through the JSON checks, longest game %ld decisions\n",
           stats.games, stats.steps, stats.actions_checked, stats.json_checked, stats.longest);
    assert_int_equal(stats.games, SIM_YS_GAMES);
}

static void test_ys_sim_5p_y10_1(void **unused)
{
    (void)unused;
    const char *const opts[4] = {NULL};
    run(5, opts, 8200000);
}

static void test_ys_sim_5p_kings_favour_y10_1_y9_1(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"kings_favour=on", NULL};
    run(5, opts, 8300000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ys_sim_5p_y10_1),
        cmocka_unit_test(test_ys_sim_5p_kings_favour_y10_1_y9_1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
