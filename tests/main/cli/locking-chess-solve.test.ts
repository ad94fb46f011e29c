/**
 * `castellan solve` on a Locking Chess "mate in N" level (LC-8): the
 * contract's two-player fields plus the mate type.
 * Hand-worked: White Kg6, Ra1; Black Kh8 alone (no friendly piece to
 * superimpose, LC-3). Ra1-a8 attacks the whole 8th rank, Kg6 covers g7/h7:
 * checkmate in 1, and no other first move mates at once (Rh1+ Kg8).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../helpers.js';

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));

describe('castellan solve: Locking Chess mate in N', () => {
  it('LC-8 prints keys, keysWithinN and mateType in --json and names the mate in the report', () => {
    const dir = tempDir('castellan-lc-cli-');
    const file = join(dir, 'mate.level.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'castellan.level',
        version: 1,
        ruleset: 'locking-chess',
        meta: { title: 'Back rank' },
        board: { width: 8, height: 8 },
        position: '7k/8/6K1/8/8/8/8/R7 w - - 0 1',
        goal: { type: 'mate-in', moves: 1 },
      }),
    );
    const r = spawnSync(process.execPath, [BIN, 'solve', '--json', file], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    const o = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(o).toMatchObject({ status: 'solved', length: 1, moves: ['Ra1-a8'], keys: ['Ra1-a8'], mateType: 'checkmate' });
    expect(o['keysWithinN']).toEqual(['Ra1-a8']);
    const text = spawnSync(process.execPath, [BIN, 'solve', file], { encoding: 'utf8', timeout: 60_000 });
    expect(text.stdout).toMatch(/checkmate in 1 move/);
  });
});
