/**
 * Electron main process: a thin shell over the host services
 * (src-main/services). All logic lives in plain Node modules that are tested
 * without Electron; this file only wires Electron's hooks to them.
 */
import { app, BrowserWindow, dialog, ipcMain, session, type IpcMainInvokeEvent } from 'electron';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HOST_METHODS, ipcChannel, type HostMethod, type ListedFile } from '../../src-shared/host/contract.js';
import { createHostApi, type HostService } from '../services/host-api.js';
import { setSolveWorkerEntry } from '../services/solve-runner.js';
import {
  CONTENT_SECURITY_POLICY,
  PathGrants,
  SECURE_WEB_PREFERENCES,
  isAllowedNavigation,
  isAllowedRequest,
  isTrustedSender,
} from './security.js';

const here = dirname(fileURLToPath(import.meta.url));
const appRoot = app.getAppPath();
const samplesDir = join(appRoot, 'resources', 'levels');
const rendererHtml = join(here, '../renderer/index.html');
const appUrl = process.env['ELECTRON_RENDERER_URL'] ?? pathToFileURL(rendererHtml).href;

setSolveWorkerEntry(pathToFileURL(join(here, 'solve-worker.js')));

const grants = new PathGrants([samplesDir]);

function firstSample(): string | undefined {
  const dir = join(samplesDir, 'unlock-the-king');
  if (!existsSync(dir)) return undefined;
  const first = readdirSync(dir).filter((f) => f.endsWith('.level.json')).sort()[0];
  return first ? join(dir, first) : undefined;
}

function listSamples(): ListedFile[] {
  const out: ListedFile[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.level.json')) out.push({ path: p, name: e.name });
    }
  };
  walk(samplesDir);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

let mainWindow: BrowserWindow | undefined;

const userData = app.getPath('userData');

/** Backups of a user file: `<userData>/backups/<name>-<16 hex of sha256(abs path)>/`. */
function backupDirFor(resolved: string): string {
  const abs = resolve(resolved);
  const key = createHash('sha256').update(abs).digest('hex').slice(0, 16);
  return join(userData, 'backups', `${basename(abs)}-${key}`);
}

const api: HostService = createHostApi({
  kind: 'electron',
  resolvePath: (p: string) => grants.check(p),
  recoveryDir: join(userData, 'recovery'),
  backupDirFor,
  grantPath: (p: string) => grants.grant(p),
  listFiles: async () => listSamples(),
  initialFile: firstSample(),
  workspaceLabel: samplesDir,
  dialogs: {
    async open() {
      const r = await dialog.showOpenDialog(mainWindow!, {
        properties: ['openFile'],
        filters: [{ name: 'Castellan levels', extensions: ['level.json', 'json'] }],
      });
      const p = r.canceled ? undefined : r.filePaths[0];
      if (p) grants.grant(p);
      return p;
    },
    async saveAs(suggested: string) {
      const r = await dialog.showSaveDialog(mainWindow!, {
        defaultPath: suggested,
        filters: [{ name: 'Castellan levels', extensions: ['level.json'] }],
      });
      let p = r.canceled ? undefined : r.filePath;
      if (p && !p.endsWith('.level.json')) p = p.replace(/(\.json)?$/, '.level.json');
      if (p) grants.grant(p);
      return p;
    },
  },
});

function registerIpc(): void {
  for (const method of HOST_METHODS) {
    ipcMain.handle(ipcChannel(method), async (event: IpcMainInvokeEvent, req: unknown) => {
      const frame = event.senderFrame;
      if (!isTrustedSender(frame?.url, appUrl, frame !== null && frame === event.sender.mainFrame)) {
        return { ok: false, code: 'forbidden', message: 'IPC from an untrusted sender' };
      }
      const call = api[method as HostMethod] as (r: unknown) => Promise<unknown>;
      return call(req ?? {});
    });
  }
}

function hardenSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.setDisplayMediaRequestHandler((_request, callback) => callback(null));
  // No remote content: only the app's own files (or the dev server) load.
  ses.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isAllowedRequest(details.url, appUrl) });
  });
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      // eng-disable CSP_GLOBAL_CHECK because the policy is the constant of security.ts, which the scanner cannot read here; tests/main/electron/csp.test.ts checks it
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] }, // eng-disable CSP_GLOBAL_CHECK
    });
  });
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event, url) => {
    if (!isAllowedNavigation(url, appUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAllowedNavigation(url, appUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1280,
    height: 860,
    title: 'Castellan',
    show: false,
    // Spelled out (not spread) so security scanners read them; tests/main/electron/main.test.ts
    // checks they equal SECURE_WEB_PREFERENCES.
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      // The preload exposes only one ipcRenderer.invoke wrapper per HostApi method (tests/main/electron/preload.test.ts).
      preload: join(here, '../preload/index.cjs'), // eng-disable PRELOAD_JS_CHECK reviewed, see the comment above
    },
  });
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  // The renderer's beforeunload blocks closing with unsaved work; ask the user.
  mainWindow.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(mainWindow!, {
      type: 'question',
      buttons: ['Discard changes', 'Keep editing'],
      defaultId: 1,
      cancelId: 1,
      title: 'Unsaved changes',
      message: 'This level has unsaved changes. Close and discard them?',
    });
    if (choice === 0) {
      event.preventDefault();
      // The user discarded the changes: their autosaves must not come back as
      // "recovered" (best effort; if the process ends first they are offered again).
      void api.discardSessionRecovery();
    }
  });
  void mainWindow.loadURL(appUrl);
}

void app.whenReady().then(() => {
  hardenSession();
  registerIpc();
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('will-quit', () => {
  void api.close();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
