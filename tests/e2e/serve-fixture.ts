/**
 * Playwright fixture: a real `castellan serve` process (the CLI, as a user
 * runs it) on a temporary copy of the sample levels, on a free port. Each
 * test gets its own host and workspace, so nothing stale is reused and the
 * repository's samples are never modified.
 */
import { test as base } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface ServeHost {
  /** Full URL including `#token=...`. */
  url: string;
  /** Temporary workspace folder (a copy of resources/levels). */
  workspace: string;
}

/** Starts `castellan serve` (bin/castellan.mjs, a free port) on `workspace` (with `args` added, e.g. `--renderer <dir>`); answers the URL it prints (with `#token=`) and the process. */
export async function startServe(workspace: string, args: readonly string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin/castellan.mjs'), 'serve', '--workspace', workspace, '--port', '0', ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`castellan serve printed no URL:\n${out}`)), 30_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`castellan serve exited with ${code}:\n${out}`));
    });
  });
  return { url, child };
}

/** Resolves when `child` has exited (at once when it already has). */
export function stopped(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

export const test = base.extend<{ serve: ServeHost }>({
  // Playwright fixtures must destructure their dependencies (none here).
  // eslint-disable-next-line no-empty-pattern
  serve: async ({}, use) => {
    const workspace = mkdtempSync(join(tmpdir(), 'castellan-e2e-'));
    cpSync(join(repoRoot, 'resources/levels'), workspace, { recursive: true });
    const { url, child } = await startServe(workspace);
    await use({ url, workspace });
    // Wait for the host to exit (it may be finishing a write: an autosave, a backup, session.json)
    // before the workspace goes; SIGKILL after 10 s.
    const exited = stopped(child);
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
    rmSync(workspace, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  },
});

export { expect } from '@playwright/test';
