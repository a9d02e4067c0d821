/* record.c — game records: game, options, seed and the actions in notation.
 * Replaying a record reproduces the game exactly. */
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

typedef struct record_entry {
    int seat;
    char text[GG_MAX_NOTATION];
} record_entry;

struct gg_record {
    const gg_game *game;
    gg_options opts;
    uint64_t seed;
    int length, capacity;
    record_entry *entries;
};

gg_record *gg_record_new(const gg_game *game, const gg_options *opts, uint64_t seed)
{
    gg_record *rec = calloc(1, sizeof *rec);
    if (!rec) return NULL;
    rec->game = game;
    rec->opts = *opts;
    gg_options_normalize(&rec->opts, game); /* records say what is played */
    rec->seed = seed;
    return rec;
}

void gg_record_free(gg_record *rec)
{
    if (!rec) return;
    free(rec->entries);
    free(rec);
}

static gg_status append(gg_record *rec, int seat, const char *text, gg_error *err)
{
    if (strlen(text) >= GG_MAX_NOTATION)
        return gg_fail(err, GG_EPARSE, "action %d is too long", rec->length);
    if (rec->length == rec->capacity) {
        int cap = rec->capacity ? rec->capacity * 2 : 64;
        record_entry *e = realloc(rec->entries, (size_t)cap * sizeof *e);
        if (!e) return gg_fail(err, GG_ENOMEM, "out of memory");
        rec->entries = e;
        rec->capacity = cap;
    }
    rec->entries[rec->length].seat = seat;
    strcpy(rec->entries[rec->length].text, text);
    rec->length++;
    return GG_OK;
}

gg_status gg_record_add(gg_record *rec, const gg_state *before, int seat, gg_action a)
{
    char buf[GG_MAX_NOTATION];
    gg_action_format(before, seat, a, buf, sizeof buf);
    return append(rec, seat, buf, NULL);
}

void gg_record_truncate(gg_record *rec, int length)
{
    if (length >= 0 && length < rec->length) rec->length = length;
}

int gg_record_length(const gg_record *rec) { return rec->length; }
const gg_game *gg_record_game(const gg_record *rec) { return rec->game; }

const char *gg_record_action_text(const gg_record *rec, int i, int *seat)
{
    if (i < 0 || i >= rec->length) return NULL;
    if (seat) *seat = rec->entries[i].seat;
    return rec->entries[i].text;
}

char *gg_record_json(const gg_record *rec)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "game", rec->game->name);
    cJSON_AddItemToObject(root, "options", gg_options_to_cjson(&rec->opts, rec->game));
    cJSON_AddItemToObject(root, "seed", gg_u64_to_cjson(rec->seed));
    cJSON *actions = cJSON_AddArrayToObject(root, "actions");
    for (int i = 0; i < rec->length; i++) {
        cJSON *a = cJSON_CreateObject();
        cJSON_AddNumberToObject(a, "seat", rec->entries[i].seat);
        cJSON_AddStringToObject(a, "action", rec->entries[i].text);
        cJSON_AddItemToArray(actions, a);
    }
    char *out = cJSON_Print(root);
    cJSON_Delete(root);
    return out;
}

static gg_status parse_actions(gg_record *rec, const cJSON *actions, gg_error *err)
{
    if (!actions) return GG_OK;
    if (!cJSON_IsArray(actions)) return gg_fail(err, GG_EJSON, "\"actions\" must be an array");
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, actions)
    {
        int seat;
        const cJSON *text = cJSON_GetObjectItemCaseSensitive(it, "action");
        if (!cJSON_IsObject(it) || !cJSON_IsString(text) ||
            ggj_int(it, "seat", 0, rec->opts.players - 1, &seat, NULL) != GG_OK)
            return gg_fail(err, GG_EJSON,
                           "action %d must be {\"seat\": 0..%d, \"action\": \"...\"}", i,
                           rec->opts.players - 1);
        gg_status st = append(rec, seat, text->valuestring, err);
        if (st) return st;
        i++;
    }
    return GG_OK;
}

gg_record *gg_record_parse(const char *json, gg_error *err)
{
    cJSON *root = json ? cJSON_Parse(json) : NULL;
    if (!root) {
        gg_fail(err, GG_EJSON, "a record must be valid JSON");
        return NULL;
    }
    gg_record *rec = NULL;
    gg_status st;
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(root, "game");
    const gg_game *game = cJSON_IsString(g) ? gg_game_find(g->valuestring) : NULL;
    if (!game) {
        st = gg_fail(err, GG_EJSON, "\"game\" must name a known game");
    } else if (!(rec = calloc(1, sizeof *rec))) {
        st = gg_fail(err, GG_ENOMEM, "out of memory");
    } else {
        rec->game = game;
        st = gg_options_from_cjson(&rec->opts, game,
                                   cJSON_GetObjectItemCaseSensitive(root, "options"), err);
        if (!st)
            st = gg_u64_from_cjson(cJSON_GetObjectItemCaseSensitive(root, "seed"), "seed",
                                   &rec->seed, err);
        if (!st) st = parse_actions(rec, cJSON_GetObjectItemCaseSensitive(root, "actions"), err);
    }
    cJSON_Delete(root);
    if (st) {
        gg_record_free(rec);
        return NULL;
    }
    return rec;
}

gg_state *gg_record_start(const gg_record *rec, gg_error *err)
{
    return gg_new(rec->game, &rec->opts, rec->seed, err);
}

gg_state *gg_record_replay(const gg_record *rec, int upto, gg_error *err)
{
    gg_state *s = gg_record_start(rec, err);
    if (!s) return NULL;
    int n = (upto < 0 || upto > rec->length) ? rec->length : upto;
    for (int i = 0; i < n; i++) {
        gg_error e;
        if (gg_play(s, rec->entries[i].seat, rec->entries[i].text, &e) != GG_OK) {
            gg_fail(err, e.code, "action %d (seat %d, \"%s\"): %s", i, rec->entries[i].seat,
                    rec->entries[i].text, e.msg);
            gg_free(s);
            return NULL;
        }
    }
    return s;
}
