/**
 * Duplicate levels in a pack: two levels are alike when their rules-relevant
 * content (format/level-hash.ts `levelHash`) is equal; for a ruleset whose
 * `alikeUnderSymmetry` is set (Unlock the King: "no two alike, rotations and
 * reflections included"), also when a board symmetry its rules allow maps
 * one onto the other (squares/transform.ts; pawn facings turn along).
 * Generic over the ruleset registry; pure, never throws.
 */
import { levelHash } from '../format/level-hash.js';
import type { Level } from '../model/level.js';
import { rulesetOf } from '../rulesets/index.js';
import { levelSymmetries, transformLevel } from '../squares/transform.js';

/** A later level alike to an earlier one: indices into the input (first < second) and how (`identical`, or the symmetry name: `rot90`, `flipH`, ...). */
export interface AlikePair {
  first: number;
  second: number;
  how: string;
}

function hashOf(level: Level): string | undefined {
  try {
    return levelHash(level);
  } catch {
    return undefined;
  }
}

/** The level's hash under each symmetry its ruleset compares (identity first), or [] when it cannot be hashed. */
function symmetricHashes(level: Level): { sym: string; hash: string }[] {
  const def = rulesetOf(level);
  const own = hashOf(level);
  if (!own) return [];
  if (!def?.alikeUnderSymmetry) return [{ sym: 'identical', hash: own }];
  const out: { sym: string; hash: string }[] = [];
  for (const s of levelSymmetries(def, level)) {
    const t = transformLevel(def, level, s);
    const h = t.ok ? hashOf(t.level as Level) : undefined;
    if (h) out.push({ sym: s.name, hash: h });
  }
  return out;
}

/**
 * Every later level alike to an earlier one (undefined entries: unreadable or
 * invalid levels, skipped). `how` names the symmetry mapping the earlier
 * level onto the later one (`identity` for equal blueprints of a ruleset
 * compared under symmetry), or `identical` for the others.
 */
export function findAlike(levels: readonly (Level | undefined)[]): AlikePair[] {
  const seen = new Map<string, number>();
  const images: { sym: string; hash: string }[][] = [];
  const out: AlikePair[] = [];
  levels.forEach((l, j) => {
    images[j] = l ? symmetricHashes(l) : [];
    const mine = images[j]!;
    if (mine.length === 0) return;
    const canonical = mine.reduce((a, b) => (b.hash < a ? b.hash : a), mine[0]!.hash);
    const i = seen.get(canonical);
    if (i === undefined) {
      seen.set(canonical, j);
      return;
    }
    const own = mine[0]!.hash;
    const how = images[i]!.find((x) => x.hash === own)?.sym ?? 'unknown';
    out.push({ first: i, second: j, how });
  });
  return out;
}
