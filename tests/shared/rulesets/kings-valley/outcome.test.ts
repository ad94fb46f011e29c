/** KV-5 valley win, KV-6 trapped kings and no legal move, KV-7 repetition in play. */
import { describe, expect, it } from 'vitest';
import { kvOutcome, kvParseLan, kvPlay, kvPositionKey, type KvPosition } from '../../../../src-shared/rulesets/kings-valley/index.js';
import { kvPos } from './helpers.js';

function play(pos: KvPosition, lan: string) {
  const mv = kvParseLan(pos, lan);
  if (!mv) throw new Error(`${lan} is not legal`);
  return kvPlay(pos, mv);
}

describe('KV-5 the valley', () => {
  it('KV-5 a king that ends its move on the valley wins at once', () => {
    // Ka1 NE: b2 c3, stopped by d4.
    const r = play(kvPos({ white: 'Ka1', black: 'Ke5 Sd4' }), 'Ka1-c3');
    expect(r.outcome).toEqual({ status: 'won', winner: 'white', reason: 'valley', ruling: 'KV-5' });
  });

  it('KV-5 passing over the valley is not a win', () => {
    // Ka1 NE: b2 c3 d4, stopped by e5 -> d4.
    const r = play(kvPos({ white: 'Ka1', black: 'Ke5' }), 'Ka1-d4');
    expect(r.outcome).toEqual({ status: 'ongoing' });
  });
});

describe('KV-6 trapped kings', () => {
  it('KV-6 a player whose king is trapped at the start of its turn loses', () => {
    // Black Ka5: neighbours a4 b4 b5, held by White Sa4 Sb4 and Black's own Sb5.
    const pos = kvPos({ white: 'Ke1 Sa4 Sb4', black: 'Ka5 Sb5', toMove: 'black' });
    expect(kvOutcome(pos)).toEqual({ status: 'won', winner: 'white', reason: 'trapped', ruling: 'KV-6' });
  });

  it("KV-6 the opponent's trapped king is judged at its own turn, not now", () => {
    const pos = kvPos({ white: 'Ke1 Sa4 Sb4', black: 'Ka5 Sb5', toMove: 'white' });
    expect(kvOutcome(pos)).toEqual({ status: 'ongoing' });
  });

  it('KV-6 a pillar and the board edge count as blocked', () => {
    // Ka1: a2 pillar, b1 and b2 White soldiers -> White to move is trapped (own pieces included).
    const pos = kvPos({ white: 'Ka1 Sb1 Sb2', black: 'Ke5', pillars: ['a2'] });
    expect(kvOutcome(pos)).toMatchObject({ status: 'won', winner: 'black', reason: 'trapped' });
  });

  it('KV-6 trapping your own king loses only if it is still trapped when your turn comes', () => {
    // Black to move; White's Ka1 is boxed by White Sa2 Sb1 and Black Sb2.
    const pos = kvPos({ white: 'Ka1 Sa2 Sb1', black: 'Ke5 Sb2', toMove: 'black' });
    expect(kvOutcome(pos)).toEqual({ status: 'ongoing' });
    // Black moves its king away: White's king is still trapped on White's turn -> Black wins.
    expect(play(pos, 'Ke5-e1').outcome).toMatchObject({ status: 'won', winner: 'black', reason: 'trapped' });
    // Black moves Sb2 away (N b3 b4 b5): b2 is free again -> the game goes on.
    expect(play(pos, 'Sb2-b5').outcome).toEqual({ status: 'ongoing' });
  });

  it("KV-6 after a move the opponent's trapped king wins for the mover even if the mover's own king is trapped too", () => {
    // 7x7, valley d4. Pillars box White Kb2 and Black Kd2 except their common neighbour c3.
    // Sc7 S: c6 c5 c4 c3, stopped by the pillar c2 -> fills c3: both kings trapped, Black to move loses.
    const pillars = ['a1', 'a2', 'a3', 'b1', 'b3', 'c1', 'c2', 'd1', 'd3', 'e1', 'e2', 'e3'];
    const pos = kvPos({ size: 7, white: 'Kb2 Sc7', black: 'Kd2', pillars });
    expect(kvOutcome(pos)).toEqual({ status: 'ongoing' });
    expect(play(pos, 'Sc7-c3').outcome).toEqual({ status: 'won', winner: 'white', reason: 'trapped', ruling: 'KV-6' });
  });

  it('KV-6 the valley is checked before the trapped king', () => {
    // Ka1 NE stops on c3 (d4 occupied); that also fills Black Kb4's last free square c3:
    // Black Kb4 neighbours: a3 a4 a5 b3 b5 c3 c4 c5: a3 a4 a5 b3 b5 c4 c5 held, c3 free.
    const pos = kvPos({ white: 'Ka1 Sa3 Sa5 Sb5 Sc5', black: 'Kb4 Sa4 Sb3 Sc4 Sd4' });
    expect(play(pos, 'Ka1-c3').outcome).toEqual({ status: 'won', winner: 'white', reason: 'valley', ruling: 'KV-5' });
  });

  it('KV-6 a side with no legal move loses (only under KV-4); the KV-4 restriction is not "trapped"', () => {
    // Starting setup, White to move has only a king (free to move, but not allowed to move first).
    const pos = kvPos({ white: 'Ka1', black: 'Ke5 Sa5', startingSetup: true });
    expect(kvOutcome(pos)).toEqual({ status: 'won', winner: 'black', reason: 'no-moves', ruling: 'KV-6' });
    // Soldiers that cannot move count the same: Sa1 boxed in by a2 b1 b2.
    const boxed = kvPos({ white: 'Ke5 Sa1', black: 'Kc5 Sa2 Sb1 Sb2', startingSetup: true });
    expect(kvOutcome(boxed)).toMatchObject({ status: 'won', winner: 'black', reason: 'no-moves' });
    // Without the flag the lone king simply moves.
    expect(kvOutcome(kvPos({ white: 'Ka1', black: 'Ke5 Sa5' }))).toEqual({ status: 'ongoing' });
  });
});

describe('KV-7 repetition in play', () => {
  it('KV-7 a position (placement + side to move) occurring the third time is a draw', () => {
    let pos = kvPos({ white: 'Ka1', black: 'Ke5' });
    const history: KvPosition[] = [];
    // Ka1-e1 (E to the edge), Ke5-a5 (W to the edge), Ke1-a1, Ka5-e5: back to the start.
    const cycle = ['Ka1-e1', 'Ke5-a5', 'Ke1-a1', 'Ka5-e5'];
    for (let round = 0; round < 2; round++) {
      for (const lan of cycle) {
        history.push(pos);
        pos = play(pos, lan).position;
        const third = round === 1 && lan === 'Ka5-e5';
        expect(kvOutcome(pos, history)).toEqual(third ? { status: 'draw', reason: 'repetition', ruling: 'KV-7' } : { status: 'ongoing' });
      }
    }
  });

  it('KV-7 the side to move is part of the position', () => {
    const w = kvPos({ white: 'Ka1', black: 'Ke5' });
    const b = kvPos({ white: 'Ka1', black: 'Ke5', toMove: 'black' });
    expect(kvPositionKey(w)).not.toBe(kvPositionKey(b));
    expect(kvOutcome(w, [b, b])).toEqual({ status: 'ongoing' });
    expect(kvOutcome(w, [w, b, w])).toMatchObject({ status: 'draw' });
  });
});
