"""Finding, loading and checking the shared library; the C declarations.

Private to the package: canasta/__init__.py re-exports what is public
(load_library, library_path, has_function, version, LibraryError,
MissingFunctionError).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import threading
from ctypes import (POINTER, c_char_p, c_int, c_size_t, c_uint, c_uint8,
                    c_uint64, c_void_p)
from typing import Any, List, Optional, Union

#: The library version this binding is written for (major, minor): any
#: 1.x library from 1.0 on is accepted (docs/ABI.md: the ABI of 1.0 is
#: frozen, and later 1.x releases only add to it).
REQUIRED_VERSION = (1, 0)

#: The word that asks load_library() (or CANASTA_LIBRARY) for the
#: system's library instead of the one in the package.
SYSTEM = "system"


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

# canasta_alloc_fn and canasta_release_fn.  The binding makes these
# callbacks itself around the caller's Python functions (_handles.py), so
# that an exception in them cannot reach the C code.
_ALLOC_FN = ctypes.CFUNCTYPE(c_void_p, c_void_p, c_size_t)
_RELEASE_FN = ctypes.CFUNCTYPE(None, c_void_p, c_void_p)

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
        _I, [POINTER(_RulesP), _I, _ALLOC_FN, _RELEASE_FN, c_void_p]),
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
    "canasta_game_meld": (_I, [_IntP, _IntP, _IntP, _GameP, _I, _I]),
    "canasta_game_meld_cards": (_I, [_U8P, c_size_t, _SizeP, _GameP, _I,
                                     _I]),
    "canasta_game_canastas": (_I, [_IntP, _IntP, _GameP, _I]),
    "canasta_game_red_threes": (_I, [_U8P, c_size_t, _SizeP, _GameP, _I]),
    "canasta_game_pile": (_I, [_U8P, c_size_t, _SizeP, _GameP]),
    "canasta_game_pile_size": (_I, [_IntP, _GameP]),
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
# Errors of loading
# ----------------------------------------------------------------------
class LibraryError(OSError):
    """The shared library was not found, or is not one this binding fits."""


class MissingFunctionError(NotImplementedError):
    """The loaded library lacks a function (an older or partial build)."""

    def __init__(self, function: str, path: str) -> None:
        self.function = function
        super().__init__("%s is not in %s (library too old?)"
                         % (function, path))


# ----------------------------------------------------------------------
# The loaded library
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

    def raw(self, name: str, *argtypes: Any) -> Any:
        """A new function object for name, returning a C int and declared
        with these argtypes (canasta.env declares its hot calls with plain
        addresses, c_void_p, so that a call converts no wrapper object);
        the declaration in _PROTOTYPES is left as it is.  Only for
        functions of _PROTOTYPES (MissingFunctionError when the library
        lacks one), through canasta._internal.function."""
        if name not in _PROTOTYPES:
            raise AttributeError("%s is not a function the binding "
                                 "declares" % name)
        if not self.has(name):
            raise MissingFunctionError(name, self.path)
        f = self.dll[name]              # a new function object each time
        f.restype = c_int
        f.argtypes = list(argtypes)
        return f


_lib: Optional[_Library] = None
_load_lock = threading.Lock()
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def _file_names() -> List[str]:
    """The library's file names on this platform, the preferred first."""
    return {"darwin": ["libcanasta.dylib", "libcanasta.1.dylib"],
            "win32": ["canasta.dll", "libcanasta.dll"]}.get(
                sys.platform, ["libcanasta.so", "libcanasta.so.1"])


def _bundled() -> List[str]:
    """Where a library of this package's own can be: in the package (pip
    install puts it there), then the top of a source tree in which this
    package is bindings/python/canasta and "make" has run."""
    top = os.path.normpath(os.path.join(_PACKAGE_DIR, os.pardir, os.pardir,
                                        os.pardir))
    dirs = [_PACKAGE_DIR]
    if os.path.exists(os.path.join(top, "include", "canasta.h")):
        dirs.append(top)
    return [os.path.join(d, n) for d in dirs for n in _file_names()]


def _system() -> str:
    """The system's library: what ctypes.util.find_library finds, else the
    soname through the dynamic loader's own search (LD_LIBRARY_PATH and the
    like).  Returns the name that loads; LibraryError if none does."""
    names = []
    found = ctypes.util.find_library("canasta")
    if found:
        names.append(found)
    names.append(_file_names()[-1])     # the soname, libcanasta.so.1
    errors = []
    for name in names:
        try:
            ctypes.CDLL(name)
            return name
        except OSError as e:
            errors.append(str(e))
    raise LibraryError("no system libcanasta: " + "; ".join(errors))


def _resolve(path: Optional[Union[str, "os.PathLike[str]"]]) -> str:
    """The path (or library name) load_library(path) loads."""
    if path is not None:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError("the library path must be a str or os.PathLike, "
                            "not %s" % type(path).__name__)
        path = os.fspath(path)
        return _system() if path == SYSTEM else path
    env = os.environ.get("CANASTA_LIBRARY")
    if env:
        return _system() if env == SYSTEM else env
    tried = _bundled()
    for p in tried:
        if os.path.exists(p):
            return p
    try:
        return _system()
    except LibraryError as e:
        raise LibraryError(
            "libcanasta not found: not in the package (tried %s) and %s; "
            "install the package with pip (it builds its own), or set "
            "CANASTA_LIBRARY to the path of a libcanasta.so"
            % (", ".join(tried), e)) from None


def load_library(path: Optional[Union[str, "os.PathLike[str]"]] = None
                 ) -> str:
    """Load the shared library and use it for every object made afterwards
    (objects made before keep theirs).  Returns the path (or, for the
    system's, the name) loaded.

    path: a file; or "system" (SYSTEM), the system's library
    (ctypes.util.find_library("canasta"), else the soname libcanasta.so.1
    through the dynamic loader's search path); or None for the default
    order: $CANASTA_LIBRARY (a path, or "system"), then the library in
    the package (pip install builds it there), then an in-tree build (the
    source tree's top directory, three up from the package), then the
    system's.  LibraryError if it is missing or not a fitting libcanasta.
    """
    global _lib
    with _load_lock:
        _lib = _Library(_resolve(path))
        return _lib.path


def _L() -> _Library:
    lib = _lib
    if lib is None:
        load_library()
        lib = _lib
    assert lib is not None
    return lib


def library_path() -> str:
    """The path of the library in use (loading it if needed); for the
    system's library, the name it was loaded by ("libcanasta.so.1")."""
    return _L().path


def has_function(name: str) -> bool:
    """True when the loaded library exports name (e.g. "canasta_game_save")."""
    if not isinstance(name, str):
        raise TypeError("a function name is a str, not %s"
                        % type(name).__name__)
    return _L().has(name)


def version() -> str:
    """The loaded library's version, e.g. "1.1.0" (canasta.__version__ is
    the package's; the two differ only when another library is loaded)."""
    return _L().canasta_version_string().decode()
