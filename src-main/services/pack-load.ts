/**
 * The one pack loader, shared by the host (pack-confine.ts `loadConfined`:
 * paths confined to the workspace or the granted roots) and the command
 * line (pack-files.ts `loadPack`: level files kept inside the pack folder);
 * only the way an entry's file is found and read differs (`EntryReader`).
 *
 * Built for packs of 10,000 levels without holding up the host's event
 * loop (a pack of at most MAX_PACK_LEVELS levels, format/limits.ts):
 * - the manifest is checked on the loop when small, in a worker thread
 *   above MANIFEST_WORKER_CHARS (pack-parse.ts; a 10,000-entry
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
import type { Level, PackFile } from '../../src-shared/model/level.js';
import { findAlikeSteps, type AlikePair } from '../../src-shared/pack/duplicates.js';
import { issue, type Issue } from '../../src-shared/validation/issue.js';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { readBoundedText } from './bounded-read.js';
import { MAX_LEVEL_FILE_BYTES } from './level-files.js';
import { mapConcurrent, runSteps, Slicer } from './loop-slices.js';
import { examineText, examineValue, type ExamineAnswer, type ExaminedLevel } from './pack-examine.js';
import { checkManifestText, type ManifestAnswer } from './pack-parse.js';
import { spawnSolveWorker } from './solve-runner.js';

/** A manifest text longer than this (UTF-16 units) is checked in a worker thread. */
export const MANIFEST_WORKER_CHARS = 64 * 1024;
/** Level files confined or read at once on the loop. */
export const READ_CONCURRENCY = 16;
/** A pack of this many levels or more is examined in worker threads. */
export const WORKER_LEVELS = 200;
/** Levels per message to an examining worker. */
export const EXAMINE_BATCH = 100;
/** Most examining workers at once (and at most one per core). */
export const MAX_EXAMINE_WORKERS = 4;

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

/** How the level files of a folder pack are confined (the host: workspace or granted roots; the CLI: the pack folder). */
export interface EntryReader {
  /** The absolute path to read for the entry's file (`file` as the manifest names it), or why it cannot be used (one line, the level's error). */
  resolve(file: string): Promise<{ ok: true; path: string } | { ok: false; error: string }>;
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

/** Most levels the host keeps examined between loads (EXAMINED). */
export const EXAMINED_CACHE_LEVELS = 20_000;

/**
 * The levels this host examined (pack-examine.ts), by ruleset and confined
 * path, with the stamp of the file read (`fileStamp`): a later load of a
 * big pack (open again, verify, export, a manifest change) asks its workers
 * to read only the files whose stamp changed. At most EXAMINED_CACHE_LEVELS
 * (the least recently used go first). The levels are shared between loads:
 * read-only.
 */
const EXAMINED = new Map<string, { stamp: string; examined: ExaminedLevel }>();

function examinedKey(ruleset: string, path: string): string {
  return `${ruleset}\0${path}`;
}

function remember(key: string, stamp: string, examined: ExaminedLevel): void {
  EXAMINED.delete(key);
  EXAMINED.set(key, { stamp, examined });
  while (EXAMINED.size > EXAMINED_CACHE_LEVELS) EXAMINED.delete(EXAMINED.keys().next().value!);
}

/** A level to examine: a confined file to read, a JSON text, or a parsed value (small single-file packs). */
type Source = { index: number; path: string } | { index: number; text: string } | { index: number; value: unknown };

/**
 * Examines `sources` in worker threads (solve-worker.ts `pack-examine`),
 * EXAMINE_BATCH levels per message, at most one worker per core; calls
 * `done` for each answer (on the host's loop, one message at a time).
 * Sources a worker could not take (no worker, a worker that failed) are
 * answered `{retry: true}`: the caller examines them itself.
 */
async function examineInWorkers(
  sources: Source[],
  ruleset: string,
  done: (index: number, a: ExamineAnswer) => void,
  stampOf: (path: string) => string | undefined = () => undefined,
): Promise<void> {
  const batches: Source[][] = [];
  for (let i = 0; i < sources.length; i += EXAMINE_BATCH) batches.push(sources.slice(i, i + EXAMINE_BATCH));
  let next = 0;
  const lane = async (): Promise<void> => {
    let worker: Worker | undefined;
    try {
      worker = spawnSolveWorker();
    } catch {
      return;
    }
    const w = worker;
    try {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const answers = await new Promise<ExamineAnswer[] | undefined>((resolve) => {
          const off = (): void => {
            w.removeAllListeners('message');
            w.removeAllListeners('error');
            w.removeAllListeners('exit');
          };
          w.on('message', (m: { type?: string; answers?: ExamineAnswer[] }) => {
            if (m?.type !== 'pack-examined' && m?.type !== 'error') return;
            off();
            resolve(m.type === 'pack-examined' ? m.answers : undefined);
          });
          w.on('error', () => (off(), resolve(undefined)));
          w.on('exit', () => (off(), resolve(undefined)));
          const files = batch.every((x) => 'path' in x);
          w.postMessage({
            type: 'pack-examine',
            ruleset,
            maxBytes: MAX_LEVEL_FILE_BYTES,
            ...(files
              ? { files: batch.map((x) => (x as { path: string }).path), stamps: batch.map((x) => stampOf((x as { path: string }).path) ?? null) }
              : { texts: batch.map((x) => ('text' in x ? x.text : JSON.stringify((x as { value: unknown }).value))) }),
          });
        });
        batch.forEach((x, k) => done(x.index, answers?.[k] ?? { retry: true }));
        if (!answers) return;
      }
    } finally {
      w.removeAllListeners();
      w.on('error', () => {});
      void w.terminate().catch(() => 0);
    }
  };
  const lanes = Math.max(1, Math.min(availableParallelism(), MAX_EXAMINE_WORKERS, Math.ceil(sources.length / (4 * EXAMINE_BATCH))));
  await Promise.all(Array.from({ length: lanes }, lane));
  // Batches no worker took (none could start, or all failed): the caller examines them.
  while (next < batches.length) for (const x of batches[next++]!) done(x.index, { retry: true });
}

/**
 * Loads every level of a checked manifest (`parseManifest`): folder-form
 * entries through `reader` (confinement), embedded levels from the
 * manifest. Each level is examined once (pack-examine.ts): in worker threads
 * for a pack of WORKER_LEVELS levels or more, else on the loop in slices.
 * `cache` (the host): a big pack's files examined by an earlier load and
 * unchanged since (same `fileStamp`) are not read again (EXAMINED).
 * Answers the LoadedPack (levels in manifest order, each with its `hash`;
 * the alike pairs in `alike`); for a worker-checked single-file pack,
 * `pack.levels` gets its embedded levels back.
 */
export async function loadPackLevels(
  manifest: { pack: PackFile; texts?: (string | undefined)[] },
  form: 'folder' | 'file',
  root: string,
  reader: EntryReader,
  opts: { sliceMs?: number; concurrency?: number; workers?: boolean; cache?: boolean } = {},
): Promise<LoadedPack> {
  const { pack, texts } = manifest;
  const slicer = new Slicer(opts.sliceMs);
  const entries = pack.levels;
  const levels = new Array<LoadedPackLevel>(entries.length);
  const keys = new Array<string | undefined>(entries.length);
  const nameOf = (i: number): string => {
    const e = entries[i]!;
    return 'file' in e ? e.file : `#${i + 1}`;
  };
  const put = (index: number, x: ExaminedLevel): void => {
    const e = entries[index]!;
    const name = nameOf(index);
    levels[index] = {
      index,
      name,
      title: e.title ?? x.level?.meta.title ?? name,
      ...(e.tier !== undefined ? { tier: e.tier } : {}),
      ...(x.level ? { level: x.level } : {}),
      issues: x.issues,
      ...(x.hash !== undefined ? { hash: x.hash } : {}),
      ...(x.error !== undefined ? { error: x.error } : {}),
    };
    keys[index] = x.key;
  };

  // 1. Where each level comes from: folder entries confined one by one (the reader), embedded ones from the manifest.
  const sources: Source[] = [];
  await mapConcurrent(entries, opts.concurrency ?? READ_CONCURRENCY, async (entry, index) => {
    await slicer.tick();
    if ('file' in entry) {
      const at = await reader.resolve(entry.file);
      if (at.ok) sources.push({ index, path: at.path });
      else put(index, { issues: [], error: at.error });
    } else {
      const text = texts?.[index];
      sources.push(text !== undefined ? { index, text } : { index, value: entry.level });
    }
  });
  sources.sort((a, b) => a.index - b.index);

  // 2. Examined: in workers for a big pack, else (and whatever a worker could not take) here, in slices.
  const retry: Source[] = [];
  if (opts.workers !== false && sources.length >= WORKER_LEVELS) {
    const byIndex = new Map(sources.map((x) => [x.index, x]));
    /** The host's copies the workers were told about (kept here: the cache may drop them meanwhile). */
    const known = new Map<string, { stamp: string; examined: ExaminedLevel }>();
    const stampOf = (path: string): string | undefined => {
      if (!opts.cache) return undefined;
      const hit = EXAMINED.get(examinedKey(pack.ruleset, path));
      if (hit) known.set(path, hit);
      return hit?.stamp;
    };
    await examineInWorkers(
      sources,
      pack.ruleset,
      (index, a) => {
        const src = byIndex.get(index)!;
        const path = 'path' in src ? src.path : undefined;
        if ('retry' in a) retry.push(src);
        else if ('same' in a) {
          const hit = path !== undefined ? known.get(path) : undefined;
          if (hit) {
            remember(examinedKey(pack.ruleset, path!), hit.stamp, hit.examined);
            put(index, hit.examined);
          } else retry.push(src);
        } else {
          const { stamp, ...examined } = a;
          if (opts.cache && path !== undefined && stamp !== undefined) remember(examinedKey(pack.ruleset, path), stamp, examined);
          put(index, examined);
        }
      },
      stampOf,
    );
  } else retry.push(...sources);
  await mapConcurrent(retry, opts.concurrency ?? READ_CONCURRENCY, async (src) => {
    await slicer.tick();
    if ('path' in src) {
      const t = await readBoundedText(src.path, { maxBytes: MAX_LEVEL_FILE_BYTES });
      put(src.index, t.ok ? examineText(t.text, pack.ruleset) : { issues: [], error: t.message });
    } else put(src.index, 'text' in src ? examineText(src.text, pack.ruleset) : examineValue(src.value, pack.ruleset));
  });

  // The embedded levels back in their entries (a worker-checked manifest sent them as texts).
  if (texts) {
    entries.forEach((e, i) => {
      if (!('file' in e) && texts[i] !== undefined) (entries as PackFile['levels'])[i] = { ...e, level: (levels[i]!.level ?? JSON.parse(texts[i]!)) as Level };
    });
  }

  // 3. Duplicates, from the hashes and keys made while examining.
  const usable = levels.map((l) => (l.level && !l.error ? l.level : undefined));
  const alike =
    (await runSteps(
      findAlikeSteps(
        usable,
        levels.map((l) => l.hash),
        keys,
      ),
      opts,
    )) ?? [];
  return { pack, form, root, levels, alike };
}
