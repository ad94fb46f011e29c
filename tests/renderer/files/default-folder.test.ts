/**
 * The default Save As folder (files/default-folder.ts): for every ruleset
 * of the registry, in both served layouts of the samples (`castellan serve`
 * with its default workspace `resources/`: `levels/<ruleset>/`, and with a
 * copy of `resources/levels` as the e2e tests serve it: `<ruleset>/`), the
 * proposed folder exists and holds levels of that ruleset; a pack's own
 * levels folder never wins, however many levels it has. The workspace
 * summary is built here from the files in resources/ (read by Vite's glob import).
 */
import { describe, expect, it } from 'vitest';
import type { WorkspaceItem } from '../../../src-shared/host/files-contract.js';
import { RULESET_LIST } from '../../../src-shared/rulesets/index.js';
import { defaultSaveFolder } from '../../../src-renderer/files/default-folder.js';
import { folderOf } from '../../../src-renderer/files/file-dialog.js';

/** Every level file and pack manifest of resources/, read by Vite at test time: path from the repository root -> text. */
const LEVELS = import.meta.glob<string>('../../../resources/**/*.level.json', { query: '?raw', import: 'default', eager: true });
const MANIFESTS = import.meta.glob<string>('../../../resources/**/pack.json', { query: '?raw', import: 'default', eager: true });
const fromRepo = (k: string): string => k.replace(/^(\.\.\/)+/, '');

/** Every level and pack under `root` (a folder of the repository, e.g. "resources"), as `workspaceSummary` lists them. */
function summaryOf(root: string): WorkspaceItem[] {
  const under = (p: string): string | null => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : null);
  const out: WorkspaceItem[] = [];
  for (const k of Object.keys(MANIFESTS)) {
    const rel = under(fromRepo(k));
    if (rel) out.push({ path: rel.replace(/\/pack\.json$/, ''), name: rel.split('/').slice(-2)[0]!, kind: 'pack', title: '' });
  }
  for (const [k, text] of Object.entries(LEVELS)) {
    const rel = under(fromRepo(k));
    if (!rel) continue;
    const doc = JSON.parse(text) as { ruleset?: string };
    out.push({ path: rel, name: rel.split('/').pop()!, kind: 'level', title: '', ...(doc.ruleset ? { ruleset: doc.ruleset } : {}) });
  }
  return out;
}

/** True when folder `folder` of `root` exists and directly holds a level file of `ruleset`. */
const holdsLevelOf = (items: readonly WorkspaceItem[], folder: string, ruleset: string): boolean =>
  items.some((i) => i.kind === 'level' && i.ruleset === ruleset && folderOf(i.path) === folder);

describe.each([
  ['resources/ (serve’s default workspace)', 'resources'],
  ['a copy of resources/levels (the e2e workspace)', 'resources/levels'],
])('default Save As folder in %s', (_label, root) => {
  const items = summaryOf(root);
  it('reads the samples (the workspace is not empty)', () => {
    expect(items.filter((i) => i.kind === 'level').length).toBeGreaterThan(RULESET_LIST.length);
  });
  const files = items.filter((i) => i.kind === 'level').map((i) => ({ path: i.path, name: i.name }));

  for (const def of RULESET_LIST) {
    it(`${def.name}: a new document proposes a real folder holding its levels (from the summary)`, () => {
      const folder = defaultSaveFolder({ currentPath: null, ruleset: def.id, items, files: null });
      expect(holdsLevelOf(items, folder, def.id)).toBe(true);
      expect(folder.startsWith('packs/')).toBe(false);
    });

    it(`${def.name}: the same folder from a host that answers only the flat level list`, () => {
      const fromSummary = defaultSaveFolder({ currentPath: null, ruleset: def.id, items, files: null });
      expect(defaultSaveFolder({ currentPath: null, ruleset: def.id, items: null, files })).toBe(fromSummary);
    });
  }
});

describe('default Save As folder: order of choice', () => {
  const lvl = (path: string, ruleset: string): WorkspaceItem => ({ path, name: path.split('/').pop()!, kind: 'level', title: '', ruleset });
  it('the current file’s folder comes first', () => {
    expect(defaultSaveFolder({ currentPath: 'mine/sub/a.level.json', ruleset: 'r', items: [lvl('x/b.level.json', 'r')], files: null })).toBe('mine/sub');
  });
  it('most levels of the ruleset wins, levels in a pack do not count, ties go to the shallower folder', () => {
    const items: WorkspaceItem[] = [
      { path: 'packs/big', name: 'big', kind: 'pack', title: '' },
      ...['1', '2', '3'].map((n) => lvl(`packs/big/levels/${n}.level.json`, 'r')),
      lvl('a/deep/x.level.json', 'r'),
      lvl('b/y.level.json', 'r'),
      lvl('c/z.level.json', 'other'),
      lvl('c/w.level.json', 'other'),
    ];
    expect(defaultSaveFolder({ currentPath: null, ruleset: 'r', items, files: null })).toBe('b');
  });
  it('no level of the ruleset anywhere: the workspace root', () => {
    expect(defaultSaveFolder({ currentPath: null, ruleset: 'r', items: [lvl('c/z.level.json', 'other')], files: null })).toBe('');
    expect(defaultSaveFolder({ currentPath: null, ruleset: 'r', items: null, files: [{ path: 'c/z.level.json', name: 'z.level.json' }] })).toBe('');
  });
});
