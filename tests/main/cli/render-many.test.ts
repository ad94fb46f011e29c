/**
 * `castellan render` of several level files or of a pack: one picture per
 * level in a NEW folder, written all-or-nothing (built hidden beside it,
 * then moved into place); names from the files (`a.svg`) or from the pack
 * order and the titles (`01-level-1.svg`). The one-file form
 * `render FILE -o out.svg|png` stays.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { writeProvedPack } from '../services/export-fixtures.js';
import { captureIo } from './cli-io.js';

afterAll(() => cleanupTempDirs());

const PNG = [0x89, 0x50, 0x4e, 0x47];

describe('castellan render of several files', () => {
  const dir = tempDir('castellan-render-many-');
  writeFileSync(join(dir, 'a.level.json'), json(twoMoveLevel({ meta: { title: 'A' } })));
  writeFileSync(join(dir, 'b.level.json'), json(twoMoveLevel({ meta: { title: 'B' }, walls: ['b1'] })));
  mkdirSync(join(dir, 'other'));
  writeFileSync(join(dir, 'other', 'a.level.json'), json(twoMoveLevel({ meta: { title: 'Other A' } })));

  it('render A B -o DIR --format png: one PNG per file, named after it, in a new folder', async () => {
    const out = join(dir, 'pngs');
    const io = captureIo();
    expect(await runCli(['render', join(dir, 'a.level.json'), join(dir, 'b.level.json'), '-o', out, '--format', 'png'], io)).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['a.png', 'b.png']);
    for (const f of ['a.png', 'b.png']) expect([...readFileSync(join(out, f)).subarray(0, 4)]).toEqual(PNG);
    expect(io.stdout).toContain('wrote 2 pictures');
  });

  it('files with the same name get distinct pictures (a.svg, a-2.svg); SVG is the default', async () => {
    const out = join(dir, 'svgs');
    expect(await runCli(['render', join(dir, 'a.level.json'), join(dir, 'other', 'a.level.json'), '-o', out], captureIo())).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['a-2.svg', 'a.svg']);
    expect(readFileSync(join(out, 'a-2.svg'), 'utf8')).toContain('Other A');
  });

  it('one unreadable file writes nothing (exit 1)', async () => {
    const out = join(dir, 'none');
    const io = captureIo();
    expect(await runCli(['render', join(dir, 'a.level.json'), join(dir, 'missing.level.json'), '-o', out], io)).toBe(1);
    expect(io.stderr).toMatch(/^castellan: file-not-found: /m);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('an existing folder is never replaced, --force or not (exit 1, exists)', async () => {
    const out = join(dir, 'taken');
    mkdirSync(out);
    writeFileSync(join(out, 'keep.txt'), 'keep\n');
    for (const extra of [[], ['--force']]) {
      const io = captureIo();
      expect(await runCli(['render', join(dir, 'a.level.json'), join(dir, 'b.level.json'), '-o', out, ...extra], io)).toBe(1);
      expect(io.stderr).toMatch(/^castellan: exists: /);
    }
    expect(readdirSync(out)).toEqual(['keep.txt']);
  });

  it('several files into a *.svg name are refused (bad-output)', async () => {
    const io = captureIo();
    expect(await runCli(['render', join(dir, 'a.level.json'), join(dir, 'b.level.json'), '-o', join(dir, 'x.svg')], io)).toBe(1);
    expect(io.stderr).toMatch(/^castellan: bad-output: /);
    expect(existsSync(join(dir, 'x.svg'))).toBe(false);
  });
});

describe('castellan render of a pack', () => {
  it('render PACK -o DIR --format svg: one picture per level, named from the pack order and the title', async () => {
    const dir = tempDir('castellan-render-pack-');
    writeProvedPack(join(dir, 'p'), 12);
    const out = join(dir, 'pictures');
    expect(await runCli(['render', join(dir, 'p'), '-o', out, '--format', 'svg'], captureIo())).toBe(0);
    const names = readdirSync(out).sort();
    expect(names).toHaveLength(12);
    expect(names[0]).toBe('01-level-1.svg');
    expect(names[11]).toBe('12-level-12.svg');
    expect(readFileSync(join(out, '03-level-3.svg'), 'utf8')).toContain('Level 3');
  });

  it('render of a single-file pack (*.pack.json) as PNG', async () => {
    const dir = tempDir('castellan-render-pack-');
    writeProvedPack(join(dir, 'p'), 3);
    expect(await runCli(['pack', 'export', join(dir, 'p'), '-o', join(dir, 'p.pack.json')], captureIo())).toBe(0);
    const out = join(dir, 'pngs');
    expect(await runCli(['render', join(dir, 'p.pack.json'), '-o', out, '--format', 'png'], captureIo())).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['01-level-1.png', '02-level-2.png', '03-level-3.png']);
  });

  it('a pack with a level that does not load writes nothing (exit 1)', async () => {
    const dir = tempDir('castellan-render-pack-');
    writeProvedPack(join(dir, 'p'), 3);
    writeFileSync(join(dir, 'p', 'levels', '2.level.json'), '{ not json');
    const out = join(dir, 'pictures');
    const io = captureIo();
    expect(await runCli(['render', join(dir, 'p'), '-o', out], io)).toBe(1);
    expect(io.stderr).toContain('#2');
    expect(existsSync(out)).toBe(false);
  });

  it('--format must be svg or png', async () => {
    const dir = tempDir('castellan-render-pack-');
    writeProvedPack(join(dir, 'p'), 1);
    const io = captureIo();
    expect(await runCli(['render', join(dir, 'p'), '-o', join(dir, 'x'), '--format', 'gif'], io)).toBe(1);
    expect(io.stderr).toMatch(/^castellan: bad-output: /);
  });
});
