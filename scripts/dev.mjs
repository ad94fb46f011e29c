// `npm run dev [-- --workspace DIR] [-- --browser]`: the editor with hot module replacement (HMR).
//
// - Where Electron can launch: `electron-vite dev`. The main process and the
//   preload are built, the renderer comes from Vite's dev server, and the main
//   process loads it through ELECTRON_RENDERER_URL (src-main/electron/main.ts).
// - Where it cannot (its binary is absent, there is no display, it fails at
//   start-up) or with `--browser`: the served editor. `castellan serve` runs
//   from the sources (CASTELLAN_FROM_SOURCE=1) on a free port, and a Vite dev
//   server on 127.0.0.1 serves the renderer (the `renderer` section of
//   electron.vite.config.ts, so both paths build the same editor) and forwards
//   `/api/*` to the host. The URL to open, with the host's per-run token, is
//   printed. The host's checks stay on: requests keep their token, and the
//   forwarder rewrites only the dev server's own Origin into the host's.
//
// Svelte components and renderer modules update in place; a change under
// src-main/ needs a restart of `npm run dev`. Ctrl+C stops everything.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const HOST_START_MS = 120_000;

/** `--name value` from the command line, or undefined. */
function option(name) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

const workspace = option('--workspace');
const say = (line) => console.log(`castellan dev: ${line}`);

/** Runs `electron-vite dev`; falls back to the served editor when Electron fails within 10 s. */
function startElectron() {
  say('starting Electron with the renderer from Vite (electron-vite dev)...');
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'dev'], { cwd: root, stdio: 'inherit' });
  let stopping = false;
  const stop = () => {
    stopping = true;
    child.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => {
    if (!stopping && code !== 0 && Date.now() - started < 10_000) {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      startBrowser(`Electron exited at start-up with code ${code}`).catch(fail);
    } else process.exit(code ?? 0);
  });
}

/** Starts `castellan serve` from the sources; resolves with its origin and token once it prints its URL. */
function startHost() {
  const serveArgs = [join(root, 'bin/castellan.mjs'), 'serve', ...(workspace !== undefined ? ['--workspace', resolve(workspace)] : [])];
  const child = spawn(process.execPath, serveArgs, {
    cwd: root,
    env: { ...process.env, CASTELLAN_FROM_SOURCE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The host's note about a missing out/renderer build does not apply: Vite serves the renderer.
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => process.stderr.write(chunk.replace(/^castellan: no editor build in .*\n/m, '')));
  const ready = new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`castellan serve printed no URL within ${HOST_START_MS / 1000} s`)), HOST_START_MS);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      for (const line of chunk.split('\n')) if (line.startsWith('castellan serve: workspace')) say(line.slice('castellan serve: '.length));
      const m = /Open (http:\/\/127\.0\.0\.1:\d+)\/#token=([A-Za-z0-9_-]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok({ origin: m[1], token: m[2] });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`castellan serve exited with code ${code}`));
    });
  });
  return { child, ready };
}

/** The `renderer` section of electron.vite.config.ts (an object or a function of the environment). */
async function rendererConfig(vite) {
  const env = { command: 'serve', mode: 'development' };
  const loaded = await vite.loadConfigFromFile(env, join(root, 'electron.vite.config.ts'), root, 'silent');
  const config = typeof loaded?.config === 'function' ? await loaded.config(env) : loaded?.config;
  const renderer = typeof config?.renderer === 'function' ? await config.renderer(env) : config?.renderer;
  if (!renderer) throw new Error('electron.vite.config.ts has no renderer section');
  return renderer;
}

/** The served editor: the host from the sources and Vite's dev server in front of it. */
async function startBrowser(reason) {
  if (reason) say(`Electron cannot run here (${reason}); serving the editor for a browser instead.`);
  say('starting the host (castellan serve, from the sources) and the renderer (Vite dev server)...');
  const host = startHost();
  let server;
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    if (server) await server.close();
    if (host.child.exitCode === null) {
      host.child.kill('SIGINT');
      await new Promise((done) => host.child.once('exit', done));
    }
    say('stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  host.child.on('exit', (code) => {
    if (!stopping) {
      console.error(`castellan dev: the host stopped (code ${code}).`);
      void stop(1);
    }
  });

  try {
    await startRenderer(await host.ready, (s) => (server = s));
  } catch (err) {
    console.error(`castellan dev: ${err instanceof Error ? err.message : String(err)}`);
    await stop(1);
  }
}

/** Vite's dev server for the renderer, forwarding `/api/*` to the host at `origin`; prints the URL to open. */
async function startRenderer({ origin, token }, started) {
  const vite = await import('vite');
  const renderer = await rendererConfig(vite);
  /** Origins of the dev server's own page, filled in once it listens. */
  const devOrigins = new Set();
  const server = await vite.createServer({
    ...renderer,
    configFile: false,
    mode: 'development',
    clearScreen: false,
    server: {
      host: '127.0.0.1',
      port: 5173,
      proxy: {
        '/api': {
          target: origin,
          // The host accepts only its own Host and Origin (DNS-rebinding and cross-site defence):
          // present the dev page's requests as the host's own; any other Origin passes unchanged and is refused.
          changeOrigin: true,
          configure: (proxy) => {
            proxy.on('proxyReq', (proxyReq, req) => {
              const from = req.headers.origin;
              if (from !== undefined && devOrigins.has(from.toLowerCase())) proxyReq.setHeader('origin', origin);
            });
          },
        },
      },
    },
  });
  started(server);
  await server.listen();
  const port = server.httpServer.address().port;
  devOrigins.add(`http://127.0.0.1:${port}`);
  devOrigins.add(`http://localhost:${port}`);
  say(`open http://127.0.0.1:${port}/#token=${token}`);
  say('renderer changes apply in place (HMR); restart after changing src-main/. Ctrl+C stops.');
}

function fail(err) {
  console.error(`castellan dev: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

if (args.includes('--browser')) {
  startBrowser(undefined).catch(fail);
} else {
  const found = electronBinary(root);
  if (found.bin) startElectron();
  else startBrowser(found.reason).catch(fail);
}
