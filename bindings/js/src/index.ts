// libcanasta for JavaScript and TypeScript: the exact rules engine of the
// C library, compiled to WebAssembly.  `await init()` once, then every call
// is synchronous.

export { init, initSync, isReady, version, memoryBytes, errorName, strerror, CanastaError } from "./core.js";
export type { WasmSource, InitOptions } from "./core.js";
export type { OutputSink } from "./wasi.js";
export { Move, cardCode, cardText, cardRank, cardValue, isWildCard, normalizeMove } from "./move.js";
export type { MoveGroup } from "./move.js";
export { Rules } from "./rules.js";
export type { OptionKey, MeldComposition, SideHand } from "./rules.js";
export { Game } from "./game.js";
export type { GameOptions, Seed, Viewer, EventData } from "./game.js";
export { GameRecord } from "./record.js";
export type { HandResult, Replay } from "./record.js";
export { Player, knobNames, knobRange } from "./player.js";
export type { Knobs, PlayOptions } from "./player.js";
export * from "./names.js";
export type * from "./view.js";
