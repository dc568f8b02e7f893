"""The binding's internal interface for the package's own modules.

canasta.env runs a library call loop that the public classes would make
slow (each Game method takes the game's lock and converts its arguments).
This module is what such a module may use instead, and all of it: no
other private name of the binding is theirs to read.  Private to the
package; it may change with the binding.

- batch(game): "with batch(game) as address:" holds the game's lock ONCE
  for a batch of raw calls and gives the game's address (an int).  A
  closed game raises ValueError, close() from another thread waits until
  the batch ends, and what an allocator callback raised is raised at its
  end, as for every call of the binding.  The address must not be kept
  past the with block (the game may be freed then).
- library(game=None): the library a game uses (None: the one loaded for
  new objects), an opaque object for the three functions below.
- function(lib, name, *argtypes): the library function name, declared
  returning a C int with these argtypes (plain c_void_p addresses and C
  ints): a new ctypes function object, so the binding's own declaration
  is untouched.  MissingFunctionError when that library lacks it (an
  older 1.x library).
- Move (struct canasta_move) and MOVE_SIZE; move_text(lib, move) and
  parse_move(lib, text, seat): the move texts of docs/NOTATION.md
  (CanastaError for a text that is no move, TypeError for a non-text).

The caller keeps the rest of the binding's guarantees itself: every value
it passes to a raw function must be one the library accepts for that
game (seats, sides and buffer sizes it checked), and a raw function never
receives an address obtained outside the batch it is called in.
"""
from __future__ import annotations

import ctypes
from typing import Any

from . import Game, _move_text, _parse_move
from ._handles import _Batch
from ._library import _L, _Move

Move = _Move
MOVE_SIZE = ctypes.sizeof(_Move)


def _game(game: Any) -> Game:
    if not isinstance(game, Game):
        raise TypeError("a Game is needed, not %s" % type(game).__name__)
    return game


def batch(game: Game) -> _Batch:
    """A context manager holding game's lock for a batch of raw calls;
    entering it gives the game's address (ValueError when it is closed)."""
    return _Batch(_game(game)._h)


def library(game: Any = None) -> Any:
    """The library game uses (None: the loaded one, loading it if needed)."""
    return _L() if game is None else _game(game)._lib


def function(lib: Any, name: str, *argtypes: Any) -> Any:
    """The library function name, returning a C int and declared with
    argtypes (a new function object)."""
    return lib.raw(name, *argtypes)


def move_text(lib: Any, move: Any) -> str:
    """The canonical text of a Move."""
    return _move_text(lib, move)


def parse_move(lib: Any, text: Any, seat: int) -> Any:
    """The Move of a move text; seat for a text that names none (the
    caller checked it)."""
    return _parse_move(lib, text, seat)
