/**
 * The shipped sample blueprints (issue: "Real input"): each valid, each
 * carrying a stored solution that is current (levelHash), legal, reaches the
 * portal, and is optimal (re-proved here by the solver); pars rise from 3 to
 * at least 25 across at least 12 blueprints.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLevelText } from '../../src-shared/format/load.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { replayMoves, solveLevelReference, validateRules } from '../../src-shared/rulesets/index.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../resources/levels/unlock-the-king');
const files = readdirSync(dir).filter((f) => f.endsWith('.level.json')).sort();

describe('Unlock the King samples', () => {
  it('there are at least 12, pars rising from 3 to at least 25 (UK-7 par = proven optimum)', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    const pars = files.map((f) => {
      const r = parseLevelText(readFileSync(join(dir, f), 'utf8'));
      if (!r.ok) throw new Error(f);
      return r.value.solution!.length;
    });
    expect(pars[0]).toBe(3);
    expect(pars[pars.length - 1]).toBeGreaterThanOrEqual(25);
    for (let i = 1; i < pars.length; i++) expect(pars[i]).toBeGreaterThan(pars[i - 1]!);
  });

  for (const f of files) {
    it(`${f}: valid, proved, current, optimal`, () => {
      const r = parseLevelText(readFileSync(join(dir, f), 'utf8'));
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const level = r.value as UnlockTheKingLevel;
      expect(validateRules(level).filter((i) => i.severity === 'error')).toEqual([]);
      expect(level.draft).toBeUndefined();
      const sol = level.solution!;
      expect(sol.levelHash).toBe(levelHash(level));
      expect(sol.moves).toHaveLength(sol.length);
      const frames = replayMoves(level, sol.moves);
      expect(frames.ok).toBe(true);
      if (!frames.ok) return;
      const end = frames.value[frames.value.length - 1] as UnlockTheKingLevel;
      expect(end.pieces[0]!.square).toBe(level.portal);
      const proof = solveLevelReference(level);
      expect(proof.status).toBe('solved');
      if (proof.status === 'solved') expect(proof.length).toBe(sol.length);
    });
  }
});
