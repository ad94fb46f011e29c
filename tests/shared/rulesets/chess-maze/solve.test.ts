/**
 * Chess Maze through the BFS engine: hand-worked optima, unsolvable proofs
 * with hand-counted state spaces, move-limit pruning (CM-12), and a
 * cross-check against an iterative-deepening brute force written only here
 * over the play API (cmLegalMoves / cmPlay), which shares nothing with the
 * solver's packed state encoding, canonical piece order or depth pruning.
 */
import { describe, expect, it } from 'vitest';
import { solveBfs } from '../../../../src-shared/solver/bfs.js';
import type { SolveResult } from '../../../../src-shared/solver/types.js';
import {
  TRANSFORM_TYPES,
  type ChessMazeLevel,
  type CmPiece,
  type CmTile,
  type Facing,
  type Role,
  type TransformType,
} from '../../../../src-shared/model/level.js';
import {
  cmInitialState,
  cmLegalMoves,
  cmPlay,
  cmSearchLayout,
  cmSearchProblem,
  compileChessMaze,
  replayStates,
  validateChessMaze,
  type CmPosition,
  type CmState,
} from '../../../../src-shared/rulesets/chess-maze/index.js';
import { hasErrors } from '../../../../src-shared/validation/issue.js';
import { cmLevel, cmPos, E, P, type CmSpec } from './helpers.js';

function solve(spec: CmSpec): { level: ChessMazeLevel; r: SolveResult } {
  const level = cmLevel(spec);
  return { level, r: solveBfs(cmSearchProblem(cmPos(spec))) };
}

/** Replays a solution with the play API: every state before the last is playing, the last is won. */
function expectReplayWins(level: ChessMazeLevel, moves: string[]): void {
  const rep = replayStates(level, moves);
  expect(rep.ok, JSON.stringify(rep)).toBe(true);
  if (!rep.ok) return;
  const states = rep.value.states;
  for (let k = 0; k < states.length - 1; k++) expect(states[k]!.outcome).toBe('playing');
  expect(states[states.length - 1]!.outcome).toEqual({ won: true });
}

describe('CM solver, hand-worked optima', () => {
  it('CM-5 key, then lock, then finish: 4 moves', () => {
    // 5x2. Rank 2: a2, b2 red key, c2-e2 holes. Rank 1: rook a1, b1, c1 red lock, d1, finish e1.
    // e1 is reachable only along rank 1, through c1, closed until b2 is visited.
    // a1 -> b2 takes 2 moves (b2 shares no line with a1), b2 -> e1 takes 2 (b2 -> b1 -> e1): >= 4.
    const { level, r } = solve({
      width: 5,
      height: 2,
      holes: ['c2', 'd2', 'e2'],
      pieces: [P('Ra1')],
      tiles: [
        { kind: 'key', square: 'b2', color: 'red' },
        { kind: 'lock', square: 'c1', color: 'red' },
      ],
      finish: 'e1',
    });
    expect(r).toMatchObject({ status: 'solved', length: 4 });
    if (r.status !== 'solved') return;
    expect(r.moves[1]!.endsWith('b2')).toBe(true);
    expect(r.moves.slice(2)).toEqual(['Rb2-b1', 'Rb1-e1']);
    expectReplayWins(level, r.moves);
  });

  const plateSpec = (pieces: CmPiece[]): CmSpec => ({
    width: 5,
    height: 2,
    holes: ['b2', 'c2', 'd2', 'e2'],
    pieces,
    tiles: [
      { kind: 'plate', square: 'a2', color: 'red' },
      { kind: 'lock', square: 'c1', color: 'red' },
    ],
    finish: 'e1',
  });

  it('CM-6/CM-7 a plate held by a second piece: the king steps on, the rook passes (2 moves)', () => {
    // Rook a1, king b1, red plate a2, red lock c1, finish e1. Only the rook can reach e1
    // (2 king steps from c1 at best), and only once someone else holds red.
    const { level, r } = solve(plateSpec([P('Ra1'), P('Kb1')]));
    expect(r).toMatchObject({ status: 'solved', length: 2, moves: ['Kb1-a2', 'Ra1-e1'] });
    if (r.status === 'solved') expectReplayWins(level, r.moves);
  });

  it('CM-7 the rook alone cannot ride its own plate: unsolvable, 3 states (a1, b1, a2)', () => {
    const { r } = solve(plateSpec([P('Ra1')]));
    expect(r).toEqual({ status: 'unsolvable', states: 3 });
  });

  it('CM-10 a transform is needed: rook to the knight tile, then the knight jumps (2 moves)', () => {
    // 3x3, holes b3 c2. Rook a1 reaches a2 a3 b1 c1 only; c3 is a knight jump from b1.
    const spec = (allowed: TransformType[]): CmSpec => ({
      width: 3,
      height: 3,
      holes: ['b3', 'c2'],
      pieces: [P('Ra1')],
      tiles: [{ kind: 'transform', square: 'b1', allowed }],
      finish: 'c3',
    });
    const one = solve(spec(['knight']));
    expect(one.r).toMatchObject({ status: 'solved', length: 2, moves: ['Ra1-b1', 'Nb1-c3'] });
    const two = solve(spec(['bishop', 'knight']));
    expect(two.r).toMatchObject({ status: 'solved', length: 2, moves: ['Ra1-b1=N', 'Nb1-c3'] });
    if (two.r.status === 'solved') expectReplayWins(two.level, two.r.moves);
  });

  it('CM-9 spelling AB with B in the way: 5 moves instead of 3', () => {
    // 4x2: king a1, B on b1, A on c1, finish d1. A first: a1-b2-c1 (2), then B: c1-b1 (1),
    // then b1 -> d1 (2) = 5. Without the word the king walks a1-b1-c1-d1 (3).
    const spec = (spell?: string): CmSpec => ({
      width: 4,
      height: 2,
      pieces: [P('Ka1')],
      tiles: [
        { kind: 'letter', square: 'b1', letter: 'B' },
        { kind: 'letter', square: 'c1', letter: 'A' },
      ],
      finish: 'd1',
      ...(spell ? { objectives: { spell } } : {}),
    });
    const spelled = solve(spec('AB'));
    expect(spelled.r).toMatchObject({ status: 'solved', length: 5 });
    if (spelled.r.status === 'solved') {
      expect(spelled.r.moves.slice(0, 3)).toEqual(['Ka1-b2', 'Kb2-c1', 'Kc1-b1']);
      expectReplayWins(spelled.level, spelled.r.moves);
    }
    expect(solve(spec()).r).toMatchObject({ status: 'solved', length: 3 });
  });

  it('CM-11 collect: every coin before the flag', () => {
    // 5x1 rook c1, coins a1 and e1, finish d1: c1-a1, a1-e1, e1-d1 (or mirrored) = 3.
    const { level, r } = solve({
      width: 5,
      height: 1,
      pieces: [P('Rc1')],
      tiles: [
        { kind: 'coin', square: 'a1' },
        { kind: 'coin', square: 'e1' },
      ],
      finish: 'd1',
      objectives: { collect: true },
    });
    expect(r).toMatchObject({ status: 'solved', length: 3 });
    if (r.status === 'solved') expectReplayWins(level, r.moves);
  });

  it('CM-4 capturing a blocker clears the way', () => {
    // 5x1 rook a1, enemy knight c1, finish e1: Ra1xc1, Rc1-e1.
    const { r } = solve({ width: 5, height: 1, pieces: [P('Ra1'), E('Nc1')], finish: 'e1' });
    expect(r).toMatchObject({ status: 'solved', length: 2, moves: ['Ra1xc1', 'Rc1-e1'] });
  });
});

describe('CM-12 move-limit pruning', () => {
  // 5x1: king a1, finish e1. Optimum 4.
  const spec = (moveLimit?: number): CmSpec => ({
    width: 5,
    height: 1,
    pieces: [P('Ka1')],
    finish: 'e1',
    ...(moveLimit ? { objectives: { moveLimit } } : {}),
  });

  it('CM-12 the limit equal to the optimum still solves (a win on move N counts)', () => {
    expect(solve(spec()).r).toMatchObject({ status: 'solved', length: 4, states: 5 });
    expect(solve(spec(4)).r).toMatchObject({ status: 'solved', length: 4 });
  });

  it('CM-12 a limit below the optimum is unsolvable; states at depth N are not expanded', () => {
    // Stored: a1 (depth 0), b1 (1), c1 (2), d1 (3, not expanded) = 4.
    expect(solve(spec(3)).r).toEqual({ status: 'unsolvable', states: 4 });
    expect(solve(spec(1)).r).toEqual({ status: 'unsolvable', states: 2 });
  });

  it('CM-12 the same problem object can be solved twice (the depth tracker resets)', () => {
    const problem = cmSearchProblem(cmPos(spec(3)));
    expect(solveBfs(problem)).toEqual({ status: 'unsolvable', states: 4 });
    expect(solveBfs(problem)).toEqual({ status: 'unsolvable', states: 4 });
  });
});

describe('CM solver, unsolvable proofs', () => {
  it('CM-7/CM-15 a lock that never opens walls off the flag: 2 states', () => {
    const { r } = solve({ width: 4, height: 1, pieces: [P('Ka1')], tiles: [{ kind: 'lock', square: 'c1', color: 'green' }], finish: 'd1' });
    expect(r).toEqual({ status: 'unsolvable', states: 2 });
  });

  it('CM-9 every route misspells: misspelled successors are never stored (1 state)', () => {
    // 3x1: king a1, B on b1, A (and the flag) on c1, word AB: the only move picks B first.
    const { r } = solve({
      width: 3,
      height: 1,
      pieces: [P('Ka1')],
      tiles: [
        { kind: 'letter', square: 'b1', letter: 'B' },
        { kind: 'letter', square: 'c1', letter: 'A' },
      ],
      finish: 'c1',
      objectives: { spell: 'AB' },
    });
    expect(r).toEqual({ status: 'unsolvable', states: 1 });
  });

  it('CM-3 a bishop never reaches the other colour', () => {
    const { r } = solve({ width: 3, height: 3, pieces: [P('Ba1')], finish: 'b1' });
    // a1 b2 c1 a3 c3: five light... same-colour squares.
    expect(r).toEqual({ status: 'unsolvable', states: 5 });
  });
});

describe('CM search encoding', () => {
  it('CM-2 layout: 16-bit codes per player piece, flag bits for won, keys, enemies, coins, letters', () => {
    const pos = cmPos({
      width: 6,
      height: 6,
      pieces: [P('Ka1'), P('Qb1'), P('Pc2'), E('Rf5'), E('Ne6')],
      tiles: [
        { kind: 'coin', square: 'a3' },
        { kind: 'coin', square: 'b3' },
        { kind: 'gem', square: 'c3' },
        { kind: 'letter', square: 'd3', letter: 'G' },
        { kind: 'letter', square: 'e3', letter: 'O' },
        { kind: 'letter', square: 'f3', letter: 'D' },
      ],
      objectives: { collect: true, spell: 'GOD' },
    });
    // 3 players -> 2 words; flags 1 + 4 + 2 enemies + 2 coins + 3 letters = 12 bits -> 1 word.
    expect(cmSearchLayout(pos)).toEqual({ players: 3, enemies: 2, coins: 2, letters: 3, stateWords: 3 });
    // Without the objectives coins and letters are not tracked.
    const bare = cmPos({ width: 6, height: 6, pieces: [P('Ka1')], tiles: [{ kind: 'gem', square: 'c3' }] });
    expect(cmSearchLayout(bare)).toEqual({ players: 1, enemies: 0, coins: 0, letters: 0, stateWords: 2 });
  });

  it('CM-2 identical pieces are one state whichever stands where (sorted codes)', () => {
    // 3x3 with holes a3 b3 c2 c3: a 2x2 block a1 b1 a2 b2, plus c1 = flag under a green
    // lock that never opens. Two player rooks a1 b2 step around the block: every
    // 2-subset of the 4 squares is reachable (6); as labelled pieces it would be 12.
    const { r } = solve({
      width: 3,
      height: 3,
      holes: ['a3', 'b3', 'c2', 'c3'],
      pieces: [P('Ra1'), P('Rb2')],
      tiles: [{ kind: 'lock', square: 'c1', color: 'green' }],
      finish: 'c1',
    });
    expect(r).toEqual({ status: 'unsolvable', states: 6 });
  });

  it('CM-2 the order pieces are listed in does not change the start encoding', () => {
    const a = new Int32Array(2);
    const b = new Int32Array(2);
    cmSearchProblem(cmPos({ pieces: [P('Ka1'), P('Rc3')] })).writeInitial(a);
    cmSearchProblem(cmPos({ pieces: [P('Rc3'), P('Ka1')] })).writeInitial(b);
    expect([...a]).toEqual([...b]);
  });
});

// ---------------------------------------------------------------------------
// Cross-check against an independent brute force.

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nameOf = (f: number, r: number) => String.fromCharCode(97 + f) + String(r + 1);
const ROLES_ALL: Role[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
const FACINGS_ALL: Facing[] = ['north', 'east', 'south', 'west'];

interface Features {
  key: boolean;
  plate: boolean;
  transform: boolean;
  coins: boolean;
  spell: boolean;
  limit: boolean;
  enemies: boolean;
}

function randomLevel(rand: () => number): { level: ChessMazeLevel; f: Features } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  for (;;) {
    const w = pick([3, 4]);
    const h = pick([3, 4]);
    const squares: string[] = [];
    for (let r = 0; r < h; r++) for (let f = 0; f < w; f++) squares.push(nameOf(f, r));
    for (let i = squares.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [squares[i], squares[j]] = [squares[j]!, squares[i]!];
    }
    let k = 0;
    const take = () => squares[k++];
    const pieces: CmPiece[] = [];
    const nPlayers = rand() < 0.6 ? 1 : 2;
    for (let i = 0; i < nPlayers; i++) {
      const role = pick(ROLES_ALL);
      const p: CmPiece = { role, square: take()!, side: 'player' };
      if (role === 'pawn') p.facing = pick(FACINGS_ALL);
      pieces.push(p);
    }
    const nEnemies = pick([0, 1, 1, 2]);
    for (let i = 0; i < nEnemies; i++) pieces.push({ role: pick(ROLES_ALL), square: take()!, side: 'enemy' });
    const holes: string[] = [];
    for (let i = pick([0, 1, 2]); i > 0; i--) holes.push(take()!);
    const tiles: CmTile[] = [];
    // Mostly the free square farthest from the first player piece, so lines are not trivial.
    const rest = squares.slice(k);
    const from = pieces[0]!.square;
    const dist = (x: string) => Math.max(Math.abs(x.charCodeAt(0) - from.charCodeAt(0)), Math.abs(Number(x.slice(1)) - Number(from.slice(1))));
    const far = rest.reduce((a, x) => (dist(x) > dist(a) ? x : a), rest[0]!);
    const finish = rand() < 0.7 ? far : rest[0]!;
    squares.splice(squares.indexOf(finish), 1);
    tiles.push({ kind: 'finish', square: finish });
    const f: Features = { key: false, plate: false, transform: false, coins: false, spell: false, limit: false, enemies: nEnemies > 0 };
    const objectives: ChessMazeLevel['objectives'] = {};
    if (rand() < 0.35) {
      f.key = true;
      tiles.push({ kind: 'key', square: take()!, color: 'red' });
      tiles.push({ kind: 'lock', square: rand() < 0.25 ? finish : take()!, color: 'red' });
    }
    if (rand() < 0.35) {
      f.plate = true;
      const enemy = pieces.find((p) => p.side === 'enemy');
      const plateSq = enemy && rand() < 0.3 ? enemy.square : take()!;
      tiles.push({ kind: 'plate', square: plateSq, color: 'blue' });
      tiles.push({ kind: 'lock', square: take()!, color: 'blue' });
    }
    if (rand() < 0.35) {
      f.transform = true;
      const allowed = TRANSFORM_TYPES.filter(() => rand() < 0.4);
      tiles.push({ kind: 'transform', square: take()!, allowed: allowed.length > 0 ? allowed : [pick(TRANSFORM_TYPES)] });
    }
    if (rand() < 0.35) {
      f.coins = true;
      const n = pick([1, 2]);
      for (let i = 0; i < n; i++) tiles.push({ kind: 'coin', square: i === 0 && rand() < 0.2 ? finish : take()! });
      if (rand() < 0.8) objectives.collect = true;
    }
    if (rand() < 0.3) {
      f.spell = true;
      const word = pick(['A', 'AB', 'BA', 'AA']);
      for (const ch of word) tiles.push({ kind: 'letter', square: take()!, letter: ch });
      if (rand() < 0.5) tiles.push({ kind: 'letter', square: take()!, letter: pick(['A', 'B']) });
      objectives.spell = word;
    }
    if (rand() < 0.15) tiles.push({ kind: 'gem', square: take()! });
    if (rand() < 0.25) {
      f.limit = true;
      objectives.moveLimit = 2 + Math.floor(rand() * 5);
    }
    if (k > squares.length || tiles.some((t) => t.square === undefined)) continue;
    const level = cmLevel({ width: w, height: h, holes, pieces, tiles, objectives });
    if (hasErrors(validateChessMaze(level))) continue;
    return { level, f };
  }
}

/** Everything of a play state except the move counter, as a string (tests only). */
const keyOf = (s: CmState) => JSON.stringify([s.squares, s.roles, s.alive, s.keys, s.picked, s.spelled]);

/** Iterative deepening over cmLegalMoves/cmPlay: the least number of moves to a win, or -1 within maxDepth. */
function bruteOptimum(pos: CmPosition, maxDepth: number): number {
  const start = cmInitialState(pos);
  for (let bound = 1; bound <= maxDepth; bound++) {
    const best = new Map<string, number>();
    const dfs = (s: CmState, g: number): boolean => {
      for (const m of cmLegalMoves(pos, s)) {
        const next = cmPlay(pos, s, m).state;
        if (next.outcome !== 'playing') {
          if ('won' in next.outcome) return true;
          continue;
        }
        if (g + 1 >= bound) continue;
        const key = keyOf(next);
        const seen = best.get(key);
        if (seen !== undefined && seen <= g + 1) continue;
        best.set(key, g + 1);
        if (dfs(next, g + 1)) return true;
      }
      return false;
    };
    if (dfs(start, 0)) return bound;
  }
  return -1;
}

describe('CM solver cross-checked against an independent brute force', () => {
  it('CM-2..CM-13 BFS optimum equals iterative deepening on 40 random 3x3..4x4 levels', () => {
    const rand = mulberry32(20250717);
    const MAX_DEPTH = 9;
    let solved = 0;
    let unsolvable = 0;
    const seen: Record<keyof Features, number> = { key: 0, plate: 0, transform: 0, coins: 0, spell: 0, limit: 0, enemies: 0 };
    for (let n = 0; n < 40; n++) {
      const { level, f } = randomLevel(rand);
      const compiled = compileChessMaze(level);
      expect(compiled.ok).toBe(true);
      if (!compiled.ok) continue;
      const pos = compiled.value;
      const r = solveBfs(cmSearchProblem(pos));
      const ref = bruteOptimum(pos, MAX_DEPTH);
      const label = JSON.stringify({ level: { board: level.board, pieces: level.pieces, tiles: level.tiles, objectives: level.objectives }, r });
      if (r.status === 'solved') {
        solved++;
        expect(ref, label).toBe(r.length <= MAX_DEPTH ? r.length : -1);
        expectReplayWins(level, r.moves);
      } else {
        unsolvable++;
        expect(r.status, label).toBe('unsolvable');
        expect(ref, label).toBe(-1);
      }
      for (const key of Object.keys(f) as (keyof Features)[]) if (f[key]) seen[key]++;
    }
    expect(solved).toBeGreaterThan(10);
    expect(unsolvable).toBeGreaterThan(2);
    for (const key of Object.keys(seen) as (keyof Features)[]) expect(seen[key], key).toBeGreaterThan(2);
  });
});
