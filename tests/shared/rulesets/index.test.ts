/** Ruleset dispatch: validateRules, validateDocument, solveLevelReference, replayMoves. */
import { describe, expect, it } from 'vitest';
import { replayMoves, solveLevelReference, validateDocument, validateRules } from '../../../src-shared/rulesets/index.js';
import type { ChessMazeLevel, KingsValleyLevel, Level, LockingChessLevel, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { ukLevel } from './unlock-the-king/helpers.js';

/** 4x3 corridor (see unlock-the-king/solve.test.ts): optimum 6, first move forced Pc1-c2. */
const corridor = (): UnlockTheKingLevel =>
  ukLevel({
    width: 4,
    height: 3,
    walls: ['a2', 'b2', 'd2', 'a3', 'b3', 'd3'],
    portal: 'd1',
    pieces: [
      { role: 'king', square: 'a1' },
      { role: 'rook', square: 'b1' },
      { role: 'pawn', square: 'c1' },
    ],
    par: 9,
  });

/** The chess-maze example of LEVEL-FORMAT-v1.md. */
const maze = (): ChessMazeLevel => ({
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
});

const valley = (): KingsValleyLevel => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'kings-valley',
  meta: { title: 'kv' },
  board: { width: 5, height: 5 },
  pieces: [
    { role: 'king', square: 'a1', side: 'white' },
    { role: 'king', square: 'e5', side: 'black' },
  ],
  sideToMove: 'white',
});

/**
 * Locking Chess: the white king on its pawn e4 is in point-blank check from the free black
 * king d5 (LC-6); Ke4-d5* locks it and the freed pawn attacks it (LC-5b): lockmate in 1.
 */
const lockingChess = (): LockingChessLevel => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'locking-chess',
  meta: { title: 'lc' },
  board: { width: 8, height: 8 },
  position: '8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1',
  goal: { type: 'mate-in', moves: 1 },
});

/** A ruleset no version of the format knows (dispatch answers ruleset-unsupported). */
const unknownRuleset = (): Level => ({ ...lockingChess(), ruleset: 'go' }) as unknown as Level;

describe('validateRules', () => {
  it('dispatches Unlock the King to its builder rules', () => {
    expect(validateRules(corridor())).toEqual([]);
    const twoKings = corridor();
    twoKings.pieces.push({ role: 'king', square: 'c3' });
    expect(validateRules(twoKings).map((i) => i.code)).toEqual(['uk-king-count']);
  });
  it('CM-14 dispatches Chess Maze to its builder rules', () => {
    expect(validateRules(maze())).toEqual([]);
    const noFlag = maze();
    noFlag.tiles = noFlag.tiles!.filter((t) => t.kind !== 'finish');
    expect(validateRules(noFlag).map((i) => i.code)).toEqual(['cm-finish-count']);
  });
  it("dispatches King's Valley to its builder rules (KV-9)", () => {
    expect(validateRules(valley())).toEqual([]);
  });
  it('dispatches Locking Chess to its builder rules (LC-13 LFEN)', () => {
    expect(validateRules(lockingChess())).toEqual([]);
    expect(validateRules({ ...lockingChess(), position: '8/8/8/3k4/4(PK3/8/8/8 w - - 0 1' }).map((i) => i.code)).toEqual(['lc-lfen-syntax']);
  });
  it('answers ruleset-unsupported for an unknown ruleset', () => {
    for (const level of [unknownRuleset()]) {
      const issues = validateRules(level);
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({
        severity: 'error',
        code: 'ruleset-unsupported',
        message: `${level.ruleset} rules are not implemented yet`,
      });
    }
  });
});

describe('validateDocument', () => {
  it('a valid UK document: level and no issues', () => {
    const r = validateDocument(JSON.parse(JSON.stringify(corridor())));
    expect(r.issues).toEqual([]);
    expect(r.level?.ruleset).toBe('unlock-the-king');
  });
  it('schema-valid but rule-breaking: level plus the rule errors', () => {
    const doc = corridor();
    doc.portal = 'a1';
    const r = validateDocument(doc);
    expect(r.level).toBeDefined();
    expect(r.issues.map((i) => i.code)).toEqual(['uk-portal-on-king']);
  });
  it('not a level at all: schema errors and no level', () => {
    const r = validateDocument(42);
    expect(r.level).toBeUndefined();
    expect(r.issues.length).toBeGreaterThan(0);
    expect(r.issues.every((i) => i.severity === 'error')).toBe(true);
  });
  it('a schema-valid chess maze: level and its rule issues (none here)', () => {
    const r = validateDocument(maze());
    expect(r.level?.ruleset).toBe('chess-maze');
    expect(r.issues).toEqual([]);
  });
});

describe('solveLevelReference', () => {
  it('UK-7 solves to the optimum, ignoring the stored par', () => {
    const r = solveLevelReference(corridor());
    expect(r).toMatchObject({ status: 'solved', length: 6, optimal: true });
  });
  it('answers invalid with the builder errors', () => {
    const lvl = corridor();
    lvl.pieces = lvl.pieces.filter((p) => p.role !== 'king');
    const r = solveLevelReference(lvl);
    expect(r.status).toBe('invalid');
    if (r.status === 'invalid') expect(r.issues.map((i) => i.code)).toEqual(['uk-king-count']);
  });
  it('answers invalid/ruleset-unsupported for an unknown ruleset', () => {
    const r = solveLevelReference(unknownRuleset());
    expect(r.status).toBe('invalid');
    if (r.status === 'invalid') expect(r.issues[0]).toMatchObject({ code: 'ruleset-unsupported', message: 'go rules are not implemented yet' });
  });
  it('LC-8 solves the Locking Chess lockmate in 1 (Ke4-d5*)', () => {
    expect(solveLevelReference(lockingChess())).toMatchObject({ status: 'solved', length: 1, moves: ['Ke4-d5*'], keys: ['Ke4-d5*'], mateType: 'lockmate' });
  });
  it('CM-11 solves the LEVEL-FORMAT chess maze: key b3 on the way to the coin c5, then the flag (3 moves)', () => {
    // Knight a1 -> c5 takes 2 jumps, only via b3; c5 -> e4 is one jump. The coin gates the flag.
    expect(solveLevelReference(maze())).toMatchObject({ status: 'solved', length: 3, moves: ['Na1-b3', 'Nb3-c5', 'Nc5-e4'] });
  });
  it('CM-12 a chess maze whose move limit is below the optimum is unsolvable', () => {
    const lvl = maze();
    lvl.objectives = { collect: true, moveLimit: 2 };
    expect(solveLevelReference(lvl).status).toBe('unsolvable');
  });
  it('CM-14 a chess maze with builder errors answers invalid', () => {
    const lvl = maze();
    lvl.pieces = lvl.pieces.filter((p) => p.side !== 'player');
    const r = solveLevelReference(lvl);
    expect(r.status).toBe('invalid');
    if (r.status === 'invalid') expect(r.issues.map((i) => i.code)).toEqual(['cm-player-missing']);
  });
  it('passes options through to the engine (maxStates -> limit)', () => {
    expect(solveLevelReference(corridor(), { maxStates: 3 })).toMatchObject({ status: 'limit', reason: 'states', states: 3 });
  });
});

describe('replayMoves', () => {
  const line = ['Pc1-c2', 'Rb1-c1', 'Pc2-c3', 'Ka1-b1', 'Kb1-c2', 'Kc2-d1'];
  const squares = (l: Level) => (l as UnlockTheKingLevel).pieces.map((p) => p.square);

  it('frames[0] is the start and frames[k] the document after k moves', () => {
    const level = corridor();
    const before = JSON.stringify(level);
    const r = replayMoves(level, line);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toHaveLength(7);
    expect(r.value.map(squares)).toEqual([
      ['a1', 'b1', 'c1'],
      ['a1', 'b1', 'c2'],
      ['a1', 'c1', 'c2'],
      ['a1', 'c1', 'c3'],
      ['b1', 'c1', 'c3'],
      ['c2', 'c1', 'c3'],
      ['d1', 'c1', 'c3'],
    ]);
    // Everything but the pieces is carried over; the input is not mutated.
    expect((r.value[6] as UnlockTheKingLevel).portal).toBe('d1');
    expect(r.value[6]!.meta.title).toBe('test');
    expect(JSON.stringify(level)).toBe(before);
    expect(JSON.stringify(r.value[0])).toBe(before);
  });

  it('an empty line gives just the start frame', () => {
    const r = replayMoves(corridor(), []);
    expect(r.ok && r.value.length).toBe(1);
  });

  it('an illegal move answers move-illegal with its index and square', () => {
    const r = replayMoves(corridor(), ['Pc1-c2', 'Ka1-b1']); // the rook still stands on b1
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toHaveLength(1);
      expect(r.error[0]).toMatchObject({ severity: 'error', code: 'move-illegal', pointer: '/moves/1', square: 'a1' });
    }
  });

  it('malformed LAN and captures answer move-illegal', () => {
    for (const bad of ['Pc1xc2', 'c1-c2', 'Pc1-c2-c3']) {
      const r = replayMoves(corridor(), [bad]);
      expect(!r.ok && r.error[0]!.code).toBe('move-illegal');
    }
  });

  it('UK-6 a move after the king reached the portal answers move-after-solved', () => {
    const r = replayMoves(corridor(), [...line, 'Rc1-b1']);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error[0]).toMatchObject({ code: 'move-after-solved', pointer: '/moves/6' });
  });

  it('solveLevelReference solution replays to the portal', () => {
    const level = corridor();
    const s = solveLevelReference(level);
    expect(s.status).toBe('solved');
    if (s.status !== 'solved') return;
    const r = replayMoves(level, s.moves);
    expect(r.ok).toBe(true);
    if (r.ok) {
      const last = r.value[r.value.length - 1] as UnlockTheKingLevel;
      expect(last.pieces.find((p) => p.role === 'king')!.square).toBe(last.portal);
    }
  });

  it('CM-13 chess maze replay: pieces moved, captured enemies removed, transformed roles; tiles kept', () => {
    // 5x5: rook a1, enemy bishop a3 on a knight-only transform tile, coin a2 (no collect objective).
    const lvl: ChessMazeLevel = {
      ...maze(),
      board: { width: 5, height: 5 },
      pieces: [
        { role: 'rook', square: 'a1', side: 'player' },
        { role: 'bishop', square: 'a3', side: 'enemy' },
      ],
      tiles: [
        { kind: 'transform', square: 'a3', allowed: ['knight'] },
        { kind: 'coin', square: 'a2' },
        { kind: 'finish', square: 'e5' },
      ],
    };
    delete lvl.objectives;
    const r = replayMoves(lvl, ['Ra1-a2', 'Ra2xa3', 'Na3-c4']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const pieces = r.value.map((l) => (l as ChessMazeLevel).pieces);
    expect(pieces).toEqual([
      lvl.pieces,
      [{ role: 'rook', square: 'a2', side: 'player' }, lvl.pieces[1]],
      [{ role: 'knight', square: 'a3', side: 'player' }],
      [{ role: 'knight', square: 'c4', side: 'player' }],
    ]);
    expect((r.value[3] as ChessMazeLevel).tiles).toEqual(lvl.tiles);
  });

  it('CM-13 chess maze replay errors: illegal move, move after the win, move after a failure', () => {
    const illegal = replayMoves(maze(), ['Na1-a2']);
    expect(!illegal.ok && illegal.error[0]).toMatchObject({ code: 'move-illegal', pointer: '/moves/0', square: 'a1' });
    const after = replayMoves(maze(), ['Na1-b3', 'Nb3-c5', 'Nc5-e4', 'Ne4-c5']);
    expect(!after.ok && after.error[0]).toMatchObject({ code: 'move-after-solved', pointer: '/moves/3' });
    const limited = maze();
    limited.objectives = { collect: true, moveLimit: 1 };
    const failed = replayMoves(limited, ['Na1-b3', 'Nb3-c5']);
    expect(!failed.ok && failed.error[0]).toMatchObject({ code: 'move-after-failed', pointer: '/moves/1' });
  });

  it('replay of an unknown ruleset answers ruleset-unsupported', () => {
    const r = replayMoves(unknownRuleset(), []);
    expect(!r.ok && r.error[0]!.code).toBe('ruleset-unsupported');
  });

  it('replays Locking Chess moves as LFEN frames; nothing after the mate', () => {
    const r = replayMoves(lockingChess(), ['Ke4-d5*']);
    expect(r.ok && r.value.map((f) => (f as LockingChessLevel).position)).toEqual(['8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1', '8/8/8/3(kK)4/4P3/8/8/8 b - - 1 1']);
    const after = replayMoves(lockingChess(), ['Ke4-d5*', 'Kd5-d4']);
    expect(!after.ok && after.error[0]).toMatchObject({ code: 'move-after-game-over', pointer: '/moves/1' });
    const illegal = replayMoves(lockingChess(), ['Ke4-e5']);
    expect(!illegal.ok && illegal.error[0]).toMatchObject({ code: 'move-illegal', pointer: '/moves/0', square: 'e4' });
  });
});
