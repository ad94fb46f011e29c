/**
 * save-pipeline.ts writes the proving solve's difficulty metrics
 * (`solution.metrics`), keeps a reused proof's metrics, leaves an old
 * current file without metrics unchanged, and `force` re-proves it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { serializeLevel } from '../../../src-shared/format/serialize.js';
import type { Level, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { ProofCache } from '../../../src-main/services/proof-reuse.js';
import { saveLevelFile } from '../../../src-main/services/save-pipeline.js';
import { TWO_MOVE_SOLUTION, cleanupTempDirs, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

/**
 * Hand-worked blueprint, 3x3: walls b1 b2, king a1, rook a2, portal a3.
 * The king's neighbours are a2 (rook), b1 and b2 (walls): it is boxed
 * (UK-4). The rook's only move is a2-a3 (b2 is a wall, a1 the king); the
 * king then steps to a2, the rook leaves a3 along rank 3 (b3 or c3), and
 * the king steps onto the portal: 4 moves, no shorter way (the king needs
 * 2 steps and a2 / a3 must be vacated by 2 rook moves). The optimal
 * solutions are Ra2-a3 then {Ka2, R to b3|c3} in either order then Ka3:
 * 4 solutions, each with exactly 2 rook (non-king) moves, all starting Ra2-a3.
 */
function rookGateLevel(): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Rook gate' },
    board: { width: 3, height: 3 },
    walls: ['b1', 'b2'],
    portal: 'a3',
    pieces: [
      { role: 'king', square: 'a1' },
      { role: 'rook', square: 'a2' },
    ],
  };
}

function solutionOf(p: string): Record<string, unknown> {
  return (JSON.parse(readFileSync(p, 'utf8')) as { solution: Record<string, unknown> }).solution;
}

/** twoMoveLevel with a current stored proof (no metrics, as files proved before metrics existed). */
function oldProvedLevel(): Level {
  const level = twoMoveLevel();
  return { ...level, solution: { moves: TWO_MOVE_SOLUTION, length: 2, optimal: true, states: 5, solver: 'castellan 0.0.9', levelHash: levelHash(level) } };
}

describe('saveLevelFile: solution.metrics', () => {
  it('UK-4/UK-6 a boxed king: the stored taggedMovesMin equals the hand count of rook moves (2 in every optimal solution)', async () => {
    const p = join(tempDir(), 'rook-gate.level.json');
    const r = await saveLevelFile(p, rookGateLevel());
    expect(r.ok).toBe(true);
    const sol = solutionOf(p);
    expect(sol['length']).toBe(4);
    expect(sol['metrics']).toMatchObject({ taggedMovesMin: 2, taggedMovesMax: 2, optimalSolutions: 4, optimalSolutionsCapped: false, uniqueFirstMove: true });
    const m = sol['metrics'] as { expanded: number; generated: number; branching: number };
    expect(m.expanded).toBeGreaterThan(0);
    expect(m.branching).toBeCloseTo(m.generated / m.expanded, 3);
  });

  it('an old file whose proof is current (no metrics) is saved byte for byte unchanged', async () => {
    const p = join(tempDir(), 'old.level.json');
    const text = serializeLevel(oldProvedLevel());
    writeFileSync(p, text);
    const r = await saveLevelFile(p, JSON.parse(text));
    expect(r.ok).toBe(true);
    expect(readFileSync(p, 'utf8')).toBe(text);
  });

  it('force re-proves a current proof and adds the metrics', async () => {
    const p = join(tempDir(), 'forced.level.json');
    writeFileSync(p, serializeLevel(oldProvedLevel()));
    const r = await saveLevelFile(p, oldProvedLevel(), { force: true });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.solve.ms).toBeGreaterThanOrEqual(0);
    const sol = solutionOf(p);
    expect(sol['solver']).not.toBe('castellan 0.0.9');
    expect(sol['metrics']).toMatchObject({ optimalSolutions: 1, taggedMovesMin: 0, taggedMovesMax: 0 });
  });

  it('a reused current proof keeps its stored metrics (not solved again)', async () => {
    const p = join(tempDir(), 'kept.level.json');
    const old = oldProvedLevel();
    // Deliberately not what a solve would answer: a re-solve would overwrite them.
    const doc = { ...old, solution: { ...old.solution!, metrics: { taggedMovesMin: 7, optimalSolutions: 3 } } };
    const r = await saveLevelFile(p, doc);
    expect(r.ok).toBe(true);
    expect(solutionOf(p)['metrics']).toEqual({ taggedMovesMin: 7, optimalSolutions: 3 });
  });

  it('a proof reused from the cache carries the metrics of its counting solve', async () => {
    const level = rookGateLevel();
    const cache = new ProofCache();
    cache.remember(level, {
      status: 'solved',
      moves: ['Ra2-a3', 'Ka1-a2', 'Ra3-b3', 'Ka2-a3'],
      length: 4,
      states: 9,
      metrics: { expanded: 6, generated: 12, branching: 2, optimalSolutions: 4, taggedMovesMin: 2, taggedMovesMax: 2 },
    });
    const p = join(tempDir(), 'cached.level.json');
    const r = await saveLevelFile(p, level, { proofs: cache });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.solve.message).toMatch(/proved earlier/);
    expect(solutionOf(p)['metrics']).toEqual({ expanded: 6, generated: 12, branching: 2, optimalSolutions: 4, taggedMovesMin: 2, taggedMovesMax: 2 });
  });

  it('a cached proof of a solve without counting is written without metrics', async () => {
    const level = rookGateLevel();
    const cache = new ProofCache();
    cache.remember(level, {
      status: 'solved',
      moves: ['Ra2-a3', 'Ka1-a2', 'Ra3-b3', 'Ka2-a3'],
      length: 4,
      states: 9,
      metrics: { expanded: 6, generated: 12, branching: 2 },
    });
    const p = join(tempDir(), 'cached-bare.level.json');
    const r = await saveLevelFile(p, level, { proofs: cache });
    expect(r.ok).toBe(true);
    expect(solutionOf(p)['metrics']).toBeUndefined();
  });
});
