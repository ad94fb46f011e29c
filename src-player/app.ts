/**
 * The player page: reads the pack embedded in the page (the JSON block
 * `#castellan-levels`, src-shared/player/page-data.ts), keeps the player's
 * progress in localStorage under the pack's key (progress.ts), and shows
 * either the level select (level-select.ts) or one level being played
 * (play-screen.ts). The address's fragment names the level played
 * (`#level-3`), so the browser's Back button and a reload return to it.
 * The engine and the hints run in workers started from the page's own
 * script (`#castellan-player`, jobs.ts).
 *
 * Once the level select is first drawn the page marks
 * `performance.mark('castellan-ready')` (the benchmark's "open" time).
 */
import { readPlayerPageData, type PlayerPageData } from '../src-shared/player/page-data.js';
import { h, fill } from './dom.js';
import { PageJobs } from './jobs.js';
import { levelSelect } from './level-select.js';
import { PlayScreen } from './play-screen.js';
import { clearProgress, readProgress, recordWin, writeProgress, type KeyValueStore, type PackProgress } from './progress.js';

/** The ids of the page's parts (the exporter writes them; src-main/services/player-page.ts). */
export const PAGE_IDS = { app: 'app', levels: 'castellan-levels', script: 'castellan-player' } as const;

/** The level a fragment names (`#level-3` -> 2), or null. */
export function levelOfHash(hash: string, count: number): number | null {
  const m = /^#level-(\d{1,6})$/.exec(hash);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= count ? n - 1 : null;
}

function browserStore(): KeyValueStore | null {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A worker factory over the page's own script (a Blob URL made once), or null where workers cannot start. */
function workerFactory(code: string | null): (() => Worker) | null {
  if (!code || typeof Worker === 'undefined' || typeof Blob === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  let url: string | null = null;
  return () => {
    url ??= URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    return new Worker(url);
  };
}

class PlayerPage {
  private progress: PackProgress;
  private stored: boolean;
  private screen: PlayScreen | null = null;
  private readyMarked = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly data: PlayerPageData,
    private readonly jobs: PageJobs,
    private readonly store: KeyValueStore | null,
  ) {
    this.progress = readProgress(store, data.storageKey);
    this.stored = store !== null;
  }

  /** Shows what the fragment names. */
  route(): void {
    const i = levelOfHash(location.hash, this.data.levels.length);
    if (i === null) this.showSelect(this.screen ? this.screen.index : null);
    else if (this.screen?.index !== i) this.showLevel(i);
  }

  private leaveLevel(): void {
    this.screen?.destroy();
    this.screen = null;
  }

  private showSelect(focus: number | null): void {
    this.leaveLevel();
    document.title = this.data.title;
    fill(this.root, [
      levelSelect({
        data: this.data,
        progress: this.progress,
        stored: this.stored,
        open: (i) => this.go(i),
        reset: () => {
          if (!confirm(`Forget your progress in “${this.data.title}”?`)) return;
          clearProgress(this.store, this.data.storageKey);
          this.progress = readProgress(null, '');
          this.showSelect(null);
        },
      }),
    ]);
    if (!this.readyMarked) {
      this.readyMarked = true;
      performance.mark('castellan-ready');
    }
    if (focus !== null) (this.root.querySelector(`[data-testid=level-item][data-index="${focus + 1}"]`) as HTMLElement | null)?.focus();
  }

  private showLevel(index: number): void {
    this.leaveLevel();
    const entry = this.data.levels[index]!;
    document.title = `${entry.title} — ${this.data.title}`;
    const screen = new PlayScreen({
      data: this.data,
      index,
      jobs: this.jobs,
      best: this.progress.levels[entry.hash],
      onWin: (win) => {
        const next = recordWin(this.progress, entry.hash, win);
        if (next === this.progress) return;
        this.progress = next;
        this.stored = writeProgress(this.store, this.data.storageKey, next);
      },
      onBack: () => this.go(null),
      onNext: index + 1 < this.data.levels.length ? () => this.go(index + 1) : null,
    });
    this.screen = screen;
    fill(this.root, [screen.mount()]);
    screen.focusBoard();
  }

  /** Goes to level `index` (null: the level select) through the fragment, so Back returns (the `hashchange` routes). */
  private go(index: number | null): void {
    const hash = index === null ? '' : `#level-${index + 1}`;
    if ((location.hash || '') === hash) this.route();
    else location.hash = hash;
  }
}

/**
 * Starts the page in `doc`: reads the pack, then draws the level select
 * (or the level the fragment names). A page whose data cannot be read says
 * so in the page instead.
 */
export function startPage(doc: Document): void {
  const root = doc.getElementById(PAGE_IDS.app) ?? doc.body;
  let data: PlayerPageData | null = null;
  let problem = 'the levels are missing';
  const raw = doc.getElementById(PAGE_IDS.levels)?.textContent;
  if (raw) {
    try {
      const r = readPlayerPageData(JSON.parse(raw));
      if (r.ok) data = r.value;
      else problem = r.error.map((i) => i.message).join(' ');
    } catch (e) {
      problem = `the levels are not JSON (${e instanceof Error ? e.message : String(e)})`;
    }
  }
  if (!data) {
    fill(root, [h('p', { class: 'error', role: 'alert', 'data-testid': 'page-error' }, [`This page cannot be played: ${problem}.`])]);
    return;
  }
  const jobs = new PageJobs(workerFactory(doc.getElementById(PAGE_IDS.script)?.textContent ?? null), (where) => root.setAttribute('data-jobs', where));
  const page = new PlayerPage(root, data, jobs, browserStore());
  window.addEventListener('hashchange', () => page.route());
  page.route();
}
