/* tui_draw.c — drawing helpers shared by the frame and the boards: colour
 * roles (monochrome under NO_COLOR), clipped printing, text blocks, and
 * small JSON accessors for reading views. */
#define _XOPEN_SOURCE 700 /* wcwidth */
#define NCURSES_WIDECHAR 1
#include <ncurses.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui.h"

static int role_attr[TR_COUNT];

void tui_colours_init(void)
{
    const char *nc = getenv("NO_COLOR");
    int colour = has_colors() && !(nc && *nc);
    /* Monochrome: every role still reads (letters carry the colours). */
    for (int r = 0; r < TR_COUNT; r++) role_attr[r] = A_NORMAL;
    role_attr[TR_DIM] = A_DIM;
    role_attr[TR_TITLE] = A_REVERSE;
    role_attr[TR_HEAD] = A_BOLD;
    role_attr[TR_SELECT] = A_REVERSE;
    role_attr[TR_ERROR] = A_BOLD;
    role_attr[TR_GOOD] = A_BOLD;
    role_attr[TR_HIDDEN] = A_DIM;
    role_attr[TR_BLACK] = A_BOLD;
    role_attr[TR_GOLD] = A_BOLD;
    for (int r = TR_SEAT0; r <= TR_SEAT4; r++) role_attr[r] = A_BOLD;
    if (!colour) return;
    start_color();
    use_default_colors();
    static const struct {
        tui_role role;
        short fg, bg;
        int extra;
    } pairs[] = {
        {TR_TITLE, COLOR_BLACK, COLOR_CYAN, 0},  {TR_HEAD, COLOR_CYAN, -1, A_BOLD},
        {TR_SELECT, COLOR_BLACK, COLOR_YELLOW, 0}, {TR_ERROR, COLOR_RED, -1, A_BOLD},
        {TR_GOOD, COLOR_GREEN, -1, A_BOLD},      {TR_WHITE, COLOR_WHITE, -1, A_BOLD},
        {TR_BLUE, COLOR_BLUE, -1, A_BOLD},       {TR_GREEN, COLOR_GREEN, -1, A_BOLD},
        {TR_RED, COLOR_RED, -1, A_BOLD},         {TR_BLACK, COLOR_BLACK, COLOR_WHITE, 0},
        {TR_GOLD, COLOR_YELLOW, -1, A_BOLD},     {TR_YELLOW, COLOR_YELLOW, -1, 0},
        {TR_SEAT0, COLOR_CYAN, -1, A_BOLD},      {TR_SEAT1, COLOR_MAGENTA, -1, A_BOLD},
        {TR_SEAT2, COLOR_YELLOW, -1, A_BOLD},    {TR_SEAT3, COLOR_GREEN, -1, A_BOLD},
        {TR_SEAT4, COLOR_RED, -1, A_BOLD},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        init_pair((short)(i + 1), pairs[i].fg, pairs[i].bg);
        role_attr[pairs[i].role] = COLOR_PAIR((int)i + 1) | pairs[i].extra;
    }
}

int tui_attr(tui_role role)
{
    return (role >= 0 && role < TR_COUNT) ? role_attr[role] : (int)A_NORMAL;
}

tui_role tui_colour_role(const char *name)
{
    static const struct {
        const char *name;
        tui_role role;
    } map[] = {{"white", TR_WHITE}, {"blue", TR_BLUE},   {"green", TR_GREEN},
               {"red", TR_RED},     {"black", TR_BLACK}, {"gold", TR_GOLD},
               {"yellow", TR_YELLOW}};
    for (size_t i = 0; name && i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i].name, name) == 0) return map[i].role;
    return TR_TEXT;
}

tui_role tui_seat_role(int seat)
{
    return (seat >= 0 && seat < GG_MAX_SEATS) ? (tui_role)(TR_SEAT0 + seat) : TR_TEXT;
}

/* Text cut at a box's right edge, for the layout test (tests/cli/
 * i18n_layout.sh): with GEMGAMES_TUI_CLIPS=FILE set, every cut that drops
 * more than spaces is appended to FILE as "row<TAB>col<TAB>shown|dropped". */
static void note_clip(const tui_box *b, int y, int x, const wchar_t *w, size_t shown, size_t wn)
{
    static FILE *log;
    static int opened;
    if (!opened) {
        const char *path = getenv("GEMGAMES_TUI_CLIPS");
        log = path && *path ? fopen(path, "a") : NULL;
        opened = 1;
    }
    if (!log) return;
    size_t k = shown;
    while (k < wn && w[k] == L' ') k++;
    if (k == wn) return; /* only padding dropped */
    wchar_t head[512];
    char a[1024], z[1024];
    wmemcpy(head, w, shown);
    head[shown] = 0;
    if (wcstombs(a, head, sizeof a) == (size_t)-1 || wcstombs(z, w + shown, sizeof z) == (size_t)-1)
        return;
    fprintf(log, "%d\t%d\t%s|%s\n", b->y + y, b->x + x, a, z);
    fflush(log);
}

/* Columns on screen, not bytes: translations are UTF-8 (docs/i18n.md). A
 * string that is not valid in the locale's encoding is put byte by byte. */
int tui_put(const tui_box *b, int y, int x, int attr, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    wchar_t w[512];
    size_t wn = mbstowcs(w, buf, sizeof w / sizeof w[0] - 1);
    if (wn == (size_t)-1) { /* not text in this locale: bytes */
        wn = strlen(buf);
        for (size_t i = 0; i < wn; i++) w[i] = (unsigned char)buf[i];
    }
    w[wn] = 0;
    int len = 0;
    for (size_t i = 0; i < wn; i++) {
        int cw = wcwidth(w[i]);
        len += cw < 0 ? 1 : cw;
    }
    if (y < 0 || y >= b->h) return x + len;
    if (x >= b->w) {
        if (wn) note_clip(b, y, x, w, 0, wn);
        return x + len;
    }
    size_t i = 0;
    int col = x;
    while (i < wn && col < 0) { /* the part left of the box */
        int cw = wcwidth(w[i]);
        col += cw < 0 ? 1 : cw;
        i++;
    }
    size_t from = i;
    while (i < wn) {
        int cw = wcwidth(w[i]);
        if (cw < 0) cw = 1;
        if (col + cw > b->w) break;
        col += cw;
        i++;
    }
    if (i < wn) note_clip(b, y, x, w, i, wn);
    if (i > from) {
        int start = x;
        for (size_t k = 0; k < from; k++) { /* where the visible part starts */
            int cw = wcwidth(w[k]);
            start += cw < 0 ? 1 : cw;
        }
        attron(attr);
        mvaddnwstr(b->y + y, b->x + start, w + from, (int)(i - from));
        attroff(attr);
    }
    return x + len;
}

int tui_cols(const char *s)
{
    static const tui_box nowhere = {0, 0, 0, 0};
    return tui_put(&nowhere, -1, 0, 0, "%s", s); /* measures, draws nothing */
}

int tui_put_words(const tui_box *b, int y, int x, int attr, const char *text)
{
    wchar_t w[512];
    size_t wn = mbstowcs(w, text, sizeof w / sizeof w[0] - 1);
    if (wn == (size_t)-1) return tui_put(b, y, x, attr, "%s", text);
    w[wn] = 0;
    int room = b->w - x, cols = 0;
    size_t fits = 0, space = 0; /* characters that fit; the last space among them */
    for (size_t i = 0; i < wn; i++) {
        int cw = wcwidth(w[i]);
        cols += cw < 0 ? 1 : cw;
        if (cols > room) break;
        fits = i + 1;
        if (w[i] == L' ') space = i;
    }
    if (fits == wn) return tui_put(b, y, x, attr, "%s", text);
    /* cut after the last whole word that leaves a column for the ellipsis */
    size_t cut = space;
    while (cut > 0 && w[cut - 1] == L' ') cut--;
    if (cut == 0 || (int)cut + 1 > room) cut = fits > 0 ? fits - 1 : 0;
    w[cut] = L'\u2026';
    w[cut + 1] = 0;
    char out[1024];
    if (wcstombs(out, w, sizeof out) == (size_t)-1) return tui_put(b, y, x, attr, "%s", text);
    return tui_put(b, y, x, attr, "%s", out);
}

void tui_rule(const tui_box *b, int y, const char *title)
{
    if (y < 0 || y >= b->h) return;
    attron(tui_attr(TR_DIM));
    mvhline(b->y + y, b->x, ACS_HLINE, b->w);
    attroff(tui_attr(TR_DIM));
    if (title && *title) tui_put(b, y, 1, tui_attr(TR_HEAD), " %s ", title);
}

const cJSON *tj(const cJSON *obj, const char *key)
{
    return obj ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
}

int tj_int(const cJSON *obj, const char *key)
{
    const cJSON *v = tj(obj, key);
    if (cJSON_IsNumber(v)) return v->valueint;
    if (cJSON_IsBool(v)) return cJSON_IsTrue(v);
    return 0;
}

const char *tj_str(const cJSON *obj, const char *key)
{
    const cJSON *v = tj(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

int tj_bool(const cJSON *obj, const char *key)
{
    const cJSON *v = tj(obj, key);
    return cJSON_IsTrue(v) || (cJSON_IsNumber(v) && v->valueint != 0);
}

void tui_text_add(tui_text *t, int role, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 64;
        char **l = realloc(t->line, (size_t)cap * sizeof *l);
        if (!l) return;
        t->line = l;
        int *r = realloc(t->role, (size_t)cap * sizeof *r);
        if (!r) return;
        t->role = r;
        t->cap = cap;
    }
    char *copy = strdup(buf);
    if (!copy) return;
    t->line[t->n] = copy;
    t->role[t->n++] = role;
}

void tui_text_free(tui_text *t)
{
    for (int i = 0; i < t->n; i++) free(t->line[i]);
    free(t->line);
    free(t->role);
    memset(t, 0, sizeof *t);
}

static int is_scalar(const cJSON *v)
{
    return !cJSON_IsObject(v) && !cJSON_IsArray(v);
}

void tui_text_json(tui_text *t, const cJSON *item, const char *path)
{
    if (cJSON_IsObject(item)) {
        for (const cJSON *c = item->child; c; c = c->next) {
            char sub[256];
            snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", c->string);
            tui_text_json(t, c, sub);
        }
        return;
    }
    if (cJSON_IsArray(item)) {
        int scalars = 1;
        for (const cJSON *c = item->child; c; c = c->next) scalars &= is_scalar(c);
        if (scalars) {
            char *s = cJSON_PrintUnformatted(item);
            tui_text_add(t, TR_TEXT, "%s: %s", path, s ? s : "");
            free(s);
            return;
        }
        int i = 0;
        for (const cJSON *c = item->child; c; c = c->next, i++) {
            char sub[256];
            snprintf(sub, sizeof sub, "%s[%d]", path, i);
            tui_text_json(t, c, sub);
        }
        return;
    }
    char *s = cJSON_PrintUnformatted(item);
    tui_text_add(t, TR_TEXT, "%s: %s", path, s ? s : "");
    free(s);
}

/* ------------------------------------------------------- the last move */

static const cJSON *recent_events;

void tui_set_recent(const cJSON *events) { recent_events = events; }

const cJSON *tui_recent(void) { return recent_events; }

int tui_recent_has(const char *kind, const char *nkey1, int n1, const char *nkey2, int n2,
                   const char *skey, const char *sval)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, recent_events)
    {
        if (strcmp(tj_str(e, "kind"), kind) != 0) continue;
        if (nkey1 && (!cJSON_IsNumber(tj(e, nkey1)) || tj_int(e, nkey1) != n1)) continue;
        if (nkey2 && (!cJSON_IsNumber(tj(e, nkey2)) || tj_int(e, nkey2) != n2)) continue;
        if (skey && strcmp(tj_str(e, skey), sval) != 0) continue;
        return 1;
    }
    return 0;
}
