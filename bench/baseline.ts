/**
 * The plain baseline the solver bench compares against: breadth-first
 * search with a JS `Set` of string keys (one string per state, built from
 * the state's 16-bit halves), a JS array per depth layer as the queue, no
 * parent links (it proves the optimum, it does not rebuild the line). It
 * uses the same `SearchProblem` (same encoding, move generator and goal
 * test) as the engine it is compared with, so the difference is storage.
 *
 * V8 Sets hold at most 2^24 (16,777,216) entries: the search stops with
 * `capped` at `maxStates` (default 16,000,000) instead of crashing.
 */
import type { SearchProblem } from '../src-shared/solver/types.js';

export interface BaselineResult {
  status: 'solved' | 'unsolvable' | 'capped';
  length?: number;
  states: number;
  expanded: number;
  generated: number;
}

/** String key of `words` Int32 words (two UTF-16 code units per word). */
function keyOf(buf: Int32Array, words: number): string {
  let s = '';
  for (let i = 0; i < words; i++) {
    const w = buf[i]!;
    s += String.fromCharCode(w & 0xffff, (w >>> 16) & 0xffff);
  }
  return s;
}

/**
 * Baseline BFS (see the file comment). Goal tested on generation, like
 * solver/bfs.ts. `onLayer(states)`, when given, is called as each depth's
 * expansion starts with the states stored so far (the cumulative count
 * through the previous depth, from depth 0).
 */
export function baselineBfs(problem: SearchProblem, maxStates = 16_000_000, onLayer?: (states: number) => void): BaselineResult {
  const W = problem.stateWords;
  const out = new Int32Array(W);
  problem.writeInitial(out);
  const seen = new Set<string>([keyOf(out, W)]);
  if (problem.isGoal(out, 0)) return { status: 'solved', length: 0, states: 1, expanded: 0, generated: 0 };
  let frontier: Int32Array[] = [out.slice()];
  let expanded = 0;
  let generated = 0;
  const maxDepth = problem.maxDepth ?? Infinity;
  for (let depth = 1; frontier.length > 0 && depth <= maxDepth; depth++) {
    onLayer?.(seen.size);
    const next: Int32Array[] = [];
    for (const s of frontier) {
      expanded++;
      let result: 'solved' | 'capped' | null = null;
      problem.expand(s, 0, out, () => {
        generated++;
        const k = keyOf(out, W);
        if (seen.has(k)) return false;
        if (seen.size >= maxStates) {
          result = 'capped';
          return true;
        }
        seen.add(k);
        if (problem.isGoal(out, 0)) {
          result = 'solved';
          return true;
        }
        next.push(out.slice());
        return false;
      });
      if (result === 'solved') return { status: 'solved', length: depth, states: seen.size, expanded, generated };
      if (result === 'capped') return { status: 'capped', states: seen.size, expanded, generated };
    }
    frontier = next;
  }
  return { status: 'unsolvable', states: seen.size, expanded, generated };
}
