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

/* ------------------------------------------------- lines of 80 columns */

/* Screen columns of UTF-8 bytes: one a character (the five languages have
 * no double-width ones), as cli_pad counts. */
static int cols_of(const char *s, size_t len)
{
    int c = 0;
    for (size_t i = 0; i < len; i++) c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* Where the rows after the first start: at the line's first field (after
 * its first run of two spaces: "Tier 3 (deck 16):  3-1 ..." continues under
 * "3-1"), else two columns in from the line's own indentation. */
static int hanging_indent(const char *line, size_t len, int width)
{
    size_t i = 0;
    while (i < len && line[i] == ' ') i++;
    int indent = (int)i;
    for (; i + 2 < len; i++)
        if (line[i] != ' ' && line[i + 1] == ' ' && line[i + 2] == ' ') {
            size_t k = i + 1;
            while (k < len && line[k] == ' ') k++;
            int at = cols_of(line, k);
            return k < len && at <= width / 2 ? at : indent + 2;
        }
    return indent + 2 <= width / 2 ? indent + 2 : 0;
}

/* One line (no newline) in rows of at most `width` columns: a longer line
 * breaks before the field (a run of two spaces) or else the word that
 * would pass the edge, never inside one unless a word alone is wider. */
static void put_line(FILE *out, const char *line, size_t len, int width)
{
    if (cols_of(line, len) <= width) {
        fprintf(out, "%.*s\n", (int)len, line);
        return;
    }
    int hang = hanging_indent(line, len, width), start_col = 0;
    size_t p = 0;
    while (p < len) {
        size_t i = p, single = 0, field = 0;
        int col = start_col, field_col = 0;
        while (i < len && col < width) { /* how far this row reaches */
            if (i > p && line[i] == ' ' && line[i - 1] != ' ') {
                single = i;
                if (i + 1 < len && line[i + 1] == ' ') field = i, field_col = col;
            }
            i++;
            while (i < len && ((unsigned char)line[i] & 0xC0) == 0x80) i++;
            col++;
        }
        size_t end = i; /* the whole rest fits */
        int at_field = i + 1 < len && line[i] == ' ' && line[i + 1] == ' ';
        if (i < len && !at_field) { /* a field, else a word, goes on the next row */
            if (field && field_col >= start_col + (width - start_col) / 2) end = field;
            else if (line[i] != ' ' && single) end = single;
        }
        while (end > p && line[end - 1] == ' ') end--;
        fprintf(out, "%*s%.*s\n", start_col, "", (int)(end - p), line + p);
        p = end > p ? end : i;
        while (p < len && line[p] == ' ') p++;
        start_col = hang;
    }
}

void cli_print_wrapped(FILE *out, const char *text, int width)
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        put_line(out, p, len, width);
        p += len + (nl != NULL);
    }
}

/* ------------------------------------------------------------- views */

static cli_renderer renderer_of(const gg_game *game)
{
    for (const renderer_entry *r = renderers; r->game; r++)
        if (strcmp(r->game, gg_game_name(game)) == 0) return r->render;
    return NULL;
}

void cli_render_view(FILE *out, const gg_game *game, const char *view_json)
{
    cJSON *view = cJSON_Parse(view_json);
    cli_renderer render = renderer_of(game);
    if (!view || !render) {
        char *text = view ? cJSON_Print(view) : NULL;
        fprintf(out, "%s\n", text ? text : view_json);
        free(text);
        cJSON_Delete(view);
        return;
    }
    const cJSON *seat = cJSON_GetObjectItemCaseSensitive(view, "seat");
    int viewer = cJSON_IsNumber(seat) ? seat->valueint : GG_SPECTATOR;
    /* drawn whole, then printed in rows of 80 columns (docs/i18n.md) */
    char *board = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&board, &size);
    render(mem ? mem : out, view, viewer);
    if (mem && fclose(mem) == 0 && board) cli_print_wrapped(out, board, CLI_PLAIN_WIDTH);
    free(board);
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
