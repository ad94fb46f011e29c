/**
 * Precomputed movement tables for one Unlock the King board (size + walls).
 *
 * Every piece's movement (UK-4) is expressed as a list of *rays* from its
 * square: a ray is a sequence of target squares walked in order until the
 * first square holding a piece (UK-5: no captures, so that square and every
 * square behind it are unreachable). Walls and the board edge are baked in:
 * a slider's ray stops before the first wall or the edge, and a stepper's
 * (king, knight, pawn) single-square ray is omitted when the target is a
 * wall or off the board. Knights jump, so each of their targets is its own
 * one-square ray and intervening pieces never matter.
 *
 * Both `legalMoves` (position API) and `ukSearchProblem` (solver hot path)
 * walk these same tables.
 */
import type { Facing, Role } from '../../model/level.js';

/** Movement classes: one per role, pawns split by facing x lateral. */
export const CLS_KING = 0;
export const CLS_QUEEN = 1;
export const CLS_ROOK = 2;
export const CLS_BISHOP = 3;
export const CLS_KNIGHT = 4;
/** Pawn class = CLS_PAWN + facingIndex * 2 + (lateral ? 1 : 0). */
export const CLS_PAWN = 5;
export const CLASS_COUNT = CLS_PAWN + 8;

/** Facing → [dFile, dRank]. North = towards higher ranks (RULINGS "Common"). */
const FACING_DELTA: Record<Facing, readonly [number, number]> = {
  north: [0, 1],
  east: [1, 0],
  south: [0, -1],
  west: [-1, 0],
};
const FACING_INDEX: Record<Facing, number> = { north: 0, east: 1, south: 2, west: 3 };

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

export interface UkTables {
  readonly width: number;
  readonly height: number;
  /** width * height. */
  readonly size: number;
  /** Rays of class c from square s: indices `groupStart[c*size+s] .. groupStart[c*size+s+1]` into rayStart/rayEnd. */
  readonly groupStart: Int32Array;
  /** Ray r covers `raySquares[rayStart[r] .. rayEnd[r])`, nearest square first. */
  readonly rayStart: Int32Array;
  readonly rayEnd: Int32Array;
  readonly raySquares: Int32Array;
}

/** Movement class of a piece (UK-4). Pawn facing defaults to north, lateral to false. */
export function movementClass(role: Role, facing: Facing = 'north', lateral = false): number {
  switch (role) {
    case 'king':
      return CLS_KING;
    case 'queen':
      return CLS_QUEEN;
    case 'rook':
      return CLS_ROOK;
    case 'bishop':
      return CLS_BISHOP;
    case 'knight':
      return CLS_KNIGHT;
    case 'pawn':
      return CLS_PAWN + FACING_INDEX[facing] * 2 + (lateral ? 1 : 0);
  }
}

/**
 * Builds the tables for a `width` x `height` board (each 1..16) whose wall
 * squares are marked non-zero in `walls` (length width*height).
 */
export function buildTables(width: number, height: number, walls: Uint8Array): UkTables {
  const size = width * height;
  const groupStart = new Int32Array(CLASS_COUNT * size + 1);
  const rayStart: number[] = [];
  const rayEnd: number[] = [];
  const squares: number[] = [];

  const free = (f: number, r: number): boolean => f >= 0 && r >= 0 && f < width && r < height && walls[r * width + f] === 0;

  const slide = (f: number, r: number, d: readonly [number, number]): void => {
    const start = squares.length;
    let x = f + d[0];
    let y = r + d[1];
    while (free(x, y)) {
      squares.push(y * width + x);
      x += d[0];
      y += d[1];
    }
    if (squares.length > start) {
      rayStart.push(start);
      rayEnd.push(squares.length);
    }
  };
  const step = (f: number, r: number, d: readonly [number, number]): void => {
    const x = f + d[0];
    const y = r + d[1];
    if (free(x, y)) {
      rayStart.push(squares.length);
      squares.push(y * width + x);
      rayEnd.push(squares.length);
    }
  };

  const facings: Facing[] = ['north', 'east', 'south', 'west'];
  for (let c = 0; c < CLASS_COUNT; c++) {
    for (let s = 0; s < size; s++) {
      groupStart[c * size + s] = rayStart.length;
      const f = s % width;
      const r = Math.floor(s / width);
      if (c === CLS_KING) {
        for (const d of DIRS) step(f, r, d);
      } else if (c === CLS_QUEEN) {
        for (const d of DIRS) slide(f, r, d);
      } else if (c === CLS_ROOK) {
        for (let i = 0; i < 8; i += 2) slide(f, r, DIRS[i]!);
      } else if (c === CLS_BISHOP) {
        for (let i = 1; i < 8; i += 2) slide(f, r, DIRS[i]!);
      } else if (c === CLS_KNIGHT) {
        for (const d of KNIGHT_JUMPS) step(f, r, d);
      } else {
        const k = c - CLS_PAWN;
        const facing = facings[k >> 1]!;
        const lateral = (k & 1) === 1;
        const fwd = FACING_DELTA[facing];
        step(f, r, fwd);
        if (lateral) {
          // The two sides of the facing: east/west for north/south, north/south for east/west.
          step(f, r, [fwd[1], fwd[0]]);
          step(f, r, [-fwd[1], -fwd[0]]);
        }
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
