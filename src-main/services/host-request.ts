/**
 * Request checking shared by the host method groups (host-api.ts and the
 * per-group factories): every request is untrusted JSON; these helpers check
 * shapes and answer `bad-request` HostErrors, and `guard` turns a throw into
 * an `internal` answer. Never throw.
 */
import type { HostError, HostMethod, HostResponses } from '../../src-shared/host/contract.js';
import type { SolvePoolLike } from './solve-runner.js';

export type Req = Record<string, unknown>;

/** A `bad-request` HostError with `message` (shown to the user as is). */
export function badRequest(message: string): HostError {
  return { ok: false, code: 'bad-request', message };
}

/** True for any `{ok: false, ...}` answer (a HostError). */
export function isHostError(v: unknown): v is HostError {
  return typeof v === 'object' && v !== null && (v as { ok?: unknown }).ok === false;
}

/** True for a plain JSON object (not an array, null, or an object with a foreign prototype). */
export function isPlainObject(v: unknown): v is Req {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Checks a request object: plain object (or undefined when `allowUndefined`),
 * no keys outside `allowed`. Answers the object or a bad-request HostError.
 */
export function shape(method: HostMethod, req: unknown, allowed: readonly string[], allowUndefined = false): Req | HostError {
  if (req === undefined && allowUndefined) return {};
  if (!isPlainObject(req)) return badRequest(`${method}: the request must be a JSON object.`);
  for (const k of Object.keys(req)) {
    if (!allowed.includes(k)) return badRequest(`${method}: unexpected field ${JSON.stringify(k)}.`);
  }
  return req;
}

/** An optional non-empty string field; a bad-request HostError when present but not a non-empty string. */
export function optionalString(method: HostMethod, req: Req, key: string): string | undefined | HostError {
  const v = req[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length === 0) return badRequest(`${method}: "${key}" must be a non-empty string.`);
  return v;
}

/** A required non-empty string field; a bad-request HostError when missing or not a non-empty string. */
export function requiredString(method: HostMethod, req: Req, key: string): string | HostError {
  const v = optionalString(method, req, key);
  if (v === undefined) return badRequest(`${method}: "${key}" is required.`);
  return v;
}

/** An optional integer field in [min, max]; a bad-request HostError otherwise. */
export function optionalInteger(method: HostMethod, req: Req, key: string, min: number, max: number): number | undefined | HostError {
  const v = req[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) return badRequest(`${method}: "${key}" must be an integer from ${min} to ${max}.`);
  return v;
}

/** An optional boolean field; a bad-request HostError when present but not true/false. */
export function optionalBoolean(method: HostMethod, req: Req, key: string): boolean | undefined | HostError {
  const v = req[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') return badRequest(`${method}: "${key}" must be true or false.`);
  return v;
}

/** An `internal` HostError for an unexpected failure of `method` (the thrown value's message). */
export function internal(method: HostMethod, err: unknown): HostError {
  return { ok: false, code: 'internal', message: `${method} failed: ${err instanceof Error ? err.message : String(err)}` };
}

/** Wraps a method so that it never throws or rejects. */
export function guard<M extends HostMethod>(method: M, fn: (req: unknown) => Promise<HostResponses[M]>): (req: unknown) => Promise<HostResponses[M]> {
  return async (req: unknown) => {
    try {
      return await fn(req);
    } catch (err) {
      return internal(method, err) as HostResponses[M];
    }
  };
}

/**
 * What a method group's factory gets from `createHostApi`: path confinement
 * (the same `resolvePath` as the core methods: serve confines to the
 * workspace, Electron to granted paths), the host kind, and the shared solve
 * pool (worker_threads, created on first use, size = cores).
 */
export interface HostContext {
  kind: 'electron' | 'serve';
  /** Confines an untrusted path; answers the path to use for I/O, or a HostError (e.g. `forbidden`). */
  resolvePath(p: string, forWrite: boolean): string | HostError;
  /** Serve: resolved paths are confined real paths; writes follow no link. */
  confinedWrites: boolean;
  /** The host's solve pool (lazily created). */
  pool(): SolvePoolLike & { readonly size: number };
  /** Save pipeline caps, as the core methods use them. */
  solveTimeMs: number;
  maxStates: number;
  /** Folder of the host's session state (recent files, last session); undefined: none kept. */
  stateDir?: string;
  /**
   * The host's backup folder of a resolved file path (`HostDeps.backupDirFor`:
   * serve `<workspace>/.castellan/backups/<relative path>/`, Electron
   * userData); undefined: no backups. Pack manifest writes keep the
   * replaced pack.json there.
   */
  backupDirFor?: (resolvedPath: string) => string | undefined;
  /** Backups kept per file (default `DEFAULT_BACKUP_COUNT`). */
  backupCount?: number;
  /** Electron: renews the path grant of a stored path (recent files, last session). */
  grantPath?: (path: string) => void;
  /**
   * Electron only: a native folder dialog (pack folders); the chosen folder
   * is granted (its files pass `resolvePath`). Undefined when cancelled.
   */
  chooseFolder?: (purpose: 'open-pack' | 'create-pack') => Promise<string | undefined>;
}
