/* test_match_deals.c — an engine cannot recover a deal from what it is told
 * (issue 22). A match at default settings (no --seed) is played through the
 * real binary ($GEMGAMES); the deal of every seed from 0 to 2^20 is computed
 * through the public API (gg_new) and none may equal a deal of the match.
 *
 * Two deals are equal when their new states are equal byte for byte apart
 * from the seed and the random generator's state (a state is one flat block,
 * gemgames.h); the scan compares a 64-bit fingerprint of those bytes, which
 * takes about a microsecond a seed. A planted control deal (seed 777) must be
 * found by the same scan, so the comparison is shown to work. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "gemgames.h"

enum { SCAN = 1 << 20, GAMES = 20, CONTROL_SEED = 777 };

typedef struct deal_print {
    const gg_game *game;
    gg_options opts;
    size_t size;
    size_t skip[2]; /* offsets of the seed and the generator's state */
} deal_print;

/* Finds where the seed and the generator's state lie in a state's block. */
static void locate(deal_print *d, const char *game)
{
    gg_error err;
    d->game = gg_game_find(game);
    assert_non_null(d->game);
    gg_options_init(&d->opts, d->game, 2);
    uint64_t seed = 0x1122334455667788ull;
    gg_state *s = gg_new(d->game, &d->opts, seed, &err);
    assert_non_null(s);
    d->size = gg_state_size(s);
    char *json = gg_state_json(s);
    const char *rng = strstr(json, "\"rng\":\"");
    assert_non_null(rng);
    uint64_t state = strtoull(rng + 7, NULL, 16);
    free(json);
    const unsigned char *block = (const unsigned char *)s;
    uint64_t values[2] = {seed, state};
    for (int k = 0; k < 2; k++) {
        d->skip[k] = SIZE_MAX;
        for (size_t i = 0; i + 8 <= d->size && d->skip[k] == SIZE_MAX; i++)
            if (!memcmp(block + i, &values[k], 8)) d->skip[k] = i;
        assert_true(d->skip[k] != SIZE_MAX);
    }
    gg_free(s);
}

/* FNV-1a over the deal's bytes, 8 at a time (the seed and generator state
 * left out). */
static uint64_t fingerprint(const deal_print *d, uint64_t seed)
{
    gg_error err;
    gg_state *s = gg_new(d->game, &d->opts, seed, &err);
    assert_non_null(s);
    unsigned char *block = (unsigned char *)s;
    memset(block + d->skip[0], 0, 8);
    memset(block + d->skip[1], 0, 8);
    uint64_t h = 1469598103934665603ull;
    size_t i = 0;
    for (; i + 8 <= d->size; i += 8) {
        uint64_t w;
        memcpy(&w, block + i, 8);
        h = (h ^ w) * 1099511628211ull;
        h ^= h >> 29;
    }
    for (; i < d->size; i++) h = (h ^ block[i]) * 1099511628211ull;
    gg_free(s);
    return h;
}

/* The deal seeds of a match played by the binary at default settings. */
static int match_deals(const char *game, uint64_t *seeds, int max)
{
    const char *bin = getenv("GEMGAMES");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s match --game %s --players 2 --games %d --bots random --json",
             bin ? bin : "build/san/gemgames", game, max);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, p);
    text[n] = '\0';
    assert_int_equal(pclose(p), 0);
    cJSON *root = cJSON_Parse(text);
    assert_non_null(root);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "game_list"), *x;
    int k = 0;
    cJSON_ArrayForEach(x, list) {
        const cJSON *seed = cJSON_GetObjectItemCaseSensitive(x, "seed");
        assert_true(k < max);
        if (cJSON_IsString(seed)) seeds[k++] = strtoull(seed->valuestring, NULL, 10);
        else if (cJSON_IsNumber(seed)) seeds[k++] = (uint64_t)seed->valuedouble;
        else fail_msg("a game without a seed");
    }
    cJSON_Delete(root);
    return k;
}

static void no_small_seed_deals(const char *game)
{
    deal_print d;
    locate(&d, game);
    uint64_t seeds[GAMES], target[GAMES + 1];
    int n = match_deals(game, seeds, GAMES);
    assert_int_equal(n, GAMES);
    for (int i = 0; i < n; i++) target[i] = fingerprint(&d, seeds[i]);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (target[i] == target[j]) fail_msg("%s: games %d and %d have the same deal", game, j, i);
    target[n] = fingerprint(&d, CONTROL_SEED); /* the control */
    long found_control = -1, found = 0;
    for (uint64_t s = 0; s <= SCAN; s++) {
        uint64_t f = fingerprint(&d, s);
        for (int i = 0; i <= n; i++) {
            if (f != target[i]) continue;
            if (i == n) {
                found_control = (long)s;
            } else {
                found++;
                print_message("# %s: the deal of game %d is the deal of seed %llu\n", game, i,
                              (unsigned long long)s);
            }
        }
    }
    assert_int_equal(found_control, CONTROL_SEED);
    assert_int_equal(found, 0);
}

static void test_splendor_deals(void **unused)
{
    (void)unused;
    no_small_seed_deals("splendor");
}

static void test_ys_deals(void **unused)
{
    (void)unused;
    no_small_seed_deals("ys");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_splendor_deals),
        cmocka_unit_test(test_ys_deals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
