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
 * - `lc-pawn-count-high`: a side has more than the 8 pawns of a set (LC-1;
 *   squares: its pawns);
 * - `lc-material-impossible`: a side has more queens, rooks, knights or
 *   same-coloured bishops than its set plus promotions can give (each
 *   beyond 1 queen, 2 rooks, 2 knights, 1 bishop per square colour needs a
 *   promoted pawn, and only the pawns missing from its 8 can have
 *   promoted; LC-1, LC-10; squares: the pieces of the kinds in excess);
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
  out.push(...materialIssues(pos));
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

/** The pieces of each kind a set gives without a promotion (bishops counted per square colour). */
const SET_LIMIT: Record<string, number> = { queen: 1, rook: 2, knight: 2, 'light bishop': 1, 'dark bishop': 1 };

/**
 * The material warnings of a position (module doc: `lc-pawn-count-high`,
 * `lc-material-impossible`), both levels of every stack counted.
 */
export function materialIssues(pos: LcPosition): Issue[] {
  const out: Issue[] = [];
  for (let side = 0; side < 2; side++) {
    const name = side === 0 ? 'White' : 'Black';
    const pawns: string[] = [];
    const kinds = new Map<string, string[]>();
    for (let sq = 0; sq < 120; sq++) {
      if (sq & 0x88) continue;
      for (const p of [pos.bot[sq]!, pos.top[sq]!]) {
        if (p === 0 || p >> 3 !== side) continue;
        const role = ROLE_OF[p & 7]!;
        if (role === 'pawn') pawns.push(name88(sq));
        else if (role !== 'king') {
          const kind = role === 'bishop' ? (((sq & 7) + (sq >> 4)) % 2 === 1 ? 'light bishop' : 'dark bishop') : role;
          kinds.set(kind, [...(kinds.get(kind) ?? []), name88(sq)]);
        }
      }
    }
    if (pawns.length > 8) {
      out.push(
        issue('warning', 'lc-pawn-count-high', `${name} has ${pawns.length} pawns, more than the 8 of a set.`, {
          pointer: '/position',
          ruling: 'LC-1',
          squares: pawns,
        }),
      );
    }
    const excess = [...kinds].filter(([k, sqs]) => sqs.length > (SET_LIMIT[k] ?? 0));
    const promoted = excess.reduce((n, [k, sqs]) => n + sqs.length - (SET_LIMIT[k] ?? 0), 0);
    const missing = Math.max(0, 8 - pawns.length);
    if (promoted > missing) {
      const what = excess.map(([k, sqs]) => `${sqs.length} ${k}s`).join(', ');
      out.push(
        issue(
          'warning',
          'lc-material-impossible',
          `${name} has more pieces than promotion allows: ${what} need at least ${promoted} promoted pawn${promoted === 1 ? '' : 's'}, but only ${missing} of its 8 pawns ${missing === 1 ? 'is' : 'are'} missing.`,
          { pointer: '/position', ruling: 'LC-1', squares: excess.flatMap(([, sqs]) => sqs) },
        ),
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
