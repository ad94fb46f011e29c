/**
 * The bit-parallel blocker-aware route bound (heuristic.ts `routeBound`)
 * against the Dijkstra it replaced (route-bound-dijkstra.ts), and
 * hand-worked values on boards of one, two and more bitboard words.
 * UK-4 (king steps), UK-5 (no captures: a piece on the route must move
 * away first), UK-6 (the portal).
 */
import { describe, expect, it } from 'vitest';
import { routeBound, routeWords } from '../../../../src-shared/rulesets/unlock-the-king/heuristic.js';
import type { UkPosition } from '../../../../src-shared/rulesets/unlock-the-king/position.js';
import { routeBoundDijkstra } from './route-bound-dijkstra.js';

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The board facts the route bound reads (width, height, walls, portal). */
function board(width: number, height: number, wallSquares: number[], portal: number): UkPosition {
  const walls = new Uint8Array(width * height);
  for (const w of wallSquares) walls[w] = 1;
  return { width, height, walls, portal, king: 0, pieces: [], tables: undefined as never } as UkPosition;
}

/** Square index of a name like `c3` on a board `width` wide. */
const sq = (name: string, width: number): number => (Number(name.slice(1)) - 1) * width + name.charCodeAt(0) - 97;

function bits(pos: UkPosition, occupied: number[]): Int32Array {
  const occ = new Int32Array(routeWords(pos));
  for (const s of occupied) occ[s >>> 5]! |= 1 << (s & 31);
  return occ;
}

describe('UK route bound (bit-parallel)', () => {
  it('UK-5 3x3, walls a2 b2, king a1, rook b1, portal c1: 2 steps + 1 piece on the only short route = 3', () => {
    const pos = board(3, 3, [sq('a2', 3), sq('b2', 3)], sq('c1', 3));
    expect(routeBound(pos)(bits(pos, [sq('b1', 3)]), sq('a1', 3), 100)).toBe(3);
  });

  it('UK-4 8x8 (two words): king a1, portal h8, pieces on the whole long diagonal b2..g7: 7 steps around them beat 7 + 6', () => {
    const pos = board(8, 8, [], sq('h8', 8));
    const diag = ['b2', 'c3', 'd4', 'e5', 'f6', 'g7'].map((n) => sq(n, 8));
    // a1-a2-b3-c4-d5-e6-f7-g8-h8 avoids every piece: 8 steps; the diagonal is 7 steps + 6 pieces.
    expect(routeBound(pos)(bits(pos, diag), sq('a1', 8), 100)).toBe(8);
    expect(routeBound(pos)(bits(pos, []), sq('a1', 8), 100)).toBe(7);
  });

  it('UK-5 16x16 (eight words): a wall across rank 9 with one gap at p9 holding a piece; king a1, portal a16', () => {
    const w = 16;
    const walls: number[] = [];
    for (let f = 0; f < 15; f++) walls.push(8 * w + f); // a9..o9 walled, p9 open
    const pos = board(w, w, walls, sq('a16', w));
    // a1 -> p9 needs 15 file steps (8 rank steps fit inside them), p9 -> a16 another 15: 30 steps, +1 for the piece on p9.
    expect(routeBound(pos)(bits(pos, [sq('p9', w)]), sq('a1', w), 100)).toBe(31);
    expect(routeBound(pos)(bits(pos, []), sq('a1', w), 100)).toBe(30);
    // Past the limit: limit + 1.
    expect(routeBound(pos)(bits(pos, [sq('p9', w)]), sq('a1', w), 20)).toBe(21);
  });

  it('UK-4 -1 when walls cut the king off from the portal; 0 on the portal', () => {
    const pos = board(4, 4, [sq('a2', 4), sq('b2', 4), sq('c2', 4), sq('d2', 4)], sq('d4', 4));
    expect(routeBound(pos)(bits(pos, []), sq('a1', 4), 100)).toBe(-1);
    expect(routeBound(pos)(bits(pos, [sq('c3', 4)]), sq('d4', 4), 100)).toBe(0);
  });

  it('UK-4 UK-5 equals the Dijkstra bound on 6,000 random boards, occupancies and limits (3x3 .. 16x16)', () => {
    const rand = rng(20261202);
    let compared = 0;
    let cut = 0;
    for (let t = 0; t < 300; t++) {
      const width = 3 + Math.floor(rand() * 14);
      const height = 3 + Math.floor(rand() * 14);
      const size = width * height;
      const wallRate = rand() * 0.35;
      const walls: number[] = [];
      for (let s = 0; s < size; s++) if (rand() < wallRate) walls.push(s);
      const open = [...Array(size).keys()].filter((s) => !walls.includes(s));
      if (open.length < 2) continue;
      const portal = open[Math.floor(rand() * open.length)]!;
      const pos = board(width, height, walls, portal);
      const fast = routeBound(pos);
      const slow = routeBoundDijkstra(pos);
      for (let k = 0; k < 20; k++) {
        const king = open[Math.floor(rand() * open.length)]!;
        const rate = rand() * 0.6;
        const occupied = open.filter((s) => s !== king && rand() < rate);
        const grid = new Uint8Array(size);
        for (const s of occupied) grid[s] = 1;
        const limit = rand() < 0.5 ? 0x3fff : Math.floor(rand() * 30);
        const expected = slow(grid, king, limit);
        expect(fast(bits(pos, occupied), king, limit), `${width}x${height} king ${king} portal ${portal} limit ${limit}`).toBe(expected);
        compared++;
        if (expected === limit + 1) cut++;
      }
    }
    expect(compared).toBeGreaterThan(5000);
    expect(cut).toBeGreaterThan(100); // the limit cut-off is exercised too
  });

  it('UK-4 UK-5 parent-bound reuse: along random move sequences every answer equals the Dijkstra bound (3x3 .. 16x16)', () => {
    // One bound per board, queried after each move of a walk, as A* queries a parent and then its children:
    // most moves leave the king and its relevant squares alone, so the remembered answers are what is checked.
    const rand = rng(4242);
    let compared = 0;
    let moved = 0;
    for (let t = 0; t < 120; t++) {
      const width = 3 + Math.floor(rand() * 14);
      const height = 3 + Math.floor(rand() * 14);
      const size = width * height;
      const walls: number[] = [];
      const wallRate = rand() * 0.25;
      for (let s = 0; s < size; s++) if (rand() < wallRate) walls.push(s);
      const open = [...Array(size).keys()].filter((s) => !walls.includes(s));
      if (open.length < 4) continue;
      const portal = open[Math.floor(rand() * open.length)]!;
      const pos = board(width, height, walls, portal);
      const fast = routeBound(pos);
      const slow = routeBoundDijkstra(pos);
      let king = open[Math.floor(rand() * open.length)]!;
      const grid = new Uint8Array(size);
      const rate = 0.1 + rand() * 0.4;
      for (const s of open) if (s !== king && rand() < rate) grid[s] = 1;
      for (let k = 0; k < 60; k++) {
        const occupied = open.filter((s) => grid[s] !== 0);
        const empty = open.filter((s) => grid[s] === 0 && s !== king);
        if (rand() < 0.1 && empty.length > 0) {
          king = empty[Math.floor(rand() * empty.length)]!; // a king move (no reuse)
        } else if (occupied.length > 0 && empty.length > 0) {
          grid[occupied[Math.floor(rand() * occupied.length)]!] = 0;
          grid[empty[Math.floor(rand() * empty.length)]!] = 1;
          moved++;
        }
        const limit = rand() < 0.7 ? 0x3fff : Math.floor(rand() * 30);
        const expected = slow(grid, king, limit);
        const occ = open.filter((s) => grid[s] !== 0);
        expect(fast(bits(pos, occ), king, limit), `${width}x${height} walk ${k} king ${king} portal ${portal} limit ${limit}`).toBe(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5000);
    expect(moved).toBeGreaterThan(4000);
  });
});
