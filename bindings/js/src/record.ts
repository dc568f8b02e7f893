// Game records (canasta-record text): the log of a game, checked on replay.

import {
  Handle,
  OUT,
  WHY,
  WHY_SIZE,
  CanastaError,
  adopt,
  check,
  cString,
  int32,
  lib,
  outHandle,
  outInt,
  outPtr,
  outU32,
  str,
  takeAdopted,
  takeText,
  textDone,
  textIn,
  view,
} from "./core.js";
import { Game, type Viewer } from "./game.js";
import { SCORE_ITEMS, type ScoreBreakdown } from "./names.js";

/** A side's score in one finished hand, and its total after it. */
export interface HandResult extends ScoreBreakdown {
  gameTotal: number;
}

/** What replay() gives: the game at the record's end and every hand's scores. */
export interface Replay {
  game: Game;
  /** hands[h][side]: the breakdown of hand h (0-based) for that side. */
  hands: HandResult[][];
}

/**
 * A game record.  `new GameRecord(game)` records from the start of the game's
 * current hand; call update(game) after every move (and after undo);
 * text(viewer) writes it; GameRecord.parse(text).replay() checks one.
 */
export class GameRecord extends Handle {
  constructor(game: Game) {
    const adopted = takeAdopted();
    if (!adopted && !(game instanceof Game)) throw new TypeError("new GameRecord(game) needs a Game");
    super(adopted || outHandle(lib().canasta_record_create(OUT, game.handle)), "canasta_record_free");
  }

  /** Read canasta-record text (CanastaError E_SYNTAX, E_VERSION, ... with .line). */
  static parse(text: string): GameRecord {
    const t = textIn(str(text, "record text"));
    let rc: number;
    try {
      rc = lib().canasta_record_parse(OUT, WHY, WHY_SIZE, t.ptr, t.len);
    } finally {
      textDone(t);
    }
    const p = outHandle(rc, WHY);
    return adopt(p, () => new GameRecord(undefined as unknown as Game));
  }

  /** Bring the record up to date with the game (after every apply or undo). */
  update(game: Game): void {
    if (!(game instanceof Game)) throw new TypeError("update(game) needs a Game");
    check(lib().canasta_record_update(this.ptr, game.handle));
  }

  /** The record as text; a seat's copy shows the cards it never saw as "??". */
  text(viewer: Viewer): string {
    if (viewer === undefined) throw new TypeError('text(viewer) needs a seat, or "all" for the complete record');
    // As Game.events and Game.json: only "all" asks for everything; -1
    // (CANASTA_VIEW_ALL in C) is not a seat, and numbers beyond 32 bits
    // would wrap to another seat.
    const v = viewer === "all" ? -1 : int32(viewer, "viewer");
    if (viewer !== "all" && v < 0) throw new RangeError('a viewer is a seat (0 and up) or "all"');
    return takeText((t, n) => lib().canasta_record_text(t, n, this.ptr, v));
  }

  /**
   * Replay every move and check every written event.  Throws CanastaError
   * (with .line) at the first illegal move or wrong event.
   */
  replay(): Replay {
    const L = lib();
    view().setInt32(outPtr(1), 0, true);
    const rc = L.canasta_record_replay(OUT, outPtr(1), WHY, WHY_SIZE, this.ptr);
    if (rc !== 0) {
      const line = outInt(1);
      throw new CanastaError(rc, cString(WHY, WHY_SIZE), line > 0 ? line : null);
    }
    const game = adopt(outU32(0), () => new Game());
    check(L.canasta_record_hand_count(OUT, this.ptr));
    const count = outU32(0);
    const hands: HandResult[][] = [];
    for (let h = 0; h < count; h++) {
      const perSide: HandResult[] = [];
      for (let side = 0; side < game.sides; side++) {
        // items in slots 0..3 (7 ints), the total in slot 4.
        check(L.canasta_record_hand_score(OUT, 7, outPtr(4), this.ptr, h, side));
        const dv = view();
        const r = { gameTotal: dv.getInt32(outPtr(4), true) } as HandResult;
        SCORE_ITEMS.forEach((k, i) => {
          r[k] = dv.getInt32(OUT + 4 * i, true);
        });
        perSide.push(r);
      }
      hands.push(perSide);
    }
    return { game, hands };
  }
}
