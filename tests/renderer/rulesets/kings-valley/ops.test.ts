import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel } from '../../../../src-shared/model/level.js';
import { Tx } from '../../../../src-renderer/editor/doc-ops.js';
import * as kv from '../../../../src-renderer/rulesets/kings-valley/ops.js';
import { displayLevel } from '../../../../src-shared/rulesets/index.js';
import { describeSquare } from '../../../../src-shared/display/board-display.js';
import { isEditable, newLevel } from '../../../../src-renderer/editor/default-doc.js';
import { newKvLevel } from '../../../../src-shared/rulesets/kings-valley/def.js';
import { RULESETS } from '../../../../src-shared/rulesets/index.js';

const isEditableKv = RULESETS['kings-valley'].isEditable;
import { sideAllowed } from '../../../../src-renderer/rulesets/ruleset-ui.js';
import { editorOn } from '../../fixtures.js';
import { validateDocument } from '../../../../src-shared/rulesets/index.js';

/** A small hand-made problem: White Kc1 Sc4, Black Ka5, pillar b4 (5 x 5, White to move). */
function small(): KingsValleyLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 'small' },
    board: { width: 5, height: 5 },
    pillars: ['b4'],
    pieces: [
      { role: 'king', square: 'c1', side: 'white' },
      { role: 'soldier', square: 'c4', side: 'white' },
      { role: 'king', square: 'a5', side: 'black' },
    ],
    sideToMove: 'white',
    goal: { type: 'win-in', moves: 1 },
  };
}

function run<T>(doc: KingsValleyLevel, fn: (tx: kv.KvTx) => T): { doc: KingsValleyLevel; out: T; ops: number } {
  const tx = new Tx(doc);
  const out = fn(tx);
  return { doc: tx.doc, out, ops: tx.ops.length };
}

const text = (d: KingsValleyLevel): string => displayLevel(d).mirror.state;
const codes = (d: unknown): string[] =>
  validateDocument(d)
    .issues.map((i) => i.code)
    .sort();

describe("King's Valley editing operations (KV-1, KV-9)", () => {
  it('KV-1 the valley is the centre square of an odd board', () => {
    expect(kv.valleySquare(5, 5)).toBe('c3');
    expect(kv.valleySquare(7, 7)).toBe('d4');
    expect(kv.valleySquare(9, 5)).toBe('e3');
    expect(kv.valleySquare(6, 5)).toBeNull();
  });

  it('board-state mirror: pieces by side (K/k, S/s), pillars X:, the valley and the side to move', () => {
    expect(text(small())).toBe('K:c1 S:c4 k:a5 X:b4 valley:c3 to-move:white');
    expect(displayLevel(small()).mirror.detail).toBe('K:a5:black K:c1:white S:c4:white');
    expect(describeSquare(displayLevel(small()), 'c3')).toBe('c3: the valley');
    expect(describeSquare(displayLevel(small()), 'a5')).toBe('a5: black king');
    expect(describeSquare(displayLevel(small()), 'b4')).toBe('b4: pillar');
  });

  it('placing a piece replaces a piece or pillar there and says what it replaced', () => {
    const r = run(small(), (tx) => kv.placePiece(tx, 'b4', { role: 'soldier', side: 'black' }));
    expect(r.out).toEqual(['pillar on b4']);
    expect(text(r.doc)).toBe('K:c1 S:c4 k:a5 s:b4 valley:c3 to-move:white');
    expect(r.doc.pillars).toBeUndefined(); // the last pillar gone: the optional field goes too
    const r2 = run(small(), (tx) => kv.placePiece(tx, 'c4', { role: 'soldier', side: 'black' }));
    expect(r2.out).toEqual(['white soldier on c4']);
    expect(r2.doc.pieces[1]).toEqual({ role: 'soldier', square: 'c4', side: 'black' }); // replaced in place
    // Placing exactly what is there changes nothing.
    expect(run(small(), (tx) => kv.placePiece(tx, 'c4', { role: 'soldier', side: 'white' })).ops).toBe(0);
  });

  it('placing a pillar removes the piece there; erasing takes the top item', () => {
    const r = run(small(), (tx) => kv.placePillar(tx, 'c4'));
    expect(r.out).toEqual(['white soldier on c4']);
    expect(text(r.doc)).toBe('K:c1 k:a5 X:b4 X:c4 valley:c3 to-move:white');
    const e = run(small(), (tx) => kv.eraseTop(tx, 'b4'));
    expect(e.out).toBe('pillar');
    expect(e.doc.pillars).toBeUndefined();
    expect(run(small(), (tx) => kv.eraseTop(tx, 'e5')).out).toBeNull();
  });

  it('moves never destroy: onto a piece or pillar is refused', () => {
    expect(run(small(), (tx) => kv.moveItem(tx, 'c4', 'b4', 'piece')).out).toEqual({ ok: false, refused: 'b4 is occupied' });
    expect(run(small(), (tx) => kv.moveItem(tx, 'b4', 'c1', 'pillar')).out).toEqual({ ok: false, refused: 'c1 is occupied' });
    const m = run(small(), (tx) => kv.moveItem(tx, 'b4', 'd2', 'pillar'));
    expect(m.out).toEqual({ ok: true });
    expect(m.doc.pillars).toEqual(['d2']);
    expect(run(small(), (tx) => kv.moveItem(tx, 'e5', 'e4', 'piece')).out).toEqual({ ok: false });
  });

  it('KV-4 / KV-3 / KV-8 settings: side to move, starting setup, soldiers on the valley, goal', () => {
    let d = run(small(), (tx) => kv.setSideToMove(tx, 'black')).doc;
    expect(d.sideToMove).toBe('black');
    d = run(d, (tx) => kv.setStartingSetup(tx, true)).doc;
    expect(d.startingSetup).toBe(true);
    expect(codes(d)).toContain('kv-start-black-to-move'); // KV-4 warning
    d = run(d, (tx) => kv.setStartingSetup(tx, false)).doc;
    expect('startingSetup' in d).toBe(false);
    d = run(d, (tx) => kv.setSoldiersMayStopOnValley(tx, true)).doc;
    expect(d.options).toEqual({ soldiersMayStopOnValley: true });
    d = run(d, (tx) => kv.setSoldiersMayStopOnValley(tx, false)).doc;
    expect('options' in d).toBe(false);
    d = run(d, (tx) => kv.setGoal(tx, 3)).doc;
    expect(d.goal).toEqual({ type: 'win-in', moves: 3 });
    d = run(d, (tx) => kv.setGoal(tx, undefined)).doc;
    expect('goal' in d).toBe(false);
  });

  it('KV-9 resizing keeps the content centred on the valley; what falls off is listed', () => {
    // 5 x 5 -> 7 x 7: every square moves one file right and one rank up, so c1 -> d2 and the valley c3 -> d4.
    const g = run(small(), (tx) => kv.setBoardSize(tx, 7, 7)).doc;
    expect(text(g)).toBe('K:d2 S:d5 k:b6 X:c5 valley:d4 to-move:white');
    expect(kv.removedByResize(small(), 7, 7)).toEqual([]);
    // Back to 5 x 5: nothing lost, the same document.
    expect(run(g, (tx) => kv.setBoardSize(tx, 5, 5)).doc).toEqual(small());
    // 7 x 7 -> 5 x 5 drops the outer ring: a piece on a7 goes, b6 becomes a5.
    const h = run(g, (tx) => kv.placePiece(tx, 'a7', { role: 'soldier', side: 'black' })).doc;
    expect(kv.removedByResize(h, 5, 5)).toEqual(['black soldier on a7']);
  });

  it('new documents: the three rulebook setups and an empty board (KV-1, KV-4)', () => {
    const std = newKvLevel('standard');
    expect(text(std)).toBe('K:c1 S:a1 S:b1 S:d1 S:e1 k:c5 s:a5 s:b5 s:d5 s:e5 valley:c3 to-move:white');
    expect(std.startingSetup).toBe(true);
    expect(text(newKvLevel('retrieve'))).toBe('K:c5 S:a1 S:b1 S:d1 S:e1 k:c1 s:a5 s:b5 s:d5 s:e5 valley:c3 to-move:white');
    const lab = newKvLevel('labyrinth');
    expect(lab.board).toEqual({ width: 7, height: 7 });
    expect(text(lab)).toContain('X:b3 X:b5 X:f3 X:f5 valley:d4');
    const empty = newLevel('kings-valley');
    expect(text(empty as KingsValleyLevel)).toBe('valley:c3 to-move:white');
    expect(isEditableKv(empty) && isEditable(std)).toBe(true);
    // Setups are valid positions; the empty board asks for one king per side (KV-9).
    for (const s of ['standard', 'retrieve', 'labyrinth'] as const) expect(codes(newKvLevel(s))).toEqual([]);
    expect(codes(empty)).toEqual(['kv-king-count', 'kv-king-count']);
    // A copy: editing it never changes the frozen setups.
    std.pieces[0]!.square = 'a3';
    expect(newKvLevel('standard').pieces[0]!.square).toBe('a1');
  });

  it('KV-9 board sides are odd, 5..9', () => {
    expect([RULESETS['kings-valley'].board.min, RULESETS['kings-valley'].board.max]).toEqual([5, 9]);
    expect([5, 7, 9].every((n) => sideAllowed(RULESETS['kings-valley'].board, n))).toBe(true);
    expect([3, 4, 6, 8, 10, 11].some((n) => sideAllowed(RULESETS['kings-valley'].board, n))).toBe(false);
    expect(sideAllowed(RULESETS['unlock-the-king'].board, 8)).toBe(true);
  });
});

describe("Editor on a King's Valley document", () => {
  it('palette tools: king / soldier of the placement side, pillars; one undo step each', () => {
    const e = editorOn(newKvLevel('empty'));
    e.setTool('king');
    e.applyToolAt('c1');
    e.setPlacement({ kvSide: 'black' });
    e.applyToolAt('c5');
    e.setTool('soldier');
    e.applyToolAt('b5');
    e.setTool('pillar');
    e.applyToolAt('d4');
    expect(text(e.doc as KingsValleyLevel)).toBe('K:c1 k:c5 s:b5 X:d4 valley:c3 to-move:white');
    expect(e.state.undoLabel).toBe('Place pillar');
    e.undo();
    expect(text(e.doc as KingsValleyLevel)).toBe('K:c1 k:c5 s:b5 valley:c3 to-move:white');
    // Tools of other rulesets are ignored.
    e.setTool('rook');
    expect(e.state.tool).toBe('pillar');
  });

  it('a pillar stroke paints empty squares only (one step); a drag onto a piece is refused with a notice', () => {
    const e = editorOn(small());
    const notices: string[] = [];
    e.onNotice((t) => notices.push(t));
    e.setTool('pillar');
    for (const sq of ['a3', 'b3', 'c4', 'd3']) e.applyToolAt(sq, 'stroke-1');
    expect((e.doc as KingsValleyLevel).pillars).toEqual(['b4', 'a3', 'b3', 'd3']); // c4 (a soldier) skipped
    e.undo();
    expect((e.doc as KingsValleyLevel).pillars).toEqual(['b4']);
    expect(e.moveItem('c1', 'c4', 'piece')).toBe(false);
    expect(notices).toContain('c4 is occupied');
  });

  it('live validation marks squares: a king on the valley, a pillar on the valley, two white kings (KV-9)', () => {
    const e = editorOn(small());
    e.setTool('king');
    e.applyToolAt('e5'); // a second white king
    const issues = validateDocument(e.doc).issues;
    const count = issues.find((i) => i.code === 'kv-king-count');
    expect(count?.squares?.sort()).toEqual(['c1', 'e5']);
    e.undo();
    e.moveItem('c1', 'c3', 'piece');
    expect(validateDocument(e.doc).issues.find((i) => i.code === 'kv-king-on-valley')?.squares).toEqual(['c3']);
    e.undo();
    e.setTool('pillar');
    e.applyToolAt('c3');
    expect(validateDocument(e.doc).issues.find((i) => i.code === 'kv-pillar-on-valley')?.squares).toEqual(['c3']);
  });

  it('settings are undoable steps; typing the goal merges', () => {
    const e = editorOn(small());
    e.edit('Side to move', (tx: kv.KvTx) => kv.setSideToMove(tx, 'black'));
    e.edit('Mark as starting setup', (tx: kv.KvTx) => kv.setStartingSetup(tx, true));
    e.edit('Edit options', (tx: kv.KvTx) => kv.setSoldiersMayStopOnValley(tx, true));
    e.setGoal(2);
    e.setGoal(12);
    const d = e.doc as KingsValleyLevel;
    expect([d.sideToMove, d.startingSetup, d.options?.soldiersMayStopOnValley, d.goal?.moves]).toEqual(['black', true, true, 12]);
    e.undo(); // the goal typing is one step
    expect((e.doc as KingsValleyLevel).goal).toEqual({ type: 'win-in', moves: 1 });
    e.undo();
    e.undo();
    e.undo();
    expect(e.doc).toEqual(small());
  });

  it('resize through the editor: centred, one step', () => {
    const e = editorOn(small());
    expect(e.resizeLoss(7, 7)).toEqual([]);
    e.setBoardSize(7, 7);
    expect(text(e.doc as KingsValleyLevel)).toBe('K:d2 S:d5 k:b6 X:c5 valley:d4 to-move:white');
    e.undo();
    expect(e.doc).toEqual(small());
  });
});
