/**
 * The File menu's actions (menu-model.ts MENU_PLACEMENT places them): New,
 * Open…, Open Recent…, Save, Save As…, Versions…, Close Tab, and the tab
 * switches (Next Tab / Previous Tab, in the View menu).
 */
import type { HostApi } from '../../../src-shared/host/contract.js';
import type { Action } from '../../editor/actions.js';
import type { DocumentSession } from '../document-session.svelte.js';
import type { Dialog, Notices } from '../../shell/notices.svelte.js';
import type { Recovery } from '../recovery.svelte.js';
import { openRecentDialog } from '../session.js';

/** What the file actions read of the application. */
export interface FileActionContext {
  readonly host: HostApi | null;
  readonly notices: Pick<Notices, 'busy' | 'dialog'>;
  readonly session: Pick<DocumentSession, 'path' | 'saving' | 'newDocument' | 'open' | 'save' | 'saveAs' | 'closeTab' | 'cycleTab'>;
  /** How many tabs are open (the tab switches need two). */
  readonly tabs: { readonly list: readonly unknown[] };
  readonly recovery: Pick<Recovery, 'showVersions'>;
}

/** The File menu's actions over `ctx`. */
export function fileActions(ctx: FileActionContext): Action[] {
  const { notices: n, session: s } = ctx;
  const idle = (): boolean => !!ctx.host && !n.busy && !s.saving;
  const recentTarget = {
    get host() {
      return ctx.host;
    },
    get dialog() {
      return n.dialog;
    },
    set dialog(d: unknown) {
      n.dialog = d as Dialog | null;
    },
  };
  return [
    { id: 'new', label: 'New', shortcuts: ['Mod+N'], run: () => s.newDocument() },
    { id: 'open', label: 'Open…', shortcuts: ['Mod+O'], enabled: () => !!ctx.host, run: () => s.open() },
    { id: 'save', label: 'Save', shortcuts: ['Mod+S'], enabled: idle, run: () => s.save() },
    { id: 'save-as', label: 'Save As…', shortcuts: ['Mod+Shift+S'], enabled: idle, run: () => s.saveAs() },
    { id: 'open-recent', label: 'Open Recent…', menu: 'file', menuGroup: 1, enabled: () => !!ctx.host?.recentList, run: () => openRecentDialog(recentTarget) },
    { id: 'versions', label: 'Versions…', enabled: () => !!ctx.host?.backupList && !!s.path && !n.busy, run: () => void ctx.recovery.showVersions() },
    { id: 'close-tab', label: 'Close Tab', shortcuts: ['Mod+W'], run: () => s.closeTab() },
    { id: 'next-tab', label: 'Next Tab', shortcuts: ['Ctrl+Tab', 'Ctrl+PageDown'], enabled: () => ctx.tabs.list.length > 1, run: () => s.cycleTab(1) },
    { id: 'prev-tab', label: 'Previous Tab', shortcuts: ['Ctrl+Shift+Tab', 'Ctrl+PageUp'], enabled: () => ctx.tabs.list.length > 1, run: () => s.cycleTab(-1) },
  ];
}
