/* cmd_selfplay.c — `gemgames selfplay`: bots play each other; summary out. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

typedef struct selfplay_args {
    cli_table table;
    long games;
    const char *bots;
    const char *records;
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
                return cli_error("seed %llu: seat %d: %s", (unsigned long long)seed, seats[i],
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

static int write_record(const char *dir, long index, const gg_record *rec)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%05ld.json", dir, index);
    FILE *f = fopen(path, "w");
    if (!f) return cli_error("cannot write %s", path);
    char *json = gg_record_json(rec);
    fputs(json, f);
    fputc('\n', f);
    free(json);
    return fclose(f) ? cli_error("cannot write %s", path) : 0;
}

static int parse_args(selfplay_args *a, int argc, char **argv)
{
    if (argc < 2) return cli_error("usage: gemgames selfplay GAME --players N --games M "
                                   "[--seed S] [--bots SPEC] [--records DIR]");
    if (cli_table_init(&a->table, argv[1])) return 2;
    a->games = 100;
    a->bots = "random";
    for (int i = 2; i < argc; i++) {
        int r = cli_table_flag(&a->table, argc, argv, &i);
        const char *v;
        if (r < 0) return 2;
        if (r) continue;
        if (!strncmp(argv[i], "--games", 7)) {
            if (!(v = cli_flag_value(argc, argv, &i)) || cli_parse_int(v, 1, 100000000, &a->games))
                return cli_error("--games takes a positive whole number");
        } else if (!strncmp(argv[i], "--bots", 6)) {
            if (!(a->bots = cli_flag_value(argc, argv, &i))) return 2;
        } else if (!strncmp(argv[i], "--records", 9)) {
            if (!(a->records = cli_flag_value(argc, argv, &i))) return 2;
        } else {
            return cli_error("selfplay: unknown argument \"%s\"", argv[i]);
        }
    }
    if (!a->table.seed_given) a->table.seed = 1;
    return 0;
}

int cmd_selfplay(int argc, char **argv)
{
    selfplay_args a;
    memset(&a, 0, sizeof a);
    if (parse_args(&a, argc, argv)) return 2;
    int players = a.table.opts.players;
    char specs[GG_MAX_SEATS][128];
    if (seat_specs(a.bots, players, specs))
        return cli_error("--bots takes one spec or one per seat (%d), comma-separated", players);
    if (a.records) mkdir(a.records, 0777);
    gg_bot *bots[GG_MAX_SEATS] = {0};
    gg_error err;
    int rc = 0;
    for (int i = 0; i < players && !rc; i++)
        if (!(bots[i] = gg_bot_new(specs[i], a.table.seed * 31 + (uint64_t)i, &err)))
            rc = cli_error("%s", err.msg);
    long wins[GG_MAX_SEATS] = {0}, decisions = 0, adjudicated = 0;
    double score[GG_MAX_SEATS] = {0};
    for (long g = 0; g < a.games && !rc; g++) {
        gg_result res;
        gg_record *rec = a.records ? gg_record_new(a.table.game, &a.table.opts,
                                                   a.table.seed + (uint64_t)g)
                                   : NULL;
        rc = play_one(&a, a.table.seed + (uint64_t)g, bots, &res, &decisions, rec);
        if (!rc && rec) rc = write_record(a.records, g, rec);
        gg_record_free(rec);
        if (!rc) adjudicated += res.adjudicated;
        for (int p = 0; !rc && p < players; p++) {
            score[p] += res.score[p];
            if (res.rank[p] == 1) wins[p]++;
        }
    }
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
    for (int i = 0; i < players; i++) gg_bot_free(bots[i]);
    return rc ? 1 : 0;
}
