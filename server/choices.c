/* choices.c — what a table's creator may choose: for one game, a player
 * count and the options chosen so far, every value of every option and
 * whether the rules allow it (GET /api/games/GAME/options, docs/server.md).
 * The engine decides: each value is tried with gg_new, exactly as creating
 * the table would, so the start page never repeats a rule of its own. */
#include "server.h"

#include <stdlib.h>

#include "gemgames.h"

/* NULL when `opts` makes a game (then *plays, if asked, is the value the
 * game plays for option `key`, as normalized: 2-player Ys districts "3");
 * otherwise the engine's reason, in `why`. */
static const char *refusal(const gg_game *game, const gg_options *opts, const char *key,
                           const char **plays, gg_error *why)
{
    gg_state *s = gg_new(game, opts, 1, why);
    if (!s) return why->msg;
    if (plays) *plays = gg_options_get(gg_state_options(s), game, key);
    gg_free(s);
    return NULL;
}

/* Option k set to its value v on top of `base`, tried: NULL when allowed. */
static const char *try_value(const gg_game *game, const gg_options *base, int k, int v,
                             const char **plays, gg_error *why)
{
    const gg_option_info *oi = gg_game_option(game, k);
    gg_options o = *base;
    if (gg_options_set(&o, game, oi->key, oi->values[v], why) != GG_OK) return why->msg;
    return refusal(game, &o, oi->key, plays, why);
}

/* One value of option k: "ok" with the other options as chosen, "alone"
 * with the others at their defaults (so: for this player count at all),
 * "plays" the value the game then plays (2-player Ys: districts "3"). */
static cJSON *value_json(const gg_game *game, const gg_options *chosen, const gg_options *dflt,
                         int k, int v)
{
    const gg_option_info *oi = gg_game_option(game, k);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "value", oi->values[v]);
    gg_error why = {0}, why_alone = {0};
    const char *plays = NULL, *plays_alone = NULL;
    const char *no = try_value(game, chosen, k, v, &plays, &why);
    const char *no_alone = try_value(game, dflt, k, v, &plays_alone, &why_alone);
    cJSON_AddBoolToObject(o, "ok", no == NULL);
    cJSON_AddBoolToObject(o, "alone", no_alone == NULL);
    if (plays || plays_alone) cJSON_AddStringToObject(o, "plays", plays ? plays : plays_alone);
    if (no) cJSON_AddStringToObject(o, "why", no);
    return o;
}

cJSON *srv_option_choices(const gg_game *game, const gg_options *chosen)
{
    gg_options dflt;
    gg_options_init(&dflt, game, chosen->players);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "game", gg_game_name(game));
    cJSON_AddNumberToObject(o, "players", chosen->players);
    gg_error why = {0};
    const char *no = refusal(game, chosen, NULL, NULL, &why);
    cJSON_AddBoolToObject(o, "ok", no == NULL);
    if (no) cJSON_AddStringToObject(o, "why", no);
    cJSON *opts = cJSON_AddArrayToObject(o, "options");
    for (int k = 0; k < gg_game_option_count(game); k++) {
        const gg_option_info *oi = gg_game_option(game, k);
        cJSON *oj = cJSON_CreateObject();
        cJSON_AddStringToObject(oj, "key", oi->key);
        cJSON_AddStringToObject(oj, "value", gg_options_get(chosen, game, oi->key));
        cJSON *vals = cJSON_AddArrayToObject(oj, "values");
        for (int v = 0; v < oi->n_values; v++)
            cJSON_AddItemToArray(vals, value_json(game, chosen, &dflt, k, v));
        cJSON_AddItemToArray(opts, oj);
    }
    return o;
}
