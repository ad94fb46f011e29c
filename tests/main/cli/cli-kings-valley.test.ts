/**
 * `castellan solve` / `validate` on King's Valley levels (two-player goals,
 * KV-8): the contract's `keys` and `keysWithinN`, exit codes, the readable
 * "win in N" report. Positions are the hand-worked ones of
 * tests/shared/rulesets/kings-valley/solve.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KingsValleyLevel } from '../../../src-shared/model/level.js';
import { cleanupTempDirs, json, tempDir } from '../helpers.js';

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));
let dir: string;

function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * White Ke5 Sb1 vs Black Ka5 with pillars b5 b4 b3 a3 (Black can only shuttle a5-a4).
 * Win in 2 with two keys: Ke5-e1 (then Ke1-c3, NW stopped by b4) and Sb1-b2 (then Ke5-c3, SW stopped by b2).
 */
function cookLevel(moves?: number): KingsValleyLevel {
  const level: KingsValleyLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 'Two keys' },
    board: { width: 5, height: 5 },
    pillars: ['b5', 'b4', 'b3', 'a3'],
    pieces: [
      { role: 'king', square: 'e5', side: 'white' },
      { role: 'soldier', square: 'b1', side: 'white' },
      { role: 'king', square: 'a5', side: 'black' },
    ],
    sideToMove: 'white',
  };
  if (moves !== undefined) level.goal = { type: 'win-in', moves };
  return level;
}

beforeAll(() => {
  dir = tempDir('castellan-cli-kv-');
  writeFileSync(join(dir, 'win2.level.json'), json(cookLevel(2)));
  writeFileSync(join(dir, 'win1.level.json'), json(cookLevel(1)));
  writeFileSync(join(dir, 'nogoal.level.json'), json(cookLevel()));
  const bad = cookLevel(2);
  bad.pieces.push({ role: 'king', square: 'c3', side: 'white' });
  writeFileSync(join(dir, 'bad.level.json'), json(bad));
});

afterAll(() => cleanupTempDirs());

describe('castellan solve --json, two-player goals (KV-8)', () => {
  it('solved: exit 0, length = shortest forced win, keys (a cook), keysWithinN, the main line', () => {
    const r = run('solve', '--json', 'win2.level.json');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const o = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(o).toMatchObject({
      status: 'solved',
      length: 2,
      moves: ['Ke5-e1', 'Ka5-a4', 'Ke1-c3'],
      keys: ['Ke5-e1', 'Sb1-b2'],
      keysWithinN: ['Ke5-e1', 'Sb1-b2'],
      refutations: [{ defence: 'Ka5-a4', answer: 'Ke1-c3', length: 2 }],
    });
    expect(Object.keys(o).slice(0, 3)).toEqual(['status', 'length', 'moves']);
    expect(o['states'] as number).toBeGreaterThan(0);
    expect(Number.isInteger(o['ms'])).toBe(true);
  });

  it('no win in N: exit 2, status unsolvable, empty keys', () => {
    const r = run('solve', '--json', 'win1.level.json');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'unsolvable', length: null, moves: [], keys: [], keysWithinN: [] });
  });

  it('KV-8 a level without a goal is a playable position, as validate says: exit 0, status position, nothing proved', () => {
    // validate answers this level ok (below) and the save pipeline writes it as a position;
    // solve agrees (LEVEL-FORMAT-v1: exit 0 for a valid level) instead of calling it invalid.
    const r = run('solve', '--json', 'nogoal.level.json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'position', length: null, moves: [], states: 0 });
    const text = run('solve', 'nogoal.level.json');
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('nogoal.level.json: a playable position with no goal, nothing to prove\n');
  });

  it('KV-9 builder errors: exit 1 with the square', () => {
    const r = run('solve', '--json', 'bad.level.json');
    expect(r.code).toBe(1);
    const o = JSON.parse(r.stdout) as { errors: { code: string; square?: string }[] };
    expect(o.errors).toContainEqual({ code: 'kv-king-on-valley', message: expect.any(String), square: 'c3' });
    expect(o.errors).toContainEqual(expect.objectContaining({ code: 'kv-king-count' }));
  });

  it('a node cap answers limit: exit 3', () => {
    const r = run('solve', '--json', '--max-states', '1', 'win2.level.json');
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'limit', reason: 'states' });
  });
});

describe('castellan solve (readable), two-player goals', () => {
  it('prints the win, the keys with a cook note, the numbered main line and the refutations', () => {
    const r = run('solve', 'win2.level.json');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/win2\.level\.json: solved, forced win in 2 moves \(goal: win in 2;/);
    expect(r.stdout).toContain('keys: Ke5-e1, Sb1-b2 (cook: 2 first moves win in 2)');
    expect(r.stdout).toContain('keys within 2: Ke5-e1, Sb1-b2');
    expect(r.stdout).toMatch(/1\. Ke5-e1 Ka5-a4\n\s+2\. Ke1-c3\n/);
    expect(r.stdout).toContain('Ka5-a4: Ke1-c3 (win in 2)');
  });

  it('says "no win in N" when the proof fails', () => {
    const r = run('solve', 'win1.level.json');
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^win1\.level\.json: no win in 1: /);
  });
});

describe('castellan validate, King’s Valley', () => {
  it('KV-9 prints the kv- codes; a level without a goal is still valid', () => {
    const r = run('validate', 'nogoal.level.json', 'bad.level.json');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('nogoal.level.json: ok\n');
    expect(r.stdout).toMatch(/^bad\.level\.json: error kv-king-on-valley \[c3\] /m);
  });
});
