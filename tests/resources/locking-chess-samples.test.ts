/**
 * The shipped Locking Chess sample problems ("Real input"):
 * - at least 8 "mate in N" problems (N = 1, 2 and 3 each present), each
 *   valid (no builder errors or warnings), not a draft, carrying a current
 *   stored proof (levelHash) whose main line replays (replayMoves) to the
 *   LC-8 mate its description names, and re-proved here: the shortest
 *   forced mate is exactly the goal's N, there is none in N - 1, and the
 *   key is unique and the one worked out by hand below;
 * - at least three LC-8 mate types across the set (checkmate, lockmate,
 *   refugee mate, royal mate), at least two of them not plain checkmate;
 * - the point of each problem, checked on the position (the thematic tries
 *   fail and the defences are the ones the description relies on).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLevelText } from '../../src-shared/format/load.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { replayMoves, solveLevelReference, validateRules } from '../../src-shared/rulesets/index.js';
import {
  lcMoveToLan,
  lcParseMove,
  parseLfen,
  solveLockingChess,
  type LcMateKind,
  type LcOutcome,
  type LcPosition,
} from '../../src-shared/rulesets/locking-chess/index.js';
import type { LockingChessLevel } from '../../src-shared/model/level.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../resources/levels/locking-chess');
const problems = readdirSync(dir)
  .filter((f) => f.endsWith('.level.json'))
  .sort();

interface Expected {
  n: number;
  /** The unique key (LAN), worked out by hand from the position. */
  key: string;
  /** The LC-8 mate at the end of the main line. */
  mate: LcMateKind;
  /** The side to move (and so the winner). */
  side: 'white' | 'black';
}

/**
 * Each problem's key and mate, worked out by hand (see each file's
 * description):
 * - 01: the bishop on the e6 pawn drops onto the king d7 (LC-4); the freed
 *   pawn e6 attacks d7 (LC-5b) and the locked king cannot move: lockmate.
 * - 02: the knight e1 climbs onto its bishop c2 (LC-3); a top knight on its
 *   own piece attacks the EQUAL stack a1 (LC-5d) and, should the rook step
 *   off, the free king too (LC-5e): lockmate.
 * - 03: castlock (LC-12) puts the rook on top of the king on g1; a top rook
 *   passes over the board-level pawn g6 (LC-4) and attacks the black king on
 *   top of the white rook g8 (LC-5c); stepping down frees that rook, and
 *   f7/h7 are the pawn's: refugee mate.
 * - 04: Kf8-g7, point-blank check on the refugee king h7 (LC-6); every step
 *   down ends next to g7, and climbing onto the white king meets the knight
 *   e6 (LC-5c): royal mate.
 * - 05: Rb6-a6* locks the king for a move (the a-pawn must move, no
 *   lockout), then Ra6-a7 steps down with check: checkmate (b5 Kc5, b7 and
 *   a5 the rook, a7 guarded by the pawn b6).
 * - 06: Qg1-g3+ (the queen attacks the EQUAL stack h3); the only reply is to
 *   climb onto the queen, and Nc5-e4 checks the top king (LC-5c): refugee
 *   mate.
 * - 07: the king is locked under the queen, every quiet move is a lockout
 *   (LC-9); Qf1-f2+ Kxf2 forced, then Bg1-f2* and the freed bishop g1
 *   attacks f2 (LC-5b): lockmate.
 * - 08: Pd6-d7, c4 forced, d8=N attacks f7 (LC-5b); d8=Q would not: lockmate.
 * - 09: Kf5-g6+ point-blank; the only reply Kh6xg6* (the black king climbs
 *   onto the white king, LC-6) and it can never step down (every neighbour
 *   touches the freed king); Nd2-f3 and Ne5/Nh4 (LC-5c): refugee mate.
 * - 10: Bf7-d5* (off the black pawn, onto the king); 1...f5 2.e3! f4 3.e4
 *   (2.e4 fxe4; a later e2-e4 would be taken en passant, LC-5f): lockmate.
 */
const EXPECTED: Record<string, Expected> = {
  '01-bishop-drop': { n: 1, key: 'Be6-d7*', mate: 'lockmate', side: 'white' },
  '02-knight-on-the-bishop': { n: 1, key: 'Ne1-c2*', mate: 'lockmate', side: 'black' },
  '03-castlock': { n: 1, key: 'O-O*', mate: 'refugee-mate', side: 'white' },
  '04-point-blank': { n: 1, key: 'Kf8-g7', mate: 'royal-mate', side: 'white' },
  '05-lock-and-release': { n: 2, key: 'Rb6-a6*', mate: 'checkmate', side: 'white' },
  '06-poisoned-perch': { n: 2, key: 'Qg1-g3', mate: 'refugee-mate', side: 'white' },
  '07-release-the-prisoner': { n: 2, key: 'Qf1-f2', mate: 'lockmate', side: 'white' },
  '08-knight-promotion': { n: 2, key: 'Pd6-d7', mate: 'lockmate', side: 'white' },
  '09-climb-aboard': { n: 3, key: 'Kf5-g6', mate: 'refugee-mate', side: 'white' },
  '10-one-step-at-a-time': { n: 3, key: 'Bf7-d5*', mate: 'lockmate', side: 'white' },
};

/** How the descriptions name each LC-8 mate. */
const MATE_WORDS: Record<LcMateKind, string> = {
  checkmate: 'checkmate',
  lockmate: 'lockmate',
  'refugee-mate': 'refugee mate',
  'royal-mate': 'royal mate',
  'royal-lockmate': 'royal lockmate',
};

const slug = (f: string): string => f.replace(/\.level\.json$/, '');

function load(f: string): LockingChessLevel {
  const r = parseLevelText(readFileSync(join(dir, f), 'utf8'));
  if (!r.ok) throw new Error(`${f}: ${r.error.map((i) => i.code).join(', ')}`);
  if (r.value.ruleset !== 'locking-chess') throw new Error(`${f}: not a locking-chess level`);
  return r.value;
}

function lc(lfen: string): LcPosition {
  const r = parseLfen(lfen);
  if (!r.ok) throw new Error(r.error.map((i) => i.code).join(', '));
  return r.value;
}

/** Plays LAN/SAN moves on a position (throws on an illegal one). */
function play(p: LcPosition, ...moves: string[]): LcPosition {
  for (const t of moves) {
    const m = lcParseMove(p, t);
    if (m === undefined) throw new Error(`${t} is not legal in ${p.lfen()}`);
    p.make(m);
  }
  return p;
}

const lans = (p: LcPosition): string[] => p.legalMoves().map((m) => lcMoveToLan(p, m)).sort();

/** The outcome after each legal move of the side to move, by LAN. */
function outcomes(p: LcPosition): Map<string, LcOutcome> {
  const out = new Map<string, LcOutcome>();
  for (const m of p.legalMoves()) {
    const lan = lcMoveToLan(p, m);
    p.make(m);
    out.set(lan, p.outcome());
    p.unmake();
  }
  return out;
}

const start = (f: string): LcPosition => lc(load(`${f}.level.json`).position);

describe('Locking Chess sample problems', () => {
  it('there are at least 8, numbered 01.. in order, distinct titles, one-sentence descriptions naming the side, the mate and N', () => {
    expect(problems.length).toBeGreaterThanOrEqual(8);
    problems.forEach((f, i) => expect(f).toMatch(new RegExp(`^${String(i + 1).padStart(2, '0')}-[a-z0-9-]+\\.level\\.json$`)));
    expect(problems.map(slug)).toEqual(Object.keys(EXPECTED).sort());
    const titles = problems.map((f) => load(f).meta.title);
    expect(new Set(titles).size).toBe(problems.length);
    for (const f of problems) {
      const meta = load(f).meta;
      const e = EXPECTED[slug(f)]!;
      expect(meta.author).toBe('Castellan samples');
      expect(meta.tags).toContain(`mate-in-${e.n}`);
      expect(meta.tags).toContain(e.mate);
      const side = e.side === 'white' ? 'White' : 'Black';
      expect(meta.description!.startsWith(`${side} to move: ${MATE_WORDS[e.mate]} in ${e.n} — `)).toBe(true);
      expect(meta.description).toMatch(/[.!?]$/);
      expect(meta.description!.replace(/[.!?]$/, '')).not.toMatch(/[.!?] /);
    }
  });

  for (const f of problems) {
    it(`${f}: valid, proved and current, the main line replays to the named LC-8 mate, re-proved as the shortest mate with the hand-worked key`, () => {
      const level = load(f);
      const e = EXPECTED[slug(f)]!;
      expect(validateRules(level)).toEqual([]);
      expect(level.draft).toBeUndefined();
      expect(level.board).toEqual({ width: 8, height: 8 });
      expect(level.goal).toEqual({ type: 'mate-in', moves: e.n });
      expect(level.position.split(' ')[1]).toBe(e.side === 'white' ? 'w' : 'b');

      // Stored proof: current, optimal, N moves of the side to move (2N - 1 plies).
      const sol = level.solution!;
      expect(sol).toBeDefined();
      expect(sol.levelHash).toBe(levelHash(level));
      expect(sol.optimal).toBe(true);
      expect(sol.length).toBe(e.n);
      expect(sol.moves).toHaveLength(2 * e.n - 1);
      expect(sol.moves[0]).toBe(e.key);

      // The main line replays (replayMoves); the game goes on until the last move, which mates (LC-8).
      const frames = replayMoves(level, sol.moves);
      expect(frames.ok).toBe(true);
      if (!frames.ok) return;
      expect(frames.value).toHaveLength(sol.moves.length + 1);
      const positions = frames.value.map((fr) => lc((fr as LockingChessLevel).position));
      positions.slice(0, -1).forEach((p) => expect(p.outcome()).toEqual({ status: 'ongoing' }));
      expect(positions[positions.length - 1]!.outcome()).toEqual({ status: 'mate', kind: e.mate, winner: e.side });
      // The same line played move by move on the position API ends in the same place.
      expect(play(start(slug(f)), ...sol.moves).lfen()).toBe(positions[positions.length - 1]!.lfen());

      // Re-proved: shortest forced mate = N with the unique key, the solver's mate type, no mate in N - 1.
      const t0 = Date.now();
      const proof = solveLevelReference(level);
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(proof.status).toBe('solved');
      if (proof.status !== 'solved') return;
      expect(proof.length).toBe(e.n);
      expect(proof.keys).toEqual([e.key]);
      expect(proof.keysWithinN).toEqual([e.key]);
      expect(proof.moves).toEqual(sol.moves);
      expect(proof.mateType).toBe(e.mate);
      if (e.n > 1) {
        const shorter = { ...level, goal: { type: 'mate-in' as const, moves: e.n - 1 } };
        expect(solveLockingChess(shorter).status).toBe('unsolvable');
      }
    });
  }

  it('LC-8 coverage: N = 1, 2 and 3 each present; at least three mate types, two of them not plain checkmate', () => {
    const levels = problems.map(load);
    const ns = new Set(levels.map((l) => l.goal!.moves));
    for (const n of [1, 2, 3]) expect(ns.has(n)).toBe(true);
    const kinds = new Set<string>(
      levels.map((l) => {
        const frames = replayMoves(l, l.solution!.moves);
        if (!frames.ok) return 'bad';
        const o = lc((frames.value[frames.value.length - 1] as LockingChessLevel).position).outcome();
        return o.status === 'mate' ? o.kind : o.status;
      }),
    );
    expect(kinds.size).toBeGreaterThanOrEqual(3);
    expect([...kinds].filter((k) => k !== 'checkmate').length).toBeGreaterThanOrEqual(2);
    for (const k of ['lockmate', 'refugee-mate', 'royal-mate', 'checkmate']) expect(kinds.has(k)).toBe(true);
  });
});

describe('Locking Chess samples: the point of each problem', () => {
  it('01 LC-5b: every other bishop move uncovers the e6 pawn with check, but the free king escapes; only Be6-d7* mates', () => {
    const p = start('01-bishop-drop');
    expect(p.inCheck()).toBe(false); // the pawn is locked under the bishop
    const o = outcomes(p);
    for (const [lan, out] of o) {
      if (!lan.startsWith('B')) continue;
      if (lan === 'Be6-d7*') expect(out).toEqual({ status: 'mate', kind: 'lockmate', winner: 'white' });
      else expect(out).toEqual({ status: 'ongoing' });
    }
    play(p, 'Be6-c8');
    expect(p.inCheck()).toBe(true); // discovered check by the freed pawn
  });

  it('02 LC-5e: after Ne1-c2* the white rook may step off the king, but the top knight also attacks a free king', () => {
    const p = play(start('02-knight-on-the-bishop'), 'Ne1-c2*');
    expect(p.lfen().split(' ')[0]).toBe('8/8/8/4k3/8/8/2(bn)5/(KR)7');
    expect(lans(p)).toEqual([]);
    // The same position with the rook already gone: the free king a1 is in check from the top knight.
    expect(lc('8/8/8/4k3/8/8/2(bn)5/K6R w - - 0 1').inCheck()).toBe(true);
  });

  it('03 LC-12: castlock mates, plain castling does not, and without the g6 pawn the king steps down to f7 or h7', () => {
    const p = start('03-castlock');
    const o = outcomes(p);
    expect(o.get('O-O*')).toEqual({ status: 'mate', kind: 'refugee-mate', winner: 'white' });
    expect(o.get('O-O')!.status).not.toBe('mate');
    const noPawn = play(lc('6(Rk)1/8/8/8/8/8/8/4K2R w K - 0 1'), 'O-O*');
    expect(noPawn.inCheck()).toBe(true);
    expect(lans(noPawn)).toEqual(['Kg8-f7', 'Kg8-h7']);
  });

  it('04 LC-6: Kf8-g8 is also point-blank check, but then the black king climbs onto the white king out of the knight\'s reach', () => {
    const p = play(start('04-point-blank'), 'Kf8-g8');
    expect(p.inCheck()).toBe(true);
    expect(lans(p)).toContain('Kh7-g8*');
  });

  it('05 LC-9: the black pawn is what keeps Rb6-a6* from being a lockout; Ra6-a7 releases the king into a checkmate', () => {
    const p = play(start('05-lock-and-release'), 'Rb6-a6*');
    expect(lans(p)).toEqual(['Pa4-a3']);
    expect(play(lc('8/8/k(PR)6/2K5/8/8/8/8 w - - 0 1'), 'Rb6-a6*').outcome()).toEqual({ status: 'draw', reason: 'lockout' });
  });

  it('06 LC-5a, LC-5c: after Qg1-g3 the only move is to climb onto the queen; then only a knight can check the top king', () => {
    const p = play(start('06-poisoned-perch'), 'Qg1-g3');
    expect(p.inCheck()).toBe(true);
    expect(lans(p)).toEqual(['Kh3-g3*']);
  });

  it('07 LC-9: every move but a queen move is a lockout draw; after Qf1-f2 the king must take the queen', () => {
    const p = start('07-release-the-prisoner');
    for (const [lan, out] of outcomes(p)) {
      if (!lan.startsWith('Q')) expect(out).toEqual({ status: 'draw', reason: 'lockout' });
    }
    play(p, 'Qf1-f2');
    expect(lans(p)).toEqual(['Kf1xf2']);
  });

  it('08 LC-10: after Pd6-d7 Pc5-c4 only the knight promotion mates; without the black pawn Pd6-d7 is a lockout', () => {
    const p = play(start('08-knight-promotion'), 'Pd6-d7', 'Pc5-c4');
    const o = outcomes(p);
    expect(o.get('Pd7-d8=N')).toEqual({ status: 'mate', kind: 'lockmate', winner: 'white' });
    for (const promo of ['Q', 'R', 'B']) expect(o.get(`Pd7-d8=${promo}`)!.status).not.toBe('mate');
    expect(play(lc('8/5(kB)2/3P4/8/8/8/8/7K w - - 0 1'), 'Pd6-d7').outcome()).toEqual({ status: 'draw', reason: 'lockout' });
  });

  it('09 LC-6: after Kf5-g6 the black king must climb onto the white king, and from there it has no move at all', () => {
    const p = play(start('09-climb-aboard'), 'Kf5-g6');
    expect(p.inCheck()).toBe(true);
    expect(lans(p)).toEqual(['Kh6-g6*']);
    play(p, 'Kh6-g6*', 'Nd2-f3');
    expect(lans(p).filter((m) => m.startsWith('K'))).toEqual([]);
  });

  it('10 LC-5f: after Bf7-d5* Pf7-f5, Pe2-e4 is taken by the pawn; after a waiting move and f4 it is taken en passant', () => {
    const p = play(start('10-one-step-at-a-time'), 'Bf7-d5*', 'Pf7-f5');
    expect(lans(play(p, 'Pe2-e4'))).toEqual(['Pf5xe4']);
    const q = play(start('10-one-step-at-a-time'), 'Bf7-d5*', 'Pf7-f5', 'Kg1-g2', 'Pf5-f4', 'Pe2-e4');
    expect(q.inCheck()).toBe(true);
    expect(lans(q)).toEqual(['Pf4xe3']);
  });
});
