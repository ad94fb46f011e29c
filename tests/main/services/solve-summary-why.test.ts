/** The host solve summary (Save, pack re-prove) carries why an unsolvable level is unsolvable. */
import { describe, expect, it } from 'vitest';
import { summarizeSolve } from '../../../src-main/services/solve-runner.js';
import { solveLevel } from '../../../src-shared/rulesets/index.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';

describe('summarizeSolve why', () => {
  it('UK-5: a walled-in king: the summary names the walls and says why in its message', () => {
    const level: UnlockTheKingLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'unlock-the-king',
      meta: { title: 'walled' },
      board: { width: 4, height: 4 },
      walls: ['a2', 'b2', 'b1'],
      portal: 'd4',
      pieces: [{ role: 'king', square: 'a1' }],
    };
    const result = solveLevel(level);
    if (result.status === 'invalid') throw new Error('invalid');
    const s = summarizeSolve({ result, ms: 3 });
    expect(s.status).toBe('unsolvable');
    expect(s.why).toMatchObject({ code: 'king-sealed', ruling: 'UK-5', squares: ['b1', 'a2', 'b2'] });
    expect(s.message).toContain('walls on b1, a2 and b2');
  });

  it('without a cause the message stays the generic one and no why is added', () => {
    const s = summarizeSolve({ result: { status: 'unsolvable', states: 4 }, ms: 1 });
    expect(s.why).toBeUndefined();
    expect(s.message).toBe('the solver proved that no sequence of moves solves the level');
  });
});
