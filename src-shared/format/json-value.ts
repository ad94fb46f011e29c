/**
 * Safe intake of untrusted JSON-like values (internal to the format layer).
 *
 * `toPlainJson` copies any value into a fresh tree of plain objects, arrays,
 * strings, finite numbers, booleans and nulls, without recursion (so it
 * cannot overflow the stack) and without ever throwing. It refuses:
 * - nesting deeper than {@link MAX_DEPTH} (this also catches cyclic objects),
 * - more than {@link MAX_NODES} values,
 * - the key `__proto__` (JSON.parse makes it an own property, but any later
 *   `obj[key] = value` copy would set the prototype instead: prototype pollution),
 * - values JSON cannot carry (functions, symbols, bigints, NaN/Infinity,
 *   `undefined` array elements, class instances such as Date or Map).
 * An own property whose value is `undefined` is dropped, as JSON.stringify would.
 *
 * Every later stage (migration, schema check, serialize, hash) therefore
 * works on a bounded, acyclic, prototype-safe copy that the caller cannot
 * mutate behind our back.
 */
import { issue, type Issue, type Result } from '../validation/issue.js';

/** Maximum nesting of objects/arrays (root = depth 0). Real levels use < 10. */
export const MAX_DEPTH = 64;
/** Maximum number of values (containers and scalars) in one document. */
export const MAX_NODES = 2_000_000;
/** Maximum length of a document text, in UTF-16 code units (16 Mi). */
export const MAX_TEXT_LENGTH = 16 * 1024 * 1024;

/** A parsed JSON object. */
export type JsonObject = { [key: string]: unknown };

/** Escapes one JSON pointer reference token (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Splits a JSON pointer into unescaped tokens (`''` → `[]`). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** True for a non-null, non-array object. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own enumerable property read that never consults the prototype chain. */
export function ownGet(obj: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/**
 * Own-property write that is safe for any key, `__proto__` included. A key
 * that `Object.prototype` does not have (the usual case) is assigned
 * plainly, which keeps the object in V8's fast mode (defineProperty on
 * every key made copies of large documents several times slower); a key it
 * has (`__proto__`, `toString`, an accessor someone added) is defined, so no
 * setter on the prototype chain ever runs and a frozen prototype never
 * refuses the write.
 */
export function ownSet(obj: JsonObject, key: string, value: unknown): void {
  if (key in Object.prototype) Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

function describeKind(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'bigint') return 'a bigint';
  if (typeof v === 'symbol') return 'a symbol';
  if (typeof v === 'object' && v !== null) {
    const ctor = (Object.getPrototypeOf(v) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    return typeof ctor === 'string' && ctor ? `a ${ctor} object` : 'a non-plain object';
  }
  return typeof v;
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A container still to copy: its source, its fresh copy, and where it sits (for messages). */
interface Task {
  src: object;
  out: unknown[] | JsonObject;
  depth: number;
  parent: Task | undefined;
  /** Key or index of this container in its parent (unused for the root). */
  token: string | number;
}

/** The JSON pointer of child `token` of `task` (of `task` itself when `token` is undefined). */
function pointerOf(task: Task | undefined, token?: string | number): string {
  const parts: string[] = [];
  if (token !== undefined) parts.push(escapePointerToken(String(token)));
  for (let t = task; t?.parent !== undefined; t = t.parent) parts.push(escapePointerToken(String(t.token)));
  return parts.length === 0 ? '' : '/' + parts.reverse().join('/');
}

/** Why `v` cannot be copied as a JSON scalar, or undefined when it can (containers answer undefined too). */
function scalarProblem(v: unknown, pointer: () => string): Issue | undefined {
  if (typeof v === 'number' && !Number.isFinite(v)) {
    const at = pointer();
    return issue('error', 'json-invalid-value', `${where(at)} is ${String(v)}, which JSON cannot hold.`, { pointer: at });
  }
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') {
    const at = pointer();
    return issue('error', 'json-invalid-value', `${where(at)} is ${describeKind(v)}, which JSON cannot hold.`, { pointer: at });
  }
  return undefined;
}

/**
 * Copies `value` into a plain JSON tree (see module doc). Never throws.
 * Errors: `json-too-deep`, `json-too-large`, `json-forbidden-key`,
 * `json-invalid-value`, each with the JSON pointer of the offending value.
 * Linear in the number of values: scalars are copied in place, only
 * containers are queued, and pointers are built only for an error.
 */
export function toPlainJson(value: unknown): Result<unknown, Issue[]> {
  try {
    const fail = (code: string, message: string, pointer: string): Result<unknown, Issue[]> => ({
      ok: false,
      error: [issue('error', code, message, { pointer })],
    });
    let nodes = 1;
    if (typeof value !== 'object' || value === null) {
      const bad = scalarProblem(value, () => '');
      return bad ? { ok: false, error: [bad] } : { ok: true, value };
    }
    const stack: Task[] = [];
    /** A fresh container for `src` (queued), or a failure. */
    const open = (src: object, parent: Task | undefined, token: string | number, depth: number): Task | Result<unknown, Issue[]> => {
      if (depth >= MAX_DEPTH) {
        const at = pointerOf(parent, parent === undefined ? undefined : token);
        return fail('json-too-deep', `${where(at)} is nested more than ${MAX_DEPTH} levels deep (or the value is cyclic).`, at);
      }
      if (!Array.isArray(src) && !isPlainObject(src)) {
        const at = pointerOf(parent, parent === undefined ? undefined : token);
        return fail('json-invalid-value', `${where(at)} is ${describeKind(src)}, not plain JSON data.`, at);
      }
      const task: Task = { src, out: Array.isArray(src) ? new Array<unknown>(src.length) : {}, depth, parent, token };
      stack.push(task);
      return task;
    };
    const root = open(value, undefined, '', 0);
    if (!('src' in root)) return root;
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (Array.isArray(t.src)) {
        const src = t.src as unknown[];
        const out = t.out as unknown[];
        for (let i = 0; i < src.length; i++) {
          if (++nodes > MAX_NODES) return fail('json-too-large', `The document has more than ${MAX_NODES} values.`, pointerOf(t, i));
          const child: unknown = src[i];
          if (typeof child === 'object' && child !== null) {
            const c = open(child, t, i, t.depth + 1);
            if (!('src' in c)) return c;
            out[i] = c.out;
            continue;
          }
          const bad = scalarProblem(child, () => pointerOf(t, i));
          if (bad) return { ok: false, error: [bad] };
          out[i] = child;
        }
        continue;
      }
      const src = t.src as JsonObject;
      const out = t.out as JsonObject;
      const keys = Object.keys(src);
      for (const key of keys) {
        if (key === '__proto__') {
          const at = pointerOf(t);
          return fail('json-forbidden-key', `${where(at)} has a key "__proto__", which is not allowed.`, pointerOf(t, key));
        }
        const child = src[key];
        if (child === undefined) continue;
        if (++nodes > MAX_NODES) return fail('json-too-large', `The document has more than ${MAX_NODES} values.`, pointerOf(t, key));
        if (typeof child === 'object' && child !== null) {
          const c = open(child, t, key, t.depth + 1);
          if (!('src' in c)) return c;
          ownSet(out, key, c.out);
          continue;
        }
        const bad = scalarProblem(child, () => pointerOf(t, key));
        if (bad) return { ok: false, error: [bad] };
        ownSet(out, key, child);
      }
    }
    // Keys are set in source order as they are met, so insertion order is preserved.
    return { ok: true, value: root.out };
  } catch (e) {
    return {
      ok: false,
      error: [
        issue('error', 'json-invalid-value', `The value could not be read as JSON data (${errorText(e)}).`, {
          pointer: '',
        }),
      ],
    };
  }
}

/**
 * Human-readable location for a pointer: `pieces[0].square`, or "The document" for the root.
 * Used at the start of messages.
 */
export function where(pointer: string): string {
  const path = pointerPath(pointer);
  return path === '' ? 'The document' : `\`${path}\``;
}

/** `"/pieces/0/square"` → `"pieces[0].square"`; root → `""`. */
export function pointerPath(pointer: string): string {
  let out = '';
  for (const t of pointerTokens(pointer)) {
    if (/^(0|[1-9][0-9]*)$/.test(t)) out += `[${t}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(t)) out += out === '' ? t : `.${t}`;
    else out += `[${JSON.stringify(t)}]`;
  }
  return out;
}

/** Message of an unknown thrown value, never throwing itself. */
export function errorText(e: unknown): string {
  try {
    if (e instanceof Error) return e.message;
    return String(e);
  } catch {
    return 'unknown error';
  }
}
