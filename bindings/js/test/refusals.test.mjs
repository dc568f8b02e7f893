// Required test 2: every refusal a move can get surfaces in JavaScript
// with its code (errno and name), the rule ID its sentence starts with,
// and the sentence; validate() returns the CanastaError, apply() throws
// the same one, and the game is unchanged.  The expected rule IDs are
// reasoned from docs/RULES.md (the rule that states the refusal, or the
// "Error codes by rule" table), the errno values from include/canasta.h.
//
// Positions are built as canasta-position text (docs/NOTATION.md) by
// helpers.mjs's buildPosition: a classic game, seat 0 to move (dealer 3),
// side 0 = seats 0 and 2; cards not named go to the stock.

import { test } from "node:test";
import assert from "node:assert/strict";

import { init, Game, Player, CanastaError, errorName, strerror } from "../dist/index.js";
import { buildPosition, isWild, isRedThree } from "./helpers.mjs";

await init();

// include/canasta.h, CANASTA_ERRNO_MAP.
const ERRNO = {
  E_SEAT: -5,
  E_MOVE: -20,
  E_TURN: -21,
  E_PHASE: -22,
  E_GAME_OVER: -23,
  E_NOT_IN_HAND: -24,
  E_MELD: -25,
  E_THREES: -26,
  E_OPENING: -27,
  E_STOCK_EMPTY: -28,
  E_PILE_EMPTY: -29,
  E_PILE_BLOCKED: -30,
  E_PILE_FROZEN: -31,
  E_PILE_NO_MELD: -32,
  E_ONE_CARD: -33,
  E_GO_OUT: -34,
  E_MUST_GO_OUT: -35,
  E_ASK: -36,
  E_MUST_TAKE: -37,
  E_SYNTAX: -40,
};

const seen = new Set();

/**
 * The move is refused with `code` and a sentence starting with `rule`
 * (null: a malformed move or text, whose explanation has no rule ID);
 * `contains` must be in the sentence.  validate() and apply() agree, and
 * the game is unchanged (save text and equals() a clone).
 */
function refuse(g, move, code, rule, contains = null) {
  const before = g.clone();
  const saved = g.save();
  const e = g.validate(move);
  assert.ok(e instanceof CanastaError, `${move}: validate() gives a CanastaError, not ${e}`);
  assert.ok(e instanceof Error);
  assert.equal(e.name, "CanastaError");
  assert.equal(e.code, code, `${move}: ${e.message}`);
  assert.equal(e.errno, ERRNO[code], `${move}: errno of ${code}`);
  assert.equal(errorName(e.errno), code);
  assert.equal(e.rule, rule, `${move}: rule of "${e.message}"`);
  assert.equal(typeof e.message, "string");
  assert.ok(e.message.length > 0, `${move}: a sentence`);
  assert.notEqual(e.message, strerror(e.errno), `${move}: the engine's own sentence, not the generic text`);
  if (rule !== null) assert.ok(e.message.startsWith(`${rule}: `), `${move}: "${e.message}" starts with ${rule}`);
  else assert.doesNotMatch(e.message, /^[A-Z][0-9]{1,2}:/);
  if (contains) assert.ok(e.message.includes(contains), `${move}: "${e.message}" mentions ${contains}`);
  assert.equal(e.line, null, "a move's refusal names no line");
  assert.equal(g.isLegal(move), false);
  assert.throws(
    () => g.apply(move),
    (t) => {
      assert.ok(t instanceof CanastaError);
      assert.deepEqual([t.errno, t.code, t.rule, t.message], [e.errno, e.code, e.rule, e.message]);
      return true;
    },
  );
  assert.equal(g.save(), saved, `${move}: the save text is unchanged`);
  assert.ok(g.equals(before), `${move}: the game equals a clone taken before`);
  before.free();
  seen.add(code);
  return e;
}

const at = (o) => Game.fromPosition(buildPosition(o));
// Side 0 has opened with three kings (O4: no minimum any more).
const KINGS = { 0: { K: ["Kc", "Kd", "Ks"] } };
const CANASTA_OF_7S = ["7c", "7c", "7d", "7d", "7h", "7h", "7s"]; // M5: seven naturals
// Every card not placed goes where an empty stock needs it: wild cards
// to seat 2's hand (so the pile does not freeze, P3; seat 2's side has
// opened, so its hand may be that large: a side that has not opened grows
// its hands only by drawing, and the reader bounds them so), red threes
// to seat 1's table, the rest under the pile's top card.
function emptyStock(rest, ctx) {
  for (const c of rest) {
    if (isWild(c)) ctx.hands[2].push(c);
    else if (isRedThree(c)) ctx.red[1].push(c);
    else ctx.pile.unshift(c);
  }
  return [];
}

test("refusals: E_TURN, E_PHASE, E_SEAT and the forms of a move (E_SYNTAX, E_MOVE)", () => {
  const g = at({ melds: KINGS, pile: ["5c", "2c", "9h"], hands: { 0: ["9c", "9d", "Jk", "4c", "6d"] } });
  assert.equal(g.currentSeat, 0);
  // T1: "a move by a seat whose decision it is not gets CANASTA_E_TURN".
  refuse(g, "1 draw", "E_TURN", "T1");
  refuse(g, "3 take 9:", "E_TURN", "T1");
  // T1: "a move of a kind that does not belong to the current phase is
  // refused with CANASTA_E_PHASE" - a discard before drawing.
  refuse(g, "discard 4c", "E_PHASE", "T1");
  refuse(g, "meld 9c 9d Jk", "E_PHASE", "T1");
  // E1: "DECLINE ... While the stock is not empty it gets CANASTA_E_PHASE".
  refuse(g, "decline", "E_PHASE", "E1");
  // G4: yes/no with nobody asking is out of phase; the answer belongs to G4.
  refuse(g, "yes", "E_PHASE", "G4");
  // Seat 4 does not exist in a four-player game (C1): a malformed move,
  // "a move field out of range: seat number", no rule ID in the table.
  refuse(g, "4 draw", "E_SEAT", null, "seat 4");
  // Text that is not a move (docs/NOTATION.md): E_SYNTAX, no rule.
  refuse(g, "fly away", "E_SYNTAX", null, "fly");
  refuse(g, "discard Xy", "E_SYNTAX", null, "Xy");
  refuse(g, "9 draw", "E_SYNTAX", null);
  refuse(g, "", "E_SYNTAX", null);
  refuse(g, "meld", "E_SYNTAX", null);
  // P1: "a groups[0] of another rank makes the move malformed (E_MOVE)".
  refuse(g, "take 5:", "E_MOVE", "P1", "9h");
  // After drawing: T1 again for drawing twice and for the pile.
  g.apply("draw");
  refuse(g, "draw", "E_PHASE", "T1");
  refuse(g, "take 9c 9d", "E_PHASE", "T1");
  // M3: "A move that names the same rank in two groups is malformed".
  refuse(g, "meld 9c 9d Jk, 9: 2c", "E_MOVE", "M3");
  g.free();
});

test("refusals: E_GAME_OVER after the end (S6)", () => {
  const g = new Game({ seed: 3, target: 100 });
  const p = new Player();
  let n = 0;
  while (!g.over) p.play(g, n++);
  assert.equal(g.phase, "game-over");
  assert.deepEqual(g.legalMoves(), []);
  // E3/S6: "In CANASTA_PHASE_GAME_OVER every move gets CANASTA_E_GAME_OVER".
  const seat = g.currentSeat;
  refuse(g, `${seat} draw`, "E_GAME_OVER", "S6");
  refuse(g, `${seat} next`, "E_GAME_OVER", "S6");
  refuse(g, `${(seat + 1) % 4} discard 7h`, "E_GAME_OVER", "S6");
  assert.throws(() => p.choose(g), (e) => e instanceof CanastaError && e.code === "E_GAME_OVER");
  p.free();
  g.free();
});

test("refusals: cards the player does not hold (E_NOT_IN_HAND)", () => {
  const g = at({ phase: "play", pile: ["5d"], hands: { 0: ["7h", "7d", "7s", "9c", "Kd"] } });
  // T2: "A red three cannot be [discarded], because it never stays in a hand".
  refuse(g, "discard 3d", "E_NOT_IN_HAND", "T2", "3d");
  // M6: "A red three named in a group is not in the hand, so it gets
  // CANASTA_E_NOT_IN_HAND (the explanation cites R1)".
  refuse(g, "meld 3d 3h 3d", "E_NOT_IN_HAND", "R1", "3d");
  // An ordinary card not held.  RULES.md's table lists "T2, R1, P" for
  // the code; the engine cites T1 (the turn's discard of a card from the
  // hand), as the Python binding's test also expects: the sentence names
  // the card either way.
  refuse(g, "discard Qs", "E_NOT_IN_HAND", "T1", "Qs");
  refuse(g, "meld Kd Kd Kd", "E_NOT_IN_HAND", "T1", "Kd");
  g.free();
});

test("refusals: melds (E_MELD, E_THREES, E_OPENING)", () => {
  // M1: "It must hold two or more natural (not wild) cards".
  const g = at({ phase: "play", melds: KINGS, pile: ["5d"], hands: { 0: ["7h", "Jk", "2c", "5c", "9d", "3c", "3s", "3c"] } });
  refuse(g, "meld 7h Jk 2c", "E_MELD", "M1");
  // M1: "a natural card of another rank inside a group" is E_MELD.
  refuse(g, "meld 7h 9d Jk", "E_MELD", "M1", "9d");
  // M4: "a group that would bring the meld to four wild cards is refused
  // with CANASTA_E_MELD" - the kings hold two wild cards, the move adds two.
  const w = at({ phase: "play", melds: { 0: { K: ["Kc", "Kd", "2s", "Jk"] } }, pile: ["5d"], hands: { 0: ["Jk", "2c", "5c", "9d"] } });
  refuse(w, "meld K: Jk 2c", "E_MELD", "M4");
  w.apply("meld K: Jk");
  assert.deepEqual(w.meld(0, 13), { naturals: 2, twos: 1, jokers: 2 });
  w.free();
  // M6: black threes "only in the turn that player goes out": this meld
  // would leave five cards.
  refuse(g, "meld 3c 3s 3c", "E_THREES", "M6");
  // M6: "Wild cards never count as threes".
  refuse(g, "meld 3c 3s 2c", "E_THREES", "M6");
  g.free();

  // O1/O2: an unopened side's first meld must count 50 (total 0); three
  // sevens count 15 (V1).  The sentence cites O1 with the minimum and the
  // count (1.1: "an opening that falls short cites O1").
  const h = at({ phase: "play", pile: ["5d"], hands: { 0: ["7h", "7d", "7s", "9c", "Kd"] } });
  assert.equal(h.openingMinimum(0), 50);
  refuse(h, "meld 7h 7d 7s", "E_OPENING", "O1", "15");
  assert.match(h.validate("meld 7h 7d 7s").message, /\b50\b/, "O1: the minimum is named");
  h.free();
  // O3: opening by taking the pile: the top card and the pair count 15.
  // (The pile is frozen for an unopened side, P3, and the natural pair
  // satisfies P4, so the opening minimum is what fails.)
  const t = at({ pile: ["5c", "7c"], hands: { 0: ["7h", "7d", "9c", "Kd"] } });
  refuse(t, "take 7h 7d", "E_OPENING", "O3", "15");
  t.free();
});

test("refusals: the pile (E_PILE_EMPTY, E_PILE_BLOCKED, E_PILE_FROZEN, E_PILE_NO_MELD, E_ONE_CARD) and the take that is allowed", () => {
  // P2: a black three on top, and a wild card on top.
  const b3 = at({ melds: KINGS, pile: ["5c", "3s"], hands: { 0: ["3c", "3s", "6d"] } });
  refuse(b3, "take 3c 3s", "E_PILE_BLOCKED", "P2", "3s");
  b3.free();
  const bw = at({ melds: KINGS, pile: ["5c", "2d"], hands: { 0: ["5d", "5h", "6d"] } });
  refuse(bw, "take 5d 5h", "E_PILE_BLOCKED", "P2", "2d");
  bw.free();

  // P1: "taking an empty pile gives CANASTA_E_PILE_EMPTY".  In play the
  // pile is never empty at the start of a turn (every turn that does not
  // end the hand ends with a discard, and the deal turns an upcard, C5),
  // so this state comes from a position (which the reader accepts).
  const e = at({ melds: KINGS, pile: [], hands: { 0: ["4c", "4d", "6d"] } });
  refuse(e, "take 4c 4d", "E_PILE_EMPTY", "P1");
  e.free();

  // P3/P4: a wild card in the pile freezes it; one 9 and a joker do not
  // take it, two natural 9s do.
  const f = at({ melds: KINGS, pile: ["5c", "2c", "9h"], hands: { 0: ["9c", "9d", "Jk", "4c", "6d"] } });
  assert.equal(f.pileStatus(0).frozenWild, true);
  refuse(f, "take 9c Jk", "E_PILE_FROZEN", "P4", "9");
  // The legal move nearest to it: the natural pair (P4), with effect P1,
  // P7: the top card is melded with the pair, the rest goes to the hand.
  assert.equal(f.validate("take 9c 9d"), null);
  f.apply("take 9c 9d");
  assert.equal(f.phase, "play");
  assert.equal(f.pileSize, 0);
  assert.deepEqual(f.melds(0)["9"], ["9c", "9d", "9h"]);
  assert.deepEqual(f.hand(0), ["2c", "4c", "5c", "6d", "Jk"]);
  assert.deepEqual(f.events("all"), ["0 pickup 5c 2c 9h"]);
  assert.equal(f.pileStatus(0).frozen, false, "taking the pile ends the freeze (P3)");
  f.free();

  // P3: the pile is also frozen for a side that has not opened.
  const u = at({ pile: ["5c", "9h"], hands: { 0: ["9c", "Jk", "4c", "6d"] } });
  assert.equal(u.pileStatus(0).frozenUnopened, true);
  refuse(u, "take 9c Jk", "E_PILE_FROZEN", "P4", "not opened");
  u.free();

  // P5: not frozen, but one natural 9 and no wild card, no meld of 9s.
  const n = at({ melds: KINGS, pile: ["5c", "9h"], hands: { 0: ["9c", "4c", "6d"] } });
  assert.equal(n.pileStatus(0).frozen, false);
  refuse(n, "take 9c", "E_PILE_NO_MELD", "P5");
  refuse(n, "take 9:", "E_PILE_NO_MELD", "P5");
  n.free();

  // P6: one card in hand, a pile of one card.  The side has a canasta
  // and a meld of 9s, so with the option off (P6 is a table rule) the
  // same take is legal.
  const meldsOne = { 0: { K: ["Kc", "Kc", "Kd", "Kd", "Kh", "Kh", "Ks"], 9: ["9c", "9d", "9s"] } };
  const one = at({ melds: meldsOne, pile: ["9s"], hands: { 0: ["9h"] } });
  refuse(one, "take 9:", "E_ONE_CARD", "P6");
  one.free();
  const off = at({ options: { "one-card-rule": 0 }, melds: meldsOne, pile: ["9s"], hands: { 0: ["9h"] } });
  assert.equal(off.option("oneCardRule"), 0);
  off.apply("take 9:");
  assert.equal(off.melds(0)["9"].length, 4);
  assert.deepEqual(off.hand(0), ["9h"]);
  off.free();
});

test("refusals: going out (E_GO_OUT, E_MUST_GO_OUT, E_ASK) and the exit that is allowed", () => {
  // G1: no canasta, so a meld that leaves one card (which could only be
  // discarded, emptying the hand) is refused.
  const g = at({ phase: "play", melds: { 0: { 7: ["7c", "7d", "7h"] } }, pile: ["5c"], hands: { 0: ["7s", "9c"] } });
  refuse(g, "meld 7s", "E_GO_OUT", "G1");
  g.free();

  // G4: the partner said yes, so a discard that keeps cards is refused.
  const y = at({ phase: "play", permission: "yes", melds: { 0: { 7: CANASTA_OF_7S } }, pile: ["5d"], hands: { 0: ["Kc", "Kd", "Ks", "5c"] } });
  assert.equal(y.permission, "yes");
  refuse(y, "discard 5c", "E_MUST_GO_OUT", "G4");
  // G4: "once per turn" - the question was asked already.
  refuse(y, "ask", "E_ASK", "G4", "already asked");
  // The allowed way: meld the kings, discard the last card: out (G2).
  y.apply("meld Kc Kd Ks");
  y.apply("discard 5c");
  assert.equal(y.phase, "hand-over");
  assert.deepEqual(y.handEnd, { how: "went-out", seat: 0 });
  assert.equal(y.handScore(0).goingOut, 100, "S2: 100 for going out");
  y.free();

  // G4: "the decision belongs to the partner (seat + 2)" after the question.
  const a = at({ phase: "answer", permission: "asked", melds: { 0: { 7: CANASTA_OF_7S } }, pile: ["5d"], hands: { 0: ["Kc", "Kd", "Ks", "5c"] } });
  assert.equal(a.currentSeat, 2);
  refuse(a, "0 discard 5c", "E_TURN", "G4");
  refuse(a, "2 draw", "E_PHASE", "G4");
  a.apply("2 no");
  // G4: after "no", going out this turn is forbidden.
  refuse(a, "meld Kc Kd Ks", "E_GO_OUT", "G4", "said no");
  a.free();

  // G4: "The engine refuses the question when the player could not go out
  // with the cards held": no canasta, five unrelated cards.
  const q = at({ phase: "play", pile: ["5d"], hands: { 0: ["4c", "6d", "8h", "10s", "Qc"] } });
  refuse(q, "ask", "E_ASK", "G4");
  q.free();
  // G4: asking switched off by the option.
  const o = new Game({ seed: 5, askPermission: false });
  o.apply("draw");
  refuse(o, "ask", "E_ASK", "G4", "switched off");
  o.free();
});

test("refusals: the empty stock (E_STOCK_EMPTY, E_MUST_TAKE) and the take that is required", () => {
  const g = at({ melds: { 0: { 9: ["9c", "9d", "9s"] } }, pile: ["9h"], hands: { 0: ["4c", "6d"] }, rest: emptyStock });
  assert.equal(g.stockSize, 0);
  assert.equal(g.pileStatus(0).frozen, false);
  // E1: "With the stock empty, CANASTA_MOVE_DRAW gets CANASTA_E_STOCK_EMPTY".
  refuse(g, "draw", "E_STOCK_EMPTY", "E1");
  // E1: declining is refused when the top card joins the side's meld.
  refuse(g, "decline", "E_MUST_TAKE", "E1", "9");
  // The required take is accepted: the 9h joins the meld of 9s (P5).
  const pile = g.pileSize;
  g.apply("take 9:");
  assert.deepEqual(g.melds(0)["9"], ["9c", "9d", "9h", "9s"]);
  assert.equal(g.handSize(0), 2 + pile - 1);
  g.free();
});

// E_CARD ("an invalid card code in a move", canasta.h) cannot reach the
// library from JavaScript: a move text that names no card is E_SYNTAX
// (the notation reads only cards), and a Move cannot be built by hand
// (its constructor is closed, so no byte layout with an unknown code can
// be passed).  The test checks both doors.
test("refusals: E_CARD is unreachable from JavaScript (no text and no hand-built Move names an unknown card)", async () => {
  const { Move } = await import("../dist/index.js");
  const g = at({ phase: "play", pile: ["5d"], hands: { 0: ["7h", "7d", "7s", "9c", "Kd"] } });
  refuse(g, "discard 1c", "E_SYNTAX", null, "1c");
  refuse(g, "meld 7h 7d 15s", "E_SYNTAX", null, "15s");
  assert.throws(() => new Move(4, 0, 99, null), TypeError);
  assert.throws(() => new Move(Symbol("libcanasta.Move"), 4, 0, 99, null), TypeError);
  g.free();
});

test("refusals: every code of a move was seen", () => {
  // Every refusal code of include/canasta.h from E_MOVE to E_MUST_TAKE,
  // E_SYNTAX for move text and E_SEAT (E_CARD: unreachable, above).
  assert.deepEqual([...seen].sort(), Object.keys(ERRNO).sort());
});
