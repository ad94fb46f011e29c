/**
 * Read-only files (chmod 0444) are never replaced: `open` says so, and
 * every writer (save, saveAs with overwrite, `castellan prove`, packSave,
 * packAddLevel, packExport, renderLevel) answers `io` / `reason:
 * 'read-only'` with the file's bytes (sha256) and mode unchanged. Runs as
 * root in CI, where `access(W_OK)` always succeeds: the owner write bit is
 * what marks these files read-only.
 */
import { chmodSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { HostError } from '../../../src-shared/host/contract.js';
import { runCli, type CliIo } from '../../../src-main/cli/main.js';
import { serveResolvePath } from '../../../src-main/serve/server.js';
import { ioError, writeFileVerified } from '../../../src-main/services/atomic-file.js';
import { sha256Of } from '../../../src-main/services/file-revision.js';
import { createHostApi, type HostService } from '../../../src-main/services/host-api.js';
import { openWorkspace } from '../../../src-main/services/workspace.js';
import { TWO_MOVE_SOLUTION, cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

/** sha256 and permission bits of a file: what "untouched" means here. */
function fingerprint(file: string): { sha: string; mode: number } {
  return { sha: sha256Of(readFileSync(file)), mode: statSync(file).mode & 0o777 };
}

function serveApi(ws: string): HostService {
  const w = openWorkspace(ws);
  if ('ok' in w) throw new Error(w.message);
  return createHostApi({
    kind: 'serve',
    resolvePath: (p, forWrite) => serveResolvePath(w, p, forWrite),
    confinedWrites: true,
    listFiles: async () => [],
  });
}

function expectReadOnly(r: { ok: boolean }, name: string): void {
  expect(r).toMatchObject({ ok: false, code: 'io', reason: 'read-only' });
  expect((r as HostError).message).toContain(`${name} is read-only`);
}

/** A workspace with a proved level `locked.level.json` made read-only (0444). */
function lockedWorkspace(): { ws: string; file: string; before: { sha: string; mode: number } } {
  const ws = tempDir('castellan-ro-');
  const file = join(ws, 'locked.level.json');
  const level = twoMoveLevel({ meta: { title: 'Locked' } });
  writeFileSync(
    file,
    json({ ...level, solution: { moves: TWO_MOVE_SOLUTION, length: 2, optimal: true, states: 3, solver: 'x', levelHash: levelHash(level) } }),
  );
  chmodSync(file, 0o444);
  return { ws, file, before: fingerprint(file) };
}

describe('read-only level files', () => {
  it('open answers readOnly: true for a 0444 file, and no readOnly for a writable one', async () => {
    const { ws } = lockedWorkspace();
    writeFileSync(join(ws, 'free.level.json'), json(twoMoveLevel()));
    const api = serveApi(ws);
    expect(await api.open({ path: 'locked.level.json' })).toMatchObject({ ok: true, readOnly: true });
    const free = await api.open({ path: 'free.level.json' });
    expect(free.ok && free.readOnly).toBeFalsy();
  });

  it('save refuses with io/read-only before any proof; bytes and mode unchanged', async () => {
    const { ws, file, before } = lockedWorkspace();
    const r = await serveApi(ws).save({ path: 'locked.level.json', document: twoMoveLevel({ meta: { title: 'Edited' }, walls: ['b1'] }) });
    expectReadOnly(r, 'locked.level.json');
    expect(!r.ok && r.message).toMatch(/mode 0444/);
    expect(fingerprint(file)).toEqual(before);
  });

  it('a draft save (allowDraft + noProof) is refused too', async () => {
    const { ws, file, before } = lockedWorkspace();
    expectReadOnly(await serveApi(ws).save({ path: 'locked.level.json', document: twoMoveLevel(), allowDraft: true, noProof: true }), 'locked.level.json');
    expect(fingerprint(file)).toEqual(before);
  });

  it('saveAs with overwrite onto the read-only file is refused', async () => {
    const { ws, file, before } = lockedWorkspace();
    const r = await serveApi(ws).saveAs({ path: 'locked.level.json', document: twoMoveLevel(), overwrite: true });
    expectReadOnly(r, 'locked.level.json');
    expect(fingerprint(file)).toEqual(before);
  });

  it('a file made read-only after the temp file was written is still not replaced (checked again right before the rename)', async () => {
    const { file } = lockedWorkspace();
    chmodSync(file, 0o644);
    const before = fingerprint(file);
    const r = await writeFileVerified(file, 'replaced\n', { label: 'locked.level.json', afterTempWrite: () => chmodSync(file, 0o444) });
    expectReadOnly(r, 'locked.level.json');
    expect(fingerprint(file)).toEqual({ ...before, mode: 0o444 });
    expect(readdirSync(dirname(file)).filter((n) => n.endsWith('.castellan-tmp'))).toEqual([]);
  });

  it('writeFileVerified itself refuses a 0444 target (no temp file + rename over it)', async () => {
    const { file, before } = lockedWorkspace();
    expectReadOnly(await writeFileVerified(file, 'replaced\n', { label: 'locked.level.json' }), 'locked.level.json');
    expect(fingerprint(file)).toEqual(before);
  });

  it('castellan prove refuses with a clear message and the I/O exit code (4)', async () => {
    const { file, before } = lockedWorkspace();
    const out: string[] = [];
    const io: CliIo = { out: (t) => void out.push(t), err: (t) => void out.push(t), errIsTTY: false };
    const code = await runCli(['prove', file], io);
    expect(code).toBe(4);
    expect(out.join('')).toMatch(/locked\.level\.json is read-only: its write permission is off \(mode 0444\)/);
    expect(fingerprint(file)).toEqual(before);
  });
});

describe('read-only pack files', () => {
  /** A pack folder `p` whose pack.json is 0444, holding one level file. */
  function lockedPack(): { ws: string; api: HostService; manifest: string; before: { sha: string; mode: number } } {
    const ws = tempDir('castellan-ro-pack-');
    mkdirSync(join(ws, 'p', 'levels'), { recursive: true });
    writeFileSync(join(ws, 'p', 'levels', 'a.level.json'), json(twoMoveLevel()));
    const manifest = join(ws, 'p', 'pack.json');
    writeFileSync(
      manifest,
      json({ format: 'castellan.pack', version: 1, title: 'Locked pack', ruleset: 'unlock-the-king', levels: [{ file: 'levels/a.level.json' }] }),
    );
    chmodSync(manifest, 0o444);
    return { ws, api: serveApi(ws), manifest, before: fingerprint(manifest) };
  }

  it('packSave refuses to replace a read-only pack.json', async () => {
    const { api, manifest, before } = lockedPack();
    const r = await api.packSave({ path: 'p', pack: { format: 'castellan.pack', version: 1, title: 'Renamed', ruleset: 'unlock-the-king', levels: [] } });
    expectReadOnly(r, 'p/pack.json');
    expect(fingerprint(manifest)).toEqual(before);
  });

  it('packAddLevel into a pack with a read-only pack.json refuses and leaves no new level file', async () => {
    const { ws, api, manifest, before } = lockedPack();
    const r = await api.packAddLevel({ path: 'p', document: twoMoveLevel({ meta: { title: 'Second' } }) });
    expectReadOnly(r, 'p/pack.json');
    expect(fingerprint(manifest)).toEqual(before);
    expect(() => statSync(join(ws, 'p', 'levels', 'second.level.json'))).toThrow();
  });

  it('packExport and renderLevel answer read-only (not conflict) for an existing read-only target', async () => {
    const { ws, api } = lockedPack();
    const out = join(ws, 'out.pack.json');
    writeFileSync(out, '{}\n');
    chmodSync(out, 0o444);
    const outBefore = fingerprint(out);
    expectReadOnly(await api.packExport({ path: 'p', out: 'out.pack.json', force: true }), 'out.pack.json');
    expect(fingerprint(out)).toEqual(outBefore);
    const png = join(ws, 'pic.svg');
    writeFileSync(png, '<svg/>\n');
    chmodSync(png, 0o444);
    const pngBefore = fingerprint(png);
    expectReadOnly(await api.renderLevel({ document: twoMoveLevel(), out: 'pic.svg' }), 'pic.svg');
    expect(fingerprint(png)).toEqual(pngBefore);
  });
});

describe('write failures name their reason', () => {
  it('ENOSPC and EDQUOT are disk-full, EACCES / EPERM / EROFS read-only, others none', () => {
    const err = (code: string) => Object.assign(new Error(code), { code });
    expect(ioError(err('ENOSPC'), 'a.level.json', 'write')).toMatchObject({ code: 'io', reason: 'disk-full' });
    expect(ioError(err('EDQUOT'), 'a.level.json', 'write')).toMatchObject({ code: 'io', reason: 'disk-full' });
    for (const c of ['EACCES', 'EPERM', 'EROFS']) expect(ioError(err(c), 'a.level.json', 'write')).toMatchObject({ code: 'io', reason: 'read-only' });
    expect(ioError(err('EIO'), 'a.level.json', 'write').reason).toBeUndefined();
    expect(ioError(err('EACCES'), 'a.level.json', 'read').reason).toBeUndefined();
  });
});
