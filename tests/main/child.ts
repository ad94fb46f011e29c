/**
 * Runs a snippet of ESM in a child Node process that can import the
 * TypeScript sources (tsx's ESM hooks registered first), e.g. to kill a host
 * mid-work (SIGKILL) or to run it as another user (uid 65534).
 */
import { fork, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { request } from 'node:http';
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

/** A serve host running in a child process (`startServeHost`), reachable on `port`. */
export interface ServeChild {
  name: string;
  child: ChildProcess;
  port: number;
}

/**
 * Forks a serve host (`startServeHost` of src-main/serve/server.ts, the code
 * behind `castellan serve`) over `workspace` on a free port with `token`,
 * keeping `backupCount` backups per file (default: all, so every replaced
 * version can be checked). Resolves once it listens; rejects when it exits
 * first or does not listen within 30 s. Stop it with `child.kill()`.
 */
export function forkServeHost(
  dir: string,
  opts: { workspace: string; rendererDir: string; token: string; name: string; backupCount?: number },
): Promise<ServeChild> {
  const body = `
const { startServeHost } = await import(${JSON.stringify(srcUrl('src-main/serve/server.ts'))});
const [workspace, rendererDir, token, backupCount] = process.argv.slice(2);
const h = await startServeHost({ workspace, rendererDir, token, port: 0, backupCount: Number(backupCount), solveTimeMs: 2000 });
process.send({ port: h.port });
`;
  const child = forkChild(dir, body, opts.name, [opts.workspace, opts.rendererDir, opts.token, String(opts.backupCount ?? 100_000)]);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${opts.name} did not start within 30 s`)), 30_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve({ name: opts.name, child, port: (m as { port: number }).port });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${opts.name} exited at start (${code})`));
    });
  });
}

/** How a POST to a serve host ended: its parsed answer, a failed connection or unreadable answer (a killed host), or no answer in time. */
export type HostPost = { kind: 'answer'; value: Record<string, unknown> } | { kind: 'failed' } | { kind: 'hang' };

/**
 * POST /api/<method> with `body` (JSON) to the serve host on 127.0.0.1:`port` with `token`. Never rejects: a connection
 * that fails or an answer that is not JSON is `failed`; no answer within `timeoutMs` (default: none) is `hang` and the
 * request is dropped.
 */
export function postToHost(port: number, token: string, method: string, body: unknown, timeoutMs?: number): Promise<HostPost> {
  return new Promise((resolve) => {
    const data = Buffer.from(JSON.stringify(body));
    let done = false;
    const finish = (v: HostPost): void => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      resolve(v);
    };
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/${method}`,
        headers: { 'x-castellan-token': token, 'content-type': 'application/json', 'content-length': data.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            finish({ kind: 'answer', value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
          } catch {
            finish({ kind: 'failed' });
          }
        });
        res.on('error', () => finish({ kind: 'failed' }));
      },
    );
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            finish({ kind: 'hang' });
            req.destroy();
          }, timeoutMs);
    req.on('error', () => finish({ kind: 'failed' }));
    req.end(data);
  });
}
