/** The King's Valley play engine (src-shared/rulesets/kings-valley/engine.ts): move choice on hand-worked positions. */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel, KvPiece } from '../../../../src-shared/model/level.js';
import { compileKingsValley, type KvPosition } from '../../../../src-shared/rulesets/kings-valley/index.js';
import { chooseEngineMove, engineMoveInGame, kvEngineHorizon } from '../../../../src-shared/rulesets/kings-valley/engine.js';
import { kingsValley } from '../../../../src-shared/rulesets/kings-valley/def.js';

/** `"Kc1 Sc4 ka5"`: upper case White, lower case Black, K king, S soldier. */
function level(pieces: string, opts: { pillars?: string[]; side?: 'white' | 'black'; size?: number; goal?: number; start?: boolean } = {}): KingsValleyLevel {
  const list: KvPiece[] = pieces.split(' ').map((t) => ({
    role: t[0]!.toLowerCase() === 'k' ? 'king' : 'soldier',
    side: t[0] === t[0]!.toUpperCase() ? 'white' : 'black',
    square: t.slice(1),
  }));
  const n = opts.size ?? 5;
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 't' },
    board: { width: n, height: n },
    pieces: list,
    sideToMove: opts.side ?? 'white',
    ...(opts.pillars ? { pillars: opts.pillars } : {}),
    ...(opts.goal ? { goal: { type: 'win-in' as const, moves: opts.goal } } : {}),
    ...(opts.start ? { startingSetup: true } : {}),
  };
}

function pos(l: KingsValleyLevel): KvPosition {
  const c = compileKingsValley(l);
  if (!c.ok) throw new Error(c.error.map((i) => i.message).join(' '));
  return c.value;
}

/** Sample 04 "Change Sides" (resources/levels/kings-valley), hand-copied: White to move wins in 2. */
const CHANGE_SIDES = 'Kc1 Sa1 Se1 Sc2 Sa5 kc5 se2 sb5 sd5 se5';

describe('King’s Valley engine move choice (KV-5, KV-6, KV-8)', () => {
  it('KV-5 with a win in 1 the engine plays that key (hand-worked)', () => {
    // White Kc1, Sc4; Black Ka5. Kc1 slides north c2, c3 and stops before c4: on the valley (KV-5).
    // No other White move wins at once: only a king wins on the valley, and trapping a5 would need
    // a4, b4 and b5 filled in one move.
    const c = chooseEngineMove(pos(level('Kc1 Sc4 ka5')));
    expect(c?.lan).toBe('Kc1-c3');
    expect(c?.kind).toBe('win');
    expect(c?.winIn).toBe(1);
  });

  it('KV-8 as the attacker it takes the fastest forced win: sample 04, key Sc2-c4 (win in 2, hand-worked)', () => {
    // No win in 1 (Kc1 reaches e3, a3, d1, b1 only; c2 blocks the file). Sc2-c4 stops on c4 (it may
    // pass the valley, KV-3), so Kc1-c3 threatens; no Black piece can stop on c2 or c3 and Black's king
    // cannot reach the valley, so every defence loses to Kc1-c3.
    const c = chooseEngineMove(pos(level(CHANGE_SIDES)));
    expect(c?.lan).toBe('Sc2-c4');
    expect(c?.winIn).toBe(2);
    // In the game, after the key and any defence, it finishes on the valley.
    const r = engineMoveInGame(level(CHANGE_SIDES), ['Sc2-c4', 'Kc5-a3']);
    expect(r.ok && r.value.lan).toBe('Kc1-c3');
  });

  it('KV-6 as the defender facing a forced loss it picks the move that delays it longest (hand-worked)', () => {
    // 5 x 5, Black to move: White Kb5, Sb3; Black Ka4; pillars b4, e2.
    // Black's only piece, the king on a4, has two moves: N to a5 (b5 is White's king: NE blocked;
    // E is the pillar b4; SE is b3) and S to a1 (a3, a2, a1 are empty).
    // - Ka4-a5 loses in 1: a5's neighbours are a4, b4 (pillar), b5 (king); Sb3-a4 (NW, stops at the
    //   edge) fills a4, and Black's king is trapped at the start of its turn (KV-6).
    // - Ka4-a1 loses in 2, not 1: a1's neighbours a2, b1, b2 are free (no trap in one move), and
    //   White's king reaches only a4, a5, e5 or d3 (SE stops before the pillar e2), not the valley.
    //   Then Kb5-d3 threatens Kd3-c3 (W: stops on c3 before Sb3); Black's king on a1 can only go to
    //   a5, e1 or e5 (NE passes c3, KV-5 needs a stop), none on c3, so Kd3-c3 wins next.
    const c = chooseEngineMove(pos(level('Kb5 Sb3 ka4', { pillars: ['b4', 'e2'], side: 'black' })));
    expect(c?.lan).toBe('Ka4-a1');
    expect(c?.kind).toBe('defend');
    expect(c?.lossIn).toBe(2);
  });

  it('as the defender it avoids a loss in 1 when one move parries (hand-worked)', () => {
    // White Kc1, Sc4, Sd1; Black Ka4, Black to move. White threatens Kc1-c3 (c2, c3, stop before c4).
    // Black's king moves: a5, b5, b4 (before c4), a1, and SE b3, c2 (stops before d1). Only Ka4-c2
    // blocks the c-file; every other move allows Kc1-c3 at once.
    const c = chooseEngineMove(pos(level('Kc1 Sc4 Sd1 ka4', { side: 'black' })));
    expect(c?.lan).toBe('Ka4-c2');
    expect(c?.lossIn).not.toBe(1);
  });

  it('answers null when the game is over, and falls back to a legal move without a budget', () => {
    // Black to move with its king on a5 boxed in by b4 (pillar), b5 and a4 (White): trapped (KV-6).
    expect(chooseEngineMove(pos(level('Kb5 Sa4 ka5 Sc1', { pillars: ['b4'], side: 'black' })))).toBeNull();
    const c = chooseEngineMove(pos(level(CHANGE_SIDES)), [], { maxNodes: 0 });
    expect(c?.kind).toBe('any');
    expect(typeof c?.lan).toBe('string');
  });

  it('engine horizon follows the goal (4..6)', () => {
    expect(kvEngineHorizon(level('Kc1 ka5'))).toBe(4);
    expect(kvEngineHorizon(level('Kc1 ka5', { goal: 5 }))).toBe(5);
    expect(kvEngineHorizon(level('Kc1 ka5', { goal: 9 }))).toBe(6);
  });

  it('KV-8 the ruleset engine (kingsValley.engine) answers plain data, and the game-over / illegal-move errors', () => {
    // Sample 04 after the key and a defence: Kc1-c3 wins on the valley (hand-worked above).
    const r = kingsValley.engine.move(level(CHANGE_SIDES), ['Sc2-c4', 'Kc5-a3']);
    expect(r.ok && r.value).toMatchObject({ lan: 'Kc1-c3', kind: 'win', winIn: 1, horizon: 4 });
    expect(r.ok && 'move' in r.value).toBe(false);
    // The same line with a goal of 5: the horizon follows the goal.
    const g = kingsValley.engine.move(level(CHANGE_SIDES, { goal: 5 }), ['Sc2-c4', 'Kc5-a3']);
    expect(g.ok && g.value.horizon).toBe(5);
    const bad = kingsValley.engine.move(level(CHANGE_SIDES), ['Kc1-c3']); // c2 blocks the file
    expect(!bad.ok && bad.error[0]?.code).toBe('move-illegal');
    // Black trapped on a5 (KV-6): the game is over.
    const over = kingsValley.engine.move(level('Kb5 Sa4 ka5 Sc1', { pillars: ['b4'], side: 'black' }), []);
    expect(!over.ok && over.error[0]?.code).toBe('game-over');
  });
});
