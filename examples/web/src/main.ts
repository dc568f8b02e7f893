// main.ts - the wiring: loads the module, makes or resumes the game, turns
// clicks into move texts, and runs the computer seats.  Every rule lives in
// the engine: a move is a text sent to game.validate and game.apply.

import { init, Game, Move, Player, CanastaError, type PresetName } from "libcanasta";
import { moveText, type Action } from "./moves.js";
import { renderTable, sideName, SEAT_NAMES } from "./table.js";
import { playComputers } from "./computer.js";
import * as storage from "./storage.js";

const $ = <T extends HTMLElement = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;

// The module sits next to the bundle (build.mjs copies it there).
await init(new URL("libcanasta.wasm", document.baseURI));

let settings = storage.loadSettings();
const number = storage.urlNumber() ?? storage.savedNumber() ?? storage.todaysNumber();
storage.showNumberInUrl(number);
let game: Game = storage.loadGame(number, settings) ?? storage.newGame(number, settings);
const player = new Player(); // the computer seats and the Hint button
let selected: number[] = []; // indices into seat 0's hand, in the order clicked
let hinted = new Set<number>();
let hintMove: string | null = null;
let busy = false;

function hand(): string[] {
  return game.view(0).hands[0]?.cards ?? [];
}

function render(): void {
  const view = game.view(0);
  renderTable($("#game"), view, { selected, hinted, busy });
  $("#number").innerHTML = `<a href="?game=${number}" title="A link to this game: the same cards for anyone">Game ${number}</a>`;
  for (const b of document.querySelectorAll<HTMLButtonElement>("button[data-action], #undo, #hint"))
    b.disabled = busy || game.over;
  $("#answer").hidden = view.phase !== "answer" || view.current_seat !== 0;
}

function say(html: string, kind: string): void {
  const box = $("#message");
  box.dataset.kind = kind;
  box.innerHTML = html;
}

function log(line: string): void {
  const list = $("#log");
  const item = document.createElement("li");
  item.textContent = line;
  list.prepend(item);
  while (list.children.length > 40) list.lastElementChild!.remove(); // the latest 40 lines
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sends a move text for seat 0.  A refusal is shown as the engine wrote it; nothing changes. */
function send(text: string): void {
  if (busy || game.currentSeat !== 0) return;
  const refusal = game.validate(text); // null when legal
  if (refusal) {
    say(`<span class="sent">${escape(text)}</span> <span class="sentence">${escape(refusal.message)}</span>`, "refusal");
    return;
  }
  game.apply(text);
  log(`You: ${text}`);
  say("", "");
  afterMove();
}

function afterMove(): void {
  selected = [];
  hinted = new Set();
  hintMove = null;
  storage.storeGame(number, settings, game); // saved after every move
  render();
  void continuePlay();
}

/** Lets the computer seats play, then shows the scores if the hand ended. */
async function continuePlay(): Promise<void> {
  if (busy) return;
  busy = true;
  render();
  try {
    await playComputers(game, player, {
      pace: () => settings.pace,
      moved: () => { storage.storeGame(number, settings, game); render(); },
      say: log,
    });
  } finally {
    busy = false;
    render();
  }
  if (game.phase === "hand-over" || game.over) showScores();
}

function act(action: Action, meldRank?: string): void {
  const cards = hand();
  send(moveText(action, selected.map((i) => cards[i]!), game.view(0).pile.top, meldRank));
}

// ---- Hint: the reference player's move for seat 0, and why --------------
function hint(): void {
  if (busy || game.currentSeat !== 0 || game.over) return;
  const { move, reason } = player.hint(game);
  hintMove = move.toString().replace(/^\d /, "");
  // Highlight the hinted cards in the hand (each card of the move once).
  const cards = hand();
  hinted = new Set();
  for (const c of move.cards) {
    const i = cards.findIndex((h, j) => h === c && !hinted.has(j));
    if (i >= 0) hinted.add(i);
  }
  render();
  say(`<span class="hint-move">${escape(hintMove)}</span> <span class="reason">${escape(reason)}</span>
    <button type="button" id="play-hint">Play it</button>`, "hint");
}

// ---- Undo: back to the person's last decision in this hand --------------
function undo(): void {
  if (busy) return;
  // The hand's moves so far, oldest first, each a text naming its seat.
  const seatOfLast = () => Move.parse(game.view(0).history.moves.at(-1)!.move).seat;
  if (!game.view(0).history.moves.some((m) => Move.parse(m.move).seat === 0)) {
    say("Nothing of yours to take back in this hand.", "info");
    return;
  }
  try {
    // Undo the computers' moves after the person's last one, then that one.
    for (;;) {
      const seat = seatOfLast();
      game.undo();
      if (seat === 0) break;
    }
  } catch (e) {
    if (!(e instanceof CanastaError)) throw e;
    say(escape(e.message), "refusal");
  }
  closeScores();
  log("You took back a move");
  afterMove();
}

// ---- The end of a hand and of the game ------------------------------------
const ITEMS = [
  ["melded", "Cards melded"], ["naturalCanastas", "Natural canastas"], ["mixedCanastas", "Mixed canastas"],
  ["redThrees", "Red threes"], ["goingOut", "Going out"], ["inHand", "Cards left in hand"], ["total", "This hand"],
] as const;

function showScores(): void {
  const view = game.view(0);
  const sides = [...Array(game.sides).keys()];
  const rows = ITEMS.map(([key, label]) => `<tr><th scope="row">${label}</th>${sides.map((s) =>
    `<td data-side="${s}" data-item="${key}">${game.handScore(s)?.[key] ?? ""}</td>`).join("")}</tr>`).join("");
  const totals = `<tr class="totals"><th scope="row">Running total</th>${sides.map((s) =>
    `<td data-side="${s}" data-item="gameTotal">${game.totals[s]}</td>`).join("")}</tr>`;
  const winner = game.winner;
  $("#scores-title").textContent = game.over
    ? (winner === -1 ? "The game is a tie" : `${sideName(view, winner!)} ${winner === view.table.seats[0]?.side ? "win" : "wins"} the game`)
    : `Hand ${game.handNumber} is over`;
  $("#scores-table").innerHTML = `<thead><tr><th></th>${sides.map((s) => `<th scope="col">${sideName(view, s)}</th>`).join("")}</tr></thead><tbody>${rows}${totals}</tbody>`;
  $("#next-hand").hidden = game.over;
  $<HTMLDialogElement>("#scores").showModal();
}

function closeScores(): void {
  const dialog = $<HTMLDialogElement>("#scores");
  if (dialog.open) dialog.close();
}

function nextHand(): void {
  closeScores();
  // Whoever deals next makes the "next" move: the person, or a computer.
  if (game.currentSeat === 0) send("next");
  else { player.play(game); log(`${SEAT_NAMES[game.dealer]} deals`); afterMove(); }
}

// ---- Settings ---------------------------------------------------------------
function openSettings(): void {
  const form = $<HTMLFormElement>("#settings-form");
  (form.elements.namedItem("preset") as HTMLSelectElement).value = settings.preset;
  (form.elements.namedItem("target") as HTMLSelectElement).value = String(settings.target);
  (form.elements.namedItem("ask") as HTMLInputElement).checked = settings.askPermission;
  (form.elements.namedItem("pace") as HTMLInputElement).value = String(settings.pace);
  $<HTMLDialogElement>("#settings").showModal();
}

function applySettings(): void {
  const form = $<HTMLFormElement>("#settings-form");
  const next: storage.Settings = {
    preset: (form.elements.namedItem("preset") as HTMLSelectElement).value as PresetName,
    target: Number((form.elements.namedItem("target") as HTMLSelectElement).value),
    askPermission: (form.elements.namedItem("ask") as HTMLInputElement).checked,
    pace: Number((form.elements.namedItem("pace") as HTMLInputElement).value),
  };
  const rulesChanged = next.preset !== settings.preset || next.target !== settings.target ||
    next.askPermission !== settings.askPermission;
  if (rulesChanged && busy) {
    say("The other players are moving: change the players or the rules when it is your turn.", "info");
    next.preset = settings.preset; next.target = settings.target; next.askPermission = settings.askPermission;
  }
  settings = next;
  storage.storeSettings(settings);
  if (rulesChanged && !busy) {
    // New rules: game number N is dealt again under them.
    game.free();
    game = storage.newGame(number, settings);
    $("#log").innerHTML = "";
    afterMove();
  }
}

// ---- Events -----------------------------------------------------------------
document.addEventListener("click", (e) => {
  const el = (e.target as HTMLElement).closest<HTMLElement>("button");
  if (!el) return;
  if (el.matches("#hand .card")) {
    const i = Number(el.dataset.index);
    selected = selected.includes(i) ? selected.filter((j) => j !== i) : [...selected, i];
    render();
    document.querySelector<HTMLElement>(`#hand .card[data-index="${i}"]`)?.focus();
  } else if (el.dataset.action) act(el.dataset.action as Action);
  else if (el.id === "stock") act("draw");
  else if (el.id === "pile") act("take");
  else if (el.matches(".side.mine .meld")) {
    if (selected.length) act("meld", el.dataset.rank);
    else say("Select the cards to add, then click the meld.", "info");
  } else if (el.id === "hint") hint();
  else if (el.id === "play-hint" && hintMove) send(hintMove);
  else if (el.id === "undo") undo();
  else if (el.id === "next-hand") nextHand();
  else if (el.id === "settings-open") openSettings();
  else if (el.id === "today") location.assign(`?game=${storage.todaysNumber()}`);
  else if (el.id === "new-game" || el.id === "new-game-end") location.assign(`?game=${Math.floor(Math.random() * 1e9)}`);
});
// The score screen stays until "Next hand" (Escape would leave no way on).
$("#scores").addEventListener("cancel", (e) => e.preventDefault());
$<HTMLFormElement>("#settings-form").addEventListener("submit", (e) => {
  if ((e.submitter as HTMLButtonElement | null)?.value === "ok") applySettings();
});

storage.storeGame(number, settings, game);
render();
if (game.phase === "hand-over" || game.over) showScores();
else void continuePlay();

// Offline: the service worker keeps the page's files (sw.js).
if ("serviceWorker" in navigator) void navigator.serviceWorker.register("sw.js").catch(() => {});
