/* cmd_engine.c — `gemgames engine [--bot SPEC] [--seed S]`: the engine
 * protocol (docs/protocol.md) on stdin/stdout; genmove uses the bot SPEC
 * (default ismcts:iters=2000). The protocol itself is src/bots/protocol.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/protocol.h"
#include "cli.h"

int cmd_engine(int argc, char **argv)
{
    const char *spec = "ismcts:iters=2000";
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (cli_flag_is(argv[i], "--bot")) {
            if (!(spec = cli_flag_value(argc, argv, &i))) return 2;
        } else if (cli_flag_is(argv[i], "--seed")) {
            if (!(v = cli_flag_value(argc, argv, &i)) || cli_parse_u64(v, &seed))
                return cli_error("--seed takes a whole number");
        } else {
            return cli_error("engine: unknown argument \"%s\" (usage: gemgames engine "
                             "[--bot SPEC] [--seed S])", argv[i]);
        }
    }
    gg_proto_session p;
    gg_error err;
    if (gg_proto_session_init(&p, spec, seed, &err) != GG_OK) return cli_error("%s", err.msg);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    gg_proto_out out = {0};
    while (!p.quit && (n = getline(&line, &cap, stdin)) >= 0) {
        out.len = 0;
        gg_proto_handle(&p, line, (size_t)n, &out);
        if (out.len) {
            fwrite(out.text, 1, out.len, stdout);
            fflush(stdout);
        }
    }
    free(line);
    gg_proto_out_free(&out);
    gg_proto_session_free(&p);
    return 0;
}
