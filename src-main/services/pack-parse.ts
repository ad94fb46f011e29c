/**
 * The check of a pack manifest's text (`pack.json` or one `*.pack.json`),
 * as the pack loader (pack-load.ts) runs it: on the host's event loop for a
 * small text, in a worker thread (solve-worker.ts, message `pack-parse`)
 * for a big one. Pure (no I/O, no Node APIs): the same code in both places.
 *
 * For a worker, the answer is shaped to cross the thread boundary cheaply:
 * embedded levels (single-file form) are sent back as JSON texts, one per
 * entry (strings copy fast), instead of as one large object graph that the
 * host's thread would have to rebuild in one go; the loader parses them
 * level by level, in slices.
 */
import { parsePackText } from '../../src-shared/format/load.js';
import type { PackFile } from '../../src-shared/model/level.js';
import type { Issue } from '../../src-shared/validation/issue.js';

/** A checked manifest. With `texts`, the entries with an embedded level hold it as `texts[i]` (JSON) instead. */
export type ManifestAnswer = { ok: true; pack: PackFile; texts?: (string | undefined)[] } | { ok: false; issues: Issue[] };

/**
 * `parsePackText` (JSON, migration, schema, the pack size limit). With
 * `asTexts` (a worker's answer), each embedded level is moved out of its
 * entry into `texts` as JSON. Never throws.
 */
export function checkManifestText(text: string, asTexts: boolean): ManifestAnswer {
  const parsed = parsePackText(text);
  if (!parsed.ok) return { ok: false, issues: parsed.error };
  const pack = parsed.value;
  if (!asTexts || !pack.levels.some((e) => 'level' in e)) return { ok: true, pack };
  const texts: (string | undefined)[] = [];
  const levels = pack.levels.map((e, i) => {
    if (!('level' in e)) return e;
    texts[i] = JSON.stringify(e.level);
    const { level: _moved, ...rest } = e;
    void _moved;
    return rest as PackFile['levels'][number];
  });
  return { ok: true, pack: { ...pack, levels }, texts };
}
