/* cmd_selfplay.c — `gemgames selfplay`: bots play each other; summary out. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "par.h"

typedef struct selfplay_args {
    cli_table table;
    long games;
    const char *bots;
    const char *records;
    int threads;
} selfplay_args;

/* Splits "a,b,c" into one spec per seat; a single spec fills every seat. */
static int seat_specs(const char *list, int players, char specs[GG_MAX_SEATS][128])
{
    int n = 0;
    const char *p = list;
    while (n < GG_MAX_SEATS) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0 || len >= 128) return -1;
        memcpy(specs[n], p, len);
        specs[n++][len] = '\0';
        if (!comma) break;
        p = comma + 1;
    }
    if (n == 1)
        for (int i = 1; i < players; i++) strcpy(specs[i], specs[0]);
    else if (n != players)
        return -1;
    return 0;
}

/* Plays one game to the end with one bot per seat; optionally records it. */
static int play_one(const selfplay_args *a, uint64_t seed, gg_bot **bots, gg_result *res,
                    long *decisions, gg_record *rec)
{
    gg_error err;
    gg_state *s = gg_new(a->table.game, &a->table.opts, seed, &err);
    if (!s) return cli_error("%s", err.msg);
    long played = 0;
    while (!gg_is_over(s) && !gg_length_reached(s, played)) { /* G-1: bots only */
        int seats[GG_MAX_SEATS];
        int n = gg_actors(s, seats);
        for (int i = 0; i < n; i++) {
            gg_action act;
            if (gg_bot_choose(bots[seats[i]], s, seats[i], &act, &err) != GG_OK ||
                (rec && gg_record_add(rec, s, seats[i], act) != GG_OK) ||
                gg_apply(s, seats[i], act, &err) != GG_OK) {
                gg_free(s);
                return cli_error(_("seed %llu: seat %d: %s"), (unsigned long long)seed, seats[i],
                                 err.msg);
            }
            (*decisions)++;
            played++;
        }
    }
    gg_result_adjudicate(s, res);
    gg_free(s);
    return 0;
}

static int write_record(const char *dir, long index, const char *json)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%05ld.json", dir, index);
    FILE *f = fopen(path, "w");
    if (!f) return cli_error(_("cannot write %s"), path);
    fputs(json, f);
    fputc('\n', f);
    return fclose(f) ? cli_error(_("cannot write %s"), path) : 0;
}

/* The games spread over threads (par.h): each thread has its own bots,
 * reseeded from the game's number before every game, so a game is played
 * the same on any thread; results and records are taken in game order. */
typedef struct game_out {
    gg_result res;
    long decisions;
    char *record; /* with --records: the record's JSON */
} game_out;

typedef struct selfplay_run {
    const selfplay_args *a;
    int players;
    gg_bot *(*bots)[GG_MAX_SEATS]; /* [thread][seat] */
    game_out *out;                  /* [slot] */
    long wins[GG_MAX_SEATS], decisions, adjudicated;
    double score[GG_MAX_SEATS];
} selfplay_run;

/* A seat's bot seed in game g: game 0 has the seed bots had before games
 * were spread over threads (S * 31 + seat). */
static uint64_t bot_seed(uint64_t seed, int seat, long g)
{
    return (seed * 31 + (uint64_t)seat) ^ ((uint64_t)g * 0x9e3779b97f4a7c15ULL);
}

static int selfplay_game(void *ctx, int thread, int slot, long g)
{
    selfplay_run *r = ctx;
    const selfplay_args *a = r->a;
    game_out *o = &r->out[slot];
    uint64_t seed = a->table.seed + (uint64_t)g;
    for (int p = 0; p < r->players; p++) gg_bot_reseed(r->bots[thread][p], bot_seed(a->table.seed, p, g));
    gg_record *rec = a->records ? gg_record_new(a->table.game, &a->table.opts, seed) : NULL;
    o->decisions = 0;
    o->record = NULL;
    int rc = play_one(a, seed, r->bots[thread], &o->res, &o->decisions, rec);
    if (!rc && rec && !(o->record = gg_record_json(rec))) rc = cli_error(_("out of memory"));
    gg_record_free(rec);
    return rc;
}

static int selfplay_take(void *ctx, int slot, long g)
{
    selfplay_run *r = ctx;
    game_out *o = &r->out[slot];
    int rc = o->record ? write_record(r->a->records, g, o->record) : 0;
    free(o->record);
    o->record = NULL;
    r->decisions += o->decisions;
    r->adjudicated += o->res.adjudicated;
    for (int p = 0; p < r->players; p++) {
        r->score[p] += o->res.score[p];
        if (o->res.rank[p] == 1) r->wins[p]++;
    }
    return rc;
}

enum { OPT_PLAYERS, OPT_GAMES, OPT_SEED, OPT_BOTS, OPT_RECORDS, OPT_OPTION, OPT_THREADS };
static const cli_opt selfplay_opts[] = {
    [OPT_PLAYERS] = {"players", "N", N_("seats at the table (default: the game's fewest)")},
    [OPT_GAMES] = {"games", "M", N_("games to play (default 100)")},
    [OPT_SEED] = {"seed", "S", N_("seed of the first game; game g has S+g (default 1)")},
    [OPT_BOTS] = {"bots", "SPEC", N_("one bot spec for all, or one per seat (default random)")},
    [OPT_RECORDS] = {"records", "DIR", N_("write each game's record to DIR/game-NNNNN.json")},
    [OPT_OPTION] = {"option", "K=V", N_("a table option of the game (repeatable; docs/formats.md)")},
    [OPT_THREADS] = {"threads", "N", N_("threads playing the games (default: every core); same results")},
    {NULL, NULL, NULL}};

const cli_spec cli_selfplay_spec = {
    "selfplay", "GAME [OPTION]...",
    N_("Bots play each other; prints each seat's wins and average score."), selfplay_opts,
    N_("example: gemgames selfplay splendor --players 3 --games 1000 --bots heuristic")};

/* GAME first (the table flags need the game), then every option in order. */
static int parse_args(selfplay_args *a, int argc, char **argv)
{
    cli_parser p;
    const char *v;
    int k, n_opts = 0;
    struct { int k; const char *v; } given[64];
    cli_opts_begin(&p, &cli_selfplay_spec, argc, argv);
    while ((k = cli_opts_next(&p, &v)) >= 0) {
        if (n_opts == 64) return cli_usage_error(&cli_selfplay_spec, _("too many options"));
        given[n_opts].k = k;
        given[n_opts++].v = v;
    }
    if (k == CLI_OPTS_EXIT) return p.status ? p.status : -1;
    char **games;
    int n = cli_opts_operands(&p, &games);
    if (n != 1) return cli_usage_error(&cli_selfplay_spec, _("give one GAME"));
    if (cli_table_init(&a->table, games[0])) return 2;
    a->games = 100;
    a->bots = "random";
    a->table.seed = 1;
    a->threads = cli_threads_default();
    for (int i = 0; i < n_opts; i++) {
        v = given[i].v;
        switch (given[i].k) {
        case OPT_GAMES:
            if (cli_parse_int(v, 1, 100000000, &a->games))
                return cli_usage_error(&cli_selfplay_spec, _("--games takes a positive whole number"));
            break;
        case OPT_BOTS: a->bots = v; break;
        case OPT_RECORDS: a->records = v; break;
        case OPT_THREADS:
            if (cli_parse_threads(v, &a->threads))
                return cli_usage_error(&cli_selfplay_spec, _("--threads takes a number from 1 to %d"),
                                       CLI_MAX_THREADS);
            break;
        default:
            if (cli_table_opt(&a->table, cli_selfplay_spec.opts[given[i].k].name, v)) return 2;
        }
    }
    return 0;
}

int cmd_selfplay(int argc, char **argv)
{
    selfplay_args a;
    memset(&a, 0, sizeof a);
    int rc = parse_args(&a, argc, argv);
    if (rc) return rc < 0 ? 0 : rc;
    int players = a.table.opts.players;
    char specs[GG_MAX_SEATS][128];
    if (seat_specs(a.bots, players, specs))
        return cli_error(_("--bots takes one spec or one per seat (%d), comma-separated"), players);
    if (a.records) mkdir(a.records, 0777);
    int threads = a.threads < a.games ? a.threads : (int)a.games;
    selfplay_run r = {.a = &a, .players = players};
    r.bots = calloc((size_t)threads, sizeof *r.bots);
    r.out = calloc((size_t)cli_par_slots(threads), sizeof *r.out);
    if (!r.bots || !r.out) rc = cli_error(_("out of memory"));
    gg_error err;
    for (int t = 0; t < threads && !rc; t++)
        for (int i = 0; i < players && !rc; i++)
            if (!(r.bots[t][i] = gg_bot_new(specs[i], a.table.seed * 31 + (uint64_t)i, &err)))
                rc = cli_error("%s", err.msg);
    if (!rc) rc = cli_par_run(a.games, threads, selfplay_game, selfplay_take, &r);
    long *wins = r.wins, decisions = r.decisions, adjudicated = r.adjudicated;
    double *score = r.score;
    if (!rc) {
        printf("%s, %d players, %ld games from seed %llu, %ld decisions\n",
               gg_game_title(a.table.game), players, a.games,
               (unsigned long long)a.table.seed, decisions);
        for (int p = 0; p < players; p++)
            printf("seat %d  %-24s wins %6ld (%5.1f%%)  average score %.2f\n", p, specs[p],
                   wins[p], 100.0 * (double)wins[p] / (double)a.games,
                   score[p] / (double)a.games);
        if (adjudicated)
            printf("%ld games ended by the game-length rule G-1 (docs/rules-notes.md)\n",
                   adjudicated);
    }
    for (int t = 0; r.bots && t < threads; t++)
        for (int i = 0; i < players; i++) gg_bot_free(r.bots[t][i]);
    for (int i = 0; r.out && i < cli_par_slots(threads); i++) free(r.out[i].record);
    free(r.bots);
    free(r.out);
    return rc ? 1 : 0;
}
