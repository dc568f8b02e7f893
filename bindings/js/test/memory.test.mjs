// Required test 4: the module's memory stays bounded.
//
//  - 10,000 create/play/save/load/free cycles after a warm-up of 500 leave
//    the WebAssembly memory the size it was (at most one 64 KiB page more);
//    the same cycles without free() do grow it, so the measure can fail.
//  - Objects that are never freed are released by the package's
//    FinalizationRegistry: a child `node --expose-gc` drops thousands of
//    games without free(), collects, and its memory stops growing.
//
// memoryBytes() is the module memory's byteLength (a WebAssembly memory
// never shrinks: any leak shows as growth once the allocator's free space
// is used up; a game is about 12 KiB, so 10,000 leaked ones are ~120 MB).

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { init, Game, GameRecord, Player, Rules, memoryBytes } from "../dist/index.js";
import { INDEX_URL, PRESETS } from "./helpers.mjs";

await init();

const PAGE = 65536;

test("memory: 10,000 create/play/save/load/free cycles do not grow the module's memory", (t) => {
  const player = new Player();
  const rules = new Rules("classic", { target: 1000 });
  function cycle(i) {
    const g = new Game({ seed: i, preset: PRESETS[i % PRESETS.length] });
    for (let k = 0; k < 6; k++) player.play(g, k);
    const text = g.save();
    const back = Game.load(text);
    assert.ok(back.equals(g) || i < 0);
    if (i % 10 === 0) {
      // Now and then the rest of the objects and the texts that the
      // library allocates (canasta_free'd by the package).
      const c = g.clone();
      c.legalMoves();
      c.json(0);
      c.position();
      const w = g.determinize(g.currentSeat, i);
      const rec = new GameRecord(g);
      rec.text("all");
      const r2 = rules.clone();
      const gr = new Game({ seed: i, rules: r2 });
      const p2 = new Player({ "take-pile": 2 });
      p2.play(gr, i);
      for (const h of [c, w, rec, r2, gr, p2]) h.free();
    }
    g.free();
    back.free();
  }
  for (let i = 0; i < 500; i++) cycle(i);
  const warm = memoryBytes();
  assert.equal(warm % PAGE, 0);
  for (let i = 500; i < 10500; i++) cycle(i);
  const after = memoryBytes();
  assert.ok(after <= warm + PAGE, `the memory grew from ${warm} to ${after} bytes in 10,000 cycles`);

  // The measure can fail: 300 cycles that forget free() grow the memory
  // by about 300 games' worth.
  const kept = [];
  for (let i = 0; i < 300; i++) {
    const g = new Game({ seed: i });
    player.play(g, 0);
    kept.push(g, Game.load(g.save()));
  }
  const leaky = memoryBytes();
  t.diagnostic(`memory: ${warm} after the warm-up, ${after} after 10,000 cycles, ${leaky} after 300 without free()`);
  assert.ok(leaky - after >= 300 * 8 * 1024, `300 unfreed cycles grew the memory by only ${leaky - after} bytes`);
  for (const g of kept) g.free();
  player.free();
  rules.free();
});

test("memory: objects dropped without free() are released by the FinalizationRegistry (node --expose-gc)", (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), "canasta-gc-"));
  try {
    const script = path.join(dir, "gc-child.mjs");
    writeFileSync(
      script,
      `import { init, Game, GameRecord, Player, Rules, memoryBytes } from ${JSON.stringify(INDEX_URL)};
await init();
if (typeof gc !== "function") throw new Error("run with --expose-gc");
const player = new Player();
const tick = () => new Promise((r) => setTimeout(r, 0));
async function collect() {
  // A full collection queues the registry's callbacks; they run as tasks.
  for (let k = 0; k < 3; k++) { gc(); await tick(); }
}
const sizes = [];
for (let round = 0; round < 30; round++) {
  for (let i = 0; i < 400; i++) {
    // Never freed: a game, its reloaded copy, a clone, now and then
    // rules, a player and a record.
    const g = new Game({ seed: round * 1000 + i });
    player.play(g, i);
    Game.load(g.save());
    g.clone();
    if (i % 20 === 0) { new Rules("two-players"); new Player(); new GameRecord(g); }
  }
  await collect();
  sizes.push(memoryBytes());
}
// A control: games kept reachable are not released (3,000 games, more
// than the plateau above holds).
const kept = [];
for (let i = 0; i < 1500; i++) { const g = new Game({ seed: i }); kept.push(g, g.clone()); }
await collect();
const keptSize = memoryBytes();
console.log(JSON.stringify({ sizes, keptSize, kept: kept.length }));
`,
    );
    const out = execFileSync(process.execPath, ["--expose-gc", script], { encoding: "utf8", timeout: 120000 });
    const { sizes, keptSize } = JSON.parse(out.trim().split("\n").pop());
    t.diagnostic(`memory after rounds 1, 10, 20, 30: ${[0, 9, 19, 29].map((k) => sizes[k]).join(" ")}; with 3,000 games kept: ${keptSize}`);
    // 30 rounds of 400 dropped games (+ copies): about 12,000 games, some
    // 300 MB if nothing were released.  The memory must reach a plateau:
    // from round 10 to round 30 it may grow by less than one round's worth.
    const round = 400 * 2 * 8 * 1024;
    assert.ok(sizes[29] - sizes[9] < round, `the memory kept growing without free(): ${sizes.join(" ")}`);
    assert.ok(sizes[29] < 64 * 1024 * 1024, `the memory reached ${sizes[29]} bytes`);
    // The control grows it: 3,000 reachable games stay allocated.
    assert.ok(keptSize >= sizes[29] + 8 * 1024 * 1024, `3,000 kept games: ${keptSize} bytes, after the rounds ${sizes[29]}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
