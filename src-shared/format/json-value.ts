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

/** Own-property write that is safe for any key, `__proto__` included. */
export function ownSet(obj: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
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

interface Task {
  src: unknown;
  pointer: string;
  depth: number;
  set: (v: unknown) => void;
}

/**
 * Copies `value` into a plain JSON tree (see module doc). Never throws.
 * Errors: `json-too-deep`, `json-too-large`, `json-forbidden-key`,
 * `json-invalid-value`, each with the JSON pointer of the offending value.
 */
export function toPlainJson(value: unknown): Result<unknown, Issue[]> {
  try {
    let root: unknown;
    const stack: Task[] = [{ src: value, pointer: '', depth: 0, set: (v) => (root = v) }];
    let nodes = 0;
    const fail = (code: string, message: string, pointer: string): Result<unknown, Issue[]> => ({
      ok: false,
      error: [issue('error', code, message, { pointer })],
    });
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (++nodes > MAX_NODES) {
        return fail('json-too-large', `The document has more than ${MAX_NODES} values.`, t.pointer);
      }
      const v = t.src;
      if (v === null || typeof v === 'string' || typeof v === 'boolean') {
        t.set(v);
        continue;
      }
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) {
          return fail('json-invalid-value', `${where(t.pointer)} is ${String(v)}, which JSON cannot hold.`, t.pointer);
        }
        t.set(v);
        continue;
      }
      if (typeof v !== 'object') {
        return fail('json-invalid-value', `${where(t.pointer)} is ${describeKind(v)}, which JSON cannot hold.`, t.pointer);
      }
      if (t.depth >= MAX_DEPTH) {
        return fail('json-too-deep', `${where(t.pointer)} is nested more than ${MAX_DEPTH} levels deep (or the value is cyclic).`, t.pointer);
      }
      if (Array.isArray(v)) {
        const out: unknown[] = new Array<unknown>(v.length);
        t.set(out);
        for (let i = v.length - 1; i >= 0; i--) {
          const child: unknown = v[i];
          const pointer = `${t.pointer}/${i}`;
          if (child === undefined || typeof child === 'function' || typeof child === 'symbol') {
            return fail('json-invalid-value', `${where(pointer)} is ${describeKind(child)}, which JSON cannot hold.`, pointer);
          }
          stack.push({ src: child, pointer, depth: t.depth + 1, set: (c) => (out[i] = c) });
        }
        continue;
      }
      if (!isPlainObject(v)) {
        return fail('json-invalid-value', `${where(t.pointer)} is ${describeKind(v)}, not plain JSON data.`, t.pointer);
      }
      const out: JsonObject = {};
      t.set(out);
      const src = v as JsonObject;
      const keys = Object.keys(src);
      for (let k = keys.length - 1; k >= 0; k--) {
        const key = keys[k]!;
        const pointer = `${t.pointer}/${escapePointerToken(key)}`;
        if (key === '__proto__') {
          return fail('json-forbidden-key', `${where(t.pointer)} has a key "__proto__", which is not allowed.`, pointer);
        }
        const child = src[key];
        if (child === undefined) continue;
        if (typeof child === 'function' || typeof child === 'symbol') {
          return fail('json-invalid-value', `${where(pointer)} is ${describeKind(child)}, which JSON cannot hold.`, pointer);
        }
        stack.push({ src: child, pointer, depth: t.depth + 1, set: (c) => ownSet(out, key, c) });
      }
    }
    // Object keys were pushed in reverse and popped in order, so insertion
    // order is preserved; array slots are assigned by index.
    return { ok: true, value: root };
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
