/**
 * Shape checks shared by the rulesets' `isEditable` (RulesetDef): the editor
 * opens a document when the containers it edits have the right shapes;
 * schema errors elsewhere are reported by the validation list instead.
 */

/** True for a plain object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True when `l` has `meta` and `board` objects with integer `width` / `height` and a `pieces` array. */
export function hasBoardAndPieces(l: Record<string, unknown>): boolean {
  const board = l['board'];
  return isRecord(board) && Number.isInteger(board['width']) && Number.isInteger(board['height']) && Array.isArray(l['pieces']) && isRecord(l['meta']);
}

/** True when `v` is absent or an array. */
export function optionalArray(v: unknown): boolean {
  return v === undefined || Array.isArray(v);
}

/** True when `v` is absent or a plain object. */
export function optionalRecord(v: unknown): boolean {
  return v === undefined || isRecord(v);
}
