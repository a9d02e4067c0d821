/* cmd_engine.c — `gemgames engine [--bot SPEC] [--seed S]`: the engine
 * protocol (docs/protocol.md) on stdin/stdout; genmove uses the bot SPEC
 * (default ismcts:iters=2000). The protocol itself is src/bots/protocol.c;
 * showboard draws with the terminal's renderer (cli/render.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/protocol.h"
#include "cli.h"

enum { OPT_BOT, OPT_SEED };
static const cli_opt engine_opts[] = {
    [OPT_BOT] = {"bot", "SPEC",
                 N_("the bot that chooses genmove's moves (default ismcts:iters=2000; any spec of "
                 "docs/bots.md)")},
    [OPT_SEED] = {"seed", "S", N_("the bot's seed, and new_game's when it names none (default 1)")},
    {NULL, NULL, NULL}};

const cli_spec cli_engine_spec = {
    "engine", "[--bot SPEC] [--seed S]",
    N_("The engine protocol on stdin/stdout (docs/protocol.md): a controller (a GUI, a\n"
    "match) sends commands, the engine answers; genmove is played by --bot."),
    engine_opts, NULL};

/* Parses the options; returns -1 to go on, else the exit code. */
static int engine_options(int argc, char **argv, const char **spec, uint64_t *seed)
{
    cli_parser p;
    const char *v;
    int k;
    cli_opts_begin(&p, &cli_engine_spec, argc, argv);
    while ((k = cli_opts_next(&p, &v)) >= 0) {
        if (k == OPT_BOT) *spec = v;
        else if (cli_parse_u64(v, seed))
            return cli_usage_error(&cli_engine_spec, _("--seed takes a whole number, not '%s'"), v);
    }
    if (k == CLI_OPTS_EXIT) return p.status;
    char **rest;
    if (cli_opts_operands(&p, &rest) > 0)
        return cli_usage_error(&cli_engine_spec, _("unexpected operand '%s'"), rest[0]);
    return -1;
}

/* Reads one line into *line (its "\n" kept); a line longer than the
 * protocol allows is read to its end but not kept (*too_long set), so a
 * controller cannot make the engine hold an unbounded line. -1 at the end. */
static long read_line(FILE *in, char **line, size_t *cap, int *too_long)
{
    size_t n = 0;
    int c;
    *too_long = 0;
    while ((c = getc(in)) != EOF) {
        if (n + 2 > *cap) {
            if (*cap > (size_t)GG_PROTO_MAX_LINE + 2) {
                *too_long = 1;
                if (c == '\n') break;
                continue;
            }
            size_t grown = *cap ? *cap * 2 : 4096;
            char *b = realloc(*line, grown);
            if (!b) return -1;
            *line = b;
            *cap = grown;
        }
        (*line)[n++] = (char)c;
        if (c == '\n') break;
    }
    if (c == EOF && n == 0 && !*too_long) return -1;
    (*line)[n] = '\0';
    return (long)n;
}

int cmd_engine(int argc, char **argv)
{
    const char *spec = "ismcts:iters=2000";
    uint64_t seed = 1;
    int rc = engine_options(argc, argv, &spec, &seed);
    if (rc >= 0) return rc;
    gg_proto_session p;
    gg_error err;
    if (gg_proto_session_init(&p, spec, seed, &err) != GG_OK) return cli_error("%s", err.msg);
    p.board = cli_render_view;
    char *line = NULL;
    size_t cap = 0;
    long n;
    int too_long;
    gg_proto_out out = {0};
    while (!p.quit && (n = read_line(stdin, &line, &cap, &too_long)) >= 0) {
        out.len = 0;
        if (too_long) {
            printf("? malformed: longer than %d bytes\n\n", GG_PROTO_MAX_LINE);
            fflush(stdout);
            continue;
        }
        gg_proto_handle(&p, line, (size_t)n, &out);
        if (out.len) {
            fwrite(out.text, 1, out.len, stdout);
            fflush(stdout);
        }
    }
    free(line);
    gg_proto_out_free(&out);
    gg_proto_session_free(&p);
    return 0;
}
