/**
 * DEV-ONLY in-memory host, enabled solely by the `?mockHost` query (see
 * host/index.ts; loaded lazily, so it is a separate chunk never fetched in
 * normal use). It mimics the serve host closely enough for UI work and
 * UI-only e2e: a small workspace of levels, `open`, `list`, and a save
 * pipeline with the same outcomes (schema/rules -> invalid, solve ->
 * unsolvable / limit, `allowDraft` -> `draft: true`, proof -> `solution`).
 * Nothing is persisted.
 */
import type { HostApi, HostError, SavedLevel, SolveSummary } from '../../src-shared/host/contract.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import type { Level } from '../../src-shared/model/level.js';
import { solveLevel, validateDocument } from '../../src-shared/rules/index.js';
import { hasErrors } from '../../src-shared/validation/issue.js';

function sample(title: string, extra: Partial<Record<string, unknown>>): Level {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title, author: 'Mock host' },
    board: { width: 6, height: 6 },
    walls: ['c3', 'd3'],
    portal: 'c6',
    pieces: [
      { role: 'king', square: 'c1', color: 'ivory' },
      { role: 'rook', square: 'c2', color: 'obsidian' },
      { role: 'pawn', square: 'd2', color: 'ivory', facing: 'west', lateral: false },
    ],
    ...extra,
  } as Level;
}

export function createMockHost(): HostApi {
  const files = new Map<string, unknown>([
    ['unlock-the-king/01-first.level.json', sample('Mock 1: first steps', {})],
    ['unlock-the-king/02-walled.level.json', sample('Mock 2: walled in', { walls: ['b2', 'c2', 'd2', 'b1', 'd1'], pieces: [{ role: 'king', square: 'c1' }] })],
    ['unlock-the-king/03-draft.level.json', sample('Mock 3: a draft', { draft: true, pieces: [] })],
  ]);
  const delay = <T>(v: T, ms = 30): Promise<T> => new Promise((r) => setTimeout(() => r(structuredClone(v)), ms));

  async function save(path: string | undefined, document: unknown, allowDraft?: boolean): Promise<SavedLevel | HostError> {
    if (!path) return { ok: false, code: 'bad-request', message: 'serve needs a workspace-relative path' };
    if (!path.endsWith('.level.json') || path.startsWith('/') || path.includes('..')) {
      return { ok: false, code: 'forbidden', message: `not a workspace level path: ${path}` };
    }
    const v = validateDocument(document);
    if (!v.level) return { ok: false, code: 'invalid', message: 'The document does not match the format.', issues: v.issues, draftAllowed: false };
    const started = Date.now();
    let failure: HostError | undefined;
    let out: Level = { ...v.level };
    let solve: SolveSummary = { status: 'error', states: 0, ms: 0 };
    if (hasErrors(v.issues)) {
      failure = { ok: false, code: 'invalid', message: 'Not proved: the level breaks builder rules.', issues: v.issues, draftAllowed: true };
    } else {
      const r = solveLevel(v.level, { maxStates: 2_000_000 });
      const ms = Date.now() - started;
      if (r.status === 'solved') {
        solve = { status: 'solved', length: r.length, moves: r.moves, states: r.states, ms };
        delete out.draft;
        out = { ...out, solution: { moves: r.moves, length: r.length, optimal: true, states: r.states, solver: 'castellan mock', levelHash: levelHash(v.level) } };
      } else if (r.status === 'unsolvable') {
        solve = { status: 'unsolvable', states: r.states, ms };
        failure = { ok: false, code: 'unsolvable', message: 'Not proved: the solver proved there is no solution.', issues: [], solve, draftAllowed: true };
      } else if (r.status === 'invalid') {
        failure = { ok: false, code: 'invalid', message: 'Not proved: the level breaks builder rules.', issues: r.issues, draftAllowed: true };
      } else {
        solve = { status: 'limit', states: r.states, ms };
        failure = { ok: false, code: 'limit', message: 'Not proved: the solver gave up at its limit.', issues: [], solve, draftAllowed: true };
      }
    }
    if (failure) {
      if (!allowDraft) return delay({ ...failure, message: `${failure.message} Nothing was written; it can be saved as a draft.` });
      delete out.solution;
      out = { ...out, draft: true };
    }
    files.set(path, out);
    return delay({ ok: true as const, path, document: out, draft: !!failure, solve });
  }

  return {
    startup: () =>
      delay({ ok: true as const, info: { host: 'serve' as const, initialFile: 'unlock-the-king/01-first.level.json', workspace: 'mock workspace', version: 'mock' } }),
    list: () => delay({ ok: true as const, files: [...files.keys()].sort().map((p) => ({ path: p, name: p.split('/').pop()! })) }),
    open: async ({ path }) => {
      if (!path) return delay({ ok: false as const, code: 'bad-request' as const, message: 'serve needs a path' });
      const doc = files.get(path);
      if (!doc) return delay({ ok: false as const, code: 'not-found' as const, message: `no such file: ${path}` });
      const v = validateDocument(doc);
      return delay({ ok: true as const, path, document: (v.level ?? doc) as Level, issues: v.issues });
    },
    save: ({ path, document, allowDraft }) => save(path, document, allowDraft),
    saveAs: ({ path, document, allowDraft }) => save(path, document, allowDraft),
  };
}
