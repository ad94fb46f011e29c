/**
 * The player's progress on one pack, kept in the browser (localStorage,
 * under the page's `storageKey`: the pack's title and the hashes of its
 * levels, src-shared/player/page-data.ts): per level hash, the best win so
 * far (most stars, then fewest moves, then the highest score). Pure apart
 * from the store it is given; a store that fails (storage switched off,
 * full, or a page opened where the browser keeps nothing) only means the
 * progress is not remembered: nothing here throws.
 */
import type { PlayerPageData, PlayerPageLevel } from '../src-shared/player/page-data.js';

/** The best win of one level. */
export interface LevelProgress {
  stars: 1 | 2 | 3;
  /** Moves of that win (the counted moves: a problem's attacker moves). */
  moves: number;
  /** UK-8 score of the best scoring win, when the ruleset scores. */
  score?: number;
}

/** What is stored under a pack's key. */
export interface PackProgress {
  version: 1;
  /** By level hash. */
  levels: Record<string, LevelProgress>;
}

/** The part of `Storage` used (localStorage, or a map in the tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** No progress yet. */
export const emptyProgress = (): PackProgress => ({ version: 1, levels: {} });

const isStars = (n: unknown): n is 1 | 2 | 3 => n === 1 || n === 2 || n === 3;
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/**
 * The progress stored under `key`; empty when there is none, the store
 * cannot be read, or what it holds is not progress (entries that are not
 * a valid win are dropped, the others kept).
 */
export function readProgress(store: KeyValueStore | null, key: string): PackProgress {
  let text: string | null = null;
  try {
    text = store?.getItem(key) ?? null;
  } catch {
    return emptyProgress();
  }
  if (!text) return emptyProgress();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return emptyProgress();
  }
  const levels = (value as { levels?: unknown } | null)?.levels;
  if ((value as { version?: unknown } | null)?.version !== 1 || typeof levels !== 'object' || levels === null) return emptyProgress();
  const out = emptyProgress();
  for (const [hash, p] of Object.entries(levels as Record<string, unknown>)) {
    const e = p as Partial<LevelProgress> | null;
    if (!e || !isStars(e.stars) || !isCount(e.moves)) continue;
    out.levels[hash] = { stars: e.stars, moves: e.moves, ...(typeof e.score === 'number' && Number.isFinite(e.score) ? { score: e.score } : {}) };
  }
  return out;
}

/** Stores `progress` under `key`; false when the store refused (the page says progress is not kept). */
export function writeProgress(store: KeyValueStore | null, key: string, progress: PackProgress): boolean {
  if (!store) return false;
  try {
    store.setItem(key, JSON.stringify(progress));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the progress under `key`; false when the store refused. */
export function clearProgress(store: KeyValueStore | null, key: string): boolean {
  if (!store) return false;
  try {
    store.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** True when win `a` is better than `b`: more stars, then fewer moves. */
function better(a: LevelProgress, b: LevelProgress): boolean {
  return a.stars !== b.stars ? a.stars > b.stars : a.moves < b.moves;
}

/**
 * The progress after a win of the level `hash`: the better of the stored
 * win and this one (more stars, then fewer moves); the best score is kept
 * apart (a clean run may score more with more moves, UK-8). Answers the
 * same object when nothing improved. Pure.
 */
export function recordWin(progress: PackProgress, hash: string, win: LevelProgress): PackProgress {
  const old = progress.levels[hash];
  const bestScore = Math.max(old?.score ?? -Infinity, win.score ?? -Infinity);
  const base = !old || better(win, old) ? { stars: win.stars, moves: win.moves } : { stars: old.stars, moves: old.moves };
  const next: LevelProgress = Number.isFinite(bestScore) ? { ...base, score: bestScore } : base;
  if (old && old.stars === next.stars && old.moves === next.moves && old.score === next.score) return progress;
  return { version: 1, levels: { ...progress.levels, [hash]: next } };
}

/** Levels solved, stars won and the stars there are (3 a level). */
export function progressSummary(
  data: Pick<PlayerPageData, 'levels'>,
  progress: PackProgress,
): { solved: number; total: number; stars: number; maxStars: number } {
  let solved = 0;
  let stars = 0;
  for (const l of data.levels) {
    const p = progress.levels[l.hash];
    if (!p) continue;
    solved++;
    stars += p.stars;
  }
  return { solved, total: data.levels.length, stars, maxStars: 3 * data.levels.length };
}

/** A run of consecutive levels with the same tier (null: no tier), in pack order, with their 0-based indices. */
export interface TierGroup {
  tier: string | null;
  items: { index: number; level: PlayerPageLevel }[];
}

/** The levels grouped by tier for the level select: consecutive levels of one tier form a group (pack order kept). */
export function tierGroups(levels: readonly PlayerPageLevel[]): TierGroup[] {
  const out: TierGroup[] = [];
  levels.forEach((level, index) => {
    const tier = level.tier ?? null;
    const last = out[out.length - 1];
    if (last && last.tier === tier) last.items.push({ index, level });
    else out.push({ tier, items: [{ index, level }] });
  });
  return out;
}

/** The first level not yet solved at or after `from` (wrapping round), or null when every level is solved. */
export function nextUnsolved(levels: readonly PlayerPageLevel[], progress: PackProgress, from = 0): number | null {
  const n = levels.length;
  for (let k = 0; k < n; k++) {
    const i = (from + k) % n;
    if (!progress.levels[levels[i]!.hash]) return i;
  }
  return null;
}
