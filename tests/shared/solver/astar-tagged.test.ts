/**
 * The A* counting path's tagged-move metrics (SolveMetrics.taggedMovesMin /
 * taggedMovesMax, SearchProblem.moveTag) on hand-worked grid problems: the
 * expected values follow from counting monotone lattice paths by hand.
 */
import { describe, expect, it } from 'vitest';
import { solveAStar } from '../../../src-shared/solver/astar.js';
import type { SearchProblem } from '../../../src-shared/solver/types.js';

const D = [
  [0, 1], // N
  [1, 0], // E
  [0, -1], // S
  [-1, 0], // W
] as const;

/**
 * (x, y) on a w x h grid from (0, 0) to (gx, gy), 4-neighbour moves,
 * Manhattan heuristic; `tag` decides which moves are tagged (from the
 * parent square and the direction), `reverse` adds predecessors.
 */
function grid(w: number, h: number, gx: number, gy: number, tag: ((x: number, y: number, dir: number) => 0 | 1) | undefined, reverse = false): SearchProblem {
  const step = (buf: Int32Array, off: number, out: Int32Array, emit: (m: number) => boolean): void => {
    for (let d = 0; d < 4; d++) {
      const nx = buf[off]! + D[d]![0];
      const ny = buf[off + 1]! + D[d]![1];
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      out[0] = nx;
      out[1] = ny;
      if (emit(d)) return;
    }
  };
  return {
    stateWords: 2,
    writeInitial(out) {
      out[0] = 0;
      out[1] = 0;
    },
    isGoal: (buf, off) => buf[off] === gx && buf[off + 1] === gy,
    expand: step,
    moveToLan: (_b, _o, move) => 'NESW'[move]!,
    heuristic: (buf, off) => Math.abs(gx - buf[off]!) + Math.abs(gy - buf[off + 1]!),
    ...(reverse ? { expandReverse: step } : {}),
    ...(tag ? { moveTag: (buf: Int32Array, off: number, move: number) => tag(buf[off]!, buf[off + 1]!, move) } : {}),
  };
}

describe('A* tagged-move metrics (min / max over all optimal solutions)', () => {
  it('every optimal path from (0,0) to (4,3) has exactly 4 east moves: min = max = 4', () => {
    const r = solveAStar(grid(5, 4, 4, 3, (_x, _y, d) => (d === 1 ? 1 : 0)));
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.length).toBe(7);
    expect(r.metrics?.taggedMovesMin).toBe(4);
    expect(r.metrics?.taggedMovesMax).toBe(4);
  });

  it('north moves made in column 0 on the way to (3,3): from 0 (east first) to 3 (north first)', () => {
    for (const reverse of [false, true]) {
      const r = solveAStar(grid(4, 4, 3, 3, (x, _y, d) => (d === 0 && x === 0 ? 1 : 0), reverse));
      expect(r.status === 'solved' && r.metrics?.taggedMovesMin).toBe(0);
      expect(r.status === 'solved' && r.metrics?.taggedMovesMax).toBe(3);
    }
  });

  it('moves leaving an odd square (x + y odd) to (2,2): every monotone 4-move path alternates parity, so exactly 2', () => {
    const r = solveAStar(grid(3, 3, 2, 2, (x, y) => ((x + y) % 2 === 1 ? 1 : 0)));
    expect(r.status === 'solved' && [r.metrics?.taggedMovesMin, r.metrics?.taggedMovesMax]).toEqual([2, 2]);
  });

  it('the metric stays exact when the solution count is capped: C(8,4) = 70 paths, cap 5, east moves in row 0 still 0..4', () => {
    const r = solveAStar(
      grid(5, 5, 4, 4, (_x, y, d) => (d === 1 && y === 0 ? 1 : 0)),
      { countSolutions: 5 },
    );
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.metrics?.optimalSolutionsCapped).toBe(true);
    expect([r.metrics?.taggedMovesMin, r.metrics?.taggedMovesMax]).toEqual([0, 4]);
  });

  it('absent without the hook, and absent with counting off (no cost on the fast path)', () => {
    const untagged = solveAStar(grid(4, 4, 3, 3, undefined));
    expect(untagged.status === 'solved' && 'taggedMovesMin' in (untagged.metrics ?? {})).toBe(false);
    let calls = 0;
    const off = solveAStar(
      grid(4, 4, 3, 3, () => {
        calls++;
        return 1;
      }),
      { countSolutions: 0 },
    );
    expect(off.status === 'solved' && off.metrics?.taggedMovesMin).toBeUndefined();
    expect(calls).toBe(0);
  });

  it('a start that is already the goal has 0 tagged moves', () => {
    const r = solveAStar(grid(2, 2, 0, 0, () => 1));
    expect(r.status === 'solved' && [r.length, r.metrics?.taggedMovesMin, r.metrics?.taggedMovesMax]).toEqual([0, 0, 0]);
  });
});
