/**
 * Hints along the Citadel Codex in one process (built by bench/built.ts), as
 * the play session's kept hint worker gives them: per blueprint a fresh hint
 * memo (`HintOptions.memo`), the hint of the start (the first, which
 * searches), then the hint after each move of the blueprint's stored
 * solution (an optimal line the player finds, not necessarily the hinted
 * one), each timed (wall and CPU of this thread):
 *
 *   node hint-child.mjs LEVEL_FILE...
 *
 * Prints one JSON object: per blueprint the first hint's ms and the later
 * hints' ms; every answer is checked (distance = moves left on the stored
 * optimal line).
 */
import { readFileSync } from 'node:fs';
import { parseLevelText } from '../src-shared/format/load.js';
import type { HintMemo } from '../src-shared/ruleset.js';
import { rulesetOf } from '../src-shared/rulesets/index.js';

export interface HintChildReport {
  rows: { file: string; first: number; later: number[]; wrong: number }[];
}

const rows: HintChildReport['rows'] = [];
for (const file of process.argv.slice(2)) {
  const parsed = parseLevelText(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error[0]?.message}`);
  const level = parsed.value;
  const def = rulesetOf(level)!;
  const line = (level as { solution?: { moves: string[] } }).solution?.moves ?? [];
  const memo: HintMemo = new Map();
  const times: number[] = [];
  let wrong = 0;
  for (let k = 0; k <= line.length; k++) {
    const t0 = performance.now();
    const r = def.hint!(level, line.slice(0, k), { maxStates: 2_000_000, timeMs: 15_000, memo });
    times.push(performance.now() - t0);
    if (!r.ok || r.value.distance !== line.length - k) wrong++;
  }
  rows.push({ file, first: times[0]!, later: times.slice(1), wrong });
}
console.log(JSON.stringify({ rows } satisfies HintChildReport));
