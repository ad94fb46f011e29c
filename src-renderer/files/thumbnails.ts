/**
 * Level thumbnails for the project explorer and the pack grid: the board of
 * a level drawn with the SVG renderer (src-shared/render/svg.ts
 * `renderLevelSvg`, cropped to the board: no title, labels or legend) as a
 * `data:` URL for an `<img>`. Documents are read with the host's `open`,
 * lazily (the caller asks for visible rows only), and cached by path and
 * modification time (pack rows: levelHash), so a saved file gets a new picture and an unchanged
 * one is never read twice. At most `THUMB_CONCURRENCY` reads run at once.
 */
import type { HostApi } from '../../src-shared/host/contract.js';
import type { Level } from '../../src-shared/model/level.js';
import { displayLevel } from '../../src-shared/rulesets/index.js';
import { renderLevelSvg, svgLayout } from '../../src-shared/render/svg.js';

/** Square size of a thumbnail's board, px (the `<img>` scales it down). */
export const THUMB_CELL = 12;
/** Host reads in flight at once. */
export const THUMB_CONCURRENCY = 3;
/** Cached pictures kept (the oldest are dropped). */
export const THUMB_CACHE_MAX = 400;

/**
 * The board of `level` as an SVG document: `renderLevelSvg` with its root
 * size and viewBox narrowed to the board's squares. Null when the level
 * cannot be drawn (a broken document).
 */
export function boardSvg(level: Level, cell = THUMB_CELL): string | null {
  try {
    const l = svgLayout(displayLevel(level), cell);
    const w = level.board.width * l.cell;
    const h = level.board.height * l.cell;
    const svg = renderLevelSvg(level, { cell });
    return svg.replace(/<svg [^>]*>/, (open) =>
      open
        .replace(/ width="[^"]*"/, ` width="${w}"`)
        .replace(/ height="[^"]*"/, ` height="${h}"`)
        .replace(/ viewBox="[^"]*"/, ` viewBox="${l.x0} ${l.y0} ${w} ${h}"`),
    );
  } catch {
    return null;
  }
}

/** An SVG document as a `data:` URL. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A read waiting for its turn: how many still want it, and how to start or drop it. */
interface Waiting {
  key: string;
  /** Callers that still want it (a caller without a signal always does). */
  wanted: number;
  start: () => void;
  drop: () => void;
}

/** Thumbnails by `path@mtime`, read through one host. */
export class ThumbnailCache {
  private readonly cache = new Map<string, Promise<string | null>>();
  private running = 0;
  private readonly queue: Waiting[] = [];

  constructor(private readonly host: () => HostApi | null) {}

  /** The cache key of a file version (`version`: its mtime, or its levelHash when that is what is known). */
  static key(path: string, version: number | string | undefined): string {
    return `${path}@${version ?? 0}`;
  }

  /**
   * The thumbnail of `path` as of `version` (null: no picture: unreadable,
   * or no host). `signal`: the caller no longer wants the picture (its
   * tile left the screen); a read still waiting for its turn that nobody
   * wants any more is dropped (those callers get null, nothing is cached),
   * so scrolling through a long list reads only what stays on screen. A
   * read under way finishes and is cached.
   */
  get(path: string, version: number | string | undefined, signal?: AbortSignal): Promise<string | null> {
    const key = ThumbnailCache.key(path, version);
    const hit = this.cache.get(key);
    if (hit) {
      const w = this.queue.find((q) => q.key === key);
      if (w) this.want(w, signal);
      return hit;
    }
    if (signal?.aborted) return Promise.resolve(null);
    let waiting: Waiting | undefined;
    const p = new Promise<string | null>((resolve) => {
      const start = (): void => {
        this.running++;
        void this.read(path)
          .then(resolve)
          .finally(() => {
            this.running--;
            this.queue.shift()?.start();
          });
      };
      if (this.running < THUMB_CONCURRENCY) start();
      else {
        waiting = {
          key,
          wanted: 0,
          start,
          drop: () => {
            if (this.cache.get(key) === p) this.cache.delete(key);
            resolve(null);
          },
        };
        this.queue.push(waiting);
      }
    });
    if (waiting) this.want(waiting, signal);
    this.cache.set(key, p);
    if (this.cache.size > THUMB_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    return p;
  }

  /** Reads waiting for their turn (at most THUMB_CONCURRENCY run at once). */
  get waiting(): number {
    return this.queue.length;
  }

  /** One more caller wants waiting read `w`; when its `signal` aborts and nobody else wants it, the read is dropped. */
  private want(w: Waiting, signal: AbortSignal | undefined): void {
    if (!signal) {
      w.wanted = Infinity;
      return;
    }
    if (signal.aborted) return;
    w.wanted++;
    signal.addEventListener(
      'abort',
      () => {
        w.wanted--;
        const i = this.queue.indexOf(w);
        if (w.wanted > 0 || i < 0) return;
        this.queue.splice(i, 1);
        w.drop();
      },
      { once: true },
    );
  }

  /** True when a picture of `path@version` is made or on its way. */
  has(path: string, version: number | string | undefined): boolean {
    return this.cache.has(ThumbnailCache.key(path, version));
  }

  private async read(path: string): Promise<string | null> {
    const host = this.host();
    if (!host) return null;
    try {
      const r = await host.open({ path });
      if (!r.ok) return null;
      const svg = boardSvg(r.document);
      return svg ? svgDataUrl(svg) : null;
    } catch {
      return null;
    }
  }
}
