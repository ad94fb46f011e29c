/**
 * The `castellan` command on hostile inputs. Special and oversized files
 * (finding "unbounded reads of non-regular files"): a FIFO hung `validate` forever,
 * `validate /dev/zero` read 680 MB and `solve /dev/urandom` 1.2 GB, because
 * sizes came from `stat()` (0 for FIFOs and devices). Each now answers at
 * once: the file is refused before it is read (LEVEL-FORMAT-v1: a level
 * file is at most 5 MiB), exit 1, no stack trace. Smaller findings: `solve`
 * with more than 10 files warned MaxListenersExceededWarning; a goal-less
 * two-player level was valid for `validate` and invalid for `solve`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));

let dir: string;

/** Runs the CLI in `dir`; killed after 15 s (a hang fails the test). */
function run(...args: string[]): { code: number | null; stdout: string; stderr: string; ms: number } {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 15_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - t0 };
}

beforeAll(() => {
  dir = tempDir('castellan-cli-hostile-');
  execFileSync('mkfifo', [join(dir, 'pipe.level.json')]);
  writeFileSync(join(dir, 'big.level.json'), Buffer.alloc(6 * 1000 * 1000, 0x20));
  mkdirSync(join(dir, 'pk'));
  execFileSync('mkfifo', [join(dir, 'pk', 'a.level.json')]);
  writeFileSync(
    join(dir, 'pk', 'pack.json'),
    JSON.stringify({ format: 'castellan.pack', version: 1, title: 'P', ruleset: 'unlock-the-king', levels: [{ file: 'a.level.json' }] }),
  );
});

afterAll(() => cleanupTempDirs());

describe('castellan on FIFOs, devices and oversized files', () => {
  it('validate: a FIFO, /dev/zero and a 6 MB file are each refused at once (exit 1)', () => {
    const r = run('validate', 'pipe.level.json', '/dev/zero', 'big.level.json');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^pipe\.level\.json: error file-unreadable .*named pipe \(FIFO\), not a regular file\.$/m);
    expect(r.stdout).toMatch(/^\/dev\/zero: error file-unreadable .*a device, not a regular file\.$/m);
    expect(r.stdout).toMatch(/^big\.level\.json: error file-unreadable .*larger than 5242880 bytes\.$/m);
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  }, 20_000);

  it('solve /dev/urandom and a FIFO, prove and render a FIFO: refused at once (exit 1)', () => {
    for (const args of [
      ['solve', '/dev/urandom'],
      ['solve', 'pipe.level.json'],
      ['prove', 'pipe.level.json'],
      ['render', 'pipe.level.json', '-o', 'x.svg'],
    ]) {
      const r = run(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr + r.stdout, args.join(' ')).toMatch(/not a regular file\./);
    }
  }, 60_000);

  it('pack verify: a pack level that is a FIFO is reported for that level, the run ends', () => {
    const r = run('pack', 'verify', 'pk');
    expect(r.code).not.toBeNull();
    expect(r.stdout + r.stderr).toMatch(/named pipe \(FIFO\), not a regular file/);
  }, 20_000);
});

describe('castellan solve: smaller findings', () => {
  it('solve with 12 files prints no MaxListenersExceededWarning (one abort listener per file on one signal before)', () => {
    const files = Array.from({ length: 12 }, (_, i) => `walk${i}.level.json`);
    for (const f of files) writeFileSync(join(dir, f), json(twoMoveLevel()));
    const r = run('solve', ...files);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/: solved, optimal 2 moves/g)).toHaveLength(12);
    expect(r.stderr).not.toContain('MaxListenersExceededWarning');
  }, 60_000);

  it('LC-8 a Locking Chess level without a goal: validate and solve agree (valid, a playable position, exit 0)', () => {
    writeFileSync(
      join(dir, 'lc-nogoal.level.json'),
      JSON.stringify({
        format: 'castellan.level',
        version: 1,
        ruleset: 'locking-chess',
        meta: { title: 'Start' },
        board: { width: 8, height: 8 },
        position: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      }),
    );
    const v = run('validate', 'lc-nogoal.level.json');
    expect(v.code).toBe(0);
    expect(v.stdout).toBe('lc-nogoal.level.json: ok\n');
    const s = run('solve', '--json', 'lc-nogoal.level.json');
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout)).toMatchObject({ status: 'position', length: null, moves: [] });
  }, 30_000);
});
