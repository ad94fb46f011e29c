/**
 * Locking Chess through the generic play session (src-shared/play/,
 * `lockingChess.play`): LC-8 lockmate and checkmate, LC-9 stalemate, LC-10
 * promotion choices, the sides, and a "mate in 2" played to the end
 * against the real engine (sample 05 "Lock and Release": 1. Ra6*! a3
 * 2. Ra7#). Positions hand-worked from docs/rules/locking-chess.md.
 */
import { describe, expect, it } from 'vitest';
import type { LockingChessLevel } from '../../../src-shared/model/level.js';
import { lockingChess } from '../../../src-shared/rulesets/locking-chess/def.js';
import { PlayDriver } from '../../../src-shared/play/driver.js';
import { directEngine } from '../../../src-shared/play/runners.js';
import { play, start } from './helpers.js';

const doc = (position: string, goal?: number): LockingChessLevel => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'locking-chess',
  meta: { title: 't' },
  board: { width: 8, height: 8 },
  position,
  ...(goal ? { goal: { type: 'mate-in' as const, moves: goal } } : {}),
});
// Hand-worked (tests/e2e/locking-chess.spec.ts): Bh3-g2 locks nothing but checks the locked king a8: lockmate.
const LOCKMATE_IN_1 = '(kr)7/8/1K6/8/8/7B/8/8 w - - 0 1';
/** Sample 05 "Lock and Release", hand-copied: Black Ka6, Pa4; White Kc5, a rook on a white pawn on b6. */
const LOCK_AND_RELEASE = '8/8/k(PR)6/2K5/p7/8/8/8 w - - 0 1';

describe('Locking Chess play (LC-1..LC-10)', () => {
  it('LC-8 the person plays the key; the status names the lockmate; the document is untouched', () => {
    const d = doc(LOCKMATE_IN_1);
    const s = start(d);
    expect(s.targets('h3').map((t) => t.to)).toContain('g2');
    const after = s.playLan('Bh3-g2')!;
    expect(after.view.result).toMatchObject({ status: 'won', code: 'lockmate', winner: 'white' });
    expect(after.view.statusText).toBe('Lockmate (LC-8): White wins.');
    expect(start(d, { user: 'white' }).playLan('Bh3-g2')!.view.statusText).toBe('Lockmate (LC-8): White wins. You won!');
    expect(d.position).toBe(LOCKMATE_IN_1);
    expect(after.undo().view.lans).toEqual([]);
  });

  it('LC-9 a stalemate is named a draw', () => {
    // Black king a8, White Kb6 Qc1: Qc7 leaves a8 without a move, not in check (orthodox stalemate; no own pieces to climb).
    const after = start(doc('k7/8/1K6/8/8/8/8/2Q5 w - - 0 1')).playLan('Qc1-c7')!;
    expect(after.view.result).toMatchObject({ status: 'draw', code: 'stalemate' });
    expect(after.view.statusText).toBe('Draw by stalemate (LC-9).');
    expect(after.view.status).toEqual({ kind: 'failed', reason: 'draw' });
  });

  it("LC-10 a promotion asks for the piece, the engine side moves next, undo goes back to the person's turn", () => {
    // White Ke1, Pa7; Black Ke8. The pawn reaches a8 (empty): four promotions (orthodox chess, LC-1), one square.
    const d = doc('4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
    const s = start(d, { user: 'white' });
    expect(s.isMovable('a7')).toBe(true);
    expect(s.isMovable('e8')).toBe(false); // Black: the engine's side
    expect(s.targets('a7')).toEqual([{ to: 'a8', capture: false, choices: ['Pa7-a8=Q', 'Pa7-a8=R', 'Pa7-a8=B', 'Pa7-a8=N'] }]);
    expect(s.play('a7', 'a8')).toEqual({ needChoice: ['Pa7-a8=Q', 'Pa7-a8=R', 'Pa7-a8=B', 'Pa7-a8=N'] });
    expect(s.describeChoice('Pa7-a8=N')).toEqual({ label: 'a8=N', role: 'knight' });
    const n = play(s, 'a7', 'a8', 'Pa7-a8=N');
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
    expect(d.position).toBe('4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
  });

  it('LC-8 a lockmate by the person is a win; by the engine a loss', () => {
    const after = play(start(doc(LOCKMATE_IN_1), { user: 'white' }), 'h3', 'g2');
    expect(after.view.status).toEqual({ kind: 'won' });
    expect(after.view.statusText).toBe('Lockmate (LC-8): White wins. You won!');
    const lost = start(doc(LOCKMATE_IN_1), { user: 'black' });
    const mated = lost.playEngine({ lan: 'Bh3-g2', kind: 'win', winIn: 1, nodes: 1 });
    expect(mated?.view.status).toEqual({ kind: 'failed', reason: 'lost' });
    expect(lost.engineNote({ lan: 'Bh3-g2', kind: 'win', winIn: 1, nodes: 1 })).toBe('Engine played Bh3-g2: it forces mate in 1.');
    expect(lost.engineNote({ lan: 'Bh3-g2', kind: 'draw', nodes: 1 })).toBe('Engine played Bh3-g2: it draws (LC-9).');
  });

  it('LC-1 the playtest moves both sides by hand: no engine turn, undo takes back one move; a check is said', () => {
    const d = doc('4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
    const s = start(d);
    expect(s.view.game).toMatchObject({ user: 'both', engineToMove: false, startSide: 'white' });
    const n = play(s, 'e1', 'd1');
    // Black to move, and it is the person's move too.
    expect(n.game?.engineToMove).toBe(false);
    expect(n.isMovable('e8')).toBe(true);
    expect(n.isMovable('a7')).toBe(false);
    expect(n.view.statusText).toBe('Black to move');
    expect(n.undoTurn().view.moves).toBe(0);
    // LC-7: Ke8-e7? no: a queen promotion on a8 checks the king on e8 along the rank.
    const q = play(s, 'a7', 'a8', 'Pa7-a8=Q');
    expect(q.view.statusText).toBe('Black to move (check)');
    expect(q.withUser('black').view.statusText).toBe('Black to move: your move (check)');
    // The engine can take a side from here.
    expect(n.withUser('black').game).toMatchObject({ user: 'black', engineToMove: false });
    expect(n.withUser('white').game).toMatchObject({ user: 'white', engineToMove: true });
  });

  it('LC-8 undo after a Restart by hand and against the engine moving first', () => {
    const d = doc('4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
    const h2 = play(play(start(d), 'e1', 'd1'), 'e8', 'd8');
    expect(h2.restart().undo().view.lans).toEqual(h2.view.lans);
    // The person plays Black: the engine (White) moves first, also right after the Restart.
    const e1 = start(d, { user: 'black' }).playEngine({ lan: 'Ke1-f1', kind: 'any', nodes: 0 })!;
    const e2 = play(e1, 'e8', 'f8');
    const r1 = e2.restart().playEngine({ lan: 'Ke1-d1', kind: 'any', nodes: 0 })!;
    expect(r1.undoTurn().view.lans).toEqual(e2.view.lans);
    // A side switch keeps the history: the Restart can still be taken back.
    const switched = h2.restart().withUser('white');
    expect(switched.canUndo).toBe(true);
    expect(switched.undoTurn().view.lans).toEqual(h2.view.lans);
  });

  it('LC-13 an LFEN that does not read cannot be played: its errors point at /position', () => {
    expect(() => start(doc('not a position'))).toThrow();
  });

  it('LC-6 LC-8 mate in 2 against the engine: Rb6-a6* locks the king, the engine can only answer a3, Ra6-a7 mates (three stars)', async () => {
    const driver = new PlayDriver(start(doc(LOCK_AND_RELEASE, 2), { user: 'white' }), { engine: directEngine(lockingChess) });
    // LC-6: the rook steps off its stack onto the black king (a king is never captured: the one move there locks it).
    const t = driver.session.targets('b6').find((x) => x.to === 'a6');
    expect(t).toEqual({ to: 'a6', capture: false, choices: [] });
    expect(driver.move('b6', 'a6')).toBe('moved');
    expect(driver.session.view.lans).toEqual(['Rb6-a6*']);
    await driver.settled();
    // LC-6: the locked king cannot move: the pawn is Black's only move.
    expect(driver.session.view.lans).toEqual(['Rb6-a6*', 'Pa4-a3']);
    expect(driver.session.view.notation[1]).toBe('a3');
    expect(driver.move('a6', 'a7')).toBe('moved');
    const v = driver.session.view;
    expect(v.result).toMatchObject({ status: 'won', winner: 'white' });
    expect(v.statusText).toContain('White wins. You won!');
    expect(v.counted).toBe(2);
    expect(v.par).toBe(2);
    expect(v.stars).toBe(3);
  });
});
