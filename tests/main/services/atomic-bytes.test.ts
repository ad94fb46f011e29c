/**
 * The verified atomic write (atomic-file.ts `writeFileVerified`) for bytes
 * (PNG pictures, PDFs) as for text, and its `noReplace` and `checkTemp`
 * options used by exports and renders: one writer for every output, never
 * replacing a file that appeared meanwhile.
 */
import { promises as fsp, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { writeFileVerified } from '../../../src-main/services/atomic-file.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

afterEach(() => vi.restoreAllMocks());
afterAll(() => cleanupTempDirs());

/** Bytes that are not valid UTF-8 (a PNG signature and a lone 0xff): text handling would change them. */
const BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0xfe, 0x80]);

describe('bytes', () => {
  it('writes a Uint8Array view (with an offset) byte for byte and verifies it', async () => {
    const dir = tempDir();
    const view = BYTES.subarray(2, 11);
    const r = await writeFileVerified(join(dir, 'x.png'), view, { confineDir: true });
    expect(r).toEqual({ ok: true, bytes: 9 });
    expect([...readFileSync(join(dir, 'x.png'))]).toEqual([...view]);
  });

  it('bytes changed on disk before the check answer verify-failed and leave nothing', async () => {
    const dir = tempDir();
    const r = await writeFileVerified(join(dir, 'x.png'), BYTES, { afterTempWrite: (t) => writeFileSync(t, Buffer.from('other')) });
    expect(r).toMatchObject({ ok: false });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('noReplace', () => {
  it('an existing file is a conflict and stays as it was', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.pdf'), 'theirs');
    expect(await writeFileVerified(join(dir, 'a.pdf'), BYTES, { noReplace: true, label: 'a.pdf' })).toMatchObject({ ok: false, code: 'conflict' });
    expect(readFileSync(join(dir, 'a.pdf'), 'utf8')).toBe('theirs');
  });

  it('a file created after the temp file was written is not replaced: conflict, theirs intact, no temp left', async () => {
    const dir = tempDir();
    const target = join(dir, 'a.pdf');
    const r = await writeFileVerified(target, BYTES, { noReplace: true, confineDir: true, afterTempWrite: () => writeFileSync(target, 'theirs') });
    expect(r).toMatchObject({ ok: false, code: 'conflict' });
    expect(readFileSync(target, 'utf8')).toBe('theirs');
    expect(readdirSync(dir)).toEqual(['a.pdf']);
  });

  it('a file system without hard links: checked, then renamed; no temp file left', async () => {
    const dir = tempDir();
    vi.spyOn(fsp, 'link').mockRejectedValue(Object.assign(new Error('EPERM: no hard links here'), { code: 'EPERM' }));
    expect(await writeFileVerified(join(dir, 'a.pdf'), BYTES, { noReplace: true })).toMatchObject({ ok: true });
    expect([...readFileSync(join(dir, 'a.pdf'))]).toEqual([...BYTES]);
    expect(readdirSync(dir)).toEqual(['a.pdf']);
  });
});

describe('checkTemp', () => {
  it('sees the verified bytes; a refusal is the answer and nothing is placed', async () => {
    const dir = tempDir();
    let seen: number[] = [];
    const r = await writeFileVerified(join(dir, 'a.pack.json'), 'text\n', {
      checkTemp: (b) => {
        seen = [...b];
        return { ok: false, code: 'verify-failed', message: 'does not load' };
      },
    });
    expect(r).toEqual({ ok: false, code: 'verify-failed', message: 'does not load' });
    expect(seen).toEqual([...Buffer.from('text\n')]);
    expect(readdirSync(dir)).toEqual([]);
  });
});
