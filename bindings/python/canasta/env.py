"""canasta.env - a learning environment on libcanasta (docs/ENV.md).

Standard library only; observations and masks are numpy arrays when numpy
can be imported, array.array otherwise.  The interface follows PettingZoo's
AEC environments (reset, agent_selection, observe, last, step, agent_iter,
rewards, terminations, truncations, infos) and offers OpenSpiel's names
too (current_player, legal_actions, apply_action, returns), without
depending on either::

    from canasta.env import CanastaEnv
    env = CanastaEnv(preset="classic", reward="hand")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)                  # PettingZoo's "dead step"
            continue
        env.step(random.choice(env.legal_actions()))

The action space is finite (NUM_ACTIONS ids) and an id means the same
thing in every state.  Ids below 3140 are the library's dense search
actions (docs/SEARCH.md): a one-group meld or take is one step, with the
same id the library gives it.  A move of several groups (an opening, a
whole-hand exit, a take that lays further melds) is a sequence of steps:
"more" steps that each lay one group and leave the move open, then the
last group's dense id, which submits the whole move to the engine as ONE
move.  The environment keeps the partial move; the mask only ever admits
steps that can still be completed to a move of the library's legal list.
"""
from __future__ import annotations

import array
import ctypes
import operator
import os
import random
from ctypes import c_int, c_size_t
from typing import (Any, Dict, Iterator, List, NamedTuple, Optional,
                    Sequence, Tuple, Union)

from . import ACTIONS_DENSE, PRESETS, CanastaError, Game, Rules
from . import _internal as _i
from ._observe import (_KIND_T, _OPTION_NAMES, _PARTIAL, _PARTIAL_GROUPS,
                       _PARTIAL_KIND, KINDS, OBS_SIZE, OBSERVATION_LAYOUT,
                       Observer, raw as _raw)
from ._observe import MAX_GROUPS, MAX_SEATS, MAX_SIDES  # noqa: F401 - names

try:                                    # optional: only for the array type
    import numpy as _numpy
except ImportError:                     # pragma: no cover - depends on host
    _numpy = None

__all__ = [
    "CanastaEnv", "env", "raw_env", "IllegalActionError", "Action",
    "Discrete", "Box", "NUM_ACTIONS", "OBS_SIZE", "OBSERVATION_LAYOUT",
    "KINDS", "DRAW", "DECLINE", "ASK", "YES", "NO", "NEXT_HAND",
    "DISCARD_BASE", "MELD_BASE", "TAKE_BASE", "MELD_MORE_BASE",
    "TAKE_MORE_BASE", "GROUP_CODES", "group_code", "group_fields",
    "action_fields", "action_id", "action_name", "REWARDS",
    "numpy_available",
]

# ----------------------------------------------------------------------
# The action space (docs/ENV.md, "Actions")
# ----------------------------------------------------------------------
#: Action 0: draw from the stock (T1).
DRAW = 0
#: Action 1: decline the pile (E1).
DECLINE = 1
#: Action 2: ask the partner "may I go out?" (G4).
ASK = 2
#: Action 3: answer yes to "may I go out?".
YES = 3
#: Action 4: answer no to "may I go out?".
NO = 4
#: Action 5: deal the next hand (the next dealer's only step).
NEXT_HAND = 5
#: Actions 6 + k: discard a card of kind KINDS[k] (k 0 .. 13).
DISCARD_BASE = 6
#: Actions 20 + g: lay group g from the hand and submit the move.
MELD_BASE = 20
#: Actions 1580 + g: take the pile with top group g and submit the move.
TAKE_BASE = 1580
#: The number of group codes g = (rank - 3) * 130 + naturals * 10 + combo
#: (group_code, group_fields): 1560.
GROUP_CODES = 1560
#: Actions 3140 + g: lay group g from the hand, more groups follow (the
#: move stays open).
MELD_MORE_BASE = ACTIONS_DENSE
#: Actions 4700 + g: take the pile with top group g, more groups follow.
TAKE_MORE_BASE = MELD_MORE_BASE + GROUP_CODES
#: The number of action ids, 6260: every id means the same in every state.
NUM_ACTIONS = TAKE_MORE_BASE + GROUP_CODES
assert ACTIONS_DENSE == TAKE_BASE + GROUP_CODES

_FIXED_NAMES = ("draw", "decline", "ask", "yes", "no", "next")
#: (twos, jokers) of each combo value (docs/SEARCH.md).
_COMBOS = ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2),
           (2, 0), (2, 1), (3, 0))
_COMBO_OF = {tj: c for c, tj in enumerate(_COMBOS)}

# Card code -> 1 for a two (codes 8 .. 11), 2 for the joker (60), else 0.
_WILD_BYTES = bytes(1 if 8 <= c <= 11 else 2 if c == 60 else 0
                    for c in range(256))

# Move kinds (enum canasta_move_kind) of the one-step moves.
_MOVE_DRAW, _MOVE_TAKE, _MOVE_MELD, _MOVE_DISCARD = 1, 2, 3, 4
_FIXED_OF_KIND = {1: DRAW, 8: DECLINE, 5: ASK, 6: YES, 7: NO, 9: NEXT_HAND}
_Move = _i.Move
_MOVE_SIZE = _i.MOVE_SIZE
_GROUP_OFF, _GROUP_SIZE = 4, 18         # canasta_move.groups, canasta_group


class Action(NamedTuple):
    """The meaning of an action id (action_fields / action_id).

    kind: "draw", "decline", "ask", "yes", "no", "next", "discard", "meld"
    or "take"; card: the discarded kind (a KINDS name) or None; rank,
    naturals, twos, jokers: the group a meld or take step lays (None
    otherwise; for a take's first group only the hand cards count, not
    the pile's top card); last: True when the step submits the move."""
    kind: str
    card: Optional[str] = None
    rank: Optional[int] = None
    naturals: Optional[int] = None
    twos: Optional[int] = None
    jokers: Optional[int] = None
    last: bool = True


def _as_int(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise TypeError("%s must be an int, not bool" % what)
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError("%s must be an int, not %s"
                        % (what, type(value).__name__)) from None


def group_code(rank: int, naturals: int, twos: int = 0,
               jokers: int = 0) -> int:
    """g of a group (docs/SEARCH.md): rank 3..14, naturals 0..12, twos and
    jokers with twos + jokers <= 3.  ValueError outside those ranges."""
    rank, naturals = _as_int(rank, "rank"), _as_int(naturals, "naturals")
    twos, jokers = _as_int(twos, "twos"), _as_int(jokers, "jokers")
    if not 3 <= rank <= 14:
        raise ValueError("rank must be 3..14, not %d" % rank)
    if not 0 <= naturals <= 12:
        raise ValueError("naturals must be 0..12, not %d" % naturals)
    combo = _COMBO_OF.get((twos, jokers))
    if combo is None:
        raise ValueError("twos and jokers must be >= 0 with twos + jokers "
                         "<= 3, not %d and %d" % (twos, jokers))
    return (rank - 3) * 130 + naturals * 10 + combo


def group_fields(g: int) -> Tuple[int, int, int, int]:
    """(rank, naturals, twos, jokers) of a group code 0..1559."""
    g = _as_int(g, "group code")
    if not 0 <= g < GROUP_CODES:
        raise ValueError("a group code is 0..%d, not %d"
                         % (GROUP_CODES - 1, g))
    twos, jokers = _COMBOS[g % 10]
    return 3 + g // 130, g % 130 // 10, twos, jokers


def action_fields(action: int) -> Action:
    """What an action id means, in every state (docs/ENV.md)."""
    a = _as_int(action, "action")
    if not 0 <= a < NUM_ACTIONS:
        raise ValueError("an action is 0..%d, not %d" % (NUM_ACTIONS - 1, a))
    if a < DISCARD_BASE:
        return Action(_FIXED_NAMES[a])
    if a < MELD_BASE:
        return Action("discard", card=KINDS[a - DISCARD_BASE])
    for base, kind, last in ((MELD_BASE, "meld", True),
                             (TAKE_BASE, "take", True),
                             (MELD_MORE_BASE, "meld", False),
                             (TAKE_MORE_BASE, "take", False)):
        if a < base + GROUP_CODES:
            r, n, t, j = group_fields(a - base)
            return Action(kind, None, r, n, t, j, last)
    raise AssertionError("unreachable")        # pragma: no cover


def action_id(kind: str, card: Optional[str] = None,
              rank: Optional[int] = None, naturals: Optional[int] = None,
              twos: Optional[int] = None, jokers: Optional[int] = None,
              last: bool = True) -> int:
    """The id of an Action (the inverse of action_fields):
    action_id(*action_fields(a)) == a for every a."""
    if kind in _FIXED_NAMES:
        return _FIXED_NAMES.index(kind)
    if kind == "discard":
        if card not in KINDS[:14]:
            raise ValueError("a discard names one of %s, not %r"
                             % (", ".join(KINDS[:14]), card))
        return DISCARD_BASE + KINDS.index(card)
    if kind not in ("meld", "take"):
        raise ValueError("unknown action kind %r" % (kind,))
    g = group_code(rank if rank is not None else -1,
                   naturals if naturals is not None else -1,
                   twos or 0, jokers or 0)
    if kind == "meld":
        return (MELD_BASE if last else MELD_MORE_BASE) + g
    return (TAKE_BASE if last else TAKE_MORE_BASE) + g


def action_name(action: int) -> str:
    """A short text for an action id: "discard 7", "meld 7: 3 naturals 1
    two", "take K: 2 naturals +" ("+": more groups follow)."""
    f = action_fields(action)
    if f.kind == "discard":
        return "discard %s" % f.card
    if f.rank is None:
        return f.kind
    rank = {3: "3b", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(f.rank,
                                                             str(f.rank))
    parts = ["%d natural%s" % (f.naturals, "" if f.naturals == 1 else "s")]
    if f.twos:
        parts.append("%d two%s" % (f.twos, "" if f.twos == 1 else "s"))
    if f.jokers:
        parts.append("%d joker%s" % (f.jokers, "" if f.jokers == 1 else "s"))
    return "%s %s: %s%s" % (f.kind, rank, " ".join(parts),
                            "" if f.last else " +")


def _group_g(raw: bytes, p: int) -> int:
    """g of the canasta_group at raw[p:] (only the hand cards count)."""
    count = raw[p + 1]
    wild = raw[p + 2:p + 2 + count].translate(_WILD_BYTES)
    twos, jokers = wild.count(1), wild.count(2)
    combo = _COMBO_OF.get((twos, jokers))
    if combo is None:       # no legal move has more than 3 wild cards
        raise CanastaError(-9, "a group with %d twos and %d jokers has no "
                           "action" % (twos, jokers))
    return (raw[p] - 3) * 130 + (count - twos - jokers) * 10 + combo


def _move_key(raw: bytes, o: int) -> Tuple[int, ...]:
    """The steps of the canasta_move at raw[o:]: one id for a move of at
    most one group, else the "more" ids of all groups but the last (a
    take's top group first, the others by ascending g) and the last
    group's dense id."""
    kind = raw[o]
    if kind == _MOVE_DISCARD:
        return (DISCARD_BASE + _KIND_T[raw[o + 2]],)
    fixed = _FIXED_OF_KIND.get(kind)
    if fixed is not None:
        return (fixed,)
    n = raw[o + 3]
    gs = [_group_g(raw, o + _GROUP_OFF + _GROUP_SIZE * j) for j in range(n)]
    if kind == _MOVE_MELD:
        if n == 1:
            return (MELD_BASE + gs[0],)
        gs.sort()
        return tuple([MELD_MORE_BASE + g for g in gs[:-1]]
                     + [MELD_BASE + gs[-1]])
    if kind != _MOVE_TAKE or n < 1:
        raise CanastaError(-9, "unknown move kind %d in the legal list" % kind)
    if n == 1:
        return (TAKE_BASE + gs[0],)
    rest = sorted(gs[1:])
    return tuple([TAKE_MORE_BASE + gs[0]]
                 + [MELD_MORE_BASE + g for g in rest[:-1]]
                 + [MELD_BASE + rest[-1]])


# The mask of a seat whose decision it is not.
_NO_MASK = bytes(NUM_ACTIONS)

#: The reward modes (CanastaEnv's reward=): "hand", each hand's score
#: difference, and "win", +1 or -1 at the game's end.
REWARDS = ("hand", "win")


def numpy_available() -> bool:
    """True when numpy was importable (observations are then ndarrays)."""
    return _numpy is not None


class IllegalActionError(ValueError):
    """step() got an action the mask does not admit (the state is
    unchanged).  .action is the id, .legal the legal ids."""

    def __init__(self, action: int, legal: Sequence[int], why: str) -> None:
        self.action = action
        self.legal = list(legal)
        shown = ", ".join(map(str, self.legal[:20]))
        if len(self.legal) > 20:
            shown += ", ... (%d in all)" % len(self.legal)
        super().__init__("action %d (%s) is not legal now: %s; legal: [%s]"
                         % (action, action_name(action)
                            if 0 <= action < NUM_ACTIONS else "no action",
                            why, shown))


class Discrete:
    """A stand-in for gymnasium.spaces.Discrete: ids 0 .. n-1."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        self.n = n
        self.shape: Tuple[int, ...] = ()
        self.dtype = "int64"
        self._rng = random.Random(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        """Seed sample() (None: from the system)."""
        self._rng.seed(seed)

    def sample(self, mask: Optional[Sequence[int]] = None) -> int:
        """A uniform id, among those with mask[i] != 0 when a mask is given
        (ValueError for a mask that admits nothing)."""
        if mask is None:
            return self._rng.randrange(self.n)
        ok = [i for i, m in enumerate(mask) if m]
        if not ok:
            raise ValueError("the mask admits no action")
        return self._rng.choice(ok)

    def contains(self, x: Any) -> bool:
        """True for an int id 0 .. n-1."""
        return (isinstance(x, int) and not isinstance(x, bool)
                and 0 <= x < self.n)

    __contains__ = contains

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n


class Box:
    """A stand-in for gymnasium.spaces.Box: integer vectors of a shape."""

    def __init__(self, low: int, high: int, shape: Tuple[int, ...],
                 dtype: str) -> None:
        self.low, self.high, self.shape, self.dtype = low, high, shape, dtype

    def contains(self, x: Any) -> bool:
        """True for a vector of the shape with values in [low, high]."""
        return (len(x) == self.shape[0]
                and all(self.low <= v <= self.high for v in x))

    __contains__ = contains

    def __repr__(self) -> str:
        return "Box(%d, %d, %r, %s)" % (self.low, self.high, self.shape,
                                        self.dtype)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        raise CanastaError(rc, "%s failed" % what)


class _Ints:
    """Scratch out-parameters for the environment's own calls (the legal
    list, apply and what follows it), with their addresses; cards is the
    buffer of canasta_apply's sentence."""

    def __init__(self, n: int) -> None:
        self.v = (c_int * n)()
        base = ctypes.addressof(self.v)
        self.a = [base + 4 * i for i in range(n)]
        self.cards = (ctypes.c_uint8 * 256)()
        self.cards_a = ctypes.addressof(self.cards)
        self.n = c_size_t()
        self.n_a = ctypes.addressof(self.n)


# ----------------------------------------------------------------------
# The environment
# ----------------------------------------------------------------------
class CanastaEnv:
    """A Canasta game as a multi-agent environment (docs/ENV.md).

    preset: a name of canasta.PRESETS ("classic", "two-players",
    "three-players", "six-three-sides", "six-two-sides"); options: rules
    options as for canasta.Rules (target=1000, ...).  reward: "hand" (at
    the end of each hand, the own side's hand score minus the mean of the
    other sides'; default) or "win" (at the game's end +1 for the winning
    side's seats, -1 for the others, 0 for all after a declared tie).
    max_steps: truncate after that many steps (None: never).
    include_view: observe() also returns the seat's view dict (the
    library's JSON view; it costs more than the vector).  numpy: None
    (use numpy when importable), True (require it) or False (array.array).
    """

    metadata = {"render_modes": ["ansi"], "name": "canasta_v0",
                "is_parallelizable": False}

    def __init__(self, preset: str = "classic", reward: str = "hand",
                 max_steps: Optional[int] = None, include_view: bool = True,
                 numpy: Optional[bool] = None,
                 render_mode: Optional[str] = None, **options: int) -> None:
        if preset not in PRESETS:
            raise ValueError("unknown preset %r (known: %s)"
                             % (preset, ", ".join(PRESETS)))
        if reward not in REWARDS:
            raise ValueError("reward must be one of %s, not %r"
                             % (", ".join(REWARDS), reward))
        if max_steps is not None:
            max_steps = _as_int(max_steps, "max_steps")
            if max_steps < 1:
                raise ValueError("max_steps must be >= 1 (or None)")
        if numpy and _numpy is None:
            raise ImportError("numpy=True, but numpy cannot be imported")
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode must be None or 'ansi'")
        self._np = _numpy if (numpy is None or numpy) else None
        self._lib = _i.library()
        self._r = _raw(self._lib)
        self.preset = preset
        self.reward_mode = reward
        self.max_steps = max_steps
        self.include_view = bool(include_view)
        self.render_mode = render_mode
        self._rules = Rules(preset, **options)
        self._options = dict(options)
        self._players = self._rules.get("players")
        self._sides = self._rules.get("sides")
        self.possible_agents = ["player_%d" % s for s in range(self._players)]
        self._agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._spaces = {a: Discrete(NUM_ACTIONS) for a in self.possible_agents}
        opts = self._rules.options
        self._opts = [opts[name] for name in _OPTION_NAMES]
        self._q = _Ints(8)
        self._cap = 512
        self._buf = (_Move * self._cap)()
        self._game: Optional[Game] = None
        self._batch: Any = None     # _i.batch(self._game)
        #: The seed of the game dealt by the last reset() (drawn at random
        #: when reset got none): Game(seed=env.game_seed, rules=env.rules)
        #: deals the same game.
        self.game_seed: Optional[int] = None

    # -- PettingZoo-style attributes --------------------------------------
    @property
    def num_agents(self) -> int:
        """Agents not yet done and stepped (PettingZoo)."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """The number of seats (PettingZoo)."""
        return self._players

    def observation_space(self, agent: Union[str, int]) -> Box:
        """The vector's space: OBS_SIZE integers (docs/ENV.md)."""
        self._seat(agent)
        return Box(-2 ** 31, 2 ** 31 - 1, (OBS_SIZE,), "int32")

    def action_space(self, agent: Union[str, int]) -> Discrete:
        """NUM_ACTIONS ids, the same for every agent and state (one space
        per agent, seeded by reset(seed))."""
        return self._spaces[self.possible_agents[self._seat(agent)]]

    @property
    def rules(self) -> Rules:
        """The rules of the games reset() deals (owned by the environment)."""
        return self._rules

    @property
    def game(self) -> Game:
        """The engine's game (owned by the environment: read it, but do
        not play on it or close it)."""
        if self._game is None:
            raise ValueError("call reset() first")
        return self._game

    # -- lifetime -----------------------------------------------------------
    def reset(self, seed: Optional[int] = None,
              options: Optional[Dict[str, int]] = None) -> None:
        """Deal a new game: seed (0 .. 2**64-1; None: a random one, kept
        in game_seed) decides every deal.  options: rules options for
        this game and later ones (as keyword arguments of the
        constructor); on an error nothing changes."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        seed = _as_int(seed, "seed")
        if options:
            merged = dict(self._options, **options)
            rules = Rules(self.preset, **merged)    # may raise: nothing yet
            self._rules.close()
            self._rules, self._options = rules, merged
            opts = rules.options
            self._opts = [opts[name] for name in _OPTION_NAMES]
        game = Game(seed=seed, rules=self._rules)
        self.game_seed = seed
        for i, space in enumerate(self._spaces.values()):
            space.seed(seed * 8 + i)
        self._start(game)

    @classmethod
    def from_game(cls, game: Game, **kwargs: Any) -> "CanastaEnv":
        """An environment that goes on from a copy of game (any phase; its
        preset and options are read from it).  kwargs as for the
        constructor (reward, max_steps, include_view, numpy)."""
        rules = game.view(0)["rules"]
        options = {k.replace("-", "_"): v
                   for k, v in rules["options"].items()}
        e = cls(preset=rules["preset"], **kwargs, **options)
        e._start(game.clone())
        return e

    def _start(self, game: Game) -> None:
        if self._game is not None:
            self._game.close()
        self._game = game
        self._lib = _i.library(game)
        self._r = _raw(self._lib)
        self._batch = _i.batch(game)
        self._columns = self._column_of_seats()
        # A new observer: nothing it keeps outlives the game.
        self._observer = Observer(self._r, self.preset, self._players,
                                  self._sides, self._opts, self._columns,
                                  bool(self._rules.get("lone-hand")))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self._returns = [0.0] * self._players
        self._rewarded = False
        self._steps = 0
        self._history: List[bytes] = []
        self._hands: List[List[int]] = []
        self._pending: List[int] = []
        self._root: Optional[Dict[int, Any]] = None
        self._node: Optional[Dict[int, Any]] = None
        self._raw_list = b""
        self._mask_node: Optional[Dict[int, Any]] = None
        self._mask = _NO_MASK
        # (history length, phase, deciding seat) asked after a move.
        self._known: Tuple[int, int, int] = (-1, 0, 0)
        self._collisions = 0
        self._over = False
        phase = self._int("phase")
        if phase == 5:                  # from_game of a finished game:
            self._over = True           # done, and no reward for it
            for k in self.terminations:
                self.terminations[k] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[
                self._int("current_seat")]

    def _column_of_seats(self) -> List[int]:
        # The score column of each seat: the seat itself in X3 (side n is
        # seat n's own column, canasta.h), else the seat's side, which
        # never changes in those games.
        if self._rules.get("lone-hand"):
            return list(range(self._players))
        return [self._int2("seat_side", s) for s in range(self._players)]

    def close(self) -> None:
        """Free the game (the environment can be reset again)."""
        if self._game is not None:
            self._game.close()
            self._game = None
            self._batch = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:        # pragma: no cover - interpreter shutdown
            pass

    def clone(self) -> "CanastaEnv":
        """An independent copy: the game (with its history), the partial
        move, the rewards and the step count."""
        e = CanastaEnv.__new__(CanastaEnv)
        e.__dict__.update(self.__dict__)
        e._rules = self._rules.clone()
        e._spaces = {a: Discrete(NUM_ACTIONS) for a in self.possible_agents}
        e._q = _Ints(8)
        e._buf = (_Move * self._cap)()
        e._game = None
        e._start(self.game.clone())
        for name in ("agents", "_returns", "_history", "_hands",
                     "_pending"):
            setattr(e, name, list(getattr(self, name)))
        for name in ("rewards", "_cumulative_rewards", "terminations",
                     "truncations"):
            setattr(e, name, dict(getattr(self, name)))
        e.infos = {a: dict(i) for a, i in self.infos.items()}
        for name in ("_rewarded", "_steps", "_over", "agent_selection"):
            setattr(e, name, getattr(self, name))
        if e._pending:
            node = e._decision()
            for s in e._pending:
                node = node[s]
            e._node = node
        return e

    # -- queries ------------------------------------------------------------
    def _seat(self, agent: Union[str, int]) -> int:
        if isinstance(agent, str):
            seat = self._agent_seat.get(agent)
            if seat is None:
                raise ValueError("unknown agent %r (agents: %s)"
                                 % (agent, ", ".join(self.possible_agents)))
            return seat
        seat = _as_int(agent, "seat")
        if not 0 <= seat < self._players:
            raise ValueError("seat must be 0..%d, not %d"
                             % (self._players - 1, seat))
        return seat

    def _int(self, name: str) -> int:
        q = self._q
        with self._game_batch() as h:
            _check(getattr(self._r, name)(q.a[0], h), name)
        return q.v[0]

    def _int2(self, name: str, arg: int) -> int:
        q = self._q
        with self._game_batch() as h:
            _check(getattr(self._r, name)(q.a[0], h, arg), name)
        return q.v[0]

    def _game_batch(self) -> Any:
        """The batch of raw calls on the game (ValueError before reset(),
        and once the game was closed)."""
        if self._batch is None:
            raise ValueError("call reset() first")
        return self._batch

    def _decision(self) -> Dict[int, Any]:
        """The trie of the current decision's steps, built once per
        decision from the library's legal list (canasta_legal_moves)."""
        if self._root is not None:
            return self._root
        r, q = self._r, self._q
        while True:
            with self._game_batch() as h:
                rc = r.legal(ctypes.addressof(self._buf), self._cap, q.n_a, h)
            n = q.n.value
            if rc == -11 and n > self._cap:         # E_BUFFER: grow
                self._cap = n
                self._buf = (_Move * n)()
                continue
            _check(rc, "canasta_legal_moves")
            break
        raw = ctypes.string_at(ctypes.addressof(self._buf), n * _MOVE_SIZE)
        root: Dict[int, Any] = {}
        kind_of, fixed_of = _KIND_T, _FIXED_OF_KIND
        for i in range(n):
            o = i * _MOVE_SIZE
            kind = raw[o]
            # Inline: the moves of one step (all but openings, exits and
            # takes with further groups) are most of every list.
            if kind == _MOVE_DISCARD:
                a = DISCARD_BASE + kind_of[raw[o + 2]]
            elif kind in fixed_of:
                a = fixed_of[kind]
            elif raw[o + 3] == 1 and kind in (_MOVE_MELD, _MOVE_TAKE):
                a = (MELD_BASE if kind == _MOVE_MELD else TAKE_BASE) + \
                    _group_g(raw, o + _GROUP_OFF)
            else:
                key = _move_key(raw, o)
                node = root
                for s in key[:-1]:
                    node = node.setdefault(s, {})
                if key[-1] in node:
                    self._collisions += 1   # the first listed move wins
                else:
                    node[key[-1]] = i
                continue
            if a in root:
                self._collisions += 1
            else:
                root[a] = i
        self._raw_list = raw
        self._root = self._node = root
        return root

    def _current_node(self) -> Dict[int, Any]:
        if self._node is None:
            self._decision()
        assert self._node is not None
        return self._node

    def _deciding(self) -> Optional[int]:
        """The seat whose decision it is, None once the game is over or
        truncated."""
        if self._over:
            return None
        return self._agent_seat[self.agent_selection]

    def legal_actions(self, agent: Union[str, int, None] = None) -> List[int]:
        """The ids step() accepts now, ascending (OpenSpiel's
        legal_actions); [] for an agent whose decision it is not."""
        seat = self._deciding()
        if seat is None or (agent is not None and self._seat(agent) != seat):
            return []
        return sorted(self._current_node())

    def action_mask(self, agent: Union[str, int, None] = None) -> Any:
        """NUM_ACTIONS entries, 1 where legal_actions(agent) has the id
        (int8: a numpy array, or array.array('b'))."""
        seat = self._deciding()
        if seat is None or (agent is not None and self._seat(agent) != seat):
            mask: Any = _NO_MASK
        else:
            # Made once per node of the decision (the node is kept alive
            # by _mask_node, so "is" cannot meet a new one at its address).
            node = self._current_node()
            if node is not self._mask_node:
                m = bytearray(NUM_ACTIONS)
                for a in node:
                    m[a] = 1
                self._mask_node, self._mask = node, bytes(m)
            mask = self._mask
        if self._np is not None:
            return self._np.frombuffer(mask, dtype=self._np.int8).copy()
        return array.array("b", mask)

    legal_actions_mask = action_mask

    @property
    def pending_actions(self) -> Tuple[int, ...]:
        """The steps taken so far in the move being built (() if none)."""
        return tuple(self._pending)

    @property
    def partial_move(self) -> Optional[Dict[str, Any]]:
        """The move being built: {"kind": "meld" or "take", "groups":
        [(rank, naturals, twos, jokers), ...]}, or None."""
        if not self._pending:
            return None
        kind = "take" if self._pending[0] >= TAKE_MORE_BASE else "meld"
        groups = [group_fields(a - (TAKE_MORE_BASE if a >= TAKE_MORE_BASE
                                    else MELD_MORE_BASE))
                  for a in self._pending]
        return {"kind": kind, "groups": groups}

    def move_to_actions(self, move: str) -> Tuple[int, ...]:
        """The steps that play a move of the current decision's legal list
        (canasta.Game.legal_moves text; a text without a seat is the
        deciding seat's).  ValueError for a move the list does not hold
        (e.g. several groups after the opening: play them one by one)."""
        seat = self._deciding()
        if seat is None:
            raise ValueError("no decision: the game is over or truncated")
        m = _i.parse_move(self._lib, move, seat)
        key = _move_key(ctypes.string_at(ctypes.addressof(m), _MOVE_SIZE), 0)
        node: Any = self._decision()
        for s in key:
            if not isinstance(node, dict) or s not in node:
                raise ValueError("%r is not a move of the legal list here"
                                 % (move,))
            node = node[s]
        if isinstance(node, dict):                  # pragma: no cover
            raise ValueError("%r is not a complete move" % (move,))
        return key

    def actions_to_move(self, actions: Sequence[int]) -> str:
        """The move text that these steps, from the start of the current
        decision, submit (ValueError unless they make one listed move)."""
        node: Any = self._decision()
        for s in actions:
            s = _as_int(s, "action")
            if not isinstance(node, dict) or s not in node:
                raise ValueError("the steps %r make no legal move here"
                                 % (list(actions),))
            node = node[s]
        if isinstance(node, dict):
            raise ValueError("the steps %r leave the move open"
                             % (list(actions),))
        m = _Move.from_buffer_copy(self._raw_list, node * _MOVE_SIZE)
        return _i.move_text(self._lib, m)

    def history(self) -> List[str]:
        """Every move the environment submitted to the engine since reset,
        as canonical move texts (replayable with canasta.Game.apply)."""
        lib = self._lib
        return [_i.move_text(lib, _Move.from_buffer_copy(b)) for b in
                self._history]

    @property
    def hand_scores(self) -> List[List[int]]:
        """The hand score of every score column, per finished hand."""
        return [list(s) for s in self._hands]

    @property
    def steps(self) -> int:
        """Steps taken since reset (every accepted step counts)."""
        return self._steps

    # -- playing ------------------------------------------------------------
    def step(self, action: Optional[int]) -> None:
        """Take one step for agent_selection.  After the game's end (or a
        truncation) every agent is stepped once with None, as in
        PettingZoo.  IllegalActionError (a ValueError) for an id the mask
        does not admit, TypeError for a non-int; the state is then
        unchanged."""
        if self._game is None:
            raise ValueError("call reset() first")
        if not self.agents:
            raise ValueError("every agent is done: reset() for a new game")
        agent = self.agent_selection
        if self._over:
            if action is not None:
                raise ValueError("the game is over (or truncated): step(None) "
                                 "for each agent, then reset()")
            self._dead_step(agent)
            return
        if action is None:
            raise TypeError("step(None) is only for an agent that is done")
        a = _as_int(action, "action")
        node = self._current_node()
        nxt = node.get(a)
        if nxt is None:
            if not 0 <= a < NUM_ACTIONS:
                why = "ids are 0..%d" % (NUM_ACTIONS - 1)
            elif self._pending:
                why = "it does not continue the move being built"
            else:
                why = "no legal move begins with it"
            raise IllegalActionError(a, sorted(node), why)
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            for k in self.rewards:
                self.rewards[k] = 0.0
            for k in self.infos:
                self.infos[k] = {}
            self._rewarded = False
        self._steps += 1
        if type(nxt) is dict:
            self._pending.append(a)
            self._node = nxt
        else:
            self._commit(nxt)
        if (self.max_steps is not None and self._steps >= self.max_steps
                and not self._over):
            for k in self.truncations:
                self.truncations[k] = True
            self._over = True
            self.agent_selection = self.agents[0]

    apply_action = step

    def _commit(self, index: int) -> None:
        """Play the listed move index on the engine: ONE move, and read
        what follows from it, in one batch of calls."""
        q, r = self._q, self._r
        at = ctypes.addressof(self._buf) + index * _MOVE_SIZE
        with self._game_batch() as h:
            rc = r.apply(q.cards_a, 256, h, at)
            if rc != 0:         # a listed move is legal: never expected
                raise CanastaError(rc, ctypes.string_at(q.cards_a)
                                   .decode("utf-8", "replace"))
            self._history.append(self._raw_list[index * _MOVE_SIZE:
                                                (index + 1) * _MOVE_SIZE])
            self._pending = []
            self._root = self._node = None
            _check(r.phase(q.a[0], h), "canasta_game_phase")
            _check(r.current_seat(q.a[1], h), "canasta_game_current_seat")
            phase, seat = q.v[0], q.v[1]
            # For the next observation: what the game is after the move.
            self._known = (len(self._history), phase, seat)
            if phase >= 4:                  # hand-over or game-over
                self._hand_ended(h)
            if phase == 5:
                self._finish_game(h)
            else:
                self.agent_selection = self.possible_agents[seat]

    def _hand_ended(self, h: int) -> None:
        items = (c_int * 7)()
        scores = []
        for col in range(self._sides):
            _check(self._r.hand_score(ctypes.addressof(items), 7, h, col),
                   "canasta_game_hand_score")
            scores.append(items[6])         # CANASTA_SCORE_TOTAL
        self._hands.append(scores)
        for seat, agent in enumerate(self.possible_agents):
            self.infos[agent] = {"hand_scores": list(scores)}
        self._rewarded = True
        if self.reward_mode == "hand":
            total = sum(scores)
            others = self._sides - 1
            for seat, agent in enumerate(self.possible_agents):
                own = scores[self._columns[seat]]
                self._give(seat, agent, own - (total - own) / others)

    def _finish_game(self, h: int) -> None:
        self._over = True
        for k in self.terminations:
            self.terminations[k] = True
        if self.reward_mode == "win":
            q = self._q
            _check(self._r.winner(q.a[0], h), "canasta_game_winner")
            w = q.v[0]
            for seat, agent in enumerate(self.possible_agents):
                if w >= 0:
                    self._give(seat, agent,
                               1.0 if self._columns[seat] == w else -1.0)
            self._rewarded = True
        self.agent_selection = self.agents[0]

    def _give(self, seat: int, agent: str, r: float) -> None:
        self.rewards[agent] = r
        self._cumulative_rewards[agent] += r
        self._returns[seat] += r

    def _dead_step(self, agent: str) -> None:
        self.agents.remove(agent)
        for d in (self.rewards, self._cumulative_rewards, self.terminations,
                  self.truncations, self.infos):
            d.pop(agent, None)
        if self.agents:
            self.agent_selection = self.agents[0]

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """Yield agent_selection until every agent is done and stepped."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def last(self, observe: bool = True) -> Tuple[Any, float, bool, bool,
                                                  Dict[str, Any]]:
        """(observation, reward since its last step, termination,
        truncation, info) of agent_selection."""
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    # -- OpenSpiel-style names ----------------------------------------------
    def current_player(self) -> int:
        """The deciding seat; -4 (OpenSpiel's terminal id) once over."""
        seat = self._deciding()
        return -4 if seat is None else seat

    def is_terminal(self) -> bool:
        """True once the game is over or truncated (OpenSpiel)."""
        return self._over

    def returns(self) -> List[float]:
        """Each seat's rewards summed since reset."""
        return list(self._returns)

    def num_players(self) -> int:
        """The number of seats (OpenSpiel)."""
        return self._players

    @staticmethod
    def num_distinct_actions() -> int:
        """NUM_ACTIONS (OpenSpiel)."""
        return NUM_ACTIONS

    @staticmethod
    def observation_tensor_shape() -> List[int]:
        """[OBS_SIZE] (OpenSpiel)."""
        return [OBS_SIZE]

    def observation_tensor(self, player: Union[str, int]) -> Any:
        """observation_vector(player) (OpenSpiel's name)."""
        return self.observation_vector(player)

    # -- observations -------------------------------------------------------
    def observe(self, agent: Union[str, int]) -> Dict[str, Any]:
        """What the seat may know (RULES.md A1): {"observation": the
        vector (OBS_SIZE ints, layout in docs/ENV.md), "action_mask": the
        mask (zeros unless it is the seat's decision), "view": the seat's
        view dict (Game.view(seat); only when include_view), "partial_move":
        the move being built when the seat builds it, else None}."""
        seat = self._seat(agent)
        out: Dict[str, Any] = {
            "observation": self.observation_vector(seat),
            "action_mask": self.action_mask(seat)}
        if self.include_view:
            out["view"] = self.game.view(seat)
        out["partial_move"] = (self.partial_move
                               if self._deciding() == seat else None)
        return out

    def observation_vector(self, agent: Union[str, int]) -> Any:
        """The seat's observation vector alone (int32: a numpy array or
        array.array('i'))."""
        v = self._vector(self._seat(agent))
        if self._np is not None:
            return self._np.array(v, dtype=self._np.int32)
        return v

    def _vector(self, me: int) -> Any:
        """The seat's vector as an array.array('i'), in one batch."""
        with self._game_batch() as h:
            known = self._known
            v = self._observer.vector(
                h, me, self._history,
                known[1:] if known[0] == len(self._history) else None)
        # The move being built: only in the builder's own observation.
        if self._pending and self._deciding() == me:
            pm = self.partial_move
            assert pm is not None
            v[_PARTIAL_KIND + (1 if pm["kind"] == "take" else 0)] = 1
            v[_PARTIAL_GROUPS] = len(pm["groups"])
            b = _PARTIAL
            for grp in pm["groups"]:
                v[b:b + 4] = array.array("i", grp)
                b += 4
        return v

    # -- display ------------------------------------------------------------
    def render(self) -> Optional[str]:
        """A short text of the table (render_mode "ansi"), else None."""
        if self.render_mode != "ansi":
            return None
        g = self.game
        lines = ["hand %d, %s, seat %d to decide; totals %s"
                 % (g.hand_number, g.phase, g.current_seat, g.totals),
                 "pile %d (top %s), stock %d" % (len(g.pile), g.pile_top,
                                                 g.stock_size)]
        for side in range(self._sides):
            lines.append("side %d melds %s" % (side, g.melds(side)))
        if self._pending:
            lines.append("building: " + ", ".join(
                action_name(a) for a in self._pending))
        return "\n".join(lines)


def env(**kwargs: Any) -> CanastaEnv:
    """CanastaEnv(**kwargs), under the name PettingZoo modules use."""
    return CanastaEnv(**kwargs)


raw_env = CanastaEnv
