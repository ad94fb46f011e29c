/**
 * Dev tool: candidate search and inspection for the Locking Chess sample
 * problems (resources/levels/locking-chess/).
 *
 *   npx tsx scripts/dev/locking-chess-search.ts inspect 'LFEN' N
 *   npx tsx scripts/dev/locking-chess-search.ts search --n 2 --type lockmate [--tries 20000] [--seed 1]
 *       [--white 3] [--black 2] [--stacks 2] [--bk locked-equal|top-equal|locked-opposite|top-opposite|free]
 *       [--castle] [--key REGEXP] [--max PIECES]
 *
 * `inspect` prints the board, the solve (length, keys, keysWithinN, main
 * line, LC-8 mate type) and, per defence to the key, the mate that follows
 * (solving the position after key + defence for N - 1) and whether a
 * shorter goal is unsolvable.
 * `search` builds random sparse positions (kings, a few pieces, some
 * stacks; the black king optionally in a given stack state), keeps those
 * with a forced LC-8 win in exactly N with a unique key whose main line
 * ends in the wanted mate type, and prints their LFEN (`--castle`: White
 * Ke1 Rh1 with the short castling right, for castlock candidates; `--key`:
 * keep keys matching a regexp, e.g. '\*' for superimpositions; `--max`:
 * at most this many pieces, a stack counting 2). Run directly only; the
 * samples tool imports `inspect` and `lcLevel`.
 */
import type { LockingChessLevel } from '../../src-shared/model/level.js';
import { parseLfen, solveLockingChess, lcMoveToLan, type LcPosition } from '../../src-shared/rulesets/locking-chess/index.js';
import { lcParseMove } from '../../src-shared/rulesets/locking-chess/notation.js';

export function lcLevel(position: string, n: number): LockingChessLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'candidate' },
    board: { width: 8, height: 8 },
    position,
    goal: { type: 'mate-in', moves: n },
  };
}

/** The board as text, top rank first; stacks as `Xy` pairs, single pieces padded. */
export function boardText(lfen: string): string {
  const rows = lfen.split(' ')[0]!.split('/');
  const out: string[] = [];
  rows.forEach((row, i) => {
    const cells: string[] = [];
    for (let j = 0; j < row.length; j++) {
      const c = row[j]!;
      if (c === '(') {
        cells.push(row.slice(j + 1, j + 3));
        j += 3;
      } else if (/\d/.test(c)) for (let k = 0; k < Number(c); k++) cells.push(' .');
      else cells.push(' ' + c);
    }
    out.push(`${8 - i} ${cells.join(' ')}`);
  });
  out.push('   a  b  c  d  e  f  g  h');
  return out.join('\n');
}

export function inspect(lfen: string, n: number): void {
  console.log(boardText(lfen));
  console.log(lfen, `mate in ${n}`);
  const t0 = Date.now();
  const r = solveLockingChess(lcLevel(lfen, n));
  console.log(`solve ${Date.now() - t0} ms`);
  if (r.status !== 'solved') {
    console.log(r);
    return;
  }
  console.log(`length ${r.length} keys ${r.keys?.join(' ')} within ${r.keysWithinN?.join(' ')} states ${r.states}`);
  console.log(`main line ${r.moves.join(' ')} -> ${r.mateType}`);
  for (let k = 1; k < n; k++) {
    const s = solveLockingChess(lcLevel(lfen, k));
    console.log(`mate in ${k}: ${s.status}`);
  }
  const pos = parseLfen(lfen);
  if (!pos.ok) return;
  const p = pos.value;
  const key = lcParseMove(p, r.keys![0]!)!;
  p.make(key);
  if (r.length === 1) {
    console.log('after key:', p.lfen(), JSON.stringify(p.outcome()));
    return;
  }
  const defences = p.legalMoves();
  for (const d of defences) {
    const lan = lcMoveToLan(p, d);
    p.make(d);
    const o = p.outcome();
    if (o.status !== 'ongoing') console.log(`  ${lan}: ${JSON.stringify(o)}`);
    else {
      const s = solveLockingChess(lcLevel(p.lfen(), r.length - 1));
      if (s.status === 'solved') console.log(`  ${lan}: ${s.moves.join(' ')} -> ${s.mateType} (keys ${s.keys?.join(' ')})`);
      else console.log(`  ${lan}: ${s.status}`);
    }
    p.unmake();
  }
}

// ---------------------------------------------------------------- random search

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

interface SearchOpts {
  n: number;
  type: string;
  tries: number;
  seed: number;
  white: number;
  black: number;
  stacks: number;
  bk?: string;
  /** White Ke1 + Rh1 with the right to castle short (castlock candidates). */
  castle?: boolean;
  /** Keep only keys matching this regexp. */
  keyRe?: string;
  /** Keep only positions with at most this many pieces (stack = 2). */
  maxPieces?: number;
}

const WHITE_POOL = 'QRRBBNNPPPP';
const BLACK_POOL = 'qrrbbnnpppp';

function randomLfen(R: () => number, o: SearchOpts): string | undefined {
  const bot: string[] = Array(64).fill('');
  const top: string[] = Array(64).fill('');
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(R() * xs.length)]!;
  const empty = (): number => {
    for (;;) {
      const s = Math.floor(R() * 64);
      if (bot[s] === '') return s;
    }
  };
  const okPawn = (s: number, c: string): boolean => !(c.toLowerCase() === 'p' && (s < 8 || s >= 56));
  // index = rank*8 + file, rank 0 = rank 1
  let wk: number;
  if (o.castle) {
    wk = 4;
    bot[4] = 'K';
    bot[7] = 'R';
  } else wk = empty();
  bot[wk] = 'K';
  let bk = empty();
  let tries = 0;
  while (Math.max(Math.abs((bk >> 3) - (wk >> 3)), Math.abs((bk & 7) - (wk & 7))) < 2 && tries++ < 50) bk = empty();
  const st = o.bk ?? 'free';
  if (st === 'free') bot[bk] = 'k';
  else if (st === 'locked-equal') {
    bot[bk] = 'k';
    top[bk] = pick('qrbnp'.split(''));
  } else if (st === 'top-equal') {
    bot[bk] = pick('rbnp'.split(''));
    top[bk] = 'k';
  } else if (st === 'locked-opposite') {
    bot[bk] = 'k';
    top[bk] = pick('QRBNP'.split(''));
  } else if (st === 'top-opposite') {
    bot[bk] = pick('RBNP'.split(''));
    top[bk] = 'k';
  }
  for (const s of [bk]) if (!okPawn(s, bot[s]!) || !okPawn(s, top[s]!)) return undefined;
  let stacks = o.stacks;
  const place = (c: string): void => {
    if (stacks > 0 && R() < 0.5) {
      // a stack: put c on top of another piece (either colour) at board level
      const s = empty();
      const under = R() < 0.5 ? pick(WHITE_POOL.split('')) : pick(BLACK_POOL.split(''));
      if (!okPawn(s, under) || !okPawn(s, c)) return;
      bot[s] = under;
      top[s] = c;
      stacks--;
      return;
    }
    const s = empty();
    if (!okPawn(s, c)) return;
    bot[s] = c;
  };
  for (let i = 0; i < o.white; i++) place(pick(WHITE_POOL.split('')));
  for (let i = 0; i < o.black; i++) place(pick(BLACK_POOL.split('')));
  const rows: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let gap = 0;
    for (let f = 0; f < 8; f++) {
      const s = r * 8 + f;
      if (bot[s] === '') {
        gap++;
        continue;
      }
      if (gap) row += String(gap);
      gap = 0;
      row += top[s] ? `(${bot[s]}${top[s]})` : bot[s];
    }
    if (gap) row += String(gap);
    rows.push(row);
  }
  return `${rows.join('/')} w ${o.castle ? 'K' : '-'} - 0 1`;
}

/** Number of legal first moves that mate at once (cheap prefilter for N = 1). */
function matesInOne(p: LcPosition): string[] {
  const out: string[] = [];
  for (const m of p.legalMoves()) {
    p.make(m);
    const o = p.outcome();
    p.unmake();
    if (o.status === 'mate') out.push(lcMoveToLan(p, m));
  }
  return out;
}

export function search(o: SearchOpts): void {
  const R = rng(o.seed);
  let found = 0;
  for (let t = 0; t < o.tries; t++) {
    const lfen = randomLfen(R, o);
    if (!lfen) continue;
    const pr = parseLfen(lfen);
    if (!pr.ok) continue;
    const p = pr.value;
    if (p.outcome().status !== 'ongoing') continue;
    if (p.inCheck()) continue;
    const m1 = matesInOne(p);
    if (o.n === 1) {
      if (m1.length !== 1) continue;
    } else if (m1.length > 0) continue;
    const r = solveLockingChess(lcLevel(lfen, o.n), { maxStates: 300_000, maxBytes: 1 << 20 });
    if (r.status !== 'solved' || r.length !== o.n || r.keys?.length !== 1) continue;
    if (o.type !== 'any' && r.mateType !== o.type) continue;
    if (o.keyRe && !new RegExp(o.keyRe).test(r.keys[0]!)) continue;
    if (o.maxPieces !== undefined && (lfen.split(' ')[0]!.match(/[a-zA-Z]/g) ?? []).length > o.maxPieces) continue;
    found++;
    console.log(`${lfen}\t${r.keys[0]}\t${r.moves.join(' ')}\t${r.mateType}\tstates ${r.states}`);
  }
  console.error(`found ${found}`);
}

const [cmd, ...rest] = process.argv[1]?.endsWith('locking-chess-search.ts') ? process.argv.slice(2) : [];
if (cmd === 'inspect') inspect(rest[0]!, Number(rest[1] ?? 1));
else if (cmd === 'search') {
  const arg = (k: string, d: string): string => {
    const i = rest.indexOf(`--${k}`);
    return i >= 0 ? rest[i + 1]! : d;
  };
  search({
    n: Number(arg('n', '1')),
    type: arg('type', 'any'),
    tries: Number(arg('tries', '20000')),
    seed: Number(arg('seed', '1')),
    white: Number(arg('white', '3')),
    black: Number(arg('black', '2')),
    stacks: Number(arg('stacks', '2')),
    ...(rest.includes('--bk') ? { bk: arg('bk', 'free') } : {}),
    ...(rest.includes('--castle') ? { castle: true } : {}),
    ...(rest.includes('--key') ? { keyRe: arg('key', '') } : {}),
    ...(rest.includes('--max') ? { maxPieces: Number(arg('max', '99')) } : {}),
  });
}
