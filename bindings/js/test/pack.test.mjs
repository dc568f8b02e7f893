// Required test 6: `npm pack` makes a tarball that installs into an empty
// directory (no network: the package has no runtime dependencies) and
// plays a whole game from there, through the package's "exports".

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { PACKAGE_DIR } from "./helpers.mjs";

const NPM = process.env.NPM || "npm";
const hasNpm = spawnSync(NPM, ["--version"], { encoding: "utf8" }).status === 0;
const skip = hasNpm ? false : `${NPM} is not on the PATH (set NPM to npm's path)`;

function npm(args, cwd, env = {}) {
  return execFileSync(NPM, args, {
    cwd,
    encoding: "utf8",
    timeout: 120000,
    env: { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", ...env },
  });
}

test("pack: npm pack, npm install --offline into an empty directory, and a game from there", { skip }, () => {
  const tmp = mkdtempSync(path.join(tmpdir(), "canasta-pack-"));
  try {
    const packDir = path.join(tmp, "pack");
    const appDir = path.join(tmp, "app");
    const cache = path.join(tmp, "npm-cache"); // an empty cache: nothing can come from it
    for (const d of [packDir, appDir]) mkdirSync(d);
    const pkg = JSON.parse(readFileSync(path.join(PACKAGE_DIR, "package.json"), "utf8"));
    assert.deepEqual(pkg.dependencies ?? {}, {}, "no runtime dependencies");

    const info = JSON.parse(npm(["pack", "--json", "--loglevel=error", "--pack-destination", packDir], PACKAGE_DIR, { npm_config_cache: cache }));
    const files = info[0].files.map((f) => f.path).sort();
    for (const f of ["dist/index.js", "dist/index.d.ts", "dist/libcanasta.wasm", "package.json", "README.md"])
      assert.ok(files.includes(f), `the tarball holds ${f} (it holds ${files.join(", ")})`);
    for (const f of files) {
      assert.doesNotMatch(f, /^(src|test|bench|node_modules)\//, `the tarball leaves out ${f}`);
      assert.ok(!f.endsWith(".ts") || f.endsWith(".d.ts"), `no TypeScript source: ${f}`);
    }
    // Every module index.js imports is in the tarball.
    for (const m of ["core", "game", "move", "names", "player", "record", "rules", "view", "wasi"])
      assert.ok(files.includes(`dist/${m}.js`), `dist/${m}.js`);
    const tarballs = readdirSync(packDir).filter((f) => f.endsWith(".tgz"));
    assert.deepEqual(tarballs, [info[0].filename.replace(/^.*\//, "")]);
    assert.match(tarballs[0], new RegExp(`^libcanasta-${pkg.version.replace(/\./g, "\\.")}\\.tgz$`));

    npm(["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", path.join(packDir, tarballs[0])], appDir, {
      npm_config_cache: cache,
    });
    const installed = JSON.parse(readFileSync(path.join(appDir, "node_modules", "libcanasta", "package.json"), "utf8"));
    assert.equal(installed.version, pkg.version);

    writeFileSync(
      path.join(appDir, "play.mjs"),
      `import { init, Game, Player, version } from "libcanasta";
await init();
const game = new Game({ seed: 2024, target: 1500 });
const player = new Player();
let moves = 0;
while (!game.over) { player.play(game, moves); moves++; }
console.log(JSON.stringify({ version: version(), moves, hands: game.handNumber, totals: game.totals, winner: game.winner }));
`,
    );
    const r = spawnSync(process.execPath, ["play.mjs"], { cwd: appDir, encoding: "utf8", timeout: 60000 });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout.trim());
    assert.equal(out.version, pkg.version);
    assert.equal(out.totals.length, 2);
    assert.ok(out.totals.every(Number.isInteger));
    // S6: the game ended because a side reached the target, and the
    // winner is the side with the higher total (totals are multiples of 5, V1).
    assert.ok(Math.max(...out.totals) >= 1500, `totals ${out.totals}`);
    assert.equal(out.winner, out.totals[0] > out.totals[1] ? 0 : 1);
    assert.ok(out.totals.every((t) => t % 5 === 0));
    assert.ok(out.moves > 40 && out.hands >= 1);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
