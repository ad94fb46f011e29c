/**
 * Session state of a host: the recent files and the last
 * session (the file that was open), as one JSON file
 * `<stateDir>/session.json` written atomically (atomic-file.ts).
 * Electron: `stateDir` = userData; serve: `<workspace>/.castellan`.
 *
 * File shape (version 1):
 * `{ "version": 1, "recent": string[], "lastFile"?: string, "folders"?: string[],
 *    "tabs"?: {path: string | null, docId: string}[], "activeTab"?: number }`
 * - `recent`: host paths (as the renderer passes them to `open`), most
 *   recent first, no duplicates, at most `MAX_RECENT` (10).
 * - `lastFile`: the file open when the session ended.
 * - `folders` (Electron): the folders the user opened with File > "Open
 *   Folder…", in the order opened, no duplicates, at most `MAX_FOLDERS`;
 *   absent when there are none.
 * - `tabs`: the open document tabs in tab order (their files and autosave
 *   ids, `SessionTab`), at most `MAX_SESSION_TABS`; `activeTab` the index of
 *   the active one (absent or out of range: 0). Absent when none were
 *   recorded.
 *
 * A missing, unreadable or malformed file reads as the empty state (never
 * throws); unknown or ill-typed entries are dropped.
 */
import { MAX_SESSION_TABS, type SessionTab } from '../../src-shared/host/session-contract.js';
import { join } from 'node:path';
import type { HostError } from '../../src-shared/host/contract.js';
import { ensureFolder, writeFileVerified } from './atomic-file.js';
import { readBoundedText, readBoundedTextSync } from './bounded-read.js';

/** At most this many recent files are kept. */
export const MAX_RECENT = 10;
/** At most this many opened folders are kept. */
export const MAX_FOLDERS = 20;
/** The state file's name inside the state folder. */
export const SESSION_FILE = 'session.json';
/** Longest path kept (characters); longer entries are dropped. */
const MAX_PATH_CHARS = 4096;

export interface SessionState {
  recent: string[];
  lastFile?: string;
  /** Folders opened with "Open Folder…" (absent: none). */
  folders?: string[];
  /** The open document tabs, in tab order (absent: none recorded). */
  tabs?: SessionTab[];
  /** Index of the active tab in `tabs`. */
  activeTab?: number;
}

/** An autosave id: 1-64 of `[A-Za-z0-9_-]` (the recovery folder's rule). */
export const DOC_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A well-formed recorded tab (`SessionTab`): a path or null, and an autosave id. */
export function isSessionTab(v: unknown): v is SessionTab {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const t = v as Record<string, unknown>;
  return (t['path'] === null || isPathLike(t['path'])) && typeof t['docId'] === 'string' && DOC_ID.test(t['docId']);
}

function isPathLike(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_PATH_CHARS && !v.includes('\0');
}

/**
 * Normalises untrusted parsed JSON to a SessionState: keeps string paths
 * only, drops duplicates (first wins), caps at MAX_RECENT.
 */
export function normaliseSession(raw: unknown): SessionState {
  const out: SessionState = { recent: [] };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  const r = raw as Record<string, unknown>;
  if (Array.isArray(r['recent'])) {
    for (const p of r['recent']) {
      if (isPathLike(p) && !out.recent.includes(p)) out.recent.push(p);
      if (out.recent.length >= MAX_RECENT) break;
    }
  }
  if (isPathLike(r['lastFile'])) out.lastFile = r['lastFile'];
  if (Array.isArray(r['folders'])) {
    const folders: string[] = [];
    for (const p of r['folders']) {
      if (isPathLike(p) && !folders.includes(p)) folders.push(p);
      if (folders.length >= MAX_FOLDERS) break;
    }
    if (folders.length > 0) out.folders = folders;
  }
  if (Array.isArray(r['tabs'])) {
    const tabs = r['tabs'].filter(isSessionTab).slice(0, MAX_SESSION_TABS);
    out.tabs = tabs.map((t) => ({ path: t.path, docId: t.docId }));
    const a = r['activeTab'];
    if (typeof a === 'number' && Number.isInteger(a) && a >= 0 && a < tabs.length) out.activeTab = a;
  }
  return out;
}

/** The folder list after opening `path`: appended when new (kept in place otherwise), capped at `max` (the oldest dropped). Pure. */
export function addFolder(folders: readonly string[] | undefined, path: string, max = MAX_FOLDERS): string[] {
  const list = [...(folders ?? [])];
  if (!list.includes(path)) list.push(path);
  return list.slice(Math.max(0, list.length - max));
}

/**
 * The recent list after opening/saving `path`: `path` first, its older
 * entry removed, capped at `max` (default MAX_RECENT). Pure.
 */
export function addRecent(recent: readonly string[], path: string, max = MAX_RECENT): string[] {
  return [path, ...recent.filter((p) => p !== path)].slice(0, max);
}

/**
 * The stored state of `<dir>/session.json`, read synchronously (the
 * Electron start-up, before the window exists; bounded-read.ts: regular
 * files only); empty when missing, not a regular file, larger than 1 MiB
 * or malformed. Never throws.
 */
export function readSessionSync(dir: string): SessionState {
  const file = join(dir, SESSION_FILE);
  try {
    const text = readBoundedTextSync(file, 1024 * 1024);
    return text === undefined ? { recent: [] } : normaliseSession(JSON.parse(text));
  } catch {
    return { recent: [] };
  }
}

/**
 * Reads and writes `<dir>/session.json`. Updates (and the host methods'
 * read-check-write sequences, `exclusive`) run one at a time in call order,
 * so concurrent calls never lose an entry or read a half-done update.
 */
export class SessionStore {
  readonly file: string;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(readonly dir: string) {
    this.file = join(dir, SESSION_FILE);
  }

  /** The stored state (empty when missing or malformed). Never throws. */
  async read(): Promise<SessionState> {
    const r = await readBoundedText(this.file, { maxBytes: 1024 * 1024 });
    if (!r.ok) return { recent: [] };
    try {
      return normaliseSession(JSON.parse(r.text));
    } catch {
      return { recent: [] };
    }
  }

  /**
   * Runs `fn` alone: after every earlier `exclusive`/`update` call has
   * finished and before any later one starts (read-check-write sequences
   * of the host methods never interleave). Inside `fn` use `updateNow`.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /**
   * Applies `fn` to the stored state and writes the result atomically
   * (creating the folder), in turn with the other calls (see `exclusive`).
   * Answers the new state or an `io` HostError (with `reason` `read-only` /
   * `disk-full` when that is the cause).
   */
  update(fn: (s: SessionState) => SessionState): Promise<{ ok: true; state: SessionState } | HostError> {
    return this.exclusive(() => this.updateNow(fn));
  }

  /** `update` without waiting for its turn: only inside `exclusive`. */
  async updateNow(fn: (s: SessionState) => SessionState): Promise<{ ok: true; state: SessionState } | HostError> {
    {
      const next = normaliseSession(fn(await this.read()));
      // The cause kept: a read-only or full disk answers `reason` `read-only` / `disk-full`.
      const made = await ensureFolder(this.dir, `the state folder ${this.dir}`);
      if (!made.ok) return made;
      const body = `${JSON.stringify(
        {
          version: 1,
          recent: next.recent,
          ...(next.lastFile !== undefined ? { lastFile: next.lastFile } : {}),
          ...(next.folders && next.folders.length > 0 ? { folders: next.folders } : {}),
          ...(next.tabs !== undefined ? { tabs: next.tabs } : {}),
          ...(next.activeTab !== undefined ? { activeTab: next.activeTab } : {}),
        },
        null,
        2,
      )}\n`;
      const w = await writeFileVerified(this.file, body);
      if (!w.ok) return w;
      return { ok: true as const, state: next };
    }
  }
}
