/**
 * Chess Maze as a `SearchProblem` for the generic BFS engine (solver/bfs.ts).
 *
 * State encoding (fixed width, Int32 words):
 * - Player pieces: one 16-bit code each, two per word, `ceil(P/2)` words:
 *   bits 0..9 square (boards are at most 26x26 = 676 squares, CM-1),
 *   bits 10..13 movement kind (0 king, 1 queen, 2 rook, 3 bishop, 4 knight,
 *   5..8 pawn facing north/east/south/west; a player piece changes kind by
 *   transforming, CM-10), bit 14 "pawn has left its start square" (CM-3
 *   double step; 0 for non-pawns). The codes are kept SORTED ascending, so
 *   pieces that behave identically (same kind, same moved bit) are not told
 *   apart: two rooks swapping squares is one state. A pawn's start square
 *   is not needed: a pawn never returns to a square it left (it only moves
 *   forward), so "unmoved" is exactly the moved bit being 0.
 * - Flags, packed bit by bit after the piece words, `ceil(F/32)` words:
 *   bit 0 won (CM-11; the win happens on landing, so it is part of the
 *   state), bits 1..4 keys held (CM-5, colour order of `CM_COLORS`), then
 *   one bit per enemy "captured" (CM-4), then one bit per coin picked (only
 *   when the collect objective is set), then one bit per letter tile
 *   picked (only when the spell objective is set). Gems, coins without a
 *   collect objective and letters without a spell objective have no effect
 *   on the outcome and are not tracked. The spelled count is the number of
 *   letter bits set (every letter picked in a non-failed state was the next
 *   one of the word, CM-9).
 * Plate holders are derived from the piece squares (CM-6). The move counter
 * is not part of the state: it is the BFS depth.
 *
 * Failures are pruned: a misspelling successor is never emitted (CM-9); a
 * dead end has no successors; with a move limit N, states at depth >= N are
 * not expanded (CM-12), so goals are found only at depth <= N (a win on
 * move N counts, CM-12/CM-13: the finish check comes before the limit check).
 *
 * The move limit is the problem's `maxDepth` (solver/types.ts): the engine
 * stores and goal-tests states at depth N but never expands them.
 *
 * Heuristic (A*, solver/astar.ts): the larger of
 * - the fewest moves any player piece needs to land on the finish in a
 *   relaxed game without other pieces or closed locks (heuristic.ts), and
 * - the landings still needed: one per coin not picked (collect objective),
 *   one per letter still to spell (spell objective), one for the finish,
 *   minus one when the finish square itself holds such a collectible
 *   (each move lands on one square and picks up at most one item, CM-8).
 * Both are lower bounds that drop by at most 1 per move (consistent); a
 * state where no piece can ever land on the finish answers -1 (pruned).
 * The engines rebuild lines by re-expanding the previous layer (no
 * `expandReverse`: captures, pick-ups and transforms are not undoable).
 *
 * Move code: `slot << 13 | choice << 10 | to`, where `slot` is the index of
 * the moving piece in the parent's sorted code list, `to` the landing
 * square and `choice` 0, or 1 + index in `TRANSFORM_TYPES` of the type
 * chosen on a transform tile listing two or more types (CM-10).
 */
import type { SearchProblem, SolveOptions, SolveResult } from '../../solver/types.js';
import { solveAStar } from '../../solver/astar.js';
import { indexToSquare } from '../../model/square.js';
import { TRANSFORM_TYPES } from '../../model/level.js';
import type { CmPosition } from './position.js';
import { genTargets, kindOf, KIND_PAWN, targetCapacity } from './tables.js';
import { cmFinishDistances } from './heuristic.js';

const SQ_MASK = 0x3ff;
const KIND_SHIFT = 10;
const MOVED_BIT = 1 << 14;
/** LAN letter per movement kind. */
const KIND_LETTER = ['K', 'Q', 'R', 'B', 'N', 'P', 'P', 'P', 'P'];
/** Kind of `TRANSFORM_TYPES[i]` (knight, bishop, rook, queen, king). */
const TT_KIND = TRANSFORM_TYPES.map((t) => kindOf(t));
const TT_LETTER = ['N', 'B', 'R', 'Q', 'K'];

/** Layout facts of a problem, exported for tests and reports. */
export interface CmSearchLayout {
  /** Player pieces (16-bit codes). */
  readonly players: number;
  /** Enemy pieces (one captured bit each). */
  readonly enemies: number;
  /** Tracked coin bits (0 without a collect objective). */
  readonly coins: number;
  /** Tracked letter bits (0 without a spell objective). */
  readonly letters: number;
  /** Int32 words per state. */
  readonly stateWords: number;
}

/** Words per state and the bit layout `cmSearchProblem(pos)` uses. */
export function cmSearchLayout(pos: CmPosition): CmSearchLayout {
  const players = pos.pieces.filter((p) => p.side === 'player').length;
  const enemies = pos.pieces.length - players;
  const coins = pos.collect ? pos.collectibles.filter((c) => c.kind === 'coin').length : 0;
  const letters = pos.spell !== '' ? pos.collectibles.filter((c) => c.kind === 'letter').length : 0;
  const flagBits = 5 + enemies + coins + letters;
  return { players, enemies, coins, letters, stateWords: Math.ceil(players / 2) + Math.ceil(flagBits / 32) };
}

/**
 * Builds the search problem for a compiled level (see the file comment for
 * the encoding). Goal: the won bit (CM-11). Successors: exactly the legal
 * moves of `cmLegalMoves` (shared generator `genTargets`) with the CM-13
 * landing resolution of `cmPlay`, minus failures. Expansion reuses typed
 * scratch arrays; no allocation per successor.
 */
export function cmSearchProblem(pos: CmPosition): SearchProblem {
  const layout = cmSearchLayout(pos);
  const P = layout.players;
  const E = layout.enemies;
  const pieceWords = Math.ceil(P / 2);
  const W = layout.stateWords;
  const size = pos.size;
  const width = pos.width;
  const tables = pos.tables;
  const lock = pos.lock;
  const plate = pos.plate;
  const keyAt = pos.key;
  const transform = pos.transform;
  const finish = pos.finish;
  const moveLimit = pos.moveLimit;
  const word = pos.spell;
  const wordLen = word.length;
  const needCoins = layout.coins;

  // Flag bit indices.
  const WON_BIT = 0;
  const KEY_BIT0 = 1;
  const ENEMY_BIT0 = 5;
  const COIN_BIT0 = ENEMY_BIT0 + E;
  const LETTER_BIT0 = COIN_BIT0 + layout.coins;

  // Enemies and their start squares (they never move, CM-2).
  const enemySq = new Int32Array(E);
  const enemyAt = new Int32Array(size).fill(-1);
  {
    let e = 0;
    for (const p of pos.pieces) {
      if (p.side === 'enemy') {
        enemySq[e] = p.square;
        enemyAt[p.square] = e;
        e++;
      }
    }
  }
  // Per square: tracked collectible flag bit (-1 none), and letter char code (0 none).
  const bitAt = new Int32Array(size).fill(-1);
  const letterAt = new Int32Array(size);
  {
    let c = 0;
    let l = 0;
    for (const col of pos.collectibles) {
      if (col.kind === 'coin' && layout.coins > 0) bitAt[col.square] = COIN_BIT0 + c++;
      if (col.kind === 'letter' && layout.letters > 0) {
        bitAt[col.square] = LETTER_BIT0 + l++;
        letterAt[col.square] = col.letter.charCodeAt(0);
      }
    }
  }
  const wordCodes = new Int32Array(wordLen);
  for (let k = 0; k < wordLen; k++) wordCodes[k] = word.charCodeAt(k);

  // Initial state.
  const initial = new Int32Array(W);
  {
    const codes: number[] = [];
    for (const p of pos.pieces) {
      if (p.side === 'player') codes.push((kindOf(p.role, p.facing) << KIND_SHIFT) | p.square);
    }
    codes.sort((a, b) => a - b);
    for (let s = 0; s < P; s++) initial[s >> 1] = initial[s >> 1]! | (codes[s]! << ((s & 1) << 4));
  }

  // Heuristic table (kind * size + square -> moves to land on the finish, -1 never).
  const finishDist = cmFinishDistances(pos);

  // Scratch.
  const codes = new Int32Array(P);
  const occ = new Int32Array(size);
  const targets = new Int32Array(targetCapacity(tables));
  const flags = new Int32Array(W - pieceWords);
  const hold = new Int32Array(4);

  const getBit = (buf: Int32Array, base: number, bit: number): number => (buf[base + (bit >> 5)]! >>> (bit & 31)) & 1;
  const popBits = (buf: Int32Array, base: number, from: number, n: number): number => {
    let c = 0;
    for (let b = from; b < from + n; b++) c += getBit(buf, base, b);
    return c;
  };

  /** Writes the sorted codes with slot s replaced by `code` into out[0..pieceWords). */
  const writePieces = (out: Int32Array, s: number, code: number): void => {
    for (let w = 0; w < pieceWords; w++) out[w] = 0;
    let k = 0; // output slot
    let inserted = false;
    for (let j = 0; j < P; j++) {
      if (j === s) continue;
      const c = codes[j]!;
      if (!inserted && code < c) {
        out[k >> 1] = out[k >> 1]! | (code << ((k & 1) << 4));
        k++;
        inserted = true;
      }
      out[k >> 1] = out[k >> 1]! | (c << ((k & 1) << 4));
      k++;
    }
    if (!inserted) out[k >> 1] = out[k >> 1]! | (code << ((k & 1) << 4));
  };

  return {
    stateWords: W,
    ...(moveLimit > 0 ? { maxDepth: moveLimit } : {}), // CM-12: no expansion at depth >= the move limit
    writeInitial(out: Int32Array): void {
      out.set(initial);
    },
    isGoal(buf: Int32Array, offset: number): boolean {
      return (buf[offset + pieceWords]! & (1 << WON_BIT)) !== 0;
    },
    expand(buf: Int32Array, offset: number, out: Int32Array, emit: (move: number) => boolean): void {
      const fb = offset + pieceWords;
      if ((buf[fb]! & (1 << WON_BIT)) !== 0) return;
      for (let w = 0; w < W - pieceWords; w++) flags[w] = buf[fb + w]!;
      const keys = (flags[0]! >>> KEY_BIT0) & 15;

      // Decode pieces, occupancy and plate holders (CM-6).
      hold[0] = hold[1] = hold[2] = hold[3] = 0;
      for (let s = 0; s < P; s++) {
        const c = (buf[offset + (s >> 1)]! >>> ((s & 1) << 4)) & 0xffff;
        codes[s] = c;
        const sq = c & SQ_MASK;
        occ[sq] = s + 1;
        const pc = plate[sq]!;
        if (pc >= 0) hold[pc]!++;
      }
      for (let e = 0; e < E; e++) {
        if (((flags[(ENEMY_BIT0 + e) >> 5]! >>> ((ENEMY_BIT0 + e) & 31)) & 1) === 0) {
          const sq = enemySq[e]!;
          occ[sq] = -(e + 1);
          const pc = plate[sq]!;
          if (pc >= 0) hold[pc]!++;
        }
      }
      let coinsPicked = 0;
      if (needCoins > 0) coinsPicked = popBits(flags, 0, COIN_BIT0, needCoins);
      const spelled = wordLen > 0 ? popBits(flags, 0, LETTER_BIT0, layout.letters) : 0;

      outer: for (let s = 0; s < P; s++) {
        const code = codes[s]!;
        const from = code & SQ_MASK;
        const kind = (code >>> KIND_SHIFT) & 15;
        const isPawn = kind >= KIND_PAWN;
        // CM-7 openness for this piece: key, or another holder of the colour.
        let open = keys;
        const own = plate[from]!;
        for (let c = 0; c < 4; c++) if (hold[c]! - (own === c ? 1 : 0) > 0) open |= 1 << c;
        const n = genTargets(tables, lock, occ, kind, from, isPawn && (code & MOVED_BIT) === 0, open, targets);
        for (let t = 0; t < n; t++) {
          const to = targets[t]!;
          // Flags of the successor.
          for (let w = 0; w < flags.length; w++) out[pieceWords + w] = flags[w]!;
          const o = occ[to]!;
          if (o < 0) {
            const b = ENEMY_BIT0 + (-o - 1);
            out[pieceWords + (b >> 5)] = out[pieceWords + (b >> 5)]! | (1 << (b & 31)); // CM-4 capture
          }
          const kc = keyAt[to]!;
          if (kc >= 0) out[pieceWords] = out[pieceWords]! | (1 << (KEY_BIT0 + kc)); // CM-5
          let coins = coinsPicked;
          let sp = spelled;
          const cb = bitAt[to]!;
          if (cb >= 0 && getBit(flags, 0, cb) === 0) {
            if (cb >= LETTER_BIT0) {
              // CM-9: must be the next letter of an unfinished word.
              if (sp >= wordLen || letterAt[to] !== wordCodes[sp]) continue;
              sp++;
            } else {
              coins++;
            }
            out[pieceWords + (cb >> 5)] = out[pieceWords + (cb >> 5)]! | (1 << (cb & 31));
          }
          const wins = to === finish && coins === needCoins && sp === wordLen; // CM-11
          if (wins) out[pieceWords] = out[pieceWords]! | (1 << WON_BIT);
          const moveBase = (s << 13) | to;
          const tm = transform[to]!;
          if (tm === 0) {
            // Pawns: the moved bit is set by leaving the start square.
            writePieces(out, s, (code & ~SQ_MASK) | to | (isPawn ? MOVED_BIT : 0));
            if (emit(moveBase)) break outer;
          } else if ((tm & (tm - 1)) === 0) {
            const nk = TT_KIND[31 - Math.clz32(tm)]!; // CM-10 one type: automatic
            writePieces(out, s, (nk << KIND_SHIFT) | to);
            if (emit(moveBase)) break outer;
          } else {
            for (let b = 0; b < 5; b++) {
              if ((tm & (1 << b)) === 0) continue;
              writePieces(out, s, (TT_KIND[b]! << KIND_SHIFT) | to);
              if (emit(moveBase | ((b + 1) << 10))) break outer;
            }
          }
        }
      }
      for (let s = 0; s < P; s++) occ[codes[s]! & SQ_MASK] = 0;
      for (let e = 0; e < E; e++) occ[enemySq[e]!] = 0;
    },
    heuristic(buf: Int32Array, offset: number): number {
      const fb = offset + pieceWords;
      if ((buf[fb]! & (1 << WON_BIT)) !== 0) return 0;
      let h1 = -1;
      for (let s = 0; s < P; s++) {
        const c = (buf[offset + (s >> 1)]! >>> ((s & 1) << 4)) & 0xffff;
        const d = finishDist[((c >>> KIND_SHIFT) & 15) * size + (c & SQ_MASK)]!;
        if (d >= 0 && (h1 < 0 || d < h1)) h1 = d;
      }
      if (h1 < 0) return -1; // no piece can ever land on the finish
      let h2 = 1;
      if (needCoins > 0) h2 += needCoins - popBits(buf, fb, COIN_BIT0, needCoins);
      if (wordLen > 0) h2 += wordLen - popBits(buf, fb, LETTER_BIT0, layout.letters);
      const fbit = bitAt[finish]!;
      if (fbit >= 0 && getBit(buf, fb, fbit) === 0) h2--;
      return h1 > h2 ? h1 : h2;
    },
    moveToLan(buf: Int32Array, offset: number, move: number): string {
      const s = move >>> 13;
      const choice = (move >>> 10) & 7;
      const to = move & SQ_MASK;
      const code = (buf[offset + (s >> 1)]! >>> ((s & 1) << 4)) & 0xffff;
      const kind = (code >>> KIND_SHIFT) & 15;
      const e = enemyAt[to]!;
      const b = ENEMY_BIT0 + e;
      const capture = e >= 0 && ((buf[offset + pieceWords + (b >> 5)]! >>> (b & 31)) & 1) === 0;
      return (
        (KIND_LETTER[kind] ?? '?') +
        indexToSquare(code & SQ_MASK, width) +
        (capture ? 'x' : '-') +
        indexToSquare(to, width) +
        (choice > 0 ? '=' + TT_LETTER[choice - 1]! : '')
      );
    },
  };
}

/**
 * The optimal solve of a compiled, valid level: A* (solver/astar.ts) over
 * `cmSearchProblem(pos)` with its heuristic, the move limit (CM-12) pruning
 * lines longer than N, and the difficulty metrics (`SolveResult.metrics`,
 * optimal solutions counted up to `opts.countSolutions`, default 1000).
 */
export function cmSolve(pos: CmPosition, opts: SolveOptions = {}): SolveResult {
  return solveAStar(cmSearchProblem(pos), opts);
}
