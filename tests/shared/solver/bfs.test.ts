/**
 * The generic BFS engine on toy problems whose answers are worked out by hand
 * (no ruleset involved).
 */
import { describe, expect, it } from 'vitest';
import { hashWords, solveBfs } from '../../../src-shared/solver/bfs.js';
import type { SearchProblem, SolveProgress } from '../../../src-shared/solver/types.js';

/** One word: x in [0, limit). Moves: 0 = "+1", 1 = "*2". */
function counter(start: number, target: number, limit: number): SearchProblem {
  return {
    stateWords: 1,
    writeInitial(out) {
      out[0] = start;
    },
    isGoal(buf, off) {
      return buf[off] === target;
    },
    expand(buf, off, out, emit) {
      const x = buf[off]!;
      if (x + 1 < limit) {
        out[0] = x + 1;
        if (emit(0)) return;
      }
      if (x * 2 < limit) {
        out[0] = x * 2;
        if (emit(1)) return;
      }
    },
    moveToLan(buf, off, move) {
      return (move === 0 ? '+1' : '*2') + '@' + String(buf[off]);
    },
  };
}

/** Two words (x, y) on a w x h grid, 4-neighbour moves; goal (gx, gy) (may lie outside = unreachable). */
function grid(w: number, h: number, gx: number, gy: number): SearchProblem {
  const D = [
    [0, 1],
    [1, 0],
    [0, -1],
    [-1, 0],
  ] as const;
  return {
    stateWords: 2,
    writeInitial(out) {
      out[0] = 0;
      out[1] = 0;
    },
    isGoal(buf, off) {
      return buf[off] === gx && buf[off + 1] === gy;
    },
    expand(buf, off, out, emit) {
      const x = buf[off]!;
      const y = buf[off + 1]!;
      for (let d = 0; d < 4; d++) {
        const nx = x + D[d]![0];
        const ny = y + D[d]![1];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        out[0] = nx;
        out[1] = ny;
        if (emit(d)) return;
      }
    },
    moveToLan(_buf, _off, move) {
      return 'NESW'[move]!;
    },
  };
}

/** Three words (x, y, z) on an n x n x n grid, 6-neighbour moves; goal (g, g, g) (g = -1: unreachable). */
function grid3(nx: number, ny: number, nz: number, g: number): SearchProblem {
  const size = [nx, ny, nz];
  return {
    stateWords: 3,
    writeInitial(out) {
      out.fill(0, 0, 3);
    },
    isGoal(buf, off) {
      return buf[off] === g && buf[off + 1] === g && buf[off + 2] === g;
    },
    expand(buf, off, out, emit) {
      for (let axis = 0; axis < 3; axis++) {
        for (const d of [1, -1]) {
          const v = buf[off + axis]! + d;
          if (v < 0 || v >= size[axis]!) continue;
          for (let k = 0; k < 3; k++) out[k] = buf[off + k]!;
          out[axis] = v;
          if (emit(axis * 2 + (d > 0 ? 0 : 1))) return;
        }
      }
    },
    moveToLan(_buf, _off, move) {
      return 'xyz'[move >> 1]! + ((move & 1) === 0 ? '+' : '-');
    },
  };
}

describe('solveBfs', () => {
  it('finds the optimum of a counter puzzle: 1 -> 10 by +1 / *2 takes 4 moves', () => {
    // 3 moves from 1 reach at most 8, so 10 needs >= 4; 1*2=2, *2=4, +1=5, *2=10.
    const r = solveBfs(counter(1, 10, 1000));
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.length).toBe(4);
    expect(r.optimal).toBe(true);
    // Replay the LAN: each names the move and the value it was played from.
    let x = 1;
    for (const lan of r.moves) {
      const [op, from] = lan.split('@');
      expect(Number(from)).toBe(x);
      x = op === '+1' ? x + 1 : x * 2;
    }
    expect(x).toBe(10);
  });

  it('a start state that is already the goal is solved in 0 moves with 1 state', () => {
    expect(solveBfs(counter(7, 7, 100))).toEqual({ status: 'solved', length: 0, moves: [], states: 1, optimal: true });
  });

  it('grid 10x10 corner to corner takes 18 moves', () => {
    const r = solveBfs(grid(10, 10, 9, 9));
    expect(r.status).toBe('solved');
    if (r.status === 'solved') {
      expect(r.length).toBe(18);
      expect(r.moves.filter((m) => m === 'N')).toHaveLength(9);
      expect(r.moves.filter((m) => m === 'E')).toHaveLength(9);
      // Every other cell is nearer than distance 18, so all 100 are stored by then.
      expect(r.states).toBe(100);
    }
  });

  it('proves unsolvable after visiting exactly every reachable state (100x100 grid, goal off-grid)', () => {
    // 10,000 states: forces several arena and table growths.
    const r = solveBfs(grid(100, 100, -1, -1));
    expect(r).toEqual({ status: 'unsolvable', states: 10_000 });
  });

  it('still exact when maxStates leaves no room for hash tags in table entries', () => {
    expect(solveBfs(grid(100, 100, -1, -1), { maxStates: 2 ** 31 })).toEqual({ status: 'unsolvable', states: 10_000 });
    expect(solveBfs(grid(30, 30, 29, 0), { maxStates: 2 ** 31 })).toMatchObject({ status: 'solved', length: 29 });
  });

  it('three-word states (the index-table store): a 12x12x12 grid corner to corner takes 33 moves; all 1,728 cells are stored when the goal is off-grid', () => {
    // Manhattan distance 11 + 11 + 11; every cell is reachable.
    const r = solveBfs(grid3(12, 12, 12, 11));
    expect(r).toMatchObject({ status: 'solved', length: 33, optimal: true });
    if (r.status === 'solved') {
      const end = [0, 0, 0];
      for (const m of r.moves) end['xyz'.indexOf(m[0]!)]! += m[1] === '+' ? 1 : -1;
      expect(end).toEqual([11, 11, 11]);
    }
    expect(solveBfs(grid3(12, 12, 12, -1))).toEqual({ status: 'unsolvable', states: 1728 });
  });

  it('maxStates stops with limit/states', () => {
    const r = solveBfs(grid(100, 100, 99, 99), { maxStates: 500 });
    expect(r.status).toBe('limit');
    if (r.status === 'limit') {
      expect(r.reason).toBe('states');
      expect(r.states).toBe(500);
      expect(r.depth).toBeGreaterThan(0);
    }
  });

  it('maxBytes stops with limit/memory', () => {
    const r = solveBfs(grid(1000, 1000, 999, 999), { maxBytes: 200_000 });
    expect(r.status).toBe('limit');
    if (r.status === 'limit') {
      expect(r.reason).toBe('memory');
      // 16 bytes per stored state plus the table: far fewer than 200,000 / 16 states.
      expect(r.states).toBeLessThan(12_500);
      expect(r.states).toBeGreaterThan(1000);
    }
  });

  it('an already-aborted signal cancels before any expansion', () => {
    const r = solveBfs(grid(100, 100, 99, 99), { signal: { aborted: true } });
    expect(r).toEqual({ status: 'cancelled', states: 1, depth: 0 });
  });

  it('a signal aborted mid-search cancels at the next poll', () => {
    let polls = 0;
    const signal = {
      get aborted() {
        polls++;
        return polls > 2; // false at expansions 0 and 4096, true at 8192
      },
    };
    const r = solveBfs(grid(300, 300, 299, 299), { signal });
    expect(r.status).toBe('cancelled');
    expect(polls).toBe(3);
    if (r.status === 'cancelled') {
      expect(r.states).toBeGreaterThan(8192);
      expect(r.states).toBeLessThan(90_000);
    }
  });

  it('onProgress reports increasing states and non-decreasing depth, once per new depth', () => {
    const seen: SolveProgress[] = [];
    const r = solveBfs(grid(30, 30, 29, 29), { progressEvery: 50, onProgress: (p) => seen.push({ ...p }) });
    expect(r.status).toBe('solved');
    expect(seen.length).toBeGreaterThan(900 / 50);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.states).toBeGreaterThanOrEqual(seen[i - 1]!.states);
      expect(seen[i]!.depth).toBeGreaterThanOrEqual(seen[i - 1]!.depth);
    }
    expect(seen[seen.length - 1]!.states).toBeGreaterThan(seen[0]!.states);
    // Depths 0..57 are each announced (the goal sits at depth 58 and is found while expanding 57).
    const depths = new Set(seen.map((p) => p.depth));
    for (let d = 0; d <= 57; d++) expect(depths.has(d)).toBe(true);
  });

  it('rejects a malformed problem with RangeError', () => {
    expect(() => solveBfs({ ...counter(1, 2, 10), stateWords: 0 })).toThrow(RangeError);
  });

  it('hashWords mixes every word (different states, different hashes)', () => {
    const a = new Int32Array([1, 2, 3]);
    const b = new Int32Array([1, 2, 4]);
    const c = new Int32Array([2, 1, 3]);
    const ha = hashWords(a, 0, 3);
    expect(hashWords(b, 0, 3)).not.toBe(ha);
    expect(hashWords(c, 0, 3)).not.toBe(ha);
    expect(hashWords(new Int32Array([9, 1, 2, 3]), 1, 3)).toBe(ha);
  });
});

describe('depth bound (SearchProblem.maxDepth)', () => {
  // Hand-worked: 1 -> 10 by +1/*2 needs 4 moves (1,2,4,5,10); the states
  // within 3 moves of 1 are {1,2,3,4,5,6,8} (7 states) plus those stored at depth 3.
  it('finds a solution of exactly maxDepth moves', () => {
    const r = solveBfs({ ...counter(1, 10, 100), maxDepth: 4 });
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.length).toBe(4);
  });
  it('answers unsolvable when the optimum exceeds maxDepth', () => {
    const r = solveBfs({ ...counter(1, 10, 100), maxDepth: 3 });
    expect(r.status).toBe('unsolvable');
  });
  it('maxDepth 0 only tests the start state', () => {
    expect(solveBfs({ ...counter(1, 10, 100), maxDepth: 0 }).status).toBe('unsolvable');
    expect(solveBfs({ ...counter(10, 10, 100), maxDepth: 0 }).status).toBe('solved');
  });
});
