/*
 * value.c — the learned evaluation at ISMCTS's rollout cut-off
 * (`ismcts:eval=learned`, docs/bots.md). The weights come from
 * data/learn/NAME.value through build/gen/value_weights.c.
 */
#include <math.h>
#include <string.h>

#include "bots/bot.h"
#include "learn/value.h"

extern const gg_value_net *const gg_value_nets[]; /* generated, NULL-terminated */

enum { OBS_MAX = 4096 };

const gg_value_net *gg_value_net_find(const gg_game *game, int players)
{
    for (int i = 0; gg_value_nets[i]; i++)
        if (gg_value_nets[i]->players == players && !strcmp(gg_value_nets[i]->game, game->name) &&
            gg_value_nets[i]->inputs == gg_obs_size(game, players))
            return gg_value_nets[i];
    return NULL;
}

int gg_learned_eval_available(const gg_game *game, int players)
{
    return gg_value_net_find(game, players) != NULL;
}

double gg_value_net_score(const gg_value_net *net, const float *obs)
{
    float x[OBS_MAX];
    int nz[OBS_MAX], k = 0;
    for (int i = 0; i < net->inputs; i++) {
        x[i] = (obs[i] - net->mean[i]) * net->inv_std[i];
        if (x[i] != 0) nz[k++] = i;
    }
    if (!net->hidden) {
        double z = net->b2;
        for (int j = 0; j < k; j++) z += net->w2[nz[j]] * x[nz[j]];
        return z;
    }
    double z = net->b2;
    for (int h = 0; h < net->hidden; h++) {
        const float *w = net->w1 + (size_t)h * net->inputs;
        float a = net->b1[h];
        for (int j = 0; j < k; j++) a += w[nz[j]] * x[nz[j]];
        z += net->w2[h] * tanhf(a);
    }
    return z;
}

void gg_learned_eval(const gg_state *s, double value[GG_MAX_SEATS])
{
    const gg_value_net *net = gg_value_net_find(s->game, s->players);
    if (!net || net->inputs > OBS_MAX) {
        gg_state_eval own = gg_heuristic_eval(s->game);
        if (own) {
            own(s, value);
        } else {
            for (int p = 0; p < GG_MAX_SEATS; p++) value[p] = p < s->players ? 1.0 / s->players : 0;
        }
        return;
    }
    float obs[OBS_MAX];
    double z[GG_MAX_SEATS], top = -1e300, sum = 0;
    for (int p = 0; p < s->players; p++) {
        gg_observe(s, p, obs);
        z[p] = gg_value_net_score(net, obs);
        if (z[p] > top) top = z[p];
    }
    for (int p = 0; p < s->players; p++) sum += z[p] = exp(z[p] - top);
    for (int p = 0; p < GG_MAX_SEATS; p++) value[p] = p < s->players ? z[p] / sum : 0;
}
