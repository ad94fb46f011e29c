/**
 * `castellan solve` has a default wall-clock cap (DEFAULT_CLI_SOLVE_TIME_MS):
 * a search that cannot finish answers `limit` (exit 3, LEVEL-FORMAT-v1
 * "gave up at a limit") instead of running for minutes; `--time-ms N` sets
 * another cap and `--time-ms 0` none.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLI_SOLVE_TIME_MS, runCli, type CliIo } from '../../../src-main/cli/main.js';
import type * as runner from '../../../src-main/services/solve-runner.js';
import { cleanupTempDirs, tempDir, twoMoveLevel } from '../helpers.js';

const seenTimeMs: (number | undefined)[] = [];

vi.mock('../../../src-main/services/solve-runner.js', async (importOriginal) => {
  const orig = await importOriginal<typeof runner>();
  return {
    ...orig,
    solveInWorker: (level: Parameters<typeof orig.solveInWorker>[0], opts: Parameters<typeof orig.solveInWorker>[1]) => {
      seenTimeMs.push(opts?.timeMs);
      return orig.solveInWorker(level, opts);
    },
  };
});

afterAll(() => cleanupTempDirs());

function captureIo(): CliIo & { stdout: () => string } {
  let out = '';
  return { out: (t) => void (out += t), err: () => undefined, errIsTTY: false, stdout: () => out };
}

/** LC-8 "mate in 8" from the orthodox start position: far too deep to prove in seconds. */
function mateInEightFromStart(): Record<string, unknown> {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'Mate in 8 from the start' },
    board: { width: 8, height: 8 },
    position: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    goal: { type: 'mate-in', moves: 8 },
  };
}

function file(name: string, doc: unknown): string {
  const p = join(tempDir(), name);
  writeFileSync(p, JSON.stringify(doc));
  return p;
}

describe('CLI solve has a default time cap', () => {
  it('without --time-ms the solve runs under the 60 s default cap', async () => {
    expect(DEFAULT_CLI_SOLVE_TIME_MS).toBe(60_000);
    seenTimeMs.length = 0;
    const io = captureIo();
    expect(await runCli(['solve', '--json', file('walk.level.json', twoMoveLevel())], io)).toBe(0);
    expect(seenTimeMs).toEqual([60_000]);
  }, 30_000);

  it('--time-ms 0 means no cap', async () => {
    seenTimeMs.length = 0;
    const io = captureIo();
    expect(await runCli(['solve', '--json', '--time-ms', '0', file('walk.level.json', twoMoveLevel())], io)).toBe(0);
    expect(seenTimeMs).toEqual([undefined]);
    expect(JSON.parse(io.stdout())).toMatchObject({ status: 'solved', length: 2 });
  }, 30_000);

  it('LC-8 mate in 8 from the start answers limit (exit 3) within the cap plus slack', async () => {
    const io = captureIo();
    const started = Date.now();
    const code = await runCli(['solve', '--json', '--time-ms', '1000', file('lc8.level.json', mateInEightFromStart())], io);
    expect(Date.now() - started).toBeLessThan(1000 + 8000);
    expect(code).toBe(3);
    expect(JSON.parse(io.stdout())).toMatchObject({ status: 'limit', reason: 'time', length: null });
  }, 30_000);
});
