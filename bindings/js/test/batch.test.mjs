// Player.playHand and Player.playGame: the reference player's decisions in
// one call ("let the computers play").  The reference is the loop the
// package's README and bench write by hand, Player.play(game, seed) per
// decision until the hand ends (RULES.md S5/S6: the phase is hand-over or
// game-over after a move other than next-hand) or a person's seat must
// decide; the batch calls must leave exactly the same game (save text and
// state) after exactly as many decisions.

import { test } from "node:test";
import assert from "node:assert/strict";
import { init, Game, Player } from "../dist/index.js";
import { PRESETS } from "./helpers.mjs";

await init();

const END = new Set(["hand-over", "game-over"]);

/**
 * Player.play per decision, with the seed `seed` for every one, until the
 * hand ends (oneHand) or the game is over, or a seat of `stops` must
 * decide; the number of decisions played.
 */
function perDecision(player, g, seed, stops = new Set(), oneHand = true) {
  let n = 0;
  while (!g.over) {
    if (stops.has(g.currentSeat)) return n;
    const m = player.play(g, seed);
    n++;
    if (oneHand && m.kind !== "next-hand" && END.has(g.phase)) return n;
  }
  return n;
}

function sameGame(a, b, what) {
  assert.equal(a.save(), b.save(), `${what}: the same save text`);
  assert.equal(a.equals(b), true, `${what}: the same state and history`);
}

test("playHand: hand after hand the same game as Player.play per decision, every preset, several seeds", () => {
  const player = new Player();
  for (const preset of PRESETS) {
    for (const [gameSeed, seed] of [[11, 0], [12, 7], [13, 2n ** 64n - 1n]]) {
      const a = new Game({ preset, seed: gameSeed });
      const b = a.clone();
      let hands = 0;
      while (!a.over) {
        const handBefore = a.handNumber;
        const na = player.playHand(a, { seed });
        const nb = perDecision(player, b, seed);
        const what = `${preset} game ${gameSeed} seed ${seed} hand ${hands + 1}`;
        assert.equal(na, nb, `${what}: as many decisions`);
        sameGame(a, b, what);
        // The call ends at the hand's end, never before or after it.
        assert.ok(END.has(a.phase), `${what}: ends at a hand's end, not at ${a.phase}`);
        // Hand 1 is dealt when the game is made; every later call starts at
        // hand-over, plays the next-hand decision and one hand.
        assert.equal(a.handNumber, hands === 0 ? 1 : handBefore + 1, `${what}: one hand`);
        assert.ok(na >= 2, `${what}: a hand has at least a draw and a going out`);
        hands++;
        assert.ok(hands < 200, `${what}: the game ends`);
      }
      assert.equal(player.playHand(a, { seed }), 0, "at game over nothing is played");
      a.free();
      b.free();
    }
  }
  player.free();
});

test("playHand: no options and {} are seed 0; a number and a bigint seed are the same seed", () => {
  const player = new Player();
  const a = new Game({ seed: 21 });
  const b = a.clone();
  const c = a.clone();
  assert.equal(player.playHand(a), perDecision(player, b, 0));
  sameGame(a, b, "default seed");
  const e = c.clone();
  assert.equal(player.playHand(c, {}), perDecision(player, e, 0));
  sameGame(c, e, "{}");
  const d = a.clone();
  assert.equal(player.playHand(a, { seed: 99 }), player.playHand(d, { seed: 99n }));
  sameGame(a, d, "99 and 99n");
  [a, b, c, d, e].forEach((g) => g.free());
  player.free();
});

test("playHand at hand-over plays the next-hand decision and exactly one hand", () => {
  const player = new Player();
  const g = new Game({ seed: 31 });
  perDecision(player, g, 0); // to the end of hand 1
  assert.equal(g.phase, "hand-over");
  assert.equal(g.handNumber, 1);
  const ref = g.clone();
  const n = player.playHand(g);
  assert.equal(g.handNumber, 2, "one hand, not zero or two");
  assert.ok(END.has(g.phase));
  // The first decision of the call was the next dealer's next-hand: one
  // Player.play at hand-over makes it, and the rest of the hand follows.
  const first = player.play(ref, 0);
  assert.equal(first.kind, "next-hand");
  assert.equal(ref.handNumber, 2);
  assert.equal(perDecision(player, ref, 0), n - 1);
  sameGame(g, ref, "hand 2");
  g.free();
  ref.free();
  player.free();
});

test("playHand stops before a person's decision: currentSeat is theirs, the state as the per-decision loop's", () => {
  const player = new Player();
  let afterDiscard = 0;
  let handOvers = 0;
  for (const preset of ["classic", "two-players", "three-players", "six-two-sides"]) {
    const probe = new Game({ preset, seed: 41 });
    const players = probe.players;
    probe.free();
    for (let person = 0; person < players; person++) {
      const g = new Game({ preset, seed: 41 + person });
      const ref = g.clone();
      const stops = new Set([person]);
      let turns = 0;
      let discarded = false;
      while (!g.over && turns < 150) {
        const what = `${preset} seat ${person} decision ${turns}`;
        const n = player.playHand(g, { stopAt: [person], seed: 3 });
        assert.equal(n, perDecision(player, ref, 3, stops), `${what}: as many decisions`);
        sameGame(g, ref, what);
        if (g.over) break;
        if (g.currentSeat !== person) {
          // Not the person's decision: the call ended because the hand did
          // (at hand-over the next dealer decides, and is someone else).
          assert.equal(g.phase, "hand-over", `${what}: stopped at ${g.phase}, seat ${g.currentSeat}`);
          handOvers++;
          discarded = false;
          continue;
        }
        if (discarded && g.phase === "draw") {
          // After the person's discard every other seat had a turn, and a
          // turn is at least two decisions (a draw or take, then a discard
          // or going out).
          assert.ok(n >= 2 * (players - 1), `${what}: ${n} decisions for ${players - 1} other turns`);
          afterDiscard++;
        }
        // The person decides (here with another seed than the computers').
        const m = player.play(g, 1000 + turns);
        assert.equal(m.seat, person, `${what}: the decision was the person's`);
        player.play(ref, 1000 + turns);
        discarded = m.kind === "discard" && g.phase === "draw";
        turns++;
      }
      assert.ok(turns > 0, `${preset}: seat ${person} had decisions`);
      g.free();
      ref.free();
    }
  }
  // Both ways of stopping were met (the games are long enough).
  assert.ok(afterDiscard > 100, `${afterDiscard} stops after the person's discard`);
  assert.ok(handOvers > 10, `${handOvers} hands ended with another seat to decide`);
  player.free();
});

test("playHand stopAt: a number, an array, a Set, a generator; every seat stops every decision", () => {
  const player = new Player();
  const g = new Game({ seed: 51 });
  const first = g.currentSeat; // the dealer's left (C5) opens hand 1
  assert.equal(player.playHand(g, { stopAt: first }), 0, "the first decision is the stop seat's");
  assert.equal(player.playHand(g, { stopAt: [0, 1, 2, 3] }), 0);
  const ref = g.clone();
  const other = (first + 2) % 4;
  const n = player.playHand(g, { stopAt: new Set([other]) });
  assert.ok(n >= 1);
  assert.equal(g.currentSeat, other);
  const gen = function* () {
    yield other;
  };
  assert.equal(perDecision(player, ref, 0, new Set([other])), n);
  sameGame(g, ref, "a Set");
  assert.equal(player.playHand(g, { stopAt: gen() }), 0, "a generator: the decision is still seat other's");
  assert.equal(player.playHand(g, { stopAt: [] }) > 0, true, "an empty list stops nowhere");
  assert.ok(END.has(g.phase));
  // At hand-over the next dealer decides (next-hand): a stop seat too.
  const next = g.currentSeat;
  assert.equal(player.playHand(g, { stopAt: next }), 0);
  assert.equal(g.phase, "hand-over");
  g.free();
  ref.free();
  player.free();
});

test("playGame: whole games as playHand call after call; stopAt stops it too; 0 at game over", () => {
  const player = new Player();
  for (const preset of PRESETS) {
    const a = new Game({ preset, seed: 61 });
    const b = a.clone();
    const c = a.clone();
    const n = player.playGame(a, { seed: 5 });
    let m = 0;
    for (let k; (k = player.playHand(b, { seed: 5 })) > 0; ) m += k;
    assert.equal(n, m, `${preset}: as many decisions`);
    assert.equal(perDecision(player, c, 5, new Set(), false), n);
    assert.equal(a.over, true);
    sameGame(a, b, preset);
    sameGame(a, c, preset);
    const saved = a.save();
    assert.equal(player.playGame(a), 0);
    assert.equal(player.playHand(a, { stopAt: 0 }), 0);
    assert.equal(a.save(), saved, "nothing changes at game over");
    [a, b, c].forEach((g) => g.free());
  }
  const g = new Game({ seed: 62 });
  const ref = g.clone();
  const person = (g.currentSeat + 1) % 4;
  const n = player.playGame(g, { stopAt: person });
  assert.equal(g.currentSeat, person);
  assert.equal(g.handNumber, 1);
  assert.equal(n, perDecision(player, ref, 0, new Set([person]), false));
  sameGame(g, ref, "playGame stopAt");
  g.free();
  ref.free();
  player.free();
});

test("playHand and playGame: bad arguments throw before anything is played", () => {
  const player = new Player();
  const g = new Game({ seed: 71 });
  player.play(g);
  const saved = g.save();
  const two = new Game({ preset: "two-players", seed: 71 });
  const twoSaved = two.save();
  for (const call of ["playHand", "playGame"]) {
    const f = (...args) => () => player[call](...args);
    assert.throws(f(), TypeError, "no game");
    assert.throws(f(null), TypeError);
    assert.throws(f(saved), TypeError, "a save text is not a Game");
    assert.throws(f(g, 42), TypeError, "options must be an object");
    assert.throws(f(g, null), TypeError);
    assert.throws(f(g, "seed"), TypeError);
    assert.throws(f(g, []), TypeError, "an array is not the options");
    assert.throws(f(g, { stopat: 0 }), TypeError, "an unknown option (a typo) is refused");
    assert.throws(f(g, { seed: -1 }), RangeError);
    assert.throws(f(g, { seed: 2n ** 64n }), RangeError);
    assert.throws(f(g, { seed: -1n }), RangeError);
    assert.throws(f(g, { seed: 1.5 }), TypeError);
    assert.throws(f(g, { seed: "1" }), TypeError);
    assert.throws(f(g, { seed: null }), TypeError);
    assert.throws(f(g, { stopAt: "0" }), TypeError, "a string is not a seat list");
    assert.throws(f(g, { stopAt: 1.5 }), TypeError);
    assert.throws(f(g, { stopAt: null }), TypeError);
    assert.throws(f(g, { stopAt: { 0: 1 } }), TypeError, "an object that is not iterable");
    assert.throws(f(g, { stopAt: [0, "1"] }), TypeError);
    assert.throws(f(g, { stopAt: -1 }), RangeError);
    assert.throws(f(g, { stopAt: 4 }), RangeError, "a classic game has seats 0 .. 3");
    assert.throws(f(g, { stopAt: 2 ** 32 + 1 }), RangeError);
    // A bad seat late in the list: nothing is played for the good ones first.
    assert.throws(f(g, { stopAt: [0, 1, 9] }), RangeError);
    assert.throws(f(two, { stopAt: 2 }), RangeError, "a two-player game has seats 0 and 1");
    assert.equal(g.save(), saved, `${call}: the game is unchanged`);
    assert.equal(two.save(), twoSaved);
  }
  // The nearest legal ones: seat 3 of four, seat 1 of two.
  const ref = g.clone();
  assert.equal(player.playHand(g, { stopAt: 3 }), perDecision(player, ref, 0, new Set([3])));
  const twoRef = two.clone();
  assert.equal(player.playHand(two, { stopAt: 1 }), perDecision(player, twoRef, 0, new Set([1])));
  assert.equal(two.currentSeat === 1 || END.has(two.phase), true);
  sameGame(two, twoRef, "two players, stopAt 1");
  [g, two, ref, twoRef].forEach((x) => x.free());
  player.free();
});

test("playHand and playGame: a freed game or player throws the package's freed error", () => {
  const player = new Player();
  const g = new Game({ seed: 81 });
  g.free();
  assert.throws(() => player.playHand(g), /has been freed/);
  assert.throws(() => player.playGame(g), /has been freed/);
  const live = new Game({ seed: 81 });
  const saved = live.save();
  player.free();
  assert.throws(() => player.playHand(live), /Player has been freed/);
  assert.throws(() => player.playGame(live), /Player has been freed/);
  assert.equal(live.save(), saved);
  live.free();
});
