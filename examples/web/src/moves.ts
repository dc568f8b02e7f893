// moves.ts - from the person's selection and the action clicked to a move
// text (docs/NOTATION.md), which main.ts sends to game.validate/game.apply.
// Nothing here knows whether a move is legal: the engine says so.

import { isWildCard } from "libcanasta";

/** The actions of the buttons; each becomes the verb of a move text. */
export type Action = "draw" | "take" | "meld" | "discard" | "ask" | "yes" | "no" | "decline" | "next";

/** A card text's rank part: "10h" -> "10", "Ks" -> "K"; "" for the joker "Jk". */
export function rankOf(card: string): string {
  return card === "Jk" ? "" : card.slice(0, -1);
}

// The notation gives a group the rank of its first natural card, so a group
// of 2s and jokers alone must name its rank (NOTATION.md, "Moves"); which
// cards are wild is the library's word (isWildCard, M2).
const isWild = isWildCard;

interface Group {
  rank: string | null; // null: only 2s and jokers were selected for it
  cards: string[];
}

/**
 * Splits the selection into groups, one per rank, in the order the person
 * selected them.  A 2 or a joker goes with the card selected just before it
 * (or, selected first, with the next one).  This only spells the person's
 * intent; whether the groups are melds is for the engine to say.
 */
export function groupCards(cards: string[]): Group[] {
  const groups: Group[] = [];
  let waiting: string[] = [];
  let last: Group | null = null;
  for (const card of cards) {
    if (isWild(card)) {
      if (last) last.cards.push(card);
      else waiting.push(card);
      continue;
    }
    let group = groups.find((g) => g.rank === rankOf(card));
    if (!group) groups.push((group = { rank: rankOf(card), cards: [] }));
    group.cards.push(card, ...waiting);
    waiting = [];
    last = group;
  }
  if (waiting.length) groups.push({ rank: null, cards: waiting });
  return groups;
}

const spell = (g: Group) => g.cards.join(" ");

/**
 * The move text for an action on the selected cards (in selection order).
 * pileTop is the pile's top card (from the view), for "take"; meldRank the
 * rank of the meld the person clicked, for adding cards to it.
 */
export function moveText(action: Action, cards: string[], pileTop: string | null, meldRank?: string): string {
  switch (action) {
    case "discard":
      return `discard ${cards.join(" ")}`.trim();
    case "meld":
      // Clicking a meld: every selected card goes onto it ("meld K: 2s Kh").
      if (meldRank !== undefined) return `meld ${meldRank}: ${cards.join(" ")}`.trim();
      return `meld ${groupCards(cards).map(spell).join(", ")}`.trim();
    case "take": {
      // The first group is the top card's meld ("take 9: 9c 9d"; "take 9:"
      // puts the top card on the side's meld), then any further melds laid
      // before the pile is picked up ("take 9: 9c 9d, Kc Kd Ks").
      if (pileTop === null) return "take";
      const top = rankOf(pileTop);
      const groups = groupCards(cards);
      const first = groups.filter((g) => g.rank === top || g.rank === null).flatMap((g) => g.cards);
      const others = groups.filter((g) => g.rank !== top && g.rank !== null).map(spell);
      return [`take ${top}: ${first.join(" ")}`.trim(), ...others].join(", ");
    }
    default:
      return action; // draw, ask, yes, no, decline, next: the verb alone
  }
}
