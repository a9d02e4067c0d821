/* fuzz_protocol.c — libFuzzer target for the engine protocol: the input is
 * split into lines, each parsed (gg_proto_parse_line) and handled by one
 * session (gg_proto_handle) whose genmove is the random bot. Every reply must
 * start with "=" or "?" and end with an empty line. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bots/protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gg_proto_session p;
    gg_error err;
    if (gg_proto_session_init(&p, "random", 1, &err) != GG_OK) abort();
    gg_proto_out out = {0};
    size_t start = 0;
    while (start < size && !p.quit) {
        size_t end = start;
        while (end < size && data[end] != '\n') end++;
        size_t len = end - start + (end < size);
        char *line = malloc(len + 1);
        if (!line) abort();
        memcpy(line, data + start, len);
        line[len] = '\0';
        gg_proto_cmd cmd;
        char *copy = malloc(len + 1);
        if (!copy) abort();
        memcpy(copy, line, len + 1);
        gg_proto_parse_line(copy, len, &cmd, &err);
        free(copy);
        out.len = 0;
        gg_proto_handle(&p, line, len, &out);
        if (out.len && (out.len < 3 || (out.text[0] != '=' && out.text[0] != '?') ||
                        strcmp(out.text + out.len - 2, "\n\n")))
            abort();
        free(line);
        start = end + 1;
    }
    gg_proto_out_free(&out);
    gg_proto_session_free(&p);
    return 0;
}
