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
import { issue } from '../../src-shared/validation/issue.js';
import { readRevision } from './file-revision.js';

/** Largest level file the host opens (bytes). */
export const MAX_LEVEL_FILE_BYTES = 5 * 1024 * 1024;

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
 * Opens the level file at `path` (already confined by the caller).
 * Answers OpenedLevel (document + issues + the revision of the bytes read;
 * `path` as given) or a HostError (`not-found`, `io`, `parse`). Never throws.
 */
export async function openLevelFile(path: string): Promise<(OpenedLevel & { revision: FileRevision }) | HostError> {
  try {
    const read = await readRevision(path, MAX_LEVEL_FILE_BYTES);
    if (read === null) return { ok: false, code: 'not-found', message: `Could not read ${path}: the file does not exist (ENOENT).` };
    if ('ok' in read) return read;
    const parsed = parseLevelDocument(read.bytes.toString('utf8'), path);
    if (!parsed.ok) return parsed;
    return { ok: true, path, document: parsed.document, issues: parsed.issues, revision: read.revision };
  } catch (err) {
    return { ok: false, code: 'internal', message: `Opening ${path} failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}
