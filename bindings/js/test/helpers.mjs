// Shared helpers of the package's tests (not a test file of its own: run
// directly, as `node --test test/` does with every .mjs file under test/,
// it checks only its own splitmix64 against the published test vector).
//
// The tests import the staged package as ../dist/index.js, so they run in
// js/test/ (make check-js copies bindings/js/test there).

import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

export const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
/** The staged package's root (js/): package.json, dist/. */
export const PACKAGE_DIR = path.resolve(TEST_DIR, "..");
export const INDEX_URL = pathToFileURL(path.join(PACKAGE_DIR, "dist", "index.js")).href;

export const PRESETS = ["classic", "two-players", "three-players", "six-three-sides", "six-two-sides"];

const M64 = (1n << 64n) - 1n;

/** splitmix64 of x (a bigint), exactly as tests/js_trace.c computes it. */
export function splitmix64(x) {
  let z = (BigInt.asUintN(64, x) + 0x9e3779b97f4a7c15n) & M64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  return z ^ (z >> 31n);
}

/** The per-move seed of tests/js_trace.c: splitmix64(seed ^ index). */
export function traceSeed(seed, index) {
  return splitmix64(BigInt(seed) ^ BigInt(index));
}

/** A small deterministic generator for the tests' own random choices. */
export class Rng {
  constructor(seed) {
    this.state = BigInt(seed);
  }
  /** The next 64-bit value (bigint). */
  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & M64;
    return splitmix64(this.state - 0x9e3779b97f4a7c15n);
  }
  /** An integer in 0 .. n-1. */
  below(n) {
    return Number(this.next() % BigInt(n));
  }
}

/** Play random legal moves (at most `max`); returns how many were played. */
export function playRandom(game, rng, max = Infinity, onMove = null) {
  let n = 0;
  while (n < max && !game.over) {
    const moves = game.legalMoves();
    const m = moves[rng.below(moves.length)];
    game.apply(m);
    n++;
    if (onMove) onMove(m, n);
  }
  return n;
}

// ---------------------------------------------------------------------
// Positions (docs/NOTATION.md, "Positions"): a classic game's state in
// canasta-position text.  Every card the options do not place goes to the
// stock (or wherever `rest` puts it), so the deck is always complete (C2).
// ---------------------------------------------------------------------
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUITS = ["c", "d", "h", "s"];

/** Every card of a deck of `packs` packs and `jokers` jokers, as texts. */
export function deckCards(packs = 2, jokers = 4) {
  const out = [];
  for (const r of RANKS) for (const s of SUITS) for (let k = 0; k < packs; k++) out.push(r + s);
  for (let k = 0; k < jokers; k++) out.push("Jk");
  return out;
}

/** The cards of `all` left after removing each card of `used` once (throws if one is missing). */
export function minus(all, used) {
  const left = [...all];
  for (const c of used) {
    const i = left.indexOf(c);
    if (i < 0) throw new Error(`position builder: one ${c} too many`);
    left.splice(i, 1);
  }
  return left;
}

export const isWild = (c) => c === "Jk" || c.startsWith("2");
export const isRedThree = (c) => c === "3d" || c === "3h";

/**
 * canasta-position text of a classic game.
 *   turn, phase ("draw"), source, permission, meldsThisTurn, newMelds,
 *   totals, dealer: as the position lines;
 *   hands: { seat: [cards] } (every seat needs at least one card: seats not
 *          given get `filler` cards from the rest);
 *   melds: { side: { rank: [cards] } }; redThrees: { seat: [cards] };
 *   pile: [cards] bottom first; stock: [cards] top first, placed above the rest;
 *   rest(cards, o): where the unplaced cards go; default: under `stock`.
 *   options: { name: value } option lines (e.g. { "one-card-rule": 0 }).
 */
export function buildPosition(o) {
  const players = 4;
  const sides = 2;
  const turn = o.turn ?? 0;
  const phase = o.phase ?? "draw";
  const hands = Object.fromEntries([0, 1, 2, 3].map((s) => [s, [...(o.hands?.[s] ?? [])]]));
  const melds = o.melds ?? {};
  const red = Object.fromEntries([0, 1, 2, 3].map((s) => [s, [...(o.redThrees?.[s] ?? [])]]));
  const pile = [...(o.pile ?? [])];
  const stock = [...(o.stock ?? [])];
  const used = [...pile, ...stock];
  for (let s = 0; s < players; s++) used.push(...hands[s], ...red[s]);
  for (const side of Object.keys(melds)) for (const r of Object.keys(melds[side])) used.push(...melds[side][r]);
  let rest = minus(deckCards(), used);
  // Seats given no cards get three plain cards each (no wild card, no three).
  for (let s = 0; s < players; s++) {
    if (o.hands?.[s] !== undefined) continue;
    for (let k = 0; k < (o.filler ?? 3); k++) {
      const i = rest.findIndex((c) => !isWild(c) && !c.startsWith("3"));
      hands[s].push(rest[i]);
      rest.splice(i, 1);
    }
  }
  if (o.rest) rest = o.rest(rest, { hands, red, pile, stock }) ?? [];
  stock.push(...rest);
  const opened = [0, 1].map((side) => (melds[side] && Object.keys(melds[side]).length > 0 ? 1 : 0));
  const seatMelded = o.seatMelded ?? [0, 1, 2, 3].map((s) => opened[s % 2]);
  const lines = [
    "canasta-position 1",
    "preset classic",
    ...Object.entries(o.options ?? {}).map(([k, v]) => `option ${k} ${v}`),
    `seed ${o.seed ?? 7}`,
    `hand-number ${o.handNumber ?? 1}`,
    `dealer ${o.dealer ?? (turn + players - 1) % players}`,
    `phase ${phase}`,
    `turn ${turn}`,
    `source ${o.source ?? (phase === "draw" ? "none" : "stock")}`,
    `melds-this-turn ${o.meldsThisTurn ?? 0}`,
    `take-extra 0`,
    `permission ${o.permission ?? "none"}`,
    `melded-before-turn ${o.meldedBeforeTurn ?? seatMelded[turn]}`,
    `new-melds${(o.newMelds ?? []).map((r) => " " + r).join("")}`,
    `seat-melded ${seatMelded.join(" ")}`,
    `totals ${(o.totals ?? [0, 0]).join(" ")}`,
    "last-hand none -",
    `opened ${opened.join(" ")}`,
  ];
  for (let s = 0; s < players; s++) lines.push(`hand ${s} ${hands[s].join(" ")}`.trimEnd());
  for (let s = 0; s < players; s++) lines.push(`red-threes ${s} ${red[s].join(" ")}`.trimEnd());
  for (let side = 0; side < sides; side++)
    for (const [r, cards] of Object.entries(melds[side] ?? {})) lines.push(`meld ${side} ${r}: ${cards.join(" ")}`);
  lines.push(`stock ${stock.join(" ")}`.trimEnd());
  lines.push(`pile ${pile.join(" ")}`.trimEnd());
  return lines.join("\n") + "\n";
}

/** Card tokens of a string ("7h", "10s", "Jk"; "??" is not a card). */
export function cardTokens(text) {
  return text.match(/\b(?:10|[2-9JQKA])[cdhs]\b|\bJk\b/g) ?? [];
}

// Run as its own file: check splitmix64 against the reference generator's
// published first outputs from state 0 (Vigna's splitmix64.c).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { test } = await import("node:test");
  const assert = (await import("node:assert/strict")).default;
  test("helpers: splitmix64 matches the reference outputs", () => {
    // splitmix64.c from state 0 outputs 0xe220a8397b1dcdaf, then
    // 0x6e789e6aa1b965f4: output k is splitmix64(k * golden) here.
    assert.equal(splitmix64(0n), 0xe220a8397b1dcdafn);
    assert.equal(splitmix64(0x9e3779b97f4a7c15n), 0x6e789e6aa1b965f4n);
    const r = new Rng(0);
    assert.equal(r.next(), 0xe220a8397b1dcdafn);
    assert.equal(r.next(), 0x6e789e6aa1b965f4n);
  });
}
