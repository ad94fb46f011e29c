import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel } from '../../../../src-shared/model/level.js';
import { validateChessMaze } from '../../../../src-shared/rulesets/chess-maze/index.js';
import { applyDiff, invertDiff, Tx } from '../../../../src-renderer/editor/doc-ops.js';
import * as cm from '../../../../src-renderer/rulesets/chess-maze/ops.js';
import { redDoor } from '../../fixtures.js';

function run(doc: ChessMazeLevel, fn: (tx: Tx<ChessMazeLevel>) => void): { after: ChessMazeLevel; undone: ChessMazeLevel } {
  const tx = new Tx(doc);
  fn(tx);
  const d = tx.diff('t');
  const after = applyDiff(doc, d);
  expect(after).toEqual(tx.doc);
  return { after, undone: applyDiff(after, invertDiff(d)) };
}

const errorCodes = (l: ChessMazeLevel): string[] =>
  validateChessMaze(l)
    .filter((i) => i.severity === 'error')
    .map((i) => i.code);

describe('Chess Maze ops: Chess Maze structural edits and exact undo', () => {
  it('the fixture is a valid level (no CM-14 errors)', () => {
    expect(errorCodes(redDoor())).toEqual([]);
  });

  it('CM-14 placing a piece appends it; on a piece it replaces in place and names it; pawns get a facing (CM-3)', () => {
    const a = run(redDoor(), (tx) => expect(cm.placePiece(tx, 'b1', { role: 'pawn', side: 'player' })).toEqual([]));
    expect(a.after.pieces[2]).toEqual({ role: 'pawn', square: 'b1', side: 'player', facing: 'north' });
    expect(a.undone).toEqual(redDoor());
    const b = run(redDoor(), (tx) => expect(cm.placePiece(tx, 'e5', { role: 'queen', side: 'player' })).toEqual(['enemy rook on e5']));
    expect(b.after.pieces.map((p) => `${p.side} ${p.role}@${p.square}`)).toEqual(['player knight@a1', 'player queen@e5']);
    expect(b.undone).toEqual(redDoor());
  });

  it('CM-1 placing on a hole makes the square floor (and says so); the holes list goes when empty', () => {
    const { after, undone } = run(redDoor(), (tx) => expect(cm.placeTile(tx, 'c3', { kind: 'gem' })).toEqual(['hole on c3']));
    expect(after.board).toEqual({ width: 5, height: 5 });
    expect(after.tiles!.at(-1)).toEqual({ kind: 'gem', square: 'c3' });
    expect(undone).toEqual(redDoor());
  });

  it('CM-14 one collectible per square: a gem on the coin replaces it', () => {
    const { after } = run(redDoor(), (tx) => expect(cm.placeTile(tx, 'c5', { kind: 'gem' })).toEqual(['coin on c5']));
    expect(cm.tilesAt(after, 'c5')).toEqual([{ kind: 'gem', square: 'c5' }]);
  });

  it('CM-14 a key shares its square with no collectible, plate, finish or same-colour lock; another colour lock stays', () => {
    const a = run(redDoor(), (tx) => expect(cm.placeTile(tx, 'c5', { kind: 'key', color: 'blue' })).toEqual(['coin on c5']));
    expect(cm.tilesAt(a.after, 'c5')).toEqual([{ kind: 'key', square: 'c5', color: 'blue' }]);
    const b = run(redDoor(), (tx) => expect(cm.placeTile(tx, 'd4', { kind: 'key', color: 'blue' })).toEqual([]));
    expect(
      cm
        .tilesAt(b.after, 'd4')
        .map((t) => t.kind)
        .sort(),
    ).toEqual(['key', 'lock']);
    expect(errorCodes(b.after)).toEqual([]);
    const c = run(redDoor(), (tx) => expect(cm.placeTile(tx, 'd4', { kind: 'key', color: 'red' })).toEqual(['red lock on d4']));
    expect(cm.tilesAt(c.after, 'd4').map((t) => t.kind)).toEqual(['key']);
    // A coin placed on a key removes the key.
    const d = run(redDoor(), (tx) => expect(cm.placeTile(tx, 'b3', { kind: 'coin' })).toEqual(['red key on b3']));
    expect(cm.tilesAt(d.after, 'b3')).toEqual([{ kind: 'coin', square: 'b3' }]);
  });

  it('CM-14 a square has one floor tile: a plate on the lock replaces it; a transform holds nothing else', () => {
    const a = run(redDoor(), (tx) => expect(cm.placeTile(tx, 'd4', { kind: 'plate', color: 'green' })).toEqual(['red lock on d4']));
    expect(cm.tilesAt(a.after, 'd4')).toEqual([{ kind: 'plate', square: 'd4', color: 'green' }]);
    const b = run(redDoor(), (tx) => expect(cm.placeTile(tx, 'e4', { kind: 'transform', allowed: ['queen', 'knight'] })).toEqual(['finish on e4']));
    // CM-10: allowed types stored in canonical order.
    expect(cm.tilesAt(b.after, 'e4')).toEqual([{ kind: 'transform', square: 'e4', allowed: ['knight', 'queen'] }]);
    const c = run(b.after, (tx) => expect(cm.placeTile(tx, 'e4', { kind: 'coin' })).toEqual(['transform (N/Q) on e4']));
    expect(cm.tilesAt(c.after, 'e4')).toEqual([{ kind: 'coin', square: 'e4' }]);
  });

  it('CM-14 exactly one finish: placing the finish moves it (not a replacement)', () => {
    const { after, undone } = run(redDoor(), (tx) => expect(cm.placeTile(tx, 'a5', { kind: 'finish' })).toEqual([]));
    expect(after.tiles!.filter((t) => t.kind === 'finish')).toEqual([{ kind: 'finish', square: 'a5' }]);
    expect(errorCodes(after)).toEqual([]);
    expect(undone).toEqual(redDoor());
  });

  it('placing an identical tile again changes nothing', () => {
    const tx = new Tx(redDoor());
    expect(cm.placeTile(tx, 'b3', { kind: 'key', color: 'red' })).toEqual([]);
    expect(tx.ops).toHaveLength(0);
  });

  it('QA #3: a piece may not be dragged onto a piece or a hole; onto tiles it may', () => {
    const tx = new Tx(redDoor());
    expect(cm.moveItem(tx, 'a1', 'e5', 'piece')).toEqual({ ok: false, refused: 'e5 is occupied' });
    expect(cm.moveItem(tx, 'a1', 'c3', 'piece')).toEqual({ ok: false, refused: 'c3 is a hole' });
    expect(tx.ops).toHaveLength(0);
    const { after, undone } = run(redDoor(), (tx2) => expect(cm.moveItem(tx2, 'a1', 'b3', 'piece')).toEqual({ ok: true }));
    expect(after.pieces[0]).toEqual({ role: 'knight', square: 'b3', side: 'player' });
    expect(after.tiles).toEqual(redDoor().tiles);
    expect(undone).toEqual(redDoor());
  });

  it('QA #3: a tile may not be dragged where it would conflict or onto a hole; elsewhere it moves in place', () => {
    const tx = new Tx(redDoor());
    expect(cm.moveItem(tx, 'c5', 'b3', 'coin')).toEqual({ ok: false, refused: 'b3 is occupied' });
    expect(cm.moveItem(tx, 'b3', 'd4', 'key')).toEqual({ ok: false, refused: 'd4 is occupied' });
    expect(cm.moveItem(tx, 'e4', 'c3', 'finish')).toEqual({ ok: false, refused: 'c3 is a hole' });
    expect(tx.ops).toHaveLength(0);
    const { after } = run(redDoor(), (tx2) => expect(cm.moveItem(tx2, 'c5', 'd4', 'coin')).toEqual({ ok: true }));
    expect(after.tiles![2]).toEqual({ kind: 'coin', square: 'd4' });
  });

  it('erase removes the top item: piece, then finish/key/collectible, then floor tiles', () => {
    let doc = run(redDoor(), (tx) => cm.placeTile(tx, 'd4', { kind: 'coin' })).after;
    doc = run(doc, (tx) => cm.placePiece(tx, 'd4', { role: 'king', side: 'player' })).after;
    const tx = new Tx(doc);
    expect(cm.eraseTop(tx, 'd4')).toBe('piece');
    expect(cm.eraseTop(tx, 'd4')).toBe('coin');
    expect(cm.eraseTop(tx, 'd4')).toBe('lock');
    expect(cm.eraseTop(tx, 'd4')).toBeNull();
  });

  it('CM-1 painting holes skips squares with a piece or tile; painting floor fills holes; one exact undo', () => {
    const { after, undone } = run(redDoor(), (tx) => {
      const r = cm.paintSquares(tx, ['a1', 'a2', 'b3', 'b2', 'c3'], 'hole');
      expect(r).toEqual({ changed: ['a2', 'b2'], skipped: ['a1', 'b3'] });
    });
    expect(after.board.holes).toEqual(['c3', 'a2', 'b2']);
    expect(undone).toEqual(redDoor());
    const f = run(redDoor(), (tx) => expect(cm.paintSquares(tx, ['c3', 'c4'], 'floor').changed).toEqual(['c3']));
    expect('holes' in f.after.board).toBe(false);
  });

  it('CM-1 fill region: 4-connected squares of the same terrain', () => {
    // 3 x 3 board, holes on the middle column: the floor region of a1 is the left column only.
    const doc: ChessMazeLevel = { ...redDoor(), board: { width: 3, height: 3, holes: ['b1', 'b2', 'b3'] }, pieces: [], tiles: [] };
    expect(cm.fillRegion(doc, 'a1').sort()).toEqual(['a1', 'a2', 'a3']);
    expect(cm.fillRegion(doc, 'b2').sort()).toEqual(['b1', 'b2', 'b3']);
    expect(cm.fillRegion(doc, 'z9')).toEqual([]);
  });

  it('rectangle squares span both corners inclusively, in any drag direction', () => {
    expect(cm.rectSquares('c2', 'b3').sort()).toEqual(['b2', 'b3', 'c2', 'c3']);
    expect(cm.rectSquares('a1', 'a1')).toEqual(['a1']);
  });

  it('CM-1 resize keeps what fits (a1 fixed), lists and removes the rest in one step', () => {
    expect(cm.removedByResize(redDoor(), 4, 4)).toEqual(['enemy rook on e5', 'coin on c5', 'finish on e4']);
    expect(cm.removedByResize(redDoor(), 7, 6)).toEqual([]);
    const { after, undone } = run(redDoor(), (tx) => cm.setBoardSize(tx, 4, 4));
    expect(after.board).toEqual({ width: 4, height: 4, holes: ['c3'] });
    expect(after.pieces.map((p) => p.square)).toEqual(['a1']);
    expect(after.tiles!.map((t) => t.square)).toEqual(['b3', 'd4']);
    expect(undone).toEqual(redDoor());
    const g = run(redDoor(), (tx) => cm.setBoardSize(tx, 8, 6));
    expect(g.after.board).toEqual({ width: 8, height: 6, holes: ['c3'] });
    expect(g.after.tiles).toEqual(redDoor().tiles);
  });

  it('CM-9 CM-11 CM-12 objectives: set, clear, and the objectives object appears / disappears; capture is kept', () => {
    const base = { ...redDoor() };
    delete base.objectives;
    const a = run(base, (tx) => {
      cm.setObjective(tx, 'spell', 'CAT');
      cm.setObjective(tx, 'moveLimit', 9);
    });
    expect(a.after.objectives).toEqual({ spell: 'CAT', moveLimit: 9 });
    expect('objectives' in a.undone).toBe(false);
    const b = run(a.after, (tx) => {
      cm.setObjective(tx, 'spell', undefined);
      cm.setObjective(tx, 'moveLimit', undefined);
      cm.setObjective(tx, 'collect', false);
    });
    expect('objectives' in b.after).toBe(false);
    const withCapture: ChessMazeLevel = { ...redDoor(), objectives: { capture: ['e5'] } };
    const c = run(withCapture, (tx) => cm.setObjective(tx, 'collect', true));
    expect(c.after.objectives).toEqual({ capture: ['e5'], collect: true });
  });

  it('CM-3 piece props: a pawn keeps a facing, other roles drop it; CM-2 side switch', () => {
    const a = run(redDoor(), (tx) => cm.setPieceProps(tx, 'a1', { role: 'pawn', facing: 'east' }));
    expect(a.after.pieces[0]).toEqual({ role: 'pawn', square: 'a1', side: 'player', facing: 'east' });
    const b = run(a.after, (tx) => cm.setPieceProps(tx, 'a1', { role: 'rook', side: 'enemy' }));
    expect(b.after.pieces[0]).toEqual({ role: 'rook', square: 'a1', side: 'enemy' });
  });

  it('CM-5 CM-9 CM-10 tile props: colour, letter, allowed; a key may not take the colour of a lock on its square', () => {
    let doc = run(redDoor(), (tx) => cm.placeTile(tx, 'd4', { kind: 'key', color: 'blue' })).after;
    const tx = new Tx(doc);
    expect(cm.setTileProps(tx, 'd4', 'key', { color: 'red' })).toBe(false);
    expect(cm.setTileProps(tx, 'd4', 'key', { color: 'green' })).toBe(true);
    doc = run(redDoor(), (t2) => cm.placeTile(t2, 'a5', { kind: 'letter', letter: 'q' })).after;
    expect(cm.tilesAt(doc, 'a5')).toEqual([{ kind: 'letter', square: 'a5', letter: 'Q' }]);
    const l = run(doc, (t3) => cm.setTileProps(t3, 'a5', 'letter', { letter: 'z' }));
    expect(cm.tilesAt(l.after, 'a5')[0]).toEqual({ kind: 'letter', square: 'a5', letter: 'Z' });
    const t = run(redDoor(), (t4) => cm.placeTile(t4, 'a5', { kind: 'transform', allowed: ['king'] }));
    const tx5 = new Tx(t.after);
    expect(cm.setTileProps(tx5, 'a5', 'transform', { allowed: [] })).toBe(false);
    expect(cm.setTileProps(tx5, 'a5', 'transform', { allowed: ['rook', 'bishop'] })).toBe(true);
    expect(cm.tilesAt(tx5.doc, 'a5')[0]).toEqual({ kind: 'transform', square: 'a5', allowed: ['bishop', 'rook'] });
  });
});
