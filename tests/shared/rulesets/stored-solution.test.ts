/**
 * checkStoredSolution: a stale proof is reported (LEVEL-FORMAT-v1
 * "levelHash ... makes the stored solution visibly stale"), and UK-7 par is
 * checked against a current stored optimum.
 */
import { describe, expect, it } from 'vitest';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { checkStoredSolution } from '../../../src-shared/rulesets/stored-solution.js';
import { RULESETS, validateDocument } from '../../../src-shared/rulesets/index.js';

/** Unlock the King's module: its UK-7 par check is its RulesetDef hook `checkPar`. */
const ukParCheck = RULESETS['unlock-the-king'];

// 3x3, king a1, portal c3: optimum 2 (Ka1-b2, Kb2-c3), worked by hand.
function proved(): UnlockTheKingLevel {
  const level: UnlockTheKingLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 't' },
    board: { width: 3, height: 3 },
    portal: 'c3',
    pieces: [{ role: 'king', square: 'a1' }],
  };
  level.solution = {
    moves: ['Ka1-b2', 'Kb2-c3'],
    length: 2,
    optimal: true,
    states: 4,
    solver: 'castellan test',
    levelHash: levelHash(level),
  };
  return level;
}

describe('checkStoredSolution', () => {
  it('a current proof gives no finding', () => {
    expect(checkStoredSolution(proved())).toEqual([]);
  });
  it('an edit that changes the puzzle makes the proof stale (warning solution-stale)', () => {
    const l = proved();
    l.board.width = 4;
    expect(checkStoredSolution(l).map((i) => [i.severity, i.code])).toEqual([['warning', 'solution-stale']]);
  });
  it('a title edit does not (meta is not hashed)', () => {
    const l = proved();
    l.meta.title = 'renamed';
    expect(checkStoredSolution(l)).toEqual([]);
  });
  it('UK-7 par below the stored optimum is an error, above it a warning', () => {
    const low = { ...proved(), par: 1 };
    expect(checkStoredSolution(low, ukParCheck).map((i) => i.code)).toEqual(['uk-par-below-optimal']);
    const high = { ...proved(), par: 5 };
    expect(checkStoredSolution(high, ukParCheck).map((i) => [i.severity, i.code])).toEqual([['warning', 'uk-par-above-optimal']]);
  });
  it('validateDocument includes these findings', () => {
    const l = proved();
    l.walls = ['b3'];
    expect(validateDocument(l).issues.map((i) => i.code)).toContain('solution-stale');
  });
});
