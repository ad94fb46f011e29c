/**
 * The windowing helper of long lists (src-renderer/files/windowing.ts):
 * which rows of a scrolled list or grid are rendered, the space standing
 * for the others, revealing a row, and the keyboard steps. Expected values
 * worked by hand (rows of 40 px, a 400 px viewport: 10 rows on screen).
 */
import { describe, expect, it } from 'vitest';
import {
  fixedWindow,
  gridColumns,
  gridWindow,
  navStep,
  offsetWindow,
  overscanFor,
  revealScrollTop,
  rowAt,
  rowOffsets,
} from '../../../src-renderer/files/windowing.js';

describe('fixedWindow', () => {
  it('at the top of 10,000 rows of 40 px in 400 px: rows 0..9 on screen plus 6 below, the rest is space', () => {
    expect(fixedWindow(10_000, 40, 0, 400)).toEqual({ start: 0, end: 17, padTop: 0, padBottom: (10_000 - 17) * 40 });
  });

  it('scrolled to row 5000 (200,000 px): rows 4994..5016 rendered; space above + rows + space below = the full height', () => {
    const w = fixedWindow(10_000, 40, 200_000, 400);
    expect(w).toEqual({ start: 4994, end: 5017, padTop: 4994 * 40, padBottom: (10_000 - 5017) * 40 });
    expect(w.padTop + (w.end - w.start) * 40 + w.padBottom).toBe(400_000);
  });

  it('at the very end the last row is rendered and nothing is below it', () => {
    const w = fixedWindow(10_000, 40, 400_000 - 400, 400);
    expect(w.end).toBe(10_000);
    expect(w.padBottom).toBe(0);
  });

  it('a scroll past the end (rubber band, a shrunk list) still answers the last rows', () => {
    const w = fixedWindow(50, 40, 1e9, 400);
    expect(w.end).toBe(50);
    expect(w.start).toBe(43);
  });

  it('an empty list renders nothing; a hidden list (0 px viewport) renders a few rows', () => {
    expect(fixedWindow(0, 40, 0, 400)).toEqual({ start: 0, end: 0, padTop: 0, padBottom: 0 });
    expect(fixedWindow(100, 40, 0, 0, 2)).toEqual({ start: 0, end: 3, padTop: 0, padBottom: 97 * 40 });
  });

  it('never renders more than the viewport plus the overscan, however long the list', () => {
    for (const top of [0, 1234, 99_999, 399_600]) {
      const w = fixedWindow(10_000, 40, top, 400, 6);
      expect(w.end - w.start).toBeLessThanOrEqual(11 + 12);
    }
  });
});

describe('overscanFor', () => {
  it('lists up to WHOLE_LIST_MAX (200) rows are rendered whole, longer ones windowed', () => {
    expect(overscanFor(50, 8)).toBe(50);
    expect(fixedWindow(50, 40, 0, 400, overscanFor(50, 8))).toEqual({ start: 0, end: 50, padTop: 0, padBottom: 0 });
    expect(overscanFor(200, 8)).toBe(200);
    expect(overscanFor(201, 8)).toBe(8);
  });
});

describe('rows of varying heights (explorer: folder headers 26 px, items 44 px)', () => {
  const heights = [26, 44, 44, 26, 44, 44, 44];
  const off = rowOffsets(heights);

  it('prefix offsets: each row top and the total', () => {
    expect([...off]).toEqual([0, 26, 70, 114, 140, 184, 228, 272]);
  });

  it('rowAt finds the row under a y position', () => {
    expect(rowAt(off, 0)).toBe(0);
    expect(rowAt(off, 25.9)).toBe(0);
    expect(rowAt(off, 26)).toBe(1);
    expect(rowAt(off, 139)).toBe(3);
    expect(rowAt(off, 10_000)).toBe(6);
  });

  it('the window of a 100 px viewport at 114 px: rows 3..5 on screen, one more each side', () => {
    expect(offsetWindow(off, 114, 100, 1)).toEqual({ start: 2, end: 7, padTop: 70, padBottom: 0 });
    expect(offsetWindow(off, 0, 50, 0)).toEqual({ start: 0, end: 2, padTop: 0, padBottom: 272 - 70 });
  });
});

describe('grid', () => {
  it('columns: tiles of at least 132 px with 8 px gaps', () => {
    expect(gridColumns(852, 132, 8)).toBe(6); // 6*132 + 5*8 = 832 <= 852; 7 tiles need 972
    expect(gridColumns(131, 132, 8)).toBe(1);
    expect(gridColumns(0, 132, 8)).toBe(1);
    expect(gridColumns(972, 132, 8)).toBe(7);
  });

  it('the window covers whole grid rows: 10,000 tiles in rows of 6 (1667 rows of 200 px), scrolled to grid row 1000', () => {
    const w = gridWindow(10_000, 6, 200, 200_000, 450, 2);
    // Grid rows 1000..1002 touch the viewport (200,000 .. 200,450 px; row 1002 spans 200,400 .. 200,600), 2 more each side: 998..1004.
    expect(w).toEqual({ start: 998 * 6, end: 1005 * 6, padTop: 998 * 200, padBottom: (1667 - 1005) * 200 });
  });

  it('the last grid row may be short: the window ends at the last tile', () => {
    const w = gridWindow(10_000, 6, 200, 1667 * 200 - 450, 450, 2);
    expect(w.end).toBe(10_000);
    expect(w.padBottom).toBe(0);
  });
});

describe('revealScrollTop', () => {
  it('scrolls the least: up to a row above, down to a row below, not at all for a row in view', () => {
    expect(revealScrollTop(80, 40, 200, 400)).toBe(80);
    expect(revealScrollTop(800, 40, 200, 400)).toBe(440);
    expect(revealScrollTop(300, 40, 200, 400)).toBeUndefined();
  });
});

describe('navStep', () => {
  it('a list: arrows one row, pages, Home/End, clamped; left/right do nothing', () => {
    expect(navStep('ArrowDown', 0, 10_000, 10)).toBe(1);
    expect(navStep('ArrowUp', 0, 10_000, 10)).toBe(0);
    expect(navStep('PageDown', 5, 10_000, 10)).toBe(15);
    expect(navStep('PageUp', 5, 10_000, 10)).toBe(0);
    expect(navStep('End', 5, 10_000, 10)).toBe(9999);
    expect(navStep('Home', 9999, 10_000, 10)).toBe(0);
    expect(navStep('ArrowRight', 3, 10, 10)).toBeUndefined();
    expect(navStep('x', 3, 10, 10)).toBeUndefined();
    expect(navStep('ArrowDown', 0, 0, 10)).toBeUndefined();
  });

  it('a grid of 6 columns: up/down a grid row, left/right a tile, a page of 3 grid rows', () => {
    expect(navStep('ArrowDown', 2, 100, 3, 6)).toBe(8);
    expect(navStep('ArrowUp', 8, 100, 3, 6)).toBe(2);
    expect(navStep('ArrowRight', 8, 100, 3, 6)).toBe(9);
    expect(navStep('ArrowLeft', 0, 100, 3, 6)).toBe(0);
    expect(navStep('PageDown', 2, 100, 3, 6)).toBe(20);
    expect(navStep('ArrowDown', 97, 100, 3, 6)).toBe(99);
  });
});
