/**
 * Hints along the Citadel Codex in one process (built by bench/built.ts), as
 * the play session's kept hint worker gives them: per blueprint a fresh hint
 * memo (`HintOptions.memo`), the hint of the start (the first, which
 * searches), then the hint after each move of the blueprint's stored
 * solution (an optimal line the player finds, not necessarily the hinted
 * one); then, with the same memo, two mistakes: at the start and at the
 * middle of the stored line, the first legal move that leaves every known
 * optimal line (a position the memo does not hold), its hint (one search
 * from there), and the hint after the hinted move that follows it.
 *
 *   node hint-child.mjs LEVEL_FILE...
 *
 * Every hint is timed in process CPU ms (process.cpuUsage: this thread and
 * Node's helper threads, e.g. the garbage collector) and wall ms. Prints one
 * JSON object: per blueprint the first hint, the later hints, the
 * mistake's hint and the one after it; every answer along the stored line
 * is checked (distance = moves left on the stored optimal line), and the
 * mistake's answer must lose the optimum at that move (a longer distance, or
 * none).
 */
import { readFileSync } from 'node:fs';
import { parseLevelText } from '../src-shared/format/load.js';
import type { UnlockTheKingLevel } from '../src-shared/model/level.js';
import type { HintMemo, HintOptions } from '../src-shared/ruleset.js';
import { rulesetOf } from '../src-shared/rulesets/index.js';
import { ukPlacementKey } from '../src-shared/rulesets/unlock-the-king/hint.js';
import { compileUnlockTheKing, legalMoves, moveToLan, applyMove, isSolved } from '../src-shared/rulesets/unlock-the-king/position.js';

/** CPU and wall milliseconds of one hint. */
export interface HintTime {
  cpu: number;
  wall: number;
}

export interface HintChildReport {
  rows: {
    file: string;
    first: HintTime;
    later: HintTime[];
    wrong: number;
    /** Per mistake (at the start, at the middle of the line): the hint right after it (a search off every known optimal line), and the hint after the hinted move from there. */
    mistakes: { ply: number; move: string; hint: HintTime; after: HintTime | null; wrong: boolean }[];
  }[];
}

function timed<T>(f: () => T): { value: T; t: HintTime } {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const value = f();
  const wall = performance.now() - w0;
  const c = process.cpuUsage(c0);
  return { value, t: { cpu: (c.user + c.system) / 1000, wall } };
}

/** The first legal move from `frame` (not a win) whose position the memo does not hold. */
function mistakeFrom(frame: UnlockTheKingLevel, memo: HintMemo): string | null {
  const c = compileUnlockTheKing(frame);
  if (!c.ok) return null;
  const pos = c.value;
  for (const m of legalMoves(pos)) {
    const after = applyMove(pos, m);
    if (isSolved(after)) continue;
    const lan = moveToLan(pos, m);
    const doc: UnlockTheKingLevel = {
      ...frame,
      pieces: frame.pieces.map((p, i) => (i === m.piece ? { ...p, square: lan.slice(lan.indexOf('-') + 1) } : p)),
    };
    if (!memo.has(ukPlacementKey(doc))) return lan;
  }
  return null;
}

const rows: HintChildReport['rows'] = [];
for (const file of process.argv.slice(2)) {
  const parsed = parseLevelText(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error[0]?.message}`);
  const level = parsed.value;
  const def = rulesetOf(level)!;
  const line = (level as { solution?: { moves: string[] } }).solution?.moves ?? [];
  const memo: HintMemo = new Map();
  const opts: HintOptions = { maxStates: 2_000_000, timeMs: 15_000, memo };
  const times: HintTime[] = [];
  let wrong = 0;
  for (let k = 0; k <= line.length; k++) {
    const { value: r, t } = timed(() => def.hint!(level, line.slice(0, k), opts));
    times.push(t);
    if (!r.ok || r.value.distance !== line.length - k) wrong++;
  }
  const mistakes: HintChildReport['rows'][number]['mistakes'] = [];
  for (const ply of [0, line.length >> 1]) {
    const frames = def.replay(level, line.slice(0, ply));
    const move = frames.ok && level.ruleset === 'unlock-the-king' ? mistakeFrom(frames.value[ply] as UnlockTheKingLevel, memo) : null;
    if (!move) continue;
    const played = [...line.slice(0, ply), move];
    const { value: r, t } = timed(() => def.hint!(level, played, opts));
    const bad = !r.ok || r.value.status === 'limit' || r.value.lostAt?.ply !== ply || (r.value.distance !== null && ply + 1 + r.value.distance <= line.length);
    const next = r.ok ? r.value.next : null;
    const after = next ? timed(() => def.hint!(level, [...played, next], opts)).t : null;
    mistakes.push({ ply, move, hint: t, after, wrong: bad });
  }
  rows.push({ file, first: times[0]!, later: times.slice(1), wrong, mistakes });
}
console.log(JSON.stringify({ rows } satisfies HintChildReport));
