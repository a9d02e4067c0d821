/* people.c — what players bring to a table besides moves: display names
 * (untrusted text, checked here), the lobby's "take a free seat", and the
 * batch status of "my tables".
 *
 * A name is text from anyone: it is checked (valid UTF-8, spaces trimmed,
 * 1..SRV_NAME_CHARS characters, no control characters or bidirectional
 * overrides that would reorder the text around it), stored as given and
 * sent as a JSON string; the browser shows it as a text node, never as
 * markup. Names are unique at a table: a name another seat holds (letter
 * case aside) is given with a suffix, "Anna (2)" (srv_name_unique). Seats keep a player id beside the token (tables.c; stored, never sent): the
 * token is the credential, the player id says who holds the seat, and an
 * account system could later map accounts to player ids. */
#include <stdio.h>
#include <string.h>

#include "server.h"

/* The code point at s (valid UTF-8, checked before); advances *len. */
static unsigned code_point(const unsigned char *s, int *len)
{
    if (s[0] < 0x80) return *len = 1, s[0];
    if (s[0] < 0xE0) return *len = 2, ((s[0] & 0x1Fu) << 6) | (s[1] & 0x3Fu);
    if (s[0] < 0xF0) return *len = 3, ((s[0] & 0x0Fu) << 12) | ((s[1] & 0x3Fu) << 6) | (s[2] & 0x3Fu);
    return *len = 4, ((s[0] & 0x07u) << 18) | ((s[1] & 0x3Fu) << 12) | ((s[2] & 0x3Fu) << 6) |
                     (s[3] & 0x3Fu);
}

/* Characters that may not appear: C0 and C1 controls, DEL, the line and
 * paragraph separators, and the bidirectional embeddings, overrides and
 * isolates (they would turn the text around a name or message). */
static int forbidden(unsigned c)
{
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 ||
           (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

/* Spaces and characters that show nothing (no-break and wide spaces,
 * zero-width spaces and joiners, the soft hyphen, the byte order mark): a
 * text made only of them reads as empty. */
static int blank(unsigned c)
{
    return c == ' ' || c == 0xA0 || c == 0xAD || c == 0x1680 || (c >= 0x2000 && c <= 0x200F) ||
           c == 0x202F || c == 0x205F || (c >= 0x2060 && c <= 0x2064) || c == 0x3000 ||
           c == 0xFEFF;
}

int srv_text_clean(const char *in, int min_chars, int max_chars, char *out, size_t n,
                   const char *code, const char *what, srv_err *e)
{
    size_t len = in ? strlen(in) : 0;
    if (!in || !srv_utf8_ok(in, len))
        return srv_fail(e, 400, code, "%s must be UTF-8 text", what),
               srv_fail_reason(e, "not_utf8", 0, 0);
    const char *start = in, *end = in + len;
    while (start < end && *start == ' ') start++;
    while (end > start && end[-1] == ' ') end--;
    int chars = 0, shown = 0;
    for (const char *p = start; p < end;) {
        int k;
        unsigned c = code_point((const unsigned char *)p, &k);
        if (forbidden(c))
            return srv_fail(e, 400, code, "%s may not contain control characters", what),
                   srv_fail_reason(e, "control", 0, 0);
        p += k;
        chars++;
        shown += !blank(c);
    }
    if (chars < min_chars || (min_chars > 0 && !shown))
        return srv_fail(e, 400, code, "%s is empty", what), srv_fail_reason(e, "empty", 0, 0);
    if (chars > max_chars)
        return srv_fail(e, 400, code, "%s is %d characters long; at most %d", what, chars,
                        max_chars),
               srv_fail_reason(e, "too_long", chars, max_chars);
    if ((size_t)(end - start) >= n)
        return srv_fail(e, 400, code, "%s is too long", what), srv_fail_reason(e, "too_long", 0, 0);
    memcpy(out, start, (size_t)(end - start));
    out[end - start] = 0;
    return 0;
}

int srv_name_clean(const char *in, char out[SRV_NAME_BYTES], srv_err *e)
{
    return srv_text_clean(in, 1, SRV_NAME_CHARS, out, SRV_NAME_BYTES, "bad_name", "a name", e);
}

/* ------------------------------------------------------------ unique names */

/* Two names are the same when they differ at most in ASCII letter case
 * ("Anna", "anna"): one would be taken for the other in the log. */
static int same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z') x = (unsigned char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (unsigned char)(y - 'A' + 'a');
        if (x != y) return 0;
    }
    return *a == *b;
}

static int name_held(const char *const others[], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (others[i] && others[i][0] && same_name(others[i], name)) return 1;
    return 0;
}

void srv_name_unique(const char *const others[], int n, const char *name,
                     char out[SRV_NAME_BYTES])
{
    snprintf(out, SRV_NAME_BYTES, "%s", name);
    for (int k = 2; name_held(others, n, out) && k <= GG_MAX_SEATS + 1; k++) {
        char tail[8];
        int tail_chars = snprintf(tail, sizeof tail, " (%d)", k);
        /* the name's first characters that leave room for the suffix (whole
         * UTF-8 characters: the name is valid UTF-8), trailing spaces off */
        size_t b = 0;
        for (int chars = 0; name[b] && chars < SRV_NAME_CHARS - tail_chars; chars++) {
            unsigned char c = (unsigned char)name[b];
            b += c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        }
        while (b > 0 && name[b - 1] == ' ') b--;
        snprintf(out, SRV_NAME_BYTES, "%.*s%s", (int)b, name, tail);
    }
}

/* POST /api/tables/ID/take {"seat":K,"name":N}: a free seat of a public
 * table, with a new token. */
cJSON *srv_api_take(srv_table *t, const cJSON *req, srv_err *e)
{
    const cJSON *seat = cJSON_GetObjectItemCaseSensitive(req, "seat");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(req, "name");
    char token[SRV_TOKEN_HEX + 1], link[160];
    if (!cJSON_IsNumber(seat) || !(seat->valuedouble >= 0) || !(seat->valuedouble < GG_MAX_SEATS) ||
        seat->valuedouble != (double)(int)seat->valuedouble) {
        srv_fail(e, 400, "bad_seat", "\"seat\" must be the number of a free seat");
        return NULL;
    }
    if (srv_table_take_seat(t, seat->valueint, cJSON_IsString(name) ? name->valuestring : NULL,
                            token, e) != 0)
        return NULL;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "table", srv_table_id(t));
    cJSON_AddNumberToObject(o, "seat", seat->valueint);
    cJSON_AddStringToObject(o, "token", token);
    snprintf(link, sizeof link, "/table.html#table=%s&seat=%d&token=%s", srv_table_id(t),
             seat->valueint, token);
    cJSON_AddStringToObject(o, "invite", link);
    srv_table_lock(t); /* the name given: "Anna (2)" when another Anna sits here */
    cJSON_AddStringToObject(o, "name", srv_table_name_locked(t, seat->valueint));
    srv_table_unlock(t);
    return o;
}

enum { STATUS_MAX = 50 };

/* POST /api/status {"seats":[{"table","seat","token"},...]} (at most 50):
 * for each, the table's public status and whether that seat is to act, or
 * an error of its own; tokens travel in the body, never in a URL. */
cJSON *srv_api_status(const cJSON *req, srv_err *e)
{
    const cJSON *seats = cJSON_GetObjectItemCaseSensitive(req, "seats");
    if (!cJSON_IsArray(seats)) {
        srv_fail(e, 400, "bad_request", "\"seats\" must be a list of {table, seat, token}");
        return NULL;
    }
    if (cJSON_GetArraySize(seats) > STATUS_MAX) {
        srv_fail(e, 400, "too_many", "at most %d seats at once", STATUS_MAX);
        srv_fail_reason(e, NULL, cJSON_GetArraySize(seats), STATUS_MAX);
        return NULL;
    }
    cJSON *out = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(out, "seats");
    const cJSON *it;
    cJSON_ArrayForEach(it, seats)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(it, "table");
        const cJSON *seat = cJSON_GetObjectItemCaseSensitive(it, "seat");
        const cJSON *tok = cJSON_GetObjectItemCaseSensitive(it, "token");
        srv_err one = {0};
        srv_table *t = cJSON_IsString(id) ? srv_table_find(id->valuestring) : NULL;
        cJSON *o = NULL;
        if (!t)
            srv_fail(&one, 404, "unknown_table", "no such table (it may have expired)");
        else if (!cJSON_IsNumber(seat) || !(seat->valuedouble >= 0) ||
                 !(seat->valuedouble < GG_MAX_SEATS) ||
                 seat->valuedouble != (double)(int)seat->valuedouble)
            srv_fail(&one, 400, "bad_seat", "\"seat\" must be a seat number");
        else
            o = srv_table_seat_status(t, seat->valueint, cJSON_IsString(tok) ? tok->valuestring : "",
                                      &one);
        if (!o) {
            o = cJSON_CreateObject(); /* answers keep the request's order */
            cJSON_AddStringToObject(o, "error", one.code ? one.code : "internal");
            cJSON_AddStringToObject(o, "message", one.msg);
        }
        cJSON_AddItemToArray(list, o);
    }
    return out;
}
