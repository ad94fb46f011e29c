/**
 * The solution tree of `castellan solve` (KV-8 / LC-8 two-player problems):
 * `--json` adds `tree` (the ruleset's `solutionTree`, ruleset.ts
 * `SolutionTree`) to a solved answer, or `treeError: {code, message}` when
 * the tree could not be built within its budget; `--tree` prints it
 * indented in chess-problem style after the text report
 * (src-shared/format/tree-text.ts).
 */
import type { Level } from '../../src-shared/model/level.js';
import type { SolutionTree } from '../../src-shared/ruleset.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';
import { treeLines } from '../../src-shared/format/tree-text.js';
import { count } from '../../src-shared/display/count.js';

/** Node cap of one CLI tree build when `--max-states` is not given. */
export const CLI_TREE_MAX_STATES = 5_000_000;
/** Wall-time cap of one CLI tree build when `--time-ms` is not given, ms. */
export const CLI_TREE_TIME_MS = 30_000;

/**
 * The tree of a solved two-player `level`, or why not (`tree-limit`, ...),
 * or null when its ruleset has no `solutionTree` hook. `maxStates` nodes
 * (default CLI_TREE_MAX_STATES), `timeMs` (default CLI_TREE_TIME_MS, 0 =
 * none), `signal` cancels. Never throws.
 */
export function cliTree(
  level: Level,
  opts: { maxStates?: number | undefined; timeMs?: number | undefined; signal?: { readonly aborted: boolean } },
): { tree: SolutionTree } | { treeError: { code: string; message: string } } | null {
  const def = rulesetOf(level);
  if (!def?.solutionTree) return null;
  const timeMs = opts.timeMs ?? CLI_TREE_TIME_MS;
  const r = def.solutionTree(level, {
    maxStates: opts.maxStates ?? CLI_TREE_MAX_STATES,
    ...(timeMs > 0 ? { timeMs } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (r.ok) return { tree: r.value };
  const first = r.error[0];
  return { treeError: { code: first?.code ?? 'tree-error', message: first?.message ?? 'The solution tree could not be built.' } };
}

/** The `--tree` text: "  solution tree:" and the indented lines, or the reason there is none. */
export function cliTreeText(t: ReturnType<typeof cliTree>): string {
  if (!t) return '';
  if ('treeError' in t) return `  solution tree: none (${t.treeError.code}: ${t.treeError.message})\n`;
  const lines = treeLines(t.tree, { maxLines: 2000 });
  return `  solution tree (${count(t.tree.nodes, 'node')}${t.tree.truncated ? '; cut at its size cap' : ''}):\n${lines.map((l) => `    ${'  '.repeat(l.depth)}${l.text}\n`).join('')}`;
}
