"""canasta - Python binding of libcanasta, a Classic Canasta rules engine.

ctypes over the shared library (standard library only), Python 3.8+.
Cards and moves are text, as in docs/NOTATION.md: "7h", "10s", "Jk";
"2 meld 7h 7d 7s, Kc Kd 2s".  Example::

    import canasta
    with canasta.Game(seed=42, target=1500) as g:
        g.apply(g.legal_moves()[0])          # e.g. "1 draw"
        err = g.validate("discard Xx")       # None when legal
        if err:
            print(err.name, err.rule, err.message)
        mine = g.view(g.current_seat)        # what that seat may know

The shared library, in this order (load_library() explains): the path
given to load_library() ("system" for the system's), the CANASTA_LIBRARY
environment variable (a path, or "system"), the library in this package
(pip install builds it there), an in-tree build (the source tree's top
directory), then the system's (ctypes.util.find_library, the soname).

Every string the library allocates is released with canasta_free, and every
handle with its own free function (close(), the with statement or garbage
collection).  Arguments are checked before any library call: a wrong type
raises TypeError, a value out of range RangeError (a ValueError and a
CanastaError).  Objects may be shared between threads: the calls on one
object run one at a time, and close() waits for the call in progress.
"""
from __future__ import annotations

import ctypes
import json
import os
import re
from ctypes import byref, c_int, c_size_t, c_uint8, c_uint64, c_void_p
from typing import (Any, Dict, List, Mapping, Optional, Sequence, Tuple,
                    Union)

from . import _args
from . import _errors as _e
from ._errors import CanastaError, RangeError, error_name, strerror
from ._handles import _Allocator, _Handle, _Owner, _Two
from ._library import (_L, REQUIRED_VERSION, SYSTEM, LibraryError,
                       MissingFunctionError, _GameP, _Library, _Move,
                       _PlayerP, _RecordP, _RulesP, has_function,
                       library_path, load_library, version)
from ._library import _PROTOTYPES  # noqa: F401 - test_canasta.py reads it


def _package_version() -> str:
    """The version of include/canasta.h, the project's only one: written
    into _version.py when the package is built (pip install), read from
    the header when the package is used in its source tree."""
    try:
        from ._version import version as v     # type: ignore[import]
        return str(v)
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    header = os.path.join(here, os.pardir, os.pardir, os.pardir, "include",
                          "canasta.h")
    try:
        with open(header, encoding="utf-8") as f:
            parts = dict(re.findall(
                r"#define CANASTA_VERSION_(MAJOR|MINOR|PATCH) (\d+)",
                f.read()))
        return "%s.%s.%s" % (parts["MAJOR"], parts["MINOR"], parts["PATCH"])
    except (OSError, KeyError):
        return "0+unknown"


#: The package's version, that of the include/canasta.h it was built from
#: ("1.1.0"); version() is the loaded library's.
__version__ = _package_version()

__all__ = [
    "CanastaError", "RangeError", "LibraryError", "MissingFunctionError",
    "Rules", "Game", "Record", "Player", "load_library", "library_path",
    "has_function", "version", "knob_names", "knob_range", "ACTIONS_DENSE",
    "ACTION_MULTI", "card_code", "card_text", "normalize_move", "error_name",
    "strerror", "VIEW_ALL", "SYSTEM", "REQUIRED_VERSION", "PRESETS",
    "PRESET_CLASSIC", "PRESET_TWO_PLAYERS", "PRESET_THREE_PLAYERS",
    "PRESET_SIX_THREE_SIDES", "PRESET_SIX_TWO_SIDES", "OPTIONS",
    "OPT_LONE_HAND", "EVENT_LONE_HAND", "PHASES", "PERMISSIONS",
    "TURN_STARTS", "HAND_ENDS", "SCORE_ITEMS", "EVENT_KINDS", "MELD_KINDS",
    "WENT_OUT",
]

#: CANASTA_VIEW_ALL: the viewer that sees everything (events, records).
VIEW_ALL = -1

_MOVE_TEXT_MAX = 1024   # CANASTA_MOVE_TEXT_MAX
_EVENT_TEXT_MAX = 1024  # CANASTA_EVENT_TEXT_MAX
_WHY_SIZE = 1024
_CARD_BUF = 256          # more than any deck (162 cards at most)

#: The presets (enum canasta_preset): the games of docs/VARIANTS.md.
#: C1: 4 players, partners opposite.
PRESET_CLASSIC = 1
#: X2: each alone, 15 cards, draw 2.
PRESET_TWO_PLAYERS = 2
#: X3: cutthroat, the first to take the pile plays alone.
PRESET_THREE_PLAYERS = 3
#: X6: 3 sides of 2, partners opposite.
PRESET_SIX_THREE_SIDES = 4
#: X6: 2 sides of 3, alternate seats.
PRESET_SIX_TWO_SIDES = 5
#: Preset names (as in the "preset" line of saved games) and their values.
PRESETS = {"classic": PRESET_CLASSIC, "two-players": PRESET_TWO_PLAYERS,
           "three-players": PRESET_THREE_PLAYERS,
           "six-three-sides": PRESET_SIX_THREE_SIDES,
           "six-two-sides": PRESET_SIX_TWO_SIDES}
#: Option key (enum canasta_option) of X3's read-only "lone-hand": 1 in
#: the three-player game.
OPT_LONE_HAND = 105
#: Option names (as in saved games) and their keys.  Python keyword
#: arguments use "_" instead of "-".  Keys from 100 on are read-only.
OPTIONS = {
    "target": 1, "ask-permission": 2, "one-card-rule": 3, "tie-rule": 4,
    "hand-size": 5, "canastas-to-go-out": 6, "draw-count": 7,
    "concealed-additions": 8,
    "players": 100, "sides": 101, "packs": 102, "jokers": 103,
    "deck-size": 104, "lone-hand": OPT_LONE_HAND,
}
#: Search actions (docs/SEARCH.md): every move with at most one group has
#: an action below ACTIONS_DENSE (CANASTA_ACTIONS_DENSE).
ACTIONS_DENSE = 3140
#: The bit set in the action of a move with several groups (a 64-bit hash
#: of its groups' kinds), CANASTA_ACTION_MULTI.
ACTION_MULTI = 1 << 63
#: enum canasta_event_kind value of the X3 event "N alone [partners-side S]".
EVENT_LONE_HAND = 11
#: Game.phase names by value (enum canasta_phase).
PHASES = {1: "draw", 2: "play", 3: "answer", 4: "hand-over", 5: "game-over"}
#: Game.permission names by value (G4, enum canasta_permission).
PERMISSIONS = {0: "none", 1: "asked", 2: "yes", 3: "no"}
#: How a turn began (enum canasta_turn_start, 1.1): Game.turn_state().
TURN_STARTS = {0: "none", 1: "stock", 2: "pile"}
#: How a hand ended (enum canasta_hand_end): Game.hand_end.
HAND_ENDS = {0: "none", 1: "went-out", 2: "concealed", 3: "red-three",
             4: "stock"}
#: The keys of a hand's score breakdown, in the library's order.
SCORE_ITEMS = ("melded", "natural_canastas", "mixed_canastas", "red_threes",
               "going_out", "in_hand", "total")
#: Event kind names by value (enum canasta_event_kind): Game.event_data().
EVENT_KINDS = {1: "deal", 2: "upcard", 3: "red-three", 4: "replace",
               5: "draw", 6: "pick-up", 7: "canasta", 8: "hand-end",
               9: "score", 10: "game-over", EVENT_LONE_HAND: "lone-hand"}
_RANK_NAMES = {3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
               10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
#: The meld kinds (enum canasta_meld_kind) by value, for Rules.meld_class.
MELD_KINDS = {0: "none", 1: "open", 2: "mixed-canasta", 3: "natural-canasta"}
#: How a side's hand ended for Rules.score_side (enum canasta_went_out).
WENT_OUT = {"none": 0, "normal": 1, "concealed": 2}
_PILE_FLAGS = (("frozen_wild", 1), ("frozen_red_three", 2),
               ("frozen_unopened", 4), ("blocked_wild", 8),
               ("blocked_black_three", 16), ("empty", 32))


# ----------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------
def _check(rc: int, why: Any = None) -> None:
    if rc != 0:
        msg = why.value.decode("utf-8", "replace") if why is not None else None
        raise CanastaError(rc, msg)


def _seed(seed: Any) -> int:
    return _args.u64(seed, "seed")


def _take_text(L: _Library, ptr: c_void_p, length: c_size_t) -> str:
    """Copy a string the library handed out, then release it (canasta_free)."""
    try:
        return ctypes.string_at(ptr.value, length.value).decode("utf-8",
                                                                "replace")
    finally:
        L.canasta_free(ptr)


# ----------------------------------------------------------------------
# Cards and moves
# ----------------------------------------------------------------------
def _rank_code(rank: Union[str, int]) -> int:
    """A rank as the library numbers it: 3..14 from 3..14 or a name of
    _RANK_NAMES ("10", "J", "Q", "K", "A"; case-insensitive)."""
    if isinstance(rank, str):
        for code, name in _RANK_NAMES.items():
            if name.lower() == rank.lower():
                return code
        raise RangeError(_e.E_ARG, "unknown rank %r (3 .. 10, J, Q, K, A)"
                         % (rank,))
    return _args.c_int(rank, "rank")


def card_code(text: str) -> int:
    """The code of a card text ("Qd" -> 49); CanastaError E_PARSE if none."""
    c = c_int()
    b = _args.text(text, "a card")
    _check(_L().canasta_card_from_string(byref(c), b, len(b)))
    return c.value


def card_text(code: int) -> str:
    """The canonical text of a card code (49 -> "Qd"); E_CARD if none."""
    code = _args.c_int(code, "card code", _e.E_CARD)
    buf = ctypes.create_string_buffer(8)
    _check(_L().canasta_card_to_string(buf, 8, code))
    return buf.value.decode()


def _card_codes(cards: Sequence[Union[str, int]]) -> List[int]:
    """Card codes (0 .. 255, a byte each) from codes or card texts."""
    if isinstance(cards, (str, bytes)):
        raise TypeError("cards must be a sequence of card texts or codes, "
                        "not one %s" % type(cards).__name__)
    out = []
    for c in cards:
        if isinstance(c, str):
            out.append(card_code(c))
        else:
            out.append(_args.in_range(c, "card code", 0, 255, _e.E_CARD))
    return out


def _cards(buf: Any, n: int) -> List[str]:
    return [card_text(buf[i]) for i in range(n)]


def _move_text(L: _Library, move: _Move) -> str:
    buf = ctypes.create_string_buffer(_MOVE_TEXT_MAX)
    _check(L.canasta_move_to_string(buf, _MOVE_TEXT_MAX, byref(move)))
    return buf.value.decode()


def _parse_move(L: _Library, text: Any, seat: int) -> _Move:
    move = _Move()
    why = ctypes.create_string_buffer(_WHY_SIZE)
    b = _args.text(text, "a move")
    _check(L.canasta_move_from_string(byref(move), why, _WHY_SIZE, b, len(b),
                                      seat), why)
    return move


def normalize_move(text: str, seat: int = -1) -> str:
    """The canonical form of a move text; seat is used when the text names
    none (-1: the text must name it)."""
    L = _L()
    return _move_text(L, _parse_move(L, text,
                                     _args.c_int(seat, "seat", _e.E_SEAT)))


# ----------------------------------------------------------------------
# Rules
# ----------------------------------------------------------------------
def _option_key(name: Union[str, int]) -> int:
    name = _args.name(name, "an option")
    if isinstance(name, int):
        return name
    key = OPTIONS.get(name.replace("_", "-"))
    if key is None:
        raise RangeError(_e.E_OPTION, "unknown option %r (known: %s)"
                         % (name, ", ".join(OPTIONS)))
    return key


def _option_name(key: int) -> str:
    return next((n for n, k in OPTIONS.items() if k == key), str(key))


class Rules(_Owner):
    """A preset and its options: Rules("classic", target=2500).

    preset: a name of PRESETS ("classic", "two-players", "three-players",
    "six-three-sides", "six-two-sides") or its value (PRESET_*).

    allocator (advanced): a pair of Python functions (alloc, release)
    serving every allocation of these rules and of the games made from
    them: alloc(size) returns the address (an int) of a new block of at
    least size bytes, or None to refuse (the library then reports
    E_NOMEM); release(address) takes one back.  An exception in either
    never reaches the library: alloc's refuses that allocation, and the
    exception is raised by the call that needed the memory once the
    library has returned.  The binding keeps them as long as any object
    using them.
    """

    _h = _Handle(None, None, "Rules")

    def __init__(self, preset: Union[str, int] = "classic",
                 allocator: Optional[Tuple[Any, Any]] = None,
                 **options: int) -> None:
        self._lib = L = _L()
        if isinstance(preset, str):
            if preset not in PRESETS:
                raise RangeError(_e.E_PRESET, "unknown preset %r (known: %s)"
                                 % (preset, ", ".join(PRESETS)))
            p = PRESETS[preset]
        else:
            p = _args.c_int(preset, "preset", _e.E_PRESET)
        h = _RulesP()
        if allocator is None:
            a = None
            _check(L.canasta_rules_create(byref(h), p))
        else:
            if not isinstance(allocator, tuple) or len(allocator) != 2:
                raise TypeError("allocator must be a pair (alloc, release)")
            a = _Allocator(*allocator)
            rc = L.canasta_rules_create_with_allocator(
                byref(h), p, a.c_alloc, a.c_release, None)
            a.raise_pending()
            _check(rc)
        self._h = _Handle(h, L.canasta_rules_free, "Rules", a)
        for name, value in options.items():
            self.set(name, value)

    def _range_error(self, key: int, value: int) -> RangeError:
        lo, hi = self.range(key)
        return RangeError(_e.E_RANGE,
                          "option %s = %d is out of range: %d .. %d"
                          % (_option_name(key), value, lo, hi))

    def set(self, name: Union[str, int], value: int) -> None:
        """Set an option by name ("target", "ask_permission", ...) or key:
        RangeError (E_RANGE, naming the option and its range) for a value
        outside range(name), E_READONLY for an option the preset fixes,
        E_OPTION for an unknown one."""
        key = _option_key(name)
        v = _args.index(value, "option %s" % _option_name(key))
        if not _e._INT_MIN <= v <= _e._INT_MAX:
            raise self._range_error(key, v)
        with self._h as h:
            rc = self._lib.canasta_rules_set(h, key, v)
        if rc == _e.E_RANGE:
            raise self._range_error(key, v)
        _check(rc)

    def get(self, name: Union[str, int]) -> int:
        """An option's value, settable or read-only ("players", ...)."""
        key = _option_key(name)
        v = c_int()
        with self._h as h:
            rc = self._lib.canasta_rules_get(byref(v), h, key)
        _check(rc)
        return v.value

    def range(self, name: Union[str, int]) -> Tuple[int, int]:
        """The inclusive range the option accepts (a read-only option's:
        its one value)."""
        key = _option_key(name)
        lo, hi = c_int(), c_int()
        with self._h as h:
            rc = self._lib.canasta_rules_option_range(byref(lo), byref(hi),
                                                      h, key)
        _check(rc)
        return lo.value, hi.value

    @property
    def options(self) -> Dict[str, int]:
        """Every option by name."""
        return {n: self.get(k) for n, k in OPTIONS.items()}

    def _int(self, fn: str, *args: int) -> int:
        v = c_int()
        with self._h as h:
            rc = getattr(self._lib, fn)(byref(v), h, *args)
        _check(rc)
        return v.value

    def opening_minimum(self, total: int) -> int:
        """O1: the opening minimum for a side with this total."""
        return self._int("canasta_rules_opening_minimum",
                         _args.c_int(total, "total"))

    def red_three_bonus(self, count: int) -> int:
        """R3: the unsigned bonus for count red threes of one side."""
        return self._int("canasta_rules_red_three_bonus",
                         _args.c_int(count, "count"))

    def meld_class(self, rank: Union[str, int], naturals: int,
                   twos: int = 0, jokers: int = 0) -> str:
        """A meld's kind from its cards under these rules (M1, M2, M5, M6;
        X3's merged melds): "none", "open", "mixed-canasta" or
        "natural-canasta"; CanastaError E_MELD or E_THREES when no meld
        holds those cards."""
        kind = self._int("canasta_meld_class", _rank_code(rank),
                         _args.c_int(naturals, "naturals"),
                         _args.c_int(twos, "twos"),
                         _args.c_int(jokers, "jokers"))
        return MELD_KINDS[kind]

    def score_side(self, melds: Mapping[Union[str, int],
                                        Tuple[int, int, int]],
                   red_threes: int = 0,
                   hand: Sequence[Union[str, int]] = (),
                   went_out: str = "none") -> Dict[str, int]:
        """One side's hand score from its parts (E3, S1-S3): melds maps a
        rank to (naturals, twos, jokers); hand holds the cards left in all
        the side's hands; went_out is "none", "normal" or "concealed".
        Keys SCORE_ITEMS; CanastaError E_SCORE_INPUT (with the reason) for
        parts no real hand could have."""
        if not isinstance(melds, Mapping):
            raise TypeError("melds must be a mapping rank -> (naturals, "
                            "twos, jokers), not %s" % type(melds).__name__)
        rows = []
        for rank, counts in melds.items():
            if not isinstance(counts, (tuple, list)) or len(counts) != 3:
                raise TypeError("melds[%r] must be (naturals, twos, jokers)"
                                % (rank,))
            rows.append(_rank_code(rank))
            rows.extend(_args.c_int(n, w) for n, w in
                        zip(counts, ("naturals", "twos", "jokers")))
        mbuf = (c_int * max(1, len(rows)))(*rows)
        codes = _card_codes(hand)
        hbuf = (c_uint8 * max(1, len(codes)))(*codes)
        threes = _args.c_int(red_threes, "red_threes")
        if not isinstance(went_out, str) or went_out not in WENT_OUT:
            raise RangeError(_e.E_ARG, "went_out must be one of %s, not %r"
                             % (", ".join(WENT_OUT), went_out))
        items = (c_int * 7)()
        why = ctypes.create_string_buffer(_WHY_SIZE)
        with self._h as h:
            rc = self._lib.canasta_score_side(
                items, 7, why, _WHY_SIZE, h, mbuf, len(rows) // 4, threes,
                hbuf, len(codes), WENT_OUT[went_out])
        _check(rc, why)
        return dict(zip(SCORE_ITEMS, items))

    def clone(self) -> "Rules":
        """An independent copy (same allocator)."""
        h = _RulesP()
        with self._h as src:
            rc = self._lib.canasta_rules_clone(byref(h), src)
        _check(rc)
        r = Rules.__new__(Rules)
        r._lib = self._lib
        r._h = _Handle(h, self._lib.canasta_rules_free, "Rules",
                       self._h.alloc)
        return r

    def __copy__(self) -> "Rules":
        return self.clone()

    def __deepcopy__(self, memo: Any) -> "Rules":
        return self.clone()

    def __reduce__(self) -> Any:
        raise TypeError("a Rules object cannot be pickled: pickle its "
                        "options (Rules.options) instead")


# ----------------------------------------------------------------------
# Games
# ----------------------------------------------------------------------
class Game(_Owner):
    """A game of Canasta.

    Game(seed=42) deals the first hand of a classic game (no seed: a
    random one; the same seed always gives the same deals); options are
    keyword arguments (Game(seed=1, target=1500, ask_permission=0)) or
    come from a Rules object.  Another game: Game(seed=1,
    preset="three-players") or Game(seed=1, rules=Rules("six-two-sides")).
    Game.load(text) and Game.from_position(text) read the text forms.
    Seats count from 0; sides too (a side is a score column: where every
    player scores alone, side n is seat n's).

    view(seat) is what one player may know (send that to the player);
    full_state() is everything, hidden cards included.
    """

    _h = _Handle(None, None, "Game")
    _players = 0
    _sides = 0

    def __init__(self, seed: Optional[int] = None,
                 rules: Optional[Rules] = None, **options: int) -> None:
        self._lib = L = _L()
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        seed = _seed(seed)
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules object, not %s"
                            % type(rules).__name__)
        own = None
        if rules is None:
            rules = own = Rules(**options)
        elif options:
            rules = own = rules.clone()
            for name, value in options.items():
                rules.set(name, value)
        self._lib = L = rules._lib
        try:
            h = _GameP()
            with rules._h as r:
                rc = L.canasta_game_create(byref(h), r, seed)
            _check(rc)
            self._adopt(h, rules._h.alloc)
        finally:
            if own is not None:
                own.close()

    def _adopt(self, h: Any, alloc: Optional[_Allocator]) -> "Game":
        self._h = _Handle(h, self._lib.canasta_game_free, "Game", alloc)
        self._players = self.option("players")
        self._sides = self.option("sides")
        return self

    @classmethod
    def _wrap(cls, L: _Library, h: Any,
              alloc: Optional[_Allocator] = None) -> "Game":
        g = cls.__new__(cls)
        g._lib = L
        return g._adopt(h, alloc)

    @classmethod
    def _read(cls, fn: str, text: Union[str, bytes]) -> "Game":
        L = _L()
        data = _args.text(text, "the text")
        h = _GameP()
        why = ctypes.create_string_buffer(_WHY_SIZE)
        _check(getattr(L, fn)(byref(h), why, _WHY_SIZE, data, len(data)), why)
        return cls._wrap(L, h)

    @classmethod
    def load(cls, text: Union[str, bytes]) -> "Game":
        """A game from canasta-save text (CanastaError with .line if bad)."""
        return cls._read("canasta_game_load", text)

    @classmethod
    def from_position(cls, text: Union[str, bytes]) -> "Game":
        """A game from canasta-position text (no undo past it)."""
        return cls._read("canasta_game_from_position", text)

    def clone(self) -> "Game":
        """An exact copy: state and undo history."""
        h = _GameP()
        with self._h as src:
            rc = self._lib.canasta_game_clone(byref(h), src)
        _check(rc)
        return Game._wrap(self._lib, h, self._h.alloc)

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo: Any) -> "Game":
        return self.clone()

    def __reduce__(self) -> Any:
        raise TypeError("a Game cannot be pickled: pickle its save() text "
                        "and read it with Game.load()")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        eq = c_int()
        with _Two(self._h, other._h) as (a, b):
            rc = self._lib.canasta_game_equal(byref(eq), a, b)
        _check(rc)
        return bool(eq.value)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if not self._h.ptr:
            return "<canasta.Game closed>"
        return "<canasta.Game hand %d, %s, seat %d>" % (
            self.hand_number, self.phase, self.current_seat)

    # -- arguments -------------------------------------------------------
    def _seat(self, seat: Any) -> int:
        if type(seat) is not int:
            seat = _args.index(seat, "seat")
        if 0 <= seat < self._players:
            return seat
        raise RangeError(_e.E_SEAT, "seat %d is not a seat of this game "
                         "(0 .. %d)" % (seat, self._players - 1))

    def _side(self, side: Any) -> int:
        if type(side) is not int:
            side = _args.index(side, "side")
        if 0 <= side < self._sides:
            return side
        raise RangeError(_e.E_SIDE, "side %d is not a side of this game "
                         "(0 .. %d)" % (side, self._sides - 1))

    def _viewer(self, seat: Any) -> int:
        return VIEW_ALL if seat is None else self._seat(seat)

    # -- queries ---------------------------------------------------------
    def _int(self, fn: str, *args: int) -> int:
        v = c_int()
        with self._h as h:
            rc = getattr(self._lib, fn)(byref(v), h, *args)
        _check(rc)
        return v.value

    def _card_list(self, fn: str, *args: int) -> List[str]:
        buf = (c_uint8 * _CARD_BUF)()
        n = c_size_t()
        with self._h as h:
            rc = getattr(self._lib, fn)(buf, _CARD_BUF, byref(n), h, *args)
        _check(rc)
        return _cards(buf, n.value)

    @property
    def players(self) -> int:
        """The number of seats (2, 3, 4 or 6)."""
        return self._players

    @property
    def sides(self) -> int:
        """The number of sides (score columns)."""
        return self._sides

    def option(self, name: Union[str, int]) -> int:
        """An option of the game's rules by name or key."""
        return self._int("canasta_game_option", _option_key(name))

    @property
    def options(self) -> Dict[str, int]:
        """Every option of the game's rules by name."""
        return {n: self.option(k) for n, k in OPTIONS.items()}

    @property
    def phase(self) -> str:
        """"draw", "play", "answer", "hand-over" or "game-over"."""
        return PHASES[self._int("canasta_game_phase")]

    @property
    def over(self) -> bool:
        """True once the game is over (phase "game-over")."""
        return self.phase == "game-over"

    @property
    def current_seat(self) -> int:
        """Whose decision it is."""
        return self._int("canasta_game_current_seat")

    @property
    def dealer(self) -> int:
        """The seat that dealt the current hand."""
        return self._int("canasta_game_dealer")

    @property
    def hand_number(self) -> int:
        """The number of the current hand, from 1."""
        return self._int("canasta_game_hand_number")

    @property
    def lone_hand(self) -> Optional[int]:
        """X3: the seat playing alone in this hand (after a hand: in that
        hand); None while nobody has taken the pile, and in the other
        games (canasta_game_lone_hand gives -1 then)."""
        seat = self._int("canasta_game_lone_hand")
        return None if seat < 0 else seat

    @property
    def totals(self) -> List[int]:
        """Each side's running total."""
        return [self._int("canasta_game_total", s) for s in range(self._sides)]

    @property
    def winner(self) -> Optional[int]:
        """The winning side once the game is over, -1 for a declared tie,
        None while the game goes on."""
        if self.phase != "game-over":
            return None
        return self._int("canasta_game_winner")

    @property
    def pile_top(self) -> Optional[str]:
        """The discard pile's top card, None when it is empty."""
        c = self._int("canasta_game_pile_top")
        return card_text(c) if c else None

    @property
    def pile(self) -> List[str]:
        """The discard pile, bottom card first."""
        return self._card_list("canasta_game_pile")

    @property
    def stock_size(self) -> int:
        """The number of cards in the stock."""
        return self._int("canasta_game_stock_size")

    @property
    def permission(self) -> str:
        """G4 state: "none", "asked", "yes" or "no"."""
        return PERMISSIONS[self._int("canasta_game_permission")]

    def turn_state(self) -> Dict[str, Any]:
        """The turn of the player to move (canasta_game_turn_state, new in
        libcanasta 1.1; MissingFunctionError on a 1.0 library): "seat"
        (whose turn it is), "began" ("none" before the draw, "stock" or
        "pile"), "meld_moves" (MELD moves made this turn), "new_melds"
        (rank names of the melds the side began this turn, ascending),
        "melded_before" (the player melded in an earlier turn of this
        hand: False means going out concealed is still possible, G3) and
        "permission" (as the permission property)."""
        v = [c_int() for _ in range(6)]
        fn = self._lib.canasta_game_turn_state
        with self._h as h:
            rc = fn(*[byref(x) for x in v], h)
        _check(rc)
        seat, began, melds, new, before, perm = (x.value for x in v)
        return {"seat": seat, "began": TURN_STARTS.get(began, str(began)),
                "meld_moves": melds,
                "new_melds": [name for r, name in _RANK_NAMES.items()
                              if new >> r & 1],
                "melded_before": bool(before),
                "permission": PERMISSIONS.get(perm, str(perm))}

    @property
    def hand_end(self) -> Tuple[str, int]:
        """How the last finished hand ended, and who went out (-1)."""
        how, seat = c_int(), c_int()
        with self._h as h:
            rc = self._lib.canasta_game_hand_end(byref(how), byref(seat), h)
        _check(rc)
        return HAND_ENDS.get(how.value, str(how.value)), seat.value

    def seat_side(self, seat: int) -> int:
        """The side the seat scores for."""
        return self._int("canasta_game_seat_side", self._seat(seat))

    def hand(self, seat: int) -> List[str]:
        """The seat's cards, sorted by code."""
        return self._card_list("canasta_game_hand", self._seat(seat))

    def hand_size(self, seat: int) -> int:
        """The number of cards in the seat's hand."""
        return self._int("canasta_game_hand_size", self._seat(seat))

    def melds(self, side: int) -> Dict[str, List[str]]:
        """The side's melds: rank name ("3".."10", "J", "Q", "K", "A") ->
        cards, ranks ascending."""
        side = self._side(side)
        out = {}
        for rank, name in _RANK_NAMES.items():
            cards = self._card_list("canasta_game_meld_cards", side, rank)
            if cards:
                out[name] = cards
        return out

    def canastas(self, side: int) -> Tuple[int, int]:
        """(natural, mixed) canastas of the side."""
        side = self._side(side)
        nat, mix = c_int(), c_int()
        with self._h as h:
            rc = self._lib.canasta_game_canastas(byref(nat), byref(mix), h,
                                                 side)
        _check(rc)
        return nat.value, mix.value

    def red_threes(self, seat: int) -> List[str]:
        """The red threes the seat has laid out this hand."""
        return self._card_list("canasta_game_red_threes", self._seat(seat))

    def opened(self, side: int) -> bool:
        """True once the side has made its first meld of the hand (O1)."""
        return bool(self._int("canasta_game_opened", self._side(side)))

    def opening_minimum(self, side: int) -> int:
        """O1: the points the side's first meld of the hand needs."""
        return self._int("canasta_game_opening_minimum", self._side(side))

    def pile_status(self, side: int) -> Dict[str, Any]:
        """The pile as the side sees it: "flags" (CANASTA_PILE_* bits),
        "frozen", "blocked" and one bool per flag ("frozen_wild", ...)."""
        f = self._int("canasta_game_pile_status", self._side(side))
        out: Dict[str, Any] = {"flags": f, "frozen": bool(f & 7),
                               "blocked": bool(f & 24)}
        for name, bit in _PILE_FLAGS:
            out[name] = bool(f & bit)
        return out

    def hand_score(self, side: int) -> Optional[Dict[str, int]]:
        """The last finished hand's breakdown for side (keys SCORE_ITEMS),
        None before any hand has finished."""
        side = self._side(side)
        items = (c_int * 7)()
        with self._h as h:
            rc = self._lib.canasta_game_hand_score(items, 7, h, side)
        if rc == _e.E_PHASE:   # no hand scored yet
            return None
        _check(rc)
        return dict(zip(SCORE_ITEMS, items))

    def deck(self) -> List[str]:
        """The current hand's deck as dealt, top card first."""
        return self._card_list("canasta_game_deck")

    def set_deck(self, cards: Sequence[Union[str, int]]) -> None:
        """Deal the current hand again from this card order (top first:
        card texts or codes); only before the hand's first move."""
        codes = _card_codes(cards)
        buf = (c_uint8 * max(1, len(codes)))(*codes)
        with self._h as h:
            rc = self._lib.canasta_game_set_deck(h, buf, len(codes))
        _check(rc)

    # -- playing ---------------------------------------------------------
    def legal_moves(self) -> List[str]:
        """Every legal move now, canonical form (docs/API.md), fixed order."""
        L = self._lib
        cap = 256
        while True:
            buf = (_Move * cap)()
            n = c_size_t()
            with self._h as h:
                rc = L.canasta_legal_moves(buf, cap, byref(n), h)
            if rc == _e.E_BUFFER and n.value > cap:
                cap = n.value
                continue
            _check(rc)
            return [_move_text(L, buf[i]) for i in range(n.value)]

    def _move(self, move: Any) -> _Move:
        b = _args.text(move, "a move")          # before any call
        return _parse_move(self._lib, b, self.current_seat)

    def validate(self, move: str) -> Optional[CanastaError]:
        """None if the move is legal now, else the CanastaError saying why
        (a text that is not a move gives E_SYNTAX).  A move text without a
        seat is for the current seat.  TypeError if move is no text."""
        try:
            m = self._move(move)
        except CanastaError as e:
            return e
        why = ctypes.create_string_buffer(_WHY_SIZE)
        with self._h as h:
            rc = self._lib.canasta_validate(why, _WHY_SIZE, h, byref(m))
        if rc == 0:
            return None
        return CanastaError(rc, why.value.decode("utf-8", "replace"))

    def is_legal(self, move: str) -> bool:
        """True when validate(move) finds nothing wrong."""
        return self.validate(move) is None

    def apply(self, move: str) -> str:
        """Play a move; raises CanastaError (game unchanged) if illegal,
        TypeError if move is no text.  Returns the move's canonical text."""
        m = self._move(move)
        why = ctypes.create_string_buffer(_WHY_SIZE)
        with self._h as h:
            rc = self._lib.canasta_apply(why, _WHY_SIZE, h, byref(m))
        _check(rc, why)
        return _move_text(self._lib, m)

    def undo(self) -> None:
        """Take back the last move of the hand (E_NO_UNDO at its start)."""
        with self._h as h:
            rc = self._lib.canasta_undo(h)
        _check(rc)

    def events(self, viewer: Optional[int] = None) -> List[str]:
        """The events of the last move as record lines without "= ", as
        viewer (a seat; None: everything) may see them."""
        v = self._viewer(viewer)
        L = self._lib
        n = c_size_t()
        buf = ctypes.create_string_buffer(_EVENT_TEXT_MAX)
        out = []
        with self._h as h:
            rc = L.canasta_game_event_count(byref(n), h)
            for i in range(n.value if rc == 0 else 0):
                rc = L.canasta_game_event_to_string(buf, _EVENT_TEXT_MAX, h,
                                                    i, v)
                if rc != 0:
                    break
                out.append(buf.value.decode())
        _check(rc)
        return out

    def event_data(self) -> List[Dict[str, Any]]:
        """The events of the last move as dicts (full information): kind,
        seat, side, value, detail (-1 when unused) and cards."""
        L = self._lib
        n = c_size_t()
        rows = []
        with self._h as h:
            rc = L.canasta_game_event_count(byref(n), h)
            for i in range(n.value if rc == 0 else 0):
                f = [c_int() for _ in range(5)]
                cards = (c_uint8 * _CARD_BUF)()
                nc = c_size_t()
                rc = L.canasta_game_event(*[byref(x) for x in f], cards,
                                          _CARD_BUF, byref(nc), h, i)
                if rc != 0:
                    break
                rows.append((f, cards, nc.value))
        _check(rc)
        out = []
        for f, cards, nc in rows:
            d: Dict[str, Any] = dict(zip(("kind", "seat", "side", "value",
                                          "detail"), (x.value for x in f)))
            d["kind"] = EVENT_KINDS.get(d["kind"], d["kind"])
            d["cards"] = _cards(cards, nc)
            out.append(d)
        return out

    # -- search (docs/SEARCH.md) ------------------------------------------
    def action_of_move(self, move: str) -> int:
        """The search action of a move (a move text without a seat is for
        the current seat): below ACTIONS_DENSE for a move of at most one
        group, else a 64-bit hash with ACTION_MULTI set.  Names card kinds
        only, never suits; the move need not be legal."""
        a = c_uint64()
        m = self._move(move)
        _check(self._lib.canasta_action_of_move(byref(a), byref(m)))
        return a.value

    def action_to_move(self, action: int) -> str:
        """The legal move of the current decision whose action it is (the
        first in legal_moves() order); CanastaError E_ARG if none,
        E_GAME_OVER once the game is over."""
        action = _args.u64(action, "action")
        m = _Move()
        with self._h as h:
            rc = self._lib.canasta_action_to_move(byref(m), h, action)
        _check(rc)
        return _move_text(self._lib, m)

    def infoset_hash(self, seat: int) -> int:
        """A 64-bit key of what seat knows (RULES.md A1): equal for two
        games that differ only in cards hidden from seat."""
        seat = self._seat(seat)
        v = c_uint64()
        with self._h as h:
            rc = self._lib.canasta_game_infoset_hash(byref(v), h, seat)
        _check(rc)
        return v.value

    def determinize(self, seat: int, seed: int) -> "Game":
        """A new game: this one with every card seat cannot see dealt
        again at random from seed, consistently with what seat has seen
        (the same seed gives the same world).  The world has no history
        (no undo past its start).  This game is unchanged."""
        seat = self._seat(seat)
        seed = _seed(seed)
        world = self.clone()
        try:
            with _Two(world._h, self._h) as (w, h):
                rc = self._lib.canasta_game_determinize(w, h, seat, seed)
            _check(rc)
        except BaseException:
            world.close()
            raise
        return world

    # -- text ------------------------------------------------------------
    def _text(self, fn: str, *args: int) -> str:
        L = self._lib
        ptr, n = c_void_p(), c_size_t()
        text = ""
        with self._h as h:
            rc = getattr(L, fn)(byref(ptr), byref(n), h, *args)
            if rc == 0:     # released inside: canasta_free may call release
                text = _take_text(L, ptr, n)
        _check(rc)
        return text

    def save(self) -> str:
        """canasta-save text: Game.load(g.save()) == g, undo included."""
        return self._text("canasta_game_save")

    def position(self) -> str:
        """canasta-position text: the current state, no history."""
        return self._text("canasta_game_position")

    def json(self, seat: int) -> str:
        """canasta_game_json text of what seat may know (RULES.md A1,
        docs/VIEWS.md).  The full state: full_state_json()."""
        return self._text("canasta_game_json", self._seat(seat))

    def view(self, seat: int) -> Dict[str, Any]:
        """What seat may know (RULES.md A1) as a dict (json.loads of
        json(seat)): its own hand, the other hands' sizes, the table, the
        pile, the hand's public history and its legal moves.  This is what
        a player's screen or agent gets; the seat is required."""
        return json.loads(self.json(seat))

    def full_state_json(self) -> str:
        """canasta_game_json text of the full state (CANASTA_VIEW_ALL):
        every hand, the stock and the seed.  Never send it to a player."""
        return self._text("canasta_game_json", VIEW_ALL)

    def full_state(self) -> Dict[str, Any]:
        """The full state as a dict (json.loads of full_state_json()):
        every hand, the stock and the seed, for referees, logs and tests.
        Never send it to a player: view(seat) is what a player may know."""
        return json.loads(self.full_state_json())


# ----------------------------------------------------------------------
# Records
# ----------------------------------------------------------------------
def _game_arg(game: Any) -> "Game":
    if not isinstance(game, Game):
        raise TypeError("a Game is needed, not %s" % type(game).__name__)
    return game


class Record(_Owner):
    """A game record (canasta-record text): Record(game) starts recording
    from the start of the game's current hand; call update(game) after
    every move; text() writes it; Record.parse(text).replay() checks it."""

    _h = _Handle(None, None, "Record")

    def __init__(self, game: Game) -> None:
        game = _game_arg(game)
        self._lib = L = game._lib
        h = _RecordP()
        with game._h as g:
            rc = L.canasta_record_create(byref(h), g)
        _check(rc)
        # It allocates with the game's allocator.
        self._h = _Handle(h, L.canasta_record_free, "Record", game._h.alloc)

    @classmethod
    def parse(cls, text: Union[str, bytes]) -> "Record":
        """Read canasta-record text (E_SYNTAX / E_VERSION with .line)."""
        L = _L()
        data = _args.text(text, "the text")
        h = _RecordP()
        why = ctypes.create_string_buffer(_WHY_SIZE)
        _check(L.canasta_record_parse(byref(h), why, _WHY_SIZE, data,
                                      len(data)), why)
        r = cls.__new__(cls)
        r._lib = L
        r._h = _Handle(h, L.canasta_record_free, "Record")
        return r

    def __copy__(self) -> "Record":
        return Record.parse(self.text())

    def __deepcopy__(self, memo: Any) -> "Record":
        return self.__copy__()

    def __reduce__(self) -> Any:
        raise TypeError("a Record cannot be pickled: pickle its text() and "
                        "read it with Record.parse()")

    def update(self, game: Game) -> None:
        """Bring the record up to date with game (after every apply or
        undo)."""
        game = _game_arg(game)
        with _Two(self._h, game._h) as (r, g):
            rc = self._lib.canasta_record_update(r, g)
        _check(rc)

    def text(self, viewer: Optional[int] = None) -> str:
        """The record; a seat's version hides what that seat cannot see
        (None: the whole record)."""
        v = VIEW_ALL if viewer is None else _args.c_int(viewer, "viewer",
                                                        _e.E_SEAT)
        L = self._lib
        ptr, n = c_void_p(), c_size_t()
        text = ""
        with self._h as h:
            rc = L.canasta_record_text(byref(ptr), byref(n), h, v)
            if rc == 0:
                text = _take_text(L, ptr, n)
        _check(rc)
        return text

    def replay(self) -> Tuple[Game, List[List[Dict[str, int]]]]:
        """Replay every move and check every written event.  Returns the
        game at the record's end and, per finished hand, per side, the
        breakdown (SCORE_ITEMS) plus "game_total" (the total after it).
        Raises CanastaError with .line at the first wrong move or event."""
        L = self._lib
        h = _GameP()
        line = c_int(0)
        why = ctypes.create_string_buffer(_WHY_SIZE)
        with self._h as r:
            rc = L.canasta_record_replay(byref(h), byref(line), why,
                                         _WHY_SIZE, r)
        if rc != 0:
            raise CanastaError(rc, why.value.decode("utf-8", "replace"),
                               line.value if line.value > 0 else None)
        game = Game._wrap(L, h, self._h.alloc)
        count = c_size_t()
        scores = []
        with self._h as r:
            rc = L.canasta_record_hand_count(byref(count), r)
            for hand in range(count.value if rc == 0 else 0):
                per_side = []
                for side in range(game.sides):
                    items = (c_int * 7)()
                    total = c_int()
                    rc = L.canasta_record_hand_score(items, 7, byref(total),
                                                     r, hand, side)
                    if rc != 0:
                        break
                    d = dict(zip(SCORE_ITEMS, items))
                    d["game_total"] = total.value
                    per_side.append(d)
                if rc != 0:
                    break
                scores.append(per_side)
        _check(rc)
        return game, scores


# ----------------------------------------------------------------------
# Computer players and hints (docs/PLAYER.md)
# ----------------------------------------------------------------------
def _knob_key(name: Union[str, int]) -> int:
    name = _args.name(name, "a knob")
    if isinstance(name, int):
        return name
    k = c_int()
    rc = _L().canasta_knob_from_name(byref(k), name.replace("_", "-")
                                     .encode("utf-8"))
    if rc != 0:
        raise RangeError(rc, "unknown knob %r (known: %s)"
                         % (name, ", ".join(knob_names())))
    return k.value


def knob_names() -> List[str]:
    """The computer player's knobs by name, in key order ("take-pile",
    "pile-size", "wild-cards", "go-out", "keep-pairs", "discard", "ask")."""
    L = _L()
    out = []
    key = 1
    while True:
        name = L.canasta_knob_name(key)
        if name is None:
            return out
        out.append(name.decode())
        key += 1


def knob_range(name: Union[str, int]) -> Tuple[int, int, int]:
    """(min, max, default) of a knob, by name or key; E_KNOB if unknown."""
    lo, hi, default = c_int(), c_int(), c_int()
    _check(_L().canasta_knob_range(byref(lo), byref(hi), byref(default),
                                   _knob_key(name)))
    return lo.value, hi.value, default.value


def _knob_range_error(key: int, value: int) -> RangeError:
    lo, hi, default = knob_range(key)
    name = _L().canasta_knob_name(key)
    return RangeError(_e.E_RANGE, "knob %s = %d is out of range: %d .. %d "
                      "(default %d)" % (name.decode() if name else key,
                                        value, lo, hi, default))


class Player(_Owner):
    """The reference computer player: Player({"take-pile": 2, "discard": 1})
    (knob names as knob_names(), "_" accepted for "-"; every other knob at
    its default).  choose(game) gives the move for the seat whose decision
    it is, from what that seat may know (RULES.md A1); hint(game) gives
    that move and a sentence saying why (A2).
    """

    _h = _Handle(None, None, "Player")

    def __init__(self, knobs: Optional[Mapping[str, int]] = None) -> None:
        if knobs is not None and not isinstance(knobs, Mapping):
            raise TypeError("knobs must be a mapping name -> value, not %s"
                            % type(knobs).__name__)
        self._lib = L = _L()
        h = _PlayerP()
        _check(L.canasta_player_create(byref(h)))
        self._h = _Handle(h, L.canasta_player_free, "Player")
        for name, value in (knobs or {}).items():
            self.set(name, value)

    def set(self, name: Union[str, int], value: int) -> None:
        """Set a knob by name or key: E_KNOB for an unknown knob, RangeError
        (E_RANGE, naming the knob and its range) for a value outside
        knob_range(name)."""
        key = _knob_key(name)
        v = _args.index(value, "knob value")
        if not _e._INT_MIN <= v <= _e._INT_MAX:
            raise _knob_range_error(key, v)
        with self._h as h:
            rc = self._lib.canasta_player_set(h, key, v)
        if rc == _e.E_RANGE:
            raise _knob_range_error(key, v)
        _check(rc)

    def get(self, name: Union[str, int]) -> int:
        """A knob's value, by name or key."""
        key = _knob_key(name)
        v = c_int()
        with self._h as h:
            rc = self._lib.canasta_player_get(byref(v), h, key)
        _check(rc)
        return v.value

    def knobs(self) -> Dict[str, int]:
        """Every knob by name."""
        return {n: self.get(n) for n in knob_names()}

    def clone(self) -> "Player":
        """An independent copy."""
        h = _PlayerP()
        with self._h as src:
            rc = self._lib.canasta_player_clone(byref(h), src)
        _check(rc)
        p = Player.__new__(Player)
        p._lib = self._lib
        p._h = _Handle(h, self._lib.canasta_player_free, "Player")
        return p

    def __copy__(self) -> "Player":
        return self.clone()

    def __deepcopy__(self, memo: Any) -> "Player":
        return self.clone()

    def __reduce__(self) -> Any:
        raise TypeError("a Player cannot be pickled: pickle its knobs() "
                        "and make it again with Player(knobs)")

    def _decide(self, fn: str, game: Game, seed: int) -> str:
        game = _game_arg(game)
        seed = _seed(seed)
        m = _Move()
        with _Two(self._h, game._h) as (p, g):
            rc = getattr(self._lib, fn)(byref(m), p, g, seed)
        _check(rc)
        return _move_text(self._lib, m)

    def choose(self, game: Game, seed: int = 0) -> str:
        """The move (canonical text, as Game.legal_moves gives it) for the
        seat whose decision it is; always legal.  seed breaks ties, so a
        seed gives the same move every time.  E_GAME_OVER once the game is
        over."""
        return self._decide("canasta_player_choose", game, seed)

    def play(self, game: Game, seed: int = 0) -> str:
        """Choose as choose(game, seed) and play the move on game (as
        game.apply would, without checking the player's own move a second
        time); returns the move played.  E_GAME_OVER once the game is
        over."""
        return self._decide("canasta_player_play", game, seed)

    def hint(self, game: Game) -> Tuple[str, str]:
        """(move, reason): the move choose(game, seed=0) makes and a
        sentence for a person saying why."""
        game = _game_arg(game)
        m = _Move()
        why = ctypes.create_string_buffer(_WHY_SIZE)
        with _Two(self._h, game._h) as (p, g):
            rc = self._lib.canasta_player_hint(byref(m), why, _WHY_SIZE, p, g)
        _check(rc)
        return (_move_text(self._lib, m),
                why.value.decode("utf-8", "replace"))

    def __repr__(self) -> str:
        if not self._h.ptr:
            return "<canasta.Player closed>"
        return "<canasta.Player %s>" % " ".join(
            "%s=%d" % kv for kv in self.knobs().items())
