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
#include "bots/engine.h"
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
    expect(&p, "protocol_version\n", "= 2\n\n");
    expect(&p, "protocol_version 3", "? syntax: protocol_version takes no arguments\n\n");
    expect(&p, "name", "= gemgames " GG_VERSION " (ismcts:iters=200)\n\n");
    expect(&p, "name x", "? syntax: name takes no arguments\n\n");
    expect(&p, "version", "= " GG_VERSION "\n\n");
    expect(&p, "version 1", "? syntax: version takes no arguments\n\n");
    expect(&p, "list_commands",
           "= protocol_version\nname\nversion\nlist_commands\nknown_command\nisready\n"
           "setoption\nnew_game\nset_seat\ntime_settings\ntime_left\nposition\nview\nobserve\n"
           "legal\nplay\ngenmove\nhint\nundo\nevents\nshowboard\nfinal_score\ngame_over\nquit\n\n");
    expect(&p, "list_commands x", "? syntax: list_commands takes no arguments\n\n");
    expect(&p, "known_command undo", "= true\n\n");
    expect(&p, "known_command events", "= true\n\n");
    expect(&p, "known_command", "? syntax: usage: known_command COMMAND\n\n");
    expect(&p, "known_command a b", "? syntax: usage: known_command COMMAND\n\n");
    expect(&p, "isready", "= readyok\n\n");
    expect(&p, "isready now", "? syntax: isready takes no arguments\n\n");
    /* setoption, both forms */
    expect(&p, "setoption bot random", "=\n\n");
    expect(&p, "name", "= gemgames " GG_VERSION " (random)\n\n");
    expect(&p, "setoption name bot value ismcts:iters=200", "=\n\n");
    expect(&p, "name", "= gemgames " GG_VERSION " (ismcts:iters=200)\n\n");
    expect(&p, "setoption seed 9", "=\n\n");
    expect(&p, "setoption name seed value 3", "=\n\n");
    expect(&p, "setoption seed -1", "? syntax: seed takes a whole number\n\n");
    expect_prefix(&p, "setoption bot nonsense", "? option: unknown bot");
    expect(&p, "setoption colour red", "? option: unknown option \"colour\" (options: bot, seed)\n\n");
    expect(&p, "setoption bot", "? syntax: usage: setoption NAME VALUE\n\n");
    expect(&p, "setoption name bot random", "? syntax: usage: setoption name NAME value VALUE\n\n");
    /* time */
    expect(&p, "time_settings 1000 60000 500", "=\n\n");
    assert_int_equal(p.time.move_ms, 1000);
    assert_int_equal(p.time.bank_ms, 60000);
    assert_int_equal(p.time.inc_ms, 500);
    expect(&p, "time_settings 1000 60000", "? syntax: usage: time_settings MOVE_MS BANK_MS INC_MS\n\n");
    expect(&p, "time_settings 1 2 -3", "? syntax: usage: time_settings MOVE_MS BANK_MS INC_MS\n\n");
    expect(&p, "time_left 1234", "=\n\n");
    assert_int_equal(p.time_left_ms, 1234);
    expect(&p, "time_left soon", "? syntax: usage: time_left MS\n\n");
    expect(&p, "time_left", "? syntax: usage: time_left MS\n\n");
    expect(&p, "", "");                    /* blank lines are ignored */
    expect(&p, "# a comment", "");
    /* no game yet */
    expect(&p, "legal", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "view", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "genmove", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "undo", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "events", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "showboard", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "final_score", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "position", "? state: no game yet (new_game GAME first)\n\n");
    expect(&p, "new_game", "? syntax: usage: new_game GAME [players=N] [seat=K] [seed=S] "
                           "[move_ms=T] [bank_ms=T] [inc_ms=T] [KEY=VALUE]...\n\n");
    expect(&p, "new_game goof seat=x", "? syntax: seat=K takes a seat number\n\n");
    expect(&p, "new_game goof seat=3", "? seat: there is no seat 3 at this 2-player table\n\n");
    expect(&p, "new_game goof move_ms=soon", "? syntax: a time is a whole number of milliseconds\n\n");
    /* a game with a seat and a time control in new_game */
    expect(&p, "new_game goof players=2 seat=1 move_ms=100 bank_ms=5000 inc_ms=10", "=\n\n");
    assert_int_equal(p.seat, 1);
    assert_int_equal(p.time.move_ms, 100);
    assert_int_equal(p.time.bank_ms, 5000);
    assert_int_equal(p.time.inc_ms, 10);
    assert_int_equal(p.time_left_ms, 5000);
    expect(&p, "new_game goof players=2 seat=0", "=\n\n");
    /* an unknown game is named, with the games there are (the long name cut) */
    expect(&p, "new_game chess", "? option: unknown game \"chess\" (games: ys, splendor, goof)\n\n");
    expect(&p, "new_game abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz",
           "? option: unknown game \"abcdefghijklmnopqrstuvwxyzabcdefghijklmn...\" "
           "(games: ys, splendor, goof)\n\n");
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
    expect(&p, "observe {\"seat\":1}", "=\n\n");
    expect(&p, "observe", "? json: observe takes the view, a JSON object\n\n");
    expect(&p, "observe [1]", "? json: observe takes the view, a JSON object\n\n");
    /* showboard without a terminal renderer: the view */
    expect_prefix(&p, "showboard", "= {\"game\":\"goof\"");
    expect(&p, "showboard x", "? syntax: showboard takes no arguments\n\n");
    expect(&p, "final_score", "= over=false scores=0,0 ranks=1,1 winners=2\n\n");
    expect(&p, "final_score x", "? syntax: final_score takes no arguments\n\n");
    /* undo: nothing yet; then a move taken back, and the position read back */
    expect(&p, "undo", "? state: nothing to undo\n\n");
    expect(&p, "undo 2", "? syntax: undo takes no arguments\n\n");
    char before[4096];
    snprintf(before, sizeof before, "%s", send(&p, "position"));
    assert_true(before[0] == '=' && strstr(before, "\"game\":\"goof\""));
    expect(&p, "play 0 c2", "=\n\n");
    assert_string_not_equal(send(&p, "position"), before);
    expect(&p, "undo", "=\n\n");
    assert_string_equal(send(&p, "position"), before);
    expect(&p, "undo", "? state: nothing to undo\n\n");
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
    /* genmove with the legal moves listed: the choice must be among them */
    expect(&p, "genmove c7|c8", "? state: the moves listed are not this engine's position's (send position first)\n\n");
    expect_prefix(&p, "genmove c1|c2|c3", "= c");
    expect(&p, "undo", "=\n\n");
    expect_prefix(&p, "genmove", "= c");
    /* seat 1 has bid; round over, both act again: set_seat 0 and play on */
    expect(&p, "set_seat 0", "=\n\n");
    expect_prefix(&p, "genmove", "= c");
    /* wrong seat: who is awaited, as play says it */
    expect(&p, "genmove", "? seat: seat 0 is not to act now (waiting for seat 1)\n\n");
    expect(&p, "set_seat 1", "=\n\n");
    expect_prefix(&p, "genmove", "= c"); /* round 2 over */
    expect(&p, "set_seat 0", "=\n\n");
    expect_prefix(&p, "genmove", "= c");
    expect(&p, "set_seat 1", "=\n\n");
    expect_prefix(&p, "genmove", "= c"); /* round 3: the last */
    expect(&p, "genmove", "? over: the game is over\n\n");
    /* the end of the game is an event; undo takes it back with the move */
    const char *ev = send(&p, "events");
    assert_non_null(strstr(ev, "\"kind\":\"game.over\""));
    expect(&p, "undo", "=\n\n");
    assert_null(strstr(send(&p, "events"), "game.over"));
    expect_prefix(&p, "genmove", "= c");
    assert_non_null(strstr(send(&p, "events"), "\"kind\":\"game.over\""));
    expect_prefix(&p, "final_score", "= over=true scores=");
    expect(&p, "game_over", "? syntax: usage: game_over result=win|draw|loss ...\n\n");
    expect(&p, "game_over result=win rank=1 scores=3,2 ranks=1,2", "=\n\n");
    assert_string_equal(p.last_result, "result=win rank=1 scores=3,2 ranks=1,2");
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

/* events on a real game: what was played, masked for the engine's seat,
 * kept consistent by undo, refused past its end. */
static void test_events(void **unused)
{
    (void)unused;
    gg_proto_session p;
    session(&p);
    expect(&p, "new_game splendor players=2 seed=42", "=\n\n");
    /* the set-up is event 0: the nobles and the face-up cards, public */
    expect_prefix(&p, "events", "= [{\"kind\":\"splendor.setup\",\"nobles\":[{\"id\":1,");
    assert_int_equal(gg_events_count(p.events), 1);
    expect_prefix(&p, "events text", "= The table is laid out — nobles: ");
    expect(&p, "events 1", "= []\n\n");
    expect(&p, "play 0 take W B G", "=\n\n");
    expect(&p, "play 1 reserve deck 1", "=\n\n");
    /* no seat told: a spectator's events, the deck card masked */
    expect(&p, "events 2",
           "= [{\"kind\":\"splendor.reserve\",\"seat\":1,\"from\":\"deck\",\"variant\":\"deck\","
           "\"tier\":1,\"gold\":1,\"masked\":true},{\"kind\":\"splendor.round\",\"final\":false}]\n\n");
    /* seat 0 does not see seat 1's card either; seat 1 does */
    expect(&p, "set_seat 0", "=\n\n");
    const char *ev = send(&p, "events");
    assert_non_null(strstr(ev, "\"kind\":\"splendor.take\",\"seat\":0"));
    assert_non_null(strstr(ev, "\"masked\":true"));
    assert_null(strstr(ev, "\"card\":"));
    expect(&p, "set_seat 1", "=\n\n");
    ev = send(&p, "events");
    assert_non_null(strstr(ev, "\"card\":{\"id\":"));
    assert_null(strstr(ev, "\"masked\""));
    expect(&p, "events text 3", "= The round is complete.\n\n");
    expect(&p, "events 4", "= []\n\n");
    expect(&p, "events 5", "? syntax: FROM is a whole number from 0 to 4 (the events so far)\n\n");
    expect(&p, "events 99999", "? syntax: FROM is a whole number from 0 to 4 (the events so far)\n\n");
    expect(&p, "events -1", "? syntax: FROM is a whole number from 0 to 4 (the events so far)\n\n");
    expect(&p, "events text x", "? syntax: FROM is a whole number from 0 to 4 (the events so far)\n\n");
    expect(&p, "events 1 2", "? syntax: usage: events [text] [FROM]\n\n");
    /* undo: the events of the move taken back are gone, and come back when played again */
    char all[8192];
    snprintf(all, sizeof all, "%s", send(&p, "events"));
    expect(&p, "undo", "=\n\n");
    expect(&p, "events 1", "= [{\"kind\":\"splendor.take\",\"seat\":0,\"tokens\":{\"white\":1,\"blue\":1,\"green\":1}}]\n\n");
    expect(&p, "play 1 reserve deck 1", "=\n\n");
    assert_string_equal(send(&p, "events"), all);
    /* a refused move records nothing */
    expect_prefix(&p, "play 1 take R K W", "? seat: seat 1 is not to act now");
    expect_prefix(&p, "play 0 fly", "? parse: ");
    assert_string_equal(send(&p, "events"), all);
    /* the engine's own move is recorded */
    expect(&p, "set_seat 0", "=\n\n");
    expect_prefix(&p, "genmove", "= ");
    assert_string_not_equal(send(&p, "events"), all);
    expect_prefix(&p, "events 4", "= [{\"kind\":\"splendor.");
    /* a new game starts a new list (its set-up only); the seat told stays told */
    expect(&p, "new_game splendor players=2 seed=42", "=\n\n");
    expect_prefix(&p, "events", "= [{\"kind\":\"splendor.setup\"");
    assert_int_equal(gg_events_count(p.events), 1);
    assert_int_equal(p.seat_told, 1);
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

/* engine:CMD's quoting rule (docs/protocol.md, "Running engines"). */
static void test_engine_split(void **unused)
{
    (void)unused;
    static const struct {
        const char *cmd;
        int n;
        const char *words[6];
    } cases[] = {
        {"bot", 1, {"bot"}},
        {"  python3\t bot.py  --x ", 3, {"python3", "bot.py", "--x"}},
        {"bot 'a, b' \"c\\\"d\" e\\ f $HOME", 5, {"bot", "a, b", "c\"d", "e f", "$HOME"}},
        {"a'b'\"c\"d 'it'\\''s'", 2, {"abcd", "it's"}},
        {"'' \"\"", 2, {"", ""}},
        {"\"a\\\\b\" 'c\\d'", 2, {"a\\b", "c\\d"}},
        {"", 0, {NULL}},
        {"bot 'open", -1, {NULL}},
        {"bot \"open", -1, {NULL}},
        {"bot trailing\\", -1, {NULL}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[128];
        char *argv[8];
        int n = gg_engine_split(cases[i].cmd, buf, argv, 8);
        if (n != cases[i].n) fail_msg("\"%s\": %d words, expected %d", cases[i].cmd, n, cases[i].n);
        for (int k = 0; k < n; k++) assert_string_equal(argv[k], cases[i].words[k]);
        if (n >= 0) assert_null(argv[n]);
    }
    char buf[64];
    char *argv[3];
    assert_int_equal(gg_engine_split("a b c", buf, argv, 3), -1); /* too many words */
    assert_int_equal(gg_engine_split("a b", buf, argv, 3), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scripted_session),
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_parse_line),
        cmocka_unit_test(test_engine_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
