/**
 * The player page's play screen: one level played through the shared play
 * session and its driver (src-shared/play/: the same rules, history,
 * counters, par, UK-7 ceiling, UK-8 score and stars as the editor's
 * playtest), the board drawn from the shared display model (board-svg.ts).
 *
 * - Mouse: click a piece, then its target (a click on another piece picks
 *   that one); a move that needs a choice (a CM-10 transform with several
 *   types, an LC promotion, castle or castlock) asks in a dialog with one
 *   button per choice, named by its piece.
 * - Keyboard: on the board the arrows move a cursor and Enter / Space
 *   click; anywhere U or Ctrl+Z undoes, Y or Ctrl+Y redoes, R restarts, H
 *   asks for a hint, N goes on to the next level once solved, Esc drops the
 *   picked piece or goes back to the level select.
 * - Two-player problems (KV-8, LC-8): the player moves the side to move at
 *   the start, the engine the other, in a worker (jobs.ts); a try fails
 *   when the N moves are used up without the win (words.ts `tryState`).
 * - Undo, Redo, Restart (one undoable step), Hint (jobs.ts: the next
 *   optimal move and distance; for a problem after a failed try, the key),
 *   and Show solution when the export includes solutions.
 *
 * Test hooks (the guide lists them; kept stable): each square
 * `data-square`, `[data-testid=moves]`, `[data-testid=solved]` (present
 * once won), `[data-testid=stars]`, `[data-testid=undo]`,
 * `[data-testid=restart]`, `[data-testid=hint]`.
 */
import { describeSquare } from '../src-shared/display/board-display.js';
import type { BoardDisplay } from '../src-shared/display/glyph.js';
import { ROLE_NAME } from '../src-shared/display/art/pieces.js';
import type { Role } from '../src-shared/model/level.js';
import { lanSquares } from '../src-shared/model/square.js';
import { startPlay } from '../src-shared/play/index.js';
import { PlayDriver } from '../src-shared/play/driver.js';
import type { PlayJob } from '../src-shared/play/jobs.js';
import type { PlaySession } from '../src-shared/play/session.js';
import type { PlayerPageData, PlayerPageLevel } from '../src-shared/player/page-data.js';
import type { GoalRule, HintAnswer, RulesetDef } from '../src-shared/ruleset.js';
import { displayLevel, lineNotation, rulesetOf } from '../src-shared/rulesets/index.js';
import { boardSvg, stepSquare, type BoardMarks } from './board-svg.js';
import { fill, h, setAttr, text } from './dom.js';
import type { PageJobs } from './jobs.js';
import type { LevelProgress } from './progress.js';
import { statRows } from './ruleset-stats.js';
import { counterNote, hintWords, movesShown, solvedText, starGlyphs, tryState, type HintWords } from './words.js';

/** What the play screen needs from the page. */
export interface PlayScreenContext {
  data: PlayerPageData;
  index: number;
  jobs: PageJobs;
  /** The best win stored for this level, if any. */
  best: LevelProgress | undefined;
  /** A win to record (the page keeps the best one). */
  onWin(win: LevelProgress): void;
  onBack(): void;
  /** The next level, or null after the last one. */
  onNext: (() => void) | null;
}

interface HintState {
  /** The line the hint is for (its LAN joined), or `key` for a problem's key (kept until another hint is asked for). */
  line: string;
  job: PlayJob<HintAnswer> | null;
  words: HintWords | null;
  error: string | null;
}

const lineKey = (s: PlaySession): string => s.lans.join(' ');

/** The play screen of one level (module doc). */
export class PlayScreen {
  readonly root: HTMLElement;
  private readonly entry: PlayerPageLevel;
  private readonly def: RulesetDef | undefined;
  private driver: PlayDriver | null = null;
  private hint: HintState | null = null;
  private solutionShown = false;
  private cursor: string | null = null;
  /** The keyboard cursor is drawn (the board has the focus from the keyboard). */
  private showCursor = false;
  private recorded: PlaySession | null = null;
  private readonly els: Record<string, HTMLElement> = {};
  private dialog: HTMLDialogElement | null = null;
  private readonly keyHandler = (e: KeyboardEvent): void => this.onKey(e);

  constructor(private readonly ctx: PlayScreenContext) {
    this.entry = ctx.data.levels[ctx.index]!;
    this.def = rulesetOf(this.entry.level);
    this.root = h('section', { class: 'play', 'data-testid': 'play', 'data-level': ctx.index + 1, 'data-ruleset': this.entry.level.ruleset });
  }

  private get goal(): GoalRule {
    return this.def?.goal ?? { kind: 'par', solves: 'solves the level' };
  }

  /** Builds the screen and starts play; answers the root element. */
  mount(): HTMLElement {
    const level = this.entry.level;
    const head = h('header', { class: 'play-head' }, [
      h('button', { type: 'button', class: 'back', 'data-testid': 'back', title: 'Back to the level select (Esc)' }, ['← Levels'], {
        click: () => this.ctx.onBack(),
      }),
      h('h1', {}, [h('span', { class: 'num' }, [`${this.ctx.index + 1}.`]), ' ', this.entry.title]),
      this.entry.tier ? h('span', { class: 'tier' }, [this.entry.tier]) : null,
    ]);
    let start = startPlay(level, { par: this.entry.par });
    if (start.ok && start.value.twoPlayer && this.def?.goal.kind === 'in-n') {
      const side = this.def.goal.startSide(level);
      start = startPlay(level, { par: this.entry.par, user: side });
    }
    if (!start.ok) {
      fill(this.root, [
        head,
        h('p', { class: 'error', 'data-testid': 'level-error', role: 'alert' }, [
          `This level cannot be played: ${start.error.map((i) => i.message).join(' ')}`,
        ]),
      ]);
      return this.root;
    }
    fill(this.root, [head, this.buildBody(start.value)]);
    this.driver = new PlayDriver(start.value, { engine: this.ctx.jobs.engine, onChange: () => this.render() });
    document.addEventListener('keydown', this.keyHandler);
    this.render();
    return this.root;
  }

  /** Leaves the level: the engine and hints stop, the keys are released. */
  destroy(): void {
    this.driver?.stop();
    this.hint?.job?.cancel();
    this.ctx.jobs.stop();
    document.removeEventListener('keydown', this.keyHandler);
    if (this.dialog?.open) this.dialog.close();
  }

  /** The level's 0-based index in the pack. */
  get index(): number {
    return this.ctx.index;
  }

  /** Moves the focus to the board (after the screen is shown). */
  focusBoard(): void {
    this.els['board']?.focus();
  }

  private buildBody(s: PlaySession): HTMLElement {
    const e = this.els;
    const start = displayLevel(s.start);
    e['board'] = h(
      'div',
      {
        class: 'board',
        'data-testid': 'board',
        tabindex: 0,
        role: 'application',
        'aria-label': 'Board: arrows move the cursor, Enter or Space picks and moves',
      },
      [],
      {
        click: (ev) => {
          const sq = (ev.target as Element | null)?.closest('[data-square]')?.getAttribute('data-square');
          if (sq) this.clickSquare(sq);
        },
        keydown: (ev) => this.onBoardKey(ev),
        // The cursor shows for keyboard use only: a mouse press must not redraw the squares under the pointer before its click.
        focus: () => {
          if (!e['board']!.matches(':focus-visible')) return;
          this.showCursor = true;
          this.render();
        },
        pointerdown: () => {
          this.showCursor = false;
        },
        blur: () => {
          if (!this.showCursor) return;
          this.showCursor = false;
          this.render();
        },
      },
    );
    e['caption'] = h('p', { class: 'caption', 'data-testid': 'caption' });
    e['cursorText'] = h('p', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'cursor-text' });
    const button = (id: string, label: string, title: string, run: () => void): HTMLButtonElement =>
      (e[id] = h('button', { type: 'button', 'data-testid': id, title }, [label], { click: run }));
    e['moves'] = h('strong', { 'data-testid': 'moves' });
    e['note'] = h('span', { class: 'note', 'data-testid': 'counter-note' });
    e['starsArt'] = h('span', { class: 'stars-art', 'aria-hidden': 'true' });
    e['stars'] = h('strong', { 'data-testid': 'stars' });
    e['status'] = h('p', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
    e['result'] = h('div', { class: 'result' });
    e['hintBox'] = h('div', { class: 'hint-box', 'data-testid': 'hint-box', 'aria-live': 'polite' });
    e['stats'] = h('dl', { class: 'stats', 'data-testid': 'stats' });
    e['events'] = h('p', { class: 'events', 'data-testid': 'events' });
    e['moveList'] = h('ol', { class: 'move-list', 'data-testid': 'move-list', 'aria-label': 'Moves played' });
    e['solution'] = h('div', { class: 'solution', 'data-testid': 'solution' });
    const best = this.ctx.best;
    const buttons = h('div', { class: 'buttons' }, [
      button('undo', 'Undo', 'Take back a move (U, Ctrl+Z)', () => this.driver?.undo()),
      button('redo', 'Redo', 'Take the undone step again (Y, Ctrl+Y)', () => this.driver?.redo()),
      button('restart', 'Restart', 'Back to the start; Undo brings the moves back (R)', () => this.driver?.restart()),
      button('hint', 'Hint', 'Ask the solver (H)', () => this.requestHint()),
      this.entry.solution && this.ctx.data.solutions
        ? button('show-solution', 'Show solution', 'Show the stored solution', () => {
            this.solutionShown = !this.solutionShown;
            this.render();
          })
        : null,
    ]);
    const objectives = start.objectives ?? [];
    return h('div', { class: 'play-body' }, [
      h('div', { class: 'board-wrap' }, [e['board'], e['caption'], e['cursorText']]),
      h('div', { class: 'panel' }, [
        objectives.length
          ? h(
              'ul',
              { class: 'goal', 'data-testid': 'goal' },
              objectives.map((o) => h('li', {}, [o])),
            )
          : null,
        this.entry.level.meta.description ? h('p', { class: 'description' }, [this.entry.level.meta.description]) : null,
        h('div', { class: 'counters' }, [
          h('span', { class: 'counter' }, [this.goal.kind === 'in-n' ? 'Your moves ' : 'Moves ', e['moves'], ' ', e['note']]),
          h('span', { class: 'counter' }, ['Stars ', e['starsArt'], ' ', e['stars']]),
          best ? h('span', { class: 'best', 'data-testid': 'best' }, [`best: ${starGlyphs(best.stars)} in ${best.moves}`]) : null,
        ]),
        e['status'],
        e['result'],
        buttons,
        e['hintBox'],
        e['stats'],
        e['events'],
        e['moveList'],
        e['solution'],
        h('p', { class: 'keys muted' }, ['Keys: arrows + Enter on the board · U undo · Y redo · R restart · H hint · Esc back']),
      ]),
    ]);
  }

  // ------------------------------------------------------------------ input

  private clickSquare(square: string): void {
    const d = this.driver;
    if (!d) return;
    this.cursor = square;
    d.click(square);
    this.render();
  }

  private onBoardKey(ev: KeyboardEvent): void {
    const d = this.driver;
    if (!d || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const doc = d.session.view.doc as { board?: { width?: number; height?: number } };
    const w = doc.board?.width ?? 8;
    const hgt = doc.board?.height ?? 8;
    const steps: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const step = steps[ev.key];
    if (step) {
      ev.preventDefault();
      this.showCursor = true;
      this.cursor = stepSquare(this.cursor ?? d.state.picked ?? this.firstMovable(), step[0], step[1], w, hgt);
      this.render();
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      this.showCursor = true;
      this.clickSquare(this.cursor ?? this.firstMovable());
    }
  }

  /** The first square whose piece the player may move (the cursor's start), else a1. */
  private firstMovable(): string {
    const s = this.driver?.session;
    return s?.legalMoves().find((m) => s.isMovable(m.from))?.from ?? 'a1';
  }

  private onKey(ev: KeyboardEvent): void {
    const d = this.driver;
    if (!d || this.dialog?.open || ev.altKey) return;
    const t = ev.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA')) return;
    const mod = ev.ctrlKey || ev.metaKey;
    const k = ev.key.toLowerCase();
    const act = (f: () => void): void => {
      ev.preventDefault();
      f();
    };
    if ((mod && k === 'z' && !ev.shiftKey) || (!mod && k === 'u')) act(() => d.undo());
    else if ((mod && (k === 'y' || (k === 'z' && ev.shiftKey))) || (!mod && k === 'y')) act(() => d.redo());
    else if (mod) return;
    else if (k === 'r') act(() => d.restart());
    else if (k === 'h') act(() => this.requestHint());
    else if (k === 'n' && d.session.view.stars > 0 && this.ctx.onNext) act(this.ctx.onNext);
    else if (ev.key === 'Escape') act(() => (d.escape() ? this.render() : this.ctx.onBack()));
  }

  // ------------------------------------------------------------------ hints

  private requestHint(): void {
    const d = this.driver;
    if (!d) return;
    const s = d.session;
    const v = s.view;
    if (d.state.engine?.thinking) return;
    const failedProblem = this.goal.kind === 'in-n' && tryState(v, this.goal).kind === 'failed';
    const lans = failedProblem ? [] : s.lans;
    const line = failedProblem ? 'key' : lineKey(s);
    if (this.hint?.line === line && (this.hint.job || this.hint.words)) return;
    this.hint?.job?.cancel();
    const job = this.ctx.jobs.hints(s.start, lans);
    const state: HintState = { line, job, words: null, error: null };
    this.hint = state;
    this.render();
    void job.promise.then((o) => {
      if (this.hint !== state) return;
      state.job = null;
      if (o.kind === 'result') {
        const next = o.result.next;
        const nextText = next ? (lineNotation(s.start, [...lans, next], this.def).at(-1) ?? next) : null;
        state.words = hintWords(o.result, this.goal, v, nextText, failedProblem);
      } else if (o.kind === 'error') state.error = o.message;
      else if (this.hint === state) this.hint = null;
      this.render();
    });
  }

  /** The hint still applies: a problem's key stays for the level; any other hint only for its line. */
  private hintApplies(s: PlaySession): boolean {
    const hs = this.hint;
    if (!hs) return false;
    if (hs.line === 'key' || hs.line === lineKey(s)) return true;
    hs.job?.cancel();
    this.hint = null;
    return false;
  }

  // ------------------------------------------------------------------ drawing

  /** The move the board shows: the hint's (on its line; a key only at the start), else the solution's next move when shown and on its line. */
  private shownMove(s: PlaySession): { from: string; to: string } | null {
    const hs = this.hint;
    if (hs?.words?.move && this.hintApplies(s) && (hs.line !== 'key' || s.moveCount === 0)) return lanSquares(hs.words.move.lan);
    const sol = this.entry.solution;
    if (this.solutionShown && sol && s.ongoing && s.userToMove) {
      const lans = s.lans;
      if (lans.length < sol.length && lans.every((m, i) => m === sol[i])) return lanSquares(sol[lans.length]!);
    }
    return null;
  }

  private render(): void {
    const d = this.driver;
    if (!d) return;
    const st = d.state;
    const s = st.session;
    const v = s.view;
    const e = this.els;
    const display: BoardDisplay = displayLevel(v.doc, { openColors: v.openColors }, this.def);
    const marks: BoardMarks = {
      picked: st.picked,
      targets: st.targets,
      last: v.lastMove,
      hint: this.shownMove(s),
      cursor: this.showCursor ? (this.cursor ?? this.firstMovable()) : null,
    };
    e['board']!.innerHTML = boardSvg(display, marks, `${this.entry.title}: board`);
    text(e['caption']!, display.caption ?? '');
    text(e['cursorText']!, marks.cursor ? describeSquare(display, marks.cursor) : '');
    text(e['moves']!, String(movesShown(v)));
    text(e['note']!, `(${counterNote(v, this.goal)})`);
    text(e['starsArt']!, starGlyphs(v.stars));
    text(e['stars']!, String(v.stars));
    const thinking = !!st.engine?.thinking;
    text(e['status']!, st.engine?.error ? `Engine: ${st.engine.error}` : thinking && v.game ? v.game.thinkingText : v.statusText);
    this.renderResult(v.stars > 0 ? solvedText(v, this.goal) : null, s);
    (e['undo'] as HTMLButtonElement).disabled = !s.canUndo;
    (e['redo'] as HTMLButtonElement).disabled = !s.canRedo;
    (e['restart'] as HTMLButtonElement).disabled = s.moveCount === 0;
    (e['hint'] as HTMLButtonElement).disabled = thinking || !this.def?.hint;
    if (e['show-solution']) setAttr(e['show-solution'], 'aria-pressed', String(this.solutionShown));
    this.renderHint(s);
    fill(
      e['stats']!,
      statRows(v.doc.ruleset, v.info).flatMap((r) => [
        h('dt', {}, [r.label]),
        h('dd', { 'data-testid': r.testid, ...Object.fromEntries(Object.entries(r.data ?? {}).map(([k, x]) => [`data-${k}`, x])) }, [r.value]),
      ]),
    );
    text(e['events']!, [...v.lastEvents, v.game?.engineNote ?? ''].filter(Boolean).join(' · '));
    fill(
      e['moveList']!,
      v.notation.map((m, i) => h('li', { class: v.game?.by[i] === 'engine' ? 'engine' : 'player' }, [m])),
    );
    this.renderSolution();
    this.syncDialog();
    this.recordWin(s);
  }

  private renderResult(solved: string | null, s: PlaySession): void {
    const box = this.els['result']!;
    const ts = tryState(s.view, this.goal);
    if (solved) {
      fill(box, [
        h('div', { class: 'solved', 'data-testid': 'solved', role: 'status' }, [
          h('strong', {}, [starGlyphs(s.view.stars)]),
          ' ',
          solved,
          this.ctx.onNext
            ? h('button', { type: 'button', 'data-testid': 'next-level', class: 'next' }, ['Next level →'], { click: () => this.ctx.onNext?.() })
            : null,
        ]),
      ]);
    } else if (ts.kind === 'failed') {
      const then = ts.playOn ? 'Play on for fewer stars, or undo, restart or ask for the key (Hint).' : 'Undo, restart or ask for a hint.';
      fill(box, [h('div', { class: 'failed', 'data-testid': 'failed', role: 'status' }, [`Not solved: ${ts.reason.replace(/\.+$/, '')}. ${then}`])]);
    } else fill(box, []);
  }

  private renderHint(s: PlaySession): void {
    const box = this.els['hintBox']!;
    const hs = this.hintApplies(s) ? this.hint : null;
    if (!hs) {
      fill(box, []);
      setAttr(box, 'data-state', 'off');
      return;
    }
    setAttr(box, 'data-state', hs.job ? 'thinking' : hs.error ? 'error' : 'done');
    setAttr(box, 'data-next', hs.words?.move?.lan ?? '');
    if (hs.job) fill(box, [h('span', { class: 'muted' }, ['Hint: the solver is thinking…'])]);
    else if (hs.error) fill(box, [h('span', { class: 'error' }, [`Hint: ${hs.error}`])]);
    else if (hs.words) {
      const w = hs.words;
      fill(box, [
        h('strong', { 'data-testid': 'hint-text' }, [`Hint: ${w.headline}`]),
        w.move && hs.line !== 'key' ? h('span', { 'data-testid': 'hint-next' }, [` · next: ${w.move.text}`]) : null,
        w.note ? h('div', { class: 'note' }, [w.note]) : null,
      ]);
    }
  }

  private renderSolution(): void {
    const box = this.els['solution']!;
    const sol = this.entry.solution;
    if (!this.solutionShown || !sol) {
      fill(box, []);
      return;
    }
    const words = lineNotation(this.entry.level, sol, this.def);
    fill(box, [
      h('strong', {}, ['Solution: ']),
      h(
        'ol',
        { class: 'solution-moves', 'data-testid': 'solution-moves' },
        words.map((m) => h('li', {}, [m])),
      ),
    ]);
  }

  /** Opens the choice dialog while a move waits for its choice, closes it otherwise. */
  private syncDialog(): void {
    const c = this.driver?.state.choice ?? null;
    if (!c) {
      if (this.dialog?.open) this.dialog.close();
      return;
    }
    if (this.dialog?.open) return;
    const s = this.driver!.session;
    const dlg = h('dialog', { class: 'choice', 'data-testid': 'choice-dialog', 'aria-label': 'Choose the piece' }, [
      h('p', {}, [`${c.from} → ${c.to}: choose`]),
      h(
        'div',
        { class: 'choices' },
        c.choices.map((id) => {
          const info = s.describeChoice(id);
          const name = info.role ? (ROLE_NAME[info.role as Role] ?? info.label) : info.label;
          // The button is named by its piece alone (a stable hook: "Knight"); the move's notation is shown beside it, hidden from the name.
          const extra = info.role && info.label !== name ? h('span', { class: 'muted', 'aria-hidden': 'true' }, [` (${info.label})`]) : null;
          return h('button', { type: 'button', 'data-choice': id }, [name, extra], {
            click: () => {
              dlg.close();
              this.driver?.choose(id);
            },
          });
        }),
      ),
      h('button', { type: 'button', class: 'cancel', 'data-testid': 'choice-cancel' }, ['Cancel'], { click: () => dlg.close() }),
    ]);
    dlg.addEventListener('close', () => {
      if (this.dialog === dlg) this.dialog = null;
      dlg.remove();
      if (this.driver?.state.choice) this.driver.cancelChoice();
      this.render();
    });
    this.dialog = dlg;
    this.root.append(dlg);
    dlg.showModal();
  }

  private recordWin(s: PlaySession): void {
    const v = s.view;
    if (v.stars === 0 || this.recorded === s) return;
    this.recorded = s;
    const score = v.score?.total;
    this.ctx.onWin({ stars: v.stars as 1 | 2 | 3, moves: v.counted, ...(typeof score === 'number' ? { score } : {}) });
  }
}
