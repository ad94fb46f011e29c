import { describe, expect, it } from 'vitest';
import { LcSession, chooseLcEngineMove, lcReplayPosition, lcStatusText } from '../../src-renderer/editor/lc-play.js';
import type { LockingChessLevel } from '../../src-shared/model/level.js';

const doc = (position: string): LockingChessLevel => ({ format: 'castellan.level', version: 1, ruleset: 'locking-chess', meta: { title: 't' }, board: { width: 8, height: 8 }, position });
// Hand-worked (tests/e2e/locking-chess.spec.ts): Bh3-g2 locks nothing but checks the locked king a8: lockmate.
const LOCKMATE_IN_1 = '(kr)7/8/1K6/8/8/7B/8/8 w - - 0 1';

describe('Locking Chess play sessions', () => {
  it('LC-8 the user plays the key; the status names the lockmate; the document is untouched', () => {
    const d = doc(LOCKMATE_IN_1);
    const s = LcSession.start(d);
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(s.value.targets('h3')).toContain('g2');
    const after = s.value.play('Bh3-g2')!;
    expect(after.outcome).toEqual({ status: 'mate', kind: 'lockmate', winner: 'white' });
    expect(lcStatusText(after)).toBe('Lockmate (LC-8): White wins. You won!');
    expect(d.position).toBe(LOCKMATE_IN_1);
    expect(after.undo()!.moves).toEqual([]);
  });
  it('LC-8 the engine playing White finds the mate in 1', () => {
    const pos = lcReplayPosition(LOCKMATE_IN_1, []);
    expect(pos.ok).toBe(true);
    if (!pos.ok) return;
    const c = chooseLcEngineMove(pos.value);
    expect(c).toMatchObject({ lan: 'Bh3-g2', kind: 'mate', mateIn: 1 });
  });
  it('LC-9 a stalemate is named a draw', () => {
    // Black king a8, White Kb6 Qc6... Qc7 leaves a8 without a move, not in check (orthodox stalemate; no own pieces to climb).
    const s = LcSession.start(doc('k7/8/1K6/8/8/8/8/2Q5 w - - 0 1'));
    if (!s.ok) throw new Error('bad');
    const after = s.value.play('Qc1-c7')!;
    expect(after.outcome).toEqual({ status: 'draw', reason: 'stalemate' });
    expect(lcStatusText(after)).toContain('stalemate');
  });
});
