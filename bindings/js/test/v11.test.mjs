// What 1.1 added, through the package: canasta_game_turn_state
// (Game.turnState), the G3 option concealed-additions, and the partial
// positions of examples/positions.  Expected values follow from
// RULES.md (T1, P1, G3, G4) and the positions' own README, not from the
// code's output.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { init, Game, Player, Rules, OPTIONS } from "../dist/index.js";

await init();
const SRC = process.env.CANASTA_SRCDIR;
const skipNoSrc = { skip: SRC ? false : "CANASTA_SRCDIR is not set (make check-js sets it to the source tree)" };
const position = (name) => readFileSync(join(SRC, "examples", "positions", name), "utf8");

test("turnState: a turn not begun, then drawn, with the permission state", () => {
  const g = new Game({ seed: 42 });
  const seat = g.currentSeat;
  const t0 = g.turnState();
  assert.equal(t0.seat, seat);
  assert.equal(t0.began, "not-started"); // phase draw: nothing drawn yet
  assert.equal(t0.meldMoves, 0);
  assert.deepEqual(t0.newMelds, []);
  assert.equal(t0.meldedBefore, false); // nobody has melded in hand 1's first turn
  assert.equal(t0.permission, "none");
  g.apply("draw");
  const t1 = g.turnState();
  assert.equal(t1.began, "drew"); // T1
  assert.equal(t1.seat, seat);
  g.undo();
  assert.equal(g.turnState().began, "not-started"); // undo takes the draw back
});

test("turnState follows real play: a meld is counted and later turns know the seat melded before", () => {
  const bot = new Player();
  let seen = false;
  for (let seed = 1; seed < 60 && !seen; seed++) {
    const g = new Game({ seed });
    const melded = new Set();
    for (let i = 0; i < 400 && !g.over && g.phase !== "hand-over"; i++) {
      const before = g.turnState();
      const m = bot.play(g, i);
      if (m.kind === "meld" && g.phase === "play") {
        const after = g.turnState();
        assert.equal(after.meldMoves, before.meldMoves + 1, "a MELD move counts once");
        assert.equal(after.seat, m.seat);
        for (const grp of m.groups) {
          // a group of a rank the side had no meld of starts a meld this turn
          if (!before.newMelds.includes(grp.rank) && after.newMelds.includes(grp.rank)) melded.add(m.seat);
        }
        assert.ok(after.newMelds.every((r) => r >= 3 && r <= 14));
        melded.add(m.seat);
      }
      if (m.kind === "discard" && g.phase === "draw") {
        const next = g.turnState();
        assert.equal(next.began, "not-started");
        assert.equal(next.meldMoves, 0);
        assert.deepEqual(next.newMelds, []);
        // G3: a seat that melded in an earlier turn can no longer go out concealed
        assert.equal(next.meldedBefore, melded.has(next.seat));
        if (melded.has(next.seat)) seen = true;
      }
    }
  }
  bot.free();
  assert.ok(seen, "some seat came back to a turn after melding");
});

test("concealed-additions: a rules option, off by default in every preset, settable by both names", () => {
  assert.equal(OPTIONS["concealed-additions"], 8);
  for (const preset of ["classic", "two-players", "three-players", "six-three-sides", "six-two-sides"]) {
    const r = new Rules(preset);
    assert.equal(r.get("concealed-additions"), 0, `${preset}: G3 as published by default`);
    assert.deepEqual(r.range("concealedAdditions"), { min: 0, max: 1 });
  }
  const g = new Game({ seed: 3, concealedAdditions: true });
  assert.equal(g.option("concealed-additions"), 1);
  assert.match(g.save(), /^option concealed-additions 1$/m, "the option travels in the save");
  assert.ok(Game.load(g.save()).equals(g));
  assert.throws(() => new Rules("classic", { concealedAdditions: 2 }), (e) => e.code === "E_RANGE");
});

test("partial positions: the examples read, write back complete, and play as their README says", skipNoSrc, () => {
  const cases = {
    "frozen-pile.pos": "0 take 9c 9d",
    "opening-from-pile.pos": "1 take Kc Kd, Ac Ad Ah",
    "empty-stock.pos": "0 take 9:",
    "six-players.pos": null,
    "concealed-exit.pos": "2 draw",
  };
  for (const [file, move] of Object.entries(cases)) {
    const g = Game.fromPosition(position(file));
    const full = g.position();
    assert.doesNotMatch(full, /\+\d+|stock rest/, `${file}: the library writes the complete form`);
    const again = Game.fromPosition(full);
    assert.ok(again.equals(g), `${file}: the expansion reads to the same game`);
    if (move) {
      assert.equal(g.validate(move), null, `${file}: ${move} is legal`);
      g.apply(move);
    }
  }
  const six = Game.fromPosition(position("six-players.pos"));
  assert.equal(six.players, 6);
  assert.equal(six.sides, 3); // X6: three sides of two
});

test("partial positions: the G3 exit of the example is concealed, and the frozen pile refuses the wrong take", skipNoSrc, () => {
  const g = Game.fromPosition(position("frozen-pile.pos"));
  const refusal = g.validate("0 take 9c 2d");
  assert.ok(refusal, "a wild card cannot go with the top card of a frozen pile");
  assert.equal(refusal.code, "E_PILE_FROZEN");
  assert.equal(refusal.rule, "P4");
  const c = Game.fromPosition(position("concealed-exit.pos"));
  c.apply("2 draw");
  assert.equal(c.turnState().meldedBefore, false);
  // The moves the example's own comment names: a natural canasta of kings
  // and four 5s laid in this turn, then the 9c thrown.
  c.apply("2 meld Kc Kc Kd Kd Kh Ks Ks, 5c 5d 5h 5s");
  const t = c.turnState();
  assert.deepEqual(t.newMelds, [5, 13], "both melds were begun in this turn");
  assert.equal(t.meldMoves, 1);
  c.apply("2 discard 9c");
  assert.equal(c.phase === "hand-over" || c.phase === "game-over", true);
  assert.deepEqual(c.handEnd, { how: "concealed", seat: 2 });
  assert.equal(c.handScore(c.seatSide(2)).goingOut, 200);
});
