// The JSON of canasta_game_json as TypeScript types (docs/VIEWS.md).  Keys
// are the JSON's own (snake_case), so a view can be sent to a client as it
// is.

import type { HandEnd, MeldKind, Permission, Phase } from "./names.js";

export interface ViewRules {
  preset: string | number;
  players: number;
  sides: number;
  packs: number;
  jokers: number;
  deck_size: number;
  lone_hand: boolean;
  options: { [name: string]: number };
  seat_sides: number[];
}

export interface ViewSideScore {
  side: number;
  melded: number;
  natural_canastas: number;
  mixed_canastas: number;
  red_threes: number;
  going_out: number;
  in_hand: number;
  total: number;
}

export interface ViewLastHand {
  how: Exclude<HandEnd, "none">;
  seat: number | null;
  scores: ViewSideScore[];
}

export interface ViewMeld {
  rank: number;
  naturals: number;
  twos: number;
  jokers: number;
  cards: string[];
  class: Exclude<MeldKind, "none">;
}

export interface ViewSide {
  side: number;
  seats: number[];
  opened: boolean;
  opening_minimum: number;
  melds: ViewMeld[];
  canastas: number;
  natural_canastas: number;
  mixed_canastas: number;
}

export interface ViewSeat {
  seat: number;
  side: number;
  opening_minimum: number;
  hand_size: number;
  red_threes: string[];
}

export interface ViewPileStatus {
  side: number;
  frozen: boolean;
  frozen_wild: boolean;
  frozen_red_three: boolean;
  frozen_unopened: boolean;
  blocked: boolean;
  blocked_wild: boolean;
  blocked_black_three: boolean;
  empty: boolean;
}

export interface ViewHand {
  seat: number;
  size: number;
  /** The viewer's own cards; null for every other seat (full view: all). */
  cards: string[] | null;
}

export interface ViewMove {
  move: string;
  events: string[];
}

/** What one seat may know (RULES.md A1), or, from fullState(), everything. */
export interface GameView {
  format: "canasta-json";
  version: 1;
  /** The seat this view is for; null in the full state. */
  viewer: number | null;
  rules: ViewRules;
  /** Full state only: the seed, in decimal. */
  seed?: string;
  hand_number: number;
  dealer: number;
  phase: Phase;
  current_seat: number;
  turn_seat: number;
  turn_source: "none" | "stock" | "pile";
  permission: Permission;
  totals: number[];
  last_hand: ViewLastHand | null;
  lone_hand: number | null;
  winner: number | null;
  table: { sides: ViewSide[]; seats: ViewSeat[] };
  pile: { size: number; top: string | null; cards: string[]; status: ViewPileStatus[] };
  /** cards: full state only, top first. */
  stock: { size: number; cards?: string[] };
  hands: ViewHand[];
  history: { start: "deal" | "position"; deck?: string[]; events: string[]; moves: ViewMove[] };
  /** The viewer's legal moves when the decision is the viewer's, else []. */
  legal_moves: string[];
}
