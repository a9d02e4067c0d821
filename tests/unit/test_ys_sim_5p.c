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

static void test_ys_sim_5p_y10_1(void **unused)
{
    (void)unused;
    const char *const opts[4] = {NULL};
    sim_ys_run(5, opts, 8200000);
}

static void test_ys_sim_5p_kings_favour_y10_1_y9_1(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"kings_favour=on", NULL};
    sim_ys_run(5, opts, 8300000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ys_sim_5p_y10_1),
        cmocka_unit_test(test_ys_sim_5p_kings_favour_y10_1_y9_1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
