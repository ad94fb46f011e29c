/**
 * Fuzz shapes, part of the normal test run next to fuzz.test.ts: inputs of a
 * hostile shape rather than hostile content.
 * - Huge arrays (10^5 and 10^6 entries in walls / pieces / holes / tiles /
 *   editor) and deep nesting (depth 10^4 and 10^5), as level texts, level
 *   files opened by the host and save bodies (HostApi and HTTP): a coded
 *   error or a valid answer within the case's time limit.
 * - Special files in a served workspace (a FIFO, links to /dev/zero and
 *   /dev/urandom, a folder, a dangling link and a link loop, each named
 *   `*.level.json`): list, open, packOpen, workspaceSummary answer at once
 *   and the host keeps answering.
 * - Duplicate and conflicting HTTP headers (raw TCP): two Host or two
 *   Content-Length headers answer 400; two tokens, Transfer-Encoding with
 *   Content-Length: a 4xx or a correct answer, never a hang.
 * - Two serve hosts (child processes) racing random interleavings of save /
 *   saveAs / autosave on a few files with `expectedRevision`: every file
 *   parses, every acknowledged save is on disk or in a backup. (The host API
 *   has no delete or rename.)
 *
 * Counts are printed once at the end ("fuzz shapes: N cases ...").
 * FUZZ_SEED=<seed> replays the random interleavings.
 */
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseLevelText } from '../../src-shared/format/load.js';
import { HOST_ERROR_CODES, type FileRevision } from '../../src-shared/host/contract.js';
import { createHostApi, type HostService } from '../../src-main/services/host-api.js';
import { openLevelFile } from '../../src-main/services/level-files.js';
import { startServeHost, type ServeHandle } from '../../src-main/serve/server.js';
import { forkServeHost, type ServeChild } from '../main/child.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../main/helpers.js';

vi.mock('../../src-main/services/solve-runner.js', async (importOriginal) => {
  const real = (await importOriginal()) as Record<string, unknown>;
  return {
    ...real,
    solveInWorker: async () => ({ result: { status: 'limit', states: 0, depth: 0, reason: 'time' }, ms: 0 }),
  };
});

const counts = { hugeTexts: 0, hugeFiles: 0, hugeSaves: 0, hugeHttp: 0, specialFiles: 0, headers: 0, raceRounds: 0, raceOps: 0 };
const answers = new Map<string, number>();
const CODES = new Set<string>(HOST_ERROR_CODES);
const TOKEN = 'shapes-token-0123456789';
const seed = process.env['FUZZ_SEED'] !== undefined ? Number(process.env['FUZZ_SEED']) : undefined;

function bump(k: string): void {
  answers.set(k, (answers.get(k) ?? 0) + 1);
}

/** Rejects when `p` does not settle within `ms` (a hang is a failure). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`hang: ${what} did not answer within ${ms} ms`)), ms);
    }),
  ]);
}

/** A host answer: ok, or a known error code with a message. */
function expectCoded(r: unknown, what: string): void {
  const a = r as { ok?: unknown; code?: unknown; message?: unknown };
  expect(typeof a, what).toBe('object');
  if (a.ok === true) {
    bump('ok');
    return;
  }
  bump(String(a.code));
  expect(a.ok, what).toBe(false);
  expect(CODES.has(String(a.code)), `${what}: code ${String(a.code)}`).toBe(true);
  expect(typeof a.message, what).toBe('string');
}

interface Reply {
  status: number;
  body: string;
}

/** POST /api/<method> with a JSON body (string: sent as is); status and body. */
function post(port: number, method: string, body: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: `/api/${method}`, headers: { 'x-castellan-token': TOKEN, 'content-length': data.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve({ status: 0, body: '' }) : reject(e)));
    req.end(data);
  });
}

/** Sends raw bytes; the first response's status (0: closed without one). */
function raw(port: number, bytes: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    sock.on('data', (c: Buffer) => chunks.push(c));
    sock.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
    sock.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    sock.end(Buffer.from(bytes, 'latin1'));
  });
}

let work: string;
let ws: string;
let renderer: string;
let host: ServeHandle;
let api: HostService;

beforeAll(async () => {
  work = tempDir('castellan-shapes-');
  ws = join(work, 'ws');
  renderer = join(work, 'renderer');
  mkdirSync(ws);
  mkdirSync(renderer);
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(ws, 'a.level.json'), json(twoMoveLevel()));
  host = await startServeHost({ workspace: ws, rendererDir: renderer, token: TOKEN });
  api = createHostApi({ kind: 'serve', resolvePath: (p) => join(work, 'saves', String(p)), listFiles: async () => [] });
  mkdirSync(join(work, 'saves'));
});

afterAll(async () => {
  await host?.close();
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(
    `fuzz shapes: ${total} cases — huge/deep level texts ${counts.hugeTexts}, files opened ${counts.hugeFiles}, HostApi save bodies ${counts.hugeSaves}, ` +
      `HTTP save bodies ${counts.hugeHttp}, special-file requests ${counts.specialFiles}, duplicate-header requests ${counts.headers}, ` +
      `two-host race rounds ${counts.raceRounds} (${counts.raceOps} operations); answers ${[...answers].map(([k, v]) => `${k}: ${v}`).join(', ')}`,
  );
  cleanupTempDirs();
});

// ------------------------------------------------------------------ huge arrays, deep nesting

const FILE_LETTERS = 'abcdefgh';
/** The i-th square of an 8x8 board other than a1 (the king) and h8 (the portal). */
const sq = (i: number): string => {
  const k = (i % 62) + 1;
  return `${FILE_LETTERS[k % 8]}${Math.floor(k / 8) + 1}`;
};

interface HugeCase {
  name: string;
  text: () => string;
  /** The document as a save body (absent: text only, e.g. nesting too deep for JSON.stringify to be the point). */
  doc?: () => unknown;
}

const ukBase = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'huge' },
  board: { width: 8, height: 8 },
  portal: 'h8',
  pieces: [{ role: 'king', square: 'a1' }],
};
const cmBase = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'chess-maze',
  meta: { title: 'huge' },
  board: { width: 8, height: 8 },
  pieces: [{ role: 'king', square: 'a1', side: 'player' }],
};

function hugeCases(): HugeCase[] {
  const out: HugeCase[] = [];
  for (const n of [100_000, 1_000_000]) {
    const docs: Record<string, () => unknown> = {
      walls: () => ({ ...ukBase, walls: Array.from({ length: n }, (_, i) => sq(i)) }),
      pieces: () => ({ ...ukBase, pieces: [...ukBase.pieces, ...Array.from({ length: n }, (_, i) => ({ role: 'rook', square: sq(i) }))] }),
      holes: () => ({ ...cmBase, board: { width: 8, height: 8, holes: Array.from({ length: n }, (_, i) => sq(i)) } }),
      tiles: () => ({ ...cmBase, tiles: Array.from({ length: n }, (_, i) => ({ kind: 'coin', square: sq(i) })) }),
      editor: () => ({ ...ukBase, editor: { numbers: Array.from({ length: n }, (_, i) => i) } }),
    };
    for (const [field, doc] of Object.entries(docs)) {
      // 10^6 entries: the two shapes of the findings (walls, editor numbers); every field at 10^5 (2 shared cores).
      if (n === 1_000_000 && field !== 'walls' && field !== 'editor') continue;
      out.push({ name: `${field} x${n}`, text: () => JSON.stringify(doc()), doc });
    }
  }
  for (const depth of [10_000, 100_000]) {
    out.push({ name: `editor nested ${depth} deep`, text: () => JSON.stringify(ukBase).slice(0, -1) + `,"editor":${'['.repeat(depth)}${']'.repeat(depth)}}` });
    out.push({
      name: `walls nested ${depth} deep`,
      text: () => JSON.stringify({ ...ukBase, walls: 'X' }).replace('"X"', `${'['.repeat(depth)}${']'.repeat(depth)}`),
    });
  }
  return out;
}

/** 10^6-entry cases get more time than 10^5 ones (2 shared cores): the bound is a hang, not speed. */
const limitFor = (name: string): number => (name.includes('1000000') ? 30_000 : 10_000);

describe('fuzz shapes: huge arrays and deep nesting', () => {
  for (const c of hugeCases()) {
    it(`${c.name}: parse, open, save (HostApi and HTTP) answer a coded error or a valid result in time`, async () => {
      const text = c.text();
      const limit = limitFor(c.name);
      counts.hugeTexts++;
      let t = Date.now();
      const parsed = parseLevelText(text);
      expect(Date.now() - t, 'parseLevelText ms').toBeLessThan(limit);
      if (!parsed.ok) for (const i of parsed.error) expect(i.code).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

      counts.hugeFiles++;
      const file = join(work, `huge-${c.name.replace(/\W+/g, '-')}.level.json`);
      writeFileSync(file, text);
      expectCoded(await within(openLevelFile(file), limit, `open ${c.name}`), `open ${c.name}`);

      if (c.doc) {
        counts.hugeSaves++;
        const doc = c.doc();
        t = Date.now();
        const saved = await within(api.save({ path: 'huge.level.json', document: doc, allowDraft: true, noProof: true }), limit, `save ${c.name}`);
        expectCoded(saved, `save ${c.name}`);
        if ((saved as { ok: boolean }).ok) {
          // Saved work must reopen (a save the opener refuses is lost work).
          const again = await within(openLevelFile(join(work, 'saves', 'huge.level.json')), limit, 'reopen');
          expect(again.ok, `saved ${c.name} reopens`).toBe(true);
        }
      }
      counts.hugeHttp++;
      const body = c.doc
        ? JSON.stringify({ path: 'h.level.json', document: c.doc(), allowDraft: true, noProof: true })
        : `{"path":"h.level.json","allowDraft":true,"document":${text}}`;
      const r = await within(post(host.port, 'save', body), limit, `HTTP save ${c.name}`);
      if (body.length > 5 * 1024 * 1024) expect([0, 413]).toContain(r.status);
      else {
        expect(r.status).toBeGreaterThanOrEqual(200);
        expectCoded(JSON.parse(r.body), `HTTP save ${c.name}`);
      }
      const alive = await within(post(host.port, 'startup', {}), 5000, 'startup after');
      expect(alive.status).toBe(200);
    }, 120_000);
  }
});

// ------------------------------------------------------------------ special files

describe('fuzz shapes: special files in a served workspace', () => {
  it('a FIFO, links to /dev/zero and /dev/urandom, a folder, a dangling link and a link loop named *.level.json: coded answers at once, the host keeps answering', async () => {
    const sp = join(ws, 'special');
    mkdirSync(sp);
    execFileSync('mkfifo', [join(sp, 'fifo.level.json')]);
    symlinkSync('/dev/zero', join(sp, 'zero.level.json'));
    symlinkSync('/dev/urandom', join(sp, 'urandom.level.json'));
    mkdirSync(join(sp, 'folder.level.json'));
    symlinkSync(join(sp, 'nowhere.level.json'), join(sp, 'dangling.level.json'));
    symlinkSync(join(sp, 'loop-b.level.json'), join(sp, 'loop-a.level.json'));
    symlinkSync(join(sp, 'loop-a.level.json'), join(sp, 'loop-b.level.json'));
    // A pack whose manifest lists every special file, and a pack.json that is itself a FIFO.
    const pk = join(ws, 'pk');
    mkdirSync(join(pk, 'levels'), { recursive: true });
    for (const n of ['fifo', 'zero', 'urandom', 'folder', 'dangling', 'loop-a'])
      symlinkSync(join(sp, `${n}.level.json`), join(pk, 'levels', `${n}.level.json`));
    writeFileSync(
      join(pk, 'pack.json'),
      JSON.stringify({
        format: 'castellan.pack',
        version: 1,
        title: 'P',
        ruleset: 'unlock-the-king',
        levels: ['fifo', 'zero', 'urandom', 'folder', 'dangling', 'loop-a'].map((n) => `levels/${n}.level.json`),
      }),
    );
    mkdirSync(join(ws, 'fifo-pack'));
    execFileSync('mkfifo', [join(ws, 'fifo-pack', 'pack.json')]);

    const names = ['fifo', 'zero', 'urandom', 'folder', 'dangling', 'loop-a'];
    const calls: [string, unknown][] = [
      ['list', {}],
      ['workspaceSummary', {}],
      ['packList', {}],
      ['packOpen', { path: 'pk' }],
      ['packOpen', { path: 'fifo-pack' }],
      ['browse', { dir: 'special' }],
    ];
    // Ten rounds: a FIFO open that blocked an I/O thread would exhaust the pool (4 threads) well before the end.
    for (let round = 0; round < 10; round++) {
      for (const n of names) calls.push(['open', { path: `special/${n}.level.json` }], ['revision', { path: `special/${n}.level.json` }]);
    }
    for (const [method, body] of calls) {
      counts.specialFiles++;
      const t = Date.now();
      const r = await within(post(host.port, method, body), 5000, `${method} ${JSON.stringify(body)}`);
      expect(Date.now() - t, `${method} ms`).toBeLessThan(5000);
      expect(r.status, `${method} ${JSON.stringify(body)}: ${r.body.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
      const a = JSON.parse(r.body) as { ok: boolean };
      expectCoded(a, method);
      if (method === 'open') expect(a.ok, `open ${JSON.stringify(body)} is refused`).toBe(false);
      // Never a server path in an answer (the serve host promises the browser never learns them).
      expect(r.body).not.toContain(ws);
    }
    const alive = await within(post(host.port, 'open', { path: 'a.level.json' }), 5000, 'open after');
    expect(JSON.parse(alive.body)).toMatchObject({ ok: true });
  }, 120_000);
});

// ------------------------------------------------------------------ duplicate headers

describe('fuzz shapes: duplicate and conflicting headers', () => {
  it('two Host, two Content-Length: 400; two tokens, Transfer-Encoding with Content-Length: 4xx or served, never hung', async () => {
    const p = host.port;
    const h = `127.0.0.1:${p}`;
    const body = '{}';
    const cases: { name: string; head: string[]; body: string; expect: 'bad' | 'either' }[] = [
      { name: 'two Host (same)', head: [`Host: ${h}`, `Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Content-Length: 2'], body, expect: 'bad' },
      { name: 'two Host (other)', head: [`Host: ${h}`, 'Host: evil.example', `X-Castellan-Token: ${TOKEN}`, 'Content-Length: 2'], body, expect: 'bad' },
      { name: 'two Host (evil first)', head: ['Host: evil.example', `Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Content-Length: 2'], body, expect: 'bad' },
      { name: 'two Content-Length (same)', head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Content-Length: 2', 'Content-Length: 2'], body, expect: 'bad' },
      {
        name: 'two Content-Length (other)',
        head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Content-Length: 2', 'Content-Length: 40'],
        body,
        expect: 'bad',
      },
      { name: 'Content-Length list', head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Content-Length: 2, 2'], body, expect: 'bad' },
      {
        name: 'two tokens (same)',
        head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, `X-Castellan-Token: ${TOKEN}`, 'Content-Length: 2'],
        body,
        expect: 'either',
      },
      {
        name: 'two tokens (one wrong)',
        head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'X-Castellan-Token: wrong-token-000', 'Content-Length: 2'],
        body,
        expect: 'either',
      },
      {
        name: 'two tokens (wrong first)',
        head: [`Host: ${h}`, 'X-Castellan-Token: wrong-token-000', `X-Castellan-Token: ${TOKEN}`, 'Content-Length: 2'],
        body,
        expect: 'either',
      },
      {
        name: 'two Authorization',
        head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Authorization: Bearer a', 'Authorization: Bearer b', 'Content-Length: 2'],
        body,
        expect: 'either',
      },
      {
        name: 'TE chunked + CL',
        head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Transfer-Encoding: chunked', 'Content-Length: 2'],
        body: '2\r\n{}\r\n0\r\n\r\n',
        expect: 'either',
      },
      {
        name: 'CL + TE chunked',
        head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Content-Length: 40', 'Transfer-Encoding: chunked'],
        body: '2\r\n{}\r\n0\r\n\r\n',
        expect: 'either',
      },
      {
        name: 'two TE',
        head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Transfer-Encoding: chunked', 'Transfer-Encoding: chunked'],
        body: '2\r\n{}\r\n0\r\n\r\n',
        expect: 'either',
      },
      {
        name: 'TE gzip, chunked',
        head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Transfer-Encoding: gzip, chunked'],
        body: '2\r\n{}\r\n0\r\n\r\n',
        expect: 'either',
      },
      {
        name: 'TE identity + CL',
        head: [`Host: ${h}`, `X-Castellan-Token: ${TOKEN}`, 'Transfer-Encoding: identity', 'Content-Length: 2'],
        body,
        expect: 'either',
      },
    ];
    for (const c of cases) {
      counts.headers++;
      const r = await within(raw(p, [`POST /api/startup HTTP/1.1`, ...c.head, 'Connection: close', '', ''].join('\r\n') + c.body), 5000, c.name);
      bump(`HTTP ${r.status}`);
      if (c.expect === 'bad') expect(r.status, c.name).toBe(400);
      else if (r.status === 200)
        expect(
          JSON.parse(
            r.body
              .trim()
              .replace(/^[0-9a-f]+\r\n/, '')
              .replace(/\r\n0\r\n\r\n$/, ''),
          ),
          c.name,
        ).toMatchObject({ ok: true });
      else expect(r.status >= 400 && r.status < 500, `${c.name}: ${r.status}`).toBe(true);
    }
    const alive = await within(post(p, 'startup', {}), 5000, 'startup after');
    expect(alive.status).toBe(200);
  }, 60_000);
});

// ------------------------------------------------------------------ two hosts racing

/** SHA-256 of a level without `solution` / `draft`. */
function contentHash(doc: unknown): string {
  const copy = { ...(doc as Record<string, unknown>) };
  delete copy['solution'];
  delete copy['draft'];
  return createHash('sha256').update(JSON.stringify(copy)).digest('hex');
}

describe('fuzz shapes: two serve hosts racing on one workspace', () => {
  it('random interleavings of save / saveAs / autosave with expectedRevision: every file parses, every acknowledged save on disk or in a backup', async () => {
    const dir = tempDir('castellan-race-');
    const rws = join(dir, 'ws');
    mkdirSync(rws);
    const files = ['a.level.json', 'b.level.json', 'c.level.json'];
    for (const f of files) writeFileSync(join(rws, f), json(twoMoveLevel({ meta: { title: `start ${f}` } })));
    const hosts: ServeChild[] = await Promise.all(
      [0, 1].map((i) => forkServeHost(dir, { workspace: rws, rendererDir: renderer, token: TOKEN, name: `race-${i}` })),
    );
    const acked: { path: string; key: string }[] = [];
    let serial = 0;
    const op = fc.record({
      host: fc.constantFrom(0, 1),
      kind: fc.constantFrom('save', 'save', 'save', 'saveStale', 'overwrite', 'saveAs', 'saveAsOverwrite', 'autosave'),
      file: fc.constantFrom(...files, 'new.level.json'),
      delayMs: fc.integer({ min: 0, max: 15 }),
    });
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 8 }), async (ops) => {
          counts.raceRounds++;
          // Every op of a round reads the revision first, then all fire at once: they race on the same revisions.
          const revs = await Promise.all(
            ops.map(async (o) => {
              const r = JSON.parse((await post(hosts[o.host]!.port, 'revision', { path: o.file })).body) as { ok: boolean; revision?: FileRevision | null };
              return r.ok ? (r.revision ?? null) : null;
            }),
          );
          await Promise.all(
            ops.map(async (o, i) => {
              counts.raceOps++;
              await new Promise((r) => setTimeout(r, o.delayMs));
              const title = `t${serial++}`;
              const document = twoMoveLevel({ meta: { title } });
              const port = hosts[o.host]!.port;
              const stale = { mtimeMs: 1, size: 1, sha256: `sha256:${'0'.repeat(64)}` };
              const req: Record<string, unknown> =
                o.kind === 'autosave'
                  ? { docId: `d${o.host}`, document, path: o.file, baseRevision: revs[i] ?? undefined }
                  : {
                      path: o.file,
                      document,
                      allowDraft: true,
                      noProof: true,
                      expectedRevision: o.kind === 'saveStale' ? stale : revs[i],
                      ...(o.kind === 'overwrite' || o.kind === 'saveAsOverwrite' ? { overwrite: true } : {}),
                    };
              const method = o.kind === 'autosave' ? 'autosave' : o.kind.startsWith('saveAs') ? 'saveAs' : 'save';
              const r = await within(post(port, method, req), 15_000, `${method} ${o.file}`);
              const a = JSON.parse(r.body) as { ok: boolean; document?: unknown };
              expectCoded(a, method);
              if (a.ok && method !== 'autosave') acked.push({ path: o.file, key: `${title}#${contentHash(a.document)}` });
            }),
          );
        }),
        { numRuns: 40, ...(seed !== undefined ? { seed } : {}) },
      );
    } finally {
      for (const h of hosts) h.child.kill('SIGKILL');
    }
    const versions = new Map<string, Set<string>>();
    for (const f of [...files, 'new.level.json']) {
      const set = new Set<string>();
      const texts: string[] = [];
      try {
        texts.push(readFileSync(join(rws, f), 'utf8'));
      } catch {
        // never created
      }
      const bdir = join(rws, '.castellan', 'backups', f);
      try {
        for (const n of readdirSync(bdir)) texts.push(readFileSync(join(bdir, n), 'utf8'));
      } catch {
        // no backups
      }
      for (const t of texts) {
        const d = JSON.parse(t) as { meta: { title: string } };
        set.add(`${d.meta.title}#${contentHash(d)}`);
      }
      if (texts.length > 0) {
        const o = await openLevelFile(join(rws, f));
        expect(o.ok, `${f} parses`).toBe(true);
      }
      versions.set(f, set);
    }
    const lost = acked.filter((a) => !versions.get(a.path)!.has(a.key)).map((a) => `${a.path} ${a.key}`);
    expect(lost).toEqual([]);
    expect(acked.length).toBeGreaterThan(20);
  }, 180_000);
});
