/**
 * Nothing disappears silently: a placement that replaces or moves something
 * is one undo step with a notice naming it, and the notice carries the
 * square and tone the board's toast needs; refusals carry theirs. Also:
 * the tool is kept per ruleset, never carried into another ruleset's
 * document. Hand-worked on the LEVEL-FORMAT-v1 examples.
 */
import { describe, expect, it } from 'vitest';
import type { NoticeDetail } from '../../src-renderer/rulesets/ruleset-ui.js';
import type { Editor } from '../../src-renderer/editor/editor.js';
import type { EditableLevel } from '../../src-renderer/editor/default-doc.js';
import { displayLevel } from '../../src-shared/rulesets/index.js';
import { newLcLevel } from '../../src-shared/rulesets/locking-chess/def.js';
import { editorOn, redDoor, sampleLevel } from './fixtures.js';

type Heard = { text: string; detail?: NoticeDetail };
function listen(e: Editor): Heard[] {
  const out: Heard[] = [];
  e.onNotice((text, detail) => out.push(detail ? { text, detail } : { text }));
  return out;
}
const text = (e: Editor): string => displayLevel(e.displayDoc).mirror.state;

describe('placements that replace or move say so (CM-14, UK-6, LC-2)', () => {
  it('CM-14 a key on the coin replaces it: one undo step restores the coin and removes the key; the notice sits on the square', () => {
    const e = editorOn(redDoor());
    const heard = listen(e);
    e.setPlacement({ tileColor: 'blue' });
    e.dropPaletteItem('key', 'c5');
    expect(text(e)).toBe('N:a1 r:e5 H:c3 finish:e4 key:blue:c5 key:red:b3 lock:red:d4');
    expect(heard).toEqual([{ text: 'Replaced coin on c5', detail: { tone: 'replaced', square: 'c5' } }]);
    e.undo();
    expect(e.doc).toEqual(redDoor());
  });

  it('CM-14 exactly one finish: a second finish moves the flag, announced "Moved the finish from e4 to a5", undone in one step', () => {
    const e = editorOn(redDoor());
    const heard = listen(e);
    e.dropPaletteItem('finish', 'a5');
    expect(text(e)).toContain('finish:a5');
    expect(text(e)).not.toContain('finish:e4');
    expect(heard).toEqual([{ text: 'Moved the finish from e4 to a5', detail: { tone: 'replaced', square: 'a5' } }]);
    e.undo();
    expect(e.doc).toEqual(redDoor());
    // On its own square nothing moves and nothing is said.
    e.dropPaletteItem('finish', 'e4');
    expect(heard).toHaveLength(1);
  });

  it('UK-6 exactly one portal: placing it elsewhere moves it with a notice', () => {
    const e = editorOn(sampleLevel());
    const heard = listen(e);
    e.dropPaletteItem('portal', 'a8');
    expect(heard).toEqual([{ text: 'Moved the portal from e8 to a8', detail: { tone: 'replaced', square: 'a8' } }]);
    e.dropPaletteItem('portal', 'd4');
    expect(heard.at(-1)).toEqual({ text: 'Replaced wall on d4. Moved the portal from a8 to d4', detail: { tone: 'replaced', square: 'd4' } });
  });

  it('LC-2 a drop on a full stack replaces its top, named; LC-11 an en passant square the drop clears is named too', () => {
    const e = editorOn({ ...newLcLevel(), position: '4k3/8/8/8/4(Pn)3/8/8/R3K3 w Q - 0 1' } as EditableLevel);
    const heard = listen(e);
    e.setPlacement({ lcColor: 'white' });
    e.dropPaletteItem('queen', 'e4');
    expect(heard).toEqual([{ text: 'Replaced black knight on top of e4', detail: { tone: 'replaced', square: 'e4' } }]);
    // A drop on a lone piece superimposes it: nothing replaced, the rook stays the board-level piece of a1 (LC-12 right kept).
    e.dropPaletteItem('bishop', 'a1');
    expect(heard).toHaveLength(1);
    // After e2-e4 (Black to move, en passant e3), a knight dropped on e3 leaves no passed square.
    e.load({ ...newLcLevel(), position: '4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1' } as EditableLevel);
    e.dropPaletteItem('knight', 'e3');
    expect(heard.at(-1)).toEqual({
      text: 'En passant square e3 cleared: no pawn has just made a two-step advance past it (LC-11)',
      detail: { tone: 'replaced', square: 'e3' },
    });
  });

  it('a refused move carries its target square for the toast', () => {
    const e = editorOn(redDoor());
    const heard = listen(e);
    expect(e.moveItem('a1', 'e5', 'piece')).toBe(false);
    expect(heard).toEqual([{ text: 'e5 is occupied', detail: { square: 'e5', tone: 'refused' } }]);
  });
});

describe('the active tool belongs to a ruleset', () => {
  it("a tool id two rulesets share (rook) does not carry into the other ruleset; coming back restores that ruleset's tool", () => {
    const e = editorOn(sampleLevel());
    e.setTool('rook');
    e.load(redDoor());
    expect(e.state.tool).toBe('select');
    e.setTool('coin');
    e.load(sampleLevel());
    expect(e.state.tool).toBe('rook');
    e.load(redDoor());
    expect(e.state.tool).toBe('coin');
    // Another document of the same ruleset keeps the tool.
    e.load({ ...redDoor(), meta: { title: 'Another' } });
    expect(e.state.tool).toBe('coin');
  });
});

describe('moves that clear something say so', () => {
  it('LC-12 dragging the h1 rook away clears the K right, with a notice on the target square', () => {
    const e = editorOn({ ...newLcLevel(), position: '4k3/8/8/8/8/8/8/4K2R w K - 0 1' } as EditableLevel);
    const heard = listen(e);
    expect(e.moveItem('h1', 'h4', 'piece')).toBe(true);
    expect(heard).toEqual([
      {
        text: 'Castling right K cleared: the king or rook is no longer the board-level piece of its home square (LC-12)',
        detail: { square: 'h4', tone: 'replaced' },
      },
    ]);
  });
});
