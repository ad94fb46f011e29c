/**
 * Builder validation of an Unlock the King blueprint (UK-1, UK-2, UK-4,
 * UK-5, UK-6) and the par check (UK-7).
 */
import { FACINGS, ROLES, type Role, type UnlockTheKingLevel } from '../../model/level.js';
import { parseSquare, squareIndex } from '../../model/square.js';
import { issue, type Issue } from '../../validation/issue.js';
import type { SolveResult } from '../../solver/types.js';
import type { ProofFacts } from '../../ruleset.js';
import { checkParAgainst, type ParWords } from '../par-check.js';

/** UK-1 board size bounds (each dimension). */
export const UK_MIN_SIZE = 3;
export const UK_MAX_SIZE = 16;

/**
 * UK-1: the physical Citadel set. More than this per role (any colour) or
 * more walls is a warning, not an error.
 */
export const UK_PHYSICAL_SET: Readonly<Record<Role | 'wall', number>> = {
  king: 1,
  rook: 4,
  knight: 4,
  bishop: 4,
  queen: 2,
  pawn: 8,
  wall: 16,
};

function isValidSize(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= UK_MIN_SIZE && n <= UK_MAX_SIZE;
}

/** Name for messages/`squares`: only well-formed square names are echoed in `squares`. */
function wellFormed(name: unknown): name is string {
  return typeof name === 'string' && parseSquare(name) !== undefined;
}

/**
 * Builder validation of an Unlock the King level. Never throws; tolerates
 * malformed input (missing arrays, bad square names) by reporting it.
 *
 * Errors (severity `error`):
 * - `uk-board-size` (UK-1) width or height not an integer in 3..16.
 * - `uk-king-count` (UK-2) not exactly one king; `squares` = every king's square.
 * - `uk-piece-role` (UK-1) a role that is not king/queen/rook/bishop/knight/pawn.
 * - `uk-piece-off-board` / `uk-wall-off-board` (UK-1), `uk-portal-off-board` (UK-6)
 *   a square that is malformed or outside the board.
 * - `uk-piece-overlap` (UK-5) two or more pieces on one square.
 * - `uk-piece-on-wall` (UK-1) a piece on a barrier wall.
 * - `uk-wall-duplicate` (UK-1) a wall square listed twice.
 * - `uk-portal-missing`, `uk-portal-on-wall`, `uk-portal-on-king` (UK-6).
 * - `uk-pawn-option` (UK-4) `facing` or `lateral` on a piece that is not a pawn.
 * - `uk-pawn-facing` (UK-4) a pawn facing other than north/east/south/west,
 *   or `lateral` that is not a boolean.
 *
 * Warnings:
 * - `uk-set-exceeded` (UK-1) more walls, rooks, knights, bishops, queens or
 *   pawns than one physical set holds (16, 4, 4, 4, 2, 8). Kings are not
 *   warned here: more than one king is already a `uk-king-count` error.
 *   `squares` lists every square of that role (or every wall), each once.
 *
 * The generic entry (`validateRules`) lists at most 100 issues of one code.
 */
export function validateUnlockTheKing(level: UnlockTheKingLevel): Issue[] {
  const out: Issue[] = [];
  const board = (level as { board?: { width?: unknown; height?: unknown } }).board;
  const ctx = checkBoardSize(out, board);
  const pieces: unknown[] = Array.isArray(level.pieces) ? level.pieces : [];
  const walls: unknown[] = Array.isArray(level.walls) ? level.walls : [];
  const wallAt = checkWalls(ctx, walls);
  const { kings, byRole } = checkPieces(ctx, pieces, wallAt);
  checkPortal(ctx, (level as { portal?: unknown }).portal, wallAt, kings);
  checkPhysicalSet(out, walls, byRole);
  return out;
}

/** What the checks of `validateUnlockTheKing` share: the issue list they append to and the board's geometry. */
interface UkCheck {
  out: Issue[];
  /** The board size is valid (square names are only resolved then). */
  boardOk: boolean;
  w: number;
  h: number;
  /** Board index of a square name, or -1 (malformed / off board / board invalid). */
  indexOf: (name: unknown) => number;
}

/** UK-1: the board's width and height (`uk-board-size`); answers the geometry the other checks use. */
function checkBoardSize(out: Issue[], board: { width?: unknown; height?: unknown } | undefined): UkCheck {
  const width = board?.width;
  const height = board?.height;
  const boardOk = isValidSize(width) && isValidSize(height);
  if (!boardOk) {
    out.push(
      issue(
        'error',
        'uk-board-size',
        `The board must be ${UK_MIN_SIZE}..${UK_MAX_SIZE} squares in each direction (got ${String(width)} x ${String(height)}).`,
        { ruling: 'UK-1', pointer: '/board' },
      ),
    );
  }
  const w = boardOk ? width : 0;
  const h = boardOk ? height : 0;

  /** Board index of a square name, or -1 (malformed / off board / board invalid). */
  const indexOf = (name: unknown): number => (boardOk && typeof name === 'string' ? squareIndex(name, w, h) : -1);
  return { out, boardOk, w, h, indexOf };
}

/** UK-1: the walls (on the board, listed once); answers board index -> first wall list index. */
function checkWalls(ctx: UkCheck, walls: unknown[]): Map<number, number> {
  const { out, boardOk, w, h, indexOf } = ctx;
  const wallAt = new Map<number, number>(); // board index -> first wall list index
  walls.forEach((name, i) => {
    const idx = indexOf(name);
    if (idx < 0) {
      if (boardOk) {
        out.push(
          issue('error', 'uk-wall-off-board', `Wall ${String(name)} is not a square of the ${w}x${h} board.`, {
            ruling: 'UK-1',
            pointer: `/walls/${i}`,
            ...(wellFormed(name) ? { squares: [name] } : {}),
          }),
        );
      }
      return;
    }
    if (wallAt.has(idx)) {
      out.push(
        issue('error', 'uk-wall-duplicate', `Wall ${String(name)} is listed more than once.`, {
          ruling: 'UK-1',
          pointer: `/walls/${i}`,
          squares: [name as string],
        }),
      );
      return;
    }
    wallAt.set(idx, i);
  });
  return wallAt;
}

/** UK-1/UK-2/UK-4/UK-5: each piece's role, square and fields, overlaps and one king; answers the kings' squares (as written) and the squares of each role. */
function checkPieces(ctx: UkCheck, pieces: unknown[], wallAt: ReadonlyMap<number, number>): { kings: string[]; byRole: Map<Role, string[]> } {
  const { out, boardOk, w, h, indexOf } = ctx;
  const kings: string[] = [];
  const kingIdx: number[] = [];
  const byRole = new Map<Role, string[]>();
  const occupants = new Map<number, number[]>(); // board index -> piece indices
  pieces.forEach((raw, i) => {
    const p = (raw ?? {}) as { role?: unknown; square?: unknown; facing?: unknown; lateral?: unknown };
    const sq = p.square;
    const role = p.role;
    if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
      out.push(
        issue('error', 'uk-piece-role', `Piece ${i + 1} has role ${String(role)}, which Unlock the King does not use.`, {
          ruling: 'UK-1',
          pointer: `/pieces/${i}/role`,
          ...(wellFormed(sq) ? { squares: [sq] } : {}),
        }),
      );
    } else {
      const r = role as Role;
      if (r === 'king') {
        if (typeof sq === 'string') kings.push(sq);
        kingIdx.push(i);
      }
      const list = byRole.get(r) ?? [];
      if (typeof sq === 'string') list.push(sq);
      byRole.set(r, list);
      if (r !== 'pawn') {
        if (p.facing !== undefined || p.lateral !== undefined) {
          out.push(
            issue('error', 'uk-pawn-option', `The ${r} on ${String(sq)} has ${p.facing !== undefined ? 'a facing' : 'lateral'}, which only pawns have.`, {
              ruling: 'UK-4',
              pointer: `/pieces/${i}`,
              ...(wellFormed(sq) ? { squares: [sq] } : {}),
            }),
          );
        }
      } else {
        const badFacing = p.facing !== undefined && !(FACINGS as readonly unknown[]).includes(p.facing);
        const badLateral = p.lateral !== undefined && typeof p.lateral !== 'boolean';
        if (badFacing || badLateral) {
          out.push(
            issue(
              'error',
              'uk-pawn-facing',
              badFacing
                ? `The pawn on ${String(sq)} faces ${String(p.facing)}; a pawn faces north, east, south or west.`
                : `The pawn on ${String(sq)} has a lateral value that is not true or false.`,
              { ruling: 'UK-4', pointer: `/pieces/${i}`, ...(wellFormed(sq) ? { squares: [sq] } : {}) },
            ),
          );
        }
      }
    }
    const idx = indexOf(sq);
    if (idx < 0) {
      if (boardOk) {
        out.push(
          issue('error', 'uk-piece-off-board', `Piece ${i + 1} is on ${String(sq)}, not a square of the ${w}x${h} board.`, {
            ruling: 'UK-1',
            pointer: `/pieces/${i}/square`,
            ...(wellFormed(sq) ? { squares: [sq] } : {}),
          }),
        );
      }
      return;
    }
    const occ = occupants.get(idx) ?? [];
    occ.push(i);
    occupants.set(idx, occ);
    if (wallAt.has(idx)) {
      out.push(
        issue('error', 'uk-piece-on-wall', `A piece stands on the wall at ${String(sq)}.`, {
          ruling: 'UK-1',
          pointer: `/pieces/${i}/square`,
          squares: [sq as string],
        }),
      );
    }
  });
  for (const [, list] of occupants) {
    if (list.length > 1) {
      const sq = (pieces[list[0]!] as { square: string }).square;
      out.push(
        issue('error', 'uk-piece-overlap', `${list.length} pieces stand on ${sq}; a square holds at most one piece.`, {
          ruling: 'UK-5',
          pointer: `/pieces/${list[1]!}/square`,
          squares: [sq],
        }),
      );
    }
  }
  if (kingIdx.length !== 1) {
    out.push(
      issue(
        'error',
        'uk-king-count',
        kingIdx.length === 0 ? 'The blueprint needs exactly one king; it has none.' : `The blueprint needs exactly one king; it has ${kingIdx.length}.`,
        { ruling: 'UK-2', pointer: '/pieces', squares: kings.filter(wellFormed) },
      ),
    );
  }
  return { kings, byRole };
}

/** UK-6: the Royal Escape Portal (present, on the board, not on a wall or the king). */
function checkPortal(ctx: UkCheck, portal: unknown, wallAt: ReadonlyMap<number, number>, kings: readonly string[]): void {
  const { out, boardOk, w, h, indexOf } = ctx;
  if (portal === undefined || portal === null || portal === '') {
    out.push(
      issue('error', 'uk-portal-missing', 'The blueprint needs a Royal Escape Portal square.', {
        ruling: 'UK-6',
        pointer: '/portal',
      }),
    );
  } else {
    const idx = indexOf(portal);
    if (idx < 0) {
      if (boardOk) {
        out.push(
          issue('error', 'uk-portal-off-board', `The portal ${String(portal)} is not a square of the ${w}x${h} board.`, {
            ruling: 'UK-6',
            pointer: '/portal',
            ...(wellFormed(portal) ? { squares: [portal] } : {}),
          }),
        );
      }
    } else {
      const ps = portal as string;
      if (wallAt.has(idx)) {
        out.push(issue('error', 'uk-portal-on-wall', `The portal ${ps} is on a wall.`, { ruling: 'UK-6', pointer: '/portal', squares: [ps] }));
      }
      const onKing = kings.some((k) => indexOf(k) === idx);
      if (onKing) {
        out.push(
          issue('error', 'uk-portal-on-king', `The portal ${ps} is the king's start square.`, {
            ruling: 'UK-6',
            pointer: '/portal',
            squares: [ps],
          }),
        );
      }
    }
  }
}

/** UK-1 (warnings): more pieces of a role, or walls, than one physical set holds. */
function checkPhysicalSet(out: Issue[], walls: unknown[], byRole: ReadonlyMap<Role, string[]>): void {
  const setRoles: (Role | 'wall')[] = ['rook', 'knight', 'bishop', 'queen', 'pawn', 'wall'];
  for (const r of setRoles) {
    const squares = r === 'wall' ? walls.filter((x): x is string => typeof x === 'string') : (byRole.get(r) ?? []);
    const n = r === 'wall' ? walls.length : squares.length;
    const limit = UK_PHYSICAL_SET[r];
    if (n > limit) {
      const noun = r === 'wall' ? 'walls' : `${r}s`;
      out.push(
        issue('warning', 'uk-set-exceeded', `${n} ${noun}: not buildable with one physical set (it has ${limit}).`, {
          ruling: 'UK-1',
          squares: [...new Set(squares.filter(wellFormed))],
        }),
      );
    }
  }
}

/** Solve outcome statuses `checkPar` understands (a SolveResult status or `invalid`). */
export type ParCheckStatus = SolveResult['status'] | 'invalid';

/** The UK-7 words of the par check (rulesets/par-check.ts): codes `uk-par-*`, ruling UK-7. */
const UK_PAR: ParWords = { prefix: 'uk', ruling: 'UK-7' };

/**
 * UK-7 par check against what a proof established (`RulesetDef.checkPar`,
 * rulesets/par-check.ts): `uk-par-below-optimal` error, `uk-par-above-optimal`
 * warning, `uk-par-unchecked` warning (a solver limit or Cancel, or no proof
 * at hand), `uk-par-invalid` error.
 */
export function ukCheckPar(par: number | undefined, proof: ProofFacts): Issue[] {
  return checkParAgainst(par, proof, UK_PAR);
}

/**
 * UK-7 par check. `par` is the blueprint's stored official par (undefined =
 * default par = optimal, nothing to check); `optimum` the solver's proven
 * optimal move count when `status` is `solved`.
 *
 * - `uk-par-below-optimal` error: par < optimum (the par is unreachable).
 * - `uk-par-above-optimal` warning: par > optimum.
 * - `uk-par-unchecked` warning: the solve stopped at a limit or was
 *   cancelled, so the par cannot be checked.
 * - `uk-par-invalid` error: par is not a non-negative integer.
 * Nothing for `unsolvable` / `invalid` (reported elsewhere) or par = optimum.
 */
export function checkPar(par: number | undefined, optimum: number | undefined, status: ParCheckStatus): Issue[] {
  const proof: ProofFacts | null =
    status === 'solved' && optimum !== undefined ? { status: 'solved', length: optimum } : status === 'limit' || status === 'cancelled' ? { status } : null;
  return checkParAgainst(par, proof, UK_PAR);
}
