/* main.c — `gemgames COMMAND ...`: dispatch to one file per command. */
#include <string.h>

#include "cli.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
} command;

static const command commands[] = {
    {"play", cmd_play, "play GAME [--players N] [--seat K] [--bots SPEC] [--option K=V]..."},
    {"selfplay", cmd_selfplay,
     "selfplay GAME --players N --games M [--seed S] [--bots SPEC] [--records DIR]"},
    {"replay", cmd_replay, "replay FILE [--events [--viewer N|spectator|all] [--text]]"},
    {"bench", cmd_bench, "bench [--game G] [--players N] [--games M] [--json]"},
    {"match", cmd_match,
     "match --game G --players N --games M --bots A,B,... [--json] [--seed S] [--records DIR] "
     "[--option K=V]...\n  gemgames match --combine FILE... [--json]   (one table from match --json pieces)"},
    {"engine", cmd_engine, "engine   (the engine protocol on stdin/stdout, docs/protocol.md)"},
    {"serve", cmd_serve, "serve [--port 8080] [--db PATH] [--host ADDR] (docs/server.md)"},
};
enum { N_COMMANDS = sizeof commands / sizeof commands[0] };

static int usage(FILE *out)
{
    fprintf(out, "gemgames %s — Ys and Splendor: rules engine, bots, play\n\nusage:\n",
            GG_VERSION);
    for (int i = 0; i < N_COMMANDS; i++) fprintf(out, "  gemgames %s\n", commands[i].usage);
    fprintf(out, "\ngames:");
    for (int i = 0; i < gg_game_count(); i++) fprintf(out, " %s", gg_game_name(gg_game_at(i)));
    fprintf(out, "\n");
    return out == stdout ? 0 : 2;
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage(stderr);
    if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        return usage(stdout);
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
        printf("gemgames %s\n", GG_VERSION);
        return 0;
    }
    for (int i = 0; i < N_COMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    cli_error("unknown command \"%s\"", argv[1]);
    return usage(stderr);
}
