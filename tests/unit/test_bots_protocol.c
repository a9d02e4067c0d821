/* test_bots_protocol.c — the engine protocol: a scripted session covering
 * every command and every error reply, and the line parser's edge cases.
 * Uses the test-only Goofspiel (tests/support/goof.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../support/goof.h"
#include "bots/protocol.h"

static const gg_game *const extra[] = {&goof_game, NULL};

/* Sends one line; returns the reply (static buffer). */
static const char *send(gg_proto_session *p, const char *line)
{
    static char reply[8192];
    char buf[4096];
    size_t n = strlen(line);
    memcpy(buf, line, n + 1);
    gg_proto_out out = {0};
    gg_proto_handle(p, buf, n, &out);
    snprintf(reply, sizeof reply, "%s", out.text ? out.text : "");
    gg_proto_out_free(&out);
    return reply;
}

static void expect(gg_proto_session *p, const char *line, const char *reply)
{
    const char *got = send(p, line);
    if (strcmp(got, reply)) fail_msg("\"%s\": expected \"%s\", got \"%s\"", line, reply, got);
}

static void expect_prefix(gg_proto_session *p, const char *line, const char *prefix)
{
    const char *got = send(p, line);
    size_t n = strlen(got);
    if (strncmp(got, prefix, strlen(prefix)) || n < 2 || strcmp(got + n - 2, "\n\n"))
        fail_msg("\"%s\": expected \"%s...\\n\\n\", got \"%s\"", line, prefix, got);
}

static void session(gg_proto_session *p)
{
    gg_error err;
    assert_int_equal(gg_proto_session_init(p, "ismcts:iters=200", 3, &err), GG_OK);
    p->extra_games = extra;
}

static void test_scripted_session(void **unused)
{
    (void)unused;
    gg_proto_session p;
    session(&p);
    expect(&p, "protocol_version\n", "= 1\n\n");
    expect(&p, "name", "= gemgames " GG_VERSION " (ismcts:iters=200)\n\n");
    expect(&p, "list_commands", "= protocol_version\nname\nlist_commands\nnew_game\nset_seat\n"
                                "position\nview\nlegal\nplay\ngenmove\nquit\n\n");
    expect(&p, "", "");                    /* blank lines are ignored */
    expect(&p, "# a comment", "");
    /* no game yet */
    expect(&p, "legal", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "view", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "genmove", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "new_game", "? syntax: usage: new_game GAME [players=N] [seed=S] [KEY=VALUE]...\n\n");
    expect(&p, "new_game chess", "? option: unknown game\n\n");
    expect_prefix(&p, "new_game goof players=9", "? option: ");
    expect_prefix(&p, "new_game goof colour=red", "? option: ");
    expect(&p, "new_game goof seed=x", "? syntax: seed=S takes a whole number\n\n");
    expect(&p, "new_game goof players=2 cards=3 seed=5\r\n", "=\n\n");
    expect(&p, "set_seat 1", "=\n\n");
    expect(&p, "set_seat 2", "? seat: there is no seat 2 at this 2-player table\n\n");
    expect(&p, "set_seat one", "? syntax: a seat is a whole number\n\n");
    expect(&p, "set_seat 0 1", "? syntax: usage: set_seat K\n\n");
    expect(&p, "legal", "= c1\nc2\nc3\n\n");
    expect_prefix(&p, "view", "= {\"game\":\"goof\"");
    expect(&p, "view x", "? syntax: view takes no arguments\n\n");
    expect(&p, "legal x", "? syntax: legal takes no arguments\n\n");
    /* play: seat 0 bids in secret; then seat 0 is not to act */
    expect(&p, "play 0 c2", "=\n\n");
    expect(&p, "play 0 c3", "? seat: seat 0 is not to act now (waiting for seat 1)\n\n"); /* wrong seat */
    expect(&p, "play 1 c9", "? illegal: that action is not legal now\n\n");               /* illegal move */
    expect_prefix(&p, "play 1 xyz", "? parse: ");
    expect(&p, "play 1", "? syntax: usage: play K MOVE\n\n");
    expect(&p, "play 7 c1", "? seat: there is no seat 7 at this 2-player table\n\n");
    /* the view of seat 1 does not show seat 0's secret bid */
    const char *v = send(&p, "view");
    assert_null(strstr(v, "\"bid\":2"));
    expect_prefix(&p, "genmove", "= c");
    expect(&p, "genmove x", "? syntax: genmove takes no arguments\n\n");
    /* seat 1 has bid; round over, both act again: set_seat 0 and play on */
    expect(&p, "set_seat 0", "=\n\n");
    expect_prefix(&p, "genmove", "= c");
    expect(&p, "genmove", "? seat: seat 0 is not to act now\n\n"); /* wrong seat */
    expect(&p, "set_seat 1", "=\n\n");
    expect_prefix(&p, "genmove", "= c"); /* round 2 over */
    expect(&p, "set_seat 0", "=\n\n");
    expect_prefix(&p, "genmove", "= c");
    expect(&p, "set_seat 1", "=\n\n");
    expect_prefix(&p, "genmove", "= c"); /* round 3: the last */
    expect(&p, "genmove", "? over: the game is over\n\n");
    expect(&p, "legal", "=\n\n");
    expect(&p, "play 1 c1", "? over: the game is over\n\n");
    /* position: a state as JSON (the registry has no goof, so a bad one here) */
    expect_prefix(&p, "position {\"game\":\"goof\"", "? json: ");
    expect_prefix(&p, "position not json", "? json: malformed JSON");
    /* errors */
    expect(&p, "frobnicate 3", "? unknown: unknown command \"frobnicate\" (list_commands lists them)\n\n");
    expect_prefix(&p, "legal\x01", "? malformed: byte 0x01 at column 6");
    expect_prefix(&p, "na\xc3\xa9me", "? malformed: byte 0xc3");
    expect_prefix(&p, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "? malformed: command word");
    assert_int_equal(p.quit, 0);
    expect(&p, "quit", "=\n\n");
    assert_int_equal(p.quit, 1);
    gg_proto_session_free(&p);
}

static void test_parse_line(void **unused)
{
    (void)unused;
    gg_proto_cmd cmd;
    gg_error err;
    char a[] = "  play   1   buy 3 \t\r\n";
    assert_int_equal(gg_proto_parse_line(a, strlen(a), &cmd, &err), GG_OK);
    assert_string_equal(cmd.name, "play");
    assert_string_equal(cmd.args, "1   buy 3");
    char b[] = "\n";
    assert_int_equal(gg_proto_parse_line(b, strlen(b), &cmd, &err), GG_OK);
    assert_string_equal(cmd.name, "");
    char c[] = "legal\x7f";
    assert_int_equal(gg_proto_parse_line(c, strlen(c), &cmd, &err), GG_EPARSE);
    char d[] = "quit\0junk"; /* an embedded NUL is a control character */
    assert_int_equal(gg_proto_parse_line(d, 9, &cmd, &err), GG_EPARSE);
    size_t big = (size_t)GG_PROTO_MAX_LINE + 2;
    char *e = malloc(big + 1);
    memset(e, 'a', big);
    e[big] = '\0';
    assert_int_equal(gg_proto_parse_line(e, big, &cmd, &err), GG_EPARSE);
    free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scripted_session),
        cmocka_unit_test(test_parse_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
