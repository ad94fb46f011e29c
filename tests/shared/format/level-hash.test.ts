/**
 * levelHash: sha256 over the canonical rules-relevant content.
 * Expected values are computed here with node:crypto from canonical strings
 * written out by hand, independently of the code under test.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, levelHash, solutionIsCurrent } from '../../../src-shared/format/level-hash.js';
import type { ChessMazeLevel, KingsValleyLevel, Level, LockingChessLevel, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { fixtureJson } from './helpers.js';

const sha = (s: string): string => `sha256:${createHash('sha256').update(s, 'utf8').digest('hex')}`;
const clone = <T>(x: T): T => structuredClone(x);

const ukExample = (): UnlockTheKingLevel => fixtureJson('unlock-the-king.level.json');
const cmExample = (): ChessMazeLevel => fixtureJson('chess-maze.level.json');
const kvExample = (): KingsValleyLevel => fixtureJson('kings-valley.level.json');
const lcExample = (): LockingChessLevel => fixtureJson('locking-chess.level.json');

describe('value against hand-computed canonical strings', () => {
  it('the unlock-the-king contract example', () => {
    // Keys sorted; meta left out; pieces sorted by square (e1, e2, e4);
    // the pawn's `lateral: false` (default, UK-4) dropped; its facing east kept.
    const canonical =
      '{"board":{"height":8,"width":8},"format":"castellan.level",' +
      '"pieces":[{"role":"king","square":"e1"},{"facing":"east","role":"pawn","square":"e2"},{"role":"rook","square":"e4"}],' +
      '"portal":"e8","ruleset":"unlock-the-king","version":1,"walls":["d4"]}';
    expect(levelHash(ukExample())).toBe(sha(canonical));
    expect(levelHash(ukExample())).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('the chess-maze contract example', () => {
    // Tiles sorted by square: b3 key, c5 coin, d4 lock, e4 finish.
    const canonical =
      '{"board":{"height":5,"holes":["c3"],"width":5},"format":"castellan.level",' +
      '"objectives":{"collect":true},' +
      '"pieces":[{"role":"knight","side":"player","square":"a1"},{"role":"rook","side":"enemy","square":"e5"}],' +
      '"ruleset":"chess-maze",' +
      '"tiles":[{"color":"red","kind":"key","square":"b3"},{"kind":"coin","square":"c5"},{"color":"red","kind":"lock","square":"d4"},{"kind":"finish","square":"e4"}],' +
      '"version":1}';
    expect(levelHash(cmExample())).toBe(sha(canonical));
  });

  it('kings-valley: startingSetup false and soldiersMayStopOnValley false are defaults (dropped)', () => {
    const level: KingsValleyLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'kings-valley',
      meta: { title: 'x' },
      board: { width: 5, height: 5 },
      pieces: [
        { role: 'king', square: 'c5', side: 'black' },
        { role: 'king', square: 'c1', side: 'white' },
      ],
      sideToMove: 'white',
      startingSetup: false,
      options: { soldiersMayStopOnValley: false },
      goal: { type: 'win-in', moves: 3 },
    };
    const canonical =
      '{"board":{"height":5,"width":5},"format":"castellan.level","goal":{"moves":3,"type":"win-in"},' +
      '"pieces":[{"role":"king","side":"white","square":"c1"},{"role":"king","side":"black","square":"c5"}],' +
      '"ruleset":"kings-valley","sideToMove":"white","version":1}';
    expect(levelHash(level)).toBe(sha(canonical));
  });

  it('the stored hash of the solved fixture is current', () => {
    const solved = fixtureJson('unlock-the-king-solved.level.json') as UnlockTheKingLevel;
    expect(solutionIsCurrent(solved)).toBe(true);
    solved.pieces[1]!.square = 'f4';
    expect(solutionIsCurrent(solved)).toBe(false);
    expect(solutionIsCurrent(ukExample())).toBe(false); // no solution at all
  });

  it('canonicalJson sorts keys by code unit, keeps array order, no whitespace', () => {
    expect(canonicalJson({ b: [3, 1], a: { d: 'x', C: null }, é: true })).toBe('{"a":{"C":null,"d":"x"},"b":[3,1],"é":true}');
  });
});

describe('equal for equivalent documents', () => {
  const same = (a: Level, b: Level): void => expect(levelHash(b)).toBe(levelHash(a));

  it('reordered walls, pieces, tiles, holes, pillars, transform types, capture targets', () => {
    const uk = ukExample();
    const uk2 = clone(uk);
    uk.walls = ['d4', 'a2', 'h7'];
    uk2.walls = ['h7', 'd4', 'a2'];
    uk2.pieces.reverse();
    same(uk, uk2);

    const cm = cmExample();
    cm.board.holes = ['c3', 'a5'];
    cm.tiles!.push({ kind: 'transform', square: 'b5', allowed: ['rook', 'knight'] });
    cm.objectives = { collect: true, capture: ['e5', 'a2'] };
    const cm2 = clone(cm);
    cm2.board.holes = ['a5', 'c3'];
    cm2.tiles!.reverse();
    cm2.tiles!.find((t) => t.kind === 'transform')!.square = 'b5';
    (cm2.tiles!.find((t) => t.kind === 'transform') as { allowed: string[] }).allowed = ['knight', 'rook'];
    cm2.objectives = { capture: ['a2', 'e5'], collect: true };
    cm2.pieces.reverse();
    same(cm, cm2);

    const kv = fixtureJson('kings-valley-labyrinth.level.json') as KingsValleyLevel;
    const kv2 = clone(kv);
    kv2.pillars = ['f5', 'b3', 'f3', 'b5'];
    same(kv, kv2);
  });

  it('reordered object keys', () => {
    const uk = ukExample();
    const uk2 = {
      pieces: uk.pieces,
      portal: uk.portal,
      walls: uk.walls,
      board: { height: 8, width: 8 },
      meta: uk.meta,
      ruleset: uk.ruleset,
      version: 1,
      format: 'castellan.level',
    } as UnlockTheKingLevel;
    same(uk, uk2);
  });

  it('meta, editor, solution, par and draft do not count', () => {
    const uk = ukExample();
    const uk2 = clone(uk);
    uk2.meta = { title: 'Renamed', author: 'Someone', description: 'New text', tags: ['x'] };
    uk2.editor = { zoom: 3 };
    uk2.solution = { moves: ['Ke1-f2'], length: 1, optimal: false, states: 5, solver: 'castellan 9.9.9', levelHash: `sha256:${'f'.repeat(64)}` };
    uk2.par = 12;
    uk2.draft = true;
    same(uk, uk2);
  });

  it('defaults: pawn facing north == omitted, lateral false == omitted (UK-4, CM-3)', () => {
    const a = ukExample();
    a.pieces = [
      { role: 'king', square: 'e1' },
      { role: 'pawn', square: 'b2' },
    ];
    const b = clone(a);
    b.pieces[1] = { role: 'pawn', square: 'b2', facing: 'north', lateral: false };
    same(a, b);
    const cm = cmExample();
    const cm2 = clone(cm);
    cm2.pieces[0] = { ...cm2.pieces[0]!, facing: 'north' };
    same(cm, cm2);
  });

  it('empty lists and empty/default objectives == omitted', () => {
    const uk = ukExample();
    delete uk.walls;
    const uk2 = clone(uk);
    uk2.walls = [];
    same(uk, uk2);
    const cm = cmExample();
    delete cm.objectives;
    delete cm.board.holes;
    const cm2 = clone(cm);
    cm2.objectives = { collect: false, capture: [] };
    cm2.board.holes = [];
    same(cm, cm2);
    const cm3 = clone(cm);
    cm3.objectives = {};
    same(cm, cm3);
    const cm4 = clone(cm);
    cm4.tiles = [];
    const cm5 = clone(cm);
    delete cm5.tiles;
    same(cm4, cm5);
    const kv = kvExample();
    delete kv.options;
    delete kv.startingSetup;
    const kv2 = clone(kv);
    kv2.options = {};
    kv2.startingSetup = false;
    same(kv, kv2);
  });

  it('unlock-the-king piece colours are cosmetic (UK-2)', () => {
    const a = ukExample();
    const b = clone(a);
    b.pieces[0]!.color = 'obsidian';
    same(a, b);
  });

  it('locking-chess pieces are informational; position is authoritative', () => {
    const a = lcExample();
    const b = clone(a);
    b.pieces = [];
    same(a, b);
  });
});

describe('different when the puzzle changes', () => {
  const differ = (a: Level, b: Level): void => expect(levelHash(b)).not.toBe(levelHash(a));

  it('a piece moves, changes role, facing, lateral or side', () => {
    const uk = ukExample();
    const moved = clone(uk);
    moved.pieces[1]!.square = 'f4';
    differ(uk, moved);
    const role = clone(uk);
    role.pieces[1]!.role = 'queen';
    differ(uk, role);
    const facing = clone(uk);
    facing.pieces[2]!.facing = 'west';
    differ(uk, facing);
    const lateral = clone(uk);
    lateral.pieces[2]!.lateral = true;
    differ(uk, lateral);
    const cm = cmExample();
    const side = clone(cm);
    side.pieces[1]!.side = 'player';
    differ(cm, side);
  });

  it('walls, portal, board size, tiles, objectives, goals, position, side to move', () => {
    const uk = ukExample();
    differ(uk, { ...clone(uk), walls: ['d5'] });
    differ(uk, { ...clone(uk), portal: 'a8' });
    differ(uk, { ...clone(uk), board: { width: 8, height: 9 } });
    const cm = cmExample();
    differ(cm, { ...clone(cm), tiles: cm.tiles!.slice(1) });
    differ(cm, { ...clone(cm), objectives: { collect: true, moveLimit: 9 } });
    const kv = kvExample();
    differ(kv, { ...clone(kv), goal: { type: 'win-in', moves: 2 } });
    differ(kv, { ...clone(kv), sideToMove: 'black' });
    differ(kv, { ...clone(kv), startingSetup: true });
    const lc = lcExample();
    differ(lc, { ...clone(lc), position: lc.position.replace(' w ', ' b ') });
    differ(lc, { ...clone(lc), goal: { type: 'mate-in', moves: 3 } });
  });

  it('the same content under another ruleset', () => {
    const kv = kvExample();
    const other = { ...clone(kv), ruleset: 'chess-maze' } as unknown as Level;
    differ(kv, other);
  });
});
