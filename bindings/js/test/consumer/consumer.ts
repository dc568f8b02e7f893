// A TypeScript program using the package as a consumer would, compiled by
// consumer.test.mjs with `tsc --strict --noEmit` against the staged
// package's .d.ts files ("libcanasta" resolves to js/).  It is only type
// checked, never run.  Every `@ts-expect-error` line is a misuse the types
// must refuse: if one compiles cleanly, tsc reports the directive unused
// and the test fails.

import {
  init,
  initSync,
  isReady,
  version,
  memoryBytes,
  errorName,
  strerror,
  CanastaError,
  Game,
  GameRecord,
  Move,
  Player,
  Rules,
  cardCode,
  cardText,
  knobNames,
  knobRange,
  normalizeMove,
  PRESETS,
  ACTIONS_DENSE,
  ACTION_MULTI,
  type GameView,
  type GameOptions,
  type HandResult,
  type Knobs,
  type PlayOptions,
  type MoveGroup,
  type MoveKind,
  type Phase,
  type PileStatus,
  type PresetName,
  type Replay,
  type ScoreBreakdown,
  type Seed,
  type Viewer,
  type ViewMeld,
} from "libcanasta";

export async function main(wasm?: ArrayBuffer): Promise<number[]> {
  if (wasm) initSync(wasm);
  else await init();
  const ready: boolean = isReady();
  const v: string = version();
  const bytes: number = memoryBytes();
  void [ready, v, bytes];

  const presets: PresetName[] = Object.keys(PRESETS) as PresetName[];
  const options: GameOptions = { preset: presets[0], seed: 2n ** 60n, target: 1500, askPermission: false, tieRule: "declare" };
  const game = new Game(options);
  const player = new Player({ "take-pile": 2, wildCards: 0 });
  const seed: Seed = 7;
  const viewer: Viewer = "all";

  // Moves.
  const moves: Move[] = game.legalMoves();
  const first: Move = moves[0] ?? Move.parse("draw", game.currentSeat);
  const kind: MoveKind = first.kind;
  const groups: MoveGroup[] = first.groups;
  const card: string | null = first.card;
  const seat: number = first.seat;
  const text: string = first.toString();
  const refusal: CanastaError | null = game.validate(text);
  if (refusal !== null) {
    const code: string = refusal.code;
    const errno: number = refusal.errno;
    const rule: string | null = refusal.rule;
    const line: number | null = refusal.line;
    void [code, errno, rule, line, errorName(errno), strerror(errno)];
  }
  const ok: boolean = game.isLegal(first) && first.equals(text);
  void [kind, groups, card, seat, ok, normalizeMove("0 MELD 7h 7d 7s"), cardText(cardCode("Qd"))];

  // Play a game.
  for (let i = 0; !game.over; i++) {
    const m: Move = player.play(game, BigInt(i));
    const events: string[] = game.events(viewer);
    void [m, events, game.eventData()[0]?.cards];
  }
  // Let the computers play: a hand, then the rest with seats 1 and 2 people.
  const playOptions: PlayOptions = { seed: 7n, stopAt: 0 };
  const played: number = player.playHand(game, playOptions) + player.playGame(game, { stopAt: new Set([1, 2]) });
  void played;
  const phase: Phase = game.phase;
  const totals: number[] = game.totals;
  const winner: number | null = game.winner;
  const score: ScoreBreakdown | null = game.handScore(0);
  const status: PileStatus = game.pileStatus(0);
  void [phase, winner, score?.total, status.frozen, seed];

  // Views.
  const view: GameView = game.view(0);
  const melds: ViewMeld[] = view.table.sides[0]?.melds ?? [];
  const mine: string[] | null = view.hands[0]?.cards ?? null;
  const full: GameView = game.fullState();
  void [melds, mine, full.seed, view.legal_moves];

  // Saves, positions, records.
  const again: Game = Game.load(game.save());
  const pos: Game = Game.fromPosition(game.position());
  const record = new GameRecord(new Game({ seed: 1 }));
  const replay: Replay = GameRecord.parse(record.text("all")).replay();
  const hands: HandResult[][] = replay.hands;
  void [again.equals(game), pos.handNumber, hands];

  // Rules and scoring.
  const rules = new Rules("three-players", { target: 2500 });
  const breakdown: ScoreBreakdown = rules.scoreSide({
    melds: [{ rank: 13, naturals: 7, twos: 0, jokers: 0 }],
    redThrees: 2,
    hand: ["7h"],
    wentOut: "normal",
  });
  const range: { min: number; max: number } = rules.range("target");
  const knobs: Knobs = player.knobs();
  void [breakdown.total, range, knobs, knobNames(), knobRange("go-out").default, rules.meldClass(7, 3, 1, 0)];

  // Search.
  const action: bigint = game.isLegal("draw") ? game.actionOfMove("draw") : BigInt(ACTIONS_DENSE) | ACTION_MULTI;
  const hash: bigint = game.infosetHash(0);
  const world: Game = game.determinize(0, 5n);
  void [action, hash, world];

  // Lifetimes: free(), and `using` (Symbol.dispose, lib ESNext.Disposable).
  {
    using scoped = new Game({ seed: 3 });
    scoped.apply("draw");
  }
  const freed: boolean = again.freed;
  void freed;
  for (const h of [again, pos, record, replay.game, rules, world, player, game]) h.free();

  // Misuse the types refuse.
  // @ts-expect-error view() needs the seat (the full state is fullState())
  game.view();
  // @ts-expect-error not a preset
  new Game({ preset: "nope" });
  // @ts-expect-error not a preset
  new Rules("four-players");
  // @ts-expect-error a move is a Move or a move text
  game.apply(42);
  // @ts-expect-error a viewer is a seat or "all"
  game.events("everyone");
  // @ts-expect-error seeds are numbers or bigints
  new Game({ seed: "42" });
  // @ts-expect-error no such option
  new Game({ targetScore: 100 });
  // @ts-expect-error stopAt is a seat or an iterable of seats
  player.playHand(game, { stopAt: "0" });
  // @ts-expect-error the breakdown's items are numbers
  const wrong: string = breakdown.melded;
  void wrong;
  return totals;
}
