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
 * image of a level shares; within a group of two or more, a member is
 * compared with the first level of each class of alike levels through the
 * images whose board content text equals its own (cheap, no hashing), and
 * only those images are transformed and hashed. A pack of 10,000 blueprints
 * so hashes each level about once (twice for a duplicate), not nine times. `findAlikeSteps` does the same work in small steps, so a
 * host can spread it over its event loop.
 */
import { levelHash } from '../format/level-hash.js';
import type { Level } from '../model/level.js';
import { parseSquare, squareName } from '../model/square.js';
import type { Symmetry } from '../model/symmetry.js';
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
  const texts = imageTexts(level, def);
  if (!texts) return undefined;
  let best: string | undefined;
  for (const t of texts) if (best === undefined || t.text < best) best = t.text;
  return best;
}

/**
 * The board content text of each image of `level` under the symmetries its
 * ruleset allows (identity first): the image's board size, then its items
 * as kind, role and square, sorted (see `alikeKey`). Two levels can be
 * alike through a symmetry only where its image text equals the other's
 * identity text (the hashes decide). Undefined when the ruleset is unknown
 * or the level cannot be read.
 */
function imageTexts(level: Level, def: RulesetDef | undefined = rulesetOf(level), only?: 'identity'): { sym: Symmetry; text: string }[] | undefined {
  if (!def) return undefined;
  try {
    const { width: w, height: h } = level.board;
    const items = def.squares.items(level as never).map((it) => {
      const role = it.props['role'];
      return { square: it.square, at: parseSquare(it.square), tag: `${it.kind}:${typeof role === 'string' ? role : ''}@` };
    });
    const out: { sym: Symmetry; text: string }[] = [];
    const tokens: string[] = new Array<string>(items.length);
    const syms = levelSymmetries(def, level);
    for (const sym of only ? syms.slice(0, 1) : syms) {
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
      out.push({ sym, text: `${sym.swaps ? h : w}x${sym.swaps ? w : h}|${[...tokens].sort().join(' ')}` });
    }
    return out;
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
    // to it (identity included: a copy), else starts a class of its own. An image is hashed only where its
    // board content text equals the member's (imageTexts), so a class costs about one hash per member.
    const classes: { first: number; texts: { sym: Symmetry; text: string }[]; images: Map<string, string> }[] = [];
    for (const j of members) {
      const h = own[j]!;
      const l = levels[j]!;
      let found: { first: number; sym: string } | undefined;
      let mine: string | undefined;
      for (const c of classes) {
        const known = c.images.get(h);
        if (known !== undefined) {
          found = { first: c.first, sym: known };
          break;
        }
        mine ??= imageTexts(l, rulesetOf(l), 'identity')?.[0]?.text;
        const first = levels[c.first]!;
        for (const t of c.texts) {
          if (t.text !== mine) continue;
          const image = transformLevel(rulesetOf(first)!, first, t.sym);
          const ih = image.ok ? hashOf(image.level as Level) : undefined;
          if (ih !== undefined && !c.images.has(ih)) c.images.set(ih, t.sym.name);
          if (ih === h) {
            found = { first: c.first, sym: c.images.get(h)! };
            break;
          }
        }
        if (found) break;
        yield;
      }
      if (found) {
        out.push({ first: found.first, second: j, how: found.sym });
        continue;
      }
      classes.push({ first: j, texts: imageTexts(l, rulesetOf(l)) ?? [], images: new Map([[h, 'identity']]) });
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
