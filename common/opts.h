/* common/opts.h — one table-driven option parser for every command, on top of
 * getopt_long. A command describes itself once (name, operands, a line on
 * what it does, its options with their value names and help); the same table
 * gives the parser, the --help text and the usage errors, so they cannot
 * disagree. Conventions (docs/architecture.md, "Command line"):
 *   --help / -h   prints the usage on stdout, exit 0;
 *   --version     prints "gemgames VERSION" on stdout, exit 0;
 *   a usage error (unknown option, missing or unwanted value, bad operand)
 *   names the option on stderr with a hint to --help, exit 2.
 * Options may come before or after the operands (getopt_long permutes),
 * values as "--opt V" or "--opt=V"; "--" ends the options.
 * It needs only libc and GG_VERSION, so any command (the server's too) can
 * stand on it. */
#ifndef GG_CLI_OPTS_H
#define GG_CLI_OPTS_H

#include <stdio.h>

/* One long option. `value` names its value in the usage ("N", "FILE"), or
 * is NULL for a flag without a value. */
typedef struct cli_opt {
    const char *name; /* without the leading "--" */
    const char *value;
    const char *help; /* one line */
} cli_opt;

/* A command: "gemgames NAME OPERANDS", what it does, its options (ended by
 * an entry with a NULL name). `more` (may be NULL) is printed after the
 * options: examples, where the docs are. */
typedef struct cli_spec {
    const char *name;
    const char *operands; /* e.g. "GAME [OPTION]..." */
    const char *summary;
    const cli_opt *opts;
    const char *more;
} cli_spec;

enum {
    CLI_OPTS_END = -1,  /* no options left: operands are argv[p->next .. argc-1] */
    CLI_OPTS_EXIT = -2, /* the command ends now with p->status (help, version, error) */
};

typedef struct cli_parser {
    const cli_spec *spec;
    int argc;
    char **argv;
    int next;   /* the first operand, once cli_opts_next returned CLI_OPTS_END */
    int status; /* the exit code, once cli_opts_next returned CLI_OPTS_EXIT */
    char optstring[8];
} cli_parser;

void cli_opts_begin(cli_parser *p, const cli_spec *spec, int argc, char **argv);
/* The next option: its index in spec->opts, with *value its value (NULL for
 * a flag); or CLI_OPTS_END; or CLI_OPTS_EXIT after --help, --version or a
 * usage error (already printed). */
int cli_opts_next(cli_parser *p, const char **value);
/* The operands left after the options. */
int cli_opts_operands(const cli_parser *p, char ***operands);
/* Prints the usage (synopsis, summary, every option with its help). */
void cli_opts_usage(const cli_spec *spec, FILE *out);
/* A usage error about the command: "gemgames NAME: <msg>" and the hint to
 * --help on stderr; returns 2. */
int cli_usage_error(const cli_spec *spec, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
