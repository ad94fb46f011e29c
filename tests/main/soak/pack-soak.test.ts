/**
 * The pack soak: two serve hosts (child processes running `startServeHost`,
 * each on its own port) adding levels to one pack folder and saving its
 * manifest at the same time, `castellan prove --draft` on the pack's level
 * files beside them, and `kill -9` of a host (then a restart) and of a
 * running prove at random moments.
 *
 * - `packAddLevel`: a document whose `meta.description` is a unique tag,
 *   with one of four titles (so names collide: `same.level.json`,
 *   `same-2.level.json`, ...), sometimes with the `expectedRevision` of a
 *   `packOpen` made just before (may answer `conflict`), else none.
 * - `packSave`: the manifest of a `packOpen` with its entries shuffled,
 *   a tier set, and its title replaced by a unique tag, always with
 *   `expectedRevision` (so a save never drops an entry added meanwhile:
 *   it answers `conflict` instead).
 *
 * At the end:
 * 1. every manifest a host acknowledged (the sha256 of the `revision` it
 *    answered) is pack.json itself or one of its backups
 *    (`.castellan/backups/pk/pack.json/`; the hosts keep every backup);
 * 2. every acknowledged add's file exists, holds the document added (its
 *    tag; a later prove may add a solution, the tag stays) and is listed in
 *    the final manifest;
 * 3. every file the final manifest lists exists and is a whole level;
 * 4. a level file in `levels/` that the manifest does not list is allowed
 *    only when it holds the document of an add request that got no answer
 *    because its host was killed (the add had claimed its name, a whole
 *    verified file linked in one step, but the manifest write had not
 *    happened yet); an add answered with an error leaves no file;
 * 5. no temp file older than the sweep age (`STALE_TEMP_MS`), and no
 *    request hung (each has a timeout; hangs = 0).
 *
 * Bounded: `SOAK_SECONDS` of load (default 20 s, about 45 s wall with the
 * start-ups and checks); `SOAK_SEED` fixes the random schedule (printed).
 * Run longer locally: `SOAK_SECONDS=300 npx vitest run tests/main/soak/pack-soak.test.ts`.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileRevision } from '../../../src-shared/host/contract.js';
import type { PackFile } from '../../../src-shared/model/level.js';
import { parsePackText } from '../../../src-shared/format/load.js';
import { STALE_TEMP_MS } from '../../../src-main/services/atomic-file.js';
import { parseLevelDocument } from '../../../src-main/services/level-files.js';
import { forkServeHost, postToHost, type ServeChild } from '../child.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));
const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 20);
const SEED = Number(process.env['SOAK_SEED'] ?? 24_2026);
const TOKEN = 'pack-soak-token-0123456789';
/** A request with no answer after this long is a hang. */
const REQUEST_TIMEOUT_MS = 20_000;
const TITLES = ['Same', 'Same', 'Other', 'Third'];
const TIERS = ['Novice', 'Adept', 'Master'];

/** mulberry32: a small seeded PRNG (the schedule of operations, waits and kills). */
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
const sha = (b: Buffer): string => `sha256:${createHash('sha256').update(b).digest('hex')}`;

const stats = {
  requests: 0,
  addsAcked: 0,
  savesAcked: 0,
  conflicts: 0,
  otherRefusals: 0,
  unanswered: 0,
  hostKills: 0,
  proveRuns: 0,
  proveKills: 0,
  hangs: 0,
};
const refusalCodes = new Map<string, number>();
const hangs: string[] = [];

/** POST /api/<method>: the parsed answer, `undefined` when the connection failed (host killed), a hang after the timeout. */
async function call(port: number, method: string, body: unknown): Promise<Record<string, unknown> | undefined> {
  stats.requests++;
  const r = await postToHost(port, TOKEN, method, body, REQUEST_TIMEOUT_MS);
  if (r.kind === 'hang') {
    stats.hangs++;
    hangs.push(`${method} on port ${port}`);
  }
  return r.kind === 'answer' ? r.value : undefined;
}

function noteRefusal(r: Record<string, unknown>): void {
  if (r['code'] === 'conflict') stats.conflicts++;
  else {
    stats.otherRefusals++;
    refusalCodes.set(String(r['code']), (refusalCodes.get(String(r['code'])) ?? 0) + 1);
  }
}

/** The tag of a level file (its `meta.description`), or undefined when it is not a whole level. */
function tagOf(file: string): string | undefined {
  try {
    const d = JSON.parse(readFileSync(file, 'utf8')) as { meta?: { description?: string } };
    return d.meta?.description;
  } catch {
    return undefined;
  }
}

/** Every file under `dir` whose name marks a temp file of a write, with its age in ms. */
function tempFiles(dir: string, now: number): { path: string; ageMs: number }[] {
  const out: { path: string; ageMs: number }[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...tempFiles(p, now));
    else if (/\.castellan-tmp/.test(e.name)) out.push({ path: p, ageMs: now - statSync(p).mtimeMs });
  }
  return out;
}

describe('pack soak: two serve hosts adding levels and saving one pack, with kill -9', () => {
  it(
    `every acknowledged manifest on disk or in a backup, every acknowledged add on disk and listed, strays only from killed adds, 0 hangs (SOAK_SECONDS=${SECONDS}, SOAK_SEED=${SEED})`,
    async () => {
      console.log(`pack soak: seed ${SEED} (SOAK_SEED), ${SECONDS} s (SOAK_SECONDS)`);
      const dir = tempDir('castellan-pack-soak-');
      const ws = join(dir, 'ws');
      const pk = join(ws, 'pk');
      const renderer = join(dir, 'renderer');
      mkdirSync(join(pk, 'levels'), { recursive: true });
      mkdirSync(renderer);
      writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>x</title>');
      writeFileSync(join(pk, 'pack.json'), json({ format: 'castellan.pack', version: 1, title: 'start', ruleset: 'unlock-the-king', levels: [] }));

      const start = (name: string): Promise<ServeChild> => forkServeHost(dir, { workspace: ws, rendererDir: renderer, token: TOKEN, name });
      const hosts: ServeChild[] = await Promise.all([start('host-0'), start('host-1')]);
      const deadline = Date.now() + SECONDS * 1000;
      let serial = 0;
      /** Acknowledged manifests: the sha256 of the answered revision, and the tag (title) of a save. */
      const manifestAcks: { sha: string; what: string }[] = [];
      /** Acknowledged adds: the answered file and the tag of the document. */
      const addAcks: { file: string; tag: string }[] = [];
      /** Tags of add requests that got no answer (their host was killed, or the request failed). */
      const unansweredAdds = new Set<string>();

      async function open(port: number): Promise<{ pack: PackFile; revision: FileRevision } | undefined> {
        const o = await call(port, 'packOpen', { path: 'pk' });
        if (o === undefined) {
          await sleep(200);
          return undefined;
        }
        if (o['ok'] !== true) {
          noteRefusal(o);
          return undefined;
        }
        return { pack: o['pack'] as PackFile, revision: o['revision'] as FileRevision };
      }

      /** One pack manager on host `hi`: adds and saves at random. */
      async function worker(hi: number, id: number): Promise<void> {
        while (Date.now() < deadline) {
          const port = hosts[hi]!.port;
          const tag = `h${hi}.${id} #${serial++}`;
          if (rand() < 0.6) {
            const withRev = rand() < 0.3;
            const o = withRev ? await open(port) : undefined;
            if (withRev && o === undefined) continue;
            const document = twoMoveLevel({ meta: { title: pick(TITLES), description: tag } });
            const r = await call(port, 'packAddLevel', { path: 'pk', document, ...(o ? { expectedRevision: o.revision } : {}) });
            if (r === undefined) {
              stats.unanswered++;
              unansweredAdds.add(tag);
              await sleep(200); // the host was killed: wait for its restart
              continue;
            }
            if (r['ok'] !== true) {
              noteRefusal(r);
              continue;
            }
            stats.addsAcked++;
            addAcks.push({ file: r['added'] as string, tag });
            manifestAcks.push({ sha: (r['revision'] as FileRevision).sha256, what: `add ${tag}` });
          } else {
            const o = await open(port);
            if (o === undefined) continue;
            const levels = [...o.pack.levels];
            for (let i = levels.length - 1; i > 0; i--) {
              const j = Math.floor(rand() * (i + 1));
              [levels[i], levels[j]] = [levels[j]!, levels[i]!];
            }
            if (levels.length > 0) {
              const k = Math.floor(rand() * levels.length);
              levels[k] = { ...levels[k]!, tier: pick(TIERS) };
            }
            await sleep(rand() * 40);
            const r = await call(port, 'packSave', { path: 'pk', pack: { ...o.pack, title: tag, levels }, expectedRevision: o.revision });
            if (r === undefined) {
              stats.unanswered++;
              await sleep(200);
              continue;
            }
            if (r['ok'] !== true) {
              noteRefusal(r);
              continue;
            }
            stats.savesAcked++;
            manifestAcks.push({ sha: (r['revision'] as FileRevision).sha256, what: `save ${tag}` });
          }
        }
      }

      /** kill -9 of a random host at random moments, then a restart on a new port. */
      async function killer(): Promise<void> {
        while (Date.now() < deadline - 2000) {
          await sleep(1000 + rand() * 2500);
          if (Date.now() >= deadline - 2000) break;
          const hi = rand() < 0.5 ? 0 : 1;
          const old = hosts[hi]!;
          const exited = new Promise((r) => old.child.once('exit', r));
          old.child.kill('SIGKILL');
          stats.hostKills++;
          await exited;
          hosts[hi] = await start(`host-${hi}-${stats.hostKills}`);
        }
      }

      /** `castellan prove --draft` on a few listed level files, over and over; some runs killed with -9. */
      async function prover(): Promise<void> {
        while (Date.now() < deadline - 1000) {
          await sleep(300 + rand() * 700);
          const parsed = parsePackText(readFileSync(join(pk, 'pack.json'), 'utf8'));
          const files = parsed.ok ? parsed.value.levels.flatMap((e) => ('file' in e ? [e.file] : [])) : [];
          if (files.length === 0) continue;
          const chosen = Array.from({ length: Math.min(3, files.length) }, () => pick(files));
          const child = spawn(process.execPath, [BIN, 'prove', '--draft', ...new Set(chosen)], { cwd: pk, stdio: 'ignore' });
          stats.proveRuns++;
          const exited = new Promise<void>((r) => child.once('exit', () => r()));
          const killAfter = rand() < 0.4 ? 200 + rand() * 1500 : undefined;
          const timer = setTimeout(() => {
            if (killAfter !== undefined) stats.proveKills++;
            else {
              stats.hangs++;
              hangs.push('castellan prove');
            }
            child.kill('SIGKILL');
          }, killAfter ?? 60_000);
          await exited;
          clearTimeout(timer);
        }
      }

      try {
        await Promise.all([worker(0, 0), worker(0, 1), worker(1, 0), worker(1, 1), killer(), prover()]);
      } finally {
        for (const h of hosts) h.child.kill('SIGKILL');
      }

      // 1. Every acknowledged manifest is pack.json or one of its backups, byte for byte.
      const versions = new Set<string>([sha(readFileSync(join(pk, 'pack.json')))]);
      const ring = join(ws, '.castellan', 'backups', 'pk', 'pack.json');
      let ringNames: string[] = [];
      try {
        ringNames = readdirSync(ring);
      } catch {
        // no backups
      }
      for (const n of ringNames) versions.add(sha(readFileSync(join(ring, n))));
      const lostManifests = manifestAcks.filter((a) => !versions.has(a.sha)).map((a) => a.what);

      // 3. The final manifest is a pack; every file it lists exists and is a whole level.
      const final = parsePackText(readFileSync(join(pk, 'pack.json'), 'utf8'));
      if (!final.ok) throw new Error(`pack.json is not a pack: ${final.error[0]?.message}`);
      const listed = final.value.levels.flatMap((e) => ('file' in e ? [e.file] : []));
      const listedSet = new Set(listed);
      const badListed: string[] = [];
      for (const f of listed) {
        let text: string;
        try {
          text = readFileSync(join(pk, f), 'utf8');
        } catch {
          badListed.push(`${f}: missing`);
          continue;
        }
        const r = parseLevelDocument(text, f);
        if (!r.ok) badListed.push(`${f}: ${r.code} ${r.message}`);
      }
      const duplicates = listed.length - listedSet.size;

      // 2. Every acknowledged add is on disk with its document, and listed.
      const lostAdds = addAcks.filter((a) => tagOf(join(pk, a.file)) !== a.tag || !listedSet.has(a.file)).map((a) => `${a.file} (${a.tag})`);

      // 4. Strays: level files not listed; each must hold the document of an add that got no answer.
      const onDisk = readdirSync(join(pk, 'levels')).filter((n) => n.endsWith('.level.json') && !n.startsWith('.'));
      const strays = onDisk.filter((n) => !listedSet.has(`levels/${n}`));
      const unexplained = strays.filter((n) => {
        const tag = tagOf(join(pk, 'levels', n));
        return tag === undefined || !unansweredAdds.has(tag);
      });

      // 5. No temp file older than the sweep age.
      const temps = tempFiles(ws, Date.now());
      const staleTemps = temps.filter((t) => t.ageMs > STALE_TEMP_MS);
      console.log(
        `pack soak: ${SECONDS} s, seed ${SEED}: requests ${stats.requests}, adds acknowledged ${stats.addsAcked}, saves acknowledged ${stats.savesAcked}, ` +
          `conflicts ${stats.conflicts}, other refusals ${stats.otherRefusals}${refusalCodes.size > 0 ? ` (${[...refusalCodes].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}, ` +
          `unanswered (killed hosts) ${stats.unanswered}, host kills ${stats.hostKills}, prove runs ${stats.proveRuns} (killed ${stats.proveKills}), ` +
          `manifest backups ${ringNames.length}, levels listed ${listed.length}, strays from killed adds ${strays.length}, ` +
          `lost manifests ${lostManifests.length}, lost adds ${lostAdds.length}, unexplained strays ${unexplained.length}, hangs ${stats.hangs}, ` +
          `temp files left ${temps.length} (older than the sweep age ${staleTemps.length})`,
      );
      expect({ lostManifests, lostAdds, badListed, duplicates, unexplained, hangs, staleTemps }).toEqual({
        lostManifests: [],
        lostAdds: [],
        badListed: [],
        duplicates: 0,
        unexplained: [],
        hangs: [],
        staleTemps: [],
      });
      expect(stats.addsAcked).toBeGreaterThanOrEqual(5);
      expect(stats.savesAcked).toBeGreaterThanOrEqual(2);
      expect(stats.hostKills).toBeGreaterThan(0);
    },
    (SECONDS + 90) * 1000,
  );
});
