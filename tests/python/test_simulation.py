"""Random simulation from Python: the engine's invariants hold through the
extension over many whole games (at least 200 per game and player count).

At every decision of a random playout:
  - clone independence: acting on a clone leaves the original byte-identical;
  - state round trip: load_state(state_json(s)) == s (every 4th decision,
    and at the end: a Ys view or save is a big JSON text, so the checks
    that print them rotate to keep the test near a minute);
  - view(determinize(s, q), q) == view(s, q) for one seat q per decision,
    taking the seats in turn (and for every seat at the end);
  - every legal action round-trips through notation (parse(format(a)) == a)
    and through the fixed index space (action_at(action_index(a)) == a),
    with distinct indices and a mask that marks exactly the legal ones.
And separately: the observation tensor of a seat is identical for two states
that differ only in what the seat cannot see (s and determinize(s, seat)).
"""
import random

import numpy as np
import pytest

import gemgames as gg

GAMES_PER_COUNT = 200

BASE = [("splendor", p, {}) for p in (2, 3, 4)] + [("ys", p, {}) for p in (2, 3, 4, 5)]
# Variants, fewer games each (the base configurations carry the 200).
VARIANTS = [
    ("splendor", 3, {"first": "random"}),
    ("ys", 2, {"ysplus": "on", "strong_neutral": "on"}),
    # 2 players with events: the neutral's brokers may go to a Smuggling card
    # (Y-10.21 ruling); such a state once failed to load back (src/ys/ys_json.c).
    ("ys", 2, {"events": "on"}),
    ("ys", 2, {"ysplus": "on", "events": "on"}),
    ("ys", 3, {"kings_favour": "on", "express": "on"}),
    ("ys", 3, {"districts": "3", "see_own_hidden": "off"}),
    ("ys", 4, {"ysplus": "on", "events": "on", "kings_favour": "on"}),
    ("ys", 5, {"events": "on", "kings_favour": "on"}),
]


def check_decision(s, seat, rng, space, n):
    legal = s.legal(seat)
    assert legal, "an actor with no legal action"
    # notation round trip, index round trip, mask
    idx = []
    for a in legal:
        assert s.parse(seat, s.format(seat, a)) == a
        idx.append(s.action_index(seat, a))
    assert len(set(idx)) == len(idx) and min(idx) >= 0 and max(idx) < space
    mask = s.legal_mask(seat)
    assert mask.sum() == len(legal) and mask[idx].all()
    k = rng.randrange(len(idx))
    assert s.action_at(seat, idx[k]) == legal[k]
    # clone independence (== is a byte comparison of the whole state)
    before, c = s.clone(), s.clone()
    c.apply(seat, legal[-1 - k])
    assert s == before and c != s
    if n % 4 == 0:
        assert gg.load_state(s.state_json()) == s
    return legal[k]


def check_views(s, rng, seats):
    for q in seats:
        d = s.clone()
        d.determinize(q, rng.getrandbits(64))
        assert d.view_json(q) == s.view_json(q)


def playout(game, players, options, seed):
    s = gg.new_game(game, players, seed=seed, options=options)
    space = gg.encoding_sizes(game, players)[1]
    rng = random.Random(seed)
    decisions = 0
    while not s.is_over():
        check_views(s, rng, [decisions % players])
        actors = s.actors()
        seat = actors[rng.randrange(len(actors))]
        a = check_decision(s, seat, rng, space, decisions)
        s.apply(seat, a)
        decisions += 1
    check_views(s, rng, range(players))
    assert gg.load_state(s.state_json()) == s
    r = s.returns()
    assert abs(sum(r)) < 1e-6 and s.result()["over"]
    return decisions


@pytest.mark.parametrize("game,players,options", BASE)
def test_random_simulation_invariants(game, players, options):
    total = sum(playout(game, players, options, seed) for seed in range(GAMES_PER_COUNT))
    assert total > GAMES_PER_COUNT * 10


@pytest.mark.parametrize("game,players,options", VARIANTS)
def test_random_simulation_invariants_variants(game, players, options):
    for seed in range(15):
        playout(game, players, options, 1000 + seed)


@pytest.mark.parametrize("game,players,options", BASE + VARIANTS)
def test_observation_hides_what_the_seat_cannot_see(game, players, options):
    """s and determinize(s, q) differ only in what q cannot see: q's
    observation must be the same. The check has teeth: determinize does
    change hidden parts (decks, other seats' secrets) in most positions."""
    games = 20 if not options else 6
    changed = checked = 0
    for seed in range(games):
        s = gg.new_game(game, players, seed=500 + seed, options=options)
        rng = random.Random(seed)
        while not s.is_over():
            for q in range(players):
                d = s.clone()
                d.determinize(q, rng.getrandbits(64))
                assert np.array_equal(d.observation(q), s.observation(q)), \
                    "seat %d's observation changed with what it cannot see" % q
                checked += 1
                changed += d != s
            seat = rng.choice(s.actors())
            s.apply(seat, rng.choice(s.legal(seat)))
    assert changed > checked // 2, "determinize changed too little for the test to mean much"
