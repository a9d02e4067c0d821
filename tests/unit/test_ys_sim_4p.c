/* test_ys_sim_4p.c — 4-player Ys (Y-4.2: the large gem twice; Y-4.3: market rows 1-3,
 * white on row 1), Ys Express (Y-9.2) and own face-down brokers hidden from
 * their owner (see_own_hidden=off, Y-6.5).
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

static void test_ys_sim_4p_y4_2_y4_3(void **unused)
{
    (void)unused;
    const char *const opts[4] = {NULL};
    sim_ys_run(4, opts, 7800000);
}

static void test_ys_sim_4p_express_y9_2(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"express=on", NULL};
    sim_ys_run(4, opts, 8000000);
}

static void test_ys_sim_4p_see_own_hidden_off_y6_5(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"see_own_hidden=off", NULL};
    sim_ys_run(4, opts, 8100000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ys_sim_4p_y4_2_y4_3),
        cmocka_unit_test(test_ys_sim_4p_express_y9_2),
        cmocka_unit_test(test_ys_sim_4p_see_own_hidden_off_y6_5),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
