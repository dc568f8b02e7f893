// table.ts - draws the table from a seat's view (game.view(0), the JSON of
// docs/VIEWS.md): each side's melds and red threes, the hand sizes, the
// pile and its freeze state, the stock, whose turn it is, and the person's
// hand.  Everything shown comes from the view; nothing is worked out here.

import type { GameView, ViewMeld, ViewPileStatus } from "libcanasta";

export const SEAT_NAMES = ["You", "Anne", "Ben", "Carol", "Dan", "Eve"];

const SUITS: Record<string, string> = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };

/** A card's face: "10h" -> "10♥" (red); the joker "Jk" -> "Jkr". */
export function cardFace(card: string, extra = ""): string {
  if (card === "Jk") return `<span class="face joker${extra}">Jkr</span>`;
  const suit = card.slice(-1);
  const red = suit === "h" || suit === "d" ? " red" : "";
  return `<span class="face${red}${extra}">${card.slice(0, -1)}${SUITS[suit] ?? suit}</span>`;
}

const RANK_NAMES: Record<number, string> = { 11: "J", 12: "Q", 13: "K", 14: "A" };
export const rankName = (r: number) => RANK_NAMES[r] ?? String(r);

export function sideName(view: GameView, side: number): string {
  const seats = view.table.sides[side]?.seats ?? [];
  return seats.map((s) => SEAT_NAMES[s]).join(" & ") || `Side ${side}`;
}

function meldHtml(m: ViewMeld, side: number, mine: boolean): string {
  const label = m.class === "natural-canasta" ? "natural canasta" : m.class === "mixed-canasta" ? "mixed canasta" : "";
  // A canasta is squared up: one stack showing its count and kind.
  const body = m.class === "open"
    ? m.cards.map((c) => cardFace(c)).join("")
    : `<span class="face">${rankName(m.rank)}</span><span class="count">${m.cards.length}</span>`;
  const attrs = `class="meld ${m.class}" data-side="${side}" data-rank="${rankName(m.rank)}" data-cards="${m.cards.join(" ")}"`;
  const title = `${rankName(m.rank)}s: ${m.cards.length} cards${label ? ", " + label : ""}`;
  // The person's own side's melds are buttons: with cards selected, a click adds them.
  return mine
    ? `<button type="button" ${attrs} title="${title}; select cards and click to add them" aria-label="${title}">${body}${label ? `<span class="kind">${label}</span>` : ""}</button>`
    : `<div ${attrs} title="${title}" aria-label="${title}">${body}${label ? `<span class="kind">${label}</span>` : ""}</div>`;
}

/** The pile's state against the person's side, in words (P2, P3). */
export function pileWords(st: ViewPileStatus | undefined): string {
  if (!st) return "";
  const why: string[] = [];
  if (st.frozen_wild) why.push("a wild card is in it");
  if (st.frozen_red_three) why.push("a red three is under it");
  if (st.frozen_unopened) why.push("your side has not melded yet");
  const words: string[] = [];
  if (st.frozen) words.push(`frozen: ${why.join(", ")}`);
  if (st.blocked_wild) words.push("blocked: a wild card is on top");
  if (st.blocked_black_three) words.push("blocked: a black three is on top");
  return words.join("; ");
}

export interface Marks {
  selected: number[]; // indices into the person's hand, in selection order
  hinted: Set<number>;
  busy: boolean; // computer players are moving
}

export function renderTable(root: HTMLElement, view: GameView, marks: Marks): void {
  const me = view.table.seats[0]?.side ?? 0; // the table seat 0 plays at
  const myStatus = view.pile.status.find((s) => s.side === me);
  const current = view.current_seat;
  const seats = view.table.seats.map((s) => {
    const turn = s.seat === current && view.phase !== "hand-over" && view.phase !== "game-over";
    return `<div class="seat${turn ? " turn" : ""}" data-seat="${s.seat}">
      <span class="name">${SEAT_NAMES[s.seat]}${turn ? " \u25C0" : ""}</span>
      <span class="size" data-hand-size="${s.hand_size}">${s.hand_size} card${s.hand_size === 1 ? "" : "s"}</span>
      <span class="threes">${s.red_threes.map((c) => cardFace(c)).join("")}</span></div>`;
  }).join("");
  const sides = view.table.sides.map((side) => `
    <section class="side${side.side === me ? " mine" : ""}" data-side="${side.side}" aria-label="${sideName(view, side.side)}">
      <h2>${sideName(view, side.side)} <span class="total">${view.totals[side.side]}</span>
        <span class="opened">${side.opened ? "" : `needs ${side.opening_minimum} to open`}</span></h2>
      <div class="melds">${side.melds.map((m) => meldHtml(m, side.side, side.side === me)).join("") || '<span class="none">no melds</span>'}</div>
    </section>`).join("");
  const top = view.pile.top;
  const pileNote = pileWords(myStatus);
  root.querySelector("#sides")!.innerHTML = sides;
  root.querySelector("#seats")!.innerHTML = seats;
  root.querySelector("#centre")!.innerHTML = `
    <button type="button" id="stock" class="stack" data-size="${view.stock.size}" aria-label="Stock, ${view.stock.size} cards: draw">
      <span class="back"></span><span class="label">Stock ${view.stock.size}</span></button>
    <button type="button" id="pile" class="stack" data-size="${view.pile.size}" data-top="${top ?? ""}"
      aria-label="Discard pile, ${view.pile.size} cards, top ${top ?? "none"}: take it${pileNote ? " (" + pileNote + ")" : ""}">
      ${top ? cardFace(top) : '<span class="face empty">empty</span>'}<span class="label">Pile ${view.pile.size}</span>
      ${pileNote ? `<span class="frozen">${pileNote}</span>` : ""}</button>`;
  const hand = view.hands[0]?.cards ?? [];
  root.querySelector("#hand")!.innerHTML = hand.map((c, i) => {
    const order = marks.selected.indexOf(i);
    const cls = `card${order >= 0 ? " selected" : ""}${marks.hinted.has(i) ? " hinted" : ""}`;
    return `<button type="button" class="${cls}" data-index="${i}" data-card="${c}" aria-pressed="${order >= 0}"
      aria-label="${c}">${cardFace(c)}</button>`;
  }).join("");
  const turnText = view.phase === "hand-over" ? "The hand is over"
    : view.phase === "game-over" ? "The game is over"
    : current === 0 ? (view.phase === "answer" ? `${SEAT_NAMES[view.turn_seat]} asks: may I go out?` : view.phase === "draw" ? "Your turn: draw or take the pile" : "Your turn: meld, then discard")
    : `${SEAT_NAMES[current]} is playing`;
  root.querySelector("#turn")!.textContent = turnText;
  document.body.dataset.current = String(current);
  document.body.dataset.phase = view.phase;
  document.body.dataset.busy = marks.busy ? "1" : "0";
}
