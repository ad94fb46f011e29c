/**
 * `solve`, `prove`, `render` and `pack pdf` error lines carry a code, the
 * one `validate` prints for the same failure (`castellan: <code>: <message>`),
 * and an output path in a missing folder is refused up front, naming the
 * folder, with exit 1 (invalid input, LEVEL-FORMAT-v1 "Exit codes"), never a
 * raw ENOENT from the write.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo as capture } from './cli-io.js';

afterAll(() => cleanupTempDirs());

describe('CLI error lines carry a code', () => {
  const dir = tempDir('castellan-errcodes-');
  const level = join(dir, 'walk.level.json');
  writeFileSync(level, json(twoMoveLevel()));
  const broken = join(dir, 'broken.level.json');
  writeFileSync(broken, '{"format": ');
  const missing = join(dir, 'missing.level.json');

  it('render -o into a missing folder: folder-not-found naming the folder, exit 1, nothing created', async () => {
    const out = join(dir, 'no', 'such', 'out.svg');
    const io = capture();
    expect(await runCli(['render', level, '-o', out], io)).toBe(1);
    expect(io.stderr).toBe(`castellan: folder-not-found: Cannot write ${out}: the folder ${join(dir, 'no', 'such')} does not exist (create it first).\n`);
    expect(io.stderr).not.toContain('ENOENT');
    expect(existsSync(join(dir, 'no'))).toBe(false);
  });

  it('render -o under a file: not-a-folder, exit 1', async () => {
    const io = capture();
    expect(await runCli(['render', level, '-o', join(level, 'out.png')], io)).toBe(1);
    expect(io.stderr).toMatch(/^castellan: not-a-folder: Cannot write .*walk\.level\.json.* not a folder\.\n$/);
  });

  it('pack pdf -o into a missing folder: folder-not-found, exit 1', async () => {
    const pack = join(dir, 'pack');
    mkdirSync(pack);
    writeFileSync(join(pack, 'pack.json'), json({ format: 'castellan.pack', version: 1, title: 'P', ruleset: 'unlock-the-king', levels: [] }));
    const io = capture();
    expect(await runCli(['pack', 'pdf', pack, '-o', join(dir, 'gone', 'p.pdf')], io)).toBe(1);
    expect(io.stderr).toMatch(/^castellan: folder-not-found: .*gone.* does not exist/);
  });

  it('a missing input file: file-not-found, as validate prints it, for solve, prove and render', async () => {
    const v = capture();
    expect(await runCli(['validate', missing], v)).toBe(1);
    expect(v.stdout).toContain(': error file-not-found ');
    for (const args of [
      ['solve', missing],
      ['prove', missing],
      ['render', missing, '-o', join(dir, 'm.svg')],
    ]) {
      const io = capture();
      expect(await runCli(args, io), args[0]).toBe(1);
      expect(io.stderr, args[0]).toMatch(/^castellan: file-not-found: Could not read .*missing\.level\.json: the file does not exist/);
    }
  });

  it('a folder given as the level: file-unreadable for solve and prove', async () => {
    for (const cmd of ['solve', 'prove']) {
      const io = capture();
      expect(await runCli([cmd, dir], io), cmd).toBe(1);
      expect(io.stderr, cmd).toMatch(/^castellan: file-unreadable: Could not read .*: the path is a folder/);
    }
  });

  it('render of a file that is not JSON: json-syntax, the code validate prints', async () => {
    const io = capture();
    expect(await runCli(['render', broken, '-o', join(dir, 'b.svg')], io)).toBe(1);
    expect(io.stderr).toMatch(/^castellan: json-syntax: .*broken\.level\.json is not valid JSON/);
  });
});
