/**
 * `pack verify` refuses a pack entry that is a symbolic link leading outside
 * the pack folder (`forbidden`, naming the entry; counted as a failure,
 * exit 1) instead of following it, as the serve host refuses links that
 * leave the workspace. Links that stay inside the pack, and a pack folder
 * reached through a link, still load.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo as capture } from './cli-io.js';

afterAll(() => cleanupTempDirs());

function pack(dir: string, files: string[]): void {
  writeFileSync(
    join(dir, 'pack.json'),
    json({ format: 'castellan.pack', version: 1, title: 'Links', ruleset: 'unlock-the-king', levels: files.map((file) => ({ file })) }),
  );
}

describe('pack verify and symbolic links', () => {
  const base = tempDir('castellan-packlink-');
  const outside = join(base, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.level.json'), json(twoMoveLevel({ meta: { title: 'Outside' } })));

  it('an entry linking to a file outside the pack folder is refused as forbidden, naming the entry, and fails the pack', async () => {
    const dir = join(base, 'p1');
    mkdirSync(dir);
    symlinkSync(join(outside, 'secret.level.json'), join(dir, 'x.level.json'));
    pack(dir, ['x.level.json']);
    const io = capture();
    expect(await runCli(['pack', 'verify', dir, '--json'], io)).toBe(1);
    const r = JSON.parse(io.stdout) as { levels: { status: string; detail: string; title: string }[] };
    expect(r.levels[0]).toMatchObject({ status: 'invalid', detail: 'forbidden: x.level.json is a symbolic link that leaves the pack folder' });
    // Not read: its title ("Outside") never shows.
    expect(io.stdout).not.toContain('Outside');
  });

  it('an entry under a linked folder that leads outside is refused too', async () => {
    const dir = join(base, 'p2');
    mkdirSync(dir);
    symlinkSync(outside, join(dir, 'sub'));
    pack(dir, ['sub/secret.level.json']);
    const io = capture();
    expect(await runCli(['pack', 'verify', dir, '--json'], io)).toBe(1);
    expect(JSON.parse(io.stdout).levels[0].detail).toBe('forbidden: sub/secret.level.json is a symbolic link that leaves the pack folder');
  });

  it('a link to another file inside the pack, in a pack folder reached through a link, still loads', async () => {
    const dir = join(base, 'p3');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.level.json'), json(twoMoveLevel({ meta: { title: 'Inside' } })));
    symlinkSync('a.level.json', join(dir, 'b.level.json'));
    pack(dir, ['b.level.json']);
    symlinkSync(dir, join(base, 'p3-link'));
    const io = capture();
    await runCli(['pack', 'verify', join(base, 'p3-link'), '--json'], io);
    const l = JSON.parse(io.stdout).levels[0] as { title: string; detail: string };
    expect(l.title).toBe('Inside');
    expect(l.detail).not.toContain('forbidden');
  });
});
