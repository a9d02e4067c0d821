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
enum { PLAYERS = 3, FULL = 12, EVERY = 40 };

static void test_splendor_sim_3p_first_seat0(void **unused)
{
    (void)unused;
    sim_splendor_run(PLAYERS, "first=seat0", 3000000, SIM_GAMES_SEAT0, FULL, EVERY);
}

static void test_splendor_sim_3p_first_random(void **unused)
{
    (void)unused;
    sim_splendor_run(PLAYERS, "first=random", 3500000, SIM_GAMES_RANDOM, FULL / 4, EVERY);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_splendor_sim_3p_first_seat0),
        cmocka_unit_test(test_splendor_sim_3p_first_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
