/**
 * Loading: parseLevelText / checkLevelObject / parsePackText / checkPackObject
 * accept every v1 fixture and reject malformed input with a coded Issue at
 * the right JSON pointer, without ever throwing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLevelObject, checkPackObject, packRulesetIssue, parseLevelText, parsePackText } from '../../../src-shared/format/load.js';
import { MAX_DEPTH, MAX_TEXT_LENGTH } from '../../../src-shared/format/json-value.js';
import type { Issue } from '../../../src-shared/validation/issue.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { LEVEL_FIXTURES, cmDoc, errorsOf, fixtureJson, fixtureText, kvDoc, lcDoc, ukDoc, valueOf } from './helpers.js';

const text = (v: unknown): string => JSON.stringify(v);
/** [code, pointer] pairs of the issues, for compact assertions. */
const codes = (issues: Issue[]): [string, string | undefined][] => issues.map((i) => [i.code, i.pointer]);

describe('valid v1 fixtures load', () => {
  it.each(LEVEL_FIXTURES)('%s', (name) => {
    const level = valueOf(parseLevelText(fixtureText(name)));
    // The loaded document is the file's data, unchanged (v1 needs no migration).
    expect(level).toEqual(fixtureJson(name));
  });

  it('pack folder form: pack.json', () => {
    const pack = valueOf(parsePackText(fixtureText('pack-folder/pack.json')));
    expect(pack.levels).toEqual([
      { file: 'levels/01.level.json', tier: 'Novice' },
      { file: 'levels/02.level.json', tier: 'Novice', title: 'Second steps' },
    ]);
  });

  it('pack single-file form: citadel.pack.json with embedded levels', () => {
    const pack = valueOf(parsePackText(fixtureText('citadel.pack.json')));
    expect(pack.levels).toHaveLength(2);
    const first = pack.levels[0]!;
    expect('level' in first && first.level).toEqual(fixtureJson('unlock-the-king.level.json'));
  });

  it('every error issue has severity error, a kebab-case code, a pointer and a message', () => {
    const issues = errorsOf(parseLevelText(text(ukDoc({ meta: {}, pieces: [{ role: 'wizard', square: 'z99' }] }))));
    expect(issues.length).toBeGreaterThan(0);
    for (const i of issues) {
      expect(i.severity).toBe('error');
      expect(i.code).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
      expect(typeof i.pointer).toBe('string');
      expect(i.message.length).toBeGreaterThan(10);
    }
  });

  it('the result is a copy: mutating the input later does not change it', () => {
    const doc = ukDoc();
    const level = valueOf(checkLevelObject(doc));
    (doc.pieces as { square: string }[])[0]!.square = 'a1';
    expect((level as UnlockTheKingLevel).pieces[0]!.square).toBe('e1');
  });

  it('unknown top-level fields are kept (the contract lets the project add optional fields)', () => {
    const level = valueOf(checkLevelObject(ukDoc({ futureField: { x: 1 } })));
    expect((level as unknown as Record<string, unknown>).futureField).toEqual({ x: 1 });
  });

  it('in-memory documents: undefined optional fields count as absent', () => {
    valueOf(checkLevelObject(ukDoc({ par: undefined, walls: undefined })));
  });

  it('a UTF-8 byte order mark is ignored', () => {
    valueOf(parseLevelText('\uFEFF' + text(ukDoc())));
  });
});

describe('malformed levels are rejected with code + pointer', () => {
  const cases: [string, string, [string, string][]][] = [
    ['not JSON', '{"format": "castellan.level",', [['json-syntax', '']]],
    ['empty text', '', [['json-syntax', '']]],
    ['an array', '[1, 2]', [['schema-type', '']]],
    ['null', 'null', [['schema-type', '']]],
    ['a number', '42', [['schema-type', '']]],
    ['wrong format tag', text(ukDoc({ format: 'castellan.levels' })), [['format-unknown', '/format']]],
    ['missing format tag', text(ukDoc({ format: undefined })), [['format-unknown', '/format']]],
    ['a pack given as a level', fixtureText('pack-folder/pack.json'), [['format-unknown', '/format']]],
    ['version 2', text(ukDoc({ version: 2 })), [['format-version-unsupported', '/version']]],
    ['version missing', text(ukDoc({ version: undefined })), [['format-version-missing', '/version']]],
    ['version "1"', text(ukDoc({ version: '1' })), [['format-version-invalid', '/version']]],
    ['version 1.5', text(ukDoc({ version: 1.5 })), [['format-version-invalid', '/version']]],
    ['version 0', text(ukDoc({ version: 0 })), [['format-version-invalid', '/version']]],
    ['missing ruleset', text(ukDoc({ ruleset: undefined })), [['schema-required', '/ruleset']]],
    ['unknown ruleset', text(ukDoc({ ruleset: 'checkers' })), [['ruleset-unsupported', '/ruleset']]],
    [
      'ruleset not a string',
      text(ukDoc({ ruleset: 7 })),
      [
        ['schema-type', '/ruleset'],
        ['schema-enum', '/ruleset'],
      ],
    ],
    ['missing meta', text(ukDoc({ meta: undefined })), [['schema-required', '/meta']]],
    ['missing title', text(ukDoc({ meta: { author: 'x' } })), [['schema-required', '/meta/title']]],
    ['title not a string', text(ukDoc({ meta: { title: 7 } })), [['schema-type', '/meta/title']]],
    ['missing board', text(ukDoc({ board: undefined })), [['schema-required', '/board']]],
    ['UK board too small (UK-1)', text(ukDoc({ board: { width: 2, height: 8 } })), [['schema-range', '/board/width']]],
    ['UK board too large (UK-1)', text(ukDoc({ board: { width: 8, height: 17 } })), [['schema-range', '/board/height']]],
    ['board width not an integer', text(ukDoc({ board: { width: 7.5, height: 8 } })), [['schema-type', '/board/width']]],
    ['UK board with holes', text(ukDoc({ board: { width: 8, height: 8, holes: [] } })), [['schema-additional-property', '/board/holes']]],
    ['CM board 27 wide (CM-1)', text(cmDoc({ board: { width: 27, height: 5 } })), [['schema-range', '/board/width']]],
    ['KV board 4 high (KV-9)', text(kvDoc({ board: { width: 5, height: 4 } })), [['schema-range', '/board/height']]],
    ['KV board 11 wide (KV-9)', text(kvDoc({ board: { width: 11, height: 5 } })), [['schema-range', '/board/width']]],
    ['LC board 9x8', text(lcDoc({ board: { width: 9, height: 8 } })), [['schema-range', '/board/width']]],
    ['square "z99"', text(ukDoc({ pieces: [{ role: 'king', square: 'z99' }] })), [['schema-pattern', '/pieces/0/square']]],
    ['square "E4"', text(ukDoc({ portal: 'E4' })), [['schema-pattern', '/portal']]],
    ['wall "a0"', text(ukDoc({ walls: ['d4', 'a0'] })), [['schema-pattern', '/walls/1']]],
    ['missing portal', text(ukDoc({ portal: undefined })), [['schema-required', '/portal']]],
    ['missing pieces', text(ukDoc({ pieces: undefined })), [['schema-required', '/pieces']]],
    ['unknown role', text(ukDoc({ pieces: [{ role: 'wizard', square: 'e1' }] })), [['schema-enum', '/pieces/0/role']]],
    ['bad facing', text(ukDoc({ pieces: [{ role: 'pawn', square: 'e2', facing: 'up' }] })), [['schema-enum', '/pieces/0/facing']]],
    ['lateral not boolean', text(ukDoc({ pieces: [{ role: 'pawn', square: 'e2', lateral: 'yes' }] })), [['schema-type', '/pieces/0/lateral']]],
    ['UK colour red', text(ukDoc({ pieces: [{ role: 'king', square: 'e1', color: 'red' }] })), [['schema-enum', '/pieces/0/color']]],
    ['unknown piece field', text(ukDoc({ pieces: [{ role: 'king', square: 'e1', facng: 'east' }] })), [['schema-additional-property', '/pieces/0/facng']]],
    ['UK piece with side', text(ukDoc({ pieces: [{ role: 'king', square: 'e1', side: 'player' }] })), [['schema-additional-property', '/pieces/0/side']]],
    ['tiles in an unlock-the-king level', text(ukDoc({ tiles: [] })), [['schema-additional-property', '/tiles']]],
    ['walls in a chess-maze level', text(cmDoc({ walls: ['a2'] })), [['schema-additional-property', '/walls']]],
    ['position in a kings-valley level', text(kvDoc({ position: 'x' })), [['schema-additional-property', '/position']]],
    ['CM piece without side', text(cmDoc({ pieces: [{ role: 'rook', square: 'b2' }] })), [['schema-required', '/pieces/0/side']]],
    ['CM side "white"', text(cmDoc({ pieces: [{ role: 'rook', square: 'b2', side: 'white' }] })), [['schema-enum', '/pieces/0/side']]],
    ['bad tile kind', text(cmDoc({ tiles: [{ kind: 'wall', square: 'b2' }] })), [['schema-enum', '/tiles/0/kind']]],
    ['tile without kind', text(cmDoc({ tiles: [{ square: 'b2' }] })), [['schema-required', '/tiles/0/kind']]],
    ['lock without color', text(cmDoc({ tiles: [{ kind: 'lock', square: 'b2' }] })), [['schema-required', '/tiles/0/color']]],
    ['key colour purple', text(cmDoc({ tiles: [{ kind: 'key', square: 'b2', color: 'purple' }] })), [['schema-enum', '/tiles/0/color']]],
    ['coin with a colour', text(cmDoc({ tiles: [{ kind: 'coin', square: 'b2', color: 'red' }] })), [['schema-additional-property', '/tiles/0/color']]],
    ['transform with pawn (CM-10)', text(cmDoc({ tiles: [{ kind: 'transform', square: 'b2', allowed: ['pawn'] }] })), [['schema-enum', '/tiles/0/allowed/0']]],
    [
      '6 transform types (CM-10)',
      text(cmDoc({ tiles: [{ kind: 'transform', square: 'b2', allowed: ['knight', 'bishop', 'rook', 'queen', 'king', 'knight'] }] })),
      [
        ['schema-array-length', '/tiles/0/allowed'],
        ['schema-duplicate', '/tiles/0/allowed'],
      ],
    ],
    [
      'transform with no types (CM-10)',
      text(cmDoc({ tiles: [{ kind: 'transform', square: 'b2', allowed: [] }] })),
      [['schema-array-length', '/tiles/0/allowed']],
    ],
    [
      'transform listing rook twice (CM-10)',
      text(cmDoc({ tiles: [{ kind: 'transform', square: 'b2', allowed: ['rook', 'rook'] }] })),
      [['schema-duplicate', '/tiles/0/allowed']],
    ],
    ['letter "ab"', text(cmDoc({ tiles: [{ kind: 'letter', square: 'b2', letter: 'ab' }] })), [['schema-pattern', '/tiles/0/letter']]],
    ['letter "a"', text(cmDoc({ tiles: [{ kind: 'letter', square: 'b2', letter: 'a' }] })), [['schema-pattern', '/tiles/0/letter']]],
    ['spell "go"', text(cmDoc({ objectives: { spell: 'go' } })), [['schema-pattern', '/objectives/spell']]],
    ['moveLimit 0 (CM-12)', text(cmDoc({ objectives: { moveLimit: 0 } })), [['schema-range', '/objectives/moveLimit']]],
    ['unknown objective', text(cmDoc({ objectives: { colect: true } })), [['schema-additional-property', '/objectives/colect']]],
    ['KV without sideToMove', text(kvDoc({ sideToMove: undefined })), [['schema-required', '/sideToMove']]],
    ['KV sideToMove "red"', text(kvDoc({ sideToMove: 'red' })), [['schema-enum', '/sideToMove']]],
    ['KV soldier role "pawn"', text(kvDoc({ pieces: [{ role: 'pawn', square: 'a1', side: 'white' }] })), [['schema-enum', '/pieces/0/role']]],
    ['KV goal mate-in', text(kvDoc({ goal: { type: 'mate-in', moves: 2 } })), [['schema-enum', '/goal/type']]],
    ['KV goal 0 moves (KV-9)', text(kvDoc({ goal: { type: 'win-in', moves: 0 } })), [['schema-range', '/goal/moves']]],
    ['KV option typo', text(kvDoc({ options: { soldiersMayStop: true } })), [['schema-additional-property', '/options/soldiersMayStop']]],
    ['LC without position', text(lcDoc({ position: undefined })), [['schema-required', '/position']]],
    ['LC goal win-in', text(lcDoc({ goal: { type: 'win-in', moves: 1 } })), [['schema-enum', '/goal/type']]],
    ['par 0', text(ukDoc({ par: 0 })), [['schema-range', '/par']]],
    ['par 2.5', text(ukDoc({ par: 2.5 })), [['schema-type', '/par']]],
    ['draft "yes"', text(ukDoc({ draft: 'yes' })), [['schema-type', '/draft']]],
    ['editor not an object', text(ukDoc({ editor: [] })), [['schema-type', '/editor']]],
    [
      'bad hash pattern',
      text(ukDoc({ solution: { moves: [], length: 0, optimal: true, states: 1, solver: 'castellan 0.1.0', levelHash: 'sha256:ABC' } })),
      [['schema-pattern', '/solution/levelHash']],
    ],
    [
      'solution without levelHash',
      text(ukDoc({ solution: { moves: [], length: 0, optimal: true, states: 1, solver: 'castellan 0.1.0' } })),
      [['schema-required', '/solution/levelHash']],
    ],
    ['__proto__ key', '{"format":"castellan.level","__proto__":{"polluted":true}}', [['json-forbidden-key', '/__proto__']]],
    ['nested __proto__ key', text(ukDoc()).replace('"meta":{', '"meta":{"__proto__":{},'), [['json-forbidden-key', '/meta/__proto__']]],
  ];

  it.each(cases)('%s', (_name, input, expected) => {
    expect(codes(errorsOf(parseLevelText(input)))).toEqual(expected);
  });

  it('several errors are all reported, in document order', () => {
    const issues = errorsOf(checkLevelObject(ukDoc({ meta: {}, board: { width: 20, height: 8 }, pieces: [{ role: 'wizard', square: 'e1' }] })));
    expect(codes(issues)).toEqual([
      ['schema-required', '/meta/title'],
      ['schema-range', '/board/width'],
      ['schema-enum', '/pieces/0/role'],
    ]);
  });

  it('json-syntax gives line and column', () => {
    const [i] = errorsOf(parseLevelText('{\n  "format": "castellan.level",\n  "version": 1,,\n}'));
    expect(i!.code).toBe('json-syntax');
    // Line 3 is `  "version": 1,,`: the second comma is column 16.
    expect(i!.message).toMatch(/line 3, column 16/);
  });

  it('version 2 is refused with a clear message, never half-loaded', () => {
    const [i] = errorsOf(parseLevelText(text(ukDoc({ version: 2, futureOnly: true }))));
    expect(i).toMatchObject({ severity: 'error', code: 'format-version-unsupported', pointer: '/version' });
    expect(i!.message).toMatch(/version 2/);
    expect(i!.message).toMatch(/newer Castellan/);
  });
});

describe('squares in issues', () => {
  it('an error inside a piece names the piece square', () => {
    const [i] = errorsOf(checkLevelObject(ukDoc({ pieces: [{ role: 'wizard', square: 'c3' }] })));
    expect(i).toMatchObject({ code: 'schema-enum', pointer: '/pieces/0/role', square: 'c3', squares: ['c3'] });
  });

  it('a missing field inside a tile names the tile square', () => {
    const [i] = errorsOf(checkLevelObject(cmDoc({ tiles: [{ kind: 'key', square: 'd4' }] })));
    expect(i).toMatchObject({ code: 'schema-required', pointer: '/tiles/0/color', square: 'd4' });
  });

  it('an invalid square name is not reported as a square', () => {
    const [i] = errorsOf(checkLevelObject(ukDoc({ pieces: [{ role: 'king', square: 'z99' }] })));
    expect(i!.square).toBeUndefined();
    expect(i!.message).toContain('"z99"');
  });

  it('a square-valued field of another ruleset still names its square', () => {
    const [i] = errorsOf(checkLevelObject(cmDoc({ portal: 'e8' })));
    expect(i).toMatchObject({ code: 'schema-additional-property', pointer: '/portal', square: 'e8' });
  });
});

describe('packs', () => {
  const pack = (levels: unknown[], over: Record<string, unknown> = {}): Record<string, unknown> => ({
    format: 'castellan.pack',
    version: 1,
    title: 'P',
    ruleset: 'unlock-the-king',
    levels,
    ...over,
  });

  const cases: [string, unknown, [string, string][]][] = [
    ['a level given as a pack', ukDoc(), [['format-unknown', '/format']]],
    ['pack version 2', pack([], { version: 2 }), [['format-version-unsupported', '/version']]],
    ['missing title', pack([], { title: undefined }), [['schema-required', '/title']]],
    ['missing levels', pack([], { levels: undefined }), [['schema-required', '/levels']]],
    ['bad ruleset', pack([], { ruleset: 'go' }), [['ruleset-unsupported', '/ruleset']]],
    ['entry with neither file nor level', pack([{ tier: 'Novice' }]), [['schema-one-of', '/levels/0']]],
    ['entry with both file and level', pack([{ file: 'a.level.json', level: ukDoc() }]), [['schema-one-of', '/levels/0']]],
    ['entry not an object', pack([7]), [['schema-type', '/levels/0']]],
    ['file not a string', pack([{ file: 3 }]), [['schema-type', '/levels/0/file']]],
    ['file path escaping the folder', pack([{ file: '../x.level.json' }]), [['schema-pattern', '/levels/0/file']]],
    ['absolute file path', pack([{ file: '/etc/x.level.json' }]), [['schema-pattern', '/levels/0/file']]],
    ['unknown entry field', pack([{ file: 'a.level.json', difficulty: 3 }]), [['schema-additional-property', '/levels/0/difficulty']]],
    ['embedded level missing title', pack([{ level: ukDoc({ meta: {} }) }]), [['schema-required', '/levels/0/level/meta/title']]],
    ['embedded level with bad square', pack([{ level: ukDoc({ portal: 'z99' }) }]), [['schema-pattern', '/levels/0/level/portal']]],
    ['embedded level version 2', pack([{ level: ukDoc({ version: 2 }) }]), [['format-version-unsupported', '/levels/0/level/version']]],
    ['embedded pack instead of level', pack([{ level: pack([]) }]), [['format-unknown', '/levels/0/level/format']]],
    ['embedded level of another ruleset', pack([{ level: cmDoc() }]), [['pack-ruleset-mismatch', '/levels/0/level/ruleset']]],
  ];

  it.each(cases)('%s', (_name, input, expected) => {
    expect(codes(errorsOf(checkPackObject(input)))).toEqual(expected);
    expect(codes(errorsOf(parsePackText(text(input))))).toEqual(expected);
  });

  it('errors in several entries are all reported', () => {
    const issues = errorsOf(checkPackObject(pack([{ file: 'ok.level.json' }, { level: ukDoc({ version: 9 }) }, { file: '..' }])));
    expect(codes(issues)).toEqual([
      ['format-version-unsupported', '/levels/1/level/version'],
      ['schema-pattern', '/levels/2/file'],
    ]);
  });

  it('packRulesetIssue for folder-form files checked by the host', () => {
    expect(packRulesetIssue('unlock-the-king', 'unlock-the-king', '/ruleset')).toBeUndefined();
    expect(packRulesetIssue('unlock-the-king', 'chess-maze', '/ruleset')).toMatchObject({
      code: 'pack-ruleset-mismatch',
      pointer: '/ruleset',
    });
  });
});

describe('never throws', () => {
  it('on deeply nested JSON text', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const [d] = errorsOf(parseLevelText(deep));
    expect(d!.code).toBe('json-too-deep');
    expect(d!.pointer).toBe('/0'.repeat(MAX_DEPTH));
    const deepEditor = text(ukDoc()).replace('"meta":', `"editor":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)},"meta":`);
    const [i] = errorsOf(parseLevelText(deepEditor));
    expect(i!.code).toBe('json-too-deep');
    expect(i!.pointer).toBe('/editor' + '/a'.repeat(MAX_DEPTH - 1));
  });

  it('on text over the size limit', () => {
    const huge = ' '.repeat(MAX_TEXT_LENGTH + 1);
    expect(codes(errorsOf(parseLevelText(huge)))).toEqual([['file-too-large', '']]);
  });

  it('on a large but legal document (10,000 pieces)', () => {
    const pieces = Array.from({ length: 10_000 }, (_, i) => ({ role: 'rook', square: `${'abcdefgh'[i % 8]}${(i % 8) + 1}` }));
    valueOf(parseLevelText(text(ukDoc({ pieces }))));
  });

  it('on a huge list of errors, capping them', () => {
    const pieces = Array.from({ length: 5_000 }, () => ({ role: 'wizard', square: 'a1' }));
    const issues = errorsOf(parseLevelText(text(ukDoc({ pieces }))));
    expect(issues.length).toBeLessThanOrEqual(101);
    expect(issues.at(-1)!.code).toBe('schema-too-many-errors');
  });

  it('on non-JSON in-memory values', () => {
    const cyclic: Record<string, unknown> = ukDoc();
    cyclic.editor = cyclic;
    const getterThrows = ukDoc();
    Object.defineProperty(getterThrows, 'meta', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const inputs: [unknown, string][] = [
      [undefined, 'json-invalid-value'],
      [() => 1, 'json-invalid-value'],
      [Symbol('x'), 'json-invalid-value'],
      [10n, 'json-invalid-value'],
      [new Date(0), 'json-invalid-value'],
      [new Map(), 'json-invalid-value'],
      [ukDoc({ par: Number.NaN }), 'json-invalid-value'],
      [ukDoc({ par: Infinity }), 'json-invalid-value'],
      [ukDoc({ walls: [undefined] }), 'json-invalid-value'],
      [ukDoc({ editor: { f: () => 1 } }), 'json-invalid-value'],
      [cyclic, 'json-too-deep'],
      [getterThrows, 'json-invalid-value'],
    ];
    for (const [input, code] of inputs) {
      expect(() => checkLevelObject(input)).not.toThrow();
      expect(errorsOf(checkLevelObject(input))[0]!.code, String(code)).toBe(code);
      expect(() => checkPackObject(input)).not.toThrow();
    }
    // @ts-expect-error non-string text
    expect(errorsOf(parseLevelText(42))[0]!.code).toBe('json-syntax');
  });

  it('a __proto__ key never pollutes Object.prototype', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    parseLevelText('{"__proto__":{"polluted":true},"format":"castellan.level"}');
    checkLevelObject(JSON.parse('{"format":"castellan.level","version":1,"meta":{"__proto__":{"polluted":true}}}'));
    parsePackText('{"format":"castellan.pack","version":1,"levels":[{"level":{"__proto__":{"polluted":true}}}]}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });

  it('property: arbitrary strings never throw (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const a = parseLevelText(s);
        const b = parsePackText(s);
        return typeof a.ok === 'boolean' && typeof b.ok === 'boolean';
      }),
      { numRuns: 300 },
    );
  });

  it('property: arbitrary JSON values, alone or spliced into a valid level, never throw (fast-check)', () => {
    const keys = ['format', 'version', 'ruleset', 'meta', 'board', 'walls', 'portal', 'pieces', 'tiles', 'solution', 'editor', '__proto__', 'constructor'];
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...keys), (v, key) => {
        const spliced = { ...ukDoc(), [key]: v };
        for (const input of [v, spliced, { ...ukDoc(), pieces: [v] }, { ...cmDoc(), tiles: [v] }]) {
          const r = checkLevelObject(input);
          if (!r.ok) {
            for (const i of r.error) if (i.severity !== 'error' || !i.code || i.pointer === undefined) return false;
          }
          checkPackObject({ format: 'castellan.pack', version: 1, title: 't', ruleset: 'chess-maze', levels: [v, { level: input }] });
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
