/**
 * Builder validation of a King's Valley level (KV-9, with KV-1, KV-3, KV-4
 * and KV-8 where they fix a field's meaning).
 */
import type { KingsValleyLevel } from '../../model/level.js';
import { parseSquare } from '../../model/square.js';
import { issue, type Issue } from '../../validation/issue.js';

/** KV-1/KV-9 board bounds (each dimension, odd). */
export const KV_MIN_SIZE = 5;
export const KV_MAX_SIZE = 9;

function isValidSize(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= KV_MIN_SIZE && n <= KV_MAX_SIZE && n % 2 === 1;
}

function wellFormed(name: unknown): name is string {
  return typeof name === 'string' && parseSquare(name) !== undefined;
}

/** The valley (KV-1): the centre square's index `rank*width+file` on an odd `width` x `height` board. */
export function kvValleyIndex(width: number, height: number): number {
  return ((height - 1) / 2) * width + (width - 1) / 2;
}

/**
 * Builder validation of a King's Valley level. Never throws; tolerates
 * malformed input (missing arrays, bad square names) by reporting it.
 *
 * Errors (severity `error`):
 * - `kv-board-size` (KV-1, KV-9) width or height not an odd integer in 5..9.
 * - `kv-piece-role` (KV-1) a role other than king/soldier.
 * - `kv-piece-side` (KV-9) a side other than white/black.
 * - `kv-king-count` (KV-9) a side without exactly one king; one issue per
 *   side, `squares` = that side's king squares.
 * - `kv-piece-off-board` / `kv-pillar-off-board` (KV-9) a square that is
 *   malformed or outside the board.
 * - `kv-piece-overlap` (KV-9) two or more pieces on one square.
 * - `kv-pillar-duplicate` (KV-9) a pillar square listed twice.
 * - `kv-piece-on-pillar` (KV-9) a piece on a pillar.
 * - `kv-pillar-on-valley` (KV-9) a pillar on the centre square.
 * - `kv-king-on-valley` (KV-5, KV-9) a king starts on the valley.
 * - `kv-soldier-on-valley` (KV-3, KV-9) a soldier starts on the valley
 *   while `options.soldiersMayStopOnValley` is not true.
 * - `kv-side-to-move` (KV-4) `sideToMove` is not white/black.
 * - `kv-goal-moves` (KV-8, KV-9) a goal whose `moves` is not a positive
 *   integer, or whose `type` is not `win-in`.
 *
 * Warnings:
 * - `kv-start-black-to-move` (KV-4) `startingSetup` with Black to move
 *   (White moves first in a game).
 *
 * A missing goal is not a builder error (starting setups are playable
 * positions without a goal); `solveLevel` answers `kv-goal-missing`.
 */
export function validateKingsValley(level: KingsValleyLevel): Issue[] {
  const out: Issue[] = [];
  const board = (level as { board?: { width?: unknown; height?: unknown } }).board;
  const ctx = checkBoardSize(out, board);
  const pillarAt = checkPillars(ctx, Array.isArray(level.pillars) ? level.pillars : []);
  checkPieces(ctx, level, pillarAt);
  checkSideAndGoal(out, level);
  return out;
}

/** What the checks of `validateKingsValley` share: the issue list they append to and the board's geometry. */
interface KvCheck {
  out: Issue[];
  /** The board size is valid (square names are only resolved then). */
  boardOk: boolean;
  w: number;
  h: number;
  /** The valley's square index, -1 when the board size is invalid. */
  valley: number;
  /** Index of a square name on the board, -1 when malformed, off the board or the size is invalid. */
  indexOf: (name: unknown) => number;
}

/** KV-9: the board's width and height (`kv-board-size`); answers the geometry the other checks use. */
function checkBoardSize(out: Issue[], board: { width?: unknown; height?: unknown } | undefined): KvCheck {
  const width = board?.width;
  const height = board?.height;
  const boardOk = isValidSize(width) && isValidSize(height);
  if (!boardOk) {
    out.push(
      issue(
        'error',
        'kv-board-size',
        `The board must be an odd number of squares from ${KV_MIN_SIZE} to ${KV_MAX_SIZE} in each direction (got ${String(width)} x ${String(height)}).`,
        { ruling: 'KV-9', pointer: '/board' },
      ),
    );
  }
  const w = boardOk ? width : 0;
  const h = boardOk ? height : 0;
  const valley = boardOk ? kvValleyIndex(w, h) : -1;

  const indexOf = (name: unknown): number => {
    if (!boardOk || typeof name !== 'string') return -1;
    const c = parseSquare(name);
    if (!c || c.file >= w || c.rank >= h) return -1;
    return c.rank * w + c.file;
  };
  return { out, boardOk, w, h, valley, indexOf };
}

/** KV-9: the pillars (off the board, listed twice, on the valley); answers the set of pillar square indices. */
function checkPillars(ctx: KvCheck, pillars: unknown[]): Set<number> {
  const { out, boardOk, w, h, valley, indexOf } = ctx;
  const pillarAt = new Set<number>();
  pillars.forEach((name, i) => {
    const idx = indexOf(name);
    if (idx < 0) {
      if (boardOk) {
        out.push(
          issue('error', 'kv-pillar-off-board', `Pillar ${String(name)} is not a square of the ${w}x${h} board.`, {
            ruling: 'KV-9',
            pointer: `/pillars/${i}`,
            ...(wellFormed(name) ? { squares: [name] } : {}),
          }),
        );
      }
      return;
    }
    const sq = name as string;
    if (pillarAt.has(idx)) {
      out.push(
        issue('error', 'kv-pillar-duplicate', `Pillar ${sq} is listed more than once.`, {
          ruling: 'KV-9',
          pointer: `/pillars/${i}`,
          squares: [sq],
        }),
      );
      return;
    }
    pillarAt.add(idx);
    if (idx === valley) {
      out.push(
        issue('error', 'kv-pillar-on-valley', `Pillar ${sq} stands on the valley (the centre square).`, {
          ruling: 'KV-9',
          pointer: `/pillars/${i}`,
          squares: [sq],
        }),
      );
    }
  });
  return pillarAt;
}

/** KV-1/KV-3/KV-9: each piece's role, side and square, overlaps and one king a side. */
function checkPieces(ctx: KvCheck, level: KingsValleyLevel, pillarAt: ReadonlySet<number>): void {
  const pieces: unknown[] = Array.isArray(level.pieces) ? level.pieces : [];
  const soldiersMayStop = level.options?.soldiersMayStopOnValley === true;
  const { out, boardOk, w, h, valley, indexOf } = ctx;
  const kings: Record<'white' | 'black', { squares: string[]; count: number }> = {
    white: { squares: [], count: 0 },
    black: { squares: [], count: 0 },
  };
  const occupants = new Map<number, number[]>();
  pieces.forEach((raw, i) => {
    const p = (raw ?? {}) as { role?: unknown; square?: unknown; side?: unknown };
    const sq = p.square;
    const squares = wellFormed(sq) ? { squares: [sq] } : {};
    const roleOk = p.role === 'king' || p.role === 'soldier';
    const sideOk = p.side === 'white' || p.side === 'black';
    if (!roleOk) {
      out.push(
        issue('error', 'kv-piece-role', `Piece ${i + 1} has role ${String(p.role)}; King's Valley uses kings and soldiers.`, {
          ruling: 'KV-1',
          pointer: `/pieces/${i}/role`,
          ...squares,
        }),
      );
    }
    if (!sideOk) {
      out.push(
        issue('error', 'kv-piece-side', `Piece ${i + 1} has side ${String(p.side)}; a piece is white or black.`, {
          ruling: 'KV-9',
          pointer: `/pieces/${i}/side`,
          ...squares,
        }),
      );
    }
    if (p.role === 'king' && sideOk) {
      const k = kings[p.side as 'white' | 'black'];
      k.count++;
      if (wellFormed(sq)) k.squares.push(sq);
    }
    const idx = indexOf(sq);
    if (idx < 0) {
      if (boardOk) {
        out.push(
          issue('error', 'kv-piece-off-board', `Piece ${i + 1} is on ${String(sq)}, not a square of the ${w}x${h} board.`, {
            ruling: 'KV-9',
            pointer: `/pieces/${i}/square`,
            ...squares,
          }),
        );
      }
      return;
    }
    const s = sq as string;
    const list = occupants.get(idx) ?? [];
    list.push(i);
    occupants.set(idx, list);
    if (pillarAt.has(idx)) {
      out.push(
        issue('error', 'kv-piece-on-pillar', `A piece stands on the pillar at ${s}.`, {
          ruling: 'KV-9',
          pointer: `/pieces/${i}/square`,
          squares: [s],
        }),
      );
    }
    if (idx === valley) {
      if (p.role === 'king') {
        out.push(
          issue('error', 'kv-king-on-valley', `A king starts on the valley ${s}; the game would already be over.`, {
            ruling: 'KV-9',
            pointer: `/pieces/${i}/square`,
            squares: [s],
          }),
        );
      } else if (p.role === 'soldier' && !soldiersMayStop) {
        out.push(
          issue('error', 'kv-soldier-on-valley', `A soldier starts on the valley ${s}; only a king may stand there unless soldiersMayStopOnValley is set.`, {
            ruling: 'KV-3',
            pointer: `/pieces/${i}/square`,
            squares: [s],
          }),
        );
      }
    }
  });
  for (const [, list] of occupants) {
    if (list.length > 1) {
      const sq = (pieces[list[0]!] as { square: string }).square;
      out.push(
        issue('error', 'kv-piece-overlap', `${list.length} pieces stand on ${sq}; a square holds at most one piece.`, {
          ruling: 'KV-9',
          pointer: `/pieces/${list[1]!}/square`,
          squares: [sq],
        }),
      );
    }
  }
  for (const side of ['white', 'black'] as const) {
    const k = kings[side];
    if (k.count !== 1) {
      out.push(
        issue(
          'error',
          'kv-king-count',
          k.count === 0
            ? `${side === 'white' ? 'White' : 'Black'} needs exactly one king; it has none.`
            : `${side === 'white' ? 'White' : 'Black'} needs exactly one king; it has ${k.count}.`,
          { ruling: 'KV-9', pointer: '/pieces', squares: k.squares },
        ),
      );
    }
  }
}

/** KV-4/KV-8: the side to move (with a starting setup) and the goal. */
function checkSideAndGoal(out: Issue[], level: KingsValleyLevel): void {
  const stm = (level as { sideToMove?: unknown }).sideToMove;
  if (stm !== 'white' && stm !== 'black') {
    out.push(
      issue('error', 'kv-side-to-move', `The side to move must be white or black (got ${String(stm)}).`, {
        ruling: 'KV-4',
        pointer: '/sideToMove',
      }),
    );
  } else if (level.startingSetup === true && stm === 'black') {
    out.push(
      issue('warning', 'kv-start-black-to-move', 'A starting setup with Black to move: in a game White moves first.', {
        ruling: 'KV-4',
        pointer: '/sideToMove',
      }),
    );
  }
  const goal = (level as { goal?: unknown }).goal;
  if (goal !== undefined) {
    const g = (goal ?? {}) as { type?: unknown; moves?: unknown };
    const moves = g.moves;
    if (g.type !== 'win-in' || typeof moves !== 'number' || !Number.isInteger(moves) || moves < 1) {
      out.push(
        issue(
          'error',
          'kv-goal-moves',
          g.type !== 'win-in'
            ? `The goal type must be win-in (got ${String(g.type)}).`
            : `The goal must be a win in a positive whole number of moves (got ${String(moves)}).`,
          { ruling: 'KV-8', pointer: '/goal' },
        ),
      );
    }
  }
}
