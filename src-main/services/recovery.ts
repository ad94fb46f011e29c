/**
 * Autosave and crash recovery.
 *
 * The editor autosaves its current document (debounced, see the renderer
 * notes in host-api.ts) under a `docId`; each autosave atomically replaces
 * `<recoveryDir>/<docId>.recovery.json` (verified atomic write, so a kill
 * during an autosave leaves the previous autosave intact). After a crash or
 * kill, the next host lists these files and the editor offers them. A
 * successful save (with its `docId`) or an explicit discard deletes the
 * file.
 *
 * Recovery folders: Electron `<userData>/recovery/`, serve
 * `<workspace>/.castellan/recovery/`. File shape (version 1):
 * `{"format": "castellan.recovery", "version": 1, "docId", "savedAt" (ISO),
 *   "path"?, "baseRevision"?, "document"}`.
 * The folder is host-written, but its files are read as untrusted (a file
 * that does not have this shape is skipped by `list` and refused by `read`).
 *
 * Autosaves and discards of one docId are serialized, in call order.
 *
 * Bounded: the folder keeps at most `MAX_RECOVERY_DOCUMENTS` (50)
 * autosaves and `MAX_RECOVERY_TOTAL_BYTES` (64 MiB) in all, each at most
 * `MAX_RECOVERY_BYTES` (8 MiB). After each autosave the newest autosaves
 * (by file time: the document autosaved last comes first) are kept while
 * both limits hold; from the first one that no longer fits, that one and
 * every older one are deleted. The document just written is never deleted,
 * nor one this process is writing at that moment.
 *
 * Write failures keep their cause: a recovery folder that cannot be
 * created or written answers `io` with `reason` `read-only` or `disk-full`
 * (atomic-file.ts `ensureFolder`, `ioError`).
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { FileRevision, HostError, RecoveryItem } from '../../src-shared/host/contract.js';
import { ensureFolder, errnoCode, writeFileVerified } from './atomic-file.js';
import { readBoundedText } from './bounded-read.js';
import { isFileRevision } from './file-revision.js';

export const RECOVERY_FORMAT_TAG = 'castellan.recovery';
/** Largest autosaved document (bytes of the recovery file). */
export const MAX_RECOVERY_BYTES = 8 * 1024 * 1024;
/** Most autosaves kept in one recovery folder (the oldest beyond are deleted). */
export const MAX_RECOVERY_DOCUMENTS = 50;
/** Most bytes of autosaves kept in one recovery folder (the oldest beyond are deleted). */
export const MAX_RECOVERY_TOTAL_BYTES = 64 * 1024 * 1024;

/** The bounds of a RecoveryStore (defaults: the constants above). */
export interface RecoveryLimits {
  /** Most autosaves kept (default MAX_RECOVERY_DOCUMENTS). */
  maxDocuments?: number;
  /** Most bytes of autosaves kept (default MAX_RECOVERY_TOTAL_BYTES). */
  maxTotalBytes?: number;
}
const SUFFIX = '.recovery.json';
const DOC_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** True when `id` is an acceptable docId: 1-64 of `[A-Za-z0-9_-]`. */
export function isDocId(id: unknown): id is string {
  return typeof id === 'string' && DOC_ID.test(id);
}

export interface RecoveryEntry {
  docId: string;
  savedAt: string;
  path?: string;
  baseRevision?: FileRevision;
  document: Record<string, unknown>;
}

function plainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks a parsed recovery file; answers the entry or undefined. */
function toEntry(v: unknown, docId: string): RecoveryEntry | undefined {
  if (!plainObject(v)) return undefined;
  if (v['format'] !== RECOVERY_FORMAT_TAG || v['version'] !== 1 || v['docId'] !== docId) return undefined;
  if (typeof v['savedAt'] !== 'string' || Number.isNaN(Date.parse(v['savedAt']))) return undefined;
  if (!plainObject(v['document'])) return undefined;
  if (v['path'] !== undefined && (typeof v['path'] !== 'string' || v['path'].length === 0)) return undefined;
  if (v['baseRevision'] !== undefined && !isFileRevision(v['baseRevision'])) return undefined;
  return {
    docId,
    savedAt: v['savedAt'],
    document: v['document'],
    ...(typeof v['path'] === 'string' ? { path: v['path'] } : {}),
    ...(v['baseRevision'] !== undefined ? { baseRevision: v['baseRevision'] as FileRevision } : {}),
  };
}

function ioFail(action: string, err: unknown): HostError {
  return {
    ok: false,
    code: 'io',
    message: `Could not ${action}: ${err instanceof Error ? err.message : String(err)}`,
  };
}

/** The recovery folder of one host (see module doc). Methods never throw. */
export class RecoveryStore {
  readonly dir: string;
  private readonly queues = new Map<string, Promise<unknown>>();
  /** docIds this process autosaved (and did not discard). */
  private readonly written = new Set<string>();
  private readonly maxDocuments: number;
  private readonly maxTotalBytes: number;

  constructor(dir: string, limits: RecoveryLimits = {}) {
    this.dir = dir;
    this.maxDocuments = Math.max(1, Math.floor(limits.maxDocuments ?? MAX_RECOVERY_DOCUMENTS));
    this.maxTotalBytes = Math.max(0, limits.maxTotalBytes ?? MAX_RECOVERY_TOTAL_BYTES);
  }

  private fileOf(docId: string): string {
    return join(this.dir, docId + SUFFIX);
  }

  private serialized<T>(docId: string, task: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(docId) ?? Promise.resolve();
    const run = prev.then(task, task);
    const tail = run.catch(() => undefined);
    this.queues.set(docId, tail);
    void tail.then(() => {
      if (this.queues.get(docId) === tail) this.queues.delete(docId);
    });
    return run;
  }

  /**
   * Writes an autosave (atomically replacing the previous one of `docId`).
   * `docId` must pass {@link isDocId}; the caller checks `path`. Answers the
   * save time and size, `bad-request` (too large) or `io` (with `reason`
   * `read-only` / `disk-full` when that is the cause). Then the oldest
   * other autosaves beyond the folder's bounds are deleted (module doc).
   */
  save(entry: Omit<RecoveryEntry, 'savedAt'>, now: Date = new Date()): Promise<{ ok: true; docId: string; savedAt: string; bytes: number } | HostError> {
    return this.serialized(entry.docId, async () => {
      const savedAt = now.toISOString();
      const text =
        JSON.stringify(
          {
            format: RECOVERY_FORMAT_TAG,
            version: 1,
            docId: entry.docId,
            savedAt,
            ...(entry.path !== undefined ? { path: entry.path } : {}),
            ...(entry.baseRevision !== undefined ? { baseRevision: entry.baseRevision } : {}),
            document: entry.document,
          },
          null,
          1,
        ) + '\n';
      const bytes = Buffer.byteLength(text);
      if (bytes > MAX_RECOVERY_BYTES) {
        return { ok: false, code: 'bad-request', message: `autosave: the document is larger than ${MAX_RECOVERY_BYTES} bytes.` };
      }
      const made = await ensureFolder(this.dir, `the recovery folder ${this.dir}`);
      if (!made.ok) return made;
      const w = await writeFileVerified(this.fileOf(entry.docId), text);
      if (!w.ok) return w;
      this.written.add(entry.docId);
      await this.prune(entry.docId);
      return { ok: true, docId: entry.docId, savedAt, bytes };
    });
  }

  /**
   * Deletes the oldest autosaves beyond the bounds (module doc), never
   * `current` nor a docId this process is autosaving or discarding right
   * now (counted, not deleted). Never throws.
   */
  private async prune(current: string): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return;
    }
    const others: { docId: string; bytes: number; mtimeMs: number }[] = [];
    let total = 0;
    for (const name of names) {
      if (!name.endsWith(SUFFIX)) continue;
      const docId = name.slice(0, -SUFFIX.length);
      if (!isDocId(docId)) continue;
      try {
        const st = await fs.lstat(join(this.dir, name));
        if (!st.isFile()) continue;
        if (docId === current) total += st.size;
        else others.push({ docId, bytes: st.size, mtimeMs: st.mtimeMs });
      } catch {
        // gone meanwhile
      }
    }
    // Newest first; equal times by name, so the order is the same in every process.
    others.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.docId < b.docId ? -1 : 1));
    let count = 1;
    let full = false;
    for (const o of others) {
      const busy = this.queues.has(o.docId);
      full ||= count + 1 > this.maxDocuments || total + o.bytes > this.maxTotalBytes;
      if (full && !busy) {
        this.written.delete(o.docId);
        await fs.unlink(this.fileOf(o.docId)).catch(() => {});
        continue;
      }
      count++;
      total += o.bytes;
    }
  }

  /** Reads the autosave of `docId`: the entry, `not-found`, `parse` (damaged file) or `io`. */
  read(docId: string): Promise<RecoveryEntry | HostError> {
    return this.serialized(docId, async () => {
      const r = await readBoundedText(this.fileOf(docId), { maxBytes: MAX_RECOVERY_BYTES });
      if (!r.ok) {
        return r.code === 'not-found' ? { ok: false, code: 'not-found', message: `There is no recovered document ${docId}.` } : r;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(r.text);
      } catch {
        return { ok: false, code: 'parse', message: `The recovered document ${docId} is damaged (not JSON).` };
      }
      const entry = toEntry(parsed, docId);
      if (!entry) return { ok: false, code: 'parse', message: `The recovered document ${docId} is damaged (unexpected shape).` };
      return entry;
    });
  }

  /** Deletes the autosave of `docId` (after pending autosaves of it). Answers whether a file was deleted. */
  discard(docId: string): Promise<{ ok: true; discarded: boolean } | HostError> {
    return this.serialized(docId, async () => {
      this.written.delete(docId);
      try {
        await fs.unlink(this.fileOf(docId));
        return { ok: true, discarded: true };
      } catch (err) {
        if (errnoCode(err) === 'ENOENT') return { ok: true, discarded: false };
        return ioFail(`delete the recovered document ${docId}`, err);
      }
    });
  }

  /** Deletes every autosave this process wrote (the user chose to discard the session's changes). */
  async discardSession(): Promise<void> {
    await Promise.all([...this.written].map((id) => this.discard(id)));
  }

  /**
   * The autosaves in the folder, newest first; damaged files are skipped, and
   * temp files left by a kill during an autosave (older than a minute) are
   * removed. A missing folder: none. Answers `io` when the folder cannot be read.
   */
  async list(): Promise<RecoveryItem[] | HostError> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (err) {
      if (errnoCode(err) === 'ENOENT') return [];
      return ioFail(`read the recovery folder ${this.dir}`, err);
    }
    const items: RecoveryItem[] = [];
    for (const name of names) {
      if (name.endsWith('.castellan-tmp')) {
        try {
          const st = await fs.stat(join(this.dir, name));
          if (Date.now() - st.mtimeMs > 60_000) await fs.unlink(join(this.dir, name));
        } catch {
          // gone or busy
        }
        continue;
      }
      if (!name.endsWith(SUFFIX)) continue;
      const docId = name.slice(0, -SUFFIX.length);
      if (!isDocId(docId)) continue;
      const entry = await this.read(docId);
      if ('ok' in entry) continue;
      const meta = entry.document['meta'];
      const title = plainObject(meta) && typeof meta['title'] === 'string' ? meta['title'] : '';
      const ruleset = entry.document['ruleset'];
      let bytes = 0;
      try {
        bytes = (await fs.stat(this.fileOf(docId))).size;
      } catch {
        continue;
      }
      items.push({
        docId,
        title,
        savedAt: entry.savedAt,
        bytes,
        ...(entry.path !== undefined ? { path: entry.path } : {}),
        ...(typeof ruleset === 'string' ? { ruleset } : {}),
      });
    }
    return items.sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : a.docId < b.docId ? -1 : 1));
  }
}
