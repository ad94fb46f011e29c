/**
 * Unlock the King blueprint generator: seeded random
 * placement within one physical Citadel set (UK-1: 16 walls, 1 king, 2
 * queens, 4 rooks, 4 bishops, 4 knights, 8 pawns), optimal solve, then local
 * search (hill climbing on the proven par, or on the non-king moves every
 * optimal solution needs, see `objective`) towards harder puzzles. Pure and reproducible: the same options give the
 * same levels (mulberry32 PRNG; no clocks are read unless `deadline` is set).
 */
import type { Role, UkPiece, UnlockTheKingLevel } from '../../model/level.js';
import { parseSquare, squareName } from '../../model/square.js';
import { compileUnlockTheKing } from './position.js';
import { kingBoxedByPieces, ukSolve } from './search.js';
import { validateUnlockTheKing } from './validate.js';
import { canonicalKey } from './symmetry.js';
import { makeRng } from '../rng.js';

/** UK-1 physical set limits per role, and walls. */
/** Deep copy of plain JSON data. */
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export const UK_SET_LIMITS: Record<Role, number> = { king: 1, queen: 2, rook: 4, bishop: 4, knight: 4, pawn: 8 };
export const UK_SET_WALLS = 16;

export interface GenerateOptions {
  seed: number;
  width?: number;
  height?: number;
  parMin: number;
  parMax: number;
  count: number;
  /** Solver state cap per candidate (default 300,000). */
  maxStates?: number;
  /** Mutations per climb (default 300). */
  climbSteps?: number;
  /** Climbs start from these levels first (then from random placements). */
  starts?: UnlockTheKingLevel[];
  /** Steps without a par gain before a climb restarts (default 80). */
  patience?: number;
  /** Give up after this many climbs (default 200). */
  maxClimbs?: number;
  /** Extra pieces (besides the king) placed at random, inclusive range (default [6, 14]; capped by the UK-1 set). */
  pieces?: [number, number];
  /** Walls placed at random, inclusive range (default [4, 12]). */
  walls?: [number, number];
  /** Optional wall-clock deadline (ms since epoch; the only non-pure input). */
  deadline?: number;
  /** Canonical keys already taken (skip these; symmetry-aware). */
  exclude?: Set<string>;
  /** Called for each accepted level. */
  onLevel?: (found: GeneratedLevel) => void;
  /** Called after each climb. */
  onClimb?: (climb: number, bestPar: number) => void;
  /** Roles the random placement may use besides the king (default: every role of the UK-1 set). */
  roles?: readonly Role[];
  /** Polled before each candidate: when aborted the generator returns the levels found so far. */
  signal?: { readonly aborted: boolean };
  /** Called after each candidate solved: levels found so far and candidates tried. */
  onProgress?: (p: { found: number; tried: number }) => void;
  /**
   * Keep only levels where EVERY optimal solution makes at least this many
   * non-king moves (`SolveMetrics.taggedMovesMin` of the UK search problem,
   * counted by the A* counting path). Default 0 (no minimum).
   */
  nonKingMin?: number;
  /**
   * Keep only levels where, in every optimal solution, the king makes fewer
   * than half the moves: par - taggedMovesMin < par / 2, i.e.
   * 2 * taggedMovesMin > par (the Codex's strict king-share rule). Default false.
   */
  kingShareUnderHalf?: boolean;
  /**
   * What the climb maximises. 'par' (default): the proven par, ties by states.
   * 'unlocking': non-king moves in every optimal solution (taggedMovesMin),
   * less a penalty of one per move the strict king-share rule is short of
   * (when `kingShareUnderHalf`), then par, then states: climbing rewards
   * unlocking, not walking.
   */
  objective?: 'par' | 'unlocking';
}

export interface GeneratedLevel {
  level: UnlockTheKingLevel;
  par: number;
  states: number;
  moves: string[];
  /** Fewest / most non-king moves over all optimal solutions; present when solved with counting (see `nonKingMin`). */
  nonKingMin?: number;
  nonKingMax?: number;
}

export { makeRng };

const ALL_ROLE_BAG: Role[] = ['queen', 'rook', 'rook', 'bishop', 'bishop', 'knight', 'knight', 'pawn', 'pawn', 'pawn'];
const FACING_LIST = ['north', 'east', 'south', 'west'] as const;

/** The random source, board and options one generation run draws blueprints from. */
interface UkDraw {
  rand: () => number;
  pick: <T>(xs: readonly T[]) => T;
  w: number;
  h: number;
  /** Every square name of the board. */
  all: readonly string[];
  /** The roles drawn from (with repeats for their weights). */
  roleBag: readonly Role[];
  opts: GenerateOptions;
}

const countRole = (l: UnlockTheKingLevel, role: Role): number => l.pieces.filter((p) => p.role === role).length;

/** A random non-king piece on `square` within the UK-1 set limits, or undefined after 30 draws. */
function randomPiece(g: UkDraw, l: UnlockTheKingLevel, square: string): UkPiece | undefined {
  const { rand, pick, roleBag } = g;
  for (let tries = 0; tries < 30 && roleBag.length > 0; tries++) {
    const role = pick(roleBag);
    if (countRole(l, role) >= UK_SET_LIMITS[role]) continue;
    const p: UkPiece = { role, square, color: rand() < 0.5 ? 'ivory' : 'obsidian' };
    if (role === 'pawn') {
      p.facing = pick(FACING_LIST);
      if (rand() < 0.25) p.lateral = true;
    }
    return p;
  }
  return undefined;
}

/** A random blueprint: the king, a portal well away from it, then pieces and walls in the options' ranges. */
function randomLevel(g: UkDraw): UnlockTheKingLevel {
  const { rand, w, h, all, opts } = g;
  const free = [...all];
  const take = (): string => free.splice(Math.floor(rand() * free.length), 1)[0]!;
  const l: UnlockTheKingLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Generated' },
    board: { width: w, height: h },
    walls: [],
    portal: '',
    pieces: [],
  };
  l.pieces.push({ role: 'king', square: take(), color: 'ivory' });
  // Portal well away from the king (Chebyshev distance >= half the board) so the walk itself takes moves.
  const k = parseSquare(l.pieces[0]!.square)!;
  let portal = take();
  for (let t = 0; t < 20; t++) {
    const c = parseSquare(portal)!;
    if (Math.max(Math.abs(c.file - k.file), Math.abs(c.rank - k.rank)) >= Math.floor(Math.max(w, h) / 2)) break;
    free.push(portal);
    portal = take();
  }
  l.portal = portal;
  const [pMin, pMax] = opts.pieces ?? [6, 14];
  const n = pMin + Math.floor(rand() * (pMax - pMin + 1));
  for (let i = 0; i < n && free.length > w; i++) {
    const p = randomPiece(g, l, take());
    if (p) l.pieces.push(p);
  }
  const [wMin, wMax] = opts.walls ?? [4, 12];
  const walls = wMin + Math.floor(rand() * (wMax - wMin + 1));
  for (let i = 0; i < walls && free.length > w; i++) l.walls!.push(take());
  return l;
}

/** One random change of `src` (a copy): mostly blocking a square of the current optimal `route`, else a move, add, removal, pawn turn or portal move. */
function mutate(g: UkDraw, src: UnlockTheKingLevel, route: readonly string[]): UnlockTheKingLevel {
  const { rand, pick, all } = g;
  const l = clone(src);
  const occ = new Set([...l.pieces.map((p) => p.square), ...(l.walls ?? []), l.portal]);
  const empties = all.filter((s) => !occ.has(s));
  // Targeted blocking: put a wall or a piece on a square the current optimal solution moves through.
  const onRoute = route.filter((s) => !occ.has(s));
  if (onRoute.length && rand() < 0.4) {
    const sq = pick(onRoute);
    if (rand() < 0.4 && (l.walls?.length ?? 0) < UK_SET_WALLS) l.walls!.push(sq);
    else {
      const p = randomPiece(g, l, sq);
      if (p) l.pieces.push(p);
    }
    return l;
  }
  const k = Math.floor(rand() * 8);
  if (k <= 1 && empties.length) pick(l.pieces).square = pick(empties);
  else if (k === 2 && empties.length) {
    const p = randomPiece(g, l, pick(empties));
    if (p) l.pieces.push(p);
  } else if (k === 3 && l.pieces.length > 2) l.pieces.splice(1 + Math.floor(rand() * (l.pieces.length - 1)), 1);
  else if (k === 4 && empties.length && (l.walls?.length ?? 0) < UK_SET_WALLS) l.walls!.push(pick(empties));
  else if (k === 5 && l.walls?.length) l.walls.splice(Math.floor(rand() * l.walls.length), 1);
  else if (k === 6) {
    const pawns = l.pieces.filter((p) => p.role === 'pawn');
    if (pawns.length) {
      const p = pick(pawns);
      p.facing = pick(FACING_LIST);
      if (rand() < 0.25) p.lateral = true;
      else delete p.lateral;
    }
  } else if (k === 7 && empties.length) l.portal = pick(empties);
  return l;
}

/**
 * Generates up to `count` distinct (symmetry-aware) blueprints whose optimal
 * par lies in [parMin, parMax], none with a rules error or warning (so each is
 * buildable with one physical set, UK-1), each with the king boxed by the
 * other pieces (`kingBoxedByPieces`), at least `nonKingMin` non-king moves in
 * every optimal solution and, with `kingShareUnderHalf`, the strict king
 * share. Returns them in discovery order. Budgets are bounded by
 * `maxClimbs` x `climbSteps` solves of at most `maxStates` states each.
 */
export function generateUkLevels(opts: GenerateOptions): GeneratedLevel[] {
  const rand = makeRng(opts.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const w = opts.width ?? 8;
  const h = opts.height ?? 8;
  const maxStates = opts.maxStates ?? 300_000;
  const all: string[] = [];
  for (let r = 0; r < h; r++) for (let f = 0; f < w; f++) all.push(squareName(f, r));
  const taken = opts.exclude ?? new Set<string>();
  const found: GeneratedLevel[] = [];
  const ROLE_BAG = opts.roles ? ALL_ROLE_BAG.filter((r) => opts.roles!.includes(r)) : ALL_ROLE_BAG;
  let tried = 0;
  const stopped = (): boolean => opts.signal?.aborted === true || (opts.deadline !== undefined && Date.now() > opts.deadline);

  const draw: UkDraw = { rand, pick, w, h, all, roleBag: ROLE_BAG, opts };
  const nkMin = opts.nonKingMin ?? 0;
  const unlocking = opts.objective === 'unlocking';
  // The non-king figures need the counting path; a cap of 1 keeps them exact (astar.ts) at the least cost.
  const counting = unlocking || nkMin > 0 || opts.kingShareUnderHalf === true;
  type Eval = { par: number; states: number; moves: string[]; boxed: boolean; nk: number; nkMax: number };
  const evaluate = (l: UnlockTheKingLevel): Eval | undefined => {
    if (validateUnlockTheKing(l).length > 0) return undefined; // errors or UK-1 warnings
    const c = compileUnlockTheKing(l);
    if (!c.ok) return undefined;
    const r = ukSolve(c.value, { maxStates, countSolutions: counting ? 1 : 0, ...(opts.signal ? { signal: opts.signal } : {}) });
    tried++;
    opts.onProgress?.({ found: found.length, tried });
    if (r.status !== 'solved') return undefined;
    const nk = r.metrics?.taggedMovesMin ?? 0;
    const nkMax = r.metrics?.taggedMovesMax ?? 0;
    return { par: r.length, states: r.states, moves: r.moves, boxed: kingBoxedByPieces(c.value), nk, nkMax };
  };
  /** Climb score, compared lexicographically (see `objective`). */
  const score = (e: Eval): number[] => {
    if (!unlocking) return [e.par, 0, 0];
    const short = opts.kingShareUnderHalf ? Math.max(0, e.par + 1 - 2 * e.nk) : 0;
    return [e.nk - short, e.par, e.states];
  };
  const better = (a: Eval, b: Eval): boolean => {
    const sa = score(a);
    const sb = score(b);
    for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sa[i]! > sb[i]!;
    return false;
  };
  const same = (a: Eval, b: Eval): boolean => score(a)[0] === score(b)[0] && (unlocking || a.par === b.par);
  const consider = (l: UnlockTheKingLevel, e: Eval): void => {
    // A blueprint the king solves alone (every other piece could stay put) is a walk, not a puzzle (the
    // rulebook's tactics, 2.3, are about moving the other pieces to free the king): only boxed kings are kept.
    if (!e.boxed || e.par < opts.parMin || e.par > opts.parMax || found.length >= opts.count) return;
    if (e.nk < nkMin || (opts.kingShareUnderHalf && 2 * e.nk <= e.par)) return;
    const key = canonicalKey(l);
    if (taken.has(key)) return;
    taken.add(key);
    const g: GeneratedLevel = {
      level: clone(l),
      par: e.par,
      states: e.states,
      moves: e.moves,
      ...(counting ? { nonKingMin: e.nk, nonKingMax: e.nkMax } : {}),
    };
    found.push(g);
    opts.onProgress?.({ found: found.length, tried });
    opts.onLevel?.(g);
  };

  /** Destination squares of a LAN move list ("Ka1-b2" -> b2). */
  const routeOf = (moves: readonly string[]): string[] => moves.map((m) => m.slice(m.indexOf('-') + 1).replace(/[^a-z0-9]/g, ''));
  const maxClimbs = opts.maxClimbs ?? 200;
  const steps = opts.climbSteps ?? 300;
  for (let climb = 0; climb < maxClimbs && found.length < opts.count; climb++) {
    if (stopped()) break;
    let cur = climb < (opts.starts?.length ?? 0) ? clone(opts.starts![climb]!) : randomLevel(draw);
    let cs = evaluate(cur);
    for (let t = 0; !cs && t < 50 && !stopped(); t++) {
      cur = randomLevel(draw);
      cs = evaluate(cur);
    }
    if (!cs) continue;
    consider(cur, cs);
    let lastGain = 0;
    for (let it = 0; it < steps && found.length < opts.count; it++) {
      if (stopped()) break;
      const next = mutate(draw, cur, routeOf(cs.moves));
      const ns = evaluate(next);
      if (!ns) continue;
      if (it - lastGain > (opts.patience ?? 80)) break; // stalled: restart from a new random placement
      const gain = better(ns, cs);
      if (gain) lastGain = it;
      if (gain || (same(ns, cs) && rand() < 0.3)) {
        cur = next;
        cs = ns;
        consider(cur, cs);
      }
      if (cs.par > opts.parMax) break; // overshoot: restart
    }
    opts.onClimb?.(climb + 1, cs.par);
  }
  return found;
}
