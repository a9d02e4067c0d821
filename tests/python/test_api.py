"""The Python API of gemgames: games, states, errors that change nothing,
views, records, bots, encodings and the vector environment (docs/python.md)."""
import copy
import json
import random

import numpy as np
import pytest

import gemgames as gg


def play_random(s, rng, max_steps=100000):
    for _ in range(max_steps):
        if s.is_over():
            return
        seat = s.actors()[0]
        s.apply(seat, rng.choice(s.legal(seat)))


# ------------------------------------------------------------------ games

def test_games_listed_with_options():
    names = [g.name for g in gg.games()]
    assert set(names) == {"ys", "splendor"}
    ys = gg.game("ys")
    assert (ys.min_players, ys.max_players) == (2, 5)
    keys = [o["key"] for o in ys.options]
    assert "ysplus" in keys and "kings_favour" in keys
    assert gg.game("splendor").options[0]["default"] == "seat0"


def test_unknown_game_and_bad_options_raise():
    with pytest.raises(gg.OptionError):
        gg.new_game("chess")
    with pytest.raises(gg.OptionError):
        gg.new_game("splendor", players=5)
    with pytest.raises(gg.OptionError):
        gg.new_game("ys", players=3, colour="blue")
    with pytest.raises(gg.OptionError):
        gg.new_game("ys", players=3, kings_favour="maybe")
    assert issubclass(gg.OptionError, gg.GemgamesError)
    assert issubclass(gg.GemgamesError, ValueError)


def test_options_are_applied():
    s = gg.new_game("ys", players=3, seed=2, kings_favour=True, districts=3)
    opts = json.loads(s.options_json)
    assert opts["kings_favour"] == "on" and opts["districts"] == "3" and opts["players"] == 3


def test_same_seed_same_game_other_seed_other_game():
    a, b, c = (gg.new_game("splendor", 3, seed=x) for x in (7, 7, 8))
    assert a == b and a != c
    play_random(a, random.Random(1))
    play_random(b, random.Random(1))
    assert a == b and a.is_terminal()


# ------------------------------------------------- errors change nothing

@pytest.mark.parametrize("game,players", [("splendor", 2), ("ys", 4)])
def test_bad_input_raises_and_changes_nothing(game, players):
    s = gg.new_game(game, players, seed=5)
    play_random_steps = random.Random(3)
    for _ in range(7):
        seat = s.actors()[0]
        s.apply(seat, play_random_steps.choice(s.legal(seat)))
    before = s.state_json()
    twin = s.clone()
    seat = s.actors()[0]
    legal = set(s.legal(seat))
    not_acting = [q for q in range(players) if q not in s.actors()]
    illegal = next(a for a in range(1, 1 << 20) if a not in legal)
    with pytest.raises(gg.IllegalActionError):
        s.apply(seat, illegal)
    with pytest.raises(gg.IllegalActionError):
        s.apply(seat, -1)
    with pytest.raises(gg.IllegalActionError):
        s.apply(seat, 1 << 40)
    with pytest.raises(TypeError):
        s.apply(seat, "take W B G")
    with pytest.raises(gg.SeatError):
        s.apply(players, min(legal))
    with pytest.raises(gg.SeatError):
        s.legal(-1)
    if not_acting:
        with pytest.raises(gg.GemgamesError):
            s.apply(not_acting[0], min(legal))
    with pytest.raises(gg.NotationError):
        s.play(seat, "fly to the moon")
    with pytest.raises(gg.NotationError):
        s.parse(seat, "\xff" * 500)
    with pytest.raises(ValueError):
        s.play(seat, "take\x00")
    with pytest.raises(gg.IllegalActionError):
        s.action_at(seat, 10 ** 6)
    with pytest.raises(gg.IllegalActionError):
        s.action_index(seat, illegal)
    mask = s.legal_mask(seat)
    bad_index = int(np.flatnonzero(~mask)[0])
    with pytest.raises(gg.IllegalActionError):
        s.action_at(seat, bad_index)
    with pytest.raises(gg.StateFormatError):
        gg.load_state("{not json")
    damaged = json.loads(before)
    damaged["players"] = 9
    with pytest.raises(gg.GemgamesError):
        gg.load_state(damaged)
    assert s.state_json() == before and s == twin


def test_finished_game_refuses_actions():
    s = gg.new_game("splendor", 2, seed=3)
    play_random(s, random.Random(2))
    assert s.is_terminal() and s.actors() == () and s.current_player() == gg.TERMINAL
    before = s.state_json()
    with pytest.raises(gg.GemgamesError):
        s.apply(0, 0)
    with pytest.raises(gg.GemgamesError):
        s.apply_action(0)
    assert s.legal(0) == [] and not s.legal_mask(0).any()
    assert s.state_json() == before


# ------------------------------------------------------- states and views

def test_clone_copy_and_equality_are_independent():
    s = gg.new_game("ys", 3, seed=11)
    c1, c2, c3 = s.clone(), copy.copy(s), copy.deepcopy(s)
    assert s == c1 == c2 == c3 and isinstance(c1, gg.State)
    seat = c1.actors()[0]
    c1.apply(seat, c1.legal(seat)[0])
    assert c1 != s and s == c2
    c2.copy_from(c1)
    assert c2 == c1
    with pytest.raises(gg.GemgamesError):
        c2.copy_from(gg.new_game("splendor", 2))


def test_views_state_dict_and_load_round_trip():
    s = gg.new_game("splendor", 2, seed=4)
    play_random_n(s, 10)
    v0, spectator = s.view(0), s.view(-1)
    assert isinstance(v0, dict) and "players" in v0 and "supply" in v0
    assert spectator != s.to_dict()
    d = s.to_dict()
    assert d["game"] == "splendor"
    t = gg.load_state(s.state_json())
    assert t == s and gg.load_state(d) == s and type(t) is gg.State
    assert s.information_state_string(1) == s.view_json(1)


def play_random_n(s, n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        if s.is_over():
            return
        seat = s.actors()[0]
        s.apply(seat, rng.choice(s.legal(seat)))


def test_determinize_keeps_the_view():
    s = gg.new_game("ys", 4, seed=9)
    play_random_n(s, 40)
    for seat in range(4):
        d = s.clone()
        d.determinize(seat, 1234 + seat)
        assert d.view_json(seat) == s.view_json(seat)


def test_openspiel_names():
    s = gg.new_game("ys", 3, seed=1)
    # Ys begins with the secret bid: every seat at once
    assert s.current_player() == gg.SIMULTANEOUS and len(s.current_players()) == 3
    with pytest.raises(gg.SeatError):
        s.apply_action(s.legal(0)[0])
    for seat in s.current_players():
        s.apply(seat, s.legal_actions(seat)[0])
    while s.current_player() == gg.SIMULTANEOUS:
        for seat in s.current_players():
            s.apply(seat, s.legal(seat)[0])
    p = s.current_player()
    assert p >= 0 and s.legal_actions() == s.legal(p)
    a = s.legal_actions()[0]
    assert s.string_to_action(p, s.action_to_string(p, a)) == a
    s.apply_action(a)
    t = gg.new_game("splendor", 2, seed=2)
    assert t.num_players() == 2 and t.players == 2
    play_random(t, random.Random(5))
    r = t.returns()
    assert sum(r) == 0 and sorted(r) in ([-1.0, 1.0], [0.0, 0.0])
    res = t.result()
    assert res["over"] and len(res["scores"]) == 2


def test_returns_are_rank_based_for_many_players():
    s = gg.new_game("splendor", 4, seed=8)
    play_random(s, random.Random(8))
    r, ranks = s.returns(), s.result()["ranks"]
    for i in range(4):
        beat = sum(ranks[i] < ranks[j] for j in range(4) if j != i)
        beaten = sum(ranks[j] < ranks[i] for j in range(4) if j != i)
        assert r[i] == pytest.approx((beat - beaten) / 3)
    assert sum(r) == pytest.approx(0)


def test_notation_lists_and_announce():
    s = gg.new_game("splendor", 2, seed=1)
    texts = s.legal_notation(0)
    assert texts and all(isinstance(t, str) for t in texts)
    assert [s.parse(0, t) for t in texts] == s.legal(0)
    a = s.legal(0)[0]
    assert s.announce(0, a, 1) == s.format(0, a)


def test_event_recording_is_not_the_ys_events_option():
    """Ys's table option `events` (the Ys+ event cards) is not the event list:
    the list is record_events=True (tests/python/test_events.py has the rest)."""
    s = gg.new_game("ys", 4, seed=1, ysplus="on", events="on")
    assert not s.records_events
    assert json.loads(s.options_json)["events"] == "on"
    r = gg.new_game("ys", 4, seed=1, ysplus="on", events="on", record_events=True)
    assert r.records_events and r == s
    seat = r.actors()[0]
    r.apply(seat, r.legal(seat)[0])
    assert r.event_count >= 2 and [e["kind"] for e in r.events(seat)[:2]] == ["ys.round", "ys.bid"]
    assert gg.SPECTATOR == -1 and gg.EVERYONE == -2


# ---------------------------------------------------------------- records

def test_record_add_json_parse_replay():
    s = gg.new_game("ys", 2, seed=21, strong_neutral="on")
    rec = gg.Record("ys", players=2, seed=21, options={"strong_neutral": "on"})
    rng = random.Random(4)
    for _ in range(60):
        seat = s.actors()[0]
        a = rng.choice(s.legal(seat))
        rec.add(s, seat, a)
        s.apply(seat, a)
    assert len(rec) == 60 == rec.length()
    text = rec.json()
    back = gg.Record(json=text)
    assert back.json() == text and back.game == "ys"
    assert back.replay() == s
    assert back.start() == gg.new_game("ys", 2, seed=21, strong_neutral="on")
    with pytest.raises(gg.GemgamesError):
        rec.add(s, s.actors()[0], 0xFFFFFFF)  # refused, not recorded
    assert len(rec) == 60
    rec.truncate(10)
    assert len(rec) == 10 and rec.actions()[0][1] == back.actions()[0][1]
    with pytest.raises(gg.StateFormatError):
        gg.Record(json='{"game": "ys"')


# ------------------------------------------------------------------- bots

@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iters=50"])
@pytest.mark.parametrize("game,players", [("splendor", 2), ("ys", 3)])
def test_bots_choose_legal_and_are_seeded(spec, game, players):
    s = gg.new_game(game, players, seed=3)
    b1, b2 = gg.Bot(spec, seed=9), gg.Bot(spec, seed=9)
    assert b1.spec.startswith(spec.split(":")[0])
    for _ in range(12):
        seat = s.actors()[0]
        a1, a2 = b1.choose(s, seat), b2.choose(s, seat)
        assert a1 == a2 and a1 in s.legal(seat)
        s.apply(seat, a1)


def test_bot_errors():
    with pytest.raises(gg.OptionError):
        gg.Bot("grandmaster")
    with pytest.raises(gg.OptionError):
        gg.Bot("ismcts:iters=banana")
    s = gg.new_game("splendor", 2, seed=1)
    b = gg.Bot("random")
    with pytest.raises(gg.SeatError):
        b.choose(s, 1)  # seat 1 is not to act
    assert b.step(s) in gg.new_game("splendor", 2, seed=1).legal(0)


# -------------------------------------------------------------- encodings

@pytest.mark.parametrize("game,players", [("splendor", 2), ("splendor", 4), ("ys", 2), ("ys", 5)])
def test_observation_mask_and_indices(game, players):
    obs_size, space = gg.encoding_sizes(game, players)
    g = gg.game(game)
    assert g.observation_size(players) == obs_size and g.num_distinct_actions(players) == space
    s = gg.new_game(game, players, seed=6)
    rng = random.Random(6)
    for _ in range(30):
        if s.is_over():
            break
        seat = s.actors()[0]
        o = s.observation(seat)
        assert o.dtype == np.float32 and o.shape == (obs_size,)
        assert np.array_equal(o, s.information_state_tensor(seat))
        m = s.legal_mask(seat)
        legal = s.legal(seat)
        assert m.dtype == np.bool_ and m.shape == (space,) and m.sum() == len(legal)
        idx = s.legal_indices(seat)
        assert sorted(idx) == list(np.flatnonzero(m))
        for a, k in zip(legal, idx):
            assert s.action_at(seat, k) == a
        acts, after = s.afterstates(seat)
        assert acts == legal and after.shape == (len(legal), obs_size)
        k = rng.randrange(len(legal))
        c = s.clone()
        c.apply(seat, legal[k])
        assert np.array_equal(after[k], c.observation(seat))
        s.apply(seat, legal[k])


def test_splendor_observation_fields():
    s = gg.new_game("splendor", 2, seed=1)
    o = s.observation(0)
    v = s.view(0)
    supply = [v["supply"][c] for c in ("white", "blue", "green", "red", "black", "gold")]
    assert list(o[8:14]) == supply
    assert o[3] == 1 and s.observation(1)[3] == 0  # seat 0 to act
    card = v["tiers"][0]["cards"][0]
    assert o[14] == 1 and o[15] == card["points"]


# ------------------------------------------------------ vector environment

def test_vector_env_shapes_and_consistency():
    env = gg.VectorEnv("splendor", num_envs=8, players=2, seed=3, seat=1, opponents="random")
    obs, masks = env.reset()
    obs_size, space = gg.encoding_sizes("splendor", 2)
    assert obs.shape == (8, obs_size) and masks.shape == (8, space)
    for _ in range(200):
        for i in range(8):
            st = env.state(i)
            assert env.to_play[i] == 1 and 1 in st.actors()
            assert np.array_equal(env.observations[i], st.observation(1))
            assert np.array_equal(env.masks[i], st.legal_mask(1))
            idx_to_action = env.legal_actions(i)
            assert sorted(idx_to_action) == list(np.flatnonzero(env.masks[i]))
        obs, rew, done, masks = env.step(env.sample_actions())
        assert rew.shape == (8,) and done.shape == (8,)
        assert set(np.unique(rew[done])) <= {-1.0, 0.0, 1.0}
        assert not rew[~done].any()
    assert env.episodes > 0 and env.decisions > env.steps * 8


def test_vector_env_illegal_action_changes_nothing():
    env = gg.VectorEnv("splendor", num_envs=4, seed=1)
    obs0, masks0 = (x.copy() for x in env.reset())
    before = [env.state(i) for i in range(4)]
    actions = env.sample_actions()
    actions[2] = int(np.flatnonzero(~masks0[2])[0])
    with pytest.raises(gg.IllegalActionError):
        env.step(actions)
    with pytest.raises(ValueError):
        env.step(actions[:3])
    assert [env.state(i) for i in range(4)] == before
    assert np.array_equal(env.observations, obs0) and np.array_equal(env.masks, masks0)
    assert env.decisions == 0


def test_vector_env_is_seeded_and_resets():
    def run(seed):
        env = gg.VectorEnv("splendor", num_envs=3, seed=seed, opponents="heuristic")
        out = []
        rng = np.random.default_rng(0)
        for _ in range(150):
            m = env.masks
            acts = [int(rng.choice(np.flatnonzero(m[i]))) for i in range(3)]
            obs, rew, done, _ = env.step(acts)
            out.append((obs.copy(), rew.copy(), done.copy()))
        return out, env.episodes
    a, ea = run(5)
    b, eb = run(5)
    c, _ = run(6)
    assert ea == eb and ea > 0
    assert all(np.array_equal(x[0], y[0]) and np.array_equal(x[1], y[1]) for x, y in zip(a, b))
    assert any(not np.array_equal(x[0], y[0]) for x, y in zip(a, c))
    env = gg.VectorEnv("splendor", num_envs=2, seed=5)
    first = env.observations.copy()
    env.step(env.sample_actions())
    obs, _ = env.reset(seed=5)
    assert np.array_equal(obs, first)


def test_vector_env_ys_with_bots_and_self_play():
    env = gg.VectorEnv("ys", num_envs=3, players=4, seed=2, seat=2,
                       opponents=["random", "heuristic", None, "random"], options={"kings_favour": "on"})
    done_total = 0
    while done_total < 3:
        _, rew, done, _ = env.step(env.sample_actions())
        done_total += int(done.sum())
        assert (env.to_play == 2).all()
    assert env.final_returns.shape == (3, 4)
    sp = gg.VectorEnv("ys", num_envs=2, players=3, seed=1, seat=None)
    seen = set()
    for _ in range(300):
        seen.update(int(x) for x in sp.to_play)
        sp.step(sp.sample_actions())
    assert seen == {0, 1, 2} and sp.seat is None
    with pytest.raises(ValueError):
        gg.VectorEnv("ys", num_envs=1, players=3, seat=3)
    with pytest.raises(gg.OptionError):
        gg.VectorEnv("ys", num_envs=1, players=3, opponents="nobody")


def test_documented_layout_offsets():
    """docs/python.md's offsets, checked against views."""
    s = gg.new_game("splendor", 3, seed=2)
    play_random_n(s, 9)
    seat = s.actors()[0]
    o, v = s.observation(seat), s.view(seat)
    for r in range(3):  # players, seat-relative, 66 floats each, from 191
        row = o[191 + 66 * r: 191 + 66 * (r + 1)]
        p = v["players"][(seat + r) % 3]
        assert row[0] == 1 and row[2] == p["points"] and row[4] == p["token_count"]
        assert row[1] == (r == 0)
    assert not o[191 + 66 * 3:].any()
    assert list(o[158:161]) == [t["deck"] for t in v["tiers"]]
    y = gg.new_game("ys", 4, seed=3)
    play_random_n(y, 30)
    seat = y.actors()[0]
    o, v = y.observation(seat), y.view(seat)
    assert list(o[1239:1243]) == [v["rates"][c] for c in ("blue", "green", "yellow", "red")]
    for r in range(4):
        p = v["players"][(seat + r) % 4]
        row = o[1243 + 231 * r:]
        assert row[0] == 1 and row[2] == p["score"] and row[3] == p["order"]
    assert o[0] == v["round"]
