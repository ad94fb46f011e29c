/**
 * Moves typed in any notation the rulesets read become the LAN the rules
 * replay (src-shared/rulesets/move-input.ts): LAN as it is, Locking Chess
 * SAN (LC-13), UCI (from and to squares) by finding the one legal move it
 * names; an unknown move names the accepted notations, a UCI move that fits
 * two legal moves is refused naming both. Positions worked by hand.
 */
import { describe, expect, it } from 'vitest';
import type { Level } from '../../../src-shared/model/level.js';
import { rulesetOf } from '../../../src-shared/rulesets/index.js';
import { movesFromInput } from '../../../src-shared/rulesets/move-input.js';
import { BACKSTOP, kv } from '../validation/p1-positions.js';

// UK 3 x 3: king a1, portal c3 (UK-4: the king steps one square; Ka1-b2 then Kb2-c3).
const uk = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'u' },
  board: { width: 3, height: 3 },
  portal: 'c3',
  pieces: [{ role: 'king', square: 'a1' }],
} as Level;

function lc(position: string): Level {
  return { format: 'castellan.level', version: 1, ruleset: 'locking-chess', meta: { title: 'l' }, board: { width: 8, height: 8 }, position } as Level;
}

const read = (level: Level, moves: string[]): ReturnType<typeof movesFromInput> => movesFromInput(level, moves, rulesetOf(level));

describe('moves typed as LAN, UCI or SAN', () => {
  it('UK-4 UCI a1b2 b2c3 is the king walk Ka1-b2 Kb2-c3; LAN stays as it is', () => {
    expect(read(uk, ['a1b2', 'b2c3'])).toEqual({ ok: true, value: ['Ka1-b2', 'Kb2-c3'] });
    expect(read(uk, ['Ka1-b2', 'b2c3'])).toEqual({ ok: true, value: ['Ka1-b2', 'Kb2-c3'] });
  });

  it('KV-2 UCI c1c3 is the king slide Kc1-c3 (Backstop); soldiers get S', () => {
    expect(read(kv(BACKSTOP, 1), ['c1c3'])).toEqual({ ok: true, value: ['Kc1-c3'] });
    // The soldier a4 slides east b4, c4 is Black's: it stops on b4.
    expect(read(kv(BACKSTOP, 1), ['a4b4'])).toEqual({ ok: true, value: ['Sa4-b4'] });
  });

  it('LC-3 / LC-13: UCI e6d7 is the superimposition Be6-d7* (Bishop Drop); SAN passes as the ruleset reads it', () => {
    const drop = lc('8/3k4/4(PB)3/8/6K1/8/8/8 w - - 0 1');
    expect(read(drop, ['e6d7'])).toEqual({ ok: true, value: ['Be6-d7*'] });
    expect(read(drop, ['Bd7*']).ok).toBe(true);
  });

  it('LC-4 / LC-11: b4a3 is both the top pawn stepping down and the en passant superimpose: refused, both named; b4a3* picks one', () => {
    // Black pawn on top of a white pawn on b4, White just played a2-a4 (en passant square a3), Black to move.
    const ep = lc('4k3/8/8/8/P(Pp)6/8/8/4K3 b - a3 0 1');
    const r = read(ep, ['b4a3']);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error[0]).toMatchObject({ code: 'move-ambiguous', pointer: '/moves/0', message: expect.stringContaining('Pb4-a3, Pb4-a3*') });
    expect(read(ep, ['b4a3*'])).toEqual({ ok: true, value: ['Pb4-a3*'] });
  });

  it('a move no notation makes legal is refused naming the notations (LAN, UCI; SAN only where the ruleset reads it)', () => {
    const r = read(uk, ['a1a3']);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error[0]!.code).toBe('move-illegal');
    expect(r.error[0]!.pointer).toBe('/moves/0');
    expect(r.error[0]!.message).toMatch(/LAN .*Ke1-f1.* or UCI .*e1f1/);
    expect(r.error[0]!.message).not.toMatch(/SAN/);
    const l = read(lc('8/3k4/4(PB)3/8/6K1/8/8/8 w - - 0 1'), ['zz']);
    expect(!l.ok && l.error[0]!.message).toMatch(/SAN/);
  });
});
