import { describe, expect, it } from 'vitest';
import { Editor } from '../../src-renderer/editor/editor.js';
import { boardStateText, displayModel } from '../../src-renderer/editor/board-model.js';
import { sampleLevel } from './fixtures.js';

const text = (e: Editor): string => boardStateText(displayModel(e.displayDoc));

describe('Editor (headless)', () => {
  it('click placement: a piece tool places with the palette options and selects the square', () => {
    const e = new Editor(sampleLevel());
    e.setTool('knight');
    e.setPlacement({ color: 'obsidian' });
    e.applyToolAt('b1');
    expect(e.doc.pieces.at(-1)).toEqual({ role: 'knight', square: 'b1', color: 'obsidian' });
    expect(e.state.selection).toBe('b1');
    expect(e.state.dirty).toBe(true);
  });

  it('a drag is ONE undo step; undo restores the exact document', () => {
    const e = new Editor(sampleLevel());
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
    const e = new Editor(sampleLevel());
    e.setTool('wall');
    for (const sq of ['a3', 'b3', 'c3']) e.applyToolAt(sq, 'stroke-1');
    expect(e.doc.walls).toEqual(['d4', 'a3', 'b3', 'c3']);
    e.undo();
    expect(e.doc.walls).toEqual(['d4']);
  });

  it('selection, tool, cursor and highlight are not history', () => {
    const e = new Editor(sampleLevel());
    e.select('e4');
    e.setTool('rook');
    e.moveCursor(2, 3);
    e.setHighlight(['a1'], true);
    expect(e.state.canUndo).toBe(false);
    expect(e.state.dirty).toBe(false);
    expect(e.state.cursor).toBe('g7'); // select('e4') moved the cursor to e4
  });

  it('Delete erases the top item of the selection', () => {
    const e = new Editor(sampleLevel());
    e.select('e4');
    expect(e.eraseSelection()).toBe(true);
    expect(text(e)).toBe('K:e1 P:e2 W:d4 portal:e8');
  });

  it('keyboard Enter picks up and drops (one move step)', () => {
    const e = new Editor(sampleLevel());
    e.setCursor('e4');
    e.keyboardEnter();
    expect(e.state.carrying).toEqual({ from: 'e4', item: 'piece' });
    e.moveCursor(-2, 0);
    e.keyboardEnter();
    expect(e.state.carrying).toBeNull();
    expect(text(e)).toBe('K:e1 P:e2 R:c4 W:d4 portal:e8');
    expect(e.state.undoLabel).toBe('Move piece');
  });

  it('the preview never touches the document, and editing exits it', () => {
    const e = new Editor(sampleLevel());
    const f1 = { ...sampleLevel(), pieces: [{ role: 'king' as const, square: 'e2' }] };
    e.startPreview(['Ke1-e2'], [sampleLevel(), f1], 'solver', 1);
    expect(text(e)).toBe('K:e2 W:d4 portal:e8');
    expect(e.doc).toEqual(sampleLevel());
    e.stepTo(5);
    expect(e.state.preview!.index).toBe(1);
    e.setTool('wall');
    e.applyToolAt('a1');
    expect(e.state.preview).toBeNull();
    expect(text(e)).toBe('K:e1 P:e2 R:e4 W:a1 W:d4 portal:e8');
  });

  it('typing into the title is one step until sealed', () => {
    const e = new Editor(sampleLevel());
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
    const e = new Editor(sampleLevel());
    e.select('h8');
    e.setBoardSize(4, 4);
    expect(e.state.selection).toBeNull();
    expect(e.state.cursor).toBe('d4');
  });

  it('adoptSaved marks clean; load clears history', () => {
    const e = new Editor(sampleLevel());
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
