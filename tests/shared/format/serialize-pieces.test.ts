/**
 * serializePackPieces: `serializePack` in pieces (one per level entry) so
 * an export of a large pack can be written while the host keeps answering.
 * The pieces joined must equal serializePack exactly, and each entry's
 * `value` span must hold that entry's JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializePack, serializePackPieces } from '../../../src-shared/format/serialize.js';
import type { PackFile } from '../../../src-shared/model/level.js';

const level = (title: string) => ({
  format: 'castellan.level' as const,
  version: 1 as const,
  ruleset: 'unlock-the-king' as const,
  meta: { title },
  board: { width: 3, height: 3 },
  portal: 'c3',
  pieces: [{ role: 'king' as const, square: 'a1' }],
});

function check(pack: PackFile): void {
  const pieces = [...serializePackPieces(pack)];
  const text = pieces.map((p) => p.text).join('');
  expect(text).toBe(serializePack(pack));
  const entries = pieces.filter((p) => p.entry !== undefined);
  for (const p of entries) {
    const [s, e] = p.value!;
    expect(JSON.parse(p.text.slice(s, e))).toEqual(JSON.parse(JSON.stringify(pack.levels[p.entry!])));
  }
}

describe('serializePackPieces', () => {
  it('a pack with embedded levels: one piece per entry, joined equal to serializePack', () => {
    const pack = {
      format: 'castellan.pack',
      version: 1,
      title: 'Embedded',
      ruleset: 'unlock-the-king',
      author: 'A',
      levels: [{ tier: 'Novice', level: level('One') }, { level: level('Two') }, { level: level('Three') }],
    } as PackFile;
    const pieces = [...serializePackPieces(pack)];
    expect(pieces.filter((p) => p.entry !== undefined).map((p) => p.entry)).toEqual([0, 1, 2]);
    check(pack);
  });

  it('a folder manifest, an empty one and a short one that fits on one line', () => {
    const files = (n: number) => Array.from({ length: n }, (_, k) => ({ file: `levels/${k}.level.json`, ...(k % 2 ? { tier: 'T' } : {}) }));
    for (const n of [0, 1, 2, 50]) check({ format: 'castellan.pack', version: 1, title: 'F', ruleset: 'unlock-the-king', levels: files(n) } as PackFile);
    // Unknown keys after levels keep their place.
    check({ format: 'castellan.pack', version: 1, title: 'F', ruleset: 'unlock-the-king', levels: files(3), extra: { a: [1, 2] } } as unknown as PackFile);
  });

  it('any title, author and entries: joined equal to serializePack (property)', () => {
    const text = fc.string({ maxLength: 40 });
    const entry = fc.oneof(
      fc.record({ file: text.map((t) => `levels/${t}.level.json`), tier: text }, { requiredKeys: ['file'] }),
      fc.record({ tier: text, title: text, level: text.map(level) }, { requiredKeys: ['level'] }),
    );
    fc.assert(
      fc.property(text, text, fc.array(entry, { maxLength: 6 }), (title, author, levels) => {
        check({ format: 'castellan.pack', version: 1, title, ruleset: 'unlock-the-king', author, levels } as PackFile);
      }),
      { numRuns: 200 },
    );
  });
});
