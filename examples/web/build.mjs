// Bundles the app with esbuild and copies the page, the style sheet and the
// library's WebAssembly module into one directory any static server can
// serve:  node build.mjs [OUTDIR]   (default: dist)
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? join(here, "dist");
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(here, "src/main.ts")],
  bundle: true,
  format: "esm",
  target: "es2022",
  outfile: join(out, "app.js"),
  sourcemap: true,
  logLevel: "warning",
});
// The package exports its module as "libcanasta/libcanasta.wasm".
const wasm = createRequire(join(here, "package.json")).resolve("libcanasta/libcanasta.wasm");
copyFileSync(wasm, join(out, "libcanasta.wasm"));
for (const f of ["index.html", "style.css", "sw.js"]) copyFileSync(join(here, f), join(out, f));
console.log(`web: built ${out}`);
