/**
 * Level hash: `"sha256:<64 hex>"` of the rules-relevant content of a level
 * (LEVEL-FORMAT-v1 "solution": `levelHash` covers the rules-relevant content,
 * so an edit that changes the puzzle makes the stored solution visibly stale).
 *
 * Left out (not puzzle content):
 * - `meta`, `editor`, `solution` (contract);
 * - `par`: the designer's benchmark (UK-7); the solver proves the optimum
 *   and ignores par, so changing par does not change the puzzle;
 * - `draft`: a save-pipeline flag;
 * - Unlock the King piece `color`: cosmetic (UK-2);
 * - Locking Chess `pieces`: informational, `position` is authoritative.
 * Everything else, unknown top-level fields included, is hashed.
 *
 * Canonical form (so equivalent documents hash equal):
 * - defaults dropped: pawn `facing: "north"`, `lateral: false` (UK-4, CM-3),
 *   `objectives.collect: false`, `startingSetup: false`,
 *   `options.soldiersMayStopOnValley: false` (KV-3); then empty square lists
 *   (`walls`, `board.holes`, `pillars`, `objectives.capture`), empty `tiles`,
 *   and objects left empty (`objectives`, `options`) are dropped, exactly as if absent;
 * - square lists sorted; transform `allowed` sorted (a set, CM-10);
 * - `pieces` and `tiles` sorted by `square`, ties by their canonical JSON;
 * - all object keys sorted; JSON without whitespace (JSON.stringify escaping);
 * - strings compare by UTF-16 code units (never locale order).
 * The canonical JSON text, UTF-8 encoded, is hashed with SHA-256
 * (@noble/hashes, pure TS, same result in Node and the browser).
 *
 * Changing any of these rules changes every stored hash: treat it like a
 * format change (stored solutions would all show as stale).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Level } from '../model/level.js';
import { isJsonObject, ownGet, ownSet, type JsonObject } from './json-value.js';

/** Top-level fields that are not part of the hashed content. */
export const HASH_EXCLUDED_FIELDS = ['meta', 'editor', 'solution', 'par', 'draft'] as const;

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

function sortedStrings(v: unknown): unknown {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return v;
  return [...(v as string[])].sort(cmp);
}

/** Copy of `obj` without the given keys (and without undefined values). */
function without(obj: JsonObject, drop: (k: string, v: unknown) => boolean): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    if (v === undefined || drop(k, v)) continue;
    ownSet(out, k, v);
  }
  return out;
}

function isEmptyArray(v: unknown): boolean {
  return Array.isArray(v) && v.length === 0;
}

function isEmptyObject(v: unknown): boolean {
  return isJsonObject(v) && Object.keys(v).every((k) => v[k] === undefined);
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

/**
 * The canonical, rules-relevant content of a level that {@link levelHash}
 * hashes (see module doc). Exposed for tests and debugging.
 */
export function hashedContent(level: Level): JsonObject {
  const src = level as unknown as JsonObject;
  const ruleset = ownGet(src, 'ruleset');
  const excluded = new Set<string>(HASH_EXCLUDED_FIELDS);
  const out = without(src, (k) => excluded.has(k));

  const board = ownGet(out, 'board');
  if (isJsonObject(board)) {
    const b = without(board, (k, v) => k === 'holes' && isEmptyArray(v));
    if (ownGet(b, 'holes') !== undefined) ownSet(b, 'holes', sortedStrings(ownGet(b, 'holes')));
    ownSet(out, 'board', b);
  }

  for (const k of ['walls', 'pillars']) {
    const v = ownGet(out, k);
    if (isEmptyArray(v)) delete out[k];
    else if (v !== undefined) ownSet(out, k, sortedStrings(v));
  }

  const pieces = ownGet(out, 'pieces');
  if (ruleset === 'locking-chess') {
    delete out.pieces;
  } else if (Array.isArray(pieces)) {
    const canonPieces = pieces.map((p) =>
      isJsonObject(p)
        ? without(p, (k, v) => (k === 'facing' && v === 'north') || (k === 'lateral' && v === false) || (k === 'color' && ruleset === 'unlock-the-king'))
        : p,
    );
    ownSet(out, 'pieces', sortBySquare(canonPieces));
  }

  const tiles = ownGet(out, 'tiles');
  if (isEmptyArray(tiles)) delete out.tiles;
  else if (Array.isArray(tiles)) {
    const canonTiles = tiles.map((t) => {
      if (!isJsonObject(t)) return t;
      const c = without(t, () => false);
      if (ownGet(c, 'allowed') !== undefined) ownSet(c, 'allowed', sortedStrings(ownGet(c, 'allowed')));
      return c;
    });
    ownSet(out, 'tiles', sortBySquare(canonTiles));
  }

  const objectives = ownGet(out, 'objectives');
  if (isJsonObject(objectives)) {
    const o = without(objectives, (k, v) => (k === 'collect' && v === false) || (k === 'capture' && isEmptyArray(v)));
    if (ownGet(o, 'capture') !== undefined) ownSet(o, 'capture', sortedStrings(ownGet(o, 'capture')));
    if (isEmptyObject(o)) delete out.objectives;
    else ownSet(out, 'objectives', o);
  }

  if (ownGet(out, 'startingSetup') === false) delete out.startingSetup;
  const options = ownGet(out, 'options');
  if (isJsonObject(options)) {
    const o = without(options, (k, v) => k === 'soldiersMayStopOnValley' && v === false);
    if (isEmptyObject(o)) delete out.options;
    else ownSet(out, 'options', o);
  }
  return out;
}

/**
 * SHA-256 of the canonical rules-relevant content (see module doc).
 * @param level a level as returned by load.ts (acyclic JSON data)
 * @returns `"sha256:"` + 64 lowercase hex digits
 */
export function levelHash(level: Level): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalJson(hashedContent(level)))))}`;
}

/**
 * True when the level carries a stored solution whose `levelHash` matches
 * the level's current content; false when there is none or it is stale.
 */
export function solutionIsCurrent(level: Level): boolean {
  return level.solution !== undefined && level.solution.levelHash === levelHash(level);
}
