/**
 * Restart is one step of the play history (play/session.ts): undo at the
 * start after a Restart brings back the moves before it, in every ruleset's
 * play session, by hand and against the engine; UK-8 still counts the
 * restart and the undo (no clean-run bonus).
 */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel, LockingChessLevel, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import type { EngineAnswer } from '../../../src-shared/ruleset.js';
import { startPlay } from '../../../src-renderer/play/index.js';
import type { PlaySession } from '../../../src-renderer/play/session.js';
import type { UkPlayView } from '../../../src-renderer/rulesets/unlock-the-king/play.js';
import { startKvPlay } from '../../../src-renderer/rulesets/kings-valley/play.js';
import { startLcEnginePlay, startLcPlay } from '../../../src-renderer/rulesets/locking-chess/play.js';
import { redDoor } from '../fixtures.js';

function play(s: PlaySession, from: string, to: string): PlaySession {
  const r = s.play(from, to);
  if (r === null || 'needChoice' in r) throw new Error(`${from}-${to} not playable`);
  return r;
}

/** The engine's answer `lan` (what the worker job would send). */
const answer = (lan: string): EngineAnswer => ({ lan, kind: 'any', nodes: 0 });

describe('restart is undoable', () => {
  const uk: UnlockTheKingLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'u' },
    board: { width: 3, height: 3 },
    walls: [],
    portal: 'a3',
    pieces: [{ role: 'king', square: 'a1' }],
  };

  it('UK-8 Unlock the King: undo after Restart brings the two moves back; the restart and the undo still cost the clean bonus', () => {
    const r = startPlay(uk, 2);
    if (!r.ok) throw new Error('not playable');
    const s0 = r.value;
    expect(s0.canUndo).toBe(false);
    expect(s0.undo()).toBe(s0);
    const s2 = play(play(s0, 'a1', 'b1'), 'b1', 'b2');
    const restarted = s2.restart();
    expect(restarted.view.moves).toBe(0);
    expect(restarted.canUndo).toBe(true);
    const back = restarted.undo();
    expect(back.view.lans).toEqual(['Ka1-b1', 'Kb1-b2']);
    expect((back.view as UkPlayView).uk).toMatchObject({ undos: 1, resets: 1 });
    // b2 -> a3 wins in 3 moves against par 2: 1000 + 0 + 0 (undo and restart used) - 25 = 975.
    const won = play(back, 'b2', 'a3');
    expect(won.view.status).toEqual({ kind: 'won' });
    expect((won.view as UkPlayView).uk.score).toMatchObject({ total: 975 });
    // Undo goes on past the restart, move by move, to the very start.
    const first = back.undo();
    expect(first.view.lans).toEqual(['Ka1-b1']);
    expect(first.undo().canUndo).toBe(false);
    // A restart at the start is no step.
    expect(s0.restart()).toBe(s0);
  });

  it('CM-5 Chess Maze: the key picked before the Restart is held again after its undo', () => {
    const r = startPlay(redDoor(), 3);
    if (!r.ok) throw new Error('not playable');
    const s1 = play(r.value, 'a1', 'b3');
    const back = s1.restart().undo();
    expect(back.view.lans).toEqual(s1.view.lans);
    expect([...back.view.openColors]).toEqual(['red']);
  });

  it('KV-8 King’s Valley by hand: undo after Restart; against the engine moving first, undo after its reply goes back before the Restart', () => {
    const kv: KingsValleyLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'kings-valley',
      meta: { title: 'k' },
      board: { width: 5, height: 5 },
      pieces: [
        { role: 'king', square: 'c1', side: 'white' },
        { role: 'soldier', square: 'a1', side: 'white' },
        { role: 'king', square: 'c5', side: 'black' },
        { role: 'soldier', square: 'e5', side: 'black' },
      ],
      sideToMove: 'white',
    };
    const hand = startKvPlay(kv, 'both');
    if (!hand.ok) throw new Error('not playable');
    const h0 = hand.value;
    const h1 = h0.play('a1', h0.targets('a1')[0]!.to)!;
    expect(h1.restart().undo().view.lans).toEqual(h1.view.lans);

    // The person plays Black: the engine (White) moves first.
    const vs = startKvPlay(kv, 'black');
    if (!vs.ok) throw new Error('not playable');
    const e0 = vs.value;
    expect(e0.engineToMove).toBe(true);
    const e1 = e0.playEngine(answer(lanOf(e0, 'a1')))!;
    const e2 = e1.play('e5', e1.targets('e5')[0]!.to)!;
    const line = e2.view.lans;
    const r0 = e2.restart();
    const r1 = r0.game!.playEngine(answer(lanOf(r0, 'a1')))!;
    // The Restart was pressed on the engine's turn: its undo is exactly that position (the engine then moves again).
    const back = r1.game!.undoTurn();
    expect(back.view.lans).toEqual(line);
    expect(back.game!.engineToMove).toBe(true);
  });

  it('LC-8 Locking Chess: undo after Restart by hand and against the engine moving first', () => {
    const d: LockingChessLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'locking-chess',
      meta: { title: 'l' },
      board: { width: 8, height: 8 },
      position: '4k3/P7/8/8/8/8/8/4K3 w - - 0 1',
    };
    const hand = startLcPlay(d);
    if (!hand.ok) throw new Error('not playable');
    const h2 = play(play(hand.value, 'e1', 'd1'), 'e8', 'd8');
    expect(h2.restart().undo().view.lans).toEqual(h2.view.lans);

    const vs = startLcEnginePlay(d, 'black');
    if (!vs.ok) throw new Error('not playable');
    const e1 = vs.value.playEngine(answer('Ke1-f1'))!;
    const e2 = play(e1, 'e8', 'f8');
    const r1 = e2.restart().game!.playEngine(answer('Ke1-d1'))!;
    expect(r1.game!.undoTurn().view.lans).toEqual(e2.view.lans);
  });
});

/** The LAN of the first legal move of the piece on `from` (any legal move will do: these tests are about the history). */
function lanOf(s: PlaySession, from: string): string {
  const to = s.targets(from)[0]?.to;
  if (!to) {
    // On the engine's turn `targets` is empty: play it by hand on a both-sides copy to learn its LAN.
    const both = s.game!.withUser('both');
    const t = both.targets(from)[0]!.to;
    const n = both.play(from, t);
    if (n === null || 'needChoice' in n) throw new Error('no move');
    return n.view.lans.at(-1)!;
  }
  const n = s.play(from, to);
  if (n === null || 'needChoice' in n) throw new Error('no move');
  return n.view.lans.at(-1)!;
}
