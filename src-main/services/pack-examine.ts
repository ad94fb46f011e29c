/**
 * The per-level work of loading a pack (pack-load.ts): parse a level's
 * JSON, check it (schema, rules, stored solution: `validateDocumentHashed`),
 * hash it once, check its ruleset against the pack's, and make its
 * duplicates key (pack/duplicates.ts `alikeKey`). The same code runs on
 * the host's loop (small packs, one level at a time) and in worker threads
 * (solve-worker.ts, message `pack-examine`: big packs, many levels per
 * message, files read there with blocking reads that hold up only the
 * worker).
 */
import { packRulesetIssue } from '../../src-shared/format/load.js';
import type { Level } from '../../src-shared/model/level.js';
import { alikeKey } from '../../src-shared/pack/duplicates.js';
import { validateDocumentHashed } from '../../src-shared/rulesets/index.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import { statSync } from 'node:fs';
import { readBoundedTextSync } from './bounded-read.js';

/** One level examined: the level when it passed the schema check, its issues, hash and duplicates key; `error` when it cannot be used. */
export interface ExaminedLevel {
  level?: Level;
  issues: Issue[];
  hash?: string;
  key?: string;
  error?: string;
}

/**
 * What a worker answers for one level: the level examined (with the `stamp`
 * of the file it read), `{same: true}` when the file's stamp is the one the
 * host already knows (the host's copy is current: nothing was read), or
 * `{retry: true}` for a file it could not read (the host reads it itself,
 * for the exact message).
 */
export type ExamineAnswer = (ExaminedLevel & { stamp?: string }) | { same: true } | { retry: true };

/**
 * The identity of a file's current content as far as `stat` tells
 * (device, inode, size, modification and change times): a file replaced or
 * written since (an atomic save renames a new file in: new inode) gets
 * another stamp. Undefined when it cannot be stat'ed.
 */
export function fileStamp(path: string): string | undefined {
  try {
    const st = statSync(path, { bigint: true });
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/** JSON.parse of a level file's text (a leading BOM ignored), or the level's error. */
export function parseLevelJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch (e) {
    return { ok: false, error: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Examines a parsed level value of a pack of ruleset `packRuleset` (see the file comment). Never throws. */
export function examineValue(value: unknown, packRuleset: string): ExaminedLevel {
  const { level, issues, hash } = validateDocumentHashed(value);
  if (!level) return { issues, error: issues[0]?.message ?? 'not a level' };
  const mismatch = packRulesetIssue(packRuleset, level.ruleset, '/ruleset');
  if (mismatch) issues.push(mismatch);
  const firstError = issues.find((i) => i.severity === 'error');
  const key = firstError ? undefined : alikeKey(level);
  return {
    level,
    issues,
    ...(hash !== undefined ? { hash } : {}),
    ...(key !== undefined ? { key } : {}),
    ...(firstError ? { error: `${firstError.code}: ${firstError.message}` } : {}),
  };
}

/** Examines a level's JSON text. */
export function examineText(text: string, packRuleset: string): ExaminedLevel {
  const parsed = parseLevelJson(text);
  return parsed.ok ? examineValue(parsed.value, packRuleset) : { issues: [], error: parsed.error };
}

/**
 * A worker's job: level files (absolute, already confined paths), read
 * with blocking bounded reads (bounded-read.ts `readBoundedTextSync`: regular
 * files only, at most `maxBytes`), or level texts. `stamps[i]`: the stamp
 * (`fileStamp`) of the host's copy of file i, if any; a file whose stamp is
 * unchanged is not read (`{same: true}`). A file that cannot be read
 * answers `{retry: true}`.
 */
export function examineBatch(job: { files?: string[]; stamps?: (string | null)[]; texts?: string[]; ruleset: string; maxBytes: number }): ExamineAnswer[] {
  if (job.texts) return job.texts.map((t) => examineText(t, job.ruleset));
  return (job.files ?? []).map((path, i) => {
    // Stamped before the read: a file changed meanwhile gets another stamp next time, and is read again.
    const stamp = fileStamp(path);
    if (stamp !== undefined && stamp === job.stamps?.[i]) return { same: true };
    const text = readBoundedTextSync(path, job.maxBytes);
    if (text === undefined) return { retry: true };
    return { ...examineText(text, job.ruleset), ...(stamp !== undefined ? { stamp } : {}) };
  });
}
