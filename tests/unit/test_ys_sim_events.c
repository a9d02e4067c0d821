/* test_ys_sim_events.c — Ys with the Ys+ events (Y-10.3, Y-10.20 … Y-10.32):
 * 3 players with events, 4 players with the Ys+ characters and events, and
 * 2 players (the neutral of Y-9.4) with events, alone and with the Ys+
 * characters: the neutral's brokers may go to a Smuggling card (Y-10.21
 * ruling), and such a state must survive the JSON round trip.
 *
 * SIM_YS_GAMES seeded random games per configuration through the simulation
 * harness (tests/support/sim.h) with the Ys hooks (tests/support/sim_ys.h):
 * clone independence, state JSON and notation round trips, determinize,
 * every game ends; brokers (Smuggling cards and the Embassy's palace brokers
 * included), cards, event cards and ships accounted for, points only through
 * a rule (Enrichment, Smuggling, Speculation included); no view changing when
 * what its seat may not know changes (Y-11: Speculation picks included). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "../support/sim_ys.h"

static void test_ys_sim_3p_events_y10_3(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"events=on", NULL};
    sim_ys_run(3, opts, 8300000);
}

static void test_ys_sim_4p_ysplus_events_y10_2_y10_3(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"ysplus=on", "events=on", NULL};
    sim_ys_run(4, opts, 8400000);
}

static void test_ys_sim_2p_events_neutral_y9_4_y10_21(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"events=on", NULL};
    sim_ys_run(2, opts, 8500000);
}

static void test_ys_sim_2p_ysplus_events_neutral_y9_4_y10_21(void **unused)
{
    (void)unused;
    const char *const opts[4] = {"ysplus=on", "events=on", NULL};
    sim_ys_run(2, opts, 8600000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ys_sim_3p_events_y10_3),
        cmocka_unit_test(test_ys_sim_4p_ysplus_events_y10_2_y10_3),
        cmocka_unit_test(test_ys_sim_2p_events_neutral_y9_4_y10_21),
        cmocka_unit_test(test_ys_sim_2p_ysplus_events_neutral_y9_4_y10_21),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
