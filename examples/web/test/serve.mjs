// A tiny static file server for the built app (node:http only), on
// 127.0.0.1.  As a program:  node test/serve.mjs DIR [PORT]  (PORT 0 or
// none: a free port).  From the tests:  const s = await serve(dir);
// s.url ... await s.close().
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8", ".wasm": "application/wasm", ".map": "application/json",
  ".png": "image/png", ".json": "application/json",
};

export function serve(dir, port = 0) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = normalize(join(root, path.endsWith("/") ? path + "index.html" : path));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-cache" });
      res.end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      const url = `http://127.0.0.1:${server.address().port}/`;
      done({ url, close: () => new Promise((ok) => { server.closeAllConnections(); server.close(ok); }) });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const s = await serve(process.argv[2] ?? ".", Number(process.argv[3] ?? 0));
  console.log(`serving ${resolve(process.argv[2] ?? ".")} at ${s.url}`);
}
