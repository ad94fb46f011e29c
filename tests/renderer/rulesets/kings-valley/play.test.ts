/** King's Valley play sessions (src-renderer/rulesets/kings-valley/play.ts) and the engine's notes; the engine's move choice: tests/shared/rulesets/kings-valley/engine.test.ts. */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel, KvPiece } from '../../../../src-shared/model/level.js';
import { kvEngineHorizon } from '../../../../src-shared/rulesets/kings-valley/engine.js';
import { KvSession, kvStatusText, startKvPlay, type KvUser } from '../../../../src-renderer/rulesets/kings-valley/play.js';
import { startPlay } from '../../../../src-renderer/play/index.js';
import { playStatusText } from '../../../../src-renderer/play/session.js';
import { displayLevel } from '../../../../src-shared/rulesets/index.js';

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

describe('King’s Valley engine notes', () => {
  it('engine horizon follows the goal (4..6) and its note says why', () => {
    expect(kvEngineHorizon(level('Kc1 ka5'))).toBe(4);
    expect(kvEngineHorizon(level('Kc1 ka5', { goal: 5 }))).toBe(5);
    expect(kvEngineHorizon(level('Kc1 ka5', { goal: 9 }))).toBe(6);
    const s = session(level('Kc1 ka5'), 'white');
    const note = (a: Parameters<KvSession['engineNote']>[0]): string => s.engineNote(a);
    expect(note({ lan: 'Ka4-a1', kind: 'defend', lossIn: 2, horizon: 4, nodes: 1 })).toBe(
      'Engine played Ka4-a1: its longest defence; you can force a win in 2.',
    );
    expect(note({ lan: 'Kc1-c3', kind: 'win', winIn: 1, horizon: 4, nodes: 1 })).toContain('forces a win in 1');
  });
});

describe('King’s Valley play sessions (KV-2..KV-7)', () => {
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
    const p = startPlay(doc, null);
    expect(p.ok && p.value instanceof KvSession && p.value.view.kv?.user).toBe('both');
    expect(JSON.stringify(doc)).toBe(before);
  });
});
