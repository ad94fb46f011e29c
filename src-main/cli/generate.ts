/**
 * `castellan generate --ruleset ID --count N --par MIN..MAX --seed S
 *  [--size WxH] [-o DIR] [--max-states N] [--steps N] [--climbs N]`: the
 * ruleset's seeded generator (`RulesetDef.generate`; Unlock the King:
 * placement within one physical set, UK-1, optimal solve, hill climbing
 * towards a longer par). Reproducible: the same arguments give the same levels. With
 * `-o DIR` every level is written as DIR/gen-S-NN.level.json through the save
 * pipeline (which re-proves it and stores the solution); existing files are
 * never overwritten. Without `-o`, one JSON line per level on stdout.
 * Exit 0 when `count` levels were found, 3 when fewer (search budget
 * exhausted), 1 bad arguments, 4 write failure.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { serializeLevel } from '../../src-shared/format/serialize.js';
import type { Level } from '../../src-shared/model/level.js';
import { RULESET_LIST, rulesetDef } from '../../src-shared/rulesets/index.js';
import { saveLevelFile } from '../services/save-pipeline.js';

/** The rulesets with a generator, and their names. */
const GENERATORS = RULESET_LIST.filter((d) => d.generate);
const GENERATOR_IDS = GENERATORS.map((d) => d.id);
const GENERATOR_NAMES = GENERATORS.map((d) => d.name).join(', ');

export interface GenerateIo {
  out(text: string): void;
  err(text: string): void;
}

export interface GenerateFlags {
  ruleset: string;
  count: number;
  par: string;
  seed: number;
  size?: string;
  out?: string;
  maxStates?: number;
  steps?: number;
  climbs?: number;
}

export async function cmdGenerate(flags: GenerateFlags, io: GenerateIo): Promise<number> {
  const def = rulesetDef(flags.ruleset);
  if (!def?.generate) {
    io.err(`castellan: the generator supports --ruleset ${GENERATOR_IDS.join(' | ')} (got ${flags.ruleset})\n`);
    return 1;
  }
  const par = /^(\d+)\.\.(\d+)$/.exec(flags.par.trim());
  if (!par || Number(par[1]) > Number(par[2]) || Number(par[1]) < 1) {
    io.err('castellan: --par must be MIN..MAX with 1 <= MIN <= MAX (e.g. 8..14)\n');
    return 1;
  }
  const size = /^(\d+)x(\d+)$/.exec((flags.size ?? '8x8').trim());
  const w = size ? Number(size[1]) : 0;
  const h = size ? Number(size[2]) : 0;
  const b = def.board;
  const sideOk = (n: number): boolean => Number.isInteger(n) && n >= b.min && n <= b.max && (b.sideAllowed?.(n) ?? true);
  if (!size || !sideOk(w) || !sideOk(h)) {
    io.err(`castellan: --size must be WxH with ${b.describe} each (${b.ruling})\n`);
    return 1;
  }
  if (flags.out) mkdirSync(flags.out, { recursive: true });
  const found = def.generate({
    seed: flags.seed,
    width: w,
    height: h,
    parMin: Number(par[1]),
    parMax: Number(par[2]),
    count: flags.count,
    maxStates: flags.maxStates,
    steps: flags.steps,
    climbs: flags.climbs,
  });
  let k = 0;
  for (const g of found) {
    k++;
    // A registry ruleset's generator writes documents of that ruleset.
    const level = g.level as Level;
    const id = `${flags.seed}-${String(k).padStart(2, '0')}`;
    g.level.meta = { title: `Generated ${id}`, author: 'castellan generate', description: `seed ${flags.seed}, par ${g.par}` };
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
    io.out(`${path}: par ${saved.solve.length ?? g.par} (${g.states} states)\n`);
  }
  if (found.length < flags.count) {
    io.err(`castellan: found ${found.length} of ${flags.count} levels with par ${flags.par} (raise --climbs or --steps, or widen --par)\n`);
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
    .requiredOption('--par <min..max>', 'optimal par range, e.g. 8..14')
    .requiredOption('--seed <n>', 'random seed (same seed, same levels)', parseInt)
    .option('--size <WxH>', 'board size (default 8x8)')
    .option('-o, --out <dir>', 'write level files here through the save pipeline')
    .option('--max-states <n>', 'solver state cap per candidate (default 300000)', parseInt)
    .option('--steps <n>', 'mutations per climb (default 300)', parseInt)
    .option('--climbs <n>', 'climbs before giving up (default 200)', parseInt)
    .action(async (flags: GenerateFlags) => {
      setCode(await cmdGenerate(flags, io));
    });
}
