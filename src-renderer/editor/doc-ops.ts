/**
 * Reversible document diffs (the tldraw / JSON-patch style): a `Diff` is a
 * list of primitive `Op`s on a plain JSON document, each carrying what it
 * needs to be undone. Documents are treated as immutable: applying an op
 * copies the objects along its path and shares everything else.
 *
 * Ops:
 * - `set`    path to an object property (`undefined` = the property is
 *            absent) or to an existing array element (replaced in place);
 *            carries `before`/`after`. Inverse: swap before/after.
 * - `insert` path ends in an array index; `value` goes at that index.
 *            Inverse: `remove` of the same value at the same index.
 * - `remove` path ends in an array index holding `value`. Inverse: `insert`.
 *
 * Containers are never created implicitly: to insert into an absent array a
 * `set` from `undefined` to `[]` is recorded first, so the inverse removes it
 * again and undo restores the document exactly (absent stays absent).
 *
 * Pure TS, no DOM. Errors: applying an op whose path does not exist throws
 * `DiffError` (a programming error: diffs are only built against the
 * document they apply to).
 */

export type PathKey = string | number;
export type Path = readonly PathKey[];

export type Op =
  { op: 'set'; path: Path; before: unknown; after: unknown } | { op: 'insert'; path: Path; value: unknown } | { op: 'remove'; path: Path; value: unknown };

/** One undoable step: the ops in application order and a label for menus ("Move rook"). */
export interface Diff {
  label: string;
  ops: Op[];
}

export class DiffError extends Error {}

/** The inverse of one op. */
export function invertOp(op: Op): Op {
  switch (op.op) {
    case 'set':
      return { op: 'set', path: op.path, before: op.after, after: op.before };
    case 'insert':
      return { op: 'remove', path: op.path, value: op.value };
    case 'remove':
      return { op: 'insert', path: op.path, value: op.value };
  }
}

/** The inverse diff: inverted ops in reverse order, same label. `apply(apply(d, x), invert(x)) = d`. */
export function invertDiff(diff: Diff): Diff {
  const ops: Op[] = [];
  for (let i = diff.ops.length - 1; i >= 0; i--) ops.push(invertOp(diff.ops[i]!));
  return { label: diff.label, ops };
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function applyAt(node: unknown, op: Op, depth: number): unknown {
  const path = op.path;
  if (depth === path.length - 1) {
    const key = path[depth]!;
    if (op.op === 'set') {
      if (Array.isArray(node) && typeof key === 'number') {
        // Replace an array element in place (both values present).
        if (key < 0 || key >= node.length || op.after === undefined) throw new DiffError(`set: bad index ${path.join('/')}`);
        const arr = node.slice();
        arr[key] = op.after;
        return arr;
      }
      if (!isObj(node) || typeof key !== 'string') throw new DiffError(`set: no object at ${path.join('/')}`);
      const copy: Record<string, unknown> = { ...node };
      if (op.after === undefined) delete copy[key];
      else copy[key] = op.after;
      return copy;
    }
    if (!Array.isArray(node) || typeof key !== 'number') throw new DiffError(`${op.op}: no array at ${path.join('/')}`);
    const arr = node.slice();
    if (op.op === 'insert') {
      if (key < 0 || key > arr.length) throw new DiffError(`insert: index ${key} out of range`);
      arr.splice(key, 0, op.value);
    } else {
      if (key < 0 || key >= arr.length) throw new DiffError(`remove: index ${key} out of range`);
      arr.splice(key, 1);
    }
    return arr;
  }
  const key = path[depth]!;
  if (Array.isArray(node) && typeof key === 'number') {
    if (key < 0 || key >= node.length) throw new DiffError(`path ${path.join('/')} out of range`);
    const arr = node.slice();
    arr[key] = applyAt(node[key], op, depth + 1);
    return arr;
  }
  if (isObj(node) && typeof key === 'string' && key in node) {
    return { ...node, [key]: applyAt(node[key], op, depth + 1) };
  }
  throw new DiffError(`path ${path.join('/')} does not exist`);
}

/** Applies one op immutably. Throws DiffError when the path does not exist. */
export function applyOp<T>(doc: T, op: Op): T {
  if (op.path.length === 0) throw new DiffError('empty path');
  return applyAt(doc, op, 0) as T;
}

/** Applies ops in order. */
export function applyOps<T>(doc: T, ops: readonly Op[]): T {
  let d = doc;
  for (const op of ops) d = applyOp(d, op);
  return d;
}

/** Applies a diff. */
export function applyDiff<T>(doc: T, diff: Diff): T {
  return applyOps(doc, diff.ops);
}

/** Reads the value at `path` (undefined when absent). */
export function getAt(doc: unknown, path: Path): unknown {
  let node: unknown = doc;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (isObj(node) && typeof key === 'string') node = node[key];
    else return undefined;
  }
  return node;
}

/**
 * A transaction: records ops while applying them to a working copy, so later
 * ops see the effect of earlier ones (array indices stay right).
 */
export class Tx<T> {
  readonly ops: Op[] = [];
  doc: T;

  constructor(doc: T) {
    this.doc = doc;
  }

  private push(op: Op): void {
    this.doc = applyOp(this.doc, op);
    this.ops.push(op);
  }

  /** Sets (or with `undefined` deletes) a property; a no-op when the value is already identical (by JSON). */
  set(path: Path, after: unknown): void {
    const before = getAt(this.doc, path);
    if (sameJson(before, after)) return;
    this.push({ op: 'set', path, before, after });
  }

  insert(path: Path, value: unknown): void {
    this.push({ op: 'insert', path, value });
  }

  remove(path: Path): void {
    const value = getAt(this.doc, path);
    this.push({ op: 'remove', path, value });
  }

  /** The recorded diff. */
  diff(label: string): Diff {
    return { label, ops: this.ops.slice() };
  }
}

/** Structural equality of JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], bb[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  if (ak.length !== bk.length) return false;
  for (const k of ak) if (!sameJson(ao[k], bo[k])) return false;
  return true;
}
