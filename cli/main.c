/* main.c — `gemgames [--help | --version] COMMAND [ARG]...`: dispatch to one
 * file per command. Every command answers --help (usage on stdout, exit 0)
 * and --version; usage errors exit 2 (cli/opts.h). */
#include <getopt.h>
#include <string.h>

#include "cli.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const cli_spec *spec; /* its option table, or NULL: then `usage` */
    const char *usage;
    const char *summary;
} command;

static const command commands[] = {
    {"play", cmd_play, &cli_play_spec, NULL, "play in the terminal, against bots or together"},
    {"selfplay", cmd_selfplay, &cli_selfplay_spec, NULL, "bots play each other: wins, scores"},
    {"replay", cmd_replay, &cli_replay_spec, NULL, "replay a game record: final state as JSON, or its events"},
    {"bench", cmd_bench, &cli_bench_spec, NULL, "rules speed and behaviour checksum"},
    {"match", cmd_match, &cli_match_spec, NULL, "a match between bots with seat rotation, win rates"},
    {"engine", cmd_engine, &cli_engine_spec, NULL,
     "the engine protocol on stdin/stdout (docs/protocol.md)"},
    {"serve", cmd_serve, &srv_serve_spec, NULL, "the online server and browser UI (docs/server.md)"},
};
enum { N_COMMANDS = sizeof commands / sizeof commands[0] };

static int usage(FILE *out)
{
    fprintf(out, "gemgames %s — Ys and Splendor: rules engine, bots, play\n\n"
                 "usage: gemgames COMMAND [OPTION]...   (gemgames COMMAND --help: its options)\n"
                 "       gemgames --help | --version\n\ncommands:\n",
            GG_VERSION);
    for (int i = 0; i < N_COMMANDS; i++)
        fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nsynopsis:\n");
    for (int i = 0; i < N_COMMANDS; i++) {
        const command *c = &commands[i];
        if (c->spec) fprintf(out, "  gemgames %s %s\n", c->spec->name, c->spec->operands);
        else fprintf(out, "  gemgames %s\n", c->usage);
    }
    fprintf(out, "\nThe manual: man gemgames. Docs: docs/guide.md (how to play), docs/*.md.\n");
    fprintf(out, "\ngames:");
    for (int i = 0; i < gg_game_count(); i++) fprintf(out, " %s", gg_game_name(gg_game_at(i)));
    fprintf(out, "\n");
    return out == stdout ? 0 : 2;
}

static int top_error(const char *fmt, const char *what)
{
    fputs("gemgames: ", stderr);
    fprintf(stderr, fmt, what);
    fputs("\nTry 'gemgames --help'.\n", stderr);
    return 2;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        {"help", no_argument, NULL, 'h'}, {"version", no_argument, NULL, 'V'}, {NULL, 0, NULL, 0}};
    opterr = 0;
    /* '+': stop at the command, whose own options follow it */
    int c = getopt_long(argc, argv, "+:h", longs, NULL);
    if (c == 'h') return usage(stdout);
    if (c == 'V') {
        printf("gemgames %s\n", GG_VERSION);
        return 0;
    }
    if (c != -1) {
        const char *bad = optind - 1 >= 1 && optind - 1 < argc ? argv[optind - 1] : "?";
        return top_error("unknown option '%s' (options come after the command)", bad);
    }
    if (optind >= argc) {
        usage(stderr);
        return 2;
    }
    const char *name = argv[optind];
    if (!strcmp(name, "help")) { /* gemgames help [COMMAND] */
        if (optind + 1 >= argc) return usage(stdout);
        name = argv[optind + 1];
        for (int i = 0; i < N_COMMANDS; i++)
            if (!strcmp(name, commands[i].name))
                return commands[i].run(2, (char *[]){(char *)name, "--help", NULL});
        return top_error("unknown command \"%s\"", name);
    }
    if (!strcmp(name, "version")) {
        printf("gemgames %s\n", GG_VERSION);
        return 0;
    }
    for (int i = 0; i < N_COMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0) {
            int at = optind;
            optind = 0; /* the command parses its own options from its argv[1] */
            return commands[i].run(argc - at, argv + at);
        }
    return top_error("unknown command \"%s\"", name);
}
