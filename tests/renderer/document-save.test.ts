/**
 * The save's proof decisions (app/document-save.svelte.ts): when a save
 * proves first with a visible job, what a proof that gave up offers (the
 * draft dialog's failure), the figures of the progress (app/save-figures.ts)
 * and the dialogs that wait for the open one (shell/notices.svelte.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import type { HostApi } from '../../src-shared/host/contract.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { DocumentSaver, needsProof, proofFailure } from '../../src-renderer/app/document-save.svelte.js';
import { DocumentTab } from '../../src-renderer/app/document-tab.svelte.js';
import { Notices } from '../../src-renderer/shell/notices.svelte.js';
import { formatRate, formatSeconds, formatStates } from '../../src-renderer/app/save-figures.js';
import { sampleLevel } from './fixtures.js';

const solveHost = { solveStart: async () => ({ ok: true, jobId: 'j' }), solvePoll: async () => ({}), solveCancel: async () => ({}) } as unknown as HostApi;

describe('needsProof', () => {
  it('proves first when the host runs proof jobs and the stored solution is not for this levelHash', () => {
    const doc = sampleLevel();
    const hash = levelHash(doc);
    expect(needsProof(solveHost, doc, hash)).toBe(true);
    // A stale stored solution (proved for another hash) is no proof either.
    expect(
      needsProof(
        solveHost,
        {
          ...doc,
          solution: { moves: ['Ke1-e2'], length: 1, optimal: true, states: 3, solver: 'castellan 0.1.0', levelHash: `sha256:${'0'.repeat(64)}` },
        } as typeof doc,
        hash,
      ),
    ).toBe(true);
  });

  it('saves at once when the stored solution is current, the host has no proof jobs, or the document cannot be hashed', () => {
    const doc = sampleLevel();
    const hash = levelHash(doc);
    const proved = { ...doc, solution: { moves: ['Ke1-e2'], length: 1, optimal: true, states: 3, solver: 'castellan 0.1.0', levelHash: hash } } as typeof doc;
    expect(needsProof(solveHost, proved, hash)).toBe(false);
    expect(needsProof({ save: async () => ({}) } as unknown as HostApi, doc, hash)).toBe(false);
    expect(needsProof(null, doc, hash)).toBe(false);
    expect(needsProof(solveHost, doc, null)).toBe(false);
  });

  it('leaves a level with builder errors to the host save (it answers invalid with the issues at once)', () => {
    // UK: a blueprint needs exactly one king (no king here).
    const doc = { ...sampleLevel(), pieces: [{ role: 'rook' as const, square: 'e4' }] };
    expect(needsProof(solveHost, doc, levelHash(doc))).toBe(false);
  });
});

describe('proofFailure', () => {
  it('Cancel and the limits offer a draft; unsolvable too; a proof answers null (the save goes on)', () => {
    const c = proofFailure({ kind: 'cancelled' }, 4200, { states: 1234 });
    expect(c).toMatchObject({ ok: false, code: 'cancelled', draftAllowed: true, solve: { status: 'cancelled', states: 1234, ms: 4200 } });
    const l = proofFailure({ kind: 'result', result: { status: 'limit', states: 99, depth: 7, reason: 'time' }, ms: 20_000 }, 20_001, { states: 90 });
    expect(l).toMatchObject({ code: 'limit', draftAllowed: true, solve: { status: 'limit', states: 99, ms: 20_000 } });
    expect(l?.message).toContain('time limit');
    const u = proofFailure({ kind: 'result', result: { status: 'unsolvable', states: 5 }, ms: 10 }, 10, { states: 5 });
    expect(u).toMatchObject({ code: 'unsolvable', draftAllowed: true });
    expect(
      proofFailure({ kind: 'result', result: { status: 'solved', length: 3, moves: ['a', 'b', 'c'], states: 9, optimal: true }, ms: 5 }, 5, { states: 9 }),
    ).toBeNull();
    expect(proofFailure({ kind: 'error', message: 'down' }, 5, { states: 0 })).toBeNull();
    expect(proofFailure({ kind: 'result', result: { status: 'invalid', issues: [] }, ms: 0 }, 0, { states: 0 })).toBeNull();
  });
});

describe('save progress figures', () => {
  it('states: singular for one, thousands separators, millions with two decimals', () => {
    expect(formatStates(0)).toBe('0 states');
    expect(formatStates(1)).toBe('1 state');
    expect(formatStates(12_345)).toBe('12,345 states');
    expect(formatStates(7_650_000)).toBe('7.65 M states');
    expect(formatStates(-3)).toBe('0 states');
  });

  it('rate: states per second over the elapsed time; nothing before a quarter second', () => {
    expect(formatRate(500_000, 2000)).toBe('250,000 states/s');
    expect(formatRate(10, 100)).toBe('– states/s');
  });

  it('elapsed: tenths of seconds under a minute, minutes and seconds after', () => {
    expect(formatSeconds(4210)).toBe('4.2 s');
    expect(formatSeconds(174_000)).toBe('2 min 54 s');
  });
});

describe('Notices.present', () => {
  it('shows a dialog at once when none is open, else after the open one closes (in order), running its onShow then', async () => {
    const n = new Notices();
    const shown: string[] = [];
    n.present({ kind: 'new' }, () => shown.push('new'));
    expect(n.dialog).toEqual({ kind: 'new' });
    n.present({ kind: 'open', dir: '' }, () => shown.push('open'));
    n.present({ kind: 'new', ruleset: 'x' }, () => shown.push('second new'));
    expect(n.dialog).toEqual({ kind: 'new' });
    n.dialog = null;
    await Promise.resolve();
    expect(n.dialog).toEqual({ kind: 'open', dir: '' });
    n.closeDialog();
    await Promise.resolve();
    expect(n.dialog).toEqual({ kind: 'new', ruleset: 'x' });
    expect(shown).toEqual(['new', 'open', 'second new']);
  });

  it('a dialog opened right after closing one goes before the waiting one', async () => {
    const n = new Notices();
    n.dialog = { kind: 'new' };
    n.present({ kind: 'open', dir: '' });
    n.dialog = null;
    n.dialog = { kind: 'new', ruleset: 'y' };
    await Promise.resolve();
    expect(n.dialog).toEqual({ kind: 'new', ruleset: 'y' });
    n.dialog = null;
    await Promise.resolve();
    expect(n.dialog).toEqual({ kind: 'open', dir: '' });
  });
});

describe('the draft dialog names the document', () => {
  it('an unsaved level by its title (not "Untitled"); a saved one by its file name', async () => {
    const notices = new Notices();
    const doc = sampleLevel();
    const untitled = new DocumentTab({ ...doc, meta: { ...doc.meta, title: 'Gatehouse' } });
    const saved = new DocumentTab(doc, { path: 'levels/gate.level.json' });
    const list = [untitled, saved];
    const invalid = { ok: false, code: 'invalid', message: 'The level has builder errors.', draftAllowed: true };
    const host = { saveAs: async () => invalid, save: async () => invalid } as unknown as HostApi;
    const saver = new DocumentSaver(
      {
        host,
        hostKind: 'electron',
        notices,
        tabs: {
          active: untitled,
          has: (t) => list.includes(t),
          activate: () => undefined,
          remember: () => undefined,
          byId: () => undefined,
          remove: () => undefined,
        },
      },
      { whileSaving: (_tab, send) => send(), saved: () => undefined, afterSave: () => undefined },
    );
    saver.saveAs(untitled);
    await vi.waitFor(() => expect(notices.dialog?.kind).toBe('draft'));
    expect(notices.dialog).toMatchObject({ kind: 'draft', name: 'Gatehouse' });
    notices.dialog = null;
    saver.save(saved);
    await vi.waitFor(() => expect(notices.dialog?.kind).toBe('draft'));
    expect(notices.dialog).toMatchObject({ kind: 'draft', name: 'gate.level.json' });
  });
});
