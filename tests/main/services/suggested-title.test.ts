/**
 * Suggested levels get a descriptive title (a short name, the ruleset, the
 * size, the par or N) and keep their seed in the description
 * (src-shared/rulesets/suggested-title.ts, suggest-host-api `suggestionAnswer`).
 */
import { describe, expect, it } from 'vitest';
import { suggestionAnswer } from '../../../src-main/services/suggest-host-api.js';
import { RULESETS } from '../../../src-shared/rulesets/index.js';
import { seedName, suggestedTitle } from '../../../src-shared/rulesets/suggested-title.js';

describe('suggested level titles', () => {
  it('a blueprint found for seed 7 is titled by name, ruleset, size and par; the seed is in the description, not the title', () => {
    const level = RULESETS['unlock-the-king'].newLevel('empty', { width: 5, height: 4 });
    const a = suggestionAnswer({ ruleset: 'unlock-the-king', seed: 7, width: 5, height: 4, parMin: 1, parMax: 9 }, 60_000, {
      found: { level, par: 3, states: 10, moves: ['Kc1-c2', 'Kc2-c3', 'Kc3-c4'] },
      tried: 1,
    });
    if (!a.ok) throw new Error(a.message);
    const title = a.document.meta.title;
    expect(title).toBe(`${seedName(7)}: Unlock the King 5 × 4, par 3`);
    expect(title).not.toContain('7');
    expect(a.document.meta.description).toContain('seed 7');
    expect(a.document.meta.description).toContain('par 3');
  });

  it('two-player goals read "win in N" / "mate in N" (KV-8, LC-8); the name is two words and follows the seed', () => {
    expect(suggestedTitle(RULESETS['kings-valley'], 5, 5, 2, 1)).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+: King's Valley 5 × 5, win in 2$/);
    expect(suggestedTitle(RULESETS['locking-chess'], 8, 8, 3, 1)).toMatch(/, mate in 3$/);
    expect(seedName(12345)).toBe(seedName(12345));
    const names = new Set(Array.from({ length: 50 }, (_, i) => seedName(i)));
    expect(names.size).toBeGreaterThan(30);
  });
});
