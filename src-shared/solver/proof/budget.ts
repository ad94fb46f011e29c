/**
 * The search budget of one play-engine choice (KV-8 / LC-8 engines in
 * src-shared/rulesets/<id>/engine.ts): a node count shared by all the proof
 * searches one choice runs, and an optional wall-time cap. Knows no ruleset.
 */
import { proveWinIn } from './search.js';
import type { ProofGame } from './types.js';

/**
 * Nodes (positions played into, as `proveWinIn` counts them) and time one
 * engine choice may use. `maxNodes` < 0 counts as 0; `timeMs` (ms, default
 * none) starts counting at construction; `clock` (ms) is injectable for tests.
 */
export class Budget {
  /** Nodes spent so far. */
  used = 0;
  private readonly deadline: number;

  constructor(
    readonly maxNodes: number,
    timeMs?: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.deadline = timeMs === undefined ? Infinity : clock() + Math.max(0, timeMs);
  }

  /** True once the time cap has passed (polled by the proof search as its `signal`). */
  get aborted(): boolean {
    return this.clock() >= this.deadline;
  }

  /** Nodes still available; 0 once the nodes or the time ran out. */
  get left(): number {
    return this.aborted ? 0 : Math.max(0, this.maxNodes - this.used);
  }
}

/**
 * Shortest forced win of the side to move in `game` within `h` of its moves
 * (one `proveWinIn`, charged to `budget`): `{length, keys}` (keys: every
 * first move that wins in `length`, LAN, sorted), `null` when proved that
 * there is none within `h`, `'limit'` when the budget (nodes or time) ran
 * out first. `tableBytes`: the search's transposition-table cap.
 */
export function winWithin(game: ProofGame, h: number, budget: Budget, tableBytes: number): { length: number; keys: string[] } | null | 'limit' {
  const left = budget.left;
  if (left <= 0) return 'limit';
  const r = proveWinIn(game, h, { maxNodes: left, maxTableBytes: tableBytes, signal: budget });
  budget.used += r.nodes;
  if (r.status === 'solved') return { length: r.length, keys: r.keys };
  if (r.status === 'unsolvable') return null;
  return 'limit';
}
