// The reference computer player, its knobs and hints (docs/PLAYER.md).

import {
  HINT_TEXT_MAX,
  Handle,
  MOVE_A,
  OUT,
  TEXT,
  CanastaError,
  adopt,
  check,
  cString,
  describe,
  int32,
  lib,
  outHandle,
  outInt,
  outPtr,
  str,
  takeAdopted,
  textDone,
  textIn,
  u64,
} from "./core.js";
import { Game, type Seed } from "./game.js";
import { Move } from "./move.js";

/** Options of Player.playHand and Player.playGame. */
export interface PlayOptions {
  /** The tie-break seed of every decision of the call (default 0). */
  seed?: Seed;
  /** Seats the call must not play for (people): it returns when one of them must decide. */
  stopAt?: Iterable<number> | number;
}

// enum canasta_phase (include/canasta.h).
const PHASE_HAND_OVER = 4;
const PHASE_GAME_OVER = 5;

/** The checked options of playHand/playGame: the seed as a uint64, the stop seats as bits. */
function playOptions(options: unknown, players: number, what: string): { seed: bigint; stops: number } {
  if (options === undefined) return { seed: u64(0, "seed"), stops: 0 };
  if (options === null || typeof options !== "object" || Array.isArray(options))
    throw new TypeError(`${what} options must be an object, not ${describe(options)}`);
  for (const key of Object.keys(options))
    if (key !== "seed" && key !== "stopAt") throw new TypeError(`${what}: unknown option "${key}" (known: seed, stopAt)`);
  const o = options as PlayOptions;
  const seed = u64(o.seed === undefined ? 0 : o.seed, "seed");
  let stops = 0;
  const stop = (v: unknown): void => {
    const s = int32(v, "stopAt seat");
    if (s < 0 || s >= players) throw new RangeError(`stopAt seat must be in 0 .. ${players - 1}, not ${s}`);
    stops |= 1 << s;
  };
  const at = o.stopAt;
  if (typeof at === "number") stop(at);
  else if (at !== undefined) {
    // A string is iterable too, but "0" is not a seat.
    if (at === null || typeof at !== "object" || typeof (at as Iterable<number>)[Symbol.iterator] !== "function")
      throw new TypeError(`stopAt must be a seat or an iterable of seats, not ${describe(at)}`);
    for (const v of at as Iterable<number>) stop(v);
  }
  return { seed, stops };
}

/** The knobs by name ("take-pile", ...; camelCase "takePile" works too) and value. */
export type Knobs = { [name: string]: number };

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/_/g, "-");
}

export function knobKey(name: string | number): number {
  if (typeof name === "number") return int32(name, "knob");
  const t = textIn(kebab(str(name, "knob name")) + "\0");
  let rc: number;
  try {
    rc = lib().canasta_knob_from_name(OUT, t.ptr);
  } finally {
    textDone(t);
  }
  if (rc !== 0) throw new CanastaError(rc, `unknown knob "${name}" (known: ${knobNames().join(", ")})`);
  return outInt(0);
}

/** The knobs by name, in key order. */
export function knobNames(): string[] {
  const out: string[] = [];
  for (let key = 1; ; key++) {
    const p = lib().canasta_knob_name(key);
    if (p === 0) return out;
    out.push(cString(p, 64));
  }
}

/** A knob's values and default. */
export function knobRange(name: string | number): { min: number; max: number; default: number } {
  check(lib().canasta_knob_range(outPtr(0), outPtr(1), outPtr(2), knobKey(name)));
  return { min: outInt(0), max: outInt(1), default: outInt(2) };
}

/**
 * The reference computer player: `new Player({ "take-pile": 2 })`.
 * choose(game) gives the move for the seat whose decision it is, from what
 * that seat may know (A1); hint(game) gives it with a sentence (A2).
 */
export class Player extends Handle {
  constructor(knobs: Knobs = {}) {
    const adopted = takeAdopted();
    if (knobs === null || typeof knobs !== "object") throw new TypeError("knobs must be an object");
    super(adopted || outHandle(lib().canasta_player_create(OUT)), "canasta_player_free");
    if (adopted) return;
    try {
      for (const [name, value] of Object.entries(knobs)) this.set(name, value);
    } catch (e) {
      this.free();
      throw e;
    }
  }

  /** Set a knob: CanastaError E_KNOB for an unknown knob, E_RANGE (naming the range) outside it. */
  set(name: string | number, value: number): this {
    const key = knobKey(name);
    const v = int32(value, `knob ${String(name)}`);
    const rc = lib().canasta_player_set(this.ptr, key, v);
    if (rc === -8) {
      const r = knobRange(key);
      throw new CanastaError(rc, `knob ${String(name)} must be in ${r.min} .. ${r.max}, not ${v}`);
    }
    check(rc);
    return this;
  }

  get(name: string | number): number {
    check(lib().canasta_player_get(OUT, this.ptr, knobKey(name)));
    return outInt(0);
  }

  /** Every knob by name. */
  knobs(): Knobs {
    const out: Knobs = {};
    for (const n of knobNames()) out[n] = this.get(n);
    return out;
  }

  clone(): Player {
    const p = outHandle(lib().canasta_player_clone(OUT, this.ptr));
    return adopt(p, () => new Player());
  }

  /** The move for the seat whose decision it is; a seed breaks ties, always the same way. */
  choose(game: Game, seed: Seed = 0): Move {
    if (!(game instanceof Game)) throw new TypeError("choose(game) needs a Game");
    check(lib().canasta_player_choose(MOVE_A, this.ptr, game.handle, u64(seed, "seed")));
    return Move.at(MOVE_A);
  }

  /** Choose as choose() does and play the move on the game; returns it. */
  play(game: Game, seed: Seed = 0): Move {
    if (!(game instanceof Game)) throw new TypeError("play(game) needs a Game");
    check(lib().canasta_player_play(MOVE_A, this.ptr, game.handle, u64(seed, "seed")));
    return Move.at(MOVE_A);
  }

  /**
   * Let the computers play: the reference player's decisions, one after
   * another, until the hand ends (the phase is "hand-over" or "game-over"
   * after a move other than next-hand), or until the decision falls to a
   * seat of `stopAt` (a person's seat: that decision is left to them).
   * Called at "hand-over" it first plays the next-hand decision, so one
   * call plays one hand.  Every decision uses the same tie-break seed.
   * Returns the number of decisions played (0 at "game-over").
   */
  playHand(game: Game, options?: PlayOptions): number {
    return this.#playMany(game, options, "playHand", true);
  }

  /** playHand() hand after hand: until the game is over, or a seat of `stopAt` must decide. */
  playGame(game: Game, options?: PlayOptions): number {
    return this.#playMany(game, options, "playGame", false);
  }

  #playMany(game: Game, options: PlayOptions | undefined, what: string, oneHand: boolean): number {
    const player = this.ptr;
    if (!(game instanceof Game)) throw new TypeError(`${what}(game) needs a Game`);
    const g = game.handle;
    const { seed, stops } = playOptions(options, game.players, what);
    // The loop below is canasta_player_play and canasta_game_phase per
    // decision, as the native bench's reference play: no Move, no BigInt,
    // no string per decision (in reference play the JavaScript around
    // each Player.play was 15-20% of the package's time).
    const L = lib();
    const play = L.canasta_player_play as (move: number, p: number, g: number, s: bigint) => number;
    const phaseOf = L.canasta_game_phase as (out: number, g: number) => number;
    const seatOf = L.canasta_game_current_seat as (out: number, g: number) => number;
    check(phaseOf(OUT, g));
    let phase = outInt(0);
    let n = 0;
    while (phase !== PHASE_GAME_OVER) {
      if (stops !== 0) {
        check(seatOf(OUT, g));
        if ((stops >>> outInt(0)) & 1) return n;
      }
      // The move itself is not needed (NULL: the library writes none).
      check(play(0, player, g, seed));
      n++;
      check(phaseOf(OUT, g));
      phase = outInt(0);
      // A next-hand deals the next hand (phase draw), so hand-over after a
      // move is always the end of the hand the call was playing.
      if (oneHand && phase === PHASE_HAND_OVER) return n;
    }
    return n;
  }

  /** The Hint button: the move choose(game, 0) makes, and a sentence for a person saying why. */
  hint(game: Game): { move: Move; reason: string } {
    if (!(game instanceof Game)) throw new TypeError("hint(game) needs a Game");
    check(lib().canasta_player_hint(MOVE_A, TEXT, HINT_TEXT_MAX, this.ptr, game.handle));
    return { move: Move.at(MOVE_A), reason: cString(TEXT, HINT_TEXT_MAX) };
  }
}
