/**
 * suggestBlueprint runs its search in the solve worker, not on the host's
 * main thread: concurrent suggestions leave the event loop free for other
 * requests, and a suggestion is the same blueprint the search gives when
 * called directly for the same seed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { HostContext } from '../../../src-main/services/host-request.js';
import { createPackHostApi } from '../../../src-main/services/pack-host-api.js';
import { searchBlueprint } from '../../../src-main/services/suggest-search.js';
import { serveResolvePath } from '../../../src-main/serve/server.js';
import { openWorkspace } from '../../../src-main/services/workspace.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

afterAll(() => cleanupTempDirs());

function makeApi(suggestMs: number): ReturnType<typeof createPackHostApi> {
  const w = openWorkspace(tempDir('castellan-suggest-'));
  if ('ok' in w) throw new Error(w.message);
  const ctx: HostContext = {
    kind: 'serve',
    resolvePath: (p, f) => serveResolvePath(w, p, f),
    confinedWrites: true,
    pool: () => {
      throw new Error('no pool');
    },
    solveTimeMs: 1000,
    maxStates: 1000,
  };
  return createPackHostApi(ctx, { suggestMs });
}

describe('suggestBlueprint off the host main thread', () => {
  it('4 concurrent suggestBlueprint requests delay a setTimeout(0) probe by less than 200 ms', async () => {
    const api = makeApi(3_000);
    // Par 60 is out of reach: every search runs for its whole budget.
    const searches = [1, 2, 3, 4].map((seed) => api.suggestBlueprint({ seed, parMin: 60, parMax: 60 }));
    let done = false;
    void Promise.all(searches).then(() => (done = true));
    let worst = 0;
    let probes = 0;
    const until = Date.now() + 2_500;
    while (!done && Date.now() < until) {
      const t = performance.now();
      await new Promise((r) => setTimeout(r, 0));
      worst = Math.max(worst, performance.now() - t);
      probes++;
      await new Promise((r) => setTimeout(r, 20));
    }
    const answers = await Promise.all(searches);
    expect(answers.map((a) => (a.ok ? 'ok' : a.code))).toEqual(['limit', 'limit', 'limit', 'limit']);
    expect(probes).toBeGreaterThan(20);
    expect(worst).toBeLessThan(200);
  }, 60_000);

  it('the worker gives the same blueprint as the search called directly for the same seed', async () => {
    const api = makeApi(20_000);
    const r = await api.suggestBlueprint({ seed: 7, parMin: 3, parMax: 8 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const direct = searchBlueprint({ seed: 7, parMin: 3, parMax: 8 }, Date.now() + 20_000);
    expect(direct).toBeDefined();
    expect(r.par).toBe(direct!.par);
    expect(r.states).toBe(direct!.states);
    const { meta: _m, par: _p, ...got } = r.document as unknown as Record<string, unknown>;
    const { meta: _dm, par: _dp, ...want } = direct!.level as unknown as Record<string, unknown>;
    void [_m, _p, _dm, _dp];
    expect(got).toEqual(want);
  }, 60_000);
});
