/* common/opts.c — the table-driven option parser (opts.h) on getopt_long. */
#include "opts.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gemgames.h"

enum { MAX_OPTS = 32, VAL_BASE = 0x100, VAL_HELP = 0x80, VAL_VERSION = 0x81 };

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
    fprintf(stderr, "\nTry 'gemgames %s --help'.\n", spec->name);
    va_end(ap);
    return 2;
}

/* `text` from column `indent` to at most `width`, broken at spaces; the
 * following lines indented as much. A word longer than the line stays whole. */
static void print_wrapped(FILE *out, const char *text, int indent, int width)
{
    int col = indent;
    while (*text) {
        size_t word = strcspn(text, " ");
        if (col > indent && col + 1 + (int)word > width) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', out);
            col++;
        }
        fwrite(text, 1, word, out);
        col += (int)word;
        text += word;
        while (*text == ' ') text++;
    }
    fputc('\n', out);
}

void cli_opts_usage(const cli_spec *spec, FILE *out)
{
    fprintf(out, "usage: gemgames %s %s\n%s\n\noptions:\n", spec->name, spec->operands,
            spec->summary);
    for (int i = 0; i < count_opts(spec); i++) {
        const cli_opt *o = &spec->opts[i];
        char left[64];
        snprintf(left, sizeof left, "--%s%s%s", o->name, o->value ? " " : "",
                 o->value ? o->value : "");
        fprintf(out, "  %-22s ", left);
        print_wrapped(out, o->help, 25, 79);
    }
    fprintf(out, "  %-22s %s\n  %-22s %s\n", "-h, --help", "this text, then exit", "--version",
            "the version, then exit");
    if (spec->more) fprintf(out, "\n%s\n", spec->more);
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
    return n;
}

/* An error from getopt_long: which of the three kinds, naming the option. */
static int report(cli_parser *p, int c)
{
    const char *arg = offending(p);
    if (c == ':') {
        p->status = cli_usage_error(p->spec, "option '%s' needs a value", arg);
    } else if (optopt >= VAL_BASE) { /* a known option given a value it does not take */
        p->status = cli_usage_error(p->spec, "option '--%s' takes no value ('%s')",
                                    p->spec->opts[optopt - VAL_BASE].name, arg);
    } else if (optopt && optopt != '?') {
        p->status = cli_usage_error(p->spec, "unknown option '-%c'", optopt);
    } else {
        char name[80];
        snprintf(name, sizeof name, "%s", arg);
        char *eq = strchr(name, '=');
        if (eq && strncmp(name, "--", 2) == 0) *eq = '\0';
        p->status = prefix_matches(p->spec, name) > 1
                        ? cli_usage_error(p->spec, "ambiguous option '%s'", name)
                        : cli_usage_error(p->spec, "unknown option '%s'", name);
    }
    return CLI_OPTS_EXIT;
}

int cli_opts_next(cli_parser *p, const char **value)
{
    struct option longs[MAX_OPTS + 3];
    int n = count_opts(p->spec);
    if (n > MAX_OPTS) n = MAX_OPTS;
    for (int i = 0; i < n; i++)
        longs[i] = (struct option){p->spec->opts[i].name,
                                   p->spec->opts[i].value ? required_argument : no_argument,
                                   NULL, VAL_BASE + i};
    longs[n] = (struct option){"help", no_argument, NULL, VAL_HELP};
    longs[n + 1] = (struct option){"version", no_argument, NULL, VAL_VERSION};
    longs[n + 2] = (struct option){NULL, 0, NULL, 0};
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
