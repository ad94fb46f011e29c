/**
 * Path-free serve answers: the serve host promises that the browser never
 * learns the server's absolute paths. Every `/api` answer goes through
 * `hideServerPaths` (server.ts), the one place where host messages (and
 * the Node error text they quote, such as a link target's real path) are
 * made path-free:
 * - a path inside a workspace root becomes workspace-relative (the root
 *   itself `<workspace>`), so messages still name the file the user knows;
 * - any other absolute path that Node's error text quotes (`open '/x/y'`,
 *   POSIX, Windows `C:\...` or UNC) becomes `'<server path>'`.
 * Rewritten: the human-text fields `message`, `detail` and `error` at any
 * depth of the answer (a pack row's `detail`, an issue's `message`, ...)
 * and each line of a `warnings` list (packExport's skipped levels),
 * never the user's content (`document`, `pack`) and never `path` fields
 * (serve paths are workspace-relative already).
 */
import { sep } from 'node:path';

/** Fields holding human text that may quote a path. */
const TEXT_FIELDS = new Set(['message', 'detail', 'error']);
/** Fields holding a list of human text lines (packExport's `warnings`). */
const TEXT_LIST_FIELDS = new Set(['warnings']);
/** Fields holding the user's own content: never rewritten. */
const CONTENT_FIELDS = new Set(['document', 'pack', 'level']);
/** Deepest nesting walked (answers are shallow; bounds hostile shapes). */
const MAX_DEPTH = 8;

/**
 * An absolute path as Node's error text quotes it (`open '/a/b'`,
 * `-> 'C:\\a'`): single-quoted POSIX, Windows drive or UNC paths. Only
 * quoted ones, so JSON pointers (`/levels/1/file`) and the user's own text
 * in messages stay as they are.
 */
const NODE_QUOTED_PATH = /'(?:\/|[A-Za-z]:[\\/]|\\\\)[^']*'/g;

/**
 * `text` with every server path hidden: paths inside one of `roots`
 * (absolute folder paths, e.g. the workspace's given and real path)
 * workspace-relative, the bare root `<workspace>`, any other absolute path
 * quoted the way Node's error text quotes it `'<server path>'`. Pure; never
 * throws.
 */
export function pathFreeText(text: string, roots: readonly string[]): string {
  let out = text;
  for (const root of roots) {
    if (!root) continue;
    const prefix = root.endsWith(sep) ? root : root + sep;
    out = out.split(prefix).join('');
    out = out.split(root).join('<workspace>');
  }
  return out.replace(NODE_QUOTED_PATH, "'<server path>'");
}

/**
 * `answer` with `pathFreeText` applied to every `message`, `detail` and
 * `error` string and every line of a `warnings` list at any depth (up to
 * 8 levels), skipping the user's
 * content (`document`, `pack`, `level`). Copy on write: an answer with
 * nothing to rewrite is returned as the same object. Never throws.
 */
export function hideServerPaths(answer: unknown, roots: readonly string[]): unknown {
  return rewrite(answer, roots, 0);
}

function rewrite(value: unknown, roots: readonly string[], depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((v, i) => {
      const r = rewrite(v, roots, depth + 1);
      if (r !== v) (copy ??= value.slice())[i] = r;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (CONTENT_FIELDS.has(key)) continue;
    const r =
      typeof v === 'string'
        ? TEXT_FIELDS.has(key)
          ? pathFreeText(v, roots)
          : v
        : TEXT_LIST_FIELDS.has(key) && Array.isArray(v)
          ? rewriteTextList(v, roots)
          : rewrite(v, roots, depth + 1);
    if (r !== v) (copy ??= { ...(value as Record<string, unknown>) })[key] = r;
  }
  return copy ?? value;
}

/** `lines` with `pathFreeText` applied to each string (other items kept); the same array when nothing changed. */
function rewriteTextList(lines: unknown[], roots: readonly string[]): unknown[] {
  let copy: unknown[] | undefined;
  lines.forEach((line, i) => {
    if (typeof line !== 'string') return;
    const r = pathFreeText(line, roots);
    if (r !== line) (copy ??= lines.slice())[i] = r;
  });
  return copy ?? lines;
}
