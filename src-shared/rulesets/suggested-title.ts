/**
 * The title of a suggested (generated) level: a short name and the facts a
 * designer scans a list for, "Amber Gate: Chess Maze 6 × 6, par 9" or
 * "Quiet Keep: King's Valley 5 × 5, win in 2". The name is drawn from the
 * seed (the same seed, the same name), so two suggestions rarely share a
 * title; the seed itself goes into the description
 * (`suggestedDescription`). Pure; never throws.
 */
import type { RulesetDef } from '../ruleset.js';

const ADJECTIVES = [
  'Amber',
  'Quiet',
  'Narrow',
  'Hidden',
  'Iron',
  'Silver',
  'Crooked',
  'Sunken',
  'Windy',
  'Ivory',
  'Broken',
  'Mossy',
  'Golden',
  'Shadow',
  'Frozen',
  'Lantern',
] as const;
const NOUNS = [
  'Gate',
  'Keep',
  'Stair',
  'Court',
  'Tower',
  'Hall',
  'Vault',
  'Bridge',
  'Yard',
  'Cellar',
  'Garden',
  'Chapel',
  'Well',
  'Wall',
  'Passage',
  'Crossing',
] as const;

/** The short name of seed `seed` ("Amber Gate"): one of 256, from the seed's low and high bits. */
export function seedName(seed: number): string {
  const s = Math.abs(Math.trunc(seed)) >>> 0;
  // Mix the bits so neighbouring seeds get unrelated names.
  const h = Math.imul(s ^ (s >>> 16), 0x45d9f3b) >>> 0;
  return `${ADJECTIVES[h % ADJECTIVES.length]!} ${NOUNS[(h >>> 8) % NOUNS.length]!}`;
}

/** "par 9" for a single-player goal (UK-7, CM-12), "win in 2" / "mate in 3" for a two-player one (KV-8, LC-8). */
export function goalWords(def: Pick<RulesetDef, 'goal'>, n: number): string {
  return def.goal.kind === 'in-n' ? `${def.goal.verb} in ${n}` : `par ${n}`;
}

/** The title of a suggested level of `def`, `width` x `height`, proved at `n` (its par or N), from `seed`. */
export function suggestedTitle(def: Pick<RulesetDef, 'name' | 'goal'>, width: number, height: number, n: number, seed: number): string {
  return `${seedName(seed)}: ${def.name} ${width} × ${height}, ${goalWords(def, n)}`;
}

/** The description of a suggested level: how to find it again ("seed 7, par 9"). */
export function suggestedDescription(def: Pick<RulesetDef, 'goal'>, n: number, seed: number): string {
  return `Suggested by the solver: seed ${seed}, ${goalWords(def, n)}.`;
}
