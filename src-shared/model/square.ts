/**
 * Square names and indices (RULINGS "Common": files a..z left to right,
 * ranks 1..N bottom to top, a1 bottom-left, north = higher ranks).
 *
 * Index layout: `index = rank0 * width + file0` (a1 = 0, b1 = 1, ...).
 */
import type { SquareName } from './level.js';

const SQUARE_RE = /^([a-z])([1-9][0-9]?)$/;

/** Parsed square coordinates, 0-based: file 0 = `a`, rank 0 = `1`. */
export interface Coord {
  file: number;
  rank: number;
}

/** Parses `e4` → `{file: 4, rank: 3}`; returns `undefined` for a malformed name. Never throws. */
export function parseSquare(name: string): Coord | undefined {
  const m = SQUARE_RE.exec(name);
  if (!m) return undefined;
  const rank = Number(m[2]) - 1;
  if (rank < 0 || rank > 25) return undefined;
  return { file: m[1]!.charCodeAt(0) - 97, rank };
}

/** Formats 0-based coordinates as a square name (`{4,3}` → `e4`). Caller guarantees 0..25. */
export function squareName(file: number, rank: number): SquareName {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

/** True when `c` lies on a `width` x `height` board. */
export function onBoard(c: Coord, width: number, height: number): boolean {
  return c.file >= 0 && c.rank >= 0 && c.file < width && c.rank < height;
}

/** Square name → index `rank*width+file`, or -1 when malformed or off the board. */
export function squareIndex(name: string, width: number, height: number): number {
  const c = parseSquare(name);
  if (!c || !onBoard(c, width, height)) return -1;
  return c.rank * width + c.file;
}

/** Index → square name for a board of `width` files. */
export function indexToSquare(index: number, width: number): SquareName {
  return squareName(index % width, Math.floor(index / width));
}

/** From / to squares of a LAN move (`Nb1-c3`, `Rd1xd7`, `Pe2-e4`, `Qa1-a5=N`; RULINGS "Common"), or null when it does not parse. */
export function lanSquares(lan: string): { from: SquareName; to: SquareName } | null {
  const m = /^[KQRBNPS]?([a-z][1-9][0-9]?)[-x]([a-z][1-9][0-9]?)/.exec(lan);
  return m ? { from: m[1]!, to: m[2]! } : null;
}
