"""No leak through the extension: 100,000 steps of ordinary use (new games,
legal lists, apply, clone, views, observations, masks, errors raised and
caught, bots, records, the vector environment, event lists recorded, read
for every viewer, cloned and turned into sentences) leave the reference counts of
the objects the C code touches where they were, the number of live Python
objects flat, and the process's resident memory flat after a warm-up."""
import gc
import random
import sys

import numpy as np

import gemgames as gg

STEPS = 100_000


def rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4  # pages of 4 KiB


def counted():
    """Reference counts of objects the C code hands out or keeps."""
    return {name: sys.getrefcount(obj) for name, obj in [
        ("State", gg.State), ("Bot", gg.Bot), ("Record", gg.Record), ("VectorEnv", gg.VectorEnv),
        ("IllegalActionError", gg.IllegalActionError), ("SeatError", gg.SeatError),
        ("NotationError", gg.NotationError), ("StateFormatError", gg.StateFormatError),
        ("OptionError", gg.OptionError), ("GemgamesError", gg.GemgamesError),
        ("True", True), ("False", False)]}


def work(steps, rng, env, bot):
    """`steps` decisions on States (plus vector steps); returns how many."""
    done = 0
    while done < steps:
        game, players = rng.choice([("splendor", 2), ("splendor", 4), ("ys", 3), ("ys", 2)])
        # half of the games record their events (State.events)
        s = gg.new_game(game, players, seed=rng.getrandbits(32), record_events=rng.random() < 0.5)
        rec = gg.Record(game, players=players, seed=s.seed)
        while not s.is_over() and done < steps:
            seat = s.actors()[0]
            legal = s.legal(seat)
            a = legal[rng.randrange(len(legal))]
            text = s.format(seat, a)
            assert s.parse(seat, text) == a
            if done % 7 == 0:
                c = s.clone()
                c.determinize(seat, done)
                c.observation(seat)
                s.legal_mask(seat)
                s.action_at(seat, s.action_index(seat, a))
            if done % 50 == 0:
                s.view(seat)
                gg.load_state(s.state_json())
                s.afterstates(seat)
                try:
                    s.apply(seat, 0xFFFFFFF)
                except gg.GemgamesError:
                    pass
                try:
                    s.play(seat, "no such move")
                except gg.GemgamesError:
                    pass
                try:
                    gg.load_state("{}")
                except gg.GemgamesError:
                    pass
                s.result()
                s.returns()
            if s.records_events and done % 11 == 0:
                n0 = s.event_count
                s.clone().events(-1)
                for e in s.events(seat, max(0, n0 - 5)):
                    gg.event_text(e)
                try:
                    s.events("everyone")
                except gg.SeatError:
                    pass
            if done % 97 == 0:
                a = bot.choose(s, seat)
            rec.add(s, seat, a)
            s.apply(seat, a)
            done += 1
        rec.json()
        if s.records_events and s.is_over():
            s.events("everyone")
        # the vector environment: a few batched steps per game played
        for _ in range(20):
            env.step(env.sample_actions())
    return done


def test_refcounts_and_memory_stable_over_100000_steps():
    rng = random.Random(1)
    env = gg.VectorEnv("splendor", num_envs=16, seed=2)
    bot = gg.Bot("heuristic", seed=3)
    work(5_000, rng, env, bot)  # warm-up: allocator pools, caches
    gc.collect()
    refs0, objs0, rss0 = counted(), len(gc.get_objects()), rss_kib()
    arrays0 = [sys.getrefcount(x) for x in (env.observations, env.masks)]
    made = work(STEPS, rng, env, bot)
    gc.collect()
    refs1, objs1, rss1 = counted(), len(gc.get_objects()), rss_kib()
    arrays1 = [sys.getrefcount(x) for x in (env.observations, env.masks)]
    assert made >= STEPS
    assert refs1 == refs0, {k: (refs0[k], refs1[k]) for k in refs0 if refs0[k] != refs1[k]}
    assert arrays1 == arrays0
    assert abs(objs1 - objs0) < 200, (objs0, objs1)
    # A leak of one 1 KB state (or one JSON text) per step would be ~100 MB.
    assert rss1 - rss0 < 6 * 1024, "resident memory grew by %d KiB" % (rss1 - rss0)


def test_vector_env_and_states_are_freed():
    gc.collect()
    rss0 = rss_kib()
    for i in range(200):
        env = gg.VectorEnv("ys", num_envs=8, players=3, seed=i, opponents="random")
        env.step(env.sample_actions())
        states = [env.state(k) for k in range(8)]
        del env, states
    gc.collect()
    assert rss_kib() - rss0 < 6 * 1024
    obs = gg.VectorEnv("splendor", num_envs=4).observations
    base = sys.getrefcount(obs)
    assert isinstance(obs, np.ndarray) and base >= 2
