/**
 * The data of a player page (`castellan pack export --format html`, Pack >
 * Export as web page): what the exporter embeds in the page as JSON (a
 * `<script type="application/json">` block) and what the page (src-player/)
 * reads back. Pure TS, shared by both sides so they cannot disagree.
 *
 * A page holds one pack: its title, author and description, the ruleset,
 * and per level its title, tier, level hash, the par a win is measured
 * against, the level document (without its stored solution, editor state
 * or draft flag) and, when the designer lets players see it, the stored
 * solution's moves. The player's progress is kept in the browser under
 * `storageKey` (the pack's title and the hashes of its levels).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Level, Ruleset } from '../model/level.js';
import { rulesetDef } from '../rulesets/lookup.js';
import { issue, type Issue, type Result } from '../validation/issue.js';

/** The `format` of the embedded data. */
export const PLAYER_DATA_FORMAT = 'castellan.player';

/** One level of a player page. */
export interface PlayerPageLevel {
  /** The title players see (the pack entry's title override, else the level's). */
  title: string;
  /** The pack entry's tier (UK-9 tiers in the Codex), absent when none. */
  tier?: string;
  /** The level's `levelHash` (format/level-hash.ts): the player's progress is kept per hash. */
  hash: string;
  /**
   * The par a single-player win is measured against: the level's `par`,
   * else the proven optimum (the length of its current stored solution
   * when that is proved optimal); null when
   * unknown (every win then scores one star). Two-player problems measure
   * against their goal's N (the play session reads it from the goal).
   */
  par: number | null;
  /** The level document without `solution`, `editor` and `draft`. */
  level: Level;
  /** The stored solution (LAN) when the export shows solutions and the solution is current. */
  solution?: string[];
}

/** The embedded data of a player page (module doc). */
export interface PlayerPageData {
  format: typeof PLAYER_DATA_FORMAT;
  version: 1;
  title: string;
  author?: string;
  description?: string;
  ruleset: Ruleset;
  /** The localStorage key of the player's progress (`storageKeyOf`). */
  storageKey: string;
  /** "Show solution" is offered (the designer did not switch it off at export). */
  solutions: boolean;
  levels: PlayerPageLevel[];
}

/** One level as the exporter hands it over: the document, its pack entry's tier and title, its hash. */
export interface PlayerPageSource {
  level: Level;
  title: string;
  tier?: string;
  /** `levelHash(level)`. */
  hash: string;
}

/**
 * The localStorage key of a pack's progress: `castellan.player.v1.` and the
 * first 24 hex digits of SHA-256 over the pack title and the level hashes
 * in order (one per line). A pack with another title or other levels keeps
 * its progress apart; the same pack exported again finds it.
 */
export function storageKeyOf(title: string, hashes: readonly string[]): string {
  const digest = bytesToHex(sha256(utf8ToBytes([title, ...hashes].join('\n'))));
  return `castellan.player.v1.${digest.slice(0, 24)}`;
}

/**
 * The data of a player page for `pack` and its levels in pack order.
 * `solutions`: embed the stored solutions (of levels whose solution is
 * current: its `levelHash` equals `hash`) so the page offers "Show
 * solution". The par of a single-player level: its `par`, else the length
 * of its current solution when it is proved optimal, else null. Pure; the documents are copied.
 */
export function playerPageData(
  pack: { title: string; author?: string; description?: string; ruleset: Ruleset },
  levels: readonly PlayerPageSource[],
  opts: { solutions: boolean },
): PlayerPageData {
  const out: PlayerPageLevel[] = levels.map((s) => {
    const { solution, editor: _editor, draft: _draft, ...rest } = s.level;
    const current = solution !== undefined && solution.levelHash === s.hash;
    const par = typeof s.level.par === 'number' ? s.level.par : current && solution.optimal ? solution.length : null;
    const entry: PlayerPageLevel = { title: s.title, hash: s.hash, par, level: JSON.parse(JSON.stringify(rest)) as Level };
    if (s.tier !== undefined) entry.tier = s.tier;
    if (opts.solutions && current) entry.solution = [...solution.moves];
    return entry;
  });
  return {
    format: PLAYER_DATA_FORMAT,
    version: 1,
    title: pack.title,
    ...(pack.author !== undefined ? { author: pack.author } : {}),
    ...(pack.description !== undefined ? { description: pack.description } : {}),
    ruleset: pack.ruleset,
    storageKey: storageKeyOf(
      pack.title,
      levels.map((l) => l.hash),
    ),
    solutions: opts.solutions,
    levels: out,
  };
}

/**
 * JSON text that is safe inside an HTML `<script>` element: `<`, `>` and
 * `&` as `\u003c`, `\u003e`, `\u0026` (so no `</script>` or `<!--` can end
 * or change the element), U+2028 / U+2029 escaped too. `JSON.parse` reads
 * it back to the same value.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the embedded data back (the page, and the exporter's check of what
 * it wrote): the shape above, each level an object of the page's ruleset.
 * The level documents themselves are checked when a level is played (the
 * play session answers its builder errors). Errors: `player-data` with a
 * pointer to the first bad field. Never throws.
 */
export function readPlayerPageData(value: unknown): Result<PlayerPageData, Issue[]> {
  const bad = (pointer: string, what: string): Result<PlayerPageData, Issue[]> => ({
    ok: false,
    error: [issue('error', 'player-data', `The page's levels cannot be read: ${what}.`, { pointer })],
  });
  if (!isObject(value)) return bad('', 'not an object');
  if (value['format'] !== PLAYER_DATA_FORMAT || value['version'] !== 1) return bad('/format', `not ${PLAYER_DATA_FORMAT} version 1`);
  if (typeof value['title'] !== 'string') return bad('/title', 'no title');
  if (typeof value['storageKey'] !== 'string' || value['storageKey'] === '') return bad('/storageKey', 'no storage key');
  if (typeof value['solutions'] !== 'boolean') return bad('/solutions', 'no solutions flag');
  const ruleset = value['ruleset'];
  if (typeof ruleset !== 'string' || !rulesetDef(ruleset)) return bad('/ruleset', `unknown ruleset ${JSON.stringify(ruleset)}`);
  for (const k of ['author', 'description'] as const) if (value[k] !== undefined && typeof value[k] !== 'string') return bad(`/${k}`, `${k} is not text`);
  const levels = value['levels'];
  if (!Array.isArray(levels)) return bad('/levels', 'no list of levels');
  for (const [i, l] of levels.entries()) {
    const at = `/levels/${i}`;
    if (!isObject(l)) return bad(at, `level ${i + 1} is not an object`);
    if (typeof l['title'] !== 'string') return bad(`${at}/title`, `level ${i + 1} has no title`);
    if (l['tier'] !== undefined && typeof l['tier'] !== 'string') return bad(`${at}/tier`, `the tier of level ${i + 1} is not text`);
    if (typeof l['hash'] !== 'string') return bad(`${at}/hash`, `level ${i + 1} has no hash`);
    const par = l['par'];
    if (par !== null && !(typeof par === 'number' && Number.isInteger(par) && par >= 0)) return bad(`${at}/par`, `the par of level ${i + 1} is not a count`);
    if (!isObject(l['level']) || l['level']['ruleset'] !== ruleset) return bad(`${at}/level`, `level ${i + 1} is not a ${ruleset} level`);
    const sol = l['solution'];
    if (sol !== undefined && !(Array.isArray(sol) && sol.every((m) => typeof m === 'string')))
      return bad(`${at}/solution`, `the solution of level ${i + 1} is not a list of moves`);
  }
  return { ok: true, value: value as unknown as PlayerPageData };
}
