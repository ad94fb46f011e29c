/**
 * The Electron security scan (scripts/security-scan.mjs, run by `npm test`)
 * is a real gate: it reports zero findings for the project, and it fails on
 * an insecure shell (the same scanner, the same rules).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers.js';

const SCRIPT = fileURLToPath(new URL('../../../scripts/security-scan.mjs', import.meta.url));

afterAll(() => cleanupTempDirs());

interface Report {
  findings: { id: string; file: string }[];
  reviewed: { id: string; reason: string }[];
  parseErrors: unknown[];
}

function scan(...args: string[]): { code: number | null; report: Report } {
  const r = spawnSync(process.execPath, [SCRIPT, '--json', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, report: JSON.parse(r.stdout) as Report };
}

describe('Electron security scan (Electronegativity)', () => {
  it('the project: zero findings (each accepted remark carries its reason)', { timeout: 60_000 }, () => {
    const { code, report } = scan();
    expect(report.findings).toEqual([]);
    expect(report.parseErrors).toEqual([]);
    for (const r of report.reviewed) expect(r.reason.length).toBeGreaterThan(40);
    expect(code).toBe(0);
  });

  it('an insecure shell fails the scan', { timeout: 60_000 }, () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x', devDependencies: { electron: '45.5.0' } }));
    writeFileSync(
      join(dir, 'main.js'),
      "const { BrowserWindow, shell } = require('electron');\n" +
        'const w = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false, webSecurity: false } });\n' +
        "w.loadURL('http://example.com/');\n" +
        "w.webContents.on('new-window', (e, url) => shell.openExternal(url));\n",
    );
    writeFileSync(join(dir, 'index.html'), '<html><head><meta http-equiv="Content-Security-Policy" content="script-src * \'unsafe-eval\'"></head></html>');
    const { code, report } = scan('--input', dir);
    expect(code).toBe(1);
    const ids = new Set(report.findings.map((f) => f.id));
    // The project passes the navigation-limit and permission-handler checks that this shell fails.
    for (const id of [
      'CONTEXT_ISOLATION_JS_CHECK',
      'SANDBOX_JS_CHECK',
      'WEB_SECURITY_JS_CHECK',
      'HTTP_RESOURCES_JS_CHECK',
      'LIMIT_NAVIGATION_GLOBAL_CHECK',
      'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
      'CSP_GLOBAL_CHECK',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
  });
});
