#!/usr/bin/env python3
"""TAP checks of tools/gemesis_adapter.py without the external agent.

Run by tests/cli/gemesis_adapter.sh. Gemesis's tables are written here from our
printed data under a colour order and numbering of our choosing (so the adapter
must find them), positions come from our engine ($GEMGAMES), and a fake agent
(a tiny script) stands in for Gemesis in the protocol checks.
"""

import io
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import gemesis_adapter as ga  # noqa: E402
import gemesis_parity as gp  # noqa: E402

G = os.environ.get("GEMGAMES", os.path.join(ROOT, "build/san/gemgames"))
COLOURS = ga.COLOURS
PERM = (3, 2, 1, 0, 4)          # Gemesis gem slot g is our colour PERM[g] (as in Gemesis)
N = 0


def ok(cond, what, detail=""):
    global N
    N += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", N, what))
    if not cond and detail:
        print("# " + str(detail).replace("\n", "\n# ")[:1500])


def gem_card_id(our):
    return (our * 7) % 90 + 1     # a numbering unlike ours (7 is prime to 90)


def gem_noble_id(our):
    return 10 - our


def fake_utils_h(printed, perm=PERM, spoil=False):
    cards = [[-1] * 7] + [None] * 90
    for c in printed["cards"]:
        row = [0] * 7
        for g in range(5):
            row[g] = int(c["cost"][COLOURS[perm[g]]])
        row[5] = perm.index(COLOURS.index(c["bonus"]))
        row[6] = int(c["points"])
        cards[gem_card_id(int(c["card"]))] = row
    if spoil:
        cards[1][6] += 1
    nobles = [[-1] * 5] + [None] * 10
    for n in printed["nobles"]:
        nobles[gem_noble_id(int(n["noble"]))] = [int(n["requires"][COLOURS[perm[g]]]) for g in range(5)]
    fmt = lambda rows: ",\n".join("{%s}" % ", ".join(str(x) for x in r) for r in rows)
    return ("#define CARDS_CNT 90\nconst int CARDS[CARDS_CNT + 1][7] = {\n%s};\n"
            "const int NOBLE_CARDS[NOBLE_CNT + 1][GEM_CNT] = {\n%s};\n" % (fmt(cards), fmt(nobles)))


def main():
    if not os.access(G, os.X_OK):
        print("1..0 # skip no gemgames at %s" % G)
        return 0
    eng = gp.Engine(G)
    tmp = tempfile.mkdtemp()
    try:
        run(eng, tmp)
    finally:
        eng.close()
    print("1..%d" % N)
    return 0


def run(eng, tmp):
    eng.ask("new_game splendor players=2 seed=42 seat=0")
    v0 = eng.view(0)
    printed = v0["printed"]

    # -- tables: found under our numbering and colour order, refused when they differ
    t = ga.Tables(*ga.parse_gemesis_tables(fake_utils_h(printed)), printed)
    ok(t.colour_of_gem == list(PERM), "tables: the colour order is found", t.colour_of_gem)
    ok(all(t.card_to_gem[c] == gem_card_id(c) for c in range(90)), "tables: all 90 cards matched")
    ok(all(t.noble_to_gem[n] == gem_noble_id(n) for n in range(10)), "tables: all 10 nobles matched")
    t2 = ga.Tables(*ga.parse_gemesis_tables(fake_utils_h(printed, perm=(0, 1, 2, 3, 4))), printed)
    ok(t2.colour_of_gem == [0, 1, 2, 3, 4], "tables: another colour order is found too")
    try:
        ga.Tables(*ga.parse_gemesis_tables(fake_utils_h(printed, spoil=True)), printed)
        ok(False, "tables: a card that differs is refused")
    except ga.AdapterError:
        ok(True, "tables: a card that differs is refused")
    try:
        ga.parse_gemesis_tables("const int CARDS[3][7] = {{1,2}};")
        ok(False, "tables: a truncated table is refused")
    except ga.AdapterError:
        ok(True, "tables: a truncated table is refused")

    # -- the input: a fixed position (seed 42), seat 1 reserves from the tier 2 deck
    eng.ask("play 0 take W B G")
    eng.ask("play 1 reserve deck 2")
    v0 = eng.view(0)
    v1 = eng.view(1)
    secret = int(v1["players"][1]["reserved"][0]["card"])
    text0 = ga.gemesis_input(v0, t)
    lines = text0.strip("\n").split("\n")
    ok(len(lines) == 14, "input: 14 lines for 2 players", text0)
    ok(lines[0] == "2 2 0", "input: 2 players, seat 1 to move as Gemesis's last player (the one that began)", lines[0])
    sup = ga.tokens_vector(v0["supply"])
    ok(lines[1].split() == [str(sup[PERM[g]]) for g in range(5)] + ["4"],
       "input: the supply in Gemesis's colour order, gold last (one gold reserved)", lines[1])
    tier1 = [c["card"] for c in v0["tiers"][0]["cards"]]
    ok(lines[2].split() == [str(v0["tiers"][0]["deck"])] + [str(gem_card_id(c)) for c in tier1],
       "input: tier 1 deck size and face-up cards by Gemesis's numbers", lines[2])
    ok(lines[5].split()[0] == "3" and sorted(lines[5].split()[1:]) ==
       sorted(str(gem_noble_id(n["noble"])) for n in v0["nobles"] if n), "input: the 3 nobles", lines[5])
    ok(lines[10].split() == [str(ga.tokens_vector(v0["players"][0]["tokens"])[PERM[g]]) for g in range(5)] + ["0"]
       and lines[10] != lines[6], "input: seat 1's tokens W B G in Gemesis's order, after seat 2's", lines[6:11])
    ok(lines[6].split()[5] == "1", "input: seat 2 holds the gold of its reserve", lines[6])
    ok(lines[8] == "1 0", "input: the other seat's deck reserve is a secret (0), not its card", lines[8])
    ok(str(gem_card_id(secret)) not in " ".join(lines[1:]).split(), "input: the hidden card's number is nowhere in seat 1's input")
    text1 = ga.gemesis_input(v1, t)
    ok(text1.strip("\n").split("\n")[8] == "1 %d" % gem_card_id(secret),
       "input: the owner's own deck reserve is given by its number")

    # -- answers: takes, reserve, garbage
    v0 = eng.view(0)     # the engine's seat is now 0, the seat to act
    legal = eng.legal()
    g = lambda colour: PERM.index(COLOURS.index(colour))
    m, ret, _ = ga.translate("1 3 %d %d %d" % (g("red"), g("black"), g("white")), v0, legal, t)
    ok(m == "take W R K" and ret is None, "answer: take three different", m)
    m, ret, _ = ga.translate("2 %d" % g("black"), v0, legal, t)
    ok(m == "take K K", "answer: take two of one colour", m)
    card = v0["tiers"][2]["cards"][1]["card"]
    m, ret, _ = ga.translate("3 %d" % gem_card_id(card), v0, legal, t)
    ok(m == "reserve 3-2", "answer: reserve a face-up card by Gemesis's number", m)
    for bad in ["", "hello", "1 3 0 0 1", "1 2 0 1 2", "2 7", "3 999", "4 %d" % gem_card_id(card), "9 1", "1 3 0 1 x"]:
        try:
            ga.translate(bad, v0, legal, t)
            ok(False, "answer: %r is refused" % bad)
        except ga.AdapterError:
            ok(True, "answer: %r is refused" % bad)

    # -- holding 8: Gemesis takes 2 different; we take 3 and give the extra back
    eng.ask("play 0 take R R")    # seat 1 holds 5
    eng.ask("play 1 take W B K")
    eng.ask("play 0 take W G K")  # 8; the supply keeps W1 B1 G2 R1 K1
    eng.ask("play 1 take B R K")
    v0 = eng.view(0)
    legal = eng.legal()
    ok(int(v0["players"][0]["token_count"]) == 8, "holding 8 tokens", v0["players"][0]["token_count"])
    m, ret, note = ga.translate("1 2 %d %d" % (g("blue"), g("red")), v0, legal, t)
    ok(m.startswith("take ") and len(m.split()) == 4 and "B" in m.split() and "R" in m.split()
       and ret is not None and len(ret.split()) == 2 and ret.split()[1] not in ("B", "R"),
       "answer: two at 8 tokens is three taken and the extra given back", (m, ret))
    eng.ask("play 0 " + m)
    ok(eng.view(0)["phase"] == "return" and ret in eng.legal(), "the planned return is legal next", ret)
    eng.ask("play 0 " + ret)
    p0 = eng.view(0)["players"][0]["tokens"]
    ok(p0["blue"] == v0["players"][0]["tokens"]["blue"] + 1 and p0["red"] == v0["players"][0]["tokens"]["red"] + 1
       and eng.view(0)["players"][0]["token_count"] == 10, "the position is what Gemesis meant", p0)

    # -- buying: coloured tokens first, gold for the rest (a loaded position)
    eng.ask("new_game splendor players=2 seed=42 seat=0")
    pos = json.loads(eng.ask("position"))
    cid = pos["board"][0][0]
    cost = next(c for c in printed["cards"] if c["card"] == cid)["cost"]
    mine = [int(cost[k]) for k in COLOURS] + [2]
    short = max(range(5), key=lambda c: (mine[c], -c))  # one token short of the largest cost
    mine[short] -= 1
    pos["players"][0]["tokens"] = mine
    pos["supply"] = [pos["supply"][i] - mine[i] for i in range(6)]
    eng.ask("position " + json.dumps(pos, separators=(",", ":")))
    v0 = eng.view(0)
    legal = eng.legal()
    m, ret, _ = ga.translate("4 %d" % gem_card_id(cid), v0, legal, t)
    want = "buy 1-1 gold " + ga.LETTERS[short]
    golds = [x for x in legal if x.startswith("buy 1-1")]
    ok(m == want and len(golds) > 1, "answer: buy paying coloured first, one gold for the missing %s" % COLOURS[short],
       (m, golds))

    # -- the protocol, with a fake agent
    utils = os.path.join(tmp, "utils.h")
    with open(utils, "w") as f:
        f.write(fake_utils_h(printed))
    fake = os.path.join(tmp, "fake-agent")
    with open(fake, "w") as f:
        f.write("#!/bin/sh\ncat > %s/last-input\necho 'kibitz thinking' >&2\necho \"$FAKE_ANSWER\"\n" % tmp)
    os.chmod(fake, 0o755)
    eng.ask("new_game splendor players=2 seed=42 seat=0")
    view = json.dumps(eng.view(0), separators=(",", ":"))
    legal = eng.legal()
    script = ("protocol_version\nknown_command position\nknown_command observe\n"
              "new_game ys players=2 seat=0\nnew_game splendor players=2 seat=0\n"
              "observe {broken\nobserve %s\ngenmove %s\ngenmove %s\nfrobnicate\n"
              "game_over result=win rank=1 scores=15,3 ranks=1,2\nquit\n") % (view, "|".join(legal), "|".join(legal))
    env = dict(os.environ, FAKE_ANSWER="2 %d" % g("green"))
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools/gemesis_adapter.py"), "--agent", fake,
                        "--tables", utils, "--seconds", "0.01"], input=script, capture_output=True,
                       text=True, env=env, timeout=60)
    replies = p.stdout.split("\n\n")
    ok(p.returncode == 0 and replies[0] == "= 2", "protocol: version 2", p.stdout[:300] + p.stderr[-500:])
    ok(replies[1] == "= false", "protocol: position is not known (the controller sends only the view)")
    ok(replies[2] == "= true", "protocol: observe is known")
    ok(replies[3].startswith("? "), "protocol: a Ys game is refused", replies[3])
    ok(replies[4] == "=" and replies[5].startswith("? json"), "protocol: bad JSON is refused", replies[5])
    ok(replies[7] == "= take G G", "protocol: genmove answers the agent's move in our notation", replies[7])
    ok(replies[9].startswith("? unknown") and replies[10] == "=" and replies[11] == "=",
       "protocol: unknown command refused, game_over and quit answered", replies[9:])
    with open(os.path.join(tmp, "last-input")) as f:
        ok(f.read() == ga.gemesis_input(eng.view(0), t), "protocol: the agent got the view's position")
    env["FAKE_ANSWER"] = "4 1"
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools/gemesis_adapter.py"), "--agent", fake,
                        "--tables", utils], input="observe %s\ngenmove %s\nquit\n" % (view, "|".join(legal)),
                       capture_output=True, text=True, env=env, timeout=60)
    replies = p.stdout.split("\n\n")
    ok(replies[1] == "= " + legal[0] and "fallback" in p.stderr,
       "protocol: an answer it cannot play falls back to a legal move and says so", (replies, p.stderr[-300:]))
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools/gemesis_adapter.py"), "--agent",
                        os.path.join(tmp, "missing")], input="", capture_output=True, text=True, timeout=60)
    ok(p.returncode == 2 and "tools/gemesis_build.sh" in p.stderr, "no agent: a clear message", p.stderr)


if __name__ == "__main__":
    sys.exit(main())
