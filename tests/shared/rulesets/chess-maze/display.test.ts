/**
 * Chess Maze display (rulesets/chess-maze/display.ts) on hand-made levels:
 * layers (floor tiles, items, badges under pieces), multi-item slots, open
 * locks (CM-5 / CM-6), the text mirror, the screen-reader description and
 * the legend.
 *
 * "Red door" (LEVEL-FORMAT-v1 example), 5 x 5:
 *   5  .  .  C  .  r      C coin c5, r enemy rook e5
 *   4  .  .  .  L  F      L red lock d4, F finish e4
 *   3  .  k  H  .  .      k red key b3, H hole c3
 *   2  .  .  .  .  .
 *   1  N  .  .  .  .      N player knight a1
 *      a  b  c  d  e
 */
import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel } from '../../../../src-shared/model/level.js';
import { cmDisplay } from '../../../../src-shared/rulesets/chess-maze/display.js';
import { describeSquare, itemAt } from '../../../../src-shared/display/board-display.js';
import { displayLevel } from '../../../../src-shared/rulesets/index.js';

function redDoor(): ChessMazeLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title: 'Red door' },
    board: { width: 5, height: 5, holes: ['c3'] },
    pieces: [
      { role: 'knight', square: 'a1', side: 'player' },
      { role: 'rook', square: 'e5', side: 'enemy' },
    ],
    tiles: [
      { kind: 'key', square: 'b3', color: 'red' },
      { kind: 'lock', square: 'd4', color: 'red' },
      { kind: 'coin', square: 'c5' },
      { kind: 'finish', square: 'e4' },
    ],
    objectives: { collect: true },
  };
}

describe('Chess Maze display', () => {
  it('mirror: pieces (player upper, enemy lower case), holes H:, then tile tokens, each group sorted', () => {
    const m = displayLevel(redDoor()).mirror;
    expect(m.state).toBe('N:a1 r:e5 H:c3 coin:c5 finish:e4 key:red:b3 lock:red:d4');
    expect(m.detail).toBe('N:a1:player R:e5:enemy');
    const doc = redDoor();
    doc.pieces.push({ role: 'pawn', square: 'b1', side: 'enemy', facing: 'west' });
    doc.tiles!.push(
      { kind: 'letter', square: 'a5', letter: 'Q' },
      { kind: 'transform', square: 'b5', allowed: ['knight', 'king'] },
      { kind: 'plate', square: 'd1', color: 'green' },
      { kind: 'gem', square: 'e1' },
    );
    const d2 = displayLevel(doc, { openColors: new Set(['red']) });
    expect(d2.mirror.state).toBe('N:a1 p:b1 r:e5 H:c3 coin:c5 finish:e4 gem:e1 key:red:b3 letter:Q:a5 lock:red:d4:open plate:green:d1 transform:NK:b5');
    expect(d2.mirror.detail).toBe('N:a1:player P:b1:enemy:west R:e5:enemy');
    // Drawing order: floor tiles first, the finish last.
    const tiles = d2.glyphs.filter((g) => g.art.kind === 'tile');
    expect(tiles[0]!.art).toMatchObject({ tile: expect.stringMatching(/transform|plate|lock/) });
    expect(tiles.at(-1)!.art).toMatchObject({ tile: 'finish' });
  });

  it('CM-1 / CM-2 / CM-5..CM-11 glyphs: hole terrain, floor lock, items, pieces; enemy dark with its badge', () => {
    const d = cmDisplay(redDoor());
    expect(d.glyphs.map((g) => `${g.layer}:${g.square}:${g.art.kind === 'tile' ? g.art.tile : g.art.kind}`)).toEqual([
      'terrain:c3:hole',
      'floor:d4:lock',
      'item:c5:coin',
      'item:b3:key',
      'item:e4:finish',
      'piece:a1:piece',
      'piece:e5:piece',
    ]);
    expect(d.glyphs.find((g) => g.square === 'e5')!.art).toEqual({ kind: 'piece', role: 'rook', tone: 'dark', enemy: true });
    expect(d.glyphs.find((g) => g.square === 'a1')!.art).toEqual({ kind: 'piece', role: 'knight', tone: 'light' });
    expect(d.glyphs.find((g) => g.square === 'd4')!.art).toEqual({ kind: 'tile', tile: 'lock', color: 'red' });
    // CM-5: a held key's colour draws its locks open.
    expect(cmDisplay(redDoor(), { openColors: new Set(['red']) }).glyphs.find((g) => g.square === 'd4')!.art).toEqual({
      kind: 'tile',
      tile: 'lock',
      color: 'red',
      open: true,
    });
  });

  it('an item under a piece is a backed badge; several items share the corner slots; the transform keeps its types', () => {
    const doc = redDoor();
    doc.pieces.push({ role: 'bishop', square: 'b3', side: 'player' });
    doc.tiles!.push({ kind: 'coin', square: 'e4' }, { kind: 'transform', square: 'a3', allowed: ['knight', 'queen'] });
    const d = cmDisplay(doc);
    expect(d.glyphs.find((g) => g.square === 'b3' && g.art.kind === 'tile')).toMatchObject({
      layer: 'badge',
      backed: true,
      box: { x: 0, y: 0.66, size: 0.34 },
      item: 'key',
    });
    const e4 = d.glyphs.filter((g) => g.square === 'e4');
    // Drawing order on e4: the coin below the finish (the finish is what a press grabs).
    expect(e4.map((g) => [g.layer, (g.art as { tile: string }).tile, g.box])).toEqual([
      ['item', 'coin', { x: 0, y: 0, size: 0.54 }],
      ['item', 'finish', { x: 0.46, y: 0.46, size: 0.54 }],
    ]);
    expect(d.glyphs.find((g) => g.square === 'a3')).toMatchObject({ layer: 'floor', art: { kind: 'tile', tile: 'transform', allowed: ['knight', 'queen'] } });
    expect(itemAt(d, 'e4')).toBe('finish');
    expect(itemAt(d, 'b3')).toBe('piece');
    expect(itemAt(d, 'd4')).toBe('lock');
    expect(itemAt(d, 'c3')).toBeNull();
  });

  it('screen-reader description: hole, piece, then the tiles in document order', () => {
    const doc = redDoor();
    doc.pieces.push({ role: 'knight', square: 'b3', side: 'player' }, { role: 'pawn', square: 'b2', side: 'enemy', facing: 'south' });
    doc.tiles!.push(
      { kind: 'letter', square: 'c4', letter: 'A' },
      { kind: 'transform', square: 'd2', allowed: ['knight', 'queen'] },
      { kind: 'coin', square: 'e4' },
    );
    const d = cmDisplay(doc);
    expect(describeSquare(d, 'b3')).toBe('b3: player knight, red key');
    expect(describeSquare(d, 'c3')).toBe('c3: hole');
    expect(describeSquare(d, 'b2')).toBe('b2: enemy pawn facing south');
    expect(describeSquare(d, 'c4')).toBe('c4: letter A');
    expect(describeSquare(d, 'd2')).toBe('d2: transform to knight or queen');
    expect(describeSquare(d, 'e4')).toBe('e4: finish, coin');
    expect(describeSquare(d, 'a2')).toBe('a2: empty');
  });

  it('legend: one entry per kind shown, with its colour and the transform types', () => {
    const doc = redDoor();
    doc.tiles!.push({ kind: 'transform', square: 'a3', allowed: ['knight', 'queen'] }, { kind: 'key', square: 'a2', color: 'red' });
    expect(cmDisplay(doc).legend.map((e) => e.label)).toEqual([
      'Hole (CM-1)',
      'Player piece (CM-2)',
      'Enemy piece ×: capture it (CM-2)',
      'Transform: N Q (CM-10)',
      'Red lock (CM-7)',
      'Coin (CM-8)',
      'Red key: opens its locks (CM-5)',
      'Finish flag (CM-11)',
    ]);
    expect(cmDisplay(doc).legend.find((e) => e.label.startsWith('Transform'))!.art).toEqual({ kind: 'tile', tile: 'transform', allowed: ['knight', 'queen'] });
  });
});
