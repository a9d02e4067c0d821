/* cmd_replay.c — `gemgames replay FILE`: replay a game record and print the
 * final referee state and the result as JSON. */
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "cli.h"

cJSON *cli_result_json(const gg_state *s)
{
    char *text = gg_result_json(s);
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    free(text);
    return o;
}

static const cli_opt replay_opts[] = {{NULL, NULL, NULL}};

const cli_spec cli_replay_spec = {
    "replay", "FILE",
    "Replays a game record (docs/formats.md; FILE \"-\" is stdin) and prints the final\n"
    "referee state and the result as JSON.",
    replay_opts, NULL};

int cmd_replay(int argc, char **argv)
{
    cli_parser p;
    const char *value;
    cli_opts_begin(&p, &cli_replay_spec, argc, argv);
    int k = cli_opts_next(&p, &value);
    if (k == CLI_OPTS_EXIT) return p.status;
    char **files;
    if (cli_opts_operands(&p, &files) != 1)
        return cli_usage_error(&cli_replay_spec, "give one game record FILE");
    char *text = cli_read_file(files[0], 64u << 20);
    if (!text) return cli_error("cannot read %s", files[0]);
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
