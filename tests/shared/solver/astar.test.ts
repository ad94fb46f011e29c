/**
 * The A* engine (solver/astar.ts) and the app's solves (ukSolve, cmSolve):
 * optimality against plain BFS on generated levels of both rulesets,
 * optimal-solution counts against hand-worked puzzles and an independent
 * shortest-path-counting reference, identical-piece canonicalisation (UK),
 * caps. No timing assertions.
 */
import { describe, expect, it } from 'vitest';
import { solveAStar } from '../../../src-shared/solver/astar.js';
import { solveBfs } from '../../../src-shared/solver/bfs.js';
import type { SearchProblem, SolveResult, SolveStats } from '../../../src-shared/solver/types.js';
import { replayMoves } from '../../../src-shared/rulesets/index.js';
import { compileUnlockTheKing, type UkPosition } from '../../../src-shared/rulesets/unlock-the-king/index.js';
import { ukSearchLayout, ukSearchProblem, ukSolve } from '../../../src-shared/rulesets/unlock-the-king/search.js';
import { kingDistances } from '../../../src-shared/rulesets/unlock-the-king/heuristic.js';
import { cmSearchProblem, compileChessMaze, replayStates } from '../../../src-shared/rulesets/chess-maze/index.js';
import { cmSolve } from '../../../src-shared/rulesets/chess-maze/search.js';
import { solveLevel } from '../../../src-shared/rulesets/index.js';
import type { ChessMazeLevel, Level, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { ukLevel, ukPos, type LevelSpec } from '../rulesets/unlock-the-king/helpers.js';
import { cmLevel, cmPos, P, type CmSpec } from '../rulesets/chess-maze/helpers.js';
import { cmReferenceCount, mulberry32, randomCmLevel, randomUkLevel, ukReferenceCount } from './generators.js';

/** Two words (x, y) on a w x h grid, 4-neighbour moves, goal (gx, gy); Manhattan distance as the heuristic. */
function grid(w: number, h: number, gx: number, gy: number, heuristic = true): SearchProblem {
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
      for (let d = 0; d < 4; d++) {
        const nx = buf[off]! + D[d]![0];
        const ny = buf[off + 1]! + D[d]![1];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        out[0] = nx;
        out[1] = ny;
        if (emit(d)) return;
      }
    },
    moveToLan(_buf, _off, move) {
      return 'NESW'[move]!;
    },
    ...(heuristic ? { heuristic: (buf: Int32Array, off: number) => Math.abs(gx - buf[off]!) + Math.abs(gy - buf[off + 1]!) } : {}),
  };
}

function expectUkReplay(level: UnlockTheKingLevel, moves: string[]): void {
  const frames = replayMoves(level, moves);
  expect(frames.ok, JSON.stringify(frames)).toBe(true);
  if (!frames.ok) return;
  const end = frames.value[frames.value.length - 1] as UnlockTheKingLevel;
  const king = end.pieces.find((p) => p.role === 'king')!;
  expect(king.square).toBe(level.portal);
}

function expectCmReplay(level: ChessMazeLevel, moves: string[]): void {
  const rep = replayStates(level, moves);
  expect(rep.ok, JSON.stringify(rep)).toBe(true);
  if (!rep.ok) return;
  expect(rep.value.states[rep.value.states.length - 1]!.outcome).toEqual({ won: true });
}

function uk(spec: LevelSpec, opts = {}): SolveResult {
  return ukSolve(ukPos(spec), opts);
}

describe('A* on toy problems (hand-worked)', () => {
  it('grid 5x5 corner to corner: 8 moves, C(8,4) = 70 shortest paths, two first moves (N or E)', () => {
    const r = solveAStar(grid(5, 5, 4, 4));
    expect(r).toMatchObject({ status: 'solved', length: 8 });
    if (r.status !== 'solved') return;
    expect(r.metrics).toMatchObject({ optimalSolutions: 70, optimalSolutionsCapped: false, uniqueFirstMove: false });
    expect(r.moves.filter((m) => m === 'N')).toHaveLength(4);
    expect(r.moves.filter((m) => m === 'E')).toHaveLength(4);
  });

  it('the count saturates at the cap: C(8,4) = 70 > 50 reports 50, capped', () => {
    const r = solveAStar(grid(5, 5, 4, 4), { countSolutions: 50 });
    expect(r.status === 'solved' && r.metrics).toMatchObject({ optimalSolutions: 50, optimalSolutionsCapped: true });
  });

  it('a 1-wide corridor has exactly one optimal line, so a unique first move', () => {
    const r = solveAStar(grid(6, 1, 5, 0));
    expect(r).toMatchObject({ status: 'solved', length: 5, moves: ['E', 'E', 'E', 'E', 'E'] });
    expect(r.status === 'solved' && r.metrics).toMatchObject({ optimalSolutions: 1, uniqueFirstMove: true });
  });

  it('lines longer than 62 moves (g switches from one byte to two): a 150-square corridor takes 149 moves', () => {
    const r = solveAStar(grid(150, 1, 149, 0, false));
    expect(r).toMatchObject({ status: 'solved', length: 149, metrics: { optimalSolutions: 1, uniqueFirstMove: true } });
    const h = solveAStar(grid(150, 2, 149, 1));
    expect(h).toMatchObject({ status: 'solved', length: 150, metrics: { optimalSolutions: 150 } }); // C(150, 1)
  });

  it('without a heuristic A* is uniform-cost search and agrees with BFS', () => {
    const a = solveAStar(grid(7, 4, 6, 3, false));
    const b = solveBfs(grid(7, 4, 6, 3, false));
    expect(a.status === 'solved' && b.status === 'solved' && a.length === b.length).toBe(true);
    expect(a.status === 'solved' && a.metrics?.optimalSolutions).toBe(84); // C(9,3)
  });

  it('the heuristic prunes: fewer states stored than BFS on an open grid', () => {
    const a = solveAStar(grid(60, 60, 30, 0), { countSolutions: 0 });
    const b = solveBfs(grid(60, 60, 30, 0));
    expect(a.states).toBeLessThan(b.states);
  });

  it('an unreachable goal is unsolvable after every reachable state', () => {
    expect(solveAStar(grid(10, 10, -1, -1, false))).toMatchObject({ status: 'unsolvable', states: 100 });
  });

  it('maxStates, maxBytes and cancellation answer limit/states, limit/memory and cancelled', () => {
    expect(solveAStar(grid(300, 300, 299, 299, false), { maxStates: 500 })).toMatchObject({ status: 'limit', reason: 'states', states: 500 });
    expect(solveAStar(grid(1000, 1000, 999, 999, false), { maxBytes: 300_000 })).toMatchObject({ status: 'limit', reason: 'memory' });
    expect(solveAStar(grid(300, 300, 299, 299), { signal: { aborted: true } })).toMatchObject({ status: 'cancelled', states: 1 });
  });

  it('fills SolveOptions.stats (expanded, generated, bytes)', () => {
    const stats: SolveStats = { expanded: 0, generated: 0, bytes: 0, peakBytes: 0 };
    solveAStar(grid(20, 20, 19, 19, false), { stats });
    expect(stats.expanded).toBeGreaterThan(300);
    expect(stats.generated).toBeGreaterThan(stats.expanded);
    expect(stats.bytes).toBeGreaterThan(0);
    expect(stats.peakBytes).toBeGreaterThanOrEqual(stats.bytes);
  });
});

describe('UK canonicalisation of identical pieces', () => {
  const start = (spec: LevelSpec, canonical: boolean): number[] => {
    const p = ukSearchProblem(ukPos(spec), { canonical });
    const out = new Int32Array(p.stateWords);
    p.writeInitial(out);
    return [...out];
  };
  const base = (a: string, b: string, roleA = 'rook', roleB = 'rook', facingA?: string, facingB?: string): LevelSpec => ({
    portal: 'h8',
    pieces: [
      { role: 'king', square: 'e1' },
      { role: roleA as 'rook', square: a, ...(facingA ? { facing: facingA as 'north' } : {}) },
      { role: roleB as 'rook', square: b, ...(facingB ? { facing: facingB as 'north' } : {}) },
    ],
  });

  it('UK-4 two identical rooks that swap squares are one state', () => {
    expect(start(base('a1', 'h1'), true)).toEqual(start(base('h1', 'a1'), true));
    // Labelled (non-canonical) they differ.
    expect(start(base('a1', 'h1'), false)).not.toEqual(start(base('h1', 'a1'), false));
  });

  it('UK-4 pawns of different facing are not identical (swapping them is another state)', () => {
    expect(start(base('c3', 'f5', 'pawn', 'pawn', 'north', 'east'), true)).not.toEqual(start(base('f5', 'c3', 'pawn', 'pawn', 'north', 'east'), true));
    // Same facing: identical.
    expect(start(base('c3', 'f5', 'pawn', 'pawn', 'north', 'north'), true)).toEqual(start(base('f5', 'c3', 'pawn', 'pawn', 'north', 'north'), true));
  });

  it('UK-4 a lateral pawn is not identical to a plain pawn of the same facing', () => {
    const spec = (a: string, b: string): LevelSpec => ({
      portal: 'h8',
      pieces: [
        { role: 'king', square: 'e1' },
        { role: 'pawn', square: a, facing: 'north', lateral: true },
        { role: 'pawn', square: b, facing: 'north' },
      ],
    });
    expect(start(spec('c3', 'f5'), true)).not.toEqual(start(spec('f5', 'c3'), true));
  });

  it('UK-4/UK-5 two rooks in a walled 2x2 block: 6 placements canonical, 12 labelled (x 7 king squares)', () => {
    // 4x4. Block a1 b1 a2 b2 walled in by a3 b3 c3 c2 c1; the king roams a4 b4 c4 d4 d3 d2 d1 (7 squares)
    // and never reaches the portal a1 inside the block. Two rooks in the block: every 2-subset of its
    // 4 squares is reachable (6), as labelled pieces 12. States: 7 x 6 = 42 and 7 x 12 = 84.
    const spec: LevelSpec = {
      width: 4,
      height: 4,
      walls: ['a3', 'b3', 'c3', 'c2', 'c1'],
      portal: 'a1',
      pieces: [
        { role: 'king', square: 'd4' },
        { role: 'rook', square: 'a1' },
        { role: 'rook', square: 'b2' },
      ],
    };
    expect(solveBfs(ukSearchProblem(ukPos(spec), { canonical: true }))).toEqual({ status: 'unsolvable', states: 42 });
    expect(solveBfs(ukSearchProblem(ukPos(spec)))).toEqual({ status: 'unsolvable', states: 84 });
  });

  it('layout: 16 pieces on 8x8 pack into 3 words of 6-bit fields; groups by role, facing and lateral', () => {
    const pieces = [
      { role: 'king', square: 'e1' },
      ...['a1', 'b1', 'c1', 'd1'].map((s) => ({ role: 'rook', square: s })),
      ...['a2', 'b2', 'c2', 'd2'].map((s) => ({ role: 'knight', square: s })),
      ...['a3', 'b3', 'c3'].map((s) => ({ role: 'pawn', square: s, facing: 'north' })),
      { role: 'pawn', square: 'd3', facing: 'east' },
      { role: 'pawn', square: 'e3', facing: 'north', lateral: true },
      { role: 'queen', square: 'f3' },
      { role: 'bishop', square: 'g3' },
    ] as LevelSpec['pieces'];
    const layout = ukSearchLayout(ukPos({ portal: 'h8', pieces }), { canonical: true });
    expect(layout.bits).toBe(6);
    expect(layout.stateWords).toBe(3);
    const sizes = new Set<string>();
    for (let s = 1; s < 16; s++) sizes.add(`${layout.groupStart[s]}-${layout.groupEnd[s]}`);
    // queen(1) rook(4) bishop(1) knight(4) pawn N(3) pawn N lateral(1) pawn E(1)
    expect(
      [...sizes]
        .map((x) => x.split('-').map(Number))
        .map(([a, b]) => b! - a!)
        .sort((x, y) => x - y),
    ).toEqual([1, 1, 1, 1, 3, 4, 4]);
  });
});

describe('UK optimal-solution counts (hand-worked)', () => {
  it('UK-4 lone king a1 -> c3 on 3x3: one line (b2 is the only square next to both)', () => {
    const r = uk({ width: 3, height: 3, portal: 'c3', pieces: [{ role: 'king', square: 'a1' }] });
    expect(r).toMatchObject({ status: 'solved', length: 2, moves: ['Ka1-b2', 'Kb2-c3'] });
    expect(r.status === 'solved' && r.metrics).toMatchObject({ optimalSolutions: 1, uniqueFirstMove: true });
  });

  it('UK-4 lone king a1 -> a3 on 3x3: two lines (via a2 or b2), first move not unique', () => {
    const r = uk({ width: 3, height: 3, portal: 'a3', pieces: [{ role: 'king', square: 'a1' }] });
    expect(r).toMatchObject({ status: 'solved', length: 2 });
    expect(r.status === 'solved' && r.metrics).toMatchObject({ optimalSolutions: 2, optimalSolutionsCapped: false, uniqueFirstMove: false });
  });

  it('UK-4 king a1 -> e1 on 5x3 with rank 3 walled: 4 moves, ranks of the 3 middle squares free: 2^3 = 8 lines', () => {
    const spec: LevelSpec = { width: 5, height: 3, walls: ['a3', 'b3', 'c3', 'd3', 'e3'], portal: 'e1', pieces: [{ role: 'king', square: 'a1' }] };
    const r = uk(spec);
    expect(r).toMatchObject({ status: 'solved', length: 4 });
    expect(r.status === 'solved' && r.metrics).toMatchObject({ optimalSolutions: 8, uniqueFirstMove: false });
    expect(uk(spec, { countSolutions: 5 })).toMatchObject({ metrics: { optimalSolutions: 5, optimalSolutionsCapped: true } });
  });

  it('UK-5 the rook must clear b1 then c1: Rb1-c1 forced first, then {Rc1-c2 | Rc1-c3} before or after Ka1-b1: 4 lines', () => {
    // 3x3, walls a2 b2: squares a1 b1 c1 c2 c3 a3 b3. Optimum 4 (see unlock-the-king/solve.test.ts).
    const r = uk({
      width: 3,
      height: 3,
      walls: ['a2', 'b2'],
      portal: 'c1',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'rook', square: 'b1' },
      ],
    });
    expect(r).toMatchObject({ status: 'solved', length: 4 });
    expect(r.status === 'solved' && r.metrics).toMatchObject({ optimalSolutions: 4, uniqueFirstMove: true });
    if (r.status === 'solved') expect(r.moves[0]).toBe('Rb1-c1');
  });

  it('UK-4 twin rooks: canonical states count the same move sequences as labelled pieces', () => {
    // Identical rooks b1 and b2 fill the b-file; the count over canonical states must equal a
    // labelled-position reference (every LAN sequence is one line either way).
    const spec: LevelSpec = {
      width: 4,
      height: 3,
      walls: ['a3', 'b3', 'c3', 'd3'],
      portal: 'd1',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'rook', square: 'b1' },
        { role: 'rook', square: 'b2' },
      ],
    };
    const r = uk(spec);
    const ref = ukReferenceCount(ukPos(spec));
    expect(r).toMatchObject({ status: 'solved', length: ref.optimum });
    expect(r.status === 'solved' && r.metrics?.optimalSolutions).toBe(ref.solutions);
  });
});

describe('CM optimal-solution counts (hand-worked)', () => {
  it('CM-3 rook a1 -> c3 on an empty 3x3: two lines (a1-a3-c3 or a1-c1-c3)', () => {
    const r = cmSolve(cmPos({ width: 3, height: 3, pieces: [P('Ra1')], finish: 'c3' }));
    expect(r).toMatchObject({ status: 'solved', length: 2 });
    expect(r.status === 'solved' && r.metrics).toMatchObject({ optimalSolutions: 2, uniqueFirstMove: false });
  });

  it('CM-8/CM-11 with the collect objective and a coin on c1 only a1-c1-c3 wins in 2', () => {
    const r = cmSolve(cmPos({ width: 3, height: 3, pieces: [P('Ra1')], tiles: [{ kind: 'coin', square: 'c1' }], finish: 'c3', objectives: { collect: true } }));
    expect(r).toMatchObject({ status: 'solved', length: 2, moves: ['Ra1-c1', 'Rc1-c3'] });
    expect(r.status === 'solved' && r.metrics).toMatchObject({ optimalSolutions: 1, uniqueFirstMove: true });
  });

  it('CM-12 a move limit below the optimum is unsolvable for A* too', () => {
    const spec: CmSpec = { width: 5, height: 1, pieces: [P('Ka1')], finish: 'e1', objectives: { moveLimit: 3 } };
    expect(cmSolve(cmPos(spec)).status).toBe('unsolvable');
    expect(cmSolve(cmPos({ ...spec, objectives: { moveLimit: 4 } }))).toMatchObject({ status: 'solved', length: 4 });
  });
});

describe('A* proved optimal against plain BFS on generated levels', () => {
  it('UK-4..UK-7: 220 generated Unlock the King blueprints: same verdict and optimum; counts match a labelled reference', () => {
    const rand = mulberry32(4242);
    let solved = 0;
    let counted = 0;
    let twins = 0;
    for (let n = 0; n < 220; n++) {
      const level = randomUkLevel(rand);
      const c = compileUnlockTheKing(level);
      expect(c.ok).toBe(true);
      if (!c.ok) continue;
      const pos: UkPosition = c.value;
      const a = ukSolve(pos);
      const b = solveBfs(ukSearchProblem(pos));
      const label = JSON.stringify({ board: level.board, walls: level.walls, portal: level.portal, pieces: level.pieces, a, b: b.status });
      if (b.status === 'solved') {
        solved++;
        expect(a.status, label).toBe('solved');
        if (a.status !== 'solved') continue;
        expect(a.length, label).toBe(b.length);
        expectUkReplay(level, a.moves);
        const ref = ukReferenceCount(pos, 100_000);
        if (ref.complete) {
          counted++;
          expect(ref.optimum, label).toBe(a.length);
          expect(a.metrics?.optimalSolutions, label).toBe(Math.min(ref.solutions, 1000));
          expect(a.metrics?.optimalSolutionsCapped, label).toBe(ref.solutions > 1000);
          expect(a.metrics?.uniqueFirstMove, label).toBe(ref.firstMoves === 1);
        }
      } else {
        expect(b.status, label).toBe('unsolvable');
        expect(a.status, label).toBe('unsolvable');
      }
      const roles = level.pieces.map((p) => `${p.role}${p.facing ?? ''}${p.lateral ? 'L' : ''}`);
      if (new Set(roles).size < roles.length) twins++;
    }
    expect(solved).toBeGreaterThan(120);
    expect(counted).toBeGreaterThan(100);
    expect(twins).toBeGreaterThan(50);
  });

  it('CM-2..CM-13: 220 generated Chess Maze levels: same verdict and optimum; counts match a play-API reference', () => {
    const rand = mulberry32(777_001);
    let solved = 0;
    let counted = 0;
    for (let n = 0; n < 220; n++) {
      const level = randomCmLevel(rand);
      const c = compileChessMaze(level);
      expect(c.ok).toBe(true);
      if (!c.ok) continue;
      const a = cmSolve(c.value);
      const b = solveBfs(cmSearchProblem(c.value));
      const label = JSON.stringify({ board: level.board, pieces: level.pieces, tiles: level.tiles, objectives: level.objectives, a, b: b.status });
      if (b.status === 'solved') {
        solved++;
        expect(a.status, label).toBe('solved');
        if (a.status !== 'solved') continue;
        expect(a.length, label).toBe(b.length);
        expectCmReplay(level, a.moves);
        const ref = cmReferenceCount(c.value, 60_000);
        if (ref.complete) {
          counted++;
          expect(ref.optimum, label).toBe(a.length);
          expect(a.metrics?.optimalSolutions, label).toBe(Math.min(ref.solutions, 1000));
          expect(a.metrics?.uniqueFirstMove, label).toBe(ref.firstMoves === 1);
        }
      } else {
        expect(b.status, label).toBe('unsolvable');
        expect(a.status, label).toBe('unsolvable');
      }
    }
    expect(solved).toBeGreaterThan(80);
    expect(counted).toBeGreaterThan(60);
  }, 120_000); // 220 searches: bounded, not timed (slow on a loaded 2-core machine)
});

describe('solveLevel dispatch', () => {
  it('UK and CM solve with A* metrics; invalid levels answer their builder errors', () => {
    const u = solveLevel(ukLevel({ width: 3, height: 3, portal: 'c3', pieces: [{ role: 'king', square: 'a1' }] }));
    expect(u).toMatchObject({ status: 'solved', length: 2, metrics: { optimalSolutions: 1 } });
    const m = solveLevel(cmLevel({ width: 3, height: 3, pieces: [P('Ra1')], finish: 'c3' }));
    expect(m).toMatchObject({ status: 'solved', length: 2, metrics: { optimalSolutions: 2 } });
    const bad = solveLevel(ukLevel({ pieces: [{ role: 'rook', square: 'a1' }] }) as Level);
    expect(bad.status).toBe('invalid');
  });

  it('UK-4 the king-distance table is wall-aware (a detour around a wall row)', () => {
    // 3x3, walls a2 b2: from a1 the king must go b1, c2 (or c1, c2) ... to reach a3: a1-b1-c2-b3-a3 = 4.
    const d = kingDistances(ukPos({ width: 3, height: 3, walls: ['a2', 'b2'], portal: 'a3', pieces: [{ role: 'king', square: 'a1' }] }));
    expect(d[0]).toBe(4); // a1
    expect(d[3]).toBe(-1); // a2 is a wall
    expect(d[5]).toBe(2); // c2
  });
});

describe('UK blocker-aware route bound (heuristic) and chain bound (strongHeuristic)', () => {
  it('UK-5 counts pieces standing on every king route: king a1 -> c1 through b1 (rook) with a2 b2 walled = 2 steps + 1', () => {
    const p = ukSearchProblem(
      ukPos({
        width: 3,
        height: 3,
        walls: ['a2', 'b2'],
        portal: 'c1',
        pieces: [
          { role: 'king', square: 'a1' },
          { role: 'rook', square: 'b1' },
        ],
      }),
    );
    const out = new Int32Array(p.stateWords);
    p.writeInitial(out);
    // The route bound is A*'s consistent heuristic (2 steps + the rook on b1); the rook can move
    // (c1 is empty), so the chain bound adds nothing: both 3.
    expect(p.heuristic!(out, 0)).toBe(3);
    expect(p.strongHeuristic!(out, 0)).toBe(3);
  });
});
