#!/usr/bin/env python3
"""Tests of examples/play, the terminal game, driven through its stdin.

    python3 tests/play_test.py examples/play

1. The options: -h/--help on stdout with exit 0, --version (as every
   program prints it, tools/cli.c), a bad argument or seed on stderr
   with exit 2 (one line, then the hint to --help).
2. A session: list the moves, ask for a hint, try illegal and malformed
   moves (refused, nothing changes), draw (the hand grows by one card,
   T1), undo (the hand is back), save, play on, load (the saved table is
   back), a file that is not a saved game and a saved game of two players
   (both refused), quit.  Undo when
   the others have moved in the hand but seat 0 has not: refused, and
   nothing changes (nobody moves again); after seat 0's turn and the
   others' moves, undo takes them all back with seat 0's last move.
3. Whole games: every decision of seat 0 is answered with the move the
   hint names, until the program ends by itself; the final totals (the
   table printed after the last hand) must follow S6 (a side at or above the target 5000, the winner the side with
   the higher total) and no move may have been refused.

Only the standard library; every read has a deadline, so a program that
hangs fails the test instead of stopping make check.
"""
import os
import re
import select
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROMPT = "play> "
DEADLINE = 60.0  # seconds for any one answer of the program

failures = []


def check(cond, what, detail=""):
    if cond:
        print("ok      " + what)
    else:
        print("FAILED  " + what + (": " + detail if detail else ""))
        failures.append(what)
    return cond


class Play:
    """examples/play on pipes: send a line, read up to the next prompt."""

    def __init__(self, prog, *args):
        self.proc = subprocess.Popen(
            [prog] + list(args), stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.ended = False

    def read(self):
        """The output up to the next prompt (without it), or to the end."""
        out = b""
        fd = self.proc.stdout.fileno()
        while not out.endswith(PROMPT.encode()):
            ready, _, _ = select.select([fd], [], [], DEADLINE)
            if not ready:
                self.proc.kill()
                raise RuntimeError("no answer within %d s; output so far:\n%s"
                                   % (DEADLINE, out.decode()[-2000:]))
            chunk = os.read(fd, 65536)
            if not chunk:
                self.ended = True
                return out.decode()
            out += chunk
        return out.decode()[:-len(PROMPT)]

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()
        return self.read()

    def close(self):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        rest = self.proc.stdout.read().decode()
        err = self.proc.stderr.read().decode()
        return self.proc.wait(timeout=DEADLINE), rest, err


def hand(table):
    """The cards of the last "your hand:" line of a table."""
    lines = [l for l in table.splitlines() if l.startswith("your hand:")]
    return lines[-1].split()[2:] if lines else None


def options(prog):
    for flag in ("-h", "--help"):
        r = subprocess.run([prog, flag], capture_output=True, text=True)
        check(r.returncode == 0 and r.stdout.startswith("usage: play")
              and "hint" in r.stdout and r.stderr == "",
              "%s: usage and commands on stdout, exit 0" % flag)
    r = subprocess.run([prog, "--version"], capture_output=True, text=True)
    check(r.returncode == 0 and
          re.fullmatch(r"play \(libcanasta \d+\.\d+\.\d+\)\n", r.stdout),
          "--version names the library's version", r.stdout)
    for args in (["--bogus"], ["--seed"], ["--seed", "x"], ["--seed", "5x"],
                 ["--seed", "18446744073709551616"]):  # 2**64: too big
        r = subprocess.run([prog] + args, capture_output=True, text=True,
                           input="")
        check(r.returncode == 2 and r.stdout == "" and
              r.stderr.startswith("play: ") and
              r.stderr.endswith("Try 'play --help'.\n"),
              "%s: a usage error on stderr, exit 2" % " ".join(args),
              "exit %d, stderr %r" % (r.returncode, r.stderr))


def session(prog, tmp):
    p = Play(prog, "--seed", "7")
    first = p.read()
    start = hand(first)
    # At seat 0's first decision it holds the 11 cards of the deal (C4; a
    # red three dealt is laid out and replaced, R1).
    check(start is not None and len(start) == 11,
          "the table shows seat 0's 11 dealt cards", first)
    # The undo checks below take seat 0's first turn to be the hand's
    # first move (so undo stops at the hand's start): true for game 7.
    check(re.search(r"^seat [123]: ", first, re.M) is None,
          "game 7: seat 0 has the hand's first turn", first)

    out = p.send("moves")
    listed = re.findall(r"^ *(\d+)  (.*)$", out, re.M)
    check([int(n) for n, _ in listed] == list(range(1, len(listed) + 1))
          and len(listed) >= 1, "moves: numbered from 1", out)
    check(all(m.startswith("0 ") for _, m in listed),
          "moves: every move is seat 0's", out)
    # At the start of a turn (T1) the stock can be drawn from; no discard,
    # meld or ask comes before drawing.
    check("0 draw" in [m for _, m in listed],
          "moves: drawing is among them at the turn's start", out)
    check(not any(m.split()[1] in ("discard", "meld", "ask")
                  for _, m in listed),
          "moves: no discard, meld or ask before drawing", out)

    out = p.send("hint")
    m = re.search(r"^hint: (0 \S.*)\n +(\S.*)$", out, re.M)
    check(m is not None and m.group(1) in [t for _, t in listed],
          "hint: one of the listed moves, with a sentence", out)

    out = p.send("discard " + start[0])
    check(out.startswith("refused: T1:"),
          "discarding before drawing is refused with T1", out)
    out = p.send("meld")
    check("refused" not in out and "type help" in out,
          "a malformed move is a syntax error, not played", out)
    out = p.send(str(len(listed) + 1))
    check(out.startswith("no move %d" % (len(listed) + 1)),
          "a number past the list is refused", out)
    out = p.send("show")
    check(hand(out) == start, "show: nothing changed by the refused tries")

    out = p.send("draw")
    drawn = hand(out)
    # T1: one card from the stock (a red three drawn is laid out and
    # replaced, R1, so the hand still grows by exactly one).
    check(drawn is not None and len(drawn) == 12 and
          all(drawn.count(c) >= start.count(c) for c in start),
          "draw: the hand holds the 11 cards and one more", out)
    out = p.send("undo")
    check(out.startswith("undone") and hand(out) == start,
          "undo: the drawn card goes back", out)
    out = p.send("undo")
    check(out.startswith("there is no move to undo"),
          "undo at the start of the hand is refused (A3)", out)
    out = p.send("1" if listed[0][1] == "0 draw" else "draw")
    check(hand(out) == drawn,
          "draw again: the same card (the deal is fixed by the seed)", out)

    save = os.path.join(tmp, "game.save")
    out = p.send("save " + save)
    check(out.startswith("saved to ") and os.path.isfile(save),
          "save: the file is written", out)
    with open(save) as f:
        check(f.readline() == "canasta-save 1\n",
              "save: the file is a saved game (docs/NOTATION.md)")
    # Play on past the save: the hint's move, then whatever comes.
    hint = re.search(r"^hint: (.*)$", p.send("hint"), re.M).group(1)
    out = p.send(hint)
    check("refused" not in out and hand(out) != drawn,
          "the hint's move is played and changes the hand", out)

    junk = os.path.join(tmp, "junk.txt")
    with open(junk, "w") as f:
        f.write("not a saved game\n")
    out = p.send("load " + junk)
    check("is not a saved game" in out, "load: a file of junk is refused",
          out)
    out = p.send("load " + os.path.join(tmp, "missing.save"))
    check(out.startswith("could not read"), "load: a missing file", out)
    # A saved game of two players is a saved game, but not one for this
    # table of four seats: refused (the program used to exit 1 on it, at
    # the first query of seat 2).
    other = os.path.join(HERE, "fuzz", "corpus", "save", "x2-mid-hand")
    with open(other) as f:
        head = f.read(200)
    check(head.startswith("canasta-save 1\npreset two-players\n"),
          "the two-player save of the fuzz corpus is there", head)
    out = p.send("load " + other)
    check("is not a game of four players" in out and table(out) is None,
          "load: a saved game of two players is refused", out)
    out = p.send("show")
    check(hand(out) != drawn, "a refused load changes nothing", out)
    out = p.send("load " + save)
    check(hand(out) == drawn, "load: the saved table is back", out)
    out = p.send("undo")
    check(hand(out) == start,
          "undo after load: the saved moves can be taken back", out)

    p.proc.stdin.write(b"quit\n")
    rc, rest, err = p.close()
    check(rc == 0 and err == "", "quit: exit 0, nothing on stderr",
          "exit %d, stderr %r" % (rc, err))


def table(out):
    """The lines of the last table in out, from "hand N" to "your hand:"."""
    lines = out.splitlines()
    starts = [i for i, l in enumerate(lines) if re.match(r"hand \d+, pile", l)]
    if not starts:
        return None
    rest = lines[starts[-1]:]
    ends = [i for i, l in enumerate(rest) if l.startswith("your hand:")]
    return rest[:ends[0] + 1] if ends else None


def undo_before_my_move(prog):
    # Game 1: the dealer is seat 1, so seats 2 and 3 move before seat 0's
    # first decision (checked first).  Undo then has no move of seat 0 to
    # go back to (A3: never past the hand's start): it must be refused and
    # change nothing.  Undoing the others' moves anyway would make them
    # move again, perhaps differently, behind a "nothing to undo".
    p = Play(prog, "--seed", "1")
    first = p.read()
    before = table(first)
    check(re.search(r"^seat [23]: ", first, re.M) is not None and
          re.search(r"^seat 1: ", first, re.M) is None,
          "game 1: seats 2 and 3 move before seat 0's first decision", first)
    out = p.send("undo")
    check(out.startswith("there is no move to undo") and
          re.search(r"^seat \d: ", out, re.M) is None,
          "undo with no move of seat 0 in the hand: refused, nobody moves",
          out)
    out = p.send("show")
    check(before is not None and table(out) == before,
          "a refused undo leaves the table as it was", out)
    # Now seat 0's turn, played with the hint's moves until the others
    # move (its discard ends the turn, T1); undo goes back over all
    # their moves and takes back seat 0's last one: the table shown just
    # before that move is back.
    shown = before
    for _ in range(30):
        hint = re.search(r"^hint: (.*)$", p.send("hint"), re.M).group(1)
        out = p.send(hint)
        if re.search(r"^seat [123]: ", out, re.M):
            break
        shown = table(out)
    check(re.search(r"^seat 1: ", out, re.M) is not None,
          "game 1: seat 0's discard lets seat 1 move", out)
    out = p.send("undo")
    check(out.startswith("undone") and table(out) == shown,
          "undo goes back over the others' moves and takes back seat 0's "
          "last one", out)
    p.proc.stdin.write(b"quit\n")
    p.close()


def whole_game(prog, seed):
    p = Play(prog, "--seed", str(seed))
    out = p.read()
    log = [out]
    decisions = 0
    while not p.ended:
        hint = p.send("hint")
        m = re.search(r"^hint: (.*)$", hint, re.M)
        if not m:
            check(False, "game %d: every decision has a hint" % seed, hint)
            p.proc.kill()
            return
        out = p.send(m.group(1))
        log.append(out)
        decisions += 1
        if decisions > 5000:
            check(False, "game %d ends" % seed, "over 5000 decisions")
            p.proc.kill()
            return
    rc, rest, err = p.close()
    text = "".join(log) + rest
    check(rc == 0 and err == "", "game %d: exit 0 after %d decisions of "
          "seat 0" % (seed, decisions), "exit %d, stderr %r" % (rc, err))
    check("refused" not in text, "game %d: no hint's move was refused" % seed)
    end = text.rfind("the hand is over")
    totals = [int(t) for t in
              re.findall(r"^side [01] \([^)]*\), (-?\d+) points",
                         text[end:], re.M)] if end >= 0 else []
    won = re.search(r"^game over: side ([01]) wins$", text, re.M)
    check(len(totals) == 2 and won is not None,
          "game %d: final scores and a winner are printed" % seed,
          text[-500:])
    if len(totals) == 2 and won:
        winner = int(won.group(1))
        # S6: the game ends when a side reaches the target (5000); the
        # side with the higher total wins (a tie plays on by default).
        check(max(totals) >= 5000 and totals[winner] > totals[1 - winner],
              "game %d: the winner has the higher total, at least 5000 (S6)"
              % seed, str(totals))


def main():
    if len(sys.argv) != 2:
        print("usage: play_test.py PATH/TO/examples/play", file=sys.stderr)
        return 2
    prog = os.path.abspath(sys.argv[1])
    options(prog)
    with tempfile.TemporaryDirectory() as tmp:
        session(prog, tmp)
    undo_before_my_move(prog)
    for seed in (1, 2):
        whole_game(prog, seed)
    if failures:
        print("play_test: %d FAILED" % len(failures))
        return 1
    print("play_test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
