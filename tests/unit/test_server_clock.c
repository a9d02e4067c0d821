/* test_server_clock.c — the server's time controls (server/clock.c) on
 * given times, no waiting: per-move and bank + increment arithmetic, a turn
 * of several decisions, simultaneous decisions, clocks that wait for the
 * start, timeouts (in a row), people only, the same clocks from the same stored moves
 * (a restart), and the settings a client may ask for. The server's files are
 * compiled in here (clock.c and the helpers of util.c it uses). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../server/clock.c"
#include "../../server/util.c"

static srv_clock_cfg cfg_of(const char *json)
{
    srv_clock_cfg c;
    cJSON *o = cJSON_Parse(json);
    srv_err e = {0};
    assert_int_equal(srv_clock_parse(o, &c, &e), 0);
    cJSON_Delete(o);
    return c;
}

static const int S0[] = {0}, S1[] = {1}, BOTH[] = {0, 1};
enum { T0 = 1000000 }; /* the clocks' start (unix ms, any) */

static void per_move(void **unused)
{
    (void)unused;
    srv_clock k = {0};
    srv_clock_cfg c = cfg_of("{\"kind\":\"move\",\"move_s\":30}");
    srv_clock_reset(&k, &c, 2, S0, 1);
    assert_int_equal(srv_clock_remaining(&k, 0, T0 + 5000), 30000); /* not started: full */
    assert_false(srv_clock_running(&k, 0, 3u, 1));
    k.start_ms = T0;
    assert_true(srv_clock_running(&k, 0, 3u, 1));
    assert_false(srv_clock_running(&k, 1, 3u, 1));
    assert_int_equal(srv_clock_remaining(&k, 0, T0 + 5000), 25000);
    srv_clock_move(&k, 0, S0, 1, S1, 1, T0 + 7000, 0);
    assert_false(srv_clock_running(&k, 0, 3u, 1));
    assert_int_equal(srv_clock_remaining(&k, 1, T0 + 17000), 20000); /* from seat 0's move on */
    int64_t due;
    assert_int_equal(srv_clock_expired(&k, 3u, 1, T0 + 17000, &due), -1);
    assert_int_equal(due, T0 + 37000);
    assert_int_equal(srv_clock_expired(&k, 3u, 1, T0 + 37000, &due), 1);
    assert_int_equal(srv_clock_expired(&k, 1u, 1, T0 + 37000, &due), -1); /* seat 1 a bot: no clock */
    assert_int_equal(srv_clock_expired(&k, 3u, 0, T0 + 37000, &due), -1); /* over: none runs */
    srv_clock_move(&k, 1, S1, 1, S0, 1, T0 + 38000, STORE_MOVE_TIMEOUT);
    assert_int_equal(k.timeouts[1], 1);
    assert_int_equal(k.timeouts[0], 0);
}

static void bank_and_increment(void **unused)
{
    (void)unused;
    srv_clock k = {.start_ms = T0};
    srv_clock_cfg c = cfg_of("{\"kind\":\"bank\",\"bank_s\":120,\"increment_s\":20}");
    srv_clock_reset(&k, &c, 2, S0, 1);
    /* seat 0: two decisions in one turn (10 s, then 5 s more), one increment */
    srv_clock_move(&k, 0, S0, 1, S0, 1, T0 + 10000, 0);
    assert_int_equal(srv_clock_remaining(&k, 0, T0 + 10000), 110000);
    srv_clock_move(&k, 0, S0, 1, S1, 1, T0 + 15000, 0);
    assert_int_equal(srv_clock_remaining(&k, 0, T0 + 99999), 120000 - 15000 + 20000);
    /* seat 1 overruns its bank: it stays empty, the increment still comes */
    srv_clock_move(&k, 1, S1, 1, S0, 1, T0 + 15000 + 200000, STORE_MOVE_TIMEOUT);
    assert_int_equal(srv_clock_remaining(&k, 1, T0 + 999999), 20000);
}

static void simultaneous(void **unused)
{
    (void)unused;
    srv_clock k = {.start_ms = T0};
    srv_clock_cfg c = cfg_of("{\"kind\":\"move\",\"move_s\":60}");
    srv_clock_reset(&k, &c, 2, BOTH, 2); /* the Ys bid: both at once */
    assert_true(srv_clock_running(&k, 0, 3u, 1) && srv_clock_running(&k, 1, 3u, 1));
    srv_clock_move(&k, 0, BOTH, 2, S1, 1, T0 + 20000, 0);
    assert_false(srv_clock_running(&k, 0, 3u, 1));
    assert_int_equal(srv_clock_remaining(&k, 1, T0 + 30000), 30000); /* its turn began at the start */
}

/* Timeouts count in a row: a move the seat makes in time starts again from
 * 0; another seat's moves (in time or not) leave the count alone. */
static void timeouts_in_a_row(void **unused)
{
    (void)unused;
    srv_clock k = {.start_ms = T0};
    srv_clock_cfg c = cfg_of("{\"kind\":\"move\",\"move_s\":30,\"timeouts\":3}");
    srv_clock_reset(&k, &c, 2, S0, 1);
    int64_t at = T0;
    /* seat 0 out of time twice, seat 1 in time between */
    for (int i = 0; i < 2; i++) {
        srv_clock_move(&k, 0, S0, 1, S1, 1, at += 30000, STORE_MOVE_TIMEOUT);
        srv_clock_move(&k, 1, S1, 1, S0, 1, at += 1000, 0);
    }
    assert_int_equal(k.timeouts[0], 2);
    /* seat 1 out of time once: seat 0's count stays */
    srv_clock_move(&k, 0, S0, 1, S1, 1, at += 30000, STORE_MOVE_TIMEOUT);
    srv_clock_move(&k, 1, S1, 1, S0, 1, at += 30000, STORE_MOVE_TIMEOUT);
    assert_int_equal(k.timeouts[0], 3);
    assert_int_equal(k.timeouts[1], 1);
    /* a move in time: back to 0 (the seat would not go to the bot now) */
    srv_clock_move(&k, 0, S0, 1, S1, 1, at += 1000, 0);
    assert_int_equal(k.timeouts[0], 0);
    assert_int_equal(k.timeouts[1], 1);
    srv_clock_move(&k, 1, S1, 1, S0, 1, at += 1000, 0);
    assert_int_equal(k.timeouts[1], 0);
    /* two more timeouts: 2 in a row, below the table's 3 (4 in all) */
    for (int i = 0; i < 2; i++) {
        srv_clock_move(&k, 0, S0, 1, S1, 1, at += 30000, STORE_MOVE_TIMEOUT);
        srv_clock_move(&k, 1, S1, 1, S0, 1, at += 1000, 0);
    }
    assert_int_equal(k.timeouts[0], 2);
    assert_true(k.timeouts[0] < k.cfg.timeouts);
    /* a Ys turn of several decisions: one in time ends the run too */
    srv_clock_move(&k, 0, S0, 1, S0, 1, at += 30000, STORE_MOVE_TIMEOUT);
    assert_int_equal(k.timeouts[0], 3);
    srv_clock_move(&k, 0, S0, 1, S1, 1, at += 1000, 0);
    assert_int_equal(k.timeouts[0], 0);
}

/* A restart replays the stored moves: the same inputs, the same clocks. */
static void same_moves_same_clocks(void **unused)
{
    (void)unused;
    srv_clock_cfg c = cfg_of("{\"kind\":\"bank\",\"bank_s\":300,\"increment_s\":5,\"timeouts\":2}");
    srv_clock a = {.start_ms = T0}, b = {.start_ms = T0};
    for (int r = 0; r < 2; r++) {
        srv_clock *k = r ? &b : &a;
        srv_clock_reset(k, &c, 2, S0, 1);
        for (int i = 0; i < 20; i++) {
            const int *from = i % 2 ? S1 : S0, *to = i % 2 ? S0 : S1;
            srv_clock_move(k, i % 2, from, 1, to, 1, T0 + 1000 * (int64_t)(i + 1) * (i + 3),
                           i == 7 || i == 19 ? STORE_MOVE_TIMEOUT : 0);
        }
    }
    assert_memory_equal(&a, &b, sizeof a);
    assert_int_equal(a.timeouts[1], 1);
    cJSON *o = srv_clock_json(&a, 3u, 1, T0 + 999999);
    char *j1 = cJSON_PrintUnformatted(o);
    assert_non_null(strstr(j1, "\"running\":true"));
    free(j1);
    cJSON_Delete(o);
}

static void settings(void **unused)
{
    (void)unused;
    static const char *const bad[] = {
        "\"fast\"", "[1]", "{}", "{\"kind\":\"move\"}", "{\"kind\":\"move\",\"move_s\":2}",
        "{\"kind\":\"move\",\"move_s\":1209601}", "{\"kind\":\"move\",\"move_s\":3.5}",
        "{\"kind\":\"bank\",\"bank_s\":60,\"increment_s\":-1}", "{\"kind\":\"bank\",\"bank_s\":60,\"increment_s\":86401}",
        "{\"kind\":\"move\",\"move_s\":60,\"timeouts\":101}", "{\"kind\":\"move\",\"move_s\":1e300}",
        "{\"kind\":\"move\",\"move_s\":60,\"x\":1}", "{\"kind\":\"hourglass\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        srv_clock_cfg c;
        srv_err e = {0};
        cJSON *o = cJSON_Parse(bad[i]);
        assert_int_equal(srv_clock_parse(o, &c, &e), -1);
        assert_string_equal(e.code, "bad_clock");
        cJSON_Delete(o);
    }
    srv_clock_cfg c = cfg_of("{\"kind\":\"move\",\"move_s\":1209600,\"timeouts\":0}");
    assert_int_equal(c.move_ms, 1209600000LL);
    char *text = srv_clock_cfg_text(&c);
    srv_clock_cfg back;
    assert_int_equal(srv_clock_cfg_load(text, &back), 0); /* what the store keeps reads back */
    assert_memory_equal(&c, &back, sizeof c);
    free(text);
    assert_int_equal(cfg_of("null").kind, SRV_CLOCK_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(per_move),          cmocka_unit_test(bank_and_increment),
        cmocka_unit_test(simultaneous),      cmocka_unit_test(same_moves_same_clocks),
        cmocka_unit_test(settings),          cmocka_unit_test(timeouts_in_a_row),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
