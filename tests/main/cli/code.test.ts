/**
 * `castellan code` (a level as a code or a board text, and back) and the
 * collection commands `pack collection` / `pack import` (code.ts,
 * collection.ts): what they print and write, that a file is never
 * replaced without `--force`, and that bad input is refused with its code
 * (a bad collection entry named by file and line).
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { decodeLevelCode } from '../../../src-shared/format/level-code.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { parseLevelText } from '../../../src-shared/format/load.js';
import type { Level } from '../../../src-shared/model/level.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';
import { captureIo } from './cli-io.js';

const ROOT = join(import.meta.dirname, '../../..');
const VAULT = join(ROOT, 'resources/levels/chess-maze/16-alchemists-vault.level.json');
const CODEX = join(ROOT, 'resources/packs/citadel-codex');

function readLevel(path: string): Level {
  const r = parseLevelText(readFileSync(path, 'utf8'));
  if (!r.ok) throw new Error(`${path}: ${r.error[0]?.message}`);
  return r.value;
}

async function run(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo();
  if (stdin !== undefined) Object.assign(io, { readStdin: () => Promise.resolve(stdin) });
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

let dir: string;
beforeAll(() => {
  dir = tempDir('castellan-code-');
});
afterAll(() => cleanupTempDirs());

describe('castellan code', () => {
  it('prints one line, a code of the same level (levelHash); --decode writes it back as a level file', async () => {
    const r = await run(['code', VAULT]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^CST1\.[A-Za-z0-9_-]+\n$/);
    const back = decodeLevelCode(r.stdout);
    expect(back.ok && levelHash(back.value)).toBe(levelHash(readLevel(VAULT)));
    const out = join(dir, 'vault.level.json');
    const d = await run(['code', '--decode', r.stdout.trim(), '-o', out]);
    expect(d.code).toBe(0);
    expect(levelHash(readLevel(out))).toBe(levelHash(readLevel(VAULT)));
  });

  it('--board prints the board text, which --decode - reads from stdin', async () => {
    const r = await run(['code', '--board', VAULT]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^Castellan chess-maze \d+x\d+/);
    expect(r.stdout).toContain('\nLegend:\n');
    const out = join(dir, 'vault-board.level.json');
    expect((await run(['code', '--decode', '-', '-o', out], r.stdout)).code).toBe(0);
    expect(levelHash(readLevel(out))).toBe(levelHash(readLevel(VAULT)));
  });

  it('never replaces an existing file unless --force', async () => {
    const code = (await run(['code', VAULT])).stdout.trim();
    const out = join(dir, 'taken.level.json');
    writeFileSync(out, 'mine');
    const r = await run(['code', '--decode', code, '-o', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^castellan: exists: /);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    expect((await run(['code', '--decode', code, '-o', out, '--force'])).code).toBe(0);
    expect(levelHash(readLevel(out))).toBe(levelHash(readLevel(VAULT)));
  });

  it('a changed code, text that is no level, a missing file: exit 1 with the code, nothing written', async () => {
    const code = (await run(['code', VAULT])).stdout.trim();
    const changed = code.slice(0, 20) + (code[20] === 'A' ? 'B' : 'A') + code.slice(21);
    const out = join(dir, 'never.level.json');
    const a = await run(['code', '--decode', changed, '-o', out]);
    expect([a.code, a.stderr]).toEqual([1, expect.stringMatching(/^castellan: level-code-checksum: /)]);
    const b = await run(['code', '--decode', 'hello there', '-o', out]);
    expect([b.code, b.stderr]).toEqual([1, expect.stringMatching(/^castellan: not-level-text: /)]);
    const c = await run(['code', join(dir, 'missing.level.json')]);
    expect([c.code, c.stderr]).toEqual([1, expect.stringMatching(/^castellan: file-not-found: /)]);
    expect(existsSync(out)).toBe(false);
  });
});

describe('castellan pack collection / pack import', () => {
  it('the Codex as codes and as board texts comes back as a new pack: same levels, order, tiers and titles', async () => {
    const manifest = JSON.parse(readFileSync(join(CODEX, 'pack.json'), 'utf8')) as { title: string; levels: { file: string; tier?: string }[] };
    const hashes = manifest.levels.map((e) => levelHash(readLevel(join(CODEX, e.file))));
    for (const form of ['codes', 'boards']) {
      const txt = join(dir, `codex-${form}.txt`);
      const w = await run(['pack', 'collection', CODEX, '-o', txt, ...(form === 'boards' ? ['--boards'] : [])]);
      expect(w.code, w.stderr).toBe(0);
      const out = join(dir, `codex-${form}`);
      const r = await run(['pack', 'import', txt, '-o', out]);
      expect(r.code, r.stderr).toBe(0);
      const pack = JSON.parse(readFileSync(join(out, 'pack.json'), 'utf8')) as typeof manifest;
      expect(pack.title).toBe(manifest.title);
      expect(pack.levels.map((e) => e.tier)).toEqual(manifest.levels.map((e) => e.tier));
      expect(pack.levels.map((e) => levelHash(readLevel(join(out, e.file))))).toEqual(hashes);
    }
  });

  it('a bad entry is named by file and line with its reason; the good ones are imported (exit 1)', async () => {
    const code = (await run(['code', VAULT])).stdout.trim();
    const txt = join(dir, 'mixed.txt');
    writeFileSync(txt, ['Pack: Mixed', code, 'not a level', code.slice(0, -3), code, ''].join('\n'));
    const out = join(dir, 'mixed');
    const r = await run(['pack', 'import', txt, '-o', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${txt}:3: error collection-entry `);
    expect(r.stderr).toContain(`${txt}:4: error level-code-`);
    expect(readdirSync(join(out, 'levels'))).toHaveLength(2);
  });

  it('a text with no level writes nothing', async () => {
    const txt = join(dir, 'empty.txt');
    writeFileSync(txt, 'hello\n');
    const out = join(dir, 'empty-pack');
    const r = await run(['pack', 'import', txt, '-o', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${txt}:1: error collection-entry`);
    expect(existsSync(out)).toBe(false);
  });
});
