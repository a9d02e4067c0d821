/* options.c — table options: a player count plus one value index per option. */
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

void gg_options_init(gg_options *opts, const gg_game *game, int players)
{
    (void)game;
    memset(opts, 0, sizeof *opts);
    opts->players = players;
}

static int option_index(const gg_game *game, const char *key)
{
    for (int i = 0; i < game->n_options; i++)
        if (strcmp(game->options[i].key, key) == 0) return i;
    return -1;
}

gg_status gg_options_set(gg_options *opts, const gg_game *game, const char *key,
                         const char *value, gg_error *err)
{
    if (strcmp(key, "players") == 0) {
        char *end;
        long n = strtol(value, &end, 10);
        if (*value == '\0' || *end || n < game->min_players || n > game->max_players)
            return gg_fail(err, GG_EOPTION, "%s is for %d to %d players, not \"%s\"",
                           game->title, game->min_players, game->max_players, value);
        opts->players = (int)n;
        return GG_OK;
    }
    int i = option_index(game, key);
    if (i < 0) return gg_fail(err, GG_EOPTION, "%s has no option \"%s\"", game->title, key);
    const gg_option_info *o = &game->options[i];
    int v = gg_name_index(o->values, o->n_values, value);
    if (v < 0) {
        char allowed[120] = "";
        for (int j = 0; j < o->n_values; j++) {
            strncat(allowed, j ? ", " : "", sizeof allowed - strlen(allowed) - 1);
            strncat(allowed, o->values[j], sizeof allowed - strlen(allowed) - 1);
        }
        return gg_fail(err, GG_EOPTION, "option %s takes %s, not \"%s\"", key, allowed, value);
    }
    opts->value[i] = (uint8_t)v;
    return GG_OK;
}

gg_status gg_options_set_kv(gg_options *opts, const gg_game *game, const char *kv,
                            gg_error *err)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv) return gg_fail(err, GG_EOPTION, "option \"%s\" is not key=value", kv);
    char key[64];
    size_t n = (size_t)(eq - kv);
    if (n >= sizeof key) return gg_fail(err, GG_EOPTION, "option name too long");
    memcpy(key, kv, n);
    key[n] = '\0';
    return gg_options_set(opts, game, key, eq + 1, err);
}

const char *gg_options_get(const gg_options *opts, const gg_game *game, const char *key)
{
    int i = option_index(game, key);
    if (i < 0) return NULL;
    const gg_option_info *o = &game->options[i];
    return opts->value[i] < o->n_values ? o->values[opts->value[i]] : NULL;
}

void gg_options_normalize(gg_options *opts, const gg_game *game)
{
    if (game->normalize_options) game->normalize_options(opts);
}

/* Printed as played: a normalised copy (options_object is the one printer of
 * options for views, states, records and the server). */
static cJSON *options_object(const gg_options *given, const gg_game *game)
{
    gg_options copy = *given, *opts = &copy;
    gg_options_normalize(opts, game);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "players", opts->players);
    for (int i = 0; i < game->n_options; i++)
        cJSON_AddStringToObject(o, game->options[i].key,
                                game->options[i].values[opts->value[i]]);
    return o;
}

char *gg_options_json(const gg_options *opts, const gg_game *game)
{
    cJSON *o = options_object(opts, game);
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return s;
}

/* Used by api.c and record.c. */
cJSON *gg_options_to_cjson(const gg_options *opts, const gg_game *game)
{
    return options_object(opts, game);
}

gg_status gg_options_from_cjson(gg_options *opts, const gg_game *game, const cJSON *obj,
                                gg_error *err)
{
    if (!cJSON_IsObject(obj)) return gg_fail(err, GG_EJSON, "\"options\" must be an object");
    int players;
    gg_status st = ggj_int(obj, "players", game->min_players, game->max_players, &players, err);
    if (st) return st;
    gg_options_init(opts, game, players);
    const cJSON *it;
    cJSON_ArrayForEach(it, obj)
    {
        if (strcmp(it->string, "players") == 0) continue;
        if (!cJSON_IsString(it))
            return gg_fail(err, GG_EJSON, "option \"%s\" must be a string", it->string);
        st = gg_options_set(opts, game, it->string, it->valuestring, err);
        if (st) return st;
    }
    gg_options_normalize(opts, game); /* a whole set, read: as it is played */
    return GG_OK;
}
