/**
 * Electron main process: a thin shell over the host services
 * (src-main/services). All logic lives in plain Node modules that are tested
 * without Electron; this file only wires Electron's hooks to them.
 *
 * Desktop session: native menu from the renderer's MenuSpec
 * (menu-template.ts), one instance (a second launch hands its files to the
 * running one), files from the command line / macOS `open-file` (file
 * associations, launch-files.ts), window bounds remembered
 * (window-state.ts), recent files and last session in userData
 * (services/session-store.ts).
 *
 * Folders: the explorer and the browser-style file methods (`browse`,
 * `makeFolder`, `workspaceSummary`) see the granted folders: the samples,
 * the folder of every file chosen in a native open/save dialog, and the
 * folders added with File > "Open Folder…" (the renderer's menu item
 * `OPEN_FOLDER_ACTION`, whose click this host runs itself; remembered in
 * session.json and granted again at the next start).
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session, type IpcMainInvokeEvent } from 'electron';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FOLDERS_CHANGED_ACTION, HOST_METHODS, OPEN_FOLDER_ACTION, ipcChannel, type HostMethod, type ListedFile } from '../../src-shared/host/contract.js';
import { DEFAULT_RULESET } from '../../src-shared/rulesets/default.js';
import { grantedFolders } from '../services/folder-access.js';
import { createHostApi, type HostService } from '../services/host-api.js';
import { readSessionSync } from '../services/session-store.js';
import { setSolveWorkerEntry } from '../services/solve-runner.js';
import { GRANT_DROPPED_CHANNEL, MENU_ACTION_CHANNEL, OPEN_FILE_CHANNEL } from './channels.js';
import { filesFromArgv, isCastellanFile } from './launch-files.js';
import { buildMenuTemplate, checkMenuSpecs, withHostActions } from './menu-template.js';
import { readWindowState, restoreBounds, windowStateFile, writeWindowStateSync, type Rect } from './window-state.js';
import { APP_SCHEME, APP_SCHEME_PRIVILEGED, APP_URL, serveAppRequest } from './app-protocol.js';
import { CONTENT_SECURITY_POLICY, PathGrants, isAllowedNavigation, isAllowedRequest, isTrustedSender } from './security.js';

const here = dirname(fileURLToPath(import.meta.url));
const appRoot = app.getAppPath();
// Packaged: the samples are extraResources (electron-builder.yml) next to app.asar.
const samplesDir = app.isPackaged ? join(process.resourcesPath, 'levels') : join(appRoot, 'resources', 'levels');
/** The built renderer folder, served as `app://castellan/` (app-protocol.ts); never loaded from file://. */
const rendererRoot = join(here, '../renderer');
const appUrl = process.env['ELECTRON_RENDERER_URL'] ?? APP_URL;

// The app's scheme must be privileged before `ready` (standard, secure, fetch).
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGED]);

setSolveWorkerEntry(pathToFileURL(join(here, 'solve-worker.js')));

const grants = new PathGrants([samplesDir]);
/** DevTools (and the Developer menu) only in unpackaged builds: a packaged window cannot open them. */
const devToolsAllowed = !app.isPackaged;

function firstSample(): string | undefined {
  const dir = join(samplesDir, DEFAULT_RULESET);
  if (!existsSync(dir)) return undefined;
  const first = readdirSync(dir)
    .filter((f) => f.endsWith('.level.json'))
    .sort()[0];
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

/** A file the user chose in a native open/save dialog: it and its folder are granted (the folder shows in the explorer). */
function grantChosen(p: string): void {
  grants.grant(p);
  grants.grantFolder(dirname(p));
}

const userData = app.getPath('userData');

/** Backups of a user file: `<userData>/backups/<name>-<16 hex of sha256(abs path)>/`. */
function backupDirFor(resolved: string): string {
  const abs = resolve(resolved);
  const key = createHash('sha256').update(abs).digest('hex').slice(0, 16);
  return join(userData, 'backups', `${basename(abs)}-${key}`);
}

const coreApi: HostService = createHostApi({
  kind: 'electron',
  stateDir: userData,
  resolvePath: (p: string, forWrite: boolean) => grants.check(p, forWrite),
  recoveryDir: join(userData, 'recovery'),
  backupDirFor,
  grantPath: (p: string) => grants.grant(p),
  listFiles: async () => listSamples(),
  initialFile: firstSample(),
  workspaceLabel: samplesDir,
  folders: grantedFolders(() => grants.folders()),
  dialogs: {
    async open() {
      const r = await dialog.showOpenDialog(mainWindow!, {
        properties: ['openFile'],
        filters: [{ name: 'Castellan levels', extensions: ['level.json', 'json'] }],
      });
      const p = r.canceled ? undefined : r.filePaths[0];
      if (p) grantChosen(p);
      return p;
    },
    async saveAs(suggested: string) {
      const r = await dialog.showSaveDialog(mainWindow!, {
        defaultPath: suggested,
        filters: [{ name: 'Castellan levels', extensions: ['level.json'] }],
      });
      let p = r.canceled ? undefined : r.filePath;
      if (p && !p.endsWith('.level.json')) p = p.replace(/(\.json)?$/, '.level.json');
      if (p) grantChosen(p);
      return p;
    },
    async chooseFolder(purpose: 'open-pack' | 'create-pack') {
      const r = await dialog.showOpenDialog(mainWindow!, {
        title: purpose === 'open-pack' ? 'Open a pack folder' : 'Choose or create the new pack folder',
        properties: ['openDirectory', 'createDirectory'],
      });
      const p = r.canceled ? undefined : r.filePaths[0];
      if (p) grants.grantFolder(p);
      return p;
    },
  },
});

/** The Electron host: the core API with `menuSet` building the native menu. */
const api: HostService = {
  ...coreApi,
  menuSet: async (req: unknown) => {
    const shaped = await coreApi.menuSet(req as never);
    if (!shaped.ok) return shaped;
    const menus = checkMenuSpecs((req as { menus: unknown }).menus);
    if (!Array.isArray(menus)) return menus;
    try {
      const template = withHostActions(
        buildMenuTemplate(menus, process.platform, (id) => mainWindow?.webContents.send(MENU_ACTION_CHANNEL, id), undefined, { devTools: devToolsAllowed }),
        { [OPEN_FOLDER_ACTION]: () => void openFolder() },
      );
      Menu.setApplicationMenu(template.length ? Menu.buildFromTemplate(template) : null);
    } catch (err) {
      return { ok: false, code: 'internal', message: `menuSet failed: ${err instanceof Error ? err.message : String(err)}` };
    }
    return { ok: true, native: true };
  },
};

/**
 * File > "Open Folder…": a native folder dialog; the chosen folder is
 * granted, remembered for the next sessions, and the renderer is told
 * (`FOLDERS_CHANGED_ACTION`) so the explorer lists it.
 */
async function openFolder(): Promise<void> {
  if (!mainWindow) return;
  const r = await dialog.showOpenDialog(mainWindow, { title: 'Open a folder of levels', properties: ['openDirectory', 'createDirectory'] });
  const p = r.canceled ? undefined : r.filePaths[0];
  if (!p) return;
  grants.grantFolder(p);
  await coreApi.rememberFolder(p);
  mainWindow?.webContents.send(MENU_ACTION_CHANNEL, FOLDERS_CHANGED_ACTION);
}

/** The folders opened in earlier sessions ("Open Folder…") that still exist are granted again. */
function regrantOpenedFolders(): void {
  for (const f of readSessionSync(userData).folders ?? []) {
    try {
      if (isAbsolute(f) && statSync(f).isDirectory()) grants.grantFolder(f);
    } catch {
      // gone: not granted
    }
  }
}

/** True for an existing regular level/pack file. */
function isOpenableFile(p: string): boolean {
  try {
    return isCastellanFile(p) && statSync(p).isFile();
  } catch {
    return false;
  }
}

let rendererLoaded = false;
/** Files asked for before the window loaded (macOS open-file at launch). */
const pendingFiles: string[] = [];

/** The OS asked to open `path` (file association, second launch, dock drop): grant it and hand it to the renderer. */
function requestOpen(path: string): void {
  if (!isOpenableFile(path)) return;
  grants.grant(path);
  if (mainWindow && rendererLoaded) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    mainWindow.webContents.send(OPEN_FILE_CHANNEL, path);
  } else pendingFiles.push(path);
}

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
  // Drag and drop (preload `castellanFiles.pathForFile`): the path of a file the user dropped.
  ipcMain.handle(GRANT_DROPPED_CHANNEL, async (event: IpcMainInvokeEvent, path: unknown) => {
    const frame = event.senderFrame;
    if (!isTrustedSender(frame?.url, appUrl, frame !== null && frame === event.sender.mainFrame)) {
      return { ok: false, code: 'forbidden', message: 'IPC from an untrusted sender' };
    }
    if (typeof path !== 'string' || path.length > 4096 || !isAbsolute(path) || !isOpenableFile(path)) {
      return { ok: false, code: 'forbidden', message: 'only an existing .level.json or .pack.json file can be dropped' };
    }
    grants.grant(path);
    return { ok: true };
  });
}

function displayAreas(): Rect[] {
  const primary = screen.getPrimaryDisplay();
  const others = screen.getAllDisplays().filter((d) => d.id !== primary.id);
  return [primary, ...others].map((d) => d.workArea);
}

function hardenSession(): void {
  const ses = session.defaultSession;
  // The renderer's files: only from out/renderer (app-protocol.ts resolveAppFile).
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rendererRoot));
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

const stateFile = windowStateFile(userData);

function createWindow(): void {
  const bounds = restoreBounds(readWindowState(stateFile), displayAreas());
  rendererLoaded = false;
  mainWindow = new BrowserWindow({
    width: bounds.width,
    height: bounds.height,
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    minWidth: 640,
    minHeight: 480,
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
      devTools: devToolsAllowed,
      // The preload exposes only one ipcRenderer.invoke wrapper per HostApi method (tests/main/electron/preload.test.ts).
      preload: join(here, '../preload/index.cjs'), // eng-disable PRELOAD_JS_CHECK reviewed, see the comment above
    },
  });
  const win = mainWindow;
  win.once('ready-to-show', () => {
    if (bounds.maximized) win.maximize();
    win.show();
  });
  win.on('close', () => {
    writeWindowStateSync(stateFile, { ...win.getNormalBounds(), ...(win.isMaximized() ? { maximized: true } : {}) });
  });
  win.webContents.on('did-finish-load', () => {
    rendererLoaded = true;
    for (const p of pendingFiles.splice(0)) win.webContents.send(OPEN_FILE_CHANNEL, p);
  });
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

// One instance: a second launch (e.g. double-clicking a level) hands its files to this one and quits.
const primaryInstance = app.requestSingleInstanceLock();
if (!primaryInstance) app.quit();

app.on('second-instance', (_event, argv, workingDirectory) => {
  const files = filesFromArgv(argv, workingDirectory);
  for (const f of files) requestOpen(f);
  if (files.length === 0 && mainWindow) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  }
});

// macOS: a file association or a drop on the dock icon (may come before "ready").
app.on('open-file', (event, path) => {
  event.preventDefault();
  requestOpen(path);
});

/** Files named on the command line (Windows/Linux file associations): the first becomes the session's file. */
async function adoptLaunchFiles(): Promise<void> {
  const files = [...filesFromArgv(process.argv, process.cwd()), ...pendingFiles.splice(0)].filter(isOpenableFile);
  const [first, ...rest] = files;
  if (first === undefined) return;
  grants.grant(first);
  await api.sessionSet?.({ lastFile: first });
  for (const f of rest) requestOpen(f);
}

void app.whenReady().then(async () => {
  if (!primaryInstance) return;
  hardenSession();
  registerIpc();
  regrantOpenedFolders();
  Menu.setApplicationMenu(
    process.platform === 'darwin' ? Menu.buildFromTemplate(buildMenuTemplate([], 'darwin', () => undefined, undefined, { devTools: devToolsAllowed })) : null,
  );
  await adoptLaunchFiles();
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
