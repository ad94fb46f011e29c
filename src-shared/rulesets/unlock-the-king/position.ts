/**
 * Unlock the King position model: compiled from a validated blueprint,
 * immutable, with move generation (UK-4, UK-5), move application, the
 * solved test (UK-6) and LAN (RULINGS "Common").
 */
import type { Facing, Role, UnlockTheKingLevel } from '../../model/level.js';
import { indexToSquare, squareIndex } from '../../model/square.js';
import { hasErrors, type Issue, type Result } from '../../validation/issue.js';
import { buildTables, movementClass, type UkTables } from './tables.js';
import { validateUnlockTheKing } from './validate.js';

/** One piece of a compiled position. `square` is a board index (rank*width+file). */
export interface UkPieceState {
  readonly role: Role;
  readonly square: number;
  /** Pawns: UK-4 facing (default north). Other roles: 'north' (unused). */
  readonly facing: Facing;
  /** Pawns: UK-4 lateral (default false). Other roles: false. */
  readonly lateral: boolean;
}

/**
 * A compiled Unlock the King position. `pieces[i]` is `level.pieces[i]` of
 * the blueprint it was compiled from (same order, squares as indices).
 */
export interface UkPosition {
  readonly width: number;
  readonly height: number;
  /** 1 at each wall square, 0 elsewhere; length width*height. */
  readonly walls: Uint8Array;
  /** Board index of the Royal Escape Portal (UK-6). */
  readonly portal: number;
  /** Index into `pieces` of the one king (UK-2). */
  readonly king: number;
  readonly pieces: readonly UkPieceState[];
  /** Movement tables for this board (shared by positions derived by applyMove). */
  readonly tables: UkTables;
}

/** A move: piece index into `pos.pieces`, from and to board indices. */
export interface UkMove {
  piece: number;
  from: number;
  to: number;
}

const LETTER: Record<Role, string> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };

/**
 * Compiles a blueprint into a position. Runs `validateUnlockTheKing` first;
 * when it reports any error the result is `{ok:false, error: <the error issues>}`
 * (warnings do not prevent compiling). Never throws.
 */
export function compileUnlockTheKing(level: UnlockTheKingLevel): Result<UkPosition, Issue[]> {
  const issues = validateUnlockTheKing(level);
  if (hasErrors(issues)) return { ok: false, error: issues.filter((i) => i.severity === 'error') };
  const { width, height } = level.board;
  const walls = new Uint8Array(width * height);
  for (const name of level.walls ?? []) walls[squareIndex(name, width, height)] = 1;
  const pieces: UkPieceState[] = level.pieces.map((p) => ({
    role: p.role,
    square: squareIndex(p.square, width, height),
    facing: p.role === 'pawn' ? (p.facing ?? 'north') : 'north',
    lateral: p.role === 'pawn' ? (p.lateral ?? false) : false,
  }));
  const king = pieces.findIndex((p) => p.role === 'king');
  return {
    ok: true,
    value: {
      width,
      height,
      walls,
      portal: squareIndex(level.portal, width, height),
      king,
      pieces,
      tables: buildTables(width, height, walls),
    },
  };
}

/** Occupancy grid of a position: 1 where a piece stands. */
function occupancy(pos: UkPosition): Uint8Array {
  const occ = new Uint8Array(pos.width * pos.height);
  for (const p of pos.pieces) occ[p.square] = 1;
  return occ;
}

/**
 * Every legal move (UK-4 movement, UK-5 no captures: each move ends on an
 * empty non-wall square). Ordered by piece index, then by direction
 * (king/queen: N, NE, E, SE, S, SW, W, NW; rook: N, E, S, W; bishop: NE, SE,
 * SW, NW; knight: clockwise from +1 file +2 ranks; pawn: forward, then the
 * two sides), nearest square first along a slide. Does not look at the
 * portal: callers stop at `isSolved` (UK-6).
 */
export function legalMoves(pos: UkPosition): UkMove[] {
  const t = pos.tables;
  const occ = occupancy(pos);
  const moves: UkMove[] = [];
  pos.pieces.forEach((p, piece) => {
    const g = movementClass(p.role, p.facing, p.lateral) * t.size + p.square;
    for (let r = t.groupStart[g]!, rEnd = t.groupStart[g + 1]!; r < rEnd; r++) {
      for (let j = t.rayStart[r]!, jEnd = t.rayEnd[r]!; j < jEnd; j++) {
        const to = t.raySquares[j]!;
        if (occ[to] !== 0) break;
        moves.push({ piece, from: p.square, to });
      }
    }
  });
  return moves;
}

/**
 * The position after `move`. Does not check legality: pass moves from
 * `legalMoves` or `parseLan`. Returns a new position; `pos` is unchanged.
 * A move whose piece index does not exist returns `pos` itself.
 */
export function applyMove(pos: UkPosition, move: UkMove): UkPosition {
  const old = pos.pieces[move.piece];
  if (!old) return pos;
  const pieces = pos.pieces.slice();
  pieces[move.piece] = { ...old, square: move.to };
  return { ...pos, pieces };
}

/** UK-6: true when the king stands on the portal. */
export function isSolved(pos: UkPosition): boolean {
  return pos.pieces[pos.king]?.square === pos.portal;
}

/** LAN of a move (RULINGS "Common"): letter, from, `-`, to, e.g. `Rd1-d7`, `Pe2-e3`. Never `x` (UK-5). */
export function moveToLan(pos: UkPosition, move: UkMove): string {
  const role = pos.pieces[move.piece]?.role ?? 'king';
  return LETTER[role] + indexToSquare(move.from, pos.width) + '-' + indexToSquare(move.to, pos.width);
}

const LAN_RE = /^([KQRBNP])([a-z][1-9][0-9]?)-([a-z][1-9][0-9]?)$/;

/**
 * Parses LAN (`Nb1-c3`) into the matching legal move of `pos`, or
 * `undefined` when the text is malformed, names no piece of that letter on
 * the from square, or the move is not legal here. Captures (`x`) are never
 * legal in Unlock the King (UK-5).
 */
export function parseLan(pos: UkPosition, lan: string): UkMove | undefined {
  const m = LAN_RE.exec(lan.trim());
  if (!m) return undefined;
  const from = squareIndex(m[2]!, pos.width, pos.height);
  const to = squareIndex(m[3]!, pos.width, pos.height);
  if (from < 0 || to < 0) return undefined;
  const piece = pos.pieces.findIndex((p) => p.square === from);
  if (piece < 0 || LETTER[pos.pieces[piece]!.role] !== m[1]) return undefined;
  return legalMoves(pos).find((mv) => mv.piece === piece && mv.to === to);
}
