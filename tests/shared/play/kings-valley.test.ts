/**
 * King's Valley through the generic play session (src-shared/play/,
 * `kingsValley.play`): KV-2 slides, KV-4 the first move of a setup, KV-5
 * the valley, KV-6 a trapped king, KV-7 repetition, the sides, and a "win
 * in N" (KV-8) played to the end against the real engine (the driver with
 * the engine answering directly). Positions are hand-worked from
 * docs/rules/kings-valley.md and the sample "Change Sides".
 */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel, KvPiece } from '../../../src-shared/model/level.js';
import { kvEngineHorizon } from '../../../src-shared/rulesets/kings-valley/engine.js';
import { kingsValley } from '../../../src-shared/rulesets/kings-valley/def.js';
import { displayLevel } from '../../../src-shared/rulesets/index.js';
import { PlayDriver } from '../../../src-shared/play/driver.js';
import { directEngine } from '../../../src-shared/play/runners.js';
import type { PlaySession, PlaySide } from '../../../src-shared/play/session.js';
import { play, start } from './helpers.js';

/** `"Kc1 Sc4 ka5"`: upper case White, lower case Black, K king, S soldier. */
function level(pieces: string, opts: { pillars?: string[]; side?: 'white' | 'black'; size?: number; goal?: number; start?: boolean } = {}): KingsValleyLevel {
  const list: KvPiece[] = pieces.split(' ').map((t) => ({
    role: t[0]!.toLowerCase() === 'k' ? 'king' : 'soldier',
    side: t[0] === t[0]!.toUpperCase() ? 'white' : 'black',
    square: t.slice(1),
  }));
  const n = opts.size ?? 5;
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 't' },
    board: { width: n, height: n },
    pieces: list,
    sideToMove: opts.side ?? 'white',
    ...(opts.pillars ? { pillars: opts.pillars } : {}),
    ...(opts.goal ? { goal: { type: 'win-in' as const, moves: opts.goal } } : {}),
    ...(opts.start ? { startingSetup: true } : {}),
  };
}

const session = (l: KingsValleyLevel, user: PlaySide): PlaySession<KingsValleyLevel> => start(l, { user });
const mirror = (s: PlaySession): string => displayLevel(s.view.doc).mirror.state;

/** Sample 04 "Change Sides" (resources/levels/kings-valley), hand-copied: White to move wins in 2 (Sc2-c4, then Kc1-c3 whatever Black does). */
const CHANGE_SIDES = 'Kc1 Sa1 Se1 Sc2 Sa5 kc5 se2 sb5 sd5 se5';

describe('King’s Valley engine notes', () => {
  it('engine horizon follows the goal (4..6) and its note says why', () => {
    expect(kvEngineHorizon(level('Kc1 ka5'))).toBe(4);
    expect(kvEngineHorizon(level('Kc1 ka5', { goal: 5 }))).toBe(5);
    expect(kvEngineHorizon(level('Kc1 ka5', { goal: 9 }))).toBe(6);
    const s = session(level('Kc1 ka5'), 'white');
    expect(s.engineNote({ lan: 'Ka4-a1', kind: 'defend', lossIn: 2, horizon: 4, nodes: 1 })).toBe(
      'Engine played Ka4-a1: its longest defence; you can force a win in 2.',
    );
    expect(s.engineNote({ lan: 'Kc1-c3', kind: 'win', winIn: 1, horizon: 4, nodes: 1 })).toContain('forces a win in 1');
    expect(s.engineNote({ lan: 'Kc1-c3', kind: 'draw', nodes: 1 })).toBe('Engine played Kc1-c3: it repeats the position for a draw (KV-7).');
  });
});

describe('King’s Valley play (KV-2..KV-8)', () => {
  it('KV-2 legal targets slide to the last free square; only the person’s pieces on their turn', () => {
    const s = session(level(CHANGE_SIDES), 'white');
    expect(s.isMovable('c2')).toBe(true);
    expect(s.isMovable('c5')).toBe(false); // Black: the engine's side
    // Sc2 slides: N over the valley to c4 (KV-3: it may pass), NE d3-e4, E d2 (e2 Black), SE d1,
    // S blocked by the king, SW b1, W b2-a2, NW b3-a4.
    expect(
      s
        .targets('c2')
        .map((t) => t.to)
        .sort(),
    ).toEqual(['a2', 'a4', 'b1', 'c4', 'd1', 'd2', 'e4']);
    expect(s.view.game?.engineToMove).toBe(false);
    expect(s.view.statusText).toBe('White to move: your move');
  });

  it('KV-5 the person plays the key, the engine side is to move, then the valley wins', () => {
    let s = session(level(CHANGE_SIDES), 'white');
    s = play(s, 'c2', 'c4');
    expect(s.view.game?.engineToMove).toBe(true);
    expect(s.engineRequest()).toEqual({ level: s.start, moves: ['Sc2-c4'] });
    expect(s.isMovable('c1')).toBe(false); // not the person's turn
    expect(s.view.game?.thinkingText).toBe('Black to move: engine thinking…');
    expect(s.view.statusText).toBe('Black to move: engine to move');
    s = s.playLan('Kc5-a3')!;
    expect(s.view.game?.by).toEqual(['user', 'engine']);
    s = play(s, 'c1', 'c3');
    expect(s.view.status).toEqual({ kind: 'won' });
    expect(s.view.result).toMatchObject({ status: 'won', code: 'valley', winner: 'white' });
    expect(s.view.statusText).toBe('White wins: the king reached the valley (KV-5). You won!');
    expect(mirror(s)).toBe('K:c3 S:a1 S:a5 S:c4 S:e1 k:a3 s:b5 s:d5 s:e2 s:e5 valley:c3 to-move:black');
    expect(s.targets('a3')).toEqual([]);
    // Undo goes back to the person's previous turn (the engine's reply and the key go too).
    const u = s.undoTurn();
    expect(u.view.moves).toBe(2);
    expect(u.undoTurn().view.moves).toBe(0);
    expect(s.restart().view.moves).toBe(0);
  });

  it('KV-6 a trapped king loses at the start of its turn; the engine’s win is the person’s loss', () => {
    // White Kb5, Sb3; Black Ka5, pillar b4; White to move: Sb3-a4 fills a5's last free neighbour.
    let s = session(level('Kb5 Sb3 ka5', { pillars: ['b4'] }), 'black');
    expect(s.view.game?.engineToMove).toBe(true);
    s = s.playLan('Sb3-a4')!;
    expect(s.view.status).toEqual({ kind: 'failed', reason: 'lost' });
    expect(s.view.result).toMatchObject({ code: 'trapped', winner: 'white' });
    expect(s.view.statusText).toBe("White wins: Black's king is trapped (KV-6). The engine won.");
    expect(s.view.stars).toBe(0);
    expect(s.playLan('Ka5-a4')).toBeNull();
  });

  it('KV-4 from a starting setup the first move must be a soldier move', () => {
    const s = session(level('Kc1 Sa1 Sb1 Sd1 Se1 kc5 sa5 sb5 sd5 se5', { start: true }), 'white');
    expect(s.isMovable('c1')).toBe(false);
    expect(s.isMovable('a1')).toBe(true);
    const t = play(s, 'a1', 'a4');
    expect(t.view.doc.startingSetup).toBeFalsy();
    expect(s.view.doc.startingSetup).toBe(true);
  });

  it('KV-7 the third occurrence of a position is a draw by repetition', () => {
    // Kings shuttle along the edges: White Ka1 <-> a5, Black Ke5 <-> e1; no move stops on c3.
    let s = session(level('Ka1 ke5'), 'both');
    for (let k = 0; k < 2; k++) {
      s = play(s, 'a1', 'a5');
      s = play(s, 'e5', 'e1');
      s = play(s, 'a5', 'a1');
      expect(s.view.result.status).toBe('ongoing');
      s = play(s, 'e1', 'e5');
    }
    expect(s.view.result).toMatchObject({ status: 'draw', code: 'repetition' });
    expect(s.view.status).toEqual({ kind: 'failed', reason: 'draw' });
    expect(s.view.statusText).toBe('Draw by repetition: the same position occurred three times (KV-7).');
    expect(s.isMovable('a1')).toBe(false);
  });

  it('switching sides keeps the position; the plain playtest moves both sides; the document is a copy', () => {
    const doc = level(CHANGE_SIDES);
    const before = JSON.stringify(doc);
    let s = session(doc, 'white');
    s = play(s, 'c2', 'c4');
    const b = s.withUser('black');
    expect(b.view.game?.engineToMove).toBe(false);
    expect(b.isMovable('c5')).toBe(true);
    expect(start(doc).view.game?.user).toBe('both');
    expect(start(doc).view.statusText).toBe('White to move');
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('KV-8 win in 2 against the engine: the key Sc2-c4, the engine’s longest defence, Kc1-c3 wins within N (three stars)', async () => {
    const driver = new PlayDriver(start(level(CHANGE_SIDES, { goal: 2 }), { user: 'white' }), { engine: directEngine(kingsValley) });
    expect(driver.state.engine).toEqual({ thinking: false, last: null, error: null });
    expect(driver.session.view.par).toBe(2);
    expect(driver.click('c2')).toBe('picked');
    expect(driver.click('c4')).toBe('moved');
    expect(driver.state.engine?.thinking).toBe(true);
    await driver.settled();
    const s = driver.session;
    expect(s.view.moves).toBe(2);
    expect(s.view.game?.by).toEqual(['user', 'engine']);
    // Black cannot stop Kc1-c3 (every defence is answered by it: the sample's solution tree); the engine says the win is in 1.
    expect(driver.state.engine?.last?.kind).toBe('defend');
    expect(s.view.game?.engineNote).toContain('you can force a win in 1');
    expect(driver.move('c1', 'c3')).toBe('moved');
    const won = driver.session.view;
    expect(won.status).toEqual({ kind: 'won' });
    expect(won.counted).toBe(2);
    expect(won.stars).toBe(3);
  });

  it('KV-8 the engine takes the attacker’s side: it plays the key Sc2-c4 (“forces a win in 2”); a defence by hand, then its valley', async () => {
    const driver = new PlayDriver(start(level(CHANGE_SIDES, { goal: 2 }), { user: 'black' }), { engine: directEngine(kingsValley) });
    await driver.settled();
    expect(driver.session.view.lans).toEqual(['Sc2-c4']);
    expect(driver.session.view.game?.engineNote).toBe('Engine played Sc2-c4: it forces a win in 2.');
    expect(driver.move('c5', 'a3')).toBe('moved');
    await driver.settled();
    expect(driver.session.view.lans).toEqual(['Sc2-c4', 'Kc5-a3', 'Kc1-c3']);
    expect(driver.session.view.statusText).toBe('White wins: the king reached the valley (KV-5). The engine won.');
    // A defender's loss gives no stars.
    expect(driver.session.view.stars).toBe(0);
  });
});
