/* oplog.c — the server's operations log on stderr: one line per HTTP request
 * (method, path, status, body bytes, duration, client key) and one per table
 * event (created, move, seat handed over to a bot, game over); plain text, or
 * JSON lines with --log-json; nothing with --quiet (docs/server.md, "Log").
 * What a client sent is escaped (printable ASCII only, no quote or
 * backslash) and cut to a length, so a line is always one line. The query
 * string (it may carry a seat's token) and the text of a move (a secret
 * choice) are never logged: a move is its seat and index. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "server.h"

enum { LINE_MAX_BYTES = 1024, FIELD_MAX = 200 };

static int log_off = 1, log_json; /* off until srv_oplog_init (e.g. in the fuzzer) */

/* Per request: the service thread runs a request's begin, reply and end in one callback. */
static _Thread_local struct timespec req_start;
static _Thread_local long long req_bytes;

void srv_oplog_init(const srv_config *cfg)
{
    log_off = cfg->quiet;
    log_json = cfg->log_json;
}

void srv_oplog_begin(void)
{
    clock_gettime(CLOCK_MONOTONIC, &req_start);
    req_bytes = -1;
}

void srv_oplog_sent(size_t n) { req_bytes = (req_bytes < 0 ? 0 : req_bytes) + (long long)n; }

/* A client's bytes as printable ASCII without quote or backslash (and
 * without space unless `space`): others become %XX; at most FIELD_MAX bytes
 * of the original. */
static void escape(char *out, size_t cap, const char *in, int space)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t o = 0;
    for (size_t i = 0; in && in[i] && i < FIELD_MAX && o + 4 < cap; i++) {
        unsigned char c = (unsigned char)in[i];
        if ((c > 0x20 || (space && c == ' ')) && c < 0x7f && c != '"' && c != '\\') {
            out[o++] = (char)c;
        } else {
            out[o++] = '%';
            out[o++] = hex[c >> 4];
            out[o++] = hex[c & 15];
        }
    }
    out[o] = '\0';
}

/* "2026-11-25T14:40:01.123Z" */
static void timestamp(char out[32])
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out + n, 32 - n, ".%03ldZ", ts.tv_nsec / 1000000);
}

/* One line in one write, so lines of different threads never interleave. */
static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void emit(const char *fmt, ...)
{
    char line[LINE_MAX_BYTES];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (n > (int)sizeof line - 2) n = (int)sizeof line - 2;
    line[n++] = '\n';
    ssize_t w = write(STDERR_FILENO, line, (size_t)n);
    (void)w;
}

void srv_oplog_request(const char *method, const char *path, int status, const char *client)
{
    if (log_off) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double ms = (double)(now.tv_sec - req_start.tv_sec) * 1e3 +
                (double)(now.tv_nsec - req_start.tv_nsec) / 1e6;
    char ts[32], m[FIELD_MAX * 3 + 1], p[FIELD_MAX * 3 + 1], who[FIELD_MAX * 3 + 1], bytes[24];
    timestamp(ts);
    escape(m, sizeof m, method, 0);
    escape(p, sizeof p, path, 0);
    escape(who, sizeof who, client, 0);
    if (req_bytes < 0) snprintf(bytes, sizeof bytes, log_json ? "null" : "-");
    else snprintf(bytes, sizeof bytes, "%lld", req_bytes);
    if (log_json)
        emit("{\"ts\":\"%s\",\"kind\":\"http\",\"method\":\"%s\",\"path\":\"%s\",\"status\":%d,"
             "\"bytes\":%s,\"ms\":%.3f,\"client\":\"%s\"}",
             ts, m, p, status, bytes, ms, who);
    else
        emit("%s http %s %s %d %s %.3fms %s", ts, m, p, status, bytes, ms, who);
}

void srv_oplog_table(const char *table, const char *event, int seat, int index,
                     const char *detail)
{
    if (log_off) return;
    char ts[32], id[FIELD_MAX * 3 + 1], d[FIELD_MAX * 3 + 1];
    timestamp(ts);
    escape(id, sizeof id, table, 0);
    escape(d, sizeof d, detail ? detail : "", 1);
    if (log_json) {
        char seat_s[24] = "", index_s[24] = "", detail_s[FIELD_MAX * 3 + 24] = "";
        if (seat >= 0) snprintf(seat_s, sizeof seat_s, ",\"seat\":%d", seat);
        if (index >= 0) snprintf(index_s, sizeof index_s, ",\"move\":%d", index);
        if (detail) snprintf(detail_s, sizeof detail_s, ",\"detail\":\"%s\"", d);
        emit("{\"ts\":\"%s\",\"kind\":\"table\",\"table\":\"%s\",\"event\":\"%s\"%s%s%s}", ts, id,
             event, seat_s, index_s, detail_s);
    } else {
        char seat_s[24] = "", index_s[24] = "";
        if (seat >= 0) snprintf(seat_s, sizeof seat_s, " seat=%d", seat);
        if (index >= 0) snprintf(index_s, sizeof index_s, " move=%d", index);
        emit("%s table %s %s%s%s%s%s", ts, id, event, seat_s, index_s, detail ? " " : "", d);
    }
}
