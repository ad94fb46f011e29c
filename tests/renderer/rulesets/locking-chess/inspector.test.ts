import { describe, expect, it } from 'vitest';
import { Tx } from '../../../../src-renderer/editor/doc-ops.js';
import { toggleColor, type LcTx } from '../../../../src-renderer/rulesets/locking-chess/ops.js';
import {
  lcCastlingOptions,
  lcEnPassantChoice,
  lcPieceValue,
  lcSideToMove,
  lcSquareInfo,
  parseLcPieceValue,
} from '../../../../src-renderer/rulesets/locking-chess/inspector.js';
import { lockingChessUi } from '../../../../src-renderer/rulesets/locking-chess/ui.js';
import type { LockingChessLevel } from '../../../../src-shared/model/level.js';
import { editorOn } from '../../fixtures.js';

function doc(position: string): LockingChessLevel {
  return { format: 'castellan.level', version: 1, ruleset: 'locking-chess', meta: { title: 't' }, board: { width: 8, height: 8 }, position };
}
function run(position: string, fn: (tx: LcTx) => void): string {
  const tx = new Tx(doc(position));
  fn(tx);
  return tx.doc.position;
}
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('Locking Chess square inspector: both levels and the lock state (LC-2)', () => {
  it('LC-2 a white pawn under a black knight is an OPPOSITE stack: the pawn is locked', () => {
    const i = lcSquareInfo(doc('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1'), 'e4');
    expect(i.state).toBe('opposite');
    expect(i.bottom).toEqual({ color: 'white', role: 'pawn' });
    expect(i.top).toEqual({ color: 'black', role: 'knight' });
    expect(i.words).toContain('White pawn locked under black knight');
    expect(i.words).toContain('OPPOSITE');
  });
  it('LC-2 a white pawn under a white bishop is an EQUAL stack; a lone king is free; an empty square is empty', () => {
    const d = doc('8/3k4/4(PB)3/8/6K1/8/8/8 w - - 0 1');
    expect(lcSquareInfo(d, 'e6').state).toBe('equal');
    expect(lcSquareInfo(d, 'e6').words).toContain('EQUAL');
    expect(lcSquareInfo(d, 'g4')).toMatchObject({ state: 'free', bottom: { color: 'white', role: 'king' } });
    expect(lcSquareInfo(d, 'g4').top).toBeUndefined();
    expect(lcSquareInfo(d, 'a1')).toEqual({ state: 'empty', words: 'Empty square.' });
  });
  it('LC-13 a position that does not parse reads as empty squares (no crash)', () => {
    expect(lcSquareInfo(doc('(kr7/8 w - - 0 1'), 'a8').state).toBe('empty');
    expect(lcCastlingOptions(doc('not an lfen'))).toBeNull();
    expect(lcEnPassantChoice(doc('not an lfen'))).toBeNull();
    expect(lcSideToMove(doc('not an lfen'))).toBeNull();
  });
  it('the select value of a piece: white-knight both ways; anything else is no piece', () => {
    expect(lcPieceValue({ color: 'white', role: 'knight' })).toBe('white-knight');
    expect(lcPieceValue(undefined)).toBe('');
    expect(parseLcPieceValue('black-queen')).toEqual({ color: 'black', role: 'queen' });
    for (const bad of ['', 'white-', 'red-king', 'white-king-x', 'black-soldier']) expect(parseLcPieceValue(bad)).toBeNull();
  });
});

describe('Locking Chess position settings (LC-11, LC-12)', () => {
  it('LC-12 the start position: all four rights set and possible', () => {
    expect(lcCastlingOptions(doc(START))!.map((c) => [c.letter, c.on, c.possible])).toEqual([
      ['K', true, true],
      ['Q', true, true],
      ['k', true, true],
      ['q', true, true],
    ]);
  });
  it('LC-12 a right is possible only with its king and rook as the board-level pieces of their home squares', () => {
    // a1 holds a knight under the rook (the rook is on top, not at board level); h8 is empty; e1 has a knight on top of the king (board level unchanged).
    const o = lcCastlingOptions(doc('r3k3/8/8/8/8/8/8/(NR)3(KN)2R w Kq - 0 1'))!;
    expect(o.map((c) => [c.letter, c.on, c.possible])).toEqual([
      ['K', true, true],
      ['Q', false, false],
      ['k', false, false],
      ['q', true, true],
    ]);
    expect(o[1]!.title).toContain('LC-12');
    expect(o[1]!.title).toContain('a1');
  });
  it('LC-11 en passant: the square behind a black pawn that just made a two-step (White to move); none in the start position', () => {
    expect(lcEnPassantChoice(doc('rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2'))).toEqual({ current: 'd6', choices: ['d6'] });
    expect(lcEnPassantChoice(doc(START))).toEqual({ current: '', choices: [] });
    expect(lcSideToMove(doc(START))).toBe('white');
    expect(lcSideToMove(doc('4k3/8/8/8/8/8/8/4K3 b - - 0 1'))).toBe('black');
  });
  it('LC-11 as amended: a pawn on top of its own piece after a two-step superimposition offers the square behind it', () => {
    // White to move: the black pawn d5 stands on the black knight (it came d7-d5*); d6 and d7 are empty.
    expect(lcEnPassantChoice(doc('4k3/8/8/3(np)4/8/8/8/4K3 w - - 0 2'))?.choices).toEqual(['d6']);
    // On an enemy piece it cannot have arrived by a two-step superimposition (LC-3: own pieces only).
    expect(lcEnPassantChoice(doc('4k3/8/8/3(Np)4/8/8/8/4K3 w - - 0 2'))?.choices).toEqual([]);
  });
});

describe('Locking Chess colour toggle (C)', () => {
  it('LC-2 switches the uppermost piece: the top of a stack, else the board-level piece', () => {
    expect(run('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1', (tx) => expect(toggleColor(tx, 'e4')).toBe(true))).toBe('4k3/8/8/8/4(PN)3/8/8/4K3 w - - 0 1');
    expect(run('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1', (tx) => toggleColor(tx, 'e1'))).toBe('4k3/8/8/8/4(Pn)3/8/8/4k3 w - - 0 1');
  });
  it('LC-12 a rook that changes colour loses its castling right; an empty square changes nothing', () => {
    expect(run('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', (tx) => toggleColor(tx, 'h1'))).toBe('r3k2r/8/8/8/8/8/8/R3K2r w Qkq - 0 1');
    const tx = new Tx(doc(START));
    expect(toggleColor(tx, 'e4')).toBe(false);
    expect(tx.ops).toHaveLength(0);
  });
  it('the C action switches the selected piece in one undo step, else the colour of new pieces', () => {
    const e = editorOn(doc('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1'));
    const c = lockingChessUi.actions.find((a) => a.id === 'toggle-color')!;
    expect(c.key).toBe('C');
    const ctx = () => ({
      doc: e.doc as LockingChessLevel,
      selection: e.state.selection,
      placement: e.state.placement,
      setPlacement: (p: Record<string, unknown>) => e.setPlacement(p),
      edit: e.edit.bind(e),
    });
    e.select('e4');
    c.run(ctx());
    expect((e.doc as LockingChessLevel).position).toBe('4k3/8/8/8/4(PN)3/8/8/4K3 w - - 0 1');
    expect(e.state.undoLabel).toBe('Switch colour');
    expect(e.state.placement['lcColor']).toBe('white');
    e.select('a3');
    c.run(ctx());
    expect(e.state.placement['lcColor']).toBe('black');
    e.undo();
    expect((e.doc as LockingChessLevel).position).toBe('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1');
  });
});
