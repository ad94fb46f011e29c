import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONTENT_SECURITY_POLICY,
  PathGrants,
  SECURE_WEB_PREFERENCES,
  isAllowedNavigation,
  isAllowedRequest,
  isTrustedSender,
} from '../../../src-main/electron/security.js';

const APP = 'app://castellan/index.html';
/** The document as it was loaded before the app scheme: file:// is trusted nowhere now. */
const FILE_APP = 'file:///opt/castellan/out/renderer/index.html';

describe('Electron security policy', () => {
  it('turns on isolation and sandbox, and off every Node integration', () => {
    expect(SECURE_WEB_PREFERENCES.contextIsolation).toBe(true);
    expect(SECURE_WEB_PREFERENCES.sandbox).toBe(true);
    expect(SECURE_WEB_PREFERENCES.nodeIntegration).toBe(false);
    expect(SECURE_WEB_PREFERENCES.nodeIntegrationInWorker).toBe(false);
    expect(SECURE_WEB_PREFERENCES.webviewTag).toBe(false);
    expect(SECURE_WEB_PREFERENCES.webSecurity).toBe(true);
  });

  it('CSP allows scripts only from self and never eval', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });

  it('trusts IPC only from the main frame of the loaded document', () => {
    expect(isTrustedSender(APP, APP, true)).toBe(true);
    expect(isTrustedSender(APP, APP, false)).toBe(false);
    expect(isTrustedSender('file:///tmp/evil.html', APP, true)).toBe(false);
    expect(isTrustedSender('https://example.com/', APP, true)).toBe(false);
    expect(isTrustedSender(undefined, APP, true)).toBe(false);
    expect(isTrustedSender('not a url', APP, true)).toBe(false);
    expect(isTrustedSender('http://localhost:5173/x', 'http://localhost:5173/', true)).toBe(true);
    expect(isTrustedSender('http://localhost:5174/', 'http://localhost:5173/', true)).toBe(false);
  });

  it('trusts the app:// scheme, never file:// (finding: renderer loaded from file://)', () => {
    expect(isTrustedSender('app://castellan/index.html#/edit', APP, true)).toBe(true);
    expect(isTrustedSender('app://castellan/other.html', APP, true)).toBe(true);
    expect(isTrustedSender('app://evil/index.html', APP, true)).toBe(false);
    expect(isTrustedSender('evil://castellan/index.html', APP, true)).toBe(false);
    expect(isTrustedSender(FILE_APP, APP, true)).toBe(false);
    expect(isTrustedSender('file:///tmp/evil.html', APP, true)).toBe(false);
    expect(isTrustedSender('http://castellan/index.html', APP, true)).toBe(false);
    // A file:// app URL is not trusted even for itself.
    expect(isTrustedSender(FILE_APP, FILE_APP, true)).toBe(false);
    expect(isAllowedNavigation(FILE_APP, FILE_APP)).toBe(false);
    expect(isAllowedRequest(FILE_APP, FILE_APP)).toBe(false);
    expect(isAllowedNavigation('app://castellan/other.html', APP)).toBe(false);
    expect(isAllowedNavigation(FILE_APP, APP)).toBe(false);
  });

  it('denies navigation away from the app document', () => {
    expect(isAllowedNavigation(APP, APP)).toBe(true);
    expect(isAllowedNavigation('https://example.com/', APP)).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd', APP)).toBe(false);
    expect(isAllowedNavigation('javascript:alert(1)', APP)).toBe(false);
  });

  it('grants paths under trusted roots and dialog-chosen files only', () => {
    const root = mkdtempSync(join(tmpdir(), 'castellan-grants-'));
    const g = new PathGrants([root]);
    expect(g.check(join(root, 'a/b.level.json'))).toBe(join(root, 'a/b.level.json'));
    const outside = join(tmpdir(), 'elsewhere.level.json');
    expect(g.check(outside)).toMatchObject({ ok: false, code: 'forbidden' });
    g.grant(outside);
    expect(g.check(outside)).toBe(outside);
    expect(g.check(join(root, '../escape.level.json'))).toMatchObject({ ok: false, code: 'forbidden' });
    expect(g.check(join(root, 'x.txt'))).toMatchObject({ ok: false, code: 'forbidden' });
    expect(g.check('relative.level.json')).toMatchObject({ ok: false, code: 'forbidden' });
    expect(g.check(42)).toMatchObject({ ok: false, code: 'bad-request' });
    expect(g.check(`${root}/a\0.level.json`)).toMatchObject({ ok: false, code: 'bad-request' });
  });

  it('a folder chosen in a folder dialog (a pack) grants the level and pack files under it, nothing beside it', () => {
    const g = new PathGrants([]);
    const pack = mkdtempSync(join(tmpdir(), 'castellan-pack-grant-'));
    expect(g.check(join(pack, 'levels/01.level.json'))).toMatchObject({ ok: false, code: 'forbidden' });
    g.grantFolder(pack);
    expect(g.check(join(pack, 'levels/01.level.json'))).toBe(join(pack, 'levels/01.level.json'));
    expect(g.check(join(pack, 'x.pack.json'))).toBe(join(pack, 'x.pack.json'));
    expect(g.check(join(pack, '../beside.level.json'))).toMatchObject({ ok: false, code: 'forbidden' });
  });
});

describe('no remote content (session onBeforeRequest filter)', () => {
  it('production (app:// app): only the app scheme (served from the renderer folder), data:, blob: and devtools: load', () => {
    expect(isAllowedRequest('app://castellan/index.html', APP)).toBe(true);
    expect(isAllowedRequest('app://castellan/assets/index-abc.js', APP)).toBe(true);
    expect(isAllowedRequest('data:image/png;base64,AAAA', APP)).toBe(true);
    expect(isAllowedRequest('blob:app://castellan/0b1c-22', APP)).toBe(true);
    expect(isAllowedRequest('devtools://devtools/bundled/inspector.html', APP)).toBe(true);
    for (const url of [
      'https://example.com/tracker.js',
      'http://127.0.0.1:8080/',
      'ws://localhost:5173/',
      'ftp://example.com/x',
      'file:///etc/passwd',
      'file:///opt/castellan/out/renderer/index.html',
      'file:///opt/castellan/out/renderer/assets/index-abc.js',
      'app://evil/index.html',
      'file:///opt/castellan/out/main/index.js',
      'file:///opt/castellan/out/renderer/../main/index.js',
      'file:///opt/castellan/out/renderer%2f..%2f..%2fmain/index.js',
      'file://evil-host/share/x.js',
      'javascript:alert(1)',
      'chrome://gpu',
      'not a url',
    ]) {
      expect(isAllowedRequest(url, APP), url).toBe(false);
    }
  });

  it('development (dev server app): exactly the dev server origin, and its HMR socket', () => {
    const DEV = 'http://localhost:5173/';
    expect(isAllowedRequest('http://localhost:5173/src/main.ts', DEV)).toBe(true);
    expect(isAllowedRequest('ws://localhost:5173/', DEV)).toBe(true);
    expect(isAllowedRequest('http://localhost:5174/', DEV)).toBe(false);
    expect(isAllowedRequest('https://localhost:5173/', DEV)).toBe(false);
    expect(isAllowedRequest('http://127.0.0.1:5173/', DEV)).toBe(false);
    expect(isAllowedRequest('https://fonts.example/x.woff2', DEV)).toBe(false);
    expect(isAllowedRequest('file:///etc/passwd', DEV)).toBe(false);
  });
});
