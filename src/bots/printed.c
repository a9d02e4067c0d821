/*
 * printed.c — the printed data of a game's cards, for the engine protocol's
 * views (docs/protocol.md, "Views with printed data"). A view names cards,
 * characters, events and ships by id or key; an engine written without our
 * source needs what is printed on them. This adds to a seat's view a
 * "printed" object with every card of the game as the generated tables
 * (build/gen, from the CSV files of data/) hold it, the Ys cards' texts
 * from data/ys/character_text.csv and event_text.csv (printed.h). It adds nothing that is not on the
 * cards themselves: the view proper is gg_view_json, unchanged.
 */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "bots/printed.h"
#include "bots/protocol.h"
#include "splendor/splendor.h"
#include "ys/ys.h"

static cJSON *colour_object(const uint8_t *v)
{
    cJSON *o = cJSON_CreateObject();
    for (int c = 0; c < 5; c++) cJSON_AddNumberToObject(o, spl_colour_name[c], v[c]);
    return o;
}

/* Splendor (S-1.2, S-1.4): every development card and noble tile. */
static cJSON *splendor_printed(void)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *cards = cJSON_AddArrayToObject(root, "cards");
    for (int id = 0; id < SPL_CARDS; id++) {
        const spl_card *c = &spl_cards[id];
        cJSON *x = cJSON_CreateObject();
        cJSON_AddNumberToObject(x, "card", id);
        cJSON_AddNumberToObject(x, "tier", c->tier + 1);
        cJSON_AddStringToObject(x, "bonus", spl_colour_name[c->bonus]);
        cJSON_AddNumberToObject(x, "points", c->points);
        cJSON_AddItemToObject(x, "cost", colour_object(c->cost));
        cJSON_AddItemToArray(cards, x);
    }
    cJSON *nobles = cJSON_AddArrayToObject(root, "nobles");
    for (int id = 0; id < SPL_NOBLES; id++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddNumberToObject(x, "noble", id);
        cJSON_AddNumberToObject(x, "points", spl_nobles[id].points);
        cJSON_AddItemToObject(x, "requires", colour_object(spl_nobles[id].need));
        cJSON_AddItemToArray(nobles, x);
    }
    return root;
}

/* The printed text of a card by key, or NULL. */
static const char *text_of(const gg_printed_text *table, const char *key)
{
    for (; table->key; table++)
        if (!strcmp(table->key, key)) return table->text;
    return NULL;
}

static const char *ys_window_name(int w)
{
    static const char *const names[] = {"none", "start_of_placement", "before_placing",
                                        "after_placing", "start_of_scoring", "end_of_scoring",
                                        "immediate", "reaction"};
    return w >= 0 && w < (int)(sizeof names / sizeof names[0]) ? names[w] : "none";
}

/* Ys: characters (Y-7, Y-10), events (Y-10.3) and ship cards (Y-1.5). */
static cJSON *ys_printed(void)
{
    static const char *const sets[] = {"base", "ysplus", "blue"}; /* ys_card_info.set */
    cJSON *root = cJSON_CreateObject();
    cJSON *chars = cJSON_AddObjectToObject(root, "characters");
    for (int k = 0; k < YS_CARD_KINDS; k++) {
        const ys_card_info *c = &ys_cards[k];
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "name", c->name);
        cJSON_AddStringToObject(x, "rule", c->rule);
        cJSON_AddStringToObject(x, "window", ys_window_name(c->window));
        cJSON_AddStringToObject(x, "set", c->set < 3 ? sets[c->set] : "base");
        cJSON_AddStringToObject(x, "discard", c->discard);
        const char *text = text_of(gg_ys_character_text, c->key);
        if (text) cJSON_AddStringToObject(x, "text", text);
        cJSON_AddItemToObject(chars, c->key, x);
    }
    cJSON *events = cJSON_AddObjectToObject(root, "events");
    for (int k = 0; k < YS_EVENT_KINDS; k++) {
        const ys_event_info *e = &ys_events[k];
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "name", e->name);
        cJSON_AddStringToObject(x, "rule", e->rule);
        cJSON_AddStringToObject(x, "kind", e->district ? "district" : "general");
        const char *text = text_of(gg_ys_event_text, e->key);
        if (text) cJSON_AddStringToObject(x, "text", text);
        cJSON_AddItemToObject(events, e->key, x);
    }
    cJSON *ships = cJSON_AddArrayToObject(root, "ships");
    for (int k = 0; k < YS_SHIPS; k++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddNumberToObject(x, "card", k + 1);
        cJSON_AddStringToObject(x, "large", ys_gem_name[ys_ships[k].large]);
        cJSON *small = cJSON_AddArrayToObject(x, "small");
        for (int i = 0; i < 2; i++)
            cJSON_AddItemToArray(small, cJSON_CreateString(ys_gem_name[ys_ships[k].small[i]]));
        cJSON_AddItemToArray(ships, x);
    }
    return root;
}

char *gg_proto_view_json(const gg_state *s, int seat)
{
    char *view = gg_view_json(s, seat);
    if (!view) return NULL;
    const char *game = gg_game_name(gg_state_game(s));
    cJSON *printed = !strcmp(game, "splendor") ? splendor_printed()
                     : !strcmp(game, "ys")     ? ys_printed()
                                               : NULL;
    if (!printed) return view;
    cJSON *root = cJSON_Parse(view);
    free(view);
    if (!root) {
        cJSON_Delete(printed);
        return NULL;
    }
    cJSON_AddItemToObject(root, "printed", printed);
    char *out = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return out;
}
