// computer.ts - the computer seats: the library's reference Player chooses
// and plays each of their moves (player.play(game)), and the events of each
// move, as seat 0 may see them (game.events(0)), are shown one by one.

import type { Game, Player } from "libcanasta";
import { SEAT_NAMES } from "./table.js";

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** An event line for people: "1 drew ??" -> "Anne drew a card". */
export function eventWords(line: string): string {
  return line
    .replace(/^(\d) /, (_, s: string) => `${SEAT_NAMES[Number(s)]} `)
    .replace(/ drew (\?\? ?)+$/, (m) => ` drew ${m.split("??").length - 1 > 1 ? "cards" : "a card"}`)
    .replace(/ replace (\?\? ?)+$/, " drew replacements");
}

export interface ComputerHooks {
  pace(): number; // milliseconds per step, read each time (Settings may change it)
  moved(move: string): void; // after each move: save and draw the table
  say(text: string): void; // one line of the animation
}

/**
 * Plays the computer seats until the decision is seat 0's or the hand is
 * over.  Never waits for input; with pace 0 it only yields to the browser
 * between moves.
 */
export async function playComputers(game: Game, player: Player, hooks: ComputerHooks): Promise<void> {
  while (!game.over && game.phase !== "hand-over" && game.currentSeat !== 0) {
    const seat = game.currentSeat;
    const move = player.play(game); // the reference player's move, played
    const text = move.toString().replace(/^\d /, "");
    hooks.moved(text);
    hooks.say(`${SEAT_NAMES[seat]}: ${text}`);
    for (const event of game.events(0)) {
      await sleep(hooks.pace() / 2);
      hooks.say(eventWords(event));
    }
    await sleep(hooks.pace());
  }
}
