/* events.c — the event stream: what gg_apply_events records (the decision and
 * every automatic step after it), kept with who may know each secret field,
 * and given out for one viewer at a time (docs/formats.md, "Events"). */
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

_Thread_local gg_events *gg_ev_sink;

/* Enough for a whole game's events (a Ys game makes about 2,000); past it
 * hooks record nothing and the list ends with one "game.truncated". */
enum { GG_EVENTS_CAP = 1 << 16 };

struct gg_events {
    cJSON *list; /* event objects; "_see" and "_secret" are internal */
    int n;
    int full;
};

/* The core's own kinds, after every game's. */
static const gg_event_kind core_kinds[] = {
    {"game.over", "scores: [n], ranks: [n], winners: [seat]",
     "the game has ended: points per seat, ranks (1 wins; ties share), the winners"},
    {"game.truncated", "", "the list reached its capacity: later events were not recorded"},
};
enum { N_CORE_KINDS = sizeof core_kinds / sizeof core_kinds[0] };

int gg_game_event_kind_count(const gg_game *game) { return game->n_event_kinds + N_CORE_KINDS; }

const gg_event_kind *gg_game_event_kind(const gg_game *game, int i)
{
    if (i < 0 || i >= gg_game_event_kind_count(game)) return NULL;
    return i < game->n_event_kinds ? &game->event_kinds[i] : &core_kinds[i - game->n_event_kinds];
}

gg_events *gg_events_new(void)
{
    gg_events *ev = calloc(1, sizeof *ev);
    if (!ev) return NULL;
    ev->list = cJSON_CreateArray();
    if (!ev->list) {
        free(ev);
        return NULL;
    }
    return ev;
}

void gg_events_free(gg_events *ev)
{
    if (!ev) return;
    cJSON_Delete(ev->list);
    free(ev);
}

gg_events *gg_events_clone(const gg_events *ev)
{
    gg_events *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->list = cJSON_Duplicate(ev->list, 1);
    if (!c->list) {
        free(c);
        return NULL;
    }
    c->n = ev->n;
    c->full = ev->full;
    return c;
}

void gg_events_clear(gg_events *ev)
{
    cJSON_Delete(ev->list);
    ev->list = cJSON_CreateArray();
    ev->n = 0;
    ev->full = 0;
}

int gg_events_count(const gg_events *ev) { return ev->n; }

const cJSON *gg_events_items(const gg_events *ev) { return ev->list; }

void gg_events_truncate(gg_events *ev, int n)
{
    while (ev->n > n && ev->n > 0) {
        cJSON_DeleteItemFromArray(ev->list, ev->n - 1);
        ev->n--;
        ev->full = 0;
    }
}

cJSON *gg_ev_add(gg_events *ev, const char *kind)
{
    if (!ev || ev->full) return NULL;
    if (ev->n >= GG_EVENTS_CAP - 1) {
        ev->full = 1;
        kind = "game.truncated";
    }
    cJSON *e = cJSON_CreateObject();
    if (!e) return NULL;
    cJSON_AddStringToObject(e, "kind", kind);
    cJSON_AddItemToArray(ev->list, e);
    ev->n++;
    return ev->full ? NULL : e;
}

void gg_ev_secret(cJSON *e, const char *field, unsigned seats)
{
    if (!e) return;
    cJSON *see = cJSON_GetObjectItemCaseSensitive(e, "_see");
    if (!see) {
        cJSON_AddNumberToObject(e, "_see", seats);
        cJSON_AddItemToObject(e, "_secret", cJSON_CreateArray());
    } else {
        unsigned both = (unsigned)see->valueint & seats;
        cJSON_SetNumberValue(see, both);
    }
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(e, "_secret"),
                         cJSON_CreateString(field));
}

void gg_ev_seat(cJSON *e, const char *field, int seat, int players)
{
    if (!e) return;
    if (seat >= 0 && seat < players) cJSON_AddNumberToObject(e, field, seat);
    else if (seat >= players) cJSON_AddStringToObject(e, field, "neutral");
    else cJSON_AddNullToObject(e, field);
}

/* Event e as `viewer` sees it: a new object without the internal fields,
 * and without the secret ones unless the viewer may know them. */
static cJSON *for_viewer(const cJSON *e, int viewer)
{
    cJSON *out = cJSON_CreateObject();
    const cJSON *see = cJSON_GetObjectItemCaseSensitive(e, "_see");
    const cJSON *secret = cJSON_GetObjectItemCaseSensitive(e, "_secret");
    int knows = !see || viewer == GG_EVERYONE ||
                (viewer >= 0 && viewer < 32 && ((unsigned)see->valueint >> viewer & 1));
    const cJSON *f;
    cJSON_ArrayForEach(f, e)
    {
        if (f->string[0] == '_') continue;
        int hidden = 0;
        const cJSON *s;
        cJSON_ArrayForEach(s, secret) hidden |= !knows && strcmp(s->valuestring, f->string) == 0;
        if (!hidden) cJSON_AddItemToObject(out, f->string, cJSON_Duplicate(f, 1));
    }
    if (!knows) cJSON_AddBoolToObject(out, "masked", 1);
    return out;
}

char *gg_events_json(const gg_events *ev, int from, int viewer)
{
    cJSON *arr = cJSON_CreateArray();
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, ev->list)
    {
        if (i++ >= from) cJSON_AddItemToArray(arr, for_viewer(e, viewer));
    }
    char *out = cJSON_PrintUnformatted(arr);
    cJSON_Delete(arr);
    return out;
}

char *gg_event_json(const gg_events *ev, int i, int viewer)
{
    const cJSON *e = cJSON_GetArrayItem(ev->list, i);
    if (!e || i < 0) return NULL;
    cJSON *o = for_viewer(e, viewer);
    char *out = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return out;
}

/* "game.over": every seat's points and rank, and who won (gg_result). */
void gg_ev_game_over(const gg_state *s, gg_events *ev)
{
    gg_result r;
    gg_result_get(s, &r);
    cJSON *e = gg_ev_add(ev, "game.over");
    if (!e) return;
    cJSON_AddItemToObject(e, "scores", cJSON_CreateIntArray((const int *)r.score, r.players));
    cJSON_AddItemToObject(e, "ranks", cJSON_CreateIntArray(r.rank, r.players));
    cJSON *w = cJSON_AddArrayToObject(e, "winners");
    for (int q = 0; q < r.players; q++)
        if (r.rank[q] == 1) cJSON_AddItemToArray(w, cJSON_CreateNumber(q));
    if (r.winners > 1) cJSON_AddStringToObject(e, "variant", "shared");
}
