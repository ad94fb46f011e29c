/** KV-2 sliding moves, KV-3 the valley, KV-4 the first move, LAN (RULINGS "Common"). */
import { describe, expect, it } from 'vitest';
import { kvLegalMoves, kvMoveToLan, kvParseLan, kvPlay, kvSetupCopy, KV_STANDARD_SETUP } from '../../../../src-shared/rulesets/kings-valley/index.js';
import { allLan, kvPos, targetsOf } from './helpers.js';

describe('KV-2 sliding moves', () => {
  it('KV-2 every piece slides in 8 directions to the last free square before the edge or a piece', () => {
    // White Ka1 Se1, Black Ke5 Sa5 (valley c3), White to move, by hand:
    // Ka1 N a2 a3 a4 | a5 -> a4; NE b2 c3 d4 | e5 -> d4 (passes the valley); E b1 c1 d1 | e1 -> d1.
    // Se1 N e2 e3 e4 | e5 -> e4; NW d2 c3 b4 | a5 -> b4; W d1 c1 b1 | a1 -> b1.
    const pos = kvPos({ white: 'Ka1 Se1', black: 'Ke5 Sa5' });
    expect(allLan(pos)).toEqual(['Ka1-a4', 'Ka1-d1', 'Ka1-d4', 'Se1-b1', 'Se1-b4', 'Se1-e4']);
  });

  it('KV-2 pieces of both colours and pillars block; no captures; each direction gives at most one move', () => {
    // Sb2 with White Ke5, Black Ka5 Se2, pillar d4:
    // N b3 b4 b5 -> b5; NE c3 | d4 pillar -> ends on the valley: illegal for a soldier (KV-3);
    // E c2 d2 | e2 -> d2; SE c1 -> c1; S b1; SW a1; W a2; NW a3 | edge -> a3.
    const pos = kvPos({ white: 'Ke5 Sb2', black: 'Ka5 Se2', pillars: ['d4'] });
    expect(targetsOf(pos, 'b2')).toEqual(['a1', 'a2', 'a3', 'b1', 'b5', 'c1', 'd2']);
    for (const m of kvLegalMoves(pos)) expect(pos.cells[m.to]).toBe(0);
  });

  it('KV-2 a move must travel at least one square: a boxed-in piece has no move', () => {
    // Sa1 with a2, b1, b2 all occupied: no direction has a free first square.
    const pos = kvPos({ white: 'Ke5 Sa1 Sa2', black: 'Ka5 Sb1 Sb2' });
    expect(targetsOf(pos, 'a1')).toEqual([]);
  });

  it('KV-2 the pieces of the side to move only', () => {
    const pos = kvPos({ white: 'Ka1 Se1', black: 'Ke5 Sa5', toMove: 'black' });
    // Ke5 W d5 c5 b5 | a5 -> b5; SW d4 c3 b2 | a1 -> b2; S e4 e3 e2 | e1 -> e2.
    // Sa5 S a4 a3 a2 | a1 -> a2; SE b4 c3 d2 | e1 -> d2; E b5 c5 d5 | e5 -> d5.
    expect(allLan(pos)).toEqual(['Ke5-b2', 'Ke5-b5', 'Ke5-e2', 'Sa5-a2', 'Sa5-d2', 'Sa5-d5']);
  });
});

describe('KV-3 the valley', () => {
  it('KV-3 a soldier may pass over the valley but not stop on it', () => {
    // Sc1 N: c2 c3 c4 c5 -> c5, passing over the valley c3: legal.
    expect(targetsOf(kvPos({ white: 'Ka1 Sc1', black: 'Ke5' }), 'c1')).toContain('c5');
    // With a piece on c4 the same slide ends on c3: no move north at all.
    const blocked = kvPos({ white: 'Ka1 Sc1', black: 'Ke5 Sc4' });
    expect(targetsOf(blocked, 'c1')).not.toContain('c3');
    expect(targetsOf(blocked, 'c1').some((t) => t[0] === 'c')).toBe(false);
  });

  it('KV-3 a king may end its move on the valley', () => {
    // Ka1 NE: b2 c3 | d4 -> c3.
    expect(targetsOf(kvPos({ white: 'Ka1', black: 'Ke5 Sd4' }), 'a1')).toContain('c3');
  });

  it('KV-3 soldiersMayStopOnValley lets a soldier end on the valley', () => {
    const spec = { white: 'Ke5 Sb2', black: 'Ka5 Se2', pillars: ['d4'] };
    expect(targetsOf(kvPos({ ...spec, soldiersMayStopOnValley: true }), 'b2')).toEqual(['a1', 'a2', 'a3', 'b1', 'b5', 'c1', 'c3', 'd2']);
    expect(targetsOf(kvPos({ ...spec, soldiersMayStopOnValley: false }), 'b2')).not.toContain('c3');
  });
});

describe('KV-4 the first move', () => {
  it('KV-4 from the standard setup the first move is a soldier move (10 moves by hand)', () => {
    // Sa1: N a2-a4 (a5 occupied), NE b2 c3 d4 (e5 occupied) -> d4. Sb1: N -> b4, NE c2 d3 e4 -> e4, NW a2.
    // Sd1: N -> d4, NE e2, NW c2 b3 a4. Se1: N -> e4, NW d2 c3 b4 (a5 occupied) -> b4. Kc1 may not move.
    const pos = kvPos(kvSetupCopy(KV_STANDARD_SETUP));
    expect(allLan(pos)).toEqual(['Sa1-a4', 'Sa1-d4', 'Sb1-a2', 'Sb1-b4', 'Sb1-e4', 'Sd1-a4', 'Sd1-d4', 'Sd1-e2', 'Se1-b4', 'Se1-e4']);
  });

  it('KV-4 without the starting-setup flag the king may move first', () => {
    const level = kvSetupCopy(KV_STANDARD_SETUP);
    level.startingSetup = false;
    // Kc1 N c2 c3 c4 | c5 -> c4; NE d2 e3 -> e3; NW b2 a3 -> a3.
    expect(targetsOf(kvPos(level), 'c1')).toEqual(['a3', 'c4', 'e3']);
  });

  it('KV-4 the restriction ends with the first move', () => {
    const pos = kvPos(kvSetupCopy(KV_STANDARD_SETUP));
    const mv = kvParseLan(pos, 'Sa1-a4')!;
    const { position } = kvPlay(pos, mv);
    expect(position.firstMoveSoldierOnly).toBe(false);
    expect(position.sideToMove).toBe('black');
    // Black Kc5: S c4 c3 c2 | c1 -> c2; SE d4 e3 -> e3; SW b4 | a3? a3 is empty, a4 now White: b4 then a3 -> a3.
    expect(targetsOf(position, 'c5')).toEqual(['a3', 'c2', 'e3']);
  });
});

describe('LAN', () => {
  it('writes S for soldiers and K for kings', () => {
    const pos = kvPos({ white: 'Ka1 Se1', black: 'Ke5 Sa5' });
    const lans = kvLegalMoves(pos).map((m) => kvMoveToLan(pos, m));
    expect(lans).toContain('Ka1-d4');
    expect(lans).toContain('Se1-b4');
  });

  it('parses legal LAN and rejects malformed, wrong-letter, captures and illegal moves', () => {
    const pos = kvPos({ white: 'Ka1 Se1', black: 'Ke5 Sa5' });
    expect(kvParseLan(pos, 'Ka1-d4')).toEqual({ from: 0, to: 18, role: 'king' });
    expect(kvParseLan(pos, ' Se1-b4 ')).toEqual({ from: 4, to: 16, role: 'soldier' });
    for (const bad of ['Sa1-d4', 'Ka1-c3', 'Ka1xd4', 'Ka1-a5', 'Ke5-b5', 'a1-d4', 'Ka1-d4-e5', 'Ka1-z9', 'Qa1-d4', '']) {
      expect(kvParseLan(pos, bad)).toBeUndefined();
    }
  });
});
