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

  /** The Hint button: the move choose(game, 0) makes, and a sentence for a person saying why. */
  hint(game: Game): { move: Move; reason: string } {
    if (!(game instanceof Game)) throw new TypeError("hint(game) needs a Game");
    check(lib().canasta_player_hint(MOVE_A, TEXT, HINT_TEXT_MAX, this.ptr, game.handle));
    return { move: Move.at(MOVE_A), reason: cString(TEXT, HINT_TEXT_MAX) };
  }
}
