/**
 * Host requests described once: every method of `HOST_METHODS` has its
 * request's JSON schema (`HOST_REQUEST_SCHEMAS`, beside the method lists)
 * and a validator precompiled from it (generated/validate-requests.js,
 * `npm run gen`); `checkRequest` refuses hostile requests with
 * `bad-request` naming the method and the field, and never throws.
 *
 * The hostile requests are made from each schema's own words
 * (request-samples.ts), so a method added later is walked too.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOST_METHODS, HOST_REQUEST_SCHEMAS, type HostMethod, type SchemaDrift } from '../../../src-shared/host/contract.js';
import { REQUEST_VALIDATORS } from '../../../src-shared/host/generated/validate-requests.js';
import { checkRequest } from '../../../src-shared/host/request-check.js';
import type { FieldSchema, RequestSchema } from '../../../src-shared/host/request-schema.js';
import { fullRequest, hostileValues } from './request-samples.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface GenModule {
  hostRequestFiles(schemas: Record<string, object>): Map<string, string>;
}
const loadGen = async (): Promise<GenModule> => (await import(pathToFileURL(path.join(root, 'scripts/gen-format.mjs')).href)) as GenModule;

const schemaOf = (m: HostMethod): RequestSchema => HOST_REQUEST_SCHEMAS[m] as unknown as RequestSchema;

/** The answer of checkRequest as a plain record (the test reads `ok`, `code`, `message`). */
function check(method: HostMethod, raw: unknown): { ok?: unknown; code?: string; message?: string } {
  return checkRequest(method, raw) as { ok?: unknown; code?: string; message?: string };
}

describe('every host method has its request schema', () => {
  it('HOST_REQUEST_SCHEMAS and the precompiled validators name exactly the methods of HOST_METHODS', () => {
    expect(Object.keys(HOST_REQUEST_SCHEMAS).sort()).toEqual([...HOST_METHODS].sort());
    expect(Object.keys(REQUEST_VALIDATORS).sort()).toEqual([...HOST_METHODS].sort());
    for (const m of HOST_METHODS) expect(typeof REQUEST_VALIDATORS[m], m).toBe('function');
  });

  it('each schema is a closed JSON object whose required fields are among its fields', () => {
    for (const m of HOST_METHODS) {
      const s = schemaOf(m);
      expect(s.type, m).toBe('object');
      expect(s.additionalProperties, m).toBe(false);
      for (const r of s.required ?? []) expect(Object.keys(s.properties), `${m}.${r}`).toContain(r);
    }
  });

  it('the committed validators equal a fresh generation from the schemas (run `npm run gen`) and compile nothing at run time', async () => {
    const files = (await loadGen()).hostRequestFiles(JSON.parse(JSON.stringify(HOST_REQUEST_SCHEMAS)) as Record<string, object>);
    expect([...files.keys()].sort()).toEqual(['src-shared/host/generated/validate-requests.d.ts', 'src-shared/host/generated/validate-requests.js']);
    for (const [rel, content] of files) {
      const committed = await readFile(path.join(root, rel), 'utf8');
      expect(committed === content, `${rel} is stale; run npm run gen`).toBe(true);
    }
    const code = files.get('src-shared/host/generated/validate-requests.js')!;
    // The editor's CSP has no unsafe-eval: no runtime compilation, and ESM only.
    expect(code).not.toMatch(/\bnew Function\b|\beval\s*\(|\brequire\s*\(/);
  });

  it('a request type and a schema that disagree are caught by the typecheck (SchemaDrift)', () => {
    // Compile-time checks (npx tsc -b): these lines fail to compile when SchemaDrift misses the drift.
    const wrongType: [SchemaDrift<{ jobId: number }, typeof HOST_REQUEST_SCHEMAS.solvePoll, 'solvePoll'>] extends [never] ? false : true = true;
    const extraField: [SchemaDrift<{ jobId: string; x?: string }, typeof HOST_REQUEST_SCHEMAS.solvePoll, 'solvePoll'>] extends [never] ? false : true = true;
    const optional: [SchemaDrift<{ jobId?: string }, typeof HOST_REQUEST_SCHEMAS.solvePoll, 'solvePoll'>] extends [never] ? false : true = true;
    const agrees: [SchemaDrift<{ jobId: string }, typeof HOST_REQUEST_SCHEMAS.solvePoll, 'solvePoll'>] extends [never] ? true : false = true;
    expect([wrongType, extraField, optional, agrees]).toEqual([true, true, true, true]);
  });
});

describe('checkRequest accepts what the schema describes', () => {
  for (const m of HOST_METHODS) {
    it(`${m}: a request with every field set is accepted as is`, () => {
      const req = fullRequest(schemaOf(m));
      expect(checkRequest(m, req)).toBe(req);
    });
  }

  it('an absent request is {} for the methods without fields that allow it (startup, list, recoveryList, ...), refused elsewhere', () => {
    for (const m of ['startup', 'list', 'recoveryList', 'packList', 'recentList', 'sessionGet', 'browse', 'workspaceSummary'] as const) {
      expect(checkRequest(m, undefined), m).toEqual({});
    }
    expect(check('solvePoll', undefined)).toEqual({ ok: false, code: 'bad-request', message: 'solvePoll: the request must be a JSON object.' });
  });
});

describe('hostile requests answer bad-request naming the method and the field, never a throw', () => {
  const notObjects: [string, unknown][] = [
    ['null', null],
    ['an array', []],
    ['a string', 'x'],
    ['a number', 7],
    ['a Date', new Date(0)],
    ['an object with a foreign prototype', Object.create({ path: 'a.level.json' }) as object],
  ];
  for (const m of HOST_METHODS) {
    it(`${m}: not a plain object, extra fields (__proto__, constructor, x), and every field's wrong values`, () => {
      for (const [what, raw] of notObjects) {
        expect(check(m, raw), `${m} with ${what}`).toEqual({ ok: false, code: 'bad-request', message: `${m}: the request must be a JSON object.` });
      }
      const full = fullRequest(schemaOf(m));
      for (const extra of ['__proto__', 'constructor', 'x']) {
        // JSON.parse makes "__proto__" an own field, as the serve host's body parser does.
        const raw = JSON.parse(JSON.stringify(full).replace(/^\{/, `{${JSON.stringify(extra)}:1${Object.keys(full).length ? ',' : ''}`)) as unknown;
        expect(check(m, raw), `${m} with the field ${extra}`).toEqual({ ok: false, code: 'bad-request', message: `${m}: unexpected field "${extra}".` });
      }
      for (const [field, node] of Object.entries(schemaOf(m).properties)) {
        for (const h of hostileValues(node as FieldSchema)) {
          const a = check(m, { ...full, [field]: h.value });
          expect(a.ok, `${m}.${field} as ${h.what}`).toBe(false);
          expect(a.code, `${m}.${field} as ${h.what}`).toBe('bad-request');
          expect(a.message, `${m}.${field} as ${h.what}`).toMatch(new RegExp(`^${m}: .*"${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        }
      }
    });
  }

  it('a missing required field is named', () => {
    for (const m of HOST_METHODS) {
      const s = schemaOf(m);
      for (const r of s.required ?? []) {
        const req = fullRequest(s);
        delete req[r];
        const a = check(m, req);
        expect(a.code, `${m} without ${r}`).toBe('bad-request');
        expect(a.message, `${m} without ${r}`).toMatch(new RegExp(`^${m}: .*"${r}"`));
      }
    }
  });

  it('huge arrays: 1,000,000 level positions, 1,000,000 tabs and 1,000,000 piece names are refused by their bound', () => {
    const million = <T>(v: T): T[] => Array.from({ length: 1_000_000 }, () => v);
    expect(check('packVerifyStart', { path: 'p', levels: million(0) })).toEqual({
      ok: false,
      code: 'bad-request',
      message: 'packVerifyStart: "levels" must be a non-empty array of at most 10000 level positions.',
    });
    expect(check('sessionSet', { tabs: million({ path: null, docId: 'a' }) })).toEqual({
      ok: false,
      code: 'bad-request',
      message: 'sessionSet: "tabs" must be an array of at most 100 tabs.',
    });
    expect(check('suggestStart', { ruleset: 'unlock-the-king', seed: 1, parMin: 1, parMax: 2, pieces: million('king') })).toEqual({
      ok: false,
      code: 'bad-request',
      message: 'suggestStart: "pieces" must be an array of at most 16 names.',
    });
  });

  it('messages: worded from the schema, or from its message annotation (hand-worked from the contract caps)', () => {
    // PACK_VERIFY_MAX_TIME_MS is 10 minutes = 600000 ms.
    expect(check('packVerifyStart', { path: 'p', timeMs: 0 }).message).toBe('packVerifyStart: "timeMs" must be an integer from 1 to 600000.');
    expect(check('solveStart', { document: {}, purpose: 'fast' }).message).toBe('solveStart: "purpose" must be "live" or "proof".');
    expect(check('packExport', { path: 'p', out: 'o', force: 'yes' }).message).toBe('packExport: "force" must be true or false.');
    expect(check('revision', {}).message).toBe('revision: "path" is required.');
    expect(check('open', { path: '' }).message).toBe('open: "path" must be a non-empty string.');
    expect(check('packCreate', { path: 'p', title: 't'.repeat(201), ruleset: 'unlock-the-king' }).message).toBe(
      'packCreate: "title" is longer than 200 characters.',
    );
    expect(check('sessionSet', { tabs: [{ path: null, docId: 'a/b' }] }).message).toBe(
      'sessionSet: "tabs[0].docId" must be 1 to 64 of the characters A-Z a-z 0-9 _ -.',
    );
    expect(check('save', { path: 'a.level.json', document: {}, expectedRevision: { mtimeMs: 1, size: -1, sha256: 'x' } }).message).toBe(
      'save: "expectedRevision" must be a revision {mtimeMs, size, sha256} or null.',
    );
  });
});
