/**
 * Locking Chess play (LC-1..LC-13): a game on a COPY of the document's
 * position (the document is never changed), against the engine or with
 * both sides by hand (the playtest).
 *
 * - `LcSession`: the game itself, immutable: the start LFEN plus the LAN
 *   moves played; every move answers a new session, so undo and restart
 *   are cheap. Legal moves with LAN, SAN and squares (`lcMoveOptions`).
 * - `LcPlaySession`: the same game through the generic play contract
 *   (play/session.ts: targets per square, a choice where several moves go
 *   to one square: promotions, castle or castlock LC-12, capture or
 *   superimpose), with `game` for the engine (`lockingChess.engine`, run by
 *   the controller in a worker job).
 * Never throws.
 */
import type { LockingChessLevel, Role } from '../../../src-shared/model/level.js';
import type { EngineAnswer } from '../../../src-shared/ruleset.js';
import { lockingChess } from '../../../src-shared/rulesets/locking-chess/def.js';
import { lcReplayPosition } from '../../../src-shared/rulesets/locking-chess/engine.js';
import {
  lcFrom,
  lcMoveToLan,
  lcMoveToSan,
  lcParseMove,
  lcTo,
  parseLfen,
  type LcOutcome,
  type LcPosition,
} from '../../../src-shared/rulesets/locking-chess/index.js';
import { name88 } from '../../../src-shared/rulesets/orthodox/board.js';
import type { Issue, Result } from '../../../src-shared/validation/issue.js';
import {
  engineNoteText,
  type EngineGame,
  type PlayChoiceInfo,
  type PlaySession,
  type PlaySide,
  type PlayStatus,
  type PlayTarget,
  type PlayView,
} from '../../play/session.js';
import type { LcColor } from './ops.js';

export { lcReplayPosition };

/** One legal move as the UI offers it. */
export interface LcMoveOption {
  lan: string;
  san: string;
  from: string;
  to: string;
}

/** Every legal move of the side to move with its LAN, SAN and squares (castling: the king's squares). */
export function lcMoveOptions(pos: LcPosition): LcMoveOption[] {
  return pos.legalMoves().map((m) => ({ lan: lcMoveToLan(pos, m), san: lcMoveToSan(pos, m), from: name88(lcFrom(m)), to: name88(lcTo(m)) }));
}

const color = (side: number): LcColor => (side === 0 ? 'white' : 'black');

/** Who the person moves: one side (the engine plays the other), or both sides by hand. */
export type LcUser = LcColor | 'both';

/** An immutable game (module doc). `user`: the side the person plays, `both` without an engine. */
export class LcSession {
  readonly pos: LcPosition;
  readonly options: LcMoveOption[];
  readonly outcome: LcOutcome;

  private constructor(
    readonly start: string,
    readonly moves: readonly string[],
    readonly sans: readonly string[],
    readonly user: LcUser,
    pos: LcPosition,
  ) {
    this.pos = pos;
    this.outcome = pos.outcome();
    this.options = this.outcome.status === 'ongoing' ? lcMoveOptions(pos) : [];
  }

  /** A new game from the document's position; the document's builder errors when it cannot be played. */
  static start(doc: LockingChessLevel, user?: LcUser): Result<LcSession, Issue[]> {
    const r = parseLfen(doc.position, '/position');
    if (!r.ok) return r;
    return { ok: true, value: new LcSession(doc.position, [], [], user ?? color(r.value.side), r.value) };
  }

  get sideToMove(): LcColor {
    return color(this.pos.side);
  }

  get engineToMove(): boolean {
    return this.outcome.status === 'ongoing' && this.user !== 'both' && this.sideToMove !== this.user;
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

  /** Takes back to the user's previous turn (the engine's answer and the user's move; one move with both sides by hand); null at the start. */
  undo(): LcSession | null {
    if (this.moves.length === 0) return null;
    let n = this.moves.length - 1;
    const startSide = color(parseLfen(this.start).ok ? (parseLfen(this.start) as { value: LcPosition }).value.side : 0);
    // side to move after n moves = startSide when n is even.
    const sideAfter = (k: number): LcColor => (k % 2 === 0 ? startSide : startSide === 'white' ? 'black' : 'white');
    while (n > 0 && this.user !== 'both' && sideAfter(n) !== this.user) n--;
    const moves = this.moves.slice(0, n);
    const r = lcReplayPosition(this.start, moves);
    if (!r.ok) return null;
    return new LcSession(this.start, moves, this.sans.slice(0, n), this.user, r.value);
  }

  restart(): LcSession {
    const r = lcReplayPosition(this.start, []);
    return new LcSession(this.start, [], [], this.user, (r as { value: LcPosition }).value);
  }

  withUser(user: LcUser): LcSession {
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
    const who = s.user === 'both' ? '' : o.winner === s.user ? ' You won!' : ' The engine won.';
    return `${n[0]!.toUpperCase()}${n.slice(1)} (LC-8): ${o.winner === 'white' ? 'White' : 'Black'} wins.${who}`;
  }
  if (o.status === 'draw')
    return `Draw by ${DRAW_NAME[o.reason] ?? o.reason} (${o.reason === 'lockout' || o.reason === 'deadlock' || o.reason === 'stalemate' ? 'LC-9' : 'LC-1'}).`;
  const side = s.sideToMove === 'white' ? 'White' : 'Black';
  if (s.engineToMove) return `${side} to move: ${thinking ? 'engine thinking…' : 'engine to move'}`;
  const check = s.pos.inCheck() ? ' (check)' : '';
  return s.user === 'both' ? `${side} to move${check}` : `${side} to move: your move${check}`;
}

/** A Locking Chess play view: the generic view plus the LC-8 / LC-9 outcome of the position. */
export interface LcPlayView extends PlayView {
  lc: { outcome: LcOutcome };
}

const PROMOTED: Record<string, Role> = { Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };

/**
 * A Locking Chess game through the generic play contract (module doc). `by`:
 * who played each move; `last`: the squares of the last move (castling: the
 * king's). Build one with `startLcPlay`.
 */
export class LcPlaySession implements PlaySession, EngineGame {
  private cachedView: LcPlayView | undefined;

  constructor(
    /** The start (a deep copy of the document). */
    readonly start: LockingChessLevel,
    /** The game itself. */
    readonly lc: LcSession,
    private readonly by: readonly ('user' | 'engine')[],
    private readonly squares: readonly { from: string; to: string }[],
    /** The session before the last Restart (what undo at the start brings back), null when none. */
    private readonly before: LcPlaySession | null = null,
  ) {}

  get game(): EngineGame {
    return this;
  }

  get user(): PlaySide {
    return this.lc.user;
  }

  get engineToMove(): boolean {
    return this.lc.engineToMove;
  }

  /** A piece of the person's side with a legal move, on their turn (LC-2: a locked piece has none). */
  isMovable(square: string): boolean {
    return this.lc.targets(square).length > 0;
  }

  targets(from: string): PlayTarget[] {
    const by = new Map<string, PlayTarget>();
    for (const o of this.lc.engineToMove ? [] : this.lc.options) {
      if (o.from !== from) continue;
      let t = by.get(o.to);
      if (!t) {
        t = { to: o.to, capture: o.lan.includes('x'), choices: [] };
        by.set(o.to, t);
      }
      t.choices.push(o.lan);
    }
    const out = [...by.values()];
    for (const t of out) if (t.choices.length === 1) t.choices = [];
    return out;
  }

  /** The person's move `from` → `to`; several legal moves there need `choice` (one of their LANs). */
  play(from: string, to: string, choice?: string): LcPlaySession | { needChoice: string[] } | null {
    if (this.lc.engineToMove) return null;
    const opts = this.lc.choices(from, to);
    if (opts.length === 0) return null;
    const pick = opts.length === 1 ? opts[0] : opts.find((o) => o.lan === choice);
    if (!pick) return { needChoice: opts.map((o) => o.lan) };
    return this.next(pick, 'user');
  }

  private next(o: LcMoveOption, who: 'user' | 'engine'): LcPlaySession | null {
    const n = this.lc.play(o.lan);
    return n ? new LcPlaySession(this.start, n, [...this.by, who], [...this.squares, { from: o.from, to: o.to }], this.before) : null;
  }

  /** A promotion shows its piece; castle vs castlock (LC-12), capture vs superimpose show their SAN. */
  describeChoice(choice: string): PlayChoiceInfo {
    const o = this.lc.options.find((x) => x.lan === choice);
    const promo = /=([QRBN])/.exec(choice)?.[1];
    return { label: o?.san ?? choice, ...(promo ? { role: PROMOTED[promo]! } : {}) };
  }

  /** The engine's answer; null when it is not legal here. */
  playEngine(answer: EngineAnswer): LcPlaySession | null {
    const m = this.lc.options.find((o) => o.lan === answer.lan) ?? this.lc.options.find((o) => o.san === answer.san);
    return m ? this.next(m, 'engine') : null;
  }

  engineNote(answer: EngineAnswer): string {
    return engineNoteText(answer, lockingChess.goal.verb, 'it draws (LC-9)');
  }

  /** The first `n` moves of this game (the same sides). */
  private first(n: number): LcPlaySession {
    let s = this.lc.restart();
    for (const lan of this.lc.moves.slice(0, n)) s = s.play(lan) ?? s;
    return new LcPlaySession(this.start, s, this.by.slice(0, n), this.squares.slice(0, n), this.before);
  }

  /** The session before the last Restart with the sides as they are now, or null. */
  private beforeRestart(): LcPlaySession | null {
    const b = this.before;
    return b ? new LcPlaySession(this.start, b.lc.withUser(this.lc.user), b.by, b.squares, b.before) : null;
  }

  /** One move back; at the start after a Restart, the moves before it; itself at the very start. */
  undo(): LcPlaySession {
    return this.lc.moves.length === 0 ? (this.beforeRestart() ?? this) : this.first(this.lc.moves.length - 1);
  }

  /**
   * Back to the person's previous turn (`LcSession.undo`); at the start
   * (or at a start where the engine moves first) after a Restart, back
   * before it; itself at the very start.
   */
  undoTurn(): LcPlaySession {
    const u = this.lc.undo();
    const back = u ? this.first(u.moves.length) : this;
    return back.lc.moves.length === 0 && (back === this || back.engineToMove) ? (this.beforeRestart() ?? back) : back;
  }

  /** Back to the start, remembering this session for undo (one step of the play history). */
  restart(): LcPlaySession {
    if (this.lc.moves.length === 0) return this;
    const s = this.first(0);
    return new LcPlaySession(this.start, s.lc, [], [], this);
  }

  get canUndo(): boolean {
    return this.lc.moves.length > 0 || this.before !== null;
  }

  /** The same game with the person on `user` (`both`: both sides by hand, no engine). */
  withUser(user: PlaySide): LcPlaySession {
    return user === this.lc.user ? this : new LcPlaySession(this.start, this.lc.withUser(user), this.by, this.squares);
  }

  get view(): LcPlayView {
    if (this.cachedView) return this.cachedView;
    const s = this.lc;
    const o = s.outcome;
    let status: PlayStatus = { kind: 'playing' };
    if (o.status === 'mate') status = s.user === 'both' || o.winner === s.user ? { kind: 'won' } : { kind: 'failed', reason: 'lc-lost' };
    else if (o.status === 'draw') status = { kind: 'failed', reason: 'lc-draw' };
    this.cachedView = {
      doc: { ...this.start, position: s.lfen },
      openColors: new Set<never>(),
      moves: s.moves.length,
      moveLimit: null,
      moveLimitLabel: '',
      par: null,
      status,
      statusText: lcStatusText(s),
      lans: [...s.moves],
      notation: [...s.sans],
      lastMove: this.squares[this.squares.length - 1] ?? null,
      lastEvents: [],
      lc: { outcome: o },
      game: {
        sideToMove: s.sideToMove,
        startSide: lockingChess.goal.startSide(this.start),
        user: s.user,
        engineToMove: s.engineToMove,
        by: [...this.by],
        thinkingText: lcStatusText(s, true),
      },
    };
    return this.cachedView;
  }
}

/**
 * The playtest: both sides by hand on a copy of `doc` (the engine can take
 * a side from the play panel). Answers the position's LFEN errors (LC-13)
 * when it cannot be played.
 */
export function startLcPlay(doc: LockingChessLevel): Result<LcPlaySession, Issue[]> {
  return startLcEnginePlay(doc, 'both');
}

/**
 * A game against the engine on a copy of `doc` with the person on `user`
 * (default: the side to move). Answers the position's LFEN errors (LC-13)
 * when it cannot be played.
 */
export function startLcEnginePlay(doc: LockingChessLevel, user?: LcUser): Result<LcPlaySession, Issue[]> {
  const copy = JSON.parse(JSON.stringify(doc)) as LockingChessLevel;
  const r = LcSession.start(copy, user);
  if (!r.ok) return r;
  return { ok: true, value: new LcPlaySession(copy, r.value, [], []) };
}
