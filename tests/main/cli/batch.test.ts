/**
 * Batch solving and proving on the worker pool (src-main/cli/batch.ts):
 * `castellan solve A B C` and `castellan prove A B C` through `runCli`
 * (in-process, captured output), reports in file order, the highest exit
 * code, JSON lines with `file`, metrics in the readable report.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { captureIo as capture } from './cli-io.js';
import { TWO_MOVE_SOLUTION, boxedInLevel, cleanupTempDirs, json, tempDir, twoKingsLevel, twoMoveLevel } from '../helpers.js';

let dir: string;
const file = (name: string): string => join(dir, name);

beforeAll(() => {
  dir = tempDir('castellan-batch-');
  writeFileSync(file('walk.level.json'), json(twoMoveLevel()));
  writeFileSync(file('boxed.level.json'), json(boxedInLevel()));
  writeFileSync(file('kings.level.json'), json(twoKingsLevel()));
  // UK-4: lone king a1 -> a3 on 3x3: two optimal lines (via a2 or b2).
  writeFileSync(file('two-ways.level.json'), json(twoMoveLevel({ portal: 'a3' })));
});

afterAll(() => cleanupTempDirs());

describe('castellan solve A B C (worker pool)', () => {
  it('--json prints one object per file, in file order, each with file first; exit = the highest code', async () => {
    const io = capture();
    const names = ['walk.level.json', 'boxed.level.json', 'two-ways.level.json', 'kings.level.json'].map(file);
    const code = await runCli(['solve', '--json', ...names], io);
    expect(code).toBe(2); // ok 0, unsolvable 2, invalid 1 -> 2
    const objs = io.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objs.map((o) => o['file'])).toEqual(names);
    expect(Object.keys(objs[0]!)[0]).toBe('file');
    expect(objs[0]).toMatchObject({ status: 'solved', length: 2, moves: TWO_MOVE_SOLUTION, metrics: { optimalSolutions: 1 } });
    expect(objs[1]).toMatchObject({ status: 'unsolvable' });
    expect(objs[2]).toMatchObject({ status: 'solved', length: 2, metrics: { optimalSolutions: 2, uniqueFirstMove: false } });
    expect(objs[3]).toMatchObject({ status: 'invalid' });
  });

  it('readable reports keep file order and include the difficulty line', async () => {
    const io = capture();
    const code = await runCli(['solve', file('two-ways.level.json'), file('walk.level.json')], io);
    expect(code).toBe(0);
    const first = io.stdout.indexOf('two-ways.level.json: solved');
    const second = io.stdout.indexOf('walk.level.json: solved');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second).toBeGreaterThan(first);
    expect(io.stdout).toContain('difficulty: 2 optimal solutions, first move not unique');
    expect(io.stdout).toContain('difficulty: 1 optimal solution, first move unique');
  });
});

describe('castellan prove A B (worker pool)', () => {
  it('proves several files in parallel and stores each solution', async () => {
    writeFileSync(file('p1.level.json'), json(twoMoveLevel()));
    writeFileSync(file('p2.level.json'), json(twoMoveLevel({ portal: 'a3' })));
    const io = capture();
    const code = await runCli(['prove', file('p1.level.json'), file('p2.level.json')], io);
    expect(code).toBe(0);
    const lines = io.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/p1\.level\.json: proved, optimal 2 moves/);
    expect(lines[1]).toMatch(/p2\.level\.json: proved, optimal 2 moves/);
    for (const f of ['p1.level.json', 'p2.level.json']) {
      const doc = JSON.parse(readFileSync(file(f), 'utf8')) as { solution?: { length: number; optimal: boolean } };
      expect(doc.solution).toMatchObject({ length: 2, optimal: true });
    }
  });
});
