/**
 * Board geometry: where each square is drawn inside the board container,
 * and which square a point is over. Pure functions, shared by the Konva
 * board (drawing), the pointer handling and the palette's drag-and-drop.
 *
 * Coordinates are CSS pixels relative to the board container's top-left.
 * Row 0 is the top row (rank `height`), column 0 is file `a` (RULINGS
 * "Common": a1 bottom-left, north up).
 */

export interface BoardLayout {
  /** Board size in squares. */
  width: number;
  height: number;
  /** Side of one square, px (integer). */
  cell: number;
  /** Top-left of the top-left square (a<height>), px. */
  originX: number;
  originY: number;
  /** Container size the layout was made for. */
  stageWidth: number;
  stageHeight: number;
}

/** Space kept around the board for coordinate labels, as a fraction of a cell (min px). */
const LABEL_MIN = 18;

/**
 * Fits a `width` x `height` board into a `stageWidth` x `stageHeight` container,
 * centred, with a margin for file/rank labels. `cell` is at least 8 px.
 */
export function computeLayout(stageWidth: number, stageHeight: number, width: number, height: number): BoardLayout {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const margin = LABEL_MIN * 2;
  const cell = Math.max(8, Math.floor(Math.min((stageWidth - margin * 2) / w, (stageHeight - margin * 2) / h)));
  const originX = Math.round((stageWidth - cell * w) / 2);
  const originY = Math.round((stageHeight - cell * h) / 2);
  return { width: w, height: h, cell, originX, originY, stageWidth, stageHeight };
}

/** 0-based file/rank (rank 0 = rank "1") of the square under (x, y), or null off the board. */
export function squareAtPoint(layout: BoardLayout, x: number, y: number): { file: number; rank: number } | null {
  const col = Math.floor((x - layout.originX) / layout.cell);
  const row = Math.floor((y - layout.originY) / layout.cell);
  if (col < 0 || row < 0 || col >= layout.width || row >= layout.height) return null;
  return { file: col, rank: layout.height - 1 - row };
}

/** Top-left pixel of a square given 0-based file/rank. */
export function squareTopLeft(layout: BoardLayout, file: number, rank: number): { x: number; y: number } {
  return { x: layout.originX + file * layout.cell, y: layout.originY + (layout.height - 1 - rank) * layout.cell };
}

/** Centre pixel of a square. */
export function squareCentre(layout: BoardLayout, file: number, rank: number): { x: number; y: number } {
  const p = squareTopLeft(layout, file, rank);
  return { x: p.x + layout.cell / 2, y: p.y + layout.cell / 2 };
}
