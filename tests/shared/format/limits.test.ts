/**
 * The stated size limits of the files (src-shared/format/limits.ts): a pack
 * holds at most 10,000 levels (refused at once, before its entries are
 * checked, `pack-too-many-levels`); a level's square lists hold at most what
 * the squares of its board can hold (one wall, hole or capture square; two
 * pieces, LC-2 stacks; three tiles, CM-14), else `level-list-too-long` (the
 * level still loads with its other findings); and a list of 100,000
 * duplicate walls draws one wall per square.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePackText } from '../../../src-shared/format/load.js';
import { listLimitIssues, MAX_PACK_LEVELS } from '../../../src-shared/format/limits.js';
import { displayLevel, validateDocument } from '../../../src-shared/rulesets/index.js';

const uk = (extra: Record<string, unknown>): Record<string, unknown> => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'x' },
  board: { width: 3, height: 3 },
  portal: 'c3',
  pieces: [{ role: 'king', square: 'a1' }],
  ...extra,
});

const pack = (n: number, entry: unknown): string =>
  JSON.stringify({ format: 'castellan.pack', version: 1, title: 'P', ruleset: 'unlock-the-king', levels: Array.from({ length: n }, () => entry) });

describe('the stated limits', () => {
  it('a pack of 10,001 entries is refused with pack-too-many-levels alone, before any entry is checked', () => {
    // Every entry is malformed: a check of the entries would report those instead.
    const r = parsePackText(pack(MAX_PACK_LEVELS + 1, { nonsense: true }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toHaveLength(1);
    expect(r.error[0]).toMatchObject({ severity: 'error', code: 'pack-too-many-levels', pointer: '/levels' });
    expect(r.error[0]!.message).toContain('10,001');
    expect(r.error[0]!.message).toContain('10,000');
  });

  it('a pack of exactly 10,000 file entries loads', () => {
    const r = parsePackText(pack(MAX_PACK_LEVELS, { file: 'levels/a.level.json' }));
    expect(r.ok).toBe(true);
  });

  it('the pack schema states the same limit (maxItems of levels)', () => {
    const schema = JSON.parse(readFileSync(new URL('../../../schemas/pack.schema.json', import.meta.url), 'utf8')) as {
      properties: { levels: { maxItems: number } };
    };
    expect(schema.properties.levels.maxItems).toBe(MAX_PACK_LEVELS);
  });

  it('UK-1 a 3x3 board holds at most 9 walls: 10 is level-list-too-long at /walls, 9 is not', () => {
    const ten = ['a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'a2', 'a3', 'b1'];
    expect(listLimitIssues(uk({ walls: ten.slice(0, 9) }))).toEqual([]);
    const issues = listLimitIssues(uk({ walls: ten }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ severity: 'error', code: 'level-list-too-long', pointer: '/walls' });
    expect(issues[0]!.message).toContain('at most 9');
  });

  it('on a 2x2 board: 5 holes or capture squares, 9 pieces (two per square: LC-2 stacks), 13 tiles (three: CM-14) are too many', () => {
    const cycle = (n: number): string[] => Array.from({ length: n }, (_, i) => ['a1', 'a2', 'b1', 'b2'][i % 4]!);
    const doc = (holes: number, pieces: number, tiles: number, capture: number): Record<string, unknown> => ({
      format: 'castellan.level',
      version: 1,
      ruleset: 'chess-maze',
      meta: { title: 'm' },
      board: { width: 2, height: 2, holes: cycle(holes) },
      pieces: cycle(pieces).map((square) => ({ role: 'rook', square, side: 'enemy' })),
      tiles: cycle(tiles).map((square) => ({ kind: 'coin', square })),
      objectives: { capture: cycle(capture) },
    });
    expect(listLimitIssues(doc(5, 9, 13, 5)).map((i) => i.pointer)).toEqual(['/board/holes', '/pieces', '/tiles', '/objectives/capture']);
    expect(listLimitIssues(doc(4, 8, 12, 4))).toEqual([]);
  });

  it('CM-14 a dense Chess Maze board stays within the limit: a lock, a coin and the finish on one square, a plate and a gem on another', () => {
    const doc = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'chess-maze',
      meta: { title: 'dense' },
      board: { width: 1, height: 2 },
      pieces: [{ role: 'king', square: 'a1', side: 'player' }],
      tiles: [
        { kind: 'lock', square: 'a2', color: 'red' },
        { kind: 'coin', square: 'a2' },
        { kind: 'finish', square: 'a2' },
        { kind: 'plate', square: 'a1', color: 'red' },
        { kind: 'gem', square: 'a1' },
      ],
    };
    expect(listLimitIssues(doc)).toEqual([]);
  });

  it('UK-1 100,000 wall entries: the level still loads, with level-list-too-long and the duplicate walls', () => {
    const walls = Array.from({ length: 100_000 }, (_, i) => ['b1', 'b2', 'a2'][i % 3]!);
    const { level, issues } = validateDocument(uk({ walls }));
    expect(level).toBeDefined();
    expect(issues.filter((i) => i.code === 'level-list-too-long')).toHaveLength(1);
    expect(issues.some((i) => i.code === 'uk-wall-duplicate' && i.severity === 'error')).toBe(true);
  });

  it('UK-1 a wall listed 100,000 times is drawn once (one glyph per square and kind)', () => {
    const walls = Array.from({ length: 100_000 }, (_, i) => ['b1', 'b2'][i % 2]!);
    const d = displayLevel(uk({ walls }) as never);
    const wallGlyphs = d.glyphs.filter((g) => g.art.kind === 'wall');
    expect(wallGlyphs.map((g) => g.square).sort()).toEqual(['b1', 'b2']);
  });
});
