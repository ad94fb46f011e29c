/**
 * Preload (sandboxed, CommonJS): exposes exactly the typed HostApi as
 * `window.castellan`, one `ipcRenderer.invoke` per method. No Node or
 * Electron object crosses the context bridge.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { HOST_METHODS, ipcChannel, type HostApi } from '../../src-shared/host/contract.js';

const api = Object.freeze(
  Object.fromEntries(
    HOST_METHODS.map((method) => [method, (req: unknown) => ipcRenderer.invoke(ipcChannel(method), req ?? {})]),
  ),
) as HostApi;

contextBridge.exposeInMainWorld('castellan', api);
