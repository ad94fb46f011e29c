/**
 * "Suggest a level" form model (suggest-model.svelte.ts): defaults and
 * checks taken from the ruleset modules (UK-1 sides 3..16, KV-9 odd sides,
 * LC-1 fixed 8 x 8, par vs "win / mate in N", KV-8 / LC-8), the request it
 * sends, and the search life cycle over a scripted host: queued → running
 * (progress) → done, a host error, Cancel (the host is told, later polls
 * are ignored).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostApi, HostError } from '../../../src-shared/host/contract.js';
import type { SuggestedLevel, SuggestPollAnswer, SuggestRequest } from '../../../src-shared/host/suggest-contract.js';
import { RULESETS } from '../../../src-shared/rulesets/index.js';
import {
  defaultOptions,
  optionProblems,
  parLabel,
  SUGGEST_POLL_MS,
  suggestRequest,
  SuggestModel,
  type SuggestOptions,
} from '../../../src-renderer/suggest/suggest-model.svelte.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';

/** Two king steps a1 -> b2 -> c3 on 3 x 3 (UK-4, UK-6): par 2. */
const twoMove: UnlockTheKingLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'Suggested blueprint 7' },
  board: { width: 3, height: 3 },
  portal: 'c3',
  pieces: [{ role: 'king', square: 'a1' }],
};

const uk = RULESETS['unlock-the-king'];
const kv = RULESETS['kings-valley'];
const lc = RULESETS['locking-chess'];

const opts = (o: Partial<SuggestOptions> = {}): SuggestOptions => ({
  width: 8,
  height: 8,
  parMin: 3,
  parMax: 8,
  mechanics: [],
  pieces: [],
  seed: 7,
  timeS: 60,
  ...o,
});

describe('options from the ruleset modules', () => {
  it('UK-7 / KV-8 / LC-8: the par fields read "Par", "Win in", "Mate in"', () => {
    expect(parLabel(uk)).toBe('Par');
    expect(parLabel(kv)).toBe('Win in');
    expect(parLabel(lc)).toBe('Mate in');
  });

  it('defaults: the new document’s board; par 4..12, or N 2..3 for a two-player goal; no mechanics; the seed given', () => {
    expect(defaultOptions(uk, 5)).toEqual({ width: 8, height: 8, parMin: 4, parMax: 12, mechanics: [], pieces: [], seed: 5, timeS: 60 });
    const k = defaultOptions(kv, 5);
    expect([k.parMin, k.parMax]).toEqual([2, 3]);
    expect(k.width % 2).toBe(1); // KV-9: odd sides
  });

  it('UK-1: sides 3..16; the problem names the ruling', () => {
    expect(optionProblems(uk, opts())).toEqual({});
    expect(optionProblems(uk, opts({ width: 2 })).width).toMatch(/UK-1/);
    expect(optionProblems(uk, opts({ height: 17 })).height).toMatch(/UK-1/);
    expect(optionProblems(uk, opts({ width: NaN })).width).toBeDefined();
  });

  it('KV-9: an even side is refused', () => {
    expect(optionProblems(kv, opts({ width: 6, height: 5 })).width).toMatch(/KV-9/);
    expect(optionProblems(kv, opts({ width: 7, height: 5 })).width).toBeUndefined();
  });

  it('LC-1: a fixed board is not checked (nor sent)', () => {
    expect(optionProblems(lc, opts({ width: 0, height: 0 }), false)).toEqual({});
    expect(suggestRequest(lc, opts({ width: 0 }), false)).not.toHaveProperty('width');
  });

  it('par range: whole numbers 1..60, the minimum not above the maximum; seed 0..2^32-1', () => {
    expect(optionProblems(uk, opts({ parMin: 0 })).parMin).toBeDefined();
    expect(optionProblems(uk, opts({ parMax: 61 })).parMax).toBeDefined();
    expect(optionProblems(uk, opts({ parMin: 9, parMax: 3 })).parMax).toBe('Par to must be at least 9');
    expect(optionProblems(kv, opts({ parMin: 4, parMax: 3, width: 5, height: 5 })).parMax).toBe('Win in to must be at least 4');
    expect(optionProblems(uk, opts({ seed: -1 })).seed).toBeDefined();
    expect(optionProblems(uk, opts({ seed: 2 ** 32 })).seed).toBeDefined();
    expect(optionProblems(uk, opts({ seed: 2 ** 32 - 1 }))).toEqual({});
    expect(optionProblems(uk, opts({ timeS: 0 })).timeS).toBe('Time limit: a whole number of seconds from 1 to 600');
    expect(optionProblems(uk, opts({ timeS: 601 })).timeS).toBeDefined();
    expect(suggestRequest(uk, opts({ timeS: 5 })).timeMs).toBe(5000);
  });

  it('the request: mechanics and pieces only when chosen', () => {
    expect(suggestRequest(uk, opts())).toEqual({ ruleset: 'unlock-the-king', seed: 7, width: 8, height: 8, parMin: 3, parMax: 8, timeMs: 60_000 });
    expect(suggestRequest(uk, opts({ mechanics: ['keys'], pieces: ['rook'] }))).toMatchObject({ mechanics: ['keys'], pieces: ['rook'] });
  });
});

/** A host whose suggestion answers are scripted: each poll takes the next answer. */
function scriptedHost(polls: (SuggestPollAnswer | HostError)[], start: { ok: true; jobId: string } | HostError = { ok: true, jobId: 'j1' }) {
  const calls: { started: SuggestRequest[]; polled: string[]; cancelled: string[] } = { started: [], polled: [], cancelled: [] };
  const host = {
    suggestStart: async (req: SuggestRequest) => {
      calls.started.push(req);
      return start;
    },
    suggestPoll: async ({ jobId }: { jobId: string }) => {
      calls.polled.push(jobId);
      return polls.shift() ?? { ok: false as const, code: 'not-found' as const, message: 'gone' };
    },
    suggestCancel: async ({ jobId }: { jobId: string }) => {
      calls.cancelled.push(jobId);
      return { ok: true as const, jobId, cancelled: true };
    },
  } as unknown as HostApi;
  return { host, calls };
}

const found = (): SuggestedLevel => ({ ok: true, document: twoMove, par: 2, states: 5, seed: 7, tried: 3 });

describe('the search life cycle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('queued → running with progress → done with the found level', async () => {
    const { host, calls } = scriptedHost([
      { ok: true, jobId: 'j1', state: 'running', tried: 2, ms: 1500, timeMs: 60_000 },
      { ok: true, jobId: 'j1', state: 'done', result: found(), ms: 2100, timeMs: 60_000 },
    ]);
    const m = new SuggestModel(() => host, 'unlock-the-king', 7);
    m.options.parMin = 1;
    m.options.parMax = 5;
    expect(await m.generate()).toBe(true);
    expect(calls.started[0]).toMatchObject({ ruleset: 'unlock-the-king', seed: 7, parMin: 1, parMax: 5 });
    expect(m.phase).toBe('queued');
    expect(m.busy).toBe(true);
    expect(m.canGenerate).toBe(false);
    await vi.advanceTimersByTimeAsync(SUGGEST_POLL_MS);
    expect(m.phase).toBe('running');
    expect(m.progressText).toBe('2 candidates tried · 1 s of 60 s');
    await vi.advanceTimersByTimeAsync(SUGGEST_POLL_MS);
    expect(m.phase).toBe('done');
    expect(m.result?.par).toBe(2);
    expect(m.resultText).toBe('Par 2 · 3 × 3 · seed 7 · proved over 5 states');
    expect(calls.polled).toEqual(['j1', 'j1']);
  });

  it('a limit answer is shown as a failure with its code and message', async () => {
    const limit: HostError = { ok: false, code: 'limit', message: 'No blueprint with par 60..60 was found within 60 s' };
    const { host } = scriptedHost([{ ok: true, jobId: 'j1', state: 'done', result: limit, ms: 60_000, timeMs: 60_000 }]);
    const m = new SuggestModel(() => host, 'unlock-the-king', 1);
    await m.generate();
    await vi.advanceTimersByTimeAsync(SUGGEST_POLL_MS);
    expect(m.phase).toBe('failed');
    expect(m.error).toEqual(limit);
    expect(m.result).toBeNull();
  });

  it('a refused start (bad-request) fails at once without polling', async () => {
    const bad: HostError = { ok: false, code: 'bad-request', message: 'suggestStart: "parMin" must not exceed "parMax".' };
    const { host, calls } = scriptedHost([], bad);
    const m = new SuggestModel(() => host, 'unlock-the-king', 1);
    expect(await m.generate()).toBe(false);
    expect(m.phase).toBe('failed');
    await vi.advanceTimersByTimeAsync(SUGGEST_POLL_MS * 3);
    expect(calls.polled).toEqual([]);
  });

  it('Cancel tells the host, stops polling and keeps the options', async () => {
    const { host, calls } = scriptedHost([{ ok: true, jobId: 'j1', state: 'done', result: found(), ms: 1, timeMs: 60_000 }]);
    const m = new SuggestModel(() => host, 'unlock-the-king', 7);
    m.options.parMax = 9;
    await m.generate();
    m.cancel();
    expect(calls.cancelled).toEqual(['j1']);
    expect(m.phase).toBe('cancelled');
    await vi.advanceTimersByTimeAsync(SUGGEST_POLL_MS * 3);
    expect(calls.polled).toEqual([]);
    expect(m.result).toBeNull();
    expect(m.options.parMax).toBe(9);
  });

  it('nothing starts with a problem in the form, without host methods, or for a ruleset without a generator', async () => {
    const { host, calls } = scriptedHost([]);
    const m = new SuggestModel(() => host, 'unlock-the-king', 7);
    m.options.parMin = 9;
    m.options.parMax = 3;
    expect(m.canGenerate).toBe(false);
    expect(await m.generate()).toBe(false);
    const bare = new SuggestModel(() => ({}) as HostApi, 'unlock-the-king', 7);
    expect(bare.available).toBe(false);
    const without = Object.values(RULESETS).find((d) => !('generate' in d && d.generate));
    if (without) expect(new SuggestModel(() => host, without.id, 7).available).toBe(false);
    expect(calls.started).toEqual([]);
  });

  it('toggling a mechanic adds and removes it; New seed changes the seed', () => {
    const m = new SuggestModel(() => null, 'unlock-the-king', 7);
    m.toggle('mechanics', 'keys', true);
    m.toggle('mechanics', 'plates', true);
    m.toggle('mechanics', 'keys', false);
    expect(m.options.mechanics).toEqual(['plates']);
    const seeds = new Set<number>();
    for (let i = 0; i < 5; i++) {
      m.newSeed();
      seeds.add(m.options.seed);
    }
    expect(seeds.size).toBeGreaterThan(1);
  });
});
