#!/usr/bin/python3
"""Lets an engine of protocol version 1 (gemgames before d49f57c, e.g. 7729645,
the "old" bot of docs/strength.md) play under a version 2 controller:

    gemgames match --bots "engine:python3 tools/proto1_shim.py [--fallback 'CMD'] OLD engine --bot SPEC"

Version 1 knows new_game (no seat=, no time control), set_seat, position and a
bare genmove; this shim answers the version 2 handshake itself, turns
`new_game ... seat=K move_ms=...` into `new_game ...` + `set_seat K`, forwards
`position` and `genmove` (the v1 engine chooses from the position it was
given), and answers `=` to what v1 has no use for (observe, time_left,
game_over).

Rules changed since the old program (Ys: the Spy's owner is asked after every
placement turn, stage `spy`, Y-7.8; the Bishop's owner chooses each face):
where the old engine refuses a decision or answers a move that is not among
the listed legal ones, the shim asks the version 2 engine CMD (--fallback,
e.g. `gemgames engine --bot SPEC` of today) for that one decision, and
counts these on stderr ("fallback N of M decisions"); without --fallback it
passes the refusal on (the controller counts a forfeit)."""
import shlex
import subprocess
import sys


class Engine:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            got = self.p.stdout.readline()
            if got == "":
                sys.exit(1)
            got = got.rstrip("\n")
            if got == "" and lines:
                return "\n".join(lines)
            if got != "":
                lines.append(got)


def main():
    args = sys.argv[1:]
    fallback_cmd = None
    if len(args) >= 2 and args[0] == "--fallback":
        fallback_cmd = shlex.split(args[1])
        args = args[2:]
    if not args:
        sys.stderr.write(__doc__)
        return 2
    eng = Engine(args)
    fallback = None
    last_new_game = last_position = None
    decisions = fallbacks = 0

    def reply(text):
        sys.stdout.write(text + "\n\n")
        sys.stdout.flush()

    def ask_fallback(genmove_line):
        nonlocal fallback
        if fallback is None:
            fallback = Engine(fallback_cmd)
            fallback.ask("protocol_version")
        if last_new_game:
            fallback.ask(last_new_game)
        if last_position:
            fallback.ask(last_position)
        return fallback.ask(genmove_line)

    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "protocol_version":
            reply("= 2")
        elif word == "known_command":
            reply("= true" if rest.strip() in ("position", "genmove", "new_game") else "= false")
        elif word == "isready":
            reply("= readyok")
        elif word == "new_game":
            last_new_game = line
            keep, seat = [], None
            for tok in rest.split():
                key = tok.partition("=")[0]
                if key == "seat":
                    seat = tok.partition("=")[2]
                elif key in ("move_ms", "bank_ms", "inc_ms"):
                    continue
                else:
                    keep.append(tok)
            r = eng.ask("new_game " + " ".join(keep))
            if r.startswith("=") and seat is not None:
                r = eng.ask("set_seat " + seat)
            reply(r)
        elif word == "position":
            last_position = line
            reply(eng.ask(line))
        elif word in ("observe", "time_left", "time_settings", "game_over", "setoption"):
            reply("=")
        elif word == "genmove":
            decisions += 1
            listed = rest.split("|") if rest.strip() else None
            r = eng.ask("genmove")
            move = r[2:].strip() if r.startswith("= ") else None
            if fallback_cmd and (move is None or (listed is not None and move not in listed)):
                fallbacks += 1
                sys.stderr.write("fallback %d of %d decisions: old engine said %r to %r\n"
                                 % (fallbacks, decisions, r, line[:200]))
                sys.stderr.flush()
                r = ask_fallback(line)
            reply(r)
        elif word == "quit":
            eng.ask("quit")
            if fallback is not None:
                fallback.ask("quit")
            sys.stderr.write("fallback %d of %d decisions in all\n" % (fallbacks, decisions))
            reply("=")
            return 0
        else:
            reply(eng.ask(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
