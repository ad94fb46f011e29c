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
 * The last session's tabs (`sessionSet {tabs, activeTab}`) are kept as
 * recorded; `sessionGet` re-grants and checks each tab's file like the
 * recent files and answers a tab whose file is gone with `missing: true`
 * (kept in the store: the editor records its tabs again after restoring).
 *
 * Without `ctx.stateDir` the recent/session methods answer `internal`
 * ("this host keeps no session state").
 *
 * Requests are checked against their schemas first (session-contract.ts
 * `SESSION_REQUEST_SCHEMAS`, host-request.ts `handle`); the rules between
 * fields (`lastFile` or `tabs`, `activeTab` inside `tabs`) and the paths'
 * confinement are checked here after.
 */
import { stat } from 'node:fs/promises';
import type { HostError, HostResponses, ListedFile, SessionHostMethod, SessionTab, SessionTabState } from '../../src-shared/host/contract.js';
import { badRequest, handle, isHostError } from './host-request.js';
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

  /** The tabs of sessionSet (schema-checked) when the host accepts each tab's path; else its HostError (`forbidden`, ...). */
  function acceptedTabs(tabs: SessionTab[]): SessionTab[] | HostError {
    const out: SessionTab[] = [];
    for (const { path, docId } of tabs) {
      if (path !== null) {
        const resolved = ctx.resolvePath(path, false);
        if (typeof resolved !== 'string') return resolved;
      }
      out.push({ path, docId });
    }
    return out;
  }

  /** The recorded tabs with each file checked (and re-granted): a gone one is marked `missing`. Call inside `exclusive`. */
  async function liveTabs(tabs: readonly SessionTab[]): Promise<SessionTabState[]> {
    const out: SessionTabState[] = [];
    for (const t of tabs) out.push(t.path !== null && !(await usable(t.path)) ? { ...t, missing: true } : { ...t });
    return out;
  }

  return {
    menuSet: handle('menuSet', async () => ({ ok: true as const, native: false })),

    recentList: handle('recentList', async () => {
      if (!store) return noState('recentList');
      return { ok: true as const, files: await store.exclusive(() => liveRecent(store)) };
    }),

    recentAdd: handle('recentAdd', async ({ path }) => {
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

    recentClear: handle('recentClear', async () => {
      if (!store) return noState('recentClear');
      const w = await store.update((s) => ({ ...s, recent: [] }));
      if (!w.ok) return w;
      return { ok: true as const };
    }),

    sessionGet: handle('sessionGet', async () => {
      if (!store) return noState('sessionGet');
      const st = store;
      return st.exclusive(async () => {
        const s = await st.read();
        const last = s.lastFile !== undefined && (await usable(s.lastFile)) ? { lastFile: s.lastFile } : {};
        const tabs = s.tabs !== undefined ? { tabs: await liveTabs(s.tabs), activeTab: s.activeTab ?? 0 } : {};
        return { ok: true as const, ...last, ...tabs };
      });
    }),

    sessionSet: handle('sessionSet', async (req) => {
      const v = req.lastFile;
      if (v === undefined && req.tabs === undefined) return badRequest('sessionSet: "lastFile" (a path, or null for none) or "tabs" is required.');
      const tabs = req.tabs === undefined ? undefined : acceptedTabs(req.tabs);
      if (isHostError(tabs)) return tabs;
      const a = req.activeTab;
      if (a !== undefined && (tabs === undefined || a >= Math.max(1, tabs.length))) {
        return badRequest('sessionSet: "activeTab" must be the index of one of "tabs".');
      }
      let lastFile: string | undefined;
      if (v !== undefined && v !== null) {
        const resolved = ctx.resolvePath(v, false);
        if (typeof resolved !== 'string') return resolved;
        lastFile = v;
      }
      if (!store) return noState('sessionSet');
      const w = await store.update((s) => {
        let next: typeof s = s;
        if (v !== undefined) {
          const { lastFile: _old, ...rest } = next;
          next = lastFile !== undefined ? { ...rest, lastFile } : rest;
        }
        if (tabs !== undefined) {
          const { tabs: _t, activeTab: _a, ...rest } = next;
          next = tabs.length > 0 ? { ...rest, tabs, activeTab: typeof a === 'number' ? a : 0 } : rest;
        }
        return next;
      });
      if (!w.ok) return w;
      return { ok: true as const };
    }),
  };
}
