/**
 * The shipped Chess Maze sample levels ("Real input"): at
 * least 15, each valid (CM-14), not a draft, carrying a stored solution
 * that is current (levelHash), legal, wins (CM-11) and is optimal (the
 * solver re-proves the same length); together they cover every mechanic of
 * the rulebook at least twice, and at least two solutions need a plate held
 * by a second piece while another passes the lock (CM-6/CM-7 no riding).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLevelText } from '../../src-shared/format/load.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { replayMoves, solveLevelReference, validateRules } from '../../src-shared/rulesets/index.js';
import { replayStates, type CmReplay } from '../../src-shared/rulesets/chess-maze/index.js';
import { CM_COLORS, type ChessMazeLevel } from '../../src-shared/model/level.js';
import { indexToSquare } from '../../src-shared/model/square.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../resources/levels/chess-maze');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.level.json'))
  .sort();

function load(f: string): ChessMazeLevel {
  const r = parseLevelText(readFileSync(join(dir, f), 'utf8'));
  if (!r.ok) throw new Error(`${f}: ${r.error.map((i) => i.code).join(', ')}`);
  if (r.value.ruleset !== 'chess-maze') throw new Error(`${f}: not a chess-maze level`);
  return r.value;
}

function replay(level: ChessMazeLevel): CmReplay {
  const r = replayStates(level, level.solution?.moves ?? []);
  if (!r.ok) throw new Error(r.error.map((i) => i.message).join('; '));
  return r.value;
}

/**
 * Squares a move travels through and lands on (CM-7 judges both): for a
 * king, queen, rook, bishop or pawn moving in a straight line, every square
 * after `from` up to and including `to`; a knight only lands (CM-4).
 */
function travelled(from: number, to: number, width: number, knight: boolean): number[] {
  if (knight) return [to];
  const df = (to % width) - (from % width);
  const dr = Math.floor(to / width) - Math.floor(from / width);
  const n = Math.max(Math.abs(df), Math.abs(dr));
  const sf = Math.sign(df);
  const sr = Math.sign(dr);
  const out: number[] = [];
  for (let k = 1; k <= n; k++) out.push(from + k * (sr * width + sf));
  return out;
}

/**
 * The moments of a level's stored solution where a piece moves through or
 * onto a lock of colour C whose key is not held, while ANOTHER player piece
 * stands on a plate of colour C (CM-6, CM-7: the mover cannot ride its own
 * plate; enemies holding plates are not counted here).
 * Returned as `move k: <lan> through <square> (<colour>), plate held on <square>`.
 */
function secondPieceMoments(level: ChessMazeLevel): string[] {
  const rp = replay(level);
  const pos = rp.position;
  const out: string[] = [];
  rp.moves.forEach((mv, k) => {
    const before = rp.states[k]!;
    const path = travelled(mv.from, mv.to, pos.width, before.roles[mv.piece] === 'knight');
    for (const sq of path) {
      const c = pos.lock[sq]!;
      if (c < 0 || (before.keys >> c) & 1) continue;
      for (let j = 0; j < before.squares.length; j++) {
        if (j === mv.piece || before.sides[j] !== 'player') continue;
        const held = before.squares[j]!;
        if (pos.plate[held] === c) {
          out.push(
            `move ${k + 1}: ${level.solution!.moves[k]} through ${indexToSquare(sq, pos.width)} (${CM_COLORS[c]}), plate held on ${indexToSquare(held, pos.width)}`,
          );
        }
      }
    }
  });
  return out;
}

describe('Chess Maze samples', () => {
  it('there are at least 15, numbered 01.. in order with distinct titles and one-sentence descriptions', () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
    files.forEach((f, i) => expect(f).toMatch(new RegExp(`^${String(i + 1).padStart(2, '0')}-[a-z0-9-]+\\.level\\.json$`)));
    const titles = files.map((f) => load(f).meta.title);
    expect(new Set(titles).size).toBe(files.length);
    for (const f of files) {
      const meta = load(f).meta;
      expect(meta.author).toBe('Castellan samples');
      expect(meta.description).toMatch(/^[A-Z].*[.!?]$/);
      expect(meta.description!.replace(/[.!?]$/, '')).not.toMatch(/[.!?] /);
    }
  });

  for (const f of files) {
    it(`${f}: valid (CM-14), proved, current, wins on replay (CM-11), optimal`, () => {
      const level = load(f);
      const issues = validateRules(level);
      expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
      // The only warning a sample may carry is the one that is its point (CM-15 enemy on a plate).
      for (const w of issues.filter((i) => i.severity === 'warning')) expect(w.code).toBe('cm-enemy-on-plate');
      expect(level.draft).toBeUndefined();
      expect(level.tiles?.filter((t) => t.kind === 'finish')).toHaveLength(1);
      const sol = level.solution!;
      expect(sol).toBeDefined();
      expect(sol.levelHash).toBe(levelHash(level));
      expect(sol.optimal).toBe(true);
      expect(sol.moves).toHaveLength(sol.length);
      const frames = replayMoves(level, sol.moves);
      expect(frames.ok).toBe(true);
      const rp = replay(level);
      expect(rp.states[rp.states.length - 1]!.outcome).toEqual({ won: true });
      // No earlier state is already over (a win only on the last move).
      for (const s of rp.states.slice(0, -1)) expect(s.outcome).toBe('playing');
      if (level.objectives?.moveLimit !== undefined) expect(sol.length).toBeLessThanOrEqual(level.objectives.moveLimit);
      const t0 = Date.now();
      const proof = solveLevelReference(level);
      expect(Date.now() - t0).toBeLessThan(1000);
      expect(proof.status).toBe('solved');
      if (proof.status === 'solved') expect(proof.length).toBe(sol.length);
    });
  }

  it('every mechanic appears in at least two levels (holes, enemies, pawns, keys, plates, coins, gems, letters, transforms, move limits)', () => {
    const count: Record<string, string[]> = {};
    const has = (k: string, f: string, yes: boolean): void => {
      count[k] ??= [];
      if (yes) count[k].push(f);
    };
    for (const f of files) {
      const l = load(f);
      const tiles = l.tiles ?? [];
      const colors = (kind: string): Set<string> =>
        new Set(tiles.filter((t) => t.kind === kind).map((t) => (t as { color: string }).color));
      const locks = colors('lock');
      const rp = replay(l);
      const lans = l.solution!.moves;
      // Pawn moves of the solution, from the replay (piece roles before each move).
      const pawnMoves = rp.moves.filter((m, k) => rp.states[k]!.roles[m.piece] === 'pawn');
      const w = rp.position.width;
      has('holes (non-rectangular board)', f, (l.board.holes ?? []).length > 0);
      has('enemy pieces, captured in the solution', f, l.pieces.some((p) => p.side === 'enemy') && lans.some((m) => m.includes('x')));
      has('player pawns', f, l.pieces.some((p) => p.side === 'player' && p.role === 'pawn'));
      has(
        'pawn facing other than north',
        f,
        l.pieces.some((p) => p.role === 'pawn' && p.facing !== undefined && p.facing !== 'north'),
      );
      has(
        'pawn double step in the solution (CM-3)',
        f,
        pawnMoves.some((m) => Math.max(Math.abs((m.to % w) - (m.from % w)), Math.abs(Math.floor(m.to / w) - Math.floor(m.from / w))) === 2),
      );
      has(
        'pawn diagonal capture in the solution (CM-3)',
        f,
        pawnMoves.some((m) => m.capture >= 0 && m.to % w !== m.from % w && Math.floor(m.to / w) !== Math.floor(m.from / w)),
      );
      has('key + lock of its colour', f, [...colors('key')].some((c) => locks.has(c)));
      has('plate + lock of its colour', f, [...colors('plate')].some((c) => locks.has(c)));
      has('coins with a collect objective', f, l.objectives?.collect === true && tiles.some((t) => t.kind === 'coin'));
      has('gems', f, tiles.some((t) => t.kind === 'gem'));
      has('letters with a spell objective', f, !!l.objectives?.spell && tiles.some((t) => t.kind === 'letter'));
      has('one-type transform tile', f, tiles.some((t) => t.kind === 'transform' && t.allowed.length === 1));
      has('choice transform tile', f, tiles.some((t) => t.kind === 'transform' && t.allowed.length > 1));
      has('move limit', f, (l.objectives?.moveLimit ?? 0) > 0);
    }
    for (const [k, fs] of Object.entries(count)) expect({ mechanic: k, levels: fs.length >= 2 ? 'ok' : fs }).toEqual({ mechanic: k, levels: 'ok' });
    expect(Object.keys(count)).toHaveLength(14);
  });

  it('transform tiles, keys, coins and letters are actually used by the solutions (CM-5, CM-8, CM-9, CM-10)', () => {
    const used: Record<string, number> = { key: 0, coin: 0, letter: 0, transformed: 0, choice: 0 };
    for (const f of files) {
      const l = load(f);
      const rp = replay(l);
      const ev = rp.events.flat();
      if (ev.some((e) => e.type === 'picked-key')) used.key!++;
      if (l.objectives?.collect && ev.some((e) => e.type === 'picked-coin')) used.coin!++;
      if (l.objectives?.spell && ev.filter((e) => e.type === 'picked-letter').length === l.objectives.spell.length) used.letter!++;
      if (ev.some((e) => e.type === 'transformed')) used.transformed!++;
      if (l.solution!.moves.some((m) => m.includes('='))) used.choice!++;
    }
    for (const [k, n] of Object.entries(used)) expect({ k, n: n >= 2 }).toEqual({ k, n: true });
  });

  it('CM-7: at least two solutions park one piece on a plate while another passes a lock of that colour', () => {
    const withMoment = files.filter((f) => secondPieceMoments(load(f)).length > 0);
    expect(withMoment.length).toBeGreaterThanOrEqual(2);
  });

  it('the second-piece detector reads a hand-worked line correctly (CM-7)', () => {
    // Hand-made: the king holds the blue plate on c2 while the rook slides
    // c1-c5 through the blue lock on c3; then the rook's own plate does not count.
    const level: ChessMazeLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'chess-maze',
      meta: { title: 'detector' },
      board: { width: 5, height: 5 },
      pieces: [
        { role: 'king', square: 'b1', side: 'player' },
        { role: 'rook', square: 'd1', side: 'player' },
      ],
      tiles: [
        { kind: 'plate', square: 'c2', color: 'blue' },
        { kind: 'lock', square: 'd3', color: 'blue' },
        { kind: 'finish', square: 'e5' },
      ],
      solution: {
        moves: ['Kb1-c2', 'Rd1-d5', 'Rd5-e5'],
        length: 3,
        optimal: false,
        states: 0,
        solver: 'hand',
        levelHash: '',
      },
    };
    expect(secondPieceMoments(level)).toEqual(['move 2: Rd1-d5 through d3 (blue), plate held on c2']);
  });
});
