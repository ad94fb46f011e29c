/**
 * Locking perft cross-check. No published Locking Chess
 * perft numbers exist, so the engine (src-shared/rulesets/locking-chess) is
 * compared with reference-movegen.ts, an independent, deliberately simple
 * generator written only for these tests: its own LFEN reader, an 8x8 array
 * of `{bottom, top}` stacks, pseudo-moves written rule by rule from
 * RULINGS LC-2..LC-12, and check (LC-7) decided by brute force (generate
 * every opponent pseudo-move and see whether one captures the king), where
 * the engine uses attack tables per king state. The two must agree on:
 * 1. perft from the start position to depth 3 (divide per move on mismatch);
 * 2. the exact legal move list (LAN) and the check status of every position
 *    along seeded random playouts from the start;
 * 3. the same on seeded random positions with stacks (kings on top or
 *    locked, every stack kind, castling rights, en passant set-ups for
 *    LC-5f and LC-11), plus perft 2 on some of them.
 * A rule misread the same way in both would pass; a slip in either
 * implementation (the fast one's attack tables, make/unmake, the 0x88
 * rays, castling, promotion) shows up as a named position and move.
 */
import { describe, expect, it } from 'vitest';
import { LC_START_LFEN, lcMoveToLan, parseLfen, type LcPosition } from '../../../../src-shared/rulesets/locking-chess/index.js';
import { refInCheck, refLegalMoves, refParse, refPerft } from './reference-movegen.js';

function engine(lfen: string): LcPosition {
  const r = parseLfen(lfen);
  if (!r.ok) throw new Error(`${lfen}: ${r.error.map((i) => i.message).join('; ')}`);
  return r.value;
}

function engineLans(pos: LcPosition): string[] {
  return pos
    .legalMoves()
    .map((m) => lcMoveToLan(pos, m))
    .sort();
}

function refLans(lfen: string): string[] {
  return refLegalMoves(refParse(lfen))
    .map((m) => m.lan)
    .sort();
}

/** Compares one position; returns a description of the difference or ''. */
function compare(pos: LcPosition): string {
  const lfen = pos.lfen();
  const mine = engineLans(pos);
  const ref = refLans(lfen);
  const s = refParse(lfen);
  const refCheck = refInCheck(s, s.turn);
  if (mine.join(' ') === ref.join(' ') && pos.inCheck() === refCheck) return '';
  return `${lfen}\n  engine only: ${mine.filter((x) => !ref.includes(x)).join(' ')}\n  reference only: ${ref
    .filter((x) => !mine.includes(x))
    .join(' ')}\n  check: engine ${pos.inCheck()} reference ${refCheck}`;
}

/** Divide both generators at `depth` and name the moves whose counts differ. */
function divideDiff(lfen: string, depth: number): string[] {
  const pos = engine(lfen);
  const out: string[] = [];
  const refMoves = new Map(refLegalMoves(refParse(lfen)).map((m) => [m.lan, m.after]));
  for (const m of pos.legalMoves()) {
    const lan = lcMoveToLan(pos, m);
    pos.make(m);
    const a = pos.perft(depth - 1);
    pos.unmake();
    const after = refMoves.get(lan);
    const b = after ? refPerft(after, depth - 1) : -1;
    if (a !== b) out.push(`${lan}: engine ${a}, reference ${b}`);
    refMoves.delete(lan);
  }
  for (const lan of refMoves.keys()) out.push(`${lan}: reference only`);
  return out;
}

function rng(seed: number): () => number {
  let x = seed;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    return x / 0x80000000;
  };
}

const LETTERS = 'PNBRQ';

/** A seeded random LFEN with stacks (may be unplayable: callers filter with parseLfen). */
function randomLfen(rnd: () => number): string {
  const bottom: string[] = new Array(64).fill('');
  const top: string[] = new Array(64).fill('');
  const pick = (): number => Math.floor(rnd() * 64);
  const rank = (i: number): number => i >> 3;
  const place = (letter: string, allowTop: boolean): void => {
    for (let tries = 0; tries < 20; tries++) {
      const i = pick();
      if (letter.toUpperCase() === 'P' && (rank(i) === 0 || rank(i) === 7)) continue;
      if (!bottom[i]) {
        bottom[i] = letter;
        return;
      }
      if (allowTop && !top[i]) {
        top[i] = letter;
        return;
      }
    }
  };
  const n = 4 + Math.floor(rnd() * 18);
  for (let k = 0; k < n; k++) {
    const l = LETTERS[Math.floor(rnd() * 5)]!;
    place(rnd() < 0.5 ? l : l.toLowerCase(), rnd() < 0.45);
  }
  place('K', rnd() < 0.4);
  place('k', rnd() < 0.4);
  // Kings under something: sometimes lock a king by putting a piece on it.
  for (let i = 0; i < 64; i++) {
    if ((bottom[i] === 'K' || bottom[i] === 'k') && !top[i] && rnd() < 0.25) {
      const l = LETTERS[1 + Math.floor(rnd() * 4)]!;
      top[i] = rnd() < 0.5 ? l : l.toLowerCase();
    }
  }
  const side = rnd() < 0.5 ? 'w' : 'b';
  let castling = '';
  if (bottom[4] === 'K' && bottom[7] === 'R' && rnd() < 0.7) castling += 'K';
  if (bottom[4] === 'K' && bottom[0] === 'R' && rnd() < 0.7) castling += 'Q';
  if (bottom[60] === 'k' && bottom[63] === 'r' && rnd() < 0.7) castling += 'k';
  if (bottom[60] === 'k' && bottom[56] === 'r' && rnd() < 0.7) castling += 'q';
  let ep = '-';
  if (rnd() < 0.3) {
    // The side that just moved advanced a pawn two squares on file f.
    const f = Math.floor(rnd() * 8);
    const [pawnRank, passRank, fromRank, pawn, enemyPawn] = side === 'w' ? [4, 5, 6, 'p', 'P'] : [3, 2, 1, 'P', 'p'];
    const at = (r: number, file: number): number => r * 8 + file;
    if (rnd() < 0.35) {
      // LC-11 as amended: the pawn superimposed two steps onto a piece of its own side.
      // A king of that side already there stays (the pawn locks its own king, LC-6).
      const own = LETTERS[1 + Math.floor(rnd() * 4)]!;
      const ownKing = pawn === 'P' ? 'K' : 'k';
      if (bottom[at(pawnRank, f)] !== ownKing) bottom[at(pawnRank, f)] = pawn === 'P' ? own : own.toLowerCase();
      top[at(pawnRank, f)] = pawn;
    } else {
      bottom[at(pawnRank, f)] = pawn;
      top[at(pawnRank, f)] = '';
    }
    for (const r of [passRank, fromRank]) {
      bottom[at(r, f)] = '';
      top[at(r, f)] = '';
    }
    for (const df of [-1, 1]) {
      const g = f + df;
      if (g < 0 || g > 7 || rnd() < 0.3) continue;
      const i = at(pawnRank, g);
      if (rnd() < 0.5) {
        bottom[i] = enemyPawn; // en passant capture (LC-5f)
        top[i] = '';
      } else {
        if (!bottom[i] || bottom[i].toUpperCase() === 'K') bottom[i] = rnd() < 0.5 ? 'N' : 'n';
        top[i] = enemyPawn; // en passant superimpose (LC-11)
      }
    }
    ep = String.fromCharCode(97 + f) + String(passRank + 1);
  }
  const rows: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const i = r * 8 + f;
      if (!bottom[i]) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += top[i] ? `(${bottom[i]}${top[i]})` : bottom[i];
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return `${rows.join('/')} ${side} ${castling || '-'} ${ep} 0 1`;
}

describe('Locking perft cross-check against the reference generator', () => {
  it('start position, depths 1-3: engine = reference (divide per move on mismatch)', () => {
    const start = engine(LC_START_LFEN);
    const ref = refParse(LC_START_LFEN);
    for (let d = 1; d <= 3; d++) {
      const a = start.perft(d);
      const b = refPerft(ref, d);
      if (a !== b) expect(divideDiff(LC_START_LFEN, d), `depth ${d}`).toEqual([]);
      expect(a, `depth ${d}`).toBe(b);
    }
    // Depth 1 by hand: 20 orthodox moves + superimpositions Nb1-d2*, Ng1-e2*,
    // Bc1-b2*/d2*, Bf1-e2*/g2*, Ra1-a2*/b1*, Rh1-h2*/g1*, Qd1-c1*/c2*/d2*/e2*/e1*,
    // Ke1-d1*/d2*/e2*/f2*/f1* = 40.
    expect(start.perft(1)).toBe(40);
  }, 60_000);

  it('every position of 40 seeded random playouts (up to 80 plies) has the same legal moves and check status', () => {
    const rnd = rng(2026);
    let positions = 0;
    const diffs: string[] = [];
    for (let game = 0; game < 40 && diffs.length === 0; game++) {
      const pos = engine(LC_START_LFEN);
      for (let ply = 0; ply < 80; ply++) {
        positions++;
        const d = compare(pos);
        if (d) {
          diffs.push(d);
          break;
        }
        const moves = pos.legalMoves();
        if (moves.length === 0) break;
        pos.make(moves[Math.floor(rnd() * moves.length)]!);
      }
    }
    expect(diffs).toEqual([]);
    expect(positions).toBeGreaterThan(2000);
  }, 120_000);

  it('seeded random positions with stacks: same legal moves and check status; perft 2 on every tenth', () => {
    const rnd = rng(77);
    let tested = 0;
    let perfts = 0;
    const diffs: string[] = [];
    for (let k = 0; k < 6000 && tested < 1500 && diffs.length < 3; k++) {
      const lfen = randomLfen(rnd);
      const r = parseLfen(lfen);
      if (!r.ok) continue;
      tested++;
      const d = compare(r.value);
      if (d) {
        diffs.push(d);
        continue;
      }
      if (tested % 10 === 0) {
        perfts++;
        const a = r.value.perft(2);
        const b = refPerft(refParse(lfen), 2);
        if (a !== b) diffs.push(`${lfen} perft 2: engine ${a}, reference ${b}\n  ${divideDiff(lfen, 2).join('\n  ')}`);
      }
    }
    expect(diffs).toEqual([]);
    expect(tested).toBe(1500);
    expect(perfts).toBe(150);
  }, 120_000);
});
