/* common.c — argument helpers shared by the commands. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "par.h"

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gemgames: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

int cli_parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

int cli_parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!*s || *s == '-') return -1;
    unsigned long long v = strtoull(s, &end, 0);
    if (*end || errno) return -1;
    *out = v;
    return 0;
}

int cli_table_init(cli_table *t, const char *game_name)
{
    memset(t, 0, sizeof *t);
    t->game = game_name ? gg_game_find(game_name) : NULL;
    if (!t->game) {
        char names[128] = "";
        for (int i = 0; i < gg_game_count(); i++) {
            strncat(names, i ? ", " : "", sizeof names - strlen(names) - 1);
            strncat(names, gg_game_name(gg_game_at(i)), sizeof names - strlen(names) - 1);
        }
        return cli_error(_("unknown game \"%s\" (games: %s)"), game_name ? game_name : "", names);
    }
    gg_options_init(&t->opts, t->game, gg_game_min_players(t->game));
    return 0;
}

/* The game's option named by "key=value" (or by "key"), or NULL. */
static const gg_option_info *option_named(const gg_game *game, const char *kv)
{
    size_t len = strcspn(kv, "=");
    for (int i = 0; i < gg_game_option_count(game); i++) {
        const gg_option_info *o = gg_game_option(game, i);
        if (strlen(o->key) == len && !strncmp(o->key, kv, len)) return o;
    }
    return NULL;
}

/* Why --players VALUE or --option KEY=VALUE was refused, in the user's
 * language: the usual cases in words, the others (such as an option
 * combination) by cli_reason. Returns the exit code. */
static int option_error(const cli_table *t, const char *name, const char *value, const gg_error *err)
{
    const char *title = gg_game_title(t->game);
    if (!strcmp(name, "players"))
        return cli_error(_("--players %s: %s is for %d to %d players"), value, title,
                         gg_game_min_players(t->game), gg_game_max_players(t->game));
    const gg_option_info *o = option_named(t->game, value);
    char list[256] = "";
    if (!o) {
        for (int i = 0; i < gg_game_option_count(t->game); i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                     gg_game_option(t->game, i)->key);
        return cli_error(_("--option %s: %s has no such option (its options: %s)"), value, title, list);
    }
    const char *v = strchr(value, '=');
    int known = 0;
    for (int i = 0; i < o->n_values; i++) {
        known |= v && !strcmp(v + 1, o->values[i]);
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", o->values[i]);
    }
    if (!v || !known)
        return cli_error(_("--option %s: %s takes one of %s"), value, o->key, list);
    char why[200];
    return cli_error("--%s %s: %s", name, value, cli_reason(err, why, sizeof why));
}

int cli_table_opt(cli_table *t, const char *name, const char *value)
{
    gg_error err;
    if (!strcmp(name, "players") || !strcmp(name, "option")) {
        int bad = !strcmp(name, "players")
                      ? gg_options_set(&t->opts, t->game, "players", value, &err)
                      : gg_options_set_kv(&t->opts, t->game, value, &err);
        return bad ? option_error(t, name, value, &err) : 0;
    }
    if (!strcmp(name, "seed")) {
        if (cli_parse_u64(value, &t->seed))
            return cli_error(_("--seed takes a whole number, not \"%s\""), value);
        t->seed_given = 1;
        return 0;
    }
    return cli_error(_("--%s is not a table option"), name);
}

char *cli_read_file(const char *path, size_t max)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (n == 0) break;
        if (len + 1 == cap) {
            if (cap >= max) {
                free(buf);
                buf = NULL;
                break;
            }
            char *nb = realloc(buf, cap *= 2);
            if (!nb) free(buf);
            buf = nb;
        }
    }
    if (f != stdin) fclose(f);
    if (buf) buf[len] = '\0';
    return buf;
}

uint64_t cli_time_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
}

void cli_seats_from_one(const char *in, char *out, size_t n)
{
    size_t o = 0;
    if (!n) return;
    for (const char *p = in; *p && o + 1 < n;) {
        int word = (p == in || !((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z')));
        if (word && (p[0] == 's' || p[0] == 'S') && !strncmp(p + 1, "eat ", 4) && p[5] >= '0' && p[5] <= '9') {
            char *end;
            long v = strtol(p + 5, &end, 10);
            int k = snprintf(out + o, n - o, "%.5s%ld", p, v + 1);
            if (k < 0 || (size_t)k >= n - o) break;
            o += (size_t)k;
            p = end;
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = '\0';
}

/* The engine's refusal by its status, for a player of another language. */
static const char *reason_of_status(gg_status code)
{
    switch (code) {
    case GG_EILLEGAL: return _("against the rules");
    case GG_EPARSE: return _("not written in the game's notation");
    case GG_EOPTION: return _("the rules do not allow these options together");
    case GG_ESEAT: return _("it is not this seat's turn");
    case GG_EOVER: return _("the game is over");
    case GG_ENOMEM: return _("out of memory");
    case GG_EIO: return _("a file could not be read or written");
    default: return _("refused");
    }
}

/* A rule id at p ("Y-6.2", "S-4"), its length or 0. */
static size_t rule_id_at(const char *p, const char *start)
{
    if ((*p != 'Y' && *p != 'S') || p[1] != '-' || p[2] < '0' || p[2] > '9') return 0;
    if (p > start && ((p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= 'a' && p[-1] <= 'z'))) return 0;
    size_t k = 2;
    while (p[k] >= '0' && p[k] <= '9') k++;
    if (p[k] == '.' && p[k + 1] >= '0' && p[k + 1] <= '9')
        for (k++; p[k] >= '0' && p[k] <= '9';) k++;
    return k;
}

const char *cli_reason(const gg_error *err, char *buf, size_t n)
{
    if (!strcmp(cli_i18n_lang(), "en")) return err->msg;
    char ids[6][16];
    int nids = 0;
    for (const char *p = err->msg; *p && nids < 6; p++) {
        size_t k = rule_id_at(p, err->msg);
        if (!k || k >= sizeof ids[0]) continue;
        memcpy(ids[nids], p, k);
        ids[nids][k] = 0;
        int seen = 0;
        for (int i = 0; i < nids; i++) seen |= !strcmp(ids[i], ids[nids]);
        nids += !seen;
        p += k - 1;
    }
    int o = snprintf(buf, n, "%s", reason_of_status(err->code));
    for (int i = 0; i < nids && o >= 0 && (size_t)o < n; i++)
        o += snprintf(buf + o, n - (size_t)o, "%s%s%s", i ? ", " : " (", ids[i], i == nids - 1 ? ")" : "");
    return buf;
}

void cli_bot_name(const char *spec, char *buf, size_t n)
{
    if (!spec) spec = "";
    if (!strcmp(spec, "random")) snprintf(buf, n, "%s", _("random"));
    else if (!strcmp(spec, "heuristic")) snprintf(buf, n, "%s", _("heuristic"));
    else if (!strncmp(spec, "ismcts", 6) && (!spec[6] || spec[6] == ':')) {
        long ms = !strncmp(spec + 6, ":ms=", 4) ? strtol(spec + 10, NULL, 10) : 0;
        /* TRANSLATORS: the searching bot (ISMCTS) with its time a move */
        if (ms > 0) snprintf(buf, n, _("thinking %gs"), (double)ms / 1000);
        else snprintf(buf, n, "%s", _("thinking"));
    } else {
        snprintf(buf, n, "%s", spec); /* an engine: the name it was given */
    }
}

/* `spec` with threads=2 where cli_play_bot_new asks for it, in out. */
static void play_bot_spec(const char *spec, int cores, char *out, size_t n)
{
    snprintf(out, n, "%s", spec);
    if (cores < 2 || strncmp(spec, "ismcts:", 7)) return;
    int timed = 0;
    for (const char *p = spec + 6; p && *p; p = strchr(p + 1, ':')) {
        if (!strncmp(p, ":threads=", 9)) return; /* the spec's own choice */
        timed |= !strncmp(p, ":ms=", 4);
    }
    if (timed && strlen(spec) + sizeof ":threads=2" <= n) snprintf(out, n, "%s:threads=2", spec);
}

gg_bot *cli_play_bot_new(const char *spec, uint64_t seed, int seat, gg_error *err)
{
    char run[300];
    play_bot_spec(spec, cli_threads_default(), run, sizeof run);
    return gg_bot_new(run, seed + 7919u * (uint64_t)(seat + 1), err);
}

const char *cli_pad(char *buf, size_t n, const char *s, int width)
{
    if (!n) return "";
    size_t len = (size_t)snprintf(buf, n, "%s", s ? s : "");
    if (len >= n) len = n - 1;
    int cols = 0;
    for (size_t i = 0; i < len; i++) cols += ((unsigned char)buf[i] & 0xC0) != 0x80;
    while (cols < width && len + 1 < n) {
        buf[len++] = ' ';
        cols++;
    }
    buf[len] = 0;
    return buf;
}
