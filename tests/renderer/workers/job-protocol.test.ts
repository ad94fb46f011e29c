/**
 * The renderer's one worker job protocol: the client side of a job run on a
 * fake worker port (job-protocol.ts `startJobOn`: progress, result, error,
 * cancel terminating the worker) and the worker side (job-handler.ts
 * `handleJob`: the solve entry and the ruleset's engine looked up in the
 * registry), without a real Worker.
 */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel, Level } from '../../../src-shared/model/level.js';
import { handleJob } from '../../../src-renderer/workers/job-handler.js';
import { outcomeOf, startJobOn, type Job, type JobMessage, type JobPort } from '../../../src-renderer/workers/job-protocol.js';
import { sampleLevel } from '../fixtures.js';

/** A fake worker: records what it was sent and whether it was terminated; `emit` plays a message from the worker. */
function fakePort() {
  const sent: unknown[] = [];
  let terminated = 0;
  const port: JobPort = {
    onmessage: null,
    onerror: null,
    postMessage: (m) => void sent.push(m),
    terminate: () => void terminated++,
  };
  return {
    port,
    sent,
    terminated: () => terminated,
    emit: (m: JobMessage) => port.onmessage?.({ data: m } as MessageEvent),
    fail: (message: string) => {
      let prevented = false;
      port.onerror?.({ message, preventDefault: () => void (prevented = true) } as ErrorEvent);
      return prevented;
    },
  };
}

// White Kc1, Sc4; Black Ka5, White to move, "win in 1": Kc1-c3 slides c2, c3 and stops before c4 on the
// valley (KV-5); no other move wins at once (hand-worked in tests/shared/rulesets/kings-valley/engine.test.ts).
const KV_WIN_IN_1: KingsValleyLevel = {
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
  goal: { type: 'win-in', moves: 1 },
};

describe('job client (startJobOn)', () => {
  it('posts a plain copy of the job, reports progress, settles with the result and terminates the worker', async () => {
    const f = fakePort();
    const progress: number[] = [];
    const job: Job = { kind: 'solve', level: sampleLevel(), caps: { maxStates: 10 } };
    const h = startJobOn<'solve'>(
      () => f.port,
      job as Extract<Job, { kind: 'solve' }>,
      (p) => progress.push(p.states),
    );
    expect(f.sent).toEqual([job]);
    expect(f.sent[0]).not.toBe(job);
    f.emit({ type: 'progress', states: 500, depth: 3 });
    f.emit({ type: 'progress', states: 900, depth: 4 });
    f.emit({ type: 'result', result: { status: 'unsolvable', states: 7, optimal: true } as never, ms: 12 });
    expect(await h.promise).toEqual({ kind: 'result', result: { status: 'unsolvable', states: 7, optimal: true }, ms: 12 });
    expect(progress).toEqual([500, 900]);
    expect(f.terminated()).toBe(1);
    // Later messages and a late cancel change nothing.
    f.emit({ type: 'error', message: 'late' });
    h.cancel();
    expect(f.terminated()).toBe(1);
  });

  it('cancel settles at once with cancelled and terminates the worker', async () => {
    const f = fakePort();
    const h = startJobOn<'solve'>(() => f.port, { kind: 'solve', level: sampleLevel() });
    h.cancel();
    expect(await h.promise).toEqual({ kind: 'cancelled' });
    expect(f.terminated()).toBe(1);
    f.emit({ type: 'result', result: { status: 'unsolvable', states: 1 } as never, ms: 1 });
    expect(await h.promise).toEqual({ kind: 'cancelled' });
  });

  it('a worker error event, an engine that cannot answer and a worker that cannot start settle as errors', async () => {
    const a = fakePort();
    const h1 = startJobOn<'engine-move'>(() => a.port, { kind: 'engine-move', level: KV_WIN_IN_1, moves: [] });
    expect(a.fail('boom')).toBe(true);
    expect(await h1.promise).toEqual({ kind: 'error', message: 'The engine worker failed: boom' });
    expect(a.terminated()).toBe(1);

    const b = fakePort();
    const h2 = startJobOn<'engine-move'>(() => b.port, { kind: 'engine-move', level: KV_WIN_IN_1, moves: [] });
    b.emit({
      type: 'invalid',
      issues: [
        { severity: 'error', code: 'game-over', message: 'The game is over.' },
        { severity: 'error', code: 'x', message: 'Second.' },
      ],
    });
    expect(await h2.promise).toEqual({ kind: 'error', message: 'The game is over. Second.' });

    const h3 = startJobOn<'solve'>(
      () => {
        throw new Error('no workers here');
      },
      { kind: 'solve', level: sampleLevel() },
    );
    expect(await h3.promise).toEqual({ kind: 'error', message: 'Cannot start the solver worker: no workers here' });
  });

  it('a throwing progress callback does not stop the job', async () => {
    const f = fakePort();
    const h = startJobOn<'solve'>(
      () => f.port,
      { kind: 'solve', level: sampleLevel() },
      () => {
        throw new Error('bad callback');
      },
    );
    f.emit({ type: 'progress', states: 1, depth: 1 });
    f.emit({ type: 'result', result: { status: 'unsolvable', states: 1 } as never, ms: 3 });
    expect((await h.promise).kind).toBe('result');
  });

  it('outcomeOf: progress settles nothing; result, invalid and error map to outcomes', () => {
    expect(outcomeOf({ type: 'progress', states: 1, depth: 1 })).toBeNull();
    expect(outcomeOf({ type: 'error', message: 'm' })).toEqual({ kind: 'error', message: 'm' });
  });
});

describe('job worker side (handleJob)', () => {
  function run(job: Job): JobMessage[] {
    const out: JobMessage[] = [];
    let t = 0;
    handleJob(
      job,
      (m) => out.push(m),
      () => (t += 5),
    );
    return out;
  }

  it('solve: the one solve entry proves the KV-8 win in 1 (key Kc1-c3); progress comes before the one result', () => {
    const out = run({ kind: 'solve', level: KV_WIN_IN_1 });
    const last = out[out.length - 1]!;
    expect(out.slice(0, -1).every((m) => m.type === 'progress')).toBe(true);
    expect(last.type).toBe('result');
    if (last.type !== 'result') return;
    expect(last.ms).toBe(5);
    expect(last.result).toMatchObject({ status: 'solved', length: 1, keys: ['Kc1-c3'] });
  });

  it('engine-move: the level ruleset module plays the KV-5 winning move', () => {
    const out = run({ kind: 'engine-move', level: KV_WIN_IN_1, moves: [] });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ type: 'result', result: { lan: 'Kc1-c3', kind: 'win', winIn: 1 } });
  });

  it('engine-move: an illegal move, a ruleset without an engine and an unknown ruleset answer invalid with codes', () => {
    expect(run({ kind: 'engine-move', level: KV_WIN_IN_1, moves: ['Kc1-c5'] })[0]).toMatchObject({ type: 'invalid', issues: [{ code: 'move-illegal' }] });
    expect(run({ kind: 'engine-move', level: sampleLevel(), moves: [] })[0]).toMatchObject({ type: 'invalid', issues: [{ code: 'engine-unsupported' }] });
    const alien = { ...sampleLevel(), ruleset: 'fairy-chess' } as unknown as Level;
    expect(run({ kind: 'engine-move', level: alien, moves: [] })[0]).toMatchObject({ type: 'invalid', issues: [{ code: 'ruleset-unsupported' }] });
  });

  it('an unknown job kind posts an error', () => {
    expect(run({ kind: 'dance' } as unknown as Job)).toEqual([{ type: 'error', message: 'Unknown job "dance"' }]);
  });
});
