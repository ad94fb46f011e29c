/**
 * The King's Valley play engine (KV-8): picks the engine's move in a game
 * position with the proof search (solver/proof `proveWinIn` on
 * `kvProofGame`). Pure TS, no DOM: the renderer runs it in its job worker
 * (src-renderer/workers/job.worker.ts, through `kingsValley.engine`) so the
 * UI never blocks, and the unit tests call it directly.
 *
 * Choice, for the side to move (the engine):
 * 1. Fastest forced win: for h = 1, 2, ... up to the horizon, "win in h?"
 *    from the current position; the first h that is proved gives the
 *    shortest win and its keys; the engine plays the first key (LAN order)
 *    whose position is not a third occurrence (KV-7).
 * 2. Otherwise the longest defence: every legal move is scored by what the
 *    opponent can then force. A move that wins at once (KV-5 valley, KV-6
 *    trap) scores best; a move into the third occurrence of a position is a
 *    draw (KV-7), as good as a move with no forced loss within the horizon;
 *    any other move scores the opponent's shortest forced win after it
 *    (larger is better), found level by level (h = 1, 2, ...) over all
 *    moves, up to the horizon or until every move is refuted. Ties go to
 *    the move that leaves the engine's king nearest the valley, then to the
 *    first move in `kvLegalMoves` order.
 * 3. Falls back to the first legal move when the budget runs out before
 *    anything is known.
 *
 * The search horizon (default: the level's goal N clamped to 4..6 in
 * `kvEngine`, 4 in `chooseEngineMove`) and a budget shared by all searches
 * of one choice (default 3,000,000 nodes, optional time cap) bound the time.
 * The proof search treats only its own start as history (KV-7 in puzzle
 * search); the game's earlier positions are checked here for threefold
 * repetition of the position right after the engine's move.
 */
import type { KingsValleyLevel } from '../../model/level.js';
import type { EngineAnswer, EngineOptions, RulesetEngine } from '../../ruleset.js';
import {
  compileKingsValley,
  kvKingSquare,
  kvLegalMoves,
  kvMoveToLan,
  kvOutcome,
  kvParseLan,
  kvPlay,
  kvPositionKey,
  type KvMove,
  type KvPosition,
} from './position.js';
import { kvProofGame } from './game.js';
import { Budget, winWithin } from '../../solver/proof/budget.js';
import { issue, type Issue, type Result } from '../../validation/issue.js';

/**
 * The engine's move and why (`EngineAnswer`, plus the move itself):
 * - `win`: a forced win in `winIn` of its own moves (1 = at once);
 * - `defend`: no forced win found; `lossIn` = the opponent's shortest
 *   forced win after the move (null: none within `horizon`);
 * - `draw`: the move repeats a position for the third time (KV-7);
 * - `any`: the budget ran out before anything was known.
 */
export interface EngineChoice extends EngineAnswer {
  move: KvMove;
  horizon: number;
}

const DEFAULT_HORIZON = 4;
const DEFAULT_NODES = 3_000_000;
const DEFAULT_TABLE = 4 * 1024 * 1024;

/** Chebyshev distance from `square` to the valley (the king's "nearness"; 99 without a king). */
function valleyDistance(pos: KvPosition, square: number): number {
  if (square < 0) return 99;
  const w = pos.width;
  return Math.max(Math.abs((square % w) - (pos.valley % w)), Math.abs(Math.floor(square / w) - Math.floor(pos.valley / w)));
}

/** How often the repetition identity of `pos` occurs in `history` (KV-7). */
function occurrences(pos: KvPosition, history: readonly KvPosition[]): number {
  const key = kvPositionKey(pos);
  let n = 0;
  for (const h of history) if (kvPositionKey(h) === key) n++;
  return n;
}

/**
 * The engine's move for the side to move in `pos` (see module doc).
 * `history`: the game's earlier positions, `pos` excluded (KV-7). Answers
 * null when the game is over (`kvOutcome`) or there is no legal move.
 * Never throws.
 */
export function chooseEngineMove(pos: KvPosition, history: readonly KvPosition[] = [], opts: EngineOptions = {}): EngineChoice | null {
  if (kvOutcome(pos, history).status !== 'ongoing') return null;
  const moves = kvLegalMoves(pos);
  if (moves.length === 0) return null;
  const horizon = Math.max(1, Math.min(12, Math.floor(opts.horizon ?? DEFAULT_HORIZON)));
  const budget = new Budget(opts.maxNodes ?? DEFAULT_NODES, opts.timeMs);
  const tableBytes = opts.tableBytes ?? DEFAULT_TABLE;
  const past = [...history, pos];
  const me = pos.sideToMove;
  const after = moves.map((m) => kvPlay(pos, m));
  const thirdTime = after.map((a) => occurrences(a.position, past) >= 2);
  const lan = (m: KvMove): string => kvMoveToLan(pos, m);
  const done = (i: number, kind: EngineChoice['kind'], extra: Partial<EngineChoice> = {}): EngineChoice => ({
    move: moves[i]!,
    lan: lan(moves[i]!),
    kind,
    horizon,
    nodes: budget.used,
    ...extra,
  });

  // 1. Fastest forced win.
  for (let h = 1; h <= horizon; h++) {
    const r = winWithin(kvProofGame(pos), h, budget, tableBytes);
    if (r === 'limit') break;
    if (r === null) continue;
    const i = moves.findIndex((m, k) => r.keys.includes(lan(m)) && (r.length === 1 || !thirdTime[k]));
    if (i >= 0) return done(i, 'win', { winIn: r.length });
    break;
  }

  // 2. Longest defence. score: Infinity = wins now; 1e6 = draw / no loss within the horizon;
  // else the opponent's shortest win (a lower bound while unresolved).
  const SAFE = 1e6;
  const score = new Array<number>(moves.length).fill(0);
  const open: number[] = [];
  after.forEach((a, i) => {
    const o = a.outcome;
    if (o.status === 'won' && o.winner === me) score[i] = Infinity;
    else if (o.status === 'won')
      score[i] = 0; // cannot happen after one's own move (KV-6 is judged at one's turn)
    else if (thirdTime[i]) score[i] = SAFE;
    else {
      score[i] = 1; // loses in >= 1
      open.push(i);
    }
  });
  let known = open.length === 0;
  let unresolved = open.slice();
  for (let h = 1; h <= horizon && unresolved.length > 0; h++) {
    const next: number[] = [];
    let stopped = false;
    for (const i of unresolved) {
      const r = winWithin(kvProofGame(after[i]!.position), h, budget, tableBytes);
      if (r === 'limit') {
        stopped = true;
        break;
      }
      if (r === null) {
        score[i] = h + 1;
        next.push(i);
      } else score[i] = r.length;
      known = true;
    }
    if (stopped) break;
    unresolved = next;
    if (h === horizon) for (const i of next) score[i] = SAFE;
  }
  if (!known) return done(0, 'any');

  let best = 0;
  const kingDist = (i: number): number => valleyDistance(after[i]!.position, kvKingSquare(after[i]!.position, me));
  for (let i = 1; i < moves.length; i++) {
    if (score[i]! > score[best]! || (score[i] === score[best] && kingDist(i) < kingDist(best))) best = i;
  }
  const s = score[best]!;
  if (s === Infinity) return done(best, 'win', { winIn: 1 });
  if (thirdTime[best]) return done(best, 'draw');
  const resolved = s < SAFE && !unresolved.includes(best);
  return done(best, 'defend', { lossIn: resolved ? s : null });
}

/**
 * Rebuilds a game from `level` (its start) and the LAN `moves` played, and
 * answers the engine's move there (`chooseEngineMove` with the game's
 * history). Errors: the level's builder errors, `move-illegal` for a move
 * that does not replay, `game-over` when the game has ended.
 */
export function engineMoveInGame(level: KingsValleyLevel, moves: readonly string[], opts: EngineOptions = {}): Result<EngineChoice, Issue[]> {
  const c = compileKingsValley(level);
  if (!c.ok) return c;
  let pos = c.value;
  const history: KvPosition[] = [];
  for (let k = 0; k < moves.length; k++) {
    const mv = kvParseLan(pos, moves[k]!);
    if (!mv) return { ok: false, error: [issue('error', 'move-illegal', `Move ${k + 1} (${moves[k]}) is not legal here.`, { ruling: 'KV-2' })] };
    history.push(pos);
    pos = kvPlay(pos, mv).position;
  }
  const choice = chooseEngineMove(pos, history, opts);
  if (!choice) return { ok: false, error: [issue('error', 'game-over', 'The game is over: there is no move to choose.', { ruling: 'KV-5' })] };
  return { ok: true, value: choice };
}

/** King's Valley engine horizon for a level: its goal's N clamped to 4..6 (4 without a goal), in the engine side's moves. */
export function kvEngineHorizon(level: KingsValleyLevel): number {
  const n = level.goal?.moves;
  return Math.min(6, Math.max(4, typeof n === 'number' && Number.isInteger(n) ? n : 4));
}

/**
 * The play engine of `RulesetDef` (`kingsValley.engine`): `engineMoveInGame`
 * with the horizon from the level's goal (`kvEngineHorizon`) unless
 * `opts.horizon` is given; the answer is plain data (no move object).
 */
export const kvEngine: RulesetEngine<KingsValleyLevel> = {
  move(level, moves, opts = {}) {
    const r = engineMoveInGame(level, moves, { horizon: kvEngineHorizon(level), ...opts });
    if (!r.ok) return r;
    const { move: _move, ...answer } = r.value;
    void _move;
    return { ok: true, value: answer };
  },
};
