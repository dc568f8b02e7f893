"""The exceptions of the library's error codes.  Private to the package:
canasta/__init__.py re-exports CanastaError, RangeError, error_name and
strerror."""
from __future__ import annotations

import ctypes
import operator
import re
from typing import Any, Optional

from ._library import _L

# The codes the binding itself raises (enum canasta_error).
E_NOMEM = -2
E_ARG = -3
E_CARD = -4
E_SEAT = -5
E_SIDE = -6
E_OPTION = -7
E_RANGE = -8
E_PRESET = -10
E_BUFFER = -11
E_PHASE = -22
E_KNOB = -45

# The range of a C int, which every int argument of the library is.
_INT_MIN = -(1 << (8 * ctypes.sizeof(ctypes.c_int) - 1))
_INT_MAX = -_INT_MIN - 1

_LINE_RE = re.compile(r"line (\d+): ")
_RULE_RE = re.compile(r"([A-Z][0-9]{1,2}):")


def error_name(code: int) -> str:
    """canasta_error_name: "E_SYNTAX" for -40; "UNKNOWN" for a non-code."""
    code = _code(code)
    return _L().canasta_error_name(code).decode()


def strerror(code: int) -> str:
    """canasta_strerror: the one-line message of a code."""
    code = _code(code)
    return _L().canasta_strerror(code).decode()


def _code(code: Any) -> int:
    try:
        code = operator.index(code)
    except TypeError:
        raise TypeError("an error code is an int, not %s"
                        % type(code).__name__) from None
    # Outside a C int there is no code: the library's "UNKNOWN" for it.
    return code if _INT_MIN <= code <= _INT_MAX else -1000


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


class RangeError(CanastaError, ValueError):
    """An argument outside what it may be, refused by the binding before
    any library call: both a CanastaError, whose code is the one the
    library gives for it (E_SEAT, E_SIDE, E_CARD, E_RANGE for an option or
    a knob, E_KNOB, E_PRESET, E_ARG for the rest), and a ValueError.  The
    message names the argument and its allowed range."""
