/**
 * Preload (sandboxed, CommonJS): exposes exactly
 * - `window.castellan`: the typed HostApi, one `ipcRenderer.invoke` per method;
 * - `window.castellanEvents`: the host's push events (HostEvents, menu.ts):
 *   `onMenuAction(cb)` / `onOpenFile(cb)`, each `ipcRenderer.on` on its own
 *   channel; the callback gets only the string payload (never the IPC event
 *   object, which would leak `sender`), non-strings are dropped; each
 *   answers an unsubscribe function;
 * - `window.castellanFiles`: `pathForFile(file)` for drag and drop
 *   (`webUtils.getPathForFile`, then main grants the path if it is a level
 *   or pack file; answers "" otherwise).
 * No Node or Electron object crosses the context bridge.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { HOST_METHODS, ipcChannel, type HostApi } from '../../src-shared/host/contract.js';
import type { HostFileBridge } from '../../src-shared/host/session-contract.js';
import type { HostEvents } from '../../src-shared/host/menu.js';
import { GRANT_DROPPED_CHANNEL, MENU_ACTION_CHANNEL, OPEN_FILE_CHANNEL } from './channels.js';

const api = Object.freeze(
  Object.fromEntries(HOST_METHODS.map((method) => [method, (req: unknown) => ipcRenderer.invoke(ipcChannel(method), req ?? {})])),
) as HostApi;

function subscriber(channel: string): (cb: (value: string) => void) => () => void {
  return (cb) => {
    if (typeof cb !== 'function') throw new TypeError('a callback function is required');
    const listener = (_event: IpcRendererEvent, value: unknown): void => {
      if (typeof value === 'string') cb(value);
    };
    ipcRenderer.on(channel, listener);
    return () => {
      ipcRenderer.removeListener(channel, listener);
    };
  };
}

const events: HostEvents = Object.freeze({
  onMenuAction: subscriber(MENU_ACTION_CHANNEL),
  onOpenFile: subscriber(OPEN_FILE_CHANNEL),
});

const files: HostFileBridge = Object.freeze({
  async pathForFile(file: unknown): Promise<string> {
    let path = '';
    try {
      path = webUtils.getPathForFile(file as File);
    } catch {
      return '';
    }
    if (!path) return '';
    const r = (await ipcRenderer.invoke(GRANT_DROPPED_CHANNEL, path)) as { ok?: boolean } | undefined;
    return r?.ok === true ? path : '';
  },
});

contextBridge.exposeInMainWorld('castellan', api);
contextBridge.exposeInMainWorld('castellanEvents', events);
contextBridge.exposeInMainWorld('castellanFiles', files);
