/**
 * The host's summary of a `limit` solve (what `prove`, saves and the editor's
 * draft dialog show) carries the SolveResult `reason` and names that cap in
 * its message, with counts in words.
 */
import { describe, expect, it } from 'vitest';
import { summarizeSolve } from '../../../src-main/services/solve-runner.js';

describe('summarizeSolve of a limit', () => {
  it('a state-cap stop: reason states, "its state cap (1 state, depth 0)"', () => {
    const s = summarizeSolve({ result: { status: 'limit', states: 1, depth: 0, reason: 'states' }, ms: 3 });
    expect(s).toMatchObject({ status: 'limit', reason: 'states', states: 1 });
    expect(s.message).toBe('the solver hit its state cap (1 state, depth 0)');
  });

  it('a time-cap stop: reason time, "its time cap after 20000 ms (2,000 states, depth 7)"', () => {
    const s = summarizeSolve({ result: { status: 'limit', states: 2000, depth: 7, reason: 'time' }, ms: 20_000 });
    expect(s.reason).toBe('time');
    expect(s.message).toBe('the solver hit its time cap after 20000 ms (2,000 states, depth 7)');
  });

  it('a memory stop: reason memory, "its memory limit"', () => {
    const s = summarizeSolve({ result: { status: 'limit', states: 5, depth: 1, reason: 'memory' }, ms: 9 });
    expect(s.reason).toBe('memory');
    expect(s.message).toContain('its memory limit (5 states, depth 1)');
  });
});
