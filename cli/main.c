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
    {"play", cmd_play, &cli_play_spec, NULL, N_("play in the terminal, against bots or together")},
    {"selfplay", cmd_selfplay, &cli_selfplay_spec, NULL, N_("bots play each other: wins, scores")},
    {"replay", cmd_replay, &cli_replay_spec, NULL, N_("replay a game record: final state as JSON, or its events")},
    {"bench", cmd_bench, &cli_bench_spec, NULL, N_("rules speed and behaviour checksum")},
    {"match", cmd_match, &cli_match_spec, NULL, N_("a match between bots with seat rotation, win rates")},
    {"engine", cmd_engine, &cli_engine_spec, NULL,
     N_("the engine protocol on stdin/stdout (docs/protocol.md)")},
    {"serve", cmd_serve, &srv_serve_spec, NULL, N_("the online server and browser UI (docs/server.md)")},
};
enum { N_COMMANDS = sizeof commands / sizeof commands[0] };

static int usage(FILE *out)
{
    fprintf(out, _("gemgames %s — Ys and Splendor: rules engine, bots, play\n\n"
                   "usage: gemgames COMMAND [OPTION]...   (gemgames COMMAND --help: its options)\n"
                   "       gemgames --help | --version\n\ncommands:\n"),
            GG_VERSION);
    for (int i = 0; i < N_COMMANDS; i++)
        fprintf(out, "  %-9s %s\n", commands[i].name, _(commands[i].summary));
    fprintf(out, _("\nsynopsis:\n"));
    for (int i = 0; i < N_COMMANDS; i++) {
        const command *c = &commands[i];
        if (c->spec) fprintf(out, "  gemgames %s %s\n", c->spec->name, c->spec->operands);
        else fprintf(out, "  gemgames %s\n", c->usage);
    }
    fprintf(out, _("\nThe manual: man gemgames. Docs: docs/guide.md (how to play), docs/*.md.\n"));
    fprintf(out, _("\ngames:"));
    for (int i = 0; i < gg_game_count(); i++) fprintf(out, " %s", gg_game_name(gg_game_at(i)));
    fprintf(out, "\n");
    return out == stdout ? 0 : 2;
}

static int top_error(const char *fmt, const char *what)
{
    fputs("gemgames: ", stderr);
    fprintf(stderr, fmt, what);
    fputs(_("\nTry 'gemgames --help'.\n"), stderr);
    return 2;
}

/* The value of --lang LANG (or --lang=LANG) given anywhere before "--", or
 * NULL: every command takes it (common/opts.c skips it), and it is applied
 * here, before any message is printed, --help's included. */
static const char *lang_option(int argc, char **argv)
{
    const char *lang = NULL;
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strcmp(argv[i], "--lang") && i + 1 < argc) lang = argv[++i];
        else if (!strncmp(argv[i], "--lang=", 7)) lang = argv[i] + 7;
    }
    return lang;
}

int main(int argc, char **argv)
{
    const char *lang = lang_option(argc, argv);
    if (cli_i18n_init(lang))
        return top_error(_("unknown language '%s' (--lang: en, pl, hu, cs or fr)"), lang);
    static const struct option longs[] = {
        {"help", no_argument, NULL, 'h'}, {"version", no_argument, NULL, 'V'},
        {"lang", required_argument, NULL, 'L'}, {NULL, 0, NULL, 0}};
    opterr = 0;
    /* '+': stop at the command, whose own options follow it; --lang is
     * already applied (lang_option) */
    int c;
    while ((c = getopt_long(argc, argv, "+:h", longs, NULL)) == 'L') {}
    if (c == 'h') return usage(stdout);
    if (c == 'V') {
        printf("gemgames %s\n", GG_VERSION);
        return 0;
    }
    if (c != -1) {
        const char *bad = optind - 1 >= 1 && optind - 1 < argc ? argv[optind - 1] : "?";
        return top_error(_("unknown option '%s' (options come after the command)"), bad);
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
        return top_error(_("unknown command \"%s\""), name);
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
    return top_error(_("unknown command \"%s\""), name);
}
