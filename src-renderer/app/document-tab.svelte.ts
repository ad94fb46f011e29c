/**
 * One open document (one tab of the tab bar): its own headless Editor (so
 * its own undo/redo history, selection, tool and placements), the file it
 * belongs to (path, base revision, read-only flag), its autosave id and
 * autosave status, the changed-on-disk notice, the save running for it and
 * the board view (zoom / pan) it was left with. Pure state: the parts of
 * the application (document-session, document-save, recovery) act on it,
 * and a save captures its tab, so its answer lands here even when another
 * tab is active by then.
 */
import type { FileRevision } from '../../src-shared/host/contract.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import type { EditableLevel } from '../editor/default-doc.js';
import { Editor, type EditorState } from '../editor/editor.js';
import type { View } from '../editor/viewport.js';
import { rulesetUiOf } from '../rulesets/index.js';
import { basename } from './paths.js';

/** The open file changed on disk (noticed by polling `revision`): `revision` now, null = deleted. */
export interface DiskChange {
  path: string;
  revision: FileRevision | null;
}

/** What the last autosave did (status bar; a failure shows a warning chip in the toolbar). */
export type AutosaveState = { kind: 'idle' } | { kind: 'saved'; at: string } | { kind: 'failed'; message: string };

/**
 * A save running for a tab. `proving`: the host proves the level first (a
 * `solveStart` job of purpose `proof`, with its progress: states, depth
 * bound, start time in `performance.now()` ms); `writing`: the host writes
 * the file (and proves it itself when it has no proof jobs).
 */
export type SaveProgress =
  { phase: 'proving'; states: number; depth: number; started: number; cancel: () => void } | { phase: 'writing'; draft: boolean; started: number };

/** A proof that goes on after a draft save ("Keep proving in the background"). */
export interface BackgroundProof {
  /** levelHash of the document being proved (the file is upgraded only while the tab still has it). */
  hash: string;
  states: number;
  depth: number;
  started: number;
  cancel: () => void;
}

/** A fresh autosave id: `crypto.randomUUID()` (fallback: random hex), 1-64 of [A-Za-z0-9_-]. */
export function newDocId(): string {
  try {
    if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    /* insecure context */
  }
  const bytes = new Uint8Array(16);
  try {
    crypto.getRandomValues(bytes);
  } catch {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let nextTabId = 1;

export class DocumentTab {
  /** Stable id of the tab in this page (data-tab-id, dialogs that name a tab). */
  readonly id = nextTabId++;
  readonly editor: Editor<EditableLevel>;
  /** Snapshot of this tab's editor, replaced on every change. */
  st: EditorState = $state.raw(undefined as unknown as EditorState);

  /** The file (a host path), null for a document that has no file yet. */
  path: string | null = $state(null);
  /**
   * The file revision the document is based on (opened or last saved), sent
   * as `expectedRevision`; null: the file must not exist; undefined: unknown
   * (no check).
   */
  baseRevision: FileRevision | null | undefined = undefined;
  /** Autosave id of the document; a new one for every new/opened document. */
  docId: string = newDocId();
  /** The host answered `readOnly` on open: the user cannot write the file (Save offers Save As). */
  readOnly = $state(false);
  /** Warnings the host reported with the last successful save (e.g. UK-7 par above the optimum). */
  saveWarnings: Issue[] = $state.raw([]);
  /** The save running for this document (null: none). */
  saving: SaveProgress | null = $state.raw(null);
  /** A proof running after a draft save, to upgrade the file (null: none). */
  background: BackgroundProof | null = $state.raw(null);
  /** Close the tab once its running save has written the file (the user chose "Close when saved"). */
  closeWhenSaved = false;

  autosaveState: AutosaveState = $state.raw({ kind: 'idle' });
  /** The file changed on disk since it was opened or saved: the banner with Reload / Keep mine. */
  diskChange: DiskChange | null = $state.raw(null);
  /** Board zoom / pan when the tab was left (null: fit to window). */
  view: View | null = null;

  fileName = $derived(this.path ? basename(this.path) : 'Untitled');
  /** What the tab bar shows: the document's title, else its file name. */
  title = $derived(this.st.doc.meta.title?.trim() || this.fileName);
  /** How dialogs and messages name the document: its file name, else (never saved) its title ("Untitled" only when it has none). */
  label = $derived(this.path ? this.fileName : this.title);

  constructor(doc: EditableLevel, o: { path?: string | null; dirty?: boolean } = {}) {
    this.editor = new Editor<EditableLevel>(doc, rulesetUiOf);
    if (o.dirty) this.editor.load(doc, { dirty: true });
    this.st = this.editor.state;
    // The snapshot follows the editor before anyone else hears of a change.
    this.editor.subscribe((s) => (this.st = s));
    this.path = o.path ?? null;
  }

  /** A new document nobody touched: no file, never edited, not saving. Open and New replace it instead of adding a tab. */
  get pristine(): boolean {
    return this.path === null && !this.st.dirty && !this.st.canUndo && !this.st.canRedo && !this.saving && !this.background;
  }

  /** A save (or a background proof) runs for this document. */
  get busy(): boolean {
    return !!this.saving || !!this.background;
  }
}
