/**
 * The renderer's job worker (workers/job-handler.ts, the solve when the host
 * has no solve methods) posts an unsolvable answer with its why.
 */
import { describe, expect, it } from 'vitest';
import { handleJob, hintMemoFor } from '../../../src-renderer/workers/job-handler.js';
import type { JobMessage } from '../../../src-renderer/workers/job-protocol.js';
import { sampleLevel } from '../fixtures.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';

/** King a1 on 3 x 3, walls on its three neighbours a2, b1, b2 (UK-4: the king steps one square), portal c3. */
const walled: UnlockTheKingLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'Walled' },
  board: { width: 3, height: 3 },
  walls: ['a2', 'b1', 'b2'],
  portal: 'c3',
  pieces: [{ role: 'king', square: 'a1' }],
};

describe('job worker: why', () => {
  it('UK-5: a walled-in king is posted unsolvable with the walls as its why squares', () => {
    const posted: JobMessage[] = [];
    handleJob({ kind: 'solve', level: walled, caps: {} }, (m) => posted.push(m));
    const r = posted.find((m) => m.type === 'result');
    if (!r || r.type !== 'result') throw new Error('no result');
    const result = r.result as { status: string; why?: { code: string; squares: string[]; ruling: string } };
    expect(result.status).toBe('unsolvable');
    expect(result.why?.code).toBe('king-sealed');
    expect([...(result.why?.squares ?? [])].sort()).toEqual(['a2', 'b1', 'b2']);
  });
});

describe('hint memo of a kept worker (hintMemoFor)', () => {
  it('one memo per line start: the same map for the same start, a new one for another', () => {
    const a = sampleLevel();
    const m1 = hintMemoFor(a);
    m1.set('x', { distance: 1, next: null });
    expect(hintMemoFor(JSON.parse(JSON.stringify(a)))).toBe(m1);
    const other = { ...a, meta: { ...a.meta, title: 'another start' } };
    const m2 = hintMemoFor(other);
    expect(m2).not.toBe(m1);
    expect(m2.size).toBe(0);
  });
});
