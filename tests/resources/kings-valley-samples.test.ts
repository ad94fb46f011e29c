/**
 * The shipped King's Valley samples ("Real input"):
 * - at least 10 "win in N" problems (N = 1..5: at least two each of 1, 2
 *   and 3, at least one each of 4 and 5), each valid (KV-9), not a draft,
 *   carrying a current stored proof (levelHash) whose main line replays to
 *   a win for the side to move (KV-5 valley or KV-6 trap), and re-proved
 *   here (KV-8): the shortest forced win is exactly the goal's N and the
 *   key is unique (no cooks), the one worked out by hand below;
 * - a mix of 5x5 positions, 7x7 Labyrinth positions whose pillars (KV-1)
 *   matter, positions that need soldiersMayStopOnValley (KV-3), and Black
 *   to move;
 * - the three starting setups (KV-1, KV-4) as playable positions.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLevelText } from '../../src-shared/format/load.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { replayMoves, solveLevelReference, validateRules } from '../../src-shared/rulesets/index.js';
import {
  KV_LABYRINTH_SETUP,
  KV_RETRIEVE_THE_KING_SETUP,
  KV_STANDARD_SETUP,
  compileKingsValley,
  kvLegalMoves,
  kvOutcome,
  kvParseLan,
  kvPlay,
  type KvPosition,
} from '../../src-shared/rulesets/kings-valley/index.js';
import type { KingsValleyLevel, KvPiece } from '../../src-shared/model/level.js';
import { indexToSquare } from '../../src-shared/model/square.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../resources/levels/kings-valley');
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.level.json'))
  .sort();
const problems = all.filter((f) => /^\d\d-/.test(f));
const setupFiles = all.filter((f) => f.startsWith('setup-'));

/**
 * The key of each problem, worked out by hand from the board (see each
 * file's description), and the problems meant to have more than one key
 * (none: every sample has a unique key). For example 01: White's Kc1
 * slides north over c2 and stops on c3 against the black soldier on c4
 * (KV-2, KV-5); 07: Sb3 slides east over the valley (KV-3: passing is
 * allowed) and stops on d3 against Black's king on e3, blocking its road
 * e3-d3-c3 and later stopping White's Ka3 on c3.
 */
const EXPECTED_KEYS: Record<string, string> = {
  '01-backstop': 'Kc1-c3',
  '02-walled-in': 'Sc1-b1',
  '03-between-the-pillars': 'Se4-b4',
  '04-change-sides': 'Sc2-c4',
  '05-plugged-valley': 'Kb3-b4',
  '06-pillar-parking': 'Se5-c5',
  '07-block-then-slide-home': 'Sb3-d3',
  '08-through-the-valley': 'Ke3-b3',
  '09-two-pillars': 'Kc2-e4',
  '10-out-of-the-corner': 'Ka5-d2',
  '11-stepping-stone': 'Sg7-d4',
  '12-the-long-way-round': 'Ka5-e1',
  '13-pillar-relay': 'Sc7-c3',
};
/** Intentional cooks (several keys, said so in the description): none. */
const COOKS: Record<string, string[]> = {};

const LABYRINTH_PILLARS = ['b3', 'b5', 'f3', 'f5'];

function load(f: string): KingsValleyLevel {
  const r = parseLevelText(readFileSync(join(dir, f), 'utf8'));
  if (!r.ok) throw new Error(`${f}: ${r.error.map((i) => i.code).join(', ')}`);
  if (r.value.ruleset !== 'kings-valley') throw new Error(`${f}: not a kings-valley level`);
  return r.value;
}

const slug = (f: string): string => f.replace(/\.level\.json$/, '');
const sorted = (xs: readonly string[]): string[] => [...xs].sort();
const pieceKeys = (ps: readonly KvPiece[]): string[] => sorted(ps.map((p) => `${p.side} ${p.role} ${p.square}`));

/** Pieces of a compiled position, as `side role square` (for comparing with replay frames). */
function positionPieceKeys(pos: KvPosition): string[] {
  const names: Record<number, string> = { 1: 'white soldier', 2: 'white king', 3: 'black soldier', 4: 'black king' };
  const out: string[] = [];
  pos.cells.forEach((c, i) => {
    if (names[c]) out.push(`${names[c]} ${indexToSquare(i, pos.width)}`);
  });
  return sorted(out);
}

function compile(level: KingsValleyLevel): KvPosition {
  const r = compileKingsValley(level);
  if (!r.ok) throw new Error(r.error.map((i) => i.code).join(', '));
  return r.value;
}

/**
 * Plays the stored main line on positions (KV-2..KV-7 with the game's
 * history for repetition) and returns every position, the start first.
 * Throws on an illegal move or a move after the game ended.
 */
function playLine(level: KingsValleyLevel, moves: string[]): KvPosition[] {
  const positions = [compile(level)];
  for (const lan of moves) {
    const pos = positions[positions.length - 1]!;
    const o = kvOutcome(pos, positions.slice(0, -1));
    if (o.status !== 'ongoing') throw new Error(`${lan} comes after the game ended (${JSON.stringify(o)})`);
    const mv = kvParseLan(pos, lan);
    if (!mv) throw new Error(`${lan} is not legal`);
    positions.push(kvPlay(pos, mv).position);
  }
  return positions;
}

/** The solve as a short comparable string: `length:key,key` or the status. */
function answer(level: KingsValleyLevel): string {
  const r = solveLevelReference(level);
  return r.status === 'solved' ? `${r.length}:${(r.keys ?? []).join(',')}` : r.status;
}

describe("King's Valley sample problems", () => {
  it('there are at least 10, numbered 01.. in order, with distinct titles and one-sentence descriptions naming the side to move', () => {
    expect(problems.length).toBeGreaterThanOrEqual(10);
    problems.forEach((f, i) => expect(f).toMatch(new RegExp(`^${String(i + 1).padStart(2, '0')}-[a-z0-9-]+\\.level\\.json$`)));
    expect(sorted(problems.map(slug))).toEqual(sorted(Object.keys(EXPECTED_KEYS)));
    const titles = problems.map((f) => load(f).meta.title);
    expect(new Set(titles).size).toBe(problems.length);
    for (const f of problems) {
      const level = load(f);
      const meta = level.meta;
      expect(meta.author).toBe('Castellan samples');
      expect(meta.tags?.length ?? 0).toBeGreaterThan(0);
      expect(meta.description).toMatch(/^(White|Black) to move: .*[.!?]$/);
      expect(meta.description!.replace(/[.!?]$/, '')).not.toMatch(/[.!?] /);
      expect(meta.description!.startsWith(level.sideToMove === 'white' ? 'White' : 'Black')).toBe(true);
    }
  });

  for (const f of problems) {
    it(`${f}: valid (KV-9), proved and current, the main line wins (KV-5/KV-6), re-proved as a win in exactly N with the hand-worked key (KV-8)`, () => {
      const level = load(f);
      expect(validateRules(level)).toEqual([]);
      expect(level.draft).toBeUndefined();
      expect(level.startingSetup).toBeUndefined();
      expect(level.goal?.type).toBe('win-in');
      const n = level.goal!.moves;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(5);

      // Stored proof: current, optimal, N attacker moves (2N - 1 plies).
      const sol = level.solution!;
      expect(sol).toBeDefined();
      expect(sol.levelHash).toBe(levelHash(level));
      expect(sol.optimal).toBe(true);
      expect(sol.length).toBe(n);
      expect(sol.moves).toHaveLength(2 * n - 1);
      expect(sol.moves[0]).toBe(EXPECTED_KEYS[slug(f)]);

      // The main line replays (replayMoves) and ends with the attacker's win.
      const frames = replayMoves(level, sol.moves);
      expect(frames.ok).toBe(true);
      if (!frames.ok) return;
      expect(frames.value).toHaveLength(sol.moves.length + 1);
      const positions = playLine(level, sol.moves);
      positions.forEach((pos, k) => {
        expect(positionPieceKeys(pos)).toEqual(pieceKeys((frames.value[k] as KingsValleyLevel).pieces));
      });
      for (let k = 0; k < positions.length - 1; k++) {
        expect(kvOutcome(positions[k]!, positions.slice(0, k)).status).toBe('ongoing');
      }
      const end = kvOutcome(positions[positions.length - 1]!, positions.slice(0, -1));
      expect(end.status).toBe('won');
      if (end.status !== 'won') return;
      expect(end.winner).toBe(level.sideToMove);
      expect(['KV-5', 'KV-6']).toContain(end.ruling);

      // Re-proved: shortest forced win = N, unique key (or a listed cook).
      const t0 = Date.now();
      const proof = solveLevelReference(level);
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(proof.status).toBe('solved');
      if (proof.status !== 'solved') return;
      expect(proof.length).toBe(n);
      expect(proof.keys).toEqual(COOKS[slug(f)] ?? [EXPECTED_KEYS[slug(f)]]);
      expect(proof.keysWithinN).toEqual(proof.keys);
      expect(proof.moves).toEqual(sol.moves);

      // No win in N - 1 (KV-8: "unsolvable" means no win within the goal).
      if (n > 1) {
        const shorter = { ...level, goal: { type: 'win-in' as const, moves: n - 1 } };
        expect(solveLevelReference(shorter).status).toBe('unsolvable');
      }
    });
  }

  it('KV-8 goal N covers 1..5: at least two each of 1, 2 and 3, at least one each of 4 and 5', () => {
    const count = new Map<number, number>();
    for (const f of problems) {
      const n = load(f).goal!.moves;
      count.set(n, (count.get(n) ?? 0) + 1);
    }
    for (const n of [1, 2, 3]) expect({ n, enough: (count.get(n) ?? 0) >= 2 }).toEqual({ n, enough: true });
    for (const n of [4, 5]) expect({ n, enough: (count.get(n) ?? 0) >= 1 }).toEqual({ n, enough: true });
    expect([...count.keys()].every((n) => n >= 1 && n <= 5)).toBe(true);
  });

  it('the mix: 5x5 without pillars, 7x7 Labyrinth (KV-1), soldiersMayStopOnValley (KV-3), Black to move, wins by valley (KV-5) and by trap (KV-6)', () => {
    const levels = problems.map(load);
    const plain = levels.filter((l) => l.board.width === 5 && l.board.height === 5 && !(l.pillars ?? []).length);
    const labyrinth = levels.filter(
      (l) => l.board.width === 7 && l.board.height === 7 && sorted(l.pillars ?? []).join() === LABYRINTH_PILLARS.join(),
    );
    expect(plain.length).toBeGreaterThanOrEqual(3);
    expect(labyrinth.length).toBeGreaterThanOrEqual(3);
    expect(levels.filter((l) => l.options?.soldiersMayStopOnValley === true).length).toBeGreaterThanOrEqual(1);
    expect(levels.filter((l) => l.sideToMove === 'black').length).toBeGreaterThanOrEqual(1);
    const rulings = levels.map((l) => {
      const ps = playLine(l, l.solution!.moves);
      const o = kvOutcome(ps[ps.length - 1]!);
      return o.status === 'won' ? o.ruling : o.status;
    });
    expect(rulings).toContain('KV-5');
    expect(rulings).toContain('KV-6');
  });

  it('KV-1 the pillars matter: without them each Labyrinth problem has another answer', () => {
    for (const f of problems) {
      const level = load(f);
      if (!(level.pillars ?? []).length) continue;
      const without: KingsValleyLevel = { ...level };
      delete without.pillars;
      expect({ f, same: answer(without) === answer(level) }).toEqual({ f, same: false });
    }
  });

  it('KV-3 soldiersMayStopOnValley matters: without it each such problem is invalid or has another answer', () => {
    for (const f of problems) {
      const level = load(f);
      if (level.options?.soldiersMayStopOnValley !== true) continue;
      const without: KingsValleyLevel = { ...level };
      delete without.options;
      expect({ f, same: answer(without) === answer(level) }).toEqual({ f, same: false });
    }
  });

  it('KV-3 11-stepping-stone: the key itself is a soldier move that stops on the valley d4', () => {
    const level = load('11-stepping-stone.level.json');
    const pos = compile(level);
    expect(indexToSquare(pos.valley, pos.width)).toBe('d4');
    const key = kvParseLan(pos, 'Sg7-d4');
    expect(key).toBeDefined();
    expect(key!.to).toBe(pos.valley);
    // Without the option the soldier cannot stop there (it would have to pass on to c3, where Black's king stands).
    expect(kvParseLan({ ...pos, soldiersMayStopOnValley: false }, 'Sg7-d4')).toBeUndefined();
  });
});

describe("King's Valley starting setups as playable positions", () => {
  const cases: [string, Readonly<KingsValleyLevel>][] = [
    ['setup-standard.level.json', KV_STANDARD_SETUP],
    ['setup-retrieve-the-king.level.json', KV_RETRIEVE_THE_KING_SETUP],
    ['setup-labyrinth.level.json', KV_LABYRINTH_SETUP],
  ];

  it('there are exactly the three setups', () => {
    expect(sorted(setupFiles)).toEqual(sorted(cases.map(([f]) => f)));
  });

  for (const [f, constant] of cases) {
    it(`${f}: valid (KV-9), startingSetup, White to move (KV-4), no goal, pieces and pillars of the exported constant (KV-1)`, () => {
      const level = load(f);
      expect(validateRules(level)).toEqual([]);
      expect(level.startingSetup).toBe(true);
      expect(level.sideToMove).toBe('white');
      expect(level.goal).toBeUndefined();
      expect(level.solution).toBeUndefined();
      expect(level.draft).toBeUndefined();
      expect(level.options).toBeUndefined();
      expect(level.meta.author).toBe('Castellan samples');
      expect(level.board).toEqual(constant.board);
      expect(sorted(level.pillars ?? [])).toEqual(sorted(constant.pillars ?? []));
      expect(pieceKeys(level.pieces)).toEqual(pieceKeys(constant.pieces));
      // KV-4: the first move of the game is a soldier move.
      const moves = kvLegalMoves(compile(level));
      expect(moves.length).toBeGreaterThan(0);
      expect(moves.every((m) => m.role === 'soldier')).toBe(true);
    });
  }

  it('the setups hold the rulebook placements (KV-1): kings mid-row, swapped in "Retrieve the King"', () => {
    const king = (f: string, side: 'white' | 'black'): string =>
      load(f).pieces.find((p) => p.role === 'king' && p.side === side)!.square;
    expect([king('setup-standard.level.json', 'white'), king('setup-standard.level.json', 'black')]).toEqual(['c1', 'c5']);
    expect([king('setup-retrieve-the-king.level.json', 'white'), king('setup-retrieve-the-king.level.json', 'black')]).toEqual(['c5', 'c1']);
    expect([king('setup-labyrinth.level.json', 'white'), king('setup-labyrinth.level.json', 'black')]).toEqual(['d1', 'd7']);
    expect(load('setup-labyrinth.level.json').pieces).toHaveLength(14);
    expect(load('setup-standard.level.json').pieces).toHaveLength(10);
  });
});
