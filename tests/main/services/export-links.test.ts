/**
 * Exports, renders and new folders never write through a link swapped in
 * while they run (serve confinement: the workspace is the only place they
 * may write). Node has no openat(2); the writers re-check the real path of
 * every folder on the way right before and after each write
 * (services/staged-output.ts, atomic-file.ts `assertRealDir`). Each case
 * swaps a folder for a link to a folder outside the workspace at a chosen
 * moment and checks that the answer is an error and that nothing (no file,
 * no temp file) is left outside.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostError } from '../../../src-shared/host/contract.js';
import { runCli } from '../../../src-main/cli/main.js';
import { createFilesHostApi } from '../../../src-main/services/files-host-api.js';
import { writePictureFolder } from '../../../src-main/services/render-files.js';
import { workspaceFolders } from '../../../src-main/services/folder-access.js';
import { openWorkspace } from '../../../src-main/services/workspace.js';
import { cleanupTempDirs, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo } from '../cli/cli-io.js';
import { filesBelow, packHostOver, swapExportFolderMidway, writeProvedPack } from './export-fixtures.js';

afterAll(() => cleanupTempDirs());

const LEVELS = 50;

/** A workspace with the pack `packs/p` (LEVELS proved levels) and the folder `exports`; an outside folder holding an empty `levels/`. */
function setup(): { ws: string; outside: string } {
  const ws = tempDir('castellan-export-links-');
  writeProvedPack(join(ws, 'packs', 'p'), LEVELS);
  mkdirSync(join(ws, 'exports'));
  const outside = tempDir('castellan-outside-');
  mkdirSync(join(outside, 'levels'));
  return { ws, outside };
}

/** Moves `dir` aside (`<dir>-moved`) and puts a link to `outside` in its place. */
function swapForLink(dir: string, outside: string): void {
  renameSync(dir, `${dir}-moved`);
  symlinkSync(outside, dir);
}

/** Nothing but the empty `levels/` folder is outside. */
function expectNothingOutside(outside: string): void {
  expect(filesBelow(outside)).toEqual([]);
  expect(readdirSync(outside)).toEqual(['levels']);
}

describe('the export folder swapped for a link midway', () => {
  it('packExport (serve host): an error, no level file outside the workspace, nothing under the target name', async () => {
    const { ws, outside } = setup();
    const { api, close } = packHostOver(ws);
    const swap = swapExportFolderMidway(join(ws, 'exports'), 'out', LEVELS, outside);
    try {
      const r = await api.packExport({ path: 'packs/p', out: 'exports/out' });
      expect(swap.swapped()).toBe(true);
      expect(r.ok).toBe(false);
      expectNothingOutside(outside);
      expect(existsSync(join(ws, 'exports', 'out'))).toBe(false);
    } finally {
      swap.stop();
      await close();
    }
  });

  it('castellan pack export: exit code not 0, no level file outside, nothing under the target name', async () => {
    const { ws, outside } = setup();
    const swap = swapExportFolderMidway(join(ws, 'exports'), 'out', LEVELS, outside);
    const io = captureIo();
    try {
      const code = await runCli(['pack', 'export', join(ws, 'packs', 'p'), '-o', join(ws, 'exports', 'out')], io);
      expect(swap.swapped()).toBe(true);
      expect(code).not.toBe(0);
      expectNothingOutside(outside);
      expect(existsSync(join(ws, 'exports', 'out'))).toBe(false);
    } finally {
      swap.stop();
    }
  });
});

describe('the target folder swapped for a link after it was confined', () => {
  /** Wraps resolvePath: once the folder `exports` has been confined (its probe answered), it becomes a link out. */
  function swapAfterConfine(ws: string, outside: string, folder = 'exports') {
    let done = false;
    return (inner: (p: string, forWrite: boolean) => string | HostError) => (p: string, forWrite: boolean) => {
      const r = inner(p, forWrite);
      if (!done && p.startsWith(`${folder}/`) && p.includes('castellan-probe')) {
        done = true;
        swapForLink(join(ws, folder), outside);
      }
      return r;
    };
  }

  for (const out of ['exports/out', 'exports/out.pack.json', 'exports/out.pdf']) {
    it(`packExport to ${out}: forbidden, nothing outside`, async () => {
      const { ws, outside } = setup();
      const { api, close } = packHostOver(ws, { wrap: swapAfterConfine(ws, outside) });
      try {
        const r = await api.packExport({ path: 'packs/p', out });
        expect(r).toMatchObject({ ok: false, code: 'forbidden' });
        expectNothingOutside(outside);
        expect(filesBelow(join(ws, 'exports-moved'))).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  for (const out of ['exports/pic.svg', 'exports/pic.png']) {
    it(`renderLevel to ${out}: forbidden, nothing outside`, async () => {
      const { ws, outside } = setup();
      const { api, close } = packHostOver(ws, { wrap: swapAfterConfine(ws, outside) });
      try {
        const r = await api.renderLevel({ document: twoMoveLevel(), out });
        expect(r).toMatchObject({ ok: false, code: 'forbidden' });
        expectNothingOutside(outside);
      } finally {
        await close();
      }
    });
  }

  it('makeFolder: the parent swapped for a link after it was resolved: forbidden, no folder made outside', async () => {
    const { ws, outside } = setup();
    const w = openWorkspace(ws);
    if ('ok' in w) throw new Error(w.message);
    const access = workspaceFolders(w);
    const api = createFilesHostApi({
      ...access,
      listsRoots: access.listsRoots,
      resolveFolder: (p) => {
        const r = access.resolveFolder(p);
        if (p === 'exports') swapForLink(join(ws, 'exports'), outside);
        return r;
      },
    });
    const r = await api.makeFolder({ path: 'exports/new' });
    expect(r).toMatchObject({ ok: false, code: 'forbidden' });
    expect(readdirSync(outside)).toEqual(['levels']);
  });
});

describe('swaps at chosen moments of a staged export (fault injection hooks)', () => {
  it('the staging folder becomes a link after the 10th level file: forbidden, nothing outside, nothing placed', async () => {
    const { ws, outside } = setup();
    let staging = '';
    const { api, close } = packHostOver(ws, {
      exportHooks: {
        afterFile: (index, path) => {
          if (index !== 9) return;
          staging = join(path, '..', '..');
          swapForLink(staging, outside);
        },
      },
    });
    try {
      const r = await api.packExport({ path: 'packs/p', out: 'exports/out' });
      expect(staging).toMatch(/\.out\.castellan-export-[0-9a-f]{12}$/);
      expect(r).toMatchObject({ ok: false, code: 'forbidden' });
      expectNothingOutside(outside);
      expect(existsSync(join(ws, 'exports', 'out'))).toBe(false);
    } finally {
      await close();
    }
  });

  it('the staging folder becomes a link after its last file (pack.json), before the check reads it back: forbidden, nothing read or written outside', async () => {
    const { ws, outside } = setup();
    const { api, close } = packHostOver(ws, {
      exportHooks: { afterFile: (index, path) => (index === LEVELS ? swapForLink(join(path, '..'), outside) : undefined) },
    });
    try {
      const r = await api.packExport({ path: 'packs/p', out: 'exports/out' });
      expect(r).toMatchObject({ ok: false, code: 'forbidden' });
      expectNothingOutside(outside);
      expect(existsSync(join(ws, 'exports', 'out'))).toBe(false);
    } finally {
      await close();
    }
  });

  it('the parent folder becomes a link right before the staging folder is moved into place: forbidden, nothing outside', async () => {
    const { ws, outside } = setup();
    const { api, close } = packHostOver(ws, { exportHooks: { beforePlace: () => swapForLink(join(ws, 'exports'), outside) } });
    try {
      const r = await api.packExport({ path: 'packs/p', out: 'exports/out' });
      expect(r).toMatchObject({ ok: false, code: 'forbidden' });
      expectNothingOutside(outside);
      expect(existsSync(join(ws, 'exports-moved', 'out'))).toBe(false);
    } finally {
      await close();
    }
  });

  it('a folder with a file in it appears under the target name before the move: conflict, it is left intact, the staging folder is removed', async () => {
    const { ws } = setup();
    const theirs = join(ws, 'exports', 'out');
    const { api, close } = packHostOver(ws, {
      exportHooks: {
        beforePlace: () => {
          mkdirSync(theirs);
          writeFileSync(join(theirs, 'notes.txt'), 'mine\n');
        },
      },
    });
    try {
      expect(await api.packExport({ path: 'packs/p', out: 'exports/out' })).toMatchObject({ ok: false, code: 'conflict' });
      expect(filesBelow(theirs)).toEqual(['notes.txt']);
      expect(readdirSync(join(ws, 'exports'))).toEqual(['out']);
    } finally {
      await close();
    }
  });

  it('an empty folder created under the target name before the last check is not replaced: conflict', async () => {
    const { ws } = setup();
    const theirs = join(ws, 'exports', 'out');
    const { api, close } = packHostOver(ws, { exportHooks: { beforePlace: () => mkdirSync(theirs) } });
    try {
      expect(await api.packExport({ path: 'packs/p', out: 'exports/out' })).toMatchObject({ ok: false, code: 'conflict' });
      expect(readdirSync(theirs)).toEqual([]);
      expect(lstatSync(theirs).isDirectory()).toBe(true);
      expect(readdirSync(join(ws, 'exports'))).toEqual(['out']);
    } finally {
      await close();
    }
  });
});

describe('a folder of pictures', () => {
  it('render into a new folder: its staging folder becomes a link after the 2nd picture: forbidden, nothing outside, nothing placed', async () => {
    const { ws, outside } = setup();
    const items = Array.from({ length: 6 }, (_, k) => ({ name: `${k + 1}.svg`, level: twoMoveLevel({ meta: { title: `L${k + 1}` } }) }));
    const r = await writePictureFolder(join(ws, 'exports', 'pics'), items, 'svg', {
      label: 'exports/pics',
      hooks: { afterFile: (index, path) => (index === 1 ? swapForLink(join(path, '..'), outside) : undefined) },
    });
    expect(r).toMatchObject({ ok: false, code: 'forbidden' });
    expectNothingOutside(outside);
    expect(existsSync(join(ws, 'exports', 'pics'))).toBe(false);
  });
});
