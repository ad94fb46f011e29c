/**
 * Every SolvePool user counts a level's caps from the start of its own
 * solve, never from the moment it was queued: the host's pack Verify
 * (pack-verify.ts), `castellan pack verify --time-ms` (cli/pack.ts
 * `verifyPack`) and `castellan solve A B C --time-ms` (cli/batch.ts). The
 * solver is the stand-in worker fixtures/workers/pool-timed.mjs: a level
 * titled "work N" takes N ms of wall time whatever the machine's load, so
 * "each level alone fits its cap, all of them together do not" is exact.
 */
import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { HostError } from '../../../src-shared/host/contract.js';
import type { PackVerifyPollAnswer } from '../../../src-shared/host/pack-contract.js';
import { runCli } from '../../../src-main/cli/main.js';
import { verifyPack } from '../../../src-main/cli/pack.js';
import { serveResolvePath } from '../../../src-main/serve/server.js';
import type { HostContext } from '../../../src-main/services/host-request.js';
import { loadPack } from '../../../src-main/services/pack-files.js';
import { createPackHostApi } from '../../../src-main/services/pack-host-api.js';
import { SolvePool } from '../../../src-main/services/solve-pool.js';
import { resetSolveWorkerEntry, setSolveWorkerEntry } from '../../../src-main/services/solve-runner.js';
import { openWorkspace } from '../../../src-main/services/workspace.js';
import { captureIo } from '../cli/cli-io.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

const fixture = new URL('../fixtures/workers/pool-timed.mjs', import.meta.url);
const timed = (ms: number, k: number) => twoMoveLevel({ meta: { title: `work ${ms} #${k}` } });

let pool: SolvePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
  resetSolveWorkerEntry();
});
afterAll(() => cleanupTempDirs());

/** A serve-style pack API over workspace `ws` on a one-worker pool (the host's save caps: 20 s, 1,000,000 states). */
function hostApi(ws: string): ReturnType<typeof createPackHostApi> {
  const w = openWorkspace(ws);
  if ('ok' in w) throw new Error(w.message);
  pool = new SolvePool({ size: 1 });
  const ctx: HostContext = {
    kind: 'serve',
    resolvePath: (p, forWrite) => serveResolvePath(w, p, forWrite),
    confinedWrites: true,
    pool: () => pool!,
    solveTimeMs: 20_000,
    maxStates: 1_000_000,
  };
  return createPackHostApi(ctx, { suggestMs: 1000 });
}

async function pollDone(api: ReturnType<typeof createPackHostApi>, jobId: string): Promise<PackVerifyPollAnswer> {
  for (let i = 0; i < 800; i++) {
    const p = ok(await api.packVerifyPoll({ jobId }));
    if (p.state === 'done') return p;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('verify did not finish');
}

/** A workspace with pack folder `packs/p` of `n` levels of `ms` ms each. */
function workspaceWithPack(n: number, ms: number): string {
  const ws = tempDir('castellan-caps-');
  mkdirSync(join(ws, 'packs/p/levels'), { recursive: true });
  const levels = Array.from({ length: n }, (_, k) => {
    writeFileSync(join(ws, 'packs/p/levels', `${k}.level.json`), json(timed(ms, k)));
    return { file: `levels/${k}.level.json` };
  });
  writeFileSync(join(ws, 'packs/p/pack.json'), json({ format: 'castellan.pack', version: 1, title: 'P', ruleset: 'unlock-the-king', levels }));
  return ws;
}

function ok<T extends { ok: boolean }>(r: T | HostError): T {
  if (!r.ok) throw new Error(`expected ok, got ${(r as HostError).code}: ${(r as HostError).message}`);
  return r as T;
}

describe('caps count from each level’s own solve', () => {
  it('host pack Verify: eight levels of 400 ms on one worker under a 2000 ms cap: none ends in limit', async () => {
    setSolveWorkerEntry(fixture);
    // The last levels wait 2,000 ms and more for the worker; each needs 400 ms (plus the worker's start for the first).
    const api = hostApi(workspaceWithPack(8, 400));
    const s = ok(await api.packVerifyStart({ path: 'packs/p', timeMs: 2000 }));
    let last: PackVerifyPollAnswer | undefined;
    for (let i = 0; i < 400 && last?.state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      last = ok(await api.packVerifyPoll({ jobId: s.jobId }));
    }
    expect(last?.state).toBe('done');
    expect(last!.rows.filter((r) => r.status === 'limit').map((r) => r.name)).toEqual([]);
  });

  it('castellan pack verify --time-ms: eight levels of 400 ms on one worker under a 2000 ms cap: none ends in limit', async () => {
    setSolveWorkerEntry(fixture);
    const ws = workspaceWithPack(8, 400);
    const loaded = await loadPack(join(ws, 'packs/p'));
    if (!loaded.ok) throw new Error(loaded.message);
    const rows = await verifyPack(loaded.value, { timeMs: 2000, poolSize: 1 });
    expect(rows.filter((r) => r.status === 'limit').map((r) => r.name)).toEqual([]);
  });

  it('castellan solve A B C --time-ms: eight waves of 400 ms levels on the pool under a 2000 ms cap all solve; ms is each own solve', async () => {
    setSolveWorkerEntry(fixture);
    const dir = tempDir('castellan-caps-solve-');
    const n = 8 * Math.max(1, availableParallelism());
    const files = Array.from({ length: n }, (_, k) => {
      const f = join(dir, `${k}.level.json`);
      writeFileSync(f, json(timed(400, k)));
      return f;
    });
    const io = captureIo();
    await runCli(['solve', '--json', '--time-ms', '2000', ...files], io);
    const objs = io.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: string; ms: number });
    expect(objs).toHaveLength(n);
    expect(objs.filter((o) => o.status !== 'solved')).toEqual([]);
    for (const o of objs) expect(o.ms).toBeLessThan(2000);
  });

  it('castellan prove A B C --time-ms (the save pipeline on the pool): eight waves of 400 ms levels under a 2000 ms cap are all proved', async () => {
    setSolveWorkerEntry(fixture);
    const dir = tempDir('castellan-caps-prove-');
    const n = 8 * Math.max(1, availableParallelism());
    const files = Array.from({ length: n }, (_, k) => {
      const f = join(dir, `${k}.level.json`);
      writeFileSync(f, json(timed(400, k)));
      return f;
    });
    const io = captureIo();
    const code = await runCli(['prove', '--time-ms', '2000', ...files], io);
    const lines = io.stdout.trim().split('\n');
    expect(lines.filter((l) => !/: proved, optimal 1 move/.test(l))).toEqual([]);
    expect(lines).toHaveLength(n);
    expect(code).toBe(0);
  });
});

describe('packVerifyStart: the caps in use and a subset of levels (re-verify the limits)', () => {
  it('answers the caps of each level (by default 60 s and the host’s state cap, or those asked for) at start and in every poll', async () => {
    const api = hostApi(workspaceWithPack(2, 0));
    const s = ok(await api.packVerifyStart({ path: 'packs/p' }));
    expect(s).toMatchObject({ total: 2, timeMs: 60_000, maxStates: 1_000_000 });
    expect(await pollDone(api, s.jobId)).toMatchObject({ timeMs: 60_000, maxStates: 1_000_000 });
    const t = ok(await api.packVerifyStart({ path: 'packs/p', timeMs: 120_000, maxStates: 5_000_000 }));
    expect(t).toMatchObject({ timeMs: 120_000, maxStates: 5_000_000 });
    expect(await pollDone(api, t.jobId)).toMatchObject({ timeMs: 120_000, maxStates: 5_000_000 });
  });

  it('`levels` verifies only those pack positions, in the order given; the others are not solved', async () => {
    const api = hostApi(workspaceWithPack(5, 0));
    const s = ok(await api.packVerifyStart({ path: 'packs/p', levels: [3, 1] }));
    expect(s.total).toBe(2);
    const done = await pollDone(api, s.jobId);
    expect(done.rows.map((r) => [r.index, r.name])).toEqual([
      [3, 'levels/3.level.json'],
      [1, 'levels/1.level.json'],
    ]);
    // The five levels are the same blueprint: a verified later one is still marked alike to #1, outside the subset.
    expect(done.rows[0]).toMatchObject({ duplicateOf: 0 });
    expect(done.rows[1]).toMatchObject({ duplicateOf: 0 });
  });

  it.each([
    ['not an array', 3],
    ['empty', []],
    ['out of range', [5]],
    ['negative', [-1]],
    ['not an integer', [1.5]],
    ['a string', ['1']],
    ['twice the same', [2, 2]],
  ])('`levels` %s is a bad request', async (_what, levels) => {
    const api = hostApi(workspaceWithPack(5, 0));
    expect(await api.packVerifyStart({ path: 'packs/p', levels })).toMatchObject({ ok: false, code: 'bad-request' });
  });

  it('caps above the largest are bad requests (10 min, 100,000,000 states)', async () => {
    const api = hostApi(workspaceWithPack(1, 0));
    expect(await api.packVerifyStart({ path: 'packs/p', timeMs: 600_001 })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await api.packVerifyStart({ path: 'packs/p', maxStates: 100_000_001 })).toMatchObject({ ok: false, code: 'bad-request' });
  });
});
