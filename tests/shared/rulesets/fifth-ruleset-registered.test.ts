/**
 * A fifth ruleset registered the way a real one is: its module in the
 * registry (src-shared/rulesets/registry.ts) and its schema fragment in the
 * level schema, both put there by the test-only hook of extra-ruleset.ts
 * (the two modules replaced; nothing else edited). Every generic entry then
 * serves it with no ruleset-id branch: loading through the schema, the
 * level hash through its declared unordered list, its board text (its own
 * `boardText` hook) and level code, the host's save pipeline (its par check
 * included), the headless play session and its own glyph
 * art (the renderer's worker job: tests/renderer/workers/fifth-ruleset-job.test.ts); an id no module has answers
 * `ruleset-unsupported` in each of them.
 *
 * Hand-worked yard (CR-1, CR-3): 4 x 4, pusher a1, a column of crates b1 b2
 * b3; the pusher can only go up the a-file and along the top, so the one
 * shortest walk to d4 is a2 a3 a4 b4 c4 d4 (6 steps).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseLevelText } from '../../../src-shared/format/load.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { serializeLevel } from '../../../src-shared/format/serialize.js';
import { displayLevel, rulesetDef, solveLevel } from '../../../src-shared/rulesets/index.js';
import { startPlay } from '../../../src-shared/play/index.js';
import { renderLevelSvg } from '../../../src-shared/render/svg.js';
import { artSwatch } from '../../../src-shared/display/art.js';
import type { Level } from '../../../src-shared/model/level.js';
import { saveLevelFile } from '../../../src-main/services/save-pipeline.js';
import type { SolvePoolLike } from '../../../src-main/services/solve-runner.js';
import { cleanupTempDirs, tempDir, twoMoveLevel } from '../../main/helpers.js';
import { boardTextToLevel, levelToBoardText } from '../../../src-shared/format/board-text.js';
import { decodeLevelCode, encodeLevelCode } from '../../../src-shared/format/level-code.js';
import { crates, type CratesLevel } from './extra-ruleset.js';

vi.mock('../../../src-shared/rulesets/registry.js', async (importOriginal) => (await import('./extra-ruleset.js')).registryWithCrates(importOriginal));
vi.mock('../../../src-shared/format/generated/validate-level.js', async () => (await import('./extra-ruleset-schema.js')).levelValidatorWithCrates());

afterAll(cleanupTempDirs);

const WALK = ['Pa1-a2', 'Pa2-a3', 'Pa3-a4', 'Pa4-b4', 'Pb4-c4', 'Pc4-d4'];

function column(extra: Partial<CratesLevel> = {}): CratesLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'crates',
    meta: { title: 'Column' },
    board: { width: 4, height: 4 },
    crates: ['b1', 'b2', 'b3'],
    pusher: { square: 'a1' },
    ...extra,
  };
}

const asLevel = (l: CratesLevel): Level => l as unknown as Level;
const codes = (issues: readonly { code: string }[]): string[] => issues.map((i) => i.code);

/** The solve of the save pipeline run in this process (the default is a worker thread, which would not see the test's registry). */
const inProcess: SolvePoolLike = {
  solve: (level, opts) => Promise.resolve({ result: solveLevel(level, { maxStates: opts?.maxStates }), ms: 0 }),
};

describe('a fifth ruleset in the registry: schema loading', () => {
  it('its file loads through the level schema; the registry serves its module', () => {
    const r = parseLevelText(serializeLevel(asLevel(column())));
    expect(r.ok && r.value).toEqual(column());
    expect(rulesetDef('crates')).toBe(crates);
  });

  it("its closed shape refuses another ruleset's field and a bad square; a real ruleset still loads", () => {
    const withWalls = parseLevelText(JSON.stringify({ ...column(), walls: [] }));
    expect(!withWalls.ok && withWalls.error.some((i) => i.pointer === '/walls')).toBe(true);
    const badSquare = parseLevelText(JSON.stringify({ ...column(), pusher: { square: 'a0' } }));
    expect(!badSquare.ok && badSquare.error.some((i) => i.pointer === '/pusher/square')).toBe(true);
    expect(parseLevelText(JSON.stringify(twoMoveLevel())).ok).toBe(true);
  });

  it('an id no module has: ruleset-unsupported at /ruleset', () => {
    const r = parseLevelText(JSON.stringify({ ...column(), ruleset: 'sokoban' }));
    expect(!r.ok && r.error.map((i) => [i.code, i.pointer])).toEqual([['ruleset-unsupported', '/ruleset']]);
  });
});

describe('a fifth ruleset in the registry: the level hash', () => {
  it('its declared unordered list: the crates in any order hash equal; a moved crate or pusher does not', () => {
    const h = levelHash(column());
    expect(levelHash(column({ crates: ['b3', 'b1', 'b2'] }))).toBe(h);
    expect(levelHash(column({ meta: { title: 'Another title' }, par: 9 }))).toBe(h);
    expect(levelHash(column({ crates: ['b1', 'b2', 'c3'] }))).not.toBe(h);
    expect(levelHash(column({ pusher: { square: 'a2' } }))).not.toBe(h);
  });

  it("the order rule is the module's: under the common rules alone the reordered list hashes differently", () => {
    const commonOnly = { ...crates, hash: {} };
    expect(levelHash(column({ crates: ['b3', 'b1', 'b2'] }), commonOnly)).not.toBe(levelHash(column(), commonOnly));
  });
});

describe("a fifth ruleset in the registry: the host's save pipeline", () => {
  it('a proved save: solution of 6 moves (hand-worked) with its levelHash, written and loadable', async () => {
    const p = join(tempDir(), 'column.level.json');
    const r = await saveLevelFile(p, column({ par: 6 }), { solver: inProcess });
    if (!('path' in r)) throw new Error(`save failed: ${r.code} ${r.message}`);
    const back = parseLevelText(readFileSync(p, 'utf8'));
    if (!back.ok) throw new Error(JSON.stringify(back.error));
    const saved = back.value as unknown as CratesLevel;
    expect(saved.solution).toMatchObject({ moves: WALK, length: 6, optimal: true, levelHash: levelHash(column()) });
    expect(saved.draft).toBeUndefined();
  });

  it('its par check (checkPar): par 5 is below the proven 6, not saved', async () => {
    const p = join(tempDir(), 'low-par.level.json');
    const r = await saveLevelFile(p, column({ par: 5 }), { solver: inProcess });
    expect('code' in r && [r.code, r.issues?.some((i) => i.code === 'cr-par-below-optimal')]).toEqual(['invalid', true]);
  });

  it('an id no module has: ruleset-unsupported, nothing written', async () => {
    const p = join(tempDir(), 'sokoban.level.json');
    const r = await saveLevelFile(p, { ...column(), ruleset: 'sokoban' }, { solver: inProcess, allowDraft: true });
    expect('code' in r && r.code).toBe('invalid');
    expect('code' in r && codes(r.issues ?? [])).toContain('ruleset-unsupported');
    expect(existsSync(p)).toBe(false);
  });
});

describe('a fifth ruleset in the registry: play and its own art', () => {
  it('the headless session plays its hooks: one legal first step, the walk wins at par (3 stars), undo and restart', () => {
    const started = startPlay(column(), { par: 6 });
    if (!started.ok) throw new Error(JSON.stringify(started.error));
    let s = started.value;
    expect(s.legalMoves().map((m) => m.lan)).toEqual(['Pa1-a2']);
    for (const lan of WALK) s = s.playLan(lan) ?? s;
    expect([s.status.kind, s.stars, s.view.doc.pusher]).toEqual(['won', 3, { square: 'd4' }]);
    const back = s.undo();
    expect(back.status.kind).toBe('playing');
    const again = back.restart();
    expect([again.view.doc.pusher, again.counters.restarts, again.counters.undos]).toEqual([{ square: 'a1' }, 1, 1]);
    expect(again.undo().view.doc.pusher).toEqual({ square: 'c4' }); // restart is one undoable step
  });

  it('a walled-in pusher is a dead end; an id no module has: ruleset-unsupported', () => {
    const boxed = startPlay(column({ crates: ['a2', 'b1'] }));
    expect(boxed.ok && boxed.value.status).toEqual({ kind: 'failed', reason: 'dead-end' });
    const unknown = startPlay({ ...column(), ruleset: 'sokoban' });
    expect(!unknown.ok && codes(unknown.error)).toEqual(['ruleset-unsupported']);
  });

  it('its crates are its own drawn art: in the display, the SVG diagram and the minimap swatch', () => {
    const d = displayLevel(column());
    const crate = d.glyphs.find((g) => g.square === 'b1')!;
    expect(crate.art.kind).toBe('drawn');
    const svg = renderLevelSvg(column());
    expect((svg.match(/class="drawn crate" data-square="b\d"/g) ?? []).length).toBe(3);
    expect(svg).toContain('crate-brace');
    expect(artSwatch(crate.art)).toEqual({ shape: 'square', fill: '#a0522d', size: 0.8 });
  });
});

describe('a fifth ruleset in the registry: board text and level code', () => {
  // Written by hand from the yard (CR-1): rank 4 first; `#` a crate, `.` floor (its default legend); the pusher on its own line.
  const TEXT = ['Castellan crates 4x4 par 6: Column', 'Pusher: a1', '....', '.#..', '.#..', '.#..', 'Legend:', '. floor', '# crate', ''].join('\n');

  it('its board text through its boardText hook: written as worked by hand, read back to the same level and levelHash', () => {
    const w = levelToBoardText(asLevel(column({ par: 6 })));
    expect(w.ok && w.value).toEqual({ text: TEXT, lost: [] });
    const r = boardTextToLevel(TEXT);
    // The rows are read top rank first, so the crates come back in that order: the same content (its unordered list).
    expect(r.ok && r.value).toEqual(column({ par: 6, crates: ['b3', 'b2', 'b1'] }));
    expect(r.ok && levelHash(r.value)).toBe(levelHash(column()));
    // Typed by hand with the default legend and no crate line: still its level; a misplaced pusher line is named.
    const typed = boardTextToLevel('Castellan crates 3x2: Tiny\nPusher: a1\n...\n...');
    expect(typed.ok && typed.value).toMatchObject({ ruleset: 'crates', crates: [], pusher: { square: 'a1' } });
    const bad = boardTextToLevel('Castellan crates 3x2: Tiny\nPusher: nowhere\n...\n...');
    expect(bad.ok ? undefined : bad.error[0]?.code).toBe('board-text-line');
  });

  it('its level code round-trips (generic)', () => {
    const code = encodeLevelCode(asLevel(column({ par: 6 })));
    if (!code.ok) throw new Error(code.error[0]?.message);
    const back = decodeLevelCode(code.value);
    expect(back.ok && back.value).toEqual(column({ par: 6 }));
  });

  it('without the hook: board-text-unsupported naming the ruleset, both ways; its level code still works', () => {
    const hooked = crates.boardText;
    const def = crates as { boardText?: typeof hooked };
    delete def.boardText;
    try {
      const w = levelToBoardText(asLevel(column()));
      expect(w.ok ? undefined : w.error[0]).toMatchObject({ code: 'board-text-unsupported', message: expect.stringContaining('crates') });
      const r = boardTextToLevel(TEXT);
      expect(r.ok ? undefined : r.error[0]).toMatchObject({ code: 'board-text-unsupported', message: expect.stringContaining('crates') });
      const code = encodeLevelCode(asLevel(column()));
      const back = code.ok ? decodeLevelCode(code.value) : code;
      expect(back.ok && levelHash(back.value)).toBe(levelHash(column()));
    } finally {
      def.boardText = hooked;
    }
  });
});
