/**
 * One play session, generic over the ruleset contract: a level played move
 * by move with its ruleset's play hooks (`RulesetDef.play`, hooks.ts).
 * What the editor's playtest and any other player (a standalone page, the
 * tests) build on, so they cannot disagree. Pure TS: no DOM, no Svelte, no
 * Node.
 *
 * A session is an immutable value: every step (a move, an engine reply, a
 * Restart, an undo, a redo) answers a new session, so a UI keeps one
 * reference and leaving never touches anything. It plays a COPY of the
 * level.
 *
 * History: the steps form one undo stack. A Restart is a step like a move
 * (back to the start, the moves before it kept), so Undo right after it
 * brings the moves back; Redo takes an undone step again until a new step
 * is taken. Undos and Restarts are counted (UK-8 clean-run bonus), also
 * when they are undone.
 *
 * Single-player rulesets (UK, CM) measure an attempt against a par (the
 * level's par or its proven optimum): the UK-7 ceiling (2 x par) where the
 * ruleset has one, the UK-8 score where it scores, and stars for every
 * ruleset (3 at or under par, 2 within twice the par, 1 for any win).
 * Two-player rulesets (KV, LC; `PlayHooks.sideToMove`) are games: the
 * person moves one side (`user`) and the engine (`RulesetDef.engine`) the
 * other, or both sides by hand (`both`); a "win / mate in N" problem's N is
 * the par of the attacker's moves (the side to move at the start).
 */
import type { EngineAnswer, EngineOptions, LevelBase, RulesetDef } from '../ruleset.js';
import { issue, type Issue, type Result } from '../validation/issue.js';
import type { PlayHooks, PlayMove, PlayResult, PlayScore, PlaySideName } from './hooks.js';
import { engineNoteText, puzzleStatusText, sideName, type PlayStatus } from './text.js';

export type { PlayStatus } from './text.js';

/** Who moves the pieces: one side against the engine, or both sides by hand (every single-player session). */
export type PlaySide = PlaySideName | 'both';

/**
 * A square a picked piece can move to. `choices`: the ids of the moves to
 * pick from when several legal moves go there (CM-10 transform types, LC
 * promotions, castle or castlock), empty when the move needs no choice.
 */
export interface PlayTarget {
  to: string;
  capture: boolean;
  choices: string[];
}

/** How a choice is shown in the picker: its label, and the piece it makes when it makes one. */
export interface PlayChoiceInfo {
  label: string;
  role?: PlayMove['choiceRole'];
}

/** Undo steps, redo steps and Restarts used so far (undoing a Restart does not take it back). */
export interface PlayCounters {
  undos: number;
  redos: number;
  restarts: number;
}

/** The two-player part of a view. */
export interface GameView {
  sideToMove: PlaySideName;
  /** The side to move at the start: the attacker of a "win / mate in N", the first move of the numbered move list. */
  startSide: PlaySideName;
  user: PlaySide;
  /** The game goes on and the side to move is the engine's. */
  engineToMove: boolean;
  /** Who played each move (parallel to `PlayView.lans`). */
  by: ('user' | 'engine')[];
  /** The status line while the engine thinks ("Black to move: engine thinking…"). */
  thinkingText: string;
  /** The engine's note on the last move when the engine played it, else null. */
  engineNote: string | null;
}

/** What a player shows of a session (plain data). */
export interface PlayView<L extends LevelBase = LevelBase> {
  /** The position as a level document (pieces moved, captured pieces and picked-up tiles gone). */
  doc: L;
  /** Lock colours open for movement (CM-5 key held, CM-6 plate held); empty in rulesets without locks. */
  openColors: ReadonlySet<string>;
  /** Moves played (plies). */
  moves: number;
  /** Moves counted against the par: every move in a puzzle; the attacker's moves of a "win / mate in N". */
  counted: number;
  /** A move limit (CM-12) or ceiling (UK-7: 2 x par); null without one. */
  moveLimit: number | null;
  /** What the limit is called after the count ("limit", "ceiling (2 × par)"). */
  moveLimitLabel: string;
  /** The par: the level's par or proven optimum (puzzles), N of the goal (problems); null when unknown. */
  par: number | null;
  status: PlayStatus;
  /** How the rules see the position (its code and words). */
  result: PlayResult;
  /** The status line: "You won in 7 moves — par 7: at par", "White to move: your move", ... */
  statusText: string;
  /** LAN of the moves played. */
  lans: string[];
  /** The moves as the move list writes them (LAN, or SAN where the ruleset writes it). */
  notation: string[];
  lastMove: { from: string; to: string } | null;
  /** What the last move did, in words ("Picked up the red key"). */
  lastEvents: string[];
  /** The ruleset's own progress (`PlayHooks.progress`), undefined without. */
  info: unknown;
  counters: PlayCounters;
  /** The score of the ended attempt (UK-8); null while playing or without a par; undefined when the ruleset does not score. */
  score: PlayScore | null | undefined;
  /** 0 until won; then 3 at or under par, 2 within twice the par, 1 otherwise (or when the par is unknown). */
  stars: 0 | 1 | 2 | 3;
  /** Two-player rulesets: the game. */
  game?: GameView;
}

/** How a session starts (`startPlaySession`). */
export interface PlayOptions {
  /** The par a puzzle is measured against (the level's par or its proven optimum); null or absent: unknown. Problems use their goal's N. */
  par?: number | null;
  /** Two-player rulesets: the side the person moves (default `both`: no engine). */
  user?: PlaySide;
  /** Options of the engine's replies (default: the engine's own). */
  engineOptions?: EngineOptions;
}

/** What the engine is asked for its reply: the game's start and the LAN moves played. */
export interface EngineRequest {
  level: LevelBase;
  moves: string[];
  opts?: EngineOptions;
}

interface Frame<P> {
  position: P;
  move: PlayMove | null;
  by: 'user' | 'engine' | null;
  events: readonly string[];
  note: string | null;
}

/** One entry of the undo stack: a line of frames from the start, and the step that made it. */
interface Entry<P> {
  frames: readonly Frame<P>[];
  via: 'start' | 'move' | 'restart';
}

/** A persistent stack (shared tails). */
interface Stack<T> {
  head: T;
  tail: Stack<T> | null;
}

interface Setup<L extends LevelBase, P> {
  def: RulesetDef<L>;
  hooks: PlayHooks<L, P>;
  level: L;
  par: number | null;
  engineOptions: EngineOptions | undefined;
}

const choiceId = (m: PlayMove): string => m.choice ?? m.lan;

/** A session (module doc). Build one with `startPlaySession`. */
export class PlaySession<L extends LevelBase = LevelBase, P = unknown> {
  private cache: { moves?: readonly PlayMove[]; rules?: PlayResult; result?: PlayResult; view?: PlayView<L> } = {};

  /** @internal use `startPlaySession`. */
  constructor(
    private readonly setup: Setup<L, P>,
    private readonly entry: Entry<P>,
    private readonly past: Stack<Entry<P>> | null,
    private readonly future: Stack<Entry<P>> | null,
    readonly counters: PlayCounters,
    /** The side the person moves (`both` in single-player sessions). */
    readonly user: PlaySide,
  ) {}

  // ------------------------------------------------------------------ the game

  /** The ruleset played. */
  get def(): RulesetDef<L> {
    return this.setup.def;
  }

  /** The level at the start (the session's own copy): what the engine and the hints replay the moves from. */
  get start(): L {
    return this.setup.level;
  }

  /** A two-player game (the ruleset has sides). */
  get twoPlayer(): boolean {
    return this.setup.hooks.sideToMove !== undefined;
  }

  /** The two-player game (this session) in two-player rulesets, else undefined. */
  get game(): this | undefined {
    return this.twoPlayer ? this : undefined;
  }

  private get frames(): readonly Frame<P>[] {
    return this.entry.frames;
  }

  private get last(): Frame<P> {
    return this.frames[this.frames.length - 1]!;
  }

  /** The current play position (the ruleset's own value). */
  get position(): P {
    return this.last.position;
  }

  /** Moves played from the start of the current line. */
  get moveCount(): number {
    return this.frames.length - 1;
  }

  /** The LAN moves played from the start (what the engine and the hints replay). */
  get lans(): string[] {
    return this.frames.slice(1).map((f) => f.move!.lan);
  }

  /** The side to move (two-player), else undefined. */
  get sideToMove(): PlaySideName | undefined {
    return this.setup.hooks.sideToMove?.(this.position);
  }

  /** The ceiling of this attempt (UK-7) when the ruleset has one and the par is known, else null. */
  get ceiling(): number | null {
    const c = this.setup.hooks.ceiling;
    return c && this.setup.par !== null ? c.of(this.setup.par) : null;
  }

  /** How the rules alone see the current position (`PlayHooks.outcome` with the game's earlier positions). */
  private get rules(): PlayResult {
    return (this.cache.rules ??= this.setup.hooks.outcome(
      this.position,
      this.frames.slice(0, -1).map((f) => f.position),
    ));
  }

  /** How the rules see the current position, the ceiling included (UK-7: going over it fails, even if the last move reached the goal). */
  get result(): PlayResult {
    const c = this.ceiling;
    const h = this.setup.hooks.ceiling;
    if (c !== null && h && this.moveCount > c) return (this.cache.result ??= { status: 'failed', code: 'move-ceiling', text: h.failed(c) });
    return this.rules;
  }

  /** The game goes on. */
  get ongoing(): boolean {
    return this.result.status === 'ongoing';
  }

  /** It is the person's turn: the game goes on and (two-player) the side to move is theirs. */
  get userToMove(): boolean {
    if (!this.ongoing) return false;
    return this.user === 'both' || this.sideToMove === this.user;
  }

  /** The engine should reply now: the game goes on and the side to move is the engine's. */
  get engineToMove(): boolean {
    return this.ongoing && this.twoPlayer && this.user !== 'both' && this.sideToMove !== this.user;
  }

  /** Options of the engine's replies (default: the engine's own). */
  get engineOptions(): EngineOptions | undefined {
    return this.setup.engineOptions;
  }

  /** What to ask the engine for its reply, or null when it is not its turn. */
  engineRequest(): EngineRequest | null {
    if (!this.engineToMove) return null;
    const o = this.setup.engineOptions;
    return { level: this.start, moves: this.lans, ...(o ? { opts: o } : {}) };
  }

  // ------------------------------------------------------------------ moves

  /** Every legal move of the side to move (none once the game ended). */
  legalMoves(): readonly PlayMove[] {
    return (this.cache.moves ??= this.ongoing ? this.setup.hooks.moves(this.position) : []);
  }

  /** True when the person may pick the piece on `square` now (two-player: on their turn only). */
  isMovable(square: string): boolean {
    if (this.twoPlayer && !this.userToMove) return false;
    const m = this.setup.hooks.movable;
    return m ? m(this.position, square) : this.legalMoves().some((x) => x.from === square);
  }

  /** Legal targets of the piece on `from` on the person's turn (empty once the game ended, or on the engine's turn), in move order. */
  targets(from: string): PlayTarget[] {
    if (!this.userToMove) return [];
    const by = new Map<string, PlayMove[]>();
    for (const m of this.legalMoves()) {
      if (m.from !== from) continue;
      const list = by.get(m.to);
      if (list) list.push(m);
      else by.set(m.to, [m]);
    }
    return [...by.entries()].map(([to, ms]) => ({ to, capture: ms.some((m) => !!m.capture), choices: ms.length > 1 ? ms.map(choiceId) : [] }));
  }

  /**
   * The person's move `from` → `to` (with `choice`, one of the target's
   * `choices`, when several moves go there). Answers the next session,
   * `{needChoice}` when the move needs a choice that was not given (or is
   * not one of them), or null when it is not the person's turn or the move
   * is not legal.
   */
  play(from: string, to: string, choice?: string): PlaySession<L, P> | { needChoice: string[] } | null {
    if (!this.userToMove) return null;
    const cands = this.legalMoves().filter((m) => m.from === from && m.to === to);
    if (cands.length === 0) return null;
    const pick = cands.length === 1 ? cands[0] : cands.find((m) => choiceId(m) === choice);
    if (!pick) return { needChoice: cands.map(choiceId) };
    return this.next(pick, 'user', null);
  }

  /** The legal move written `text` (its LAN, or its notation), or undefined. */
  findMove(text: string): PlayMove | undefined {
    const t = text.trim();
    const ms = this.legalMoves();
    return ms.find((m) => m.lan === t) ?? ms.find((m) => m.notation === t);
  }

  /** Plays the move written `text` (LAN or notation) for whoever is to move; null when it is not legal (or the game ended). */
  playLan(text: string, note: string | null = null): PlaySession<L, P> | null {
    const m = this.findMove(text);
    return m ? this.next(m, this.engineToMove ? 'engine' : 'user', note) : null;
  }

  /** Plays the engine's reply (its LAN, else its SAN) with its note; null when it is not legal here. */
  playEngine(answer: EngineAnswer): PlaySession<L, P> | null {
    const m = this.findMove(answer.lan) ?? (answer.san ? this.findMove(answer.san) : undefined);
    return m ? this.next(m, this.engineToMove ? 'engine' : 'user', this.engineNote(answer)) : null;
  }

  /** What the engine says about its move: "Engine played Kc5-a3: its longest defence; you can force a win in 1." */
  engineNote(answer: EngineAnswer): string {
    const g = this.def.goal;
    return engineNoteText(answer, g.kind === 'in-n' ? g.verb : 'win', this.setup.hooks.engineDraw ?? 'it draws');
  }

  /** How the picker shows `choice` (a target's choice id). */
  describeChoice(choice: string): PlayChoiceInfo {
    const m = this.legalMoves().find((x) => choiceId(x) === choice);
    return { label: m?.choiceLabel ?? choice, ...(m?.choiceRole ? { role: m.choiceRole } : {}) };
  }

  private next(move: PlayMove, by: 'user' | 'engine', note: string | null): PlaySession<L, P> {
    const a = this.setup.hooks.apply(this.position, move);
    const frame: Frame<P> = { position: a.position, move, by, events: a.events ?? [], note };
    return this.step({ frames: [...this.frames, frame], via: 'move' }, this.counters);
  }

  // ------------------------------------------------------------------ history

  private step(entry: Entry<P>, counters: PlayCounters): PlaySession<L, P> {
    return new PlaySession(this.setup, entry, { head: this.entry, tail: this.past }, null, counters, this.user);
  }

  /** True when `undo` leads somewhere: a move to take back, or a Restart. */
  get canUndo(): boolean {
    return this.past !== null;
  }

  /** True when `redo` leads somewhere: a step taken back and no new step since. */
  get canRedo(): boolean {
    return this.future !== null;
  }

  /** The step before, uncounted; itself at the very start. */
  private back(): PlaySession<L, P> {
    const p = this.past;
    return p ? new PlaySession(this.setup, p.head, p.tail, { head: this.entry, tail: this.future }, this.counters, this.user) : this;
  }

  /** The step taken back last, uncounted; itself when there is none. */
  private forward(): PlaySession<L, P> {
    const f = this.future;
    return f ? new PlaySession(this.setup, f.head, { head: this.entry, tail: this.past }, f.tail, this.counters, this.user) : this;
  }

  private withCounters(c: Partial<PlayCounters>): PlaySession<L, P> {
    return new PlaySession(this.setup, this.entry, this.past, this.future, { ...this.counters, ...c }, this.user);
  }

  /**
   * One step back: the last move (of either side), or, at the start after a
   * Restart, the moves before it. Itself at the very start. Counts one undo.
   */
  undo(): PlaySession<L, P> {
    const b = this.back();
    return b === this ? this : b.withCounters({ undos: this.counters.undos + 1 });
  }

  /**
   * Back to the person's previous turn: against the engine, its reply and
   * the person's move before it; at the start after a Restart (or after the
   * engine's first reply to it), exactly the line before the Restart. The
   * same as `undo` without an engine. Counts one undo.
   */
  undoTurn(): PlaySession<L, P> {
    if (!this.twoPlayer || this.user === 'both') return this.undo();
    let s = this.back();
    if (s === this) return this;
    let undone = this.entry.via;
    while (undone === 'move' && s.canUndo && s.sideToMove !== this.user) {
      undone = s.entry.via;
      s = s.back();
    }
    return s.withCounters({ undos: this.counters.undos + 1 });
  }

  /** Takes the last undone step again (a move or a Restart); itself when there is none. Counts one redo. */
  redo(): PlaySession<L, P> {
    const f = this.forward();
    return f === this ? this : f.withCounters({ redos: this.counters.redos + 1 });
  }

  /** Redoes up to the person's next turn (the move and the engine's reply); the same as `redo` without an engine. */
  redoTurn(): PlaySession<L, P> {
    if (!this.twoPlayer || this.user === 'both') return this.redo();
    let s = this.forward();
    if (s === this) return this;
    while (s.entry.via === 'move' && s.future?.head.via === 'move' && s.sideToMove !== this.user) s = s.forward();
    return s.withCounters({ redos: this.counters.redos + 1 });
  }

  /** Back to the start as one step of the history (Undo brings the moves back); itself at the start. Counts one Restart. */
  restart(): PlaySession<L, P> {
    if (this.frames.length <= 1) return this;
    return this.step({ frames: this.frames.slice(0, 1), via: 'restart' }, { ...this.counters, restarts: this.counters.restarts + 1 });
  }

  /** The same game with the person on `user` (the engine takes the other side from here; `both`: no engine); the history is kept. */
  withUser(user: PlaySide): PlaySession<L, P> {
    if (user === this.user || !this.twoPlayer) return this;
    return new PlaySession(this.setup, this.entry, this.past, this.future, this.counters, user);
  }

  // ------------------------------------------------------------------ measures

  /** Moves counted against the par: every move of a puzzle; the attacker's (the side to move at the start) of a game. */
  get counted(): number {
    // The sides alternate: the attacker makes moves 1, 3, 5...
    return this.twoPlayer ? Math.ceil(this.moveCount / 2) : this.moveCount;
  }

  /** The par (see `PlayView.par`). */
  get par(): number | null {
    return this.setup.par;
  }

  /** How the session sees the end from the person's side. */
  get status(): PlayStatus {
    const r = this.result;
    switch (r.status) {
      case 'ongoing':
        return { kind: 'playing' };
      case 'failed':
        return { kind: 'failed', reason: r.code };
      case 'draw':
        return { kind: 'failed', reason: 'draw' };
      default:
        return this.user === 'both' || !r.winner || r.winner === this.user ? { kind: 'won' } : { kind: 'failed', reason: 'lost' };
    }
  }

  /**
   * Stars of the attempt: 0 until won; 3 when the counted moves are at or
   * under the par (the rulebook's 3-star rating; the proven optimum; "win /
   * mate in N" within N), 2 within twice the par, 1 for any other win or
   * an unknown par. A game counts as solved only when the attacker wins
   * (a defender's win scores 1).
   */
  get stars(): 0 | 1 | 2 | 3 {
    if (this.status.kind !== 'won') return 0;
    const par = this.setup.par;
    const r = this.result;
    const attacker = this.twoPlayer ? this.setup.hooks.sideToMove!(this.frames[0]!.position) : null;
    if (par === null || (attacker && r.status === 'won' && r.winner !== attacker)) return 1;
    const n = this.counted;
    return n <= par ? 3 : n <= 2 * par ? 2 : 1;
  }

  /** The UK-8 score of the ended attempt (module doc), null while playing or without a par, undefined when the ruleset does not score. */
  get score(): PlayScore | null | undefined {
    const h = this.setup.hooks;
    if (!h.score) return undefined;
    const par = this.setup.par;
    if (par === null || this.ongoing) return null;
    const reached = this.rules.status === 'won';
    const { undos, restarts } = this.counters;
    return h.score({ won: this.status.kind === 'won', reached, moves: this.moveCount, par, undos, restarts });
  }

  // ------------------------------------------------------------------ view

  /** The status line; while the engine thinks (`thinking`), the game's thinking line. */
  statusText(thinking = false): string {
    const r = this.result;
    if (!this.twoPlayer)
      return puzzleStatusText({ moves: this.moveCount, par: this.par, status: this.status }, r.status === 'ongoing' ? '' : `Failed — ${r.text}`);
    if (r.status === 'won') {
      const who = this.user === 'both' || !r.winner ? '' : r.winner === this.user ? ' You won!' : ' The engine won.';
      return `${r.text}${who}`;
    }
    if (r.status !== 'ongoing') return r.text;
    const side = sideName(this.sideToMove!);
    const note = this.setup.hooks.turnNote?.(this.position) ?? '';
    if (this.engineToMove) return `${side} to move: ${thinking ? 'engine thinking…' : 'engine to move'}`;
    return this.user === 'both' ? `${side} to move${note}` : `${side} to move: your move${note}`;
  }

  /** What a player shows (plain data, computed once per session). */
  get view(): PlayView<L> {
    return (this.cache.view ??= this.buildView());
  }

  private buildView(): PlayView<L> {
    const h = this.setup.hooks;
    const pos = this.position;
    const last = this.last;
    const moves = this.frames.slice(1);
    const limit = h.moveLimit?.(pos) ?? null;
    const ceiling = this.ceiling;
    const view: PlayView<L> = {
      doc: h.view(this.start, pos),
      openColors: new Set(h.openColors?.(pos) ?? []),
      moves: this.moveCount,
      counted: this.counted,
      moveLimit: limit ?? ceiling,
      moveLimitLabel: limit !== null ? (h.moveLimitLabel ?? 'limit') : ceiling !== null ? h.ceiling!.label : '',
      par: this.par,
      status: this.status,
      result: this.result,
      statusText: this.statusText(),
      lans: this.lans,
      notation: moves.map((f) => f.move!.notation ?? f.move!.lan),
      lastMove: last.move ? { from: last.move.from, to: last.move.to } : null,
      lastEvents: [...last.events],
      info: h.progress?.(pos),
      counters: this.counters,
      score: this.score,
      stars: this.stars,
    };
    if (this.twoPlayer) {
      view.game = {
        sideToMove: this.sideToMove!,
        startSide: h.sideToMove!(this.frames[0]!.position),
        user: this.user,
        engineToMove: this.engineToMove,
        by: moves.map((f) => f.by ?? 'user'),
        thinkingText: this.statusText(true),
        engineNote: last.by === 'engine' ? last.note : null,
      };
    }
    return view;
  }
}

/**
 * Starts a session on a deep copy of `level` (the caller's document is never
 * referenced again) with `def`'s play hooks. Errors: `play-unsupported`
 * (the ruleset has no play hooks), `engine-unsupported` (a side for the
 * person in a ruleset without sides or without an engine), the level's builder errors.
 * Never throws.
 */
export function startPlaySession<L extends LevelBase>(def: RulesetDef<L>, level: L, opts: PlayOptions = {}): Result<PlaySession<L>, Issue[]> {
  const hooks = def.play as PlayHooks<L, unknown> | undefined;
  if (!hooks) return { ok: false, error: [issue('error', 'play-unsupported', `${def.name} cannot be played.`, { pointer: '/ruleset' })] };
  const copy = JSON.parse(JSON.stringify(level)) as L;
  const twoPlayer = hooks.sideToMove !== undefined;
  const user: PlaySide = opts.user ?? 'both';
  if (user !== 'both' && (!def.engine || !twoPlayer)) {
    return { ok: false, error: [issue('error', 'engine-unsupported', 'This ruleset has no engine to play against.', { pointer: '/ruleset' })] };
  }
  const start = hooks.start(copy);
  if (!start.ok) return start;
  const par = twoPlayer ? (def.goal.kind === 'in-n' ? (def.goal.goalMoves(copy) ?? null) : null) : (opts.par ?? null);
  const setup: Setup<L, unknown> = { def, hooks, level: copy, par, engineOptions: opts.engineOptions };
  const frames: Frame<unknown>[] = [{ position: start.value, move: null, by: null, events: [], note: null }];
  return { ok: true, value: new PlaySession(setup, { frames, via: 'start' }, null, null, { undos: 0, redos: 0, restarts: 0 }, user) };
}

/**
 * Plays `lans` (LAN or the ruleset's notation) from `session`, one step
 * each: the sessions after every move (`[0]` = `session`). Errors, with the
 * move's index in `pointer` (`/moves/k`): `move-after-end` (the game had
 * already ended), `move-illegal` (not a legal move in its position).
 */
export function playLine<L extends LevelBase, P>(session: PlaySession<L, P>, lans: readonly string[]): Result<PlaySession<L, P>[], Issue[]> {
  const out = [session];
  let s = session;
  for (let k = 0; k < lans.length; k++) {
    const lan = String(lans[k]);
    const r = s.result;
    if (r.status !== 'ongoing') {
      return {
        ok: false,
        error: [issue('error', 'move-after-end', `Move ${k + 1} (${lan}) comes after the game ended (${r.text}).`, { pointer: `/moves/${k}` })],
      };
    }
    const n = s.playLan(lan);
    if (!n)
      return { ok: false, error: [issue('error', 'move-illegal', `Move ${k + 1} (${lan}) is not a legal move in this position.`, { pointer: `/moves/${k}` })] };
    out.push((s = n));
  }
  return { ok: true, value: out };
}
