/**
 * Resize anchors: where a board's content stays when the board grows or
 * shrinks (Tiled's "offset", a paint program's canvas anchor). Nine
 * anchors, a 3 x 3 picker: the row (top / middle / bottom) and the column
 * (left / center / right). `bottom-left` keeps a1 where it is (the board
 * grows or loses its right and top edges); `top-right` keeps the top-right
 * corner (it grows or loses the left and bottom edges); `middle-center`
 * keeps the content centred (King's Valley's valley, KV-1). Pure TS.
 */
import { parseSquare, squareName } from '../../src-shared/model/square.js';

export const RESIZE_ANCHORS = [
  'top-left',
  'top-center',
  'top-right',
  'middle-left',
  'middle-center',
  'middle-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type ResizeAnchor = (typeof RESIZE_ANCHORS)[number];

/** How far the content moves: `dx` files right, `dy` ranks up (negative: left / down). */
export interface Shift {
  dx: number;
  dy: number;
}

/** No move: a1 stays (the `bottom-left` anchor). */
export const NO_SHIFT: Shift = { dx: 0, dy: 0 };

/** Words for an anchor ("top left", "centre"), for labels and notices. */
export function anchorWords(a: ResizeAnchor): string {
  if (a === 'middle-center') return 'centre';
  return a.replace('middle-', 'middle ').replace('-center', ' centre').replace('-', ' ');
}

/**
 * The shift of the content when a `from` board becomes `to` with `anchor`:
 * left / bottom edges keep their squares (0), right / top edges move by the
 * whole change, the centre by half of it, rounded toward zero (so a change
 * of one square keeps the left / bottom side, growing or shrinking alike).
 */
export function anchorShift(anchor: ResizeAnchor, from: { width: number; height: number }, to: { width: number; height: number }): Shift {
  const [row, col] = anchor.split('-') as [string, string];
  const dw = to.width - from.width;
  const dh = to.height - from.height;
  const dx = col === 'left' ? 0 : col === 'right' ? dw : Math.trunc(dw / 2);
  const dy = row === 'bottom' ? 0 : row === 'top' ? dh : Math.trunc(dh / 2);
  // No negative zero: a shift of 0 reads as 0 in notices and comparisons.
  return { dx: dx + 0, dy: dy + 0 };
}

/** `square` moved by `shift` on a `width` x `height` board; null when it falls off or does not parse. */
export function shiftSquare(square: string, shift: Shift, width: number, height: number): string | null {
  const c = parseSquare(square);
  if (!c) return null;
  const f = c.file + shift.dx;
  const r = c.rank + shift.dy;
  if (f < 0 || r < 0 || f >= width || r >= height) return null;
  return squareName(f, r);
}
