/**
 * `castellan solve` on unsolvable levels says why (`--json`: `why` and, for
 * a move-limit cause, `optimumWithoutLimit`; text: a `why:` line). Fixtures
 * in tests/fixtures/why/ are hand-worked (see their descriptions).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, json, tempDir } from '../helpers.js';

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../fixtures/why/', import.meta.url));

let dir: string;

function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  dir = tempDir('castellan-why-');
  const noLimit = JSON.parse(readFileSync(join(FIXTURES, 'cm-move-limit.level.json'), 'utf8')) as { objectives?: unknown };
  delete noLimit.objectives;
  writeFileSync(join(dir, 'no-limit.level.json'), json(noLimit));
  // UK-4: a king in the corner a1 sealed by pawns facing the edge (a2 west, b1 south) and one facing b1 (b2 south).
  writeFileSync(
    join(dir, 'sealed.level.json'),
    json({
      format: 'castellan.level',
      version: 1,
      ruleset: 'unlock-the-king',
      meta: { title: 'Sealed' },
      board: { width: 8, height: 8 },
      portal: 'h8',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'pawn', square: 'a2', facing: 'west' },
        { role: 'pawn', square: 'b1', facing: 'south' },
        { role: 'pawn', square: 'b2', facing: 'south' },
        { role: 'queen', square: 'd4' },
        { role: 'rook', square: 'f3' },
        { role: 'rook', square: 'c6' },
        { role: 'knight', square: 'g2' },
      ],
    }),
  );
});

afterAll(() => cleanupTempDirs());

describe('castellan solve: why unsolvable', () => {
  it('CM-7: a keyless lock before the finish: --json names the lock square and CM-7 (exit 2)', () => {
    const r = run('solve', join(FIXTURES, 'cm-keyless-lock.level.json'), '--json');
    expect(r.code).toBe(2);
    const o = JSON.parse(r.stdout) as { status: string; why: { code: string; message: string; squares: string[]; ruling: string } };
    expect(o.status).toBe('unsolvable');
    expect(o.why.code).toBe('lock-never-opens');
    expect(o.why.ruling).toBe('CM-7');
    expect(o.why.squares).toContain('e4');
    expect(o.why.squares[0]).toBe('e4');
    expect(o.why.message).toContain('e4');
    expect(o).not.toHaveProperty('optimumWithoutLimit');
  });

  it('CM-12: a move limit one below the optimum: optimumWithoutLimit equals the optimum', () => {
    // The optimum, independently: the same level without its limit, solved by the CLI (and 4 by hand).
    const free = run('solve', 'no-limit.level.json', '--json');
    expect(free.code).toBe(0);
    const optimum = (JSON.parse(free.stdout) as { length: number }).length;
    expect(optimum).toBe(4);
    const r = run('solve', join(FIXTURES, 'cm-move-limit.level.json'), '--json');
    expect(r.code).toBe(2);
    const o = JSON.parse(r.stdout) as { why: { code: string; ruling: string }; optimumWithoutLimit: number };
    expect(o.why).toMatchObject({ code: 'move-limit', ruling: 'CM-12' });
    expect(o.optimumWithoutLimit).toBe(optimum);
    expect(o.why).not.toHaveProperty('optimumWithoutLimit');
  });

  it('text output prints the why message on its own line', () => {
    const r = run('solve', join(FIXTURES, 'cm-keyless-lock.level.json'));
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^ {2}why: The red lock on e4 can never open .*CM-7.*$/m);
  });

  it('UK-4: a king sealed by immovable pawns: unsolvable with the pawns named, without a search', () => {
    const r = run('solve', 'sealed.level.json', '--json');
    expect(r.code).toBe(2);
    const o = JSON.parse(r.stdout) as { states: number; why: { code: string; squares: string[]; ruling: string } };
    expect(o.why).toMatchObject({ code: 'king-sealed', ruling: 'UK-4', squares: ['b1', 'a2', 'b2'] });
    // Proved by the frozen-piece analysis before any search: only the start state is stored
    // (a search of the 14 free squares' positions would store millions and end at the cap).
    // A count, not a time: speed targets live in the benchmarks.
    expect(o.states).toBeLessThanOrEqual(1);
  });
});
