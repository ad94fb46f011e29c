/**
 * Loading level and pack documents (LEVEL-FORMAT-v1).
 *
 * Pipeline for every entry point: (text → JSON.parse) → safe copy
 * (json-value.ts: depth/size limits, no `__proto__`, JSON values only) →
 * root must be an object → `format` tag → `version` + migrations
 * (migrate.ts) → JSON Schema check with the precompiled validators in
 * ./generated (schemas/*.schema.json) → for packs, embedded levels must
 * share the pack's ruleset.
 *
 * None of these functions throws, whatever the input (huge, deeply nested,
 * cyclic, non-JSON, `__proto__` keys). Failures are `{ok: false, error: Issue[]}`
 * with severity "error", a kebab-case code, a JSON pointer (RFC 6901) and,
 * when the error concerns a square, `square`/`squares`.
 *
 * Codes returned here (besides the `schema-*` codes of schema-issues.ts):
 * - `file-too-large`               text longer than MAX_TEXT_LENGTH
 * - `json-syntax`                  not JSON (message has line and column)
 * - `json-too-deep`, `json-too-large`, `json-forbidden-key`, `json-invalid-value`  (json-value.ts)
 * - `schema-type` (pointer "")     the root is not a JSON object
 * - `format-unknown`               `format` is missing or not this kind of document
 * - `format-version-missing`, `format-version-invalid`, `format-version-unsupported`, `migration-failed` (migrate.ts)
 * - `pack-ruleset-mismatch`        an embedded level's ruleset differs from the pack's
 * - `ruleset-unsupported`          `ruleset` (of a level, a pack or an embedded level) is a string no
 *                                  ruleset's schema fragment has (the schema's `ruleset` enum)
 * - `internal-error`               an unexpected exception (a bug), reported instead of thrown
 *
 * The returned documents are fresh copies: later changes to the input do not affect them.
 * Unknown top-level fields are kept (the contract allows additions); fields
 * of another ruleset and unknown fields inside pieces, tiles, board, goal,
 * options and objectives are rejected.
 */
import type { Level, PackFile } from '../model/level.js';
import { issue, rulesetUnsupported, type Issue, type Result } from '../validation/issue.js';
import validateLevelSchema from './generated/validate-level.js';
import validatePackSchema from './generated/validate-pack.js';
import { MAX_TEXT_LENGTH, errorText, isJsonObject, ownGet, ownSet, toPlainJson, type JsonObject } from './json-value.js';
import { MAX_PACK_FILE_BYTES, packSizeIssue } from './limits.js';
import { migrateDocument } from './migrate.js';
import { schemaIssues, valueAt } from './schema-issues.js';

/** The `format` tag of level files. */
export const LEVEL_FORMAT_TAG = 'castellan.level';
/** The `format` tag of pack files (`pack.json`, `*.pack.json`). */
export const PACK_FORMAT_TAG = 'castellan.pack';

type Kind = 'level' | 'pack';
const TAG: Record<Kind, string> = { level: LEVEL_FORMAT_TAG, pack: PACK_FORMAT_TAG };

function err(code: string, message: string, pointer: string): Issue {
  return issue('error', code, message, { pointer });
}

function internal(e: unknown): { ok: false; error: Issue[] } {
  return { ok: false, error: [err('internal-error', `Unexpected error while loading (a Castellan bug): ${errorText(e)}`, '')] };
}

/** Line and column (1-based) of a UTF-16 offset in `text`. */
function lineCol(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * JSON.parse with size limit (`maxLength` UTF-16 units, default MAX_TEXT_LENGTH)
 * and a located `json-syntax` error. Strips a UTF-8 BOM.
 */
function parseJsonText(text: unknown, maxLength: number = MAX_TEXT_LENGTH): Result<unknown, Issue[]> {
  if (typeof text !== 'string') {
    return { ok: false, error: [err('json-syntax', 'The input is not text.', '')] };
  }
  if (text.length > maxLength) {
    return {
      ok: false,
      error: [err('file-too-large', `The file is ${text.length} characters long; the limit is ${maxLength}.`, '')],
    };
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (e) {
    const raw = errorText(e);
    const m = /at position (\d+)/.exec(raw);
    let where = '';
    if (m) {
      const { line, column } = lineCol(body, Number(m[1]));
      where = ` at line ${line}, column ${column}`;
    } else if (/end of (JSON )?input/i.test(raw)) {
      where = ' (the text ends too early)';
    }
    const detail = raw.replace(/\s+/g, ' ').slice(0, 160);
    return { ok: false, error: [err('json-syntax', `The file is not valid JSON${where}: ${detail}`, '')] };
  }
}

/**
 * Root-object, `format` tag, version and migration checks for one document.
 * `pointer` locates `value` inside its file (for embedded levels).
 */
function prepare(value: unknown, kind: Kind, pointer: string): Result<JsonObject, Issue[]> {
  if (!isJsonObject(value)) {
    const what = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    const article = kind === 'level' ? 'A level' : 'A pack';
    return { ok: false, error: [err('schema-type', `${article} must be a JSON object, not ${what}.`, pointer)] };
  }
  const tag = ownGet(value, 'format');
  if (tag !== TAG[kind]) {
    const other: Kind = kind === 'level' ? 'pack' : 'level';
    const message =
      tag === TAG[other]
        ? `This is a Castellan ${other} ("format": "${TAG[other]}"), not a ${kind}.`
        : tag === undefined
          ? `Not a Castellan ${kind}: the \`format\` field is missing (expected "${TAG[kind]}").`
          : `Not a Castellan ${kind}: \`format\` is ${JSON.stringify(tag)?.slice(0, 60) ?? String(tag)}, expected "${TAG[kind]}".`;
    return { ok: false, error: [err('format-unknown', message, `${pointer}/format`)] };
  }
  return migrateDocument(value, kind, undefined, pointer);
}

/**
 * Checks an already-parsed level document: migrate to the current version,
 * then validate against schemas/level.schema.json.
 *
 * @param value anything (e.g. the result of JSON.parse, or an in-memory document)
 * @returns the level (a fresh plain copy at the current version) or error Issues. Never throws.
 */
export function checkLevelObject(value: unknown): Result<Level, Issue[]> {
  try {
    const plain = toPlainJson(value);
    if (!plain.ok) return plain;
    return checkPlainLevel(plain.value);
  } catch (e) {
    return internal(e);
  }
}

function checkPlainLevel(value: unknown): Result<Level, Issue[]> {
  const prepared = prepare(value, 'level', '');
  if (!prepared.ok) return prepared;
  const doc = prepared.value;
  if (validateLevelSchema(doc)) return { ok: true, value: doc as unknown as Level };
  return { ok: false, error: unknownRulesets(schemaIssues(validateLevelSchema.errors, { root: doc }), doc) };
}

/**
 * The schema's `ruleset` enum errors, for a string no ruleset's fragment
 * has, as `ruleset-unsupported` (the code every entry answers for such an
 * id); a `ruleset` of the wrong type stays a schema error.
 */
function unknownRulesets(issues: Issue[], root: JsonObject): Issue[] {
  return issues.map((i) => {
    if (i.code !== 'schema-enum' || !i.pointer?.endsWith('/ruleset')) return i;
    const id = valueAt(root, i.pointer);
    return typeof id === 'string' ? rulesetUnsupported(id, i.pointer) : i;
  });
}

/**
 * Parses the text of a `*.level.json` file: JSON.parse, migrate, schema check.
 *
 * @param text file contents (a leading BOM is ignored; at most MAX_TEXT_LENGTH characters)
 * @returns the level or error Issues (`json-syntax` with line/column for bad JSON). Never throws.
 */
export function parseLevelText(text: string): Result<Level, Issue[]> {
  try {
    const parsed = parseJsonText(text);
    if (!parsed.ok) return parsed;
    return checkLevelObject(parsed.value);
  } catch (e) {
    return internal(e);
  }
}

/**
 * Checks an already-parsed pack document (`pack.json` or `*.pack.json`):
 * migrate the pack and each embedded level, validate against
 * schemas/pack.schema.json (embedded levels against level.schema.json), and
 * require embedded levels to have the pack's ruleset (`pack-ruleset-mismatch`).
 *
 * Entries of the folder form (`{file}`) are only checked for shape here;
 * loading the named files (and checking their ruleset) is the host's job:
 * use parseLevelText on each and {@link packRulesetIssue}.
 *
 * @returns the pack (fresh copy, embedded levels migrated) or error Issues. Never throws.
 */
export function checkPackObject(value: unknown): Result<PackFile, Issue[]> {
  try {
    // The stated pack size limit (format/limits.ts) first: a pack over it is refused before its entries are copied or checked.
    const tooMany = packSizeIssue(value);
    if (tooMany) return { ok: false, error: [tooMany] };
    const plain = toPlainJson(value);
    if (!plain.ok) return plain;
    return checkPlainPack(plain.value);
  } catch (e) {
    return internal(e);
  }
}

function checkPlainPack(value: unknown): Result<PackFile, Issue[]> {
  const prepared = prepare(value, 'pack', '');
  if (!prepared.ok) return prepared;
  const doc = prepared.value;
  const issues: Issue[] = [];
  /** Entry pointers whose embedded level failed before the schema check. */
  const skipped: string[] = [];
  const levels = ownGet(doc, 'levels');
  if (Array.isArray(levels)) {
    levels.forEach((entry: unknown, i) => {
      if (!isJsonObject(entry)) return;
      const level = ownGet(entry, 'level');
      if (level === undefined || ownGet(entry, 'file') !== undefined) return;
      const pointer = `/levels/${i}/level`;
      const migrated = prepare(level, 'level', pointer);
      if (migrated.ok) ownSet(entry, 'level', migrated.value);
      else {
        issues.push(...migrated.error);
        skipped.push(pointer);
      }
    });
  }
  if (!validatePackSchema(doc)) {
    const schemaErrs = resolvePackEntryAlternatives(doc, validatePackSchema.errors ?? []);
    for (const i of schemaIssues(schemaErrs, { root: doc })) {
      const p = i.pointer ?? '';
      if (skipped.some((s) => p === s || p.startsWith(`${s}/`))) continue;
      issues.push(i);
    }
  }
  const ruleset = ownGet(doc, 'ruleset');
  if (Array.isArray(levels) && typeof ruleset === 'string') {
    levels.forEach((entry: unknown, i) => {
      const level = isJsonObject(entry) ? ownGet(entry, 'level') : undefined;
      if (!isJsonObject(level) || skipped.includes(`/levels/${i}/level`)) return;
      const lr = ownGet(level, 'ruleset');
      if (typeof lr !== 'string' || issues.some((x) => x.pointer === `/levels/${i}/level/ruleset`)) return;
      const mismatch = packRulesetIssue(ruleset, lr, `/levels/${i}/level/ruleset`);
      if (mismatch) issues.push(mismatch);
    });
  }
  if (issues.length > 0) return { ok: false, error: unknownRulesets(issues, doc) };
  return { ok: true, value: doc as unknown as PackFile };
}

/**
 * `pack-ruleset-mismatch` when a pack's level has another ruleset than the pack, else undefined.
 * @param pointer where to point (e.g. `/levels/3/level/ruleset`, or `/ruleset` inside a level file)
 */
export function packRulesetIssue(packRuleset: string, levelRuleset: unknown, pointer: string): Issue | undefined {
  if (levelRuleset === packRuleset) return undefined;
  return err(
    'pack-ruleset-mismatch',
    `This level's ruleset is ${JSON.stringify(levelRuleset)} but the pack is "${packRuleset}"; a pack holds levels of one ruleset.`,
    pointer,
  );
}

type AjvError = NonNullable<typeof validatePackSchema.errors>[number];

/**
 * A pack entry is `{file, tier?, title?}` or `{level, tier?, title?}` (a
 * schema `oneOf`). ajv reports the failures of both alternatives; keep only
 * those of the alternative the entry clearly means, or one `schema-one-of`
 * error when it has both or neither of `file` and `level`.
 */
function resolvePackEntryAlternatives(doc: JsonObject, errors: readonly AjvError[]): AjvError[] {
  const levels = ownGet(doc, 'levels');
  if (!Array.isArray(levels)) return [...errors];
  const entryOf = (p: string): number | undefined => {
    const m = /^\/levels\/(0|[1-9][0-9]*)(?:\/|$)/.exec(p);
    return m ? Number(m[1]) : undefined;
  };
  const out: AjvError[] = [];
  const ambiguousReported = new Set<number>();
  for (const e of errors) {
    const i = entryOf(e.instancePath);
    if (i === undefined) {
      out.push(e);
      continue;
    }
    const entry: unknown = levels[i];
    const inFileBranch = e.schemaPath.includes('/packFileEntry/');
    const isOneOf = e.keyword === 'oneOf' && e.instancePath === `/levels/${i}`;
    if (!isJsonObject(entry)) {
      if (!isOneOf) out.push(e); // both alternatives say "must be object"; de-duplicated later
      continue;
    }
    const hasFile = ownGet(entry, 'file') !== undefined;
    const hasLevel = ownGet(entry, 'level') !== undefined;
    if (hasFile === hasLevel) {
      if (!ambiguousReported.has(i)) {
        ambiguousReported.add(i);
        out.push({
          keyword: 'oneOf',
          instancePath: `/levels/${i}`,
          schemaPath: '#/$defs/packEntry/oneOf',
          params: {},
          message: hasFile ? 'has both `file` and `level`' : 'has neither `file` nor `level`',
        });
      }
      continue;
    }
    if (isOneOf) continue;
    if (hasFile === inFileBranch) out.push(e);
  }
  // Give the ambiguity errors a precise message.
  return out.map((e) =>
    e.keyword === 'oneOf' && e.schemaPath === '#/$defs/packEntry/oneOf' ? { ...e, keyword: 'pack-entry-shape', params: { detail: e.message } } : e,
  );
}

/**
 * Parses the text of a `pack.json` / `*.pack.json` file (see {@link checkPackObject}),
 * at most MAX_PACK_FILE_BYTES (format/limits.ts) characters long.
 * @returns the pack or error Issues. Never throws.
 */
export function parsePackText(text: string): Result<PackFile, Issue[]> {
  try {
    // A pack file may be larger than a level's text: up to the stated pack file limit (limits.ts).
    const parsed = parseJsonText(text, Math.max(MAX_TEXT_LENGTH, MAX_PACK_FILE_BYTES));
    if (!parsed.ok) return parsed;
    return checkPackObject(parsed.value);
  } catch (e) {
    return internal(e);
  }
}
