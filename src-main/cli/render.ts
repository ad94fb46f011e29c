/**
 * `castellan render` (services/render-files.ts draws and writes):
 * - `render FILE -o OUT.svg|OUT.png [--cell N] [--force]`: one level as one
 *   picture; refuses an existing OUT unless `--force`.
 * - `render A.level.json B.level.json ... -o DIR [--format svg|png]`: one
 *   picture per file (named after the file: `A.svg`, `B.svg`),
 * - `render PACK -o DIR [--format svg|png]` (a pack folder or `*.pack.json`):
 *   one picture per level, named from the pack order and the title
 *   (`01-two-steps.svg`);
 *   both written all-or-nothing into a NEW folder DIR (built hidden beside
 *   it, checked, then moved into place; never replaced, `--force` or not).
 * Default format `svg`; `--format` must agree with OUT's extension in the
 * one-file form. Every input is read first: one that cannot be read or is
 * not a level (a pack level that does not load) writes nothing.
 * Exit 0 written; 1 unreadable input / not a level / bad OUT (`bad-output`)
 * / OUT's folder missing / OUT exists (`exists`); 4 I/O (`disk-full`,
 * `read-only`, `io`, `forbidden`, `verify-failed`, `internal`).
 * Errors: `castellan: <code>: <message>` (cli-errors.ts).
 */
import { promises as fs } from 'node:fs';
import type { Command } from 'commander';
import type { Level } from '../../src-shared/model/level.js';
import { readBoundedText } from '../services/bounded-read.js';
import { MAX_LEVEL_FILE_BYTES, parseLevelDocument } from '../services/level-files.js';
import { loadPack } from '../services/pack-files.js';
import { filePictureNames, packPictureNames, pictureFormatOf, writePicture, writePictureFolder, type PictureFormat } from '../services/render-files.js';
import { realOutputPath } from '../services/staged-output.js';
import { errorLine, outputFolderError, parseErrorCode, readErrorCode, writeFailure } from './cli-errors.js';

export interface RenderIo {
  out(text: string): void;
  err(text: string): void;
}

export interface RenderFlags {
  out: string;
  format?: string;
  cell?: number;
  force?: boolean;
}

/** True when the last segment of `p` ends in an extension (`.<letter><letters or digits>`, not a leading dot). */
function hasExtension(p: string): boolean {
  const name =
    p
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() ?? '';
  const m = /\.([A-Za-z][A-Za-z0-9]{0,9})$/.exec(name);
  return m !== null && m.index > 0;
}

/** True when `path` names a pack: a `*.pack.json` file or a folder holding `pack.json`. */
async function isPackPath(path: string): Promise<boolean> {
  if (path.toLowerCase().endsWith('.pack.json')) return true;
  try {
    return (await fs.stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Reads and checks one level file; prints the error and answers undefined when it cannot be used. */
async function readLevel(file: string, io: RenderIo): Promise<Level | undefined> {
  const read = await readBoundedText(file, { maxBytes: MAX_LEVEL_FILE_BYTES });
  if (!read.ok) {
    io.err(errorLine(readErrorCode(read), read.message));
    return undefined;
  }
  const parsed = parseLevelDocument(read.text, file);
  if (!parsed.ok) {
    io.err(errorLine(parseErrorCode(parsed.issues), parsed.message));
    return undefined;
  }
  return parsed.document as Level;
}

/** The `--format` flag as a PictureFormat, or undefined when absent; prints and answers null when it is neither. */
function formatFlag(flags: RenderFlags, io: RenderIo): PictureFormat | undefined | null {
  if (flags.format === undefined) return undefined;
  const f = flags.format.toLowerCase();
  if (f === 'svg' || f === 'png') return f;
  io.err(errorLine('bad-output', `--format must be svg or png, not ${JSON.stringify(flags.format)}`));
  return null;
}

/** `render` (see the file comment). Answers the exit code. */
export async function cmdRender(inputs: string[], flags: RenderFlags, io: RenderIo): Promise<number> {
  const format = formatFlag(flags, io);
  if (format === null) return 1;
  const outFormat = pictureFormatOf(flags.out);
  const pack = inputs.length === 1 && (await isPackPath(inputs[0]!));
  if (inputs.length === 1 && !pack && (outFormat || hasExtension(flags.out))) {
    return renderOne(inputs[0]!, flags, format, io);
  }
  if (outFormat || hasExtension(flags.out)) {
    io.err(errorLine('bad-output', `-o ${flags.out}: several pictures go into a new folder; name a folder without an extension`));
    return 1;
  }
  const folder = await outputFolderError(flags.out);
  if (folder) {
    io.err(errorLine(folder.code, folder.message));
    return 1;
  }
  const fmt = format ?? 'svg';
  const items: { name: string; level: Level }[] = [];
  if (pack) {
    const loaded = await loadPack(inputs[0]!);
    if (!loaded.ok) {
      io.err(errorLine(loaded.code, loaded.message));
      return 1;
    }
    const bad = loaded.value.levels.filter((l) => !l.level);
    for (const l of bad) io.err(errorLine('level-unreadable', `#${l.index + 1} ${l.name}: ${l.error ?? 'not a level'}`));
    if (bad.length > 0) {
      io.err(errorLine('not-rendered', `${bad.length} level${bad.length === 1 ? '' : 's'} of ${inputs[0]} cannot be drawn; nothing was written`));
      return 1;
    }
    const names = packPictureNames(
      loaded.value.levels.map((l) => l.level!.meta.title),
      fmt,
    );
    loaded.value.levels.forEach((l, k) => items.push({ name: names[k]!, level: l.level! }));
  } else {
    const names = filePictureNames(inputs, fmt);
    for (const [k, file] of inputs.entries()) {
      const level = await readLevel(file, io);
      if (!level) return 1;
      items.push({ name: names[k]!, level });
    }
  }
  const w = await writePictureFolder(await realOutputPath(flags.out), items, fmt, {
    label: flags.out,
    ...(flags.cell !== undefined ? { cell: flags.cell } : {}),
  });
  if (!w.ok) {
    const f = writeFailure(w);
    io.err(errorLine(f.code, w.message));
    return f.exit;
  }
  io.out(`wrote ${w.files} picture${w.files === 1 ? '' : 's'} into ${flags.out}\n`);
  return 0;
}

/** The one-file form: `render FILE -o OUT.svg|png`. */
async function renderOne(file: string, flags: RenderFlags, format: PictureFormat | undefined, io: RenderIo): Promise<number> {
  const kind = pictureFormatOf(flags.out);
  if (!kind) {
    io.err(errorLine('bad-output', '-o must end in .svg or .png (or name a new folder for several pictures)'));
    return 1;
  }
  if (format && format !== kind) {
    io.err(errorLine('bad-output', `--format ${format} does not match -o ${flags.out}`));
    return 1;
  }
  const folder = await outputFolderError(flags.out);
  if (folder) {
    io.err(errorLine(folder.code, folder.message));
    return 1;
  }
  const level = await readLevel(file, io);
  if (!level) return 1;
  const w = await writePicture(await realOutputPath(flags.out), level, {
    label: flags.out,
    ...(flags.force === true ? { replace: true } : {}),
    ...(flags.cell !== undefined ? { cell: flags.cell } : {}),
  });
  if (!w.ok) {
    const f = writeFailure(w);
    io.err(errorLine(f.code, f.code === 'exists' ? `${w.message} (use --force to replace it)` : w.message));
    return f.exit;
  }
  io.out(`wrote ${flags.out}\n`);
  return 0;
}

export function registerRenderCommand(program: Command, io: RenderIo, setCode: (c: number) => void, parseInt: (v: string) => number): void {
  program
    .command('render')
    .description('draw levels as SVG or PNG pictures: one file to OUT.svg|png, or several files or a pack into a new folder (written all-or-nothing)')
    .argument('<files...>', 'level file(s), or one pack (folder with pack.json, or *.pack.json)')
    .requiredOption('-o, --out <path>', 'output .svg or .png for one level; a new folder for several levels or a pack')
    .option('--format <format>', 'svg or png: the format of the pictures in a folder (default svg)')
    .option('--cell <px>', 'square size in px (default 56)', parseInt)
    .option('--force', 'replace an existing output file (one picture; a folder is never replaced)')
    .action(async (files: string[], flags: RenderFlags) => {
      setCode(await cmdRender(files, flags, io));
    });
}
