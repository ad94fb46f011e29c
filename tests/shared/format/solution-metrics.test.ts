/**
 * The optional `solution.metrics` extension (LEVEL-FORMAT-v1 "solution",
 * extended): accepted by the schema, written after `levelHash` in a fixed
 * key order, not covered by the levelHash, and old files without it load
 * and serialize byte for byte as before.
 */
import { describe, expect, it } from 'vitest';
import { checkLevelObject, parseLevelText } from '../../../src-shared/format/load.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { serializeLevel } from '../../../src-shared/format/serialize.js';
import type { Level } from '../../../src-shared/model/level.js';

const base = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'Metrics' },
  board: { width: 4, height: 4 },
  walls: [],
  portal: 'a4',
  pieces: [{ role: 'king', square: 'a1' }],
} as const;

const solution = {
  moves: ['Ka1-a2', 'Ka2-a3', 'Ka3-a4'],
  length: 3,
  optimal: true,
  states: 7,
  solver: 'castellan 0.1.0',
  levelHash: 'sha256:' + '0'.repeat(64),
};

describe('solution.metrics', () => {
  it('is optional and accepted with the SolveMetrics fields', () => {
    const withMetrics = {
      ...base,
      solution: {
        ...solution,
        metrics: {
          expanded: 3,
          generated: 9,
          branching: 3,
          optimalSolutions: 1,
          optimalSolutionsCapped: false,
          uniqueFirstMove: true,
          taggedMovesMin: 0,
          taggedMovesMax: 0,
        },
      },
    };
    expect(checkLevelObject(withMetrics).ok).toBe(true);
    expect(checkLevelObject({ ...base, solution }).ok).toBe(true);
  });

  it('rejects metrics of the wrong type (a string count, a negative minimum)', () => {
    expect(checkLevelObject({ ...base, solution: { ...solution, metrics: { taggedMovesMin: '3' } } }).ok).toBe(false);
    expect(checkLevelObject({ ...base, solution: { ...solution, metrics: { taggedMovesMin: -1 } } }).ok).toBe(false);
    expect(checkLevelObject({ ...base, solution: { ...solution, metrics: [] } }).ok).toBe(false);
  });

  it('is not covered by the levelHash (rules content only)', () => {
    const a = { ...base, solution } as unknown as Level;
    const b = { ...base, solution: { ...solution, metrics: { taggedMovesMin: 5, expanded: 100 } } } as unknown as Level;
    expect(levelHash(a)).toBe(levelHash(b));
  });

  it('is written after levelHash, its keys in SolveMetrics order, and loads back equal', () => {
    const doc = { ...base, solution: { metrics: { taggedMovesMax: 2, expanded: 4, taggedMovesMin: 1 }, ...solution } } as unknown as Level;
    const text = serializeLevel(doc);
    const i = text.indexOf('"levelHash"');
    const j = text.indexOf('"metrics"');
    expect(i).toBeGreaterThan(0);
    expect(j).toBeGreaterThan(i);
    const m = text.slice(j);
    expect(m.indexOf('"expanded"')).toBeLessThan(m.indexOf('"taggedMovesMin"'));
    expect(m.indexOf('"taggedMovesMin"')).toBeLessThan(m.indexOf('"taggedMovesMax"'));
    const back = parseLevelText(text);
    expect(back.ok && back.value).toEqual(doc);
  });

  it('an old file without metrics serializes unchanged', () => {
    const oldText = serializeLevel({ ...base, solution } as unknown as Level);
    const back = parseLevelText(oldText);
    expect(back.ok).toBe(true);
    if (back.ok) {
      expect(back.value.solution?.metrics).toBeUndefined();
      expect(serializeLevel(back.value)).toBe(oldText);
    }
  });
});
