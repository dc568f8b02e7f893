// The test harness: the built app (CANASTA_WEB_DIR) served by serve.mjs,
// headless Chromium (Debian's, CHROMIUM) driven by playwright-core, and
// the expectations computed in Node with the same package.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { init, Game, Player } from "libcanasta";
import { serve } from "./serve.mjs";

export const WEB_DIR = process.env.CANASTA_WEB_DIR ?? new URL("../../../web", import.meta.url).pathname;
export const SHOTS = process.env.CANASTA_WEB_SHOTS ?? join(WEB_DIR, "..", "web-app", "screenshots");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

await init();
export { Game, Player };

/** Starts the server and the browser; every request the pages make is kept in `requests`. */
export async function start() {
  const server = await serve(WEB_DIR);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    // launch() gives the browser a fresh user-data-dir of its own (and removes it).
  });
  mkdirSync(SHOTS, { recursive: true });
  const requests = [];
  const errors = [];
  return {
    url: server.url, requests, errors,
    /** A fresh page (its own storage) with the computers' pace at 0, unless settings say otherwise. */
    async page(settings = { pace: 0 }, viewport = { width: 1100, height: 900 }) {
      const context = await browser.newContext({ viewport });
      await context.addInitScript((s) => {
        if (!localStorage.getItem("libcanasta-web:settings")) localStorage.setItem("libcanasta-web:settings", s);
      }, JSON.stringify(settings));
      const page = await context.newPage();
      page.on("request", (r) => requests.push(r.url()));
      page.on("pageerror", (e) => errors.push(String(e)));
      page.setDefaultTimeout(15000);
      return page;
    },
    async stop() {
      await browser.close();
      await server.close();
    },
  };
}

/** Waits until the person may act (or the hand is over) and no computer is moving. */
export async function ready(page) {
  await page.waitForFunction(() => {
    const b = document.body.dataset;
    return b.busy === "0" && (b.current === "0" || b.phase === "hand-over" || b.phase === "game-over");
  });
}

export async function open(page, url, number) {
  await page.goto(`${url}?game=${number}`);
  await ready(page);
}

/** The table as shown, and the saved game: to compare before and after. */
export function snapshot(page) {
  return page.evaluate(() => ({
    sides: document.querySelector("#sides").innerHTML,
    seats: document.querySelector("#seats").innerHTML,
    centre: document.querySelector("#centre").innerHTML,
    hand: [...document.querySelectorAll("#hand .card")].map((c) => c.dataset.card),
    save: JSON.parse(localStorage.getItem("libcanasta-web:game")).save,
  }));
}

export const shownHand = (page) => page.$$eval("#hand .card", (els) => els.map((e) => e.dataset.card));

/** What the app does for the computer seats: the reference player plays them until seat 0 decides. */
export function computers(game, player) {
  const moves = [];
  while (!game.over && game.phase !== "hand-over" && game.currentSeat !== 0) {
    const move = player.play(game);
    moves.push({ move: move.toString(), events: game.events(0) });
  }
  return moves;
}

/** Game n as the app starts it: dealt from seed n, the computers played up to seat 0's first decision. */
export function expectedStart(n, options = {}) {
  const game = new Game({ seed: n, ...options });
  const player = new Player();
  const first = game.currentSeat;
  const moves = computers(game, player);
  return { game, player, first, moves };
}

/** Clicks the hand's cards in this order (each card once, duplicates on distinct buttons). */
export async function selectCards(page, cards) {
  const used = new Set();
  for (const card of cards) {
    const index = await page.$$eval("#hand .card", (els, [c, u]) =>
      els.findIndex((e, i) => e.dataset.card === c && !u.includes(i)), [card, [...used]]);
    if (index < 0) throw new Error(`card ${card} is not in the hand shown`);
    used.add(index);
    await page.click(`#hand .card[data-index="${index}"]`);
  }
}

export const RANK_NAMES = { 11: "J", 12: "Q", 13: "K", 14: "A" };
export const rankName = (r) => RANK_NAMES[r] ?? String(r);
