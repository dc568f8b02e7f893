"""Checks of the arguments the binding hands to the library.

ctypes converts a Python int to a C int or uint64_t by truncation, so
without these a seat of 2**32 + 1 would reach the library as 1 and
target=1.9 as 1.  Every int argument passes here first: a wrong type
raises TypeError, a value outside what it may be RangeError (a
ValueError), both before any library call.  Private to the package.
"""
from __future__ import annotations

import operator
from typing import Any, Union

from ._errors import _INT_MAX, _INT_MIN, E_ARG, RangeError

_U64_MAX = (1 << 64) - 1


def index(value: Any, what: str) -> int:
    """value as an int (int, bool or anything with __index__, as list
    indices take); TypeError for the rest (floats, strings, None)."""
    if type(value) is int:
        return value
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError("%s must be an int, not %s"
                        % (what, type(value).__name__)) from None


def c_int(value: Any, what: str, code: int = E_ARG) -> int:
    """An int argument of a C int parameter."""
    v = index(value, what)
    if _INT_MIN <= v <= _INT_MAX:
        return v
    raise RangeError(code, "%s = %d is outside a C int (%d .. %d)"
                     % (what, v, _INT_MIN, _INT_MAX))


def u64(value: Any, what: str) -> int:
    """An int argument of a uint64_t parameter (seeds, actions)."""
    v = index(value, what)
    if 0 <= v <= _U64_MAX:
        return v
    raise RangeError(E_ARG, "%s = %d is outside 0 .. 2**64-1" % (what, v))


def in_range(value: Any, what: str, lo: int, hi: int, code: int) -> int:
    """An int that must be in lo .. hi (inclusive)."""
    v = index(value, what)
    if lo <= v <= hi:
        return v
    raise RangeError(code, "%s %d is out of range: %d .. %d"
                     % (what, v, lo, hi))


def text(value: Any, what: str) -> bytes:
    """A text argument: str (sent as UTF-8) or bytes-like; TypeError for
    anything else (bytes(42) would be 42 NUL bytes)."""
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))


def name(value: Any, what: str) -> Union[str, int]:
    """An option or knob named by a str or keyed by an int (C int)."""
    if isinstance(value, str):
        return value
    return c_int(value, what)
