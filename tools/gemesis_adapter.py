#!/usr/bin/env python3
"""Engine-protocol adapter for the external Splendor agent Gemesis.

Gemesis (github.com/n6v26r/Gemesis, C++, MCTS or alpha-beta minimax) reads one
position on stdin and prints one move (the nerdvana-ro/splendor-tools format).
This adapter speaks gemgames' engine protocol (docs/protocol.md) on stdin/stdout,
so that `gemgames match --bots "engine:python3 tools/gemesis_adapter.py --agent
/work/ext/gemesis/gemesis-mcts --seconds 0.1"` plays against it.

Nothing of Gemesis is in gemgames: build it outside with tools/gemesis_build.sh
and give its program with --agent (or the GEMESIS_AGENT environment variable).
Its card and noble tables are read from the built copy's src/utils.h and matched
to the printed data that our views carry, so both number the same cards.

Hidden information: the adapter answers `false` to `known_command position`, so
the controller sends only `observe` (the seat's view). Gemesis is given the view:
another seat's card reserved from a deck is written as a secret reservation
(id 0), never as a card.

Where the rules differ (docs/strength.md, "Against an external program"):
- Gemesis never holds more than 10 tokens: holding 8 (9) it takes 2 (1)
  different tokens even when 3 colours are left. We play that as the take of
  3 different tokens followed by giving back the extra one(s) (S-3.1, S-4.1),
  which leaves the same position.
- Gemesis pays coloured tokens first and gold only for what is missing: we play
  that payment (`buy T-S gold ...`).
- Gemesis awards every qualifying noble at once; our rules bring one noble a
  turn (S-4.2). When we ask which noble, the adapter picks the one with
  Gemesis's smallest number (the order it awards them in).
- Gemesis has no move when it cannot take, reserve or buy without going over
  10 tokens ("1 0"): we play `pass` when legal, otherwise taking tokens
  and giving the same back (the position does not change).
Every decision the adapter makes outside Gemesis is counted on stderr.
"""

import itertools
import json
import os
import re
import subprocess
import sys

COLOURS = ["white", "blue", "green", "red", "black"]
LETTERS = "WBGRK"  # our notation, colour order (S-1.1); gold is Y
GOLD = 5
MAX_LINE = 1 << 20


class AdapterError(Exception):
    """A position or an answer the adapter cannot translate."""


# ---------------------------------------------------------------- tables --

def parse_gemesis_tables(text):
    """Gemesis's CARDS (id 1..90: cost in its 5 gem slots, bonus slot, points)
    and NOBLE_CARDS (id 1..10: requirements) from the text of its utils.h."""
    def block(name):
        m = re.search(r"\b" + name + r"\[[^\]]*\]\[[^\]]*\]\s*=\s*\{(.*?)\};", text, re.S)
        if not m:
            raise AdapterError("no %s table in Gemesis's utils.h" % name)
        return [[int(x) for x in row.split(",")]
                for row in re.findall(r"\{([-\d,\s]+)\}", m.group(1))]
    cards = block("CARDS")
    nobles = block("NOBLE_CARDS")
    if len(cards) != 91 or any(len(r) != 7 for r in cards):
        raise AdapterError("Gemesis's CARDS table is not 90 cards of 7 numbers")
    if len(nobles) != 11 or any(len(r) != 5 for r in nobles):
        raise AdapterError("Gemesis's NOBLE_CARDS table is not 10 nobles")
    return cards, nobles


class Tables:
    """The correspondence of card ids, noble ids and colours between our
    printed data and Gemesis's tables: found, not assumed (every card must
    match under one colour permutation)."""

    def __init__(self, gem_cards, gem_nobles, printed):
        ours = {}
        for c in printed["cards"]:
            key = (tuple(int(c["cost"][k]) for k in COLOURS),
                   COLOURS.index(c["bonus"]), int(c["points"]))
            ours[key] = int(c["card"])
        our_nobles = {}
        for n in printed["nobles"]:
            our_nobles[tuple(int(n["requires"][k]) for k in COLOURS)] = int(n["noble"])
        for perm in itertools.permutations(range(5)):
            # perm[g] = our colour index of Gemesis gem slot g
            card_map = {}
            for gid in range(1, 91):
                row = gem_cards[gid]
                cost = [0] * 5
                for g in range(5):
                    cost[perm[g]] = row[g]
                key = (tuple(cost), perm[row[5]], row[6])
                if key not in ours:
                    break
                card_map[ours[key]] = gid
            else:
                noble_map = {}
                for nid in range(1, 11):
                    req = [0] * 5
                    for g in range(5):
                        req[perm[g]] = gem_nobles[nid][g]
                    if tuple(req) not in our_nobles:
                        break
                    noble_map[our_nobles[tuple(req)]] = nid
                else:
                    if len(set(card_map.values())) == 90 and len(noble_map) == 10:
                        self.gem_of_colour = [perm.index(c) for c in range(5)]
                        self.colour_of_gem = list(perm)
                        self.card_to_gem = card_map
                        self.card_from_gem = {v: k for k, v in card_map.items()}
                        self.noble_to_gem = noble_map
                        self.noble_from_gem = {v: k for k, v in noble_map.items()}
                        return
        raise AdapterError("Gemesis's cards do not match ours under any colour order")


def load_tables(utils_h, printed):
    with open(utils_h, encoding="utf-8") as f:
        cards, nobles = parse_gemesis_tables(f.read())
    return Tables(cards, nobles, printed)


# ------------------------------------------------- view -> Gemesis input --

def tokens_vector(obj):
    """Our colour object (with gold) -> list of 6 counts, our order."""
    return [int(obj.get(k, 0)) for k in COLOURS] + [int(obj.get("gold", 0))]


def to_gem_order(vec6, t):
    out = [0] * 6
    for c in range(5):
        out[t.gem_of_colour[c]] = vec6[c]
    out[GOLD] = vec6[5]
    return out


def gemesis_input(view, t):
    """The position in Gemesis's input format, from the seat's view only.

    Gemesis ends its game when it is its last player's turn and someone has
    15 points; S-5.1 ends it when the round comes back to the seat that began.
    So the seat that began is Gemesis's last player, and the others follow it
    from Gemesis's first: both then end the game at the same moment (checked
    by tools/gemesis_parity.py). (Numbered from the seat that began, Gemesis
    would think the game over before the last seat's final turn, and answer
    no move there.)"""
    players = view["players"]
    n = len(players)
    first = int(view.get("first", 0))
    order = [(first + 1 + i) % n for i in range(n)]
    turn = int(view["turn"])
    out = ["%d %d %d" % (n, order.index(turn) + 1, 0)]
    out.append(" ".join(str(x) for x in to_gem_order(tokens_vector(view["supply"]), t)))
    for tier in view["tiers"]:
        ids = []
        for c in tier["cards"]:
            ids.append(t.card_to_gem[int(c["card"])] if c else 0)
        out.append("%d %s" % (int(tier["deck"]), " ".join(str(i) for i in ids)))
    nobles = [t.noble_to_gem[int(x["noble"])] for x in view["nobles"] if x]
    out.append(" ".join(str(x) for x in [len(nobles)] + nobles))
    for seat in order:
        p = players[seat]
        out.append(" ".join(str(x) for x in to_gem_order(tokens_vector(p["tokens"]), t)))
        cards = [t.card_to_gem[int(c)] for c in p["cards"]]
        out.append(" ".join(str(x) for x in [len(cards)] + cards))
        res = []
        for r in p["reserved"]:
            res.append(t.card_to_gem[int(r["card"])] if "card" in r else 0)
        out.append(" ".join(str(x) for x in [len(res)] + res))
        nob = [t.noble_to_gem[int(x)] for x in p["nobles"]]
        out.append(" ".join(str(x) for x in [len(nob)] + nob))
    return "\n".join(out) + "\n"


# ------------------------------------------- Gemesis answer -> our moves --

def canonical(move):
    """A move in our notation, normalised so that equal moves compare equal."""
    w = move.split()
    if not w:
        return ""
    if w[0] == "take2" and len(w) == 2:
        w = ["take", w[1], w[1]]
    if w[0] in ("take", "return"):
        return w[0] + " " + " ".join(sorted(w[1:], key="WBGRKY".find))
    if w[0] == "buy" and len(w) > 2 and w[2] == "gold":
        return "buy %s gold %s" % (w[1], " ".join(sorted(w[3:], key="WBGRKY".find)))
    return " ".join(w)


def letters(colours):
    return " ".join(LETTERS[c] for c in sorted(colours))


def find_slot(view, our_card):
    for tier in view["tiers"]:
        for s, c in enumerate(tier["cards"]):
            if c and int(c["card"]) == our_card:
                return "%d-%d" % (int(tier["tier"]), s + 1)
    return None


def seat_of_turn(view):
    return view["players"][int(view["turn"])]


def buy_move(view, t, our_card):
    """Buying our_card as Gemesis pays: coloured tokens first, gold for the rest."""
    me = seat_of_turn(view)
    place = find_slot(view, our_card)
    if place is None:
        for i, r in enumerate(me["reserved"]):
            if "card" in r and int(r["card"]) == our_card:
                place = "r%d" % (i + 1)
    if place is None:
        raise AdapterError("card %d is neither face up nor reserved by the seat" % our_card)
    card = None
    for tier in view["tiers"]:
        for c in tier["cards"]:
            if c and int(c["card"]) == our_card:
                card = c
    if card is None:
        card = next(r for r in me["reserved"] if "card" in r and int(r["card"]) == our_card)
    gold = []
    for c, name in enumerate(COLOURS):
        need = max(0, int(card["cost"][name]) - int(me["bonus"][name]))
        gold += [c] * max(0, need - int(me["tokens"][name]))
    if not gold:
        return "buy " + place
    return "buy %s gold %s" % (place, letters(gold))


def translate(answer, view, legal, t):
    """Gemesis's answer line -> (our move, planned return or None, note).

    legal: our legal moves (notation). The planned return is the `return`
    move to play at the next decision when the take goes over 10 tokens."""
    w = answer.split()
    if not w or any(not re.fullmatch(r"-?\d+", x) for x in w):
        raise AdapterError("not a Gemesis move: %r" % answer[:80])
    nums = [int(x) for x in w]
    canon = {canonical(m): m for m in legal}
    kind = nums[0]
    if kind == 1:
        count = nums[1] if len(nums) > 1 else 0
        gems = nums[2:]
        if count != len(gems) or any(g < 0 or g > 4 for g in gems) or len(set(gems)) != count:
            raise AdapterError("bad take: %r" % answer)
        colours = [t.colour_of_gem[g] for g in gems]
        if count == 0:
            return nothing_move(view, legal)
        direct = canonical("take " + letters(colours))
        if direct in canon:
            return canon[direct], None, None
        # holding 8 or 9: take 3 different, give back the extra (S-3.1, S-4.1)
        supply = tokens_vector(view["supply"])
        extra = [c for c in range(5) if c not in colours and supply[c] > 0]
        for more in itertools.combinations(extra, 3 - count):
            take = canonical("take " + letters(colours + list(more)))
            if take in canon:
                return canon[take], "return " + letters(list(more)), "take+return"
        raise AdapterError("take %s is not legal here" % letters(colours))
    if kind == 2 and len(nums) == 2 and 0 <= nums[1] <= 4:
        c = LETTERS[t.colour_of_gem[nums[1]]]
        m = canonical("take %s %s" % (c, c))
        if m in canon:
            return canon[m], None, None
        raise AdapterError("take %s %s is not legal here" % (c, c))
    if kind in (3, 4) and len(nums) == 2 and nums[1] in t.card_from_gem:
        our = t.card_from_gem[nums[1]]
        if kind == 3:
            slot = find_slot(view, our)
            if slot is None:
                raise AdapterError("reserve of card %d which is not face up" % our)
            m = "reserve " + slot
        else:
            m = buy_move(view, t, our)
        if canonical(m) in canon:
            return canon[canonical(m)], None, None
        raise AdapterError("%s is not legal here" % m)
    raise AdapterError("not a Gemesis move: %r" % answer[:80])


def nothing_move(view, legal):
    """Gemesis found no move: pass when legal (S-3.6), otherwise take tokens
    that go over 10 and give the same back, most tokens first (the position
    does not change: S-4.1 lets a player give back tokens just taken)."""
    if "pass" in legal:
        return "pass", None, "pass"
    held = int(seat_of_turn(view)["token_count"])
    takes = []
    for m in legal:
        w = m.split()
        if w[0] == "take" and held == 10:  # gives back exactly what it took
            takes.append((-(len(w) - 1), m))
    if takes:
        m = sorted(takes)[0][1]
        return m, "return " + " ".join(m.split()[1:]), "no-move: take+return"
    return legal[0], None, "no-move: first legal"


def choose_noble(view, legal, t):
    """Several nobles qualify (S-4.2): the one Gemesis numbers first."""
    best = None
    for m in legal:
        w = m.split()
        if len(w) == 2 and w[0] == "noble" and w[1].isdigit():
            place = int(w[1]) - 1
            nob = view["nobles"][place] if 0 <= place < len(view["nobles"]) else None
            if nob:
                gid = t.noble_to_gem[int(nob["noble"])]
                if best is None or gid < best[0]:
                    best = (gid, m)
    return best[1] if best else legal[0]


# ------------------------------------------------------------- protocol --

class Adapter:
    def __init__(self, agent, seconds, utils_h, out=sys.stdout, err=sys.stderr):
        self.agent = agent
        self.seconds = seconds
        self.utils_h = utils_h
        self.out = out
        self.err = err
        self.tables = None
        self.view = None
        self.seat = None
        self.pending_return = None
        self.counts = {}

    def count(self, what):
        self.counts[what] = self.counts.get(what, 0) + 1
        self.err.write("gemesis-adapter: %s (%s)\n" % (what, json.dumps(self.counts, sort_keys=True)))
        self.err.flush()

    def reply(self, text="", ok=True):
        self.out.write(("= " if ok else "? ") + text if text else ("=" if ok else "?"))
        self.out.write("\n\n")
        self.out.flush()

    def run_agent(self, text):
        """The agent's answer. When its time runs out before it has searched
        anything (on a loaded machine), Gemesis's minimax answers "1 0" (no
        move) and its MCTS prints nothing: it is then asked again with twice
        the time, up to 3 times."""
        seconds = self.seconds
        for _ in range(4):
            env = dict(os.environ, GEMESIS_SECONDS="%g" % seconds)
            p = subprocess.run([self.agent], input=text, capture_output=True, text=True,
                               env=env, timeout=max(30.0, 20 * seconds))
            if p.returncode != 0:
                raise AdapterError("agent exit %d, output %r" % (p.returncode, p.stdout[:80]))
            lines = [x for x in p.stdout.splitlines() if x.strip()]
            timed_out = "Timeout at depth" in p.stderr and "Depth:" not in p.stderr
            if lines and not (lines[-1].split() == ["1", "0"] and timed_out):
                return lines[-1]
            self.count("nothing searched in time: asked again with twice the time")
            seconds *= 2
        if not lines:
            raise AdapterError("the agent answered nothing, even with %gs" % (seconds / 2))
        return lines[-1]

    def genmove(self, legal):
        v = self.view
        if v is None or v.get("game") != "splendor":
            raise AdapterError("no Splendor view observed")
        if self.tables is None:
            self.tables = load_tables(self.utils_h, v["printed"])
        if not legal:
            raise AdapterError("genmove without the list of legal moves")
        phase = v.get("phase")
        if phase == "return":
            planned, self.pending_return = self.pending_return, None
            if planned and canonical(planned) in {canonical(m) for m in legal}:
                return next(m for m in legal if canonical(m) == canonical(planned))
            self.count("return not planned")
            self.err.write("gemesis-adapter: planned %r, legal %s\n" % (planned, "|".join(legal[:12])))
            return legal[0]
        self.pending_return = None
        if phase == "noble":
            self.count("noble choice")
            return choose_noble(v, legal, self.tables)
        if len(legal) == 1:
            # the only move (e.g. a take over 10 tokens): give the same back
            move, planned, _ = nothing_move(v, legal)
            self.pending_return = planned
            return move
        answer = self.run_agent(gemesis_input(v, self.tables))
        move, planned, note = translate(answer, v, legal, self.tables)
        self.pending_return = planned
        if note:
            self.count(note)
            if note.endswith("first legal"):
                self.err.write("gemesis-adapter: agent %r, holding %s, legal %s\n" % (
                    answer, seat_of_turn(v)["token_count"], "|".join(legal[:8])))
        return move

    def command(self, line):
        w = line.split(None, 1)
        cmd = w[0] if w else ""
        rest = w[1] if len(w) > 1 else ""
        if cmd == "protocol_version":
            self.reply("2")
        elif cmd == "name":
            self.reply("gemesis-adapter (%s, %gs)" % (os.path.basename(self.agent), self.seconds))
        elif cmd == "known_command":
            self.reply("true" if rest.strip() in ("protocol_version", "name", "new_game",
                                                  "observe", "genmove", "game_over", "quit",
                                                  "time_left", "known_command") else "false")
        elif cmd == "new_game":
            args = rest.split()
            if not args or args[0] != "splendor":
                self.reply("option: only splendor", ok=False)
                return True
            self.view, self.pending_return = None, None
            for a in args[1:]:
                if a.startswith("seat="):
                    self.seat = a[5:]
            self.reply()
        elif cmd == "observe":
            try:
                self.view = json.loads(rest)
            except ValueError as e:
                self.reply("json: %s" % e, ok=False)
                return True
            self.reply()
        elif cmd == "genmove":
            legal = [m.strip() for m in rest.split("|") if m.strip()]
            try:
                self.reply(self.genmove(legal))
            except (AdapterError, subprocess.SubprocessError, OSError, KeyError,
                    ValueError, TypeError) as e:
                self.count("fallback: %s" % e)
                if legal:
                    self.reply(legal[0])
                else:
                    self.reply("state: %s" % e, ok=False)
        elif cmd in ("time_left", "game_over", "time_settings", "set_seat"):
            self.reply()
        elif cmd == "quit":
            self.reply()
            return False
        else:
            self.reply("unknown: unknown command \"%s\"" % cmd[:40], ok=False)
        return True

    def loop(self, inp=sys.stdin):
        while True:
            line = inp.readline(MAX_LINE)
            if not line:
                return
            line = line.strip()
            if not line:
                continue
            if not self.command(line):
                return


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agent", default=os.environ.get("GEMESIS_AGENT"),
                    help="the built Gemesis program (tools/gemesis_build.sh), or $GEMESIS_AGENT")
    ap.add_argument("--seconds", type=float, default=0.1, help="think time a move (default 0.1)")
    ap.add_argument("--tables", help="Gemesis's utils.h (default: AGENT's dir/src/utils.h)")
    a = ap.parse_args(argv)
    if not a.agent or not os.access(a.agent, os.X_OK):
        sys.stderr.write("gemesis-adapter: no Gemesis program (--agent or GEMESIS_AGENT); "
                         "build one with tools/gemesis_build.sh\n")
        return 2
    if not 0 < a.seconds < 600:
        sys.stderr.write("gemesis-adapter: --seconds must be in (0, 600)\n")
        return 2
    utils_h = a.tables or os.path.join(os.path.dirname(os.path.abspath(a.agent)), "src", "utils.h")
    Adapter(a.agent, a.seconds, utils_h).loop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
