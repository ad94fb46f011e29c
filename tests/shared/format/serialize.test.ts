/**
 * serializeLevel / serializePack: stable key order, 2-space indent,
 * trailing newline, and parse(serialize(x)) deep-equals x.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLevelObject, parseLevelText, parsePackText } from '../../../src-shared/format/load.js';
import { LINE_WIDTH, serializeLevel, serializePack } from '../../../src-shared/format/serialize.js';
import type { Level, PackFile, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { LEVEL_FIXTURES, fixtureJson, fixtureText, valueOf } from './helpers.js';

describe('layout', () => {
  it('the contract examples serialize to exactly the hand-written fixture text', () => {
    for (const name of ['unlock-the-king.level.json', 'chess-maze.level.json']) {
      expect(serializeLevel(fixtureJson(name) as Level)).toBe(fixtureText(name));
    }
  });

  it('a small level, written out by hand', () => {
    const level: UnlockTheKingLevel = {
      pieces: [{ square: 'a1', role: 'king' }],
      portal: 'c3',
      board: { height: 3, width: 3 },
      meta: { title: 'Tiny' },
      ruleset: 'unlock-the-king',
      version: 1,
      format: 'castellan.level',
    };
    expect(serializeLevel(level)).toBe(
      [
        '{',
        '  "format": "castellan.level",',
        '  "version": 1,',
        '  "ruleset": "unlock-the-king",',
        '  "meta": { "title": "Tiny" },',
        '  "board": { "width": 3, "height": 3 },',
        '  "portal": "c3",',
        '  "pieces": [{ "role": "king", "square": "a1" }]',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('2-space indentation, no tabs, trailing newline, compact lines fit the width', () => {
    for (const name of LEVEL_FIXTURES) {
      const out = serializeLevel(fixtureJson(name) as Level);
      expect(out.endsWith('}\n')).toBe(true);
      expect(out.endsWith('\n\n')).toBe(false);
      for (const line of out.split('\n')) {
        expect(line).not.toMatch(/\t/);
        const indent = /^ */.exec(line)![0].length;
        expect(indent % 2, line).toBe(0);
        // A line that opens and closes a container was written compactly: it must fit.
        if (/[[{].*[\]}],?$/.test(line.trim())) expect(line.length, line).toBeLessThanOrEqual(LINE_WIDTH);
      }
    }
  });

  it('a container too wide for one line is expanded, one member per line', () => {
    const text = serializeLevel(fixtureJson('kings-valley.level.json') as Level);
    expect(text).toContain('  "pieces": [\n    { "role": "king", "square": "c1", "side": "white" },\n');
    // The long description does not fit with the title: meta is expanded.
    expect(text).toContain('  "meta": {\n    "title": "Straight to the valley",\n    "description": ');
  });
});

describe('layout of long lists in editor state', () => {
  const base = (): UnlockTheKingLevel => ({
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Lists' },
    board: { width: 3, height: 3 },
    portal: 'c3',
    pieces: [{ role: 'king', square: 'a1' }],
  });

  it('inside editor, a scalar list too wide for one line fills lines of at most LINE_WIDTH columns', () => {
    const notes = Array.from({ length: 30 }, (_, i) => `note ${i}`);
    const out = serializeLevel({ ...base(), editor: { notes } });
    const body = out.split('\n');
    const start = body.indexOf('    "notes": [');
    const end = body.indexOf('    ]', start);
    expect(start).toBeGreaterThan(0);
    const rows = body.slice(start + 1, end);
    // 30 items of 8-9 characters fit 6-7 to a line of 80 columns: 5 lines, not 30.
    expect(rows.length).toBe(5);
    for (const r of rows) expect(r.length).toBeLessThanOrEqual(LINE_WIDTH);
    expect(rows[0]).toBe('      "note 0", "note 1", "note 2", "note 3", "note 4", "note 5", "note 6",');
    expect((JSON.parse(out) as { editor: unknown }).editor).toEqual({ notes });
  });

  it('inside editor, a list of more than 1000 scalars is one compact line: the file stays about its compact size', () => {
    const samples = Array.from({ length: 100_000 }, (_, i) => i % 10);
    const level = { ...base(), editor: { samples } };
    const out = serializeLevel(level);
    expect(out).toContain(`"samples": ${JSON.stringify(samples)}`);
    expect(out.length).toBeLessThan(JSON.stringify(level).length * 1.01);
  });

  it('rules fields keep one member per line (walls are not filled)', () => {
    const walls = ['a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'b2'];
    const out = serializeLevel({ ...base(), walls } as Level);
    expect(out).toContain('  "walls": [\n    "a2",\n    "a3",\n');
  });
});

describe('key order', () => {
  it('top level: format, version, ruleset, meta, board, ruleset fields, pieces, tiles, objectives, par, draft, solution, editor, then unknown keys', () => {
    const scrambled = {
      zeta: 1,
      editor: { b: 1, a: 2 },
      solution: {
        levelHash: `sha256:${'a'.repeat(64)}`,
        solver: 'castellan 0.1.0',
        states: 3,
        optimal: true,
        length: 1,
        moves: ['Nb1-c3'],
      },
      draft: true,
      par: 4,
      objectives: { capture: ['e5'], moveLimit: 9, spell: 'AB', collect: true },
      tiles: [{ color: 'red', square: 'b3', kind: 'key' }],
      pieces: [{ facing: 'east', side: 'player', square: 'a1', role: 'pawn' }],
      board: { holes: ['c3'], height: 5, width: 5 },
      meta: { tags: ['t'], description: 'd', author: 'a', title: 'T' },
      ruleset: 'chess-maze',
      version: 1,
      format: 'castellan.level',
      alpha: 2,
    };
    const out = serializeLevel(scrambled as unknown as Level);
    const back = JSON.parse(out);
    expect(Object.keys(back)).toEqual([
      'format',
      'version',
      'ruleset',
      'meta',
      'board',
      'pieces',
      'tiles',
      'objectives',
      'par',
      'draft',
      'solution',
      'editor',
      'zeta',
      'alpha',
    ]);
    expect(Object.keys(back.meta)).toEqual(['title', 'author', 'description', 'tags']);
    expect(Object.keys(back.board)).toEqual(['width', 'height', 'holes']);
    expect(Object.keys(back.pieces[0])).toEqual(['role', 'square', 'side', 'facing']);
    expect(Object.keys(back.tiles[0])).toEqual(['kind', 'square', 'color']);
    expect(Object.keys(back.objectives)).toEqual(['collect', 'spell', 'moveLimit', 'capture']);
    expect(Object.keys(back.solution)).toEqual(['moves', 'length', 'optimal', 'states', 'solver', 'levelHash']);
    // editor is free-form: its own insertion order is kept, not sorted.
    expect(Object.keys(back.editor)).toEqual(['b', 'a']);
  });

  it('ruleset fields in contract order (UK walls, portal; KV pillars, sideToMove, startingSetup, options, goal; LC position, goal)', () => {
    const uk = JSON.parse(
      serializeLevel({
        pieces: [],
        portal: 'e8',
        walls: [],
        board: { width: 8, height: 8 },
        meta: { title: 't' },
        ruleset: 'unlock-the-king',
        version: 1,
        format: 'castellan.level',
      }),
    );
    expect(Object.keys(uk)).toEqual(['format', 'version', 'ruleset', 'meta', 'board', 'walls', 'portal', 'pieces']);
    const kv = JSON.parse(
      serializeLevel({
        goal: { moves: 2, type: 'win-in' },
        options: { soldiersMayStopOnValley: true },
        startingSetup: false,
        sideToMove: 'white',
        pieces: [{ side: 'white', square: 'a1', role: 'king' }],
        pillars: ['b2'],
        board: { width: 5, height: 5 },
        meta: { title: 't' },
        ruleset: 'kings-valley',
        version: 1,
        format: 'castellan.level',
      }),
    );
    expect(Object.keys(kv)).toEqual(['format', 'version', 'ruleset', 'meta', 'board', 'pillars', 'sideToMove', 'startingSetup', 'options', 'goal', 'pieces']);
    expect(Object.keys(kv.goal)).toEqual(['type', 'moves']);
    expect(Object.keys(kv.pieces[0])).toEqual(['role', 'square', 'side']);
    const lc = JSON.parse(
      serializeLevel({
        goal: { moves: 1, type: 'mate-in' },
        pieces: [],
        position: '8/8/8/8/8/8/8/8 w - - 0 1',
        board: { width: 8, height: 8 },
        meta: { title: 't' },
        ruleset: 'locking-chess',
        version: 1,
        format: 'castellan.level',
      }),
    );
    expect(Object.keys(lc)).toEqual(['format', 'version', 'ruleset', 'meta', 'board', 'position', 'goal', 'pieces']);
  });

  it('undefined members are omitted (as JSON.stringify does)', () => {
    const level = { ...(fixtureJson('unlock-the-king.level.json') as UnlockTheKingLevel), par: undefined, walls: undefined };
    const back = JSON.parse(serializeLevel(level));
    expect('par' in back).toBe(false);
    expect('walls' in back).toBe(false);
  });

  it('a "__proto__" key in free-form data is written as data, not dropped or executed', () => {
    const level = fixtureJson('unlock-the-king.level.json') as UnlockTheKingLevel;
    level.editor = JSON.parse('{"__proto__": {"x": 1}, "constructor": 2}');
    const out = serializeLevel(level);
    expect(out).toContain('"editor": { "__proto__": { "x": 1 }, "constructor": 2 }');
  });
});

describe('round trip: parse(serialize(x)) deep-equals x', () => {
  it.each(LEVEL_FIXTURES)('%s', (name) => {
    const level = valueOf(parseLevelText(fixtureText(name)));
    const text = serializeLevel(level);
    expect(valueOf(parseLevelText(text))).toEqual(level);
    // And serializing again gives the same text (stable).
    expect(serializeLevel(valueOf(parseLevelText(text)))).toBe(text);
  });

  it('packs: folder form and single-file form', () => {
    for (const name of ['pack-folder/pack.json', 'citadel.pack.json']) {
      const pack = valueOf(parsePackText(fixtureText(name)));
      const text = serializePack(pack);
      expect(text.endsWith('\n')).toBe(true);
      expect(valueOf(parsePackText(text))).toEqual(pack);
      expect(serializePack(valueOf(parsePackText(text)))).toBe(text);
    }
  });

  it('pack key order: pack fields, entry fields, embedded level in level order', () => {
    const pack = valueOf(parsePackText(fixtureText('citadel.pack.json')));
    const scrambled: PackFile = {
      levels: pack.levels.map((e) => ('level' in e ? { level: { ...e.level }, title: 'x', tier: e.tier } : e)),
      description: 'd',
      author: 'a',
      ruleset: pack.ruleset,
      title: pack.title,
      version: 1,
      format: 'castellan.pack',
    };
    const back = JSON.parse(serializePack(scrambled));
    expect(Object.keys(back)).toEqual(['format', 'version', 'title', 'ruleset', 'author', 'description', 'levels']);
    expect(Object.keys(back.levels[0])).toEqual(['tier', 'title', 'level']);
    expect(Object.keys(back.levels[0].level).slice(0, 5)).toEqual(['format', 'version', 'ruleset', 'meta', 'board']);
  });

  it('property: random valid levels of every ruleset round-trip (fast-check)', () => {
    const square = fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 8 })).map(([f, r]) => String.fromCharCode(97 + f) + r);
    const text = fc.string({ maxLength: 30 });
    const meta = fc.record({ title: text, author: text, tags: fc.array(text, { maxLength: 3 }) }, { requiredKeys: ['title'] });
    const role = fc.constantFrom('king', 'queen', 'rook', 'bishop', 'knight', 'pawn');
    const base = { format: fc.constant('castellan.level'), version: fc.constant(1), meta, board: fc.constant({ width: 8, height: 8 }) };
    const optional = {
      par: fc.integer({ min: 1, max: 99 }),
      draft: fc.boolean(),
      // fc.jsonValue can produce -0, which JSON cannot represent (it is written as 0): normalise to real JSON values.
      editor: fc.dictionary(
        fc.string({ maxLength: 8 }),
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown),
        { maxKeys: 4 },
      ),
    };
    const uk = fc.record(
      {
        ...base,
        ...optional,
        ruleset: fc.constant('unlock-the-king'),
        walls: fc.array(square, { maxLength: 6 }),
        portal: square,
        pieces: fc.array(
          fc.record(
            {
              role,
              square,
              color: fc.constantFrom('ivory', 'obsidian'),
              facing: fc.constantFrom('north', 'east', 'south', 'west'),
              lateral: fc.boolean(),
            },
            { requiredKeys: ['role', 'square'] },
          ),
          { maxLength: 8 },
        ),
      },
      { requiredKeys: ['format', 'version', 'meta', 'board', 'ruleset', 'portal', 'pieces'] },
    );
    const cm = fc.record(
      {
        ...base,
        ...optional,
        ruleset: fc.constant('chess-maze'),
        pieces: fc.array(fc.record({ role, square, side: fc.constantFrom('player', 'enemy') }), { maxLength: 6 }),
        tiles: fc.array(
          fc.oneof(
            fc.record({ kind: fc.constantFrom('lock', 'plate', 'key'), square, color: fc.constantFrom('blue', 'red', 'yellow', 'green') }),
            fc.record({
              kind: fc.constant('transform'),
              square,
              allowed: fc.uniqueArray(fc.constantFrom('knight', 'bishop', 'rook', 'queen', 'king'), { minLength: 1, maxLength: 5 }),
            }),
            fc.record({ kind: fc.constantFrom('coin', 'gem', 'finish'), square }),
            fc.record({ kind: fc.constant('letter'), square, letter: fc.constantFrom('A', 'B', 'Z') }),
          ),
          { maxLength: 8 },
        ),
        objectives: fc.record({ collect: fc.boolean(), spell: fc.constantFrom('AB', 'Z'), moveLimit: fc.integer({ min: 1, max: 50 }) }, { requiredKeys: [] }),
      },
      { requiredKeys: ['format', 'version', 'meta', 'board', 'ruleset', 'pieces'] },
    );
    fc.assert(
      fc.property(fc.oneof(uk, cm), (doc) => {
        // `__proto__` keys are refused on load (json-forbidden-key, see load.test.ts).
        fc.pre(!JSON.stringify(doc).includes('"__proto__"'));
        const level = valueOf(checkLevelObject(doc));
        const back = valueOf(parseLevelText(serializeLevel(level)));
        expect(back).toEqual(level);
      }),
      { numRuns: 200 },
    );
  });
});
