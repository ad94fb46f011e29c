/**
 * Chess Maze position model and play rules.
 *
 * - `CmPosition`: the compiled, immutable level (board, holes, per-square
 *   tile lookups, pieces' start data, objectives, movement tables).
 * - `CmState`: one moment of an attempt (where each piece is, what it is,
 *   which enemies are still on the board, keys held, collectibles picked,
 *   letters spelled, the move counter and the outcome).
 * - Pure functions over both: `cmInitialState`, `cmLegalMoves` (CM-2..CM-4,
 *   CM-7, CM-10), `cmPlay` (the CM-13 resolution order, with events),
 *   `cmOutcome`, `cmMoveToLan`, `cmParseLan` (RULINGS "Common", CM-10).
 */
import {
  CM_COLORS,
  TRANSFORM_TYPES,
  type ChessMazeLevel,
  type CmColor,
  type CmSide,
  type Facing,
  type Role,
  type SquareName,
  type TransformType,
} from '../../model/level.js';
import { indexToSquare, squareIndex } from '../../model/square.js';
import { hasErrors, type Issue, type Result } from '../../validation/issue.js';
import { buildCmTables, genTargets, kindOf, ROLE_LETTER, targetCapacity, type CmTables } from './tables.js';
import { validateChessMaze } from './validate.js';

/** A piece's level data. `square` is its START square (board index); pawns keep it for the CM-3 double step. */
export interface CmPieceInfo {
  readonly role: Role;
  readonly side: CmSide;
  readonly square: number;
  /** Pawns: CM-3 facing (default north). Other roles: 'north' (unused). */
  readonly facing: Facing;
}

/** A coin, gem or letter tile (CM-8). `letter` is '' for coins and gems. */
export interface CmCollectible {
  readonly kind: 'coin' | 'gem' | 'letter';
  readonly square: number;
  readonly letter: string;
}

/**
 * A compiled Chess Maze level. Squares are board indices (rank*width+file);
 * colour indices follow `CM_COLORS` (blue 0, red 1, yellow 2, green 3).
 * `pieces[i]` is `level.pieces[i]`; `collectibles[k]` is the k-th coin, gem
 * or letter tile in document order.
 */
export interface CmPosition {
  readonly width: number;
  readonly height: number;
  /** width * height. */
  readonly size: number;
  /** 1 on holes (CM-1). */
  readonly holes: Uint8Array;
  /** Lock colour index per square, -1 for none (CM-7). */
  readonly lock: Int8Array;
  /** Plate colour index per square, -1 for none (CM-6). */
  readonly plate: Int8Array;
  /** Key colour index per square, -1 for none (CM-5). */
  readonly key: Int8Array;
  /** Transform tile per square: bit i set when `TRANSFORM_TYPES[i]` is allowed; 0 for none (CM-10). */
  readonly transform: Uint8Array;
  /** Index into `collectibles` per square, -1 for none (CM-8). */
  readonly collectibleAt: Int16Array;
  readonly collectibles: readonly CmCollectible[];
  /** The finish (flag) square (CM-11). */
  readonly finish: number;
  readonly pieces: readonly CmPieceInfo[];
  /** Collect objective: every coin before the finish counts (CM-11). */
  readonly collect: boolean;
  /** Spell objective word, '' for none (CM-9). */
  readonly spell: string;
  /** Move limit N, 0 for none (CM-12). */
  readonly moveLimit: number;
  /** Number of coin tiles. */
  readonly coinCount: number;
  readonly tables: CmTables;
}

export type CmFailure = 'misspelled' | 'dead-end' | 'move-limit';
/** `'playing'`, or how the attempt ended (CM-9, CM-11, CM-12, CM-13). */
export type CmOutcome = 'playing' | { won: true } | { failed: CmFailure };

/**
 * A play state. Arrays are indexed like `pos.pieces` (squares, roles,
 * alive) or `pos.collectibles` (picked); never mutate them: every function
 * here returns fresh arrays. `sides` and `starts` are the level's (shared)
 * for convenience: `starts[i]` is piece i's start square (CM-3 double step).
 */
export interface CmState {
  readonly squares: readonly number[];
  readonly roles: readonly Role[];
  readonly sides: readonly CmSide[];
  readonly starts: readonly number[];
  /** false once an enemy was captured (player pieces are never removed, CM-2). */
  readonly alive: readonly boolean[];
  /** Keys held: bit c for `CM_COLORS[c]` (CM-5). */
  readonly keys: number;
  /** Per collectible: picked up (CM-8). */
  readonly picked: readonly boolean[];
  /** Letters of the spell word picked so far, in order (CM-9). */
  readonly spelled: number;
  /** The move counter (moves, not squares travelled). */
  readonly moves: number;
  readonly outcome: CmOutcome;
}

/**
 * A move: `piece` (index into `pos.pieces`) relocates `from` → `to`
 * (board indices). `capture` is the captured enemy's piece index, or -1.
 * `transform` is the chosen type when `to` is a transform tile listing two
 * or more types (CM-10); absent otherwise.
 */
export interface CmMove {
  readonly piece: number;
  readonly from: number;
  readonly to: number;
  readonly capture: number;
  readonly transform?: TransformType;
}

/** What happened during one move, in CM-13 order, for narration. Squares are names. */
export type CmEvent =
  | { type: 'captured'; piece: number; role: Role; square: SquareName }
  | { type: 'picked-key'; color: CmColor; square: SquareName }
  | { type: 'picked-coin'; square: SquareName }
  | { type: 'picked-gem'; square: SquareName }
  /** `spelled`: letters of the word complete after this pick-up (unchanged without a spell objective). */
  | { type: 'picked-letter'; letter: string; square: SquareName; spelled: number }
  /** Emitted only when the role actually changes. */
  | { type: 'transformed'; piece: number; from: Role; to: Role; square: SquareName }
  | { type: 'won' }
  | { type: 'failed'; reason: CmFailure };

/** `TRANSFORM_TYPES[i]` as a Role. */
const TT_ROLE: readonly Role[] = TRANSFORM_TYPES;

/**
 * Compiles a level. Runs `validateChessMaze` first; any error gives
 * `{ok:false, error: <the errors>}` (warnings do not prevent compiling).
 * Never throws.
 */
export function compileChessMaze(level: ChessMazeLevel): Result<CmPosition, Issue[]> {
  let issues: Issue[];
  try {
    issues = validateChessMaze(level);
  } catch {
    issues = [{ severity: 'error', code: 'cm-malformed', message: 'The level document is malformed.', ruling: 'CM-14' }];
  }
  if (hasErrors(issues)) return { ok: false, error: issues.filter((i) => i.severity === 'error') };
  const { width, height } = level.board;
  const size = width * height;
  const at = (name: string) => squareIndex(name, width, height);
  const holes = new Uint8Array(size);
  for (const h of level.board.holes ?? []) holes[at(h)] = 1;
  const lock = new Int8Array(size).fill(-1);
  const plate = new Int8Array(size).fill(-1);
  const key = new Int8Array(size).fill(-1);
  const transform = new Uint8Array(size);
  const collectibleAt = new Int16Array(size).fill(-1);
  const collectibles: CmCollectible[] = [];
  let finish = -1;
  let coinCount = 0;
  for (const t of level.tiles ?? []) {
    const s = at(t.square);
    switch (t.kind) {
      case 'lock':
        lock[s] = CM_COLORS.indexOf(t.color);
        break;
      case 'plate':
        plate[s] = CM_COLORS.indexOf(t.color);
        break;
      case 'key':
        key[s] = CM_COLORS.indexOf(t.color);
        break;
      case 'transform': {
        let m = 0;
        for (const a of t.allowed) m |= 1 << TRANSFORM_TYPES.indexOf(a);
        transform[s] = m;
        break;
      }
      case 'coin':
      case 'gem':
      case 'letter':
        if (t.kind === 'coin') coinCount++;
        collectibleAt[s] = collectibles.length;
        collectibles.push({ kind: t.kind, square: s, letter: t.kind === 'letter' ? t.letter : '' });
        break;
      case 'finish':
        finish = s;
        break;
    }
  }
  const pieces: CmPieceInfo[] = level.pieces.map((p) => ({
    role: p.role,
    side: p.side,
    square: at(p.square),
    facing: p.role === 'pawn' ? (p.facing ?? 'north') : 'north',
  }));
  const obj = level.objectives ?? {};
  return {
    ok: true,
    value: {
      width,
      height,
      size,
      holes,
      lock,
      plate,
      key,
      transform,
      collectibleAt,
      collectibles,
      finish,
      pieces,
      collect: obj.collect === true,
      spell: obj.spell ?? '',
      moveLimit: obj.moveLimit ?? 0,
      coinCount,
      tables: buildCmTables(width, height, holes),
    },
  };
}

/** The start of an attempt: nothing picked, counter 0, playing (no dead-end check before the first move, CM-13). */
export function cmInitialState(pos: CmPosition): CmState {
  return {
    squares: pos.pieces.map((p) => p.square),
    roles: pos.pieces.map((p) => p.role),
    sides: pos.pieces.map((p) => p.side),
    starts: pos.pieces.map((p) => p.square),
    alive: pos.pieces.map(() => true),
    keys: 0,
    picked: pos.collectibles.map(() => false),
    spelled: 0,
    moves: 0,
    outcome: 'playing',
  };
}

/** The attempt's outcome (CM-9, CM-11, CM-12, CM-13). */
export function cmOutcome(state: CmState): CmOutcome {
  return state.outcome;
}

/** Occupancy (player i → i+1, alive enemy i → -(i+1)) and plate holders per colour (CM-6). */
function boardOf(pos: CmPosition, state: CmState): { occ: Int32Array; hold: number[] } {
  const occ = new Int32Array(pos.size);
  const hold = [0, 0, 0, 0];
  for (let i = 0; i < state.squares.length; i++) {
    if (!state.alive[i]) continue;
    const s = state.squares[i]!;
    occ[s] = state.sides[i] === 'player' ? i + 1 : -(i + 1);
    const pc = pos.plate[s]!;
    if (pc >= 0) hold[pc]!++;
  }
  return { occ, hold };
}

/** CM-7: colours open for a piece standing on `from`: key held, or another piece on a plate of that colour. */
export function openMaskFor(pos: CmPosition, keys: number, hold: readonly number[], from: number): number {
  let open = keys;
  const own = pos.plate[from]!;
  for (let c = 0; c < 4; c++) if (hold[c]! - (own === c ? 1 : 0) > 0) open |= 1 << c;
  return open;
}

function pieceTargets(pos: CmPosition, state: CmState, occ: Int32Array, hold: readonly number[], i: number, buf: Int32Array): number {
  const role = state.roles[i]!;
  const from = state.squares[i]!;
  const kind = kindOf(role, pos.pieces[i]!.facing);
  const unmoved = role === 'pawn' && from === state.starts[i];
  return genTargets(pos.tables, pos.lock, occ, kind, from, unmoved, openMaskFor(pos, state.keys, hold, from), buf);
}

/**
 * Every legal move of the player pieces (CM-2: any player piece, no turn
 * cycle), by piece index, then ray order (see tables.ts), then, on a
 * transform tile listing several types, one move per listed type in
 * `TRANSFORM_TYPES` order (CM-10: each choice is its own move, keeping the
 * type only when listed). Empty once the attempt has ended.
 */
export function cmLegalMoves(pos: CmPosition, state: CmState): CmMove[] {
  if (state.outcome !== 'playing') return [];
  const { occ, hold } = boardOf(pos, state);
  const buf = new Int32Array(targetCapacity(pos.tables));
  const moves: CmMove[] = [];
  for (let i = 0; i < state.squares.length; i++) {
    if (state.sides[i] !== 'player') continue;
    const from = state.squares[i]!;
    const n = pieceTargets(pos, state, occ, hold, i, buf);
    for (let k = 0; k < n; k++) {
      const to = buf[k]!;
      const capture = occ[to]! < 0 ? -occ[to]! - 1 : -1;
      const m = pos.transform[to]!;
      if (m !== 0 && (m & (m - 1)) !== 0) {
        for (let b = 0; b < TRANSFORM_TYPES.length; b++) {
          if (m & (1 << b)) moves.push({ piece: i, from, to, capture, transform: TRANSFORM_TYPES[b]! });
        }
      } else {
        moves.push({ piece: i, from, to, capture });
      }
    }
  }
  return moves;
}

/** True when some player piece has a legal move (the CM-13 dead-end test, negated). */
function anyLegalMove(pos: CmPosition, state: CmState): boolean {
  const { occ, hold } = boardOf(pos, state);
  const buf = new Int32Array(targetCapacity(pos.tables));
  for (let i = 0; i < state.squares.length; i++) {
    if (state.sides[i] === 'player' && pieceTargets(pos, state, occ, hold, i, buf) > 0) return true;
  }
  return false;
}

/**
 * Plays `move` and resolves the landing in CM-13 order:
 * 1. capture (an alive enemy on `to` is removed, CM-4);
 * 2. pick-ups (CM-5 key, CM-8 coin/gem/letter; CM-9 a letter that is not
 *    the next one of the word, or any letter after the word is complete,
 *    fails the attempt at once: `failed: 'misspelled'`, nothing further);
 * 3. transform (CM-10: one listed type → it; several → `move.transform`);
 * 4. finish check (CM-11: a player piece landing on the flag with the
 *    collect/spell dependencies met wins);
 * 5. move-limit check (CM-12: counter reached N without a win fails);
 * 6. dead-end check (no player piece has a legal move: fails).
 * `events` lists what happened in that order. Pass moves from
 * `cmLegalMoves` / `cmParseLan`: legality is not re-checked. Returns the
 * state unchanged with no events when the attempt has already ended or
 * `move.piece` is not a player piece. Never throws.
 */
export function cmPlay(pos: CmPosition, state: CmState, move: CmMove): { state: CmState; events: CmEvent[] } {
  const i = move.piece;
  if (state.outcome !== 'playing' || state.sides[i] !== 'player') return { state, events: [] };
  const events: CmEvent[] = [];
  const to = move.to;
  const name = indexToSquare(to, pos.width);
  const squares = state.squares.slice();
  const roles = state.roles.slice();
  let alive = state.alive;
  let keys = state.keys;
  let picked = state.picked;
  let spelled = state.spelled;
  const moves = state.moves + 1;
  const done = (outcome: CmOutcome): { state: CmState; events: CmEvent[] } => ({
    state: { ...state, squares, roles, alive, keys, picked, spelled, moves, outcome },
    events,
  });

  // 1. capture
  for (let e = 0; e < squares.length; e++) {
    if (e !== i && alive[e] && squares[e] === to && state.sides[e] === 'enemy') {
      alive = alive.slice();
      (alive as boolean[])[e] = false;
      events.push({ type: 'captured', piece: e, role: roles[e]!, square: name });
    }
  }
  squares[i] = to;

  // 2. pick-ups: key, then the square's one collectible
  const kc = pos.key[to]!;
  if (kc >= 0 && (keys & (1 << kc)) === 0) {
    keys |= 1 << kc;
    events.push({ type: 'picked-key', color: CM_COLORS[kc]!, square: name });
  }
  const ci = pos.collectibleAt[to]!;
  if (ci >= 0 && !picked[ci]) {
    picked = picked.slice();
    (picked as boolean[])[ci] = true;
    const c = pos.collectibles[ci]!;
    if (c.kind === 'coin') events.push({ type: 'picked-coin', square: name });
    else if (c.kind === 'gem') events.push({ type: 'picked-gem', square: name });
    else {
      if (pos.spell !== '') {
        if (spelled < pos.spell.length && pos.spell[spelled] === c.letter) {
          spelled++;
        } else {
          events.push({ type: 'picked-letter', letter: c.letter, square: name, spelled });
          events.push({ type: 'failed', reason: 'misspelled' });
          return done({ failed: 'misspelled' });
        }
      }
      events.push({ type: 'picked-letter', letter: c.letter, square: name, spelled });
    }
  }

  // 3. transform
  const tm = pos.transform[to]!;
  if (tm !== 0) {
    const old = roles[i]!;
    let next: Role = old;
    if ((tm & (tm - 1)) === 0) {
      next = TT_ROLE[31 - Math.clz32(tm)]!;
    } else if (move.transform !== undefined && (tm & (1 << TRANSFORM_TYPES.indexOf(move.transform))) !== 0) {
      next = move.transform;
    } else if ((tm & (1 << TRANSFORM_TYPES.indexOf(old as TransformType))) === 0) {
      // Defensive: a choice tile played without a (valid) choice keeps the
      // type when listed, else takes the first listed type.
      next = TT_ROLE[31 - Math.clz32(tm & -tm)]!;
    }
    if (next !== old) {
      roles[i] = next;
      events.push({ type: 'transformed', piece: i, from: old, to: next, square: name });
    }
  }

  // 4. finish
  if (to === pos.finish) {
    let coinsOk = true;
    if (pos.collect) {
      for (let k = 0; k < pos.collectibles.length; k++) {
        if (pos.collectibles[k]!.kind === 'coin' && !picked[k]) coinsOk = false;
      }
    }
    if (coinsOk && spelled === pos.spell.length) {
      events.push({ type: 'won' });
      return done({ won: true });
    }
  }

  // 5. move limit
  if (pos.moveLimit > 0 && moves >= pos.moveLimit) {
    events.push({ type: 'failed', reason: 'move-limit' });
    return done({ failed: 'move-limit' });
  }

  // 6. dead end
  const after = done('playing');
  if (!anyLegalMove(pos, after.state)) {
    events.push({ type: 'failed', reason: 'dead-end' });
    return done({ failed: 'dead-end' });
  }
  return after;
}

const TRANSFORM_LETTER: Readonly<Record<TransformType, string>> = { knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };

/**
 * LAN of a move (RULINGS "Common", CM-10): letter of the piece's role
 * before the move, from, `x` when an enemy stands on `to` (else `-`), to,
 * and `=X` exactly when `move.transform` is set (a choice tile), e.g.
 * `Nb1-c3`, `Rd1xd7`, `Pe2-e4`, `Qa1-a5=N`, `Qa1-a5=Q`.
 */
export function cmMoveToLan(pos: CmPosition, state: CmState, move: CmMove): string {
  const role = state.roles[move.piece] ?? 'king';
  let capture = false;
  for (let e = 0; e < state.squares.length; e++) {
    if (state.alive[e] && state.sides[e] === 'enemy' && state.squares[e] === move.to) capture = true;
  }
  return (
    ROLE_LETTER[role] +
    indexToSquare(move.from, pos.width) +
    (capture ? 'x' : '-') +
    indexToSquare(move.to, pos.width) +
    (move.transform !== undefined ? '=' + TRANSFORM_LETTER[move.transform] : '')
  );
}

/**
 * Parses LAN into the matching legal move of `state`, or `undefined` when
 * the text is malformed or names no legal move. Strict: `x` exactly for
 * captures, `-` otherwise, and `=X` exactly when the landing square is a
 * transform tile listing two or more types (CM-10). Surrounding whitespace
 * is ignored. Never throws.
 */
export function cmParseLan(pos: CmPosition, state: CmState, lan: string): CmMove | undefined {
  if (typeof lan !== 'string') return undefined;
  const text = lan.trim();
  if (!/^[KQRBNP][a-z][0-9]{1,2}[-x][a-z][0-9]{1,2}(=[NBRQK])?$/.test(text)) return undefined;
  return cmLegalMoves(pos, state).find((m) => cmMoveToLan(pos, state, m) === text);
}
