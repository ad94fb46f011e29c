/**
 * file-lock.ts: one writer per file across processes; a lock whose owner is
 * gone (dead pid, or no heartbeat for the stale bound) is taken over; a
 * live owner's lock makes others wait, then answer `io`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileVerified } from '../../../src-main/services/atomic-file.js';
import { lockPathOf, withFileLock } from '../../../src-main/services/file-lock.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

afterAll(() => cleanupTempDirs());

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

function lockBody(pid: number, host = hostname()): string {
  return JSON.stringify({ pid, host, token: 'someone-else', at: Date.now() });
}

const fail = (err: unknown) => ({ ok: false as const, code: 'io' as const, message: String(err) });

describe('file-lock', () => {
  it('the lock of dir/name is dir/.name.castellan-lock, present only while held', async () => {
    const dir = tempDir();
    const target = join(dir, 'a.level.json');
    const lock = join(dir, '.a.level.json.castellan-lock');
    expect(lockPathOf(target)).toBe(lock);
    const seen = await withFileLock(target, async () => JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }, fail);
    expect(seen).toMatchObject({ pid: process.pid });
    expect(existsSync(lock)).toBe(false);
  });

  it('a lock left by a dead process on this machine is taken over at once', async () => {
    const dir = tempDir();
    const target = join(dir, 'a.level.json');
    writeFileSync(lockPathOf(target), lockBody(deadPid()));
    const t0 = Date.now();
    const w = await writeFileVerified(target, 'new\n', { lock: { waitMs: 5_000 } });
    expect(w.ok).toBe(true);
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(readFileSync(target, 'utf8')).toBe('new\n');
    expect(existsSync(lockPathOf(target))).toBe(false);
  });

  it('a live owner’s fresh lock is waited for, and after waitMs the write answers io and writes nothing', async () => {
    const dir = tempDir();
    const target = join(dir, 'a.level.json');
    writeFileSync(target, 'old\n');
    const held = lockBody(process.ppid);
    writeFileSync(lockPathOf(target), held);
    const t0 = Date.now();
    const w = await writeFileVerified(target, 'new\n', { lock: { waitMs: 300 } });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
    expect(w).toMatchObject({ ok: false, code: 'io' });
    expect(!w.ok && w.message).toMatch(/another program has been writing it/);
    expect(readFileSync(target, 'utf8')).toBe('old\n');
    expect(readFileSync(lockPathOf(target), 'utf8')).toBe(held);
  });

  it('a lock not refreshed for staleMs (another machine, or an empty file left by a kill) is taken over', async () => {
    const dir = tempDir();
    for (const body of [lockBody(process.ppid, 'another-machine'), '']) {
      const target = join(dir, `a${body.length}.level.json`);
      writeFileSync(lockPathOf(target), body);
      const old = new Date(Date.now() - 5_000);
      utimesSync(lockPathOf(target), old, old);
      const w = await writeFileVerified(target, 'new\n', { lock: { staleMs: 2_000, waitMs: 1_000 } });
      expect(w.ok).toBe(true);
      expect(existsSync(lockPathOf(target))).toBe(false);
    }
  });

  it('a lock is released when the locked work throws', async () => {
    const dir = tempDir();
    const target = join(dir, 'a.level.json');
    await expect(
      withFileLock(
        target,
        async () => {
          throw new Error('boom');
        },
        fail,
      ),
    ).rejects.toThrow('boom');
    expect(existsSync(lockPathOf(target))).toBe(false);
  });
});
