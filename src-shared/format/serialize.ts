/**
 * Writing level and pack documents (LEVEL-FORMAT-v1) as stable, diff-friendly JSON.
 *
 * Key order (known keys first, in this order; unknown keys after them in
 * their insertion order):
 * - level: format, version, ruleset, meta, board, then the ruleset's fields
 *   in contract order (walls, portal | pillars, sideToMove, startingSetup,
 *   options | position, goal), pieces, tiles, objectives, par, draft,
 *   solution, editor;
 * - meta: title, author, description, tags; board: width, height, holes;
 *   piece: role, square, side, color, facing, lateral; tile: kind, square,
 *   color, allowed, letter; objectives: collect, spell, moveLimit, capture;
 *   options: soldiersMayStopOnValley; goal: type, moves; solution: moves,
 *   length, optimal, states, solver, levelHash, metrics; solution.metrics:
 *   expanded, generated, branching, optimalSolutions, optimalSolutionsCapped,
 *   uniqueFirstMove, taggedMovesMin, taggedMovesMax;
 * - `editor` and unknown fields keep their own key order throughout;
 * - pack: format, version, title, ruleset, author, description, levels;
 *   entry: file, tier, title, level.
 *
 * Layout: 2-space indent, a trailing newline. A nested object or array is
 * written on one line (`{ "role": "king", "square": "e1" }`, `["d4", "e5"]`)
 * when that line fits in {@link LINE_WIDTH} columns; otherwise one member
 * per line, except inside `editor` (free-form editor state, which may hold
 * long number lists): there an array of scalars that does not fit on one
 * line is written as filled lines, as many items per line as fit in
 * LINE_WIDTH, and one longer than FILL_MAX_ITEMS as one compact line
 * (JSON.stringify), so a document keeps about its compact size (and a file
 * that opens under the format's size limit can be saved again). The root is always expanded.
 * Values follow JSON.stringify:
 * `undefined`/function members are omitted, non-finite numbers become null.
 *
 * `parse(serialize(x))` deep-equals `x` for any JSON-clean document.
 * Throws (like JSON.stringify) only on programming errors: cyclic input or
 * a bigint, which a loaded document can never contain.
 */
import type { Level, PackFile } from '../model/level.js';

/** Maximum width of a line written compactly. */
export const LINE_WIDTH = 80;

/** Top-level key order of level files. */
export const LEVEL_KEY_ORDER = [
  'format',
  'version',
  'ruleset',
  'meta',
  'board',
  'walls',
  'portal',
  'pillars',
  'sideToMove',
  'startingSetup',
  'options',
  'position',
  'goal',
  'pieces',
  'tiles',
  'objectives',
  'par',
  'draft',
  'solution',
  'editor',
] as const;

/** Top-level key order of pack files. */
export const PACK_KEY_ORDER = ['format', 'version', 'title', 'ruleset', 'author', 'description', 'levels'] as const;

/** How to order an object's keys and those of its children. */
interface Shape {
  order?: readonly string[];
  /** Shapes of named children. */
  fields?: Record<string, Shape>;
  /** Shape of every array item / the value of every child when this is an array. */
  items?: Shape;
  /** Free-form subtree whose long arrays of scalars are written as filled lines (`editor`). */
  fill?: boolean;
}

const FREE: Shape = {};
const EDITOR: Shape = { fill: true };
/** Inside `editor`, longer arrays of scalars are written as one compact line instead of filled lines. */
export const FILL_MAX_ITEMS = 1000;

/** Shape of an array's items: declared, or the editor's own shape inside `editor`. */
function itemShape(shape: Shape): Shape {
  return shape.items ?? (shape.fill ? EDITOR : FREE);
}

const LEVEL_SHAPE: Shape = {
  order: LEVEL_KEY_ORDER,
  fields: {
    meta: { order: ['title', 'author', 'description', 'tags'] },
    board: { order: ['width', 'height', 'holes'] },
    options: { order: ['soldiersMayStopOnValley'] },
    goal: { order: ['type', 'moves'] },
    pieces: { items: { order: ['role', 'square', 'side', 'color', 'facing', 'lateral'] } },
    tiles: { items: { order: ['kind', 'square', 'color', 'allowed', 'letter'] } },
    objectives: { order: ['collect', 'spell', 'moveLimit', 'capture'] },
    solution: {
      order: ['moves', 'length', 'optimal', 'states', 'solver', 'levelHash', 'metrics'],
      fields: {
        metrics: {
          order: ['expanded', 'generated', 'branching', 'optimalSolutions', 'optimalSolutionsCapped', 'uniqueFirstMove', 'taggedMovesMin', 'taggedMovesMax'],
        },
      },
    },
    editor: EDITOR,
  },
};

const PACK_SHAPE: Shape = {
  order: PACK_KEY_ORDER,
  fields: {
    levels: { items: { order: ['file', 'tier', 'title', 'level'], fields: { level: LEVEL_SHAPE } } },
  },
};

/** Keys of `obj` ordered by `order`, then the rest in insertion order. Skips JSON-omitted values. */
function orderedKeys(obj: Record<string, unknown>, order: readonly string[] | undefined): string[] {
  const own = Object.keys(obj).filter((k) => {
    const v = obj[k];
    return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';
  });
  if (!order) return own;
  const present = new Set(own);
  const known = order.filter((k) => present.has(k));
  const knownSet = new Set<string>(order);
  return [...known, ...own.filter((k) => !knownSet.has(k))];
}

function scalar(v: unknown): string {
  // JSON.stringify semantics: NaN/Infinity -> null.
  return JSON.stringify(v) ?? 'null';
}

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === 'object' && v !== null;
}

/** Compact one-line form, or undefined once it exceeds `budget` characters. */
function compact(v: unknown, shape: Shape, budget: number, depth: number): string | undefined {
  if (depth > 200) throw new TypeError('serialize: value is cyclic or nested too deeply');
  if (!isContainer(v)) return scalar(v);
  let out: string;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    out = '[';
    for (let i = 0; i < v.length; i++) {
      const item = v[i];
      const s =
        item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : compact(item, itemShape(shape), budget - out.length, depth + 1);
      if (s === undefined) return undefined;
      out += (i > 0 ? ', ' : '') + s;
      if (out.length > budget) return undefined;
    }
    return out + ']';
  }
  const keys = orderedKeys(v, shape.order);
  if (keys.length === 0) return '{}';
  out = '{ ';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const s = compact(v[k], childShape(shape, k), budget - out.length, depth + 1);
    if (s === undefined) return undefined;
    out += (i > 0 ? ', ' : '') + JSON.stringify(k) + ': ' + s;
    if (out.length > budget) return undefined;
  }
  out += ' }';
  return out.length > budget ? undefined : out;
}

/** Shape of child `k`: its declared shape; unknown fields of a shaped object are written as-is. */
function childShape(shape: Shape, k: string): Shape {
  if (shape.fields && Object.prototype.hasOwnProperty.call(shape.fields, k)) return shape.fields[k]!;
  return shape.order ? FREE : shape;
}

/** An array of scalars as filled lines of at most LINE_WIDTH columns (one item per line only when it is longer). */
function filled(v: readonly unknown[], inner: string, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const item of v) {
    const s = item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : scalar(item);
    if (line === '') line = inner + s;
    else if (line.length + 2 + s.length + 1 > LINE_WIDTH) {
      lines.push(line);
      line = inner + s;
    } else line += ', ' + s;
  }
  lines.push(line);
  return `[\n${lines.join(',\n')}\n${indent}]`;
}

function write(v: unknown, shape: Shape, indent: string, prefixLen: number, root: boolean, depth: number): string {
  if (depth > 200) throw new TypeError('serialize: value is cyclic or nested too deeply');
  if (!isContainer(v)) return scalar(v);
  if (!root) {
    const budget = LINE_WIDTH - indent.length - prefixLen - 1; // room for a trailing comma
    const c = compact(v, shape, budget, depth);
    if (c !== undefined) return c;
  }
  const inner = indent + '  ';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (shape.fill && v.every((item) => !isContainer(item))) {
      // Machine-sized lists (a heat map, an undo log) go on one compact line: their size stays the editor's.
      // JSON.stringify writes undefined, function and symbol items of an array as null, as `filled` does.
      return v.length > FILL_MAX_ITEMS ? JSON.stringify(v) : filled(v, inner, indent);
    }
    const lines = v.map((item) =>
      item === undefined || typeof item === 'function' || typeof item === 'symbol'
        ? inner + 'null'
        : inner + write(item, itemShape(shape), inner, 0, false, depth + 1),
    );
    return `[\n${lines.join(',\n')}\n${indent}]`;
  }
  const keys = orderedKeys(v, shape.order);
  if (keys.length === 0) return '{}';
  const lines = keys.map((k) => {
    const key = JSON.stringify(k) + ': ';
    return inner + key + write(v[k], childShape(shape, k), inner, key.length, false, depth + 1);
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/**
 * Serializes a level with the stable key order and layout described above.
 * @returns JSON text ending with "\n"
 */
export function serializeLevel(level: Level): string {
  return write(level, LEVEL_SHAPE, '', 0, true, 0) + '\n';
}

/**
 * Serializes a pack (embedded levels use the level key order).
 * @returns JSON text ending with "\n"
 */
export function serializePack(pack: PackFile): string {
  return write(pack, PACK_SHAPE, '', 0, true, 0) + '\n';
}

/** One piece of `serializePackPieces`: text, and for a level entry its index and where its JSON value lies in `text`. */
export interface PackPiece {
  text: string;
  /** Index in `pack.levels` of the entry this piece holds. */
  entry?: number;
  /** [start, end) of the entry's JSON value inside `text` (after the separator and indent). */
  value?: [number, number];
}

/**
 * `serializePack(pack)` in pieces, so a caller can write (and let other work
 * run) between the entries of a large pack: the text before the first
 * level entry, one piece per entry of `levels` (separator and indent
 * included; `entry` and `value` say which entry and where its JSON is),
 * then the rest. The pieces joined equal `serializePack(pack)` exactly.
 * Throws only where serializePack does (programming errors).
 */
export function* serializePackPieces(pack: PackFile): Generator<PackPiece> {
  const doc = pack as unknown as Record<string, unknown>;
  const keys = orderedKeys(doc, PACK_SHAPE.order);
  if (keys.length === 0) {
    yield { text: '{}\n' };
    return;
  }
  let head = '{\n';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const key = JSON.stringify(k) + ': ';
    const sep = i < keys.length - 1 ? ',\n' : '\n';
    const v = doc[k];
    const shape = childShape(PACK_SHAPE, k);
    if (k === 'levels' && Array.isArray(v) && v.length > 0 && compact(v, shape, LINE_WIDTH - 2 - key.length - 1, 1) === undefined) {
      yield { text: head + '  ' + key + '[\n' };
      for (let j = 0; j < v.length; j++) {
        const item: unknown = v[j];
        const pre = (j > 0 ? ',\n' : '') + '    ';
        const t = item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : write(item, itemShape(shape), '    ', 0, false, 2);
        yield { text: pre + t, entry: j, value: [pre.length, pre.length + t.length] };
      }
      head = '\n  ]' + sep;
      continue;
    }
    head += '  ' + key + write(v, shape, '  ', key.length, false, 1) + sep;
  }
  yield { text: head + '}\n' };
}
