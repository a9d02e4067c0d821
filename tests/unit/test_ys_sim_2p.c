/* test_ys_sim_2p.c — 2-player Ys with the neutral player (Y-9.4), its brokers 4 2 1 0 and,
 * with strong_neutral=on, 4 3 1 0.
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

static void test_ys_sim_2p_neutral_y9_4(void **unused)
{
    (void)unused;
    const char *const opts[4] = {NULL};
    sim_ys_run(2, opts, 7100000);
}

static void test_ys_sim_2p_strong_neutral_y9_4(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"strong_neutral=on", NULL};
    sim_ys_run(2, opts, 7200000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ys_sim_2p_neutral_y9_4),
        cmocka_unit_test(test_ys_sim_2p_strong_neutral_y9_4),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
