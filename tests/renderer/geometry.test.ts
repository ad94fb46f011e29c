import { describe, expect, it } from 'vitest';
import { lanSquares } from '../../src-shared/model/square.js';
import { computeLayout, squareAtPoint, squareCentre } from '../../src-renderer/editor/geometry.js';

/** Board geometry (editor/geometry.ts) and LAN from / to squares; the text mirrors moved to tests/shared/rulesets/<id>/display.test.ts. */
describe('board geometry', () => {
  it('layout: a1 is bottom-left, centres map back to their squares', () => {
    const l = computeLayout(600, 500, 8, 6);
    expect(l.cell).toBe(66); // width-bound: (600 - 2*36) / 8 = 66 < (500 - 72) / 6
    const c = squareCentre(l, 0, 0);
    expect(squareAtPoint(l, c.x, c.y)).toEqual({ file: 0, rank: 0 });
    expect(squareAtPoint(l, l.originX + 1, l.originY + 1)).toEqual({ file: 0, rank: 5 });
    expect(squareAtPoint(l, l.originX - 1, l.originY + 1)).toBeNull();
  });

  it('LAN from/to squares', () => {
    expect(lanSquares('Nb1-c3')).toEqual({ from: 'b1', to: 'c3' });
    expect(lanSquares('Pe2-e4')).toEqual({ from: 'e2', to: 'e4' });
    expect(lanSquares('Ra10-a16')).toEqual({ from: 'a10', to: 'a16' });
    expect(lanSquares('nonsense')).toBeNull();
  });
});
