"""gemgames: the exact, fast Ys and Splendor engines from Python.

The engine is C (the `_core` extension, written against include/gemgames.h);
this file adds the Pythonic layer: views and states as dicts, OpenSpiel-style
names that need no C, game descriptions. docs/python.md is the walk-through.

    import gemgames
    s = gemgames.new_game("splendor", players=2, seed=1)
    while not s.is_terminal():
        seat = s.current_player()
        s.apply(seat, s.legal(seat)[0])
    print(s.returns())
"""

import json as _json

from . import _core
from ._core import (  # noqa: F401  (re-exported)
    ENGINE_VERSION,
    EVERYONE,
    SPECTATOR,
    EngineIOError,
    GameOverError,
    GemgamesError,
    IllegalActionError,
    NotationError,
    OptionError,
    SeatError,
    StateFormatError,
    VectorEnv,
    encoding_sizes,
)

__all__ = [
    "Game", "State", "Bot", "Record", "VectorEnv", "games", "game", "new_game", "load_state",
    "GemgamesError", "IllegalActionError", "SeatError", "NotationError", "StateFormatError",
    "OptionError", "GameOverError", "EngineIOError", "TERMINAL", "SIMULTANEOUS",
    "SPECTATOR", "EVERYONE", "event_text", "catalogue",
]

#: current_player() when the game is over (OpenSpiel's kTerminalPlayerId).
TERMINAL = -4
#: current_player() when several seats choose at once, secretly (OpenSpiel's
#: kSimultaneousPlayerId); current_players() lists them.
SIMULTANEOUS = -2

_VIEWERS = {"spectator": SPECTATOR, "everyone": EVERYONE, "all": EVERYONE}


def event_text(event, lang="en"):
    """The sentence for one event (a dict from State.events, or its JSON text)."""
    if not isinstance(event, str):
        event = _json.dumps(event)
    return _core.event_text(event, lang)


def catalogue(lang="en"):
    """The message catalogue {id: template} the sentences are made from."""
    return _json.loads(_core.catalogue_json(lang))


class Game:
    """A registered game: its name, title, player counts and table options."""

    def __init__(self, name):
        info = _core.game_info(name)
        self.name = info["name"]
        self.title = info["title"]
        self.min_players = info["min_players"]
        self.max_players = info["max_players"]
        #: [{"key", "values", "default", "help"}, ...]
        self.options = info["options"]

    def new_game(self, players=None, seed=0, **options):
        return new_game(self.name, players=players or self.min_players, seed=seed, **options)

    def observation_size(self, players):
        """Floats in an observation tensor for this player count."""
        return encoding_sizes(self.name, players)[0]

    def num_distinct_actions(self, players):
        """Size of the fixed action index space for this player count."""
        return encoding_sizes(self.name, players)[1]

    def __repr__(self):
        return "Game(%r)" % self.name


def games():
    """Every registered game, as Game objects."""
    return [Game(n) for n in _core.game_names()]


def game(name):
    return Game(name)


class State(_core.State):
    """One game in progress. Seats are 0..num_players-1.

    Actions are the engine's integer codes (`legal(seat)`); `format`/`parse`
    turn them into notation and back; `action_index`/`action_at` map them to
    the fixed index space of `observation`/`legal_mask` (docs/python.md).
    Methods written in C: actors, legal, apply, play, format, parse, announce,
    clone, copy_from, is_over, result, returns, view_json, state_json,
    determinize, observation, legal_mask, action_index, action_at, afterstates,
    record_events (+ properties records_events, event_count).
    """

    __slots__ = ()

    # -- OpenSpiel-style names -------------------------------------------
    def current_player(self):
        """The one seat to act; SIMULTANEOUS when several choose at once;
        TERMINAL when over."""
        a = self.actors()
        if not a:
            return TERMINAL
        return a[0] if len(a) == 1 else SIMULTANEOUS

    def legal_actions(self, player=None):
        """Legal engine action codes of `player` (default: the one to act)."""
        if player is None:
            player = self._single_actor()
        return self.legal(player)

    def apply_action(self, action):
        """Apply `action` for the one seat to act (OpenSpiel style)."""
        self.apply(self._single_actor(), action)

    def _single_actor(self):
        a = self.actors()
        if len(a) != 1:
            if not a:
                raise GameOverError("the game is over")
            raise SeatError("several seats act at once (%s): name the seat" % (a,))
        return a[0]

    def num_players(self):  # OpenSpiel spells it as a method
        return _core.State.num_players.__get__(self)

    # -- Pythonic ---------------------------------------------------------
    def view(self, seat):
        """What `seat` (-1: a spectator) may know, as a dict."""
        return _json.loads(self.view_json(seat))

    def to_dict(self):
        """The full referee state (hidden parts included) as a dict."""
        return _json.loads(self.state_json())

    def legal_notation(self, seat):
        """Legal actions of `seat` as notation."""
        return [self.format(seat, a) for a in self.legal(seat)]

    def legal_indices(self, seat):
        """Legal actions of `seat` as indices of the fixed action space."""
        return [self.action_index(seat, a) for a in self.legal(seat)]

    # -- events (docs/python.md, "Events") -------------------------------
    def events(self, viewer, start=0):
        """The recorded events from index `start` on, as `viewer` may see them: a
        list of dicts (docs/formats.md, "Events"). `viewer` is a seat, "spectator"
        (SPECTATOR), or "everyone" (EVERYONE: every hidden field; only once the game
        is over, SeatError before). A field the viewer may not know is left out and
        the event has "masked": True. The state must record events
        (new_game(..., record_events=True) or record_events())."""
        if isinstance(viewer, str):
            if viewer not in _VIEWERS:
                raise SeatError("a viewer is a seat, \"spectator\" or \"everyone\"")
            viewer = _VIEWERS[viewer]
        return _json.loads(self._events_json(viewer, start))

    @staticmethod
    def event_text(event, lang="en"):
        """The English sentence for one event (gemgames.event_text)."""
        return event_text(event, lang)

    def __repr__(self):
        return "<gemgames.State %s %dp seed=%d actors=%s%s>" % (
            self.game, _core.State.num_players.__get__(self), self.seed, self.actors(),
            " over" if self.is_over() else "")


# `num_players` is both a property in C and a method above: keep the method
# (OpenSpiel) and offer the property as `players`.
State.players = property(lambda self: _core.State.num_players.__get__(self))


def new_game(game, players=2, seed=0, options=None, record_events=False, **kw):
    """A new game. Options as keywords or a dict: new_game("ys", 4, seed=3, districts=4).
    record_events=True keeps the game's event list (State.events), starting with
    the set-up's events (what was dealt face up); off by default because
    recording costs several times a bare apply (docs/performance.md)."""
    opts = dict(options or {})
    opts.update(kw)
    return State(game, players, seed, opts, record_events)


def load_state(text, record_events=False):
    """A State from the full-state JSON (text or dict) of State.state_json().
    A save holds no history: with record_events=True the list starts empty here."""
    if isinstance(text, dict):
        text = _json.dumps(text)
    return _core._load_state(State, text, record_events)


class Bot(_core.Bot):
    """A built-in bot: Bot("random"), Bot("heuristic"), Bot("ismcts:iters=2000:depth=10").
    choose(state, seat) returns a legal action code, using only what the seat may know."""

    __slots__ = ()

    def step(self, state, seat=None):
        """Choose for `seat` (default: the one to act) and apply it; returns the action."""
        if seat is None:
            seat = state._single_actor()
        a = self.choose(state, seat)
        state.apply(seat, a)
        return a


class Record(_core.Record):
    """A game record: Record("splendor", players=2, seed=1) or Record(json=text)."""

    __slots__ = ()

    def replay(self, upto=-1, record_events=False):
        """The State after the first `upto` actions (-1: all). With
        record_events=True the actions are applied one by one from the start, so
        the state's event list holds the whole game so far."""
        if not record_events:
            return self._replay(State, upto)
        actions = self.actions()
        if upto < -1 or upto > len(actions):
            raise OptionError("replay: upto out of range")
        s = self._replay(State, 0)
        s._record_from_setup()  # the list starts with the set-up, as the game's did
        for seat, text in actions[:len(actions) if upto < 0 else upto]:
            s.play(seat, text)
        return s

    def start(self):
        return self._replay(State, 0)

    def to_dict(self):
        return _json.loads(self.json())
