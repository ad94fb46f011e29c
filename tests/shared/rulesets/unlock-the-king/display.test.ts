/**
 * Unlock the King display (rulesets/unlock-the-king/display.ts) on
 * hand-made levels: which glyphs on which squares with which art, the text
 * mirror (`board-state` strings), the screen-reader description and the
 * legend.
 *
 * Level "tiny", 4 x 3 (a1 bottom-left):
 *   3  .  .  .  O      O portal d3
 *   2  .  W  W  .      W walls b2, c2
 *   1  K  .  p  r      K ivory king a1, p ivory pawn c1 facing east, lateral; r obsidian rook d1
 *      a  b  c  d
 */
import { describe, expect, it } from 'vitest';
import type { UnlockTheKingLevel } from '../../../../src-shared/model/level.js';
import { ukDisplay } from '../../../../src-shared/rulesets/unlock-the-king/display.js';
import { describeSquare, itemAt } from '../../../../src-shared/display/board-display.js';
import { displayLevel } from '../../../../src-shared/rulesets/index.js';

const tiny = (): UnlockTheKingLevel => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'tiny' },
  board: { width: 4, height: 3 },
  walls: ['b2', 'c2'],
  portal: 'd3',
  pieces: [
    { role: 'king', square: 'a1', color: 'ivory' },
    { role: 'pawn', square: 'c1', facing: 'east', lateral: true },
    { role: 'rook', square: 'd1', color: 'obsidian' },
  ],
});

/** The sample blueprint of the editor tests: 8 x 8, wall d4, portal e8, king e1, rook e4, pawn e2 facing east. */
const sample = (): UnlockTheKingLevel => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'Novice 1' },
  board: { width: 8, height: 8 },
  walls: ['d4'],
  portal: 'e8',
  pieces: [
    { role: 'king', square: 'e1' },
    { role: 'rook', square: 'e4' },
    { role: 'pawn', square: 'e2', facing: 'east', lateral: false },
  ],
});

describe('Unlock the King display', () => {
  it('UK-1 / UK-2 / UK-4 / UK-6 glyphs: walls as terrain, the portal as a mark, pieces on top, each with its art', () => {
    const d = ukDisplay(tiny());
    expect(d.width).toBe(4);
    expect(d.height).toBe(3);
    expect(d.glyphs.map((g) => `${g.layer}:${g.square}:${g.art.kind}`)).toEqual([
      'terrain:b2:wall',
      'terrain:c2:wall',
      'mark:d3:portal',
      'piece:a1:piece',
      'piece:c1:piece',
      'piece:d1:piece',
    ]);
    const at = (sq: string) => d.glyphs.find((g) => g.square === sq && g.layer === 'piece')!;
    expect(at('a1').art).toEqual({ kind: 'piece', role: 'king', tone: 'light' });
    expect(at('c1').art).toEqual({ kind: 'piece', role: 'pawn', tone: 'light', facing: 'east', lateral: true });
    expect(at('d1').art).toEqual({ kind: 'piece', role: 'rook', tone: 'dark' });
    expect(at('a1')).toMatchObject({ file: 0, rank: 0, item: 'piece' });
    expect(d.glyphs.find((g) => g.square === 'd3')).toMatchObject({ file: 3, rank: 2, item: 'portal' });
  });

  it('text mirror: pieces sorted, then walls, then the portal; detail with colours, facings, lateral', () => {
    expect(ukDisplay(tiny()).mirror).toEqual({ state: 'K:a1 P:c1 R:d1 W:b2 W:c2 portal:d3', detail: 'K:a1:ivory P:c1:ivory:east:lateral R:d1:obsidian' });
    const m = displayLevel(sample()).mirror;
    expect(m.state).toBe('K:e1 P:e2 R:e4 W:d4 portal:e8');
    expect(m.detail).toBe('K:e1:ivory P:e2:ivory:east R:e4:ivory');
  });

  it('off-board entries are not displayed', () => {
    const doc = sample();
    doc.board = { width: 4, height: 4 };
    const d = displayLevel(doc);
    expect(d.mirror.state).toBe('W:d4');
    expect(d.glyphs.map((g) => g.square)).toEqual(['d4']);
  });

  it('screen-reader description: piece first, then wall, then portal; empty squares say so', () => {
    const d = ukDisplay(tiny());
    expect(describeSquare(d, 'c1')).toBe('c1: ivory pawn facing east, lateral');
    expect(describeSquare(d, 'd1')).toBe('d1: obsidian rook');
    expect(describeSquare(d, 'b2')).toBe('b2: wall');
    expect(describeSquare(d, 'a3')).toBe('a3: empty');
    const onPortal = tiny();
    onPortal.pieces[0]!.square = 'd3';
    expect(describeSquare(ukDisplay(onPortal), 'd3')).toBe('d3: ivory king, portal');
  });

  it('a press grabs the piece, else the wall, else the portal', () => {
    const d = ukDisplay(tiny());
    expect(itemAt(d, 'a1')).toBe('piece');
    expect(itemAt(d, 'b2')).toBe('wall');
    expect(itemAt(d, 'd3')).toBe('portal');
    expect(itemAt(d, 'a2')).toBeNull();
  });

  it('legend: one entry per kind shown (each tone, pawn facing, lateral, wall, portal)', () => {
    expect(ukDisplay(tiny()).legend.map((e) => e.label)).toEqual([
      'Ivory piece',
      'Pawn: the arrow is its facing (UK-4)',
      'Lateral pawn: also moves sideways (UK-4)',
      'Obsidian piece (dashed outline)',
      'Wall (UK-1)',
      'Portal: bring the king here (UK-6)',
    ]);
    expect(ukDisplay(sample()).legend.map((e) => e.label)).toEqual([
      'Ivory piece',
      'Pawn: the arrow is its facing (UK-4)',
      'Wall (UK-1)',
      'Portal: bring the king here (UK-6)',
    ]);
  });
});
