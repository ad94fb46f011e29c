import { describe, expect, it } from 'vitest';
import { BACK_TO_EDITING, type Editor } from '../../src-renderer/editor/editor.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { displayLevel } from '../../src-shared/rulesets/index.js';
import { editorOn, redDoor, sampleLevel } from './fixtures.js';

const text = (e: Editor): string => displayLevel(e.displayDoc).mirror.state;
const uk = (e: Editor): UnlockTheKingLevel => e.doc as UnlockTheKingLevel;

/** An editor on the sample level that records its notices. */
function withNotices(): { e: Editor; notices: string[] } {
  const e = editorOn(sampleLevel());
  const notices: string[] = [];
  e.onNotice((t) => notices.push(t));
  return { e, notices };
}

describe('Editor (headless)', () => {
  it('click placement: a piece tool places with the palette options and selects the square', () => {
    const e = editorOn(sampleLevel());
    e.setTool('knight');
    e.setPlacement({ color: 'obsidian' });
    e.applyToolAt('b1');
    expect(uk(e).pieces.at(-1)).toEqual({ role: 'knight', square: 'b1', color: 'obsidian' });
    expect(e.state.selection).toBe('b1');
    expect(e.state.dirty).toBe(true);
  });

  it('a drag is ONE undo step; undo restores the exact document', () => {
    const e = editorOn(sampleLevel());
    e.moveItem('e4', 'h4', 'piece');
    expect(text(e)).toBe('K:e1 P:e2 R:h4 W:d4 portal:e8');
    expect(e.state.undoLabel).toBe('Move piece');
    e.undo();
    expect(e.doc).toEqual(sampleLevel());
    expect(e.state.canUndo).toBe(false);
    expect(e.state.dirty).toBe(false);
    e.redo();
    expect(text(e)).toBe('K:e1 P:e2 R:h4 W:d4 portal:e8');
  });

  it('a paint stroke (one merge key) is one step', () => {
    const e = editorOn(sampleLevel());
    e.setTool('wall');
    for (const sq of ['a3', 'b3', 'c3']) e.applyToolAt(sq, 'stroke-1');
    expect(uk(e).walls).toEqual(['d4', 'a3', 'b3', 'c3']);
    e.undo();
    expect(uk(e).walls).toEqual(['d4']);
  });

  it('selection, tool, cursor and highlight are not history', () => {
    const e = editorOn(sampleLevel());
    e.select('e4');
    e.setTool('rook');
    e.moveCursor(2, 3);
    e.setHighlight(['a1'], true);
    expect(e.state.canUndo).toBe(false);
    expect(e.state.dirty).toBe(false);
    expect(e.state.cursor).toBe('g7'); // select('e4') moved the cursor to e4
  });

  it('Delete erases the top item of the selection', () => {
    const e = editorOn(sampleLevel());
    e.select('e4');
    expect(e.eraseSelection()).toBe(true);
    expect(text(e)).toBe('K:e1 P:e2 W:d4 portal:e8');
  });

  it('keyboard Enter picks up and drops (one move step)', () => {
    const e = editorOn(sampleLevel());
    e.setCursor('e4');
    e.keyboardEnter();
    expect(e.state.carrying).toEqual({ from: 'e4', item: 'piece' });
    e.moveCursor(-2, 0);
    e.keyboardEnter();
    expect(e.state.carrying).toBeNull();
    expect(text(e)).toBe('K:e1 P:e2 R:c4 W:d4 portal:e8');
    expect(e.state.undoLabel).toBe('Move piece');
  });

  it('the preview never touches the document', () => {
    const e = editorOn(sampleLevel());
    const f1 = { ...sampleLevel(), pieces: [{ role: 'king' as const, square: 'e2' }] };
    e.startPreview(['Ke1-e2'], [sampleLevel(), f1], 'solver', 1);
    expect(text(e)).toBe('K:e2 W:d4 portal:e8');
    expect(e.doc).toEqual(sampleLevel());
    e.stepTo(5);
    expect(e.state.preview!.index).toBe(1);
  });

  it('QA #2: during the preview every board editing gesture only leaves it ("Back to editing"), the document is unchanged', () => {
    const f1: UnlockTheKingLevel = {
      ...sampleLevel(),
      pieces: [
        { role: 'king', square: 'e2' },
        { role: 'rook', square: 'e4' },
        { role: 'pawn', square: 'e3', facing: 'east', lateral: false },
      ],
    };
    const gestures: [string, (e: Editor) => void][] = [
      ['click with a placement tool', (e) => (e.setTool('wall'), e.applyToolAt('a1'))],
      ['paint stroke', (e) => (e.setTool('wall'), e.applyToolAt('a1', 'stroke-1'))],
      ['drag a piece', (e) => e.moveItem('e4', 'h4', 'piece')],
      ['Delete', (e) => (e.select('e4'), e.eraseSelection())],
      ['keyboard Enter with a tool', (e) => (e.setTool('rook'), e.setCursor('a2'), e.keyboardEnter())],
      ['palette drop', (e) => e.dropPaletteItem('queen', 'a5')],
    ];
    for (const [name, g] of gestures) {
      const { e, notices } = withNotices();
      e.startPreview(['Pe2-e3', 'Ke1-e2'], [sampleLevel(), sampleLevel(), f1], 'solver', 2);
      g(e);
      expect(e.state.preview, name).toBeNull();
      expect(e.doc, name).toEqual(sampleLevel());
      expect(e.state.canUndo, name).toBe(false);
      expect(notices, name).toEqual([BACK_TO_EDITING]);
      // After leaving, the same gesture edits the document.
      g(e);
      expect(e.state.canUndo || e.state.carrying !== null, name).toBe(true);
    }
  });

  it('QA #3: a drag onto an occupied square is refused: document and history untouched, notice "e1 is occupied"', () => {
    const { e, notices } = withNotices();
    expect(e.moveItem('e4', 'e1', 'piece')).toBe(false);
    expect(e.moveItem('d4', 'e4', 'wall')).toBe(false);
    expect(e.doc).toEqual(sampleLevel());
    expect(e.state.canUndo).toBe(false);
    expect(notices).toEqual(['e1 is occupied', 'e4 is occupied']);
  });

  it('QA #3 UK-6: dragging a piece onto the portal keeps the portal', () => {
    const e = editorOn(sampleLevel());
    expect(e.moveItem('e4', 'e8', 'piece')).toBe(true);
    expect(text(e)).toBe('K:e1 P:e2 R:e8 W:d4 portal:e8');
  });

  it('QA #3: a palette placement onto an occupied square replaces it as one undo step, naming what it replaced', () => {
    const { e, notices } = withNotices();
    e.dropPaletteItem('bishop', 'e4');
    expect(text(e)).toBe('B:e4 K:e1 P:e2 W:d4 portal:e8');
    expect(notices).toEqual(['Replaced ivory rook on e4']);
    e.undo();
    expect(e.doc).toEqual(sampleLevel());
    e.setTool('wall');
    e.applyToolAt('e2');
    expect(notices.at(-1)).toBe('Replaced ivory pawn on e2');
  });

  it('QA #3: a wall paint stroke skips occupied squares (it never replaces a piece or the portal)', () => {
    const e = editorOn(sampleLevel());
    e.setTool('wall');
    for (const sq of ['e3', 'e4', 'e5', 'e8']) e.applyToolAt(sq, 'stroke-9');
    expect(text(e)).toBe('K:e1 P:e2 R:e4 W:d4 W:e3 W:e5 portal:e8');
    e.undo();
    expect(e.doc).toEqual(sampleLevel());
  });

  it('QA #4: resizeLoss lists what a shrink removes; the resize is one undo step', () => {
    const e = editorOn(sampleLevel());
    expect(e.resizeLoss(5, 3)).toEqual(['ivory rook on e4', 'wall on d4', 'portal on e8']);
    expect(e.resizeLoss(10, 10)).toEqual([]);
    e.setBoardSize(5, 3);
    expect(text(e)).toBe('K:e1 P:e2');
    e.undo();
    expect(e.doc).toEqual(sampleLevel());
  });

  it('typing into the title is one step until sealed', () => {
    const e = editorOn(sampleLevel());
    e.setMeta('title', 'N');
    e.setMeta('title', 'No');
    e.setMeta('title', 'Nov');
    e.sealHistory();
    e.setPar(3);
    e.undo();
    expect(e.doc.meta.title).toBe('Nov');
    e.undo();
    expect(e.doc.meta.title).toBe('Novice 1');
  });

  it('resizing clamps the cursor and drops an off-board selection', () => {
    const e = editorOn(sampleLevel());
    e.select('h8');
    e.setBoardSize(4, 4);
    expect(e.state.selection).toBeNull();
    expect(e.state.cursor).toBe('d4');
  });

  it('adoptSaved marks clean; load clears history', () => {
    const e = editorOn(sampleLevel());
    e.setPar(5);
    e.adoptSaved({ ...e.doc, draft: true }, true);
    expect(e.state.dirty).toBe(false);
    expect(e.state.canUndo).toBe(true);
    e.undo();
    expect(e.doc.par).toBeUndefined();
    expect(e.doc.draft).toBe(true);
    expect(e.state.dirty).toBe(true);
    e.load(sampleLevel());
    expect(e.state.canUndo).toBe(false);
  });
});

describe('Editor on a Chess Maze level', () => {
  function cmEditor(): { e: Editor; notices: string[] } {
    const e = editorOn(redDoor());
    const notices: string[] = [];
    e.onNotice((t) => notices.push(t));
    return { e, notices };
  }

  it('tools of the other ruleset are ignored; placement uses side, colour, letter and allowed types', () => {
    const { e } = cmEditor();
    e.setTool('wall');
    expect(e.state.tool).toBe('select');
    e.setPlacement({ side: 'enemy', tileColor: 'green', letter: 'Z', allowed: ['queen'] });
    e.dropPaletteItem('bishop', 'b1');
    e.dropPaletteItem('plate', 'a5');
    e.dropPaletteItem('letter', 'b5');
    e.dropPaletteItem('transform', 'd1');
    expect(text(e)).toBe('N:a1 b:b1 r:e5 H:c3 coin:c5 finish:e4 key:red:b3 letter:Z:b5 lock:red:d4 plate:green:a5 transform:Q:d1');
  });

  it('CM-1 brush stroke: one undo step; painting a hole over content is skipped with a notice on a click', () => {
    const { e, notices } = cmEditor();
    e.setTool('brush');
    e.setPlacement({ paint: 'hole' });
    for (const sq of ['a2', 'a3', 'a4']) e.applyToolAt(sq, 'stroke-1');
    expect(text(e)).toContain('H:a2 H:a3 H:a4 H:c3');
    e.undo();
    expect(e.doc).toEqual(redDoor());
    e.applyToolAt('b3');
    expect(notices.at(-1)).toBe('b3 holds a piece or tile: erase it before making a hole');
    expect(e.doc).toEqual(redDoor());
  });

  it('CM-1 rectangle and fill: one step each, skipped squares named', () => {
    const { e, notices } = cmEditor();
    e.setPlacement({ paint: 'hole' });
    e.paintRect('a2', 'b4');
    // a2..b4 is six squares; b3 holds the key, so it stays floor.
    expect(text(e)).toBe('N:a1 r:e5 H:a2 H:a3 H:a4 H:b2 H:b4 H:c3 coin:c5 finish:e4 key:red:b3 lock:red:d4');
    expect(notices.at(-1)).toBe('Skipped 1 square with pieces or tiles (b3)');
    expect(e.state.undoLabel).toBe('Rectangle of holes');
    e.undo();
    expect(e.doc).toEqual(redDoor());
    e.setPlacement({ paint: 'floor' });
    e.setTool('fill');
    e.applyToolAt('c3');
    expect(text(e)).toBe('N:a1 r:e5 coin:c5 finish:e4 key:red:b3 lock:red:d4');
  });

  it('QA #3: a piece drag onto the enemy is refused with a notice; a tile drag onto a conflicting square too', () => {
    const { e, notices } = cmEditor();
    expect(e.moveItem('a1', 'e5', 'piece')).toBe(false);
    expect(e.moveItem('c5', 'b3', 'coin')).toBe(false);
    expect(e.doc).toEqual(redDoor());
    expect(notices).toEqual(['e5 is occupied', 'b3 is occupied']);
    expect(e.topItem('d4')).toBe('lock');
    expect(e.moveItem('d4', 'a5', 'lock')).toBe(true);
  });

  it('QA #4: resize loss for a maze', () => {
    const { e } = cmEditor();
    expect(e.resizeLoss(3, 3)).toEqual(['enemy rook on e5', 'red lock on d4', 'coin on c5', 'finish on e4']);
  });
});
