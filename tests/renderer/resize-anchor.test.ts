/**
 * Resize with a nine-way anchor (editor/anchor.ts): where the content stays
 * when the board grows or shrinks, what falls off, one undo step, and the
 * notice that counts what was removed. Expected squares are hand-worked
 * from the fixtures (file letter + rank, a1 bottom-left).
 */
import { describe, expect, it } from 'vitest';
import { RESIZE_ANCHORS, anchorShift, shiftSquare } from '../../src-renderer/editor/anchor.js';
import { requestResize, resizeNotice, type ResizeContext } from '../../src-renderer/app/board-size.js';
import type { Dialog } from '../../src-renderer/shell/notices.svelte.js';
import type { ChessMazeLevel, KingsValleyLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { displayLevel } from '../../src-shared/rulesets/index.js';
import { editorOn, redDoor, sampleLevel } from './fixtures.js';
import type { Editor } from '../../src-renderer/editor/editor.js';

const text = (e: Editor): string => displayLevel(e.doc).mirror.state;

describe('resize anchors', () => {
  it('the nine anchors and their shifts (left / bottom keep, right / top move by the change, centre by half)', () => {
    expect(RESIZE_ANCHORS).toHaveLength(9);
    const from = { width: 8, height: 8 };
    expect(anchorShift('bottom-left', from, { width: 10, height: 10 })).toEqual({ dx: 0, dy: 0 });
    expect(anchorShift('top-right', from, { width: 10, height: 10 })).toEqual({ dx: 2, dy: 2 });
    expect(anchorShift('top-left', from, { width: 5, height: 3 })).toEqual({ dx: 0, dy: -5 });
    expect(anchorShift('bottom-right', from, { width: 5, height: 3 })).toEqual({ dx: -3, dy: 0 });
    // 8 -> 11 wide: half of 3 rounds toward zero to 1; 8 -> 5 high: half of -3 to -1.
    expect(anchorShift('middle-center', from, { width: 11, height: 5 })).toEqual({ dx: 1, dy: -1 });
    expect(shiftSquare('e4', { dx: 2, dy: 2 }, 10, 10)).toBe('g6');
    expect(shiftSquare('a1', { dx: -1, dy: 0 }, 8, 8)).toBeNull();
  });

  it('UK-1 growing a blueprint anchored top-right moves everything two files right and two ranks up, in one undo step', () => {
    const e = editorOn(sampleLevel());
    expect(e.resizeAnchor).toBe('bottom-left');
    expect(e.resizeLoss(10, 10, 'top-right')).toEqual([]);
    expect(e.setBoardSize(10, 10, 'top-right')).toBe(true);
    // K e1 -> g3, R e4 -> g6, P e2 -> g4, wall d4 -> f6, portal e8 -> g10.
    expect(text(e)).toBe('K:g3 P:g4 R:g6 W:f6 portal:g10');
    expect((e.doc as UnlockTheKingLevel).pieces.find((p) => p.role === 'pawn')?.facing).toBe('east');
    expect(e.state.undoLabel).toBe('Resize board');
    e.undo();
    expect(e.doc).toEqual(sampleLevel());
  });

  it('UK-1 shrinking anchored top-left keeps the top rows: only the portal (e8 -> e3) survives a 5 x 3 board', () => {
    const e = editorOn(sampleLevel());
    // Shift 0 files, -5 ranks: e1, e2, e4 and d4 fall below rank 1; e8 lands on e3.
    expect(e.resizeLoss(5, 3, 'top-left').sort()).toEqual(['ivory king on e1', 'ivory pawn on e2', 'ivory rook on e4', 'wall on d4'].sort());
    e.setBoardSize(5, 3, 'top-left');
    expect(text(e)).toBe('portal:e3');
    e.undo();
    expect(e.doc).toEqual(sampleLevel());
  });

  it('the cursor and the selection move with the content', () => {
    const e = editorOn(sampleLevel());
    e.select('e4');
    e.setBoardSize(10, 10, 'top-right');
    expect(e.state.selection).toBe('g6');
    expect(e.state.cursor).toBe('g6');
  });

  it('CM-1 a maze anchored top-right: holes, tiles and the capture objective (CM-15) move with the board', () => {
    const level: ChessMazeLevel = { ...redDoor(), objectives: { collect: true, capture: ['e5'] } };
    const e = editorOn(level);
    e.setBoardSize(7, 7, 'top-right');
    const d = e.doc as ChessMazeLevel;
    expect(d.board).toEqual({ width: 7, height: 7, holes: ['e5'] });
    expect(d.pieces.map((p) => p.square)).toEqual(['c3', 'g7']);
    expect(d.tiles!.map((t) => `${t.kind}:${t.square}`)).toEqual(['key:d5', 'lock:f6', 'coin:e7', 'finish:g6']);
    expect(d.objectives).toEqual({ collect: true, capture: ['g7'] });
    e.undo();
    expect(e.doc).toEqual(level);
  });

  it('KV-9 King’s Valley starts on the centre anchor; anchored bottom-left a 5 x 5 grows to 7 x 7 without moving anything', () => {
    const kv: KingsValleyLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'kings-valley',
      meta: { title: 't' },
      board: { width: 5, height: 5 },
      pieces: [
        { role: 'king', square: 'c1', side: 'white' },
        { role: 'king', square: 'c5', side: 'black' },
      ],
      sideToMove: 'white',
    };
    const e = editorOn(kv);
    expect(e.resizeAnchor).toBe('middle-center');
    e.setBoardSize(7, 7, 'bottom-left');
    expect((e.doc as KingsValleyLevel).pieces.map((p) => p.square)).toEqual(['c1', 'c5']);
    e.undo();
    // The default (centre) moves every square one file right and one rank up.
    e.setBoardSize(7, 7);
    expect((e.doc as KingsValleyLevel).pieces.map((p) => p.square)).toEqual(['d2', 'd6']);
  });
});

describe('requestResize', () => {
  /** A resize context over a real editor that records the dialog and the notices. */
  function ctx(e: Editor): ResizeContext & { flashes: { text: string; tone?: string }[]; shown: Dialog | null } {
    const rec = {
      flashes: [] as { text: string; tone?: string }[],
      shown: null as Dialog | null,
      editor: e,
      get st() {
        return e.state;
      },
      player: { play: null },
      notices: {
        get dialog() {
          return rec.shown;
        },
        set dialog(d: Dialog | null) {
          rec.shown = d;
        },
        flash(text: string, detail?: { tone: string }) {
          rec.flashes.push({ text, ...(detail ? { tone: detail.tone } : {}) });
        },
      },
    };
    return rec as unknown as ResizeContext & { flashes: { text: string; tone?: string }[]; shown: Dialog | null };
  }

  it('a shrink that cuts asks first, then resizes in one step and counts what it removed in the notice (a toast)', () => {
    const e = editorOn(sampleLevel());
    const c = ctx(e);
    requestResize(c, 8, 6, 'bottom-left');
    // 8 x 6 anchored bottom-left loses ranks 7 and 8: only the portal on e8.
    expect(c.shown?.kind).toBe('confirm');
    if (c.shown?.kind !== 'confirm') throw new Error('no confirm');
    expect(c.shown.items).toEqual(['portal on e8']);
    c.shown.onOk();
    expect(e.doc.board).toEqual({ width: 8, height: 6 });
    expect(c.flashes).toEqual([
      { text: 'Board resized to 8 × 6 (content kept at the bottom left): removed 1 item outside it: portal on e8', tone: 'replaced' },
    ]);
    e.undo();
    expect(e.doc).toEqual(sampleLevel());
  });

  it('a growth resizes at once and says where the content stayed', () => {
    const e = editorOn(sampleLevel());
    const c = ctx(e);
    requestResize(c, 9, 9, 'middle-center');
    expect(c.shown).toBeNull();
    expect(c.flashes.map((f) => f.text)).toEqual(['Board resized to 9 × 9 (content kept at the centre)']);
    expect(resizeNotice(3, 3, 'top-right', ['a', 'b'])).toContain('removed 2 items outside it: a, b');
  });
});
