"""The library objects behind the Python ones, and the caller's allocator.

A _Handle owns one library object (a canasta_game *, ...).  Every library
call on it is made inside "with handle as ptr:", which holds the handle's
lock for the call, so that

- calls on one object from several threads run one at a time (docs/API.md:
  one object shared between threads needs its caller's lock; this is it),
  while calls on different objects still run in parallel (ctypes releases
  the GIL for the call);
- close() waits for the call in progress before it frees the object, and
  every call after it raises ValueError: no call ever runs on freed memory.

A call from inside a library call on the same object (only an allocator
callback could make one) raises RuntimeError instead of deadlocking.
Private to the package.
"""
from __future__ import annotations

import ctypes
import operator
import threading
from typing import Any, Callable, Dict, Optional, Tuple

from ._library import _ALLOC_FN, _RELEASE_FN

_get_ident = threading.get_ident
_PTR_LIMIT = 1 << (8 * ctypes.sizeof(ctypes.c_void_p))


class _Allocator:
    """The caller's alloc(size) and release(address) behind the C callbacks
    the library calls.  An exception in either never reaches the C code
    (ctypes would hand the library an undefined pointer): alloc's becomes
    a refused allocation (NULL, so the library returns E_NOMEM), release's
    is kept; either is raised again in the thread that made the library
    call as soon as that call returns."""

    def __init__(self, alloc: Callable[[int], Optional[int]],
                 release: Callable[[int], None]) -> None:
        for f, what in ((alloc, "alloc"), (release, "release")):
            if isinstance(f, ctypes._CFuncPtr):  # type: ignore[attr-defined]
                raise TypeError(
                    "allocator: pass the Python function itself as %s, not "
                    "a ctypes callback (the binding makes the callback, so "
                    "that an exception in it cannot reach the library)"
                    % what)
            if not callable(f):
                raise TypeError("allocator: %s must be callable, not %s"
                                % (what, type(f).__name__))
        self._alloc, self._release = alloc, release
        #: thread ident -> the first exception of a callback in that
        #: thread's library call, until the call returns
        self.pending: Dict[int, BaseException] = {}
        self.c_alloc = _ALLOC_FN(self._on_alloc)
        self.c_release = _RELEASE_FN(self._on_release)

    def _keep(self, e: BaseException) -> None:
        self.pending.setdefault(_get_ident(), e)

    def _on_alloc(self, user: Any, size: int) -> Optional[int]:
        try:
            p = self._alloc(size)
            if p is None:
                return None
            p = operator.index(p)
            if not 0 <= p < _PTR_LIMIT:
                raise ValueError("allocator: alloc returned %d, which is "
                                 "not an address" % p)
            return p or None
        except BaseException as e:      # noqa: B902 - KeyboardInterrupt too
            self._keep(e)
            return None

    def _on_release(self, user: Any, ptr: Optional[int]) -> None:
        if not ptr:
            return
        try:
            self._release(ptr)
        except BaseException as e:          # noqa: B902
            self._keep(e)

    def raise_pending(self) -> None:
        e = self.pending.pop(_get_ident(), None)
        if e is not None:
            raise e


class _Handle:
    """One library object: its pointer (None once freed), its free
    function, the allocator it uses (or None) and the lock of its calls."""

    __slots__ = ("ptr", "free", "what", "alloc", "lock", "owner", "addr")
    # A class attribute, so that close() from __del__ still finds it while
    # the interpreter shuts down.
    _ident = staticmethod(threading.get_ident)

    def __init__(self, ptr: Any, free: Optional[Callable[[Any], None]],
                 what: str, alloc: Optional[_Allocator] = None) -> None:
        self.ptr = ptr
        self.free = free
        self.what = what
        self.alloc = alloc
        self.lock = threading.Lock()
        self.owner: Optional[int] = None    # the thread inside a call
        #: the object's address as an int, for functions declared with
        #: c_void_p parameters (_Batch); None once freed
        self.addr: Optional[int] = (
            ctypes.cast(ptr, ctypes.c_void_p).value if ptr else None)

    def __enter__(self) -> Any:
        me = self._ident()
        if self.owner == me:
            raise RuntimeError("a call on this %s from inside a library call "
                               "on it (an allocator callback?)" % self.what)
        self.lock.acquire()
        if not self.ptr:
            self.lock.release()
            raise ValueError("the %s is closed" % self.what)
        self.owner = me
        return self.ptr

    def release(self) -> None:
        self.owner = None
        self.lock.release()

    def after(self) -> None:
        """Raise what the allocator's callbacks raised during the call."""
        a = self.alloc
        if a is not None and a.pending:
            a.raise_pending()

    def __exit__(self, *exc: Any) -> None:
        self.release()
        self.after()

    def close(self) -> None:
        """Free the object once no call runs on it; later calls raise
        ValueError.  Harmless when already closed."""
        if not self.ptr:
            return
        if self.owner == self._ident():
            raise RuntimeError("close() of a %s from inside a library call "
                               "on it (an allocator callback?)" % self.what)
        with self.lock:                     # waits for a call in flight
            ptr, self.ptr = self.ptr, None
            self.addr = None
            if ptr and self.free is not None:
                self.free(ptr)
        self.after()


class _Batch:
    """"with _Batch(handle) as address:" holds the handle's lock once for a
    batch of library calls and gives the object's address as an int, for
    functions declared with c_void_p parameters (canasta.env's hot loop,
    through canasta._internal.batch).  Like "with handle": a closed
    object raises ValueError before any call, close() waits until the
    batch ends, and what an allocator callback raised is raised at its
    end.  The address is valid inside the with block only."""

    __slots__ = ("h",)

    def __init__(self, h: _Handle) -> None:
        self.h = h

    def __enter__(self) -> int:
        h = self.h
        h.__enter__()
        addr = h.addr
        assert addr is not None     # __enter__ refused a freed object
        return addr

    def __exit__(self, *exc: Any) -> None:
        self.h.__exit__()


class _Two:
    """Both handles of a call on two objects (a player and a game, two
    games), locked in a fixed order (by id) so that two threads locking
    the same pair cannot deadlock; one lock when both are the same."""

    __slots__ = ("a", "b")

    def __init__(self, a: _Handle, b: _Handle) -> None:
        self.a, self.b = a, b

    def __enter__(self) -> Tuple[Any, Any]:
        a, b = self.a, self.b
        if a is b:
            p = a.__enter__()
            return p, p
        first, second = (a, b) if id(a) < id(b) else (b, a)
        first.__enter__()
        try:
            second.__enter__()
        except BaseException:
            first.release()
            raise
        return a.ptr, b.ptr

    def __exit__(self, *exc: Any) -> None:
        a, b = self.a, self.b
        a.release()
        if b is not a:
            b.release()
        try:
            a.after()
        finally:
            b.after()
