/**
 * Precomputed movement tables for one Chess Maze board (size + holes).
 *
 * Movement (CM-3) is expressed as *rays* from a square: a ray is a sequence
 * of target squares walked in order until something stops it. Holes and the
 * board edge are baked in (CM-4): a slider's ray ends before the first hole
 * or the edge, and a stepper's (king, knight, pawn) one-square ray is
 * omitted when its target is a hole or off the board. Knights jump, so each
 * knight target is its own one-square ray (nothing between matters, CM-4).
 *
 * What depends on the play state (pieces, closed locks, CM-4/CM-7) is
 * applied by the move generator `genTargets` below, which both the position
 * API (`cmLegalMoves`) and the solver (`cmSearchProblem`) use.
 *
 * Movement kinds (`kind`, 0..8): 0 king, 1 queen, 2 rook, 3 bishop,
 * 4 knight, 5..8 pawn facing north, east, south, west.
 */
import type { Facing, Role } from '../../model/level.js';

export const KIND_KING = 0;
export const KIND_QUEEN = 1;
export const KIND_ROOK = 2;
export const KIND_BISHOP = 3;
export const KIND_KNIGHT = 4;
/** Pawn kind = KIND_PAWN + facing index (north 0, east 1, south 2, west 3). */
export const KIND_PAWN = 5;
export const KIND_COUNT = 9;

/** Table classes: kinds 0..4 as above, then pawn forward rays (5..8), then pawn diagonal-forward rays (9..12). */
const CLS_PAWN_FWD = 5;
const CLS_PAWN_CAP = 9;
const CLASS_COUNT = 13;

export const FACING_INDEX: Readonly<Record<Facing, number>> = { north: 0, east: 1, south: 2, west: 3 };
export const FACING_BY_INDEX: readonly Facing[] = ['north', 'east', 'south', 'west'];
/** Facing index → [dFile, dRank]; north = towards higher ranks (RULINGS "Common"). */
const FACING_DELTA: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

/** The 8 directions, orthogonal at even indices: N, NE, E, SE, S, SW, W, NW. */
const DIRS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
];
const KNIGHT_JUMPS: readonly (readonly [number, number])[] = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];

/** Non-pawn role of each kind 0..4. */
export const KIND_ROLE: readonly Role[] = ['king', 'queen', 'rook', 'bishop', 'knight'];
/** LAN letter per role (RULINGS "Common"). */
export const ROLE_LETTER: Readonly<Record<Role, string>> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };

/** Movement kind of a role (pawns by facing, default north: CM-3). */
export function kindOf(role: Role, facing: Facing = 'north'): number {
  switch (role) {
    case 'king':
      return KIND_KING;
    case 'queen':
      return KIND_QUEEN;
    case 'rook':
      return KIND_ROOK;
    case 'bishop':
      return KIND_BISHOP;
    case 'knight':
      return KIND_KNIGHT;
    case 'pawn':
      return KIND_PAWN + FACING_INDEX[facing];
  }
}

export interface CmTables {
  readonly width: number;
  readonly height: number;
  /** width * height. */
  readonly size: number;
  /** Rays of class c from square s: `groupStart[c*size+s] .. groupStart[c*size+s+1]` index rayStart/rayEnd. */
  readonly groupStart: Int32Array;
  /** Ray r covers `raySquares[rayStart[r] .. rayEnd[r])`, nearest square first. */
  readonly rayStart: Int32Array;
  readonly rayEnd: Int32Array;
  readonly raySquares: Int32Array;
}

/**
 * Builds the tables for a `width` x `height` board (1..26 each, CM-1) whose
 * hole squares are non-zero in `holes` (length width*height). Pawn forward
 * rays hold up to two squares (the single and the double step, CM-3);
 * pawn capture rays are the two diagonal-forward squares, one ray each.
 */
export function buildCmTables(width: number, height: number, holes: Uint8Array): CmTables {
  const size = width * height;
  const groupStart = new Int32Array(CLASS_COUNT * size + 1);
  const rayStart: number[] = [];
  const rayEnd: number[] = [];
  const squares: number[] = [];
  const free = (f: number, r: number): boolean => f >= 0 && r >= 0 && f < width && r < height && holes[r * width + f] === 0;

  const slide = (f: number, r: number, d: readonly [number, number], max: number): void => {
    const start = squares.length;
    let x = f + d[0];
    let y = r + d[1];
    for (let k = 0; k < max && free(x, y); k++) {
      squares.push(y * width + x);
      x += d[0];
      y += d[1];
    }
    if (squares.length > start) {
      rayStart.push(start);
      rayEnd.push(squares.length);
    }
  };

  for (let c = 0; c < CLASS_COUNT; c++) {
    for (let s = 0; s < size; s++) {
      groupStart[c * size + s] = rayStart.length;
      const f = s % width;
      const r = Math.floor(s / width);
      if (c === KIND_KING) {
        for (const d of DIRS) slide(f, r, d, 1);
      } else if (c === KIND_QUEEN) {
        for (const d of DIRS) slide(f, r, d, Infinity);
      } else if (c === KIND_ROOK) {
        for (let i = 0; i < 8; i += 2) slide(f, r, DIRS[i]!, Infinity);
      } else if (c === KIND_BISHOP) {
        for (let i = 1; i < 8; i += 2) slide(f, r, DIRS[i]!, Infinity);
      } else if (c === KIND_KNIGHT) {
        for (const d of KNIGHT_JUMPS) slide(f, r, d, 1);
      } else if (c < CLS_PAWN_CAP) {
        slide(f, r, FACING_DELTA[c - CLS_PAWN_FWD]!, 2);
      } else {
        const fwd = FACING_DELTA[c - CLS_PAWN_CAP]!;
        // Diagonally forward: forward plus either side of the facing.
        slide(f, r, [fwd[0] + fwd[1], fwd[1] + fwd[0]], 1);
        slide(f, r, [fwd[0] - fwd[1], fwd[1] - fwd[0]], 1);
      }
    }
  }
  groupStart[CLASS_COUNT * size] = rayStart.length;
  return {
    width,
    height,
    size,
    groupStart,
    rayStart: Int32Array.from(rayStart),
    rayEnd: Int32Array.from(rayEnd),
    raySquares: Int32Array.from(squares),
  };
}

/**
 * Writes the legal landing squares of one player piece into `out` and
 * returns how many (CM-3, CM-4, CM-7). Inputs:
 * - `lock[sq]`: lock colour index 0..3 at each square, or -1;
 * - `occ[sq]`: 0 empty, > 0 a player piece, < 0 an enemy piece (alive);
 * - `kind`: movement kind of the piece, `from` its square;
 * - `unmoved`: pawns only, true while it stands on its level start square
 *   (CM-3 double step);
 * - `open`: bit c set when lock colour c is open FOR THIS PIECE (CM-7: key
 *   held, or a piece other than this one on a c plate).
 * A piece on a lock closed for it has no moves (CM-7). Closed locks and
 * holes stop rays and cannot be landed on; a friendly piece stops a ray
 * before it; an enemy may be landed on (capture) but not passed (CM-4).
 * Pawns: forward only onto empty squares, two squares only when `unmoved`
 * and the first is itself a legal single step, diagonally forward only
 * onto a capturable enemy (CM-3). `out` needs room for 2*(width+height)+8
 * entries at most (a queen's reach). Order: ray by ray, nearest first.
 */
export function genTargets(t: CmTables, lock: Int8Array, occ: Int32Array, kind: number, from: number, unmoved: boolean, open: number, out: Int32Array): number {
  const fl = lock[from]!;
  if (fl >= 0 && ((open >> fl) & 1) === 0) return 0; // stuck (CM-7)
  const { groupStart, rayStart, rayEnd, raySquares, size } = t;
  let n = 0;
  if (kind < KIND_PAWN) {
    const g = kind * size + from;
    for (let r = groupStart[g]!, rEnd = groupStart[g + 1]!; r < rEnd; r++) {
      for (let j = rayStart[r]!, jEnd = rayEnd[r]!; j < jEnd; j++) {
        const to = raySquares[j]!;
        const lc = lock[to]!;
        if (lc >= 0 && ((open >> lc) & 1) === 0) break;
        const o = occ[to]!;
        if (o > 0) break;
        out[n++] = to;
        if (o < 0) break;
      }
    }
    return n;
  }
  const f = kind - KIND_PAWN;
  // Forward: one ray of up to two squares, empty squares only.
  let g = (CLS_PAWN_FWD + f) * size + from;
  for (let r = groupStart[g]!, rEnd = groupStart[g + 1]!; r < rEnd; r++) {
    const jEnd = unmoved ? rayEnd[r]! : Math.min(rayEnd[r]!, rayStart[r]! + 1);
    for (let j = rayStart[r]!; j < jEnd; j++) {
      const to = raySquares[j]!;
      const lc = lock[to]!;
      if (lc >= 0 && ((open >> lc) & 1) === 0) break;
      if (occ[to] !== 0) break;
      out[n++] = to;
    }
  }
  // Diagonally forward: captures only.
  g = (CLS_PAWN_CAP + f) * size + from;
  for (let r = groupStart[g]!, rEnd = groupStart[g + 1]!; r < rEnd; r++) {
    const to = raySquares[rayStart[r]!]!;
    const lc = lock[to]!;
    if (lc >= 0 && ((open >> lc) & 1) === 0) continue;
    if (occ[to]! < 0) out[n++] = to;
  }
  return n;
}

/** Room `genTargets` may need for one piece on this board. */
export function targetCapacity(t: CmTables): number {
  return 2 * (t.width + t.height) + 8;
}
