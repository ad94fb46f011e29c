/**
 * The app's own scheme (Electron checklist finding: "a custom protocol
 * instead of file://"): `app://castellan/` serves only files of the built
 * renderer folder.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_SCHEME_PRIVILEGED, APP_URL, appUrlToRelative, mimeTypeFor, resolveAppFile, serveAppRequest } from '../../../src-main/electron/app-protocol.js';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/electron/security.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'castellan-app-scheme-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** out/renderer with index.html, assets/, a link out and a hidden file; `secret.txt` beside it. */
const root = join(base, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Castellan</title>');
writeFileSync(join(root, 'assets/index-abc.js'), 'export {};');
writeFileSync(join(root, 'assets/index-abc.css'), 'body{}');
writeFileSync(join(root, 'assets/piece.svg'), '<svg/>');
writeFileSync(join(root, 'assets/blob.bin'), 'x');
writeFileSync(join(root, '.hidden.js'), 'x');
writeFileSync(join(base, 'secret.txt'), 'SECRET');
symlinkSync(join(base, 'secret.txt'), join(root, 'assets/leak.js'));
symlinkSync(join(root, 'assets/index-abc.js'), join(root, 'assets/alias.js'));

describe('app:// scheme resolver (finding: the window loaded the renderer from file://)', () => {
  it('is registered standard, secure and fetch-capable, without bypassing the CSP', () => {
    expect(APP_SCHEME_PRIVILEGED).toEqual({ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } });
    expect(APP_URL).toBe('app://castellan/index.html');
  });

  it('maps app URLs to renderer-relative files, and refuses everything else', () => {
    const table: [string, string | undefined][] = [
      ['app://castellan/index.html', 'index.html'],
      ['app://castellan/', 'index.html'],
      ['app://castellan', 'index.html'],
      ['app://castellan/assets/index-abc.js?v=1#x', 'assets/index-abc.js'],
      ['app://castellan/assets/a%20b.js', 'assets/a b.js'],
      // traversal, as written and percent-encoded
      ['app://castellan/../secret.txt', undefined],
      ['app://castellan/assets/../../secret.txt', undefined],
      ['app://castellan/./index.html', undefined],
      ['app://castellan/%2e%2e/secret.txt', undefined],
      ['app://castellan/%2E%2E%2Fsecret.txt', undefined],
      ['app://castellan/assets%2f..%2f..%2fsecret.txt', undefined],
      ['app://castellan/..%5csecret.txt', undefined],
      ['app://castellan/index.html%00.js', undefined],
      // absolute paths and drive letters
      ['app://castellan//etc/passwd', undefined],
      ['app://castellan/C:/Windows/win.ini', undefined],
      ['app://castellan/assets\\..\\..\\secret.txt', undefined],
      // hidden files, other hosts, ports, credentials, other schemes
      ['app://castellan/.hidden.js', undefined],
      ['app://evil/index.html', undefined],
      ['app://castellan:8080/index.html', undefined],
      ['app://user:pw@castellan/index.html', undefined],
      ['file:///etc/passwd', undefined],
      ['https://castellan/index.html', undefined],
      ['app://castellan/%E0%A4%A', undefined],
      ['not a url', undefined],
    ];
    for (const [url, rel] of table) expect(appUrlToRelative(url), url).toBe(rel);
  });

  it('serves only regular files whose real path is inside the renderer folder', () => {
    expect(resolveAppFile('app://castellan/index.html', root)).toEqual({ file: join(root, 'index.html'), contentType: 'text/html; charset=utf-8' });
    expect(resolveAppFile('app://castellan/assets/alias.js', root)).toEqual({
      file: join(root, 'assets/index-abc.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
    expect(resolveAppFile('app://castellan/assets/leak.js', root)).toBeUndefined(); // link out of the folder
    expect(resolveAppFile('app://castellan/assets', root)).toBeUndefined(); // a folder
    expect(resolveAppFile('app://castellan/missing.js', root)).toBeUndefined();
    expect(resolveAppFile('app://castellan/../secret.txt', root)).toBeUndefined();
  });

  it('content types by extension', () => {
    expect(mimeTypeFor('a.css')).toBe('text/css; charset=utf-8');
    expect(mimeTypeFor('a.SVG')).toBe('image/svg+xml');
    expect(mimeTypeFor('a.woff2')).toBe('font/woff2');
    expect(mimeTypeFor('a.wasm')).toBe('application/wasm');
    expect(mimeTypeFor('a.bin')).toBe('application/octet-stream');
  });

  it('answers 200 with the file, its type, the CSP and nosniff; 404 for unknown or escaping files; 405 for other methods', async () => {
    const ok = await serveAppRequest({ url: 'app://castellan/index.html', method: 'GET' }, root);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('<!doctype html><title>Castellan</title>');
    expect(ok.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(ok.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    const css = await serveAppRequest({ url: 'app://castellan/assets/index-abc.css', method: 'GET' }, root);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const head = await serveAppRequest({ url: 'app://castellan/assets/piece.svg', method: 'HEAD' }, root);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const url of ['app://castellan/missing.js', 'app://castellan/assets/leak.js', 'app://castellan/%2e%2e/secret.txt', 'app://castellan/../secret.txt']) {
      const r = await serveAppRequest({ url, method: 'GET' }, root);
      expect(r.status, url).toBe(404);
      expect(await r.text(), url).not.toContain('SECRET');
    }
    expect((await serveAppRequest({ url: 'app://castellan/index.html', method: 'POST' }, root)).status).toBe(405);
  });
});
