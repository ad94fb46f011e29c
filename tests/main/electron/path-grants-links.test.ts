/**
 * Electron path grants confine links like the serve host (workspace.ts
 * resolveWorkspacePath): finding "Electron path grants follow symlinks" —
 * a `*.level.json` link inside a granted pack folder pointing outside every
 * granted folder was followed, and a save overwrote its target.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PathGrants, realPathOf } from '../../../src-main/electron/security.js';
import { createHostApi } from '../../../src-main/services/host-api.js';
import { openWorkspace, resolveWorkspacePath } from '../../../src-main/services/workspace.js';

const made: string[] = [];
function temp(prefix: string): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(d);
  return d;
}
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

const LEVEL = readFileSync(join(__dirname, '../../../resources/levels/chess-maze/01-stepping-stones.level.json'), 'utf8');

/** A granted pack folder `pack` beside an ungranted folder `outside` holding `victim.level.json` (and `notes.txt`). */
function layout() {
  const base = temp('castellan-links-');
  const pack = join(base, 'pack');
  const outside = join(base, 'outside');
  mkdirSync(pack);
  mkdirSync(outside);
  writeFileSync(join(outside, 'victim.level.json'), 'OUTSIDE CONTENT');
  writeFileSync(join(outside, 'notes.txt'), 'NOTES');
  writeFileSync(join(pack, 'inner.level.json'), LEVEL);
  const grants = new PathGrants([]);
  grants.grantFolder(pack);
  return { base, pack, outside, grants };
}

describe('Electron path grants and symbolic links (finding: path grants follow symlinks)', () => {
  it('a save through a *.level.json link that leaves the granted folder is refused, forbidden like serve, and the outside file is unchanged', async () => {
    const { pack, outside, grants } = layout();
    symlinkSync(join(outside, 'victim.level.json'), join(pack, 'evil.level.json'));
    symlinkSync(join(outside, 'notes.txt'), join(pack, 'notes.level.json'));
    for (const forWrite of [false, true]) {
      expect(grants.check(join(pack, 'evil.level.json'), forWrite)).toMatchObject({
        ok: false,
        code: 'forbidden',
        message: expect.stringContaining('leaves every granted folder'),
      });
      expect(grants.check(join(pack, 'notes.level.json'), forWrite)).toMatchObject({ ok: false, code: 'forbidden' });
    }
    // The serve host gives the same code for the same link.
    const ws = openWorkspace(pack);
    if ('ok' in ws) throw new Error(ws.message);
    expect(resolveWorkspacePath(ws, 'evil.level.json', true)).toMatchObject({ ok: false, code: 'forbidden' });

    const api = createHostApi({ kind: 'electron', resolvePath: (p, w) => grants.check(p, w), listFiles: async () => [] });
    const doc = JSON.parse(LEVEL) as unknown;
    expect(await api.save({ path: join(pack, 'evil.level.json'), document: doc, allowDraft: true, noProof: true })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(await api.saveAs({ path: join(pack, 'evil.level.json'), document: doc, allowDraft: true, noProof: true })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(await api.open({ path: join(pack, 'notes.level.json') })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(readFileSync(join(outside, 'victim.level.json'), 'utf8')).toBe('OUTSIDE CONTENT');
    expect(readFileSync(join(outside, 'notes.txt'), 'utf8')).toBe('NOTES');
    // A plain file beside it still saves.
    expect(await api.save({ path: join(pack, 'inner.level.json'), document: doc, allowDraft: true, noProof: true })).toMatchObject({ ok: true });
  });

  it('a link inside the granted folder pointing inside it is allowed, answered as its real path (serve answers the same)', () => {
    const { pack, grants } = layout();
    symlinkSync(join(pack, 'inner.level.json'), join(pack, 'alias.level.json'));
    expect(grants.check(join(pack, 'alias.level.json'), true)).toBe(join(pack, 'inner.level.json'));
    const ws = openWorkspace(pack);
    if ('ok' in ws) throw new Error(ws.message);
    expect(resolveWorkspacePath(ws, 'alias.level.json', true)).toBe(join(pack, 'inner.level.json'));
  });

  it('a symlinked parent folder that leaves the granted folder is refused, for an existing file and for a new one', () => {
    const { pack, outside, grants } = layout();
    symlinkSync(outside, join(pack, 'sub'));
    expect(grants.check(join(pack, 'sub/victim.level.json'))).toMatchObject({ ok: false, code: 'forbidden' });
    expect(grants.check(join(pack, 'sub/new.level.json'), true)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(grants.check(join(pack, 'sub/deeper/new.level.json'), true)).toMatchObject({ ok: false, code: 'forbidden' });
    // A pack operation confines its folder with a probe name inside it: the same check refuses it.
    expect(grants.check(join(pack, 'sub/.castellan-probe.level.json'), true)).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('".." tricks are refused: through a linked folder, back out of the granted folder, and resolved lexically', () => {
    const { pack, outside, grants } = layout();
    mkdirSync(join(outside, 'deep'));
    symlinkSync(join(outside, 'deep'), join(pack, 'hop'));
    // The OS would read pack/hop/.. as outside/: refused outright, like serve refuses ".." segments.
    expect(grants.check(`${pack}/hop/../victim.level.json`)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(grants.check(`${pack}/../outside/victim.level.json`)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(grants.check(`${pack}/x/../inner.level.json`)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(readFileSync(join(outside, 'victim.level.json'), 'utf8')).toBe('OUTSIDE CONTENT');
  });

  it('a dangling link is refused (a write would create its target wherever it points)', () => {
    const { pack, outside, grants } = layout();
    symlinkSync(join(outside, 'created.level.json'), join(pack, 'dangling.level.json'));
    expect(grants.check(join(pack, 'dangling.level.json'), true)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(realPathOf(join(pack, 'dangling.level.json'))).toBe('dangling');
  });

  it('a granted folder named through a link is judged by its real path; a file the user chose itself is used as chosen', () => {
    const { base, pack, outside } = layout();
    symlinkSync(pack, join(base, 'pack-link'));
    const grants = new PathGrants([join(base, 'pack-link')]);
    expect(grants.check(join(base, 'pack-link/inner.level.json'))).toBe(join(pack, 'inner.level.json'));
    expect(grants.check(join(pack, 'inner.level.json'))).toBe(join(pack, 'inner.level.json'));
    expect(grants.check(join(outside, 'victim.level.json'))).toMatchObject({ ok: false, code: 'forbidden' });
    symlinkSync(join(outside, 'victim.level.json'), join(base, 'chosen.level.json'));
    grants.grant(join(base, 'chosen.level.json'));
    expect(grants.check(join(base, 'chosen.level.json'), true)).toBe(join(outside, 'victim.level.json'));
  });

  it('realPathOf: a missing tail is joined to the real path of the longest existing prefix', () => {
    const { base, pack } = layout();
    symlinkSync(pack, join(base, 'p'));
    expect(realPathOf(join(base, 'p/a/b.level.json'))).toBe(join(pack, 'a/b.level.json'));
    expect(realPathOf(join(base, 'p'))).toBe(pack);
  });
});
