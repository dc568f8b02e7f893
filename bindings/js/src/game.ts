// Games: create, query, play, undo, text forms, views, events, search.

import {
  CARDS,
  CARD_BUF,
  EVENT_TEXT_MAX,
  Handle,
  MOVE_A,
  MOVE_SIZE,
  OUT,
  TEXT,
  VIEW_ALL,
  WHY,
  WHY_SIZE,
  CanastaError,
  adopt,
  check,
  cString,
  free,
  heap,
  int32,
  lib,
  malloc,
  outHandle,
  outInt,
  outPtr,
  outU32,
  outU64,
  str,
  takeAdopted,
  takeText,
  textDone,
  textIn,
  u64,
} from "./core.js";
import { Move, cardCodes, cardList, cardText, parseInto } from "./move.js";
import {
  EVENT_KINDS,
  OPTIONS,
  HAND_ENDS,
  PERMISSIONS,
  PHASES,
  PILE_FLAGS,
  PILE_FROZEN_MASK,
  RANK_NAMES,
  TURN_STARTS,
  type EventKind,
  type HandEnd,
  type OptionName,
  type Permission,
  type Phase,
  type PileStatus,
  type PresetName,
  type RuleOptions,
  type ScoreBreakdown,
  type TurnStart,
  type TurnState,
} from "./names.js";
import { Rules, breakdown, optionKey, type OptionKey } from "./rules.js";
import type { GameView } from "./view.js";

/** A seed: a number (0 .. 2**53-1) or a bigint (0 .. 2**64-1). */
export type Seed = number | bigint;

/** Who an event or record text is for: a seat, or "all" for everything. */
export type Viewer = number | "all";

export interface GameOptions extends RuleOptions {
  /** The deals follow from it (C7); a random one when left out. */
  seed?: Seed;
  /** A preset by name ("classic", "two-players", ...); default classic. */
  preset?: PresetName | number;
  /** Rules to copy (options given beside it are set on the copy). */
  rules?: Rules;
}

/** One event of the last move, with every card (full information). */
export interface EventData {
  kind: EventKind | number;
  seat: number;
  side: number;
  value: number;
  detail: number;
  cards: string[];
}

function viewerValue(viewer: unknown): number {
  if (viewer === "all") return VIEW_ALL;
  if (viewer === undefined)
    throw new TypeError('a viewer is required: a seat, or "all" for the complete information');
  const v = int32(viewer, "viewer");
  if (v < 0) throw new RangeError('a viewer is a seat (0 and up) or "all"');
  return v;
}

function randomSeed(): bigint {
  const c = (globalThis as { crypto?: { getRandomValues(a: Uint32Array): Uint32Array } }).crypto;
  const words = new Uint32Array(2);
  if (c?.getRandomValues) c.getRandomValues(words);
  else {
    words[0] = Math.floor(Math.random() * 2 ** 32);
    words[1] = Math.floor(Math.random() * 2 ** 32);
  }
  return (BigInt(words[0] as number) << 32n) | BigInt(words[1] as number);
}

// A growing buffer for canasta_legal_moves (one per module, reused).
let movesBuf = 0;
let movesCap = 0;

function reserveMoves(n: number): number {
  if (n > movesCap) {
    const cap = Math.max(n, 256);
    const p = malloc(cap * MOVE_SIZE);
    free(movesBuf);
    movesBuf = p;
    movesCap = cap;
  }
  return movesBuf;
}

type Reader = "canasta_game_load" | "canasta_game_from_position";

/**
 * A game of Canasta.  `new Game({ seed: 42 })` deals the first hand of a
 * classic game; `{ preset: "three-players", target: 2500 }` another game.
 * Seats count from 0; sides too (a side is a score column).
 */
export class Game extends Handle {
  /** Players at the table (C1, X2, X3, X6). */
  readonly players: number;
  /** Score columns. */
  readonly sides: number;

  constructor(options: GameOptions = {}) {
    if (options === null || typeof options !== "object") throw new TypeError("Game options must be an object");
    const adopted = takeAdopted();
    super(adopted || Game.#create(options), "canasta_game_free");
    this.players = this.option("players");
    this.sides = this.option("sides");
  }

  static #create(options: GameOptions): number {
    const { seed, preset, rules, ...rest } = options;
    const s = seed === undefined ? randomSeed() : u64(seed, "seed");
    if (rules !== undefined && !(rules instanceof Rules)) throw new TypeError("rules must be a Rules object");
    if (rules !== undefined && preset !== undefined) throw new TypeError("give either rules or preset, not both");
    const own = rules ? (Object.keys(rest).length ? rules.clone() : null) : new Rules(preset ?? "classic");
    try {
      if (own) own.setAll(rest);
      const r = own ?? (rules as Rules);
      return outHandle(lib().canasta_game_create(OUT, r.handle, s));
    } finally {
      own?.free();
    }
  }

  /** A game whose first hand is dealt from this deck order (top card first). */
  static fromDeck(cards: readonly (string | number)[], options: GameOptions = {}): Game {
    const g = new Game(options);
    try {
      g.setDeck(cards);
    } catch (e) {
      g.free();
      throw e;
    }
    return g;
  }

  static #read(fn: Reader, text: string, what: string): Game {
    const t = textIn(str(text, what));
    let rc: number;
    try {
      rc = lib()[fn]!(OUT, WHY, WHY_SIZE, t.ptr, t.len);
    } finally {
      textDone(t);
    }
    const p = outHandle(rc, WHY);
    return adopt(p, () => new Game());
  }

  /** A game from canasta-save text (CanastaError with .line if it is bad). */
  static load(text: string): Game {
    return Game.#read("canasta_game_load", text, "save text");
  }

  /** A game from canasta-position text (no undo past it). */
  static fromPosition(text: string): Game {
    return Game.#read("canasta_game_from_position", text, "position text");
  }

  /** @internal */
  get handle(): number {
    return this.ptr;
  }

  /** An exact copy: state and undo history. */
  clone(): Game {
    const p = outHandle(lib().canasta_game_clone(OUT, this.ptr));
    return adopt(p, () => new Game());
  }

  /** Make this game an exact copy of `other` (same players and packs) without allocating. */
  copyFrom(other: Game): this {
    if (!(other instanceof Game)) throw new TypeError("copyFrom needs a Game");
    check(lib().canasta_game_copy(this.ptr, other.handle));
    return this;
  }

  /** Exactly the same state and history. */
  equals(other: Game): boolean {
    if (!(other instanceof Game)) throw new TypeError("equals needs a Game");
    check(lib().canasta_game_equal(OUT, this.ptr, other.handle));
    return outInt(0) === 1;
  }

  // -- queries ---------------------------------------------------------
  #int(fn: string, ...args: number[]): number {
    check(lib()[fn]!(OUT, this.ptr, ...args));
    return outInt(0);
  }

  #cards(fn: string, ...args: number[]): string[] {
    check(lib()[fn]!(CARDS, CARD_BUF, OUT, this.ptr, ...args));
    return cardList(CARDS, outU32(0));
  }

  #seat(seat: number): number {
    return int32(seat, "seat");
  }

  #side(side: number): number {
    return int32(side, "side");
  }

  /** An option of the game's rules, by name or key. */
  option(name: OptionKey): number {
    return this.#int("canasta_game_option", optionKey(name));
  }

  /** Every option of the game's rules by name. */
  get options(): Record<OptionName, number> {
    const out = {} as Record<OptionName, number>;
    for (const name of Object.keys(OPTIONS) as OptionName[]) out[name] = this.option(name);
    return out;
  }

  // The three queries a game loop makes at every decision call their
  // function directly (a keyed lookup by name costs more than the call).
  get phase(): Phase {
    check(lib().canasta_game_phase(OUT, this.ptr));
    return PHASES[outInt(0)] as Phase;
  }

  /** The game is over (S6). */
  get over(): boolean {
    check(lib().canasta_game_phase(OUT, this.ptr));
    return outInt(0) === 5;
  }

  /** Whose decision it is: the player to move, the partner answering, or the next dealer. */
  get currentSeat(): number {
    check(lib().canasta_game_current_seat(OUT, this.ptr));
    return outInt(0);
  }

  get dealer(): number {
    return this.#int("canasta_game_dealer");
  }

  get handNumber(): number {
    return this.#int("canasta_game_hand_number");
  }

  /** X3: the seat playing alone in this hand, or null. */
  get loneHand(): number | null {
    const s = this.#int("canasta_game_lone_hand");
    return s < 0 ? null : s;
  }

  /** Each side's running total (S5). */
  get totals(): number[] {
    const out: number[] = [];
    for (let s = 0; s < this.sides; s++) out.push(this.#int("canasta_game_total", s));
    return out;
  }

  /** The winning side once the game is over, -1 for a declared tie, null while it goes on. */
  get winner(): number | null {
    if (!this.over) return null;
    return this.#int("canasta_game_winner");
  }

  get pileTop(): string | null {
    const c = this.#int("canasta_game_pile_top");
    return c ? cardText(c) : null;
  }

  /** The discard pile, bottom card first. */
  get pile(): string[] {
    return this.#cards("canasta_game_pile");
  }

  get pileSize(): number {
    return this.#int("canasta_game_pile_size");
  }

  get stockSize(): number {
    return this.#int("canasta_game_stock_size");
  }

  /** G4: "none", "asked", "yes" or "no". */
  get permission(): Permission {
    return PERMISSIONS[this.#int("canasta_game_permission")] as Permission;
  }

  /**
   * The turn of the player to move, for a user interface: how it began,
   * the melds made in it, whether a concealed exit (G3) is still possible
   * (`!meldedBefore`), the permission state (G4).  New in 1.1.
   */
  turnState(): TurnState {
    check(lib().canasta_game_turn_state(outPtr(0), outPtr(1), outPtr(2), outPtr(3), outPtr(4), outPtr(5), this.ptr));
    const bits = outInt(3);
    const newMelds: number[] = [];
    for (let r = 3; r <= 14; r++) if (bits & (1 << r)) newMelds.push(r);
    return {
      seat: outInt(0),
      began: (TURN_STARTS[outInt(1)] ?? "not-started") as TurnStart,
      meldMoves: outInt(2),
      newMelds,
      meldedBefore: outInt(4) !== 0,
      permission: PERMISSIONS[outInt(5)] as Permission,
    };
  }

  /** How the last finished hand ended, and who went out (null if nobody). */
  get handEnd(): { how: HandEnd; seat: number | null } {
    check(lib().canasta_game_hand_end(outPtr(0), outPtr(1), this.ptr));
    const seat = outInt(1);
    return { how: (HAND_ENDS[outInt(0)] ?? "none") as HandEnd, seat: seat < 0 ? null : seat };
  }

  seatSide(seat: number): number {
    return this.#int("canasta_game_seat_side", this.#seat(seat));
  }

  /** The seat's cards, sorted by code. */
  hand(seat: number): string[] {
    return this.#cards("canasta_game_hand", this.#seat(seat));
  }

  handSize(seat: number): number {
    return this.#int("canasta_game_hand_size", this.#seat(seat));
  }

  /** The side's meld of a rank (all zero when it has none). */
  meld(side: number, rank: number): { naturals: number; twos: number; jokers: number } {
    check(lib().canasta_game_meld(outPtr(0), outPtr(1), outPtr(2), this.ptr, this.#side(side), int32(rank, "rank")));
    return { naturals: outInt(0), twos: outInt(1), jokers: outInt(2) };
  }

  /** The side's melds: rank name ("3".."10", "J", "Q", "K", "A") -> cards, ranks ascending. */
  melds(side: number): Record<string, string[]> {
    const sd = this.#side(side);
    const out: Record<string, string[]> = {};
    for (let rank = 3; rank <= 14; rank++) {
      const cards = this.#cards("canasta_game_meld_cards", sd, rank);
      if (cards.length) out[RANK_NAMES[rank] as string] = cards;
    }
    return out;
  }

  /** Completed canastas of the side. */
  canastas(side: number): { natural: number; mixed: number } {
    check(lib().canasta_game_canastas(outPtr(0), outPtr(1), this.ptr, this.#side(side)));
    return { natural: outInt(0), mixed: outInt(1) };
  }

  redThrees(seat: number): string[] {
    return this.#cards("canasta_game_red_threes", this.#seat(seat));
  }

  opened(side: number): boolean {
    return this.#int("canasta_game_opened", this.#side(side)) !== 0;
  }

  /** O1: the side's opening minimum for this hand. */
  openingMinimum(side: number): number {
    return this.#int("canasta_game_opening_minimum", this.#side(side));
  }

  /** The pile as the side sees it (P2, P3). */
  pileStatus(side: number): PileStatus {
    const f = this.#int("canasta_game_pile_status", this.#side(side));
    const out: PileStatus = {
      flags: f,
      frozen: (f & PILE_FROZEN_MASK) !== 0,
      blocked: (f & (PILE_FLAGS.blockedWild | PILE_FLAGS.blockedBlackThree)) !== 0,
      frozenWild: false,
      frozenRedThree: false,
      frozenUnopened: false,
      blockedWild: false,
      blockedBlackThree: false,
      empty: false,
    };
    for (const [name, bit] of Object.entries(PILE_FLAGS)) (out as unknown as Record<string, boolean>)[name] = (f & bit) !== 0;
    return out;
  }

  /** The last finished hand's breakdown for the side; null before any hand has finished. */
  handScore(side: number): ScoreBreakdown | null {
    const rc = lib().canasta_game_hand_score(OUT, 7, this.ptr, this.#side(side));
    if (rc === -22) return null; // E_PHASE: no hand scored yet
    check(rc);
    return breakdown(OUT);
  }

  /** The current hand's deck as dealt, top card first. */
  deck(): string[] {
    return this.#cards("canasta_game_deck");
  }

  /** Deal the current hand again from this card order (top first); only before its first move. */
  setDeck(cards: readonly (string | number)[]): void {
    const codes = cardCodes(cards, "deck");
    if (codes.length > CARD_BUF) throw new CanastaError(-13, `a deck has at most ${CARD_BUF} cards, not ${codes.length}`);
    heap().set(codes, CARDS);
    check(lib().canasta_game_set_deck(this.ptr, CARDS, codes.length));
  }

  // -- playing ---------------------------------------------------------
  /** The move in MOVE_A; a text without a seat is for the current seat. */
  #moveIn(move: Move | string): number {
    if (move instanceof Move) {
      move.store(MOVE_A);
    } else if (typeof move === "string") {
      parseInto(MOVE_A, move, this.currentSeat);
    } else {
      throw new TypeError(`a move is a move text or a Move, not ${move === null ? "null" : typeof move}`);
    }
    return MOVE_A;
  }

  /** Every legal move now, in canonical form and the library's order. */
  legalMoves(): Move[] {
    const L = lib();
    const g = this.ptr;
    let rc = L.canasta_legal_moves(reserveMoves(0), movesCap, OUT, g);
    let n = outU32(0);
    if (rc === -11 && n > movesCap) rc = L.canasta_legal_moves(reserveMoves(n), movesCap, OUT, g);
    check(rc);
    n = outU32(0);
    const out = new Array<Move>(n);
    for (let i = 0; i < n; i++) out[i] = Move.at(movesBuf + i * MOVE_SIZE);
    return out;
  }

  /**
   * null if the move is legal now, else the CanastaError saying why (code,
   * rule ID, sentence).  A text that is not a move gives E_SYNTAX.  Nothing
   * changes either way.
   */
  validate(move: Move | string): CanastaError | null {
    let m: number;
    try {
      m = this.#moveIn(move);
    } catch (e) {
      if (e instanceof CanastaError) return e;
      throw e;
    }
    const rc = lib().canasta_validate(WHY, WHY_SIZE, this.ptr, m);
    return rc === 0 ? null : new CanastaError(rc, cString(WHY, WHY_SIZE));
  }

  isLegal(move: Move | string): boolean {
    return this.validate(move) === null;
  }

  /** Play a move; throws CanastaError (and the game is unchanged) if it is illegal. */
  apply(move: Move | string): void {
    const m = this.#moveIn(move);
    check(lib().canasta_apply(WHY, WHY_SIZE, this.ptr, m), WHY);
  }

  /** Take back the last move of the hand (A3); CanastaError E_NO_UNDO at its start. */
  undo(): void {
    check(lib().canasta_undo(this.ptr));
  }

  // -- events ----------------------------------------------------------
  /**
   * The events of the last move as record lines without "= ", as the
   * viewer may see them: cards another seat drew are "??".
   */
  events(viewer: Viewer): string[] {
    const v = viewerValue(viewer);
    const L = lib();
    check(L.canasta_game_event_count(OUT, this.ptr));
    const n = outU32(0);
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      check(L.canasta_game_event_to_string(TEXT, EVENT_TEXT_MAX, this.ptr, i, v));
      out.push(cString(TEXT, EVENT_TEXT_MAX));
    }
    return out;
  }

  /**
   * The events of the last move as objects, with every card (the cards of
   * draws are secret from the other seats: a server sends them events()).
   */
  eventData(): EventData[] {
    const L = lib();
    check(L.canasta_game_event_count(OUT, this.ptr));
    const n = outU32(0);
    const out: EventData[] = [];
    for (let i = 0; i < n; i++) {
      check(L.canasta_game_event(outPtr(0), outPtr(1), outPtr(2), outPtr(3), outPtr(4), CARDS, CARD_BUF, outPtr(5), this.ptr, i));
      const kind = outInt(0);
      out.push({
        kind: EVENT_KINDS[kind] ?? kind,
        seat: outInt(1),
        side: outInt(2),
        value: outInt(3),
        detail: outInt(4),
        cards: cardList(CARDS, outU32(5)),
      });
    }
    return out;
  }

  // -- text and views --------------------------------------------------
  /** canasta-save text: Game.load(g.save()) equals g, undo included. */
  save(): string {
    return takeText((t, n) => lib().canasta_game_save(t, n, this.ptr));
  }

  /** canasta-position text: the current state, no history. */
  position(): string {
    return takeText((t, n) => lib().canasta_game_position(t, n, this.ptr));
  }

  /** The JSON text of canasta_game_json for a seat, or "all" for the full state. */
  json(viewer: Viewer): string {
    const v = viewerValue(viewer);
    return takeText((t, n) => lib().canasta_game_json(t, n, this.ptr, v));
  }

  /** What `seat` may know (RULES.md A1), as an object: send this to a player. */
  view(seat: number): GameView {
    if (seat === undefined) throw new TypeError("view(seat) needs the seat; the full state is fullState()");
    return JSON.parse(this.json(int32(seat, "seat"))) as GameView;
  }

  /** The complete state, every hidden card included: never send it to a player. */
  fullState(): GameView {
    return JSON.parse(this.json("all")) as GameView;
  }

  // -- search (docs/SEARCH.md) -----------------------------------------
  /** The search action of a move (below ACTIONS_DENSE, or a hash with ACTION_MULTI set). */
  actionOfMove(move: Move | string): bigint {
    const m = this.#moveIn(move);
    check(lib().canasta_action_of_move(OUT, m));
    return outU64(0);
  }

  /** The legal move of the current decision whose action it is; CanastaError E_ARG if none. */
  actionToMove(action: bigint | number): Move {
    check(lib().canasta_action_to_move(MOVE_A, this.ptr, u64(action, "action")));
    return Move.at(MOVE_A);
  }

  /** A 64-bit key of what `seat` knows (A1). */
  infosetHash(seat: number): bigint {
    check(lib().canasta_game_infoset_hash(OUT, this.ptr, this.#seat(seat)));
    return outU64(0);
  }

  /**
   * A new game: this one with every card `seat` cannot see dealt again
   * from `seed`, consistently with what the seat has seen.  This game is
   * unchanged.
   */
  determinize(seat: number, seed: Seed): Game {
    const s = u64(seed, "seed");
    const st = this.#seat(seat);
    const world = this.clone();
    try {
      check(lib().canasta_game_determinize(world.handle, this.ptr, st, s));
    } catch (e) {
      world.free();
      throw e;
    }
    return world;
  }

  override toString(): string {
    if (this.freed) return "Game (freed)";
    return `Game (hand ${this.handNumber}, ${this.phase}, seat ${this.currentSeat})`;
  }
}
