/**
 * Pieces that can never move (heuristic.ts `stuckSquares`) and the route
 * bound that treats them as walls. Expected values are worked by hand from
 * UK-4 (movement: a pawn steps only in its facing unless `lateral`), UK-5
 * (no captures: a move ends on an empty, non-wall square) and UK-6 (the
 * king must land on the portal).
 */
import { describe, expect, it } from 'vitest';
import { routeBound, routeWords, stuckSquares } from '../../../../src-shared/rulesets/unlock-the-king/heuristic.js';
import { ukSolve } from '../../../../src-shared/rulesets/unlock-the-king/search.js';
import { squareIndex } from '../../../../src-shared/model/square.js';
import { ukPos } from './helpers.js';

const names = (stuck: Uint8Array, width: number): string[] =>
  [...stuck.keys()].filter((i) => stuck[i]).map((i) => String.fromCharCode(97 + (i % width)) + String(Math.floor(i / width) + 1));

describe('UK stuck pieces', () => {
  it('UK-4 UK-5: a pawn facing the edge or a wall is stuck, and so is a pawn whose only step is onto a stuck piece', () => {
    const pos = ukPos({
      walls: ['b1'],
      pieces: [
        { role: 'king', square: 'e4' },
        { role: 'pawn', square: 'a8', facing: 'north' }, // edge ahead
        { role: 'pawn', square: 'a7', facing: 'north' }, // ahead: the stuck a8 pawn
        { role: 'pawn', square: 'c1', facing: 'west' }, // ahead: the wall b1
        { role: 'pawn', square: 'b8', facing: 'north', lateral: true }, // may step sideways to c8
        { role: 'pawn', square: 'e3', facing: 'north' }, // ahead: the king, which moves
        { role: 'rook', square: 'h1' },
        { role: 'knight', square: 'b7' }, // jumps over the stuck pawns
      ],
    });
    expect(names(stuckSquares(pos), 8).sort()).toEqual(['a7', 'a8', 'c1']);
  });

  it('UK-4 UK-5: a stuck pawn on the short way is a wall: 4 king steps around it, not 2 steps + 1 piece', () => {
    // 3x3: wall b2, pawn a2 facing west (the edge: it never moves), king a1, portal a3.
    // The king has to go a1-b1-c2-b3-a3.
    const pos = ukPos({
      width: 3,
      height: 3,
      walls: ['b2'],
      portal: 'a3',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'pawn', square: 'a2', facing: 'west' },
      ],
    });
    const occ = new Int32Array(routeWords(pos));
    const a2 = squareIndex('a2', 3, 3);
    occ[a2 >>> 5]! |= 1 << (a2 & 31);
    expect(routeBound(pos)(occ, squareIndex('a1', 3, 3), 100)).toBe(4);
    const r = ukSolve(pos);
    expect(r.status === 'solved' && r.length).toBe(4);
  });

  it('UK-6: a stuck piece on the portal makes the blueprint unsolvable (no route at all)', () => {
    const pos = ukPos({
      width: 3,
      height: 3,
      portal: 'c3',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'pawn', square: 'c3', facing: 'north' },
        { role: 'rook', square: 'b1' },
      ],
    });
    const occ = new Int32Array(routeWords(pos));
    for (const s of ['c3', 'b1']) {
      const i = squareIndex(s, 3, 3);
      occ[i >>> 5]! |= 1 << (i & 31);
    }
    expect(routeBound(pos)(occ, squareIndex('a1', 3, 3), 100)).toBe(-1);
    expect(ukSolve(pos).status).toBe('unsolvable');
  });
});
