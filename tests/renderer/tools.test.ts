import { describe, expect, it } from 'vitest';
import { pointerDown, pointerMove, pointerUp } from '../../src-renderer/editor/tools.js';
import type { ToolGesture } from '../../src-renderer/rulesets/ruleset-ui.js';

/** The gesture machine sees tools by their painting behaviour: the select tool paints nothing; the wall tool paints strokes from empty squares. */
const SELECT: ToolGesture = {};
const WALL: ToolGesture = { paints: 'stroke', dragsItems: true };

const at = (square: string | null, x: number, y = 0) => ({ square, x, y });

describe('gesture state machine', () => {
  it('press + release without movement is a click: apply-tool where pressed', () => {
    let s = pointerDown(SELECT, at('e4', 100), 'piece', 's1');
    expect(s.intents).toEqual([]);
    s = pointerMove(s.gesture, at('e4', 102));
    expect(s.gesture.kind).toBe('pressed');
    s = pointerUp(s.gesture, at('e4', 102));
    expect(s.intents).toEqual([{ type: 'apply-tool', square: 'e4' }]);
  });

  it('a drag of an item emits exactly one move on release', () => {
    let s = pointerDown(SELECT, at('e4', 100), 'piece', 's1');
    const all = [...s.intents];
    for (const x of [110, 150, 200, 250]) {
      s = pointerMove(s.gesture, at(x > 200 ? 'g4' : 'f4', x));
      all.push(...s.intents);
    }
    expect(s.gesture.kind).toBe('dragging');
    s = pointerUp(s.gesture, at('g4', 250));
    all.push(...s.intents);
    expect(all).toEqual([{ type: 'move', from: 'e4', to: 'g4', item: 'piece' }]);
  });

  it('a drag released off the board or on its own square does nothing', () => {
    let s = pointerDown(SELECT, at('e4', 0), 'wall', 's');
    s = pointerMove(s.gesture, at(null, 50));
    expect(pointerUp(s.gesture, at(null, 50)).intents).toEqual([]);
    s = pointerDown(SELECT, at('e4', 0), 'wall', 's');
    s = pointerMove(s.gesture, at('e4', 10));
    expect(pointerUp(s.gesture, at('e4', 10)).intents).toEqual([]);
  });

  it('pressing an empty square never drags', () => {
    let s = pointerDown(SELECT, at('a1', 0), null, 's');
    s = pointerMove(s.gesture, at('c1', 80));
    expect(s.gesture.kind).toBe('pressed');
    expect(pointerUp(s.gesture, at('c1', 80)).intents).toEqual([{ type: 'apply-tool', square: 'a1' }]);
  });

  it('wall tool on empty squares paints each new square with one merge key', () => {
    let s = pointerDown(WALL, at('a1', 0), null, 'k7');
    const all = [...s.intents];
    for (const [sq, x] of [
      ['a1', 5],
      ['b1', 40],
      ['b1', 45],
      ['c1', 80],
    ] as const) {
      s = pointerMove(s.gesture, at(sq, x));
      all.push(...s.intents);
    }
    all.push(...pointerUp(s.gesture, at('c1', 80)).intents);
    expect(all).toEqual([
      { type: 'apply-tool', square: 'a1', mergeKey: 'k7' },
      { type: 'apply-tool', square: 'b1', mergeKey: 'k7' },
      { type: 'apply-tool', square: 'c1', mergeKey: 'k7' },
    ]);
  });

  it('pressing off the board clears the selection', () => {
    expect(pointerDown(SELECT, at(null, 0), null, 's').intents).toEqual([{ type: 'select', square: null }]);
  });
});

describe('region selection gesture (select tool, opt-in)', () => {
  const at = (square: string | null, x: number) => ({ square, x, y: 0 });
  it('press + drag past the threshold drags a rectangle; release answers ONE region intent', () => {
    let s = pointerDown(SELECT, at('a1', 0), null, 's', { regionSelect: true });
    s = pointerMove(s.gesture, at('b1', 3));
    expect(s.gesture.kind).toBe('pressed');
    s = pointerMove(s.gesture, at('c2', 80));
    expect(s.gesture).toEqual({ kind: 'region', from: 'a1', to: 'c2' });
    s = pointerMove(s.gesture, at(null, 900)); // off the board: keeps its corner
    expect(s.gesture).toEqual({ kind: 'region', from: 'a1', to: 'c2' });
    expect(pointerUp(s.gesture, at(null, 900)).intents).toEqual([{ type: 'region', from: 'a1', to: 'c2' }]);
  });

  it('a press without a move stays a click (apply-tool)', () => {
    const s = pointerDown(SELECT, at('a1', 0), 'piece', 's', { regionSelect: true });
    expect(pointerUp(s.gesture, at('a1', 0)).intents).toEqual([{ type: 'apply-tool', square: 'a1' }]);
  });
});
