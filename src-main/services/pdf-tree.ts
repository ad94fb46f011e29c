/**
 * The solution tree of a two-player problem (KV-8 / LC-8) in the pack PDF's
 * answer key: the ruleset's `solutionTree` within a per-problem budget,
 * printed with `treeLines` (src-shared/format/tree-text.ts) in
 * chess-problem style ("1. Key! (threat: 2. T)", "1... d 2. a#"), SAN where
 * the ruleset writes it, clipped to `PDF_TREE_DEPTH` attacker moves and
 * `PDF_TREE_LINES` variation lines ("..." marks the rest), `PDF_TREE_DUALS`
 * duals named per node.
 */
import type { Level } from '../../src-shared/model/level.js';
import { treeLines, type TreeLine } from '../../src-shared/format/tree-text.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';

/** Deepest attacker move printed. */
export const PDF_TREE_DEPTH = 3;
/** Most variation lines printed per problem. */
export const PDF_TREE_LINES = 24;
/** Duals named per node (the rest are counted). */
export const PDF_TREE_DUALS = 3;
/** Nodes and wall time one problem's tree may use, ms. */
export const PDF_TREE_MAX_STATES = 5_000_000;
export const PDF_TREE_TIME_MS = 10_000;

/**
 * The answer-key lines of `level`'s solution tree; a one-line note when it
 * could not be built (no win, budget); null for a level without trees (a
 * single-player puzzle, or a position with no goal). Never throws.
 */
export function pdfTreeLines(level: Level): TreeLine[] | null {
  const def = rulesetOf(level);
  if (!def?.solutionTree || def.goal.kind !== 'in-n' || def.goal.goalMoves(level) === undefined) return null;
  try {
    const r = def.solutionTree(level, { maxStates: PDF_TREE_MAX_STATES, timeMs: PDF_TREE_TIME_MS });
    if (!r.ok) return [{ depth: 0, text: `(no solution tree: ${r.error[0]?.message ?? 'it could not be built'})` }];
    return treeLines(r.value, { maxDepth: PDF_TREE_DEPTH, maxLines: PDF_TREE_LINES, maxDuals: PDF_TREE_DUALS });
  } catch (e) {
    return [{ depth: 0, text: `(no solution tree: ${e instanceof Error ? e.message : String(e)})` }];
  }
}

/** Draws tree lines on `doc` at its current position, indented 12 pt per depth from `left`. */
export function drawTreeLines(doc: PDFKit.PDFDocument, lines: readonly TreeLine[], left: number, width: number): void {
  doc.font('Helvetica').fontSize(9).fillColor('#333');
  for (const l of lines) {
    const x = left + 12 + l.depth * 12;
    doc.text(l.text, x, undefined, { width: width - (x - left) });
  }
}
