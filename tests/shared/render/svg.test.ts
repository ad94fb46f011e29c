/**
 * Level -> SVG (src-shared/render/svg.ts) on a hand-made Unlock the King
 * level: 4x3 board, walls b2 and c2, portal d3, king a1, rook d1, lateral
 * pawn c1 facing east (UK-4), par 5.
 */
import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel, LockingChessLevel, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { renderLevelSvg } from '../../../src-shared/render/svg.js';

const level: UnlockTheKingLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'Tiny <Test> & Co' },
  board: { width: 4, height: 3 },
  walls: ['b2', 'c2'],
  portal: 'd3',
  par: 5,
  pieces: [
    { role: 'king', square: 'a1', color: 'ivory' },
    { role: 'rook', square: 'd1', color: 'obsidian' },
    { role: 'pawn', square: 'c1', facing: 'east', lateral: true },
  ],
};

const count = (s: string, re: RegExp): number => (s.match(re) ?? []).length;

describe('renderLevelSvg', () => {
  const svg = renderLevelSvg(level, { cell: 50 });

  it('is one svg document sized to the board plus margins', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(count(svg, /<svg/g)).toBe(1);
  });

  it('draws 12 board squares, 2 hatched walls and 1 portal', () => {
    expect(count(svg, /fill="#(efe6d2|c9b896)"/g)).toBe(12);
    expect(count(svg, /class="wall"/g)).toBe(2);
    expect(count(svg, /class="hatch"/g)).toBe(2);
    expect(svg).toContain('class="hatch"');
    expect(count(svg, /class="portal"/g)).toBe(1);
  });

  it('draws each piece as its own silhouette group', () => {
    expect(count(svg, /class="piece piece-/g)).toBe(3);
    expect(svg).toContain('class="piece piece-king" data-square="a1"');
    expect(svg).toContain('class="piece piece-rook" data-square="d1"');
    expect(svg).toContain('class="piece piece-pawn" data-square="c1"');
  });

  it('UK-4 marks the pawn facing east and its lateral moves', () => {
    expect(svg).toContain('class="facing facing-east"');
    expect(count(svg, /class="lateral"/g)).toBe(1);
  });

  it('places a1 at the bottom-left: the king is in the lowest row, first column', () => {
    // cell 50, margin round(22.5)=23, header 65: a1 top-left = (23, 65+23+2*50) = (23, 188).
    expect(svg).toContain('translate(26.50,191.50)');
  });

  it('escapes the title and shows the par', () => {
    expect(svg).toContain('Tiny &lt;Test&gt; &amp; Co');
    expect(svg).toContain('par 5');
  });

  it('draws Chess Maze holes and tiles', () => {
    const cm: ChessMazeLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'chess-maze',
      meta: { title: 'CM' },
      board: { width: 3, height: 3, holes: ['b2'] },
      pieces: [{ role: 'knight', square: 'a1', side: 'player' }],
      tiles: [
        { kind: 'key', square: 'c1', color: 'red' },
        { kind: 'finish', square: 'c3' },
      ],
    };
    const s = renderLevelSvg(cm);
    expect(count(s, /class="hole"/g)).toBe(1);
    expect(s).toContain('class="tile tile-key"');
    expect(s).toContain('class="tile tile-finish"');
    expect(s).toContain('unproved');
  });
});

/**
 * A Chess Maze level with every tile kind (4 x 3):
 *   3  F  T  L  W      F finish a3, T transform b3 (knight, queen), L red lock c3, W letter d3 "W"
 *   2  k  P  c  g      k red key a2, P green plate b2, c coin c2, g gem d2
 *   1  N  .  H  r      N player knight a1, H hole c1, r enemy rook d1
 */
describe('renderLevelSvg draws the display with the one artwork', () => {
  const cm: ChessMazeLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title: 'All tiles' },
    board: { width: 4, height: 3, holes: ['c1'] },
    pieces: [
      { role: 'knight', square: 'a1', side: 'player' },
      { role: 'rook', square: 'd1', side: 'enemy' },
    ],
    tiles: [
      { kind: 'finish', square: 'a3' },
      { kind: 'transform', square: 'b3', allowed: ['knight', 'queen'] },
      { kind: 'lock', square: 'c3', color: 'red' },
      { kind: 'letter', square: 'd3', letter: 'W' },
      { kind: 'key', square: 'a2', color: 'red' },
      { kind: 'plate', square: 'b2', color: 'green' },
      { kind: 'coin', square: 'c2' },
      { kind: 'gem', square: 'd2' },
    ],
  };
  const s = renderLevelSvg(cm, { cell: 50 });
  const group = (cls: string, sq: string): string => {
    const at = s.indexOf(`<g class="${cls}" data-square="${sq}">`);
    expect(at, `${cls} on ${sq}`).toBeGreaterThanOrEqual(0);
    return s.slice(at, s.indexOf('</g></g>', at));
  };

  it('CM-11 the flag: the chequered flag art, not a dashed square', () => {
    const flag = group('tile tile-finish', 'a3');
    expect(flag).toContain('class="checks"');
    expect(flag).toContain('fill="#15171c"');
    expect(flag).not.toContain('stroke-dasharray');
  });

  it('CM-10 the transform tile writes its types as text', () => {
    const t = group('tile tile-transform', 'b3');
    expect(t).toMatch(/<text class="types"[^>]*>NQ<\/text>/);
  });

  it('every tile kind, the hole, both sides, the letter, the subtitle with the ruleset name', () => {
    for (const [k, sq] of [
      ['finish', 'a3'],
      ['transform', 'b3'],
      ['lock', 'c3'],
      ['letter', 'd3'],
      ['key', 'a2'],
      ['plate', 'b2'],
      ['coin', 'c2'],
      ['gem', 'd2'],
    ] as const)
      group(`tile tile-${k}`, sq);
    expect(group('tile tile-letter', 'd3')).toMatch(/>W<\/text>/);
    group('hole', 'c1');
    expect(group('piece piece-rook', 'd1')).toContain('class="enemy"');
    expect(s).toContain('Chess Maze · unproved');
  });

  it('a legend with one entry per kind shown', () => {
    const legend = s.slice(s.indexOf('<g class="legend">'));
    expect(count(legend, /class="legend-entry"/g)).toBe(cm.tiles!.length + 3);
    for (const label of [
      'Finish flag (CM-11)',
      'Transform: N Q (CM-10)',
      'Red lock (CM-7)',
      'Letter (CM-9)',
      'Red key: opens its locks (CM-5)',
      'Green plate: open while held (CM-6)',
      'Coin (CM-8)',
      'Gem (CM-8)',
      'Hole (CM-1)',
      'Player piece (CM-2)',
      'Enemy piece ×: capture it (CM-2)',
    ]) {
      expect(legend).toContain(`>${label}</text>`);
    }
  });

  it('LC-13 Locking Chess is drawn from the LFEN: a stack shows both pieces and the lock mark', () => {
    const lc = renderLevelSvg({
      format: 'castellan.level',
      version: 1,
      ruleset: 'locking-chess',
      meta: { title: 'Stack' },
      board: { width: 8, height: 8 },
      position: '4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1',
      pieces: [{ role: 'queen', square: 'a1' }],
    } as LockingChessLevel);
    expect(lc).toContain('class="piece piece-pawn" data-square="e4"');
    expect(lc).toContain('class="piece piece-knight" data-square="e4"');
    expect(lc).toContain('class="lock" data-square="e4"');
    expect(lc).not.toContain('data-square="a1"');
    expect(lc).toContain('>White to move</text>');
  });
});
