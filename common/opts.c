/* common/opts.c — the table-driven option parser (opts.h) on getopt_long. */
#include "opts.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gemgames.h"
#include "intl.h" /* _(): the help and the errors in the user's language */

enum { MAX_OPTS = 32, VAL_BASE = 0x100, VAL_HELP = 0x80, VAL_VERSION = 0x81, VAL_LANG = 0x82 };

static int count_opts(const cli_spec *spec)
{
    int n = 0;
    while (spec->opts && spec->opts[n].name) n++;
    return n;
}

int cli_usage_error(const cli_spec *spec, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "gemgames %s: ", spec->name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    fprintf(stderr, _("Try 'gemgames %s --help'."), spec->name);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

/* Screen columns of the first n bytes of UTF-8 text: one a character (the
 * languages we speak have no wide or combining letters in their help). */
static int columns(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n; i++) c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* `text` from column `indent` to at most `width` (screen columns, not
 * bytes: translations are UTF-8), broken at spaces; the following lines
 * indented as much. A word longer than the line stays whole. */
static void print_wrapped(FILE *out, const char *text, int indent, int width)
{
    int col = indent;
    while (*text) {
        size_t bytes = strcspn(text, " ");
        int word = columns(text, bytes);
        if (col > indent && col + 1 + word > width) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', out);
            col++;
        }
        fwrite(text, 1, bytes, out);
        col += word;
        text += bytes;
        while (*text == ' ') text++;
    }
    fputc('\n', out);
}

static int has_opt(const cli_spec *spec, const char *name)
{
    for (int i = 0; i < count_opts(spec); i++)
        if (!strcmp(spec->opts[i].name, name)) return 1;
    return 0;
}

void cli_opts_usage(const cli_spec *spec, FILE *out)
{
    fprintf(out, _("usage: gemgames %s %s\n%s\n\noptions:\n"), spec->name, spec->operands,
            _(spec->summary));
    for (int i = 0; i < count_opts(spec); i++) {
        const cli_opt *o = &spec->opts[i];
        char left[64];
        snprintf(left, sizeof left, "--%s%s%s", o->name, o->value ? " " : "",
                 o->value ? o->value : "");
        fprintf(out, "  %-22s ", left);
        print_wrapped(out, _(o->help), 25, 79);
    }
    if (!has_opt(spec, "lang")) {
        fprintf(out, "  %-22s ", "--lang LANG");
        print_wrapped(out, _("the language of the messages: en, pl, hu, cs, fr (default: from "
                             "LANG/LC_MESSAGES)"), 25, 79);
    }
    fprintf(out, "  %-22s %s\n  %-22s %s\n", "-h, --help", _("this text, then exit"), "--version",
            _("the version, then exit"));
    if (spec->more) fprintf(out, "\n%s\n", _(spec->more));
}

void cli_opts_begin(cli_parser *p, const cli_spec *spec, int argc, char **argv)
{
    memset(p, 0, sizeof *p);
    p->spec = spec;
    p->argc = argc;
    p->argv = argv;
    /* ':' first: a missing value is told apart from an unknown option */
    snprintf(p->optstring, sizeof p->optstring, ":h");
    optind = 0; /* glibc: start afresh (each command parses once, from argv[1]) */
    opterr = 0;
}

/* The option getopt_long stopped at, as the user wrote it (for messages). */
static const char *offending(const cli_parser *p)
{
    int i = optind - 1;
    if (i < 1 || i >= p->argc) return "?";
    return p->argv[i];
}

/* How many options "--xyz" abbreviates (getopt_long takes a unique prefix). */
static int prefix_matches(const cli_spec *spec, const char *arg)
{
    if (strncmp(arg, "--", 2) != 0 || !arg[2]) return 0;
    size_t len = strlen(arg + 2);
    int n = 0;
    for (int i = 0; i < count_opts(spec); i++) n += !strncmp(spec->opts[i].name, arg + 2, len);
    n += !strncmp("help", arg + 2, len) + !strncmp("version", arg + 2, len);
    if (!has_opt(spec, "lang")) n += !strncmp("lang", arg + 2, len);
    return n;
}

/* An error from getopt_long: which of the three kinds, naming the option. */
static int report(cli_parser *p, int c)
{
    const char *arg = offending(p);
    if (c == ':') {
        p->status = cli_usage_error(p->spec, _("option '%s' needs a value"), arg);
    } else if (optopt >= VAL_BASE) { /* a known option given a value it does not take */
        p->status = cli_usage_error(p->spec, _("option '--%s' takes no value ('%s')"),
                                    p->spec->opts[optopt - VAL_BASE].name, arg);
    } else if (optopt && optopt != '?') {
        p->status = cli_usage_error(p->spec, _("unknown option '-%c'"), optopt);
    } else {
        char name[80];
        snprintf(name, sizeof name, "%s", arg);
        char *eq = strchr(name, '=');
        if (eq && strncmp(name, "--", 2) == 0) *eq = '\0';
        p->status = prefix_matches(p->spec, name) > 1
                        ? cli_usage_error(p->spec, _("ambiguous option '%s'"), name)
                        : cli_usage_error(p->spec, _("unknown option '%s'"), name);
    }
    return CLI_OPTS_EXIT;
}

int cli_opts_next(cli_parser *p, const char **value)
{
    struct option longs[MAX_OPTS + 4];
    int n = count_opts(p->spec);
    if (n > MAX_OPTS) n = MAX_OPTS;
    for (int i = 0; i < n; i++)
        longs[i] = (struct option){p->spec->opts[i].name,
                                   p->spec->opts[i].value ? required_argument : no_argument,
                                   NULL, VAL_BASE + i};
    longs[n] = (struct option){"help", no_argument, NULL, VAL_HELP};
    longs[n + 1] = (struct option){"version", no_argument, NULL, VAL_VERSION};
    int k = n + 2;
    if (!has_opt(p->spec, "lang")) /* every command's; cli_lang_scan applied it */
        longs[k++] = (struct option){"lang", required_argument, NULL, VAL_LANG};
    longs[k] = (struct option){NULL, 0, NULL, 0};
    *value = NULL;
    int c = getopt_long(p->argc, p->argv, p->optstring, longs, NULL);
    if (c == -1) {
        p->next = optind;
        return CLI_OPTS_END;
    }
    if (c == 'h' || c == VAL_HELP) {
        cli_opts_usage(p->spec, stdout);
        p->status = 0;
        return CLI_OPTS_EXIT;
    }
    if (c == VAL_LANG) return cli_opts_next(p, value); /* already in use (main) */
    if (c == VAL_VERSION) {
        printf("gemgames %s\n", GG_VERSION);
        p->status = 0;
        return CLI_OPTS_EXIT;
    }
    if (c >= VAL_BASE && c < VAL_BASE + n) {
        *value = optarg;
        return c - VAL_BASE;
    }
    return report(p, c);
}

int cli_opts_operands(const cli_parser *p, char ***operands)
{
    *operands = p->argv + p->next;
    return p->argc - p->next;
}
