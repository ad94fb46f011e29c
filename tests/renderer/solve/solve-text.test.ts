import { describe, expect, it } from 'vitest';
import {
  bestDefenceText,
  cancelledText,
  defenceLines,
  limitText,
  progressFigures,
  resultText,
  type GoalWords,
} from '../../../src-renderer/solve/solve-text.js';
import { lineNotation } from '../../../src-shared/rulesets/index.js';
import { newLcLevel } from '../../../src-shared/rulesets/locking-chess/def.js';

const PAR: GoalWords = { twoPlayer: false, verb: 'win', solves: 'brings the king to the portal' };
const MATE: GoalWords = { twoPlayer: true, verb: 'mate', goalN: 2, solves: '' };
const CAPS = { timeMs: 60_000, maxStates: 20_000_000 };

describe('Solver panel words', () => {
  it('counts take the singular for exactly one ("1 state", "1 position"), never "1 states"', () => {
    expect(resultText({ status: 'solved', length: 1, moves: ['Ke1-e2'], states: 1, optimal: true }, 10, PAR).text).toBe(
      'Solved: par 1 (optimal) — 1 state, 0.01 s',
    );
    expect(resultText({ status: 'unsolvable', states: 1 }, 10, PAR).text).toContain('(1 state explored');
    expect(resultText({ status: 'unsolvable', states: 2 }, 10, MATE).text).toContain('within 2 moves against every defence (2 positions');
    expect(cancelledText(1, 0, 200, PAR)).toBe('Cancelled after 1 state (depth bound 0), 0.20 s.');
    expect(resultText({ status: 'invalid', issues: [{ severity: 'error', code: 'x', message: 'No king.' }] }, 0, PAR).text).toBe(
      'invalid — fix 1 error first: No king.',
    );
  });

  it('a solve stopped by a cap names the cap and how to raise it', () => {
    const t = limitText({ reason: 'time', states: 7_650_000, depth: 31 }, PAR, CAPS);
    expect(t).toBe(
      'limit — stopped by the time cap (60 s) after 7,650,000 states, depth bound 31; no proof either way. Raise the time cap in Solver settings (up to 600 s).',
    );
    expect(limitText({ reason: 'states', states: 20_000_000, depth: 12 }, PAR, CAPS)).toContain(
      'stopped by the state cap (20,000,000 states) after 20,000,000 states, depth bound 12; no proof either way. Raise the state cap in Solver settings (up to 100,000,000 states)',
    );
  });

  it('progress: states against the cap, the depth bound, the rate per second and the elapsed time against the time cap', () => {
    expect(progressFigures(500_000, 14, 2_000, CAPS, PAR)).toEqual({
      states: '500,000 states of 20,000,000',
      depth: 'depth bound 14 (optimum ≥ 14 moves)',
      rate: '250,000 states/s',
      elapsed: '2.0 s of 60 s',
    });
    expect(progressFigures(1, 2, 1000, CAPS, MATE).depth).toBe('trying mate in 2');
  });

  it('defences to the key are numbered from the side to move: White first 1... / 2., Black first 2. / 2...', () => {
    const id = (l: readonly string[]): string[] => [...l];
    const refs = [{ defence: 'Ka8-b8', answer: 'Qc1-c8', length: 2 }];
    expect(defenceLines('Qd1-c1', refs, 'white', 'mate', id)).toEqual([
      { defence: 'Ka8-b8', answer: 'Qc1-c8', defenceText: '1... Ka8-b8', answerText: '2. Qc1-c8', length: 'mate in 2' },
    ]);
    expect(defenceLines('Qd1-c1', refs, 'black', 'mate', id)[0]).toMatchObject({ defenceText: '2. Ka8-b8', answerText: '2... Qc1-c8' });
    expect(bestDefenceText(['Qc1', 'Kb8', 'Qc8#'], 'white')).toBe('Best defence 1... Kb8, answer 2. Qc8#');
    expect(bestDefenceText(['Qc8#'], 'white')).toBe('');
  });

  it('LC-13 Locking Chess lines are shown in SAN; a move that does not replay stays as written from there on', () => {
    const start = newLcLevel();
    expect(lineNotation(start, ['Pe2-e4', 'Pe7-e5', 'Qd1-h5'])).toEqual(['e4', 'e5', 'Qh5']);
    expect(lineNotation(start, ['Pe2-e4', 'Ke1-e5', 'Qd1-h5'])).toEqual(['e4', 'Ke1-e5', 'Qd1-h5']);
  });
});
