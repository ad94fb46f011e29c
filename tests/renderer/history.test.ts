import { describe, expect, it } from 'vitest';
import { applyDiff, type Diff } from '../../src-renderer/editor/doc-ops.js';
import { History } from '../../src-renderer/editor/history.js';

const setX = (before: unknown, after: unknown): Diff => ({ label: 'x', ops: [{ op: 'set', path: ['x'], before, after }] });

describe('History', () => {
  it('undo answers the inverse, redo the original', () => {
    const h = new History();
    let doc: Record<string, unknown> = { x: 1 };
    const d = setX(1, 2);
    doc = applyDiff(doc, d);
    h.push(d);
    const u = h.undo()!;
    doc = applyDiff(doc, u);
    expect(doc).toEqual({ x: 1 });
    const r = h.redo()!;
    doc = applyDiff(doc, r);
    expect(doc).toEqual({ x: 2 });
    expect(h.canRedo).toBe(false);
  });

  it('a new push drops the redo stack', () => {
    const h = new History();
    h.push(setX(1, 2));
    h.undo();
    expect(h.canRedo).toBe(true);
    h.push(setX(1, 3));
    expect(h.canRedo).toBe(false);
    expect(h.redo()).toBeUndefined();
  });

  it('pushes sharing a merge key are one step; a different push or seal ends the group', () => {
    const h = new History();
    h.push(setX(0, 1), { mergeKey: 'drag' });
    h.push(setX(1, 2), { mergeKey: 'drag' });
    h.push(setX(2, 3), { mergeKey: 'drag' });
    expect(h.size).toBe(1);
    let doc: Record<string, unknown> = { x: 3 };
    doc = applyDiff(doc, h.undo()!);
    expect(doc).toEqual({ x: 0 });
    h.redo();
    h.push(setX(3, 4), { mergeKey: 'drag' }); // after redo: sealed, new step
    expect(h.size).toBe(2);
    h.push(setX(4, 5), { mergeKey: 'title' });
    h.seal();
    h.push(setX(5, 6), { mergeKey: 'title' });
    expect(h.size).toBe(4);
  });

  it('empty diffs are not steps', () => {
    const h = new History();
    h.push({ label: 'nothing', ops: [] });
    expect(h.canUndo).toBe(false);
  });

  it('dirty tracks the saved revision, including undo back to it and merged typing', () => {
    const h = new History();
    expect(h.isDirty).toBe(false);
    h.push(setX(0, 1), { mergeKey: 't' });
    expect(h.isDirty).toBe(true);
    h.markSaved();
    expect(h.isDirty).toBe(false);
    h.push(setX(1, 2), { mergeKey: 't' }); // sealed by markSaved: new step
    expect(h.isDirty).toBe(true);
    h.undo();
    expect(h.isDirty).toBe(false);
    h.undo();
    expect(h.isDirty).toBe(true);
    h.redo();
    expect(h.isDirty).toBe(false);
  });

  it('after undoing past the save and editing, the saved state is unreachable: dirty', () => {
    const h = new History();
    h.push(setX(0, 1));
    h.markSaved();
    h.undo();
    h.push(setX(0, 9));
    expect(h.isDirty).toBe(true);
    h.undo();
    expect(h.isDirty).toBe(true); // the base state is not the saved one
  });

  it('clear(dirty) starts an unsaved document', () => {
    const h = new History();
    h.clear(true);
    expect(h.isDirty).toBe(true);
    h.clear();
    expect(h.isDirty).toBe(false);
  });
});

describe('History: a save that finishes after more edits', () => {
  it('markSavedAt(rev) makes exactly that earlier state clean', () => {
    const h = new History();
    h.push(setX(0, 1));
    const rev = h.revision;
    h.push(setX(1, 2));
    h.markSavedAt(rev);
    expect(h.isDirty).toBe(true);
    h.undo();
    expect(h.isDirty).toBe(false);
  });
});
