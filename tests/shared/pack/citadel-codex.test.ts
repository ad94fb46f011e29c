/**
 * The Citadel Codex (resources/packs/citadel-codex): 50
 * Unlock the King blueprints on 8x8, UK-1 buildable with one physical set
 * (no rules issues at all), UK-9 tiers by number, stored solutions
 * current, no two alike under the 8 symmetries. The design rules (boxed
 * king, unlocking per tier, rising difficulty D) are checked from the
 * solver in tests/resources/codex-rules.test.ts. (Re-proof: `castellan pack verify resources/packs/citadel-codex`.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLevelObject, parsePackText } from '../../../src-shared/format/load.js';
import { solutionIsCurrent } from '../../../src-shared/format/level-hash.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { findDuplicates } from '../../../src-shared/rulesets/unlock-the-king/symmetry.js';
import { validateRules } from '../../../src-shared/rulesets/index.js';

const root = join(import.meta.dirname, '../../../resources/packs/citadel-codex');
const pack = parsePackText(readFileSync(join(root, 'pack.json'), 'utf8'));
if (!pack.ok) throw new Error('pack.json does not load');
const levels = pack.value.levels.map((e) => {
  if (!('file' in e)) throw new Error('folder form expected');
  const r = checkLevelObject(JSON.parse(readFileSync(join(root, e.file), 'utf8')));
  if (!r.ok) throw new Error(`${e.file} does not load`);
  return r.value as UnlockTheKingLevel;
});

describe('The Citadel Codex', () => {
  it('UK-9: 50 blueprints, tiers Novice 1-12, Journeyman 13-25, Master 26-37, Grandmaster 38-50', () => {
    expect(levels).toHaveLength(50);
    const tiers = pack.value.levels.map((e) => e.tier);
    expect(tiers.slice(0, 12).every((t) => t === 'Novice')).toBe(true);
    expect(tiers.slice(12, 25).every((t) => t === 'Journeyman')).toBe(true);
    expect(tiers.slice(25, 37).every((t) => t === 'Master')).toBe(true);
    expect(tiers.slice(37).every((t) => t === 'Grandmaster')).toBe(true);
  });

  it('UK-1: every blueprint is 8x8 and buildable with one physical set (no rules errors or warnings)', () => {
    for (const l of levels) {
      expect(l.ruleset).toBe('unlock-the-king');
      expect(l.board).toEqual({ width: 8, height: 8 });
      expect(validateRules(l)).toEqual([]);
      expect((l.walls ?? []).length).toBeLessThanOrEqual(16);
    }
  });

  it('each carries a current optimal stored solution (rising difficulty D: tests/resources/codex-rules.test.ts)', () => {
    for (const l of levels) {
      expect(solutionIsCurrent(l)).toBe(true);
      expect(l.solution!.optimal).toBe(true);
    }
  });

  it('no two blueprints are alike, rotations and reflections included', () => {
    expect(findDuplicates(levels)).toEqual([]);
  });
});
