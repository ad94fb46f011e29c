/**
 * `-o` chooses the export form by its name (CLI `pack export`, host
 * `packExport`): `*.pack.json` one file with the levels embedded, `*.pdf`
 * the printable PDF (the same as `pack pdf`), `*.html` the player web page
 * (its own test: tests/main/services/pack-export-html.test.ts), a name
 * without an extension a new folder; any other extension (`.txt`, `.json`,
 * `.zip`) is refused with the code `bad-output` (exit 1) and nothing is
 * created.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';
import { packHostOver, writeProvedPack } from '../services/export-fixtures.js';
import { captureIo } from './cli-io.js';

afterAll(() => cleanupTempDirs());

/** Pages of a PDF (pdfkit writes one `/Type /Page` object per page). */
function pages(bytes: Buffer): number {
  return bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}

describe('castellan pack export -o chooses the form by name', () => {
  const ws = tempDir('castellan-export-kind-');
  const pack = join(ws, 'p');
  writeProvedPack(pack, 3);

  it('-o codex.pdf writes the printable PDF (a file, as `pack pdf` draws it), not a folder', async () => {
    const out = join(ws, 'codex.pdf');
    const io = captureIo();
    expect(await runCli(['pack', 'export', pack, '-o', out], io)).toBe(0);
    expect(statSync(out).isFile()).toBe(true);
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // 3 levels: a title page, two diagram pages (two levels a page), the answer key.
    expect(pages(bytes)).toBe(4);
    const same = join(ws, 'same.pdf');
    expect(await runCli(['pack', 'pdf', pack, '-o', same], captureIo())).toBe(0);
    expect(pages(readFileSync(same))).toBe(4);
    expect(io.stdout).toContain('codex.pdf');
  });

  for (const name of ['codex.txt', 'codex.json', 'codex.zip', 'codex.level.json']) {
    it(`-o ${name} is refused with bad-output (exit 1), nothing is created`, async () => {
      const out = join(ws, name);
      const io = captureIo();
      expect(await runCli(['pack', 'export', pack, '-o', out], io)).toBe(1);
      expect(io.stderr).toMatch(/^castellan: bad-output: /);
      expect(io.stderr).toContain('.pack.json');
      expect(existsSync(out)).toBe(false);
    });
  }

  it('-o a name without an extension is a folder; *.pack.json one file', async () => {
    expect(await runCli(['pack', 'export', pack, '-o', join(ws, 'as-folder')], captureIo())).toBe(0);
    expect(readdirSync(join(ws, 'as-folder')).sort()).toEqual(['levels', 'pack.json']);
    expect(await runCli(['pack', 'export', pack, '-o', join(ws, 'one.pack.json')], captureIo())).toBe(0);
    expect(statSync(join(ws, 'one.pack.json')).isFile()).toBe(true);
  });

  it('pack pdf -o without .pdf is refused with bad-output', async () => {
    const io = captureIo();
    expect(await runCli(['pack', 'pdf', pack, '-o', join(ws, 'x.png')], io)).toBe(1);
    expect(io.stderr).toMatch(/^castellan: bad-output: /);
  });
});

describe('host packExport: out chooses the form by name', () => {
  it('out *.pdf writes the PDF; other extensions answer bad-request and create nothing', async () => {
    const ws = tempDir('castellan-export-kind-host-');
    writeProvedPack(join(ws, 'packs', 'p'), 3);
    const { api, close } = packHostOver(ws);
    try {
      const r = await api.packExport({ path: 'packs/p', out: 'codex.pdf' });
      expect(r).toMatchObject({ ok: true, out: 'codex.pdf', files: 1, levels: 3 });
      expect(statSync(join(ws, 'codex.pdf')).isFile()).toBe(true);
      expect(pages(readFileSync(join(ws, 'codex.pdf')))).toBe(4);
      for (const out of ['codex.txt', 'codex.json']) {
        const bad = await api.packExport({ path: 'packs/p', out });
        expect(bad).toMatchObject({ ok: false, code: 'bad-request' });
        expect(existsSync(join(ws, out))).toBe(false);
      }
      expect(await api.packExport({ path: 'packs/p', out: 'codex.pdf' })).toMatchObject({ ok: false, code: 'conflict' });
    } finally {
      await close();
    }
  });
});
