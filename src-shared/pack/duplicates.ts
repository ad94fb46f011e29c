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
 * image of a level shares; only levels that share their key with a level
 * of another hash have their images hashed (up to 8 transforms and hashes
 * each). A pack of 10,000 different blueprints so hashes each level once,
 * not nine times. `findAlikeSteps` does the same work in small steps, so a
 * host can spread it over its event loop.
 */
import { levelHash } from '../format/level-hash.js';
import type { Level } from '../model/level.js';
import { parseSquare } from '../model/square.js';
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
 * symmetries (so alike levels always share it; different keys are never
 * alike): the board's two sides in increasing order, then the sorted list
 * of its items (`def.squares.items`: walls, portal, pieces, ...) as kind,
 * role and the orbit of the item's square: a square (f, r) of a w x h
 * board is written as its distances to the nearest edges, min(f, w-1-f)
 * and min(r, h-1-r), in increasing order; every symmetry keeps that pair
 * (a quarter turn swaps the two). Off-board squares are written as `off`
 * (a symmetry keeps them off the board). Undefined when the level's
 * ruleset is unknown or the level cannot be read.
 */
export function alikeKey(level: Level, def: RulesetDef | undefined = rulesetOf(level)): string | undefined {
  if (!def) return undefined;
  try {
    const { width: w, height: h } = level.board;
    const parts: string[] = [];
    for (const it of def.squares.items(level as never)) {
      const c = parseSquare(it.square);
      let at = 'off';
      if (c && c.file < w && c.rank < h) {
        const a = Math.min(c.file, w - 1 - c.file);
        const b = Math.min(c.rank, h - 1 - c.rank);
        at = a <= b ? `${a}.${b}` : `${b}.${a}`;
      }
      const role = it.props['role'];
      parts.push(`${it.kind}:${typeof role === 'string' ? role : ''}:${at}`);
    }
    parts.sort();
    return `${Math.min(w, h)}x${Math.max(w, h)}|${parts.join(' ')}`;
  } catch {
    return undefined;
  }
}

/**
 * The work of {@link findAlike} as a generator: it yields (no value) after
 * each small step (one level keyed, or one level's images hashed) and
 * returns the pairs. `hashes[i]`, when given, must be `levelHash(levels[i])`
 * (undefined where it cannot be hashed).
 */
export function* findAlikeSteps(levels: readonly (Level | undefined)[], hashes?: readonly (string | undefined)[]): Generator<void, AlikePair[]> {
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
    const key = def?.alikeUnderSymmetry ? alikeKey(l, def) : undefined;
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
    // Under symmetry: the first level of each distinct hash carries the images; the others are identical to it.
    const firstOfHash = new Map<string, number>();
    for (const j of members) if (!firstOfHash.has(own[j]!)) firstOfHash.set(own[j]!, j);
    const images = new Map<number, { sym: string; hash: string }[]>();
    /** Canonical hash (the least image hash) of each distinct hash in the group. */
    const canonical = new Map<string, string>();
    const identityName = (j: number): string => {
      const l = levels[j]!;
      return levelSymmetries(rulesetOf(l)!, l)[0]?.name ?? 'identity';
    };
    if (firstOfHash.size === 1) {
      const first = members[0]!;
      for (const j of members.slice(1)) out.push({ first, second: j, how: identityName(first) });
      continue;
    }
    for (const [h, j] of firstOfHash) {
      const l = levels[j]!;
      const imgs = symmetricHashes(l, rulesetOf(l)!);
      images.set(j, imgs);
      canonical.set(h, imgs.length > 0 ? imgs.reduce((a, b) => (b.hash < a ? b.hash : a), imgs[0]!.hash) : h);
      yield;
    }
    /** The first level (lowest index) of each canonical hash. */
    const seen = new Map<string, number>();
    for (const j of members) {
      const c = canonical.get(own[j]!)!;
      const i = seen.get(c);
      if (i === undefined) {
        seen.set(c, j);
        continue;
      }
      const how = images.get(firstOfHash.get(own[i]!)!)?.find((x) => x.hash === own[j]) ?? undefined;
      out.push({ first: i, second: j, how: how?.sym ?? 'unknown' });
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
