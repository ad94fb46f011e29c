/**
 * Symmetry-aware duplicate detection (src-shared/rulesets/unlock-the-king/symmetry.ts), hand
 * worked on 8x8 and 4x3 boards. Pawn facings turn with the board (UK-4).
 */
import { describe, expect, it } from 'vitest';
import type { UnlockTheKingLevel } from '../../../../src-shared/model/level.js';
import { SYMMETRIES, blueprintKey, canonicalKey, findDuplicates, transformLevel } from '../../../../src-shared/rulesets/unlock-the-king/symmetry.js';

const base: UnlockTheKingLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'base' },
  board: { width: 8, height: 8 },
  walls: ['c3'],
  portal: 'h8',
  pieces: [
    { role: 'king', square: 'a1' },
    { role: 'pawn', square: 'b1', facing: 'north' },
    { role: 'rook', square: 'a2', color: 'obsidian' },
  ],
};

const sym = (name: string) => SYMMETRIES.find((s) => s.name === name)!;

describe('board symmetries', () => {
  it('rot90 (clockwise) on 8x8: a1 -> a8, b1 -> a7, a2 -> b8, c3 -> c6, h8 -> h1; north pawn faces east', () => {
    const t = transformLevel(base, sym('rot90'));
    expect(t.pieces.map((p) => p.square)).toEqual(['a8', 'a7', 'b8']);
    expect(t.walls).toEqual(['c6']);
    expect(t.portal).toBe('h1');
    expect(t.pieces[1]!.facing).toBe('east');
  });

  it('flipH (mirror left-right): a1 -> h1, b1 -> g1; a north pawn still faces north, an east pawn faces west', () => {
    const t = transformLevel({ ...base, pieces: [...base.pieces, { role: 'pawn', square: 'd4', facing: 'east' }] }, sym('flipH'));
    expect(t.pieces.map((p) => p.square)).toEqual(['h1', 'g1', 'h2', 'e4']);
    expect(t.pieces[1]!.facing).toBe('north');
    expect(t.pieces[3]!.facing).toBe('west');
  });

  it('rot180: north pawn faces south; transpose (a1-h8 diagonal): b1 -> a2, north -> east', () => {
    expect(transformLevel(base, sym('rot180')).pieces[1]).toMatchObject({ square: 'g8', facing: 'south' });
    expect(transformLevel(base, sym('transpose')).pieces[1]).toMatchObject({ square: 'a2', facing: 'east' });
  });

  it('rot90 of a 4x3 board gives a 3x4 board: a1 -> a4, d3 -> c1', () => {
    const l: UnlockTheKingLevel = { ...base, board: { width: 4, height: 3 }, walls: [], portal: 'd3', pieces: [{ role: 'king', square: 'a1' }] };
    const t = transformLevel(l, sym('rot90'));
    expect(t.board).toEqual({ width: 3, height: 4 });
    expect(t.pieces[0]!.square).toBe('a4');
    expect(t.portal).toBe('c1');
  });

  it('four rot90 turns give the original back', () => {
    let t = base;
    for (let i = 0; i < 4; i++) t = transformLevel(t, sym('rot90'));
    expect(blueprintKey(t)).toBe(blueprintKey(base));
  });
});

describe('canonicalKey / findDuplicates', () => {
  it('all 8 images of a blueprint share one canonical key; colours and piece order do not matter', () => {
    const k = canonicalKey(base);
    for (const s of SYMMETRIES) expect(canonicalKey(transformLevel(base, s))).toBe(k);
    const recoloured = { ...base, pieces: [base.pieces[2]!, base.pieces[0]!, { ...base.pieces[1]!, color: 'obsidian' as const }] };
    expect(canonicalKey(recoloured)).toBe(k);
  });

  it('a pawn facing differently is a different blueprint (the hand-made rot90 with the pawn still north is not alike)', () => {
    const wrongFacing: UnlockTheKingLevel = {
      ...base,
      walls: ['c6'],
      portal: 'h1',
      pieces: [
        { role: 'king', square: 'a8' },
        { role: 'pawn', square: 'a7', facing: 'north' },
        { role: 'rook', square: 'b8' },
      ],
    };
    const rightFacing = { ...wrongFacing, pieces: wrongFacing.pieces.map((p) => (p.role === 'pawn' ? { ...p, facing: 'east' as const } : p)) };
    expect(canonicalKey(wrongFacing)).not.toBe(canonicalKey(base));
    expect(canonicalKey(rightFacing)).toBe(canonicalKey(base));
  });

  it('a lateral pawn differs from a plain one', () => {
    const lat = { ...base, pieces: base.pieces.map((p) => (p.role === 'pawn' ? { ...p, lateral: true } : p)) };
    expect(canonicalKey(lat)).not.toBe(canonicalKey(base));
  });

  it('finds the mirrored copy (hand-written flipV: a1 -> a8, b1 -> b8 facing south, a2 -> a7, c3 -> c6, h8 -> h1)', () => {
    const mirrored: UnlockTheKingLevel = {
      ...base,
      walls: ['c6'],
      portal: 'h1',
      pieces: [
        { role: 'king', square: 'a8' },
        { role: 'pawn', square: 'b8', facing: 'south' },
        { role: 'rook', square: 'a7' },
      ],
    };
    const other = { ...base, portal: 'g8' };
    const d = findDuplicates([base, other, mirrored]);
    expect(d).toEqual([{ first: 0, second: 2, symmetry: 'flipV' }]);
  });

  it('on a non-square board only the 4 shape-keeping symmetries count', () => {
    const l: UnlockTheKingLevel = { ...base, board: { width: 4, height: 3 }, walls: [], portal: 'd3', pieces: [{ role: 'king', square: 'a1' }] };
    const turned = transformLevel(l, sym('rot90')); // 3x4: another board shape
    expect(canonicalKey(turned)).not.toBe(canonicalKey(l));
    expect(canonicalKey(transformLevel(l, sym('rot180')))).toBe(canonicalKey(l));
  });
});
