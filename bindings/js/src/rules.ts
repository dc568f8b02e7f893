// Rules: a preset and its options, and scoring without a game.

import {
  CARDS,
  CARD_BUF,
  Handle,
  adopt,
  outHandle,
  takeAdopted,
  OUT,
  WHY,
  WHY_SIZE,
  CanastaError,
  check,
  cString,
  free,
  heap,
  int32,
  lib,
  malloc,
  outInt,
  outPtr,
  view,
} from "./core.js";
import { cardCodes } from "./move.js";
import {
  MELD_KINDS,
  OPTIONS,
  OPTION_PROPERTIES,
  PRESETS,
  SCORE_ITEMS,
  TIE_RULES,
  WENT_OUT,
  type MeldKind,
  type OptionName,
  type PresetName,
  type RuleOptions,
  type ScoreBreakdown,
  type WentOut,
} from "./names.js";

/** An option by its name ("ask-permission"), camelCase name ("askPermission") or key. */
export type OptionKey = OptionName | keyof RuleOptions | number;

export function optionKey(name: OptionKey): number {
  if (typeof name === "number") return int32(name, "option key");
  if (typeof name !== "string") throw new TypeError("an option is named by a string or its key");
  const known = (OPTIONS as Record<string, number>)[name] ??
    (OPTIONS as Record<string, number>)[(OPTION_PROPERTIES as Record<string, string>)[name] ?? ""];
  if (known === undefined)
    throw new CanastaError(-7, `unknown option "${name}" (known: ${Object.keys(OPTIONS).join(", ")})`);
  return known;
}

function presetValue(preset: PresetName | number): number {
  if (typeof preset === "number") return int32(preset, "preset");
  const v = (PRESETS as Record<string, number>)[preset];
  if (v === undefined)
    throw new CanastaError(-10, `unknown preset "${String(preset)}" (known: ${Object.keys(PRESETS).join(", ")})`);
  return v;
}

function optionValue(name: string, value: unknown): number {
  // The on/off options (askPermission, oneCardRule) take booleans too.
  if (typeof value === "boolean") return value ? 1 : 0;
  if (name === "tieRule" || name === "tie-rule") {
    if (typeof value === "string") {
      const v = (TIE_RULES as Record<string, number>)[value];
      if (v === undefined) throw new RangeError(`tieRule must be "play-on" or "declare", not "${value}"`);
      return v;
    }
  }
  return int32(value, `option ${name}`);
}

/** One meld for scoreSide: its rank and composition. */
export interface MeldComposition {
  rank: number;
  naturals: number;
  twos: number;
  jokers: number;
}

/** A side's hand for scoreSide. */
export interface SideHand {
  melds?: readonly MeldComposition[];
  /** The side's red threes. */
  redThrees?: number;
  /** The cards left in all the side's hands. */
  hand?: readonly (string | number)[];
  wentOut?: WentOut;
}

export function breakdown(ptr: number): ScoreBreakdown {
  const dv = view();
  const out = {} as ScoreBreakdown;
  SCORE_ITEMS.forEach((k, i) => {
    out[k] = dv.getInt32(ptr + 4 * i, true);
  });
  return out;
}

/**
 * A preset and its options: `new Rules("classic", { target: 2500 })`.
 * Games copy their rules, so a Rules object may be freed once the games
 * are made.
 */
export class Rules extends Handle {
  constructor(preset: PresetName | number = "classic", options: RuleOptions = {}) {
    const adopted = takeAdopted();
    super(adopted || outHandle(lib().canasta_rules_create(OUT, presetValue(preset))), "canasta_rules_free");
    if (adopted) return;
    try {
      this.setAll(options);
    } catch (e) {
      this.free();
      throw e;
    }
  }

  /** @internal the C pointer */
  get handle(): number {
    return this.ptr;
  }

  /** Set several options ({ target: 2500, askPermission: false }). */
  setAll(options: RuleOptions): this {
    if (options === null || typeof options !== "object") throw new TypeError("options must be an object");
    for (const [name, value] of Object.entries(options)) {
      if (value === undefined) continue;
      this.set(name as OptionKey, value as number);
    }
    return this;
  }

  /** Set an option: CanastaError E_OPTION, E_RANGE or E_READONLY. */
  set(name: OptionKey, value: number | boolean | string): this {
    const key = optionKey(name);
    const v = optionValue(String(name), value);
    const rc = lib().canasta_rules_set(this.ptr, key, v);
    if (rc === -8) {
      const r = this.range(key);
      throw new CanastaError(rc, `option ${String(name)} must be in ${r.min} .. ${r.max}, not ${v}`);
    }
    check(rc);
    return this;
  }

  get(name: OptionKey): number {
    check(lib().canasta_rules_get(OUT, this.ptr, optionKey(name)));
    return outInt(0);
  }

  /** The inclusive range a settable option accepts. */
  range(name: OptionKey): { min: number; max: number } {
    check(lib().canasta_rules_option_range(outPtr(0), outPtr(1), this.ptr, optionKey(name)));
    return { min: outInt(0), max: outInt(1) };
  }

  /** Every option by name. */
  get options(): Record<OptionName, number> {
    const out = {} as Record<OptionName, number>;
    for (const name of Object.keys(OPTIONS) as OptionName[]) out[name] = this.get(name);
    return out;
  }

  clone(): Rules {
    const p = outHandle(lib().canasta_rules_clone(OUT, this.ptr));
    return adopt(p, () => new Rules());
  }

  /** O1: the opening minimum of a side whose total before the hand is `total`. */
  openingMinimum(total: number): number {
    check(lib().canasta_rules_opening_minimum(OUT, this.ptr, int32(total, "total")));
    return outInt(0);
  }

  /** R3: the bonus for `count` red threes held by one side. */
  redThreeBonus(count: number): number {
    check(lib().canasta_rules_red_three_bonus(OUT, this.ptr, int32(count, "count")));
    return outInt(0);
  }

  /** M1/M2/M5/M6: what a meld of this composition is; CanastaError E_MELD or E_THREES if illegal. */
  meldClass(rank: number, naturals: number, twos: number, jokers: number): MeldKind {
    check(
      lib().canasta_meld_class(
        OUT,
        this.ptr,
        int32(rank, "rank"),
        int32(naturals, "naturals"),
        int32(twos, "twos"),
        int32(jokers, "jokers"),
      ),
    );
    return MELD_KINDS[outInt(0)] as MeldKind;
  }

  /**
   * Score one side's hand from its parts (a score pad: E3, S1-S6), without
   * a game.  CanastaError E_SCORE_INPUT, with the reason, for impossible
   * input.
   */
  scoreSide(side: SideHand): ScoreBreakdown {
    if (side === null || typeof side !== "object") throw new TypeError("scoreSide needs an object");
    const melds = side.melds ?? [];
    if (!Array.isArray(melds)) throw new TypeError("melds must be an array");
    const hand = cardCodes(side.hand ?? [], "hand");
    if (hand.length > CARD_BUF) throw new RangeError(`hand has more than ${CARD_BUF} cards`);
    const went = (WENT_OUT as Record<string, number>)[side.wentOut ?? "none"];
    if (went === undefined) throw new RangeError(`wentOut must be "none", "normal" or "concealed"`);
    const red = int32(side.redThrees ?? 0, "redThrees");
    const rows = melds.length > 0 ? malloc(melds.length * 16) : 0;
    try {
      const dv = view();
      melds.forEach((m, i) => {
        if (m === null || typeof m !== "object") throw new TypeError("each meld is { rank, naturals, twos, jokers }");
        dv.setInt32(rows + 16 * i, int32(m.rank, "meld rank"), true);
        dv.setInt32(rows + 16 * i + 4, int32(m.naturals, "meld naturals"), true);
        dv.setInt32(rows + 16 * i + 8, int32(m.twos, "meld twos"), true);
        dv.setInt32(rows + 16 * i + 12, int32(m.jokers, "meld jokers"), true);
      });
      heap().set(hand, CARDS);
      // The seven items go into the output slots (7 x 4 bytes fit 8 x 8).
      const rc = lib().canasta_score_side(
        OUT, SCORE_ITEMS.length, WHY, WHY_SIZE, this.ptr,
        rows, melds.length, red, CARDS, hand.length, went,
      );
      if (rc !== 0) throw new CanastaError(rc, cString(WHY, WHY_SIZE));
      return breakdown(OUT);
    } finally {
      free(rows);
    }
  }
}
