import { describe, expect, it } from 'vitest';
import type { UnlockTheKingLevel } from '../../../../src-shared/model/level.js';
import { applyDiff, invertDiff, Tx } from '../../../../src-renderer/editor/doc-ops.js';
import * as ops from '../../../../src-renderer/rulesets/unlock-the-king/ops.js';
import { sampleLevel } from '../../fixtures.js';

function run(doc: UnlockTheKingLevel, fn: (tx: Tx<UnlockTheKingLevel>) => void): { after: UnlockTheKingLevel; undone: UnlockTheKingLevel } {
  const tx = new Tx(doc);
  fn(tx);
  const d = tx.diff('t');
  const after = applyDiff(doc, d);
  expect(after).toEqual(tx.doc);
  return { after, undone: applyDiff(after, invertDiff(d)) };
}

describe('Unlock the King ops: structural edits (no rules) and exact undo', () => {
  it('placing a piece on an empty square appends it with UK-4 pawn defaults', () => {
    const { after, undone } = run(sampleLevel(), (tx) => ops.placePiece(tx, 'a2', { role: 'pawn', color: 'obsidian' }));
    expect(after.pieces[3]).toEqual({ role: 'pawn', square: 'a2', color: 'obsidian', facing: 'north', lateral: false });
    expect(undone).toEqual(sampleLevel());
  });

  it('placing a piece on an occupied square replaces it in place; on a wall removes the wall', () => {
    const a = run(sampleLevel(), (tx) => ops.placePiece(tx, 'e4', { role: 'bishop', color: 'ivory' }));
    expect(a.after.pieces.map((p) => `${p.role}@${p.square}`)).toEqual(['king@e1', 'bishop@e4', 'pawn@e2']);
    expect(a.undone).toEqual(sampleLevel());
    const b = run(sampleLevel(), (tx) => ops.placePiece(tx, 'd4', { role: 'knight', color: 'ivory' }));
    expect(b.after.walls).toEqual([]);
    expect(b.undone).toEqual(sampleLevel());
  });

  it('a piece may stand on the portal (UK-6): the portal stays', () => {
    const { after } = run(sampleLevel(), (tx) => ops.placePiece(tx, 'e8', { role: 'rook', color: 'ivory' }));
    expect(after.portal).toBe('e8');
  });

  it('a wall replaces a piece and the portal on its square', () => {
    const a = run(sampleLevel(), (tx) => ops.placeWall(tx, 'e4'));
    expect(a.after.pieces.map((p) => p.square)).toEqual(['e1', 'e2']);
    expect(a.after.walls).toEqual(['d4', 'e4']);
    const b = run(sampleLevel(), (tx) => ops.placeWall(tx, 'e8'));
    expect(b.after.portal).toBeUndefined();
    expect(b.undone).toEqual(sampleLevel());
  });

  it('a wall on a document without a walls array creates it, and undo removes it again', () => {
    const doc = sampleLevel();
    delete doc.walls;
    const { after, undone } = run(doc, (tx) => ops.placeWall(tx, 'a1'));
    expect(after.walls).toEqual(['a1']);
    expect('walls' in undone).toBe(false);
  });

  it('the portal is single: placing it moves it (and clears a wall there)', () => {
    const { after, undone } = run(sampleLevel(), (tx) => ops.placePortal(tx, 'd4'));
    expect(after.portal).toBe('d4');
    expect(after.walls).toEqual([]);
    expect(undone).toEqual(sampleLevel());
  });

  it('erase removes the top item first: piece, then wall, then portal', () => {
    let doc = sampleLevel();
    doc = run(doc, (tx) => ops.placePiece(tx, 'e8', { role: 'rook', color: 'ivory' })).after;
    const tx = new Tx(doc);
    expect(ops.eraseTop(tx, 'e8')).toBe('piece');
    expect(ops.eraseTop(tx, 'e8')).toBe('portal');
    expect(ops.eraseTop(tx, 'e8')).toBeNull();
    expect(ops.eraseTop(tx, 'd4')).toBe('wall');
    expect(tx.doc.walls).toEqual([]);
  });

  it('moving a piece keeps its index and props', () => {
    const a = run(sampleLevel(), (tx) => expect(ops.moveItem(tx, 'e2', 'h2', 'piece')).toEqual({ ok: true }));
    expect(a.after.pieces[2]).toEqual({ role: 'pawn', square: 'h2', facing: 'east', lateral: false });
    expect(a.undone).toEqual(sampleLevel());
  });

  it('QA #3: a move never destroys — onto another piece or a wall it is refused and records nothing', () => {
    const tx = new Tx(sampleLevel());
    expect(ops.moveItem(tx, 'e4', 'e1', 'piece')).toEqual({ ok: false, refused: 'e1 is occupied' });
    expect(ops.moveItem(tx, 'e4', 'd4', 'piece')).toEqual({ ok: false, refused: 'd4 is occupied' });
    expect(tx.ops).toHaveLength(0);
    expect(tx.doc).toEqual(sampleLevel());
  });

  it('QA #3 UK-6: a piece may move onto the portal, and the portal stays', () => {
    const { after, undone } = run(sampleLevel(), (tx) => expect(ops.moveItem(tx, 'e4', 'e8', 'piece')).toEqual({ ok: true }));
    expect(after.portal).toBe('e8');
    expect(after.pieces[1]!.square).toBe('e8');
    expect(undone).toEqual(sampleLevel());
  });

  it('QA #3: a wall moved onto a piece, the portal or another wall is refused; the portal onto a wall too', () => {
    const doc = { ...sampleLevel(), walls: ['d4', 'a1'] };
    const tx = new Tx(doc);
    expect(ops.moveItem(tx, 'd4', 'e4', 'wall')).toEqual({ ok: false, refused: 'e4 is occupied' });
    expect(ops.moveItem(tx, 'd4', 'e8', 'wall')).toEqual({ ok: false, refused: 'e8 is occupied' });
    expect(ops.moveItem(tx, 'd4', 'a1', 'wall')).toEqual({ ok: false, refused: 'a1 is occupied' });
    expect(ops.moveItem(tx, 'e8', 'd4', 'portal')).toEqual({ ok: false, refused: 'd4 is occupied' });
    expect(tx.ops).toHaveLength(0);
  });

  it('moving a wall and the portal', () => {
    const a = run(sampleLevel(), (tx) => ops.moveItem(tx, 'd4', 'a8', 'wall'));
    expect(a.after.walls).toEqual(['a8']);
    const b = run(sampleLevel(), (tx) => ops.moveItem(tx, 'e8', 'h1', 'portal'));
    expect(b.after.portal).toBe('h1');
    expect(b.undone).toEqual(sampleLevel());
    // The portal may move under a piece (UK-6: pieces stand on it).
    const c = run(sampleLevel(), (tx) => ops.moveItem(tx, 'e8', 'e4', 'portal'));
    expect(c.after.portal).toBe('e4');
  });

  it('moving from an empty square or onto itself records nothing', () => {
    const tx = new Tx(sampleLevel());
    expect(ops.moveItem(tx, 'a1', 'a2', 'piece')).toEqual({ ok: false });
    expect(ops.moveItem(tx, 'e1', 'e1', 'piece')).toEqual({ ok: false });
    expect(tx.ops).toHaveLength(0);
  });

  it('QA #3: placing (an explicit action) answers what it replaced', () => {
    const tx = new Tx(sampleLevel());
    expect(ops.placePiece(tx, 'e4', { role: 'bishop', color: 'obsidian' })).toEqual(['ivory rook on e4']);
    expect(ops.placePiece(tx, 'd4', { role: 'knight', color: 'ivory' })).toEqual(['wall on d4']);
    expect(ops.placePiece(tx, 'a1', { role: 'knight', color: 'ivory' })).toEqual([]);
    expect(ops.placeWall(tx, 'e2')).toEqual(['ivory pawn on e2']);
    expect(ops.placeWall(tx, 'e8')).toEqual(['portal on e8']);
    expect(ops.placePortal(tx, 'e2')).toEqual(['wall on e2']);
  });

  it('role changes add / drop pawn fields (UK-4 defaults)', () => {
    const a = run(sampleLevel(), (tx) => ops.setPieceProps(tx, 'e4', { role: 'pawn' }));
    expect(a.after.pieces[1]).toEqual({ role: 'pawn', square: 'e4', color: 'ivory', facing: 'north', lateral: false });
    const b = run(sampleLevel(), (tx) => ops.setPieceProps(tx, 'e2', { role: 'queen', color: 'obsidian' }));
    expect(b.after.pieces[2]).toEqual({ role: 'queen', square: 'e2', color: 'obsidian' });
    expect(b.undone).toEqual(sampleLevel());
  });

  it('QA #4: removedByResize names what a shrink would drop (nothing when growing)', () => {
    expect(ops.removedByResize(sampleLevel(), 5, 3)).toEqual(['ivory rook on e4', 'wall on d4', 'portal on e8']);
    expect(ops.removedByResize(sampleLevel(), 8, 8)).toEqual([]);
    expect(ops.removedByResize(sampleLevel(), 12, 9)).toEqual([]);
  });

  it('shrinking the board removes what falls off, in the same undoable step', () => {
    const { after, undone } = run(sampleLevel(), (tx) => ops.setBoardSize(tx, 5, 3));
    expect(after.board).toEqual({ width: 5, height: 3 });
    expect(after.pieces.map((p) => p.square)).toEqual(['e1', 'e2']);
    expect(after.walls).toEqual([]);
    expect(after.portal).toBeUndefined();
    expect(undone).toEqual(sampleLevel());
  });

  it('meta: empty author is removed, empty title kept; par set and cleared', () => {
    const { after } = run(sampleLevel(), (tx) => {
      ops.setMeta(tx, 'author', 'Ada');
      ops.setMeta(tx, 'author', '');
      ops.setMeta(tx, 'title', '');
      ops.setPar(tx, 7);
    });
    expect(after.meta).toEqual({ title: '' });
    expect(after.par).toBe(7);
  });
});
