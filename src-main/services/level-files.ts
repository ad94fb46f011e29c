/**
 * Opening level files for the editor.
 *
 * `openLevelFile(path)`: read (UTF-8, BOM tolerated) -> JSON.parse ->
 * `validateDocument` (schema + migration, then the ruleset's builder rules).
 * A file that is a level but breaks builder rules still opens, with its
 * issues, so the user can fix it; only unreadable files (`not-found`, `io`),
 * non-JSON and non-level / schema-invalid files (`parse`, with issues) are
 * refused.
 */
import type { FileRevision, HostError, OpenedLevel } from '../../src-shared/host/contract.js';
import { parseLevelText } from '../../src-shared/format/load.js';
import { validateDocument } from '../../src-shared/rulesets/index.js';
import { dirname } from 'node:path';
import { issue } from '../../src-shared/validation/issue.js';
import { isReadOnlyPath } from './atomic-file.js';
import { readRevision } from './file-revision.js';
import { MAX_LEVEL_FILE_BYTES } from '../../src-shared/format/limits.js';

/** Largest level file the host opens (bytes): the format's stated limit (src-shared/format/limits.ts). */
export { MAX_LEVEL_FILE_BYTES };

/**
 * Parses level text the way `openLevelFile` does (no I/O). `label` names the
 * file in messages. Never throws.
 */
export function parseLevelDocument(text: string, label: string): Omit<OpenedLevel, 'path'> | HostError {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    // parseLevelText words JSON errors with line and column.
    const detailed = parseLevelText(text);
    const issues = detailed.ok
      ? [issue('error', 'json-syntax', `The file is not valid JSON: ${err instanceof Error ? err.message : String(err)}`)]
      : detailed.error;
    return { ok: false, code: 'parse', message: `${label} is not valid JSON: ${issues[0]?.message ?? 'syntax error'}`, issues };
  }
  const { level, issues } = validateDocument(value);
  if (!level) {
    return {
      ok: false,
      code: 'parse',
      message: `${label} is not a Castellan level file (format version 1): ${issues[0]?.message ?? 'schema check failed'}`,
      issues,
    };
  }
  return { ok: true, document: level, issues };
}

/**
 * True when a save could not replace the file at `path`: the file itself is
 * read-only (`isReadOnlyPath`: owner write bit clear, or no write access) or
 * its folder is (no new file can be renamed into it). Never throws.
 */
export async function levelFileReadOnly(path: string): Promise<boolean> {
  return (await isReadOnlyPath(path)) || (await isReadOnlyPath(dirname(path)));
}

/**
 * Opens the level file at `path` (already confined by the caller).
 * Answers OpenedLevel (document + issues + the revision of the bytes read;
 * `path` as given; `readOnly: true` when `levelFileReadOnly`) or a
 * HostError (`not-found`, `io`, `parse`). Never throws.
 */
export async function openLevelFile(path: string): Promise<(OpenedLevel & { revision: FileRevision }) | HostError> {
  try {
    const read = await readRevision(path, MAX_LEVEL_FILE_BYTES);
    if (read === null) return { ok: false, code: 'not-found', message: `Could not read ${path}: the file does not exist (ENOENT).` };
    if ('ok' in read) return read;
    const parsed = parseLevelDocument(read.bytes.toString('utf8'), path);
    if (!parsed.ok) return parsed;
    const readOnly = await levelFileReadOnly(path);
    return { ok: true, path, document: parsed.document, issues: parsed.issues, revision: read.revision, ...(readOnly ? { readOnly: true } : {}) };
  } catch (err) {
    return { ok: false, code: 'internal', message: `Opening ${path} failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}
