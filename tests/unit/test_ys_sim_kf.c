/* test_ys_sim_kf.c — Ys with King's Favour (Y-9.1: throne room, reserve `2`s, throne
 * scoring): 3 players with 4 and with 3 districts, 4 players.
 *
 * SIM_YS_GAMES seeded random games per configuration through the simulation
 * harness (tests/support/sim.h) with the Ys hooks (tests/support/sim_ys.h):
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

static void test_ys_sim_3p_kings_favour_y9_1(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"kings_favour=on", NULL};
    sim_ys_run(3, opts, 7500000);
}

static void test_ys_sim_4p_kings_favour_y9_1(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"kings_favour=on", NULL};
    sim_ys_run(4, opts, 7600000);
}

static void test_ys_sim_3p_3_districts_kings_favour_y9_1_y9_3(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"districts=3", "kings_favour=on", NULL};
    sim_ys_run(3, opts, 7700000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ys_sim_3p_kings_favour_y9_1),
        cmocka_unit_test(test_ys_sim_4p_kings_favour_y9_1),
        cmocka_unit_test(test_ys_sim_3p_3_districts_kings_favour_y9_1_y9_3),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
