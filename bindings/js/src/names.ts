// Names of the library's enums as the text formats write them
// (docs/NOTATION.md), and their values in include/canasta.h.

/** Rules presets (enum canasta_preset), by the name saves use. */
export const PRESETS = {
  classic: 1,
  "two-players": 2,
  "three-players": 3,
  "six-three-sides": 4,
  "six-two-sides": 5,
} as const;
export type PresetName = keyof typeof PRESETS;

/** Rules options (enum canasta_option), by the name saves use. */
export const OPTIONS = {
  target: 1,
  "ask-permission": 2,
  "one-card-rule": 3,
  "tie-rule": 4,
  "hand-size": 5,
  "canastas-to-go-out": 6,
  "draw-count": 7,
  "concealed-additions": 8,
  players: 100,
  sides: 101,
  packs: 102,
  jokers: 103,
  "deck-size": 104,
  "lone-hand": 105,
} as const;
export type OptionName = keyof typeof OPTIONS;

/** The settable options as JavaScript property names (camelCase). */
export interface RuleOptions {
  /** S6: the score that ends the game (5000). */
  target?: number;
  /** G4: asking "may I go out?" allowed (true, the default) or not. */
  askPermission?: boolean | number;
  /** P6: a player holding one card may not take a one-card pile (true). */
  oneCardRule?: boolean | number;
  /** S6: "play-on" (another hand) or "declare" (a tie) for equal leaders. */
  tieRule?: "play-on" | "declare" | number;
  /** C4: cards dealt to each player. */
  handSize?: number;
  /** G1: canastas a side needs before going out. */
  canastasToGoOut?: number;
  /** T1: cards per draw from the stock. */
  drawCount?: number;
  /**
   * G3: false (the default) a concealed exit is made only of melds the
   * player starts in that turn; true it may also add to the side's
   * earlier melds (the 1.0 reading).  New in 1.1.
   */
  concealedAdditions?: boolean | number;
}

/** camelCase property -> option name. */
export const OPTION_PROPERTIES: { readonly [K in keyof Required<RuleOptions>]: OptionName } = {
  target: "target",
  askPermission: "ask-permission",
  oneCardRule: "one-card-rule",
  tieRule: "tie-rule",
  handSize: "hand-size",
  canastasToGoOut: "canastas-to-go-out",
  drawCount: "draw-count",
  concealedAdditions: "concealed-additions",
};

export const TIE_RULES = { "play-on": 0, declare: 1 } as const;

export type Phase = "draw" | "play" | "answer" | "hand-over" | "game-over";
/** enum canasta_phase, index = value. */
export const PHASES: readonly (Phase | null)[] = [null, "draw", "play", "answer", "hand-over", "game-over"];

export type Permission = "none" | "asked" | "yes" | "no";

/** How the current turn began (enum canasta_turn_start, 1.1). */
export type TurnStart = "not-started" | "drew" | "took-pile";
export const TURN_STARTS: readonly TurnStart[] = ["not-started", "drew", "took-pile"];

/** The turn of the player to move (canasta_game_turn_state, 1.1). */
export interface TurnState {
  /** Whose turn it is (in phase answer the player who asked). */
  seat: number;
  /** How that turn began. */
  began: TurnStart;
  /** The MELD moves made in it so far (a take's melds are part of the take). */
  meldMoves: number;
  /** The ranks of the melds the side began in it (3 .. 14), ascending. */
  newMelds: number[];
  /** The player melded in an earlier turn of this hand (then no concealed exit, G3). */
  meldedBefore: boolean;
  /** G4: the state of "may I go out?". */
  permission: Permission;
}
export const PERMISSIONS: readonly Permission[] = ["none", "asked", "yes", "no"];

export type HandEnd = "none" | "went-out" | "concealed" | "red-three" | "stock";
export const HAND_ENDS: readonly HandEnd[] = ["none", "went-out", "concealed", "red-three", "stock"];

export type MoveKind =
  | "draw"
  | "take"
  | "meld"
  | "discard"
  | "ask"
  | "yes"
  | "no"
  | "decline"
  | "next-hand";
/** enum canasta_move_kind, index = value. */
export const MOVE_KINDS: readonly (MoveKind | null)[] = [
  null,
  "draw",
  "take",
  "meld",
  "discard",
  "ask",
  "yes",
  "no",
  "decline",
  "next-hand",
];

export type EventKind =
  | "deal"
  | "upcard"
  | "red-three"
  | "replace"
  | "draw"
  | "pick-up"
  | "canasta"
  | "hand-end"
  | "score"
  | "game-over"
  | "lone-hand";
export const EVENT_KINDS: readonly (EventKind | null)[] = [
  null,
  "deal",
  "upcard",
  "red-three",
  "replace",
  "draw",
  "pick-up",
  "canasta",
  "hand-end",
  "score",
  "game-over",
  "lone-hand",
];

export type MeldKind = "none" | "open" | "mixed-canasta" | "natural-canasta";
export const MELD_KINDS: readonly MeldKind[] = ["none", "open", "mixed-canasta", "natural-canasta"];

export type WentOut = "none" | "normal" | "concealed";
export const WENT_OUT = { none: 0, normal: 1, concealed: 2 } as const;

/** Rank names as the melds are keyed: "3".."10", "J", "Q", "K", "A". */
export const RANK_NAMES: { readonly [rank: number]: string } = {
  3: "3",
  4: "4",
  5: "5",
  6: "6",
  7: "7",
  8: "8",
  9: "9",
  10: "10",
  11: "J",
  12: "Q",
  13: "K",
  14: "A",
};

/** A hand's score for one side (enum canasta_score_item). */
export interface ScoreBreakdown {
  /** Card values of the melded cards. */
  melded: number;
  /** S1: 500 each. */
  naturalCanastas: number;
  /** S1: 300 each. */
  mixedCanastas: number;
  /** R3: a bonus, or a penalty (negative). */
  redThrees: number;
  /** S2/G3: 100 or 200 for going out. */
  goingOut: number;
  /** E3: minus the cards left in the side's hands. */
  inHand: number;
  /** The sum of the other items. */
  total: number;
}
export const SCORE_ITEMS: readonly (keyof ScoreBreakdown)[] = [
  "melded",
  "naturalCanastas",
  "mixedCanastas",
  "redThrees",
  "goingOut",
  "inHand",
  "total",
];

/** Bits of the pile status (enum canasta_pile_flag). */
export const PILE_FLAGS = {
  frozenWild: 1,
  frozenRedThree: 2,
  frozenUnopened: 4,
  blockedWild: 8,
  blockedBlackThree: 16,
  empty: 32,
} as const;
export const PILE_FROZEN_MASK = 7;

/** The pile as one side sees it. */
export interface PileStatus {
  /** The CANASTA_PILE_* bits. */
  flags: number;
  /** P3: frozen against this side (any of the three frozen bits). */
  frozen: boolean;
  /** P2: a wild card or black three is on top. */
  blocked: boolean;
  frozenWild: boolean;
  frozenRedThree: boolean;
  frozenUnopened: boolean;
  blockedWild: boolean;
  blockedBlackThree: boolean;
  empty: boolean;
}

/** Search actions (docs/SEARCH.md). */
export const ACTIONS_DENSE = 3140;
export const ACTION_MULTI = 1n << 63n;
