/**
 * Board text (src-shared/format/board-text.ts, docs/reference/format-contract.md
 * "Board text"): boards written by hand from the sample files (rows top rank
 * first, the default characters or a legend) read into the same levelHash as
 * the samples; every sample and Codex blueprint round-trips; bad texts are
 * refused with their error code and line.
 */
import { describe, expect, it } from 'vitest';
import { boardTextToLevel, levelToBoardText, looksLikeBoardText } from '../../../src-shared/format/board-text.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { Level } from '../../../src-shared/model/level.js';
import { sampleLevel as sample, sampleLevels } from './level-samples.js';

function read(text: string): Level {
  const r = boardTextToLevel(text);
  if (!r.ok) throw new Error(r.error.map((i) => `${i.code}: ${i.message}`).join('\n'));
  return r.value;
}

function errorOf(text: string): { code: string; message: string } | undefined {
  const r = boardTextToLevel(text);
  return r.ok ? undefined : { code: r.error[0]!.code, message: r.error[0]!.message };
}

describe('board text, written by hand from the sample files', () => {
  it('KV: Backstop with the default characters and no legend (white moves first when there is no Rules line, KV-1)', () => {
    const text = ['Castellan kings-valley 5x5 win in 1: Backstop', '.s.ss', 'S.s.k', '.....', '.S..S', '..K.S'].join('\n');
    expect(levelHash(read(text))).toBe(levelHash(sample('kings-valley/01-backstop.level.json')));
  });

  it('UK: First Steps, a pawn facing east from the legend (UK-4), the portal (UK-6)', () => {
    const text = [
      'Castellan unlock-the-king 8x8: First Steps',
      'Author: Castellan samples',
      '...q...r',
      '........',
      '........',
      '........',
      '...##...',
      '..@.....',
      'Pb......',
      'K>....N.',
      'Legend:',
      '> ivory pawn facing east',
    ].join('\n');
    const level = read(text);
    expect(levelHash(level)).toBe(levelHash(sample('unlock-the-king/01-first-steps.level.json')));
    expect(level.meta).toEqual({ title: 'First Steps', author: 'Castellan samples' });
  });

  it("CM: The Alchemist's Vault, holes, locks, plate, key, transforms, gems and the finish", () => {
    const text = [
      "Castellan chess-maze 7x6: The Alchemist's Vault",
      '*..#T..',
      '..X###.',
      '#L####.',
      '.R*###.',
      'O#K###.',
      'Y#U###F',
      'Legend:',
      'T transform rook',
      'X transform knight',
      'L red lock',
      'O blue lock',
      'Y red key',
      'U blue plate',
    ].join('\n');
    expect(levelHash(read(text))).toBe(levelHash(sample('chess-maze/16-alchemists-vault.level.json')));
  });

  it('CM: First Word, letter tiles and "Objectives: spell KING" (CM-9)', () => {
    const text = [
      'Castellan chess-maze 5x5: First Word',
      'Objectives: spell KING',
      '...4.',
      '..3..',
      '2...1',
      '.4F3.',
      '..K..',
      'Legend:',
      '1 letter K',
      '2 letter I',
      '3 letter N',
      '4 letter G',
    ].join('\n');
    expect(levelHash(read(text))).toBe(levelHash(sample('chess-maze/06-first-word.level.json')));
  });

  it('LC: Castlock as its LFEN and goal (LC-13)', () => {
    const text = 'Castellan locking-chess 8x8 mate in 1: Castlock\nLFEN: 6(Rk)1/8/6P1/8/8/8/8/4K2R w K - 0 1\n';
    expect(levelHash(read(text))).toBe(levelHash(sample('locking-chess/03-castlock.level.json')));
  });

  it('indented, with Windows line ends, comments and blank lines (a forum code block)', () => {
    const text =
      '; from the forum\r\n\r\n    Castellan kings-valley 5x5 win in 1: Backstop\r\n    .s.ss\r\n    S.s.k\r\n\r\n    .....\r\n    .S..S  \r\n    ..K.S\r\n';
    expect(levelHash(read(text))).toBe(levelHash(sample('kings-valley/01-backstop.level.json')));
    expect(looksLikeBoardText(text)).toBe(true);
    expect(looksLikeBoardText('CST1.abc')).toBe(false);
  });
});

describe('board text round trip', () => {
  it('every sample level and Codex blueprint: same levelHash and metadata; the header names ruleset, size, par / goal and title', () => {
    for (const { file, level } of sampleLevels()) {
      const w = levelToBoardText(level);
      expect(w.ok, file).toBe(true);
      if (!w.ok) continue;
      expect(w.value.lost, file).toEqual([]);
      const head = w.value.text.split('\n')[0]!;
      expect(head.startsWith(`Castellan ${level.ruleset} ${level.board.width}x${level.board.height}`), file).toBe(true);
      expect(head.endsWith(`: ${level.meta.title}`), file).toBe(true);
      if (level.par !== undefined) expect(head, file).toContain(` par ${level.par}`);
      const back = read(w.value.text);
      expect(levelHash(back), file).toBe(levelHash(level));
      expect(back.meta, file).toEqual(level.meta);
      expect(back.par, file).toBe(level.par);
      // One character per square: the rows are exactly the board's width (grid rulesets).
      if (level.ruleset !== 'locking-chess') {
        const rows = w.value.text.split('\n').slice(0, w.value.text.split('\n').indexOf('Legend:')).slice(-level.board.height);
        for (const r of rows) expect([...r].length, file).toBe(level.board.width);
      }
    }
  });

  it('a piece on a tile and the finish (CM-14) and a piece on the portal get a legend line each', () => {
    const cm = {
      ...sample('chess-maze/01-stepping-stones.level.json'),
      tiles: [
        { kind: 'coin', square: 'b1' },
        { kind: 'finish', square: 'b1' },
        { kind: 'letter', square: 'c1', letter: 'Q' },
      ],
      pieces: [{ role: 'knight', square: 'b1', side: 'player', facing: 'east' }],
    } as unknown as Level;
    const w = levelToBoardText(cm);
    expect(w.ok && w.value.text).toContain('player knight facing east, coin, finish');
    expect(w.ok && levelHash(read(w.value.text))).toBe(levelHash(cm));
  });

  it('what it cannot hold is said: an unknown top-level field is listed as lost', () => {
    const level = { ...sample('kings-valley/01-backstop.level.json'), 'x-future': 1 } as unknown as Level;
    const w = levelToBoardText(level);
    expect(w.ok && w.value.lost).toEqual(['the field "x-future"']);
  });

  it('refuses a level with things off its board, and one with more kinds of squares than characters', () => {
    const off = { ...sample('kings-valley/01-backstop.level.json'), pillars: ['h8'] } as unknown as Level;
    const r = levelToBoardText(off);
    expect(r.ok ? 'ok' : r.error[0]!.code).toBe('board-text-off-board');
    expect(r.ok ? [] : r.error[0]!.squares).toEqual(['h8']);
    // 26 x 26 squares, each a different letter tile with a different piece: more kinds than characters.
    const tiles = [];
    const pieces = [];
    for (let f = 0; f < 26; f++)
      for (let k = 1; k <= 4; k++) {
        const square = `${String.fromCharCode(97 + f)}${k}`;
        tiles.push({ kind: 'letter', square, letter: String.fromCharCode(65 + f) });
        pieces.push({ role: ['king', 'queen', 'rook', 'bishop'][k - 1], side: 'enemy', square });
      }
    const varied = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'chess-maze',
      meta: { title: 'v' },
      board: { width: 26, height: 4 },
      pieces,
      tiles,
    } as unknown as Level;
    const v = levelToBoardText(varied);
    expect(v.ok ? 'ok' : v.error[0]!.code).toBe('board-text-too-varied');
  });
});

describe('board text errors: a code and the line', () => {
  const backstop = ['Castellan kings-valley 5x5 win in 1: Backstop', '.s.ss', 'S.s.k', '.....', '.S..S', '..K.S'];
  const text = (lines: string[]): string => lines.join('\n');

  it('a missing or wrong header, an unknown ruleset, a board size out of range', () => {
    expect(errorOf('')?.code).toBe('board-text-header');
    expect(errorOf('hello\n...')).toEqual({ code: 'board-text-header', message: expect.stringContaining('Line 1') });
    expect(errorOf(text(['Castellan sokoban 5x5: x', ...backstop.slice(1)]))?.code).toBe('board-text-ruleset');
    expect(errorOf(text(['Castellan kings-valley 27x5: x', ...backstop.slice(1)]))?.code).toBe('board-text-size');
  });

  it('rows: too few, too short, a legend before the last row', () => {
    expect(errorOf(text(backstop.slice(0, 4)))?.code).toBe('board-text-rows');
    expect(errorOf(text([...backstop.slice(0, 2), 'S.s.', ...backstop.slice(3)]))).toEqual({
      code: 'board-text-rows',
      message: expect.stringContaining('Line 3'),
    });
    expect(errorOf(text([...backstop.slice(0, 3), 'Legend:']))?.code).toBe('board-text-rows');
  });

  it('symbols and the legend: an unknown character names its square; a bad description; a duplicate', () => {
    const r = boardTextToLevel(text([...backstop.slice(0, 2), 'S.s.Z', ...backstop.slice(3)]));
    expect(r.ok ? undefined : r.error[0]).toMatchObject({ code: 'board-text-symbol', square: 'e4' });
    expect(errorOf(text([...backstop, 'Legend:', 'S purple soldier']))?.code).toBe('board-text-legend');
    expect(errorOf(text([...backstop, 'Legend:', 'S white soldier', 'S black soldier']))?.code).toBe('board-text-legend');
    expect(errorOf(text([...backstop, 'trailing words']))?.code).toBe('board-text-legend');
  });

  it('ruleset lines: a bad Rules or Objectives part, a line of another ruleset', () => {
    expect(errorOf(text([backstop[0]!, 'Rules: purple to move', ...backstop.slice(1)]))?.code).toBe('board-text-line');
    expect(errorOf(text([backstop[0]!, 'Objectives: collect all', ...backstop.slice(1)]))?.code).toBe('board-text-line');
    expect(errorOf('Castellan chess-maze 2x1: x\nObjectives: fly home\nK.')?.code).toBe('board-text-line');
  });

  it('UK: no portal or two portals (UK-6)', () => {
    const r = boardTextToLevel('Castellan unlock-the-king 3x3: x\n@.@\n.K.\n...');
    expect(r.ok ? undefined : r.error[0]).toMatchObject({ code: 'board-text-portal', squares: ['a3', 'c3'], ruling: 'UK-6' });
    expect(errorOf('Castellan unlock-the-king 3x3: x\n...\n.K.\n...')?.code).toBe('board-text-portal');
  });

  it('LC: no LFEN line, a line after it', () => {
    expect(errorOf('Castellan locking-chess 8x8 mate in 1: x')?.code).toBe('board-text-lfen');
    expect(errorOf('Castellan locking-chess 8x8: x\nLFEN: 8/8/8/8/8/8/8/4K2k w - - 0 1\n........')?.code).toBe('board-text-extra');
  });

  it('LC-13: an LFEN line that is not LFEN (garbage, four ranks) is refused on its line, never written as a level', () => {
    for (const lfen of ['zzzz', '8/8/8/8 w - - 0 1']) {
      const e = errorOf(`Castellan locking-chess 8x8 mate in 2: x\nLFEN: ${lfen}`);
      expect(e?.code).toBe('board-text-line');
      expect(e?.message).toContain('Line 2');
      expect(e?.message).toContain('LFEN');
    }
    // A syntactically sound position without kings reads back (the validation list names it, LC-1).
    expect(boardTextToLevel('Castellan locking-chess 8x8 mate in 2: x\nLFEN: 8/8/8/8/8/8/8/8 w - - 0 1').ok).toBe(true);
  });

  it('what the schema refuses: board-text-not-a-level with the loader issues (a goal Chess Maze has no such thing)', () => {
    const r = boardTextToLevel('Castellan chess-maze 2x1 mate in 2: x\nK.');
    expect(r.ok ? [] : r.error.map((i) => i.code)[0]).toBe('board-text-not-a-level');
    expect(r.ok ? [] : r.error.slice(1).length).toBeGreaterThan(0);
  });
});
