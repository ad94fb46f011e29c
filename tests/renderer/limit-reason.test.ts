/**
 * The editor's draft dialog and solve summaries name the cap that stopped a
 * `limit` solve (SolveSummary `reason`), instead of "time or state limit".
 */
import { describe, expect, it } from 'vitest';
import { draftReason, summarizeSolve } from '../../src-renderer/host/messages.js';
import { proofFailure } from '../../src-renderer/app/document-save.svelte.js';

describe('limit answers name their cap', () => {
  it('draft reason: the state cap, the time cap, the memory limit', () => {
    const solve = (reason: 'states' | 'time' | 'memory') => ({ status: 'limit' as const, states: 10, ms: 5, reason });
    expect(draftReason({ code: 'limit', issues: [], solve: solve('states') })).toBe('The solver stopped at its state cap before finding a proof either way.');
    expect(draftReason({ code: 'limit', issues: [], solve: solve('time') })).toContain('its time cap');
    expect(draftReason({ code: 'limit', issues: [], solve: solve('memory') })).toContain('its memory limit');
  });

  it('solve summary line: "gave up at the solver\'s state cap (1 state)"', () => {
    expect(summarizeSolve({ status: 'limit', states: 1, ms: 5, reason: 'states' })).toBe("gave up at the solver's state cap (1 state)");
    expect(summarizeSolve({ status: 'limit', states: 2000, ms: 5, reason: 'time' })).toBe("gave up at the solver's time cap (2,000 states)");
  });

  it('an in-editor proof that hit the time cap carries the reason to the draft dialog', () => {
    const f = proofFailure({ kind: 'result', result: { status: 'limit', states: 99, depth: 7, reason: 'time' }, ms: 20_000 }, 20_001, { states: 90 });
    expect(f?.solve).toMatchObject({ status: 'limit', reason: 'time' });
    expect(draftReason(f!)).toContain('its time cap');
  });
});
