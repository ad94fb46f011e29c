/**
 * Dev tool: builds the Citadel Codex (resources/packs/citadel-codex/) from a
 * seed, generation and assembly in one, deterministic for a seed and scale.
 *
 *   npx tsx scripts/dev/build-codex.ts --seed S[,S2...] [--scale X] [--jobs 2] [--no-generate] OUT_DIR [extra.jsonl...]
 *
 * Generation: the jobs of codex-build.ts `codexJobs` (novice, journeyman,
 * master: seeded random placements; deep-a / deep-b: climbs that START from
 * existing deep blueprints, the current Codex 45-50 and
 * bench/corpus/uk-gen-deep-*, mutated by the seeded climb) run through
 * `generateUkLevels` with the objectives the tiers need (non-king moves in
 * every optimal solution, strict king share, par range; the climb rewards
 * non-king moves). Job k uses seed S * 1000 + k (every job once per seed
 * of a list "S1,S2"); jobs run in up to --jobs child processes (default 2)
 * and their results are merged in (seed, job) order, so the output does not
 * depend on timing. Every candidate (plus the JSON
 * lines `{level}` of extra files) is then re-solved with the prover's own
 * search (`ukSolve`, counting on), filtered (8x8, no rules issues so one
 * physical set, UK-1; king boxed; distinct under the 8 symmetries) and
 * assembled by `assembleCodex` (UK-9 tiers, rising D = non-king min,
 * optimum, states). Writes OUT_DIR/pack.json, OUT_DIR/levels/NN-blueprint.level.json
 * (unproved, named from CODEX_NAMES) and OUT_DIR/candidates.jsonl.
 * Then run
 *   castellan prove OUT_DIR/levels/*.level.json && castellan pack verify OUT_DIR
 *
 * `--no-generate` skips generation and assembles from the extra files alone
 * (a previous run's OUT_DIR/candidates.jsonl gives the same book again).
 *
 * Time, two child processes on this 2-core machine: 407 s for the shipped
 * Codex (`--seed 2`, load average 2-4), 625 s for --seed 1 (load 5-10); the
 * master and deep jobs dominate. The shipped Codex is `--seed 2 --scale 1`;
 * a second run of it gave byte-identical candidates, levels and pack.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializeLevel, serializePack } from '../../src-shared/format/serialize.js';
import type { PackFile, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { canonicalKey } from '../../src-shared/rulesets/unlock-the-king/symmetry.js';
import { compileUnlockTheKing } from '../../src-shared/rulesets/unlock-the-king/position.js';
import { kingBoxedByPieces, ukSolve } from '../../src-shared/rulesets/unlock-the-king/search.js';
import { generateUkLevels } from '../../src-shared/rulesets/unlock-the-king/generate.js';
import { CODEX_NAMES, assembleCodex, codexJobs, type CodexCandidate } from '../../src-shared/rulesets/unlock-the-king/codex-build.js';
import { ukTier } from '../../src-shared/rulesets/unlock-the-king/codex-rules.js';
import { validateRules } from '../../src-shared/rulesets/index.js';

const root = join(fileURLToPath(import.meta.url), '../../..');
const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  argv.splice(i, 2);
  return v;
};
const seedArg = opt('--seed');
const scale = Number(opt('--scale') ?? 1);
const jobsArg = Number(opt('--jobs') ?? 2);
const childJob = opt('--job');
/** `--no-generate`: assemble from the extra files only (e.g. a previous run's candidates.jsonl). */
const noGenerate = argv.includes('--no-generate');
if (noGenerate) argv.splice(argv.indexOf('--no-generate'), 1);
const usage = 'usage: build-codex.ts --seed S[,S2...] [--scale X] [--jobs N] [--no-generate] OUT_DIR [extra.jsonl...]';
const seeds = (seedArg ?? '').split(',').map(Number);
if (seedArg === undefined || !seeds.every((s) => Number.isInteger(s))) throw new Error(usage);
const seed = seeds[0]!;
if (!(scale > 0)) throw new Error('--scale must be > 0');

/** Deep start levels: the current Codex 45-50 and the bench's deep generator output, in a fixed order. */
function deepStarts(): UnlockTheKingLevel[] {
  const files = [
    ...[45, 46, 47, 48, 49, 50].map((n) => `bench/corpus/uk-codex-${n}.level.json`),
    ...[1, 2, 3, 4, 5].map((n) => `bench/corpus/uk-gen-deep-${n}.level.json`),
  ];
  return files.map((f) => {
    const l = JSON.parse(readFileSync(join(root, f), 'utf8')) as UnlockTheKingLevel;
    delete l.solution;
    return l;
  });
}

if (childJob !== undefined) {
  // Child process: run one job, print each accepted level as a JSON line.
  const starts = deepStarts();
  const k = Number(childJob);
  const job = codexJobs(starts.length, scale)[k]!;
  const found = generateUkLevels({ ...job.options, seed: seed * 1000 + k, starts: job.starts.map((i) => starts[i]!) });
  for (const g of found) process.stdout.write(JSON.stringify({ job: job.name, level: g.level }) + '\n');
  process.exit(0);
}

const [outDir, ...extra] = argv;
if (!outDir) throw new Error(usage);
if (existsSync(join(outDir, 'pack.json'))) throw new Error(`${outDir}/pack.json exists; not overwriting`);

function runJob(seed: number, k: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--seed', String(seed), '--scale', String(scale), '--job', String(k)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`job ${k} exited ${code}`))));
  });
}

const jobs = codexJobs(deepStarts().length, scale);
const t0 = Date.now();
// Tasks: every job for every seed, results merged in (seed, job) order whatever finishes first.
const tasks = seeds.flatMap((s) => jobs.map((_, k) => ({ seed: s, k })));
const outputs: string[] = new Array<string>(tasks.length).fill('');
// Deep jobs first (longest), so two workers finish together.
const isDeep = (t: number): number => Number(jobs[tasks[t]!.k]!.name.startsWith('deep'));
const queue = (noGenerate ? [] : tasks.map((_, t) => t)).sort((a, b) => isDeep(b) - isDeep(a) || a - b);
await Promise.all(
  Array.from({ length: Math.max(1, jobsArg) }, async () => {
    for (let t = queue.shift(); t !== undefined; t = queue.shift()) {
      const { seed: s, k } = tasks[t]!;
      outputs[t] = await runJob(s, k);
      process.stderr.write(
        `seed ${s} job ${jobs[k]!.name}: ${outputs[t]!.split('\n').filter(Boolean).length} levels, ${Math.round((Date.now() - t0) / 1000)} s\n`,
      );
    }
  }),
);
const lines = [...outputs.join('').split('\n'), ...extra.flatMap((f) => readFileSync(f, 'utf8').split('\n'))].filter((l) => l.trim());
mkdirSync(join(outDir, 'levels'), { recursive: true });
writeFileSync(join(outDir, 'candidates.jsonl'), lines.join('\n') + '\n');

const seen = new Set<string>();
const cands: CodexCandidate[] = [];
for (const line of lines) {
  const level = (JSON.parse(line) as { level: UnlockTheKingLevel }).level;
  if (level.board.width !== 8 || level.board.height !== 8 || validateRules(level).length > 0) continue;
  const key = canonicalKey(level);
  if (seen.has(key)) continue;
  seen.add(key);
  const c = compileUnlockTheKing(level);
  if (!c.ok) continue;
  const r = ukSolve(c.value);
  if (r.status !== 'solved' || r.metrics?.taggedMovesMin === undefined) continue;
  cands.push({ level, key, optimum: r.length, nonKingMin: r.metrics.taggedMovesMin, states: r.states, kingBoxed: kingBoxedByPieces(c.value), moves: r.moves });
}
process.stderr.write(`${cands.length} distinct solved candidates\n`);
const chosen = assembleCodex(cands);
const entries: PackFile['levels'] = [];
chosen.forEach((c, i) => {
  const n = i + 1;
  const level: UnlockTheKingLevel = {
    ...c.level,
    meta: { title: CODEX_NAMES[i]!, author: 'Castellan generator', tags: [ukTier(n).toLowerCase()] },
  };
  delete level.solution;
  delete level.par;
  level.pieces = level.pieces.map((p, k) => ({ ...p, color: k === 0 ? 'ivory' : p.color }));
  const file = `levels/${String(n).padStart(2, '0')}-blueprint.level.json`;
  writeFileSync(join(outDir, file), serializeLevel(level));
  entries.push({ file, tier: ukTier(n) });
});
const pack: PackFile = { format: 'castellan.pack', version: 1, title: 'The Citadel Codex', ruleset: 'unlock-the-king', author: 'Castellan', levels: entries };
writeFileSync(join(outDir, 'pack.json'), serializePack(pack));
console.log(`wrote ${chosen.length} blueprints in ${Math.round((Date.now() - t0) / 1000)} s:`);
for (const [i, c] of chosen.entries())
  console.log(`${String(i + 1).padStart(2)} ${ukTier(i + 1).padEnd(11)} nk ${c.nonKingMin} opt ${c.optimum} states ${c.states}  ${CODEX_NAMES[i]}`);
