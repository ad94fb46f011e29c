/**
 * The Electron shell under plain Node with a mocked `electron` module: proves
 * the window is created with the secure preferences, every IPC channel checks
 * its sender, permissions/navigation/new windows are denied.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FOLDERS_CHANGED_ACTION, HOST_METHODS, OPEN_FOLDER_ACTION, ipcChannel } from '../../../src-shared/host/contract.js';
import { CONTENT_SECURITY_POLICY, SECURE_WEB_PREFERENCES } from '../../../src-main/electron/security.js';
import { GRANT_DROPPED_CHANNEL, MENU_ACTION_CHANNEL, OPEN_FILE_CHANNEL } from '../../../src-main/electron/channels.js';

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
  const ownEvents = new Map<string, (...a: unknown[]) => void>();
  const sent: [string, unknown][] = [];
  const menu: { template?: unknown[] | null } = {};
  const protocolCalls: {
    privileged: { schemes: unknown; beforeReady: boolean }[];
    handled: Map<string, (req: { url: string; method: string }) => Promise<Response>>;
  } = {
    privileged: [],
    handled: new Map(),
  };
  const readyState = { fired: false };
  let readyResolve!: () => void;
  const readyPromise = new Promise<void>((r) => (readyResolve = r));
  const ready = (): void => {
    readyState.fired = true;
    readyResolve();
  };
  return { handlers, appEvents, windows, sessionHooks, userData, windowEvents, ownEvents, sent, menu, ready, readyPromise, protocolCalls, readyState };
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
    webContents = {
      on: (name: string, fn: (...a: unknown[]) => void) => m.windowEvents.set(name, fn),
      send: (channel: string, value: unknown) => m.sent.push([channel, value]),
    };
    once() {}
    on(name: string, fn: (...a: unknown[]) => void) {
      m.ownEvents.set(name, fn);
    }
    show() {}
    maximize() {}
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    isMaximized() {
      return false;
    }
    getNormalBounds() {
      return { x: 40, y: 30, width: 1000, height: 700 };
    }
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
      isPackaged: false,
      requestSingleInstanceLock: () => true,
      on: (name: string, fn: (...a: unknown[]) => void) => m.appEvents.set(name, fn),
      quit: () => undefined,
    },
    BrowserWindow,
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => m.protocolCalls.privileged.push({ schemes, beforeReady: !m.readyState.fired }),
      handle: (scheme: string, fn: (req: { url: string; method: string }) => Promise<Response>) => m.protocolCalls.handled.set(scheme, fn),
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (menu: { template: unknown[] } | null) => (m.menu.template = menu ? menu.template : null),
    },
    screen: {
      getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
      getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    },
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

const appUrl = 'app://castellan/index.html';
/** Where the renderer was loaded from before the app scheme (file://): trusted nowhere now. */
const fileAppUrl = pathToFileURL(join(repo, 'src-main/renderer/index.html')).href;

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
    const { preload: _preload, devTools, ...rest } = prefs;
    expect(rest).toEqual(SECURE_WEB_PREFERENCES);
    // Unpackaged (app.isPackaged false here): DevTools allowed; main-packaged.test.ts checks the packaged case.
    expect(devTools).toBe(true);
    expect(m.windows[0]!.loaded).toBe(appUrl);
  });

  it('loads the renderer from the privileged app:// scheme, registered before ready, never from file:// (finding: renderer loaded from file://)', async () => {
    expect(m.windows[0]!.loaded).toBe('app://castellan/index.html');
    expect(m.protocolCalls.privileged).toEqual([
      { schemes: [{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }], beforeReady: true },
    ]);
    const handler = m.protocolCalls.handled.get('app')!;
    // Under test, main's renderer folder is src-main/renderer (absent): nothing is served, and never a file beside it.
    expect((await handler({ url: 'app://castellan/index.html', method: 'GET' })).status).toBe(404);
    expect((await handler({ url: 'app://castellan/%2e%2e/electron/main.ts', method: 'GET' })).status).toBe(404);
    const h = m.handlers.get(ipcChannel('list'))!;
    await expect(h(ipcEvent(fileAppUrl), {})).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    let cancel: boolean | undefined;
    m.sessionHooks.beforeRequest!({ url: fileAppUrl }, (r) => (cancel = r.cancel));
    expect(cancel).toBe(true);
  });

  it('registers exactly one handler per contract method, plus the drop grant', () => {
    expect([...m.handlers.keys()].sort()).toEqual([...HOST_METHODS.map(ipcChannel), GRANT_DROPPED_CHANNEL].sort());
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

  it('menuSet builds the native menu (native: true) and a click sends the action id to the renderer', async () => {
    const h = m.handlers.get(ipcChannel('menuSet'))!;
    const menus = [
      {
        id: 'file',
        label: 'File',
        items: [
          { id: 'open', label: 'Open…', accelerator: 'Mod+O', enabled: true },
          { id: 'save', label: 'Save', enabled: false, separatorBefore: true },
        ],
      },
    ];
    await expect(h(ipcEvent(appUrl), { menus })).resolves.toEqual({ ok: true, native: true });
    const top = m.menu.template as { label?: string; role?: string; submenu?: { label?: string; type?: string; accelerator?: string; click?: () => void }[] }[];
    const file = top.find((t) => t.label === 'File')!;
    expect(file.submenu!.map((i) => i.label ?? i.type)).toEqual(['Open…', 'separator', 'Save']);
    expect(file.submenu![0]!.accelerator).toBe('CmdOrCtrl+O');
    m.sent.length = 0;
    file.submenu![0]!.click!();
    expect(m.sent).toEqual([[MENU_ACTION_CHANNEL, 'open']]);
  });

  it('menuSet refuses hostile shapes and a foreign sender, leaving the menu alone', async () => {
    const h = m.handlers.get(ipcChannel('menuSet'))!;
    const before = m.menu.template;
    for (const bad of [
      { menus: 'x' },
      { menus: [{ id: 'evil', label: 'E', items: [] }] },
      { menus: [{ id: 'file', label: 'F', items: [{ id: 'x', label: 'X', enabled: 'yes' }] }] },
      { menus: [], extra: 1 },
    ]) {
      await expect(h(ipcEvent(appUrl), bad), JSON.stringify(bad)).resolves.toMatchObject({ ok: false, code: 'bad-request' });
    }
    await expect(h(ipcEvent('https://evil.example/'), { menus: [] })).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    expect(m.menu.template).toBe(before);
  });

  it('a second launch with a level file grants it and asks the renderer to open it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'castellan-second-'));
    const file = join(dir, 'mine.level.json');
    writeFileSync(file, '{}');
    const open = m.handlers.get(ipcChannel('open'))!;
    await expect(open(ipcEvent(appUrl), { path: file })).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    m.windowEvents.get('did-finish-load')!();
    m.sent.length = 0;
    m.appEvents.get('second-instance')!({}, ['/usr/bin/castellan', '--allow-file-access-from-files', 'mine.level.json', 'notes.txt'], dir);
    expect(m.sent).toEqual([[OPEN_FILE_CHANNEL, file]]);
    // Granted: open now reads it (it is not a valid level, but it is no longer forbidden).
    await expect(open(ipcEvent(appUrl), { path: file })).resolves.not.toMatchObject({ code: 'forbidden' });
  });

  it('the drop grant accepts only existing level/pack files from the app document', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'castellan-drop-'));
    const file = join(dir, 'dropped.level.json');
    writeFileSync(file, '{}');
    const h = m.handlers.get(GRANT_DROPPED_CHANNEL)!;
    await expect(h(ipcEvent('https://evil.example/'), file)).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    await expect(h(ipcEvent(appUrl), '/etc/passwd')).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    await expect(h(ipcEvent(appUrl), join(dir, 'missing.level.json'))).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    await expect(h(ipcEvent(appUrl), 42)).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    await expect(h(ipcEvent(appUrl), file)).resolves.toEqual({ ok: true });
    const open = m.handlers.get(ipcChannel('open'))!;
    await expect(open(ipcEvent(appUrl), { path: file })).resolves.not.toMatchObject({ code: 'forbidden' });
  });

  it('closing the window stores its bounds in userData/window-state.json', () => {
    m.ownEvents.get('close')!();
    const saved = JSON.parse(readFileSync(join(m.userData.dir, 'window-state.json'), 'utf8'));
    expect(saved).toEqual({ x: 40, y: 30, width: 1000, height: 700 });
  });

  it('recent files and the last session are kept in userData/session.json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'castellan-recent-'));
    const file = join(dir, 'r.level.json');
    writeFileSync(file, '{}');
    await m.handlers.get(GRANT_DROPPED_CHANNEL)!(ipcEvent(appUrl), file);
    await expect(m.handlers.get(ipcChannel('recentAdd'))!(ipcEvent(appUrl), { path: file })).resolves.toMatchObject({
      ok: true,
      files: [{ path: file, name: 'r.level.json' }],
    });
    await expect(m.handlers.get(ipcChannel('recentAdd'))!(ipcEvent(appUrl), { path: '/etc/x.level.json' })).resolves.toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(JSON.parse(readFileSync(join(m.userData.dir, 'session.json'), 'utf8')).recent).toEqual([file]);
  });

  it('File > "Open Folder…" (OPEN_FOLDER_ACTION) runs the native folder dialog: the folder is granted, listed by browse, remembered, and the renderer told', async () => {
    const { dialog } = await import('electron');
    const dir = mkdtempSync(join(tmpdir(), 'castellan-folder-'));
    writeFileSync(join(dir, 'f.level.json'), '{}');
    (dialog.showOpenDialog as unknown as ReturnType<typeof vi.fn>).mockResolvedValueOnce({ canceled: false, filePaths: [dir] });
    const browse = m.handlers.get(ipcChannel('browse'))!;
    await expect(browse(ipcEvent(appUrl), { dir })).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    const menus = [{ id: 'file', label: 'File', items: [{ id: OPEN_FOLDER_ACTION, label: 'Open Folder…', enabled: true }] }];
    await expect(m.handlers.get(ipcChannel('menuSet'))!(ipcEvent(appUrl), { menus })).resolves.toEqual({ ok: true, native: true });
    const top = m.menu.template as { label?: string; submenu?: { click?: () => void }[] }[];
    m.sent.length = 0;
    top.find((t) => t.label === 'File')!.submenu![0]!.click!();
    for (let i = 0; i < 100 && m.sent.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(m.sent).toEqual([[MENU_ACTION_CHANNEL, FOLDERS_CHANGED_ACTION]]);
    const roots = (await browse(ipcEvent(appUrl), {})) as { ok: boolean; entries: { path: string }[] };
    expect(roots.entries.map((e) => e.path)).toContain(dir);
    await expect(browse(ipcEvent(appUrl), { dir })).resolves.toMatchObject({ ok: true, entries: [{ name: 'f.level.json', kind: 'level' }] });
    expect(JSON.parse(readFileSync(join(m.userData.dir, 'session.json'), 'utf8')).folders).toEqual([dir]);
  });
});
