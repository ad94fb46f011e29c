/**
 * save-pipeline.ts: a level is written with a proof (solution) or, by
 * explicit choice, as a draft; never half-proved.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { Level } from '../../../src-shared/model/level.js';
import { saveLevelFile } from '../../../src-main/services/save-pipeline.js';
import { TWO_MOVE_SOLUTION, boxedInLevel, cleanupTempDirs, json, packageVersion, tempDir, twoKingsLevel, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

function readDoc(p: string): Record<string, unknown> {
  return JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;
}

const STALE = {
  moves: ['Ka1-a2'],
  length: 1,
  optimal: true,
  states: 3,
  solver: 'castellan 0.0.1',
  levelHash: 'sha256:' + '0'.repeat(64),
};

describe('saveLevelFile: proved levels', () => {
  it('UK-4/UK-6 a solvable level is written with its optimal solution (2 moves) and levelHash', async () => {
    const p = join(tempDir(), 'walk.level.json');
    const level = twoMoveLevel();
    const r = await saveLevelFile(p, level);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.draft).toBe(false);
    expect(r.solve).toMatchObject({ status: 'solved', length: 2, moves: TWO_MOVE_SOLUTION });
    const disk = readDoc(p);
    expect(disk['solution']).toEqual({
      moves: TWO_MOVE_SOLUTION,
      length: 2,
      optimal: true,
      states: (disk['solution'] as { states: number }).states,
      solver: `castellan ${packageVersion()}`,
      levelHash: levelHash(level),
      // The lone king's only 2-move path is a1-b2-c3: one optimal solution, no non-king moves.
      metrics: expect.objectContaining({ optimalSolutions: 1, optimalSolutionsCapped: false, uniqueFirstMove: true, taggedMovesMin: 0, taggedMovesMax: 0 }),
    });
    expect((disk['solution'] as { states: number }).states).toBeGreaterThan(0);
    expect(disk['draft']).toBeUndefined();
    expect(r.document).toEqual(disk);
    expect(readdirSync(join(p, '..'))).toEqual(['walk.level.json']);
  });

  it('removes draft: true once the level is proved', async () => {
    const p = join(tempDir(), 'was-draft.level.json');
    const r = await saveLevelFile(p, { ...twoMoveLevel(), draft: true });
    expect(r.ok).toBe(true);
    expect(readDoc(p)['draft']).toBeUndefined();
    expect((readDoc(p)['solution'] as { length: number }).length).toBe(2);
  });

  it('replaces a stale stored solution with the proved one', async () => {
    const p = join(tempDir(), 'stale.level.json');
    const level = twoMoveLevel();
    const r = await saveLevelFile(p, { ...level, solution: STALE });
    expect(r.ok).toBe(true);
    const sol = readDoc(p)['solution'] as typeof STALE;
    expect(sol.moves).toEqual(TWO_MOVE_SOLUTION);
    expect(sol.levelHash).toBe(levelHash(level));
    expect(sol.solver).toBe(`castellan ${packageVersion()}`);
  });

  it('keeps meta, editor state and unknown top-level fields', async () => {
    const p = join(tempDir(), 'keep.level.json');
    const doc = { ...twoMoveLevel(), meta: { title: 'Keep', author: 'Ada' }, editor: { zoom: 2 }, futureField: { x: 1 } };
    const r = await saveLevelFile(p, doc);
    expect(r.ok).toBe(true);
    const disk = readDoc(p);
    expect(disk['meta']).toEqual({ title: 'Keep', author: 'Ada' });
    expect(disk['editor']).toEqual({ zoom: 2 });
    expect(disk['futureField']).toEqual({ x: 1 });
  });

  it('UK-7 par equal to the optimum saves without a par issue', async () => {
    const p = join(tempDir(), 'par2.level.json');
    const r = await saveLevelFile(p, twoMoveLevel({ par: 2 }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect((r as unknown as { issues: { code: string }[] }).issues.map((i) => i.code)).not.toContain('uk-par-above-optimal');
    expect(readDoc(p)['par']).toBe(2);
  });

  it('UK-7 par above the optimum saves and reports a uk-par-above-optimal warning', async () => {
    const p = join(tempDir(), 'par5.level.json');
    const r = await saveLevelFile(p, twoMoveLevel({ par: 5 }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const issues = (r as unknown as { issues: { code: string; severity: string }[] }).issues;
    expect(issues).toContainEqual(expect.objectContaining({ code: 'uk-par-above-optimal', severity: 'warning' }));
    expect((readDoc(p)['solution'] as { length: number }).length).toBe(2);
  });
});

describe('saveLevelFile: refusals and drafts', () => {
  it('UK-7 par below the optimum (1 < 2) is refused like an invalid level; nothing written', async () => {
    const p = join(tempDir(), 'par1.level.json');
    const r = await saveLevelFile(p, twoMoveLevel({ par: 1 }));
    expect(r).toMatchObject({ ok: false, code: 'invalid', draftAllowed: true });
    if (r.ok) return;
    expect(r.issues?.map((i) => i.code)).toContain('uk-par-below-optimal');
    expect(r.solve).toMatchObject({ status: 'solved', length: 2 });
    expect(existsSync(p)).toBe(false);
  });

  it('UK-7 par below the optimum with allowDraft is written as a draft without solution', async () => {
    const p = join(tempDir(), 'par1d.level.json');
    const r = await saveLevelFile(p, { ...twoMoveLevel({ par: 1 }), solution: STALE }, { allowDraft: true });
    expect(r).toMatchObject({ ok: true, draft: true });
    const disk = readDoc(p);
    expect(disk['draft']).toBe(true);
    expect(disk['solution']).toBeUndefined();
  });

  it('an unsolvable level is refused without allowDraft and the existing file stays untouched', async () => {
    const p = join(tempDir(), 'boxed.level.json');
    writeFileSync(p, 'previous content\n');
    const r = await saveLevelFile(p, boxedInLevel());
    expect(r).toMatchObject({ ok: false, code: 'unsolvable', draftAllowed: true });
    if (r.ok) return;
    expect(r.solve?.status).toBe('unsolvable');
    expect(readFileSync(p, 'utf8')).toBe('previous content\n');
  });

  it('an unsolvable level with allowDraft is written with draft: true and its stale solution removed', async () => {
    const p = join(tempDir(), 'boxed.level.json');
    const r = await saveLevelFile(p, { ...boxedInLevel(), solution: STALE }, { allowDraft: true });
    expect(r).toMatchObject({ ok: true, draft: true, solve: { status: 'unsolvable' } });
    const disk = readDoc(p);
    expect(disk['draft']).toBe(true);
    expect(disk['solution']).toBeUndefined();
    expect(disk['walls']).toEqual(['a2', 'b1', 'b2']);
    if (r.ok) expect(r.document).toEqual(disk);
  });

  it('UK-2 an invalid level (two kings) is refused with its issues; with allowDraft it is written as a draft', async () => {
    const dir = tempDir();
    const p = join(dir, 'kings.level.json');
    const r = await saveLevelFile(p, twoKingsLevel());
    expect(r).toMatchObject({ ok: false, code: 'invalid', draftAllowed: true });
    if (!r.ok) expect(r.issues?.map((i) => i.code)).toContain('uk-king-count');
    expect(existsSync(p)).toBe(false);
    const d = await saveLevelFile(p, twoKingsLevel(), { allowDraft: true });
    expect(d).toMatchObject({ ok: true, draft: true });
    expect(readDoc(p)['draft']).toBe(true);
  });

  it('a document that fails the schema is never written, not even as a draft', async () => {
    const p = join(tempDir(), 'junk.level.json');
    const r = await saveLevelFile(p, { hello: 'world' }, { allowDraft: true });
    expect(r).toMatchObject({ ok: false, code: 'invalid', draftAllowed: false });
    expect(existsSync(p)).toBe(false);
  });

  it('a solve that hits the time cap answers limit; with allowDraft it is saved as a draft', async () => {
    const p = join(tempDir(), 'slow.level.json');
    const r = await saveLevelFile(p, twoMoveLevel(), { timeMs: 1 });
    expect(r).toMatchObject({ ok: false, code: 'limit', draftAllowed: true, solve: { status: 'limit' } });
    expect(existsSync(p)).toBe(false);
    const d = await saveLevelFile(p, twoMoveLevel({ par: 3 }), { timeMs: 1, allowDraft: true });
    expect(d).toMatchObject({ ok: true, draft: true });
    if (d.ok) {
      expect((d as unknown as { issues: { code: string }[] }).issues.map((i) => i.code)).toContain('uk-par-unchecked');
    }
  });

  it('a write failure answers io and writes nothing', async () => {
    const dir = tempDir();
    const p = join(dir, 'no-such-folder', 'x.level.json');
    const r = await saveLevelFile(p, twoMoveLevel());
    expect(r).toMatchObject({ ok: false, code: 'io' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the written file loads back to the returned document (read-back check)', async () => {
    const p = join(tempDir(), 'rb.level.json');
    const r = await saveLevelFile(p, twoMoveLevel());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const disk = readFileSync(p, 'utf8');
    expect(disk.endsWith('\n')).toBe(true);
    expect(JSON.parse(disk)).toEqual(r.document as Level);
  });

  it('concurrent saves to one path are serialized (the last one wins, both verified)', async () => {
    const p = join(tempDir(), 'race.level.json');
    const [a, b] = await Promise.all([saveLevelFile(p, twoMoveLevel({ meta: { title: 'A' } })), saveLevelFile(p, twoMoveLevel({ meta: { title: 'B' } }))]);
    expect(a.ok && b.ok).toBe(true);
    expect((readDoc(p)['meta'] as { title: string }).title).toBe('B');
  });
});

it('json helper writes what JSON.parse reads (sanity of the fixtures)', () => {
  expect(JSON.parse(json(twoMoveLevel()))).toEqual(twoMoveLevel());
});

describe('saveLevelFile: playable positions (two-player levels without a goal)', () => {
  // KV-4 standard setup (kings-valley.txt "Starting positions"), written by hand.
  const setup = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 'Standard setup' },
    board: { width: 5, height: 5 },
    sideToMove: 'white',
    startingSetup: true,
    pieces: [
      ...['a1', 'b1', 'd1', 'e1'].map((square) => ({ role: 'soldier', square, side: 'white' })),
      { role: 'king', square: 'c1', side: 'white' },
      ...['a5', 'b5', 'd5', 'e5'].map((square) => ({ role: 'soldier', square, side: 'black' })),
      { role: 'king', square: 'c5', side: 'black' },
    ],
  };
  it('a valid position is written as is: no solution, not a draft, solve status "position"', async () => {
    const path = join(tempDir(), 'setup.level.json');
    const r = await saveLevelFile(path, setup, {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.draft).toBe(false);
    expect(r.solve.status).toBe('position');
    const onDisk = JSON.parse(readFileSync(path, 'utf8')) as Level;
    expect(onDisk.solution).toBeUndefined();
    expect(onDisk.draft).toBeUndefined();
  });
  it('an invalid position (KV-9: two white kings) is still refused without allowDraft', async () => {
    const bad = structuredClone(setup);
    bad.pieces[0] = { role: 'king', square: 'a1', side: 'white' };
    const path = join(tempDir(), 'bad.level.json');
    const r = await saveLevelFile(path, bad, {});
    expect(r).toMatchObject({ ok: false, code: 'invalid' });
    expect(existsSync(path)).toBe(false);
  });
});
