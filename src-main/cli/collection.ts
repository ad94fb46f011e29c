/**
 * Collections on the command line (extension of LEVEL-FORMAT-v1's command
 * line; the text form is format/collection.ts):
 *
 * - `pack import FILE -o NEWPACK [--title T]`: reads a collection (level
 *   codes or board texts, one after another; `-` reads stdin) into a new
 *   pack: a folder (a name without an extension) or one `*.pack.json`, as
 *   `pack export` writes them (all-or-nothing, checked, never replaces
 *   anything: `exists`). Order, tiers and titles are kept. Every bad entry
 *   is named on stderr as `FILE:LINE: error CODE MESSAGE`, and the good ones
 *   are imported. The levels come without their proofs (codes do not carry
 *   them): `castellan pack verify` / `prove` proves them. Exit 0 every
 *   entry imported; 1 some entries left out (the pack is written with the
 *   others), no entry is a level (nothing written), or a bad `-o`; 4 a
 *   failed write with its cause as the code.
 * - `pack collection PACK -o OUT.txt [--boards] [--force]`: writes the
 *   pack as a collection text, as level codes (default) or board texts
 *   (`--boards`), tiers and titles kept; every level the pack can load is
 *   written (proved or not). Never replaces a file unless `--force`. Exit 0
 *   written; 1 the pack cannot be loaded, a level cannot be written as text
 *   (`level-code-too-large`, `board-text-too-varied`, … naming its number),
 *   an existing OUT; 4 a failed write.
 */
import { basename } from 'node:path';
import type { Command } from 'commander';
import { parseCollection, planImport, writeCollection, type CollectionItem } from '../../src-shared/format/collection.js';
import { MAX_PACK_FILE_BYTES } from '../../src-shared/format/limits.js';
import type { PackFile } from '../../src-shared/model/level.js';
import { readBoundedText } from '../services/bounded-read.js';
import { exportKindOf, exportPack } from '../services/pack-export.js';
import { loadPack, type LoadedPack } from '../services/pack-files.js';
import { realOutputPath, writeNewFile } from '../services/staged-output.js';
import { errorLine, outputFolderError, readErrorCode, writeFailure } from './cli-errors.js';
import { count } from '../../src-shared/display/count.js';

export interface CollectionIo {
  out(text: string): void;
  err(text: string): void;
  readStdin?(): Promise<string>;
}

/** `pack import FILE -o NEWPACK [--title T]`. */
export async function cmdPackImport(file: string, flags: { out: string; title?: string }, io: CollectionIo): Promise<number> {
  const kind = exportKindOf(flags.out);
  if (!kind.ok || kind.kind === 'pdf') {
    io.err(errorLine('bad-output', `${flags.out}: the new pack is a folder (a name without an extension) or a *.pack.json file.`));
    return 1;
  }
  const folder = await outputFolderError(flags.out);
  if (folder) {
    io.err(errorLine(folder.code, folder.message));
    return 1;
  }
  let text: string;
  if (file === '-') text = (await io.readStdin?.()) ?? '';
  else {
    const read = await readBoundedText(file, { maxBytes: MAX_PACK_FILE_BYTES });
    if (!read.ok) {
      io.err(errorLine(readErrorCode(read), read.message));
      return 1;
    }
    text = read.text;
  }
  const label = file === '-' ? 'stdin' : file;
  const plan = planImport(parseCollection(text), flags.title !== undefined ? { title: flags.title } : {});
  const skipped = plan.ok ? plan.value.skipped : plan.error;
  for (const s of skipped) io.err(`${label}:${s.line}: error ${s.code} ${s.message}\n`);
  if (!plan.ok) {
    io.err(errorLine('collection-empty', `${label} holds no level that can be imported; nothing was written.`));
    return 1;
  }
  const p = plan.value;
  const pack: PackFile = {
    format: 'castellan.pack',
    version: 1,
    title: p.title,
    ruleset: p.ruleset,
    ...(p.author !== undefined ? { author: p.author } : {}),
    ...(p.description !== undefined ? { description: p.description } : {}),
    levels: [],
  };
  const loaded: LoadedPack = {
    pack,
    form: 'folder',
    root: '',
    levels: p.levels.map((l, index) => ({
      index,
      name: `line ${l.line}`,
      title: l.level.meta.title,
      level: l.level,
      issues: [],
      ...(l.tier !== undefined ? { tier: l.tier } : {}),
    })),
  };
  const w = await exportPack(loaded, await realOutputPath(flags.out), kind.kind, { label: flags.out });
  if (!w.ok) {
    const f = writeFailure(w);
    io.err(errorLine(f.code, w.message));
    return f.exit;
  }
  io.out(
    `imported ${count(p.levels.length, 'level')} of ${label} into ${flags.out} ("${p.title}", ${p.ruleset})` +
      `${skipped.length ? `; ${count(skipped.length, 'entry', 'entries')} left out (listed above)` : ''}; ${notProvedHint(flags.out)}\n`,
  );
  return skipped.length ? 1 : 0;
}

/** `pack collection PACK -o OUT.txt [--boards] [--force]`. */
export async function cmdPackCollection(path: string, flags: { out: string; boards?: boolean; force?: boolean }, io: CollectionIo): Promise<number> {
  const folder = await outputFolderError(flags.out);
  if (folder) {
    io.err(errorLine(folder.code, folder.message));
    return 1;
  }
  const loaded = await loadPack(path);
  if (!loaded.ok) {
    io.err(errorLine(loaded.code, loaded.message));
    return 1;
  }
  const items: CollectionItem[] = [];
  for (const l of loaded.value.levels) {
    if (!l.level) {
      io.err(`castellan: warning: #${l.index + 1} ${l.title} left out: ${l.error ?? 'it cannot be loaded'}\n`);
      continue;
    }
    items.push({ level: l.level, title: l.title, ...(l.tier !== undefined ? { tier: l.tier } : {}) });
  }
  const head = loaded.value.pack;
  const text = writeCollection(
    {
      title: head.title,
      ruleset: head.ruleset,
      ...(head.author !== undefined ? { author: head.author } : {}),
      ...(head.description !== undefined ? { description: head.description } : {}),
    },
    items,
    flags.boards ? 'boards' : 'codes',
  );
  if (!text.ok) {
    const i = text.error[0];
    io.err(errorLine(i?.code ?? 'collection', i?.message ?? 'a level cannot be written as text'));
    return 1;
  }
  const w = await writeNewFile(await realOutputPath(flags.out), text.value, { label: flags.out, ...(flags.force === true ? { replace: true } : {}) });
  if (!w.ok) {
    const f = writeFailure(w);
    io.err(errorLine(f.code, f.code === 'exists' ? `${w.message} (use --force to replace it)` : w.message));
    return f.exit;
  }
  io.out(`wrote ${count(items.length, 'level')} of ${basename(path)} to ${flags.out} as ${flags.boards ? 'board texts' : 'level codes'}\n`);
  return 0;
}

/** Registers `pack import` and `pack collection` on the `pack` command. */
export function registerCollectionCommands(pack: Command, io: CollectionIo, setCode: (code: number) => void): void {
  pack
    .command('import')
    .description(
      'read a collection (a text file of level codes or board texts, as `pack collection` writes) into a new pack, order, tiers and titles kept; each bad entry is named with its line and reason and the good ones are imported (exit 1 when any was left out); never replaces anything',
    )
    .argument('<file>', 'the collection text file ("-": stdin)')
    .requiredOption('-o, --out <path>', 'the new pack: a folder name without an extension or a *.pack.json file')
    .option('--title <title>', "the pack's title (default the collection's Pack: line)")
    .action(async (file: string, flags: { out: string; title?: string }) => {
      setCode(await cmdPackImport(file, flags, io));
    });
  pack
    .command('collection')
    .description(
      'write a pack as a collection text: one level code per level (or board texts with --boards), tiers and titles kept; never replaces a file unless --force',
    )
    .argument('<path>', 'pack folder or *.pack.json file')
    .requiredOption('-o, --out <file>', 'the text file to write (e.g. codex.txt)')
    .option('--boards', 'write board texts (readable in a forum) instead of level codes')
    .option('--force', 'replace an existing file')
    .action(async (path: string, flags: { out: string; boards?: boolean; force?: boolean }) => {
      setCode(await cmdPackCollection(path, flags, io));
    });
}

/**
 * What to run to store the imported levels' proofs: `castellan prove` of a folder pack's level files (a proof is kept in
 * the level file; `pack verify` only shows the pars), or for a single-file pack, importing into a folder first.
 */
function notProvedHint(out: string): string {
  return /\.pack\.json$/i.test(out)
    ? 'not proved yet: `castellan pack verify` shows their pars; to store proofs import into a folder and run `castellan prove` on its levels'
    : `not proved yet: castellan prove ${out}/levels/*.level.json stores their proofs (castellan pack verify only shows the pars)`;
}
