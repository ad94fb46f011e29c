/** The play engines' node / time budget (src-shared/solver/proof/budget.ts). */
import { describe, expect, it } from 'vitest';
import { Budget, winWithin } from '../../../../src-shared/solver/proof/budget.js';
import { compileKingsValley, kvProofGame } from '../../../../src-shared/rulesets/kings-valley/index.js';
import type { KingsValleyLevel } from '../../../../src-shared/model/level.js';

// White Kc1, Sc4; Black Ka5, White to move: Kc1-c3 stops on the valley at once (KV-5, hand-worked in
// tests/shared/rulesets/kings-valley/engine.test.ts).
const WIN_IN_1: KingsValleyLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'kings-valley',
  meta: { title: 't' },
  board: { width: 5, height: 5 },
  pieces: [
    { role: 'king', side: 'white', square: 'c1' },
    { role: 'soldier', side: 'white', square: 'c4' },
    { role: 'king', side: 'black', square: 'a5' },
  ],
  sideToMove: 'white',
};

function game() {
  const c = compileKingsValley(WIN_IN_1);
  if (!c.ok) throw new Error('bad level');
  return kvProofGame(c.value);
}

describe('Budget', () => {
  it('counts nodes down across searches and never below 0', () => {
    const b = new Budget(100);
    expect(b.left).toBe(100);
    b.used = 40;
    expect(b.left).toBe(60);
    b.used = 140;
    expect(b.left).toBe(0);
  });

  it('a time cap empties it once the clock passes the deadline', () => {
    let now = 1000;
    const b = new Budget(1_000_000, 50, () => now);
    expect(b.aborted).toBe(false);
    now = 1049;
    expect(b.left).toBe(1_000_000);
    now = 1050;
    expect(b.aborted).toBe(true);
    expect(b.left).toBe(0);
  });

  it('winWithin charges the nodes it searched and answers the win, or limit without a budget', () => {
    const b = new Budget(1_000_000);
    const r = winWithin(game(), 1, b, 1 << 20);
    expect(r).toEqual({ length: 1, keys: ['Kc1-c3'] });
    expect(b.used).toBeGreaterThan(0);
    expect(winWithin(game(), 1, new Budget(0), 1 << 20)).toBe('limit');
    let now = 0;
    const late = new Budget(1_000_000, 10, () => now);
    now = 10;
    expect(winWithin(game(), 1, late, 1 << 20)).toBe('limit');
  });
});
