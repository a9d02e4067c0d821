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

typedef struct bench_run {
    const gg_game *game;
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

/* Plays one random game from `seed`; returns decisions taken. The checksum
 * stays in a local while playing (a register, not a store and a load around
 * every call). */
static long playout(gg_state *s, uint64_t seed, uint64_t *checksum)
{
    gg_action legal[GG_MAX_ACTIONS];
    gg_rng choice;
    gg_rng_seed(&choice, seed ^ 0x5bd1e995ULL);
    long decisions = 0, limit = gg_length_limit(gg_state_game(s), gg_players(s));
    uint64_t h = *checksum;
    for (;;) {
        int seats[GG_MAX_SEATS];
        int n = gg_actors(s, seats); /* 0 once the game is over (gemgames.h) */
        if (n == 0 || decisions >= limit) break; /* rule G-1: bots only here */
        for (int i = 0; i < n; i++) {
            int k = gg_legal(s, seats[i], legal);
            if (k <= 0) {
                cli_error("bench: seat %d must act but has no legal action (seed %llu)",
                          seats[i], (unsigned long long)seed);
                exit(1);
            }
            gg_action a = legal[gg_rng_below(&choice, (uint32_t)k)];
            h = fold_action(h, a);
            gg_apply_trusted(s, seats[i], a);
            decisions++;
        }
    }
    if (!gg_is_over(s) && decisions < limit) {
        cli_error("bench: no seat is to act but the game is not over (seed %llu)",
                  (unsigned long long)seed);
        exit(1);
    }
    gg_result r;
    gg_result_adjudicate(s, &r); /* the plain result unless G-1 ended it */
    for (int p = 0; p < r.players; p++) h = fold(h, (uint64_t)(int64_t)r.score[p]);
    *checksum = h;
    return decisions;
}

static int bench_one(bench_run *run, const gg_options *opts)
{
    gg_error err;
    run->checksum = 0xcbf29ce484222325ULL;
    run->decisions = 0;
    double t0 = now_seconds();
    for (long g = 0; g < run->games; g++) {
        uint64_t seed = 1000003ULL * (uint64_t)(g + 1);
        /* Set-up (allocation and the shuffles) is timed too: it is part of
         * every game a playout plays (about 8% of the instructions). */
        gg_state *s = gg_new(run->game, opts, seed, &err);
        if (!s) return cli_error("bench: %s", err.msg);
        run->decisions += playout(s, seed, &run->checksum);
        gg_free(s);
    }
    run->seconds = now_seconds() - t0;
    return 0;
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
    return o;
}

int cmd_bench(int argc, char **argv)
{
    const char *game_name = NULL;
    long players = 0, games = 0;
    int json = 0;
    cli_table table = {0};
    int table_ready = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (cli_flag_is(argv[i], "--game")) {
            if (!(v = cli_flag_value(argc, argv, &i))) return 2;
            game_name = v;
        } else if (cli_flag_is(argv[i], "--players")) {
            if (!(v = cli_flag_value(argc, argv, &i)) || cli_parse_int(v, 1, GG_MAX_SEATS, &players))
                return cli_error("--players needs a number from 1 to %d", GG_MAX_SEATS);
        } else if (cli_flag_is(argv[i], "--games")) {
            if (!(v = cli_flag_value(argc, argv, &i)) || cli_parse_int(v, 1, 100000000, &games))
                return cli_error("--games needs a positive number");
        } else if (!strcmp(argv[i], "--json")) {
            json = 1;
        } else if (cli_flag_is(argv[i], "--option")) {
            if (!game_name) return cli_error("give --game before --option");
            if (!table_ready && cli_table_init(&table, game_name)) return 2;
            table_ready = 1;
            if (cli_table_flag(&table, argc, argv, &i) < 0) return 2;
        } else {
            return cli_error("bench: unknown argument \"%s\"", argv[i]);
        }
    }
    if (game_name && !gg_game_find(game_name)) return cli_error("unknown game \"%s\"", game_name);

    bench_run runs[16];
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
            if (bench_one(r, &opts)) return 1;
            total = fold(total, r->checksum);
            if (!json) print_run(r);
            n_runs++;
        }
    }
    if (n_runs == 0) return cli_error("bench: nothing to run for those options");
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
