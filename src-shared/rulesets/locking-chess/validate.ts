/**
 * Builder rules of a Locking Chess level (LEVEL-FORMAT-v1 `locking-chess`:
 * `position` LFEN, optional `goal {type: 'mate-in', moves}`).
 *
 * Errors:
 * - `lc-board-size`: the board is 8 x 8 (LC-1);
 * - `lc-lfen-syntax` (LC-13, the message names the character position),
 *   then the playability errors of lfen.ts: `lc-king-count`,
 *   `lc-piece-count`, `lc-pawn-rank`, `lc-castling`, `lc-en-passant`,
 *   `lc-opponent-in-check` (all with pointer `/position` and squares);
 * - `lc-goal-moves`: the goal is `mate-in` with N a positive integer.
 * Warnings:
 * - `lc-piece-count-high`: a side has more than the 16 pieces of a set;
 * - `lc-game-over`: the side to move is already mated or has no move, or
 *   the position is a draw (LC-8, LC-9);
 * - `lc-pieces-mismatch`: the informational `pieces` list disagrees with
 *   the position.
 * A missing goal is not an error (a playable position); `solveLockingChess`
 * answers `lc-goal-missing`. Never throws.
 */
import type { LockingChessLevel, Role } from '../../model/level.js';
import { issue, type Issue, type Result } from '../../validation/issue.js';
import { name88 } from '../orthodox/board.js';
import { lcPositionIssues, parseLfenFields } from './lfen.js';
import { lcFromFields, type LcPosition } from './position.js';

const ROLE_OF: readonly Role[] = ['pawn', 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

/** The level's position, or its errors (board size, LFEN syntax, playability). */
export function compileLockingChess(level: LockingChessLevel): Result<LcPosition, Issue[]> {
  const errors: Issue[] = [];
  const b = (level as { board?: { width?: unknown; height?: unknown } }).board;
  if (b !== undefined && (b.width !== 8 || b.height !== 8)) {
    errors.push(issue('error', 'lc-board-size', 'Locking Chess is played on an 8 x 8 board.', { pointer: '/board', ruling: 'LC-1' }));
  }
  const f = parseLfenFields((level as { position?: unknown }).position as string, '/position');
  if (!f.ok) return { ok: false, error: [...errors, ...f.error] };
  errors.push(...lcPositionIssues(f.value, '/position'));
  if (errors.length > 0) return { ok: false, error: errors };
  return { ok: true, value: lcFromFields(f.value) };
}

function goalIssues(level: LockingChessLevel): Issue[] {
  const goal = (level as { goal?: unknown }).goal;
  if (goal === undefined) return [];
  const g = goal as { type?: unknown; moves?: unknown };
  if (typeof goal !== 'object' || goal === null || g.type !== 'mate-in' || typeof g.moves !== 'number' || !Number.isInteger(g.moves) || g.moves < 1) {
    return [issue('error', 'lc-goal-moves', 'The goal is "mate in N" with N a whole number of at least 1.', { pointer: '/goal', ruling: 'LC-8' })];
  }
  return [];
}

/** Builder errors and warnings (see the module doc). */
export function validateLockingChess(level: LockingChessLevel): Issue[] {
  const compiled = compileLockingChess(level);
  const out: Issue[] = compiled.ok ? [] : [...compiled.error];
  out.push(...goalIssues(level));
  if (!compiled.ok) return out;
  const pos = compiled.value;

  const count = [0, 0];
  const actual: string[] = [];
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) continue;
    for (const p of [pos.bot[sq]!, pos.top[sq]!]) {
      if (p === 0) continue;
      count[p >> 3]!++;
      actual.push(`${ROLE_OF[p & 7]}@${name88(sq)}`);
    }
  }
  for (let s = 0; s < 2; s++) {
    if (count[s]! > 16) {
      out.push(
        issue('warning', 'lc-piece-count-high', `${s === 0 ? 'White' : 'Black'} has ${count[s]} pieces, more than the 16 of a set.`, {
          pointer: '/position',
          ruling: 'LC-1',
        }),
      );
    }
  }

  const o = pos.outcome();
  if (o.status !== 'ongoing') {
    const what = o.status === 'mate' ? `${o.kind.replace('-', ' ')}: ${o.winner} has already won` : `a draw (${o.reason})`;
    out.push(
      issue('warning', 'lc-game-over', `The game is already over in this position: ${what}.`, {
        pointer: '/position',
        ruling: o.status === 'mate' ? 'LC-8' : 'LC-9',
        squares: [name88(pos.king[pos.side]!)],
      }),
    );
  }

  const listed = (level as { pieces?: unknown }).pieces;
  if (Array.isArray(listed)) {
    const given = listed.map((p: { role?: unknown; square?: unknown }) => `${String(p?.role)}@${String(p?.square)}`).sort();
    if (given.join() !== actual.slice().sort().join()) {
      out.push(
        issue('warning', 'lc-pieces-mismatch', 'The informational "pieces" list does not match the position; the position is what counts.', {
          pointer: '/pieces',
          ruling: 'LC-13',
        }),
      );
    }
  }
  return out;
}

/** The informational `pieces` list of a position (both levels, board-level piece first). */
export function lcPiecesOf(pos: LcPosition): { role: Role; square: string }[] {
  const out: { role: Role; square: string }[] = [];
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) continue;
    for (const p of [pos.bot[sq]!, pos.top[sq]!]) if (p !== 0) out.push({ role: ROLE_OF[p & 7]!, square: name88(sq) });
  }
  return out;
}
