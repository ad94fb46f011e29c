/**
 * Pack export (the CLI's `pack export` / `pack pdf`, the host's
 * `packExport`): one loaded pack written all-or-nothing (staged-output.ts)
 * in the form its output name chooses (`exportKindOf`):
 * - `*.pack.json`: one file, the levels embedded (LEVEL-FORMAT-v1 "Pack",
 *   single-file form);
 * - `*.pdf`: the printable PDF (pack-pdf.ts, the same as `pack pdf`);
 * - `*.html`: one self-contained web page that plays the pack in a browser
 *   (pack-export-html.ts, player-page.ts);
 * - a name without an extension: a new folder with `pack.json` and
 *   `levels/NN-slug.level.json` in pack order;
 * - any other extension is refused (`bad-output`).
 *
 * Before anything is placed the written output is checked: every file is
 * read back (atomic-file.ts), and the pack is re-loaded from what was
 * written (every level parses, passes the schema and equals the level it
 * was written from; the manifest names them in order). A PDF is checked
 * for its header and trailer. The work yields to the event loop between
 * small steps (loop-yield.ts), so a host keeps answering while it exports
 * a pack of 10,000 levels; the host builds PDFs on a worker thread
 * (pdf-runner.ts).
 */
import type { HostError } from '../../src-shared/host/contract.js';
import { checkLevelObject, checkPackObject } from '../../src-shared/format/load.js';
import { solutionIsCurrent } from '../../src-shared/format/level-hash.js';
import { serializeLevel, serializePack, serializePackPieces } from '../../src-shared/format/serialize.js';
import type { Level, PackFile } from '../../src-shared/model/level.js';
import { readRegularFile } from './bounded-read.js';
import { loopYielder, type Yielder } from './loop-yield.js';
import type { LoadedPack, LoadedPackLevel } from './pack-files.js';
import { buildPackPdf } from './pack-pdf.js';
import { buildPackPdfOffThread } from './pdf-runner.js';
import { writeNewFile, writeNewFolder, type StageHooks } from './staged-output.js';
import { exportHtml } from './pack-export-html.js';
import { join } from 'node:path';

/** The output forms of an export (see the module doc). */
export type ExportKind = 'folder' | 'file' | 'pdf' | 'html';

/** What `-o` / `out` may name, for messages. */
export const EXPORT_TARGETS =
  'a name ending in .pack.json (one file with the levels inside), .pdf (the printable PDF), .html (a web page that plays the pack), or a folder name without an extension';

/** The last segment of a path (`a/b/` -> `b`), either separator. */
function lastName(p: string): string {
  const t = p.replace(/[\\/]+$/, '');
  return t.slice(Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\')) + 1);
}

/**
 * The export form an output path names: `*.pack.json` -> `file`, `*.pdf` ->
 * `pdf`, `*.html` / `*.htm` -> `html` (case-insensitive), a name without an
 * extension (no final `.<letter><letters or digits>`) -> `folder`. Any
 * other extension answers `{code: 'bad-output', message}` naming it and the
 * forms above (`.json`, `.zip`: no such export exists). Pure.
 */
export function exportKindOf(out: string): { ok: true; kind: ExportKind } | { ok: false; code: 'bad-output'; message: string } {
  const name = lastName(out);
  const lower = name.toLowerCase();
  if (lower.endsWith('.pack.json') && lower.length > '.pack.json'.length) return { ok: true, kind: 'file' };
  if (lower.endsWith('.pdf') && lower.length > '.pdf'.length) return { ok: true, kind: 'pdf' };
  if (/.\.html?$/.test(lower)) return { ok: true, kind: 'html' };
  const ext = /\.([A-Za-z][A-Za-z0-9]{0,9})$/.exec(name);
  if (!ext || ext.index === 0) return { ok: true, kind: 'folder' };
  const hint = lower.endsWith('.json') ? ' (a pack file must end in .pack.json)' : '';
  return { ok: false, code: 'bad-output', message: `${out}: there is no .${ext[1]} export${hint}; choose ${EXPORT_TARGETS}.` };
}

/**
 * Export problems (the export rule of the CLI and the host): one line per
 * level that is invalid, has a stale solution (its levelHash no longer
 * matches) or is a draft (no proved solution); empty when the pack is
 * clean. Checked without solving; yields between levels (`tick`).
 */
export async function exportProblems(loaded: LoadedPack, tick: Yielder = loopYielder()): Promise<string[]> {
  const problems: string[] = [];
  for (const l of loaded.levels) {
    await tick();
    if (!l.level || l.error) problems.push(`#${l.index + 1} ${l.title}: invalid (${l.error ?? 'not a level'})`);
    else if (l.level.solution && !(l.hash !== undefined ? l.level.solution.levelHash === l.hash : solutionIsCurrent(l.level)))
      problems.push(`#${l.index + 1} ${l.title}: stale solution`);
    else if (!l.level.solution || l.level.draft) problems.push(`#${l.index + 1} ${l.title}: draft (no proved solution)`);
  }
  return problems;
}

/**
 * The levels an export cannot write: entries whose file could not be read,
 * or whose document fails the schema (no level to write), one line each
 * (`#n title: cannot be read (why)`). `force` exports drafts, stale and
 * rule-breaking levels, never fewer levels than the pack holds: the host and
 * the CLI refuse the export while this list is not empty (all-or-nothing:
 * the exported pack is the whole pack).
 */
export function unwritableLevels(loaded: LoadedPack): string[] {
  return loaded.levels.filter((l) => !l.level).map((l) => `#${l.index + 1} ${l.title}: cannot be read (${l.error ?? 'not a level'})`);
}

/** A title as a file-name slug: lower case ASCII letters and digits joined by `-`, at most 40 characters, `level` when empty. */
export function titleSlug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'level'
  );
}

/**
 * File names for items in pack order: `NN-slug<suffix>`, numbered from 1
 * with at least two digits (as many as the count needs: `001-…` for 100 or
 * more), the slug from each title (`titleSlug`). Unique by construction.
 */
export function numberedNames(titles: readonly string[], suffix: string): string[] {
  const width = Math.max(2, String(titles.length).length);
  return titles.map((t, i) => `${String(i + 1).padStart(width, '0')}-${titleSlug(t)}${suffix}`);
}

/** The levels an export writes: those that loaded (an invalid level that loaded is written when forced). */
function exported(loaded: LoadedPack): (LoadedPackLevel & { level: Level })[] {
  return loaded.levels.filter((l): l is LoadedPackLevel & { level: Level } => l.level !== undefined);
}

/** The manifest of the export: the source pack with `levels` replaced. */
function manifestWith(loaded: LoadedPack, levels: PackFile['levels']): PackFile {
  return { ...loaded.pack, levels };
}

export interface ExportOptions {
  /** The output as the user named it (messages name it). */
  label: string;
  /** Where the PDF is built: `worker` (hosts: a worker thread) or `inline` (the CLI; default). */
  pdf?: 'worker' | 'inline';
  /** The web page offers "Show solution" with the stored solutions (default true). */
  solutions?: boolean;
  /** Replace an existing PDF file (`pack pdf --force`); folders and pack files are never replaced. */
  replace?: boolean;
  /** Test hooks (fault injection) of the folder form. */
  hooks?: StageHooks;
  /** Test hook of the file forms: after the temp file is written. */
  afterTempWrite?: (tempPath: string) => Promise<void> | void;
}

export interface ExportDone {
  ok: true;
  kind: ExportKind;
  /** Files placed (folder: pack.json + levels; file / pdf: 1). */
  files: number;
  /** Levels written. */
  levels: number;
  bytes: number;
  /** The web page: bytes of the page without its levels (the player's code). */
  codeBytes?: number;
}

/** A `verify-failed` answer: the written export does not load back as the pack. */
function notLoading(label: string, why: string): HostError {
  return {
    ok: false,
    code: 'verify-failed',
    message: `The export ${label} was written but does not load back as the pack (${why}); nothing was placed under that name.`,
  };
}

/**
 * Writes `loaded` to the absolute path `target` in the form `kind`
 * (`exportKindOf`), all-or-nothing and checked (see the module doc). The
 * caller has applied the export rule (`exportProblems`). Answers
 * `ExportDone` or a HostError (staged-output.ts `writeNewFolder` /
 * `writeNewFile`: `conflict`, `forbidden`, `io` with `reason` and the
 * cause, `not-found`, `verify-failed`; `internal` when the PDF cannot be
 * drawn). Never throws.
 */
export async function exportPack(loaded: LoadedPack, target: string, kind: ExportKind, opts: ExportOptions): Promise<ExportDone | HostError> {
  try {
    if (kind === 'folder') return await exportFolder(loaded, target, opts);
    if (kind === 'file') return await exportFile(loaded, target, opts);
    if (kind === 'html') {
      const w = await exportHtml(loaded, target, {
        label: opts.label,
        ...(opts.solutions !== undefined ? { solutions: opts.solutions } : {}),
        ...(opts.afterTempWrite ? { afterTempWrite: opts.afterTempWrite } : {}),
      });
      return w.ok ? { ...w, kind: 'html' } : w;
    }
    return await exportPdf(loaded, target, opts);
  } catch (err) {
    return { ok: false, code: 'internal', message: `Export of ${opts.label} failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

async function exportFolder(loaded: LoadedPack, target: string, opts: ExportOptions): Promise<ExportDone | HostError> {
  const levels = exported(loaded);
  const names = numberedNames(
    levels.map((l) => l.level.meta.title),
    '.level.json',
  );
  const entries: PackFile['levels'] = levels.map((l, k) => ({ file: `levels/${names[k]}`, ...(l.tier ? { tier: l.tier } : {}) }));
  const manifest = manifestWith(loaded, entries);
  const w = await writeNewFolder(
    target,
    async (stage) => {
      for (const [k, l] of levels.entries()) {
        await stage.tick();
        await stage.write(`levels/${names[k]}`, serializeLevel(l.level));
      }
      let text = '';
      for (const piece of serializePackPieces(manifest)) {
        text += piece.text;
        await stage.tick();
      }
      await stage.write('pack.json', text);
      return undefined;
    },
    (dir, tick) => verifyFolder(dir, manifest, levels, opts.label, tick),
    { label: opts.label, ...(opts.hooks ? { hooks: opts.hooks } : {}) },
  );
  if (!w.ok) return w;
  return { ok: true, kind: 'folder', files: w.files, levels: levels.length, bytes: w.bytes };
}

/** Re-loads the staged folder export: pack.json names the planned files in order, each level equals its source. */
async function verifyFolder(dir: string, manifest: PackFile, levels: { level: Level }[], label: string, tick: Yielder): Promise<HostError | undefined> {
  const read = await readRegularFile(join(dir, 'pack.json'), 64 * 1024 * 1024);
  if (!read.ok) return notLoading(label, `pack.json: ${read.message}`);
  let value: unknown;
  try {
    value = JSON.parse(read.bytes.toString('utf8'));
  } catch (e) {
    return notLoading(label, `pack.json is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  await tick();
  // The header through the schema; the entries one at a time against the planned ones (a schema check of
  // 10,000 entries at once would hold the event loop).
  const raw = value as { levels?: unknown };
  const entries = typeof value === 'object' && value !== null && Array.isArray(raw.levels) ? (raw.levels as unknown[]) : undefined;
  if (!entries) return notLoading(label, 'pack.json has no list of levels');
  const head = checkPackObject({ ...(value as object), levels: [] });
  if (!head.ok) return notLoading(label, `pack.json: ${head.error[0]?.message ?? 'schema check failed'}`);
  if (serializePack(head.value) !== serializePack({ ...manifest, levels: [] })) return notLoading(label, 'pack.json differs');
  if (entries.length !== levels.length) return notLoading(label, `pack.json names ${entries.length} levels, not ${levels.length}`);
  for (const [k, e] of entries.entries()) {
    await tick();
    const entry = e as { file?: unknown; tier?: unknown };
    const planned = manifest.levels[k]!;
    if (!('file' in planned) || typeof entry !== 'object' || entry === null || entry.file !== planned.file || entry.tier !== planned.tier) {
      return notLoading(label, `entry ${k + 1} of pack.json differs`);
    }
    if (Object.keys(entry).some((key) => key !== 'file' && key !== 'tier')) return notLoading(label, `entry ${k + 1} of pack.json differs`);
    const expected = serializeLevel(levels[k]!.level);
    const bytes = await readRegularFile(join(dir, ...planned.file.split('/')), Buffer.byteLength(expected) + 1);
    if (!bytes.ok) return notLoading(label, `${planned.file}: ${bytes.message}`);
    const problem = levelTextProblem(bytes.bytes.toString('utf8'), expected);
    if (problem) return notLoading(label, `${planned.file}: ${problem}`);
  }
  return undefined;
}

/** Why the JSON text `text` does not load as the level serialized as `expected`, or undefined. */
function levelTextProblem(text: string, expected: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return `not JSON: ${e instanceof Error ? e.message : String(e)}`;
  }
  return levelProblem(value, expected);
}

/** Why the parsed `value` does not load as the level serialized as `expected`, or undefined. */
function levelProblem(value: unknown, expected: string): string | undefined {
  const lv = checkLevelObject(value);
  if (!lv.ok) return lv.error[0]?.message ?? 'not a level';
  return serializeLevel(lv.value) === expected ? undefined : 'the level differs from the one exported';
}

async function exportFile(loaded: LoadedPack, target: string, opts: ExportOptions): Promise<ExportDone | HostError> {
  const levels = exported(loaded);
  const manifest = manifestWith(
    loaded,
    levels.map((l) => ({ ...(l.tier ? { tier: l.tier } : {}), level: l.level })),
  );
  const tick = loopYielder();
  const parts: string[] = [];
  /** [start, end) of each entry's JSON value in the joined text. */
  const spans: [number, number][] = [];
  let at = 0;
  for (const piece of serializePackPieces(manifest)) {
    if (piece.value) spans.push([at + piece.value[0], at + piece.value[1]]);
    parts.push(piece.text);
    at += piece.text.length;
    await tick();
  }
  const text = parts.join('');
  const w = await writeNewFile(target, text, {
    label: opts.label,
    checkTemp: (bytes) => verifyFile(bytes, spans, manifest, levels, opts.label, tick),
    ...(opts.afterTempWrite ? { afterTempWrite: opts.afterTempWrite } : {}),
  });
  if (!w.ok) return w;
  return { ok: true, kind: 'file', files: 1, levels: levels.length, bytes: w.bytes };
}

/**
 * Re-loads the single-file export from the temp file's bytes, an entry at a
 * time: the text outside the entries is the manifest's header with an
 * empty `levels`, the entries are separated by commas only, and each entry
 * holds its tier and a level equal to its source.
 */
async function verifyFile(
  bytes: Buffer,
  spans: [number, number][],
  manifest: PackFile,
  levels: { level: Level; tier?: string }[],
  label: string,
  tick: Yielder,
): Promise<HostError | undefined> {
  const text = bytes.toString('utf8');
  await tick();
  if (spans.length !== levels.length) return notLoading(label, 'the entries were not all written');
  const skeleton = spans.length === 0 ? text : text.slice(0, spans[0]![0]) + text.slice(spans[spans.length - 1]![1]);
  let head: unknown;
  try {
    head = JSON.parse(skeleton);
  } catch (e) {
    return notLoading(label, `not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const pack = checkPackObject(head);
  if (!pack.ok) return notLoading(label, pack.error[0]?.message ?? 'schema check failed');
  if (serializePack({ ...pack.value, levels: [] }) !== serializePack({ ...manifest, levels: [] })) return notLoading(label, 'the pack header differs');
  for (let k = 0; k < spans.length; k++) {
    await tick();
    if (k > 0 && !/^,\s*$/.test(text.slice(spans[k - 1]![1], spans[k]![0]))) return notLoading(label, `before entry ${k + 1}`);
    let entry: unknown;
    try {
      entry = JSON.parse(text.slice(spans[k]![0], spans[k]![1]));
    } catch (e) {
      return notLoading(label, `entry ${k + 1} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    const e = entry as { tier?: unknown; level?: unknown };
    if (typeof entry !== 'object' || entry === null || e.tier !== levels[k]!.tier) return notLoading(label, `entry ${k + 1} differs`);
    const problem = levelProblem(e.level, serializeLevel(levels[k]!.level));
    if (problem) return notLoading(label, `entry ${k + 1}: ${problem}`);
  }
  return undefined;
}

/** True when `bytes` look like a whole PDF: the `%PDF-` header and an `%%EOF` trailer. */
function isWholePdf(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 5).toString('latin1') === '%PDF-' &&
    bytes
      .subarray(Math.max(0, bytes.length - 1024))
      .toString('latin1')
      .includes('%%EOF')
  );
}

async function exportPdf(loaded: LoadedPack, target: string, opts: ExportOptions): Promise<ExportDone | HostError> {
  let pdf: Buffer;
  try {
    pdf = opts.pdf === 'worker' ? await buildPackPdfOffThread(loaded) : await buildPackPdf(loaded);
  } catch (err) {
    return { ok: false, code: 'internal', message: `The PDF of ${opts.label} could not be drawn: ${err instanceof Error ? err.message : String(err)}` };
  }
  const w = await writeNewFile(target, pdf, {
    label: opts.label,
    ...(opts.replace ? { replace: true } : {}),
    checkTemp: (bytes) => (isWholePdf(bytes) ? undefined : notLoading(opts.label, 'not a whole PDF')),
    ...(opts.afterTempWrite ? { afterTempWrite: opts.afterTempWrite } : {}),
  });
  if (!w.ok) return w;
  return { ok: true, kind: 'pdf', files: 1, levels: loaded.levels.length, bytes: w.bytes };
}
