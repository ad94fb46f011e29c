/**
 * `castellan hint --moves` reads UCI too and, when it cannot read a move,
 * says which notations it wants (src-shared/rulesets/move-input.ts).
 * 3 x 3, king a1, portal c3 (tests/main/helpers.ts twoMoveLevel): Ka1-b2,
 * Kb2-c3 is the optimum (UK-4, UK-6), worked by hand.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo as capture } from './cli-io.js';

let file: string;
beforeAll(() => {
  file = join(tempDir('castellan-hint-input-'), 'walk.level.json');
  writeFileSync(file, json(twoMoveLevel()));
});
afterAll(() => cleanupTempDirs());

describe('castellan hint --moves', () => {
  it('UK-4 UCI a1b2 is read as Ka1-b2: one move left, next Kb2-c3', async () => {
    const io = capture();
    expect(await runCli(['hint', file, '--moves', 'a1b2', '--json'], io)).toBe(0);
    expect(JSON.parse(io.stdout)).toMatchObject({ status: 'solvable', distance: 1, next: 'Kb2-c3', lostAt: null });
  });

  it('a move it cannot read is refused (exit 1) with the notations it reads named', async () => {
    const io = capture();
    expect(await runCli(['hint', file, '--moves', 'e1f1'], io)).toBe(1);
    expect(io.stderr).toMatch(/move-illegal \/moves\/0 Move 1 \(e1f1\) is not a legal move in this position\. Moves are written in LAN .* or UCI/);
  });
});
