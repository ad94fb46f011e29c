/**
 * The Electron shell as a packaged app (`app.isPackaged` true) under plain
 * Node with a mocked `electron` module. Checklist finding: DevTools open in
 * packaged builds. The window is created with `devTools: false` and no menu
 * offers a developer item.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ipcChannel } from '../../../src-shared/host/contract.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');

const m = vi.hoisted(() => {
  const windows: { options: { webPreferences: Record<string, unknown> } }[] = [];
  const handlers = new Map<string, (event: unknown, req: unknown) => Promise<unknown>>();
  const menus: (unknown[] | null)[] = [];
  let ready!: () => void;
  const readyPromise = new Promise<void>((r) => (ready = r));
  return { windows, handlers, menus, ready, readyPromise, userData: { dir: '' } };
});

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => m.windows;
    options: { webPreferences: Record<string, unknown> };
    constructor(options: { webPreferences: Record<string, unknown> }) {
      this.options = options;
      m.windows.push(this);
    }
    webContents = { on() {}, send() {} };
    once() {}
    on() {}
    loadURL() {
      return Promise.resolve();
    }
  }
  return {
    app: {
      getAppPath: () => repo,
      getPath: () => {
        if (!m.userData.dir) m.userData.dir = mkdtempSync(join(tmpdir(), 'castellan-packaged-'));
        return m.userData.dir;
      },
      whenReady: () => m.readyPromise,
      isPackaged: true,
      requestSingleInstanceLock: () => true,
      on: () => undefined,
      quit: () => undefined,
    },
    BrowserWindow,
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (menu: { template: unknown[] } | null) => m.menus.push(menu ? menu.template : null),
    },
    screen: {
      getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
      getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    },
    dialog: { showOpenDialog: vi.fn(), showSaveDialog: vi.fn(), showMessageBoxSync: () => 0 },
    ipcMain: { handle: (ch: string, fn: (e: unknown, r: unknown) => Promise<unknown>) => m.handlers.set(ch, fn) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
        setDevicePermissionHandler: () => undefined,
        setDisplayMediaRequestHandler: () => undefined,
        webRequest: { onHeadersReceived: () => undefined, onBeforeRequest: () => undefined },
      },
    },
  };
});

beforeAll(async () => {
  // A packaged app finds its samples under process.resourcesPath (electron-builder extraResources).
  const resources = mkdtempSync(join(tmpdir(), 'castellan-resources-'));
  mkdirSync(join(resources, 'levels'));
  (process as { resourcesPath?: string }).resourcesPath = resources;
  await import('../../../src-main/electron/main.js');
  m.ready();
  await new Promise((r) => setTimeout(r, 0));
});

/** Every role anywhere in a menu template. */
function roles(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((it: { role?: string; submenu?: unknown }) => [...(it.role ? [it.role] : []), ...roles(it.submenu)]);
}

describe('Electron main, packaged (finding: DevTools open in packaged builds)', () => {
  it('creates the window with devTools off', () => {
    expect(m.windows).toHaveLength(1);
    expect(m.windows[0]!.options.webPreferences['devTools']).toBe(false);
  });

  it('the native menu built from the renderer’s menus has no developer menu or DevTools role', async () => {
    const frame = { url: 'app://castellan/index.html' };
    const event = { senderFrame: frame, sender: { mainFrame: frame } };
    const menus = [{ id: 'view', label: 'View', items: [{ id: 'zoom-in', label: 'Zoom in', accelerator: 'Mod+=', enabled: true }] }];
    await expect(m.handlers.get(ipcChannel('menuSet'))!(event, { menus })).resolves.toEqual({ ok: true, native: true });
    const last = m.menus.at(-1) as { label?: string }[];
    expect(last.map((t) => t.label)).toEqual(['View']);
    expect(roles(last)).not.toContain('toggleDevTools');
    expect(roles(last)).not.toContain('reload');
  });
});
