/*
 * train_value.c — trains the learned evaluation (issue 27; docs/bots.md,
 * "Learned evaluation") by self-play, reproducibly from a seed:
 *
 *   build/rel/train_value --game splendor --players 2 --games 20000 --seed 1 \
 *       --hidden 16 --epochs 6 --out data/learn/splendor-2p.value [--data FILE]
 *
 * 1. Self-play: --games games played by the game's rollout policy (--policy
 *    light, the default where the game has one, else heuristic, or random),
 *    or by a bot in every seat (--policy bot:SPEC, e.g. bot:ismcts:iters=200:
 *    the outcomes of stronger play than any rollout policy's), each decision
 *    replaced by a uniformly random legal one with probability --epsilon;
 *    games end by the rules or by rule G-1 (scored as it stands).
 *    One decision in --every is a sample: every seat's inputs
 *    (gg_value_features: the game's value features where it has them, as
 *    Ys does, else its observation; only what that seat may know), the
 *    game's own evaluation
 *    there (for comparison), and, once the game is over, each seat's win
 *    share. So the network learns what the rest of such a game is worth:
 *    what a full rollout would return, without playing it.
 * 2. Training: a network scores one seat's inputs (normalised by
 *    the samples' mean and spread, then a tanh layer of --hidden units, or a
 *    linear score with --hidden 0); each seat's chance to win is the softmax
 *    of the seats' scores; cross-entropy against the win shares, plain SGD
 *    over shuffled samples for --epochs epochs, learning rate --lr / (1 +
 *    epoch). The last tenth of the games is held out: each epoch prints the
 *    held-out loss and the loss of the game's own evaluation on the same
 *    positions.
 * 3. The weights go to --out in the text format gen_value.awk reads; --data
 *    writes the samples in the binary format of docs/bots.md. --load F1,F2,...
 *    trains on such files instead of playing (e.g. written by several
 *    self-play runs side by side, one per core, with different seeds; --games
 *    is then the number of games they hold together, and the last tenth of the
 *    samples, in file order, is held out).
 *
 * Everything is drawn from one SplitMix64 seeded by --seed: the same command
 * gives the same file, on any machine (one thread).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "core/ai.h"
#include "core/game.h"
#include "learn/value.h"

typedef struct cfg {
    const char *game, *out, *data, *policy, *load;
    int players, games, hidden, epochs, every;
    double lr, epsilon;
    uint64_t seed;
} cfg;

typedef struct samples {
    int players, inputs;
    long n, cap;
    signed char *obs; /* n x players x inputs */
    float *win;       /* n x players: win share at the end */
    float *base;      /* n x players: the game's own evaluation */
    int *game_of;     /* n */
} samples;

static void die(const char *msg)
{
    fprintf(stderr, "train_value: %s\n", msg);
    exit(2);
}

static void usage(void)
{
    fputs("usage: train_value --game G --players N --games M --seed S --out FILE\n"
          "                   [--hidden H] [--epochs E] [--lr X] [--every K] [--epsilon P]\n"
          "                   [--policy light|heuristic|random|bot:SPEC] [--data FILE]\n"
          "                   [--load FILE,FILE...]\n", stderr);
    exit(2);
}

static void parse(int argc, char **argv, cfg *c)
{
    *c = (cfg){.players = 2, .games = 2000, .hidden = 16, .epochs = 6, .every = 2, .lr = 0.01,
               .epsilon = 0.1, .seed = 1, .policy = NULL};
    for (int i = 1; i < argc; i++) {
        const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) usage();
        i++;
        if (!strcmp(k, "--game")) c->game = v;
        else if (!strcmp(k, "--out")) c->out = v;
        else if (!strcmp(k, "--data")) c->data = v;
        else if (!strcmp(k, "--policy")) c->policy = v;
        else if (!strcmp(k, "--load")) c->load = v;
        else if (!strcmp(k, "--players")) c->players = atoi(v);
        else if (!strcmp(k, "--games")) c->games = atoi(v);
        else if (!strcmp(k, "--hidden")) c->hidden = atoi(v);
        else if (!strcmp(k, "--epochs")) c->epochs = atoi(v);
        else if (!strcmp(k, "--every")) c->every = atoi(v);
        else if (!strcmp(k, "--lr")) c->lr = atof(v);
        else if (!strcmp(k, "--epsilon")) c->epsilon = atof(v);
        else if (!strcmp(k, "--seed")) c->seed = strtoull(v, NULL, 10);
        else usage();
    }
    if (!c->game || !c->out || c->games < 10 || c->hidden < 0 || c->hidden > 256 ||
        c->epochs < 1 || c->every < 1 || c->lr <= 0 || c->epsilon < 0 || c->epsilon > 1)
        usage();
}

/* ------------------------------------------------------------ self-play */

static void room_for_one(samples *S)
{
    if (S->n < S->cap) return;
    S->cap = S->cap ? 2 * S->cap : 4096;
    S->obs = realloc(S->obs, (size_t)S->cap * S->players * S->inputs);
    S->win = realloc(S->win, sizeof(float) * (size_t)S->cap * S->players);
    S->base = realloc(S->base, sizeof(float) * (size_t)S->cap * S->players);
    S->game_of = realloc(S->game_of, sizeof(int) * (size_t)S->cap);
    if (!S->obs || !S->win || !S->base || !S->game_of) die("out of memory");
}

static void add_sample(samples *S, const gg_state *s, int game, float *obs)
{
    room_for_one(S);
    double base[GG_MAX_SEATS];
    gg_state_eval own = gg_heuristic_eval(s->game);
    if (own) own(s, base);
    gg_value_features_all(s, obs);
    for (int p = 0; p < S->players; p++) {
        signed char *o = S->obs + ((size_t)S->n * S->players + p) * S->inputs;
        for (int i = 0; i < S->inputs; i++) {
            float x = obs[(size_t)p * S->inputs + i];
            /* the encodings hold small counts; the format keeps them as int8 */
            o[i] = (signed char)(x > 127 ? 127 : x < -127 ? -127 : lrintf(x));
        }
        S->base[S->n * S->players + p] = own ? (float)base[p] : 1.0f / S->players;
    }
    S->game_of[S->n++] = game;
}

/* One draw: 1 with probability epsilon (a uniformly random decision instead
 * of the policy's). */
static int explores(gg_rng *rng, double epsilon)
{
    return gg_rng_next(rng) % 1000000 < (uint64_t)(epsilon * 1000000);
}

static int choose(const gg_state *s, int seat, gg_rollout_policy pol, gg_action prev, gg_rng *rng,
                  double epsilon)
{
    gg_action legal[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, legal);
    (void)legal;
    if (!pol || explores(rng, epsilon))
        return (int)gg_rng_below(rng, (uint32_t)n);
    return pol(s, seat, legal, n, prev, rng);
}

/* --policy light: a game whose light policy needs no list (gg_ai.light_pick,
 * Ys) is asked first, as ISMCTS's rollout=light asks it; NULL elsewhere. */
static int pick_first(const gg_state *s, int seat, gg_rollout_pick pick, gg_action prev,
                      gg_rng *rng, double epsilon, gg_action *out)
{
    if (!pick || explores(rng, epsilon)) return 0;
    return pick(s, seat, prev, rng, out);
}

/* --policy bot:SPEC: one bot per seat, each seeded from the run's stream. */
static void bots_new(const cfg *c, gg_rng *rng, gg_bot *bots[GG_MAX_SEATS])
{
    for (int p = 0; p < GG_MAX_SEATS; p++) bots[p] = NULL;
    if (strncmp(c->policy, "bot:", 4)) return;
    for (int p = 0; p < c->players; p++) {
        gg_error err;
        bots[p] = gg_bot_new(c->policy + 4, gg_rng_next(rng), &err);
        if (!bots[p]) die(err.msg);
    }
}

static gg_action bot_choice(gg_bot *bot, const gg_state *s, int seat)
{
    gg_action a;
    gg_error err;
    if (gg_bot_choose(bot, s, seat, &a, &err) != GG_OK) die(err.msg);
    return a;
}

/* The bot's move, or with probability epsilon a uniformly random one (a draw
 * the other policies do not make, so their streams are as before). */
static gg_action bot_or_random(gg_bot *bot, const gg_state *s, int seat, gg_rng *rng,
                               double epsilon)
{
    if (!explores(rng, epsilon)) return bot_choice(bot, s, seat);
    gg_action legal[GG_MAX_ACTIONS];
    return legal[gg_rng_below(rng, (uint32_t)gg_legal(s, seat, legal))];
}

static void self_play(const cfg *c, const gg_game *game, gg_rollout_policy pol,
                      gg_rollout_pick pick, samples *S)
{
    gg_bot *bots[GG_MAX_SEATS];
    gg_options o;
    gg_options_init(&o, game, c->players);
    gg_rng rng;
    gg_rng_seed(&rng, c->seed);
    bots_new(c, &rng, bots);
    float *obs = malloc(sizeof(float) * (size_t)S->inputs * (size_t)S->players);
    if (!obs) die("out of memory");
    gg_error err;
    for (int g = 0; g < c->games; g++) {
        gg_state *s = gg_new(game, &o, gg_rng_next(&rng), &err);
        if (!s) die(err.msg);
        long first = S->n, decisions = 0;
        gg_action prev[GG_MAX_SEATS];
        for (int p = 0; p < GG_MAX_SEATS; p++) prev[p] = GG_NO_ACTION;
        while (!gg_is_over(s) && !gg_length_reached(s, decisions)) {
            int seats[GG_MAX_SEATS];
            int k = gg_actors(s, seats);
            int who = seats[gg_rng_below(&rng, (uint32_t)k)];
            if (gg_rng_below(&rng, (uint32_t)c->every) == 0) add_sample(S, s, g, obs);
            gg_action a;
            if (bots[who]) a = bot_or_random(bots[who], s, who, &rng, c->epsilon);
            else if (!pick_first(s, who, pick, prev[who], &rng, c->epsilon, &a)) {
                gg_action legal[GG_MAX_ACTIONS];
                gg_legal(s, who, legal);
                a = legal[choose(s, who, pol, prev[who], &rng, c->epsilon)];
            }
            prev[who] = a;
            gg_apply_trusted(s, who, a);
            decisions++;
        }
        gg_result r;
        if (gg_is_over(s)) gg_result_get(s, &r);
        else gg_result_adjudicate(s, &r);
        for (long i = first; i < S->n; i++)
            for (int p = 0; p < S->players; p++)
                S->win[i * S->players + p] = r.rank[p] == 1 ? 1.0f / r.winners : 0.0f;
        gg_free(s);
    }
    for (int p = 0; p < GG_MAX_SEATS; p++) gg_bot_free(bots[p]);
    free(obs);
}

/* Binary samples (docs/bots.md): "GGVD", then little-endian uint32 version
 * (1), players, inputs, count; then per sample players x inputs int8
 * observations, players float32 win shares, players float32 game
 * evaluations. */
static void write_data(const cfg *c, const samples *S)
{
    FILE *f = fopen(c->data, "wb");
    if (!f) die("cannot write the data file");
    uint32_t head[4] = {1, (uint32_t)S->players, (uint32_t)S->inputs, (uint32_t)S->n};
    fwrite("GGVD", 1, 4, f);
    fwrite(head, sizeof head, 1, f);
    for (long i = 0; i < S->n; i++) {
        fwrite(S->obs + (size_t)i * S->players * S->inputs, 1, (size_t)S->players * S->inputs, f);
        fwrite(S->win + i * S->players, sizeof(float), (size_t)S->players, f);
        fwrite(S->base + i * S->players, sizeof(float), (size_t)S->players, f);
    }
    if (fclose(f)) die("cannot write the data file");
}

/* --load: one file written by write_data, appended to S; its header must
 * match the game and player count being trained. */
static void load_data(const char *path, samples *S)
{
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot read a --load file");
    char magic[4];
    uint32_t head[4];
    if (fread(magic, 1, 4, f) != 4 || memcmp(magic, "GGVD", 4) ||
        fread(head, sizeof head, 1, f) != 1 || head[0] != 1 ||
        head[1] != (uint32_t)S->players || head[2] != (uint32_t)S->inputs)
        die("a --load file is not samples of this game and player count");
    size_t obs_n = (size_t)S->players * S->inputs, seats = (size_t)S->players;
    for (uint32_t i = 0; i < head[3]; i++) {
        room_for_one(S);
        if (fread(S->obs + (size_t)S->n * obs_n, 1, obs_n, f) != obs_n ||
            fread(S->win + S->n * S->players, sizeof(float), seats, f) != seats ||
            fread(S->base + S->n * S->players, sizeof(float), seats, f) != seats)
            die("a --load file is cut short");
        S->n++;
    }
    fclose(f);
}

/* Every --load file in turn; the files do not say where a game ends, so the
 * samples are spread evenly over --games games in file order (the held-out
 * tenth is then the last tenth of the samples). */
static void load_all(const cfg *c, samples *S)
{
    char paths[4096];
    if (strlen(c->load) >= sizeof paths) die("--load: too long");
    strcpy(paths, c->load);
    for (char *save = NULL, *p = strtok_r(paths, ",", &save); p; p = strtok_r(NULL, ",", &save))
        load_data(p, S);
    if (S->n == 0) die("--load: no samples");
    for (long i = 0; i < S->n; i++) S->game_of[i] = (int)(i * (long)c->games / S->n);
}

/* ------------------------------------------------------------ the network */

typedef struct net {
    int inputs, hidden;
    float *mean, *inv_std, *w1, *b1, *w2, b2;
} net;

static double uniform(gg_rng *rng) { return (double)(gg_rng_next(rng) >> 11) / 9007199254740992.0; }

static void net_init(net *m, const samples *S, int hidden, long train_n, gg_rng *rng)
{
    int in = S->inputs;
    m->inputs = in;
    m->hidden = hidden;
    m->mean = calloc((size_t)in, sizeof(float));
    m->inv_std = calloc((size_t)in, sizeof(float));
    m->w1 = calloc((size_t)(hidden ? hidden : 1) * in, sizeof(float));
    m->b1 = calloc((size_t)(hidden ? hidden : 1), sizeof(float));
    m->w2 = calloc((size_t)(hidden ? hidden : in), sizeof(float));
    m->b2 = 0;
    double *sum = calloc((size_t)in, sizeof(double)), *sq = calloc((size_t)in, sizeof(double));
    long rows = train_n * S->players;
    for (long r = 0; r < rows; r++)
        for (int i = 0; i < in; i++) {
            double x = S->obs[(size_t)r * in + i];
            sum[i] += x;
            sq[i] += x * x;
        }
    for (int i = 0; i < in; i++) {
        double mu = sum[i] / (double)rows, var = sq[i] / (double)rows - mu * mu;
        m->mean[i] = (float)mu;
        m->inv_std[i] = var > 1e-6 ? (float)(1.0 / sqrt(var)) : 0.0f; /* constant: ignored */
    }
    free(sum), free(sq);
    double scale = 1.0 / sqrt((double)in);
    for (long i = 0; i < (long)(hidden ? hidden : 0) * in; i++)
        m->w1[i] = (float)((2 * uniform(rng) - 1) * scale);
    for (int h = 0; h < (hidden ? hidden : in); h++)
        m->w2[h] = (float)((2 * uniform(rng) - 1) * (hidden ? 1.0 / sqrt((double)hidden) : 0.0));
}

/* One seat's score; keeps the normalised input and the hidden activations
 * for the backward pass. */
static double forward(const net *m, const signed char *o, float *x, int *nz, int *k, float *act)
{
    *k = 0;
    for (int i = 0; i < m->inputs; i++) {
        x[i] = ((float)o[i] - m->mean[i]) * m->inv_std[i];
        if (x[i] != 0) nz[(*k)++] = i;
    }
    double z = m->b2;
    if (!m->hidden) {
        for (int j = 0; j < *k; j++) z += m->w2[nz[j]] * x[nz[j]];
        return z;
    }
    for (int h = 0; h < m->hidden; h++) {
        const float *w = m->w1 + (size_t)h * m->inputs;
        float a = m->b1[h];
        for (int j = 0; j < *k; j++) a += w[nz[j]] * x[nz[j]];
        act[h] = tanhf(a);
        z += m->w2[h] * act[h];
    }
    return z;
}

static void backward(net *m, const float *x, const int *nz, int k, const float *act, double g,
                     double lr)
{
    m->b2 -= (float)(lr * g);
    if (!m->hidden) {
        for (int j = 0; j < k; j++) m->w2[nz[j]] -= (float)(lr * g * x[nz[j]]);
        return;
    }
    for (int h = 0; h < m->hidden; h++) {
        double gh = g * m->w2[h] * (1 - act[h] * act[h]);
        m->w2[h] -= (float)(lr * g * act[h]);
        float *w = m->w1 + (size_t)h * m->inputs;
        for (int j = 0; j < k; j++) w[nz[j]] -= (float)(lr * gh * x[nz[j]]);
        m->b1[h] -= (float)(lr * gh);
    }
}

typedef struct scratch {
    float *x[GG_MAX_SEATS], *act[GG_MAX_SEATS];
    int *nz[GG_MAX_SEATS], k[GG_MAX_SEATS];
} scratch;

/* Cross-entropy of one sample; with lr > 0 also an SGD step. */
static double step(net *m, const samples *S, long i, scratch *w, double lr, int *right)
{
    int n = S->players;
    double z[GG_MAX_SEATS], top = -1e300, sum = 0, loss = 0;
    for (int p = 0; p < n; p++) {
        z[p] = forward(m, S->obs + ((size_t)i * n + p) * S->inputs, w->x[p], w->nz[p], &w->k[p],
                       w->act[p]);
        if (z[p] > top) top = z[p];
    }
    for (int p = 0; p < n; p++) sum += z[p] = exp(z[p] - top);
    int best = 0, won = 0;
    for (int p = 0; p < n; p++) {
        double q = z[p] / sum, y = S->win[i * n + p];
        if (y > 0) loss -= y * log(q > 1e-12 ? q : 1e-12);
        if (q > z[best] / sum) best = p;
        if (y > S->win[i * n + won]) won = p;
        if (lr > 0) backward(m, w->x[p], w->nz[p], w->k[p], w->act[p], q - y, lr);
    }
    if (right) *right += best == won;
    return loss;
}

static double baseline_loss(const samples *S, long from, long to, int *right)
{
    double loss = 0;
    int n = S->players;
    for (long i = from; i < to; i++) {
        double sum = 0;
        int best = 0, won = 0;
        for (int p = 0; p < n; p++) sum += S->base[i * n + p];
        for (int p = 0; p < n; p++) {
            double q = sum > 0 ? S->base[i * n + p] / sum : 1.0 / n, y = S->win[i * n + p];
            if (y > 0) loss -= y * log(q > 1e-12 ? q : 1e-12);
            if (S->base[i * n + p] > S->base[i * n + best]) best = p;
            if (y > S->win[i * n + won]) won = p;
        }
        *right += best == won;
    }
    return loss / (double)(to - from);
}

static void put_array(FILE *f, const char *name, const float *a, long n)
{
    fprintf(f, "%s", name);
    for (long i = 0; i < n; i++) fprintf(f, " %.6g", a[i]);
    fprintf(f, "\n");
}

static void write_net(const cfg *c, const net *m, long samples_n, double val_loss, double base_loss)
{
    FILE *f = fopen(c->out, "w");
    if (!f) die("cannot write the weights file");
    fprintf(f, "gemgames-value 1\n");
    fprintf(f, "# trained by: train_value --game %s --players %d --games %d --seed %llu --hidden %d "
               "--epochs %d --lr %g --every %d --epsilon %g --policy %s\n",
            c->game, c->players, c->games, (unsigned long long)c->seed, c->hidden, c->epochs,
            c->lr, c->every, c->epsilon, c->policy);
    if (c->load) fprintf(f, "# from the samples of: --load %s\n", c->load);
    fprintf(f, "# %ld samples; held-out cross-entropy %.4f (the game's own evaluation: %.4f)\n",
            samples_n, val_loss, base_loss);
    fprintf(f, "game %s\nplayers %d\ninputs %d\nhidden %d\n", c->game, c->players, m->inputs,
            m->hidden);
    put_array(f, "mean", m->mean, m->inputs);
    put_array(f, "inv_std", m->inv_std, m->inputs);
    if (m->hidden) {
        put_array(f, "w1", m->w1, (long)m->hidden * m->inputs);
        put_array(f, "b1", m->b1, m->hidden);
    }
    put_array(f, "w2", m->w2, m->hidden ? m->hidden : m->inputs);
    fprintf(f, "b2 %.6g\n", m->b2);
    if (fclose(f)) die("cannot write the weights file");
}

int main(int argc, char **argv)
{
    cfg c;
    parse(argc, argv, &c);
    const gg_game *game = gg_game_find(c.game);
    if (!game) die("unknown game");
    if (c.players < gg_game_min_players(game) || c.players > gg_game_max_players(game))
        die("no such player count for this game");
    gg_rollout_policy pol = NULL;
    gg_rollout_pick pick = NULL;
    if (!c.policy) c.policy = game->ai && game->ai->light ? "light" : "heuristic";
    if (!strcmp(c.policy, "light")) {
        pol = game->ai ? game->ai->light : NULL;
        pick = game->ai ? game->ai->light_pick : NULL;
    }
    else if (!strcmp(c.policy, "heuristic")) pol = gg_heuristic_policy(game);
    else if (strcmp(c.policy, "random") && strncmp(c.policy, "bot:", 4)) usage();
    samples S = {.players = c.players, .inputs = gg_value_inputs(game, c.players)};
    if (S.inputs <= 0) die("this game has no encoding for learning");
    if (c.load) load_all(&c, &S);
    else self_play(&c, game, pol, pick, &S);
    if (c.data) write_data(&c, &S);
    long train_n = 0;
    int held_from = c.games - c.games / 10;
    while (train_n < S.n && S.game_of[train_n] < held_from) train_n++;
    fprintf(stderr, "train_value: %ld samples from %d games (%ld for training, %ld held out)\n",
            S.n, c.games, train_n, S.n - train_n);
    gg_rng rng;
    gg_rng_seed(&rng, c.seed ^ 0x747261696eull);
    net m;
    net_init(&m, &S, c.hidden, train_n, &rng);
    scratch w;
    for (int p = 0; p < c.players; p++) {
        w.x[p] = malloc(sizeof(float) * (size_t)S.inputs);
        w.nz[p] = malloc(sizeof(int) * (size_t)S.inputs);
        w.act[p] = malloc(sizeof(float) * (size_t)(c.hidden + 1));
    }
    long *order = malloc(sizeof(long) * (size_t)(train_n ? train_n : 1));
    for (long i = 0; i < train_n; i++) order[i] = i;
    int base_right = 0;
    double base = baseline_loss(&S, train_n, S.n, &base_right), val = 0;
    for (int e = 0; e < c.epochs; e++) {
        for (long i = train_n - 1; i > 0; i--) {
            long j = (long)gg_rng_below(&rng, (uint32_t)(i + 1)), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        double lr = c.lr / (1 + e), train = 0;
        for (long i = 0; i < train_n; i++) train += step(&m, &S, order[i], &w, lr, NULL);
        int right = 0;
        val = 0;
        for (long i = train_n; i < S.n; i++) val += step(&m, &S, i, &w, 0, &right);
        val /= (double)(S.n - train_n);
        fprintf(stderr,
                "epoch %d: training loss %.4f, held-out loss %.4f (winner picked %.1f%%); "
                "the game's evaluation %.4f (%.1f%%)\n",
                e + 1, train / (double)train_n, val, 100.0 * right / (double)(S.n - train_n), base,
                100.0 * base_right / (double)(S.n - train_n));
    }
    write_net(&c, &m, S.n, val, base);
    for (int p = 0; p < c.players; p++) {
        free(w.x[p]);
        free(w.nz[p]);
        free(w.act[p]);
    }
    free(order);
    free(m.mean);
    free(m.inv_std);
    free(m.w1);
    free(m.b1);
    free(m.w2);
    free(S.obs);
    free(S.win);
    free(S.base);
    free(S.game_of);
    return 0;
}
