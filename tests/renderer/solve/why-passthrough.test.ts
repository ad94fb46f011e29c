/**
 * An unsolvable answer's why travels unchanged from the host solve to the
 * editor (solve/host-solve-client.ts), and the live badge keeps it as one
 * line for its tooltip (app/live-solve.ts `liveStatusOf`), and so does the
 * save's draft dialog for a proof that found the level unsolvable.
 */
import { describe, expect, it } from 'vitest';
import type { HostApi } from '../../../src-shared/host/contract.js';
import type { Level } from '../../../src-shared/model/level.js';
import type { UnsolvableWhy } from '../../../src-shared/solver/types.js';
import { startHostSolve } from '../../../src-renderer/solve/host-solve-client.js';
import { liveStatusOf } from '../../../src-renderer/app/live-solve.js';
import { proofFailure } from '../../../src-renderer/app/document-save.svelte.js';

const level = { format: 'castellan.level', version: 1, ruleset: 'chess-maze' } as unknown as Level;
const keyless: UnsolvableWhy = {
  code: 'lock-never-opens',
  message: 'The red lock on d4 never opens (no red key), and every route to the finish passes it.',
  squares: ['d4'],
  ruling: 'CM-7',
};

describe('why through the host solve', () => {
  it('CM-7: the why of a polled unsolvable answer arrives field for field', async () => {
    // As the serve host answers over HTTP: the poll answer after a JSON round trip.
    const answer = JSON.parse(
      JSON.stringify({
        ok: true,
        jobId: 'j1',
        state: 'done',
        result: { status: 'unsolvable', states: 40, why: { ...keyless, optimumWithoutLimit: 9, refutations: [{ move: 'a', defence: 'b' }] } },
        ms: 4,
      }),
    ) as unknown;
    const api = {
      solveStart: async () => ({ ok: true as const, jobId: 'j1' }),
      solvePoll: async () => answer,
      solveCancel: async () => ({ ok: true as const, jobId: 'j1', cancelled: true }),
    } as unknown as Required<Pick<HostApi, 'solveStart' | 'solvePoll' | 'solveCancel'>>;
    const o = await startHostSolve(
      api,
      level,
      () => undefined,
      {},
      0,
      () => Promise.resolve(),
    ).promise;
    expect(o.kind).toBe('result');
    if (o.kind !== 'result' || o.result.status !== 'unsolvable') throw new Error('not unsolvable');
    expect(o.result.why).toEqual({ ...keyless, optimumWithoutLimit: 9, refutations: [{ move: 'a', defence: 'b' }] });
  });
});

describe('live badge status of an unsolvable answer', () => {
  it('CM-7: keeps the why as "<message> (<ruling>)" on one line', () => {
    expect(liveStatusOf({ status: 'unsolvable', states: 40, why: keyless })).toEqual({
      kind: 'unsolvable',
      states: 40,
      why: 'The red lock on d4 never opens (no red key), and every route to the finish passes it. (CM-7)',
    });
  });

  it('an unsolvable answer without why has no why line', () => {
    expect(liveStatusOf({ status: 'unsolvable', states: 3 })).toEqual({ kind: 'unsolvable', states: 3 });
  });
});

describe('save proof of an unsolvable level', () => {
  it('CM-7: the draft dialog names the cause in one line with its ruling', () => {
    const f = proofFailure({ kind: 'result', result: { status: 'unsolvable', states: 40, why: keyless }, ms: 12 }, 12, { states: 40 });
    expect(f).toMatchObject({ code: 'unsolvable', draftAllowed: true });
    expect(f?.message).toBe(
      'The solver proved that the level has no solution: The red lock on d4 never opens (no red key), and every route to the finish passes it. (CM-7)',
    );
    // The issue the dialog lists: the cause with its squares and ruling.
    expect(f?.issues).toEqual([{ severity: 'error', code: 'level-unsolvable', message: keyless.message, squares: ['d4'], square: 'd4', ruling: 'CM-7' }]);
  });
});
