import { describe, expect, it } from 'vitest';
import { computeLayout, squareAtPoint, squareCentre } from '../../src-renderer/editor/geometry.js';
import { BASE_CELL, centreOn, panBy, revealSquare, viewLayout, visibleBoardRect, zoomAt, zoomPercent, zoomTo } from '../../src-renderer/editor/viewport.js';

describe('viewport: zoom and pan keep pointer -> square mapping exact', () => {
  const fit = computeLayout(640, 560, 8, 8); // cell = floor(min(568/8, 488/8)) = 61, origin (76, 36)

  it('fit layout (null view) is computeLayout', () => {
    expect(fit.cell).toBe(61);
    expect(viewLayout(null, 640, 560, 8, 8)).toEqual(fit);
  });

  it('zooming at a point keeps that point over the same square: x2 at the centre of e4', () => {
    const p = squareCentre(fit, 4, 3); // e4
    const v = zoomAt(fit, 2, p.x, p.y);
    expect(v.cell).toBe(122);
    const l = viewLayout(v, 640, 560, 8, 8);
    expect(squareAtPoint(l, p.x, p.y)).toEqual({ file: 4, rank: 3 });
    // the neighbour one new cell to the right is f4
    expect(squareAtPoint(l, p.x + 122, p.y)).toEqual({ file: 5, rank: 3 });
  });

  it('a view made for another board size falls back to fit', () => {
    const v = zoomAt(fit, 2, 320, 280);
    expect(viewLayout(v, 640, 560, 6, 6)).toEqual(computeLayout(640, 560, 6, 6));
  });

  it('zoom steps move at least one pixel and stay within limits', () => {
    const small = { ...fit, cell: 6 };
    expect(zoomAt(small, 0.5, 0, 0).cell).toBe(6);
    expect(zoomAt(fit, 1.001, 0, 0).cell).toBe(62);
    expect(zoomTo(fit, BASE_CELL).cell).toBe(64);
    expect(zoomPercent({ ...fit, cell: 32 })).toBe(50);
  });

  it('panning moves the origin; the board cannot leave the container entirely', () => {
    const l = viewLayout(panBy(fit, 10, -5), 640, 560, 8, 8);
    expect([l.originX, l.originY]).toEqual([86, 31]);
    const far = viewLayout(panBy(fit, 5000, 5000), 640, 560, 8, 8);
    expect(far.originX).toBe(640 - 48);
    expect(far.originY).toBe(560 - 48);
  });

  it('centreOn puts a board point at the container centre; the visible rectangle follows', () => {
    const big = computeLayout(400, 400, 16, 16);
    const z = viewLayout(zoomTo(big, 100), 400, 400, 16, 16);
    const c = viewLayout(centreOn(z, 8, 8), 400, 400, 16, 16);
    expect(squareAtPoint(c, 200, 200)).toEqual({ file: 8, rank: 7 }); // point (8,8) from the top-left: file i, row 8 = rank 8 (index 7)
    const r = visibleBoardRect(c);
    expect(r).toEqual({ x: 6, y: 6, w: 4, h: 4 });
  });

  it('revealSquare pans just enough to show an off-screen square, null when visible', () => {
    const big = computeLayout(400, 400, 16, 16);
    const z = viewLayout(centreOn(viewLayout(zoomTo(big, 100), 400, 400, 16, 16), 8, 8), 400, 400, 16, 16);
    expect(revealSquare(z, 8, 8)).toBeNull();
    const v = revealSquare(z, 0, 15)!; // a16, top-left corner
    const l = viewLayout(v, 400, 400, 16, 16);
    expect(l.originX).toBe(8);
    expect(l.originY).toBe(8);
  });
});
