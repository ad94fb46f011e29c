/**
 * Every method of `HOST_METHODS` over HTTP (`castellan serve`), fed hostile
 * bodies made from its request schema (tests/shared/host/request-samples.ts):
 * not an object, an extra field, each field with wrong values. Each answers
 * 200 with `bad-request` naming the method and the field; nothing in the
 * workspace changes, and the host keeps serving.
 */
import { readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_METHODS, HOST_REQUEST_SCHEMAS, type HostMethod } from '../../../src-shared/host/contract.js';
import type { FieldSchema, RequestSchema } from '../../../src-shared/host/request-schema.js';
import { startServeHost, type ServeHandle } from '../../../src-main/serve/server.js';
import { fullRequest, hostileValues } from '../../shared/host/request-samples.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { apiCall } from './serve-client.js';

let host: ServeHandle;
let workspace: string;

beforeAll(async () => {
  workspace = realpathSync(tempDir('castellan-hostile-ws-'));
  const rendererDir = realpathSync(tempDir('castellan-hostile-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>editor</title>');
  writeFileSync(join(workspace, 'a.level.json'), json(twoMoveLevel()));
  host = await startServeHost({ workspace, rendererDir });
});

afterAll(async () => {
  await host.close();
  cleanupTempDirs();
});

async function post(method: string, body: unknown): Promise<{ ok?: unknown; code?: string; message?: string }> {
  const r = await apiCall(host, method, body);
  expect(r.status, `${method} ${r.body}`).toBe(200);
  return JSON.parse(r.body) as { ok?: unknown; code?: string; message?: string };
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('hostile requests over HTTP, every method', () => {
  for (const m of HOST_METHODS as readonly HostMethod[]) {
    it(`${m}: bad-request naming the field for each hostile body; nothing written`, async () => {
      const schema = HOST_REQUEST_SCHEMAS[m] as unknown as RequestSchema;
      const before = readdirSync(workspace).sort();
      for (const body of [null, [], 'x', 7, true]) {
        expect(await post(m, body), `${m} ${JSON.stringify(body)}`).toEqual({
          ok: false,
          code: 'bad-request',
          message: `${m}: the request must be a JSON object.`,
        });
      }
      const full = fullRequest(schema);
      expect(await post(m, { ...full, extra: 1 })).toEqual({ ok: false, code: 'bad-request', message: `${m}: unexpected field "extra".` });
      for (const [field, node] of Object.entries(schema.properties)) {
        for (const h of hostileValues(node as FieldSchema)) {
          // JSON has no NaN or Infinity (they arrive as null, a wrong value of its own).
          const a = await post(m, { ...full, [field]: h.value });
          expect(a.code, `${m}.${field} as ${h.what}: ${a.message}`).toBe('bad-request');
          expect(a.message, `${m}.${field} as ${h.what}`).toMatch(new RegExp(`^${m}: .*"${escape(field)}`));
        }
      }
      expect(readdirSync(workspace).sort()).toEqual(before);
    });
  }

  it('the host keeps serving after them', async () => {
    expect(await post('startup', {})).toMatchObject({ ok: true, info: { host: 'serve' } });
  });
});
