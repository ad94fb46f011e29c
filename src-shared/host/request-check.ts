/**
 * The check every host request passes first: its method's JSON schema
 * (contract.ts `HOST_REQUEST_SCHEMAS`), run by the validator precompiled
 * from it (generated/validate-requests.js, `npm run gen`), never compiled at
 * run time. A request that does not fit answers `bad-request` with a
 * message naming the method and the field, e.g.
 * `packVerifyStart: "timeMs" must be an integer from 1 to 600000.`:
 *
 * - the field's `message` annotation when it (or a field around it) has
 *   one, `{field}` replaced by the field's quoted name (`"docId"`,
 *   `"tabs[2].docId"`); a missing field's `missingMessage` first;
 * - otherwise worded from the field's schema: `"path" is required.`,
 *   `"force" must be true or false.`, `"title" is longer than 200
 *   characters.`, `unexpected field "x".`, ...
 *
 * The validators stop at the first problem, in this order: the request is
 * not a plain JSON object; a required field is missing (in the order of
 * `required`); an unexpected field; the fields' values in the order of
 * `properties`. Pure; never throws.
 */
import type { HostError } from './base.js';
import { HOST_REQUEST_SCHEMAS, type CheckedRequest, type HostMethod } from './contract.js';
import { REQUEST_VALIDATORS, type RequestSchemaError } from './generated/validate-requests.js';
import type { FieldSchema } from './request-schema.js';

/** True for a plain JSON object (not an array, null, or an object with a foreign prototype: a Map, a Date, a boxed value). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A `bad-request` HostError with `message` (shown to the user as is). */
export function badRequest(message: string): HostError {
  return { ok: false, code: 'bad-request', message };
}

/**
 * Checks `raw` against `method`'s request schema. Answers the request,
 * typed as the schema describes it (`CheckedRequest`: an absent request of
 * an `omittable` method is `{}`), or a `bad-request` HostError naming the
 * method and the field (see the file comment). Never throws.
 */
export function checkRequest<M extends HostMethod>(method: M, raw: unknown): CheckedRequest<M> | HostError {
  const schema = HOST_REQUEST_SCHEMAS[method] as FieldSchema & { omittable?: true };
  const req = raw === undefined && schema.omittable ? {} : raw;
  if (!isPlainObject(req)) return badRequest(`${method}: the request must be a JSON object.`);
  const validate = REQUEST_VALIDATORS[method];
  if (validate(req)) return req as CheckedRequest<M>;
  const error = validate.errors?.[0];
  return badRequest(`${method}: ${error ? problemText(schema, error) : 'the request does not fit its schema.'}`);
}

/** One step of the walk from the request down to the failing value. */
interface Step {
  /** The field's name for messages (`tabs[2].docId`). */
  label: string;
  node: FieldSchema | undefined;
}

/** The schema node of `key` inside `node` (a property of an object, an entry of an array). */
function child(node: FieldSchema | undefined, key: string): FieldSchema | undefined {
  if (!node || !('type' in node)) return undefined;
  if (node.type === 'array') return node.items;
  if ('properties' in node && node.properties) return Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
  return undefined;
}

function childLabel(parent: Step, parentNode: FieldSchema | undefined, key: string): string {
  if (parentNode && 'type' in parentNode && parentNode.type === 'array') return `${parent.label}[${key}]`;
  return parent.label === '' ? key : `${parent.label}.${key}`;
}

/** The steps from the request (label "") along a JSON pointer, plus `extra` (a missing field's name) when given. */
function walk(root: FieldSchema, pointer: string, extra?: string): Step[] {
  const keys =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) keys.push(extra);
  const steps: Step[] = [{ label: '', node: root }];
  for (const key of keys) {
    const parent = steps[steps.length - 1]!;
    steps.push({ label: childLabel(parent, parent.node, key), node: child(parent.node, key) });
  }
  return steps;
}

const quoted = (label: string): string => JSON.stringify(label);

/** What a value of `node` must be, in words ("an integer from 1 to 60"). */
function expected(node: FieldSchema): string {
  if (!('type' in node) || node.type === undefined) return 'a JSON value';
  const orNull = Array.isArray(node.type) ? ' or null' : '';
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'string': {
      const s = node as { minLength?: number; enum?: readonly string[] };
      if (s.enum) return oneOf(s.enum) + orNull;
      return (s.minLength !== undefined && s.minLength > 0 ? 'a non-empty string' : 'a string') + orNull;
    }
    case 'integer':
    case 'number': {
      const n = node as { minimum?: number; maximum?: number };
      const what = type === 'integer' ? 'an integer' : 'a number';
      if (n.minimum !== undefined && n.maximum !== undefined) return `${what} from ${n.minimum} to ${n.maximum}`;
      if (n.minimum !== undefined) return `${what} of at least ${n.minimum}`;
      if (n.maximum !== undefined) return `${what} of at most ${n.maximum}`;
      return what;
    }
    case 'boolean':
      return 'true or false';
    case 'array': {
      const a = node as { minItems?: number; maxItems?: number };
      if (a.minItems !== undefined && a.maxItems !== undefined) return `an array of ${a.minItems} to ${a.maxItems} entries`;
      if (a.maxItems !== undefined) return `an array of at most ${a.maxItems} entries`;
      if (a.minItems !== undefined) return a.minItems === 1 ? 'a non-empty array' : `an array of at least ${a.minItems} entries`;
      return 'an array';
    }
    default:
      return `a JSON object${orNull}`;
  }
}

function oneOf(values: readonly string[]): string {
  const q = values.map((v) => JSON.stringify(v));
  if (q.length <= 2) return q.join(' or ');
  return `one of ${q.join(', ')}`;
}

/** The message of a failed check (without the method), from the annotations or the schema. */
function problemText(root: FieldSchema, e: RequestSchemaError): string {
  const missing = e.keyword === 'required' ? String(e.params['missingProperty']) : undefined;
  const steps = walk(root, e.instancePath, missing);
  const last = steps[steps.length - 1]!;
  if (missing !== undefined && last.node?.missingMessage) return last.node.missingMessage.replace('{field}', quoted(last.label));
  // The deepest field on the way with a `message` words the problem.
  for (let i = steps.length - 1; i > 0; i--) {
    const m = steps[i]!.node?.message;
    if (m) return m.replace('{field}', quoted(steps[i]!.label));
  }
  const field = quoted(last.label);
  if (missing !== undefined) return `${field} is required.`;
  if (e.keyword === 'additionalProperties') {
    const extra = JSON.stringify(String(e.params['additionalProperty']));
    return last.label === '' ? `unexpected field ${extra}.` : `${field} has an unexpected field ${extra}.`;
  }
  if (last.label === '') return `the request ${e.message ?? 'does not fit its schema'}.`;
  if (!last.node) return `${field} ${e.message ?? 'does not fit its schema'}.`;
  if (e.keyword === 'maxLength') return `${field} is longer than ${String(e.params['limit'])} characters.`;
  if (e.keyword === 'pattern') return `${field} must match ${String(e.params['pattern'])}.`;
  return `${field} must be ${expected(last.node)}.`;
}
