/** The Locking Chess play engine (src-shared/rulesets/locking-chess/engine.ts) on hand-worked positions. */
import { describe, expect, it } from 'vitest';
import type { LockingChessLevel } from '../../../../src-shared/model/level.js';
import { chooseLcEngineMove, lcReplayPosition } from '../../../../src-shared/rulesets/locking-chess/engine.js';
import { lockingChess } from '../../../../src-shared/rulesets/locking-chess/def.js';

const doc = (position: string): LockingChessLevel => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'locking-chess',
  meta: { title: 't' },
  board: { width: 8, height: 8 },
  position,
});
// Hand-worked (tests/e2e/locking-chess.spec.ts): Bh3-g2 locks nothing but checks the locked king a8: lockmate.
const LOCKMATE_IN_1 = '(kr)7/8/1K6/8/8/7B/8/8 w - - 0 1';

describe('Locking Chess engine move choice (LC-8)', () => {
  it('LC-8 the engine playing White finds the mate in 1', () => {
    const pos = lcReplayPosition(LOCKMATE_IN_1, []);
    expect(pos.ok).toBe(true);
    if (!pos.ok) return;
    const c = chooseLcEngineMove(pos.value);
    expect(c).toMatchObject({ lan: 'Bh3-g2', kind: 'mate', mateIn: 1 });
  });

  it('LC-8 the ruleset engine (lockingChess.engine) answers a forced mate as a win; the goal verb is "mate"', () => {
    const r = lockingChess.engine.move(doc(LOCKMATE_IN_1), []);
    expect(r.ok && r.value).toMatchObject({ lan: 'Bh3-g2', kind: 'win', winIn: 1, horizon: 2 });
    expect(lockingChess.goal.verb).toBe('mate');
  });

  it('LC-7 an illegal move in the game and LC-8 a game that is over are errors', () => {
    // The black king on a8 is locked under its rook: it cannot move (LC-2), so Black's Ka8-b8 is not legal.
    const bad = lockingChess.engine.move(doc(LOCKMATE_IN_1), ['Bh3-g2', 'Ka8-b8']);
    expect(!bad.ok && bad.error[0]?.code).toBe('move-illegal');
    // After the lockmate there is no move to choose.
    const over = lockingChess.engine.move(doc(LOCKMATE_IN_1), ['Bh3-g2']);
    expect(!over.ok && over.error[0]?.code).toBe('game-over');
  });
});
