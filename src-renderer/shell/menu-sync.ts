/**
 * Keeps the host's native menu in step with the action registry:
 * `push(menus)` after every change; the first push is sent at
 * once, later ones debounced (`delayMs`) and only when the menus differ
 * from the last ones sent. The host's first answer decides: `native: true`
 * (Electron drew the menu) keeps syncing; `native: false`, an error answer
 * or a rejected call (serve, mock host, no `menuSet`) stops it, and the
 * renderer draws its in-app menu bar instead.
 */
import type { MenuSpec } from '../../src-shared/host/menu.js';

export type MenuSetAnswer = { ok: true; native: boolean } | { ok: false; code: string; message: string };

export class MenuSync {
  /** null: not asked yet; true / false: the host's answer. */
  native: boolean | null = null;
  private lastSent = '';
  private latest: MenuSpec[] | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = false;

  /**
   * `send`: the host's `menuSet`; `onNative(native)`: called once with the
   * first answer (false on failure); `delayMs`: debounce of later pushes.
   */
  constructor(
    private readonly send: (menus: MenuSpec[]) => Promise<MenuSetAnswer>,
    private readonly onNative: (native: boolean) => void,
    private readonly delayMs = 120,
  ) {}

  /** The menus changed (or may have): send them when they differ from the last sent. */
  push(menus: MenuSpec[]): void {
    if (this.native === false) return;
    this.latest = menus;
    if (this.inFlight) return;
    if (JSON.stringify(menus) === this.lastSent) return;
    clearTimeout(this.timer);
    if (this.native === null) this.flush();
    else this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  /** Stops a pending send. */
  dispose(): void {
    clearTimeout(this.timer);
    this.native = false;
  }

  private flush(): void {
    const menus = this.latest;
    if (!menus || this.native === false) return;
    const json = JSON.stringify(menus);
    if (json === this.lastSent) return;
    this.lastSent = json;
    this.inFlight = true;
    const first = this.native === null;
    const done = (native: boolean): void => {
      this.inFlight = false;
      if (first) {
        this.native = native;
        this.onNative(native);
      }
      // Changes that arrived while the call was running.
      if (this.native && this.latest && JSON.stringify(this.latest) !== this.lastSent) this.push(this.latest);
    };
    this.send(menus).then(
      (r) => done(first ? r.ok && r.native : this.native === true),
      () => done(first ? false : this.native === true),
    );
  }
}
