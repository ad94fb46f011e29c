/**
 * The dev mock host's workspace file methods (`browse`, `makeFolder`,
 * `workspaceSummary`, src-shared/host/files-contract.ts) over its in-memory
 * files: folders are the files' folders plus those made with `makeFolder`;
 * the stored proof status follows the contract (a current `solution`:
 * proved, an outdated one: stale, `draft` or none: draft, a file that does
 * not load or breaks builder rules: invalid).
 */
import type { FilesHostRequests, FilesHostResponses, StoredProofStatus, WorkspaceItem, BrowseEntry } from '../../src-shared/host/files-contract.js';
import { WORKSPACE_SUMMARY_PAGE, workspaceItemMatches } from '../../src-shared/host/files-contract.js';
import type { FileRevision, HostError } from '../../src-shared/host/contract.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { validateDocument } from '../../src-shared/rulesets/index.js';
import { hasErrors } from '../../src-shared/validation/issue.js';

type Answer<M extends keyof FilesHostResponses> = (req: FilesHostRequests[M]) => Promise<FilesHostResponses[M]>;

/** The three methods over `files` (path -> stored text) and the extra `folders`; `delay` answers like the other mock methods. */
export function mockFileMethods(
  files: ReadonlyMap<string, { text: string; revision: FileRevision }>,
  folders: Set<string>,
  delay: <T>(v: T) => Promise<T>,
): { browse: Answer<'browse'>; makeFolder: Answer<'makeFolder'>; workspaceSummary: Answer<'workspaceSummary'> } {
  const err = (code: HostError['code'], message: string): HostError => ({ ok: false, code, message });
  const clean = (d: string | undefined): string =>
    (d ?? '')
      .split('/')
      .filter((s) => s && s !== '.')
      .join('/');
  const allFolders = (): Set<string> => {
    const out = new Set<string>(folders);
    for (const p of files.keys()) {
      const parts = p.split('/');
      for (let i = 1; i < parts.length; i++) out.add(parts.slice(0, i).join('/'));
    }
    return out;
  };
  const status = (text: string): { status: StoredProofStatus; title: string; ruleset?: string; par?: number; detail?: string } => {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      return { status: 'invalid', title: '', detail: 'not valid JSON' };
    }
    const v = validateDocument(doc);
    const raw = doc as { meta?: { title?: string }; ruleset?: string };
    const title = raw.meta?.title ?? '';
    const base = { title, ...(typeof raw.ruleset === 'string' ? { ruleset: raw.ruleset } : {}) };
    if (!v.level || hasErrors(v.issues)) return { ...base, status: 'invalid', detail: v.issues[0]?.message ?? 'invalid' };
    const l = v.level;
    if (l.solution && !l.draft) {
      return l.solution.levelHash === levelHash(l)
        ? { ...base, status: 'proved', par: l.solution.length }
        : { ...base, status: 'stale', ...(l.par ? { par: l.par } : {}) };
    }
    return { ...base, status: 'draft', ...(l.par ? { par: l.par } : {}) };
  };
  return {
    browse: ({ dir }) => {
      const d = clean(dir);
      const known = allFolders();
      if (d && !known.has(d)) return delay(err('not-found', `There is no folder ${d} in the workspace.`));
      const prefix = d ? `${d}/` : '';
      const sub = [...known].filter((f) => f.startsWith(prefix) && f !== d && !f.slice(prefix.length).includes('/'));
      const own = [...files].filter(([p]) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'));
      const byName = (a: BrowseEntry, b: BrowseEntry): number => a.name.toLowerCase().localeCompare(b.name.toLowerCase());
      const entries: BrowseEntry[] = [
        ...sub.map((f): BrowseEntry => ({ name: f.slice(prefix.length), path: f, kind: 'folder' })).sort(byName),
        ...own
          .map(([p, f]): BrowseEntry => ({
            name: p.slice(prefix.length),
            path: p,
            kind: p.endsWith('.level.json') ? 'level' : p.endsWith('.pack.json') ? 'pack' : 'other',
            size: f.revision.size,
            mtimeMs: f.revision.mtimeMs,
          }))
          .sort(byName),
      ];
      return delay({ ok: true as const, dir: d, parent: d ? d.split('/').slice(0, -1).join('/') : null, entries });
    },
    makeFolder: ({ path }) => {
      const p = clean(path);
      const name = p.split('/').pop() ?? '';
      // eslint-disable-next-line no-control-regex
      if (!name || name === '..' || /[\\\u0000-\u001f]/.test(path) || path.split('/').includes('..'))
        return delay(err('bad-request', `"${path}" is not a folder name.`));
      const parent = p.split('/').slice(0, -1).join('/');
      const known = allFolders();
      if (parent && !known.has(parent)) return delay(err('not-found', `There is no folder ${parent} in the workspace.`));
      if (known.has(p) || files.has(p)) return delay(err('conflict', `${p} already exists.`));
      folders.add(p);
      return delay({ ok: true as const, path: p });
    },
    workspaceSummary: (req) => {
      const all: WorkspaceItem[] = [...files]
        .filter(([p]) => p.endsWith('.level.json'))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([p, f]) => ({ path: p, name: p.split('/').pop()!, kind: 'level' as const, mtimeMs: f.revision.mtimeMs, ...status(f.text) }));
      // The query and paging of the contract (the mock's workspace is small: no cap).
      const matches = all.filter((i) => workspaceItemMatches(i, req?.query ?? ''));
      const offset = req?.offset ?? 0;
      const items = matches.slice(offset, offset + (req?.limit ?? WORKSPACE_SUMMARY_PAGE));
      return delay({ ok: true as const, items, total: matches.length, offset, capped: false, truncated: offset + items.length < matches.length });
    },
  };
}
