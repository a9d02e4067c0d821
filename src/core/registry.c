/* registry.c — the list of games. A new game adds one line here. */
#include <string.h>

#include "core/game.h"

/* One line per game, in the order menus list them; NULL ends the list. */
static const gg_game *const games[] = {
    &gg_ys_game,
    &gg_splendor_game,
    NULL,
};

int gg_game_count(void)
{
    int n = 0;
    while (games[n]) n++;
    return n;
}

const gg_game *gg_game_at(int i)
{
    return (i >= 0 && i < gg_game_count()) ? games[i] : NULL;
}

const gg_game *gg_game_find(const char *name)
{
    for (int i = 0; name && i < gg_game_count(); i++)
        if (strcmp(games[i]->name, name) == 0) return games[i];
    return NULL;
}

const char *gg_game_name(const gg_game *g) { return g->name; }
int gg_game_has_legal_random(const gg_game *g) { return g->legal_random != NULL; }
const char *gg_game_title(const gg_game *g) { return g->title; }
int gg_game_min_players(const gg_game *g) { return g->min_players; }
int gg_game_max_players(const gg_game *g) { return g->max_players; }
int gg_game_option_count(const gg_game *g) { return g->n_options; }

const gg_option_info *gg_game_option(const gg_game *g, int i)
{
    return (i >= 0 && i < g->n_options) ? &g->options[i] : NULL;
}
