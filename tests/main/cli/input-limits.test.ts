/**
 * Command-line inputs with 100,000 entries answer at once or refuse with a
 * stated limit (src-shared/format/limits.ts), never run for minutes:
 * - `pack verify` / `pack pdf` of a `pack.json` listing 100,000 levels
 *   refuse it (exit 1, `castellan: pack-too-many-levels: ...`) before
 *   reading a level (they ran for over a minute and 1.5 GB before);
 * - `validate` of a level listing 100,000 walls names the limit
 *   (`level-list-too-long`) besides the duplicate walls;
 * - `render` of a level listing 100,000 pieces draws one piece per square
 *   (it drew 100,000 and ran for half a minute).
 * The time bounds are generous (a loaded machine passes them many times
 * over); the commands took 30 s to minutes before.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { cleanupTempDirs, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo } from './cli-io.js';

let dir: string;
const N = 100_000;

/** The squares of a 16x16 board in order, cycled to `n` entries. */
function squares(n: number): string[] {
  return Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 16)) + String(1 + (Math.floor(i / 16) % 16)));
}

beforeAll(() => {
  dir = tempDir('castellan-limits-');
  mkdirSync(join(dir, 'huge/levels'), { recursive: true });
  writeFileSync(join(dir, 'huge/levels/a.level.json'), JSON.stringify(twoMoveLevel()));
  const levels = Array.from({ length: N }, () => ({ file: 'levels/a.level.json' }));
  writeFileSync(join(dir, 'huge/pack.json'), JSON.stringify({ format: 'castellan.pack', version: 1, title: 'Huge', ruleset: 'unlock-the-king', levels }));
  const big = { ...twoMoveLevel(), board: { width: 16, height: 16 }, portal: 'p16' };
  writeFileSync(join(dir, 'walls.level.json'), JSON.stringify({ ...big, walls: squares(N).filter((s) => s !== 'a1' && s !== 'p16') }));
  writeFileSync(
    join(dir, 'pieces.level.json'),
    JSON.stringify({ ...big, pieces: [{ role: 'king', square: 'a1' }, ...squares(N).map((square) => ({ role: 'rook', square }))] }),
  );
});

afterAll(() => cleanupTempDirs());

describe('inputs of 100,000 entries', () => {
  it('pack verify refuses a pack of 100,000 levels at once: exit 1, pack-too-many-levels', async () => {
    const io = captureIo();
    const started = Date.now();
    const code = await runCli(['pack', 'verify', join(dir, 'huge')], io);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(code).toBe(1);
    expect(io.stderr).toContain('castellan: pack-too-many-levels: ');
    expect(io.stderr).toContain('at most 10,000');
  }, 60_000);

  it('pack pdf refuses it the same way and writes nothing', async () => {
    const io = captureIo();
    const out = join(dir, 'huge.pdf');
    const code = await runCli(['pack', 'pdf', join(dir, 'huge'), '-o', out], io);
    expect(code).toBe(1);
    expect(io.stderr).toContain('pack-too-many-levels');
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('render of the pack refuses it with the same code (pack-too-many-levels) and writes nothing', async () => {
    const io = captureIo();
    const out = join(dir, 'huge-pictures');
    const code = await runCli(['render', join(dir, 'huge'), '-o', out], io);
    expect(code).toBe(1);
    expect(io.stderr).toContain('castellan: pack-too-many-levels: ');
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('validate names the list limit of a level listing 100,000 walls on a 16x16 board', async () => {
    const io = captureIo();
    const code = await runCli(['validate', join(dir, 'walls.level.json')], io);
    expect(code).toBe(1);
    expect(io.stdout).toContain('error level-list-too-long');
    expect(io.stdout).toContain('at most 256');
  }, 60_000);

  it('render draws a level listing 100,000 pieces as a PNG, one piece per square, in bounded time', async () => {
    const io = captureIo();
    const out = join(dir, 'pieces.png');
    const started = Date.now();
    const code = await runCli(['render', join(dir, 'pieces.level.json'), '-o', out], io);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(code).toBe(0);
  }, 120_000);
});
