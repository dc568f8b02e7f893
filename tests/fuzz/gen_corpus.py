#!/usr/bin/env python3
"""Write the seed corpus of the fuzz harnesses, tests/fuzz/corpus/NAME/,
and the dictionaries of the text harnesses, tests/fuzz/NAME.dict.

    CANASTA_LIBRARY=/path/to/libcanasta.so python3 tests/fuzz/gen_corpus.py

Deterministic: running it again rewrites the same files.  The save,
position and record seeds are written by the library itself, through
bindings/python (CANASTA_LIBRARY names a shared library built from this
tree); without a library those seeds are left as they are.  The seeds are
small on purpose; they only show each harness the shape of its input
(see the comment at the top of each tests/fuzz/fuzz_NAME.c), and the
fuzzer grows its own corpus from them.
"""
import os
import sys
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def write(harness, name, data):
    d = os.path.join(HERE, "corpus", harness)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(bytes(data))


def u64(x):
    return list(struct.pack("<Q", x))


def u32(x):
    return list(struct.pack("<I", x & 0xFFFFFFFF))


# ---- card: card text -------------------------------------------------
for i, text in enumerate([
        b"7h", b"10s", b"Ts", b"tS", b"Jk", b"JK", b"jk", b"Qd", b"As",
        b"2c", b"3d", b"3s", b"Kh", b"9C", b"10", b"1", b"", b"Jkk", b"11h",
        b"0s", b"7x", b"7h 10s Jk\n2c", b"Ah\0Kd", b"\x80h", b"10h\0",
        b"\x3c\x02", b"\x07\x03", b"\xff\xff\xff\xff\x05"]):
    write("card", "text-%02d" % i, text)

# ---- rules: op, key, operands ----------------------------------------
# key byte < 200 picks from the 13 known keys (index = byte % 13), 200..214
# gives -3..11, 215..229 gives 95..109 (the read-only block);
# value byte < 128 then u16 inside the range, else an edge or a raw int.
rules = {
    "defaults": [1, 0, 1, 4, 1, 7, 1, 11],
    "target-low": [0, 0, 0x00, 0x10, 0x00, 3, 0, 0] + u64(7),
    # byte 128: the top of the range, 133: the bottom
    "all-options": [0, 1, 133, 0, 2, 133, 0, 3, 128, 0, 4, 128, 0, 5, 128,
                    0, 6, 128, 3, 0] + u64(99),
    "range-edges": [0, 4, 128, 0, 4, 129, 0, 4, 130, 0, 4, 131,
                    0, 0, 128, 0, 0, 133] + u32(-5),
    "readonly": [0, 7, 0, 1, 0, 8, 0, 2, 0, 11, 129],
    "unknown-keys": [0, 215, 0, 1, 229, 0, 1, 255] + u32(1 << 31) +
                    [0, 250] + u32(8) + [5],
    "tables": [2, 0] + u32(1499) + [4, 2, 0] + u32(2999) + [255,
               2, 0] + u32(0x80000000) + [9],
    "alloc": [4, 0, 0] + u64(1) + [4, 0, 1] + u64(2) + [4, 0, 2] + u64(3) +
             [4, 0, 3] + u64(4) + [4, 0, 7] + u64(5),
    "hand-size-15": [0, 4, 128, 3, 0] + u64(123456789),
    "draw-two": [0, 6, 128, 0, 5, 128, 3, 0] + u64(42),
    # every read-only key by number (100..105) and the first past them
    "readonly-block": [1, 220, 1, 221, 1, 222, 1, 223, 1, 224, 1, 225,
                       1, 226, 0, 225, 1, 0, 12, 129],
}
for name, data in rules.items():
    write("rules", name, data)

# ---- score: need, probes, then score_side ------------------------------
# probe: rank byte, naturals, twos, jokers (small_int: byte % 12 - 1)
def si(v):  # small_int encoding of v in -1..10
    return v + 1


def meld_row(rank, n, t, j):
    return [rank - 3, si(n), si(t), si(j)]


score = {
    # S4: K x7 + A x3, two red threes, went out, partner holds a 7
    "s4": [0, 0, 7, 2] + meld_row(13, 7, 0, 0) + meld_row(14, 3, 0, 0) +
          [si(2), si(1), 1, 20, 79],
    "probes": [0, 6] + [4, si(2), si(1), si(0)] + [3, si(3), si(0), si(0)] +
              [3, si(3), si(1), si(0)] + [14, si(2), si(2), si(2)] +
              [1, si(5), si(0), si(0)] + [0xf0, si(2), si(0), si(0)] +
              [0, 0, 0, 0, 0, 0, 0],
    "black-threes": [0, 0, 7, 2] + meld_row(3, 4, 0, 0) +
                    meld_row(9, 5, 1, 1) + [si(0), si(1), 0, 60],
    "no-melds-red": [0, 0, 7, 0, si(3), si(0), 3, 60, 0, 5, 30],
    "impossible": [1, 0, 7, 1] + meld_row(7, 4, 0, 0) +
                  [si(5), si(2), 2, 5, 13, 40],
    "hand-copies": [0, 0, 7, 0, si(0), si(0), 4, 1, 1, 1, 60],
}
for name, data in score.items():
    write("score", name, data)

# ---- deck: seed, options, mode, material -------------------------------
def sorted_deck():
    d = []
    for _pack in range(2):
        for suit in range(4):
            for rank in range(2, 15):
                d.append(rank * 4 + suit)
        d += [60, 60]
    return d


full = sorted_deck()
wild_red = [c for c in full if c == 60 or c // 4 == 2 or c in (13, 14)]
plain = [c for c in full if c not in wild_red]
# upcards: every wild card and red three turned up in a row after the deal
upcards_all = plain[:44] + wild_red + plain[44:]
# red threes in the first hands dealt
red_first = [13, 14, 13, 14] + [c for c in full if c not in (13, 14)]
# X6: three packs and six jokers, 162 cards
six_deck = sorted_deck() + [c for c in sorted_deck()[:54]]
six_red_first = [13, 14, 13, 14, 13, 14] + [c for c in six_deck
                                            if c not in (13, 14)]
deck = {
    "sorted": u64(1) + [0, 0] + full,
    "upcards-all-wild": u64(2) + [0, 0] + upcards_all,
    "red-threes-dealt": u64(3) + [0, 0] + red_first,
    "short": u64(4) + [0, 0] + full[:107],
    "long": u64(5) + [0, 0] + full + [60],
    "bad-code": u64(6) + [0, 0] + full[:50] + [61] + full[51:],
    "swaps": u64(7) + [0, 1] + [0, 107, 5, 60, 44, 45, 12, 99],
    "spoiled": u64(8) + [0, 2] + [1, 2, 3, 4, 17, 60],
    "cut": u64(9) + [0, 3] + [10, 20, 3],
    "hand15-draw2": u64(10) + [3, 8, 1] + [44, 70, 80, 90],
    # options bit 2: a preset byte follows (byte % 5 + 1, as in play)
    "x2-sorted": u64(11) + [4, 1, 0] + full,
    "x3-swaps": u64(12) + [4, 2, 1] + [0, 107, 5, 60, 44, 45, 12, 99],
    "x6-sorted": u64(13) + [4, 3, 0] + six_deck,
    "x6-red-threes-dealt": u64(14) + [4, 4, 0] + six_red_first,
    "x6-cut": u64(15) + [4, 4, 3] + [10, 20, 3],
}
for name, data in deck.items():
    write("deck", name, data)

# ---- play: seed, option mask + values, steps ----------------------------
# ops: 0-127 legal (index byte), 128-175 built move, 176-207 mutated
# legal, 208-219 undo, 220-235 finish hand + next hand, 236-255 set_deck
def legal(*idx):
    out = []
    for i in idx:
        out += [0, i]
    return out


play = {
    "finish": u64(1) + [0],
    "classic-moves": u64(2) + [0] + legal(0, 1, 2, 3, 0, 5, 0, 0, 1, 9),
    "low-target": u64(3) + [0x01, 1] + [220] * 6,
    "tie-declare": u64(4) + [0x09, 3, 1] + [220] * 8,
    "no-ask": u64(5) + [0x02, 0] + legal(0, 0, 0, 0) + [220],
    "one-card-off": u64(6) + [0x04, 0] + legal(1, 1, 1, 1) + [220, 220],
    "hand15-draw2": u64(7) + [0x50, 8, 1] + legal(0, 2, 4, 6) + [220],
    "two-canastas": u64(8) + [0x20, 1] + [220, 220, 220],
    "built-moves": u64(9) + [0] + [128, 0, 0, 0, 1, 4, 3, 1, 2, 3] +
                   [129, 3, 0, 5, 0] + [131, 0, 0, 0, 2, 0, 2, 1, 2, 6, 2, 3,
                                        4] + [137, 250, 0, 0],
    "bad-fields": u64(10) + [0] + [128, 255, 255, 250, 61, 245, 0] +
                  [129, 3, 241, 200, 255] + [130, 1, 0, 0, 250, 255, 250],
    "mutated": u64(11) + [0] + [176, 0, 0, 0, 1] + [177, 3, 1, 3, 5] +
               [178, 0, 2, 9, 200] + [179, 1, 0, 1, 7, 3, 4, 5, 6],
    "undo": u64(12) + [0] + legal(0, 1, 0) + [208, 208, 208, 208] +
            legal(1) + [210],
    "set-deck": u64(13) + [0] + [236, 5, 0, 107, 1, 50, 2, 3, 4, 5, 200] +
                legal(0) + [237, 0, 40],
    "deck-spoiled": u64(14) + [0] + [240, 0, 10, 5, 61],
    "take-pile": u64(15) + [0] + legal(0, 2, 0, 1, 0, 3, 1, 2, 1, 1, 1, 0),
    "long-game": u64(16) + [0x01, 20] + [220] * 12 + legal(0, 1, 2) +
                 [208] + [220] * 4,
    # mask bit 7: a preset byte follows (byte % 5 + 1): 1 two players
    # (X2), 2 three players (X3), 3 six in three sides, 4 six in two (X6)
    "x2-moves": u64(21) + [0x80, 1] + legal(0, 1, 2, 3, 0, 5, 0, 0, 1, 9) +
                [220, 220],
    "x3-take-pile": u64(22) + [0x80, 2] +
                    legal(0, 2, 0, 1, 0, 3, 1, 2, 1, 1, 1, 0) * 3 +
                    [248] + [220] * 2 + [208, 208],
    "x6-three-sides": u64(23) + [0x80, 3] + legal(0, 1, 2, 0, 1) +
                      [220] * 3 + [248],
    "x6-two-sides-low-target": u64(24) + [0x81, 4, 1] + [220] * 6,
    "x3-mutated": u64(25) + [0x80, 2] + [176, 0, 0, 0, 1] +
                  [177, 3, 1, 3, 5] + [129, 3, 0, 5, 0] + [220],
}
for name, data in play.items():
    write("play", name, data)

# ---- move_text: default-seat byte, why-size byte, text -----------------
# seat byte % 9 - 2: 2 -> default seat 0, 1 -> -1 (seat required)
for i, (seat, text) in enumerate([
        (2, b"2 meld 7h 7d 7s, Kc Kd 2s"), (1, b"0 take 9:"),
        (3, b"take 9c 9s"), (2, b"1 discard 10H"), (4, b"draw"),
        (2, b"3 yes"), (2, b"0 no"), (2, b"meld K: Jk"), (2, b"1 next"),
        (2, b"0 take 5h 5d, Kc Kd Ks"), (2, b"0 decline"), (2, b"2 ask"),
        (1, b"draw"), (2, b"7 draw"), (2, b"0 meld"), (2, b"0 discard 7h 8h"),
        (2, b"0 meld 7:7h 7d"), (2, b"0 meld 7 : 7h"), (2, b"0 meld 3: 3c 3s 3c"),
        (2, b"0\tMELD\t7H,7D  ,  2c"), (8, b"0 meld Jk 2c"),
        (2, b"0 discard ??"), (2, b"0 meld " + b"7h " * 17),
        (2, b"0 meld " + b"4c 4d 4h, " * 13)]):
    write("move_text", "move-%02d" % i, [seat, 60] + list(text))
# Regression: read as a raw move, a TAKE_PILE with no groups, which
# canasta_move_to_string once wrote as "0 take" (text it cannot read).
write("move_text", "raw-take-no-groups", [2, 0, 0, 0])


# ---- dictionaries for the text harnesses (libFuzzer -dict) --------------
MOVE_WORDS = ["draw", "take", "meld", "discard", "ask", "yes", "no",
              "decline", "next", ",", ":", " ", "\t", "10", "T", "Jk", "??",
              "K:", "3:", "9:"]
TEXT_WORDS = MOVE_WORDS + [
    "canasta-save 1", "canasta-position 1", "canasta-record 1", "\n",
    "\r\n", "# ", "preset classic", "option target ", "option ask-permission ",
    "option one-card-rule ", "option tie-rule ", "option hand-size ",
    "option canastas-to-go-out ", "option draw-count ",
    "option concealed-additions ", "sides 0 1 0 1",
    "seed ", "view ", "hand-number ", "dealer ", "phase ", "play", "answer",
    "hand-over", "game-over", "turn ", "source ", "none", "stock", "pile",
    "melds-this-turn ", "take-extra ", "permission ", "asked",
    "melded-before-turn ", "new-melds ", "added-to-earlier-melds ",
    "seat-melded ", "totals ",
    "last-hand ", "went-out", "concealed", "red-three", "last-score ",
    "opened ", "hand ", "red-threes ", "meld ", "start-totals ",
    "start-last-hand ", "start-last-score ", "deck ", "begin position",
    "end position", "begin base", "end base", "= ", "deal hand ", "upcard ",
    "redthree ", "replace ", "drew ", "pickup ", "side ", "canasta ",
    "natural", "mixed", "end ", "score side ", "melded ", "redthrees ",
    "out ", "inhand ", "total ", "gameover winner ", "gameover tie",
    "dealt ", "-", "1000000000", "-2147483648",
    # partial positions (1.1): "+N" cards dealt, "rest" to the stock
    " +11", " +0", " rest", "999000000", "-999000000"]


def write_dict(name, words):
    def quote(w):
        return "".join("\\x%02x" % ord(c) if c in "\"\\" or not
                       (" " <= c <= "~") else c for c in w)
    with open(os.path.join(HERE, name + ".dict"), "w") as f:
        f.write("# libFuzzer dictionary for fuzz_%s (written by "
                "gen_corpus.py)\n" % name)
        for w in words:
            f.write('"%s"\n' % quote(w))


write_dict("move_text", MOVE_WORDS)
for name in ("save", "position", "record"):
    write_dict(name, TEXT_WORDS)


# ---- save / position / record: written by the library itself -----------
# These need the Python binding and a built shared library: set
# CANASTA_LIBRARY (e.g. to a libcanasta.so built from this tree).  Without
# it the text seeds already committed are kept.
def library_seeds():
    sys.path.insert(0, os.path.join(HERE, "..", "..", "bindings", "python"))
    try:
        import canasta  # noqa: E402
        canasta.load_library(os.environ.get("CANASTA_LIBRARY"))
    except Exception as e:  # no library: keep what is committed
        print("gen_corpus: no library (%s); text seeds left as they are" % e)
        return

    def play(g, n, pick=0):
        for _ in range(n):
            if g.over or g.phase == "hand-over":
                return
            moves = g.legal_moves()
            g.apply(moves[min(pick, len(moves) - 1)])

    def finish(g):
        while g.phase not in ("hand-over", "game-over"):
            g.apply(g.legal_moves()[0])

    def enc(s):
        return list(s.encode())

    fresh = canasta.Game(seed=1)
    early = canasta.Game(seed=2)
    play(early, 6)
    ended = canasta.Game(seed=3, target=1000)
    finish(ended)
    second = canasta.Game(seed=4)
    finish(second)
    second.apply(second.legal_moves()[0])   # next hand: start lines
    play(second, 3)
    custom = canasta.Game(seed=5, hand_size=7, draw_count=2)
    deck = custom.deck()
    custom.set_deck(deck[54:] + deck[:54])  # written as a deck line
    play(custom, 4)
    asked = canasta.Game(seed=6)
    play(asked, 40)
    based = canasta.Game.from_position(early.position())
    play(based, 2)                          # a save with a base block

    games = {"fresh": fresh, "early": early, "ended": ended,
             "second-hand": second, "custom-deck": custom, "mid-hand": asked,
             "from-position": based}
    for name, g in games.items():
        write("save", name, enc(g.save()))
    # Regression: hand 1 dealt by another seat than the seed's first
    # dealer; canasta_game_load once accepted it, and the game it made
    # could not be recorded (E_MISMATCH).
    wrong = custom.save().replace("\nseed 5\n", "\nseed 0\n")
    write("save", "dealer-not-seed", enc(wrong))
    for name in ("fresh", "early", "ended", "second-hand", "mid-hand"):
        write("position", name, enc(games[name].position()))
    hidden = [l if not l.startswith("hand 1 ") else
              "hand 1 ??" + l[l.index(" ", 7):] for l in
              early.position().split("\n")]
    write("position", "hidden-card", enc("\n".join(hidden)))

    # records: a few moves of a hand; a seat's view; an illegal move; a
    # wrong event; a hand that begins from a position
    def record_of(g, start_moves, more):
        play(g, start_moves)
        r = canasta.Record(g)
        for _ in range(more):
            if g.phase in ("hand-over", "game-over"):
                break
            g.apply(g.legal_moves()[0])
            r.update(g)
        return r

    r = record_of(canasta.Game(seed=7), 0, 8)
    text = r.text()
    write("record", "short", enc(text))
    write("record", "view", enc(r.text(0)))
    lines = text.split("\n")
    moves = [i for i, l in enumerate(lines) if l[:1].isdigit()]
    if moves:
        bad = list(lines)
        bad[moves[-1]] = bad[moves[-1]].split(" ")[0] + " decline"
        write("record", "illegal-move", enc("\n".join(bad)))
    events = [i for i, l in enumerate(lines) if l.startswith("= ")]
    if len(events) > 2:
        bad = list(lines)
        bad[events[2]] = "= 0 drew 7h"
        write("record", "wrong-event", enc("\n".join(bad)))
    g = canasta.Game(seed=8)
    finish(g)
    r = canasta.Record(g)
    g.apply(g.legal_moves()[0])
    r.update(g)
    play(g, 2)
    r.update(g)
    write("record", "next-hand", enc(r.text()))
    p = canasta.Game.from_position(canasta.Game(seed=9).position())
    r = canasta.Record(p)
    play(p, 3)
    r.update(p)
    write("record", "from-position", enc(r.text()))

    # The games for two, three and six players (X2, X3, X6).
    def play_taking(g, n):
        # take the pile whenever possible, else the first legal move
        for _ in range(n):
            if g.phase in ("hand-over", "game-over"):
                return
            moves = g.legal_moves()
            takes = [m for m in moves if " take " in m + " "]
            g.apply(takes[0] if takes else moves[0])

    x3 = canasta.Game(seed=31, preset="three-players")
    rx3 = canasta.Record(x3)
    while x3.lone_hand is None and x3.phase not in ("hand-over",
                                                      "game-over"):
        play_taking(x3, 1)
        rx3.update(x3)
    play_taking(x3, 6)                      # partners after the merge
    rx3.update(x3)
    write("save", "x3-partnership", enc(x3.save()))
    write("position", "x3-partnership", enc(x3.position()))
    write("record", "x3-partnership", enc(rx3.text()))
    x6 = canasta.Game(seed=32, preset="six-two-sides")
    play(x6, 40)
    write("save", "x6-two-sides", enc(x6.save()))
    write("position", "x6-two-sides", enc(x6.position()))
    x6b = canasta.Game(seed=33, preset="six-three-sides")
    rx6 = canasta.Record(x6b)
    for _ in range(30):
        play_taking(x6b, 1)
        rx6.update(x6b)
    write("record", "x6-three-sides", enc(rx6.text()))
    x2 = canasta.Game(seed=34, preset="two-players")
    play(x2, 30)
    write("save", "x2-mid-hand", enc(x2.save()))
    write("position", "x2-mid-hand", enc(x2.position()))
    # Partial positions (1.1): the examples of examples/positions, which
    # name only some cards ("hand S +N", "stock rest") and leave out the
    # hand before's breakdown.
    ex = os.path.join(HERE, "..", "..", "examples", "positions")
    for name in sorted(os.listdir(ex)):
        if name.endswith(".pos"):
            with open(os.path.join(ex, name)) as f:
                write("position", "partial-" + name[:-4], enc(f.read()))


library_seeds()
