/**
 * Collections (src-shared/format/collection.ts, docs/reference/format-contract.md
 * "Collections"): a hand-written collection of codes and board texts with
 * good and bad entries; the Citadel Codex written as a collection in both
 * forms and read back (order, tiers, titles, levelHash); the entry bound.
 */
import { describe, expect, it } from 'vitest';
import { parseCollection, planImport, writeCollection, type CollectionItem } from '../../../src-shared/format/collection.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { encodeLevelCode } from '../../../src-shared/format/level-code.js';
import { MAX_PACK_LEVELS } from '../../../src-shared/format/limits.js';
import { readLevelText } from '../../../src-shared/format/level-text.js';
import type { Level } from '../../../src-shared/model/level.js';
import { sampleLevel, sampleLevels } from './level-samples.js';

function code(level: Level): string {
  const c = encodeLevelCode(level);
  if (!c.ok) throw new Error('encode');
  return c.value;
}

const backstop = sampleLevel('kings-valley/01-backstop.level.json');
const walledIn = sampleLevel('kings-valley/02-walled-in.level.json');
const maze = sampleLevel('chess-maze/01-stepping-stones.level.json');

describe('a hand-written collection with good and bad entries', () => {
  const c2 = code(walledIn);
  const lines = [
    '; my favourite valley problems', // 1
    'Pack: Valley Problems', // 2
    'Tier: Easy', // 3
    'Castellan kings-valley 5x5 win in 1: Backstop', // 4
    '.s.ss', // 5
    'S.s.k', // 6
    '.....', // 7
    '.S..S', // 8
    '..K.S', // 9
    '', // 10
    c2.slice(0, 60), // 11: a code wrapped over two lines
    c2.slice(60), // 12
    'this line is not a level', // 13
    '', // 14
    'Tier: Hard', // 15
    `${c2.slice(0, 50)}Z${c2.slice(51)}`, // 16: one character changed
    code(maze), // 17: another ruleset
    'Castellan kings-valley 5x5: Broken', // 18
    '.s.s', // 19: a short row
  ];
  const c = parseCollection(lines.join('\n'));

  it('reads the pack title, every entry at its line, with the tier in force', () => {
    expect(c.title).toBe('Valley Problems');
    expect(c.entries.map((e) => [e.line, e.kind, e.tier, e.level !== undefined])).toEqual([
      [4, 'board', 'Easy', true],
      [11, 'code', 'Easy', true],
      [13, 'other', 'Easy', false],
      [16, 'code', 'Hard', false],
      [17, 'code', 'Hard', true],
      [18, 'board', 'Hard', false],
    ]);
  });

  it('plans the import: the good entries of the first ruleset in order, each bad one with its line and reason', () => {
    const plan = planImport(c);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.value.title).toBe('Valley Problems');
    expect(plan.value.ruleset).toBe('kings-valley');
    expect(plan.value.levels.map((l) => [l.line, l.tier, levelHash(l.level)])).toEqual([
      [4, 'Easy', levelHash(backstop)],
      [11, 'Easy', levelHash(walledIn)],
    ]);
    expect(plan.value.levels[1]!.level.meta.title).toBe(walledIn.meta.title);
    expect(plan.value.skipped.map((s) => [s.line, s.code])).toEqual([
      [13, 'collection-entry'],
      [16, 'level-code-checksum'],
      [17, 'pack-ruleset-mismatch'],
      [18, 'board-text-rows'],
    ]);
    expect(plan.value.skipped[3]!.message).toContain('Line 19');
    expect(planImport(c, { title: 'Mine' }).ok && planImport(c, { title: 'Mine' })).toMatchObject({ value: { title: 'Mine' } });
  });

  it('nothing good: no plan, the reasons; an empty text says so', () => {
    const bad = planImport(parseCollection('hello\n\nCST1.AAAAAAAA\n'));
    expect(bad.ok ? [] : bad.error.map((s) => [s.line, s.code])).toEqual([
      [1, 'collection-entry'],
      [3, 'level-code-checksum'],
    ]);
    const empty = planImport(parseCollection('; nothing here\n\n'));
    expect(empty.ok ? [] : empty.error.map((s) => s.code)).toEqual(['collection-empty']);
  });

  it('what the editor makes of pasted text: one level, a collection, or none', () => {
    expect(readLevelText(c2).kind).toBe('code');
    expect(readLevelText(lines.slice(3, 9).join('\n')).kind).toBe('board');
    expect(readLevelText(lines.join('\n'))).toEqual({ kind: 'collection', entries: 6 });
    expect(readLevelText('{"castellan.region": 1}').kind).toBe('none');
    expect(readLevelText('hello').kind).toBe('none');
    const json = readLevelText(JSON.stringify(backstop));
    expect(json.kind === 'json' && json.result.ok && levelHash(json.result.value)).toBe(levelHash(backstop));
    const broken = readLevelText(`${c2.slice(0, 50)}Z${c2.slice(51)}`);
    expect(broken.kind === 'code' && !broken.result.ok && broken.result.error[0]!.code).toBe('level-code-checksum');
  });
});

describe('a code and a word after it', () => {
  it('a word right after a code (base64url too, so read as its continuation) is a bad entry of its own; the code is read', () => {
    const c = parseCollection([code(backstop), 'oops', 'Hello', code(walledIn), ''].join('\n'));
    expect(c.entries.map((e) => [e.line, e.kind, e.level ? levelHash(e.level) : e.issues?.[0]?.code])).toEqual([
      [1, 'code', levelHash(backstop)],
      [2, 'other', 'collection-entry'],
      [3, 'other', 'collection-entry'],
      [4, 'code', levelHash(walledIn)],
    ]);
  });
});

describe('a pack written as a collection and read back', () => {
  const codex = sampleLevels().filter((s) => s.file.includes('citadel-codex'));
  const items: CollectionItem[] = codex.map(({ level }, k) => ({
    level,
    tier: k < 10 ? 'Novice' : k < 20 ? undefined : 'Master',
    ...(k === 3 ? { title: 'A title of the pack entry' } : {}),
  }));

  for (const form of ['codes', 'boards'] as const) {
    it(`as ${form}: the same levels (levelHash) in the same order, with their tiers and titles`, () => {
      const w = writeCollection({ title: 'Citadel Codex', ruleset: 'unlock-the-king', author: 'Castellan' }, items, form);
      expect(w.ok).toBe(true);
      if (!w.ok) return;
      const back = parseCollection(w.value);
      expect(back.title).toBe('Citadel Codex');
      expect(back.author).toBe('Castellan');
      const plan = planImport(back);
      expect(plan.ok && plan.value.skipped).toEqual([]);
      if (!plan.ok) return;
      expect(plan.value.levels.map((l) => levelHash(l.level))).toEqual(codex.map((s) => levelHash(s.level)));
      expect(plan.value.levels.map((l) => l.tier)).toEqual(items.map((i) => i.tier));
      expect(plan.value.levels.map((l) => l.level.meta.title)).toEqual(items.map((i) => i.title ?? i.level.meta.title));
    });
  }

  it('a level a collection cannot hold names its number', () => {
    const off = { ...backstop, pillars: ['i9'] } as unknown as Level;
    const w = writeCollection({ title: 'x', ruleset: 'kings-valley' }, [{ level: backstop }, { level: off }], 'boards');
    expect(w.ok ? undefined : w.error[0]).toMatchObject({ code: 'board-text-off-board', message: expect.stringMatching(/^#2 Backstop: /) });
  });
});

describe('bounds', () => {
  it(`reads at most ${MAX_PACK_LEVELS} entries, then says where it stopped`, () => {
    const text = Array.from({ length: MAX_PACK_LEVELS + 5 }, () => 'CST1.AAAAAAAA').join('\n');
    const c = parseCollection(text);
    expect(c.entries.length).toBe(MAX_PACK_LEVELS + 1);
    expect(c.entries.at(-1)).toMatchObject({ line: MAX_PACK_LEVELS + 1, issues: [{ code: 'collection-too-many' }] });
  });
});
