// examples/web in headless Chromium: each test opens the app at a game
// number and checks what it shows and does against the library itself,
// run in Node on the same seed.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  start, ready, open, snapshot, shownHand, expectedStart, computers, selectCards, rankName,
  SHOTS, Game, Player,
} from "./browser.mjs";

let b;
before(async () => { b = await start(); });
after(async () => { await b?.stop(); });

/** The first seed from `from` for which pred(expectedStart(seed)) holds. */
function findSeed(pred, from = 1, options = {}) {
  for (let seed = from; seed < from + 500; seed++) {
    const start = expectedStart(seed, options);
    if (pred(start)) return { seed, ...start };
    start.game.free();
  }
  throw new Error("no seed found");
}

const isWild = (c) => c === "Jk" || c.startsWith("2");
const naturalsFirst = (cards) => [...cards.filter((c) => !isWild(c)), ...cards.filter(isWild)];
const withoutSeat = (move) => String(move).replace(/^\d /, "");

async function noRefusal(page, what) {
  const kind = await page.getAttribute("#message", "data-kind");
  if (kind === "refusal") assert.fail(`${what} was refused: ${await page.textContent("#message")}`);
}

/**
 * Plays a move for seat 0 as a person would: selects its cards (each
 * group's natural cards, then its wild cards) and clicks the action.  A
 * move this way of selecting cannot spell (a group of wild cards only,
 * other than one added to a meld) is played with the hint's "Play it".
 * Returns how it was played.
 */
async function playLikeAPerson(page, move) {
  const kind = move.kind;
  if (["draw", "ask", "yes", "no", "decline"].includes(kind)) {
    await page.click(`button[data-action="${kind}"]`);
    return "button";
  }
  if (kind === "discard") {
    await selectCards(page, [move.card]);
    await page.click('button[data-action="discard"]');
    return "selection";
  }
  const groups = move.groups;
  const wildOnly = (g) => g.cards.length > 0 && g.cards.every(isWild);
  if (kind === "meld" && groups.length === 1 && wildOnly(groups[0])) {
    await selectCards(page, groups[0].cards);
    await page.click(`.side.mine .meld[data-rank="${rankName(groups[0].rank)}"]`);
    return "meld-click";
  }
  if ((kind === "meld" || kind === "take") && !groups.slice(kind === "take" ? 1 : 0).some(wildOnly)) {
    for (const g of groups) await selectCards(page, naturalsFirst(g.cards));
    await page.click(kind === "take" ? "#pile" : 'button[data-action="meld"]');
    return "selection";
  }
  await page.click("#hint");
  await page.click("#play-hint");
  return "play-hint";
}

test("game number N shows the hand the library deals for N, after the computers' first moves", async () => {
  const { seed, game, first, moves } = findSeed((s) => s.first !== 0, 42);
  const page = await b.page();
  await open(page, b.url, seed);
  assert.ok(moves.length > 0, "the computers moved before seat 0");
  assert.deepEqual(await shownHand(page), game.hand(0));
  assert.equal(await page.getAttribute("#pile", "data-top"), game.pileTop ?? "");
  assert.equal(Number(await page.getAttribute("#stock", "data-size")), game.stockSize);
  for (let s = 0; s < game.players; s++)
    assert.equal(Number(await page.getAttribute(`.seat[data-seat="${s}"] .size`, "data-hand-size")), game.handSize(s));
  assert.match(page.url(), new RegExp(`[?&]game=${seed}\\b`));
  // The animation's log: each computer move, as the library played it.
  const log = await page.$$eval("#log li", (els) => els.map((e) => e.textContent).reverse());
  const names = ["You", "Anne", "Ben", "Carol"];
  assert.deepEqual(log.filter((l) => /^\w+: /.test(l)), moves.map((m) => `${names[Number(m.move[0])]}: ${withoutSeat(m.move)}`));
  // and after each move its events, one line each.
  assert.equal(log.length, moves.reduce((n, m) => n + 1 + m.events.length, 0));
  await page.screenshot({ path: join(SHOTS, "web-deal.png") });
  // Another browser context (no shared storage) deals the same game.
  const other = await b.page();
  await open(other, b.url, seed);
  assert.deepEqual(await shownHand(other), game.hand(0));
  assert.notEqual(first, 0);
  await page.context().close();
  await other.context().close();
});

test("an illegal pile take shows the engine's P-rule sentence and changes nothing", async () => {
  const { seed, game } = findSeed((s) => {
    const top = s.game.pileTop;
    const refusal = top && s.game.validate(`take ${top.slice(0, -1)}:`);
    return refusal && refusal.rule?.startsWith("P");
  }, 42);
  const expected = game.validate(`take ${game.pileTop.slice(0, -1)}:`);
  const page = await b.page();
  await open(page, b.url, seed);
  const before = await snapshot(page);
  // The pile says "frozen", with its reasons, exactly when the library's
  // pile status for the person's side says so (P3).
  const st = game.pileStatus(game.seatSide(0));
  const note = (await page.textContent("#pile .frozen").catch(() => null)) ?? "";
  assert.equal(note.includes("frozen"), st.frozen, `pile note "${note}"`);
  if (st.frozenUnopened) assert.match(note, /not melded/);
  if (st.frozenWild) assert.match(note, /wild card is in it/);
  await page.click("#pile");
  assert.equal(await page.getAttribute("#message", "data-kind"), "refusal");
  assert.equal(await page.textContent("#message .sentence"), expected.message);
  assert.match(expected.message, /^P\d/);
  assert.deepEqual(await snapshot(page), before, "the table and the save are as they were");
  await page.screenshot({ path: join(SHOTS, "web-refusal.png") });
  // A refused meld of selected cards: the engine's sentence as well.
  await page.click('button[data-action="draw"]');
  await ready(page);
  game.apply("draw");
  const card = game.hand(0)[0];
  const refusal = game.validate(`meld ${card}`);
  assert.ok(refusal, `meld ${card} is refused`);
  const mid = await snapshot(page);
  await selectCards(page, [card]);
  await page.click('button[data-action="meld"]');
  assert.equal(await page.textContent("#message .sentence"), refusal.message);
  assert.deepEqual({ ...(await snapshot(page)), hand: mid.hand }, mid);
  await page.context().close();
});

test("a legal meld appears on the table", async () => {
  const { seed, game } = findSeed((s) => {
    if (s.game.phase !== "draw") return false;
    s.game.apply("draw");
    return s.game.legalMoves().some((m) => m.kind === "meld");
  }, 100);
  const meld = game.legalMoves().find((m) => m.kind === "meld");
  const page = await b.page();
  await open(page, b.url, seed);
  await page.click("#stock"); // the stock is a button too: draw
  await ready(page);
  assert.deepEqual(await shownHand(page), game.hand(0));
  for (const g of meld.groups) await selectCards(page, naturalsFirst(g.cards));
  await page.click('button[data-action="meld"]');
  await ready(page);
  await noRefusal(page, String(meld));
  game.apply(meld);
  const side = game.seatSide(0);
  const expected = game.view(0).table.sides[side].melds.map((m) => ({ rank: rankName(m.rank), cards: m.cards.join(" "), cls: m.class }));
  assert.ok(expected.length > 0);
  const shown = await page.$$eval(`.side[data-side="${side}"] .meld`, (els) =>
    els.map((e) => ({ rank: e.dataset.rank, cards: e.dataset.cards, cls: e.classList[1] })));
  assert.deepEqual(shown, expected);
  assert.deepEqual(await shownHand(page), game.hand(0));
  await page.context().close();
});

test("an opening pile take with further melds: the cards selected, the pile clicked", async () => {
  const multi = (s) => s.game.phase === "draw" && s.game.currentSeat === 0 &&
    s.game.legalMoves().find((m) => m.kind === "take" && m.groups.length >= 2 &&
      !m.groups.slice(1).some((g) => g.cards.every(isWild)));
  const { seed, game, ...rest } = findSeed(multi, 1);
  const take = multi({ game, ...rest });
  const page = await b.page();
  await open(page, b.url, seed);
  for (const g of take.groups) await selectCards(page, naturalsFirst(g.cards));
  await page.click("#pile");
  await ready(page);
  await noRefusal(page, String(take));
  game.apply(take.toString());
  const side = game.seatSide(0);
  const expected = game.view(0).table.sides[side].melds.map((m) => m.cards.join(" "));
  assert.ok(expected.length >= 2, `${take} laid two melds`);
  assert.deepEqual(await page.$$eval(`.side[data-side="${side}"] .meld`, (els) => els.map((e) => e.dataset.cards)), expected);
  assert.deepEqual(await shownHand(page), game.hand(0));
  assert.equal(Number(await page.getAttribute("#pile", "data-size")), 0);
  await page.context().close();
});

test("Hint shows the reference player's move, highlights its cards, and its move is accepted", async () => {
  const { seed, game, player } = findSeed((s) => s.first !== 0, 7);
  const page = await b.page();
  await open(page, b.url, seed);
  for (let step = 0; step < 2; step++) {
    const { move, reason } = player.hint(game);
    await page.click("#hint");
    assert.equal(await page.textContent("#message .hint-move"), withoutSeat(move));
    assert.equal(await page.textContent("#message .reason"), reason);
    const lit = await page.$$eval("#hand .card.hinted", (els) => els.map((e) => e.dataset.card).sort());
    assert.deepEqual(lit, [...move.cards].sort());
    await page.click("#play-hint");
    await ready(page);
    await noRefusal(page, String(move));
    game.apply(move.toString());
    computers(game, player);
    assert.deepEqual(await shownHand(page), game.hand(0));
  }
  await page.context().close();
});

test("after the person's discard the computers play without a click, Undo restores the table, a reload restores the game", async () => {
  const { seed, game, player } = findSeed((s) => s.first === 0, 1);
  const page = await b.page();
  await open(page, b.url, seed);
  await page.click('button[data-action="draw"]');
  await ready(page);
  game.apply("draw");
  const beforeDiscard = await snapshot(page);
  const card = player.hint(game).move.card ?? game.hand(0)[0];
  await selectCards(page, [card]);
  await page.click('button[data-action="discard"]');
  // No click: control comes back to seat 0 by itself.
  await ready(page);
  game.apply(`discard ${card}`);
  const moves = computers(game, player);
  assert.ok(moves.length >= 3, "each computer seat moved");
  assert.equal(await page.getAttribute("body", "data-current"), "0");
  assert.deepEqual(await shownHand(page), game.hand(0));
  const afterTurn = await snapshot(page);
  assert.equal(afterTurn.save, game.save());

  await page.reload();
  await ready(page);
  assert.deepEqual(await snapshot(page), afterTurn, "the reload resumed the game exactly");

  await page.click("#undo");
  await ready(page);
  assert.deepEqual(await snapshot(page), beforeDiscard, "Undo went back to before the discard");
  await page.click("#undo");
  await ready(page);
  const start = expectedStart(seed);
  assert.deepEqual(await shownHand(page), start.game.hand(0), "a second Undo took back the draw");
  assert.equal(await page.getAttribute("body", "data-phase"), "draw");
  await page.context().close();
});

test("a whole hand played by following the hints reaches the score screen, with the library's hand score", async () => {
  const seed = 2024;
  const { game, player } = expectedStart(seed);
  const page = await b.page();
  await open(page, b.url, seed);
  const how = {};
  let steps = 0;
  while (game.phase !== "hand-over" && game.phase !== "game-over") {
    assert.ok(++steps < 300, "the hand ends");
    const { move } = player.hint(game);
    if (steps === 16) await page.screenshot({ path: join(SHOTS, "web-table.png") }); // mid-hand, melds down
    await page.click("#hint");
    assert.equal(await page.textContent("#message .hint-move"), withoutSeat(move), `step ${steps}`);
    const lit = await page.$$eval("#hand .card.hinted", (els) => els.map((e) => e.dataset.card).sort());
    assert.deepEqual(lit, [...move.cards].sort(), `the cards of ${move} are highlighted`);
    const way = await playLikeAPerson(page, move);
    how[way] = (how[way] ?? 0) + 1;
    await ready(page);
    await noRefusal(page, `${move} (${way})`);
    game.apply(move.toString());
    computers(game, player);
    if (game.phase !== "hand-over") assert.deepEqual(await shownHand(page), game.hand(0), `after ${move}`);
  }
  assert.ok(how.selection > 5, `most moves were played by selecting cards: ${JSON.stringify(how)}`);
  await page.waitForSelector("#scores[open]");
  for (let side = 0; side < game.sides; side++) {
    const score = game.handScore(side);
    for (const item of ["melded", "naturalCanastas", "mixedCanastas", "redThrees", "goingOut", "inHand", "total"])
      assert.equal(Number(await page.textContent(`#scores td[data-side="${side}"][data-item="${item}"]`)), score[item], `side ${side} ${item}`);
    assert.equal(Number(await page.textContent(`#scores td[data-side="${side}"][data-item="gameTotal"]`)), game.totals[side]);
  }
  await page.screenshot({ path: join(SHOTS, "web-score.png") });
  // The next hand is dealt: the next dealer's "next" move.
  await page.click("#next-hand");
  await ready(page);
  if (game.currentSeat === 0) game.apply("next"); else player.play(game);
  computers(game, player);
  assert.equal(game.handNumber, 2);
  assert.deepEqual(await shownHand(page), game.hand(0));
  await page.context().close();
});

test("an empty stock: the person declines the pile with the Decline button, and the hand ends (E1)", async () => {
  // No seed makes the reference players run the stock out in a first hand,
  // so the state comes from random legal play in Node, handed to the app
  // as its saved game (what a reload resumes): seat 0 to draw, the stock
  // empty, and the pile one it may decline (E1).
  let rng = 12345;
  const next = () => { rng = (rng * 1103515245 + 12345) >>> 0; return rng >>> 8; };
  let found = null;
  for (let seed = 1; seed < 400 && !found; seed++) {
    const g = new Game({ seed });
    for (let i = 0; i < 3000 && g.phase !== "hand-over" && !g.over; i++) {
      if (g.phase === "draw" && g.stockSize === 0 && g.currentSeat === 0 && g.isLegal("0 decline")) {
        found = { seed, game: g };
        break;
      }
      const m = g.legalMoves();
      g.apply(m[next() % m.length]);
    }
    if (!found) g.free();
  }
  assert.ok(found, "random play reaches an empty stock at seat 0's turn");
  const { seed, game } = found;
  const stored = JSON.stringify({ number: seed, preset: "classic", target: 5000, askPermission: true, save: game.save() });
  const page = await b.page();
  await page.context().addInitScript((v) => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("libcanasta-web:game", v);
      sessionStorage.setItem("seeded", "1");
    }
  }, stored);
  await open(page, b.url, seed);
  assert.equal((await snapshot(page)).save, game.save(), "the app resumed the saved game");
  assert.equal(await page.isEnabled('button[data-action="draw"]'), true);
  await page.click('button[data-action="draw"]');
  // E1: with the stock empty a draw is refused with the engine's sentence.
  assert.equal(await page.getAttribute("#message", "data-kind"), "refusal");
  assert.equal(await page.textContent("#message .sentence"), game.validate("draw").message);
  assert.match(game.validate("draw").message, /^E1:/);
  await page.click('button[data-action="decline"]');
  await ready(page);
  game.apply("decline");
  assert.equal(game.handEnd.how, "stock");
  await page.waitForSelector("#scores[open]");
  for (let side = 0; side < game.sides; side++)
    assert.equal(Number(await page.textContent(`#scores td[data-side="${side}"][data-item="total"]`)), game.handScore(side).total);
  game.free();
  await page.context().close();
});

test("the partner asks \"may I go out?\": the person answers with the Yes or No button", async () => {
  const seed = 2;
  const { game, player } = expectedStart(seed);
  const page = await b.page();
  await open(page, b.url, seed);
  while (!(game.phase === "answer" && game.currentSeat === 0)) {
    assert.ok(game.phase !== "hand-over", "the partner asked before the hand ended");
    await page.click("#hint");
    await page.click("#play-hint");
    game.apply(player.hint(game).move);
    computers(game, player);
    await ready(page);
  }
  assert.equal(await page.getAttribute("body", "data-phase"), "answer");
  assert.equal(await page.isVisible("#answer"), true);
  assert.equal(await page.textContent("#turn"), "Ben asks: may I go out?");
  const { move } = player.hint(game);
  assert.ok(["yes", "no"].includes(move.kind));
  await page.click(`button[data-action="${move.kind}"]`);
  await ready(page);
  await noRefusal(page, String(move));
  game.apply(move.kind);
  computers(game, player);
  assert.equal(await page.isVisible("#answer"), false);
  assert.deepEqual(await snapshot(page).then((s) => s.save), game.save());
  await page.context().close();
});

test("keyboard: cards and buttons take the focus, visibly, and Enter/Space select and act", async () => {
  const { seed, game } = findSeed((s) => s.first === 0, 1);
  const page = await b.page();
  await open(page, b.url, seed);
  await page.focus('button[data-action="draw"]');
  await page.keyboard.press("Enter");
  await ready(page);
  game.apply("draw");
  await page.focus('#hand .card[data-index="0"]');
  await page.keyboard.press("Tab");
  const focused = await page.evaluate(() => {
    const el = document.activeElement;
    return { index: el.dataset.index, visible: el.matches(":focus-visible"), outline: getComputedStyle(el).outlineStyle };
  });
  assert.deepEqual(focused, { index: "1", visible: true, outline: "solid" });
  await page.keyboard.press("Space");
  assert.equal(await page.getAttribute('#hand .card[data-index="1"]', "aria-pressed"), "true");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), "1", "the focus stays on the card");
  await page.keyboard.press("Enter");
  assert.equal(await page.getAttribute('#hand .card[data-index="1"]', "aria-pressed"), "false");
  await page.keyboard.press("Space");
  const card = game.hand(0)[1];
  await page.focus('button[data-action="discard"]');
  await page.keyboard.press("Enter");
  await ready(page);
  await noRefusal(page, `discard ${card}`);
  game.apply(`discard ${card}`);
  computers(game, new Player());
  assert.deepEqual(await shownHand(page), game.hand(0));
  await page.context().close();
});

test("Settings: the preset, the target and asking deal the game again under those rules; today's game", async () => {
  const seed = 77;
  const page = await b.page();
  await open(page, b.url, seed);
  await page.click("#settings-open");
  await page.selectOption('select[name="preset"]', "two-players");
  await page.selectOption('select[name="target"]', "2500");
  await page.uncheck('input[name="ask"]');
  await page.click('#settings-form button[value="ok"]');
  await ready(page);
  const { game } = expectedStart(seed, { preset: "two-players", target: 2500, askPermission: false });
  assert.equal(await page.locator(".seat").count(), 2);
  assert.deepEqual(await shownHand(page), game.hand(0));
  const { save } = await snapshot(page);
  assert.equal(save, game.save());
  assert.match(save, /^option target 2500$/m);
  assert.match(save, /^option ask-permission 0$/m);
  await page.reload();
  await ready(page);
  assert.deepEqual(await shownHand(page), game.hand(0), "the settings and the game survive a reload");
  await page.click("#today");
  await ready(page);
  const d = new Date();
  const today = d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  assert.match(page.url(), new RegExp(`[?&]game=${today}\\b`));
  await page.context().close();
});

for (const [preset, seats] of [["three-players", 3], ["six-three-sides", 6], ["six-two-sides", 6]]) {
  test(`the ${preset} preset: ${seats} seats, the library's sides, the library's deal`, async () => {
    const seed = 5;
    const page = await b.page({ pace: 0, preset });
    await open(page, b.url, seed);
    const { game, moves } = expectedStart(seed, { preset });
    assert.equal(await page.locator(".seat").count(), seats);
    assert.equal(await page.locator(".side").count(), game.sides);
    assert.deepEqual(await shownHand(page), game.hand(0));
    assert.equal(await page.locator("#log li").count() >= moves.length, true);
    await page.context().close();
  });
}

test("a phone-sized screen (390x844) shows the table without sideways scrolling", async () => {
  const page = await b.page({ pace: 0 }, { width: 390, height: 844 });
  await open(page, b.url, 42);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `page width ${width}`);
  const boxes = await page.$$eval("#hand .card, #actions button:not([hidden] *)", (els) =>
    els.filter((e) => e.offsetParent).map((e) => e.getBoundingClientRect().right));
  assert.ok(boxes.every((r) => r <= 390), `rightmost ${Math.max(...boxes)}`);
  await page.screenshot({ path: join(SHOTS, "web-phone.png"), fullPage: true });
  await page.context().close();
});

test("the computer players' pace is adjustable: at 300 ms a step, their moves are shown one after another", async () => {
  const { seed, moves } = findSeed((s) => s.first !== 0 && s.moves.length >= 2, 42);
  const page = await b.page({ pace: 300 });
  await page.goto(`${b.url}?game=${seed}`);
  await page.waitForFunction(() => document.querySelectorAll("#log li").length > 0);
  const t0 = Date.now();
  const early = await page.evaluate(() => ({ busy: document.body.dataset.busy, lines: document.querySelectorAll("#log li").length }));
  assert.equal(early.busy, "1", "the computers are still moving when their first line shows");
  await ready(page);
  const lines = await page.locator("#log li").count();
  assert.ok(early.lines < lines, `${early.lines} of ${lines} lines at first`);
  assert.ok(Date.now() - t0 >= 300 * (moves.length - 1), `${moves.length} moves in ${Date.now() - t0} ms`);
  await page.context().close();
});

test("offline: once loaded, the page reloads without a network and resumes the game", async () => {
  const page = await b.page();
  await open(page, b.url, 42);
  const controlled = await page.evaluate(() => Promise.race([
    navigator.serviceWorker.ready.then(() => true),
    new Promise((done) => setTimeout(() => done(false), 5000)),
  ]));
  assert.ok(controlled, "a service worker is active");
  await page.reload(); // now under the service worker's control: it keeps every file
  await ready(page);
  const before = await snapshot(page);
  await page.context().setOffline(true);
  await page.reload();
  await ready(page);
  assert.deepEqual(await snapshot(page), before);
  await page.click('button[data-action="draw"]'); // and it plays on: the engine is in the page
  await ready(page);
  assert.equal(await page.getAttribute("body", "data-phase"), "play");
  await page.context().close();
});

test("a game to 2,500 played by the hints ends with the winner, hand after hand", async () => {
  const seed = 9;
  const { game, player } = expectedStart(seed, { target: 2500 });
  const page = await b.page({ pace: 0, target: 2500 });
  await open(page, b.url, seed);
  for (let steps = 0; !game.over; steps++) {
    assert.ok(steps < 2000, "the game ends");
    if (game.phase === "hand-over") {
      await page.waitForSelector("#scores[open]");
      for (let side = 0; side < game.sides; side++)
        assert.equal(Number(await page.textContent(`#scores td[data-side="${side}"][data-item="gameTotal"]`)), game.totals[side]);
      await page.click("#next-hand");
      if (game.currentSeat === 0) game.apply("next"); else player.play(game);
    } else {
      await page.click("#hint");
      await page.click("#play-hint");
      game.apply(player.hint(game).move);
    }
    computers(game, player);
    await ready(page);
  }
  await page.waitForSelector("#scores[open]");
  const view = game.view(0);
  const names = ["You", "Anne", "Ben", "Carol"];
  const winner = view.table.sides[game.winner].seats.map((s) => names[s]).join(" & ");
  assert.match(await page.textContent("#scores-title"), new RegExp(`^${winner} wins? the game$`));
  assert.ok(game.handNumber >= 2, `${game.handNumber} hands`);
  assert.equal(await page.isVisible("#next-hand"), false);
  for (let side = 0; side < game.sides; side++)
    assert.equal(Number(await page.textContent(`#scores td[data-side="${side}"][data-item="gameTotal"]`)), game.totals[side]);
  await page.context().close();
});

test("no request leaves the origin, and no page error happened", async () => {
  // Every page of the tests above is counted; one more, in case this test runs alone.
  const page = await b.page();
  await open(page, b.url, 42);
  await page.context().close();
  assert.ok(b.requests.length >= 4);
  const foreign = b.requests.filter((u) => !u.startsWith(b.url) && !u.startsWith("data:"));
  assert.deepEqual(foreign, []);
  assert.deepEqual(b.errors, []);
});
