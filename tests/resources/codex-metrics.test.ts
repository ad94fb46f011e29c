/**
 * The Citadel Codex (resources/packs/citadel-codex) re-proved: every
 * blueprint's stored solution and difficulty metrics (`solution.metrics`,
 * computed by the save pipeline and `pack verify` with 100 optimal solutions
 * counted) are reproduced exactly by today's solver: the optimum (UK-7), the
 * optimal-solution count and its cap flag, the unique-first-move flag, and
 * the fewest / most non-king moves over all optimal solutions (UK-9). The
 * stored line still replays to the portal (UK-6) in that many moves. The
 * search-effort figures (`states`, `expanded`, `generated`, `branching`)
 * describe how much one search worked, not the blueprint, and are not
 * compared. A guard: it passes before and after a solver change that keeps
 * answers exact, and fails on any that does not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePackText, checkLevelObject } from '../../src-shared/format/load.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { replayMoves, solveLevel } from '../../src-shared/rulesets/index.js';

const root = join(import.meta.dirname, '../../resources/packs/citadel-codex');
const pack = parsePackText(readFileSync(join(root, 'pack.json'), 'utf8'));
if (!pack.ok) throw new Error('pack.json does not load');
const files = pack.value.levels.map((e) => {
  if (!('file' in e)) throw new Error('folder form expected');
  return e.file;
});

describe('Citadel Codex: stored solutions and metrics reproduced', () => {
  it('has 50 blueprints, each with stored metrics', () => {
    expect(files).toHaveLength(50);
  });

  for (const [k, file] of files.entries()) {
    it(`UK-7 UK-9 blueprint ${k + 1}: optimum and metrics as stored`, () => {
      const r = checkLevelObject(JSON.parse(readFileSync(join(root, file), 'utf8')));
      if (!r.ok) throw new Error(`${file} does not load`);
      const level = r.value as UnlockTheKingLevel;
      const stored = level.solution!;
      const m = stored.metrics!;
      const got = solveLevel(level, { countSolutions: 100 });
      expect(got.status).toBe('solved');
      if (got.status !== 'solved') return;
      expect(got.length).toBe(stored.length);
      expect(got.optimal).toBe(true);
      expect({
        optimalSolutions: got.metrics?.optimalSolutions,
        optimalSolutionsCapped: got.metrics?.optimalSolutionsCapped,
        uniqueFirstMove: got.metrics?.uniqueFirstMove,
        taggedMovesMin: got.metrics?.taggedMovesMin,
        taggedMovesMax: got.metrics?.taggedMovesMax,
      }).toEqual({
        optimalSolutions: m.optimalSolutions,
        optimalSolutionsCapped: m.optimalSolutionsCapped,
        uniqueFirstMove: m.uniqueFirstMove,
        taggedMovesMin: m.taggedMovesMin,
        taggedMovesMax: m.taggedMovesMax,
      });
      // The line found now and the stored line both reach the portal in the optimum.
      for (const moves of [got.moves, stored.moves]) {
        const frames = replayMoves(level, moves);
        expect(frames.ok).toBe(true);
        if (!frames.ok) return;
        const last = frames.value[frames.value.length - 1] as UnlockTheKingLevel;
        expect(last.pieces.find((p) => p.role === 'king')!.square).toBe(level.portal);
        expect(moves).toHaveLength(stored.length);
      }
    });
  }
});
