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
    ssize_t n;
    gg_proto_out out = {0};
    while (!p.quit && (n = getline(&line, &cap, stdin)) >= 0) {
        out.len = 0;
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
