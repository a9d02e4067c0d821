/* test_ys_sim_ysplus.c — Ys with the Ys+ characters (Y-10.2): 4 players, and
 * 5 players with King's Favour (so the Favourite is in the deck, Y-10.9).
 *
 * SIM_YS_GAMES seeded random games per configuration through the simulation
 * harness (tests/support/sim.h) with the Ys hooks (tests/support/sim_ys.h):
 * clone independence, state JSON and notation round trips, determinize,
 * every game ends; brokers, cards (kept ones too) and ships accounted for,
 * points only through a rule (the Monk, the Rogue and the Trafficker
 * included); no view changing when what its seat may not know changes (Y-11). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "../support/sim_ys.h"

static void test_ys_sim_4p_ysplus_y10_2(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"ysplus=on", NULL};
    sim_ys_run(4, opts, 8100000);
}

static void test_ys_sim_5p_kings_favour_ysplus_y10_2_y10_9(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"kings_favour=on", "ysplus=on", NULL};
    sim_ys_run(5, opts, 8200000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ys_sim_4p_ysplus_y10_2),
        cmocka_unit_test(test_ys_sim_5p_kings_favour_ysplus_y10_2_y10_9),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
