/**
 * level-files.ts: opening level files (errors in a level do not prevent opening).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLevelFile } from '../../../src-main/services/level-files.js';
import { cleanupTempDirs, json, tempDir, twoKingsLevel, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

describe('openLevelFile', () => {
  it('opens a valid level with no error issues', async () => {
    const p = join(tempDir(), 'a.level.json');
    writeFileSync(p, json(twoMoveLevel()));
    const r = await openLevelFile(p);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.path).toBe(p);
    expect(r.document).toEqual(twoMoveLevel());
    expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('tolerates a UTF-8 BOM', async () => {
    const p = join(tempDir(), 'bom.level.json');
    writeFileSync(p, '\ufeff' + json(twoMoveLevel()));
    expect((await openLevelFile(p)).ok).toBe(true);
  });

  it('UK-2 a level that breaks builder rules still opens, with its issues', async () => {
    const p = join(tempDir(), 'kings.level.json');
    writeFileSync(p, json(twoKingsLevel()));
    const r = await openLevelFile(p);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.issues).toContainEqual(expect.objectContaining({ severity: 'error', code: 'uk-king-count' }));
  });

  it('a file that is not JSON answers parse with a json-syntax issue', async () => {
    const p = join(tempDir(), 'bad.level.json');
    writeFileSync(p, '{ "format": ');
    const r = await openLevelFile(p);
    expect(r).toMatchObject({ ok: false, code: 'parse' });
    if (!r.ok) expect(r.issues?.[0]?.code).toBe('json-syntax');
  });

  it('JSON that is not a level answers parse with issues', async () => {
    const p = join(tempDir(), 'other.level.json');
    writeFileSync(p, '{"name": "package"}');
    const r = await openLevelFile(p);
    expect(r).toMatchObject({ ok: false, code: 'parse' });
    if (!r.ok) expect(r.issues?.length).toBeGreaterThan(0);
  });

  it('a missing file answers not-found', async () => {
    expect(await openLevelFile(join(tempDir(), 'missing.level.json'))).toMatchObject({ ok: false, code: 'not-found' });
  });
});
