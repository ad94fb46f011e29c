/**
 * Dev tool: searches for Unlock the King blueprints of a wanted optimal par
 * by random placement + hill climbing (maximise the proven par), for the
 * sample levels in resources/levels/unlock-the-king/. Reproducible (seeded).
 *
 *   npx tsx scripts/dev/design-uk-samples.ts --seed 7 --minutes 10 --out /tmp/uk-candidates.json
 *
 * Candidates are written unproved; `castellan prove` then stores each
 * blueprint's solution through the save pipeline.
 */
import { writeFileSync, existsSync, readFileSync } from 'node:fs';
import type { Role, UkPiece, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { squareName } from '../../src-shared/model/square.js';
import { solveLevel, validateRules } from '../../src-shared/rulesets/index.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
let seed = Number(arg('seed', '7')) >>> 0;
const minutes = Number(arg('minutes', '5'));
const outFile = arg('out', '/tmp/uk-candidates.json');
const sizes = arg('sizes', '5x5,6x6,6x5,7x6,8x8')
  .split(',')
  .map((s) => s.split('x').map(Number) as [number, number]);
const maxStates = Number(arg('max-states', '400000'));

function rand(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const LIMITS: Record<Role, number> = { king: 1, queen: 2, rook: 4, bishop: 4, knight: 4, pawn: 8 };
const ROLES: Role[] = ['queen', 'rook', 'rook', 'bishop', 'bishop', 'knight', 'knight', 'pawn', 'pawn', 'pawn'];
const FACINGS = ['north', 'east', 'south', 'west'] as const;

function squares(w: number, h: number): string[] {
  const out: string[] = [];
  for (let r = 0; r < h; r++) for (let f = 0; f < w; f++) out.push(squareName(f, r));
  return out;
}

function used(l: UnlockTheKingLevel): Set<string> {
  return new Set([...l.pieces.map((p) => p.square), ...(l.walls ?? [])]);
}

function randomPiece(l: UnlockTheKingLevel, square: string): UkPiece | undefined {
  for (let tries = 0; tries < 10; tries++) {
    const role = pick(ROLES);
    if (l.pieces.filter((p) => p.role === role).length >= LIMITS[role]) continue;
    const p: UkPiece = { role, square, color: rand() < 0.5 ? 'ivory' : 'obsidian' };
    if (role === 'pawn') {
      p.facing = pick(FACINGS);
      if (rand() < 0.3) p.lateral = true;
    }
    return p;
  }
  return undefined;
}

function randomLevel(w: number, h: number): UnlockTheKingLevel {
  const all = squares(w, h);
  const free = [...all];
  const take = (): string => free.splice(Math.floor(rand() * free.length), 1)[0]!;
  const l: UnlockTheKingLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'candidate' },
    board: { width: w, height: h },
    walls: [],
    portal: '',
    pieces: [],
  };
  l.pieces.push({ role: 'king', square: take(), color: 'ivory' });
  l.portal = free[Math.floor(rand() * free.length)]!;
  const n = Math.floor(all.length * (0.35 + rand() * 0.3));
  for (let i = 0; i < n; i++) {
    const sq = take();
    const p = randomPiece(l, sq);
    if (p) l.pieces.push(p);
  }
  const walls = Math.floor(rand() * Math.min(6, free.length / 3));
  for (let i = 0; i < walls; i++) {
    const sq = take();
    if (sq !== l.portal) l.walls!.push(sq);
  }
  return l;
}

function mutate(src: UnlockTheKingLevel): UnlockTheKingLevel {
  const l = structuredClone(src);
  const { width: w, height: h } = l.board;
  const occupied = used(l);
  const empties = squares(w, h).filter((s) => !occupied.has(s));
  const k = Math.floor(rand() * 7);
  if (k === 0 && empties.length) pick(l.pieces.slice(1)).square = pick(empties);
  else if (k === 1 && empties.length) {
    const p = randomPiece(l, pick(empties));
    if (p && p.square !== l.portal) l.pieces.push(p);
  } else if (k === 2 && l.pieces.length > 2) l.pieces.splice(1 + Math.floor(rand() * (l.pieces.length - 1)), 1);
  else if (k === 3 && empties.length && (l.walls?.length ?? 0) < 16) {
    const s = pick(empties);
    if (s !== l.portal) l.walls!.push(s);
  } else if (k === 4 && l.walls?.length) l.walls.splice(Math.floor(rand() * l.walls.length), 1);
  else if (k === 5) {
    const pawns = l.pieces.filter((p) => p.role === 'pawn');
    if (pawns.length) {
      const p = pick(pawns);
      p.facing = pick(FACINGS);
      p.lateral = rand() < 0.3 ? true : undefined;
      if (!p.lateral) delete p.lateral;
    }
  } else if (k === 6) {
    const cands = squares(w, h).filter((s) => !(l.walls ?? []).includes(s) && s !== l.pieces[0]!.square);
    l.portal = pick(cands);
  }
  return l;
}

function par(l: UnlockTheKingLevel): { par: number; states: number } | undefined {
  if (validateRules(l).some((i) => i.severity === 'error')) return undefined;
  const r = solveLevel(l, { maxStates });
  return r.status === 'solved' ? { par: r.length, states: r.states } : undefined;
}

type Found = { par: number; states: number; level: UnlockTheKingLevel };
const best: Record<string, Found> = existsSync(outFile) ? JSON.parse(readFileSync(outFile, 'utf8')) : {};
const keyOf = (l: UnlockTheKingLevel, p: number): string => `${l.board.width}x${l.board.height}:${p}`;
const deadline = Date.now() + minutes * 60_000;
let climbs = 0;
while (Date.now() < deadline) {
  const [w, h] = pick(sizes);
  let cur = randomLevel(w, h);
  let cs = par(cur);
  let tries = 0;
  while (!cs && tries++ < 50) {
    cur = randomLevel(w, h);
    cs = par(cur);
  }
  if (!cs) continue;
  climbs++;
  for (let it = 0; it < 400 && Date.now() < deadline; it++) {
    const next = mutate(cur);
    const ns = par(next);
    if (!ns) continue;
    const key = keyOf(next, ns.par);
    if (!best[key] || best[key]!.states > ns.states) best[key] = { ...ns, level: next };
    if (ns.par > cs.par || (ns.par === cs.par && rand() < 0.3)) {
      cur = next;
      cs = ns;
    }
  }
  writeFileSync(outFile, JSON.stringify(best));
  const top = Object.values(best).reduce((m, f) => Math.max(m, f.par), 0);
  console.log(`climb ${climbs} ${w}x${h}: reached par ${cs.par}; best overall ${top}`);
}
writeFileSync(outFile, JSON.stringify(best));
