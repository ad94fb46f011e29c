/**
 * `castellan generate --ruleset unlock-the-king --count N --par MIN..MAX
 *  --seed S [--size WxH] [-o DIR] [--max-states N] [--steps N] [--climbs N]`
 * (issue 5 item 4): seeded random placement within one physical set (UK-1),
 * optimal solve, hill climbing towards a longer par (src-shared/pack/
 * generate.ts). Reproducible: the same arguments give the same levels. With
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
import { generateUkLevels } from '../../src-shared/pack/generate.js';
import { saveLevelFile } from '../services/save-pipeline.js';

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
  if (flags.ruleset !== 'unlock-the-king') {
    io.err(`castellan: the generator supports --ruleset unlock-the-king only (got ${flags.ruleset})\n`);
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
  if (!size || w < 3 || h < 3 || w > 16 || h > 16) {
    io.err('castellan: --size must be WxH with 3..16 each (UK-1)\n');
    return 1;
  }
  if (flags.out) mkdirSync(flags.out, { recursive: true });
  const found = generateUkLevels({
    seed: flags.seed, width: w, height: h, parMin: Number(par[1]), parMax: Number(par[2]), count: flags.count,
    maxStates: flags.maxStates, climbSteps: flags.steps, maxClimbs: flags.climbs,
  });
  let k = 0;
  for (const g of found) {
    k++;
    const id = `${flags.seed}-${String(k).padStart(2, '0')}`;
    g.level.meta = { title: `Generated ${id}`, author: 'castellan generate', description: `seed ${flags.seed}, par ${g.par}` };
    if (!flags.out) {
      io.out(JSON.stringify({ par: g.par, states: g.states, level: JSON.parse(serializeLevel(g.level)) }) + '\n');
      continue;
    }
    const path = join(flags.out, `gen-${id}.level.json`);
    if (existsSync(path)) {
      io.err(`castellan: ${path} already exists; not overwritten\n`);
      return 1;
    }
    const saved = await saveLevelFile(path, g.level);
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
    .description('generate proved Unlock the King blueprints (seeded random placement + hill climbing)')
    .requiredOption('--ruleset <name>', 'unlock-the-king')
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
