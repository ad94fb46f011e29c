/**
 * The `.castellan` write ban of `castellan serve` (server.ts
 * `serveResolvePath`) compares folder names as a case-insensitive file
 * system does: on macOS and Windows `.CASTELLAN/backups` is the host's own
 * backup folder, so a save there must be refused like one to
 * `.castellan/backups` (Windows also drops trailing dots: `.castellan.`).
 * A `.castellan` folder deeper in the workspace (where `castellan prove`
 * keeps the backups of the files beside it) is banned too. On this Linux
 * file system the differently spelled folders are made for real, so
 * without the ban the save would succeed.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveResolvePath } from '../../../src-main/serve/server.js';
import { isStateFolderName } from '../../../src-main/services/backups.js';
import { createHostApi } from '../../../src-main/services/host-api.js';
import { openWorkspace } from '../../../src-main/services/workspace.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

function workspace(): { ws: string; w: Exclude<ReturnType<typeof openWorkspace>, { ok: false }> } {
  const ws = tempDir('castellan-ban-');
  const w = openWorkspace(ws);
  if ('ok' in w) throw new Error(w.message);
  return { ws, w };
}

describe('the .castellan write ban is case-insensitive', () => {
  it('names: .castellan in any case, with trailing dots or spaces, is the state folder; look-alikes are not', () => {
    for (const n of ['.castellan', '.CASTELLAN', '.Castellan', '.castellan.', '.castellan ', '.CaStElLaN..']) expect(isStateFolderName(n)).toBe(true);
    for (const n of ['castellan', '.castellan2', '.castellan-old', '..castellan', '.castella']) expect(isStateFolderName(n)).toBe(false);
  });

  it('serveResolvePath refuses writes below .CASTELLAN, .Castellan and .castellan. (and reads stay allowed)', () => {
    const { ws, w } = workspace();
    for (const folder of ['.castellan', '.CASTELLAN', '.Castellan', '.castellan.']) {
      mkdirSync(join(ws, folder, 'backups'), { recursive: true });
      writeFileSync(join(ws, folder, 'backups', 'x.level.json'), json(twoMoveLevel()));
      const p = `${folder}/backups/x.level.json`;
      expect({ p, r: serveResolvePath(w, p, true) }).toMatchObject({ p, r: { ok: false, code: 'forbidden' } });
      expect({ p, r: serveResolvePath(w, `${folder}/backups/new.level.json`, true) }).toMatchObject({ p, r: { ok: false, code: 'forbidden' } });
      expect(typeof serveResolvePath(w, p, false)).toBe('string');
    }
  });

  it('a save over HTTP-shaped requests into .CASTELLAN/backups is refused and writes nothing', async () => {
    const { ws, w } = workspace();
    mkdirSync(join(ws, '.CASTELLAN', 'backups'), { recursive: true });
    const api = createHostApi({ kind: 'serve', resolvePath: (p, fw) => serveResolvePath(w, p, fw), confinedWrites: true, listFiles: async () => [] });
    const r = await api.saveAs({ path: '.CASTELLAN/backups/planted.level.json', document: twoMoveLevel(), allowDraft: true, noProof: true });
    expect(r).toMatchObject({ ok: false, code: 'forbidden' });
    expect(existsSync(join(ws, '.CASTELLAN', 'backups', 'planted.level.json'))).toBe(false);
  });

  it('a .castellan folder below the workspace root (prove keeps backups there) cannot be written either', () => {
    const { ws, w } = workspace();
    mkdirSync(join(ws, 'sub', '.Castellan', 'backups', 'a.level.json'), { recursive: true });
    expect(serveResolvePath(w, 'sub/.Castellan/backups/a.level.json/x.level.json', true)).toMatchObject({ ok: false, code: 'forbidden' });
    mkdirSync(join(ws, 'sub', 'plain'), { recursive: true });
    expect(typeof serveResolvePath(w, 'sub/plain/x.level.json', true)).toBe('string');
  });
});
