/**
 * `castellan generate --ruleset ID --count N --par MIN..MAX|N [--seed S]
 *  [--size WxH] [--mechanics a,b] [--pieces a,b] [-o DIR] [--max-states N]
 *  [--steps N] [--climbs N]`: the ruleset's seeded generator
 * (`RulesetDef.generate`: Unlock the King, placement within one physical
 * set, UK-1; Chess Maze, levels that use each chosen mechanic; King's Valley
 * and Locking Chess, "win / mate in exactly N" with a single key, KV-8 /
 * LC-8). `--par` is the optimal par range (a single N for the two-player
 * rulesets is `N..N`). `--mechanics` and `--pieces` are checked against the
 * ruleset's `generateMechanics` / `generatePieces` (an unknown name is a
 * usage error naming the valid ones). `--size` defaults to the ruleset's
 * new document. Reproducible: the same arguments give the same levels;
 * without `--seed` a random seed is drawn and printed on stderr ("seed S"),
 * so the run can be repeated. With
 * `-o DIR` every level is written as DIR/gen-S-NN.level.json through the save
 * pipeline (which re-proves it and stores the solution); existing files are
 * never overwritten. Without `-o`, one JSON line per level on stdout.
 * When stderr is a terminal a progress line (levels found, candidates
 * tried) is kept up to date there. The search runs on the main thread:
 * Ctrl-C during the search ends the process at once, before any file is
 * written; during the writes (each file atomic) it stops after the file
 * being written (exit 130).
 * Exit 0 when `count` levels were found, 3 when fewer (search budget
 * exhausted), 1 bad arguments, 4 write failure, 130 interrupted.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { serializeLevel } from '../../src-shared/format/serialize.js';
import { count } from '../../src-shared/display/count.js';
import type { Level } from '../../src-shared/model/level.js';
import type { GeneratedLevel, RulesetDef } from '../../src-shared/ruleset.js';
import { RULESET_LIST, rulesetDef } from '../../src-shared/rulesets/index.js';
import { goalWords, suggestedTitle } from '../../src-shared/rulesets/suggested-title.js';
import { saveLevelFile } from '../services/save-pipeline.js';

/** The rulesets with a generator, and their names. */
const GENERATORS = RULESET_LIST.filter((d) => d.generate);
const GENERATOR_IDS = GENERATORS.map((d) => d.id);
const GENERATOR_NAMES = GENERATORS.map((d) => d.name).join(', ');
const DEFAULT_SIZES = GENERATORS.map((d) => `${d.newLevel().board.width}x${d.newLevel().board.height} ${d.id}`).join(', ');
const MECHANICS = GENERATORS.filter((d) => d.generateMechanics?.length)
  .map((d) => `${d.id}: ${d.generateMechanics!.join(', ')}`)
  .join('; ');
const PIECES = GENERATORS.filter((d) => d.generatePieces?.length)
  .map((d) => `${d.id}: ${d.generatePieces!.join(', ')}`)
  .join('; ');

export interface GenerateIo {
  out(text: string): void;
  err(text: string): void;
  /** stderr is a terminal: show a progress line. */
  errIsTTY?: boolean;
}

export interface GenerateFlags {
  ruleset: string;
  count: number;
  par: string;
  /** Absent: a random seed, printed on stderr. */
  seed?: number;
  size?: string;
  out?: string;
  maxStates?: number;
  steps?: number;
  climbs?: number;
  mechanics?: string;
  pieces?: string;
}

/** A comma-separated list of names, each one of `valid`; an error message naming the valid ones otherwise. */
function nameList(text: string, valid: readonly string[], what: string, flag: string): string[] | string {
  const names = text
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '');
  const bad = names.filter((n) => !valid.includes(n));
  if (names.length === 0 || bad.length > 0)
    return `castellan: ${flag}: unknown ${what} ${bad.map((b) => `"${b}"`).join(', ') || '(none given)'} (valid: ${valid.join(', ')})\n`;
  return [...new Set(names)];
}

export async function cmdGenerate(flags: GenerateFlags, io: GenerateIo): Promise<number> {
  const def = rulesetDef(flags.ruleset);
  if (!def?.generate) {
    io.err(`castellan: the generator supports --ruleset ${GENERATOR_IDS.join(' | ')} (got ${flags.ruleset})\n`);
    return 1;
  }
  const par = /^(\d+)(?:\.\.(\d+))?$/.exec(flags.par.trim());
  const parMin = par ? Number(par[1]) : 0;
  const parMax = par ? Number(par[2] ?? par[1]) : 0;
  if (!par || parMin > parMax || parMin < 1) {
    io.err('castellan: --par must be MIN..MAX with 1 <= MIN <= MAX (e.g. 8..14), or one N (e.g. 2 for a win / mate in 2)\n');
    return 1;
  }
  let mechanics: string[] | undefined;
  if (flags.mechanics !== undefined) {
    const valid = def.generateMechanics ?? [];
    if (valid.length === 0) {
      io.err(`castellan: --mechanics: the ${def.name} generator has no mechanics to choose\n`);
      return 1;
    }
    const m = nameList(flags.mechanics, valid, 'mechanic', '--mechanics');
    if (typeof m === 'string') {
      io.err(m);
      return 1;
    }
    mechanics = m;
  }
  let pieces: string[] | undefined;
  if (flags.pieces !== undefined) {
    const p = nameList(flags.pieces, def.generatePieces ?? [], 'piece', '--pieces');
    if (typeof p === 'string') {
      io.err(p);
      return 1;
    }
    pieces = p;
  }
  const start = def.newLevel().board;
  const size = /^(\d+)x(\d+)$/.exec((flags.size ?? `${start.width}x${start.height}`).trim());
  const w = size ? Number(size[1]) : 0;
  const h = size ? Number(size[2]) : 0;
  const b = def.board;
  const sideOk = (n: number): boolean => Number.isInteger(n) && n >= b.min && n <= b.max && (b.sideAllowed?.(n) ?? true);
  if (!size || !sideOk(w) || !sideOk(h)) {
    io.err(`castellan: --size must be WxH with ${b.describe} each (${b.ruling})\n`);
    return 1;
  }
  if (flags.seed === undefined) {
    flags.seed = Math.floor(Math.random() * 1_000_000_000);
    io.err(`castellan: seed ${flags.seed} (pass --seed ${flags.seed} for the same levels again)\n`);
  }
  if (flags.out) mkdirSync(flags.out, { recursive: true });
  let shown = 0;
  const progress = io.errIsTTY === true && process.stderr.isTTY === true;
  const found = def.generate({
    seed: flags.seed,
    width: w,
    height: h,
    parMin,
    parMax,
    count: flags.count,
    maxStates: flags.maxStates,
    steps: flags.steps,
    climbs: flags.climbs,
    ...(mechanics ? { mechanics } : {}),
    ...(pieces ? { pieces } : {}),
    ...(progress
      ? {
          onProgress: (p: { found: number; tried: number }) => {
            const now = Date.now();
            if (now - shown < 200) return;
            shown = now;
            io.err(`\rgenerate: ${p.found} of ${flags.count} found, ${p.tried} candidates tried`);
          },
        }
      : {}),
  });
  if (progress && shown > 0) io.err('\r\x1b[K');
  // The writes are asynchronous (the save pipeline proves in a worker): Ctrl-C now stops after the file being written.
  let interrupted = false;
  const onSignal = (): void => {
    interrupted = true;
  };
  process.once('SIGINT', onSignal);
  try {
    return await writeAll(def, found, flags, io, () => interrupted);
  } finally {
    process.off('SIGINT', onSignal);
  }
}

/** Writes (or prints) the generated levels; 130 when `interrupted()` turns true between two files. */
async function writeAll(def: RulesetDef, found: GeneratedLevel[], flags: GenerateFlags, io: GenerateIo, interrupted: () => boolean): Promise<number> {
  let k = 0;
  for (const g of found) {
    if (interrupted()) {
      io.err(`castellan: interrupted after ${k} of ${count(found.length, 'level')}\n`);
      return 130;
    }
    k++;
    // A registry ruleset's generator writes documents of that ruleset.
    const level = g.level as Level;
    const id = `${flags.seed}-${String(k).padStart(2, '0')}`;
    // A descriptive title (a short name drawn from the seed and the level's number, the ruleset, the size, the par or N); the seed in the description.
    const title = suggestedTitle(def, level.board.width, level.board.height, g.par, ((flags.seed ?? 0) + k * 0x9e3779b1) >>> 0);
    g.level.meta = { title, author: 'castellan generate', description: `seed ${flags.seed}, level ${k}, ${goalWords(def, g.par)}` };
    if (!flags.out) {
      io.out(JSON.stringify({ par: g.par, states: g.states, level: JSON.parse(serializeLevel(level)) }) + '\n');
      continue;
    }
    const path = join(flags.out, `gen-${id}.level.json`);
    if (existsSync(path)) {
      io.err(`castellan: ${path} already exists; not overwritten\n`);
      return 1;
    }
    const saved = await saveLevelFile(path, level);
    if (!saved.ok) {
      io.err(`castellan: ${saved.message}\n`);
      return 4;
    }
    io.out(`${path}: ${goalWords(def, saved.solve.length ?? g.par)} (${count(g.states, 'state')})
`);
  }
  if (found.length < flags.count) {
    io.err(
      `castellan: found ${found.length} of ${count(flags.count, 'level')} with par ${flags.par} (raise --climbs, --steps or --max-states, or widen --par)\n`,
    );
    return 3;
  }
  return 0;
}

export function registerGenerateCommand(program: Command, io: GenerateIo, setCode: (c: number) => void, parseInt: (v: string) => number): void {
  program
    .command('generate')
    .description(`generate proved levels (seeded; ${GENERATOR_NAMES})`)
    .requiredOption('--ruleset <name>', GENERATOR_IDS.join(' | '))
    .requiredOption('--count <n>', 'levels wanted', parseInt)
    .requiredOption('--par <range>', 'optimal par range MIN..MAX, e.g. 8..14; or one N (a win / mate in exactly N for the two-player rulesets)')
    .option('--seed <n>', 'random seed (same seed, same levels; default: a random one, printed on stderr)', parseInt)
    .option('--size <WxH>', `board size (default the ruleset's new document: ${DEFAULT_SIZES})`)
    .option('--mechanics <list>', `mechanics each level must use, comma-separated (${MECHANICS})`)
    .option('--pieces <list>', `piece roles to draw from, comma-separated (${PIECES})`)
    .option('-o, --out <dir>', 'write level files here through the save pipeline')
    .option('--max-states <n>', 'solver state (or proof node) cap per candidate (default per ruleset)', parseInt)
    .option('--steps <n>', 'mutations per climb (default per ruleset)', parseInt)
    .option('--climbs <n>', 'climbs before giving up (default per ruleset)', parseInt)
    .addHelpText('after', '\nExit: 0 every level found, 1 bad arguments, 3 fewer levels found than --count, 4 a write failed, 130 interrupted.')
    .action(async (flags: GenerateFlags) => {
      setCode(await cmdGenerate(flags, io));
    });
}
