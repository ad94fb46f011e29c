/**
 * `castellan pack verify` and `castellan pack export` (* LEVEL-FORMAT-v1 "Pack" and "Command line contract") on small hand-made
 * packs: one proved, one stale, one draft, one invalid (UK-2 two kings), one
 * proved unsolvable (UK-4 king boxed in by walls).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { TWO_MOVE_SOLUTION, boxedInLevel, cleanupTempDirs, json, tempDir, twoKingsLevel, twoMoveLevel } from '../helpers.js';
import { captureIo as capture } from './cli-io.js';

/** UK-4/UK-6: lone king a1 -> c3 on 3x3 takes two diagonal steps; stored with a current hash. */
function proved(title: string): UnlockTheKingLevel {
  const l = twoMoveLevel({ meta: { title } });
  l.solution = { moves: TWO_MOVE_SOLUTION, length: 2, optimal: true, states: 5, solver: 'castellan test', levelHash: levelHash(l) };
  return l;
}

let dir: string;

function writePack(name: string, levels: UnlockTheKingLevel[]): string {
  const root = join(dir, name);
  mkdirSync(join(root, 'levels'), { recursive: true });
  const entries = levels.map((l, i) => {
    const file = `levels/${i + 1}.level.json`;
    writeFileSync(join(root, file), json(l));
    return { file, tier: i < 2 ? 'Novice' : 'Journeyman' };
  });
  writeFileSync(join(root, 'pack.json'), json({ format: 'castellan.pack', version: 1, title: name, ruleset: 'unlock-the-king', levels: entries }));
  return root;
}

beforeAll(() => {
  dir = tempDir('castellan-pack-');
  // Stale: solved for portal c3, then the portal was moved to a3 (optimum now 2 via a2: still 2 moves, but the hash differs).
  const stale = proved('Stale one');
  stale.portal = 'a3';
  const draft = twoMoveLevel({ meta: { title: 'Draft one' } });
  const invalid = twoKingsLevel();
  invalid.meta = { title: 'Two kings' };
  writePack('mixed', [proved('Proved one'), stale, draft, invalid]);
  writePack('clean', [proved('Only one')]);
  writePack('with-unsolvable', [proved('Proved one'), boxedInLevel({ meta: { title: 'Boxed' } })]);
  // Par mismatch: stored length 3 but the optimum is 2.
  const wrong = twoMoveLevel({ meta: { title: 'Wrong' } });
  wrong.solution = { moves: ['Ka1-a2', 'Ka2-b2', 'Kb2-c3'], length: 3, optimal: true, states: 5, solver: 'x', levelHash: levelHash(wrong) };
  writePack('wrong-par', [wrong]);
});

afterAll(() => cleanupTempDirs());

describe('castellan pack verify', () => {
  it('reports proved / stale / draft / invalid per level and exits 1', async () => {
    const io = capture();
    const code = await runCli(['pack', 'verify', join(dir, 'mixed'), '--json'], io);
    expect(code).toBe(1);
    const r = JSON.parse(io.stdout);
    expect(r.levels.map((l: { status: string }) => l.status)).toEqual(['proved', 'stale', 'draft', 'invalid']);
    expect(r.levels[0].par).toBe(2);
    expect(r.levels[0].tier).toBe('Novice');
    expect(r.levels[2].tier).toBe('Journeyman');
  });

  it('prints a table with one row per level', async () => {
    const io = capture();
    const code = await runCli(['pack', 'verify', join(dir, 'mixed')], io);
    expect(code).toBe(1);
    expect(io.stdout).toMatch(/Proved one\s+Novice\s+proved par 2/);
    expect(io.stdout).toMatch(/Stale one\s+Novice\s+stale solution/);
    expect(io.stdout).toMatch(/Draft one\s+Journeyman\s+draft/);
    expect(io.stdout).toMatch(/Two kings\s+Journeyman\s+invalid/);
    expect(io.stdout).toContain('3 of 4 levels not clean');
  });

  it('flags a proved level alike to an earlier one (180° turn) as a duplicate', async () => {
    // 3x3, king a1 portal c3 turned 180°: king c3 portal a1.
    const turned = twoMoveLevel({ meta: { title: 'Turned' }, portal: 'a1', pieces: [{ role: 'king', square: 'c3' }] });
    turned.solution = { moves: ['Kc3-b2', 'Kb2-a1'], length: 2, optimal: true, states: 5, solver: 'x', levelHash: levelHash(turned) };
    const root = writePack('dupes', [proved('Original'), turned]);
    const io = capture();
    expect(await runCli(['pack', 'verify', root, '--json'], io)).toBe(1);
    const r = JSON.parse(io.stdout);
    expect(r.levels[1].status).toBe('duplicate');
    expect(r.levels[1].detail).toContain('#1');
  });

  it('exits 0 on a clean pack', async () => {
    const io = capture();
    expect(await runCli(['pack', 'verify', join(dir, 'clean')], io)).toBe(0);
    expect(io.stdout).toContain('1 level proved');
    expect(io.stdout).not.toContain('1 levels');
  });

  it('exits 2 when a level is proved unsolvable (UK-4 king walled in)', async () => {
    const io = capture();
    expect(await runCli(['pack', 'verify', join(dir, 'with-unsolvable'), '--json'], io)).toBe(2);
    expect(JSON.parse(io.stdout).levels[1].status).toBe('unsolvable');
  });

  it('flags a stored solution longer than the optimum as a par mismatch (exit 1)', async () => {
    const io = capture();
    expect(await runCli(['pack', 'verify', join(dir, 'wrong-par'), '--json'], io)).toBe(1);
    expect(JSON.parse(io.stdout).levels[0].status).toBe('par-mismatch');
  });

  it('verifies the single-file form too', async () => {
    const file = join(dir, 'one.pack.json');
    writeFileSync(
      file,
      json({ format: 'castellan.pack', version: 1, title: 'One', ruleset: 'unlock-the-king', levels: [{ level: proved('Embedded'), tier: 'Novice' }] }),
    );
    const io = capture();
    expect(await runCli(['pack', 'verify', file], io)).toBe(0);
    expect(io.stdout).toMatch(/Embedded\s+Novice\s+proved par 2/);
  });

  it('exits 1 on a path that is not a pack', async () => {
    const io = capture();
    expect(await runCli(['pack', 'verify', join(dir, 'nope')], io)).toBe(1);
    expect(io.stderr).toContain('does not exist');
  });
});

describe('castellan pack export', () => {
  it('refuses stale, draft and invalid levels without --force (nothing written)', async () => {
    const io = capture();
    const out = join(dir, 'out-refused');
    expect(await runCli(['pack', 'export', join(dir, 'mixed'), '-o', out], io)).toBe(1);
    expect(io.stderr).toContain('stale solution');
    expect(io.stderr).toContain('draft');
    expect(io.stderr).toContain('invalid');
    expect(existsSync(out)).toBe(false);
  });

  it('exports a clean pack to a new folder that verifies clean', async () => {
    const out = join(dir, 'out-folder');
    expect(await runCli(['pack', 'export', join(dir, 'clean'), '-o', out], capture())).toBe(0);
    expect(readdirSync(join(out, 'levels'))).toHaveLength(1);
    expect(await runCli(['pack', 'verify', out], capture())).toBe(0);
  });

  it('exports the single-file form with embedded levels', async () => {
    const out = join(dir, 'clean.pack.json');
    expect(await runCli(['pack', 'export', join(dir, 'clean'), '-o', out], capture())).toBe(0);
    const p = JSON.parse(readFileSync(out, 'utf8'));
    expect(p.format).toBe('castellan.pack');
    expect(p.levels[0].level.meta.title).toBe('Only one');
    expect(await runCli(['pack', 'verify', out], capture())).toBe(0);
  });

  it('never overwrites an existing target', async () => {
    const out = join(dir, 'existing.pack.json');
    writeFileSync(out, 'keep me');
    const io = capture();
    expect(await runCli(['pack', 'export', join(dir, 'clean'), '-o', out], io)).toBe(1);
    expect(io.stderr).toContain('already exists');
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    const folder = join(dir, 'existing-folder');
    mkdirSync(folder);
    expect(await runCli(['pack', 'export', join(dir, 'clean'), '-o', folder], capture())).toBe(1);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('--force never leaves a level out: a level file that cannot be read refuses the export (pack-level-unreadable), nothing written', async () => {
    const root = writePack('with-broken', [proved('Proved one'), proved('Soon broken')]);
    writeFileSync(join(root, 'levels/2.level.json'), '{"broken');
    for (const force of [[], ['--force']]) {
      const io = capture();
      const out = join(dir, `broken-out${force.length}`);
      expect(await runCli(['pack', 'export', root, '-o', out, ...force], io)).toBe(1);
      expect(io.stderr).toContain('pack-level-unreadable');
      expect(io.stderr).toContain('#2');
      expect(io.stderr).not.toContain('exported anyway');
      expect(existsSync(out)).toBe(false);
    }
  });

  it('--no-solutions is refused for anything but a web page (bad-option), nothing written', async () => {
    const io = capture();
    const out = join(dir, 'no-solutions-folder');
    expect(await runCli(['pack', 'export', join(dir, 'clean'), '-o', out, '--no-solutions'], io)).toBe(1);
    expect(io.stderr).toContain('bad-option');
    expect(existsSync(out)).toBe(false);
  });

  it('--force exports the mixed pack anyway, with warnings', async () => {
    const io = capture();
    const out = join(dir, 'forced');
    expect(await runCli(['pack', 'export', join(dir, 'mixed'), '-o', out, '--force'], io)).toBe(0);
    expect(io.stderr).toContain('exported anyway');
    expect(JSON.parse(readFileSync(join(out, 'pack.json'), 'utf8')).levels).toHaveLength(4); // two kings is schema-valid, so it is exported as is
  });
});

describe('castellan pack pdf', () => {
  it('writes a PDF with a title page, one diagram page per two levels and an answer key; refuses to overwrite', async () => {
    const out = join(dir, 'mixed.pdf');
    expect(await runCli(['pack', 'pdf', join(dir, 'mixed'), '-o', out], capture())).toBe(0);
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // 4 levels: title + 2 diagram pages + answer key = 4 pages.
    expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(4);
    const io = capture();
    expect(await runCli(['pack', 'pdf', join(dir, 'mixed'), '-o', out], io)).toBe(1);
    expect(io.stderr).toContain('already exists');
  });
});
