/**
 * `npm run dev` where Electron cannot launch (here forced with `--browser`):
 * scripts/dev.mjs prints one URL with the host's token, Vite's dev server
 * answers it with the HMR client, `/api/*` reaches the host (`castellan
 * serve` from the sources) with the host's defences intact (no token: 401;
 * a foreign Origin: 403), and SIGINT (Ctrl+C) stops the dev server and the
 * host with exit code 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SAMPLE = join(ROOT, 'resources/levels/unlock-the-king/01-first-steps.level.json');

let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  cleanupTempDirs();
});

/** Resolves with the stdout so far once `pattern` matches it; rejects when the process exits first. */
function waitFor(proc: ChildProcess, output: { text: string }, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((ok, fail) => {
    const check = (): void => {
      const m = pattern.exec(output.text);
      if (m) {
        proc.stdout!.off('data', check);
        ok(m);
      }
    };
    proc.stdout!.on('data', check);
    proc.once('exit', (code) => fail(new Error(`dev.mjs exited (${code}) before printing ${pattern}:\n${output.text}`)));
    check();
  });
}

describe('npm run dev, served editor', () => {
  it('prints the URL, serves the renderer with HMR, forwards the API with its checks, stops on SIGINT', { timeout: 240_000 }, async () => {
    const ws = tempDir('castellan-dev-');
    copyFileSync(SAMPLE, join(ws, 'first.level.json'));
    const output = { text: '' };
    child = spawn(process.execPath, [join(ROOT, 'scripts/dev.mjs'), '--browser', '--workspace', ws], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => (output.text += d));
    child.stderr!.on('data', () => undefined);

    const m = await waitFor(child, output, /open (http:\/\/127\.0\.0\.1:\d+)\/#token=([A-Za-z0-9_-]+)/);
    const [, origin, token] = m as unknown as [string, string, string];

    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');

    const call = (headers: Record<string, string>): Promise<Response> =>
      fetch(`${origin}/api/startup`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });
    const own = await call({ 'x-castellan-token': token, origin });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { ok: boolean; info: { host: string } }).info.host).toBe('serve');
    expect((await call({ origin })).status).toBe(401);
    expect((await call({ 'x-castellan-token': token, origin: 'http://evil.example' })).status).toBe(403);

    const exited = new Promise<number | null>((done) => child!.once('exit', (code) => done(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output.text).toContain('castellan dev: stopped.');
    await expect(fetch(`${origin}/`)).rejects.toThrow();
  });
});
