/**
 * Locking Chess play mode (issue 7 item 4): a game against the engine on a
 * COPY of the document's position (the document is never changed). A
 * session is immutable: the start LFEN plus the LAN moves played; every
 * move answers a new session, so undo and restart are cheap.
 *
 * The engine (`chooseLcEngineMove`) runs in a Web Worker
 * (src-renderer/lc-engine.worker.ts) through solve/lc-engine-client.ts.
 * Its choice, for the side to move:
 * 1. the fastest forced mate (any LC-8 win) within the horizon: "mate in
 *    h?" for h = 1, 2, ... with the proof search (`proveWinIn` on `LcGame`),
 *    playing the first key;
 * 2. otherwise the longest defence: a move that mates at once is best; a
 *    move into a draw (stalemate, lockout, deadlock, repetition, LC-9) or
 *    with no forced mate against it within the horizon is "safe"; other
 *    moves score the opponent's fastest forced mate after them (longer is
 *    better);
 * 3. falls back to the first legal move when the node budget runs out.
 * Pure TS, no DOM. Never throws.
 */
import type { LockingChessLevel } from '../../src-shared/model/level.js';
import {
  LcGame,
  lcFrom,
  lcMoveToLan,
  lcMoveToSan,
  lcParseMove,
  lcTo,
  parseLfen,
  type LcOutcome,
  type LcPosition,
} from '../../src-shared/rulesets/locking-chess/index.js';
import { name88 } from '../../src-shared/rulesets/orthodox/board.js';
import { proveWinIn } from '../../src-shared/solver/proof/search.js';
import { issue, type Issue, type Result } from '../../src-shared/validation/issue.js';
import type { LcColor } from '../rulesets/locking-chess/ops.js';

export interface LcEngineOptions {
  /** Deepest "mate in h" searched (default 2). */
  horizon?: number;
  /** Nodes all searches of one choice may use together (default 1,500,000). */
  maxNodes?: number;
  /** Transposition-table bytes per search (default 8 MiB). */
  tableBytes?: number;
}

/** The engine's move: `mate` (forced mate in `mateIn`), `defend` (`lossIn` = the opponent's fastest mate after it, null: none within the horizon), `draw`, `any`. */
export interface LcEngineChoice {
  lan: string;
  san: string;
  kind: 'mate' | 'defend' | 'draw' | 'any';
  mateIn?: number;
  lossIn?: number | null;
  nodes: number;
}

/** One legal move as the UI offers it. */
export interface LcMoveOption {
  lan: string;
  san: string;
  from: string;
  to: string;
}

/** Replays `moves` (LAN or SAN) from `lfen`; the position keeps its history (repetition, LC-9). */
export function lcReplayPosition(lfen: string, moves: readonly string[]): Result<LcPosition, Issue[]> {
  const r = parseLfen(lfen);
  if (!r.ok) return r;
  const pos = r.value;
  for (let k = 0; k < moves.length; k++) {
    const m = lcParseMove(pos, moves[k]!);
    if (m === undefined) return { ok: false, error: [issue('error', 'move-illegal', `Move ${k + 1} (${moves[k]}) is not legal here.`, { ruling: 'LC-7' })] };
    pos.make(m);
  }
  return { ok: true, value: pos };
}

/** Every legal move of the side to move with its LAN, SAN and squares (castling: the king's squares). */
export function lcMoveOptions(pos: LcPosition): LcMoveOption[] {
  return pos.legalMoves().map((m) => ({ lan: lcMoveToLan(pos, m), san: lcMoveToSan(pos, m), from: name88(lcFrom(m)), to: name88(lcTo(m)) }));
}

const color = (side: number): LcColor => (side === 0 ? 'white' : 'black');

/** An immutable game against the engine (module doc). `user`: the side the person plays. */
export class LcSession {
  readonly pos: LcPosition;
  readonly options: LcMoveOption[];
  readonly outcome: LcOutcome;

  private constructor(
    readonly start: string,
    readonly moves: readonly string[],
    readonly sans: readonly string[],
    readonly user: LcColor,
    pos: LcPosition,
  ) {
    this.pos = pos;
    this.outcome = pos.outcome();
    this.options = this.outcome.status === 'ongoing' ? lcMoveOptions(pos) : [];
  }

  /** A new game from the document's position; the document's builder errors when it cannot be played. */
  static start(doc: LockingChessLevel, user?: LcColor): Result<LcSession, Issue[]> {
    const r = parseLfen(doc.position, '/position');
    if (!r.ok) return r;
    return { ok: true, value: new LcSession(doc.position, [], [], user ?? color(r.value.side), r.value) };
  }

  get sideToMove(): LcColor {
    return color(this.pos.side);
  }

  get engineToMove(): boolean {
    return this.outcome.status === 'ongoing' && this.sideToMove !== this.user;
  }

  /** The current LFEN. */
  get lfen(): string {
    return this.pos.lfen();
  }

  /** Squares the piece on `square` can reach (the user's turn only). */
  targets(square: string): string[] {
    if (this.engineToMove) return [];
    return [...new Set(this.options.filter((o) => o.from === square).map((o) => o.to))];
  }

  /** The legal moves from `from` to `to` (several: promotion choices, castling vs castlock, capture vs superimpose). */
  choices(from: string, to: string): LcMoveOption[] {
    return this.options.filter((o) => o.from === from && o.to === to);
  }

  /** Plays `lan` (LAN or SAN); null when it is not legal. */
  play(lan: string): LcSession | null {
    const m = lcParseMove(this.pos, lan);
    if (m === undefined || this.outcome.status !== 'ongoing') return null;
    const san = lcMoveToSan(this.pos, m);
    const full = lcMoveToLan(this.pos, m);
    const moves = [...this.moves, full];
    const r = lcReplayPosition(this.start, moves);
    if (!r.ok) return null;
    return new LcSession(this.start, moves, [...this.sans, san], this.user, r.value);
  }

  /** Takes back to the user's previous turn (the engine's answer and the user's move); null at the start. */
  undo(): LcSession | null {
    if (this.moves.length === 0) return null;
    let n = this.moves.length - 1;
    const startSide = color(parseLfen(this.start).ok ? (parseLfen(this.start) as { value: LcPosition }).value.side : 0);
    // side to move after n moves = startSide when n is even.
    const sideAfter = (k: number): LcColor => (k % 2 === 0 ? startSide : startSide === 'white' ? 'black' : 'white');
    while (n > 0 && sideAfter(n) !== this.user) n--;
    const moves = this.moves.slice(0, n);
    const r = lcReplayPosition(this.start, moves);
    if (!r.ok) return null;
    return new LcSession(this.start, moves, this.sans.slice(0, n), this.user, r.value);
  }

  restart(): LcSession {
    const r = lcReplayPosition(this.start, []);
    return new LcSession(this.start, [], [], this.user, (r as { value: LcPosition }).value);
  }

  withUser(user: LcColor): LcSession {
    return new LcSession(this.start, this.moves, this.sans, user, this.pos);
  }
}

const MATE_NAME: Record<string, string> = {
  checkmate: 'checkmate',
  lockmate: 'lockmate',
  'refugee-mate': 'refugee mate',
  'royal-mate': 'royal mate',
  'royal-lockmate': 'royal lockmate',
};
const DRAW_NAME: Record<string, string> = {
  stalemate: 'stalemate',
  lockout: 'lockout',
  deadlock: 'deadlock',
  'fifty-move': 'the fifty-move rule',
  repetition: 'threefold repetition',
  'insufficient-material': 'insufficient material',
};

/** Display name of an LC-8 mate kind (`refugee-mate` → `refugee mate`). */
export function lcMateName(kind: string): string {
  return MATE_NAME[kind] ?? kind.replace(/-/g, ' ');
}

/**
 * Status line: `White to move: your move`, `Black to move: engine thinking…`,
 * `Lockmate (LC-8): White wins. You won!`, `Draw by lockout (LC-9).`
 */
export function lcStatusText(s: LcSession, thinking = false): string {
  const o = s.outcome;
  if (o.status === 'mate') {
    const n = lcMateName(o.kind);
    const who = o.winner === s.user ? ' You won!' : ' The engine won.';
    return `${n[0]!.toUpperCase()}${n.slice(1)} (LC-8): ${o.winner === 'white' ? 'White' : 'Black'} wins.${who}`;
  }
  if (o.status === 'draw') return `Draw by ${DRAW_NAME[o.reason] ?? o.reason} (${o.reason === 'lockout' || o.reason === 'deadlock' || o.reason === 'stalemate' ? 'LC-9' : 'LC-1'}).`;
  const side = s.sideToMove === 'white' ? 'White' : 'Black';
  if (s.engineToMove) return `${side} to move: ${thinking ? 'engine thinking…' : 'engine to move'}`;
  return `${side} to move: your move${s.pos.inCheck() ? ' (check)' : ''}`;
}

class Budget {
  used = 0;
  constructor(readonly total: number) {}
  get left(): number {
    return this.total - this.used;
  }
}

function mateWithin(pos: LcPosition, h: number, budget: Budget, tableBytes: number): { length: number; keys: string[] } | null | 'limit' {
  if (budget.left <= 0) return 'limit';
  const r = proveWinIn(new LcGame(pos.clone()), h, { maxNodes: budget.left, maxTableBytes: tableBytes });
  budget.used += r.nodes;
  if (r.status === 'solved') return { length: r.length, keys: r.keys };
  if (r.status === 'unsolvable') return null;
  return 'limit';
}

/** The engine's move in `pos` (module doc); null when the game is over. Never throws. */
export function chooseLcEngineMove(pos: LcPosition, opts: LcEngineOptions = {}): LcEngineChoice | null {
  if (pos.outcome().status !== 'ongoing') return null;
  const moves = pos.legalMoves();
  if (moves.length === 0) return null;
  const horizon = Math.max(1, Math.min(6, Math.floor(opts.horizon ?? 2)));
  const budget = new Budget(opts.maxNodes ?? 1_500_000);
  const tableBytes = opts.tableBytes ?? 8 * 1024 * 1024;
  const lans = moves.map((m) => lcMoveToLan(pos, m));
  const done = (i: number, kind: LcEngineChoice['kind'], extra: Partial<LcEngineChoice> = {}): LcEngineChoice => ({
    lan: lans[i]!,
    san: lcMoveToSan(pos, moves[i]!),
    kind,
    nodes: budget.used,
    ...extra,
  });

  // 1. Fastest forced mate.
  for (let h = 1; h <= horizon; h++) {
    const r = mateWithin(pos, h, budget, tableBytes);
    if (r === 'limit') break;
    if (r === null) continue;
    const i = lans.findIndex((l) => r.keys.includes(l));
    if (i >= 0) return done(i, 'mate', { mateIn: r.length });
    break;
  }

  // 2. Longest defence. Infinity: mates now; SAFE: draw or no mate against it within the horizon.
  const SAFE = 1e6;
  const score = new Array<number>(moves.length).fill(1);
  const draws = new Set<number>();
  const open: number[] = [];
  moves.forEach((m, i) => {
    pos.make(m);
    const o = pos.outcome();
    pos.unmake();
    if (o.status === 'mate') score[i] = Infinity;
    else if (o.status === 'draw') {
      score[i] = SAFE;
      draws.add(i);
    } else open.push(i);
  });
  let known = open.length < moves.length;
  let unresolved = open;
  for (let h = 1; h <= horizon && unresolved.length > 0; h++) {
    const next: number[] = [];
    let stopped = false;
    for (const i of unresolved) {
      pos.make(moves[i]!);
      const r = mateWithin(pos, h, budget, tableBytes);
      pos.unmake();
      if (r === 'limit') {
        stopped = true;
        break;
      }
      known = true;
      if (r === null) {
        score[i] = h + 1;
        next.push(i);
      } else score[i] = r.length;
    }
    if (stopped) break;
    unresolved = next;
    if (h === horizon) for (const i of next) score[i] = SAFE;
  }
  if (!known) return done(0, 'any');
  let best = 0;
  for (let i = 1; i < moves.length; i++) if (score[i]! > score[best]!) best = i;
  const s = score[best]!;
  if (s === Infinity) return done(best, 'mate', { mateIn: 1 });
  if (draws.has(best)) return done(best, 'draw');
  return done(best, 'defend', { lossIn: s < SAFE && !unresolved.includes(best) ? s : null });
}

/** Replays the game (start LFEN + LAN moves) and answers the engine's move there; errors: `move-illegal`, `game-over`. */
export function lcEngineMoveInGame(start: string, moves: readonly string[], opts: LcEngineOptions = {}): Result<LcEngineChoice, Issue[]> {
  const r = lcReplayPosition(start, moves);
  if (!r.ok) return r;
  const c = chooseLcEngineMove(r.value, opts);
  if (!c) return { ok: false, error: [issue('error', 'game-over', 'The game is over: there is no move to choose.', { ruling: 'LC-8' })] };
  return { ok: true, value: c };
}
