/**
 * What the editor tells the user, as runes state: the error banner of the
 * message strip, the short status-bar notice (`flash`) and, for a notice
 * about the board (a refusal, a replacement, an illegal move), the toast
 * the board shows next to its square (`toast`), the busy label of a
 * running host call and the one modal dialog (New, Open, Save As, draft,
 * conflict, recovery, versions, confirm, the file dialog of other parts). Every part of the application
 * writes here; the message strip, the status bar and Dialogs.svelte read it.
 */
import type { BackupItem, FileRevision, HostError, RecoveryItem } from '../../src-shared/host/contract.js';
import type { FileDialogSpec } from '../files/file-dialog.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import type { NoticeDetail } from '../rulesets/ruleset-ui.js';
import { displayMessage, extraIssues, isHostUnreachable, UNREACHABLE_MESSAGE, UNREACHABLE_TITLE } from '../host/messages.js';

export type Dialog =
  /** Open (browser hosts): the file dialog in folder `dir`. */
  | { kind: 'open'; dir: string; error?: string }
  /** New: the ruleset choice; with `ruleset`, the second step: what to start from (`def.starts`, a copy of the current level) and the board size. */
  | { kind: 'new'; ruleset?: string }
  /** New → Suggest a level (suggest/SuggestLevel.svelte) of `ruleset`: Open makes the found level a new untitled document. */
  | { kind: 'suggest'; ruleset: string }
  | {
      kind: 'save-as';
      /** The proposed path: the file dialog opens its folder with its name typed. */
      path: string;
      error?: string;
      /** Set while asking "Replace <name>?" for a path that already exists. */
      replace?: string;
      /** The tab (DocumentTab.id) being saved; absent: the active one. */
      tabId?: number;
    }
  /** The file dialog for another part (pack export, render): `spec` says what it chooses; `error` shows inline. */
  | { kind: 'file'; spec: FileDialogSpec; error?: string; busy?: string }
  /**
   * A save could not prove the level: "Save as draft" (`resend`), "Keep
   * proving in the background" (`background`, after a limit or Cancel) or
   * "Don't save". `name`: the file (or "Untitled") it is about.
   */
  | { kind: 'draft'; failure: HostError; resend: () => void; background?: () => void; name?: string; tabId?: number }
  /** Closing a tab with unsaved changes (or a running save): Save / Discard / Cancel, or "Close when saved". */
  | { kind: 'close'; tabId: number; name: string; saving: boolean }
  /** Autosaved documents found at start (never lose work): Recover / Discard each, or Later. */
  | { kind: 'recovery'; items: RecoveryItem[]; busy?: string; error?: string }
  /**
   * A save answered `conflict`: `path` changed on disk since it was opened
   * (`revision`: on disk now, null = deleted). Reload theirs / Overwrite with
   * mine / Save As; nothing is written until the user chooses.
   */
  | { kind: 'conflict'; path: string; revision: FileRevision | null; method: 'save' | 'saveAs'; allowDraft: boolean; tabId?: number }
  /** Backups of the open file (Versions…): open one as a dirty document; saving restores it. */
  | { kind: 'versions'; path: string; items: BackupItem[] | null; error?: string }
  | {
      kind: 'confirm';
      title: string;
      message: string;
      /** Listed under the message (e.g. what a resize removes). */
      items?: string[];
      okLabel: string;
      /** data-testid of the OK button (default `confirm-discard`). */
      okId?: string;
      onOk: () => void;
      onCancel?: () => void;
    };

export interface Banner {
  code: string;
  message: string;
  issues?: Issue[];
  /** Leading words (default "Error"), e.g. "Not saved" for a failed save. */
  title?: string;
  /** True: the title is a sentence of its own, shown without the code (an unreachable host). */
  plain?: boolean;
  /** `warn`: something the user should know that is no failure (tabs of the last session not reopened): warning colours, a status. */
  tone?: 'warn';
}

/** How long a status-bar notice stays (ms). */
export const NOTICE_MS = 6000;
/** How long a board toast stays (ms). */
export const TOAST_MS = 4500;

/** A notice the board shows as a toast by its square (board/BoardToast.svelte); `id` changes with every toast. */
export interface Toast extends NoticeDetail {
  id: number;
  text: string;
}

export class Notices {
  banner: Banner | null = $state.raw(null);
  notice: string | null = $state(null);
  /** A host call the user waits for ("Opening…"): Save / Save As are disabled meanwhile. */
  busy: string | null = $state(null);
  /** The board's toast (a notice with a detail), null when none. */
  toast: Toast | null = $state.raw(null);
  private shown: Dialog | null = $state.raw(null);
  /** Dialogs that answer a background save, waiting for the open dialog to close (with what to do when they show). */
  private waiting: { dialog: Dialog; onShow?: (() => void) | undefined }[] = [];
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;
  private toastId = 0;

  /** The one modal dialog; closing it (null) shows the next waiting one (`present`). */
  get dialog(): Dialog | null {
    return this.shown;
  }

  set dialog(d: Dialog | null) {
    this.shown = d;
    // After the current task: code that closes a dialog to open the next one ("n.dialog = null; ask()") goes first.
    if (d === null && this.waiting.length) queueMicrotask(() => this.showWaiting());
  }

  private showWaiting(): void {
    if (this.shown !== null) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.shown = next.dialog;
    next.onShow?.();
  }

  /**
   * Shows `d` now when no dialog is open, else once the open one closes (a
   * save that ends in the background never replaces the dialog the user is
   * in). `onShow` runs when it shows (e.g. bring its tab forward).
   */
  present(d: Dialog, onShow?: () => void): void {
    if (this.shown === null) {
      this.shown = d;
      onShow?.();
    } else this.waiting.push({ dialog: d, onShow });
  }

  /** Shows a host error in the banner; `relPath`: the workspace path asked for (absolute host paths ending in it are shown relative). */
  showError(e: { code: string; message: string; issues?: Issue[] | undefined }, relPath?: string | null, title?: string): void {
    if (isHostUnreachable(e)) {
      this.banner = {
        code: e.code,
        title: title ? `${title}: ${UNREACHABLE_TITLE.replace(/^The /, 'the ')}` : UNREACHABLE_TITLE,
        message: UNREACHABLE_MESSAGE,
        plain: true,
      };
      return;
    }
    const message = displayMessage(e.message, relPath);
    const issues = extraIssues(message, e.issues).map((i) => ({ ...i, message: displayMessage(i.message, relPath) }));
    this.banner = { code: e.code, message, ...(issues.length ? { issues } : {}), ...(title ? { title } : {}) };
  }

  dismissError(): void {
    this.banner = null;
  }

  /**
   * Shows `text` in the status bar for NOTICE_MS (a newer notice replaces
   * it); with `detail` (a notice about the board: refused, replaced) also as
   * the board's toast for TOAST_MS, next to `detail.square` when it has one.
   */
  flash(text: string, detail?: NoticeDetail): void {
    this.notice = text;
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => (this.notice = null), NOTICE_MS);
    if (detail) {
      this.toast = { id: ++this.toastId, text, ...detail };
      clearTimeout(this.toastTimer);
      this.toastTimer = setTimeout(() => (this.toast = null), TOAST_MS);
    }
  }

  /** Hides the board's toast (its close button, Esc). */
  dismissToast(): void {
    clearTimeout(this.toastTimer);
    this.toast = null;
  }

  /** Closes the dialog; a confirm dialog's `onCancel` runs. */
  closeDialog(): void {
    const d = this.dialog;
    this.dialog = null;
    if (d?.kind === 'confirm') d.onCancel?.();
  }
}
