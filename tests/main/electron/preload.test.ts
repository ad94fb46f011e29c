/**
 * The preload exposes exactly three frozen objects: `window.castellan` (the
 * typed HostApi, one `ipcRenderer.invoke` per method), `castellanEvents`
 * (HostEvents: listeners that get only the string payload, never the IPC
 * event) and `castellanFiles` (the drop path + grant); no Electron or Node
 * object crosses the bridge.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HOST_METHODS, ipcChannel } from '../../../src-shared/host/contract.js';
import { GRANT_DROPPED_CHANNEL, MENU_ACTION_CHANNEL, OPEN_FILE_CHANNEL } from '../../../src-main/electron/channels.js';

const m = vi.hoisted(() => ({
  exposed: [] as [string, unknown][],
  invoked: [] as [string, unknown][],
  listeners: new Map<string, ((event: unknown, value: unknown) => void)[]>(),
  grantAnswer: { ok: true } as unknown,
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => m.exposed.push([key, value]) },
  webUtils: {
    getPathForFile: (file: { path?: string }) => {
      if (!file || typeof file !== 'object') throw new TypeError('not a File');
      return file.path ?? '';
    },
  },
  ipcRenderer: {
    invoke: (channel: string, arg: unknown) => {
      m.invoked.push([channel, arg]);
      if (channel === GRANT_DROPPED_CHANNEL) return Promise.resolve(m.grantAnswer);
      return Promise.resolve({ ok: true, channel });
    },
    on: (channel: string, fn: (event: unknown, value: unknown) => void) => {
      if (channel !== MENU_ACTION_CHANNEL && channel !== OPEN_FILE_CHANNEL) throw new Error(`the preload must not listen to ${channel}`);
      m.listeners.set(channel, [...(m.listeners.get(channel) ?? []), fn]);
    },
    removeListener: (channel: string, fn: (event: unknown, value: unknown) => void) => {
      m.listeners.set(
        channel,
        (m.listeners.get(channel) ?? []).filter((f) => f !== fn),
      );
    },
  },
}));

beforeAll(async () => {
  await import('../../../src-main/electron/preload.js');
});

function exposed(key: string): Record<string, (...a: unknown[]) => unknown> {
  return m.exposed.find(([k]) => k === key)![1] as Record<string, (...a: unknown[]) => unknown>;
}

function emit(channel: string, value: unknown): void {
  const ipcEvent = { sender: { secret: 'ipcRenderer' }, ports: [] };
  for (const fn of m.listeners.get(channel) ?? []) fn(ipcEvent, value);
}

describe('preload', () => {
  it('exposes three frozen objects: castellan, castellanEvents, castellanFiles', () => {
    expect(m.exposed.map(([k]) => k)).toEqual(['castellan', 'castellanEvents', 'castellanFiles']);
    for (const [, v] of m.exposed) expect(Object.isFrozen(v)).toBe(true);
    const api = exposed('castellan');
    expect(Object.keys(api).sort()).toEqual([...HOST_METHODS].sort());
    for (const k of Object.keys(api)) expect(typeof api[k]).toBe('function');
    expect(Object.keys(exposed('castellanEvents')).sort()).toEqual(['onMenuAction', 'onOpenFile']);
    expect(Object.keys(exposed('castellanFiles'))).toEqual(['pathForFile']);
  });

  it('each method invokes its own channel with the request (undefined becomes {})', async () => {
    const api = exposed('castellan') as Record<string, (r?: unknown) => Promise<unknown>>;
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

  it('event callbacks get only the string payload; non-strings are dropped; unsubscribe stops them', () => {
    const ev = exposed('castellanEvents');
    const got: unknown[][] = [];
    const off = ev['onMenuAction']!((...args: unknown[]) => got.push(args)) as () => void;
    const files: unknown[][] = [];
    ev['onOpenFile']!((...args: unknown[]) => files.push(args));
    emit(MENU_ACTION_CHANNEL, 'save');
    emit(MENU_ACTION_CHANNEL, { evil: true });
    emit(OPEN_FILE_CHANNEL, '/home/u/a.level.json');
    expect(got).toEqual([['save']]);
    expect(files).toEqual([['/home/u/a.level.json']]);
    off();
    emit(MENU_ACTION_CHANNEL, 'open');
    expect(got).toEqual([['save']]);
    expect(() => ev['onMenuAction']!('not a function')).toThrow(TypeError);
  });

  it('pathForFile answers the dropped file’s path once main granted it, else ""', async () => {
    const files = exposed('castellanFiles') as { pathForFile(f: unknown): Promise<string> };
    m.invoked.length = 0;
    m.grantAnswer = { ok: true };
    await expect(files.pathForFile({ path: '/d/x.level.json' })).resolves.toBe('/d/x.level.json');
    expect(m.invoked).toEqual([[GRANT_DROPPED_CHANNEL, '/d/x.level.json']]);
    m.grantAnswer = { ok: false, code: 'forbidden' };
    await expect(files.pathForFile({ path: '/d/notes.txt' })).resolves.toBe('');
    await expect(files.pathForFile({})).resolves.toBe('');
    await expect(files.pathForFile('nonsense')).resolves.toBe('');
  });
});
