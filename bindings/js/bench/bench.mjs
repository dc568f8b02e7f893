// The package's speed, measured beside the native library in one run
// (make bench-js, part of make bench).  stdout carries only lines
//     bench <name> <value> <unit>
// as bench/bench prints them; progress goes to stderr.  Nothing is
// asserted: the goals (docs/PERFORMANCE.md) are read off the figures.
//
// Reference play is measured two ways.  js_ref_play_* is a game loop as an
// application writes it per decision (Player.play, which returns a Move,
// then the phase as a string); js_ref_play_batch_* lets the package play
// each hand in one call (Player.playHand: canasta_player_play and
// canasta_game_phase per decision, no JavaScript object made), the work of
// the native loop.  docs/PERFORMANCE.md reads the 0.5 goal (WebAssembly
// reference play at half the native speed) off js_ref_play_batch_ratio,
// whose loop makes the native loop's calls; js_ref_play_ratio adds what an
// application's own per-decision loop costs on top (a Move object and the
// phase's name at every decision), and is printed beside it.  Nothing is
// claimed here: read the runs.
//
// Figures:
//   js_ref_play_hands_per_s       reference play through the package: whole
//   js_ref_play_decisions_per_s   games, Player.play on every seat, one
//                                 thread (as bench/bench --ref-play)
//   js_ref_play_ratio             the same over the native figure, median
//                                 of the pairwise ratios
//   js_ref_play_batch_hands_per_s   games of the same seeds by Player.playHand,
//   js_ref_play_batch_ratio         one call per hand; and over the native
//                                 figure of the same rounds (goal: >= 0.5)
//   js_random_play_decisions_per_s  random legal play: legalMoves(), pick,
//   js_random_play_ratio            apply(Move); and over the native figure
//   js_validate_ns                validate(Move) of the draw or a discard at
//                                 mid-hand positions (goal: < 1000 ns)
//   js_validate_text_ns           the same from move text
//   js_wasm_bytes, js_wasm_gzip_bytes  the module's size, raw and gzipped
//                                 (goal: < 300 KB raw)

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { init, Game, Player, Rules } from "../dist/index.js";

const ROUNDS = Number(process.env.CANASTA_BENCH_ROUNDS ?? 3);
const REF_SECONDS = 2.0; // as bench/bench's REF_SECONDS
const PLAY_SECONDS = 1.0; // as its PLAY_SECONDS
const native = process.env.CANASTA_NATIVE_BENCH;

const now = () => performance.now() / 1000;
const log = (s) => process.stderr.write(`bench-js: ${s}\n`);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const figure = (name, value, unit) =>
  console.log(`bench ${name} ${value >= 100 ? value.toFixed(0) : value.toFixed(2)} ${unit}`);

function nativeFigures(flag) {
  const out = execFileSync(native, [flag], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const figs = {};
  for (const line of out.split("\n")) {
    const m = /^bench (\S+) (\S+)/.exec(line);
    if (m) figs[m[1]] = Number(m[2]);
  }
  return figs;
}

await init();
const rules = new Rules("classic");
const player = new Player();

// Whole games between reference players for REF_SECONDS, as bench/bench's
// ref_worker does (game seeds from 5000); play(g, deadline) plays game g
// until it is over or the deadline has passed after a hand, and returns
// its decisions and hands.
function timedRefPlay(play) {
  const t0 = now();
  const deadline = t0 + REF_SECONDS;
  let decisions = 0;
  let hands = 0;
  for (let seed = 5000; now() < deadline; seed++) {
    const g = new Game({ seed, rules });
    const r = play(g, deadline);
    g.free();
    decisions += r.decisions;
    hands += r.hands;
  }
  const elapsed = now() - t0;
  return { dps: decisions / elapsed, hps: hands / elapsed };
}

// Player.play per decision.  The tie-break seed of each decision is its
// index in the game, where the native loop mixes the game seed and the
// index with splitmix64: the same kind of work, not bit-identical games
// (64-bit mixing in BigInt arithmetic would cost more than the decision;
// the seed only breaks ties).
function jsRefPlay() {
  return timedRefPlay((g, deadline) => {
    let decisions = 0;
    let hands = 0;
    for (;;) {
      // One phase query per decision, as the native loop makes.
      const m = player.play(g, decisions++);
      const phase = g.phase;
      if (m.kind !== "next-hand" && (phase === "hand-over" || phase === "game-over")) {
        hands++;
        if (phase === "game-over" || now() >= deadline) return { decisions, hands };
      }
    }
  });
}

// The same game seeds, each hand played by one Player.playHand call (its
// tie-break seed the hand's index in the game: one seed for all the
// decisions of a hand, where jsRefPlay changes it every decision).
function jsRefPlayBatch() {
  return timedRefPlay((g, deadline) => {
    let decisions = 0;
    let hands = 0;
    for (let n; now() < deadline && (n = player.playHand(g, { seed: hands })) > 0; hands++)
      decisions += n;
    return { decisions, hands };
  });
}

// Random legal play for PLAY_SECONDS (a fresh game after 20 hands, as the
// native figure does).
function jsRandomPlay() {
  let rng = 0xc0ffee;
  const next = () => {
    // xorshift32: cheap, and the choice only has to be arbitrary.
    rng ^= rng << 13;
    rng >>>= 0;
    rng ^= rng >>> 17;
    rng ^= rng << 5;
    rng >>>= 0;
    return rng;
  };
  let seed = 1000;
  let g = new Game({ seed: seed++, rules });
  let decisions = 0;
  let handsInGame = 0;
  const t0 = now();
  while (true) {
    if ((decisions & 255) === 0 && now() - t0 >= PLAY_SECONDS) break;
    const moves = g.legalMoves();
    const m = moves[next() % moves.length];
    if (m.kind === "next-hand" && handsInGame >= 20) {
      g.free();
      g = new Game({ seed: seed++, rules });
      handsInGame = 0;
      continue;
    }
    g.apply(m);
    decisions++;
    const phase = g.phase;
    if (phase === "hand-over" || phase === "game-over") handsInGame++;
    if (phase === "game-over") {
      g.free();
      g = new Game({ seed: seed++, rules });
      handsInGame = 0;
    }
  }
  g.free();
  return decisions / (now() - t0);
}

// Positions in the middle of hands, and a typical move at each: the draw
// at the start of a turn, a discard after it.
function positions() {
  const out = [];
  for (let seed = 1; out.length < 64; seed++) {
    const g = new Game({ seed, rules });
    for (let i = 0; i < 10 + (seed % 17) && !g.over; i++) player.play(g, i);
    if (g.phase === "draw" || g.phase === "play") {
      const legal = g.legalMoves();
      const m = legal.find((x) => x.kind === "draw" || x.kind === "discard");
      if (m) out.push({ g, m, text: m.toString() });
      else g.free();
    } else g.free();
  }
  return out;
}

function timePerOp(body) {
  let n = 1000;
  for (;;) {
    const t0 = now();
    body(n);
    const dt = now() - t0;
    if (dt >= 0.3) return dt / n;
    n *= 2;
  }
}

// ---------------------------------------------------------------------
const wasm = readFileSync(fileURLToPath(new URL("../dist/libcanasta.wasm", import.meta.url)));
figure("js_wasm_bytes", wasm.length, "bytes");
figure("js_wasm_gzip_bytes", gzipSync(wasm, { level: 9 }).length, "bytes");

const pos = positions();
let sink = 0;
const validate = timePerOp((n) => {
  for (let i = 0; i < n; i++) {
    const p = pos[i & 63];
    if (p.g.validate(p.m) === null) sink++;
  }
});
const validateText = timePerOp((n) => {
  for (let i = 0; i < n; i++) {
    const p = pos[i & 63];
    if (p.g.validate(p.text) === null) sink++;
  }
});
if (sink === 0) throw new Error("bench-js: no typical move was legal");
figure("js_validate_ns", validate * 1e9, "ns");
figure("js_validate_text_ns", validateText * 1e9, "ns");
for (const p of pos) p.g.free();

const jsRef = [], jsRefD = [], natRef = [], refRatio = [];
const jsBatch = [], batchRatio = [];
const jsRand = [], natRand = [], randRatio = [];
for (let r = 0; r < ROUNDS; r++) {
  if (native) {
    log(`round ${r + 1}/${ROUNDS}: native reference play`);
    natRef.push(nativeFigures("--ref-play").ref_play_hands_per_s);
  }
  log(`round ${r + 1}/${ROUNDS}: reference play through the package`);
  const j = jsRefPlay();
  jsRef.push(j.hps);
  jsRefD.push(j.dps);
  if (native) refRatio.push(j.hps / natRef[natRef.length - 1]);
  log(`round ${r + 1}/${ROUNDS}: reference play through the package, a hand a call`);
  const b = jsRefPlayBatch();
  jsBatch.push(b.hps);
  if (native) batchRatio.push(b.hps / natRef[natRef.length - 1]);
  if (native) {
    log(`round ${r + 1}/${ROUNDS}: native random play`);
    natRand.push(nativeFigures("--random-play").random_play_decisions_per_s);
  }
  log(`round ${r + 1}/${ROUNDS}: random play through the package`);
  jsRand.push(jsRandomPlay());
  if (native) randRatio.push(jsRand[jsRand.length - 1] / natRand[natRand.length - 1]);
}
figure("js_ref_play_decisions_per_s", median(jsRefD), "decisions/s");
figure("js_ref_play_hands_per_s", median(jsRef), "hands/s");
figure("js_ref_play_batch_hands_per_s", median(jsBatch), "hands/s");
figure("js_random_play_decisions_per_s", median(jsRand), "decisions/s");
if (native) {
  figure("js_native_ref_play_hands_per_s", median(natRef), "hands/s");
  figure("js_ref_play_ratio", median(refRatio), "x");
  figure("js_ref_play_batch_ratio", median(batchRatio), "x");
  figure("js_native_random_play_decisions_per_s", median(natRand), "decisions/s");
  figure("js_random_play_ratio", median(randRatio), "x");
} else {
  log("CANASTA_NATIVE_BENCH is not set: no native figures, no ratios");
}
player.free();
rules.free();
