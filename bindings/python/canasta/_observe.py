"""The observation vector of canasta.env: its layout (docs/ENV.md,
"Observations") and the builder that reads it from the library.

Private to the package: canasta.env re-exports the public names (KINDS,
OBSERVATION_LAYOUT, OBS_SIZE, MAX_SEATS, MAX_SIDES, MAX_GROUPS).

An agent observes at every step, so the builder is written for speed
(docs/ENV.md, "Speed", has the figures).  It calls the library through
raw functions (canasta._internal), all inside the one batch (one lock)
the environment holds for the vector, lets the library write its answers
straight into the arrays, and asks only for what can have changed:

- after each move, five or six calls: the observer's hand, the pile, the
  stock size, the turn's state, the pile's status as side 0 sees it
  (every flag but "this side has not opened" is the pile's own,
  canasta.h) and the hand size of the seat that moved (a move changes no
  other hand); the phase and whose decision it is come from the
  environment, which asked them right after the move; in the
  three-player game the lone hand too.  The first time, and after a deal,
  the phase, the deciding seat, the hand number and every hand size are
  asked;
- while the environment has played no move since (a move being built,
  or several seats observed at one state), those answers stand: another
  seat costs one call (its hand), the same seat none;
- the rest is kept under a key made of those answers: (hand number,
  phase when the hand is over else 0, lone hand, stock + pile + all hand
  sizes).  Why it is enough: within a hand (the environment never undoes
  a move) cards only ever move from the stock, the pile and the hands to
  the red threes and the melds, never back, so the melds and red threes
  together change exactly when that sum falls; the one change that keeps
  it is X3's merge of two partners' melds, which happens when the lone
  hand is decided.  The dealer, totals, opening minimums, the last
  hand's breakdown and end, and the winner change only when a hand ends
  or a new one is dealt: with the hand number and the phase.  When only
  the sum fell, the moves played since (the environment's history) say
  what to ask again: the tables of the ranks they laid, and the movers'
  red threes unless those tables hold every card the sum lost.

All of it rests on the environment being the only one to play on its
game (docs/ENV.md: read env.game, never play on it).  test_env.py checks
the kept parts at every step of random games of every preset against an
environment that has just started from the same game (which asks for
everything), and the layout against the seat's JSON view.
"""
from __future__ import annotations

import array
import ctypes
from ctypes import c_int, c_size_t, c_uint8, c_void_p
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import CanastaError
from . import _internal as _i
from ._errors import E_PHASE

#: Card kinds, the index of every per-kind count in observations.  The
#: first 14 are the discard kinds of docs/SEARCH.md (discard action 6 + k).
KINDS = ("2", "3b", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
         "Jk", "3r")

# Card code -> kind (canasta.h: code = rank * 4 + suit, joker 60).
_KIND = [-1] * 64
for _c in range(8, 12):
    _KIND[_c] = 0                       # twos
_KIND[12] = _KIND[15] = 1               # 3c 3s: black threes
_KIND[13] = _KIND[14] = 14              # 3d 3h: red threes
for _r in range(4, 15):
    for _s in range(4):
        _KIND[_r * 4 + _s] = _r - 2
_KIND[60] = 13
del _c, _r, _s
_KIND_T = tuple(_KIND)

#: The largest game: seats, sides (score columns) and the groups of a move.
MAX_SEATS = 6
#: The most sides (score columns) of a game: 3 (six-three-sides).
MAX_SIDES = 3
#: The most groups of one move (CANASTA_MOVE_MAX_GROUPS).
MAX_GROUPS = 12
_PRESET_ORDER = ("classic", "two-players", "three-players",
                 "six-three-sides", "six-two-sides")
_OPTION_NAMES = ("target", "ask-permission", "one-card-rule", "tie-rule",
                 "hand-size", "canastas-to-go-out", "draw-count",
                 "concealed-additions")

# (name, length) of each field, in order; OBSERVATION_LAYOUT adds offsets.
_FIELDS: Tuple[Tuple[str, int], ...] = (
    ("preset", 5), ("players", 1), ("sides", 1), ("options", 8),
    ("phase", 5), ("hand_number", 1), ("dealer", MAX_SEATS),
    ("current_seat", MAX_SEATS), ("turn_seat", MAX_SEATS),
    ("turn_began", 3), ("turn_meld_moves", 1), ("turn_new_melds", 12),
    ("turn_melded_before", 1), ("permission", 4), ("lone_hand", MAX_SEATS),
    ("stock_size", 1), ("own_hand", 15),
    ("seats", MAX_SEATS * 4), ("tables", MAX_SIDES * 45),
    ("columns", MAX_SIDES * 9), ("pile_size", 1), ("pile_top", 15),
    ("pile_cards", 15), ("last_hand_how", 4), ("last_hand_seat", MAX_SEATS),
    ("winner", MAX_SIDES + 1), ("partial_kind", 2), ("partial_groups", 1),
    ("partial", MAX_GROUPS * 4),
)


def _layout() -> Dict[str, Tuple[int, int]]:
    out, at = {}, 0
    for name, n in _FIELDS:
        out[name] = (at, n)
        at += n
    return out


#: name -> (offset, length) of every field of the observation vector.
OBSERVATION_LAYOUT: Dict[str, Tuple[int, int]] = _layout()
#: The length of the observation vector, 364.
OBS_SIZE = sum(n for _, n in _FIELDS)
_O = {k: v[0] for k, v in OBSERVATION_LAYOUT.items()}
(_PRESET, _PLAYERS, _SIDES, _OPTIONS, _PHASE, _HAND_NUMBER, _DEALER, _CURRENT,
 _TURN_SEAT, _TURN_BEGAN, _TURN_MELDS, _TURN_NEW, _TURN_BEFORE, _PERMISSION,
 _LONE, _STOCK, _OWN, _SEATS, _TABLES, _COLUMNS, _PILE_SIZE, _PILE_TOP,
 _PILE_CARDS, _LAST_HOW, _LAST_SEAT, _WINNER, _PARTIAL_KIND, _PARTIAL_GROUPS,
 _PARTIAL) = (_O[name] for name, _ in _FIELDS)

# The set bits of a value, as tuples: pile status flags (6 bits) and the
# turn's new melds (bits 3..14, shifted down by 3).
_BITS = tuple(tuple(i for i in range(12) if x >> i & 1)
              for x in range(1 << 12))
_TABLE_LEN = 39                 # opened, 2 canasta counts, 12 ranks x 3
_ZERO_TABLE = bytes(4 * _TABLE_LEN)
_PILE_END = _PILE_CARDS + 15    # pile_size, pile_top, pile_cards: 31 ints
_ZERO_PILE = bytes(4 * (_PILE_END - _PILE_SIZE))
_UNOPENED = 4                   # CANASTA_PILE_FROZEN_UNOPENED
_ALL_RANKS = range(3, 15)
# Where a table array holds the meld of each rank (naturals, twos, jokers).
_CELLS = {r: (3 * (r - 2), 3 * (r - 2) + 1, 3 * (r - 2) + 2)
          for r in _ALL_RANKS}
# Move kinds (enum canasta_move_kind) and the canasta_move layout.
_DRAW, _TAKE, _MELD = 1, 2, 3
_LAYS = frozenset((_DRAW, _TAKE, _MELD))
# discard, ask, yes, no, decline: no card reaches a table or red threes.
_LAYS_NOTHING = frozenset((4, 5, 6, 7, 8))
# Every kind but NEXT_HAND (9), which deals.
_DEALS_NOTHING = frozenset((1, 2, 3, 4, 5, 6, 7, 8))
_GROUPS, _GROUP_SIZE = 4, 18    # canasta_move.groups, sizeof canasta_group


class _Raw:
    """The library functions the environment calls in its loop, declared
    again with plain addresses (c_void_p) so that a call costs no ctypes
    conversion of wrapper objects (canasta._internal.function: its own
    function objects, the binding's declarations are left as they are).
    They are only ever called inside a canasta._internal.batch of the
    game, with the address it gives, and with seats and sides of that
    game."""

    def __init__(self, lib: Any) -> None:
        V, I, S = c_void_p, c_int, c_size_t

        def fn(name: str, *args: Any) -> Any:
            return _i.function(lib, "canasta_" + name, *args)
        # First: a 1.0 library lacks it (MissingFunctionError).
        self.turn_state = fn("game_turn_state", V, V, V, V, V, V, V)
        self.legal = fn("legal_moves", V, S, V, V)
        self.apply = fn("apply", V, S, V, V)
        for name in ("phase", "current_seat", "dealer", "hand_number",
                     "stock_size", "lone_hand", "winner"):
            setattr(self, name, fn("game_" + name, V, V))
        for name in ("hand_size", "seat_side", "opened", "total",
                     "opening_minimum", "pile_status"):
            setattr(self, name, fn("game_" + name, V, V, I))
        self.hand = fn("game_hand", V, S, V, V, I)
        self.red_threes = fn("game_red_threes", V, S, V, V, I)
        self.pile = fn("game_pile", V, S, V, V)
        self.meld = fn("game_meld", V, V, V, V, I, I)
        self.canastas = fn("game_canastas", V, V, V, I)
        self.hand_score = fn("game_hand_score", V, S, V, I)
        self.hand_end = fn("game_hand_end", V, V, V)


# One set of declarations per library (a process has one or two).
_RAWS: Dict[int, Tuple[Any, _Raw]] = {}


def raw(lib: Any) -> _Raw:
    """The raw functions of a library (canasta._internal.library)."""
    got = _RAWS.get(id(lib))
    if got is None or got[0] is not lib:
        got = _RAWS[id(lib)] = (lib, _Raw(lib))
    return got[1]


def _failed() -> CanastaError:
    # A query on a valid game with its own seats and sides does not fail.
    return CanastaError(-1, "a query of the observation failed")


class Observer:
    """The observation vectors of one game (one environment's): vector(h,
    me) builds the seat's vector but for the partial move's fields (the
    environment's own state), inside the caller's batch h.

    Per game: preset, players, sides, the options and each seat's score
    column (columns).  Every vector is a new array.array('i')."""

    def __init__(self, r: _Raw, preset: str, players: int, sides: int,
                 options: Sequence[int], columns: Sequence[int],
                 lone_hand_game: bool) -> None:
        self._r = r
        self._P, self._S = players, sides
        self._columns = list(columns)
        self._x3 = lone_hand_game
        P = players
        static = [0] * OBS_SIZE
        static[_PRESET + _PRESET_ORDER.index(preset)] = 1
        static[_PLAYERS] = P
        static[_SIDES] = sides
        static[_OPTIONS:_OPTIONS + 8] = list(options)
        for s in range(P):
            static[_SEATS + s * 4 + 3] = 1      # a seat of this game
        self._static = array.array("i", static)
        # rel[me][s]: seat s's slot for observer me.
        self._rel = [[(s - me) % P for s in range(P)] for me in range(P)]
        self._size_at = [[_SEATS + (s - me) % P * 4 for s in range(P)]
                         for me in range(P)]
        # Scratch for the answers: ints (with their addresses) and cards.
        # Ints: 0 phase, 1 hand number, 2 stock size, 3 lone hand, 4..9
        # hand sizes, 10..15 turn state, 16 deciding seat, 17..19 pile
        # status, 20..25 seat sides, 26..29 dealer, hand end, winner.
        self._v = (c_int * 32)()
        base = ctypes.addressof(self._v)
        self._a = [base + 4 * i for i in range(32)]
        self._v[3] = -1             # the lone hand, asked in X3 only
        self._hand = (c_uint8 * 256)()
        self._hand_a = ctypes.addressof(self._hand)
        self._pile = (c_uint8 * 256)()
        self._pile_a = ctypes.addressof(self._pile)
        self._n = c_size_t()
        self._n_a = ctypes.addressof(self._n)
        self._key: Optional[Tuple[int, int, int, int]] = None
        self._others = [[s for s in range(P) if s != me] for me in range(P)]
        self._red_buf = (c_uint8 * 256)()
        self._red_a = ctypes.addressof(self._red_buf)
        # Cards per kind of each seat's hand and the pile's fields, each
        # with the card bytes they were counted from.
        self._hands: List[Any] = [(None, None)] * P
        self._pile_raw = b""
        self._pile_block: Any = None
        # The length of the history at the last _ask, and at each seat's
        # last hand; what _ask got (the int answers, as a list).
        self._stamp = -1
        self._hand_stamp = [-1] * P
        self._moves_seen = -1       # the history's length at the last _ask
        self._got: List[int] = []
        self._seen = 0              # moves of the history seen by _refresh
        self._table_of: Optional[List[int]] = None
        self._templates: List[Any] = [None] * P
        # How often the kept parts were asked for again, and how often
        # all of them (test_env.py checks that both ways are taken).
        self.refreshes = 0
        self.full_refreshes = 0

    # -- what is kept ---------------------------------------------------
    def _refresh(self, h: int, key: Tuple[int, int, int, int],
                 history: Sequence[bytes]) -> None:
        """Ask again for what the key covers.  When only the sum changed,
        only the tables and red threes that the moves played since the
        last refresh touched (history: the environment's moves, raw
        canasta_move bytes) are asked again, and the templates made so
        far are mended; else everything is, and the templates are made
        again when next needed."""
        old, self._key = self._key, None
        moves = history[self._seen:]
        self._seen = len(history)
        touched = None
        if old is not None and old[:3] == key[:3]:
            touched = self._moved(h, moves, old[3] - key[3])
        if touched is None:
            if old is None or old[:2] != key[:2]:
                self._hand_part(h, key[1])
            self._table_part(h)
            self._templates = [None] * self._P
            self.full_refreshes += 1
        else:
            self._mend(*touched)
        self._key = key
        self.refreshes += 1

    def _moved(self, h: int, moves: Sequence[bytes], laid: int
               ) -> Optional[Tuple[Any, Any]]:
        """Within a hand whose lone hand is unchanged, the moves since the
        last refresh changed only the mover's red threes (a draw or a
        take) and the melds of the ranks its side laid (a meld or a take;
        byte 0 of a canasta_move is its kind, 1 its seat, 3 its number of
        groups, and each group begins with its rank).  Asks for those
        alone and returns (the seats, the sides) asked for; None (nothing
        asked) when a move is of another kind than those and the ones
        that lay no card (discard, ask, answers, decline), so that the
        caller asks for everything.  laid: how much the key's sum fell,
        the cards laid on tables and as red threes since; when the tables
        asked again account for all of them, no red three was laid and
        the red threes are not asked for."""
        red, ranks = set(), {}          # seats; side -> ranks
        table_of = self._table_of
        assert table_of is not None
        for m in moves:
            kind, seat = m[0], m[1]
            if kind in _LAYS_NOTHING:
                continue
            if kind not in _LAYS or seat >= self._P:
                return None
            if kind != _MELD:           # a draw or a take
                red.add(seat)
            if kind != _DRAW:           # a meld or a take
                got = ranks.setdefault(table_of[seat], set())
                for j in range(m[3]):
                    rank = m[_GROUPS + _GROUP_SIZE * j]
                    if not 3 <= rank <= 14:
                        return None
                    got.add(rank)
        r, rc = self._r, 0
        for side, changed in ranks.items():
            t = self._tables[side]
            was = sum([t[i] for k in changed for i in _CELLS[k]])
            rc |= self._ask_table(h, side, t, changed)
            laid -= sum([t[i] for k in changed for i in _CELLS[k]]) - was
        if laid == 0:
            red.clear()
        for seat in red:
            rc |= r.red_threes(self._red_a, 256, self._n_a, h, seat)
            self._red[seat] = self._n.value
        if rc:
            raise _failed()
        return red, ranks

    def _mend(self, seats: Any, sides: Any) -> None:
        """Bring the templates made so far up to date with the red threes
        of seats and the tables of sides (what _moved asked again)."""
        table_of, S = self._table_of, self._S
        assert table_of is not None
        for me, tpl in enumerate(self._templates):
            if tpl is None:
                continue
            t, status_at = tpl
            rel = self._rel[me]
            for s in seats:
                t[_SEATS + rel[s] * 4 + 1] = self._red[s]
            mine = table_of[me]
            for side in sides:
                b = _TABLES + (side - mine) % S * 45
                table = self._tables[side]
                t[b:b + _TABLE_LEN] = table
                status_at[side] = (b + _TABLE_LEN,
                                   0 if table[0] else _UNOPENED)

    def _hand_part(self, h: int, phase: int) -> None:
        r, v, a = self._r, self._v, self._a
        rc = r.dealer(a[26], h)
        rc |= r.hand_end(a[27], a[28], h)
        self._winner: Optional[int] = None
        if phase == 5:
            rc |= r.winner(a[29], h)
            self._winner = v[29]
        if rc:
            raise _failed()
        self._dealer, self._how, self._went_out = v[26], v[27], v[28]
        cols = []
        for col in range(self._S):
            c = (c_int * 9)()
            at = ctypes.addressof(c)
            rc |= r.total(at, h, col)
            rc |= r.opening_minimum(at + 4, h, col)
            # E_PHASE before the first hand's end: zeros.
            got = r.hand_score(at + 8, 7, h, col)
            if got not in (0, E_PHASE):
                rc |= got
            cols.append(array.array("i", bytes(c)))
        if rc:
            raise _failed()
        self._cols = cols

    def _table_part(self, h: int) -> None:
        r, v, a, P = self._r, self._v, self._a, self._P
        rc = 0
        red = []
        for s in range(P):
            rc |= r.red_threes(self._red_a, 256, self._n_a, h, s)
            red.append(self._n.value)
        # The table of each seat: fixed for the game but in X3, where two
        # partners share the lower seat's table once the lone hand is
        # known (canasta_game_seat_side).
        if self._x3 or self._table_of is None:
            for s in range(P):
                rc |= r.seat_side(a[20 + s], h, s)
            self._table_of = v[20:20 + P]
        tables = []
        for side in range(self._S):
            t = array.array("i", _ZERO_TABLE)
            rc |= self._ask_table(h, side, t, _ALL_RANKS)
            tables.append(t)
        if rc:
            raise _failed()
        self._red, self._tables = red, tables

    def _ask_table(self, h: int, side: int, t: Any,
                   ranks: Any) -> int:
        """Ask for side's opened state, canastas and its melds of ranks
        (each 3 .. 14), written by the library straight into t (an
        array.array('i') of _TABLE_LEN, never resized while it writes).
        A table t says is open stays open for the rest of the hand (O1),
        so that is not asked again."""
        r = self._r
        at = t.buffer_info()[0]
        rc = 0 if t[0] else r.opened(at, h, side)
        rc |= r.canastas(at + 4, at + 8, h, side)
        if t[0]:                        # an unopened table has no melds
            meld = r.meld
            for rank in ranks:
                m = at + 12 * (rank - 2)
                rc |= meld(m, m + 4, m + 8, h, side, rank)
        return rc

    def _template(self, me: int) -> Tuple[Any, List[Tuple[int, int]]]:
        """The kept parts in me's frame (the rest zero), and where each
        side's pile status goes."""
        assert self._key is not None
        P, S = self._P, self._S
        rel = self._rel[me]
        t = array.array("i", self._static)
        t[_HAND_NUMBER] = self._key[0]
        t[_DEALER + rel[self._dealer]] = 1
        lone = self._key[2]
        if lone >= 0:
            t[_LONE + rel[lone]] = 1
        table_of = self._table_of
        mine = table_of[me]
        for s in range(P):
            b = _SEATS + rel[s] * 4
            t[b + 1] = self._red[s]
            t[b + 2] = 1 if table_of[s] == mine else 0
        status_at = []
        for side in range(S):
            b = _TABLES + (side - mine) % S * 45
            table = self._tables[side]
            t[b:b + _TABLE_LEN] = table
            status_at.append((b + _TABLE_LEN, 0 if table[0] else _UNOPENED))
        my_col = self._columns[me]
        for col in range(S):
            b = _COLUMNS + (col - my_col) % S * 9
            t[b:b + 9] = self._cols[col]
        if self._how:
            t[_LAST_HOW + self._how - 1] = 1
        if self._went_out >= 0:
            t[_LAST_SEAT + rel[self._went_out]] = 1
        w = self._winner
        if w is not None:
            t[_WINNER + (MAX_SIDES if w < 0 else (w - my_col) % S)] = 1
        got = self._templates[me] = (t, status_at)
        return got

    # -- the vector -------------------------------------------------------
    def vector(self, h: int, me: int, history: Sequence[bytes],
               known: Optional[Tuple[int, int]] = None) -> Any:
        """Seat me's vector (array.array('i'), partial-move fields 0);
        history: every move the environment played on the game since the
        observer was made (raw canasta_move bytes), and no other move may
        have been played on it: so while its length is the same, the game
        is, and what was asked at that length is still the answer (a
        second seat observed at the same state costs one call, its hand;
        the same seat again none).  known: (phase, deciding seat) as the
        environment asked them after the history's last move, if it did."""
        stamp = len(history)
        if stamp != self._stamp:
            self._ask(h, me, history, known)
            self._stamp = stamp
        elif self._hand_stamp[me] != stamp:
            r = self._r
            if r.hand(self._hand_a, 256, self._n_a, h, me):
                raise _failed()
            self._keep_hand(me)
        self._hand_stamp[me] = stamp
        got = self._got
        phase, stock = got[0], got[2]
        tpl = self._templates[me]
        if tpl is None:
            tpl = self._template(me)
        out = array.array("i", tpl[0])
        seat, began, melds, new, before, perm, current, flags = got[10:18]
        rel = self._rel[me]
        out[_PHASE + phase - 1] = 1
        out[_CURRENT + rel[current]] = 1
        out[_TURN_SEAT + rel[seat]] = 1
        out[_TURN_BEGAN + began] = 1
        out[_TURN_MELDS] = melds
        if new:
            for i in _BITS[new >> 3 & 4095]:
                out[_TURN_NEW + i] = 1
        out[_TURN_BEFORE] = before
        out[_PERMISSION + perm] = 1
        out[_STOCK] = stock
        at = self._size_at[me]
        for s, size in enumerate(got[4:4 + self._P]):
            out[at[s]] = size
        counts = self._hands[me][1]
        if counts is not None:
            out[_OWN:_OWN + 15] = counts
        if self._pile_raw:              # else zeros, as in the template
            out[_PILE_SIZE:_PILE_END] = self._pile_block
        common = flags & ~_UNOPENED
        for b, unopened in tpl[1]:
            for i in _BITS[common | unopened]:
                out[b + i] = 1
        return out

    def _ask(self, h: int, me: int, history: Sequence[bytes],
             known: Optional[Tuple[int, int]]) -> None:
        """Ask for what changes from move to move (the observer's hand
        among it), then refresh what is kept if the key says so.  A move
        changes no hand but its mover's, and only a deal changes the hand
        number: so after moves of the history that deal nothing, only
        the movers' hand sizes are asked again.  known: (phase, deciding
        seat) the environment asked right after the last move, or None."""
        r, v, a = self._r, self._v, self._a
        rc = r.hand(self._hand_a, 256, self._n_a, h, me)
        nhand = self._n.value
        rc |= r.pile(self._pile_a, 256, self._n_a, h)
        npile = self._n.value
        if known is None:
            rc |= r.phase(a[0], h)
            rc |= r.current_seat(a[16], h)
        else:
            v[0], v[16] = known
        rc |= r.stock_size(a[2], h)
        if self._x3:
            rc |= r.lone_hand(a[3], h)
        hand_size = r.hand_size
        movers = self._movers(history)
        if movers is None:
            rc |= r.hand_number(a[1], h)
            movers = self._others[me]
        for s in movers:
            if s != me:
                rc |= hand_size(a[4 + s], h, s)
        rc |= r.turn_state(a[10], a[11], a[12], a[13], a[14], a[15], h)
        # The pile as side 0 sees it: every flag but "this side has not
        # opened" is the pile's own (canasta.h, enum canasta_pile_flag),
        # and whether a side has opened is kept with its table.
        rc |= r.pile_status(a[17], h, 0)
        if rc:
            self._moves_seen = -1       # ask for everything next time
            raise _failed()
        v[4 + me] = nhand               # its hand's length
        got = v[:18]
        phase = got[0]
        key = (got[1], phase if phase >= 4 else 0, got[3],
               got[2] + npile + sum(got[4:4 + self._P]))
        if key != self._key:
            self._refresh(h, key, history)
        self._got = got
        self._keep_hand(me, nhand)
        raw = ctypes.string_at(self._pile_a, npile) if npile else b""
        if raw and raw != self._pile_raw:
            self._pile_block = _pile_block(raw, self._pile_raw,
                                           self._pile_block)
        self._pile_raw = raw

    def _movers(self, history: Sequence[bytes]) -> Optional[Any]:
        """The seats that moved since the last _ask (byte 1 of each
        canasta_move), or None when every hand and the hand number must
        be asked for: at the first ask, or after a deal (NEXT_HAND) or a
        move of a kind not known here."""
        seen, self._moves_seen = self._moves_seen, len(history)
        if seen < 0:
            return None
        movers = set()
        for m in history[seen:]:
            if m[0] not in _DEALS_NOTHING or m[1] >= self._P:
                return None
            movers.add(m[1])
        return movers

    def _keep_hand(self, me: int, n: Optional[int] = None) -> None:
        """Count the cards of me's hand just asked for (in _hand)."""
        if n is None:
            n = self._n.value
        raw = ctypes.string_at(self._hand_a, n) if n else b""
        kept = self._hands[me]
        if kept[0] != raw:
            self._hands[me] = (raw, _counts(raw) if raw else None)


def _counts(raw: bytes) -> Any:
    """Cards per kind of a card list."""
    counts = [0] * 15
    kind = _KIND_T
    for c in raw:
        counts[kind[c]] += 1
    return array.array("i", counts)


def _pile_block(raw: bytes, old_raw: bytes, old: Any) -> Any:
    """The pile's fields (size, top kind one-hot, cards per kind) of a
    non-empty pile raw; from old's (those of old_raw) when raw is old_raw
    with one card more on top, the usual step: a discard."""
    kind = _KIND_T
    top = kind[raw[-1]]
    if old_raw and raw[:-1] == old_raw:
        block = array.array("i", old)
        block[1 + kind[old_raw[-1]]] = 0
    else:
        block = array.array("i", _ZERO_PILE)
        for c in raw[:-1]:
            block[16 + kind[c]] += 1
    block[0] = len(raw)
    block[1 + top] = 1
    block[16 + top] += 1
    return block
