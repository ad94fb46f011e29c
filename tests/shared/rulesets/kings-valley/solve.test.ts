/**
 * KV-8 "win in N" through solveKingsValley / solveLevelReference on hand-worked
 * positions, and a cross-check against a plain minimax written here.
 *
 * Several positions give the defender a single legal move: Black's lone king
 * on a5 with pillars b5 b4 b3 a3 can only shuttle a5 -> a4 -> a5 (a4's other
 * neighbours and a5's are pillars), and no piece can ever land on a4 or a5
 * (every line into them is blocked by those pillars), so Black is never
 * trapped. That makes the full game tree small enough to work out by hand.
 */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel } from '../../../../src-shared/model/level.js';
import {
  compileKingsValley,
  kvLegalMoves,
  kvMoveToLan,
  kvOutcome,
  kvPlay,
  kvPositionKey,
  solveKingsValley,
  type KvPosition,
} from '../../../../src-shared/rulesets/kings-valley/index.js';
import { replayMoves, solveLevelReference, validateRules } from '../../../../src-shared/rulesets/index.js';
import { kvLevel, lcg, randomKvLevel } from './helpers.js';

const SHUTTLE = ['b5', 'b4', 'b3', 'a3'];

function solved(level: KingsValleyLevel) {
  const r = solveKingsValley(level);
  if (r.status !== 'solved') throw new Error(`expected solved, got ${JSON.stringify(r)}`);
  return r;
}

describe('KV-8 win in 1', () => {
  it('KV-5/KV-6 every immediate win is a key: a valley move and a trapping move (a cook)', () => {
    // White Ka3 Sa1; Black Ke5 Sd5 Se4 Sd3. Black's king has one free neighbour, d4.
    // Ka3: N -> a5, NE b4 c5 -> c5, E b3 c3 | d3 -> c3 (valley, KV-5), SE b2 c1 -> c1, S a2 | a1 -> a2.
    // Sa1: N a2 | a3 -> a2, NE b2 c3 d4 | e5 -> d4 (traps Ke5, KV-6; a1 is not next to e5), E -> e1.
    const r = solved(kvLevel({ white: 'Ka3 Sa1', black: 'Ke5 Sd5 Se4 Sd3', n: 1 }));
    expect(r).toMatchObject({ length: 1, keys: ['Ka3-c3', 'Sa1-d4'], keysWithinN: ['Ka3-c3', 'Sa1-d4'], refutations: [] });
    expect(r.moves).toEqual(['Ka3-c3']); // the first key in LAN order
  });

  it('KV-6 a trapping move wins even when it also traps the mover’s own king', () => {
    // 7x7 (valley d4), pillars around White Kb2 and Black Kd2 leaving only their common neighbour c3.
    // White: Kb2 NE c3 d4 e5 f6 g7 -> g7 (passes the valley); Sc7 S c6 c5 c4 c3 | c2 -> c3 (traps both kings),
    // E -> g7, W -> a7, SE d6 e5 f4 g3 -> g3, SW b6 a5 -> a5. Only Sc7-c3 wins.
    const pillars = ['a1', 'a2', 'a3', 'b1', 'b3', 'c1', 'c2', 'd1', 'd3', 'e1', 'e2', 'e3'];
    const r = solved(kvLevel({ size: 7, white: 'Kb2 Sc7', black: 'Kd2', pillars, n: 1 }));
    expect(r).toMatchObject({ length: 1, keys: ['Sc7-c3'], keysWithinN: ['Sc7-c3'], moves: ['Sc7-c3'] });
  });
});

describe('KV-8 win in 2', () => {
  // White Ke5 Sb1 vs Black Ka5 (shuttle). White to move; Black's reply is always Ka5-a4.
  // Root moves: Ke5 W d5 c5 | b5 -> c5, SW d4 c3 b2 a1 -> a1, S e4 e3 e2 e1 -> e1;
  // Sb1 N b2 | b3 -> b2, NE c2 d3 e4 -> e4, E c1 d1 e1 -> e1, W a1, NW a2. No immediate win.
  // After Ka5-a4, White wins at once only after:
  // - Ke5-e1: Ke1 NW d2 c3 | b4 -> c3;
  // - Sb1-b2: Ke5 SW d4 c3 | b2 -> c3.
  // The others: Kc5 (S runs to c1, SE to e3), Ka1 (NE runs to e5), Se4/Se1/Sa1/Sa2 leave no king line
  // ending on c3 (Ke5 SW -> a1 or b2, W -> c5, S -> e2 or nothing).
  const level = (n: number) => kvLevel({ white: 'Ke5 Sb1', black: 'Ka5', pillars: SHUTTLE, n });

  it('KV-8 the two keys of a win in 2 (a cook), the main line and the refutation', () => {
    const r = solved(level(2));
    expect(r.length).toBe(2);
    expect(r.keys).toEqual(['Ke5-e1', 'Sb1-b2']);
    expect(r.keysWithinN).toEqual(['Ke5-e1', 'Sb1-b2']);
    expect(r.moves).toEqual(['Ke5-e1', 'Ka5-a4', 'Ke1-c3']);
    expect(r.refutations).toEqual([{ defence: 'Ka5-a4', answer: 'Ke1-c3', length: 2 }]);
    expect(r.states).toBeGreaterThan(0);
  });

  it('KV-8 no win in 1 there: unsolvable means "no win in N"', () => {
    expect(solveKingsValley(level(1))).toMatchObject({ status: 'unsolvable' });
  });

  it('KV-8 a larger N keeps the shortest win as length and keys', () => {
    const r = solved(level(3));
    expect(r.length).toBe(2);
    expect(r.keys).toEqual(['Ke5-e1', 'Sb1-b2']);
    expect(r.keysWithinN).toEqual(expect.arrayContaining(['Ke5-e1', 'Sb1-b2']));
  });

  it('the main line replays to a valley win (replayMoves)', () => {
    const lvl = level(2);
    const r = solved(lvl);
    const frames = replayMoves(lvl, r.moves);
    expect(frames.ok).toBe(true);
    if (!frames.ok) return;
    const last = frames.value[frames.value.length - 1] as KingsValleyLevel;
    expect(last.pieces.find((p) => p.role === 'king' && p.side === 'white')!.square).toBe('c3');
    expect(last.sideToMove).toBe('black');
  });
});

describe('KV-7 repetition in the proof', () => {
  // White Kc1 Sc4 vs Black Ka5 (shuttle), pillars also on b1 and d2. White to move, win in 3.
  // Kc1: N c2 c3 | c4 -> c3 WIN; NE d2 pillar; E d1 e1 -> e1; W b1 pillar; NW b2 | a3 -> b2.
  // Sc4: N c5, NE d5, E d4 e4 -> e4, SE d3 e2 -> e2, S c3 c2 | c1 -> c2 (passes the valley); others pillars.
  // The king can only ever stop on c3 from c1/c2 going north with c4 held, from d3/e3 going west
  // (b3 is a pillar), from e5/d4 going south-west with b2 held, or from a1/b2 going north-east with d4 held.
  // - Kc1-b2 Ka4, Kb2-c2 (E c2 | d2) Ka5, Kc2-c3: a win in 3 through new positions.
  // - Kc1-e1 Ka4: the only way to win on move 3 is Ke1-c1 Ka5 Kc1-c3, but Ka4-a5 then recreates the
  //   start position: KV-7 makes that line no win (without the rule it would be a win in 3).
  //   Ke1-e5 (then SW runs to a1) and soldier moves (Ke1 cannot reach c3) do not win on move 3.
  // - Sc4-d5 / Sc4-e4 / Sc4-e2 Ka4: only the soldier's way back to c4 (d5 SW c4 | b3, e4 W d4 c4 | b4,
  //   e2 NW d3 c4 | b5) restores Kc1-c3, and Ka4-a5 again recreates the start: no win within 3.
  // - Sc4-c5 / Sc4-c2: the soldier cannot get back to c4 in one move and no other stop on c3 appears.
  const spec = { white: 'Kc1 Sc4', black: 'Ka5', pillars: [...SHUTTLE, 'b1', 'd2'] };

  it('KV-7 the defender may use repetition of the start as a defence (keysWithinN)', () => {
    const r = solved(kvLevel({ ...spec, n: 3 }));
    expect(r.length).toBe(1);
    expect(r.keys).toEqual(['Kc1-c3']);
    expect(r.keysWithinN).toEqual(['Kc1-b2', 'Kc1-c3']);
  });

  it('KV-7 the same manoeuvre wins when the recurring position is not in the line', () => {
    // The position after Kc1-e1 Ka5-a4, as its own puzzle: Ke1-c1 Ka4-a5 Kc1-c3 repeats nothing here.
    // Other tries: Ke1-e5 (SW runs to a1), soldier moves (Ke1 N runs up the e-file or stops short of c3).
    const r = solved(kvLevel({ white: 'Ke1 Sc4', black: 'Ka4', pillars: spec.pillars, n: 2 }));
    expect(r).toMatchObject({ length: 2, keys: ['Ke1-c1'], keysWithinN: ['Ke1-c1'], moves: ['Ke1-c1', 'Ka4-a5', 'Kc1-c3'] });
  });
});

describe('KV-4 in the proof', () => {
  // The LEVEL-FORMAT fixture "Straight to the valley": Kc1 N c2 c3 | c4 -> c3.
  // Black Kc5 keeps two free neighbours (b4, d4), so no single White move traps it.
  const straight = (startingSetup: boolean) => kvLevel({ white: 'Kc1 Sa1 Sb1 Sd1 Se1', black: 'Kc5 Sa5 Sb5 Sc4 Sd5', startingSetup, n: 1 });

  it('KV-4 without the starting-setup flag the king wins at once', () => {
    expect(solved(straight(false))).toMatchObject({ length: 1, keys: ['Kc1-c3'] });
  });

  it('KV-4 from a starting setup the king may not make the first move: no win in 1', () => {
    expect(solveKingsValley(straight(true))).toMatchObject({ status: 'unsolvable' });
  });

  it('KV-4/KV-6 a side to move that has already lost (no legal move) has no win', () => {
    expect(solveKingsValley(kvLevel({ white: 'Ka1', black: 'Ke5 Sa5', startingSetup: true, n: 3 }))).toMatchObject({
      status: 'unsolvable',
    });
  });

  it('KV-6 a side to move whose king is trapped has no win', () => {
    expect(solveKingsValley(kvLevel({ white: 'Ka1 Sb1 Sb2', black: 'Ke5', pillars: ['a2'], n: 2 }))).toMatchObject({
      status: 'unsolvable',
    });
  });
});

describe('dispatch and options', () => {
  it('validateRules and solveLevelReference use the King’s Valley rules', () => {
    expect(validateRules(kvLevel({ white: 'Kc3', black: 'Kc5' })).map((i) => i.code)).toEqual(['kv-king-on-valley']);
    expect(solveLevelReference(kvLevel({ white: 'Kc3', black: 'Kc5', n: 1 }))).toMatchObject({ status: 'invalid' });
    expect(solveLevelReference(kvLevel({ white: 'Ka3 Sa1', black: 'Ke5 Sd5 Se4 Sd3', n: 1 }))).toMatchObject({
      status: 'solved',
      keys: ['Ka3-c3', 'Sa1-d4'],
    });
  });

  it('KV-8 a level without a goal cannot be solved: kv-goal-missing', () => {
    const r = solveLevelReference(kvLevel({ white: 'Ka1', black: 'Ke5' }));
    expect(r).toMatchObject({ status: 'invalid', issues: [{ code: 'kv-goal-missing', severity: 'error', ruling: 'KV-8' }] });
  });

  it('maxStates caps the nodes (limit), an aborted signal cancels, progress is reported', () => {
    const lvl = kvLevel({ white: 'Kc1 Sa1 Sb1 Sd1 Se1', black: 'Kc5 Sa5 Sb5 Sd5 Se5', n: 4 });
    expect(solveLevelReference(lvl, { maxStates: 50 })).toMatchObject({ status: 'limit', reason: 'states', states: 50 });
    expect(solveLevelReference(lvl, { signal: { aborted: true } })).toMatchObject({ status: 'cancelled' });
    const seen: number[] = [];
    solveLevelReference(lvl, { onProgress: (p) => seen.push(p.depth), progressEvery: 100 });
    expect(seen.slice(0, 4)).toEqual([1, 2, 3, 4]);
  });

  it('replayMoves: frames switch the side to move and end the KV-4 restriction', () => {
    const lvl = kvLevel({ white: 'Kc1 Sa1', black: 'Kc5 Sa5', startingSetup: true });
    const r = replayMoves(lvl, ['Sa1-a4', 'Kc5-c2']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const f = r.value as KingsValleyLevel[];
    expect(f.map((x) => x.sideToMove)).toEqual(['white', 'black', 'white']);
    expect(f.map((x) => x.startingSetup)).toEqual([true, false, false]);
    expect(f[2]!.pieces.map((p) => p.square)).toEqual(['c1', 'a4', 'c2', 'a5']);
  });

  it('replayMoves: KV-4 king first from a setup is move-illegal; a move after the valley is move-after-game-over', () => {
    const setup = kvLevel({ white: 'Kc1 Sa1', black: 'Kc5 Sa5', startingSetup: true });
    const bad = replayMoves(setup, ['Kc1-c4']);
    expect(!bad.ok && bad.error[0]).toMatchObject({ code: 'move-illegal', pointer: '/moves/0', square: 'c1' });
    const after = replayMoves(kvLevel({ white: 'Ka1', black: 'Ke5 Sd4' }), ['Ka1-c3', 'Ke5-e1']);
    expect(!after.ok && after.error[0]).toMatchObject({ code: 'move-after-game-over', pointer: '/moves/1', ruling: 'KV-5' });
  });
});

// ---------------------------------------------------------------- cross-check

/** Plain minimax over position.ts with the KV-7 path rule: can the side to move of `p` win within d? */
function attackerWins(p: KvPosition, d: number, path: string[]): boolean {
  for (const m of kvLegalMoves(p)) {
    const { position: q, outcome } = kvPlay(p, m);
    if (outcome.status === 'won') {
      if (outcome.winner === p.sideToMove) return true;
      continue;
    }
    const key = kvPositionKey(q);
    if (d > 1 && !path.includes(key) && defenderLoses(q, d - 1, [...path, key])) return true;
  }
  return false;
}

function defenderLoses(p: KvPosition, d: number, path: string[]): boolean {
  for (const m of kvLegalMoves(p)) {
    const { position: q, outcome } = kvPlay(p, m);
    if (outcome.status === 'won') {
      if (outcome.winner === p.sideToMove) return false;
      continue;
    }
    const key = kvPositionKey(q);
    if (path.includes(key) || !attackerWins(q, d, [...path, key])) return false;
  }
  return true;
}

/** Reference answer: each first move's shortest win (<= n) under KV-7, by plain minimax. */
function reference(level: KingsValleyLevel, n: number): { length: number; keys: string[]; within: string[] } | undefined {
  const c = compileKingsValley(level);
  if (!c.ok) throw new Error('bad level');
  const p = c.value;
  if (kvOutcome(p).status !== 'ongoing') return undefined;
  const start = kvPositionKey(p);
  const dist = new Map<string, number>();
  for (const m of kvLegalMoves(p)) {
    const { position: q, outcome } = kvPlay(p, m);
    const lan = kvMoveToLan(p, m);
    if (outcome.status === 'won') {
      if (outcome.winner === p.sideToMove) dist.set(lan, 1);
      continue;
    }
    for (let k = 2; k <= n; k++) {
      if (defenderLoses(q, k - 1, [start, kvPositionKey(q)])) {
        dist.set(lan, k);
        break;
      }
    }
  }
  if (dist.size === 0) return undefined;
  const length = Math.min(...dist.values());
  return {
    length,
    keys: [...dist]
      .filter(([, d]) => d === length)
      .map(([l]) => l)
      .sort(),
    within: [...dist.keys()].sort(),
  };
}

describe('cross-check against a plain minimax', () => {
  it('KV-8 length, keys and keysWithinN agree on random small positions (N <= 2, and some N = 3)', () => {
    const rnd = lcg(2026);
    let compared = 0;
    let wins = 0;
    let tries = 0;
    while (compared < 60 && tries < 1000) {
      tries++;
      const n = compared < 45 ? 1 + Math.floor(rnd() * 2) : 3;
      const level = randomKvLevel(rnd, { perSide: 1 + Math.floor(rnd() * 4), pillars: Math.floor(rnd() * 3), n });
      if (!compileKingsValley(level).ok) continue;
      compared++;
      const ref = reference(level, n);
      const r = solveKingsValley(level);
      if (!ref) {
        expect(r.status, JSON.stringify(level)).toBe('unsolvable');
        continue;
      }
      wins++;
      expect(r.status, JSON.stringify(level)).toBe('solved');
      if (r.status !== 'solved') continue;
      expect({ length: r.length, keys: r.keys, within: r.keysWithinN }, JSON.stringify(level)).toEqual({
        length: ref.length,
        keys: ref.keys,
        within: ref.within,
      });
    }
    expect(compared).toBe(60);
    expect(wins).toBeGreaterThan(10);
    expect(compared - wins).toBeGreaterThan(10);
  });
});
