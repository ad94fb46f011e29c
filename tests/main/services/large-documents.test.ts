/**
 * Heavy save bodies: a document whose written form is over the level file
 * limit (MAX_LEVEL_FILE_BYTES, the limit of open and `validate`) is refused
 * before any proof and nothing is written, so no saved file is one that
 * cannot be reopened; a large but allowed document still saves and reopens.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostApi, HostError } from '../../../src-shared/host/contract.js';
import { createHostApi } from '../../../src-main/services/host-api.js';
import { MAX_LEVEL_FILE_BYTES } from '../../../src-main/services/level-files.js';
import { cleanupTempDirs, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

function makeApi(): { api: HostApi; dir: string } {
  const dir = tempDir();
  const api = createHostApi({
    kind: 'serve',
    resolvePath: (p) => (/^[a-z0-9-]+\.level\.json$/.test(p) ? join(dir, p) : ({ ok: false, code: 'forbidden', message: 'no' } satisfies HostError)),
    listFiles: async () => [],
    solveTimeMs: 20_000,
  });
  return { api, dir };
}

/** A solvable level whose `editor` holds `n` one-digit numbers (about 2n bytes of compact JSON). */
function withEditorNumbers(n: number): Record<string, unknown> {
  return { ...twoMoveLevel(), editor: { samples: Array.from({ length: n }, (_, i) => i % 10) } };
}

/** A solvable level whose `editor` holds `n` seven-digit numbers (about 8n bytes of compact JSON). */
function withEditorBigNumbers(n: number): Record<string, unknown> {
  return { ...twoMoveLevel(), editor: { samples: Array.from({ length: n }, (_, i) => 1_000_000 + i) } };
}

describe('huge editor bodies are refused before solving or writing', () => {
  it('a body whose editor holds 8x10^5 seven-digit numbers (about 6.4 MB written) answers invalid / level-too-large quickly, nothing written', async () => {
    const { api, dir } = makeApi();
    const started = Date.now();
    const save = api.save({ path: 'big.level.json', document: withEditorBigNumbers(800_000) });
    let probeMs: number | undefined;
    const probe = api.startup({}).then((r) => {
      expect(r.ok).toBe(true);
      probeMs = Date.now() - started;
    });
    const r = await save;
    const saveMs = Date.now() - started;
    await probe;
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe('invalid');
    expect(r.draftAllowed).toBe(false);
    expect(r.message).toContain(String(MAX_LEVEL_FILE_BYTES));
    expect(r.issues?.map((i) => i.code)).toEqual(['level-too-large']);
    expect(r.solve).toBeUndefined(); // refused before any proof
    expect(existsSync(join(dir, 'big.level.json'))).toBe(false);
    expect(saveMs).toBeLessThan(4_000);
    expect(probeMs).toBeDefined();
    expect(probeMs!).toBeLessThanOrEqual(saveMs);
  }, 30_000);

  it('the 2 MB body whose editor holds 10^6 numbers is written at about its compact size (not 9 MB), and reopens', async () => {
    const { api, dir } = makeApi();
    const doc = withEditorNumbers(1_000_000);
    const compact = JSON.stringify(doc).length;
    const saved = await api.save({ path: 'big.level.json', document: doc });
    expect(saved.ok).toBe(true);
    const size = statSync(join(dir, 'big.level.json')).size;
    expect(size).toBeLessThan(compact * 1.05);
    const opened = await api.open({ path: 'big.level.json' });
    expect(opened.ok).toBe(true);
    if (opened.ok) expect(opened.document.editor).toEqual(doc.editor);
  }, 60_000);

  it('the same body as a draft is refused too (a draft that cannot be reopened is no draft)', async () => {
    const { api, dir } = makeApi();
    const r = await api.save({ path: 'big.level.json', document: withEditorBigNumbers(800_000), allowDraft: true, noProof: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('invalid');
    expect(existsSync(join(dir, 'big.level.json'))).toBe(false);
  }, 30_000);

  it('a 1 MB editor (under the limit once written) still saves with its proof and reopens', async () => {
    const { api } = makeApi();
    const doc = { ...twoMoveLevel(), editor: { samples: Array.from({ length: 350_000 }, (_, i) => i % 100) } };
    expect(JSON.stringify(doc).length).toBeGreaterThan(1_000_000);
    const saved = await api.save({ path: 'large.level.json', document: doc });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.solve.status).toBe('solved');
    const opened = await api.open({ path: 'large.level.json' });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.document.editor).toEqual(doc.editor);
    expect(opened.document.solution?.length).toBe(2);
  }, 60_000);
});
