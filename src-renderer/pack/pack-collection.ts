/**
 * Collections in the pack manager (format/collection.ts): Pack > Import
 * collection reads a text (the clipboard, a file, or typed in the panel)
 * into a new pack folder through the host's pack methods (packCreate, then
 * packAddLevel per level in order with its tier, then packSave for the
 * pack's author and description); Pack > Export as collection writes the
 * open folder pack's levels (read with `open`) as codes or board texts.
 * No new host method: the pack manager's own.
 */
import {
  parseCollection,
  planImport,
  writeCollection,
  type CollectionForm,
  type CollectionItem,
  type SkippedEntry,
} from '../../src-shared/format/collection.js';
import type { HostApi, HostError } from '../../src-shared/host/contract.js';
import type { OpenedPack } from '../../src-shared/host/pack-contract.js';
import type { Level } from '../../src-shared/model/level.js';
import { defaultPackPath } from './pack-model.js';

/** A skipped entry as the panel lists it: "Line 3: why (code)". */
export function skippedLine(s: SkippedEntry): string {
  return `Line ${s.line}: ${s.message} (${s.code})`;
}

/** The folder a collection is imported into by default: `packs/<slug of its Pack: title>`. */
export function importPathOf(text: string): string {
  return defaultPackPath(parseCollection(text).title || 'imported collection');
}

/** What an import did: the pack as last written, the levels added, the entries left out; or why it stopped. */
export type ImportOutcome =
  | { ok: true; pack: OpenedPack; added: number; skipped: SkippedEntry[] }
  | { ok: false; error: HostError | { ok: false; code: string; message: string }; skipped: SkippedEntry[]; pack?: OpenedPack; added: number };

/**
 * Imports the collection `text` into a new pack folder `path` (see the
 * module doc; undefined: the desktop host asks for the folder). `progress` is told each level added. Stops at the first
 * host refusal (the pack holds the levels added before it). Never throws.
 */
export async function importCollection(
  host: HostApi,
  text: string,
  path: string | undefined,
  progress?: (done: number, total: number) => void,
): Promise<ImportOutcome> {
  const plan = planImport(parseCollection(text));
  if (!plan.ok) {
    return {
      ok: false,
      added: 0,
      skipped: plan.error,
      error: { ok: false, code: 'collection-empty', message: 'Nothing was imported: no entry of the text is a level.' },
    };
  }
  const p = plan.value;
  if (!host.packCreate || !host.packAddLevel) {
    return { ok: false, added: 0, skipped: p.skipped, error: { ok: false, code: 'unsupported', message: 'This host cannot create packs.' } };
  }
  let pack = await host.packCreate({ ...(path !== undefined ? { path } : {}), title: p.title, ruleset: p.ruleset });
  if (!pack.ok) return { ok: false, added: 0, skipped: p.skipped, error: pack };
  let added = 0;
  for (const l of p.levels) {
    const r = await host.packAddLevel({ path: pack.path, document: l.level, ...(l.tier ? { tier: l.tier } : {}), expectedRevision: pack.revision });
    if (!r.ok) return { ok: false, added, skipped: p.skipped, pack, error: { ...r, message: `Line ${l.line}: ${r.message}` } };
    pack = r;
    progress?.(++added, p.levels.length);
  }
  if ((p.author || p.description) && host.packSave) {
    const head = { ...pack.pack, ...(p.author ? { author: p.author } : {}), ...(p.description ? { description: p.description } : {}) };
    const r = await host.packSave({ path: pack.path, pack: head, expectedRevision: pack.revision });
    if (r.ok) pack = r;
  }
  return { ok: true, pack, added, skipped: p.skipped };
}

/**
 * The open pack as a collection text in `form`: each level read from its
 * file (`open`), with the row's title and tier. Folder packs only (the
 * rows of an exported single file have no level paths). Answers the text
 * or why not (the level that could not be read or written, by number).
 */
export async function collectionOf(
  host: HostApi,
  c: OpenedPack,
  form: CollectionForm,
): Promise<{ ok: true; text: string } | { ok: false; code: string; message: string }> {
  if (c.form !== 'folder') {
    return {
      ok: false,
      code: 'unsupported',
      message: 'An exported pack file is exported as a collection with `castellan pack collection`; here, open its folder.',
    };
  }
  const items: CollectionItem[] = [];
  for (const row of c.rows) {
    if (!row.path) continue;
    const r = await host.open({ path: row.path });
    if (!r.ok) return { ok: false, code: r.code, message: `#${row.index + 1} ${row.title}: ${r.message}` };
    items.push({ level: r.document as Level, title: row.title, ...(row.tier ? { tier: row.tier } : {}) });
  }
  const t = writeCollection(
    {
      title: c.pack.title,
      ruleset: c.pack.ruleset,
      ...(c.pack.author ? { author: c.pack.author } : {}),
      ...(c.pack.description ? { description: c.pack.description } : {}),
    },
    items,
    form,
  );
  return t.ok ? { ok: true, text: t.value } : { ok: false, code: t.error[0]?.code ?? 'collection', message: t.error[0]?.message ?? 'not written' };
}

/** Offers `text` as a download named `name` (a browser save; the desktop shell asks where). */
export function downloadText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Asks for a text file (the browser's file picker) and answers its text, or null when none was chosen. */
export function pickTextFile(): Promise<string | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.txt,.text,text/plain';
    input.addEventListener('change', () => {
      const f = input.files?.[0];
      if (!f) resolve(null);
      else f.text().then(resolve, () => resolve(null));
    });
    input.addEventListener('cancel', () => resolve(null));
    input.click();
  });
}
