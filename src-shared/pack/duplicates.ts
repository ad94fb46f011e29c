/**
 * Duplicate levels in a pack: two levels are alike when their rules-relevant
 * content (format/level-hash.ts `levelHash`) is equal; for a ruleset whose
 * `alikeUnderSymmetry` is set (Unlock the King: "no two alike, rotations and
 * reflections included"), also when a board symmetry its rules allow maps
 * one onto the other (squares/transform.ts; pawn facings turn along).
 * Generic over the ruleset registry; pure, never throws.
 *
 * Cost: one levelHash per level (callers that have them pass them in).
 * Under symmetry, levels are first grouped by {@link alikeKey}, which every
 * image of a level shares; within a group of two or more, the images of
 * the first level of each class of alike levels are hashed (up to 8
 * transforms and hashes), and every other member is looked up among them.
 * A pack of 10,000 different blueprints so hashes each level about once,
 * not nine times. `findAlikeSteps` does the same work in small steps, so a
 * host can spread it over its event loop.
 */
import { levelHash } from '../format/level-hash.js';
import type { Level } from '../model/level.js';
import { parseSquare, squareName } from '../model/square.js';
import type { RulesetDef } from '../ruleset.js';
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
function symmetricHashes(level: Level, def: RulesetDef): { sym: string; hash: string }[] {
  const out: { sym: string; hash: string }[] = [];
  for (const s of levelSymmetries(def, level)) {
    const t = transformLevel(def, level, s);
    const h = t.ok ? hashOf(t.level as Level) : undefined;
    if (h) out.push({ sym: s.name, hash: h });
  }
  return out;
}

/**
 * A key shared by a level and every image of it under the board
 * symmetries its ruleset allows (so alike levels always share it; levels
 * with different keys are never alike): for each allowed symmetry, the
 * image's board size and its items (`def.squares.items`: walls, portal,
 * pieces, ...) as kind, role and square, sorted; the key is the least of
 * these texts. Directional and other props (a pawn's facing) are left out,
 * so two levels that differ only there share a key (the hashes tell them
 * apart). Undefined when the level's ruleset is unknown or the level
 * cannot be read.
 */
export function alikeKey(level: Level, def: RulesetDef | undefined = rulesetOf(level)): string | undefined {
  if (!def) return undefined;
  try {
    const { width: w, height: h } = level.board;
    const items = def.squares.items(level as never).map((it) => {
      const role = it.props['role'];
      return { square: it.square, at: parseSquare(it.square), tag: `${it.kind}:${typeof role === 'string' ? role : ''}@` };
    });
    let best: string | undefined;
    const tokens: string[] = new Array<string>(items.length);
    for (const sym of levelSymmetries(def, level)) {
      // As squares/transform.ts `squareMapper` maps: names that do not parse, or land off the 26x26 grid, stay.
      for (let i = 0; i < items.length; i++) {
        const it = items[i]!;
        let name = it.square;
        if (it.at) {
          const [f, r] = sym.map(it.at.file, it.at.rank, w, h);
          if (f >= 0 && r >= 0 && f <= 25 && r <= 25) name = squareName(f, r);
        }
        tokens[i] = it.tag + name;
      }
      const text = `${sym.swaps ? h : w}x${sym.swaps ? w : h}|${[...tokens].sort().join(' ')}`;
      if (best === undefined || text < best) best = text;
    }
    return best;
  } catch {
    return undefined;
  }
}

/**
 * The work of {@link findAlike} as a generator: it yields (no value) after
 * each small step (one level keyed, or one level's images hashed) and
 * returns the pairs. `hashes[i]`, when given, must be `levelHash(levels[i])`
 * (undefined where it cannot be hashed); `keys[i]`, when given and defined,
 * `alikeKey(levels[i])` (made where the level was loaded).
 */
export function* findAlikeSteps(
  levels: readonly (Level | undefined)[],
  hashes?: readonly (string | undefined)[],
  keys?: readonly (string | undefined)[],
): Generator<void, AlikePair[]> {
  const own: (string | undefined)[] = [];
  /** Symmetric rulesets: levels by alikeKey; the others: by their own hash. */
  const groups = new Map<string, number[]>();
  for (let j = 0; j < levels.length; j++) {
    const l = levels[j];
    if (!l) continue;
    const h = hashes ? hashes[j] : hashOf(l);
    own[j] = h;
    if (!h) continue;
    const def = rulesetOf(l);
    const key = def?.alikeUnderSymmetry ? (keys?.[j] ?? alikeKey(l, def)) : undefined;
    // Levels of a symmetric ruleset whose key cannot be made are compared by hash (identical only).
    const g = key !== undefined ? `s|${key}` : `h|${h}`;
    const list = groups.get(g);
    if (list) list.push(j);
    else groups.set(g, [j]);
    if (j % 64 === 63) yield;
  }
  const out: AlikePair[] = [];
  for (const [g, members] of groups) {
    if (members.length < 2) continue;
    if (g.startsWith('h|')) {
      // Compared without symmetry: all members share one hash.
      for (const j of members.slice(1)) out.push({ first: members[0]!, second: j, how: 'identical' });
      continue;
    }
    // Under symmetry: members in index order; each joins the first class whose first level has an image equal
    // to it (identity included: a copy), else starts a class of its own, whose images are then hashed.
    // So images are hashed once per class of alike levels, not once per level.
    /** Image hash -> the first level of its class and the symmetry that maps that level onto it. */
    const imageOf = new Map<string, { first: number; sym: string }>();
    for (const j of members) {
      const h = own[j]!;
      const c = imageOf.get(h);
      if (c) {
        out.push({ first: c.first, second: j, how: c.sym });
        continue;
      }
      const l = levels[j]!;
      // The first symmetry that gives an image names it (identity first).
      for (const im of symmetricHashes(l, rulesetOf(l)!)) if (!imageOf.has(im.hash)) imageOf.set(im.hash, { first: j, sym: im.sym });
      if (!imageOf.has(h)) imageOf.set(h, { first: j, sym: 'identity' });
      yield;
    }
  }
  out.sort((a, b) => a.second - b.second);
  return out;
}

/**
 * Every later level alike to an earlier one (undefined entries: unreadable or
 * invalid levels, skipped). `how` names the symmetry mapping the earlier
 * level onto the later one (`identity` for equal blueprints of a ruleset
 * compared under symmetry), or `identical` for the others. `hashes`: the
 * levels' levelHash when the caller has them (see findAlikeSteps).
 */
export function findAlike(levels: readonly (Level | undefined)[], hashes?: readonly (string | undefined)[]): AlikePair[] {
  const steps = findAlikeSteps(levels, hashes);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}
