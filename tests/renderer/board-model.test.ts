import { describe, expect, it } from 'vitest';
import { boardStateDetail, boardStateText, displayModel, lanSquares } from '../../src-renderer/editor/board-model.js';
import { computeLayout, squareAtPoint, squareCentre } from '../../src-renderer/editor/geometry.js';
import { redDoor, sampleLevel } from './fixtures.js';

describe('board model and geometry', () => {
  it('text mirror: pieces sorted, then walls, then the portal', () => {
    const m = displayModel(sampleLevel());
    expect(boardStateText(m)).toBe('K:e1 P:e2 R:e4 W:d4 portal:e8');
    expect(boardStateDetail(m)).toBe('K:e1:ivory P:e2:ivory:east R:e4:ivory');
  });

  it('Chess Maze mirror: pieces (player upper, enemy lower case), holes H:, then tile tokens, each group sorted', () => {
    const m = displayModel(redDoor());
    expect(boardStateText(m)).toBe('N:a1 r:e5 H:c3 coin:c5 finish:e4 key:red:b3 lock:red:d4');
    expect(boardStateDetail(m)).toBe('N:a1:player R:e5:enemy');
    const doc = redDoor();
    doc.pieces.push({ role: 'pawn', square: 'b1', side: 'enemy', facing: 'west' });
    doc.tiles!.push({ kind: 'letter', square: 'a5', letter: 'Q' }, { kind: 'transform', square: 'b5', allowed: ['knight', 'king'] }, { kind: 'plate', square: 'd1', color: 'green' }, { kind: 'gem', square: 'e1' });
    const m2 = displayModel(doc, { openColors: new Set(['red'] as const) });
    expect(boardStateText(m2)).toBe('N:a1 p:b1 r:e5 H:c3 coin:c5 finish:e4 gem:e1 key:red:b3 letter:Q:a5 lock:red:d4:open plate:green:d1 transform:NK:b5');
    expect(boardStateDetail(m2)).toBe('N:a1:player P:b1:enemy:west R:e5:enemy');
    // Drawing order: floor tiles first, the finish last.
    expect(m2.tiles[0]!.kind).toMatch(/transform|plate|lock/);
    expect(m2.tiles.at(-1)!.kind).toBe('finish');
  });

  it('off-board entries are not displayed', () => {
    const doc = sampleLevel();
    doc.board = { width: 4, height: 4 };
    expect(boardStateText(displayModel(doc))).toBe('W:d4');
  });

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
