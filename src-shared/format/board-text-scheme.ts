/**
 * How a ruleset writes its levels as a board text (board-text.ts): the
 * `RulesetDef.boardText` hook (ruleset.ts), supplied from the ruleset's own
 * folder (`src-shared/rulesets/<id>/board-text.ts`). Two forms:
 * - `grid` (`GridScheme`): one character per square, with the words for
 *   the ruleset's pieces, tiles and terrain, the default legend (the
 *   characters a board typed by hand may use without a legend), its extra
 *   key lines (Chess Maze `Objectives:`, King's Valley `Rules:`) and what a
 *   board typed by hand may leave out (`complete`);
 * - `line` (`LineScheme`): the position as one key line instead of rows
 *   and legend (Locking Chess `LFEN:`, LC-13).
 * A ruleset without the hook has no board text (`board-text-unsupported`);
 * its levels still travel as level codes.
 *
 * A square's content is a list of things, each described in lower-case
 * words (`ivory pawn facing east, portal`). Every field a scheme covers
 * should be what the level hash covers (level-hash.ts), so a level read
 * back from its board text has the same `levelHash`. This module also holds
 * the generic grid helpers (`parseSquareDescription`, `describeSquares`)
 * and word helpers the chess-piece schemes share; it names no ruleset.
 */
import type { Level } from '../model/level.js';
import type { BoardTextScheme, ExtraLine, GridScheme, LineScheme, TerrainSpec, Thing } from '../ruleset.js';
import { isJsonObject } from './json-value.js';

// The scheme types are part of the ruleset contract (ruleset.ts: `RulesetDef.boardText`); re-exported here for the helpers' users.
export type { BoardTextScheme, ExtraLine, GridScheme, LineScheme, TerrainSpec, Thing };

/** The chess roles in board-text words. */
export const CHESS_ROLE_WORDS: readonly string[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
const FACINGS = ['north', 'east', 'south', 'west'];

/** The default legend character of a chess role: upper case for `upper` (light / player side), N / n for the knight. */
export function roleLetter(role: string, upper: boolean): string {
  const c = role === 'knight' ? 'n' : role[0]!;
  return upper ? c.toUpperCase() : c;
}

/** `facing <dir>` at the start of `rest` (consumed), or undefined; `bad` when `facing` is followed by no direction. */
export function takeFacing(rest: string[]): string | undefined | 'bad' {
  if (rest[0] !== 'facing') return undefined;
  const dir = rest[1];
  if (dir === undefined || !FACINGS.includes(dir)) return 'bad';
  rest.splice(0, 2);
  return dir;
}

/** ` facing <dir>` of a piece that does not face north (the default), or nothing. */
export function facingWords(p: Record<string, unknown>): string {
  return typeof p['facing'] === 'string' && p['facing'] !== 'north' ? ` facing ${p['facing']}` : '';
}

/**
 * Parses one square description (`ivory pawn facing east, portal`) with
 * `scheme`: the things, or the part that is not understood.
 */
export function parseSquareDescription(scheme: GridScheme, desc: string): Thing[] | { bad: string } {
  const text = desc.trim().toLowerCase();
  if (text === 'floor' || text === 'empty' || text === '') return [];
  const out: Thing[] = [];
  for (const raw of text.split(',')) {
    const words = raw
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
    if (words.length === 0) return { bad: raw.trim() };
    if (words.length === 1 && Object.prototype.hasOwnProperty.call(scheme.terrain, words[0]!)) {
      out.push({ kind: 'terrain', word: words[0]!, spec: scheme.terrain[words[0]!]! });
      continue;
    }
    const piece = scheme.parsePiece(words);
    if (piece) {
      out.push({ kind: 'piece', value: piece });
      continue;
    }
    const tile = scheme.parseTile?.(words);
    if (tile) {
      out.push({ kind: 'tile', value: tile });
      continue;
    }
    return { bad: raw.trim() };
  }
  return out;
}

/**
 * What stands on each square of `level` (grid rulesets): square name →
 * descriptions (pieces first, then tiles, then terrain, in document
 * order). Squares named by the level but outside its board are listed in
 * `off` (a board text cannot hold them).
 */
export function describeSquares(scheme: GridScheme, level: Level): { squares: Map<string, string[]>; off: string[] } {
  const doc = level as unknown as Record<string, unknown>;
  const squares = new Map<string, string[]>();
  const add = (sq: unknown, desc: string): void => {
    if (typeof sq !== 'string') return;
    const list = squares.get(sq);
    if (list) list.push(desc);
    else squares.set(sq, [desc]);
  };
  for (const p of Array.isArray(doc['pieces']) ? doc['pieces'] : []) if (isJsonObject(p)) add(p['square'], scheme.describePiece(p));
  for (const t of Array.isArray(doc['tiles']) ? doc['tiles'] : []) if (isJsonObject(t) && scheme.describeTile) add(t['square'], scheme.describeTile(t));
  for (const [word, spec] of Object.entries(scheme.terrain)) {
    const board = doc['board'];
    const v = spec.underBoard ? (isJsonObject(board) ? board[spec.field] : undefined) : doc[spec.field];
    if (typeof v === 'string') add(v, word);
    else if (Array.isArray(v)) for (const sq of v) add(sq, word);
  }
  const { width, height } = level.board;
  const off = [...squares.keys()].filter((sq) => {
    const m = /^([a-z])(\d+)$/.exec(sq);
    return !m || m[1]!.charCodeAt(0) - 97 >= width || Number(m[2]) > height || Number(m[2]) < 1;
  });
  return { squares, off };
}
