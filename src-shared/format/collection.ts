/**
 * Collections: many levels in one text file (or a clipboard), as level
 * codes (level-code.ts) or board texts (board-text.ts), in order. The
 * pack importer reads one into a new pack and the pack exporter writes one
 * (`castellan pack import` / `pack export -o x.txt`, the pack manager).
 * Specified in docs/reference/format-contract.md "Collections":
 *
 *     ; Castellan collection: lines starting with ; are comments
 *     Pack: Citadel Codex          the pack's title (optional)
 *     Pack author: Ann             (optional; also "Pack description:")
 *     Tier: Novice                 the tier of the entries that follow ("Tier:" alone: none)
 *     CST1.lZVNCsIwEIWvMg…         a level code: one entry (a code may wrap onto the next lines)
 *     Castellan kings-valley 5x5…  a board text: one entry, to the next entry or directive
 *
 * Any other line outside an entry is a bad entry of its own. Every entry
 * keeps its line number, so a bad one is named by line with its reason.
 * At most MAX_PACK_LEVELS entries are read. Pure; never throws.
 */
import { MAX_PACK_LEVELS, MAX_PACK_FILE_BYTES } from './limits.js';
import type { Level, Ruleset } from '../model/level.js';
import { issue, type Issue, type Result } from '../validation/issue.js';
import { boardTextToLevel, levelToBoardText } from './board-text.js';
import { decodeLevelCode, encodeLevelCode } from './level-code.js';

/** Longest collection text read, in characters (the size of the largest pack file). */
export const MAX_COLLECTION_CHARS = MAX_PACK_FILE_BYTES;

/** One entry of a collection: its first line, what it is, the tier in force, and the level or why not. */
export interface CollectionEntry {
  line: number;
  kind: 'code' | 'board' | 'other';
  tier?: string;
  level?: Level;
  /** Why the entry is not a level (the first is the reason shown). */
  issues?: Issue[];
}

export interface Collection {
  title?: string;
  author?: string;
  description?: string;
  entries: CollectionEntry[];
}

const DIRECTIVE_RE = /^(pack|pack author|pack description|tier)\s*:\s?(.*)$/i;
const CODE_RE = /^CST\d{1,6}\./;
const CODE_CONTINUATION_RE = /^[A-Za-z0-9_-]+$/;
const BOARD_RE = /^castellan\s/i;

interface Open {
  kind: 'code' | 'board' | 'other';
  line: number;
  tier: string | undefined;
  lines: string[];
  /** The line number of each of `lines` (codes: to split off a word taken for a continuation). */
  nums: number[];
}

function notAnEntry(line: number, text: string, tier: string | undefined): CollectionEntry {
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return {
    line,
    kind: 'other',
    ...(tier !== undefined ? { tier } : {}),
    issues: [issue('error', 'collection-entry', `"${shown}" is not a level code (CST1.…) or a board text (Castellan …).`)],
  };
}

/**
 * The entries of an open entry: one, or, for a code whose continuation
 * lines do not all belong to it (a word such as "oops" is base64url too),
 * the code up to the last line that makes it check out, then each line
 * after it as a bad entry of its own.
 */
function decodeEntry(e: Open): CollectionEntry[] {
  const base = { line: e.line, kind: e.kind, ...(e.tier !== undefined ? { tier: e.tier } : {}) };
  if (e.kind === 'other') return [notAnEntry(e.line, e.lines[0]!, e.tier)];
  if (e.kind === 'board') {
    const r = boardTextToLevel(e.lines.join('\n'), e.line);
    return [r.ok ? { ...base, level: r.value } : { ...base, issues: r.error }];
  }
  const whole = decodeLevelCode(e.lines.join(''));
  if (whole.ok) return [{ ...base, level: whole.value }];
  // The 4-byte check makes a shorter prefix that checks out the code itself (a chance of 2^-32 otherwise).
  for (let k = e.lines.length - 1; k >= 1; k--) {
    const part = decodeLevelCode(e.lines.slice(0, k).join(''));
    if (part.ok) return [{ ...base, level: part.value }, ...e.lines.slice(k).map((t, j) => notAnEntry(e.nums[k + j]!, t, e.tier))];
  }
  return [{ ...base, issues: whole.error }];
}

/**
 * Reads a collection (see the module doc): its pack title / author /
 * description and every entry in order, each with its level or its issues
 * (`collection-entry` for a line that is neither a code nor a board text,
 * the decoders' codes otherwise; `collection-too-many` once
 * MAX_PACK_LEVELS entries were read, `collection-too-large` for a text
 * over MAX_COLLECTION_CHARS).
 */
export function parseCollection(text: string): Collection {
  const out: Collection = { entries: [] };
  if (typeof text !== 'string' || text.length > MAX_COLLECTION_CHARS) {
    out.entries.push({
      line: 1,
      kind: 'other',
      issues: [issue('error', 'collection-too-large', `A collection has at most ${MAX_COLLECTION_CHARS} characters.`)],
    });
    return out;
  }
  let tier: string | undefined;
  let open: Open | undefined;
  const close = (): void => {
    if (open) out.entries.push(...decodeEntry(open));
    open = undefined;
  };
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const t = lines[i]!.trim();
    const start = (kind: Open['kind']): boolean => {
      close();
      if (out.entries.length >= MAX_PACK_LEVELS) return false;
      open = { kind, line: n, tier, lines: [t], nums: [n] };
      return true;
    };
    let more = true;
    const d = DIRECTIVE_RE.exec(t);
    if (t.startsWith(';')) {
      if (open?.kind === 'board') {
        open.lines.push(t);
        open.nums.push(n);
      }
    } else if (d) {
      close();
      const key = d[1]!.toLowerCase().replace(/\s+/g, ' ');
      const value = d[2]!.trim();
      if (key === 'tier') tier = value === '' ? undefined : value;
      else if (key === 'pack') out.title = value;
      else if (key === 'pack author') out.author = value;
      else out.description = out.description === undefined ? value : `${out.description}\n${value}`;
    } else if (CODE_RE.test(t)) more = start('code');
    else if (BOARD_RE.test(t)) more = start('board');
    else if (t === '') {
      if (open?.kind === 'board') {
        open.lines.push(t);
        open.nums.push(n);
      } else close();
    } else if ((open?.kind === 'code' && CODE_CONTINUATION_RE.test(t)) || open?.kind === 'board' || open?.kind === 'other') {
      open.lines.push(t);
      open.nums.push(n);
    } else more = start('other');
    if (!more) {
      out.entries.push({
        line: n,
        kind: 'other',
        issues: [issue('error', 'collection-too-many', `A pack holds at most ${MAX_PACK_LEVELS} levels; the collection is not read from line ${n} on.`)],
      });
      return out;
    }
  }
  close();
  return out;
}

/** An entry that was not imported: its line and why. */
export interface SkippedEntry {
  line: number;
  code: string;
  message: string;
}

/** What a collection imports as: the new pack's head and its levels in order, and the entries left out. */
export interface ImportPlan {
  title: string;
  ruleset: Ruleset;
  author?: string;
  description?: string;
  levels: { level: Level; tier?: string; line: number }[];
  skipped: SkippedEntry[];
}

/** The title of an imported pack with no `Pack:` line and no title given. */
export const DEFAULT_IMPORT_TITLE = 'Imported collection';

/**
 * Plans the import of `c` into a new pack: the good entries in order with
 * their tiers; the bad ones, and those of another ruleset than the first
 * good entry (a pack holds one ruleset), as `skipped` with their line and
 * reason. `title` overrides the collection's `Pack:` line. Answers
 * `{ok: false, error: skipped}` when no entry is a level (`collection-empty`
 * for a text with no entry at all).
 */
export function planImport(c: Collection, opts: { title?: string } = {}): Result<ImportPlan, SkippedEntry[]> {
  const skipped: SkippedEntry[] = [];
  const levels: ImportPlan['levels'] = [];
  let ruleset: Ruleset | undefined;
  let firstLine = 0;
  for (const e of c.entries) {
    if (!e.level) {
      const first = e.issues?.[0];
      skipped.push({ line: e.line, code: first?.code ?? 'collection-entry', message: first?.message ?? 'not a level' });
      continue;
    }
    if (ruleset !== undefined && e.level.ruleset !== ruleset) {
      skipped.push({
        line: e.line,
        code: 'pack-ruleset-mismatch',
        message: `A ${e.level.ruleset} level; the pack is of ${ruleset} (the level on line ${firstLine}).`,
      });
      continue;
    }
    if (ruleset === undefined) {
      ruleset = e.level.ruleset;
      firstLine = e.line;
    }
    levels.push({ level: e.level, line: e.line, ...(e.tier !== undefined ? { tier: e.tier } : {}) });
  }
  if (ruleset === undefined) {
    return {
      ok: false,
      error: skipped.length ? skipped : [{ line: 1, code: 'collection-empty', message: 'The text holds no level code or board text.' }],
    };
  }
  const title = (opts.title ?? c.title ?? '').trim() || DEFAULT_IMPORT_TITLE;
  return {
    ok: true,
    value: {
      title,
      ruleset,
      ...(c.author ? { author: c.author } : {}),
      ...(c.description ? { description: c.description } : {}),
      levels,
      skipped,
    },
  };
}

/** One level to write into a collection, with its pack tier and the title a player sees. */
export interface CollectionItem {
  level: Level;
  tier?: string;
  /** The title shown for it (a pack entry's title override); written as the level's title. */
  title?: string;
}

/** The two forms of a written collection: level codes (one line each) or board texts. */
export type CollectionForm = 'codes' | 'boards';

function flat(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * The collection text of a pack (see the module doc): a comment naming it,
 * `Pack:` (and `Pack author:` / `Pack description:`), a `Tier:` line where
 * the tier changes, then each level as a code (after a comment line with
 * its number, title and par) or as a board text (a blank line between
 * them). Each item's `title` is written as the level's title. Errors: the
 * first level that cannot be written (`level-code-too-large`,
 * `board-text-too-varied`, ...), its message prefixed with its number.
 */
export function writeCollection(
  head: { title: string; ruleset: string; author?: string; description?: string },
  items: readonly CollectionItem[],
  form: CollectionForm,
): Result<string, Issue[]> {
  const out: string[] = [
    `; Castellan collection: ${flat(head.title)} (${head.ruleset}, ${items.length} level${items.length === 1 ? '' : 's'}, as ${form === 'codes' ? 'level codes' : 'board texts'}).`,
    '; Import it into a new pack with `castellan pack import FILE -o NEWPACK`, or Pack > Import collection… in the editor.',
    `Pack: ${flat(head.title)}`,
  ];
  if (head.author) out.push(`Pack author: ${flat(head.author)}`);
  if (head.description) for (const d of head.description.split(/\r\n|\n|\r/)) out.push(`Pack description: ${d.trim()}`);
  let tier: string | undefined;
  for (const [k, it] of items.entries()) {
    const level =
      it.title !== undefined && it.title !== it.level.meta.title ? ({ ...it.level, meta: { ...it.level.meta, title: it.title } } as Level) : it.level;
    if (it.tier !== tier) {
      out.push(`Tier: ${it.tier !== undefined ? flat(it.tier) : ''}`.trimEnd());
      tier = it.tier;
    }
    const label = `#${k + 1} ${flat(level.meta.title)}`;
    if (form === 'codes') {
      const code = encodeLevelCode(level);
      if (!code.ok) return { ok: false, error: code.error.map((i) => ({ ...i, message: `${label}: ${i.message}` })) };
      const par = typeof level.par === 'number' ? ` (par ${level.par})` : '';
      out.push(`; ${k + 1}. ${flat(level.meta.title)}${par}`, code.value);
    } else {
      const text = levelToBoardText(level);
      if (!text.ok) return { ok: false, error: text.error.map((i) => ({ ...i, message: `${label}: ${i.message}` })) };
      out.push('', ...text.value.text.trimEnd().split('\n'));
    }
  }
  return { ok: true, value: out.join('\n') + '\n' };
}
