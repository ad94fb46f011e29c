/**
 * The host solve methods (solve-host-api.ts) hand an unsolvable answer's
 * why to the editor unchanged: the pool's result is the poll's result, and
 * a real worker's answer keeps its why across the thread boundary; a save
 * refused as unsolvable names the cause in its issue.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveLevelFile } from '../../../src-main/services/save-pipeline.js';
import { createSolveHostApi } from '../../../src-main/services/solve-host-api.js';
import { SolvePool } from '../../../src-main/services/solve-pool.js';
import type { SolvePoolLike } from '../../../src-main/services/solve-runner.js';
import type { UnsolvableWhy } from '../../../src-shared/solver/types.js';
import { boxedInLevel } from '../helpers.js';

const sealed: UnsolvableWhy = {
  code: 'king-sealed',
  message: 'The king is walled in: the portal lies outside its region.',
  squares: ['b1', 'b2', 'a2'],
  ruling: 'UK-6',
};

describe('host solve: why', () => {
  it('UK-6: solvePoll answers the why the pool produced, field for field', async () => {
    const pool: SolvePoolLike = { solve: async () => ({ result: { status: 'unsolvable', states: 2, why: sealed }, ms: 1 }) };
    const a = createSolveHostApi({ pool: () => pool });
    const s = await a.solveStart({ document: boxedInLevel() });
    if (!s.ok) throw new Error(s.message);
    let done: Awaited<ReturnType<typeof a.solvePoll>> | undefined;
    for (let i = 0; i < 100; i++) {
      done = await a.solvePoll({ jobId: s.jobId });
      if (!done.ok || done.state === 'done') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(done?.ok && done.state === 'done' && done.result).toEqual({ status: 'unsolvable', states: 2, why: sealed });
  });
});

let pool: SolvePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('host solve in the worker pool: why', () => {
  it('UK-5: a king on a1 walled in by a2, b1 and b2 answers unsolvable with those three squares', async () => {
    pool = new SolvePool({ size: 1 });
    const a = createSolveHostApi({ pool: () => pool! });
    const s = await a.solveStart({ document: boxedInLevel() });
    if (!s.ok) throw new Error(s.message);
    let done: Awaited<ReturnType<typeof a.solvePoll>> | undefined;
    for (let i = 0; i < 400; i++) {
      done = await a.solvePoll({ jobId: s.jobId });
      if (!done.ok || done.state === 'done') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    if (!done?.ok || done.state !== 'done' || done.result.status !== 'unsolvable') throw new Error(`not unsolvable: ${JSON.stringify(done)}`);
    const why = done.result.why;
    expect(why?.code).toBe('king-sealed');
    expect(why?.ruling).toBe('UK-5');
    // The king's three neighbours (UK-4: one step), all walls.
    expect([...(why?.squares ?? [])].sort()).toEqual(['a2', 'b1', 'b2']);
  });
});

describe('save of an unsolvable level: why', () => {
  it('UK-5: the refusal’s issue carries the cause, the walls’ squares and the ruling', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'castellan-why-'));
    try {
      const r = await saveLevelFile(join(dir, 'boxed.level.json'), boxedInLevel());
      if (r.ok) throw new Error('saved an unsolvable level');
      const i = r.issues?.find((x) => x.code === 'level-unsolvable');
      expect(i?.ruling).toBe('UK-5');
      expect([...(i?.squares ?? [])].sort()).toEqual(['a2', 'b1', 'b2']);
      expect(i?.message).toContain('a1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
