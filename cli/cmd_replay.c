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

int cmd_replay(int argc, char **argv)
{
    if (argc != 2) return cli_error("usage: gemgames replay FILE");
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
