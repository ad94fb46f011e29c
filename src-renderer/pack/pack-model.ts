/**
 * Pack manager state logic, pure: reordering, tiers,
 * removal, the view sort and "apply order", merging a verification's rows
 * into the pack's rows, status labels, the summary, export blockers, and
 * the manager's own undo history of manifests. No DOM, no host calls.
 */
import type { PackRow, PackRowStatus } from '../../src-shared/host/pack-contract.js';
import type { PackEntry, PackFile } from '../../src-shared/model/level.js';
import type { HostError } from '../../src-shared/host/contract.js';
import { extraIssues } from '../host/messages.js';
import { compareDifficulty, difficultyLabel, difficultyOf, type Difficulty } from '../../src-shared/pack/difficulty.js';

/**
 * A row's difficulty D (src-shared/pack/difficulty.ts: unlocking, then par,
 * then states) from its par, states and tagged-move minimum (stored
 * metrics, or Verify's fresh answer once merged), or undefined when the
 * row has no proven par (not proved, stale, draft, invalid).
 */
export function rowDifficulty(r: Pick<PackRow, 'status' | 'par' | 'states' | 'taggedMovesMin'>): Difficulty | undefined {
  if (r.status !== 'proved' && r.status !== 'duplicate' && r.status !== 'par-mismatch') return undefined;
  return difficultyOf(r);
}

/** The difficulty column's text: "unlocking 12 · par 30", "par 9", or "—" without D. */
export function difficultyText(r: Pick<PackRow, 'status' | 'par' | 'states' | 'taggedMovesMin'>): string {
  const d = rowDifficulty(r);
  return d ? difficultyLabel(d) : '—';
}

/** The pack manager's error banner: one message, then the issues it does not already say, each once. */
export interface PackError {
  code: string;
  message: string;
  items?: string[];
  /** The manifest changed on disk: offer "Reload pack". */
  reloadable?: boolean;
}

/**
 * The banner of a failed pack call `what` ("Not saved"): `what: message`,
 * and as items the host's issues that the message does not already contain
 * (hosts often put the first issue into the message), so no line repeats.
 * `manifest`: the call wrote the manifest (a `conflict` can be reloaded).
 */
export function packErrorOf(r: Pick<HostError, 'code' | 'message' | 'issues'>, what: string, manifest = false): PackError {
  const message = `${what}: ${r.message}`;
  const items = extraIssues(message, r.issues).map((i) => i.message);
  return { code: r.code, message, ...(items.length ? { items } : {}), ...(manifest && r.code === 'conflict' ? { reloadable: true } : {}) };
}

/** UK-9 Codex tiers, easiest first (offered in the tier menu; any text is allowed). */
export const TIERS = ['Novice', 'Journeyman', 'Master', 'Grandmaster'] as const;

export type SortKey = 'order' | 'title' | 'tier' | 'status' | 'difficulty' | 'par' | 'states' | 'branching' | 'solutions';
export type SortDir = 'asc' | 'desc';

export const SORT_LABELS: Record<SortKey, string> = {
  order: 'Pack order',
  title: 'Title',
  tier: 'Tier',
  status: 'Status',
  difficulty: 'Difficulty',
  par: 'Par',
  states: 'States explored',
  branching: 'Branching',
  solutions: 'Optimal solutions',
};

/**
 * `list` with the item at `from` moved to position `to` (both 0-based, in
 * the list before the move; `to` is where the item ends up). Out-of-range
 * indices answer an unchanged copy.
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** The pack with entry `from` moved to `to` (see moveItem). */
export function movedPack(pack: PackFile, from: number, to: number): PackFile {
  return { ...pack, levels: moveItem(pack.levels, from, to) };
}

/** The pack with entry `index`'s tier set (`''` or undefined removes it). */
export function withTier(pack: PackFile, index: number, tier: string | undefined): PackFile {
  return {
    ...pack,
    levels: pack.levels.map((e, i): PackEntry => {
      if (i !== index) return e;
      const { tier: _old, ...rest } = e;
      void _old;
      const t = tier?.trim();
      return (t ? { ...rest, tier: t } : rest) as PackEntry;
    }),
  };
}

/** The pack without entry `index` (the level file itself stays on disk). */
export function withoutEntry(pack: PackFile, index: number): PackFile {
  return { ...pack, levels: pack.levels.filter((_, i) => i !== index) };
}

/**
 * The pack in the order of `rows` (each row's `index` is its entry's
 * position in `pack`): "apply order" after a view sort. Rows that name no
 * entry are skipped; entries missing from `rows` keep their relative order
 * at the end.
 */
export function orderedPack(pack: PackFile, rows: readonly Pick<PackRow, 'index'>[]): PackFile {
  const used = new Set<number>();
  const levels: PackEntry[] = [];
  for (const r of rows) {
    const e = pack.levels[r.index];
    if (e && !used.has(r.index)) {
      used.add(r.index);
      levels.push(e);
    }
  }
  pack.levels.forEach((e, i) => {
    if (!used.has(i)) levels.push(e);
  });
  return { ...pack, levels };
}

const STATUS_RANK: Record<PackRowStatus, number> = {
  invalid: 0,
  unsolvable: 1,
  limit: 2,
  stale: 3,
  'par-mismatch': 4,
  draft: 5,
  duplicate: 6,
  pending: 7,
  proved: 8,
};

function tierRank(t: string | undefined): number {
  if (t === undefined) return TIERS.length + 1;
  const i = (TIERS as readonly string[]).indexOf(t);
  return i >= 0 ? i : TIERS.length;
}

function metric(r: PackRow, key: SortKey): number | string | Difficulty | undefined {
  switch (key) {
    case 'title':
      return r.title.toLowerCase();
    case 'tier':
      return tierRank(r.tier);
    case 'status':
      return STATUS_RANK[r.status];
    case 'par':
      return r.par;
    case 'states':
      return r.states;
    case 'branching':
      return r.branching;
    case 'solutions':
      return r.optimalSolutions;
    case 'difficulty':
      return rowDifficulty(r);
    default:
      return r.index;
  }
}

/**
 * A view sort of the rows (the pack is unchanged): stable, ties keep pack
 * order, rows without the metric (unknown par, not verified) go last in
 * both directions. `difficulty` sorts by the stated measure D
 * (`rowDifficulty`, compared lexicographically: unlocking, par, states).
 */
export function sortRows(rows: readonly PackRow[], key: SortKey, dir: SortDir = 'asc'): PackRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = metric(a, key);
    const y = metric(b, key);
    if (x === undefined || y === undefined) {
      if (x === undefined && y === undefined) return a.index - b.index;
      return x === undefined ? 1 : -1;
    }
    if (typeof x === 'object' || typeof y === 'object') {
      const c = compareDifficulty(x as Difficulty, y as Difficulty);
      return c !== 0 ? sign * Math.sign(c) : a.index - b.index;
    }
    if (x < y) return -sign;
    if (x > y) return sign;
    return a.index - b.index;
  });
}

/**
 * The pack's rows (stored status, duplicates as in the current order) with
 * a verification's results laid over them: a verified row counts for the
 * row of the same file when its levelHash is unchanged (else the level was
 * edited since and the stored status stands); a level still being
 * verified shows as `pending`. Duplicate marking always follows the
 * current order (the stored rows).
 */
export function mergeVerified(stored: readonly PackRow[], verified: ReadonlyMap<string, PackRow>): PackRow[] {
  return stored.map((s) => {
    const v = verified.get(s.name);
    if (!v || v.levelHash !== s.levelHash) return s;
    if (v.status === 'pending') return { ...s, status: 'pending', detail: `verifying… (stored: ${s.detail})` };
    const dup = s.duplicateOf !== undefined;
    const clean = v.status === 'proved' || v.status === 'duplicate';
    const status: PackRowStatus = clean ? (dup ? 'duplicate' : 'proved') : v.status;
    const detail = clean
      ? dup
        ? s.detail
        : v.status === 'duplicate'
          ? `proved par ${v.par ?? '?'}`
          : v.detail
      : v.detail.replace(/; alike to #\d+ \([^)]*\)$/, '') + (dup ? `; alike to #${s.duplicateOf! + 1} (${s.duplicateHow ?? 'alike'})` : '');
    const out: PackRow = { ...s, status, detail };
    for (const k of ['par', 'states', 'branching', 'optimalSolutions', 'optimalCapped', 'taggedMovesMin', 'taggedMovesMax'] as const) {
      if (v[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = v[k];
    }
    // The re-proof's warnings (P-1 short / cooked, a par above the optimum) replace the stored proof's.
    if (v.warnings?.length) out.warnings = v.warnings;
    else delete out.warnings;
    return out;
  });
}

/**
 * The rows matching the pack manager's filter `text` (case-insensitive): a
 * part of the title, the file name, the tier or the status words
 * (statusLabel); a number (or `#n`) also finds level n by its position.
 * An empty filter keeps every row. The order of `rows` is kept.
 */
export function filterRows(rows: readonly PackRow[], text: string): readonly PackRow[] {
  const q = text.trim().toLowerCase();
  if (!q) return rows;
  const pos = /^#?(\d+)$/.exec(q);
  const n = pos ? Number(pos[1]) : undefined;
  return rows.filter(
    (r) =>
      r.index + 1 === n ||
      r.title.toLowerCase().includes(q) ||
      r.name.toLowerCase().includes(q) ||
      (r.tier ?? '').toLowerCase().includes(q) ||
      statusLabel(r).toLowerCase().includes(q),
  );
}

/** Short names of the proof warnings a row cell shows (RULINGS P-1, UK-7). */
const WARNING_WORDS: Record<string, string> = { 'problem-short': 'short', 'problem-cooked': 'cooked' };

/**
 * The proof warnings of a row as its status cell writes them: the words
 * ("short, cooked", "par above the optimum" for `*-par-above-optimal`, else
 * the code), and the full messages for the tooltip and screen readers; ''
 * for none.
 */
export function rowWarnings(r: Pick<PackRow, 'warnings'>): { words: string; messages: string; codes: string } {
  const w = r.warnings ?? [];
  const word = (code: string): string => WARNING_WORDS[code] ?? (code.endsWith('-par-above-optimal') ? 'par above the optimum' : code);
  return { words: w.map((x) => word(x.code)).join(', '), messages: w.map((x) => x.message).join(' '), codes: w.map((x) => x.code).join(' ') };
}

/** The badge text of a row: "proved par 12", "stale", "duplicate of #3", ... */
export function statusLabel(r: Pick<PackRow, 'status' | 'par' | 'duplicateOf'>): string {
  switch (r.status) {
    case 'proved':
      return `proved par ${r.par ?? '?'}`;
    case 'duplicate':
      return `duplicate of #${(r.duplicateOf ?? 0) + 1}`;
    case 'par-mismatch':
      return 'par mismatch';
    case 'pending':
      return 'verifying…';
    default:
      return r.status;
  }
}

export interface PackSummary {
  total: number;
  counts: Partial<Record<PackRowStatus, number>>;
  /** Every level proved and current, no duplicates. */
  clean: boolean;
  text: string;
}

/** Counts per status and a one-line summary ("3 of 5 clean: 1 stale, 1 draft"). */
export function summarize(rows: readonly PackRow[]): PackSummary {
  const counts: Partial<Record<PackRowStatus, number>> = {};
  for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + 1;
  const proved = counts.proved ?? 0;
  const total = rows.length;
  const clean = total > 0 && proved === total;
  const others = (Object.keys(counts) as PackRowStatus[])
    .filter((s) => s !== 'proved')
    .sort((a, b) => STATUS_RANK[a] - STATUS_RANK[b])
    .map((s) => `${counts[s]} ${s === 'par-mismatch' ? 'par mismatch' : s === 'pending' ? 'verifying' : s}`);
  const text =
    total === 0 ? 'no levels yet' : clean ? `all ${total} level${total === 1 ? '' : 's'} proved` : `${proved} of ${total} proved: ${others.join(', ')}`;
  return { total, counts, clean, text };
}

/** Rows that block an export unless forced (the host's rule: invalid, stale, draft). */
export function exportBlockers(rows: readonly PackRow[]): PackRow[] {
  return rows.filter((r) => r.status === 'invalid' || r.status === 'stale' || r.status === 'draft');
}

/** A folder path for a new pack: `packs/<title slug>`. */
export function defaultPackPath(title: string): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'new-pack';
  return `packs/${slug}`;
}

/** The web page export's default target beside the pack: `<pack>.html` (the player page, Pack > Export as web page). */
export function defaultWebPagePath(packPath: string): string {
  return `${packPath.replace(/[\\/]+$/, '').replace(/\.pack\.json$/i, '')}.html`;
}

/** A free-looking export target beside the pack: `<pack>-export` (folder) or `<pack>.pack.json`. */
export function defaultExportPath(packPath: string, single: boolean): string {
  const base = packPath.replace(/[\\/]+$/, '').replace(/\.pack\.json$/i, '');
  return single ? `${base}-export.pack.json` : `${base}-export`;
}

/**
 * Undo/redo of the manager's own manifest changes (reorder, tier, remove,
 * apply order): each change pushes the manifest it replaced.
 */
export class PackHistory {
  private undoStack: PackFile[] = [];
  private redoStack: PackFile[] = [];
  constructor(private readonly limit = 100) {}

  /** Records `before` (the manifest a change replaced); clears redo. */
  push(before: PackFile): void {
    this.undoStack.push(before);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
  }

  /** The manifest to go back to (given the current one, kept for redo), or undefined. */
  undo(current: PackFile): PackFile | undefined {
    const prev = this.undoStack.pop();
    if (prev) this.redoStack.push(current);
    return prev;
  }

  redo(current: PackFile): PackFile | undefined {
    const next = this.redoStack.pop();
    if (next) this.undoStack.push(current);
    return next;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
  }
}
