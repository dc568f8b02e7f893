// Cards and moves.  A card is its text ("7h", "10s", "Jk"); a move is a
// Move object, made from text by Move.parse and written back by
// toString(), or a move text wherever a method takes a move.

import {
  MOVE_A,
  MOVE_B,
  MOVE_TEXT_MAX,
  OUT,
  TEXT,
  WHY,
  WHY_SIZE,
  check,
  cString,
  heap,
  int32,
  lib,
  outInt,
  str,
  textDone,
  textIn,
} from "./core.js";
import { MOVE_KINDS, type MoveKind } from "./names.js";

const CARD_LIMIT = 64;
const GROUP_SIZE = 18; // canasta_group: rank, count, 16 cards
const GROUP_CARDS = 16;
const MAX_GROUPS = 12;
const MOVE_KEY = Symbol("libcanasta.Move");
const cardTexts: (string | null)[] = [];

/** The canonical text of a card code (49 -> "Qd"); CanastaError E_CARD if invalid. */
export function cardText(code: number): string {
  const c = int32(code, "card code");
  const known = c >= 0 && c < CARD_LIMIT ? cardTexts[c] : undefined;
  if (known) return known;
  check(lib().canasta_card_to_string(TEXT, 8, c));
  const text = cString(TEXT, 8);
  if (c >= 0 && c < CARD_LIMIT) cardTexts[c] = text;
  return text;
}

/** The code of a card text ("Qd" -> 49; "10s" or "Ts"); CanastaError E_PARSE if none. */
export function cardCode(text: string): number {
  const t = textIn(str(text, "card"));
  try {
    check(lib().canasta_card_from_string(OUT, t.ptr, t.len));
  } finally {
    textDone(t);
  }
  return outInt(0);
}

/** A card's rank: 2..14 (jack 11, queen 12, king 13, ace 14), 15 for the joker. */
export function cardRank(card: string): number {
  const r = lib().canasta_card_rank(cardCode(card));
  check(r < 0 ? r : 0);
  return r;
}

/** Twos and jokers are wild (M2). */
export function isWildCard(card: string): boolean {
  const r = lib().canasta_card_is_wild(cardCode(card));
  check(r < 0 ? r : 0);
  return r === 1;
}

/** A card's value (V1: what it counts melded, or against the hand left holding it; red threes 0). */
export function cardValue(card: string): number {
  const r = lib().canasta_card_value(cardCode(card));
  check(r < 0 ? r : 0);
  return r;
}

/** Card codes from texts or codes (for decks and hands). */
export function cardCodes(cards: readonly (string | number)[], what: string): number[] {
  if (!Array.isArray(cards)) throw new TypeError(`${what} must be an array of cards`);
  return cards.map((c) => {
    if (typeof c === "string") return cardCode(c);
    const code = int32(c, `${what}: a card code`);
    if (code < 0 || code > 255) throw new RangeError(`${what}: card code ${code} is not a byte`);
    return code;
  });
}

export function cardList(ptr: number, n: number): string[] {
  const h = heap();
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = cardText(h[ptr + i] as number);
  return out;
}

/** One group of a move: a meld of `rank`, or cards added to the side's meld of it. */
export interface MoveGroup {
  rank: number;
  cards: string[];
}

/**
 * A move, as the library lays it out (canasta_move).  Immutable; made by
 * Move.parse, Game.legalMoves, Player.choose and the like.
 */
export class Move {
  // The meaningful part of the canasta_move (canasta.h: kind, seat, card,
  // ngroups and the used groups; the rest stays zero), in plain fields:
  // far cheaper to make than a typed array, and every decision makes one.
  readonly #kind: number;
  readonly #seat: number;
  readonly #card: number;
  // The used part of each group, one after another: rank, count, then
  // the count cards, as the library's own undo history keeps a move
  // (store() writes the rest of the 18 bytes as 0s).  Copying every byte
  // of the groups made Move.at of a meld 2-3 times dearer, and
  // legalMoves() at mid-hand positions about 1.13 times slower.
  readonly #groups: number[] | null;
  readonly #ngroups: number;
  #text: string | null = null;

  /** @internal Moves are made by Move.parse and the library's answers, never directly. */
  constructor(key: symbol, kind: number, seat: number, card: number, ngroups: number, groups: number[] | null) {
    // The fields are copied from a canasta_move the library wrote, so
    // store() can write them back without checks; a Move built by hand
    // could overrun the scratch area, so the constructor is closed.
    if (key !== MOVE_KEY) throw new TypeError("a Move is made by Move.parse(text), not new Move()");
    this.#kind = kind;
    this.#seat = seat;
    this.#card = card;
    this.#ngroups = ngroups;
    this.#groups = groups;
  }

  /** @internal a copy of the move at ptr */
  static at(ptr: number): Move {
    const h = heap();
    const n = Math.min(h[ptr + 3] as number, MAX_GROUPS);
    let groups: number[] | null = null;
    if (n > 0) {
      groups = [];
      for (let j = 0, base = ptr + 4; j < n; j++, base += GROUP_SIZE) {
        const count = Math.min(h[base + 1] as number, GROUP_CARDS);
        groups.push(h[base] as number, count);
        for (let i = base + 2; i < base + 2 + count; i++) groups.push(h[i] as number);
      }
    }
    return new Move(MOVE_KEY, h[ptr] as number, h[ptr + 1] as number, h[ptr + 2] as number, n, groups);
  }

  /** @internal write the move into the canasta_move at ptr */
  store(ptr: number): void {
    const h = heap();
    const g = this.#groups;
    h[ptr] = this.#kind;
    h[ptr + 1] = this.#seat;
    h[ptr + 2] = this.#card;
    h[ptr + 3] = this.#ngroups;
    if (g === null) return;
    for (let i = 0, base = ptr + 4; i < g.length; base += GROUP_SIZE) {
      const count = g[i + 1] as number;
      h[base] = g[i] as number;
      h[base + 1] = count;
      for (let k = 0; k < count; k++) h[base + 2 + k] = g[i + 2 + k] as number;
      h.fill(0, base + 2 + count, base + GROUP_SIZE);
      i += 2 + count;
    }
  }

  /**
   * Read a move text ("meld 7h 7d 2s", "2 take 9c 9d:"); a text without a
   * leading seat is for `seat` (-1, the default: the text must name it).
   * CanastaError E_SYNTAX when the text is not a move (rules are not
   * checked here: see Game.validate).
   */
  static parse(text: string, seat = -1): Move {
    parseInto(MOVE_A, text, seat);
    return Move.at(MOVE_A);
  }

  /** The canonical text ("2 meld 7h 7d 7s, Kc Kd 2s"). */
  toString(): string {
    if (this.#text === null) {
      this.store(MOVE_B);
      check(lib().canasta_move_to_string(TEXT, MOVE_TEXT_MAX, MOVE_B));
      this.#text = cString(TEXT, MOVE_TEXT_MAX);
    }
    return this.#text;
  }

  toJSON(): string {
    return this.toString();
  }

  get kind(): MoveKind {
    return MOVE_KINDS[this.#kind] as MoveKind;
  }

  /** The seat making the decision. */
  get seat(): number {
    return this.#seat;
  }

  /** The discarded card (discard moves only), else null. */
  get card(): string | null {
    return this.#kind === 4 ? cardText(this.#card) : null;
  }

  /**
   * The groups: for a meld, its melds; for a take, first the top card's
   * meld (its rank, and the hand cards melded with the top card), then
   * any melds laid before the pile is picked up.
   */
  get groups(): MoveGroup[] {
    const b = this.#groups ?? [];
    const out: MoveGroup[] = [];
    for (let base = 0; base < b.length; ) {
      const count = b[base + 1] as number;
      const cards: string[] = [];
      for (let i = 0; i < count; i++) cards.push(cardText(b[base + 2 + i] as number));
      out.push({ rank: b[base] as number, cards });
      base += 2 + count;
    }
    return out;
  }

  /** Every card of the hand the move uses (melded or discarded), in order. */
  get cards(): string[] {
    const c = this.card;
    if (c !== null) return [c];
    return this.groups.flatMap((g) => g.cards);
  }

  /** Same kind, seat, card and groups (each group's cards as a multiset). */
  equals(other: Move | string): boolean {
    const o = typeof other === "string" ? Move.parse(other, this.seat) : other;
    if (!(o instanceof Move)) throw new TypeError("a Move or a move text is needed");
    this.store(MOVE_A);
    o.store(MOVE_B);
    check(lib().canasta_move_equal(OUT, MOVE_A, MOVE_B));
    return outInt(0) === 1;
  }
}

/** Parse a move text into the canasta_move at ptr; throws CanastaError. */
export function parseInto(ptr: number, text: string, seat: number): void {
  const t = textIn(str(text, "move"));
  let rc: number;
  try {
    rc = lib().canasta_move_from_string(ptr, WHY, WHY_SIZE, t.ptr, t.len, int32(seat, "seat"));
  } finally {
    textDone(t);
  }
  check(rc, WHY);
}

/** The canonical form of a move text; `seat` is used when the text names none. */
export function normalizeMove(text: string, seat = -1): string {
  return Move.parse(text, seat).toString();
}
