/**
 * Zoom and pan of the board: pure functions from a view
 * to a `BoardLayout` (geometry.ts), so pointer -> square mapping
 * (`squareAtPoint`) stays exact at every zoom and pan. The view is view
 * state: not history, not saved.
 *
 * - `View = null` means "fit to window" (the layout of `computeLayout`,
 *   centred with room for the coordinates).
 * - Otherwise a view fixes the square size `cell` (integer px) and the
 *   top-left of square a<height> (`originX`, `originY`, px in the board
 *   container). It remembers the board size it was made for: a board of
 *   another size falls back to fit.
 * - 100 % zoom = `BASE_CELL` px squares.
 */
import { computeLayout, type BoardLayout } from './geometry.js';

export interface View {
  cell: number;
  originX: number;
  originY: number;
  /** Board size the view was made for. */
  boardWidth: number;
  boardHeight: number;
}

/** Square size at 100 % zoom, px. */
export const BASE_CELL = 64;
/** Smallest and largest square size, px. */
export const MIN_CELL = 6;
export const MAX_CELL = 320;
/** Zoom step of the zoom in / out commands. */
export const ZOOM_STEP = 1.25;
/** Pixels of the board that always stay inside the container when panning. */
const KEEP_VISIBLE = 48;

/** The layout of a view in a container (`null` view or another board size: fit). */
export function viewLayout(view: View | null, stageWidth: number, stageHeight: number, width: number, height: number): BoardLayout {
  if (!view || view.boardWidth !== width || view.boardHeight !== height) return computeLayout(stageWidth, stageHeight, width, height);
  return { width, height, cell: view.cell, originX: view.originX, originY: view.originY, stageWidth, stageHeight };
}

/** A view that shows `layout` exactly as it is (to start zooming from the fitted layout). */
export function viewOf(layout: BoardLayout): View {
  return { cell: layout.cell, originX: layout.originX, originY: layout.originY, boardWidth: layout.width, boardHeight: layout.height };
}

/** Keeps at least KEEP_VISIBLE px (or the whole board when smaller) of the board inside the container. */
export function clampView(v: View, stageWidth: number, stageHeight: number): View {
  const bw = v.cell * v.boardWidth;
  const bh = v.cell * v.boardHeight;
  const kx = Math.min(KEEP_VISIBLE, bw);
  const ky = Math.min(KEEP_VISIBLE, bh);
  const originX = Math.min(stageWidth - kx, Math.max(kx - bw, v.originX));
  const originY = Math.min(stageHeight - ky, Math.max(ky - bh, v.originY));
  return { ...v, originX: Math.round(originX), originY: Math.round(originY) };
}

/**
 * Zooms by `factor` keeping the board point under (px, py) fixed (wheel at
 * the pointer; the container centre for the zoom commands). The new square
 * size is rounded to whole px, clamped to MIN_CELL..MAX_CELL, and moves by
 * at least 1 px when `factor` != 1.
 */
export function zoomAt(layout: BoardLayout, factor: number, px: number, py: number): View {
  const c = layout.cell;
  let n = Math.round(c * factor);
  if (n === c && factor > 1) n = c + 1;
  if (n === c && factor < 1) n = c - 1;
  n = Math.max(MIN_CELL, Math.min(MAX_CELL, n));
  const k = n / c;
  const v: View = {
    cell: n,
    originX: px - (px - layout.originX) * k,
    originY: py - (py - layout.originY) * k,
    boardWidth: layout.width,
    boardHeight: layout.height,
  };
  return clampView(v, layout.stageWidth, layout.stageHeight);
}

/** Zoom to an absolute square size (100 % = BASE_CELL), about the container centre. */
export function zoomTo(layout: BoardLayout, cell: number): View {
  return zoomAt(layout, cell / layout.cell, layout.stageWidth / 2, layout.stageHeight / 2);
}

/** Pans by (dx, dy) px. */
export function panBy(layout: BoardLayout, dx: number, dy: number): View {
  return clampView({ ...viewOf(layout), originX: layout.originX + dx, originY: layout.originY + dy }, layout.stageWidth, layout.stageHeight);
}

/** Pans so board point (file units `fx`, rank-row units `fy` from the top-left corner) is at the container centre (minimap). */
export function centreOn(layout: BoardLayout, fx: number, fy: number): View {
  const v: View = { ...viewOf(layout), originX: layout.stageWidth / 2 - fx * layout.cell, originY: layout.stageHeight / 2 - fy * layout.cell };
  return clampView(v, layout.stageWidth, layout.stageHeight);
}

/**
 * Pans the least needed so square (file, rank) is fully inside the
 * container (keyboard cursor); null when it already is.
 */
export function revealSquare(layout: BoardLayout, file: number, rank: number, margin = 8): View | null {
  const x = layout.originX + file * layout.cell;
  const y = layout.originY + (layout.height - 1 - rank) * layout.cell;
  let dx = 0;
  let dy = 0;
  if (x < margin) dx = margin - x;
  else if (x + layout.cell > layout.stageWidth - margin) dx = layout.stageWidth - margin - (x + layout.cell);
  if (y < margin) dy = margin - y;
  else if (y + layout.cell > layout.stageHeight - margin) dy = layout.stageHeight - margin - (y + layout.cell);
  if (dx === 0 && dy === 0) return null;
  return panBy(layout, dx, dy);
}

/** Zoom in percent (100 = BASE_CELL px squares), rounded. */
export function zoomPercent(layout: BoardLayout): number {
  return Math.round((layout.cell / BASE_CELL) * 100);
}

/**
 * The visible part of the board in square units from its top-left corner
 * (x = files, y = rows down), clipped to the board: the minimap's viewport
 * rectangle.
 */
export function visibleBoardRect(layout: BoardLayout): { x: number; y: number; w: number; h: number } {
  const x0 = Math.max(0, -layout.originX / layout.cell);
  const y0 = Math.max(0, -layout.originY / layout.cell);
  const x1 = Math.min(layout.width, (layout.stageWidth - layout.originX) / layout.cell);
  const y1 = Math.min(layout.height, (layout.stageHeight - layout.originY) / layout.cell);
  return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
}
