// Required test 7: bad input from JavaScript gets a clear exception, never
// a crash of the module or a corrupted game, and the package keeps
// working: after everything below, a full game plays exactly as it did
// before (and, when CANASTA_JS_TRACE is set, as the native library plays it).
//
// The binding's rules (src/core.ts): a value of the wrong JavaScript type
// is a TypeError, a number outside the C type's range a RangeError, both
// before the library is called; values the library checks against the
// rules are CanastaErrors (E_SEAT, E_PRESET, E_RANGE, ...).

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

import { init, Game, GameRecord, Move, Player, Rules, CanastaError, cardCode, cardText, memoryBytes } from "../dist/index.js";
import { INDEX_URL, traceSeed } from "./helpers.mjs";

await init();

/** A whole classic game by the reference player: its moves and save text. */
function referenceGame(seed = 42n, target = 1500) {
  const g = new Game({ seed, target });
  const p = new Player();
  const moves = [];
  for (let i = 0; !g.over; i++) moves.push(p.play(g, traceSeed(seed, i)).toString());
  const save = g.save();
  const totals = g.totals;
  p.free();
  g.free();
  return { moves, save, totals };
}

const before = referenceGame();

const isCanasta = (code, extra = () => true) => (e) => {
  assert.ok(e instanceof CanastaError, `a CanastaError, not ${e}`);
  assert.equal(e.code, code, e.message);
  assert.ok(e.message.length > 0);
  return extra(e);
};

test("bad input: wrong types and ranges are TypeError / RangeError", () => {
  const g = new Game({ seed: 42 });
  const saved = g.save();
  assert.throws(() => g.apply(42), TypeError);
  assert.throws(() => g.apply(null), TypeError);
  assert.throws(() => g.apply(undefined), TypeError);
  assert.throws(() => g.apply({ kind: "draw" }), TypeError);
  assert.throws(() => g.validate(42), TypeError);
  assert.throws(() => g.hand("0"), TypeError);
  assert.throws(() => g.hand(1.5), TypeError);
  assert.throws(() => g.hand(NaN), TypeError);
  assert.throws(() => g.hand(1n), TypeError);
  assert.throws(() => g.hand(2 ** 32 + 1), RangeError); // would wrap to seat 1 as an i32
  assert.throws(() => g.hand(7), isCanasta("E_SEAT"));
  assert.throws(() => g.hand(-1), isCanasta("E_SEAT"));
  assert.throws(() => g.melds(2), isCanasta("E_SIDE"));
  assert.throws(() => g.events(), TypeError);
  assert.throws(() => g.events(-1), RangeError);
  assert.throws(() => g.events(2 ** 32), RangeError);
  assert.throws(() => g.json(9), isCanasta("E_SEAT"));
  // Seeds: 0 .. 2**53-1 as numbers, 0 .. 2**64-1 as bigints.
  assert.throws(() => new Game({ seed: -1 }), RangeError);
  assert.throws(() => new Game({ seed: 2 ** 53 }), RangeError, "a double that is not exactly an integer seed");
  assert.throws(() => new Game({ seed: 2n ** 64n }), RangeError);
  assert.throws(() => new Game({ seed: -1n }), RangeError);
  assert.throws(() => new Game({ seed: 1.5 }), TypeError);
  assert.throws(() => new Game({ seed: "42" }), TypeError);
  assert.throws(() => new Game({ seed: null }), TypeError);
  assert.throws(() => new Game(null), TypeError);
  assert.throws(() => new Game(42), TypeError);
  assert.throws(() => g.determinize(0, -1), RangeError);
  assert.throws(() => new Player().choose(g, 2n ** 64n), RangeError);
  new Game({ seed: 2n ** 64n - 1n }).free(); // the largest seed is fine
  // Records: -1 is not a seat (CANASTA_VIEW_ALL in C; only "all" is).
  const rec = new GameRecord(g);
  assert.throws(() => rec.text(), TypeError);
  assert.throws(() => rec.text(-1), RangeError);
  assert.throws(() => rec.text("seat 0"), TypeError);
  assert.throws(() => rec.text(2 ** 32), RangeError);
  assert.throws(() => rec.text(4), isCanasta("E_SEAT"));
  assert.match(rec.text("all"), /^seed 42$/m);
  assert.doesNotMatch(rec.text(0), /^seed /m);
  rec.free();
  assert.throws(() => Game.load(42), TypeError);
  assert.throws(() => GameRecord.parse(null), TypeError);
  assert.throws(() => new GameRecord({}), TypeError);
  assert.throws(() => g.setDeck("7h 7d"), TypeError);
  assert.throws(() => g.setDeck([300]), RangeError);
  assert.throws(() => cardText(99), isCanasta("E_CARD"));
  assert.throws(() => cardCode("Xx"), isCanasta("E_PARSE"));
  assert.equal(g.save(), saved, "the game is unchanged");
  g.free();
});

test("bad input: presets, options and knobs are CanastaErrors naming what is wrong", () => {
  assert.throws(() => new Rules("nope"), isCanasta("E_PRESET", (e) => e.message.includes("nope") && e.message.includes("classic")));
  assert.throws(() => new Game({ preset: "nope" }), isCanasta("E_PRESET"));
  assert.throws(() => new Rules(99), isCanasta("E_PRESET"));
  // RULES.md, Options: "the target score accepts 1 to 1,000,000"; hand
  // sizes 7 to 15.  E_RANGE names the range.
  assert.throws(() => new Rules("classic", { target: 0 }), isCanasta("E_RANGE", (e) => /1 \.\. 1000000/.test(e.message)));
  assert.throws(() => new Game({ target: 1000001 }), isCanasta("E_RANGE", (e) => /1 \.\. 1000000/.test(e.message)));
  assert.throws(() => new Game({ handSize: 30 }), isCanasta("E_RANGE", (e) => /7 \.\. 15/.test(e.message)));
  assert.throws(() => new Game({ drawCount: 3 }), isCanasta("E_RANGE", (e) => /1 \.\. 2/.test(e.message)));
  assert.throws(() => new Game({ target: 1.5 }), TypeError);
  assert.throws(() => new Game({ tieRule: "coin-flip" }), RangeError);
  assert.throws(() => new Game({ nope: 1 }), isCanasta("E_OPTION"));
  assert.throws(() => new Rules().set("players", 3), isCanasta("E_READONLY"));
  assert.throws(() => new Player({ "take-pile": 9 }), isCanasta("E_RANGE", (e) => /0 \.\. 2/.test(e.message)));
  assert.throws(() => new Player({ nope: 1 }), isCanasta("E_KNOB"));
  assert.throws(() => new Player(null), TypeError);
});

test("bad input: a move for the wrong seat, corrupt saves, huge texts", (t) => {
  const g = new Game({ seed: 42 });
  const p = new Player();
  for (let i = 0; i < 25; i++) p.play(g, i);
  const saved = g.save();
  const clone = g.clone();
  const seat = g.currentSeat;
  assert.throws(() => g.apply(`${(seat + 1) % 4} draw`), isCanasta("E_TURN", (e) => e.rule !== null));

  // Corrupt saves: truncated, bytes flipped, a NUL byte, a bad number.
  // Each is a CanastaError naming the line, and nothing else changes.
  const lines = saved.split("\n");
  const bad = [
    saved.slice(0, Math.floor(saved.length / 2)),
    saved.slice(0, saved.indexOf("begin position")),
    saved.replace("option target", "option tar#et"),
    saved.replace(/^dealer .*$/m, "dealer 9"),
    saved.replace(/^seed .*$/m, "seed 18446744073709551616"),
    saved.replace("hand-number", "hand\u0000number"),
    lines.slice(0, 12).concat(["0 fly"], lines.slice(12)).join("\n"),
    saved.replace(/^(\d) draw$/m, (m, s) => `${(Number(s) + 1) % 4} draw`),
  ];
  // Flip single bytes through the text (every 97th).
  for (let i = 20; i < saved.length; i += 97) bad.push(saved.slice(0, i) + String.fromCharCode(saved.charCodeAt(i) ^ 0x20) + saved.slice(i + 1));
  let refused = 0;
  for (const text of bad) {
    let loaded = null;
    try {
      loaded = Game.load(text);
    } catch (e) {
      assert.ok(e instanceof CanastaError, `${e}`);
      assert.equal(typeof e.line, "number", `.line for "${e.message}"`);
      assert.ok(e.line >= 1 && e.line <= text.split("\n").length + 1);
      assert.match(e.message, new RegExp(`^line ${e.line}: `));
      refused++;
    }
    // A flipped byte may leave a valid save (a comment, a case change in
    // a card); then it must be one the library accepts as a game.
    if (loaded) {
      assert.equal(Game.load(loaded.save()).equals(loaded), true);
      loaded.free();
    }
  }
  t.diagnostic(`${refused} of ${bad.length} corrupt saves refused, the others loaded as valid games`);
  assert.ok(refused >= bad.length - 10, `${refused} of ${bad.length} corrupt saves refused`);
  assert.equal(g.save(), saved);
  assert.ok(g.equals(clone));

  // Huge inputs: a 1 MB move text, save text, position and record.
  const mb = 1 << 20;
  assert.throws(() => g.apply("draw ".repeat(mb / 5)), isCanasta("E_SYNTAX"));
  assert.equal(g.validate("x".repeat(mb)).code, "E_SYNTAX");
  assert.throws(() => Move.parse("0 meld " + "7h ".repeat(mb / 3)), isCanasta("E_SYNTAX"));
  assert.throws(() => Game.load("x".repeat(mb)), isCanasta("E_SYNTAX", (e) => e.line === 1));
  // NOTATION.md: only blank and comment lines may follow "end position":
  // a megabyte of them still loads (the same game), a megabyte of moves
  // does not.
  const padded = Game.load(saved + "# padding\n".repeat(mb / 10));
  assert.ok(padded.equals(g));
  padded.free();
  assert.throws(() => Game.load(saved + "0 draw\n".repeat(mb / 7)), isCanasta("E_SYNTAX", (e) => e.line === lines.length));
  assert.throws(() => Game.fromPosition("canasta-position 1\n" + "# c\n".repeat(mb / 4)), isCanasta("E_SYNTAX"));
  assert.throws(() => GameRecord.parse("canasta-record 1\n" + "y".repeat(mb)), isCanasta("E_SYNTAX", (e) => e.line === 2));
  assert.throws(() => Game.load("\u00e9".repeat(mb)), CanastaError, "not ASCII");
  assert.equal(g.save(), saved);
  assert.ok(g.equals(clone));
  // The game goes on from where it was.
  const n = p.play(g, 99);
  clone.apply(n);
  assert.ok(g.equals(clone));
  clone.free();
  p.free();
  g.free();
});

test("bad input: freed objects throw, free() twice is harmless, Symbol.dispose frees", () => {
  const g = new Game({ seed: 1 });
  const p = new Player();
  const r = new Rules();
  const rec = new GameRecord(g);
  for (const h of [g, p, r, rec]) {
    assert.equal(h.freed, false);
    h.free();
    assert.equal(h.freed, true);
    h.free(); // harmless
    h[Symbol.dispose](); // harmless too
  }
  assert.throws(() => g.hand(0), (e) => e instanceof Error && /freed/.test(e.message));
  assert.throws(() => g.save(), /freed/);
  assert.throws(() => g.apply("draw"), /freed/);
  assert.throws(() => g.clone(), /freed/);
  assert.throws(() => p.set("take-pile", 1), /freed/);
  assert.throws(() => r.get("target"), /freed/);
  assert.throws(() => rec.text("all"), /freed/);
  assert.throws(() => new Game({ seed: 1, rules: r }), /freed/);
  const live = new Game({ seed: 2 });
  assert.throws(() => live.equals(g), /freed/);
  assert.throws(() => new Player().choose(g), /freed/);
  assert.throws(() => new GameRecord(g), /freed/);
  assert.equal(String(g), "Game (freed)");
  // [Symbol.dispose] is what `using` calls at the end of a block.
  const d = new Game({ seed: 3 });
  d[Symbol.dispose]();
  assert.equal(d.freed, true);
  assert.equal(typeof Symbol.dispose, "symbol");
  live.free();
});

test("bad input: before init() every call says to call init() (a fresh process)", () => {
  const script = `
import * as c from ${JSON.stringify(INDEX_URL)};
const calls = {
  "new Game()": () => new c.Game({ seed: 1 }),
  "new Rules()": () => new c.Rules(),
  "new Player()": () => new c.Player(),
  "Move.parse": () => c.Move.parse("0 draw"),
  "normalizeMove": () => c.normalizeMove("0 draw"),
  "cardCode": () => c.cardCode("7h"),
  "cardText": () => c.cardText(49),
  "Game.load": () => c.Game.load("canasta-save 1"),
  "knobNames": () => c.knobNames(),
  "memoryBytes": () => c.memoryBytes(),
  "version": () => c.version(),
};
const out = {};
for (const [name, f] of Object.entries(calls)) {
  try { f(); out[name] = "no error"; } catch (e) { out[name] = e.constructor.name + ": " + e.message; }
}
out.ready = c.isReady();
await c.init();
out.after = c.Move.parse("0 draw").toString() + " " + c.cardText(49);
console.log(JSON.stringify(out));
`;
  const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
  assert.equal(out.ready, false);
  assert.equal(out.after, "0 draw Qd");
  for (const [name, r] of Object.entries(out)) {
    if (name === "ready" || name === "after") continue;
    assert.match(r, /^Error: libcanasta: the module is not loaded; call `await init\(\)` first$/, name);
  }
});

test("bad input: afterwards the module still plays a full game exactly", () => {
  const m0 = memoryBytes();
  const after = referenceGame();
  assert.deepEqual(after.moves, before.moves);
  assert.equal(after.save, before.save);
  assert.deepEqual(after.totals, before.totals);
  assert.ok(Math.max(...after.totals) >= 1500);
  assert.ok(memoryBytes() <= m0 + 65536);
  const trace = process.env.CANASTA_JS_TRACE;
  if (trace && existsSync(trace)) {
    const out = execFileSync(trace, ["classic", "42", "ref", "1500", "5000"], { encoding: "utf8" });
    const native = out.split("\n").filter((l) => l.startsWith("move ")).map((l) => l.slice(5));
    assert.deepEqual(after.moves, native);
    assert.ok(out.includes(`save-begin\n${after.save}save-end\n`));
  }
});
