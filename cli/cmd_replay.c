/* cmd_replay.c — `gemgames replay FILE`: replay a game record and print the
 * final referee state and the result as JSON; with --events, the event
 * stream instead, as one viewer saw it during play (or everything once the
 * game is over), as JSON or (--text) as sentences. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"

cJSON *cli_result_json(const gg_state *s)
{
    gg_result r;
    gg_result_get(s, &r);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddBoolToObject(o, "over", r.over);
    cJSON_AddItemToObject(o, "score", cJSON_CreateIntArray((const int *)r.score, r.players));
    cJSON_AddItemToObject(o, "rank", cJSON_CreateIntArray(r.rank, r.players));
    cJSON_AddNumberToObject(o, "winners", r.winners);
    return o;
}

#define REPLAY_USAGE "usage: gemgames replay FILE [--events [--viewer N|spectator|all] [--text]]"

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
    int status = 0;
    for (int i = 0; i < gg_record_length(rec) && !status; i++) {
        int seat;
        const char *text = gg_record_action_text(rec, i, &seat);
        gg_action a;
        if (gg_action_parse(s, seat, text, &a, &err) != GG_OK ||
            gg_apply_events(s, seat, a, ev, &err) != GG_OK)
            status = cli_error("%s: action %d (seat %d: %s): %s", file, i + 1, seat, text, err.msg);
    }
    if (!status && viewer >= gg_players(s))
        status = cli_error("%s: there is no seat %d at this %d-player table", file, viewer, gg_players(s));
    if (!status && viewer == GG_EVERYONE && !gg_is_over(s))
        status = cli_error("%s: the game is not over: --viewer all would show what the players "
                           "could not see; choose a seat or spectator", file);
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

int cmd_replay(int argc, char **argv)
{
    int events = 0, as_text = 0, viewer = -4;
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--events") == 0) events = 1;
        else if (strcmp(argv[i], "--text") == 0) as_text = 1;
        else if (strcmp(argv[i], "--viewer") == 0 && i + 1 < argc) {
            viewer = parse_viewer(argv[++i]);
            if (viewer == -3) return cli_error("--viewer takes a seat number, spectator or all, not %s", argv[i]);
        } else if (argv[i][0] == '-' || file) return cli_error(REPLAY_USAGE);
        else file = argv[i];
    }
    if (!file || (!events && (as_text || viewer != -4))) return cli_error(REPLAY_USAGE);
    if (events) {
        char *text = cli_read_file(file, 64u << 20);
        if (!text) return cli_error("cannot read %s", file);
        gg_error err;
        gg_record *rec = gg_record_parse(text, &err);
        free(text);
        if (!rec) return cli_error("%s: %s", file, err.msg);
        if (viewer == -4) { /* everything after the game; a spectator's view before */
            gg_state *end = gg_record_replay(rec, -1, &err);
            viewer = end && gg_is_over(end) ? GG_EVERYONE : GG_SPECTATOR;
            gg_free(end);
        }
        int st = print_events(rec, viewer, as_text, file);
        gg_record_free(rec);
        return st;
    }
    argv[1] = (char *)file;
    char *text = cli_read_file(argv[1], 64u << 20);
    if (!text) return cli_error("cannot read %s", argv[1]);
    gg_error err;
    gg_record *rec = gg_record_parse(text, &err);
    free(text);
    if (!rec) return cli_error("%s: %s", argv[1], err.msg);
    gg_state *s = gg_record_replay(rec, -1, &err);
    gg_record_free(rec);
    if (!s) return cli_error("%s: %s", argv[1], err.msg), 1;
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
