/* fuzz_notation.c — libFuzzer target for the action notation parser of every
 * registered game. Input: byte 0 picks the game, byte 1 the player count and
 * how many random moves to play first (so positions vary), the rest is the
 * text; the high bits of byte 0 turn on up to 4 on/off options. Whatever the text, parsing must not crash; a parsed action that
 * gg_apply accepts must format back to notation that parses to the same
 * action; one it refuses must leave the state byte-for-byte unchanged. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gemgames.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || gg_game_count() == 0) return 0;
    const gg_game *game = gg_game_at(data[0] % gg_game_count());
    int span = gg_game_max_players(game) - gg_game_min_players(game) + 1;
    gg_options opts;
    gg_options_init(&opts, game, gg_game_min_players(game) + data[1] % span);
    gg_error err;
    /* the high bits of byte 0 switch on-off options on (Ys: ysplus, events);
     * a combination the game refuses just makes gg_new fail */
    for (int i = 0, bit = 0; i < gg_game_option_count(game) && bit < 4; i++) {
        const char *key = gg_game_option(game, i)->key;
        const char *now = gg_options_get(&opts, game, key);
        if (!now || strcmp(now, "off") != 0) continue;
        if (data[0] >> (4 + bit++) & 1) gg_options_set(&opts, game, key, "on", &err);
    }
    gg_state *s = gg_new(game, &opts, data[1], &err);
    if (!s) return 0;
    gg_rng walk;
    gg_rng_seed(&walk, data[0]);
    gg_action list[GG_MAX_ACTIONS];
    int seats[GG_MAX_SEATS];
    for (int i = 0; i < (data[1] >> 2) && !gg_is_over(s); i++) {
        int n = gg_actors(s, seats);
        int who = seats[gg_rng_below(&walk, (uint32_t)n)];
        int k = gg_legal(s, who, list);
        gg_apply_trusted(s, who, list[gg_rng_below(&walk, (uint32_t)k)]);
    }
    char *text = malloc(size - 1);
    memcpy(text, data + 2, size - 2);
    text[size - 2] = '\0';
    int seat = gg_actors(s, seats) ? seats[0] : 0;
    gg_action a;
    if (gg_action_parse(s, seat, text, &a, &err) == GG_OK) {
        gg_state *before = gg_clone(s);
        if (gg_apply(s, seat, a, &err) == GG_OK) {
            char buf[GG_MAX_NOTATION];
            gg_action b;
            gg_action_format(before, seat, a, buf, sizeof buf);
            if (gg_action_parse(before, seat, buf, &b, &err) != GG_OK || b != a) {
                fprintf(stderr, "\"%s\" formats as \"%s\", which does not parse back\n", text, buf);
                abort();
            }
        } else if (!gg_state_equal(before, s)) {
            fprintf(stderr, "a refused action changed the state\n");
            abort();
        }
        gg_free(before);
    } else if (err.msg[0] == '\0') {
        fprintf(stderr, "a parse error without a message\n");
        abort();
    }
    free(text);
    gg_free(s);
    return 0;
}
