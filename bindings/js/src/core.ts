// The WebAssembly instance and the few primitives every class is built on:
// a scratch area in the module's memory for arguments and results, text in
// and out, argument checks, and CanastaError.
//
// One module instance serves the whole package (init() makes it); calls
// into it are synchronous and never call back into JavaScript (the WASI
// shim aside), so the scratch area is never used by two calls at once.

import { wasiImports, WASI_FUNCTIONS, type OutputSink } from "./wasi.js";

/** The exports of libcanasta.wasm the package uses (every canasta_* function). */
export interface Exports {
  readonly memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(ptr: number): void;
  [name: string]: unknown;
}

// A typed view of the functions: each takes and returns numbers (pointers
// and int are i32, uint64_t is a BigInt).
type Fn = (...args: (number | bigint)[]) => number;
type Lib = { readonly [name: string]: Fn };

let exportsOf: Exports | null = null;
let L: Lib = new Proxy({} as Lib, {
  get() {
    throw new Error("libcanasta: the module is not loaded; call `await init()` first");
  },
});
let loading: Promise<void> | null = null;

/** Sizes of the C library (include/canasta.h), checked against the module at init. */
export const MOVE_SIZE = 220;
export const MOVE_TEXT_MAX = 1024;
export const EVENT_TEXT_MAX = 1024;
export const HINT_TEXT_MAX = 1024;
export const WHY_SIZE = 1024;
export const CARD_BUF = 256; // more than any deck (162 cards at most)
export const VIEW_ALL = -1;

// The scratch area: eight 8-byte output slots, a sentence buffer, a text
// buffer (text in and short text out), two moves and a card buffer.
const OUT_SLOTS = 8;
const TEXT_SIZE = 4096;
let scratch = 0;
export let OUT = 0;
export let WHY = 0;
export let TEXT = 0;
export let MOVE_A = 0;
export let MOVE_B = 0;
export let CARDS = 0;
const SCRATCH_SIZE = OUT_SLOTS * 8 + WHY_SIZE + TEXT_SIZE + 2 * MOVE_SIZE + CARD_BUF;

let u8: Uint8Array = new Uint8Array(0);
let dv: DataView = new DataView(new ArrayBuffer(0));
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The library's functions; throws until init() has finished. */
export function lib(): Lib {
  return L;
}

/** The module's bytes, fresh after any growth of its memory. */
export function heap(): Uint8Array {
  // A memory that grew detaches its old buffer, whose views then have
  // length 0: cheaper to test than reading memory.buffer at every call.
  if (u8.length === 0) {
    // Before init() too: text arguments (Move.parse, cardCode, ...) reach
    // the memory before any library function.
    if (!exportsOf) throw new Error("libcanasta: the module is not loaded; call `await init()` first");
    const buf = exportsOf.memory.buffer;
    u8 = new Uint8Array(buf);
    dv = new DataView(buf);
  }
  return u8;
}

export function view(): DataView {
  heap();
  return dv;
}

export function malloc(size: number): number {
  const p = (exportsOf as Exports).malloc(size);
  if (p === 0) throw new CanastaError(-2);
  return p;
}

export function free(ptr: number): void {
  if (ptr) (exportsOf as Exports).free(ptr);
}

export function outInt(slot: number): number {
  return view().getInt32(OUT + slot * 8, true);
}

export function outU32(slot: number): number {
  return view().getUint32(OUT + slot * 8, true);
}

export function outU64(slot: number): bigint {
  return view().getBigUint64(OUT + slot * 8, true);
}

export function outPtr(slot: number): number {
  return OUT + slot * 8;
}

/** A NUL-terminated string at ptr (at most max bytes). */
export function cString(ptr: number, max: number): string {
  const h = heap();
  let end = ptr;
  const stop = ptr + max;
  while (end < stop && h[end] !== 0) end++;
  return decoder.decode(h.subarray(ptr, end));
}

/** Text of known length at ptr. */
export function textAt(ptr: number, length: number): string {
  return decoder.decode(heap().subarray(ptr, ptr + length));
}

/** A text argument in the module's memory: [pointer, byte length, owned]. */
export interface TextArg {
  ptr: number;
  len: number;
  owned: boolean;
}

/** Copy a string into the module (the scratch text buffer when it fits). */
export function textIn(s: string): TextArg {
  const h = heap();
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (s.length * 3 <= TEXT_SIZE) {
    const r = encoder.encodeInto(s, h.subarray(TEXT, TEXT + TEXT_SIZE));
    return { ptr: TEXT, len: r.written, owned: false };
  }
  const bytes = encoder.encode(s);
  const p = malloc(bytes.length + 1);
  heap().set(bytes, p);
  return { ptr: p, len: bytes.length, owned: true };
}

export function textDone(t: TextArg): void {
  if (t.owned) free(t.ptr);
}

/**
 * Call a function that hands out allocated text (char **text, size_t
 * *length, ...): the text is copied out and released with canasta_free.
 */
export function takeText(call: (textOut: number, lengthOut: number) => number): string {
  view().setUint32(outPtr(0), 0, true);
  const rc = call(outPtr(0), outPtr(1));
  check(rc);
  const p = outU32(0);
  const n = outU32(1);
  try {
    return textAt(p, n);
  } finally {
    L.canasta_free(p);
  }
}

// ---------------------------------------------------------------------
// Argument checks: wrong types are TypeErrors and values outside the C
// type's range RangeErrors, both before anything reaches the library
// (which then checks the value against the rules: E_SEAT, E_RANGE, ...).
// ---------------------------------------------------------------------
export function int32(v: unknown, what: string): number {
  if (typeof v !== "number" || !Number.isInteger(v))
    throw new TypeError(`${what} must be an integer, not ${describe(v)}`);
  if (v < -2147483648 || v > 2147483647)
    throw new RangeError(`${what} must fit a 32-bit int, not ${v}`);
  return v;
}

// The BigInts of small seeds, made once: a game loop passes a seed to the
// player at every decision (0 by default, or a counter), and making a
// BigInt costs about as much as the rest of the call's JavaScript.
const SMALL_U64: readonly bigint[] = Array.from({ length: 4096 }, (_, i) => BigInt(i));

export function u64(v: unknown, what: string): bigint {
  if (typeof v === "number" && v >= 0 && v < 4096 && (v | 0) === v) return SMALL_U64[v] as bigint;
  if (typeof v === "bigint") {
    if (v < 0n || v > 0xffffffffffffffffn)
      throw new RangeError(`${what} must be in 0 .. 2**64-1, not ${v}`);
    return v;
  }
  if (typeof v !== "number" || !Number.isInteger(v))
    throw new TypeError(`${what} must be an integer or a bigint, not ${describe(v)}`);
  if (v < 0 || !Number.isSafeInteger(v))
    throw new RangeError(
      `${what} must be in 0 .. 2**53-1 as a number (use a bigint for larger values), not ${v}`,
    );
  return BigInt(v);
}

export function str(v: unknown, what: string): string {
  if (typeof v !== "string") throw new TypeError(`${what} must be a string, not ${describe(v)}`);
  return v;
}

export function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  const t = typeof v;
  if (t === "string") return `the string ${JSON.stringify(v)}`;
  if (t === "number" || t === "bigint" || t === "boolean") return `${t} ${String(v)}`;
  return t;
}

// ---------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------
const LINE_RE = /^line (\d+): /;
const RULE_RE = /^([A-Z][0-9]{1,2}):/;

/**
 * An error code of the library.  `errno` is the CANASTA_E_* value (a
 * negative number), `code` its name ("E_PILE_FROZEN"), `rule` the rule ID
 * the sentence starts with ("P4") or null, `message` the sentence for the
 * player (or the code's generic description when there is none), and
 * `line` the line of a text (saves, positions, records) it is about.
 */
export class CanastaError extends Error {
  readonly errno: number;
  readonly code: string;
  readonly rule: string | null;
  readonly line: number | null;

  constructor(errno: number, message?: string | null, line?: number | null) {
    const text = message ? message : strerror(errno);
    super(text);
    this.name = "CanastaError";
    this.errno = errno;
    this.code = errorName(errno);
    let rest = text;
    let ln: number | null = line ?? null;
    const m = LINE_RE.exec(rest);
    if (m) {
      rest = rest.slice(m[0].length);
      if (ln === null) ln = Number(m[1]);
    }
    this.line = ln;
    const r = RULE_RE.exec(rest);
    this.rule = r ? (r[1] as string) : null;
  }
}

/** Throw a CanastaError for a non-zero status, with the sentence at why. */
export function check(rc: number, why?: number): void {
  if (rc !== 0) throw new CanastaError(rc, why ? cString(why, WHY_SIZE) : null);
}

/** The name of an error code ("E_PILE_FROZEN"); "E_UNKNOWN"-like for unknown codes. */
export function errorName(code: number): string {
  if (!exportsOf) return `E${code}`;
  return cString(L.canasta_error_name(int32(code, "code")), 64);
}

/** The one-line description of an error code. */
export function strerror(code: number): string {
  if (!exportsOf) return `libcanasta error ${code}`;
  return cString(L.canasta_strerror(int32(code, "code")), 256);
}

// ---------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------
/**
 * Where init() finds the module: its bytes, a compiled module, a URL or
 * path, or anything with arrayBuffer() (a fetch Response).
 */
export type WasmSource =
  | ArrayBuffer
  | ArrayBufferView
  | WebAssembly.Module
  | URL
  | string
  | { arrayBuffer(): Promise<ArrayBuffer> };

export interface InitOptions {
  /** Where the module's stdout and stderr go (console by default). */
  output?: OutputSink;
}

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === "string";
}

async function bytesOf(source: WasmSource | undefined): Promise<ArrayBuffer | ArrayBufferView | WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  if (source !== undefined && typeof source === "object" && !(source instanceof URL))
    return await source.arrayBuffer();
  const url =
    source === undefined
      ? new URL("./libcanasta.wasm", import.meta.url)
      : source instanceof URL
        ? source
        : new URL(source, isNode() ? `file://${(globalThis as { process?: { cwd(): string } }).process?.cwd()}/` : globalThis.location?.href);
  if (url.protocol === "file:") {
    // Node: read the file (a variable keeps bundlers from resolving it).
    const fsName = "node:fs/promises";
    const fs = (await import(/* @vite-ignore */ fsName)) as {
      readFile(u: URL): Promise<Uint8Array>;
    };
    return await fs.readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`libcanasta: cannot fetch ${url.href}: HTTP ${response.status}`);
  return await response.arrayBuffer();
}

function start(instance: WebAssembly.Instance): void {
  const ex = instance.exports as unknown as Exports;
  ex._initialize();
  const lib = ex as unknown as Lib;
  const moveSize = lib.canasta_move_size!();
  if (moveSize !== MOVE_SIZE)
    throw new Error(`libcanasta: the module's canasta_move has ${moveSize} bytes, the package expects ${MOVE_SIZE}`);
  const version = lib.canasta_version!() >>> 0;
  if (Math.floor(version / 10000) !== 1)
    throw new Error(`libcanasta: the module is version ${version}, the package needs 1.x`);
  exportsOf = ex;
  L = lib;
  scratch = ex.malloc(SCRATCH_SIZE);
  if (scratch === 0) throw new Error("libcanasta: out of memory at start-up");
  OUT = scratch;
  WHY = OUT + OUT_SLOTS * 8;
  TEXT = WHY + WHY_SIZE;
  MOVE_A = TEXT + TEXT_SIZE;
  MOVE_B = MOVE_A + MOVE_SIZE;
  CARDS = MOVE_B + MOVE_SIZE;
}

function imports(output: OutputSink | undefined, module: WebAssembly.Module): WebAssembly.Imports {
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.module !== "wasi_snapshot_preview1" || !WASI_FUNCTIONS.includes(imp.name))
      throw new Error(`libcanasta: the module imports ${imp.module}.${imp.name}, which the package does not provide`);
  }
  return wasiImports(() => (exportsOf as Exports).memory, output);
}

/**
 * Load and start the WebAssembly module; every other call needs it.  In
 * Node the module is read from beside the package's code, in a browser it
 * is fetched from there (or from `source`).  Calling it again returns the
 * same promise.
 */
export function init(source?: WasmSource, options: InitOptions = {}): Promise<void> {
  if (loading) return loading;
  loading = (async () => {
    const b = await bytesOf(source);
    const module = b instanceof WebAssembly.Module ? b : await WebAssembly.compile(b as BufferSource);
    const instance = await WebAssembly.instantiate(module, imports(options.output, module));
    start(instance);
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** init() for a caller who already has the module's bytes or a compiled module. */
export function initSync(source: ArrayBuffer | ArrayBufferView | WebAssembly.Module, options: InitOptions = {}): void {
  if (exportsOf) return;
  // One module instance serves every object: a second one would leave the
  // objects of the first pointing into the wrong memory.
  if (loading) throw new Error("libcanasta: init() is already loading the module; await it instead");
  const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source as BufferSource);
  start(new WebAssembly.Instance(module, imports(options.output, module)));
  loading = Promise.resolve();
}

/** True once init() has finished. */
export function isReady(): boolean {
  return exportsOf !== null;
}

/**
 * The size in bytes of the module's memory (a WebAssembly memory only
 * grows, by 64 KiB pages): for leak checks and diagnostics.
 */
export function memoryBytes(): number {
  if (!exportsOf) throw new Error("libcanasta: the module is not loaded; call `await init()` first");
  return exportsOf.memory.buffer.byteLength;
}

/** The version of the loaded library, "MAJOR.MINOR.PATCH". */
export function version(): string {
  return cString(L.canasta_version_string!(), 32);
}

// ---------------------------------------------------------------------
// Lifetime: free(), [Symbol.dispose] and a FinalizationRegistry
// ---------------------------------------------------------------------
// Node 18 before 18.18 has no Symbol.dispose; define it as Node itself
// does later, so `using` and [Symbol.dispose] work the same everywhere.
if (typeof (Symbol as { dispose?: symbol }).dispose !== "symbol") {
  Object.defineProperty(Symbol, "dispose", { value: Symbol.for("nodejs.dispose") });
}

// Objects the library made (a clone, a loaded game, a replay's result) are
// wrapped by their class's own constructor: adopt() hands the pointer to
// it, so every object goes through one constructor and one registration.
let adopted = 0;

/** @internal construct an object of class `make` around a pointer the library gave */
export function adopt<T>(ptr: number, make: () => T): T {
  adopted = ptr;
  try {
    return make();
  } finally {
    adopted = 0;
  }
}

/** @internal in a constructor: the pointer being adopted, or 0 */
export function takeAdopted(): number {
  const p = adopted;
  adopted = 0;
  return p;
}

/** @internal the pointer a create function wrote to the first output slot */
export function outHandle(rc: number, why?: number): number {
  check(rc, why);
  return view().getUint32(OUT, true);
}

interface Held {
  ptr: number;
  release: string;
}

const registry = new FinalizationRegistry<Held>((held) => {
  if (exportsOf && held.ptr) L[held.release]!(held.ptr);
});

/**
 * An object the library allocated.  free() releases it at once (later
 * calls are harmless); one that is never freed is released when it is
 * garbage-collected.  Using it after free() throws.
 */
export abstract class Handle {
  #ptr: number;
  readonly #release: string;

  protected constructor(ptr: number, release: string) {
    this.#ptr = ptr;
    this.#release = release;
    registry.register(this, { ptr, release }, this);
  }

  /** The C pointer; throws once the object has been freed. */
  protected get ptr(): number {
    if (this.#ptr === 0) throw new Error(`libcanasta: this ${this.constructor.name} has been freed`);
    return this.#ptr;
  }

  /** @internal The C pointer of another object of the package. */
  static ptrOf(h: Handle): number {
    return h.ptr;
  }

  /** True once free() was called. */
  get freed(): boolean {
    return this.#ptr === 0;
  }

  /** Release the object's memory now. */
  free(): void {
    const p = this.#ptr;
    if (p === 0) return;
    this.#ptr = 0;
    registry.unregister(this);
    L[this.#release]!(p);
  }

  [Symbol.dispose](): void {
    this.free();
  }
}
