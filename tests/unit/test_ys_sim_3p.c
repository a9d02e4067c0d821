/* test_ys_sim_3p.c — 3-player Ys with 4 and with 3 districts (Y-2.2, Y-9.3: 3 gems per
 * port, market rows 2-3) and Ys Express (Y-9.2: 9 brokers, 3 turns, no
 * white ships).
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

static void test_ys_sim_3p_4_districts_y9_3(void **unused)
{
    (void)unused;
    const char *const opts[4] = {NULL};
    sim_ys_run(3, opts, 7300000);
}

static void test_ys_sim_3p_3_districts_y2_2_y9_3(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"districts=3", NULL};
    sim_ys_run(3, opts, 7400000);
}

static void test_ys_sim_3p_express_y9_2(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"express=on", NULL};
    sim_ys_run(3, opts, 7900000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ys_sim_3p_4_districts_y9_3),
        cmocka_unit_test(test_ys_sim_3p_3_districts_y2_2_y9_3),
        cmocka_unit_test(test_ys_sim_3p_express_y9_2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
