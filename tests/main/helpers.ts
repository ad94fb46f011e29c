/**
 * Shared helpers of the host tests: temp folders and hand-written Unlock the
 * King levels with hand-worked answers (RULINGS UK-4 king one step in 8
 * directions, UK-6 portal).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';

/** A fresh temp folder; `cleanup()` removes every folder made so far. */
const made: string[] = [];
export function tempDir(prefix = 'castellan-test-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  made.push(d);
  return d;
}
export function cleanupTempDirs(): void {
  while (made.length > 0) {
    const d = made.pop()!;
    try {
      rmSync(d, { recursive: true, force: true });
    } catch {
      // best effort
    }
  }
}

/** The version in package.json, read directly (expected `solution.solver` = `castellan <version>`). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * 3x3, king a1, portal c3, nothing else. Hand-worked (UK-4, UK-6): the king
 * is two king steps from c3 (Chebyshev distance 2), and the only square one
 * step from both a1 and c3 is b2, so the unique optimal line is
 * Ka1-b2, Kb2-c3 (2 moves).
 */
export function twoMoveLevel(extra: Partial<UnlockTheKingLevel> = {}): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Two steps' },
    board: { width: 3, height: 3 },
    portal: 'c3',
    pieces: [{ role: 'king', square: 'a1' }],
    ...extra,
  };
}
export const TWO_MOVE_SOLUTION = ['Ka1-b2', 'Kb2-c3'];

/**
 * 3x3, king a1 boxed in by walls on a2, b1, b2 (its only neighbours), portal
 * c3: the king has no legal move (UK-4, UK-5), so the level is unsolvable.
 */
export function boxedInLevel(extra: Partial<UnlockTheKingLevel> = {}): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Boxed in' },
    board: { width: 3, height: 3 },
    walls: ['a2', 'b1', 'b2'],
    portal: 'c3',
    pieces: [{ role: 'king', square: 'a1' }],
    ...extra,
  };
}

/** Two kings (a1, a3): breaks UK-2 (`uk-king-count`). */
export function twoKingsLevel(): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Two kings' },
    board: { width: 3, height: 3 },
    portal: 'c3',
    pieces: [
      { role: 'king', square: 'a1' },
      { role: 'king', square: 'a3' },
    ],
  };
}

/** JSON text of a document, as a designer would write it. */
export function json(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + '\n';
}

/**
 * UK-4/UK-5/UK-6: the portal h8 can never be reached: its neighbours g7 and
 * h7 are walls, and g8 holds a pawn facing east whose only move is onto the
 * portal, where it then stands for ever (facing the edge). No quick proof
 * sees this (the pawn can move at the start, so it is not frozen). Queen,
 * rooks and knights roam the rest: a search of millions of states, cut
 * short by cancel or a cap.
 */
export function endlessLevel(): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Endless' },
    board: { width: 8, height: 8 },
    walls: ['g7', 'h7'],
    portal: 'h8',
    pieces: [
      { role: 'king', square: 'a1' },
      { role: 'pawn', square: 'g8', facing: 'east' },
      { role: 'pawn', square: 'f7', facing: 'east' },
      { role: 'pawn', square: 'e7', facing: 'east' },
      { role: 'queen', square: 'd4' },
      { role: 'rook', square: 'a8' },
      { role: 'rook', square: 'h1' },
      { role: 'knight', square: 'b1' },
      { role: 'knight', square: 'c6' },
      { role: 'bishop', square: 'e2' },
    ],
  };
}
