/* cmd_bench.c — `gemgames bench`: random-playout speed and a behaviour
 * signature. A fixed set of seeded games is played by uniform random choice
 * (the choice RNG is seeded from the game seed, independent of the state's
 * own RNG), under the game-length rule G-1 of bots' games (never reached by
 * the bench's games: the checksums did not change when it came); the checksum folds every chosen action and every final score, so
 * it changes only when the rules' behaviour changes (like Stockfish's bench). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "par.h"

/* One thread's share of a run: games, decisions, and the seconds it spent
 * playing them. */
typedef struct thread_run {
    long games, decisions;
    double seconds;
} thread_run;

typedef struct bench_run {
    const gg_game *game;
    int threads;
    thread_run *per_thread; /* [threads] */
    int players;
    long games;
    long decisions;
    double seconds;
    uint64_t checksum;
} bench_run;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* FNV-1a over 64-bit words (eight bytes each, lowest first). */
#define FNV_PRIME 0x100000001b3ULL
static uint64_t fold(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= FNV_PRIME;
    }
    return h;
}

/* fold(h, a) for an action, in fewer steps (the bench runs it per decision):
 * an action is 32 bits, so its four high bytes are zero, and for those FNV-1a
 * only multiplies: four multiplications by the prime are one by its fourth
 * power (all modulo 2^64). The checksums are the same as with fold(). */
_Static_assert(sizeof(gg_action) == 4, "fold_action assumes 32-bit actions");
static uint64_t fold_action(uint64_t h, gg_action a)
{
    h = (h ^ (a & 0xff)) * FNV_PRIME;
    h = (h ^ (a >> 8 & 0xff)) * FNV_PRIME;
    h = (h ^ (a >> 16 & 0xff)) * FNV_PRIME;
    h = (h ^ (a >> 24)) * FNV_PRIME;
    return h * (FNV_PRIME * FNV_PRIME * FNV_PRIME * FNV_PRIME);
}

/* What a threaded run's game leaves for the fold (par.h): its actions and
 * scores in order, each in one word; a score has bit 32 set. */
enum { LOG_SCORE = 1 };
typedef struct fold_log {
    uint64_t *word;
    size_t n, cap;
} fold_log;

static int log_push(fold_log *l, uint64_t w)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 4096;
        uint64_t *p = realloc(l->word, cap * sizeof *p);
        if (!p) return -1;
        l->word = p, l->cap = cap;
    }
    l->word[l->n++] = w;
    return 0;
}

static uint64_t fold_logged(uint64_t h, const fold_log *l)
{
    for (size_t i = 0; i < l->n; i++) {
        uint64_t w = l->word[i];
        h = w >> 32 ? fold(h, (uint64_t)(int64_t)(int32_t)(uint32_t)w) : fold_action(h, (gg_action)w);
    }
    return h;
}

/* gg_rng_below(rng, n) whose first draw x = gg_rng_next(rng) is already
 * made: the same number from the same generator (gemgames.h). */
static inline uint32_t below_drawn(uint64_t x, gg_rng *rng, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(x >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while ((uint32_t)m < threshold) m = (uint64_t)(uint32_t)(gg_rng_next(rng) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

/* Plays one random game from `seed`; returns decisions taken. The checksum
 * stays in a local while playing (a register, not a store and a load around
 * every call). With `log` (a threaded run) the actions and scores are
 * written there instead, to be folded in game order (always inlined, so the
 * one-thread loop has no test of `log`). */
static inline __attribute__((always_inline)) long
playout_to(gg_state *s, uint64_t seed, uint64_t *checksum, fold_log *log)
{
    gg_action legal[GG_MAX_ACTIONS];
    gg_rng choice;
    gg_rng_seed(&choice, seed ^ 0x5bd1e995ULL);
    /* the same choice either way: the game builds only the chosen action, or
     * the list is written here and the same draw indexes it */
    const int pick = gg_game_has_legal_random(gg_state_game(s));
    long decisions = 0, limit = gg_length_limit(gg_state_game(s), gg_players(s));
    uint64_t h = *checksum;
    for (;;) {
        int seats[GG_MAX_SEATS];
        int n = gg_actors(s, seats); /* 0 once the game is over (gemgames.h) */
        if (n == 0 || decisions >= limit) break; /* rule G-1: bots only here */
        for (int i = 0; i < n; i++) {
            gg_action a = 0;
            /* the draw is made before the list is built (the generator
             * does not depend on the game), so that its mixing runs while
             * the list is built rather than after it */
            uint64_t x = pick ? 0 : gg_rng_next(&choice);
            int k = pick ? gg_legal_random(s, seats[i], &choice, &a) : gg_legal(s, seats[i], legal);
            if (k <= 0) {
                cli_error(_("bench: seat %d must act but has no legal action (seed %llu)"),
                          seats[i], (unsigned long long)seed);
                exit(1);
            }
            if (!pick) a = legal[below_drawn(x, &choice, (uint32_t)k)];
            if (log) {
                if (log_push(log, a)) exit(cli_error(_("out of memory")));
            } else {
                h = fold_action(h, a);
            }
            gg_apply_trusted(s, seats[i], a);
            decisions++;
        }
    }
    if (!gg_is_over(s) && decisions < limit) {
        cli_error(_("bench: no seat is to act but the game is not over (seed %llu)"),
                  (unsigned long long)seed);
        exit(1);
    }
    gg_result r;
    gg_result_adjudicate(s, &r); /* the plain result unless G-1 ended it */
    for (int p = 0; p < r.players; p++) {
        if (!log) h = fold(h, (uint64_t)(int64_t)r.score[p]);
        else if (log_push(log, (uint64_t)LOG_SCORE << 32 | (uint32_t)r.score[p]))
            exit(cli_error(_("out of memory")));
    }
    *checksum = h;
    return decisions;
}

static long playout(gg_state *s, uint64_t seed, uint64_t *checksum)
{
    return playout_to(s, seed, checksum, NULL);
}

static long playout_logged(gg_state *s, uint64_t seed, fold_log *log)
{
    uint64_t unused = 0;
    return playout_to(s, seed, &unused, log);
}

static uint64_t game_seed(long g) { return 1000003ULL * (uint64_t)(g + 1); }

static int bench_one(bench_run *run, const gg_options *opts)
{
    gg_error err;
    run->checksum = 0xcbf29ce484222325ULL;
    run->decisions = 0;
    double t0 = now_seconds();
    for (long g = 0; g < run->games; g++) {
        uint64_t seed = game_seed(g);
        /* Set-up (allocation and the shuffles) is timed too: it is part of
         * every game a playout plays (about 8% of the instructions). */
        gg_state *s = gg_new(run->game, opts, seed, &err);
        if (!s) return cli_error(_("bench: %s"), err.msg);
        run->decisions += playout(s, seed, &run->checksum);
        gg_free(s);
    }
    run->seconds = now_seconds() - t0;
    run->per_thread[0] = (thread_run){run->games, run->decisions, run->seconds};
    return 0;
}

/* A threaded run (--threads N > 1): runs of BENCH_CHUNK games are the items
 * par.h spreads; each leaves its fold_log in its slot, and the fold runs in
 * game order on the main thread, so the checksum is the one-thread run's. */
enum { BENCH_CHUNK = 64 };
typedef struct bench_par {
    bench_run *run;
    const gg_options *opts;
    fold_log *logs;  /* per slot */
    long *decisions; /* per slot */
} bench_par;

static int bench_chunk(void *ctx, int thread, int slot, long item)
{
    bench_par *b = ctx;
    fold_log *log = &b->logs[slot];
    log->n = 0;
    double t0 = now_seconds();
    long from = item * BENCH_CHUNK, to = from + BENCH_CHUNK, decisions = 0;
    if (to > b->run->games) to = b->run->games;
    for (long g = from; g < to; g++) {
        gg_error err;
        gg_state *s = gg_new(b->run->game, b->opts, game_seed(g), &err);
        if (!s) return cli_error(_("bench: %s"), err.msg);
        decisions += playout_logged(s, game_seed(g), log);
        gg_free(s);
    }
    b->decisions[slot] = decisions;
    thread_run *t = &b->run->per_thread[thread]; /* this thread's own */
    t->games += to - from;
    t->decisions += decisions;
    t->seconds += now_seconds() - t0;
    return 0;
}

static int bench_fold(void *ctx, int slot, long item)
{
    (void)item;
    bench_par *b = ctx;
    b->run->checksum = fold_logged(b->run->checksum, &b->logs[slot]);
    b->run->decisions += b->decisions[slot];
    return 0;
}

static int bench_threaded(bench_run *run, const gg_options *opts)
{
    int slots = cli_par_slots(run->threads);
    bench_par b = {run, opts, calloc((size_t)slots, sizeof *b.logs),
                   calloc((size_t)slots, sizeof *b.decisions)};
    int rc = !b.logs || !b.decisions ? cli_error(_("out of memory")) : 0;
    run->checksum = 0xcbf29ce484222325ULL;
    run->decisions = 0;
    double t0 = now_seconds();
    if (!rc)
        rc = cli_par_run((run->games + BENCH_CHUNK - 1) / BENCH_CHUNK, run->threads, bench_chunk,
                         bench_fold, &b);
    run->seconds = now_seconds() - t0;
    for (int i = 0; b.logs && i < slots; i++) free(b.logs[i].word);
    free(b.logs);
    free(b.decisions);
    return rc;
}

/* Games a run plays when --games is not given: about half a second on the
 * 2-core reference machine, so that the plain `gemgames bench --game G
 * --players N` is a measurement (a 5 ms run mostly measures the warm-up)
 * and the signature covers a broad set of deals. */
static long default_games(const gg_game *game)
{
    static const struct {
        const char *game;
        long games;
    } defaults[] = {{"splendor", 100000}, {"ys", 20000}};
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
        if (!strcmp(gg_game_name(game), defaults[i].game)) return defaults[i].games;
    return 1000;
}

static void print_run(const bench_run *r)
{
    printf("%-9s %dp  %7ld games  %10ld decisions  %7.3fs  %10.0f games/s  %12.0f "
           "decisions/s  checksum %016llx\n",
           gg_game_name(r->game), r->players, r->games, r->decisions, r->seconds,
           r->games / r->seconds, r->decisions / r->seconds, (unsigned long long)r->checksum);
    for (int t = 0; r->threads > 1 && t < r->threads; t++) {
        const thread_run *x = &r->per_thread[t];
        printf("  thread %d  %7ld games  %10ld decisions  %7.3fs  %12.0f decisions/s\n", t + 1,
               x->games, x->decisions, x->seconds, x->seconds > 0 ? x->decisions / x->seconds : 0);
    }
}

static cJSON *run_json(const bench_run *r)
{
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)r->checksum);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "game", gg_game_name(r->game));
    cJSON_AddNumberToObject(o, "players", r->players);
    cJSON_AddNumberToObject(o, "games", (double)r->games);
    cJSON_AddNumberToObject(o, "decisions", (double)r->decisions);
    cJSON_AddNumberToObject(o, "seconds", r->seconds);
    cJSON_AddNumberToObject(o, "games_per_s", r->games / r->seconds);
    cJSON_AddNumberToObject(o, "decisions_per_s", r->decisions / r->seconds);
    cJSON_AddStringToObject(o, "checksum", hex);
    cJSON_AddNumberToObject(o, "threads", r->threads);
    cJSON *arr = cJSON_AddArrayToObject(o, "per_thread");
    for (int t = 0; t < r->threads; t++) {
        const thread_run *x = &r->per_thread[t];
        cJSON *p = cJSON_CreateObject();
        cJSON_AddNumberToObject(p, "games", (double)x->games);
        cJSON_AddNumberToObject(p, "decisions", (double)x->decisions);
        cJSON_AddNumberToObject(p, "seconds", x->seconds);
        cJSON_AddNumberToObject(p, "decisions_per_s", x->seconds > 0 ? x->decisions / x->seconds : 0);
        cJSON_AddItemToArray(arr, p);
    }
    return o;
}

enum { OPT_GAME, OPT_PLAYERS, OPT_GAMES, OPT_JSON, OPT_OPTION, OPT_THREADS };
static const cli_opt bench_opts[] = {
    [OPT_GAME] = {"game", "G", N_("only this game (default: every game)")},
    [OPT_PLAYERS] = {"players", "N", N_("only this player count (default: every count)")},
    [OPT_GAMES] = {"games", "M", N_("games a run plays (default: Splendor 100000, Ys 20000)")},
    [OPT_JSON] = {"json", NULL, N_("the runs and the checksum as JSON (docs/formats.md)")},
    [OPT_OPTION] = {"option", "K=V", N_("a table option of --game (repeatable)")},
    [OPT_THREADS] = {"threads", "N", N_("threads playing the games (default: every core); same checksums")},
    {NULL, NULL, NULL}};

const cli_spec cli_bench_spec = {
    "bench", "[OPTION]...",
    N_("Plays seeded games by uniform random choice and prints the speed (decisions a\n"
    "second) and a checksum of every choice and score, which changes only when the\n"
    "rules' behaviour changes (docs/performance.md)."),
    bench_opts, NULL};

typedef struct bench_args {
    const char *game_name;
    long players, games;
    int json, threads;
    cli_table table; /* with --option: the options given */
    int table_ready;
} bench_args;

/* Returns 0, or the exit code (-1 for 0 after --help/--version). */
static int parse_bench_args(bench_args *a, int argc, char **argv)
{
    cli_parser p;
    const char *v, *options[32];
    int k, n_options = 0;
    cli_opts_begin(&p, &cli_bench_spec, argc, argv);
    while ((k = cli_opts_next(&p, &v)) >= 0) {
        switch (k) {
        case OPT_GAME: a->game_name = v; break;
        case OPT_PLAYERS:
            if (cli_parse_int(v, 1, GG_MAX_SEATS, &a->players))
                return cli_usage_error(&cli_bench_spec, _("--players needs a number from 1 to %d"),
                                       GG_MAX_SEATS);
            break;
        case OPT_GAMES:
            if (cli_parse_int(v, 1, 100000000, &a->games))
                return cli_usage_error(&cli_bench_spec, _("--games needs a positive number"));
            break;
        case OPT_JSON: a->json = 1; break;
        case OPT_THREADS:
            if (cli_parse_threads(v, &a->threads))
                return cli_usage_error(&cli_bench_spec, _("--threads needs a number from 1 to %d"),
                                       CLI_MAX_THREADS);
            break;
        case OPT_OPTION:
            if (n_options == 32) return cli_usage_error(&cli_bench_spec, _("too many --option"));
            options[n_options++] = v;
            break;
        }
    }
    if (k == CLI_OPTS_EXIT) return p.status ? p.status : -1;
    char **rest;
    if (cli_opts_operands(&p, &rest) > 0)
        return cli_usage_error(&cli_bench_spec, _("unexpected operand '%s'"), rest[0]);
    if (a->game_name && !gg_game_find(a->game_name))
        return cli_error(_("unknown game \"%s\""), a->game_name);
    if (n_options && !a->game_name) return cli_usage_error(&cli_bench_spec, _("--option needs --game"));
    if (n_options && cli_table_init(&a->table, a->game_name)) return 2;
    for (int i = 0; i < n_options; i++)
        if (cli_table_opt(&a->table, "option", options[i])) return 2;
    a->table_ready = n_options > 0;
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    bench_args a = {0};
    a.threads = cli_threads_default();
    int rc = parse_bench_args(&a, argc, argv);
    if (rc) return rc < 0 ? 0 : rc;
    const char *game_name = a.game_name;
    long players = a.players, games = a.games;
    int json = a.json, table_ready = a.table_ready;
    const cli_table table = a.table;

    bench_run runs[16];
    thread_run per_thread[16][CLI_MAX_THREADS];
    memset(per_thread, 0, sizeof per_thread);
    int n_runs = 0;
    uint64_t total = 0xcbf29ce484222325ULL;
    for (int gi = 0; gi < gg_game_count(); gi++) {
        const gg_game *game = gg_game_at(gi);
        if (game_name && strcmp(game_name, gg_game_name(game))) continue;
        for (int p = gg_game_min_players(game); p <= gg_game_max_players(game); p++) {
            if (players && p != players) continue;
            if (n_runs == 16) break;
            gg_options opts;
            if (table_ready) opts = table.opts;
            gg_options_init(&opts, game, p);
            if (table_ready) memcpy(opts.value, table.opts.value, sizeof opts.value);
            bench_run *r = &runs[n_runs];
            r->game = game;
            r->players = p;
            r->games = games ? games : default_games(game);
            r->threads = a.threads;
            r->per_thread = per_thread[n_runs];
            if (r->threads == 1 ? bench_one(r, &opts) : bench_threaded(r, &opts)) return 1;
            total = fold(total, r->checksum);
            if (!json) print_run(r);
            n_runs++;
        }
    }
    if (n_runs == 0) return cli_error(_("bench: nothing to run for those options"));
    if (json) {
        cJSON *o = cJSON_CreateObject();
        cJSON *arr = cJSON_AddArrayToObject(o, "runs");
        for (int i = 0; i < n_runs; i++) cJSON_AddItemToArray(arr, run_json(&runs[i]));
        char hex[17];
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)total);
        cJSON_AddStringToObject(o, "checksum", hex);
        char *text = cJSON_Print(o);
        puts(text);
        free(text);
        cJSON_Delete(o);
    } else {
        printf("bench signature %016llx\n", (unsigned long long)total);
    }
    return 0;
}
