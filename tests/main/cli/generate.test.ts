/** `castellan generate`: writes proved levels through the save pipeline; reproducible for a seed. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../../src-main/cli/main.js';
import { solutionIsCurrent } from '../../../src-shared/format/level-hash.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

function capture(): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    errIsTTY: false,
    out(t: string) {
      io.stdout += t;
    },
    err(t: string) {
      io.stderr += t;
    },
  };
  return io;
}

afterAll(() => cleanupTempDirs());

const args = ['generate', '--ruleset', 'unlock-the-king', '--count', '2', '--par', '3..9', '--seed', '7', '--size', '5x5', '--steps', '40', '--climbs', '20'];

describe('castellan generate', () => {
  it('writes proved levels (current stored solution of the par range); the same seed writes the same files', async () => {
    const d1 = join(tempDir('castellan-gen-'), 'a');
    const d2 = join(tempDir('castellan-gen-'), 'b');
    expect(await runCli([...args, '-o', d1], capture())).toBe(0);
    expect(await runCli([...args, '-o', d2], capture())).toBe(0);
    const files = readdirSync(d1).sort();
    expect(files).toEqual(['gen-7-01.level.json', 'gen-7-02.level.json']);
    for (const f of files) {
      const a = readFileSync(join(d1, f), 'utf8');
      const doc = JSON.parse(a);
      expect(solutionIsCurrent(doc)).toBe(true);
      expect(doc.solution.length).toBeGreaterThanOrEqual(3);
      expect(doc.solution.length).toBeLessThanOrEqual(9);
      const b = JSON.parse(readFileSync(join(d2, f), 'utf8'));
      delete doc.solution.states;
      delete b.solution.states;
      expect(b).toEqual(doc);
    }
  });

  it('refuses other rulesets and a bad --par', async () => {
    expect(await runCli(['generate', '--ruleset', 'chess-maze', '--count', '1', '--par', '1..2', '--seed', '1'], capture())).toBe(1);
    expect(await runCli(['generate', '--ruleset', 'unlock-the-king', '--count', '1', '--par', '9..2', '--seed', '1'], capture())).toBe(1);
  });
});
