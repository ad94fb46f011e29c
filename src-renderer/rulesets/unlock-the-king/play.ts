/**
 * Unlock the King play (UK-3..UK-8): a playtest on a copy of the document
 * through the generic play contract (play/session.ts), with `legalMoves` /
 * `applyMove` from src-shared/rulesets/unlock-the-king; solved when the king
 * reaches the portal (UK-6); with a known par the attempt fails once the
 * move count exceeds the ceiling 2 x par (UK-7); the UK-8 score once the
 * attempt ended.
 */
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { indexToSquare, squareIndex } from '../../../src-shared/model/square.js';
import {
  applyMove,
  compileUnlockTheKing,
  isSolved,
  legalMoves,
  moveToLan,
  type UkMove,
  type UkPosition,
} from '../../../src-shared/rulesets/unlock-the-king/index.js';
import { scoreUnlockTheKing, type UkScore } from '../../../src-shared/rulesets/unlock-the-king/score.js';
import type { Issue, Result } from '../../../src-shared/validation/issue.js';
import { puzzleStatusText, type PlayChoiceInfo, type PlaySession, type PlayStatus, type PlayTarget, type PlayView } from '../../play/session.js';

/** An Unlock the King play view: the generic view plus undos, restarts and the UK-8 score (null while playing or without a par). */
export interface UkPlayView extends PlayView {
  uk: { undos: number; resets: number; score: UkScore | null };
}

/**
 * The status line of an Unlock the King attempt: "You won in 7 moves — par
 * 7: at par", "Failed — move limit: over the ceiling of 14 moves (2 × par,
 * UK-7)", "Failed — dead end: no player piece can move".
 */
export function ukStatusText(v: Omit<UkPlayView, 'statusText'>): string {
  const s = v.status;
  const failed =
    s.kind === 'failed' && s.reason === 'move-ceiling'
      ? `Failed — move limit: over the ceiling of ${v.moveLimit ?? '?'} moves (2 × par, UK-7)`
      : 'Failed — dead end: no player piece can move';
  return puzzleStatusText(v, failed);
}

interface UkFrame {
  pos: UkPosition;
  lan?: string;
  move?: UkMove;
}

export class UkSession implements PlaySession {
  private cachedView: UkPlayView | undefined;

  constructor(
    private readonly level: UnlockTheKingLevel,
    private readonly frames: readonly UkFrame[],
    private readonly par: number | null,
    /** Undos used so far in this attempt (UK-8 clean-run bonus). */
    private readonly undos = 0,
    /** Restarts used so far in this attempt (UK-8 clean-run bonus). */
    private readonly resets = 0,
    /** The session before the last Restart (what undo at the start brings back), null when none. */
    private readonly before: UkSession | null = null,
  ) {}

  private get pos(): UkPosition {
    return this.frames[this.frames.length - 1]!.pos;
  }

  private get moves(): number {
    return this.frames.length - 1;
  }

  private get ceiling(): number | null {
    return this.par !== null ? 2 * this.par : null;
  }

  private get status(): PlayStatus {
    if (isSolved(this.pos)) return { kind: 'won' };
    const c = this.ceiling;
    if (c !== null && this.moves > c) return { kind: 'failed', reason: 'move-ceiling' };
    if (legalMoves(this.pos).length === 0) return { kind: 'failed', reason: 'dead-end' };
    return { kind: 'playing' };
  }

  private idx(square: string): number {
    return squareIndex(square, this.pos.width, this.pos.height);
  }

  isMovable(square: string): boolean {
    const s = this.idx(square);
    return s >= 0 && this.pos.pieces.some((p) => p.square === s);
  }

  targets(from: string): PlayTarget[] {
    if (this.status.kind !== 'playing') return [];
    const s = this.idx(from);
    return legalMoves(this.pos)
      .filter((m) => m.from === s)
      .map((m) => ({ to: indexToSquare(m.to, this.pos.width), capture: false, choices: [] }));
  }

  play(from: string, to: string): UkSession | null {
    if (this.status.kind !== 'playing') return null;
    const f = this.idx(from);
    const t = this.idx(to);
    const mv = legalMoves(this.pos).find((m) => m.from === f && m.to === t);
    if (!mv) return null;
    const lan = moveToLan(this.pos, mv);
    return new UkSession(this.level, [...this.frames, { pos: applyMove(this.pos, mv), lan, move: mv }], this.par, this.undos, this.resets, this.before);
  }

  /** One move back; at the start after a Restart, the moves before it (the restart and this undo both still count for UK-8). */
  undo(): UkSession {
    if (this.frames.length > 1) return new UkSession(this.level, this.frames.slice(0, -1), this.par, this.undos + 1, this.resets, this.before);
    const b = this.before;
    return b ? new UkSession(this.level, b.frames, this.par, this.undos + 1, this.resets, b.before) : this;
  }

  /** Back to the start, remembering this session for undo (one step of the play history); counts a restart (UK-8). */
  restart(): UkSession {
    if (this.frames.length <= 1) return this;
    return new UkSession(this.level, this.frames.slice(0, 1), this.par, this.undos, this.resets + 1, this);
  }

  get canUndo(): boolean {
    return this.frames.length > 1 || this.before !== null;
  }

  /** UK-8 score of the ended attempt (casual mode: undos add no penalty moves), null while playing or without a par. */
  private score(status: PlayStatus): UkScore | null {
    if (this.par === null || status.kind === 'playing') return null;
    return scoreUnlockTheKing({ escaped: status.kind === 'won', moves: this.moves, par: this.par, undos: this.undos, resets: this.resets });
  }

  /** Unlock the King moves never need a choice. */
  describeChoice(choice: string): PlayChoiceInfo {
    return { label: choice };
  }

  get view(): UkPlayView {
    if (this.cachedView) return this.cachedView;
    const pos = this.pos;
    const w = pos.width;
    const pieces = this.level.pieces.map((p, i) => ({ ...p, square: indexToSquare(pos.pieces[i]!.square, w) }));
    const last = this.frames[this.frames.length - 1]!;
    const status = this.status;
    const lans = this.frames.slice(1).map((f) => f.lan!);
    const view = {
      doc: { ...this.level, pieces },
      openColors: new Set<never>(),
      moves: this.moves,
      moveLimit: this.ceiling,
      moveLimitLabel: 'ceiling (2 × par)',
      par: this.par,
      status,
      lans,
      notation: lans,
      lastMove: last.move ? { from: indexToSquare(last.move.from, w), to: indexToSquare(last.move.to, w) } : null,
      lastEvents: status.kind === 'won' ? ['The king reached the portal'] : [],
      uk: { undos: this.undos, resets: this.resets, score: this.score(status) },
    };
    this.cachedView = { ...view, statusText: ukStatusText(view) };
    return this.cachedView;
  }
}

/**
 * Starts an Unlock the King playtest on a deep copy of `doc`. `par`: the
 * level's par for the win banner and the UK-7 ceiling (null when unknown).
 * Answers the level's builder errors when it cannot be played.
 */
export function startUkPlay(doc: UnlockTheKingLevel, par: number | null): Result<UkSession, Issue[]> {
  const copy = JSON.parse(JSON.stringify(doc)) as UnlockTheKingLevel;
  const c = compileUnlockTheKing(copy);
  if (!c.ok) return c;
  return { ok: true, value: new UkSession(copy, [{ pos: c.value }], par) };
}
