/* heuristic.c — the "heuristic" bot: each game's hand-written policy
 * (heuristic_<game>.c), also used by ISMCTS for rollout=heuristic. */
#include <string.h>

#include "bots/bot.h"
#include "core/game.h"


/* One line per game that has a heuristic. */
static const gg_heuristic *const heuristics[] = {
    &gg_heuristic_splendor,
    &gg_heuristic_ys,
    NULL,
};

static const gg_heuristic *find(const gg_game *game)
{
    for (int i = 0; heuristics[i]; i++)
        if (strcmp(heuristics[i]->game, gg_game_name(game)) == 0) return heuristics[i];
    return NULL;
}

gg_rollout_policy gg_heuristic_policy(const gg_game *game)
{
    const gg_heuristic *h = find(game);
    return h ? h->policy : NULL;
}

gg_state_eval gg_heuristic_eval(const gg_game *game)
{
    const gg_heuristic *h = find(game);
    return h ? h->eval : NULL;
}

static gg_status heuristic_create(gg_bot *bot, const char *params, gg_error *err)
{
    (void)bot;
    if (*params) return gg_fail(err, GG_EOPTION, "the heuristic bot takes no parameters");
    return GG_OK;
}

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
    int k = policy(d, seat, list, n, &bot->rng);
    gg_free(d);
    *out = list[k >= 0 && k < n ? k : 0];
    return GG_OK;
}

const gg_bot_kind gg_bot_heuristic = {"heuristic", heuristic_create, heuristic_choose, NULL};
