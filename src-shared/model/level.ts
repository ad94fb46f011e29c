/**
 * Level and pack document types, format version 1.
 *
 * These are the in-memory shapes of `*.level.json` / `pack.json` files as
 * fixed by the format contract (docs/reference/format-contract.md). The JSON Schemas in
 * `schemas/` are the authority on disk; `tests/shared/format/types-agree.test.ts`
 * proves these hand-written types and the schemas agree.
 *
 * Extensions to the contract (optional fields, allowed by "extend, don't change"):
 * - `draft?: true` — saved without proof (invalid or unsolvable) by explicit user choice.
 */

/** Algebraic square name, e.g. `e4`; files a..z, ranks 1..26 (RULINGS "Common"). */
export type SquareName = string;

export const ROLES = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'] as const;
export type Role = (typeof ROLES)[number];

export const FACINGS = ['north', 'east', 'south', 'west'] as const;
export type Facing = (typeof FACINGS)[number];

export const UK_COLORS = ['ivory', 'obsidian'] as const;
export type UkColor = (typeof UK_COLORS)[number];

export const CM_COLORS = ['blue', 'red', 'yellow', 'green'] as const;
export type CmColor = (typeof CM_COLORS)[number];

export const CM_SIDES = ['player', 'enemy'] as const;
export type CmSide = (typeof CM_SIDES)[number];

export const TRANSFORM_TYPES = ['knight', 'bishop', 'rook', 'queen', 'king'] as const;
export type TransformType = (typeof TRANSFORM_TYPES)[number];

export const KV_SIDES = ['white', 'black'] as const;
export type KvSide = (typeof KV_SIDES)[number];

export interface LevelMeta {
  title: string;
  author?: string;
  description?: string;
  tags?: string[];
}

export interface BoardSize {
  width: number;
  height: number;
}

/** Written only by the save pipeline after a successful solve. */
export interface StoredSolution {
  /** Moves in LAN (RULINGS "Common"). */
  moves: string[];
  length: number;
  optimal: boolean;
  /** States the solver stored (visited) to prove this. */
  states: number;
  /** `"castellan x.y.z"`. */
  solver: string;
  /** `"sha256:<hex>"` of the rules-relevant content (see format/level-hash.ts). */
  levelHash: string;
  /**
   * Extension (optional): the difficulty metrics of the proving solve, as
   * the solver answered them (src-shared/solver/types.ts `SolveMetrics`:
   * A* with optimal-solution counting, single-player rulesets). Not covered
   * by `levelHash`; absent in files proved before it existed or by a solve
   * without counting.
   */
  metrics?: StoredSolveMetrics;
  /**
   * Extension (two-player goals, KV-8 / LC-8): every first move (LAN) that
   * achieves the shortest forced win, as the proof found them; more than one
   * is a cook (RULINGS P-1). Absent in files proved before it existed.
   */
  keys?: string[];
}

/**
 * `solution.metrics` (see `SolveMetrics`): every field optional, plain
 * numbers / booleans. `taggedMovesMin` / `taggedMovesMax`: the fewest / most
 * tagged moves (Unlock the King: non-king moves) over all optimal solutions.
 */
export interface StoredSolveMetrics {
  expanded?: number;
  generated?: number;
  branching?: number;
  optimalSolutions?: number;
  optimalSolutionsCapped?: boolean;
  uniqueFirstMove?: boolean;
  taggedMovesMin?: number;
  taggedMovesMax?: number;
}

/** Editor-only state; ignored by rules and by the level hash. */
export interface EditorState {
  [key: string]: unknown;
}

interface LevelBase {
  format: 'castellan.level';
  version: 1;
  meta: LevelMeta;
  par?: number;
  solution?: StoredSolution;
  editor?: EditorState;
  /** Extension: saved as a draft (unproved) by explicit user choice. */
  draft?: boolean;
}

// ---------------------------------------------------------------- Unlock the King
export interface UkPiece {
  role: Role;
  square: SquareName;
  color?: UkColor;
  /** Pawns only; default north (UK-4). */
  facing?: Facing;
  /** Pawns only; default false (UK-4). */
  lateral?: boolean;
}

export interface UnlockTheKingLevel extends LevelBase {
  ruleset: 'unlock-the-king';
  board: BoardSize;
  walls?: SquareName[];
  portal: SquareName;
  pieces: UkPiece[];
}

// ---------------------------------------------------------------- Chess Maze
export interface CmPiece {
  role: Role;
  square: SquareName;
  side: CmSide;
  facing?: Facing;
}

export type CmTile =
  | { kind: 'lock'; square: SquareName; color: CmColor }
  | { kind: 'plate'; square: SquareName; color: CmColor }
  | { kind: 'key'; square: SquareName; color: CmColor }
  | { kind: 'transform'; square: SquareName; allowed: TransformType[] }
  | { kind: 'coin'; square: SquareName }
  | { kind: 'gem'; square: SquareName }
  | { kind: 'letter'; square: SquareName; letter: string }
  | { kind: 'finish'; square: SquareName };

export type CmTileKind = CmTile['kind'];

export interface CmObjectives {
  collect?: boolean;
  spell?: string;
  moveLimit?: number;
  capture?: SquareName[];
}

export interface ChessMazeLevel extends LevelBase {
  ruleset: 'chess-maze';
  board: BoardSize & { holes?: SquareName[] };
  pieces: CmPiece[];
  tiles?: CmTile[];
  objectives?: CmObjectives;
}

// ---------------------------------------------------------------- King's Valley
export interface KvPiece {
  role: 'king' | 'soldier';
  square: SquareName;
  side: KvSide;
}

export interface KingsValleyLevel extends LevelBase {
  ruleset: 'kings-valley';
  board: BoardSize;
  pillars?: SquareName[];
  pieces: KvPiece[];
  sideToMove: KvSide;
  startingSetup?: boolean;
  options?: { soldiersMayStopOnValley?: boolean };
  goal?: { type: 'win-in'; moves: number };
}

// ---------------------------------------------------------------- Locking Chess
export interface LockingChessLevel extends LevelBase {
  ruleset: 'locking-chess';
  board: BoardSize;
  /** LFEN (LC-13). */
  position: string;
  /** Informational; the position field is authoritative. */
  pieces?: { role: Role; square: SquareName }[];
  goal?: { type: 'mate-in'; moves: number };
}

// ---------------------------------------------------------------- Every ruleset
/**
 * The document type of each ruleset, keyed by its id: the one list of
 * document types. A new ruleset adds its entry from its own folder by
 * declaration merging, next to its type (src-shared/rulesets/<id>/level.ts):
 *
 *     declare module '../../model/level.js' {
 *       interface LevelTypes { 'my-ruleset': MyLevel }
 *     }
 *
 * `Ruleset`, `Level` and `LevelOf` follow, the registries
 * (src-shared/rulesets/registry.ts, src-renderer/rulesets/registry.ts) must
 * then list it (`satisfies`), and the generated schema types
 * (src-shared/format/generated/types-agree.ts) must agree with it.
 */
export interface LevelTypes {
  'unlock-the-king': UnlockTheKingLevel;
  'chess-maze': ChessMazeLevel;
  'kings-valley': KingsValleyLevel;
  'locking-chess': LockingChessLevel;
}

/** A ruleset id (the `ruleset` field of a level). The modules that implement them: src-shared/rulesets/registry.ts `RULESETS`. */
export type Ruleset = keyof LevelTypes & string;

/** A level document of any ruleset. */
export type Level = LevelTypes[Ruleset];

/** The level document type of ruleset `R`. */
export type LevelOf<R extends Ruleset> = LevelTypes[R];

// ---------------------------------------------------------------- Pack
export interface PackEntryBase {
  tier?: string;
  /** Extension: per-entry title override. */
  title?: string;
}
export type PackEntry = (PackEntryBase & { file: string }) | (PackEntryBase & { level: Level });

export interface PackFile {
  format: 'castellan.pack';
  version: 1;
  title: string;
  ruleset: Ruleset;
  author?: string;
  description?: string;
  levels: PackEntry[];
}
