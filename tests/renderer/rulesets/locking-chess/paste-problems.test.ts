/**
 * A Locking Chess position pasted as LFEN (LC-13) that the rules accept but
 * the validation flags (no king, LC-1; impossible material) is known at
 * once, so the paste's notice says so (LcSettings.svelte).
 */
import { describe, expect, it } from 'vitest';
import { pastedProblems } from '../../../../src-renderer/rulesets/locking-chess/ops.js';

describe('LC-13 paste problems', () => {
  it('LC-1 a pasted board without kings is accepted but its problems are known at once (lc-king-count for each side)', () => {
    expect(pastedProblems('8/8/8/8/8/8/8/8 w - - 0 1').map((i) => [i.code, i.message])).toEqual([
      ['lc-king-count', 'White must have exactly one king (found 0).'],
      ['lc-king-count', 'Black must have exactly one king (found 0).'],
    ]);
    expect(pastedProblems('4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1').map((i) => i.code)).toEqual(['lc-pawn-count-high']);
    expect(pastedProblems('4k3/8/8/8/8/8/8/4K3 w - - 0 1')).toEqual([]);
  });
});
