/**
 * Seeded random level generators and independent reference counters for the
 * solver tests (A* vs BFS, optimal-solution counts). The references use only
 * the rules' play APIs (legalMoves/applyMove, cmLegalMoves/cmPlay) and string
 * keys: nothing of the solver's packed encoding, canonical order, heuristic
 * or storage.
 */
import {
  TRANSFORM_TYPES,
  type ChessMazeLevel,
  type CmPiece,
  type CmTile,
  type Facing,
  type Role,
  type UkPiece,
  type UnlockTheKingLevel,
} from '../../../src-shared/model/level.js';
import { applyMove, isSolved, legalMoves, type UkPosition } from '../../../src-shared/rulesets/unlock-the-king/index.js';
import { cmInitialState, cmLegalMoves, cmPlay, validateChessMaze, type CmPosition, type CmState } from '../../../src-shared/rulesets/chess-maze/index.js';
import { validateUnlockTheKing } from '../../../src-shared/rulesets/unlock-the-king/index.js';
import { hasErrors } from '../../../src-shared/validation/issue.js';

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nameOf = (f: number, r: number): string => String.fromCharCode(97 + f) + String(r + 1);
const FACINGS: Facing[] = ['north', 'east', 'south', 'west'];

function shuffled(rand: () => number, w: number, h: number): string[] {
  const squares: string[] = [];
  for (let r = 0; r < h; r++) for (let f = 0; f < w; f++) squares.push(nameOf(f, r));
  for (let i = squares.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [squares[i], squares[j]] = [squares[j]!, squares[i]!];
  }
  return squares;
}

/**
 * A valid Unlock the King blueprint on 3x3..5x5 with 2..6 pieces, often
 * with identical pieces (two rooks, two north pawns) and pawns of several
 * facings, some walls, the portal mostly far from the king.
 */
export function randomUkLevel(rand: () => number): UnlockTheKingLevel {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  for (;;) {
    const w = pick([3, 4, 4, 5]);
    const h = pick([3, 4, 4, 5]);
    const squares = shuffled(rand, w, h);
    let k = 0;
    const pieces: UkPiece[] = [{ role: 'king', square: squares[k++]! }];
    const n = 2 + Math.floor(rand() * (w * h >= 16 ? 5 : 3));
    const twin = rand() < 0.5 ? pick(['rook', 'knight', 'bishop', 'pawn'] as const) : undefined;
    for (let i = 1; i < n; i++) {
      const role: Role = twin && i <= 2 ? twin : pick(['queen', 'rook', 'bishop', 'knight', 'pawn', 'pawn'] as const);
      const p: UkPiece = { role, square: squares[k++]! };
      if (role === 'pawn') {
        p.facing = twin === 'pawn' && i <= 2 ? 'north' : pick(FACINGS);
        if (rand() < 0.3) p.lateral = true;
      }
      pieces.push(p);
    }
    const walls: string[] = [];
    for (let i = Math.floor(rand() * Math.min(5, w * h - n - 2)); i > 0; i--) walls.push(squares[k++]!);
    const rest = squares.slice(k);
    if (rest.length === 0) continue;
    const king = pieces[0]!.square;
    const dist = (x: string): number => Math.max(Math.abs(x.charCodeAt(0) - king.charCodeAt(0)), Math.abs(Number(x.slice(1)) - Number(king.slice(1))));
    const portal = rand() < 0.8 ? rest.reduce((a, x) => (dist(x) > dist(a) ? x : a), rest[0]!) : pick([...rest, ...pieces.slice(1).map((p) => p.square)]);
    if (rand() < 0.5) pieces.push(pieces.shift()!);
    const level: UnlockTheKingLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'unlock-the-king',
      meta: { title: 'generated' },
      board: { width: w, height: h },
      portal,
      pieces,
      ...(walls.length > 0 ? { walls } : {}),
    };
    if (hasErrors(validateUnlockTheKing(level))) continue;
    return level;
  }
}

/**
 * A valid Chess Maze level on 3x3..5x5 with 1..3 player pieces (twins
 * sometimes), enemies, holes, and at random keys + locks, plates + locks,
 * transform tiles, coins (collect), letters (spell), gems, a move limit.
 */
export function randomCmLevel(rand: () => number): ChessMazeLevel {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const roles: Role[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
  for (;;) {
    const w = pick([3, 4, 4, 5]);
    const h = pick([3, 4, 4, 5]);
    const squares = shuffled(rand, w, h);
    let k = 0;
    const take = (): string | undefined => squares[k++];
    const pieces: CmPiece[] = [];
    const nPlayers = pick([1, 1, 2, 2, 3]);
    const twin = rand() < 0.3 ? pick(roles) : undefined;
    for (let i = 0; i < nPlayers; i++) {
      const role = twin && i < 2 ? twin : pick(roles);
      const p: CmPiece = { role, square: take()!, side: 'player' };
      if (role === 'pawn') p.facing = twin === 'pawn' && i < 2 ? 'north' : pick(FACINGS);
      pieces.push(p);
    }
    for (let i = pick([0, 1, 1, 2]); i > 0; i--) pieces.push({ role: pick(roles), square: take()!, side: 'enemy' });
    const holes: string[] = [];
    for (let i = pick([0, 1, 2]); i > 0; i--) holes.push(take()!);
    const rest = squares.slice(k);
    if (rest.length === 0) continue;
    const from = pieces[0]!.square;
    const dist = (x: string): number => Math.max(Math.abs(x.charCodeAt(0) - from.charCodeAt(0)), Math.abs(Number(x.slice(1)) - Number(from.slice(1))));
    const finish = rand() < 0.7 ? rest.reduce((a, x) => (dist(x) > dist(a) ? x : a), rest[0]!) : rest[0]!;
    squares.splice(squares.indexOf(finish), 1);
    const tiles: CmTile[] = [{ kind: 'finish', square: finish }];
    const objectives: NonNullable<ChessMazeLevel['objectives']> = {};
    if (rand() < 0.35) {
      tiles.push({ kind: 'key', square: take()!, color: 'red' });
      tiles.push({ kind: 'lock', square: rand() < 0.25 ? finish : take()!, color: 'red' });
    }
    if (rand() < 0.35) {
      const enemy = pieces.find((p) => p.side === 'enemy');
      tiles.push({ kind: 'plate', square: enemy && rand() < 0.3 ? enemy.square : take()!, color: 'blue' });
      tiles.push({ kind: 'lock', square: take()!, color: 'blue' });
    }
    if (rand() < 0.35) {
      const allowed = TRANSFORM_TYPES.filter(() => rand() < 0.4);
      tiles.push({ kind: 'transform', square: take()!, allowed: allowed.length > 0 ? allowed : [pick(TRANSFORM_TYPES)] });
    }
    if (rand() < 0.4) {
      for (let i = pick([1, 2, 3]); i > 0; i--) tiles.push({ kind: 'coin', square: i === 1 && rand() < 0.2 ? finish : take()! });
      if (rand() < 0.8) objectives.collect = true;
    }
    if (rand() < 0.25) {
      const word = pick(['A', 'AB', 'BA', 'AA']);
      for (const ch of word) tiles.push({ kind: 'letter', square: take()!, letter: ch });
      if (rand() < 0.5) tiles.push({ kind: 'letter', square: take()!, letter: pick(['A', 'B']) });
      objectives.spell = word;
    }
    if (rand() < 0.15) tiles.push({ kind: 'gem', square: take()! });
    if (rand() < 0.25) objectives.moveLimit = 2 + Math.floor(rand() * 6);
    if (tiles.some((t) => t.square === undefined)) continue;
    const level: ChessMazeLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'chess-maze',
      meta: { title: 'generated' },
      board: { width: w, height: h, ...(holes.length > 0 ? { holes } : {}) },
      pieces,
      tiles,
      ...(Object.keys(objectives).length > 0 ? { objectives } : {}),
    };
    let bad = true;
    try {
      bad = hasErrors(validateChessMaze(level));
    } catch {
      bad = true;
    }
    if (bad) continue;
    return level;
  }
}

/** Reference result: optimum (-1 none within the search) and the number of optimal move sequences. */
export interface RefCount {
  optimum: number;
  solutions: number;
  firstMoves: number;
  /** False when the reference gave up (more than `maxStates` states). */
  complete: boolean;
}

/**
 * Shortest-path counting BFS over labelled positions (UK-4..UK-6), string
 * keys: every sequence of legal moves of minimum length ending with the
 * king on the portal is one solution.
 */
export function ukReferenceCount(start: UkPosition, maxStates = 200_000): RefCount {
  if (isSolved(start)) return { optimum: 0, solutions: 1, firstMoves: 0, complete: true };
  const key = (p: UkPosition): string => p.pieces.map((x) => x.square).join(',');
  const seen = new Set<string>([key(start)]);
  let layer = new Map<string, { pos: UkPosition; count: number; first: Set<number> }>([[key(start), { pos: start, count: 1, first: new Set() }]]);
  for (let depth = 1; layer.size > 0; depth++) {
    const next = new Map<string, { pos: UkPosition; count: number; first: Set<number> }>();
    let goals = 0;
    const goalFirst = new Set<number>();
    let mi = 0;
    for (const { pos, count, first } of layer.values()) {
      for (const m of legalMoves(pos)) {
        const moveId = depth === 1 ? mi++ : -1;
        const q = applyMove(pos, m);
        const kq = key(q);
        const firsts = depth === 1 ? new Set([moveId]) : first;
        if (isSolved(q)) {
          goals += count;
          for (const f of firsts) goalFirst.add(f);
          continue;
        }
        if (seen.has(kq) && !next.has(kq)) continue;
        const e = next.get(kq);
        if (e) {
          e.count += count;
          for (const f of firsts) e.first.add(f);
        } else {
          seen.add(kq);
          next.set(kq, { pos: q, count, first: new Set(firsts) });
        }
      }
    }
    if (goals > 0) return { optimum: depth, solutions: goals, firstMoves: goalFirst.size, complete: true };
    if (seen.size > maxStates) return { optimum: -1, solutions: 0, firstMoves: 0, complete: false };
    layer = next;
  }
  return { optimum: -1, solutions: 0, firstMoves: 0, complete: true };
}

/** Everything of a Chess Maze play state except the move counter (tests only). */
const cmKey = (s: CmState): string => JSON.stringify([s.squares, s.roles, s.alive, s.keys, s.picked, s.spelled]);

/**
 * Shortest-path counting BFS over Chess Maze play states (cmLegalMoves /
 * cmPlay, CM-2..CM-13): solutions are move sequences of minimum length
 * ending in a win; failed attempts (misspelled, dead end, move limit) end
 * a line.
 */
export function cmReferenceCount(pos: CmPosition, maxStates = 200_000): RefCount {
  const start = cmInitialState(pos);
  const seen = new Set<string>([cmKey(start)]);
  let layer = new Map<string, { s: CmState; count: number; first: Set<number> }>([[cmKey(start), { s: start, count: 1, first: new Set() }]]);
  for (let depth = 1; layer.size > 0; depth++) {
    const next = new Map<string, { s: CmState; count: number; first: Set<number> }>();
    let goals = 0;
    const goalFirst = new Set<number>();
    let mi = 0;
    for (const { s, count, first } of layer.values()) {
      for (const m of cmLegalMoves(pos, s)) {
        const moveId = depth === 1 ? mi++ : -1;
        const firsts = depth === 1 ? new Set([moveId]) : first;
        const q = cmPlay(pos, s, m).state;
        if (q.outcome !== 'playing') {
          if ('won' in q.outcome) {
            goals += count;
            for (const f of firsts) goalFirst.add(f);
          }
          continue;
        }
        const kq = cmKey(q);
        if (seen.has(kq) && !next.has(kq)) continue;
        const e = next.get(kq);
        if (e) {
          e.count += count;
          for (const f of firsts) e.first.add(f);
        } else {
          seen.add(kq);
          next.set(kq, { s: q, count, first: new Set(firsts) });
        }
      }
    }
    if (goals > 0) return { optimum: depth, solutions: goals, firstMoves: goalFirst.size, complete: true };
    if (seen.size > maxStates) return { optimum: -1, solutions: 0, firstMoves: 0, complete: false };
    layer = next;
  }
  return { optimum: -1, solutions: 0, firstMoves: 0, complete: true };
}

/** Reference fewest / most non-king moves over the optimal solutions of a UK blueprint. */
export interface RefUnlocking {
  /** Optimum (-1: unsolvable, or the reference gave up). */
  optimum: number;
  /** Fewest / most non-king moves in an optimal solution (-1 when none). */
  minOther: number;
  maxOther: number;
  /** False when the reference gave up (more than `maxStates` states). */
  complete: boolean;
  /** BFS depth of every position key seen (the `key` below), for `ukEnumerateOptimal`. */
  depth: Map<string, number>;
}

const ukKey = (p: UkPosition): string => p.pieces.map((x) => x.square).join(',');

/**
 * Layered BFS over labelled positions (legalMoves / applyMove, string keys)
 * keeping per position the fewest and most non-king moves over the shortest
 * move sequences reaching it; the values at the solved positions of the
 * first depth with any are the min / max over all optimal solutions
 * (every prefix of an optimal solution is a shortest path).
 */
export function ukReferenceUnlocking(start: UkPosition, maxStates = 200_000): RefUnlocking {
  const depth = new Map<string, number>([[ukKey(start), 0]]);
  if (isSolved(start)) return { optimum: 0, minOther: 0, maxOther: 0, complete: true, depth };
  let layer = new Map<string, { pos: UkPosition; lo: number; hi: number }>([[ukKey(start), { pos: start, lo: 0, hi: 0 }]]);
  for (let d = 1; layer.size > 0; d++) {
    const next = new Map<string, { pos: UkPosition; lo: number; hi: number }>();
    let gLo = Infinity;
    let gHi = -1;
    for (const { pos, lo, hi } of layer.values()) {
      for (const m of legalMoves(pos)) {
        const t = m.piece === pos.king ? 0 : 1;
        const q = applyMove(pos, m);
        if (isSolved(q)) {
          gLo = Math.min(gLo, lo + t);
          gHi = Math.max(gHi, hi + t);
          continue;
        }
        const k = ukKey(q);
        const seenAt = depth.get(k);
        if (seenAt !== undefined && seenAt < d) continue;
        depth.set(k, d);
        const e = next.get(k);
        if (e) {
          e.lo = Math.min(e.lo, lo + t);
          e.hi = Math.max(e.hi, hi + t);
        } else next.set(k, { pos: q, lo: lo + t, hi: hi + t });
      }
    }
    if (gHi >= 0) return { optimum: d, minOther: gLo, maxOther: gHi, complete: true, depth };
    if (depth.size > maxStates) return { optimum: -1, minOther: -1, maxOther: -1, complete: false, depth };
    layer = next;
  }
  return { optimum: -1, minOther: -1, maxOther: -1, complete: true, depth };
}

/**
 * Brute force: every optimal solution as an explicit move sequence (DFS
 * through positions at their BFS depth), or undefined after `maxNodes`
 * visits. Returns each solution's number of non-king moves.
 */
export function ukEnumerateOptimal(start: UkPosition, ref: RefUnlocking, maxNodes = 200_000): number[] | undefined {
  const out: number[] = [];
  let nodes = 0;
  const dfs = (pos: UkPosition, d: number, others: number): boolean => {
    if (++nodes > maxNodes) return false;
    for (const m of legalMoves(pos)) {
      const t = m.piece === pos.king ? 0 : 1;
      const q = applyMove(pos, m);
      if (d + 1 === ref.optimum) {
        if (isSolved(q)) out.push(others + t);
      } else if (!isSolved(q) && ref.depth.get(ukKey(q)) === d + 1) {
        if (!dfs(q, d + 1, others + t)) return false;
      }
    }
    return true;
  };
  if (ref.optimum <= 0) return ref.optimum === 0 ? [0] : [];
  return dfs(start, 0, 0) ? out : undefined;
}
