// Required test 5: a TypeScript consumer (test/consumer/consumer.ts)
// compiles with `tsc --strict --noEmit` against the package's own types,
// "libcanasta" resolving to the staged package the way an installed one
// does (node_modules/libcanasta -> js/, its package.json "exports"
// "types").  The consumer's `@ts-expect-error` lines are misuses the types
// must refuse; a control program shows the harness does report errors.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { PACKAGE_DIR, TEST_DIR } from "./helpers.mjs";

const TSC = path.join(PACKAGE_DIR, "node_modules", "typescript", "bin", "tsc");
const skip = existsSync(TSC) ? false : `TypeScript is not installed in ${PACKAGE_DIR}/node_modules (make js runs npm ci)`;

/** A directory where `import "libcanasta"` finds the staged package. */
function consumerDir(files, { skipLibCheck = false } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "canasta-ts-"));
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(PACKAGE_DIR, path.join(dir, "node_modules", "libcanasta"), "dir");
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2022", "DOM", "ESNext.Disposable"],
        types: [],
        skipLibCheck, // false: the package's .d.ts files (and the libs) are checked too
        forceConsistentCasingInFileNames: true,
      },
      files,
    }),
  );
  return dir;
}

function tsc(dir) {
  const r = spawnSync(process.execPath, [TSC, "-p", path.join(dir, "tsconfig.json"), "--strict", "--noEmit", "--pretty", "false"], {
    encoding: "utf8",
    cwd: dir,
    timeout: 120000,
  });
  return { status: r.status, out: (r.stdout ?? "") + (r.stderr ?? "") };
}

test("consumer: consumer.ts type-checks with tsc --strict --noEmit against the package's types", { skip }, () => {
  const dir = consumerDir(["consumer.ts"]);
  try {
    copyFileSync(path.join(TEST_DIR, "consumer", "consumer.ts"), path.join(dir, "consumer.ts"));
    const r = tsc(dir);
    assert.equal(r.out.trim(), "", "tsc reports nothing");
    assert.equal(r.status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// One more compile (the libraries' own .d.ts files already checked above):
// a control with errors, and a program using `using`, which Node 20 cannot
// parse yet but tsc lowers to Symbol.dispose calls (tsc emits despite the
// control's errors, noEmitOnError being off).
test("consumer: the harness reports type errors, and `using` frees a game at the end of its block", { skip }, () => {
  const dir = consumerDir(["bad.ts", "using.ts"], { skipLibCheck: true });
  try {
    writeFileSync(
      path.join(dir, "bad.ts"),
      [
        'import { Game, Rules } from "libcanasta";',
        "const g = new Game({ seed: 1 });",
        "g.view();", // line 3: TS2554, an argument is missing
        "const n: number = g.phase;", // line 4: TS2322, a Phase is a string
        "// @ts-expect-error", // line 5: TS2578, unused: the next line is fine
        'new Rules("classic");',
        "void n;",
        "export {};",
        "",
      ].join("\n"),
    );
    writeFileSync(
      path.join(dir, "using.ts"),
      [
        'import { init, Game } from "libcanasta";',
        "await init();",
        "let outside: Game | null = null;",
        "{",
        "  using g = new Game({ seed: 1 });",
        "  outside = g;",
        '  g.apply("draw");',
        "  console.log(`inside ${g.freed}`);",
        "}",
        "console.log(`after ${outside.freed}`);",
        "",
      ].join("\n"),
    );
    const r = spawnSync(
      process.execPath,
      [TSC, "-p", path.join(dir, "tsconfig.json"), "--strict", "--noEmit", "false", "--outDir", path.join(dir, "out"), "--pretty", "false"],
      { encoding: "utf8", cwd: dir, timeout: 120000 },
    );
    const out = (r.stdout ?? "") + (r.stderr ?? "");
    assert.notEqual(r.status, 0);
    assert.match(out, /bad\.ts\(3,\d+\): error TS2554/);
    assert.match(out, /bad\.ts\(4,\d+\): error TS2322/);
    assert.match(out, /bad\.ts\(5,\d+\): error TS2578/);
    assert.equal(out.trim().split("\n").filter((l) => /error TS/.test(l)).length, 3, out);
    const run = spawnSync(process.execPath, [path.join(dir, "out", "using.js")], { encoding: "utf8", cwd: dir, timeout: 60000 });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.trim().split("\n"), ["inside false", "after true"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
