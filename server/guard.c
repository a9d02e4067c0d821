/* guard.c — checks on a client's bytes before anything parses them, and on
 * who a client is.
 *
 * cJSON parses recursively: a message nested a few hundred levels deep ran a
 * connection thread out of stack (issue 18). So every client message is
 * scanned first, strings skipped, and refused past SRV_MAX_DEPTH; cJSON then
 * never recurses deeper than that. */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "server.h"

int srv_json_depth_ok(const char *text, size_t len, int max)
{
    int depth = 0, in_string = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (in_string) {
            if (c == '\\') i++; /* the escaped byte cannot end the string */
            else if (c == '"') in_string = 0;
        } else if (c == '"') {
            in_string = 1;
        } else if (c == '[' || c == '{') {
            if (++depth > max) return 0;
        } else if (c == ']' || c == '}') {
            depth--;
        }
    }
    return 1;
}

int srv_utf8_ok(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        unsigned c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        int n;
        unsigned lo = 0x80, hi = 0xBF; /* the allowed range of the second byte */
        if (c >= 0xC2 && c <= 0xDF) n = 1;
        else if (c == 0xE0) n = 2, lo = 0xA0;
        else if (c == 0xED) n = 2, hi = 0x9F; /* no UTF-16 surrogates */
        else if (c >= 0xE1 && c <= 0xEF) n = 2;
        else if (c == 0xF0) n = 3, lo = 0x90;
        else if (c >= 0xF1 && c <= 0xF3) n = 3;
        else if (c == 0xF4) n = 3, hi = 0x8F; /* nothing above U+10FFFF */
        else return 0;
        if (len - i <= (size_t)n) return 0;
        if (s[i + 1] < lo || s[i + 1] > hi) return 0;
        for (int k = 2; k <= n; k++)
            if ((s[i + k] & 0xC0) != 0x80) return 0;
        i += (size_t)n + 1;
    }
    return 1;
}

/* 1 when a string escapes a NUL (\u0000): cJSON would hand it over cut
 * short at the NUL, so "Bob\u0000 resigns" would quietly become "Bob". */
static int escapes_nul(const char *text, size_t len)
{
    int in_string = 0;
    for (size_t i = 0; i < len; i++) {
        if (!in_string) {
            in_string = text[i] == '"';
        } else if (text[i] == '\\') {
            if (i + 5 < len && !memcmp(text + i + 1, "u0000", 5)) return 1;
            i++;
        } else if (text[i] == '"') {
            in_string = 0;
        }
    }
    return 0;
}

cJSON *srv_parse_client_json(const char *text, size_t len, srv_err *e)
{
    if (!srv_utf8_ok(text, len)) {
        srv_fail(e, 400, "bad_utf8", "the message is not valid UTF-8");
        return NULL;
    }
    if (!srv_json_depth_ok(text, len, SRV_MAX_DEPTH)) {
        srv_fail(e, 400, "too_deep", "JSON may nest at most %d levels", SRV_MAX_DEPTH);
        return NULL;
    }
    if (escapes_nul(text, len)) {
        srv_fail(e, 400, "bad_request", "text may not contain NUL (\\u0000)");
        return NULL;
    }
    cJSON *o = cJSON_ParseWithLength(text, len);
    if (!o) {
        srv_fail(e, 400, "bad_json", "that is not valid JSON");
        return NULL;
    }
    if (!cJSON_IsObject(o)) {
        srv_fail(e, 400, "bad_request", "a message is one JSON object");
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* "1.2.3.4" or "v6:xxxx:xxxx:xxxx:xxxx" (the /64); the text itself if it
 * is neither (then nothing is shared by accident either). */
static void addr_key(const char *addr, char key[SRV_ADDR_KEY])
{
    unsigned char b[16];
    char a[64];
    snprintf(a, sizeof a, "%s", addr ? addr : "");
    a[strcspn(a, " ,")] = 0;
    if (inet_pton(AF_INET, a, b) == 1) {
        snprintf(key, SRV_ADDR_KEY, "%u.%u.%u.%u", b[0], b[1], b[2], b[3]);
    } else if (inet_pton(AF_INET6, a, b) == 1) {
        static const unsigned char v4mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (!memcmp(b, v4mapped, 12))
            snprintf(key, SRV_ADDR_KEY, "%u.%u.%u.%u", b[12], b[13], b[14], b[15]);
        else
            snprintf(key, SRV_ADDR_KEY, "v6:%02x%02x:%02x%02x:%02x%02x:%02x%02x::/64", b[0],
                     b[1], b[2], b[3], b[4], b[5], b[6], b[7]);
    } else {
        snprintf(key, SRV_ADDR_KEY, "?%.60s", a);
    }
}

void srv_client_key(const srv_config *cfg, const char *peer, const char *forwarded,
                    char key[SRV_ADDR_KEY])
{
    addr_key(peer, key);
    if (!forwarded || !*forwarded) return;
    for (int i = 0; i < cfg->n_proxies; i++) {
        /* a proxy is matched on its full address, not its /64 */
        unsigned char x[16], y[16];
        int fam = strchr(peer, ':') ? AF_INET6 : AF_INET;
        if (inet_pton(fam, peer, x) != 1 || inet_pton(fam, cfg->proxies[i], y) != 1 ||
            memcmp(x, y, fam == AF_INET ? 4 : 16) != 0)
            continue;
        /* the proxy appends the address it saw: the last entry is its word */
        const char *last = strrchr(forwarded, ',');
        last = last ? last + 1 : forwarded;
        while (*last == ' ') last++;
        addr_key(last, key);
        return;
    }
}
