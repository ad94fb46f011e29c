/**
 * Runs a snippet of ESM in a child Node process that can import the
 * TypeScript sources (tsx's ESM hooks registered first), e.g. to kill a host
 * mid-work (SIGKILL) or to run it as another user (uid 65534).
 */
import { fork, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** file: URL of a repository source file (for `await import(...)` in a child script). */
export function srcUrl(rel: string): string {
  return new URL(`../../${rel}`, import.meta.url).href;
}

function tsxApiUrl(): string {
  return pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
}

/**
 * Writes `body` (ESM, top-level await allowed) after a tsx bootstrap into
 * `dir/<name>.mjs` and runs it synchronously. `uid`/`gid`: run as that user.
 */
export function runChild(
  dir: string,
  body: string,
  opts: {
    name?: string;
    uid?: number;
    gid?: number;
    timeoutMs?: number;
    /** Runs `[cmd, ...args]` instead of `node script` (e.g. inside `unshare`); gets the node binary and the script. */
    command?: (node: string, script: string) => [string, string[]];
  } = {},
): SpawnSyncReturns<string> {
  const script = join(dir, `${opts.name ?? 'child'}.mjs`);
  writeFileSync(script, `const { register } = await import(${JSON.stringify(tsxApiUrl())}); register();\n${body}\n`, { mode: 0o644 });
  const [cmd, args] = opts.command ? opts.command(process.execPath, script) : [process.execPath, [script]];
  return spawnSync(cmd, args, {
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 30_000,
    cwd: dir,
    ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid ?? opts.uid } : {}),
  });
}

/**
 * Writes `body` (ESM, as for `runChild`) into `dir/<name>.mjs` and forks it
 * with an IPC channel (`process.send` / `process.on('message')` in the
 * child); `args` become its `process.argv.slice(2)`.
 */
export function forkChild(dir: string, body: string, name: string, args: string[] = []): ChildProcess {
  const script = join(dir, `${name}.mjs`);
  writeFileSync(script, `const { register } = await import(${JSON.stringify(tsxApiUrl())}); register();\n${body}\n`, { mode: 0o644 });
  return fork(script, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
}
