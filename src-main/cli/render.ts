/**
 * `castellan render FILE -o OUT.svg|OUT.png [--cell N]`:
 * one level as a picture. SVG from src-shared/render/svg.ts (pure); PNG by
 * rasterising that SVG with @resvg/resvg-js 2.6.2 (prebuilt native binary
 * from the npm registry; loaded lazily). Written through writeFileVerified;
 * refuses to overwrite an existing OUT unless `--force`. Exit 0 written,
 * 1 unreadable / not a level / bad OUT extension / OUT's folder missing /
 * OUT exists, 4 I/O. Errors: `castellan: <code>: <message>` (cli-errors.ts).
 */
import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import type { Command } from 'commander';
import type * as ResvgModule from '@resvg/resvg-js';
import type { Level } from '../../src-shared/model/level.js';
import { renderLevelSvg } from '../../src-shared/render/svg.js';
import { writeFileVerified } from '../services/atomic-file.js';
import { readBoundedText } from '../services/bounded-read.js';
import { MAX_LEVEL_FILE_BYTES, parseLevelDocument } from '../services/level-files.js';
import { errorLine, outputFolderError, parseErrorCode, readErrorCode } from './cli-errors.js';

export interface RenderIo {
  out(text: string): void;
  err(text: string): void;
}

/** Rasterises an SVG string to PNG bytes (resvg; system fonts for the labels). */
export function svgToPng(svg: string, scale = 1): Buffer {
  const require = createRequire(import.meta.url);
  const { Resvg } = require('@resvg/resvg-js') as typeof ResvgModule;
  const r = new Resvg(svg, { fitTo: { mode: 'zoom', value: scale }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } });
  return r.render().asPng();
}

/** Writes bytes atomically (write + fsync + rename via a temp file), refusing an existing target. */
export async function writeNew(path: string, data: string | Buffer, force: boolean): Promise<string | undefined> {
  if (!force) {
    try {
      await fs.lstat(path);
      return `${path} already exists (use --force to replace it)`;
    } catch {
      // absent
    }
  }
  if (typeof data === 'string') {
    const w = await writeFileVerified(path, data);
    return w.ok ? undefined : w.message;
  }
  // Binary: temp file in the same folder, then rename (writeFileVerified is text-only).
  const tmp = `${path}.${process.pid}.castellan-tmp`;
  try {
    const fh = await fs.open(tmp, 'wx');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    const back = await fs.readFile(tmp);
    if (!back.equals(data)) throw new Error('read-back mismatch');
    await fs.rename(tmp, path);
    return undefined;
  } catch (e) {
    await fs.rm(tmp, { force: true });
    return `Could not write ${path}: ${e instanceof Error ? e.message : String(e)}`;
  }
}

export async function cmdRender(file: string, flags: { out: string; cell?: number; force?: boolean }, io: RenderIo): Promise<number> {
  const kind = flags.out.toLowerCase().endsWith('.svg') ? 'svg' : flags.out.toLowerCase().endsWith('.png') ? 'png' : undefined;
  if (!kind) {
    io.err(errorLine('bad-output', '-o must end in .svg or .png'));
    return 1;
  }
  const folder = await outputFolderError(flags.out);
  if (folder) {
    io.err(errorLine(folder.code, folder.message));
    return 1;
  }
  const read = await readBoundedText(file, { maxBytes: MAX_LEVEL_FILE_BYTES });
  if (!read.ok) {
    io.err(errorLine(readErrorCode(read), read.message));
    return 1;
  }
  const parsed = parseLevelDocument(read.text, file);
  if (!parsed.ok) {
    io.err(errorLine(parseErrorCode(parsed.issues), parsed.message));
    return 1;
  }
  const svg = renderLevelSvg(parsed.document as Level, { cell: flags.cell });
  let data: string | Buffer = svg;
  if (kind === 'png') {
    try {
      data = svgToPng(svg, 2);
    } catch (e) {
      io.err(errorLine('internal', `PNG rendering failed: ${e instanceof Error ? e.message : String(e)}`));
      return 4;
    }
  }
  const err = await writeNew(flags.out, data, flags.force === true);
  if (err) {
    const exists = /already exists/.test(err);
    io.err(errorLine(exists ? 'exists' : 'io', err));
    return exists ? 1 : 4;
  }
  io.out(`wrote ${flags.out}\n`);
  return 0;
}

export function registerRenderCommand(program: Command, io: RenderIo, setCode: (c: number) => void, parseInt: (v: string) => number): void {
  program
    .command('render')
    .description('draw one level as an SVG or PNG picture')
    .argument('<file>', 'level file')
    .requiredOption('-o, --out <path>', 'output .svg or .png')
    .option('--cell <px>', 'square size in px (default 56)', parseInt)
    .option('--force', 'replace an existing output file')
    .action(async (file: string, flags: { out: string; cell?: number; force?: boolean }) => {
      setCode(await cmdRender(file, flags, io));
    });
}
