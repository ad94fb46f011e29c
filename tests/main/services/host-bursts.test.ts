/**
 * The host's loop under bursts and big documents (solve-host-api.ts,
 * save-pipeline.ts): the editor starts a dozen solves at once (tabs, the
 * live badge, a proof) and saves documents of several megabytes (a large
 * `editor` state). Structural checks, not timings (the timings live in
 * `npm run bench:packs`):
 * - each `solveStart` checks its document in a turn of the event loop of its
 *   own, so twelve starts arriving together are not one long block (a timer
 *   queued before them runs before the first level reaches the pool);
 * - what is sent to a solve worker (cloned on the host's thread) leaves out
 *   the `editor` state and the stored `solution`: a 4.8 MB save clones a few
 *   hundred bytes, not 4.8 MB;
 * - the save's answer is the document written, editor state included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostApi, HostError } from '../../../src-shared/host/contract.js';
import type { Level } from '../../../src-shared/model/level.js';
import { createHostApi } from '../../../src-main/services/host-api.js';
import { createSolveHostApi } from '../../../src-main/services/solve-host-api.js';
import type { PoolJobOptions } from '../../../src-main/services/solve-pool.js';
import type { WorkerSolveOutcome } from '../../../src-main/services/solve-runner.js';
import { cleanupTempDirs, TWO_MOVE_SOLUTION, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

/** A stand-in solve pool that logs what it receives and answers the two-step solve of twoMoveLevel (helpers.ts, hand-worked). */
class LoggingPool {
  readonly size = 2;
  readonly received: Level[] = [];
  constructor(private readonly log: string[] = []) {}
  solve(level: Level, opts: PoolJobOptions = {}): Promise<WorkerSolveOutcome> {
    void opts;
    this.log.push('solve');
    this.received.push(level);
    return Promise.resolve({ result: { status: 'solved', length: 2, moves: [...TWO_MOVE_SOLUTION], states: 3, optimal: true }, ms: 1 });
  }
}

/** A Codex blueprint with `n` numbers of editor state (about 8 bytes each). */
function codexWithEditor(k: number, n: number): Record<string, unknown> {
  const doc = JSON.parse(
    readFileSync(new URL(`../../../resources/packs/citadel-codex/levels/${String(k).padStart(2, '0')}-blueprint.level.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  return { ...doc, editor: { samples: Array.from({ length: n }, (_, i) => 1_000_000 + i) } };
}

describe('a burst of solve starts', () => {
  it('twelve solveStart at once: each checks its document in a turn of its own (a timer queued first runs before any level reaches the pool)', async () => {
    const log: string[] = [];
    const pool = new LoggingPool(log);
    const api = createSolveHostApi({ pool: () => pool });
    const docs = Array.from({ length: 12 }, (_, i) => codexWithEditor(38 + i, 20_000));
    setImmediate(() => log.push('timer'));
    const started = await Promise.all(docs.map((document) => api.solveStart({ document, purpose: 'proof' })));
    expect(started.every((r) => r.ok)).toBe(true);
    expect(log[0]).toBe('timer');
    expect(log.filter((e) => e === 'solve')).toHaveLength(12);
  });

  it('the pool receives each level without its editor state and stored solution', async () => {
    const pool = new LoggingPool();
    const api = createSolveHostApi({ pool: () => pool });
    const r = await api.solveStart({ document: codexWithEditor(1, 50_000) });
    expect(r.ok).toBe(true);
    expect(pool.received).toHaveLength(1);
    const sent = pool.received[0]!;
    expect('editor' in sent).toBe(false);
    expect('solution' in sent).toBe(false);
    expect(JSON.stringify(sent).length).toBeLessThan(5_000);
  });
});

describe('a 4.8 MB save', () => {
  it('solves a level without its 4.8 MB of editor state, and answers the document written, editor state included', async () => {
    const dir = tempDir();
    const pool = new LoggingPool();
    const api: HostApi = createHostApi({
      kind: 'serve',
      resolvePath: (p) => (/^[a-z0-9-]+\.level\.json$/.test(p) ? join(dir, p) : ({ ok: false, code: 'forbidden', message: 'no' } satisfies HostError)),
      listFiles: async () => [],
      solveTimeMs: 20_000,
      saveSolver: pool,
    });
    const document = { ...twoMoveLevel(), editor: { samples: Array.from({ length: 600_000 }, (_, i) => 1_000_000 + i) } };
    expect(JSON.stringify(document).length).toBeGreaterThan(4_800_000);
    const saved = await api.save({ path: 'big.level.json', document });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(pool.received).toHaveLength(1);
    expect('editor' in pool.received[0]!).toBe(false);
    expect(JSON.stringify(pool.received[0]).length).toBeLessThan(1_000);
    expect(saved.document.editor).toEqual(document.editor);
    expect(saved.document.solution?.moves).toEqual(TWO_MOVE_SOLUTION);
    const onDisk = JSON.parse(readFileSync(join(dir, 'big.level.json'), 'utf8')) as Level;
    expect(onDisk).toEqual(saved.document);
  }, 60_000);
});
