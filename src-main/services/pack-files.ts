/**
 * Loading packs from disk (LEVEL-FORMAT-v1 "Pack"): a folder holding
 * `pack.json` and the level files it names, or one exported `*.pack.json`
 * with the levels embedded. Exports are written by pack-export.ts.
 */
import { promises as fs } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { packRulesetIssue, parsePackText } from '../../src-shared/format/load.js';
import type { Level, PackFile } from '../../src-shared/model/level.js';
import { validateDocument } from '../../src-shared/rulesets/index.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import { readBoundedText } from './bounded-read.js';
import { MAX_LEVEL_FILE_BYTES } from './level-files.js';
import type { ProofOutcome } from '../../src-shared/pack/status.js';
import type { WorkerSolveResult } from './solve-runner.js';

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
}

export interface LoadedPack {
  pack: PackFile;
  /** 'folder' (pack.json + files) or 'file' (embedded). */
  form: 'folder' | 'file';
  /** The pack folder (folder form) or the file's folder. */
  root: string;
  levels: LoadedPackLevel[];
}

/**
 * Loads a pack from a folder (reads `DIR/pack.json`) or a pack file. Level
 * files must stay inside the pack folder, links resolved: an entry that
 * names a path outside it, or a symbolic link (the file or a folder on its
 * way) that leads outside it, is refused with a `forbidden: ...` error
 * naming the entry, as the serve host refuses links that leave the
 * workspace; it is not read. Answers the pack or a one-line
 * error (unreadable / not a pack). Per-level problems are reported per
 * level, not as a failure. Never throws.
 */
export async function loadPack(path: string): Promise<{ ok: true; value: LoadedPack } | { ok: false; message: string }> {
  let st;
  try {
    st = await fs.stat(path);
  } catch {
    return { ok: false, message: `${path} does not exist` };
  }
  const form = st.isDirectory() ? 'folder' : 'file';
  const packPath = form === 'folder' ? join(path, 'pack.json') : path;
  const root = form === 'folder' ? resolve(path) : dirname(resolve(path));
  const read = await readBoundedText(packPath);
  if (!read.ok) return { ok: false, message: read.message };
  const parsed = parsePackText(read.text);
  if (!parsed.ok) {
    const i = parsed.error[0];
    return { ok: false, message: `${packPath} is not a Castellan pack: ${i ? `${i.pointer ? `${i.pointer}: ` : ''}${i.message}` : 'schema check failed'}` };
  }
  const pack = parsed.value;
  const levels: LoadedPackLevel[] = [];
  for (const [index, entry] of pack.levels.entries()) {
    const base = { index, tier: entry.tier };
    let value: unknown;
    let name: string;
    if ('file' in entry) {
      name = entry.file;
      const target = resolve(root, entry.file);
      const rel = relative(root, target);
      if (isAbsolute(entry.file) || rel.startsWith('..') || rel.split(sep).includes('..')) {
        levels.push({ ...base, name, title: entry.title ?? name, issues: [], error: `forbidden: ${name} lies outside the pack folder` });
        continue;
      }
      if (await leavesFolder(root, target)) {
        levels.push({ ...base, name, title: entry.title ?? name, issues: [], error: `forbidden: ${name} is a symbolic link that leaves the pack folder` });
        continue;
      }
      const text = await readBoundedText(target, { maxBytes: MAX_LEVEL_FILE_BYTES });
      if (!text.ok) {
        levels.push({ ...base, name, title: entry.title ?? name, issues: [], error: text.message });
        continue;
      }
      try {
        value = JSON.parse(text.text.charCodeAt(0) === 0xfeff ? text.text.slice(1) : text.text);
      } catch (e) {
        levels.push({ ...base, name, title: entry.title ?? name, issues: [], error: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` });
        continue;
      }
    } else {
      name = `#${index + 1}`;
      value = entry.level;
    }
    const { level, issues } = validateDocument(value);
    const title = entry.title ?? level?.meta.title ?? name;
    if (!level) {
      levels.push({ ...base, name, title, issues, error: issues[0]?.message ?? 'not a level' });
      continue;
    }
    const mismatch = packRulesetIssue(pack.ruleset, level.ruleset, '/ruleset');
    if (mismatch) issues.push(mismatch);
    const firstError = issues.find((i) => i.severity === 'error');
    levels.push({ ...base, name, title, level, issues, error: firstError ? `${firstError.code}: ${firstError.message}` : undefined });
  }
  return { ok: true, value: { pack, form, root, levels } };
}

/**
 * True when `target` (inside `root` by its path) resolves, links followed,
 * to a place outside `root`'s real path. A missing target answers false
 * (the read reports it).
 */
async function leavesFolder(root: string, target: string): Promise<boolean> {
  let realRoot: string;
  let real: string;
  try {
    realRoot = await fs.realpath(root);
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
