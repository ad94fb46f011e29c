/**
 * The blocker-chain bound (chain.ts `chainBound`, A*'s strong bound for
 * Unlock the King) and the partial expansion built on its relevant squares
 * (search.ts `expandPart`):
 * - hand-worked values (a Citadel Codex start position, worked from UK-4
 *   movement and UK-5 no captures);
 * - against a brute-force reference of the same definition (every simple
 *   king route, every mover set) on random positions;
 * - admissibility: never above the true distance to the portal (UK-6),
 *   found by a full search of the reachable positions with the play API;
 * - the relevant squares: a move off them keeps the bound, and the two
 *   parts of a partial expansion are exactly the successors, the far part
 *   keeping the bound.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UnlockTheKingLevel } from '../../../../src-shared/model/level.js';
import { applyMove, compileUnlockTheKing, isSolved, legalMoves, type UkPosition } from '../../../../src-shared/rulesets/unlock-the-king/index.js';
import { frozenPieces } from '../../../../src-shared/rulesets/unlock-the-king/frozen.js';
import { ukSearchProblem } from '../../../../src-shared/rulesets/unlock-the-king/search.js';
import { movementClass } from '../../../../src-shared/rulesets/unlock-the-king/tables.js';
import { mulberry32, randomUkLevel } from '../../solver/generators.js';
import { ukPos } from './helpers.js';

type Problem = ReturnType<typeof ukSearchProblem>;

/** The packed state of position `q` in `problem`'s (labelled) layout: slot s holds piece slotPiece[s]. */
function encode(problem: Problem, q: UkPosition): Int32Array {
  const { bits, stateWords, slotPiece } = problem.layout;
  const out = new Int32Array(stateWords);
  slotPiece.forEach((piece, s) => {
    const v = q.pieces[piece]!.square;
    const bit = s * bits;
    out[bit >>> 5]! |= v << (bit & 31);
    if ((bit & 31) + bits > 32) out[(bit >>> 5) + 1]! |= v >>> (32 - (bit & 31));
  });
  return out;
}

/** Every position reachable from `start` (play API), with its true distance to a solved position (Infinity: none). */
function reachable(start: UkPosition, cap = 6000): { positions: UkPosition[]; dist: number[]; edges: number[][] } | null {
  const key = (p: UkPosition): string => p.pieces.map((x) => x.square).join(',');
  const index = new Map<string, number>([[key(start), 0]]);
  const positions = [start];
  const edges: number[][] = [];
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    const out: number[] = [];
    if (!isSolved(p)) {
      for (const m of legalMoves(p)) {
        const q = applyMove(p, m);
        let j = index.get(key(q));
        if (j === undefined) {
          j = positions.length;
          index.set(key(q), j);
          positions.push(q);
          if (positions.length > cap) return null;
        }
        out.push(j);
      }
    }
    edges.push(out);
  }
  // Distance to a solved position: backwards breadth-first over the explicit graph.
  const back: number[][] = positions.map(() => []);
  edges.forEach((out, i) => out.forEach((j) => back[j]!.push(i)));
  const dist = positions.map((p) => (isSolved(p) ? 0 : Infinity));
  let layer = dist.flatMap((d, i) => (d === 0 ? [i] : []));
  for (let d = 1; layer.length > 0; d++) {
    const next: number[] = [];
    for (const j of layer) {
      for (const i of back[j]!) {
        if (dist[i] !== Infinity) continue;
        dist[i] = d;
        next.push(i);
      }
    }
    layer = next;
  }
  return { positions, dist, edges };
}

/**
 * The chain bound by its definition (chain.ts file comment), brute force: every king route (a first
 * step, then a simple path from there) to the portal over squares that are neither walls nor pieces that never move
 * (`frozenPieces` of `base`, the position the search started from), and for its blockers B the
 * smallest mover set M containing B with a pre-king chain P (the piece on the first step in P;
 * each stuck member of P freed by a member of P, each other stuck member freed by a member of M or
 * the king), tried over all subsets. -1 when no route.
 */
function referenceBound(base: UkPosition, q: UkPosition): number {
  const { width, height, portal, tables: t } = q;
  const frozen = frozenPieces(base);
  const frozenSq = new Set(base.pieces.flatMap((p, i) => (frozen[i] && i !== base.king ? [p.square] : [])));
  const at = new Map(q.pieces.map((p, i) => [p.square, i]));
  const king = q.pieces[q.king]!.square;
  const movers = q.pieces.map((_, i) => i).filter((i) => i !== q.king && !frozenSq.has(q.pieces[i]!.square));
  const first = (i: number): number[] => {
    const p = q.pieces[i]!;
    const g = movementClass(p.role, p.facing, p.lateral) * t.size + p.square;
    const out: number[] = [];
    for (let r = t.groupStart[g]!; r < t.groupStart[g + 1]!; r++) out.push(t.raySquares[t.rayStart[r]!]!);
    return out;
  };
  const stuck = (i: number): boolean => first(i).every((x) => at.has(x));
  const freers = (i: number): number[] => first(i).flatMap((x) => (at.has(x) && !frozenSq.has(x) ? [at.get(x)!] : []));
  const closed = (M: Set<number>, b1: number): boolean => {
    const list = [...M];
    for (let mask = 0; mask < 1 << list.length; mask++) {
      const P = new Set(list.filter((_, k) => mask & (1 << k)));
      if (b1 >= 0 && !P.has(b1)) continue;
      const ok = list.every((p) => {
        if (!stuck(p)) return true;
        const f = freers(p);
        return P.has(p) ? f.some((x) => x !== q.king && P.has(x)) : f.some((x) => x === q.king || M.has(x));
      });
      if (ok) return true;
    }
    return false;
  };
  const closures = new Map<string, number>();
  const closure = (B: Set<number>, b1: number): number => {
    const key = [...B].sort().join(',') + '|' + b1;
    if (!closures.has(key)) closures.set(key, closureOf(B, b1));
    return closures.get(key)!;
  };
  const closureOf = (B: Set<number>, b1: number): number => {
    if ([...B].some((b) => !movers.includes(b))) return Infinity;
    const others = movers.filter((m) => !B.has(m));
    let best = Infinity;
    for (let mask = 0; mask < 1 << others.length; mask++) {
      const M = new Set([...B, ...others.filter((_, k) => mask & (1 << k))]);
      if (M.size < best && closed(M, b1)) best = M.size;
    }
    return best;
  };
  const walls = (x: number): boolean => q.walls[x] === 1 || frozenSq.has(x);
  let best = Infinity;
  // The king's first step, then a simple path from there (it may pass the king's own square, empty by then).
  const path: number[] = [king];
  const onPath = new Set<number>();
  const px = portal % width;
  const py = (portal - px) / width;
  const walk = (sq: number): void => {
    // Branch and bound: steps so far + pieces on the path so far + king steps still needed.
    const steps = Math.max(Math.abs((sq % width) - px), Math.abs(Math.floor(sq / width) - py));
    const onIt = path.slice(1).filter((x) => at.has(x) && x !== king).length;
    if (path.length - 1 + onIt + steps >= best) return;
    if (sq === portal) {
      const blockers = path.slice(1).flatMap((x) => (at.has(x) && x !== king ? [at.get(x)!] : []));
      const b1 = at.has(path[1]!) ? at.get(path[1]!)! : -1;
      const total = path.length - 1 + closure(new Set(blockers), b1);
      if (total < best) best = total;
      return;
    }
    const f = sq % width;
    const r = (sq - f) / width;
    for (let dr = -1; dr <= 1; dr++)
      for (let df = -1; df <= 1; df++) {
        const nf = f + df;
        const nr = r + dr;
        if ((df === 0 && dr === 0) || nf < 0 || nr < 0 || nf >= width || nr >= height) continue;
        const x = nr * width + nf;
        if (walls(x) || onPath.has(x) || (path.length === 1 && x === king)) continue;
        path.push(x);
        onPath.add(x);
        walk(x);
        path.pop();
        onPath.delete(x);
      }
  };
  if (king === portal) return 0;
  walk(king);
  return best === Infinity ? -1 : best;
}

/** Random positions of random small blueprints (reached by random play from the start). */
function* samples(seed: number, count: number, maxSquares: number): Generator<{ start: UkPosition; q: UkPosition }> {
  const rand = mulberry32(seed);
  let made = 0;
  while (made < count) {
    const level = randomUkLevel(rand);
    if (level.board.width * level.board.height > maxSquares) continue;
    const c = compileUnlockTheKing(level);
    if (!c.ok) continue;
    let q = c.value;
    for (let k = Math.floor(rand() * 6); k > 0 && !isSolved(q); k--) {
      const moves = legalMoves(q);
      if (moves.length === 0) break;
      q = applyMove(q, moves[Math.floor(rand() * moves.length)]!);
    }
    made++;
    yield { start: c.value, q };
  }
}

/** A dense blueprint: a board of one of `sizes` (square) mostly filled with pieces (stuck pieces and chains everywhere). */
function denseLevel(rand: () => number, sizes: readonly number[] = [5, 6]): UnlockTheKingLevel | null {
  const w = sizes[Math.floor(rand() * sizes.length)]!;
  const squares: string[] = [];
  for (let r = 0; r < w; r++) for (let f = 0; f < w; f++) squares.push(String.fromCharCode(97 + f) + String(r + 1));
  for (let i = squares.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [squares[i], squares[j]] = [squares[j]!, squares[i]!];
  }
  const roles = ['rook', 'bishop', 'knight', 'pawn', 'pawn', 'queen'] as const;
  const facings = ['north', 'east', 'south', 'west'] as const;
  const n = Math.floor(w * w * (0.45 + rand() * 0.2));
  const level: UnlockTheKingLevel = {
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
  return compileUnlockTheKing(level).ok ? level : null;
}

describe('UK blocker-chain bound', () => {
  it('UK-4 UK-5 Citadel Codex blueprint 16: route bound 5, chain bound 7 (the rook on the first step needs the bishop, which needs the knight), optimum 8', () => {
    const level = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../resources/packs/citadel-codex/levels/16-blueprint.level.json'), 'utf8'));
    const c = compileUnlockTheKing(level);
    if (!c.ok) throw new Error('blueprint 16 does not compile');
    // King b4, portal e2. Shortest route b4-c4-d3-e2: 3 steps, pieces on c4 (rook) and d3 (bishop): route bound 5.
    // The rook on c4 (the first step) can only ever move to c5 (bishop) or b4 (the king's own square);
    // the king cannot free it (it must step onto c4 first), so the bishop on c5 moves before it; that
    // bishop's diagonal squares hold the knight b6 and the king b4 (walls d6 and d4), and it also has to
    // move before the king's first step, so the knight moves too: 3 steps + 4 movers = 7.
    const p = ukSearchProblem(c.value, { bound: 'chain' });
    const s = new Int32Array(p.stateWords);
    p.writeInitial(s);
    expect(p.heuristic!(s, 0)).toBe(5);
    expect(p.strongHeuristic!(s, 0)).toBe(7);
    expect(level.solution.length).toBe(8);
  });

  it('UK-5 a stuck blocker whose freer is another blocker of the route costs nothing more; one freed by nothing closes the route', () => {
    // 4x3, ranks 2 and 3 walled but d2: king a1, rook b1, bishop c1, portal d1. The one route a1-b1-c1-d1:
    // 3 steps + 2 pieces = 5 (route bound). The rook (first step) is stuck (a1 the king, c1 the bishop,
    // b2 a wall) and must move before the king does, freed by the bishop, which can move (d2) and is a
    // blocker already: movers {rook, bishop}, 3 + 2 = 5, no extra.
    const open = ukPos({
      width: 4,
      height: 3,
      walls: ['a2', 'b2', 'c2', 'a3', 'b3', 'c3', 'd3'],
      portal: 'd1',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'rook', square: 'b1' },
        { role: 'bishop', square: 'c1' },
      ],
    });
    const p = ukSearchProblem(open, { bound: 'chain' });
    const s = new Int32Array(p.stateWords);
    p.writeInitial(s);
    expect(p.heuristic!(s, 0)).toBe(5);
    expect(p.strongHeuristic!(s, 0)).toBe(5);
    // A knight on c1 instead, d2 walled too: it has no square to jump to, so it never moves (a wall for
    // the king), and neither does the rook (its squares: the king and that knight): no route, -1.
    const closed = ukPos({
      width: 4,
      height: 3,
      walls: ['a2', 'b2', 'c2', 'd2', 'a3', 'b3', 'c3', 'd3'],
      portal: 'd1',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'rook', square: 'b1' },
        { role: 'knight', square: 'c1' },
      ],
    });
    const q = ukSearchProblem(closed, { bound: 'chain' });
    const t = new Int32Array(q.stateWords);
    q.writeInitial(t);
    expect(q.strongHeuristic!(t, 0)).toBe(-1);
  });

  it('UK-4 UK-5 equals a brute-force reference of its definition on 400 random positions (3x3..4x4, half of them dense)', () => {
    let compared = 0;
    let above = 0;
    const rand = mulberry32(5);
    const dense = function* (): Generator<{ start: UkPosition; q: UkPosition }> {
      for (let made = 0; made < 200;) {
        const l = denseLevel(rand, [4]);
        const c = l && compileUnlockTheKing(l);
        if (!c || !c.ok) continue;
        let q = c.value;
        for (let k = Math.floor(rand() * 6); k > 0 && !isSolved(q); k--) {
          const moves = legalMoves(q);
          if (moves.length === 0) break;
          q = applyMove(q, moves[Math.floor(rand() * moves.length)]!);
        }
        made++;
        yield { start: c.value, q };
      }
    };
    for (const { start, q } of [...samples(20261207, 200, 16), ...dense()]) {
      const p = ukSearchProblem(start, { bound: 'chain' });
      const s = encode(p, q);
      const raw = p.strongHeuristic!(s, 0, 1000);
      const got = raw > 1000 ? -1 : raw; // past a limit no route reaches: no finite bound
      const want = referenceBound(start, q);
      expect(got, JSON.stringify(q.pieces)).toBe(want);
      compared++;
      if (got > p.heuristic!(s, 0)) above++;
    }
    expect(compared).toBe(400);
    expect(above).toBeGreaterThan(10); // the chains do show up
  }, 240_000); // heavy on a loaded machine: a correctness check, not a speed one

  it('UK-6 admissible: never above the true distance, on every reachable position of 100 random blueprints and 30 dense ones', () => {
    const rand = mulberry32(99);
    const levels: UnlockTheKingLevel[] = [];
    for (let k = 0; k < 100; k++) levels.push(randomUkLevel(rand));
    while (levels.length < 130) {
      const l = denseLevel(rand);
      if (l) levels.push(l);
    }
    let checked = 0;
    let tight = 0;
    for (const level of levels) {
      const c = compileUnlockTheKing(level);
      if (!c.ok) continue;
      const g = reachable(c.value);
      if (!g) continue;
      const p = ukSearchProblem(c.value, { bound: 'chain' });
      g.positions.forEach((q, i) => {
        const s = encode(p, q);
        const h = p.strongHeuristic!(s, 0, 1000);
        const d = g.dist[i]!;
        if (d === Infinity) return;
        checked++;
        expect(h, JSON.stringify({ level, at: q.pieces })).toBeGreaterThanOrEqual(0);
        expect(h, JSON.stringify({ level, at: q.pieces })).toBeLessThanOrEqual(d);
        expect(p.heuristic!(s, 0)).toBeLessThanOrEqual(h);
        if (h === d) tight++;
      });
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(tight).toBeGreaterThan(checked / 4);
  }, 240_000); // heavy on a loaded machine: a correctness check, not a speed one

  it('UK-4 partial expansion: near + far parts are exactly the successors, and every far successor keeps the bound', () => {
    const rand = mulberry32(4711);
    let far = 0;
    let parents = 0;
    for (let k = 0; k < 60; k++) {
      const level = k % 2 === 0 ? randomUkLevel(rand) : denseLevel(rand);
      if (!level) continue;
      const c = compileUnlockTheKing(level);
      if (!c.ok) continue;
      const g = reachable(c.value, 3000);
      if (!g) continue;
      for (const bound of ['chain', 'route'] as const) {
        const p = ukSearchProblem(c.value, { canonical: k % 3 === 0, bound });
        const W = p.stateWords;
        const out = new Int32Array(W);
        const keyOf = (a: Int32Array): string => Array.from(a).join(',');
        for (const q of g.positions.slice(0, 400)) {
          if (isSolved(q)) continue;
          const sq = canonicalOf(p, q);
          const all: string[] = [];
          p.expand(sq, 0, out, () => (all.push(keyOf(out)), false));
          const near: string[] = [];
          const farKids: Int32Array[] = [];
          const h1 = p.expandPart!(sq, 0, 1000, 1, out, () => (near.push(keyOf(out)), false));
          const h2 = p.expandPart!(sq, 0, 1000, 2, out, () => (farKids.push(out.slice()), false));
          expect(h2).toBe(h1);
          if (h1 < 0 || h1 > 1000) continue; // no route (past the limit: nothing emitted)
          parents++;
          expect([...near, ...farKids.map(keyOf)].sort()).toEqual([...all].sort());
          for (const kid of farKids) {
            far++;
            expect(p.strongHeuristic!(kid, 0, 1000), JSON.stringify({ level, at: q.pieces, bound })).toBe(h1);
          }
        }
      }
    }
    expect(parents).toBeGreaterThan(5000);
    expect(far).toBeGreaterThan(10_000);
  }, 240_000); // heavy on a loaded machine: a correctness check, not a speed one
});

/** The packed state of `q` in problem `p` (canonical or labelled): each group's squares sorted. */
function canonicalOf(p: Problem, q: UkPosition): Int32Array {
  const { bits, stateWords, slotPiece, groupStart, groupEnd } = p.layout;
  const sqs = slotPiece.map((piece) => q.pieces[piece]!.square);
  for (let s = 0; s < sqs.length;) {
    const e = groupEnd[s]!;
    const part = sqs.slice(groupStart[s]!, e).sort((a, b) => a - b);
    part.forEach((v, k) => (sqs[s + k] = v));
    s = e;
  }
  const out = new Int32Array(stateWords);
  sqs.forEach((v, s) => {
    const bit = s * bits;
    out[bit >>> 5]! |= v << (bit & 31);
    if ((bit & 31) + bits > 32) out[(bit >>> 5) + 1]! |= v >>> (32 - (bit & 31));
  });
  return out;
}
