/**
 * The `castellan` command (bin/castellan.mjs) run as a child process:
 * exit codes and output per the LEVEL-FORMAT-v1 command line contract.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { TWO_MOVE_SOLUTION, boxedInLevel, cleanupTempDirs, json, packageVersion, tempDir, twoKingsLevel, twoMoveLevel } from '../helpers.js';

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));

let dir: string;

/** Runs the CLI in `dir` (not the repo: tsx must resolve from anywhere). */
function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function noStackTrace(text: string): void {
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

beforeAll(() => {
  dir = tempDir('castellan-cli-');
  writeFileSync(join(dir, 'walk.level.json'), json(twoMoveLevel()));
  writeFileSync(join(dir, 'boxed.level.json'), json(boxedInLevel()));
  writeFileSync(join(dir, 'kings.level.json'), json(twoKingsLevel()));
  writeFileSync(join(dir, 'broken.level.json'), '{ not json');
});

afterAll(() => cleanupTempDirs());

describe('castellan validate', () => {
  it('a valid file prints ok and exits 0', () => {
    const r = run('validate', 'walk.level.json');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('walk.level.json: ok\n');
  });

  it('UK-2 an invalid file prints `file: error code [square] message` and exits 1', () => {
    const r = run('validate', 'walk.level.json', 'kings.level.json');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('walk.level.json: ok\n');
    // UK-2: both kings are named (QA: only the first square was printed).
    expect(r.stdout).toMatch(/^kings\.level\.json: error uk-king-count \[a1 a3\] .+$/m);
  });

  it('non-JSON and missing files are invalid (exit 1), with a message and no stack trace', () => {
    const r = run('validate', 'broken.level.json', 'missing.level.json');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^broken\.level\.json: error json-syntax /m);
    expect(r.stdout).toMatch(/^missing\.level\.json: error file-not-found .*does not exist/m);
    noStackTrace(r.stdout + r.stderr);
  });
});

describe('castellan solve --json', () => {
  it('UK-4/UK-6 solved: exit 0 and exactly one object {status,length,moves,states,ms} (+ metrics, an extension)', () => {
    const r = run('solve', 'walk.level.json', '--json');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const o = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(o)).toEqual(['status', 'length', 'moves', 'states', 'ms', 'metrics']);
    // b2 is the only square next to both a1 and c3: one optimal line, so a unique first move.
    expect(o['metrics']).toMatchObject({ optimalSolutions: 1, optimalSolutionsCapped: false, uniqueFirstMove: true });
    expect(o['status']).toBe('solved');
    expect(o['length']).toBe(2);
    expect(o['moves']).toEqual(TWO_MOVE_SOLUTION);
    expect(o['states']).toEqual(expect.any(Number));
    expect(o['states'] as number).toBeGreaterThan(0);
    expect(Number.isInteger(o['ms'])).toBe(true);
  });

  it('UK-4/UK-5 unsolvable: exit 2, status unsolvable', () => {
    const r = run('solve', '--json', 'boxed.level.json');
    expect(r.code).toBe(2);
    const o = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(o).toMatchObject({ status: 'unsolvable', moves: [] });
    // The contract's fields, plus `why` (extension: why it is unsolvable, here the walls sealing the king).
    expect(Object.keys(o)).toEqual(['status', 'length', 'moves', 'states', 'ms', 'why']);
    expect(o['why']).toMatchObject({ code: 'king-sealed', ruling: 'UK-5' });
  });

  it('UK-2 invalid: exit 1, status invalid with errors [{code, message, square}]', () => {
    const r = run('solve', '--json', 'kings.level.json');
    expect(r.code).toBe(1);
    const o = JSON.parse(r.stdout) as { status: string; errors: { code: string; message: string; square?: string }[] };
    expect(o.status).toBe('invalid');
    expect(o.errors).toContainEqual({ code: 'uk-king-count', message: expect.any(String), square: 'a1', squares: ['a1', 'a3'] });
  });

  it('a time cap answers limit: exit 3', () => {
    const r = run('solve', '--json', '--time-ms', '1', 'walk.level.json');
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'limit', reason: 'time' });
  });

  it('a missing file: exit 1, status invalid, no stack trace', () => {
    const r = run('solve', '--json', 'missing.level.json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'invalid', errors: [{ code: 'file-not-found' }] });
    noStackTrace(r.stdout + r.stderr);
  });
});

describe('castellan solve (readable)', () => {
  it('prints the optimal length and the numbered move list', () => {
    const r = run('solve', 'walk.level.json');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/solved, optimal 2 moves/);
    expect(r.stdout).toMatch(/1\. Ka1-b2\n\s+2\. Kb2-c3\n/);
    expect(r.stderr).toBe(''); // not a terminal: no progress line
  });

  it('a missing file: exit 1 with a one-line message on stderr', () => {
    const r = run('solve', 'missing.level.json');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^castellan: .*missing\.level\.json.*does not exist/);
    noStackTrace(r.stderr);
  });

  it('a bad option value: exit 1 with a usage message', () => {
    const r = run('solve', '--max-states', 'lots', 'walk.level.json');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--max-states');
  });
});

describe('castellan prove', () => {
  it('stores the proven solution in place (exit 0)', () => {
    const p = join(dir, 'prove-me.level.json');
    writeFileSync(p, json(twoMoveLevel()));
    const r = run('prove', 'prove-me.level.json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(readFileSync(p, 'utf8')) as { solution: Record<string, unknown> };
    expect(doc.solution).toMatchObject({
      moves: TWO_MOVE_SOLUTION,
      length: 2,
      optimal: true,
      solver: `castellan ${packageVersion()}`,
      levelHash: levelHash(twoMoveLevel()),
    });
  });

  it('an unsolvable level is left untouched (exit 2); with --draft it is written as a draft (still exit 2)', () => {
    const p = join(dir, 'prove-boxed.level.json');
    const original = json(boxedInLevel());
    writeFileSync(p, original);
    const r = run('prove', 'prove-boxed.level.json');
    expect(r.code).toBe(2);
    expect(readFileSync(p, 'utf8')).toBe(original);
    const d = run('prove', '--draft', 'prove-boxed.level.json');
    expect(d.code).toBe(2);
    expect(JSON.parse(readFileSync(p, 'utf8'))).toMatchObject({ draft: true });
  });

  it('a missing file: exit 1, no stack trace', () => {
    const r = run('prove', 'missing.level.json');
    expect(r.code).toBe(1);
    noStackTrace(r.stdout + r.stderr);
  });
});

describe('castellan serve', () => {
  it('prints the URL with the token, answers the API, and stops with exit 0 on SIGTERM', async () => {
    const ws = tempDir('castellan-cli-ws-');
    writeFileSync(join(ws, 'a.level.json'), json(twoMoveLevel()));
    const child = spawn(process.execPath, [BIN, 'serve', '--workspace', ws, '--port', '0', '--open', 'a.level.json'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 30_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[0]);
          }
        });
        child.on('exit', () => reject(new Error(`serve exited early: ${out}`)));
      });
      const u = new URL(url);
      const token = u.hash.replace('#token=', '');
      const body = await new Promise<string>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: Number(u.port), method: 'POST', path: '/api/startup', headers: { 'x-castellan-token': token } },
          (res) => {
            let b = '';
            res.on('data', (d: Buffer) => (b += d.toString()));
            res.on('end', () => resolve(b));
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
      expect(JSON.parse(body)).toMatchObject({ ok: true, info: { host: 'serve', initialFile: 'a.level.json' } });
    } finally {
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it('a missing workspace: exit 1 with a message', () => {
    const r = run('serve', '--workspace', join(dir, 'no-such-folder'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/does not exist/);
    noStackTrace(r.stderr);
  });
});

describe('castellan validate: stored solutions (QA)', () => {
  it('a stale stored solution is reported as a warning; a par below the stored optimum is an error (UK-7)', () => {
    const d = tempDir();
    const level = twoMoveLevel();
    writeFileSync(join(d, 'w.level.json'), json(level));
    expect(run('prove', join(d, 'w.level.json')).code).toBe(0);
    const saved = JSON.parse(readFileSync(join(d, 'w.level.json'), 'utf8')) as UnlockTheKingLevel;
    writeFileSync(join(d, 'stale.level.json'), json({ ...saved, walls: [...(saved.walls ?? []), 'b3'] }));
    writeFileSync(join(d, 'lowpar.level.json'), json({ ...saved, par: saved.solution!.length - 1 }));
    const stale = run('validate', join(d, 'stale.level.json'));
    expect(stale.stdout).toMatch(/warning solution-stale/);
    const low = run('validate', join(d, 'lowpar.level.json'));
    expect(low.code).toBe(1);
    expect(low.stdout).toMatch(/error uk-par-below-optimal/);
  });
});
