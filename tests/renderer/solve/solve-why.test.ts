/**
 * The solve controller's why (app/solve-controller.svelte.ts `why`,
 * `marks`): the why of an unsolvable answer reaches the Solver panel and the
 * board's marks unchanged through the host solve; the marks clear when the
 * document's content changes and while a new solve runs, and come back when
 * an undo restores the content that was solved.
 */
import { describe, expect, it } from 'vitest';
import type { HostApi, SolvePollAnswer } from '../../../src-shared/host/contract.js';
import type { UnsolvableWhy } from '../../../src-shared/solver/types.js';
import { SolveController, type SolveContext } from '../../../src-renderer/app/solve-controller.svelte.js';
import { sampleLevel } from '../fixtures.js';
import { ReactiveDoc } from './reactive-doc.svelte.js';

const sealed: UnsolvableWhy = {
  code: 'king-sealed',
  message: 'The king on e1 is sealed in by the immovable pawns on d1, d2, e2, f2 and f1.',
  squares: ['d1', 'd2', 'e2', 'f2', 'f1'],
  ruling: 'UK-6',
};

/** A host whose solve answers `result` on the first poll; `release()` lets a held poll answer. */
function host(result: SolvePollAnswer & { state: 'done' }, hold = false) {
  let release!: () => void;
  const gate = hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  const api = {
    solveStart: async () => ({ ok: true as const, jobId: 'j' }),
    solvePoll: async () => {
      await gate;
      return result;
    },
    solveCancel: async () => ({ ok: true as const, jobId: 'j', cancelled: true }),
  } as unknown as HostApi;
  return { api, release: () => release?.() };
}

function controller(r: ReactiveDoc, api: HostApi): SolveController {
  const ctx: SolveContext = {
    editor: { exitPreview: () => undefined, stepTo: () => undefined, startPreview: () => undefined },
    get st() {
      return { doc: r.doc as never, preview: null };
    },
    get currentHash() {
      return r.currentHash;
    },
    host: api,
    player: { play: null },
  };
  return new SolveController(ctx);
}

async function settle(c: SolveController): Promise<void> {
  for (let i = 0; i < 200 && c.solve.kind === 'running'; i++) await new Promise((res) => setTimeout(res, 5));
}

describe('SolveController why and marks', () => {
  it('UK-6: the why of an unsolvable host answer is shown unchanged and its squares are marked', async () => {
    const r = new ReactiveDoc(sampleLevel());
    const c = controller(r, host({ ok: true, jobId: 'j', state: 'done', result: { status: 'unsolvable', states: 12, why: sealed }, ms: 3 }).api);
    expect(c.why).toBeNull();
    c.runSolve();
    await settle(c);
    expect(c.solve.kind).toBe('done');
    expect(c.why).toEqual({ why: sealed, states: 12, first: 'white', stale: false });
    expect(c.marks).toEqual(['d1', 'd2', 'e2', 'f2', 'f1']);
  });

  it('the marks clear when the document content changes and come back when an undo restores it; a meta edit keeps them', async () => {
    const r = new ReactiveDoc(sampleLevel());
    const c = controller(r, host({ ok: true, jobId: 'j', state: 'done', result: { status: 'unsolvable', states: 12, why: sealed }, ms: 3 }).api);
    c.runSolve();
    await settle(c);
    const solved = r.doc;
    r.doc = { ...sampleLevel(), walls: ['d4', 'a8'] };
    expect(c.marks).toEqual([]);
    expect(c.why?.stale).toBe(true);
    r.doc = { ...sampleLevel(), meta: { title: 'Renamed' } };
    expect(c.marks).toEqual(sealed.squares);
    r.doc = solved;
    expect(c.why?.stale).toBe(false);
    expect(c.marks).toEqual(sealed.squares);
  });

  it('a new solve clears the why and the marks while it runs; an answer without why marks nothing', async () => {
    const r = new ReactiveDoc(sampleLevel());
    const first = controller(r, host({ ok: true, jobId: 'j', state: 'done', result: { status: 'unsolvable', states: 12, why: sealed }, ms: 3 }).api);
    first.runSolve();
    await settle(first);
    expect(first.marks.length).toBe(5);
    const h = host({ ok: true, jobId: 'j', state: 'done', result: { status: 'unsolvable', states: 7 }, ms: 3 }, true);
    const c = controller(r, h.api);
    c.solve = first.solve;
    expect(c.marks.length).toBe(5);
    c.runSolve();
    expect(c.solve.kind).toBe('running');
    expect(c.why).toBeNull();
    expect(c.marks).toEqual([]);
    h.release();
    await settle(c);
    expect(c.solve).toMatchObject({ kind: 'done', result: { status: 'unsolvable', states: 7 } });
    expect(c.why).toBeNull();
    expect(c.marks).toEqual([]);
  });

  it('squares the board cannot place are not marked (the panel lists the same well-formed squares)', async () => {
    const r = new ReactiveDoc(sampleLevel());
    const why = { ...sealed, squares: ['d1', 'off-board', 'd1', 'e2'] };
    const c = controller(r, host({ ok: true, jobId: 'j', state: 'done', result: { status: 'unsolvable', states: 1, why }, ms: 1 }).api);
    c.runSolve();
    await settle(c);
    expect(c.marks).toEqual(['d1', 'e2']);
  });
});
