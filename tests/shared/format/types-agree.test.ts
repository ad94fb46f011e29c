/**
 * The hand-written document types (src-shared/model/level.ts) and the JSON
 * Schemas (schemas/*.schema.json) describe the same documents.
 *
 * 1. Compile time (`tsc -b` typechecks this file via tsconfig.node.json):
 *    two-way assignability between each hand type and the type that
 *    json-schema-to-typescript generated from the schema
 *    (src-shared/format/generated/schema-types.ts). A field added to one
 *    side only, a changed enum, or a required/optional mismatch breaks the build.
 * 2. Run time: the key sets of each hand type (forced complete by
 *    `satisfies Record<keyof T, true>`) equal the property sets of the schema,
 *    and maximal / minimal samples of every hand type pass the generated validators.
 *
 * Known, deliberate differences (the types cannot express them; they are
 * not assignability mismatches):
 * - Value constraints: square pattern, board size ranges, integer-ness,
 *   `allowed` 1..5 distinct, letter A-Z, hash pattern. The types use
 *   `string` / `number`.
 * - Unknown top-level fields and unknown `meta` / `solution` fields are
 *   accepted by the schema (forward compatibility) but absent from both types.
 * - The schema forbids fields of other rulesets (`"walls": false` in a chess-maze
 *   level); the generator drops those `false` properties, so they are not in the types.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as Gen from '../../../src-shared/format/generated/schema-types.js';
import validateLevel from '../../../src-shared/format/generated/validate-level.js';
import validatePack from '../../../src-shared/format/generated/validate-pack.js';
import type {
  ChessMazeLevel,
  CmColor,
  CmObjectives,
  CmPiece,
  CmSide,
  CmTile,
  Facing,
  KingsValleyLevel,
  KvPiece,
  KvSide,
  Level,
  LevelMeta,
  LockingChessLevel,
  PackEntry,
  PackFile,
  Role,
  Ruleset,
  StoredSolution,
  StoredSolveMetrics,
  TransformType,
  UkColor,
  UkPiece,
  UnlockTheKingLevel,
} from '../../../src-shared/model/level.js';

// ------------------------------------------------------------ compile-time checks
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile unless T is exactly `true`. */
type Assert<T extends true> = T;

type GenOf<R extends Ruleset> = Extract<Gen.CastellanLevel, { ruleset: R }>;
type Elem<T> = T extends readonly (infer E)[] ? E : never;

export type TypeChecks = [
  Assert<Mutual<Level, Gen.CastellanLevel>>,
  Assert<Mutual<UnlockTheKingLevel, GenOf<'unlock-the-king'>>>,
  Assert<Mutual<ChessMazeLevel, GenOf<'chess-maze'>>>,
  Assert<Mutual<KingsValleyLevel, GenOf<'kings-valley'>>>,
  Assert<Mutual<LockingChessLevel, GenOf<'locking-chess'>>>,
  Assert<Mutual<Ruleset, Gen.Ruleset>>,
  Assert<Mutual<Role, Gen.Role>>,
  Assert<Mutual<Facing, Gen.Facing>>,
  Assert<Mutual<UkColor, Gen.UkColor>>,
  Assert<Mutual<CmColor, Gen.CmColor>>,
  Assert<Mutual<CmSide, Gen.CmSide>>,
  Assert<Mutual<KvSide, Gen.KvSide>>,
  Assert<Mutual<TransformType, Gen.TransformType>>,
  Assert<Mutual<LevelMeta, Gen.LevelMeta>>,
  Assert<Mutual<StoredSolution, Gen.StoredSolution>>,
  Assert<Mutual<StoredSolveMetrics, Gen.StoredSolveMetrics>>,
  Assert<Mutual<UkPiece, Gen.UkPiece>>,
  Assert<Mutual<CmPiece, Gen.CmPiece>>,
  Assert<Mutual<KvPiece, Gen.KvPiece>>,
  Assert<Mutual<Elem<NonNullable<LockingChessLevel['pieces']>>, Gen.LcPiece>>,
  Assert<Mutual<CmTile, Gen.CmTile>>,
  Assert<Mutual<CmObjectives, Gen.CmObjectives>>,
  Assert<Mutual<ChessMazeLevel['board'], Gen.CmBoard>>,
  Assert<Mutual<UnlockTheKingLevel['board'], Gen.UkBoard>>,
  Assert<Mutual<KingsValleyLevel['board'], Gen.KvBoard>>,
  Assert<Mutual<LockingChessLevel['board'], Gen.LcBoard>>,
  Assert<Mutual<NonNullable<KingsValleyLevel['options']>, Gen.KvOptions>>,
  Assert<Mutual<NonNullable<KingsValleyLevel['goal']>, Gen.KvGoal>>,
  Assert<Mutual<NonNullable<LockingChessLevel['goal']>, Gen.LcGoal>>,
  Assert<Mutual<PackFile, Gen.CastellanPack>>,
  Assert<Mutual<PackEntry, Gen.PackEntry>>,
];

// The checks must be able to fail: a wrong pairing is rejected.
// @ts-expect-error UkPiece (no `side`) is not CmPiece (requires `side`)
export type MustFail1 = Assert<Mutual<UkPiece, Gen.CmPiece>>;
// @ts-expect-error a kings-valley level is not an unlock-the-king level
export type MustFail2 = Assert<Mutual<KingsValleyLevel, GenOf<'unlock-the-king'>>>;

// ------------------------------------------------------------ run-time checks
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema JSON is navigated untyped by the assertions
const readSchema = async (name: string): Promise<any> => JSON.parse(await readFile(path.join(root, 'schemas', name), 'utf8'));

/** Complete key lists of the hand types: `satisfies` makes a missing or extra key a compile error. */
const KEYS = {
  common: {
    format: true,
    version: true,
    ruleset: true,
    meta: true,
    board: true,
    par: true,
    solution: true,
    editor: true,
    draft: true,
  },
  uk: {
    format: true,
    version: true,
    ruleset: true,
    meta: true,
    board: true,
    par: true,
    solution: true,
    editor: true,
    draft: true,
    walls: true,
    portal: true,
    pieces: true,
  } satisfies Record<keyof UnlockTheKingLevel, true>,
  cm: {
    format: true,
    version: true,
    ruleset: true,
    meta: true,
    board: true,
    par: true,
    solution: true,
    editor: true,
    draft: true,
    pieces: true,
    tiles: true,
    objectives: true,
  } satisfies Record<keyof ChessMazeLevel, true>,
  kv: {
    format: true,
    version: true,
    ruleset: true,
    meta: true,
    board: true,
    par: true,
    solution: true,
    editor: true,
    draft: true,
    pillars: true,
    pieces: true,
    sideToMove: true,
    startingSetup: true,
    options: true,
    goal: true,
  } satisfies Record<keyof KingsValleyLevel, true>,
  lc: {
    format: true,
    version: true,
    ruleset: true,
    meta: true,
    board: true,
    par: true,
    solution: true,
    editor: true,
    draft: true,
    position: true,
    pieces: true,
    goal: true,
  } satisfies Record<keyof LockingChessLevel, true>,
  ukPiece: { role: true, square: true, color: true, facing: true, lateral: true } satisfies Record<keyof UkPiece, true>,
  cmPiece: { role: true, square: true, side: true, facing: true } satisfies Record<keyof CmPiece, true>,
  kvPiece: { role: true, square: true, side: true } satisfies Record<keyof KvPiece, true>,
  meta: { title: true, author: true, description: true, tags: true } satisfies Record<keyof LevelMeta, true>,
  solution: {
    moves: true,
    length: true,
    optimal: true,
    states: true,
    solver: true,
    levelHash: true,
    metrics: true,
    keys: true,
  } satisfies Record<keyof StoredSolution, true>,
  metrics: {
    expanded: true,
    generated: true,
    branching: true,
    optimalSolutions: true,
    optimalSolutionsCapped: true,
    uniqueFirstMove: true,
    taggedMovesMin: true,
    taggedMovesMax: true,
  } satisfies Record<keyof StoredSolveMetrics, true>,
  objectives: { collect: true, spell: true, moveLimit: true, capture: true } satisfies Record<keyof CmObjectives, true>,
  pack: {
    format: true,
    version: true,
    title: true,
    ruleset: true,
    author: true,
    description: true,
    levels: true,
  } satisfies Record<keyof PackFile, true>,
};

const sorted = (o: object): string[] => Object.keys(o).sort();
/** Property names a schema object allows (those set to `false` are forbidden, not allowed). */
const allowed = (schema: { properties?: Record<string, unknown> }): string[] =>
  Object.entries(schema.properties ?? {})
    .filter(([, v]) => v !== false)
    .map(([k]) => k)
    .sort();

describe('hand-written types and schemas have the same fields', () => {
  it('each ruleset: common + branch properties = keys of the hand type', async () => {
    const s = await readSchema('level.schema.json');
    expect(allowed(s)).toEqual(sorted(KEYS.common));
    const branch = (name: string): string[] => [...new Set([...allowed(s), ...allowed(s.$defs[name])])].sort();
    expect(branch('unlockTheKingLevel')).toEqual(sorted(KEYS.uk));
    expect(branch('chessMazeLevel')).toEqual(sorted(KEYS.cm));
    expect(branch('kingsValleyLevel')).toEqual(sorted(KEYS.kv));
    expect(branch('lockingChessLevel')).toEqual(sorted(KEYS.lc));
  });

  it('every other ruleset-specific field is forbidden in each branch', async () => {
    const s = await readSchema('level.schema.json');
    const specific = new Set([KEYS.uk, KEYS.cm, KEYS.kv, KEYS.lc].flatMap((k) => Object.keys(k)).filter((k) => !(k in KEYS.common)));
    for (const name of ['unlockTheKingLevel', 'chessMazeLevel', 'kingsValleyLevel', 'lockingChessLevel']) {
      const props = s.$defs[name].properties as Record<string, unknown>;
      for (const k of specific) expect(k in props, `${name}.${k} must be allowed or forbidden`).toBe(true);
    }
  });

  it('inner objects: pieces, meta, solution, objectives, pack', async () => {
    const s = await readSchema('level.schema.json');
    const p = await readSchema('pack.schema.json');
    expect(allowed(s.$defs.ukPiece)).toEqual(sorted(KEYS.ukPiece));
    expect(allowed(s.$defs.cmPiece)).toEqual(sorted(KEYS.cmPiece));
    expect(allowed(s.$defs.kvPiece)).toEqual(sorted(KEYS.kvPiece));
    expect(allowed(s.$defs.meta)).toEqual(sorted(KEYS.meta));
    expect(allowed(s.$defs.solution)).toEqual(sorted(KEYS.solution));
    expect(allowed(s.$defs.solveMetrics)).toEqual(sorted(KEYS.metrics));
    expect(allowed(s.$defs.cmObjectives)).toEqual(sorted(KEYS.objectives));
    expect(allowed(p)).toEqual(sorted(KEYS.pack));
  });
});

// Samples typed with the HAND types: they compile only if they fit the hand
// types, and must pass the schema validators.
const solution: StoredSolution = {
  moves: ['Ke1-f2'],
  length: 1,
  optimal: true,
  states: 10,
  solver: 'castellan 0.1.0',
  levelHash: `sha256:${'0'.repeat(64)}`,
};
const common: Omit<UnlockTheKingLevel, 'ruleset' | 'board' | 'walls' | 'portal' | 'pieces'> = {
  format: 'castellan.level',
  version: 1,
  meta: { title: 'T', author: 'A', description: 'D', tags: ['x'] },
  par: 3,
  solution,
  editor: { any: { thing: [1, 'two'] } },
  draft: false,
};

const samples: Level[] = [
  {
    ...common,
    ruleset: 'unlock-the-king',
    board: { width: 3, height: 16 },
    walls: ['a2'],
    portal: 'c3',
    pieces: [
      { role: 'king', square: 'a1', color: 'ivory' },
      { role: 'pawn', square: 'b1', color: 'obsidian', facing: 'west', lateral: true },
    ],
  },
  { format: 'castellan.level', version: 1, meta: { title: '' }, ruleset: 'unlock-the-king', board: { width: 8, height: 8 }, portal: 'e8', pieces: [] },
  {
    ...common,
    ruleset: 'chess-maze',
    board: { width: 26, height: 1, holes: ['z1'] },
    pieces: [
      { role: 'pawn', square: 'a1', side: 'player', facing: 'south' },
      { role: 'rook', square: 'b1', side: 'enemy' },
    ],
    tiles: [
      { kind: 'lock', square: 'c1', color: 'blue' },
      { kind: 'plate', square: 'd1', color: 'red' },
      { kind: 'key', square: 'e1', color: 'yellow' },
      { kind: 'transform', square: 'f1', allowed: ['king'] },
      { kind: 'coin', square: 'g1' },
      { kind: 'gem', square: 'h1' },
      { kind: 'letter', square: 'i1', letter: 'Z' },
      { kind: 'finish', square: 'j1' },
    ],
    objectives: { collect: false, spell: 'Z', moveLimit: 1, capture: ['b1'] },
  },
  { format: 'castellan.level', version: 1, meta: { title: 'm' }, ruleset: 'chess-maze', board: { width: 1, height: 1 }, pieces: [] },
  {
    ...common,
    ruleset: 'kings-valley',
    board: { width: 9, height: 5 },
    pillars: ['b2'],
    pieces: [
      { role: 'king', square: 'a1', side: 'white' },
      { role: 'soldier', square: 'a5', side: 'black' },
    ],
    sideToMove: 'black',
    startingSetup: true,
    options: { soldiersMayStopOnValley: true },
    goal: { type: 'win-in', moves: 4 },
  },
  { format: 'castellan.level', version: 1, meta: { title: 'k' }, ruleset: 'kings-valley', board: { width: 5, height: 5 }, pieces: [], sideToMove: 'white' },
  {
    ...common,
    ruleset: 'locking-chess',
    board: { width: 8, height: 8 },
    position: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    pieces: [{ role: 'queen', square: 'd1' }],
    goal: { type: 'mate-in', moves: 2 },
  },
  {
    format: 'castellan.level',
    version: 1,
    meta: { title: 'l' },
    ruleset: 'locking-chess',
    board: { width: 8, height: 8 },
    position: '8/8/8/8/8/8/8/8 w - - 0 1',
  },
];

describe('samples of the hand types pass the schema validators', () => {
  it.each(samples.map((s, i) => [i, s.ruleset, s] as const))('level sample %i (%s)', (_i, _r, sample) => {
    const ok = validateLevel(sample);
    expect(validateLevel.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('pack samples (folder and single-file entries)', () => {
    const pack: PackFile = {
      format: 'castellan.pack',
      version: 1,
      title: 'P',
      ruleset: 'unlock-the-king',
      author: 'A',
      description: 'D',
      levels: [
        { file: 'levels/01.level.json', tier: 'Novice', title: 'One' },
        { level: samples[0]!, tier: 'Novice' },
      ],
    };
    expect(validatePack(pack)).toBe(true);
  });
});
