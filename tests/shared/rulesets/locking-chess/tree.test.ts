/**
 * Locking Chess solution trees ("mate in N", any LC-8 win) on hand-worked
 * problems, with tries and duals checked against a plain minimax over
 * `LcPosition` (legalMoves / make / unmake / outcome, not the proof game).
 */
import { describe, expect, it } from 'vitest';
import type { LockingChessLevel } from '../../../../src-shared/model/level.js';
import type { SolutionTree } from '../../../../src-shared/ruleset.js';
import { lcMoveToLan, lcParseMove, parseLfen, type LcPosition } from '../../../../src-shared/rulesets/locking-chess/index.js';
import { lcSolutionTree } from '../../../../src-shared/rulesets/locking-chess/tree.js';

function level(position: string, moves?: number): LockingChessLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'test' },
    board: { width: 8, height: 8 },
    position,
    ...(moves !== undefined ? { goal: { type: 'mate-in', moves } } : {}),
  };
}

function tree(l: LockingChessLevel): SolutionTree {
  const r = lcSolutionTree(l);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

function pos(lfen: string): LcPosition {
  const r = parseLfen(lfen);
  if (!r.ok) throw new Error(lfen);
  return r.value;
}

const lans = (p: LcPosition): string[] =>
  p
    .legalMoves()
    .map((m) => lcMoveToLan(p, m))
    .sort();

/** Plain minimax: the side to move mates (LC-8) within `k` of its moves; draws (LC-9) are escapes. */
function mates(p: LcPosition, k: number): boolean {
  if (k <= 0 || p.outcome().status !== 'ongoing') return false;
  return p.legalMoves().some((m) => {
    p.make(m);
    const ok = mated(p, k - 1);
    p.unmake();
    return ok;
  });
}
/** After the attacker's move: the defender (to move) is mated now, or every reply is mated within `k`. */
function mated(p: LcPosition, k: number): boolean {
  const o = p.outcome();
  if (o.status === 'mate') return true;
  if (o.status !== 'ongoing' || k <= 0) return false;
  return p.legalMoves().every((m) => {
    p.make(m);
    const ok = mates(p, k);
    p.unmake();
    return ok;
  });
}
const play = (p: LcPosition, l: string): LcPosition => {
  p.make(lcParseMove(p, l)!);
  return p;
};

// Resources sample 05 "lock and release": White Kc5, (PR) on b6 (rook on top of its own pawn); Black Ka6, pa4.
const LOCK_AND_RELEASE = '8/8/k(PR)6/2K5/p7/8/8/8 w - - 0 1';

describe('LC-8 solution tree', () => {
  it('LC-6 / LC-8: Ra6* locks the king; a3 is the only reply; Ra7# frees and mates it; the threat is Ra7# too', () => {
    // After Rb6-a6* the black king is locked under the rook (LC-6) and cannot move (LC-2); the pawn a4 has one step.
    // Ra7 steps off: the king is free and in check on the a-file; a5 stays on the line, b5 and b6 (the freed pawn)
    // are guarded by Kc5, b7 by the rook's rank, a7 by the pawn b6: mate (LC-8).
    const t = tree(level(LOCK_AND_RELEASE, 2));
    expect(t.key).toEqual({ lan: 'Rb6-a6*', san: 'Ra6*' });
    expect(t.cook).toBe(false);
    expect(t.variations).toEqual([{ defence: { lan: 'Pa4-a3', san: 'a3' }, answer: { lan: 'Ra6-a7', san: 'Ra7#' }, mate: true, duals: [], next: [] }]);
    // Not a check: the key locks the king without checking it, so a pass can be tested.
    expect(t.threat).toEqual({ lan: 'Ra6-a7', san: 'Ra7#' });
  });

  it('LC-8: each try fails to exactly one defence (its refutation); every other failing first move fails to two or more', () => {
    const t = tree(level(LOCK_AND_RELEASE, 2));
    expect(t.tries.length).toBeGreaterThan(0);
    const start = pos(LOCK_AND_RELEASE);
    const listed = new Map(t.tries.map((x) => [x.move.lan, x.refutation.lan]));
    for (const first of lans(start)) {
      if (first === t.key.lan) continue;
      const p = play(start.clone(), first);
      if (p.outcome().status !== 'ongoing') continue;
      const escapes = lans(p).filter((d) => !mates(play(p.clone(), d), 1));
      if (escapes.length === 1) expect(listed.get(first)).toBe(escapes[0]);
      else expect(listed.has(first)).toBe(false);
    }
  });

  it('LC-8: duals: in "climb aboard" (mate in 3) every other answer that mates as fast is a dual, slower mates are not; a checking key has no threat', () => {
    // Resources sample 09: White Kf5 Nd2, Black king on top of its knight on h6.
    const lfen = '8/8/7(nk)/5K2/8/8/3N4/8 w - - 0 1';
    const t = tree(level(lfen, 3));
    expect(t.key.san).toMatch(/\+$/);
    expect(t.threat).toBeNull();
    const afterKey = play(pos(lfen), t.key.lan);
    expect(t.variations.map((d) => d.defence.lan).sort()).toEqual(lans(afterKey));
    let sawDual = false;
    const check = (p: LcPosition, d: SolutionTree['variations'][number], rem: number): void => {
      const q = play(p.clone(), d.defence.lan);
      const winning = lans(q).filter((a) => mated(play(q.clone(), a), rem - 1));
      // The fastest mate of each answer, in White's moves (answer included).
      const speed = (a: string): number => {
        for (let k = 1; k < rem; k++) if (mated(play(q.clone(), a), k - 1)) return k;
        return rem;
      };
      const fastest = Math.min(...winning.map(speed));
      expect([d.answer!.lan, ...d.duals.map((m) => m.lan)].sort()).toEqual(winning.filter((a) => speed(a) === fastest));
      expect((d.slowerWins ?? []).map((m) => m.lan).sort()).toEqual(winning.filter((a) => speed(a) > fastest));
      if (d.duals.length > 0) sawDual = true;
      const r = play(q.clone(), d.answer!.lan);
      expect(d.mate).toBe(r.outcome().status === 'mate');
      expect(d.next.map((x) => x.defence.lan).sort()).toEqual(d.mate ? [] : lans(r));
      for (const x of d.next) check(r, x, rem - 1);
    };
    for (const d of t.variations) check(afterKey, d, 2);
    expect(sawDual).toBe(true);
  });

  it('LC-8 errors: no goal, no mate in N', () => {
    const code = (r: ReturnType<typeof lcSolutionTree>): string => (r.ok ? 'ok' : r.error[0]!.code);
    expect(code(lcSolutionTree(level(LOCK_AND_RELEASE)))).toBe('lc-goal-missing');
    expect(code(lcSolutionTree(level(LOCK_AND_RELEASE, 1)))).toBe('tree-no-win');
    expect(code(lcSolutionTree(level(LOCK_AND_RELEASE, 2), { maxStates: 5 }))).toBe('tree-limit');
  });
});
