/**
 * Board text: a level as plain text a person can read in a forum post, in
 * the spirit of Sokoban's XSB, and read back into the same level (the same
 * `levelHash`) for everything it can hold. An extension of the file
 * format, specified in docs/reference/format-contract.md "Board text" and
 * described for designers in docs/guide/levels-as-text.md:
 *
 *     Castellan unlock-the-king 5x4 par 3: Two steps
 *     Author: Ann
 *     #.@..
 *     .R..#
 *     ..K..
 *     .....
 *     Legend:
 *     # wall
 *     . floor
 *     @ portal
 *     R ivory rook
 *     K ivory king
 *
 * - The header: `Castellan <ruleset> <W>x<H>` then `par N` and / or the
 *   goal (`win in N`, `mate in N`), then `: <title>`.
 * - Optional lines `Author:`, `Description:` (one per line of it),
 *   `Tags:` (comma-separated) and the ruleset's own (Chess Maze
 *   `Objectives:`, King's Valley `Rules:`).
 * - Grid rulesets: H rows, top rank first, one character per square, then
 *   `Legend:` and one line per character used, `<character> <what stands
 *   there>` (several things joined by commas). The legend wins over the
 *   ruleset's default characters, which a board typed by hand may use
 *   without a legend.
 * - Line rulesets: one key line holding the position instead of rows and
 *   legend (Locking Chess: `LFEN: <position>`, LC-13).
 * What a ruleset writes on its squares, its own lines and its defaults come
 * from its `RulesetDef.boardText` hook (format/board-text-scheme.ts, the
 * scheme in the ruleset's folder); this module names no ruleset. A ruleset
 * without the hook answers `board-text-unsupported`.
 * Blank lines and lines starting with `;` are skipped anywhere.
 *
 * What a board text cannot hold: the proof (`solution`), the editor state,
 * the draft flag, unknown top-level fields (`levelToBoardText` lists them in
 * `lost`), line breaks in the title, author or tags and commas in tags, and
 * fields a scheme leaves out on purpose (the informational Locking Chess
 * `pieces` list). Pure; never throws.
 */
import type { Level } from '../model/level.js';
import { RULESET_LIST, rulesetDef } from '../rulesets/lookup.js';
import { issue, type Issue, type Result } from '../validation/issue.js';
import { describeSquares, parseSquareDescription, type BoardTextScheme, type GridScheme, type Thing } from './board-text-scheme.js';
import { checkLevelObject } from './load.js';

/** The first word of every board text. */
export const BOARD_TEXT_WORD = 'Castellan';
/** Longest board text read, in characters. */
export const MAX_BOARD_TEXT_CHARS = 256 * 1024;
/**
 * Characters given to square contents that have no default character, in
 * this order. Never `C` or `:` (so no row can be taken for a code, a header
 * or a collection line), `;` (comments) or a space.
 */
export const BOARD_TEXT_SYMBOLS = '1234567890ABDEGHIJLMOTUVWXYZacdefghijlmotuvwxyz%&+=?~!$*^<>(){}[]|/\\\'"`,-_';

/** Top-level fields every level has, held by the header and the meta lines, or left out on purpose. */
const COMMON_FIELDS = ['format', 'version', 'ruleset', 'meta', 'board', 'par', 'goal', 'solution', 'editor', 'draft'];
const HEADER_RE = /^castellan\s+(\S+)\s+(\d{1,3})\s*x\s*(\d{1,3})((?:\s+par\s+\d{1,9}|\s+(?:win|mate)\s+in\s+\d{1,9})*)\s*(?::\s?(.*))?$/i;
/** Key lines every level may have; the rulesets add their own (`ExtraLine.key`, `LineScheme.key`). */
const COMMON_KEYS = ['author', 'description', 'tags'];

function err(code: string, message: string): Issue {
  return issue('error', code, message);
}

/**
 * A key line (`Author: Ann`): the common keys and every registered
 * ruleset's own (lower case), so a line of another ruleset is refused as
 * such rather than read as a row.
 */
function keyLineRe(): RegExp {
  const own = RULESET_LIST.flatMap((d) =>
    d.boardText === undefined ? [] : d.boardText.kind === 'line' ? [d.boardText.key] : d.boardText.extra.map((x) => x.key),
  );
  const keys = [...new Set([...COMMON_KEYS, ...own.map((k) => k.toLowerCase().replace(/[^a-z0-9 ]/g, ''))])];
  return new RegExp(`^(${keys.join('|')})\\s*:\\s?(.*)$`, 'i');
}

/** The error of a ruleset without the `boardText` hook (or an id no module has). */
function unsupported(ruleset: string, where = ''): Issue {
  return err('board-text-unsupported', `${where}There is no board text for ${ruleset} levels; share it as a level code.`);
}

/** True when the first line of `text` that is not blank or a `;` comment is a board text header. */
export function looksLikeBoardText(text: string): boolean {
  for (const line of text.slice(0, 4096).split(/\r\n|\n|\r/)) {
    const t = line.trim();
    if (t === '' || t.startsWith(';')) continue;
    return /^castellan\s+\S+\s+\d+\s*x\s*\d+/i.test(t);
  }
  return false;
}

/** `par N`, `win in N`, `mate in N` of the header. */
function headerAttributes(level: Level): string {
  const doc = level as unknown as Record<string, unknown>;
  let out = typeof doc['par'] === 'number' ? ` par ${doc['par']}` : '';
  const goal = doc['goal'] as { type?: unknown; moves?: unknown } | undefined;
  if (goal && typeof goal.moves === 'number') out += goal.type === 'mate-in' ? ` mate in ${goal.moves}` : ` win in ${goal.moves}`;
  return out;
}

/** One line of text (line breaks as spaces); notes in `lost` when there were some. */
function oneLine(s: string, what: string, lost: string[]): string {
  if (/[\r\n]/.test(s)) lost.push(`the line breaks of the ${what}`);
  return s.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** Header and meta lines. */
function headLines(level: Level, lost: string[]): string[] {
  const m = level.meta;
  const lines = [
    `${BOARD_TEXT_WORD} ${level.ruleset} ${level.board.width}x${level.board.height}${headerAttributes(level)}: ${oneLine(m.title, 'title', lost)}`,
  ];
  if (m.author !== undefined) lines.push(`Author: ${oneLine(m.author, 'author', lost)}`);
  if (m.description !== undefined) for (const d of m.description.split(/\r\n|\n|\r/)) lines.push(`Description: ${d.trimEnd()}`);
  if (m.tags !== undefined && m.tags.length > 0) {
    if (m.tags.some((t) => t.includes(','))) lost.push('the commas inside tags');
    lines.push(`Tags: ${m.tags.map((t) => oneLine(t, 'tags', lost)).join(', ')}`);
  }
  return lines;
}

/** The grid rows and the legend of a grid ruleset's level. */
function gridLines(scheme: GridScheme, level: Level): Result<string[], Issue[]> {
  const { squares, off } = describeSquares(scheme, level);
  if (off.length > 0) {
    return {
      ok: false,
      error: [issue('error', 'board-text-off-board', `A board text cannot hold what lies off the board: ${off.join(', ')}.`, { squares: off })],
    };
  }
  const defaults = new Map(scheme.defaults.map(([sym, desc]) => [desc, sym]));
  const taken = new Set(scheme.defaults.map(([sym]) => sym));
  const pool = [...BOARD_TEXT_SYMBOLS].filter((c) => !taken.has(c));
  const symbolOf = new Map<string, string>();
  const legend: string[] = [];
  const rows: string[] = [];
  const { width, height } = level.board;
  for (let rank = height - 1; rank >= 0; rank--) {
    let row = '';
    for (let file = 0; file < width; file++) {
      const descs = squares.get(`${String.fromCharCode(97 + file)}${rank + 1}`) ?? [];
      const desc = descs.length ? descs.join(', ') : 'floor';
      let sym = symbolOf.get(desc);
      if (sym === undefined) {
        sym = defaults.get(desc) ?? pool.shift();
        if (sym === undefined) {
          return {
            ok: false,
            error: [
              err(
                'board-text-too-varied',
                `The board has more different squares than a board text has characters (${BOARD_TEXT_SYMBOLS.length}); share it as a level code.`,
              ),
            ],
          };
        }
        symbolOf.set(desc, sym);
        legend.push(`${sym} ${desc}`);
      }
      row += sym;
    }
    rows.push(row);
  }
  return { ok: true, value: [...rows, 'Legend:', ...legend] };
}

/**
 * The board text of `level` (see the module doc), with `lost`: what it
 * leaves out that the level has (unknown top-level fields, line breaks in
 * the title...), besides the proof, the editor state and the draft flag.
 * Errors: `board-text-unsupported` (a ruleset without the `boardText`
 * hook, named in the message), `board-text-off-board` (a piece, tile or terrain square off the board),
 * `board-text-too-varied` (more different squares than characters).
 */
export function levelToBoardText(level: Level): Result<{ text: string; lost: string[] }, Issue[]> {
  const lost: string[] = [];
  const doc = level as unknown as Record<string, unknown>;
  const lines = headLines(level, lost);
  let known: string[];
  const scheme = rulesetDef(String(level.ruleset))?.boardText;
  if (!scheme) return { ok: false, error: [unsupported(String(level.ruleset))] };
  if (scheme.kind === 'line') {
    lines.push(`${scheme.key}: ${oneLine(scheme.write(doc), scheme.what, lost)}`);
    known = [...COMMON_FIELDS, ...scheme.fields];
  } else {
    for (const x of scheme.extra) {
      const v = x.write(doc);
      if (v !== undefined) lines.push(`${x.key}: ${v}`);
    }
    const grid = gridLines(scheme, level);
    if (!grid.ok) return grid;
    lines.push(...grid.value);
    known = [...COMMON_FIELDS, ...scheme.fields, ...Object.values(scheme.terrain).map((t) => t.field)];
  }
  for (const k of Object.keys(doc)) if (!known.includes(k) && doc[k] !== undefined) lost.push(`the field "${k}"`);
  return { ok: true, value: { text: lines.join('\n') + '\n', lost } };
}

/** The lines of a text with their 1-based numbers, blank and `;` lines left out. */
function meaningfulLines(text: string, firstLine: number): { n: number; text: string }[] {
  const out: { n: number; text: string }[] = [];
  text.split(/\r\n|\n|\r/).forEach((line, i) => {
    const t = line.trim();
    if (t !== '' && !t.startsWith(';')) out.push({ n: firstLine + i, text: t });
  });
  return out;
}

interface Head {
  doc: Record<string, unknown>;
  /** The ruleset's display name and board text scheme. */
  name: string;
  scheme: BoardTextScheme;
  width: number;
  height: number;
  /** Index of the first line after the header and its key lines. */
  next: number;
  /** A line scheme's line: its value and line number. */
  line?: { value: string; n: number };
}

/** Reads the header and the key lines into a document under construction. */
function readHead(lines: { n: number; text: string }[]): Result<Head, Issue[]> {
  const first = lines[0];
  const m = first ? HEADER_RE.exec(first.text) : null;
  if (!first || !m) {
    return {
      ok: false,
      error: [
        err(
          'board-text-header',
          `${first ? `Line ${first.n}` : 'The text'}: a board text starts with a line "${BOARD_TEXT_WORD} <ruleset> <width>x<height> [par N]: <title>".`,
        ),
      ],
    };
  }
  const ruleset = m[1]!.toLowerCase();
  const def = rulesetDef(ruleset);
  if (!def) {
    return { ok: false, error: [err('board-text-ruleset', `Line ${first.n}: "${m[1]}" is not a ruleset (${RULESET_LIST.map((d) => d.id).join(', ')}).`)] };
  }
  const scheme = def.boardText;
  if (!scheme) return { ok: false, error: [unsupported(ruleset, `Line ${first.n}: `)] };
  const width = Number(m[2]);
  const height = Number(m[3]);
  if (width < 1 || width > 26 || height < 1 || height > 26) {
    return { ok: false, error: [err('board-text-size', `Line ${first.n}: a board is 1 to 26 squares wide and high, not ${width}x${height}.`)] };
  }
  const doc: Record<string, unknown> = { format: 'castellan.level', version: 1, ruleset, meta: { title: (m[5] ?? '').trim() }, board: { width, height } };
  for (const a of (m[4] ?? '').matchAll(/(par|win|mate)\s+(?:in\s+)?(\d+)/gi)) {
    const n = Number(a[2]);
    const word = a[1]!.toLowerCase();
    if (word === 'par') doc['par'] = n;
    else doc['goal'] = { type: word === 'win' ? 'win-in' : 'mate-in', moves: n };
  }
  const meta = doc['meta'] as Record<string, unknown>;
  const description: string[] = [];
  const extra: [number, string, string][] = [];
  let line: Head['line'];
  const keyRe = keyLineRe();
  let i = 1;
  for (; i < lines.length; i++) {
    const k = keyRe.exec(lines[i]!.text);
    if (!k) break;
    const key = k[1]!.toLowerCase();
    const value = k[2]!.trim();
    if (key === 'author') meta['author'] = value;
    else if (key === 'description') description.push(value);
    else if (key === 'tags')
      meta['tags'] = value
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== '');
    else if (scheme.kind === 'line' && key === scheme.key.toLowerCase()) line = { value, n: lines[i]!.n };
    else extra.push([lines[i]!.n, key, value]);
  }
  if (description.length) meta['description'] = description.join('\n');
  for (const [n, key, value] of extra) {
    const x = scheme.kind === 'grid' ? scheme.extra.find((e) => e.key.toLowerCase() === key) : undefined;
    if (!x) return { ok: false, error: [err('board-text-line', `Line ${n}: ${ruleset} levels have no "${key}" line.`)] };
    const bad = x.read(value, doc);
    if (bad) return { ok: false, error: [err('board-text-line', `Line ${n}: ${bad}.`)] };
  }
  return { ok: true, value: { doc, name: def.name, scheme, width, height, next: i, ...(line !== undefined ? { line } : {}) } };
}

/** The legend after the rows: character → description (the defaults of `scheme`, then the text's own lines). */
function readLegend(scheme: GridScheme, lines: { n: number; text: string }[], from: number): Result<Map<string, string>, Issue[]> {
  const legend = new Map<string, string>(scheme.defaults.map(([s, d]) => [s, d]));
  if (from >= lines.length) return { ok: true, value: legend };
  if (!/^legend\s*:$/i.test(lines[from]!.text)) {
    return { ok: false, error: [err('board-text-legend', `Line ${lines[from]!.n}: after the rows comes "Legend:", not "${lines[from]!.text.slice(0, 40)}".`)] };
  }
  const own = new Set<string>();
  for (let i = from + 1; i < lines.length; i++) {
    const l = lines[i]!;
    const m = /^(\S)\s+(.+)$/u.exec(l.text);
    if (!m)
      return {
        ok: false,
        error: [err('board-text-legend', `Line ${l.n}: a legend line is a character, a space and what stands there (e.g. "R ivory rook").`)],
      };
    if (own.has(m[1]!)) return { ok: false, error: [err('board-text-legend', `Line ${l.n}: "${m[1]}" is in the legend twice.`)] };
    own.add(m[1]!);
    legend.set(m[1]!, m[2]!);
  }
  return { ok: true, value: legend };
}

/**
 * Puts the things of each square into the document's fields; a terrain of
 * exactly one square (`TerrainSpec.single`, the UK-6 portal) must be on
 * exactly one square.
 */
function placeThings(doc: Record<string, unknown>, scheme: GridScheme, cells: [string, Thing[]][]): Issue | undefined {
  const pieces: unknown[] = [];
  const tiles: unknown[] = [];
  const lists = new Map<string, { underBoard: boolean; squares: string[] }>();
  const singles = new Map<string, string[]>();
  for (const [square, things] of cells) {
    for (const t of things) {
      if (t.kind === 'piece') pieces.push({ ...t.value, square });
      else if (t.kind === 'tile') tiles.push({ ...t.value, square });
      else if (t.spec.single) singles.set(t.word, [...(singles.get(t.word) ?? []), square]);
      else {
        const list = lists.get(t.spec.field);
        if (list) list.squares.push(square);
        else lists.set(t.spec.field, { underBoard: t.spec.underBoard === true, squares: [square] });
      }
    }
  }
  const board = doc['board'] as Record<string, unknown>;
  // A ruleset with pieces always has the list (an empty board too); one without (its `fields` name none) gets none.
  if (pieces.length || scheme.fields.includes('pieces')) doc['pieces'] = pieces;
  if (tiles.length) doc['tiles'] = tiles;
  for (const [field, { underBoard, squares }] of lists) (underBoard ? board : doc)[field] = squares;
  for (const [word, spec] of Object.entries(scheme.terrain)) {
    if (!spec.single) continue;
    const squares = singles.get(word) ?? [];
    if (squares.length !== 1) return issue('error', spec.single.code, spec.single.message(squares.length), { squares, ruling: spec.single.ruling });
    (spec.underBoard ? board : doc)[spec.field] = squares[0];
  }
  return undefined;
}

/** The rows and the legend of a grid ruleset into the document. */
function readGrid(head: Head, scheme: GridScheme, lines: { n: number; text: string }[]): Issue[] {
  const { width, height } = head;
  const rows = lines.slice(head.next, head.next + height);
  const keyRe = keyLineRe();
  for (const [k, row] of rows.entries()) {
    if (/^legend\s*:$/i.test(row.text) || keyRe.test(row.text))
      return [err('board-text-rows', `Line ${row.n}: the board has ${height} rows, this is row ${k + 1}.`)];
    if ([...row.text].length !== width) {
      return [err('board-text-rows', `Line ${row.n}: row ${k + 1} has ${[...row.text].length} squares; the board is ${width} wide.`)];
    }
  }
  if (rows.length < height) return [err('board-text-rows', `The board has ${height} rows; the text has ${rows.length}.`)];
  const legend = readLegend(scheme, lines, head.next + height);
  if (!legend.ok) return legend.error;
  const parsed = new Map<string, Thing[]>();
  const cells: [string, Thing[]][] = [];
  for (const [k, row] of rows.entries()) {
    const rank = height - k;
    for (const [file, sym] of [...row.text].entries()) {
      const square = `${String.fromCharCode(97 + file)}${rank}`;
      let things = parsed.get(sym);
      if (!things) {
        const desc = legend.value.get(sym);
        if (desc === undefined)
          return [issue('error', 'board-text-symbol', `Line ${row.n}: "${sym}" on ${square} is not in the legend.`, { squares: [square] })];
        const t = parseSquareDescription(scheme, desc);
        if ('bad' in t) return [err('board-text-legend', `The legend's "${sym}": "${t.bad}" is not something a ${String(head.doc['ruleset'])} square holds.`)];
        things = t;
        parsed.set(sym, things);
      }
      cells.push([square, things]);
    }
  }
  const bad = placeThings(head.doc, scheme, cells);
  return bad ? [bad] : [];
}

/**
 * Reads a board text (see the module doc) into a level, checked by the
 * format loader (format/load.ts). `firstLine`: the line number of the
 * text's first line in the file it comes from (messages name lines).
 * Errors: `board-text-too-large`, `board-text-header`, `board-text-ruleset`
 * (an id no module has), `board-text-unsupported` (a ruleset without the
 * `boardText` hook), `board-text-size`, `board-text-line` (an
 * `Objectives:` / `Rules:` part not understood, another ruleset's line),
 * `board-text-rows`, `board-text-legend`, `board-text-symbol` (with its
 * square), a single terrain's code (`board-text-portal`, UK-6),
 * `board-text-<key>` (a line ruleset without its line: `board-text-lfen`),
 * `board-text-extra` (a line after it), and `board-text-not-a-level`
 * followed by the loader's issues.
 */
export function boardTextToLevel(text: string, firstLine = 1): Result<Level, Issue[]> {
  if (typeof text !== 'string' || text.length > MAX_BOARD_TEXT_CHARS) {
    return { ok: false, error: [err('board-text-too-large', `A board text has at most ${MAX_BOARD_TEXT_CHARS} characters.`)] };
  }
  const lines = meaningfulLines(text, firstLine);
  const head = readHead(lines);
  if (!head.ok) return head;
  const h = head.value;
  const scheme = h.scheme;
  if (scheme.kind === 'line') {
    const { key } = scheme;
    if (h.line === undefined) {
      const code = `board-text-${key.toLowerCase()}`;
      return { ok: false, error: [err(code, `A ${h.name} board text has an "${key}:" line with its ${scheme.what} (${scheme.ruling}).`)] };
    }
    if (h.next < lines.length)
      return { ok: false, error: [err('board-text-extra', `Line ${lines[h.next]!.n}: a ${h.name} board text ends with its ${key} line.`)] };
    const bad = scheme.read(h.line.value, h.doc);
    if (bad) return { ok: false, error: [err('board-text-line', `Line ${h.line.n}: ${bad}.`)] };
  } else {
    const bad = readGrid(h, scheme, lines);
    if (bad.length) return { ok: false, error: bad };
    scheme.complete?.(h.doc);
  }
  const lv = checkLevelObject(h.doc);
  if (!lv.ok) {
    return {
      ok: false,
      error: [err('board-text-not-a-level', `The board text does not make a valid level: ${lv.error[0]?.message ?? 'schema check failed'}`), ...lv.error],
    };
  }
  return lv;
}
