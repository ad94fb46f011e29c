/**
 * King's Valley play (KV-2..KV-8): a game on a COPY of the edited document
 * through the generic play contract (play/session.ts), headless and
 * immutable: every move answers a new session, so undo keeps the previous
 * one and leaving never touches the document.
 *
 * Rules from src-shared/rulesets/kings-valley: `kvLegalMoves` (KV-2..KV-4),
 * `kvPlay`, `kvOutcome` with the game's history (KV-5 valley, KV-6 trapped
 * king or no legal move, KV-7 threefold repetition).
 *
 * `user` is the side the person moves (`both`: no engine, both sides by
 * hand). The engine's moves come in through `playEngine` / `playLan` (the
 * controller runs the ruleset's engine, `kingsValley.engine`, in a worker
 * job whenever `engineToMove`).
 */
import type { KingsValleyLevel, KvPiece, KvSide } from '../../../src-shared/model/level.js';
import { indexToSquare, squareIndex } from '../../../src-shared/model/square.js';
import type { EngineAnswer } from '../../../src-shared/ruleset.js';
import { kingsValley } from '../../../src-shared/rulesets/kings-valley/def.js';
import {
  compileKingsValley,
  kvLegalMoves,
  kvMoveToLan,
  kvOutcome,
  kvParseLan,
  kvPlay,
  type KvMove,
  type KvOutcome,
  type KvPosition,
} from '../../../src-shared/rulesets/kings-valley/index.js';
import type { Issue, Result } from '../../../src-shared/validation/issue.js';
import { engineNoteText, type EngineGame, type PlayChoiceInfo, type PlaySession, type PlayStatus, type PlayTarget, type PlayView } from '../../play/session.js';

export type KvUser = KvSide | 'both';

/** A King's Valley play view: the generic view plus the game's KV state. */
export interface KvPlayView extends PlayView {
  kv: KvPlayInfo;
}

/** King's Valley part of a play view. */
export interface KvPlayInfo {
  sideToMove: KvSide;
  user: KvUser;
  /** KV-5 / KV-6 / KV-7 with the game's history. */
  outcome: KvOutcome;
  /** The game goes on and the side to move is the engine's. */
  engineToMove: boolean;
  /** Who played each move (parallel to `PlayView.lans`). */
  by: ('user' | 'engine')[];
  /** The engine's note on its last move ("wins in 2", ...), if the last move was the engine's. */
  engineNote: string | null;
}

interface KvFrame {
  pos: KvPosition;
  pieces: KvPiece[];
  lan?: string;
  move?: KvMove;
  by?: 'user' | 'engine';
  note?: string | null;
}

const other = (s: KvSide): KvSide => (s === 'white' ? 'black' : 'white');

export class KvSession implements PlaySession, EngineGame {
  private cachedView: KvPlayView | undefined;
  private cachedOutcome: KvOutcome | undefined;

  constructor(
    /** The start (a deep copy of the document). */
    readonly level: KingsValleyLevel,
    private readonly frames: readonly KvFrame[],
    readonly user: KvUser,
    /** The session before the last Restart (what undo at the start brings back), null when none. */
    private readonly before: KvSession | null = null,
  ) {}

  private get pos(): KvPosition {
    return this.frames[this.frames.length - 1]!.pos;
  }

  /** The game against the engine (this session). */
  get game(): EngineGame {
    return this;
  }

  /** The game's start: what the engine job replays the moves from. */
  get start(): KingsValleyLevel {
    return this.level;
  }

  /** KV-5..KV-7 at the current position, with the game's earlier positions as history. */
  get outcome(): KvOutcome {
    return (this.cachedOutcome ??= kvOutcome(
      this.pos,
      this.frames.slice(0, -1).map((f) => f.pos),
    ));
  }

  private get ongoing(): boolean {
    return this.outcome.status === 'ongoing';
  }

  /** True when it is the person's turn (the game goes on). */
  get userToMove(): boolean {
    return this.ongoing && (this.user === 'both' || this.user === this.pos.sideToMove);
  }

  /** True when the engine should move now. */
  get engineToMove(): boolean {
    return this.ongoing && this.user !== 'both' && this.user !== this.pos.sideToMove;
  }

  /** The LAN moves played from the start (what the engine worker replays). */
  get lans(): string[] {
    return this.frames.slice(1).map((f) => f.lan!);
  }

  private idx(square: string): number {
    return squareIndex(square, this.pos.width, this.pos.height);
  }

  private legalFrom(from: number): KvMove[] {
    return kvLegalMoves(this.pos).filter((m) => m.from === from);
  }

  /** A piece of the side to move on `square`, on the person's turn, with a legal move (KV-2..KV-4). */
  isMovable(square: string): boolean {
    if (!this.userToMove) return false;
    const s = this.idx(square);
    return s >= 0 && this.legalFrom(s).length > 0;
  }

  targets(from: string): PlayTarget[] {
    if (!this.userToMove) return [];
    const s = this.idx(from);
    if (s < 0) return [];
    return this.legalFrom(s).map((m) => ({ to: indexToSquare(m.to, this.pos.width), capture: false, choices: [] }));
  }

  private next(mv: KvMove, by: 'user' | 'engine', note: string | null = null): KvSession {
    const w = this.pos.width;
    const lan = kvMoveToLan(this.pos, mv);
    const fromName = indexToSquare(mv.from, w);
    const toName = indexToSquare(mv.to, w);
    const prev = this.frames[this.frames.length - 1]!;
    const pieces = prev.pieces.map((p) => (p.square === fromName ? { ...p, square: toName } : p));
    const frame: KvFrame = { pos: kvPlay(this.pos, mv).position, pieces, lan, move: mv, by, note };
    return new KvSession(this.level, [...this.frames, frame], this.user, this.before);
  }

  /** The person's move `from` → `to`: null when it is not their turn or the move is not legal. */
  play(from: string, to: string): KvSession | null {
    if (!this.userToMove) return null;
    const f = this.idx(from);
    const t = this.idx(to);
    const mv = this.legalFrom(f).find((m) => m.to === t);
    return mv ? this.next(mv, 'user') : null;
  }

  /** The engine's answer, with its note (`engineNote`); null when it is not legal here. */
  playEngine(answer: EngineAnswer): KvSession | null {
    return this.playLan(answer.lan, this.engineNote(answer));
  }

  /** What the engine says about its move: "Engine played Kc5-a3: its longest defence; you can force a win in 1." */
  engineNote(answer: EngineAnswer): string {
    return engineNoteText(answer, kingsValley.goal.verb, 'it repeats the position for a draw (KV-7)');
  }

  /** King's Valley moves never need a choice. */
  describeChoice(choice: string): PlayChoiceInfo {
    return { label: choice };
  }

  /** The engine's move (LAN) with its note; null when the game is over or the move is not legal. */
  playLan(lan: string, note: string | null = null): KvSession | null {
    if (!this.ongoing) return null;
    const mv = kvParseLan(this.pos, lan);
    return mv ? this.next(mv, this.engineToMove ? 'engine' : 'user', note) : null;
  }

  /** The same game with the person on `user` (the engine takes the other side from here). */
  withUser(user: KvUser): KvSession {
    return new KvSession(this.level, this.frames, user, this.before);
  }

  /** One move (ply) back; at the start after a Restart, the moves before it (with the sides as they are now); itself at the very start. */
  undo(): KvSession {
    if (this.frames.length > 1) return new KvSession(this.level, this.frames.slice(0, -1), this.user, this.before);
    const b = this.before;
    return b ? new KvSession(this.level, b.frames, this.user, b.before) : this;
  }

  /**
   * Back to the person's previous turn: takes back the engine's reply and
   * the person's move before it (one move when both sides are by hand).
   * At the start after a Restart (or after the engine's first reply to
   * it), exactly the session before the Restart.
   */
  undoTurn(): KvSession {
    if (this.frames.length <= 1) return this.undo();
    let s = this.undo();
    while (s.frames.length > 1 && s.user !== 'both' && s.pos.sideToMove !== s.user) s = s.undo();
    if (s.frames.length <= 1 && s.before && s.engineToMove) return s.undo();
    return s;
  }

  /** Back to the start, remembering this session for undo (one step of the play history). */
  restart(): KvSession {
    if (this.frames.length <= 1) return this;
    return new KvSession(this.level, this.frames.slice(0, 1), this.user, this);
  }

  get canUndo(): boolean {
    return this.frames.length > 1 || this.before !== null;
  }

  get view(): KvPlayView {
    if (this.cachedView) return this.cachedView;
    const pos = this.pos;
    const w = pos.width;
    const last = this.frames[this.frames.length - 1]!;
    const o = this.outcome;
    let status: PlayStatus = { kind: 'playing' };
    if (o.status === 'won') status = this.user === 'both' || o.winner === this.user ? { kind: 'won' } : { kind: 'failed', reason: 'kv-lost' };
    else if (o.status === 'draw') status = { kind: 'failed', reason: 'kv-draw' };
    const doc: KingsValleyLevel = { ...this.level, pieces: last.pieces, sideToMove: pos.sideToMove };
    if (this.frames.length > 1) delete doc.startingSetup;
    const moves = this.frames.length - 1;
    const lans = this.lans;
    const by = this.frames.slice(1).map((f) => f.by ?? 'user');
    const kv: KvPlayInfo = {
      sideToMove: pos.sideToMove,
      user: this.user,
      outcome: o,
      engineToMove: this.engineToMove,
      by,
      engineNote: last.by === 'engine' ? (last.note ?? null) : null,
    };
    const view = {
      doc,
      openColors: new Set<never>(),
      moves,
      moveLimit: null,
      moveLimitLabel: '',
      par: null,
      status,
      lans,
      notation: lans,
      lastMove: last.move ? { from: indexToSquare(last.move.from, w), to: indexToSquare(last.move.to, w) } : null,
      lastEvents: [],
      kv,
    };
    this.cachedView = {
      ...view,
      statusText: kvStatusText(view),
      game: {
        sideToMove: pos.sideToMove,
        startSide: this.level.sideToMove === 'black' ? 'black' : 'white',
        user: this.user,
        engineToMove: this.engineToMove,
        by,
        thinkingText: kvStatusText(view, true),
      },
    };
    return this.cachedView;
  }
}

/**
 * Starts a King's Valley game on a deep copy of `doc` with the person on
 * `user`. Answers the level's builder errors (KV-9) when it cannot be played.
 */
export function startKvPlay(doc: KingsValleyLevel, user: KvUser): Result<KvSession, Issue[]> {
  const copy = JSON.parse(JSON.stringify(doc)) as KingsValleyLevel;
  const c = compileKingsValley(copy);
  if (!c.ok) return c;
  return { ok: true, value: new KvSession(copy, [{ pos: c.value, pieces: copy.pieces }], user) };
}

const SIDE: Record<KvSide, string> = { white: 'White', black: 'Black' };

/**
 * The status line of a King's Valley game (contains "valley", "trapped",
 * "no legal move", "repetition", "your move" or "engine thinking"):
 * - `White to move: your move` / `Black to move: engine thinking…`;
 * - `White wins: the king reached the valley (KV-5). You won!`;
 * - `White wins: Black's king is trapped (KV-6). The engine won.`;
 * - `White wins: Black has no legal move (KV-6).`;
 * - `Draw by repetition: the same position occurred three times (KV-7).`
 */
export function kvStatusText(v: Pick<KvPlayView, 'kv'>, thinking = false): string {
  const k = v.kv;
  const o = k.outcome;
  const who = (winner: KvSide): string => (k.user === 'both' ? '' : winner === k.user ? ' You won!' : ' The engine won.');
  if (o.status === 'won') {
    const loser = other(o.winner);
    if (o.reason === 'valley') return `${SIDE[o.winner]} wins: the king reached the valley (KV-5).${who(o.winner)}`;
    if (o.reason === 'trapped') return `${SIDE[o.winner]} wins: ${SIDE[loser]}'s king is trapped (KV-6).${who(o.winner)}`;
    return `${SIDE[o.winner]} wins: ${SIDE[loser]} has no legal move (KV-6).${who(o.winner)}`;
  }
  if (o.status === 'draw') return 'Draw by repetition: the same position occurred three times (KV-7).';
  if (k.engineToMove) return `${SIDE[k.sideToMove]} to move: ${thinking ? 'engine thinking…' : 'engine to move'}`;
  return `${SIDE[k.sideToMove]} to move: your move`;
}
