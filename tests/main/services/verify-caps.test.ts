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
  it('host pack Verify: six levels of 400 ms on one worker under a 1200 ms cap: none ends in limit', async () => {
    setSolveWorkerEntry(fixture);
    const ws = workspaceWithPack(6, 400);
    const w = openWorkspace(ws);
    if ('ok' in w) throw new Error(w.message);
    pool = new SolvePool({ size: 1 });
    const ctx: HostContext = {
      kind: 'serve',
      resolvePath: (p, forWrite) => serveResolvePath(w, p, forWrite),
      confinedWrites: true,
      pool: () => pool!,
      solveTimeMs: 1200,
      maxStates: 1_000_000,
    };
    const api = createPackHostApi(ctx, { suggestMs: 1000 });
    const s = ok(await api.packVerifyStart({ path: 'packs/p' }));
    let last: PackVerifyPollAnswer | undefined;
    for (let i = 0; i < 400 && last?.state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      last = ok(await api.packVerifyPoll({ jobId: s.jobId }));
    }
    expect(last?.state).toBe('done');
    expect(last!.rows.filter((r) => r.status === 'limit').map((r) => r.name)).toEqual([]);
  });

  it('castellan pack verify --time-ms: five levels of 400 ms on one worker under a 1200 ms cap: none ends in limit', async () => {
    setSolveWorkerEntry(fixture);
    const ws = workspaceWithPack(5, 400);
    const loaded = await loadPack(join(ws, 'packs/p'));
    if (!loaded.ok) throw new Error(loaded.message);
    const rows = await verifyPack(loaded.value, { timeMs: 1200, poolSize: 1 });
    expect(rows.filter((r) => r.status === 'limit').map((r) => r.name)).toEqual([]);
  });

  it('castellan solve A B C --time-ms: four waves of 400 ms levels on the pool under a 1000 ms cap all solve; ms is each own solve', async () => {
    setSolveWorkerEntry(fixture);
    const dir = tempDir('castellan-caps-solve-');
    const n = 4 * Math.max(1, availableParallelism());
    const files = Array.from({ length: n }, (_, k) => {
      const f = join(dir, `${k}.level.json`);
      writeFileSync(f, json(timed(400, k)));
      return f;
    });
    const io = captureIo();
    await runCli(['solve', '--json', '--time-ms', '1000', ...files], io);
    const objs = io.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: string; ms: number });
    expect(objs).toHaveLength(n);
    expect(objs.filter((o) => o.status !== 'solved')).toEqual([]);
    for (const o of objs) expect(o.ms).toBeLessThan(1000);
  });

  it('castellan prove A B C --time-ms (the save pipeline on the pool): four waves of 400 ms levels under a 1000 ms cap are all proved', async () => {
    setSolveWorkerEntry(fixture);
    const dir = tempDir('castellan-caps-prove-');
    const n = 4 * Math.max(1, availableParallelism());
    const files = Array.from({ length: n }, (_, k) => {
      const f = join(dir, `${k}.level.json`);
      writeFileSync(f, json(timed(400, k)));
      return f;
    });
    const io = captureIo();
    const code = await runCli(['prove', '--time-ms', '1000', ...files], io);
    const lines = io.stdout.trim().split('\n');
    expect(lines.filter((l) => !/: proved, optimal 1 move/.test(l))).toEqual([]);
    expect(lines).toHaveLength(n);
    expect(code).toBe(0);
  });
});
