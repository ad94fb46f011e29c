/**
 * Seeded big packs for the pack benchmark (bench/packs.bench.ts) and the
 * pack scale tests: a pack folder of N level files made by mutating the
 * shipped levels deterministically (no solving, so thousands are written in
 * seconds).
 *
 * - Unlock the King (`unlock-the-king`): Citadel Codex blueprints (8x8,
 *   up to 16 walls and 15 pieces: "Codex-like") and the small samples of
 *   resources/levels/unlock-the-king, mixed 7:1. Each level is its
 *   source with one to four walls taken away (walls only block: a solvable
 *   blueprint stays solvable and about as hard to prove) and the board
 *   turned or mirrored, so most levels differ from each other (UK-1, up to
 *   symmetry) and from their source.
 * - The other rulesets: their samples (resources/levels/<ruleset>), each
 *   level with one piece moved to a free square (`1 + k mod 3` times; a
 *   move may break a rule, e.g. a Locking Chess king left in check: such
 *   levels stay, as in a real working pack).
 *
 * A changed level's stored solution, no longer current, is dropped (the
 * level is a draft). Every 10th level is an unchanged copy of its source
 * with its proof (stored status `proved`, or `duplicate` after the first
 * copy). Titles are `<source title> #k`.
 *
 * Same seed and options, same files on every machine (mulberry32).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serializeLevel, serializePack } from '../../src-shared/format/serialize.js';
import type { Level, PackFile } from '../../src-shared/model/level.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';
import { makeRng, type Rng } from '../../src-shared/rulesets/rng.js';
import { levelSymmetries, transformLevel } from '../../src-shared/squares/transform.js';

const ROOT = resolve(import.meta.dirname, '../..');

export type PackRuleset = PackFile['ruleset'];

export interface MakePackOptions {
  ruleset: PackRuleset;
  /** Number of levels. */
  levels: number;
  /** PRNG seed (default 1). */
  seed?: number;
  /** Pack title (default "Bench <ruleset> <levels>"). */
  title?: string;
  /** Embed the levels in one `*.pack.json` instead of a folder (dir is then the file path). */
  singleFile?: boolean;
}

function readLevels(dir: string): Level[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.level.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Level);
}

/** The shipped levels a pack of `ruleset` is made from: [codex-like, small]. */
export function sourceLevels(ruleset: PackRuleset): { big: Level[]; small: Level[] } {
  const small = readLevels(join(ROOT, 'resources/levels', ruleset));
  const big = ruleset === 'unlock-the-king' ? readLevels(join(ROOT, 'resources/packs/citadel-codex/levels')) : [];
  return { big, small };
}

const FILES = 'abcdefghijklmnopqrstuvwxyz';

function squareOf(f: number, r: number): string {
  return `${FILES[f]}${r + 1}`;
}

/** Every square string a level document names (walls, holes, pillars, portal, pieces, tiles). */
function occupied(doc: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  const add = (v: unknown): void => {
    if (typeof v === 'string') used.add(v);
  };
  for (const k of ['walls', 'pillars']) for (const s of (doc[k] as unknown[] | undefined) ?? []) add(s);
  const board = doc['board'] as { holes?: unknown[] } | undefined;
  for (const s of board?.holes ?? []) add(s);
  add(doc['portal']);
  for (const k of ['pieces', 'tiles']) for (const p of (doc[k] as { square?: unknown }[] | undefined) ?? []) add(p.square);
  return used;
}

/** Moves one non-king piece (any piece when there is none) to a free square; false when none can move. */
function movePiece(doc: Record<string, unknown>, rng: Rng): boolean {
  const pieces = doc['pieces'] as { role: string; square: string }[] | undefined;
  const board = doc['board'] as { width: number; height: number };
  if (!pieces || pieces.length === 0) return false;
  const movable = pieces.filter((p) => p.role !== 'king');
  const piece = rng.pick(movable.length > 0 ? movable : pieces);
  const used = occupied(doc);
  const free: string[] = [];
  for (let r = 0; r < board.height; r++) for (let f = 0; f < board.width; f++) if (!used.has(squareOf(f, r))) free.push(squareOf(f, r));
  if (free.length === 0) return false;
  piece.square = rng.pick(free);
  return true;
}

/** Locking Chess: moves one non-king piece of the LFEN placement (a single piece, not a stack) to an empty square. */
function moveLfenPiece(doc: Record<string, unknown>, rng: Rng): boolean {
  const position = doc['position'] as string;
  const [placement, ...rest] = position.split(' ');
  const grid: string[][] = placement!.split('/').map((rank) => {
    const cells: string[] = [];
    for (let i = 0; i < rank.length; i++) {
      const c = rank[i]!;
      if (c >= '1' && c <= '8') for (let k = 0; k < Number(c); k++) cells.push('');
      else if (c === '(') {
        const end = rank.indexOf(')', i);
        cells.push(rank.slice(i, end + 1));
        i = end;
      } else cells.push(c);
    }
    return cells;
  });
  const singles: [number, number][] = [];
  const empties: [number, number][] = [];
  grid.forEach((row, r) =>
    row.forEach((c, f) => {
      if (c === '') empties.push([r, f]);
      else if (c.length === 1 && c.toLowerCase() !== 'k') singles.push([r, f]);
    }),
  );
  if (singles.length === 0 || empties.length === 0) return false;
  const [fr, ff] = rng.pick(singles);
  const [tr, tf] = rng.pick(empties);
  grid[tr]![tf] = grid[fr]![ff]!;
  grid[fr]![ff] = '';
  const packed = grid
    .map((row) => {
      let out = '';
      let gap = 0;
      for (const c of row) {
        if (c === '') gap++;
        else {
          if (gap) out += String(gap);
          gap = 0;
          out += c;
        }
      }
      return gap ? out + String(gap) : out;
    })
    .join('/');
  // Castling and en passant rights may no longer hold: cleared, the clocks kept.
  const [side, , , ...clocks] = rest;
  doc['position'] = [packed, side ?? 'w', '-', '-', ...clocks].join(' ');
  return true;
}

/** What became of a source level: which one (`big:3` = the 4th Codex blueprint) and whether it was left unchanged. */
export interface BenchLevelInfo {
  source: string;
  unchanged: boolean;
}

/** Level k of the pack (0-based), from its sources, and where it came from. */
export function benchLevel(k: number, sources: { big: Level[]; small: Level[] }, rng: Rng): { level: Level; info: BenchLevelInfo } {
  const useBig = sources.big.length > 0 && (sources.small.length === 0 || k % 8 !== 7);
  const list = useBig ? sources.big : sources.small;
  const at = rng.int(0, list.length - 1);
  const doc = structuredClone(list[at]!) as unknown as Record<string, unknown>;
  const meta = doc['meta'] as { title: string };
  meta.title = `${meta.title} #${k + 1}`;
  const unchanged = k % 10 === 9;
  if (unchanged) return { level: doc as unknown as Level, info: { source: `${useBig ? 'big' : 'small'}:${at}`, unchanged } };
  delete doc['solution'];
  let level = doc as unknown as Level;
  if (level.ruleset === 'unlock-the-king') {
    // Unlock the King: a wall or two taken away (walls only block, so a solvable blueprint stays solvable and
    // about as hard, UK-1), then the board turned or mirrored (UK-1: alike to the result, not to the source).
    const walls = [...(level.walls ?? [])];
    for (let t = 1 + (k % 4); t > 0 && walls.length > 0; t--) walls.splice(rng.int(0, walls.length - 1), 1);
    level = { ...level, walls };
    const def = rulesetOf(level)!;
    const syms = levelSymmetries(def, level);
    const turned = transformLevel(def, level, syms[rng.int(0, syms.length - 1)]!);
    if (turned.ok) level = turned.level as Level;
  } else {
    const times = 1 + (k % 3);
    for (let t = 0; t < times; t++) {
      if (level.ruleset === 'locking-chess') moveLfenPiece(doc, rng);
      else movePiece(doc, rng);
    }
  }
  return { level, info: { source: `${useBig ? 'big' : 'small'}:${at}`, unchanged } };
}

/**
 * Writes a pack of `o.levels` levels to `dir` (a new folder: `pack.json`
 * and `levels/NNNNN.level.json`; with `singleFile`, `dir` is the
 * `*.pack.json` written). Answers where each level came from.
 */
export function makeBenchPack(dir: string, o: MakePackOptions): BenchLevelInfo[] {
  const rng = makeRng(o.seed ?? 1);
  const sources = sourceLevels(o.ruleset);
  const title = o.title ?? `Bench ${o.ruleset} ${o.levels}`;
  const width = Math.max(5, String(o.levels).length);
  const tierOf = (k: number): string => ['Novice', 'Journeyman', 'Master', 'Grandmaster'][Math.min(3, Math.floor((4 * k) / o.levels))]!;
  const made = Array.from({ length: o.levels }, (_, k) => benchLevel(k, sources, rng));
  if (o.singleFile) {
    const levels = made.map((m, k) => ({ tier: tierOf(k), level: m.level }));
    writeFileSync(dir, serializePack({ format: 'castellan.pack', version: 1, title, ruleset: o.ruleset, levels }));
    return made.map((m) => m.info);
  }
  mkdirSync(join(dir, 'levels'), { recursive: true });
  const entries: PackFile['levels'] = [];
  made.forEach((m, k) => {
    const file = `levels/${String(k + 1).padStart(width, '0')}.level.json`;
    writeFileSync(join(dir, file), serializeLevel(m.level));
    entries.push({ file, tier: tierOf(k) });
  });
  writeFileSync(join(dir, 'pack.json'), serializePack({ format: 'castellan.pack', version: 1, title, ruleset: o.ruleset, levels: entries }));
  return made.map((m) => m.info);
}
