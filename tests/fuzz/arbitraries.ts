/**
 * fast-check arbitraries for the fuzz suite: schema-valid levels of every
 * ruleset (LEVEL-FORMAT-v1 + schemas/level.schema.json), and malformed or
 * hostile variants of level files, pack files, HostApi requests and HTTP
 * requests.
 */
import fc from 'fast-check';
import type { Level } from '../../src-shared/model/level.js';

const FILES = 'abcdefghijklmnopqrstuvwxyz';

/** A square name the schema accepts (file a..z, rank 1..26). */
export const square = fc.tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 1, max: 26 })).map(([f, r]) => `${FILES[f]}${r}`);
const squares = fc.array(square, { maxLength: 6 });
const role = fc.constantFrom('king', 'queen', 'rook', 'bishop', 'knight', 'pawn');
const facing = fc.constantFrom('north', 'east', 'south', 'west');
const text = fc.string({ maxLength: 24, unit: 'binary' });

/** JSON values with no -0 (JSON has none) and no undefined. */
export const jsonClean = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
/** JSON values a valid level may carry in free-form fields (no `__proto__` keys: the loader refuses them by design). */
const jsonSafe = jsonClean.filter((v) => !JSON.stringify(v).includes('"__proto__"'));

/** Printable ASCII without space (URL paths, tokens). */
export const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 16 });
/** Printable ASCII with spaces (header values). */
export const printableSpaced = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 30 });

const meta = fc.record({ title: text, author: text, description: text, tags: fc.array(text, { maxLength: 3 }) }, { requiredKeys: ['title'] });

const solution = fc.record({
  moves: fc.array(fc.string({ maxLength: 8 }), { maxLength: 5 }),
  length: fc.nat({ max: 500 }),
  optimal: fc.boolean(),
  states: fc.nat(),
  solver: fc.string({ maxLength: 20 }),
  levelHash: fc.stringMatching(/^[0-9a-f]{64}$/).map((h) => `sha256:${h}`),
});

/** Fields every level may carry, besides the ruleset's own. */
const common = fc.record(
  {
    par: fc.integer({ min: 1, max: 999 }),
    draft: fc.boolean(),
    solution,
    editor: fc.dictionary(
      fc.string({ maxLength: 8 }).filter((k) => k !== '__proto__'),
      jsonSafe,
      { maxKeys: 3 },
    ),
    'x-future-extension': jsonSafe,
  },
  { requiredKeys: [] },
);

const ukPiece = fc.record({ role, square, color: fc.constantFrom('ivory', 'obsidian'), facing, lateral: fc.boolean() }, { requiredKeys: ['role', 'square'] });
const uk = fc
  .record(
    {
      board: fc.record({ width: fc.integer({ min: 3, max: 16 }), height: fc.integer({ min: 3, max: 16 }) }),
      walls: squares,
      portal: square,
      pieces: fc.array(ukPiece, { maxLength: 6 }),
    },
    { requiredKeys: ['board', 'portal', 'pieces'] },
  )
  .map((f) => ({ ruleset: 'unlock-the-king', ...f }));

const cmColor = fc.constantFrom('blue', 'red', 'yellow', 'green');
const cmTile = fc.oneof(
  fc.record({ kind: fc.constantFrom('lock', 'plate', 'key'), square, color: cmColor }),
  fc.record({
    kind: fc.constant('transform'),
    square,
    allowed: fc.uniqueArray(fc.constantFrom('knight', 'bishop', 'rook', 'queen', 'king'), { minLength: 1, maxLength: 5 }),
  }),
  fc.record({ kind: fc.constantFrom('coin', 'gem', 'finish'), square }),
  fc.record({ kind: fc.constant('letter'), square, letter: fc.stringMatching(/^[A-Z]$/) }),
);
const cm = fc
  .record(
    {
      board: fc.record(
        { width: fc.integer({ min: 1, max: 26 }), height: fc.integer({ min: 1, max: 26 }), holes: squares },
        { requiredKeys: ['width', 'height'] },
      ),
      pieces: fc.array(fc.record({ role, square, side: fc.constantFrom('player', 'enemy'), facing }, { requiredKeys: ['role', 'square', 'side'] }), {
        maxLength: 6,
      }),
      tiles: fc.array(cmTile, { maxLength: 6 }),
      objectives: fc.record(
        { collect: fc.boolean(), spell: fc.stringMatching(/^[A-Z]{1,6}$/), moveLimit: fc.integer({ min: 1, max: 200 }), capture: squares },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['board', 'pieces'] },
  )
  .map((f) => ({ ruleset: 'chess-maze', ...f }));

const kv = fc
  .record(
    {
      board: fc.record({ width: fc.integer({ min: 5, max: 9 }), height: fc.integer({ min: 5, max: 9 }) }),
      pillars: squares,
      pieces: fc.array(fc.record({ role: fc.constantFrom('king', 'soldier'), square, side: fc.constantFrom('white', 'black') }), { maxLength: 8 }),
      sideToMove: fc.constantFrom('white', 'black'),
      startingSetup: fc.boolean(),
      options: fc.record({ soldiersMayStopOnValley: fc.boolean() }, { requiredKeys: [] }),
      goal: fc.record({ type: fc.constant('win-in'), moves: fc.integer({ min: 1, max: 20 }) }),
    },
    { requiredKeys: ['board', 'pieces', 'sideToMove'] },
  )
  .map((f) => ({ ruleset: 'kings-valley', ...f }));

const lc = fc
  .record(
    {
      board: fc.constant({ width: 8, height: 8 }),
      position: fc.string({ maxLength: 90 }),
      pieces: fc.array(fc.record({ role, square }), { maxLength: 6 }),
      goal: fc.record({ type: fc.constant('mate-in'), moves: fc.integer({ min: 1, max: 10 }) }),
    },
    { requiredKeys: ['board', 'position'] },
  )
  .map((f) => ({ ruleset: 'locking-chess', ...f }));

function level(rules: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Level> {
  return fc.tuple(meta, rules, common).map(([m, r, c]) => ({ format: 'castellan.level', version: 1, meta: m, ...r, ...c }) as unknown as Level);
}

/** Schema-valid levels, one arbitrary per ruleset. */
export const validLevels: Record<string, fc.Arbitrary<Level>> = {
  'unlock-the-king': level(uk),
  'chess-maze': level(cm),
  'kings-valley': level(kv),
  'locking-chess': level(lc),
};
export const anyValidLevel = fc.oneof(...Object.values(validLevels));

// ------------------------------------------------------------------ hostile input

/** Sets `value` at a random path of a JSON tree (copying), or deletes it. */
function mutate(doc: unknown, path: number[], value: unknown, del: boolean): unknown {
  if (typeof doc !== 'object' || doc === null) return value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(doc) ? [...doc] : { ...(doc as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || path.length === 0) return value;
  const key = keys[path[0]! % keys.length]!;
  if (path.length === 1) {
    if (del) {
      if (Array.isArray(copy)) copy.splice(Number(key), 1);
      else delete copy[key];
    } else (copy as Record<string, unknown>)[key] = value;
    return copy;
  }
  (copy as Record<string, unknown>)[key] = mutate((copy as Record<string, unknown>)[key], path.slice(1), value, del);
  return copy;
}

/** Values that break expectations in typical ways. */
const nasty = fc.oneof(
  jsonClean,
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    -1e308,
    2 ** 53 + 1,
    0.5,
    '',
    ' ',
    '\u0000',
    '\u202e',
    'é',
    'a'.repeat(300),
    [],
    {},
    [[[]]],
    { __proto__: 1 },
    'e1',
    'z26',
    'a0',
    'A1',
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
);

/** A valid document with 1-4 random mutations (values replaced or deleted anywhere). */
export function mutated<T>(base: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc
    .tuple(base, fc.array(fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), nasty, fc.boolean()), { minLength: 1, maxLength: 4 }))
    .map(([doc, muts]) => muts.reduce<unknown>((d, [path, v, del]) => mutate(d, path, v, del), doc));
}

/** Texts that are not, or not quite, level JSON. */
export function hostileTexts(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: mutated(valid).map((d) => JSON.stringify(d) ?? 'undefined'), weight: 5 },
    {
      arbitrary: fc.tuple(valid, fc.nat()).map(([d, cut]) => {
        const t = JSON.stringify(d);
        return t.slice(0, cut % (t.length + 1));
      }),
      weight: 2,
    },
    { arbitrary: fc.string({ maxLength: 200, unit: 'binary' }), weight: 2 },
    { arbitrary: jsonClean.map((v) => JSON.stringify(v)), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n)), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max: 3000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)), weight: 1 },
    { arbitrary: valid.map((d) => JSON.stringify(d).replace('{', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},')), weight: 1 },
    { arbitrary: valid.map((d) => '\uFEFF' + JSON.stringify(d)), weight: 1 },
    { arbitrary: valid.map((d) => JSON.stringify(d).replace(/"version":1/, '"version":1e400')), weight: 1 },
    { arbitrary: valid.map((d) => JSON.stringify(d).replace(/"version":1/, `"version":${Number.MAX_SAFE_INTEGER}`)), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '',
        ' ',
        'null',
        'true',
        '0',
        '"level"',
        '[]',
        '{}',
        'NaN',
        'Infinity',
        '{"format":"castellan.level"}',
        '\u0000',
        '{"a":1,"a":2}',
      ),
      weight: 1,
    },
  );
}

/** Valid packs (both forms) built from valid levels of one ruleset. */
export const validPack = fc
  .tuple(fc.constantFrom(...Object.keys(validLevels)), text, fc.array(fc.oneof(fc.constant('file'), fc.constant('level')), { maxLength: 4 }), fc.nat())
  .chain(([ruleset, title, kinds]) =>
    fc
      .tuple(
        ...kinds.map((k) =>
          k === 'file'
            ? fc.stringMatching(/^levels\/[a-z0-9]{1,8}\.level\.json$/).map((file) => ({ file }))
            : validLevels[ruleset]!.map((l) => ({ level: { ...l, ruleset } })),
        ),
      )
      .map((levels) => ({ format: 'castellan.pack', version: 1, title, ruleset, levels })),
  );
