// Required test 3: a seat's view never holds a card that seat cannot have
// seen (RULES.md A1, docs/VIEWS.md).
//
// Two independent checks at many positions of games of every preset, for
// every seat:
//
//  1. Determinization (the JS form of tests/test_views.c's re-deal, see the
//     comment above track_start there): determinize(seat, seed) deals
//     every card hidden from the seat again, consistently with what it has
//     seen.  The seat's view of such a world must equal its view of the
//     real game in every field but the history: a world is a position with
//     no past ("start":"position", no events, no moves), so the history is
//     the one field that legitimately differs, and it is checked by (2).
//     The full states must differ for some samples (the worlds really are
//     other deals, so the comparison could fail).
//
//  2. A card audit of the whole view, history included: the multiset of
//     card texts anywhere in the JSON, minus the ones in places that are
//     public to the seat (its own hand, the melds, the red threes, the
//     pile, every move's text, the events other than other seats' draws
//     and replacements, its own legal moves), must be empty; and other
//     seats' draws and replacements must be "??".  Any card added
//     anywhere else (another hand's cards, the stock, a seed or deck)
//     makes the difference non-empty; the test shows that by injecting
//     such a leak.

import { test } from "node:test";
import assert from "node:assert/strict";

import { init, Game, Player } from "../dist/index.js";
import { PRESETS, Rng, cardTokens } from "./helpers.mjs";

await init();

function countInto(map, cards, sign = 1) {
  for (const c of cards) map.set(c, (map.get(c) ?? 0) + sign);
}

const SECRET_EVENT = /^(\d) (drew|replace)\b(.*)$/;

/** Card texts in the view (anywhere) that no public place of it explains. */
function unexplainedCards(v, seat) {
  const all = new Map();
  countInto(all, cardTokens(JSON.stringify(v)));
  const pub = new Map();
  const own = v.hands.find((h) => h.seat === seat);
  countInto(pub, own?.cards ?? []);
  for (const side of v.table.sides) for (const m of side.melds) countInto(pub, m.cards);
  for (const s of v.table.seats) countInto(pub, s.red_threes);
  countInto(pub, v.pile.cards);
  if (v.pile.top !== null) countInto(pub, [v.pile.top]);
  countInto(pub, v.legal_moves.flatMap(cardTokens));
  const events = [...v.history.events];
  for (const m of v.history.moves) {
    countInto(pub, cardTokens(m.move));
    events.push(...m.events);
  }
  for (const e of events) {
    const secret = SECRET_EVENT.exec(e);
    if (secret && Number(secret[1]) !== seat) continue; // must be ?? (checked below)
    countInto(pub, cardTokens(e));
  }
  const left = [];
  for (const [c, n] of all) for (let k = (pub.get(c) ?? 0); k < n; k++) left.push(c);
  return left;
}

/** The checks of one seat's view that need no second game. */
function checkSeatView(v, g, seat, where) {
  assert.equal(v.viewer, seat);
  assert.equal("seed" in v, false, `${where}: no seed in a seat's view`);
  assert.equal("deck" in v.history, false, `${where}: no deck in a seat's view`);
  assert.equal("cards" in v.stock, false, `${where}: no stock cards in a seat's view`);
  assert.equal(v.stock.size, g.stockSize);
  assert.equal(v.hands.length, g.players);
  for (const h of v.hands) {
    assert.equal(h.size, g.handSize(h.seat));
    if (h.seat === seat) assert.deepEqual(h.cards, g.hand(seat), `${where}: own hand`);
    else assert.equal(h.cards, null, `${where}: seat ${h.seat}'s cards are hidden`);
  }
  if (v.current_seat !== seat) assert.deepEqual(v.legal_moves, [], `${where}: nobody else's options`);
  for (const e of [...v.history.events, ...v.history.moves.flatMap((m) => m.events)]) {
    const secret = SECRET_EVENT.exec(e);
    if (secret && Number(secret[1]) !== seat)
      assert.match(secret[3], /^( \?\?)*$/, `${where}: "${e}" hides the cards`);
  }
  assert.deepEqual(unexplainedCards(v, seat), [], `${where}: cards the seat cannot have seen`);
}

// Games: the reference player with a random move one time in three (so
// that odd states appear too: asks, answers, declines), sampled every
// fourth move and at the end of every hand.
const GAMES = { classic: [101n, 2n ** 60n + 3n], "two-players": [7n, 8n], "three-players": [5n, 9n], "six-three-sides": [3n], "six-two-sides": [4n] };
const MOVES = 160;

for (const preset of PRESETS) {
  test(`views: ${preset}: a seat's view equals its view of determinized worlds, and holds only cards it may know`, (t) => {
    const player = new Player();
    let samples = 0;
    let fullDiffers = 0;
    let realKey = 0;
    const phases = new Set();
    for (const seed of GAMES[preset]) {
      const rng = new Rng(seed);
      const g = new Game({ preset, seed, target: 2000 });
      let tookOther = new Set(); // seats that took the pile in this hand
      let hand = g.handNumber;
      for (let i = 0; i < MOVES && !g.over; i++) {
        if (i % 4 === 0 || g.phase === "hand-over") {
          const full = g.fullState();
          phases.add(full.phase);
          assert.equal(full.viewer, null);
          assert.ok(full.hands.every((h) => Array.isArray(h.cards) && h.cards.length === h.size), "fullState(): every hand");
          assert.equal(typeof full.seed, "string");
          for (let seat = 0; seat < g.players; seat++) {
            const where = `${preset} seed ${seed} move ${i} seat ${seat}`;
            const v = g.view(seat);
            checkSeatView(v, g, seat, where);
            const key = g.infosetHash(seat);
            assert.equal(typeof key, "bigint");
            const keys = [];
            for (const ws of [BigInt(i) * 2n + 1n, 2n ** 63n + BigInt(i)]) {
              const w = g.determinize(seat, ws);
              const wv = w.view(seat);
              checkSeatView(wv, w, seat, `${where} (world ${ws})`);
              assert.deepEqual(wv.history, { start: "position", events: [], moves: [] }, `${where}: a world has no past`);
              const { history: h1, ...a } = v;
              const { history: h2, ...b } = wv;
              assert.deepEqual(b, a, `${where}: the view of a determinized world differs`);
              keys.push(w.infosetHash(seat));
              if (JSON.stringify(w.fullState().hands) !== JSON.stringify(full.hands)) fullDiffers++;
              w.free();
            }
            // docs/SEARCH.md: worlds of one seat share a key; it is the
            // real game's key unless another seat holds cards known from a
            // pickup (which a world, having no history, does not know).
            assert.equal(keys[0], keys[1], `${where}: two worlds of the seat, one key`);
            if ([...tookOther].every((s) => s === seat)) {
              assert.equal(keys[0], key, `${where}: no pickup by another seat: the world's key is the game's`);
              realKey++;
            }
            samples++;
          }
        }
        const m = rng.below(3) === 0 ? (() => {
          const ms = g.legalMoves();
          return ms[rng.below(ms.length)];
        })() : player.choose(g, rng.next());
        g.apply(m);
        if (g.handNumber !== hand) {
          hand = g.handNumber;
          tookOther = new Set();
        } else if (m.kind === "take") tookOther.add(m.seat);
      }
      g.free();
    }
    player.free();
    assert.ok(samples >= 100, `${preset}: ${samples} samples`);
    assert.ok(fullDiffers > samples, `${preset}: the worlds' hidden cards differ from the game's (${fullDiffers} of ${samples * 2})`);
    assert.ok(realKey > 0);
    t.diagnostic(`${samples} seat views, ${samples * 2} worlds, phases ${[...phases].join(" ")}; ${realKey} with the game's key`);
  });
}

test("views: the audit notices a leaked card, and the view API refuses to guess a viewer", () => {
  const g = new Game({ seed: 77 });
  const p = new Player();
  for (let i = 0; i < 30; i++) p.play(g, i);
  const full = g.fullState();
  for (let seat = 0; seat < 4; seat++) {
    const v = g.view(seat);
    assert.deepEqual(unexplainedCards(v, seat), []);
    const other = (seat + 1) % 4;
    // Another seat's hand shown: every one of its cards is unexplained.
    const leak1 = structuredClone(v);
    leak1.hands[other].cards = full.hands[other].cards;
    assert.deepEqual(unexplainedCards(leak1, seat).sort(), [...full.hands[other].cards].sort());
    // The stock's top card in the view (docs/VIEWS.md: full view only).
    const leak2 = structuredClone(v);
    leak2.stock.cards = [full.stock.cards[0]];
    assert.deepEqual(unexplainedCards(leak2, seat), [full.stock.cards[0]]);
    // Another seat's draw shown in the history.
    const leak3 = structuredClone(v);
    const fullMoves = full.history.moves;
    const k = fullMoves.findIndex((m) => m.move === `${other} draw`);
    leak3.history.moves[k].events = fullMoves[k].events;
    assert.ok(unexplainedCards(leak3, seat).length > 0, `seat ${seat}: "${fullMoves[k].events}" is noticed`);
  }
  // The full state has every hand; a seat's view only its own.
  assert.ok(full.hands.every((h) => h.cards.length === h.size));
  assert.throws(() => g.view(), TypeError);
  assert.throws(() => g.view(undefined), TypeError);
  assert.throws(() => g.view("all"), TypeError);
  // -1 is CANASTA_VIEW_ALL in C: from view() it must not give the full state.
  assert.throws(() => g.view(-1), RangeError);
  assert.throws(() => g.json(-1), RangeError);
  assert.throws(() => g.view(4), (e) => e.code === "E_SEAT");
  assert.equal(g.view(0).viewer, 0);
  p.free();
  g.free();
});
