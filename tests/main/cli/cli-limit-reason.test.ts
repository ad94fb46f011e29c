/**
 * A `limit` answer says which cap stopped it (SolveResult `reason`: the
 * state cap `--max-states`, the time cap `--time-ms`) and which flag to
 * raise, in the readable report; the JSON keeps `reason` (LEVEL-FORMAT-v1).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo as capture } from './cli-io.js';

afterAll(() => cleanupTempDirs());

describe('CLI limit answers name their cap', () => {
  const file = join(tempDir('castellan-limit-'), 'walk.level.json');
  writeFileSync(file, json(twoMoveLevel()));

  it('--max-states 1 on a two-move walk (UK-4) stops at the state cap and says to raise --max-states', async () => {
    const io = capture();
    expect(await runCli(['solve', '--max-states', '1', file], io)).toBe(3);
    expect(io.stdout).toContain(': gave up at the state cap (');
    expect(io.stdout).toContain('raise --max-states');
    expect(io.stdout).not.toContain('states limit');
  }, 30_000);

  it('--time-ms 1 stops at the time cap and says to raise --time-ms', async () => {
    const io = capture();
    expect(await runCli(['solve', '--time-ms', '1', file], io)).toBe(3);
    expect(io.stdout).toContain(': gave up at the time cap (');
    expect(io.stdout).toContain('raise --time-ms');
  }, 30_000);
});
