/**
 * The host survives a crashed solver worker (host side):
 * a save whose proof worker throws, exits or dies answers a coded error
 * (code `internal`, solve status `error` naming the crash), writes nothing,
 * offers no silent success, and the next save with a healthy worker works.
 * (The worker's own caps and cancellation are the solver's tests.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostError } from '../../../src-shared/host/contract.js';
import { createHostApi } from '../../../src-main/services/host-api.js';
import { resetSolveWorkerEntry, setSolveWorkerEntry } from '../../../src-main/services/solve-runner.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterEach(() => {
  resetSolveWorkerEntry();
  cleanupTempDirs();
});

const OLD = json(twoMoveLevel({ meta: { title: 'Before' } }));

function setup() {
  const dir = tempDir();
  writeFileSync(join(dir, 'a.level.json'), OLD);
  const api = createHostApi({
    kind: 'serve',
    resolvePath: (p) => (p === 'a.level.json' ? join(dir, p) : ({ ok: false, code: 'forbidden', message: 'no' } satisfies HostError)),
    listFiles: async () => [],
    recoveryDir: join(dir, 'rec'),
  });
  return { dir, api };
}

const crashes: [string, string, RegExp][] = [
  ['throws while loading', 'throw-on-load.mjs', /crashed|exploded/],
  ['exits without answering', 'exit-silently.mjs', /exited \(code 3\) without an answer/],
];

describe('a crashed solver worker through the HostApi', () => {
  for (const [what, fixture, message] of crashes) {
    it(`a worker that ${what}: coded error, file untouched, the host keeps serving`, async () => {
      const { dir, api } = setup();
      setSolveWorkerEntry(new URL(`../fixtures/workers/${fixture}`, import.meta.url));
      const r = await api.save({ path: 'a.level.json', document: twoMoveLevel({ meta: { title: 'After' } }) });
      expect(r).toMatchObject({ ok: false, code: 'internal', draftAllowed: true, solve: { status: 'error' } });
      if (!r.ok) expect(r.solve?.message ?? '').toMatch(message);
      expect(readFileSync(join(dir, 'a.level.json'), 'utf8')).toBe(OLD);
      // Work is not lost meanwhile: autosave and startup still answer.
      expect(await api.autosave({ docId: 'd', document: twoMoveLevel() })).toMatchObject({ ok: true });
      expect(await api.startup({})).toMatchObject({ ok: true });
      resetSolveWorkerEntry();
      const again = await api.save({ path: 'a.level.json', document: twoMoveLevel({ meta: { title: 'After' } }) });
      expect(again).toMatchObject({ ok: true, draft: false, solve: { status: 'solved', length: 2 } });
    });
  }
});
