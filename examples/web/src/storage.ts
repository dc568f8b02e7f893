// storage.ts - the game number in the URL, the settings, and the saved game
// in localStorage.  The library's part: new Game({ seed }), game.save() and
// Game.load(text).

import { Game, type PresetName } from "libcanasta";

export interface Settings {
  preset: PresetName;
  target: number; // 5000 or 2500 (Rules option "target", S6)
  askPermission: boolean; // Rules option "askPermission", G4
  pace: number; // milliseconds per animated event of a computer player
}

export const DEFAULT_SETTINGS: Settings = { preset: "classic", target: 5000, askPermission: true, pace: 600 };

const SETTINGS_KEY = "libcanasta-web:settings";
const GAME_KEY = "libcanasta-web:game";

export function loadSettings(): Settings {
  try {
    return { ...DEFAULT_SETTINGS, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "{}") };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function storeSettings(s: Settings): void {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
}

/** Today's game: the date as a number, 2026-12-01 is 20261201 (UTC, the same for everyone). */
export function todaysNumber(now = new Date()): number {
  return now.getUTCFullYear() * 10000 + (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
}

/** The game number of the URL (?game=N), or null. */
export function urlNumber(): number | null {
  const text = new URLSearchParams(location.search).get("game");
  return text !== null && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** Puts the number in the address bar (without reloading), so the link shares the game. */
export function showNumberInUrl(n: number): void {
  const url = new URL(location.href);
  url.searchParams.set("game", String(n));
  history.replaceState(null, "", url);
}

interface Stored {
  number: number;
  preset: string;
  target: number;
  askPermission: boolean;
  save: string; // game.save(): the whole game, undo history included
}

/** A new game: the seed is the game number, so the same number deals the same cards. */
export function newGame(n: number, s: Settings): Game {
  return new Game({ seed: n, preset: s.preset, target: s.target, askPermission: s.askPermission });
}

/** The saved game if it is game n with these settings, else null. */
export function loadGame(n: number, s: Settings): Game | null {
  try {
    const stored = JSON.parse(localStorage.getItem(GAME_KEY) ?? "null") as Stored | null;
    if (!stored || stored.number !== n || stored.preset !== s.preset ||
        stored.target !== s.target || stored.askPermission !== s.askPermission) return null;
    return Game.load(stored.save);
  } catch {
    return null; // no save, or one this version cannot read: start afresh
  }
}

/** The number of the saved game, if there is one. */
export function savedNumber(): number | null {
  try {
    return (JSON.parse(localStorage.getItem(GAME_KEY) ?? "null") as Stored | null)?.number ?? null;
  } catch {
    return null;
  }
}

export function storeGame(n: number, s: Settings, game: Game): void {
  const stored: Stored = { number: n, preset: s.preset, target: s.target, askPermission: s.askPermission, save: game.save() };
  localStorage.setItem(GAME_KEY, JSON.stringify(stored));
}
