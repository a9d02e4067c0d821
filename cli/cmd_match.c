/*
 * cmd_match.c — `gemgames match`: a bot tournament with seat rotation.
 *
 *   gemgames match --game G --players N --games M --bots A,B,... [--json]
 *                  [--seed S] [--records DIR] [--option K=V]... [--progress]
 *   gemgames match --combine FILE... [--json]
 *
 * Entrants. --bots lists one spec per seat (fewer: the last one fills the
 * rest), so "heuristic,random" at 4 players is heuristic against 3 random.
 * Entrant i sits at seat (i + g) mod N in game g: games come in blocks of N
 * that share one seed (the same deal) with every entrant moved one seat on,
 * so every entrant plays every seat equally often when M is a multiple of N
 * (M is rounded up to one). Game g has seed S + g / N.
 *
 * Results, per distinct spec (entrants with the same spec pooled):
 *   win share  a game's winners share 1 (ties split); the mean over games
 *              of the group's average share, with a 95% Wilson interval
 *              (parity is 1/N);
 *   score      the mean final score;
 *   Elo        against the first spec: from the pairwise score p (1 for
 *              finishing ahead of a first-spec entrant, 1/2 for a tie),
 *              Elo = 400 log10(p / (1 - p)), its interval from p's.
 * The --json form is documented in docs/bots.md and is stable.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "bots/bot.h"
#include "cli.h"

enum { SPEC_LEN = 256 };

typedef struct match_args {
    cli_table table;
    const char *game;
    long games;
    const char *bots;
    const char *records;
    int json, progress;
} match_args;

typedef struct group {
    char spec[SPEC_LEN];
    int entrants;
    double share_sum, share_sq;   /* per game: the group's mean share */
    double score_sum;             /* over entrant-games */
    double pair_sum, pair_sq;     /* per game: mean pairwise score vs group 0 */
    long pair_games;
    double think_ms;              /* time spent choosing (wall clock) */
    double cpu_ms;                /* CPU time spent choosing (this process) */
    long decisions;
    long searched;                /* decisions that ran a search (not forced) */
    long iterations;              /* ISMCTS iterations (search bots only) */
} group;

typedef struct game_row {
    uint64_t seed;
    int seat_entrant[GG_MAX_SEATS];
    gg_result res;
} game_row;

typedef struct match {
    int players;
    char specs[GG_MAX_SEATS][SPEC_LEN];
    int group_of[GG_MAX_SEATS]; /* entrant -> group */
    group groups[GG_MAX_SEATS];
    int n_groups;
    long seat_count[GG_MAX_SEATS][GG_MAX_SEATS]; /* [entrant][seat] */
    game_row *rows;
    long games;
} match;

/* ---------------------------------------------------------- arguments */

static int parse_args(match_args *a, int argc, char **argv)
{
    const char *game = NULL;
    /* the game first, so table flags can be checked against it */
    for (int i = 1; i < argc; i++) {
        if (cli_flag_is(argv[i], "--game")) {
            int j = i;
            if (!(game = cli_flag_value(argc, argv, &j))) return 2;
        }
    }
    if (!game) return cli_error("match: --game G is required");
    if (cli_table_init(&a->table, game)) return 2;
    a->games = 0;
    for (int i = 1; i < argc; i++) {
        int r = cli_table_flag(&a->table, argc, argv, &i);
        const char *v;
        if (r < 0) return 2;
        if (r) continue;
        if (cli_flag_is(argv[i], "--game")) {
            if (!cli_flag_value(argc, argv, &i)) return 2;
        } else if (cli_flag_is(argv[i], "--games")) {
            if (!(v = cli_flag_value(argc, argv, &i)) || cli_parse_int(v, 1, 10000000, &a->games))
                return cli_error("--games takes a positive whole number");
        } else if (cli_flag_is(argv[i], "--bots")) {
            if (!(a->bots = cli_flag_value(argc, argv, &i))) return 2;
        } else if (cli_flag_is(argv[i], "--records")) {
            if (!(a->records = cli_flag_value(argc, argv, &i))) return 2;
        } else if (cli_flag_is(argv[i], "--json")) {
            a->json = 1;
        } else if (cli_flag_is(argv[i], "--progress")) {
            a->progress = 1;
        } else {
            return cli_error("match: unknown argument \"%s\"", argv[i]);
        }
    }
    if (!a->games) return cli_error("match: --games M is required");
    if (!a->bots) return cli_error("match: --bots A,B,... is required");
    if (!a->table.seed_given) a->table.seed = 1;
    return 0;
}

/* Splits the --bots list into one spec per entrant and groups equal specs. */
static int split_specs(match *m, const char *list)
{
    int n = 0;
    const char *p = list;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0 || len >= SPEC_LEN)
            return cli_error("--bots: empty or over-long spec in \"%s\"", list);
        if (n == m->players)
            return cli_error("--bots: more specs than the %d seats", m->players);
        memcpy(m->specs[n], p, len);
        m->specs[n++][len] = '\0';
        if (!comma) break;
        p = comma + 1;
    }
    for (; n < m->players; n++) strcpy(m->specs[n], m->specs[n - 1]);
    for (int e = 0; e < m->players; e++) {
        int g = 0;
        while (g < m->n_groups && strcmp(m->groups[g].spec, m->specs[e])) g++;
        if (g == m->n_groups) strcpy(m->groups[m->n_groups++].spec, m->specs[e]);
        m->groups[g].entrants++;
        m->group_of[e] = g;
    }
    return 0;
}

/* ---------------------------------------------------------------- play */

static int write_record(const char *dir, long index, const gg_record *rec, const match *m,
                        const game_row *row)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%05ld.json", dir, index);
    char *json = gg_record_json(rec);
    cJSON *root = cJSON_Parse(json);
    free(json);
    if (!root) return cli_error("cannot format the record of game %ld", index);
    cJSON *bots = cJSON_AddArrayToObject(root, "bots");
    for (int s = 0; s < m->players; s++)
        cJSON_AddItemToArray(bots, cJSON_CreateString(m->specs[row->seat_entrant[s]]));
    if (row->res.adjudicated) cJSON_AddTrueToObject(root, "adjudicated"); /* rule G-1 */
    char *out = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    FILE *f = fopen(path, "w");
    int rc = 0;
    if (!f || fprintf(f, "%s\n", out) < 0) rc = cli_error("cannot write %s", path);
    if (f && fclose(f)) rc = cli_error("cannot write %s", path);
    free(out);
    return rc;
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static double clock_ms(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}
static double now_ms(void) { return clock_ms(CLOCK_MONOTONIC); }
static double cpu_ms(void) { return clock_ms(CLOCK_PROCESS_CPUTIME_ID); }

/* Plays game `g`: entrant e at seat (e + g) mod N. */
static int play_game(const match_args *a, match *m, gg_bot **bots, long g)
{
    game_row *row = &m->rows[g];
    int n = m->players;
    row->seed = a->table.seed + (uint64_t)(g / n);
    for (int e = 0; e < n; e++) {
        int seat = (int)((e + g) % n);
        row->seat_entrant[seat] = e;
        m->seat_count[e][seat]++;
    }
    gg_error err;
    gg_state *s = gg_new(a->table.game, &a->table.opts, row->seed, &err);
    if (!s) return cli_error("%s", err.msg);
    gg_record *rec = a->records ? gg_record_new(a->table.game, &a->table.opts, row->seed) : NULL;
    int rc = 0;
    long decisions = 0;
    while (!rc && !gg_is_over(s) && !gg_length_reached(s, decisions)) { /* G-1: bots only */
        int seats[GG_MAX_SEATS];
        int k = gg_actors(s, seats);
        for (int i = 0; i < k && !rc; i++) {
            int e = row->seat_entrant[seats[i]];
            gg_action act;
            group *G = &m->groups[m->group_of[e]];
            double t0 = now_ms(), c0 = cpu_ms();
            gg_status st = gg_bot_choose(bots[e], s, seats[i], &act, &err);
            G->think_ms += now_ms() - t0;
            G->cpu_ms += cpu_ms() - c0;
            G->decisions++;
            long its = gg_ismcts_last_iterations(bots[e]);
            if (its > 0) {
                G->iterations += its;
                G->searched++;
            }
            if (st != GG_OK ||
                (rec && gg_record_add(rec, s, seats[i], act) != GG_OK) ||
                gg_apply(s, seats[i], act, &err) != GG_OK)
                rc = cli_error("game %ld (seed %llu): seat %d (%s): %s", g,
                               (unsigned long long)row->seed, seats[i], m->specs[e], err.msg);
            decisions++;
        }
    }
    if (!rc) gg_result_adjudicate(s, &row->res);
    if (!rc && rec) rc = write_record(a->records, g, rec, m, row);
    gg_record_free(rec);
    gg_free(s);
    return rc;
}

/* Adds game g to the per-group sums. */
static void tally(match *m, const game_row *row)
{
    int n = m->players;
    double share[GG_MAX_SEATS] = {0}, pair[GG_MAX_SEATS] = {0};
    int pairs[GG_MAX_SEATS] = {0};
    for (int s = 0; s < n; s++) {
        int e = row->seat_entrant[s], g = m->group_of[e];
        double x = row->res.rank[s] == 1 ? 1.0 / row->res.winners : 0.0;
        share[g] += x / m->groups[g].entrants;
        m->groups[g].score_sum += row->res.score[s];
        for (int t = 0; t < n; t++) {
            int f = row->seat_entrant[t];
            if (t == s || m->group_of[f] != 0) continue;
            pair[g] += row->res.rank[s] < row->res.rank[t]    ? 1.0
                       : row->res.rank[s] == row->res.rank[t] ? 0.5
                                                               : 0.0;
            pairs[g]++;
        }
    }
    for (int g = 0; g < m->n_groups; g++) {
        m->groups[g].share_sum += share[g];
        m->groups[g].share_sq += share[g] * share[g];
        if (pairs[g]) {
            double p = pair[g] / pairs[g];
            m->groups[g].pair_sum += p;
            m->groups[g].pair_sq += p * p;
            m->groups[g].pair_games++;
        }
    }
}

/* ------------------------------------------------------------- summary */

typedef struct interval {
    double mean, lo, hi;
} interval;

/*
 * Mean of n per-game observations in [0,1] and its 95% Wilson score interval
 * (Wilson 1927), treating the mean as a proportion over n games. Unlike the
 * normal interval it never collapses to a point at 0% or 100% (400 wins of
 * 400 give [99.05%, 100%]), and for shares split by ties or averaged over
 * several entrants (less spread than a proportion) it is conservative.
 */
static interval mean_ci(double sum, double sq, long n)
{
    (void)sq;
    interval r = {0, 0, 0};
    if (n <= 0) return r;
    const double z = 1.959964;
    double p = sum / (double)n, nn = (double)n;
    double denom = 1 + z * z / nn;
    double centre = (p + z * z / (2 * nn)) / denom;
    double half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
    r.mean = p;
    r.lo = fmax(0, centre - half);
    r.hi = fmin(1, centre + half);
    return r;
}

/* Elo from a score p in [0,1]; +-INFINITY at the ends. */
static double elo(double p)
{
    if (p <= 0) return -INFINITY;
    if (p >= 1) return INFINITY;
    return 400.0 * log10(p / (1 - p));
}

static cJSON *json_number(double x)
{
    return isfinite(x) ? cJSON_CreateNumber(round(x * 1e4) / 1e4) : cJSON_CreateNull();
}

/* `options`: the table's options as JSON (taken over). */
static void print_json(const match_args *a, const match *m, cJSON *options)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "game", gg_game_name(a->table.game));
    cJSON_AddItemToObject(root, "options", options);
    cJSON_AddNumberToObject(root, "players", m->players);
    cJSON_AddNumberToObject(root, "games", (double)m->games);
    cJSON_AddNumberToObject(root, "seed", (double)a->table.seed);
    cJSON *entrants = cJSON_AddArrayToObject(root, "entrants");
    for (int e = 0; e < m->players; e++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "spec", m->specs[e]);
        cJSON_AddItemToObject(x, "seat_games",
                              cJSON_CreateDoubleArray((double[GG_MAX_SEATS]){
                                  (double)m->seat_count[e][0], (double)m->seat_count[e][1],
                                  (double)m->seat_count[e][2], (double)m->seat_count[e][3],
                                  (double)m->seat_count[e][4]}, m->players));
        cJSON_AddItemToArray(entrants, x);
    }
    cJSON *bots = cJSON_AddArrayToObject(root, "bots");
    for (int g = 0; g < m->n_groups; g++) {
        const group *G = &m->groups[g];
        interval w = mean_ci(G->share_sum, G->share_sq, m->games);
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "spec", G->spec);
        cJSON_AddNumberToObject(x, "entrants", G->entrants);
        cJSON_AddItemToObject(x, "win_share", json_number(w.mean));
        cJSON *wci = cJSON_AddArrayToObject(x, "win_share_ci95");
        cJSON_AddItemToArray(wci, json_number(w.lo));
        cJSON_AddItemToArray(wci, json_number(w.hi));
        cJSON_AddItemToObject(x, "avg_score",
                              json_number(G->score_sum / (double)(m->games * G->entrants)));
        if (g == 0 || !G->pair_games) {
            cJSON_AddNumberToObject(x, "elo", 0);
            cJSON_AddItemToObject(x, "elo_ci95", g ? cJSON_CreateNull()
                                                   : cJSON_CreateDoubleArray((double[]){0, 0}, 2));
        } else {
            interval p = mean_ci(G->pair_sum, G->pair_sq, G->pair_games);
            cJSON_AddItemToObject(x, "elo", json_number(elo(p.mean)));
            cJSON *ci = cJSON_CreateArray();
            cJSON_AddItemToArray(ci, json_number(elo(p.lo)));
            cJSON_AddItemToArray(ci, json_number(elo(p.hi)));
            cJSON_AddItemToObject(x, "elo_ci95", ci);
            cJSON_AddItemToObject(x, "pair_score", json_number(p.mean));
        }
        cJSON_AddNumberToObject(x, "decisions", (double)G->decisions);
        cJSON_AddItemToObject(x, "ms_per_decision",
                              json_number(G->decisions ? G->think_ms / (double)G->decisions : 0));
        if (G->iterations) {
            cJSON_AddItemToObject(x, "iterations_per_second",
                                  json_number(1000.0 * (double)G->iterations / G->think_ms));
            cJSON_AddItemToObject(x, "iterations_per_cpu_second",
                                  json_number(1000.0 * (double)G->iterations / G->cpu_ms));
            cJSON_AddItemToObject(x, "iterations_per_decision",
                                  json_number((double)G->iterations / (double)G->decisions));
            cJSON_AddNumberToObject(x, "searched_decisions", (double)G->searched);
        }
        cJSON_AddItemToArray(bots, x);
    }
    cJSON *list = cJSON_AddArrayToObject(root, "game_list");
    for (long g = 0; g < m->games; g++) {
        const game_row *r = &m->rows[g];
        cJSON *x = cJSON_CreateObject();
        cJSON_AddNumberToObject(x, "index", (double)g);
        cJSON_AddNumberToObject(x, "seed", (double)r->seed);
        cJSON_AddItemToObject(x, "seat_entrant", cJSON_CreateIntArray(r->seat_entrant, m->players));
        cJSON_AddItemToObject(x, "score", cJSON_CreateIntArray((const int *)r->res.score, m->players));
        cJSON_AddItemToObject(x, "rank", cJSON_CreateIntArray(r->res.rank, m->players));
        if (r->res.adjudicated) cJSON_AddTrueToObject(x, "adjudicated"); /* rule G-1 */
        cJSON_AddItemToArray(list, x);
    }
    char *out = cJSON_Print(root);
    puts(out);
    free(out);
    cJSON_Delete(root);
}

static void print_elo(double x)
{
    if (isfinite(x)) printf("%+.0f", x);
    else printf("%sinf", x > 0 ? "+" : "-");
}

static void print_text(const match_args *a, const match *m)
{
    uint64_t lo = UINT64_MAX, hi = 0;
    for (long g = 0; g < m->games; g++) {
        if (m->rows[g].seed < lo) lo = m->rows[g].seed;
        if (m->rows[g].seed > hi) hi = m->rows[g].seed;
    }
    printf("%s, %d players, %ld games (seeds %llu..%llu%s, seats rotated)\n",
           gg_game_title(a->table.game), m->players, m->games, (unsigned long long)lo,
           (unsigned long long)hi,
           hi - lo + 1 == (uint64_t)(m->games / m->players) ? "" : ", with gaps");
    printf("%-32s %8s  %-17s %9s  %s\n", "bot", "entrants", "win share (95%)", "avg score",
           "Elo vs first (95%)");
    for (int g = 0; g < m->n_groups; g++) {
        const group *G = &m->groups[g];
        interval w = mean_ci(G->share_sum, G->share_sq, m->games);
        printf("%-32s %8d  %5.1f%% [%4.1f, %5.1f] %9.2f  ", G->spec, G->entrants, 100 * w.mean,
               100 * w.lo, 100 * w.hi, G->score_sum / (double)(m->games * G->entrants));
        if (g == 0) {
            printf("0 (reference)\n");
        } else if (!G->pair_games) {
            printf("-\n");
        } else {
            interval p = mean_ci(G->pair_sum, G->pair_sq, G->pair_games);
            print_elo(elo(p.mean));
            printf(" [");
            print_elo(elo(p.lo));
            printf(", ");
            print_elo(elo(p.hi));
            printf("]\n");
        }
    }
    printf("parity win share: %.1f%%\n", 100.0 / m->players);
    long adjudicated = 0;
    for (long g = 0; g < m->games; g++) adjudicated += m->rows[g].res.adjudicated;
    if (adjudicated)
        printf("%ld games ended by the game-length rule G-1 (docs/rules-notes.md)\n", adjudicated);
    for (int g = 0; g < m->n_groups; g++) {
        const group *G = &m->groups[g];
        printf("%-32s %ld decisions", G->spec, G->decisions);
        if (G->searched) printf(" (%ld searched, the others forced)", G->searched);
        printf(", %.2f ms each", G->decisions ? G->think_ms / (double)G->decisions : 0.0);
        if (G->iterations)
            printf(", %.0f ISMCTS iterations/s (%.0f per CPU second), %.0f a decision",
                   1000.0 * (double)G->iterations / G->think_ms,
                   1000.0 * (double)G->iterations / G->cpu_ms,
                   (double)G->iterations / (double)G->decisions);
        printf("\n");
    }
}

/* ------------------------------------------------------------- combine */

/*
 * `gemgames match --combine FILE... [--json]`: one table from the --json
 * outputs of a match played in pieces (scripts/match-shards.sh runs them).
 * Every piece must be the same game, options and entrants; a deal seed may
 * appear in only one piece, so no game is counted twice. The games are
 * tallied exactly as if one match had played them all; times and ISMCTS
 * iterations are summed from the pieces' per-bot figures.
 */

static const cJSON *field(const cJSON *o, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(o, key);
}

static double number_of(const cJSON *o, const char *key)
{
    const cJSON *x = field(o, key);
    return cJSON_IsNumber(x) ? x->valuedouble : 0.0;
}

/* Reads `n` whole numbers in [lo, hi] from the array o[key]. */
static int int_array(const cJSON *o, const char *key, int n, int lo, int hi, int *out)
{
    const cJSON *a = field(o, key);
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n) return -1;
    for (int i = 0; i < n; i++) {
        const cJSON *x = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsNumber(x) || x->valuedouble != (int)x->valuedouble ||
            x->valuedouble < lo || x->valuedouble > hi)
            return -1;
        out[i] = (int)x->valuedouble;
    }
    return 0;
}

/* The first piece sets the match: game, players, entrants, options. */
static int combine_first(match_args *a, match *m, const cJSON *root, cJSON **options)
{
    const cJSON *entrants = field(root, "entrants");
    char list[GG_MAX_SEATS * SPEC_LEN] = "";
    for (int e = 0; e < m->players; e++) {
        const cJSON *spec = field(cJSON_GetArrayItem(entrants, e), "spec");
        if (!cJSON_IsString(spec) || strlen(spec->valuestring) >= SPEC_LEN) return -1;
        if (e) strcat(list, ",");
        strcat(list, spec->valuestring);
    }
    if (cli_table_init(&a->table, field(root, "game")->valuestring)) return 2;
    *options = cJSON_Duplicate(field(root, "options"), 1);
    return split_specs(m, list);
}

static int same_match(const match_args *a, const match *m, const cJSON *root,
                      const cJSON *options)
{
    if (strcmp(gg_game_name(a->table.game), field(root, "game")->valuestring) ||
        !cJSON_Compare(options, field(root, "options"), 1))
        return 0;
    const cJSON *entrants = field(root, "entrants");
    for (int e = 0; e < m->players; e++) {
        const cJSON *spec = field(cJSON_GetArrayItem(entrants, e), "spec");
        if (!cJSON_IsString(spec) || strcmp(spec->valuestring, m->specs[e])) return 0;
    }
    return 1;
}

/* Adds a piece's per-bot times and iterations to its groups. */
static int combine_bots(match *m, const cJSON *bots)
{
    const cJSON *b;
    cJSON_ArrayForEach(b, bots) {
        const cJSON *spec = field(b, "spec");
        int g = 0;
        while (cJSON_IsString(spec) && g < m->n_groups && strcmp(m->groups[g].spec, spec->valuestring))
            g++;
        if (!cJSON_IsString(spec) || g == m->n_groups) return -1;
        group *G = &m->groups[g];
        double decisions = number_of(b, "decisions"), ms = number_of(b, "ms_per_decision") * decisions;
        double iterations = number_of(b, "iterations_per_second") * ms / 1000.0;
        double per_cpu = number_of(b, "iterations_per_cpu_second");
        G->decisions += (long)decisions;
        G->searched += (long)number_of(b, "searched_decisions");
        G->think_ms += ms;
        G->iterations += (long)llround(iterations);
        if (per_cpu > 0) G->cpu_ms += 1000.0 * iterations / per_cpu;
    }
    return 0;
}

/* Appends a piece's games: seed, seating, scores and ranks. */
static int combine_games(match *m, const cJSON *list)
{
    int n = m->players;
    long more = cJSON_GetArraySize(list);
    game_row *rows = realloc(m->rows, (size_t)(m->games + more) * sizeof *rows);
    if (!rows) return cli_error("out of memory");
    m->rows = rows;
    const cJSON *x;
    cJSON_ArrayForEach(x, list) {
        game_row *row = &m->rows[m->games];
        memset(row, 0, sizeof *row);
        int seen = 0, score[GG_MAX_SEATS];
        const cJSON *seed = field(x, "seed");
        if (!cJSON_IsNumber(seed) || seed->valuedouble < 0 ||
            int_array(x, "seat_entrant", n, 0, n - 1, row->seat_entrant) ||
            int_array(x, "score", n, -1000000, 1000000, score) ||
            int_array(x, "rank", n, 1, n, row->res.rank))
            return -1;
        row->seed = (uint64_t)seed->valuedouble;
        row->res.players = n;
        row->res.over = 1;
        for (int s = 0; s < n; s++) {
            row->res.score[s] = score[s];
            row->res.winners += row->res.rank[s] == 1;
            seen |= 1 << row->seat_entrant[s];
            m->seat_count[row->seat_entrant[s]][s]++;
        }
        if (seen != (1 << n) - 1 || !row->res.winners) return -1;
        m->games++;
    }
    return 0;
}

static int combine_piece(match_args *a, match *m, const char *path, cJSON **options)
{
    char *text = cli_read_file(path, (size_t)64 << 20);
    if (!text) return cli_error("cannot read %s", path);
    cJSON *root = cJSON_Parse(text);
    free(text);
    const cJSON *players = field(root, "players");
    int rc = 0;
    if (!cJSON_IsString(field(root, "game")) || !cJSON_IsObject(field(root, "options")) ||
        !cJSON_IsArray(field(root, "bots")) || !cJSON_IsArray(field(root, "game_list")) ||
        !cJSON_IsNumber(players) || players->valueint < 1 || players->valueint > GG_MAX_SEATS ||
        cJSON_GetArraySize(field(root, "entrants")) != players->valueint) {
        rc = -1;
    } else if (!*options) {
        m->players = players->valueint;
        rc = combine_first(a, m, root, options);
    } else if (players->valueint != m->players || !same_match(a, m, root, *options)) {
        rc = cli_error("%s: another match (the game, options or bots differ from the first file)",
                       path);
    }
    if (!rc) rc = combine_bots(m, field(root, "bots"));
    if (!rc) rc = combine_games(m, field(root, "game_list"));
    cJSON_Delete(root);
    if (rc < 0) return cli_error("%s: not the --json output of gemgames match", path);
    return rc;
}

static int by_seed(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* A deal seed is one seat rotation: more than N games on it means two
 * pieces overlap. */
static int check_no_overlap(const match *m)
{
    uint64_t *seeds = malloc((size_t)m->games * sizeof *seeds);
    if (!seeds) return cli_error("out of memory");
    for (long g = 0; g < m->games; g++) seeds[g] = m->rows[g].seed;
    qsort(seeds, (size_t)m->games, sizeof *seeds, by_seed);
    int rc = 0;
    for (long g = m->players; g < m->games && !rc; g++)
        if (seeds[g] == seeds[g - m->players])
            rc = cli_error("seed %llu is in more than one file: the pieces overlap",
                           (unsigned long long)seeds[g]);
    free(seeds);
    return rc;
}

static int cmd_match_combine(int argc, char **argv)
{
    match_args a;
    memset(&a, 0, sizeof a);
    match *m = calloc(1, sizeof *m);
    if (!m) return cli_error("out of memory");
    cJSON *options = NULL;
    int rc = 0, files = 0;
    for (int i = 1; i < argc && !rc; i++) {
        if (cli_flag_is(argv[i], "--json")) {
            a.json = 1;
        } else if (!cli_flag_is(argv[i], "--combine")) {
            rc = combine_piece(&a, m, argv[i], &options);
            files++;
        }
    }
    if (!rc && !files) rc = cli_error("match --combine: name the --json files to combine");
    if (!rc) rc = check_no_overlap(m);
    if (!rc) {
        a.table.seed = UINT64_MAX;
        for (long g = 0; g < m->games; g++) {
            tally(m, &m->rows[g]);
            if (m->rows[g].seed < a.table.seed) a.table.seed = m->rows[g].seed;
        }
        if (a.json) {
            print_json(&a, m, options);
            options = NULL;
        } else {
            print_text(&a, m);
            printf("combined from %d file%s\n", files, files == 1 ? "" : "s");
        }
    }
    cJSON_Delete(options);
    free(m->rows);
    free(m);
    return rc ? 1 : 0;
}

int cmd_match(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (cli_flag_is(argv[i], "--combine")) return cmd_match_combine(argc, argv);
    match_args a;
    memset(&a, 0, sizeof a);
    if (parse_args(&a, argc, argv)) return 2;
    match *m = calloc(1, sizeof *m);
    if (!m) return cli_error("out of memory");
    m->players = a.table.opts.players;
    int rc = split_specs(m, a.bots);
    /* whole blocks of N games, so every entrant plays every seat equally */
    m->games = (a.games + m->players - 1) / m->players * m->players;
    if (!rc && !(m->rows = calloc((size_t)m->games, sizeof *m->rows)))
        rc = cli_error("out of memory");
    if (!rc && a.records && mkdir(a.records, 0777) && !is_dir(a.records))
        rc = cli_error("cannot create %s", a.records);
    gg_bot *bots[GG_MAX_SEATS] = {0};
    gg_error err;
    for (int e = 0; e < m->players && !rc; e++)
        if (!(bots[e] = gg_bot_new(m->specs[e], a.table.seed * 1000003u + (uint64_t)e * 7919u,
                                   &err)))
            rc = cli_error("%s", err.msg);
    for (long g = 0; g < m->games && !rc; g++) {
        rc = play_game(&a, m, bots, g);
        if (!rc) tally(m, &m->rows[g]);
        if (!rc && a.progress && (g + 1) % m->players == 0)
            fprintf(stderr, "match: %ld/%ld games\n", g + 1, m->games);
    }
    if (!rc) {
        if (a.games != m->games && !a.json)
            printf("(games rounded up from %ld to %ld: whole seat rotations)\n", a.games,
                   m->games);
        if (a.json) {
            char *opts = gg_options_json(&a.table.opts, a.table.game);
            print_json(&a, m, cJSON_Parse(opts));
            free(opts);
        } else {
            print_text(&a, m);
        }
    }
    for (int e = 0; e < m->players; e++) gg_bot_free(bots[e]);
    free(m->rows);
    free(m);
    return rc ? 1 : 0;
}
