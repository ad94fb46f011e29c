/**
 * Unlocking report over an Unlock the King pack (default: the Citadel Codex).
 *
 *   npx tsx bench/codex-unlocking.ts [PACKDIR] [--overhead] [--json]
 *
 * Per blueprint: number, UK-9 tier (by number), par (stored, else the
 * optimum, UK-7), optimum, king boxed (`kingBoxedByPieces`: the king cannot
 * reach the portal with every other piece standing still), the fewest and
 * most non-king moves over all optimal solutions (A* counting path,
 * `SolveMetrics.taggedMovesMin` / `taggedMovesMax`), the king share of par
 * ((optimum - min non-king) / par, the strict reading: king moves of the
 * optimal solution with the fewest non-king moves, over par), states stored by the optimal search,
 * optimal solutions (capped at 1000, "+" when capped) and solve ms. Then
 * the Codex rebuild's rules (codex-rules.ts `codexRuleSummary`) with the
 * blueprints that break each. `--overhead`: also solves every blueprint
 * without the move tag, alternating, and prints the total time ratio of the
 * tagged pass. Not a test: it asserts nothing; exits 1 on unreadable input.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { UnlockTheKingLevel } from '../src-shared/model/level.js';
import { compileUnlockTheKing, kingBoxedByPieces, validateUnlockTheKing } from '../src-shared/rulesets/unlock-the-king/index.js';
import { ukSearchProblem, ukSolve } from '../src-shared/rulesets/unlock-the-king/search.js';
import { findDuplicates } from '../src-shared/rulesets/unlock-the-king/symmetry.js';
import { codexRuleSummary, kingShareOfPar, ukTier, type UkUnlockingRow } from '../src-shared/rulesets/unlock-the-king/codex-rules.js';
import { solveAStar } from '../src-shared/solver/astar.js';
import type { SearchProblem } from '../src-shared/solver/types.js';

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const dir = args.find((a) => !a.startsWith('--')) ?? 'resources/packs/citadel-codex';

interface PackJson {
  ruleset?: string;
  levels: { file: string; tier?: string }[];
}

function fail(msg: string): never {
  process.stderr.write(`codex-unlocking: ${msg}\n`);
  process.exit(1);
}

let pack: PackJson;
try {
  pack = JSON.parse(readFileSync(join(dir, 'pack.json'), 'utf8')) as PackJson;
} catch (e) {
  fail(`cannot read ${join(dir, 'pack.json')}: ${(e as Error).message}`);
}
if (pack.ruleset !== 'unlock-the-king') fail(`${dir} is not an Unlock the King pack (ruleset ${String(pack.ruleset)})`);

const levels: UnlockTheKingLevel[] = pack.levels.map((entry) => {
  try {
    return JSON.parse(readFileSync(join(dir, entry.file), 'utf8')) as UnlockTheKingLevel;
  } catch (e) {
    fail(`cannot read ${entry.file}: ${(e as Error).message}`);
  }
});

const rows: UkUnlockingRow[] = [];
const times: number[] = [];
let tagged = 0;
let untagged = 0;
const lines: string[] = [];
const pad = (s: string | number, n: number): string => String(s).padStart(n);
lines.push(`  #  tier          par  opt  boxed  nk-min  nk-max  king/par    states  optimal     ms`);
levels.forEach((level, k) => {
  const number = k + 1;
  const c = compileUnlockTheKing(level);
  if (!c.ok) fail(`blueprint ${number} does not compile: ${c.error.map((i) => i.message).join('; ')}`);
  const pos = c.value;
  const overSet = validateUnlockTheKing(level).some((i) => i.code === 'uk-set-exceeded');
  const t0 = performance.now();
  const r = ukSolve(pos);
  const ms = performance.now() - t0;
  times.push(ms);
  if (flags.has('--overhead') && r.status === 'solved') {
    // Alternate: untagged, tagged, to spread machine noise over both.
    const full = ukSearchProblem(pos, { canonical: true });
    const { moveTag: _dropped, ...plain } = full;
    void _dropped;
    const u0 = performance.now();
    solveAStar(plain as SearchProblem);
    untagged += performance.now() - u0;
    const t1 = performance.now();
    solveAStar(full);
    tagged += performance.now() - t1;
  }
  const solved = r.status === 'solved';
  const m = solved ? r.metrics : undefined;
  const row: UkUnlockingRow = {
    number,
    kingBoxed: kingBoxedByPieces(pos),
    states: r.states,
    overSet,
    ...(solved ? { optimum: r.length, par: level.par ?? r.length } : level.par !== undefined ? { par: level.par } : {}),
    ...(m?.taggedMovesMin !== undefined ? { nonKingMin: m.taggedMovesMin, nonKingMax: m.taggedMovesMax! } : {}),
    ...(m?.optimalSolutions !== undefined ? { optimalSolutions: m.optimalSolutions, optimalSolutionsCapped: m.optimalSolutionsCapped ?? false } : {}),
  };
  rows.push(row);
  const share = kingShareOfPar(row);
  lines.push(
    [
      pad(number, 3),
      ' ',
      ukTier(number).padEnd(12),
      pad(row.par ?? '-', 4),
      pad(row.optimum ?? r.status, 5),
      pad(row.kingBoxed ? 'yes' : 'no', 7),
      pad(row.nonKingMin ?? '-', 8),
      pad(row.nonKingMax ?? '-', 8),
      pad(share === undefined ? '-' : share.toFixed(2), 10),
      pad(row.states, 10),
      pad(row.optimalSolutions === undefined ? '-' : `${row.optimalSolutions}${row.optimalSolutionsCapped ? '+' : ''}`, 9),
      pad(Math.round(ms), 7),
    ].join(''),
  );
});

const duplicates = findDuplicates(levels).map((d) => d.second + 1);
const summary = codexRuleSummary(rows, duplicates);
if (flags.has('--json')) {
  process.stdout.write(JSON.stringify({ dir, rows, summary }, null, 2) + '\n');
} else {
  process.stdout.write(lines.join('\n') + '\n\n');
  process.stdout.write(`Rules of the Codex rebuild over ${dir} (${rows.length} blueprints):\n`);
  for (const v of summary) {
    const which = v.failures.join(', ');
    process.stdout.write(`- ${v.holds ? 'HOLDS' : 'FAILS'}  ${v.rule}${v.holds ? '' : `: ${v.failures.length} break it (${which})`}\n`);
  }
  const total = times.reduce((a, b) => a + b, 0);
  process.stdout.write(`\nsolve time ${Math.round(total)} ms total (load average ${loadavg()[0]!.toFixed(2)})\n`);
  if (flags.has('--overhead')) {
    process.stdout.write(`tagged pass overhead: tagged ${Math.round(tagged)} ms / untagged ${Math.round(untagged)} ms = ${(tagged / untagged).toFixed(3)}\n`);
  }
}
