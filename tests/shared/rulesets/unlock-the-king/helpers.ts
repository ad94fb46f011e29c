/** Test helpers: build Unlock the King blueprints and compiled positions tersely. */
import type { UkPiece, UnlockTheKingLevel } from '../../../../src-shared/model/level.js';
import { compileUnlockTheKing, legalMoves, moveToLan, type UkPosition } from '../../../../src-shared/rulesets/unlock-the-king/index.js';

export interface LevelSpec {
  width?: number;
  height?: number;
  walls?: string[];
  portal?: string;
  pieces: UkPiece[];
  par?: number;
}

/** A UK level document; board defaults to 8x8, portal to the top-right corner. */
export function ukLevel(spec: LevelSpec): UnlockTheKingLevel {
  const width = spec.width ?? 8;
  const height = spec.height ?? 8;
  const level: UnlockTheKingLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'test' },
    board: { width, height },
    portal: spec.portal ?? String.fromCharCode(96 + width) + String(height),
    pieces: spec.pieces,
  };
  if (spec.walls) level.walls = spec.walls;
  if (spec.par !== undefined) level.par = spec.par;
  return level;
}

/** Compiles or throws (tests only). */
export function ukPos(spec: LevelSpec): UkPosition {
  const r = compileUnlockTheKing(ukLevel(spec));
  if (!r.ok) throw new Error('level does not compile: ' + JSON.stringify(r.error));
  return r.value;
}

/** Sorted target squares of piece `piece` (by index). */
export function targetsOf(pos: UkPosition, piece: number): string[] {
  return legalMoves(pos)
    .filter((m) => m.piece === piece)
    .map((m) => moveToLan(pos, m).split('-')[1]!)
    .sort();
}

/** Sorted LAN of every legal move. */
export function allLan(pos: UkPosition): string[] {
  return legalMoves(pos)
    .map((m) => moveToLan(pos, m))
    .sort();
}
