/**
 * The command line says what a proof says (RULINGS P-1, UK-7; LEVEL-FORMAT-v1
 * "Command line contract": `solve --json` `warnings: [{code, message,
 * squares?, ruling?}]`): `solve` (text and JSON), `prove`, `validate` and
 * `pack verify` on the hand-worked positions of
 * tests/shared/validation/p1-positions.ts, and `validate` / `prove`
 * consistency for a par no proof has checked.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import type { Level } from '../../../src-shared/model/level.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo as capture } from './cli-io.js';
import { BACKSTOP, KV_COOK, LC_ONE_ROOK, LC_TWO_ROOKS, kv, lc } from '../../shared/validation/p1-positions.js';

let dir: string;

function put(name: string, level: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, json(level));
  return file;
}

async function solveJson(file: string): Promise<{ code: number; out: Record<string, unknown> }> {
  const io = capture();
  const code = await runCli(['solve', '--json', file], io);
  return { code, out: JSON.parse(io.stdout) as Record<string, unknown> };
}

beforeAll(() => {
  dir = tempDir('castellan-p1-');
});
afterAll(() => cleanupTempDirs());

describe('solve: P-1 warnings (text and --json)', () => {
  it('P-1 King\'s Valley short: "win in 2" that wins in 1 is solved (exit 0) with a problem-short warning', async () => {
    const { code, out } = await solveJson(put('kv-short.level.json', kv(BACKSTOP, 2)));
    expect(code).toBe(0);
    expect(out['status']).toBe('solved');
    expect(out['length']).toBe(1);
    expect(out['warnings']).toEqual([
      { code: 'problem-short', message: expect.stringContaining('in 1 move') as unknown as string, squares: ['c1', 'c3'], ruling: 'P-1' },
    ]);
    const io = capture();
    expect(await runCli(['solve', '--tree', join(dir, 'kv-short.level.json')], io)).toBe(0);
    expect(io.stdout).toMatch(/^ {2}warning problem-short \[c1 c3\] Short: White forces a win in 1 move \(key Kc1-c3\), fewer than the goal's "win in 2"\.$/m);
  });

  it("P-1 King's Valley cooked: both keys (Kc1-c3, Sb1-b4) in a problem-cooked warning", async () => {
    const { code, out } = await solveJson(put('kv-cook.level.json', kv(KV_COOK, 1)));
    expect(code).toBe(0);
    expect(out['keys']).toEqual(['Kc1-c3', 'Sb1-b4']);
    const w = out['warnings'] as { code: string; message: string }[];
    expect(w.map((x) => x.code)).toEqual(['problem-cooked']);
    expect(w[0]!.message).toContain('Kc1-c3, Sb1-b4');
  });

  it("P-1 King's Valley sound: no warnings field", async () => {
    const { out } = await solveJson(put('kv-sound.level.json', kv(BACKSTOP, 1)));
    expect(out['status']).toBe('solved');
    expect(out).not.toHaveProperty('warnings');
  });

  it('P-1 Locking Chess short, cooked and sound (keys in SAN in the message, LC-13)', async () => {
    const short = await solveJson(put('lc-short.level.json', lc(LC_ONE_ROOK, 2)));
    expect((short.out['warnings'] as { code: string }[]).map((x) => x.code)).toEqual(['problem-short']);
    const cook = await solveJson(put('lc-cook.level.json', lc(LC_TWO_ROOKS, 1)));
    expect(cook.out['warnings']).toEqual([
      { code: 'problem-cooked', message: 'Cooked: 2 first moves force the mate in 1 move: Ra8#, Rb8#.', squares: ['a1', 'a8', 'b1', 'b8'], ruling: 'P-1' },
    ]);
    const sound = await solveJson(put('lc-sound.level.json', lc(LC_ONE_ROOK, 1)));
    expect(sound.out).not.toHaveProperty('warnings');
  });

  it('UK-7 solve --json carries uk-par-above-optimal / uk-par-below-optimal for a stored par other than the optimum', async () => {
    // 3 x 3, king a1, portal c3: Ka1-b2, Kb2-c3, optimum 2 (tests/main/helpers.ts twoMoveLevel).
    const high = await solveJson(put('uk-high.level.json', twoMoveLevel({ par: 3 })));
    expect(high.out['warnings']).toEqual([{ code: 'uk-par-above-optimal', message: 'Par 3 is above the proven optimum of 2 moves.', ruling: 'UK-7' }]);
    const low = await solveJson(put('uk-low.level.json', twoMoveLevel({ par: 1 })));
    expect(low.code).toBe(0);
    expect((low.out['warnings'] as { code: string }[]).map((x) => x.code)).toEqual(['uk-par-below-optimal']);
    const equal = await solveJson(put('uk-equal.level.json', twoMoveLevel({ par: 2 })));
    expect(equal.out).not.toHaveProperty('warnings');
  });
});

describe('prove and validate: P-1 from the stored proof', () => {
  it('P-1 prove saves a short and cooked problem as proved, says so, and stores the keys; validate repeats it from the file', async () => {
    const file = put('kv-short-cook.level.json', kv(KV_COOK, 2));
    const io = capture();
    expect(await runCli(['prove', file], io)).toBe(0);
    expect(io.stdout).toMatch(/proved, forced win in 1/);
    expect(io.stdout).toMatch(/warning problem-short \[c1 c3\]/);
    expect(io.stdout).toMatch(/warning problem-cooked \[c1 c3 b1 b4\]/);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Level;
    expect(saved.draft).toBeUndefined();
    expect(saved.solution?.keys).toEqual(['Kc1-c3', 'Sb1-b4']);
    const v = capture();
    expect(await runCli(['validate', file], v)).toBe(0);
    expect(v.stdout).toMatch(/warning problem-short/);
    expect(v.stdout).toMatch(/warning problem-cooked/);
    expect(v.stdout).toMatch(/: ok\n$/);
  });
});

describe('validate and prove agree about a par no proof has checked (UK-7)', () => {
  it('validate says the par is unchecked without a current proof; prove then refuses the par below the optimum', async () => {
    const file = put('uk-unproved-low.level.json', twoMoveLevel({ par: 1 }));
    const v = capture();
    expect(await runCli(['validate', file], v)).toBe(0);
    expect(v.stdout).toMatch(/warning uk-par-unchecked Par 1 is not checked: there is no current proof .*castellan prove/);
    const p = capture();
    expect(await runCli(['prove', file], p)).toBe(1);
    expect(p.stdout).toMatch(/error uk-par-below-optimal/);
  });

  it('a file without a par has nothing unchecked (validate prints only ok)', async () => {
    const v = capture();
    expect(await runCli(['validate', put('uk-nopar.level.json', twoMoveLevel())], v)).toBe(0);
    expect(v.stdout).toMatch(/^[^\n]*: ok\n$/);
  });
});

describe('pack verify: P-1 warnings per level', () => {
  it('P-1 the rows carry problem-short / problem-cooked (JSON and text); the exit code stays that of the statuses', async () => {
    const root = join(dir, 'kv-pack');
    mkdirSync(join(root, 'levels'), { recursive: true });
    const levels = [kv(BACKSTOP, 1), kv(BACKSTOP, 2), kv(KV_COOK, 1)];
    levels.forEach((l, i) => writeFileSync(join(root, 'levels', `${i + 1}.level.json`), json({ ...l, meta: { title: `L${i + 1}` } })));
    writeFileSync(
      join(root, 'pack.json'),
      json({
        format: 'castellan.pack',
        version: 1,
        title: 'P1',
        ruleset: 'kings-valley',
        levels: levels.map((_, i) => ({ file: `levels/${i + 1}.level.json` })),
      }),
    );
    for (let i = 1; i <= 3; i++) expect(await runCli(['prove', join(root, 'levels', `${i}.level.json`)], capture())).toBe(0);
    const io = capture();
    expect(await runCli(['pack', 'verify', root, '--json'], io)).toBe(0);
    const rows = (JSON.parse(io.stdout) as { levels: { status: string; warnings: { code: string }[] }[] }).levels;
    expect(rows.map((r) => r.status)).toEqual(['proved', 'proved', 'proved']);
    expect(rows.map((r) => r.warnings.map((w) => w.code))).toEqual([[], ['problem-short'], ['problem-cooked']]);
    const text = capture();
    expect(await runCli(['pack', 'verify', root], text)).toBe(0);
    expect(text.stdout).toMatch(/^#2 L2: warning problem-short /m);
    expect(text.stdout).toMatch(/^#3 L3: warning problem-cooked /m);
  });
});
