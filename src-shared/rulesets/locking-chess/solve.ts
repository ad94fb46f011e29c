/**
 * Locking Chess solve and replay of the ruleset module (def.ts): the "mate in
 * N" solve (any LC-8 win counts as mate) through the generic proof search
 * (solver/proof: AND/OR alpha-beta with iterative deepening and a
 * transposition table), and move replay.
 */
import type { LockingChessLevel } from '../../model/level.js';
import { issue, type Issue, type Result } from '../../validation/issue.js';
import type { SolveOptions, SolveResult } from '../../solver/types.js';
import { MAX_PROOF_MOVES, proveWinIn } from '../../solver/proof/search.js';
import { parse88 } from '../orthodox/board.js';
import { LcGame } from './game.js';
import { lcMoveToSan, lcParseMove } from './notation.js';
import type { LcMateKind, LcPosition } from './position.js';
import { compileLockingChess, lcPiecesOf } from './validate.js';

/** Transposition-table bytes when the caller sets no memory cap. */
const LC_TABLE_BYTES = 64 * 1024 * 1024;

/** `solveLevel`'s answer for Locking Chess: a SolveResult, plus the LC-8 name of the mate ending the main line. */
export type LcSolveResult = SolveResult & { mateType?: LcMateKind };

/**
 * Proves "mate in N" for the side to move, N = `level.goal.moves` (any LC-8
 * win: checkmate, lockmate, refugee mate, royal mate / lockmate).
 *
 * - `{status:'invalid', issues}`: the builder errors (validate.ts), or
 *   `lc-goal-missing` (LC-8) when the level has no goal, or `lc-goal-moves`.
 * - `solved`: `length` = the shortest forced mate in the side to move's
 *   moves, `moves` = the main line (both sides, LAN), `keys` (every first
 *   move mating that fast; more than one is a cook), `keysWithinN`,
 *   `refutations` (the defences to the first key with the fastest answer),
 *   `states` = nodes searched, `mateType` = the mate at the end of the main
 *   line.
 * - `unsolvable`: proved that there is no mate in N (defences by stalemate,
 *   lockout, deadlock or repetition count as escapes).
 * - `limit` (reason `states`): `opts.maxStates` nodes (default 20,000,000);
 *   at once for N > 4000. `cancelled`: `opts.signal` aborted.
 * `opts.maxBytes` caps the transposition table (default 64 MiB). Never throws.
 */
export function solveLockingChess(level: LockingChessLevel, opts: SolveOptions = {}): LcSolveResult | { status: 'invalid'; issues: Issue[] } {
  const compiled = compileLockingChess(level);
  if (!compiled.ok) return { status: 'invalid', issues: compiled.error };
  const goal = (level as { goal?: { type?: unknown; moves?: unknown } }).goal;
  if (goal === undefined) {
    return {
      status: 'invalid',
      issues: [issue('error', 'lc-goal-missing', 'The level has no "mate in N" goal to prove.', { ruling: 'LC-8', pointer: '/goal' })],
    };
  }
  const n = goal.moves;
  if (goal.type !== 'mate-in' || typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
    return {
      status: 'invalid',
      issues: [issue('error', 'lc-goal-moves', 'The goal is "mate in N" with N a whole number of at least 1.', { pointer: '/goal', ruling: 'LC-8' })],
    };
  }
  if (n > MAX_PROOF_MOVES) return { status: 'limit', states: 0, depth: 0, reason: 'states' };
  const pos = compiled.value;
  const r = proveWinIn(new LcGame(pos), n, {
    ...(opts.maxStates !== undefined ? { maxNodes: opts.maxStates } : {}),
    maxTableBytes: Math.min(LC_TABLE_BYTES, opts.maxBytes ?? LC_TABLE_BYTES),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    ...(opts.progressEvery !== undefined ? { progressEvery: opts.progressEvery } : {}),
  });
  switch (r.status) {
    case 'solved': {
      const end = pos.clone();
      for (const lan of r.line) end.make(lcParseMove(end, lan)!);
      const o = end.outcome();
      return {
        status: 'solved',
        length: r.length,
        moves: r.line,
        states: r.nodes,
        optimal: true,
        keys: r.keys,
        keysWithinN: r.keysWithinN,
        refutations: r.refutations,
        ...(o.status === 'mate' ? { mateType: o.kind } : {}),
      };
    }
    case 'unsolvable':
      return { status: 'unsolvable', states: r.nodes };
    case 'limit':
      return { status: 'limit', states: r.nodes, depth: r.depth, reason: 'states' };
    case 'cancelled':
      return { status: 'cancelled', states: r.nodes, depth: r.depth };
  }
}

/**
 * Plays `moves` (LAN or SAN) from the level's position. `frames[0]` is the
 * level, `frames[k]` the document after k moves: `position` = the LFEN
 * after them, `pieces` (when the level lists them) recomputed. Errors, each
 * with `pointer` `/moves/k`:
 * - the level's builder errors;
 * - `move-illegal` (LC-3..LC-12): move k is malformed or not legal there
 *   (`squares` = its from square when one is written);
 * - `move-after-game-over` (LC-8, LC-9): move k comes after mate or a draw
 *   (stalemate, lockout, deadlock, kings only, fifty moves, threefold
 *   repetition within the replay).
 * Never throws.
 */
export function lcReplay(level: LockingChessLevel, moves: readonly string[]): Result<LockingChessLevel[], Issue[]> {
  const compiled = compileLockingChess(level);
  if (!compiled.ok) return { ok: false, error: compiled.error };
  const pos: LcPosition = compiled.value;
  const frames: LockingChessLevel[] = [level];
  for (let k = 0; k < moves.length; k++) {
    const text = moves[k];
    const o = pos.outcome();
    if (o.status !== 'ongoing') {
      const why = o.status === 'mate' ? `${o.kind.replace('-', ' ')}, ${o.winner} won` : `a draw by ${o.reason}`;
      return {
        ok: false,
        error: [
          issue('error', 'move-after-game-over', `Move ${k + 1} (${String(text)}) comes after the game ended (${why}).`, {
            pointer: `/moves/${k}`,
            ruling: o.status === 'mate' ? 'LC-8' : 'LC-9',
          }),
        ],
      };
    }
    const m = typeof text === 'string' ? lcParseMove(pos, text) : undefined;
    if (m === undefined) {
      const from = typeof text === 'string' ? /^[A-Z]?([a-h][1-8])/.exec(text)?.[1] : undefined;
      return {
        ok: false,
        error: [
          issue('error', 'move-illegal', `Move ${k + 1} (${String(text)}) is not a legal move in this position.`, {
            pointer: `/moves/${k}`,
            ruling: 'LC-7',
            squares: from !== undefined && parse88(from) >= 0 ? [from] : [],
          }),
        ],
      };
    }
    pos.make(m);
    const doc: LockingChessLevel = { ...level, position: pos.lfen() };
    if (Array.isArray(level.pieces)) doc.pieces = lcPiecesOf(pos);
    frames.push(doc);
  }
  return { ok: true, value: frames };
}

/**
 * `line` (LAN or SAN moves from the level's position) in SAN with check and
 * mate marks (`Qc8#`, LC-13 notation): what the solve panel shows. From the
 * first move that is not legal on (or when the position does not compile)
 * the moves stay as written. Never throws.
 */
export function lcLineSan(level: LockingChessLevel, line: readonly string[]): string[] {
  const compiled = compileLockingChess(level);
  if (!compiled.ok) return [...line];
  const pos = compiled.value;
  const out: string[] = [];
  for (const text of line) {
    const m = lcParseMove(pos, text);
    if (m === undefined) break;
    out.push(lcMoveToSan(pos, m));
    pos.make(m);
  }
  return [...out, ...line.slice(out.length)];
}
