/**
 * Levels as text in the editor (format/level-code.ts, format/board-text.ts,
 * format/collection.ts): Edit > Copy level as code and Copy level as
 * board text put the open level on the clipboard; a paste (Mod+V, the
 * region paste's shortcut) of a code, a board text or a level's JSON opens
 * it in a new tab (unsaved, not proved: Save proves it), and a paste of a
 * collection (several codes or boards) offers it to the pack manager's
 * Import collection. What cannot be read is said with its code and line.
 */
import { levelToBoardText } from '../../../src-shared/format/board-text.js';
import { encodeLevelCode } from '../../../src-shared/format/level-code.js';
import { readLevelText } from '../../../src-shared/format/level-text.js';
import type { Level } from '../../../src-shared/model/level.js';
import type { Issue } from '../../../src-shared/validation/issue.js';
import { isEditable, type EditableLevel } from '../../editor/default-doc.js';
import type { Action } from '../../editor/actions.js';

/** What the share actions read of the application. */
export interface ShareActionContext {
  readonly st: { readonly doc: EditableLevel };
  readonly session: { openDocument(doc: EditableLevel): void };
  readonly notices: {
    flash(text: string): void;
    showError(e: { code: string; message: string; issues?: Issue[] | undefined }, relPath?: string | null, title?: string): void;
  };
  /** The pack manager's Import collection, given the pasted text. */
  readonly packs: { offerImport(text: string): void; readonly available: boolean };
}

/** Writes `text` to the system clipboard; false when the page may not (the caller says so). */
async function writeClipboard(text: string): Promise<boolean> {
  const cb = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!cb?.writeText) return false;
  try {
    await cb.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The open level without its editor-only state, as a level document. */
function levelOf(doc: EditableLevel): Level {
  return doc as unknown as Level;
}

/** Edit > Copy level as code / as board text. Answers the text copied, or null (the reason shown). */
export async function copyLevelAs(ctx: ShareActionContext, form: 'code' | 'board'): Promise<string | null> {
  const level = levelOf(ctx.st.doc);
  let text: string;
  let what: string;
  if (form === 'code') {
    const c = encodeLevelCode(level);
    if (!c.ok) {
      ctx.notices.showError({ code: c.error[0]?.code ?? 'level-code', message: c.error[0]?.message ?? 'The level cannot be written as a code.' });
      return null;
    }
    text = c.value;
    what = `the level code (${text.length} characters)`;
  } else {
    const t = levelToBoardText(level);
    if (!t.ok) {
      ctx.notices.showError({ code: t.error[0]?.code ?? 'board-text', message: t.error[0]?.message ?? 'The level cannot be written as a board text.' });
      return null;
    }
    text = t.value.text;
    what = `the board text${t.value.lost.length ? ` (without ${t.value.lost.join(', ')})` : ''}`;
  }
  if (!(await writeClipboard(text))) {
    ctx.notices.showError({ code: 'clipboard', message: 'The clipboard cannot be written here (the browser refused); nothing was copied.' });
    return null;
  }
  ctx.notices.flash(`Copied ${what}: paste it in a chat or a forum; a paste in Castellan opens it in a new tab`);
  return text;
}

/**
 * A paste of `text`: a level code, a board text or a level's JSON opens in
 * a new tab; one that does not read is shown with its code; a collection
 * goes to the pack manager's Import collection. Answers false for text
 * that is none of these (the region paste goes on).
 */
export function openLevelText(ctx: ShareActionContext, text: string): boolean {
  const r = readLevelText(text);
  if (r.kind === 'none') return false;
  if (r.kind === 'collection') {
    if (ctx.packs.available) ctx.packs.offerImport(text);
    else ctx.notices.flash(`The pasted text holds ${r.entries} entries: import it as a pack with \`castellan pack import\``);
    return true;
  }
  const what = r.kind === 'code' ? 'level code' : r.kind === 'board' ? 'board text' : 'level';
  if (!r.result.ok) {
    const first = r.result.error[0];
    ctx.notices.showError(
      { code: first?.code ?? 'not-a-level', message: `The pasted ${what} cannot be read: ${first?.message ?? 'not a level'}`, issues: r.result.error.slice(1) },
      null,
      `Paste ${what}`,
    );
    return true;
  }
  const level = r.result.value;
  if (!isEditable(level)) {
    ctx.notices.showError({ code: 'unsupported', message: `The pasted ${what} is a "${r.result.value.ruleset}" level, which this editor cannot edit.` });
    return true;
  }
  ctx.session.openDocument(level);
  ctx.notices.flash(`Opened the pasted ${what} "${level.meta.title}" in a new tab (unsaved; Save proves it)`);
  return true;
}

/** The Edit menu's Copy level as code / as board text. */
export function shareActions(ctx: ShareActionContext): Action[] {
  return [
    {
      id: 'copy-level-code',
      label: 'Copy level as code',
      menu: 'edit',
      menuGroup: 25,
      description: 'Copy the level as a level code (CST1.…, one line to paste in a chat, a forum or another Castellan: a paste opens it in a new tab)',
      run: () => void copyLevelAs(ctx, 'code'),
    },
    {
      id: 'copy-level-board',
      label: 'Copy level as board text',
      menu: 'edit',
      menuGroup: 25,
      description: 'Copy the level as a board text: one character per square with a legend, readable in a forum post and pasted back into a new tab',
      run: () => void copyLevelAs(ctx, 'board'),
    },
  ];
}
