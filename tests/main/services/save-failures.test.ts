/**
 * Failed saves are surfaced with a clear error code and the document on
 * disk stays intact: a full disk (ENOSPC), a read-only
 * folder or file system (EACCES/EROFS), a locked file (EBUSY/EPERM), a
 * folder swapped for a link while saving. Each failure is shown twice: with
 * an injected error (always runs) and, where this machine allows it, for
 * real (a 256 KiB tmpfs and a read-only bind mount in a private mount
 * namespace, an immutable file, an unprivileged uid).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, promises as fsp, readdirSync, readFileSync, symlinkSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { HostError } from '../../../src-shared/host/contract.js';
import { writeFileVerified } from '../../../src-main/services/atomic-file.js';
import { createHostApi, type HostService } from '../../../src-main/services/host-api.js';
import { openWorkspace, resolveWorkspacePath } from '../../../src-main/services/workspace.js';
import { runChild, srcUrl } from '../child.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

const failWrite = vi.hoisted(() => ({ code: undefined as string | undefined }));

vi.mock('write-file-atomic', async (importOriginal) => {
  const real = (await importOriginal()) as { default: (...a: unknown[]) => Promise<void> };
  return {
    default: async (...args: unknown[]) => {
      if (failWrite.code) {
        const code = failWrite.code;
        throw Object.assign(new Error(`${code}: injected failure, write '${String(args[0])}'`), { code });
      }
      return real.default(...args);
    },
  };
});

afterEach(() => {
  failWrite.code = undefined;
  vi.restoreAllMocks();
});
afterAll(() => cleanupTempDirs());

const OLD = json(twoMoveLevel({ meta: { title: 'The saved version' } }));
const NEW = twoMoveLevel({ meta: { title: 'The edit that cannot be written' } });

function apiOver(dir: string): HostService {
  return createHostApi({
    kind: 'serve',
    resolvePath: (p) => (/^[a-z0-9-]+\.level\.json$/.test(p) ? join(dir, p) : ({ ok: false, code: 'forbidden', message: 'no' } satisfies HostError)),
    listFiles: async () => [],
    recoveryDir: join(dir, 'recovery'),
  });
}

function withOld(): { dir: string; file: string } {
  const dir = tempDir();
  const file = join(dir, 'a.level.json');
  writeFileSync(file, OLD);
  return { dir, file };
}

describe('injected failures through the HostApi', () => {
  const cases: [string, RegExp][] = [
    ['ENOSPC', /the disk is full \(ENOSPC\)/],
    ['EDQUOT', /quota is exceeded \(EDQUOT\)/],
    ['EROFS', /read-only \(EROFS\)/],
    ['EACCES', /permission denied \(EACCES\)/],
    ['EIO', /an input\/output error occurred \(EIO\)/],
  ];
  for (const [code, message] of cases) {
    it(`${code} while writing: code io, a clear message, the old file intact, no temp file`, async () => {
      const { dir, file } = withOld();
      failWrite.code = code;
      const r = await apiOver(dir).save({ path: 'a.level.json', document: NEW });
      expect(r).toMatchObject({ ok: false, code: 'io' });
      if (r.ok) return;
      expect(r.message).toMatch(message);
      expect(r.message).toContain('a.level.json');
      expect(readFileSync(file, 'utf8')).toBe(OLD);
      expect(readdirSync(dir).filter((n) => n.endsWith('.castellan-tmp'))).toEqual([]);
    });
  }

  for (const [code, message] of [
    ['EBUSY', /busy or locked by another program \(EBUSY\)/],
    ['EPERM', /operation not permitted \(EPERM\)/],
  ] as const) {
    it(`a locked file (${code} on the replacing rename): io, old file intact, temp removed`, async () => {
      const { dir, file } = withOld();
      const realRename = fsp.rename.bind(fsp);
      vi.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
        if (String(to) === file) throw Object.assign(new Error(`${code}: injected`), { code });
        return realRename(from, to);
      });
      const r = await apiOver(dir).save({ path: 'a.level.json', document: NEW });
      expect(r).toMatchObject({ ok: false, code: 'io' });
      if (!r.ok) expect(r.message).toMatch(message);
      expect(readFileSync(file, 'utf8')).toBe(OLD);
      expect(readdirSync(dir).filter((n) => n.endsWith('.castellan-tmp'))).toEqual([]);
    });
  }

  it('a full disk also fails an autosave with io; the previous autosave stays', async () => {
    const { dir } = withOld();
    const api = apiOver(dir);
    expect((await api.autosave({ docId: 'd', document: { meta: { title: 'first' } } })).ok).toBe(true);
    failWrite.code = 'ENOSPC';
    const r = await api.autosave({ docId: 'd', document: { meta: { title: 'second' } } });
    expect(r).toMatchObject({ ok: false, code: 'io' });
    failWrite.code = undefined;
    expect(await api.recoveryList({})).toMatchObject({ ok: true, items: [{ docId: 'd', title: 'first' }] });
  });
});

describe('a folder swapped for a link while saving (serve confinement)', () => {
  it('atomic write with confineDir: the swap between temp write and rename is refused; nothing lands outside', async () => {
    const root = tempDir();
    const outside = tempDir();
    const folder = join(root, 'levels');
    mkdirSync(folder);
    const file = join(folder, 'a.level.json');
    writeFileSync(file, OLD);
    const r = await writeFileVerified(file, 'new\n', {
      confineDir: true,
      afterTempWrite: () => {
        renameSync(folder, join(root, 'moved'));
        symlinkSync(outside, folder);
      },
    });
    expect(r).toMatchObject({ ok: false, code: 'forbidden' });
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(join(root, 'moved', 'a.level.json'), 'utf8')).toBe(OLD);
  });

  it('serve paths: a file swapped for a link to outside during the proof is refused before the write', async () => {
    const root = tempDir();
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.level.json'), 'SECRET\n');
    writeFileSync(join(root, 'a.level.json'), OLD);
    const ws = openWorkspace(root);
    if ('ok' in ws) throw new Error(ws.message);
    let calls = 0;
    const api = createHostApi({
      kind: 'serve',
      confinedWrites: true,
      listFiles: async () => [],
      resolvePath: (p, forWrite) => {
        calls++;
        if (calls === 2) {
          // The proof is done; an attacker swaps the file for a link before the write.
          renameSync(join(root, 'a.level.json'), join(root, 'aside'));
          symlinkSync(join(outside, 'secret.level.json'), join(root, 'a.level.json'));
        }
        return resolveWorkspacePath(ws, p, forWrite);
      },
    });
    const r = await api.save({ path: 'a.level.json', document: NEW });
    expect(r).toMatchObject({ ok: false, code: 'forbidden' });
    expect(readFileSync(join(outside, 'secret.level.json'), 'utf8')).toBe('SECRET\n');
  });
});

// ---------------------------------------------------------------- real failures

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function canUnshareMount(): boolean {
  if (!isRoot) return false;
  const r = spawnSync(
    'unshare',
    [
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      'mount -t tmpfs -o size=64k tmpfs /mnt 2>/dev/null || mount -t tmpfs -o size=64k tmpfs "$0"',
      tempDir(),
    ],
    { encoding: 'utf8', timeout: 10_000 },
  );
  return r.status === 0;
}
const unshareOk = canUnshareMount();

interface ChildReport {
  save: { ok: boolean; code?: string; message?: string };
  old: string;
  names: string[];
}

/**
 * In a child process inside a private mount namespace: runs `mountSh` (sh;
 * "$3" is `dir`), then `prepare` (JS; `fs`, `dir` in scope), then saves NEW
 * over `dir/a.level.json` through the HostApi and reports the answer, the
 * file's content and the folder listing (the mount is invisible outside).
 */
function saveInNamespace(dir: string, mountSh: string, prepare: string): ChildReport {
  const host = srcUrl('src-main/services/host-api.ts');
  const r = runChild(
    tempDir(),
    `const fs = await import('node:fs');\n` +
      `const dir = ${JSON.stringify(dir)};\n` +
      `${prepare}\n` +
      `const { createHostApi } = await import(${JSON.stringify(host)});\n` +
      `const api = createHostApi({ kind: 'serve', resolvePath: (p) => dir + '/' + p, listFiles: async () => [] });\n` +
      `const save = await api.save({ path: 'a.level.json', document: ${JSON.stringify(NEW)} });\n` +
      `console.log(JSON.stringify({ save, old: fs.readFileSync(dir + '/a.level.json', 'utf8'), names: fs.readdirSync(dir).sort() }));\n`,
    {
      timeoutMs: 60_000,
      command: (node, script) => ['unshare', ['--mount', '--propagation', 'private', 'sh', '-c', `${mountSh} && exec "$1" "$2"`, 'sh', node, script, dir]],
    },
  );
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as ChildReport;
}

describe('real failures (root: private mount namespace, immutable file, unprivileged uid)', () => {
  if (!unshareOk) console.info('save-failures: cannot mount in a private namespace here; the real ENOSPC/EROFS cases are skipped (injected ones ran)');

  it.skipIf(!unshareOk)('a full disk: a 256 KiB tmpfs filled to the last byte -> io "the disk is full (ENOSPC)", the old file intact', () => {
    const out = saveInNamespace(
      tempDir(),
      'mount -t tmpfs -o size=256k tmpfs "$3"',
      `fs.writeFileSync(dir + '/a.level.json', ${JSON.stringify(OLD)});\n` +
        `const fd = fs.openSync(dir + '/filler', 'w');\n` +
        `for (const size of [65536, 4096, 1]) { try { for (;;) fs.writeSync(fd, Buffer.alloc(size, 1)); } catch (e) { if (e.code !== 'ENOSPC') throw e; } }\n` +
        `fs.closeSync(fd);`,
    );
    expect(out.save).toMatchObject({ ok: false, code: 'io' });
    expect(out.save.message).toMatch(/the disk is full \(ENOSPC\)/);
    expect(out.old).toBe(OLD);
    expect(out.names).toEqual(['a.level.json', 'filler']);
  });

  it.skipIf(!unshareOk)('a read-only file system (read-only bind mount) -> io "read-only (EROFS)", the old file intact', () => {
    const { dir } = withOld();
    const out = saveInNamespace(dir, 'mount --bind "$3" "$3" && mount -o remount,bind,ro "$3"', '');
    expect(out.save).toMatchObject({ ok: false, code: 'io' });
    expect(out.save.message).toMatch(/the file system is read-only \(EROFS\)/);
    expect(out.old).toBe(OLD);
    expect(out.names).toEqual(['a.level.json']);
  });

  const chattrOk =
    isRoot &&
    (() => {
      const probe = join(tempDir(), 'probe');
      writeFileSync(probe, 'x');
      const on = spawnSync('chattr', ['+i', probe]);
      spawnSync('chattr', ['-i', probe]);
      return on.status === 0;
    })();

  it.skipIf(!chattrOk)('a locked (immutable) file -> io "operation not permitted (EPERM)", the old file intact', async () => {
    const { dir, file } = withOld();
    expect(spawnSync('chattr', ['+i', file]).status).toBe(0);
    try {
      const r = await apiOver(dir).save({ path: 'a.level.json', document: NEW });
      expect(r).toMatchObject({ ok: false, code: 'io' });
      if (!r.ok) expect(r.message).toMatch(/operation not permitted \(EPERM\)/);
      expect(readFileSync(file, 'utf8')).toBe(OLD);
      expect(readdirSync(dir).filter((n) => n.endsWith('.castellan-tmp'))).toEqual([]);
    } finally {
      spawnSync('chattr', ['-i', file]);
    }
  });

  it.skipIf(!isRoot)('a read-only folder for an unprivileged user (uid 65534) -> io "permission denied (EACCES)", the old file intact', () => {
    const dir = tempDir();
    chmodSync(dir, 0o755);
    const ro = join(dir, 'ro');
    mkdirSync(ro, { mode: 0o755 });
    writeFileSync(join(ro, 'a.level.json'), OLD, { mode: 0o644 });
    const host = srcUrl('src-main/services/host-api.ts');
    const scriptDir = tempDir();
    chmodSync(scriptDir, 0o755);
    const r = runChild(
      scriptDir,
      `const { createHostApi } = await import(${JSON.stringify(host)});\n` +
        `const api = createHostApi({ kind: 'serve', resolvePath: (p) => ${JSON.stringify(ro)} + '/' + p, listFiles: async () => [] });\n` +
        `console.log(JSON.stringify(await api.save({ path: 'a.level.json', document: ${JSON.stringify(NEW)} })));\n`,
      { uid: 65534, gid: 65534, timeoutMs: 60_000 },
    );
    if (r.status !== 0) throw new Error(`child as uid 65534 failed: ${r.stderr}`);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { ok: boolean; code?: string; message?: string };
    expect(out).toMatchObject({ ok: false, code: 'io' });
    expect(out.message).toMatch(/permission denied \(EACCES\)/);
    expect(readFileSync(join(ro, 'a.level.json'), 'utf8')).toBe(OLD);
    expect(readdirSync(ro)).toEqual(['a.level.json']);
  });
});
