/*
 * value.c — the learned evaluation at ISMCTS's rollout cut-off
 * (`ismcts:eval=learned`, docs/bots.md). The weights come from
 * data/learn/NAME.value through build/gen/value_weights.c.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "learn/value.h"

extern const gg_value_net *const gg_value_nets[]; /* generated, NULL-terminated */

enum { OBS_MAX = 4096 };

const gg_value_net *gg_value_net_find(const gg_game *game, int players)
{
    for (int i = 0; gg_value_nets[i]; i++)
        if (gg_value_nets[i]->players == players && !strcmp(gg_value_nets[i]->game, game->name) &&
            gg_value_nets[i]->inputs == gg_value_inputs(game, players))
            return gg_value_nets[i];
    return NULL;
}

int gg_learned_eval_available(const gg_game *game, int players)
{
    return gg_value_net_find(game, players) != NULL;
}

/* The networks with the input normalisation folded into the first layer
 * (x' = (x - mean) / std is linear), the first layer stored input-major:
 * then an observation's zeros (most of it) cost nothing. Made once. */
typedef struct folded {
    float *w1t; /* inputs x hidden (or inputs when linear) */
    float *b1;  /* hidden (or 1 when linear) */
    float b2;
} folded;

enum { NETS_MAX = 16 };
static folded fold[NETS_MAX];
static pthread_once_t fold_once = PTHREAD_ONCE_INIT;

static void fold_one(const gg_value_net *net, folded *f)
{
    int in = net->inputs, hid = net->hidden, width = hid ? hid : 1;
    f->w1t = calloc((size_t)in * width, sizeof(float));
    f->b1 = calloc((size_t)width, sizeof(float));
    if (!f->w1t || !f->b1) abort();
    for (int u = 0; u < width; u++) {
        double b = hid ? net->b1[u] : 0;
        for (int i = 0; i < in; i++) {
            double w = hid ? net->w1[(size_t)u * in + i] : net->w2[i];
            f->w1t[(size_t)i * width + u] = (float)(w * net->inv_std[i]);
            b -= w * net->mean[i] * net->inv_std[i];
        }
        f->b1[u] = (float)b;
    }
    f->b2 = hid ? net->b2 : net->b2 + f->b1[0];
}

static void fold_all(void)
{
    for (int i = 0; gg_value_nets[i] && i < NETS_MAX; i++) fold_one(gg_value_nets[i], &fold[i]);
}

static const folded *folded_of(const gg_value_net *net)
{
    pthread_once(&fold_once, fold_all);
    for (int i = 0; gg_value_nets[i] && i < NETS_MAX; i++)
        if (gg_value_nets[i] == net) return &fold[i];
    return NULL;
}

double gg_value_net_score(const gg_value_net *net, const float *obs)
{
    const folded *f = folded_of(net);
    if (!f) return 0;
    if (!net->hidden) {
        double z = f->b2;
        for (int i = 0; i < net->inputs; i++)
            if (obs[i] != 0) z += f->w1t[i] * obs[i];
        return z;
    }
    enum { HIDDEN_MAX = 256 };
    float a[HIDDEN_MAX];
    int hid = net->hidden;
    memcpy(a, f->b1, sizeof(float) * (size_t)hid);
    for (int i = 0; i < net->inputs; i++) {
        if (obs[i] == 0) continue;
        const float *w = f->w1t + (size_t)i * hid;
        for (int h = 0; h < hid; h++) a[h] += w[h] * obs[i];
    }
    double z = f->b2;
    for (int h = 0; h < hid; h++) z += net->w2[h] * tanhf(a[h]);
    return z;
}

void gg_learned_eval(const gg_state *s, double value[GG_MAX_SEATS])
{
    const gg_value_net *net = gg_value_net_find(s->game, s->players);
    if (!net || net->inputs > OBS_MAX || net->hidden > 256) {
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
    int in = net->inputs, all = in * s->players <= OBS_MAX; /* every seat's inputs at once */
    if (all) gg_value_features_all(s, obs);
    for (int p = 0; p < s->players; p++) {
        if (!all) gg_value_features(s, p, obs);
        z[p] = gg_value_net_score(net, all ? obs + (size_t)p * in : obs);
        if (z[p] > top) top = z[p];
    }
    for (int p = 0; p < s->players; p++) sum += z[p] = exp(z[p] - top);
    for (int p = 0; p < GG_MAX_SEATS; p++) value[p] = p < s->players ? z[p] / sum : 0;
}
