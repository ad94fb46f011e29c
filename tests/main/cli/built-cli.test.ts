/**
 * The built command line (scripts/build-cli.mjs: out/cli/castellan.mjs and
 * out/cli/solve-worker.mjs), built here from the current sources into a temp
 * folder laid out like the repository (package.json at the root, the build
 * two levels below it) and with no node_modules anywhere above it: tsx cannot
 * be resolved there, so a solve that answers proves the workers run the built
 * JavaScript entry, not the TypeScript one (which needs tsx's hooks).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = join(root, 'resources/levels/unlock-the-king/01-first-steps.level.json');
const SAMPLE_2 = join(root, 'resources/levels/unlock-the-king/02-open-court.level.json');

let dir = '';
let built = '';

/** Runs `node FILE ...args` with no NODE_PATH and no source switch; stdout, stderr and the exit code. */
function run(file: string, args: string[], env: Record<string, string> = {}): { out: string; err: string; code: number | null } {
  const { NODE_PATH: _np, CASTELLAN_FROM_SOURCE: _src, ...rest } = process.env;
  void _np;
  void _src;
  const r = spawnSync(process.execPath, [file, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...rest, ...env } });
  return { out: r.stdout, err: r.stderr, code: r.status };
}

/** runCli from the sources, in this process, with captured output. */
async function runSource(args: string[]): Promise<{ out: string; err: string; code: number }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (t) => void (out += t), err: (t) => void (err += t), errIsTTY: false });
  return { out, err, code };
}

/** A `solve --json` line without its wall time. */
function withoutMs(line: string): Record<string, unknown> {
  const o = JSON.parse(line) as Record<string, unknown>;
  delete o['ms'];
  return o;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'castellan-built-cli-'));
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  const b = spawnSync(process.execPath, [join(root, 'scripts/build-cli.mjs'), '--outdir', join(dir, 'out/cli')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(b.status, b.stderr).toBe(0);
  built = join(dir, 'out/cli/castellan.mjs');
}, 150_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the built command line (out/cli)', () => {
  it('builds the CLI and its worker as two plain JavaScript files', () => {
    expect(existsSync(built)).toBe(true);
    expect(existsSync(join(dir, 'out/cli/solve-worker.mjs'))).toBe(true);
  });

  it('runs where tsx cannot be resolved (no node_modules above the build)', () => {
    const req = createRequire(join(dir, 'out/cli/castellan.mjs'));
    expect(() => req.resolve('tsx/package.json')).toThrow(/Cannot find module/);
  });

  it('--help prints exactly what the source CLI prints', () => {
    const fromBuild = run(built, ['--help']);
    const fromSource = run(join(root, 'bin/castellan.mjs'), ['--help'], { CASTELLAN_FROM_SOURCE: '1' });
    expect(fromBuild.code).toBe(0);
    expect(fromSource.code).toBe(0);
    expect(fromBuild.out).toMatch(/^Usage: castellan /);
    expect(fromBuild.out).toBe(fromSource.out);
    expect(fromBuild.err).toBe('');
  });

  it('--version reads the version from package.json two folders above the build', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    const r = run(built, ['--version']);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe(pkg.version);
  });

  it('solve in a built worker gives the sources’ answer and the stored optimal line', async () => {
    const r = run(built, ['solve', SAMPLE, '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const source = await runSource(['solve', SAMPLE, '--json']);
    expect(source.code).toBe(0);
    expect(withoutMs(r.out)).toEqual(withoutMs(source.out));
    // The level file's proven solution (par 3).
    const stored = (JSON.parse(readFileSync(SAMPLE, 'utf8')) as { solution: { length: number; moves: string[] } }).solution;
    expect(withoutMs(r.out)).toMatchObject({ status: 'solved', length: stored.length, moves: stored.moves });
  });

  it('prove writes the proven solution through the atomic file writer (bundled write-file-atomic)', () => {
    const original = JSON.parse(readFileSync(SAMPLE, 'utf8')) as { solution: { length: number; moves: string[] } };
    const { solution: _s, ...unsolved } = original;
    void _s;
    const file = join(dir, 'first-steps.level.json');
    writeFileSync(file, JSON.stringify(unsolved, null, 2));
    const r = run(built, ['prove', file]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { solution?: { length: number; moves: string[] } };
    expect(saved.solution).toMatchObject({ length: original.solution.length, moves: original.solution.moves });
  });

  it('solve of several files runs on the pool of built workers, answers in file order', async () => {
    const r = run(built, ['solve', SAMPLE, SAMPLE_2, '--json']);
    expect(r.code).toBe(0);
    const source = await runSource(['solve', SAMPLE, SAMPLE_2, '--json']);
    const lines = (s: string) => s.trim().split('\n').map(withoutMs);
    expect(lines(r.out)).toHaveLength(2);
    expect(lines(r.out)).toEqual(lines(source.out));
    expect(lines(r.out).map((o) => o['file'])).toEqual([SAMPLE, SAMPLE_2]);
  });
});
