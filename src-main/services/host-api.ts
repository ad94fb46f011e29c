/**
 * `createHostApi(deps)`: the HostApi (src-shared/host/contract.ts) over the
 * services, shared by the Electron adapter (IPC) and `castellan serve` (HTTP).
 *
 * Every request is untrusted: each method checks its request object's shape
 * (a plain object with only the contract's keys and value types; `startup`
 * and `list` also accept `undefined`) and answers `bad-request` otherwise.
 * Paths go through `deps.resolvePath` (confinement) before any I/O. Methods
 * never throw or reject: unexpected failures answer `internal`.
 */
import type {
  HostApi,
  HostError,
  HostMethod,
  HostResponses,
  ListedFile,
  OpenedLevel,
  SavedLevel,
} from '../../src-shared/host/contract.js';
import { openLevelFile } from './level-files.js';
import { DEFAULT_SAVE_MAX_STATES, DEFAULT_SAVE_TIME_MS, saveLevelFile } from './save-pipeline.js';
import { castellanVersion } from './version.js';

export interface HostDialogs {
  /** Shows an open dialog; answers the chosen path or undefined when cancelled. */
  open(): Promise<string | undefined>;
  /** Shows a save dialog with a suggested file name; answers the path or undefined. */
  saveAs(suggested: string): Promise<string | undefined>;
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
}

type Req = Record<string, unknown>;

function badRequest(message: string): HostError {
  return { ok: false, code: 'bad-request', message };
}

function isHostError(v: unknown): v is HostError {
  return typeof v === 'object' && v !== null && (v as { ok?: unknown }).ok === false;
}

function isPlainObject(v: unknown): v is Req {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Checks a request object: plain object (or undefined when `allowUndefined`),
 * no keys outside `allowed`. Answers the object or a bad-request HostError.
 */
function shape(method: HostMethod, req: unknown, allowed: readonly string[], allowUndefined = false): Req | HostError {
  if (req === undefined && allowUndefined) return {};
  if (!isPlainObject(req)) return badRequest(`${method}: the request must be a JSON object.`);
  for (const k of Object.keys(req)) {
    if (!allowed.includes(k)) return badRequest(`${method}: unexpected field ${JSON.stringify(k)}.`);
  }
  return req;
}

function optionalString(method: HostMethod, req: Req, key: string): string | undefined | HostError {
  const v = req[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length === 0) return badRequest(`${method}: "${key}" must be a non-empty string.`);
  return v;
}

function optionalBoolean(method: HostMethod, req: Req, key: string): boolean | undefined | HostError {
  const v = req[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') return badRequest(`${method}: "${key}" must be true or false.`);
  return v;
}

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

function internal(method: HostMethod, err: unknown): HostError {
  return { ok: false, code: 'internal', message: `${method} failed: ${err instanceof Error ? err.message : String(err)}` };
}

/** Wraps a method so that it never throws or rejects. */
function guard<M extends HostMethod>(method: M, fn: (req: unknown) => Promise<HostResponses[M]>): (req: unknown) => Promise<HostResponses[M]> {
  return async (req: unknown) => {
    try {
      return await fn(req);
    } catch (err) {
      return internal(method, err) as HostResponses[M];
    }
  };
}

/** The HostApi over the services (see module doc). */
export function createHostApi(deps: HostDeps): HostApi {
  const version = deps.version ?? castellanVersion();
  const timeMs = deps.solveTimeMs ?? DEFAULT_SAVE_TIME_MS;
  const maxStates = deps.maxStates ?? DEFAULT_SAVE_MAX_STATES;

  async function doSave(
    method: 'save' | 'saveAs',
    path: string,
    document: unknown,
    allowDraft: boolean,
  ): Promise<SavedLevel | HostError> {
    const resolved = deps.resolvePath(path, true);
    if (typeof resolved !== 'string') return resolved;
    const r = await saveLevelFile(resolved, document, { allowDraft, timeMs, maxStates, label: path });
    if (!r.ok) return r;
    return { ...r, path };
  }

  async function parseSaveRequest(
    method: 'save' | 'saveAs',
    req: unknown,
  ): Promise<{ path: string | undefined; document: unknown; allowDraft: boolean } | HostError> {
    const r = shape(method, req, ['path', 'document', 'allowDraft']);
    if (isHostError(r)) return r;
    const path = optionalString(method, r, 'path');
    if (isHostError(path)) return path;
    if (method === 'save' && path === undefined) return badRequest('save: "path" is required.');
    if (!isPlainObject(r['document'])) return badRequest(`${method}: "document" must be a JSON object.`);
    const allowDraft = optionalBoolean(method, r, 'allowDraft');
    if (isHostError(allowDraft)) return allowDraft;
    return { path, document: r['document'], allowDraft: allowDraft === true };
  }

  const api = {
    startup: guard('startup', async (req) => {
      const r = shape('startup', req, [], true);
      if (isHostError(r)) return r;
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

    list: guard('list', async (req) => {
      const r = shape('list', req, [], true);
      if (isHostError(r)) return r;
      const files = await deps.listFiles();
      return { ok: true as const, files };
    }),

    open: guard('open', async (req): Promise<OpenedLevel | HostError> => {
      const r = shape('open', req, ['path']);
      if (isHostError(r)) return r;
      let path = optionalString('open', r, 'path');
      if (isHostError(path)) return path;
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

    save: guard('save', async (req) => {
      const p = await parseSaveRequest('save', req);
      if (isHostError(p)) return p;
      return doSave('save', p.path!, p.document, p.allowDraft);
    }),

    saveAs: guard('saveAs', async (req) => {
      const p = await parseSaveRequest('saveAs', req);
      if (isHostError(p)) return p;
      let path = p.path;
      if (path === undefined) {
        if (!deps.dialogs) return badRequest('saveAs: "path" (workspace-relative) is required here (no file dialog).');
        path = await deps.dialogs.saveAs(suggestedFileName(p.document));
        if (path === undefined) return { ok: false, code: 'cancelled', message: 'Save As was cancelled.' };
      }
      return doSave('saveAs', path, p.document, p.allowDraft);
    }),
  };
  return api as HostApi;
}
