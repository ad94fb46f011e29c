/**
 * The player page's progress (src-player/progress.ts) and its storage key
 * (src-shared/player/page-data.ts `storageKeyOf`): the best win per level
 * (more stars, then fewer moves; the best UK-8 score kept apart), a store
 * that holds junk or refuses is survived (progress simply not kept), and
 * each pack keeps its progress under its own key.
 */
import { describe, expect, it } from 'vitest';
import {
  emptyProgress,
  nextUnsolved,
  progressSummary,
  readProgress,
  recordWin,
  tierGroups,
  writeProgress,
  type KeyValueStore,
} from '../../src-player/progress.js';
import { storageKeyOf, type PlayerPageLevel } from '../../src-shared/player/page-data.js';

/** A map-backed store; `fail` makes every call throw (storage switched off). */
function store(fail = false): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  const guard = (): void => {
    if (fail) throw new Error('SecurityError');
  };
  return {
    map,
    getItem: (k) => (guard(), map.get(k) ?? null),
    setItem: (k, v) => (guard(), void map.set(k, v)),
    removeItem: (k) => (guard(), void map.delete(k)),
  };
}

const level = (hash: string, tier?: string): PlayerPageLevel =>
  ({ title: hash, hash, par: 4, level: {} as PlayerPageLevel['level'], ...(tier ? { tier } : {}) }) as PlayerPageLevel;

describe('player progress', () => {
  it('keeps the better win: more stars first, then fewer moves; the best score apart', () => {
    let p = recordWin(emptyProgress(), 'h1', { stars: 2, moves: 7, score: 1200 });
    p = recordWin(p, 'h1', { stars: 3, moves: 4, score: 1100 });
    expect(p.levels['h1']).toEqual({ stars: 3, moves: 4, score: 1200 });
    // A worse win changes nothing (the same object back).
    const same = recordWin(p, 'h1', { stars: 1, moves: 9, score: 100 });
    expect(same).toBe(p);
    // Same stars, fewer moves: better.
    expect(recordWin(p, 'h1', { stars: 3, moves: 3 }).levels['h1']).toEqual({ stars: 3, moves: 3, score: 1200 });
  });

  it('round-trips through a store, drops entries that are not a win, and survives junk or a refusing store', () => {
    const s = store();
    const p = recordWin(emptyProgress(), 'h1', { stars: 3, moves: 4 });
    expect(writeProgress(s, 'k', p)).toBe(true);
    expect(readProgress(s, 'k')).toEqual(p);
    s.map.set('k', JSON.stringify({ version: 1, levels: { good: { stars: 2, moves: 5 }, bad: { stars: 4, moves: 1 }, worse: { stars: 1, moves: -1 } } }));
    expect(readProgress(s, 'k').levels).toEqual({ good: { stars: 2, moves: 5 } });
    s.map.set('k', '{not json');
    expect(readProgress(s, 'k')).toEqual(emptyProgress());
    const off = store(true);
    expect(readProgress(off, 'k')).toEqual(emptyProgress());
    expect(writeProgress(off, 'k', p)).toBe(false);
    expect(writeProgress(null, 'k', p)).toBe(false);
  });

  it('summarises, groups by tier in pack order, and finds the next unsolved level', () => {
    const levels = [level('a', 'Novice'), level('b', 'Novice'), level('c', 'Master'), level('d')];
    const p = recordWin(recordWin(emptyProgress(), 'a', { stars: 3, moves: 4 }), 'c', { stars: 1, moves: 12 });
    expect(progressSummary({ levels }, p)).toEqual({ solved: 2, total: 4, stars: 4, maxStars: 12 });
    expect(tierGroups(levels).map((g) => [g.tier, g.items.map((i) => i.index)])).toEqual([
      ['Novice', [0, 1]],
      ['Master', [2]],
      [null, [3]],
    ]);
    expect(nextUnsolved(levels, p, 0)).toBe(1);
    expect(nextUnsolved(levels, p, 2)).toBe(3);
  });

  it('each pack has its own storage key: the same title and levels find it again, another title or order does not', () => {
    const k = storageKeyOf('Codex', ['sha256:1', 'sha256:2']);
    expect(k).toMatch(/^castellan\.player\.v1\.[0-9a-f]{24}$/);
    expect(storageKeyOf('Codex', ['sha256:1', 'sha256:2'])).toBe(k);
    expect(storageKeyOf('Codex II', ['sha256:1', 'sha256:2'])).not.toBe(k);
    expect(storageKeyOf('Codex', ['sha256:2', 'sha256:1'])).not.toBe(k);
  });
});
