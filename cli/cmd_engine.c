/* cmd_engine.c — `gemgames engine [--bot SPEC] [--seed S]`: the engine
 * protocol (docs/protocol.md) on stdin/stdout; genmove uses the bot SPEC
 * (default ismcts:iters=2000). The protocol itself is src/bots/protocol.c;
 * showboard draws with the terminal's renderer (cli/render.c). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/protocol.h"
#include "cli.h"

static const char engine_usage[] =
    "usage: gemgames engine [--bot SPEC] [--seed S]\n"
    "  The engine protocol on stdin/stdout (docs/protocol.md).\n"
    "  --bot SPEC   the bot that chooses genmove's moves (default ismcts:iters=2000;\n"
    "               any spec of docs/bots.md)\n"
    "  --seed S     the bot's seed, and new_game's when it names none (default 1)\n"
    "  --help       this text\n";

/* Parses the options; returns -1 to go on, else the exit code. */
static int engine_options(int argc, char **argv, const char **spec, uint64_t *seed)
{
    static const struct option longs[] = {
        {"bot", required_argument, NULL, 'b'},
        {"seed", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    optind = 1;
    opterr = 0;
    for (;;) {
        int prev = optind;
        int c = getopt_long(argc, argv, ":h", longs, NULL);
        if (c == -1) break;
        switch (c) {
        case 'b':
            *spec = optarg;
            break;
        case 's':
            if (cli_parse_u64(optarg, seed)) return cli_error("engine: --seed takes a whole number, not \"%s\"", optarg);
            break;
        case 'h':
            fputs(engine_usage, stdout);
            return 0;
        case ':':
            return cli_error("engine: %s needs a value", argv[prev]);
        default:
            cli_error("engine: unknown option \"%s\"", argv[prev]);
            fputs(engine_usage, stderr);
            return 2;
        }
    }
    if (optind < argc) return cli_error("engine: unexpected argument \"%s\"", argv[optind]);
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
