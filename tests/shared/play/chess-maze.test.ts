/**
 * Chess Maze through the generic play session (src-shared/play/,
 * `chessMaze.play`): every mechanic in play, hand-worked on small boards
 * from docs/rules/chess-maze.md: CM-3 moves, CM-4 captures, CM-5 keys and
 * CM-7 locks, CM-6 plates, CM-8 coins, CM-9 spelling, CM-10 transforms,
 * CM-11 the finish, CM-12 the move limit, CM-13 dead ends; the solution
 * preview's play views; stars against the proven optimum.
 */
import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel } from '../../../src-shared/model/level.js';
import { displayLevel } from '../../../src-shared/rulesets/index.js';
import { replayPlayViews } from '../../../src-shared/play/index.js';
import type { PlaySession } from '../../../src-shared/play/session.js';
import type { CmProgress } from '../../../src-shared/rulesets/chess-maze/play.js';
import { play, start } from './helpers.js';

/** The LEVEL-FORMAT-v1 Chess Maze example "Red door", hand-copied: knight a1, enemy rook e5, hole c3, red key b3, red lock d4, coin c5, finish e4, collect. */
function redDoor(): ChessMazeLevel {
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

function cmLevel(
  board: ChessMazeLevel['board'],
  pieces: ChessMazeLevel['pieces'],
  tiles: ChessMazeLevel['tiles'],
  objectives?: ChessMazeLevel['objectives'],
): ChessMazeLevel {
  return { format: 'castellan.level', version: 1, ruleset: 'chess-maze', meta: { title: 't' }, board, pieces, tiles, ...(objectives ? { objectives } : {}) };
}

const cm = (s: PlaySession): CmProgress => s.view.info as CmProgress;
const mirror = (s: PlaySession): string => displayLevel(s.view.doc, { openColors: s.view.openColors }).mirror.state;

describe('Chess Maze play (CM-2..CM-13)', () => {
  it('CM-3 CM-5 CM-8 CM-11 Red door: knight targets, key, coin, and a win in 3 at par (three stars)', () => {
    // Knight a1 can go to b3 (key) or c2; b3 -> c5 (coin) -> e4 (finish): 3 moves; nothing shorter
    // reaches e4 with the coin (e4 is reached by a knight only from c5, d2, c3 (a hole)).
    let s = start(redDoor(), { par: 3 });
    expect(s.isMovable('a1')).toBe(true);
    expect(s.isMovable('e5')).toBe(false); // CM-2 enemies never move
    expect(
      s
        .targets('a1')
        .map((t) => t.to)
        .sort(),
    ).toEqual(['b3', 'c2']);
    s = play(s, 'a1', 'b3');
    expect(cm(s).keys).toEqual(['red']);
    expect(s.view.lastEvents).toContain('Picked up the red key: red locks are open');
    expect(mirror(s)).toBe('N:b3 r:e5 H:c3 coin:c5 finish:e4 lock:red:d4:open');
    // CM-7: the red lock d4 is now a legal landing square.
    expect(s.targets('b3').map((t) => t.to)).toContain('d4');
    s = play(s, 'b3', 'c5');
    expect(cm(s).coins).toEqual({ picked: 1, total: 1 });
    s = play(s, 'c5', 'e4');
    expect(s.view.status).toEqual({ kind: 'won' });
    expect(s.view.moves).toBe(3);
    expect(s.view.lans).toEqual(['Na1-b3', 'Nb3-c5', 'Nc5-e4']);
    expect(s.view.statusText).toBe('You won in 3 moves — par 3: at par');
    expect(s.view.stars).toBe(3);
    expect(s.view.score).toBeUndefined(); // Chess Maze does not score
    // No moves after the end.
    expect(s.targets('e4')).toEqual([]);
  });

  it('CM-11 the finish without the coins is an ordinary landing (collect objective)', () => {
    let s = start(redDoor());
    s = play(s, 'a1', 'b3');
    s = play(s, 'b3', 'd2');
    s = play(s, 'd2', 'e4');
    expect(s.view.status).toEqual({ kind: 'playing' });
    expect(cm(s).coins).toEqual({ picked: 0, total: 1 });
    // The coin on the way back: c5 is a knight move from e4, then the finish again: a win in 5 against the optimum 3 (within 2 x 3: two stars).
    s = play(play(s, 'e4', 'c5'), 'c5', 'e4');
    expect(s.view.status).toEqual({ kind: 'won' });
    expect(s.view.moves).toBe(5);
  });

  it('stars against the proven optimum 3: a win in 5 is within twice the par (2), a win in 7 is not (1)', () => {
    // a1-b3-d2-e4 (finish without the coin) -c5 (coin) -e4: 5 moves.
    const five = ['a1-b3', 'b3-d2', 'd2-e4', 'e4-c5', 'c5-e4'];
    let s = start(redDoor(), { par: 3 });
    for (const m of five) s = play(s, m.slice(0, 2), m.slice(3));
    expect(s.view.stars).toBe(2);
    // a1-b3-d2-b3-d2-e4-c5-e4: 7 moves > 6.
    let t = start(redDoor(), { par: 3 });
    for (const m of ['a1-b3', 'b3-d2', 'd2-b3', 'b3-d2', 'd2-e4', 'e4-c5', 'c5-e4']) t = play(t, m.slice(0, 2), m.slice(3));
    expect(t.view.status).toEqual({ kind: 'won' });
    expect(t.view.stars).toBe(1);
  });

  it('undo goes back one move, restart to the start; the level document is never touched', () => {
    const level = redDoor();
    const before = JSON.stringify(level);
    const s0 = start(level);
    const s2 = play(play(s0, 'a1', 'b3'), 'b3', 'c5');
    expect(s2.undo().view.moves).toBe(1);
    expect(cm(s2.undo()).keys).toEqual(['red']);
    expect(s2.restart().view.moves).toBe(0);
    expect(cm(s2.restart()).keys).toEqual([]);
    expect(JSON.stringify(level)).toBe(before);
    expect(s2.view.doc).not.toBe(level);
  });

  it('CM-5 the key picked before a Restart is held again after its undo', () => {
    const s1 = play(start(redDoor(), { par: 3 }), 'a1', 'b3');
    const back = s1.restart().undo();
    expect(back.view.lans).toEqual(s1.view.lans);
    expect([...back.view.openColors]).toEqual(['red']);
  });

  it('CM-12 move limit: the attempt fails once the counter reaches N without a win', () => {
    let s = start({ ...redDoor(), objectives: { collect: true, moveLimit: 2 } });
    expect(s.view.moveLimit).toBe(2);
    expect(s.view.moveLimitLabel).toBe('limit');
    s = play(s, 'a1', 'b3');
    expect(s.view.status.kind).toBe('playing');
    s = play(s, 'b3', 'c5');
    expect(s.view.status).toEqual({ kind: 'failed', reason: 'move-limit' });
    expect(s.view.statusText).toBe('Failed — move limit of 2 reached without winning');
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
    expect(s.view.statusText).toBe('Failed — dead end: no player piece can move');
    expect(s.view.stars).toBe(0);
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
    expect(bad.view.statusText).toBe('Failed — misspelled: picked up B, the word AB needs A next');
    // d1 first: the finish with the word incomplete is an ordinary move (CM-11).
    expect(play(s0, 'a1', 'd1').view.status.kind).toBe('playing');
    let s = play(s0, 'a1', 'c1');
    expect(cm(s).spelled).toBe(1);
    s = play(s, 'c1', 'b1');
    expect(cm(s).spelled).toBe(2);
    expect(cm(s).letters).toEqual(['A', 'B']);
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
    expect(s.describeChoice('queen')).toEqual({ label: 'Queen', role: 'queen' });
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
    expect(cm(s).plates).toEqual([]);
    expect(cm(s).plateColors).toEqual(['blue']);
    expect(s.targets('a1').map((t) => t.to)).toEqual(['b1']); // the closed lock stops the ray
    s = play(s, 'a2', 'b2');
    expect(cm(s).plates).toEqual(['blue']);
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
    const r = replayPlayViews(redDoor(), ['Na1-b3', 'Nb3-c5', 'Nc5-e4']);
    if (!r?.ok) throw new Error('no views');
    const m = r.value.map((v) => displayLevel(v.doc, { openColors: v.openColors }).mirror.state);
    expect(m).toEqual([
      'N:a1 r:e5 H:c3 coin:c5 finish:e4 key:red:b3 lock:red:d4',
      'N:b3 r:e5 H:c3 coin:c5 finish:e4 lock:red:d4:open',
      'N:c5 r:e5 H:c3 finish:e4 lock:red:d4:open',
      'N:e4 r:e5 H:c3 finish:e4 lock:red:d4:open',
    ]);
    expect(r.value[3]!.status).toEqual({ kind: 'won' });
    const bad = replayPlayViews(redDoor(), ['Na1-c3']);
    expect(bad?.ok).toBe(false);
    if (bad && !bad.ok) expect(bad.error[0]).toMatchObject({ code: 'move-illegal', pointer: '/moves/0' });
    const late = replayPlayViews(redDoor(), ['Na1-b3', 'Nb3-c5', 'Nc5-e4', 'Ne4-c5']);
    if (late && !late.ok) expect(late.error[0]).toMatchObject({ code: 'move-after-end', pointer: '/moves/3' });
    else throw new Error('a move after the win replayed');
  });

  it('CM-14 a level with builder errors cannot be played', () => {
    expect(() => start(cmLevel({ width: 3, height: 1 }, [], []))).toThrow();
  });
});
