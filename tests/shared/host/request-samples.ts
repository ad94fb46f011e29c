/**
 * Requests made from the host methods' request schemas (contract.ts
 * `HOST_REQUEST_SCHEMAS`) for the tests that walk every method: the
 * smallest request each schema accepts (`minimalRequest`), and for each
 * field the hostile values its schema must refuse (`hostileValues`: wrong
 * JSON types, strings and numbers out of range, non-finite numbers, arrays
 * past their bound, closed objects with an extra field).
 *
 * The values are worked out from the schema's own words (type, bounds,
 * enum, pattern), never from what the validators answer; a pattern this
 * file does not know has no sample, and the tests say so.
 */
import type { FieldSchema, RequestSchema } from '../../../src-shared/host/request-schema.js';

/** A value matching each pattern the request schemas use (a new pattern needs its sample here). */
const PATTERN_SAMPLES: Readonly<Record<string, string>> = {
  '^[A-Za-z0-9_-]{1,64}$': 'doc-1',
  '^sha256:[0-9a-f]{64}$': `sha256:${'0'.repeat(64)}`,
  '^[^\\u0000]*$': 'a.level.json',
};

type Node = FieldSchema & Record<string, unknown>;

function typeOf(node: Node): string | undefined {
  const t = node['type'] as string | readonly string[] | undefined;
  return Array.isArray(t) ? (t[0] as string) : (t as string | undefined);
}

/** A value `node` accepts (throws for a pattern without a sample: add one above). */
export function sampleValue(node: FieldSchema): unknown {
  const n = node as Node;
  switch (typeOf(n)) {
    case undefined:
      return {};
    case 'string': {
      if (Array.isArray(n['enum'])) return (n['enum'] as string[])[0];
      const pattern = n['pattern'] as string | undefined;
      if (pattern !== undefined) {
        const s = PATTERN_SAMPLES[pattern];
        if (s === undefined) throw new Error(`no sample for the pattern ${pattern}`);
        return s;
      }
      return 'a'.repeat(Math.max(1, (n['minLength'] as number | undefined) ?? 1));
    }
    case 'integer':
    case 'number':
      return (n['minimum'] as number | undefined) ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: (n['minItems'] as number | undefined) ?? 0 }, () => sampleValue(n['items'] as FieldSchema));
    default:
      return minimalObject(n);
  }
}

function minimalObject(n: Node): Record<string, unknown> {
  const props = (n['properties'] ?? {}) as Record<string, FieldSchema>;
  const out: Record<string, unknown> = {};
  // Every listed field (not only the required ones): the walk then reaches each field's value check.
  for (const [k, v] of Object.entries(props)) out[k] = sampleValue(v);
  return out;
}

/** The request with every field of `schema` set to an accepted value. */
export function fullRequest(schema: RequestSchema): Record<string, unknown> {
  return minimalObject(schema as unknown as Node);
}

/** One hostile value for a field, and what makes it hostile. */
export interface Hostile {
  what: string;
  value: unknown;
}

/** Values of the wrong JSON type for `node` (none for an any-value field). */
function wrongTypes(n: Node): Hostile[] {
  const t = typeOf(n);
  if (t === undefined) return [];
  const nullable = Array.isArray(n['type']);
  const all: [string, unknown][] = [
    ['string', 'x'],
    ['number', 7],
    ['boolean', true],
    ['array', []],
    ['object', {}],
    ['null', null],
  ];
  const accepts = (kind: string): boolean =>
    kind === t || (kind === 'number' && t === 'integer') || (kind === 'null' && nullable) || (t === 'number' && kind === 'integer');
  return all.filter(([kind]) => !accepts(kind)).map(([kind, value]) => ({ what: `a ${kind}`, value }));
}

/** Hostile values for the field `node` (each must be refused). */
export function hostileValues(node: FieldSchema): Hostile[] {
  const n = node as Node;
  const out = wrongTypes(n);
  const t = typeOf(n);
  if (t === 'string') {
    const max = n['maxLength'] as number | undefined;
    if (max !== undefined) out.push({ what: `${max + 1} characters`, value: 'a'.repeat(max + 1) });
    const min = n['minLength'] as number | undefined;
    if (min !== undefined && min > 0) out.push({ what: 'an empty string', value: '' });
    if (Array.isArray(n['enum'])) out.push({ what: 'a value outside its list', value: `not-${(n['enum'] as string[]).join('-')}` });
    if (n['pattern'] !== undefined) out.push({ what: 'a NUL character', value: 'a\u0000b' });
  }
  if (t === 'integer' || t === 'number') {
    // NaN and Infinity cannot come as JSON, but can through Electron's IPC (structured clone).
    out.push({ what: 'NaN', value: Number.NaN }, { what: 'Infinity', value: Number.POSITIVE_INFINITY });
    if (t === 'integer') out.push({ what: 'a fraction', value: 1.5 });
    const max = n['maximum'] as number | undefined;
    if (max !== undefined) out.push({ what: 'its maximum + 1', value: max + 1 });
    const min = n['minimum'] as number | undefined;
    if (min !== undefined) out.push({ what: 'its minimum - 1', value: min - 1 });
  }
  if (t === 'array') {
    const items = n['items'] as FieldSchema;
    const max = n['maxItems'] as number | undefined;
    if (max !== undefined) out.push({ what: `${max + 1} entries`, value: Array.from({ length: max + 1 }, () => sampleValue(items)) });
    const bad = hostileValues(items)[0];
    // A long array whose last entry is wrong: the check reaches it (and names it).
    if (bad)
      out.push({
        what: `an array whose last entry is ${bad.what}`,
        value: [...Array.from({ length: Math.min(max ?? 5000, 5000) - 1 }, () => sampleValue(items)), bad.value],
      });
  }
  if (t === 'object' && n['additionalProperties'] === false) {
    out.push({ what: 'an extra field', value: { ...(sampleValue(n) as object), extra: 1 } });
  }
  return out;
}
