/**
 * Playtests of the single-player rulesets through the generic play entry
 * (src-renderer/play: `startPlay` looks the ruleset's play module up):
 * Chess Maze (rulesets/chess-maze/play.ts) and Unlock the King
 * (rulesets/unlock-the-king/play.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { startPlay } from '../../../src-renderer/play/index.js';
import { playStatusText, type PlaySession as GenericSession } from '../../../src-renderer/play/session.js';
import { cmReplayViews, type CmPlayView } from '../../../src-renderer/rulesets/chess-maze/play.js';
import type { UkPlayView } from '../../../src-renderer/rulesets/unlock-the-king/play.js';
import { displayLevel } from '../../../src-shared/rulesets/index.js';
import type { Issue, Result } from '../../../src-shared/validation/issue.js';
import { redDoor } from '../fixtures.js';

/** A session whose view may carry the Chess Maze or Unlock the King rows (the generic contract, typed for these tests). */
interface PlaySession extends Omit<GenericSession, 'view' | 'undo' | 'restart' | 'play'> {
  view: GenericSession['view'] & Partial<Pick<CmPlayView, 'cm'>> & Partial<Pick<UkPlayView, 'uk'>>;
  play(from: string, to: string, choice?: string): PlaySession | { needChoice: string[] } | null;
  undo(): PlaySession;
  restart(): PlaySession;
}
const startPlaytest = (level: Parameters<typeof startPlay>[0], par: number | null): Result<PlaySession, Issue[]> =>
  startPlay(level, par) as Result<PlaySession, Issue[]>;

function cmLevel(
  board: ChessMazeLevel['board'],
  pieces: ChessMazeLevel['pieces'],
  tiles: ChessMazeLevel['tiles'],
  objectives?: ChessMazeLevel['objectives'],
): ChessMazeLevel {
  return { format: 'castellan.level', version: 1, ruleset: 'chess-maze', meta: { title: 't' }, board, pieces, tiles, ...(objectives ? { objectives } : {}) };
}

function start(level: Parameters<typeof startPlaytest>[0], par: number | null = null): PlaySession {
  const r = startPlaytest(level, par);
  if (!r.ok) throw new Error(r.error.map((i) => i.message).join(' '));
  return r.value;
}

function play(s: PlaySession, from: string, to: string, choice?: Parameters<PlaySession['play']>[2]): PlaySession {
  const r = s.play(from, to, choice);
  if (r === null || 'needChoice' in r) throw new Error(`${from}-${to} not playable`);
  return r;
}

const mirror = (s: PlaySession): string => displayLevel(s.view.doc, { openColors: s.view.openColors }).mirror.state;

describe('playtest (Chess Maze, CM-2..CM-13)', () => {
  it('CM-3 CM-5 CM-8 CM-11 Red door: knight targets, key, coin, and a win in 3 at par (hand-worked)', () => {
    // Knight a1 can go to b3 (key) or c2; b3 -> c5 (coin) -> e4 (finish): 3 moves; nothing shorter
    // reaches e4 with the coin (e4 is reached by a knight only from c5, d2, c3 (a hole)).
    let s = start(redDoor(), 3);
    expect(s.isMovable('a1')).toBe(true);
    expect(s.isMovable('e5')).toBe(false); // CM-2 enemies never move
    expect(
      s
        .targets('a1')
        .map((t) => t.to)
        .sort(),
    ).toEqual(['b3', 'c2']);
    s = play(s, 'a1', 'b3');
    expect(s.view.cm!.keys).toEqual(['red']);
    expect(s.view.lastEvents).toContain('Picked up the red key: red locks are open');
    expect(mirror(s)).toBe('N:b3 r:e5 H:c3 coin:c5 finish:e4 lock:red:d4:open');
    // CM-7: the red lock d4 is now a legal landing square.
    expect(s.targets('b3').map((t) => t.to)).toContain('d4');
    s = play(s, 'b3', 'c5');
    expect(s.view.cm!.coins).toEqual({ picked: 1, total: 1 });
    s = play(s, 'c5', 'e4');
    expect(s.view.status).toEqual({ kind: 'won' });
    expect(s.view.moves).toBe(3);
    expect(s.view.lans).toEqual(['Na1-b3', 'Nb3-c5', 'Nc5-e4']);
    expect(playStatusText(s.view)).toBe('You won in 3 moves — par 3: at par');
    // No moves after the end.
    expect(s.targets('e4')).toEqual([]);
  });

  it('CM-11 the finish without the coins is an ordinary landing (collect objective)', () => {
    // Knight a1 -> c2 -> ... e4 needs c5, d2: a1-c2, c2? d2 is not a knight move from c2; use b3-d2? b3->d2 is a knight move.
    let s = start(redDoor());
    s = play(s, 'a1', 'b3');
    s = play(s, 'b3', 'd2');
    s = play(s, 'd2', 'e4');
    expect(s.view.status).toEqual({ kind: 'playing' });
    expect(s.view.cm!.coins).toEqual({ picked: 0, total: 1 });
  });

  it('undo goes back one move, restart to the start; the level document is never touched', () => {
    const level = redDoor();
    const before = JSON.stringify(level);
    const s0 = start(level);
    const s2 = play(play(s0, 'a1', 'b3'), 'b3', 'c5');
    expect(s2.undo().view.moves).toBe(1);
    expect(s2.undo().view.cm!.keys).toEqual(['red']);
    expect(s2.restart().view.moves).toBe(0);
    expect(s2.restart().view.cm!.keys).toEqual([]);
    expect(JSON.stringify(level)).toBe(before);
    expect(s2.view.doc).not.toBe(level);
  });

  it('CM-12 move limit: the attempt fails once the counter reaches N without a win', () => {
    let s = start({ ...redDoor(), objectives: { collect: true, moveLimit: 2 } });
    s = play(s, 'a1', 'b3');
    expect(s.view.status.kind).toBe('playing');
    s = play(s, 'b3', 'c5');
    expect(s.view.status).toEqual({ kind: 'failed', reason: 'move-limit' });
    expect(playStatusText(s.view)).toBe('Failed — move limit of 2 reached without winning');
    expect(s.view.moveLimit).toBe(2);
  });

  it('CM-13 dead end: after a move no player piece can move', () => {
    // 4 x 1: pawn a1 facing east, hole c1, finish d1. Pa1-b1; then c1 is a hole: no move.
    const level = cmLevel(
      { width: 4, height: 1, holes: ['c1'] },
      [{ role: 'pawn', square: 'a1', side: 'player', facing: 'east' }],
      [{ kind: 'finish', square: 'd1' }],
    );
    let s = start(level);
    expect(s.targets('a1').map((t) => t.to)).toEqual(['b1']); // CM-3 double step blocked by the hole
    s = play(s, 'a1', 'b1');
    expect(s.view.status).toEqual({ kind: 'failed', reason: 'dead-end' });
    expect(playStatusText(s.view)).toContain('dead end');
  });

  it('CM-9 misspelled: picking a letter out of word order fails at once; in order the word completes', () => {
    // 4 x 1: rook a1; letters B on b1, A on c1; spell AB; finish d1.
    const level = cmLevel(
      { width: 4, height: 1 },
      [{ role: 'rook', square: 'a1', side: 'player' }],
      [
        { kind: 'letter', square: 'b1', letter: 'B' },
        { kind: 'letter', square: 'c1', letter: 'A' },
        { kind: 'finish', square: 'd1' },
      ],
      { spell: 'AB' },
    );
    const s0 = start(level);
    expect(s0.targets('a1').map((t) => t.to)).toEqual(['b1', 'c1', 'd1']); // CM-8 letters do not block
    const bad = play(s0, 'a1', 'b1');
    expect(bad.view.status).toEqual({ kind: 'failed', reason: 'misspelled' });
    expect(playStatusText(bad.view)).toBe('Failed — misspelled: picked up B, the word AB needs A next');
    // d1 first: the finish with the word incomplete is an ordinary move (CM-11).
    expect(play(s0, 'a1', 'd1').view.status.kind).toBe('playing');
    let s = play(s0, 'a1', 'c1');
    expect(s.view.cm!.spelled).toBe(1);
    s = play(s, 'c1', 'b1');
    expect(s.view.cm!.spelled).toBe(2);
    expect(s.view.cm!.letters).toEqual(['A', 'B']);
    s = play(s, 'b1', 'd1');
    expect(s.view.status.kind).toBe('won');
  });

  it('CM-10 a transform tile listing several types asks for the choice; the choice is part of the move', () => {
    const level = cmLevel(
      { width: 3, height: 1 },
      [{ role: 'rook', square: 'a1', side: 'player' }],
      [
        { kind: 'transform', square: 'b1', allowed: ['knight', 'queen'] },
        { kind: 'finish', square: 'c1' },
      ],
    );
    const s = start(level);
    expect(s.targets('a1').find((t) => t.to === 'b1')!.choices).toEqual(['knight', 'queen']);
    expect(s.play('a1', 'b1')).toEqual({ needChoice: ['knight', 'queen'] });
    expect(s.play('a1', 'b1', 'bishop')).toEqual({ needChoice: ['knight', 'queen'] });
    const q = play(s, 'a1', 'b1', 'queen');
    expect(q.view.lans).toEqual(['Ra1-b1=Q']);
    expect(mirror(q)).toBe('Q:b1 finish:c1 transform:NQ:b1');
    expect(q.view.lastEvents).toEqual(['The rook became a queen']);
  });

  it('CM-4 captures are marked as capture targets and remove the enemy', () => {
    const level = cmLevel(
      { width: 3, height: 1 },
      [
        { role: 'rook', square: 'a1', side: 'player' },
        { role: 'knight', square: 'b1', side: 'enemy' },
      ],
      [{ kind: 'finish', square: 'c1' }],
    );
    const s = start(level);
    expect(s.targets('a1')).toEqual([{ to: 'b1', capture: true, choices: [] }]); // cannot pass the enemy
    const c = play(s, 'a1', 'b1');
    expect(mirror(c)).toBe('R:b1 finish:c1');
    expect(c.view.lastEvents).toEqual(['Captured the enemy knight on b1']);
  });

  it('CM-6 CM-7 plates: held while a piece stands on one; the holder cannot ride it, another piece can', () => {
    // 3 x 2: rook a1, king a2; blue plate b2, blue lock c1, finish c2.
    const level = cmLevel(
      { width: 3, height: 2 },
      [
        { role: 'rook', square: 'a1', side: 'player' },
        { role: 'king', square: 'a2', side: 'player' },
      ],
      [
        { kind: 'plate', square: 'b2', color: 'blue' },
        { kind: 'lock', square: 'c1', color: 'blue' },
        { kind: 'finish', square: 'c2' },
      ],
    );
    let s = start(level);
    expect(s.view.cm!.plates).toEqual([]);
    expect(s.view.cm!.plateColors).toEqual(['blue']);
    expect(s.targets('a1').map((t) => t.to)).toEqual(['b1']); // the closed lock stops the ray
    s = play(s, 'a2', 'b2');
    expect(s.view.cm!.plates).toEqual(['blue']);
    expect(mirror(s)).toContain('lock:blue:c1:open');
    // a2 was left by the king; the lock c1 is open for the rook because the KING holds the plate.
    expect(
      s
        .targets('a1')
        .map((t) => t.to)
        .sort(),
    ).toEqual(['a2', 'b1', 'c1']);
    // The king on the plate may not ride it onto the lock (CM-7).
    expect(s.targets('b2').map((t) => t.to)).not.toContain('c1');
  });

  it('CM-13 solution preview views: picked tiles gone and locks open frame by frame; an illegal line is an error', () => {
    const r = cmReplayViews(redDoor(), ['Na1-b3', 'Nb3-c5', 'Nc5-e4']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const m = r.value.map((v) => displayLevel(v.doc, { openColors: v.openColors }).mirror.state);
    expect(m).toEqual([
      'N:a1 r:e5 H:c3 coin:c5 finish:e4 key:red:b3 lock:red:d4',
      'N:b3 r:e5 H:c3 coin:c5 finish:e4 lock:red:d4:open',
      'N:c5 r:e5 H:c3 finish:e4 lock:red:d4:open',
      'N:e4 r:e5 H:c3 finish:e4 lock:red:d4:open',
    ]);
    expect(r.value[3]!.status).toEqual({ kind: 'won' });
    const bad = cmReplayViews(redDoor(), ['Na1-c3']);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error[0]!.code).toBe('move-illegal');
  });

  it('a level with builder errors cannot be playtested (CM-14)', () => {
    const r = startPlaytest(cmLevel({ width: 3, height: 1 }, [], []), null);
    expect(r.ok).toBe(false);
  });
});

describe('playtest (Unlock the King, UK-3..UK-7)', () => {
  const level: UnlockTheKingLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'u' },
    board: { width: 3, height: 3 },
    walls: [],
    portal: 'a3',
    pieces: [{ role: 'king', square: 'a1' }],
  };

  it('UK-6 the king reaching the portal wins; par comparison', () => {
    let s = start(level, 2);
    expect(
      s
        .targets('a1')
        .map((t) => t.to)
        .sort(),
    ).toEqual(['a2', 'b1', 'b2']);
    s = play(play(s, 'a1', 'a2'), 'a2', 'a3');
    expect(s.view.status).toEqual({ kind: 'won' });
    expect(playStatusText(s.view)).toBe('You won in 2 moves — par 2: at par');
  });

  it('UK-7 the attempt fails once the moves exceed the ceiling 2 x par', () => {
    let s = start(level, 1);
    expect(s.view.moveLimit).toBe(2);
    s = play(play(s, 'a1', 'b1'), 'b1', 'a1');
    expect(s.view.status.kind).toBe('playing');
    s = play(s, 'a1', 'b1');
    expect(s.view.status).toEqual({ kind: 'failed', reason: 'move-ceiling' });
    expect(playStatusText(s.view)).toContain('move limit');
  });

  it('UK-8 a clean escape at par scores 1000 + 500 + 300 = 1800', () => {
    let s = start(level, 2);
    expect(s.view.uk?.score).toBeNull();
    s = play(play(s, 'a1', 'a2'), 'a2', 'a3');
    expect(s.view.uk?.score).toMatchObject({ total: 1800, outcome: 'escaped', counted: 2 });
  });

  it('UK-8 one undo and a move over par: 1000 + 0 + 0 - 25 = 975 (casual mode: the undo adds no move)', () => {
    // par 2; a1-b1 (undone), then a1-b1, b1-a2, a2-a3: 3 moves, one over par.
    let s = start(level, 2);
    s = play(s, 'a1', 'b1').undo();
    s = play(play(play(s, 'a1', 'b1'), 'b1', 'a2'), 'a2', 'a3');
    expect(s.view.status).toEqual({ kind: 'won' });
    expect(s.view.uk).toMatchObject({ undos: 1, resets: 0, score: { total: 975, counted: 3 } });
  });

  it('UK-8 a restart removes the clean bonus: 1000 + 500 = 1500; UK-7 over the ceiling scores 0', () => {
    let s = start(level, 2);
    s = play(s, 'a1', 'b1').restart();
    s = play(play(s, 'a1', 'a2'), 'a2', 'a3');
    expect(s.view.uk).toMatchObject({ undos: 0, resets: 1, score: { total: 1500 } });
    let f = start(level, 1);
    f = play(play(play(f, 'a1', 'b1'), 'b1', 'a1'), 'a1', 'b1');
    expect(f.view.uk?.score).toMatchObject({ total: 0, outcome: 'ceiling' });
  });
});
