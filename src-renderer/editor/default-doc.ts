/** Documents the editor creates from nothing. */
import type { Level, UnlockTheKingLevel } from '../../src-shared/model/level.js';

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
 * True when this editor can edit the level: an `unlock-the-king` document
 * with a board object and a pieces array (schema errors elsewhere are fine:
 * the validation list reports them).
 */
export function isEditableUk(level: Level | unknown): level is UnlockTheKingLevel {
  if (typeof level !== 'object' || level === null) return false;
  const l = level as Record<string, unknown>;
  const board = l['board'] as Record<string, unknown> | undefined;
  return (
    l['ruleset'] === 'unlock-the-king' &&
    typeof board === 'object' &&
    board !== null &&
    Number.isInteger(board['width']) &&
    Number.isInteger(board['height']) &&
    Array.isArray(l['pieces']) &&
    typeof l['meta'] === 'object' &&
    l['meta'] !== null &&
    (l['walls'] === undefined || Array.isArray(l['walls']))
  );
}
