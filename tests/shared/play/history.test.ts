/**
 * The play session's history laws (src-shared/play/session.ts), as
 * property tests over random action sequences (fast-check), checked against
 * a plain model of an undo stack: every move and every Restart is one step;
 * Undo takes the last step back (a Restart's undo brings its moves back),
 * Redo takes it again until a new step is taken; the counters only grow;
 * the level document is never touched. Run on a ruleset defined here ("hop",
 * made of play hooks only: a session needs nothing else of a ruleset) and
 * on real levels of Unlock the King, Chess Maze and King's Valley (both
 * sides by hand, and against the engine turn by turn).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel, UnlockTheKingLevel, ChessMazeLevel } from '../../../src-shared/model/level.js';
import type { LevelBase, RulesetDef } from '../../../src-shared/ruleset.js';
import type { PlayHooks } from '../../../src-shared/play/hooks.js';
import { startPlaySession, type PlaySession } from '../../../src-shared/play/session.js';
import { start } from './helpers.js';

/** "Hop": a token on a 1 x n strip steps 1 or 2 squares east; it wins on the last square (a ruleset made of play hooks only). */
interface HopLevel extends LevelBase {
  ruleset: 'hop';
}
const hopHooks: PlayHooks<HopLevel, number> = {
  start: () => ({ ok: true, value: 0 }),
  moves: (at) =>
    [1, 2]
      .map((d) => at + d)
      .filter((to) => to < 9)
      .map((to) => ({
        from: `${String.fromCharCode(97 + at)}1`,
        to: `${String.fromCharCode(97 + to)}1`,
        lan: `T${String.fromCharCode(97 + at)}1-${String.fromCharCode(97 + to)}1`,
      })),
  apply: (at, m) => ({ position: m.to.charCodeAt(0) - 97 }),
  outcome: (at) => (at === 8 ? { status: 'won', code: 'home', text: 'the token is home' } : { status: 'ongoing' }),
  view: (level) => level,
};
const hop = { id: 'hop', name: 'Hop', goal: { kind: 'par', solves: 'brings the token home' }, play: hopHooks } as unknown as RulesetDef<HopLevel>;
const hopLevel: HopLevel = { format: 'castellan.level', version: 1, ruleset: 'hop', meta: { title: 'h' }, board: { width: 9, height: 1 } };

const uk: UnlockTheKingLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'u' },
  board: { width: 4, height: 3 },
  walls: ['b2'],
  portal: 'd3',
  pieces: [
    { role: 'king', square: 'a1' },
    { role: 'rook', square: 'c1' },
  ],
};
const cm: ChessMazeLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'chess-maze',
  meta: { title: 'c' },
  board: { width: 5, height: 5, holes: ['c3'] },
  pieces: [{ role: 'knight', square: 'a1', side: 'player' }],
  tiles: [
    { kind: 'key', square: 'b3', color: 'red' },
    { kind: 'lock', square: 'd4', color: 'red' },
    { kind: 'coin', square: 'c5' },
    { kind: 'finish', square: 'e4' },
  ],
  objectives: { collect: true },
};
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

type Action = { kind: 'move'; pick: number } | { kind: 'undo' } | { kind: 'redo' } | { kind: 'restart' };
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.nat(20).map((pick) => ({ kind: 'move' as const, pick })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'redo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

/** The plain model: an undo stack of lines (LAN lists) and the counters. */
interface Model {
  past: string[][];
  cur: string[];
  future: string[][];
  undos: number;
  redos: number;
  restarts: number;
}

/** Applies `a` to the session and to the model; moves pick among the legal moves of the person. */
function stepBoth(s: PlaySession, m: Model, a: Action): PlaySession {
  switch (a.kind) {
    case 'move': {
      const legal = s.userToMove ? s.legalMoves() : [];
      if (legal.length === 0) return s;
      const mv = legal[a.pick % legal.length]!;
      const r = s.play(mv.from, mv.to, mv.choice ?? mv.lan);
      if (r === null || 'needChoice' in r) throw new Error(`${mv.lan} refused`);
      m.past.push(m.cur);
      m.cur = [...m.cur, mv.lan];
      m.future = [];
      return r;
    }
    case 'undo':
      if (m.past.length) {
        m.future.push(m.cur);
        m.cur = m.past.pop()!;
        m.undos++;
      }
      return s.undo();
    case 'redo':
      if (m.future.length) {
        m.past.push(m.cur);
        m.cur = m.future.pop()!;
        m.redos++;
      }
      return s.redo();
    case 'restart':
      if (m.cur.length) {
        m.past.push(m.cur);
        m.cur = [];
        m.future = [];
        m.restarts++;
      }
      return s.restart();
  }
}

function checkLaws(first: PlaySession, doc: LevelBase, actions: Action[]): void {
  const before = JSON.stringify(doc);
  const m: Model = { past: [], cur: [], future: [], undos: 0, redos: 0, restarts: 0 };
  let s = first;
  for (const a of actions) {
    const prev = s;
    s = stepBoth(s, m, a);
    expect(s.view.lans).toEqual(m.cur);
    expect(s.view.moves).toBe(m.cur.length);
    expect(s.canUndo).toBe(m.past.length > 0);
    expect(s.canRedo).toBe(m.future.length > 0);
    expect(s.counters).toEqual({ undos: m.undos, redos: m.redos, restarts: m.restarts });
    // Undo after a step is that step taken back: the same line and the same position drawn.
    if (s !== prev && (a.kind === 'move' || a.kind === 'restart')) {
      expect(s.undo().view.lans).toEqual(prev.view.lans);
      expect(s.undo().view.doc).toEqual(prev.view.doc);
      expect(s.undo().redo().view.lans).toEqual(s.view.lans);
    }
  }
  // Undo all the way: the start, whatever happened.
  let back = s;
  for (let k = 0; k < 1000 && back.canUndo; k++) back = back.undo();
  expect(back.canUndo).toBe(false);
  expect(back.view.lans).toEqual(m.past[0] ?? m.cur);
  expect(JSON.stringify(doc)).toBe(before);
}

const first = <L extends LevelBase>(level: L): PlaySession => start(level) as unknown as PlaySession;

describe('play history laws (undo, redo, restart as an undoable step)', () => {
  const runs = { numRuns: 60 };

  it('a ruleset made only of play hooks plays in the session; the laws hold against the model', () => {
    const r = startPlaySession(hop, hopLevel, { par: 4 });
    if (!r.ok) throw new Error('hop');
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => checkLaws(r.value as unknown as PlaySession, hopLevel, actions)),
      runs,
    );
  });

  it('UK-4 Unlock the King: the laws hold', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => checkLaws(first(uk), uk, actions)),
      runs,
    );
  });

  it('CM-5 Chess Maze (keys picked and dropped by undo): the laws hold', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => checkLaws(first(cm), cm, actions)),
      runs,
    );
  });

  it('KV-2 King’s Valley, both sides by hand: the laws hold', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => checkLaws(first(kv), kv, actions)),
      runs,
    );
  });

  it('against the engine: Undo goes back to the person’s previous turn; Redo brings the turn back', () => {
    // The person plays White; the "engine" answers with the legal move its pick names (what a worker would send).
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(20), fc.nat(20)), { maxLength: 8 }), fc.nat(8), (turns, undos) => {
        let s = start(kv, { user: 'white' }) as unknown as PlaySession;
        const turnStarts: string[][] = [];
        for (const [u, e] of turns) {
          if (!s.userToMove) break;
          turnStarts.push(s.view.lans);
          const mine = s.legalMoves()[u % s.legalMoves().length]!;
          const r = s.play(mine.from, mine.to);
          if (r === null || 'needChoice' in r) throw new Error('refused');
          s = r;
          if (s.engineToMove) {
            const theirs = s.legalMoves()[e % s.legalMoves().length]!;
            s = s.playEngine({ lan: theirs.lan, kind: 'any', nodes: 0 })!;
            expect(s.view.game?.by.at(-1)).toBe('engine');
          }
        }
        const n = Math.min(undos, turnStarts.length);
        let b = s;
        for (let k = 0; k < n; k++) b = b.undoTurn();
        expect(b.view.lans).toEqual(n ? turnStarts[turnStarts.length - n] : s.view.lans);
        if (n) expect(b.sideToMove).toBe('white');
        let f = b;
        for (let k = 0; k < n; k++) f = f.redoTurn();
        expect(f.view.lans).toEqual(s.view.lans);
        expect(f.counters.undos).toBe(n);
      }),
      runs,
    );
  });

  it('KV-8 against the engine moving first: Undo after its reply to a Restart goes back before the Restart (and the engine moves again)', () => {
    const e0 = start(kv, { user: 'black' });
    expect(e0.engineToMove).toBe(true);
    expect(e0.canUndo).toBe(false);
    // KV-2: pieces slide to the edge or the last free square: Sa1 north stops on a5, Se5 south on e1.
    const e1 = e0.playEngine({ lan: 'Sa1-a5', kind: 'any', nodes: 0 })!;
    const e2 = e1.playLan('Se5-e1')!;
    const line = e2.view.lans;
    const r1 = e2.restart().playEngine({ lan: 'Sa1-a5', kind: 'any', nodes: 0 })!;
    const back = r1.undoTurn();
    expect(back.view.lans).toEqual(line);
    expect(back.engineToMove).toBe(true);
    // At the start with the engine to move and nothing before: Undo does nothing.
    expect(e0.undoTurn()).toBe(e0);
  });

  it('switching sides keeps the history: Undo still takes a Restart back after a side switch', () => {
    const s = start(kv).playLan('Sa1-a5')!;
    const r = s.restart().withUser('white');
    expect(r.canUndo).toBe(true);
    expect(r.undoTurn().view.lans).toEqual(['Sa1-a5']);
  });
});
