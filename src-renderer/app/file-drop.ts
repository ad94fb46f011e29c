/**
 * Open levels by dropping their files on the window (desktop session). Each
 * dropped level opens in a tab of its own, in the order dropped, like File >
 * Open: the first takes the place of a pristine untitled tab (a new
 * document nobody touched), nothing else is replaced, so nothing is asked.
 * What is refused (not a level file, too big, not valid, a ruleset this
 * editor cannot edit, a file the host cannot open) is reported by name in
 * one message after the others opened.
 *
 * - Electron: the preload's `window.castellanFiles.pathForFile(file)`
 *   (webUtils.getPathForFile + a grant in main) gives the file's path; it
 *   opens like File > Open (same path, Save writes back to it).
 * - Browser (`castellan serve`): a page cannot learn a dropped file's path,
 *   so its text is read and parsed as `open` does (parseLevelText: JSON,
 *   migration, schema check), then opened as an unsaved document in a new
 *   tab (Save asks for a workspace path).
 *
 * Non-file drags
 * (text, a piece being dragged on the board) are left alone.
 */
import { issue, type Issue } from '../../src-shared/validation/issue.js';
import { parseLevelText } from '../../src-shared/format/load.js';
import type { HostFileBridge } from '../../src-shared/host/session-contract.js';
import type { EditableLevel } from '../editor/default-doc.js';
import { canEdit, unsupportedInEditor } from '../rulesets/index.js';

/** Why a file did not open (a host error or the drop's own check). */
export interface DropFailure {
  code: string;
  message: string;
  issues?: Issue[] | undefined;
}

/** What the drop handler needs of the application (the file session and the message strip). */
export interface DropTarget {
  /** Opens a host path in a tab (Electron); answers null when it opened, else why not (nothing shown yet). */
  openDroppedPath(path: string): Promise<DropFailure | null>;
  /** Opens `doc` without a file in a tab of its own (in place of a pristine untitled tab): unsaved, Save asks for a path. */
  openUnsaved(doc: EditableLevel): void;
  /** Shows what was refused (the message strip). */
  showError(e: DropFailure, title?: string): void;
}

/** Files larger than this are refused: the hosts open level files of at most 5 MiB (the file format's size limit). */
export const MAX_DROP_BYTES = 5 * 1024 * 1024;

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

/** What became of one dropped file: opened by path, opened unsaved (browser), or refused (with why). */
export type DropOutcome = { kind: 'path' } | { kind: 'unsaved' } | ({ kind: 'refused'; name: string } & DropFailure);

function refused(name: string, f: DropFailure): DropOutcome {
  return { kind: 'refused', name, ...f };
}

/** Opens one dropped file (see module doc) without reporting a refusal: the caller reports them together. */
async function openOne(app: DropTarget, file: DroppedFile, bridge: HostFileBridge | null): Promise<DropOutcome> {
  const name = file.name || 'the dropped file';
  if (bridge) {
    const path = await bridge.pathForFile(file).catch(() => '');
    if (path) {
      // Like File > Open: the file opens in a tab (nothing is replaced, nothing to ask).
      const failed = await app.openDroppedPath(path);
      return failed ? refused(name, failed) : { kind: 'path' };
    }
  }
  if (/\.pack\.json$/i.test(name)) {
    return refused(name, { code: 'unsupported', message: `${name} is a pack, not a level: open it in the pack manager (Pack > Packs…).` });
  }
  if (!/\.json$/i.test(name)) return refused(name, { code: 'parse', message: `${name} is not a level file (.level.json).` });
  if (file.size > MAX_DROP_BYTES) {
    return refused(name, { code: 'io', message: `${name} is too big to be a level: ${file.size} bytes, at most ${MAX_DROP_BYTES} (5 MiB).` });
  }
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    return refused(name, { code: 'io', message: `Could not read ${name}: ${String(e)}` });
  }
  const parsed = parseLevelText(text);
  if (!parsed.ok) return refused(name, { code: 'parse', message: `${name} is not a valid level file.`, issues: parsed.error });
  if (!canEdit(parsed.value)) return refused(name, unsupportedInEditor(parsed.value, name));
  app.openUnsaved(parsed.value);
  return { kind: 'unsaved' };
}

/**
 * Opens every dropped file in its own tab, in order (see module doc), then
 * reports the refused ones: one refusal as its own message (code and
 * issues), several as one message naming each file and why ("2 of 5
 * dropped files were not opened: …", code `drop-refused`, one issue per
 * file). Answers what became of each file. Never throws.
 */
export async function openDroppedFiles(app: DropTarget, files: readonly DroppedFile[], bridge: HostFileBridge | null): Promise<DropOutcome[]> {
  const out: DropOutcome[] = [];
  for (const f of files) {
    try {
      out.push(await openOne(app, f, bridge));
    } catch (e) {
      out.push(refused(f.name, { code: 'internal', message: `Could not open ${f.name}: ${String(e)}` }));
    }
  }
  const bad = out.filter((o): o is Extract<DropOutcome, { kind: 'refused' }> => o.kind === 'refused');
  if (bad.length === 1) {
    const b = bad[0]!;
    app.showError({ code: b.code, message: b.message, issues: b.issues }, files.length > 1 ? 'Not opened' : undefined);
  } else if (bad.length > 1) {
    app.showError(
      {
        code: 'drop-refused',
        message: `${bad.length} of ${files.length} dropped files were not opened: ${bad.map((b) => b.message.replace(/\.$/, '')).join('; ')}.`,
        issues: bad.map((b) => issue('error', b.code, b.message)),
      },
      'Not opened',
    );
  }
  return out;
}

/** Opens one dropped file (`openDroppedFiles` with one file); answers `path`, `unsaved` or `refused` (the error was shown). */
export async function openDroppedFile(app: DropTarget, file: DroppedFile, bridge: HostFileBridge | null): Promise<'path' | 'unsaved' | 'refused'> {
  const [o] = await openDroppedFiles(app, [file], bridge);
  return o!.kind;
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
    const files = Array.from(e.dataTransfer?.files ?? []);
    if (files.length) void openDroppedFiles(app, files, fileBridge(win));
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
