/**
 * Levels as text in the editor, without a browser: what a paste opens
 * (app/actions/share.ts `openLevelText`) and a collection imported through
 * the host's pack methods (pack/pack-collection.ts `importCollection`) on
 * a fake host that records the calls.
 */
import { describe, expect, it } from 'vitest';
import { openLevelText, type ShareActionContext } from '../../../src-renderer/app/actions/share.js';
import type { EditableLevel } from '../../../src-renderer/editor/default-doc.js';
import { importCollection, importPathOf } from '../../../src-renderer/pack/pack-collection.js';
import { levelToBoardText } from '../../../src-shared/format/board-text.js';
import { encodeLevelCode } from '../../../src-shared/format/level-code.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { HostApi } from '../../../src-shared/host/contract.js';
import type { OpenedPack } from '../../../src-shared/host/pack-contract.js';
import type { Level, PackFile } from '../../../src-shared/model/level.js';
import { parseLevelText } from '../../../src-shared/format/load.js';
import firstText from '../../../resources/levels/unlock-the-king/01-first-steps.level.json?raw';
import secondText from '../../../resources/levels/unlock-the-king/02-open-court.level.json?raw';

function parsed(text: string): Level {
  const r = parseLevelText(text);
  if (!r.ok) throw new Error('not a level');
  return r.value;
}
const FIRST = parsed(firstText);
const SECOND = parsed(secondText);
const code = (l: Level): string => {
  const c = encodeLevelCode(l);
  if (!c.ok) throw new Error('no code');
  return c.value;
};

function shareContext(): ShareActionContext & { opened: EditableLevel[]; errors: string[]; offered: string[] } {
  const ctx = {
    opened: [] as EditableLevel[],
    errors: [] as string[],
    offered: [] as string[],
    st: { doc: FIRST as EditableLevel },
    session: { openDocument: (d: EditableLevel) => void ctx.opened.push(d) },
    notices: { flash: () => undefined, showError: (e: { code: string }) => void ctx.errors.push(e.code) },
    packs: { available: true, offerImport: (t: string) => void ctx.offered.push(t) },
  };
  return ctx;
}

describe('a paste in the editor', () => {
  it('a code and a board text open their level in a new tab; a changed code is refused with its code; other text is left to the region paste', () => {
    const ctx = shareContext();
    expect(openLevelText(ctx, code(SECOND))).toBe(true);
    const board = levelToBoardText(FIRST);
    expect(board.ok).toBe(true);
    if (board.ok) expect(openLevelText(ctx, `  ${board.value.text.replace(/\n/g, '\r\n  ')}`)).toBe(true);
    expect(ctx.opened.map((d) => levelHash(d as unknown as Level))).toEqual([levelHash(SECOND), levelHash(FIRST)]);
    const c = code(FIRST);
    expect(openLevelText(ctx, c.slice(0, -2) + (c.endsWith('A') ? 'BB' : 'AA'))).toBe(true);
    expect(ctx.errors).toEqual(['level-code-checksum']);
    expect(openLevelText(ctx, 'hello')).toBe(false);
    expect(ctx.opened).toHaveLength(2);
  });

  it('several codes go to the pack manager as a collection', () => {
    const ctx = shareContext();
    const text = `${code(FIRST)}\n${code(SECOND)}\n`;
    expect(openLevelText(ctx, text)).toBe(true);
    expect(ctx.offered).toEqual([text]);
    expect(ctx.opened).toEqual([]);
  });
});

/** A host that keeps one pack in memory and records each call. */
function fakeHost(): { host: HostApi; calls: string[]; pack: () => PackFile & { docs: Level[] } } {
  const calls: string[] = [];
  let pack: PackFile = { format: 'castellan.pack', version: 1, title: '', ruleset: 'unlock-the-king', levels: [] };
  const docs: Level[] = [];
  let rev = 0;
  const opened = (): OpenedPack => ({
    ok: true,
    path: 'packs/x',
    form: 'folder',
    pack,
    rows: [],
    revision: { mtimeMs: ++rev, size: rev } as unknown as OpenedPack['revision'],
  });
  const host = {
    packCreate: (r: { path?: string; title: string; ruleset: PackFile['ruleset'] }) => {
      calls.push(`create ${r.path} ${r.title} ${r.ruleset}`);
      pack = { ...pack, title: r.title, ruleset: r.ruleset };
      return Promise.resolve(opened());
    },
    packAddLevel: (r: { document?: Level; tier?: string }) => {
      calls.push(`add ${r.document?.meta.title} ${r.tier ?? '-'}`);
      docs.push(r.document!);
      pack = { ...pack, levels: [...pack.levels, { file: `levels/${docs.length}.level.json`, ...(r.tier ? { tier: r.tier } : {}) }] };
      return Promise.resolve({ ...opened(), added: `levels/${docs.length}.level.json` });
    },
    packSave: (r: { pack: PackFile }) => {
      calls.push(`save author ${r.pack.author ?? '-'}`);
      pack = r.pack;
      return Promise.resolve(opened());
    },
  } as unknown as HostApi;
  return { host, calls, pack: () => ({ ...pack, docs }) };
}

describe('Pack > Import collection', () => {
  it('creates the pack, adds the good entries in order with their tiers, saves the author; the bad line is returned with its number', async () => {
    const text = ['Pack: Two Gates', 'Pack author: Ann', 'Tier: Novice', code(SECOND), 'oops', 'Tier: Adept', code(FIRST)].join('\n');
    expect(importPathOf(text)).toBe('packs/two-gates');
    const f = fakeHost();
    const r = await importCollection(f.host, text, 'packs/two-gates');
    expect(r.ok).toBe(true);
    expect(f.calls).toEqual(['create packs/two-gates Two Gates unlock-the-king', 'add Open Court Novice', 'add First Steps Adept', 'save author Ann']);
    expect(r.skipped).toEqual([{ line: 5, code: 'collection-entry', message: expect.stringContaining('"oops"') }]);
    expect(f.pack().docs.map((d) => levelHash(d))).toEqual([levelHash(SECOND), levelHash(FIRST)]);
  });

  it('a text with no level creates nothing', async () => {
    const f = fakeHost();
    const r = await importCollection(f.host, 'nothing here\n', 'packs/x');
    expect(r.ok).toBe(false);
    expect(f.calls).toEqual([]);
    expect(r.skipped.map((s) => s.line)).toEqual([1]);
  });
});
