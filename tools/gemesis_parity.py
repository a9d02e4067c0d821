#!/usr/bin/env python3
"""Rules parity between gemgames' Splendor and the external agent Gemesis.

    tools/gemesis_parity.py --gemgames build/rel/gemgames \
        --moves /work/ext/gemesis/gemesis-moves [--games 100] [--seed 1] [--json]

Plays random games in our engine (`gemgames engine`, the rules oracle); at every
decision of the main phase it gives the seat's view to Gemesis's move generator
(gemesis-moves, built by tools/gemesis_build.sh) and checks each of Gemesis's
moves: it must translate (tools/gemesis_adapter.py) into a move legal for us, and
after playing it (and the planned giving back, if any) the supply, the mover's
tokens and points must be what Gemesis's own model gives, and the game must be over
in Gemesis's model exactly when it is over in ours. It also sorts our legal
moves that Gemesis cannot make by kind. Exit status 1 when a Gemesis move is not
legal for us or leaves another position (a rules difference that matters for a
match: the adapter could not play what the agent chose).
"""

import argparse
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gemesis_adapter as ga  # noqa: E402


class Engine:
    """Our engine over the protocol: the rules oracle."""

    def __init__(self, path):
        self.p = subprocess.Popen([path, "engine", "--bot", "random"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            x = self.p.stdout.readline()
            if x == "":
                raise RuntimeError("engine ended")
            if x == "\n":
                break
            out.append(x.rstrip("\n"))
        text = "\n".join(out)
        if not text.startswith("="):
            raise RuntimeError("%s -> %s" % (line[:60], text[:200]))
        return text[1:].lstrip(" ")

    def view(self, seat):
        self.ask("set_seat %d" % seat)
        return json.loads(self.ask("view"))

    def legal(self):
        return [x for x in self.ask("legal").split("\n") if x.strip()]

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, OSError):
            pass
        self.p.wait()


def gemesis_moves(prog, text):
    p = subprocess.run([prog], input=text, capture_output=True, text=True, timeout=30)
    if p.returncode != 0:
        raise RuntimeError("gemesis-moves exit %d" % p.returncode)
    lines = p.stdout.splitlines()
    if not lines or not lines[0].startswith("over "):
        raise RuntimeError("gemesis-moves: no 'over' line (rebuild with tools/gemesis_build.sh)")
    over = lines[0] == "over 1"
    out = []
    for line in lines[1:]:
        move, bank, own, score, end = [x.strip() for x in line.split("|")]
        out.append((move, [int(x) for x in bank.split()[1:]], [int(x) for x in own.split()[1:]],
                    int(score.split()[1]), end == "end 1"))
    return over, out


def kind_of(move, view):
    """What kind of move of ours Gemesis cannot make."""
    w = move.split()
    me = ga.seat_of_turn(view)
    held = int(me["token_count"])
    if w[0] == "reserve" and w[1] == "deck":
        return "reserve from a deck (Gemesis never does)"
    if w[0] == "reserve":
        return "reserve that goes over 10 tokens and gives one back"
    if w[0] == "take":
        if held + len(w) - 1 > 10:
            return "take that goes over 10 tokens and gives back (other than the extra just taken)"
        return "take fewer different tokens than Gemesis (S-3.1 allows 1 of 2 colours left)"
    if w[0] == "buy":
        return "buy paying with gold where coloured tokens would do"
    return "other: " + w[0]


def add_note(report, key):
    report["notes"][key] = report["notes"].get(key, 0) + 1


def nobles_waiting(views):
    """A seat qualifies for a noble still on the table: Gemesis gives it (and
    its 3 points) at once as it reads the position, so its 15 can come sooner."""
    return any(ga_qualifies(pl, n) for v in views for pl in v["players"] for n in v["nobles"] if n)


def ga_qualifies(player, noble):
    return all(int(player["bonus"][c]) >= int(noble["requires"][c]) for c in ga.COLOURS)


def check_position(eng, view, legal, t, moves_prog, report):
    seat = int(view["turn"])
    over, gm = gemesis_moves(moves_prog, ga.gemesis_input(view, t))
    if over and nobles_waiting([view]):
        add_note(report, "game end differs: nobles Gemesis brings at once")
    elif over:
        report["end_differs"].append({"gemesis": "over before the move", "ours": "not over",
                                      "position": ga.gemesis_input(view, t)})
    report["positions"] += 1
    report["gemesis_moves"] += len(gm)
    report["our_moves"] += len(legal)
    mapped = set()
    for answer, bank, own, score, end in gm:
        try:
            move, ret, note = ga.translate(answer, view, legal, t)
        except ga.AdapterError as e:
            report["illegal_for_us"].append({"gemesis": answer, "why": str(e),
                                             "position": ga.gemesis_input(view, t)})
            continue
        if note:
            report["notes"][note] = report["notes"].get(note, 0) + 1
        mapped.add(ga.canonical(move))
        plays = 0
        eng.ask("play %d %s" % (seat, move))
        plays += 1
        after = eng.view(seat)
        if ret:
            eng.ask("play %d %s" % (seat, ret))
            plays += 1
            after = eng.view(seat)
        nobles_here = 0
        while after["phase"] == "noble":
            eng.ask("play %d %s" % (seat, ga.choose_noble(after, eng.legal(), t)))
            plays += 1
            nobles_here += 1
            after = eng.view(seat)
        ours_bank = ga.to_gem_order(ga.tokens_vector(after["supply"]), t)
        ours_own = ga.to_gem_order(ga.tokens_vector(after["players"][seat]["tokens"]), t)
        ours_score = int(after["players"][seat]["points"])
        if ours_bank != bank or ours_own != own:
            report["state_differs"].append({"gemesis": answer, "ours": move, "return": ret,
                                            "bank": [ours_bank, bank], "own": [ours_own, own]})
        elif ours_score != score:
            # Gemesis brings every qualifying noble at once, we one a turn (S-4.2)
            # (more nobles in Gemesis's model), and it gives a noble that two
            # seats qualify for to the first of them as it reads the position
            # (fewer for the mover); we to the first to end a turn qualifying
            other = [p for p in range(len(view["players"])) if p != seat]
            both = any(ga_qualifies(view["players"][p], n) and ga_qualifies(after["players"][seat], n)
                       for p in other for n in view["nobles"] if n)
            if ours_score < score:
                key = "points differ: Gemesis brings several nobles at once"
            elif both:
                key = "points differ: a noble two seats qualify for (Gemesis gives it to the first seat)"
            else:
                key = "points differ"
                report["state_differs"].append({"gemesis": answer, "ours": move,
                                                "points": [ours_score, score],
                                                "position": ga.gemesis_input(view, t)})
            report["notes"][key] = report["notes"].get(key, 0) + 1
        if end != (after["phase"] == "over"):
            if nobles_waiting([view, after]):
                add_note(report, "game end differs: nobles Gemesis brings at once")
            elif move == "pass":
                add_note(report, "game end differs: a round of passes ends our game (S-3.6), not Gemesis's")
            else:
                report["end_differs"].append({"gemesis": answer, "ours": move, "gemesis_end": end,
                                              "position": ga.gemesis_input(view, t)})
        report["checked"] += 1
        for _ in range(plays):
            eng.ask("undo")
    for m in legal:
        if ga.canonical(m) not in mapped:
            k = kind_of(m, view)
            report["ours_only"][k] = report["ours_only"].get(k, 0) + 1


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gemgames", default="build/rel/gemgames")
    ap.add_argument("--moves", default=os.environ.get("GEMESIS_MOVES"),
                    help="gemesis-moves from tools/gemesis_build.sh")
    ap.add_argument("--tables", help="Gemesis's utils.h (default: MOVES's dir/src/utils.h)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if not a.moves or not os.access(a.moves, os.X_OK):
        sys.stderr.write("gemesis_parity: no gemesis-moves (--moves); build it with tools/gemesis_build.sh\n")
        return 2
    utils_h = a.tables or os.path.join(os.path.dirname(os.path.abspath(a.moves)), "src", "utils.h")
    rng = random.Random(a.seed)
    report = {"games": a.games, "seed": a.seed, "players": a.players, "positions": 0,
              "gemesis_moves": 0, "our_moves": 0, "checked": 0, "illegal_for_us": [],
              "state_differs": [], "end_differs": [], "notes": {}, "ours_only": {}}
    eng = Engine(a.gemgames)
    t = None
    try:
        for g in range(a.games):
            eng.ask("new_game splendor players=%d seed=%d seat=0" % (a.players, a.seed * 100003 + g))
            for _ply in range(400):  # rule G-1 caps bots' games at 200 decisions a seat
                v = eng.view(0)
                if v["phase"] == "over":
                    break
                seat = int(v["turn"])
                v = eng.view(seat)
                if t is None:
                    t = ga.load_tables(utils_h, v["printed"])
                legal = eng.legal()
                if v["phase"] == "main":
                    check_position(eng, v, legal, t, a.moves, report)
                eng.ask("play %d %s" % (seat, rng.choice(legal)))
    finally:
        eng.close()
    bad = len(report["illegal_for_us"]) + len(report["state_differs"]) + len(report["end_differs"])
    if a.json:
        print(json.dumps(report, indent=1, sort_keys=True))
    else:
        print("positions %d (main phase of %d random %dp games, seed %d)" %
              (report["positions"], a.games, a.players, a.seed))
        print("gemesis moves checked %d of %d; not legal for us %d; other position after %d" %
              (report["checked"], report["gemesis_moves"], len(report["illegal_for_us"]),
               len(report["state_differs"])))
        print("game over after the move, Gemesis's model against ours: %d differences" %
              len(report["end_differs"]))
        for k, n in sorted(report["notes"].items()):
            print("  note: %s: %d" % (k, n))
        print("our legal moves %d; Gemesis cannot make %d:" %
              (report["our_moves"], sum(report["ours_only"].values())))
        for k, n in sorted(report["ours_only"].items(), key=lambda x: -x[1]):
            print("  %6d  %s" % (n, k))
        for x in (report["illegal_for_us"] + report["state_differs"] + report["end_differs"])[:10]:
            print("  difference: %s" % json.dumps(x)[:300])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
