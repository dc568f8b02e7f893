"""The binding cannot be crashed from Python (issue 18, items 2 and 3).

Each of the four crashes or wrong answers the issue reproduced has its
regression test here:

- close() while another thread is inside a library call on the object
  (ThreadTests): close waits for the call, later calls raise ValueError;
- an allocator callback that raises (AllocatorTests): the allocation is
  refused (the library returns E_NOMEM) and the exception reaches the
  caller, with nothing leaked;
- Python ints outside the C type's range, and wrong types
  (ArgumentTests): RangeError (a ValueError) or TypeError before any call,
  instead of ctypes' silent truncation;
- game.apply(42) (ArgumentTests): TypeError, not "a NUL byte".

And the safe views (ViewTests): view() needs a seat; the full state is
full_state().  unittest only; run by "make check-python" like
test_canasta.py (CANASTA_LIBRARY names the library).
"""
import json
import os
import random
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import canasta  # noqa: E402
from canasta import (CanastaError, Game, Player,  # noqa: E402
                     RangeError, Record, Rules)
from test_canasta import CountingAllocator, play_random  # noqa: E402

WAIT = 10.0     # seconds a thread may take to get somewhere; never reached


class Paused:
    """A stand-in for an object's library (its _lib) that stops inside one
    function: the call holds the object's lock, as a real call of the
    library does while it runs, until go is set."""

    def __init__(self, lib, name):
        self._real, self._name = lib, name
        self.inside, self.go = threading.Event(), threading.Event()

    def __getattr__(self, attr):
        f = getattr(self._real, attr)
        if attr != self._name:
            return f

        def paused(*args):
            self.inside.set()
            if not self.go.wait(WAIT):
                raise AssertionError("never told to go on")
            return f(*args)
        return paused


class BlockingAllocator(CountingAllocator):
    """A CountingAllocator whose next allocation, once armed, waits: the
    C code is then really inside the call (in canasta_game_clone, ...)."""

    def __init__(self):
        super().__init__()
        self.armed = False
        self.inside, self.go = threading.Event(), threading.Event()

    def _alloc(self, size):
        if self.armed:
            self.armed = False
            self.inside.set()
            if not self.go.wait(WAIT):
                raise AssertionError("never told to go on")
        return super()._alloc(size)


def closing(obj):
    """A function for in_thread that closes obj, and the event it sets
    just before it calls close()."""
    about_to = threading.Event()

    def run():
        about_to.set()
        obj.close()
    return run, about_to


def in_thread(fn):
    """Run fn in a new thread; returns (thread, box): box["result"] or
    box["error"] once it has finished."""
    box = {}

    def run():
        try:
            box["result"] = fn()
        except BaseException as e:      # noqa: B902 - the test looks at it
            box["error"] = e
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t, box


# ----------------------------------------------------------------------
class ThreadTests(unittest.TestCase):
    def close_during(self, obj, paused, call):
        """Start call() in a thread, paused inside its library call on obj;
        close obj from a second thread: it must wait until the call has
        returned; the call succeeds, later calls raise ValueError."""
        obj._lib = paused
        caller, got = in_thread(call)
        self.assertTrue(paused.inside.wait(WAIT))
        close, about_to = closing(obj)
        closer, closed = in_thread(close)
        self.assertTrue(about_to.wait(WAIT))
        closer.join(0.3)                    # ample time to free the game
        self.assertTrue(closer.is_alive(), "close() did not wait for the "
                        "call in flight")
        self.assertTrue(obj._h.ptr, "freed under the call")
        paused.go.set()
        caller.join(WAIT)
        closer.join(WAIT)
        self.assertFalse(caller.is_alive() or closer.is_alive())
        self.assertNotIn("error", got)
        self.assertNotIn("error", closed)
        self.assertFalse(obj._h.ptr)
        return got["result"]

    def test_game_close_waits_for_a_call_in_flight(self):
        g = Game(seed=1)
        moves = g.legal_moves()
        got = self.close_during(g, Paused(g._lib, "canasta_legal_moves"),
                                g.legal_moves)
        self.assertEqual(got, moves)
        for call in (g.legal_moves, lambda: g.hand(0), g.save,
                     lambda: g.apply("draw")):
            with self.assertRaises(ValueError):
                call()
        g.close()                           # twice is harmless

    def test_rules_close_waits_for_a_game_being_made(self):
        r = Rules(target=1500)
        g = self.close_during(r, Paused(r._lib, "canasta_game_create"),
                              lambda: Game(seed=2, rules=r))
        self.assertEqual(g.option("target"), 1500)   # made from live rules
        with self.assertRaises(ValueError):
            Game(seed=2, rules=r)

    def test_record_close_waits_for_its_text(self):
        g = Game(seed=3)
        play_random(g, random.Random(3), max_moves=10)
        rec = Record(g)
        want = rec.text()
        got = self.close_during(rec, Paused(rec._lib, "canasta_record_text"),
                                rec.text)
        self.assertEqual(got, want)
        with self.assertRaises(ValueError):
            rec.text()

    def test_player_close_waits_for_its_choice(self):
        p, g = Player(), Game(seed=4)
        want = p.choose(g, 5)
        got = self.close_during(p, Paused(p._lib, "canasta_player_choose"),
                                lambda: p.choose(g, 5))
        self.assertEqual(got, want)
        with self.assertRaises(ValueError):
            p.choose(g)
        self.assertEqual(g.legal_moves()[0].split()[1], "draw")  # g is fine

    def test_game_close_while_the_c_code_is_inside_clone(self):
        """No stand-in: the thread is in canasta_game_clone, stopped in the
        game's allocator, when another thread closes the game."""
        a = BlockingAllocator()
        with Rules(allocator=a.callbacks) as r:
            g = Game(seed=5, rules=r)
        play_random(g, random.Random(5), max_moves=30)
        want = g.save()
        a.armed = True
        cloner, cloned = in_thread(g.clone)
        self.assertTrue(a.inside.wait(WAIT))
        close, about_to = closing(g)
        closer, closed = in_thread(close)
        self.assertTrue(about_to.wait(WAIT))
        closer.join(0.3)
        self.assertTrue(closer.is_alive(), "close() did not wait for "
                        "canasta_game_clone")
        a.go.set()
        cloner.join(WAIT)
        closer.join(WAIT)
        self.assertNotIn("error", cloned)
        self.assertNotIn("error", closed)
        c = cloned["result"]
        self.assertEqual(c.save(), want)    # copied from a live game
        c.close()
        self.assertEqual(a.live, {})        # both freed, once each
        self.assertEqual(a.bad, [])

    def test_many_threads_and_a_close(self):
        """Threads using one game and one player while the main thread
        closes both: every call either works or raises ValueError."""
        g, p = Game(seed=6), Player()
        stop = threading.Event()
        odd = []

        def work(n):
            while not stop.is_set():
                try:
                    g.legal_moves()
                    g.view(n % 4)
                    p.choose(g, n)
                    g.clone().close()
                    g.infoset_hash(n % 4)
                except ValueError as e:
                    if "closed" not in str(e):
                        odd.append(e)
                    return
                except BaseException as e:  # noqa: B902
                    odd.append(e)
                    return
        threads = [threading.Thread(target=work, args=(n,), daemon=True)
                   for n in range(4)]
        for t in threads:
            t.start()
        for _ in range(50):
            p.play(g, 1)
            if g.over:
                break
        g.close()
        p.close()
        stop.set()
        for t in threads:
            t.join(WAIT)
            self.assertFalse(t.is_alive())
        self.assertEqual(odd, [])

    def test_a_call_from_inside_a_call_on_the_same_game(self):
        """An allocator that calls back into the game it allocates for
        would run the library inside itself: RuntimeError, raised by the
        outer call (whose allocation it refused)."""
        holder = {}
        a = CountingAllocator()
        plain = a._alloc

        def alloc(size):
            if "game" in holder:
                holder["game"].hand(0)
            return plain(size)
        with Rules(allocator=(alloc, a._release)) as r:
            g = Game(seed=7, rules=r)
        holder["game"] = g
        with self.assertRaises(RuntimeError):
            g.clone()
        with self.assertRaises(RuntimeError):
            g.save()
        del holder["game"]
        self.assertEqual(len(g.clone().legal_moves()), 1)   # still works
        g.close()
        self.assertEqual(a.live, {})


# ----------------------------------------------------------------------
class Refusal(Exception):
    """What the test's allocator raises."""


class RaisingAllocator(CountingAllocator):
    """A CountingAllocator whose allocation number fail_at (from 0,
    counted from the last arm()) raises Refusal; None: none does."""

    def __init__(self, fail_at=None):
        super().__init__()
        self.arm(fail_at)

    def arm(self, fail_at):
        self.fail_at, self.count = fail_at, 0

    def _alloc(self, size):
        n, self.count = self.count, self.count + 1
        if n == self.fail_at:
            raise Refusal("allocation %d refused" % n)
        return super()._alloc(size)


def record_text(game):
    with Record(game) as r:
        return r.text()


class AllocatorTests(unittest.TestCase):
    def test_game_create_with_every_allocation_raising(self):
        """The rules' and the game's allocations, each in turn, raise: the
        exception reaches the caller and nothing is left allocated."""
        for n in range(10):
            a = RaisingAllocator(n)
            try:
                with Rules(allocator=a.callbacks, target=1500) as r:
                    with Game(seed=8, rules=r) as g:
                        g.apply("draw")
            except Refusal as e:
                self.assertIn("allocation %d" % n, str(e))
            else:
                self.assertGreater(n, 1, "rules and game made with no "
                                   "allocation failing")
                break
            self.assertEqual(a.live, {}, n)
            self.assertEqual(a.bad, [])

    def test_raising_inside_clone_save_record_and_determinize(self):
        calls = (("clone", lambda g: g.clone()),
                 ("save", lambda g: g.save()),
                 ("view", lambda g: g.view(0)),
                 ("full_state", lambda g: g.full_state()),
                 ("record", record_text),
                 ("determinize", lambda g: g.determinize(1, 9)))
        for what, call in calls:
            for n in range(12):
                a = RaisingAllocator()
                with Rules(allocator=a.callbacks) as r:
                    g = Game(seed=9, rules=r)
                play_random(g, random.Random(9), max_moves=25)
                before, base = g.save(), dict(a.live)
                a.arm(n)
                try:
                    result = call(g)
                except Refusal:
                    a.arm(None)
                    self.assertEqual(a.live, base, (what, n))
                    self.assertEqual(g.save(), before, (what, n))
                    g.close()
                    self.assertEqual(a.live, {}, (what, n))
                    continue
                a.arm(None)
                del result
                g.close()
                self.assertEqual(a.live, {}, (what, n))
                self.assertGreater(n, 0, what)
                break
            else:
                self.fail("%s still allocating after 12 blocks" % what)

    def test_refusing_gives_E_NOMEM(self):
        a = CountingAllocator()
        refuse = [False]
        plain = a._alloc

        def alloc(size):
            return None if refuse[0] else plain(size)
        with Rules(allocator=(alloc, a._release)) as r:
            g = Game(seed=10, rules=r)
            refuse[0] = True
            for call in (lambda: Game(seed=10, rules=r), g.clone, g.save):
                with self.assertRaises(CanastaError) as cm:
                    call()
                self.assertEqual(cm.exception.name, "E_NOMEM")
            refuse[0] = False
        self.assertEqual(len(g.clone().legal_moves()), 1)
        g.close()
        self.assertEqual(a.live, {})

    def test_a_raising_release_reaches_the_caller(self):
        a = CountingAllocator()
        plain = a._release
        fail = [False]

        def release(ptr):
            plain(ptr)
            if fail[0]:
                raise Refusal("release")
        with Rules(allocator=(a._alloc, release)) as r:
            g = Game(seed=11, rules=r)
        fail[0] = True
        with self.assertRaises(Refusal):
            g.save()            # its text is released at once
        with self.assertRaises(Refusal):
            g.close()
        fail[0] = False
        self.assertEqual(a.live, {})
        with self.assertRaises(ValueError):
            g.hand(0)           # closed all the same

    def test_what_alloc_returns_is_checked(self):
        a = CountingAllocator()
        for bad, error in (("not an address", TypeError),
                           (-8, ValueError), (1 << 64, ValueError)):
            with self.assertRaises(error):
                Rules(allocator=(lambda size, bad=bad: bad, a._release))
        self.assertEqual(a.live, {})

    def test_allocator_arguments(self):
        import ctypes
        alloc_fn = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p,
                                    ctypes.c_size_t)
        a = CountingAllocator()
        for allocator in ((alloc_fn(lambda u, s: None), a._release),
                          (a._alloc, 42), (a._alloc,), [a._alloc, a._release]):
            with self.assertRaises(TypeError):
                Rules(allocator=allocator)
        self.assertFalse(hasattr(canasta, "ALLOC_FN"))


# ----------------------------------------------------------------------
class Index:
    """An int-like object (as numpy's integers are): __index__ only."""

    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


class ArgumentTests(unittest.TestCase):
    def assertRange(self, call, code_name, *words):
        with self.assertRaises(RangeError) as cm:
            call()
        e = cm.exception
        self.assertIsInstance(e, ValueError)
        self.assertIsInstance(e, CanastaError)
        self.assertEqual(e.name, code_name, e)
        for w in words:
            self.assertIn(w, e.message)
        return e

    def test_the_issues_examples(self):
        g = Game(seed=12)
        # hand(2**32 + 1) answered for seat 1.
        self.assertRange(lambda: g.hand(2 ** 32 + 1), "E_SEAT")
        # target=2**32 + 1000 set 1000.
        lo, hi = Rules().range("target")
        e = self.assertRange(lambda: Game(seed=1, target=2 ** 32 + 1000),
                             "E_RANGE", "target", str(lo), str(hi))
        self.assertNotIn("rules option value out of range", e.message)
        # A deck code + 256 was accepted as the code.
        deck = [canasta.card_code(c) for c in g.deck()]
        self.assertRange(lambda: g.set_deck([deck[0] + 256] + deck[1:]),
                         "E_CARD")
        g.set_deck(deck)                            # the same codes: fine
        # target=1.9 set 1.
        with self.assertRaises(TypeError):
            Game(seed=1, target=1.9)
        # apply(42) said "the move contains a NUL byte".
        with self.assertRaises(TypeError) as cm:
            g.apply(42)
        self.assertIn("str", str(cm.exception))
        self.assertNotIn("NUL", str(cm.exception))

    def test_option_and_knob_messages_name_them_and_their_range(self):
        r = Rules()
        for name, key in (("target", "target"), ("hand_size", "hand-size"),
                          ("draw-count", "draw-count")):
            lo, hi = r.range(name)
            for v in (lo - 1, hi + 1, 2 ** 31, -2 ** 40):
                self.assertRange(lambda: r.set(name, v), "E_RANGE", key,
                                 "%d .. %d" % (lo, hi))
            r.set(name, hi)                         # the bound itself
            self.assertEqual(r.get(name), hi)
        p = Player()
        for name in canasta.knob_names():
            lo, hi, default = canasta.knob_range(name)
            for v in (lo - 1, hi + 1, 2 ** 32 + lo):
                self.assertRange(lambda: p.set(name, v), "E_RANGE", name,
                                 "%d .. %d" % (lo, hi))
            self.assertEqual(p.get(name), default)  # refused: unchanged
            p.set(name, hi)
            self.assertEqual(p.get(name), hi)
        self.assertRange(lambda: Player({"discard": 3}), "E_RANGE",
                         "discard")
        with self.assertRaises(CanastaError) as cm:
            r.set("players", 5)                     # read-only stays so
        self.assertEqual(cm.exception.name, "E_READONLY")

    def test_seats_sides_and_viewers(self):
        g = Game(seed=13, preset="three-players")
        for call, code in ((g.hand, "E_SEAT"), (g.hand_size, "E_SEAT"),
                           (g.red_threes, "E_SEAT"), (g.seat_side, "E_SEAT"),
                           (g.view, "E_SEAT"), (g.json, "E_SEAT"),
                           (g.infoset_hash, "E_SEAT"),
                           (lambda s: g.determinize(s, 1), "E_SEAT"),
                           (lambda s: g.events(viewer=s), "E_SEAT"),
                           (g.melds, "E_SIDE"), (g.canastas, "E_SIDE"),
                           (g.opened, "E_SIDE"), (g.pile_status, "E_SIDE"),
                           (g.hand_score, "E_SIDE"),
                           (g.opening_minimum, "E_SIDE")):
            call(2)                                 # the last seat / side
            call(Index(0))
            for bad in (3, -1, 2 ** 32 + 1, 2 ** 64, -2 ** 32):
                self.assertRange(lambda: call(bad), code, str(bad))
            for bad in (1.0, "1", [1]):
                with self.assertRaises(TypeError):
                    call(bad)
        with self.assertRaises(TypeError):
            g.hand(None)

    def test_seeds_and_actions(self):
        for seed in (0, 2 ** 64 - 1, Index(5)):
            Game(seed=seed).close()
        for seed in (-1, 2 ** 64):
            self.assertRange(lambda: Game(seed=seed), "E_ARG", "seed")
        for seed in (1.0, "1", b"1"):
            with self.assertRaises(TypeError):
                Game(seed=seed)
        g, p = Game(seed=14), Player()
        for call in (lambda s: g.determinize(0, s),
                     lambda s: p.choose(g, s), lambda s: p.play(g.clone(), s)):
            call(2 ** 64 - 1)
            self.assertRange(lambda: call(2 ** 64), "E_ARG")
            self.assertRange(lambda: call(-1), "E_ARG")
            with self.assertRaises(TypeError):
                call(0.5)
        self.assertEqual(g.action_to_move(Index(0)), g.legal_moves()[0])
        self.assertRange(lambda: g.action_to_move(2 ** 64), "E_ARG")
        with self.assertRaises(TypeError):
            g.action_to_move(0.0)

    def test_cards_and_texts(self):
        self.assertEqual(canasta.card_text(49), "Qd")
        self.assertRange(lambda: canasta.card_text(2 ** 32 + 49), "E_CARD")
        with self.assertRaises(TypeError):
            canasta.card_text("49")
        with self.assertRaises(TypeError):
            canasta.card_code(49)
        g = Game(seed=15)
        for call in (g.apply, g.validate, g.is_legal, g.action_of_move,
                     Game.load, Game.from_position, Record.parse,
                     canasta.normalize_move):
            for bad in (42, None, 1.5, ["draw"]):
                with self.assertRaises(TypeError):
                    call(bad)
        seat = g.current_seat
        self.assertEqual(g.apply(b"draw"), "%d draw" % seat)  # bytes do
        self.assertRange(lambda: canasta.normalize_move("draw", 2 ** 32),
                         "E_SEAT")
        with self.assertRaises(TypeError):
            g.set_deck("4d Qh 6d")                  # one str is no list
        with self.assertRaises(TypeError):
            g.set_deck([1.5])

    def test_rules_and_scoring_arguments(self):
        r = Rules()
        self.assertRange(lambda: Rules(2 ** 32 + 1), "E_PRESET")
        self.assertRange(lambda: Rules("cutthroat"), "E_PRESET", "cutthroat")
        with self.assertRaises(TypeError):
            Rules(1.0)
        self.assertRange(lambda: r.set("no-such", 1), "E_OPTION", "no-such")
        self.assertRange(lambda: r.get(2 ** 32 + 1), "E_ARG")
        self.assertEqual(r.get(Index(1)), r.get("target"))
        with self.assertRaises(TypeError):
            r.get(1.0)
        for call in (lambda v: r.opening_minimum(v),
                     lambda v: r.red_three_bonus(v),
                     lambda v: r.meld_class("K", v),
                     lambda v: r.meld_class(v, 3),
                     lambda v: r.score_side({"K": (v, 0, 0)}),
                     lambda v: r.score_side({}, red_threes=v)):
            self.assertRange(lambda: call(2 ** 31), "E_ARG")
            with self.assertRaises(TypeError):
                call(3.0)
        self.assertEqual(r.opening_minimum(2 ** 31 - 1), 120)   # O1's top
        self.assertRange(lambda: r.score_side({}, hand=[300]), "E_CARD")
        with self.assertRaises(TypeError):
            r.score_side([("K", (7, 0, 0))])
        with self.assertRaises(TypeError):
            r.score_side({"K": 7})
        self.assertRange(lambda: r.score_side({}, went_out=1), "E_ARG")
        for name in (2 ** 32 + 2, 1.0):
            with self.assertRaises((TypeError, ValueError)):
                canasta.knob_range(name)
        self.assertEqual(canasta.error_name(2 ** 40), "UNKNOWN")
        with self.assertRaises(TypeError):
            canasta.strerror("E_SEAT")

    def test_objects_where_objects_belong(self):
        g, p = Game(seed=16), Player()
        for call in (lambda: Game(seed=1, rules="classic"),
                     lambda: Record("game"), lambda: Record(g).update(p),
                     lambda: p.choose("game"), lambda: p.hint(None),
                     lambda: Player(["ask"]),
                     lambda: canasta.load_library(3),
                     lambda: canasta.has_function(None)):
            with self.assertRaises(TypeError):
                call()
        self.assertFalse(g == "a game")


    def test_copies_are_clones_and_pickling_is_refused(self):
        """A copy sharing the library object with the original would close
        it under the other (copy.copy did share it)."""
        import copy
        import pickle
        g, r, p = Game(seed=19), Rules(target=2000), Player({"ask": 0})
        rec = Record(g)
        g.apply("draw")
        rec.update(g)
        for obj in (g, r, p, rec):
            for make in (copy.copy, copy.deepcopy):
                c = make(obj)
                self.assertIsNot(c._h, obj._h, (obj, make))
                c.close()
            with self.assertRaises(TypeError):
                pickle.dumps(obj)
        self.assertEqual((r.get("target"), p.get("ask")), (2000, 0))
        self.assertEqual(copy.copy(g), g)
        self.assertEqual(copy.copy(rec).text(), rec.text())


# ----------------------------------------------------------------------
class ViewTests(unittest.TestCase):
    def test_view_needs_a_seat(self):
        g = Game(seed=17)
        with self.assertRaises(TypeError):
            g.view()                                # noqa - no seat
        with self.assertRaises(TypeError):
            g.json()
        with self.assertRaises(TypeError):
            g.view(None)

    def test_full_state_is_everything_and_views_are_not(self):
        g = Game(seed=18)
        full = g.full_state()
        self.assertEqual(full, json.loads(g.full_state_json()))
        self.assertIsNone(full["viewer"])
        self.assertIn("seed", full)
        self.assertEqual([h["cards"] for h in full["hands"]],
                         [g.hand(s) for s in range(4)])
        for seat in range(4):
            mine = g.view(seat)
            self.assertEqual(mine, json.loads(g.json(seat)))
            self.assertEqual(mine["viewer"], seat)
            self.assertNotIn("seed", mine)
            self.assertEqual([h["cards"] for h in mine["hands"]],
                             [g.hand(s) if s == seat else None
                              for s in range(4)])
            self.assertEqual([h["size"] for h in mine["hands"]],
                             [g.hand_size(s) for s in range(4)])

if __name__ == "__main__":
    unittest.main(verbosity=2)
