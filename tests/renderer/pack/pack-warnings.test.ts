/**
 * The pack manager rows show what a proof says besides the status (RULINGS
 * P-1 short / cooked, a par above the optimum): from the stored proof
 * (src-shared/pack/rows.ts `storedVerdict`) and from a verification, whose
 * warnings replace the stored ones (pack-model.ts `mergeVerified`), written
 * in the status cell (`rowWarnings`). Positions: those of tests/shared/validation/p1-positions.ts
 * (worked by hand there), with their stored proofs written out.
 */
import { describe, expect, it } from 'vitest';
import type { PackRow } from '../../../src-shared/host/pack-contract.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { storedVerdict } from '../../../src-shared/pack/rows.js';
import { mergeVerified, rowWarnings } from '../../../src-renderer/pack/pack-model.js';
import type { KingsValleyLevel } from '../../../src-shared/model/level.js';

/** A King's Valley "win in `moves`" (the pieces of tests/shared/validation/p1-positions.ts: Backstop, and the cook). */
function kv(pieces: string, moves: number): KingsValleyLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 't' },
    board: { width: 5, height: 5 },
    sideToMove: 'white',
    goal: { type: 'win-in', moves },
    pieces: pieces
      .split(' ')
      .map((t) => ({ role: t[0] === 'K' || t[0] === 'k' ? 'king' : 'soldier', square: t.slice(1), side: t[0] === t[0]!.toUpperCase() ? 'white' : 'black' })),
  } as KingsValleyLevel;
}
const BACKSTOP = 'Kc1 Se1 Sb2 Se2 Sa4 ke4 sc4 sb5 sd5 se5';
const KV_COOK = 'Kc1 Sb1 ka5 sa4 sb5 sc4';

function proved(level: ReturnType<typeof kv>, keys: string[]): ReturnType<typeof kv> {
  level.solution = { moves: [keys[0]!], length: 1, optimal: true, states: 1, solver: 'test', levelHash: levelHash(level), keys };
  return level;
}

describe('pack rows: proof warnings (P-1)', () => {
  it('P-1 a stored proof of a short problem gives the proved row a problem-short warning; a cooked one problem-cooked; a sound one none', () => {
    const short = storedVerdict(proved(kv(BACKSTOP, 2), ['Kc1-c3']), []);
    expect(short.status).toBe('proved');
    expect(short.warnings?.map((w) => w.code)).toEqual(['problem-short']);
    const cooked = storedVerdict(proved(kv(KV_COOK, 1), ['Kc1-c3', 'Sb1-b4']), []);
    expect(cooked.warnings?.map((w) => w.code)).toEqual(['problem-cooked']);
    expect(storedVerdict(proved(kv(BACKSTOP, 1), ['Kc1-c3']), []).warnings).toBeUndefined();
  });

  it('P-1 the status cell words: short, cooked; the messages for the tooltip', () => {
    const r = {
      warnings: [
        { code: 'problem-short', message: 'Short: …' },
        { code: 'problem-cooked', message: 'Cooked: …' },
      ],
    };
    expect(rowWarnings(r)).toEqual({ words: 'short, cooked', messages: 'Short: … Cooked: …', codes: 'problem-short problem-cooked' });
    expect(rowWarnings({ warnings: [{ code: 'uk-par-above-optimal', message: 'Par 9 …' }] }).words).toBe('par above the optimum');
    expect(rowWarnings({}).words).toBe('');
  });

  it('a verification replaces the stored warnings (none left when the re-proof has none)', () => {
    const base: PackRow = {
      index: 0,
      name: 'a',
      title: 'A',
      status: 'proved',
      detail: 'proved par 1',
      levelHash: 'h',
      warnings: [{ code: 'problem-short', message: 's' }],
    };
    const clean = mergeVerified([base], new Map([['a', { ...base, warnings: undefined } as PackRow]]));
    expect(clean[0]!.warnings).toBeUndefined();
    const cooked = mergeVerified([{ ...base, warnings: undefined }], new Map([['a', { ...base, warnings: [{ code: 'problem-cooked', message: 'c' }] }]]));
    expect(cooked[0]!.warnings?.map((w) => w.code)).toEqual(['problem-cooked']);
  });
});
