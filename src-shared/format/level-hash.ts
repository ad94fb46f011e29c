/**
 * Level hash: `"sha256:<64 hex>"` of the rules-relevant content of a level
 * (LEVEL-FORMAT-v1 "solution": `levelHash` covers the rules-relevant content,
 * so an edit that changes the puzzle makes the stored solution visibly stale).
 *
 * Left out for every ruleset (not puzzle content):
 * - `meta`, `editor`, `solution` (contract);
 * - `par`: the designer's benchmark (UK-7); the solver proves the optimum
 *   and ignores par, so changing par does not change the puzzle;
 * - `draft`: a save-pipeline flag.
 * What else is content is the ruleset's to say (`RulesetDef.hash`,
 * `LevelHashRules` of src-shared/ruleset.ts): its lists written in any
 * order (sorted here), its fields that are not content (left out), its
 * values that mean the same as absence (dropped). Everything else, unknown
 * top-level fields included, is hashed as written. A level whose ruleset has
 * no module is hashed with the common rules only.
 *
 * Canonical form (so equivalent documents hash equal):
 * - the ruleset's rules applied, innermost fields first;
 * - all object keys sorted; JSON without whitespace (JSON.stringify escaping);
 * - strings compare by UTF-16 code units (never locale order).
 * The canonical JSON text, UTF-8 encoded, is hashed with SHA-256
 * (@noble/hashes, pure TS, same result in Node and the browser).
 *
 * Changing any of these rules (here or a ruleset's) changes stored hashes:
 * treat it like a format change (stored solutions would show as stale).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Level } from '../model/level.js';
import type { LevelBase, LevelHashRules, RulesetDef } from '../ruleset.js';
import { rulesetOf } from '../rulesets/lookup.js';
import { isJsonObject, ownGet, ownSet, type JsonObject } from './json-value.js';

/** Top-level fields that are not part of the hashed content. */
export const HASH_EXCLUDED_FIELDS = ['meta', 'editor', 'solution', 'par', 'draft'] as const;
const EXCLUDED: ReadonlySet<string> = new Set<string>(HASH_EXCLUDED_FIELDS);

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Canonical JSON: keys sorted by code unit, no whitespace. Arrays keep their order. */
export function canonicalJson(value: unknown): string {
  return canon(value, 0);
}

function canon(v: unknown, depth: number): string {
  if (depth > 200) throw new TypeError('canonicalJson: value is cyclic or nested too deeply');
  if (Array.isArray(v)) {
    return `[${v.map((x) => (x === undefined || typeof x === 'function' ? 'null' : canon(x, depth + 1))).join(',')}]`;
  }
  if (isJsonObject(v)) {
    const keys = Object.keys(v)
      .filter((k) => v[k] !== undefined && typeof v[k] !== 'function')
      .sort(cmp);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canon(v[k], depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

function sortedStrings(v: unknown[]): unknown[] {
  if (!v.every((x) => typeof x === 'string')) return v;
  return [...(v as string[])].sort(cmp);
}

function sortBySquare(items: unknown[]): unknown[] {
  const keyed = items.map((x) => ({
    sq: isJsonObject(x) && typeof ownGet(x, 'square') === 'string' ? (ownGet(x, 'square') as string) : '',
    json: undefined as string | undefined,
    x,
  }));
  // The canonical JSON breaks ties only: computed for items that share a square (rare outside invalid levels).
  const json = (k: (typeof keyed)[number]): string => (k.json ??= canonicalJson(k.x));
  keyed.sort((a, b) => cmp(a.sq, b.sq) || cmp(json(a), json(b)));
  return keyed.map((k) => k.x);
}

/** A ruleset's hash rules by path, with every path that leads to one (only those are walked). */
interface Rules {
  unordered: ReadonlyMap<string, 'strings' | 'by-square'>;
  ignored: ReadonlySet<string>;
  defaults: ReadonlyMap<string, unknown>;
  /** Every rule path and each of its ancestors (`tiles[].allowed` -> `tiles`, `tiles[]`, `tiles[].allowed`). */
  walked: ReadonlySet<string>;
}

const compiled = new WeakMap<LevelHashRules, Rules>();
const NO_RULES: LevelHashRules = {};

function rulesOf(spec: LevelHashRules): Rules {
  let r = compiled.get(spec);
  if (r) return r;
  const paths = [...Object.keys(spec.unordered ?? {}), ...(spec.ignored ?? []), ...Object.keys(spec.defaults ?? {})];
  const walked = new Set<string>();
  for (const p of paths) {
    for (let i = 0; i <= p.length; i++) if (i === p.length || p[i] === '.' || p.startsWith('[]', i)) walked.add(p.slice(0, i));
  }
  r = {
    unordered: new Map(Object.entries(spec.unordered ?? {})),
    ignored: new Set(spec.ignored ?? []),
    defaults: new Map(Object.entries(spec.defaults ?? {})),
    walked,
  };
  compiled.set(spec, r);
  return r;
}

/** True when `v` (canonical) is the default `d`: the same primitive, an empty list, an object with no fields, or equal canonical JSON. */
function isDefault(v: unknown, d: unknown): boolean {
  if (d === null || typeof d !== 'object') return v === d;
  if (Array.isArray(d) && d.length === 0) return Array.isArray(v) && v.length === 0;
  if (isJsonObject(d) && Object.keys(d).length === 0) return isJsonObject(v) && Object.keys(v).every((k) => v[k] === undefined);
  return canonicalJson(v) === canonicalJson(d);
}

const DROP = Symbol('drop');

/** `v` at `path` with the rules applied below and at it, or DROP when it is left out. Values off every rule path are kept as they are. */
function canonAt(v: unknown, path: string, rules: Rules): unknown {
  if (rules.ignored.has(path)) return DROP;
  if (!rules.walked.has(path)) return v;
  let c = v;
  if (Array.isArray(v)) {
    const items = v.map((x) => {
      const y = canonAt(x, `${path}[]`, rules);
      return y === DROP ? undefined : y;
    });
    const order = rules.unordered.get(path);
    c = order === 'strings' ? sortedStrings(items) : order === 'by-square' ? sortBySquare(items) : items;
  } else if (isJsonObject(v)) {
    c = canonFields(v, path, rules);
  }
  return rules.defaults.has(path) && isDefault(c, rules.defaults.get(path)) ? DROP : c;
}

/** A copy of the object at `path` (`''`: the document) with its fields' rules applied; undefined fields and DROPs are left out. */
function canonFields(obj: JsonObject, path: string, rules: Rules, skip?: ReadonlySet<string>): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    if (v === undefined || skip?.has(k)) continue;
    const c = canonAt(v, path === '' ? k : `${path}.${k}`, rules);
    if (c !== DROP) ownSet(out, k, c);
  }
  return out;
}

/**
 * The canonical, rules-relevant content of a level that {@link levelHash}
 * hashes (see module doc), under the rules of `def` (default: the level's
 * ruleset module; a level whose ruleset has no module: the common rules
 * only). Exposed for tests and debugging.
 */
export function hashedContent(level: Level | LevelBase, def: RulesetDef | undefined = rulesetOf(level)): JsonObject {
  return canonFields(level as unknown as JsonObject, '', rulesOf(def?.hash ?? NO_RULES), EXCLUDED);
}

/**
 * SHA-256 of the canonical rules-relevant content (see module doc).
 * @param level a level as returned by load.ts (acyclic JSON data)
 * @param def the ruleset module whose rules apply (default: the level's, from the registry)
 * @returns `"sha256:"` + 64 lowercase hex digits
 */
export function levelHash(level: Level | LevelBase, def: RulesetDef | undefined = rulesetOf(level)): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalJson(hashedContent(level, def)))))}`;
}

/**
 * True when the level carries a stored solution whose `levelHash` matches
 * the level's current content; false when there is none or it is stale.
 */
export function solutionIsCurrent(level: Level): boolean {
  return level.solution !== undefined && level.solution.levelHash === levelHash(level);
}
