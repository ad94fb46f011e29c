/**
 * The one pack loader, shared by the host (pack-confine.ts `loadConfined`:
 * paths confined to the workspace or the granted roots) and the command
 * line (pack-files.ts `loadPack`: level files kept inside the pack folder);
 * only the way an entry's file is found and read differs (`EntryReader`).
 *
 * Built for packs of 10,000 levels without holding up the host's event
 * loop (a pack of at most MAX_PACK_LEVELS levels, format/limits.ts):
 * - the manifest is checked on the loop when small, in a worker thread
 *   above MANIFEST_WORKER_CHARS (pack-manifest.ts; a 10,000-entry
 *   `pack.json` or a single-file pack of embedded levels);
 * - level files are read READ_CONCURRENCY at a time (the reads overlap);
 * - each level is parsed, checked (schema, rules, stored solution) and
 *   hashed once (`validateDocumentHashed`), and the work runs in slices of
 *   a few milliseconds (loop-slices.ts), so other requests are answered in
 *   between;
 * - duplicates (pack/duplicates.ts) are found from those hashes, in slices
 *   too, once per load (`LoadedPack.alike`).
 * Per-level problems are reported per level (`error`), never as a failure
 * of the pack. Never throws.
 */
import { packRulesetIssue } from '../../src-shared/format/load.js';
import type { Level, PackFile } from '../../src-shared/model/level.js';
import { findAlikeSteps, type AlikePair } from '../../src-shared/pack/duplicates.js';
import { validateDocumentHashed } from '../../src-shared/rulesets/index.js';
import { issue, type Issue } from '../../src-shared/validation/issue.js';
import { mapConcurrent, runSteps, Slicer } from './loop-slices.js';
import { checkManifestText, type ManifestAnswer } from './pack-manifest.js';
import { spawnSolveWorker } from './solve-runner.js';

/** A manifest text longer than this (UTF-16 units) is checked in a worker thread. */
export const MANIFEST_WORKER_CHARS = 64 * 1024;
/** Level files read at once. */
export const READ_CONCURRENCY = 16;

/** One level of a loaded pack. `level` absent when it could not be loaded or fails the schema. */
export interface LoadedPackLevel {
  index: number;
  /** The entry's file (folder form) or `#n` (embedded). */
  name: string;
  tier?: string;
  title: string;
  level?: Level;
  /** Schema, rules (errors and warnings) and load issues. */
  issues: Issue[];
  /** One-line reason when the level cannot be used. */
  error?: string;
  /** `levelHash(level)`, computed once when the level was loaded (absent when it could not be hashed). */
  hash?: string;
}

export interface LoadedPack {
  pack: PackFile;
  /** 'folder' (pack.json + files) or 'file' (embedded). */
  form: 'folder' | 'file';
  /** The pack folder (folder form) or the file's folder. */
  root: string;
  levels: LoadedPackLevel[];
  /** Every later usable level alike to an earlier one (duplicates.ts), found when the pack was loaded. */
  alike?: AlikePair[];
}

/** How the levels' files of a folder pack are read: confinement included. */
export interface EntryReader {
  /** The text of the entry's file (`file` as the manifest names it), or why it cannot be used (one line, shown as the level's error). */
  read(file: string, index: number): Promise<{ ok: true; text: string } | { ok: false; error: string }>;
}

/**
 * Checks a manifest's text (`pack.json` / `*.pack.json`): on the event loop
 * when it is at most MANIFEST_WORKER_CHARS long, else in a worker thread
 * (the solve worker's `pack-parse` job), falling back to the loop when no
 * worker can be started. Never throws.
 */
export async function parseManifest(text: string): Promise<ManifestAnswer> {
  if (text.length <= MANIFEST_WORKER_CHARS) return checkManifestText(text, false);
  let worker;
  try {
    worker = spawnSolveWorker();
  } catch {
    return checkManifestText(text, false);
  }
  const w = worker;
  try {
    return await new Promise<ManifestAnswer>((resolve) => {
      w.on('message', (m: { type?: string; answer?: ManifestAnswer; message?: string }) => {
        if (m?.type === 'pack-parsed' && m.answer) resolve(m.answer);
        else if (m?.type === 'error')
          resolve({ ok: false, issues: [issue('error', 'internal-error', `The pack could not be checked: ${m.message ?? 'worker error'}`)] });
      });
      w.on('error', (e: unknown) => resolve({ ok: false, issues: [issue('error', 'internal-error', `The pack could not be checked: ${String(e)}`)] }));
      w.on('exit', () => resolve({ ok: false, issues: [issue('error', 'internal-error', 'The pack could not be checked: its worker stopped')] }));
      w.postMessage({ type: 'pack-parse', text });
    });
  } finally {
    w.removeAllListeners();
    w.on('error', () => {});
    void w.terminate().catch(() => 0);
  }
}

/** One level of a pack from its parsed value: schema, rules, stored solution, hash, the pack's ruleset. */
function examine(index: number, entry: { tier?: string; title?: string }, name: string, value: unknown, packRuleset: string): LoadedPackLevel {
  const base = { index, ...(entry.tier !== undefined ? { tier: entry.tier } : {}) };
  const { level, issues, hash } = validateDocumentHashed(value);
  const title = entry.title ?? level?.meta.title ?? name;
  if (!level) return { ...base, name, title, issues, error: issues[0]?.message ?? 'not a level' };
  const mismatch = packRulesetIssue(packRuleset, level.ruleset, '/ruleset');
  if (mismatch) issues.push(mismatch);
  const firstError = issues.find((i) => i.severity === 'error');
  return {
    ...base,
    name,
    title,
    level,
    issues,
    ...(hash !== undefined ? { hash } : {}),
    ...(firstError ? { error: `${firstError.code}: ${firstError.message}` } : {}),
  };
}

/** JSON.parse of a level file's text (a leading BOM ignored), or the level's error. */
function parseLevelJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch (e) {
    return { ok: false, error: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * Loads every level of a checked manifest (`parseManifest`): folder-form
 * entries through `reader`, embedded levels from the manifest. Answers the
 * LoadedPack (levels in manifest order, each with its `hash`; the alike
 * pairs in `alike`); for a worker-checked single-file pack, `pack.levels`
 * gets its embedded levels back. `signal` stops reading early (the levels
 * not read yet are reported as not loaded).
 */
export async function loadPackLevels(
  manifest: { pack: PackFile; texts?: (string | undefined)[] },
  form: 'folder' | 'file',
  root: string,
  reader: EntryReader,
  opts: { sliceMs?: number; concurrency?: number; signal?: AbortSignal } = {},
): Promise<LoadedPack> {
  const { pack, texts } = manifest;
  const slicer = new Slicer(opts.sliceMs);
  const entries = pack.levels;
  const levels = await mapConcurrent(entries, opts.concurrency ?? READ_CONCURRENCY, async (entry, index): Promise<LoadedPackLevel> => {
    await slicer.tick();
    const meta = { tier: entry.tier, title: entry.title };
    let name: string;
    let value: unknown;
    if ('file' in entry) {
      name = entry.file;
      const fail = (error: string): LoadedPackLevel => ({
        index,
        name,
        title: entry.title ?? name,
        issues: [],
        error,
        ...(entry.tier !== undefined ? { tier: entry.tier } : {}),
      });
      if (opts.signal?.aborted) return fail('not loaded (stopped)');
      const read = await reader.read(entry.file, index);
      if (!read.ok) return fail(read.error);
      const parsed = parseLevelJson(read.text);
      if (!parsed.ok) return fail(parsed.error);
      value = parsed.value;
    } else {
      name = `#${index + 1}`;
      const text = texts?.[index];
      if (text !== undefined) {
        const parsed = parseLevelJson(text);
        value = parsed.ok ? parsed.value : undefined;
      } else value = entry.level;
    }
    const l = examine(index, meta, name, value, pack.ruleset);
    if (!('file' in entry) && texts?.[index] !== undefined) {
      // The embedded level back in its entry (the worker sent it as text).
      (entries as PackFile['levels'])[index] = { ...entry, level: (l.level ?? value) as Level };
    }
    return l;
  });
  const usable = levels.map((l) => (l.level && !l.error ? l.level : undefined));
  const alike =
    (await runSteps(
      findAlikeSteps(
        usable,
        levels.map((l) => l.hash),
      ),
      opts,
    )) ?? [];
  return { pack, form, root, levels, alike };
}
