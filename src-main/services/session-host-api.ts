/**
 * The host session methods (src-shared/host/session-contract.ts).
 *
 * - `menuSet` here answers `native: false` (no native menu: the serve
 *   host); the Electron adapter (src-main/electron/main.ts) overrides it
 *   with the native menu builder (electron/menu-template.ts).
 * - Recent files and the last session over a SessionStore
 *   (session-store.ts) in `ctx.stateDir`. A path is recorded only when it
 *   passes `ctx.resolvePath(path, false)` and exists, so the list never
 *   names a file the renderer could not open anyway. When read back, each
 *   path is re-granted (`ctx.grantPath`, Electron: grants do not survive a
 *   restart) and checked again; missing or refused files are pruned from
 *   the answer and from the stored list.
 *
 * Without `ctx.stateDir` the recent/session methods answer `internal`
 * ("this host keeps no session state").
 */
import { stat } from 'node:fs/promises';
import type { HostError, HostResponses, ListedFile, SessionHostMethod } from '../../src-shared/host/contract.js';
import { badRequest, guard, isHostError, shape } from './host-request.js';
import type { HostContext } from './host-request.js';
import { addRecent, SessionStore } from './session-store.js';

function fileName(p: string): string {
  const parts = p.split(/[\\/]/);
  return parts[parts.length - 1] || p;
}

/** The session methods (see the file comment). `shared`: the host's one SessionStore (default: a new one over `ctx.stateDir`). */
export function createSessionHostApi(ctx: HostContext, shared?: SessionStore): { [M in SessionHostMethod]: (req: unknown) => Promise<HostResponses[M]> } {
  const store = shared ?? (ctx.stateDir !== undefined ? new SessionStore(ctx.stateDir) : undefined);

  function noState(method: SessionHostMethod): HostError {
    return { ok: false, code: 'internal', message: `${method}: this host keeps no session state.` };
  }

  /** True when `p` is a path the host accepts and an existing regular file. */
  async function usable(p: string): Promise<boolean> {
    ctx.grantPath?.(p);
    const resolved = ctx.resolvePath(p, false);
    if (typeof resolved !== 'string') return false;
    try {
      return (await stat(resolved)).isFile();
    } catch {
      return false;
    }
  }

  /** The stored recent files that still exist; prunes the others from the store. Call inside `exclusive`. */
  async function liveRecent(s: SessionStore): Promise<ListedFile[]> {
    const state = await s.read();
    const keep: string[] = [];
    for (const p of state.recent) if (await usable(p)) keep.push(p);
    if (keep.length !== state.recent.length) {
      await s.updateNow((cur) => ({ ...cur, recent: cur.recent.filter((p) => keep.includes(p)) }));
    }
    return keep.map((p) => ({ path: p, name: fileName(p) }));
  }

  function pathArg(method: SessionHostMethod, v: unknown): string | HostError {
    if (typeof v !== 'string' || v.length === 0 || v.length > 4096 || v.includes('\0')) {
      return badRequest(`${method}: "path" must be a non-empty string (at most 4096 characters).`);
    }
    return v;
  }

  return {
    menuSet: guard('menuSet', async (raw) => {
      const req = shape('menuSet', raw, ['menus']);
      if (isHostError(req)) return req;
      if (!Array.isArray(req['menus'])) return { ok: false, code: 'bad-request', message: 'menuSet: "menus" must be an array.' };
      return { ok: true as const, native: false };
    }),

    recentList: guard('recentList', async (raw) => {
      const req = shape('recentList', raw, [], true);
      if (isHostError(req)) return req;
      if (!store) return noState('recentList');
      return { ok: true as const, files: await store.exclusive(() => liveRecent(store)) };
    }),

    recentAdd: guard('recentAdd', async (raw) => {
      const req = shape('recentAdd', raw, ['path']);
      if (isHostError(req)) return req;
      const path = pathArg('recentAdd', req['path']);
      if (isHostError(path)) return path;
      const resolved = ctx.resolvePath(path, false);
      if (typeof resolved !== 'string') return resolved;
      if (!store) return noState('recentAdd');
      const s = store;
      return s.exclusive(async () => {
        if (!(await usable(path))) return { ok: false as const, code: 'not-found' as const, message: `recentAdd: ${path} does not exist.` };
        const w = await s.updateNow((cur) => ({ ...cur, recent: addRecent(cur.recent, path) }));
        if (!w.ok) return w;
        return { ok: true as const, files: await liveRecent(s) };
      });
    }),

    recentClear: guard('recentClear', async (raw) => {
      const req = shape('recentClear', raw, [], true);
      if (isHostError(req)) return req;
      if (!store) return noState('recentClear');
      const w = await store.update((s) => ({ ...s, recent: [] }));
      if (!w.ok) return w;
      return { ok: true as const };
    }),

    sessionGet: guard('sessionGet', async (raw) => {
      const req = shape('sessionGet', raw, [], true);
      if (isHostError(req)) return req;
      if (!store) return noState('sessionGet');
      const st = store;
      return st.exclusive(async () => {
        const s = await st.read();
        if (s.lastFile !== undefined && (await usable(s.lastFile))) return { ok: true as const, lastFile: s.lastFile };
        return { ok: true as const };
      });
    }),

    sessionSet: guard('sessionSet', async (raw) => {
      const req = shape('sessionSet', raw, ['lastFile']);
      if (isHostError(req)) return req;
      const v = req['lastFile'];
      if (v === undefined) return badRequest('sessionSet: "lastFile" is required (a path, or null for none).');
      let lastFile: string | undefined;
      if (v !== null) {
        const path = pathArg('sessionSet', v);
        if (isHostError(path)) return path;
        const resolved = ctx.resolvePath(path, false);
        if (typeof resolved !== 'string') return resolved;
        lastFile = path;
      }
      if (!store) return noState('sessionSet');
      const w = await store.update((s) => {
        const { lastFile: _old, ...rest } = s;
        return lastFile !== undefined ? { ...rest, lastFile } : rest;
      });
      if (!w.ok) return w;
      return { ok: true as const };
    }),
  };
}
