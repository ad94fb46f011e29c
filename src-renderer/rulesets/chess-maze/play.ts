/**
 * Chess Maze play (RULINGS CM-2..CM-13): a playtest on a copy of the
 * document through the generic play contract (play/session.ts), with
 * `cmLegalMoves` / `cmPlay` from src-shared/rulesets/chess-maze: legal
 * targets per piece, transform choices (CM-10: several moves to one square,
 * one per listed type), keys held, coins / gems / letters progress, plates
 * held (CM-6), failures (misspelled CM-9, move limit CM-12, dead end CM-13)
 * and the win (CM-11). Also the play views of a solution line for the
 * solution preview (`cmReplayViews`).
 */
import { CM_COLORS, type ChessMazeLevel, type CmColor, type TransformType } from '../../../src-shared/model/level.js';
import { indexToSquare, squareIndex } from '../../../src-shared/model/square.js';
import {
  cmInitialState,
  cmLegalMoves,
  cmMoveToLan,
  cmPlay,
  compileChessMaze,
  replayStates,
  type CmEvent,
  type CmMove,
  type CmPosition,
  type CmState,
} from '../../../src-shared/rulesets/chess-maze/index.js';
import type { Issue, Result } from '../../../src-shared/validation/issue.js';
import { ROLE_NAME } from '../../../src-shared/display/art/pieces.js';
import { puzzleStatusText, type PlayChoiceInfo, type PlaySession, type PlayStatus, type PlayTarget, type PlayView } from '../../play/session.js';

/** Chess Maze progress shown in the playtest panel (CmPlayStats.svelte). */
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

/** A Chess Maze play view: the generic view plus the progress (CM-5, CM-6, CM-8, CM-9). */
export interface CmPlayView extends PlayView {
  cm: CmProgress;
}

/**
 * The status line of a Chess Maze attempt: "You won in 3 moves — par 3: at
 * par", "Failed — misspelled: picked up T, the word needs A next",
 * "Failed — dead end: no player piece can move", "Failed — move limit of 9
 * reached without winning".
 */
export function cmStatusText(v: Omit<CmPlayView, 'statusText'>): string {
  const s = v.status;
  let failed = '';
  if (s.kind === 'failed') {
    if (s.reason === 'misspelled') {
      const c = v.cm;
      const got = c.letters[c.letters.length - 1] ?? '?';
      const need = c.spelled < c.word.length ? c.word[c.spelled] : null;
      failed = `Failed — misspelled: picked up ${got}, ${need ? `the word ${c.word} needs ${need} next` : `the word ${c.word} was already complete`}`;
    } else if (s.reason === 'dead-end') failed = 'Failed — dead end: no player piece can move';
    else failed = `Failed — move limit of ${v.moveLimit ?? '?'} reached without winning`;
  }
  return puzzleStatusText(v, failed);
}

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

export class CmSession implements PlaySession {
  private cachedView: CmPlayView | undefined;
  private cachedMoves: CmMove[] | undefined;

  constructor(
    private readonly level: ChessMazeLevel,
    private readonly pos: CmPosition,
    private readonly frames: readonly CmFrame[],
    private readonly par: number | null,
    /** The session before the last Restart (what undo at the start brings back), null when none. */
    private readonly before: CmSession | null = null,
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

  play(from: string, to: string, choice?: string): CmSession | { needChoice: string[] } | null {
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
    return new CmSession(this.level, this.pos, [...this.frames, { state: r.state, lan, move: mv!, events: r.events }], this.par, this.before);
  }

  /** One move back; at the start after a Restart, the moves before it. */
  undo(): CmSession {
    if (this.frames.length > 1) return new CmSession(this.level, this.pos, this.frames.slice(0, -1), this.par, this.before);
    return this.before ?? this;
  }

  /** Back to the start, remembering this session for undo (one step of the play history). */
  restart(): CmSession {
    if (this.frames.length <= 1) return this;
    return new CmSession(this.level, this.pos, this.frames.slice(0, 1), this.par, this);
  }

  get canUndo(): boolean {
    return this.frames.length > 1 || this.before !== null;
  }

  /** CM-10: a transform choice is the piece type the mover becomes. */
  describeChoice(choice: string): PlayChoiceInfo {
    const role = choice as TransformType;
    return { label: ROLE_NAME[role] ?? choice, role };
  }

  get view(): CmPlayView {
    return (this.cachedView ??= this.buildView());
  }

  private buildView(): CmPlayView {
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
    const lans = this.frames.slice(1).map((f) => f.lan!);
    const view: Omit<CmPlayView, 'statusText'> = {
      doc,
      openColors: open,
      moves: st.moves,
      moveLimit: pos.moveLimit > 0 ? pos.moveLimit : null,
      moveLimitLabel: 'limit',
      par: this.par,
      status,
      lans,
      notation: lans,
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
    return { ...view, statusText: cmStatusText(view) };
  }
}

/**
 * Starts a Chess Maze playtest on a deep copy of `doc` (the editor's
 * document is never referenced again). `par`: the level's par for the win
 * banner (null when unknown). Answers the level's builder errors when it
 * cannot be played.
 */
export function startCmPlay(doc: ChessMazeLevel, par: number | null): Result<CmSession, Issue[]> {
  const copy = JSON.parse(JSON.stringify(doc)) as ChessMazeLevel;
  const c = compileChessMaze(copy);
  if (!c.ok) return c;
  return { ok: true, value: new CmSession(copy, c.value, [{ state: cmInitialState(c.value), events: [] }], par) };
}

/**
 * Chess Maze: the play views of a solution line (`views[k]` = after k
 * moves), for the solution preview: picked-up tiles gone, open locks known.
 * Answers replay errors (`replayStates`, CM-3 / CM-13) as issues.
 */
export function cmReplayViews(level: ChessMazeLevel, lans: readonly string[]): Result<CmPlayView[], Issue[]> {
  const copy = JSON.parse(JSON.stringify(level)) as ChessMazeLevel;
  const r = replayStates(copy, lans);
  if (!r.ok) return r;
  const { position, states, moves, events } = r.value;
  const frames: CmFrame[] = [{ state: states[0]!, events: [] }];
  for (let k = 0; k < moves.length; k++) frames.push({ state: states[k + 1]!, move: moves[k]!, lan: lans[k]!, events: events[k]! });
  return { ok: true, value: frames.map((_, k) => new CmSession(copy, position, frames.slice(0, k + 1), null).view) };
}
