/**
 * King's Valley display (rulesets/kings-valley/display.ts) on a hand-made
 * problem, 5 x 5, White to move:
 *   5  k  .  .  .  .      k black king a5
 *   4  .  X  S  .  .      X pillar b4, S white soldier c4
 *   3  .  .  V  .  .      V the valley c3 (KV-1: the centre square)
 *   2  .  .  .  .  .
 *   1  .  .  K  .  .      K white king c1
 *      a  b  c  d  e
 */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel } from '../../../../src-shared/model/level.js';
import { kvDisplay, kvValleySquare } from '../../../../src-shared/rulesets/kings-valley/display.js';
import { describeSquare, itemAt } from '../../../../src-shared/display/board-display.js';

function small(): KingsValleyLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 'small' },
    board: { width: 5, height: 5 },
    pillars: ['b4'],
    pieces: [
      { role: 'king', square: 'c1', side: 'white' },
      { role: 'soldier', square: 'c4', side: 'white' },
      { role: 'king', square: 'a5', side: 'black' },
    ],
    sideToMove: 'white',
    goal: { type: 'win-in', moves: 1 },
  };
}

describe("King's Valley display", () => {
  it('KV-1 the valley is the centre square of an odd board', () => {
    expect(kvValleySquare(5, 5)).toBe('c3');
    expect(kvValleySquare(7, 7)).toBe('d4');
    expect(kvValleySquare(9, 5)).toBe('e3');
    expect(kvValleySquare(6, 5)).toBeNull();
  });

  it('glyphs: valley and pillar terrain, kings and soldiers; Black dark with its dot; the valley is a mark', () => {
    const d = kvDisplay(small());
    expect(d.glyphs.map((g) => `${g.layer}:${g.square}:${g.art.kind}`)).toEqual([
      'terrain:c3:valley',
      'terrain:b4:pillar',
      'piece:c1:piece',
      'piece:c4:piece',
      'piece:a5:piece',
    ]);
    expect(d.glyphs.find((g) => g.square === 'a5')!.art).toEqual({ kind: 'piece', role: 'king', tone: 'dark', dot: true });
    expect(d.glyphs.find((g) => g.square === 'c4')!.art).toEqual({ kind: 'piece', role: 'soldier', tone: 'light' });
    expect(d.marks).toEqual({ valley: 'c3' });
    expect(d.caption).toBe('White to move');
    expect(itemAt(d, 'b4')).toBe('pillar');
    expect(itemAt(d, 'c3')).toBeNull();
  });

  it('board-state mirror: pieces by side (K/k, S/s), pillars X:, the valley and the side to move', () => {
    const d = kvDisplay(small());
    expect(d.mirror.state).toBe('K:c1 S:c4 k:a5 X:b4 valley:c3 to-move:white');
    expect(d.mirror.detail).toBe('K:a5:black K:c1:white S:c4:white');
    const black = { ...small(), sideToMove: 'black' as const, board: { width: 6, height: 5 } };
    expect(kvDisplay(black).mirror.state).toBe('K:c1 S:c4 k:a5 X:b4 to-move:black');
    expect(kvDisplay(black).marks).toBeUndefined();
    expect(kvDisplay(black).caption).toBe('Black to move');
  });

  it('screen-reader description: pillar, piece, then the valley', () => {
    const d = kvDisplay(small());
    expect(describeSquare(d, 'c3')).toBe('c3: the valley');
    expect(describeSquare(d, 'a5')).toBe('a5: black king');
    expect(describeSquare(d, 'b4')).toBe('b4: pillar');
    const onValley = small();
    onValley.pieces[0]!.square = 'c3';
    expect(describeSquare(kvDisplay(onValley), 'c3')).toBe('c3: white king, the valley');
  });

  it('legend: the valley, the pillar and each side and role shown', () => {
    expect(kvDisplay(small()).legend.map((e) => e.label)).toEqual([
      'The valley: a king that stops here wins (KV-5)',
      'Pillar: blocks like a piece (KV-1)',
      'White king',
      'White soldier',
      'Black king (dashed, dot)',
    ]);
  });
});
