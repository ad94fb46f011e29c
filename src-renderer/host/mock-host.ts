/**
 * DEV-ONLY in-memory host, enabled solely by the `?mockHost` query (see
 * host/index.ts; loaded lazily, so it is a separate chunk never fetched in
 * normal use). It mimics the serve host closely enough for UI work and
 * UI-only e2e: a small workspace of levels, `open`, `list`, and a save
 * pipeline with the same outcomes (schema/rules -> invalid, solve ->
 * unsolvable / limit, `allowDraft` -> `draft: true`, proof -> `solution`).
 *
 * The workspace file methods (browse, makeFolder, workspaceSummary:
 * mock-files.ts) over the same files. Never-lose-work methods as the real hosts answer them: file
 * revisions (sha256 of the stored text) with `expectedRevision` /
 * `overwrite` conflicts, backups of replaced versions (newest 10),
 * autosave / recovery. Levels live in memory; autosaves are kept in the
 * tab's localStorage so a reload can offer them. `createMockHost()` also
 * answers `externalEdit(path, fn)` (simulates another program changing a
 * file) for UI work.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type {
  BackupItem,
  CoreHostMethod,
  FileRevision,
  FullHostApi,
  RecoveryHostMethod,
  HostError,
  RecoveryItem,
  SavedLevel,
  SolveSummary,
} from '../../src-shared/host/contract.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import type { Level } from '../../src-shared/model/level.js';
import { solveLevel, validateDocument } from '../../src-shared/rulesets/index.js';
import { newUkLevel } from '../../src-shared/rulesets/unlock-the-king/def.js';
import { hasErrors, type Issue } from '../../src-shared/validation/issue.js';
import type { FilesHostMethod } from '../../src-shared/host/files-contract.js';
import { mockFileMethods } from './mock-files.js';

/** A 6 x 6 blueprint (a new Unlock the King document, walled and furnished) with `extra` fields. */
function sample(title: string, extra: Partial<Record<string, unknown>>): Level {
  return {
    ...newUkLevel(),
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

interface MockFile {
  text: string;
  revision: FileRevision;
}

interface MockBackup extends BackupItem {
  text: string;
}

interface MockAutosave {
  docId: string;
  savedAt: string;
  path?: string;
  baseRevision?: FileRevision;
  document: unknown;
}

const RECOVERY_KEY = 'castellan.mock.recovery';
const KEEP_BACKUPS = 10;

function revisionOf(text: string, mtimeMs: number): FileRevision {
  const bytes = utf8ToBytes(text);
  return { mtimeMs, size: bytes.length, sha256: `sha256:${bytesToHex(sha256(bytes))}` };
}

function sameRevision(a: FileRevision | null, b: FileRevision | null): boolean {
  return a === null || b === null ? a === b : a.sha256 === b.sha256;
}

function storage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

function loadAutosaves(): Map<string, MockAutosave> {
  try {
    const raw = storage()?.getItem(RECOVERY_KEY);
    const arr = raw ? (JSON.parse(raw) as MockAutosave[]) : [];
    return new Map(arr.map((a) => [a.docId, a]));
  } catch {
    return new Map();
  }
}

/** What the mock's save pipeline proved of a level that matches the format: the level to write, the solve summary and, when not proved, the failure. */
interface MockProof {
  out: Level;
  solve: SolveSummary;
  failure: HostError | undefined;
}

/** The mock save's proof step: builder rules, then a solve (2,000,000 states), answered as the real hosts do (solved -> `solution`). */
function mockProve(level: Level, issues: Issue[]): MockProof {
  const started = Date.now();
  let failure: HostError | undefined;
  let out: Level = { ...level };
  let solve: SolveSummary = { status: 'error', states: 0, ms: 0 };
  if (hasErrors(issues)) {
    failure = { ok: false, code: 'invalid', message: 'Not proved: the level breaks builder rules.', issues, draftAllowed: true };
  } else {
    const r = solveLevel(level, { maxStates: 2_000_000 });
    const ms = Date.now() - started;
    if (r.status === 'solved') {
      solve = { status: 'solved', length: r.length, moves: r.moves, states: r.states, ms };
      delete out.draft;
      out = {
        ...out,
        solution: { moves: r.moves, length: r.length, optimal: true, states: r.states, solver: 'castellan mock', levelHash: levelHash(level) },
      };
    } else if (r.status === 'unsolvable') {
      solve = { status: 'unsolvable', states: r.states, ms };
      failure = { ok: false, code: 'unsolvable', message: 'Not proved: the solver proved there is no solution.', issues: [], solve, draftAllowed: true };
    } else if (r.status === 'invalid') {
      failure = { ok: false, code: 'invalid', message: 'Not proved: the level breaks builder rules.', issues: r.issues, draftAllowed: true };
    } else {
      solve = { status: 'limit', states: r.states, ms, ...('reason' in r ? { reason: r.reason } : {}) };
      failure = { ok: false, code: 'limit', message: 'Not proved: the solver gave up at its limit.', issues: [], solve, draftAllowed: true };
    }
  }
  return { out, solve, failure };
}

/** The recovery list's entry of an autosave (title and ruleset read from the document when it has them). */
function recoveryItemOf(a: MockAutosave): RecoveryItem {
  const d = (a.document ?? {}) as { meta?: { title?: unknown }; ruleset?: unknown };
  return {
    docId: a.docId,
    title: typeof d.meta?.title === 'string' ? d.meta.title : '',
    savedAt: a.savedAt,
    bytes: JSON.stringify(a.document).length,
    ...(a.path !== undefined ? { path: a.path } : {}),
    ...(typeof d.ruleset === 'string' ? { ruleset: d.ruleset } : {}),
  };
}

/** The dev mock host: the core, recovery and workspace file methods (no host solves, packs or session). */
export type MockHost = Pick<FullHostApi, CoreHostMethod | RecoveryHostMethod | FilesHostMethod> & {
  /** Simulates another program rewriting `path` (null: deleting it). */
  externalEdit(path: string, fn: (doc: Level) => Level | null): void;
};

export function createMockHost(): MockHost {
  let clock = Date.now();
  const tick = (): number => (clock = Math.max(clock + 1, Date.now()));
  const files = new Map<string, MockFile>();
  const put = (path: string, doc: unknown): MockFile => {
    const text = JSON.stringify(doc, null, 2) + '\n';
    const f = { text, revision: revisionOf(text, tick()) };
    files.set(path, f);
    return f;
  };
  put('unlock-the-king/01-first.level.json', sample('Mock 1: first steps', {}));
  put('unlock-the-king/02-walled.level.json', sample('Mock 2: walled in', { walls: ['b2', 'c2', 'd2', 'b1', 'd1'], pieces: [{ role: 'king', square: 'c1' }] }));
  put('unlock-the-king/03-draft.level.json', sample('Mock 3: a draft', { draft: true, pieces: [] }));
  const backups = new Map<string, MockBackup[]>();
  const autosaves = loadAutosaves();
  const persist = (): void => {
    try {
      storage()?.setItem(RECOVERY_KEY, JSON.stringify([...autosaves.values()]));
    } catch {
      /* quota: the mock keeps them in memory */
    }
  };
  const delay = <T>(v: T, ms = 30): Promise<T> => new Promise((r) => setTimeout(() => r(structuredClone(v)), ms));
  const err = (code: HostError['code'], message: string, extra: Partial<HostError> = {}): HostError => ({ ok: false, code, message, ...extra });
  const okPath = (path: string): boolean => path.endsWith('.level.json') && !path.startsWith('/') && !path.includes('..');

  interface SaveArgs {
    path?: string | undefined;
    document: unknown;
    allowDraft?: boolean | undefined;
    expectedRevision?: FileRevision | null | undefined;
    overwrite?: boolean | undefined;
    docId?: string | undefined;
  }

  async function save(a: SaveArgs): Promise<SavedLevel | HostError> {
    const { path, document, allowDraft } = a;
    if (!path) return err('bad-request', 'serve needs a workspace-relative path');
    if (!okPath(path)) return err('forbidden', `not a workspace level path: ${path}`);
    const current = (): FileRevision | null => files.get(path)?.revision ?? null;
    const check = a.expectedRevision !== undefined && !a.overwrite;
    const conflict = (): HostError =>
      err('conflict', `Not saved: ${path} was changed on disk since it was opened (by another program or window).`, { revision: current() });
    if (check && !sameRevision(current(), a.expectedRevision!)) return delay(conflict());
    const v = validateDocument(document);
    if (!v.level) return { ok: false, code: 'invalid', message: 'The document does not match the format.', issues: v.issues, draftAllowed: false };
    const { out: proved, solve, failure } = mockProve(v.level, v.issues);
    let out = proved;
    if (failure) {
      if (!allowDraft) return delay({ ...failure, message: `${failure.message} Nothing was written; it can be saved as a draft.` });
      delete out.solution;
      out = { ...out, draft: true };
    }
    // Checked again right before the write, as the real hosts do.
    if (check && !sameRevision(current(), a.expectedRevision!)) return delay(conflict());
    const replaced = files.get(path);
    if (replaced) {
      const list = backups.get(path) ?? [];
      list.unshift({
        id: `${new Date(tick()).toISOString().replace(/[:.]/g, '-')}-${list.length}.level.json`,
        savedAt: new Date(clock).toISOString(),
        bytes: replaced.revision.size,
        text: replaced.text,
      });
      backups.set(path, list.slice(0, KEEP_BACKUPS));
    }
    const written = put(path, out);
    if (a.docId !== undefined && autosaves.delete(a.docId)) persist();
    return delay({ ok: true as const, path, document: out, draft: !!failure, solve, revision: written.revision });
  }

  const api: MockHost = {
    startup: () =>
      delay({
        ok: true as const,
        info: { host: 'serve' as const, initialFile: 'unlock-the-king/01-first.level.json', workspace: 'mock workspace', version: 'mock' },
      }),
    list: () => delay({ ok: true as const, files: [...files.keys()].sort().map((p) => ({ path: p, name: p.split('/').pop()! })) }),
    open: async ({ path }) => {
      if (!path) return delay(err('bad-request', 'serve needs a path'));
      const f = files.get(path);
      if (!f) return delay(err('not-found', `no such file: ${path}`));
      const doc = JSON.parse(f.text) as unknown;
      const v = validateDocument(doc);
      return delay({ ok: true as const, path, document: (v.level ?? doc) as Level, issues: v.issues, revision: f.revision });
    },
    save: (req) => save(req),
    saveAs: (req) => save(req),
    revision: ({ path }) => delay({ ok: true as const, path, revision: files.get(path)?.revision ?? null }, 5),
    autosave: ({ docId, document, path, baseRevision }) => {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(docId)) return delay(err('bad-request', 'autosave: bad docId'));
      const savedAt = new Date().toISOString();
      autosaves.set(docId, { docId, savedAt, document, ...(path !== undefined ? { path } : {}), ...(baseRevision ? { baseRevision } : {}) });
      persist();
      return delay({ ok: true as const, docId, savedAt, bytes: JSON.stringify(document).length }, 5);
    },
    recoveryList: () => {
      const items: RecoveryItem[] = [...autosaves.values()].map(recoveryItemOf).sort((x, y) => (x.savedAt < y.savedAt ? 1 : -1));
      return delay({ ok: true as const, items });
    },
    recoveryOpen: ({ docId }) => {
      const a = autosaves.get(docId);
      if (!a) return delay(err('not-found', `There is no recovered document ${docId}.`));
      const v = validateDocument(a.document);
      const revision = a.path !== undefined ? (files.get(a.path)?.revision ?? null) : undefined;
      return delay({
        ok: true as const,
        docId,
        document: (v.level ?? a.document) as Level,
        issues: v.issues,
        savedAt: a.savedAt,
        ...(a.path !== undefined ? { path: a.path } : {}),
        ...(a.baseRevision ? { baseRevision: a.baseRevision } : {}),
        ...(revision !== undefined ? { revision } : {}),
        changedOnDisk: a.path !== undefined && !!a.baseRevision && !sameRevision(revision ?? null, a.baseRevision),
      });
    },
    recoveryDiscard: ({ docId }) => {
      const discarded = autosaves.delete(docId);
      if (discarded) persist();
      return delay({ ok: true as const, docId, discarded }, 5);
    },
    backupList: ({ path }) => delay({ ok: true as const, path, backups: (backups.get(path) ?? []).map(({ text: _t, ...b }) => b) }),
    backupOpen: ({ path, id }) => {
      const b = backups.get(path)?.find((x) => x.id === id);
      if (!b) return delay(err('not-found', `There is no backup ${id} of ${path}.`));
      const { text, ...item } = b;
      const doc = JSON.parse(text) as unknown;
      const v = validateDocument(doc);
      const cur = files.get(path)?.revision;
      return delay({ ok: true as const, path, document: (v.level ?? doc) as Level, issues: v.issues, backup: item, ...(cur ? { revision: cur } : {}) });
    },
    ...mockFileMethods(files, new Set(), (v) => delay(v)),
    externalEdit: (path, fn) => {
      const f = files.get(path);
      const next = fn(f ? (JSON.parse(f.text) as Level) : (sample('New', {}) as Level));
      if (next === null) files.delete(path);
      else put(path, next);
    },
  };
  return api;
}
