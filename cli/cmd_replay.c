/* cmd_replay.c — `gemgames replay FILE`: replay a game record and print the
 * final referee state and the result as JSON; with --events, the events of
 * the game as one viewer saw them (docs/formats.md, "Events"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "i18n.h"

cJSON *cli_result_json(const gg_state *s)
{
    char *text = gg_result_json(s);
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    free(text);
    return o;
}

#define ANALYSE_BOT "ismcts:iters=4000:rollout=light" /* also in --bot's help */

enum { OPT_EVENTS, OPT_VIEWER, OPT_TEXT, OPT_ANALYSE, OPT_BOT };
static const cli_opt replay_opts[] = {
    [OPT_EVENTS] = {"events", NULL, N_("print the game's events instead (JSON, docs/formats.md)")},
    [OPT_VIEWER] = {"viewer", "V",
                    N_("with --events: as seat V saw them, spectator, or all (only once the\n"
                    "                         game is over; the default then, spectator before)")},
    [OPT_TEXT] = {"text", NULL, N_("with --events: one sentence per event instead of JSON")},
    [OPT_ANALYSE] = {"analyse", "K",
                     N_("analyse seat K's decisions (0-based, as --viewer): the bot's preferred\n"
                     "                         move and the estimated loss, biggest first")},
    [OPT_BOT] = {"bot", "SPEC", /* TRANSLATORS: the default is ANALYSE_BOT */
                 N_("with --analyse: the ISMCTS bot that judges (default "
                    "ismcts:iters=4000:rollout=light)")},
    {NULL, NULL, NULL}};

const cli_spec cli_replay_spec = {
    "replay", "FILE [OPTION]...",
    N_("Replays a game record (docs/formats.md; FILE \"-\" is stdin) and prints the final\n"
    "referee state and the result as JSON, or with --events what happened, as one\n"
    "viewer saw it, or with --analyse how good one seat's decisions were."),
    replay_opts, NULL};

/* --viewer: a seat number, "spectator" or "all"; -3 when malformed. */
static int parse_viewer(const char *v)
{
    if (strcmp(v, "spectator") == 0) return GG_SPECTATOR;
    if (strcmp(v, "all") == 0) return GG_EVERYONE;
    char *end;
    long n = strtol(v, &end, 10);
    return (*v && !*end && n >= 0 && n < GG_MAX_SEATS) ? (int)n : -3;
}

/* Every action of the record through gg_apply_events; the events (or their
 * sentences) as `viewer` may see them. */
static int print_events(const gg_record *rec, int viewer, int as_text, const char *file)
{
    gg_error err;
    gg_state *s = gg_record_start(rec, &err);
    if (!s) return cli_error("%s: %s", file, err.msg);
    gg_events *ev = gg_events_new();
    gg_events_setup(s, ev); /* the set-up: what was dealt and turned face up */
    int status = 0;
    for (int i = 0; i < gg_record_length(rec) && !status; i++) {
        int seat;
        const char *text = gg_record_action_text(rec, i, &seat);
        gg_action a;
        if (gg_action_parse(s, seat, text, &a, &err) != GG_OK ||
            gg_apply_events(s, seat, a, ev, &err) != GG_OK)
            status = cli_error(_("%s: action %d (seat %d: %s): %s"), file, i + 1, seat, text, err.msg);
    }
    if (!status && viewer >= gg_players(s))
        status = cli_error(_("%s: there is no seat %d at this %d-player table"), file, viewer, gg_players(s));
    if (!status && viewer == GG_EVERYONE && !gg_is_over(s))
        status = cli_error(_("%s: the game is not over: --viewer all would show what the players "
                           "could not see; choose a seat or spectator"), file);
    if (!status && as_text) {
        for (int i = 0; i < gg_events_count(ev); i++) {
            char *json = gg_event_json(ev, i, viewer), *line = gg_event_text(json, NULL);
            puts(line);
            free(line);
            free(json);
        }
    } else if (!status) {
        char *json = gg_events_json(ev, 0, viewer);
        puts(json);
        free(json);
    }
    gg_events_free(ev);
    gg_free(s);
    return status;
}

/* The game record in `file`, parsed; 0, or the error said and cli_error's
 * status. */
static int read_record(const char *file, gg_record **rec)
{
    char *text = cli_read_file(file, 64u << 20);
    if (!text) return cli_error(_("cannot read %s"), file);
    gg_error err;
    *rec = gg_record_parse(text, &err);
    free(text);
    if (!*rec) return cli_error("%s: %s", file, err.msg);
    return 0;
}

/* The events of the record in `file` as `viewer` (-4: the default) saw them. */
static int replay_events(const char *file, int viewer, int as_text)
{
    gg_record *rec = NULL;
    int bad = read_record(file, &rec);
    if (bad) return bad;
    gg_error err;
    if (viewer == -4) { /* everything after the game; a spectator's view before */
        gg_state *end = gg_record_replay(rec, -1, &err);
        viewer = end && gg_is_over(end) ? GG_EVERYONE : GG_SPECTATOR;
        gg_free(end);
    }
    int st = print_events(rec, viewer, as_text, file);
    gg_record_free(rec);
    return st;
}

/* --analyse K: each of seat K's decisions with the bot's preferred move and
 * the estimated loss, biggest first (gg_analyse_record: from the seat's view
 * at the time only). */
static int analyse(const char *file, int seat, const char *spec)
{
    gg_record *rec = NULL;
    int bad = read_record(file, &rec);
    if (bad) return bad;
    gg_error err;
    gg_bot *bot = gg_bot_new(spec, 1, &err);
    gg_analysis *items = NULL;
    int n = bot ? gg_analyse_record(bot, rec, seat, 0, &items, &err) : -1;
    gg_bot_free(bot);
    gg_record_free(rec);
    if (n < 0) return cli_error("%s: %s", file, err.msg);
    printf(_("Seat %d's decisions, the biggest estimated loss first (bot %s):\n"), seat + 1, spec);
    for (int i = 0; i < n; i++) {
        const gg_analysis *a = &items[i];
        if (a->loss < 0)
            printf(_("move %3d: played %s; the bot prefers %s (%.0f%%); it did not look at the "
                     "move played\n"), a->index + 1, a->played, a->best, 100 * a->best_win);
        else
            printf(_("move %3d: played %s (%.0f%%); the bot prefers %s (%.0f%%): estimated loss "
                     "%.0f%%\n"), a->index + 1, a->played, 100 * a->played_win, a->best,
                   100 * a->best_win, 100 * a->loss);
    }
    free(items);
    return 0;
}

int cmd_replay(int argc, char **argv)
{
    cli_parser p;
    const char *v;
    int k, events = 0, as_text = 0, viewer = -4, seat = -1;
    const char *spec = ANALYSE_BOT;
    cli_opts_begin(&p, &cli_replay_spec, argc, argv);
    while ((k = cli_opts_next(&p, &v)) >= 0) {
        switch (k) {
        case OPT_EVENTS: events = 1; break;
        case OPT_TEXT: as_text = 1; break;
        case OPT_BOT: spec = v; break;
        case OPT_ANALYSE:
            seat = parse_viewer(v);
            if (seat < 0)
                return cli_usage_error(&cli_replay_spec, _("--analyse takes a seat number, not %s"), v);
            break;
        case OPT_VIEWER:
            viewer = parse_viewer(v);
            if (viewer == -3)
                return cli_usage_error(&cli_replay_spec, _("--viewer takes a seat number, spectator or all, not %s"), v);
            break;
        }
    }
    if (k == CLI_OPTS_EXIT) return p.status;
    char **files;
    if (cli_opts_operands(&p, &files) != 1)
        return cli_usage_error(&cli_replay_spec, _("give one game record FILE"));
    if (!events && (as_text || viewer != -4))
        return cli_usage_error(&cli_replay_spec, _("--viewer and --text go with --events"));
    if (seat >= 0 && events)
        return cli_usage_error(&cli_replay_spec, _("--analyse and --events are two different outputs"));
    if (seat >= 0) return analyse(files[0], seat, spec);
    if (events) return replay_events(files[0], viewer, as_text);
    char *text = cli_read_file(files[0], 64u << 20);
    if (!text) return cli_error(_("cannot read %s"), files[0]);
    gg_error err;
    gg_record *rec = gg_record_parse(text, &err);
    free(text);
    if (!rec) return cli_error("%s: %s", files[0], err.msg);
    gg_state *s = gg_record_replay(rec, -1, &err);
    gg_record_free(rec);
    if (!s) return cli_error("%s: %s", files[0], err.msg), 1;
    char *state = gg_state_json(s);
    cJSON *out = cJSON_CreateObject();
    cJSON_AddItemToObject(out, "state", cJSON_Parse(state));
    cJSON_AddItemToObject(out, "result", cli_result_json(s));
    char *printed = cJSON_Print(out);
    puts(printed);
    free(printed);
    free(state);
    cJSON_Delete(out);
    gg_free(s);
    return 0;
}
