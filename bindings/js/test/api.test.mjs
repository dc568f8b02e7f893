// The rest of the API: Move, legal moves, events per viewer, records,
// scoring without a game, the search functions, the player's knobs.
// Expected values are reasoned from docs/RULES.md, docs/NOTATION.md,
// docs/SEARCH.md and include/canasta.h, not read back from the code.

import { test } from "node:test";
import assert from "node:assert/strict";

import {
  init,
  isReady,
  version,
  errorName,
  strerror,
  Game,
  GameRecord,
  Move,
  Player,
  Rules,
  CanastaError,
  cardCode,
  cardText,
  knobNames,
  knobRange,
  normalizeMove,
  ACTIONS_DENSE,
  ACTION_MULTI,
} from "../dist/index.js";
import { PRESETS, Rng, traceSeed } from "./helpers.mjs";

await init();

test("api: init, version, error names, cards", async () => {
  assert.equal(isReady(), true);
  await init(); // again: the same module
  assert.match(version(), /^1\.\d+\.\d+$/);
  // canasta.h: E_PILE_FROZEN = -31, E_SYNTAX = -40, unknown codes have a name too.
  assert.equal(errorName(-31), "E_PILE_FROZEN");
  assert.equal(errorName(-40), "E_SYNTAX");
  assert.equal(errorName(0), "OK");
  assert.match(strerror(-31), /frozen/);
  // canasta.h: code = rank * 4 + suit (clubs 0, diamonds 1, hearts 2,
  // spades 3), the joker 60: the queen of diamonds is 12*4+1 = 49.
  assert.equal(cardCode("Qd"), 49);
  assert.equal(cardCode("Jk"), 60);
  assert.equal(cardCode("10s"), 43);
  assert.equal(cardCode("Ts"), 43);
  assert.equal(cardCode("2c"), 8);
  assert.equal(cardText(49), "Qd");
  assert.equal(cardText(43), "10s");
  assert.equal(cardText(60), "Jk");
  const e = new CanastaError(-31, "P4: the pile is frozen");
  assert.deepEqual([e.errno, e.code, e.rule, e.line], [-31, "E_PILE_FROZEN", "P4", null]);
  const l = new CanastaError(-40, "line 7: T1: no");
  assert.deepEqual([l.line, l.rule], [7, "T1"]);
});

test("api: Move getters, canonical text, equality", () => {
  const m = Move.parse("2 meld 7h 7d 7s, Kc Kd 2s");
  assert.equal(m.kind, "meld");
  assert.equal(m.seat, 2);
  assert.equal(m.card, null);
  assert.deepEqual(m.groups, [
    { rank: 7, cards: ["7h", "7d", "7s"] },
    { rank: 13, cards: ["Kc", "Kd", "2s"] },
  ]);
  assert.deepEqual(m.cards, ["7h", "7d", "7s", "Kc", "Kd", "2s"]);
  assert.equal(String(m), "2 meld 7h 7d 7s, Kc Kd 2s");
  assert.equal(JSON.stringify({ m }), '{"m":"2 meld 7h 7d 7s, Kc Kd 2s"}');
  // NOTATION.md: a group's cards are compared as a multiset; suits matter.
  assert.ok(m.equals("2 meld 7s 7h 7d, Kd 2s Kc"));
  assert.ok(!m.equals("2 meld 7h 7d 7c, Kc Kd 2s"));
  assert.ok(!m.equals("1 meld 7h 7d 7s, Kc Kd 2s"));
  assert.ok(!m.equals("2 meld Kc Kd 2s, 7h 7d 7s"), "groups in the same order");

  const d = Move.parse("1 discard Ts");
  assert.deepEqual([d.kind, d.seat, d.card, d.groups, d.cards], ["discard", 1, "10s", [], ["10s"]]);
  assert.equal(String(d), "1 discard 10s");
  const t = Move.parse("0 take 9:");
  assert.deepEqual([t.kind, t.card, t.groups], ["take", null, [{ rank: 9, cards: [] }]]);
  assert.equal(String(t), "0 take 9:");
  const t2 = Move.parse("0 TAKE 5h 5d, kc kd ks");
  assert.deepEqual(t2.groups.map((g) => g.rank), [5, 13]);
  assert.equal(String(t2), "0 take 5h 5d, Kc Kd Ks");
  // A group of wild cards names its rank; "rank:" is written only then.
  assert.equal(normalizeMove("0 meld k: jk 2C"), "0 meld K: Jk 2c");
  assert.equal(normalizeMove("meld 7H 7d 7S", 3), "3 meld 7h 7d 7s");
  for (const [text, kind] of [["3 draw", "draw"], ["3 ask", "ask"], ["3 yes", "yes"], ["3 no", "no"], ["3 decline", "decline"], ["3 next", "next-hand"]]) {
    const x = Move.parse(text);
    assert.deepEqual([x.kind, x.seat, x.card, x.groups, String(x)], [kind, 3, null, [], text]);
  }
  assert.throws(() => Move.parse("draw"), (e) => e.code === "E_SYNTAX", "no seat and no default");
});

test("api: legalMoves() are canonical, distinct, legal, and the seat's view lists them", () => {
  for (const preset of PRESETS) {
    const g = new Game({ preset, seed: 31 });
    const rng = new Rng(31);
    for (let i = 0; i < 60 && !g.over; i++) {
      const moves = g.legalMoves();
      const texts = moves.map(String);
      assert.ok(moves.length > 0);
      assert.equal(new Set(texts).size, texts.length, "no move twice");
      for (const [k, m] of moves.entries()) {
        assert.ok(m instanceof Move);
        assert.equal(m.seat, g.currentSeat);
        assert.equal(normalizeMove(texts[k]), texts[k], "canonical text");
        assert.ok(Move.parse(texts[k]).equals(m));
      }
      // Spot checks: the first, the last, and a random one are legal.
      for (const m of [moves[0], moves[moves.length - 1], moves[rng.below(moves.length)]]) assert.equal(g.validate(m), null);
      assert.deepEqual(g.view(g.currentSeat).legal_moves, texts);
      assert.deepEqual(g.fullState().legal_moves, texts);
      if (g.phase === "draw" && g.stockSize > 0) assert.ok(texts.includes(`${g.currentSeat} draw`), "T1: drawing is always possible");
      g.apply(moves[rng.below(moves.length)]);
    }
    g.free();
  }
});

test("api: events(viewer) hides other seats' draws as ??; events('all') shows them", () => {
  for (const [preset, drawn] of [["classic", 1], ["two-players", 2]]) {
    const g = new Game({ preset, seed: 8 });
    let checked = 0;
    for (let i = 0; i < 40; i++) {
      const seat = g.currentSeat;
      const phase = g.phase;
      const hand = g.hand(seat);
      const moves = g.legalMoves();
      const draw = moves.find((m) => m.kind === "draw");
      const m = phase === "draw" && draw ? draw : moves.find((x) => x.kind === "discard") ?? moves[0];
      g.apply(m);
      if (m.kind !== "draw") continue;
      const all = g.events("all");
      const data = g.eventData();
      const drew = all.find((e) => e.startsWith(`${seat} drew`));
      const got = drew.split(" ").slice(2);
      // T1 and X2: one card per draw, two in the two-player game (red
      // threes drawn are laid out, R1, and replaced within the draw).
      assert.equal(got.length, drawn, drew);
      const newHand = g.hand(seat);
      for (const c of got) assert.ok(newHand.includes(c), `${c} is in the hand now`);
      assert.equal(newHand.length, hand.length + drawn);
      assert.deepEqual(g.events(seat), all, "the drawer sees its cards");
      const dataDraw = data.find((e) => e.kind === "draw");
      assert.deepEqual(dataDraw.cards, got);
      assert.equal(dataDraw.seat, seat);
      for (let other = 0; other < g.players; other++) {
        if (other === seat) continue;
        const ev = g.events(other);
        assert.equal(ev.length, all.length);
        for (let k = 0; k < ev.length; k++) {
          if (all[k].startsWith(`${seat} drew`) || all[k].startsWith(`${seat} replace`))
            assert.equal(ev[k], `${all[k].split(" ").slice(0, 2).join(" ")} ${"?? ".repeat(all[k].split(" ").length - 2).trim()}`);
          else assert.equal(ev[k], all[k], "everything else is public (A1)");
        }
      }
      checked++;
    }
    assert.ok(checked >= 10);
    g.free();
  }
});

test("api: GameRecord create/update/text/parse/replay round trip", () => {
  for (const preset of ["classic", "three-players"]) {
    const g = new Game({ preset, seed: 2n ** 60n + 5n, target: 1500 });
    const rec = new GameRecord(g);
    const p = new Player();
    const handTotals = [];
    for (let i = 0; !g.over; i++) {
      const before = g.handNumber;
      p.play(g, traceSeed(5n, i));
      rec.update(g);
      if (g.phase === "hand-over" || g.phase === "game-over") handTotals.push(g.totals);
      assert.ok(g.handNumber >= before);
    }
    const text = rec.text("all");
    assert.match(text, /^canasta-record 1\n/);
    assert.match(text, new RegExp(`^seed ${2n ** 60n + 5n}$`, "m"));
    const view = rec.text(0);
    assert.match(view, /^view 0$/m);
    assert.doesNotMatch(view, /^seed /m);
    assert.match(view, /\?\?/, "a seat's copy hides other seats' draws");
    const parsed = GameRecord.parse(text);
    assert.equal(parsed.text("all"), text, "written back as read");
    const { game, hands } = parsed.replay();
    assert.ok(game.equals(g), "the replay's game equals the played game");
    assert.equal(hands.length, g.handNumber);
    assert.equal(hands.length, handTotals.length);
    for (let side = 0; side < g.sides; side++) {
      let sum = 0;
      for (const [h, perSide] of hands.entries()) {
        const r = perSide[side];
        const items = r.melded + r.naturalCanastas + r.mixedCanastas + r.redThrees + r.goingOut + r.inHand;
        assert.equal(items, r.total, "E3: the items add up to the hand's score");
        sum += r.total;
        assert.equal(r.gameTotal, sum, "S5: the running total");
        assert.equal(r.gameTotal, handTotals[h][side]);
      }
      assert.equal(sum, g.totals[side], "S5: the hands' scores sum to the total");
    }
    // A seat's copy parses but cannot be replayed (E_HIDDEN).
    assert.throws(() => GameRecord.parse(view).replay(), (e) => e.code === "E_HIDDEN" && e.line !== null);
    // A wrong move in the record: the replay names its line.
    const lines = text.split("\n");
    const k = lines.findIndex((l) => /^\d draw$/.test(l));
    lines[k] = `${(Number(lines[k][0]) + 1) % g.players} draw`;
    assert.throws(
      () => GameRecord.parse(lines.join("\n")).replay(),
      (e) => e instanceof CanastaError && e.code === "E_TURN" && e.line === k + 1 && e.rule === "T1",
    );
    for (const h of [game, parsed, rec, p, g]) h.free();
  }
});

test("api: Rules.scoreSide, meldClass, openingMinimum, redThreeBonus from the rules", () => {
  const r = new Rules("classic");
  // S4's worked example: seven kings (70 + 500), three aces (60), two red
  // threes (200), going out (100), a 7 left (-5): 925.
  assert.deepEqual(
    r.scoreSide({
      melds: [{ rank: 13, naturals: 7, twos: 0, jokers: 0 }, { rank: 14, naturals: 3, twos: 0, jokers: 0 }],
      redThrees: 2,
      hand: ["7c"],
      wentOut: "normal",
    }),
    { melded: 130, naturalCanastas: 500, mixedCanastas: 0, redThrees: 200, goingOut: 100, inHand: -5, total: 925 },
  );
  // S1: natural 500, mixed 300; V1: six 9s (60) and a joker (50) = 110;
  // R3: all four red threes 800; S2: concealed 200; V1: a joker (50) and
  // an ace (20) left: -70.
  assert.deepEqual(
    r.scoreSide({
      melds: [{ rank: 13, naturals: 7, twos: 0, jokers: 0 }, { rank: 9, naturals: 6, twos: 0, jokers: 1 }],
      redThrees: 4,
      hand: ["Jk", "Ah"],
      wentOut: "concealed",
    }),
    { melded: 180, naturalCanastas: 500, mixedCanastas: 300, redThrees: 800, goingOut: 200, inHand: -70, total: 1910 },
  );
  // R3: red threes count against a side that melded nothing; E3: the
  // cards in hand count against it (joker 50, two 20, black three 5).
  assert.deepEqual(r.scoreSide({ redThrees: 3, hand: ["Jk", "2c", "3s"] }), {
    melded: 0, naturalCanastas: 0, mixedCanastas: 0, redThrees: -300, goingOut: 0, inHand: -75, total: -375,
  });
  assert.throws(() => r.scoreSide({ melds: [{ rank: 7, naturals: 1, twos: 1, jokers: 1 }] }), (e) => e.code === "E_SCORE_INPUT");
  // M1, M2, M5, M6.
  assert.equal(r.meldClass(13, 7, 0, 0), "natural-canasta");
  assert.equal(r.meldClass(9, 6, 0, 1), "mixed-canasta");
  assert.equal(r.meldClass(12, 2, 1, 0), "open");
  assert.equal(r.meldClass(3, 3, 0, 0), "open");
  assert.throws(() => r.meldClass(12, 1, 1, 1), (e) => e.code === "E_MELD"); // M2: one queen, a two and a joker
  assert.throws(() => r.meldClass(13, 2, 2, 2), (e) => e.code === "E_MELD"); // M1: four wild cards
  assert.throws(() => r.meldClass(3, 2, 1, 0), (e) => e.code === "E_THREES"); // M6
  // O1's table.
  assert.deepEqual([-5, 0, 1495, 1500, 2995, 3000].map((t) => r.openingMinimum(t)), [15, 50, 50, 90, 90, 120]);
  // R3: 100 each, 800 for all four; X6: 1000 for five, 1200 for six.
  assert.deepEqual([1, 2, 3, 4].map((n) => r.redThreeBonus(n)), [100, 200, 300, 800]);
  const six = new Rules("six-three-sides");
  assert.deepEqual([4, 5, 6].map((n) => six.redThreeBonus(n)), [400, 1000, 1200]);
  // Options by name and camelCase; presets (X2, X3, X6, C2).
  const t = new Rules("classic", { target: 2500, askPermission: false, tieRule: "declare" });
  assert.deepEqual([t.get("target"), t.get("ask-permission"), t.get("tieRule")], [2500, 0, 1]);
  assert.deepEqual(t.range("target"), { min: 1, max: 1000000 });
  const g = new Game({ rules: t, seed: 1 });
  assert.equal(g.option("target"), 2500);
  for (const [preset, players, sides, deck] of [["classic", 4, 2, 108], ["two-players", 2, 2, 108], ["three-players", 3, 3, 108], ["six-three-sides", 6, 3, 162], ["six-two-sides", 6, 2, 162]]) {
    const x = new Game({ preset, seed: 1 });
    assert.deepEqual([x.players, x.sides, x.option("deck-size")], [players, sides, deck], preset);
    x.free();
  }
  for (const h of [r, six, t, g]) h.free();
});

test("api: infosetHash, determinize, actionOfMove / actionToMove", () => {
  const g = new Game({ seed: 12 });
  const p = new Player();
  for (let i = 0; i < 9; i++) p.play(g, i);
  const keys = [0, 1, 2, 3].map((s) => g.infosetHash(s));
  for (const k of keys) assert.equal(typeof k, "bigint");
  assert.equal(new Set(keys).size, 4, "each seat knows something else");
  for (let seat = 0; seat < 4; seat++) {
    const a = g.determinize(seat, 1);
    const b = g.determinize(seat, 2n ** 63n);
    assert.equal(a.infosetHash(seat), b.infosetHash(seat));
    assert.deepEqual(a.hand(seat), g.hand(seat));
    assert.ok(a.equals(g.determinize(seat, 1)), "a seed gives the same world");
    a.free();
    b.free();
  }
  // docs/SEARCH.md's layout.
  assert.equal(g.actionOfMove("0 draw"), 0n);
  assert.equal(g.actionOfMove("0 decline"), 1n);
  assert.equal(g.actionOfMove("0 ask"), 2n);
  assert.equal(g.actionOfMove("0 next"), 5n);
  assert.equal(g.actionOfMove("0 discard 4c"), 8n); // 6 + k, a 4 is k = 2
  assert.equal(g.actionOfMove("0 discard Ah"), 18n);
  assert.equal(g.actionOfMove("0 discard Jk"), 19n);
  assert.equal(g.actionOfMove("0 discard 3s"), 7n);
  // 20 + (rank - 3) * 130 + naturals * 10 + combo (two 1 -> combo 4).
  assert.equal(g.actionOfMove("0 meld 7h 7d 7s"), 20n + 4n * 130n + 30n);
  assert.equal(g.actionOfMove("0 meld Kc Kd 2s"), 20n + 10n * 130n + 20n + 4n);
  assert.equal(g.actionOfMove("0 take 9:"), 1580n + 6n * 130n);
  const multi = g.actionOfMove("0 meld 7h 7d 7s, Kc Kd Ks");
  assert.ok((multi & ACTION_MULTI) !== 0n);
  // Round trip at many decisions: each legal move's action gives back the
  // first legal move with that action (canasta.h), which equals the move
  // up to suits (the same action).
  const rng = new Rng(4);
  let checked = 0;
  for (let i = 0; i < 120 && !g.over; i++) {
    const moves = g.legalMoves();
    const actions = moves.map((m) => g.actionOfMove(m));
    for (const [k, m] of moves.entries()) {
      const a = actions[k];
      if ((a & ACTION_MULTI) === 0n) assert.ok(a < BigInt(ACTIONS_DENSE));
      const back = g.actionToMove(a);
      assert.ok(back.equals(moves[actions.indexOf(a)]));
      assert.equal(g.actionOfMove(back), a);
      assert.equal(back.kind, m.kind);
      checked++;
    }
    g.apply(moves[rng.below(moves.length)]);
  }
  assert.ok(checked > 200);
  // E1: declining (action 1) is no legal move while the stock lasts, so
  // there is no move of that action: E_ARG (canasta.h).
  const fresh = new Game({ seed: 1 });
  assert.throws(() => fresh.actionToMove(1n), (e) => e instanceof CanastaError && e.code === "E_ARG");
  assert.equal(String(fresh.actionToMove(0)), `${fresh.currentSeat} draw`);
  fresh.free();
  p.free();
  g.free();
});

test("api: Player knobs by name and camelCase, choose/play/hint", () => {
  // canasta.h: the knobs, their ranges and defaults.
  assert.deepEqual(knobNames(), ["take-pile", "pile-size", "wild-cards", "go-out", "keep-pairs", "discard", "ask"]);
  assert.deepEqual(knobRange("take-pile"), { min: 0, max: 2, default: 1 });
  assert.deepEqual(knobRange("pileSize"), { min: 1, max: 100, default: 3 });
  assert.deepEqual(knobRange("go-out"), { min: 0, max: 6, default: 0 });
  assert.deepEqual(knobRange("keepPairs"), { min: 0, max: 1, default: 1 });
  const p = new Player({ takePile: 2, "pile-size": 5, wild_cards: 0 });
  assert.equal(p.get("take-pile"), 2);
  assert.equal(p.get("takePile"), 2);
  assert.equal(p.get("pileSize"), 5);
  assert.equal(p.get("wild-cards"), 0);
  assert.deepEqual(p.knobs(), { "take-pile": 2, "pile-size": 5, "wild-cards": 0, "go-out": 0, "keep-pairs": 1, discard: 0, ask: 1 });
  assert.equal(p.set("goOut", 3), p);
  assert.equal(p.get(4), 3, "knob key 4 is go-out");
  const c = p.clone();
  assert.deepEqual(c.knobs(), p.knobs());
  // choose() is a legal move and the same for the same seed; play() plays it.
  const g = new Game({ seed: 21 });
  for (let i = 0; i < 40; i++) {
    const m = p.choose(g, i);
    assert.equal(g.validate(m), null);
    assert.ok(p.choose(g, i).equals(m));
    const h = g.clone();
    h.apply(m);
    assert.ok(p.play(g, i).equals(m));
    assert.ok(g.equals(h));
    h.free();
  }
  const hint = p.hint(g);
  assert.ok(hint.move.equals(p.choose(g, 0)));
  assert.ok(hint.reason.length > 0);
  // Undo takes the moves back (A3).
  const start = g.clone();
  g.apply(p.choose(g));
  g.undo();
  assert.ok(g.equals(start));
  for (const h of [p, c, g, start]) h.free();
});

const SRC = process.env.CANASTA_SRCDIR;
test(
  "api: the example records (examples/records) replay, or fail as their comments say",
  { skip: SRC ? false : "CANASTA_SRCDIR is not set (make check-js sets it to the source tree)" },
  async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const dir = `${SRC}/examples/records`;
    const files = readdirSync(dir).filter((f) => f.endsWith(".rec"));
    assert.ok(files.length >= 8);
    for (const f of files) {
      const text = readFileSync(`${dir}/${f}`, "utf8");
      const rec = GameRecord.parse(text);
      // Written back without the comments; reading that gives it again.
      const again = rec.text("all");
      assert.equal(GameRecord.parse(again).text("all"), again, f);
      if (f === "illegal-move.rec") {
        // Its comment: "on line N seat 3 draws a second time ... (T1, E_PHASE)".
        const line = Number(/on line (\d+) seat 3 draws/.exec(text)?.[1]);
        assert.ok(line > 0, `${f}: its comment names the line`);
        assert.throws(() => rec.replay(), (e) => e.code === "E_PHASE" && e.line === line && e.rule === "T1", f);
      } else if (f === "seat-0-view.rec") {
        // Its comment: "It has no seed, so it cannot be replayed (E_HIDDEN)".
        assert.throws(() => rec.replay(), (e) => e.code === "E_HIDDEN" && typeof e.line === "number", f);
      } else {
        const { game, hands } = rec.replay();
        assert.ok(hands.length >= 1, f);
        for (let side = 0; side < game.sides; side++)
          assert.equal(hands.reduce((sum, h) => sum + h[side].total, 0), game.totals[side], `${f}: S5`);
        const back = Game.load(game.save());
        assert.ok(back.equals(game), f);
        back.free();
        game.free();
      }
      rec.free();
    }
  },
);

test("api: card facts from the library: cardRank, isWildCard, cardValue (V1, M2)", async () => {
  const { cardRank, isWildCard, cardValue, CanastaError } = await import("../dist/index.js");
  // V1: jokers 50, aces and twos 20, eights to kings 10, fours to sevens and black threes 5, red threes 0 (R3 scores them).
  const expect = { Jk: [15, true, 50], "2c": [2, true, 20], Ah: [14, false, 20], Ks: [13, false, 10], "8d": [8, false, 10],
    "7c": [7, false, 5], "4h": [4, false, 5], "3s": [3, false, 5], "3d": [3, false, 0], "10h": [10, false, 10] };
  for (const [card, [rank, wild, value]] of Object.entries(expect)) {
    assert.equal(cardRank(card), rank, `${card} rank`);
    assert.equal(isWildCard(card), wild, `${card} wild`);
    assert.equal(cardValue(card), value, `${card} value`);
  }
  assert.throws(() => cardRank("1x"), (e) => e instanceof CanastaError && e.code === "E_PARSE");
  assert.throws(() => isWildCard(7), TypeError);
});
