/**
 * The export soak: `castellan pack export` (folder, `*.pack.json` and
 * `*.pdf` forms) and a serve host's `packExport` (a child process running
 * the serve host, `startServeHost`) export one pack into one folder over and
 * over, with `kill -9` of the CLI and of the host at random moments (the
 * host is restarted). Exports are all-or-nothing (services/staged-output.ts),
 * so at the end:
 * - every name an export left visible in the folder is a complete export
 *   that loads and holds the source pack's levels in order (the folder form
 *   and the pack file re-checked level by level; a PDF has its header and
 *   trailer), and every acknowledged export (exit 0, answer ok) is there;
 * - no staging folder or temp file is older than the sweep rule
 *   (STALE_TEMP_MS), and once they are made that old, the next exports into
 *   the folder remove them all.
 *
 * Bounded: EXPORT_SOAK_SECONDS of load (default 15 s, about 40 s wall with
 * the start-ups and checks); EXPORT_SOAK_SEED fixes the random schedule
 * (printed). Run longer locally: `EXPORT_SOAK_SECONDS=300 npx vitest run tests/main/soak/export-soak.test.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { STALE_TEMP_MS } from '../../../src-main/services/atomic-file.js';
import { forkServeHost, postToHost, type ServeChild } from '../child.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';
import { incompleteFolderExport, writeProvedPack } from '../services/export-fixtures.js';

afterAll(() => cleanupTempDirs());

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));
const SECONDS = Number(process.env['EXPORT_SOAK_SECONDS'] ?? 15);
const SEED = Number(process.env['EXPORT_SOAK_SEED'] ?? 24_2026);
const TOKEN = 'export-soak-token-0123456789';
/** Levels of the exported pack: enough that an export takes a while (kills land midway). */
const LEVELS = 120;
const FORMS = ['', '.pack.json', '.pdf'] as const;

/** mulberry32: a small seeded PRNG (the schedule of exports and kills). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const stats = { cliRuns: 0, cliKills: 0, cliOk: 0, hostCalls: 0, hostOk: 0, hostKills: 0, refusals: 0 };
/** Names of acknowledged exports. */
const acked: string[] = [];

/** POST /api/<method> to a serve host: the parsed answer, or undefined when the connection failed (host killed). */
async function call(port: number, method: string, body: unknown): Promise<Record<string, unknown> | undefined> {
  const r = await postToHost(port, TOKEN, method, body);
  return r.kind === 'answer' ? r.value : undefined;
}

/** Why the export at `path` (named by its form) is not a complete export of the pack, or undefined. */
function incomplete(path: string): string | undefined {
  if (path.endsWith('.pdf')) {
    const b = readFileSync(path);
    return b.subarray(0, 5).toString('latin1') === '%PDF-' && b.subarray(-1024).toString('latin1').includes('%%EOF') ? undefined : 'not a whole PDF';
  }
  if (path.endsWith('.pack.json')) {
    try {
      const p = JSON.parse(readFileSync(path, 'utf8')) as { levels: { level: { meta: { title: string } } }[] };
      if (p.levels.length !== LEVELS) return `${p.levels.length} levels`;
      const wrong = p.levels.findIndex((e, k) => e.level.meta.title !== `Level ${k + 1}`);
      return wrong >= 0 ? `entry ${wrong + 1} differs` : undefined;
    } catch (e) {
      return String(e);
    }
  }
  return incompleteFolderExport(path, LEVELS);
}

/** Hidden leftovers of killed exports in `dir`: staging folders and temp files, with their age (ms; a folder: its newest change). */
function leftovers(dir: string, now: number): { name: string; ageMs: number }[] {
  const out: { name: string; ageMs: number }[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory() && /\.castellan-export-[0-9a-f]{12}$/.test(e.name)) {
      let newest = statSync(p).mtimeMs;
      for (const s of readdirSync(p, { withFileTypes: true })) if (s.isDirectory()) newest = Math.max(newest, statSync(join(p, s.name)).mtimeMs);
      out.push({ name: e.name, ageMs: now - newest });
    } else if (/\.castellan-tmp(\.\d+)?$/.test(e.name)) out.push({ name: e.name, ageMs: now - statSync(p).mtimeMs });
  }
  return out;
}

/** Makes every leftover (and what is inside a staging folder) older than the sweep rule. */
function ageLeftovers(dir: string): void {
  const then = new Date(Date.now() - STALE_TEMP_MS - 60_000);
  for (const l of leftovers(dir, Date.now())) {
    const p = join(dir, l.name);
    if (statSync(p).isDirectory()) for (const s of readdirSync(p)) utimesSync(join(p, s), then, then);
    utimesSync(p, then, then);
  }
}

/** Runs `castellan pack export` to `out`; kill -9 after `killAfterMs` when given. Answers whether it exited 0. */
async function cliExport(ws: string, out: string, killAfterMs: number | undefined): Promise<boolean> {
  const child = spawn(process.execPath, [BIN, 'pack', 'export', join(ws, 'packs', 'p'), '-o', join(ws, 'exports', out)], { stdio: 'ignore' });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const code = await exited;
  if (timer) clearTimeout(timer);
  return code === 0;
}

describe('export soak: CLI and host exports with kill -9', () => {
  it(
    `no half-made export, every acknowledged export complete, no stale leftovers (EXPORT_SOAK_SECONDS=${SECONDS}, EXPORT_SOAK_SEED=${SEED})`,
    async () => {
      console.log(`export soak: seed ${SEED}, ${SECONDS} s`);
      const dir = tempDir('castellan-export-soak-');
      const ws = join(dir, 'ws');
      const renderer = join(dir, 'renderer');
      mkdirSync(join(ws, 'exports'), { recursive: true });
      mkdirSync(renderer);
      writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>x</title>');
      writeProvedPack(join(ws, 'packs', 'p'), LEVELS);
      const start = (n: number): Promise<ServeChild> => forkServeHost(dir, { workspace: ws, rendererDir: renderer, token: TOKEN, name: `host-${n}` });
      let host = await start(0);
      const deadline = Date.now() + SECONDS * 1000;
      let serial = 0;

      async function cliActor(): Promise<void> {
        while (Date.now() < deadline) {
          const out = `c${serial++}${pick(FORMS)}`;
          // The CLI starts in 1 to 4 s (from source, on a loaded machine): kills land before, during and after the export.
          const kill = rand() < 0.6 ? 1000 + rand() * 5000 : undefined;
          stats.cliRuns++;
          if (kill !== undefined) stats.cliKills++;
          if (await cliExport(ws, out, kill)) {
            stats.cliOk++;
            acked.push(out);
          }
        }
      }

      async function hostActor(): Promise<void> {
        while (Date.now() < deadline) {
          const out = `h${serial++}${pick(FORMS)}`;
          stats.hostCalls++;
          const r = await call(host.port, 'packExport', { path: 'packs/p', out: `exports/${out}` });
          if (r?.['ok'] === true) {
            stats.hostOk++;
            acked.push(out);
          } else if (r !== undefined) stats.refusals++;
          else await sleep(200); // killed: wait for the restart
        }
      }

      async function killer(): Promise<void> {
        let n = 0;
        while (Date.now() < deadline - 1000) {
          await sleep(2000 + rand() * 3000);
          if (Date.now() >= deadline - 1000) break;
          const old = host;
          const exited = new Promise((r) => old.child.once('exit', r));
          old.child.kill('SIGKILL');
          stats.hostKills++;
          await exited;
          host = await start(++n);
        }
      }

      try {
        await Promise.all([cliActor(), hostActor(), killer()]);
      } finally {
        host.child.kill('SIGKILL');
      }

      const exportsDir = join(ws, 'exports');
      const visible = readdirSync(exportsDir).filter((n) => !n.startsWith('.'));
      const half = visible.map((n) => [n, incomplete(join(exportsDir, n))] as const).filter(([, why]) => why !== undefined);
      const missing = acked.filter((n) => !visible.includes(n));
      const left = leftovers(exportsDir, Date.now());
      const stale = left.filter((l) => l.ageMs > STALE_TEMP_MS);
      console.log(
        `export soak: CLI runs ${stats.cliRuns} (killed ${stats.cliKills}, ok ${stats.cliOk}), host exports ${stats.hostCalls} (ok ${stats.hostOk}, refused ${stats.refusals}), ` +
          `host kills ${stats.hostKills}; exports on disk ${visible.length}, half-made ${half.length}, acknowledged missing ${missing.length}, leftovers ${left.length} (stale ${stale.length})`,
      );
      expect({ half, missing, stale }).toEqual({ half: [], missing: [], stale: [] });
      expect(stats.cliKills + stats.hostKills).toBeGreaterThan(0);
      expect(acked.length).toBeGreaterThan(0);

      // Made older than the sweep rule, the leftovers are removed by the next exports into the folder
      // (a folder export sweeps staging folders, a file export temp files).
      ageLeftovers(exportsDir);
      expect(await cliExport(ws, 'final', undefined)).toBe(true);
      expect(await cliExport(ws, 'final.pack.json', undefined)).toBe(true);
      expect(leftovers(exportsDir, Date.now()).filter((l) => !l.name.includes('final'))).toEqual([]);
    },
    (SECONDS + 120) * 1000,
  );
});
