/**
 * Open a level by dropping its file on the window (desktop session).
 *
 * - Electron: the preload's `window.castellanFiles.pathForFile(file)`
 *   (webUtils.getPathForFile + a grant in main) gives the file's path; it
 *   opens like File > Open, in a tab (same path, Save writes back to it).
 * - Browser (`castellan serve`): a page cannot learn a dropped file's path,
 *   so its text is read and parsed as `open` does (parseLevelText: JSON,
 *   migration, schema check), then opened as an unsaved document in place
 *   of the active one (Save asks for a workspace path); that asks first
 *   when the active document has unsaved changes.
 *
 * Non-file drags
 * (text, a piece being dragged on the board) are left alone.
 */
import type { Issue } from '../../src-shared/validation/issue.js';
import { parseLevelText } from '../../src-shared/format/load.js';
import type { HostFileBridge } from '../../src-shared/host/session-contract.js';
import { isEditable, type EditableLevel } from '../editor/default-doc.js';

/** What the drop handler needs of the application (the file session and the error banner). */
export interface DropTarget {
  confirmDiscard(what: string, action: () => void): void;
  openPath(path: string): Promise<boolean>;
  /** Opens `doc` without a file (asks first when the open document has unsaved changes). */
  openUnsaved(doc: EditableLevel): void;
  showError(e: { code: string; message: string; issues?: Issue[] | undefined }): void;
}

/** Files larger than this are refused (the hosts' level size cap). */
export const MAX_DROP_BYTES = 16 * 1024 * 1024;

/** The preload's file bridge, or null in a browser. */
export function fileBridge(win: unknown = globalThis): HostFileBridge | null {
  const b = (win as { castellanFiles?: unknown }).castellanFiles;
  return b && typeof (b as HostFileBridge).pathForFile === 'function' ? (b as HostFileBridge) : null;
}

/** Minimal File shape the handler reads (a DOM File in practice). */
export interface DroppedFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

/**
 * Opens one dropped file (see module doc). Answers what happened:
 * `path` (opened by path), `unsaved` (browser: opened as a new document),
 * or `refused` (an error was shown).
 */
export async function openDroppedFile(app: DropTarget, file: DroppedFile, bridge: HostFileBridge | null): Promise<'path' | 'unsaved' | 'refused'> {
  const name = file.name || 'the dropped file';
  if (bridge) {
    const path = await bridge.pathForFile(file).catch(() => '');
    if (path) {
      // Like File > Open: the file opens in a tab (nothing is replaced, nothing to ask).
      void app.openPath(path);
      return 'path';
    }
  }
  if (!/\.json$/i.test(name)) {
    app.showError({ code: 'parse', message: `${name} is not a level file (.level.json).` });
    return 'refused';
  }
  if (file.size > MAX_DROP_BYTES) {
    app.showError({ code: 'io', message: `${name} is larger than ${MAX_DROP_BYTES} bytes.` });
    return 'refused';
  }
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    app.showError({ code: 'io', message: `Could not read ${name}: ${String(e)}` });
    return 'refused';
  }
  const parsed = parseLevelText(text);
  if (!parsed.ok) {
    app.showError({ code: 'parse', message: `${name} is not a valid level file.`, issues: parsed.error });
    return 'refused';
  }
  if (!isEditable(parsed.value)) {
    app.showError({
      code: 'unsupported',
      message: `${name} is a "${String((parsed.value as { ruleset?: unknown }).ruleset)}" level, which this editor cannot edit.`,
    });
    return 'refused';
  }
  // openUnsaved asks before discarding unsaved changes.
  app.openUnsaved(parsed.value);
  return 'unsaved';
}

function hasFiles(e: DragEvent): boolean {
  return !!e.dataTransfer && Array.from(e.dataTransfer.types ?? []).includes('Files');
}

/**
 * Listens for file drops on `win`; answers the detach function. While a file
 * is dragged over the window, `<html data-file-drag="true">` (for styling).
 */
export function attachFileDrop(win: Window, app: DropTarget): () => void {
  const root = win.document.documentElement;
  const onOver = (e: DragEvent): void => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    root.dataset['fileDrag'] = 'true';
  };
  const onLeave = (e: DragEvent): void => {
    if (e.relatedTarget === null) delete root.dataset['fileDrag'];
  };
  const onDrop = (e: DragEvent): void => {
    delete root.dataset['fileDrag'];
    if (!hasFiles(e)) return;
    e.preventDefault();
    const file = e.dataTransfer?.files[0];
    if (file) void openDroppedFile(app, file, fileBridge(win));
  };
  win.addEventListener('dragover', onOver);
  win.addEventListener('dragleave', onLeave);
  win.addEventListener('drop', onDrop);
  return () => {
    win.removeEventListener('dragover', onOver);
    win.removeEventListener('dragleave', onLeave);
    win.removeEventListener('drop', onDrop);
  };
}
