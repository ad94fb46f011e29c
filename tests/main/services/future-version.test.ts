/**
 * A file from an unknown future format version is refused with a clear
 * message through every door: the HostApi (open, save, backups) and the
 * command line (validate, solve --json). Nothing is half-loaded or written.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostError } from '../../../src-shared/host/contract.js';
import { createHostApi } from '../../../src-main/services/host-api.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

afterAll(() => cleanupTempDirs());

const FUTURE = fileURLToPath(new URL('../../fixtures/format/future/', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));

function workspace(): string {
  const dir = tempDir();
  copyFileSync(join(FUTURE, 'v2-unlock-the-king.level.json'), join(dir, 'v2.level.json'));
  copyFileSync(join(FUTURE, 'v99-chess-maze.level.json'), join(dir, 'v99.level.json'));
  return dir;
}

function api(dir: string) {
  return createHostApi({
    kind: 'serve',
    resolvePath: (p) => (/^[a-z0-9-]+\.level\.json$/.test(p) ? join(dir, p) : ({ ok: false, code: 'forbidden', message: 'no' } satisfies HostError)),
    listFiles: async () => [],
    recoveryDir: join(dir, 'rec'),
  });
}

describe('future format versions through the host', () => {
  it('open answers parse with format-version-unsupported and a message naming both versions', async () => {
    const dir = workspace();
    for (const [file, v] of [
      ['v2.level.json', 2],
      ['v99.level.json', 99],
    ] as const) {
      const r = await api(dir).open({ path: file });
      expect(r).toMatchObject({ ok: false, code: 'parse' });
      if (r.ok) continue;
      expect(r.message).toMatch(new RegExp(`format version ${v}, newer than this Castellan understands \\(up to version 1\\)`));
      expect(r.issues).toEqual([expect.objectContaining({ code: 'format-version-unsupported', pointer: '/version' })]);
    }
  });

  it('save of a future-version document answers invalid (no draft offered) and writes nothing', async () => {
    const dir = workspace();
    const before = readFileSync(join(dir, 'v2.level.json'), 'utf8');
    const doc = JSON.parse(before);
    const r = await api(dir).save({ path: 'v2.level.json', document: doc, allowDraft: true });
    expect(r).toMatchObject({ ok: false, code: 'invalid', draftAllowed: false });
    if (!r.ok) expect(r.issues?.[0]?.code).toBe('format-version-unsupported');
    expect(readFileSync(join(dir, 'v2.level.json'), 'utf8')).toBe(before);
  });
});

describe('future format versions through the command line', () => {
  function run(dir: string, ...args: string[]) {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  it('validate: exit 1, the file line names format-version-unsupported and the versions', () => {
    const dir = workspace();
    const r = run(dir, 'validate', 'v2.level.json');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^v2\.level\.json: error format-version-unsupported .*format version 2, newer than this Castellan understands/m);
    expect(r.stdout).not.toMatch(/v2\.level\.json: ok/);
  });

  it('solve --json: exit 1, status invalid with the error code', () => {
    const dir = workspace();
    const r = run(dir, 'solve', 'v99.level.json', '--json');
    expect(r.code).toBe(1);
    const o = JSON.parse(r.stdout) as { status: string; errors: { code: string }[] };
    expect(o.status).toBe('invalid');
    expect(o.errors.map((e) => e.code)).toEqual(['format-version-unsupported']);
  });
});
