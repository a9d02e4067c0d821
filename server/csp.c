/* csp.c — the Content-Security-Policy of the pages.
 *
 * The pages carry one inline script, their import map (external import maps
 * do not exist), so script-src allows exactly that text by its SHA-256
 * (CSP Level 3 hash source) and nothing else inline. The hash is taken from
 * the pages in web/ at start, so editing an import map cannot silently break the
 * site. SHA-256 as in FIPS 180-4. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

static uint32_t ror(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

static void sha256_block(uint32_t h[8], const unsigned char *p)
{
    uint32_t w[64], v[8];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    memcpy(v, h, sizeof v);
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = v[7] + (ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25)) +
                      ((v[4] & v[5]) ^ (~v[4] & v[6])) + K[i] + w[i];
        uint32_t t2 = (ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22)) +
                      ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
        memmove(v + 1, v, 7 * sizeof v[0]);
        v[4] += t1;
        v[0] = t1 + t2;
    }
    for (int i = 0; i < 8; i++) h[i] += v[i];
}

static void sha256(const void *data, size_t n, unsigned char out[32])
{
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    const unsigned char *p = data;
    size_t left = n;
    for (; left >= 64; p += 64, left -= 64) sha256_block(h, p);
    unsigned char tail[128] = {0};
    memcpy(tail, p, left);
    tail[left] = 0x80;
    size_t tn = left < 56 ? 64 : 128;
    uint64_t bits = (uint64_t)n * 8;
    for (int i = 0; i < 8; i++) tail[tn - 1 - i] = (unsigned char)(bits >> (8 * i));
    for (size_t off = 0; off < tn; off += 64) sha256_block(h, tail + off);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 4; k++) out[4 * i + k] = (unsigned char)(h[i] >> (24 - 8 * k));
}

static void base64(const unsigned char *in, size_t n, char *out)
{
    static const char abc[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0) |
                     (i + 2 < n ? in[i + 2] : 0);
        out[o++] = abc[v >> 18 & 63];
        out[o++] = abc[v >> 12 & 63];
        out[o++] = i + 1 < n ? abc[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? abc[v & 63] : '=';
    }
    out[o] = 0;
}

/* Adds " 'sha256-...'" for the page's import map to `srcs` (if not there yet). */
static void add_page_hash(const char *path, char *srcs, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return;
    char buf[16384];
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = 0;
    static const char open_tag[] = "<script type=\"importmap\">";
    char *a = strstr(buf, open_tag), *b = a ? strstr(a, "</script>") : NULL;
    if (!b) return;
    a += strlen(open_tag);
    unsigned char d[32];
    char src[64];
    sha256(a, (size_t)(b - a), d);
    strcpy(src, " 'sha256-");
    base64(d, sizeof d, src + strlen(src));
    strcat(src, "'");
    if (!strstr(srcs, src) && strlen(srcs) + strlen(src) < n) strcat(srcs, src);
}

void srv_csp_header(const char *web_root, char *out, size_t n)
{
    static const char *const pages[] = {"index.html", "table.html", "replay.html"};
    char hashes[512] = "", path[4200];
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
        snprintf(path, sizeof path, "%.4000s/%s", web_root, pages[i]);
        add_page_hash(path, hashes, sizeof hashes);
    }
    snprintf(out, n,
             "Content-Security-Policy: default-src 'none'; script-src 'self'%s; "
             "style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
             "form-action 'none'; frame-ancestors 'none'",
             hashes);
}
