"""canasta - Python binding of libcanasta, a Classic Canasta rules engine.

Pure ctypes (standard library only, no compiler needed), Python 3.8+.
Cards and moves are text, as in docs/NOTATION.md: "7h", "10s", "Jk";
"2 meld 7h 7d 7s, Kc Kd 2s".  Example::

    import canasta
    with canasta.Game(seed=42, target=1500) as g:
        g.apply(g.legal_moves()[0])          # e.g. "1 draw"
        err = g.validate("discard Xx")       # None when legal
        if err:
            print(err.name, err.rule, err.message)

The shared library is found, in this order: the path given to
load_library(), the CANASTA_LIBRARY environment variable,
ctypes.util.find_library("canasta"), then next to this module and in the
source tree's top directory (an in-tree build).

Every string the library allocates is released with canasta_free, and every
handle with its own free function (close(), the with statement or garbage
collection).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import re
import sys
from ctypes import (POINTER, byref, c_char_p, c_int, c_size_t, c_uint,
                    c_uint8, c_uint64, c_void_p)
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

__all__ = [
    "CanastaError", "LibraryError", "MissingFunctionError", "Rules", "Game",
    "Record", "Player", "load_library", "library_path", "has_function",
    "version", "knob_names", "knob_range", "ACTIONS_DENSE", "ACTION_MULTI",
    "card_code", "card_text", "normalize_move", "error_name", "strerror",
    "ALLOC_FN", "RELEASE_FN", "VIEW_ALL", "PRESETS", "PRESET_CLASSIC",
    "PRESET_TWO_PLAYERS", "PRESET_THREE_PLAYERS", "PRESET_SIX_THREE_SIDES",
    "PRESET_SIX_TWO_SIDES", "OPT_LONE_HAND", "EVENT_LONE_HAND",
    "SCORE_ITEMS", "MELD_KINDS", "WENT_OUT", "TURN_STARTS",
]

#: The library version this binding is written for (major, minor): any
#: 1.x library from 1.0 on is accepted (docs/ABI.md: the ABI of 1.0 is
#: frozen, and later 1.x releases only add to it).
REQUIRED_VERSION = (1, 0)

VIEW_ALL = -1  # CANASTA_VIEW_ALL: a viewer that sees everything

_MOVE_TEXT_MAX = 1024   # CANASTA_MOVE_TEXT_MAX
_EVENT_TEXT_MAX = 1024  # CANASTA_EVENT_TEXT_MAX
_WHY_SIZE = 1024
_CARD_BUF = 256          # more than any deck (162 cards at most)

#: The presets (enum canasta_preset): the games of docs/VARIANTS.md.
PRESET_CLASSIC = 1              # C1: 4 players, partners opposite
PRESET_TWO_PLAYERS = 2          # X2: each alone, 15 cards, draw 2
PRESET_THREE_PLAYERS = 3        # X3: cutthroat, the first to take plays alone
PRESET_SIX_THREE_SIDES = 4      # X6: 3 sides of 2, partners opposite
PRESET_SIX_TWO_SIDES = 5        # X6: 2 sides of 3, alternate seats
#: Preset names (as in the "preset" line of saved games) and their values.
PRESETS = {"classic": PRESET_CLASSIC, "two-players": PRESET_TWO_PLAYERS,
           "three-players": PRESET_THREE_PLAYERS,
           "six-three-sides": PRESET_SIX_THREE_SIDES,
           "six-two-sides": PRESET_SIX_TWO_SIDES}
#: Option keys (enum canasta_option) that have no constant above.
OPT_LONE_HAND = 105             # X3 (read-only): 1 in the three-player game
#: Option names (as in saved games) and their keys.  Python keyword
#: arguments use "_" instead of "-".
OPTIONS = {
    "target": 1, "ask-permission": 2, "one-card-rule": 3, "tie-rule": 4,
    "hand-size": 5, "canastas-to-go-out": 6, "draw-count": 7,
    "concealed-additions": 8,
    "players": 100, "sides": 101, "packs": 102, "jokers": 103,
    "deck-size": 104, "lone-hand": OPT_LONE_HAND,
}
#: Search actions (docs/SEARCH.md): every move with at most one group has
#: an action below ACTIONS_DENSE; a move with several groups has an action
#: with the ACTION_MULTI bit set (a 64-bit hash of its groups' kinds).
ACTIONS_DENSE = 3140            # CANASTA_ACTIONS_DENSE
ACTION_MULTI = 1 << 63          # CANASTA_ACTION_MULTI
#: enum canasta_event_kind value of the X3 event "N alone [partners-side S]".
EVENT_LONE_HAND = 11
PHASES = {1: "draw", 2: "play", 3: "answer", 4: "hand-over", 5: "game-over"}
PERMISSIONS = {0: "none", 1: "asked", 2: "yes", 3: "no"}
#: How a turn began (enum canasta_turn_start, 1.1): Game.turn_state().
TURN_STARTS = {0: "none", 1: "stock", 2: "pile"}
HAND_ENDS = {0: "none", 1: "went-out", 2: "concealed", 3: "red-three",
             4: "stock"}
SCORE_ITEMS = ("melded", "natural_canastas", "mixed_canastas", "red_threes",
               "going_out", "in_hand", "total")
EVENT_KINDS = {1: "deal", 2: "upcard", 3: "red-three", 4: "replace",
               5: "draw", 6: "pick-up", 7: "canasta", 8: "hand-end",
               9: "score", 10: "game-over", EVENT_LONE_HAND: "lone-hand"}
_RANK_NAMES = {3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
               10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
#: The meld kinds (enum canasta_meld_kind) by name, for Rules.meld_class.
MELD_KINDS = {0: "none", 1: "open", 2: "mixed-canasta", 3: "natural-canasta"}
#: How a side's hand ended for Rules.score_side (enum canasta_went_out).
WENT_OUT = {"none": 0, "normal": 1, "concealed": 2}
_PILE_FLAGS = (("frozen_wild", 1), ("frozen_red_three", 2),
               ("frozen_unopened", 4), ("blocked_wild", 8),
               ("blocked_black_three", 16), ("empty", 32))


# ----------------------------------------------------------------------
# C types
# ----------------------------------------------------------------------
class _Group(ctypes.Structure):
    _fields_ = [("rank", c_uint8), ("count", c_uint8),
                ("cards", c_uint8 * 16)]       # CANASTA_GROUP_MAX_CARDS


class _Move(ctypes.Structure):
    _fields_ = [("kind", c_uint8), ("seat", c_uint8), ("card", c_uint8),
                ("ngroups", c_uint8),
                ("groups", _Group * 12)]        # CANASTA_MOVE_MAX_GROUPS


class _RulesS(ctypes.Structure):
    pass


class _GameS(ctypes.Structure):
    pass


class _RecordS(ctypes.Structure):
    pass


class _PlayerS(ctypes.Structure):
    pass


_RulesP = POINTER(_RulesS)
_GameP = POINTER(_GameS)
_RecordP = POINTER(_RecordS)
_PlayerP = POINTER(_PlayerS)
_U64P = POINTER(c_uint64)
_IntP = POINTER(c_int)
_SizeP = POINTER(c_size_t)
_U8P = POINTER(c_uint8)
_TextP = POINTER(c_void_p)      # char **: kept as an address for canasta_free

#: canasta_alloc_fn and canasta_release_fn, for Rules(allocator=...).
ALLOC_FN = ctypes.CFUNCTYPE(c_void_p, c_void_p, c_size_t)
RELEASE_FN = ctypes.CFUNCTYPE(None, c_void_p, c_void_p)

_I = c_int
_PROTOTYPES = {
    "canasta_version": (c_uint, []),
    "canasta_version_string": (c_char_p, []),
    "canasta_strerror": (c_char_p, [_I]),
    "canasta_error_name": (c_char_p, [_I]),
    "canasta_card_from_string": (_I, [_IntP, c_char_p, c_size_t]),
    "canasta_card_to_string": (_I, [c_char_p, c_size_t, _I]),
    "canasta_rules_create": (_I, [POINTER(_RulesP), _I]),
    "canasta_rules_create_with_allocator": (
        _I, [POINTER(_RulesP), _I, ALLOC_FN, RELEASE_FN, c_void_p]),
    "canasta_rules_free": (None, [_RulesP]),
    "canasta_rules_clone": (_I, [POINTER(_RulesP), _RulesP]),
    "canasta_rules_set": (_I, [_RulesP, _I, _I]),
    "canasta_rules_get": (_I, [_IntP, _RulesP, _I]),
    "canasta_rules_option_range": (_I, [_IntP, _IntP, _RulesP, _I]),
    "canasta_rules_opening_minimum": (_I, [_IntP, _RulesP, _I]),
    "canasta_rules_red_three_bonus": (_I, [_IntP, _RulesP, _I]),
    "canasta_meld_class": (_I, [_IntP, _RulesP, _I, _I, _I, _I]),
    "canasta_score_side": (_I, [_IntP, c_size_t, c_char_p, c_size_t,
                                _RulesP, _IntP, c_size_t, _I, _U8P,
                                c_size_t, _I]),
    "canasta_move_size": (c_size_t, []),
    "canasta_game_create": (_I, [POINTER(_GameP), _RulesP, c_uint64]),
    "canasta_game_free": (None, [_GameP]),
    "canasta_game_clone": (_I, [POINTER(_GameP), _GameP]),
    "canasta_game_equal": (_I, [_IntP, _GameP, _GameP]),
    "canasta_game_set_deck": (_I, [_GameP, _U8P, c_size_t]),
    "canasta_game_deck": (_I, [_U8P, c_size_t, _SizeP, _GameP]),
    "canasta_game_option": (_I, [_IntP, _GameP, _I]),
    "canasta_game_phase": (_I, [_IntP, _GameP]),
    "canasta_game_current_seat": (_I, [_IntP, _GameP]),
    "canasta_game_seat_side": (_I, [_IntP, _GameP, _I]),
    "canasta_game_dealer": (_I, [_IntP, _GameP]),
    "canasta_game_lone_hand": (_I, [_IntP, _GameP]),
    "canasta_game_hand_number": (_I, [_IntP, _GameP]),
    "canasta_game_hand": (_I, [_U8P, c_size_t, _SizeP, _GameP, _I]),
    "canasta_game_hand_size": (_I, [_IntP, _GameP, _I]),
    "canasta_game_meld_cards": (_I, [_U8P, c_size_t, _SizeP, _GameP, _I,
                                     _I]),
    "canasta_game_canastas": (_I, [_IntP, _IntP, _GameP, _I]),
    "canasta_game_red_threes": (_I, [_U8P, c_size_t, _SizeP, _GameP, _I]),
    "canasta_game_pile": (_I, [_U8P, c_size_t, _SizeP, _GameP]),
    "canasta_game_pile_top": (_I, [_IntP, _GameP]),
    "canasta_game_pile_status": (_I, [_IntP, _GameP, _I]),
    "canasta_game_stock_size": (_I, [_IntP, _GameP]),
    "canasta_game_opened": (_I, [_IntP, _GameP, _I]),
    "canasta_game_opening_minimum": (_I, [_IntP, _GameP, _I]),
    "canasta_game_permission": (_I, [_IntP, _GameP]),
    "canasta_game_total": (_I, [_IntP, _GameP, _I]),
    "canasta_game_hand_score": (_I, [_IntP, c_size_t, _GameP, _I]),
    "canasta_game_hand_end": (_I, [_IntP, _IntP, _GameP]),
    "canasta_game_winner": (_I, [_IntP, _GameP]),
    "canasta_validate": (_I, [c_char_p, c_size_t, _GameP, POINTER(_Move)]),
    "canasta_apply": (_I, [c_char_p, c_size_t, _GameP, POINTER(_Move)]),
    "canasta_undo": (_I, [_GameP]),
    "canasta_legal_moves": (_I, [POINTER(_Move), c_size_t, _SizeP, _GameP]),
    "canasta_game_event_count": (_I, [_SizeP, _GameP]),
    "canasta_game_event": (_I, [_IntP, _IntP, _IntP, _IntP, _IntP, _U8P,
                                c_size_t, _SizeP, _GameP, c_size_t]),
    "canasta_game_event_to_string": (_I, [c_char_p, c_size_t, _GameP,
                                          c_size_t, _I]),
    "canasta_free": (None, [c_void_p]),
    "canasta_move_to_string": (_I, [c_char_p, c_size_t, POINTER(_Move)]),
    "canasta_move_from_string": (_I, [POINTER(_Move), c_char_p, c_size_t,
                                      c_char_p, c_size_t, _I]),
    # Text of unbounded length.
    "canasta_game_save": (_I, [_TextP, _SizeP, _GameP]),
    "canasta_game_load": (_I, [POINTER(_GameP), c_char_p, c_size_t,
                               c_char_p, c_size_t]),
    "canasta_game_position": (_I, [_TextP, _SizeP, _GameP]),
    "canasta_game_from_position": (_I, [POINTER(_GameP), c_char_p, c_size_t,
                                        c_char_p, c_size_t]),
    "canasta_game_json": (_I, [_TextP, _SizeP, _GameP, _I]),
    "canasta_record_create": (_I, [POINTER(_RecordP), _GameP]),
    "canasta_record_free": (None, [_RecordP]),
    "canasta_record_update": (_I, [_RecordP, _GameP]),
    "canasta_record_text": (_I, [_TextP, _SizeP, _RecordP, _I]),
    "canasta_record_parse": (_I, [POINTER(_RecordP), c_char_p, c_size_t,
                                  c_char_p, c_size_t]),
    "canasta_record_replay": (_I, [POINTER(_GameP), _IntP, c_char_p,
                                   c_size_t, _RecordP]),
    "canasta_record_hand_count": (_I, [_SizeP, _RecordP]),
    "canasta_record_hand_score": (_I, [_IntP, c_size_t, _IntP, _RecordP,
                                       c_size_t, _I]),
    # Computer players and hints.
    "canasta_player_create": (_I, [POINTER(_PlayerP)]),
    "canasta_player_free": (None, [_PlayerP]),
    "canasta_player_clone": (_I, [POINTER(_PlayerP), _PlayerP]),
    "canasta_player_set": (_I, [_PlayerP, _I, _I]),
    "canasta_player_get": (_I, [_IntP, _PlayerP, _I]),
    "canasta_knob_range": (_I, [_IntP, _IntP, _IntP, _I]),
    "canasta_knob_name": (c_char_p, [_I]),
    "canasta_knob_from_name": (_I, [_IntP, c_char_p]),
    "canasta_player_choose": (_I, [POINTER(_Move), _PlayerP, _GameP,
                                   c_uint64]),
    "canasta_player_hint": (_I, [POINTER(_Move), c_char_p, c_size_t,
                                 _PlayerP, _GameP]),
    "canasta_player_play": (_I, [POINTER(_Move), _PlayerP, _GameP,
                                 c_uint64]),
    # Search support.
    "canasta_action_of_move": (_I, [_U64P, POINTER(_Move)]),
    "canasta_action_to_move": (_I, [POINTER(_Move), _GameP, c_uint64]),
    "canasta_game_infoset_hash": (_I, [_U64P, _GameP, _I]),
    "canasta_game_determinize": (_I, [_GameP, _GameP, _I, c_uint64]),
    # New in 1.1.
    "canasta_game_turn_state": (_I, [_IntP, _IntP, _IntP, _IntP, _IntP,
                                     _IntP, _GameP]),
}
#: Functions a 1.0 library may lack: those added in a later 1.x release,
#: so that the binding still loads an older 1.x library; calling one then
#: raises MissingFunctionError, and has_function() tells beforehand.
_OPTIONAL: frozenset = frozenset({"canasta_game_turn_state"})


# ----------------------------------------------------------------------
# Errors
# ----------------------------------------------------------------------
class LibraryError(OSError):
    """The shared library was not found, or is not one this binding fits."""


class MissingFunctionError(NotImplementedError):
    """The loaded library lacks a function (an older or partial build)."""

    def __init__(self, function: str, path: str) -> None:
        self.function = function
        super().__init__("%s is not in %s (library too old?)"
                         % (function, path))


_LINE_RE = re.compile(r"line (\d+): ")
_RULE_RE = re.compile(r"([A-Z][0-9]{1,2}):")


class CanastaError(Exception):
    """An error code of the library.

    code: the CANASTA_E_* value (negative int); name: e.g. "E_PILE_FROZEN";
    rule: the rule ID the explanation starts with ("P4") or None;
    message: the explanation, or canasta_strerror(code) when there is none;
    line: the line of a text (saves, records) the error is about, or None.
    """

    def __init__(self, code: int, message: Optional[str] = None,
                 line: Optional[int] = None) -> None:
        self.code = int(code)
        self.name = error_name(self.code)
        self.message = message if message else strerror(self.code)
        rest = self.message
        m = _LINE_RE.match(rest)
        if m:
            rest = rest[m.end():]
            if line is None:
                line = int(m.group(1))
        self.line = line
        r = _RULE_RE.match(rest)
        self.rule = r.group(1) if r else None
        super().__init__("%s: %s" % (self.name, self.message))


# ----------------------------------------------------------------------
# Loading the library
# ----------------------------------------------------------------------
class _Library:
    """The loaded shared library with every prototype declared."""

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            self.dll = ctypes.CDLL(path)
        except OSError as e:
            raise LibraryError("cannot load %s: %s" % (path, e)) from None
        missing = []
        for name, (restype, argtypes) in _PROTOTYPES.items():
            try:
                f = getattr(self.dll, name)
            except AttributeError:
                if name not in _OPTIONAL:
                    missing.append(name)
                continue
            f.restype = restype
            f.argtypes = argtypes
            self.__dict__[name] = f
        if missing:
            raise LibraryError("%s is not a libcanasta %d.%d: it lacks %s"
                               % (path, REQUIRED_VERSION[0],
                                  REQUIRED_VERSION[1], ", ".join(missing)))
        v = self.canasta_version()
        major, minor = v // 10000, v // 100 % 100
        if major != REQUIRED_VERSION[0] or minor < REQUIRED_VERSION[1]:
            raise LibraryError(
                "%s is libcanasta %s; this binding needs %d.x from %d.%d"
                % (path, self.canasta_version_string().decode(),
                   REQUIRED_VERSION[0], REQUIRED_VERSION[0],
                   REQUIRED_VERSION[1]))
        size = self.canasta_move_size()
        if size != ctypes.sizeof(_Move):
            raise LibraryError(
                "%s: canasta_move is %d bytes, the binding's is %d"
                % (path, size, ctypes.sizeof(_Move)))

    def __getattr__(self, name: str) -> Any:
        if name in _PROTOTYPES:
            raise MissingFunctionError(name, self.path)
        raise AttributeError(name)

    def has(self, name: str) -> bool:
        return name in self.__dict__


_lib: Optional[_Library] = None


def _near_module() -> List[str]:
    here = os.path.dirname(os.path.abspath(__file__))
    names = {"darwin": ["libcanasta.dylib"],
             "win32": ["canasta.dll", "libcanasta.dll"]}.get(
                 sys.platform, ["libcanasta.so", "libcanasta.so.1"])
    return [os.path.normpath(os.path.join(d, n))
            for d in (here, os.path.join(here, os.pardir, os.pardir, os.pardir))
            for n in names]


def load_library(path: Optional[str] = None) -> str:
    """Load the shared library and use it for every object made afterwards:
    path if given, else $CANASTA_LIBRARY, else find_library("canasta"),
    else libcanasta next to this module or three directories up (the
    source tree of an in-tree build).  Returns the path loaded."""
    global _lib
    if path is None:
        path = os.environ.get("CANASTA_LIBRARY") or None
    if path is None:
        path = ctypes.util.find_library("canasta")
    if path is None:
        tried = _near_module()
        path = next((p for p in tried if os.path.exists(p)), None)
        if path is None:
            raise LibraryError(
                "libcanasta not found: set CANASTA_LIBRARY to the path of "
                "libcanasta.so, or install it; also tried " + ", ".join(tried))
    _lib = _Library(path)
    return path


def _L() -> _Library:
    if _lib is None:
        load_library()
    assert _lib is not None
    return _lib


def library_path() -> str:
    """The path of the library in use (loading it if needed)."""
    return _L().path


def has_function(name: str) -> bool:
    """True when the loaded library exports name (e.g. "canasta_game_save")."""
    return _L().has(name)


def version() -> str:
    """The loaded library's version, e.g. "1.0.0"."""
    return _L().canasta_version_string().decode()


def error_name(code: int) -> str:
    """canasta_error_name: "E_SYNTAX" for -40; "UNKNOWN" for a non-code."""
    return _L().canasta_error_name(int(code)).decode()


def strerror(code: int) -> str:
    """canasta_strerror: the one-line message of a code."""
    return _L().canasta_strerror(int(code)).decode()


def _check(rc: int, why: Any = None) -> None:
    if rc != 0:
        msg = why.value.decode("utf-8", "replace") if why is not None else None
        raise CanastaError(rc, msg)


def _seed(seed: int) -> int:
    if not 0 <= seed < 1 << 64:
        raise ValueError("seed must be in 0 .. 2**64-1")
    return seed


def _encode(text: Union[str, bytes]) -> bytes:
    return text.encode("utf-8") if isinstance(text, str) else bytes(text)


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
    if isinstance(rank, int):
        return rank
    for code, name in _RANK_NAMES.items():
        if name.lower() == str(rank).lower():
            return code
    raise ValueError("unknown rank %r" % (rank,))


def card_code(text: str) -> int:
    """The code of a card text ("Qd" -> 49); CanastaError E_PARSE if none."""
    c = c_int()
    b = _encode(text)
    _check(_L().canasta_card_from_string(byref(c), b, len(b)))
    return c.value


def card_text(code: int) -> str:
    """The canonical text of a card code (49 -> "Qd")."""
    buf = ctypes.create_string_buffer(8)
    _check(_L().canasta_card_to_string(buf, 8, int(code)))
    return buf.value.decode()


def _cards(buf: Any, n: int) -> List[str]:
    return [card_text(buf[i]) for i in range(n)]


def _move_text(L: _Library, move: _Move) -> str:
    buf = ctypes.create_string_buffer(_MOVE_TEXT_MAX)
    _check(L.canasta_move_to_string(buf, _MOVE_TEXT_MAX, byref(move)))
    return buf.value.decode()


def _parse_move(L: _Library, text: str, seat: int) -> _Move:
    move = _Move()
    why = ctypes.create_string_buffer(_WHY_SIZE)
    b = _encode(text)
    _check(L.canasta_move_from_string(byref(move), why, _WHY_SIZE, b, len(b),
                                      seat), why)
    return move


def normalize_move(text: str, seat: int = -1) -> str:
    """The canonical form of a move text; seat is used when the text names
    none (-1: the text must name it)."""
    L = _L()
    return _move_text(L, _parse_move(L, text, seat))


# ----------------------------------------------------------------------
# Rules
# ----------------------------------------------------------------------
def _option_key(name: Union[str, int]) -> int:
    if isinstance(name, int):
        return name
    key = OPTIONS.get(name.replace("_", "-"))
    if key is None:
        raise CanastaError(-7, "unknown option %r (known: %s)"
                           % (name, ", ".join(OPTIONS)))
    return key


class Rules:
    """A preset and its options: Rules("classic", target=2500).

    preset: a name of PRESETS ("classic", "two-players", "three-players",
    "six-three-sides", "six-two-sides") or its value (PRESET_*).

    allocator (advanced): a pair (ALLOC_FN, RELEASE_FN) of ctypes callbacks
    serving every allocation of these rules and of the games made from
    them; the binding keeps them alive as long as any of those objects.
    """

    def __init__(self, preset: Union[str, int] = "classic",
                 allocator: Optional[Tuple[Any, Any]] = None,
                 **options: int) -> None:
        self._lib = L = _L()
        self._h: Optional[Any] = None
        p = PRESETS.get(preset, preset) if isinstance(preset, str) else preset
        if isinstance(p, str):
            raise CanastaError(-10, "unknown preset %r" % (preset,))
        h = _RulesP()
        if allocator is None:
            self._keep: Tuple[Any, ...] = ()
            _check(L.canasta_rules_create(byref(h), p))
        else:
            self._keep = tuple(allocator)
            _check(L.canasta_rules_create_with_allocator(
                byref(h), p, allocator[0], allocator[1], None))
        self._h = h
        for name, value in options.items():
            self.set(name, value)

    def set(self, name: Union[str, int], value: int) -> None:
        """Set an option by name ("target", "ask_permission", ...) or key."""
        _check(self._lib.canasta_rules_set(self._handle(), _option_key(name),
                                           int(value)))

    def get(self, name: Union[str, int]) -> int:
        """An option's value, settable or read-only ("players", ...)."""
        v = c_int()
        _check(self._lib.canasta_rules_get(byref(v), self._handle(),
                                           _option_key(name)))
        return v.value

    def range(self, name: Union[str, int]) -> Tuple[int, int]:
        """The inclusive range the option accepts."""
        lo, hi = c_int(), c_int()
        _check(self._lib.canasta_rules_option_range(
            byref(lo), byref(hi), self._handle(), _option_key(name)))
        return lo.value, hi.value

    @property
    def options(self) -> Dict[str, int]:
        """Every option by name."""
        return {n: self.get(k) for n, k in OPTIONS.items()}

    def opening_minimum(self, total: int) -> int:
        """O1: the opening minimum for a side with this total."""
        v = c_int()
        _check(self._lib.canasta_rules_opening_minimum(byref(v),
                                                       self._handle(), total))
        return v.value

    def red_three_bonus(self, count: int) -> int:
        """R3: the unsigned bonus for count red threes of one side."""
        v = c_int()
        _check(self._lib.canasta_rules_red_three_bonus(byref(v),
                                                       self._handle(), count))
        return v.value

    def meld_class(self, rank: Union[str, int], naturals: int,
                   twos: int = 0, jokers: int = 0) -> str:
        """A meld's kind from its cards under these rules (M1, M2, M5, M6;
        X3's merged melds): "none", "open", "mixed-canasta" or
        "natural-canasta"; CanastaError E_MELD or E_THREES when no meld
        holds those cards."""
        v = c_int()
        _check(self._lib.canasta_meld_class(byref(v), self._handle(),
                                            _rank_code(rank), naturals,
                                            twos, jokers))
        return MELD_KINDS[v.value]

    def score_side(self, melds: Dict[Union[str, int], Tuple[int, int, int]],
                   red_threes: int = 0,
                   hand: Sequence[Union[str, int]] = (),
                   went_out: str = "none") -> Dict[str, int]:
        """One side's hand score from its parts (E3, S1-S3): melds maps a
        rank to (naturals, twos, jokers); hand holds the cards left in all
        the side's hands; went_out is "none", "normal" or "concealed".
        Keys SCORE_ITEMS; CanastaError E_SCORE_INPUT (with the reason) for
        parts no real hand could have."""
        rows = [v for rank, (n, t, j) in melds.items()
                for v in (_rank_code(rank), n, t, j)]
        mbuf = (c_int * max(1, len(rows)))(*rows)
        codes = [c if isinstance(c, int) else card_code(c) for c in hand]
        hbuf = (c_uint8 * max(1, len(codes)))(*codes)
        items = (c_int * 7)()
        why = ctypes.create_string_buffer(_WHY_SIZE)
        if went_out not in WENT_OUT:
            raise ValueError("went_out must be one of %s"
                             % ", ".join(WENT_OUT))
        _check(self._lib.canasta_score_side(
            items, 7, why, _WHY_SIZE, self._handle(), mbuf, len(rows) // 4,
            red_threes, hbuf, len(codes), WENT_OUT[went_out]), why)
        return dict(zip(SCORE_ITEMS, items))

    def clone(self) -> "Rules":
        """An independent copy (same allocator)."""
        h = _RulesP()
        _check(self._lib.canasta_rules_clone(byref(h), self._handle()))
        r = Rules.__new__(Rules)
        r._lib, r._h, r._keep = self._lib, h, self._keep
        return r

    def _handle(self) -> Any:
        if not self._h:
            raise ValueError("the Rules object is closed")
        return self._h

    def close(self) -> None:
        """Free the rules object now (canasta_rules_free)."""
        h, self._h = getattr(self, "_h", None), None
        if h:
            self._lib.canasta_rules_free(h)

    def __enter__(self) -> "Rules":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


# ----------------------------------------------------------------------
# Games
# ----------------------------------------------------------------------
class Game:
    """A game of Canasta.

    Game(seed=42) deals the first hand of a classic game (no seed: a
    random one; the same seed always gives the same deals); options are
    keyword arguments (Game(seed=1, target=1500, ask_permission=0)) or
    come from a Rules object.  Another game: Game(seed=1,
    preset="three-players") or Game(seed=1, rules=Rules("six-two-sides")).
    Game.load(text) and Game.from_position(text) read the text forms.
    Seats count from 0; sides too (a side is a score column: where every
    player scores alone, side n is seat n's).
    """

    def __init__(self, seed: Optional[int] = None,
                 rules: Optional[Rules] = None, **options: int) -> None:
        self._h: Optional[Any] = None
        self._lib = L = _L()
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        seed = _seed(seed)
        own = None
        if rules is None:
            rules = own = Rules(**options)
        elif options:
            rules = own = rules.clone()
            for name, value in options.items():
                rules.set(name, value)
        try:
            h = _GameP()
            _check(L.canasta_game_create(byref(h), rules._handle(), seed))
            self._adopt(h, rules._keep)
        finally:
            if own is not None:
                own.close()

    def _adopt(self, h: Any, keep: Tuple[Any, ...]) -> "Game":
        self._h = h
        self._keep = keep       # allocator callbacks must outlive the game
        self.players = self.option("players")
        self.sides = self.option("sides")
        self._deck_size = self.option("deck-size")
        return self

    @classmethod
    def _wrap(cls, L: _Library, h: Any, keep: Tuple[Any, ...] = ()) -> "Game":
        g = cls.__new__(cls)
        g._lib = L
        return g._adopt(h, keep)

    @classmethod
    def _read(cls, fn: str, text: Union[str, bytes]) -> "Game":
        L = _L()
        data = _encode(text)
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

    # -- lifetime --------------------------------------------------------
    def _handle(self) -> Any:
        if not self._h:
            raise ValueError("the Game is closed")
        return self._h

    def close(self) -> None:
        """Free the game now (canasta_game_free)."""
        h, self._h = getattr(self, "_h", None), None
        if h:
            self._lib.canasta_game_free(h)

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    def clone(self) -> "Game":
        """An exact copy: state and undo history."""
        h = _GameP()
        _check(self._lib.canasta_game_clone(byref(h), self._handle()))
        return Game._wrap(self._lib, h, self._keep)

    def __copy__(self) -> "Game":
        return self.clone()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        eq = c_int()
        _check(self._lib.canasta_game_equal(byref(eq), self._handle(),
                                            other._handle()))
        return bool(eq.value)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if not self._h:
            return "<canasta.Game closed>"
        return "<canasta.Game hand %d, %s, seat %d>" % (
            self.hand_number, self.phase, self.current_seat)

    # -- queries ---------------------------------------------------------
    def _int(self, fn: str, *args: int) -> int:
        v = c_int()
        _check(getattr(self._lib, fn)(byref(v), self._handle(), *args))
        return v.value

    def _card_list(self, fn: str, *args: int) -> List[str]:
        buf = (c_uint8 * _CARD_BUF)()
        n = c_size_t()
        _check(getattr(self._lib, fn)(buf, _CARD_BUF, byref(n),
                                      self._handle(), *args))
        return _cards(buf, n.value)

    def option(self, name: Union[str, int]) -> int:
        """An option of the game's rules by name or key."""
        return self._int("canasta_game_option", _option_key(name))

    @property
    def options(self) -> Dict[str, int]:
        return {n: self.option(k) for n, k in OPTIONS.items()}

    @property
    def phase(self) -> str:
        """"draw", "play", "answer", "hand-over" or "game-over"."""
        return PHASES[self._int("canasta_game_phase")]

    @property
    def over(self) -> bool:
        return self.phase == "game-over"

    @property
    def current_seat(self) -> int:
        """Whose decision it is."""
        return self._int("canasta_game_current_seat")

    @property
    def dealer(self) -> int:
        return self._int("canasta_game_dealer")

    @property
    def hand_number(self) -> int:
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
        return [self._int("canasta_game_total", s) for s in range(self.sides)]

    @property
    def winner(self) -> Optional[int]:
        """The winning side once the game is over, -1 for a declared tie,
        None while the game goes on."""
        if self.phase != "game-over":
            return None
        return self._int("canasta_game_winner")

    @property
    def pile_top(self) -> Optional[str]:
        c = self._int("canasta_game_pile_top")
        return card_text(c) if c else None

    @property
    def pile(self) -> List[str]:
        """The discard pile, bottom card first."""
        return self._card_list("canasta_game_pile")

    @property
    def stock_size(self) -> int:
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
        _check(self._lib.canasta_game_turn_state(
            *[byref(x) for x in v], self._handle()))
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
        _check(self._lib.canasta_game_hand_end(byref(how), byref(seat),
                                               self._handle()))
        return HAND_ENDS.get(how.value, str(how.value)), seat.value

    def seat_side(self, seat: int) -> int:
        return self._int("canasta_game_seat_side", seat)

    def hand(self, seat: int) -> List[str]:
        """The seat's cards, sorted by code."""
        return self._card_list("canasta_game_hand", seat)

    def hand_size(self, seat: int) -> int:
        return self._int("canasta_game_hand_size", seat)

    def melds(self, side: int) -> Dict[str, List[str]]:
        """The side's melds: rank name ("3".."10", "J", "Q", "K", "A") ->
        cards, ranks ascending."""
        out = {}
        for rank, name in _RANK_NAMES.items():
            cards = self._card_list("canasta_game_meld_cards", side, rank)
            if cards:
                out[name] = cards
        return out

    def canastas(self, side: int) -> Tuple[int, int]:
        """(natural, mixed) canastas of the side."""
        nat, mix = c_int(), c_int()
        _check(self._lib.canasta_game_canastas(byref(nat), byref(mix),
                                               self._handle(), side))
        return nat.value, mix.value

    def red_threes(self, seat: int) -> List[str]:
        return self._card_list("canasta_game_red_threes", seat)

    def opened(self, side: int) -> bool:
        return bool(self._int("canasta_game_opened", side))

    def opening_minimum(self, side: int) -> int:
        return self._int("canasta_game_opening_minimum", side)

    def pile_status(self, side: int) -> Dict[str, Any]:
        """The pile as the side sees it: "flags" (CANASTA_PILE_* bits),
        "frozen", "blocked" and one bool per flag ("frozen_wild", ...)."""
        f = self._int("canasta_game_pile_status", side)
        out: Dict[str, Any] = {"flags": f, "frozen": bool(f & 7),
                               "blocked": bool(f & 24)}
        for name, bit in _PILE_FLAGS:
            out[name] = bool(f & bit)
        return out

    def hand_score(self, side: int) -> Optional[Dict[str, int]]:
        """The last finished hand's breakdown for side (keys SCORE_ITEMS),
        None before any hand has finished."""
        items = (c_int * 7)()
        rc = self._lib.canasta_game_hand_score(items, 7, self._handle(), side)
        if rc == -22:   # E_PHASE: no hand scored yet
            return None
        _check(rc)
        return dict(zip(SCORE_ITEMS, items))

    def deck(self) -> List[str]:
        """The current hand's deck as dealt, top card first."""
        return self._card_list("canasta_game_deck")

    def set_deck(self, cards: Sequence[Union[str, int]]) -> None:
        """Deal the current hand again from this card order (top first);
        only before the hand's first move."""
        codes = [c if isinstance(c, int) else card_code(c) for c in cards]
        buf = (c_uint8 * max(1, len(codes)))(*codes)
        _check(self._lib.canasta_game_set_deck(self._handle(), buf,
                                               len(codes)))

    # -- playing ---------------------------------------------------------
    def legal_moves(self) -> List[str]:
        """Every legal move now, canonical form (docs/API.md), fixed order."""
        L, h = self._lib, self._handle()
        cap = 256
        while True:
            buf = (_Move * cap)()
            n = c_size_t()
            rc = L.canasta_legal_moves(buf, cap, byref(n), h)
            if rc == -11 and n.value > cap:     # E_BUFFER
                cap = n.value
                continue
            _check(rc)
            return [_move_text(L, buf[i]) for i in range(n.value)]

    def _move(self, move: str) -> _Move:
        return _parse_move(self._lib, move, self.current_seat)

    def validate(self, move: str) -> Optional[CanastaError]:
        """None if the move is legal now, else the CanastaError saying why
        (a text that is not a move gives E_SYNTAX).  A move text without a
        seat is for the current seat."""
        try:
            m = self._move(move)
        except CanastaError as e:
            return e
        why = ctypes.create_string_buffer(_WHY_SIZE)
        rc = self._lib.canasta_validate(why, _WHY_SIZE, self._handle(),
                                        byref(m))
        if rc == 0:
            return None
        return CanastaError(rc, why.value.decode("utf-8", "replace"))

    def is_legal(self, move: str) -> bool:
        return self.validate(move) is None

    def apply(self, move: str) -> str:
        """Play a move; raises CanastaError (game unchanged) if illegal.
        Returns the move's canonical text."""
        m = self._move(move)
        why = ctypes.create_string_buffer(_WHY_SIZE)
        _check(self._lib.canasta_apply(why, _WHY_SIZE, self._handle(),
                                       byref(m)), why)
        return _move_text(self._lib, m)

    def undo(self) -> None:
        """Take back the last move of the hand (E_NO_UNDO at its start)."""
        _check(self._lib.canasta_undo(self._handle()))

    def events(self, viewer: Optional[int] = None) -> List[str]:
        """The events of the last move as record lines without "= ", as
        viewer (a seat; None: everything) may see them."""
        L, h = self._lib, self._handle()
        n = c_size_t()
        _check(L.canasta_game_event_count(byref(n), h))
        v = VIEW_ALL if viewer is None else viewer
        buf = ctypes.create_string_buffer(_EVENT_TEXT_MAX)
        out = []
        for i in range(n.value):
            _check(L.canasta_game_event_to_string(buf, _EVENT_TEXT_MAX, h, i,
                                                  v))
            out.append(buf.value.decode())
        return out

    def event_data(self) -> List[Dict[str, Any]]:
        """The events of the last move as dicts (full information): kind,
        seat, side, value, detail (-1 when unused) and cards."""
        L, h = self._lib, self._handle()
        n = c_size_t()
        _check(L.canasta_game_event_count(byref(n), h))
        out = []
        for i in range(n.value):
            f = [c_int() for _ in range(5)]
            cards = (c_uint8 * _CARD_BUF)()
            nc = c_size_t()
            _check(L.canasta_game_event(*[byref(x) for x in f], cards,
                                        _CARD_BUF, byref(nc), h, i))
            d: Dict[str, Any] = dict(zip(("kind", "seat", "side", "value",
                                          "detail"), (x.value for x in f)))
            d["kind"] = EVENT_KINDS.get(d["kind"], d["kind"])
            d["cards"] = _cards(cards, nc.value)
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
        action = int(action)
        if not 0 <= action < 1 << 64:
            raise ValueError("an action is in 0 .. 2**64-1")
        m = _Move()
        _check(self._lib.canasta_action_to_move(byref(m), self._handle(),
                                                action))
        return _move_text(self._lib, m)

    def infoset_hash(self, seat: int) -> int:
        """A 64-bit key of what seat knows (RULES.md A1): equal for two
        games that differ only in cards hidden from seat."""
        h = c_uint64()
        _check(self._lib.canasta_game_infoset_hash(byref(h), self._handle(),
                                                   seat))
        return h.value

    def determinize(self, seat: int, seed: int) -> "Game":
        """A new game: this one with every card seat cannot see dealt
        again at random from seed, consistently with what seat has seen
        (the same seed gives the same world).  The world has no history
        (no undo past its start).  This game is unchanged."""
        seed = _seed(seed)
        world = self.clone()
        try:
            _check(self._lib.canasta_game_determinize(
                world._handle(), self._handle(), seat, seed))
        except BaseException:
            world.close()
            raise
        return world

    # -- text ------------------------------------------------------------
    def _text(self, fn: str, *args: int) -> str:
        L = self._lib
        ptr, n = c_void_p(), c_size_t()
        _check(getattr(L, fn)(byref(ptr), byref(n), self._handle(), *args))
        return _take_text(L, ptr, n)

    def save(self) -> str:
        """canasta-save text: Game.load(g.save()) == g, undo included."""
        return self._text("canasta_game_save")

    def position(self) -> str:
        """canasta-position text: the current state, no history."""
        return self._text("canasta_game_position")

    def json(self, seat: Optional[int] = None) -> str:
        """canasta_game_json text (seat None: the full state)."""
        return self._text("canasta_game_json",
                          VIEW_ALL if seat is None else seat)

    def view(self, seat: Optional[int] = None) -> Dict[str, Any]:
        """The game as a dict (json.loads of canasta_game_json): what seat
        may know (A1), or everything when seat is None."""
        return json.loads(self.json(seat))


# ----------------------------------------------------------------------
# Records
# ----------------------------------------------------------------------
class Record:
    """A game record (canasta-record text): Record(game) starts recording
    from the start of the game's current hand; call update(game) after
    every move; text() writes it; Record.parse(text).replay() checks it."""

    def __init__(self, game: Game) -> None:
        self._h: Optional[Any] = None
        self._lib = L = game._lib
        self._keep = game._keep         # it may use the game's allocator
        h = _RecordP()
        _check(L.canasta_record_create(byref(h), game._handle()))
        self._h = h

    @classmethod
    def parse(cls, text: Union[str, bytes]) -> "Record":
        """Read canasta-record text (E_SYNTAX / E_VERSION with .line)."""
        L = _L()
        data = _encode(text)
        h = _RecordP()
        why = ctypes.create_string_buffer(_WHY_SIZE)
        _check(L.canasta_record_parse(byref(h), why, _WHY_SIZE, data,
                                      len(data)), why)
        r = cls.__new__(cls)
        r._lib, r._h, r._keep = L, h, ()
        return r

    def _handle(self) -> Any:
        if not self._h:
            raise ValueError("the Record is closed")
        return self._h

    def update(self, game: Game) -> None:
        """Bring the record up to date with game (after every apply or undo)."""
        _check(self._lib.canasta_record_update(self._handle(),
                                               game._handle()))

    def text(self, viewer: Optional[int] = None) -> str:
        """The record; a seat's version hides what that seat cannot see."""
        L = self._lib
        ptr, n = c_void_p(), c_size_t()
        _check(L.canasta_record_text(byref(ptr), byref(n), self._handle(),
                                     VIEW_ALL if viewer is None else viewer))
        return _take_text(L, ptr, n)

    def replay(self) -> Tuple[Game, List[List[Dict[str, int]]]]:
        """Replay every move and check every written event.  Returns the
        game at the record's end and, per finished hand, per side, the
        breakdown (SCORE_ITEMS) plus "game_total" (the total after it).
        Raises CanastaError with .line at the first wrong move or event."""
        L = self._lib
        h = _GameP()
        line = c_int(0)
        why = ctypes.create_string_buffer(_WHY_SIZE)
        rc = L.canasta_record_replay(byref(h), byref(line), why, _WHY_SIZE,
                                     self._handle())
        if rc != 0:
            raise CanastaError(rc, why.value.decode("utf-8", "replace"),
                               line.value if line.value > 0 else None)
        game = Game._wrap(L, h)
        count = c_size_t()
        _check(L.canasta_record_hand_count(byref(count), self._handle()))
        scores = []
        for hand in range(count.value):
            per_side = []
            for side in range(game.sides):
                items = (c_int * 7)()
                total = c_int()
                _check(L.canasta_record_hand_score(items, 7, byref(total),
                                                   self._handle(), hand,
                                                   side))
                d = dict(zip(SCORE_ITEMS, items))
                d["game_total"] = total.value
                per_side.append(d)
            scores.append(per_side)
        return game, scores

    def close(self) -> None:
        """Free the record now (canasta_record_free)."""
        h, self._h = getattr(self, "_h", None), None
        if h:
            self._lib.canasta_record_free(h)

    def __enter__(self) -> "Record":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


# ----------------------------------------------------------------------
# Computer players and hints (docs/PLAYER.md)
# ----------------------------------------------------------------------
def _knob_key(name: Union[str, int]) -> int:
    if isinstance(name, int):
        return name
    k = c_int()
    rc = _L().canasta_knob_from_name(byref(k),
                                     _encode(name.replace("_", "-")))
    if rc != 0:
        raise CanastaError(rc, "unknown knob %r (known: %s)"
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


class Player:
    """The reference computer player: Player({"take-pile": 2, "discard": 1})
    (knob names as knob_names(), "_" accepted for "-"; every other knob at
    its default).  choose(game) gives the move for the seat whose decision
    it is, from what that seat may know (RULES.md A1); hint(game) gives
    that move and a sentence saying why (A2).
    """

    def __init__(self, knobs: Optional[Dict[str, int]] = None) -> None:
        self._h: Optional[Any] = None
        self._lib = L = _L()
        h = _PlayerP()
        _check(L.canasta_player_create(byref(h)))
        self._h = h
        for name, value in (knobs or {}).items():
            self.set(name, value)

    def _handle(self) -> Any:
        if not self._h:
            raise ValueError("the Player is closed")
        return self._h

    def set(self, name: Union[str, int], value: int) -> None:
        """Set a knob by name or key: E_KNOB for an unknown knob, E_RANGE
        for a value outside knob_range(name)."""
        _check(self._lib.canasta_player_set(self._handle(), _knob_key(name),
                                            int(value)))

    def get(self, name: Union[str, int]) -> int:
        """A knob's value, by name or key."""
        v = c_int()
        _check(self._lib.canasta_player_get(byref(v), self._handle(),
                                            _knob_key(name)))
        return v.value

    def knobs(self) -> Dict[str, int]:
        """Every knob by name."""
        return {n: self.get(n) for n in knob_names()}

    def clone(self) -> "Player":
        """An independent copy."""
        h = _PlayerP()
        _check(self._lib.canasta_player_clone(byref(h), self._handle()))
        p = Player.__new__(Player)
        p._lib, p._h = self._lib, h
        return p

    def choose(self, game: Game, seed: int = 0) -> str:
        """The move (canonical text, as Game.legal_moves gives it) for the
        seat whose decision it is; always legal.  seed breaks ties, so a
        seed gives the same move every time.  E_GAME_OVER once the game is
        over."""
        m = _Move()
        _check(self._lib.canasta_player_choose(byref(m), self._handle(),
                                               game._handle(), _seed(seed)))
        return _move_text(self._lib, m)

    def play(self, game: Game, seed: int = 0) -> str:
        """Choose as choose(game, seed) and play the move on game (as
        game.apply would, without checking the player's own move a second
        time); returns the move played.  E_GAME_OVER once the game is
        over."""
        m = _Move()
        _check(self._lib.canasta_player_play(byref(m), self._handle(),
                                             game._handle(), _seed(seed)))
        return _move_text(self._lib, m)

    def hint(self, game: Game) -> Tuple[str, str]:
        """(move, reason): the move choose(game, seed=0) makes and a
        sentence for a person saying why."""
        m = _Move()
        why = ctypes.create_string_buffer(_WHY_SIZE)
        _check(self._lib.canasta_player_hint(byref(m), why, _WHY_SIZE,
                                             self._handle(), game._handle()))
        return (_move_text(self._lib, m),
                why.value.decode("utf-8", "replace"))

    def __repr__(self) -> str:
        if not self._h:
            return "<canasta.Player closed>"
        return "<canasta.Player %s>" % " ".join(
            "%s=%d" % kv for kv in self.knobs().items())

    def close(self) -> None:
        """Free the player now (canasta_player_free)."""
        h, self._h = getattr(self, "_h", None), None
        if h:
            self._lib.canasta_player_free(h)

    def __enter__(self) -> "Player":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()
