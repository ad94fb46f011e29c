/**
 * The language of the host requests' JSON schemas (one per method, beside
 * its entry in the method lists: contract.ts and the per-family contracts):
 * the subset of JSON Schema (draft 07) they use, a few shared fragments,
 * and the types that tie each schema to its TypeScript request type.
 *
 * - The schemas are plain JSON objects written `as const`, so the
 *   TypeScript compiler sees their literal shape: `RequestOf<S>` is the
 *   request a schema accepts, and `SchemaDrift<R, S>` lists where the
 *   request type `R` (contract.ts `HostRequests`) and the schema `S`
 *   disagree: a field one has and the other lacks, a field required in one
 *   and optional in the other, or a type the schema refuses. contract.ts
 *   asserts that no method drifts, so `npx tsc -b` fails on a drift.
 * - `scripts/gen-format.mjs` (`npm run gen`) compiles them with ajv
 *   `standalone` into src-shared/host/generated/validate-requests.js (no
 *   runtime compile: the editor's CSP forbids it); request-check.ts runs
 *   them and words the `bad-request` answers.
 * - Annotations (ignored by validation, read by request-check.ts):
 *   `message` words any problem of the field or of anything inside it
 *   (`{field}` = the field's name, e.g. `"docId"` or `"tabs[2].docId"`);
 *   `missingMessage` words a missing required field; `omittable` (on a
 *   method's schema) lets the request be absent (`undefined`: `{}`).
 *   Without them the answer is worded from the field's schema (type,
 *   range, length, allowed values).
 *
 * The schema may be wider than the type where code checks further after
 * the schema (a ruleset id against the registry, a document against the
 * level schema, a position against the pack's length): those checks stay
 * in the host's services, after the schema check.
 */

/** Annotations every schema node may carry (see the file comment). */
interface Annotations {
  readonly description?: string;
  /** Words any problem of this field or inside it; `{field}` is replaced by the field's quoted name. */
  readonly message?: string;
  /** Words a missing required field (default: `message`, else `{field} is required.`). */
  readonly missingMessage?: string;
}

export interface StringSchema extends Annotations {
  readonly type: 'string' | readonly ['string', 'null'];
  /** Lengths count UTF-16 code units, like `String.length` (generated with ajv `unicode: false`). */
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly enum?: readonly string[];
}

export interface NumberSchema extends Annotations {
  /** `number`: any finite number; `integer`: a whole one. */
  readonly type: 'integer' | 'number';
  readonly minimum?: number;
  readonly maximum?: number;
}

export interface BooleanSchema extends Annotations {
  readonly type: 'boolean';
}

export interface ArraySchema extends Annotations {
  readonly type: 'array';
  readonly items: FieldSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** A closed object: only the listed fields. */
export interface ObjectSchema extends Annotations {
  readonly type: 'object' | readonly ['object', 'null'];
  readonly properties: { readonly [field: string]: FieldSchema };
  readonly required?: readonly string[];
  readonly additionalProperties: false;
}

/** Any JSON object; what is inside is checked by code after the schema (a level document). */
export interface AnyObjectSchema extends Annotations {
  readonly type: 'object';
  readonly properties?: never;
}

/** Any JSON value; checked by code after the schema (a pack manifest: `invalid`, not `bad-request`). */
export interface AnyValueSchema extends Annotations {
  readonly type?: never;
}

export type FieldSchema = StringSchema | NumberSchema | BooleanSchema | ArraySchema | ObjectSchema | AnyObjectSchema | AnyValueSchema;

/** The schema of one method's request: a closed JSON object. */
export interface RequestSchema extends ObjectSchema {
  readonly type: 'object';
  /** The request may be absent (`undefined` counts as `{}`): `startup`, `list`, ... */
  readonly omittable?: true;
}

/** The request schemas of a group of methods: one per method, no more, no less. */
export type RequestSchemas<M extends string> = { readonly [K in M]: RequestSchema };

// ------------------------------------------------------------------ shared fragments

/** Longest host path a request may name (characters), as both hosts' path checks (`resolvePath`). */
export const MAX_HOST_PATH = 4096;

/** A request with no fields. */
export const EMPTY_REQUEST = { type: 'object', properties: {}, additionalProperties: false } as const;
/** A request with no fields that may also be absent. */
export const OMITTABLE_EMPTY_REQUEST = { ...EMPTY_REQUEST, omittable: true } as const;

export const NON_EMPTY_STRING = { type: 'string', minLength: 1 } as const;
export const BOOLEAN = { type: 'boolean' } as const;
/** A host path (serve: workspace-relative; Electron: absolute); confined by the host after the schema. */
export const HOST_PATH = { type: 'string', minLength: 1, maxLength: MAX_HOST_PATH } as const;

/** An integer from `minimum` to `maximum` (both included). */
export function integer<A extends number, B extends number>(minimum: A, maximum: B): { readonly type: 'integer'; readonly minimum: A; readonly maximum: B } {
  return { type: 'integer', minimum, maximum };
}

/** An autosave id: 1-64 of `[A-Za-z0-9_-]` (a file name in the recovery folder). */
export const DOC_ID = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  message: '{field} must be 1 to 64 of the characters A-Z a-z 0-9 _ -.',
} as const;

const REVISION_FIELDS = {
  properties: {
    mtimeMs: { type: 'number' },
    size: { type: 'integer', minimum: 0 },
    sha256: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' },
  },
  required: ['mtimeMs', 'size', 'sha256'],
  additionalProperties: false,
} as const;

/** A file revision (base.ts `FileRevision`): finite `mtimeMs`, whole `size` >= 0, `sha256:<64 hex>`. */
export const FILE_REVISION = { type: 'object', ...REVISION_FIELDS, message: '{field} must be a revision {mtimeMs, size, sha256}.' } as const;
/** A file revision or `null` (the file must not exist). */
export const FILE_REVISION_OR_NULL = {
  type: ['object', 'null'],
  ...REVISION_FIELDS,
  message: '{field} must be a revision {mtimeMs, size, sha256} or null.',
} as const;

// ------------------------------------------------------------------ schema -> type

type RequiredFields<S> = S extends { readonly required: readonly (infer K)[] } ? K : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<P, R> = Simplify<{ -readonly [K in keyof P & R]: RequestOf<P[K]> } & { -readonly [K in Exclude<keyof P, R>]?: RequestOf<P[K]> }>;

/** The value a schema accepts, as a TypeScript type (what the request check guarantees). */
export type RequestOf<S> = S extends { readonly type: 'string' }
  ? S extends { readonly enum: readonly (infer E)[] }
    ? E
    : string
  : S extends { readonly type: readonly ['string', 'null'] }
    ? string | null
    : S extends { readonly type: 'integer' | 'number' }
      ? number
      : S extends { readonly type: 'boolean' }
        ? boolean
        : S extends { readonly type: 'array'; readonly items: infer I }
          ? RequestOf<I>[]
          : S extends { readonly type: 'object'; readonly properties: infer P }
            ? ObjectOf<P, RequiredFields<S>>
            : S extends { readonly type: readonly ['object', 'null']; readonly properties: infer P }
              ? ObjectOf<P, RequiredFields<S>> | null
              : S extends { readonly type: 'object' }
                ? object
                : unknown;

// ------------------------------------------------------------------ drift between a type and its schema

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** `Record<string, never>` (a request without fields) reads as `{}`. */
type Fields<T> = string extends keyof T ? object : T;
/** Where the objects `R` (the type) and `I` (the schema's) disagree, each message starting with the field's path. */
type ObjectDrift<R, I, At extends string> =
  Same<keyof R, keyof I> extends false
    ? | `${At}.${Exclude<keyof R, keyof I> & string}: a field of the type, not of the schema`
      | `${At}.${Exclude<keyof I, keyof R> & string}: a field of the schema, not of the type`
    : Same<RequiredKeys<R>, RequiredKeys<I>> extends false
      ? | `${At}.${Exclude<RequiredKeys<R>, RequiredKeys<I>> & string}: required by the type, optional in the schema`
        | `${At}.${Exclude<RequiredKeys<I>, RequiredKeys<R>> & string}: required by the schema, optional in the type`
      : { [K in keyof R & keyof I & string]: ValueDrift<Exclude<R[K], undefined>, Exclude<I[K], undefined>, `${At}.${K}`> }[keyof R & keyof I & string];

/** Where a value type `R` and the schema's `I` disagree (never: they agree). */
type ValueDrift<R, I, At extends string> = unknown extends R
  ? never // the type leaves the value open; the schema decides
  : unknown extends I
    ? never // the schema leaves it to code (any value)
    : Same<I, object> extends true
      ? [R] extends [object]
        ? never
        : `${At}: the schema wants an object`
      : Same<null extends R ? 1 : 0, null extends I ? 1 : 0> extends false
        ? `${At}: null is allowed by one of type and schema only`
        : NonNullable<I> extends readonly (infer IE)[]
          ? NonNullable<R> extends readonly (infer RE)[]
            ? ValueDrift<RE, IE, `${At}[]`>
            : `${At}: the schema wants an array`
          : NonNullable<I> extends object
            ? ObjectDrift<Fields<NonNullable<R>>, NonNullable<I>, At>
            : [R] extends [I]
              ? never
              : `${At}: the schema refuses some values of the type`;

/**
 * `never` when the request type `R` and the schema `S` agree (same fields,
 * same required fields, every value of the type accepted by the schema, in
 * nested objects too); else a message per disagreement.
 */
export type SchemaDrift<R, S, Method extends string> = ObjectDrift<Fields<R>, RequestOf<S>, Method>;
