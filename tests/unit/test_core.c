/* test_core.c — the parts of the core that need no particular game: the RNG
 * (a documented algorithm, so fixed known answers), status names, the
 * registry's refusals, records/states that name no known game, and the
 * notation formatters' text buffer (gg_put) against snprintf. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "gemgames.h"

/* SplitMix64 from seed 0: the published reference outputs. */
static void test_rng_splitmix64_known_answers(void **unused)
{
    (void)unused;
    gg_rng r;
    gg_rng_seed(&r, 0);
    assert_true(gg_rng_next(&r) == 0xe220a8397b1dcdafULL);
    assert_true(gg_rng_next(&r) == 0x6e789e6aa1b965f4ULL);
    assert_true(gg_rng_next(&r) == 0x06c45d188009454fULL);
}

static void test_rng_same_seed_same_stream(void **unused)
{
    (void)unused;
    gg_rng a, b;
    gg_rng_seed(&a, 12345);
    gg_rng_seed(&b, 12345);
    for (int i = 0; i < 1000; i++) assert_true(gg_rng_next(&a) == gg_rng_next(&b));
    gg_rng_seed(&b, 12346);
    assert_true(gg_rng_next(&a) != gg_rng_next(&b));
}

/* gg_rng_below stays in range and hits every value (no modulo shortcut). */
static void test_rng_below_range_and_coverage(void **unused)
{
    (void)unused;
    gg_rng r;
    gg_rng_seed(&r, 99);
    assert_int_equal(gg_rng_below(&r, 1), 0);
    for (uint32_t n = 2; n < 60; n++) {
        int seen[60] = {0};
        for (int i = 0; i < 4000; i++) {
            uint32_t x = gg_rng_below(&r, n);
            assert_true(x < n);
            seen[x]++;
        }
        for (uint32_t k = 0; k < n; k++) assert_true(seen[k] > 0);
    }
    /* a huge n exercises the rejection branch */
    for (int i = 0; i < 1000; i++) assert_true(gg_rng_below(&r, 0xfffffff1u) < 0xfffffff1u);
}

/* Roughly uniform: 60,000 draws of a die, each face within 5% of 10,000. */
static void test_rng_below_uniform(void **unused)
{
    (void)unused;
    gg_rng r;
    gg_rng_seed(&r, 2026);
    int count[6] = {0};
    for (int i = 0; i < 60000; i++) count[gg_rng_below(&r, 6)]++;
    for (int k = 0; k < 6; k++) assert_in_range(count[k], 9500, 10500);
}

static void test_status_names(void **unused)
{
    (void)unused;
    assert_string_equal(gg_status_name(GG_OK), "ok");
    assert_string_equal(gg_status_name(GG_EILLEGAL), "illegal");
    assert_non_null(gg_status_name((gg_status)999));
}

static void test_registry_unknown_game(void **unused)
{
    (void)unused;
    assert_null(gg_game_find("chess"));
    assert_null(gg_game_find(NULL));
    assert_null(gg_game_at(-1));
    assert_null(gg_game_at(gg_game_count()));
    for (int i = 0; i < gg_game_count(); i++) {
        const gg_game *g = gg_game_at(i);
        assert_ptr_equal(gg_game_find(gg_game_name(g)), g);
        assert_true(gg_game_min_players(g) >= 1);
        assert_true(gg_game_max_players(g) <= GG_MAX_SEATS);
        assert_true(gg_game_option_count(g) <= GG_MAX_OPTIONS);
    }
}

static void test_new_without_game_is_refused(void **unused)
{
    (void)unused;
    gg_options o = {.players = 2};
    gg_error err;
    assert_null(gg_new(NULL, &o, 1, &err));
    assert_int_equal(err.code, GG_EOPTION);
}

/* Hostile or broken JSON: a clear error, never a crash. */
static void test_state_load_rejects_garbage(void **unused)
{
    (void)unused;
    const char *bad[] = {"", "{", "[]", "null", "42", "{\"game\":7}", "{\"game\":\"chess\"}",
                         "{\"game\":\"\"}", "\"splendor\""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gg_error err = {0};
        assert_null(gg_state_load(bad[i], &err));
        assert_int_equal(err.code, GG_EJSON);
        assert_true(strlen(err.msg) > 0);
    }
    gg_error err;
    assert_null(gg_state_load(NULL, &err));
}

static void test_record_parse_rejects_garbage(void **unused)
{
    (void)unused;
    const char *bad[] = {"", "{", "[]", "{\"game\":\"chess\",\"options\":{\"players\":2},\"seed\":1}",
                         "{\"seed\":1}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gg_error err = {0};
        assert_null(gg_record_parse(bad[i], &err));
        assert_int_equal(err.code, GG_EJSON);
        assert_true(strlen(err.msg) > 0);
    }
}

/* Every seed survives JSON: a state and a record with a 16-digit seed (which
 * cJSON would print rounded as a number) come back with the same seed. */
static void test_large_seeds_round_trip(void **unused)
{
    (void)unused;
    const uint64_t seeds[] = {999999999999999ull, 1000000000000000ull, 8418254580383211ull,
                              (1ull << 53) + 1, 18446744073709551615ull};
    const gg_game *g = gg_game_find("splendor");
    gg_options opts;
    gg_options_init(&opts, g, 2);
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        gg_error err;
        gg_state *s = gg_new(g, &opts, seeds[i], &err);
        assert_non_null(s);
        char *json = gg_state_json(s);
        gg_state *back = gg_state_load(json, &err);
        assert_non_null(back);
        assert_true(gg_state_seed(back) == seeds[i]);
        gg_record *rec = gg_record_new(g, &opts, seeds[i]);
        char *rj = gg_record_json(rec);
        gg_record *rback = gg_record_parse(rj, &err);
        assert_non_null(rback);
        gg_state *start = gg_record_start(rback, &err);
        assert_non_null(start);
        assert_true(gg_state_seed(start) == seeds[i]);
        gg_free(start);
        gg_record_free(rback);
        free(rj);
        gg_record_free(rec);
        gg_free(back);
        free(json);
        gg_free(s);
    }
}

/* The reference: gg_put as plain vsnprintf at the end of the buffer. */
static void ref_put(gg_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ref_put(gg_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->cap ? o->cap - o->len : 0;
    int k = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (k > 0) o->len += (size_t)k;
}

/* gg_put writes what vsnprintf would, byte for byte, for every buffer size
 * (truncation included), after a prefix, and counts the full length. */
#define CHECK_PUT(prefix, fmt, ...)                                                          \
    do {                                                                                     \
        for (size_t cap = 0; cap <= 40; cap++) {                                             \
            char want[64], got[64];                                                          \
            memset(want, 'x', sizeof want);                                                  \
            memset(got, 'x', sizeof got);                                                    \
            gg_out w = {want, cap, 0}, o = {got, cap, 0};                                    \
            ref_put(&w, "%s", prefix);                                                       \
            ref_put(&w, fmt, __VA_ARGS__);                                                   \
            gg_put(&o, "%s", prefix);                                                        \
            gg_put(&o, fmt, __VA_ARGS__);                                                    \
            assert_int_equal(o.len, w.len);                                                  \
            assert_memory_equal(got, want, sizeof want);                                     \
        }                                                                                    \
    } while (0)

static void test_put_matches_snprintf(void **unused)
{
    (void)unused;
    CHECK_PUT("", "up %u d%u-%s", 3u, 1u, "port");
    CHECK_PUT("play ", "%s%s%s ", "a", "", "magician");
    CHECK_PUT("take", " %c", 'W');
    CHECK_PUT("", "rate %s%c", "green", '+');
    CHECK_PUT("x", "%d|%d|%d", -2147483647 - 1, 0, 2147483647);
    CHECK_PUT("", "%u %u", 0u, 4294967295u);
    CHECK_PUT("", "100%% %s", "sure");
    CHECK_PUT("", "%5u|%-3s|%x", 42u, "a", 255u); /* not plain: through vsnprintf */
    CHECK_PUT("abcdefghij", "%s", "klmnopqrstuvwxyz0123456789");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rng_splitmix64_known_answers),
        cmocka_unit_test(test_rng_same_seed_same_stream),
        cmocka_unit_test(test_rng_below_range_and_coverage),
        cmocka_unit_test(test_rng_below_uniform),
        cmocka_unit_test(test_status_names),
        cmocka_unit_test(test_registry_unknown_game),
        cmocka_unit_test(test_new_without_game_is_refused),
        cmocka_unit_test(test_state_load_rejects_garbage),
        cmocka_unit_test(test_record_parse_rejects_garbage),
        cmocka_unit_test(test_large_seeds_round_trip),
        cmocka_unit_test(test_put_matches_snprintf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
