/**
 * The preload exposes exactly the typed HostApi on `window.castellan`: one
 * frozen object, one function per contract method, each a single
 * `ipcRenderer.invoke` on its own channel; no Electron or Node object
 * crosses the bridge.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HOST_METHODS, ipcChannel } from '../../../src-shared/host/contract.js';

const m = vi.hoisted(() => ({
  exposed: [] as [string, unknown][],
  invoked: [] as [string, unknown][],
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => m.exposed.push([key, value]) },
  ipcRenderer: {
    invoke: (channel: string, arg: unknown) => {
      m.invoked.push([channel, arg]);
      return Promise.resolve({ ok: true, channel });
    },
    on: () => {
      throw new Error('the preload must not listen to arbitrary channels');
    },
  },
}));

beforeAll(async () => {
  await import('../../../src-main/electron/preload.js');
});

describe('preload', () => {
  it('exposes one frozen object, window.castellan, with exactly the contract methods', () => {
    expect(m.exposed.map(([k]) => k)).toEqual(['castellan']);
    const api = m.exposed[0]![1] as Record<string, unknown>;
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api).sort()).toEqual([...HOST_METHODS].sort());
    for (const k of Object.keys(api)) expect(typeof api[k]).toBe('function');
  });

  it('each method invokes its own channel with the request (undefined becomes {})', async () => {
    const api = m.exposed[0]![1] as Record<string, (r?: unknown) => Promise<unknown>>;
    for (const method of HOST_METHODS) {
      m.invoked.length = 0;
      const req = { probe: method };
      await expect(api[method]!(req)).resolves.toEqual({ ok: true, channel: ipcChannel(method) });
      expect(m.invoked).toEqual([[ipcChannel(method), req]]);
    }
    m.invoked.length = 0;
    await api['startup']!();
    expect(m.invoked).toEqual([[ipcChannel('startup'), {}]]);
  });
});
