/**
 * Loading packs from disk (LEVEL-FORMAT-v1 "Pack"): a folder holding
 * `pack.json` and the level files it names, or one exported `*.pack.json`
 * with the levels embedded. Exports are written by pack-export.ts.
 */
import { promises as fs } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { MAX_PACK_FILE_BYTES } from '../../src-shared/format/limits.js';
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
