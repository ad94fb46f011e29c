/** Locking Chess play sessions (src-renderer/rulesets/locking-chess/play.ts); the engine's move choice: tests/shared/rulesets/locking-chess/engine.test.ts. */
import { describe, expect, it } from 'vitest';
import { LcSession, lcStatusText, startLcEnginePlay, startLcPlay } from '../../../../src-renderer/rulesets/locking-chess/play.js';
import type { LockingChessLevel } from '../../../../src-shared/model/level.js';

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
  it('LC-9 a stalemate is named a draw', () => {
    // Black king a8, White Kb6 Qc6... Qc7 leaves a8 without a move, not in check (orthodox stalemate; no own pieces to climb).
    const s = LcSession.start(doc('k7/8/1K6/8/8/8/8/2Q5 w - - 0 1'));
    if (!s.ok) throw new Error('bad');
    const after = s.value.play('Qc1-c7')!;
    expect(after.outcome).toEqual({ status: 'draw', reason: 'stalemate' });
    expect(lcStatusText(after)).toContain('stalemate');
  });
  it("LC-1 the generic play contract: a promotion asks for the piece, the engine side moves next, undo goes back to the person's turn", () => {
    // White Ke1, Pa7; Black Ke8. The pawn reaches a8 (empty): four promotions (orthodox chess, LC-1), one square.
    const d = doc('4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
    const r = startLcEnginePlay(d, 'white');
    if (!r.ok) throw new Error('bad');
    const s = r.value;
    expect(s.isMovable('a7')).toBe(true);
    expect(s.isMovable('e8')).toBe(false); // Black: the engine's side
    expect(s.targets('a7')).toEqual([{ to: 'a8', capture: false, choices: ['Pa7-a8=Q', 'Pa7-a8=R', 'Pa7-a8=B', 'Pa7-a8=N'] }]);
    expect(s.play('a7', 'a8')).toEqual({ needChoice: ['Pa7-a8=Q', 'Pa7-a8=R', 'Pa7-a8=B', 'Pa7-a8=N'] });
    expect(s.describeChoice('Pa7-a8=N')).toEqual({ label: 'a8=N', role: 'knight' });
    const n = s.play('a7', 'a8', 'Pa7-a8=N');
    if (!n || 'needChoice' in n) throw new Error('not played');
    expect(n.view.notation).toEqual(['a8=N']);
    expect(n.view.lastMove).toEqual({ from: 'a7', to: 'a8' });
    expect(n.view.game).toMatchObject({ sideToMove: 'black', startSide: 'white', user: 'white', engineToMove: true, by: ['user'] });
    expect(n.targets('e8')).toEqual([]); // not the person's turn
    // The engine's answer (a legal king step) is played and marked as the engine's.
    const e = n.playEngine({ lan: 'Ke8-d8', kind: 'any', nodes: 0 });
    expect(e?.view.lans).toEqual(['Pa7-a8=N', 'Ke8-d8']);
    expect(e?.view.game?.by).toEqual(['user', 'engine']);
    expect(n.playEngine({ lan: 'Ke8-e6', kind: 'any', nodes: 0 })).toBeNull(); // not a king move
    // Undo takes back the engine's reply and the person's move; the one-move undo only the reply.
    expect(e!.undoTurn().view.moves).toBe(0);
    expect(e!.undo().view.lans).toEqual(['Pa7-a8=N']);
    expect(e!.restart().view.moves).toBe(0);
    // The document is a copy.
    expect(d.position).toBe('4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
  });

  it('LC-8 a lockmate by the person is a win in the generic status; by the engine a loss', () => {
    const won = startLcEnginePlay(doc(LOCKMATE_IN_1), 'white');
    if (!won.ok) throw new Error('bad');
    const after = won.value.play('h3', 'g2');
    if (!after || 'needChoice' in after) throw new Error('not played');
    expect(after.view.status).toEqual({ kind: 'won' });
    expect(after.view.statusText).toBe('Lockmate (LC-8): White wins. You won!');
    const lost = startLcEnginePlay(doc(LOCKMATE_IN_1), 'black');
    if (!lost.ok) throw new Error('bad');
    const mated = lost.value.playEngine({ lan: 'Bh3-g2', kind: 'win', winIn: 1, nodes: 1 });
    expect(mated?.view.status).toEqual({ kind: 'failed', reason: 'lc-lost' });
    expect(lost.value.engineNote({ lan: 'Bh3-g2', kind: 'win', winIn: 1, nodes: 1 })).toBe('Engine played Bh3-g2: it forces mate in 1.');
  });

  it('LC-1 the playtest moves both sides by hand: no engine turn, undo takes back one move, a mate is a win', () => {
    const d = doc('4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
    const r = startLcPlay(d);
    if (!r.ok) throw new Error('bad');
    expect(r.value.view.game).toMatchObject({ user: 'both', engineToMove: false, startSide: 'white' });
    const n = r.value.play('e1', 'd1');
    if (!n || 'needChoice' in n) throw new Error('not played');
    // Black to move, and it is the person's move too.
    expect(n.game?.engineToMove).toBe(false);
    expect(n.isMovable('e8')).toBe(true);
    expect(n.isMovable('a7')).toBe(false);
    expect(n.view.statusText).toBe('Black to move');
    expect(n.game!.undoTurn().view.moves).toBe(0);
    const mate = startLcPlay(doc(LOCKMATE_IN_1));
    if (!mate.ok) throw new Error('bad');
    const m = mate.value.play('h3', 'g2');
    if (!m || 'needChoice' in m) throw new Error('not played');
    expect(m.view.status).toEqual({ kind: 'won' });
    expect(m.view.statusText).toBe('Lockmate (LC-8): White wins.');
    // The engine can take a side from here.
    expect(n.game!.withUser('black').game).toMatchObject({ user: 'black', engineToMove: false });
    expect(n.game!.withUser('white').game).toMatchObject({ user: 'white', engineToMove: true });
  });
});
