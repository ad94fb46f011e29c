/**
 * King's Valley "why no win in N" (KV-8 `refuted`): hand-worked shuttle
 * positions (see solve.test.ts: Black's lone king on a5 with pillars b5 b4
 * b3 a3 can only shuttle a5 <-> a4), and an independent check of each
 * refutation by re-solving the position after it.
 */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel } from '../../../../src-shared/model/level.js';
import { replayMoves, solveLevel } from '../../../../src-shared/rulesets/index.js';
import { kvLevel } from './helpers.js';

const SHUTTLE = ['b5', 'b4', 'b3', 'a3'];

describe('KV-8 refuted', () => {
  it('KV-8: no win in 1; each first move is met by Black’s only move Ka5-a4', () => {
    // Root moves worked out in solve.test.ts: Ke5 W -> c5, SW -> a1, S -> e1; Sb1 N -> b2, NE -> e4, E -> e1, W a1, NW a2.
    const r = solveLevel(kvLevel({ white: 'Ke5 Sb1', black: 'Ka5', pillars: SHUTTLE, n: 1 }));
    expect(r.status).toBe('unsolvable');
    if (r.status !== 'unsolvable') return;
    expect(r.why?.code).toBe('refuted');
    expect(r.why?.ruling).toBe('KV-8');
    const refs = r.why?.refutations ?? [];
    expect(refs.map(({ move, defence }) => ({ move, defence })).sort((a, b) => (a.move < b.move ? -1 : 1))).toEqual(
      ['Ke5-a1', 'Ke5-c5', 'Ke5-e1', 'Sb1-a1', 'Sb1-a2', 'Sb1-b2', 'Sb1-e1', 'Sb1-e4'].map((move) => ({ move, defence: 'Ka5-a4' })),
    );
    // Black has one move, so each first move has exactly one refuting defence.
    expect(refs.every((x) => x.defences === 1)).toBe(true);
    // Closest first: after Ke5-e1 and Sb1-b2 (and only those, solve.test.ts) White wins at once on move 2:
    // refuted latest, they lead ("would win in 2").
    expect(refs.slice(0, 2).map((x) => [x.move, x.winIn])).toEqual([
      ['Ke5-e1', 2],
      ['Sb1-b2', 2],
    ]);
    expect(refs.slice(2).every((x) => x.winIn === undefined)).toBe(true);
    expect(refs[0]!.line).toEqual(['Ke5-e1', 'Ka5-a4']);
    expect(r.why?.squares).toEqual(['a5', 'a4']);
    expect(r.why?.message).toContain('closest first: Ke5-e1 is met by Ka5-a4 (the only defence that does); it would win in 2');
    expect(r.why?.message).toContain('Ke5-a1 is met by Ka5-a4');
  });

  it('KV-8: a side to move that has already lost has no first move to refute', () => {
    const r = solveLevel(kvLevel({ white: 'Ka1 Sb1 Sb2', black: 'Ke5', pillars: ['a2'], n: 2 }));
    expect(r.status).toBe('unsolvable');
    if (r.status === 'unsolvable') expect(r.why).toMatchObject({ code: 'refuted', refutations: [] });
  });

  it('KV-4/KV-8: from a starting setup (no king first move), no win in 2; each refutation holds when re-solved', () => {
    const level = kvLevel({ white: 'Kc1 Sa1 Sb1 Sd1 Se1', black: 'Kc5 Sa5 Sb5 Sc4 Sd5', startingSetup: true, n: 2 });
    const r = solveLevel(level);
    expect(r.status).toBe('unsolvable');
    if (r.status !== 'unsolvable') return;
    const refs = r.why?.refutations ?? [];
    expect(refs.length).toBeGreaterThan(0);
    // KV-4: the first move is a soldier move, so no king move is listed.
    expect(refs.every((x) => x.move.startsWith('S'))).toBe(true);
    for (const { move, defence } of refs) {
      const frames = replayMoves(level, [move, defence]);
      expect(frames.ok, `${move} ${defence}`).toBe(true);
      if (!frames.ok) continue;
      const after = { ...(frames.value[2] as KingsValleyLevel), goal: { type: 'win-in' as const, moves: 1 } };
      expect(solveLevel(after).status, `${move} ${defence}`).toBe('unsolvable');
    }
  });
});
