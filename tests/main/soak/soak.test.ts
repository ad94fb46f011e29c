/**
 * The soak test: two serve hosts (child processes running the serve host,
 * `startServeHost`, each on its own port) and the CLI (`castellan prove` on
 * the workspace files) saving, proving and autosaving one workspace of a few
 * small Unlock the King levels at the same time, with `kill -9` of a host
 * (then a restart) and of a running `castellan prove` at random moments.
 *
 * Every save a host acknowledged (answer ok + revision + the written
 * document) is recorded by its unique title and the SHA-256 of the document
 * without its proof (`solution` / `draft`: a later `prove` only adds those).
 * At the end: every acknowledged version is on disk or in that file's
 * backups (0 lost), every level file parses and validates, no temp file of
 * the verified atomic write is older than the sweep rule allows
 * (`STALE_TEMP_MS`), and no request hung (each has a timeout; hangs = 0).
 *
 * Bounded: `SOAK_SECONDS` of load (default 25 s, about 60 s wall with the
 * start-ups and checks); `SOAK_SEED` fixes the random schedule (printed).
 * Run longer locally: `SOAK_SECONDS=300 npx vitest run tests/main/soak`.
 *
 * `castellan prove` runs on the hosts' files and on files of its own
 * (`PROVE_SHARED`; SOAK_PROVE_SHARED=0 keeps it on its own files): it
 * checks the revision it read before writing, so a host save made during
 * its proof makes it answer `conflict` (the focused test at the end).
 *
 * The hosts keep every backup (`backupCount` large): with the default ring
 * of 10, a version replaced more than 10 times is dropped by design, and
 * "0 lost" could not be checked.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileRevision } from '../../../src-shared/host/contract.js';
import type { Level } from '../../../src-shared/model/level.js';
import { serializeLevel } from '../../../src-shared/format/serialize.js';
import { STALE_TEMP_MS } from '../../../src-main/services/atomic-file.js';
import { parseLevelDocument } from '../../../src-main/services/level-files.js';
import { forkServeHost, postToHost, type ServeChild } from '../child.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));
const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 25);
const SEED = Number(process.env['SOAK_SEED'] ?? 15_2026);
const TOKEN = 'soak-token-0123456789';
/** A request with no answer after this long is a hang. */
const REQUEST_TIMEOUT_MS = 20_000;
/** The files the hosts open and save. */
const FILES = ['a.level.json', 'b.level.json', 'c.level.json'];
/** Files only `castellan prove` writes (it runs next to the hosts, in the same folder). */
const PROVE_FILES = ['p.level.json', 'q.level.json'];
/** Whether `castellan prove` also proves the hosts' files (default yes; SOAK_PROVE_SHARED=0: its own files only). */
const PROVE_SHARED = process.env['SOAK_PROVE_SHARED'] !== '0';

/** mulberry32: a small seeded PRNG (the schedule of edits, waits and kills). */
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

/** SHA-256 of a level without `solution` / `draft` (what a later `prove` leaves unchanged). */
function contentHash(doc: unknown): string {
  const copy = { ...(doc as Record<string, unknown>) };
  delete copy['solution'];
  delete copy['draft'];
  return createHash('sha256')
    .update(serializeLevel(copy as unknown as Level))
    .digest('hex');
}

type Host = ServeChild;

const stats = { requests: 0, acked: 0, conflicts: 0, otherRefusals: 0, connectionErrors: 0, hostKills: 0, proveRuns: 0, proveKills: 0, autosaves: 0, hangs: 0 };
const refusalCodes = new Map<string, number>();
const hangs: string[] = [];

interface Ack {
  path: string;
  title: string;
  hash: string;
  revision: FileRevision;
}
const acks: Ack[] = [];

/** POST /api/<method>: the parsed answer, `undefined` when the connection failed (host killed), a hang after the timeout. */
async function call(port: number, method: string, body: unknown): Promise<Record<string, unknown> | undefined> {
  stats.requests++;
  const r = await postToHost(port, TOKEN, method, body, REQUEST_TIMEOUT_MS);
  if (r.kind === 'hang') {
    stats.hangs++;
    hangs.push(`${method} on port ${port}`);
  } else if (r.kind === 'failed') stats.connectionErrors++;
  return r.kind === 'answer' ? r.value : undefined;
}

function startHost(dir: string, ws: string, renderer: string, name: string): Promise<Host> {
  return forkServeHost(dir, { workspace: ws, rendererDir: renderer, token: TOKEN, name });
}

function noteRefusal(r: Record<string, unknown>): void {
  if (r['code'] === 'conflict') stats.conflicts++;
  else {
    stats.otherRefusals++;
    refusalCodes.set(String(r['code']), (refusalCodes.get(String(r['code'])) ?? 0) + 1);
  }
}

/** Every `*.level.json` outside `.castellan`, workspace-relative. */
function levelFiles(ws: string): string[] {
  return readdirSync(ws).filter((n) => n.endsWith('.level.json'));
}

/** Titles and content hashes of a file's versions: the file itself and every backup. */
function versionsOf(ws: string, rel: string): Set<string> {
  const out = new Set<string>();
  const add = (text: string): void => {
    try {
      const d = JSON.parse(text) as { meta?: { title?: string } };
      out.add(`${d.meta?.title ?? ''}#${contentHash(d)}`);
    } catch {
      // not JSON: cannot hold an acknowledged version
    }
  };
  const addBytes = (bytes: Buffer): void => {
    // The exact bytes too: an acknowledged revision's sha256 names them (backups keep the replaced bytes as they were).
    out.add(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    add(bytes.toString('utf8'));
  };
  try {
    addBytes(readFileSync(join(ws, rel)));
  } catch {
    // missing
  }
  const bdir = join(ws, '.castellan', 'backups', rel);
  let names: string[] = [];
  try {
    names = readdirSync(bdir);
  } catch {
    // no backups
  }
  for (const n of names) addBytes(readFileSync(join(bdir, n)));
  return out;
}

/** Every file under `dir` whose name marks a temp file of the atomic write, with its age in ms. */
function tempFiles(dir: string, now: number): { path: string; ageMs: number }[] {
  const out: { path: string; ageMs: number }[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...tempFiles(p, now));
    else if (/\.castellan-tmp/.test(e.name)) out.push({ path: p, ageMs: now - statSync(p).mtimeMs });
  }
  return out;
}

describe('soak: two serve hosts and the CLI on one workspace, with kill -9', () => {
  it(
    `every acknowledged save on disk or in a backup, every file valid, 0 hangs (SOAK_SECONDS=${SECONDS}, SOAK_SEED=${SEED})`,
    async () => {
      const dir = tempDir('castellan-soak-');
      const ws = join(dir, 'ws');
      const renderer = join(dir, 'renderer');
      mkdirSync(ws);
      mkdirSync(renderer);
      writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>x</title>');
      for (const f of [...FILES, ...PROVE_FILES]) writeFileSync(join(ws, f), json(twoMoveLevel({ meta: { title: `start ${f}` } })));

      const hosts: Host[] = await Promise.all([startHost(dir, ws, renderer, 'host-0'), startHost(dir, ws, renderer, 'host-1')]);
      const deadline = Date.now() + SECONDS * 1000;
      let serial = 0;
      let newFiles = 0;

      /** One editor on host `hi`: open, edit, maybe autosave, save with the revision it opened (or save as a new file). */
      async function editor(hi: number, id: number): Promise<void> {
        while (Date.now() < deadline) {
          const host = hosts[hi]!;
          const path = pick(FILES);
          const opened = await call(host.port, 'open', { path });
          if (opened === undefined) {
            await sleep(200);
            continue;
          }
          if (opened['ok'] !== true) {
            noteRefusal(opened);
            continue;
          }
          const revision = opened['revision'] as FileRevision;
          const n = serial++;
          const title = `e${hi}.${id} #${n}`;
          // At most one wall, on a3, b3 or c2 (never the king's a1 or the portal c3): the optimal line stays Ka1-b2, Kb2-c3 (UK-4).
          const walls = rand() < 0.5 ? [] : [pick(['b3', 'c2', 'a3'])];
          const document = twoMoveLevel({ meta: { title }, walls });
          const docId = `soak-${hi}-${id}`;
          if (rand() < 0.4) {
            stats.autosaves++;
            const a = await call(host.port, 'autosave', { docId, document, path, baseRevision: revision });
            if (a !== undefined && a['ok'] !== true) noteRefusal(a);
          }
          await sleep(rand() * 60);
          const asNew = rand() < 0.05;
          const target = asNew ? `n${newFiles++}.level.json` : path;
          const req = asNew
            ? { path: target, document, expectedRevision: null, allowDraft: true, docId }
            : { path: target, document, expectedRevision: revision, allowDraft: true, noProof: rand() < 0.5, docId };
          const r = await call(host.port, asNew ? 'saveAs' : 'save', req);
          if (r === undefined) continue;
          if (r['ok'] !== true) {
            noteRefusal(r);
            continue;
          }
          stats.acked++;
          if (typeof r['revision'] !== 'object' || r['revision'] === null) throw new Error(`save answered ok without a revision: ${JSON.stringify(r)}`);
          acks.push({ path: target, title, hash: contentHash(r['document']), revision: r['revision'] as FileRevision });
        }
      }

      /** kill -9 of a random host at random moments, then a restart on a new port. */
      async function killer(): Promise<void> {
        while (Date.now() < deadline - 2000) {
          await sleep(1500 + rand() * 3000);
          if (Date.now() >= deadline - 2000) break;
          const hi = rand() < 0.5 ? 0 : 1;
          const old = hosts[hi]!;
          const exited = new Promise((r) => old.child.once('exit', r));
          old.child.kill('SIGKILL');
          stats.hostKills++;
          await exited;
          hosts[hi] = await startHost(dir, ws, renderer, `host-${hi}-${stats.hostKills}`);
        }
      }

      /** `castellan prove` on the workspace files over and over; some runs killed with -9 mid-way. */
      async function prover(): Promise<void> {
        while (Date.now() < deadline - 1000) {
          const files = PROVE_SHARED ? [...FILES, ...PROVE_FILES] : [...PROVE_FILES];
          // The hosts keep every backup; so does prove (its ring is the hosts' ring for these files, and its default of 10 would prune theirs).
          const child = spawn(process.execPath, [BIN, 'prove', '--draft', '--keep-backups', '100000', ...files], { cwd: ws, stdio: 'ignore' });
          stats.proveRuns++;
          const exited = new Promise<void>((r) => child.once('exit', () => r()));
          const killAfter = rand() < 0.5 ? 300 + rand() * 2000 : undefined;
          const timer = setTimeout(() => {
            if (killAfter !== undefined) stats.proveKills++;
            else {
              // Proving two 3x3 levels takes milliseconds: a minute is a hang.
              stats.hangs++;
              hangs.push('castellan prove');
            }
            child.kill('SIGKILL');
          }, killAfter ?? 60_000);
          await exited;
          clearTimeout(timer);
          await sleep(rand() * 500);
        }
      }

      try {
        await Promise.all([editor(0, 0), editor(0, 1), editor(1, 0), editor(1, 1), killer(), prover()]);
      } finally {
        for (const h of hosts) h.child.kill('SIGKILL');
      }

      // Every acknowledged version is on disk or in that file's backups.
      const found = new Map<string, Set<string>>();
      const lost: string[] = [];
      for (const a of acks) {
        if (!found.has(a.path)) found.set(a.path, versionsOf(ws, a.path));
        const have = found.get(a.path)!;
        if (!have.has(`${a.title}#${a.hash}`)) lost.push(`${a.path}: ${a.title}`);
        // Byte for byte, unless a prove may have rewritten the file since (it adds a solution, keeping the level).
        else if (!PROVE_SHARED && !have.has(a.revision.sha256)) lost.push(`${a.path}: ${a.title} (${a.revision.sha256} not on disk nor in a backup)`);
      }
      // Every level file on disk parses and validates (a draft is fine: a killed prove or a noProof save).
      const invalid: string[] = [];
      for (const f of levelFiles(ws)) {
        const r = parseLevelDocument(readFileSync(join(ws, f), 'utf8'), f);
        if (!r.ok) invalid.push(`${f}: ${r.code} ${r.message}`);
        else if ((r.issues ?? []).some((i) => i.severity === 'error')) invalid.push(`${f}: ${JSON.stringify(r.issues)}`);
      }
      // Every autosave left in the recovery folder is whole JSON (the atomic write, even under kill -9).
      const recoveryDir = join(ws, '.castellan', 'recovery');
      let recoveryFiles: string[] = [];
      try {
        recoveryFiles = readdirSync(recoveryDir).filter((n) => !n.includes('.castellan-tmp') && !n.endsWith('.castellan-lock'));
      } catch {
        // none left
      }
      for (const n of recoveryFiles) {
        try {
          JSON.parse(readFileSync(join(recoveryDir, n), 'utf8'));
        } catch (err) {
          invalid.push(`recovery ${n}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      const now = Date.now();
      const temps = tempFiles(ws, now);
      const staleTemps = temps.filter((t) => t.ageMs > STALE_TEMP_MS);
      // Locks of killed owners stay until the next writer takes them over (file-lock.ts: owner pid gone).
      const locksLeft = readdirSync(ws).filter((n) => n.endsWith('.castellan-lock')).length;
      console.log(
        `soak: ${SECONDS} s, seed ${SEED}: requests ${stats.requests}, saves acknowledged ${stats.acked}, conflicts ${stats.conflicts}, ` +
          `other refusals ${stats.otherRefusals}${refusalCodes.size > 0 ? ` (${[...refusalCodes].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}, ` +
          `autosaves ${stats.autosaves}, connection errors (killed hosts) ${stats.connectionErrors}, host kills ${stats.hostKills}, ` +
          `prove runs ${stats.proveRuns} (killed ${stats.proveKills}), lost ${lost.length}, hangs ${stats.hangs}, invalid files ${invalid.length} (recovery files checked ${recoveryFiles.length}), ` +
          `temp files left ${temps.length} (older than the sweep age ${staleTemps.length}), lock files left ${locksLeft}`,
      );
      expect({ lost, invalid, hangs, staleTemps }).toEqual({ lost: [], invalid: [], hangs: [], staleTemps: [] });
      expect(stats.acked).toBeGreaterThanOrEqual(5);
      expect(stats.hostKills).toBeGreaterThan(0);
    },
    (SECONDS + 90) * 1000,
  );
});

describe('soak finding: castellan prove next to a host', () => {
  // cmdProve (src-main/cli/main.ts) checks, right before its write and under the file's lock,
  // that the file is still the revision it read: a host save made while the proof ran makes
  // prove answer `conflict` instead of overwriting it.
  it('a save acknowledged by a host while `castellan prove` proves the same file is on disk or in a backup afterwards', async () => {
    const { createHostApi } = await import('../../../src-main/services/host-api.js');
    const { readRevision } = await import('../../../src-main/services/file-revision.js');
    const { endlessLevel } = await import('../helpers.js');
    const dir = tempDir('castellan-soak-prove-');
    const file = join(dir, 'f.level.json');
    writeFileSync(file, json({ ...endlessLevel(), meta: { title: 'v0' } }));
    const api = createHostApi({
      kind: 'serve',
      resolvePath: (p) => join(dir, String(p)),
      listFiles: async () => [],
      backupDirFor: () => join(dir, 'backups'),
    });
    // The endless level keeps the proof busy for --time-ms: the host saves in that window.
    const child = spawn(process.execPath, [BIN, 'prove', '--draft', '--time-ms', '10000', file], { cwd: dir, stdio: 'ignore' });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      await sleep(5000);
      const cur = await readRevision(file);
      if (cur === null || 'ok' in cur) throw new Error('the level is missing');
      const r = await api.save({
        path: 'f.level.json',
        document: { ...endlessLevel(), meta: { title: 'v1' } },
        expectedRevision: cur.revision,
        allowDraft: true,
        noProof: true,
      });
      expect(r.ok).toBe(true);
      await exited;
    } finally {
      child.kill('SIGKILL');
    }
    const titles = [file, ...readdirSync(join(dir, 'backups')).map((n) => join(dir, 'backups', n))].map(
      (p) => (JSON.parse(readFileSync(p, 'utf8')) as { meta: { title: string } }).meta.title,
    );
    expect(titles).toContain('v1');
  }, 60_000);
});
