/**
 * Loading and writing packs on disk (LEVEL-FORMAT-v1 "Pack"): a folder
 * holding `pack.json` and the level files it names, or one exported
 * `*.pack.json` with the levels embedded.
 */
import { promises as fs } from 'node:fs';
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { serializeLevel, serializePack } from '../../src-shared/format/serialize.js';
import { MAX_PACK_FILE_BYTES } from '../../src-shared/format/limits.js';
import type { PackFile } from '../../src-shared/model/level.js';
import { writeFileVerified } from './atomic-file.js';
import { readBoundedText } from './bounded-read.js';
import { loadPackLevels, parseManifest, type EntryReader, type LoadedPack } from './pack-load.js';
import type { ProofOutcome } from '../../src-shared/pack/status.js';
import type { WorkerSolveResult } from './solve-runner.js';

export type { LoadedPack, LoadedPackLevel } from './pack-load.js';

/**
 * Loads a pack from a folder (reads `DIR/pack.json`) or a pack file, with
 * the shared loader (pack-load.ts: the host's too). Level files must stay
 * inside the pack folder, links resolved: an entry that names a path
 * outside it, or a symbolic link (the file or a folder on its way) that
 * leads outside it, is refused with a `forbidden: ...` error naming the
 * entry, as the serve host refuses links that leave the workspace; it is
 * not read. Answers the pack, or a one-line error with its code
 * (`file-not-found`, `file-unreadable`, or the manifest's first issue code,
 * e.g. `json-syntax`, `pack-too-many-levels`). Per-level problems are
 * reported per level, not as a failure. Never throws.
 */
export async function loadPack(path: string): Promise<{ ok: true; value: LoadedPack } | { ok: false; message: string; code: string }> {
  let st;
  try {
    st = await fs.stat(path);
  } catch {
    return { ok: false, code: 'file-not-found', message: `${path} does not exist` };
  }
  const form = st.isDirectory() ? 'folder' : 'file';
  const packPath = form === 'folder' ? join(path, 'pack.json') : path;
  const root = form === 'folder' ? resolve(path) : dirname(resolve(path));
  const read = await readBoundedText(packPath, { maxBytes: MAX_PACK_FILE_BYTES });
  if (!read.ok) return { ok: false, code: read.code === 'not-found' ? 'file-not-found' : 'file-unreadable', message: read.message };
  const parsed = await parseManifest(read.text);
  if (!parsed.ok) {
    const i = parsed.issues[0];
    return {
      ok: false,
      code: i?.code ?? 'parse',
      message: `${packPath} is not a Castellan pack: ${i ? `${i.pointer ? `${i.pointer}: ` : ''}${i.message}` : 'schema check failed'}`,
    };
  }
  let realRoot: string | undefined;
  const reader: EntryReader = {
    async resolve(file) {
      const target = resolve(root, file);
      const rel = relative(root, target);
      if (isAbsolute(file) || rel.startsWith('..') || rel.split(sep).includes('..'))
        return { ok: false, error: `forbidden: ${file} lies outside the pack folder` };
      realRoot ??= await fs.realpath(root).catch(() => root);
      if (await leavesFolder(realRoot, target)) return { ok: false, error: `forbidden: ${file} is a symbolic link that leaves the pack folder` };
      return { ok: true, path: target };
    },
  };
  return { ok: true, value: await loadPackLevels(parsed, form, root, reader) };
}

/**
 * True when `target` (inside the pack folder by its path) resolves, links
 * followed, to a place outside `realRoot` (the folder's real path). A
 * missing target answers false (the read reports it).
 */
async function leavesFolder(realRoot: string, target: string): Promise<boolean> {
  let real: string;
  try {
    real = await fs.realpath(target);
  } catch {
    return false;
  }
  const rel = relative(realRoot, real);
  return rel === '' || isAbsolute(rel) || rel.split(sep)[0] === '..';
}

/** Where an export writes: every file path (absolute) and its content. */
export interface ExportPlan {
  files: { path: string; content: string }[];
}

/**
 * Plans an export of `loaded` to `out`: a `*.pack.json` target gets the
 * single-file form (levels embedded); anything else is a new folder with
 * `pack.json` and `levels/NN-slug.level.json`. Pure apart from path maths.
 */
export function planExport(loaded: LoadedPack, out: string): ExportPlan {
  const levels = loaded.levels.filter((l) => l.level);
  if (out.endsWith('.pack.json')) {
    const pack: PackFile = {
      ...loaded.pack,
      levels: levels.map((l) => ({ ...(l.tier ? { tier: l.tier } : {}), level: l.level! })),
    };
    return { files: [{ path: resolve(out), content: serializePack(pack) }] };
  }
  const files: ExportPlan['files'] = [];
  const entries = levels.map((l, k) => {
    const slug =
      (l.level!.meta.title || 'level')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 40) || 'level';
    const file = `levels/${String(k + 1).padStart(2, '0')}-${slug}.level.json`;
    files.push({ path: resolve(out, normalize(file)), content: serializeLevel(l.level!) });
    return { file, ...(l.tier ? { tier: l.tier } : {}) };
  });
  const pack: PackFile = { ...loaded.pack, levels: entries };
  files.unshift({ path: resolve(out, 'pack.json'), content: serializePack(pack) });
  return { files };
}

/**
 * Writes an export plan: refuses when `out` exists (never overwrites or
 * deletes anything), creates the folders, writes each file through
 * writeFileVerified (atomic, read back). Answers ok or a one-line error.
 */
export async function writeExport(out: string, plan: ExportPlan): Promise<{ ok: true; files: number } | { ok: false; message: string }> {
  try {
    await fs.lstat(out);
    return { ok: false, message: `${out} already exists; export never overwrites: choose a new path` };
  } catch {
    // absent: fine
  }
  try {
    for (const f of plan.files) {
      await fs.mkdir(dirname(f.path), { recursive: true });
      try {
        await fs.lstat(f.path);
        return { ok: false, message: `${f.path} already exists; export never overwrites` };
      } catch {
        // absent
      }
      const w = await writeFileVerified(f.path, f.content);
      if (!w.ok) return { ok: false, message: w.message };
    }
  } catch (e) {
    return { ok: false, message: `export failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { ok: true, files: plan.files.length };
}

/** The proof outcome classifyLevel needs, from a worker solve result. */
export function proofOf(r: WorkerSolveResult): ProofOutcome {
  switch (r.status) {
    case 'solved':
      return { status: 'solved', length: r.length, states: r.states };
    case 'unsolvable':
      return { status: 'unsolvable', states: r.states };
    case 'limit':
      return { status: 'limit', states: r.states, reason: r.reason };
    case 'invalid':
      return { status: 'invalid', message: r.issues.find((i) => i.severity === 'error')?.message };
    case 'error':
      return { status: 'error', message: r.message };
    default:
      return { status: 'cancelled' };
  }
}
