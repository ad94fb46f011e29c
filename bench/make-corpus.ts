/**
 * Dev tool: regenerates the bench corpus (bench/corpus/*.level.json).
 * Seeded and deterministic; the committed files are what `npm run bench`
 * measures, this script only documents how they were found.
 *
 *   npx tsx bench/make-corpus.ts uk --seed 11 --pieces 14 --walls 16 --target 6000000 --out bench/corpus/uk-8x8-14p-big.level.json
 *   npx tsx bench/make-corpus.ts cm --seed 3 --min 200000 --max 2000000 --out bench/corpus/cm-keys-plates-coins.level.json
 *
 * uk: a random 8x8 blueprint within one physical Citadel set (UK-1: 16
 * walls, king, up to 2 queens, 4 rooks, 4 bishops, 4 knights, 8 pawns);
 * one goal-less breadth-first search records, for every square, how many
 * states BFS had stored when the king first stood there, and the portal is
 * put on the square whose count is closest to `--target` (the portal does
 * not change the moves, only the goal, UK-6), so plain BFS must store about
 * `--target` states before it proves the optimum.
 * uk-climb: hill climbing for blueprints that are hard for A* itself (the
 * app's solve): start from a random 8x8 blueprint (as for uk), mutate it
 * (move a piece, a wall or the portal; change a pawn's facing) and keep
 * the change when the app's solve (ukSolve: A* with both bounds, counting
 * optimal solutions) still solves it and stores at least as many states;
 * stops after --minutes or once A* stores --target states.
 * uk-deep: deep blueprints for the A* bench (optimum >= 35 and >= 5M
 * reachable states): the blueprint generator (generateUkLevels, hill
 * climbing on the proven par) started from Citadel Codex blueprints 48-50
 * (the Codex itself excluded, symmetry-aware), each candidate with par
 * >= 35 kept when a goal-less plain BFS stores 5M states without
 * exhausting the reachable space; writes the first --count (default 5) as
 * OUT-1.level.json .. (--out without the extension), stops after --minutes:
 *   npx tsx bench/make-corpus.ts uk-deep --seed 7 --minutes 14 --out bench/corpus/uk-gen-deep
 * cm: random Chess Maze levels with a key + lock, a plate + lock of another
 * colour and coins with the collect objective (CM-5, CM-6, CM-7, CM-8,
 * CM-11), kept when plain BFS solves them storing between --min and --max states.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ChessMazeLevel, CmPiece, CmTile, UkPiece, UnlockTheKingLevel } from '../src-shared/model/level.js';
import { squareName } from '../src-shared/model/square.js';
import { serializeLevel } from '../src-shared/format/serialize.js';
import { compileUnlockTheKing } from '../src-shared/rulesets/unlock-the-king/index.js';
import { ukSearchProblem, ukSolve } from '../src-shared/rulesets/unlock-the-king/search.js';
import { cmSearchProblem, compileChessMaze } from '../src-shared/rulesets/chess-maze/index.js';
import { solveBfs } from '../src-shared/solver/bfs.js';
import { generateUkLevels } from '../src-shared/rulesets/unlock-the-king/generate.js';
import { canonicalKey } from '../src-shared/rulesets/unlock-the-king/symmetry.js';

const args = process.argv.slice(2);
const mode = args[0];
const arg = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : dflt;
};
let seed = Number(arg('seed', '1')) >>> 0;
function rand(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const out = arg('out', '/tmp/corpus.level.json');

function board(w: number, h: number): string[] {
  const all: string[] = [];
  for (let r = 0; r < h; r++) for (let f = 0; f < w; f++) all.push(squareName(f, r));
  return all;
}

function ukCandidate(nPieces: number, nWalls: number): UnlockTheKingLevel {
  const free = board(8, 8);
  const take = (): string => free.splice(Math.floor(rand() * free.length), 1)[0]!;
  const limits: Record<string, number> = { queen: 2, rook: 4, bishop: 4, knight: 4, pawn: 8 };
  const used: Record<string, number> = {};
  const pieces: UkPiece[] = [{ role: 'king', square: take(), color: 'ivory' }];
  while (pieces.length < nPieces) {
    const role = pick(['queen', 'rook', 'bishop', 'knight', 'pawn', 'pawn'] as const);
    if ((used[role] ?? 0) >= limits[role]!) continue;
    used[role] = (used[role] ?? 0) + 1;
    const p: UkPiece = { role, square: take(), color: rand() < 0.5 ? 'ivory' : 'obsidian' };
    if (role === 'pawn') {
      p.facing = pick(['north', 'east', 'south', 'west'] as const);
      if (rand() < 0.3) p.lateral = true;
    }
    pieces.push(p);
  }
  const walls: string[] = [];
  for (let i = 0; i < nWalls; i++) walls.push(take());
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'bench', author: 'bench/make-corpus.ts', tags: ['bench'] },
    board: { width: 8, height: 8 },
    walls,
    portal: free[0]!,
    pieces,
  };
}

function ukMode(): void {
  const nPieces = Number(arg('pieces', '14'));
  const nWalls = Number(arg('walls', '16'));
  const target = Number(arg('target', '1000000'));
  for (let attempt = 0; attempt < 50; attempt++) {
    const level = ukCandidate(nPieces, nWalls);
    const c = compileUnlockTheKing(level);
    if (!c.ok) continue;
    const pos = c.value;
    const problem = ukSearchProblem(pos, { canonical: true });
    const first = new Float64Array(64).fill(-1);
    let stored = 1;
    const mask = (1 << problem.layout.bits) - 1;
    const recording = {
      ...problem,
      isGoal(buf: Int32Array, off: number): boolean {
        stored++;
        const k = buf[off]! & mask;
        if (first[k] === -1) first[k] = stored;
        return false;
      },
    };
    solveBfs(recording, { maxStates: Math.ceil(target * 1.5) });
    const king = pos.pieces[pos.king]!.square;
    let best = -1;
    for (let s = 0; s < 64; s++) {
      if (s === king || pos.walls[s] || first[s]! < 0) continue;
      if (best < 0 || Math.abs(first[s]! - target) < Math.abs(first[best]! - target)) best = s;
    }
    if (best < 0 || Math.abs(first[best]! - target) > target * 0.25) {
      console.log(`attempt ${attempt}: no square near ${target} (best ${best >= 0 ? first[best] : 'none'})`);
      continue;
    }
    level.portal = squareName(best % 8, Math.floor(best / 8));
    writeFileSync(out, serializeLevel(level));
    console.log(`wrote ${out}: portal ${level.portal}, BFS stores ~${first[best]} states`);
    return;
  }
  console.log('no candidate found');
}

function cmCandidate(): ChessMazeLevel {
  const w = 6 + Math.floor(rand() * 3);
  const h = 6 + Math.floor(rand() * 3);
  const free = board(w, h);
  const take = (): string => free.splice(Math.floor(rand() * free.length), 1)[0]!;
  const holes: string[] = [];
  const nHoles = Math.floor(w * h * (0.1 + rand() * 0.15));
  for (let i = 0; i < nHoles; i++) holes.push(take());
  const pieces: CmPiece[] = [];
  const nPlayers = 3 + Math.floor(rand() * 2);
  for (let i = 0; i < nPlayers; i++)
    pieces.push({ role: pick(['king', 'rook', 'bishop', 'knight', 'queen', 'pawn'] as const), square: take(), side: 'player' });
  for (let i = 0; i < 2; i++) pieces.push({ role: pick(['rook', 'bishop', 'knight', 'pawn'] as const), square: take(), side: 'enemy' });
  const tiles: CmTile[] = [];
  tiles.push({ kind: 'key', square: take(), color: 'red' });
  tiles.push({ kind: 'lock', square: take(), color: 'red' });
  tiles.push({ kind: 'lock', square: take(), color: 'red' });
  tiles.push({ kind: 'plate', square: take(), color: 'blue' });
  tiles.push({ kind: 'lock', square: take(), color: 'blue' });
  tiles.push({ kind: 'lock', square: take(), color: 'blue' });
  const nCoins = 3 + Math.floor(rand() * 3);
  for (let i = 0; i < nCoins; i++) tiles.push({ kind: 'coin', square: take() });
  tiles.push({ kind: 'finish', square: take() });
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title: 'bench', author: 'bench/make-corpus.ts', tags: ['bench'] },
    board: { width: w, height: h, holes },
    pieces,
    tiles,
    objectives: { collect: true },
  };
}

function cmMode(): void {
  const min = Number(arg('min', '200000'));
  const max = Number(arg('max', '2000000'));
  for (let attempt = 0; attempt < 2000; attempt++) {
    const level = cmCandidate();
    const c = compileChessMaze(level);
    if (!c.ok) continue;
    const r = solveBfs(cmSearchProblem(c.value), { maxStates: max });
    if (r.status !== 'solved' || r.states < min) continue;
    writeFileSync(out, serializeLevel(level));
    console.log(`wrote ${out}: optimum ${r.length}, BFS stores ${r.states} states (attempt ${attempt})`);
    return;
  }
  console.log('no candidate found');
}

function ukClimbMode(): void {
  const nPieces = Number(arg('pieces', '14'));
  const nWalls = Number(arg('walls', '16'));
  const target = Number(arg('target', '2000000'));
  const deadline = Date.now() + Number(arg('minutes', '10')) * 60_000;
  const score = (l: UnlockTheKingLevel): number => {
    const c = compileUnlockTheKing(l);
    if (!c.ok) return -1;
    const r = ukSolve(c.value, { maxStates: Math.ceil(target * 1.2) });
    return r.status === 'solved' ? r.states : -1;
  };
  let best = ukCandidate(nPieces, nWalls);
  let bestScore = score(best);
  while (bestScore < 0) {
    best = ukCandidate(nPieces, nWalls);
    bestScore = score(best);
  }
  const occupied = (l: UnlockTheKingLevel): Set<string> => new Set([...l.pieces.map((p) => p.square), ...(l.walls ?? [])]);
  let steps = 0;
  while (Date.now() < deadline && bestScore < target) {
    steps++;
    const l: UnlockTheKingLevel = JSON.parse(JSON.stringify(best)) as UnlockTheKingLevel;
    const used = occupied(l);
    const empty = board(8, 8).filter((q) => !used.has(q));
    const kind = rand();
    if (kind < 0.5) {
      const p = pick(l.pieces);
      p.square = pick(empty);
    } else if (kind < 0.75) {
      const walls = l.walls!;
      walls[Math.floor(rand() * walls.length)] = pick(empty);
    } else if (kind < 0.9) {
      l.portal = pick(empty);
    } else {
      const pawns = l.pieces.filter((p) => p.role === 'pawn');
      if (pawns.length === 0) continue;
      pick(pawns).facing = pick(['north', 'east', 'south', 'west'] as const);
    }
    if (used.has(l.portal) && l.pieces.some((p) => p.role === 'king' && p.square === l.portal)) continue;
    const sc = score(l);
    if (sc >= bestScore) {
      if (sc > bestScore) console.log(`step ${steps}: A* stores ${sc} states`);
      best = l;
      bestScore = sc;
    }
  }
  writeFileSync(out, serializeLevel(best));
  console.log(`wrote ${out}: A* stores ${bestScore} states after ${steps} steps`);
}

function ukDeepMode(): void {
  const codexDir = new URL('../resources/packs/citadel-codex/levels/', import.meta.url);
  const codex = (n: number): UnlockTheKingLevel =>
    JSON.parse(readFileSync(new URL(`${String(n).padStart(2, '0')}-blueprint.level.json`, codexDir), 'utf8')) as UnlockTheKingLevel;
  const exclude = new Set<string>();
  for (let n = 1; n <= 50; n++) exclude.add(canonicalKey(codex(n)));
  const starts = [48, 49, 50].map(codex);
  const want = Number(arg('count', '5'));
  const reachableMin = 5_000_000;
  let kept = 0;
  generateUkLevels({
    seed,
    parMin: 35,
    parMax: 80,
    count: 40,
    starts: [...starts, ...starts, ...starts],
    maxStates: 1_500_000,
    climbSteps: 60,
    patience: 30,
    maxClimbs: 9,
    deadline: Date.now() + Number(arg('minutes', '14')) * 60_000,
    exclude,
    onLevel: (g) => {
      if (kept >= want) return;
      const pos = compileUnlockTheKing(g.level);
      if (!pos.ok) return;
      const all = solveBfs({ ...ukSearchProblem(pos.value, { canonical: true }), isGoal: () => false }, { maxStates: reachableMin, maxBytes: 2 ** 31 });
      const deep = all.status === 'limit';
      console.error(`par ${g.par}, A* ${g.states} states, reachable ${deep ? `>= ${reachableMin}` : all.states}`);
      if (!deep) return;
      kept++;
      const level: UnlockTheKingLevel = { ...g.level, meta: { title: `bench deep par ${g.par}`, author: 'bench/make-corpus.ts', tags: ['bench'] } };
      delete level.par;
      writeFileSync(`${out}-${kept}.level.json`, serializeLevel(level));
    },
  });
}

if (mode === 'uk') ukMode();
else if (mode === 'uk-deep') ukDeepMode();
else if (mode === 'uk-climb') ukClimbMode();
else if (mode === 'cm') cmMode();
else console.log('usage: make-corpus.ts uk|cm [--seed N] ...');
