/*
 * cmd_match.c — `gemgames match`: a bot tournament with seat rotation, fair
 * deals, time controls and forfeits (docs/bots.md, docs/protocol.md).
 *
 *   gemgames match --game G [--players N] --games M (--bots A,B,... | --bots-file F)
 *                  [--seed S] [--duplicate | --legacy-deals] [--first-game K] [--option K=V]...
 *                  [--move-time MS] [--bank MS] [--increment MS] [--reply-timeout MS]
 *                  [--records DIR] [--logs DIR] [--json] [--progress]
 *   gemgames match --combine FILE... [--json]
 *
 * Entrants. --bots lists one spec per seat (fewer: the last one fills the
 * rest), split at commas outside quotes; --bots-file reads them from JSON.
 * Entrant i sits at seat (i + g) mod N in game g, so every entrant plays
 * every seat equally often (M is rounded up to a multiple of N).
 *
 * Deals. The match seed S is 64 random bits from the OS unless --seed gives
 * it (the output prints it, so --seed replays the match). Game g is dealt
 * from deal_seed(S, d): SipHash-2-4 keyed with S of the deal index d, which
 * is g, or g / N with --duplicate (the same deal played N times, the seats
 * rotated). No engine is told a seed; a deal's records are written only
 * once every game of its deal is over. --legacy-deals replays matches played
 * before (deal seed S + g / N: small, consecutive, guessable — never the
 * default).
 *
 * Forfeits. An entrant that fails — an engine that times out, crashes,
 * answers illegally or out of turn, or prints noise; any bot over its time —
 * loses that game (last place; the others ranked by their scores so far)
 * and the reason is recorded; an engine is restarted for the next game.
 * The match always finishes.
 *
 * Results, per distinct spec (entrants with the same spec pooled):
 *   win share  a game's winners share 1 (ties split); the mean over games
 *              of the group's average share, with a 95% Wilson interval
 *              (parity is 1/N);
 *   score      the mean final score;
 *   Elo        against the first spec: from the pairwise score p (1 for
 *              finishing ahead of a first-spec entrant, 1/2 for a tie),
 *              Elo = 400 log10(p / (1 - p)), its interval from p's;
 *   forfeits   games lost by forfeit, by reason.
 * The --json form is documented in docs/bots.md and is stable.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "bots/bot.h"
#include "bots/engine.h"
#include "cli.h"
#include "par.h"

enum { SPEC_LEN = 1024, MAX_OPTION_ARGS = 32 };

typedef struct match_args {
    cli_table table;
    const char *game;
    long games;
    long first_game;
    const char *bots;
    const char *bots_file;
    const char *records;
    const char *logs;
    const char *option_kv[MAX_OPTION_ARGS];
    int n_options;
    const char *players;
    gg_time_control tc;
    long reply_ms;
    int json, progress, duplicate;
    int threads;  /* --threads: games played at once (par.h) */
    int combine;  /* --combine: files[0 .. n_files-1] are --json pieces */
    char **files;
    int n_files;
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
    long forfeits;
} group;

/* What one game adds to its groups' times and counts (played on a worker
 * thread, added on the main thread in game order). */
typedef struct game_stats {
    double think_ms, cpu_ms;
    long decisions, searched, iterations;
} game_stats;

typedef struct game_row {
    uint64_t seed;                /* the deal seed */
    int seat_entrant[GG_MAX_SEATS];
    gg_result res;
    long index;                   /* the game's number in the match (-1: unknown) */
    int forfeit_seat;             /* -1: none */
    char reason[16];              /* GG_FAULT_* */
    char detail[200];
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
    uint64_t seed;               /* the match seed */
    int duplicate;               /* DEALS_*; -1 for --combine'd older pieces */
    char logs[4096];             /* engines' stderr logs ("" when no engine) */
} match;

/* ---------------------------------------------------------------- deals */

enum { DEALS_FRESH, DEALS_DUPLICATE, DEALS_LEGACY };
static const char *const deals_name[] = {"fresh", "duplicate", "legacy"};

/* DEALS_* of a --json "deals" value; -1 if none. */
static int deals_kind(const char *name)
{
    for (int k = 0; k < 3; k++)
        if (!strcmp(name, deals_name[k])) return k;
    return -1;
}

static uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

static void sip_round(uint64_t v[4])
{
    v[0] += v[1], v[1] = rotl(v[1], 13), v[1] ^= v[0], v[0] = rotl(v[0], 32);
    v[2] += v[3], v[3] = rotl(v[3], 16), v[3] ^= v[2];
    v[0] += v[3], v[3] = rotl(v[3], 21), v[3] ^= v[0];
    v[2] += v[1], v[1] = rotl(v[1], 17), v[1] ^= v[2], v[2] = rotl(v[2], 32);
}

/* SipHash-2-4 (Aumasson, Bernstein 2012) of one 8-byte little-endian word m
 * under the key (k0, k1). */
static uint64_t siphash_word(uint64_t k0, uint64_t k1, uint64_t m)
{
    uint64_t v[4] = {k0 ^ 0x736f6d6570736575ull, k1 ^ 0x646f72616e646f6dull,
                     k0 ^ 0x6c7967656e657261ull, k1 ^ 0x7465646279746573ull};
    uint64_t last = (uint64_t)8 << 56; /* the length byte, no tail */
    v[3] ^= m;
    sip_round(v), sip_round(v);
    v[0] ^= m;
    v[3] ^= last;
    sip_round(v), sip_round(v);
    v[0] ^= last;
    v[2] ^= 0xff;
    sip_round(v), sip_round(v), sip_round(v), sip_round(v);
    return v[0] ^ v[1] ^ v[2] ^ v[3];
}

/* The deal of deal index d: knowing deals of a match tells nothing of the
 * others, nor of the match seed, without the key. */
static uint64_t deal_seed(uint64_t match_seed, uint64_t d)
{
    return siphash_word(match_seed, 0x6465616c73656564ull /* "dealseed" */, d);
}

/* Internal bots' seeds, from the match seed by another key. */
static uint64_t bot_seed(uint64_t match_seed, int entrant)
{
    return siphash_word(match_seed, 0x626f747365656473ull /* "botseeds" */, (uint64_t)entrant);
}

/* Entrant e's bot seed in game `index` of a match (not --legacy-deals): its
 * seed at the match's first game, then one per game, so a game's choices do not depend on the
 * games played before it by the same bot (nor on the thread: --threads). */
static uint64_t game_bot_seed(const match *m, int e, long index)
{
    uint64_t seed = m->duplicate == DEALS_LEGACY ? m->seed * 1000003u + (uint64_t)e * 7919u /* as then */
                                                 : bot_seed(m->seed, e);
    return index ? siphash_word(seed, 0x67616d65626f7473ull /* "gamebots" */, (uint64_t)index) : seed;
}

/* 64 bits from the OS for a match nobody gave a seed. */
static int random_seed(uint64_t *seed)
{
    unsigned char b[8];
    if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b) return cli_error(_("match: no random bits from the OS"));
    *seed = 0;
    for (int i = 0; i < 8; i++) *seed = *seed << 8 | b[i];
    return 0;
}

/* ------------------------------------------------------------ arguments */

enum {
    OPT_GAME, OPT_PLAYERS, OPT_OPTION, OPT_GAMES, OPT_BOTS, OPT_BOTS_FILE, OPT_SEED,
    OPT_DUPLICATE, OPT_LEGACY, OPT_FIRST_GAME, OPT_MOVE_TIME, OPT_BANK, OPT_INCREMENT, OPT_REPLY,
    OPT_RECORDS, OPT_LOGS, OPT_JSON, OPT_PROGRESS, OPT_COMBINE, OPT_THREADS
};

static const cli_opt match_opts[] = {
    [OPT_GAME] = {"game", "G", N_("the game (splendor, ys)")},
    [OPT_PLAYERS] = {"players", "N", N_("seats at the table (default: the game's fewest)")},
    [OPT_OPTION] = {"option", "K=V", N_("a table option (repeatable)")},
    [OPT_GAMES] = {"games", "M", N_("games to play (rounded up to whole seat rotations)")},
    [OPT_BOTS] = {"bots", "A,B,...",
                  N_("one bot spec per entrant, split at commas outside quotes; engine:CMD runs "
                  "CMD without a shell, engine-sh:CMD with one")},
    [OPT_BOTS_FILE] = {"bots-file", "FILE",
                       N_("the entrants from JSON: {\"bots\": [SPEC | {\"engine\": [ARGV...]} | "
                       "{\"engine-sh\": \"CMD\"}, ...]}")},
    [OPT_SEED] = {"seed", "S", N_("the match seed (default: 64 random bits, printed)")},
    [OPT_DUPLICATE] = {"duplicate", NULL, N_("play each deal N times, the seats rotated")},
    [OPT_LEGACY] = {"legacy-deals", NULL,
                    N_("the deals of matches played before 64-bit seeds (deal seed S + game / N, "
                    "each N times): to replay old results only")},
    [OPT_FIRST_GAME] = {"first-game", "K", N_("start at game K of the match (pieces of one long match)")},
    [OPT_MOVE_TIME] = {"move-time", "MS", N_("the most one move may take")},
    [OPT_BANK] = {"bank", "MS", N_("each seat's time for the whole game")},
    [OPT_INCREMENT] = {"increment", "MS", N_("added to the bank after each move")},
    [OPT_REPLY] = {"reply-timeout", "MS",
                   N_("an engine's other replies, and moves without a time limit (default 60000)")},
    [OPT_RECORDS] = {"records", "DIR", N_("a game record per game (written when its deal is done)")},
    [OPT_LOGS] = {"logs", "DIR",
                  N_("engines' stderr, one file per entrant (default: a new directory in $TMPDIR, "
                  "named in the output)")},
    [OPT_JSON] = {"json", NULL, N_("the results as JSON (docs/bots.md)")},
    [OPT_PROGRESS] = {"progress", NULL, N_("a line on stderr as games finish")},
    [OPT_COMBINE] = {"combine", NULL,
                     N_("combine the --json FILEs of pieces of one match into one table (takes "
                     "only FILEs and --json)")},
    [OPT_THREADS] = {"threads", "N",
                     N_("games played at once (default: every core); the same results for every N, "
                     "each thread with its own engine processes")},
    {NULL, NULL, NULL}};

const cli_spec cli_match_spec = {
    "match", "--game G --games M --bots A,B,... [OPTION]...  |  --combine FILE... [--json]",
    N_("A match between bots (ours or engines) with seat rotation: win rates, scores,\n"
    "forfeits. --combine joins the --json output of pieces of one match."),
    match_opts,
    N_("Examples:\n"
    "  gemgames match --game splendor --games 100 --bots heuristic,random\n"
    "  gemgames match --combine piece1.json piece2.json --json\n"
    "Bot specs and the --json fields: docs/bots.md; engines: docs/protocol.md.")};

static int ms_value(const char *flag, const char *v, long *out)
{
    if (cli_parse_int(v, 0, 1000L * 60 * 60 * 24 * 7, out))
        return cli_usage_error(&cli_match_spec, _("%s takes milliseconds (0 .. a week), not '%s'"),
                               flag, v);
    return 0;
}

/* One option of a match (not --combine); 0 done, else the exit code. */
static int match_option(match_args *a, int c, const char *v)
{
    switch (c) {
    case OPT_GAME: a->game = v; return 0;
    case OPT_PLAYERS: a->players = v; return 0;
    case OPT_OPTION:
        if (a->n_options == MAX_OPTION_ARGS) return cli_usage_error(&cli_match_spec, _("too many --option"));
        a->option_kv[a->n_options++] = v;
        return 0;
    case OPT_GAMES:
        if (cli_parse_int(v, 1, 10000000, &a->games))
            return cli_usage_error(&cli_match_spec, _("--games takes a positive whole number, not '%s'"), v);
        return 0;
    case OPT_FIRST_GAME:
        if (cli_parse_int(v, 0, 1000000000, &a->first_game))
            return cli_usage_error(&cli_match_spec, _("--first-game takes a whole number, not '%s'"), v);
        return 0;
    case OPT_BOTS: a->bots = v; return 0;
    case OPT_BOTS_FILE: a->bots_file = v; return 0;
    case OPT_SEED:
        if (cli_parse_u64(v, &a->table.seed))
            return cli_usage_error(&cli_match_spec, _("--seed takes a whole number, not '%s'"), v);
        a->table.seed_given = 1;
        return 0;
    case OPT_DUPLICATE: a->duplicate = DEALS_DUPLICATE; return 0;
    case OPT_LEGACY: a->duplicate = DEALS_LEGACY; return 0;
    case OPT_MOVE_TIME: return ms_value("--move-time", v, &a->tc.move_ms);
    case OPT_BANK: return ms_value("--bank", v, &a->tc.bank_ms);
    case OPT_INCREMENT: return ms_value("--increment", v, &a->tc.inc_ms);
    case OPT_REPLY: return ms_value("--reply-timeout", v, &a->reply_ms);
    case OPT_RECORDS: a->records = v; return 0;
    case OPT_LOGS: a->logs = v; return 0;
    case OPT_JSON: a->json = 1; return 0;
    case OPT_PROGRESS: a->progress = 1; return 0;
    case OPT_COMBINE: a->combine = 1; return 0;
    case OPT_THREADS:
        if (cli_parse_threads(v, &a->threads))
            return cli_usage_error(&cli_match_spec, _("--threads takes a number from 1 to %d"),
                                   CLI_MAX_THREADS);
        return 0;
    default: return 2;
    }
}

/* The options (common/opts.h), each through match_option; the operands are
 * --combine's FILEs. Returns 0, or the exit code (-1 for 0 after --help or
 * --version). */
static int read_options(match_args *a, int argc, char **argv)
{
    cli_parser p;
    const char *v;
    int k, others = 0;
    a->threads = cli_threads_default();
    cli_opts_begin(&p, &cli_match_spec, argc, argv);
    while ((k = cli_opts_next(&p, &v)) >= 0) {
        int rc = match_option(a, k, v);
        if (rc) return rc;
        others += k != OPT_COMBINE && k != OPT_JSON;
    }
    if (k == CLI_OPTS_EXIT) return p.status ? p.status : -1;
    a->n_files = cli_opts_operands(&p, &a->files);
    if (a->combine && others)
        return cli_usage_error(&cli_match_spec, _("--combine takes only FILEs and --json"));
    if (!a->combine && a->n_files)
        return cli_usage_error(&cli_match_spec, _("unexpected operand '%s'"), a->files[0]);
    if (a->combine && !a->n_files)
        return cli_usage_error(&cli_match_spec, _("--combine: name the --json files to combine"));
    return 0;
}

/* The table and the checks a match (not --combine) needs. 0, or the exit code. */
static int check_args(match_args *a)
{
    if (!a->game) return cli_usage_error(&cli_match_spec, _("--game G is required"));
    uint64_t seed = a->table.seed;
    int seed_given = a->table.seed_given;
    if (cli_table_init(&a->table, a->game)) return 2; /* (it clears the table) */
    a->table.seed = seed;
    a->table.seed_given = seed_given;
    gg_error err;
    if (a->players && gg_options_set(&a->table.opts, a->table.game, "players", a->players, &err))
        return cli_error(_("match: %s"), err.msg);
    for (int i = 0; i < a->n_options; i++)
        if (gg_options_set_kv(&a->table.opts, a->table.game, a->option_kv[i], &err))
            return cli_error(_("match: %s"), err.msg);
    if (!a->games) return cli_usage_error(&cli_match_spec, _("--games M is required"));
    if (!a->bots == !a->bots_file)
        return cli_usage_error(&cli_match_spec, _("give --bots A,B,... or --bots-file FILE"));
    if (a->first_game % a->table.opts.players)
        return cli_error(_("match: --first-game must be a multiple of the %d players (whole seat rotations)"),
                         a->table.opts.players);
    return 0;
}

/* Groups equal specs; fills the seats past the last spec with it. */
static int group_specs(match *m, int n)
{
    if (n == 0) return cli_error(_("match: no bots"));
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

/* How much of a spec an error message quotes: at most QUOTED_MAX bytes, cut
 * at a character boundary (UTF-8 continuation bytes are 10xxxxxx). */
enum { QUOTED_MAX = 60 };
static int quoted_len(const char *spec, size_t len)
{
    if (len <= QUOTED_MAX) return (int)len;
    size_t k = QUOTED_MAX;
    while (k > 0 && ((unsigned char)spec[k] & 0xC0) == 0x80) k--;
    return (int)k;
}

/* Splits the --bots list at commas outside quotes ('...', "...") and not
 * after a backslash; the quotes stay (engine:CMD reads them). */
static int split_specs(match *m, const char *list)
{
    int n = 0;
    const char *p = list;
    for (;;) {
        const char *q = p;
        char quote = 0;
        for (; *q && (quote || *q != ','); q++) {
            if (quote) {
                if (*q == quote) quote = 0;
                else if (quote == '"' && *q == '\\' && q[1]) q++;
            } else if (*q == '\'' || *q == '"') {
                quote = *q;
            } else if (*q == '\\' && q[1]) {
                q++;
            }
        }
        size_t len = (size_t)(q - p);
        if (quote)
            return cli_error(_("match: --bots: bot %d has an unclosed quote: %.*s%s"), n + 1,
                             quoted_len(p, len), p, len > QUOTED_MAX ? "…" : "");
        if (len == 0)
            return cli_error(_("match: --bots: bot %d is empty (two commas together, or one at an end)"),
                             n + 1);
        if (len >= SPEC_LEN)
            return cli_error(_("match: --bots: bot %d is %zu bytes long; a spec has at most %d: %.*s…"),
                             n + 1, len, SPEC_LEN - 1, quoted_len(p, len), p);
        if (n == m->players)
            return cli_error(_("match: --bots: more specs than the %d seats"), m->players);
        memcpy(m->specs[n], p, len);
        m->specs[n++][len] = '\0';
        if (!*q) break;
        p = q + 1;
    }
    return group_specs(m, n);
}

/* argv words as one engine:CMD command, each word single-quoted. */
static int quote_argv(const cJSON *argv, char *out, size_t cap)
{
    size_t n = 0;
    const cJSON *w;
    cJSON_ArrayForEach(w, argv) {
        if (!cJSON_IsString(w)) return -1;
        if (n && n < cap) out[n++] = ' ';
        if (n < cap) out[n++] = '\'';
        for (const char *c = w->valuestring; *c && n + 5 < cap; c++) {
            if (*c == '\'') {
                memcpy(out + n, "'\\''", 4);
                n += 4;
            } else {
                out[n++] = *c;
            }
        }
        if (n + 2 >= cap) return -1;
        out[n++] = '\'';
    }
    out[n] = '\0';
    return n ? 0 : -1;
}

/* --bots-file: {"bots": [entry, ...]}; an entry is a spec string,
 * {"engine": ["ARGV", ...]} or {"engine-sh": "CMD"}. */
static int read_bots_file(match *m, const char *path)
{
    char *text = cli_read_file(path, (size_t)1 << 20);
    if (!text) return cli_error(_("match: cannot read %s"), path);
    cJSON *root = cJSON_Parse(text);
    free(text);
    const cJSON *bots = cJSON_GetObjectItemCaseSensitive(root, "bots");
    int n = 0, rc = 0;
    if (!cJSON_IsArray(bots) || cJSON_GetArraySize(bots) < 1)
        rc = cli_error(_("match: %s: expected {\"bots\": [...]} with at least one bot"), path);
    const cJSON *b;
    cJSON_ArrayForEach(b, bots) {
        if (rc) break;
        if (n == m->players) {
            rc = cli_error(_("match: %s: more bots than the %d seats"), path, m->players);
            break;
        }
        const cJSON *argv = cJSON_GetObjectItemCaseSensitive(b, "engine");
        const cJSON *sh = cJSON_GetObjectItemCaseSensitive(b, "engine-sh");
        char *spec = m->specs[n];
        if (cJSON_IsString(b) && strlen(b->valuestring) < SPEC_LEN && *b->valuestring) {
            strcpy(spec, b->valuestring);
        } else if (cJSON_IsArray(argv)) {
            strcpy(spec, "engine:");
            if (quote_argv(argv, spec + 7, SPEC_LEN - 7))
                rc = cli_error(_("match: %s: bot %d: \"engine\" takes a non-empty list of strings"), path, n);
        } else if (cJSON_IsString(sh) && strlen(sh->valuestring) + 10 < SPEC_LEN) {
            snprintf(spec, SPEC_LEN, "engine-sh:%s", sh->valuestring);
        } else {
            rc = cli_error(_("match: %s: bot %d is not a spec, {\"engine\": [...]} or {\"engine-sh\": \"...\"}"),
                           path, n);
        }
        n++;
    }
    cJSON_Delete(root);
    return rc ? rc : group_specs(m, n);
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

/* A 64-bit seed: a number below 10^15 (cJSON prints 15 digits exactly),
 * else a decimal string (docs/formats.md). */
static cJSON *json_u64(uint64_t x)
{
    if (x < 1000000000000000ull) return cJSON_CreateNumber((double)x);
    char buf[24];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)x);
    return cJSON_CreateString(buf);
}

static int read_u64(const cJSON *x, uint64_t *out)
{
    if (cJSON_IsNumber(x) && x->valuedouble >= 0 && x->valuedouble <= 9007199254740992.0) {
        *out = (uint64_t)x->valuedouble;
        return 0;
    }
    return cJSON_IsString(x) ? cli_parse_u64(x->valuestring, out) : -1;
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
    cJSON_AddItemToObject(root, "seed", json_u64(m->seed));
    cJSON_AddStringToObject(root, "deals", deals_name[m->duplicate < 0 ? DEALS_LEGACY : m->duplicate]);
    if (a->tc.move_ms || a->tc.bank_ms) {
        cJSON *tc = cJSON_AddObjectToObject(root, "time_control");
        cJSON_AddNumberToObject(tc, "move_ms", (double)a->tc.move_ms);
        cJSON_AddNumberToObject(tc, "bank_ms", (double)a->tc.bank_ms);
        cJSON_AddNumberToObject(tc, "inc_ms", (double)a->tc.inc_ms);
    }
    if (m->logs[0]) cJSON_AddStringToObject(root, "logs", m->logs);
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
        cJSON_AddNumberToObject(x, "forfeits", (double)G->forfeits);
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
        cJSON_AddNumberToObject(x, "index", (double)(r->index >= 0 ? r->index : g));
        cJSON_AddItemToObject(x, "seed", json_u64(r->seed));
        cJSON_AddItemToObject(x, "seat_entrant", cJSON_CreateIntArray(r->seat_entrant, m->players));
        cJSON_AddItemToObject(x, "score", cJSON_CreateIntArray((const int *)r->res.score, m->players));
        cJSON_AddItemToObject(x, "rank", cJSON_CreateIntArray(r->res.rank, m->players));
        if (r->forfeit_seat >= 0) {
            cJSON *f = cJSON_AddObjectToObject(x, "forfeit");
            cJSON_AddNumberToObject(f, "seat", r->forfeit_seat);
            cJSON_AddNumberToObject(f, "entrant", r->seat_entrant[r->forfeit_seat]);
            cJSON_AddStringToObject(f, "reason", r->reason);
            cJSON_AddStringToObject(f, "detail", r->detail);
        }
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

/* Forfeits per group, by reason, then one line per forfeited game (with
 * engines, or when a bot forfeited). */
static void print_forfeits(const match *m)
{
    long total = 0;
    for (int g = 0; g < m->n_groups; g++) total += m->groups[g].forfeits;
    if (!total && !m->logs[0]) return; /* no engine and no forfeit: nothing to say */
    for (int g = 0; g < m->n_groups; g++) {
        printf("%-32s %ld forfeit%s", m->groups[g].spec, m->groups[g].forfeits,
               m->groups[g].forfeits == 1 ? "" : "s");
        const char *seen[64];
        int n_seen = 0;
        for (long i = 0; i < m->games; i++) {
            const game_row *r = &m->rows[i];
            if (r->forfeit_seat < 0 || m->group_of[r->seat_entrant[r->forfeit_seat]] != g) continue;
            int k = 0;
            while (k < n_seen && strcmp(seen[k], r->reason)) k++;
            if (k < n_seen || n_seen == 64) continue;
            seen[n_seen++] = r->reason;
            long count = 0;
            for (long j = i; j < m->games; j++) {
                const game_row *q = &m->rows[j];
                count += q->forfeit_seat >= 0 && m->group_of[q->seat_entrant[q->forfeit_seat]] == g &&
                         !strcmp(q->reason, r->reason);
            }
            printf("%s%s %ld", n_seen == 1 ? " (" : ", ", r->reason, count);
        }
        printf("%s\n", n_seen ? ")" : "");
    }
    for (long i = 0; i < m->games; i++) {
        const game_row *r = &m->rows[i];
        if (r->forfeit_seat < 0) continue;
        printf("forfeit: game %ld, seat %d, %s: %s\n", r->index >= 0 ? r->index : i,
               r->forfeit_seat, m->specs[r->seat_entrant[r->forfeit_seat]], r->detail);
    }
    if (m->logs[0]) printf("engines' stderr: %s\n", m->logs);
}

static void print_text(const match_args *a, const match *m)
{
    if (m->duplicate < 0) { /* --combine'd pieces of an older match: consecutive deal seeds */
        uint64_t lo = UINT64_MAX, hi = 0;
        for (long g = 0; g < m->games; g++) {
            if (m->rows[g].seed < lo) lo = m->rows[g].seed;
            if (m->rows[g].seed > hi) hi = m->rows[g].seed;
        }
        printf("%s, %d players, %ld games (seeds %llu..%llu%s, seats rotated)\n",
               gg_game_title(a->table.game), m->players, m->games, (unsigned long long)lo,
               (unsigned long long)hi,
               hi - lo + 1 == (uint64_t)(m->games / m->players) ? "" : ", with gaps");
    } else {
        printf("%s, %d players, %ld games (match seed %llu: %s, seats rotated)\n",
               gg_game_title(a->table.game), m->players, m->games, (unsigned long long)m->seed,
               m->duplicate == DEALS_LEGACY  ? "legacy deals: seed + game / players"
               : m->duplicate == DEALS_DUPLICATE ? "each deal played once from every seat"
                                                 : "a new deal every game");
    }
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
    print_forfeits(m);
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
    /* a piece of an older match (consecutive deal seeds) has no "deals" */
    const cJSON *deals = field(root, "deals");
    m->duplicate = !cJSON_IsString(deals) ? -1 : deals_kind(deals->valuestring);
    if (cJSON_IsString(deals) && m->duplicate < 0) return -1;
    if (m->duplicate >= 0 && read_u64(field(root, "seed"), &m->seed)) return -1;
    *options = cJSON_Duplicate(field(root, "options"), 1);
    return split_specs(m, list);
}

static int same_match(const match_args *a, const match *m, const cJSON *root,
                      const cJSON *options)
{
    if (strcmp(gg_game_name(a->table.game), field(root, "game")->valuestring) ||
        !cJSON_Compare(options, field(root, "options"), 1))
        return 0;
    const cJSON *deals = field(root, "deals");
    uint64_t seed;
    if (m->duplicate < 0 ? deals != NULL
                         : !cJSON_IsString(deals) ||
                               m->duplicate != deals_kind(deals->valuestring) ||
                               read_u64(field(root, "seed"), &seed) || seed != m->seed)
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
    if (!rows) return cli_error(_("out of memory"));
    m->rows = rows;
    const cJSON *x;
    cJSON_ArrayForEach(x, list) {
        game_row *row = &m->rows[m->games];
        memset(row, 0, sizeof *row);
        int seen = 0, score[GG_MAX_SEATS];
        const cJSON *index = field(x, "index"), *f = field(x, "forfeit");
        row->forfeit_seat = -1;
        row->index = m->duplicate >= 0 && cJSON_IsNumber(index) ? (long)index->valuedouble : -1;
        if (read_u64(field(x, "seed"), &row->seed) ||
            int_array(x, "seat_entrant", n, 0, n - 1, row->seat_entrant) ||
            int_array(x, "score", n, -1000000, 1000000, score) ||
            int_array(x, "rank", n, 1, n, row->res.rank))
            return -1;
        if (cJSON_IsObject(f)) {
            const cJSON *seat = field(f, "seat"), *why = field(f, "reason"), *detail = field(f, "detail");
            if (!cJSON_IsNumber(seat) || seat->valueint < 0 || seat->valueint >= n || !cJSON_IsString(why))
                return -1;
            row->forfeit_seat = seat->valueint;
            snprintf(row->reason, sizeof row->reason, "%s", why->valuestring);
            snprintf(row->detail, sizeof row->detail, "%s", cJSON_IsString(detail) ? detail->valuestring : "");
            m->groups[m->group_of[row->seat_entrant[row->forfeit_seat]]].forfeits++;
        }
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
    if (!text) return cli_error(_("cannot read %s"), path);
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
        rc = cli_error(_("%s: another match (the game, options, bots or match seed differ from the first file)"),
                       path);
    }
    if (!rc) rc = combine_bots(m, field(root, "bots"));
    if (!rc) rc = combine_games(m, field(root, "game_list"));
    cJSON_Delete(root);
    if (rc < 0) return cli_error(_("%s: not the --json output of gemgames match"), path);
    return rc;
}

static int by_seed(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* Pieces of one match must not share a game: each game index once. (Pieces
 * of an older match: a deal seed was one seat rotation, so more than N
 * games on it means two pieces overlap.) */
static int check_no_overlap(const match *m)
{
    uint64_t *keys = malloc((size_t)m->games * sizeof *keys + 1);
    if (!keys) return cli_error(_("out of memory"));
    int legacy = m->duplicate < 0, step = legacy ? m->players : 1;
    for (long g = 0; g < m->games; g++) keys[g] = legacy ? m->rows[g].seed : (uint64_t)m->rows[g].index;
    qsort(keys, (size_t)m->games, sizeof *keys, by_seed);
    int rc = 0;
    for (long g = step; g < m->games && !rc; g++)
        if (keys[g] == keys[g - step])
            rc = cli_error(_("%s %llu is in more than one file: the pieces overlap"),
                           legacy ? "seed" : "game", (unsigned long long)keys[g]);
    free(keys);
    return rc;
}
/* ----------------------------------------------------------------- play */

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
/* CPU time spent choosing: the process's with one thread, else the playing
 * thread's (an ISMCTS bot's own second thread, threads=2, is then not
 * counted). Set before any game starts. */
static clockid_t cpu_clock = CLOCK_PROCESS_CPUTIME_ID;
static double cpu_ms(void) { return clock_ms(cpu_clock); }

/* The entrants' bots. Engines get a stderr log each in m->logs. */
static int open_entrants(const match_args *a, match *m, gg_bot **bots, int thread)
{
    int engines = 0;
    for (int e = 0; e < m->players; e++) engines += gg_engine_spec(m->specs[e]);
    if (engines && !m->logs[0]) {
        if (a->logs) {
            if (mkdir(a->logs, 0777) && !is_dir(a->logs)) return cli_error(_("match: cannot create %s"), a->logs);
            snprintf(m->logs, sizeof m->logs, "%s", a->logs);
        } else {
            const char *tmp = getenv("TMPDIR");
            snprintf(m->logs, sizeof m->logs, "%s/gemgames-match-XXXXXX", tmp && *tmp ? tmp : "/tmp");
            if (!mkdtemp(m->logs)) return cli_error(_("match: cannot create a directory for the engines' logs"));
        }
    }
    gg_error err;
    for (int e = 0; e < m->players; e++) {
        uint64_t seed = m->duplicate == DEALS_LEGACY ? m->seed * 1000003u + (uint64_t)e * 7919u /* as then */
                                                     : bot_seed(m->seed, e);
        if (gg_engine_spec(m->specs[e])) {
            char log[sizeof m->logs + 64];
            if (thread) snprintf(log, sizeof log, "%s/entrant-%d-thread-%d.log", m->logs, e, thread + 1);
            else snprintf(log, sizeof log, "%s/entrant-%d.log", m->logs, e);
            gg_engine_config cfg = {log, a->reply_ms};
            bots[e] = gg_engine_open(m->specs[e], seed, &cfg, &err);
            if (!bots[e]) return cli_error(_("match: entrant %d: %s (its stderr: %s)"), e, err.msg, log);
        } else if (!(bots[e] = gg_bot_new(m->specs[e], seed, &err))) {
            return cli_error(_("match: %s"), err.msg);
        }
    }
    return 0;
}

/* The most seat's next move may take (0: no limit). */
static long move_limit(const gg_time_control *tc, long bank)
{
    long limit = tc->move_ms;
    if (tc->bank_ms) {
        long b = bank > 1 ? bank : 1;
        if (!limit || b < limit) limit = b;
    }
    return limit;
}

/* Seat `seat` loses game `row` by forfeit. */
static void forfeit(game_row *row, int seat, const char *reason, const char *detail)
{
    if (row->forfeit_seat >= 0) return;
    row->forfeit_seat = seat;
    snprintf(row->reason, sizeof row->reason, "%s", reason);
    snprintf(row->detail, sizeof row->detail, "%s", detail);
}

/* A forfeited game's result: the forfeiting seat last; the others ranked
 * among themselves as their scores so far rank them. */
static void forfeit_result(game_row *row, int n)
{
    int f = row->forfeit_seat, rank[GG_MAX_SEATS];
    for (int s = 0; s < n; s++) {
        rank[s] = 1;
        for (int t = 0; t < n; t++)
            if (t != f && t != s && row->res.rank[t] < row->res.rank[s]) rank[s]++;
    }
    rank[f] = n;
    row->res.winners = 0;
    for (int s = 0; s < n; s++) {
        row->res.rank[s] = rank[s];
        row->res.winners += rank[s] == 1;
    }
    row->res.over = 1;
}

/* "result=win|draw|loss rank=R scores=.. ranks=.. [forfeit=K reason=..]" */
static void game_over_args(const game_row *row, int n, int seat, char *buf, size_t cap)
{
    const gg_result *r = &row->res;
    const char *result = r->rank[seat] != 1 ? "loss" : r->winners > 1 ? "draw" : "win";
    size_t k = (size_t)snprintf(buf, cap, "result=%s rank=%d scores=", result, r->rank[seat]);
    for (int s = 0; s < n && k < cap; s++) k += (size_t)snprintf(buf + k, cap - k, "%s%d", s ? "," : "", (int)r->score[s]);
    if (k < cap) k += (size_t)snprintf(buf + k, cap - k, " ranks=");
    for (int s = 0; s < n && k < cap; s++) k += (size_t)snprintf(buf + k, cap - k, "%s%d", s ? "," : "", r->rank[s]);
    if (row->forfeit_seat >= 0 && k < cap)
        snprintf(buf + k, cap - k, " forfeit=%d reason=%s", row->forfeit_seat, row->reason);
}

/* The record of a game as JSON text, with the seats' bots and any forfeit. */
static char *record_text(const gg_record *rec, const match *m, const game_row *row)
{
    char *json = gg_record_json(rec);
    cJSON *root = cJSON_Parse(json);
    free(json);
    if (!root) return NULL;
    cJSON *bots = cJSON_AddArrayToObject(root, "bots");
    for (int s = 0; s < m->players; s++)
        cJSON_AddItemToArray(bots, cJSON_CreateString(m->specs[row->seat_entrant[s]]));
    if (row->forfeit_seat >= 0) {
        cJSON *f = cJSON_AddObjectToObject(root, "forfeit");
        cJSON_AddNumberToObject(f, "seat", row->forfeit_seat);
        cJSON_AddStringToObject(f, "reason", row->reason);
        cJSON_AddStringToObject(f, "detail", row->detail);
    }
    if (row->res.adjudicated) cJSON_AddTrueToObject(root, "adjudicated"); /* rule G-1 */
    char *out = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return out;
}

static int write_record(const char *dir, long index, const char *text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%05ld.json", dir, index);
    FILE *f = fopen(path, "w");
    int rc = 0;
    if (!f || fprintf(f, "%s\n", text) < 0) rc = cli_error(_("cannot write %s"), path);
    if (f && fclose(f)) rc = cli_error(_("cannot write %s"), path);
    return rc;
}

/* One decision of `seat`; 0 when the game goes on, 1 when the seat forfeits. */
static int decide(const match_args *a, match *m, gg_bot *bot, gg_state *s, int seat,
                  long *bank, game_row *row, gg_record *rec, game_stats *stats)
{
    int e = row->seat_entrant[seat], is_engine = gg_engine_spec(m->specs[e]);
    game_stats *G = &stats[m->group_of[e]];
    long limit = move_limit(&a->tc, *bank);
    if (is_engine) gg_engine_set_move_limit(bot, limit);
    gg_error err;
    gg_action act;
    double t0 = now_ms(), c0 = cpu_ms();
    gg_status st = gg_bot_choose(bot, s, seat, &act, &err);
    double took = now_ms() - t0;
    G->think_ms += took;
    G->cpu_ms += cpu_ms() - c0;
    G->decisions++;
    long its = gg_ismcts_last_iterations(bot);
    if (its > 0) {
        G->iterations += its;
        G->searched++;
    }
    if (is_engine && !st) took = gg_engine_last_move_ms(bot);
    if (st) {
        forfeit(row, seat, is_engine && *gg_engine_fault(bot) ? gg_engine_fault(bot) : "error", err.msg);
        return 1;
    }
    if (limit && took > (double)limit) {
        char msg[96];
        snprintf(msg, sizeof msg, "the move took %.0f ms, the limit was %ld ms", took, limit);
        forfeit(row, seat, GG_FAULT_TIMEOUT, msg);
        return 1;
    }
    if (a->tc.bank_ms) *bank += a->tc.inc_ms - (long)took;
    if ((rec && gg_record_add(rec, s, seat, act) != GG_OK) || gg_apply(s, seat, act, &err) != GG_OK) {
        forfeit(row, seat, GG_FAULT_ILLEGAL, err.msg);
        return 1;
    }
    return 0;
}

/* Plays game g of this run (game a->first_game + g of the match): entrant e
 * at seat (e + index) mod N. Its record text goes to *record. */
static int play_game(const match_args *a, match *m, gg_bot **bots, long g, char **record,
                     game_stats *stats)
{
    game_row *row = &m->rows[g];
    int n = m->players;
    long index = a->first_game + g;
    row->seed = m->duplicate == DEALS_LEGACY      ? m->seed + (uint64_t)(index / n)
                : m->duplicate == DEALS_DUPLICATE ? deal_seed(m->seed, (uint64_t)(index / n))
                                                  : deal_seed(m->seed, (uint64_t)index);
    row->forfeit_seat = -1;
    for (int e = 0; e < n; e++) {
        int seat = (int)((e + index) % n);
        row->seat_entrant[seat] = e;
        /* the bots' choices depend on the game's number only (--threads);
         * --legacy-deals keeps one random stream per bot over the games, as
         * then, so published results replay (on one thread) */
        if (m->duplicate != DEALS_LEGACY) gg_bot_reseed(bots[e], game_bot_seed(m, e, index));
    }
    gg_error err;
    gg_state *s = gg_new(a->table.game, &a->table.opts, row->seed, &err);
    if (!s) return cli_error("%s", err.msg);
    gg_record *rec = a->records ? gg_record_new(a->table.game, &a->table.opts, row->seed) : NULL;
    long bank[GG_MAX_SEATS];
    for (int seat = 0; seat < n; seat++) {
        bank[seat] = a->tc.bank_ms;
        gg_bot *bot = bots[row->seat_entrant[seat]];
        if (gg_engine_spec(gg_bot_spec(bot)) &&
            gg_engine_new_game(bot, s, seat, &a->tc, &err) != GG_OK) {
            forfeit(row, seat, gg_engine_fault(bot), err.msg);
            break;
        }
    }
    long decisions = 0;
    while (row->forfeit_seat < 0 && !gg_is_over(s) && !gg_length_reached(s, decisions)) {
        int seats[GG_MAX_SEATS]; /* rule G-1 above: every seat of a match is a bot */
        int k = gg_actors(s, seats);
        for (int i = 0; i < k; i++, decisions++)
            if (decide(a, m, bots[row->seat_entrant[seats[i]]], s, seats[i], &bank[seats[i]], row, rec, stats))
                break;
    }
    if (row->forfeit_seat >= 0) gg_result_get(s, &row->res); /* re-ranked below */
    else gg_result_adjudicate(s, &row->res); /* the game's own result when it ended by itself */
    if (row->forfeit_seat >= 0) forfeit_result(row, n);
    for (int seat = 0; seat < n; seat++) {
        gg_bot *bot = bots[row->seat_entrant[seat]];
        if (!gg_engine_spec(gg_bot_spec(bot))) continue;
        char args[256];
        game_over_args(row, n, seat, args, sizeof args);
        /* a forfeiting engine is stopped; one that breaks the protocol after
         * the game is too (both restart for the next game) */
        if (seat == row->forfeit_seat || gg_engine_game_over(bot, args, &err) != GG_OK)
            gg_engine_stop(bot);
    }
    if (rec && !(*record = record_text(rec, m, row))) {
        gg_record_free(rec);
        gg_free(s);
        return cli_error(_("cannot format the record of game %ld"), index);
    }
    gg_record_free(rec);
    gg_free(s);
    return 0;
}

/* The games spread over threads (par.h, --threads): each thread has its own
 * bots (and engine processes), reseeded from the game's number before every
 * game; rows are per game; times, counts, tallies and records are taken on
 * the main thread in game order, so the output does not depend on the
 * number of threads. */
typedef struct game_out {
    char *record;
    game_stats stats[GG_MAX_SEATS]; /* per group */
} game_out;

typedef struct match_run {
    const match_args *a;
    match *m;
    gg_bot *(*bots)[GG_MAX_SEATS]; /* [thread][entrant] */
    game_out *out;                  /* [slot] */
    char *texts[GG_MAX_SEATS];      /* a deal's records, written together */
} match_run;

static int match_game(void *ctx, int thread, int slot, long g)
{
    match_run *r = ctx;
    game_out *o = &r->out[slot];
    memset(o->stats, 0, sizeof o->stats);
    o->record = NULL;
    return play_game(r->a, r->m, r->bots[thread], g, &o->record, o->stats);
}

/* Game g in order: its sums, its tally, and a whole deal's records at a time. */
static int match_take(void *ctx, int slot, long g)
{
    match_run *r = ctx;
    const match_args *a = r->a;
    match *m = r->m;
    game_out *o = &r->out[slot];
    const game_row *row = &m->rows[g];
    for (int seat = 0; seat < m->players; seat++) m->seat_count[row->seat_entrant[seat]][seat]++;
    for (int k = 0; k < m->n_groups; k++) {
        group *G = &m->groups[k];
        G->think_ms += o->stats[k].think_ms;
        G->cpu_ms += o->stats[k].cpu_ms;
        G->decisions += o->stats[k].decisions;
        G->searched += o->stats[k].searched;
        G->iterations += o->stats[k].iterations;
    }
    if (row->forfeit_seat >= 0) m->groups[m->group_of[row->seat_entrant[row->forfeit_seat]]].forfeits++;
    tally(m, row);
    int block = m->duplicate != DEALS_FRESH ? m->players : 1, rc = 0;
    int at = (int)(g % block);
    r->texts[at] = o->record;
    o->record = NULL;
    if (a->records && at == block - 1)
        for (int i = 0; i < block && !rc; i++)
            rc = write_record(a->records, a->first_game + g - (block - 1) + i, r->texts[i]);
    if (at == block - 1)
        for (int i = 0; i < block; i++) free(r->texts[i]), r->texts[i] = NULL;
    if (!rc && a->progress && (g + 1) % m->players == 0)
        fprintf(stderr, "match: %ld/%ld games\n", g + 1, m->games);
    return rc;
}

/* Opens every thread's entrants and plays every game. External engines are
 * started once per thread: each thread talks to its own processes. */
static int play_all(const match_args *a, match *m)
{
    int threads = a->threads < m->games ? a->threads : (int)m->games;
    if (threads < 1 || m->duplicate == DEALS_LEGACY) threads = 1; /* bots as then: in turn */
    if (threads > 1) cpu_clock = CLOCK_THREAD_CPUTIME_ID;
    match_run r = {.a = a, .m = m};
    r.bots = calloc((size_t)threads, sizeof *r.bots);
    r.out = calloc((size_t)cli_par_slots(threads), sizeof *r.out);
    int rc = !r.bots || !r.out ? cli_error(_("out of memory")) : 0;
    for (int t = 0; t < threads && !rc; t++) rc = open_entrants(a, m, r.bots[t], t);
    if (!rc) rc = cli_par_run(m->games, threads, match_game, match_take, &r);
    for (int i = 0; i < GG_MAX_SEATS; i++) free(r.texts[i]);
    for (int i = 0; r.out && i < cli_par_slots(threads); i++) free(r.out[i].record);
    for (int t = 0; r.bots && t < threads; t++)
        for (int e = 0; e < m->players; e++) gg_bot_free(r.bots[t][e]);
    free(r.bots);
    free(r.out);
    return rc;
}

/* ---------------------------------------------------------------- main */

static int cmd_match_combine(match_args *a)
{
    match *m = calloc(1, sizeof *m);
    if (!m) return cli_error(_("out of memory"));
    cJSON *options = NULL;
    int rc = 0, files = 0;
    for (int i = 0; i < a->n_files && !rc; i++, files++) rc = combine_piece(a, m, a->files[i], &options);
    if (!rc) rc = check_no_overlap(m);
    if (!rc) {
        for (long g = 0; g < m->games; g++) tally(m, &m->rows[g]);
        if (m->duplicate < 0) { /* an older match: its lowest deal seed */
            m->seed = UINT64_MAX;
            for (long g = 0; g < m->games; g++)
                if (m->rows[g].seed < m->seed) m->seed = m->rows[g].seed;
        }
        if (a->json) {
            print_json(a, m, options);
            options = NULL;
        } else {
            print_text(a, m);
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
    match_args a;
    memset(&a, 0, sizeof a);
    int rc = read_options(&a, argc, argv);
    if (rc) return rc < 0 ? 0 : rc;
    if (a.combine) return cmd_match_combine(&a);
    if (check_args(&a)) return 2;
    match *m = calloc(1, sizeof *m);
    if (!m) return cli_error(_("out of memory"));
    m->players = a.table.opts.players;
    m->duplicate = a.duplicate;
    rc = a.bots ? split_specs(m, a.bots) : read_bots_file(m, a.bots_file);
    if (!rc && !a.table.seed_given) rc = random_seed(&a.table.seed);
    m->seed = a.table.seed;
    /* whole blocks of N games, so every entrant plays every seat equally */
    m->games = (a.games + m->players - 1) / m->players * m->players;
    if (!rc && !(m->rows = calloc((size_t)m->games, sizeof *m->rows)))
        rc = cli_error(_("out of memory"));
    for (long g = 0; g < m->games && m->rows; g++) m->rows[g].index = a.first_game + g;
    if (!rc && a.records && mkdir(a.records, 0777) && !is_dir(a.records))
        rc = cli_error(_("cannot create %s"), a.records);
    if (!rc && a.progress)
        fprintf(stderr, "match: seed %llu (--seed %llu plays this match again)\n",
                (unsigned long long)m->seed, (unsigned long long)m->seed);
    if (!rc) rc = play_all(&a, m);
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
    free(m->rows);
    free(m);
    return rc ? 1 : 0;
}
