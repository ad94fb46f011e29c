/**
 * CLI text reports put counts in words with the noun in the form the count
 * takes ("1 state", "2 states", "1 move"), as the editor does
 * (src-shared/display/count.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { boxedInLevel, cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo as capture } from './cli-io.js';

afterAll(() => cleanupTempDirs());

describe('CLI counts are pluralised', () => {
  const dir = tempDir('castellan-counts-');

  it('a boxed-in king (UK-4, UK-5) is unsolvable after exactly 1 state: "1 state", never "1 states"', async () => {
    const file = join(dir, 'boxed.level.json');
    writeFileSync(file, json(boxedInLevel()));
    const io = capture();
    expect(await runCli(['solve', file], io)).toBe(2);
    expect(io.stdout).toContain('(1 state, ');
    expect(io.stdout).not.toMatch(/\b1 states\b/);
  }, 30_000);

  it('a one-step walk to the portal (UK-4) is "optimal 1 move"; the two-step walk "optimal 2 moves"', async () => {
    const one = join(dir, 'one.level.json');
    writeFileSync(one, json(twoMoveLevel({ portal: 'b2' })));
    const io1 = capture();
    expect(await runCli(['solve', one], io1)).toBe(0);
    expect(io1.stdout).toContain('optimal 1 move (');
    const two = join(dir, 'two.level.json');
    writeFileSync(two, json(twoMoveLevel()));
    const io2 = capture();
    expect(await runCli(['solve', two], io2)).toBe(0);
    expect(io2.stdout).toContain('optimal 2 moves (');
  }, 30_000);
});
