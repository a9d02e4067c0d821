/* words.c — an event in words: the sentence templates of a message catalogue
 * (data/i18n/<lang>.json, built in as C strings by gen_catalogue.awk) filled
 * with the event's fields. The browser fills the same templates the same way
 * (docs/formats.md, "Event sentences"). */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

struct gg_catalogue {
    const char *lang, *json;
};
extern const struct gg_catalogue gg_catalogues[];

enum { MAX_LANGS = 16 };
static cJSON *parsed[MAX_LANGS];
static pthread_once_t parse_once = PTHREAD_ONCE_INIT;

static void parse_all(void)
{
    for (int i = 0; i < MAX_LANGS && gg_catalogues[i].lang; i++)
        parsed[i] = cJSON_Parse(gg_catalogues[i].json);
}

static int lang_index(const char *lang)
{
    if (!lang) lang = "en";
    for (int i = 0; i < MAX_LANGS && gg_catalogues[i].lang; i++)
        if (strcmp(gg_catalogues[i].lang, lang) == 0) return i;
    return -1;
}

const char *gg_catalogue_json(const char *lang)
{
    int i = lang_index(lang);
    return i < 0 ? NULL : gg_catalogues[i].json;
}

/* The parsed catalogue of lang, English when there is no such language. */
static const cJSON *catalogue(const char *lang)
{
    pthread_once(&parse_once, parse_all);
    int i = lang_index(lang);
    if (i < 0) i = lang_index("en");
    return i < 0 ? NULL : parsed[i];
}

const char *gg_catalogue_word(const char *lang, const char *id)
{
    const cJSON *v = id ? cJSON_GetObjectItemCaseSensitive(catalogue(lang), id) : NULL;
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* ------------------------------------------------------- a growing string */

typedef struct text {
    char *buf;
    size_t len, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 128;
        while (t->len + n + 1 > cap) cap *= 2;
        char *b = realloc(t->buf, cap);
        if (!b) return;
        t->buf = b;
        t->cap = cap;
    }
    memcpy(t->buf + t->len, s, n);
    t->len += n;
    t->buf[t->len] = 0;
}

static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

static void putf(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(text *t, const char *fmt, ...)
{
    char b[64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    if (n > 0) put(t, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* --------------------------------------------------------------- lookups */

static const char *entry(const cJSON *cat, const char *id)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(cat, id);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}


static void render(text *t, const char *tmpl, const cJSON *ctx, const cJSON *cat,
                   const char *game, int depth);

/* A word of namespace `hint` for value v: "<game>:<hint>.<v>", then
 * ":<hint>.<v>" (every game), then v itself. */
static void put_word(text *t, const cJSON *cat, const char *game, const char *hint,
                     const char *v)
{
    char id[160];
    snprintf(id, sizeof id, "%s:%s.%s", game, hint, v);
    const char *w = entry(cat, id);
    if (!w) w = entry(cat, strchr(id, ':'));
    puts_(t, w ? w : v);
}

static void put_value(text *t, const cJSON *v, const char *hint, const cJSON *cat,
                      const char *game, int depth);

/* Which plural form a count takes in the catalogue's language ("_plural":
 * en, fr, pl, cs, hu; docs/i18n.md): 0 one, 1 few/other, 2 many. */
static int plural_form(const cJSON *cat, int n)
{
    const char *rule = entry(cat, "_plural");
    if (!rule) rule = "en";
    if (n < 0) n = -n;
    if (!strcmp(rule, "fr")) return n <= 1 ? 0 : 1;
    if (!strcmp(rule, "pl"))
        return n == 1 ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2;
    if (!strcmp(rule, "cs")) return n == 1 ? 0 : (n >= 2 && n <= 4) ? 1 : 2;
    return n == 1 ? 0 : 1;
}

/* {n:#one|few|many}: the form of the word for count n (the number itself is
 * {n}); a language with fewer forms gives fewer, the last one serves. */
static void put_plural(text *t, const cJSON *cat, const char *forms, int n)
{
    int want = plural_form(cat, n);
    for (int k = 0; k < want; k++) {
        const char *bar = strchr(forms, '|');
        if (!bar) break;
        forms = bar + 1;
    }
    put(t, forms, strcspn(forms, "|"));
}

/* a, b and c (list.sep, list.and); with `semi`, a; b; c (list.semi) */
static void put_list(text *t, const cJSON *arr, const char *hint, const cJSON *cat,
                     const char *game, int depth, int semi)
{
    int n = cJSON_GetArraySize(arr), i = 0;
    const char *sep = entry(cat, semi ? "list.semi" : "list.sep");
    const char *and_ = semi ? sep : entry(cat, "list.and");
    if (n == 0) {
        const char *none = entry(cat, "word.nothing");
        puts_(t, none ? none : "-");
        return;
    }
    const cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        if (i > 0) puts_(t, i == n - 1 ? (and_ ? and_ : " and ") : (sep ? sep : semi ? "; " : ", "));
        put_value(t, e, hint, cat, game, depth);
        i++;
    }
}

/* {"red": 2, "gold": 1} as "2 red and 1 gold" (word.count: "{n} {what}"). */
static void put_counts(text *t, const cJSON *obj, const cJSON *cat, const char *game, int depth)
{
    cJSON *list = cJSON_CreateArray();
    const cJSON *f;
    cJSON_ArrayForEach(f, obj)
    {
        if (!cJSON_IsNumber(f) || f->valueint == 0) continue;
        text w = {0};
        put_word(&w, cat, game, "gem", f->string);
        cJSON *one = cJSON_CreateObject();
        cJSON_AddNumberToObject(one, "n", f->valueint);
        cJSON_AddStringToObject(one, "what", w.buf ? w.buf : f->string);
        free(w.buf);
        cJSON_AddItemToArray(list, one);
    }
    put_list(t, list, "@word.count", cat, game, depth, 0);
    cJSON_Delete(list);
}

static void put_value(text *t, const cJSON *v, const char *hint, const cJSON *cat,
                      const char *game, int depth)
{
    size_t hl = hint ? strlen(hint) : 0;
    if (hl && (hint[hl - 1] == '*' || hint[hl - 1] == ';') && cJSON_IsArray(v)) {
        char h[64];
        snprintf(h, sizeof h, "%.*s", (int)(hl - 1), hint);
        put_list(t, v, h[0] ? h : NULL, cat, game, depth, hint[hl - 1] == ';');
        return;
    }
    if (hl && hint[0] == '@' && (cJSON_IsObject(v) || !cJSON_IsNull(v))) {
        const char *tm = entry(cat, hint + 1);
        const cJSON *var = cJSON_GetObjectItemCaseSensitive(v, "variant");
        if (cJSON_IsString(var)) { /* an object may pick a variant too */
            char id[160];
            snprintf(id, sizeof id, "%s.%s", hint + 1, var->valuestring);
            if (entry(cat, id)) tm = entry(cat, id);
        }
        if (tm && cJSON_IsObject(v)) {
            render(t, tm, v, cat, game, depth + 1);
            return;
        }
        if (tm) { /* a scalar for a template: it is {value} */
            cJSON *o = cJSON_CreateObject();
            cJSON_AddItemToObject(o, "value", cJSON_Duplicate(v, 1));
            render(t, tm, o, cat, game, depth + 1);
            cJSON_Delete(o);
            return;
        }
    }
    if (hint && strcmp(hint, "seat") == 0) {
        if (cJSON_IsNumber(v)) {
            cJSON *o = cJSON_CreateObject();
            /* players count seats from 1 on every surface; the JSON field
             * stays the seat index (docs/formats.md, "Event sentences") */
            cJSON_AddNumberToObject(o, "n", v->valueint + 1);
            const char *tm = entry(cat, "word.seat");
            render(t, tm ? tm : "Seat {n}", o, cat, game, depth + 1);
            cJSON_Delete(o);
        } else {
            const char *w = entry(cat, cJSON_IsString(v) ? "word.neutral" : "word.nobody");
            puts_(t, w ? w : "-");
        }
        return;
    }
    if (hint && hint[0] == '#' && cJSON_IsNumber(v)) {
        put_plural(t, cat, hint + 1, v->valueint);
        return;
    }
    if (hint && strcmp(hint, "sign") == 0 && cJSON_IsNumber(v)) {
        putf(t, "%+d", v->valueint);
        return;
    }
    if (hint && strcmp(hint, "abs") == 0 && cJSON_IsNumber(v)) {
        putf(t, "%d", abs(v->valueint));
        return;
    }
    if (hint && strcmp(hint, "counts") == 0 && cJSON_IsObject(v)) {
        put_counts(t, v, cat, game, depth);
        return;
    }
    if (cJSON_IsNumber(v)) {
        if (hint && hl) {
            char num[16];
            snprintf(num, sizeof num, "%d", v->valueint);
            put_word(t, cat, game, hint, num);
        } else {
            putf(t, "%d", v->valueint);
        }
    } else if (cJSON_IsString(v)) {
        if (hint && hl) put_word(t, cat, game, hint, v->valuestring);
        else puts_(t, v->valuestring);
    } else if (cJSON_IsBool(v)) {
        const char *w = entry(cat, cJSON_IsTrue(v) ? "word.yes" : "word.no");
        puts_(t, w ? w : cJSON_IsTrue(v) ? "yes" : "no");
    } else if (cJSON_IsArray(v)) {
        put_list(t, v, hint, cat, game, depth, 0);
    } else {
        const char *w = entry(cat, "word.none");
        puts_(t, w ? w : "-");
    }
}

/* Fills {field} and {field:hint} from ctx. */
static void render(text *t, const char *tmpl, const cJSON *ctx, const cJSON *cat,
                   const char *game, int depth)
{
    if (depth > 6) return;
    for (const char *p = tmpl; *p;) {
        const char *open = strchr(p, '{');
        if (!open) {
            puts_(t, p);
            return;
        }
        put(t, p, (size_t)(open - p));
        const char *close = strchr(open, '}');
        if (!close) {
            puts_(t, open);
            return;
        }
        char name[64] = "", hint[192] = "";
        const char *colon = memchr(open, ':', (size_t)(close - open));
        const char *name_end = colon ? colon : close;
        snprintf(name, sizeof name, "%.*s", (int)(name_end - open - 1), open + 1);
        if (colon) snprintf(hint, sizeof hint, "%.*s", (int)(close - colon - 1), colon + 1);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(ctx, name);
        if (v) put_value(t, v, hint[0] ? hint : NULL, cat, game, depth);
        else puts_(t, "?");
        p = close + 1;
    }
}

/* kind[.variant][.masked], the most particular entry the catalogue has. */
static const char *template_for(const cJSON *cat, const cJSON *e, const char *kind)
{
    const cJSON *var = cJSON_GetObjectItemCaseSensitive(e, "variant");
    int masked = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "masked"));
    char id[160];
    const char *tm = NULL;
    if (cJSON_IsString(var)) {
        if (masked) {
            snprintf(id, sizeof id, "%s.%s.masked", kind, var->valuestring);
            if ((tm = entry(cat, id))) return tm;
        }
        snprintf(id, sizeof id, "%s.%s", kind, var->valuestring);
        if ((tm = entry(cat, id))) return tm;
    }
    if (masked) {
        snprintf(id, sizeof id, "%s.masked", kind);
        if ((tm = entry(cat, id))) return tm;
    }
    return entry(cat, kind);
}

char *gg_event_text(const char *event_json, const char *lang)
{
    cJSON *e = event_json ? cJSON_Parse(event_json) : NULL;
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(e, "kind");
    text t = {0};
    if (!cJSON_IsString(kind)) {
        cJSON_Delete(e);
        return strdup("(not an event)");
    }
    const cJSON *cat = catalogue(lang);
    char game[32];
    snprintf(game, sizeof game, "%s", kind->valuestring);
    char *dot = strchr(game, '.');
    if (dot) *dot = 0;
    const char *tm = template_for(cat, e, kind->valuestring);
    if (tm) {
        render(&t, tm, e, cat, game, 0);
    } else { /* unknown to the catalogue: say what it is */
        char *raw = cJSON_PrintUnformatted(e);
        puts_(&t, raw ? raw : kind->valuestring);
        free(raw);
    }
    cJSON_Delete(e);
    return t.buf ? t.buf : strdup("");
}
