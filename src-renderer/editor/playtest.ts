/**
 * Playtest sessions: playing a COPY of the edited document with the rules
 * engine, headless and immutable (every move answers a new session), so
 * the UI can undo by keeping the previous one and leaving playtest never
 * touches the document.
 *
 * - Chess Maze (RULINGS CM-2..CM-13): `cmLegalMoves` / `cmPlay` from
 *   src-shared/rulesets/chess-maze; legal targets per piece, transform choices
 *   (CM-10: several moves to one square, one per listed type), keys held,
 *   coins / gems / letters progress, plates held (CM-6), failures
 *   (misspelled CM-9, move limit CM-12, dead end CM-13) and the win (CM-11).
 * - Unlock the King (UK-3..UK-7): `legalMoves` / `applyMove`; solved when
 *   the king reaches the portal (UK-6); with a known par the attempt fails
 *   once the move count exceeds the ceiling 2 x par (UK-7).
 *
 * - King's Valley (KV-2..KV-7): kv-play.ts `KvSession` (both sides by hand
 *   here; the controller plays against the engine with `startKvPlay`).
 *
 * Par for the win banner comes from the caller (the level's par, else a
 * proven solution length); null when unknown.
 *
 * Never throws: `startPlaytest` answers the level's builder errors instead.
 */
import {
  CM_COLORS,
  type ChessMazeLevel,
  type CmColor,
  type TransformType,
  type UnlockTheKingLevel,
} from '../../src-shared/model/level.js';
import { indexToSquare, squareIndex } from '../../src-shared/model/square.js';
import {
  cmInitialState,
  cmLegalMoves,
  cmMoveToLan,
  cmPlay,
  compileChessMaze,
  replayStates,
  type CmEvent,
  type CmFailure,
  type CmMove,
  type CmPosition,
  type CmState,
} from '../../src-shared/rulesets/chess-maze/index.js';
import { applyMove, compileUnlockTheKing, isSolved, legalMoves, moveToLan, type UkMove, type UkPosition } from '../../src-shared/rulesets/unlock-the-king/index.js';
import { scoreUnlockTheKing, type UkScore } from '../../src-shared/rulesets/unlock-the-king/score.js';
import { issue, type Issue, type Result } from '../../src-shared/validation/issue.js';
import type { EditableLevel } from './default-doc.js';
import { kvStatusText, startKvPlay, type KvPlayInfo } from './kv-play.js';

/** A square a selected piece can move to. `choices`: transform types to pick from (CM-10), empty when the move needs no choice. */
export interface PlayTarget {
  to: string;
  capture: boolean;
  choices: TransformType[];
}

/** `kv-lost`: the engine won a King's Valley game; `kv-draw`: KV-7 repetition. */
export type PlayFailure = CmFailure | 'move-ceiling' | 'kv-lost' | 'kv-draw';

export type PlayStatus = { kind: 'playing' } | { kind: 'won' } | { kind: 'failed'; reason: PlayFailure };

/** Chess Maze progress shown in the playtest panel. */
export interface CmProgress {
  /** Keys held (CM-5), in CM_COLORS order. */
  keys: CmColor[];
  /** Colours held open by a piece on a plate right now (CM-6). */
  plates: CmColor[];
  /** Plate colours present on the level (to show "none held"). */
  plateColors: CmColor[];
  coins: { picked: number; total: number };
  gems: { picked: number; total: number };
  collect: boolean;
  /** Spell word ('' without a spell objective) and letters spelled so far (CM-9). */
  word: string;
  spelled: number;
  /** Letters picked up so far, in order (also without a spell objective). */
  letters: string[];
}

export interface PlayView {
  ruleset: EditableLevel['ruleset'];
  /** The position as a document (pieces moved, captured enemies and picked-up tiles removed). */
  doc: EditableLevel;
  /** Lock colours open for movement in general (key held, or a plate of the colour occupied). */
  openColors: Set<CmColor>;
  moves: number;
  /** CM-12 move limit, or the UK-7 ceiling 2 x par; null without one. */
  moveLimit: number | null;
  par: number | null;
  status: PlayStatus;
  /** LAN of the moves played. */
  lans: string[];
  lastMove: { from: string; to: string } | null;
  /** What the last move did, in words ("Picked up the red key"). */
  lastEvents: string[];
  cm?: CmProgress;
  kv?: KvPlayInfo;
  /** Unlock the King: undos and restarts used, and the UK-8 score once the attempt ended (null while playing or without a par). */
  uk?: { undos: number; resets: number; score: UkScore | null };
}

export interface PlaySession {
  readonly ruleset: EditableLevel['ruleset'];
  readonly view: PlayView;
  /** True when `square` holds a piece the player may move (CM-2 player pieces; every UK piece, UK-3). */
  isMovable(square: string): boolean;
  /** Legal targets of the piece on `from` (empty once the attempt ended). */
  targets(from: string): PlayTarget[];
  /**
   * Plays `from` → `to` (with `choice` on a CM-10 choice tile). Answers the
   * next session, `{needChoice}` when the move needs a transform choice that
   * was not given (or not allowed), or null when the move is not legal.
   */
  play(from: string, to: string, choice?: TransformType): PlaySession | { needChoice: TransformType[] } | null;
  /** The session one move earlier (itself at the start). */
  undo(): PlaySession;
  /** The session at the start. */
  restart(): PlaySession;
}

// ---------------------------------------------------------------- Chess Maze

function cmEventText(pos: CmPosition, ev: CmEvent, state: CmState): string {
  switch (ev.type) {
    case 'captured':
      return `Captured the enemy ${ev.role} on ${ev.square}`;
    case 'picked-key':
      return `Picked up the ${ev.color} key: ${ev.color} locks are open`;
    case 'picked-coin': {
      const total = pos.coinCount;
      const got = pos.collectibles.filter((c, k) => c.kind === 'coin' && state.picked[k]).length;
      return `Coin ${got}/${total}`;
    }
    case 'picked-gem':
      return `Picked up a gem on ${ev.square}`;
    case 'picked-letter':
      return `Letter ${ev.letter}`;
    case 'transformed':
      return `The ${ev.from} became a ${ev.to}`;
    case 'won':
      return 'Reached the finish';
    case 'failed':
      return `Failed: ${ev.reason.replace('-', ' ')}`;
  }
}

interface CmFrame {
  state: CmState;
  lan?: string;
  move?: CmMove;
  events: CmEvent[];
}

class CmSession implements PlaySession {
  readonly ruleset = 'chess-maze' as const;
  private cachedView: PlayView | undefined;
  private cachedMoves: CmMove[] | undefined;

  constructor(
    private readonly level: ChessMazeLevel,
    private readonly pos: CmPosition,
    private readonly frames: readonly CmFrame[],
    private readonly par: number | null,
  ) {}

  private get state(): CmState {
    return this.frames[this.frames.length - 1]!.state;
  }

  private legal(): CmMove[] {
    return (this.cachedMoves ??= cmLegalMoves(this.pos, this.state));
  }

  private idx(square: string): number {
    return squareIndex(square, this.pos.width, this.pos.height);
  }

  isMovable(square: string): boolean {
    const s = this.idx(square);
    if (s < 0) return false;
    const st = this.state;
    return st.squares.some((q, i) => q === s && st.alive[i] && st.sides[i] === 'player');
  }

  targets(from: string): PlayTarget[] {
    const s = this.idx(from);
    if (s < 0) return [];
    const by = new Map<number, PlayTarget>();
    for (const m of this.legal()) {
      if (m.from !== s) continue;
      let t = by.get(m.to);
      if (!t) {
        t = { to: indexToSquare(m.to, this.pos.width), capture: m.capture >= 0, choices: [] };
        by.set(m.to, t);
      }
      if (m.transform) t.choices.push(m.transform);
    }
    return [...by.values()];
  }

  play(from: string, to: string, choice?: TransformType): PlaySession | { needChoice: TransformType[] } | null {
    const f = this.idx(from);
    const t = this.idx(to);
    const cands = this.legal().filter((m) => m.from === f && m.to === t);
    if (cands.length === 0) return null;
    let mv: CmMove | undefined = cands[0];
    if (cands.some((m) => m.transform !== undefined)) {
      mv = cands.find((m) => m.transform === choice);
      if (!mv) return { needChoice: cands.map((m) => m.transform!) };
    }
    const lan = cmMoveToLan(this.pos, this.state, mv!);
    const r = cmPlay(this.pos, this.state, mv!);
    return new CmSession(this.level, this.pos, [...this.frames, { state: r.state, lan, move: mv!, events: r.events }], this.par);
  }

  undo(): PlaySession {
    if (this.frames.length <= 1) return this;
    return new CmSession(this.level, this.pos, this.frames.slice(0, -1), this.par);
  }

  restart(): PlaySession {
    return new CmSession(this.level, this.pos, this.frames.slice(0, 1), this.par);
  }

  get view(): PlayView {
    return (this.cachedView ??= this.buildView());
  }

  private buildView(): PlayView {
    const pos = this.pos;
    const st = this.state;
    const w = pos.width;
    // Plates held right now (CM-6): any alive piece on a plate.
    const held = new Set<CmColor>();
    st.squares.forEach((s, i) => {
      if (!st.alive[i]) return;
      const c = pos.plate[s]!;
      if (c >= 0) held.add(CM_COLORS[c]!);
    });
    const keys = CM_COLORS.filter((_, c) => (st.keys & (1 << c)) !== 0);
    const open = new Set<CmColor>([...keys, ...held]);
    // The document view: pieces where they are now (transformed roles), captured enemies gone,
    // picked-up keys and collectibles gone.
    const pieces = this.level.pieces
      .map((p, i) => {
        if (!st.alive[i]) return null;
        const role = st.roles[i]!;
        const q = { ...p, square: indexToSquare(st.squares[i]!, w), role };
        if (role !== 'pawn') delete q.facing;
        return q;
      })
      .filter((p) => p !== null);
    const pickedSquares = new Set(pos.collectibles.filter((_, k) => st.picked[k]).map((c) => indexToSquare(c.square, w)));
    const tiles = (this.level.tiles ?? []).filter((t) => {
      if (t.kind === 'key') return !keys.includes(t.color);
      if (t.kind === 'coin' || t.kind === 'gem' || t.kind === 'letter') return !pickedSquares.has(t.square);
      return true;
    });
    const doc: ChessMazeLevel = { ...this.level, pieces, tiles };
    const coinsTotal = pos.collectibles.filter((c) => c.kind === 'coin').length;
    const gemsTotal = pos.collectibles.filter((c) => c.kind === 'gem').length;
    const letters: string[] = [];
    // Letters in pick-up order.
    for (const f of this.frames) for (const e of f.events) if (e.type === 'picked-letter') letters.push(e.letter);
    const o = st.outcome;
    const status: PlayStatus = o === 'playing' ? { kind: 'playing' } : 'won' in o ? { kind: 'won' } : { kind: 'failed', reason: o.failed };
    const last = this.frames[this.frames.length - 1]!;
    return {
      ruleset: 'chess-maze',
      doc,
      openColors: open,
      moves: st.moves,
      moveLimit: pos.moveLimit > 0 ? pos.moveLimit : null,
      par: this.par,
      status,
      lans: this.frames.slice(1).map((f) => f.lan!),
      lastMove: last.move ? { from: indexToSquare(last.move.from, w), to: indexToSquare(last.move.to, w) } : null,
      lastEvents: last.events.map((e) => cmEventText(pos, e, st)),
      cm: {
        keys,
        plates: CM_COLORS.filter((c) => held.has(c)),
        plateColors: CM_COLORS.filter((_, c) => pos.plate.some((x) => x === c)),
        coins: { picked: pos.collectibles.filter((c, k) => c.kind === 'coin' && st.picked[k]).length, total: coinsTotal },
        gems: { picked: pos.collectibles.filter((c, k) => c.kind === 'gem' && st.picked[k]).length, total: gemsTotal },
        collect: pos.collect,
        word: pos.spell,
        spelled: st.spelled,
        letters,
      },
    };
  }
}

// ---------------------------------------------------------------- Unlock the King

interface UkFrame {
  pos: UkPosition;
  lan?: string;
  move?: UkMove;
}

class UkSession implements PlaySession {
  readonly ruleset = 'unlock-the-king' as const;
  private cachedView: PlayView | undefined;

  constructor(
    private readonly level: UnlockTheKingLevel,
    private readonly frames: readonly UkFrame[],
    private readonly par: number | null,
    /** Undos used so far in this attempt (UK-8 clean-run bonus). */
    private readonly undos = 0,
    /** Restarts used so far in this attempt (UK-8 clean-run bonus). */
    private readonly resets = 0,
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

  play(from: string, to: string): PlaySession | null {
    if (this.status.kind !== 'playing') return null;
    const f = this.idx(from);
    const t = this.idx(to);
    const mv = legalMoves(this.pos).find((m) => m.from === f && m.to === t);
    if (!mv) return null;
    const lan = moveToLan(this.pos, mv);
    return new UkSession(this.level, [...this.frames, { pos: applyMove(this.pos, mv), lan, move: mv }], this.par, this.undos, this.resets);
  }

  undo(): PlaySession {
    if (this.frames.length <= 1) return this;
    return new UkSession(this.level, this.frames.slice(0, -1), this.par, this.undos + 1, this.resets);
  }

  restart(): PlaySession {
    if (this.frames.length <= 1) return this;
    return new UkSession(this.level, this.frames.slice(0, 1), this.par, this.undos, this.resets + 1);
  }

  /** UK-8 score of the ended attempt (casual mode: undos add no penalty moves), null while playing or without a par. */
  private score(status: PlayStatus): UkScore | null {
    if (this.par === null || status.kind === 'playing') return null;
    return scoreUnlockTheKing({ escaped: status.kind === 'won', moves: this.moves, par: this.par, undos: this.undos, resets: this.resets });
  }

  get view(): PlayView {
    if (this.cachedView) return this.cachedView;
    const pos = this.pos;
    const w = pos.width;
    const pieces = this.level.pieces.map((p, i) => ({ ...p, square: indexToSquare(pos.pieces[i]!.square, w) }));
    const last = this.frames[this.frames.length - 1]!;
    const status = this.status;
    this.cachedView = {
      ruleset: 'unlock-the-king',
      doc: { ...this.level, pieces },
      openColors: new Set(),
      moves: this.moves,
      moveLimit: this.ceiling,
      par: this.par,
      status,
      lans: this.frames.slice(1).map((f) => f.lan!),
      lastMove: last.move ? { from: indexToSquare(last.move.from, w), to: indexToSquare(last.move.to, w) } : null,
      lastEvents: status.kind === 'won' ? ['The king reached the portal'] : [],
      uk: { undos: this.undos, resets: this.resets, score: this.score(status) },
    };
    return this.cachedView;
  }
}

/**
 * Starts a playtest on a deep copy of `doc` (the editor's document is never
 * referenced again). `par`: the level's par for the win banner (null when
 * unknown). Answers the level's builder errors when it cannot be played.
 */
export function startPlaytest(doc: EditableLevel, par: number | null): Result<PlaySession, Issue[]> {
  const copy = JSON.parse(JSON.stringify(doc)) as EditableLevel;
  if (copy.ruleset === 'kings-valley') return startKvPlay(copy, 'both');
  if (copy.ruleset === 'locking-chess') {
    return { ok: false, error: [issue('error', 'lc-play-engine', 'Locking Chess is played against the engine: use "vs Engine" in the side panel.', { ruling: 'LC-1' })] };
  }
  if (copy.ruleset === 'chess-maze') {
    const c = compileChessMaze(copy);
    if (!c.ok) return c;
    return { ok: true, value: new CmSession(copy, c.value, [{ state: cmInitialState(c.value), events: [] }], par) };
  }
  const c = compileUnlockTheKing(copy);
  if (!c.ok) return c;
  return { ok: true, value: new UkSession(copy, [{ pos: c.value }], par) };
}

/**
 * Chess Maze: the play views of a solution line (`views[k]` = after k
 * moves), for the solution preview: picked-up tiles gone, open locks known.
 * Answers replay errors (`replayStates`, CM-3 / CM-13) as issues.
 */
export function cmReplayViews(level: ChessMazeLevel, lans: readonly string[]): Result<PlayView[], Issue[]> {
  const copy = JSON.parse(JSON.stringify(level)) as ChessMazeLevel;
  const r = replayStates(copy, lans);
  if (!r.ok) return r;
  const { position, states, moves, events } = r.value;
  const frames: CmFrame[] = [{ state: states[0]!, events: [] }];
  for (let k = 0; k < moves.length; k++) frames.push({ state: states[k + 1]!, move: moves[k]!, lan: lans[k]!, events: events[k]! });
  return { ok: true, value: frames.map((_, k) => new CmSession(copy, position, frames.slice(0, k + 1), null).view) };
}

/**
 * The status line of a playtest, e.g. "You won in 7 moves — par 7: at par",
 * "Failed — misspelled: picked up T, the word needs A next",
 * "Failed — dead end: no player piece can move", "Failed — move limit of 9
 * reached". Contains "won", "misspelled", "dead end" or "move limit".
 */
export function playStatusText(v: PlayView): string {
  if (v.kv) return kvStatusText(v);
  const s = v.status;
  if (s.kind === 'won') {
    const n = v.moves;
    const base = `You won in ${n} move${n === 1 ? '' : 's'}`;
    if (v.par === null) return `${base} (par unknown: solve the level to compare)`;
    const d = n - v.par;
    const cmp = d === 0 ? 'at par' : d > 0 ? `${d} over par` : `${-d} under par (the par is not optimal)`;
    return `${base} — par ${v.par}: ${cmp}`;
  }
  if (s.kind === 'failed') {
    switch (s.reason) {
      case 'misspelled': {
        const c = v.cm;
        const got = c?.letters[c.letters.length - 1] ?? '?';
        const need = c && c.spelled < c.word.length ? c.word[c.spelled] : null;
        return `Failed — misspelled: picked up ${got}, ${need ? `the word ${c!.word} needs ${need} next` : `the word ${c?.word ?? ''} was already complete`}`;
      }
      case 'dead-end':
        return 'Failed — dead end: no player piece can move';
      case 'move-limit':
        return `Failed — move limit of ${v.moveLimit ?? '?'} reached without winning`;
      case 'move-ceiling':
        return `Failed — move limit: over the ceiling of ${v.moveLimit ?? '?'} moves (2 × par, UK-7)`;
      case 'kv-lost':
      case 'kv-draw':
        return kvStatusText(v);
    }
  }
  return v.moves === 0 ? 'Playing: pick a piece to move' : 'Playing';
}
