import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel, KvPiece } from '../../src-shared/model/level.js';
import { compileKingsValley, type KvPosition } from '../../src-shared/rulesets/kings-valley/index.js';
import { chooseEngineMove, engineMoveInGame } from '../../src-renderer/editor/kv-engine.js';
import { KvSession, kvStatusText, startKvPlay, type KvUser } from '../../src-renderer/editor/kv-play.js';
import { playStatusText, startPlaytest } from '../../src-renderer/editor/playtest.js';
import { displayLevel } from '../../src-shared/rulesets/index.js';
import { engineHorizon, engineNote } from '../../src-renderer/app/controller.svelte.js';

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

function pos(l: KingsValleyLevel): KvPosition {
  const c = compileKingsValley(l);
  if (!c.ok) throw new Error(c.error.map((i) => i.message).join(' '));
  return c.value;
}

function session(l: KingsValleyLevel, user: KvUser): KvSession {
  const r = startKvPlay(l, user);
  if (!r.ok) throw new Error(r.error.map((i) => i.message).join(' '));
  return r.value;
}

function move(s: KvSession, from: string, to: string): KvSession {
  const n = s.play(from, to);
  if (!n) throw new Error(`${from}-${to} not playable`);
  return n;
}

const mirror = (s: KvSession): string => displayLevel(s.view.doc).mirror.state;

/** Sample 04 "Change Sides" (resources/levels/kings-valley), hand-copied: White to move wins in 2. */
const CHANGE_SIDES = 'Kc1 Sa1 Se1 Sc2 Sa5 kc5 se2 sb5 sd5 se5';

describe('King’s Valley engine move choice (KV-5, KV-6, KV-8)', () => {
  it('KV-5 with a win in 1 the engine plays that key (hand-worked)', () => {
    // White Kc1, Sc4; Black Ka5. Kc1 slides north c2, c3 and stops before c4: on the valley (KV-5).
    // No other White move wins at once: only a king wins on the valley, and trapping a5 would need
    // a4, b4 and b5 filled in one move.
    const c = chooseEngineMove(pos(level('Kc1 Sc4 ka5')));
    expect(c?.lan).toBe('Kc1-c3');
    expect(c?.kind).toBe('win');
    expect(c?.winIn).toBe(1);
  });

  it('KV-8 as the attacker it takes the fastest forced win: sample 04, key Sc2-c4 (win in 2, hand-worked)', () => {
    // No win in 1 (Kc1 reaches e3, a3, d1, b1 only; c2 blocks the file). Sc2-c4 stops on c4 (it may
    // pass the valley, KV-3), so Kc1-c3 threatens; no Black piece can stop on c2 or c3 and Black's king
    // cannot reach the valley, so every defence loses to Kc1-c3.
    const c = chooseEngineMove(pos(level(CHANGE_SIDES)));
    expect(c?.lan).toBe('Sc2-c4');
    expect(c?.winIn).toBe(2);
    // In the game, after the key and any defence, it finishes on the valley.
    const r = engineMoveInGame(level(CHANGE_SIDES), ['Sc2-c4', 'Kc5-a3']);
    expect(r.ok && r.value.lan).toBe('Kc1-c3');
  });

  it('KV-6 as the defender facing a forced loss it picks the move that delays it longest (hand-worked)', () => {
    // 5 x 5, Black to move: White Kb5, Sb3; Black Ka4; pillars b4, e2.
    // Black's only piece, the king on a4, has two moves: N to a5 (b5 is White's king: NE blocked;
    // E is the pillar b4; SE is b3) and S to a1 (a3, a2, a1 are empty).
    // - Ka4-a5 loses in 1: a5's neighbours are a4, b4 (pillar), b5 (king); Sb3-a4 (NW, stops at the
    //   edge) fills a4, and Black's king is trapped at the start of its turn (KV-6).
    // - Ka4-a1 loses in 2, not 1: a1's neighbours a2, b1, b2 are free (no trap in one move), and
    //   White's king reaches only a4, a5, e5 or d3 (SE stops before the pillar e2), not the valley.
    //   Then Kb5-d3 threatens Kd3-c3 (W: stops on c3 before Sb3); Black's king on a1 can only go to
    //   a5, e1 or e5 (NE passes c3, KV-5 needs a stop), none on c3, so Kd3-c3 wins next.
    const c = chooseEngineMove(pos(level('Kb5 Sb3 ka4', { pillars: ['b4', 'e2'], side: 'black' })));
    expect(c?.lan).toBe('Ka4-a1');
    expect(c?.kind).toBe('defend');
    expect(c?.lossIn).toBe(2);
  });

  it('as the defender it avoids a loss in 1 when one move parries (hand-worked)', () => {
    // White Kc1, Sc4, Sd1; Black Ka4, Black to move. White threatens Kc1-c3 (c2, c3, stop before c4).
    // Black's king moves: a5, b5, b4 (before c4), a1, and SE b3, c2 (stops before d1). Only Ka4-c2
    // blocks the c-file; every other move allows Kc1-c3 at once.
    const c = chooseEngineMove(pos(level('Kc1 Sc4 Sd1 ka4', { side: 'black' })));
    expect(c?.lan).toBe('Ka4-c2');
    expect(c?.lossIn).not.toBe(1);
  });

  it('answers null when the game is over, and falls back to a legal move without a budget', () => {
    // Black to move with its king on a5 boxed in by b4 (pillar), b5 and a4 (White): trapped (KV-6).
    expect(chooseEngineMove(pos(level('Kb5 Sa4 ka5 Sc1', { pillars: ['b4'], side: 'black' })))).toBeNull();
    const c = chooseEngineMove(pos(level(CHANGE_SIDES)), [], { maxNodes: 0 });
    expect(c?.kind).toBe('any');
    expect(typeof c?.lan).toBe('string');
  });

  it('engine horizon follows the goal (4..6) and its note says why', () => {
    expect(engineHorizon(level('Kc1 ka5'))).toBe(4);
    expect(engineHorizon(level('Kc1 ka5', { goal: 5 }))).toBe(5);
    expect(engineHorizon(level('Kc1 ka5', { goal: 9 }))).toBe(6);
    expect(engineNote({ lan: 'Ka4-a1', kind: 'defend', lossIn: 2, horizon: 4, nodes: 1 })).toBe('Engine played Ka4-a1: its longest defence; you can force a win in 2.');
    expect(engineNote({ lan: 'Kc1-c3', kind: 'win', winIn: 1, horizon: 4, nodes: 1 })).toContain('forces a win in 1');
  });
});

describe('King’s Valley play sessions (KV-2..KV-7)', () => {
  it('KV-2 legal targets slide to the last free square; only the person’s pieces on their turn', () => {
    const s = session(level(CHANGE_SIDES), 'white');
    expect(s.isMovable('c2')).toBe(true);
    expect(s.isMovable('c5')).toBe(false); // Black: the engine's side
    // Sc2 slides: N over the valley to c4 (KV-3: it may pass), NE d3-e4, E d2 (e2 Black), SE d1,
    // S blocked by the king, SW b1, W b2-a2, NW b3-a4.
    expect(s.targets('c2').map((t) => t.to).sort()).toEqual(['a2', 'a4', 'b1', 'c4', 'd1', 'd2', 'e4']);
    expect(s.view.kv?.engineToMove).toBe(false);
    expect(kvStatusText(s.view)).toBe('White to move: your move');
  });

  it('KV-5 the person plays the key, the engine side is to move, then the valley wins', () => {
    let s = session(level(CHANGE_SIDES), 'white');
    s = move(s, 'c2', 'c4');
    expect(s.view.kv?.engineToMove).toBe(true);
    expect(s.isMovable('c1')).toBe(false); // not the person's turn
    expect(kvStatusText(s.view, true)).toBe('Black to move: engine thinking…');
    s = s.playLan('Kc5-a3')!;
    expect(s.view.kv?.by).toEqual(['user', 'engine']);
    s = move(s, 'c1', 'c3');
    expect(s.view.status).toEqual({ kind: 'won' });
    expect(kvStatusText(s.view)).toBe('White wins: the king reached the valley (KV-5). You won!');
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
    expect(s.view.kv?.engineToMove).toBe(true);
    s = s.playLan('Sb3-a4')!;
    expect(s.view.status).toEqual({ kind: 'failed', reason: 'kv-lost' });
    expect(kvStatusText(s.view)).toBe("White wins: Black's king is trapped (KV-6). The engine won.");
    expect(s.playLan('Ka5-a4')).toBeNull();
  });

  it('KV-4 from a starting setup the first move must be a soldier move', () => {
    const s = session(level('Kc1 Sa1 Sb1 Sd1 Se1 kc5 sa5 sb5 sd5 se5', { start: true }), 'white');
    expect(s.isMovable('c1')).toBe(false);
    expect(s.isMovable('a1')).toBe(true);
    const t = move(s, 'a1', 'a4');
    expect(t.view.doc.ruleset === 'kings-valley' && t.view.doc.startingSetup).toBeFalsy();
  });

  it('KV-7 the third occurrence of a position is a draw by repetition', () => {
    // Kings shuttle along the edges: White Ka1 <-> a5, Black Ke5 <-> e1; no move stops on c3.
    let s = session(level('Ka1 ke5'), 'both');
    for (let k = 0; k < 2; k++) {
      s = move(s, 'a1', 'a5');
      s = move(s, 'e5', 'e1');
      s = move(s, 'a5', 'a1');
      expect(s.view.kv?.outcome.status).toBe('ongoing');
      s = move(s, 'e1', 'e5');
    }
    expect(s.view.kv?.outcome).toEqual({ status: 'draw', reason: 'repetition', ruling: 'KV-7' });
    expect(s.view.status).toEqual({ kind: 'failed', reason: 'kv-draw' });
    expect(playStatusText(s.view)).toContain('repetition');
    expect(s.isMovable('a1')).toBe(false);
  });

  it('switching sides keeps the position; the plain playtest moves both sides; the document is a copy', () => {
    const doc = level(CHANGE_SIDES);
    const before = JSON.stringify(doc);
    let s = session(doc, 'white');
    s = move(s, 'c2', 'c4');
    const b = s.withUser('black');
    expect(b.view.kv?.engineToMove).toBe(false);
    expect(b.isMovable('c5')).toBe(true);
    const p = startPlaytest(doc, null);
    expect(p.ok && p.value.view.kv?.user).toBe('both');
    expect(JSON.stringify(doc)).toBe(before);
  });
});
