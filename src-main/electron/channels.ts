/**
 * IPC channels outside the HostApi (which uses `castellan:<method>`,
 * contract.ts `ipcChannel`): the host's push events to the renderer
 * (src-shared/host/menu.ts `HostEvents`) and the one drop-grant call of
 * `window.castellanFiles` (session-contract.ts `HostFileBridge`).
 */
/** main -> renderer: a native menu item was clicked; payload: the action id. */
export const MENU_ACTION_CHANNEL = 'castellan-event:menu-action';
/** main -> renderer: the OS asked to open a file; payload: an absolute path (already granted). */
export const OPEN_FILE_CHANNEL = 'castellan-event:open-file';
/** renderer -> main (invoke): grant a dropped file's path; payload: the path from `webUtils.getPathForFile`. */
export const GRANT_DROPPED_CHANNEL = 'castellan-drop:grant';
