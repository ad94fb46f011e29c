/**
 * `createHostApi(deps)`: the HostApi (src-shared/host/contract.ts) over the
 * services, shared by the Electron adapter (IPC) and `castellan serve` (HTTP).
 *
 * Every request is untrusted: each method's request is checked against its
 * JSON schema first (contract.ts `HOST_REQUEST_SCHEMAS`, host-request.ts
 * `handle`: a plain object with only the contract's keys and value types;
 * `startup`, `list` and `recoveryList` also accept `undefined`) and answers
 * `bad-request` otherwise. Paths go through `deps.resolvePath` (confinement)
 * before any I/O. Methods never throw or reject: unexpected failures answer
 * `internal`.
 *
 * Never losing work:
 * - `open` and `save` answer the file's `revision`; `save` with
 *   `expectedRevision` answers `conflict` (nothing written) when the file on
 *   disk is not that revision, checked before the proof and again right
 *   before the write; `overwrite: true` skips the check.
 * - Before a save replaces a file, the replaced bytes go to the file's
 *   backup folder (backups.ts, last N kept); a failed backup does not stop
 *   the save but adds a `backup-failed` warning.
 * - `autosave` / `recoveryList` / `recoveryOpen` / `recoveryDiscard` over a
 *   RecoveryStore (recovery.ts). An autosave's `path` must pass
 *   `resolvePath(path, true)` when it is written, so a recovery file only
 *   ever names a path the renderer was allowed to write; `recoveryOpen`
 *   then hands it to `deps.grantPath` (Electron: the path grant is renewed
 *   after a restart).
 *
 * - A read-only file (atomic-file.ts `readOnlyCause`) is never replaced:
 *   `open` answers `readOnly: true`; `save` / `saveAs` answer `io` with
 *   `reason: 'read-only'` (before the proof, and again right before the
 *   write); a full disk answers `reason: 'disk-full'`.
 *
 * Saves that never solve twice: one ProofCache per host (proof-reuse.ts)
 * filled by the host's solve jobs and its saves; a save whose document
 * carries a current proof, or whose level was proved earlier, is written at
 * once; `noProof` (with `allowDraft`) writes a draft without solving.
 *
 * How the renderer uses these: see docs/dev/never-lose-work.md and the
 * contract (src-shared/host/contract.ts, HostRequests).
 */
import type {
  CheckedRequest,
  FileRevision,
  FullHostApi,
  HostError,
  HostMethod,
  ListedFile,
  OpenedLevel,
  RecoveredDocument,
  SavedLevel,
} from '../../src-shared/host/contract.js';
import { toPlainJson } from '../../src-shared/format/json-value.js';
import { checkLevelObject } from '../../src-shared/format/load.js';
import type { Level } from '../../src-shared/model/level.js';
import { validateDocument } from '../../src-shared/rulesets/index.js';
import { issue, type Issue } from '../../src-shared/validation/issue.js';
import { DEFAULT_BACKUP_COUNT, listBackups, readBackup, storeBackup } from './backups.js';
import { conflictError, readRevision, sameRevision } from './file-revision.js';
import { MAX_LEVEL_FILE_BYTES, openLevelFile, parseLevelDocument } from './level-files.js';
import { RecoveryStore } from './recovery.js';
import { DEFAULT_SAVE_MAX_STATES, DEFAULT_SAVE_TIME_MS, saveLevelFile } from './save-pipeline.js';
import { castellanVersion } from './version.js';
import { createFilesHostApi } from './files-host-api.js';
import type { FolderAccess } from './folder-access.js';
import { createPackHostApi } from './pack-host-api.js';
import { ProofCache } from './proof-reuse.js';
import { createSessionHostApi } from './session-host-api.js';
import { addFolder, SessionStore } from './session-store.js';
import { createSolveHostApi } from './solve-host-api.js';
import { createSuggestHostApi } from './suggest-host-api.js';
import { SolvePool } from './solve-pool.js';
import type { SolvePoolLike } from './solve-runner.js';
import type { HostContext } from './host-request.js';
import { badRequest, handle, isHostError, isPlainObject } from './host-request.js';

export interface HostDialogs {
  /** Shows an open dialog; answers the chosen path or undefined when cancelled. */
  open(): Promise<string | undefined>;
  /** Shows a save dialog with a suggested file name; answers the path or undefined. */
  saveAs(suggested: string): Promise<string | undefined>;
  /** Shows a folder dialog (pack folders; may create one); grants and answers the folder, or undefined. */
  chooseFolder?(purpose: 'open-pack' | 'create-pack'): Promise<string | undefined>;
}

export interface HostDeps {
  kind: 'electron' | 'serve';
  /** Confines an untrusted path; answers the path to use for I/O, or a HostError (e.g. `forbidden`). */
  resolvePath(p: string, forWrite: boolean): string | HostError;
  /** Files for the `list` method. */
  listFiles(): Promise<ListedFile[]>;
  initialFile?: string;
  workspaceLabel?: string;
  /** Electron only: native dialogs for `open`/`saveAs` without a path. */
  dialogs?: HostDialogs;
  /** Save pipeline time cap, ms (default 20,000). */
  solveTimeMs?: number;
  /** Save pipeline state cap (default 20,000,000). */
  maxStates?: number;
  /** Version to report (default: package.json). */
  version?: string;
  /** Folder of the autosaves (Electron: userData/recovery; serve: <workspace>/.castellan/recovery). */
  recoveryDir?: string;
  /** Backup folder of a resolved file path (undefined: no backups for it). */
  backupDirFor?: (resolvedPath: string) => string | undefined;
  /** Backups kept per file (default 10). */
  backupCount?: number;
  /** Electron: renews the path grant of a recovered document's path. */
  grantPath?: (path: string) => void;
  /** Serve: resolved paths are confined real paths; writes follow no link (atomic-file `confineDir`). */
  confinedWrites?: boolean;
  /**
   * The solve pool of the host solve and pack methods (default: a
   * `SolvePool` of size = cores, created on first use and closed by
   * `HostService.close`).
   */
  pool?: SolvePool;
  /** Folder of the session state (recent files, last session): Electron userData, serve <workspace>/.castellan. */
  stateDir?: string;
  /** Where `browse` / `makeFolder` / `workspaceSummary` look (folder-access.ts); absent: they answer `internal`. */
  folders?: FolderAccess;
  /** Runs the save pipeline's solves (default: a fresh worker per save); tests count solves with it. */
  saveSolver?: SolvePoolLike;
}

/** The host's HostApi: every method, plus what only the host process calls. */
export type HostService = FullHostApi & {
  /** Deletes the autosaves this process wrote (Electron: the user chose "Discard changes" on close). */
  discardSessionRecovery(): Promise<void>;
  /** Stops the host's solve pool (if one was started). */
  close(): Promise<void>;
  /** Remembers a folder the user opened (Electron "Open Folder…") in the session state. */
  rememberFolder(path: string): Promise<{ ok: true } | HostError>;
};

/** A file name suggested for Save As: the title slug + `.level.json`. */
export function suggestedFileName(document: unknown): string {
  let title = '';
  if (isPlainObject(document) && isPlainObject(document['meta']) && typeof document['meta']['title'] === 'string') {
    title = document['meta']['title'];
  }
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'untitled'}.level.json`;
}

/** The HostApi over the services (see module doc). */
export function createHostApi(deps: HostDeps): HostService {
  const version = deps.version ?? castellanVersion();
  const timeMs = deps.solveTimeMs ?? DEFAULT_SAVE_TIME_MS;
  const maxStates = deps.maxStates ?? DEFAULT_SAVE_MAX_STATES;
  const recovery = deps.recoveryDir !== undefined ? new RecoveryStore(deps.recoveryDir) : undefined;
  const backupCount = deps.backupCount ?? DEFAULT_BACKUP_COUNT;
  /** Proofs of this host's solves, reused by its saves (proof-reuse.ts). */
  const proofs = new ProofCache();

  function noRecovery(method: HostMethod): HostError {
    return { ok: false, code: 'internal', message: `${method}: this host has no recovery folder.` };
  }

  /** The current revision of a resolved path (null: missing). */
  async function currentRevision(resolved: string): Promise<FileRevision | null | HostError> {
    const r = await readRevision(resolved);
    if (r === null) return null;
    if ('ok' in r) return r;
    return r.revision;
  }

  interface SaveRequest {
    path: string | undefined;
    document: unknown;
    allowDraft: boolean;
    noProof: boolean;
    expectedRevision: FileRevision | null | undefined;
    overwrite: boolean;
    docId: string | undefined;
  }

  async function doSave(method: 'save' | 'saveAs', path: string, p: SaveRequest): Promise<SavedLevel | HostError> {
    const resolved = deps.resolvePath(path, true);
    if (typeof resolved !== 'string') return resolved;
    const check = p.expectedRevision !== undefined && !p.overwrite;
    if (check) {
      // Fail fast, before a proof that may take seconds; checked again right before the write.
      const cur = await currentRevision(resolved);
      if (cur !== null && 'ok' in cur) return cur;
      if (!sameRevision(cur, p.expectedRevision!)) return conflictError(path, p.expectedRevision!, cur);
    }
    const beforeWrite = async (): Promise<{ ok: true; warnings?: Issue[] } | HostError> => {
      // Confinement again: the path may have been swapped for a link during the proof.
      const again = deps.resolvePath(path, true);
      if (typeof again !== 'string') return again;
      if (again !== resolved) {
        return { ok: false, code: 'forbidden', message: `Not saved: ${path} now leads to another file (it was replaced by a link while saving).` };
      }
      const cur = await readRevision(resolved);
      if (cur !== null && 'ok' in cur) return cur;
      const curRev = cur === null ? null : cur.revision;
      if (check && !sameRevision(curRev, p.expectedRevision!)) return conflictError(path, p.expectedRevision!, curRev);
      const warnings: Issue[] = [];
      const dir = cur !== null ? deps.backupDirFor?.(resolved) : undefined;
      if (cur !== null && dir !== undefined) {
        const b = await storeBackup(dir, cur.bytes, { keep: backupCount });
        if (!b.ok) {
          warnings.push(issue('warning', 'backup-failed', `Saved, but the previous version could not be kept as a backup: ${b.message}`));
        }
      }
      return { ok: true, warnings };
    };
    const r = await saveLevelFile(resolved, p.document, {
      allowDraft: p.allowDraft,
      noProof: p.noProof,
      proofs,
      ...(deps.saveSolver ? { solver: deps.saveSolver } : {}),
      timeMs,
      maxStates,
      label: path,
      beforeWrite,
      ...(deps.confinedWrites ? { write: { confineDir: true } } : {}),
    });
    if (!r.ok) return r;
    if (p.docId !== undefined && recovery) await recovery.discard(p.docId);
    return { ...r, path };
  }

  /** A save request (schema-checked) with its rule between fields: `noProof` needs `allowDraft`. */
  function saveRequest(method: 'save' | 'saveAs', r: CheckedRequest<'save' | 'saveAs'>): SaveRequest | HostError {
    if (r.noProof === true && r.allowDraft !== true) return badRequest(`${method}: "noProof" (save without solving) needs "allowDraft": true.`);
    return {
      path: r.path,
      document: r.document,
      allowDraft: r.allowDraft === true,
      noProof: r.noProof === true,
      expectedRevision: r.expectedRevision,
      overwrite: r.overwrite === true,
      docId: r.docId,
    };
  }

  /** A document for the editor from untrusted JSON: migrated when schema-valid, else as is, with issues. */
  function recoveredDocument(doc: Record<string, unknown>): { document: Level; issues: Issue[] } {
    const checked = checkLevelObject(doc);
    if (checked.ok) return { document: checked.value, issues: validateDocument(checked.value).issues };
    return { document: doc as unknown as Level, issues: checked.error };
  }

  const api = {
    startup: handle('startup', async () => {
      return {
        ok: true as const,
        info: {
          host: deps.kind,
          version,
          ...(deps.initialFile !== undefined ? { initialFile: deps.initialFile } : {}),
          ...(deps.workspaceLabel !== undefined ? { workspace: deps.workspaceLabel } : {}),
        },
      };
    }),

    list: handle('list', async () => {
      const files = await deps.listFiles();
      return { ok: true as const, files };
    }),

    open: handle('open', async (req): Promise<OpenedLevel | HostError> => {
      let path = req.path;
      if (path === undefined) {
        if (!deps.dialogs) return badRequest('open: "path" is required here (no file dialog).');
        path = await deps.dialogs.open();
        if (path === undefined) return { ok: false, code: 'cancelled', message: 'Open was cancelled.' };
      }
      const resolved = deps.resolvePath(path, false);
      if (typeof resolved !== 'string') return resolved;
      const opened = await openLevelFile(resolved);
      if (!opened.ok) return opened;
      return { ...opened, path };
    }),

    save: handle('save', async (req) => {
      const p = saveRequest('save', req);
      if (isHostError(p)) return p;
      return doSave('save', req.path, p);
    }),

    saveAs: handle('saveAs', async (req) => {
      const p = saveRequest('saveAs', req);
      if (isHostError(p)) return p;
      let path = p.path;
      if (path === undefined) {
        if (!deps.dialogs) return badRequest('saveAs: "path" (workspace-relative) is required here (no file dialog).');
        path = await deps.dialogs.saveAs(suggestedFileName(p.document));
        if (path === undefined) return { ok: false, code: 'cancelled', message: 'Save As was cancelled.' };
      }
      return doSave('saveAs', path, p);
    }),

    revision: handle('revision', async ({ path }) => {
      const resolved = deps.resolvePath(path, true);
      if (typeof resolved !== 'string') return resolved;
      const cur = await currentRevision(resolved);
      if (cur !== null && 'ok' in cur) return cur;
      return { ok: true as const, path, revision: cur };
    }),

    autosave: handle('autosave', async ({ docId, document, path, baseRevision }) => {
      const plain = toPlainJson(document);
      if (!plain.ok) return badRequest(`autosave: "document" is not plain JSON: ${plain.error[0]?.message ?? 'refused'}`);
      if (path !== undefined) {
        const resolved = deps.resolvePath(path, true);
        if (typeof resolved !== 'string') return resolved;
      }
      if (!recovery) return noRecovery('autosave');
      return recovery.save({
        docId,
        document: plain.value as Record<string, unknown>,
        ...(path !== undefined ? { path } : {}),
        ...(baseRevision ? { baseRevision } : {}),
      });
    }),

    recoveryList: handle('recoveryList', async () => {
      if (!recovery) return noRecovery('recoveryList');
      const items = await recovery.list();
      if (isHostError(items)) return items;
      return { ok: true as const, items };
    }),

    recoveryOpen: handle('recoveryOpen', async ({ docId }): Promise<RecoveredDocument | HostError> => {
      if (!recovery) return noRecovery('recoveryOpen');
      const entry = await recovery.read(docId);
      if ('ok' in entry) return entry;
      const { document, issues } = recoveredDocument(entry.document);
      let revision: FileRevision | null | undefined;
      let changedOnDisk = false;
      if (entry.path !== undefined) {
        deps.grantPath?.(entry.path);
        const resolved = deps.resolvePath(entry.path, true);
        if (typeof resolved === 'string') {
          const cur = await currentRevision(resolved);
          if (cur === null || !('ok' in cur)) {
            revision = cur;
            changedOnDisk = entry.baseRevision !== undefined ? !sameRevision(cur, entry.baseRevision) : false;
          }
        }
      }
      return {
        ok: true,
        docId: entry.docId,
        document,
        issues,
        savedAt: entry.savedAt,
        changedOnDisk,
        ...(entry.path !== undefined ? { path: entry.path } : {}),
        ...(entry.baseRevision !== undefined ? { baseRevision: entry.baseRevision } : {}),
        ...(revision !== undefined ? { revision } : {}),
      };
    }),

    recoveryDiscard: handle('recoveryDiscard', async ({ docId }) => {
      if (!recovery) return noRecovery('recoveryDiscard');
      const d = await recovery.discard(docId);
      if (!d.ok) return d;
      return { ok: true as const, docId, discarded: d.discarded };
    }),

    backupList: handle('backupList', async ({ path }) => {
      const resolved = deps.resolvePath(path, true);
      if (typeof resolved !== 'string') return resolved;
      const dir = deps.backupDirFor?.(resolved);
      if (dir === undefined) return { ok: true as const, path, backups: [] };
      const backups = await listBackups(dir);
      if (isHostError(backups)) return backups;
      return { ok: true as const, path, backups };
    }),

    backupOpen: handle('backupOpen', async ({ path, id }) => {
      const resolved = deps.resolvePath(path, true);
      if (typeof resolved !== 'string') return resolved;
      const dir = deps.backupDirFor?.(resolved);
      if (dir === undefined) return { ok: false, code: 'not-found', message: `There are no backups of ${path}.` };
      const b = await readBackup(dir, id, MAX_LEVEL_FILE_BYTES);
      if (!b.ok) return b;
      const parsed = parseLevelDocument(b.text, `Backup ${id} of ${path}`);
      if (!parsed.ok) return parsed;
      const cur = await currentRevision(resolved);
      return {
        ok: true as const,
        path,
        document: parsed.document,
        issues: parsed.issues,
        backup: b.item,
        ...(cur !== null && !('ok' in cur) ? { revision: cur } : {}),
      };
    }),
  };
  let ownPool: SolvePool | undefined;
  const pool = (): SolvePool => {
    if (deps.pool) return deps.pool;
    ownPool ??= new SolvePool();
    return ownPool;
  };
  const sessionStore = deps.stateDir !== undefined ? new SessionStore(deps.stateDir) : undefined;
  const ctx: HostContext = {
    kind: deps.kind,
    resolvePath: (p, forWrite) => deps.resolvePath(p, forWrite),
    confinedWrites: deps.confinedWrites === true,
    pool,
    solveTimeMs: timeMs,
    maxStates,
    ...(deps.stateDir !== undefined ? { stateDir: deps.stateDir } : {}),
    ...(deps.backupDirFor ? { backupDirFor: deps.backupDirFor } : {}),
    backupCount,
    ...(deps.grantPath ? { grantPath: deps.grantPath } : {}),
    ...(deps.dialogs?.chooseFolder ? { chooseFolder: (purpose: 'open-pack' | 'create-pack') => deps.dialogs!.chooseFolder!(purpose) } : {}),
  };
  return {
    ...(api as unknown as FullHostApi),
    ...createSolveHostApi({ pool, proofs }),
    ...createFilesHostApi(deps.folders),
    ...createPackHostApi(ctx),
    ...createSessionHostApi(ctx, sessionStore),
    ...createSuggestHostApi(),
    discardSessionRecovery: async () => {
      await recovery?.discardSession();
    },
    rememberFolder: async (path: string) => {
      if (!sessionStore) return { ok: false, code: 'internal', message: 'This host keeps no session state.' };
      const w = await sessionStore.update((s) => ({ ...s, folders: addFolder(s.folders, path) }));
      return w.ok ? { ok: true as const } : w;
    },
    close: async () => {
      const p = ownPool;
      ownPool = undefined;
      await p?.close();
    },
  };
}
