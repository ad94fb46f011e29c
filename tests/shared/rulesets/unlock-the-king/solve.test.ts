/**
 * Unlock the King through the BFS engine: hand-worked optima, an unsolvable
 * proof with a hand-counted state space, and a cross-check against an
 * independent move generator + iterative-deepening search written only here.
 */
import { describe, expect, it } from 'vitest';
import { solveBfs } from '../../../../src-shared/solver/bfs.js';
import type { SolveResult } from '../../../../src-shared/solver/types.js';
import {
  applyMove,
  compileUnlockTheKing,
  isSolved,
  legalMoves,
  moveToLan,
  parseLan,
  ukSearchProblem,
  kingCanReachPortal,
  validateUnlockTheKing,
  type UkPosition,
} from '../../../../src-shared/rulesets/unlock-the-king/index.js';
import type { Facing, Role, UkPiece, UnlockTheKingLevel } from '../../../../src-shared/model/level.js';
import { hasErrors } from '../../../../src-shared/validation/issue.js';
import { ukLevel, ukPos, type LevelSpec } from './helpers.js';
import { ukSolve } from '../../../../src-shared/rulesets/unlock-the-king/search.js';
import { solveLevelReference } from '../../../../src-shared/rulesets/index.js';

function solve(spec: LevelSpec, opts = {}): { pos: UkPosition; r: SolveResult } {
  const pos = ukPos(spec);
  return { pos, r: solveBfs(ukSearchProblem(pos), opts) };
}

/** Replays LAN with parseLan/applyMove; expects every move legal and the king on the portal only at the end. */
function expectReplaySolves(pos: UkPosition, moves: string[]): void {
  let p = pos;
  for (const lan of moves) {
    expect(isSolved(p)).toBe(false);
    const mv = parseLan(p, lan);
    expect(mv, lan).toBeDefined();
    p = applyMove(p, mv!);
  }
  expect(isSolved(p)).toBe(true);
}

describe('UK solver, hand-worked optima', () => {
  it('UK-4 a blueprint of more than 32 pieces is solved (the blocker-chain bound holds 32: the route bound alone), not an error', () => {
    // 8x8, king a1, portal a3; 32 rooks fill ranks 5-8 and one more stands on h4 (34 pieces): nothing stands on a2 or a3,
    // so the king walks a1-a2-a3: 2 moves, and no fewer (king distance 2).
    const rooks: UkPiece[] = [];
    for (let rank = 5; rank <= 8; rank++) for (let f = 0; f < 8; f++) rooks.push({ role: 'rook', square: String.fromCharCode(97 + f) + String(rank) });
    const spec: LevelSpec = { portal: 'a3', pieces: [{ role: 'king', square: 'a1' }, ...rooks, { role: 'rook', square: 'h4' }] };
    const pos = ukPos(spec);
    expect(pos.pieces).toHaveLength(34);
    const r = ukSolve(pos);
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.length).toBe(2);
    expect(r.moves).toEqual(['Ka1-a2', 'Ka2-a3']);
    expectReplaySolves(pos, r.moves);
  });

  it('UK-4 lone king a1 -> d4 on 8x8 needs 3 moves (king distance 3)', () => {
    const { pos, r } = solve({ portal: 'd4', pieces: [{ role: 'king', square: 'a1' }] });
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.length).toBe(3);
    expect(r.moves).toEqual(['Ka1-b2', 'Kb2-c3', 'Kc3-d4']); // the only 3-move path
    expectReplaySolves(pos, r.moves);
  });

  it('UK-5 a blocker must step aside twice first: 2 rook + 2 king moves = 4', () => {
    // 3x3, walls a2 b2. King a1 can only leave via b1, where a rook stands.
    // The rook's only move from b1 is c1 (the portal) and it must leave c1
    // again before the king arrives: >= 2 rook moves; king a1->c1 >= 2. So >= 4,
    // and Rb1-c1, Rc1-c2, Ka1-b1, Kb1-c1 does it.
    const { pos, r } = solve({
      width: 3,
      height: 3,
      walls: ['a2', 'b2'],
      portal: 'c1',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'rook', square: 'b1' },
      ],
    });
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.length).toBe(4);
    expect(r.moves[0]).toBe('Rb1-c1');
    expect(r.moves.filter((m) => m.startsWith('R'))).toHaveLength(2);
    expectReplaySolves(pos, r.moves);
  });

  it('UK-4 corridor: the rook slides one square aside and the king ducks through a pocket = 5', () => {
    // 5x3: rank 1 corridor a1..e1, pockets b2 and d2, all else walled.
    // King a1 -> e1 needs >= 4 moves and must pass c1 (c2, c3 are walls), where
    // the rook stands: >= 5. Rook c1-b1 then Ka1-b2, Kb2-c1, Kc1-d1/d2, K-e1 is 5.
    const { pos, r } = solve({
      width: 5,
      height: 3,
      walls: ['a2', 'c2', 'e2', 'a3', 'b3', 'c3', 'd3', 'e3'],
      portal: 'e1',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'rook', square: 'c1' },
      ],
    });
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.length).toBe(5);
    expect(r.moves.filter((m) => m.startsWith('R'))).toHaveLength(1);
    expect(r.moves.filter((m) => m.startsWith('K'))).toHaveLength(4);
    expectReplaySolves(pos, r.moves);
  });

  it('UK-4 corridor needing an exact set of moves in a forced order = 6', () => {
    // 4x3, free squares a1 b1 c1 d1 + pocket c2 c3 (walls a2 b2 d2 a3 b3 d3).
    // King a1, rook b1, north pawn c1, portal d1.
    // Only legal first move: Pc1-c2 (rook boxed by king/pawn/wall, king by rook/walls).
    // King needs >= 3 (a1-b1-(c1|c2)-d1). Through c2: the pawn must go on to c3
    // (2 pawn moves) and the rook must leave b1 without standing on d1 (1 move,
    // Rb1-c1): 6. Through c1: the rook must end on c2/c3 (>= 2 rook moves, and the
    // pawn on c3 above it: 2 pawn moves): >= 7. So 6, made of exactly these moves.
    const { pos, r } = solve({
      width: 4,
      height: 3,
      walls: ['a2', 'b2', 'd2', 'a3', 'b3', 'd3'],
      portal: 'd1',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'rook', square: 'b1' },
        { role: 'pawn', square: 'c1' },
      ],
    });
    expect(legalMoves(pos).map((m) => moveToLan(pos, m))).toEqual(['Pc1-c2']);
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.length).toBe(6);
    expect(r.moves[0]).toBe('Pc1-c2');
    expect([...r.moves].sort()).toEqual(['Ka1-b1', 'Kb1-c2', 'Kc2-d1', 'Pc1-c2', 'Pc2-c3', 'Rb1-c1']);
    expect(r.moves.filter((m) => m.startsWith('K'))).toEqual(['Ka1-b1', 'Kb1-c2', 'Kc2-d1']);
    expect(r.moves.indexOf('Pc2-c3')).toBeLessThan(r.moves.indexOf('Kb1-c2'));
    expectReplaySolves(pos, r.moves);
  });

  it('UK-6 a portal walled off is proved unsolvable after exactly the reachable states (lone king: 5)', () => {
    // 3x3, walls b2 b3 c2 around portal c3. King squares: a1 a2 a3 b1 c1.
    const { r } = solve({ width: 3, height: 3, walls: ['b2', 'b3', 'c2'], portal: 'c3', pieces: [{ role: 'king', square: 'a1' }] });
    expect(r).toEqual({ status: 'unsolvable', states: 5 });
  });

  it('UK-4 walled-off portal with a south pawn: 11 reachable states, counted by hand', () => {
    // Same board, pawn a3 facing south (a3 -> a2 -> a1). Free squares a1 a2 a3 b1 c1.
    // Pawn a3: king in {a1, a2, b1, c1}                         = 4
    // Pawn a2: king in {a1, b1, c1} (a3 is cut off: b2, b3 walls)  = 3
    // Pawn a1: king in {b1, c1, a2, a3}                         = 4
    const { r } = solve({
      width: 3,
      height: 3,
      walls: ['b2', 'b3', 'c2'],
      portal: 'c3',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'pawn', square: 'a3', facing: 'south' },
      ],
    });
    expect(r).toEqual({ status: 'unsolvable', states: 11 });
  });

  it('maxStates cap answers limit on a large blueprint', () => {
    const { r } = solve(
      {
        portal: 'h8',
        walls: ['g7', 'h7', 'g8'],
        pieces: [
          { role: 'king', square: 'a1' },
          { role: 'queen', square: 'd4' },
          { role: 'rook', square: 'e5' },
          { role: 'knight', square: 'b6' },
        ],
      },
      { maxStates: 1000 },
    );
    expect(r).toMatchObject({ status: 'limit', reason: 'states', states: 1000 });
  });

  it('cancellation via signal answers cancelled', () => {
    const { r } = solve(
      {
        portal: 'h8',
        pieces: [
          { role: 'king', square: 'a1' },
          { role: 'queen', square: 'd4' },
        ],
      },
      { signal: { aborted: true } },
    );
    expect(r).toMatchObject({ status: 'cancelled', states: 1 });
  });
});

// ------------------------------------------------------------------------------
// Independent reference implementation (test only): coordinates + strings.

interface RefPiece {
  role: Role;
  f: number;
  r: number;
  facing: Facing;
  lateral: boolean;
}
interface RefBoard {
  w: number;
  h: number;
  walls: Set<string>;
  portal: string;
  king: number;
}
const key = (f: number, r: number) => `${f},${r}`;
const nameOf = (f: number, r: number) => String.fromCharCode(97 + f) + String(r + 1);
const LETTERS: Record<Role, string> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };

function refMoves(b: RefBoard, ps: RefPiece[]): { i: number; f: number; r: number; lan: string }[] {
  const occupied = (f: number, r: number) => ps.some((p) => p.f === f && p.r === r);
  const free = (f: number, r: number) => f >= 0 && r >= 0 && f < b.w && r < b.h && !b.walls.has(key(f, r)) && !occupied(f, r);
  const out: { i: number; f: number; r: number; lan: string }[] = [];
  ps.forEach((p, i) => {
    const add = (f: number, r: number) => out.push({ i, f, r, lan: `${LETTERS[p.role]}${nameOf(p.f, p.r)}-${nameOf(f, r)}` });
    const orth = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ];
    const diag = [
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
    ];
    const slide = (dirs: number[][]) => {
      for (const [df, dr] of dirs) {
        let f = p.f + df!;
        let r = p.r + dr!;
        while (free(f, r)) {
          add(f, r);
          f += df!;
          r += dr!;
        }
      }
    };
    const jumps = (ds: number[][]) => {
      for (const [df, dr] of ds) if (free(p.f + df!, p.r + dr!)) add(p.f + df!, p.r + dr!);
    };
    if (p.role === 'king') jumps([...orth, ...diag]);
    if (p.role === 'rook') slide(orth);
    if (p.role === 'bishop') slide(diag);
    if (p.role === 'queen') slide([...orth, ...diag]);
    if (p.role === 'knight')
      jumps([
        [1, 2],
        [2, 1],
        [-1, 2],
        [-2, 1],
        [1, -2],
        [2, -1],
        [-1, -2],
        [-2, -1],
      ]);
    if (p.role === 'pawn') {
      const fwd = { north: [0, 1], south: [0, -1], east: [1, 0], west: [-1, 0] }[p.facing];
      const ds = [fwd];
      if (p.lateral) ds.push(p.facing === 'north' || p.facing === 'south' ? [1, 0] : [0, 1], p.facing === 'north' || p.facing === 'south' ? [-1, 0] : [0, -1]);
      jumps(ds);
    }
  });
  return out;
}

const stateKey = (ps: RefPiece[]) => ps.map((p) => key(p.f, p.r)).join('|');
const refSolved = (b: RefBoard, ps: RefPiece[]) => nameOf(ps[b.king]!.f, ps[b.king]!.r) === b.portal;
const moved = (ps: RefPiece[], i: number, f: number, r: number) => ps.map((p, j) => (j === i ? { ...p, f, r } : p));

/** Iterative deepening DFS with a per-iteration "explored with >= budget" memo. Optimum or -1 within maxDepth. */
function refOptimum(b: RefBoard, start: RefPiece[], maxDepth: number): number {
  for (let limit = 0; limit <= maxDepth; limit++) {
    const memo = new Map<string, number>();
    const dfs = (ps: RefPiece[], budget: number): boolean => {
      if (refSolved(b, ps)) return true;
      if (budget === 0) return false;
      const k = stateKey(ps);
      if ((memo.get(k) ?? -1) >= budget) return false;
      memo.set(k, budget);
      for (const m of refMoves(b, ps)) if (dfs(moved(ps, m.i, m.f, m.r), budget - 1)) return true;
      return false;
    };
    if (dfs(start, limit)) return limit;
  }
  return -1;
}

/** Reference breadth-first search (string keys): the optimum, or -1 and the reachable count. */
function refBfs(b: RefBoard, start: RefPiece[]): { optimum: number; reachable: number } {
  if (refSolved(b, start)) return { optimum: 0, reachable: 1 };
  const seen = new Set([stateKey(start)]);
  let frontier = [start];
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: RefPiece[][] = [];
    for (const ps of frontier) {
      for (const m of refMoves(b, ps)) {
        const n = moved(ps, m.i, m.f, m.r);
        const k = stateKey(n);
        if (seen.has(k)) continue;
        seen.add(k);
        if (refSolved(b, n)) return { optimum: depth, reachable: -1 };
        next.push(n);
      }
    }
    frontier = next;
  }
  return { optimum: -1, reachable: seen.size };
}

/** Number of states reachable from start (flood fill), not stopping at the goal. */
function refReachable(b: RefBoard, start: RefPiece[]): number {
  const seen = new Set([stateKey(start)]);
  const queue = [start];
  while (queue.length > 0) {
    const ps = queue.pop()!;
    for (const m of refMoves(b, ps)) {
      const next = moved(ps, m.i, m.f, m.r);
      const k = stateKey(next);
      if (!seen.has(k)) {
        seen.add(k);
        queue.push(next);
      }
    }
  }
  return seen.size;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomLevel(rand: () => number): UnlockTheKingLevel {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const w = pick([3, 4]);
  const h = pick([3, 4]);
  const squares: string[] = [];
  for (let r = 0; r < h; r++) for (let f = 0; f < w; f++) squares.push(nameOf(f, r));
  // shuffle
  for (let i = squares.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [squares[i], squares[j]] = [squares[j]!, squares[i]!];
  }
  const nPieces = rand() < 0.2 ? 2 : pick([3, 4]); // 2..4 incl. the king, mostly crowded
  const nWalls = Math.floor(rand() * (w * h >= 12 ? 6 : 3)); // 0..5 (0..2 on 3x3)
  const pieces: UkPiece[] = [{ role: 'king', square: squares[0]! }];
  for (let i = 1; i < nPieces; i++) {
    const role = pick(['queen', 'rook', 'bishop', 'knight', 'pawn'] as const);
    const p: UkPiece = { role, square: squares[i]! };
    if (role === 'pawn') {
      p.facing = pick(['north', 'east', 'south', 'west'] as const);
      p.lateral = rand() < 0.5;
    }
    pieces.push(p);
  }
  const walls = squares.slice(nPieces, nPieces + nWalls);
  // Portal: any non-wall square other than the king's (may hold another piece);
  // mostly one of the farthest from the king, so that solutions are not trivial.
  const candidates = squares.filter((s, i) => i !== 0 && !walls.includes(s));
  const dist = (s: string) => Math.max(Math.abs(s.charCodeAt(0) - squares[0]!.charCodeAt(0)), Math.abs(Number(s.slice(1)) - Number(squares[0]!.slice(1))));
  const far = Math.max(...candidates.map(dist));
  const portal = rand() < 0.8 ? pick(candidates.filter((s) => dist(s) === far)) : pick(candidates);
  // The king is not always first in the document.
  if (rand() < 0.5) pieces.push(pieces.shift()!);
  return ukLevel({ width: w, height: h, walls, portal, pieces });
}

function refBoard(level: UnlockTheKingLevel): { b: RefBoard; ps: RefPiece[] } {
  const coord = (s: string) => ({ f: s.charCodeAt(0) - 97, r: Number(s.slice(1)) - 1 });
  const ps = level.pieces.map((p) => ({ role: p.role, ...coord(p.square), facing: p.facing ?? 'north', lateral: p.lateral ?? false }));
  const walls = new Set(
    (level.walls ?? []).map((s) => {
      const c = coord(s);
      return key(c.f, c.r);
    }),
  );
  return {
    b: { w: level.board.width, h: level.board.height, walls, portal: level.portal, king: level.pieces.findIndex((p) => p.role === 'king') },
    ps,
  };
}

describe('UK solver cross-checked against an independent brute force', () => {
  it('UK-4/UK-5 legal moves agree with the reference generator along random walks', () => {
    const rand = mulberry32(12345);
    for (let n = 0; n < 60; n++) {
      const level = randomLevel(rand);
      expect(hasErrors(validateUnlockTheKing(level))).toBe(false);
      let pos = ukPos({ width: level.board.width, height: level.board.height, walls: level.walls ?? [], portal: level.portal, pieces: level.pieces });
      let { b, ps } = refBoard(level);
      for (let step = 0; step < 12; step++) {
        const mine = legalMoves(pos)
          .map((m) => moveToLan(pos, m))
          .sort();
        const ref = refMoves(b, ps);
        expect(mine).toEqual(ref.map((m) => m.lan).sort());
        if (ref.length === 0) break;
        const m = ref[Math.floor(rand() * ref.length)]!;
        pos = applyMove(pos, parseLan(pos, m.lan)!);
        ps = moved(ps, m.i, m.f, m.r);
        b = { ...b };
      }
    }
  });

  it('UK-7 BFS optimum equals iterative deepening on 50 random 3x3..4x4 boards with 2-4 pieces', () => {
    const rand = mulberry32(20240601);
    const MAX_DEPTH = 14;
    let solved = 0;
    let unsolvable = 0;
    for (let n = 0; n < 50; n++) {
      const level = randomLevel(rand);
      const compiled = compileUnlockTheKing(level);
      expect(compiled.ok).toBe(true);
      if (!compiled.ok) continue;
      const pos = compiled.value;
      const r = solveBfs(ukSearchProblem(pos));
      const { b, ps } = refBoard(level);
      const ref = refOptimum(b, ps, MAX_DEPTH);
      const label = JSON.stringify({ level: { board: level.board, walls: level.walls, portal: level.portal, pieces: level.pieces }, r });
      if (r.status === 'solved') {
        solved++;
        if (r.length <= MAX_DEPTH) expect(ref, label).toBe(r.length);
        else expect(ref, label).toBe(-1);
        expectReplaySolves(pos, r.moves);
      } else {
        unsolvable++;
        expect(r.status, label).toBe('unsolvable');
        expect(ref, label).toBe(-1);
        if (r.status === 'unsolvable') expect(r.states, label).toBe(refReachable(b, ps));
      }
    }
    // The sample must exercise both outcomes.
    expect(solved).toBeGreaterThan(10);
    expect(unsolvable).toBeGreaterThan(0);
  });

  it('multi-word states (5-6 pieces, 2 words) agree with a reference BFS on crowded 4x4 boards', () => {
    const rand = mulberry32(777);
    let solved = 0;
    let unsolvable = 0;
    for (let n = 0; n < 16; n++) {
      // 4x4 with 5..6 pieces and 4..5 walls. Odd n: portal d4 walled off from
      // the king (c3 c4 d3 walls) -> unsolvable, every reachable state counted.
      // Even n: the portal is a free square farthest from the king.
      const closed = n % 2 === 1;
      const fixedWalls = closed ? ['c3', 'c4', 'd3'] : [];
      const sq: string[] = [];
      for (let r = 0; r < 4; r++) for (let f = 0; f < 4; f++) sq.push(nameOf(f, r));
      const free = sq.filter((x) => !fixedWalls.includes(x) && !(closed && x === 'd4'));
      for (let i = free.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [free[i], free[j]] = [free[j]!, free[i]!];
      }
      const nPieces = 5 + Math.floor(rand() * 2);
      const nWalls = closed ? 2 + Math.floor(rand() * 2) : 4 + Math.floor(rand() * 2);
      const roles = ['queen', 'rook', 'bishop', 'knight', 'pawn'] as const;
      const pieces: UkPiece[] = [{ role: 'king', square: free[0]! }];
      for (let i = 1; i < nPieces; i++) {
        const role = roles[Math.floor(rand() * roles.length)]!;
        pieces.push(
          role === 'pawn'
            ? { role, square: free[i]!, facing: (['north', 'east', 'south', 'west'] as const)[Math.floor(rand() * 4)]!, lateral: rand() < 0.5 }
            : { role, square: free[i]! },
        );
      }
      const walls = [...fixedWalls, ...free.slice(nPieces, nPieces + nWalls)];
      const rest = free.slice(nPieces + nWalls);
      const kd = (x: string) => Math.max(Math.abs(x.charCodeAt(0) - free[0]!.charCodeAt(0)), Math.abs(Number(x[1]) - Number(free[0]![1])));
      const portal = closed ? 'd4' : rest.reduce((a, x) => (kd(x) > kd(a) ? x : a), rest[0]!);
      const level = ukLevel({ width: 4, height: 4, walls, portal, pieces });
      const pos = ukPos({ width: 4, height: 4, walls, portal, pieces });
      const r = solveBfs(ukSearchProblem(pos));
      const { b, ps } = refBoard(level);
      const ref = refBfs(b, ps);
      const label = JSON.stringify({ walls, portal, pieces, r });
      if (ref.optimum >= 0) {
        expect(r, label).toMatchObject({ status: 'solved', length: ref.optimum });
        solved++;
        if (r.status === 'solved') expectReplaySolves(pos, r.moves);
      } else {
        expect(r, label).toEqual({ status: 'unsolvable', states: ref.reachable });
        unsolvable++;
      }
    }
    expect(solved).toBeGreaterThan(3);
    expect(unsolvable).toBeGreaterThan(3);
    expect(solved).toBeGreaterThan(0);
    expect(unsolvable).toBeGreaterThan(0);
  });
});

describe('UK-4/UK-5 walled-in king: proved unsolvable without search', () => {
  // 16x16, king on a1 boxed in by walls on a2, b2, b1: its wall-free region is
  // {a1}, so no arrangement of the other pieces can ever free it.
  const boxed: LevelSpec = {
    width: 16,
    height: 16,
    walls: ['a2', 'b2', 'b1'],
    portal: 'p16',
    pieces: [
      { role: 'king', square: 'a1' },
      { role: 'rook', square: 'h8' },
      { role: 'rook', square: 'c3' },
      { role: 'queen', square: 'k11' },
      { role: 'knight', square: 'e5' },
      { role: 'bishop', square: 'm2' },
    ],
  };
  it('the portal is outside the king wall-free region: unsolvable after the start state only', () => {
    const pos = ukPos(boxed);
    expect(kingCanReachPortal(pos)).toBe(false);
    expect(solveLevelReference(ukLevel(boxed))).toEqual({ status: 'unsolvable', states: 1 });
    // The raw search still agrees, by exhausting the reachable states.
    expect(solveBfs(ukSearchProblem(pos), { maxStates: 5_000_000 }).status).not.toBe('solved');
  });
  it('a gap in the walls (b1 open) makes the portal reachable again', () => {
    const pos = ukPos({ ...boxed, walls: ['a2', 'b2'] });
    expect(kingCanReachPortal(pos)).toBe(true);
  });
  it('pieces do not count as walls: a king boxed in by pieces alone is not pruned', () => {
    const pos = ukPos({
      width: 4,
      height: 4,
      portal: 'd4',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'rook', square: 'a2' },
        { role: 'rook', square: 'b2' },
        { role: 'rook', square: 'b1' },
      ],
    });
    expect(kingCanReachPortal(pos)).toBe(true);
    expect(solveBfs(ukSearchProblem(pos)).status).toBe('solved');
  });
});
