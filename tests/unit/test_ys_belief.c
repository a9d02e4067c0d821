/* test_ys_belief.c — ISMCTS's belief=1 determinization for Ys
 * (gg_ai.determinize_belief, deal_by_belief in src/ys/ys_json.c; issue 27).
 *
 * It deals the values a viewer does not know as players are seen to choose
 * them: a face-down broker on the market is rarely a 4, one in a port rarely
 * a 0. Checked here on a built position against the uniform deal: the
 * frequencies move the way the weights say, every player keeps his own
 * multiset of values (Y-1.2), and nothing the viewer knows changes. That it
 * keeps the view and depends only on it is checked at every step of the
 * seeded simulations (tests/support/sim.c, check_views). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/ai.h"
#include "core/game.h"
#include "ys/ys.h"
#include "../support/ys_pos.h"

enum { DEALS = 4000 };

static void sorted_values(const ys_player *p, uint8_t *out)
{
    int n = p->n_brokers;
    for (int i = 0; i < n; i++) out[i] = p->b[i].value;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            uint8_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
}

/* Seat 1 has a face-down broker on the market (blue row 1) and one in
 * district 1's port, a face-up 3 in district 2's port, the rest behind its
 * screen; seat 0 looks. How often does each deal give the market broker a 4,
 * the port broker a 0, the port broker a 4? */
typedef struct odds { int market4, port0, port4; } odds;

static odds deal_many(void (*determinize)(gg_state *, int, gg_rng *))
{
    gg_state *s = ysp_new(4, NULL, 11);
    ys_state *st = ysp(s);
    ysp_layout(st, 1, "d0:blue1 d4:d1-port u3:d2-port");
    ysp_layout(st, 0, "u2:d3-port d1:green1");
    int cell = ysp_loc("blue1"), port = ysp_loc("d1-port"), up = ysp_loc("d2-port");
    uint8_t before[YS_BROKERS], after[YS_BROKERS], mine[YS_BROKERS], mine_after[YS_BROKERS];
    sorted_values(&st->pl[1], before);
    sorted_values(&st->pl[0], mine);
    gg_state *d = gg_clone(s);
    ys_state *dt = ysp(d);
    odds o = {0, 0, 0};
    gg_rng rng;
    gg_rng_seed(&rng, 5);
    for (int k = 0; k < DEALS; k++) {
        memcpy(d, s, s->size);
        determinize(d, 0, &rng);
        const ys_player *p = &dt->pl[1];
        for (int i = 0; i < p->n_brokers; i++) {
            if (p->b[i].loc == cell && p->b[i].value == 4) o.market4++;
            if (p->b[i].loc == port && p->b[i].value == 0) o.port0++;
            if (p->b[i].loc == port && p->b[i].value == 4) o.port4++;
            if (p->b[i].loc == up) assert_int_equal(p->b[i].value, 3); /* face up: seen */
        }
        sorted_values(&dt->pl[1], after);
        assert_memory_equal(before, after, (size_t)p->n_brokers);
        /* the viewer's own brokers (Y-6.5: he sees them) stay where and what
         * they were (a determinization may reorder the array, Y-11.1) */
        for (int i = 0; i < st->pl[0].n_brokers; i++) {
            const ys_broker *x = &st->pl[0].b[i];
            assert_int_equal(ysp_count_at(dt, 0, x->loc), ysp_count_at(st, 0, x->loc));
            assert_int_equal(ysp_broker(dt, 0, x->value, x->loc) >= 0, 1);
        }
        sorted_values(&dt->pl[0], mine_after);
        assert_memory_equal(mine, mine_after, (size_t)dt->pl[0].n_brokers);
    }
    gg_free(d);
    gg_free(s);
    return o;
}

static void test_belief_deals_face_down_values_by_where_they_lie(void **unused)
{
    (void)unused;
    const gg_game *ys = gg_game_find("ys");
    assert_non_null(ys->ai->determinize_belief);
    odds u = deal_many(ys->determinize), b = deal_many(ys->ai->determinize_belief);
    /* Uniform: each of the 10 unknown values of seat 1 (11 brokers, one 3
     * face up) is as likely anywhere: a 4 or a 0 with 2 in 10. */
    assert_in_range(u.market4, DEALS * 15 / 100, DEALS * 25 / 100);
    assert_in_range(u.port0, DEALS * 15 / 100, DEALS * 25 / 100);
    assert_in_range(u.port4, DEALS * 15 / 100, DEALS * 25 / 100);
    /* By belief (src/ys/ys_belief.inc): a 4 on the market about 1 in 15, a
     * 0 in a port about 1 in 20, a 4 in a port about 2 in 5. */
    print_message("of %d deals: market 4 %d (uniform %d), port 0 %d (%d), port 4 %d (%d)\n", DEALS,
                  b.market4, u.market4, b.port0, u.port0, b.port4, u.port4);
    if (!(b.market4 < u.market4 / 2 && b.port0 < u.port0 / 2 && b.port4 > u.port4 * 3 / 2))
        fail_msg("belief deal: market 4 %d (uniform %d), port 0 %d (%d), port 4 %d (%d) of %d",
                 b.market4, u.market4, b.port0, u.port0, b.port4, u.port4, DEALS);
}

/* The same random numbers give the same deal, and the Splendor table has
 * no belief (belief=1 is its plain determinization there). */
static void test_belief_deal_is_repeatable(void **unused)
{
    (void)unused;
    const gg_game *ys = gg_game_find("ys");
    gg_state *s = ysp_new(4, NULL, 12);
    ysp_layout(ysp(s), 2, "d4:blue2 d0:d3-trade d3:d4-palace u1:d1-port");
    gg_state *a = gg_clone(s), *b = gg_clone(s);
    gg_rng r1, r2;
    gg_rng_seed(&r1, 99);
    gg_rng_seed(&r2, 99);
    ys->ai->determinize_belief(a, 3, &r1);
    ys->ai->determinize_belief(b, 3, &r2);
    assert_true(gg_state_equal(a, b));
    assert_null(gg_game_find("splendor")->ai->determinize_belief);
    gg_free(a), gg_free(b), gg_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_belief_deals_face_down_values_by_where_they_lie),
        cmocka_unit_test(test_belief_deal_is_repeatable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
