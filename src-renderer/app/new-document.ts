/**
 * What the New dialog creates: a ruleset's start (`RulesetDef.starts`: an
 * empty board, a rulebook setup, a sample-like level) at the chosen board
 * size, or a copy of the current level (resized with a resize anchor when
 * the size changes, editor/anchor.ts). Pure: the dialog
 * (components/NewDialog.svelte) shows the choices and what a resize would
 * cut, the session opens the answer in a new tab. No ruleset branch: the
 * starts, limits and resize come from the ruleset modules.
 */
import type { LevelStart, RulesetDef } from '../../src-shared/ruleset.js';
import { anchorShift, type ResizeAnchor } from '../editor/anchor.js';
import { newLevel, type EditableLevel, type EditableRuleset } from '../editor/default-doc.js';
import { Tx } from '../editor/doc-ops.js';
import type { RulesetUi } from '../rulesets/ruleset-ui.js';

/** Id of the "copy of the current level" template (never a start id of a ruleset: starts name setups, not this). */
export const CURRENT_TEMPLATE = 'current';

export interface BoardDims {
  width: number;
  height: number;
}

/** One entry of the template list. */
export interface NewTemplate {
  id: string;
  label: string;
  description: string;
  /** The template's own size (a setup, the current level); null: any size within the ruleset's board rule. */
  size: BoardDims | null;
}

/** A start as a template (`size` null when the start takes any size). */
function startTemplate(s: LevelStart): NewTemplate {
  return { id: s.id, label: s.label, description: s.description, size: s.size ?? null };
}

/**
 * The templates the New dialog lists for `def`: the ruleset's starts (or
 * its default document alone, "Empty board", when it declares none), then
 * "Copy of the current level" when `current` is a document of this ruleset.
 */
export function newTemplates(def: RulesetDef, current: EditableLevel | null): NewTemplate[] {
  const starts = def.starts?.length ? def.starts.map(startTemplate) : [{ id: '', label: 'Empty board', description: `A new ${def.noun}.`, size: null }];
  if (current && current.ruleset === def.id) {
    const { width, height } = current.board;
    const title = current.meta.title?.trim() || `Untitled ${def.noun}`;
    starts.push({
      id: CURRENT_TEMPLATE,
      label: 'Copy of the current level',
      description: `“${title}”, ${width} × ${height}: everything on its board, its goal and settings (resized with the anchor you choose).`,
      size: { width, height },
    });
  }
  return starts;
}

/** The size a new document of `def` gets at first: the template's own, else the ruleset's default document's. */
export function defaultSize(def: RulesetDef, t: NewTemplate | undefined): BoardDims {
  if (t?.size) return { ...t.size };
  const b = def.newLevel().board;
  return { width: b.width, height: b.height };
}

/** Whether the size fields apply to template `t`: a template of any size, or the current level (resized); a setup keeps its size. */
export function sizeEditable(def: RulesetDef, t: NewTemplate | undefined, resizable: boolean): boolean {
  if (def.board.min === def.board.max) return false;
  if (!t) return false;
  if (t.id === CURRENT_TEMPLATE) return resizable;
  return t.size === null;
}

export interface NewRequest {
  ruleset: EditableRuleset;
  template: string;
  size: BoardDims;
  /** Where the current level's content stays when its copy is resized. */
  anchor: ResizeAnchor;
  /** The open document (for the copy template). */
  current: EditableLevel | null;
}

/**
 * The document New creates for `req`, and what a resize of the current
 * level's copy cut (notice texts of the module's `resize.loss`; empty
 * otherwise). A start gets `size` only when it takes any size; a copy of
 * the current level keeps its content, goal and settings, gets the title
 * "<title> (copy)", loses `draft`, and loses `solution` when resized (it
 * would be stale). Null when the copy is asked for without a current level
 * of this ruleset.
 */
export function buildNewDocument(req: NewRequest, ui: Pick<RulesetUi, 'resize'> | undefined): { doc: EditableLevel; lost: string[] } | null {
  if (req.template !== CURRENT_TEMPLATE) {
    return { doc: newLevel(req.ruleset, req.template || undefined, req.size), lost: [] };
  }
  const cur = req.current;
  if (!cur || cur.ruleset !== req.ruleset) return null;
  const copy = JSON.parse(JSON.stringify(cur)) as EditableLevel;
  delete copy.draft;
  copy.meta = { ...copy.meta, title: `${cur.meta.title?.trim() || 'Untitled'} (copy)` };
  const { width, height } = req.size;
  const resize = ui?.resize;
  if (!resize || (width === cur.board.width && height === cur.board.height)) return { doc: copy, lost: [] };
  const shift = anchorShift(req.anchor, cur.board, req.size);
  const lost = resize.loss(copy, width, height, shift);
  const tx = new Tx<EditableLevel>(copy);
  resize.apply(tx, width, height, shift);
  const out = tx.doc;
  delete out.solution;
  return { doc: out, lost };
}
