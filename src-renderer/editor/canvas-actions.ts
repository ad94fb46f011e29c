/**
 * The canvas commands as actions (actions.ts): rotate and
 * mirror the whole level (menu Level), Delete (the region, else the
 * selected square's top item), copy / cut / paste a board region, place or
 * cancel a waiting paste, and select the whole board (menu Edit), zoom in /
 * out / fit / 100 % (menu View), and move the keyboard focus to the board
 * (menu View). Registered with the application's actions in one call; the
 * board's keys run the same actions (board/input).
 *
 * Document changes are ONE history step each (`Editor.edit` + setWholeDoc).
 * Region and zoom are canvas view state (`CanvasContext.canvas`,
 * app/canvas.svelte.ts), not history. Shortcuts use Mod only (bare letters
 * belong to the tools), Delete / Backspace aside.
 */
import { parseSquare, squareName } from '../../src-shared/model/square.js';
import type { Action } from './actions.js';
import type { EditableLevel } from './default-doc.js';
import type { Editor, EditorState } from './editor.js';
import type { BoardLayout } from './geometry.js';
import type { NoticeDetail } from '../rulesets/ruleset-ui.js';
import {
  LEVEL_TRANSFORMS,
  TRANSFORM_LABEL,
  setWholeDoc,
  symmetryOf,
  transformAvailability,
  transformWholeLevel,
  type LevelTransform,
} from './level-transform.js';
import {
  REGION_FORMAT,
  clearRegion,
  clipSize,
  copyRegion,
  droppedCount,
  parseClip,
  pasteRegion,
  regionOf,
  type PasteResult,
  type RegionClip,
  type RegionRect,
} from './region.js';
import { BASE_CELL, ZOOM_STEP, zoomAt, zoomTo, type View } from './viewport.js';

/** The canvas view state the commands change (app/canvas.svelte.ts `CanvasState`): not history, not saved. */
export interface CanvasView {
  view: View | null;
  region: { from: string; to: string } | null;
  anchor: string | null;
  clip: RegionClip | null;
  pending: RegionClip | null;
}

/** What the canvas commands read of the application. */
export interface CanvasContext {
  readonly canvas: CanvasView;
  readonly st: Pick<EditorState, 'doc' | 'cursor' | 'selection' | 'preview'>;
  readonly editor: Pick<Editor<EditableLevel>, 'edit' | 'select' | 'setCursor' | 'eraseSelection'>;
  /** No document commands while a game is played. */
  readonly player: { readonly play: unknown };
  /** The board's geometry as last laid out (zoom keeps the centre); `focus` moves the keyboard to it. */
  readonly board: { readonly layout: BoardLayout | null; focus(): boolean };
  /** Shows a short notice in the status bar; with `detail`, also as the board's toast. */
  flash(text: string, detail?: NoticeDetail): void;
  /**
   * A paste of text that is not a region clip: a level code, a board text or
   * a collection (app/actions/share.ts `openLevelText`). Answers false when
   * the text is none of these (the in-app region clip is pasted then).
   */
  pasteText?(text: string): boolean;
}

/** Menu sort group of the transforms in the Level menu. */
const LEVEL_GROUP = 50;

/** The region the copy / cut commands act on: the selected region, else the selected square, else the cursor square. */
export function currentRegion(app: CanvasContext): RegionRect | null {
  const r = app.canvas.region;
  if (r) return regionOf(r.from, r.to);
  const sq = app.st.selection ?? app.st.cursor;
  return regionOf(sq, sq);
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/** The system clipboard's text, '' when absent, refused or slow. */
async function readSystemText(): Promise<string> {
  const cb = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!cb?.readText) return '';
  try {
    return await Promise.race([cb.readText(), new Promise<string>((resolve) => setTimeout(() => resolve(''), 300))]);
  } catch {
    return '';
  }
}

function writeSystemClip(clip: RegionClip): void {
  const cb = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  try {
    void cb?.writeText?.(JSON.stringify(clip)).catch(() => undefined);
  } catch {
    /* no clipboard access: the in-app clipboard still holds the clip */
  }
}

/** Rotates or mirrors the whole level (ONE undo step); refused with the ruleset's reason when not available. */
export function applyLevelTransform(app: CanvasContext, t: LevelTransform): boolean {
  if (app.player.play) return false;
  const r = transformWholeLevel(app.st.doc, t);
  if (!r.ok) {
    app.flash(r.message);
    return false;
  }
  // The cursor moves with the board (it stays on the same content).
  const { width, height } = app.st.doc.board;
  const c = parseSquare(app.st.cursor);
  const [cf, cr] = c ? symmetryOf(t).map(c.file, c.rank, width, height) : [0, 0];
  const done = app.editor.edit(TRANSFORM_LABEL[t], (tx) => setWholeDoc(tx, r.level));
  if (done) {
    app.canvas.region = null;
    app.editor.select(null);
    app.editor.setCursor(squareName(cf, cr));
    app.flash(`${TRANSFORM_LABEL[t]}: done (one undo step; the solution is proved again on save)`);
  }
  return done;
}

/** Copies the current region into the region clipboard (and the system clipboard). */
export function copyCurrentRegion(app: CanvasContext): RegionClip | null {
  const rect = currentRegion(app);
  if (!rect) return null;
  const r = copyRegion(app.st.doc, rect);
  if (!r.ok) {
    app.flash(r.message);
    return null;
  }
  app.canvas.clip = r.clip;
  writeSystemClip(r.clip);
  app.flash(`Copied ${r.clip.width}×${r.clip.height} region (${plural(clipSize(r.clip), 'item')})`);
  return r.clip;
}

/** Copies the current region, then empties it (ONE undo step; pinned items stay, the UK-6 portal; cleared rights are noted, LC-12). */
export function cutCurrentRegion(app: CanvasContext): boolean {
  const rect = currentRegion(app);
  const clip = copyCurrentRegion(app);
  if (!clip || !rect) return false;
  const r = clearRegion(app.st.doc, rect);
  if (!r.ok) return false;
  const done = app.editor.edit('Cut region', (tx) => setWholeDoc(tx, r.doc));
  app.flash([`Cut ${clip.width}×${clip.height} region (${plural(r.removed, 'item')} removed)`, ...r.notes].join('. '));
  return done;
}

/** The selected region when it lies on the document's board (a region of another board size is stale), else null. */
export function boardRegion(app: CanvasContext): RegionRect | null {
  const r = app.canvas.region;
  const g = r ? regionOf(r.from, r.to) : null;
  const { width, height } = app.st.doc.board;
  return g && g.maxFile < width && g.maxRank < height ? g : null;
}

/**
 * Delete, the one implementation behind the Delete / Backspace keys (on the
 * board or not), the Edit menu and the command palette: with a region on
 * the board, empties it (ONE undo step "Delete region"; pinned items stay,
 * the UK-6 portal; cleared rights are noted, LC-12), else removes the top
 * item of the selected square (`Editor.eraseSelection`). During the
 * solution preview it only leaves the preview. Answers whether the
 * document changed.
 */
export function deleteSelection(app: CanvasContext): boolean {
  if (app.player.play) return false;
  const rect = app.st.preview ? null : boardRegion(app);
  if (!rect) return app.editor.eraseSelection();
  const r = clearRegion(app.st.doc, rect);
  if (!r.ok) {
    app.flash(r.message);
    return false;
  }
  const done = app.editor.edit('Delete region', (tx) => setWholeDoc(tx, r.doc));
  if (r.notes.length) app.flash(r.notes.join('. '));
  return done;
}

/**
 * Where a paste of `clip` placed under `at` (the pointer's square, or the
 * keyboard cursor) goes: the square of its top-left corner, with the clip
 * centred on `at` (its middle square; an even side leans to the top-left)
 * and moved inside the board when it fits, so a paste near the edge is not
 * clipped. Null when `at` is not on the board.
 */
export function pasteTopLeft(doc: { board: { width: number; height: number } }, clip: Pick<RegionClip, 'width' | 'height'>, at: string): string | null {
  const a = parseSquare(at);
  const { width, height } = doc.board;
  if (!a || a.file >= width || a.rank >= height) return null;
  const file = Math.max(0, Math.min(a.file - Math.floor((clip.width - 1) / 2), width - clip.width));
  const top = Math.min(height - 1, Math.max(a.rank + Math.floor((clip.height - 1) / 2), clip.height - 1));
  return squareName(file, top);
}

/**
 * The notice of a paste at `at`: what was written and replaced, what was
 * left out with a count ("2 of 6 left out") and why (pasteRegion's notes:
 * off the board, refused by the target ruleset's rules, unknown to it).
 */
export function pasteNotice(r: PasteResult, at: string): string {
  const dropped = droppedCount(r.dropped);
  const head = `Pasted ${plural(r.pasted, 'item')} at ${at}${r.replaced ? ` (replaced ${r.replaced})` : ''}${dropped ? `; ${dropped} of ${dropped + r.pasted} left out` : ''}`;
  return [head, ...r.notes].join('. ');
}

/**
 * Pastes `clip` with its top-left square on `at`: ONE undo step; what was
 * clipped or dropped is told in the notice, and as the board's toast when
 * something was left out. Refused (a toast, no change) when nothing fits
 * (region.ts pasteRegion errors).
 */
export function pasteClipAt(app: CanvasContext, clip: RegionClip, at: string): boolean {
  if (app.player.play) return false;
  const r = pasteRegion(app.st.doc, clip, at);
  if (!r.ok) {
    app.flash(r.message, { square: at, tone: 'refused' });
    return false;
  }
  app.editor.edit('Paste region', (tx) => setWholeDoc(tx, r.doc));
  const c = regionOf(at, at)!;
  const w = Math.min(clip.width, app.st.doc.board.width - c.minFile);
  const h = Math.min(clip.height, c.maxRank + 1);
  app.canvas.region = { from: at, to: squareName(c.minFile + w - 1, c.maxRank - h + 1) };
  app.editor.setCursor(at);
  const lost = droppedCount(r.dropped) > 0 || r.notes.length > 0;
  app.flash(pasteNotice(r, at), lost ? { square: at, tone: 'replaced' } : undefined);
  return true;
}

/**
 * Mod+V: a level code, board text or collection on the system clipboard
 * goes to `app.pasteText` (a level opens in a new tab). Else takes the clip
 * (the system clipboard's castellan.region JSON when
 * present, else the in-app clipboard) and starts placing it: the board
 * shows it as a ghost centred under the pointer / cursor (`pasteTopLeft`);
 * a click or Enter pastes (`commitPendingPaste`), Escape cancels
 * (`cancelPendingPaste`).
 */
export async function startPaste(app: CanvasContext): Promise<boolean> {
  if (app.player.play) return false;
  const text = await readSystemText();
  const region = text.includes(REGION_FORMAT);
  if (!region && text.trim() && app.pasteText?.(text)) return true;
  const clip = (region ? parseClip(text) : null) ?? app.canvas.clip;
  if (!clip) {
    app.flash('Nothing to paste: select a region and copy it first (Ctrl+C)');
    return false;
  }
  app.canvas.region = null;
  app.canvas.pending = clip;
  app.flash(`Paste ${clip.width}×${clip.height}: move it over the board and click (or Enter at the cursor); Esc cancels`);
  return true;
}

/** Places the pending paste centred under `at` (default: the square under the pointer, else the cursor; see `pasteTopLeft`). */
export function commitPendingPaste(app: CanvasContext, at?: string): boolean {
  const clip = app.canvas.pending;
  if (!clip) return false;
  app.canvas.pending = null;
  const under = at ?? app.canvas.anchor ?? app.st.cursor;
  return pasteClipAt(app, clip, pasteTopLeft(app.st.doc, clip, under) ?? under);
}

/** Drops the pending paste (Escape). */
export function cancelPendingPaste(app: CanvasContext): boolean {
  if (!app.canvas.pending) return false;
  app.canvas.pending = null;
  app.flash('Paste cancelled');
  return true;
}

function zoomBy(app: CanvasContext, factor: number): void {
  const l = app.board.layout;
  if (!l) return;
  app.canvas.view = zoomAt(l, factor, l.stageWidth / 2, l.stageHeight / 2);
}

/** The canvas actions over `app`. */
export function canvasActions(app: CanvasContext): Action[] {
  const editing = (): boolean => !app.player.play;
  const regions = editing;
  const list: Action[] = [];
  LEVEL_TRANSFORMS.forEach((t) => {
    list.push({
      id: `level-${t}`,
      label: TRANSFORM_LABEL[t],
      menu: 'level',
      menuGroup: LEVEL_GROUP + (t.startsWith('mirror') ? 1 : 0),
      get description() {
        const a = transformAvailability(app.st.doc, t);
        return a.ok ? `${TRANSFORM_LABEL[t]} the whole level (one undo step)` : `Not available: ${a.reason}`;
      },
      enabled: () => editing() && transformAvailability(app.st.doc, t).ok,
      run: () => void applyLevelTransform(app, t),
    });
  });
  list.push(
    {
      id: 'erase-selection',
      label: 'Delete',
      shortcuts: ['Delete', 'Backspace'],
      enabled: () => editing() && (!!app.st.selection || !!app.st.preview || !!boardRegion(app)),
      run: () => void deleteSelection(app),
    },
    {
      id: 'region-paste-place',
      label: 'Place the paste',
      description: 'Paste the waiting region centred on the square under the pointer (or the cursor)',
      enabled: () => editing() && !!app.canvas.pending,
      visible: () => !!app.canvas.pending,
      run: () => void commitPendingPaste(app),
    },
    {
      id: 'region-paste-cancel',
      label: 'Cancel the paste',
      enabled: () => !!app.canvas.pending,
      visible: () => !!app.canvas.pending,
      run: () => void cancelPendingPaste(app),
    },
    {
      id: 'region-copy',
      label: 'Copy region',
      menu: 'edit',
      menuGroup: 20,
      description: 'Copy the pieces, tiles and walls of the selected region (or square)',
      shortcuts: ['Mod+C'],
      skipWhileTyping: true,
      enabled: regions,
      run: () => void copyCurrentRegion(app),
    },
    {
      id: 'region-cut',
      label: 'Cut region',
      menu: 'edit',
      menuGroup: 20,
      description: 'Copy the selected region, then empty it',
      shortcuts: ['Mod+X'],
      skipWhileTyping: true,
      enabled: regions,
      run: () => void cutCurrentRegion(app),
    },
    {
      id: 'region-paste',
      label: 'Paste region',
      menu: 'edit',
      menuGroup: 20,
      description:
        'Paste the copied region: it follows the pointer (or the cursor), a click or Enter places it; it replaces what is there. A level code or board text on the clipboard opens in a new tab instead',
      shortcuts: ['Mod+V'],
      skipWhileTyping: true,
      enabled: regions,
      run: () => void startPaste(app),
    },
    {
      id: 'region-select-all',
      label: 'Select whole board',
      menu: 'edit',
      menuGroup: 20,
      shortcuts: ['Mod+A'],
      skipWhileTyping: true,
      enabled: regions,
      run: () => {
        const { width, height } = app.st.doc.board;
        app.canvas.region = { from: squareName(0, height - 1), to: squareName(width - 1, 0) };
      },
    },
    {
      id: 'focus-board',
      label: 'Focus the board',
      description: 'Move the keyboard to the board (arrows move its cursor, Enter places)',
      menu: 'view',
      menuGroup: 29,
      shortcuts: ['Mod+Shift+B'],
      run: () => void app.board.focus(),
    },
    { id: 'zoom-in', label: 'Zoom in', menu: 'view', menuGroup: 30, shortcuts: ['Mod+='], run: () => zoomBy(app, ZOOM_STEP) },
    { id: 'zoom-out', label: 'Zoom out', menu: 'view', menuGroup: 30, shortcuts: ['Mod+-'], run: () => zoomBy(app, 1 / ZOOM_STEP) },
    { id: 'zoom-fit', label: 'Fit board to window', menu: 'view', menuGroup: 30, shortcuts: ['Mod+0'], run: () => (app.canvas.view = null) },
    {
      id: 'zoom-100',
      label: 'Actual size (100%)',
      menu: 'view',
      menuGroup: 30,
      shortcuts: ['Mod+1'],
      run: () => {
        const l = app.board.layout;
        if (l) app.canvas.view = zoomTo(l, BASE_CELL);
      },
    },
  );
  return list;
}
