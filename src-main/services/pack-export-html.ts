/**
 * The web page form of a pack export (`*.html`: pack-export.ts
 * `exportKindOf`): one self-contained player page (player-page.ts) written
 * all-or-nothing like the other forms (staged-output.ts `writeNewFile`:
 * confined, checked, placed without replacing anything). The levels go in
 * as the page's JSON data (src-shared/player/page-data.ts), one level at a
 * time with turns of the event loop between them (loop-yield.ts), and the
 * written file is checked before it is placed: its levels block reads back
 * as the pack's data, level by level.
 */
import type { HostError } from '../../src-shared/host/contract.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { playerPageData, scriptJson, type PlayerPageData } from '../../src-shared/player/page-data.js';
import type { Level } from '../../src-shared/model/level.js';
import { loopYielder } from './loop-yield.js';
import type { LoadedPack, LoadedPackLevel } from './pack-files.js';
import { loadPlayerAssets, playerPageHtml, readPlayerPage, type PlayerAssets } from './player-page.js';
import { writeNewFile } from './staged-output.js';

/** Options of the web page form. */
export interface HtmlExportOptions {
  /** The output as the user named it (messages name it). */
  label: string;
  /** Offer "Show solution" with the stored solutions (default true; `--no-solutions` switches it off). */
  solutions?: boolean;
  /** Test hook: after the temp file is written. */
  afterTempWrite?: (tempPath: string) => Promise<void> | void;
  /** Test hook: the page's assets (default: the built ones, player-page.ts `loadPlayerAssets`). */
  assets?: PlayerAssets;
}

/** What the web page export wrote. */
export interface HtmlExportDone {
  ok: true;
  files: 1;
  levels: number;
  bytes: number;
  /** Bytes of the page without its levels (the player's code, style and skeleton). */
  codeBytes: number;
}

/** Where the level list sits in a page without levels: the data's last field (`playerPageData` writes `levels` last), then the block's end. */
const EMPTY_LIST = '"levels":[]}</script>';

/**
 * The page's HTML for `data` built a level at a time (the level list of
 * the levels block spliced in piece by piece): the text, each level's
 * [start, end) in it, and the size of the page without its levels.
 */
async function composePage(
  assets: PlayerAssets,
  data: PlayerPageData,
  tick: () => Promise<void>,
): Promise<{ html: string; spans: [number, number][]; codeBytes: number }> {
  const skeleton = playerPageHtml(assets, { ...data, levels: [] });
  const at = skeleton.indexOf(EMPTY_LIST);
  if (at < 0) throw new Error('the page template has no level list');
  const head = skeleton.slice(0, at + '"levels":['.length);
  const tail = skeleton.slice(at + '"levels":['.length);
  const parts: string[] = [head];
  const spans: [number, number][] = [];
  let pos = head.length;
  for (const [k, l] of data.levels.entries()) {
    await tick();
    if (k > 0) {
      parts.push(',');
      pos += 1;
    }
    const piece = scriptJson(l);
    spans.push([pos, pos + piece.length]);
    parts.push(piece);
    pos += piece.length;
  }
  parts.push(tail);
  return { html: parts.join(''), spans, codeBytes: Buffer.byteLength(skeleton, 'utf8') };
}

/** Re-reads the written page: the skeleton (the page without its levels) reads back, and each level's JSON equals what was meant. */
async function verifyPage(
  bytes: Buffer,
  spans: [number, number][],
  data: PlayerPageData,
  label: string,
  tick: () => Promise<void>,
): Promise<HostError | undefined> {
  const fail = (why: string): HostError => ({
    ok: false,
    code: 'verify-failed',
    message: `The web page ${label} was written but does not read back (${why}); nothing was placed under that name.`,
  });
  const text = bytes.toString('utf8');
  await tick();
  const skeleton = spans.length === 0 ? text : text.slice(0, spans[0]![0]) + text.slice(spans[spans.length - 1]![1]);
  const head = readPlayerPage(skeleton);
  if (!head.ok) return fail(head.error[0]?.message ?? 'no levels block');
  if (scriptJson({ ...head.value, levels: [] }) !== scriptJson({ ...data, levels: [] })) return fail('the pack header differs');
  for (let k = 0; k < spans.length; k++) {
    await tick();
    if (k > 0 && text.slice(spans[k - 1]![1], spans[k]![0]) !== ',') return fail(`before level ${k + 1}`);
    const piece = text.slice(spans[k]![0], spans[k]![1]);
    let value: unknown;
    try {
      value = JSON.parse(piece);
    } catch (e) {
      return fail(`level ${k + 1} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (scriptJson(value) !== scriptJson(data.levels[k])) return fail(`level ${k + 1} differs`);
  }
  return undefined;
}

/**
 * Writes the player page of `loaded` to the absolute path `target` (module
 * doc): the levels that loaded, in pack order, with their tiers and titles.
 * Answers what it wrote or a HostError (`internal` when the page's build
 * is missing; else as `writeNewFile`). Never throws.
 */
export async function exportHtml(loaded: LoadedPack, target: string, opts: HtmlExportOptions): Promise<HtmlExportDone | HostError> {
  let assets: PlayerAssets;
  try {
    assets = opts.assets ?? (await loadPlayerAssets());
  } catch (e) {
    return { ok: false, code: 'internal', message: `The web page of ${opts.label} cannot be made: ${e instanceof Error ? e.message : String(e)}` };
  }
  const tick = loopYielder();
  const levels = loaded.levels.filter((l): l is LoadedPackLevel & { level: Level } => l.level !== undefined);
  const sources = [];
  for (const l of levels) {
    await tick();
    sources.push({ level: l.level, title: l.title, hash: l.hash ?? levelHash(l.level), ...(l.tier !== undefined ? { tier: l.tier } : {}) });
  }
  const data = playerPageData(loaded.pack, sources, { solutions: opts.solutions !== false });
  const page = await composePage(assets, data, tick);
  const w = await writeNewFile(target, page.html, {
    label: opts.label,
    checkTemp: (bytes) => verifyPage(bytes, page.spans, data, opts.label, tick),
    ...(opts.afterTempWrite ? { afterTempWrite: opts.afterTempWrite } : {}),
  });
  if (!w.ok) return w;
  return { ok: true, files: 1, levels: levels.length, bytes: w.bytes, codeBytes: page.codeBytes };
}
