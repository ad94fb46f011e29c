/**
 * Locking Chess display (rulesets/locking-chess/display.ts), read from the
 * LFEN (LC-13): `4k3/8/8/8/4(Pn)3/8/8/3RK3 w - - 0 1` is Black king e8,
 * a stack on e4 (white pawn at board level locked under a black knight,
 * LC-2), White rook d1 and king e1, White to move.
 */
import { describe, expect, it } from 'vitest';
import type { LockingChessLevel } from '../../../../src-shared/model/level.js';
import { LC_STACK_BOXES, lcDisplay } from '../../../../src-shared/rulesets/locking-chess/display.js';
import { describeSquare, itemAt } from '../../../../src-shared/display/board-display.js';

const doc = (position: string, pieces?: LockingChessLevel['pieces']): LockingChessLevel => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'locking-chess',
  meta: { title: 't' },
  board: { width: 8, height: 8 },
  position,
  ...(pieces ? { pieces } : {}),
});
const STACK = '4k3/8/8/8/4(Pn)3/8/8/3RK3 w - - 0 1';

describe('Locking Chess display', () => {
  it('LC-2 a stack shows both pieces (the lower one smaller and lower) and the lock mark', () => {
    const d = lcDisplay(doc(STACK));
    const e4 = d.glyphs.filter((g) => g.square === 'e4');
    expect(e4.map((g) => [g.layer, g.art, g.box])).toEqual([
      ['piece', { kind: 'piece', role: 'pawn', tone: 'light' }, LC_STACK_BOXES.bottom],
      ['piece', { kind: 'piece', role: 'knight', tone: 'dark' }, LC_STACK_BOXES.top],
      ['badge', { kind: 'lock' }, LC_STACK_BOXES.lock],
    ]);
    expect(d.glyphs.find((g) => g.square === 'd1')!.art).toEqual({ kind: 'piece', role: 'rook', tone: 'light' });
    expect(d.glyphs.find((g) => g.square === 'e8')!.art).toEqual({ kind: 'piece', role: 'king', tone: 'dark' });
    expect(d.glyphs).toHaveLength(6);
    expect(itemAt(d, 'e4')).toBe('piece');
  });

  it('LC-13 the LFEN is the source, not the informational pieces list', () => {
    const d = lcDisplay(doc('4k3/8/8/8/8/8/8/4K3 w - - 0 1', [{ role: 'queen', square: 'a1' }]));
    expect(d.glyphs.map((g) => g.square).sort()).toEqual(['e1', 'e8']);
  });

  it('mirror: tokens sorted, stacks (board level / top), then the side to move; invalid-position draws nothing', () => {
    expect(lcDisplay(doc(STACK)).mirror).toEqual({ state: '(P/n):e4 K:e1 R:d1 k:e8 to-move:white', detail: '' });
    expect(lcDisplay(doc('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1')).mirror.state).toBe('(P/n):e4 K:e1 k:e8 to-move:white');
    const bad = lcDisplay(doc('not a position'));
    expect(bad.mirror.state).toBe('invalid-position');
    expect(bad.glyphs).toEqual([]);
    expect(lcDisplay(doc('4k3/8/8/8/8/8/8/4K3 b - - 0 1')).caption).toBe('Black to move');
  });

  it('screen-reader description: a stack is one phrase, "locked under"', () => {
    const d = lcDisplay(doc(STACK));
    expect(describeSquare(d, 'e4')).toBe('e4: white pawn locked under black knight');
    expect(describeSquare(d, 'd1')).toBe('d1: white rook');
    expect(describeSquare(d, 'a1')).toBe('a1: empty');
  });

  it('legend: each side shown and the lock mark', () => {
    expect(lcDisplay(doc(STACK)).legend.map((e) => e.label)).toEqual([
      'White piece',
      'Black piece (dashed outline)',
      'Stack: the lower piece is locked under the top one (LC-2)',
    ]);
  });
});
