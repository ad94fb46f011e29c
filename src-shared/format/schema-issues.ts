/**
 * Turns ajv errors from the generated validators into coded Issues
 * (internal to the format layer; see load.ts for the public API).
 *
 * Codes:
 * - `schema-required`            a required field is missing (pointer = the missing field)
 * - `schema-type`                wrong JSON type
 * - `schema-enum`                value not in the allowed set (enum or const)
 * - `schema-additional-property` unknown field in a closed object, or a field of another ruleset
 * - `schema-pattern`             string of the wrong shape (square name, hash, letter, path, ...)
 * - `schema-range`               number out of range (board size, par, goal moves, ...)
 * - `schema-array-length`        too few / too many items (transform `allowed`)
 * - `schema-duplicate`           repeated item where items must be distinct
 * - `schema-one-of`              matches none / several of the allowed shapes (pack entries)
 * - `schema-invalid`             any other schema violation
 *
 * Each Issue carries `pointer` (RFC 6901). When the failing value is a valid
 * square name, or sits inside a piece/tile whose `square` is, `square` and
 * `squares` name it so the editor can highlight it.
 */
import { parseSquare } from '../model/square.js';
import { issue, type Issue } from '../validation/issue.js';
import type { SchemaError } from './generated/validate-level.js';
import { escapePointerToken, isJsonObject, ownGet, pointerTokens, where } from './json-value.js';

/** Patterns used by the schemas, mirrored here for messages (a test checks they match schemas/). */
export const SQUARE_PATTERN = '^[a-z](?:[1-9]|1[0-9]|2[0-6])$';
export const LEVEL_HASH_PATTERN = '^sha256:[0-9a-f]{64}$';
export const LETTER_PATTERN = '^[A-Z]$';
export const SPELL_PATTERN = '^[A-Z]+$';
export const PACK_FILE_PATTERN = '^(?![/])(?![A-Za-z]:)(?!(?:.*/)?\\.\\.(?:/|$))[^\\\\\\u0000]+$';

/** Cap on reported issues per document; one extra `schema-too-many-errors` issue says how many were left out. */
export const MAX_ISSUES = 100;

/** Value at a JSON pointer, or undefined. Own properties only. */
export function valueAt(root: unknown, pointer: string): unknown {
  let cur: unknown = root;
  for (const t of pointerTokens(pointer)) {
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9][0-9]*)$/.test(t)) return undefined;
      cur = cur[Number(t)];
    } else if (isJsonObject(cur)) {
      cur = ownGet(cur, t);
    } else {
      return undefined;
    }
  }
  return cur;
}

function isSquareName(v: unknown): v is string {
  return typeof v === 'string' && parseSquare(v) !== undefined;
}

/**
 * The square an error is about: the failing value itself when it is a valid
 * square name, else the `square` of the nearest enclosing object that has one.
 */
export function squareForPointer(root: unknown, pointer: string): string | undefined {
  const tokens = pointerTokens(pointer);
  const own = valueAt(root, pointer);
  if (isSquareName(own)) return own;
  for (let n = tokens.length; n >= 0; n--) {
    const p = tokens
      .slice(0, n)
      .map((t) => `/${escapePointerToken(t)}`)
      .join('');
    const v = valueAt(root, p);
    if (isJsonObject(v)) {
      const sq = ownGet(v, 'square');
      if (isSquareName(sq)) return sq;
    }
  }
  return undefined;
}

function show(v: unknown): string {
  if (v === undefined) return 'missing';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return 'an array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'an object';
  return String(v);
}

const ARTICLE: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  integer: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  null: 'null',
};

function patternMessage(pattern: string, at: string, value: unknown): string {
  switch (pattern) {
    case SQUARE_PATTERN:
      return `${at} must be a square name (file a-z, rank 1-26, e.g. "e4"), not ${show(value)}.`;
    case LEVEL_HASH_PATTERN:
      return `${at} must be "sha256:" followed by 64 lowercase hex digits, not ${show(value)}.`;
    case LETTER_PATTERN:
      return `${at} must be one capital letter A-Z, not ${show(value)}.`;
    case SPELL_PATTERN:
      return `${at} must be a word of capital letters A-Z, not ${show(value)}.`;
    case PACK_FILE_PATTERN:
      return `${at} must be a relative path inside the pack folder (no leading "/", drive letter, "\\" or ".."), not ${show(value)}.`;
    default:
      return `${at} has the wrong form (${show(value)}).`;
  }
}

/** Context for messages: the document (for values, squares, ruleset). */
export interface SchemaIssueContext {
  root: unknown;
  /** Pointers that some error targets directly (instancePath, or instancePath/missingProperty for `required`). */
  errorPointers?: ReadonlySet<string>;
}

/**
 * Maps one ajv error to an Issue, or `undefined` for errors that only
 * restate another one (discriminator tag errors next to an enum/required error).
 */
export function schemaErrorToIssue(err: SchemaError, ctx: SchemaIssueContext): Issue | undefined {
  const base = err.instancePath;
  const params = err.params ?? {};
  let pointer = base;
  let code: string;
  let message: string;
  const value = valueAt(ctx.root, base);
  switch (err.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      pointer = `${base}/${escapePointerToken(missing)}`;
      code = 'schema-required';
      message = `${where(pointer)} is required but missing.`;
      break;
    }
    case 'type': {
      code = 'schema-type';
      const expected = String(params.type)
        .split(',')
        .map((t) => ARTICLE[t] ?? t)
        .join(' or ');
      message = `${where(base)} must be ${expected}, not ${show(value)}.`;
      break;
    }
    case 'enum': {
      code = 'schema-enum';
      const allowed = Array.isArray(params.allowedValues) ? (params.allowedValues as unknown[]).map(String).join(', ') : '';
      message = `${where(base)} is ${show(value)}; allowed values: ${allowed}.`;
      break;
    }
    case 'const': {
      code = 'schema-enum';
      message = `${where(base)} must be ${JSON.stringify(params.allowedValue)}, not ${show(value)}.`;
      break;
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      pointer = `${base}/${escapePointerToken(extra)}`;
      code = 'schema-additional-property';
      message = `${where(base)} has an unknown field \`${extra}\`.`;
      break;
    }
    case 'false schema': {
      code = 'schema-additional-property';
      const ruleset = isJsonObject(ctx.root) ? ownGet(ctx.root, 'ruleset') : undefined;
      message = typeof ruleset === 'string' ? `${where(base)} is not a field of ${ruleset} levels.` : `${where(base)} is not allowed here.`;
      break;
    }
    case 'pattern': {
      code = 'schema-pattern';
      message = patternMessage(String(params.pattern), where(base), value);
      break;
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      code = 'schema-range';
      const words: Record<string, string> = {
        minimum: 'at least',
        maximum: 'at most',
        exclusiveMinimum: 'more than',
        exclusiveMaximum: 'less than',
      };
      message = `${where(base)} is ${show(value)}; it must be ${words[err.keyword]} ${String(params.limit)}.`;
      break;
    }
    case 'minItems':
    case 'maxItems': {
      code = 'schema-array-length';
      const n = Array.isArray(value) ? value.length : 0;
      message = `${where(base)} has ${n} item${n === 1 ? '' : 's'}; it must have ${
        err.keyword === 'minItems' ? 'at least' : 'at most'
      } ${String(params.limit)}.`;
      break;
    }
    case 'uniqueItems': {
      code = 'schema-duplicate';
      const dup = Array.isArray(value) ? value[Number(params.j)] : undefined;
      message = `${where(base)} lists ${show(dup)} more than once; items must be distinct.`;
      break;
    }
    case 'discriminator': {
      const tag = String(params.tag);
      pointer = `${base}/${escapePointerToken(tag)}`;
      // The enum / required error at the tag already says it; keep only a lone one.
      if (ctx.errorPointers?.has(pointer)) return undefined;
      const tagValue = valueAt(ctx.root, pointer);
      if (tagValue === undefined) {
        code = 'schema-required';
        message = `${where(pointer)} is required but missing.`;
      } else if (typeof tagValue !== 'string') {
        code = 'schema-type';
        message = `${where(pointer)} must be a string, not ${show(tagValue)}.`;
      } else {
        code = 'schema-enum';
        message = `${where(pointer)} is ${show(tagValue)}, which is not an allowed value.`;
      }
      break;
    }
    case 'pack-entry-shape': {
      // Synthesised by load.ts for a pack entry with both or neither of `file` and `level`.
      code = 'schema-one-of';
      message = `${where(base)} ${String(params.detail)}; a pack entry needs exactly one: \`file\` (folder form) or \`level\` (single-file form).`;
      break;
    }
    case 'oneOf': {
      code = 'schema-one-of';
      message = `${where(base)} does not match exactly one of the allowed shapes.`;
      break;
    }
    default: {
      code = 'schema-invalid';
      message = `${where(base)} is invalid (${err.message ?? err.keyword}).`;
    }
  }
  const square = squareForPointer(ctx.root, pointer);
  return issue('error', code, message, { pointer, ...(square !== undefined ? { squares: [square] } : {}) });
}

/** Maps and de-duplicates a validator's errors; caps the list at {@link MAX_ISSUES}. */
export function schemaIssues(errors: readonly SchemaError[] | null | undefined, ctx: SchemaIssueContext): Issue[] {
  const out: Issue[] = [];
  const seen = new Set<string>();
  const list = errors ?? [];
  const errorPointers = new Set<string>();
  for (const e of list) {
    if (e.keyword === 'discriminator') continue;
    errorPointers.add(e.instancePath);
    if (e.keyword === 'required') errorPointers.add(`${e.instancePath}/${escapePointerToken(String(e.params?.missingProperty))}`);
  }
  const full: SchemaIssueContext = { ...ctx, errorPointers };
  let i = 0;
  for (; i < list.length && out.length < MAX_ISSUES; i++) {
    const mapped = schemaErrorToIssue(list[i]!, full);
    if (!mapped) continue;
    const key = `${mapped.code}\u0000${mapped.pointer ?? ''}\u0000${mapped.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(mapped);
  }
  const rest = list.length - i;
  if (rest > 0) {
    out.push(issue('error', 'schema-too-many-errors', `Up to ${rest} more schema error${rest === 1 ? '' : 's'} not shown.`, { pointer: '' }));
  }
  return out;
}
