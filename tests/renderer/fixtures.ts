import type { ChessMazeLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import type { EditableLevel } from '../../src-renderer/editor/default-doc.js';
import { Editor } from '../../src-renderer/editor/editor.js';
import { rulesetUiOf } from '../../src-renderer/rulesets/index.js';

/** An Editor on `doc` with the application's ruleset modules (src-renderer/rulesets/index.ts). */
export function editorOn(doc: EditableLevel): Editor {
  return new Editor<EditableLevel>(doc, rulesetUiOf);
}

/** The LEVEL-FORMAT-v1 example, hand-copied. */
export function sampleLevel(): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Novice 1' },
    board: { width: 8, height: 8 },
    walls: ['d4'],
    portal: 'e8',
    pieces: [
      { role: 'king', square: 'e1' },
      { role: 'rook', square: 'e4' },
      { role: 'pawn', square: 'e2', facing: 'east', lateral: false },
    ],
  };
}

/** The LEVEL-FORMAT-v1 Chess Maze example ("Red door"), hand-copied. */
export function redDoor(): ChessMazeLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title: 'Red door' },
    board: { width: 5, height: 5, holes: ['c3'] },
    pieces: [
      { role: 'knight', square: 'a1', side: 'player' },
      { role: 'rook', square: 'e5', side: 'enemy' },
    ],
    tiles: [
      { kind: 'key', square: 'b3', color: 'red' },
      { kind: 'lock', square: 'd4', color: 'red' },
      { kind: 'coin', square: 'c5' },
      { kind: 'finish', square: 'e4' },
    ],
    objectives: { collect: true },
  };
}
