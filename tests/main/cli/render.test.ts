/** `castellan render FILE -o OUT.svg|png`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo as capture } from './cli-io.js';

afterAll(() => cleanupTempDirs());

describe('castellan render', () => {
  const dir = tempDir('castellan-render-');
  const level = join(dir, 'l.level.json');
  writeFileSync(level, json(twoMoveLevel({ walls: ['b1'] })));

  it('writes an SVG with the king, the wall and the portal', async () => {
    const out = join(dir, 'l.svg');
    expect(await runCli(['render', level, '-o', out], capture())).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toContain('class="piece piece-king" data-square="a1"');
    expect(svg).toContain('class="wall"');
    expect(svg).toContain('class="portal"');
  });

  it('writes a PNG (signature bytes) and refuses to overwrite it without --force', async () => {
    const out = join(dir, 'l.png');
    expect(await runCli(['render', level, '-o', out], capture())).toBe(0);
    expect([...readFileSync(out).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const io = capture();
    expect(await runCli(['render', level, '-o', out], io)).toBe(1);
    expect(io.stderr).toContain('already exists');
    expect(await runCli(['render', level, '-o', out, '--force'], capture())).toBe(0);
  });

  it('rejects other extensions', async () => {
    expect(await runCli(['render', level, '-o', join(dir, 'l.gif')], capture())).toBe(1);
  });
});
