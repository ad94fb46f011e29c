/** Documents the editor creates from nothing, and which opened documents it can edit. */
import type { ChessMazeLevel, Level, UnlockTheKingLevel } from '../../src-shared/model/level.js';

/** The rulesets this editor edits. */
export type EditableLevel = UnlockTheKingLevel | ChessMazeLevel;
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

/** A new document of `ruleset`. */
export function newLevel(ruleset: EditableRuleset): EditableLevel {
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

/** True when the editor can edit the document (Unlock the King or Chess Maze). */
export function isEditable(level: Level | unknown): level is EditableLevel {
  return isEditableUk(level) || isEditableCm(level);
}
