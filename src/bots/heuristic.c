/* heuristic.c — the "heuristic" bot: each game's hand-written policy, which
 * the game brings in its own folder (core/ai.h: gg_game.ai), also used by
 * ISMCTS for rollout=heuristic. */
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "core/game.h"

gg_rollout_policy gg_heuristic_policy(const gg_game *game)
{
    return game->ai ? game->ai->policy : NULL;
}

gg_state_eval gg_heuristic_eval(const gg_game *game)
{
    return game->ai ? game->ai->eval : NULL;
}

/* The bot remembers its own last choice: the policy's `prev` (a seat knows
 * what it did; e.g. the Splendor heuristic never gives back tokens it has
 * just taken). */
static gg_status heuristic_create(gg_bot *bot, const char *params, gg_error *err)
{
    if (*params) return gg_fail(err, GG_EOPTION, "the heuristic bot takes no parameters");
    gg_action *prev = malloc(sizeof *prev);
    if (!prev) return gg_fail(err, GG_ENOMEM, "out of memory");
    *prev = GG_NO_ACTION;
    bot->data = prev;
    return GG_OK;
}

static void heuristic_destroy(gg_bot *bot) { free(bot->data); }

/* A new game (gg_bot_reseed): no last choice yet. */
static void heuristic_forget(gg_bot *bot) { *(gg_action *)bot->data = GG_NO_ACTION; }

static gg_status heuristic_choose(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                                  gg_error *err)
{
    gg_rollout_policy policy = gg_heuristic_policy(gg_state_game(s));
    if (!policy)
        return gg_fail(err, GG_EOPTION, "there is no heuristic bot for %s yet",
                       gg_game_title(gg_state_game(s)));
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, list);
    if (n == 0) return gg_fail(err, GG_EILLEGAL, "no legal action for seat %d", seat);
    /* The policy may look at a state; give it a determinization, never the
     * true hidden parts. */
    gg_state *d = gg_clone(s);
    if (!d) return gg_fail(err, GG_ENOMEM, "out of memory");
    gg_determinize(d, seat, &bot->rng);
    gg_action *prev = bot->data;
    int k = policy(d, seat, list, n, *prev, &bot->rng);
    gg_free(d);
    *out = *prev = list[k >= 0 && k < n ? k : 0];
    return GG_OK;
}

const gg_bot_kind gg_bot_heuristic = {"heuristic", heuristic_create, heuristic_choose,
                                      heuristic_destroy, NULL, heuristic_forget};
