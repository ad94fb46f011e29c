import { describe, expect, it } from 'vitest';
import { callHttp, KEEPALIVE_MAX_CHARS, type FetchLike } from '../../src-renderer/host/http-host.js';
import { tokenFromHash } from '../../src-renderer/host/token.js';

describe('serve host client', () => {
  it('reads the token from the URL hash printed by castellan serve', () => {
    expect(tokenFromHash('#token=YZt-ch6i4v6_roUK7')).toBe('YZt-ch6i4v6_roUK7');
    expect(tokenFromHash('#a=1&token=abc')).toBe('abc');
    expect(tokenFromHash('')).toBeUndefined();
    expect(tokenFromHash('#token=bad token<script>')).toBeUndefined();
  });

  it('POSTs /api/<method> with the token header and a JSON body', async () => {
    const seen: { url: string; init: Parameters<FetchLike>[1] }[] = [];
    const fetchFn: FetchLike = async (url, init) => {
      seen.push({ url, init });
      return { ok: true, status: 200, text: async () => '{"ok":true,"files":[]}' };
    };
    const r = await callHttp(fetchFn, '', 'tok', 'list', {});
    expect(r).toEqual({ ok: true, files: [] });
    expect(seen[0]!.url).toBe('/api/list');
    expect(seen[0]!.init.method).toBe('POST');
    expect(seen[0]!.init.headers['x-castellan-token']).toBe('tok');
    expect(JSON.parse(seen[0]!.init.body)).toEqual({});
  });

  it('passes host errors through and turns transport failures into coded HostErrors', async () => {
    const err: FetchLike = async () => ({ ok: false, status: 400, text: async () => '{"ok":false,"code":"bad-request","message":"nope"}' });
    expect(await callHttp(err, '', 't', 'open', {})).toEqual({ ok: false, code: 'bad-request', message: 'nope' });
    const down: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await callHttp(down, '', 't', 'open', {})).toMatchObject({ ok: false, code: 'io' });
    const html: FetchLike = async () => ({ ok: false, status: 403, text: async () => '<html>' });
    expect(await callHttp(html, '', 't', 'open', {})).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await callHttp(html, '', undefined, 'open', {})).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('autosave is sent with keepalive (so the pagehide autosave outlives the tab), unless too large for the browser budget', async () => {
    const seen: Parameters<FetchLike>[1][] = [];
    const fetchFn: FetchLike = async (_url, init) => {
      seen.push(init);
      return { ok: true, status: 200, text: async () => '{"ok":true}' };
    };
    await callHttp(fetchFn, '', 't', 'autosave', { docId: 'a', document: {} });
    await callHttp(fetchFn, '', 't', 'autosave', { docId: 'a', document: { big: 'x'.repeat(KEEPALIVE_MAX_CHARS) } });
    await callHttp(fetchFn, '', 't', 'save', { path: 'a.level.json', document: {} });
    expect(seen.map((i) => i.keepalive === true)).toEqual([true, false, false]);
  });
});
