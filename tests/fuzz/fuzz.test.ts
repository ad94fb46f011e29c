/**
 * Fuzzing, part of the normal test run: generated
 * malformed or hostile level files, pack files, IPC calls (through the real
 * Electron handlers with a mocked `electron`, and the serve HostApi) and
 * serve HTTP requests (raw TCP). Each case must end without a crash, within
 * its own time limit, with a coded answer. Round trip: for generated valid
 * levels of every ruleset, load(save(x)) equals x (text and files).
 *
 * The case counts are printed once at the end ("fuzz: N cases ...").
 *
 * The save pipeline's solver is replaced by an instant "gave up at a limit"
 * answer here: the host's handling of untrusted input is under test, not the
 * solver (whose isolation and caps are tested in tests/main/services/solve-*).
 * Seeds are random on every run; a failure prints the seed and the shrunk
 * counterexample (re-run with FUZZ_SEED=<seed>).
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseLevelText, parsePackText } from '../../src-shared/format/load.js';
import { serializeLevel } from '../../src-shared/format/serialize.js';
import { HOST_ERROR_CODES, HOST_METHODS, ipcChannel } from '../../src-shared/host/contract.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import { writeFileVerified } from '../../src-main/services/atomic-file.js';
import { createHostApi, type HostService } from '../../src-main/services/host-api.js';
import { openLevelFile, parseLevelDocument } from '../../src-main/services/level-files.js';
import { openWorkspace } from '../../src-main/services/workspace.js';
import { serveResolvePath, startServeHost, type ServeHandle } from '../../src-main/serve/server.js';
import { anyValidLevel, hostileTexts, jsonClean, mutated, printable, printableSpaced, square, validLevels, validPack } from './arbitraries.js';

// ------------------------------------------------------------------ mocks

const m = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, req: unknown) => Promise<unknown>>(),
  appDir: '',
  userData: '',
  ready: undefined as undefined | (() => void),
}));

vi.mock('electron', () => {
  const readyPromise = new Promise<void>((r) => (m.ready = r));
  class BrowserWindow {
    static getAllWindows = () => [];
    webContents = { on: () => undefined, send: () => undefined };
    once() {}
    on() {}
    show() {}
    maximize() {}
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    isMaximized() {
      return false;
    }
    getNormalBounds() {
      return { x: 40, y: 30, width: 1000, height: 700 };
    }
    loadURL() {
      return Promise.resolve();
    }
  }
  const noop = () => undefined;
  return {
    app: {
      getAppPath: () => m.appDir,
      getPath: () => m.userData,
      whenReady: () => readyPromise,
      isPackaged: false,
      requestSingleInstanceLock: () => true,
      on: noop,
      quit: noop,
    },
    BrowserWindow,
    protocol: { registerSchemesAsPrivileged: noop, handle: noop },
    Menu: { buildFromTemplate: (template: unknown[]) => ({ template }), setApplicationMenu: noop },
    screen: {
      getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
      getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    },
    dialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }), showSaveDialog: async () => ({ canceled: true }), showMessageBoxSync: () => 1 },
    ipcMain: { handle: (ch: string, fn: (e: unknown, r: unknown) => Promise<unknown>) => m.handlers.set(ch, fn) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: noop,
        setPermissionCheckHandler: noop,
        setDevicePermissionHandler: noop,
        setDisplayMediaRequestHandler: noop,
        webRequest: { onHeadersReceived: noop, onBeforeRequest: noop },
      },
    },
  };
});

vi.mock('../../src-main/services/solve-runner.js', async (importOriginal) => {
  const real = (await importOriginal()) as Record<string, unknown>;
  return {
    ...real,
    solveInWorker: async () => ({ result: { status: 'limit', states: 0, depth: 0, reason: 'time' }, ms: 0 }),
  };
});

// ------------------------------------------------------------------ helpers

/** Answer tallies (printed with the counts, so a run shows what the cases reached). */
const tally = { httpStatus: new Map<number, number>(), ipcOk: 0, ipcCodes: new Map<string, number>() };
function bump<K>(map: Map<K, number>, k: K): void {
  map.set(k, (map.get(k) ?? 0) + 1);
}
const counts = { levelTexts: 0, levelFiles: 0, packTexts: 0, ipcElectron: 0, ipcServe: 0, http: 0, roundTripText: 0, roundTripFiles: 0 };
const seed = process.env['FUZZ_SEED'] !== undefined ? Number(process.env['FUZZ_SEED']) : undefined;
const params = (numRuns: number): fc.Parameters<unknown> => ({ numRuns, ...(seed !== undefined ? { seed } : {}) });
const CODES = new Set<string>(HOST_ERROR_CODES);
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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

function expectCodedIssues(issues: Issue[]): void {
  expect(issues.length).toBeGreaterThan(0);
  for (const i of issues) {
    expect(['error', 'warning', 'info']).toContain(i.severity);
    expect(i.code).toMatch(KEBAB);
    expect(typeof i.message).toBe('string');
  }
}

/** A HostApi answer: ok, or a HostError with a known code and a message. */
function expectHostAnswer(r: unknown): void {
  expect(typeof r).toBe('object');
  expect(r).not.toBeNull();
  const a = r as { ok?: unknown; code?: unknown; message?: unknown };
  if (a.ok === true) {
    tally.ipcOk++;
    return;
  }
  bump(tally.ipcCodes, String(a.code));
  expect(a.ok).toBe(false);
  expect(CODES.has(String(a.code)), `code ${String(a.code)}`).toBe(true);
  expect(typeof a.message).toBe('string');
}

// ------------------------------------------------------------------ fixtures

let work: string;
let electronAppUrl: string;
let serveApi: HostService;
let host: ServeHandle;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'castellan-fuzz-'));
  // Electron shell over a temp app folder (never the repository's samples).
  m.appDir = join(work, 'app');
  m.userData = join(work, 'userData');
  mkdirSync(join(m.appDir, 'resources', 'levels', 'unlock-the-king'), { recursive: true });
  writeFileSync(join(m.appDir, 'resources', 'levels', 'unlock-the-king', '01.level.json'), '{}');
  await import('../../src-main/electron/main.js');
  m.ready!();
  await new Promise((r) => setTimeout(r, 0));
  // The document main loads: the app scheme (src-main/electron/app-protocol.ts APP_URL).
  electronAppUrl = 'app://castellan/index.html';
  // Serve host over a temp workspace.
  const ws = join(work, 'workspace');
  mkdirSync(join(ws, 'levels'), { recursive: true });
  writeFileSync(join(ws, 'levels', 'a.level.json'), '{}');
  const w = openWorkspace(ws);
  if ('ok' in w) throw new Error(w.message);
  serveApi = createHostApi({
    kind: 'serve',
    resolvePath: (p, forWrite) => serveResolvePath(w, p, forWrite),
    listFiles: async () => [],
    recoveryDir: join(ws, '.castellan', 'recovery'),
    backupDirFor: (r) => join(ws, '.castellan', 'backups', r.slice(w.realRoot.length + 1)),
    confinedWrites: true,
  });
  const renderer = join(work, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'void 0;');
  host = await startServeHost({ workspace: ws, rendererDir: renderer, token: 'fuzz-token-0123456789' });
});

afterAll(async () => {
  await host?.close();
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(
    `fuzz: ${total} cases — level texts ${counts.levelTexts}, level files via the host ${counts.levelFiles}, pack texts ${counts.packTexts}, ` +
      `IPC calls ${counts.ipcElectron + counts.ipcServe} (Electron handlers ${counts.ipcElectron}, serve HostApi ${counts.ipcServe}), ` +
      `HTTP requests ${counts.http}, round trips ${counts.roundTripText + counts.roundTripFiles} (text ${counts.roundTripText}, files ${counts.roundTripFiles})`,
  );
  const sorted = <K>(mm: Map<K, number>) =>
    [...mm]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${String(k)}: ${v}`)
      .join(', ');
  console.log(`fuzz: host answers ok ${tally.ipcOk}; errors by code ${sorted(tally.ipcCodes)}`);
  console.log(`fuzz: HTTP statuses ${sorted(tally.httpStatus)} (0 = closed by the HTTP parser)`);
  const { rmSync } = await import('node:fs');
  rmSync(work, { recursive: true, force: true });
});

// ------------------------------------------------------------------ level and pack files

describe('fuzz: level and pack files', () => {
  it('hostile level texts: parseLevelText and the host parser never throw and answer coded issues', () => {
    fc.assert(
      fc.property(hostileTexts(anyValidLevel), (text) => {
        counts.levelTexts++;
        const r = parseLevelText(text);
        if (!r.ok) expectCodedIssues(r.error);
        else expect(r.value.format).toBe('castellan.level');
        const h = parseLevelDocument(text, 'fuzz.level.json');
        expectHostAnswer(h);
        expect({} as Record<string, unknown>).not.toHaveProperty('polluted');
      }),
      params(4000),
    );
  });

  it('hostile level files opened by the host: a coded answer each, within 5 s', async () => {
    const dir = join(work, 'files');
    mkdirSync(dir, { recursive: true });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(hostileTexts(anyValidLevel), async (text) => {
        counts.levelFiles++;
        const p = join(dir, `f${n++}.level.json`);
        writeFileSync(p, text);
        const r = await within(openLevelFile(p), 5000, 'openLevelFile');
        expectHostAnswer(r);
      }),
      params(300),
    );
  });

  it('hostile pack texts: parsePackText never throws and answers coded issues', () => {
    fc.assert(
      fc.property(hostileTexts(validPack), (text) => {
        counts.packTexts++;
        const r = parsePackText(text);
        if (!r.ok) expectCodedIssues(r.error);
        else expect(r.value.format).toBe('castellan.pack');
      }),
      params(1500),
    );
  });
});

// ------------------------------------------------------------------ IPC

const method = fc.oneof({ arbitrary: fc.constantFrom(...HOST_METHODS), weight: 9 }, { arbitrary: fc.string({ maxLength: 12 }), weight: 1 });
const fuzzPath = fc.oneof(
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.constantFrom(
    'levels/a.level.json',
    'levels/new.level.json',
    'a.level.json',
    '../x.level.json',
    '/etc/passwd',
    '.castellan/recovery/x.recovery.json',
    '%2e%2e/x.level.json',
    'levels/',
  ),
  fc.array(fc.constantFrom('..', '.', 'levels', '%2e', '\u2024', '', 'a.level.json', '\\', 'C:'), { maxLength: 6 }).map((s) => s.join('/')),
  jsonClean,
);
const revision = fc.oneof(
  fc.constant(null),
  jsonClean,
  fc.record({
    mtimeMs: fc.double(),
    size: fc.integer(),
    sha256: fc.oneof(
      fc.string(),
      fc.stringMatching(/^[0-9a-f]{64}$/).map((h) => `sha256:${h}`),
    ),
  }),
);
const docIds = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), fc.string({ maxLength: 70, unit: 'binary' }), jsonClean);
/** A request: arbitrary values, or contract-shaped ones with hostile fields. */
const request = fc.oneof(
  {
    arbitrary: fc.anything({
      maxDepth: 3,
      withNullPrototype: true,
      withMap: true,
      withSet: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
      withBigInt: true,
      withBoxedValues: true,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record(
      {
        path: fuzzPath,
        document: fc.oneof(mutated(anyValidLevel), anyValidLevel, jsonClean),
        allowDraft: fc.oneof(fc.boolean(), jsonClean),
        expectedRevision: revision,
        overwrite: fc.oneof(fc.boolean(), jsonClean),
        docId: docIds,
        baseRevision: revision,
        id: fc.oneof(fc.string(), fc.constantFrom('2024-01-01T00-00-00-000Z.level.json', '../../a.level.json')),
        [`x${'y'}`]: jsonClean,
      },
      { requiredKeys: [] },
    ),
    weight: 5,
  },
);

describe('fuzz: IPC calls', () => {
  it('Electron IPC handlers (sender check + HostApi): a coded answer for any sender, method and request', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...HOST_METHODS),
        request,
        fc.oneof(fc.constant('app'), fc.constant('subframe'), fc.webUrl(), fc.string({ maxLength: 20 })),
        async (meth, req, sender) => {
          counts.ipcElectron++;
          const url = sender === 'app' || sender === 'subframe' ? electronAppUrl : sender;
          const frame = { url };
          const event = { senderFrame: frame, sender: { mainFrame: sender === 'subframe' ? {} : frame } };
          const r = await within(m.handlers.get(ipcChannel(meth))!(event, req), 5000, `ipc ${meth}`);
          expectHostAnswer(r);
          if (sender !== 'app') expect(r).toMatchObject({ ok: false, code: 'forbidden' });
        },
      ),
      params(1500),
    );
  });

  it('serve HostApi: a coded answer for any method name and request shape', async () => {
    await fc.assert(
      fc.asyncProperty(method, request, async (meth, req) => {
        counts.ipcServe++;
        const fn = (serveApi as unknown as Record<string, unknown>)[meth];
        if (!(HOST_METHODS as readonly string[]).includes(meth)) {
          expect(Object.hasOwn(serveApi, meth) && typeof fn === 'function' && meth !== 'discardSessionRecovery').toBe(false);
          return;
        }
        const r = await within((fn as (r: unknown) => Promise<unknown>)(req), 5000, `serve ${meth}`);
        expectHostAnswer(r);
      }),
      params(1500),
    );
  });
});

// ------------------------------------------------------------------ HTTP

interface RawReply {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends raw bytes; resolves with the first response (or status 0 when the server just closed). */
function rawRequest(bytes: Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const sock = connect(host.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    sock.on('data', (c: Buffer) => chunks.push(c));
    sock.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
    sock.on('close', () => {
      const all = Buffer.concat(chunks);
      const text = all.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const head = end >= 0 ? text.slice(0, end) : text;
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      const headers = new Map<string, string>();
      for (const line of head.split('\r\n').slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
      }
      const len = Number(headers.get('content-length') ?? NaN);
      const bodyStart = end >= 0 ? end + 4 : all.length;
      const body = all.subarray(bodyStart, Number.isFinite(len) ? bodyStart + len : undefined).toString('utf8');
      resolve({ status, headers, body });
    });
    sock.end(bytes);
  });
}

const token = 'fuzz-token-0123456789';
const httpMethod = fc.oneof(
  { arbitrary: fc.constant('POST'), weight: 14 },
  { arbitrary: fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND'), weight: 6 },
  { arbitrary: fc.stringMatching(/^[A-Za-z-]{1,12}$/), weight: 1 },
  { arbitrary: fc.string({ maxLength: 8, unit: 'binary-ascii' }), weight: 1 },
);
const segment = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%2E%2e',
      '%252e%252e',
      '..%2f',
      '%2f',
      '%5c',
      '\\',
      '%00',
      '%c0%ae',
      '%ff',
      '%',
      'assets',
      'app.js',
      'index.html',
      '',
      'etc',
      'passwd',
      '%EF%BC%8E%EF%BC%8E',
    ),
    weight: 6,
  },
  { arbitrary: fc.string({ maxLength: 10, unit: 'binary' }).map((s) => encodeURIComponent(s)), weight: 3 },
  { arbitrary: printable, weight: 2 },
  { arbitrary: fc.string({ maxLength: 6, unit: 'binary-ascii' }), weight: 1 },
);
const httpPath = fc.oneof(
  { arbitrary: fc.constantFrom(...HOST_METHODS).map((mm) => `/api/${mm}`), weight: 8 },
  { arbitrary: fc.array(segment, { maxLength: 6 }).map((s) => '/' + s.join('/')), weight: 4 },
  { arbitrary: fc.array(segment, { maxLength: 3 }).map((s) => '/api/' + s.join('/')), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('/', '/assets/app.js', '/api/startup'), fc.string({ maxLength: 20, unit: 'binary' }))
      .map(([p, q]) => `${p}?${encodeURIComponent(q)}#${q.length}`),
    weight: 1,
  },
  { arbitrary: fc.constantFrom('*', 'http://evil.example/', '//evil.example/x', '', ' /'), weight: 1 },
);
const hostHeader = fc.oneof(
  { arbitrary: fc.constant('ok'), weight: 14 },
  { arbitrary: fc.constantFrom('evil.example', 'localhost', '127.0.0.1', '[::1]:1', 'LOCALHOST:PORT', 'localhost.:PORT', ''), weight: 2 },
  { arbitrary: printableSpaced, weight: 1 },
);
const headerValue = fc.oneof({ arbitrary: printableSpaced, weight: 9 }, { arbitrary: fc.string({ maxLength: 30, unit: 'binary-ascii' }), weight: 1 });
const httpCase = fc.record({
  method: httpMethod,
  path: httpPath,
  host: hostHeader,
  token: fc.oneof({ arbitrary: fc.constant(token), weight: 5 }, { arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: headerValue, weight: 1 }),
  origin: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 5 },
    { arbitrary: fc.constant('self'), weight: 3 },
    { arbitrary: fc.constantFrom('null', 'http://evil.example', 'file://'), weight: 1 },
    { arbitrary: headerValue, weight: 1 },
  ),
  extra: fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/), headerValue), { maxLength: 4 }),
  body: fc.oneof(
    { arbitrary: fc.constant(''), weight: 1 },
    {
      arbitrary: request.map((r) => {
        try {
          return JSON.stringify(r) ?? '';
        } catch {
          return '{}';
        }
      }),
      weight: 5,
    },
    { arbitrary: fc.string({ maxLength: 200, unit: 'binary' }), weight: 1 },
  ),
  framing: fc.constantFrom('length', 'length', 'length', 'length', 'length', 'chunked', 'short-length', 'none'),
});

function buildRequest(c: fc.Arbitrary<unknown> extends never ? never : typeof httpCase extends fc.Arbitrary<infer T> ? T : never): Buffer {
  const hostValue = c.host === 'ok' ? `127.0.0.1:${host.port}` : c.host.replace('PORT', String(host.port));
  const lines = [`${c.method} ${c.path} HTTP/1.1`, `Host: ${hostValue}`];
  if (c.token !== undefined) lines.push(`X-Castellan-Token: ${c.token}`);
  if (c.origin !== undefined) lines.push(`Origin: ${c.origin === 'self' ? `http://127.0.0.1:${host.port}` : c.origin}`);
  for (const [k, v] of c.extra) if (!/^(content-length|transfer-encoding|host|connection|expect|upgrade)$/i.test(k)) lines.push(`${k}: ${v}`);
  lines.push('Connection: close');
  const body = Buffer.from(c.body, 'utf8');
  let payload = body;
  if (c.framing === 'length') lines.push(`Content-Length: ${body.length}`);
  else if (c.framing === 'short-length') lines.push(`Content-Length: ${Math.floor(body.length / 2)}`);
  else if (c.framing === 'chunked') {
    lines.push('Transfer-Encoding: chunked');
    payload = Buffer.concat([
      Buffer.from(body.length > 0 ? `${body.length.toString(16)}\r\n` : ''),
      body,
      Buffer.from(body.length > 0 ? '\r\n0\r\n\r\n' : '0\r\n\r\n'),
    ]);
  } else payload = Buffer.alloc(0);
  return Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), payload]);
}

describe('fuzz: serve HTTP requests', () => {
  it('any method, path, headers and body: an answer within 5 s, a coded error for every refusal, the server stays up', async () => {
    await fc.assert(
      fc.asyncProperty(httpCase, async (c) => {
        counts.http++;
        const r = await within(rawRequest(buildRequest(c)), 5000, `HTTP ${c.method} ${c.path}`);
        bump(tally.httpStatus, r.status);
        // Node's parser answers 400 (or just closes) for requests it cannot parse at all.
        if (r.status === 0) return;
        expect(r.status).toBeGreaterThanOrEqual(200);
        expect(r.status).toBeLessThan(600);
        const json = (r.headers.get('content-type') ?? '').startsWith('application/json');
        if (json && c.method !== 'HEAD' && r.body.length > 0) {
          const answer = JSON.parse(r.body) as unknown;
          expectHostAnswer(answer);
          if (r.status >= 400) expect((answer as { ok: boolean }).ok).toBe(false);
        }
        if (r.status >= 400 && r.headers.has('content-security-policy')) {
          // Our own refusals: JSON with a code (API, Host/Origin) or a short text (static files).
          expect(json || (r.headers.get('content-type') ?? '').startsWith('text/plain')).toBe(true);
        }
        if (r.status === 200 && r.headers.get('access-control-allow-origin') !== undefined) throw new Error('CORS grant');
      }),
      params(2500),
    );
    // Still serving after everything.
    const ok = await rawRequest(
      Buffer.from(
        `POST /api/startup HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nX-Castellan-Token: ${token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      ),
    );
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ ok: true, info: { host: 'serve' } });
  });
});

// ------------------------------------------------------------------ round trip

describe('fuzz: round trip of valid levels', () => {
  for (const [ruleset, arb] of Object.entries(validLevels)) {
    it(`${ruleset}: load(save(x)) equals x, and saving again gives the same bytes`, () => {
      fc.assert(
        fc.property(arb, (x) => {
          counts.roundTripText++;
          const text = serializeLevel(x);
          const back = parseLevelText(text);
          if (!back.ok) throw new Error(`generated level does not load: ${JSON.stringify(back.error[0])}`);
          expect(back.value).toEqual(x);
          expect(serializeLevel(back.value)).toBe(text);
        }),
        params(450),
      );
    });
  }

  it('through files: the verified atomic write, then the host opens the same document', async () => {
    const dir = join(work, 'roundtrip');
    mkdirSync(dir, { recursive: true });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(anyValidLevel, async (x) => {
        counts.roundTripFiles++;
        const p = join(dir, `r${n++}.level.json`);
        const w = await within(writeFileVerified(p, serializeLevel(x)), 5000, 'writeFileVerified');
        expect(w.ok).toBe(true);
        const o = await within(openLevelFile(p), 5000, 'openLevelFile');
        if (!o.ok) throw new Error(o.message);
        expect(o.document).toEqual(x);
      }),
      params(200),
    );
  });

  it('the generators are not trivial: every ruleset, squares across the whole a1..z26 range', () => {
    const sample = fc.sample(anyValidLevel, 400);
    expect(new Set(sample.map((l) => l.ruleset)).size).toBe(4);
    const sq = fc.sample(square, 2000);
    expect(sq).toContain('a1');
    expect(sq.some((s) => s.startsWith('z'))).toBe(true);
  });
});
