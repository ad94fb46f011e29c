/**
 * The thumbnail reads of a windowed list (thumbnails.ts ThumbnailCache):
 * at most THUMB_CONCURRENCY host reads at once, and a read still waiting
 * when its tile leaves the page (its signal aborts) is dropped, so
 * scrolling through a pack of 10,000 levels reads only the tiles that stay
 * on screen. A read another caller still wants is kept.
 */
import { describe, expect, it } from 'vitest';
import type { HostApi } from '../../../src-shared/host/contract.js';
import { THUMB_CONCURRENCY, ThumbnailCache } from '../../../src-renderer/files/thumbnails.js';
import firstSteps from '../../../resources/levels/unlock-the-king/01-first-steps.level.json?raw';

const doc = (): unknown => JSON.parse(firstSteps);

/** A host whose `open` answers only when the test releases it; records the paths read. */
function slowHost() {
  const opened: string[] = [];
  const release: (() => void)[] = [];
  const host = {
    open: (req: { path: string }) =>
      new Promise((resolve) => {
        opened.push(req.path);
        release.push(() => resolve({ ok: true, path: req.path, document: doc() }));
      }),
  } as unknown as HostApi;
  return { host, opened, releaseAll: () => release.splice(0).forEach((r) => r()) };
}

describe('ThumbnailCache queue', () => {
  it('reads at most THUMB_CONCURRENCY at once; the waiting reads whose tiles left the page are never read', async () => {
    const h = slowHost();
    const cache = new ThumbnailCache(() => h.host);
    const tiles = Array.from({ length: 12 }, (_, i) => ({ path: `l${i}.level.json`, gone: new AbortController() }));
    const pics = tiles.map((t) => cache.get(t.path, 1, t.gone.signal));
    expect(h.opened).toHaveLength(THUMB_CONCURRENCY);
    expect(cache.waiting).toBe(12 - THUMB_CONCURRENCY);
    // The list scrolled on: tiles 3..9 left the page before their turn.
    for (const t of tiles.slice(3, 10)) t.gone.abort();
    expect(cache.waiting).toBe(2);
    for (let i = 0; i < 4 && h.opened.length < 5; i++) {
      h.releaseAll();
      await new Promise((r) => setTimeout(r, 0));
    }
    h.releaseAll();
    const got = await Promise.all(pics);
    expect(h.opened).toEqual(['l0.level.json', 'l1.level.json', 'l2.level.json', 'l10.level.json', 'l11.level.json']);
    expect(got.map((g) => g !== null)).toEqual([true, true, true, false, false, false, false, false, false, false, true, true]);
    // A dropped read is not cached: the tile coming back reads it then.
    expect(cache.has('l5.level.json', 1)).toBe(false);
  });

  it('a waiting read that another tile still wants is kept', async () => {
    const h = slowHost();
    const cache = new ThumbnailCache(() => h.host);
    const busy = Array.from({ length: THUMB_CONCURRENCY }, (_, i) => cache.get(`b${i}.level.json`, 1));
    const a = new AbortController();
    const b = new AbortController();
    const first = cache.get('shared.level.json', 1, a.signal);
    const second = cache.get('shared.level.json', 1, b.signal);
    a.abort();
    expect(cache.waiting).toBe(1);
    for (let i = 0; i < 4 && !h.opened.includes('shared.level.json'); i++) {
      h.releaseAll();
      await new Promise((r) => setTimeout(r, 0));
    }
    h.releaseAll();
    await Promise.all(busy);
    expect(await second).not.toBeNull();
    expect(await first).not.toBeNull();
  });
});
