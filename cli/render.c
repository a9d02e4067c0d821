/* render.c — text rendering of views for line-based play. Each game may
 * register a renderer (cli/render_<game>.c); others fall back to the view's
 * JSON, pretty-printed. Renderers see only the view: what the seat may know. */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"

typedef struct renderer_entry {
    const char *game;
    cli_renderer render;
} renderer_entry;

/* One line per game with a text renderer; NULL ends the list. */
static const renderer_entry renderers[] = {
    {"splendor", cli_render_splendor},
    {"ys", cli_render_ys},
    {NULL, NULL},
};

void cli_render_view(FILE *out, const gg_game *game, const char *view_json)
{
    cJSON *view = cJSON_Parse(view_json);
    if (!view) {
        fprintf(out, "%s\n", view_json);
        return;
    }
    const cJSON *seat = cJSON_GetObjectItemCaseSensitive(view, "seat");
    int viewer = cJSON_IsNumber(seat) ? seat->valueint : GG_SPECTATOR;
    for (const renderer_entry *r = renderers; r->game; r++) {
        if (strcmp(r->game, gg_game_name(game)) == 0) {
            r->render(out, view, viewer);
            cJSON_Delete(view);
            return;
        }
    }
    char *text = cJSON_Print(view);
    fprintf(out, "%s\n", text);
    free(text);
    cJSON_Delete(view);
}

const char *cli_word(const char *game, const char *hint, const char *v)
{
    char id[96];
    snprintf(id, sizeof id, "%s:%s.%s", game, hint, v);
    const char *w = gg_catalogue_word(cli_i18n_lang(), id);
    if (!w) w = gg_catalogue_word(cli_i18n_lang(), strchr(id, ':'));
    return w ? w : v;
}

void cli_decision_text(const cJSON *view, char *out, size_t n)
{
    if (!n) return;
    const cJSON *prompt = cJSON_GetObjectItemCaseSensitive(view, "prompt");
    char *json = cJSON_IsObject(prompt) ? cJSON_PrintUnformatted(prompt) : NULL;
    char *text = json ? gg_event_text(json, cli_i18n_lang()) : NULL;
    if (text) {
        snprintf(out, n, "%s", text);
    } else {
        const cJSON *d = cJSON_GetObjectItemCaseSensitive(view, "decision");
        cli_seats_from_one(cJSON_IsString(d) ? d->valuestring : "", out, n);
    }
    free(text);
    free(json);
}
