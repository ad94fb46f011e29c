/**
 * The renderer worker's job handler (job-handler.ts) serves a fifth ruleset
 * registered by the test-only hook of tests/shared/rulesets/extra-ruleset.ts
 * (the registry module replaced; nothing else edited): the solve job finds
 * its module, an engine job says it has no engine, and an id no module has
 * answers `ruleset-unsupported`.
 *
 * Hand-worked yard (CR-1, CR-3): 4 x 4, pusher a1, crates b1 b2 b3; the one
 * shortest walk to d4 is up the a-file and along the top (6 steps).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Level } from '../../../src-shared/model/level.js';
import { handleJob } from '../../../src-renderer/workers/job-handler.js';
import type { Job, JobMessage } from '../../../src-renderer/workers/job-protocol.js';

vi.mock('../../../src-shared/rulesets/registry.js', async (importOriginal) =>
  (await import('../../shared/rulesets/extra-ruleset.js')).registryWithCrates(importOriginal),
);

const WALK = ['Pa1-a2', 'Pa2-a3', 'Pa3-a4', 'Pa4-b4', 'Pb4-c4', 'Pc4-d4'];

const column = (ruleset = 'crates'): Level =>
  ({
    format: 'castellan.level',
    version: 1,
    ruleset,
    meta: { title: 'Column' },
    board: { width: 4, height: 4 },
    crates: ['b1', 'b2', 'b3'],
    pusher: { square: 'a1' },
  }) as unknown as Level;

const codes = (issues: readonly { code: string }[]): string[] => issues.map((i) => i.code);

function run(job: Job): JobMessage[] {
  const posted: JobMessage[] = [];
  handleJob(
    job,
    (m) => posted.push(m),
    () => 0,
  );
  return posted;
}

describe('a fifth ruleset in the registry: the worker job', () => {
  it('solve: the 6-step walk (CR-3); engine-move: engine-unsupported (it has no engine)', () => {
    const solved = run({ kind: 'solve', level: column() }).at(-1);
    expect(solved?.type === 'result' && solved.result).toMatchObject({ status: 'solved', length: 6, moves: WALK });
    const engine = run({ kind: 'engine-move', level: column(), moves: [] }).at(-1);
    expect(engine?.type === 'invalid' && codes(engine.issues)).toEqual(['engine-unsupported']);
  });

  it('an id no module has: ruleset-unsupported', () => {
    const m = run({ kind: 'engine-move', level: column('sokoban'), moves: [] }).at(-1);
    expect(m?.type === 'invalid' && codes(m.issues)).toEqual(['ruleset-unsupported']);
    const s = run({ kind: 'solve', level: column('sokoban') }).at(-1);
    const result = s?.type === 'result' ? (s.result as { status: string; issues?: { code: string }[] }) : undefined;
    expect(result?.status === 'invalid' && codes(result.issues ?? [])).toEqual(['ruleset-unsupported']);
  });
});
