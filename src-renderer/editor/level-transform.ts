/**
 * Whole-level transforms: rotate 90° clockwise / counter-clockwise, 180°,
 * mirror left-right (files flipped) and mirror top-bottom (ranks flipped),
 * generic over the rulesets' square fields (src-shared/ruleset.ts
 * `SquareFields`): pure TS, never throws, no ruleset branch. The ruleset
 * module is a value (default: the level's ruleset in the core registry).
 *
 * Every square item moves with the board (`items` / `withItems`), and so
 * do the ruleset's other square-valued fields (`mapOther`: the CM-11
 * capture objective, the LC-11 en passant square); a 90° turn swaps the
 * board's width and height; directional props turn too (`turn`: UK-4 /
 * CM-3 pawn facing, an absent facing meaning north stays absent while it
 * still is north). King's Valley needs nothing more: moves slide in all 8
 * directions (KV-2) and the valley, the centre square (KV-1, KV-9), maps
 * to the centre again.
 *
 * Which transforms a level allows is the ruleset's `symmetryAvailability`
 * (default: all five). Locking Chess allows only the left-right mirror, and
 * only without castling rights (LC-1, LC-12); the others are refused with
 * the ruleset's reason (`transform-unavailable`).
 *
 * The stored `solution` names squares and its `levelHash` no longer matches
 * the transformed level: it is removed in the same step (undo brings it
 * back), so the editor never shows a solution of the untransformed board.
 * `par` is kept: a board symmetry keeps the optimal move count (UK-7).
 */
import { SYMMETRIES, type Symmetry } from '../../src-shared/model/symmetry.js';
import type { LevelBase, RulesetDef } from '../../src-shared/ruleset.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';
import { symmetryAllowed, transformLevel } from '../../src-shared/squares/transform.js';

/** The transforms the editor offers (action ids `level-<kind>`). */
export const LEVEL_TRANSFORMS = ['rotate-cw', 'rotate-ccw', 'rotate-180', 'mirror-h', 'mirror-v'] as const;
export type LevelTransform = (typeof LEVEL_TRANSFORMS)[number];

/** Menu / undo labels. `mirror-h` flips files (left <-> right), `mirror-v` flips ranks (top <-> bottom). */
export const TRANSFORM_LABEL: Record<LevelTransform, string> = {
  'rotate-cw': 'Rotate 90° clockwise',
  'rotate-ccw': 'Rotate 90° counter-clockwise',
  'rotate-180': 'Rotate 180°',
  'mirror-h': 'Mirror left ↔ right',
  'mirror-v': 'Mirror top ↔ bottom',
};

const SYMMETRY_OF: Record<LevelTransform, string> = {
  'rotate-cw': 'rot90',
  'rotate-ccw': 'rot270',
  'rotate-180': 'rot180',
  'mirror-h': 'flipH',
  'mirror-v': 'flipV',
};

/** The board symmetry (symmetry.ts) of a transform: rot90 = clockwise (a1 -> a8 on 8x8), flipH = files mirrored. */
export function symmetryOf(t: LevelTransform): Symmetry {
  return SYMMETRIES.find((s) => s.name === SYMMETRY_OF[t])!;
}

export type TransformResult<L = LevelBase> = { ok: true; level: L } | { ok: false; code: string; message: string };

/**
 * Whether transform `t` keeps `level` a legal puzzle of its ruleset
 * (`RulesetDef.symmetryAvailability`, default: yes). Answers `{ok: true}`
 * or `{ok: false, reason}` with the user-facing reason (cites the ruling).
 */
export function transformAvailability<L extends LevelBase>(
  level: L,
  t: LevelTransform,
  def: RulesetDef<L> | undefined = rulesetOf(level) as RulesetDef<L> | undefined,
): { ok: true } | { ok: false; reason: string } {
  if (!def) return { ok: false, reason: `${String(level.ruleset)} documents cannot be rotated or mirrored` };
  return symmetryAllowed(def, level, symmetryOf(t));
}

/**
 * Applies transform `t` to the whole level (pure; a new level, the input is
 * not changed; module doc). Errors (never thrown): `transform-unavailable`
 * when the ruleset does not allow it (see transformAvailability).
 */
export function transformWholeLevel<L extends LevelBase>(
  level: L,
  t: LevelTransform,
  def: RulesetDef<L> | undefined = rulesetOf(level) as RulesetDef<L> | undefined,
): TransformResult<L> {
  if (!def) return { ok: false, code: 'transform-unavailable', message: `${String(level.ruleset)} documents cannot be rotated or mirrored` };
  const r = transformLevel(def, level, symmetryOf(t));
  if (!r.ok) return r;
  const out = { ...r.level };
  delete out.solution;
  return { ok: true, level: out };
}

/**
 * Records the change from `tx.doc` to `next` as top-level `set` ops (one per
 * changed key; absent keys are removed), so a whole-level change is ONE
 * reversible history step and undo restores the document exactly.
 */
export function setWholeDoc<T extends object>(tx: { doc: T; set(path: readonly (string | number)[], after: unknown): void }, next: T): void {
  const keys = new Set([...Object.keys(tx.doc), ...Object.keys(next)]);
  for (const k of keys) tx.set([k], (next as Record<string, unknown>)[k]);
}
