// [Symbol.dispose] where the engine has no Symbol.dispose (Node 18 before
// 18.18, older browsers).  dist/core.js then defines it as
// Symbol.for("nodejs.dispose"), the symbol Node 18.18+ and 20 use
// natively.  Without that, the class's computed key `[Symbol.dispose]`
// would silently become the string "undefined" and `using` would find no
// method.  The Nodes make check-js and check-js-node18 run (20, 18.20) have
// Symbol.dispose, so a child process hides it by replacing the global
// Symbol with a copy lacking it before the package is first imported.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";

import { init, Game } from "../dist/index.js";
import { INDEX_URL } from "./helpers.mjs";

await init();

/** Every own key on obj's prototype chain below Object.prototype. */
function chainKeys(obj) {
  const keys = [];
  for (let p = Object.getPrototypeOf(obj); p && p !== Object.prototype; p = Object.getPrototypeOf(p))
    keys.push(...Reflect.ownKeys(p));
  return keys;
}

test("dispose: on this Node the method is keyed by the native Symbol.dispose", () => {
  assert.equal(typeof Symbol.dispose, "symbol");
  // Why the fallback uses this symbol: it is the one Node itself chose.
  assert.equal(Symbol.dispose, Symbol.for("nodejs.dispose"));
  const g = new Game({ seed: 7 });
  const keys = chainKeys(g);
  assert.ok(keys.includes(Symbol.dispose));
  assert.ok(!keys.includes("undefined"));
  g[Symbol.dispose]();
  assert.equal(g.freed, true);
});

// Runs in the child: `Symbol` without dispose, then the package.
const script = `
const Real = Symbol;
function Fake(description) { return Real(description); }
for (const k of Reflect.ownKeys(Real)) {
  if (k === "dispose" || k === "asyncDispose" || k === "length" || k === "name" || k === "prototype") continue;
  Object.defineProperty(Fake, k, Object.getOwnPropertyDescriptor(Real, k));
}
globalThis.Symbol = Fake;
const out = { before: typeof Symbol.dispose };
// The control: a class defined now gets the misnamed key.
class Plain { [Symbol.dispose]() {} }
out.controlKeys = Reflect.ownKeys(Plain.prototype).map(String);
const c = await import(${JSON.stringify(INDEX_URL)});
await c.init();
out.after = typeof Symbol.dispose;
out.isNodeSymbol = Symbol.dispose === Real.for("nodejs.dispose");
const g = new c.Game({ seed: 7 });
const keys = [];
for (let p = Object.getPrototypeOf(g); p && p !== Object.prototype; p = Object.getPrototypeOf(p))
  keys.push(...Reflect.ownKeys(p));
out.hasSymbolKey = keys.includes(Symbol.dispose);
out.hasStringKey = keys.includes("undefined");
out.save = g.save().split("\\n")[0];
g[Symbol.dispose]();
out.freed = g.freed;
try { g.save(); out.afterFree = "no error"; } catch (e) { out.afterFree = e.message; }
console.log(JSON.stringify(out));
`;

test("dispose: without a native Symbol.dispose the package defines it and keys the method by it", () => {
  const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
  // The child really had no Symbol.dispose, and a class made then would
  // have been misnamed: what the package's fallback prevents.
  assert.equal(out.before, "undefined");
  assert.deepEqual(out.controlKeys, ["constructor", "undefined"]);
  assert.equal(out.after, "symbol");
  assert.equal(out.isNodeSymbol, true);
  assert.equal(out.hasSymbolKey, true);
  assert.equal(out.hasStringKey, false);
  assert.match(out.save, /^canasta-save /);
  assert.equal(out.freed, true);
  assert.match(out.afterFree, /freed/);
});
