/**
 * Level -> SVG (src-shared/render/svg.ts) on a hand-made Unlock the King
 * level: 4x3 board, walls b2 and c2, portal d3, king a1, rook d1, lateral
 * pawn c1 facing east (UK-4), par 5.
 */
import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { renderLevelSvg } from '../../../src-shared/render/svg.js';

const level: UnlockTheKingLevel = {
  format: 'castellan.level', version: 1, ruleset: 'unlock-the-king',
  meta: { title: 'Tiny <Test> & Co' }, board: { width: 4, height: 3 },
  walls: ['b2', 'c2'], portal: 'd3', par: 5,
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
    expect(count(svg, /fill="url\(#hatch\)"/g)).toBe(2);
    expect(svg).toContain('<pattern id="hatch"');
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
      format: 'castellan.level', version: 1, ruleset: 'chess-maze', meta: { title: 'CM' },
      board: { width: 3, height: 3, holes: ['b2'] },
      pieces: [{ role: 'knight', square: 'a1', side: 'player' }],
      tiles: [{ kind: 'key', square: 'c1', color: 'red' }, { kind: 'finish', square: 'c3' }],
    };
    const s = renderLevelSvg(cm);
    expect(count(s, /class="hole"/g)).toBe(1);
    expect(s).toContain('class="tile tile-key"');
    expect(s).toContain('class="tile tile-finish"');
    expect(s).toContain('unproved');
  });
});
