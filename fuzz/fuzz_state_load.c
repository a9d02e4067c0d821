/* fuzz_state_load.c — libFuzzer target for gg_state_load (the position
 * format of every game). Any input must be refused with a message or give a
 * consistent state: one that saves and loads back byte for byte, makes views
 * for every seat, and plays on legally for a few random moves. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gemgames.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_state_load: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *json = malloc(size + 1);
    memcpy(json, data, size);
    json[size] = '\0';
    gg_error err = {0};
    gg_state *s = gg_state_load(json, &err);
    free(json);
    if (!s) {
        if (err.msg[0] == '\0') fail("refused without a message");
        return 0;
    }
    char *again = gg_state_json(s);
    gg_state *t = gg_state_load(again, &err);
    if (!t || !gg_state_equal(s, t)) fail("a loaded state does not round-trip");
    gg_free(t);
    free(again);
    gg_rng walk;
    gg_rng_seed(&walk, size);
    gg_action list[GG_MAX_ACTIONS];
    for (int step = 0; step < 8 && !gg_is_over(s); step++) {
        for (int seat = -1; seat < gg_players(s); seat++) free(gg_view_json(s, seat));
        int seats[GG_MAX_SEATS];
        int n = gg_actors(s, seats);
        if (n <= 0) fail("a game that is not over has nobody to act");
        int who = seats[gg_rng_below(&walk, (uint32_t)n)];
        int k = gg_legal(s, who, list);
        if (k <= 0 || k > GG_MAX_ACTIONS) fail("an actor without legal actions");
        if (gg_apply(s, who, list[gg_rng_below(&walk, (uint32_t)k)], &err) != GG_OK)
            fail("a legal action was refused");
        gg_determinize(s, who, &walk);
    }
    gg_free(s);
    return 0;
}
