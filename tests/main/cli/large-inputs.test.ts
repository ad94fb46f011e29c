/**
 * Slow and large inputs through the CLI: a level with hundreds of thousands
 * of wall entries validates in bounded time with a bounded report (UK-1
 * duplicate walls stay errors), and `solve` has a default wall-clock cap.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../../src-main/cli/main.js';
import { validateDocument } from '../../../src-shared/rulesets/index.js';
import { MAX_ISSUES_PER_CODE } from '../../../src-shared/validation/issue.js';
import { cleanupTempDirs, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

function captureIo(): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return { out: (t) => void (out += t), err: (t) => void (err += t), errIsTTY: false, stdout: () => out, stderr: () => err };
}

/** A 16x16 Unlock the King level whose `walls` cycle over the squares b1..o16 `n` times' worth (mostly duplicates). */
function manyWalls(n: number): Record<string, unknown> {
  const walls: string[] = [];
  for (let i = 0; walls.length < n; i++) {
    const x = i % 16;
    const y = Math.floor(i / 16) % 16;
    if ((x === 0 && y === 0) || (x === 15 && y === 15)) continue; // the king and the portal
    walls.push(String.fromCharCode(97 + x) + String(y + 1));
  }
  return { ...twoMoveLevel(), board: { width: 16, height: 16 }, portal: 'p16', walls };
}

describe('800k walls: validate is bounded in time and in the size of its report', () => {
  it('UK-1 200,000 wall entries (254 distinct): duplicates stay errors, at most 100 listed plus one "and N more"', () => {
    const started = Date.now();
    const { level, issues } = validateDocument(manyWalls(200_000));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(level).toBeDefined();
    const dups = issues.filter((i) => i.code === 'uk-wall-duplicate');
    expect(dups).toHaveLength(MAX_ISSUES_PER_CODE + 1);
    expect(dups.every((i) => i.severity === 'error')).toBe(true);
    // 254 distinct wall squares, each listed once without complaint: 200,000 - 254 duplicates.
    expect(dups[MAX_ISSUES_PER_CODE]!.message).toContain(`${(200_000 - 254 - MAX_ISSUES_PER_CODE).toLocaleString('en-US')} more`);
  }, 20_000);

  it('castellan validate on a 200,000-wall file answers invalid (exit 1) in bounded time with a bounded report', async () => {
    const file = join(tempDir(), 'walls.level.json');
    writeFileSync(file, JSON.stringify(manyWalls(200_000)));
    const io = captureIo();
    const started = Date.now();
    const code = await runCli(['validate', '--json', file], io);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(code).toBe(1);
    expect(io.stdout().length).toBeLessThan(100_000);
  }, 20_000);
});
