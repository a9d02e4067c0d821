"""The event stream from Python (State.events, docs/python.md "Events"):
events reconcile with the state change, a seat's events never carry a field
it may not know, everyone's events are refused before the end, clones/loads/
replays keep a consistent list, and recording is opt-in."""
import json
import os
import random
import subprocess

import pytest

import gemgames as gg

COLOURS = ["white", "blue", "green", "red", "black", "gold"]  # S-1.1 order of the state's vectors


def play_random(game, players, seed, steps=None, **opts):
    s = gg.new_game(game, players, seed=seed, record_events=True, **opts)
    rng = random.Random(seed)
    n = 0
    while not s.is_over() and (steps is None or n < steps):
        seat = rng.choice(s.actors())
        s.apply(seat, rng.choice(s.legal(seat)))
        n += 1
    return s


def splendor_player(d, seat):
    p = d["players"][seat]
    return p["tokens"], set(p["cards"]), {r["card"] for r in p["reserved"]}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_splendor_buy_events_reconcile_with_the_state(players):
    """Every splendor.buy names the card that moved to the buyer's cards (from
    the board or its reserve) and what it paid: the buyer's tokens fall by
    `paid` and the supply rises by it; the card's cost less the buyer's bonuses
    is covered by `paid` (gold standing in). S-3.4."""
    buys = 0
    for seed in range(12):
        s = gg.new_game("splendor", players, seed=seed, record_events=True)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.actors()[0]
            before, n0 = s.to_dict(), s.event_count
            view_before = s.view(-1) if before["phase"] == "main" else None
            s.apply(seat, rng.choice(s.legal(seat)))
            after = s.to_dict()
            new = s.events("spectator", n0)
            assert len(new) == s.event_count - n0
            for e in (e for e in new if e["kind"] == "splendor.buy"):
                buys += 1
                assert e["seat"] == seat
                card, paid = e["card"], e["paid"]
                tok0, cards0, res0 = splendor_player(before, seat)
                tok1, cards1, res1 = splendor_player(after, seat)
                assert card["id"] not in cards0 and cards1 == cards0 | {card["id"]}
                if e["from"] == "reserve":
                    assert card["id"] in res0 and res1 == res0 - {card["id"]}
                else:
                    assert any(card["id"] in row for row in before["board"])
                    assert not any(card["id"] in row for row in after["board"])
                for i, c in enumerate(COLOURS):
                    assert tok0[i] - tok1[i] == paid.get(c, 0), (c, e, tok0, tok1)
                    assert after["supply"][i] - before["supply"][i] == paid.get(c, 0)
                # the price: cost less the buyer's bonuses, gold for the rest
                bonus = view_before["players"][seat]["bonus"]
                short = sum(max(0, n - bonus.get(c, 0) - paid.get(c, 0))
                            for c, n in card["cost"].items())
                assert short == paid.get("gold", 0), (e, bonus)
                assert gg.event_text(e).startswith("Seat %d buys" % (seat + 1))  # words count seats from 1
        assert s.events("everyone")[-1]["kind"] == "game.over"
    assert buys > 50


def assert_masked_only(mine, full):
    """`mine` is `full` itself, or `full` with some fields left out and
    "masked": True: never another value, never a left-out field."""
    if mine == full:
        return 0
    assert mine.get("masked") is True, (mine, full)
    kept = {k: v for k, v in mine.items() if k != "masked"}
    for k, v in kept.items():
        assert full[k] == v, (k, mine, full)
    assert set(kept) < set(full)
    return 1


CONFIGS = [("splendor", 2, {}), ("splendor", 4, {}), ("ys", 2, {}), ("ys", 3, {}),
           ("ys", 4, {"ysplus": "on", "events": "on"})]


@pytest.mark.parametrize("game,players,opts", CONFIGS)
def test_a_seat_never_sees_a_masked_field(game, players, opts):
    """For every event of finished games: each seat's and the spectator's
    version is everyone's version or everyone's minus secret fields (plus
    "masked"); a masked field's value appears in no event of a seat that
    may not know it; the seat that owns a secret (a Splendor deck reservation,
    a Ys bid or face-down broker) sees it; masked versions agree between the
    viewers that may not know (the spectator and the other seats)."""
    masked = 0
    for seed in range(6 if game == "ys" else 20):
        s = play_random(game, players, seed, **opts)
        full = s.events("everyone")
        views = {v: s.events(v) for v in list(range(players)) + ["spectator"]}
        for v, evs in views.items():
            assert len(evs) == len(full)
            for mine, whole in zip(evs, full):
                masked += assert_masked_only(mine, whole)
        for i, whole in enumerate(full):
            versions = {v: views[v][i] for v in views}
            hidden = [v for v in views if versions[v].get("masked")]
            if not hidden:
                continue
            # the spectator never knows more than a seat
            assert "spectator" in hidden
            for v in hidden:
                assert versions[v] == versions["spectator"]
            owner = whole.get("seat")
            if whole["kind"] in ("splendor.reserve", "ys.bid", "ys.place", "ys.neutral",
                                 "ys.peek", "ys.throne_pick", "ys.speculate"):
                assert owner not in hidden, (whole, versions[owner])
            secret = set(whole) - set(versions["spectator"])
            assert secret
            if whole["kind"] == "splendor.reserve":
                assert secret == {"card"}
                cid = whole["card"]["id"]
                # the card stays unknown to the others until it is bought or shown
                later = range(i, len(full))
                shown_at = next((j for j in later if j > i and json.dumps(
                    full[j]).count('"id": %d,' % cid)), len(full))
                for v in hidden:
                    for e in views[v][i:shown_at]:
                        assert '"id": %d,' % cid not in json.dumps(e), (v, e)
    assert masked > 0, "no masked event in these games: the test has no teeth"


SETUP_KIND = {"splendor": "splendor.setup", "ys": "ys.round"}


@pytest.mark.parametrize("game,players,opts", CONFIGS)
def test_the_list_starts_with_the_setup(game, players, opts):
    """A new game's list starts with its set-up (gg_events_setup): one event,
    the same for every seat and a spectator (nothing dealt face down is in it,
    so nothing is masked), and what it says is what the state holds: Splendor's
    nobles and face-up cards, Ys's palace cards and market gems."""
    for seed in range(5):
        s = gg.new_game(game, players, seed=seed, record_events=True, **opts)
        assert s.event_count == 1
        e = s.events("spectator")[0]
        assert e["kind"] == SETUP_KIND[game] and "masked" not in e
        for v in range(players):
            assert s.events(v) == [e]
        d = s.to_dict()
        if game == "splendor":
            assert [n["id"] for n in e["nobles"]] == d["nobles"]
            by_tier = {t["tier"]: [c["id"] for c in t["cards"]] for t in e["tiers"]}
            for tier in (1, 2, 3):
                assert by_tier[tier] == [c for c in d["board"][tier - 1] if c is not None]
        else:
            assert e["round"] == 1 and len(e["ports"]) == d["districts"]
            assert [p["card"] for p in e["palace"]] == d["palace_cards"][:d["districts"]]
            assert {m["row"]: m["gem"] for m in e["market"]} == \
                {row: gem for row, gem in enumerate(d["market"]) if gem}
            if opts.get("events") == "on":
                assert "events" in e
        # the first move's events follow it; a state that starts recording
        # later, or a loaded one, has no set-up
        seat = s.actors()[0]
        s.apply(seat, s.legal(seat)[0])
        assert s.events(seat)[0] == e and s.event_count > 1
        late = gg.new_game(game, players, seed=seed, **opts)
        late.record_events()
        assert late.event_count == 0
        assert gg.load_state(s.state_json(), record_events=True).event_count == 0


GEMGAMES = os.environ.get("GEMGAMES") or next(
    (p for p in ("build/san/gemgames", "build/rel/gemgames") if os.path.exists(p)), None)


@pytest.mark.parametrize("game,players,opts", CONFIGS)
def test_the_list_is_replays_for_every_viewer(game, players, opts, tmp_path):
    """The Python list of a whole game equals `gemgames replay --events
    --viewer V` of its record for a spectator and every seat (and everyone at
    the end): the one stream, set-up included, masked alike everywhere."""
    assert GEMGAMES, "no gemgames binary (make or make test builds one)"
    s = gg.new_game(game, players, seed=21, record_events=True, **opts)
    rec = gg.Record(game, players=players, seed=21, options=opts)
    rng = random.Random(21)
    while not s.is_over():
        seat = rng.choice(s.actors())
        a = rng.choice(s.legal(seat))
        rec.add(s, seat, a)
        s.apply(seat, a)
    path = tmp_path / "game.json"
    path.write_text(rec.json())
    for v in ["spectator", "all"] + list(range(players)):
        out = subprocess.run([GEMGAMES, "replay", "--events", "--viewer", str(v), str(path)],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        mine = s.events({"spectator": "spectator", "all": "everyone"}.get(v, v))
        assert json.loads(out.stdout) == mine, v
        assert mine[0]["kind"] == SETUP_KIND[game]


def test_everyone_is_refused_before_the_end():
    s = play_random("splendor", 2, 5, steps=20)
    assert not s.is_over()
    with pytest.raises(gg.SeatError):
        s.events("everyone")
    with pytest.raises(gg.SeatError):
        s.events(gg.EVERYONE)
    with pytest.raises(gg.SeatError):
        s.events(-3)
    with pytest.raises(gg.SeatError):
        s.events(2)
    with pytest.raises(gg.SeatError):
        s.events("all seats")
    with pytest.raises(gg.GemgamesError):
        s.events(0, start=-1)
    with pytest.raises(gg.GemgamesError):
        s.events(0, start=s.event_count + 1)
    assert s.events(0, start=s.event_count) == []
    c = s.clone()
    rng = random.Random(5)
    while not c.is_over():
        seat = c.actors()[0]
        c.apply(seat, rng.choice(c.legal(seat)))
    assert c.events("everyone")[-1]["kind"] == "game.over"
    with pytest.raises(gg.SeatError):  # the clone's end opens nothing of the original
        s.events("everyone")


def test_recording_is_opt_in_and_refused_actions_record_nothing():
    s = gg.new_game("ys", 3, seed=2)
    assert not s.records_events and s.event_count == 0
    with pytest.raises(gg.GemgamesError):
        s.events(0)
    seat = s.actors()[0]
    s.apply(seat, s.legal(seat)[0])
    s.record_events()  # from here on
    assert s.records_events and s.event_count == 0
    rng = random.Random(2)
    for _ in range(30):
        seat = rng.choice(s.actors())
        n0, before = s.event_count, s.state_json()
        with pytest.raises(gg.GemgamesError):
            s.apply(seat, 0xFFFFFFF)
        with pytest.raises(gg.GemgamesError):
            s.play(seat, "no such move")
        assert s.event_count == n0 and s.state_json() == before
        s.play(seat, s.format(seat, rng.choice(s.legal(seat))))
        assert s.event_count > n0
    s.record_events()  # again: keeps the list
    assert s.event_count > 0


def test_clone_copy_load_and_replay_lists():
    s = play_random("ys", 3, 9, steps=150)
    n = s.event_count
    c = s.clone()
    assert c.records_events and c.events(0) == s.events(0)
    rng = random.Random(1)
    seat = rng.choice(c.actors())
    c.apply(seat, c.legal(seat)[0])
    assert c.event_count > n and s.event_count == n  # independent from here
    assert c.events(0)[:n] == s.events(0)

    plain = gg.new_game("ys", 3, seed=9)
    plain.copy_from(s)  # becomes a copy: the list too
    assert plain.records_events and plain.events(1) == s.events(1)
    s.copy_from(gg.new_game("ys", 3, seed=9))  # copied from a state without a list
    assert not s.records_events

    loaded = gg.load_state(c.state_json(), record_events=True)
    assert loaded == c and loaded.event_count == 0  # a save has no history
    assert not gg.load_state(c.state_json()).records_events

    # A record replayed with events gives the very list of the game played.
    g = gg.new_game("splendor", 3, seed=4, record_events=True)
    rec = gg.Record("splendor", players=3, seed=4)
    rng = random.Random(4)
    while not g.is_over():
        seat = g.actors()[0]
        a = rng.choice(g.legal(seat))
        rec.add(g, seat, a)
        g.apply(seat, a)
    r = rec.replay(record_events=True)
    assert r == g and r.events("everyone") == g.events("everyone")
    assert r.events(0)[0]["kind"] == "splendor.setup"  # the set-up too, as the game's list
    half = rec.replay(upto=len(rec) // 2, record_events=True)
    assert half.events(1) == g.events(1)[:half.event_count]
    assert not rec.replay().records_events
    with pytest.raises(gg.GemgamesError):
        rec.replay(upto=len(rec) + 1, record_events=True)


@pytest.mark.parametrize("game,players", [("splendor", 2), ("ys", 4)])
def test_every_event_has_a_sentence(game, players):
    s = play_random(game, players, 3)
    cat = gg.catalogue()
    assert "splendor.buy" in cat and "ys.zone.trade" in cat
    for v in (0, "spectator", "everyone"):
        for e in s.events(v):
            text = s.event_text(e)
            assert text and "{" not in text, (e, text)  # a template, filled
    assert gg.event_text('{"kind": "no.such"}') == '{"kind":"no.such"}'
    assert gg.event_text("not json") == "(not an event)"
    with pytest.raises(gg.OptionError):
        gg.event_text({"kind": "game.over"}, lang="zz")  # "xx" is the pseudo-locale
