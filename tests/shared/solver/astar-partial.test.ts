/**
 * A* with partial expansion (solver/astar.ts, `SearchProblem.expandPart`)
 * and the Unlock the King blocker-chain bound, cross-checked against the
 * engine's plain path (every successor at once, route bound only: what the
 * app solved with before) on generated blueprints: same verdict, optimum
 * and every counting metric (optimal solutions and cap, unique first move,
 * fewest / most non-king moves over all optimal solutions, UK-9), with the
 * chain bound always on and with the default policy. The plain path is
 * itself checked against BFS and a labelled reference in astar.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { solveAStar } from '../../../src-shared/solver/astar.js';
import type { SearchProblem, SolveResult } from '../../../src-shared/solver/types.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { compileUnlockTheKing } from '../../../src-shared/rulesets/unlock-the-king/index.js';
import { ukSearchProblem } from '../../../src-shared/rulesets/unlock-the-king/search.js';
import { mulberry32, randomUkLevel } from './generators.js';

/** The fields two exact solves must agree on. */
function answer(r: SolveResult): unknown {
  if (r.status !== 'solved') return { status: r.status };
  const m = r.metrics!;
  return {
    status: r.status,
    length: r.length,
    optimalSolutions: m.optimalSolutions,
    optimalSolutionsCapped: m.optimalSolutionsCapped,
    uniqueFirstMove: m.uniqueFirstMove,
    taggedMovesMin: m.taggedMovesMin,
    taggedMovesMax: m.taggedMovesMax,
  };
}

/** A 5x5 or 6x6 blueprint about half full of pieces, a few walls: stuck pieces and chains of them. */
function denseLevel(rand: () => number): UnlockTheKingLevel {
  const w = rand() < 0.6 ? 5 : 6;
  const squares: string[] = [];
  for (let r = 0; r < w; r++) for (let f = 0; f < w; f++) squares.push(String.fromCharCode(97 + f) + String(r + 1));
  for (let i = squares.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [squares[i], squares[j]] = [squares[j]!, squares[i]!];
  }
  const roles = ['rook', 'bishop', 'knight', 'pawn', 'pawn', 'queen'] as const;
  const facings = ['north', 'east', 'south', 'west'] as const;
  const n = Math.floor(w * w * (0.35 + rand() * 0.2));
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'dense' },
    board: { width: w, height: w },
    portal: squares[n]!,
    walls: squares.slice(n + 1, n + 1 + Math.floor(rand() * 4)),
    pieces: [
      { role: 'king', square: squares[0]!, color: 'ivory' },
      ...squares.slice(1, n).map((square) => {
        const role = roles[Math.floor(rand() * roles.length)]!;
        return role === 'pawn'
          ? { role, square, color: 'ivory' as const, facing: facings[Math.floor(rand() * 4)]!, ...(rand() < 0.3 ? { lateral: true } : {}) }
          : { role, square, color: 'ivory' as const };
      }),
    ],
  };
}

describe('A* partial expansion and the chain bound against the plain path', () => {
  it('UK-4..UK-9: 300 generated blueprints (small and dense): same verdict, optimum and counting metrics', () => {
    const rand = mulberry32(31337);
    let solved = 0;
    let dense = 0;
    for (let k = 0; k < 300; k++) {
      const level = k % 3 === 2 ? denseLevel(rand) : randomUkLevel(rand);
      const c = compileUnlockTheKing(level);
      if (!c.ok) continue;
      const cap = k % 2 === 0 ? 100 : 3;
      const opts = { countSolutions: cap, maxStates: 300_000 };
      const plainProblem: SearchProblem = { ...ukSearchProblem(c.value, { canonical: true, bound: 'route' }), expandPart: undefined };
      const plain = solveAStar(plainProblem, opts);
      if (plain.status === 'limit') continue;
      if (k % 3 === 2) dense++;
      if (plain.status === 'solved') solved++;
      for (const bound of ['chain', 'auto', 'route'] as const) {
        const r = solveAStar(ukSearchProblem(c.value, { canonical: true, bound }), opts);
        expect(answer(r), JSON.stringify({ level, bound })).toEqual(answer(plain));
      }
    }
    expect(solved).toBeGreaterThan(150);
    expect(dense).toBeGreaterThan(60);
  }, 240_000); // heavy on a loaded machine: a correctness check, not a speed one
});
