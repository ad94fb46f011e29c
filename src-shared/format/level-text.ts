/**
 * What a piece of text holds, for the editor's paste and `castellan code
 * --decode`: a level code (level-code.ts), a board text (board-text.ts), a
 * level file's JSON (load.ts), a collection of several levels
 * (collection.ts), or none of these. Pure; never throws.
 */
import type { Level } from '../model/level.js';
import type { Issue, Result } from '../validation/issue.js';
import { looksLikeBoardText } from './board-text.js';
import { parseCollection } from './collection.js';
import { looksLikeLevelCode } from './level-code.js';
import { parseLevelText } from './load.js';

/** What `readLevelText` found. */
export type LevelTextRead =
  /** One level, or why the text that looks like one is not. */
  | { kind: 'code' | 'board' | 'json'; result: Result<Level, Issue[]> }
  /** Several entries (codes or board texts): an import for the pack manager. */
  | { kind: 'collection'; entries: number }
  /** Text that is none of these (a region clip, a word). */
  | { kind: 'none' };

/** True when the first line that is not blank or a `;` comment is a collection's `Pack:` or `Tier:` line. */
function startsWithDirective(text: string): boolean {
  for (const line of text.slice(0, 4096).split(/\r\n|\n|\r/)) {
    const t = line.trim();
    if (t === '' || t.startsWith(';')) continue;
    return /^(pack|pack author|pack description|tier)\s*:/i.test(t);
  }
  return false;
}

/**
 * Reads `text` as a level code, a board text or a level's JSON (a `{…}`
 * object with `"format": "castellan.level"`), or counts its entries when
 * it holds several (a collection). `none` for anything else.
 */
export function readLevelText(text: string): LevelTextRead {
  if (typeof text !== 'string') return { kind: 'none' };
  const t = text.trim();
  if (t.startsWith('{') && t.includes('castellan.level')) return { kind: 'json', result: parseLevelText(t) };
  if (!looksLikeLevelCode(t) && !looksLikeBoardText(t) && !startsWithDirective(t)) return { kind: 'none' };
  const c = parseCollection(t);
  const entries = c.entries.filter((e) => e.kind !== 'other');
  if (entries.length === 1 && c.entries.length === 1 && c.title === undefined) {
    const e = entries[0]!;
    return { kind: e.kind as 'code' | 'board', result: e.level ? { ok: true, value: e.level } : { ok: false, error: e.issues ?? [] } };
  }
  return { kind: 'collection', entries: c.entries.length };
}
