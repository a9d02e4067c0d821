/* bot.c — bot specs ("random", "heuristic", "ismcts:iters=N", ...) and the
 * random bot, uniform over the legal actions. */
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "core/game.h"

static const gg_bot_kind *const kinds[] = {
    &gg_bot_random,
    &gg_bot_heuristic,
    &gg_bot_ismcts,
    &gg_bot_engine,
    &gg_bot_engine_sh,
};

gg_bot *gg_bot_new(const char *spec, uint64_t seed, gg_error *err)
{
    if (!spec || strlen(spec) >= sizeof ((gg_bot *)0)->spec) {
        gg_fail(err, GG_EOPTION, "bot spec missing or too long");
        return NULL;
    }
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strlen(kinds[i]->name) != len || strncmp(kinds[i]->name, spec, len) != 0) continue;
        gg_bot *bot = calloc(1, sizeof *bot);
        if (!bot) {
            gg_fail(err, GG_ENOMEM, "out of memory");
            return NULL;
        }
        bot->kind = kinds[i];
        strcpy(bot->spec, spec);
        gg_rng_seed(&bot->rng, seed);
        if (kinds[i]->create && kinds[i]->create(bot, colon ? colon + 1 : "", err) != GG_OK) {
            free(bot);
            return NULL;
        }
        return bot;
    }
    gg_fail(err, GG_EOPTION, "unknown bot \"%.*s\" (try random, heuristic, ismcts, engine, engine-sh)", (int)len, spec);
    return NULL;
}

void gg_bot_reseed(gg_bot *bot, uint64_t seed)
{
    gg_rng_seed(&bot->rng, seed);
    if (bot->kind->forget) bot->kind->forget(bot);
}

void gg_bot_free(gg_bot *bot)
{
    if (!bot) return;
    if (bot->kind->destroy) bot->kind->destroy(bot);
    free(bot);
}

const char *gg_bot_spec(const gg_bot *bot) { return bot->spec; }

gg_status gg_bot_choose(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                        gg_error *err)
{
    if (!gg_is_actor(s, seat)) return gg_fail(err, GG_ESEAT, "seat %d is not to act", seat);
    return bot->kind->choose(bot, s, seat, out, err);
}

int gg_bot_hint(gg_bot *bot, const gg_state *s, int seat, gg_hint *out, int max,
                gg_error *err)
{
    if (max < 1) {
        gg_fail(err, GG_EOPTION, "room for at least one hint is needed");
        return -1;
    }
    if (!bot->kind->hint) {
        gg_fail(err, GG_EOPTION, "the %s bot gives no hints (ismcts does)", bot->kind->name);
        return -1;
    }
    if (!gg_is_actor(s, seat)) {
        gg_fail(err, GG_ESEAT, "seat %d is not to act", seat);
        return -1;
    }
    return bot->kind->hint(bot, s, seat, out, max, err);
}

/* The random bot: legal actions are public knowledge for the acting seat. */
static gg_status random_choose(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                               gg_error *err)
{
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, list);
    if (n == 0) return gg_fail(err, GG_EILLEGAL, "no legal action for seat %d", seat);
    *out = list[gg_rng_below(&bot->rng, (uint32_t)n)];
    return GG_OK;
}

static gg_status random_create(gg_bot *bot, const char *params, gg_error *err)
{
    (void)bot;
    if (*params) return gg_fail(err, GG_EOPTION, "the random bot takes no parameters");
    return GG_OK;
}

const gg_bot_kind gg_bot_random = {"random", random_create, random_choose, NULL};
