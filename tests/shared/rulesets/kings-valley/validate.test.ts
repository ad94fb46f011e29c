/** KV-9 builder rules (with KV-1, KV-3, KV-4, KV-8 field meanings). */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel } from '../../../../src-shared/model/level.js';
import { compileKingsValley, kvValleyIndex, validateKingsValley } from '../../../../src-shared/rulesets/kings-valley/index.js';
import { kvLevel } from './helpers.js';

const codes = (l: KingsValleyLevel): string[] => validateKingsValley(l).map((i) => i.code);
const base = () => kvLevel({ white: 'Kc1 Sa1', black: 'Kc5 Sa5', n: 2 });

describe('validateKingsValley', () => {
  it('KV-9 a plain position is valid; a missing goal is not a builder error', () => {
    expect(validateKingsValley(base())).toEqual([]);
    const noGoal = base();
    delete noGoal.goal;
    expect(validateKingsValley(noGoal)).toEqual([]);
  });

  it('KV-1 the valley is the centre square of any odd board', () => {
    expect(kvValleyIndex(5, 5)).toBe(12); // c3 = rank 2 * 5 + file 2
    expect(kvValleyIndex(7, 7)).toBe(24); // d4 = 3 * 7 + 3
    expect(kvValleyIndex(7, 9)).toBe(31); // d5 = 4 * 7 + 3
  });

  it('KV-9 each dimension is odd, 5..9', () => {
    for (const [w, h] of [
      [6, 5],
      [5, 4],
      [3, 3],
      [11, 11],
      [5, 10],
    ]) {
      const l = base();
      l.board = { width: w!, height: h! };
      expect(codes(l)).toContain('kv-board-size');
    }
    for (const [w, h] of [
      [5, 5],
      [7, 9],
      [9, 9],
    ]) {
      const l = kvLevel({ white: 'Ka1', black: 'Kb1' });
      l.board = { width: w!, height: h! };
      expect(codes(l)).toEqual([]);
    }
  });

  it('KV-9 exactly one king per side, naming the squares', () => {
    const issues = validateKingsValley(kvLevel({ white: 'Ka1 Ke1', black: 'Sa5' }));
    const white = issues.find((i) => i.code === 'kv-king-count' && i.squares?.length === 2);
    expect(white).toMatchObject({ severity: 'error', squares: ['a1', 'e1'], square: 'a1', ruling: 'KV-9' });
    expect(issues.filter((i) => i.code === 'kv-king-count')).toHaveLength(2); // and Black has none
  });

  it('KV-9 pieces on the board, one per square, not on a pillar', () => {
    expect(codes(kvLevel({ white: 'Kc1 Sf1', black: 'Kc5' }))).toEqual(['kv-piece-off-board']);
    expect(codes(kvLevel({ white: 'Kc1 Sa1', black: 'Kc5 Sa1' }))).toEqual(['kv-piece-overlap']);
    const onPillar = validateKingsValley(kvLevel({ white: 'Kc1 Sb2', black: 'Kc5', pillars: ['b2'] }));
    expect(onPillar).toEqual([expect.objectContaining({ code: 'kv-piece-on-pillar', square: 'b2', severity: 'error' })]);
  });

  it('KV-9 pillars on the board, listed once, never on the valley', () => {
    expect(codes(kvLevel({ white: 'Kc1', black: 'Kc5', pillars: ['a6'] }))).toEqual(['kv-pillar-off-board']);
    expect(codes(kvLevel({ white: 'Kc1', black: 'Kc5', pillars: ['b2', 'b2'] }))).toEqual(['kv-pillar-duplicate']);
    expect(validateKingsValley(kvLevel({ white: 'Kc1', black: 'Kc5', pillars: ['c3'] }))).toEqual([
      expect.objectContaining({ code: 'kv-pillar-on-valley', square: 'c3' }),
    ]);
    // 7x7: the valley is d4; c3 is an ordinary square there.
    expect(codes(kvLevel({ size: 7, white: 'Kd1', black: 'Kd7', pillars: ['c3'] }))).toEqual([]);
    expect(codes(kvLevel({ size: 7, white: 'Kd1', black: 'Kd7', pillars: ['d4'] }))).toEqual(['kv-pillar-on-valley']);
  });

  it('KV-9 no king starts on the valley', () => {
    expect(validateKingsValley(kvLevel({ white: 'Kc3', black: 'Kc5' }))).toEqual([
      expect.objectContaining({ code: 'kv-king-on-valley', square: 'c3', severity: 'error' }),
    ]);
  });

  it('KV-3 no soldier starts on the valley unless soldiersMayStopOnValley', () => {
    expect(codes(kvLevel({ white: 'Kc1 Sc3', black: 'Kc5' }))).toEqual(['kv-soldier-on-valley']);
    expect(codes(kvLevel({ white: 'Kc1 Sc3', black: 'Kc5', soldiersMayStopOnValley: true }))).toEqual([]);
  });

  it('KV-8 the goal is a win in a positive whole number of moves', () => {
    for (const moves of [0, -1, 1.5]) {
      const l = base();
      l.goal = { type: 'win-in', moves };
      expect(codes(l)).toEqual(['kv-goal-moves']);
    }
    const l = base();
    (l as unknown as { goal: unknown }).goal = { type: 'mate-in', moves: 2 };
    expect(codes(l)).toEqual(['kv-goal-moves']);
  });

  it('KV-4 a starting setup with Black to move is a warning, not an error', () => {
    const issues = validateKingsValley(kvLevel({ white: 'Kc1 Sa1', black: 'Kc5 Sa5', toMove: 'black', startingSetup: true }));
    expect(issues).toEqual([expect.objectContaining({ severity: 'warning', code: 'kv-start-black-to-move', ruling: 'KV-4' })]);
    expect(compileKingsValley(kvLevel({ white: 'Kc1', black: 'Kc5', toMove: 'black', startingSetup: true })).ok).toBe(true);
  });

  it('KV-9 malformed input is reported, never thrown', () => {
    const bad = {
      ...base(),
      board: { width: 5, height: 5 },
      pieces: [
        { role: 'queen', square: 'a1', side: 'white' },
        { role: 'king', square: 'c1', side: 'green' },
        { role: 'king', square: 'c1x', side: 'white' },
        { role: 'king', square: 'c5', side: 'black' },
      ],
      sideToMove: 'red',
    } as unknown as KingsValleyLevel;
    const c = codes(bad);
    expect(c).toEqual(expect.arrayContaining(['kv-piece-role', 'kv-piece-side', 'kv-piece-off-board', 'kv-side-to-move']));
    expect(() => validateKingsValley({} as KingsValleyLevel)).not.toThrow();
    expect(codes({} as KingsValleyLevel)).toContain('kv-board-size');
  });

  it('compileKingsValley refuses a level with errors, returning only the errors', () => {
    const r = compileKingsValley(kvLevel({ white: 'Kc3', black: 'Kc5', toMove: 'black', startingSetup: true }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((i) => i.code)).toEqual(['kv-king-on-valley']);
  });
});
