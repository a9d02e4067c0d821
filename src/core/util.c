/* util.c — errors, assertions and small JSON readers shared by the games. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"

const char *gg_status_name(gg_status code)
{
    static const char *const names[] = {"ok",     "illegal", "seat",   "parse", "json",
                                        "option", "over",    "nomem", "io"};
    return (unsigned)code < sizeof names / sizeof names[0] ? names[code] : "unknown";
}

gg_status gg_fail(gg_error *err, gg_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* One character at o->len when it fits with room for the final NUL;
 * o->len counts it either way, as snprintf counts what did not fit. */
static void put_char(gg_out *o, char c)
{
    if (o->cap && o->len < o->cap - 1) o->buf[o->len] = c;
    o->len++;
}

static void put_text(gg_out *o, const char *s)
{
    while (*s) put_char(o, *s++);
}

static void put_unsigned(gg_out *o, unsigned long long v)
{
    char digits[24];
    int n = 0;
    do digits[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n) put_char(o, digits[--n]);
}

/* Formats made only of text, %s, %u, %d, %c and %% (every notation word). */
static int plain_format(const char *fmt)
{
    for (const char *p = fmt; (p = strchr(p, '%')) != NULL; p += 2)
        if (!p[1] || !strchr("sudc%", p[1])) return 0;
    return 1;
}

/* Appends to o as vsnprintf would, byte for byte: the notation formatters
 * call this for every word of every legal action, and vsnprintf's set-up
 * was most of their time (and of the simulation tests'), so the plain
 * formats are written here directly; any other goes through vsnprintf. */
void gg_put(gg_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->cap ? o->cap - o->len : 0;
    if (!plain_format(fmt)) {
        int k = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
        if (k > 0) o->len += (size_t)k;
        va_end(ap);
        return;
    }
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            put_char(o, *p);
            continue;
        }
        switch (*++p) {
        case 's': put_text(o, va_arg(ap, const char *)); break;
        case 'u': put_unsigned(o, va_arg(ap, unsigned)); break;
        case 'c': put_char(o, (char)va_arg(ap, int)); break;
        case 'd': {
            int v = va_arg(ap, int);
            if (v < 0) put_char(o, '-');
            put_unsigned(o, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
            break;
        }
        default: put_char(o, '%');
        }
    }
    va_end(ap);
    if (room) o->buf[o->len < o->cap ? o->len : o->cap - 1] = '\0';
}

void gg_assert_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "gemgames: internal invariant broken at %s:%d: %s\n", file, line, what);
    abort();
}

int gg_name_index(const char *const *names, int n, const char *str)
{
    for (int i = 0; str && i < n; i++)
        if (names[i] && strcmp(names[i], str) == 0) return i;
    return -1;
}

gg_status ggj_int(const cJSON *obj, const char *key, int lo, int hi, int *out, gg_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsNumber(v))
        return gg_fail(err, GG_EJSON, "\"%s\" must be a number", key);
    double d = v->valuedouble;
    if (d < lo || d > hi || d != (double)(long long)d) /* range first: no overflowing cast */
        return gg_fail(err, GG_EJSON, "\"%s\" must be a whole number from %d to %d", key, lo,
                       hi);
    *out = (int)d;
    return GG_OK;
}

gg_status ggj_array(const cJSON *obj, const char *key, int min_len, int max_len,
                    const cJSON **out, int *len, gg_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsArray(v)) return gg_fail(err, GG_EJSON, "\"%s\" must be an array", key);
    int n = cJSON_GetArraySize(v);
    if (n < min_len || n > max_len)
        return gg_fail(err, GG_EJSON, "\"%s\" must have %d to %d items, not %d", key, min_len,
                       max_len, n);
    *out = v;
    if (len) *len = n;
    return GG_OK;
}

gg_status ggj_ints(const cJSON *obj, const char *key, int lo, int hi, int *out, int min_len,
                   int max_len, int *len, gg_error *err)
{
    const cJSON *arr;
    int n = 0;
    gg_status st = ggj_array(obj, key, min_len, max_len, &arr, &n, err);
    if (st) return st;
    int i = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, arr)
    {
        if (!cJSON_IsNumber(it) || it->valuedouble < lo || it->valuedouble > hi ||
            it->valuedouble != (double)(long long)it->valuedouble)
            return gg_fail(err, GG_EJSON, "\"%s\"[%d] must be a whole number from %d to %d",
                           key, i, lo, hi);
        out[i++] = (int)it->valuedouble;
    }
    if (len) *len = n;
    return GG_OK;
}

gg_status gg_split_words(const char *text, gg_words *ws, size_t len, gg_error *err)
{
    ws->n = 0;
    const char *p = text;
    if (len > GG_WORD_LEN) len = GG_WORD_LEN;
    for (;;) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p) return GG_OK;
        if (ws->n == GG_MAX_WORDS)
            return gg_fail(err, GG_EPARSE, "too many words in \"%.40s\"", text);
        size_t k = 0;
        while (*p && !isspace((unsigned char)*p)) {
            if (k + 1 >= len) return gg_fail(err, GG_EPARSE, "word too long in \"%.40s\"", text);
            ws->w[ws->n][k++] = (char)tolower((unsigned char)*p++);
        }
        ws->w[ws->n++][k] = '\0';
    }
}

