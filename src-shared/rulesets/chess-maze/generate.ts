/**
 * Chess Maze level generator (`castellan generate --ruleset chess-maze`,
 * "Suggest a level"): seeded random construction, optimal solve (A*,
 * `cmSolve`), then local search (hill climbing) on the proven par and on the
 * number of chosen mechanics that matter. Pure and reproducible: the same
 * request gives the same levels (mulberry32, rng.ts; no clocks).
 *
 * "Uses a mechanic" (each chosen one must hold on every level returned, and
 * every returned level has no builder error or warning, CM-14 / CM-15):
 * the result is the solve answer, its status and optimum. A mechanic is
 * used when taking it out of the level changes that result:
 * - `keys` (CM-5, CM-7): removing the key tiles (their locks stay, closed
 *   for ever) changes the result (the key must be fetched), and removing the
 *   keys together with the locks of their colours changes it too (the lock
 *   is in the way: the walk to the key costs moves).
 * - `plates` (CM-6, CM-7): the same with the plate tiles: without plates the
 *   result changes, and without plates and their locks it changes too.
 *   Plates need two player pieces (CM-7: no riding one's own plate).
 * - `transforms` (CM-10): removing the transform tiles changes the result.
 * - `coins` (CM-8, CM-11): removing the coins and the collect objective
 *   changes the result.
 * - `spell` (CM-9): removing the spell objective and the letter tiles
 *   changes the result.
 * - `enemies` (CM-2, CM-4): removing the enemy pieces changes the result
 *   (they block rays, or a pawn needs one to capture diagonally).
 * - `move-limit` (CM-12): the limit equals the optimum (binding: no win in
 *   fewer moves exists), so removing it cannot change the optimum; it
 *   changes which lines win instead: some first move (a quiet one: no
 *   pick-up, capture or transform, not a pawn) still leaves a win without
 *   the limit but only in more than `limit` moves in all, a line that wins
 *   without the limit and fails with it.
 */
import { CM_COLORS, ROLES, TRANSFORM_TYPES, type ChessMazeLevel, type CmPiece, type Role, type TransformType } from '../../model/level.js';
import { squareName } from '../../model/square.js';
import type { GenerateRequest, GeneratedLevel } from '../../ruleset.js';
import type { SolveResult } from '../../solver/types.js';
import { makeRng } from '../rng.js';
import { cmInitialState, cmLegalMoves, cmMoveToLan, cmPlay, compileChessMaze } from './position.js';
import { cmReplay } from './replay.js';
import { cmSolve } from './search.js';
import { validateChessMaze } from './validate.js';

/** The mechanics a Chess Maze generator request may ask for (`--mechanics`). */
export const CM_MECHANICS = ['keys', 'plates', 'transforms', 'coins', 'spell', 'enemies', 'move-limit'] as const;
export type CmMechanic = (typeof CM_MECHANICS)[number];

/** Player roles used when the request names none (pawns only on request: they walk one way). */
export const CM_DEFAULT_ROLES: readonly Role[] = ['king', 'queen', 'rook', 'bishop', 'knight'];

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** A bad generator request: a `RangeError` with a stable `code`. */
function requestError(code: string, message: string): RangeError & { code: string } {
  return Object.assign(new RangeError(message), { code });
}

/** The outcome a mechanic's removal is compared on: status and optimum. */
export interface CmResult {
  status: SolveResult['status'] | 'invalid';
  length?: number;
  /** With `limit`: the A* f bound reached, a proven lower bound on the optimum (solver/types.ts `SolveProgress.depth`). */
  lowerBound?: number;
}

function resultOf(level: ChessMazeLevel, maxStates: number): CmResult {
  const c = compileChessMaze(level);
  if (!c.ok) return { status: 'invalid' };
  const r = cmSolve(c.value, { maxStates, countSolutions: 0 });
  if (r.status === 'solved') return { status: 'solved', length: r.length };
  return r.status === 'limit' ? { status: 'limit', lowerBound: r.depth } : { status: r.status };
}

/**
 * True when `a` provably differs from the solved `base`: another status or
 * optimum, or a search that hit its state cap with a lower bound above the
 * base optimum (no solution that short exists: unsolvable or longer).
 * Any other capped or cancelled search proves nothing.
 */
function differs(a: CmResult, base: CmResult): boolean {
  if (a.status === 'limit') return a.lowerBound !== undefined && base.length !== undefined && a.lowerBound > base.length;
  if (a.status === 'cancelled' || a.status === 'invalid') return false;
  return a.status !== base.status || a.length !== base.length;
}

/**
 * The level without mechanic `m` (a copy): see the module doc for each.
 * `withLocks` (keys, plates): also removes the locks of the colours whose
 * keys / plates were removed.
 */
export function cmWithout(level: ChessMazeLevel, m: CmMechanic, withLocks = false): ChessMazeLevel {
  const l = clone(level);
  const tiles = l.tiles ?? [];
  const obj = { ...(l.objectives ?? {}) };
  const dropColoured = (kind: 'key' | 'plate'): void => {
    const colours = new Set(tiles.filter((t) => t.kind === kind).map((t) => (t as { color: string }).color));
    l.tiles = tiles.filter((t) => t.kind !== kind && !(withLocks && t.kind === 'lock' && colours.has(t.color)));
  };
  switch (m) {
    case 'keys':
      dropColoured('key');
      break;
    case 'plates':
      dropColoured('plate');
      break;
    case 'transforms':
      l.tiles = tiles.filter((t) => t.kind !== 'transform');
      break;
    case 'coins':
      l.tiles = tiles.filter((t) => t.kind !== 'coin');
      delete obj.collect;
      break;
    case 'spell':
      l.tiles = tiles.filter((t) => t.kind !== 'letter');
      delete obj.spell;
      break;
    case 'enemies':
      l.pieces = l.pieces.filter((p) => p.side !== 'enemy');
      break;
    case 'move-limit':
      delete obj.moveLimit;
      break;
  }
  if (Object.keys(obj).length > 0) l.objectives = obj;
  else delete l.objectives;
  return l;
}

/**
 * A quiet first move after which the level, without its move limit, is
 * still won but only in more than `limit` moves in all (module doc,
 * `move-limit`), as LAN; undefined when there is none or a search hit
 * `maxStates`.
 */
export function cmLimitWitness(level: ChessMazeLevel, limit: number, maxStates: number): string | undefined {
  const free = cmWithout(level, 'move-limit');
  const c = compileChessMaze(free);
  if (!c.ok) return undefined;
  const pos = c.value;
  const s0 = cmInitialState(pos);
  const busy = new Set((free.tiles ?? []).filter((t) => t.kind !== 'lock' && t.kind !== 'plate').map((t) => t.square));
  let tries = 0;
  for (const mv of cmLegalMoves(pos, s0)) {
    if (mv.capture >= 0 || pos.pieces[mv.piece]!.role === 'pawn') continue;
    const lan = cmMoveToLan(pos, s0, mv);
    const to = lan.slice(lan.indexOf('-') + 1).replace(/[^a-z0-9]/g, '');
    if (busy.has(to)) continue;
    const after = cmPlay(pos, s0, mv).state;
    if (after.outcome !== 'playing') continue;
    const frames = cmReplay(free, [lan]);
    if (!frames.ok) continue;
    const r = resultOf(frames.value[1]!, maxStates);
    if (r.status === 'solved' && 1 + r.length! > limit) return lan;
    if (++tries >= 12) break;
  }
  return undefined;
}

/**
 * Which of `mechanics` the level uses (module doc), given its own result
 * `base` (solved). `maxStates` caps each re-solve; a capped re-solve counts
 * as "not shown to be used".
 */
export function cmMechanicsUsed(level: ChessMazeLevel, mechanics: readonly CmMechanic[], base: CmResult, maxStates: number): CmMechanic[] {
  const used: CmMechanic[] = [];
  for (const m of mechanics) {
    if (m === 'move-limit') {
      const lim = level.objectives?.moveLimit;
      if (lim !== undefined && base.status === 'solved' && lim === base.length && cmLimitWitness(level, lim, maxStates) !== undefined) used.push(m);
      continue;
    }
    if (!differs(resultOf(cmWithout(level, m), maxStates), base)) continue;
    if ((m === 'keys' || m === 'plates') && !differs(resultOf(cmWithout(level, m, true), maxStates), base)) continue;
    used.push(m);
  }
  return used;
}

interface Cand {
  level: ChessMazeLevel;
  par: number;
  states: number;
  moves: string[];
  used: number;
  /** The chosen mechanics the level does not use yet. */
  unused: CmMechanic[];
}

/** What one generation run draws levels from: its random source, board, player roles and mechanics, and the colours of this run's key and plates. */
interface CmDraw {
  rand: Rng;
  w: number;
  h: number;
  /** Every square name of the board. */
  all: readonly string[];
  roles: readonly Role[];
  mechanics: readonly CmMechanic[];
  /** `mechanics` without the move limit (the ones that place scenery). */
  others: readonly CmMechanic[];
  keyColour: (typeof CM_COLORS)[number];
  plateColour: (typeof CM_COLORS)[number];
}

type Rng = ReturnType<typeof makeRng>;

/** Squares of `all` not holding a hole, piece or tile. */
function freeSquares(all: readonly string[], l: ChessMazeLevel): string[] {
  const used = new Set([...(l.board.holes ?? []), ...l.pieces.map((p) => p.square), ...(l.tiles ?? []).map((t) => t.square)]);
  return all.filter((s) => !used.has(s));
}

/** A player piece of a random role of the run on `square` (a pawn faces north). */
function randomPlayer(g: CmDraw, square: string): CmPiece {
  const { rand, roles } = g;
  const role = rand.pick(roles);
  const p: CmPiece = { role, square, side: 'player' };
  if (role === 'pawn') p.facing = 'north';
  return p;
}

/** The allowed types of a new transform tile (CM-10): one the players lack when there is one, sometimes a second. */
function transformTypes(rand: Rng, l: ChessMazeLevel): TransformType[] {
  const have = new Set(l.pieces.filter((p) => p.side === 'player').map((p) => p.role));
  const pool = TRANSFORM_TYPES.filter((t) => !have.has(t));
  const first = rand.pick(pool.length ? pool : TRANSFORM_TYPES);
  if (rand() < 0.3) {
    const second = rand.pick(TRANSFORM_TYPES);
    if (second !== first) return [first, second].sort((a, b) => TRANSFORM_TYPES.indexOf(a) - TRANSFORM_TYPES.indexOf(b));
  }
  return [first];
}

/** A random spell word of 2 or 3 distinct letters. */
function word(rand: Rng): string {
  const letters = 'ABCDEFGHIJKLMNOPRSTUVW';
  const n = rand.int(2, 3);
  let s = '';
  while (s.length < n) {
    const c = letters[Math.floor(rand() * letters.length)]!;
    if (!s.includes(c)) s += c;
  }
  return s;
}

/** A random level: holes, one or two players, the finish, then the scenery of each chosen mechanic. */
function randomLevel(g: CmDraw): ChessMazeLevel {
  const { rand, all, mechanics, others, keyColour, plateColour, w, h } = g;
  const l: ChessMazeLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title: 'Generated' },
    board: { width: w, height: h },
    pieces: [],
    tiles: [],
  };
  const free = [...all];
  const holes = Math.floor(free.length * (0.1 + rand() * 0.15));
  const holeList: string[] = [];
  for (let i = 0; i < holes && free.length > 8; i++) holeList.push(rand.take(free));
  if (holeList.length) l.board.holes = holeList;
  const players = mechanics.includes('plates') ? 2 : rand() < 0.35 ? 2 : 1;
  for (let i = 0; i < players && free.length > 4; i++) l.pieces.push(randomPlayer(g, rand.take(free)));
  l.tiles!.push({ kind: 'finish', square: rand.take(free) });
  const tiles = l.tiles!;
  const obj: NonNullable<ChessMazeLevel['objectives']> = {};
  for (const m of others) {
    if (free.length < 4) break;
    switch (m) {
      case 'keys': {
        tiles.push({ kind: 'key', square: rand.take(free), color: keyColour });
        const finish = tiles.find((t) => t.kind === 'finish')!.square;
        // A lock on the finish itself (CM-14 allows it) or on open squares.
        if (rand() < 0.4) tiles.push({ kind: 'lock', square: finish, color: keyColour });
        for (let i = rand.int(1, 3); i > 0 && free.length > 3; i--) tiles.push({ kind: 'lock', square: rand.take(free), color: keyColour });
        break;
      }
      case 'plates':
        tiles.push({ kind: 'plate', square: rand.take(free), color: plateColour });
        for (let i = rand.int(1, 3); i > 0 && free.length > 3; i--) tiles.push({ kind: 'lock', square: rand.take(free), color: plateColour });
        break;
      case 'transforms':
        for (let i = rand.int(1, 2); i > 0 && free.length > 3; i--)
          tiles.push({ kind: 'transform', square: rand.take(free), allowed: transformTypes(rand, l) });
        break;
      case 'coins':
        for (let i = rand.int(1, 3); i > 0 && free.length > 3; i--) tiles.push({ kind: 'coin', square: rand.take(free) });
        obj.collect = true;
        break;
      case 'spell': {
        const wd = word(rand);
        for (const c of wd) if (free.length > 3) tiles.push({ kind: 'letter', square: rand.take(free), letter: c });
        obj.spell = wd;
        break;
      }
      case 'enemies':
        for (let i = rand.int(1, 3); i > 0 && free.length > 3; i--)
          l.pieces.push({ role: rand.pick(CM_DEFAULT_ROLES), square: rand.take(free), side: 'enemy' });
        break;
    }
  }
  if (Object.keys(obj).length) l.objectives = obj;
  return l;
}

/** Moves one hole, piece or tile to a free square, or adds / removes a hole. */
function mutate(g: CmDraw, src: ChessMazeLevel, route: readonly string[], cur: Cand): ChessMazeLevel {
  const { rand, all, keyColour, plateColour } = g;
  const l = clone(src);
  const free = freeSquares(all, l);
  if (free.length === 0) return l;
  // Aimed at a chosen mechanic the level does not use yet: put its piece of scenery where the optimal line goes.
  if (cur.unused.length && rand() < 0.4) {
    const m = rand.pick(cur.unused);
    const passed = passedOver(cur.moves).filter((s) => free.includes(s));
    const landed = route.filter((s) => free.includes(s));
    const colour = m === 'keys' ? keyColour : plateColour;
    const locks = (l.tiles ?? []).filter((t) => t.kind === 'lock' && t.color === colour);
    if ((m === 'keys' || m === 'plates') && locks.length && passed.length + landed.length) {
      rand.pick(locks).square = rand.pick([...passed, ...landed]);
      return l;
    }
    const enemies = l.pieces.filter((p) => p.side === 'enemy');
    if (m === 'enemies' && enemies.length && passed.length) {
      rand.pick(enemies).square = rand.pick(passed);
      return l;
    }
    const transforms = (l.tiles ?? []).filter((t) => t.kind === 'transform');
    if (m === 'transforms' && transforms.length && landed.length) {
      rand.pick(transforms).square = rand.pick(landed);
      return l;
    }
  }
  // Targeted blocking: a lock or an enemy moved onto a free square the current optimal line lands on.
  const onRoute = route.filter((s) => free.includes(s));
  const blockers = [...(l.tiles ?? []).filter((t) => t.kind === 'lock'), ...l.pieces.filter((p) => p.side === 'enemy')];
  if (onRoute.length && blockers.length && rand() < 0.3) {
    rand.pick(blockers).square = rand.pick(onRoute);
    return l;
  }
  const k = rand.int(0, 5);
  const holes = l.board.holes ?? [];
  if (k === 0 && holes.length) holes[Math.floor(rand() * holes.length)] = rand.pick(free);
  else if (k === 1 && free.length > 6) l.board.holes = [...holes, rand.pick(free)];
  else if (k === 2 && holes.length) {
    holes.splice(Math.floor(rand() * holes.length), 1);
    if (holes.length === 0) delete l.board.holes;
  } else if (k === 3 && l.pieces.length) rand.pick(l.pieces).square = rand.pick(free);
  else if (l.tiles && l.tiles.length) {
    const t = rand.pick(l.tiles);
    const sq = rand.pick(free);
    // Tiles sharing a square (a lock on the finish) move together.
    for (const u of l.tiles) if (u.square === t.square && u !== t && rand() < 0.5) u.square = sq;
    t.square = sq;
  }
  return l;
}

/** Landing squares of a LAN line ("Ra1-a5=Q" -> a5). */
function routeOf(moves: readonly string[]): string[] {
  return moves.map((m) => m.slice(m.search(/[-x]/) + 1).replace(/=.*$/, ''));
}

/** Squares a LAN line's straight moves slide over (between from and to, ends excluded). */
function passedOver(moves: readonly string[]): string[] {
  const out: string[] = [];
  for (const m of moves) {
    const sq = /([a-z])(\d+)[-x]([a-z])(\d+)/.exec(m);
    if (!sq) continue;
    const f1 = sq[1]!.charCodeAt(0) - 97;
    const r1 = Number(sq[2]) - 1;
    const f2 = sq[3]!.charCodeAt(0) - 97;
    const r2 = Number(sq[4]) - 1;
    const df = Math.sign(f2 - f1);
    const dr = Math.sign(r2 - r1);
    if (f1 !== f2 && r1 !== r2 && Math.abs(f2 - f1) !== Math.abs(r2 - r1)) continue; // a knight jump
    for (let f = f1 + df, r = r1 + dr; f !== f2 || r !== r2; f += df, r += dr) out.push(squareName(f, r));
  }
  return out;
}

/**
 * Generates up to `req.count` distinct Chess Maze levels of `req.width` x
 * `req.height` (CM-1) whose optimal par lies in [parMin, parMax], each using
 * every mechanic of `req.mechanics` (module doc), with player pieces of
 * `req.pieces` (default king, queen, rook, bishop, knight), none with a
 * builder error or warning. Bad requests throw a `RangeError` with a
 * `code`: `cm-generate-mechanic` (an unknown mechanic; the message names the
 * valid ones), `cm-generate-pieces` (no known role in `req.pieces`). Budgets: `maxStates` per solve (default 200,000), `steps`
 * mutations per climb (default 150), `climbs` (default 60). `signal` is
 * polled before each candidate (aborted: returns what was found);
 * `onProgress` is called after each candidate. Levels come in discovery order.
 */
export function generateCmLevels(req: GenerateRequest): GeneratedLevel<ChessMazeLevel>[] {
  const mechanics = [...new Set(req.mechanics ?? [])] as CmMechanic[];
  for (const m of mechanics) {
    if (!(CM_MECHANICS as readonly string[]).includes(m)) {
      throw requestError('cm-generate-mechanic', `unknown Chess Maze mechanic "${m}" (valid: ${CM_MECHANICS.join(', ')})`);
    }
  }
  const roles = (req.pieces ?? CM_DEFAULT_ROLES).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  if (roles.length === 0) throw requestError('cm-generate-pieces', `no player piece role to use (valid: ${ROLES.join(', ')})`);
  const rand = makeRng(req.seed);
  const w = req.width;
  const h = req.height;
  const maxStates = req.maxStates ?? 200_000;
  const steps = req.steps ?? 150;
  const climbs = req.climbs ?? 60;
  const all: string[] = [];
  for (let r = 0; r < h; r++) for (let f = 0; f < w; f++) all.push(squareName(f, r));
  const found: GeneratedLevel<ChessMazeLevel>[] = [];
  const seen = new Set<string>();
  let tried = 0;
  const stopped = (): boolean => req.signal?.aborted === true || found.length >= req.count;
  const wantLimit = mechanics.includes('move-limit');
  const others = mechanics.filter((m) => m !== 'move-limit');

  const colours = (): string[] => {
    const cs = [...CM_COLORS] as string[];
    const a = rand.take(cs);
    return [a, rand.take(cs)];
  };
  const [keyColour, plateColour] = colours() as [(typeof CM_COLORS)[number], (typeof CM_COLORS)[number]];
  const draw: CmDraw = { rand, w, h, all, roles, mechanics, others, keyColour, plateColour };

  const evaluate = (l: ChessMazeLevel): Cand | undefined => {
    if (req.signal?.aborted) return undefined;
    tried++;
    let issues;
    try {
      issues = validateChessMaze(l);
    } catch {
      return undefined;
    }
    if (issues.length > 0) return undefined;
    const c = compileChessMaze(l);
    if (!c.ok) return undefined;
    const r = cmSolve(c.value, { maxStates, countSolutions: 0, ...(req.signal ? { signal: req.signal } : {}) });
    req.onProgress?.({ found: found.length, tried });
    if (r.status !== 'solved') return undefined;
    let level = l;
    if (wantLimit) {
      level = clone(l);
      level.objectives = { ...(level.objectives ?? {}), moveLimit: r.length };
    }
    const usedList = cmMechanicsUsed(level, mechanics, { status: 'solved', length: r.length }, maxStates);
    const unused = mechanics.filter((m) => !usedList.includes(m));
    return { level, par: r.length, states: r.states, moves: r.moves, used: usedList.length, unused };
  };
  /** Higher is better: every mechanic used first, then a par inside (or towards) the range. */
  const fitness = (c: Cand): number => c.used * 1000 + (c.par <= req.parMax ? c.par : req.parMax - 2 * (c.par - req.parMax));
  /** Records the candidate when it qualifies; true when it did (the climb then restarts, for variety). */
  const consider = (c: Cand): boolean => {
    if (c.used < mechanics.length || c.par < target || c.par > req.parMax || found.length >= req.count) return false;
    const key = JSON.stringify([c.level.board, c.level.pieces, c.level.tiles, c.level.objectives]);
    if (seen.has(key)) return false;
    seen.add(key);
    found.push({ level: clone(c.level), par: c.par, states: c.states, moves: c.moves });
    req.onProgress?.({ found: found.length, tried });
    return true;
  };

  // Each climb aims at a par in the lower half of the range at least, so the levels spread over it.
  let target = req.parMin;
  for (let climb = 0; climb < climbs && !stopped(); climb++) {
    target = req.parMin + Math.floor(rand() * (Math.floor((req.parMax - req.parMin) / 2) + 1));
    let cur: Cand | undefined;
    for (let t = 0; !cur && t < 40 && !stopped(); t++) cur = evaluate(randomLevel(draw));
    if (!cur || consider(cur)) continue;
    let lastGain = 0;
    for (let it = 0; it < steps && !stopped(); it++) {
      // Climb on the level without the limit: the limit is re-set to each candidate's optimum.
      const base = wantLimit ? cmWithout(cur.level, 'move-limit') : cur.level;
      const next = evaluate(mutate(draw, base, routeOf(cur.moves), cur));
      if (!next) continue;
      const gain = fitness(next) - fitness(cur);
      if (gain > 0) lastGain = it;
      if (gain > 0 || (gain === 0 && rand() < 0.3)) {
        cur = next;
        if (consider(cur)) break;
      }
      if (it - lastGain > 50) break; // stalled: restart from a new random level
    }
  }
  return found;
}
