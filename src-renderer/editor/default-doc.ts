/** Documents the editor creates from nothing, and which opened documents it can edit. */
import type { ChessMazeLevel, KingsValleyLevel, Level, LockingChessLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { isEditableLc, newLcLevel } from './lc-ops.js';
import { KV_LABYRINTH_SETUP, KV_RETRIEVE_THE_KING_SETUP, KV_STANDARD_SETUP, kvSetupCopy } from '../../src-shared/rules/kings-valley/index.js';

/** The rulesets this editor edits. */
export type EditableLevel = UnlockTheKingLevel | ChessMazeLevel | KingsValleyLevel | LockingChessLevel;
export type EditableRuleset = EditableLevel['ruleset'];

/** A new blueprint: 8 x 8 (UK-1 default), ivory king on e1, portal on e8. */
export function newUkLevel(title = 'Untitled blueprint'): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title },
    board: { width: 8, height: 8 },
    walls: [],
    portal: 'e8',
    pieces: [{ role: 'king', square: 'e1', color: 'ivory' }],
  };
}

/**
 * A new Chess Maze level: an empty 6 x 6 floor (CM-1) with no pieces and no
 * tiles. The live validation then asks for a player piece and a finish
 * (CM-14), which the designer places.
 */
export function newCmLevel(title = 'Untitled maze'): ChessMazeLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title },
    board: { width: 6, height: 6 },
    pieces: [],
    tiles: [],
  };
}

/** The starting positions New offers for King's Valley (KV-1, KV-4), or an empty board. */
export const KV_SETUPS = ['standard', 'retrieve', 'labyrinth', 'empty'] as const;
export type KvSetupChoice = (typeof KV_SETUPS)[number];

/**
 * A new King's Valley document:
 * - `standard` / `retrieve` / `labyrinth`: a copy of the rulebook setup
 *   (KV-1 Labyrinth 7 x 7 with pillars; KV-4 `startingSetup: true`, White to
 *   move, no goal: a playable position);
 * - `empty`: an empty 5 x 5 board, White to move, not a starting setup, no
 *   goal; the live validation then asks for one king per side (KV-9).
 */
export function newKvLevel(setup: KvSetupChoice = 'empty'): KingsValleyLevel {
  if (setup === 'empty') {
    return {
      format: 'castellan.level',
      version: 1,
      ruleset: 'kings-valley',
      meta: { title: 'Untitled valley' },
      board: { width: 5, height: 5 },
      pieces: [],
      sideToMove: 'white',
    };
  }
  const src = setup === 'standard' ? KV_STANDARD_SETUP : setup === 'retrieve' ? KV_RETRIEVE_THE_KING_SETUP : KV_LABYRINTH_SETUP;
  return kvSetupCopy(src);
}

/** A new document of `ruleset` (King's Valley: `kvSetup`, default empty). */
export function newLevel(ruleset: EditableRuleset, kvSetup: KvSetupChoice = 'empty'): EditableLevel {
  if (ruleset === 'kings-valley') return newKvLevel(kvSetup);
  if (ruleset === 'locking-chess') return newLcLevel();
  return ruleset === 'chess-maze' ? newCmLevel() : newUkLevel();
}

function hasBoardAndPieces(l: Record<string, unknown>): boolean {
  const board = l['board'] as Record<string, unknown> | undefined;
  return (
    typeof board === 'object' &&
    board !== null &&
    Number.isInteger(board['width']) &&
    Number.isInteger(board['height']) &&
    Array.isArray(l['pieces']) &&
    typeof l['meta'] === 'object' &&
    l['meta'] !== null
  );
}

/**
 * True when this editor can edit the level: an `unlock-the-king` document
 * with a board object and a pieces array (schema errors elsewhere are fine:
 * the validation list reports them).
 */
export function isEditableUk(level: Level | unknown): level is UnlockTheKingLevel {
  if (typeof level !== 'object' || level === null) return false;
  const l = level as Record<string, unknown>;
  return l['ruleset'] === 'unlock-the-king' && hasBoardAndPieces(l) && (l['walls'] === undefined || Array.isArray(l['walls']));
}

/** Same for `chess-maze`: board (holes absent or an array), pieces, tiles absent or an array. */
export function isEditableCm(level: Level | unknown): level is ChessMazeLevel {
  if (typeof level !== 'object' || level === null) return false;
  const l = level as Record<string, unknown>;
  const board = l['board'] as Record<string, unknown> | undefined;
  return (
    l['ruleset'] === 'chess-maze' &&
    hasBoardAndPieces(l) &&
    (board!['holes'] === undefined || Array.isArray(board!['holes'])) &&
    (l['tiles'] === undefined || Array.isArray(l['tiles'])) &&
    (l['objectives'] === undefined || (typeof l['objectives'] === 'object' && l['objectives'] !== null))
  );
}

/** Same for `kings-valley`: board, pieces, pillars absent or an array, options / goal absent or objects. */
export function isEditableKv(level: Level | unknown): level is KingsValleyLevel {
  if (typeof level !== 'object' || level === null) return false;
  const l = level as Record<string, unknown>;
  const obj = (v: unknown): boolean => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v));
  return l['ruleset'] === 'kings-valley' && hasBoardAndPieces(l) && (l['pillars'] === undefined || Array.isArray(l['pillars'])) && obj(l['options']) && obj(l['goal']);
}

/** True when the editor can edit the document (Unlock the King, Chess Maze, King's Valley or Locking Chess). */
export function isEditable(level: Level | unknown): level is EditableLevel {
  return isEditableUk(level) || isEditableCm(level) || isEditableKv(level) || isEditableLc(level);
}
