/**
 * Unlock the King hints (`unlockTheKing.hint`): the generic single-player
 * hint over replay frames (hint.ts), with
 * - a position key (`ukPlacementKey`): where each kind of piece stands
 *   (role, and for pawns facing and lateral flag: pieces that move alike,
 *   UK-4; colour is only looks), so two identical pieces that swapped
 *   squares are one position, as in the solver's canonical states;
 * - `learn`: the first search of a hint memo counts the optimal solutions
 *   (A* counting path) and hands the memo every state of the optimal-solution
 *   DAG with its exact distance (the optimum minus its depth) and one optimal
 *   next move, so every hint along ANY optimal line of that position is a
 *   memo hit.
 */
import type { UnlockTheKingLevel } from '../../model/level.js';
import { indexToSquare } from '../../model/square.js';
import type { SolveAnswer } from '../../ruleset.js';
import { solveAStar } from '../../solver/astar.js';
import type { SolveOptions } from '../../solver/types.js';
import { compileUnlockTheKing } from './position.js';
import { kingCanReachPortal, ukSearchProblem } from './search.js';

/** UK-6: a replay frame whose king stands on the portal is solved (such a frame is no valid blueprint to solve). */
export function ukFrameSolved(frame: UnlockTheKingLevel): boolean {
  return frame.pieces.some((p) => p.role === 'king' && p.square === frame.portal);
}

/** One piece's part of a placement key: what moves alike (UK-4) and where it stands. */
function pieceKey(role: string, facing: string | undefined, lateral: boolean | undefined, square: string): string {
  return role === 'pawn' ? `${role}:${facing ?? 'north'}:${lateral ? 1 : 0}@${square}` : `${role}@${square}`;
}

/** The placement key of a blueprint document (see the file comment). */
export function ukPlacementKey(frame: UnlockTheKingLevel): string {
  return frame.pieces
    .map((p) => pieceKey(p.role, p.facing, p.lateral, p.square))
    .sort()
    .join(' ');
}

/**
 * Solves `frame` as the app does (a frame that is won is solved in 0), and
 * when it is solved hands `note` every position of its optimal-solution DAG
 * (placement key, exact distance, one optimal next move; see the file
 * comment). Counting costs a full f = optimum contour; the hint memo asks
 * for it once, on its first search.
 */
export function ukLearn(
  frame: UnlockTheKingLevel,
  opts: SolveOptions,
  note: (key: string, distance: number, next: string | null) => void,
  solve: (frame: UnlockTheKingLevel, opts: SolveOptions) => SolveAnswer,
): SolveAnswer {
  if (ukFrameSolved(frame)) return { status: 'solved', length: 0, moves: [], states: 1, optimal: true };
  const c = compileUnlockTheKing(frame);
  if (!c.ok || !kingCanReachPortal(c.value)) return solve(frame, opts);
  const pos = c.value;
  const problem = ukSearchProblem(pos, { canonical: true });
  const { bits, slotPiece } = problem.layout;
  const mask = (1 << bits) - 1;
  const found: { key: string; depth: number; next: string | null }[] = [];
  const r = solveAStar(problem, {
    ...opts,
    countSolutions: 1,
    onOptimalState: (buf, off, depth, next) => {
      const parts = slotPiece.map((piece, s) => {
        const bit = s * bits;
        let v = buf[off + (bit >>> 5)]! >>> (bit & 31);
        if ((bit & 31) + bits > 32) v |= buf[off + (bit >>> 5) + 1]! << (32 - (bit & 31));
        const p = pos.pieces[piece]!;
        return pieceKey(p.role, p.role === 'pawn' ? p.facing : undefined, p.role === 'pawn' ? p.lateral : undefined, indexToSquare(v & mask, pos.width));
      });
      found.push({ key: parts.sort().join(' '), depth, next });
    },
  });
  if (r.status !== 'solved') return solve(frame, opts); // the app's answer, with its reasons
  for (const f of found) note(f.key, r.length - f.depth, f.next);
  return r;
}
