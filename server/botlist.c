/* botlist.c — the bots a client may ask for, and nothing else.
 *
 * A bot spec from the network (table creation, the `bot` hand-over) or from
 * the store is checked here before gg_bot_new sees it. Allowed are the
 * built-in bots with budgets under the server's maxima, and the external
 * engines the operator named in the --engines file. "engine:CMD" runs a
 * command, so it is never taken from a client: a client names an engine,
 * and only this file turns the name into the command (docs/server.md,
 * "Security"). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

enum { MAX_ENGINES = 32, ENGINE_NAME = 33, ENGINE_CMD = 512 };

static struct {
    int n;
    char name[MAX_ENGINES][ENGINE_NAME];
    char cmd[MAX_ENGINES][ENGINE_CMD];
    long max_ms, max_iters;
} list;

static int fail(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *why, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
    return -1;
}

static int is_builtin_name(const char *s)
{
    return !strcmp(s, "random") || !strcmp(s, "heuristic") || !strcmp(s, "ismcts") ||
           !strcmp(s, "engine") || !strcmp(s, "human");
}

static int engine_name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n >= ENGINE_NAME || !islower((unsigned char)s[0])) return 0;
    for (; *s; s++)
        if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && !strchr("_.-", *s))
            return 0;
    return 1;
}

/* One "name=command" line of the engines file; blank lines and # comments
 * are skipped. 0, or -1 with err. */
static int engines_line(char *line, const char *path, int lineno, char *err)
{
    line[strcspn(line, "\r\n")] = 0;
    char *p = line;
    while (isspace((unsigned char)*p)) p++;
    if (!*p || *p == '#') return 0;
    char *eq = strchr(p, '=');
    if (!eq) {
        snprintf(err, STORE_ERR, "%.100s:%d: expected name=command", path, lineno);
        return -1;
    }
    *eq = 0;
    char *end = eq;
    while (end > p && isspace((unsigned char)end[-1])) *--end = 0;
    const char *cmd = eq + 1;
    while (isspace((unsigned char)*cmd)) cmd++;
    if (!engine_name_ok(p) || is_builtin_name(p)) {
        snprintf(err, STORE_ERR,
                 "%.50s:%d: engine name \"%.20s\" must be 1-32 of a-z 0-9 _ . - (from a "
                 "letter), not a built-in bot's", path, lineno, p);
        return -1;
    }
    if (!*cmd || strlen(cmd) >= ENGINE_CMD || list.n == MAX_ENGINES) {
        snprintf(err, STORE_ERR, "%.100s:%d: empty or too long command, or more than %d engines",
                 path, lineno, MAX_ENGINES);
        return -1;
    }
    for (int i = 0; i < list.n; i++)
        if (!strcmp(list.name[i], p)) {
            snprintf(err, STORE_ERR, "%.100s:%d: engine \"%.32s\" named twice", path, lineno, p);
            return -1;
        }
    snprintf(list.name[list.n], ENGINE_NAME, "%.32s", p);
    snprintf(list.cmd[list.n], ENGINE_CMD, "%.511s", cmd);
    list.n++;
    return 0;
}

int srv_botlist_init(const srv_config *cfg, char *err)
{
    list.n = 0;
    list.max_ms = cfg->bot_max_ms;
    list.max_iters = cfg->bot_max_iters;
    if (!cfg->engines_file) return 0;
    FILE *f = fopen(cfg->engines_file, "r");
    if (!f) {
        snprintf(err, STORE_ERR, "cannot read the engines file %.150s", cfg->engines_file);
        return -1;
    }
    char line[1024];
    int r = 0;
    for (int lineno = 1; r == 0 && fgets(line, sizeof line, f); lineno++)
        r = engines_line(line, cfg->engines_file, lineno, err);
    fclose(f);
    return r;
}

/* "ismcts[:ms=N|:iters=N][:rollout=random|heuristic|light][:reward=win|rank]",
 * each parameter at most once, budgets within the server's maxima (without
 * rollout= the game's default policy: light for Splendor; for Ys light
 * where rollouts play to the end, random under the learned cut-off). */
static int ismcts_ok(const char *params, char *why, size_t wn)
{
    char buf[SRV_MAX_BOT_SPEC];
    snprintf(buf, sizeof buf, "%s", params);
    int ms = 0, iters = 0, rollout = 0, reward = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ":", &save); tok;
         tok = strtok_r(NULL, ":", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq) return fail(why, wn, "ismcts: \"%s\" is not key=value", tok);
        *eq = 0;
        const char *v = eq + 1;
        if (!strcmp(tok, "ms") || !strcmp(tok, "iters")) {
            long max = tok[0] == 'm' ? list.max_ms : list.max_iters;
            char *end;
            long x = strtol(v, &end, 10);
            if (!isdigit((unsigned char)*v) || *end || x < 1 || x > max)
                return fail(why, wn, "ismcts: %s must be 1 to %ld on this server", tok, max);
            if (tok[0] == 'm' ? ms++ : iters++) return fail(why, wn, "ismcts: %s given twice", tok);
        } else if (!strcmp(tok, "rollout") && !rollout++) {
            if (strcmp(v, "random") && strcmp(v, "heuristic") && strcmp(v, "light"))
                return fail(why, wn, "ismcts: rollout is random, heuristic or light");
        } else if (!strcmp(tok, "reward") && !reward++) {
            if (strcmp(v, "win") && strcmp(v, "rank"))
                return fail(why, wn, "ismcts: reward is win or rank");
        } else {
            return fail(why, wn, "ismcts: \"%s\" is not allowed here (ms, iters, rollout, "
                                 "reward, each once)", tok);
        }
    }
    if (ms && iters) return fail(why, wn, "ismcts: give ms or iters, not both");
    /* without either it runs 1000 iterations: that too stays under the maximum */
    if (!ms && !iters && list.max_iters < 1000)
        return fail(why, wn, "ismcts: give ms or iters (at most %ld iterations here)",
                    list.max_iters);
    return 0;
}

int srv_bot_allowed(const char *spec, char *run, size_t rn, char *why, size_t wn)
{
    if (!spec || !*spec) return fail(why, wn, "an empty bot spec");
    if (strlen(spec) >= SRV_MAX_BOT_SPEC)
        return fail(why, wn, "bot spec \"%.40s...\" is too long", spec);
    if (!strcmp(spec, "random") || !strcmp(spec, "heuristic")) {
        snprintf(run, rn, "%s", spec);
        return 0;
    }
    if (!strcmp(spec, "ismcts") || !strncmp(spec, "ismcts:", 7)) {
        if (ismcts_ok(spec[6] ? spec + 7 : "", why, wn) != 0) return -1;
        snprintf(run, rn, "%s", spec);
        return 0;
    }
    for (int i = 0; i < list.n; i++)
        if (!strcmp(spec, list.name[i])) {
            snprintf(run, rn, "engine:%s", list.cmd[i]);
            return 0;
        }
    return fail(why, wn, "bot \"%.40s\" is not offered here (random, heuristic, ismcts[:ms=N], "
                         "or an engine this server names)", spec);
}

cJSON *srv_bot_offers(void)
{
    char spec[64];
    cJSON *a = cJSON_CreateArray();
    cJSON_AddItemToArray(a, cJSON_CreateString("random"));
    cJSON_AddItemToArray(a, cJSON_CreateString("heuristic"));
    static const long ms[] = {300, 1000};
    for (int i = 0; i < 2; i++)
        if (ms[i] <= list.max_ms) {
            snprintf(spec, sizeof spec, "ismcts:ms=%ld", ms[i]);
            cJSON_AddItemToArray(a, cJSON_CreateString(spec));
        }
    for (int i = 0; i < list.n; i++) cJSON_AddItemToArray(a, cJSON_CreateString(list.name[i]));
    return a;
}
