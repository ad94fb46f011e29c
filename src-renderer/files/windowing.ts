/**
 * Windowing of long lists, pure: which rows of a scrolled list (or tiles of
 * a grid) to put into the DOM, and the empty space that stands for the rest
 * above and below them, so a pack of 10,000 levels or a workspace of 20,000
 * files keeps only what is on screen (plus `overscan` rows each side) in the
 * page. Also the scroll position that brings a row into view, and the
 * keyboard steps of a list or grid (arrows, Page Up/Down, Home/End).
 *
 * Used by the pack manager's list and grid (src-renderer/pack/) and the
 * project explorer (Explorer.svelte). Units are CSS pixels; indices are
 * 0-based. No DOM here.
 */

/** The rows to render: `[start, end)`, with `padTop` px of space above them and `padBottom` px below. */
export interface ListWindow {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
}

/** Rows rendered beyond each edge of the viewport. */
export const DEFAULT_OVERSCAN = 6;

/**
 * Lists of at most this many rows are rendered whole (a pack like the
 * 50-level Citadel Codex costs nothing in the page, and every row stays
 * reachable by Tab and by find-in-page); longer ones are windowed.
 */
export const WHOLE_LIST_MAX = 200;

/** The overscan to use for a list of `count` rows: all of them up to WHOLE_LIST_MAX, else `overscan`. */
export function overscanFor(count: number, overscan = DEFAULT_OVERSCAN): number {
  return count <= WHOLE_LIST_MAX ? Math.max(overscan, count) : overscan;
}

function clampInt(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, Math.floor(v)));
}

/**
 * The window of `count` rows of `rowHeight` px each, scrolled to
 * `scrollTop` px, seen through `viewport` px: the rows that touch the
 * viewport and `overscan` more each side. An empty list, a zero height or
 * a viewport of 0 px answer the first rows (`overscan` of them).
 */
export function fixedWindow(count: number, rowHeight: number, scrollTop: number, viewport: number, overscan = DEFAULT_OVERSCAN): ListWindow {
  const n = Math.max(0, Math.floor(count));
  if (n === 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const h = rowHeight > 0 ? rowHeight : 1;
  const top = Math.max(0, scrollTop);
  const first = clampInt(top / h, 0, n - 1);
  const last = clampInt((top + Math.max(0, viewport)) / h, 0, n - 1);
  const start = Math.max(0, first - overscan);
  const end = Math.min(n, last + 1 + overscan);
  return { start, end, padTop: start * h, padBottom: (n - end) * h };
}

/** Prefix offsets of rows of the given heights: `offsets[i]` is row i's top, `offsets[n]` the total height. */
export function rowOffsets(heights: readonly number[]): Float64Array {
  const out = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i++) out[i + 1] = out[i]! + Math.max(0, heights[i]!);
  return out;
}

/** The row at `y` px (the last row whose top is at or above `y`), by binary search over `offsets` (rowOffsets). */
export function rowAt(offsets: Float64Array, y: number): number {
  const n = offsets.length - 1;
  if (n <= 0) return 0;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The window over rows of varying heights (`offsets` from rowOffsets); see fixedWindow. */
export function offsetWindow(offsets: Float64Array, scrollTop: number, viewport: number, overscan = DEFAULT_OVERSCAN): ListWindow {
  const n = offsets.length - 1;
  if (n <= 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const top = Math.max(0, scrollTop);
  const first = rowAt(offsets, top);
  const last = rowAt(offsets, top + Math.max(0, viewport));
  const start = Math.max(0, first - overscan);
  const end = Math.min(n, last + 1 + overscan);
  return { start, end, padTop: offsets[start]!, padBottom: offsets[n]! - offsets[end]! };
}

/** How many tiles of at least `minTile` px fit side by side in `width` px with `gap` px between them (at least 1). */
export function gridColumns(width: number, minTile: number, gap: number): number {
  if (!(width > 0) || !(minTile > 0)) return 1;
  return Math.max(1, Math.floor((width + gap) / (minTile + gap)));
}

/**
 * The window of a grid of `count` tiles in rows of `cols`, each grid row
 * `rowHeight` px tall (gap included): `start`/`end` are tile indices
 * (whole grid rows), the pads are px.
 */
export function gridWindow(count: number, cols: number, rowHeight: number, scrollTop: number, viewport: number, overscan = 2): ListWindow {
  const c = Math.max(1, Math.floor(cols));
  const rows = Math.ceil(Math.max(0, count) / c);
  const w = fixedWindow(rows, rowHeight, scrollTop, viewport, overscan);
  return { start: w.start * c, end: Math.min(count, w.end * c), padTop: w.padTop, padBottom: w.padBottom };
}

/**
 * The scroll position that shows the row spanning `[top, top + height)` px
 * inside a viewport of `viewport` px scrolled to `scrollTop` (the least
 * move: aligned to the nearest edge), or undefined when it is already in
 * full view.
 */
export function revealScrollTop(top: number, height: number, scrollTop: number, viewport: number): number | undefined {
  if (top < scrollTop) return Math.max(0, top);
  if (top + height > scrollTop + viewport) return Math.max(0, top + height - viewport);
  return undefined;
}

/**
 * Where a key moves the focus in a list (`cols` 1) or grid of `count`
 * items from `index`: ArrowUp/Down one row, ArrowLeft/Right one item (grid
 * only), PageUp/Down `pageRows` rows, Home/End the first/last item; clamped
 * to the list. Undefined for other keys or an empty list.
 */
export function navStep(key: string, index: number, count: number, pageRows: number, cols = 1): number | undefined {
  if (count <= 0) return undefined;
  const c = Math.max(1, Math.floor(cols));
  const page = Math.max(1, Math.floor(pageRows)) * c;
  let next: number;
  switch (key) {
    case 'ArrowDown':
      next = index + c;
      break;
    case 'ArrowUp':
      next = index - c;
      break;
    case 'ArrowRight':
      if (c === 1) return undefined;
      next = index + 1;
      break;
    case 'ArrowLeft':
      if (c === 1) return undefined;
      next = index - 1;
      break;
    case 'PageDown':
      next = index + page;
      break;
    case 'PageUp':
      next = index - page;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = count - 1;
      break;
    default:
      return undefined;
  }
  return Math.min(count - 1, Math.max(0, next));
}
