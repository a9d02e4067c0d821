#!/usr/bin/env python3
"""Runs every example of docs/protocol.md and docs/formats.md (TAP on stdout).

docs/protocol.md
  ```session   the first line is "$ gemgames engine ARGS"; lines starting
               ">>> " are sent, every other line is expected output (a line
               ending in "…" matches any line beginning with what precedes it).
  ```python    a bot: played in a 2-game match, which must have no forfeit.
  ```sh        each "$ gemgames ..." command is run and must succeed.
docs/formats.md
  ```json      a complete example is run: a game record must replay, table
               options must start a game, the bench output must have the keys
               of a real one. A sketch (with "…") has its keys checked: every
               key it shows must be a key of the real thing (a view, a state,
               replay's output) seen in a whole game played through
               `gemgames engine`.
"""
import atexit
import json
import os
import re
import shutil
import subprocess
import tempfile

G = os.environ.get("GEMGAMES", "build/san/gemgames")
TMP = tempfile.mkdtemp()
atexit.register(shutil.rmtree, TMP, True)
n = 0


def report(good, what, detail=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if good else "not ok", n, what))
    if not good and detail:
        for line in str(detail).splitlines()[:20]:
            print("# " + line)


def blocks(path):
    """(info, first line number, text, heading path) of each fenced block."""
    out, heads, info, start, body = [], {}, None, 0, []
    for i, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if info is None and line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            heads = {k: v for k, v in heads.items() if k < level}
            heads[level] = line.lstrip("#").strip()
        if line.startswith("```"):
            if info is None:
                info, start, body = line[3:].strip(), i, []
            else:
                out.append((info, start, "\n".join(body), [heads[k] for k in sorted(heads)]))
                info = None
        elif info is not None:
            body.append(line)
    return out


def gemgames(args, stdin=None):
    return subprocess.run([G] + args, input=stdin, capture_output=True, text=True, timeout=600)


# ---------------------------------------------------------------- protocol


def run_session(where, text):
    lines = text.split("\n")
    args = lines[0].split()
    assert args[:2] == ["$", "gemgames"], lines[0]
    sent = [l[4:] for l in lines[1:] if l.startswith(">>> ")]
    want = [l for l in lines[1:] if not l.startswith(">>> ")]
    got = gemgames(args[2:], "\n".join(sent) + "\n").stdout.split("\n")
    while got and got[-1] == "":
        got.pop()
    while want and want[-1] == "":
        want.pop()
    bad = None
    for k in range(max(len(want), len(got))):
        w = want[k] if k < len(want) else "(nothing)"
        g = got[k] if k < len(got) else "(nothing)"
        same = g.startswith(w[:-1]) if w.endswith("…") else g == w
        if not same:
            bad = "line %d: expected %r, got %r" % (k + 1, w, g)
            break
    report(bad is None, "%s: the session gives the output shown (%d lines sent)" % (where, len(sent)), bad)


def run_python_bot(where, text):
    path = os.path.join(TMP, "bot%d.py" % n)
    open(path, "w").write(text + "\n")
    r = gemgames(["match", "--game", "splendor", "--players", "2", "--games", "2", "--json",
                  "--logs", os.path.join(TMP, "logs%d" % n), "--bots", "engine:python3 %s,random" % path])
    ok = r.returncode == 0 and '"forfeit":' not in r.stdout and r.stdout.count('"forfeits":\t0') == 2
    report(ok, "%s: the bot plays a match without a forfeit" % where, r.stdout[-600:] + r.stderr)


def run_shell(where, text):
    for cmd in re.sub(r"\\\n\s*", " ", text).split("\n"):
        if not cmd.startswith("$ gemgames "):
            continue
        line = cmd[2:].replace("gemgames", '"$GEMGAMES"', 1)  # engines' logs go to TMPDIR
        r = subprocess.run(["sh", "-c", line], capture_output=True, text=True, timeout=600,
                           env=dict(os.environ, GEMGAMES=G, TMPDIR=TMP))
        report(r.returncode == 0, "%s: %s" % (where, cmd[2:80]), r.stderr)


# ----------------------------------------------------------------- formats


def keys_of(x, acc):
    if isinstance(x, dict):
        for k, v in x.items():
            acc.add(k)
            keys_of(v, acc)
    elif isinstance(x, list):
        for v in x:
            keys_of(v, acc)
    return acc


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([G, "engine", "--bot", "random"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.p.stdout.readline()
            if l in ("\n", ""):
                break
            out.append(l.rstrip("\n"))
        text = "\n".join(out)
        assert text.startswith("="), (line, text)
        return text[1:].strip()

    def close(self):
        self.ask("quit")
        self.p.wait()


real_cache = {}


def real_keys(game, kind, players=2, options="", seeds=(1, 2, 3)):
    """Keys seen in views (every seat) or full states along whole random games."""
    key = (game, kind, players, options)
    if key in real_cache:
        return real_cache[key]
    acc = set()
    e = Engine()
    for seed in seeds:
        e.ask("new_game %s players=%d seed=%d %s" % (game, players, seed, options))
        for _ in range(5000):
            views = []
            for seat in range(players):
                e.ask("set_seat %d" % seat)
                views.append(json.loads(e.ask("view")))
            if kind == "view":
                for v in views:
                    v.pop("printed", None)
                    keys_of(v, acc)
            else:
                keys_of(json.loads(e.ask("position")), acc)
            if views[0]["over"]:
                break
            e.ask("set_seat %d" % views[0]["actors"][0])
            e.ask("genmove")
    e.close()
    real_cache[key] = acc
    return acc


event_cache = {}


def real_event_keys():
    """The fields each event kind has in played games: a few seeded games of both
    games, replayed with --events as everyone and as a spectator saw them."""
    if event_cache:
        return event_cache
    for game, players, games in (("ys", 4, 2), ("ys", 3, 1), ("splendor", 2, 3)):
        d = os.path.join(TMP, "events-%s-%d" % (game, players))
        os.makedirs(d, exist_ok=True)
        gemgames(["selfplay", game, "--players", str(players), "--games", str(games), "--seed", "7",
                  "--bots", "random", "--records", d])
        for f in sorted(os.listdir(d)):
            for viewer in ("all", "spectator"):
                r = gemgames(["replay", os.path.join(d, f), "--events", "--viewer", viewer])
                for e in json.loads(r.stdout or "[]"):
                    event_cache.setdefault(e["kind"], set()).update(e)
    return event_cache


def json_example(where, text, heads):
    section = " / ".join(heads[1:])
    if "…" not in text:
        x = json.loads(text)
        if "actions" in x:
            path = os.path.join(TMP, "record%d.json" % n)
            open(path, "w").write(text)
            r = gemgames(["replay", path])
            report(r.returncode == 0, "%s: the game record replays" % where, r.stderr)
        elif "runs" in x:
            r = gemgames(["bench", "--json", "--game", "splendor", "--players", "2", "--games", "20"])
            real = keys_of(json.loads(r.stdout), set())
            missing = keys_of(x, set()) - real
            report(not missing, "%s: bench --json has the keys shown" % where, "missing: %s" % sorted(missing))
        elif isinstance(x, list) and x and all(isinstance(e, dict) and "kind" in e for e in x):
            real = real_event_keys()
            bad = ["%s: %s" % (e["kind"], sorted(set(e) - real.get(e["kind"], set())))
                   for e in x if not set(e) <= real.get(e["kind"], set())]
            report(not bad, "%s: the %d events are real kinds with real fields" % (where, len(x)),
                   "not seen in played games: %s" % bad)
        elif isinstance(x, dict) and "players" in x and all(isinstance(v, (str, int)) for v in x.values()):
            args = " ".join("%s=%s" % (k, v) for k, v in x.items())
            good = []
            for game in ("splendor", "ys"):
                r = gemgames(["engine", "--bot", "random"], "new_game %s %s\n" % (game, args))
                good += [game] if r.stdout.startswith("=\n") else []
            report(len(good) == 1, "%s: the table options start a %s game" % (where, "/".join(good) or "no"))
        else:
            report(False, "%s: an example of no known kind" % where)
        return
    # a sketch: every key it shows must be a real key
    shown = set(re.findall(r'"([a-z_0-9]+)":', text))
    if section.startswith("Game records"):
        rec = [b for b in blocks("docs/formats.md") if "actions" in b[2]][0][2]
        path = os.path.join(TMP, "r.json")
        open(path, "w").write(rec)
        real = keys_of(json.loads(gemgames(["replay", path]).stdout), set())
    elif section.startswith("Views"):
        real = real_keys("splendor", "view") | real_keys("ys", "view")
    elif section.startswith("Full states"):
        real = real_keys("splendor", "state") | real_keys("ys", "state")
    elif section.startswith("Splendor"):
        real = real_keys("splendor", "view" if "View" in section else "state", 2)
        real |= real_keys("splendor", "view" if "View" in section else "state", 4, seeds=(5,))
    elif section.startswith("Ys"):
        kind = "view" if "View" in section else "state"
        real = real_keys("ys", kind, 2) | real_keys("ys", kind, 4, seeds=(7,))
    else:
        report(False, "%s: a sketch in a section the test does not know (%s)" % (where, section))
        return
    missing = shown - real
    report(not missing, "%s: the sketch's %d keys are real keys (%s)" % (where, len(shown), section),
           "not seen: %s" % sorted(missing))


def main():
    for info, line, text, heads in blocks("docs/protocol.md"):
        where = "protocol.md:%d" % line
        if info == "session":
            run_session(where, text)
        elif info == "python":
            run_python_bot(where, text)
        elif info == "sh":
            run_shell(where, text)
        else:
            report(False, "%s: a ```%s block the test cannot run" % (where, info))
    for info, line, text, heads in blocks("docs/formats.md"):
        where = "formats.md:%d" % line
        if info == "json":
            try:
                json_example(where, text, heads)
            except Exception as ex:  # a broken example is a failure, not a crash
                report(False, "%s: %s" % (where, ex))
        else:
            report(False, "%s: a ```%s block the test cannot run" % (where, info))


main()
