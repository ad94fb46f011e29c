import { describe, expect, it } from 'vitest';
import { applyDiff, applyOp, DiffError, invertDiff, sameJson, Tx } from '../../src-renderer/editor/doc-ops.js';
import { sampleLevel } from './fixtures.js';

describe('doc-ops: reversible diffs', () => {
  it('set adds, replaces and deletes a property; the inverse restores absence', () => {
    const doc = sampleLevel();
    const tx = new Tx(doc);
    tx.set(['par'], 4);
    tx.set(['meta', 'author'], 'Ada');
    tx.set(['portal'], 'h8');
    const diff = tx.diff('edit');
    const after = applyDiff(doc, diff);
    expect(after.par).toBe(4);
    expect(after.meta.author).toBe('Ada');
    expect(after.portal).toBe('h8');
    const back = applyDiff(after, invertDiff(diff));
    expect(back).toEqual(sampleLevel());
    expect('par' in back).toBe(false);
    expect('author' in back.meta).toBe(false);
  });

  it('insert / remove on arrays invert into each other and keep order', () => {
    const doc = sampleLevel();
    const tx = new Tx(doc);
    tx.insert(['walls', 0], 'a1');
    tx.remove(['pieces', 1]); // rook e4
    const diff = tx.diff('x');
    const after = applyDiff(doc, diff);
    expect(after.walls).toEqual(['a1', 'd4']);
    expect(after.pieces.map((p) => p.square)).toEqual(['e1', 'e2']);
    expect(applyDiff(after, invertDiff(diff))).toEqual(sampleLevel());
  });

  it('applying never mutates the input (structural sharing)', () => {
    const doc = sampleLevel();
    const frozen = JSON.stringify(doc);
    const tx = new Tx(doc);
    tx.set(['pieces', 0], { role: 'king', square: 'a1' });
    expect(JSON.stringify(doc)).toBe(frozen);
    expect(tx.doc.pieces[0]!.square).toBe('a1');
    expect(tx.doc.walls).toBe(doc.walls); // untouched branch shared
  });

  it('a set to an identical value records nothing', () => {
    const tx = new Tx(sampleLevel());
    tx.set(['board'], { height: 8, width: 8 });
    expect(tx.ops).toHaveLength(0);
  });

  it('bad paths throw DiffError', () => {
    expect(() => applyOp(sampleLevel(), { op: 'remove', path: ['walls', 5], value: 'x' })).toThrow(DiffError);
    expect(() => applyOp(sampleLevel(), { op: 'set', path: ['nope', 'x'], before: undefined, after: 1 })).toThrow(DiffError);
  });

  it('sameJson ignores key order and undefined members', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1, d: undefined })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});
