/**
 * The `tree` job of the worker protocol (job-handler.ts): the level's
 * ruleset module builds the solution tree (KV-8); rulesets without trees and
 * problems without a win answer `invalid` with codes.
 */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel } from '../../../src-shared/model/level.js';
import { handleJob } from '../../../src-renderer/workers/job-handler.js';
import type { Job, JobMessage } from '../../../src-renderer/workers/job-protocol.js';
import { sampleLevel } from '../fixtures.js';

// White Kc1, Sc4; Black Ka5, "win in 1": Kc1-c3 slides c2, c3 and stops before the soldier on c4, on the
// valley (KV-5); no other move wins at once (hand-worked in tests/shared/rulesets/kings-valley/engine.test.ts).
const KV_WIN_IN_1: KingsValleyLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'kings-valley',
  meta: { title: 't' },
  board: { width: 5, height: 5 },
  pieces: [
    { role: 'king', side: 'white', square: 'c1' },
    { role: 'soldier', side: 'white', square: 'c4' },
    { role: 'king', side: 'black', square: 'a5' },
  ],
  sideToMove: 'white',
  goal: { type: 'win-in', moves: 1 },
};

const run = (job: Job): JobMessage[] => {
  const out: JobMessage[] = [];
  handleJob(job, (m) => out.push(m));
  return out;
};

describe('tree job', () => {
  it('KV-8: the tree of a win in 1 is the key alone (no defences, no threat)', () => {
    const out = run({ kind: 'tree', level: KV_WIN_IN_1 });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ type: 'result', result: { n: 1, key: { lan: 'Kc1-c3' }, keys: ['Kc1-c3'], variations: [], threat: null } });
  });

  it('KV-8: no win in N, and a ruleset without trees, answer invalid with codes', () => {
    const blocked = { ...KV_WIN_IN_1, pieces: KV_WIN_IN_1.pieces.filter((p) => p.square !== 'c4') };
    expect(run({ kind: 'tree', level: blocked })[0]).toMatchObject({ type: 'invalid', issues: [{ code: 'tree-no-win' }] });
    expect(run({ kind: 'tree', level: sampleLevel() })[0]).toMatchObject({ type: 'invalid', issues: [{ code: 'tree-unsupported' }] });
  });
});
