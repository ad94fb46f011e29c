/**
 * Jobs on one kept worker (kept-jobs.ts `keptJobsOn`, the play session's
 * hints): jobs run one after another on the same worker; a new job waits
 * for the running one and supersedes one already waiting; cancelling the
 * running job settles it at once but keeps the worker (its answer is
 * dropped) unless it runs past the abandon time; errors replace the worker;
 * close cancels everything. A fake worker port and a fake clock.
 */
import { describe, expect, it } from 'vitest';
import { keptJobsOn } from '../../../src-renderer/workers/kept-jobs.js';
import type { Job, JobMessage, JobOutcome, JobPort } from '../../../src-renderer/workers/job-protocol.js';
import { sampleLevel } from '../fixtures.js';

/** Fake workers: each spawn makes a port that records jobs; `answer(i)` plays worker i's result. */
function fakes() {
  const ports: { port: JobPort; sent: Job[]; terminated: boolean }[] = [];
  const spawn = (): JobPort => {
    const rec = { sent: [] as Job[], terminated: false, port: null as unknown as JobPort };
    rec.port = {
      onmessage: null,
      onerror: null,
      postMessage: (m) => void rec.sent.push(m as Job),
      terminate: () => void (rec.terminated = true),
    };
    ports.push(rec);
    return rec.port;
  };
  const emit = (i: number, m: JobMessage): void => ports[i]!.port.onmessage?.({ data: m } as MessageEvent);
  return {
    ports,
    spawn,
    emit,
    result: (i: number, distance: number) => emit(i, { type: 'result', result: { status: 'solvable', distance, next: null, lostAt: null }, ms: 1 }),
  };
}

const hintJob = (moves: string[]): Extract<Job, { kind: 'hint' }> => ({ kind: 'hint', level: sampleLevel(), moves });
const settled = async <T>(p: Promise<T>): Promise<T | 'pending'> => Promise.race([p, new Promise<'pending'>((r) => setTimeout(() => r('pending'), 5))]);

describe('kept worker jobs (keptJobsOn)', () => {
  it('runs jobs one after another on the same worker', async () => {
    const f = fakes();
    const kept = keptJobsOn(f.spawn);
    const a = kept.run(hintJob([]));
    f.result(0, 4);
    expect(await a.promise).toMatchObject({ kind: 'result', result: { distance: 4 } });
    const b = kept.run(hintJob(['Ka1-b2']));
    f.result(0, 3);
    expect(await b.promise).toMatchObject({ kind: 'result', result: { distance: 3 } });
    expect(f.ports).toHaveLength(1);
    expect(f.ports[0]!.sent.map((j) => (j as { moves: string[] }).moves)).toEqual([[], ['Ka1-b2']]);
    expect(f.ports[0]!.terminated).toBe(false);
  });

  it('a job started while another runs waits for it; a newer one supersedes the waiting one (cancelled)', async () => {
    const f = fakes();
    const kept = keptJobsOn(f.spawn);
    const a = kept.run(hintJob([]));
    const b = kept.run(hintJob(['m1']));
    const c = kept.run(hintJob(['m1', 'm2']));
    expect(await b.promise).toEqual({ kind: 'cancelled' });
    expect(f.ports[0]!.sent).toHaveLength(1); // nothing sent while the worker is busy
    f.result(0, 4);
    expect(await a.promise).toMatchObject({ kind: 'result' });
    expect(f.ports[0]!.sent.map((j) => (j as { moves: string[] }).moves)).toEqual([[], ['m1', 'm2']]);
    f.result(0, 2);
    expect(await c.promise).toMatchObject({ kind: 'result', result: { distance: 2 } });
  });

  it('cancelling the running job settles it at once; the worker finishes it (answer dropped) and is kept for the next', async () => {
    const f = fakes();
    let t = 0;
    const kept = keptJobsOn(
      f.spawn,
      1000,
      () => t,
      () => undefined,
    );
    const a = kept.run(hintJob([]));
    a.cancel();
    expect(await a.promise).toEqual({ kind: 'cancelled' });
    const b = kept.run(hintJob(['m1']));
    t = 200;
    f.result(0, 9); // a's late answer: dropped, b starts on the same worker
    expect(await settled(b.promise)).toBe('pending');
    expect(f.ports).toHaveLength(1);
    expect(f.ports[0]!.sent).toHaveLength(2);
    f.result(0, 3);
    expect(await b.promise).toMatchObject({ kind: 'result', result: { distance: 3 } });
  });

  it('a cancelled job still running past the abandon time: the worker is terminated and the next job gets a fresh one', async () => {
    const f = fakes();
    let t = 0;
    const timers: (() => void)[] = [];
    const kept = keptJobsOn(
      f.spawn,
      1000,
      () => t,
      (fn) => void timers.push(fn),
    );
    const a = kept.run(hintJob([]));
    t = 300;
    a.cancel();
    const b = kept.run(hintJob(['m1']));
    expect(f.ports[0]!.terminated).toBe(false);
    t = 1001;
    for (const fn of timers.splice(0)) fn();
    expect(f.ports[0]!.terminated).toBe(true);
    expect(f.ports).toHaveLength(2);
    expect(f.ports[1]!.sent.map((j) => (j as { moves: string[] }).moves)).toEqual([['m1']]);
    f.result(0, 9); // the old worker's answer is ignored
    f.result(1, 3);
    expect(await b.promise).toMatchObject({ kind: 'result', result: { distance: 3 } });
  });

  it('a worker error settles the running job with an error and the next job gets a new worker; close cancels the rest', async () => {
    const f = fakes();
    const kept = keptJobsOn(f.spawn);
    const a = kept.run(hintJob([]));
    const b = kept.run(hintJob(['m1']));
    f.ports[0]!.port.onerror?.({ message: 'boom', preventDefault: () => undefined } as ErrorEvent);
    expect((await a.promise) as JobOutcome).toEqual({ kind: 'error', message: 'The worker failed: boom' });
    expect(f.ports).toHaveLength(2);
    expect(f.ports[0]!.terminated).toBe(true);
    kept.close();
    expect(await b.promise).toEqual({ kind: 'cancelled' });
    expect(f.ports[1]!.terminated).toBe(true);
    expect(await kept.run(hintJob([])).promise).toEqual({ kind: 'cancelled' });
  });
});
