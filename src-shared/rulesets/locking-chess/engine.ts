/**
 * The Locking Chess play engine (LC-8): the move it plays against the user.
 * Pure TS, no DOM: the renderer runs it in its job worker
 * (src-renderer/workers/job.worker.ts, through `lockingChess.engine`); the
 * unit tests call it directly. Its choice, for the side to move:
 * 1. the fastest forced mate (any LC-8 win) within the horizon: "mate in
 *    h?" for h = 1, 2, ... with the proof search (`proveWinIn` on `LcGame`),
 *    playing the first key;
 * 2. otherwise the longest defence: a move that mates at once is best; a
 *    move into a draw (stalemate, lockout, deadlock, repetition, LC-9) or
 *    with no forced mate against it within the horizon is "safe"; other
 *    moves score the opponent's fastest forced mate after them (longer is
 *    better);
 * 3. falls back to the first legal move when the budget (nodes, time) runs
 *    out.
 * Defaults: horizon 2, 1,500,000 nodes, 8 MiB table per search. Never throws.
 */
import type { LockingChessLevel } from '../../model/level.js';
import type { EngineAnswer, EngineOptions, RulesetEngine } from '../../ruleset.js';
import { Budget, winWithin } from '../../solver/proof/budget.js';
import { issue, type Issue, type Result } from '../../validation/issue.js';
import { LcGame } from './game.js';
import { parseLfen } from './lfen.js';
import { lcMoveToLan, lcMoveToSan, lcParseMove } from './notation.js';
import type { LcPosition } from './position.js';

/** The engine's move: `mate` (forced mate in `mateIn`), `defend` (`lossIn` = the opponent's fastest mate after it, null: none within the horizon), `draw`, `any`. */
export interface LcEngineChoice {
  lan: string;
  san: string;
  kind: 'mate' | 'defend' | 'draw' | 'any';
  mateIn?: number;
  lossIn?: number | null;
  /** Horizon searched, in the engine side's moves. */
  horizon: number;
  nodes: number;
}

/** Replays `moves` (LAN or SAN) from `lfen`; the position keeps its history (repetition, LC-9). */
export function lcReplayPosition(lfen: string, moves: readonly string[]): Result<LcPosition, Issue[]> {
  const r = parseLfen(lfen);
  if (!r.ok) return r;
  const pos = r.value;
  for (let k = 0; k < moves.length; k++) {
    const m = lcParseMove(pos, moves[k]!);
    if (m === undefined) return { ok: false, error: [issue('error', 'move-illegal', `Move ${k + 1} (${moves[k]}) is not legal here.`, { ruling: 'LC-7' })] };
    pos.make(m);
  }
  return { ok: true, value: pos };
}

/** Shortest forced mate (any LC-8 win) of the side to move within `h` (one proof search on a copy of `pos`). */
function mateWithin(pos: LcPosition, h: number, budget: Budget, tableBytes: number): { length: number; keys: string[] } | null | 'limit' {
  return winWithin(new LcGame(pos.clone()), h, budget, tableBytes);
}

/** The engine's move in `pos` (module doc); null when the game is over. Never throws. */
export function chooseLcEngineMove(pos: LcPosition, opts: EngineOptions = {}): LcEngineChoice | null {
  if (pos.outcome().status !== 'ongoing') return null;
  const moves = pos.legalMoves();
  if (moves.length === 0) return null;
  const horizon = Math.max(1, Math.min(6, Math.floor(opts.horizon ?? 2)));
  const budget = new Budget(opts.maxNodes ?? 1_500_000, opts.timeMs);
  const tableBytes = opts.tableBytes ?? 8 * 1024 * 1024;
  const lans = moves.map((m) => lcMoveToLan(pos, m));
  const done = (i: number, kind: LcEngineChoice['kind'], extra: Partial<LcEngineChoice> = {}): LcEngineChoice => ({
    lan: lans[i]!,
    san: lcMoveToSan(pos, moves[i]!),
    kind,
    horizon,
    nodes: budget.used,
    ...extra,
  });

  // 1. Fastest forced mate.
  for (let h = 1; h <= horizon; h++) {
    const r = mateWithin(pos, h, budget, tableBytes);
    if (r === 'limit') break;
    if (r === null) continue;
    const i = lans.findIndex((l) => r.keys.includes(l));
    if (i >= 0) return done(i, 'mate', { mateIn: r.length });
    break;
  }

  // 2. Longest defence. Infinity: mates now; SAFE: draw or no mate against it within the horizon.
  const SAFE = 1e6;
  const score = new Array<number>(moves.length).fill(1);
  const draws = new Set<number>();
  const open: number[] = [];
  moves.forEach((m, i) => {
    pos.make(m);
    const o = pos.outcome();
    pos.unmake();
    if (o.status === 'mate') score[i] = Infinity;
    else if (o.status === 'draw') {
      score[i] = SAFE;
      draws.add(i);
    } else open.push(i);
  });
  let known = open.length < moves.length;
  let unresolved = open;
  for (let h = 1; h <= horizon && unresolved.length > 0; h++) {
    const next: number[] = [];
    let stopped = false;
    for (const i of unresolved) {
      pos.make(moves[i]!);
      const r = mateWithin(pos, h, budget, tableBytes);
      pos.unmake();
      if (r === 'limit') {
        stopped = true;
        break;
      }
      known = true;
      if (r === null) {
        score[i] = h + 1;
        next.push(i);
      } else score[i] = r.length;
    }
    if (stopped) break;
    unresolved = next;
    if (h === horizon) for (const i of next) score[i] = SAFE;
  }
  if (!known) return done(0, 'any');
  let best = 0;
  for (let i = 1; i < moves.length; i++) if (score[i]! > score[best]!) best = i;
  const s = score[best]!;
  if (s === Infinity) return done(best, 'mate', { mateIn: 1 });
  if (draws.has(best)) return done(best, 'draw');
  return done(best, 'defend', { lossIn: s < SAFE && !unresolved.includes(best) ? s : null });
}

/** Replays the game (start LFEN + LAN moves) and answers the engine's move there; errors: `move-illegal`, `game-over`. */
export function lcEngineMoveInGame(start: string, moves: readonly string[], opts: EngineOptions = {}): Result<LcEngineChoice, Issue[]> {
  const r = lcReplayPosition(start, moves);
  if (!r.ok) return r;
  const c = chooseLcEngineMove(r.value, opts);
  if (!c) return { ok: false, error: [issue('error', 'game-over', 'The game is over: there is no move to choose.', { ruling: 'LC-8' })] };
  return { ok: true, value: c };
}

/**
 * The play engine of `RulesetDef` (`lockingChess.engine`): `lcEngineMoveInGame`
 * from the level's position, as an `EngineAnswer`: a forced mate is a `win`
 * in `winIn` moves (the goal's verb "mate" is `lockingChess.goal.verb`).
 */
export const lcEngine: RulesetEngine<LockingChessLevel> = {
  move(level, moves, opts = {}) {
    const r = lcEngineMoveInGame(level.position, moves, opts);
    if (!r.ok) return r;
    const { mateIn, kind, ...rest } = r.value;
    const answer: EngineAnswer = { ...rest, kind: kind === 'mate' ? 'win' : kind, ...(mateIn !== undefined ? { winIn: mateIn } : {}) };
    return { ok: true, value: answer };
  },
};
