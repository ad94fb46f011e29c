/**
 * The Electron shell under plain Node with a mocked `electron` module: proves
 * the window is created with the secure preferences, every IPC channel checks
 * its sender, permissions/navigation/new windows are denied.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HOST_METHODS, ipcChannel } from '../../../src-shared/host/contract.js';
import { CONTENT_SECURITY_POLICY, SECURE_WEB_PREFERENCES } from '../../../src-main/electron/security.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');

const m = vi.hoisted(() => {
  const handlers = new Map<string, (event: unknown, req: unknown) => Promise<unknown>>();
  const appEvents = new Map<string, (...a: unknown[]) => void>();
  const windows: { options: { webPreferences: Record<string, unknown> }; loaded?: string }[] = [];
  const sessionHooks: {
    permission?: (wc: unknown, p: string, cb: (ok: boolean) => void) => void;
    check?: () => boolean;
    device?: () => boolean;
    displayMedia?: (req: unknown, cb: (streams: unknown) => void) => void;
    beforeRequest?: (details: { url: string }, cb: (r: { cancel?: boolean }) => void) => void;
    headers?: (details: { responseHeaders?: Record<string, string[]> }, cb: (r: { responseHeaders?: Record<string, string[]> }) => void) => void;
  } = {};
  const userData = { dir: '' };
  const windowEvents = new Map<string, (...a: unknown[]) => void>();
  let ready!: () => void;
  const readyPromise = new Promise<void>((r) => (ready = r));
  return { handlers, appEvents, windows, sessionHooks, userData, windowEvents, ready, readyPromise };
});

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => m.windows;
    options: { webPreferences: Record<string, unknown> };
    loaded?: string;
    constructor(options: { webPreferences: Record<string, unknown> }) {
      this.options = options;
      m.windows.push(this);
    }
    webContents = { on: (name: string, fn: (...a: unknown[]) => void) => m.windowEvents.set(name, fn) };
    once() {}
    show() {}
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
  }
  return {
    app: {
      getAppPath: () => repo,
      getPath: (name: string) => {
        if (name !== 'userData') throw new Error(`unexpected getPath(${name})`);
        if (!m.userData.dir) m.userData.dir = mkdtempSync(join(tmpdir(), 'castellan-userdata-'));
        return m.userData.dir;
      },
      whenReady: () => m.readyPromise,
      on: (name: string, fn: (...a: unknown[]) => void) => m.appEvents.set(name, fn),
      quit: () => undefined,
    },
    BrowserWindow,
    dialog: { showOpenDialog: vi.fn(), showSaveDialog: vi.fn(), showMessageBoxSync: () => 0 },
    ipcMain: { handle: (ch: string, fn: (e: unknown, r: unknown) => Promise<unknown>) => m.handlers.set(ch, fn) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: typeof m.sessionHooks.permission) => (m.sessionHooks.permission = fn),
        setPermissionCheckHandler: (fn: () => boolean) => (m.sessionHooks.check = fn),
        setDevicePermissionHandler: (fn: () => boolean) => (m.sessionHooks.device = fn),
        setDisplayMediaRequestHandler: (fn: typeof m.sessionHooks.displayMedia) => (m.sessionHooks.displayMedia = fn),
        webRequest: {
          onHeadersReceived: (fn: typeof m.sessionHooks.headers) => (m.sessionHooks.headers = fn),
          onBeforeRequest: (fn: typeof m.sessionHooks.beforeRequest) => (m.sessionHooks.beforeRequest = fn),
        },
      },
    },
  };
});

const appUrl = pathToFileURL(join(repo, 'src-main/renderer/index.html')).href;

function ipcEvent(url: string, mainFrame = true): unknown {
  const frame = { url };
  return { senderFrame: frame, sender: { mainFrame: mainFrame ? frame : {} } };
}

beforeAll(async () => {
  await import('../../../src-main/electron/main.js');
  m.ready();
  await new Promise((r) => setTimeout(r, 0));
});

describe('Electron main', () => {
  it('creates the window with isolation, sandbox and no Node integration', () => {
    expect(m.windows).toHaveLength(1);
    const prefs = m.windows[0]!.options.webPreferences;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(String(prefs['preload'])).toMatch(/preload[/\\]index\.cjs$/);
    // main.ts spells the preferences out for scanners: they must be exactly the policy's.
    const { preload: _preload, ...rest } = prefs;
    expect(rest).toEqual(SECURE_WEB_PREFERENCES);
    expect(m.windows[0]!.loaded).toBe(appUrl);
  });

  it('registers exactly one handler per contract method', () => {
    expect([...m.handlers.keys()].sort()).toEqual(HOST_METHODS.map(ipcChannel).sort());
  });

  it('refuses IPC from a foreign document or a sub-frame', async () => {
    const h = m.handlers.get(ipcChannel('list'))!;
    await expect(h(ipcEvent('https://evil.example/'), {})).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    await expect(h(ipcEvent(appUrl, false), {})).resolves.toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('answers a trusted sender and validates its arguments', async () => {
    const startup = (await m.handlers.get(ipcChannel('startup'))!(ipcEvent(appUrl), {})) as { ok: boolean; info?: { host: string } };
    expect(startup.ok).toBe(true);
    expect(startup.info?.host).toBe('electron');
    const bad = await m.handlers.get(ipcChannel('save'))!(ipcEvent(appUrl), { path: 42, document: {} });
    expect(bad).toMatchObject({ ok: false, code: 'bad-request' });
    const outside = await m.handlers.get(ipcChannel('open'))!(ipcEvent(appUrl), { path: '/etc/passwd' });
    expect(outside).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('denies every permission request (permissions, devices, screen capture)', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fileSystem']) {
      let granted: boolean | undefined;
      m.sessionHooks.permission!({}, p, (ok) => (granted = ok));
      expect(granted, p).toBe(false);
    }
    expect(m.sessionHooks.check!()).toBe(false);
    expect(m.sessionHooks.device!()).toBe(false);
    let streams: unknown = 'unset';
    m.sessionHooks.displayMedia!({}, (s) => (streams = s));
    expect(streams).toBeNull();
  });

  it('no remote content: requests other than the app files are cancelled', () => {
    const verdict = (url: string): boolean | undefined => {
      let cancel: boolean | undefined;
      m.sessionHooks.beforeRequest!({ url }, (r) => (cancel = r.cancel));
      return cancel;
    };
    expect(verdict(appUrl)).toBe(false);
    expect(verdict(new URL('assets/index.js', appUrl).href)).toBe(false);
    expect(verdict('https://evil.example/x.js')).toBe(true);
    expect(verdict('http://127.0.0.1:9999/api/save')).toBe(true);
    expect(verdict('file:///etc/passwd')).toBe(true);
  });

  it('every response gets the CSP header, replacing any other', () => {
    let out: Record<string, string[]> | undefined;
    m.sessionHooks.headers!({ responseHeaders: { 'Content-Security-Policy': ['default-src *'], 'X-Other': ['1'] } }, (r) => (out = r.responseHeaders));
    expect(out!['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(out!['X-Other']).toEqual(['1']);
  });

  it('the recovery methods are behind the same sender check and argument validation', async () => {
    for (const method of ['autosave', 'recoveryList', 'recoveryOpen', 'recoveryDiscard', 'revision', 'backupList', 'backupOpen'] as const) {
      const h = m.handlers.get(ipcChannel(method))!;
      await expect(h(ipcEvent('https://evil.example/'), {}), method).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    }
    const auto = m.handlers.get(ipcChannel('autosave'))!;
    await expect(auto(ipcEvent(appUrl), { docId: '../x', document: {} })).resolves.toMatchObject({ ok: false, code: 'bad-request' });
    // A path the user never chose cannot be recorded for recovery (it would be granted on recoveryOpen).
    await expect(auto(ipcEvent(appUrl), { docId: 'd', document: {}, path: '/etc/evil.level.json' })).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    await expect(auto(ipcEvent(appUrl), { docId: 'd', document: { meta: { title: 'x' } } })).resolves.toMatchObject({ ok: true });
    const list = (await m.handlers.get(ipcChannel('recoveryList'))!(ipcEvent(appUrl), {})) as { ok: boolean; items: { docId: string }[] };
    expect(list.items.map((i) => i.docId)).toEqual(['d']);
    expect(m.userData.dir).not.toBe('');
  });

  it('"Discard changes" on close removes this session’s autosaves', async () => {
    const auto = m.handlers.get(ipcChannel('autosave'))!;
    await auto(ipcEvent(appUrl), { docId: 'discard-me', document: { meta: { title: 'x' } } });
    const prevented = vi.fn();
    m.windowEvents.get('will-prevent-unload')!({ preventDefault: prevented });
    expect(prevented).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 50));
    const list = (await m.handlers.get(ipcChannel('recoveryList'))!(ipcEvent(appUrl), {})) as { ok: boolean; items: { docId: string }[] };
    expect(list.items.map((i) => i.docId)).not.toContain('discard-me');
  });

  it('denies navigation away and new windows', () => {
    const listeners = new Map<string, (e: { preventDefault(): void }, url: string) => void>();
    let openHandler: (() => { action: string }) | undefined;
    const contents = {
      on: (name: string, fn: (e: { preventDefault(): void }, url: string) => void) => listeners.set(name, fn),
      setWindowOpenHandler: (fn: () => { action: string }) => (openHandler = fn),
    };
    m.appEvents.get('web-contents-created')!({}, contents);
    const prevented = vi.fn();
    listeners.get('will-navigate')!({ preventDefault: prevented }, 'https://evil.example/');
    expect(prevented).toHaveBeenCalledTimes(1);
    const allowed = vi.fn();
    listeners.get('will-navigate')!({ preventDefault: allowed }, appUrl);
    expect(allowed).not.toHaveBeenCalled();
    const webview = vi.fn();
    listeners.get('will-attach-webview')!({ preventDefault: webview }, '');
    expect(webview).toHaveBeenCalled();
    expect(openHandler!()).toEqual({ action: 'deny' });
  });
});
