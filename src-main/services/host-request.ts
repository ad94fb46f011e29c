/**
 * Request handling shared by the host method groups (host-api.ts and the
 * per-group factories): every request is untrusted JSON. `handle` checks it
 * against its method's JSON schema first (src-shared/host/request-check.ts:
 * the precompiled validators of `HOST_REQUEST_SCHEMAS`, `bad-request`
 * naming the method and the field), then runs the method's own checks (paths,
 * revisions, rules between fields) and its work; a throw anywhere answers
 * `internal` (`guard`). Never throw.
 */
import type { CheckedRequest, HostError, HostMethod, HostResponses } from '../../src-shared/host/contract.js';
import { badRequest, checkRequest, isPlainObject } from '../../src-shared/host/request-check.js';
import type { SolvePoolLike } from './solve-runner.js';

export { badRequest, isPlainObject };

/** True for any `{ok: false, ...}` answer (a HostError). */
export function isHostError(v: unknown): v is HostError {
  return typeof v === 'object' && v !== null && (v as { ok?: unknown }).ok === false;
}

/** An `internal` HostError for an unexpected failure of `method` (the thrown value's message). */
export function internal(method: HostMethod, err: unknown): HostError {
  return { ok: false, code: 'internal', message: `${method} failed: ${err instanceof Error ? err.message : String(err)}` };
}

/**
 * A host method: `fn` runs with the request checked against `method`'s
 * schema (typed as the schema describes it); a request that does not fit
 * answers `bad-request` without running `fn`. Never throws or rejects (`guard`).
 */
export function handle<M extends HostMethod>(
  method: M,
  fn: (req: CheckedRequest<M>) => Promise<HostResponses[M]>,
): (req: unknown) => Promise<HostResponses[M]> {
  return guard(method, async (raw) => {
    const req = checkRequest(method, raw);
    if (isHostError(req)) return req as HostResponses[M];
    return fn(req);
  });
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
