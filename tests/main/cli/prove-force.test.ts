/**
 * `castellan prove --force`: a current stored proof is normally reused and
 * the file left alone; with --force it is proved again and rewritten with
 * the solver's metrics (`solution.metrics`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { serializeLevel } from '../../../src-shared/format/serialize.js';
import { TWO_MOVE_SOLUTION, cleanupTempDirs, tempDir, twoMoveLevel } from '../helpers.js';

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));

afterAll(() => cleanupTempDirs());

function run(cwd: string, ...args: string[]): { code: number | null; stdout: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout };
}

describe('castellan prove --force', () => {
  it('rewrites a current proof without metrics so the file gains them; without --force the file stays as it was', () => {
    const dir = tempDir('castellan-force-');
    const p = join(dir, 'old.level.json');
    const level = twoMoveLevel();
    const old = serializeLevel({
      ...level,
      solution: { moves: TWO_MOVE_SOLUTION, length: 2, optimal: true, states: 5, solver: 'castellan 0.0.9', levelHash: levelHash(level) },
    });
    writeFileSync(p, old);
    const plain = run(dir, 'prove', 'old.level.json');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/stored proof is current/);
    expect(readFileSync(p, 'utf8')).toBe(old);
    const forced = run(dir, 'prove', '--force', 'old.level.json');
    expect(forced.code).toBe(0);
    expect(forced.stdout).not.toMatch(/stored proof is current/);
    const sol = (JSON.parse(readFileSync(p, 'utf8')) as { solution: Record<string, unknown> }).solution;
    expect(sol['moves']).toEqual(TWO_MOVE_SOLUTION);
    // The lone king's only 2-move path: one optimal solution, no non-king moves.
    expect(sol['metrics']).toMatchObject({ optimalSolutions: 1, taggedMovesMin: 0, taggedMovesMax: 0 });
  });

  it('is listed in prove --help', () => {
    const r = run(tempDir('castellan-force-'), 'prove', '--help');
    expect(r.stdout).toMatch(/--force/);
  });
});
