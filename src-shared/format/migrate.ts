/**
 * Format-version migrations (LEVEL-FORMAT-v1: "later versions migrate forward on load").
 *
 * Each document kind has an ordered list of pure functions; entry `i`
 * turns a version `i + 1` document into a version `i + 2` document (and
 * must set `version` accordingly). Loading runs every step from the file's
 * version up to {@link CURRENT_VERSION}, before the schema check, so the
 * schemas only ever describe the current version.
 *
 * Today the format is at version 1 and both lists are empty.
 *
 * Refusals (never a half-loaded document):
 * - `format-version-missing`     no `version` field;
 * - `format-version-invalid`     not an integer >= 1;
 * - `format-version-unsupported` newer than this build understands;
 * - `migration-failed`           a step threw or did not produce the next version.
 *
 * To add version 2: bump CURRENT_VERSION, append the v1 -> v2 step to the
 * list(s) (a pure function: it must not mutate its input, which the tests
 * freeze), update schemas/ and `npm run gen`, add tests/fixtures/format/v2/
 * (one level per ruleset and a pack) and keep the v1 fixtures loading;
 * tests/shared/format/versions.test.ts checks every version's fixtures, the
 * purity of every step, and that files of the next version
 * (tests/fixtures/format/future/) are refused.
 */
import { issue, type Issue, type Result } from '../validation/issue.js';
import { errorText, isJsonObject, ownGet, type JsonObject } from './json-value.js';

/** The format version this build reads and writes (levels and packs). */
export const CURRENT_VERSION = 1;

/** One pure migration step, version N document → version N+1 document. */
export type Migration = (doc: JsonObject) => JsonObject;

/** Level migrations; index i migrates version i+1 → i+2. Length must be CURRENT_VERSION - 1. */
export const LEVEL_MIGRATIONS: readonly Migration[] = Object.freeze([]);

/** Pack migrations (the pack's own fields; embedded levels use LEVEL_MIGRATIONS). */
export const PACK_MIGRATIONS: readonly Migration[] = Object.freeze([]);

/** What is being migrated, for messages. */
export type DocumentKind = 'level' | 'pack';

/**
 * Reads `doc.version` and runs `migrations` up to `1 + migrations.length`.
 *
 * @param doc a plain JSON object (already copied by the caller; steps may build new objects)
 * @param kind "level" or "pack", used in messages
 * @param migrations the ordered list (defaults to the kind's real list; tests inject others)
 * @param pointer JSON pointer of `doc` inside its file (e.g. `/levels/3/level` for an embedded level)
 * @returns the document at the current version, or the refusal Issues. Never throws.
 */
export function migrateDocument(
  doc: JsonObject,
  kind: DocumentKind,
  migrations: readonly Migration[] = kind === 'level' ? LEVEL_MIGRATIONS : PACK_MIGRATIONS,
  pointer = '',
): Result<JsonObject, Issue[]> {
  const current = 1 + migrations.length;
  const vPointer = `${pointer}/version`;
  const version = ownGet(doc, 'version');
  if (version === undefined) {
    return fail('format-version-missing', `The ${kind} has no \`version\` field; this Castellan writes version ${current}.`, vPointer);
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return fail(
      'format-version-invalid',
      `The ${kind}'s \`version\` is ${JSON.stringify(version) ?? String(version)}; it must be a whole number from 1 to ${current}.`,
      vPointer,
    );
  }
  if (version > current) {
    return fail(
      'format-version-unsupported',
      `This ${kind} is format version ${version}, newer than this Castellan understands (up to version ${current}). ` +
        `Open it with a newer Castellan; it was not loaded.`,
      vPointer,
    );
  }
  let out = doc;
  for (let v = version; v < current; v++) {
    const step = migrations[v - 1]!;
    try {
      const next = step(out);
      if (!isJsonObject(next) || ownGet(next, 'version') !== v + 1) {
        return fail('migration-failed', `Upgrading the ${kind} from version ${v} to ${v + 1} did not produce a version ${v + 1} document.`, vPointer);
      }
      out = next;
    } catch (e) {
      return fail('migration-failed', `Upgrading the ${kind} from version ${v} to ${v + 1} failed: ${errorText(e)}`, vPointer);
    }
  }
  return { ok: true, value: out };
}

function fail(code: string, message: string, pointer: string): Result<JsonObject, Issue[]> {
  return { ok: false, error: [issue('error', code, message, { pointer })] };
}
