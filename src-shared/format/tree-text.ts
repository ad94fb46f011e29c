/**
 * A solution tree (ruleset.ts `SolutionTree`, KV-8 / LC-8) as indented text
 * lines in chess-problem style, numbered by the attacker's moves:
 *
 *     1. Sc2-c4! (threat: 2. Kc1-c3#)
 *       1... Kc5-a3 2. Kc1-c3#
 *       1... Se5-b2 2. Kc1-c3# (dual: 2. Sa1-b1)
 *     Tries: 1. Rb7? Kxb7!
 *
 * `!` marks the key, `?` a try and `!` after a defence its refutation, `#`
 * an answer that wins at once (an LC-8 mate; for King's Valley a KV-5 / KV-6
 * win), "..." a variation cut (the tree's own size cap, `more`, or the
 * caller's `maxDepth` / `maxLines`). Pure data: the CLI's `solve --tree` and
 * the pack PDF's answer key print it.
 */
import type { SolutionTree, TreeDefence, TreeMove } from '../ruleset.js';

/** One printed line: its indent level (0 = the key) and text. */
export interface TreeLine {
  depth: number;
  text: string;
}

/** Limits of `treeLines`. */
export interface TreeTextOptions {
  /** Deepest attacker move printed (default: all, the tree's N). */
  maxDepth?: number;
  /** Most variation lines printed (default 400); the rest become one "..." line. */
  maxLines?: number;
  /** SAN where the tree has it (default true). */
  san?: boolean;
  /** Duals named per node (default all); the rest are counted ("+4 more"). */
  maxDuals?: number;
}

const text = (m: TreeMove, san: boolean): string => (san && m.san ? m.san : m.lan);
const won = (m: string): string => (m.endsWith('#') ? m : `${m.replace(/\+$/, '')}#`);

/**
 * The tree as lines: the key line (with the threat and any cook), one line
 * per defence (indented by depth) with its answer and duals, then the tries.
 * Never throws.
 */
export function treeLines(tree: SolutionTree, opts: TreeTextOptions = {}): TreeLine[] {
  const san = opts.san ?? true;
  const maxDepth = opts.maxDepth ?? tree.n;
  const maxLines = opts.maxLines ?? 400;
  const maxDuals = opts.maxDuals ?? Infinity;
  const out: TreeLine[] = [];
  const threat = tree.threat ? ` (threat: 2. ${text(tree.threat, san)})` : '';
  out.push({ depth: 0, text: `1. ${text(tree.key, san)}!${threat}` });
  if (tree.cook) out.push({ depth: 0, text: `Cook: also ${tree.keys.filter((k) => k !== tree.key.lan).join(', ')}` });
  let printed = 0;
  let cut = false;
  const walk = (list: readonly TreeDefence[], k: number, depth: number): void => {
    for (const d of list) {
      if (printed >= maxLines) {
        cut = true;
        return;
      }
      const answer = d.answer ? ` ${k + 1}. ${d.mate ? won(text(d.answer, san)) : text(d.answer, san)}` : ' (wins for the attacker at once)';
      const named = d.duals.slice(0, maxDuals).map((m) => `${k + 1}. ${text(m, san)}`);
      if (d.duals.length > named.length) named.push(`+${d.duals.length - named.length} more`);
      const duals = named.length ? ` (dual: ${named.join(', ')})` : '';
      out.push({ depth, text: `${k}... ${text(d.defence, san)}${answer}${duals}` });
      printed++;
      if (d.next.length > 0) {
        if (k + 1 >= maxDepth) out.push({ depth: depth + 1, text: '...' });
        else walk(d.next, k + 1, depth + 1);
      } else if (d.more) out.push({ depth: depth + 1, text: '...' });
    }
  };
  walk(tree.variations, 1, 1);
  if (cut) out.push({ depth: 1, text: '...' });
  if (tree.tries.length) out.push({ depth: 0, text: `Tries: ${tree.tries.map((t) => `1. ${text(t.move, san)}? ${text(t.refutation, san)}!`).join('; ')}` });
  return out;
}
