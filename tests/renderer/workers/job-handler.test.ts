/**
 * The renderer's job worker (workers/job-handler.ts, the solve when the host
 * has no solve methods) posts an unsolvable answer with its why.
 */
import { describe, expect, it } from 'vitest';
import { handleJob } from '../../../src-renderer/workers/job-handler.js';
import type { JobMessage } from '../../../src-renderer/workers/job-protocol.js';
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
