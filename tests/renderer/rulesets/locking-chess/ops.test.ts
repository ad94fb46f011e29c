import { describe, expect, it } from 'vitest';
import { Tx } from '../../../../src-renderer/editor/doc-ops.js';
import * as lc from '../../../../src-renderer/rulesets/locking-chess/ops.js';
import type { LockingChessLevel } from '../../../../src-shared/model/level.js';
import { editorOn } from '../../fixtures.js';

function doc(position: string): LockingChessLevel {
  return { format: 'castellan.level', version: 1, ruleset: 'locking-chess', meta: { title: 't' }, board: { width: 8, height: 8 }, position };
}
function run(position: string, fn: (tx: lc.LcTx) => void): string {
  const tx = new Tx(doc(position));
  fn(tx);
  return tx.doc.position;
}
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('Locking Chess stack edits (LC-2, LC-13)', () => {
  it('LC-2 dropping a piece on a piece superimposes it: the lower one is locked, written (Xy)', () => {
    const p = run('4k3/8/8/8/4P3/8/8/4K3 w - - 0 1', (tx) => expect(lc.dropPiece(tx, 'e4', { color: 'black', role: 'knight' })).toBe('top'));
    expect(p).toBe('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1');
    expect(lc.lcBoardState(p)).toBe('(P/n):e4 K:e1 k:e8 to-move:white');
  });
  it('LC-2 on an empty square the drop lands at board level; on a full stack it replaces the top', () => {
    expect(run('4k3/8/8/8/8/8/8/4K3 w - - 0 1', (tx) => lc.dropPiece(tx, 'b1', { color: 'white', role: 'knight' }))).toBe('4k3/8/8/8/8/8/8/1N2K3 w - - 0 1');
    expect(run('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1', (tx) => lc.dropPiece(tx, 'e4', { color: 'white', role: 'queen' }))).toBe(
      '4k3/8/8/8/4(PQ)3/8/8/4K3 w - - 0 1',
    );
  });
  it('LC-2 removing the top frees the lower piece; removing the board level lets the top settle', () => {
    expect(run('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1', (tx) => lc.eraseTop(tx, 'e4'))).toBe('4k3/8/8/8/4P3/8/8/4K3 w - - 0 1');
    expect(run('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1', (tx) => lc.setLevel(tx, 'e4', 'bottom', null))).toBe('4k3/8/8/8/4n3/8/8/4K3 w - - 0 1');
  });
  it('moving onto a full stack is refused; onto a lone piece superimposes', () => {
    const t = new Tx(doc('4k3/8/8/8/4(Pn)3/8/8/3RK3 w - - 0 1'));
    expect(lc.movePiece(t, 'd1', 'e4')).toBe(false);
    expect(t.ops.length).toBe(0);
    expect(run('4k3/8/8/8/4P3/8/8/3RK3 w - - 0 1', (tx) => lc.movePiece(tx, 'd1', 'e4'))).toBe('4k3/8/8/8/4(PR)3/8/8/4K3 w - - 0 1');
  });
});

describe('Locking Chess rights kept consistent with the board (LC-12, LC-11)', () => {
  it('LC-12 removing the h1 rook clears K; putting a piece on top of the e1 king keeps rights (board level unchanged)', () => {
    expect(run(START, (tx) => lc.eraseTop(tx, 'h1'))).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1');
    expect(run(START, (tx) => lc.eraseTop(tx, 'e8'))).toBe('rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1');
  });
  it('LC-12 a right whose rook is not home cannot be set', () => {
    const t = new Tx(doc('4k3/8/8/8/8/8/8/4K2R w - - 0 1'));
    expect(lc.setCastling(t, 'Q', true)).toBe(false);
    expect(lc.setCastling(t, 'K', true)).toBe(true);
    expect(t.doc.position).toBe('4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  });
  it('LC-11 en passant is offered only behind a pawn that just made a two-step; changing the side clears it', () => {
    const f = lc.lcFields(doc('4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1'))!;
    expect(lc.epCandidates(f)).toEqual(['d6']);
    const blocked = lc.lcFields(doc('4k3/3p4/8/3pP3/8/8/8/4K3 w - - 0 1'))!;
    expect(lc.epCandidates(blocked)).toEqual([]);
    const p = run('4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1', (tx) => lc.setEnPassant(tx, 'd6'));
    expect(p).toBe('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
    expect(run(p, (tx) => lc.setSideToMove(tx, 'black'))).toBe('4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1');
    expect(run(p, (tx) => lc.eraseTop(tx, 'd5'))).toBe('4k3/8/8/4P3/8/8/8/4K3 w - - 0 1');
  });
});

describe('LFEN paste (LC-13)', () => {
  it('LC-13 a syntax error is refused with lc-lfen-syntax naming the character position', () => {
    const r = lc.checkPaste('4k3/8/8/8/4(Pn3/8/8/4K3 w - - 0 1');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error[0]!.code).toBe('lc-lfen-syntax');
      expect(r.error[0]!.message).toMatch(/\d/);
    }
  });
  it('LC-12 a castling right without its rook is refused (lc-castling); a missing king is accepted for the live validation', () => {
    const r = lc.checkPaste('4k3/8/8/8/8/8/8/4K3 w K - 0 1');
    expect(!r.ok && r.error[0]!.code).toBe('lc-castling');
    expect(lc.checkPaste('8/8/8/8/8/8/8/4K3 w - - 0 1').ok).toBe(true);
  });
  it('an orthodox FEN without clocks is normalised by the writer', () => {
    expect(lc.checkPaste('  (kr)7/8/1K6/8/8/7B/8/8 w - -  ')).toEqual({ ok: true, value: '(kr)7/8/1K6/8/8/7B/8/8 w - - 0 1' });
    const t = new Tx(doc(START));
    expect(lc.pastePosition(t, 'nonsense')[0]!.code).toBe('lc-lfen-syntax');
    expect(t.ops.length).toBe(0);
  });
});

describe('Locking Chess tools through the Editor (LC-2)', () => {
  it('LC-2 the knight tool in black drops on the e4 pawn (superimposed), erase takes the top off; one undo step each', () => {
    const e = editorOn(doc('4k3/8/8/8/4P3/8/8/4K3 w - - 0 1'));
    e.setPlacement({ lcColor: 'black' });
    e.setTool('knight');
    e.applyToolAt('e4');
    expect((e.doc as LockingChessLevel).position).toBe('4k3/8/8/8/4(Pn)3/8/8/4K3 w - - 0 1');
    expect(e.state.undoLabel).toBe('Place black knight');
    expect(e.topItem('e4')).toBe('piece');
    e.setTool('erase');
    e.applyToolAt('e4');
    expect((e.doc as LockingChessLevel).position).toBe('4k3/8/8/8/4P3/8/8/4K3 w - - 0 1');
    e.undo();
    e.undo();
    expect((e.doc as LockingChessLevel).position).toBe('4k3/8/8/8/4P3/8/8/4K3 w - - 0 1');
    expect(e.state.canUndo).toBe(false);
    expect(e.moveItem('e1', 'e4', 'piece')).toBe(true);
    expect((e.doc as LockingChessLevel).position).toBe('4k3/8/8/8/4(PK)3/8/8/8 w - - 0 1');
  });
});

describe('LC-12 impossible castling rights of a loaded file', () => {
  const NO_ROOKS = '4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1';
  it('LC-12 each impossible right is an error with its squares, and its box stays enabled so it can be cleared', async () => {
    const { lcCastlingOptions } = await import('../../../../src-renderer/rulesets/locking-chess/inspector.js');
    const opts = lcCastlingOptions(doc(NO_ROOKS))!;
    expect(opts.map((o) => [o.letter, o.on, o.possible, o.error?.squares])).toEqual([
      ['K', true, false, ['e1', 'h1']],
      ['Q', true, false, ['e1', 'a1']],
      ['k', true, false, ['e8', 'h8']],
      ['q', true, false, ['e8', 'a8']],
    ]);
  });
  it('LC-12 unticking one impossible right clears that right only', () => {
    expect(run(NO_ROOKS, (tx) => expect(lc.setCastling(tx, 'Q', false)).toBe(true))).toBe('4k3/8/8/8/8/8/8/4K3 w Kkq - 0 1');
  });
  it('LC-12 / LC-13 Copy exports only the rights the board can have, and says which were left out', () => {
    expect(lc.exportLfen(doc(NO_ROOKS))).toEqual({ text: '4k3/8/8/8/8/8/8/4K3 w - - 0 1', dropped: ['castling rights KQkq (LC-12)'] });
    expect(lc.exportLfen(doc('4k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1'))).toEqual({
      text: '4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1',
      dropped: ['castling rights Kq (LC-12)'],
    });
    expect(lc.exportLfen(doc(START))).toEqual({ text: START, dropped: [] });
  });
});
