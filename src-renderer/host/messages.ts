/**
 * User-facing wording derived from host answers (pure, no DOM): the draft
 * dialog's reason, host error messages without duplicated text, the Open
 * dialog's folder groups and middle-ellipsis paths, local times of host
 * timestamps and one-line solve summaries.
 */
import type { HostError, ListedFile, SolveSummary } from '../../src-shared/host/contract.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import { count } from '../../src-shared/display/count.js';
import { capName } from '../../src-shared/display/limit-words.js';
import { UNREACHABLE_PREFIX } from './http-host.js';

/**
 * Why a save could not be proved, worded from the actual issues (the host's
 * `code` alone is too coarse: `invalid` covers both builder errors and a
 * par below the proven optimum, UK-7). Examples:
 * - `Par 1 is below the proven optimum 3 (UK-7).`
 * - `The level breaks 2 builder rules: ... (CM-14).`
 * - `The solver proved that the level has no solution.`
 * - A "win / mate in N" problem (`inN`: the problem's N, the goal's verb and
 *   ruling, default "win" and KV-8): `The solver proved that the side to
 *   move cannot force a win within 3 moves ("no win in 3", KV-8).`
 */
export function draftReason(f: Pick<HostError, 'code' | 'issues' | 'solve'>, inN?: { goal: number | undefined; verb?: string; ruling?: string }): string {
  const issues = f.issues ?? [];
  const errors = issues.filter((i) => i.severity === 'error');
  // The par checks of any ruleset's `checkPar` hook (`uk-par-*` UK-7, `cm-par-*`), with the ruling they name.
  const parLow = errors.find((i) => i.code.endsWith('-par-below-optimal'));
  const rule = (i: Issue): string => (i.ruling ? ` (${i.ruling})` : '');
  if (parLow) {
    const par = /Par (\d+)/.exec(parLow.message)?.[1];
    const opt = f.solve?.status === 'solved' && f.solve.length !== undefined ? String(f.solve.length) : /optimum of (\d+)/.exec(parLow.message)?.[1];
    if (par !== undefined && opt !== undefined)
      return `Par ${par} is below the proven optimum ${opt}${rule(parLow)}. Raise the par to ${opt} or more, or clear it (empty = optimal).`;
    return `${parLow.message}${rule(parLow)}`;
  }
  const parBad = errors.find((i) => i.code.endsWith('-par-invalid'));
  if (parBad) return `${parBad.message}${rule(parBad)}`;
  switch (f.code) {
    case 'invalid': {
      const rules = errors.filter((i) => !i.code.startsWith('schema') && !i.code.startsWith('format'));
      if (rules.length === 0) return 'The document does not match the level format, so the solver cannot run.';
      const rulings = [...new Set(rules.map((i) => i.ruling).filter((r): r is string => !!r))];
      const first = rules
        .slice(0, 2)
        .map((i) => i.message.replace(/\.$/, ''))
        .join('; ');
      const more = rules.length > 2 ? `; and ${rules.length - 2} more` : '';
      return `The level breaks ${rules.length === 1 ? 'a builder rule' : `${rules.length} builder rules`}: ${first}${more}${rulings.length ? ` (${rulings.join(', ')})` : ''}. The solver cannot prove a par until it is fixed.`;
    }
    case 'unsolvable':
      if (inN) {
        const n = inN.goal ?? 'N';
        const verb = inN.verb ?? 'win';
        return `The solver proved that the side to move cannot force a ${verb} within ${n} move${n === 1 ? '' : 's'} ("no ${verb} in ${n}", ${inN.ruling ?? 'KV-8'}).`;
      }
      return 'The solver proved that the level has no solution.';
    case 'limit':
      return f.solve?.reason
        ? `The solver stopped at its ${capName(f.solve.reason)} before finding a proof either way.`
        : 'The solver gave up at its time or state limit before finding a proof.';
    default:
      return '';
  }
}

/**
 * True for the answer of a host call that never reached the host (http-host.ts:
 * `io` with a message starting `UNREACHABLE_PREFIX`; `castellan serve` stopped).
 */
export function isHostUnreachable(e: { code: string; message: string }): boolean {
  return e.code === 'io' && e.message.startsWith(UNREACHABLE_PREFIX);
}

/** Banner title of an unreachable host. */
export const UNREACHABLE_TITLE = 'The Castellan host is not answering';

/**
 * What an unreachable host means for the user's work, as it is: autosave
 * and save go through the host (recovery.svelte.ts), so nothing is written
 * until it answers; the edits stay in this tab meanwhile, and a restarted
 * `castellan serve` offers the autosaves of the earlier session in its
 * recovery dialog (a restarted host has a new token, so this tab cannot reconnect).
 */
export const UNREACHABLE_MESSAGE =
  'Was `castellan serve` stopped? Nothing can be saved or autosaved until it answers, so keep this tab open: your edits are still here. ' +
  'Restart `castellan serve` on the same workspace and open the URL it prints: it offers the last autosaved copy of each document for recovery; edits made after that are only in this tab.';

const ABS_PATH = /(?:[A-Za-z]:)?(?:[\\/][^\s\\/:"'`()]+)+/g;

/**
 * A host error message for display: absolute host paths that end in the
 * workspace-relative `relPath` the editor asked for are shown as that
 * relative path (the server's folders mean nothing in the browser), and
 * the same path is not repeated.
 */
export function displayMessage(message: string, relPath?: string | null): string {
  let m = message;
  if (relPath) {
    const rel = relPath.replace(/\\/g, '/');
    m = m.replace(ABS_PATH, (p) => {
      const q = p.replace(/\\/g, '/');
      return q !== rel && q.endsWith('/' + rel) ? rel : p;
    });
  }
  return m;
}

/**
 * The issues to list under a host error message: those whose text the
 * message does not already contain (hosts often put the first issue into
 * the message), so nothing is shown twice.
 */
export function extraIssues(message: string, issues: readonly Issue[] | undefined): Issue[] {
  if (!issues) return [];
  const seen = new Set<string>();
  return issues.filter((i) => {
    const t = i.message.trim();
    if (!t || message.includes(t.replace(/\.$/, '')) || seen.has(t)) return false;
    seen.add(t);
    return true;
  });
}

export interface FileGroup {
  /** Folder, workspace-relative with a trailing `/` ('' for the workspace root). */
  folder: string;
  files: ListedFile[];
}

/** Files grouped by folder (groups and files in the host's order, which is sorted). */
export function groupByFolder(files: readonly ListedFile[]): FileGroup[] {
  const groups: FileGroup[] = [];
  const by = new Map<string, FileGroup>();
  for (const f of files) {
    const p = f.path.replace(/\\/g, '/');
    const i = p.lastIndexOf('/');
    const folder = i >= 0 ? p.slice(0, i + 1) : '';
    let g = by.get(folder);
    if (!g) {
      g = { folder, files: [] };
      by.set(folder, g);
      groups.push(g);
    }
    g.files.push(f);
  }
  return groups;
}

/**
 * `text` shortened to at most `max` characters by replacing its middle with
 * `…` (the start and the file name stay readable); unchanged when short
 * enough.
 */
export function middleEllipsis(text: string, max: number): string {
  if (text.length <= max || max < 5) return text;
  const keep = max - 1;
  const tail = Math.ceil(keep * 0.6);
  const head = keep - tail;
  return `${text.slice(0, head)}…${text.slice(text.length - tail)}`;
}

/** Local time of an ISO timestamp, e.g. "14:03:21" today, else "12 Mar, 14:03" (the input unchanged when it does not parse). */
export function formatTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  if (d.toDateString() === now.toDateString()) return time;
  return `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${time.slice(0, 5)}`;
}

/** One line for a host solve summary ("solved in 7 moves (1,234 states)"); '' without one. */
export function summarizeSolve(s: SolveSummary | undefined): string {
  if (!s) return '';
  const states = count(s.states, 'state');
  switch (s.status) {
    case 'solved':
      return `solved in ${count(s.length ?? 0, 'move')} (${states})`;
    case 'unsolvable':
      return `proved unsolvable (${states})`;
    case 'limit':
      return `gave up at the ${s.reason ? `solver's ${capName(s.reason)}` : 'solver limit'} (${states})`;
    case 'cancelled':
      return 'cancelled';
    default:
      return s.message ?? 'solver error';
  }
}
