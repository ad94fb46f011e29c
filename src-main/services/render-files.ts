/**
 * Levels as pictures (the CLI's `render`, the host's `renderLevel`): SVG
 * from src-shared/render/svg.ts (pure); PNG by rasterising that SVG at
 * twice its size with @resvg/resvg-js 2.6.2 (a prebuilt native binary from
 * the npm registry, loaded on the first PNG).
 *
 * Every picture goes through the verified atomic write (text and bytes
 * alike) and is placed without replacing anything unless asked
 * (staged-output.ts `writeNewFile`); several pictures are written
 * all-or-nothing into a new folder (`writeNewFolder`): nothing appears
 * under the folder's name until every picture is written and read back.
 */
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type * as ResvgModule from '@resvg/resvg-js';
import type { HostError } from '../../src-shared/host/contract.js';
import type { Level } from '../../src-shared/model/level.js';
import { renderLevelSvg } from '../../src-shared/render/svg.js';
import { numberedNames, titleSlug } from './pack-export.js';
import { writeNewFile, writeNewFolder, type StageHooks } from './staged-output.js';
import { promises as fs } from 'node:fs';

/** Picture formats. */
export type PictureFormat = 'svg' | 'png';

/** The scale of PNG pictures relative to the SVG's size (crisp on high-density screens). */
export const PNG_SCALE = 2;

/** Rasterises an SVG string to PNG bytes (resvg; system fonts for the labels). Throws when resvg fails. */
export function svgToPng(svg: string, scale = 1): Buffer {
  const require = createRequire(import.meta.url);
  const { Resvg } = require('@resvg/resvg-js') as typeof ResvgModule;
  const r = new Resvg(svg, { fitTo: { mode: 'zoom', value: scale }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } });
  return r.render().asPng();
}

/** The picture format a file name asks for (`.svg` / `.png`, any case), or undefined. */
export function pictureFormatOf(path: string): PictureFormat | undefined {
  const lower = path.toLowerCase();
  return lower.endsWith('.svg') ? 'svg' : lower.endsWith('.png') ? 'png' : undefined;
}

/** One level as a picture: SVG text, or PNG bytes. `cell`: square size in px (default 56). Throws when PNG rasterising fails. */
export function renderPicture(level: Level, format: PictureFormat, opts: { cell?: number } = {}): string | Buffer {
  const svg = renderLevelSvg(level, opts.cell !== undefined ? { cell: opts.cell } : {});
  return format === 'png' ? svgToPng(svg, PNG_SCALE) : svg;
}

/** Picture names of a pack's levels, in pack order: `NN-slug.svg|png` (pack-export.ts `numberedNames`). */
export function packPictureNames(titles: readonly string[], format: PictureFormat): string[] {
  return numberedNames(titles, `.${format}`);
}

/**
 * Picture names of level files: each file's name without `.level.json` (or
 * its last extension), as a slug (pack-export.ts `titleSlug`), then
 * `.svg|png`; a name met before (case-insensitive) gets `-2`, `-3`, ...
 */
export function filePictureNames(files: readonly string[], format: PictureFormat): string[] {
  const seen = new Set<string>();
  return files.map((f) => {
    const stem = titleSlug(
      basename(f)
        .replace(/\.level\.json$/i, '')
        .replace(/\.[^.]+$/, ''),
    );
    let name = `${stem}.${format}`;
    for (let k = 2; seen.has(name.toLowerCase()); k++) name = `${stem}-${k}.${format}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/**
 * Writes one level's picture to `target` (format from its extension, which
 * the caller checked): verified, placed without replacing anything unless
 * `replace`. Answers `{ok: true, bytes}` or a HostError (staged-output.ts
 * `writeNewFile`: `conflict`, `forbidden`, `io` with `reason` and cause,
 * `not-found`, `verify-failed`; `internal` when the PNG cannot be drawn).
 * Never throws.
 */
export async function writePicture(
  target: string,
  level: Level,
  opts: { label: string; replace?: boolean; cell?: number; afterTempWrite?: (tempPath: string) => Promise<void> | void },
): Promise<{ ok: true; bytes: number } | HostError> {
  const format = pictureFormatOf(target) ?? 'svg';
  let data: string | Buffer;
  try {
    data = renderPicture(level, format, opts);
  } catch (e) {
    return { ok: false, code: 'internal', message: `PNG rendering failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  return writeNewFile(target, data, {
    label: opts.label,
    ...(opts.replace ? { replace: true } : {}),
    ...(opts.afterTempWrite ? { afterTempWrite: opts.afterTempWrite } : {}),
  });
}

/**
 * Writes one picture per item into a new folder at `target`, all-or-nothing
 * (staged-output.ts `writeNewFolder`): every picture is drawn and written
 * into the hidden staging folder, the folder is checked (it holds exactly
 * the planned names), then moved into place. `items` carry unique `name`s.
 * Answers `{ok: true, files, bytes}` or a HostError as `writeNewFolder`
 * (never replaces an existing folder: `conflict`), `internal` when a PNG
 * cannot be drawn. Never throws.
 */
export async function writePictureFolder(
  target: string,
  items: readonly { name: string; level: Level }[],
  format: PictureFormat,
  opts: { label: string; cell?: number; hooks?: StageHooks },
): Promise<{ ok: true; files: number; bytes: number } | HostError> {
  return writeNewFolder(
    target,
    async (stage) => {
      for (const item of items) {
        await stage.tick();
        let data: string | Buffer;
        try {
          data = renderPicture(item.level, format, opts);
        } catch (e) {
          return { ok: false, code: 'internal', message: `PNG rendering of ${item.name} failed: ${e instanceof Error ? e.message : String(e)}` };
        }
        await stage.write(item.name, data);
      }
      return undefined;
    },
    async (dir) => {
      const names = (await fs.readdir(dir)).sort();
      const planned = items.map((i) => i.name).sort();
      if (names.length !== planned.length || names.some((n, k) => n !== planned[k])) {
        return {
          ok: false,
          code: 'verify-failed',
          message: `The pictures written for ${opts.label} are not the ones planned; nothing was placed under that name.`,
        };
      }
      return undefined;
    },
    { label: opts.label, ...(opts.hooks ? { hooks: opts.hooks } : {}) },
  );
}
