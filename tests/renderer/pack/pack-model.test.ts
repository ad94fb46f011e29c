/**
 * pack-model.ts: reorder, tiers, removal, view sort and
 * "apply order", merging verification rows, labels, summary, export
 * blockers, the manager's undo history. Expected values worked by hand.
 */
import { describe, expect, it } from 'vitest';
import type { PackRow } from '../../../src-shared/host/pack-contract.js';
import type { PackFile } from '../../../src-shared/model/level.js';
import {
  difficultyText,
  defaultExportPath,
  defaultWebPagePath,
  defaultPackPath,
  exportBlockers,
  mergeVerified,
  movedPack,
  moveItem,
  orderedPack,
  PackHistory,
  rowDifficulty,
  sortRows,
  statusLabel,
  summarize,
  withoutEntry,
  withTier,
} from '../../../src-renderer/pack/pack-model.js';

const pack = (...files: string[]): PackFile => ({
  format: 'castellan.pack',
  version: 1,
  title: 'T',
  ruleset: 'unlock-the-king',
  levels: files.map((f) => ({ file: `levels/${f}.level.json` })),
});
const files = (p: PackFile): string[] => p.levels.map((e) => ('file' in e ? e.file.slice(7, -11) : '?'));

function row(index: number, extra: Partial<PackRow> = {}): PackRow {
  return {
    index,
    name: `levels/${String.fromCharCode(97 + index)}.level.json`,
    title: `L${index + 1}`,
    status: 'proved',
    detail: '',
    levelHash: `h${index}`,
    ...extra,
  };
}

describe('reorder, tier, remove', () => {
  it('moveItem moves an item to its new position (drag a to after c: b c a d)', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
  });
  it('movedPack, withTier, withoutEntry change only the manifest they are given', () => {
    const p = pack('a', 'b', 'c');
    expect(files(movedPack(p, 2, 0))).toEqual(['c', 'a', 'b']);
    expect(files(p)).toEqual(['a', 'b', 'c']);
    expect(withTier(p, 1, 'Master').levels[1]).toEqual({ file: 'levels/b.level.json', tier: 'Master' });
    expect(withTier(withTier(p, 1, 'Master'), 1, '').levels[1]).toEqual({ file: 'levels/b.level.json' });
    expect(files(withoutEntry(p, 0))).toEqual(['b', 'c']);
  });
});

describe('view sort and apply order', () => {
  const rows = [row(0, { par: 9, title: 'b' }), row(1, { par: 3, title: 'C' }), row(2, { title: 'a' }), row(3, { par: 3, title: 'd' })];
  it('sorts by par ascending, ties in pack order, unknown par last in both directions', () => {
    expect(sortRows(rows, 'par', 'asc').map((r) => r.index)).toEqual([1, 3, 0, 2]);
    expect(sortRows(rows, 'par', 'desc').map((r) => r.index)).toEqual([0, 1, 3, 2]);
  });
  it('sorts titles case-insensitively and keeps pack order for "order"', () => {
    expect(sortRows(rows, 'title').map((r) => r.title)).toEqual(['a', 'b', 'C', 'd']);
    expect(sortRows([rows[2]!, rows[0]!], 'order').map((r) => r.index)).toEqual([0, 2]);
  });
  it('sorts by UK-9 tier rank (Novice before Grandmaster), untiered last', () => {
    const t = [row(0, { tier: 'Grandmaster' }), row(1), row(2, { tier: 'Novice' }), row(3, { tier: 'Journeyman' })];
    expect(sortRows(t, 'tier').map((r) => r.index)).toEqual([2, 3, 0, 1]);
  });
  it('orderedPack makes the sorted view the pack order', () => {
    const p = pack('a', 'b', 'c', 'd');
    expect(files(orderedPack(p, sortRows(rows, 'par')))).toEqual(['b', 'd', 'a', 'c']);
    // Entries missing from the rows keep their order at the end.
    expect(files(orderedPack(p, [{ index: 2 }]))).toEqual(['c', 'a', 'b', 'd']);
  });
});

describe('mergeVerified', () => {
  it('lays verified results over rows of the same file and levelHash only', () => {
    const stored = [row(0, { status: 'draft', detail: 'draft' }), row(1, { status: 'draft', detail: 'draft' })];
    const verified = new Map<string, PackRow>([
      [stored[0]!.name, { ...stored[0]!, status: 'proved', detail: 'proved par 4', par: 4, states: 50, branching: 2.5 }],
      [stored[1]!.name, { ...stored[1]!, levelHash: 'edited-since', status: 'proved', detail: 'proved par 7', par: 7 }],
    ]);
    const m = mergeVerified(stored, verified);
    expect(m[0]).toMatchObject({ status: 'proved', par: 4, states: 50, branching: 2.5 });
    expect(m[1]).toMatchObject({ status: 'draft' });
    expect(m[1]!.par).toBeUndefined();
  });
  it('duplicates follow the current order: a verified clean level that is now a duplicate shows as one', () => {
    const stored = [row(0), row(1, { status: 'duplicate', duplicateOf: 0, duplicateHow: 'rot90', detail: 'alike to #1 (rot90)' })];
    const verified = new Map<string, PackRow>([[stored[1]!.name, { ...stored[1]!, status: 'proved', detail: 'proved par 2', par: 2, duplicateOf: undefined }]]);
    expect(mergeVerified(stored, verified)[1]).toMatchObject({ status: 'duplicate', par: 2, detail: 'alike to #1 (rot90)' });
    // ... and a verified duplicate that is first after a reorder is proved.
    const first = [row(0)];
    const v2 = new Map<string, PackRow>([[first[0]!.name, { ...first[0]!, status: 'duplicate', duplicateOf: 3, par: 5, detail: 'alike to #4 (identity)' }]]);
    expect(mergeVerified(first, v2)[0]).toMatchObject({ status: 'proved', detail: 'proved par 5' });
  });
  it('a level still being verified shows as pending, keeping the stored detail', () => {
    const stored = [row(0, { status: 'stale', detail: 'stale solution' })];
    const m = mergeVerified(stored, new Map([[stored[0]!.name, { ...stored[0]!, status: 'pending' as const }]]));
    expect(m[0]).toMatchObject({ status: 'pending', detail: 'verifying… (stored: stale solution)' });
  });
});

describe('labels, summary, blockers, paths', () => {
  it('labels statuses for the badge', () => {
    expect(statusLabel({ status: 'proved', par: 12 })).toBe('proved par 12');
    expect(statusLabel({ status: 'duplicate', duplicateOf: 2 })).toBe('duplicate of #3');
    expect(statusLabel({ status: 'par-mismatch' })).toBe('par mismatch');
    expect(statusLabel({ status: 'stale' })).toBe('stale');
  });
  it('summarizes: all proved is clean; otherwise the other statuses, worst first', () => {
    expect(summarize([row(0), row(1)])).toMatchObject({ clean: true, text: 'all 2 levels proved' });
    const s = summarize([row(0), row(1, { status: 'draft' }), row(2, { status: 'stale' }), row(3, { status: 'invalid' })]);
    expect(s.clean).toBe(false);
    expect(s.text).toBe('1 of 4 proved: 1 invalid, 1 stale, 1 draft');
    expect(summarize([]).text).toBe('no levels yet');
  });
  it('export is blocked by invalid, stale and draft levels only (the host rule)', () => {
    const rows = [
      row(0),
      row(1, { status: 'stale' }),
      row(2, { status: 'duplicate' }),
      row(3, { status: 'draft' }),
      row(4, { status: 'invalid' }),
      row(5, { status: 'par-mismatch' }),
    ];
    expect(exportBlockers(rows).map((r) => r.index)).toEqual([1, 3, 4]);
  });
  it('suggests paths for a new pack and its export', () => {
    expect(defaultPackPath('Citadel Codex!')).toBe('packs/citadel-codex');
    expect(defaultPackPath('')).toBe('packs/new-pack');
    expect(defaultExportPath('packs/p', false)).toBe('packs/p-export');
    expect(defaultExportPath('packs/p/', true)).toBe('packs/p-export.pack.json');
    // Pack > Export as web page: the player page beside the pack.
    expect(defaultWebPagePath('packs/p/')).toBe('packs/p.html');
    expect(defaultWebPagePath('packs/one.pack.json')).toBe('packs/one.html');
  });
});

describe('PackHistory', () => {
  it('undo returns the manifest a change replaced, redo the one undone; a new change clears redo', () => {
    const h = new PackHistory();
    const a = pack('a', 'b');
    const b = movedPack(a, 0, 1);
    const c = withoutEntry(b, 0);
    h.push(a); // a -> b
    h.push(b); // b -> c
    expect(h.undo(c)).toBe(b);
    expect(h.undo(b)).toBe(a);
    expect(h.undo(a)).toBeUndefined();
    expect(h.redo(a)).toBe(b);
    expect(h.canRedo).toBe(true);
    h.push(b);
    expect(h.canRedo).toBe(false);
  });
});

describe('the pack error banner says each thing once', () => {
  it('drops issues the message already contains and repeated issues', async () => {
    const { packErrorOf } = await import('../../../src-renderer/pack/pack-model.js');
    const e = packErrorOf(
      {
        code: 'conflict',
        message: 'packs/a.pack.json already exists.',
        issues: [
          { severity: 'error', code: 'conflict', message: 'packs/a.pack.json already exists.' },
          { severity: 'error', code: 'x', message: 'Level 3 is missing.' },
          { severity: 'error', code: 'x', message: 'Level 3 is missing.' },
        ],
      },
      'Not saved',
      true,
    );
    expect(e).toEqual({ code: 'conflict', message: 'Not saved: packs/a.pack.json already exists.', items: ['Level 3 is missing.'], reloadable: true });
    expect(packErrorOf({ code: 'io', message: 'disk full' }, 'Not exported')).toEqual({ code: 'io', message: 'Not exported: disk full' });
  });
});

describe('sort by difficulty (unlocking, then par, then states)', () => {
  // Hand-ranked: c (unlocking 4) is hardest although its par is shortest; a and d tie on unlocking 2
  // and are split by par (d 20 > a 12); b (unlocking 2, par 12, more states) is harder than a; e is
  // unproved (no D) and goes last both ways.
  const rows = [
    row(0, { par: 12, states: 100, taggedMovesMin: 2 }),
    row(1, { par: 12, states: 500, taggedMovesMin: 2 }),
    row(2, { par: 8, states: 50, taggedMovesMin: 4 }),
    row(3, { par: 20, states: 10, taggedMovesMin: 2 }),
    row(4, { status: 'draft', par: 30 }),
  ];
  it('ascending: easiest first, rows without D last', () => {
    expect(sortRows(rows, 'difficulty', 'asc').map((r) => r.index)).toEqual([0, 1, 3, 2, 4]);
  });
  it('descending: hardest first, rows without D still last', () => {
    expect(sortRows(rows, 'difficulty', 'desc').map((r) => r.index)).toEqual([2, 3, 1, 0, 4]);
  });
  it('equal D keeps pack order', () => {
    const same = [row(0, { par: 5, states: 9 }), row(1, { par: 5, states: 9 })];
    expect(sortRows(same, 'difficulty', 'desc').map((r) => r.index)).toEqual([0, 1]);
  });
  it('apply order after the difficulty sort writes the sorted order into the pack', () => {
    const p = pack('a', 'b', 'c', 'd', 'e');
    expect(files(orderedPack(p, sortRows(rows, 'difficulty')))).toEqual(['a', 'b', 'd', 'c', 'e']);
  });
  it('a ruleset without tagged moves sorts by par, then states', () => {
    const cm = [row(0, { par: 9, states: 1 }), row(1, { par: 4, states: 70 }), row(2, { par: 4, states: 60 })];
    expect(sortRows(cm, 'difficulty').map((r) => r.index)).toEqual([2, 1, 0]);
  });
  it('the column text: unlocking and par, par alone, or a dash without a proof', () => {
    expect(difficultyText(row(0, { par: 30, states: 1, taggedMovesMin: 12 }))).toBe('unlocking 12 · par 30');
    expect(difficultyText(row(0, { par: 9 }))).toBe('par 9');
    expect(difficultyText(row(0, { status: 'stale', par: 9, taggedMovesMin: 1 }))).toBe('—');
    expect(rowDifficulty(row(0, { status: 'invalid' }))).toBeUndefined();
  });
  it("a verify answer's tagged counts replace the stored ones when the level is unchanged", () => {
    const stored = [row(0, { par: 5, taggedMovesMin: 1, taggedMovesMax: 1 })];
    const v = new Map([[stored[0]!.name, row(0, { par: 6, taggedMovesMin: 3, taggedMovesMax: 4 })]]);
    expect(mergeVerified(stored, v)[0]).toMatchObject({ par: 6, taggedMovesMin: 3, taggedMovesMax: 4 });
  });
});
