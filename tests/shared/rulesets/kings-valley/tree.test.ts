/**
 * King's Valley solution trees (KV-8, chess-problem style) on hand-worked
 * positions, and the tree of a sample checked against a plain minimax over
 * position.ts (an implementation independent of the proof game).
 *
 * The "shuttle" (as in solve.test.ts): Black's lone king on a5 with pillars
 * b5 b4 b3 a3 can only go a5 -> a4 -> a5, and nothing can ever land on a4 or
 * a5, so Black has exactly one legal move at every turn and is never
 * trapped. Position A: White Kc1 Se4 against it; the valley is c3.
 *
 * White's moves in A (worked by hand, KV-2): Kc1 N c2 c3 c4 c5 -> c5, NE d2
 * e3 -> e3, E d1 e1 -> e1, W b1 a1 -> a1, NW b2 | a3 -> b2; Se4 N -> e5, S e3
 * e2 e1 -> e1, W d4 c4 | b4 -> c4, NW d5 -> d5, SW d3 c2 b1 -> b1. None ends
 * on c3, so no win in 1. Wins in 2: Kc1-e1 (then NW d2 c3 | b4 -> c3),
 * Kc1-e3 (then W d3 c3 | b3 -> c3), Se4-c4 (then Kc1 N c2 c3 | c4 -> c3).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel } from '../../../../src-shared/model/level.js';
import type { SolutionTree, TreeDefence } from '../../../../src-shared/ruleset.js';
import {
  compileKingsValley,
  kvLegalMoves,
  kvMoveToLan,
  kvOutcome,
  kvParseLan,
  kvPlay,
  type KvPosition,
} from '../../../../src-shared/rulesets/kings-valley/index.js';
import { kvSolutionTree } from '../../../../src-shared/rulesets/kings-valley/tree.js';
import { rulesetOf } from '../../../../src-shared/rulesets/index.js';
import { kvLevel } from './helpers.js';

const SHUTTLE = ['b5', 'b4', 'b3', 'a3'];
const positionA = (n: number): KingsValleyLevel => kvLevel({ white: 'Kc1 Se4', black: 'Ka5', pillars: SHUTTLE, n });

function tree(level: KingsValleyLevel): SolutionTree {
  const r = kvSolutionTree(level);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const lan = (d: TreeDefence): string => `${d.defence.lan} ${d.answer?.lan ?? '-'}`;

describe('KV-8 solution tree', () => {
  it('KV-8: the change-sides sample: key Sc2-c4, every one of the 12 defences answered by Kc1-c3, which is also the threat', () => {
    // White Kc1 Sa1 Se1 Sc2 Sa5; Black Kc5 Se2 Sb5 Sd5 Se5 (resources sample 04, win in 2).
    // Sc2-c4: N c3 c4 | c5 (a soldier may pass the valley, KV-3). Then Kc1 N c2 c3 | c4 -> c3 (KV-5).
    // Black's replies (KV-2, by hand): Kc5 SW b4 a3 -> a3, SE d4 e3 -> e3; Sb5 S b4..b1 -> b1, SW -> a4;
    // Sd5 S d4..d1 -> d1, SE -> e4; Se5 S e4 e3 | e2 -> e3, SW d4 c3 b2 | a1 -> b2;
    // Se2 N e3 e4 | e5 -> e4, W d2 c2 b2 a2 -> a2, NW d3 | c4 -> d3, SW -> d1. None stops on c2 or c3.
    const level = JSON.parse(readFileSync('resources/levels/kings-valley/04-change-sides.level.json', 'utf8')) as KingsValleyLevel;
    const t = tree(level);
    expect(t.key.lan).toBe('Sc2-c4');
    expect(t.cook).toBe(false);
    expect(t.threat?.lan).toBe('Kc1-c3');
    expect(t.variations.map((d) => d.defence.lan).sort()).toEqual(
      ['Kc5-a3', 'Kc5-e3', 'Sb5-a4', 'Sb5-b1', 'Sd5-d1', 'Sd5-e4', 'Se2-a2', 'Se2-d1', 'Se2-d3', 'Se2-e4', 'Se5-b2', 'Se5-e3'].sort(),
    );
    for (const d of t.variations) {
      expect(d.answer?.lan).toBe('Kc1-c3');
      expect(d.mate).toBe(true);
      expect(d.next).toEqual([]);
    }
  });

  it('KV-8: three first moves win in 2 (a cook); the key is the first in LAN order; the lone defence is answered at once', () => {
    const t = tree(positionA(2));
    expect(t.keys).toEqual(['Kc1-e1', 'Kc1-e3', 'Se4-c4']);
    expect(t.cook).toBe(true);
    expect(t.key.lan).toBe('Kc1-e1');
    expect(t.length).toBe(2);
    expect(t.variations.map(lan)).toEqual(['Ka5-a4 Ke1-c3']);
    expect(t.variations[0]!.mate).toBe(true);
    // Within N = 2 the answer must win at once: Ke1-c3 is White's only valley move there.
    expect(t.variations[0]!.duals).toEqual([]);
    // As if Black passed: White (Ke1, Se4) wins at once with Ke1-c3.
    expect(t.threat?.lan).toBe('Ke1-c3');
  });

  it('KV-8: a try is refuted by exactly one defence: with one legal reply, every first move that fails is a try refuted by it', () => {
    const t = tree(positionA(2));
    // The other first moves of A (module doc) cannot win in 2: White's second move never reaches c3.
    expect(t.tries.map((x) => x.move.lan).sort()).toEqual(['Kc1-a1', 'Kc1-b2', 'Kc1-c5', 'Se4-b1', 'Se4-d5', 'Se4-e1', 'Se4-e5']);
    for (const x of t.tries) expect(x.refutation.lan).toBe('Ka5-a4');
  });

  it('KV-8: duals are only the equally fast answers: in a win in 3, answers that win a move later are slower wins, not duals', () => {
    // After Kc1-e1 Ka5-a4 (White Ke1 Se4): Ke1 N e2 e3 | e4 -> e3, W -> a1, NW d2 c3 | b4 -> c3 (the win);
    // Se4 N -> e5, S e3 e2 | e1 -> e2, W -> c4, NW -> d5, SW d3 c2 b1 -> b1.
    // Black's only reply is Ka4-a5; then Ke3-c3 (W | b3) or Ke1-c3 wins, unless the soldier blocked d2 / c3 (none does).
    // Ke1-a1: from a1 NE b2 c3 d4 e5 -> e5, N -> a2, E -> e1: no win, and no soldier move stops the king on c3 from a1.
    const t = tree(positionA(3));
    expect(t.key.lan).toBe('Kc1-e1');
    const v = t.variations[0]!;
    expect(lan(v)).toBe('Ka5-a4 Ke1-c3');
    expect(v.mate).toBe(true);
    // Ke1-c3 wins at once and is White's only move onto c3, so nothing is as fast: no dual.
    expect(v.duals).toEqual([]);
    // These six win one move later (above): still within N, but slower, so not duals.
    expect((v.slowerWins ?? []).map((m) => m.lan).sort()).toEqual(['Ke1-e3', 'Se4-b1', 'Se4-c4', 'Se4-d5', 'Se4-e2', 'Se4-e5']);
    // Slower first moves that also win within 3 are listed apart from the keys.
    expect(t.slowerKeys?.some((k) => t.keys.includes(k))).toBe(false);
  });

  it('KV-8 errors: no goal, no win in N, a spent budget, a cancelled build', () => {
    const noGoal = kvLevel({ white: 'Kc1 Se4', black: 'Ka5', pillars: SHUTTLE });
    const codes = (r: ReturnType<typeof kvSolutionTree>): string[] => (r.ok ? [] : r.error.map((i) => i.code));
    expect(codes(kvSolutionTree(noGoal))).toEqual(['kv-goal-missing']);
    const none = kvSolutionTree(positionA(1));
    expect(codes(none)).toEqual(['tree-no-win']);
    expect(none.ok ? '' : none.error[0]!.ruling).toBe('KV-8');
    expect(codes(kvSolutionTree(positionA(3), { maxStates: 10 }))).toEqual(['tree-limit']);
    expect(codes(kvSolutionTree(positionA(3), { signal: { aborted: true } }))).toEqual(['tree-cancelled']);
  });

  it('KV-8: the hook is wired in the ruleset module', () => {
    const level = positionA(2);
    const r = rulesetOf(level)!.solutionTree!(level);
    expect(r.ok && r.value.key.lan).toBe('Kc1-e1');
  });
});

/** Plain minimax over position.ts: the side to move wins within `k` of its moves (KV-5, KV-6; no repetition in <= 3 moves here). */
function wins(pos: KvPosition, k: number): boolean {
  if (k <= 0 || kvOutcome(pos).status !== 'ongoing') return false;
  return kvLegalMoves(pos).some((m) => {
    const { position, outcome } = kvPlay(pos, m);
    if (outcome.status === 'won') return outcome.winner === pos.sideToMove;
    if (k === 1) return false;
    return kvLegalMoves(position).every((d) => {
      const r = kvPlay(position, d);
      if (r.outcome.status === 'won') return r.outcome.winner === pos.sideToMove;
      return wins(r.position, k - 1);
    });
  });
}

const playLan = (pos: KvPosition, l: string): KvPosition => kvPlay(pos, kvParseLan(pos, l)!).position;
/** The mover wins at once or, with `k` > 1, after every reply within k - 1 more moves. */
function moveWins(pos: KvPosition, l: string, k: number): boolean {
  const mover = pos.sideToMove;
  const { position, outcome } = kvPlay(pos, kvParseLan(pos, l)!);
  if (outcome.status === 'won') return outcome.winner === mover;
  if (k === 1) return false;
  return kvLegalMoves(position).every((d) => {
    const r = kvPlay(position, d);
    return r.outcome.status === 'won' ? r.outcome.winner === mover : wins(r.position, k - 1);
  });
}

describe('KV-8 solution tree against a plain minimax', () => {
  it('KV-8: sample 07 (win in 3): every defence is listed; the duals win as fast as the answer, the slower wins later, every other answer not in time', () => {
    const level = JSON.parse(readFileSync('resources/levels/kings-valley/07-block-then-slide-home.level.json', 'utf8')) as KingsValleyLevel;
    const t = tree(level);
    const start = compileKingsValley(level);
    if (!start.ok) throw new Error('compile');
    expect(moveWins(start.value, t.key.lan, 3)).toBe(true);
    const afterKey = playLan(start.value, t.key.lan);
    expect(t.variations.map((d) => d.defence.lan).sort()).toEqual(
      kvLegalMoves(afterKey)
        .map((m) => kvMoveToLan(afterKey, m))
        .sort(),
    );
    for (const d of t.variations) {
      const p = playLan(afterKey, d.defence.lan);
      const winning = kvLegalMoves(p)
        .map((m) => kvMoveToLan(p, m))
        .filter((l) => moveWins(p, l, 2))
        .sort();
      // The fastest win of each answer, in White's moves (1 or 2 here).
      const speed = (l: string): number => (moveWins(p, l, 1) ? 1 : 2);
      const fastest = Math.min(...winning.map(speed));
      expect([d.answer!.lan, ...d.duals.map((m) => m.lan)].sort()).toEqual(winning.filter((l) => speed(l) === fastest));
      expect((d.slowerWins ?? []).map((m) => m.lan).sort()).toEqual(winning.filter((l) => speed(l) > fastest));
      expect(d.mate).toBe(moveWins(p, d.answer!.lan, 1));
    }
  });
});
