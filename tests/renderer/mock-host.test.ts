import { describe, expect, it } from 'vitest';
import { createMockHost } from '../../src-renderer/host/mock-host.js';
import type { Level } from '../../src-shared/model/level.js';

const PATH = 'unlock-the-king/01-first.level.json';

describe('dev mock host: never-lose-work methods answer like the real hosts (docs/dev/never-lose-work.md)', () => {
  it('conflict on a stale expectedRevision (nothing written), overwrite keeps the other version as a backup', async () => {
    const host = createMockHost();
    const opened = await host.open({ path: PATH });
    if (!opened.ok) throw new Error(opened.message);
    const base = opened.revision!;
    expect(base.sha256).toMatch(/^sha256:[0-9a-f]{64}$/);

    host.externalEdit(PATH, (d) => ({ ...d, meta: { title: 'theirs' } }) as Level);
    const rev = await host.revision({ path: PATH });
    expect(rev.ok && rev.revision?.sha256).not.toBe(base.sha256);

    const mine = { ...opened.document, meta: { title: 'mine' } };
    const c = await host.save({ path: PATH, document: mine, expectedRevision: base, docId: 'doc1' });
    expect(c).toMatchObject({ ok: false, code: 'conflict' });
    const still = await host.open({ path: PATH });
    expect(still.ok && still.document.meta.title).toBe('theirs');

    const w = await host.save({ path: PATH, document: mine, overwrite: true, docId: 'doc1' });
    expect(w.ok).toBe(true);
    const list = await host.backupList({ path: PATH });
    if (!list.ok) throw new Error(list.message);
    expect(list.backups.length).toBeGreaterThanOrEqual(1);
    const b = await host.backupOpen({ path: PATH, id: list.backups[0]!.id });
    expect(b.ok && b.document.meta.title).toBe('theirs');
    // Restoring: the backup's `revision` is the current file's, so a save with it is accepted.
    if (!b.ok) return;
    const restored = await host.save({ path: PATH, document: b.document, expectedRevision: b.revision! });
    expect(restored.ok).toBe(true);
  });

  it('autosave / recovery: list, open (changedOnDisk), discard; a successful save with the docId removes it', async () => {
    const host = createMockHost();
    const opened = await host.open({ path: PATH });
    if (!opened.ok) throw new Error(opened.message);
    await host.autosave({ docId: 'abc', document: { ...opened.document, meta: { title: 'wip' } }, path: PATH, baseRevision: opened.revision! });
    const l = await host.recoveryList({});
    expect(l.ok && l.items.map((i) => [i.docId, i.title, i.path])).toEqual([['abc', 'wip', PATH]]);
    const r1 = await host.recoveryOpen({ docId: 'abc' });
    expect(r1).toMatchObject({ ok: true, changedOnDisk: false, path: PATH });
    host.externalEdit(PATH, (d) => ({ ...d, meta: { title: 'moved on' } }) as Level);
    const r2 = await host.recoveryOpen({ docId: 'abc' });
    expect(r2).toMatchObject({ ok: true, changedOnDisk: true });
    await host.save({ path: PATH, document: opened.document, overwrite: true, docId: 'abc' });
    const l2 = await host.recoveryList({});
    expect(l2.ok && l2.items).toEqual([]);
    await host.autosave({ docId: 'xyz', document: opened.document });
    expect(await host.recoveryDiscard({ docId: 'xyz' })).toEqual({ ok: true, docId: 'xyz', discarded: true });
    expect(await host.recoveryDiscard({ docId: 'xyz' })).toEqual({ ok: true, docId: 'xyz', discarded: false });
  });
});
