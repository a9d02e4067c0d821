/* test_reveals.c — gg_action_reveals, the undo rule the terminal and the
 * server share (src/core/reveals.c): taking tokens tells nobody anything;
 * buying or reserving a face-up Splendor card draws its replacement (chance,
 * S-2.1 refill); a Ys bid is secret until all have bid, and the last bid
 * reveals the others'. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gemgames.h"

static gg_state *start(const char *game, int players, uint64_t seed)
{
    const gg_game *g = gg_game_find(game);
    assert_non_null(g);
    gg_options o;
    gg_options_init(&o, g, players);
    gg_error e;
    gg_state *s = gg_new(g, &o, seed, &e);
    assert_non_null(s);
    return s;
}

/* The first legal action of `seat` whose notation starts with `prefix`. */
static int find(const gg_state *s, int seat, const char *prefix, gg_action *out)
{
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, list);
    for (int i = 0; i < n; i++) {
        char buf[GG_MAX_NOTATION];
        gg_action_format(s, seat, list[i], buf, sizeof buf);
        if (strncmp(buf, prefix, strlen(prefix)) == 0) {
            *out = list[i];
            return 1;
        }
    }
    return 0;
}

static void splendor_take_and_buy(void **unused)
{
    (void)unused;
    gg_rng rng;
    gg_rng_seed(&rng, 7);
    gg_state *s = start("splendor", 2, 11);
    gg_action a;
    assert_true(find(s, 0, "take", &a));
    for (int viewer = 0; viewer < 2; viewer++) assert_int_equal(gg_action_reveals(s, 0, a, viewer, &rng), 0);
    assert_true(find(s, 0, "reserve 1-", &a)); /* a face-up card: its place is refilled from the deck */
    for (int viewer = 0; viewer < 2; viewer++) assert_int_equal(gg_action_reveals(s, 0, a, viewer, &rng), 1);
    gg_free(s);
}

static void ys_bid_revealed_by_the_last(void **unused)
{
    (void)unused;
    gg_rng rng;
    gg_rng_seed(&rng, 9);
    gg_state *s = start("ys", 2, 5);
    int actors[GG_MAX_SEATS];
    assert_int_equal(gg_actors(s, actors), 2); /* the bid: both at once (Y-5.1) */
    gg_action a;
    gg_error e;
    assert_true(find(s, 0, "bid", &a));
    assert_int_equal(gg_action_reveals(s, 0, a, 0, &rng), 0); /* my own bid tells me nothing */
    assert_int_equal(gg_apply(s, 0, a, &e), GG_OK);
    assert_true(find(s, 1, "bid", &a));
    assert_int_equal(gg_action_reveals(s, 1, a, 0, &rng), 1); /* the last bid reveals seat 2's */
    gg_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(splendor_take_and_buy),
        cmocka_unit_test(ys_bid_revealed_by_the_last),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
